"""Triple 3 computer players.

The evaluation works on two levels, as the game does.

Box level: every open box gets ``p``, an estimate of the chance that red wins it, from a
logistic of the difference between the two seats' strengths there.  A seat's strength in a
box adds
- its threat: the chance that one throw lets it win the box (the holes that complete a line
  or make five pegs, each weighted by the chance of a throw reaching that hole -- a hole
  marked 7 in box 7 is reached by 7 and 12, one marked 3 in box 4 by 3, 4 and 12);
- its open lines with one peg (and two vacant holes);
- its pegs (towards five).
Won boxes have p = 1 (red) or 0 (blue).  The values are cached per (box, red, blue) pegs.

Board level: from the nine p, as if the boxes were independent, the chance of each seat
getting a line of three boxes (1 - product over the 8 lines of (1 - product of its three
p)) and of five boxes (a Poisson-binomial count); a seat's game chance combines the two,
and the value is red's chance minus blue's (+-WIN once the game is won).

Levels
------
1  greedy and selfish: the game win, else a box win, else the move that best builds the
   mover's own boxes and box lines, judged with the box values of its own pegs only (its
   own weights, SELF_PARAMS); it does not look at the opponent's threats.
2  greedy on the full evaluation (both seats' boxes and box lines), with weights that
   leave out the open lines with one peg (MID_PARAMS): it sees threats and takes the
   opponent's most dangerous peg on a 2, but builds less well (and may build its own
   threat where level 3 would block).
3  the strongest: expectimax through the dice, two goes deep at the best few moves
   (``choose_deep``).  Every move is scored by the static value; the best ROOT_KEEP are
   followed by the next go in full (``go1``: all totals with their chances; for each total
   the thrower's best reply -- its best hole in each box, then the best box by the board
   value; a throw with no move is thrown again up to three times, then forfeited; a 2
   removes the best peg and is followed by one more such go); the best ROOT_DEEP of those
   are searched a go further (``go2``: for every total of the opponent's go, its
   REPLY_WIDTH best replies by the static value, each followed by our next go in full).
   The budget is in work units (moves kept, moves searched deep, replies per total), so
   a position, level and rng seed give the same move on any machine.  The board value is
   red's game chance minus blue's from the box chances (``box_q``; a won game is worth
   WIN_Q = 10), computed box by box from summaries of the other eight (``prep`` and
   ``value_with``) so that a go costs a few hundred cheap updates.

Weights: level 3's BOX_W and BOARD_W are fitted to self-play results by
tools/tune/triple3.py (``--games 3000 --seed 0``, run from the hand-set weights PARAMS
still used by levels 1 and 2, with a won game worth 10): the value is red's expected
result, 2 * P(red wins) - 1, so a won game is worth WIN_Q = 1.  The fit weighs who throws
next (the thrower's own threats count more) and five boxes more than the hand-set weights
did.  In the arena against the outside opponent (``--seat 3 --seat rival``, 200 games
from each of seeds 1, 1001 and 2001) the fitted level 3 won 385 of 600 (64.2%), the
hand-set one 235 of 400 (58.8%, seeds 1 and 1001).

``rng`` breaks ties (the candidates are shuffled before a stable sort), so the same rng
seed gives the same move.  ``history`` is accepted for the common protocol; not needed.
"""

from __future__ import annotations

import math
import random

from games.triple3.rules import ALLOWED, LINE_MASKS, LINES, TOTAL_PROBABILITY, State

LEVELS = (1, 2, 3)
DEFAULT_LEVEL = 3
LEVEL_NAMES = {1: "1 (easy)", 2: "2", 3: "3 (strongest)"}


def level_name(level: int) -> str:
    """A level as the menu and the Scores screen name it."""
    return LEVEL_NAMES.get(level, str(level))


WIN = 10.0

