#!/usr/bin/env python3
"""Draw Tricade's sprite sheets (sprites/<sheet>.png) and their index (sprites/index.json)
from the sources kept beside this script. A game's sheet is named after the game; each look
has its own sheet for its window furniture, pointer and marks (games/ui reads only those):

- ``tripppin.txt``: text art (one character per pixel, a pen key per sheet, as the fonts'
  text art): Tripppin's pawns, X's, tiles and arrows;
- ``workbench.txt``: the Workbench 1.3 look's gadgets, menu check mark and mouse pointer;
- ``dos.txt``: the DOS look's marks (the spinner's pointer);
- ``triaxis.txt``: TriAxis's shapes (a zone, its edge, the markers' discs, the rings and
  marks), painted below in the colours of games/triaxis/look.py, with the terrain patterns
  and the markers' size digits (fonts/ega8x14.txt) added;
- the drawing code below: Tribolo's EGA tiles (drawn by games/tribolo/tiles.py, as the game
  draws them) and their mid-flip frames; Triple 3's dice, tumble frames, pegs and icon-bar
  icon; the RISC OS look's window tools (geometric shapes, easier to keep exact as code
  than as art).

    python sprites/make_sprites.py             # (re)write every sheet and the index
    python sprites/make_sprites.py --check     # change nothing; exit 1, naming the sheet and
                                               # sprite, unless the PNGs and the index are
                                               # what the sources give
    python sprites/make_sprites.py --dir DIR   # write (or with --check, compare) in DIR

Tricade's own icon (the desktop entry's and the package's, desktop/) is drawn here too, at
32, 64 and 128 pixels: icons/<N>x<N>/tricade.png, checked with the sheets.

index.json: {sheet: {sprite: [x, y, w, h]}}. PNGs are 8-bit RGBA, written here with zlib
(no pygame needed to make them; --check reads them back with pygame, so a sheet edited
in a paint program is compared pixel for pixel). Transparent pixels are (0, 0, 0, 0);
every other pixel is opaque and one of its platform's colours.
"""
from __future__ import annotations

import argparse
import json
import os
import struct
import sys
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from games.ui.riscos_palette import (BLACK as R_BLACK, DARK_BLUE, GREY1, GREY2,  # noqa: E402
                                     GREY3, GREY4, GREY5, GREY6, LIGHT_BLUE, RED as R_RED,
                                     CREAM, WHITE as R_WHITE, WIMP)
from games.tribolo import tiles as tribolo_tiles  # noqa: E402
from games.ui import marks  # noqa: E402
from games.triaxis import look as triaxis_look  # noqa: E402

# the games' own sheets, then the looks' (their window furniture, pointers and marks)
SHEETS = ("tripppin", "tribolo", "triple3", "triaxis", "workbench", "riscos", "dos")
SHEET_WIDTH = 256          # sprites are packed in rows (shelves) up to this wide
GAP = 1                    # transparent pixels between sprites

# The EGA colours (games/ui/dos.py), repeated here so this script needs no pygame.
EGA = {"black": (0, 0, 0), "blue": (0, 0, 0xAA), "green": (0, 0xAA, 0), "red": (0xAA, 0, 0),
       "light_grey": (0xAA, 0xAA, 0xAA), "dark_grey": (0x55, 0x55, 0x55),
       "light_blue": (0x55, 0x55, 0xFF), "light_green": (0x55, 0xFF, 0x55),
       "light_red": (0xFF, 0x55, 0x55), "light_magenta": (0xFF, 0x55, 0xFF),
       "yellow": (0xFF, 0xFF, 0x55), "white": (0xFF, 0xFF, 0xFF)}


# -- images ----------------------------------------------------------------------------------

