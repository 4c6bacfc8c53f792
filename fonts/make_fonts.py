#!/usr/bin/env python3
"""Keeps Tricade's three bitmap fonts (fonts/acorn8x8.txt, ega8x14.txt, topaz8x8.txt)
whole and consistent.

The .txt files are the one source of every glyph: letters, digits, punctuation and the
hand-drawn symbols are edited there, by hand, and nowhere else. This script holds no
glyph of its own; it only derives the glyphs that follow from others, so that they
join and match exactly:

- the box-drawing lines and joints (drawn from each font's line columns and rows, every
  arm to the cell edge, so neighbouring cells join without gaps);
- the block elements and shades (the shades tile seamlessly);
- the mirrored arrows and triangles: down from up, right from left, the other diagonals
  from the north-west arrow, down and left triangles from up and right (and, in the
  square 8x8 fonts, the left arrow is the up arrow turned);
- the pad's face buttons as prompts name them, two cells wide: a key cap (a rounded bar
  over the capitals' rows) with the font's own A, B, X or Y (PlayStation's cross, circle,
  square and triangle from the font's x, o, filled square and up triangle) cut out of it,
  so the letter is the font's own at its full size;
- the blank space.

Each derived glyph is marked in its file with a ``# derived ...`` comment line.

Usage:
    python fonts/make_fonts.py               # rewrite the derived glyphs in the .txt files
    python fonts/make_fonts.py --check       # exit 1 (naming the font and glyph) unless the
                                             # files are exactly what this script would write
                                             # and the atlas games/ui/fonts.py builds from
                                             # them shows the same glyphs
    python fonts/make_fonts.py --dir DIR     # work on DIR/*.txt instead (tests use a copy)
    python fonts/make_fonts.py --sheet [DIR] # also write fontsheet_<name>.png previews
                                             # (3x) to DIR or /tmp

After editing a glyph that others derive from (the up, left or north-west arrow, the up
or right triangle), run the script once; --check says which derived glyph is stale.
"""
from __future__ import annotations

import argparse
import os
import sys
import unicodedata
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

# Characters every Tricade font must have.
REQUIRED = (
    [chr(c) for c in range(0x20, 0x7F)]
    + list("─│┌┐└┘├┤┬┴┼═║╔╗╚╝╠╣╦╩╬")
    + list("←↑→↓↖↗↘↙")
    + list("█▀▄▌▐░▒▓■")
    + list("✓©·•▲▼◀▶×")
    + list(map(chr, range(0xE000, 0xE00F)))     # the controls' glyphs (below)
    + list(map(chr, range(0xE010, 0xE020)))     # the wide face buttons (derived)
)
# Private Use Area glyphs the prompts draw (games/ui/controls.py): a pad's face buttons
# (a small A B X Y in a round frame, so none reads as a 0; PlayStation's cross, circle,
# square and triangle likewise), the shoulder buttons (a frame with one slanted corner),
# Start and Back (a right and a left pointer), and the mouse's buttons (the pressed one
# filled; the right one derived from the left).
PRIVATE = {0xE000: "PAD BUTTON A", 0xE001: "PAD BUTTON B", 0xE002: "PAD BUTTON X",
           0xE003: "PAD BUTTON Y", 0xE004: "PAD BUTTON CROSS", 0xE005: "PAD BUTTON CIRCLE",
           0xE006: "PAD BUTTON SQUARE", 0xE007: "PAD BUTTON TRIANGLE",
           0xE008: "MOUSE LEFT BUTTON", 0xE009: "MOUSE RIGHT BUTTON",
           0xE00A: "MOUSE MIDDLE BUTTON", 0xE00B: "PAD LEFT SHOULDER",
           0xE00C: "PAD RIGHT SHOULDER", 0xE00D: "PAD START", 0xE00E: "PAD BACK"}
# The face buttons the prompts write, two cells each (left half, right half): a key cap
# with the font's own glyph cut out of it, so a letter reads at its full size in any
# look's font at the native size (a letter in a round frame, one cell wide, read as 0).
WIDE_BUTTONS = ((0xE010, "A", "A"), (0xE012, "B", "B"), (0xE014, "X", "X"),
                (0xE016, "Y", "Y"), (0xE018, "CROSS", "\u00d7"), (0xE01A, "CIRCLE", "o"),
                (0xE01C, "SQUARE", "\u25a0"), (0xE01E, "TRIANGLE", "\u25b2"))
