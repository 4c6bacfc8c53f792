"""Drive the real loop from tests: SDL events posted into SDL's queue, and a virtual gamepad.

The gamepad is SDL's own virtual joystick (SDL_JoystickAttachVirtual), reached through
ctypes on the SDL library that pygame-ce ships, so it arrives as real device, button and
axis events.
"""

from __future__ import annotations

import ctypes
import glob
import os

import time

import pygame

_LIB = None


def sdl():
    global _LIB
    if _LIB is None:
        here = os.path.dirname(pygame.__file__)
        found = (glob.glob(os.path.join(here, "..", "pygame_ce.libs", "libSDL2-2*.so*"))
                 + glob.glob(os.path.join(here, ".dylibs", "libSDL2*.dylib"))
                 + glob.glob(os.path.join(here, "SDL2.dll")))
        if not found:
            raise RuntimeError("pygame-ce's own SDL library was not found")
        lib = ctypes.CDLL(found[0])
        lib.SDL_JoystickAttachVirtual.restype = ctypes.c_int
        lib.SDL_JoystickAttachVirtual.argtypes = [ctypes.c_int] * 4
        lib.SDL_JoystickDetachVirtual.argtypes = [ctypes.c_int]
        lib.SDL_JoystickOpen.restype = ctypes.c_void_p
        lib.SDL_JoystickOpen.argtypes = [ctypes.c_int]
        lib.SDL_JoystickClose.argtypes = [ctypes.c_void_p]
        lib.SDL_JoystickSetVirtualButton.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint8]
        lib.SDL_JoystickSetVirtualAxis.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int16]
        lib.SDL_JoystickSetVirtualHat.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint8]
        lib.SDL_JoystickNumHats.argtypes = [ctypes.c_void_p]
        lib.SDL_NumJoysticks.restype = ctypes.c_int
        lib.SDL_JoystickGetDeviceInstanceID.argtypes = [ctypes.c_int]
        lib.SDL_JoystickAttachVirtualEx.restype = ctypes.c_int
        lib.SDL_JoystickAttachVirtualEx.argtypes = [ctypes.c_void_p]
        _LIB = lib
    return _LIB


class VirtualJoystickDesc(ctypes.Structure):
    """SDL_VirtualJoystickDesc (SDL 2.24 and later, version 1)."""
    _fields_ = [("version", ctypes.c_uint16), ("type", ctypes.c_uint16),
                ("naxes", ctypes.c_uint16), ("nbuttons", ctypes.c_uint16),
                ("nhats", ctypes.c_uint16), ("vendor_id", ctypes.c_uint16),
                ("product_id", ctypes.c_uint16), ("padding", ctypes.c_uint16),
                ("button_mask", ctypes.c_uint32), ("axis_mask", ctypes.c_uint32),
                ("name", ctypes.c_char_p), ("userdata", ctypes.c_void_p),
                ("Update", ctypes.c_void_p), ("SetPlayerIndex", ctypes.c_void_p),
                ("Rumble", ctypes.c_void_p), ("RumbleTriggers", ctypes.c_void_p),
                ("SetLED", ctypes.c_void_p), ("SendEffect", ctypes.c_void_p)]


# a known vendor and product per family: SDL gives the pad that controller type
PAD_IDS = {"xbox": (0x045E, 0x028E, b"Xbox 360 Controller"),
           "playstation": (0x054C, 0x09CC, b"PS4 Controller"),
           "nintendo": (0x057E, 0x2009, b"Nintendo Switch Pro Controller")}

BUTTONS = {"a": 0, "b": 1, "x": 2, "y": 3, "back": 4, "guide": 5, "start": 6,
           "leftstick": 7, "rightstick": 8, "leftshoulder": 9, "rightshoulder": 10,
           "dpup": 11, "dpdown": 12, "dpleft": 13, "dpright": 14}


