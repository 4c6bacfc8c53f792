"""The window, and how a scene's native picture is shown in it.

Each scene draws at its original resolution. The display presents that picture with the
original pixel shape:

- ``integer``: the largest whole multiple that fits, with each native pixel made
  ``round(k * pixel_aspect)`` window pixels tall, centred with black bars;
- ``aspect``: as large as fits while keeping the platform's picture shape (EGA 640x350
  shown at 4:3; 256-line Amiga and Acorn modes doubled vertically);
- ``stretch``: the whole window.

Optional scanlines darken the last window row of every native row. The pointer is mapped
back to native pixels in every mode.
"""

from __future__ import annotations

import pygame

SCALE_MODES = ("integer", "aspect", "stretch")
DEFAULT_WINDOW = (640, 480)


def layout(mode: str, native: tuple, pixel_aspect: float, window: tuple) -> pygame.Rect:
    """Where the native picture goes in a window of the given size."""
    w, h = native
    ww, wh = window
    if mode == "stretch":
        return pygame.Rect(0, 0, ww, wh)
    if mode == "integer":
        k = min(ww // w, wh // h)
        while k >= 1:
            sy = max(1, round(k * pixel_aspect))
            if k * w <= ww and sy * h <= wh:
                dw, dh = k * w, sy * h
                return pygame.Rect((ww - dw) // 2, (wh - dh) // 2, dw, dh)
            k -= 1
        # The window is smaller than one native picture: fall back to keeping the shape.
    shape = w / (h * pixel_aspect)
    dw, dh = ww, round(ww / shape)
    if dh > wh:
        dw, dh = round(wh * shape), wh
    dw, dh = max(1, dw), max(1, dh)
    return pygame.Rect((ww - dw) // 2, (wh - dh) // 2, dw, dh)


def default_window_size(desktop: tuple | None) -> tuple:
    """The largest whole multiple of 640x480 that fits in 90% of the desktop."""
    if not desktop or desktop[0] <= 0:
        return DEFAULT_WINDOW
    k = max(1, min(int(desktop[0] * 0.9) // 640, int(desktop[1] * 0.9) // 480))
    return 640 * k, 480 * k


class Display:
    def __init__(self, fullscreen: bool = False, scale: str = "aspect", scanlines: bool = False,
                 window_size: tuple | None = None, title: str = "Tricade"):
        if scale not in SCALE_MODES:
            raise ValueError(f"scale must be one of {', '.join(SCALE_MODES)}")
        self.scale = scale
        self.scanlines = scanlines
        self.fullscreen = fullscreen
        self.title = title
        self.native_size = DEFAULT_WINDOW
        self.pixel_aspect = 1.0
        try:
            desktop = pygame.display.get_desktop_sizes()[0]
        except (pygame.error, IndexError):
            desktop = None
        self.window_size = tuple(window_size) if window_size else default_window_size(desktop)
        self.window: pygame.Surface | None = None
        self.dest = pygame.Rect(0, 0, *self.window_size)
        self._target: pygame.Surface | None = None
        self._scan: pygame.Surface | None = None
        self._direct = False
        self.presented = 0
        pygame.display.set_caption(title)
        self._open()

    # -- window ------------------------------------------------------------------------------
    def _open(self) -> None:
        if self.fullscreen:
            self.window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.window = pygame.display.set_mode(self.window_size, pygame.RESIZABLE)
        self._relayout()

    def toggle_fullscreen(self) -> None:
        self.set_fullscreen(not self.fullscreen)

    def set_fullscreen(self, on: bool) -> None:
        if on != self.fullscreen:
            if not self.fullscreen:
                self.window_size = self.window.get_size()
            self.fullscreen = on
            self._open()

    def resized(self, size: tuple | None = None) -> None:
        """The window changed size (the user dragged its edge)."""
        surface = pygame.display.get_surface()
        if surface is not None:
            self.window = surface
        if not self.fullscreen:
            self.window_size = self.window.get_size()
        self._relayout()

    def configure(self, scale: str | None = None, scanlines: bool | None = None) -> None:
        if scale is not None:
            if scale not in SCALE_MODES:
                raise ValueError(f"scale must be one of {', '.join(SCALE_MODES)}")
            self.scale = scale
        if scanlines is not None:
            self.scanlines = scanlines
        self._relayout()

    def set_format(self, native_size: tuple, pixel_aspect: float) -> None:
        """The top scene's native size and pixel shape."""
        if tuple(native_size) != self.native_size or pixel_aspect != self.pixel_aspect:
            self.native_size = tuple(native_size)
            self.pixel_aspect = pixel_aspect
            self._relayout()

    def _relayout(self) -> None:
        size = self.window.get_size()
        self.dest = layout(self.scale, self.native_size, self.pixel_aspect, size)
        self.window.fill((0, 0, 0))
        clipped = self.dest.clip(self.window.get_rect())
        self._target = self.window.subsurface(clipped) if clipped == self.dest else None
        self._direct = False
        self._scan = self._make_scanlines() if self.scanlines else None

    def _make_scanlines(self) -> pygame.Surface:
        """A multiply mask: the last window row of every native row at 60% brightness."""
        dw, dh = self.dest.size
        h = self.native_size[1]
        mask = pygame.Surface((dw, dh))
        mask.fill((255, 255, 255))
        if dh >= 2 * h:
            dark = (150, 150, 150)
            for row in range(h):
                y = (row + 1) * dh // h - 1
                mask.fill(dark, (0, y, dw, 1))
        else:  # less than two window rows per native row: every other window row
            for y in range(1, dh, 2):
                mask.fill((190, 190, 190), (0, y, dw, 1))
        return mask

    def make_surface(self, size: tuple) -> pygame.Surface:
        """A native canvas in the window's pixel format (so scaling needs no conversion)."""
        return pygame.Surface(size, 0, self.window)

    # -- presenting --------------------------------------------------------------------------
    def present(self, native: pygame.Surface) -> None:
        target = self._target
        size = self.dest.size
        if target is not None:
            try:
                if native.get_size() == size:
                    target.blit(native, (0, 0))
                else:
                    pygame.transform.scale(native, size, target)
            except ValueError:  # formats differ: scale, then blit
                target.blit(pygame.transform.scale(native, size), (0, 0))
            if self._scan is not None:
                target.blit(self._scan, (0, 0), special_flags=pygame.BLEND_MULT)
        else:
            self.window.blit(pygame.transform.scale(native, size), self.dest.topleft)
        pygame.display.flip()
        self.presented += 1

    def to_native(self, pos) -> tuple | None:
        """Window pixel -> native pixel, or None outside the picture."""
        x, y = pos
        d = self.dest
        if not d.collidepoint(x, y):
            return None
        w, h = self.native_size
        return (min(w - 1, (x - d.x) * w // d.w), min(h - 1, (y - d.y) * h // d.h))

    def to_window(self, pos) -> tuple:
        """Native pixel -> the centre of its window pixels (tests use it to aim the mouse)."""
        x, y = pos
        d = self.dest
        w, h = self.native_size
        return (d.x + (2 * x + 1) * d.w // (2 * w), d.y + (2 * y + 1) * d.h // (2 * h))

    def screenshot(self, path) -> None:
        pygame.image.save(self.window, str(path))
