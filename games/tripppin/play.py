"""Choosing on Tripppin's board, the same for keys, pads and the mouse (pure: no pygame).

The piece to move steps to a neighbouring square: choosing one of its legal destinations
moves it there (the keyboard cursor only ever stands on those). With the mouse a piece is
picked up and dropped, as in the original: a drop anywhere else is refused (the screen
flashes), and the refusal says why in the rules' own terms, the directions the tile under
the other piece allows ("Orange may only move up, left or down-right from here.").
Picking up the piece that is not to move is allowed; dropping it is refused.
"""

from __future__ import annotations

from games.tripppin import rules
from games.ui.boardinput import NOTHING, BoardRules, Intent, step_towards

NAMES = {"blue": "Blue", "orange": "Orange"}


def grid_centre(sq: int) -> tuple:
    """A square's place in whole squares (the cursor steps on the grid, not on pixels)."""
    return (sq % 8, sq // 8)


def cursor_step(moves, cursor: int, kind: str) -> int:
    """Where a direction takes the keyboard cursor among the legal destinations: to the
    nearest one that way (straight lines first); with none that way it stays."""
    nxt = step_towards(moves, cursor, kind, grid_centre)
    return cursor if nxt is None else nxt


def direction(a: int, b: int) -> int | None:
    """The direction (rules.DIRECTIONS index) from square a to its neighbour b."""
    try:
        return rules.DIRECTIONS.index((b % 8 - a % 8, b // 8 - a // 8))
    except ValueError:
        return None


def way(state, square: int) -> str:
    """The way from the piece to move to its neighbour ``square`` ("down-right"): the board
    has no coordinates, so a move (or a suggestion) is said by its direction."""
    d = direction(state.position(state.current), square)
    return rules.DIRECTION_NAMES[d] if d is not None else "nowhere"


def move_words(before, after, piece: str) -> str:
    """A move as Messages says it: "Orange moves down-right and reaches its X (2/5).\""""
    a, b = before.position(piece), after.position(piece)
    d = direction(a, b)
    text = f"{NAMES[piece]} moves {rules.DIRECTION_NAMES[d] if d is not None else 'on'}"
    n = after.progress(piece)
    if n > before.progress(piece):
        text += f" and reaches its X ({n}/5)" if n < rules.FINAL else " and reaches home"
    return text + "."


def open_directions(state) -> list:
    """The directions the piece to move can take now (the panel's "Can move:" arrows)."""
    if state.is_over:
        return []
    me = state.position(state.current)
    return sorted({d for d in (direction(me, m) for m in state.legal_moves()) if d is not None})


def either(words) -> str:
    """"up", "up or left", "up, left or down-right"."""
    words = list(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def refusal(state, square: int) -> str:
    """Why the piece to move cannot go to ``square``, as a sentence."""
    piece = state.current
    other = rules.other(piece)
    if square == state.position(other):
        return f"{rules.square_name(square)} is where {NAMES[other]} stands."
    dirs = [rules.DIRECTION_NAMES[d] for d in open_directions(state)]
    if not dirs:
        return f"{NAMES[piece]} can't move!"
    if len(dirs) == 8:
        return f"{NAMES[piece]} may only move one square, onto any free neighbour."
    return f"{NAMES[piece]} may only move {either(dirs)} from here."


def nearest_to_target(state):
    """The legal destination nearest the piece's next target (where the cursor starts)."""
    moves = state.legal_moves()
    if not moves or state.current is None:
        return None
    target = state.target(state.current)
    if target is None:
        return moves[0]
    return min(moves, key=lambda m: (max(abs(m % 8 - target % 8), abs(m // 8 - target // 8)),
                                     m))


class TripppinBoard(BoardRules):
    """Tripppin's board for games.ui.boardinput: squares are ints 0-63."""

    def cells(self, state) -> list:
        return state.legal_moves()

    def targets(self, state, selected) -> list:
        return state.legal_moves()

    def start(self, state, selected):
        return nearest_to_target(state)

    def choose(self, state, selected, cell) -> Intent:
        if state.is_over or cell is None:
            return NOTHING
        piece = state.current
        me, them = state.position(piece), state.position(rules.other(piece))
        if cell == selected:
            return Intent("deselect")
        if selected is None and cell in (me, them):
            return Intent("select", cell=cell)          # picked up (either piece)
        if selected not in (None, me):
            return Intent("refuse", cell=cell, text=f"{NAMES[piece]} is to move, not "
                                                    f"{NAMES[rules.other(piece)]}.")
        if cell in state.legal_moves():
            return Intent("move", move=cell, cell=cell)
        return Intent("refuse", cell=cell, text=refusal(state, cell))
