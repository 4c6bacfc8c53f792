"""One command table per game, and the menu model every platform look draws.

A game declares its commands once::

    Command("suggest", "Suggest a move", keys=("s", "alt+s"), pad=("y",), run=self.suggest,
            enabled=lambda: table.human_to_move, shortcut="S")

and everything else is made from that declaration: the key and pad bindings the input layer
delivers as ``Action("command", name=...)`` (``key_map``/``pad_map``), the DOS key line
(``key_line``), and the items of the menus (``item(name)``). The menu model (``Menu``,
``MenuItem``: checked, enabled, submenus, shortcuts) lives here; ``amiga.MenuStrip``,
``dos.Dialog`` and the RISC OS menu only draw it.

A submenu whose items are checkable is a choice (seat, level, board): the Amiga shows it as a
submenu with check marks, RISC OS as a submenu with ticks, DOS as one line whose value
cycles with left and right (``choice_value``/``cycle``).

A label may follow the game (``Label``: a cabinet's "New game: INSERT COIN" follows the
credit): a menu or a box on screen reads it again (``relabel``) and shows what it says now.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence


def _call(value, default=True):
    if value is None:
        return default
    return value() if callable(value) else bool(value)


class Label(str):
    """A label that reads itself again (``again()``): what it says follows the game, as a
    cabinet's "New game: INSERT COIN" follows the credit (games.ui.customer). Anywhere a
    label is read it is the text it said when made; a menu or a box on screen reads it
    again each frame (games.ui.modals) and is laid out again when it says something else."""

    def __new__(cls, read: Callable[[], str]):
        label = super().__new__(cls, read())
        label.read = read
        return label

    def again(self) -> Label:
        return Label(self.read)


def read_again(label: str) -> str:
    """``label`` as it reads now: a ``Label`` read again, any other label as it is."""
    return label.again() if isinstance(label, Label) else label


def relabel(model: Sequence) -> bool:
    """The ``Label``s of a menu model (``MenuItem``s or ``Menu``s, and their submenus) read
    again, in place; True when one says something else now."""
    changed = False
    for item in model:
        if isinstance(item, Menu):
            changed = relabel(item.items) or changed
            continue
        label = read_again(item.label)
        if label != item.label:
            item.label, changed = label, True
        if item.sub:
            changed = relabel(item.sub) or changed
    return changed


@dataclass
class MenuItem:
    label: str
    action: Callable[[], None] | None = None
    checked: Callable[[], bool] | None = None     # None: not a checkable item
    shortcut: str = ""                             # the key shown beside the label
    enabled: Callable[[], bool] | bool = True
    sub: Sequence["MenuItem"] | None = None        # a submenu
    name: str = ""                                 # the command it runs, if any

    def is_enabled(self) -> bool:
        return _call(self.enabled)

    def is_checked(self) -> bool:
        return self.checked is not None and bool(self.checked())

    @property
    def is_choice(self) -> bool:
        """A submenu of checkable items: one of them is the current value."""
        return bool(self.sub) and all(i.checked is not None for i in self.sub)

    def choice_value(self) -> str:
        for i in self.sub or ():
            if i.is_checked():
                return i.label
        return ""

    def cycle(self, step: int) -> None:
        """Choose the next (or previous) enabled item of a choice, as DOS's left/right do."""
        items = [i for i in (self.sub or ()) if i.is_enabled()]
        if not items:
            return
        cur = next((n for n, i in enumerate(items) if i.is_checked()), -1)
        nxt = items[(cur + step) % len(items)] if cur >= 0 else items[0]
        if nxt.action is not None:
            nxt.action()


@dataclass
class Menu:
    title: str
    items: Sequence[MenuItem]


def separator() -> MenuItem:
    """A line between groups of items (drawn by each look in its own way)."""
    return MenuItem("", enabled=False, name="-")


