"""The modal kit: what every look's questions, messages, menus, pages, title pages, initials
and score tables do, whatever they look like.

Each class here is a ``ModalScene`` that knows the behaviour only: focus, keys, the pointer
and the pad (one ``Action`` vocabulary), callbacks and closing. A look module
(``games.ui.dos``, ``amiga``, ``riscos``) puts its ``Skin`` in front of them: the skin gives
the metrics (``line_h``, ``margins``, ``button_size``, ``button_row``, ``place``) the layout
here uses, and the drawing (``draw_frame``, ``draw_button``, ``colour``, ``list_look``); a
look subclasses a modal only where it differs (DOS asks "(Y/n)", the Amiga's menu is its
strip, RISC OS's menu opens at the pointer). ``games.ui.kits.get(look)`` hands out the
eight factories.

The layout is made when a modal is made (``layout()``) and again only when its content
changes (a page turned, a label that follows the game saying something else: a cabinet's
"New game: INSERT COIN" after a coin, ``games.ui.commands.Label``); ``draw`` only reads it.
A click is a press and its release on the modal (the release closes it), so no half of a
click falls through to the game beneath.
"""

from __future__ import annotations

import re
from typing import Callable, Sequence

import pygame

from games.core.input import DIRECTIONS, PAD_BUTTONS, PAD_DIRECTIONS
from games.ui import fonts
from games.ui.board import wrap
from games.ui.commands import read_again, relabel
from games.ui.lookscene import ModalScene
from games.ui.widgets import InitialsEntry, Item, MenuList, MenuLook

NUMBER = re.compile(r"^[+-]?\d[\d,.:']*%?$")
# a key or button bound to nothing (F5, a pad's trigger) is a "key": it closes these too
ANY_KEY = ("confirm", "back", "menu", "command", "text", "key")
# every pad button (and so every button of a cabinet's panel): a box that any press closes
# binds them all, so that those bound to nothing else (X, Y, the shoulders, Back...) reach it
ANY_PAD = {"any": [b for b in PAD_BUTTONS.values() if b not in PAD_DIRECTIONS]}
PREV, NEXT = ("left", "up"), ("right", "down")


def is_number(cell) -> bool:
    """A table cell that reads as a number (right-aligned): 12, -3, 1.5, "4,200", "75%"."""
    if isinstance(cell, bool):
        return False
    if isinstance(cell, (int, float)):
        return True
    return bool(NUMBER.match(str(cell).strip()))


GUARD_SECONDS = 0.4   # a new box's deaf moment (the app's ``modal_guard`` option sets it)
PRESSES = ("confirm", "back", "menu", "command", "text", "key", "pointer_down", "pointer_up")


