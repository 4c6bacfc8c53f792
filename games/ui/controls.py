"""What the controls in hand are called: every prompt names the button of the device the
player last used (or the controller whose turn it is), never a fixed "Enter or click".

``name(app, "confirm")`` is the name of a control on a controller: the keyboard's key
("Enter", "Esc", "F10", "S"), the mouse's button, or a pad's own button as its family calls
it (Xbox A B X Y, PlayStation cross circle square triangle, Nintendo with A and B and X and
Y the other way round, by where they sit: the button we call "a" is the bottom one; the
shoulders, Start and Back as glyphs too, where the pad prints no word of its own);
arcade sticks in a cabinet have "Button 1" and so on. The face buttons and the mouse's
buttons are glyphs of each look's font (fonts/*.txt, Private Use Area code points), so a
prompt is an ordinary string every font draws::

    controls.fill(app, "Choose a square ({pick}).")      # "(d-pad and A)" on a pad: A's key cap

Placeholders: ``{confirm}``, ``{back}``, ``{menu}``, ``{move}`` (arrows, d-pad, stick),
``{pick}`` (move and confirm, or a click), and any command of the top scene by name
(``{undo}``: its key, or its pad button). ``kind(app)`` says which kind of device it is
(key, mouse, pad, arcade) for sentences that differ more than by a name.
"""

from __future__ import annotations

import re

KEYBOARD = "keyboard"

# the font glyphs (the same code points in every font). A pad's face buttons are two cells
# wide: a key cap with the font's own letter (or PlayStation's shape) cut out of it, so it
# reads at the letter's full size at the native size (fonts/make_fonts.py derives them;
# the one-cell ringed letters read as 0 on an EGA screen)
GLYPHS = {"A": "\ue010\ue011", "B": "\ue012\ue013", "X": "\ue014\ue015",
          "Y": "\ue016\ue017", "cross": "\ue018\ue019", "circle": "\ue01a\ue01b",
          "square": "\ue01c\ue01d", "triangle": "\ue01e\ue01f",
          "mouse_left": "\ue008", "mouse_right": "\ue009", "mouse_middle": "\ue00a",
          "L": "\ue00b", "R": "\ue00c", "start": "\ue00d", "back": "\ue00e"}
G = GLYPHS

# a pad's buttons (SDL's names, by position) as each family labels them
PAD_NAMES = {
    "generic": {"a": G["A"], "b": G["B"], "x": G["X"], "y": G["Y"], "start": G["start"],
                "back": G["back"], "guide": "Guide", "leftshoulder": G["L"],
                "rightshoulder": G["R"], "leftstick": "L3", "rightstick": "R3"},
    "xbox": {"a": G["A"], "b": G["B"], "x": G["X"], "y": G["Y"], "start": G["start"],
             "back": G["back"], "guide": "Xbox", "leftshoulder": G["L"],
             "rightshoulder": G["R"], "leftstick": "LS", "rightstick": "RS"},
    "playstation": {"a": G["cross"], "b": G["circle"], "x": G["square"], "y": G["triangle"],
                    "start": "Options", "back": "Share", "guide": "PS",
                    "leftshoulder": G["L"], "rightshoulder": G["R"],
                    "leftstick": "L3", "rightstick": "R3"},
    "nintendo": {"a": G["B"], "b": G["A"], "x": G["Y"], "y": G["X"], "start": "+",
                 "back": "-", "guide": "Home", "leftshoulder": G["L"], "rightshoulder": G["R"],
                 "leftstick": "LS", "rightstick": "RS"},
}
FAMILY = {"generic": "", "xbox": "Xbox", "playstation": "PlayStation", "nintendo": "Nintendo"}
ARCADE_NAMES = {"a": "Button 1", "b": "Button 2", "x": "Button 3", "y": "Button 4"}
DPAD = {"dpup": "\u2191", "dpdown": "\u2193", "dpleft": "\u2190", "dpright": "\u2192"}
KEY_NAMES = {"return": "Enter", "enter": "Enter", "escape": "Esc", "space": "Space",
             "tab": "Tab", "backspace": "Backspace", "delete": "Del", "menu": "Menu",
             "up": "\u2191", "down": "\u2193", "left": "\u2190", "right": "\u2192",
             "left ctrl": "Ctrl", "right ctrl": "Ctrl", "ctrl": "Ctrl", "alt": "Alt",
             "shift": "Shift", "gui": "Amiga", "home": "Home", "end": "End",
             "page up": "PgUp", "page down": "PgDn", "insert": "Ins", "keypad enter": "Enter"}
