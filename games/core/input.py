"""One input vocabulary that the keyboard, the mouse and gamepads all feed.

Scenes never look at pygame events; they get ``Action`` values:

- ``up``, ``down``, ``left``, ``right`` (held directions repeat: ``repeat=True``),
  ``confirm``, ``back``, ``menu``;
- ``command`` with ``name``: the scene's own keys (the originals' letter keys, say), declared
  as ``{"name": ["s", "ctrl+s"]}`` for the keyboard and ``{"name": ["y"]}`` for pads;
- ``pointer_move``, ``pointer_down``, ``pointer_up`` with ``pos`` in the scene's native
  pixels (``None`` when the pointer is outside the picture), ``button`` (1 left, 2 middle,
  3 right) and ``buttons`` (the set held during a move, so a move with 1 held is a drag);
- ``text`` with ``char``: a printable key that is bound to nothing (initials entry).

Gamepads are SDL game controllers tracked by instance id, opened when they are plugged in
and forgotten when they are pulled out; joysticks SDL has no mapping for get a plain layout.

Every action says which controller it came from (``controller``): ``"keyboard"`` for the
keys and the mouse together, ``"pad<instance id>"`` for a pad (stable while it stays
plugged in), and in cabinet mode ``"p1"`` and ``"p2"`` for the two players' sticks and
buttons. A game seats people by it (games.ui.scene), and the prompts name the buttons of
the controller last used (``last_controller``, ``last_source``; ``pad_type``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

try:  # the GameController API lives in pygame-ce's _sdl2 package
    from pygame._sdl2 import controller as _controller
except ImportError:  # pragma: no cover - very old pygame
    _controller = None

from .store import DEFAULT_KEYS, DEFAULT_PAD

DIRECTIONS = ("up", "down", "left", "right")
CORE_ACTIONS = DIRECTIONS + ("confirm", "back", "menu")
REPEAT_DELAY = 0.35
REPEAT_RATE = 0.085
STICK_ON = 0.55
STICK_OFF = 0.35
# a game controller's trigger axes (SDL_CONTROLLER_AXIS_TRIGGERLEFT, ...RIGHT)
TRIGGERS = {4: "lefttrigger", 5: "righttrigger"}
# keys that only modify another: never a key press of their own
MODIFIER_KEYS = frozenset((pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL,
                           pygame.K_LALT, pygame.K_RALT, pygame.K_LGUI, pygame.K_RGUI,
                           pygame.K_MODE, pygame.K_CAPSLOCK, pygame.K_NUMLOCK,
                           pygame.K_SCROLLLOCK))

PAD_BUTTONS = {
    0: "a", 1: "b", 2: "x", 3: "y", 4: "back", 5: "guide", 6: "start", 7: "leftstick",
    8: "rightstick", 9: "leftshoulder", 10: "rightshoulder", 11: "dpup", 12: "dpdown",
    13: "dpleft", 14: "dpright",
}
PAD_DIRECTIONS = {"dpup": "up", "dpdown": "down", "dpleft": "left", "dpright": "right"}
# Joysticks without a controller mapping: a common layout of the first eight buttons.
PLAIN_JOY_BUTTONS = ("a", "b", "x", "y", "leftshoulder", "rightshoulder", "back", "start")
# Cabinet mode: what keyboard encoders (I-PAC) send by MAME's default map, by key code.
# A name in DIRECTIONS is a stick direction; anything else is the pad button it stands for
# (a: button 1 confirms, b: button 2 goes back, x and y: the scene's pad commands).
ARCADE_KEYS = {
    # player 1: the arrows; buttons Left Ctrl, Left Alt, Space, Left Shift
    "up": "up", "down": "down", "left": "left", "right": "right",
    "left ctrl": "a", "left alt": "b", "space": "x", "left shift": "y",
    # player 2: R F D G; buttons A S Q W
    "r": "up", "f": "down", "d": "left", "g": "right",
    "a": "a", "s": "b", "q": "x", "w": "y",
    # 1 and 2: the start buttons (5 and 6, the coins, are the cabinet's)
    "1": "start", "2": "start",
}
# which player's controls an arcade key is (the rest are player 1's)
ARCADE_P2 = frozenset(("r", "f", "d", "g", "a", "s", "q", "w", "2"))
KEYBOARD = "keyboard"         # the keys and the mouse: one controller
# SDL_GameControllerType -> the family whose button names a pad wears
SDL_PAD_TYPES = {1: "xbox", 2: "xbox", 3: "playstation", 4: "playstation", 7: "playstation",
                 5: "nintendo", 11: "nintendo", 12: "nintendo", 13: "nintendo"}
# USB vendors, for pads SDL gives no type of its own (virtual ones, some clones)
PAD_VENDORS = {0x045E: "xbox", 0x054C: "playstation", 0x057E: "nintendo"}
_MODS = {"ctrl": pygame.KMOD_CTRL, "alt": pygame.KMOD_ALT, "shift": pygame.KMOD_SHIFT,
         "gui": pygame.KMOD_GUI}


@dataclass
class Action:
    kind: str
    name: str = ""
    pos: tuple | None = None
    button: int = 0
    buttons: frozenset = frozenset()
    source: str = ""          # "key", "mouse", "pad"
    repeat: bool = False
    char: str = ""
    device: int | None = None
    controller: str = ""      # "keyboard", "pad<instance id>", "p1"/"p2" (cabinet sticks)

    def __repr__(self) -> str:  # short, for logs and test failures
        extra = [f"{k}={v!r}" for k, v in (("name", self.name), ("pos", self.pos),
                                           ("button", self.button), ("char", self.char))
                 if v]
        return f"Action({self.kind}{', ' if extra else ''}{', '.join(extra)}, {self.source})"


def _sdl_library():
    """pygame-ce's own SDL library (the one its controllers live in), through ctypes."""
    import ctypes
    import glob
    import os
    here = os.path.dirname(pygame.__file__)
    found = (glob.glob(os.path.join(here, "..", "pygame_ce.libs", "libSDL2-2*.so*"))
             + glob.glob(os.path.join(here, ".dylibs", "libSDL2*.dylib"))
             + glob.glob(os.path.join(here, "SDL2.dll")))
    if not found:
        import ctypes.util
        name = ctypes.util.find_library("SDL2")
        found = [name] if name else []
    return ctypes.CDLL(found[0]) if found else None


