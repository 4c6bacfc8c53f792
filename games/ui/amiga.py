"""The Amiga Workbench 1.3 look, for any game that runs "on the Workbench screen".

Everything here draws at native resolution (640 wide, 256 or 512 lines) in the four
Workbench 1.3 pens only, so a game's screenshot stays in palette:

    pen 0 BLUE (background)   pen 1 WHITE   pen 2 BLACK   pen 3 ORANGE

What it gives:

- ``draw_screen_bar(surface, title)``: the screen's title bar (white, blue Topaz text)
  with the screen's depth gadgets at the right.
- ``Window(rect, title)``: a window frame as Intuition 1.3 draws an active window: white
  title bar with a close gadget at the left and the depth gadgets at the right, white
  borders, blue inside. ``window.inner`` is the area to draw in; ``window.gadget_at(pos)``
  says "close", "depth" or None.
- ``MenuStrip([Menu(title, [MenuItem(...), ...]), ...])``: the menus the Amiga way. Holding
  the right mouse button shows the menu titles in the screen title bar; moving over a
  title drops its menu; releasing over an item chooses it, releasing anywhere else chooses
  nothing. The ``menu`` action (F10/Tab/Menu key, pad Start) opens the same strip for
  keys and pads: left/right between menus (and into and out of submenus), up/down between
  items, confirm chooses, back closes a level. Items may have check marks (``checked``),
  a right-Amiga shortcut letter (``shortcut``), be ghosted (``enabled``) or hold a
  submenu (``sub``). ``strip.handle(action)`` returns True while the strip uses the input;
  ``strip.draw(surface)`` draws the bar and the open menus over the screen bar.
- ``Requester(lines, ...)``: a small "System Request" window with a positive button at the
  left and a negative one at the right.
- ``complement(surface, rect=None)``: Intuition's complement highlighting (every pen XOR 3:
  blue <-> orange, white <-> black). ``display_beep(surface)`` is the DisplayBeep flash:
  the whole screen complemented; show it for ``BEEP_SECONDS``.

Fonts: Topaz 8 (``fonts.get("topaz8x8")``); every bar is ``BAR_H`` = 10 lines tall, as on
Workbench 1.3, also on an interlaced (512-line) screen.
"""

from __future__ import annotations

from typing import Callable, Sequence

import pygame

from games.ui import fonts, looks, modals, sprites
from games.ui.commands import Menu, MenuItem, relabel  # noqa: F401  (the model this look draws)
from games.ui.widgets import MenuLook

PENS = looks.AMIGA_PENS
BLUE, WHITE, BLACK, ORANGE = PENS
COMPLEMENT = {BLUE: ORANGE, WHITE: BLACK, BLACK: WHITE, ORANGE: BLUE}

BAR_H = 10                 # title bars and menu lines: Topaz 8 plus a line above and below
CLOSE_W = 20               # the close gadget (hires pixels)
DEPTH_W = 23               # each depth gadget
BORDER = 2                 # window side and bottom borders
BEEP_SECONDS = 0.15
CHECK_W = 18               # room for the check mark in front of checkable items
AMIGA_KEY_W = 28           # room for the right-Amiga symbol and its letter
_SPARE = (1, 2, 3)         # no pen: a parking colour while pens are swapped in place


def topaz():
    return fonts.get("topaz8x8")


# -- pixels ------------------------------------------------------------------------------------

def complement(surface: pygame.Surface, rect=None) -> None:
    """Complement the Workbench pens in place (pen ^ 3), over ``rect`` or everything."""
    if rect is None:
        area = surface
    else:
        r = pygame.Rect(rect).clip(surface.get_rect())
        if r.w <= 0 or r.h <= 0:
            return
        area = surface.subsurface(r)
    pa = pygame.PixelArray(area)
    try:
        for a, b in ((BLUE, ORANGE), (WHITE, BLACK)):
            pa.replace(a, _SPARE)
            pa.replace(b, a)
            pa.replace(_SPARE, b)
    finally:
        pa.close()


def display_beep(surface: pygame.Surface) -> None:
    """The DisplayBeep flash: draw the frame, then call this while the beep lasts."""
    complement(surface)


_GHOSTS: dict = {}