PARAMS = {
    "threat": 2.5,      # weight of a seat's chance to win the box with one throw
    "line1": 0.12,      # per open line holding one peg of the seat
    "peg": 0.12,        # per peg
    "double": 0.0,      # extra for two or more threat holes
    "five": 0.2,        # weight of the five-box chance against the line chance
}

# level 1's own fixed weights (the first guess, which is weaker)
SELF_PARAMS = {"threat": 3.0, "line1": 0.35, "peg": 0.15, "double": 1.0, "five": 1.0}
# level 2's weights: PARAMS less the open lines with one peg (it builds less well)
MID_PARAMS = dict(PARAMS, line1=0.0)

TOTALS = tuple(range(3, 13))
PT = TOTAL_PROBABILITY

# 9-bit mask of the holes of box i that total t may take (vacant or not).
A9 = {t: tuple((ALLOWED[t] >> (9 * i)) & 0x1FF for i in range(9)) for t in range(2, 13)}

# chance that one throw reaches hole h of box i
REACH = tuple(tuple(sum(PT[t] for t in range(3, 13) if A9[t][i] >> h & 1) for h in range(9))
              for i in range(9))

POP = tuple(bin(m).count("1") for m in range(512))
WON9 = tuple(POP[m] >= 5 or any(m & lm == lm for lm in LINE_MASKS) for m in range(512))
BITS9 = tuple(tuple(h for h in range(9) if m >> h & 1) for m in range(512))


# --------------------------------------------------------------------------- box values

def _strength(i: int, own: int, opp: int, P=None) -> float:
    """One seat's strength in an open box (pegs as 9-bit masks)."""
    vac = 0x1FF & ~(own | opp)
    miss = 1.0
    threats = 0
    for h in BITS9[vac]:
        if WON9[own | (1 << h)]:
            miss *= 1.0 - REACH[i][h]
            threats += 1
    lines1 = 0
    for lm in LINE_MASKS:
        if not lm & opp and POP[lm & own] == 1:
            lines1 += 1
    P = P or PARAMS
    s = P["threat"] * (1.0 - miss) + P["line1"] * lines1 + P["peg"] * POP[own]
    if threats >= 2:
        s += P["double"]
    return s


# The box values and best holes are memos of pure functions: each is emptied when it holds
# CACHE_LIMIT entries (every position could fill them to some 177,000 and more), which
# changes no choice, only the time of the next few. One decision at the top level touches
# at most a few thousand of each; 5,000 thinks as fast as 50,000 (80 positions, 4.4 s
# either way) and fills in the first games, so a long session's memory levels off early.
CACHE_LIMIT = 5_000
_BOX: dict = {}


def _remember(memo: dict, key, value):
    """Keep ``value`` in a bounded memo (emptied past CACHE_LIMIT entries) and return it."""
    if len(memo) > CACHE_LIMIT:         # a long session's memory stays bounded
        memo.clear()
    memo[key] = value
    return value


def _box_value(memo: dict, i: int, r: int, b: int, params=None) -> float:
    """Red's chance in box i from both sides' strength under ``params`` (memoised)."""
    key = (i << 18) | (r << 9) | b
    v = memo.get(key)
    if v is None:
        if r == 0x1FF:
            v = 1.0
        elif b == 0x1FF:
            v = 0.0
        else:
            x = _strength(i, r, b, params) - _strength(i, b, r, params)
            v = 1.0 / (1.0 + math.exp(-x))
        v = _remember(memo, key, v)
    return v


def box_p(i: int, r: int, b: int) -> float:
    """Estimated chance that red wins box i (0-8) with red pegs r and blue pegs b."""
    return _box_value(_BOX, i, r, b)


_SELF: dict = {}


def box_self(i: int, own: int, opp: int) -> float:
    """Level 1's selfish box value: own strength only, mapped to 0-1 (an empty box 0.27)."""
    key = (i << 18) | (own << 9) | opp
    v = _SELF.get(key)
    if v is None:
        if own == 0x1FF:
            v = 1.0
        elif opp == 0x1FF:
            v = 0.0
        else:
            v = 1.0 / (1.0 + math.exp(1.0 - _strength(i, own, opp, SELF_PARAMS)))
        v = _remember(_SELF, key, v)
    return v