def choice(label: str, options: Sequence[tuple], current: Callable[[], object],
           choose: Callable[[object], None], enabled=True, name: str = "") -> MenuItem:
    """A submenu choosing one of ``options`` ((value, label) pairs); ``name`` names it
    (a game's ``home_only`` choice, say)."""
    return MenuItem(label, enabled=enabled, name=name, sub=[
        MenuItem(text, (lambda v=v: choose(v)), checked=(lambda v=v: current() == v))
        for v, text in options])


def has_item(model: Sequence, name: str) -> bool:
    """``model`` (a menu model, submenus included) holds an item of the command ``name``."""
    return any(i.name == name or (i.sub and has_item(i.sub, name)) for i in model)


def insert_before(model: Sequence, item: MenuItem, names: Sequence[str]):
    """``model`` with ``item`` before the first item named one of ``names`` (looked for in
    submenus too, in order); None when there is none."""
    import dataclasses
    for n, i in enumerate(model):
        if i.name in names:
            return list(model[:n]) + [item] + list(model[n:])
        if i.sub and not i.is_choice:
            sub = insert_before(list(i.sub), item, names)
            if sub is not None:
                return list(model[:n]) + [dataclasses.replace(i, sub=sub)] + list(model[n + 1:])
    return None


@dataclass
class Command:
    name: str
    label: str
    keys: tuple = ()                  # key specs: "s", "ctrl+s"
    pad: tuple = ()                   # pad buttons: "x", "y", "back"
    run: Callable[[], None] | None = None
    enabled: Callable[[], bool] | bool = True
    checked: Callable[[], bool] | None = None
    shortcut: str = ""                # shown in menus
    key_label: str = ""               # on a DOS key line: "S)ound"


class CommandTable:
    def __init__(self, commands: Sequence[Command] = (),
                 refused: Callable[[str], None] | None = None):
        self.commands: dict[str, Command] = {}
        # told the name of a known command asked for while it is off (its key, pad button
        # or a click on a key line): the scene says why, where there is a why to say
        self.refused = refused
        for c in commands:
            self.add(c)

    def add(self, command: Command) -> Command:
        if command.name in self.commands:
            raise ValueError(f"command {command.name!r} declared twice")
        self.commands[command.name] = command
        return command

    def __contains__(self, name: str) -> bool:
        return name in self.commands

    def __getitem__(self, name: str) -> Command:
        return self.commands[name]

    # -- what the input layer binds ----------------------------------------------------------
    def key_map(self) -> dict:
        return {c.name: list(c.keys) for c in self.commands.values() if c.keys}

    def pad_map(self) -> dict:
        return {c.name: list(c.pad) for c in self.commands.values() if c.pad}

    def key_line(self, names: Sequence[str] | None = None) -> list:
        """(label, name) pairs for a DOS key line, in declaration order."""
        names = names if names is not None else [c.name for c in self.commands.values()
                                                 if c.key_label]
        return [(self.commands[n].key_label, n) for n in names]

    # -- running -------------------------------------------------------------------------------
    def enabled(self, name: str) -> bool:
        c = self.commands.get(name)
        return c is not None and c.run is not None and _call(c.enabled)

    def run(self, name: str) -> bool:
        """Run a command if it is known and enabled; True if it ran. A known command that
        is off is handed to ``refused`` (if any)."""
        if not self.enabled(name):
            if name in self.commands and self.refused is not None:
                self.refused(name)
            return False
        self.commands[name].run()
        return True

    # -- menus -------------------------------------------------------------------------------
    def item(self, name: str, label: str | None = None, shortcut: str | None = None) -> MenuItem:
        c = self.commands[name]
        return MenuItem(label if label is not None else c.label, lambda: self.run(name),
                        checked=c.checked,
                        shortcut=c.shortcut if shortcut is None else shortcut,
                        enabled=lambda: self.enabled(name), name=name)

    def items(self, *names: str) -> list:
        return [separator() if n == "-" else self.item(n) for n in names]
