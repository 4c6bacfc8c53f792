"""Hex's board input and words, pure (no pygame): the cursor steps among the empty cells."""

from __future__ import annotations

from games.ui.boardinput import BoardRules, Intent
from tests.example_hex.rules import CELLS, cell_name

SIDES = {"red": "top and bottom", "blue": "left and right"}


class HexRules(BoardRules):
    def choose(self, state, selected, cell) -> Intent:
        """A move on an empty cell; a refusal, with the reason, anywhere else."""
        why = ("The game is over." if state.is_over
               else f"{cell_name(cell)} is taken." if state.stone(cell) else None)
        if why:
            return Intent("refuse", cell=cell, text=why)
        return Intent("move", move=cell, cell=cell)

    def cells(self, state) -> list:
        return list(CELLS)

    def targets(self, state, selected) -> list:
        return [] if state.is_over else state.legal_moves()
