"""Fit level 3's evaluation to self-play results (a developer's tool, not a level).

    python -m tools.tune.triple3 [--games N] [--seed S] [--jobs J]

Needs numpy and scipy (``pip install numpy scipy``); the game and its tests do not.

1. Self-play: N games between two players that search one go deep (level 3's ``go1`` on its
   6 best moves), with the weights in hand, each playing a random legal move one time in
   twenty so that the games differ. After every move the position is kept with the seat
   to throw next; at the end each kept position is labelled with the game's winner.
2. The fit: the weights of the box model (``BOX_W``: threat, two or more threat holes, open
   lines with one peg, pegs, who throws next, the thrower's own threat) and of the board
   model (``BOARD_W``: the squashing scale, the weight of five boxes, who throws next) that
   make ``(1 + value) / 2`` the most likely chance that red wins (least log loss), from the
   weights in hand (scipy's L-BFGS-B).

Prints the log loss before and after, how well the fitted chances match the results
(positions grouped by the chance the value gives), and the weights to put in
games/triple3/ai.py. The value is then red's expected result (+1 a win, -1 a loss), so a
won game is worth WIN_Q = 1 against it. Deterministic for a seed, whatever the number of jobs.

The weights level 3 plays with were fitted this way to 3,000 games (124,000 positions), and
beat the hand-set ones in the arena against the outside opponent (see ai.py).
"""

from __future__ import annotations

import argparse
import random
from concurrent.futures import ProcessPoolExecutor

from games.triple3 import ai
from games.triple3.rules import LINES, new_game

EXPLORE = 0.05           # a random legal move this often, so that the games differ
KEEP = 6                 # the players' one-go search: this many moves followed


def self_play(seed: int) -> list:
    """One game's kept positions: (red pegs by box, blue pegs by box, seat to throw next,
    red won)."""
    rng = random.Random(seed)
    chance = random.Random(f"{seed}/chance")
    s = new_game()
    rows = []
    while not s.is_over:
        if s.is_chance:
            s = s.play(chance.choice(s.chance_outcomes())[0])
            continue
        if rng.random() < EXPLORE:
            move = rng.choice(s.legal_moves())
        else:
            move = ai.choose_deep(s, rng, keep=KEEP, deep=0)
        s = s.play(move)
        if not s.is_over:
            red, blue = ai.split(s)
            rows.append((red, blue, s.turn_index))
    won = "red" in s.winners()
    return [(r, b, t, won) for r, b, t in rows]


def _games(args) -> list:
    first, last, box, board, win = args
    ai.set_box_weights(box)
    ai.BOARD_W, ai.WIN_Q = tuple(board), win
    out = []
    for g in range(first, last):
        out += self_play(g)
    return out


def collect(games: int, seed: int, jobs: int) -> list:
    cuts = [seed + games * k // jobs for k in range(jobs + 1)]
    parts = [(cuts[k], cuts[k + 1], ai.BOX_W, ai.BOARD_W, ai.WIN_Q) for k in range(jobs)]
    if jobs == 1:
        return _games(parts[0])
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return [row for part in pool.map(_games, parts) for row in part]


def fit(rows: list, start: list):
    """(weights, log loss at ``start``, log loss fitted, calibration rows)."""
    import numpy as np
    from scipy.optimize import minimize

    n = len(rows)
    own = np.zeros((n, 9, 4))
    other = np.zeros((n, 9, 4))
    red_box = np.zeros((n, 9), bool)
    blue_box = np.zeros((n, 9), bool)
    sign = np.zeros(n)
    won = np.zeros(n)
    for k, (R, B, turn, red) in enumerate(rows):
        sign[k] = 1.0 if turn == 0 else -1.0
        won[k] = red
        for i in range(9):
            if R[i] == 0x1FF:
                red_box[k, i] = True
            elif B[i] == 0x1FF:
                blue_box[k, i] = True
            else:
                own[k, i] = ai.box_features(i, R[i], B[i])
                other[k, i] = ai.box_features(i, B[i], R[i])
    lines = np.array(LINES)

    def chance(p, five):
        line = 1 - np.prod(1 - p[:, lines[:, 0]] * p[:, lines[:, 1]] * p[:, lines[:, 2]], 1)
        d = np.zeros((p.shape[0], 6))
        d[:, 0] = 1
        for i in range(9):
            x = p[:, i]
            y = 1 - x
            d5 = d[:, 5] + d[:, 4] * x
            for j in (4, 3, 2, 1):
                d[:, j] = d[:, j] * y + d[:, j - 1] * x
            d[:, 0] *= y
            d[:, 5] = d5
        return 1 - (1 - line) * (1 - five * d[:, 5])

    def red_chance(w):
        s = sign[:, None]
        x = (sum(w[j] * (own[..., j] - other[..., j]) for j in range(4)) + w[4] * s
             + w[5] * np.where(s > 0, own[..., 0], -other[..., 0]))
        p = 1 / (1 + np.exp(-np.clip(x, -30, 30)))
        p = np.where(red_box, 1.0, np.where(blue_box, 0.0, p))
        z = chance(p, w[6]) - chance(1 - p, w[6]) + w[8] * sign
        scale = w[7]
        if scale <= 0:                     # no squashing: the value as it is
            return np.clip((1 + z) / 2, 1e-6, 1 - 1e-6)
        return np.clip(1 / (1 + np.exp(-scale * z)), 1e-9, 1 - 1e-9)

    def loss(w):
        q = red_chance(w)
        return -float(np.mean(won * np.log(q) + (1 - won) * np.log(1 - q)))

    w0 = np.array(start, float)
    if w0[7] <= 0:                         # start a squash from the best scale alone
        w0[7] = min(np.linspace(0.5, 6, 23), key=lambda k: loss(np.r_[w0[:7], k, w0[8]]))
    got = minimize(loss, w0, method="L-BFGS-B",
                   bounds=[(-10, 10)] * 6 + [(0, 1), (0.1, 20), (-0.5, 0.5)])
    q = red_chance(got.x)
    table = []
    for lo in np.linspace(0, 0.9, 10):
        m = (q >= lo) & (q < lo + 0.1)
        if m.sum():
            table.append((lo, int(m.sum()), float(won[m].mean())))
    return [round(float(v), 3) for v in got.x], loss(np.array(start, float)), got.fun, table


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.tune.triple3",
                                description="Fit Triple 3 level 3's evaluation weights to "
                                            "self-play games.")
    p.add_argument("--games", type=int, default=3000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jobs", type=int, default=2)
    args = p.parse_args(argv)
    if args.games < 1 or args.jobs < 1:
        p.error("--games and --jobs must be 1 or more")
    try:
        import numpy  # noqa: F401
        import scipy  # noqa: F401
    except ImportError:
        p.exit(2, "The fit needs numpy and scipy: pip install numpy scipy\n")
    rows = collect(args.games, args.seed, args.jobs)
    print(f"{len(rows)} positions from {args.games} games", flush=True)
    start = list(ai.BOX_W) + [ai.BOARD_W[1], ai.BOARD_W[0], ai.BOARD_W[2]]
    w, before, after, table = fit(rows, start)
    print(f"log loss {before:.4f} with the weights in hand, {after:.4f} fitted")
    for lo, n, seen in table:
        print(f"  value says red wins {lo:.1f}-{lo + 0.1:.1f}: {n:6d} positions, red won "
              f"{seen:.3f}")
    print(f"BOX_W = {tuple(w[:6])}\nBOARD_W = {(w[7], w[6], w[8])}")


if __name__ == "__main__":
    main()
