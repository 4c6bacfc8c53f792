"""The first outside-kind Triple 3 opponent, kept as the arena seat ``old`` (not a level).

Superseded as ``rival`` by the box-race expectimax in ``tools/rivals/triple3.py``, which
seats this one under the name ``old``.

``old``: one-go expectimax with a hand-made linear evaluation, built independently of
``games.triple3.ai`` so that the arena can measure our levels against a different mind:

- every legal move is tried (full width);
- after it, the opponent's go: each dice total 2-12 with its chance (the 36 throws); for a
  total the opponent plays its best reply by the evaluation, trying every legal move (one
  full ply); a 2 removes the peg whose loss hurts most; a throw with no move is thrown again
  up to three times, then the go is forfeited (the position is evaluated as it stands);
- the evaluation: each open box gets a chance of going to red, a logistic of the two
  seats' box scores (in-box threats: holes that would win the box, weighted by the chance
  that a throw reaches them, more for two or more; open in-box lines with one peg; pegs);
  the box lines add each line's chance of going to red less its chance of going to blue;
  boxes won, and the five-box count, add a little; and each seat loses, at the chance of a
  2, what its most valuable peg is worth (the box chance it carries, times how much that
  box matters to the box lines through it).

Deterministic: ties are broken by a shuffle with the ``rng`` given.  Reached from the arena
as ``python -m tools.arena triple3 --seat 3 --seat old``.
"""

from __future__ import annotations

import math
import random

from games.triple3.rules import ALLOWED, LINE_MASKS, LINES, TOTAL_PROBABILITY, State


PT = TOTAL_PROBABILITY
A9 = {t: tuple((ALLOWED[t] >> (9 * i)) & 0x1FF for i in range(9)) for t in range(2, 13)}
REACH = tuple(tuple(sum(PT[t] for t in range(3, 13) if A9[t][i] >> h & 1) for h in range(9))
              for i in range(9))
POP = tuple(bin(m).count("1") for m in range(512))
WON9 = tuple(POP[m] >= 5 or any(m & lm == lm for lm in LINE_MASKS) for m in range(512))
BITS9 = tuple(tuple(h for h in range(9) if m >> h & 1) for m in range(512))
BOX_LINES = tuple(tuple(k for k, line in enumerate(LINES) if i in line) for i in range(9))

W = {"threat": 3.0, "multi": 0.5, "open1": 0.25, "peg": 0.2, "scale": 1.0,
     "won": 0.1, "five": 0.5, "vuln": 1.0, "win": 100.0}

_BOX: dict = {}


def _box_score(i, own, opp):
    """One seat's worth in open box i from its pegs (own) and the other's (opp)."""
    key = (i << 18) | (own << 9) | opp
    v = _BOX.get(key)
    if v is None:
        vac = 0x1FF & ~(own | opp)
        miss, n = 1.0, 0
        for h in BITS9[vac]:
            if WON9[own | (1 << h)]:
                miss *= 1.0 - REACH[i][h]
                n += 1
        open1 = sum(1 for lm in LINE_MASKS if not lm & opp and POP[lm & own] == 1)
        v = (W["threat"] * (1.0 - miss) + (W["multi"] if n >= 2 else 0.0)
             + W["open1"] * open1 + W["peg"] * POP[own])
        if len(_BOX) > 200_000:
            _BOX.clear()
        _BOX[key] = v
    return v


def _q(i, r, b):
    """The rival's chance that red takes open box i: a logistic of the score difference."""
    key = (i << 18) | (r << 9) | b
    v = _QV.get(key)
    if v is None:
        x = W["scale"] * (_box_score(i, r, b) - _box_score(i, b, r))
        v = 1.0 / (1.0 + math.exp(-x))
        if len(_QV) > 200_000:
            _QV.clear()
        _QV[key] = v
    return v


_QV: dict = {}


