"""The game picker, the settings screen, key and pad bindings, and the score tables.

The launcher has a look of its own (it is not one of the four machines): a 640x480 screen
in a small fixed palette, drawn with the EGA text font, the title in the Topaz font at
four times its size.
"""

from __future__ import annotations

import pygame

import games
from games.ui import looks
from games.ui.lookscene import LookScene
from games.core.store import DEFAULT_KEYS, DEFAULT_PAD, PACES, SCALE_MODES
from games.ui.watch import PACE_WORDS
from games.ui import controls, fonts
from games.ui.board import wrap
from games.ui.widgets import Item, MenuList, MenuLook

BG = (12, 16, 40)
PANEL = (24, 32, 72)
FG = (200, 204, 220)
DIM = (96, 104, 140)
HI_FG = (12, 16, 40)
HI_BG = (255, 184, 64)
TITLE = (255, 184, 64)
ACCENT = (120, 200, 255)

PANEL_LEFT, PANEL_RIGHT = 40, 600     # the rule under the title: nothing is drawn wider
HINT_WIDTH = PANEL_RIGHT - PANEL_LEFT
NO_GAMES = "No games yet."

ACTION_LABELS = {"up": "Up", "down": "Down", "left": "Left", "right": "Right",
                 "confirm": "Confirm", "back": "Back", "menu": "Menu"}


FOOTER_Y = 452             # where a launcher screen's footer line is drawn


