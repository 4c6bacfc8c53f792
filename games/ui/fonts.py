"""Bitmap fonts for Tricade: loading the text-art font files and drawing text.

Three monospace fonts ship in the repository's ``fonts/`` directory:

* ``acorn8x8`` -- after the Acorn Archimedes (RISC OS) system font
* ``ega8x14``  -- after the IBM EGA 8x14 text-mode font
* ``topaz8x8`` -- after the Amiga Workbench 1.3 Topaz font

Use them through :func:`get`::

    from games.ui import fonts
    font = fonts.get("topaz8x8")
    rect = font.draw(screen, "Turn 12", (8, 8), (255, 255, 255))
    surf = font.render("GAME OVER", (255, 85, 85), background=(0, 0, 0))

Output is pure pixels: every pixel a call produces is exactly the ink colour
or (if given) the background colour; without a background, paper is left
untouched (surfaces returned by :meth:`BitmapFont.render` mark paper with a
colorkey).  Nothing is antialiased or alpha-blended.  Fonts can be loaded and
used before ``pygame.display.set_mode`` (and without ``pygame.init``).

Text art format
---------------
A font file is UTF-8 text::

    # comment lines start with #
    name acorn8x8
    size 8 8
    baseline 7

    glyph U+0041 A  LATIN CAPITAL LETTER A
    ..####..
    .##..##.
    ...                     (exactly `height` rows in all)

* Outside a glyph's bitmap, blank lines are ignored and lines whose first
  character is ``#`` are comments.
* The header lines ``name NAME``, ``size WIDTH HEIGHT`` and ``baseline N``
  each appear once, before the first glyph; ``size`` is required, ``name``
  defaults to the file's stem and ``baseline`` to the height.  ``baseline`` is
  the number of pixel rows above the baseline: capitals occupy rows
  ``0..N-1`` (counted from the top), descenders rows ``N`` and below.
* ``glyph U+XXXX [label]`` starts a glyph: XXXX is the character's code point
  in hexadecimal (4 to 6 digits; surrogates are not allowed); the label
  (usually the character itself and its Unicode name) is ignored.  The next
  ``height`` lines are the bitmap rows, top first, each exactly ``width``
  characters of ``#`` (ink) and ``.`` (paper); trailing whitespace is
  ignored.  Inside a bitmap a row that begins with ``#`` is a row, not a
  comment.  Glyphs are separated by a blank line.
* Each code point may appear once.

Malformed input raises ``ValueError("<file>, line <n>: <problem>")``.
"""
from __future__ import annotations

import re
from collections import OrderedDict
from pathlib import Path
from typing import Iterable

import pygame

from games.core import assets

__all__ = ["BitmapFont", "get", "FONT_NAMES", "FONTS_DIR"]

FONTS_DIR = assets.folder("fonts")
FONT_NAMES = ("acorn8x8", "ega8x14", "topaz8x8")

_GLYPH_RE = re.compile(r"^glyph\s+U\+([0-9A-Fa-f]{4,6})(?:\s+.*)?$")
# Colour keys used to mark paper; the first one that differs from the ink and
# background colours is used.
_KEYS = ((255, 0, 255), (0, 255, 1), (1, 2, 3))
_RENDER_CACHE_SIZE = 512
# and at most this many bytes of pixels a font: the attract loop's demos write ever new
# lines ("Red put a peg in ..."), and 512 long lines of 32-bit pixels are megabytes that a
# cabinet running for days would otherwise fill before they level off
_RENDER_CACHE_BYTES = 1 << 20


def _rgb(color) -> tuple[int, int, int]:
    """Normalise any pygame colour spec to an (r, g, b) tuple (alpha ignored)."""
    c = pygame.Color(color) if not isinstance(color, pygame.Color) else color
    return (c.r, c.g, c.b)


def _pick_key(*avoid) -> tuple[int, int, int]:
    for key in _KEYS:
        if key not in avoid:
            return key
    raise AssertionError("unreachable")  # pragma: no cover


