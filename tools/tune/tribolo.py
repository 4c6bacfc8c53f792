"""Fit level 4's evaluation to self-play results (a developer's tool, not a level).

    python -m tools.tune.tribolo [--games N] [--seed S] [--jobs J]

Needs numpy and scipy (``pip install numpy scipy``); the game and its tests do not.

1. Self-play: N games on random boards (board 7, as a new game deals them) between three
   players that search two plies (paranoid, level 4's weights in hand), each playing a
   random legal move one time in ten so that the games differ. Every position after a
   move is kept, with each seat's features (``features``); at the end each kept position
   is labelled with the game's winners (a shared top shares the win).
2. The fit: the weights of the evaluation's terms (``TERMS``) that make
   softmax(H(blue), H(red), H(green)) the most likely chance of each seat winning (least
   log loss), H being the value ``ai._Searcher.evaluate`` gives one seat. Level 4's
   search scores a position H(me) - max(H(opp)) with these weights.

Prints the log loss before and after, how well the fitted chances match the results, and
the weights to put in games/tribolo/ai.py (PARAMS4), scaled to a tile at the end = 1 (the
search compares values only, so the scale is free). Deterministic for a seed, whatever the
number of jobs.
"""

from __future__ import annotations

import random

from tools import tuning
from games.tribolo import ai
from games.tribolo.rules import move_bits, new_game

EXPLORE = 0.1            # a random legal move this often, so that the games differ
WORK, DEPTH = 3000, 2    # the self-play players' search
# the weights fitted, in the order of ``features``' columns
TERMS = ("mat_open", "mat_end", "stable", "anchor", "edge", "danger", "mobility", "shut",
         "frontier")


def features(state) -> list:
    """Per seat (blue, red, green), the evaluation's terms as ``ai._Searcher.evaluate``
    weighs them: H(seat) = sum of weight * column."""
    info = ai._info(state)
    bb = state.tile_bits
    empty = info.free & ~(bb[0] | bb[1] | bb[2])
    fill = 1.0 - empty.bit_count() / info.n_free
    danger_sq = info.dilate(info.anchors & empty) if info.anchors & empty else 0
    near_empty = info.dilate(empty)
    out = []
    for s in range(3):
        own = bb[s]
        n = own.bit_count()
        mob = move_bits(own, bb[(s + 1) % 3], bb[(s + 2) % 3], empty, info.shifts).bit_count()
        stable = info.stable(own).bit_count() if own & info.anchors else 0
        out.append([n * (1.0 - fill), n * fill, stable, (own & info.anchors).bit_count(),
                    (own & info.edges).bit_count(), (danger_sq & own).bit_count(), mob,
                    1.0 if mob == 0 else 0.0, (own & near_empty).bit_count()])
    return out


def self_play(args) -> list:
    """One game's kept positions: (features of the three seats, win share of each)."""
    seed, params = args
    rng = random.Random(seed)
    s = new_game(seed=seed)
    rows = []
    while not s.is_over:
        moves = s.legal_moves()
        if rng.random() < EXPLORE:
            move = rng.choice(moves)
        else:
            move = ai.search_move(s, rng, WORK, DEPTH, params=params, mode="paranoid")
        s = s.play(move)
        if not s.is_over:
            rows.append(features(s))
    winners = s.winners()
    share = [1.0 / len(winners) if p in winners else 0.0 for p in s.players]
    return [(r, share) for r in rows]


def fit(rows, start):
    """(log loss at ``start``, at the fit, the fitted weights, features, shares)."""
    import numpy as np
    f = np.array([r for r, _ in rows], dtype=float)          # n x 3 x k
    t = np.array([w for _, w in rows], dtype=float)          # n x 3
    w, loss = tuning.fit_softmax([(f, None, t)], start)
    return loss(start), loss(w), w, f, t


def main(argv=None) -> int:
    args = tuning.parser("python -m tools.tune.tribolo", 400).parse_args(argv)
    params = dict(ai.PARAMS4)
    games = tuning.played(args, self_play, lambda seed: (seed, params))
    rows = [r for g in games for r in g]
    start = [params.get(k, 0.0) for k in TERMS]
    before, after, w, f, t = fit(rows, start)
    print(f"{len(games)} games, {len(rows)} positions")
    print(f"log loss: {before:.4f} with the weights in hand, {after:.4f} fitted")
    import numpy as np
    z = f @ w
    prob = np.exp(z - z.max(axis=1, keepdims=True))
    prob /= prob.sum(axis=1, keepdims=True)
    print("chance given -> share of wins")
    for lo in (0.0, 0.2, 0.4, 0.6, 0.8):
        m = (prob >= lo) & (prob < lo + 0.2)
        if m.any():
            print(f"  {lo:.1f}-{lo + 0.2:.1f}: {t[m].mean():.3f} of {int(m.sum())}")
    print("PARAMS4 = {          # scaled to a tile at the end = 1")
    for k, v in zip(TERMS, w):
        print(f'    "{k}": {v / w[TERMS.index("mat_end")]:.2f},')
    print('    "opp_mix": 1.0,')
    print("}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