def list_rect(x: int, top: int, width: int, items: int, line: int = 16) -> tuple:
    """(line height, rectangle) of a list of ``items`` rows from ``top`` that ends above the
    footer: rows of ``line`` pixels, closed up (down to the font's 14, as DOS text rows are)
    when there are too many to fit."""
    line = max(14, min(line, (FOOTER_Y - 6 - top) // max(1, items)))
    return line, pygame.Rect(x, top, width, line * items)


def menu_look(line_height: int = 18) -> MenuLook:
    return MenuLook(font=fonts.get("ega8x14"), fg=FG, bg=None, hi_fg=HI_FG, hi_bg=HI_BG,
                    dim=DIM, line_height=line_height, value_fg=ACCENT)


class LauncherBase(LookScene):
    look = looks.LAUNCHER
    title = "TRICADE"
    subtitle = ""

    def ui_sound(self, what: str) -> None:
        self.app.play({"move": "ui_move", "select": "ui_select", "back": "ui_back"}[what])

    def draw_frame(self, surface: pygame.Surface) -> None:
        surface.fill(BG)
        big = fonts.get("topaz8x8").render(self.title, TITLE)
        scale = 4 if len(self.title) <= 14 else 3
        big = pygame.transform.scale(big, (big.get_width() * scale, big.get_height() * scale))
        surface.blit(big, ((640 - big.get_width()) // 2, 28))
        ega = fonts.get("ega8x14")
        if self.subtitle:
            ega.draw(surface, self.subtitle, ((640 - ega.size(self.subtitle)[0]) // 2, 70), DIM)
        pygame.draw.line(surface, PANEL, (PANEL_LEFT, 92), (PANEL_RIGHT, 92), 2)

    def draw_menu(self, surface: pygame.Surface, menu: MenuList) -> None:
        """The menu, and the selected item's hint under it, kept inside the panel's rule
        (wrapped onto a second line when it is longer)."""
        menu.draw(surface)
        item = menu.selected
        if item is not None and item.hint:
            ega = fonts.get("ega8x14")
            lines = wrap(item.hint, HINT_WIDTH // ega.width)[:2]
            y = 400 if len(lines) == 1 else 392
            for line in lines:
                ega.draw(surface, line, ((640 - ega.size(line)[0]) // 2, y), FG)
                y += 16

    def toast_lift(self) -> int:
        """Notices sit above the footer (the screen's key line), never over it."""
        return 480 - 450

    def footer(self, surface: pygame.Surface, text: str) -> None:
        ega = fonts.get("ega8x14")
        ega.draw(surface, text, ((640 - ega.size(text)[0]) // 2, FOOTER_Y), DIM)


class MenuScreen(LauncherBase):
    """A launcher-look screen that is one menu: Back leaves it, the rest goes to the menu."""

    menu = None

    def handle(self, action) -> None:
        if action.kind == "back":
            self.app.pop()
            return
        self.menu.handle(action)


class LauncherScene(LauncherBase):
    name = "launcher"
    subtitle = property(lambda self: games.subtitle())   # the registry's games, counted

    def __init__(self, app):
        super().__init__(app)
        self.refresh()

    @property
    def cabinet(self):
        """The cabinet's supervisor in kiosk mode (credits, shown games), else None."""
        return self.app.supervisor if getattr(self.app, "kiosk", False) else None

    def refresh(self) -> None:
        """(Re)build the menu: in kiosk mode only the games the operator shows, no Settings
        (the operator menu has them) and no Quit."""
        cab = self.cabinet
        self.entries = cab.shown_games() if cab is not None else games.games()
        items = [Item(e.title, on_confirm=lambda e=e: self.start(e.name),
                      value=lambda e=e: f"{e.machine} {e.year}", hint=e.blurb)
                 for e in self.entries]
        if not items:
            items.append(Item("No games registered", enabled=False))
        items.append(Item("Scores", on_confirm=lambda: self.app.push(ScoresScene(self.app)),
                          hint="The score tables of every game."))
        if cab is None:
            items += [
                Item("Settings", on_confirm=lambda: self.app.push(SettingsScene(self.app)),
                     hint="Display, sound, keys and gamepad."),
                Item("Quit", on_confirm=self.app.quit, hint="Leave Tricade."),
            ]
        cursor = getattr(getattr(self, "menu", None), "cursor", 0)
        self.menu = MenuList(items, menu_look(24), pygame.Rect(80, 120, 480, 24 * len(items)),
                             cursor=min(cursor, len(items) - 1), sound=self.ui_sound)

    def start(self, name: str) -> None:
        """Open a game (in kiosk mode with coins: when a credit is spent)."""
        cab = self.cabinet
        if cab is not None and not cab.spend_credit(name):
            return
        open_game(self.app, name)

    def resume(self) -> None:
        """On top again (a game closed): a Back still on its way from the game does not
        move the focus to Quit for the guard's moment (docs/answers.md)."""
        self._back_after = self.app.now() + getattr(self.app.options, "modal_guard", 0.4)

    def handle(self, action) -> None:
        cab = self.cabinet
        if action.kind == "back":
            if cab is None and self.app.now() >= getattr(self, "_back_after", 0.0):
                self.menu.cursor = len(self.menu.items) - 1
            return                           # a cabinet is never left with Esc or back
        if action.kind == "menu":
            if cab is not None:              # Start: start the chosen game
                if self.menu.cursor < len(self.entries):
                    self.menu.activate()
                return
            self.app.push(SettingsScene(self.app))   # Start, F10, Tab: Settings
            return
        self.menu.handle(action)

    def draw(self, surface) -> None:
        self.draw_frame(surface)
        self.draw_menu(surface, self.menu)
        cab = self.cabinet
        if cab is not None:
            ega = fonts.get("ega8x14")
            text = cab.credit_text()
            ega.draw(surface, text, ((640 - ega.size(text)[0]) // 2, 428), TITLE)
            # with no credit on a coin cabinet a press only says INSERT COIN: the line says so
            paid = cab.free_play or cab.credits > 0
            self.footer(surface, "Stick: choose  Button 1 or Start: play" if paid
                        else "Stick: choose  Insert a coin to play")
            return
        pads = len(self.app.input.pads)
        self.footer(surface, f"Arrows/pad: choose  Enter/{pad_name(self.app, 'confirm')}: "
                             f"start  F10/{pad_name(self.app, 'menu')}: settings  F11: full "
                             "screen" + (f"  ({pads} pad{'s' if pads != 1 else ''})"
                                         if pads else ""))


def pad_name(app, what: str) -> str:
    """A core action's pad button as the prompts name it, for the pad in hand (else a
    generic one), after the A/B swap: the A glyph, or B's when B confirms."""
    last = controls.controller_of(app)
    pads = sorted(getattr(app.input, "pads", {}) or {})
    hand = last if last.startswith("pad") else (f"pad{pads[0]}" if pads else "pad")
    return controls.name(app, what, hand)


def game_bindings() -> dict:
    """{("key"|"pad", name): "Tribolo's Save game key"} for every game's own commands."""
    out = {}
    for entry in games.playable():
        try:
            scene = entry.scene_factory()
        except (ImportError, AttributeError):
            continue
        if hasattr(scene, "command_bindings"):
            for (kind, name), label in scene.command_bindings().items():
                what = "key" if kind == "key" else "button"
                out.setdefault((kind, name), f"{entry.title}'s {label} {what}")
    return out


def open_game(app, name: str, seed: int | None = None) -> bool:
    """Push a registered game's scene; say so on screen if it cannot be opened."""
    try:
        entry = games.get(name)
        factory = entry.scene_factory()
    except (KeyError, ImportError, AttributeError) as exc:
        app.notice(f"{name} cannot be opened yet ({exc}).")
        return False
    app.push(factory(app, seed=seed))
    return True


class SettingsScene(LauncherBase):
    name = "settings"
    title = "SETTINGS"

    def __init__(self, app):
        super().__init__(app)
        s = app.settings

        # what this run shows (a command-line flag's value) is what is changed and kept
        def cycle(key, values):
            def change(step):
                now = app.setting(key)
                i = values.index(now) if now in values else 0
                app.choose_setting(key, values[(i + step) % len(values)])
                self.changed()
            return change

        def toggle(key):
            def change(step):
                app.choose_setting(key, not app.setting(key))
                self.changed()
            return change

        def volume(step):
            s["volume"] = max(0, min(10, s["volume"] + step))
            self.changed()
            self.app.play("ui_move")

        on_off = lambda key: (lambda: "on" if app.setting(key) else "off")  # noqa: E731
        items = [
            Item("Display", value=lambda: app.setting("scale"),
                 on_change=cycle("scale", list(SCALE_MODES)),
                 hint="integer: whole multiples; aspect: the original shape; stretch: fill"),
            Item("Scanlines", value=on_off("scanlines"), on_change=toggle("scanlines")),
            Item("Full screen", value=on_off("fullscreen"), on_change=toggle("fullscreen"),
                 hint="F11 or Alt+Enter toggles it anywhere."),
            Item("Sound", value=lambda: ("on" if s["sound"] else "off")
                 + (" (no device)" if self.app.audio.no_device else ""),
                 on_change=toggle("sound")),
            Item("Volume", value=lambda: "#" * s["volume"] + "." * (10 - s["volume"]),
                 on_change=volume),
            Item("Pad buttons", value=lambda: "B confirms (Nintendo)" if s["swap_confirm"]
                 else "A confirms", on_change=toggle("swap_confirm"),
                 hint="Swap confirm and back for Nintendo-style pads."),
            Item("Seat marks", value=on_off("seat_marks"), on_change=toggle("seat_marks"),
                 hint="Every seat's colour also carries a shape: seats apart without colour."),
            Item("Board coordinates", value=on_off("coordinates"),
                 on_change=toggle("coordinates"),
                 hint="Letters and numbers on the board, as moves are named (Green plays m3)."),
            Item("Computer's moves", value=lambda: PACE_WORDS.get(s["pace"], s["pace"]),
                 on_change=cycle("pace", list(PACES)),
                 hint="How long each computer move stays marked before the next: "
                      "as the original, or slower to follow."),
            Item("Network play", value=lambda: s["net"]["server"].split("://", 1)[-1][:26],
                 on_confirm=lambda: self.app.push(NetSettingsScene(self.app)),
                 hint="The server network games are hosted at and joined, and your name."),
            Item("Keyboard bindings", on_confirm=lambda: self.app.push(BindingsScene(self.app, "key"))),
            Item("Gamepad bindings", on_confirm=lambda: self.app.push(BindingsScene(self.app, "pad"))),
            Item("Back", on_confirm=self.app.pop),
        ]
        # thirteen rows end above the line the selected item's hint is written on (y 392)
        row = min(22, (392 - 112) // len(items))
        self.menu = MenuList(items, menu_look(row), pygame.Rect(60, 112, 520, row * len(items)),
                             sound=self.ui_sound)

    def changed(self) -> None:
        self.app.apply_settings()
        self.app.save_settings()

    def handle(self, action) -> None:
        if action.kind == "back":
            self.ui_sound("back")
            self.app.pop()
            return
        self.menu.handle(action)

    def draw(self, surface) -> None:
        self.draw_frame(surface)
        self.draw_menu(surface, self.menu)
        self.footer(surface, f"Left/Right: change  Enter/{pad_name(self.app, 'confirm')}: "
                             f"choose  Esc/{pad_name(self.app, 'back')}: back")


class NetSettingsScene(LauncherBase):
    """Settings' network play: the server (HOST:PORT; default this machine) and the name
    the other players see (games.ui.netplay)."""

    name = "net-settings"
    title = "NETWORK PLAY"

    def __init__(self, app):
        super().__init__(app)
        s = app.settings
        items = [
            Item("Network server", value=lambda: s["net"]["server"].split("://", 1)[-1][:26],
                 on_confirm=self.edit_server,
                 hint="Where network games are hosted and joined (default: this machine)."),
            Item("Your name", value=lambda: s["net"]["name"] or "(your login name)",
                 on_confirm=self.edit_name,
                 hint="The name the other players see at a network table."),
            Item("Back", on_confirm=self.app.pop),
        ]
        self.menu = MenuList(items, menu_look(22), pygame.Rect(60, 112, 520, 22 * len(items)),
                             sound=self.ui_sound)

    def changed(self) -> None:
        self.app.apply_settings()
        self.app.save_settings()

    def handle(self, action) -> None:
        if action.kind == "back":
            self.ui_sound("back")
            self.app.pop()
            return
        self.menu.handle(action)

    def draw(self, surface) -> None:
        self.draw_frame(surface)
        self.draw_menu(surface, self.menu)
        self.footer(surface, f"Enter/{pad_name(self.app, 'confirm')}: change  "
                             f"Esc/{pad_name(self.app, 'back')}: back")

    def edit_server(self) -> None:
        net = self.app.settings["net"]

        def check(text):
            text = text.strip()
            if not text:
                return None
            url = text if "://" in text else f"ws://{text}"
            if not url.startswith(("ws://", "wss://")) or " " in url or len(url) > 200:
                return "An address is HOST:PORT (ws://HOST:PORT, or wss://HOST/PATH)."
            return None

        def done(text):
            text = text.strip()
            url = (text if "://" in text else f"ws://{text}") if text else "ws://127.0.0.1:8765"
            if ":" not in url.split("://", 1)[1].split("/", 1)[0] and url.startswith("ws://"):
                url += ":8765"
            net["server"] = url
            self.changed()
        self.app.push(TextScene(self.app, "SERVER", net["server"].split("://", 1)[-1], done,
                                check, "HOST:PORT of a Tricade server (empty: this machine). "
                                       "Friends on your network: the host's address."))

    def edit_name(self) -> None:
        net = self.app.settings["net"]

        def done(text):
            net["name"] = text.strip()[:16]
            self.changed()
        self.app.push(TextScene(self.app, "YOUR NAME", net["name"], done, None,
                                "Empty: your login name.", max_len=16))


class TextScene(LauncherBase):
    """One line of text to change (the network server's address, the name others see):
    typed on the keyboard, or with the arrows and a pad (up/down change the last letter,
    right adds one, left takes one away). Enter keeps it; Backspace takes a letter away
    and, on an empty line, leaves it as it was (so does Esc with nothing typed)."""

    name = "text"
    LETTERS = "abcdefghijklmnopqrstuvwxyz0123456789.:/-_"

    def __init__(self, app, title: str, text: str, on_done, check=None, hint: str = "",
                 max_len: int = 60):
        super().__init__(app)
        self.title, self.text, self.on_done = title, text, on_done
        self.check, self.hint, self.max_len = check, hint, max_len
        self.error = ""

    def handle(self, action) -> None:
        k = action.kind
        if k in ("text", "command") and action.char and action.source in ("key", ""):
            if len(self.text) < self.max_len:
                self.text += action.char
                self.error = ""
        elif k == "back":
            if not self.text:
                self.ui_sound("back")
                self.app.pop()
                return
            self.text = self.text[:-1]
        elif k in ("up", "down"):
            last = self.text[-1:] or "a"
            i = self.LETTERS.find(last.lower())
            step = 1 if k == "up" else -1
            self.text = self.text[:-1] + self.LETTERS[(i + step) % len(self.LETTERS)]
        elif k == "right" and len(self.text) < self.max_len:
            self.text += "a"
        elif k == "left":
            self.text = self.text[:-1]
        elif k == "confirm":
            why = self.check(self.text) if self.check is not None else None
            if why:
                self.error = why
                self.ui_sound("back")
                return
            self.ui_sound("select")
            self.app.pop()
            self.on_done(self.text)
        self.app.dirty = True

    def draw(self, surface) -> None:
        self.draw_frame(surface)
        ega = fonts.get("ega8x14")
        line = self.text + "_"
        x = max(PANEL_LEFT, (640 - ega.size(line)[0]) // 2)
        surface.fill(PANEL, (PANEL_LEFT, 200, PANEL_RIGHT - PANEL_LEFT, 22))
        ega.draw(surface, line[-((PANEL_RIGHT - PANEL_LEFT) // ega.width):], (x, 204), HI_BG)
        for n, text in enumerate(wrap(self.error or self.hint, HINT_WIDTH // ega.width)[:3]):
            ega.draw(surface, text, ((640 - ega.size(text)[0]) // 2, 240 + 16 * n),
                     TITLE if self.error else FG)
        self.footer(surface, f"Type, or Up/Down/Right/Left  Enter/{pad_name(self.app, 'confirm')}"
                             f": keep  Backspace/{pad_name(self.app, 'back')}: delete")


class BindingsScene(LauncherBase):
    """Rebind the core actions: pick one, then press the key (or pad button) for it."""

    name = "bindings"

    def __init__(self, app, kind: str):
        super().__init__(app)
        self.kind = kind                       # "key" or "pad"
        self.table = "keys" if kind == "key" else "pad"
        self.defaults = DEFAULT_KEYS if kind == "key" else DEFAULT_PAD
        self.title = "KEYS" if kind == "key" else "GAMEPAD"
        self.waiting: str | None = None
        self.said = ""
        items = [Item(ACTION_LABELS[a], value=lambda a=a: self.value(a),
                      on_confirm=lambda a=a: self.start(a)) for a in self.defaults]
        items += [Item("Reset to defaults", on_confirm=self.reset),
                  Item("Back", on_confirm=self.app.pop)]
        self.menu = MenuList(items, menu_look(22), pygame.Rect(60, 112, 520, 22 * len(items)),
                             sound=self.ui_sound)

    # -- the same words and glyphs as the prompts (games.ui.controls) -------------------------
    def stored(self, action: str) -> str:
        """The binding that does ``action`` now: with "B confirms" (Nintendo-style pads)
        the pad's confirm is the buttons kept for back, and the other way round."""
        if (self.kind == "pad" and self.app.settings.get("swap_confirm")
                and action in ("confirm", "back")):
            return "back" if action == "confirm" else "confirm"
        return action

    def pad_in_hand(self) -> str:
        """The pad whose names are shown: the one used last, else the first plugged in
        (its family's names), else a generic pad (A B X Y)."""
        last = controls.controller_of(self.app)
        if last.startswith("pad") and self.app.input.pad_type(last):
            return last
        pads = sorted(getattr(self.app.input, "pads", {}) or {})
        return f"pad{pads[0]}" if pads else "pad"

    def words(self, name: str) -> str:
        """A key or pad button as the prompts name it ("Enter", the A glyph, the L1 glyph)."""
        if self.kind == "key":
            return controls.key_label(name)
        return controls.pad_button(self.app, name, self.pad_in_hand())

    def value(self, action: str) -> str:
        return ", ".join(self.words(n) for n in self.app.settings[self.table][
            self.stored(action)][:3])

    def start(self, action: str) -> None:
        self.waiting = action
        self.app.input.capture = self.kind

    def reset(self) -> None:
        self.app.settings[self.table] = {a: list(v) for a, v in self.defaults.items()}
        self.save()

    def save(self) -> None:
        self.app.apply_settings()
        self.app.save_settings()

    def bind(self, action: str, name: str) -> bool:
        """Give ``name`` to ``action``: refused (with a sentence) when a game uses it for one
        of its own commands or when it is another action's only key; taken from another
        action that has more (and said so)."""
        label = ACTION_LABELS[action]
        word = self.words(name)
        used = game_bindings().get((self.kind, name))
        if used is not None:
            self.say(f"{word} is {used}: choose another {self.what}.")
            return False
        binds = self.app.settings[self.table]
        action = self.stored(action)           # (B confirms: back's buttons confirm)
        shown = {self.stored(a): a for a in binds}     # a binding -> the action it does
        for other, names in binds.items():
            if other != action and name in names:
                what = ACTION_LABELS[shown.get(other, other)]
                if len(names) == 1:
                    self.say(f"{word} is the only {self.what} for {what}: "
                             f"give {what} another first.")
                    return False
                names.remove(name)
                self.say(f"{word} moved from {what} to {label}.")
        binds[action] = ([name] + [n for n in binds[action] if n != name])[:3]
        self.save()
        return True

    @property
    def what(self) -> str:
        return "key" if self.kind == "key" else "pad button"

    def say(self, sentence: str) -> None:
        self.said = sentence
        self.app.toast(sentence)

    def handle(self, action) -> None:
        if self.waiting:
            if action.kind == "captured":
                self.bind(self.waiting, action.name)
                self.waiting = None
            return
        if action.kind == "back":
            self.app.pop()
            return
        self.menu.handle(action)

    def close(self) -> None:
        self.app.input.capture = None

    def draw(self, surface) -> None:
        self.draw_frame(surface)
        self.menu.draw(surface)
        ega = fonts.get("ega8x14")
        if self.waiting:
            what = "key" if self.kind == "key" else "pad button"
            text = f"Press the {what} for {ACTION_LABELS[self.waiting]}"
            r = pygame.Rect(120, 380, 400, 40)
            surface.fill(PANEL, r)
            pygame.draw.rect(surface, HI_BG, r, 2)
            ega.draw(surface, text, (r.centerx - ega.size(text)[0] // 2, r.y + 13), FG)
        else:
            note = ("The d-pad and left stick always move." if self.kind == "pad"
                    else "A new key goes first; up to three keys per action.")
            ega.draw(surface, note, ((640 - ega.size(note)[0]) // 2, 400), FG)
        self.footer(surface, f"Enter/{pad_name(self.app, 'confirm')}: rebind  "
                             f"Esc/{pad_name(self.app, 'back')}: back")


class ScoresScene(LauncherBase):
    name = "scores"
    title = "SCORES"

    def __init__(self, app):
        super().__init__(app)
        self.lines: list[tuple[str, tuple]] = []     # (text, colour)
        for entry in games.games():
            try:
                lines = entry.score_lines(app.store)
            except ImportError:
                lines = []
            extra = getattr(app.supervisor, "score_lines", None)   # the cabinet's winners
            if extra is not None:
                lines = list(lines) + extra(entry.name)
            # every game is listed: one that keeps nothing yet says so, as the others do
            self.lines += ([(entry.title, TITLE)] + [(line, FG) for line in lines or [NO_GAMES]]
                           + [("", FG)])
        if not self.lines:
            self.lines = [("No games registered.", FG)]
        self.top_line = 0

    def handle(self, action) -> None:
        if action.kind in ("back", "confirm") or (action.kind == "pointer_up" and action.button == 1):
            self.app.pop()
        elif action.kind in ("up", "down"):
            step = -1 if action.kind == "up" else 1
            self.top_line = max(0, min(max(0, len(self.lines) - 22), self.top_line + step))

    def draw(self, surface) -> None:
        self.draw_frame(surface)
        ega = fonts.get("ega8x14")
        for i, (line, colour) in enumerate(self.lines[self.top_line:self.top_line + 22]):
            ega.draw(surface, line, (48, 104 + i * 15), colour)
        self.footer(surface, "Stick: scroll  Button 1 or 2: back"
                    if getattr(self.app, "kiosk", False) else "Up/Down: scroll  Enter or Esc: back")