def ghost(surface: pygame.Surface, rect, pen=WHITE) -> None:
    """Intuition's ghosting of a disabled item: a sparse dot pattern of ``pen`` over it."""
    r = pygame.Rect(rect)
    key = (r.size, pen)
    pat = _GHOSTS.get(key)
    if pat is None:
        pat = pygame.Surface(r.size)
        spare = (255, 0, 255)
        pat.fill(spare)
        pat.set_colorkey(spare)
        for y in range(r.h):
            for x in range((y % 2) * 2, r.w, 4):
                pat.set_at((x, y), pen)
            for x in range((y % 2) * 2 + 1, r.w, 4):
                pat.set_at((x, y), pen)
        _GHOSTS[key] = pat
    surface.blit(pat, r.topleft)


def frame(surface, rect, pen, width: int = 1) -> None:
    """A rectangle outline ``width`` pixels wide, inside ``rect``."""
    r = pygame.Rect(rect)
    for i in range(width):
        pygame.draw.rect(surface, pen, r.inflate(-2 * i, -2 * i), 1)


# -- gadgets -----------------------------------------------------------------------------------

def sprite(name: str) -> pygame.Surface:
    """A sprite of the Workbench look's own sheet (sprites/workbench.txt): the gadgets, the
    menu check mark, the pointer."""
    return sprites.sheet("workbench").get(name)


def draw_close_gadget(surface, rect) -> None:
    """The 1.3 close gadget: a dot in a box, at the left of a title bar."""
    surface.blit(sprite("gadget_close"), pygame.Rect(rect).topleft)


def draw_depth_gadget(surface, rect, front: bool) -> None:
    """A depth gadget: two overlapping windows; ``front`` shows the filled one in front."""
    surface.blit(sprite("gadget_depth_front" if front else "gadget_depth_back"),
                 pygame.Rect(rect).topleft)


def draw_screen_bar(surface: pygame.Surface, title: str) -> None:
    """The screen's title bar: white, the title in blue Topaz, depth gadgets at the right."""
    w = surface.get_width()
    surface.fill(WHITE, (0, 0, w, BAR_H))
    font = topaz()
    room = (w - 2 * DEPTH_W - 8) // font.width
    font.draw(surface, title[:room], (4, 1), BLUE)
    draw_depth_gadget(surface, (w - 2 * DEPTH_W, 0, DEPTH_W, BAR_H), front=False)
    draw_depth_gadget(surface, (w - DEPTH_W, 0, DEPTH_W, BAR_H), front=True)


class Window:
    """An active Workbench 1.3 window: title bar, close gadget, depth gadgets, borders."""

    def __init__(self, rect, title: str, closable: bool = True, depth: bool = True):
        self.rect = pygame.Rect(rect)
        self.title = title
        self.closable = closable
        self.depth = depth

    @property
    def title_bar(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x, self.rect.y, self.rect.w, BAR_H)

    @property
    def close_rect(self) -> pygame.Rect | None:
        if not self.closable:
            return None
        return pygame.Rect(self.rect.x, self.rect.y, CLOSE_W, BAR_H)

    @property
    def depth_rects(self) -> tuple:
        if not self.depth:
            return ()
        r = self.rect
        return (pygame.Rect(r.right - 2 * DEPTH_W, r.y, DEPTH_W, BAR_H),
                pygame.Rect(r.right - DEPTH_W, r.y, DEPTH_W, BAR_H))

    @property
    def inner(self) -> pygame.Rect:
        r = self.rect
        return pygame.Rect(r.x + BORDER, r.y + BAR_H, r.w - 2 * BORDER, r.h - BAR_H - BORDER)

    def gadget_at(self, pos) -> str | None:
        if pos is None:
            return None
        c = self.close_rect
        if c is not None and c.collidepoint(pos):
            return "close"
        if any(d.collidepoint(pos) for d in self.depth_rects):
            return "depth"
        return None

    def draw(self, surface: pygame.Surface, fill: bool = True) -> None:
        r = self.rect
        if fill:
            surface.fill(BLUE, r)
        # borders: white strips at the sides and the bottom
        surface.fill(WHITE, (r.x, r.y, BORDER, r.h))
        surface.fill(WHITE, (r.right - BORDER, r.y, BORDER, r.h))
        surface.fill(WHITE, (r.x, r.bottom - BORDER, r.w, BORDER))
        bar = self.title_bar
        surface.fill(WHITE, bar)
        font = topaz()
        x = bar.x + (CLOSE_W if self.closable else 0) + 4
        room = (bar.right - (2 * DEPTH_W if self.depth else 0) - 4 - x) // font.width
        font.draw(surface, self.title[:max(0, room)], (x, bar.y + 1), BLUE)
        if self.closable:
            draw_close_gadget(surface, self.close_rect)
        if self.depth:
            back, fore = self.depth_rects
            draw_depth_gadget(surface, back, front=False)
            draw_depth_gadget(surface, fore, front=True)


