"""Board geometry and the one board cursor every game uses.

- ``SquareGrid``: columns x rows of cells at a pitch from an origin: ``rect(c, r)``,
  ``centre(c, r)``, ``at(pos)`` (hit testing), ``neighbours(c, r)`` on screen.
- ``HexGrid``: flat-topped hexes in columns, odd columns half a cell lower ("odd-q", as
  TriAxis's island): the same methods, with six neighbours.
- ``BoardCursor``: where the keys and the pad point on a board. It steps to the nearest
  legal target in the direction pressed (the direction pressed is the direction it goes:
  with no target that way it stays), or moves freely clamped to the board; it shows when a
  key or pad is used and hides when the mouse is.
- ``wrap(text, width)``: words into lines of at most ``width`` characters.
"""

from __future__ import annotations

import math
from typing import Callable, Iterable, Sequence

import pygame

from games.ui.boardinput import STEPS, step_towards  # noqa: F401  (pure; kept here for callers)


def wrap(text: str, width: int) -> list[str]:
    """Words into lines of at most ``width`` characters (a longer word is cut)."""
    lines: list[str] = []
    for para in str(text).split("\n"):
        line = ""
        for word in para.split():
            while len(word) > width > 0:
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:width])
                word = word[width:]
            if line and len(line) + 1 + len(word) > width:
                lines.append(line)
                line = word
            else:
                line = f"{line} {word}" if line else word
        lines.append(line)
    while lines and not lines[-1]:
        lines.pop()
    return lines


class SquareGrid:
    def __init__(self, origin, pitch, cols: int, rows: int, gap: int = 0):
        self.x, self.y = origin
        self.pw, self.ph = pitch
        self.cols, self.rows = cols, rows
        self.gap = gap            # pixels of each pitch that are grid line, not cell

    @property
    def rect_all(self) -> pygame.Rect:
        return pygame.Rect(self.x, self.y, self.cols * self.pw + self.gap,
                           self.rows * self.ph + self.gap)

    def rect(self, c: int, r: int) -> pygame.Rect:
        g = self.gap
        return pygame.Rect(self.x + c * self.pw + g, self.y + r * self.ph + g,
                           self.pw - g, self.ph - g)

    def centre(self, c: int, r: int) -> tuple:
        return self.rect(c, r).center

    def at(self, pos) -> tuple | None:
        if pos is None:
            return None
        dx, dy = pos[0] - self.x, pos[1] - self.y
        if dx < 0 or dy < 0:
            return None
        c, r = dx // self.pw, dy // self.ph
        if c < self.cols and r < self.rows:
            return (int(c), int(r))
        return None

    def contains(self, c: int, r: int) -> bool:
        return 0 <= c < self.cols and 0 <= r < self.rows

    def neighbours(self, c: int, r: int) -> list:
        return [(c + dc, r + dr) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                if (dc or dr) and self.contains(c + dc, r + dr)]


class HexGrid:
    """Flat-topped hexes, ``size`` the distance from centre to corner; odd columns (b, d,
    ...) half a hex lower. ``squash`` shrinks heights (pixels taller than wide)."""

    # odd-q neighbours: (dc, dr) for even columns and for odd columns, clockwise from up
    EVEN = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1))
    ODD = ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))

    def __init__(self, origin, size: float, cols: int, rows: int, squash: float = 1.0):
        self.x, self.y = origin
        self.size = size
        self.cols, self.rows = cols, rows
        self.squash = squash
        self.dx = 1.5 * size
        self.dy = math.sqrt(3) * size * squash

    def centre(self, c: int, r: int) -> tuple:
        return (round(self.x + self.size + c * self.dx),
                round(self.y + self.dy / 2 + r * self.dy + (self.dy / 2 if c % 2 else 0)))

    def corners(self, c: int, r: int) -> list:
        cx, cy = self.centre(c, r)
        s, q = self.size, self.squash
        return [(round(cx + s * math.cos(math.radians(a))),
                 round(cy + s * q * math.sin(math.radians(a)))) for a in range(0, 360, 60)]

    def rect(self, c: int, r: int) -> pygame.Rect:
        cx, cy = self.centre(c, r)
        w, h = round(2 * self.size), round(self.dy)
        return pygame.Rect(cx - w // 2, cy - h // 2, w, h)

    def contains(self, c: int, r: int) -> bool:
        return 0 <= c < self.cols and 0 <= r < self.rows

    def at(self, pos) -> tuple | None:
        """The hex whose centre is nearest, if the point is inside it."""
        if pos is None:
            return None
        px, py = pos
        c0 = int((px - self.x - self.size) // self.dx)
        best, bd = None, None
        for c in range(c0 - 1, c0 + 3):
            r0 = int((py - self.y - (self.dy / 2 if c % 2 else 0)) // self.dy)
            for r in range(r0 - 1, r0 + 3):
                if not self.contains(c, r):
                    continue
                cx, cy = self.centre(c, r)
                d = (px - cx) ** 2 + ((py - cy) / self.squash) ** 2
                if bd is None or d < bd:
                    best, bd = (c, r), d
        if best is None or bd > (self.size * 0.98) ** 2:
            return None
        return best

    def neighbours(self, c: int, r: int) -> list:
        steps = self.ODD if c % 2 else self.EVEN
        return [(c + dc, r + dr) for dc, dr in steps if self.contains(c + dc, r + dr)]


class BoardCursor:
    """The keyboard and pad cursor of a board.

    ``targets()`` gives the legal targets (for stepping among them), or None for a free
    cursor clamped to ``bounds`` (cols, rows). ``centre(p)`` places a position on screen.
    """

    def __init__(self, centre: Callable[[object], tuple],
                 targets: Callable[[], Sequence] | None = None,
                 bounds: tuple | None = None, start=None):
        self.centre = centre
        self.targets = targets
        self.bounds = bounds
        self.pos = start
        self.visible = False

    def show(self) -> None:
        self.visible = True

    def hide(self) -> None:
        self.visible = False

    def seen(self, action) -> None:
        """Show on key or pad use, hide on mouse use."""
        if action.source == "mouse" and action.kind.startswith("pointer"):
            self.visible = False

    def place(self, pos) -> None:
        self.pos = pos

    def step(self, kind: str) -> bool:
        """Move one step; the first press only shows a hidden cursor. True if it moved or
        showed."""
        if not self.visible:
            self.visible = True
            return True
        if self.targets is not None:
            targets = list(self.targets())
            if not targets:
                return False
            if self.pos not in targets:
                self.pos = targets[0]
                return True
            nxt = step_towards(targets, self.pos, kind, self.centre)
            if nxt is None:
                return False
            self.pos = nxt
            return True
        dc, dr = STEPS[kind]
        c, r = self.pos
        cols, rows = self.bounds
        nc, nr = max(0, min(cols - 1, c + dc)), max(0, min(rows - 1, r + dr))
        moved = (nc, nr) != (c, r)
        self.pos = (nc, nr)
        return moved
