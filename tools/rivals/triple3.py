"""Outside-kind opponents for measuring the Triple 3 computer players (not levels).

``rival``: a one-go expectimax over an exact box-race table, written apart from
``games.triple3.ai`` after the method of an opponent from outside the project (issue 36)
that beat our level 3 in 112 of 200 games:

- the box race: the chance that the seat to throw wins one box in an isolated race of two
  seats, computed exactly, once per process, by backward induction over the 3^9 states of
  a box (vacant, red, blue in each hole; a box with a line of three or five pegs of one
  colour is won): a seat spends its throw on this box with chance ``ALPHA``; then each
  total 3-12 with its chance, the holes that total reaches in this box (the hole marked
  with it, every non-centre hole of its own box, any hole for a 12), and the seat's best
  hole; otherwise, and for a 2 or a total with no hole here, the throw passes.  The two
  seats' passes in one state are solved together, and by the colour swap one table per box
  (the thrower's chance) serves both seats;
- the board: the nine box chances (who throws next counted) are combined, the boxes taken
  as independent, into red's expected result ``d`` over the 512 ways the nine boxes can go
  (a line of three boxes for one seat alone wins, a line each is even, no line: five boxes
  win), so each seat's chance of three in a line or five boxes, the overlap counted once;
  ``d`` is linear in each box's chance, so a reply that changes one box costs a multiply.
  A leaf is worth ``2 / (1 + exp(-CAL * d)) - 1`` (red's expected result, +1 a win), with
  ``CAL`` fitted to self-play results (``python -m tools.tune.triple3``, which fits level
  3's own calibration the same way: a position valued 0.7 is won about 70% of the time);
- the search: every legal move; then the other seat's go, each total 2-12 with its chance,
  its best reply by the leaf value (the best hole in each box by the box chance, then the
  best box); a throw with no move is thrown again, up to three throws, then the go passes;
  a 2 removes the best peg and the same seat has one more such go.

Deterministic: ties are broken by a shuffle with the ``rng`` given.  Seated in the arena as
``python -m tools.arena triple3 --seat 3 --seat rival --games 200 --seed 1 --jobs 2``.
Against the level 3 of commit 973995f (the one the outside opponent beat 112 to 88) it
won 112 of 200 games from seed 1 and 108 of 200 from seed 1001; the level 3 that
replaced that one plays this same method and is even with it (see games/triple3/ai.py).

``old``: the first in-house rival (``tools/rivals/triple3_old.py``), a one-go expectimax on
a hand-made evaluation; much weaker, kept for comparison.
"""

from __future__ import annotations

import math
import random
from array import array
from operator import mul

from games.triple3.rules import ALLOWED, LINE_MASKS, TOTAL_PROBABILITY, State
from tools.rivals import triple3_old

RIVALS = ("rival", "old")
NAMES = RIVALS

PT = TOTAL_PROBABILITY
A9 = {t: tuple((ALLOWED[t] >> (9 * i)) & 0x1FF for i in range(9)) for t in range(2, 13)}
POP = tuple(bin(m).count("1") for m in range(512))
WON9 = tuple(POP[m] >= 5 or any(m & lm == lm for lm in LINE_MASKS) for m in range(512))
BITS9 = tuple(tuple(h for h in range(9) if m >> h & 1) for m in range(512))
TERN = tuple(sum(3 ** h for h in BITS9[m]) for m in range(512))   # a mask's base-3 digits

ALPHA = 0.2          # how often a seat spends its throw on a given box
CAL = 3.75           # the leaf's calibration: red's expected result from d
WIN = 1.0


# --------------------------------------------------------------------------- box race

def _pairs_by_pegs():
    """Every (own, opp) pair of disjoint 9-bit masks, grouped by the number of pegs."""
    groups = [[] for _ in range(10)]
    for own in range(512):
        free = 511 & ~own
        sub = free
        while True:
            groups[POP[own] + POP[sub]].append((own, sub))
            if sub == 0:
                break
            sub = (sub - 1) & free
    return groups


