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

Only what changed is presented: ``present(native, rects)`` scales just those native
rectangles into the window and pushes just their window pixels to the screen, every pixel
as the whole picture scaled at once would have it. SDL's nearest scaling steps through the
source in 16.16 fixed point from a half step in, so a piece of the picture scaled on its
own lands exactly as in the whole only on some spans (those whose native pixels each get
as many window pixels as in the whole); a change is scaled span by span (``Axis``): at
first over a quick cover, and once it keeps coming back (an animation), over the fewest
and tightest such spans, searched for a little at a time. The whole picture is
presented when the window, the scale mode or the look changes (and when the picture is
shrunk smoothly, where neighbours blend).

On X11 the window's pixels go to the server by shared memory, not through a GL texture of
the whole window each frame (SDL's default where a GL driver exists, a software one
included): a small change then costs the server a small copy.
"""

from __future__ import annotations

import os
import warnings
from bisect import bisect_left, bisect_right, insort

import pygame

SCALE_MODES = ("integer", "aspect", "stretch")
DEFAULT_WINDOW = (640, 480)
# every platform's picture as shown: 640x480 (the launcher, VGA, EGA at 4:3) and 640x512
# (256-line Amiga and Acorn modes doubled); a default window fits them at whole multiples
SHOWN_PICTURES = ((640, 480), (640, 512))
MAX_WINDOW = (7680, 4320)


class DisplayUnavailable(RuntimeError):
    """There is no screen to show anything on (the message is the sentence to print)."""


class BlinkRect(pygame.Rect):
    """A native rectangle that changed only because a blink toggled: ``key`` says which of
    its pictures it shows now (e.g. the blink's phase). While nothing else changes, a
    picture of it that was presented once is shown again as it was, without drawing or
    scaling (the app keeps them; any other change forgets them)."""

    key = None       # a rect made from one (clip, move, inflate) is no longer a blink

    def __init__(self, rect, key):
        super().__init__(rect)
        self.key = key


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
        named = [f"{k}={os.environ[k]}" for k in ("DISPLAY", "WAYLAND_DISPLAY")
                 if os.environ.get(k)]
        if named:          # a display was named, and SDL could not use it
            raise DisplayUnavailable(
                f"Tricade could not open the display {' or '.join(named)}: nothing answers "
                "there, or SDL could not load the X11 library it needs (on Debian or "
                "Ubuntu: apt install libx11-6 libxext6).")
        raise DisplayUnavailable("Tricade found no screen to show its window on (no X11 or "
                                 "Wayland display); run it on a desktop, or set DISPLAY.")
    if driver == "x11":
        # read by SDL when the window's surface is made: X11's own shared-memory surface,
        # which updates only the rectangles given (the GL path re-sends the whole window)
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


def stretch_map(src: int, dst: int) -> list:
    """For each of ``dst`` pixels, the one of ``src`` that SDL's nearest scaling (behind
    pygame.transform.scale) takes: a 16.16 step, starting half a step in."""
    inc = (src << 16) // dst
    pos = inc // 2
    out = []
    for _ in range(dst):
        out.append(pos >> 16)
        pos += inc
    return out


def _scaling_is_known() -> bool:
    """True if pygame.transform.scale maps pixels as ``stretch_map`` says (checked once on
    a strip of numbered pixels; another SDL would present whole pictures only)."""
    global _KNOWN
    if _KNOWN is None:
        try:
            src = pygame.Surface((37, 1), 0, 32)
            for i in range(37):
                src.set_at((i, 0), (i, 0, 0))
            ok = True
            for dst in (37, 83, 100, 111):
                out = pygame.transform.scale(src, (dst, 1))
                ok = ok and [out.get_at((j, 0))[0] for j in range(dst)] == stretch_map(37, dst)
            _KNOWN = ok
        except pygame.error:
            _KNOWN = False
    return _KNOWN


_KNOWN = None


class Axis:
    """One axis of a scaled picture, cut into spans that scale alone exactly as in the
    whole: ``spans(n0, n1)`` gives (native start, native end, window start, window end) of
    spans covering native pixels n0..n1-1, each of which, scaled on its own, lands exactly
    as in the whole picture.

    A change seen for the first time gets a quick cover (one span a little wider than it,
    or the axis's short tiles); one that keeps coming back (an animation's, a blink's) gets,
    once, the cover that costs least to scale: the fewest and tightest spans within
    ``SEARCH`` native pixels of it, searched for a few hundred spans a frame (while the
    change is presented) so that no frame waits long for it."""

    TILE = 32           # the longest tile (native pixels)
    REACH = 6           # native pixels a quick cover's one span may reach beyond a change
    SEARCH = 16         # ... and the best cover's spans
    HOT = 3             # a change asked for this many times gets the best cover...
    CHECKS = 300        # ... searched for this many spans' worth a frame
    LONGEST = 192       # a longer change keeps its quick cover (a search grows as its square)
    SPAN_COST = 24      # what one more span costs, in window pixels of a wider one

    def __init__(self, src: int, dst: int):
        if dst < src:
            raise ValueError(f"an axis enlarges ({src} native pixels to {dst})")
        self.src, self.dst = src, dst
        f = stretch_map(src, dst)
        # first[n]: the first window pixel that shows native pixel n (first[src] == dst)
        self.first = first = [bisect_left(f, n) for n in range(src + 1)]
        widths = [first[n + 1] - first[n] for n in range(src)]
        # how many window pixels each native pixel has (bytes compare fastest)
        self.widths = bytes(widths) if max(widths) < 256 else widths
        self._local: dict = {}
        # the span checks a search may still make this frame (the display gives CHECKS a
        # frame, shared by every search under way)
        self.budget = self.CHECKS
        self.tiles: list = []
        s = 0
        while s < src:
            n = min(self.TILE, src - s)
            while n > 1 and not self.exact(s, s + n):
                n -= 1                       # one native pixel always scales alone
            self.tiles.append((s, s + n))
            s += n
        self.starts = [t[0] for t in self.tiles]
        self._spans: dict = {}

    def exact(self, p: int, q: int) -> bool:
        """Do native pixels p..q-1, scaled alone to the window pixels they have in the
        whole, land exactly as in the whole? They do when each has as many window pixels
        as in the whole."""
        self.budget -= 1
        first = self.first
        size = (q - p, first[q] - first[p])
        alone = self._local.get(size)
        if alone is None:
            alone = self._local[size] = self._alone(*size)
        return self.widths[p:q] == alone

    def _alone(self, n: int, w: int):
        """How many of w window pixels each of n native pixels gets when scaled alone: SDL
        steps through a source in 16.16 fixed point from half a step in, so native pixel
        k is first shown at window pixel ceil((k * 65536 - step // 2) / step)."""
        self.budget -= n >> 4               # as much work as that many checks
        step = (n << 16) // w
        half = step >> 1
        starts = [0] + [-((half - (k << 16)) // step) for k in range(1, n)] + [w]
        out = [b - a for a, b in zip(starts, starts[1:])]
        if isinstance(self.widths, bytes):
            return bytes(out) if min(out) >= 0 and max(out) < 256 else b""   # never equal
        return out

    def spans(self, n0: int, n1: int) -> list:
        key = (n0, n1)
        got = self._spans.get(key)
        if got is None:
            if len(self._spans) > 4096:
                self._spans.clear()
            got = self._spans[key] = [self._quick(n0, n1), 1, None]
        elif got[1] < self.HOT:
            got[1] += 1
            if got[1] == self.HOT and n1 - n0 <= self.LONGEST:
                got[2] = self._best(n0, n1)
        if got[2] is not None:              # the search goes on, a little each frame
            try:
                while self.budget > 0:
                    next(got[2])
            except StopIteration as done:
                got[2] = None
                if self.cost(done.value) < self.cost(got[0]):
                    got[0] = done.value
        return got[0]

    def cost(self, spans: list) -> int:
        return sum(self.SPAN_COST + b - a for _, _, a, b in spans)

    def _span(self, p: int, q: int) -> tuple:
        return (p, q, self.first[p], self.first[q])

    def _quick(self, n0: int, n1: int) -> list:
        """One span a little wider than the change, if one scales exactly; else tiles,
        consecutive ones joined where they scale exactly together."""
        src, reach = self.src, self.REACH
        for t in range(2 * reach + 1):
            for ta in range(max(0, t - reach), min(t, reach) + 1):
                lo, hi = max(0, n0 - ta), min(src, n1 + t - ta)
                if self.exact(lo, hi):
                    return [self._span(lo, hi)]
        t = self.tiles
        i = max(0, bisect_right(self.starts, n0) - 1)
        i1 = max(i, bisect_left(self.starts, n1) - 1)
        out = []
        while i <= i1:
            k = i1
            while k > i and not self.exact(t[i][0], t[k][1]):
                k -= 1
            out.append(self._span(t[i][0], t[k][1]))
            i = k + 1
        return out

    def _best(self, n0: int, n1: int):
        """A search for the cover of least ``cost`` (a generator: each ``next`` takes it
        one boundary further; its value at the end is the cover): spans joined end to
        start, from within SEARCH native pixels before n0 to within SEARCH after n1.
        Dynamic programming over the span boundaries: a boundary q is reached from the
        boundary p (reached before, and p..q exact) that makes its cost least; as that
        cost is cost(p) - first[p] + SPAN_COST + first[q], the p are tried in order of
        cost(p) - first[p] and the first exact one is the best."""
        first, per = self.first, self.SPAN_COST
        lo, hi = max(0, n0 - self.SEARCH), min(self.src, n1 + self.SEARCH)
        came = {p: None for p in range(lo, n0 + 1)}           # boundary: the one before
        cost = {p: 0 for p in range(lo, n0 + 1)}
        order = sorted((-first[p], p) for p in range(lo, n0 + 1))
        for q in range(n0 + 1, hi + 1):
            for key, p in order:
                if p < q and p < n1 and self.exact(p, q):
                    came[q], cost[q] = p, key + per + first[q]
                    insort(order, (cost[q] - first[q], q))
                    break
            yield
        q = min((q for q in range(n1, hi + 1) if q in came), key=cost.__getitem__)
        out = []
        while came[q] is not None:
            out.append(self._span(came[q], q))
            q = came[q]
        return out[::-1]


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
        self.window_pos = None         # where the window was before full screen
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
        self._axes: dict = {}          # (native, window) -> Axis, per axis
        self._ax = self._ay = None     # this layout's axes, when a change can be scaled alone
        self._whole = True             # the next present shows the whole window
        self._parts = None             # the window rects of the last partial present
        self.presented = 0             # presents of any kind
        self.presented_whole = 0       # of the whole picture
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
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")        # sized again just below
                self.window = pygame.display.set_mode(self.window_size, pygame.RESIZABLE)
            if self.window.get_size() != tuple(self.window_size):
                self._resize_to(self.window_size)
            if self.window_pos is not None:     # back where it was before full screen
                self._move_to(self.window_pos)
        self._relayout()

    def _resize_to(self, size) -> None:
        """Leaving full screen under X11's own surface, SDL hands back the window at the
        screen's size: ask for the window's size once more (the surface follows)."""
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                win = pygame.Window.from_display_module()
            win.size = tuple(size)
            for _ in range(20):
                pygame.event.pump()
                surface = pygame.display.get_surface()
                if surface is not None and surface.get_size() == tuple(size):
                    break
                pygame.time.wait(5)
            self.window = pygame.display.get_surface() or self.window
        except (pygame.error, AttributeError, TypeError, ValueError):
            pass

    @classmethod
    def _move_to_origin(cls) -> None:
        cls._move_to((0, 0))

    @staticmethod
    def _move_to(pos) -> None:
        if pygame.display.get_surface() is None or not hasattr(pygame, "Window"):
            return
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                win = pygame.Window.from_display_module()
            win.position = tuple(pos)
            pygame.event.pump()
        except (pygame.error, AttributeError, TypeError, ValueError):
            pass

    @staticmethod
    def window_position() -> tuple | None:
        """Where the window is on the desktop (None: not known)."""
        if pygame.display.get_surface() is None or not hasattr(pygame, "Window"):
            return None
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                return tuple(pygame.Window.from_display_module().position)
        except (pygame.error, AttributeError, TypeError, ValueError):
            return None

    def toggle_fullscreen(self) -> None:
        self.set_fullscreen(not self.fullscreen)

    def set_fullscreen(self, on: bool) -> None:
        if on != self.fullscreen:
            if not self.fullscreen:
                self.window_size = self.window.get_size()
                self.window_pos = self.window_position()   # it comes back there (F11)
            self.fullscreen = on
            self._open()

    def resize_window(self, size: tuple) -> None:
        """Make the (windowed) window this size, as a user dragging its edge would."""
        self.window_size = tuple(size)
        if not self.fullscreen:
            self._resize_to(size)
        self.resized()

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
        self._whole = True
        self._ax = self._ay = None
        if self._target is not None and not self._smooth and _scaling_is_known():
            self._ax = self._axis(self.native_size[0], self.dest.w)
            self._ay = self._axis(self.native_size[1], self.dest.h)

    def _axis(self, src: int, dst: int) -> Axis:
        axis = self._axes.get((src, dst))
        if axis is None:
            if len(self._axes) > 16:
                self._axes.clear()
            axis = self._axes[(src, dst)] = Axis(src, dst)
        return axis

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

    def present(self, native: pygame.Surface, rects=None) -> None:
        """Show the native picture: the whole of it, or only the native ``rects`` that
        changed since the last present (the rest of the window is as it was)."""
        self._check_window()
        if (rects is not None and not self._whole and self._ax is not None
                and native.get_size() == self.native_size):
            self._present_rects(native, rects)
            return
        self._whole = False
        self._parts = None
        self.presented_whole += 1
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

    def _present_rects(self, native: pygame.Surface, rects) -> None:
        target, scan, dest = self._target, self._scan, self.dest
        self._ax.budget = self._ay.budget = Axis.CHECKS     # this frame's search work
        same = native.get_size() == dest.size
        bounds = native.get_rect()
        shown = []
        for r in rects:
            r = pygame.Rect(r).clip(bounds)
            if not r.w or not r.h:
                continue
            if same:
                target.blit(native, r.topleft, r)
                whole = r
            else:
                whole = None
                ys = self._ay.spans(r.top, r.bottom)
                for x0, x1, a, b in self._ax.spans(r.left, r.right):
                    for y0, y1, c, d in ys:
                        w = pygame.Rect(a, c, b - a, d - c)
                        pygame.transform.scale(native.subsurface((x0, y0, x1 - x0, y1 - y0)),
                                               w.size, target.subsurface(w))
                        whole = w if whole is None else whole.union(w)
            if scan is not None:
                target.blit(scan, whole.topleft, whole, special_flags=pygame.BLEND_MULT)
            shown.append(whole.move(dest.topleft))
        if shown:
            pygame.display.update(shown)
        self._parts = [r.move(-dest.x, -dest.y) for r in shown]
        self.presented += 1

    def keep(self) -> list | None:
        """Copies of the window pixels the last partial present put up (to show again with
        ``show_kept``); None when the last present was whole, or there is no target."""
        if self._parts is None or self._target is None or self._whole:
            return None
        return [(r, self._target.subsurface(r).copy()) for r in self._parts]

    def show_kept(self, kept) -> bool:
        """Put pixels kept by ``keep`` back and present them; False (nothing done) when the
        window changed since (the caller then draws)."""
        self._check_window()
        if self._whole or self._target is None or not kept:
            return False
        for r, picture in kept:
            self._target.blit(picture, r.topleft)
        pygame.display.update([r.move(self.dest.topleft) for r, _ in kept])
        self.presented += 1
        return True

    def input_fd(self) -> int | None:
        """The X server's connection (a file to wait on for input), or None where there is
        none to be had (not X11, no libX11): the loop then looks for input each frame."""
        if getattr(self, "_fd", False) is not False:
            return self._fd
        self._fd = None
        if pygame.display.get_driver() != "x11":
            return None
        try:
            import ctypes
            import ctypes.util
            capsule = pygame.display.get_wm_info().get("display")
            get = ctypes.pythonapi.PyCapsule_GetPointer
            get.restype, get.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]
            display = get(capsule, b"display")
            x11 = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
            x11.XConnectionNumber.restype = ctypes.c_int
            x11.XConnectionNumber.argtypes = [ctypes.c_void_p]
            fd = x11.XConnectionNumber(display) if display else -1
            self._fd = fd if fd >= 0 else None
        except (OSError, AttributeError, TypeError, ValueError, pygame.error):
            self._fd = None
        return self._fd

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
        d = self.dest
        w, h = self.native_size

        def centre(n, size, span):       # the middle window pixel whose left edge maps to
            m = (2 * n + 1) * span // (2 * size)      # n (a scale that is no whole number
            while m + 1 < span and m * size // span < n:   # puts one on the seam)
                m += 1
            return m
        return (d.x + centre(pos[0], w, d.w), d.y + centre(pos[1], h, d.h))

    def screenshot(self, path) -> None:
        """The window as PNG, written whole and only as a regular file (games.core.files:
        a link is followed to its file; a FIFO, a device or a folder is left alone)."""
        from games.core import files
        files.write_whole(path, fill=lambda tmp: pygame.image.save(self.window, tmp),
                          suffix=".png")
