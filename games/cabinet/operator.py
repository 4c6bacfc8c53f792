"""The operator menu, behind a four-digit PIN entered with the stick and buttons.

The PIN is set on first use and kept, salted and hashed, in ``cabinet-pin`` in the data
dir. Deleting that file, or creating a file called ``reset-pin`` there, forgets it (the next
operator sets a new one).
"""

from __future__ import annotations

import hashlib
import os
import secrets
import tempfile
from pathlib import Path

import pygame

import games
from games.launcher.scene import FG, HI_BG, PANEL, LauncherBase, menu_look
from games.ui import fonts
from games.ui.widgets import Item, MenuList

PIN_FILE = "cabinet-pin"
RESET_FILE = "reset-pin"
DIGITS = 4


# -- the PIN ---------------------------------------------------------------------------------
def _digest(salt: str, pin: str) -> str:
    return hashlib.sha256((salt + ":" + pin).encode()).hexdigest()


def pin_is_set(directory) -> bool:
    d = Path(directory)
    if (d / RESET_FILE).exists():
        for name in (PIN_FILE, RESET_FILE):
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


class PinScene(LauncherBase):
    """Four digit wheels: up/down turn the digit, right or button 1 go on, left or button 2
    go back (button 2 on the first digit cancels). ``mode``: "check", "set" or "again"."""

    name = "cabinet-pin"
    title = "OPERATOR"

    def __init__(self, app, cabinet, mode: str | None = None, first: str = ""):
        super().__init__(app)
        self.cabinet = cabinet
        self.mode = mode or ("check" if pin_is_set(app.store.dir) else "set")
        self.first = first
        self.digits = [0] * DIGITS
        self.cursor = 0
        self.result = None            # "ok", "wrong", "cancel" (tests read it)

    @property
    def prompt(self) -> str:
        return {"check": "Enter the operator PIN", "set": "Choose an operator PIN",
                "again": "The same PIN once more"}[self.mode]

    def handle(self, action) -> None:
        k = action.kind
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

    def submit(self) -> None:
        pin = "".join(str(d) for d in self.digits)
        app, cab = self.app, self.cabinet
        if self.mode == "check":
            if check_pin(app.store.dir, pin):
                self.result = "ok"
                cab.log.info("operator menu opened")
                app.replace(OperatorScene(app, cab))
            else:
                self.result = "wrong"
                cab.log.warning("a wrong operator PIN was entered")
                app.toast("Wrong PIN.")
                app.pop()
        elif self.mode == "set":
            app.replace(PinScene(app, cab, "again", first=pin))
        else:
            if pin != self.first:
                app.toast("The two PINs differ: nothing was changed.")
                app.pop()
            elif not set_pin(app.store.dir, pin):
                app.toast("The PIN could not be kept in the data folder.")
                app.pop()
            else:
                cab.log.info("operator PIN set")
                app.replace(OperatorScene(app, cab))

    def draw(self, surface) -> None:
        self.draw_frame(surface)
        ega = fonts.get("ega8x14")
        ega.draw(surface, self.prompt, ((640 - ega.size(self.prompt)[0]) // 2, 150), FG)
        big = fonts.get("topaz8x8")
        for i, d in enumerate(self.digits):
            r = pygame.Rect(320 - DIGITS * 30 + i * 60, 200, 48, 56)
            surface.fill(HI_BG if i == self.cursor else PANEL, r)
            img = big.render(str(d), (12, 16, 40) if i == self.cursor else FG)
            img = pygame.transform.scale(img, (img.get_width() * 4, img.get_height() * 4))
            surface.blit(img, (r.centerx - img.get_width() // 2, r.centery - img.get_height() // 2))
        self.footer(surface, "Up/Down: digit  Right/button 1: next  Left/button 2: back")


class OperatorScene(LauncherBase):
    name = "cabinet-operator"
    title = "OPERATOR"

    def __init__(self, app, cabinet):
        super().__init__(app)
        self.cabinet = cabinet
        k = app.settings["kiosk"]
        s = app.settings
        self.reset_armed = False

        def number(key, step, lo, hi):
            def change(d):
                k[key] = max(lo, min(hi, k[key] + d * step))
                self.changed()
            return change

        def toggle(table, key):
            def change(_d=1):
                table[key] = not table[key]
                self.changed()
            return change

        def price(d):
            # free play, then 1 .. 9 coins a credit
            n = 0 if k["free_play"] else k["coins_per_credit"]
            n = max(0, min(9, n + d))
            k["free_play"] = n == 0
            k["coins_per_credit"] = max(1, n)
            self.changed()

        def volume(table, key):
            def change(d):
                table[key] = max(0, min(10, table[key] + d))
                self.changed()
            return change

        def bar(v):
            return "#" * v + "." * (10 - v)

        items = []
        for e in games.playable():
            items.append(Item(f"Show {e.title}", value=lambda e=e: "no" if e.name in
                              k["hidden_games"] else "yes",
                              on_change=lambda d, e=e: self.toggle_game(e.name)))
        items += [
            Item("Attract after", value=lambda: f"{k['attract_after']} s",
                 on_change=number("attract_after", 10, 10, 3600)),
            Item("Demo length", value=lambda: f"{k['demo_seconds']} s",
                 on_change=number("demo_seconds", 10, 10, 600)),
            Item("Continue? after", value=lambda: f"{k['continue_after']} s",
                 on_change=number("continue_after", 30, 30, 3600)),
            Item("Price", value=lambda: "free play" if k["free_play"] else
                 f"{k['coins_per_credit']} coin{'s' if k['coins_per_credit'] > 1 else ''} a credit",
                 on_change=price),
            Item("Sound", value=lambda: "on" if s["sound"] else "off",
                 on_change=toggle(s, "sound")),
            Item("Volume", value=lambda: bar(s["volume"]), on_change=volume(s, "volume")),
            Item("Attract sound", value=lambda: "on" if k["attract_sound"] else "off",
                 on_change=toggle(k, "attract_sound")),
            Item("Attract volume", value=lambda: bar(k["attract_volume"]),
                 on_change=volume(k, "attract_volume")),
            Item("Reset scores", on_confirm=self.reset_scores,
                 value=lambda: "press again to wipe" if self.reset_armed else ""),
            Item("Show the log", on_confirm=lambda: app.push(LogScene(app, cabinet))),
            Item("Change the PIN", on_confirm=lambda: app.push(PinScene(app, cabinet, "set"))),
            Item("Leave kiosk mode", on_confirm=cabinet.leave_kiosk),
            Item("Exit to the desktop", on_confirm=app.quit),
            Item("Back", on_confirm=app.pop),
        ]
        self.menu = MenuList(items, menu_look(17), pygame.Rect(60, 100, 520, 17 * len(items)),
                             sound=self.ui_sound)

    def toggle_game(self, name: str) -> None:
        hidden = self.app.settings["kiosk"]["hidden_games"]
        if name in hidden:
            hidden.remove(name)
        else:
            hidden.append(name)
        self.changed()

    def changed(self) -> None:
        self.app.apply_settings()
        self.app.save_settings()

    def reset_scores(self) -> None:
        if not self.reset_armed:
            self.reset_armed = True
            return
        self.reset_armed = False
        store = self.app.store
        folder = store.dir / "scores"
        wiped = 0
        try:
            names = sorted(p.stem for p in folder.glob("*.json"))
        except OSError:
            names = []
        for name in names:
            if store.delete(f"scores/{name}"):
                wiped += 1
        self.cabinet.log.info("operator reset the scores (%d tables)", wiped)
        self.app.toast(f"Scores reset ({wiped} table{'s' if wiped != 1 else ''}).")

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


class LogScene(LauncherBase):
    """The last lines of the cabinet's log."""

    name = "cabinet-log"
    title = "LOG"

    def __init__(self, app, cabinet):
        super().__init__(app)
        from games.cabinet.cabinet import LOG_NAME
        try:
            text = (app.store.dir / LOG_NAME).read_text(encoding="utf-8", errors="replace")
        except OSError:
            text = "(no log yet)"
        self.lines = [line[:76] for line in text.splitlines()] or ["(the log is empty)"]
        self.top_line = max(0, len(self.lines) - 22)

    def handle(self, action) -> None:
        if action.kind in ("back", "confirm", "menu"):
            self.app.pop()
        elif action.kind in ("up", "down"):
            step = -1 if action.kind == "up" else 1
            self.top_line = max(0, min(max(0, len(self.lines) - 22), self.top_line + step))

    def draw(self, surface) -> None:
        self.draw_frame(surface)
        ega = fonts.get("ega8x14")
        for i, line in enumerate(self.lines[self.top_line:self.top_line + 22]):
            ega.draw(surface, line, (24, 100 + i * 15), FG)
        self.footer(surface, "Up/Down: scroll  any button: back")