# --------------------------------------------------------------------------- board value

def _seat_chance(p, five_weight=None) -> float:
    """Chance of a line of three boxes or five boxes, boxes taken as independent."""
    miss = 1.0
    for a, b, c in LINES:
        miss *= 1.0 - p[a] * p[b] * p[c]
    line = 1.0 - miss
    # Poisson-binomial: chance of at least five
    d = [1.0, 0.0, 0.0, 0.0, 0.0, 0.0]   # d[k] = P(k boxes), d[5] = P(>= 5)
    for x in p:
        y = 1.0 - x
        d[5] = d[5] + d[4] * x
        d[4] = d[4] * y + d[3] * x
        d[3] = d[3] * y + d[2] * x
        d[2] = d[2] * y + d[1] * x
        d[1] = d[1] * y + d[0] * x
        d[0] = d[0] * y
    five = d[5] * (PARAMS["five"] if five_weight is None else five_weight)
    return 1.0 - (1.0 - line) * (1.0 - five)


def _won(p) -> int:
    """+1 if red has won the game on these box values, -1 for blue, 0 otherwise."""
    for a, b, c in LINES:
        if p[a] == 1.0 and p[b] == 1.0 and p[c] == 1.0:
            return 1
        if p[a] == 0.0 and p[b] == 0.0 and p[c] == 0.0:
            return -1
    if sum(1 for x in p if x == 1.0) >= 5:
        return 1
    if sum(1 for x in p if x == 0.0) >= 5:
        return -1
    return 0


def split(state: State):
    """(red, blue) as tuples of nine 9-bit box masks."""
    red, blue = state.pegs
    return (tuple((red >> (9 * i)) & 0x1FF for i in range(9)),
            tuple((blue >> (9 * i)) & 0x1FF for i in range(9)))


def _after(R, B, seat, i, h, remove=False):
    """Box masks of box i after a placement (or removal) by seat at hole h."""
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
    return r, b


# --------------------------------------------------------------------------- search

def _children(state: State):
    """(move, R, B, next seat, over) for every legal move."""
    R, B = split(state)
    seat = state.turn_index
    out = []
    for m in state.legal_moves():
        kind, box, hole = m
        i, h = box - 3, hole - 3
        nr, nb = _after(R, B, seat, i, h, remove=(kind == "remove"))
        R2 = R[:i] + (nr,) + R[i + 1:]
        B2 = B[:i] + (nb,) + B[i + 1:]
        nxt = seat if kind == "remove" else 1 - seat
        out.append((m, R2, B2, nxt))
    return out


_MID: dict = {}


def box_mid(i: int, r: int, b: int) -> float:
    """Level 2's box value: as ``box_p``, with level 2's weights (MID_PARAMS)."""
    return _box_value(_MID, i, r, b, MID_PARAMS)


def _mid_value(R, B):
    """Level 2's value: red's game chance less blue's from ``box_mid``."""
    p = [box_mid(i, R[i], B[i]) for i in range(9)]
    w = _won(p)
    if w:
        return w * WIN
    return (_seat_chance(p, MID_PARAMS["five"])
            - _seat_chance([1.0 - x for x in p], MID_PARAMS["five"]))


def _selfish(R, B, seat):
    own, opp = (R, B) if seat == 0 else (B, R)
    p = [box_self(i, own[i], opp[i]) for i in range(9)]
    w = _won([box_p(i, R[i], B[i]) for i in range(9)])
    if w:
        return WIN * (w if seat == 0 else -w)
    won = sum(1 for x in own if x == 0x1FF)
    return _seat_chance(p) + won          # a box won comes first


