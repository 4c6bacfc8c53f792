"""Tribolo's tile, defined once: the sprite sheet (sprites/make_sprites.py) and the scene's
``draw_tile`` (any size: the small boards of See boards) both draw it with ``draw_tile``.

Pure drawing (no pygame): ``target`` is anything with ``fill(colour, (x, y, w, h))``: a
pygame Surface, or the sprite maker's image.
"""
from __future__ import annotations

from games.ui.looks import EGA

BLACK, BLUE, GREEN, RED = EGA[0], EGA[1], EGA[2], EGA[4]
LIGHT_GREY, DARK_GREY, LIGHT_BLUE, LIGHT_GREEN = EGA[7], EGA[8], EGA[9], EGA[10]
LIGHT_RED, WHITE = EGA[12], EGA[15]

EMPTY = WHITE                     # an empty square
# a tile is a raised square: (face, light edge (top, left), dark edge (bottom, right))
COLOURS = {"B": (BLUE, LIGHT_BLUE, BLACK), "R": (RED, LIGHT_RED, BLACK),
           "G": (GREEN, LIGHT_GREEN, BLACK), "#": (LIGHT_GREY, WHITE, DARK_GREY)}


def draw_tile(target, rect, letter: str, squash: float = 1.0) -> None:
    """One square ``rect`` (x, y, w, h): white when empty (any letter but B R G #), else a
    raised tile squashed about its middle to ``squash`` of its height (mid-flip)."""
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
