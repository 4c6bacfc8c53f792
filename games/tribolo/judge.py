"""Tribolo's judge for reviews (games.core.review): level 4's own search given more work,
its evaluation calibrated.

The search (``search``) is level 4's: paranoid alpha-beta with iterative deepening on the
weights ``ai.PARAMS4``, on ``WORK`` units (twice level 4's ``ai.LIMITS``), and the move
is the search's best.  A decision's value is the mean of the calibrated chances over the
positions of the judge's best line from it (``LINE`` plies, two rounds of the three
seats: its best move and each seat's reply by the same search), so the best move's own
value differs from it only by the line moving on a ply: a sixth of the change over those
two rounds.

The calibration (``win_chances``, ``chances_from``): each seat's value is H(seat), the evaluation levels 3 and 4 search with (``ai.seat_values``:
material by the game phase, anchors, edges, tiles next to an empty anchor, the frontier,
mobility, being shut out; weights ``ai.PARAMS4``).  The winning chances are a softmax of
the three values at a temperature that follows how full the board is, with a bonus for the seat
to move:

    chance(s) = exp(z_s) / sum exp(z),  z_s = k H(s) + tempo [s to move],
    k from k_open (an empty board) to k_mid (half full) to k_end (full), straight
    between them (fill: the share of free squares taken)

A seat with no tile has no move for the rest of the game: its chance is 0.  A finished game
is exact (a shared top shares the win).  The constants ``FIT_PARAMS`` were fitted by least
log loss on arena games (``python -m tools.tune.judges fit tribolo``), and checked on other
games (``check``): see FIT_NOTES.

The work is counted in the search's units (no clock but ``ai.HARD_TIME``'s safety net,
scaled with the work), so a game gets the same review on any machine; ``python -m
tools.benchreview --judge --only tribolo`` measures how often it marks level 4's own
moves, and how often a judge given four times the work agrees.
"""

from __future__ import annotations

import math
import random

from games.tribolo import ai

# fitted by ``python -m tools.tune.judges fit tribolo`` (see FIT_NOTES)
FIT_PARAMS = {"k_open": 0.6214, "k_mid": 0.2146, "k_end": 0.1568, "tempo": 0.094}
FIT_RANGE = {"k_open": (0.0, 2.0), "k_mid": (0.0, 2.0), "k_end": (0.0, 2.0),
             "tempo": (-2.0, 2.0)}
FIT_NOTES = """
Fitted (``fit tribolo FILE --every 2``) on 200 arena games, seats rotated: 100 of levels
3, 2 and 1 from seed 10001 and 100 of levels 3, 3 and 2 from seed 10101 (level 4, at half
a second a move, was too slow for 400 games on the machine's two shared cores; levels 3
and 4 search the same evaluation); 12,794 positions, log loss 0.766 at the first guess,
0.494 fitted (knowing nothing, 1/3 each: 0.637).
Checked (``check``) on 200 other games, the same levels from seeds 20001 and 20101, every
position after a move and every seat (76,677 pairs), log loss 0.508:

    chance    count   mean    won
    0.0-0.1   12856  0.042  0.046
    0.1-0.2   11806  0.152  0.173
    0.2-0.3   14461  0.251  0.271
    0.3-0.4   13310  0.347  0.346
    0.4-0.5    8481  0.445  0.417
    0.5-0.6    5268  0.545  0.523
    0.6-0.7    3237  0.647  0.614
    0.7-0.8    2329  0.748  0.719
    0.8-0.9    2250  0.848  0.832
    0.9-1.0    2679  0.961  0.961

Of the positions valued 0.6-0.8 for a seat, that seat won 65.8% (5,566 pairs).
"""


def fit_features(state) -> tuple:
    """What the calibration needs of a position: (seats, H of each, fill, index of the
    seat to move, seats with tiles)."""
    h = ai.seat_values(state)
    info = ai._info(state)
    bb = state.tile_bits
    empty = info.free & ~(bb[0] | bb[1] | bb[2])
    fill = 1.0 - empty.bit_count() / info.n_free
    alive = tuple(bool(b) for b in bb)
    return state.players, tuple(h), fill, state.current_index, alive


def chances_from(feats, p) -> dict:
    """{seat: chance} from ``fit_features``' tuple and the constants ``p``."""
    seats, h, fill, cur, alive = feats
    if fill < 0.5:
        k = p["k_open"] + (p["k_mid"] - p["k_open"]) * 2 * fill
    else:
        k = p["k_mid"] + (p["k_end"] - p["k_mid"]) * (2 * fill - 1)
    z = [k * h[s] + (p["tempo"] if s == cur else 0.0) for s in range(3)]
    top = max(z[s] for s in range(3) if alive[s])
    e = [math.exp(z[s] - top) if alive[s] else 0.0 for s in range(3)]
    total = sum(e)
    return {seats[s]: e[s] / total for s in range(3)}


def win_chances(state) -> dict:
    if state.is_over:
        won = state.winners()
        return {p: (1.0 / len(won) if p in won else 0.0) for p in state.players}
    return chances_from(fit_features(state), FIT_PARAMS)


# --------------------------------------------------------------------------- the search

WORK = 2 * ai.LIMITS[4][0]   # level 4's search (paranoid, PARAMS4) on twice its work
# a decision is worth the mean of the calibrated chances over the positions of the
# judge's best line from it: its best move, then each seat's best reply by the same
# search, LINE plies in all (games.core.review).  One position's chances swing with each
# seat's move (a seat gains, the others lose, three ways), and the mean over two rounds
# of the three seats evens the swing out: on five games of level 4 against itself (seeds
# 50001-50005, 610 decisions) a judge valuing one position at a time marked 34 of level
# 4's decisions (26 of them the judge's own best move), the mean over 2, 3, 4 and 6
# positions 7, 6, 6 and 1 (that one a move the judge would not have played); valued at
# the search's principal variation's leaf, each seat seen through its own paranoid search,
# 6 of the first game's 118 (3 the judge's own best), its before 11 points under its
# after on average.  (python -m tools.benchreview --judge --only tribolo: the figures now)
LINE = 6


def search(state, work: float = 1.0) -> tuple:
    """(chances, move, leaf): level 4's own search (``ai.search_move``: paranoid alpha-beta
    with iterative deepening on the weights PARAMS4, its root shuffled by
    ``random.Random(0)``, as level 4 breaks ties) on ``WORK * work`` units (its CPU-time
    safety net scaled alike); the leaf is the position the move makes, the chances its
    calibrated value."""
    budget = int(WORK * work)
    moves = state.legal_moves()
    if len(moves) == 1:
        move = moves[0]
    else:
        move = ai.search_move(state, random.Random(0), budget, 64,
                              hard_time=ai.HARD_TIME * budget / ai.LIMITS[4][0],
                              params=ai.PARAMS4, mode="paranoid")
    leaf = state.play(move)
    return win_chances(leaf), move, leaf