MAPPINGS_MAX_BYTES = 2 * 1024 * 1024   # the community file is some 600 KiB
MAPPINGS_SECONDS = 0.5                 # the longest start-up waits on it


def read_small_file(path, limit: int) -> bytes | None:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes, else None
    (a FIFO, a device or a folder is never waited on: it is opened without blocking and
    refused). Never raises."""
    import os
    import stat
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                     | getattr(os, "O_BINARY", 0))
    except (OSError, ValueError, TypeError):
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > limit:
            return None
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(65536, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks) if size <= limit else None
    except OSError:
        return None
    finally:
        os.close(fd)


def load_controller_mappings(path, seconds: float = MAPPINGS_SECONDS, clock=None) -> int:
    """Add the pad layouts of a ``gamecontrollerdb.txt`` (the community SDL_GameControllerDB
    format) before pads are opened. Returns how many were added; -1 when the file or SDL
    could not be read. Never raises, and never holds start-up long: only a regular file of
    at most MAPPINGS_MAX_BYTES is read, only this platform's lines are kept (the last one
    of each pad), and adding stops after ``seconds`` (SDL's own loader grows with the
    square of the lines: 100,000 lines took minutes)."""
    import ctypes
    import time
    clock = clock or time.perf_counter
    start = clock()
    raw = read_small_file(path, MAPPINGS_MAX_BYTES) if path else None
    if raw is None:
        return -1
    try:
        lib = _sdl_library()
        if lib is None:
            return -1
        lib.SDL_GetPlatform.restype = ctypes.c_char_p
        platform = (lib.SDL_GetPlatform() or b"").decode("ascii", "replace")
        lib.SDL_GameControllerAddMapping.restype = ctypes.c_int
        lib.SDL_GameControllerAddMapping.argtypes = [ctypes.c_char_p]
    except (OSError, AttributeError):
        return -1
    wanted: dict[bytes, bytes] = {}
    mine = f"platform:{platform},".encode()
    for line in raw.splitlines():
        line = line.strip()
        if not line or line.startswith(b"#") or b"," not in line:
            continue
        if b"platform:" in line and mine not in line:
            continue
        wanted[line.split(b",", 1)[0]] = line         # a later line for a pad replaces
    added = 0
    for i, line in enumerate(wanted.values()):
        if i % 32 == 0 and clock() - start > seconds:
            break
        if lib.SDL_GameControllerAddMapping(line) == 1:
            added += 1
    return added


def key_name(key: int) -> str:
    return pygame.key.name(key)


def parse_key_spec(spec: str) -> tuple[int, str]:
    """``"ctrl+s"`` -> (KMOD_CTRL, "s"); a bare name has no modifier."""
    mods = 0
    parts = spec.lower().split("+")
    name = parts[-1] if parts[-1] else "+"
    for part in parts[:-1]:
        if part not in _MODS:
            raise ValueError(f"unknown modifier {part!r} in key {spec!r}")
        mods |= _MODS[part]
    return mods, name


PAD_FAMILY_WORDS = {"xbox": "Xbox", "playstation": "PlayStation", "nintendo": "Nintendo"}


@dataclass
class _Pad:
    instance_id: int
    name: str
    device: tuple             # (Joystick, Controller or None), kept open while plugged
    is_controller: bool
    stick: dict = field(default_factory=dict)   # axis -> direction or None; and
    #                                             ("trigger", axis) -> pulled or not
    kind: str = "generic"     # whose button names it wears: xbox, playstation, nintendo

    @property
    def controller(self) -> str:
        return pad_controller(self.instance_id)


def pad_controller(instance_id: int) -> str:
    """The controller id of a pad: stable while that pad stays plugged in."""
    return f"pad{instance_id}"


def key_controller(key_name_: str, kiosk: bool) -> str:
    """Which controller a key belongs to: the keyboard, or in cabinet mode a player's stick."""
    if kiosk and key_name_ in ARCADE_KEYS:
        return "p2" if key_name_ in ARCADE_P2 else "p1"
    return KEYBOARD

