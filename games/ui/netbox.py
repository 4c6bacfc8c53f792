"""The box every network screen is (games.ui.netplay, games.ui.netlobby): a title, lines
of text wrapped to its width, and a list of choices, in the game's look."""

from __future__ import annotations

import pygame

from games.ui.modals import Modal
from games.ui.widgets import MenuList


class NetBox(Modal):
    """A box in the game's look: a title, lines of text, and a list of choices (keys, pad
    and mouse, as every list); Back closes it (``on_back``)."""

    name = "network"
    guarded = ()
    width_chars = 44

    def __init__(self, game, on_back=None):
        super().__init__(game)
        self.on_back = on_back
        self.menu = None
        self.refresh()

    title = "Play over the network"

    def lines(self) -> list:
        return []

    def items(self) -> list:
        return []

    def refresh(self) -> None:
        from games.ui.board import wrap
        look = self.list_look()
        lh = look.line_height or look.font.height + 2
        items = self.items()
        w = min(self.width_chars * look.font.width, self.screen.w - 32)
        chars = max(16, w // max(1, look.font.width) - 1)
        lines = [part for line in self.lines() for part in
                 (wrap(line, chars) if len(line) > chars else [line])]
        h = len(lines) * self.line_h + self.gap + len(items) * lh
        self.rect, self.inner = self.place(w, h, self.title)
        self.text_at = [(s, (self.inner.x, self.inner.y + i * self.line_h))
                        for i, s in enumerate(lines)]
        top = self.inner.y + len(lines) * self.line_h + self.gap
        cursor = self.menu.cursor if self.menu is not None else 0
        if self.menu is not None and self.menu.items:    # (more found: the same one lit)
            was = str(self.menu.selected.label)
            cursor = next((i for i, it in enumerate(items) if str(it.label) == was), cursor)
        self.menu = MenuList(items, look, pygame.Rect(self.inner.x, top, self.inner.w,
                                                       len(items) * lh),
                             cursor=max(0, min(cursor, len(items) - 1)))
        self.app.dirty = True

    def back(self) -> None:
        self.finish(self.on_back)

    def handle(self, action) -> None:
        if action.kind == "back":
            self.back()
            return
        if action.kind == "pointer_down" and action.button == 3 and self.right_is_back:
            self.back()
            return
        self.menu.handle(action)
        self.app.dirty = True

    def draw(self, surface) -> None:
        self.draw_frame(surface, self.rect, self.title)
        for s, at in self.text_at:
            self.write(surface, s, at)
        self.menu.draw(surface)
