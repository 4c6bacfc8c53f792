"""Sprite sheets drawn by sprites/make_sprites.py: ``sheet(name).get(sprite)``.

    from games.ui import sprites
    close = sprites.sheet("workbench").get("gadget_close")   # a pygame.Surface (a subsurface)
    surface.blit(close, bar.topleft)

Each look reads its own sheet ("workbench", "riscos", "dos": its furniture and marks) and
each game its own (named after the game); nothing here names a game's.

Sheets are loaded once, on first use (pygame.image.load: works before set_mode). Sprites
are per-pixel alpha with only fully transparent or fully opaque pixels, so blitting one
copies exactly its platform's colours. Treat the surfaces as read-only (``copy()`` first).
"""
from __future__ import annotations

import json
from pathlib import Path

import pygame

from games.core import assets

SPRITES_DIR = assets.folder("sprites")


class Sheet:
    """One sheet: its picture and {sprite: (x, y, w, h)}."""

    def __init__(self, name: str, image: pygame.Surface, index: dict):
        self.name = name
        self.image = image
        self._rects = {n: pygame.Rect(r) for n, r in index.items()}
        self._cache: dict[str, pygame.Surface] = {}
        self.converted = False      # in the display's pixel format (convert_alpha)

    def names(self) -> list[str]:
        return list(self._rects)

    def rect(self, sprite: str) -> pygame.Rect:
        try:
            return pygame.Rect(self._rects[sprite])
        except KeyError:
            raise KeyError(f"sheet {self.name!r} has no sprite {sprite!r} "
                           f"(it has: {', '.join(self._rects)})") from None

    def get(self, sprite: str) -> pygame.Surface:
        s = self._cache.get(sprite)
        if s is None:
            s = self._cache[sprite] = self.image.subsurface(self.rect(sprite))
        return s


_sheets: dict[str, Sheet] = {}
_index: dict | None = None


def sheet(name: str, directory: Path | None = None) -> Sheet:
    """The named sheet (sprites/index.json lists them), loaded once."""
    global _index
    key = name if directory is None else f"{directory}/{name}"
    s = _sheets.get(key)
    if s is not None and not s.converted and pygame.display.get_surface() is not None:
        s = None        # loaded before the display: loaded again in the display's format
    if s is None:
        d = Path(directory) if directory is not None else SPRITES_DIR
        index = _index if directory is None and _index is not None else json.loads(
            (d / "index.json").read_text(encoding="utf-8"))
        if directory is None:
            _index = index
        if name not in index:
            raise KeyError(f"no sprite sheet {name!r} (there are: {', '.join(index)})")
        image = pygame.image.load(str(d / f"{name}.png"))
        converted = pygame.display.get_surface() is not None
        if converted:
            image = image.convert_alpha()
        s = _sheets[key] = Sheet(name, image, index[name])
        s.converted = converted
    return s
