"""What a game scene offers through its command table and its look's modals: the standard
commands (undo, redo, new game, quit, sound, menu, messages, help) with the game's own keys,
the game menu (its commands, who plays which seat, the level) and the modals it opens
(confirm, ask, message, pages, initials, score table). A mixin of ``GameScene``."""

from __future__ import annotations

STANDARD = ("undo", "redo", "new", "quit", "sound", "menu", "history", "help")
STANDARD_LABELS = {"undo": "Undo", "redo": "Redo", "new": "New game", "quit": "Quit",
                   "sound": "Sound", "menu": "Menu", "history": "Messages", "help": "Help"}

# The standard commands' keys when a game declares none (``command_keys``): the DOS key line
# shows the key_labels; the Amiga and RISC OS menus show the shortcuts.
DEFAULT_COMMAND_KEYS = {
    "undo": dict(keys=("u",), pad=("x",), key_label="U)ndo", shortcut="U"),
    "redo": dict(keys=("r",), pad=("y",), key_label="R)edo", shortcut="R"),
    "new": dict(keys=("n",), key_label="N)ew", shortcut="N"),
    "sound": dict(keys=("s",), key_label="S)ound", shortcut="S"),
    "history": dict(keys=("m",), key_label="M)essages", shortcut="M"),
    "help": dict(keys=("f1", "h"), key_label="F1 Help", shortcut="F1"),
    "quit": dict(keys=("q",), key_label="Q)uit", shortcut="Q"),
}

# Keys that answer the same in every game (docs/answers.md): N asks for a new game and Q asks
# to quit, whatever keys of its original a game adds (an F3, a Ctrl+Q, or only menu items):
# a game's ``command_keys`` adds to these and cannot take them away.
EVERY_GAME_KEYS = {"new": ("n",), "quit": ("q",)}


class _Probe:
    """Stands in for a game's table, app and settings while its commands are read."""

    def __getattr__(self, name):
        return self

    def __getitem__(self, key):
        return self

    def __call__(self, *a, **k):
        return self


