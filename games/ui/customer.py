"""A cabinet's customer, for the GameScene base: in kiosk mode the operator sets each game
(its ``operator_settings``: seats, level, board, match length...) and the customer only plays
it. A customer's menu keeps the commands that change this game for this customer (new game,
undo where the operator allows it, help, messages, and the game's own
``customer_commands``), never a choice the operator makes, and no letter shortcuts (the
panel has no letter keys).

Every game costs a credit, by every path (issue 34): each class's ``new_game`` and
``start_again`` (the two ways a game starts again in a scene: a menu's New game or
Restart, an end box, a click after the end) pass through ``pay_to_start``, which asks the
cabinet (``app.supervisor.pay_for``) once per start, however the game's own override
calls the base; and ``ask_new_game`` and ``confirm_new`` (which a game's own way to a new
game calls, e.g. New game > Red first) say INSERT COIN before they ask anything when the
start would cost a credit and none stands. A game declares nothing for it. The "New game"
of a customer's menu and of an end box (``start_label``) says INSERT COIN while a start
would cost a credit and none stands, and follows the credit while it shows.

A mixin: it reads the scene's ``app``, ``kiosk``, ``demo``, ``game``, ``entry`` and
``customer_commands``.
"""

from __future__ import annotations

import dataclasses
import functools

from games.ui.commands import Label

CUSTOMER_STANDARD = ("new", "quit", "menu", "history", "help", "learn")
TAKE_BACK = ("undo", "redo")


STARTS = ("new_game", "start_again")      # a game starts (again) in the scene: paid
ASKS = ("ask_new_game", "confirm_new")    # a start is asked for: checked before asking


def _paid(fn):
    """``fn`` (a start) only when the cabinet lets it: a credit spent, or none needed. A
    start called from inside another (an override calling the base) is the same start."""
    @functools.wraps(fn)
    def start(self, *args, **kw):
        if self.__dict__.get("_starting"):
            return fn(self, *args, **kw)
        if not self.pay_to_start():
            return None
        self._starting = True
        try:
            return fn(self, *args, **kw)
        finally:
            self._starting = False
    start.paid = True
    return start


def _checked(fn):
    """``fn`` (asks for a new game) only when a start could be paid for now."""
    @functools.wraps(fn)
    def ask(self, *args, **kw):
        if not self.may_start():
            return None
        return fn(self, *args, **kw)
    ask.paid = True
    return ask


class CustomerRules:
    def __init_subclass__(cls, **kw):
        """Each class's own starts are paid for (see the module's words)."""
        super().__init_subclass__(**kw)
        for names, wrap in ((STARTS, _paid), (ASKS, _checked)):
            for name in names:
                own = cls.__dict__.get(name)
                if callable(own) and not getattr(own, "paid", False):
                    setattr(cls, name, wrap(own))

    def _cabinet(self):
        """The cabinet's supervisor when a customer plays this game and it has credits."""
        if not self.customer:
            return None
        sup = getattr(self.app, "supervisor", None)
        return sup if hasattr(sup, "pay_for") else None

    def pay_to_start(self) -> bool:
        """A game starts now: True when it may (the cabinet spent a credit, or none is
        needed); else the cabinet said INSERT COIN. At a network table no game starts in
        the scene, by any path (a game's board choice, an end box): the table's game is
        the game there, and why is said (games.ui.netplay)."""
        if getattr(self, "net", None) is not None:
            self.say(self.off_at_table("new") or
                     f"Table {self.net.code}'s game is over: Leave the table (menu) first.")
            return False
        sup = self._cabinet()
        return True if sup is None else bool(sup.pay_for(self))

    def may_start(self) -> bool:
        """A new game could be paid for now (else INSERT COIN is said)."""
        sup = self._cabinet()
        return True if sup is None else bool(sup.may_start(self))

    def start_cost(self) -> str:
        """"This costs 1 credit." when a new game started now would spend one (a cabinet
        with coins, the game in hand played), else "": a question that starts a game says
        so before it is answered."""
        sup = self._cabinet()
        return "This costs 1 credit." if sup is not None and sup.start_costs(self) else ""

    def start_label(self, label: str) -> str:
        """A menu's or an end box's "New game": "... INSERT COIN" when it would cost a
        credit and none stands. A ``Label``: a menu or a box on screen reads it again, so it
        follows the credit (a coin in, a credit spent) while it shows."""
        def read() -> str:
            sup = self._cabinet()
            if sup is not None and sup.start_costs(self) and not sup.credits:
                return f"{label}: INSERT COIN"
            return label
        return Label(read)

    def start_prompt(self, text: str) -> str:
        """A finished game's standing line offering the next game (``text``, e.g. "Press
        {confirm} for a new game."), or "INSERT COIN for a new game." while a start would
        cost a credit and none stands: a press there only says INSERT COIN."""
        sup = self._cabinet()
        if sup is not None and sup.start_costs(self) and not sup.credits:
            return "INSERT COIN for a new game."
        return text

    @property
    def customer(self) -> bool:
        """True when a cabinet's customer plays this game (kiosk mode, not a demo)."""
        return getattr(self, "kiosk", False) and not getattr(self, "demo", False)

    def undo_allowed(self) -> bool:
        """The operator lets customers take moves back in this game (the operator menu)."""
        kiosk = self.app.settings.get("kiosk", {})
        return self.game not in kiosk.get("no_undo", ())

    def customer_may(self, name: str) -> bool:
        """A command a customer may use: the standard ones that change only this game, undo
        where the operator allows it, and the game's own ``customer_commands``."""
        if name in TAKE_BACK:
            return self.undo_allowed()
        return name in CUSTOMER_STANDARD or name in self.customer_commands

    def customer_menu(self, model: list) -> list:
        """``model`` as a customer sees it: the commands a customer may use (and their
        submenus), no choices (seats, level, board: the operator's), no empty groups."""
        if not self.customer:
            return model
        out = []
        for item in model:
            if item.name == "-":
                if out and out[-1].name != "-":
                    out.append(item)
            elif item.name:
                if self.customer_may(item.name):       # no letter keys on the panel
                    label = self.start_label(item.label) if item.name == "new" else item.label
                    out.append(dataclasses.replace(item, shortcut="", label=label))
            elif item.sub and not item.is_choice:
                kept = self.customer_menu(list(item.sub))
                if kept:
                    out.append(dataclasses.replace(item, sub=kept))
        while out and out[-1].name == "-":
            out.pop()
        return out

    @classmethod
    def operator_words(cls, key: str, value) -> str:
        """How the operator menu shows a value of the setting ``key``."""
        if key == "level":
            ai = cls.entry.ai_module()
            name = getattr(ai, "level_name", None)
            return name(value) if name is not None else f"{value} of {len(ai.LEVELS)}"
        if isinstance(value, bool):
            return "on" if value else "off"
        return str(value).capitalize() if isinstance(value, str) else str(value)

