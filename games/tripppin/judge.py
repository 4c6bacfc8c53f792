"""Tripppin's judge for reviews (games.core.review): exact, from the solved board.

A seat's winning chance is 1 where it can force a win, 0 where the other can, and 1/2
where neither side can force a win (the game has no draw: with best play it goes on for
ever), so a move loses 1/2 or 1 exactly when it gives a won position away or walks from
a position neither side can force into a lost one: a blunder, and nothing else is one.
The best move is the solver's (the fastest win, the longest defence, or any move that
keeps the game open).  Its words (``value_text``) are the solver's verdict of the
position: "Orange can force a win in 5 moves", "Neither side can force a win".
"""

from __future__ import annotations

from games.tripppin.solver import cached_solution, verdict

SOLVED = True       # the review's JSON calls this judge "solved", not "search"


def _kind(state, seat: str) -> tuple:
    """(kind, n) of ``seat`` in ``state``: ("win" | "loss", moves of the winner) or
    ("draw", None); ("won" | "lost", 0) once the game is over."""
    if state.is_over:
        return ("won", 0) if seat in state.winners() else ("lost", 0)
    kind, n = cached_solution(state).value(state)
    if seat != state.turn and kind != "draw":
        kind = "loss" if kind == "win" else "win"
    return kind, n


def win_chances(state) -> dict:
    out = {}
    for seat in state.players:
        kind, _ = _kind(state, seat)
        out[seat] = 1.0 if kind in ("win", "won") else 0.0 if kind in ("loss", "lost") else 0.5
    return out


def search(state, work: float = 1.0) -> tuple:
    """(chances, move, None): the solved value and the solver's best move (``work`` is not
    needed: the value is exact)."""
    return win_chances(state), cached_solution(state).best_moves(state)[0], None


def value_text(state, seat: str) -> str:
    """The solver's verdict of the position, the same whoever asks: "Orange can force a
    win in 5 moves" (its winning move included), "Neither side can force a win", "Blue
    has won"."""
    if state.is_over:
        return " and ".join(sorted(w.capitalize() for w in state.winners())) + " has won"
    return verdict(state)
