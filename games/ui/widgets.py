"""Widgets shared by every screen: a menu list that keys, mouse and pad all drive.

A look (colours and font) is passed in, so the same list serves the launcher, the settings
screen and the games' own menus in their platform's style.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

from games.core.input import Action


_UNSEEN = object()     # no pointer position seen yet


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
    _pointer: object = field(default=None, repr=False)

    def __post_init__(self):
        self.rect = pygame.Rect(self.rect)
        self._pointer = _UNSEEN
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
            # the first position seen is where the pointer rested when the list appeared
            # (a window opening under it sends one): only a real move selects
            seen, self._pointer = self._pointer, action.pos
            if seen is _UNSEEN or seen == action.pos:
                return False
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


INITIAL_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass
class InitialsEntry:
    """Three letters for a high-score table, entered by keyboard, mouse or pad.

    Typed letters fill the slots left to right (a ``text`` action, or a letter key that is
    also a scene command: its ``char``); up/down change the selected letter (A-Z, wrapping);
    left/right move between the slots; back moves left; confirm accepts (``arcade``: confirm
    goes to the next slot and accepts on the last, as an arcade cabinet). The mouse clicks a
    slot to select it, the arrows above and below a slot to change it, and OK to accept.
    ``handle`` returns True if it used the action; ``done`` is set and ``on_done(text)``
    called when the initials are accepted.
    """

    look: MenuLook
    pos: tuple                                        # top-left of the first letter slot
    letters: str = "AAA"
    on_done: Callable[[str], None] | None = None
    sound: Callable[[str], None] | None = None
    cursor: int = 0
    done: bool = False
    arcade: bool = False
    size: int = 3                                     # how many slots (a table's code: 5)
    alphabet: str = INITIAL_LETTERS                   # what a slot may hold, in order

    def __post_init__(self):
        clean = [c for c in str(self.letters).upper() if c in self.alphabet][:self.size]
        self.chars = clean + [self.alphabet[0]] * (self.size - len(clean))

    @property
    def text(self) -> str:
        return "".join(self.chars)

    # -- geometry -------------------------------------------------------------------------
    @property
    def slot_w(self) -> int:
        return self.look.font.width * 3

    @property
    def slot_h(self) -> int:
        return self.look.font.height + 4

    def slot_rect(self, i: int) -> pygame.Rect:
        x, y = self.pos
        return pygame.Rect(x + i * (self.slot_w + self.look.font.width), y, self.slot_w,
                           self.slot_h)

    def up_rect(self, i: int) -> pygame.Rect:
        r = self.slot_rect(i)
        return pygame.Rect(r.x, r.y - self.look.font.height, r.w, self.look.font.height)

    def down_rect(self, i: int) -> pygame.Rect:
        r = self.slot_rect(i)
        return pygame.Rect(r.x, r.bottom, r.w, self.look.font.height)

    @property
    def ok_rect(self) -> pygame.Rect:
        r = self.slot_rect(self.size - 1)
        return pygame.Rect(r.right + self.look.font.width * 2, r.y, self.look.font.width * 4,
                           self.slot_h)

    @property
    def rect(self) -> pygame.Rect:
        return self.up_rect(0).union(self.down_rect(self.size - 1)).union(self.ok_rect)

    # -- editing --------------------------------------------------------------------------
    def _tick(self, what: str) -> None:
        if self.sound:
            self.sound(what)

    def change(self, step: int, i: int | None = None) -> None:
        i = self.cursor if i is None else i
        k = self.alphabet.index(self.chars[i])
        self.chars[i] = self.alphabet[(k + step) % len(self.alphabet)]
        self._tick("move")

    def type(self, char: str) -> bool:
        c = char.upper()
        if len(c) != 1 or c not in self.alphabet:
            return False
        self.chars[self.cursor] = c
        self.cursor = min(self.size - 1, self.cursor + 1)
        self._tick("move")
        return True

    def accept(self) -> None:
        if self.done:
            return
        self.done = True
        self._tick("select")
        if self.on_done is not None:
            self.on_done(self.text)

    def handle(self, action: Action) -> bool:
        if self.done:
            return False
        k = action.kind
        if k in ("text", "command") and action.char and action.source in ("key", ""):
            return self.type(action.char)
        if k == "up" or k == "down":
            self.change(1 if k == "up" else -1)
            return True
        if k in ("left", "right"):
            self.cursor = max(0, min(self.size - 1, self.cursor + (-1 if k == "left" else 1)))
            self._tick("move")
            return True
        if k == "back":
            if self.cursor > 0:
                self.cursor -= 1
                return True
            return False
        if k == "confirm":
            if self.arcade and self.cursor < self.size - 1:
                self.cursor += 1
                self._tick("move")
            else:
                self.accept()
            return True
        if k == "pointer_down" and action.button == 1 and action.pos is not None:
            for i in range(self.size):
                if self.slot_rect(i).collidepoint(action.pos):
                    self.cursor = i
                    return True
                if self.up_rect(i).collidepoint(action.pos):
                    self.cursor = i
                    self.change(1)
                    return True
                if self.down_rect(i).collidepoint(action.pos):
                    self.cursor = i
                    self.change(-1)
                    return True
            if self.ok_rect.collidepoint(action.pos):
                self.accept()
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        look, font = self.look, self.look.font
        for i, c in enumerate(self.chars):
            r = self.slot_rect(i)
            on = i == self.cursor and not self.done
            surface.fill(look.hi_bg if on else look.dim, r)
            font.draw(surface, c, (r.x + (r.w - font.width) // 2, r.y + 2),
                      look.hi_fg if on else look.fg)
            arrow_fg = (look.value_fg or look.fg) if on else look.dim
            for glyph, ar in (("\u25b2", self.up_rect(i)), ("\u25bc", self.down_rect(i))):
                font.draw(surface, glyph, (ar.x + (ar.w - font.width) // 2, ar.y), arrow_fg)
        ok = self.ok_rect
        if look.bg is not None:
            surface.fill(look.bg, ok)
        font.draw(surface, "[OK]", (ok.x, ok.y + 2), look.fg)
