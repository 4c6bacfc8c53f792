"""TriAxis's colours and shapes, declared once (pure data, no pygame): the sprite maker
(sprites/make_sprites.py draws the "triaxis" sheet from these) and games/triaxis/art.py
(which draws from that sheet) both read them.

Only the 16 EGA colours (games.ui.looks.EGA).
"""
from __future__ import annotations

from games.triaxis.island import SEA, TERRAIN_NAMES, TERRAINS
from games.ui.looks import EGA

(BLACK, BLUE, GREEN, CYAN, RED, MAGENTA, BROWN, LIGHT_GREY, DARK_GREY, LIGHT_BLUE, LIGHT_GREEN,
 LIGHT_CYAN, LIGHT_RED, LIGHT_MAGENTA, YELLOW, WHITE) = EGA

HEX = 18                 # a zone: centre to corner, native pixels across
SQUASH = 0.73            # EGA pixels are 1.37 times as tall as wide: hexes look regular

SEAT_COLOUR = {"red": LIGHT_RED, "blue": LIGHT_BLUE, "green": LIGHT_GREEN, "yellow": YELLOW,
               "cyan": LIGHT_CYAN, "magenta": LIGHT_MAGENTA}
# terrain: (base, pattern colour, pattern) - a pattern is (x period, y period, shape): a
# lattice of small shapes, each row of shapes shifted half a period from the one above
TERRAIN_LOOK = {"f": (GREEN, BLACK, (6, 5, "tree")), "g": (LIGHT_GREEN, GREEN, (4, 4, "tick")),
                "d": (YELLOW, BROWN, (4, 3, "dot")), "h": (BROWN, BLACK, (8, 5, "hill")),
                "m": (CYAN, BLUE, (6, 3, "dash")), "t": (LIGHT_GREY, WHITE, (4, 3, "dot")),
                SEA: (BLUE, LIGHT_BLUE, (10, 6, "wave"))}
TERRAIN_FG = {"f": WHITE, "g": BLACK, "d": BLACK, "h": WHITE, "m": BLACK, "t": BLACK}
# the pixels of one pattern shape, from its anchor (x, y) of the lattice
SHAPES = {"dot": ((0, 0),), "tick": ((0, 0), (1, -1)), "dash": ((0, 0), (1, 0), (2, 0)),
          "wave": ((0, 0), (1, 0), (2, -1), (3, -1)),
          "tree": ((1, -1), (0, 0), (1, 0), (2, 0), (1, 1)),
          "hill": ((0, 0), (1, -1), (2, 0))}
TERRAIN_SPRITE = {**{t: TERRAIN_NAMES[t] for t in TERRAINS}, SEA: "sea"}

# the spinner: (label, fill, text colour), clockwise from the pointer
SPIN_SEGMENTS = [("1", BLUE, WHITE), ("2", RED, WHITE), ("3", BLUE, WHITE), ("4", RED, WHITE),
                 ("5", BLUE, WHITE), ("6", RED, WHITE), ("H", LIGHT_GREEN, BLACK),
                 ("F", BLACK, LIGHT_RED)]
COLOUR_SEGMENTS = [(t.upper(), TERRAIN_LOOK[t][0], TERRAIN_FG[t]) for t in TERRAINS]

MARKER_SIZES = range(1, 7)
RINGS = {"yellow": (YELLOW, range(10, 19)),       # the chosen marker (13) and a harvest's
         "white": (WHITE, (15,)),                # growth (10..18); the cursor; the cursor
         "light_grey": (LIGHT_GREY, (15,))}      # while the pointer or pad is elsewhere


def marker_radius(size: int, scale: float = 1.0) -> tuple:
    """(rx, ry) of a marker of ``size`` (1..6) drawn at ``scale``."""
    rx = max(1, round((8 + size // 2) * scale))
    return rx, max(1, round(rx * SQUASH * 1.15))


def ring_radius(rx: int) -> tuple:
    return rx, round(rx * SQUASH * 1.15)