class Img:
    """A sprite being drawn: rows of (r, g, b) or None (transparent)."""

    def __init__(self, w: int, h: int, fill=None):
        self.w, self.h = w, h
        self.px = [[fill] * w for _ in range(h)]

    def set(self, x, y, c) -> None:
        if 0 <= x < self.w and 0 <= y < self.h:
            self.px[y][x] = c

    def rect(self, x, y, w, h, c) -> None:
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                self.set(xx, yy, c)

    def fill(self, c, rect) -> None:
        """As pygame's Surface.fill(colour, rect): shared drawing code calls this."""
        self.rect(*rect, c)

    def frame(self, x, y, w, h, c, width=1) -> None:
        for i in range(width):
            self.rect(x + i, y + i, w - 2 * i, 1, c)
            self.rect(x + i, y + h - 1 - i, w - 2 * i, 1, c)
            self.rect(x + i, y + i, 1, h - 2 * i, c)
            self.rect(x + w - 1 - i, y + i, 1, h - 2 * i, c)

    def disc(self, cx, cy, r, c) -> None:
        """A filled circle centred on (cx, cy) (half-pixel centres allowed)."""
        for y in range(self.h):
            for x in range(self.w):
                if (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= r * r:
                    self.set(x, y, c)

    def art(self, x0, y0, rows, pens) -> None:
        for y, row in enumerate(rows):
            for x, ch in enumerate(row):
                if ch != ".":
                    self.set(x0 + x, y0 + y, pens[ch])


# -- text art (tripppin.txt) ---------------------------------------------------------------

def read_art(path: Path) -> tuple[str, dict, list]:
    """(sheet name, pens {char: rgb or None}, [(sprite name, Img)]) from a text-art file.
    Errors name the file and line."""
    sheet, pens, sprites = None, {}, []
    lines = path.read_text(encoding="utf-8").splitlines()
    i = 0

    def fail(n, why):
        raise ValueError(f"{path.name}, line {n}: {why}")
    while i < len(lines):
        n, line = i + 1, lines[i].strip()
        i += 1
        if not line or line.startswith("#"):
            continue
        word, *args = line.split()
        if word == "sheet" and len(args) == 1:
            sheet = args[0]
        elif word == "pen" and args:
            if len(args[0]) != 1 or args[0] in pens:
                fail(n, f"bad or repeated pen {args[0]!r}")
            if args[1:2] == ["transparent"]:
                pens[args[0]] = None
            else:
                try:
                    pens[args[0]] = tuple(int(v) for v in args[1:4])
                except ValueError:
                    fail(n, "expected 'pen CHAR R G B [name]' or 'pen CHAR transparent'")
        elif word == "sprite" and len(args) == 1:
            rows = []
            while i < len(lines) and lines[i].strip() and not lines[i].startswith("#"):
                rows.append(lines[i].rstrip())
                i += 1
            if not rows or len({len(r) for r in rows}) != 1:
                fail(n, f"sprite {args[0]}: rows missing or of different lengths")
            bad = set("".join(rows)) - set(pens)
            if bad:
                fail(n, f"sprite {args[0]}: characters {''.join(sorted(bad))!r} are no pen")
            if any(name == args[0] for name, _ in sprites):
                fail(n, f"sprite {args[0]} twice")
            img = Img(len(rows[0]), len(rows))
            img.art(0, 0, rows, pens)
            sprites.append((args[0], img))
        else:
            fail(n, f"unexpected line {line[:40]!r}")
    if sheet is None:
        fail(1, "no 'sheet NAME' line")
    return sheet, pens, sprites


def art_sheet(name: str) -> list:
    """The sprites of ``<name>.txt``, whose 'sheet' line must name that sheet."""
    path = HERE / f"{name}.txt"
    sheet, _pens, sprites = read_art(path)
    if sheet != name:
        raise ValueError(f"{path.name}: 'sheet {sheet}' where {name} was expected")
    return sprites


def tripppin() -> list:
    return art_sheet("tripppin")


def workbench() -> list:
    """The Workbench 1.3 look's gadgets, menu check mark and pointer (workbench.txt)."""
    return art_sheet("workbench")


def dos() -> list:
    """The DOS look's marks (dos.txt)."""
    return art_sheet("dos")


def glyph(font: str, ch: str) -> list[str]:
    """The text-art rows ('#' ink) of one character of fonts/<font>.txt."""
    lines = (ROOT / "fonts" / f"{font}.txt").read_text(encoding="utf-8").splitlines()
    height = next(int(ln.split()[2]) for ln in lines if ln.startswith("size "))
    tag = f"glyph U+{ord(ch):04X}"
    i = next(k for k, ln in enumerate(lines) if ln.split()[:2] == tag.split())
    return lines[i + 1:i + 1 + height]


# -- Tribolo (EGA) -------------------------------------------------------------------------

TRIBOLO_CELL = (32, 23)                  # a square inside the grid (pitch 33 x 24)
TILE_NAMES = {"B": "blue", "R": "red", "G": "green", "#": "wall"}
SEAT_FACE = {"blue": "blue", "red": "red", "green": "green"}
FLIP_FRAMES = 6          # flip_<colour>_<i>, i = 1..6: the tile squashed to 1 - i/6 (6: a line)


def tribolo_tile(letter: str, squash: float = 1.0, marked: bool = False) -> Img:
    """A square as the game draws it (games/tribolo/tiles.py: the one definition)."""
    w, h = TRIBOLO_CELL
    img = Img(w, h)
    tribolo_tiles.draw_tile(img, (0, 0, w, h), letter, squash, marked)
    return img


def tribolo() -> list:
    out = [("empty", tribolo_tile("."))]
    for letter, name in TILE_NAMES.items():
        out.append((f"tile_{name}", tribolo_tile(letter)))
    for letter, name in TILE_NAMES.items():
        if letter == "#":
            continue                       # walls never flip
        for i in range(1, FLIP_FRAMES + 1):
            out.append((f"flip_{name}_{i}", tribolo_tile(letter, 1.0 - i / FLIP_FRAMES)))
    w, h = TRIBOLO_CELL
    for seat, face in SEAT_FACE.items():
        mark = tribolo_tile(".")
        mark.rect(10, 7, w - 20, h - 14, EGA[face])
        out.append((f"possible_{seat}", mark))
        best = tribolo_tile(".")
        best.rect(2, 2, w - 4, h - 4, EGA["yellow"])
        best.rect(7, 5, w - 14, h - 10, EGA[face])
        out.append((f"best_{seat}", best))
    cur = Img(w + 2, h + 2)
    cur.frame(0, 0, w + 2, h + 2, EGA["light_magenta"], 3)
    cur.frame(3, 3, w - 4, h - 4, EGA["black"])
    out.append(("cursor", cur))
    # with seat marks (games/ui/marks.py): each seat's tile and its flip frames, marked
    for letter, name in TILE_NAMES.items():
        if letter in tribolo_tiles.SEAT:
            out.append((f"tile_{name}_marked", tribolo_tile(letter, marked=True)))
            for i in range(1, FLIP_FRAMES):          # frame 6 is a line: nothing to mark
                out.append((f"flip_{name}_{i}_marked",
                            tribolo_tile(letter, 1.0 - i / FLIP_FRAMES, marked=True)))
    return out


# -- Triple 3 (RISC OS 3 Wimp colours, mode 20: square pixels) -------------------------------

DIE = 24
PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
        4: [(0, 0), (2, 0), (0, 2), (2, 2)], 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
        6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}
