"""Tribolo's look: the tiles, the board's measures, the key line and the boxes, in the EGA
colours (the scene, the score cards and See boards all draw with these). Pygame, no state."""
from __future__ import annotations

import functools

import pygame

from games.tribolo import rules
from games.ui import dos
from games.ui.dos import (BLACK, BLUE, GREEN, LIGHT_BLUE, LIGHT_GREEN, LIGHT_GREY, LIGHT_RED,
                          RED, WHITE, YELLOW)

# The board's tiles come from the sprite sheet; draw_tile draws one at any size (the small
# boards of See boards), both from games/tribolo/tiles.py.
STANDARD_BOARD = 7       # the random standard board (RULES.md); the others are presets

TILE_SPRITE = {"B": "tile_blue", "R": "tile_red", "G": "tile_green", "#": "tile_wall",
               ".": "empty"}
SEAT_LETTER = {"blue": "B", "red": "R", "green": "G"}
SEAT_FACE = {"blue": BLUE, "red": RED, "green": GREEN}
SEAT_LIGHT = {"blue": LIGHT_BLUE, "red": LIGHT_RED, "green": LIGHT_GREEN}
GRID, FRAME = BLACK, LIGHT_GREY
FLIP_FRAMES = 6         # flip_<seat>_<1..6> in the sheet: squashed to 1 - i/6

# the board: 33 x 24 native pixels a square (grid line included) look square at 480/350
PITCH_X, PITCH_Y = 33, 24
BOARD_TOP = 48
STATUS_Y = 322          # text row 23 (the key line is below it)
SCORES_AREA = pygame.Rect(0, 0, 640, 46)   # the three seats' boxes along the top
KEYLINE_Y = 336         # text row 24

@functools.cache
def layout(n: int):
    """Board ``n`` as a game starts on it (See boards)."""
    return rules.new_game(seed=1992, board=n)


def draw_tile(surface, rect: pygame.Rect, letter: str, squash: float = 1.0,
              marked: bool = False) -> None:
    """One square: white when empty, else a raised tile (``squash`` < 1: mid-flip;
    ``marked``: a seat's tile with its seat mark); drawn by games/tribolo/tiles.py, as the
    sprite sheet's tiles are."""
    from games.tribolo import tiles
    tiles.draw_tile(surface, rect, letter, squash, marked)


def tile_sprite(letter: str, marked: bool = False) -> str:
    """The sheet's sprite of a square (a seat's tile with its mark when ``marked``)."""
    name = TILE_SPRITE[letter]
    return name + "_marked" if marked and letter in SEAT_LETTER.values() else name


def flip_sprite(old: str, new: str, p: float, marked: bool = False) -> str:
    """The sprite of a tile ``p`` (0..1) through its flip from ``old`` to ``new``: it
    shrinks to a line in its old colour and grows again in the new one."""
    i = round(FLIP_FRAMES * (1.0 - abs(1.0 - 2.0 * p)))
    letter = old if p < 0.5 else new
    if not i:
        return tile_sprite(letter, marked)
    name = TILE_SPRITE[letter].replace("tile", "flip") + f"_{i}"
    return name + "_marked" if marked and i < FLIP_FRAMES else name


def key_bar(surface, items, hover, off=()) -> list:
    """The original's grey key line at the bottom (``off``: names drawn dim); [(name,
    rect)] for clicks."""
    return dos.key_line(surface, items, KEYLINE_Y, fg=BLACK, key_fg=RED, bg=LIGHT_GREY,
                        hi=hover, hi_fg=WHITE, hi_bg=BLUE, off=off)


def key_rects(items) -> list:
    """Where a key line's items are, for the pointer: laid out once, not while drawing."""
    return key_bar(pygame.Surface((640, 350)), items, None)


def frame_box(surface, rect, border, title=None, style="double", title_fg=YELLOW):
    return dos.draw_box(surface, rect, dos.Look(bg=BLACK, border=border, title=title_fg,
                                                shadow=None), style, title)
