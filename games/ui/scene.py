"""The bases every screen derives from: ``LookScene`` (a screen in a platform look) and
``GameScene`` (a game's screen on a Table).

A game scene says only what is its own: its settings schema, its seats and options, its
commands, its layout and drawing, and what to show when the table changes. This base does
the rest, the same way for every game:

- builds the Table from the registry entry (rules, ai, ai options) and the settings;
- keeps the game's settings under ``app.settings["games"][name]``, cleaned by the declared
  schema on load, saved on change; seat and level changes are persisted;
- resumes the game in progress (``resume_on_start``) and saves it after every move and on
  close, never letting an OSError escape;
- runs the timeline and holds the computer (and chance outcomes) while anything moves;
- reads the table's transitions and hands each to ``on_transition``; a drawn chance outcome
  to ``on_chance`` (animate the dice or the spinner: the table applies it when the timeline
  is still); the end of a game to ``on_game_over``, once;
- turns ``command`` actions into runs of the command table, whose key and pad bindings it
  gives the input layer;
- a ``demo`` game (the attract mode's computer-against-computer play) writes nothing:
  ``self.store`` is a store that keeps nothing, settings are a private copy.
"""

from __future__ import annotations

import copy

from games.core.app import Scene
from games.ui import fonts, looks
from games.ui.board import wrap


