"""TriAxis's judge for reviews (games.core.review): level 4's own choice given more work,
and the calibrated value of where it leads.

The search (``search``) is level 4's (``ai._choose4``'s way, weights ``ai.TOP``): in a move
phase it first looks for a line that wins the game this turn (``ai.winning_line``), else plans the rest of the turn by the beam search (``ai.plan_turn``) and looks over
the next seat's spin at the best end positions (``ai.expected_reply``), on ``WORK`` (2)
times level 4's beam, positions per plan and end positions; setup markers and harvest
units are level 4's choice.  The review values a step by the end of the turn as planned,
the next seat's spin: the average over the spin's outcomes of the calibrated value of the
position each gives (``outcome_chances``), so a step along the best plan loses nothing and
a step off it loses what the plan it allows is worth less; a setup marker or harvest unit
by where level 4's placements for every seat lead, the first spin after them.

The calibrated value (``win_chances``): each seat still in is valued by ``ai.value4`` with the weights ``ai.V4`` (its population,
less its expected losses to the other seats' next spins along their cheapest capture
paths, plus its own expected captures, less its famine exposure, less half the largest
and the mean rival population), with the units a harvest still owes it counted in its
population.  (Level 4 plays ``ai.TOP``, which adds its race term and, in setup only, its
open axes; the judge leaves those out, as the fit below was made without them.)  The
winning chances are a softmax of those values over the seats still in, with a bonus for
the seat whose turn it is and for the move points it has left:

    chance(s) = even / n + (1 - even) exp(z_s) / sum exp(z)     (n seats still in)
    z_s = k value4(s) + markers log(1 + s's markers) + tempo [s's turn]
          + points (points left) [s's turn]

with k = k2 when two seats are in, k3 when more are (``even`` is how often the spinner
turns a game the values call settled).

A seat that is out has chance 0; during setup, until every seat has a marker, the chances
are even.  A finished game is exact.  ``FIT_PARAMS`` were fitted by least log loss on
arena games (``python -m tools.tune.judges fit triaxis``) and checked on others (``check``):
see FIT_NOTES.

The work is counted in positions valued (no clock), so a game gets the same review on
any machine; ``python -m tools.benchreview --judge --only triaxis`` measures how often it
marks level 4's own moves, and how often a judge given four times the work agrees.
"""

from __future__ import annotations

import math
import random

from games.triaxis import ai

# a game of chance, judged on GNU Backgammon's scale: its default analysis marks a play
# doubtful, bad or very bad at 0.04, 0.08 and 0.16 of equity (2p - 1), that is 2, 4 and
# 8 points of winning chance
THRESHOLDS = ((0.08, "blunder"), (0.04, "mistake"), (0.02, "inaccuracy"))


# fitted by ``python -m tools.tune.judges fit triaxis`` (see FIT_NOTES)
FIT_PARAMS = {"k2": 0.0361, "k3": 0.0868, "tempo": -0.082, "points": 0.0487,
              "even": 0.1895, "markers": 0.3851}
FIT_RANGE = {"k2": (0.0, 0.5), "k3": (0.0, 0.5), "tempo": (-1.0, 1.0),
             "points": (-0.5, 0.5), "even": (0.0, 0.5), "markers": (0.0, 3.0)}
FIT_NOTES = """
Fitted (``fit triaxis FILE --every 3``) on 200 arena games, seats rotated: 100 of two
seats, levels 3 and 2, from seed 30001 and 100 of three seats, levels 3, 2 and 1, from
seed 30101 (level 4, at some 25 s a game, was too slow for 400 games on the machine's two
shared cores; levels 3 and 2 plan the turn as level 4 does, on another value); 31,278
positions, log loss 0.965 at the first guess, 0.512 fitted.
Checked (``check``) on 200 other games, the same seats and levels from seeds 40001 and
40101, every position after a move and every seat (236,164 pairs), log loss 0.523:

    chance    count   mean    won
    0.0-0.1   43135  0.042  0.037
    0.1-0.2   27075  0.146  0.188
    0.2-0.3   24797  0.253  0.284
    0.3-0.4   30041  0.349  0.362
    0.4-0.5   26780  0.455  0.448
    0.5-0.6   26099  0.544  0.576
    0.6-0.7   17868  0.648  0.662
    0.7-0.8   15294  0.749  0.667
    0.8-0.9   19144  0.853  0.749
    0.9-1.0    5931  0.904  0.942

Of the positions valued 0.6-0.8 for a seat, that seat won 66.4% (33,162 pairs); the
0.7-0.9 values are some 8-10 points too sure on these games (on the fitted ones they were
within 3).  A game with a round limit (``max_rounds``) is valued as one without.

The markers term came later: a seat down to one or two markers against eight or more was
valued 21.4% and won 17.5% of those positions (3,110 of the check games' every third
position); each seat's markers (log 1 + count: presence at harvests, spread against
famines) refitted on the same records and checked on the same others, every third
position (31,457): log loss 0.5233 -> 0.5200, few-against-many valued 18.8% (won 17.5%),
0.6-0.8 won 65.5% (11,734 pairs), 0.8-0.9 valued 0.852 won 0.771 (was 0.853, 0.750).
Tried and not kept: the even share shrinking with the lead (check 0.5230) or k growing
with the round (0.5257).
"""