def choose_move(state: State, level: int = DEFAULT_LEVEL, rng=None, history=(), **_):
    """The computer's move for the seat to move in ``state``."""
    moves = state.legal_moves()
    if not moves:
        raise ValueError("no move to choose: the game is over or the dice are to be thrown")
    if level not in LEVELS:
        raise ValueError(f"no level {level} (levels are {LEVELS})")
    rng = rng if rng is not None else random.Random(0)
    if level == 3:
        return choose_deep(state, rng)
    seat = state.turn_index
    sign = 1.0 if seat == 0 else -1.0
    kids = _children(state)
    rng.shuffle(kids)
    if level == 1:
        scored = [(_selfish(R, B, seat), k) for k, (m, R, B, n) in enumerate(kids)]
    else:
        scored = [(_mid_value(R, B) * sign, k) for k, (m, R, B, n) in enumerate(kids)]
    scored.sort(key=lambda x: -x[0])
    return kids[scored[0][1]][0]


# --------------------------------------------------------------------------- level 3
#
# The learned evaluation: box chances and the game chance are logistic models fitted to
# self-play outcomes (tools/tune/triple3.py), and they know who throws next.

# box model: threat, double, line1, peg (red's minus blue's), thrower sign, thrower's threat
BOX_W = (2.695, -0.067, 0.117, 0.189, -0.054, 0.632)
# board model: the squashing scale of red's game chance minus blue's (0: none, the
# difference as it is), the weight of five boxes in a seat's game chance, thrower sign
BOARD_W = (3.163, 0.828, 0.091)
# the value of a game won: the value is red's expected result (fitted as 2 * P(red wins)
# - 1), so a win is worth 1
WIN_Q = 1.0


def box_features(i: int, own: int, opp: int) -> list:
    """One seat's features in open box i: [threat chance, two or more threat holes, open
    lines with one peg, pegs]."""
    vac = 0x1FF & ~(own | opp)
    miss = 1.0
    threats = 0
    for h in BITS9[vac]:
        if WON9[own | (1 << h)]:
            miss *= 1.0 - REACH[i][h]
            threats += 1
    lines1 = 0
    for lm in LINE_MASKS:
        if not lm & opp and POP[lm & own] == 1:
            lines1 += 1
    return [1.0 - miss, 1.0 if threats >= 2 else 0.0, float(lines1), float(POP[own])]


_FEAT: dict = {}


def _feat(i, own, opp):
    key = (i << 18) | (own << 9) | opp
    f = _FEAT.get(key)
    if f is None:
        f = _remember(_FEAT, key, box_features(i, own, opp))
    return f


_Q: dict = {}


def set_box_weights(w) -> None:
    """Use other box-model weights (for tuning); empties the memo."""
    global BOX_W
    BOX_W = tuple(w)
    _Q.clear()


def box_q(i: int, r: int, b: int, turn: int) -> float:
    """Chance that red wins box i with red pegs r and blue pegs b, ``turn`` (0 red, 1 blue)
    to throw next: the fitted box model."""
    key = (i << 19) | (r << 10) | (b << 1) | turn
    v = _Q.get(key)
    if v is None:
        if r == 0x1FF:
            v = 1.0
        elif b == 0x1FF:
            v = 0.0
        else:
            fr, fb = _feat(i, r, b), _feat(i, b, r)
            w = BOX_W
            s = 1.0 if turn == 0 else -1.0
            x = (w[0] * (fr[0] - fb[0]) + w[1] * (fr[1] - fb[1]) + w[2] * (fr[2] - fb[2])
                 + w[3] * (fr[3] - fb[3]) + w[4] * s
                 + w[5] * (fr[0] if turn == 0 else -fb[0]))
            v = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))
        v = _remember(_Q, key, v)
    return v