class GameMenus:
    """The commands and menus of a ``GameScene`` (see games.ui.scene)."""

    @classmethod
    def command_bindings(cls) -> dict:
        """{("key" | "pad", name): command label} of this game's own commands, read from its
        command table without opening a game (the bindings screen refuses these)."""
        probe = cls.__new__(cls)
        probe.table = probe.app = probe.settings = _Probe()
        try:
            commands = cls.declare_commands(probe)
        except Exception:              # a declaration that needs a real game: nothing known
            return {}
        out = {}
        for c in commands:
            out.update({("key", k): c.label for k in c.keys if "+" not in k})
            out.update({("pad", b): c.label for b in c.pad})
        return out

    def standard_keys(self) -> dict:
        """The standard commands' keys: the game's ``command_keys``, else the house's."""
        return DEFAULT_COMMAND_KEYS if self.command_keys is None else self.command_keys

    def standard_commands(self) -> list:
        from games.ui.commands import Command
        runs = {"undo": self.undo, "redo": self.redo, "new": self.ask_new_game,
                "quit": self.ask_quit, "sound": self.toggle_sound, "menu": self.open_menu,
                "history": self.show_history, "help": self.show_help}
        enabled = {"undo": lambda: self.can_undo, "redo": lambda: self.table.can_redo,
                   "help": lambda: bool(self.help_pages())}
        out = []
        for name in STANDARD:
            spec = dict(self.standard_keys().get(name, {}))
            spec.setdefault("label", STANDARD_LABELS[name])
            keys = tuple(spec.get("keys", ()))
            spec["keys"] = keys + tuple(k for k in EVERY_GAME_KEYS.get(name, ()) if k not in keys)
            if name == "sound":
                spec.setdefault("checked", lambda: bool(self.app.settings["sound"]))
            out.append(Command(name, run=runs[name], enabled=enabled.get(name, True), **spec))
        return out

    @property
    def ui(self):
        """The look's modals: confirm, ask, message, menu, pages, title, initials, table."""
        from games.ui import kits
        return kits.get(self.look.name)

    def push(self, scene):
        return self.app.push(scene)

    def confirm(self, text, on_yes, on_no=None, **kw):
        return self.push(self.ui.confirm(self, text, on_yes, on_no, **kw))

    def ask(self, text, choices, default=0, cancel=None):
        return self.push(self.ui.ask(self, text, choices, default=default, cancel=cancel))

    def message(self, lines, on_close=None, title=""):
        return self.push(self.ui.message(self, lines, on_close=on_close, title=title))

    def pages(self, pages, title="", on_close=None):
        return self.push(self.ui.pages(self, pages, title=title, on_close=on_close))

    def initials(self, prompt_lines, default="AAA", on_done=None):
        return self.push(self.ui.initials(self, prompt_lines, default=default, on_done=on_done))

    def score_table(self, title, header, rows, highlight=None, footer="", on_close=None):
        return self.push(self.ui.table(self, title, header, rows, highlight=highlight,
                                       footer=footer, on_close=on_close))

    def menu_model(self) -> list:
        """The game's menu: its commands, then who plays which seat and the level."""
        names = [n for n in self.cmds.commands if n not in ("menu", "network", "leave_table")
                 and (n not in STANDARD or n in self.standard_keys() or n in ("undo", "new",
                                                                           "quit", "sound"))]
        return self.customer_menu(self.with_house_items(
            self.cmds.items(*names) + [self.separator()] + self.seat_items()
            + [self.level_item()]))
    menu_model.customer_filtered = True

    @staticmethod
    def separator():
        from games.ui.commands import separator
        return separator()

    def seat_items(self) -> list:
        """A Human/Computer choice per seat, from the table's seats; at a network table
        who holds each seat, as the seat panel names them (a person by name, or the
        computer: ``seat_holder``), which only the table changes."""
        from games.ui.commands import choice
        if self.net is not None:               # (greyed: the table's, said under Leave)
            return [choice(seat.capitalize(), [(seat, self.seat_holder(seat))],
                           lambda s=seat: s, lambda v: None, enabled=False)
                    for seat in self.table.seats]
        kinds = [("human", "Human"), ("computer", "Computer")]
        return [choice(seat.capitalize(), kinds, lambda s=seat: self.table.seats.get(s),
                       lambda v, s=seat: self.set_seat(s, v), enabled=lambda: not self.demo)
                for seat in self.table.seats]

    def level_item(self, label: str = "Level", levels=None):
        """The computer's level, from the ai's LEVELS (and level_name, if it has one), or
        ``levels`` ((level, words) pairs) where a game offers its own; at a network table
        the host's (the table's computer seats'), which only the table changes."""
        from games.ui.commands import choice
        ai = self.entry.ai_module()
        words_of = dict(levels or ())
        name = getattr(ai, "level_name", lambda n: words_of.get(n, f"{n} of {len(ai.LEVELS)}"))
        if self.net is not None:
            t = self.table
            levels = sorted({t.levels.get(s) for s, kind in t.seats.items()
                             if kind == "computer" and isinstance(t.levels.get(s), int)})
            words = ", ".join(name(n) for n in levels) or "No computer"
            return choice(label, [(0, words)], lambda: 0, lambda v: None, enabled=False)
        return choice(label, list(levels) if levels else [(n, name(n)) for n in ai.LEVELS],
                      lambda: self.settings.get("level"), self.set_level)

    def command_refused(self, name: str) -> None:
        """A command asked for while it is off (its key, pad button, a click on a key
        line): why, when there is a why (a network table's: ``off_at_table``)."""
        why = self.off_at_table(name)
        if why:
            self.say(why)

    def open_menu(self):
        return self.push(self.ui.menu(self, self.menu_model()))

    def show_history(self):
        lines = self.status.history or ["Nothing has been said yet."]
        return self.pages([lines[i:i + 12] for i in range(0, len(lines), 12)],
                          title="Messages")

    def show_help(self):
        pages = self.help_pages()
        if pages:
            return self.pages(pages, title=f"{self.entry.title} help")