def fit_features(state) -> tuple:
    """What the calibration needs of a position: (seats, value of each seat or None for a
    seat out, index of the seat whose turn it is, its points left)."""
    seats = state.players
    n = len(seats)
    cells = state.cells
    present = {v >> 3 for v in cells if v}
    if state.phase == "setup" and len(present) < n:
        return seats, None, None, 0, ()
    owed = dict(state.owed) if state.phase == "harvest" else {}
    bonus = tuple((i + 1, owed[p]) for i, p in enumerate(seats) if owed.get(p))
    key = (state.island.width, state.island.terrain, n, cells, bonus)
    vals = _MEMO.get(key)
    if vals is None:
        alloc = tuple(state.allocations[p] for p in seats)
        vals = values4(state.island, cells, n, alloc, dict(bonus) or None)
        if len(_MEMO) > _MEMO_LIMIT:
            _MEMO.clear()
        _MEMO[key] = vals
    markers = [0] * n
    for v in cells:
        if v:
            markers[(v >> 3) - 1] += 1
    return (seats, vals, state.turn_index, state.points if state.phase == "move" else 0,
            tuple(markers))


# the values of the last islands asked for (a spin's six numbers leave the island as it
# is); small, so that a review does not carry much of the last one's work over
_MEMO: dict = {}
_MEMO_LIMIT = 1024


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
    seats, vals, turn, points, markers = feats
    if vals is None:
        return {s: 1.0 / len(seats) for s in seats}
    live = sum(1 for v in vals if v is not None)
    k = p["k2"] if live <= 2 else p["k3"]
    z = {}
    for i, v in enumerate(vals):
        if v is None:
            continue
        x = k * v + p["markers"] * math.log(1 + markers[i])
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


# --------------------------------------------------------------------------- the search

WORK = 2                     # level 4's plan on twice its beam, budget and look


def search(state, work: float = 1.0) -> tuple:
    """(chances, move, leaf): level 4's own choice (``ai._choose4``'s way, its weights
    ``ai.TOP``) given ``WORK * work`` times its beam, positions per plan and end
    positions looked over; the leaf is the position its best line reaches (in a move
    phase the end of the turn as planned, the next seat to spin; else the position after
    the unit), its chances the calibrated value there (``win_chances``)."""
    f = WORK * work
    rng = random.Random(0)                        # ties only: the same position, the same
    isl = state.island                            # choice
    n = len(state.players)
    alloc = tuple(state.allocations[p] for p in state.players)
    me = state.current_index + 1
    w = ai.TOP
    options = [m for m in state.legal_moves() if m not in ai.OUT]
    if state.phase in ("setup", "harvest"):
        move = ai._choose4(state, state.legal_moves(), rng)
        leaf = state.play(move)
        return win_chances(leaf), move, leaf
    win = ai.winning_line(state, int(round(ai.WIN_BUDGET * f)))
    if win:                                       # level 4's first look: a turn that wins
        leaf = state
        for m in win:
            leaf = leaf.play(m)
        return win_chances(leaf), win[0], leaf
    plans = ai.plan_turn(state, int(round(ai.TOP_BEAM * f)), rng,
                         int(round(ai.TOP_BUDGET * f)),
                         score=lambda c: ai.value4(isl, c, me, n, alloc, w=w))
    if not plans:
        move = options[0]
        leaf = state.play(move)
        return win_chances(leaf), move, leaf
    best = None
    for sc, mv, cells in plans[:max(1, int(round(ai.TOP_LOOK * f)))]:
        v = ai.expected_reply(isl, cells, me, n, alloc, w) if len(plans) > 1 else 0.0
        v += rng.random() * 1e-6
        if best is None or v > best[0]:
            best = (v, mv, cells)
    leaf = state._end_turn(list(best[2]))
    return win_chances(leaf), best[1], leaf


def row_fields(before, after, seat: str) -> dict:
    """A decision's own fields in a review: its phase, and in a move phase the move
    points before the step and left after it (0 when the step ends the turn)."""
    out = {"phase": before.phase}
    if before.phase == "move":
        out["points"] = before.points
        out["points_left"] = (after.points if after.phase == "move"
                              and after.current == before.current else 0)
    return out


def outcome_chances(state) -> dict:
    """A decision inside a spin's average over its outcomes (games.core.review): the
    calibrated value of the position the outcome gives (its seat's turn, the points it
    spun, the harvest it owes), which is what ``FIT_PARAMS`` were fitted to; a plan for
    each outcome would make a review six times as long."""
    return win_chances(state)