def _chances(p):
    """(line chance, chance of five or more) for boxes won with chances p, independent."""
    miss = 1.0
    for a, b, c in LINES:
        miss *= 1.0 - p[a] * p[b] * p[c]
    d0, d1, d2, d3, d4, d5 = 1.0, 0.0, 0.0, 0.0, 0.0, 0.0
    for x in p:
        y = 1.0 - x
        d5 = d5 + d4 * x
        d4 = d4 * y + d3 * x
        d3 = d3 * y + d2 * x
        d2 = d2 * y + d1 * x
        d1 = d1 * y + d0 * x
        d0 = d0 * y
    return 1.0 - miss, d5


def board_features(R, B, red_to_throw) -> list:
    turn = 0 if red_to_throw else 1
    p = [box_q(i, R[i], B[i], turn) for i in range(9)]
    return _board_x(p, turn)


def _board_x(p, turn):
    lr, fr = _chances(p)
    lb, fb = _chances([1.0 - x for x in p])
    f = BOARD_W[1]
    return [(1.0 - (1.0 - lr) * (1.0 - f * fr)) - (1.0 - (1.0 - lb) * (1.0 - f * fb)),
            1.0 if turn == 0 else -1.0]


def _squash(z):
    if BOARD_W[0] <= 0.0:
        return z                        # linear: red's game chance minus blue's
    z *= BOARD_W[0]
    return 2.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z)))) - 1.0


def value_q(p, turn) -> float:
    """Red's expected result (+1 win, -1 loss) from the box chances p, ``turn`` to throw."""
    w = _won(p)
    if w:
        return w * WIN_Q
    x = _board_x(p, turn)
    return _squash(x[0] + BOARD_W[2] * x[1])


def static_q(R, B, turn) -> float:
    return value_q([box_q(i, R[i], B[i], turn) for i in range(9)], turn)


BOX_LINES = tuple(tuple(line for line in LINES if i in line) for i in range(9))


LINES_WITHOUT = tuple(tuple(k for k, line in enumerate(LINES) if i not in line)
                      for i in range(9))
OTHER_TWO = tuple(tuple(tuple(x for x in line if x != i) for line in BOX_LINES[i])
                  for i in range(9))


def _count_step(d, x):
    """A count distribution (P(0), ..., P(4), P(5 or more)) with one more box, chance x."""
    d0, d1, d2, d3, d4, d5 = d
    y = 1.0 - x
    return (d0 * y, d1 * y + d0 * x, d2 * y + d1 * x, d3 * y + d2 * x, d4 * y + d3 * x,
            d5 + d4 * x)


def _prep_seat(p):
    """For each box i, what the board needs of the other eight boxes for one seat whose
    box chances are p: (product of (1 - line chance) over the lines without i, the products
    of the other two chances of the lines through i, P(exactly 4 others), P(5 or more
    others), does taking box i win the game at once)."""
    lv = [1.0 - p[a] * p[b] * p[c] for a, b, c in LINES]
    pre = [(1.0, 0.0, 0.0, 0.0, 0.0, 0.0)]
    for x in p:
        pre.append(_count_step(pre[-1], x))
    suf = [(1.0, 0.0, 0.0, 0.0, 0.0, 0.0)]
    for x in reversed(p):
        suf.append(_count_step(suf[-1], x))
    suf.reverse()                       # suf[j]: the boxes j..8
    ones = sum(1 for x in p if x == 1.0)
    out = []
    for i in range(9):
        miss = 1.0
        for k in LINES_WITHOUT[i]:
            miss *= lv[k]
        others = []
        wins = ones - (p[i] == 1.0) >= 4
        for a, b in OTHER_TWO[i]:
            pa, pb = p[a], p[b]
            others.append(pa * pb)
            if pa == 1.0 and pb == 1.0:
                wins = True
        A, B = pre[i], suf[i + 1]
        d4 = A[0] * B[4] + A[1] * B[3] + A[2] * B[2] + A[3] * B[1] + A[4] * B[0]
        g5, g4, g3, g2, g1 = (B[5], B[5] + B[4], B[5] + B[4] + B[3],
                              B[5] + B[4] + B[3] + B[2], B[5] + B[4] + B[3] + B[2] + B[1])
        d5 = A[0] * g5 + A[1] * g4 + A[2] * g3 + A[3] * g2 + A[4] * g1 + A[5]
        out.append((miss, tuple(others), d4, d5, wins))
    return out


