"""TriAxis's judge for reviews (games.core.review): the top level's value, calibrated.

Each seat still in is valued by level 4's own value of the island for it, ``ai.value4``
(its population, less its expected losses to the other seats' next spins along their
cheapest capture paths, plus its own expected captures, less its famine exposure, less
half the largest and the mean rival population), with the units a harvest still owes it
counted in its population.  The winning chances are a softmax of those values over the
seats still in, with a bonus for the seat whose turn it is and for the move points it has
left:

    chance(s) = even / n + (1 - even) exp(z_s) / sum exp(z)     (n seats still in)
    z_s = k value4(s) + tempo [s's turn] + points (points left) [s's turn]

with k = k2 when two seats are in, k3 when more are (``even`` is how often the spinner
turns a game the values call settled).

A seat that is out has chance 0; during setup, until every seat has a marker, the chances
are even.  A finished game is exact.  ``FIT_PARAMS`` were fitted by least log loss on
arena games (``python -m tools.tune.judges fit triaxis``) and checked on others (``check``):
see FIT_NOTES.

Every legal move is valued (``EXACT``): a value is one ``value4`` a seat (no search), so a
decision costs at most a hundred or so, and a game's review the same on any machine.
"""

from __future__ import annotations

import math

from games.triaxis import ai

EXACT = True                 # every legal move is valued (one value a seat each)

# fitted by ``python -m tools.tune.judges fit triaxis`` (see FIT_NOTES)
FIT_PARAMS = {"k2": 0.047, "k3": 0.0995, "tempo": -0.0248, "points": 0.0406,
              "even": 0.1897}
FIT_RANGE = {"k2": (0.0, 0.5), "k3": (0.0, 0.5), "tempo": (-1.0, 1.0),
             "points": (-0.5, 0.5), "even": (0.0, 0.5)}
FIT_NOTES = """not fitted yet"""


def fit_features(state) -> tuple:
    """What the calibration needs of a position: (seats, value of each seat or None for a
    seat out, index of the seat whose turn it is, its points left)."""
    seats = state.players
    n = len(seats)
    cells = state.cells
    present = {v >> 3 for v in cells if v}
    if state.phase == "setup" and len(present) < n:
        return seats, None, None, 0
    owed = dict(state.owed) if state.phase == "harvest" else {}
    bonus = tuple((i + 1, owed[p]) for i, p in enumerate(seats) if owed.get(p))
    key = (state.island.terrain, cells, bonus)
    vals = _MEMO.get(key)
    if vals is None:
        alloc = tuple(state.allocations[p] for p in seats)
        vals = values4(state.island, cells, n, alloc, dict(bonus) or None)
        if len(_MEMO) > 4096:
            _MEMO.clear()
        _MEMO[key] = vals
    return seats, vals, state.turn_index, state.points if state.phase == "move" else 0


_MEMO: dict = {}


def values4(isl, cells, n: int, alloc, bonus=None) -> tuple:
    """``ai.value4`` of every seat in seat order (None for a seat with no marker), each
    seat's capture paths (``ai.capture_reach``) found once for all of them."""
    present = {v >> 3 for v in cells if v}
    reaches = [None] + [ai.capture_reach(isl, cells, s) if s in present else None
                        for s in range(1, n + 1)]
    return tuple(ai.value4(isl, cells, s, n, alloc, bonus=bonus, reaches=reaches)
                 if s in present else None for s in range(1, n + 1))


def chances_from(feats, p) -> dict:
    """{seat: chance} from ``fit_features``' tuple and the constants ``p``."""
    seats, vals, turn, points = feats
    if vals is None:
        return {s: 1.0 / len(seats) for s in seats}
    live = sum(1 for v in vals if v is not None)
    k = p["k2"] if live <= 2 else p["k3"]
    z = {}
    for i, v in enumerate(vals):
        if v is None:
            continue
        x = k * v
        if i == turn:
            x += p["tempo"] + p["points"] * points
        z[i] = x
    top = max(z.values())
    e = {i: math.exp(x - top) for i, x in z.items()}
    total = sum(e.values())
    even = p["even"] / len(z)
    return {s: (even + (1 - p["even"]) * e[i] / total) if i in e else 0.0
            for i, s in enumerate(seats)}


def win_chances(state) -> dict:
    if state.is_over:
        won = state.winners()
        return {p: (1.0 / len(won) if p in won else 0.0) for p in state.players}
    return chances_from(fit_features(state), FIT_PARAMS)