for _cp, _what, _src in WIDE_BUTTONS:
    PRIVATE[_cp] = f"PAD BUTTON {_what} (WIDE, LEFT HALF)"
    PRIVATE[_cp + 1] = f"PAD BUTTON {_what} (WIDE, RIGHT HALF)"


# ---------------------------------------------------------------------------
# helpers

def _ink_span(rows: list[str], axis: str) -> tuple[int, int]:
    if axis == "rows":
        used = [i for i, r in enumerate(rows) if "#" in r]
    else:
        used = [i for i in range(len(rows[0])) if any(r[i] == "#" for r in rows)]
    return used[0], used[-1]


def hflip(rows: list[str]) -> list[str]:
    """Mirror left-right within the glyph's inked columns (keeps its place)."""
    lo, hi = _ink_span(rows, "cols")
    return [r[:lo] + r[lo:hi + 1][::-1] + r[hi + 1:] for r in rows]


def vflip(rows: list[str]) -> list[str]:
    """Mirror top-bottom within the glyph's inked rows (keeps its place)."""
    lo, hi = _ink_span(rows, "rows")
    return rows[:lo] + rows[lo:hi + 1][::-1] + rows[hi + 1:]


def transpose(rows: list[str]) -> list[str]:
    return ["".join(r[c] for r in rows) for c in range(len(rows[0]))]


def grid(w: int, h: int, ink) -> list[str]:
    return ["".join("#" if ink(x, y) else "." for x in range(w)) for y in range(h)]


# ---------------------------------------------------------------------------
# generated glyphs

def box_glyphs(w: int, h: int, vs: tuple[int, ...], hs: tuple[int, ...],
               vd: tuple[int, int], hd: tuple[int, int]) -> dict[str, list[str]]:
    """Box drawing.  vs/hs: columns/rows of the single vertical/horizontal
    line; vd/hd: the two columns/rows of the double lines.  Every arm runs to
    the cell edge, so neighbouring cells join without gaps."""
    out: dict[str, list[str]] = {}

    def single(up=False, down=False, left=False, right=False):
        def ink(x, y):
            if x in vs and ((up and y <= max(hs)) or (down and y >= min(hs))):
                return True
            if y in hs and ((left and x <= max(vs)) or (right and x >= min(vs))):
                return True
            return False
        return grid(w, h, ink)

    out["─"] = single(left=True, right=True)
    out["│"] = single(up=True, down=True)
    out["┌"] = single(right=True, down=True)
    out["┐"] = single(left=True, down=True)
    out["└"] = single(up=True, right=True)
    out["┘"] = single(up=True, left=True)
    out["├"] = single(up=True, down=True, right=True)
    out["┤"] = single(up=True, down=True, left=True)
    out["┬"] = single(left=True, right=True, down=True)
    out["┴"] = single(left=True, right=True, up=True)
    out["┼"] = single(up=True, down=True, left=True, right=True)

    a, b = vd          # left and right double-line columns
    p, q = hd          # upper and lower double-line rows
    W, H = w - 1, h - 1

    def segs(*segments):
        # segment: ("h", row, x0, x1) or ("v", col, y0, y1), inclusive
        def ink(x, y):
            for kind, k, s0, s1 in segments:
                if kind == "h" and y == k and s0 <= x <= s1:
                    return True
                if kind == "v" and x == k and s0 <= y <= s1:
                    return True
            return False
        return grid(w, h, ink)

    out["═"] = segs(("h", p, 0, W), ("h", q, 0, W))
    out["║"] = segs(("v", a, 0, H), ("v", b, 0, H))
    out["╔"] = segs(("h", p, a, W), ("v", a, p, H), ("h", q, b, W), ("v", b, q, H))
    out["╗"] = segs(("h", p, 0, b), ("v", b, p, H), ("h", q, 0, a), ("v", a, q, H))
    out["╚"] = segs(("v", a, 0, q), ("h", q, a, W), ("v", b, 0, p), ("h", p, b, W))
    out["╝"] = segs(("v", b, 0, q), ("h", q, 0, b), ("v", a, 0, p), ("h", p, 0, a))
    out["╠"] = segs(("v", a, 0, H), ("v", b, 0, p), ("v", b, q, H),
                    ("h", p, b, W), ("h", q, b, W))
    out["╣"] = segs(("v", b, 0, H), ("v", a, 0, p), ("v", a, q, H),
                    ("h", p, 0, a), ("h", q, 0, a))
    out["╦"] = segs(("h", p, 0, W), ("h", q, 0, a), ("h", q, b, W),
                    ("v", a, q, H), ("v", b, q, H))
    out["╩"] = segs(("h", q, 0, W), ("h", p, 0, a), ("h", p, b, W),
                    ("v", a, 0, p), ("v", b, 0, p))
    out["╬"] = segs(("h", p, 0, a), ("h", p, b, W), ("h", q, 0, a), ("h", q, b, W),
                    ("v", a, 0, p), ("v", a, q, H), ("v", b, 0, p), ("v", b, q, H))
    return out