PIP = [".##.", "####", "####", ".##."]


def die_face(n: int, paper=R_WHITE, ink=R_BLACK) -> Img:
    """The 22 x 22 face inside a die's outline: paper with n pips."""
    img = Img(DIE - 2, DIE - 2, paper)
    for col, row in PIPS[n]:
        img.art(3 + 6 * col, 3 + 6 * row, PIP, {"#": ink})
    return img


def die(n: int) -> Img:
    img = Img(DIE, DIE)
    img.frame(0, 0, DIE, DIE, R_BLACK)
    for x, y in ((0, 0), (DIE - 1, 0), (0, DIE - 1), (DIE - 1, DIE - 1)):
        img.set(x, y, None)                            # rounded corners
    face = die_face(n)
    for y in range(face.h):
        for x in range(face.w):
            img.set(1 + x, 1 + y, face.px[y][x])
    img.rect(1, DIE - 2, DIE - 2, 1, GREY2)               # a shade along the bottom and right
    img.rect(DIE - 2, 1, 1, DIE - 2, GREY2)
    img.set(1, 1, GREY1)
    return img


def squeezed(face: Img, width: int) -> list[list]:
    """The face's columns resampled (nearest) to ``width``."""
    return [[row[min(face.w - 1, int((x + 0.5) * face.w / width))] for x in range(width)]
            for row in face.px]