def race_table(i: int, alpha: float = ALPHA) -> array:
    """X[TERN[own] + 2 * TERN[opp]]: the chance that the seat to throw, with pegs ``own``
    in box i (0-8), wins the box against pegs ``opp`` in the isolated race."""
    box = i + 3
    own_box = 511 if box == 7 else 511 & ~16       # the holes a throw of ``box`` reaches
    single = tuple(PT[h + 3] if h + 3 != box else 0.0 for h in range(9))
    p12, pb = PT[12], PT[box]
    X = array("d", bytes(8 * 3 ** 9))
    for n in range(9, -1, -1):
        for own, opp in _PAIRS[n]:
            if own > opp:
                continue
            k1 = TERN[own] + 2 * TERN[opp]
            k2 = TERN[opp] + 2 * TERN[own]
            if WON9[own] or WON9[opp]:
                X[k1] = 1.0 if WON9[own] else 0.0
                X[k2] = 1.0 if WON9[opp] else 0.0
                continue
            vac = 511 & ~(own | opp)
            a1 = a2 = 0.0
            m1 = m2 = mb1 = mb2 = -1.0
            mass = p12
            t_own, t_opp = TERN[own], TERN[opp]
            for h in BITS9[vac]:
                bit = 1 << h
                o = own | bit
                w1 = 1.0 if WON9[o] else 1.0 - X[t_opp + 2 * TERN[o]]
                o = opp | bit
                w2 = 1.0 if WON9[o] else 1.0 - X[t_own + 2 * TERN[o]]
                s = single[h]
                a1 += s * w1
                a2 += s * w2
                mass += s
                if w1 > m1:
                    m1 = w1
                if w2 > m2:
                    m2 = w2
                if own_box & bit:
                    if w1 > mb1:
                        mb1 = w1
                    if w2 > mb2:
                        mb2 = w2
            a1 += p12 * m1
            a2 += p12 * m2
            if mb1 >= 0.0:
                a1 += pb * mb1
                a2 += pb * mb2
                mass += pb
            # u = A1 + c (1 - v), v = A2 + c (1 - u): the two seats' chances in this state
            A1, A2 = alpha * a1, alpha * a2
            c = 1.0 - alpha * mass
            d = 1.0 - c * c
            X[k1] = (A1 + c - c * A2 - c * c) / d
            X[k2] = (A2 + c - c * A1 - c * c) / d
    return X


_PAIRS = _pairs_by_pegs()
_TABLES: dict = {}


def tables(alpha: float = ALPHA) -> tuple:
    """The nine boxes' race tables, computed once per process (a third of a second)."""
    t = _TABLES.get(alpha)
    if t is None:
        t = _TABLES[alpha] = tuple(race_table(i, alpha) for i in range(9))
    return t


def red_chance(X, r: int, b: int, turn: int) -> float:
    """Red's chance in a box with table X, red pegs r, blue pegs b, ``turn`` to throw."""
    if turn == 0:
        return X[TERN[r] + 2 * TERN[b]]
    return 1.0 - X[TERN[b] + 2 * TERN[r]]


# --------------------------------------------------------------------------- the board

def _line(m):
    return any(m & lm == lm for lm in LINE_MASKS)


def _outcome(m):
    """Red's result when red takes the boxes of ``m`` and blue the rest: a line of three
    for one seat alone wins; both lines: even; no line: five boxes win."""
    r, b = _line(m), _line(511 & ~m)
    if r != b:
        return 1.0 if r else -1.0
    if r:
        return 0.0
    return 1.0 if POP[m] >= 5 else -1.0


OUTCOME = tuple(_outcome(m) for m in range(512))
# how red's result changes when box i goes to red rather than blue, for each assignment
SWING = tuple(tuple(OUTCOME[m | 1 << i] - OUTCOME[m & ~(1 << i)] for m in range(512))
              for i in range(9))


def summarise(p):
    """Red's box chances p (boxes independent) summarised for ``leaf_with``: red's
    expected result over the 512 ways the nine boxes can go, its slope in each box's
    chance (the result is linear in each), and which boxes win the game at once."""
    dist = [1.0]
    for x in p:
        y = 1.0 - x
        dist = [q * y for q in dist] + [q * x for q in dist]
    e = sum(map(mul, dist, OUTCOME))
    slopes = [sum(map(mul, dist, SWING[i])) for i in range(9)]
    red = sum(1 << i for i in range(9) if p[i] == 1.0)
    blue = sum(1 << i for i in range(9) if p[i] == 0.0)
    wins_red = [WON9[red | 1 << i] for i in range(9)]
    wins_blue = [WON9[blue | 1 << i] for i in range(9)]
    return p, e, slopes, wins_red, wins_blue


