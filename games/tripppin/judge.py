"""Tripppin's judge for reviews (games.core.review): exact, from the solved board.

A seat's winning chance is 1 where it can force a win, 0 where the other can, and 1/2 in a
draw (neither can force a win), so a move's drop is 1/2 or 1 exactly when it gives a won
position away or walks from a draw into a loss: a blunder, and nothing else is one.
"""

from __future__ import annotations

from games.tripppin.solver import cached_solution

EXACT = True                 # every legal move is valued (at most eight)


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


def value_text(state, seat: str) -> str:
    """"win 5" (``seat`` can force a win with its fifth move), "draw", "loss 3", "won",
    "lost"."""
    kind, n = _kind(state, seat)
    return kind if kind in ("draw", "won", "lost") else f"{kind} {n}"