TUMBLE = ((1, 3, 0.75, 1), (3, 2, 0.45, -1), (2, 6, 0.15, 1),
          (6, 5, 0.85, -1), (5, 4, 0.5, 1), (4, 1, 0.2, -1))


def tumble(front_n: int, side_n: int, share: float, lean: int) -> Img:
    """A die turning: the front face ``share`` of the width (white), the next face on the
    rest (in shade), the whole sheared by ``lean`` (+1 / -1) so it seems to roll."""
    inner = DIE - 2
    wf = max(1, round(inner * share))
    ws = inner - wf
    front = squeezed(die_face(front_n), wf)
    side = squeezed(die_face(side_n, GREY2, GREY5), ws) if ws else [[] for _ in range(inner)]
    img = Img(DIE, DIE)
    body = Img(DIE, DIE - 2)
    for y in range(inner):
        for x, c in enumerate(front[y] + side[y]):
            body.set(1 + x, y, c)
    for x in range(DIE):
        shift = round(lean * (x - (DIE - 1) / 2) / 6)     # up to 2 pixels up or down
        for y in range(body.h):
            c = body.px[y][x]
            if c is not None:
                img.set(x, 1 + y + shift, c)
    # outline: every transparent pixel next to the die turns black
    solid = [[c is not None for c in row] for row in img.px]
    for y in range(DIE):
        for x in range(DIE):
            if not solid[y][x] and any(0 <= x + dx < DIE and 0 <= y + dy < DIE
                                       and solid[y + dy][x + dx]
                                       for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))):
                img.set(x, y, R_BLACK)
    if 0 < ws:                                  # the edge between the two faces
        for y in range(DIE):
            x = 1 + wf
            if img.px[y][x] is not None and img.px[y][x] != R_BLACK:
                img.set(x, y, GREY4)
    return img


PEG = 10


# the seat marks (games/ui/marks.py) in white: on a peg (4 x 4) and on a totals block (6 x 6)
PEG_MARK = {"circle": [".##.", "#..#", "#..#", ".##."],
            "cross": ["#..#", ".##.", ".##.", "#..#"]}
BLOCK_MARK = {"circle": [".####.", "#....#", "#....#", "#....#", "#....#", ".####."],
              "cross": ["#....#", ".#..#.", "..##..", "..##..", ".#..#.", "#....#"]}


def peg(body, light, dark, mark=None) -> Img:
    """A peg; with ``mark`` (a shape of PEG_MARK) that shape in white where its light was."""
    img = Img(PEG, PEG)
    img.disc(5, 5, 4.6, R_BLACK)
    img.disc(5, 5, 3.7, dark)
    img.disc(4.6, 4.6, 3.2, body)
    if mark is None:
        img.rect(3, 3, 2, 1, light)
        img.set(3, 4, light)
    else:
        img.art(3, 3, PEG_MARK[mark], {"#": R_WHITE})
    return img


def block_mark(shape: str) -> Img:
    img = Img(6, 6)
    img.art(0, 0, BLOCK_MARK[shape], {"#": R_WHITE})
    return img


def hole() -> Img:
    img = Img(PEG, PEG)
    img.disc(5, 5, 3.6, R_WHITE)            # the lit far rim
    img.disc(4.6, 4.6, 3.2, GREY4)          # the shaded near rim
    img.disc(5, 5, 2.5, GREY6)
    return img


TOOL = 20
ARROW = ["....#....", "...###...", "..#####..", ".#######.", "#########"]


def tool(symbol) -> Img:
    """A RISC OS 3 window tool: grey, lit top and left, shaded bottom and right, a black
    edge all round; ``symbol(img)`` draws its picture."""
    img = Img(TOOL, TOOL, GREY2)
    img.frame(0, 0, TOOL, TOOL, R_BLACK)
    img.rect(1, 1, TOOL - 2, 1, R_WHITE)
    img.rect(1, 1, 1, TOOL - 2, R_WHITE)
    img.rect(1, TOOL - 2, TOOL - 2, 1, GREY4)
    img.rect(TOOL - 2, 2, 1, TOOL - 3, GREY4)
    symbol(img)
    return img


