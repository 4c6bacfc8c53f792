"""What the games' tuning tools share (developers' tools, not part of the game): the
self-play command line (--games, --seed, --jobs, --save, --load), playing the games on
several processes or loading them from a file, and the softmax fit of a seat's value to
who won. numpy and scipy are imported only by ``fit_softmax``.
"""

from __future__ import annotations

import argparse
import pickle
from concurrent.futures import ProcessPoolExecutor


def parser(prog: str, games: int) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=prog)
    p.add_argument("--games", type=int, default=games)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--save", metavar="FILE", help="also keep the positions here (pickle)")
    p.add_argument("--load", metavar="FILE", help="fit positions kept by --save")
    return p


def played(args, play, task) -> list:
    """Each game's kept positions: ``play(task(seed))`` for the seeds args.seed onwards, on
    args.jobs processes (the same list whatever their number), or what --load kept; kept
    again with --save."""
    if args.load:
        with open(args.load, "rb") as fh:
            games = pickle.load(fh)
    else:
        with ProcessPoolExecutor(args.jobs) as pool:
            games = list(pool.map(play, [task(args.seed + i) for i in range(args.games)]))
    if args.save:
        with open(args.save, "wb") as fh:
            pickle.dump(games, fh)
    return games


def fit_softmax(groups, start):
    """Weights w that make softmax over the seats of (features @ w) the likeliest chance of
    each seat's share of the win (least log loss, scipy's L-BFGS-B from ``start``).
    ``groups``: (features n x seats x k, mask n x seats of the seats still in or None,
    shares n x seats), one per number of seats. Returns (fitted w, the loss of any w)."""
    import numpy as np
    from scipy.optimize import minimize
    total = sum(len(f) for f, _, _ in groups)
    k = len(start)

    def loss(w):
        value, grad = 0.0, np.zeros(k)
        for f, m, t in groups:
            z = f @ w
            if m is not None:
                z = np.where(m, z, -np.inf)
            z = z - z.max(axis=1, keepdims=True)
            e = np.exp(z)
            p = e / e.sum(axis=1, keepdims=True)
            logp = np.log(p) if m is None else np.where(m, np.log(np.where(m, p, 1.0)), 0.0)
            value -= (t * logp).sum()
            grad += np.einsum("ns,nsk->k", p - t, f)
        return value / total, grad / total

    res = minimize(loss, np.asarray(start, dtype=float), jac=True, method="L-BFGS-B")
    return res.x, lambda w: loss(np.asarray(w, dtype=float))[0]