class LookScene(Scene):
    """A screen in one platform look: its format, font and toast colours come from it."""

    look = looks.LAUNCHER

    @property
    def native_size(self):
        return self.look.native_size

    @property
    def pixel_aspect(self):
        return self.look.pixel_aspect

    @property
    def font_name(self):
        return self.look.font_name

    @property
    def toast_colors(self):
        return self.look.toast_colors

    def draw_toasts(self, surface, lines) -> None:
        """The app's notices, in this look's font and colours, over the bottom lines."""
        font = fonts.get(self.font_name)
        fg, bg = self.toast_colors
        w, h = surface.get_size()
        per_line = max(1, w // font.width - 2)
        wrapped = [part for line in lines for part in (wrap(line, per_line) or [""])]
        y = h - len(wrapped) * (font.height + 2) - 2 - self.toast_lift()
        surface.fill(bg, (0, y - 2, w, len(wrapped) * (font.height + 2) + 2))
        for line in wrapped:
            font.draw(surface, line, (font.width, y), fg)
            y += font.height + 2

    def toast_lift(self) -> int:
        """Pixels kept free at the bottom (a status or key line a toast must not cover)."""
        return 0


class ModalScene(LookScene):
    """Every modal (requester, dialog, menu, initials) is a scene pushed over its game:
    drawn over it (transparent), in its look, handing input to one widget."""

    transparent = True

    def __init__(self, game: "GameScene"):
        super().__init__(game.app)
        self.game = game
        self.look = game.look

    def toast_lift(self) -> int:
        return self.game.toast_lift()


class NullStore:
    """The store of a demo game: reads like an empty data dir, keeps nothing."""

    def __init__(self, real):
        self.dir = real.dir
        self.notices = real.notices

    def exists(self, name: str) -> bool:
        return False

    def load(self, name, default, version=1, validate=None):
        return copy.deepcopy(default)

    def save(self, name, data, version=1):
        return False

    def delete(self, name) -> None:
        pass


class _Probe:
    """Stands in for a game's table, app and settings while its commands are read."""

    def __getattr__(self, name):
        return self

    def __getitem__(self, key):
        return self

    def __call__(self, *a, **k):
        return self


class GameScene(LookScene):
    game = ""                   # the registry name
    settings_schema = None      # a games.core.schema.Table of the game's own settings
    min_think = 0.35            # seconds each computer move is at least "thought" about
    resume_on_start = True      # load the autosave when opened without a seed
    autosave_every_move = True
    save_unplayed = True        # a game with no move yet is kept too (its board, its seed)
    take_back_limit = None

    def __init__(self, app, seed=None, demo: bool = False):
        # imported here: the launcher's screens (LookScenes) start without them
        import games
        from games.core.table import Table
        from games.ui.anim import Timeline
        from games.ui.commands import CommandTable
        super().__init__(app)
        self.demo = demo
        self.entry = games.get(self.game)
        self.look = looks.get(self.entry.platform)
        self.save_name = f"saves/{self.game}"
        self.store = NullStore(app.store) if demo else app.store
        self.settings = self._load_settings()
        # late-bound: whatever app.play is when a cue sounds (tests record sounds)
        self.timeline = Timeline(lambda: app.anim_speed, lambda sound: app.play(sound))
        self.table = Table(self.game, self.entry.rules, self.entry.ai, worker=app.worker,
                           seats=self.initial_seats(), levels=self.initial_levels(),
                           seed=seed, options=self.game_options(),
                           ai_options=self.ai_options(), min_think=self.min_think,
                           notify=app.notice)
        if demo:
            for seat in self.table.seats:
                self.table.set_seat(seat, "computer")
        self.cmds = CommandTable(self.declare_commands())
        self.commands = self.cmds.key_map()
        self.pad_commands = self.cmds.pad_map()
        self._over_fired = self.table.state.is_over
        self._pending_seen = None
        self.resumed = False
        self.abandoned = False      # left by a person who walked away (kiosk: not kept)
        # a cabinet keeps no game to resume: the next person starts afresh
        self.kiosk = bool(getattr(app, "kiosk", False))
        if seed is None and not demo and self.resume_on_start and not self.kiosk:
            self.resumed = self.table.load(self.store, self.save_name)
            if self.resumed:
                self.after_load()
                self._over_fired = self.table.state.is_over
        self.table.take_transitions()

    @property
    def ui(self):
        """The modal kit of this game's look (games.ui.kits): ``self.ui.confirm(self, ...)``."""
        from games.ui import kits
        return kits.get(self.look.name)

    # -- what a game declares ----------------------------------------------------------------
    def initial_seats(self) -> dict:
        """{seat: "human" | "computer"} from the settings."""
        return dict(self.settings.get("seats", {}))

    def initial_levels(self):
        return self.settings.get("level", 3)

    def game_options(self) -> dict:
        """new_game keyword arguments for the next game."""
        return {}

    def ai_options(self) -> dict:
        return dict(self.entry.ai_options)

    def declare_commands(self) -> list:
        return []

    def after_load(self) -> None:
        """A saved game was loaded (settings may say who plays which seat)."""
        for seat, kind in self.initial_seats().items():
            if seat in self.table.seats:
                self.table.set_seat(seat, kind)

    def on_transition(self, tr) -> None:
        """The table changed (a move, a chance outcome, undo, redo, new game, load)."""

    def on_chance(self, outcome) -> None:
        """A chance outcome was drawn: start its animation on the timeline. The table
        applies it once the timeline is still."""

    def on_game_over(self) -> None:
        """The game just ended (called once per game)."""

    def holding(self) -> bool:
        """True while the computer (and a drawn chance outcome) must wait."""
        return self.timeline.busy

    def tick(self, dt: float) -> bool:
        """The scene's own per-frame work; True when something visible changed."""
        return False

    @classmethod
    def command_bindings(cls) -> dict:
        """{("key" | "pad", name): command label} of this game's own commands, read from its
        command table without opening a game (the bindings screen refuses these)."""
        probe = cls.__new__(cls)
        probe.table = probe.app = probe.settings = _Probe()
        try:
            commands = cls.declare_commands(probe)
        except Exception:              # a declaration that needs a real game: nothing known
            return {}
        out = {}
        for c in commands:
            out.update({("key", k): c.label for k in c.keys if "+" not in k})
            out.update({("pad", b): c.label for b in c.pad})
        return out

    # -- settings ----------------------------------------------------------------------------
    def _load_settings(self) -> dict:
        raw = self.app.settings.setdefault("games", {}).get(self.game)
        if self.settings_schema is None:
            clean = dict(raw) if isinstance(raw, dict) else {}
        else:
            clean = self.settings_schema.fix(raw if raw is not None else {})
        if self.demo:
            return copy.deepcopy(clean)
        self.app.settings["games"][self.game] = clean
        return clean

    def save_settings(self) -> None:
        if not self.demo:
            self.app.save_settings()

    def set_setting(self, key: str, value) -> None:
        self.settings[key] = value
        self.save_settings()

    def toggle_sound(self) -> bool:
        """Sound on or off for the whole app (kept, except in a demo); True if now on."""
        s = self.app.settings
        s["sound"] = not s["sound"]
        self.app.apply_settings()
        self.save_settings()
        return s["sound"]

    def set_seat(self, seat: str, kind: str) -> None:
        self.settings.setdefault("seats", {})[seat] = kind
        self.table.set_seat(seat, kind)
        self.save_settings()

    def set_level(self, level: int, seat: str | None = None) -> None:
        if seat is None:
            self.settings["level"] = level
        self.table.set_level(level, seat)
        self.save_settings()

    # -- the frame ---------------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        changed = self.timeline.update(dt)
        t = self.table
        t.hold = self.holding()
        try:
            t.update()
        except RuntimeError as exc:
            seat = t.state.current
            if seat:
                self.set_seat(seat, "human")
            self.app.notice(f"The computer player failed ({exc}); {seat} is played by a "
                            f"person now.")
        moved = False
        for tr in t.take_transitions():
            moved = moved or tr.kind in ("move", "chance")
            if tr.kind == "load":        # a finished game loaded is not over a second time
                self._over_fired = tr.after.is_over
            self.on_transition(tr)
            changed = True
        if t.pending is not None and t.pending is not self._pending_seen:
            self._pending_seen = t.pending
            self.on_chance(t.pending)
            changed = True
        elif t.pending is None:
            self._pending_seen = None
        if moved and self.autosave_every_move:
            self.autosave()
        if t.state.is_over and not self._over_fired and not self.timeline.busy:
            self._over_fired = True
            self.forget_autosave()
            self.on_game_over()
            supervisor = getattr(self.app, "supervisor", None)
            if not self.demo and hasattr(supervisor, "game_over"):
                supervisor.game_over(self)       # the cabinet's initials for the others
            changed = True
        elif not t.state.is_over:
            self._over_fired = False
        return self.tick(dt) or changed

    def animating(self) -> bool:
        return self.timeline.busy

    def handle(self, action) -> None:
        if action.kind == "command":
            self.cmds.run(action.name)

    # -- the game ----------------------------------------------------------------------------
    def play_move(self, move) -> bool:
        """A person's move; False when it is not theirs or not legal."""
        t = self.table
        if not t.human_to_move or move not in t.state.legal_moves():
            return False
        self.timeline.finish(sounds=False)
        t.play(move)
        return True

    def new_game(self, seed=None) -> None:
        self.timeline.clear()
        self.table.new_game(seed=seed, options=self.game_options())
        self._over_fired = False

    # -- a person who walked away (the cabinet's continue countdown) -------------------------
    def awaiting_person(self) -> bool:
        """True when a person is to move in a game that is not over (and not a demo)."""
        t = self.table
        return not self.demo and not self.abandoned and t.human_to_move and not t.state.is_over

    def ask_continue(self, seconds: int = 10) -> "ContinueScene":
        """Close the modals over this game and count down "CONTINUE? n" over it."""
        self.app.pop_to(self)
        return self.app.push(ContinueScene(self, seconds))

    def abandon(self) -> None:
        """Nobody came back: the game ends unrecorded and unsaved; the scene closes."""
        self.abandoned = True
        self.table.cancel_thinking()
        if not self.kiosk:
            self.autosave()
        elif not self.demo:
            self.forget_autosave()
        if self in self.app.stack:
            self.app.pop_to(self)
            self.app.pop()

    def autosave(self) -> None:
        """The game in progress, written whole after every move (a power cut loses none)."""
        t = self.table
        if self.demo or self.kiosk or self.abandoned or t.state.is_over or (t.index == 0 and not self.save_unplayed):
            return
        try:
            t.save(self.store, self.save_name)
        except OSError as exc:       # a store that raises despite its own guard
            self.app.notice(f"The game could not be kept ({exc.strerror or exc}).")

    def forget_autosave(self) -> None:
        try:
            self.store.delete(self.save_name)
        except OSError:
            pass

    def close(self) -> None:
        self.timeline.finish(sounds=False)
        self.autosave()
        self.table.close()


class ContinueScene(ModalScene):
    """"CONTINUE? 10": a person is to move and nobody has touched anything for a while.
    Any input goes on with the game; at 0 the game is abandoned (``GameScene.abandon``)."""

    name = "continue"

    def __init__(self, game: "GameScene", seconds: int = 10):
        super().__init__(game)
        self.left = float(seconds)

    @property
    def shown(self) -> int:
        return max(0, int(self.left + 0.999))

    def handle(self, action) -> None:
        if self.app.top is self:
            self.app.pop()

    def update(self, dt: float) -> bool:
        before = self.shown
        self.left -= dt
        if self.left <= 0:
            self.game.abandon()
            return True
        return self.shown != before

    def draw(self, surface) -> None:
        font = fonts.get(self.font_name)
        fg, bg = self.toast_colors
        text = f"CONTINUE? {self.shown}"
        w, h = surface.get_size()
        tw = font.size(text)[0]
        box = (w // 2 - tw // 2 - font.width * 2, h // 2 - font.height,
               tw + font.width * 4, font.height * 2)
        surface.fill(bg, box)
        font.draw(surface, text, (w // 2 - tw // 2, h // 2 - font.height // 2), fg)