def prep(p):
    """Box-by-box summaries of a position's box chances p, for ``value_with``."""
    return _prep_seat(p), _prep_seat([1.0 - x for x in p])


def value_with(pr, i, x, turn) -> float:
    """``value_q`` of the box chances that ``pr = prep(p)`` summarises, with p[i] = x."""
    red, blue = pr
    mr, lr, r4, r5, wr = red[i]
    mb, lb, b4, b5, wb = blue[i]
    y = 1.0 - x
    if x == 1.0 and wr:
        return WIN_Q
    if y == 1.0 and wb:
        return -WIN_Q
    for o in lr:
        mr *= 1.0 - x * o
    for o in lb:
        mb *= 1.0 - y * o
    f = BOARD_W[1]
    cr = 1.0 - mr * (1.0 - f * (r5 + x * r4))
    cb = 1.0 - mb * (1.0 - f * (b5 + y * b4))
    return _squash(cr - cb + (BOARD_W[2] if turn == 0 else -BOARD_W[2]))


_BESTQ: dict = {}


def _best_in_box_q(i, r, b, holes, seat, remove, turn):
    """(red's box chance, hole) of the thrower's best hole in box i among ``holes``, with
    ``turn`` to throw after it."""
    key = (i, r, b, holes, seat, remove, turn)
    got = _BESTQ.get(key)
    if got is not None:
        return got
    best = None
    for h in BITS9[holes]:
        nr, nb = _after((r,) * 9, (b,) * 9, seat, i, h, remove)
        v = box_q(i, nr, nb, turn)
        if seat == 1:
            v = -v
        if best is None or v > best[0]:
            best = (v, h)
    return _remember(_BESTQ, key, (best[0] if seat == 0 else -best[0], best[1]))


def go1(R, B, seat, extra=True) -> float:
    """Red's expected result over a go of ``seat``: every total with its chance; for each,
    the thrower's best reply (its best hole in each box, then the best box); a 2 removes the
    best peg and (with ``extra``) is followed by one more such go; no move: thrown again,
    three throws, then the go is forfeited."""
    other = 1 - seat
    sign = 1.0 if seat == 0 else -1.0
    p = [box_q(i, R[i], B[i], other) for i in range(9)]
    pr = prep(p)
    vals = {}
    for t in TOTALS:
        a = A9[t]
        best = None
        for i in range(9):
            r, b = R[i], B[i]
            holes = a[i] & ~(r | b)
            if not holes:
                continue
            bp, _h = _best_in_box_q(i, r, b, holes, seat, False, other)
            v = value_with(pr, i, bp, other) * sign
            if best is None or v > best:
                best = v
        vals[t] = None if best is None else best * sign
    vals[2] = _removal_q(R, B, seat, extra)
    e = value_q(p, other)
    for _n in range(3):
        acc = 0.0
        for t in range(2, 13):
            v = vals[t]
            acc += PT[t] * (e if v is None else v)
        e = acc
    return e


def _removal_q(R, B, seat, extra):
    opp = B if seat == 0 else R
    sign = 1.0 if seat == 0 else -1.0
    p = [box_q(i, R[i], B[i], seat) for i in range(9)]
    pr = None
    best = None
    for i in range(9):
        r, b = R[i], B[i]
        if r == 0x1FF or b == 0x1FF or not opp[i]:
            continue
        bp, h = _best_in_box_q(i, r, b, opp[i], seat, True, seat)
        if pr is None:
            pr = prep(p)
        v = value_with(pr, i, bp, seat) * sign
        if best is None or v > best[0]:
            best = (v, i, h)
    if best is None:
        return None
    if not extra:
        return best[0] * sign
    _v, i, h = best
    R2, B2 = _replace(R, B, i, *_after(R, B, seat, i, h, remove=True))
    return go1(R2, B2, seat, extra=False)


