"""One board input for every game: keys, pad, stick, click, drag and drop, select-then-
destination, turned into an ``Intent`` by pure code a test can run without pygame (as
sgt-puzzles' ``interpret_move``).

A game gives its board's rules of choosing (a ``BoardRules``: which cells the cursor steps
among, and what choosing a cell means) and its geometry (``at(pos)`` and ``centre(cell)``,
plain callables); ``BoardInput.interpret(state, action)`` says what an action means:

- ``Intent("move", move=m)``: play ``m``;
- ``Intent("select", cell=c)``: ``c`` is picked up (the source of a two-step move);
- ``Intent("deselect")``: put back down;
- ``Intent("refuse", text=...)``: not allowed, and the sentence says why;
- ``Intent("cursor", cell=c)``: the cursor moved to ``c`` (or showed);
- ``Intent("none")``: nothing for the board.

The cursor shows when a key or the pad is used and hides when the mouse moves ("show on key,
hide on mouse"); it steps to the nearest target in the direction pressed (the direction
pressed is the direction it goes: with no target that way it stays).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

STEPS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
DIRECTIONS = tuple(STEPS)


@dataclass(frozen=True)
class Intent:
    kind: str                 # move, select, deselect, refuse, cursor, none
    move: Any = None
    cell: Any = None
    text: str = ""


NOTHING = Intent("none")


def step_towards(targets: Iterable, current, kind: str, centre: Callable[[Any], tuple]):
    """The target the direction ``kind`` leads to from ``current``: the nearest one that
    way, within 45 degrees first, then the least sideways; None when none lies that way."""
    dx, dy = STEPS[kind]
    cx, cy = centre(current)
    best = None
    for t in targets:
        if t == current:
            continue
        tx, ty = centre(t)
        along = (tx - cx) * dx + (ty - cy) * dy
        if along <= 0:
            continue
        across = abs((tx - cx) * dy - (ty - cy) * dx)
        key = (across > along, across, along)
        if best is None or key < best[0]:
            best = (key, t)
    return None if best is None else best[1]


class BoardRules:
    """What a game says about choosing on its board (override; all pure)."""

    def cells(self, state) -> list:
        """Every cell the cursor may stand on."""
        return []

    def targets(self, state, selected) -> list:
        """The cells worth stepping among: the legal choices (sources, or the destinations
        of ``selected``). Empty: the cursor moves freely over ``cells``."""
        return []

    def choose(self, state, selected, cell) -> Intent:
        """What choosing ``cell`` means, with ``selected`` picked up (or None)."""
        return NOTHING

    def start(self, state, selected):
        """Where the cursor stands when it first shows (default: the first target)."""
        targets = self.targets(state, selected)
        if targets:
            return targets[0]
        cells = self.cells(state)
        return cells[len(cells) // 2] if cells else None


def board_moves(rules: BoardRules, state) -> list:
    """The moves ``rules`` can make on the board at ``state``: one cell chosen, or a piece
    picked up and where it goes (what a move that is only words, as TriAxis's "end",
    is not)."""
    def cells(selected):
        return rules.targets(state, selected) or rules.cells(state)
    found = []
    for cell in cells(None):
        intent = rules.choose(state, None, cell)
        if intent.kind == "move":
            found.append(intent.move)
        elif intent.kind == "select":
            for cell2 in cells(cell):
                got = rules.choose(state, cell, cell2)
                if got.kind == "move":
                    found.append(got.move)
    return found


class BoardInput:
    def __init__(self, rules: BoardRules, at: Callable[[Any], Any],
                 centre: Callable[[Any], tuple]):
        self.rules = rules
        self.at = at
        self.centre = centre
        self.cursor = None
        self.visible = False
        self.selected = None
        self.dragging = False      # button 1 went down on the selected cell and is held
        self.hover = None          # the cell under the pointer

    def reset(self, state=None, keep_cursor: bool = True) -> None:
        """A new position: nothing picked up; the cursor kept where it is if still valid."""
        self.selected = None
        self.dragging = False
        if state is not None and (not keep_cursor or self.cursor not in self.rules.cells(state)):
            self.cursor = self.rules.start(state, None)

    def place(self, cell) -> None:
        self.cursor = cell

    # -- the pure heart ---------------------------------------------------------------------
    def interpret(self, state, action, refuse: str | None = None) -> Intent:
        """What ``action`` means on this board now. ``refuse``: a sentence said instead of
        any choice (not this person's turn, the game is over); the cursor still moves."""
        k = action.kind
        if k in STEPS:
            return self._step(state, k)
        if k == "confirm":
            if not self.visible:
                return Intent("cursor", cell=self.show(state))
            return self._choose(state, self.cursor, refuse)
        if k == "back":
            if self.selected is not None:
                self.selected = None
                self.dragging = False
                return Intent("deselect")
            return NOTHING
        if k == "pointer_move":
            if getattr(action, "source", "mouse") == "mouse":
                self.visible = False
            self.hover = self.at(action.pos)
            return NOTHING
        if k == "pointer_down" and action.button == 1:
            self.visible = False
            cell = self.at(action.pos)
            if cell is None:
                return NOTHING
            self.cursor = cell
            intent = self._choose(state, cell, refuse)
            self.dragging = intent.kind == "select"
            return intent
        if k == "pointer_up" and action.button == 1:
            was, self.dragging = self.dragging, False
            cell = self.at(action.pos)
            if not was or cell is None or cell == self.selected or self.selected is None:
                return NOTHING
            self.cursor = cell
            intent = self._choose(state, cell, refuse)
            return intent if intent.kind in ("move", "refuse") else NOTHING
        return NOTHING

    def show(self, state):
        """The cursor shown (where it stood, else where the rules start it); its cell."""
        self.visible = True
        if self.cursor is None:
            self.cursor = self.rules.start(state, self.selected)
        return self.cursor

    def _step(self, state, kind: str) -> Intent:
        if not self.visible:
            return Intent("cursor", cell=self.show(state))
        targets = list(self.rules.targets(state, self.selected))
        pool = targets or list(self.rules.cells(state))
        if not pool:
            return NOTHING
        if self.cursor is None or (targets and self.cursor not in targets
                                   and self.cursor != self.selected):
            self.cursor = pool[0]
            return Intent("cursor", cell=self.cursor)
        nxt = step_towards(pool, self.cursor, kind, self.centre)
        if nxt is None:
            return NOTHING
        self.cursor = nxt
        return Intent("cursor", cell=nxt)

    def _choose(self, state, cell, refuse) -> Intent:
        if cell is None:
            return NOTHING
        if refuse:
            return Intent("refuse", cell=cell, text=refuse)
        intent = self.rules.choose(state, self.selected, cell)
        if intent.kind == "select":
            self.selected = intent.cell if intent.cell is not None else cell
        elif intent.kind in ("deselect", "move"):
            self.selected = None
        return intent
