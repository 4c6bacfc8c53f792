"""The DOS look: the 16 EGA colours and text-mode style boxes, dialogs and key lines.

Everything here draws with the ``ega8x14`` font on a graphics screen (640x350 EGA) the way a
1991-92 shareware game drew its text: in 8x14 cells, boxes made of the box-drawing
characters, a solid shadow, a key line with the key letters picked out ("S)ound").
Only the 16 colours of the EGA palette are ever drawn, so a screenshot stays in palette.

Used by Tribolo; written to serve TriAxis (DOS) too: nothing here knows about a game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pygame

from games.ui import fonts, modals
from games.ui.lookscene import ModalScene
from games.ui.widgets import Item, MenuList, MenuLook

# -- the standard EGA palette (the 16 colours of the default EGA/VGA text attributes) --------
BLACK = (0x00, 0x00, 0x00)
BLUE = (0x00, 0x00, 0xAA)
GREEN = (0x00, 0xAA, 0x00)
CYAN = (0x00, 0xAA, 0xAA)
RED = (0xAA, 0x00, 0x00)
MAGENTA = (0xAA, 0x00, 0xAA)
BROWN = (0xAA, 0x55, 0x00)
LIGHT_GREY = (0xAA, 0xAA, 0xAA)
DARK_GREY = (0x55, 0x55, 0x55)
LIGHT_BLUE = (0x55, 0x55, 0xFF)
LIGHT_GREEN = (0x55, 0xFF, 0x55)
LIGHT_CYAN = (0x55, 0xFF, 0xFF)
LIGHT_RED = (0xFF, 0x55, 0x55)
LIGHT_MAGENTA = (0xFF, 0x55, 0xFF)
YELLOW = (0xFF, 0xFF, 0x55)
WHITE = (0xFF, 0xFF, 0xFF)

PALETTE = (BLACK, BLUE, GREEN, CYAN, RED, MAGENTA, BROWN, LIGHT_GREY,
           DARK_GREY, LIGHT_BLUE, LIGHT_GREEN, LIGHT_CYAN, LIGHT_RED, LIGHT_MAGENTA, YELLOW, WHITE)
PALETTE_SET = frozenset(PALETTE)

FONT_NAME = "ega8x14"
CELL_W, CELL_H = 8, 14          # one text cell of the EGA 8x14 font
SCREEN = (640, 350)             # EGA 640x350: 80 x 25 cells

# box-drawing sets: corners tl tr bl br, horizontal, vertical, tee left, tee right
SINGLE = "┌┐└┘─│├┤"
DOUBLE = "╔╗╚╝═║╠╣"


def font():
    return fonts.get(FONT_NAME)


@dataclass(frozen=True)
class Look:
    """The colours of one kind of box."""
    fg: tuple = LIGHT_GREY        # text
    bg: tuple = BLUE              # inside
    border: tuple = WHITE         # the box lines
    title: tuple = YELLOW         # the title in the top line
    hi_fg: tuple = BLACK          # the selected menu line
    hi_bg: tuple = LIGHT_CYAN
    dim: tuple = DARK_GREY        # disabled lines (and separators)
    key: tuple = YELLOW           # key letters in labels and key lines
    value: tuple = WHITE          # menu values
    shadow: tuple | None = BLACK  # the shadow down and right (None: no shadow)


DIALOG = Look()
ALERT = Look(fg=WHITE, bg=RED, border=YELLOW, title=WHITE, hi_fg=RED, hi_bg=WHITE,
             dim=LIGHT_GREY, key=YELLOW, value=YELLOW)
GREY_BOX = Look(fg=BLACK, bg=LIGHT_GREY, border=BLACK, title=BLUE, hi_fg=WHITE, hi_bg=BLUE,
                dim=DARK_GREY, key=RED, value=BLUE)


# -- text -----------------------------------------------------------------------------------

def text(surface, s: str, pos, fg, bg=None) -> pygame.Rect:
    return font().draw(surface, s, pos, fg, bg)


def centred(surface, s: str, y: int, fg, bg=None, rect: pygame.Rect | None = None) -> pygame.Rect:
    """Draw ``s`` centred across ``rect`` (the whole surface by default), snapped to cells."""
    f = font()
    area = rect or surface.get_rect()
    w = f.size(s)[0]
    x = area.x + (area.w - w) // 2
    return f.draw(surface, s, (x, y), fg, bg)


def big_text(surface, s: str, centre_x: int, y: int, fg, scale: int = 3,
             shadow: tuple | None = None) -> pygame.Rect:
    """Text in the 8x14 font blown up ``scale`` times, pixel for pixel (a title)."""
    img = font().render(s, fg)
    img = pygame.transform.scale(img, (img.get_width() * scale, img.get_height() * scale))
    x = centre_x - img.get_width() // 2
    if shadow is not None:
        sh = font().render(s, shadow)
        sh = pygame.transform.scale(sh, img.get_size())
        surface.blit(sh, (x + scale, y + scale))
    surface.blit(img, (x, y))
    return pygame.Rect(x, y, img.get_width(), img.get_height())


def keyed(surface, label: str, pos, fg, key_fg, bg=None) -> pygame.Rect:
    """A label in the original's style, "S)ound" or "sa<V>e": the key letter in ``key_fg``.

    The key is the character before the first ')' or the one between '<' and '>'.
    """
    f = font()
    x, y = pos
    start = x
    if "<" in label and ">" in label:
        a, rest = label.split("<", 1)
        k, b = rest.split(">", 1)
        parts = [(a, fg), ("<", fg), (k, key_fg), (">", fg), (b, fg)]
    elif ")" in label:
        i = label.index(")")
        parts = [(label[:i], key_fg), (label[i:], fg)]
    else:
        parts = [(label, fg)]
    for s, colour in parts:
        if s:
            f.draw(surface, s, (x, y), colour, bg)
            x += f.size(s)[0]
    return pygame.Rect(start, y, x - start, f.height)


def key_line(surface, items, y: int, fg=LIGHT_GREY, key_fg=YELLOW, bg=None, gap: int = 1,
             x: int | None = None, hi: str | None = None, hi_fg=BLACK, hi_bg=LIGHT_GREY,
             off=(), off_fg=DARK_GREY) -> list:
    """A row of "S)ound"-style labels, centred unless ``x`` is given.

    ``items`` are (label, name) pairs; returns [(name, rect)] for pointer hits. ``hi`` names
    an item drawn highlighted (the one under the pointer); ``off`` names items drawn dim,
    key letter and all (a command that is off there: a click says why).
    """
    f = font()
    widths = [f.size(label)[0] for label, _ in items]
    total = sum(widths) + gap * f.width * (len(items) - 1)
    if x is None:
        x = (surface.get_width() - total) // 2
        x -= x % CELL_W
    if bg is not None:
        surface.fill(bg, (0, y, surface.get_width(), f.height))
    out = []
    for (label, name), w in zip(items, widths):
        on = name == hi and name is not None
        dim = name in off and not on
        r = keyed(surface, label, (x, y), off_fg if dim else hi_fg if on else fg,
                  off_fg if dim else hi_fg if on else key_fg, hi_bg if on else None)
        out.append((name, pygame.Rect(r.x - f.width // 2, y, r.w + f.width, f.height)))
        x += w + gap * f.width
    return out


def hit(rects, pos):
    """The name of the key line item at ``pos`` (None if none)."""
    if pos is None:
        return None
    for name, r in rects:
        if r.collidepoint(pos):
            return name
    return None


# -- boxes ----------------------------------------------------------------------------------

def box_rect(cols: int, rows: int, centre=None, pos=None) -> pygame.Rect:
    """A box of ``cols`` x ``rows`` text cells (borders included), centred or placed."""
    w, h = cols * CELL_W, rows * CELL_H
    if pos is not None:
        return pygame.Rect(pos[0], pos[1], w, h)
    cx, cy = centre or (SCREEN[0] // 2, SCREEN[1] // 2)
    x = cx - w // 2
    x -= x % CELL_W
    return pygame.Rect(x, cy - h // 2, w, h)


def shade(surface, rect) -> None:
    """Text mode's shadow over the picture in ``rect``: black stays black, every other
    colour shows dark grey (only palette colours, within the surface's clip)."""
    r = pygame.Rect(rect).clip(surface.get_clip())
    if r.w <= 0 or r.h <= 0:
        return
    sub = surface.subsurface(r)
    black = pygame.mask.from_threshold(sub, BLACK, (1, 1, 1, 255))
    sub.fill(DARK_GREY)
    if black.count():
        sub.blit(black.to_surface(setcolor=BLACK, unsetcolor=(0, 0, 0, 0)), (0, 0))


def draw_box(surface, rect: pygame.Rect, look: Look = DIALOG, style: str = "double",
             title: str | None = None, fill: bool = True) -> pygame.Rect:
    """A text-mode box: ``rect`` a whole number of cells. Returns the inside rect."""
    f = font()
    rect = pygame.Rect(rect)
    cols, rows = rect.w // CELL_W, rect.h // CELL_H
    chars = DOUBLE if style == "double" else SINGLE
    tl, tr, bl, br, hz, vt = chars[:6]
    if look.shadow is not None:
        # the shadow: a cell wide on the right, half a cell tall below; as in text mode
        # what lies under it still shows, dark grey on black (a tile the shadow falls on
        # is dimmed whole, never cut in half by black)
        shade(surface, (rect.right, rect.y + CELL_H // 2, CELL_W, rect.h))
        shade(surface, (rect.x + CELL_W, rect.bottom, rect.w, CELL_H // 2))
    if fill:
        surface.fill(look.bg, rect)
    top = tl + hz * (cols - 2) + tr
    bottom = bl + hz * (cols - 2) + br
    f.draw(surface, top, rect.topleft, look.border, look.bg)
    f.draw(surface, bottom, (rect.x, rect.bottom - CELL_H), look.border, look.bg)
    for r in range(1, rows - 1):
        y = rect.y + r * CELL_H
        f.draw(surface, vt, (rect.x, y), look.border, look.bg)
        f.draw(surface, vt, (rect.right - CELL_W, y), look.border, look.bg)
    if title:
        t = f" {title} "
        x = rect.x + (cols - len(t)) // 2 * CELL_W
        f.draw(surface, t, (x, rect.y), look.title, look.bg)
    return rect.inflate(-2 * CELL_W, -2 * CELL_H)


def separator(surface, rect: pygame.Rect, y: int, look: Look = DIALOG, style: str = "double"):
    """A line across a box at text row ``y`` (pixels), joined to the sides."""
    f = font()
    chars = DOUBLE if style == "double" else SINGLE
    cols = rect.w // CELL_W
    f.draw(surface, chars[6] + chars[4] * (cols - 2) + chars[7], (rect.x, y), look.border, look.bg)


def menu_look(look: Look = DIALOG) -> MenuLook:
    return MenuLook(font=font(), fg=look.fg, bg=None, hi_fg=look.hi_fg, hi_bg=look.hi_bg,
                    dim=look.dim, line_height=CELL_H, value_fg=look.value)


class Dialog:
    """A text-mode dialog: a title, lines of text and (optionally) a menu of items.

    ``lines`` are strings or (string, colour) pairs, centred. ``items`` are widgets.Item;
    keys, mouse and pad drive them through MenuList. ``handle`` returns True if used.
    """

    def __init__(self, title: str, lines=(), items=None, look: Look = DIALOG,
                 cols: int | None = None, centre=None, style: str = "double",
                 sound=None, footer: str = ""):
        self.title = title
        self.look = look
        self.style = style
        self.lines = [(ln, look.fg) if isinstance(ln, str) else ln for ln in lines]
        self.footer = footer
        items = list(items or [])
        widest = max([len(t) for t, _ in self.lines] + [len(title) + 4, len(footer)]
                     + [len(i.label) + (len(i.value()) + 3 if i.value else 0) + 2
                        for i in items] + [10])
        self.cols = cols or widest + 4
        n_items = len(items)
        self.rows = (2 + len(self.lines) + ((n_items + (1 if self.lines else 0)) if items else 0)
                     + (2 if footer else 0))
        self.rect = box_rect(self.cols, self.rows, centre=centre)
        self.inner = self.rect.inflate(-2 * CELL_W, -2 * CELL_H)
        self.menu = None
        if items:
            y = self.inner.y + (len(self.lines) + (1 if self.lines else 0)) * CELL_H
            self.menu = MenuList(items, menu_look(look),
                                 pygame.Rect(self.inner.x, y, self.inner.w, n_items * CELL_H),
                                 sound=sound)

    def handle(self, action) -> bool:
        return self.menu.handle(action) if self.menu is not None else False

    def contains(self, pos) -> bool:
        return pos is not None and self.rect.collidepoint(pos)

    def draw(self, surface) -> None:
        inner = draw_box(surface, self.rect, self.look, self.style, self.title)
        y = inner.y
        for s, colour in self.lines:
            if s:
                centred(surface, s, y, colour, None, inner)
            y += CELL_H
        if self.menu is not None:
            self.menu.draw(surface)
            for i, item in enumerate(self.menu.items):
                if not item.label and not item.is_enabled():
                    r = self.menu.item_rect(i)
                    separator(surface, self.rect, r.y, self.look, self.style)
        if self.footer:
            centred(surface, self.footer, self.rect.bottom - 2 * CELL_H, self.look.dim, None,
                    inner)


def separator_item() -> Item:
    """A disabled, empty menu line drawn as a line across the dialog."""
    return Item("", enabled=False)


def menu_items(model, close=None) -> list:
    """A menu model (``commands.MenuItem`` list) as a Dialog's ``widgets.Item`` list.

    Each label is led by its shortcut letter ("S  Sound"); a choice (seat, level, board) is
    its current value, cycled by left/right; a checkable item an On/Off value that Enter or
    left/right toggles; a separator a line. ``close`` (a pop-up menu closing itself) runs
    before an ordinary item's action, not before a choice or a toggle: those stay open.
    """
    out = []
    for m in model:
        label = f"{m.shortcut or '':<3}{m.label}"
        if m.name == "-":
            out.append(separator_item())
        elif m.is_choice:
            out.append(Item(label, value=m.choice_value, on_change=m.cycle,
                            enabled=m.is_enabled))
        elif m.checked is not None:
            out.append(Item(label, value=lambda m=m: "On" if m.is_checked() else "Off",
                            on_change=lambda _step, m=m: m.action(), enabled=m.is_enabled))
        else:
            def run(m=m):
                if close is not None:
                    close()
                if m.action is not None:
                    m.action()
            out.append(Item(label, on_confirm=run, enabled=m.is_enabled))
    return out


# -- the original's (Y/n) questions and a spinner wheel ---------------------------------------

LETTER_LABEL = re.compile(r"^\w\) ")     # "N) New game": the original's key letter


def yes_no(action):
    """The answer an action gives to a "(Y/n)" question, the DOS way: Enter, Y or the left
    button is yes; N, Space or the right button is no (Esc is neither: the caller decides).
    True, False, or None for an action that does not answer."""
    k = action.kind
    if k in ("text", "command", "confirm") and action.char:
        c = action.char.lower()
        if c == "y":
            return True
        if c in ("n", " "):
            return False
    if k == "confirm":
        return True
    if k == "pointer_down":
        if action.button == 1:
            return True
        if action.button == 3:
            return False
    return None


def sprite(name: str) -> pygame.Surface:
    """A sprite of the DOS look's own sheet (sprites/dos.txt): the spinner's pointer."""
    from games.ui import sprites
    return sprites.sheet("dos").get(name)


_RIM: dict = {}         # a wheel's rim, scaled, by (points, radius, half height)
_LABELS: dict = {}      # a wheel label's picture and half its width, by (text, colour)


def draw_wheel(surface, centre, radius: int, segments, angle: float, squash: float = 1.0,
               rim=WHITE) -> None:
    """A spinner wheel: ``segments`` are (label, fill, text colour) in clockwise order, the
    first centred under the pointer (at the top) when ``angle`` is 0; ``angle`` in turns
    (1.0 a whole turn clockwise). ``squash`` shrinks heights (pixels taller than wide).
    Drawn with plain polygons (only the colours given appear) under the yellow pointer of
    the look's sheet."""
    import math
    cx, cy = centre
    n = len(segments)
    ry = radius * squash
    # the rim at eighths of a segment: every segment's arc and edge are points of it. Its
    # directions, scaled, are worked out once per wheel and turned by the wheel's angle
    # (one sine and cosine a frame); a point is rounded as floor(v + 0.5) (the wheel sits
    # inside the picture, so int() of a positive number)
    m = 8 * n
    key = (m, radius, ry)
    table = _RIM.get(key)
    if table is None:
        table = _RIM[key] = [
            (radius * math.sin(2 * math.pi * j / m), radius * math.cos(2 * math.pi * j / m),
             ry * math.sin(2 * math.pi * j / m), ry * math.cos(2 * math.pi * j / m))
            for j in range(m)]
    sb, cb = math.sin(angle * 2 * math.pi), math.cos(angle * 2 * math.pi)
    x0, y0 = cx + 0.5, cy + 0.5
    rim_pts = [(int(x0 + sb * xc + cb * xs), int(y0 - cb * yc + sb * ys))
               for xs, xc, ys, yc in table]
    k = 0.68                                 # labels sit at 0.68 of the radius
    f = font()
    half = f.height // 2
    hub = (cx, cy)
    blit = surface.blit
    for i, (label, fill, fg) in enumerate(segments):
        first = 8 * i - 4                    # the segment spans half a step either side
        arc = [rim_pts[(first + j) % m] for j in range(9)]
        arc.insert(0, hub)
        pygame.draw.polygon(surface, fill, arc)
        pygame.draw.line(surface, rim, hub, arc[1])
        xs, xc, ys, yc = table[8 * i]
        shown = _LABELS.get((label, tuple(fg)))
        if shown is None:
            shown = _LABELS[(label, tuple(fg))] = (f.render(label, fg), f.size(label)[0] // 2)
        tx = round(cx + k * (sb * xc + cb * xs))
        ty = round(cy - k * (cb * yc - sb * ys))
        blit(shown[0], (tx - shown[1], ty - half))
    pygame.draw.polygon(surface, rim, rim_pts, 1)
    pygame.draw.circle(surface, rim, hub, 3)
    # the pointer: a triangle above the rim, pointing down at the chosen segment
    top = cy - round(radius * squash)
    blit(sprite("wheel_pointer"), (cx - 6, top - 9))


# -- modal scenes: a Dialog over its game, as every modal is ----------------------------------

# named when drawn; "change" only where an item has values to change (a level, the seats)
MENU_FOOTER = "\u2191\u2193 choose  \u2190\u2192 change  {confirm}: take"
MENU_FOOTER_PLAIN = "\u2191\u2193 choose  {confirm}: take"


class DialogScene(ModalScene):
    """A ``Dialog`` over its game: back, the menu key or the right button close it (and, with
    ``close_outside``, a click beside it); everything else goes to the dialog."""

    dialog: Dialog
    close_outside = False

    def click(self, _what: str = "") -> None:
        self.app.play("dos_click")

    def closes(self, action) -> bool:
        k = action.kind
        if k in ("menu", "back"):
            return True
        return k == "pointer_down" and (action.button == 3 or (
            self.close_outside and not self.dialog.contains(action.pos)))

    def handle(self, action) -> None:
        if self.closes(action):
            self.app.pop()
        else:
            self.dialog.handle(action)

    def draw(self, surface) -> None:
        self.dialog.draw(surface)


# -- the modal kit (games.ui.modals) in text mode ---------------------------------------------

class Skin:
    """The kit's modals as text-mode boxes: double lines, the EGA colours of ``box``, text
    and buttons in the 8x14 cells."""

    click_sound = "dos_click"
    line_h = CELL_H
    gap = CELL_H
    box = DIALOG

    def snap(self, x: int) -> int:
        return x - x % CELL_W

    def place(self, w: int, h: int, title: str = "", centre=None):
        cols = max(-(-w // CELL_W), len(title) + 2) + 4
        rows = -(-h // CELL_H) + 2
        rect = box_rect(cols, rows, centre=centre or self.screen.center)
        rect.y = max(0, min(rect.y, self.screen.bottom - rect.h - CELL_H // 2))
        return rect, pygame.Rect(rect.x + 2 * CELL_W, rect.y + CELL_H, (cols - 4) * CELL_W,
                                 (rows - 2) * CELL_H)

    def button_size(self, label: str) -> tuple:
        return ((len(label) + 2) * CELL_W, CELL_H)

    def button_gap(self) -> int:
        return 2 * CELL_W

    def colour(self, role: str):
        b = self.box
        return {"title": b.title, "dim": b.dim, "key": b.key, "hi": b.hi_fg}.get(role, b.fg)

    def draw_frame(self, surface, rect, title: str) -> None:
        draw_box(surface, rect, self.box, "double", title or None)

    def draw_button(self, surface, rect, label: str, focused: bool, pressed: bool) -> None:
        """`` Yes ``: the key letter picked out; the focused one lit as a menu line."""
        on = focused or pressed
        if on:
            surface.fill(self.box.hi_bg, rect)
        fg = self.box.hi_fg if on else self.box.fg
        i = self.labels.index(label) if label in getattr(self, "labels", ()) else None
        keyed = i is None or not hasattr(self, "key_letter") or bool(self.key_letter(i))
        text(surface, label[:1], (rect.x + CELL_W, rect.y),
             fg if on or not keyed else self.box.key)
        text(surface, label[1:], (rect.x + 2 * CELL_W, rect.y), fg)

    def list_look(self) -> MenuLook:
        return menu_look(self.box)

    def initials_look(self) -> MenuLook:
        return menu_look(Look(hi_fg=BLACK, hi_bg=YELLOW, dim=DARK_GREY, fg=WHITE, value=YELLOW))


class Question(Skin, modals.Question):
    """A question the DOS way: "... (Y/n)" after the text, the capital the focused answer;
    Enter takes it, the letters answer, Space is No (as ``yes_no``).

    The letters are keys of the keyboard only: with a pad or a cabinet's panel in hand (as
    games.ui.controls names it) the question says instead, on a line of its own, what the
    buttons in hand answer ("Button 1: Yes  Button 2: No": confirm takes the focused
    answer, back the cancelling one; with that one lit, "Button 2: No  stick, then
    Button 1: Yes": the kit's ``panel_hint``), and the original's "N) " before a label and its
    picked-out first letter are not shown. The box is laid out again when that changes."""

    CHOOSE = "\u2190\u2192 choose"

    def shown(self, label: str) -> str:
        """A button's label as drawn: off the keyboard without the original's "N) "."""
        if self.keys_in_hand():
            return label
        return LETTER_LABEL.sub("", label, count=1)

    def suffix(self) -> str:
        if self.vertical or not self.keys_in_hand():
            return ""
        keys = [label[:1].upper() if i == self.focus else label[:1].lower()
                for i, label in enumerate(self.labels)]
        return f" ({'/'.join(keys)})"

    def prompt_lines(self) -> list:
        lines = super().prompt_lines() or [""]     # with the panel's line: as it is
        return lines if self.panel_hint() else lines[:-1] + [lines[-1] + self.suffix()]

    def button_size(self, label: str) -> tuple:
        return super().button_size(self.shown(label))

    def draw_button(self, surface, rect, label: str, focused: bool, pressed: bool) -> None:
        if self.keys_in_hand():
            super().draw_button(surface, rect, label, focused, pressed)
            return
        on = focused or pressed
        if on:
            surface.fill(self.box.hi_bg, rect)
        text(surface, self.shown(label), (rect.x + CELL_W, rect.y),
             self.box.hi_fg if on else self.box.fg)

    def answer_key(self, action):
        if action.kind == "confirm" and action.char == " " and self.cancel is not None:
            return self.cancel
        return super().answer_key(action)

    def draw_lines(self, surface) -> None:
        suffix, hint = self.suffix(), self._hint
        for n, (s, (x, y)) in enumerate(self.text_at):
            last = n == len(self.text_at) - 1
            if last and hint:
                text(surface, s, (x, y), self.box.key)
                continue
            last = last and suffix
            body = s[:len(s) - len(suffix)] if last else s
            text(surface, body, (x, y), self.box.fg)
            if last:
                text(surface, suffix, (x + len(body) * CELL_W, y), self.box.key)


class MenuScene(Skin, modals.Menu, DialogScene):
    """The pop-up MENU box, drawn from a menu model (a game's ``menu_model()`` unless one is
    given): each line led by its shortcut letter, choices cycled by left/right. Back, the
    menu key, the right button or a click beside it close it."""

    close_outside = True

    def __init__(self, game, model=None, title: str = "", pos=None):
        super().__init__(game, game.menu_model() if model is None else model,
                         title or "MENU", pos)
        self.layout()

    def layout(self) -> None:
        """The box from the model (again when a label says something else: the cursor
        stays where it was)."""
        old = getattr(self, "dialog", None)
        self.dialog = self.make_dialog()
        room = self.screen.h - self.toast_lift() - CELL_H // 2
        if self.dialog.rect.h > room and any(i.name == "network" for i in self.model):
            # a menu too long for the screen leaves out Play over the network (the
            # game's title page offers it), never the game's own items
            self.model = [i for i in self.model if i.name != "network"]
            self.dialog = self.make_dialog()
        # a long menu is moved up off the game's status and key lines (its shadow too)
        if self.dialog.rect.bottom > room:
            h = self.dialog.rect.h
            self.dialog = self.make_dialog((self.screen.centerx, max(h // 2, room - h // 2)))
        if old is not None and old.menu is not None and self.dialog.menu is not None:
            self.dialog.menu.cursor = old.menu.cursor

    def make_dialog(self, centre=None) -> Dialog:
        return Dialog(self.title, items=menu_items(self.model, self.dismiss), cols=36,
                      sound=self.click, footer=self.footer_text(), centre=centre)

    def footer_text(self) -> str:
        """What the keys do here: "change" only where an item has values to change."""
        changes = any(getattr(item, "is_choice", False) for item in self.model)
        return MENU_FOOTER if changes else MENU_FOOTER_PLAIN

    def draw(self, surface) -> None:
        self.dialog.footer = self.named(self.footer_text())     # the controls in hand
        super().draw(surface)

    def find(self, *labels: str) -> pygame.Rect:
        shown = [i.label[3:] for i in self.dialog.menu.items]
        return self.dialog.menu.item_rect(shown.index(labels[-1]))
