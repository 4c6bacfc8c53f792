"""The operator menu, behind a four-digit PIN entered with the stick and buttons.

The PIN is kept, salted and hashed, in ``cabinet-pin`` in the data dir. The first PIN is
chosen only where a customer cannot: with F2 on a keyboard, or ``python main.py --set-pin``
(the PIN read from stdin). The panel's combinations open the PIN box but never choose a
first PIN. Deleting ``cabinet-pin``, or creating a file called ``reset-pin`` there, forgets
it (and the wrong tries). Wrong PINs cost a growing wait, shown on the box; after five
from the panel the panel's box is locked for a quarter of an hour, also across a restart.
The operator is never locked out: a service key (F2 on a keyboard, the service button
inside the coin door) opens a box of its own, which the panel's wrong PINs do not slow
(its own wrong PINs cost the growing wait, never the lock). Each wrong PIN is on disk
before the box answers.
"""

from __future__ import annotations

import getpass
import hashlib
import os
import secrets
import sys
import tempfile
import time
from pathlib import Path

import pygame

import games
from games.cabinet import log as cablog
from games.cabinet.books import clock_text
from games.cabinet.logpage import LOG_WIDTH, LogScene  # noqa: F401 (the menu's log page)
from games.cabinet.logpage import logged
from games.core import schema
from games.launcher.scene import FG, HI_BG, PANEL, TITLE, LauncherBase, MenuScreen, list_rect, menu_look
from games.ui import fonts
from games.ui.modals import ANY_PAD
from games.ui.widgets import Item, MenuList

PIN_FILE = "cabinet-pin"
RESET_FILE = "reset-pin"
DIGITS = 4
TRIES_NAME = "cabinet/pin-tries"
WAITS = (2, 5, 15, 30)          # seconds after the 1st .. 4th wrong PIN in a row
MAX_TRIES = 5                   # the fifth wrong PIN locks the box
LOCK_SECONDS = 15 * 60
_TRIES = schema.Table({"fails": schema.Int(0, 10 ** 6, 0),
                       "service_fails": schema.Int(0, 10 ** 6, 0),
                       "locked_until": schema.Float(0, 1e13, 0.0)})


# -- the PIN ---------------------------------------------------------------------------------
def _digest(salt: str, pin: str) -> str:
    return hashlib.sha256((salt + ":" + pin).encode()).hexdigest()


def pin_is_set(directory) -> bool:
    d = Path(directory)
    if (d / RESET_FILE).exists():
        for name in (PIN_FILE, RESET_FILE, TRIES_NAME + ".json"):
            try:
                os.unlink(d / name)
            except OSError:
                pass
    return (d / PIN_FILE).is_file()


def check_pin(directory, pin: str) -> bool:
    try:
        salt, digest = (Path(directory) / PIN_FILE).read_text().strip().split(":", 1)
    except (OSError, ValueError):
        return False
    return secrets.compare_digest(_digest(salt, pin), digest)