def _back(img):
    img.rect(4, 4, 8, 7, GREY4)                # the window behind, dark
    img.frame(4, 4, 8, 7, R_BLACK)
    img.rect(8, 8, 8, 7, R_WHITE)             # the one in front, white
    img.frame(8, 8, 8, 7, R_BLACK)


def _close(img):
    for i in range(10):
        for dx in (0, 1):
            img.set(5 + i + dx, 5 + i, R_BLACK)
            img.set(14 - i - dx, 5 + i, R_BLACK)


def _toggle(img):
    img.rect(4, 4, 12, 12, R_WHITE)
    img.frame(4, 4, 12, 12, R_BLACK)
    img.rect(4, 4, 7, 7, GREY3)
    img.frame(4, 4, 7, 7, R_BLACK)


def _adjust(img):
    img.rect(8, 8, 8, 8, R_WHITE)
    img.frame(8, 8, 8, 8, R_BLACK)
    img.frame(4, 4, 12, 12, R_BLACK)
    for i in range(3):
        img.set(5 + i, 5 + i, R_BLACK)


def _arrow(turn):
    def draw(img):
        for y, row in enumerate(ARROW):
            for x, ch in enumerate(row):
                if ch == "#":
                    px, py = 5 + x, 7 + y              # pointing up, centred
                    for _ in range(turn):               # turn a quarter clockwise
                        px, py = TOOL - 1 - py, px
                    img.set(px, py, R_BLACK)
    return draw


def icon() -> Img:
    """Triple 3 on the icon bar: a 3 x 3 frame of boxes of 3 x 3 holes, a few pegged."""
    img = Img(34, 34)
    pegs = {(0, 0): R_RED, (4, 4): DARK_BLUE, (8, 8): R_RED, (2, 6): DARK_BLUE,
            (6, 2): R_RED}
    for by in range(3):
        for bx in range(3):
            x0, y0 = bx * 12, by * 12
            img.rect(x0, y0, 10, 10, CREAM)
            img.frame(x0, y0, 10, 10, R_BLACK)
            for hy in range(3):
                for hx in range(3):
                    colour = pegs.get((bx * 3 + hx, by * 3 + hy), GREY5)
                    img.rect(x0 + 1 + 3 * hx, y0 + 1 + 3 * hy, 2, 2, colour)
    return img


def triple3() -> list:
    out = [(f"die_{n}", die(n)) for n in range(1, 7)]
    out += [(f"tumble_{i}", tumble(*t)) for i, t in enumerate(TUMBLE)]
    out += [("peg_red", peg(R_RED, R_WHITE, GREY5)),
            ("peg_blue", peg(DARK_BLUE, LIGHT_BLUE, GREY6)),
            ("hole", hole())]
    out += [("icon", icon())]
    # with seat marks: each seat's peg with its shape, and the shape for its totals block
    red, blue = marks.shape("red"), marks.shape("blue")
    out += [("peg_red_marked", peg(R_RED, R_WHITE, GREY5, red)),
            ("peg_blue_marked", peg(DARK_BLUE, LIGHT_BLUE, GREY6, blue)),
            ("mark_red", block_mark(red)), ("mark_blue", block_mark(blue))]
    return out


def riscos() -> list:
    """The RISC OS 3 look's window tools (title bar icons and scroll arrows)."""
    return [("tool_back", tool(_back)), ("tool_close", tool(_close)),
            ("tool_toggle", tool(_toggle)), ("tool_adjust", tool(_adjust)),
            ("tool_up", tool(_arrow(0))), ("tool_right", tool(_arrow(1))),
            ("tool_down", tool(_arrow(2))), ("tool_left", tool(_arrow(3)))]


# -- TriAxis (EGA): shapes from triaxis.txt, colours from games/triaxis/look.py --------------

PAINT = (255, 0, 255)          # the 'X' pen of triaxis.txt: painted in a colour here


def painted(img: Img, colour) -> Img:
    out = Img(img.w, img.h)
    out.px = [[colour if c == PAINT else c for c in row] for row in img.px]
    return out


