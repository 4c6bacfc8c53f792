"""A cabinet's customer, for the GameScene base: in kiosk mode the operator sets each game
(its ``operator_settings``: seats, level, board, match length...) and the customer only plays
it. A customer's menu keeps the commands that change this game for this customer (new game,
undo where the operator allows it, help, messages, and the game's own
``customer_commands``), never a choice the operator makes, and no letter shortcuts (the
panel has no letter keys).

A mixin: it reads the scene's ``app``, ``kiosk``, ``demo``, ``game``, ``entry`` and
``customer_commands``.
"""

from __future__ import annotations

import dataclasses

CUSTOMER_STANDARD = ("new", "quit", "menu", "history", "help")
TAKE_BACK = ("undo", "redo")


class CustomerRules:
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
                    out.append(dataclasses.replace(item, shortcut=""))
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