class Input:
    """Turns pygame events into Actions, with repeat, bindings and hot-plugged pads."""

    def __init__(self, settings: dict | None = None, kiosk: bool = False):
        self.kiosk = kiosk     # arcade keys, no letter commands, no typed text
        self.keys: dict[str, list[str]] = {}
        self.pad: dict[str, list[str]] = {}
        self.swap_confirm = False
        self.apply_settings(settings or {})
        self.commands: dict[str, list[tuple[int, str]]] = {}
        self.pad_commands: dict[str, list[str]] = {}
        self.pads: dict[int, _Pad] = {}
        self._held: dict[tuple, list] = {}       # source key -> [direction, next repeat time]
        self._buttons: set[int] = set()
        self._finger_id = None                 # the finger that is the pointer (a touch)
        self.capture: str | None = None          # "key" or "pad": next press is returned raw
        self.notices: list[str] = []
        self.plugged: list[str] = []             # "Xbox pad 2 is plugged in ...": shown a while
        self.last_controller = KEYBOARD        # who touched something last (the prompts')
        self.last_source = "key"               # ... and with what: key, mouse or pad
        self.sources: dict[str, str] = {}      # controller -> the source it used last
        if _controller is not None:
            try:
                _controller.init()
            except pygame.error:  # pragma: no cover - SDL without game controller support
                pass

    # -- bindings ----------------------------------------------------------------------------
    def apply_settings(self, settings: dict) -> None:
        self.keys = {a: list(settings.get("keys", {}).get(a, DEFAULT_KEYS[a]))
                     for a in DEFAULT_KEYS}
        self.pad = {a: list(settings.get("pad", {}).get(a, DEFAULT_PAD[a])) for a in DEFAULT_PAD}
        self.swap_confirm = bool(settings.get("swap_confirm", False))

    def set_commands(self, commands: dict | None = None, pad_commands: dict | None = None):
        self.commands = {name: [parse_key_spec(s) for s in specs]
                         for name, specs in (commands or {}).items()}
        self.pad_commands = {name: list(b) for name, b in (pad_commands or {}).items()}
        self._held.clear()

    def _key_action(self, key: int, mod: int) -> tuple[str, str] | None:
        name = key_name(key)
        if self.kiosk:
            # the arcade map by key code alone (a held button is a held modifier), then the
            # core bindings (Enter, Esc ...) of a plain keyboard; never the scene's letters
            arcade = ARCADE_KEYS.get(name)
            if arcade is not None:
                return (arcade, "") if arcade in DIRECTIONS else self._pad_action(arcade)
            if mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_GUI):
                return None
            for action, names in self.keys.items():
                if name in names:
                    return action, ""
            return None
        mod &= pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_GUI | pygame.KMOD_SHIFT
        loose = mod & ~pygame.KMOD_SHIFT
        for command, specs in self.commands.items():
            for need, kname in specs:
                if kname != name:
                    continue
                if need and (mod & need) and not (loose & ~_expand(need)):
                    return "command", command
                if not need and not loose:
                    return "command", command
        if loose:
            return None
        for action, names in self.keys.items():
            if name in names:
                return action, ""
        return None

    def _pad_action(self, button: str) -> tuple[str, str] | None:
        if button in PAD_DIRECTIONS:
            return PAD_DIRECTIONS[button], ""
        for action, names in self.pad.items():
            if button in names:
                if self.swap_confirm and action in ("confirm", "back"):
                    action = "back" if action == "confirm" else "confirm"
                return action, ""
        for command, names in self.pad_commands.items():
            if button in names:
                return "command", command
        return None

    # -- a touch screen: one finger is the pointer with its button 1 held ------------------
    def _finger(self, event, to_native) -> list:
        """A touch screen (a museum kiosk): the first finger down is the pointer, as the
        mouse feeds it: a tap is a click (pointer_down, pointer_up), a drag a drag (moves
        with button 1 held); other fingers at the same time are ignored. SDL's mouse events
        made from the same touch are dropped (``touch``), so nothing arrives twice."""
        t = event.type
        fid = (getattr(event, "touch_id", 0), getattr(event, "finger_id", 0))
        pos = _map(to_native, _finger_pos(event))
        if t == pygame.FINGERDOWN:
            if self._finger_id is not None:
                return []
            self._finger_id = fid
            self._buttons.add(1)
            return [Action("pointer_move", pos=pos, buttons=frozenset(self._buttons),
                           source="mouse"),
                    Action("pointer_down", pos=pos, button=1,
                           buttons=frozenset(self._buttons), source="mouse")]
        if fid != self._finger_id:
            return []
        if t == pygame.FINGERMOTION:
            return [Action("pointer_move", pos=pos, buttons=frozenset(self._buttons),
                           source="mouse")]
        self._finger_id = None
        self._buttons.discard(1)
        return [Action("pointer_up", pos=pos, button=1, buttons=frozenset(self._buttons),
                       source="mouse")]

    # -- events ------------------------------------------------------------------------------
    def process(self, event, now: float, to_native=None) -> list[Action]:
        """Actions for one pygame event (often none). ``to_native`` maps window pixels.
        Each says its controller; the last one is remembered as the control in hand."""
        out = self._process(event, now, to_native)
        for action in out:
            if not action.controller:
                action.controller = (pad_controller(action.device) if action.source == "pad"
                                     else key_controller(key_name(event.key), self.kiosk)
                                     if action.source == "key" and hasattr(event, "key")
                                     else KEYBOARD)
        for action in out:
            if action.kind != "captured":
                self.last_controller, self.last_source = action.controller, action.source
                self.sources[action.controller] = action.source
        return out

    def pad_type(self, controller: str) -> str | None:
        """The button family of a controller that is a pad plugged in (None otherwise)."""
        for pad in self.pads.values():
            if pad.controller == controller:
                return pad.kind
        return None

    def _process(self, event, now: float, to_native=None) -> list[Action]:
        t = event.type
        out: list[Action] = []
        if t == pygame.KEYDOWN:
            if self.capture == "key":
                self.capture = None
                return [Action("captured", name=key_name(event.key), source="key")]
            hit = self._key_action(event.key, event.mod)
            char = event.unicode if getattr(event, "unicode", "") and event.unicode.isprintable() else ""
            if hit is None:
                if char and not self.kiosk and not (event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_GUI)):
                    out.append(Action("text", char=char, source="key"))
                elif event.key not in MODIFIER_KEYS:
                    # bound to nothing (F5, Insert, Home...): still a key, for "press any key"
                    out.append(Action("key", name=key_name(event.key), source="key"))
                return out
            kind, name = hit
            out.append(Action(kind, name=name, source="key", char=char))
            if kind in DIRECTIONS:
                self._held[("key", event.key)] = [kind, now + REPEAT_DELAY,
                                                  key_controller(key_name(event.key),
                                                                 self.kiosk)]
        elif t == pygame.KEYUP:
            self._held.pop(("key", event.key), None)
        elif t in _MOUSE_EVENTS and getattr(event, "touch", False):
            return out   # SDL's mouse made from a touch: the finger's own events are used
        elif t in _FINGER_EVENTS:
            out += self._finger(event, to_native)
        elif t == pygame.MOUSEMOTION:
            self._buttons = {i + 1 for i, b in enumerate(event.buttons) if b}
            out.append(Action("pointer_move", pos=_map(to_native, event.pos),
                              buttons=frozenset(self._buttons), source="mouse"))
        elif t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if event.button > 3:
                return out  # wheel clicks arrive as MOUSEWHEEL too
            down = t == pygame.MOUSEBUTTONDOWN
            (self._buttons.add if down else self._buttons.discard)(event.button)
            out.append(Action("pointer_down" if down else "pointer_up",
                              pos=_map(to_native, event.pos), button=event.button,
                              buttons=frozenset(self._buttons), source="mouse"))
        elif t == pygame.MOUSEWHEEL:
            if event.y:
                out.append(Action("up" if event.y > 0 else "down", source="mouse"))
        elif t == pygame.JOYDEVICEADDED:
            self._add_joystick(event.device_index)
        elif t in (getattr(pygame, "CONTROLLERDEVICEREMOVED", -1), pygame.JOYDEVICEREMOVED):
            self._remove(event.instance_id)
        elif t in (getattr(pygame, "CONTROLLERBUTTONDOWN", -1),
                   getattr(pygame, "CONTROLLERBUTTONUP", -1)):
            pad = self.pads.get(event.instance_id)
            if pad is not None and pad.is_controller:
                out += self._pad_button(pad, PAD_BUTTONS.get(event.button, f"b{event.button}"),
                                        t == pygame.CONTROLLERBUTTONDOWN, now)
        elif t == getattr(pygame, "CONTROLLERAXISMOTION", -1):
            pad = self.pads.get(event.instance_id)
            if pad is not None and pad.is_controller and event.axis in (0, 1):
                out += self._stick(pad, event.axis, event.value / 32767.0, now)
            elif pad is not None and pad.is_controller and event.axis in TRIGGERS:
                out += self._trigger(pad, event.axis, event.value / 32767.0)
        elif t in (pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP):
            pad = self.pads.get(event.instance_id)
            if pad is not None and not pad.is_controller and event.button < len(PLAIN_JOY_BUTTONS):
                out += self._pad_button(pad, PLAIN_JOY_BUTTONS[event.button],
                                        t == pygame.JOYBUTTONDOWN, now)
        elif t == pygame.JOYHATMOTION:
            pad = self.pads.get(event.instance_id)
            if pad is not None and not pad.is_controller:
                x, y = event.value
                for axis, v in ((0, x), (1, -y)):
                    out += self._stick(pad, axis, float(v), now, hat=True)
        elif t == pygame.JOYAXISMOTION:
            pad = self.pads.get(event.instance_id)
            if pad is not None and not pad.is_controller and event.axis in (0, 1):
                out += self._stick(pad, event.axis, event.value, now)
        return out

    def update(self, now: float) -> list[Action]:
        """Repeats of held directions that are due."""
        out = []
        for src, held in self._held.items():
            direction, due, controller = held
            if now >= due:
                out.append(Action(direction, source=src[0], repeat=True,
                                  device=src[1] if src[0] == "pad" else None,
                                  controller=controller))
                held[1] = max(due + REPEAT_RATE, now)
        return out

    def due_times(self) -> list:
        """When the held directions next repeat (the loop wakes for them)."""
        return [held[1] for held in self._held.values()]

    def release_all(self) -> None:
        """Forget held keys and buttons (focus lost, scene changed)."""
        self._held.clear()
        self._buttons.clear()
        self._finger_id = None

    def close(self) -> None:
        """Release every pad (before pygame quits, so no controller outlives SDL's)."""
        for iid in list(self.pads):
            self._remove(iid)

    # -- pads --------------------------------------------------------------------------------
    def _pad_button(self, pad: _Pad, button: str, down: bool, now: float) -> list[Action]:
        key = ("pad", pad.instance_id, button)
        if not down:
            self._held.pop(key, None)
            return []
        if self.capture == "pad":
            self.capture = None
            return [Action("captured", name=button, source="pad", device=pad.instance_id)]
        hit = self._pad_action(button)
        if hit is None:
            return []
        kind, name = hit
        if kind in DIRECTIONS:
            self._held[key] = [kind, now + REPEAT_DELAY, pad.controller]
        return [Action(kind, name=name, source="pad", device=pad.instance_id)]

    def _stick(self, pad: _Pad, axis: int, value: float, now: float, hat=False) -> list[Action]:
        old = pad.stick.get(axis)
        neg, pos = ("left", "right") if axis == 0 else ("up", "down")
        if hat:
            new = neg if value < 0 else pos if value > 0 else None
        elif old is None:
            new = neg if value <= -STICK_ON else pos if value >= STICK_ON else None
        else:
            new = old if abs(value) >= STICK_OFF and (value < 0) == (old == neg) else None
            if new is None and abs(value) >= STICK_ON:
                new = neg if value < 0 else pos
        key = ("pad", pad.instance_id, f"axis{axis}")
        if new == old:
            return []
        pad.stick[axis] = new
        if new is None:
            self._held.pop(key, None)
            return []
        self._held[key] = [new, now + REPEAT_DELAY, pad.controller]
        return [Action(new, source="pad", device=pad.instance_id)]

    def _trigger(self, pad: _Pad, axis: int, value: float) -> list[Action]:
        """A trigger pulled past STICK_ON (and let go below STICK_OFF before the next):
        bound to nothing, it is still a press, for "press any button"."""
        held = pad.stick.get(("trigger", axis), False)
        now_held = value >= STICK_ON or (held and value >= STICK_OFF)
        pad.stick[("trigger", axis)] = now_held
        if now_held and not held:
            return [Action("key", name=TRIGGERS[axis], source="pad", device=pad.instance_id)]
        return []

    def _add_joystick(self, index: int) -> None:
        """Open a plugged-in device once: a Joystick (for its instance id) and, if SDL knows
        its layout, a Controller too (whose events name the buttons)."""
        try:
            j = pygame.joystick.Joystick(index)
            iid = j.get_instance_id()
        except (pygame.error, IndexError) as exc:
            self.notices.append(f"A gamepad could not be opened ({exc}).")
            return
        if iid in self.pads:
            return
        c = None
        if _controller is not None:
            try:
                if _controller.is_controller(index):
                    c = _controller.Controller(index)
            except (pygame.error, IndexError):
                c = None
        self.pads[iid] = _Pad(iid, (c.name if c is not None else None) or j.get_name() or "Gamepad",
                              (j, c), c is not None, kind=_pad_kind(index))
        self.plugged.append(f"{self.pad_words(iid)} is plugged in ({self.pads[iid].name}): "
                            f"it plays.")

    def pad_words(self, instance_id: int) -> str:
        """A pad as the notices name it: "Xbox pad 2" (its number among those plugged in)."""
        pad = self.pads.get(instance_id)
        fam = PAD_FAMILY_WORDS.get(pad.kind if pad is not None else "", "")
        n = sorted(self.pads).index(instance_id) + 1 if instance_id in self.pads else 0
        return f"{fam + ' pad' if fam else 'Pad'}{f' {n}' if n else ''}"

    def _remove(self, instance_id: int) -> None:
        if instance_id in self.pads:
            self.plugged.append(f"{self.pad_words(instance_id)} is pulled out.")
        pad = self.pads.pop(instance_id, None)
        if pad is None:
            return
        for key in [k for k in self._held if k[0] == "pad" and k[1] == instance_id]:
            del self._held[key]
        for device in pad.device:
            if device is not None:
                try:
                    device.quit()
                except pygame.error:
                    pass


