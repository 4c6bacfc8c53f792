"""The window, and how a scene's native picture is shown in it.

Each scene draws at its original resolution. The display presents that picture with the
original pixel shape:

- ``integer``: whole window pixels per native pixel on each axis: the largest whole
  horizontal factor that fits the picture's true shape, and the whole vertical factor
  closest to it times the pixel aspect that fits (EGA 640x350 at 1280x1000: 2x2; Amiga
  640x256: 1x2, 2x4, ...), centred with black bars. A window too small for the native
  picture gets the ``aspect`` rectangle instead;
- ``aspect``: as large as fits while keeping the platform's picture shape (EGA 640x350
  shown at 4:3; 256-line Amiga and Acorn modes doubled vertically);
- ``stretch``: the whole window.

Scaling is nearest-neighbour (crisp pixels) when the picture is enlarged or kept on both
axes, and smooth (averaging) when either axis shrinks, so a window smaller than the
picture loses no native row or column.

Optional scanlines darken the last window row of every native row. The pointer is mapped
back to native pixels in every mode.
"""

from __future__ import annotations

import os
import warnings

import pygame

SCALE_MODES = ("integer", "aspect", "stretch")
DEFAULT_WINDOW = (640, 480)
# every platform's picture as shown: 640x480 (the launcher, VGA, EGA at 4:3) and 640x512
# (256-line Amiga and Acorn modes doubled); a default window fits them at whole multiples
SHOWN_PICTURES = ((640, 480), (640, 512))
MAX_WINDOW = (7680, 4320)


class DisplayUnavailable(RuntimeError):
    """There is no screen to show anything on (the message is the sentence to print)."""


def init_video() -> None:
    """Start SDL's video, refusing to run invisibly: if no driver was asked for (no
    SDL_VIDEODRIVER) and SDL could only find its "offscreen" or "dummy" driver, or none,
    raise DisplayUnavailable with one sentence for the user."""
    asked = os.environ.get("SDL_VIDEODRIVER")
    try:
        pygame.display.init()
    except pygame.error as exc:
        raise DisplayUnavailable(f"Tricade found no screen to show its window on ({exc}); "
                                 f"run it on a desktop, or set DISPLAY.") from None
    driver = pygame.display.get_driver()
    if not asked and driver in ("offscreen", "dummy"):
        pygame.display.quit()
        raise DisplayUnavailable("Tricade found no screen to show its window on (no X11 or "
                                 "Wayland display); run it on a desktop, or set DISPLAY.")


def _aspect_rect(native: tuple, pixel_aspect: float, window: tuple) -> tuple:
    w, h = native
    ww, wh = window
    shape = w / (h * pixel_aspect)
    dw, dh = ww, round(ww / shape)
    if dh > wh:
        dw, dh = round(wh * shape), wh
    return max(1, min(ww, dw)), max(1, min(wh, dh))


def integer_factors(native: tuple, pixel_aspect: float, window: tuple) -> tuple | None:
    """(kx, ky): whole window pixels per native pixel across and down, or None if the
    window cannot hold the native picture once.

    kx is the largest whole factor whose width fits inside the picture's true shape at
    this window size (at least 1); ky is the whole number nearest kx * pixel_aspect that
    fits the window's height."""
    w, h = native
    ww, wh = window
    if ww < w or wh < h:
        return None
    dw, _ = _aspect_rect(native, pixel_aspect, window)
    kx = max(1, min(dw // w, ww // w))
    ky = max(1, round(kx * pixel_aspect))
    ky = min(ky, wh // h)
    return kx, ky


def layout(mode: str, native: tuple, pixel_aspect: float, window: tuple) -> pygame.Rect:
    """Where the native picture goes in a window of the given size."""
    ww, wh = window
    if mode == "stretch":
        return pygame.Rect(0, 0, ww, wh)
    if mode == "integer":
        k = integer_factors(native, pixel_aspect, window)
        if k is not None:
            dw, dh = k[0] * native[0], k[1] * native[1]
            return pygame.Rect((ww - dw) // 2, (wh - dh) // 2, dw, dh)
        # smaller than one native picture: keep the shape (scaled smoothly)
    dw, dh = _aspect_rect(native, pixel_aspect, window)
    return pygame.Rect((ww - dw) // 2, (wh - dh) // 2, dw, dh)


def default_window_size(desktop: tuple | None) -> tuple:
    """640k x 512k if it fits in 90% of the desktop (every platform's shown picture at a
    whole multiple k), else 640k x 480k; never smaller than 640x512 (a desktop too small
    for that, or unknown, gets 640x512: the window may be made smaller by hand)."""
    if not desktop or desktop[0] <= 0 or desktop[1] <= 0:
        return SHOWN_PICTURES[1]
    aw, ah = int(desktop[0] * 0.9), int(desktop[1] * 0.9)
    k = max(1, min(aw // 640, ah // 480))
    h = 512 * k if 512 * k <= ah else 480 * k
    if k == 1:
        h = 512
    return 640 * k, h


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
            # With no window manager (bare X kiosks) SDL keeps the window where it was, so
            # a full-screen picture would start mid-screen: move it to 0,0 first.
            self._move_to_origin()
            self.window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.window = pygame.display.set_mode(self.window_size, pygame.RESIZABLE)
        self._relayout()

    @staticmethod
    def _move_to_origin() -> None:
        if pygame.display.get_surface() is None or not hasattr(pygame, "Window"):
            return
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                win = pygame.Window.from_display_module()
            win.position = (0, 0)
            pygame.event.pump()
        except (pygame.error, AttributeError, TypeError, ValueError):
            pass

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
        self._laid_out_for = size
        self.dest = layout(self.scale, self.native_size, self.pixel_aspect, size)
        self.window.fill((0, 0, 0))
        clipped = self.dest.clip(self.window.get_rect())
        self._target = self.window.subsurface(clipped) if clipped == self.dest else None
        self._direct = False
        self._smooth = self.dest.w < self.native_size[0] or self.dest.h < self.native_size[1]
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
    def _check_window(self) -> None:
        """Never draw into a subsurface of a window whose size changed behind our back."""
        surface = pygame.display.get_surface()
        if surface is None:
            return
        if surface is not self.window or surface.get_size() != self._laid_out_for:
            self.window = surface
            if not self.fullscreen:
                self.window_size = surface.get_size()
            self._relayout()

    def _scaled(self, native: pygame.Surface, size: tuple, dest=None):
        if self._smooth and native.get_bitsize() >= 24:
            if dest is None:
                return pygame.transform.smoothscale(native, size)
            return pygame.transform.smoothscale(native, size, dest)
        if dest is None:
            return pygame.transform.scale(native, size)
        return pygame.transform.scale(native, size, dest)

    def present(self, native: pygame.Surface) -> None:
        self._check_window()
        target = self._target
        size = self.dest.size
        if target is not None:
            try:
                if native.get_size() == size:
                    target.blit(native, (0, 0))
                else:
                    self._scaled(native, size, target)
            except ValueError:  # formats differ: scale, then blit
                target.blit(self._scaled(native, size), (0, 0))
            if self._scan is not None:
                target.blit(self._scan, (0, 0), special_flags=pygame.BLEND_MULT)
        else:
            self.window.blit(self._scaled(native, size), self.dest.topleft)
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