def terrain_hex(shape: Img, terrain: str) -> Img:
    """A zone of ``terrain``: its colour, and its pattern as the island has drawn it: a
    lattice of small shapes (each row of shapes half a period along from the last) inside
    the zone's box less 2 pixels, where the shape's anchor and the pixel 2 right 1 down are
    the zone's, every pixel of a shape inside the zone. The lattice starts at the sprite's
    top left, so every zone of a terrain looks the same."""
    base, fg, (px, py, kind) = triaxis_look.TERRAIN_LOOK[terrain]
    img = painted(shape, base)

    def inside(x, y):
        return 0 <= x < img.w and 0 <= y < img.h and shape.px[y][x] == PAINT
    w, h = 2 * triaxis_look.HEX, img.h            # the zone's box (HexGrid.rect)
    for y in range(2, h - 2):
        if y % py:
            continue
        shift = (y // py) % 2 * (px // 2)
        for x in range(2, w - 2):
            if (x + shift) % px or not (inside(x, y) and inside(x + 2, y + 1)):
                continue
            for dx, dy in triaxis_look.SHAPES[kind]:
                if inside(x + dx, y + dy):
                    img.set(x + dx, y + dy, fg)
    return img


def marker(disc: Img, seat_colour, size: int) -> Img:
    """A marker: the disc in its seat's colour, its size in black ega8x14 digits on it,
    placed as the game writes it (3 left of and 7 above the centre)."""
    img = painted(disc, seat_colour)
    rx, ry = triaxis_look.marker_radius(size)
    img.art(rx + 1 - 3, ry + 1 - 7, [r.replace("#", "X") for r in glyph("ega8x14", str(size))],
            {"X": EGA["black"]})
    return img


def triaxis() -> list:
    art = dict(art_sheet("triaxis"))
    L = triaxis_look
    out = [(f"hex_{L.TERRAIN_SPRITE[t]}", terrain_hex(art["hex"], t)) for t in L.TERRAIN_LOOK]
    out.append(("hex_outline", art["hex_outline"]))
    for seat, colour in L.SEAT_COLOUR.items():
        for size in L.MARKER_SIZES:
            rx, _ry = L.marker_radius(size)
            out.append((f"marker_{seat}_{size}", marker(art[f"disc_{rx}"], colour, size)))
    for name, (colour, radii) in L.RINGS.items():
        out += [(f"ring_{name}_{rx}", painted(art[f"ring_{rx}"], colour)) for rx in radii]
    out += [("movable", art["dots"]), ("target", art["target"])]
    # with seat marks: each seat colour's shape, and every marker wearing it at its top left
    out += [(name, img) for name, img in art.items() if name.startswith("mark_")]
    for seat, colour in L.SEAT_COLOUR.items():
        shape = art[f"mark_{marks.shape(seat)}"]
        for size in L.MARKER_SIZES:
            rx, _ry = L.marker_radius(size)
            out.append((f"marker_{seat}_{size}_marked",
                        wearing(marker(art[f"disc_{rx}"], colour, size), shape)))
    return out


def wearing(img: Img, shape: Img, margin: int = 2) -> Img:
    """``img`` moved ``margin`` pixels right and down, ``shape`` over its top left corner
    in a notch of its own (nothing of ``img`` in the shape's box or a pixel round it)."""
    out = Img(img.w + margin, img.h + margin)
    for y, row in enumerate(img.px):
        for x, c in enumerate(row):
            if x + margin > shape.w or y + margin > shape.h:
                out.set(x + margin, y + margin, c)
    for y, row in enumerate(shape.px):
        for x, c in enumerate(row):
            if c is not None:
                out.set(x, y, c)
    return out


SOURCES = {"tripppin": tripppin, "tribolo": tribolo, "triple3": triple3, "triaxis": triaxis,
           "workbench": workbench, "riscos": riscos, "dos": dos}


# -- sheets ----------------------------------------------------------------------------------

# -- Tricade's icon (desktop/tricade.desktop) ----------------------------------------------

ICON_SIZES = (32, 64, 128)


def _rounded(px: float, py: float, lo: float, hi: float, r: float) -> bool:
    """Whether (px, py) lies in the square lo..hi with corners rounded to radius r."""
    if not (lo <= px <= hi and lo <= py <= hi):
        return False
    dx = max(lo + r - px, 0.0, px - (hi - r))
    dy = max(lo + r - py, 0.0, py - (hi - r))
    return dx * dx + dy * dy <= r * r


def app_icon(size: int) -> Img:
    """Tricade's icon at size x size: Tribolo's three counters, blue, red and green, in a
    triangle on a black EGA screen with a light grey frame (drawn on a 32-unit grid and
    scaled, so each size is drawn, not resampled)."""
    img = Img(size, size)
    k = size / 32
    for y in range(size):
        for x in range(size):
            px, py = (x + 0.5) / k, (y + 0.5) / k
            if _rounded(px, py, 1.0, 31.0, 3.0):
                img.set(x, y, EGA["black"])
            elif _rounded(px, py, 0.0, 32.0, 4.0):
                img.set(x, y, EGA["light_grey"])
    for (cx, cy), dark, light in (((16.0, 10.0), "blue", "light_blue"),
                                  ((9.5, 21.5), "red", "light_red"),
                                  ((22.5, 21.5), "green", "light_green")):
        img.disc(cx * k, cy * k, 6.25 * k, EGA[dark])
        img.disc(cx * k, cy * k, 5.0 * k, EGA[light])
        img.disc((cx - 2.0) * k, (cy - 2.0) * k, 1.25 * k, EGA["white"])
    return img


def icon_path(size: int) -> Path:
    """Where an icon goes, relative to the sheets' folder."""
    return Path("icons") / f"{size}x{size}" / "tricade.png"


def icon_rgba(size: int) -> bytes:
    img = app_icon(size)
    return b"".join(bytes((*c, 255)) if c is not None else bytes(4)
                    for row in img.px for c in row)


def pack(sprites: list) -> tuple[int, int, dict]:
    """Shelf packing in the given order: (width, height, {name: [x, y, w, h]})."""
    x = y = shelf = width = 0
    where = {}
    for name, img in sprites:
        if x and x + img.w > SHEET_WIDTH:
            x, y, shelf = 0, y + shelf + GAP, 0
        where[name] = [x, y, img.w, img.h]
        x += img.w + GAP
        shelf = max(shelf, img.h)
        width = max(width, x - GAP)
    return width, y + shelf, where


def build(sheet: str) -> tuple[int, int, bytes, dict]:
    """One sheet from its sources: (width, height, RGBA bytes, {name: [x, y, w, h]})."""
    sprites = SOURCES[sheet]()
    w, h, where = pack(sprites)
    buf = bytearray(w * h * 4)
    for name, img in sprites:
        x0, y0, _, _ = where[name]
        for y, row in enumerate(img.px):
            for x, c in enumerate(row):
                if c is not None:
                    i = ((y0 + y) * w + x0 + x) * 4
                    buf[i:i + 4] = bytes((*c, 255))
    return w, h, bytes(buf), where


def png_bytes(w: int, h: int, rgba: bytes) -> bytes:
    """An 8-bit RGBA PNG, always the same bytes for the same pixels."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    raw = b"".join(b"\x00" + rgba[y * w * 4:(y + 1) * w * 4] for y in range(h))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def index_text(index: dict) -> str:
    """index.json, one sprite a line."""
    parts = []
    for sheet in index:
        rows = ",\n".join(f'    {json.dumps(name)}: {json.dumps(r)}'
                          for name, r in index[sheet].items())
        parts.append(f'  {json.dumps(sheet)}: {{\n{rows}\n  }}')
    return "{\n" + ",\n".join(parts) + "\n}\n"


def build_all() -> tuple[dict, dict]:
    """({sheet: (w, h, rgba)}, index) from the sources."""
    images, index = {}, {}
    for sheet in SHEETS:
        w, h, rgba, where = build(sheet)
        images[sheet] = (w, h, rgba)
        index[sheet] = where
    return images, index


def read_png(path: Path) -> tuple[int, int, bytes]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    surf = pygame.image.load(str(path))
    w, h = surf.get_size()
    rgba = bytearray(pygame.image.tobytes(surf, "RGBA"))
    for i in range(3, len(rgba), 4):       # any fully transparent pixel counts as (0,0,0,0)
        if rgba[i] == 0:
            rgba[i - 3:i] = b"\x00\x00\x00"
    return w, h, bytes(rgba)


def check(directory: Path) -> list[str]:
    """Problems, one sentence each (empty: the sheets and the index are up to date)."""
    images, index = build_all()
    problems = []
    ipath = directory / "index.json"
    try:
        have_index = json.loads(ipath.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        have_index = None
        problems.append(f"{ipath}: cannot be read ({exc})")
    if have_index is not None:
        for sheet in SHEETS:
            got, want = have_index.get(sheet, {}), index[sheet]
            for name in list(want) + [n for n in got if n not in want]:
                if got.get(name) != want.get(name):
                    problems.append(f"index.json: sheet {sheet}, sprite {name}: "
                                    f"{got.get(name)} where the sources give {want.get(name)}")
                    break
        for sheet in have_index:
            if sheet not in SHEETS:
                problems.append(f"index.json: sheet {sheet} has no source")
        if not problems and ipath.read_text(encoding="utf-8") != index_text(index):
            problems.append("index.json: same sprites, but not as make_sprites.py writes it")
    for sheet in SHEETS:
        path = directory / f"{sheet}.png"
        w, h, rgba = images[sheet]
        try:
            gw, gh, got = read_png(path)
        except Exception as exc:                  # missing, or not a PNG pygame can read
            problems.append(f"{path}: cannot be read ({exc})")
            continue
        if (gw, gh) != (w, h):
            problems.append(f"{sheet}.png: {gw}x{gh}, the sources give {w}x{h}")
            continue
        if got == rgba:
            continue
        i = next(k for k in range(0, len(rgba), 4) if got[k:k + 4] != rgba[k:k + 4])
        x, y = (i // 4) % w, (i // 4) // w
        name = next((n for n, (sx, sy, sw, sh) in index[sheet].items()
                     if sx <= x < sx + sw and sy <= y < sy + sh), None)
        where = (f"sprite {name} at ({x - index[sheet][name][0]}, "
                 f"{y - index[sheet][name][1]})") if name else f"the gap at ({x}, {y})"
        problems.append(f"{sheet}.png: {where} is {tuple(got[i:i + 4])}, the sources give "
                        f"{tuple(rgba[i:i + 4])}; run python sprites/make_sprites.py")
    for size in ICON_SIZES:
        path = directory / icon_path(size)
        want = icon_rgba(size)
        try:
            gw, gh, got = read_png(path)
        except Exception as exc:
            problems.append(f"{path}: cannot be read ({exc})")
            continue
        if (gw, gh) != (size, size):
            problems.append(f"{icon_path(size)}: {gw}x{gh}, the icon is {size}x{size}")
        elif got != want:
            i = next(k for k in range(0, len(want), 4) if got[k:k + 4] != want[k:k + 4])
            problems.append(f"{icon_path(size)}: the pixel at ({(i // 4) % size}, "
                            f"{(i // 4) // size}) is {tuple(got[i:i + 4])}, the icon's is "
                            f"{tuple(want[i:i + 4])}; run python sprites/make_sprites.py")
    return problems


def write(directory: Path) -> list[Path]:
    images, index = build_all()
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for sheet, (w, h, rgba) in images.items():
        path = directory / f"{sheet}.png"
        data = png_bytes(w, h, rgba)
        if not path.exists() or path.read_bytes() != data:
            path.write_bytes(data)
            written.append(path)
    path = directory / "index.json"
    text = index_text(index)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")
        written.append(path)
    for size in ICON_SIZES:
        path = directory / icon_path(size)
        data = png_bytes(size, size, icon_rgba(size))
        if not path.exists() or path.read_bytes() != data:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 unless the sheets and index are current")
    parser.add_argument("--dir", type=Path, default=HERE,
                        help="where the sheets and index.json are (default: sprites/)")
    args = parser.parse_args(argv)
    if args.check:
        problems = check(args.dir)
        for p in problems:
            print(p, file=sys.stderr)
        if problems:
            return 1
        print(f"sprite sheets in {args.dir} are up to date")
        return 0
    for p in write(args.dir):
        print(f"wrote {p}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