def _pad_kind(index: int) -> str:
    """Whose button names a pad wears, by SDL's controller type (from its vendor and
    product), else by its USB vendor; "generic" (A B X Y) when neither says."""
    try:
        import ctypes
        lib = _sdl_library()
        if lib is None:
            return "generic"
        lib.SDL_GameControllerTypeForIndex.restype = ctypes.c_int
        lib.SDL_GameControllerTypeForIndex.argtypes = [ctypes.c_int]
        kind = SDL_PAD_TYPES.get(int(lib.SDL_GameControllerTypeForIndex(index)))
        if kind is None:
            lib.SDL_JoystickGetDeviceVendor.restype = ctypes.c_uint16
            lib.SDL_JoystickGetDeviceVendor.argtypes = [ctypes.c_int]
            kind = PAD_VENDORS.get(int(lib.SDL_JoystickGetDeviceVendor(index)))
        return kind or "generic"
    except (OSError, AttributeError):
        return "generic"


def _expand(mask: int) -> int:
    """A modifier group mask covers both its left and right keys."""
    out = 0
    for m in _MODS.values():
        if mask & m:
            out |= m
    return out


_MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                 pygame.MOUSEWHEEL)
_FINGER_EVENTS = (getattr(pygame, "FINGERDOWN", -1), getattr(pygame, "FINGERMOTION", -1),
                  getattr(pygame, "FINGERUP", -1))


def _finger_pos(event):
    """A finger's place in window pixels (SDL gives it from 0 to 1 across the window)."""
    try:
        w, h = pygame.display.get_window_size()
    except pygame.error:
        w, h = (1, 1)
    x = min(max(float(event.x), 0.0), 1.0)
    y = min(max(float(event.y), 0.0), 1.0)
    return (min(w - 1, int(x * w)), min(h - 1, int(y * h)))


def _map(to_native, pos):
    return to_native(pos) if to_native is not None else pos
