"""The RISC OS 3 look (Acorn Archimedes desktop), for any game that runs in a RISC OS window.

Everything draws at native resolution (mode 20: 640 x 512, square pixels) in the 16 Wimp
colours only (``games.ui.riscos_palette``), so a screenshot stays in palette.

What it gives:

- ``draw_desktop(surface)``: the grey desktop; ``IconBar``: the icon bar along the bottom
  with application icons (a sprite and a name under it), ``icon_at(pos)``.
- ``Window(rect, title)``: a window with RISC OS 3 furniture: the back and close icons at the
  left of the title bar, the title bar cream when the window has the input focus (grey
  otherwise), the toggle-size icon at the right, a black border. ``window.work`` is the work
  area; ``window.tool_at(pos)`` says "back", "close", "toggle", "title" or None.
- ``MenuScene(game, items, title, pos)``: a RISC OS menu drawn from the ``commands.MenuItem``
  model, pushed over the game: a white box under a title bar, ticks at the left of checked
  items, an arrow at the right of items with a submenu (which opens to the right when the
  pointer goes over the item), grey text for items that cannot be chosen, dashed lines
  between groups. It opens with its top left near the pointer. Select (left button) chooses
  and closes; Adjust (right button) chooses and keeps the menu open, as on RISC OS; a click
  outside closes it. Keys and pads: up/down between items, right (or confirm on an item
  with a submenu and no action of its own) opens the submenu, left or back closes a level,
  confirm chooses, menu closes all.
- ``MessageScene(game, title, lines, buttons)``: a small error or information box (title
  "Message from <app>" by default) with buttons, the first the default (confirm), the last
  the cancel one (back). Each button's callback runs after the box is popped.
"""

from __future__ import annotations

from typing import Callable, Sequence

import pygame

from games.ui import fonts, modals, solid, sprites
from games.ui.commands import MenuItem, read_again
from games.ui.riscos_palette import (BLACK, CREAM, DARK_BLUE, GREY1, GREY2, GREY3, GREY4,
                                     GREY5, GREY6, LIGHT_BLUE, RED, WHITE, WIMP)
from games.ui.widgets import MenuLook

__all__ = ["WIMP", "draw_desktop", "IconBar", "Window", "MenuScene", "MessageScene", "Skin",
           "acorn", "sprite", "DESKTOP", "ICONBAR_H", "TITLE_H", "TOOL"]

DESKTOP = GREY4           # the plain desktop background
ICONBAR_H = 48            # 96 OS units: the icon (34) and its name under it
TITLE_H = 20              # the title bar: the height of a tool sprite
TOOL = 20                 # tool icons are 20 x 20
MENU_ROW = 16             # a menu item: the 8 x 8 font with 4 pixels above and below
MENU_TITLE_H = 18
TICK_W = 16               # room for a tick at the left of an item
ARROW_W = 16              # room for a submenu arrow at the right


def acorn():
    return fonts.get("acorn8x8")


def sprite(name: str) -> pygame.Surface:
    """A sprite of the RISC OS look's own sheet ("riscos"): the window tools."""
    return sprites.sheet("riscos").get(name)


