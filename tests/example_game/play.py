"""Pebbles' board input, pure (no pygame): which squares the cursor steps among and what
choosing one means (games.ui.boardinput)."""

from __future__ import annotations

from games.ui.boardinput import BoardRules, Intent
from tests.example_game.rules import SIZE, square_name

SQUARES = [(c, r) for r in range(SIZE) for c in range(SIZE)]


class PebbleRules(BoardRules):
    def cells(self, state) -> list:
        return list(SQUARES)

    def targets(self, state, selected) -> list:
        return state.legal_moves()          # the squares with pebbles, once tossed

    def choose(self, state, selected, cell) -> Intent:
        if state.is_over:
            return Intent("refuse", cell=cell, text="The game is over.")
        if state.is_chance:
            return Intent("refuse", cell=cell, text="Wait for the coin.")
        if not state.pebbles(cell):
            why = f"There are no pebbles on {square_name(cell)}."
            return Intent("refuse", cell=cell, text=why)
        return Intent("move", move=cell, cell=cell)