# -- menus (the model is games.ui.commands; this draws it) -------------------------------------

def _box_width(items: Sequence[MenuItem]) -> int:
    font = topaz()
    check = CHECK_W if any(i.checked is not None for i in items) else 0
    keys = AMIGA_KEY_W if any(i.shortcut for i in items) else 0
    subs = 2 * font.width if any(i.sub for i in items) else 0
    text = max((len(i.label) for i in items), default=0) * font.width
    return 4 + check + text + max(keys, subs) + 8


def draw_amiga_key(surface, pos, pen, paper) -> None:
    """The right-Amiga symbol: a reversed, boxed "A"."""
    x, y = pos
    surface.fill(pen, (x, y, 10, 8))
    topaz().draw(surface, "A", (x + 1, y), paper)


class MenuStrip:
    """The menus of one window, shown in the screen title bar (see the module docstring)."""

    TITLE_X = 4
    TITLE_GAP = 16

    def __init__(self, menus: Sequence[Menu], sound: Callable[[], None] | None = None):
        self.menus = list(menus)
        self.sound = sound
        self.open = False
        self.mode = ""               # "pointer" (right button held) or "keys"
        self.menu: int | None = None
        self.item: int | None = None
        self.sub: int | None = None
        self.in_sub = False           # keys: the cursor is inside the submenu
        self.chosen: list[str] = []   # labels chosen, newest last (tests read it)
        self.on_close: Callable[[], None] | None = None   # called whenever it closes
        font = topaz()
        x = self.TITLE_X
        self._titles = []
        for m in self.menus:
            w = len(m.title) * font.width
            self._titles.append(pygame.Rect(x - 4, 0, w + 8, BAR_H))
            x += w + self.TITLE_GAP

    # -- geometry --------------------------------------------------------------------------
    def title_rect(self, mi: int) -> pygame.Rect:
        return pygame.Rect(self._titles[mi])

    def box_rect(self, mi: int) -> pygame.Rect:
        items = self.menus[mi].items
        return pygame.Rect(self._titles[mi].x, BAR_H, _box_width(items), len(items) * BAR_H + 4)

    def item_rect(self, mi: int, ii: int) -> pygame.Rect:
        box = self.box_rect(mi)
        return pygame.Rect(box.x + 2, box.y + 2 + ii * BAR_H, box.w - 4, BAR_H)

    def sub_box_rect(self, mi: int, ii: int) -> pygame.Rect | None:
        sub = self.menus[mi].items[ii].sub
        if not sub:
            return None
        parent = self.item_rect(mi, ii)
        return pygame.Rect(parent.right - 24, parent.y + 4, _box_width(sub), len(sub) * BAR_H + 4)

    def sub_item_rect(self, mi: int, ii: int, si: int) -> pygame.Rect:
        box = self.sub_box_rect(mi, ii)
        return pygame.Rect(box.x + 2, box.y + 2 + si * BAR_H, box.w - 4, BAR_H)

    def find(self, *labels: str) -> pygame.Rect:
        """The rect of a title, or of an item given its menu title (and a submenu item
        given its parent's label too): ``find("Settings", "Difficulty", "5")``."""
        mi = [m.title for m in self.menus].index(labels[0])
        if len(labels) == 1:
            return self.title_rect(mi)
        ii = self._index(self.menus[mi].items, labels[1])
        if len(labels) == 2:
            return self.item_rect(mi, ii)
        si = self._index(self.menus[mi].items[ii].sub, labels[2])
        return self.sub_item_rect(mi, ii, si)

    @staticmethod
    def _index(items, label) -> int:
        for i, it in enumerate(items):
            if it.label == label or it.label.split(" (")[0] == label:
                return i
        raise KeyError(label)

    # -- state -----------------------------------------------------------------------------
    def show(self, mode: str) -> None:
        relabel(self.menus)              # a label that follows the game, as it reads now
        self.open = True
        self.mode = mode
        self.menu = 0 if mode == "keys" else None
        self.item = self._first(self.menus[0].items) if mode == "keys" else None
        self.sub = None
        self.in_sub = False

    def close(self) -> None:
        self.open = False
        self.mode = ""
        self.menu = self.item = self.sub = None
        self.in_sub = False
        if self.on_close is not None:
            self.on_close()

    def _first(self, items) -> int | None:
        for i, it in enumerate(items):
            if it.is_enabled():
                return i
        return None

    def _track(self, pos) -> None:
        """Pointer mode: highlight what is under the pointer (Intuition's rules)."""
        if pos is None:
            self.item = self.sub = None
            return
        for mi in range(len(self.menus)):
            if self.title_rect(mi).collidepoint(pos):
                if self.menu != mi:
                    self.menu, self.item, self.sub = mi, None, None
                else:
                    self.item = self.sub = None
                return
        if self.menu is None:
            return
        # inside the open submenu first (it lies over its parent box)
        if self.item is not None and self.sub_box_rect(self.menu, self.item) is not None:
            box = self.sub_box_rect(self.menu, self.item)
            if box.collidepoint(pos):
                sub = self.menus[self.menu].items[self.item].sub
                for si in range(len(sub)):
                    if self.sub_item_rect(self.menu, self.item, si).collidepoint(pos):
                        self.sub = si if sub[si].is_enabled() else None
                        return
                return
        items = self.menus[self.menu].items
        for ii in range(len(items)):
            if self.item_rect(self.menu, ii).collidepoint(pos):
                self.item = ii if items[ii].is_enabled() else None
                self.sub = None
                return
        # outside: a submenu stays while its parent is highlighted; an item does not
        self.sub = None
        if self.item is not None and items[self.item].sub:
            return
        self.item = None

    def _choose(self, item: MenuItem | None) -> None:
        self.close()
        if item is None or not item.is_enabled() or item.sub or item.action is None:
            return
        if self.sound:
            self.sound()
        self.chosen.append(item.label)
        item.action()

    def _current(self) -> MenuItem | None:
        if self.menu is None or self.item is None:
            return None
        item = self.menus[self.menu].items[self.item]
        if item.sub:
            return item.sub[self.sub] if self.sub is not None else None
        return item

    # -- input -----------------------------------------------------------------------------
    def handle(self, action) -> bool:
        """Use one action; True if the strip used it (everything, while it is open)."""
        k = action.kind
        if not self.open:
            if k == "pointer_down" and action.button == 3:
                self.show("pointer")
                self._track(action.pos)
                return True
            if k == "menu":
                self.show("keys")
                if self.sound:
                    self.sound()
                return True
            return False
        if k == "pointer_move":
            if self.mode == "pointer" or self._over(action.pos):
                self._track(action.pos)
            return True
        if k == "pointer_down":
            if action.button == 3:
                self.mode = "pointer"
                self._track(action.pos)
            elif action.button == 1 and not self._over(action.pos):
                self.close()
            return True
        if k == "pointer_up":
            if action.button == 3 and self.mode == "pointer":
                self._track(action.pos)
                self._choose(self._current())
            elif action.button == 1 and self._over(action.pos):
                self._track(action.pos)
                item = self._current()
                if item is not None and not item.sub:
                    self._choose(item)
            return True
        if k in ("up", "down", "left", "right", "confirm", "back", "menu"):
            self._key(k)
            return True
        return True

    def _over(self, pos) -> bool:
        if pos is None:
            return False
        if any(self.title_rect(i).collidepoint(pos) for i in range(len(self.menus))):
            return True
        if self.menu is not None:
            if self.box_rect(self.menu).collidepoint(pos):
                return True
            if self.item is not None:
                sb = self.sub_box_rect(self.menu, self.item)
                if sb is not None and sb.collidepoint(pos):
                    return True
        return False

    def _key(self, k: str) -> None:
        self.mode = "keys"
        if self.menu is None:
            self.menu, self.item = 0, self._first(self.menus[0].items)
            return
        items = self.menus[self.menu].items
        cur = items[self.item] if self.item is not None else None
        if k in ("back", "menu"):
            if self.in_sub and k == "back":
                self.in_sub, self.sub = False, None
            else:
                self.close()
            return
        if self.in_sub and cur is not None and cur.sub:
            sub = cur.sub
            if k in ("up", "down"):
                self.sub = self._step(sub, self.sub, -1 if k == "up" else 1)
            elif k == "left":
                self.in_sub, self.sub = False, None
            elif k == "confirm":
                self._choose(sub[self.sub] if self.sub is not None else None)
            elif k == "right":
                self.in_sub, self.sub = False, None
                self._switch(1)
            return
        if k in ("up", "down"):
            self.item = self._step(items, self.item, -1 if k == "up" else 1)
        elif k == "right" and cur is not None and cur.sub:
            self._enter_sub(cur)
        elif k in ("left", "right"):
            self._switch(-1 if k == "left" else 1)
        elif k == "confirm":
            if cur is not None and cur.sub:
                self._enter_sub(cur)
            else:
                self._choose(cur)

    def _enter_sub(self, item: MenuItem) -> None:
        self.in_sub = True
        checked = [i for i, s in enumerate(item.sub) if s.is_checked() and s.is_enabled()]
        self.sub = checked[0] if checked else self._first(item.sub)

    def _switch(self, step: int) -> None:
        self.menu = (self.menu + step) % len(self.menus)
        self.item = self._first(self.menus[self.menu].items)
        self.sub = None
        self.in_sub = False

    @staticmethod
    def _step(items, cur, step) -> int | None:
        n = len(items)
        start = cur if cur is not None else (-1 if step > 0 else n)
        for k in range(1, n + 1):
            i = (start + step * k) % n
            if items[i].is_enabled():
                return i
        return cur

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The menu bar over the screen title bar, and the open menu and submenu."""
        if not self.open:
            return
        font = topaz()
        w = surface.get_width()
        surface.fill(WHITE, (0, 0, w, BAR_H))
        for mi, m in enumerate(self.menus):
            r = self.title_rect(mi)
            font.draw(surface, m.title, (r.x + 4, 1), BLUE)
        if self.menu is None:
            return
        complement(surface, self.title_rect(self.menu))
        items = self.menus[self.menu].items
        self._draw_box(surface, self.box_rect(self.menu), items,
                       [self.item_rect(self.menu, i) for i in range(len(items))], self.item)
        if self.item is not None and items[self.item].sub:
            sub = items[self.item].sub
            self._draw_box(surface, self.sub_box_rect(self.menu, self.item), sub,
                           [self.sub_item_rect(self.menu, self.item, i) for i in range(len(sub))],
                           self.sub)

    def _draw_box(self, surface, box, items, rects, highlight) -> None:
        font = topaz()
        surface.fill(WHITE, box)
        pygame.draw.rect(surface, BLACK, box, 1)
        check = CHECK_W if any(i.checked is not None for i in items) else 0
        for i, (item, r) in enumerate(zip(items, rects)):
            if item.is_checked():
                surface.blit(sprite("check"), (r.x + 3, r.y + 1))
            font.draw(surface, item.label, (r.x + 2 + check, r.y + 1), BLUE)
            if item.shortcut:
                x = r.right - AMIGA_KEY_W + 4
                draw_amiga_key(surface, (x, r.y + 1), BLUE, WHITE)
                font.draw(surface, item.shortcut, (x + 12, r.y + 1), BLUE)
            if item.sub:
                font.draw(surface, "\u00bb" if font.has("\u00bb") else "\u25b6",
                          (r.right - font.width - 4, r.y + 1), BLUE)
            if not item.is_enabled():
                ghost(surface, r, WHITE)
            elif i == highlight:
                complement(surface, r)


# -- requesters --------------------------------------------------------------------------------

class Requester:
    """A "System Request" window: some lines of text, a positive button at the left and a
    negative one at the right. Keys: left/right pick a button, confirm presses it, back is
    the negative button. The mouse clicks the buttons."""

    def __init__(self, lines: Sequence[str], area, positive: str = "OK",
                 negative: str = "Cancel", on_positive: Callable[[], None] | None = None,
                 on_negative: Callable[[], None] | None = None, title: str = "System Request",
                 sound: Callable[[], None] | None = None):
        self.lines = list(lines)
        self.labels = (positive, negative)
        self.callbacks = (on_positive, on_negative)
        self.focus = 0
        self.sound = sound
        self.done = False
        self._pressed: int | None = None
        font = topaz()
        text_w = max(len(s) for s in self.lines) * font.width
        btn_w = max(len(s) for s in self.labels) * font.width + 16
        w = max(text_w + 32, 2 * btn_w + 48, len(title) * font.width + CLOSE_W + 2 * DEPTH_W + 16)
        h = BAR_H + 10 + len(self.lines) * 10 + 10 + 14 + 8
        area = pygame.Rect(area)
        rect = pygame.Rect(0, 0, w, h)
        rect.center = area.center
        self.window = Window(rect, title, closable=False, depth=True)
        inner = self.window.inner
        by = inner.bottom - 6 - 14
        self.buttons = (pygame.Rect(inner.x + 8, by, btn_w, 14),
                        pygame.Rect(inner.right - 8 - btn_w, by, btn_w, 14))

    def press(self, i: int) -> None:
        self.done = True
        if self.sound:
            self.sound()
        cb = self.callbacks[i]
        if cb is not None:
            cb()

    def handle(self, action) -> bool:
        k = action.kind
        if k in ("left", "right", "up", "down"):
            self.focus = 0 if k in ("left", "up") else 1
        elif k == "confirm":
            self.press(self.focus)
        elif k in ("back", "menu"):
            self.press(1)
        elif k == "pointer_down" and action.button == 1:
            self._pressed = self.button_at(action.pos)
        elif k == "pointer_up" and action.button == 1:
            hit = self.button_at(action.pos)
            if hit is not None and hit == self._pressed:
                self.press(hit)
            self._pressed = None
        return True

    def button_at(self, pos) -> int | None:
        if pos is None:
            return None
        for i, r in enumerate(self.buttons):
            if r.collidepoint(pos):
                return i
        return None

    def draw(self, surface: pygame.Surface) -> None:
        font = topaz()
        self.window.draw(surface)
        pygame.draw.rect(surface, BLACK, self.window.rect.inflate(2, 2), 1)
        inner = self.window.inner
        y = inner.y + 10
        for line in self.lines:
            font.draw(surface, line, (inner.centerx - len(line) * font.width // 2, y), WHITE)
            y += 10
        for i, (r, label) in enumerate(zip(self.buttons, self.labels)):
            draw_button(surface, r, label, i == self.focus, i == self._pressed)


def draw_button(surface, rect, label: str, focused: bool = False, pressed: bool = False):
    """A requester's button: white, a black line round it, the label in blue; the focused
    one ringed in orange, a pressed one complemented."""
    r = pygame.Rect(rect)
    font = topaz()
    surface.fill(WHITE, r)
    pygame.draw.rect(surface, BLACK, r, 1)
    font.draw(surface, label, (r.centerx - len(label) * font.width // 2, r.y + 3), BLUE)
    if focused:
        frame(surface, r.inflate(4, 4), ORANGE, 1)
    if pressed:
        complement(surface, r)


# -- the modal kit (games.ui.modals) on the Workbench ------------------------------------------

class Skin:
    """The kit's modals as Workbench 1.3 windows: a ``Window`` with depth gadgets, Topaz in
    the four pens, requester buttons (positive at the left, negative at the right), lists
    lit by complementing (blue <-> orange, white <-> black)."""

    click_sound = "amiga_click"
    line_h = BAR_H
    gap = BAR_H
    default_title = "System Request"

    def margins(self, title: str) -> tuple:
        return (BORDER + 14, BAR_H + 10, BORDER + 14, BORDER + 8)

    def min_width(self, title: str) -> int:
        return len(title) * topaz().width + 2 * DEPTH_W + 16

    def button_size(self, label: str) -> tuple:
        return (len(label) * topaz().width + 16, 14)

    def button_gap(self) -> int:
        return 32

    def button_row(self, area, sizes) -> list:
        """Positive at the left, negative at the right, any others spread between."""
        if len(sizes) == 1:
            return modals.Modal.button_row(self, area, sizes)
        free = area.w - sum(w for w, _ in sizes)
        out, x = [], area.x
        for i, (w, h) in enumerate(sizes):
            out.append(pygame.Rect(x, area.y, w, h))
            x += w + free // (len(sizes) - 1) + (1 if i < free % (len(sizes) - 1) else 0)
        return out

    def colour(self, role: str):
        return {"dim": BLACK, "key": ORANGE, "hi": BLACK, "title": ORANGE}.get(role, WHITE)

    def draw_frame(self, surface, rect, title: str) -> None:
        Window(rect, title, closable=False, depth=True).draw(surface)
        pygame.draw.rect(surface, BLACK, pygame.Rect(rect).inflate(2, 2), 1)

    def draw_button(self, surface, rect, label: str, focused: bool, pressed: bool) -> None:
        draw_button(surface, rect, label, focused, pressed)

    def list_look(self) -> MenuLook:
        return MenuLook(font=topaz(), fg=WHITE, bg=None, hi_fg=BLACK, hi_bg=ORANGE, dim=BLACK,
                        line_height=BAR_H, value_fg=ORANGE)


class RequesterScene(Skin, modals.Question):
    """A requester as every modal is (the kit's question): "System Request" over ``area``,
    ``positive`` at the left (the focused one), ``negative`` at the right (back, the right
    button); each callback runs once the requester is popped."""

    name = "requester"

    def __init__(self, game, lines, area, positive="OK", negative="Cancel",
                 on_positive=None, on_negative=None):
        super().__init__(game, lines, [(positive, on_positive), (negative, on_negative)],
                         0, 1, centre=pygame.Rect(area).center)


def strip_menus(model, title: str = "") -> list:
    """A model as the strip's menus: ``Menu``s as they are; items that each hold a plain
    submenu become the menus; any other list is one menu called ``title`` ("Project")."""
    model = list(model)
    if model and all(isinstance(m, Menu) for m in model):
        return model
    if model and all(m.sub and not m.is_choice for m in model):
        return [Menu(m.label, m.sub) for m in model]
    return [Menu(title or "Project", model)]


class MenuStripScene(Skin, modals.Menu):
    """The kit's menu on the Amiga: the ``MenuStrip`` of the model shown in the screen title
    bar, opened for keys and pads (left/right between menus, up/down, confirm, back); the
    pointer works it as always (the right button, or clicks). It closes with the strip."""

    def __init__(self, game, model=(), title: str = "", pos=None):
        super().__init__(game, model, title, pos)
        self.strip = MenuStrip(strip_menus(self.model, title))
        self.chosen = self.strip.chosen
        self.strip.show("keys")
        self.strip.on_close = self.finish

    def find(self, *labels: str) -> pygame.Rect:
        """An item by its labels, the menu's title first or (one menu) left out."""
        if labels[0] not in [m.title for m in self.strip.menus]:
            labels = (self.strip.menus[0].title,) + labels
        return self.strip.find(*labels)

    def handle(self, action) -> None:
        self.strip.handle(action)

    def draw(self, surface) -> None:
        self.strip.draw(surface)


def draw_pointer(surface: pygame.Surface, pos, k: int = 1) -> None:
    """The Workbench 1.3 mouse pointer with its hot spot at ``pos`` (``k`` 2 on an
    interlaced screen, where its lines are doubled)."""
    if pos is not None:
        surface.blit(tall(sprite("pointer"), k), pos)


_TALL: dict = {}


def _tall(img, k):
    key = (id(img), k)
    if key not in _TALL:
        _TALL[key] = pygame.transform.scale(img, (img.get_width(), img.get_height() * k))
    return _TALL[key]


def tall(img: pygame.Surface, k: int) -> pygame.Surface:
    """A sprite drawn for 256 lines, its lines repeated ``k`` times (an interlaced screen)."""
    return img if k == 1 else _tall(img, k)


class PagesScene(Skin, modals.Pages):
    """Pages to read (Messages, help) in a Workbench window of their own, not a requester:
    the close gadget at the left of the title bar (a click on it closes the pages) and the
    depth gadgets at the right."""

    def min_width(self, title: str) -> int:
        return super().min_width(title) + CLOSE_W

    def draw_frame(self, surface, rect, title: str) -> None:
        Window(rect, title, closable=True, depth=True).draw(surface)
        pygame.draw.rect(surface, BLACK, pygame.Rect(rect).inflate(2, 2), 1)

    def handle(self, action) -> None:
        if (action.kind == "pointer_down" and action.button == 1
                and Window(self.rect, self.title).gadget_at(action.pos) == "close"):
            self.click()
            self.finish(self.on_close)
            return
        super().handle(action)