MOVE = {"key": "arrows", "pad": "d-pad", "arcade": "stick", "mouse": "the mouse"}
MOUSE = {"confirm": G["mouse_left"], "back": G["mouse_right"], "menu": G["mouse_right"]}
_TOKEN = re.compile(r"\{(\w+)\}")


def _input(app):
    return getattr(app, "input", None)


def controller_of(app, controller: str | None = None) -> str:
    """The controller named: ``controller``, else the one used last. On a cabinet the
    keyboard and the mouse are the panel: P1's stick and buttons are named."""
    if not controller:
        inp = _input(app)
        controller = getattr(inp, "last_controller", KEYBOARD) if inp is not None else KEYBOARD
    if getattr(app, "kiosk", False) is True and not controller.startswith(("pad", "p1", "p2")):
        return "p1"
    return controller


def kind(app, controller: str | None = None) -> str:
    """The device in hand on ``controller`` (default: the one used last): "key", "mouse",
    "pad" or "arcade" (a cabinet's stick)."""
    c = controller_of(app, controller)
    if c in ("p1", "p2"):
        return "arcade"
    if c.startswith("pad"):
        return "pad"
    inp = _input(app)
    sources = getattr(inp, "sources", {}) if inp is not None else {}
    return "mouse" if sources.get(c) == "mouse" else "key"


def family(app, controller: str) -> str:
    inp = _input(app)
    kind_ = inp.pad_type(controller) if inp is not None and hasattr(inp, "pad_type") else None
    return kind_ or "generic"


def key_label(spec: str) -> str:
    """A key spec as people read it: "return" -> "Enter", "ctrl+s" -> "Ctrl+S"."""
    parts = spec.split("+") if spec != "+" else ["+"]
    out = []
    for p in parts:
        low = p.lower()
        if low in KEY_NAMES:
            out.append(KEY_NAMES[low])
        elif len(p) == 1:
            out.append(p.upper())
        elif low.startswith("f") and low[1:].isdigit():
            out.append(low.upper())
        else:
            out.append(p.capitalize())
    return "+".join(out)


def pad_button(app, button: str, controller: str) -> str:
    """A pad button (SDL's name) as the controller in hand calls it."""
    if button in DPAD:
        return DPAD[button]
    if controller in ("p1", "p2"):
        if button == "start":
            return "1P Start" if controller == "p1" else "2P Start"
        return ARCADE_NAMES.get(button, button)
    names = PAD_NAMES[family(app, controller)]
    return names.get(button, button)


def _pad_binding(app, what: str) -> str | None:
    inp = _input(app)
    if inp is None:
        return None
    pad = getattr(inp, "pad", {}) or {}
    if what in ("confirm", "back") and getattr(inp, "swap_confirm", False):
        what = "back" if what == "confirm" else "confirm"
    if what in pad and pad[what]:
        return pad[what][0]
    for name, buttons in (getattr(inp, "pad_commands", {}) or {}).items():
        if name == what and buttons:
            return buttons[0]
    buttons = _beneath(app, "pad_commands", what)
    return buttons[0] if buttons else None


def _beneath(app, table: str, what: str):
    """A command's bindings from the scenes on the stack, top down: a prompt drawn under a
    box (a set-up menu over the board) still names the game's own key for its command."""
    for scene in reversed(getattr(app, "stack", []) or []):
        specs = (getattr(scene, table, None) or {}).get(what)
        if specs:
            return list(specs)
    return None