def evaluate(R, B):
    """Red's evaluation minus blue's (R, B: nine 9-bit box masks each)."""
    q = [1.0 if R[i] == 0x1FF else 0.0 if B[i] == 0x1FF else None for i in range(9)]
    nr = q.count(1.0)
    nb = q.count(0.0)
    for a, b, c in LINES:
        if q[a] == q[b] == q[c] is not None:
            return W["win"] if q[a] else -W["win"]
    if nr >= 5:
        return W["win"]
    if nb >= 5:
        return -W["win"]
    for i in range(9):
        if q[i] is None:
            q[i] = _q(i, R[i], B[i])
    # box lines: each line's chance of going to red less its chance of going to blue, and
    # how much each open box matters to the lines through it (for the pegs a 2 could take)
    v = 0.0
    lever = [0.0] * 9
    for a, b, c in LINES:
        qa, qb, qc = q[a], q[b], q[c]
        v += qa * qb * qc - (1.0 - qa) * (1.0 - qb) * (1.0 - qc)
        lever[a] += qb * qc + (1.0 - qb) * (1.0 - qc)
        lever[b] += qa * qc + (1.0 - qa) * (1.0 - qc)
        lever[c] += qa * qb + (1.0 - qa) * (1.0 - qb)
    # five boxes: the expected number of boxes above 4.5, squashed
    er = sum(q)
    v += W["five"] * (math.tanh(er - 4.5) if nr >= 3 or nb >= 3 else 0.0)
    v += W["won"] * (nr - nb)
    # the pegs a 2 could remove: each seat's most valuable peg, at the chance of a 2
    vr = vb = 0.0
    for i in range(9):
        r, b = R[i], B[i]
        if r == 0x1FF or b == 0x1FF:
            continue
        qi = q[i]
        for h in BITS9[r]:
            d = (qi - _q(i, r & ~(1 << h), b)) * lever[i]
            if d > vr:
                vr = d
        for h in BITS9[b]:
            d = (_q(i, r, b & ~(1 << h)) - qi) * lever[i]
            if d > vb:
                vb = d
    return v + W["vuln"] * PT[2] * (vb - vr)


def _split(state):
    red, blue = state.pegs
    return (tuple((red >> (9 * i)) & 0x1FF for i in range(9)),
            tuple((blue >> (9 * i)) & 0x1FF for i in range(9)))


def _apply(R, B, seat, i, h, remove):
    r, b = R[i], B[i]
    bit = 1 << h
    if remove:
        if seat == 0:
            b &= ~bit
        else:
            r &= ~bit
    elif seat == 0:
        r |= bit
        if WON9[r]:
            r, b = 0x1FF, 0
    else:
        b |= bit
        if WON9[b]:
            r, b = 0, 0x1FF
    return R[:i] + (r,) + R[i + 1:], B[:i] + (b,) + B[i + 1:]


def _best_reply(R, B, seat, total):
    """Red's evaluation after ``seat``'s best move for ``total`` (None: no move)."""
    sign = 1.0 if seat == 0 else -1.0
    best = None
    if total == 2:
        opp = B if seat == 0 else R
        for i in range(9):
            if R[i] == 0x1FF or B[i] == 0x1FF:
                continue
            for h in BITS9[opp[i]]:
                v = evaluate(*_apply(R, B, seat, i, h, True)) * sign
                if best is None or v > best:
                    best = v
    else:
        a = A9[total]
        for i in range(9):
            holes = a[i] & ~(R[i] | B[i])
            for h in BITS9[holes]:
                v = evaluate(*_apply(R, B, seat, i, h, False)) * sign
                if best is None or v > best:
                    best = v
    return None if best is None else best * sign


def _go(R, B, seat):
    """Red's expected evaluation over ``seat``'s go (three throws at most)."""
    vals = {t: _best_reply(R, B, seat, t) for t in range(2, 13)}
    e = evaluate(R, B)
    for _ in range(3):
        e = sum(PT[t] * (e if vals[t] is None else vals[t]) for t in range(2, 13))
    return e


def choose_move(state: State, level="old", rng=None, history=(), **_):
    moves = state.legal_moves()
    if not moves:
        raise ValueError("no move to choose")
    rng = rng if rng is not None else random.Random(0)
    moves = list(moves)
    rng.shuffle(moves)
    seat = state.turn_index
    sign = 1.0 if seat == 0 else -1.0
    R, B = _split(state)
    best = None
    for m in moves:
        kind, box, hole = m
        remove = kind == "remove"
        R2, B2 = _apply(R, B, seat, box - 3, hole - 3, remove)
        v0 = evaluate(R2, B2) * sign
        if v0 >= W["win"]:
            return m
        v = _go(R2, B2, seat if remove else 1 - seat) * sign
        if best is None or v > best[0]:
            best = (v, m)
    return best[1]