def leaf_with(sm, i, x) -> float:
    """Red's expected result (calibrated) with box i's chance set to x."""
    p, e, slopes, wins_red, wins_blue = sm
    if x == 1.0 and wins_red[i]:
        return WIN
    if x == 0.0 and wins_blue[i]:
        return -WIN
    d = e + (x - p[i]) * slopes[i]
    return 2.0 / (1.0 + math.exp(-CAL * d)) - 1.0


def leaf(R, B, turn) -> float:
    X = tables()
    p = [red_chance(X[i], R[i], B[i], turn) for i in range(9)]
    return leaf_with(summarise(p), 0, p[0])


# --------------------------------------------------------------------------- search

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
            r, b = 511, 0
    else:
        b |= bit
        if WON9[b]:
            r, b = 0, 511
    return R[:i] + (r,) + R[i + 1:], B[:i] + (b,) + B[i + 1:]


def _best_in_box(X, r, b, holes, seat, remove, turn):
    """Red's box chance after the seat's best hole among ``holes`` (and the hole)."""
    best = None
    for h in BITS9[holes]:
        bit = 1 << h
        if remove:
            nr, nb = (r, b & ~bit) if seat == 0 else (r & ~bit, b)
        elif seat == 0:
            nr, nb = (511, 0) if WON9[r | bit] else (r | bit, b)
        else:
            nr, nb = (0, 511) if WON9[b | bit] else (r, b | bit)
        v = red_chance(X, nr, nb, turn)
        if best is None or (v > best[0] if seat == 0 else v < best[0]):
            best = (v, h)
    return best


def go(R, B, seat, extra=True) -> float:
    """Red's expected result over ``seat``'s go (see the module docstring)."""
    X = tables()
    other = 1 - seat
    sign = 1.0 if seat == 0 else -1.0
    p = [red_chance(X[i], R[i], B[i], other) for i in range(9)]
    sm = summarise(p)
    vals = {}
    for t in range(3, 13):
        a = A9[t]
        best = None
        for i in range(9):
            r, b = R[i], B[i]
            holes = a[i] & ~(r | b)
            if holes:
                x, _h = _best_in_box(X[i], r, b, holes, seat, False, other)
                v = leaf_with(sm, i, x) * sign
                if best is None or v > best:
                    best = v
        vals[t] = None if best is None else best * sign
    vals[2] = _removal(R, B, seat, extra)
    e = leaf_with(sm, 0, p[0])
    for _ in range(3):
        e = sum(PT[t] * (e if vals[t] is None else vals[t]) for t in range(2, 13))
    return e


def _removal(R, B, seat, extra):
    X = tables()
    opp = B if seat == 0 else R
    sign = 1.0 if seat == 0 else -1.0
    sm = None
    best = None
    for i in range(9):
        r, b = R[i], B[i]
        if r == 511 or b == 511 or not opp[i]:
            continue
        if sm is None:
            sm = summarise([red_chance(X[k], R[k], B[k], seat) for k in range(9)])
        x, h = _best_in_box(X[i], r, b, opp[i], seat, True, seat)
        v = leaf_with(sm, i, x) * sign
        if best is None or v > best[0]:
            best = (v, i, h)
    if best is None:
        return None
    if not extra:
        return best[0] * sign
    _v, i, h = best
    return go(*_apply(R, B, seat, i, h, True), seat, extra=False)


def choose_move(state: State, level="rival", rng=None, history=(), **_):
    if level == "old":
        return triple3_old.choose_move(state, level, rng, history)
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
        nxt = seat if remove else 1 - seat
        if not remove and R2[box - 3] in (0, 511) and R2 != R and _game_won(R2, B2, seat):
            return m
        v = go(R2, B2, nxt, extra=not remove) * sign
        if best is None or v > best[0]:
            best = (v, m)
    return best[1]


def _game_won(R, B, seat) -> bool:
    mine = R if seat == 0 else B
    w = sum(1 << i for i in range(9) if mine[i] == 511)
    return WON9[w]