def _key_binding(app, what: str) -> str | None:
    inp = _input(app)
    if inp is None:
        return None
    keys = getattr(inp, "keys", {}) or {}
    if what in keys and keys[what]:
        return key_label(keys[what][0])
    specs = (getattr(inp, "commands", {}) or {}).get(what)
    if not specs:
        from games.core.input import parse_key_spec
        specs = [parse_key_spec(k) for k in (_beneath(app, "commands", what) or [])]
    if specs:
        mods, kname = specs[0]
        import pygame
        prefix = "".join(label + "+" for flag, label in
                         ((pygame.KMOD_CTRL, "Ctrl"), (pygame.KMOD_ALT, "Alt"),
                          (pygame.KMOD_SHIFT, "Shift"), (pygame.KMOD_GUI, "Amiga"))
                         if mods & flag)
        return prefix + key_label(kname)
    return None


def name(app, what: str, controller: str | None = None, mouse: dict | None = None) -> str:
    """The name of the control ``what`` (confirm, back, menu, move, pick, or a command of
    the top scene) on ``controller`` (default: the one used last). A command the pad has
    no button for is in the menu: the menu button's name."""
    c = controller_of(app, controller)
    k = kind(app, c)
    if what == "move":
        return MOVE[k]
    if what == "pick":
        if k == "mouse":             # (a look's own buttons are over the house's)
            return f"click {dict(MOUSE, **(mouse or {}))['confirm']}"
        return f"{MOVE[k]} and {name(app, 'confirm', c, mouse)}"
    if k == "mouse":
        buttons = dict(MOUSE, **(mouse or {}))
        if what in buttons:
            return buttons[what]
        k = "key"                  # the keyboard is the mouse's other half
    if k == "key":
        return _key_binding(app, what) or what
    button = _pad_binding(app, what)
    if button is None or (k == "arcade" and button not in ARCADE_NAMES and button != "start"
                          and button not in DPAD):
        button = _pad_binding(app, "menu") or "start"     # not on the panel: in the menu
    return pad_button(app, button, c)


def fill(app, text: str, controller: str | None = None, mouse: dict | None = None) -> str:
    """``text`` with each ``{placeholder}`` named for the controller in hand (unknown
    placeholders are left as they are)."""
    if "{" not in text:
        return text

    def one(m):
        return name(app, m.group(1), controller, mouse)
    return _TOKEN.sub(one, text)


def pad_number(app, controller: str) -> int:
    inp = _input(app)
    ids = sorted(getattr(inp, "pads", {}) or {})
    try:
        return ids.index(int(controller[3:])) + 1
    except ValueError:
        return 0


def describe(app, controller: str) -> str:
    """A controller as a sentence names it: "the keyboard and mouse", "the P2 stick",
    "PlayStation pad 2"."""
    if controller in ("p1", "p2"):
        return f"the {controller.upper()} stick"
    if not controller.startswith("pad"):
        return "the keyboard and mouse"
    fam = FAMILY[family(app, controller)]
    n = pad_number(app, controller)
    what = f"pad {n}" if n else "pad"
    return f"{fam} {what}" if fam else what if n else "a pad"


def whose(app, controller: str, seat: str) -> str:
    """Whose control a claimed seat's turn answers: "Red's pad (pad 2)"."""
    if controller.startswith("pad"):
        return f"{seat}'s pad ({describe(app, controller)})"
    return describe(app, controller)


def key_line(app, cmds, names, controller: str | None = None) -> list:
    """A DOS key line's (label, name) pairs for the controller in hand: the original's
    "S)ound" labels on the keyboard and mouse, the pad's own buttons (X's key cap, ")Best
    square") for the commands a pad has, and its menu button, on a pad or stick."""
    c = controller_of(app, controller)
    if kind(app, c) in ("key", "mouse"):
        return cmds.key_line(names)
    out = []
    for label, cname in cmds.key_line(names):
        command = cmds.commands[cname]
        if cname == "menu":
            out.append((f"{name(app, 'menu', c)})menu", cname))
        elif command.pad and (c not in ("p1", "p2") or command.pad[0] in ARCADE_NAMES):
            out.append((f"{pad_button(app, command.pad[0], c)}){command.label}", cname))
    return out
