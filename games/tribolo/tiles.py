"""Tribolo's tile, defined once: the sprite sheet (sprites/make_sprites.py) and the scene's
``draw_tile`` (any size: the small boards of See boards) both draw it with ``draw_tile``.
With seat marks (games/ui/marks.py) a seat's tile carries its shape on its face, in the
tile's own light colour: blue a ring, red a cross, green a triangle.

Pure drawing (no pygame): ``target`` is anything with ``fill(colour, (x, y, w, h))``: a
pygame Surface, or the sprite maker's image.
"""
from __future__ import annotations

from games.ui import marks
from games.ui.looks import EGA

BLACK, BLUE, GREEN, RED = EGA[0], EGA[1], EGA[2], EGA[4]
LIGHT_GREY, DARK_GREY, LIGHT_BLUE, LIGHT_GREEN = EGA[7], EGA[8], EGA[9], EGA[10]
LIGHT_RED, WHITE = EGA[12], EGA[15]

EMPTY = WHITE                     # an empty square
# a tile is a raised square: (face, light edge (top, left), dark edge (bottom, right))
COLOURS = {"B": (BLUE, LIGHT_BLUE, BLACK), "R": (RED, LIGHT_RED, BLACK),
           "G": (GREEN, LIGHT_GREEN, BLACK), "#": (LIGHT_GREY, WHITE, DARK_GREY)}


SEAT = {"B": "blue", "R": "red", "G": "green"}
# the seat marks at a full tile's size (32 x 23: 11 x 9, square on the EGA's tall pixels)
SHAPE_ART = {
    "circle": ("...#####...", ".#########.", "###.....###", "##.......##", "##.......##",
               "##.......##", "###.....###", ".#########.", "...#####..."),
    "cross": ("##.......##", "###.....###", ".###...###.", "..###.###..", "...#####...",
              "..###.###..", ".###...###.", "###.....###", "##.......##"),
    "triangle": (".....#.....", "....###....", "....###....", "...#####...", "...#####...",
                 "..#######..", "..#######..", ".#########.", "###########"),
}
FULL = (32, 23)                   # the tile the marks' art is drawn for


def draw_tile(target, rect, letter: str, squash: float = 1.0, marked: bool = False) -> None:
    """One square ``rect`` (x, y, w, h): white when empty (any letter but B R G #), else a
    raised tile squashed about its middle to ``squash`` of its height (mid-flip);
    ``marked``: a seat's tile carries its seat's shape (squashed with it)."""
    x, y, w, h = rect
    target.fill(EMPTY, (x, y, w, h))
    if letter not in COLOURS:
        return
    face, light, dark = COLOURS[letter]
    th = max(1, round(h * squash)) if squash < 1.0 else h
    y0 = y + (h - th) // 2
    target.fill(face, (x, y0, w, th))
    edge = 2 if th >= 8 and w >= 8 else 1 if th >= 3 else 0
    if edge:
        target.fill(light, (x, y0, w, edge))
        target.fill(light, (x, y0, edge, th))
        target.fill(dark, (x, y0 + th - edge, w, edge))
        target.fill(dark, (x + w - edge, y0 + edge, edge, th - edge))
    if marked and letter in SEAT:
        draw_mark(target, (x, y0, w, th), SHAPE_ART[marks.shape(SEAT[letter])], light,
                  squash * h / FULL[1], w / FULL[0])


def draw_mark(target, rect, art, colour, yscale: float, xscale: float) -> None:
    """The shape ``art`` scaled (nearest pixels) about the middle of ``rect``; nothing
    where it would be too small to read."""
    x, y, w, h = rect
    aw, ah = len(art[0]), len(art)
    mw, mh = round(aw * xscale), round(ah * yscale)
    if mw < 5 or mh < 3:
        return
    x0, y0 = x + (w - mw) // 2, y + (h - mh) // 2
    for j in range(mh):
        row = art[min(ah - 1, int((j + 0.5) * ah / mh))]
        i = 0
        while i < mw:                    # runs of ink along the row: one fill each
            if row[min(aw - 1, int((i + 0.5) * aw / mw))] != "#":
                i += 1
                continue
            start = i
            while i < mw and row[min(aw - 1, int((i + 0.5) * aw / mw))] == "#":
                i += 1
            target.fill(colour, (x0 + start, y0 + j, i - start, 1))
