"""TriAxis's board drawn with pygame.draw, the calls of the coming sprite-sheet drawing
(games/triaxis/art.py) until it is here: zones in terrain colours and patterns, markers,
rings, marks and the spinner, at centres in native pixels (as HexGrid.centre gives them)."""
from __future__ import annotations

import math

import pygame

from games.triaxis.island import SEA, TERRAINS
from games.ui import dos
from games.ui.dos import (BLACK, BLUE, BROWN, CYAN, GREEN, LIGHT_BLUE, LIGHT_CYAN, LIGHT_GREEN,
                          LIGHT_GREY, LIGHT_MAGENTA, LIGHT_RED, RED, WHITE, YELLOW)

HEX = 18
SQUASH = 0.73
SEAT_COLOUR = {"red": LIGHT_RED, "blue": LIGHT_BLUE, "green": LIGHT_GREEN, "yellow": YELLOW,
               "cyan": LIGHT_CYAN, "magenta": LIGHT_MAGENTA}
TERRAIN_LOOK = {"f": (GREEN, BLACK, (6, 5, "tree")), "g": (LIGHT_GREEN, GREEN, (4, 4, "tick")),
                "d": (YELLOW, BROWN, (4, 3, "dot")), "h": (BROWN, BLACK, (8, 5, "hill")),
                "m": (CYAN, BLUE, (6, 3, "dash")), "t": (LIGHT_GREY, WHITE, (4, 3, "dot")),
                SEA: (BLUE, LIGHT_BLUE, (10, 6, "wave"))}
TERRAIN_FG = {"f": WHITE, "g": BLACK, "d": BLACK, "h": WHITE, "m": BLACK, "t": BLACK}
SHAPES = {"dot": ((0, 0),), "tick": ((0, 0), (1, -1)), "dash": ((0, 0), (1, 0), (2, 0)),
          "wave": ((0, 0), (1, 0), (2, -1), (3, -1)),
          "tree": ((1, -1), (0, 0), (1, 0), (2, 0), (1, 1)),
          "hill": ((0, 0), (1, -1), (2, 0))}
SPIN_SEGMENTS = [("1", BLUE, WHITE), ("2", RED, WHITE), ("3", BLUE, WHITE), ("4", RED, WHITE),
                 ("5", BLUE, WHITE), ("6", RED, WHITE), ("H", LIGHT_GREEN, BLACK),
                 ("F", BLACK, LIGHT_RED)]
COLOUR_SEGMENTS = [(t.upper(), TERRAIN_LOOK[t][0], TERRAIN_FG[t]) for t in TERRAINS]


def corners(centre) -> list:
    cx, cy = centre
    return [(round(cx + HEX * math.cos(math.radians(a))),
             round(cy + HEX * SQUASH * math.sin(math.radians(a)))) for a in range(0, 360, 60)]


def draw_island(img, island, centre) -> None:
    """Every zone of ``island``, ``centre(col, row)`` its centre on ``img``; then the edges
    of the land zones."""
    where = [centre(*reversed(divmod(z, island.width))) for z in range(island.size)]
    w, h = img.get_size()
    for z in range(island.size):
        pygame.draw.polygon(img, TERRAIN_LOOK[island.terrain[z]][0], corners(where[z]))
    for z in range(island.size):       # the patterns, where the base colour shows
        base, fg, (px, py, shape) = TERRAIN_LOOK[island.terrain[z]]
        cx, cy = where[z]
        half_h = round(math.sqrt(3) * HEX * SQUASH) // 2
        for y in range(cy - half_h + 2, cy + half_h - 2):
            if y % py:
                continue
            shift = (y // py) % 2 * (px // 2)
            for x in range(cx - HEX + 2, cx + HEX - 2):
                if (x + shift) % px or not (0 <= x < w - 3 and 0 <= y < h - 3):
                    continue
                if img.get_at((x, y))[:3] != base or img.get_at((x + 2, y + 1))[:3] != base:
                    continue
                for dx, dy in SHAPES[shape]:
                    img.set_at((x + dx, y + dy), fg)
    for z in range(island.size):
        if island.terrain[z] != SEA:
            pygame.draw.polygon(img, BLACK, corners(where[z]), 1)


def draw_marker(surface, centre, seat: str, size: int, scale: float = 1.0) -> None:
    if scale <= 0:
        return
    rx = max(1, round((8 + size // 2) * scale))
    ry = max(1, round(rx * SQUASH * 1.15))
    cx, cy = centre
    pygame.draw.ellipse(surface, WHITE, (cx - rx - 1, cy - ry - 1, 2 * rx + 2, 2 * ry + 2))
    pygame.draw.ellipse(surface, BLACK, (cx - rx, cy - ry, 2 * rx, 2 * ry))
    if rx > 2:
        pygame.draw.ellipse(surface, SEAT_COLOUR.get(seat, WHITE),
                            (cx - rx + 1, cy - ry + 1, 2 * rx - 2, 2 * ry - 2))
    if scale >= 0.7:
        dos.text(surface, str(size), (cx - 3, cy - 7), BLACK)


RING = {"yellow": YELLOW, "white": WHITE, "light_grey": LIGHT_GREY}


def draw_ring(surface, centre, colour: str, rx: int) -> None:
    cx, cy = centre
    ry = round(rx * SQUASH * 1.15)
    pygame.draw.ellipse(surface, RING[colour], (cx - rx, cy - ry, 2 * rx, 2 * ry), 1)


def draw_mark(surface, centre, name: str) -> None:
    cx, cy = centre
    if name == "target":
        pygame.draw.ellipse(surface, WHITE, (cx - 5, cy - 4, 10, 8))
        pygame.draw.ellipse(surface, BLACK, (cx - 3, cy - 2, 6, 4))
        return
    ry = round(13 * SQUASH * 1.15)
    for a in range(0, 360, 30):
        surface.fill(WHITE, (round(cx + 13 * math.cos(math.radians(a))),
                             round(cy + ry * math.sin(math.radians(a))), 2, 1))


def draw_spinner(surface, centre, radius: int, kind: str, angle: float) -> None:
    segments = SPIN_SEGMENTS if kind == "spin" else COLOUR_SEGMENTS
    dos.draw_wheel(surface, centre, radius, segments, angle, SQUASH)
