"""Widgets shared by every screen: a menu list that keys, mouse and pad all drive.

A look (colours and font) is passed in, so the same list serves the launcher, the settings
screen and the games' own menus in their platform's style.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

from games.core.input import Action


@dataclass
class Item:
    label: str
    on_confirm: Callable[[], None] | None = None
    value: Callable[[], str] | None = None          # text shown on the right
    on_change: Callable[[int], None] | None = None   # left/right: -1 or +1
    enabled: Callable[[], bool] | bool = True
    hint: str = ""                                   # one line shown for the selected item

    def is_enabled(self) -> bool:
        return self.enabled() if callable(self.enabled) else bool(self.enabled)


@dataclass
class MenuLook:
    font: object
    fg: tuple
    bg: tuple | None
    hi_fg: tuple
    hi_bg: tuple
    dim: tuple
    line_height: int = 0      # 0: the font's height + 2
    value_fg: tuple | None = None


@dataclass
class MenuList:
    items: list
    look: MenuLook
    rect: pygame.Rect
    cursor: int = 0
    sound: Callable[[str], None] | None = None
    _pressed: int | None = field(default=None, repr=False)

    def __post_init__(self):
        self.rect = pygame.Rect(self.rect)
        if self.items and not self.items[self.cursor].is_enabled():
            self.move(1)

    @property
    def line_height(self) -> int:
        return self.look.line_height or self.look.font.height + 2

    def item_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(self.rect.x, self.rect.y + i * self.line_height, self.rect.w,
                           self.line_height)

    def item_at(self, pos) -> int | None:
        if pos is None:
            return None
        for i in range(len(self.items)):
            if self.item_rect(i).collidepoint(pos):
                return i
        return None

    @property
    def selected(self) -> Item | None:
        return self.items[self.cursor] if self.items else None

    def move(self, step: int) -> None:
        n = len(self.items)
        for k in range(1, n + 1):
            i = (self.cursor + step * k) % n
            if self.items[i].is_enabled():
                if i != self.cursor and self.sound:
                    self.sound("move")
                self.cursor = i
                return

    def activate(self, i: int | None = None) -> None:
        item = self.items[self.cursor if i is None else i]
        if not item.is_enabled():
            return
        if item.on_confirm is not None:
            if self.sound:
                self.sound("select")
            item.on_confirm()
        elif item.on_change is not None:
            item.on_change(+1)

    def handle(self, action: Action) -> bool:
        """Handle one action; True if the list used it."""
        k = action.kind
        if not self.items:
            return False
        if k in ("up", "down"):
            self.move(-1 if k == "up" else 1)
            return True
        if k in ("left", "right"):
            item = self.selected
            if item.on_change is not None and item.is_enabled():
                item.on_change(-1 if k == "left" else 1)
                return True
            return False
        if k == "confirm":
            self.activate()
            return True
        if k == "pointer_move":
            i = self.item_at(action.pos)
            if i is not None and self.items[i].is_enabled():
                self.cursor = i
            return i is not None
        if k == "pointer_down" and action.button == 1:
            i = self.item_at(action.pos)
            self._pressed = i
            if i is not None and self.items[i].is_enabled():
                self.cursor = i
            return i is not None
        if k == "pointer_up" and action.button == 1:
            i = self.item_at(action.pos)
            pressed, self._pressed = self._pressed, None
            if i is not None and i == pressed:
                self.activate(i)
                return True
            return False
        return False

    def draw(self, surface: pygame.Surface) -> None:
        look = self.look
        font = look.font
        if look.bg is not None:
            surface.fill(look.bg, self.rect.inflate(0, 0).clip(
                pygame.Rect(self.rect.x, self.rect.y, self.rect.w,
                            len(self.items) * self.line_height)))
        pad = max(0, (self.line_height - font.height) // 2)
        for i, item in enumerate(self.items):
            r = self.item_rect(i)
            on = i == self.cursor
            if on:
                surface.fill(look.hi_bg, r)
            fg = look.hi_fg if on else (look.fg if item.is_enabled() else look.dim)
            font.draw(surface, item.label, (r.x + font.width, r.y + pad), fg)
            if item.value is not None:
                text = item.value()
                vfg = fg if on or look.value_fg is None else look.value_fg
                font.draw(surface, text, (r.right - (len(text) + 1) * font.width, r.y + pad), vfg)
