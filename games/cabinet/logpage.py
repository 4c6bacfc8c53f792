"""The operator menu and the cabinet's log: the log page (the last lines of the log, wrapped
to the page), and the line each setting the operator changes writes there (``logged``)."""

from __future__ import annotations

import textwrap

from games.cabinet import log as cablog
from games.launcher.scene import FG, LauncherBase
from games.ui import fonts
from games.ui.modals import ANY_PAD

LOG_WIDTH = 76          # characters a line of the log page holds


class LogScene(LauncherBase):
    """The last lines of the cabinet's log (read without blocking: only a regular file,
    only its last 64 KiB), each wrapped to the page's width."""

    name = "cabinet-log"
    title = "LOG"
    pad_commands = ANY_PAD         # "any button: back": every button of the panel

    def __init__(self, app, cabinet):
        super().__init__(app)
        path = app.store.dir / cablog.LOG_NAME
        try:
            text = cablog.read_tail(path)
        except FileNotFoundError:
            text = "(no log yet)"
        except OSError as exc:
            text = f"(the log cannot be read: {cablog.reason(exc)})"
        # a long line goes on, indented, on the next: nothing of it is cut off
        self.lines = [part for line in text.splitlines()
                      for part in (textwrap.wrap(line, LOG_WIDTH, subsequent_indent="    ",
                                                 break_on_hyphens=False) or [""])
                      ] or ["(the log is empty)"]
        self.top_line = max(0, len(self.lines) - 22)

    def handle(self, action) -> None:
        if action.kind in ("back", "confirm", "menu", "command"):
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


def logged(cabinet, items, where: str = "") -> None:
    """Each setting of ``items`` the operator changes is one line in the cabinet's log:
    which setting, from what to what, in the menu's own words ("operator: Price from free
    play to 1 coin a credit"). Only settings: the PIN is changed elsewhere and never
    written."""
    for item in items:
        if item.on_change is None or item.value is None:
            continue

        def change(d, item=item, run=item.on_change):
            before = item.value()
            run(d)
            after = item.value()
            if after != before:
                name = item.label.removesuffix(" ...")
                cabinet.log.info("operator: %s%s from %s to %s", where, name, _said(before),
                                 _said(after))
        item.on_change = change


def _said(value: str) -> str:
    """A value as the log says it: a volume's bar ("######....") as "6/10"."""
    if value and set(value) <= {"#", "."}:
        return f"{value.count('#')}/{len(value)}"
    return value
