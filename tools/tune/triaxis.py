"""Fit ``ai.evaluate_sym`` (the former level 4's evaluation; level 4 now plays ``ai.value4``)
to self-play results (a developer's tool, not a level).

    python -m tools.tune.triaxis [--games N] [--seed S] [--jobs J]

Needs numpy and scipy (``pip install numpy scipy``); the game and its tests do not.

1. Self-play: N games (two seats and three, alternately) between players of level 2 with
   level 4's weights, each playing a random legal move one time in ten so that the games
   differ; the spins are drawn as the arena draws them. Every position after a move is
   kept with each seat's terms (``features``); at the end each kept position is labelled
   with the game's winners (a shared win shares it).
2. The fit: the weights of the terms (``TERMS``, and the population's) that make
   softmax(V(seat) over the seats still in) the most likely chance of each seat winning
   (least log loss), V being a seat's value in ``ai.evaluate_sym``; printed scaled to a
   population unit = 1, as W4 holds them.

Deterministic for a seed, whatever the number of jobs.

What it found (``--games 600 --seed 5000``: 223,326 positions; 480 games fitted, 120 held
out): knowing nothing scores a log loss of 0.852 on the held-out games; W4 as it stands, at
its best scale, 0.810; the fitted weights 0.811. W4's terms already weigh a position as
well as any weighting of them predicts who wins, so level 4 keeps W4: what it lacks in
three seats is not in these weights.
"""

from __future__ import annotations

import random

from tools import tuning
from games.triaxis import ai
from games.triaxis.rules import new_game

EXPLORE = 0.1
LEVEL = 2                 # the self-play players' level (with level 4's weights)
TERMS = ("cnt", "risk", "conc", "chance", "overpop", "harvest")


def features(state) -> list:
    """Per seat (in seat order), None for a seat that is out, else [population, then the
    change each term of TERMS makes to the seat's value at weight 1] (with its sign: risk,
    concentration and over-population are subtracted), read from ``ai.evaluate_sym``
    itself so the fit weighs exactly what the search does."""
    isl, cells, n = state.island, state.cells, len(state.players)
    alloc = tuple(state.allocations[p] for p in state.players)
    zero = dict(ai.W4, opp_max=0.0, opp_mean=0.0, **{k: 0.0 for k in TERMS})
    out = []
    for me in range(1, n + 1):
        if not any(v and v >> 3 == me for v in cells):
            out.append(None)
            continue
        base = ai.evaluate_sym(isl, cells, me, n, alloc, zero)
        out.append([base] + [ai.evaluate_sym(isl, cells, me, n, alloc, dict(zero, **{k: 1.0}))
                             - base for k in TERMS])
    return out


def self_play(args) -> list:
    seed, weights = args
    rng = random.Random(seed)
    chance = random.Random(f"{seed}/chance")
    s = new_game(seed=seed, seats=2 + seed % 2)
    rows = []
    moves = 0
    while not s.is_over and moves < 2000:
        if s.is_chance:
            r, acc = chance.random(), 0.0
            for outcome, p in s.chance_outcomes():
                acc += p
                if r < acc:
                    break
            s = s.play(outcome)
            continue
        legal = [m for m in s.legal_moves() if m != "resign"]
        if rng.random() < EXPLORE and legal:
            move = rng.choice(legal)
        else:
            move = ai.choose_move(s, LEVEL, rng, weights=weights)
        s = s.play(move)
        moves += 1
        if not s.is_over and s.phase != "setup":
            f = features(s)
            if sum(x is not None for x in f) > 1:
                rows.append(f)
    if not s.is_over:
        return []
    winners = s.winners()
    share = [1.0 / len(winners) if p in winners else 0.0 for p in s.players]
    return [(r, share) for r in rows]


def fit(games):
    """(log loss knowing nothing, at the fit, the fitted weights, positions)."""
    import numpy as np
    k = len(TERMS) + 1
    data = {}                                   # by number of seats: (features, mask, target)
    for g in games:
        for row, share in g:
            f, m, t = data.setdefault(len(row), ([], [], []))
            f.append([[0.0] * k if x is None else x for x in row])
            m.append([x is not None for x in row])
            t.append(share)
    groups = [(np.array(f), np.array(m), np.array(t)) for f, m, t in data.values()]
    w, loss = tuning.fit_softmax(groups, [0.1] + [0.1 * ai.W4[t] for t in TERMS])
    return loss([0.0] * k), loss(w), w, sum(len(f) for f, _, _ in groups)


def main(argv=None) -> int:
    args = tuning.parser("python -m tools.tune.triaxis", 300).parse_args(argv)
    games = tuning.played(args, self_play, lambda seed: (seed, dict(ai.W4)))
    before, after, w, total = fit(games)
    print(f"{len(games)} games, {total} positions")
    print(f"log loss: {before:.4f} knowing nothing, {after:.4f} fitted")
    print("W4 terms (a population unit = 1):")
    for name, v in zip(("pop",) + TERMS, w):
        print(f'    "{name}": {v / w[0]:.3f},')
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
