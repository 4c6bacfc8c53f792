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
2  greedy on the full evaluation: also blocks the opponent's threats (filling a threat
   hole lowers the opponent's strength) and takes the opponent's most dangerous peg on a 2.
3  expectimax through the dice: every candidate move (the best ROOT_WIDTH by the level 2
   value when there are more) is followed by the next go in full: all 11 totals with
   their chances; for each total the thrower's best reply (for each box, the hole best for
   the thrower there, then the best box by the board value); a throw with no move is
   thrown again up to three times, then forfeited; a 2 removes the best peg and is
   followed by one more such go of the same seat.

``rng`` breaks ties (the candidates are shuffled before a stable sort), so the same rng
seed gives the same move.  ``history`` is accepted for the common protocol; not needed.
"""

from __future__ import annotations

import math
import random

from games.triple3.rules import ALLOWED, LINE_MASKS, LINES, TOTAL_PROBABILITY, State

LEVELS = (1, 2, 3)
DEFAULT_LEVEL = 3
LEVEL_NAMES = {1: "1 (easy)", 2: "2", 3: "3 (hard)"}


def level_name(level: int) -> str:
    """A level as the menu and the Scores screen name it."""
    return LEVEL_NAMES.get(level, str(level))


WIN = 10.0
ROOT_WIDTH = 16

PARAMS = {
    "threat": 2.5,      # weight of a seat's chance to win the box with one throw
    "line1": 0.12,      # per open line holding one peg of the seat
    "peg": 0.12,        # per peg
    "double": 0.0,      # extra for two or more threat holes
    "five": 0.2,        # weight of the five-box chance against the line chance
}

# level 1's own fixed weights (the first guess, which is weaker)
SELF_PARAMS = {"threat": 3.0, "line1": 0.35, "peg": 0.15, "double": 1.0, "five": 1.0}

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
# changes no choice, only the time of the next few.
CACHE_LIMIT = 50_000
_BOX: dict = {}


def box_p(i: int, r: int, b: int) -> float:
    """Estimated chance that red wins box i (0-8) with red pegs r and blue pegs b."""
    key = (i << 18) | (r << 9) | b
    v = _BOX.get(key)
    if v is None:
        if r == 0x1FF:
            v = 1.0
        elif b == 0x1FF:
            v = 0.0
        else:
            x = _strength(i, r, b) - _strength(i, b, r)
            v = 1.0 / (1.0 + math.exp(-x))
        if len(_BOX) > CACHE_LIMIT:     # a long session's memory stays bounded
            _BOX.clear()
        _BOX[key] = v
    return v


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
        if len(_SELF) > CACHE_LIMIT:
            _SELF.clear()
        _SELF[key] = v
    return v


# --------------------------------------------------------------------------- board value

def _seat_chance(p) -> float:
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
    five = d[5] * PARAMS["five"]
    return 1.0 - (1.0 - line) * (1.0 - five)


def board_value(p) -> float:
    """Red's game chance minus blue's, from the nine box values."""
    return _seat_chance(p) - _seat_chance([1.0 - x for x in p])


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


def value(p) -> float:
    w = _won(p)
    if w:
        return w * WIN
    return board_value(p)


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

_BEST: dict = {}


def _best_in_box(i, r, b, holes, seat, remove):
    """(box value, hole) of the thrower's best hole in box i among ``holes``."""
    key = (i, r, b, holes, seat, remove)
    got = _BEST.get(key)
    if got is not None:
        return got
    best = None
    for h in BITS9[holes]:
        bit = 1 << h
        if remove:
            nr, nb = (r, b & ~bit) if seat == 0 else (r & ~bit, b)
        elif seat == 0:
            nr, nb = r | bit, b
            if WON9[nr]:
                nr, nb = 0x1FF, 0
        else:
            nr, nb = r, b | bit
            if WON9[nb]:
                nr, nb = 0, 0x1FF
        v = box_p(i, nr, nb)
        if seat == 1:
            v = -v
        if best is None or v > best[0]:
            best = (v, h)
    got = (best[0] if seat == 0 else -best[0], best[1])
    if len(_BEST) > CACHE_LIMIT:    # keep a long session's memory bounded
        _BEST.clear()
    _BEST[key] = got
    return got


def _reply_values(R, B, p, seat):
    """For each total 3-12: the thrower's best board value (None: no move)."""
    out = {}
    sign = 1.0 if seat == 0 else -1.0
    for t in TOTALS:
        a = A9[t]
        best = None
        for i in range(9):
            r, b = R[i], B[i]
            holes = a[i] & ~(r | b)
            if not holes:
                continue
            bp, _h = _best_in_box(i, r, b, holes, seat, False)
            old = p[i]
            p[i] = bp
            v = value(p) * sign
            p[i] = old
            if best is None or v > best:
                best = v
        out[t] = None if best is None else best * sign
    return out


def _removal_value(R, B, p, seat, extra):
    """The thrower's best value after a 2 (None if nothing to take)."""
    opp = B if seat == 0 else R
    sign = 1.0 if seat == 0 else -1.0
    best = None
    for i in range(9):
        r, b = R[i], B[i]
        if r == 0x1FF or b == 0x1FF or not opp[i]:
            continue
        bp, h = _best_in_box(i, r, b, opp[i], seat, True)
        old = p[i]
        p[i] = bp
        v = value(p) * sign
        p[i] = old
        if best is None or v > best[0]:
            best = (v, i, h)
    if best is None:
        return None
    if not extra:
        return best[0] * sign
    _v, i, h = best
    nr, nb = _after(R, B, seat, i, h, remove=True)
    R2 = R[:i] + (nr,) + R[i + 1:]
    B2 = B[:i] + (nb,) + B[i + 1:]
    return go_value(R2, B2, seat, extra=False)


def go_value(R, B, seat, extra=True, throw=1):
    """Expected board value of a go of ``seat`` from its throw ``throw``."""
    p = [box_p(i, R[i], B[i]) for i in range(9)]
    vals = _reply_values(R, B, p, seat)
    vals[2] = _removal_value(R, B, p, seat, extra)
    static = value(p)
    e_none = static                       # the go forfeited: the other seat throws
    for _n in range(throw, 4):
        # value of a throw given that a move-less throw leads to e_none
        e = 0.0
        for t in range(2, 13):
            v = vals[t]
            e += PT[t] * (e_none if v is None else v)
        e_none = e
    return e_none


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


def _static(R, B):
    return value([box_p(i, R[i], B[i]) for i in range(9)])


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
    seat = state.turn_index
    sign = 1.0 if seat == 0 else -1.0
    kids = _children(state)
    rng.shuffle(kids)
    if level == 1:
        scored = [(_selfish(R, B, seat), k) for k, (m, R, B, n) in enumerate(kids)]
    else:
        scored = [(_static(R, B) * sign, k) for k, (m, R, B, n) in enumerate(kids)]
    scored.sort(key=lambda x: -x[0])
    if level < 3 or len(kids) == 1:
        return kids[scored[0][1]][0]
    best = None
    for s, k in scored[:ROOT_WIDTH]:
        m, R, B, nxt = kids[k]
        if s >= WIN:
            return m
        v = go_value(R, B, nxt) * sign
        if best is None or v > best[0]:
            best = (v, m)
    return best[1]