def _replace(R, B, i, nr, nb):
    return R[:i] + (nr,) + R[i + 1:], B[:i] + (nb,) + B[i + 1:]


def _moves_of(R, B, seat, total):
    """(R2, B2, next seat, box changed) after every move of ``seat`` for ``total``."""
    out = []
    if total == 2:
        opp = B if seat == 0 else R
        for i in range(9):
            if R[i] == 0x1FF or B[i] == 0x1FF:
                continue
            for h in BITS9[opp[i]]:
                out.append(_replace(R, B, i, *_after(R, B, seat, i, h, True)) + (seat, i))
    else:
        a = A9[total]
        for i in range(9):
            for h in BITS9[a[i] & ~(R[i] | B[i])]:
                out.append(_replace(R, B, i, *_after(R, B, seat, i, h, False))
                           + (1 - seat, i))
    return out


def go2(R, B, seat, width) -> float:
    """Red's expected result over a go of ``seat`` searched two goes deep: for every total,
    the thrower's ``width`` best moves by the static value, each followed by the next go
    (``go1``); the thrower takes the best of them."""
    sign = 1.0 if seat == 0 else -1.0
    preps = {}
    vals = {}
    for t in range(2, 13):
        kids = _moves_of(R, B, seat, t)
        if not kids:
            vals[t] = None
            continue
        nxt = kids[0][2]
        pr = preps.get(nxt)
        if pr is None:
            pr = preps[nxt] = prep([box_q(i, R[i], B[i], nxt) for i in range(9)])
        scored = []
        for k, (R2, B2, _n, i) in enumerate(kids):
            scored.append((value_with(pr, i, box_q(i, R2[i], B2[i], nxt), nxt) * sign, k))
        scored.sort(reverse=True)
        best = None
        for s, k in scored[:width]:
            if s >= WIN_Q:
                best = s
                break
            R2, B2, nxt, _i = kids[k]
            v = go1(R2, B2, nxt, extra=(nxt != seat)) * sign
            if best is None or v > best:
                best = v
        vals[t] = best * sign
    e = static_q(R, B, 1 - seat)
    for _n in range(3):
        acc = 0.0
        for t in range(2, 13):
            v = vals[t]
            acc += PT[t] * (e if v is None else v)
        e = acc
    return e


# level 3's budget, in work units (the same on any machine): the moves kept after the static
# value, the moves searched two goes deep, and the replies tried per total in the second go
ROOT_KEEP = 12
ROOT_DEEP = 4
REPLY_WIDTH = 3


def choose_deep(state: State, rng, keep=ROOT_KEEP, deep=ROOT_DEEP, width=REPLY_WIDTH):
    """Level 3: expectimax through the dice, two goes deep at the best few moves."""
    seat = state.turn_index
    sign = 1.0 if seat == 0 else -1.0
    kids = _children(state)
    rng.shuffle(kids)
    if len(kids) == 1:
        return kids[0][0]
    scored = []
    for k, (m, R, B, nxt) in enumerate(kids):
        s = static_q(R, B, nxt) * sign
        if s >= WIN_Q:
            return m
        scored.append((s, k))
    scored.sort(key=lambda x: -x[0])
    shallow = []
    for s, k in scored[:keep]:
        m, R, B, nxt = kids[k]
        shallow.append((go1(R, B, nxt, extra=(nxt != seat)) * sign, k))
    shallow.sort(key=lambda x: -x[0])
    if deep <= 0:
        return kids[shallow[0][1]][0]
    best = None
    for s, k in shallow[:deep]:
        m, R, B, nxt = kids[k]
        v = go2(R, B, nxt, width) * sign
        if best is None or v > best[0]:
            best = (v, m)
    return best[1]