def set_pin(directory, pin: str) -> bool:
    """Kept whole (a temp file renamed into place); False if it could not be written."""
    d = Path(directory)
    salt = secrets.token_hex(8)
    tmp = None
    try:
        d.mkdir(parents=True, exist_ok=True)
        # the store's start-up clean-up knows this name (games.core.store._OTHER_TEMP)
        fd, tmp = tempfile.mkstemp(prefix=".cabinet-pin.", suffix=".tmp", dir=d)
        with os.fdopen(fd, "w") as f:
            f.write(f"{salt}:{_digest(salt, pin)}\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, d / PIN_FILE)
        return True
    except OSError:
        if tmp is not None:                  # a failed write leaves no temp file behind
            try:
                os.unlink(tmp)
            except OSError:
                pass
        return False


def valid_pin(text: str) -> bool:
    return len(text) == DIGITS and text.isascii() and text.isdigit()


def set_pin_command(data_dir, stdin=None, stderr=None) -> int:
    """``main.py --set-pin``: the operator's PIN from stdin (asked twice, unseen, at a
    terminal; one line from a pipe). 0 when kept, 2 when refused or not kept."""
    from games.core.store import default_data_dir
    stdin = stdin or sys.stdin
    stderr = stderr or sys.stderr
    d = Path(data_dir) if data_dir else default_data_dir()
    try:
        if stdin.isatty():
            pin = getpass.getpass(f"Operator PIN ({DIGITS} digits): ").strip()
            if getpass.getpass("The same PIN once more: ").strip() != pin:
                print("The two PINs differ: nothing was changed.", file=stderr)
                return 2
        else:
            pin = stdin.readline().strip()
    except (EOFError, KeyboardInterrupt):
        print("No PIN was given: nothing was changed.", file=stderr)
        return 2
    if not valid_pin(pin):
        print(f"The operator PIN must be {DIGITS} digits (0-9): nothing was changed.",
              file=stderr)
        return 2
    if not set_pin(d, pin):
        print(f"The PIN could not be kept in {d}.", file=stderr)
        return 2
    try:
        os.unlink(d / (TRIES_NAME + ".json"))          # a new PIN starts with no wrong tries
    except OSError:
        pass
    print(f"The operator PIN is set (kept in {d / PIN_FILE}).", file=stderr)
    return 0


class PinGuard:
    """Wrong tries in a row, per lane ("panel": the panel's holds; "service": a service
    key): a growing wait after each; the panel's box locked after MAX_TRIES, the service
    box never. The counts and the lock are kept in the store, written before the box
    answers (a restart, a kill -9, does not clear them); waits run on the app's clock.
    ``fails``, ``locked``, ``wait_left()`` with no lane: the panel's."""

    LANES = ("panel", "service")

    def __init__(self, store, clock):
        self.store = store
        self.clock = clock
        data = store.load(TRIES_NAME, _TRIES.fix({}), 1, _TRIES.clean)
        self.counts = {"panel": data["fails"], "service": data["service_fails"]}
        self.until = {"panel": None, "service": None}
        # only a lock the rules can have made stands: one after the fifth wrong PIN, that
        # ends at most LOCK_SECONDS after it began, so at most that long from now (a file
        # edited to lock far into the future, or with fewer wrong PINs, once gave the panel
        # a 900-second wait in which the right PIN was not taken)
        left = data["locked_until"] - time.time()
        if 0 < left <= LOCK_SECONDS and data["fails"] >= MAX_TRIES:
            self.until["panel"] = clock() + left
            self._locked_until = data["locked_until"]

    @property
    def fails(self) -> int:
        return self.counts["panel"]

    def wait_left(self, lane: str = "panel") -> float:
        until = self.until[lane]
        if until is None:
            return 0.0
        return max(0.0, until - self.clock())

    def is_locked(self, lane: str = "panel") -> bool:
        return lane == "panel" and self.counts[lane] >= MAX_TRIES and self.wait_left(lane) > 0

    @property
    def locked(self) -> bool:
        return self.is_locked("panel")

    def failed(self, lane: str = "panel") -> None:
        self.counts[lane] += 1
        n = self.counts[lane]
        lock = lane == "panel" and n >= MAX_TRIES
        wait = LOCK_SECONDS if lock else WAITS[min(n, len(WAITS)) - 1]
        self.until[lane] = self.clock() + wait
        if lane == "panel":
            self._locked_until = time.time() + wait if lock else 0.0
        self._keep()

    def passed(self, lane: str | None = None) -> None:
        """The right PIN: no wrong tries stand (in any lane: the operator is here)."""
        if any(self.counts.values()) or any(u is not None for u in self.until.values()):
            self.forget()
            self._keep()

    def forget(self) -> None:
        """The PIN was reset: no wrong tries stand."""
        self.counts = {lane: 0 for lane in self.LANES}
        self.until = {lane: None for lane in self.LANES}
        self._locked_until = 0.0

    _locked_until = 0.0

    def _keep(self) -> None:
        data = {"fails": self.counts["panel"], "service_fails": self.counts["service"],
                "locked_until": self._locked_until if self.is_locked("panel") else 0.0}
        save = getattr(self.store, "save_now", None) or self.store.save
        save(TRIES_NAME, data, 1)


def _service(app, cabinet):
    from games.cabinet.service import ServiceScene
    return ServiceScene(app, cabinet)


def told_failure(app, what: str) -> None:
    """A setting the operator changed was not kept: said every time (the store tells the
    player a reason once; the operator must know of each change that is lost)."""
    why = app.store.failing.get("settings") or "the data folder refused it"
    app.toast(f"{what} was NOT kept ({why}); it lasts until the cabinet restarts.",
              seconds=6.0)


class PinScene(LauncherBase):
    """Four digit wheels: up/down turn the digit, right or button 1 go on, left or button 2
    go back (button 2 on the first digit cancels); a keyboard's digits type them (the
    cabinet hands them over: ``type_digit``). ``mode``: "check", "set", "again", or
    "unset" (no PIN yet and not asked from a keyboard: the box says how to set one)."""

    name = "cabinet-pin"
    title = "OPERATOR"

    def __init__(self, app, cabinet, mode: str | None = None, first: str = "",
                 keyboard: bool = False):
        super().__init__(app)
        self.cabinet = cabinet
        if mode is None:
            if (Path(app.store.dir) / RESET_FILE).exists():
                cabinet.guard.forget()
            mode = "check" if pin_is_set(app.store.dir) else ("set" if keyboard else "unset")
        self.mode = mode
        if mode == "unset":           # "Any button: back": every button of the panel
            self.pad_commands = ANY_PAD
        self.first = first
        self.service = keyboard        # opened with a service key: its own lane of tries
        self.lane = "service" if keyboard else "panel"
        self.digits = [0] * DIGITS
        self.cursor = 0
        self.result = None            # "ok", "wrong", "cancel", "waiting" (tests read it)
        self._shown_wait = None

    @property
    def guard(self):
        return self.cabinet.guard

    @property
    def prompt(self) -> str:
        return {"check": "Enter the operator PIN", "set": "Choose an operator PIN",
                "again": "The same PIN once more",
                "unset": "No operator PIN is set yet"}[self.mode]

    def wait_text(self) -> str:
        """What the box says while it takes no PIN ("" when it takes one)."""
        if self.mode != "check":
            return ""
        left = self.guard.wait_left(self.lane)
        if left <= 0:
            return ""
        if self.guard.is_locked(self.lane):
            return f"Too many wrong PINs: locked for {clock_text(left + 0.5)}"
        n = self.guard.counts[self.lane]
        if self.service:
            return f"Wrong PIN ({n} in a row): wait {int(left + 0.999)} s"
        return f"Wrong PIN ({n} of {MAX_TRIES}): wait {int(left + 0.999)} s"

    def holds_person(self) -> bool:
        """A wrong PIN's wait before the next try (not the lock: no try follows it soon):
        the cabinet's timeout gives the operator its whole time after it."""
        return (self.mode == "check" and self.guard.wait_left(self.lane) > 0
                and not self.guard.is_locked(self.lane))

    def update(self, dt: float) -> bool:
        shown = self.wait_text()
        changed = shown != self._shown_wait
        self._shown_wait = shown
        return changed

    def handle(self, action) -> None:
        k = action.kind
        if self.mode == "unset":
            if k in ("confirm", "back", "menu", "command"):
                self.result = "cancel"
                self.app.pop()
            return
        if self.wait_text():
            if k == "back":
                self.result = "cancel"
                self.app.pop()
            return
        if k == "up" or k == "down":
            i = self.cursor
            self.digits[i] = (self.digits[i] + (1 if k == "up" else -1)) % 10
            self.ui_sound("move")
        elif k in ("right", "confirm", "menu"):
            if self.cursor < DIGITS - 1:
                self.cursor += 1
                self.ui_sound("move")
            elif k != "right":
                self.submit()
        elif k in ("left", "back"):
            if self.cursor > 0:
                self.cursor -= 1
            elif k == "back":
                self.result = "cancel"
                self.app.pop()

    def takes_digits(self) -> bool:
        """Typed digits go into the box now (not while a wrong PIN's wait runs)."""
        return self.mode != "unset" and not self.wait_text()

    def type_digit(self, digit: int) -> None:
        """A digit typed on a keyboard: the digit under the cursor, and on to the next
        (on the last one it stays: Enter or button 1 enters the PIN)."""
        if not self.takes_digits():
            return
        self.digits[self.cursor] = digit
        if self.cursor < DIGITS - 1:
            self.cursor += 1
        self.ui_sound("move")
        self.app.dirty = True

    def submit(self) -> None:
        pin = "".join(str(d) for d in self.digits)
        app, cab = self.app, self.cabinet
        if self.mode == "check":
            if check_pin(app.store.dir, pin):
                self.result = "ok"
                self.guard.passed()
                cab.log.info("operator menu opened")
                app.replace(OperatorScene(app, cab))
            else:
                self.result = "wrong"
                self.guard.failed(self.lane)
                cab.log.warning("a wrong operator PIN was entered (%s, %d in a row)",
                                self.lane, self.guard.counts[self.lane])
                self.digits = [0] * DIGITS
                self.cursor = 0
                app.play("ui_back")
        elif self.mode == "set":
            app.replace(PinScene(app, cab, "again", first=pin, keyboard=self.service))
        else:
            if pin != self.first:
                app.toast("The two PINs differ: nothing was changed.")
                app.pop()
            elif not set_pin(app.store.dir, pin):
                app.toast("The PIN was NOT kept: the data folder refused it.", seconds=6.0)
                app.pop()
            else:
                cab.log.info("operator PIN set")
                self.guard.passed()
                app.replace(OperatorScene(app, cab))

    def draw(self, surface) -> None:
        self.draw_frame(surface)
        ega = fonts.get("ega8x14")
        ega.draw(surface, self.prompt, ((640 - ega.size(self.prompt)[0]) // 2, 150), FG)
        if self.mode == "unset":
            lines = ["The first PIN is chosen with F2 on a keyboard,",
                     "or on the command line:", "", "python main.py --set-pin"]
            for i, line in enumerate(lines):
                ega.draw(surface, line, ((640 - ega.size(line)[0]) // 2, 200 + i * 18),
                         TITLE if i == 3 else FG)
            self.footer(surface, "Any button: back")
            return
        big = fonts.get("topaz8x8")
        waiting = self.wait_text()
        for i, d in enumerate(self.digits):
            r = pygame.Rect(320 - DIGITS * 30 + i * 60, 200, 48, 56)
            on = i == self.cursor and not waiting
            surface.fill(HI_BG if on else PANEL, r)
            img = big.render(str(d), (12, 16, 40) if on else FG)
            img = pygame.transform.scale(img, (img.get_width() * 4, img.get_height() * 4))
            surface.blit(img, (r.centerx - img.get_width() // 2, r.centery - img.get_height() // 2))
        if waiting:
            ega.draw(surface, waiting, ((640 - ega.size(waiting)[0]) // 2, 280), TITLE)
        self.footer(surface, self.footer_text())

    def footer_text(self) -> str:
        """The keys of the digit under the cursor. The stick only moves inside the box: on
        the last digit Right does nothing and button 1 enters the PIN; on the first Left
        does nothing and button 2 leaves (a held Left repeats: it would throw the operator
        out with the digits turned). While a wrong PIN's wait runs only button 2 works."""
        if self.wait_text():
            return "Button 2: back"
        on = "Button 1: enter" if self.cursor == DIGITS - 1 else "Right/button 1: next"
        back = "Button 2: back" if self.cursor == 0 else "Left/button 2: back"
        digit = "Up/Down or 0-9: digit" if self.service else "Up/Down: digit"
        return f"{digit}  {on}  {back}"


class OperatorScene(LauncherBase):
    name = "cabinet-operator"
    title = "OPERATOR"

    def __init__(self, app, cabinet):
        super().__init__(app)
        self.cabinet = cabinet
        k = app.settings["kiosk"]
        s = app.settings
        self.reset_armed = False
        self.not_kept = 0                 # settings changed but not kept (tests read it)

        def number(key, step, lo, hi, what):
            def change(d):
                k[key] = max(lo, min(hi, k[key] + d * step))
                self.changed(what)
            return change

        def toggle(table, key, what):
            def change(_d=1):
                table[key] = not table[key]
                self.changed(what)
            return change

        def price(d):
            # free play, then 1 .. 9 coins a credit
            n = 0 if k["free_play"] else k["coins_per_credit"]
            n = max(0, min(9, n + d))
            k["free_play"] = n == 0
            k["coins_per_credit"] = max(1, n)
            self.changed("The price")

        def volume(table, key, what):
            def change(d):
                table[key] = max(0, min(10, table[key] + d))
                self.changed(what)
            return change

        def bar(v):
            return "#" * v + "." * (10 - v)

        def coins(n):
            return f"{n} coin{'s' if n > 1 else ''} a credit"

        items = []
        for e in games.playable():
            # left/right: shown or hidden; button 1: the game's own page (its settings)
            items.append(Item(f"{e.title} ...", value=lambda e=e: "hidden" if e.name in
                              k["hidden_games"] else "shown",
                              on_change=lambda d, e=e: self.toggle_game(e.name),
                              on_confirm=lambda e=e: app.push(GamePage(app, cabinet, e))))
        items += [
            Item("Attract after", value=lambda: f"{k['attract_after']} s",
                 on_change=number("attract_after", 10, 10, 3600, "Attract after")),
            Item("Demo length", value=lambda: f"{k['demo_seconds']} s",
                 on_change=number("demo_seconds", 10, 10, 600, "Demo length")),
            Item("Timeout", value=lambda: f"{k['continue_after']} s",
                 on_change=number("continue_after", 30, 30, 3600, "The timeout")),
            Item("Price", value=lambda: "free play" if k["free_play"] else
                 coins(k["coins_per_credit"]), on_change=price),
            Item("Coin 2 price", value=lambda: coins(k["coin2_per_credit"])
                 if k["coin2_per_credit"] else "as coin 1",
                 on_change=number("coin2_per_credit", 1, 0, 9, "The coin 2 price")),
            Item("Credit cap", value=lambda: str(k["credit_cap"]),
                 on_change=self.change_cap(number("credit_cap", 1, 1, 99, "The credit cap"))),
            Item("Bonus credit", value=lambda: f"1 more every {k['bonus_every']} coins"
                 if k["bonus_every"] else "none",
                 on_change=number("bonus_every", 1, 0, 20, "The bonus credit")),
            Item("Coin pulse", value=lambda: f"{k['coin_pulse_ms']} ms",
                 on_change=number("coin_pulse_ms", 5, 0, 500, "The coin pulse")),
            Item("Sound", value=lambda: "on" if s["sound"] else "off",
                 on_change=toggle(s, "sound", "Sound")),
            Item("Volume", value=lambda: bar(s["volume"]),
                 on_change=volume(s, "volume", "The volume")),
            Item("Attract sound", value=lambda: "on" if k["attract_sound"] else "off",
                 on_change=toggle(k, "attract_sound", "Attract sound")),
            Item("Attract volume", value=lambda: bar(k["attract_volume"]),
                 on_change=volume(k, "attract_volume", "The attract volume")),
            Item("Bookkeeping", on_confirm=lambda: app.push(BooksScene(app, cabinet))),
            Item("Service mode", on_confirm=lambda: app.push(_service(app, cabinet))),
            Item("Reset scores", on_confirm=self.reset_scores,
                 value=lambda: "press again to wipe" if self.reset_armed else ""),
            Item("Show the log", on_confirm=lambda: app.push(LogScene(app, cabinet))),
            Item("Change the PIN", on_confirm=lambda: app.push(PinScene(app, cabinet, "set"))),
            Item("Leave kiosk mode", on_confirm=lambda: app.push(AskScene(
                app, "Leave kiosk mode?", "The cabinet becomes a normal launcher: Settings "
                "and Quit show, Esc leaves.", cabinet.leave_kiosk))),
            Item("Exit to the desktop", on_confirm=lambda: app.push(AskScene(
                app, "Exit to the desktop?", "Tricade ends and is not started again until "
                "the cabinet restarts.", cabinet.exit_to_desktop))),
            Item("Back", on_confirm=app.pop),
        ]
        logged(cabinet, items)
        line, rect = list_rect(60, 98, 520, len(items))      # the footer stays clear
        self.menu = MenuList(items, menu_look(line), rect, sound=self.ui_sound)

    def change_cap(self, change):
        def with_held(d):
            change(d)
            self.cabinet.books.release_held(int(self.cabinet.k["credit_cap"]))
        return with_held

    def toggle_game(self, name: str) -> None:
        hidden = self.app.settings["kiosk"]["hidden_games"]
        if name in hidden:
            hidden.remove(name)
        else:
            hidden.append(name)
        self.changed("Which games are shown")

    def changed(self, what: str = "The setting") -> None:
        self.app.apply_settings()
        if not self.app.save_settings():
            self.not_kept += 1
            told_failure(self.app, what)

    def reset_scores(self) -> None:
        if not self.reset_armed:
            self.reset_armed = True
            return
        self.reset_armed = False
        store = self.app.store
        folder = store.dir / "scores"
        wiped = failed = 0
        try:
            names = sorted(p.stem for p in folder.glob("*.json"))
        except OSError:
            names = []
        for name in names:
            if store.delete(f"scores/{name}"):
                wiped += 1
            else:
                failed += 1
        self.cabinet.log.info("operator reset the scores (%d tables, %d refused)", wiped, failed)
        text = f"Scores reset ({wiped} table{'s' if wiped != 1 else ''})."
        if failed:
            text += f" {failed} could NOT be removed."
        self.app.toast(text, seconds=6.0)

    def handle(self, action) -> None:
        if action.kind != "confirm":
            self.reset_armed = self.reset_armed and action.kind in ("pointer_move",)
        if action.kind == "back":
            self.app.pop()
            return
        self.menu.handle(action)

    def close(self) -> None:
        # the launcher shows only the games the operator left on
        launcher = self.cabinet.launcher
        if hasattr(launcher, "refresh"):
            launcher.refresh()

    def draw(self, surface) -> None:
        self.draw_frame(surface)
        self.draw_menu(surface, self.menu)
        self.footer(surface, "Stick: choose, Left/Right: change  Button 1: do  Button 2: back")


def setting_rows(cls, settings: dict) -> list:
    """The operator's rows of a game's page, from the scene class's ``operator_settings``
    and its settings schema: [(label, path, field)], ``path`` the keys to the value in
    ``settings`` (a table's fields and a fixed-length list's items get a row each)."""
    from games.core import schema as sch
    fields = cls.settings_table().fields
    labels = getattr(cls, "operator_labels", {})
    rows = []
    for key in cls.operator_settings:
        field = fields.get(key)
        label = labels.get(key, key.replace("_", " ").capitalize())
        if isinstance(field, sch.Table):
            rows += [(sub.replace("_", " ").capitalize(), (key, sub), f)
                     for sub, f in field.fields.items()]
        elif isinstance(field, sch.ListOf) and field.min_len == field.max_len:
            rows += [(f"{label} {i + 1}", (key, i), field.item) for i in range(field.max_len)]
        elif isinstance(field, (sch.Choice, sch.Bool, sch.Int)):
            rows.append((label, (key,), field))
    return rows


def step_value(field, value, d: int):
    """The next (``d`` +1) or previous (-1) value of a Choice, Bool or bounded Int: at
    either end it stays (the level never wraps from the weakest to the strongest)."""
    from games.core import schema as sch
    if isinstance(field, sch.Bool):
        return not value
    if isinstance(field, sch.Choice):
        values = field.values
        i = values.index(value) if value in values else 0
        return values[max(0, min(len(values) - 1, i + d))]      # clamped, never wrapped
    lo = field.lo if field.lo is not None else value - 1
    hi = field.hi if field.hi is not None else value + 1
    return max(lo, min(hi, value + d))


class GamePage(MenuScreen):
    """One game's page of the operator menu: shown or hidden, whether customers may take
    moves back, and every setting the game declares the operator's (``operator_settings``
    of its scene: the level, the board, who plays which seat ...), read from its schema.
    Each change is kept at once; the next game started uses it."""

    name = "cabinet-game"

    def __init__(self, app, cabinet, entry):
        super().__init__(app)
        self.cabinet = cabinet
        self.entry = entry
        self.title = entry.title.upper()
        self.subtitle = "what a customer plays"
        self.cls = entry.scene_factory()
        k = cabinet.k
        items = [
            Item("Shown", value=lambda: "no" if entry.name in k["hidden_games"] else "yes",
                 on_change=lambda d: self.toggle_list("hidden_games", "Which games are shown")),
            Item("Customers may undo",
                 value=lambda: "no" if entry.name in k["no_undo"] else "yes",
                 on_change=lambda d: self.toggle_list("no_undo", "Undo")),
        ]
        for label, path, field in setting_rows(self.cls, self.settings()):
            items.append(Item(label, value=lambda p=path: self.words(p),
                              on_change=lambda d, p=path, f=field, n=label:
                              self.change(p, f, d, n)))
        items.append(Item("Back", on_confirm=app.pop))
        logged(cabinet, items, f"{entry.title}: ")
        line, rect = list_rect(60, 98, 520, len(items))      # the footer stays clear
        self.menu = MenuList(items, menu_look(line), rect, sound=self.ui_sound)

    def settings(self) -> dict:
        """The game's settings as kept (cleaned by its schema, put back in place)."""
        all_games = self.app.settings.setdefault("games", {})
        raw = all_games.get(self.entry.name)
        clean = self.cls.settings_table().fix(raw if raw is not None else {})
        all_games[self.entry.name] = clean
        return clean

    def value(self, path):
        v = self.settings()
        for key in path:
            v = v[key]
        return v

    def words(self, path) -> str:
        return self.cls.operator_words(path[-1] if isinstance(path[-1], str) else path[0],
                                       self.value(path))

    def change(self, path, field, d: int, what: str) -> None:
        s = self.settings()
        holder = s
        for key in path[:-1]:
            holder = holder[key]
        holder[path[-1]] = step_value(field, holder[path[-1]], d)
        self.changed(f"{self.entry.title}'s {what.lower()}")

    def toggle_list(self, key: str, what: str) -> None:
        names = self.cabinet.k[key]
        if self.entry.name in names:
            names.remove(self.entry.name)
        else:
            names.append(self.entry.name)
        self.changed(what)

    def changed(self, what: str) -> None:
        self.app.apply_settings()
        if not self.app.save_settings():
            told_failure(self.app, what)

    def draw(self, surface) -> None:
        self.draw_frame(surface)
        self.draw_menu(surface, self.menu)
        self.footer(surface, "Stick: choose, Left/Right: change  Button 2: back")


class AskScene(LauncherBase):
    """The operator's question before a step that cannot be taken back: No (focused) or
    Yes; button 2 is No."""

    name = "cabinet-ask"
    title = "OPERATOR"

    def __init__(self, app, question: str, detail: str, on_yes):
        super().__init__(app)
        self.question, self.detail, self.on_yes = question, detail, on_yes
        self.answered = None
        items = [Item("No", on_confirm=self.no), Item("Yes", on_confirm=self.yes)]
        self.menu = MenuList(items, menu_look(24), pygame.Rect(200, 240, 240, 48),
                             sound=self.ui_sound)

    def no(self) -> None:
        self.answered = False
        if self.app.top is self:
            self.app.pop()

    def yes(self) -> None:
        self.answered = True
        if self.app.top is self:
            self.app.pop()
        self.on_yes()

    def handle(self, action) -> None:
        if action.kind == "back":
            self.no()
            return
        self.menu.handle(action)

    def draw(self, surface) -> None:
        self.draw_frame(surface)
        ega = fonts.get("ega8x14")
        ega.draw(surface, self.question, ((640 - ega.size(self.question)[0]) // 2, 150), TITLE)
        from games.ui.board import wrap
        for i, line in enumerate(wrap(self.detail, 64)[:3]):
            ega.draw(surface, line, ((640 - ega.size(line)[0]) // 2, 180 + i * 16), FG)
        self.draw_menu(surface, self.menu)
        self.footer(surface, "Stick: choose  Button 1: answer  Button 2: no")


class BooksScene(LauncherBase):
    """The bookkeeping page: coins per slot, credits bought, played, standing and held
    (they balance), plays, walk-aways and play time per game, since the last reset and
    over the cabinet's life; exported as CSV (with the day-by-day history) to the data
    dir."""

    name = "cabinet-books"
    title = "BOOKS"

    def __init__(self, app, cabinet):
        super().__init__(app)
        self.cabinet = cabinet
        self.reset_armed = False
        self.exported = None              # the path of the last export (tests read it)
        items = [Item("Export as CSV", on_confirm=self.export,
                      value=lambda: self.exported.name if self.exported else ""),
                 Item("Reset the counters", on_confirm=self.reset,
                      value=lambda: "press again to zero" if self.reset_armed else ""),
                 Item("Back", on_confirm=app.pop)]
        self.menu = MenuList(items, menu_look(16), pygame.Rect(60, 396, 520, 48),
                             sound=self.ui_sound)

    def lines(self) -> list:
        cab = self.cabinet
        books = cab.books
        b, life = books.data, books.data["lifetime"]
        k = cab.k
        out = [f"{'':<15}{'since ' + b['since'][:10]:>17}{'lifetime':>14}"]

        def row(label, a, z):
            out.append(f"{label:<15}{a:>17}{z:>14}")
        row("Coins slot 1", b["coins"]["1"], life["coins"]["1"])
        row("Coins slot 2", b["coins"]["2"], life["coins"]["2"])
        # (over the cap: the coins of both slots, so under their sum, not under slot 2)
        row("Coins in all", b["coins"]["1"] + b["coins"]["2"],
            life["coins"]["1"] + life["coins"]["2"])
        row("  over the cap", b["coins_over_cap"], life["coins_over_cap"])
        row("Credits bought", b["credits_bought"], life["credits_bought"])
        row("  of it bonus", b["credits_bonus"], life["credits_bonus"])
        row("Credits played", b["credits_played"], life["credits_played"])
        row("  continues", b["continues"], life["continues"])
        ok = books.balance()[0] == books.balance()[1]
        ok_life = books.balance(life)[0] == books.balance(life)[1]
        out.append(f"Standing {books.credits} + held {books.held} (cap {k['credit_cap']}); "
                   f"opening {b['opening']}: "
                   f"{'balanced' if ok and ok_life else 'DOES NOT BALANCE'}")
        out.append(f"{'Game':<14}{'plays':>6}{'time':>9}{'avg':>7}{'walk':>6}{'life':>6}")
        total_n = total_s = total_w = 0
        titles = {e.name: e.title for e in games.playable()}
        for title, n, secs, avg, walk in books.rows(titles):
            name = next((g for g, t in titles.items() if t == title), title)
            out.append(f"{title[:13]:<14}{n:>6}{clock_text(secs):>9}{clock_text(avg):>7}"
                       f"{walk:>6}{life['plays'].get(name, 0):>6}")
            total_n += n
            total_s += secs
            total_w += walk
        out.append(f"{'All games':<14}{total_n:>6}{clock_text(total_s):>9}"
                   f"{clock_text(total_s / total_n if total_n else 0):>7}{total_w:>6}"
                   f"{sum(life['plays'].values()):>6}")
        if books.failed:
            out.append(f"NOT KEPT: {books.failed}")
        elif books.no_coin_yet:                # zeros alone say nothing: the page says it
            out.append(books.NO_COIN)
        return out

    def export(self) -> None:
        path = export_books(self.app.store, self.cabinet.books)
        if path is None:
            self.app.toast("The books could NOT be written to the data folder.", seconds=6.0)
            return
        self.exported = path
        self.cabinet.log.info("operator exported the books to %s", path.name)
        self.app.toast(f"Written: {path}", seconds=6.0)

    def reset(self) -> None:
        if not self.reset_armed:
            self.reset_armed = True
            return
        self.reset_armed = False
        if self.cabinet.books.reset():
            self.cabinet.log.info("operator reset the books")
            self.app.toast("The counters were reset (the lifetime counters stay).")
        else:
            self.app.toast(f"The reset was NOT kept ({self.cabinet.books.failed}).",
                           seconds=6.0)

    def handle(self, action) -> None:
        if action.kind != "confirm":
            self.reset_armed = self.reset_armed and action.kind in ("pointer_move",)
        if action.kind == "back":
            self.app.pop()
            return
        self.menu.handle(action)

    def draw(self, surface) -> None:
        self.draw_frame(surface)
        ega = fonts.get("ega8x14")
        for i, line in enumerate(self.lines()[:19]):
            ega.draw(surface, line, (40, 98 + i * 15), FG)
        self.draw_menu(surface, self.menu)
        self.footer(surface, "Stick: choose  Button 1: do  Button 2: back")


def titles() -> dict:
    return {e.name: e.title for e in games.playable()}


def export_books(store, books, path=None):
    """The books and their day-by-day history as CSV, written whole (temp file, fsync,
    rename) to ``path`` (default ``books-YYYYMMDD-HHMMSS.csv`` in the data dir), only as a
    regular file (games.core.files: a device, a FIFO or a folder there is left alone, a
    link is followed to its regular file). Returns the path, or None when it could not be
    written."""
    from games.core import files
    text = books.csv_text(titles())
    path = Path(path) if path is not None else \
        Path(store.dir) / time.strftime("books-%Y%m%d-%H%M%S.csv")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        files.write_whole(path, text.encode("utf-8"))
        return path
    except (OSError, files.NotAFile):
        return None


def is_cabinet(folder: Path) -> bool:
    """A cabinet ran in ``folder`` or was set up for it: its books' folder (made at the
    first coin), its log (written from its start) or its PIN. A folder with none of them
    is no cabinet's (a mistyped ``--data-dir``)."""
    return (folder / "cabinet").is_dir() or any(
        os.path.lexists(folder / name) for name in (cablog.LOG_NAME, PIN_FILE))


def books_command(data_dir, target=None, stdout=None, stderr=None) -> int:
    """``main.py --books [FILE]``: the books as CSV on stdout, or written to FILE; no
    window, nothing else read or written (a damaged books file is read as far as it can
    be and left where it is: the cabinet may be running). A cabinet that took no coin yet
    has empty books: every counter 0, as its Books page shows, and said so. 0; 1 when the
    data folder holds no cabinet (nothing is made); 2 when FILE is not a regular file
    (nothing is written) or could not be written."""
    from games.cabinet.books import Books
    from games.core import files
    from games.core.store import Store, default_data_dir
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    folder = Path(data_dir) if data_dir else default_data_dir()
    if not is_cabinet(folder):             # a mistyped --data-dir is not empty books
        print(f"There is no cabinet in the data folder {folder}: no books to show (is "
              f"--data-dir the cabinet's?).", file=stderr)
        return 1
    if target not in (None, "-"):
        try:
            files.to_write(target)
        except files.NotAFile as exc:
            print(f"The books were not written: {target} {exc}.", file=stderr)
            return 2
    store = Store(folder, log=lambda sentence: print(sentence, file=stderr), read_only=True)
    books = Books(store)
    if books.no_coin_yet:                  # no books yet, or a free play's starts only
        print(books.NO_COIN, file=stderr)
    if target in (None, "-"):
        stdout.write(books.csv_text(titles()))
        stdout.flush()
        return 0
    if export_books(store, books, target) is None:
        print(f"The books could not be written to {target}.", file=stderr)
        return 2
    print(f"The books were written to {target}.", file=stderr)
    return 0