class BitmapFont:
    """A monospace bitmap font.  Build it with :meth:`load` (or :func:`get`)."""

    name: str
    width: int
    height: int
    baseline: int

    def __init__(self, name: str, width: int, height: int, baseline: int,
                 glyphs: dict[str, tuple[str, ...]]):
        if width <= 0 or height <= 0:
            raise ValueError("font size must be positive")
        self.name = name
        self.width = width
        self.height = height
        self.baseline = baseline
        self._glyphs = dict(glyphs)
        self._build_atlas()
        self._colored: dict[tuple[int, int, int], tuple[pygame.Surface, tuple]] = {}
        self._render_cache: OrderedDict = OrderedDict()
        self._render_bytes = 0               # the pixels held by _render_cache

    # ------------------------------------------------------------------ load
    @classmethod
    def load(cls, path) -> "BitmapFont":
        """Parse a text-art font file.  ValueError names file, line, problem."""
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError as exc:
            raise ValueError(f"{path}: not UTF-8 text ({exc})") from None
        return cls.parse(text, source=str(path), default_name=path.stem)

    @classmethod
    def parse(cls, text: str, source: str = "<string>",
              default_name: str = "font") -> "BitmapFont":
        """Parse text art held in a string (see the module docstring)."""
        def fail(lineno: int, problem: str):
            raise ValueError(f"{source}, line {lineno}: {problem}")

        name = None
        size = None
        baseline = None
        seen_header: dict[str, int] = {}
        glyphs: dict[str, tuple[str, ...]] = {}
        glyph_line: dict[str, int] = {}
        lines = text.splitlines()
        i = 0
        while i < len(lines):
            lineno = i + 1
            raw = lines[i]
            line = raw.strip()
            i += 1
            if not line or line.startswith("#"):
                continue
            word = line.split()[0]
            if word in ("name", "size", "baseline"):
                if glyphs:
                    fail(lineno, f"'{word}' line after the first glyph")
                if word in seen_header:
                    fail(lineno, f"second '{word}' line (first on line {seen_header[word]})")
                seen_header[word] = lineno
                args = line.split()[1:]
                if word == "name":
                    if len(args) != 1:
                        fail(lineno, "expected 'name NAME'")
                    name = args[0]
                elif word == "size":
                    if len(args) != 2 or not all(a.isdigit() for a in args):
                        fail(lineno, "expected 'size WIDTH HEIGHT' with positive integers")
                    size = (int(args[0]), int(args[1]))
                    if size[0] <= 0 or size[1] <= 0:
                        fail(lineno, "expected 'size WIDTH HEIGHT' with positive integers")
                else:
                    if len(args) != 1 or not args[0].isdigit():
                        fail(lineno, "expected 'baseline N' with a non-negative integer")
                    baseline = int(args[0])
                continue
            if word == "glyph":
                m = _GLYPH_RE.match(line)
                if not m:
                    fail(lineno, f"bad glyph line {line!r}: expected 'glyph U+XXXX [label]' "
                                 "with a 4-6 digit hexadecimal code point")
                cp = int(m.group(1), 16)
                if cp > 0x10FFFF or 0xD800 <= cp <= 0xDFFF:
                    fail(lineno, f"bad code point U+{m.group(1).upper()}: not a character")
                if size is None:
                    fail(lineno, "glyph before the 'size WIDTH HEIGHT' line (missing size line)")
                ch = chr(cp)
                if ch in glyphs:
                    fail(lineno, f"duplicate glyph U+{cp:04X} (first defined on line "
                                 f"{glyph_line[ch]})")
                w, h = size
                rows = []
                for r in range(h):
                    if i >= len(lines):
                        fail(i + 1, f"glyph U+{cp:04X} ends after {r} rows, expected {h}")
                    row = lines[i].rstrip()
                    i += 1
                    if len(row) != w:
                        fail(i, f"glyph U+{cp:04X} row {r + 1} has {len(row)} "
                                f"characters, expected {w}")
                    bad = set(row) - {"#", "."}
                    if bad:
                        fail(i, f"glyph U+{cp:04X} row {r + 1} has {''.join(sorted(bad))!r}; "
                                "only '#' (ink) and '.' (paper) are allowed")
                    rows.append(row)
                glyphs[ch] = tuple(rows)
                glyph_line[ch] = lineno
                continue
            fail(lineno, f"unexpected line {line[:40]!r}: expected name, size, baseline "
                         "or glyph")
        if size is None:
            fail(len(lines) or 1, "missing 'size WIDTH HEIGHT' line")
        if not glyphs:
            fail(len(lines) or 1, "no glyphs")
        if baseline is None:
            baseline = size[1]
        if baseline > size[1]:
            fail(seen_header["baseline"], f"baseline {baseline} is below the cell "
                                          f"(height {size[1]})")
        return cls(name or default_name, size[0], size[1], baseline, glyphs)

    # ----------------------------------------------------------------- atlas
    def _build_atlas(self) -> None:
        """Build the glyph atlas once: an 8-bit surface, index 1 = ink, 0 = paper.

        Glyph i (in code point order) sits at x = i * width; the replacement
        glyph (a hollow box, for characters the font lacks) comes last.  The
        public ``atlas`` attribute is the same thing as white ink on
        transparent (SRCALPHA), for anyone who wants it.
        """
        w, h = self.width, self.height
        chars = sorted(self._glyphs, key=ord)
        n = len(chars) + 1
        index = pygame.Surface((n * w, h), 0, 8)
        index.set_palette([(0, 0, 0), (255, 255, 255)] + [(0, 0, 0)] * 254)
        index.fill(0)
        px = pygame.PixelArray(index)
        try:
            for gi, ch in enumerate(chars):
                x0 = gi * w
                for y, row in enumerate(self._glyphs[ch]):
                    for x, cell in enumerate(row):
                        if cell == "#":
                            px[x0 + x, y] = 1
            x0 = len(chars) * w          # replacement glyph: hollow box
            x1, y1 = x0 + w - 2, max(1, h - 2)
            top = 1 if h >= 4 else 0
            for x in range(x0 + 1, x1 + 1):
                px[x, top] = 1
                px[x, y1] = 1
            for y in range(top, y1 + 1):
                px[x0 + 1, y] = 1
                px[x1, y] = 1
        finally:
            px.close()
        self._index_atlas = index
        self._areas = {ch: (gi * w, 0, w, h) for gi, ch in enumerate(chars)}
        self._replacement_area = (len(chars) * w, 0, w, h)

        atlas = pygame.Surface(index.get_size(), pygame.SRCALPHA, 32)
        atlas.fill((0, 0, 0, 0))
        index.set_colorkey(0)
        atlas.blit(index, (0, 0))
        index.set_colorkey(None)
        self.atlas = atlas

    def _colored_atlas(self, rgb: tuple[int, int, int]) -> pygame.Surface:
        """The atlas with ink in colour ``rgb`` and colorkeyed paper (cached)."""
        surf = self._colored.get(rgb)
        if surf is None:
            key = _pick_key(rgb)
            pal = self._index_atlas.copy()
            pal.set_palette_at(0, key)
            pal.set_palette_at(1, rgb)
            surf = pygame.Surface(pal.get_size(), 0, 32)
            surf.blit(pal, (0, 0))
            surf.set_colorkey(key)
            if len(self._colored) >= 64:     # keep the dict small
                self._colored.pop(next(iter(self._colored)))
            self._colored[rgb] = surf
        return surf

    # ------------------------------------------------------------------- API
    @property
    def chars(self) -> list[str]:
        """The characters this font has glyphs for."""
        return list(self._glyphs)

    def has(self, ch: str) -> bool:
        return ch in self._glyphs

    def glyph(self, ch: str) -> tuple[str, ...] | None:
        """The text-art rows of ``ch`` ('#' ink, '.' paper), or None."""
        return self._glyphs.get(ch)

    def size(self, text: str) -> tuple[int, int]:
        """Pixel size of ``text`` on one line: (len(text) * width, height)."""
        return (len(text) * self.width, self.height)

    def _blits(self, atlas: pygame.Surface, text: str, x: int, y: int, bold: bool):
        w = self.width
        areas = self._areas
        repl = self._replacement_area
        seq = [(atlas, (x + i * w, y), areas.get(ch, repl)) for i, ch in enumerate(text)]
        if bold:
            seq += [(atlas, (x + 1 + i * w, y), areas.get(ch, repl))
                    for i, ch in enumerate(text)]
        return seq

    def render(self, text: str, color, background=None, bold: bool = False) -> pygame.Surface:
        """Return a new surface of ``size(text)`` with ``text`` drawn on it.

        With a background colour the surface is opaque; without one, paper is
        the surface's colorkey (so blitting it copies only ink).  ``bold``
        draws the text a second time one pixel to the right (the surface is
        one pixel wider).  Results are cached (LRU): treat the returned
        surface as read-only and ``copy()`` it before drawing on it.
        """
        text = str(text)
        rgb = _rgb(color)
        bg = None if background is None else _rgb(background)
        cache_key = (text, rgb, bg, bool(bold))
        cached = self._render_cache.get(cache_key)
        if cached is not None:
            self._render_cache.move_to_end(cache_key)
            return cached
        tw, th = self.size(text)
        if bold:
            tw += 1
        surf = pygame.Surface((max(tw, 0), th), 0, 32)
        if bg is None:
            key = _pick_key(rgb)
            surf.fill(key)
            surf.set_colorkey(key)
        else:
            surf.fill(bg)
        if text:
            surf.blits(self._blits(self._colored_atlas(rgb), text, 0, 0, bold), doreturn=False)
        cache = self._render_cache
        cache[cache_key] = surf
        self._render_bytes += surf.get_width() * surf.get_height() * 4
        while len(cache) > 1 and (len(cache) > _RENDER_CACHE_SIZE
                                  or self._render_bytes > _RENDER_CACHE_BYTES):
            old = cache.popitem(last=False)[1]
            self._render_bytes -= old.get_width() * old.get_height() * 4
        return surf

    def draw(self, surface: pygame.Surface, text: str, pos, color,
             background=None, bold: bool = False) -> pygame.Rect:
        """Draw ``text`` with its top-left corner at ``pos``; return its Rect.

        The returned Rect is the area of the text (not clipped to the surface).
        Goes through the :meth:`render` cache, so redrawing the same label
        every frame costs one blit; text wholly outside the surface's clip costs
        nothing more than finding that out.
        """
        x, y = int(pos[0]), int(pos[1])
        text = str(text)
        where = pygame.Rect(x, y, len(text) * self.width + bool(bold), self.height)
        if not surface.get_clip().colliderect(where):
            return where                 # outside what this frame redraws: nothing to do
        surface.blit(self.render(text, color, background, bold), where)
        return where

    def draw_bold(self, surface: pygame.Surface, text: str, pos, color,
                  background=None) -> pygame.Rect:
        """Acorn/Amiga-style emphasis: the text drawn twice, 1 px apart."""
        return self.draw(surface, text, pos, color, background, bold=True)

    def draw_lines(self, surface: pygame.Surface, lines: Iterable[str], pos, color,
                   background=None, spacing: int = 0, bold: bool = False) -> pygame.Rect:
        """Draw several lines, one below the other; return the union Rect."""
        x, y = int(pos[0]), int(pos[1])
        rect = pygame.Rect(x, y, 0, 0)
        for line in lines:
            r = self.draw(surface, line, (x, y), color, background, bold)
            rect.union_ip(r)
            y += self.height + spacing
        return rect

    def __repr__(self) -> str:
        return (f"<BitmapFont {self.name} {self.width}x{self.height} "
                f"baseline {self.baseline}, {len(self._glyphs)} glyphs>")


_cache: dict[str, BitmapFont] = {}


def get(name: str) -> BitmapFont:
    """The named font ("acorn8x8", "ega8x14" or "topaz8x8"), loaded once."""
    font = _cache.get(name)
    if font is None:
        if name not in FONT_NAMES:
            raise ValueError(f"unknown font {name!r}; choose one of {', '.join(FONT_NAMES)}")
        font = _cache[name] = BitmapFont.load(FONTS_DIR / f"{name}.txt")
    return font