class Modal(ModalScene):
    """The base: closing once (``finish``), the click sound, clicks, and the skin's hooks
    with plain defaults (a look's ``Skin`` mixin overrides them).

    The guard: a box that can be answered (a question, an end box, a message, initials)
    ignores the presses in ``guarded`` for its first ``app.options.modal_guard`` seconds
    (0.4 s; tests set 0), counted on the app's frame clock (the ``dt`` of the frames it is
    on top for), so that a key or button still held or pressed for what came before it (a
    move, the last Enter of a game) never answers it. The loop wakes when it ends."""

    name = "modal"
    guarded = PRESSES          # the actions its guard ignores (a menu, opened on purpose: none)
    click_sound = ""           # the look's click (a sound name)
    right_is_back = True       # the right button is No / close (DOS, Amiga); RISC OS: Adjust
    line_h = 10                # one line of text
    gap = 8                    # between the text and the buttons
    text_align = "centre"      # or "left"
    default_title = ""

    def __init__(self, game):
        super().__init__(game)
        self.closed = False
        self._down = None          # (button, pos) of a press that began on this modal
        self._hand = None          # the controls in hand its text was laid out for
        self.age = 0.0             # seconds on top, on the app's frame clock (the guard)

    @property
    def guard(self) -> float:
        """This box's deaf moment in seconds (0: none)."""
        if not self.guarded:
            return 0.0
        return float(getattr(self.app.options, "modal_guard", GUARD_SECONDS))

    def deaf(self, action) -> bool:
        """True while the guard ignores ``action`` (a press in the box's first moment)."""
        return action.kind in self.guarded and self.age < self.guard

    def accepts(self, action) -> bool:
        if self.deaf(action):
            if action.kind == "pointer_down":
                self._down = None          # its release is not a click either
            return False
        return super().accepts(action)

    def wake_in(self):
        """The loop wakes when the guard ends (the presses after it are answered at once)."""
        left = self.guard - self.age
        return max(left, 0.001) if left > 0 else super().wake_in()

    def named_layout(self, text: str) -> str:
        """``text`` named for the controls in hand, remembered so that the modal is laid
        out again when another controller (or the mouse) is picked up."""
        self._hand = self.hand()
        return self.named(text)

    def update(self, dt: float) -> bool:
        self.age += dt
        relabelled = self.relabel()
        if relabelled or (self._hand is not None and self.hand() != self._hand):
            self.layout()
            return True
        return False

    def relabel(self) -> bool:
        """Its labels that follow the game (``commands.Label``) read again: True when one
        says something else now (the modal is laid out again)."""
        return False

    # -- the skin's hooks --------------------------------------------------------------------
    @property
    def font(self):
        return fonts.get(self.font_name)

    @property
    def screen(self) -> pygame.Rect:
        return pygame.Rect((0, 0), self.native_size)

    def text_w(self, s: str) -> int:
        return self.font.size(s)[0]

    def margins(self, title: str) -> tuple:
        """(left, top, right, bottom) pixels from the content to the frame's edges."""
        return (8, 8, 8, 8)

    def min_width(self, title: str) -> int:
        return self.text_w(title) + 16

    def snap(self, x: int) -> int:
        """A text column: DOS keeps text in its 8-pixel cells."""
        return x

    def place(self, w: int, h: int, title: str = "", centre=None):
        """(frame rect, content rect) for content ``w`` x ``h``, centred (on ``centre``)."""
        left, top, right, bottom = self.margins(title)
        w = max(w, self.min_width(title) - left - right)
        rect = pygame.Rect(0, 0, w + left + right, h + top + bottom)
        rect.center = centre or self.screen.center
        rect.clamp_ip(self.screen)
        return rect, pygame.Rect(rect.x + left, rect.y + top, w, h)

    def button_size(self, label: str) -> tuple:
        return (self.text_w(label) + 16, self.line_h + 4)

    def button_gap(self) -> int:
        return 16

    def row_width(self, sizes) -> int:
        return sum(w for w, _ in sizes) + self.button_gap() * (len(sizes) - 1)

    def row_start(self, area: pygame.Rect, sizes) -> int:
        """The left of a row of buttons in ``area``: centred (RISC OS: at the right)."""
        return self.snap(area.centerx - self.row_width(sizes) // 2)

    def button_row(self, area: pygame.Rect, sizes) -> list:
        """Where a row of buttons goes in ``area`` (the Amiga spreads them out)."""
        x = self.row_start(area, sizes)
        out = []
        for w, h in sizes:
            out.append(pygame.Rect(x, area.y, w, h))
            x += w + self.button_gap()
        return out

    def colour(self, role: str):
        raise NotImplementedError

    def write(self, surface, s: str, pos, role: str = "text") -> None:
        self.font.draw(surface, s, pos, self.colour(role))

    def line_at(self, s: str, area: pygame.Rect, y: int) -> tuple:
        """Where a line of text goes in ``area``: the look's way (centred or left)."""
        if self.text_align == "left":
            return (area.x, y)
        return self.centred_at(s, area, y)

    def centred_at(self, s: str, area: pygame.Rect, y: int) -> tuple:
        return (self.snap(area.centerx - self.text_w(s) // 2), y)

    def draw_frame(self, surface, rect: pygame.Rect, title: str) -> None:
        raise NotImplementedError

    def draw_button(self, surface, rect, label: str, focused: bool, pressed: bool) -> None:
        raise NotImplementedError

    def list_look(self) -> MenuLook:
        raise NotImplementedError

    def initials_look(self) -> MenuLook:
        return self.list_look()

    # -- closing -----------------------------------------------------------------------------
    def click(self, _what: str = "") -> None:
        if self.click_sound:
            self.app.play(self.click_sound)

    def finish(self, callback: Callable | None = None, *args, sound: bool = True) -> bool:
        """Close this modal (once), then run ``callback(*args)``; False if already closed."""
        if self.closed:
            return False
        self.closed = True
        if sound:
            self.click()
        if self in self.app.stack:
            self.app.pop_to(self)
            self.app.pop()
        if callback is not None:
            callback(*args)
        return True

    def dismiss(self) -> None:
        self.finish(sound=False)

    def close(self) -> None:
        """Popped: by ``finish``, or by something else (``abandoned``)."""
        if not self.closed:
            self.closed = True
            self.abandoned()

    def abandoned(self) -> None:
        """Closed without an answer (a game popping its modals)."""

    def released(self, action):
        """At the release of a press that began on this modal: (button, where it was
        pressed, where released); None for anything else (a press is remembered)."""
        if action.kind == "pointer_down":
            self._down = (action.button, action.pos)
        elif action.kind == "pointer_up" and self._down is not None:
            (button, pos), self._down = self._down, None
            if button == action.button:
                return button, pos, action.pos
        return None


def lines_of(text) -> list:
    return [text] if isinstance(text, str) else [str(s) for s in text]


class Question(Modal):
    """Lines of text and buttons: ``choices`` [(label, callback or None)]; a vertical list
    when there are more than three. Keys: left/up and right/down move the focus, confirm
    presses it, and so does Start (menu: a cabinet's or a pad's Start presses the lit
    answer, as on a title page), a typed first letter presses its button; back (and the
    right button where it means No) presses ``cancel`` (None: they do nothing). The pointer
    presses a button it is pressed and released on. The modal pops before the callback."""

    name = "ask"
    # set by the asker when the default answer keeps a finished game's result (a score
    # file's "Compare scores?"): closed unanswered, the question takes that answer
    keeps = False

    def __init__(self, game, text, choices: Sequence[tuple], default: int = 0,
                 cancel: int | None = None, title: str = "", centre=None):
        super().__init__(game)
        self.lines = lines_of(text)
        self.choices = [(label if isinstance(label, str) else str(label), cb)
                        for label, cb in choices]
        self.labels = [label for label, _ in self.choices]
        self.cancel = cancel
        self.focus = max(0, min(default, len(self.choices) - 1))
        self.default = self.focus
        self.title = title or self.default_title
        self.centre = centre
        self.answer: int | None = None       # the button pressed (tests read it)
        self.layout()

    @property
    def vertical(self) -> bool:
        return len(self.choices) > 3

    def relabel(self) -> bool:
        labels = [read_again(label) for label in self.labels]
        if labels == self.labels:
            return False
        self.labels[:] = labels
        self.choices[:] = [(label, cb) for label, (_, cb) in zip(labels, self.choices)]
        return True

    def prompt_lines(self) -> list:
        """The text wrapped to the box, and off the keyboard a line that says what the
        buttons in hand answer (``panel_hint``)."""
        per = max(10, self.screen.w * 3 // 4 // self.font.width)
        hint = self.panel_hint()
        return ([part for line in self.lines for part in (wrap(line, per) or [""])]
                + ([hint] if hint else []))

    def keys_in_hand(self) -> bool:
        """The keyboard (or the mouse, its other half) is in hand."""
        return self.hand()[1] in ("key", "mouse")

    def shown(self, label: str) -> str:
        """A button's label as drawn (a look may drop a keyboard-only part of it)."""
        return label

    def panel_hint(self) -> str:
        """With a pad or a cabinet's panel in hand, a line across: what confirm and back
        answer now (the focused answer; the cancelling one), and that left/right choose
        when they are not all named ("" on the keyboard; in a list the stick chooses,
        confirm takes, back is the cancelling answer). Each answer is named once, with its
        way: with No lit, "Button 2: No  stick, then Button 1: Yes" ("Button 1 or Button 2:
        No" read as if nothing meant Yes; "Button 1: take" left a stranger asking "take
        what?"). Every look's question says it: without it a customer at a Tripppin or
        Triple 3 box had to guess."""
        if self.keys_in_hand():
            return ""
        focused, cancel = self.shown(self.labels[self.focus]), self.cancel
        if self.vertical:                    # a list: its lines are the answers
            return self.named("  ".join(["{move}: choose", "{confirm}: take"] + (
                [] if cancel is None else [f"{{back}}: {self.shown(self.labels[cancel])}"])))
        if cancel is None:
            parts = [f"{{confirm}}: {focused}"]
        elif cancel == self.focus and len(self.labels) == 2:
            # No lit: Button 2 is No, and the way to Yes is the stick then Button 1
            other = self.shown(self.labels[1 - self.focus])
            return self.named(f"{{back}}: {focused}  {{move}}, then {{confirm}}: {other}")
        elif cancel == self.focus:
            parts = ["{confirm}: take", f"{{back}}: {focused}"]
        else:
            parts = [f"{{confirm}}: {focused}", f"{{back}}: {self.shown(self.labels[cancel])}"]
        named = {self.focus} if cancel is None else {self.focus, cancel}
        if len(self.labels) > len(named):
            parts.append(self.CHOOSE)
        return self.named("  ".join(parts))

    CHOOSE = "{move}: choose"        # the panel line's word on the other answers

    def update(self, dt: float) -> bool:
        if super().update(dt):
            return True
        if self.panel_hint() != getattr(self, "_hint", ""):  # the focus moved: confirm
            self.layout()                                     # answers another
            return True
        return False

    def content(self) -> tuple:
        """(width, height, block) of what goes above the buttons; block(area) lays it out."""
        text = self.prompt_lines()
        w = max((self.text_w(s) for s in text), default=0)
        h = len(text) * self.line_h + (self.gap if text else 0)

        def block(area):
            self.text_at = [(s, self.line_at(s, area, area.y + i * self.line_h))
                            for i, s in enumerate(text)]
        return w, h, block

    def layout(self) -> None:
        self._hand = self.hand()             # laid out again for another controller
        self._hint = self.panel_hint()
        sizes = [self.button_size(label) for label in self.labels]
        bw = max(w for w, _ in sizes)
        bh = max(h for _, h in sizes)
        if self.vertical:
            block_w, block_h = bw, len(sizes) * (bh + 2) - 2
        else:
            block_w, block_h = self.row_width(sizes), bh
        cw, ch, block = self.content()
        self.rect, self.inner = self.place(max(cw, block_w), ch + block_h, self.title,
                                           self.centre)
        block(pygame.Rect(self.inner.x, self.inner.y, self.inner.w, ch))
        if self.vertical:
            x = self.snap(self.inner.centerx - bw // 2)
            self.button_rects = [pygame.Rect(x, self.inner.bottom - block_h + i * (bh + 2), bw, bh)
                                 for i in range(len(sizes))]
        else:
            area = pygame.Rect(self.inner.x, self.inner.bottom - bh, self.inner.w, bh)
            self.button_rects = self.button_row(area, sizes)

    def button_at(self, pos) -> int | None:
        if pos is None:
            return None
        for i, r in enumerate(self.button_rects):
            if r.collidepoint(pos):
                return i
        return None

    @property
    def pressed(self) -> int | None:
        """The button under a press of the pointer not yet released (drawn pressed)."""
        if self._down is None or self._down[0] == 3 and self.right_is_back:
            return None
        return self.button_at(self._down[1])

    def press(self, i: int | None) -> None:
        if i is None or self.closed:
            return
        self.answer = i
        self.finish(self.choices[i][1])

    def abandoned(self) -> None:
        """Closed unanswered (nobody answered before the cabinet's timeout, the program
        ended): a question that ``keeps`` a result takes its default answer, so a result
        is never lost to a walk-away (as an initials box enters what it shows)."""
        if self.keeps and self.answer is None:
            self.answer = self.default
            callback = self.choices[self.default][1]
            if callback is not None:
                callback()

    def key_letter(self, i: int) -> str:
        """The letter that presses button ``i`` (its initial, lower case), or "" when an
        earlier button has that initial (BLUE keeps B; a Back after it has Esc): each
        letter shown picked out answers one button only."""
        c = self.labels[i][:1].lower()
        if not c.strip() or any(label[:1].lower() == c for label in self.labels[:i]):
            return ""
        return c

    def answer_key(self, action) -> int | None:
        """The button a key presses by its letter (the first button with that initial)."""
        if action.kind in ("text", "command") and action.char:
            c = action.char.lower()
            for i, label in enumerate(self.labels):
                if label[:1].lower() == c:
                    return i
        return None

    def handle(self, action) -> None:
        k = action.kind
        hit = self.answer_key(action)
        if hit is not None:
            self.press(hit)
        elif k in PREV or k in NEXT:
            step = -1 if k in PREV else 1
            self.focus = max(0, min(len(self.choices) - 1, self.focus + step))
        elif k in ("confirm", "menu"):
            self.press(self.focus)
        elif k == "back":
            self.press(self.cancel)
        else:
            done = self.released(action)
            if done is None:
                return
            button, down, up = done
            if button == 3 and self.right_is_back:
                self.press(self.cancel)
            elif button in (1, 3) and self.button_at(down) == self.button_at(up):
                self.press(self.button_at(up))

    def draw_lines(self, surface) -> None:
        for s, pos in self.text_at:
            self.write(surface, s, pos)

    def draw(self, surface) -> None:
        self.draw_frame(surface, self.rect, self.title)
        self.draw_lines(surface)
        pressed = self.pressed
        for i, (r, label) in enumerate(zip(self.button_rects, self.labels)):
            self.draw_button(surface, r, label, i == self.focus, i == pressed)


class Message(Question):
    """Lines of text and one OK: any confirm, back, menu, command key, typed key, arrow,
    pad button (the d-pad and the stick too: it has nothing to move) or click (of any
    button) closes it, and that press does nothing else. A held direction's repeats and
    the mouse wheel do not; the guard covers the directions too."""

    name = "message"
    pad_commands = ANY_PAD
    guarded = PRESSES + DIRECTIONS

    def __init__(self, game, lines, on_close: Callable | None = None, title: str = ""):
        super().__init__(game, lines, [("OK", on_close)], 0, 0, title)

    def panel_hint(self) -> str:
        return ""                  # any button closes it: nothing to tell apart

    def handle(self, action) -> None:
        k = action.kind
        if (k in ANY_KEY or k in DIRECTIONS and not action.repeat and action.source != "mouse"
                or self.released(action) is not None):
            self.press(0)


class Table(Message):
    """A score table: ``header`` the column headings, ``rows`` lists of cells. A column
    whose cells are all numbers is right-aligned (its heading too): every number ends at
    its heading's right edge; other columns start at their heading's left edge.
    ``highlight`` is a row index drawn lit; any press closes it (as a message)."""

    name = "table"

    def __init__(self, game, title: str, header: Sequence, rows: Sequence[Sequence],
                 highlight: int | None = None, footer: str = "",
                 on_close: Callable | None = None):
        self.header = [str(h) for h in header]
        self.rows = [[("" if c is None else str(c)) for c in row][:len(self.header)]
                     for row in rows]
        self.numeric = [any(len(r) > j and r[j] for r in self.rows)
                        and all(is_number(r[j]) for r in self.rows if len(r) > j and r[j])
                        for j in range(len(self.header))]
        self.highlight = highlight
        self.footer = footer
        super().__init__(game, [], on_close, title)

    def content(self) -> tuple:
        cw = self.font.width
        widths = [max([len(h)] + [len(r[j]) for r in self.rows if len(r) > j]) * cw
                  for j, h in enumerate(self.header)]
        spacing = 2 * cw
        footer = self.named_layout(self.footer) if "{" in self.footer else self.footer
        w = max(sum(widths) + spacing * (len(widths) - 1), self.text_w(footer))
        n = 1 + len(self.rows) + (2 if self.footer else 0)
        h = n * self.line_h + self.gap

        def block(area):
            x = self.snap(area.centerx - (sum(widths) + spacing * (len(widths) - 1)) // 2)
            self.columns = []
            for wj in widths:
                self.columns.append(pygame.Rect(x, area.y, wj, self.line_h))
                x += wj + spacing
            self.heads = [self.cell_rect(j, h, area.y) for j, h in enumerate(self.header)]
            self.cells = [[self.cell_rect(j, c, area.y + (i + 1) * self.line_h)
                           for j, c in enumerate(row)] for i, row in enumerate(self.rows)]
            self.row_rects = [pygame.Rect(area.x, area.y + (i + 1) * self.line_h, area.w,
                                          self.line_h) for i in range(len(self.rows))]
            fy = area.y + (len(self.rows) + 2) * self.line_h
            self.footer_text = footer
            self.footer_at = self.line_at(footer, area, fy)
            self.text_at = []
        return w, h, block

    def cell_rect(self, j: int, text: str, y: int) -> pygame.Rect:
        col = self.columns[j]
        w = self.text_w(text)
        x = col.right - w if self.numeric[j] else col.x
        return pygame.Rect(x, y, w, self.line_h)

    def draw_lines(self, surface) -> None:
        if self.highlight is not None and 0 <= self.highlight < len(self.rows):
            lit = self.list_look()
            surface.fill(lit.hi_bg, self.row_rects[self.highlight])
        for r, h in zip(self.heads, self.header):
            self.write(surface, h, r.topleft, "title")
        for i, (rects, row) in enumerate(zip(self.cells, self.rows)):
            role = "hi" if i == self.highlight else "text"
            for r, c in zip(rects, row):
                self.write(surface, c, r.topleft, role)
        if self.footer:
            self.write(surface, self.footer_text, self.footer_at, "dim")


class Pages(Modal):
    """Pages to read: a page is a list of lines, or a callable ``draw(surface, rect)`` (a
    picture). Right/down/confirm/a typed key/a click/pad A: the next page (past the last
    closes); left/up: the previous; back/menu/the right button: close. The footer says
    "Page n of m" and which control turns the page and which closes."""

    name = "pages"
    guarded = ()               # opened on purpose (help, messages): read at once

    def __init__(self, game, pages: Sequence, title: str = "",
                 on_close: Callable | None = None):
        super().__init__(game)
        self.title = title
        self.on_close = on_close
        self.pages = self.fitted(list(pages) or [[]])
        self.index = 0
        self.layout()

    def fitted(self, pages: list) -> list:
        """The pages with every line wrapped to the screen's width (inside the frame's
        margins), a page grown too tall for the screen split in two: nothing is cut off."""
        left, top, right, bottom = self.margins(self.title)
        room = max(8, self.screen.w - left - right - 8)
        while room > 8:                     # the look's own frame (DOS: whole cells)
            rect, _ = self.place(room, self.line_h, self.title)
            if rect.left >= 0 and rect.right <= self.screen.w:
                break
            room -= 8
        tall = max(4, (self.screen.h - top - bottom - self.gap - self.line_h)
                   // max(1, self.line_h))
        out = []
        for page in pages:
            if callable(page):
                out.append(page)
                continue
            lines = []
            for line in page:              # a {confirm}-style placeholder: named for the
                line = str(line)           # controls in hand (a help page's)
                lines += self.wrapped(self.named(line) if "{" in line else line, room)
            out += [lines[i:i + tall] for i in range(0, len(lines), tall)] or [[]]
        return out

    def wrapped(self, line: str, room: int) -> list:
        """``line`` as lines no wider than ``room`` pixels."""
        if self.text_w(line) <= room:
            return [line]
        per = max(1, room // max(1, self.text_w("m")))
        while per > 1:
            parts = wrap(line, per) or [""]
            if all(self.text_w(p) <= room for p in parts):
                return parts
            per -= 1
        return wrap(line, 1) or [""]

    # what the keys do, after "Page n of m", named for the controls in hand
    HINT = "{confirm}: next  {back}: close"
    LAST_HINT = "{confirm}: close"

    def layout(self) -> None:
        texts = [p for p in self.pages if not callable(p)]
        self.hints = (self.named_layout(self.HINT), self.named(self.LAST_HINT))
        w = max([self.text_w(s) for p in texts for s in p]
                + [self.text_w(f"Page 99 of 99   {h}") for h in self.hints])
        h = max([len(p) for p in texts] + [1]) * self.line_h
        if len(texts) < len(self.pages):          # a picture: most of the screen
            w = max(w, self.screen.w * 3 // 4)
            h = max(h, self.screen.h // 2)
        self.rect, self.inner = self.place(w, h + self.gap + self.line_h, self.title)
        self.page_rect = pygame.Rect(self.inner.x, self.inner.y, self.inner.w, h)
        widest = max([self.text_w(s) for p in texts for s in p] + [0])
        self.lines_x = (self.page_rect.x if self.text_align == "left"
                        else self.snap(self.page_rect.centerx - widest // 2))
        self.footer_y = self.inner.bottom - self.line_h

    @property
    def page_text(self) -> str:
        return f"Page {self.index + 1} of {len(self.pages)}"

    @property
    def footer(self) -> str:
        """The page's number and what the keys do there (past the last page they close)."""
        last = self.index + 1 >= len(self.pages)
        return f"{self.page_text}   {self.hints[1 if last else 0]}"

    def turn(self, step: int) -> None:
        if self.index + step >= len(self.pages):
            self.finish(self.on_close)
        else:
            self.index = max(0, self.index + step)
            self.click()

    def handle(self, action) -> None:
        k = action.kind
        if k in ("back", "menu"):
            self.finish(self.on_close)
        elif k in NEXT or k in ("confirm", "text", "command"):
            self.turn(1)
        elif k in PREV:
            self.turn(-1)
        else:
            done = self.released(action)
            if done is not None:
                if done[0] == 3:
                    self.finish(self.on_close)
                else:
                    self.turn(1)

    def draw(self, surface) -> None:
        self.draw_frame(surface, self.rect, self.title)
        page = self.pages[self.index]
        if callable(page):
            page(surface, self.page_rect)
        else:
            for i, line in enumerate(page):
                self.write(surface, line, (self.lines_x, self.page_rect.y + i * self.line_h))
        self.write(surface, self.footer, self.line_at(self.footer, self.inner, self.footer_y),
                   "dim")


class Title(Modal):
    """A game's title page, the whole screen: ``draw(surface)`` paints its picture, the
    ``choices`` [(label, callback)] are a list (up/down, the pointer); confirm, a click,
    pad A, Start (menu) press the focused one. It pops itself before the callback. Back
    runs ``on_back`` (None: leaves the game: the title and the game are popped)."""

    name = "title"
    transparent = False
    guarded = ("back",)        # a stray Esc never leaves; Enter takes what loses nothing

    def __init__(self, game, draw: Callable, choices: Sequence[tuple], default: int = 0,
                 footer: str = "", on_back: Callable | None = None):
        super().__init__(game)
        self.owner = None              # before play: anyone
        self.picture = draw
        self.choices = [(str(label), cb) for label, cb in choices]
        self.footer = footer
        self.on_back = on_back
        self.default = default
        # choices still being found (a server asked on a thread): the game's
        # ``title_later()`` gives ``ready``, called each frame: None until they are known,
        # then [(label, callback)], added at the end (the focus stays where it was)
        later = getattr(game, "title_later", None)
        self.later = later() if callable(later) else None
        self.layout()

    def update(self, dt: float) -> bool:
        changed = super().update(dt)
        if self.later is not None:
            more = self.later()
            if more is not None:
                self.later = None
                if more:
                    self.choices += [(str(label), cb) for label, cb in more]
                    self.layout()
                    return True
        return changed

    def wake_in(self):
        return 0.1 if self.later is not None else super().wake_in()

    def layout(self) -> None:
        look = self.list_look()
        lh = look.line_height or look.font.height + 2
        w = (max(len(label) for label, _ in self.choices) + 4) * look.font.width
        h = len(self.choices) * lh
        s = self.screen
        # the choices' window is titled with the game's name (an empty bar looks broken)
        self.panel_title = str(getattr(getattr(self.game, "entry", None), "title", "") or "")
        # where a title's two choices sit (under the game's picture and its credits); more
        # choices grow the list downwards from there, never up over the picture
        grow = max(0, len(self.choices) - 2) * lh // 2
        self.footer_text = self.named_layout(self.footer) if "{" in self.footer else self.footer
        self.footer_at = self.centred_at(self.footer_text, s, s.h - self.line_h - 4)
        self.panel, inner = self.clear_place(w, h, (s.centerx, s.h * 7 // 10 + grow))
        items = [Item(label, on_confirm=lambda i=i: self.choose(i))
                 for i, (label, _) in enumerate(self.choices)]
        cursor = self.menu.cursor if getattr(self, "menu", None) is not None else self.default
        self.menu = MenuList(items, look, inner, cursor=max(0, min(cursor, len(items) - 1)))

    def clear_place(self, w: int, h: int, centre) -> tuple:
        """Where the choices' window goes: at ``centre``, or the nearest place where it
        covers none of the picture's text or art, nor the footer (games.ui.clearance)."""
        from games.ui.clearance import clear_spot
        footer = [pygame.Rect(0, self.footer_at[1], 1, self.line_h)] if self.footer else []
        return clear_spot(lambda c: self.place(w, h, self.panel_title, c), centre,
                          self.screen, self.picture, footer)

    @property
    def focus(self) -> int:
        return self.menu.cursor

    def choose(self, i: int) -> None:
        self.finish(self.choices[i][1])

    def leave(self) -> None:
        if self.on_back is not None:
            self.finish(self.on_back)
            return
        game = self.game
        self.finish()
        if game in self.app.stack:
            self.app.pop_to(game)
            self.app.pop()

    def handle(self, action) -> None:
        k = action.kind
        if k == "back":
            self.leave()
        elif k == "menu":
            self.choose(self.menu.cursor)
        else:
            self.menu.handle(action)

    def draw(self, surface) -> None:
        self.picture(surface)
        self.draw_frame(surface, self.panel, self.panel_title)
        self.menu.draw(surface)
        if self.footer:
            self.write(surface, self.footer_text, self.footer_at, "dim")


class Initials(Modal):
    """Arcade initials: up/down change the letter, confirm (pad A, button 1) goes to the
    next letter and after the third is done; back (pad B) goes to the previous letter (on
    the first: done with what is there); typed letters fill the slots; left/right move; a
    click on a slot, an arrow or OK works. ``on_done(initials)`` is called exactly once,
    also when the modal is closed another way (with what is there)."""

    name = "initials"
    HINT = "\u2191\u2193 letter  \u2190\u2192 move  {confirm} next"

    def __init__(self, game, prompt_lines, default: str = "AAA",
                 on_done: Callable[[str], None] | None = None):
        super().__init__(game)
        self.lines = lines_of(prompt_lines)
        self.on_done = on_done
        self.entry = InitialsEntry(self.initials_look(), (0, 0), default, on_done=self.entered,
                                   arcade=True)
        self.layout()

    @property
    def initials(self) -> str:
        return self.entry.text

    def layout(self) -> None:
        lh = self.line_h
        er = self.entry.rect if self.entry.pos == (0, 0) else self.entry.rect.move(
            -self.entry.pos[0], -self.entry.pos[1])   # its size and offsets at (0, 0)
        self.hint = self.named_layout(self.HINT)
        w = max([self.text_w(s) for s in self.lines] + [er.w, self.text_w(self.hint)])
        h = len(self.lines) * lh + self.gap + er.h + self.gap + lh
        self.rect, self.inner = self.place(w, h, self.default_title)
        self.text_at = [(s, self.line_at(s, self.inner, self.inner.y + i * lh))
                        for i, s in enumerate(self.lines)]
        top = self.inner.y + len(self.lines) * lh + self.gap
        self.entry.pos = (self.snap(self.inner.centerx - er.w // 2) - er.x, top - er.y)
        self.hint_at = self.line_at(self.hint, self.inner, self.inner.bottom - lh)

    def entered(self, text: str) -> None:
        self.finish(self.on_done, text)

    def abandoned(self) -> None:
        if not self.entry.done:
            self.entry.done = True
            if self.on_done is not None:
                self.on_done(self.entry.text)

    def handle(self, action) -> None:
        k = action.kind
        if k == "back" and self.entry.cursor == 0:
            self.entry.accept()
        elif k.startswith("pointer"):
            done = self.released(action)
            if done is not None and done[0] == 1:
                self.entry.handle(type(action)("pointer_down", pos=done[1], button=1,
                                               source=action.source))
        else:
            self.entry.handle(action)

    def draw(self, surface) -> None:
        self.draw_frame(surface, self.rect, self.default_title)
        for s, pos in self.text_at:
            self.write(surface, s, pos)
        self.entry.draw(surface)
        self.write(surface, self.hint, self.hint_at, "dim")


class Menu(Modal):
    """A menu over its game, drawn from a ``commands.MenuItem`` model. The looks' menus
    (DOS's pop-up box, RISC OS's menu at the pointer, the Amiga's strip) navigate it their
    own way; they choose through ``choose_item``: the menu closes, then the item runs."""

    name = "menu"
    guarded = ()               # opened on purpose: navigated at once

    def __init__(self, game, model: Sequence = (), title: str = "", pos=None):
        super().__init__(game)
        self.model = list(model)
        self.title = title
        self.pos = pos
        self.chosen: list[str] = []            # labels chosen, newest last (tests read it)

    def relabel(self) -> bool:
        return relabel(self.model)

    def layout(self) -> None:
        """Its look's widgets made again from ``model`` (a label in it says something else
        now), where they were; none by default (a look that draws the labels as they are)."""

    def find(self, *labels: str) -> pygame.Rect:
        """The rect of an item by its labels along the path (tests and pointers)."""
        raise NotImplementedError

    def choose_item(self, item, keep_open: bool = False) -> bool:
        """Choose ``item``: False when it cannot be chosen."""
        if item is None or not item.is_enabled() or item.action is None:
            return False
        self.chosen.append(item.label)
        if keep_open:
            self.click()
            item.action()
        else:
            self.finish(item.action)
        return True