def text_centred(surface, text: str, rect, colour) -> None:
    f = acorn()
    r = pygame.Rect(rect)
    f.draw(surface, text, (r.centerx - len(text) * f.width // 2, r.centery - f.height // 2),
           colour)


def bevel(surface, rect, light=WHITE, dark=GREY4) -> None:
    """A raised 3-D edge (RISC OS 3 icons and buttons)."""
    r = pygame.Rect(rect)
    surface.fill(light, (r.x, r.y, r.w, 1))
    surface.fill(light, (r.x, r.y, 1, r.h))
    surface.fill(dark, (r.x, r.bottom - 1, r.w, 1))
    surface.fill(dark, (r.right - 1, r.y, 1, r.h))


def draw_desktop(surface: pygame.Surface, rect=None) -> None:
    solid.fill(surface, DESKTOP, rect)


class IconBar:
    """The icon bar along the bottom of the screen: application icons at the right."""

    def __init__(self, icons: Sequence[tuple], screen=(640, 512)):
        self.icons = list(icons)          # [(sprite surface, name)]
        w, h = screen
        self.rect = pygame.Rect(0, h - ICONBAR_H, w, ICONBAR_H)

    def icon_rects(self) -> list:
        out = []
        x = self.rect.right - 8
        for img, name in reversed(self.icons):
            w = max(img.get_width(), len(name) * 8)
            x -= w
            out.append(pygame.Rect(x, self.rect.y + 2, w, ICONBAR_H - 4))
            x -= 16
        return list(reversed(out))

    def icon_at(self, pos) -> int | None:
        if pos is None:
            return None
        for i, r in enumerate(self.icon_rects()):
            if r.collidepoint(pos):
                return i
        return None

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        surface.fill(GREY1, r)
        surface.fill(WHITE, (r.x, r.y, r.w, 1))
        f = acorn()
        # the devices at the left: a floppy drive and the RAM disc, as plain labels
        for i, label in enumerate((":0", "RAM")):
            box = pygame.Rect(8 + i * 48, r.y + 8, 34, 22)
            surface.fill(GREY2, box)
            bevel(surface, box)
            text_centred(surface, label, box, BLACK)
        for (img, name), ir in zip(self.icons, self.icon_rects()):
            surface.blit(img, (ir.centerx - img.get_width() // 2, ir.y + 1))
            f.draw(surface, name, (ir.centerx - len(name) * f.width // 2, r.bottom - 10),
                   BLACK)


class Window:
    """A RISC OS 3 window: back and close icons, title bar, toggle-size icon, border."""

    def __init__(self, rect, title: str, focused: bool = True, work_colour=GREY1):
        self.rect = pygame.Rect(rect)
        self.title = title
        self.focused = focused
        self.work_colour = work_colour

    @property
    def title_bar(self) -> pygame.Rect:
        r = self.rect
        return pygame.Rect(r.x + 2 * TOOL, r.y, r.w - 3 * TOOL, TITLE_H)

    def tool_rect(self, name: str) -> pygame.Rect:
        r = self.rect
        x = {"back": r.x, "close": r.x + TOOL, "toggle": r.right - TOOL}[name]
        return pygame.Rect(x, r.y, TOOL, TOOL)

    @property
    def work(self) -> pygame.Rect:
        r = self.rect
        return pygame.Rect(r.x + 1, r.y + TITLE_H + 1, r.w - 2, r.h - TITLE_H - 2)

    def tool_at(self, pos) -> str | None:
        if pos is None:
            return None
        for name in ("back", "close", "toggle"):
            if self.tool_rect(name).collidepoint(pos):
                return name
        if self.title_bar.collidepoint(pos):
            return "title"
        return None

    def draw(self, surface: pygame.Surface, fill: bool = True) -> None:
        r = self.rect
        if fill:
            surface.fill(self.work_colour, r)
        bar = self.title_bar
        surface.fill(CREAM if self.focused else GREY2, bar)
        for name in ("back", "close", "toggle"):
            surface.blit(sprite(f"tool_{name}"), self.tool_rect(name).topleft)
        pygame.draw.rect(surface, BLACK, bar, 1)
        pygame.draw.rect(surface, BLACK, r, 1)
        surface.fill(BLACK, (r.x, r.y + TITLE_H, r.w, 1))
        f = acorn()
        room = (bar.w - 8) // f.width
        title = self.title[:max(0, room)]
        text_centred(surface, title, bar, BLACK)


def draw_error_box(surface, rect, title: str) -> None:
    """An error box's window: light grey, a cream title bar without tools, black lines."""
    r = pygame.Rect(rect)
    surface.fill(GREY1, r)
    bar = pygame.Rect(r.x, r.y, r.w, TITLE_H)
    surface.fill(CREAM, bar)
    pygame.draw.rect(surface, BLACK, r, 1)
    surface.fill(BLACK, (r.x, bar.bottom, r.w, 1))
    text_centred(surface, title, bar, BLACK)


def draw_action_button(surface, rect, label: str, default: bool = False,
                       pressed: bool = False) -> None:
    """An action button: grey, bevelled, a black line round it; the default one (the one
    Return presses) in a cream ring; a pressed one sunk (the bevel the other way)."""
    br = pygame.Rect(rect)
    if default:
        surface.fill(CREAM, br.inflate(6, 6))
        pygame.draw.rect(surface, BLACK, br.inflate(6, 6), 1)
    surface.fill(GREY1, br)
    light, dark = (GREY5, WHITE) if pressed else (WHITE, GREY5)
    bevel(surface, br, light, dark)
    pygame.draw.rect(surface, BLACK, br.inflate(2, 2), 1)
    text_centred(surface, label, br, BLACK)


class Skin:
    """The kit's modals the RISC OS 3 way: error-box windows (cream title bar), the acorn
    font in the Wimp colours, action buttons at the bottom right; lists lit in black as
    menus are. The right button is Adjust (it works as Select), never No."""

    click_sound = "acorn_click"
    right_is_back = False
    line_h = 12
    gap = 14
    text_align = "left"

    @property
    def default_title(self) -> str:
        app = getattr(getattr(self.game, "entry", None), "title", "")
        return f"Message from {app}" if app else "Message"

    def margins(self, title: str) -> tuple:
        return (20, TITLE_H + 14, 20, 10)

    def min_width(self, title: str) -> int:
        return len(title) * acorn().width + 24

    def button_size(self, label: str) -> tuple:
        return (len(label) * acorn().width + 24, 22)

    def button_gap(self) -> int:
        return 12

    def row_start(self, area, sizes) -> int:
        """Action buttons sit at the bottom right."""
        return area.right - self.row_width(sizes)

    def colour(self, role: str):
        return {"dim": GREY4, "key": DARK_BLUE, "hi": WHITE, "title": DARK_BLUE}.get(role, BLACK)

    def draw_frame(self, surface, rect, title: str) -> None:
        draw_error_box(surface, rect, title)

    def draw_button(self, surface, rect, label: str, focused: bool, pressed: bool) -> None:
        draw_action_button(surface, rect, label, focused, pressed)

    def list_look(self) -> MenuLook:
        return MenuLook(font=acorn(), fg=BLACK, bg=None, hi_fg=WHITE, hi_bg=BLACK, dim=GREY3,
                        line_height=MENU_ROW, value_fg=DARK_BLUE)

    def initials_look(self) -> MenuLook:
        return MenuLook(font=acorn(), fg=BLACK, bg=None, hi_fg=BLACK, hi_bg=CREAM, dim=GREY2,
                        value_fg=DARK_BLUE)


# -- menus: the model is games.ui.commands; this draws it the RISC OS way -------------------

def _is_sep(item: MenuItem) -> bool:
    return item.name == "-"


class _Level:
    """One open menu box: its items, where it is, which item is highlighted."""

    def __init__(self, title: str, items: Sequence[MenuItem], topleft, screen: pygame.Rect):
        self.title = title
        self.items = [i for i in items]
        f = acorn()
        chars = max([len(title)] + [len(i.label) + (len(i.shortcut) + 2 if i.shortcut else 0)
                                    for i in self.items])
        w = TICK_W + chars * f.width + ARROW_W + 4
        h = MENU_TITLE_H + sum(4 if _is_sep(i) else MENU_ROW for i in self.items) + 2
        rect = pygame.Rect(topleft, (w, h))
        rect.right = min(rect.right, screen.right - 2)
        rect.bottom = min(rect.bottom, screen.bottom - 2)
        rect.x = max(rect.x, 2)
        rect.y = max(rect.y, 2)
        self.rect = rect
        self.highlight: int | None = None
        self.rows = []
        y = rect.y + MENU_TITLE_H
        for i in self.items:
            hgt = 4 if _is_sep(i) else MENU_ROW
            self.rows.append(pygame.Rect(rect.x + 1, y, rect.w - 2, hgt))
            y += hgt

    def row_at(self, pos) -> int | None:
        if pos is None:
            return None
        for n, r in enumerate(self.rows):
            if r.collidepoint(pos) and not _is_sep(self.items[n]):
                return n
        return None

    def selectable(self) -> list:
        """The items the keys and the stick step among: not a separator, not greyed (a
        greyed item is never lit, so the stick on it showed nothing lit at all)."""
        return [n for n, i in enumerate(self.items) if not _is_sep(i) and i.is_enabled()]

    def step(self, d: int) -> None:
        sel = self.selectable()
        if not sel:
            return
        if self.highlight not in sel:
            self.highlight = sel[0] if d > 0 else sel[-1]
        else:
            self.highlight = sel[(sel.index(self.highlight) + d) % len(sel)]

    def draw(self, surface: pygame.Surface) -> None:
        f = acorn()
        r = self.rect
        surface.fill(WHITE, r)
        title = pygame.Rect(r.x, r.y, r.w, MENU_TITLE_H)
        surface.fill(GREY2, title)
        f.draw(surface, self.title, (r.x + TICK_W, title.y + 5), BLACK)
        pygame.draw.rect(surface, BLACK, r, 1)
        surface.fill(BLACK, (r.x, title.bottom - 1, r.w, 1))
        for n, (item, row) in enumerate(zip(self.items, self.rows)):
            if _is_sep(item):
                for x in range(row.x + 2, row.right - 2, 4):
                    surface.fill(GREY4, (x, row.centery, 2, 1))
                continue
            on = n == self.highlight and item.is_enabled()
            ink = GREY3 if not item.is_enabled() else (WHITE if on else BLACK)
            if on:
                surface.fill(BLACK, row)
            if item.is_checked():
                _tick(surface, (row.x + 4, row.y + 4), ink)
            f.draw(surface, item.label, (row.x + TICK_W, row.y + 4), ink)
            if item.shortcut:
                f.draw(surface, item.shortcut,
                       (row.right - ARROW_W - len(item.shortcut) * f.width, row.y + 4), ink)
            if item.sub:
                _arrow(surface, (row.right - 10, row.centery), ink)


def _tick(surface, pos, colour) -> None:
    x, y = pos
    pygame.draw.lines(surface, colour, False, [(x, y + 4), (x + 2, y + 7), (x + 8, y)], 2)


def _arrow(surface, centre, colour) -> None:
    x, y = centre
    pygame.draw.polygon(surface, colour, [(x - 2, y - 4), (x + 2, y), (x - 2, y + 4)])


class MenuScene(Skin, modals.Menu):
    """A RISC OS menu pushed over its game (see the module docstring). Opened without a
    ``pos`` it is centred and, unless ``keyboard`` says otherwise, its first item lit."""

    def __init__(self, game, items: Sequence[MenuItem] = (), title: str = "", pos=None,
                 sound: Callable[[], None] | None = None, keyboard: bool | None = None):
        super().__init__(game, items, title or "Menu", pos)
        if pos is None:
            pos = (self.screen.centerx - 80, self.screen.centery - 100)
        self.levels = [_Level(self.title, self.model, (pos[0] - 32, pos[1] - MENU_TITLE_H // 2),
                              self.screen)]
        if sound is not None:
            self.click = lambda _what="": sound()
        if keyboard or (keyboard is None and self.pos is None):
            self.levels[0].step(1)

    def layout(self) -> None:
        """Each open box sized again for its items' labels (one says something else now),
        where it was (a submenu by its parent's right edge), its lit item kept."""
        old, self.levels = self.levels, []
        for n, lvl in enumerate(old):
            x, y = lvl.rect.topleft
            if n:
                x += self.levels[n - 1].rect.right - old[n - 1].rect.right
            again = _Level(read_again(lvl.title), lvl.items, (x, y), self.screen)
            again.highlight = lvl.highlight
            self.levels.append(again)

    # -- geometry, for tests and the mouse ------------------------------------------------
    def find(self, *labels: str) -> pygame.Rect:
        """The row of an item by its labels along the path (opening submenus on the way)."""
        items = self.levels[0].items
        for depth, label in enumerate(labels):
            lvl = self.levels[depth]
            n = next(n for n, i in enumerate(lvl.items) if i.label == label)
            if depth < len(labels) - 1:
                lvl.highlight = n
                self._open_sub(depth, n)
            items = lvl.items
        del items
        lvl = self.levels[len(labels) - 1]
        n = next(n for n, i in enumerate(lvl.items) if i.label == labels[-1])
        return lvl.rows[n]

    def _open_sub(self, depth: int, n: int) -> None:
        del self.levels[depth + 1:]
        item = self.levels[depth].items[n]
        if item.sub and item.is_enabled():
            row = self.levels[depth].rows[n]
            self.levels.append(_Level(item.label, item.sub,
                                      (self.levels[depth].rect.right + 2,
                                       row.y - MENU_TITLE_H), self.screen))

    def _choose(self, depth: int, n: int, keep_open: bool = False) -> None:
        item = self.levels[depth].items[n]
        if not item.is_enabled():
            return
        if item.action is None:
            if item.sub:
                self._open_sub(depth, n)
                if len(self.levels) > depth + 1:
                    self.levels[depth + 1].step(1)
            return
        self.choose_item(item, keep_open)

    # -- input -----------------------------------------------------------------------------
    def _hit(self, pos):
        for depth in range(len(self.levels) - 1, -1, -1):
            lvl = self.levels[depth]
            if lvl.rect.collidepoint(pos):
                return depth, lvl.row_at(pos)
        return None, None

    def handle(self, action) -> None:
        k = action.kind
        if k == "pointer_move" and action.pos is not None:
            depth, n = self._hit(action.pos)
            if depth is not None:
                lvl = self.levels[depth]
                if n != lvl.highlight:
                    lvl.highlight = n
                    if n is not None and lvl.items[n].sub:
                        self._open_sub(depth, n)
                    elif n is not None:
                        del self.levels[depth + 1:]
        elif k == "pointer_down":
            depth, n = self._hit(action.pos) if action.pos is not None else (None, None)
            if depth is None:
                self.dismiss()            # a click outside the menu closes it
            elif n is not None:
                self.levels[depth].highlight = n
                self._choose(depth, n, keep_open=action.button == 3)
        elif k in ("up", "down"):
            self.levels[-1].step(-1 if k == "up" else 1)
        elif k == "right":
            lvl = self.levels[-1]
            if lvl.highlight is not None and lvl.items[lvl.highlight].sub:
                self._open_sub(len(self.levels) - 1, lvl.highlight)
                self.levels[-1].step(1)
        elif k == "left" or k == "back":
            if len(self.levels) > 1:
                self.levels.pop()
            elif k == "back":
                self.dismiss()
        elif k == "confirm":
            lvl = self.levels[-1]
            if lvl.highlight is not None:
                self._choose(len(self.levels) - 1, lvl.highlight)
        elif k == "menu":
            self.dismiss()

    def draw(self, surface: pygame.Surface) -> None:
        for lvl in self.levels:
            lvl.draw(surface)


class MessageScene(Skin, modals.Question):
    """A RISC OS 3 error or information box (the kit's question): ``buttons`` [(label,
    callback or None)], the first the default (confirm), the last the cancel one (back).
    Each button's callback runs after the box is popped."""

    name = "riscos-message"

    def __init__(self, game, lines: Sequence[str], buttons: Sequence[tuple] = (("OK", None),),
                 title: str = "", sound: Callable[[], None] | None = None):
        super().__init__(game, lines, buttons, 0, len(buttons) - 1, title or "Message")
        self.buttons = self.choices
        if sound is not None:
            self.click = lambda _what="": sound()


class PagesScene(Skin, modals.Pages):
    """Pages to read (Messages, help) in a RISC OS window of their own, not an error box:
    the back and close icons, the title bar and the toggle-size icon (a click on close
    closes the pages)."""

    def min_width(self, title: str) -> int:
        return len(title) * acorn().width + 3 * TOOL + 16

    def draw_frame(self, surface, rect, title: str) -> None:
        Window(rect, title).draw(surface)

    def handle(self, action) -> None:
        if (action.kind == "pointer_down" and action.button == 1
                and Window(self.rect, self.title).tool_at(action.pos) == "close"):
            self.click()
            self.finish(self.on_close)
            return
        super().handle(action)


# keep the palette names importable for scenes: "from games.ui.riscos import RED, ..."
__all__ += ["BLACK", "CREAM", "DARK_BLUE", "GREY1", "GREY2", "GREY3", "GREY4", "GREY5",
            "GREY6", "LIGHT_BLUE", "RED", "WHITE"]