def wide_button(src: list[str], caps: tuple[int, int], w: int, h: int) -> list[str]:
    """A key cap two cells wide (its last column blank, as every glyph's), over the
    capitals' rows and one more above and below (within the cell), its corners rounded,
    with ``src``'s ink cut out of it, centred."""
    width = 2 * w
    top, bottom = max(0, caps[0] - 1), min(h - 1, caps[1] + 1)
    lo, hi = _ink_span(src, "cols")
    rlo, rhi = _ink_span(src, "rows")
    dx = (width - 1 - (hi - lo + 1)) // 2 - lo
    dy = (top + bottom - rlo - rhi) // 2
    corners = {(0, top), (width - 2, top), (0, bottom), (width - 2, bottom)}

    def ink(x, y):
        if not (top <= y <= bottom and x < width - 1) or (x, y) in corners:
            return False
        sx, sy = x - dx, y - dy
        return not (0 <= sx < w and 0 <= sy < h and src[sy][sx] == "#")
    return grid(width, h, ink)


def block_glyphs(w: int, h: int) -> dict[str, list[str]]:
    return {
        "█": grid(w, h, lambda x, y: True),
        "▀": grid(w, h, lambda x, y: y < h // 2),
        "▄": grid(w, h, lambda x, y: y >= h // 2),
        "▌": grid(w, h, lambda x, y: x < w // 2),
        "▐": grid(w, h, lambda x, y: x >= w // 2),
        # shades tile seamlessly: periods 4 across and 2 down divide the cell
        "░": grid(w, h, lambda x, y: x % 4 == (0 if y % 2 == 0 else 2)),
        "▒": grid(w, h, lambda x, y: (x + y) % 2 == 0),
        "▓": grid(w, h, lambda x, y: x % 4 != (2 if y % 2 == 0 else 0)),
    }


# (derived, from, how): each derived from a glyph in the file or derived before it
MIRRORS = (
    ("←", "↑", transpose),          # only where the spec says so (square cells)
    ("↓", "↑", vflip),
    ("→", "←", hflip),
    ("↗", "↖", hflip),
    ("↙", "↖", vflip),
    ("↘", "↗", vflip),
    ("▼", "▲", vflip),
    ("◀", "▶", hflip),
    ("\ue009", "\ue008", hflip),     # the mouse's right button from its left
)


def derive(g: dict[str, list[str]], spec: dict) -> dict[str, tuple[list[str], str]]:
    """The derived glyphs, from the hand-drawn ones in ``g``: {char: (rows, why)}."""
    w, h = spec["size"]
    out: dict[str, tuple[list[str], str]] = {" ": (["." * w] * h, "blank")}
    have = dict(g)
    for ch, src, how in MIRRORS:
        if ch == "←" and not spec["left_from_up"]:
            continue
        if src not in have:
            raise ValueError(f"{spec['name']}: no glyph {src!r} (U+{ord(src):04X}) to derive "
                             f"{ch!r} from")
        rows = how(list(have[src]))
        have[ch] = rows
        out[ch] = (rows, f"{how.__name__} of U+{ord(src):04X} {src}")
    for ch, rows in box_glyphs(w, h, **spec["box"]).items():
        out[ch] = (rows, "box drawing")
    for ch, rows in block_glyphs(w, h).items():
        out[ch] = (rows, "block element")
    caps = _ink_span(have["A"], "rows")
    for cp, _what, src in WIDE_BUTTONS:
        rows = wide_button(have[src], caps, w, h)
        out[chr(cp)] = ([r[:w] for r in rows], f"key cap of U+{ord(src):04X} {src}, left half")
        out[chr(cp + 1)] = ([r[w:] for r in rows],
                            f"key cap of U+{ord(src):04X} {src}, right half")
    return out


# ---------------------------------------------------------------------------
# the fonts

FONTS = {
    "acorn8x8": dict(
        size=(8, 8), baseline=7, left_from_up=True,
        box=dict(vs=(3, 4), hs=(3, 4), vd=(2, 5), hd=(2, 5)),
        about="8x8, after the Acorn Archimedes / RISC OS system font: square, "
              "6 pixels wide, 2-pixel verticals, capitals 7 rows high",
    ),
    "ega8x14": dict(
        size=(8, 14), baseline=11, left_from_up=False,
        box=dict(vs=(3, 4), hs=(6,), vd=(2, 5), hd=(5, 8)),
        about="8x14, after the IBM EGA text-mode font: tall, 7 pixels wide, "
              "2-pixel verticals, serifs, capitals 9 rows high",
    ),
    "topaz8x8": dict(
        size=(8, 8), baseline=7, left_from_up=True,
        box=dict(vs=(3, 4), hs=(3,), vd=(2, 5), hd=(2, 5)),
        about="8x8, after the Amiga Workbench 1.3 Topaz font: wide, rounded "
              "and heavy, 7 pixels wide, 2-pixel verticals",
    ),
}
for _name, _spec in FONTS.items():
    _spec["name"] = _name


def read_glyphs(path: Path) -> dict[str, list[str]]:
    """The glyphs of a font file, read by the game's own parser (games/ui/fonts.py)."""
    font = _fonts_module().BitmapFont.load(path)
    return {ch: list(font.glyph(ch)) for ch in font.chars}


def _fonts_module():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from games.ui import fonts
    return fonts


def build(name: str, path: Path) -> tuple[dict[str, list[str]], dict[str, str]]:
    """Every glyph of the font: the hand-drawn ones from ``path``, the derived ones made
    afresh. Returns (glyphs, {derived char: why})."""
    spec = FONTS[name]
    g = read_glyphs(path)
    derived = derive(g, spec)
    for ch, (rows, _why) in derived.items():
        g[ch] = rows
    missing = [f"U+{ord(c):04X} {c}" for c in REQUIRED if c not in g]
    if missing:
        raise ValueError(f"{path}: missing glyphs {', '.join(missing)}")
    return g, {ch: why for ch, (_rows, why) in derived.items()}


def label(ch: str) -> str:
    uname = unicodedata.name(ch, "") or PRIVATE.get(ord(ch), "")
    if ord(ch) in PRIVATE:
        return f"(private use)  TRICADE {uname}"
    if ch == " ":
        return "SPACE"
    return f"{ch}  {uname}" if uname else ch


def font_text(name: str, path: Path) -> str:
    """The text this script writes for font ``name``, whose hand-drawn glyphs are read
    from ``path``."""
    spec = FONTS[name]
    w, h = spec["size"]
    g, why = build(name, path)
    lines = [
        f"# Tricade bitmap font {name}: {spec['about']}.",
        "# Original artwork drawn for Tricade.  Format: see fonts/README.md.",
        "# This file is the one source of its glyphs: edit them here.  Glyphs marked",
        "# 'derived' are rewritten by fonts/make_fonts.py from the others (box drawing,",
        "# blocks, mirrored arrows and triangles, the pad's wide buttons); run it after",
        "# editing the up, left or north-west arrow, the up or right triangle, or a glyph a",
        "# button is cut from, and `--check` before committing.",
        f"name {name}",
        f"size {w} {h}",
        f"baseline {spec['baseline']}",
    ]
    for ch in sorted(g, key=ord):
        rows = g[ch]
        assert len(rows) == h and all(len(r) == w for r in rows), ch
        lines.append("")
        if ch in why:
            lines.append(f"# derived: {why[ch]}")
        lines.append(f"glyph U+{ord(ch):04X} {label(ch)}")
        lines.extend(rows)
    return "\n".join(lines) + "\n"


def _first_difference(name: str, path: Path, want: str) -> str:
    """One sentence on where the file ``path`` differs from ``want``."""
    fonts = _fonts_module()
    try:
        have = read_glyphs(path)
    except ValueError as exc:
        return f"{exc}"
    wanted = fonts.BitmapFont.parse(want, source=f"<{name} as built>")
    _g, why = build(name, path)
    for ch in sorted(set(have) | set(wanted.chars), key=ord):
        a, b = have.get(ch), wanted.glyph(ch)
        if a is None or b is None or tuple(a) != tuple(b):
            what = f"glyph U+{ord(ch):04X} {label(ch)}"
            if ch in why:
                return (f"{path.name}: derived {what} differs from its {why[ch]}; "
                        f"edit its source glyph instead and run fonts/make_fonts.py")
            return f"{path.name}: {what} differs from what fonts/make_fonts.py writes"
    got = path.read_text(encoding="utf-8").splitlines()
    for n, (x, y) in enumerate(zip(got, want.splitlines()), 1):
        if x != y:
            return (f"{path.name}, line {n}: {x[:50]!r} is not what fonts/make_fonts.py "
                    f"writes ({y[:50]!r})")
    return f"{path.name}: its length differs from what fonts/make_fonts.py writes"


def atlas_problem(name: str, path: Path) -> str | None:
    """None if the atlas games/ui/fonts.py builds from ``path`` shows exactly the file's
    glyphs, pixel for pixel (glyph i at x = i * width, in code point order); else one
    sentence naming the first glyph that differs."""
    fonts = _fonts_module()
    font = fonts.BitmapFont.load(path)
    atlas = font.atlas
    w, h = font.width, font.height
    for i, ch in enumerate(sorted(font.chars, key=ord)):
        rows = font.glyph(ch)
        for y in range(h):
            for x in range(w):
                ink = atlas.get_at((i * w + x, y)).a > 0
                if ink != (rows[y][x] == "#"):
                    return (f"{path.name}: the atlas shows glyph U+{ord(ch):04X} {label(ch)} "
                            f"differently at ({x}, {y})")
    return None


def check(directory: Path) -> list[str]:
    """Problems with the fonts in ``directory``, one sentence each (empty: all good)."""
    problems = []
    for name in FONTS:
        path = directory / f"{name}.txt"
        if not path.exists():
            problems.append(f"{path}: missing")
            continue
        try:
            want = font_text(name, path)
        except ValueError as exc:
            problems.append(str(exc))
            continue
        if path.read_text(encoding="utf-8") != want:
            problems.append(_first_difference(name, path, want))
            continue
        bad = atlas_problem(name, path)
        if bad:
            problems.append(bad)
    return problems


def write_sheets(directory: Path, outdir: Path) -> list[Path]:
    fonts = _fonts_module()
    import pygame

    pygame.display.init()
    paths = []
    pangram = "The quick brown fox jumps over the lazy dog 0123456789"
    for name in FONTS:
        font = fonts.BitmapFont.load(directory / f"{name}.txt")
        chars = sorted(font.chars, key=ord)
        per_line = 32
        lines = ["".join(chars[i:i + per_line]) for i in range(0, len(chars), per_line)]
        lines += ["", pangram, "THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG!",
                  "Score: 1,250 (x3)  [Turn 12/40]  <OK>  \"Yes\" 'no' #5 $9 %7",
                  "┌──┬──┐ ╔══╦══╗ ░░▒▒▓▓██ ←↑→↓ ▲▼◀▶",
                  "│ab│cd│ ║ab║cd║ ▀▄▌▐■ ↖↗↘↙ ✓©·•×",
                  "├──┼──┤ ╠══╬══╣",
                  "└──┴──┘ ╚══╩══╝"]
        cols = max(len(s) for s in lines) + 2
        sheet = pygame.Surface((cols * font.width, (len(lines) + 2) * font.height))
        sheet.fill((0, 0, 170))
        for i, s in enumerate(lines):
            font.draw(sheet, s, (font.width, (i + 1) * font.height), (255, 255, 255))
        bold_y = (len(lines) + 1) * font.height
        font.draw(sheet, "Bold: Tricade 1991", (font.width, bold_y), (255, 255, 85), bold=True)
        sheet = pygame.transform.scale_by(sheet, 3)
        out = outdir / f"fontsheet_{name}.png"
        pygame.image.save(sheet, str(out))
        paths.append(out)
    return paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 unless the files are up to date")
    parser.add_argument("--dir", type=Path, default=HERE,
                        help="the folder of the .txt files (default: fonts/)")
    parser.add_argument("--sheet", nargs="?", const=Path("/tmp"), type=Path, default=None,
                        metavar="DIR", help="also write fontsheet_<name>.png to DIR")
    args = parser.parse_args(argv)
    directory = args.dir
    if args.check:
        problems = check(directory)
        for p in problems:
            print(p, file=sys.stderr)
        if problems:
            return 1
        print(f"fonts in {directory} are up to date")
        return 0
    for name in FONTS:
        path = directory / f"{name}.txt"
        try:
            text = font_text(name, path)
        except ValueError as exc:
            print(exc, file=sys.stderr)
            return 1
        if path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}")
    if args.sheet is not None:
        for p in write_sheets(directory, args.sheet):
            print(f"wrote {p}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
