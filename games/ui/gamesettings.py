"""A game's own settings (``app.settings["games"][name]``, cleaned by its schema), who plays
which seat, the level and the sound: kept in settings.json, never for a demo or a cabinet's
customer (whose non-operator settings start afresh). A mixin of ``GameScene``."""

from __future__ import annotations

import copy


def seats_and_level(entry, **more):
    """The settings schema of seats and level, from the entry's rules and ai, with the
    game's ``more`` fields: ``{"seats": {seat: Choice(human, computer)}, "level":
    Choice(ai.LEVELS, ai.DEFAULT_LEVEL), **more}``; the first seat of ``rules.PLAYERS``
    (else ``new_game().players``) human, the others the computer."""
    from games.core import schema
    rules, ai = entry.rules_module(), entry.ai_module()
    players = getattr(rules, "PLAYERS", None) or rules.new_game(seed=0).players
    seats = {seat: schema.Choice(("human", "computer"), "computer" if i else "human")
             for i, seat in enumerate(players)}
    return schema.Table({"seats": schema.Table(seats),
                         "level": schema.Choice(tuple(ai.LEVELS), ai.DEFAULT_LEVEL), **more})


class GameSettings:
    """The settings of a ``GameScene`` (see games.ui.scene)."""

    def _load_settings(self) -> dict:
        raw = self.app.settings.setdefault("games", {}).get(self.game)
        table = self.settings_table()
        clean = table.fix(raw if raw is not None else {})
        if self.customer:
            # the operator's settings as kept; the rest afresh for each customer
            fresh = table.default
            clean = {k: (v if k in self.operator_settings else fresh[k])
                     for k, v in clean.items()}
        if self.demo or self.customer:
            return copy.deepcopy(clean)
        self.app.settings["games"][self.game] = clean
        return clean

    def save_settings(self) -> None:
        """Kept in settings.json; never for a demo or a cabinet's customer."""
        if not self.demo and not self.customer:
            self.app.save_settings()

    def set_setting(self, key: str, value) -> None:
        self.settings[key] = value
        self.save_settings()

    def toggle_sound(self) -> bool:
        """Sound on or off for the whole app (kept, except in a demo); True if now on."""
        s = self.app.settings
        if self.customer:                  # the operator's (the operator menu)
            return bool(s["sound"])
        s["sound"] = not s["sound"]
        self.app.apply_settings()
        self.save_settings()
        return s["sound"]

    def set_seat(self, seat: str, kind: str) -> None:
        self.settings.setdefault("seats", {})[seat] = kind
        self.table.set_seat(seat, kind)
        self.save_settings()

    def set_level(self, level: int, seat: str | None = None) -> None:
        if seat is None:
            self.settings["level"] = level
        self.table.set_level(level, seat)
        self.save_settings()