class VirtualPad:
    """A game controller plugged in through SDL. Call app.step() to let events arrive.
    ``kind`` ("xbox", "playstation", "nintendo") gives it that family's vendor and product
    id, so SDL reports that controller type; None: a plain virtual pad (SDL's "virtual")."""

    GAMECONTROLLER = 1

    def __init__(self, kind: str | None = None):
        lib = sdl()
        self.kind = kind
        if kind is None:
            self.index = lib.SDL_JoystickAttachVirtual(self.GAMECONTROLLER, 6, 15, 0)
        else:
            vendor, product, name = PAD_IDS[kind]
            self._name = name                  # kept alive while SDL may read it
            desc = VirtualJoystickDesc(version=1, type=self.GAMECONTROLLER, naxes=6,
                                       nbuttons=15, nhats=0, vendor_id=vendor,
                                       product_id=product, name=name)
            self.index = lib.SDL_JoystickAttachVirtualEx(ctypes.byref(desc))
        if self.index < 0:
            raise RuntimeError("SDL could not attach a virtual joystick")
        self.handle = lib.SDL_JoystickOpen(self.index)
        self.instance_id = lib.SDL_JoystickGetDeviceInstanceID(self.index)

    def _update(self):
        sdl().SDL_JoystickUpdate()

    def press(self, name: str):
        sdl().SDL_JoystickSetVirtualButton(self.handle, BUTTONS[name], 1)
        self._update()

    def release(self, name: str):
        sdl().SDL_JoystickSetVirtualButton(self.handle, BUTTONS[name], 0)
        self._update()

    def axis(self, axis: int, value: int):
        sdl().SDL_JoystickSetVirtualAxis(self.handle, axis, value)
        self._update()

    def unplug(self):
        lib = sdl()
        if self.handle:
            lib.SDL_JoystickClose(self.handle)
            self.handle = None
        # the device index may have moved if others were unplugged first
        for i in range(lib.SDL_NumJoysticks()):
            if lib.SDL_JoystickGetDeviceInstanceID(i) == self.instance_id:
                lib.SDL_JoystickDetachVirtual(i)
                return
        lib.SDL_JoystickDetachVirtual(self.index)


def key(app, k, mod=0, unicode="", steps=1):
    """Press and release a key through SDL's queue, then run frames."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode,
                                         scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=unicode,
                                         scancode=0))
    for _ in range(steps):
        app.step()


def click(app, native_pos, button=1, steps=1):
    """Move the mouse to a native pixel and click it there."""
    pos = app.display.to_window(native_pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    for _ in range(steps):
        app.step()


def drag(app, start, end, button=1, steps=1):
    """Press at one native pixel, move with the button held, release at another."""
    a, b = app.display.to_window(start), app.display.to_window(end)
    held = tuple(1 if i + 1 == button else 0 for i in range(3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=button))
    mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
    for p in (mid, b):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=held))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=button))
    for _ in range(steps):
        app.step()


def pad_press(app, pad: VirtualPad, name: str, steps=1):
    pad.press(name)
    app.step()
    pad.release(name)
    for _ in range(steps):
        app.step()


def run_until(app, cond, timeout=10.0) -> bool:
    """Step the real loop until cond() holds (True) or the timeout passes (False)."""
    end = time.monotonic() + max(60.0, 6 * timeout)   # a guard against a hang, never a
                                                       # timing: generous on a busy machine
    while not cond():
        if time.monotonic() > end:
            return False
        app.step()
        time.sleep(0.002)
    return True


class Progress:
    """A guard against a hang that never times a whole game: it fails only when
    ``measure()`` (a game's ply, say) has not changed for ``stall`` seconds. A long game on
    a busy machine goes on as long as it moves."""

    def __init__(self, measure, stall: float = 180.0):
        self.measure, self.stall = measure, stall
        self.last = measure()
        self.since = time.monotonic()

    def check(self, *why) -> None:
        now, seen = time.monotonic(), self.measure()
        if seen != self.last:
            self.last, self.since = seen, now
        assert now - self.since < self.stall, ("no progress", seen) + why


def frames(app, n: int):
    for _ in range(n):
        app.step()


def colours(surface) -> set:
    """Every colour (r, g, b) used in a surface (palette checks of native frames)."""
    raw = pygame.image.tobytes(surface, "RGB")
    return {tuple(raw[i:i + 3]) for i in range(0, len(raw), 3)}


def press_on_title(app, way: str) -> None:
    """Take the title page's focused choice by ``way``: "enter", "click" (on the first
    choice), or a pad button ("pad a", "pad start"; a real virtual pad)."""
    import pygame
    if way == "enter":
        key(app, pygame.K_RETURN)
    elif way == "click":
        click(app, app.top.menu.item_rect(0).center)
    else:
        pad = VirtualPad()
        try:
            frames(app, 2)
            pad_press(app, pad, way.split()[-1])
        finally:
            pad.unplug()


def drawn_by(app, monkeypatch, module, name: str) -> list:
    """Every string ``module.name(surface, text, ...)`` draws in the next frame (a look's
    text routine, e.g. games.ui.dos's ``centred`` or ``text``)."""
    drawn, real = [], getattr(module, name)
    monkeypatch.setattr(module, name, lambda surface, s, *a, **kw: (
        drawn.append(s), real(surface, s, *a, **kw))[1])
    app.dirty = True
    app.step()
    monkeypatch.setattr(module, name, real)
    return drawn
