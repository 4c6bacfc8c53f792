"""Triple 3's judge for reviews (games.core.review): level 3's own search, looking a go
further at the moves it likes best.

Level 3 values every legal move by its expectimax through the next go (``ai.go1``: every
total of the next throw with its chance, the thrower's best reply by the box race) and
plays the best.  The judge ranks the moves the same way and hands the review its
``CANDIDATES`` best (times the review's ``work``; level 3's own move always first):
the review values each by the position it makes, a throw, as it values every throw of the
game, the average over the 36 outcomes of the position each gives, that position valued
by level 3's move for it and the calibrated value of what that move makes
(``win_chances``: the top level's position value ``ai.static_value``, red's expected
result v in [-1, 1], red's chance (v + 1) / 2, calibrated on self-play).  So a decision is
judged through the next throw and the other seat's reply by level 3, a go deeper than
level 3 looks, and a throw's luck is the difference the dice made to that.  A move that
wins the game is worth the win.

The work is a fixed count of position values (no search by time, no clock), so a game
gets the same review on any machine; ``python -m tools.benchreview --judge --only
triple3`` measures how often it marks level 3's own moves, and how often a judge given
four times the work (eight candidates) agrees.

Before (a one-look judge, every legal move valued by ``win_chances`` of the position it
makes), measured (``python -m tools.tune.judges play``, then ``losses`` and ``check``) on
200 arena games, seats rotated: levels 1 v 2 (67 games from seed 1001), 2 v 3 (67 from
seed 2001) and 1 v 3 (66 from seed 3001).  Calibration of ``win_chances`` on the same
games (every decision position, both seats, 14,156 pairs): of the positions valued
0.6-0.7 for a seat that seat won 68.3% (1,680), 0.7-0.8 74.1% (1,316), 0.8-0.9 82.0%
(982), 0.9-1.0 96.9% (741), and the other bins as closely."""

from __future__ import annotations

from games.triple3 import ai

CANDIDATES = 2               # level 3's best moves the review looks at a go further
# a game of dice, judged on GNU Backgammon's scale: its default analysis marks a play
# doubtful, bad or very bad at 0.04, 0.08 and 0.16 of equity (2p - 1), that is 2, 4 and
# 8 points of winning chance (lichess's 10, 20 and 30 suit chess: here they flagged 2 of
# 67 random placements against level 3's none; these flag 34, and level 3's none)
THRESHOLDS = ((0.08, "blunder"), (0.04, "mistake"), (0.02, "inaccuracy"))

# the values of the last positions asked for: a throw's 36 outcomes are 11 totals, and the
# move after it asks for positions the throw's luck has valued; small, so that a review
# does not carry much of the last one's work over (each review does its own)
_MEMO: dict = {}
_MEMO_LIMIT = 1024


def red_value(state) -> float:
    """Red's expected result in [-1, 1] (the top level's value; the mover's best move at
    ``phase move``; +-1 once the game is over)."""
    key = _key(state)
    got = _MEMO.get(key)
    if got is None:
        got = _red_value(state)
        if len(_MEMO) > _MEMO_LIMIT:
            _MEMO.clear()
        _MEMO[key] = got
    return got


def _key(state):
    """What the value depends on: the pegs, whose go, and at ``phase move`` the dice's
    total (3+4 and 4+3 offer the same moves); the throw of the go does not count."""
    if state.is_over:
        return state
    total = sum(state.dice) if state.phase == "move" else 0
    return state.pegs, state.turn_index, total


def _red_value(state) -> float:
    if state.is_over:
        return 1.0 if "red" in state.winners() else -1.0
    if state.is_chance:
        red, blue = ai.split(state)
        return ai.static_value(red, blue, state.turn_index)
    sign = 1.0 if state.turn_index == 0 else -1.0
    return sign * max(sign * red_value(state.play(m)) for m in state.legal_moves())


def win_chances(state) -> dict:
    """{"red": chance, "blue": chance}: red's is (v + 1) / 2 of ``red_value``."""
    p = min(1.0, max(0.0, (red_value(state) + 1.0) / 2.0))
    return {"red": p, "blue": 1.0 - p}


def search(state, work: float = 1.0) -> tuple:
    """(chances, move, leaf) of a position with the dice shown: level 3's move (the best
    by ``ai.go1``), the position it makes, and that position's calibrated value
    (``win_chances``)."""
    move = candidates(state, 1.0 / CANDIDATES)[0]
    leaf = state.play(move)
    return win_chances(leaf), move, leaf


def candidates(state, work: float = 1.0) -> list:
    """The ``CANDIDATES * work`` best legal moves by level 3's value (``ai.go1``), best
    first (a move that wins the game alone)."""
    ranked = _ranked(state)
    return ranked[:max(1, int(round(CANDIDATES * work)))]


_RANKED: dict = {}


def _ranked(state) -> list:
    key = _key(state)
    got = _RANKED.get(key)
    if got is None:
        got = _rank(state)
        if len(_RANKED) > _MEMO_LIMIT:
            _RANKED.clear()
        _RANKED[key] = got
    return got


def _rank(state) -> list:
    seat = state.turn_index
    sign = 1.0 if seat == 0 else -1.0
    scored = []
    for k, (m, R, B, nxt) in enumerate(ai._children(state)):
        mine = R if seat == 0 else B
        if nxt != seat and ai.WON9[sum(1 << j for j in range(9) if mine[j] == 0x1FF)]:
            return [m]                            # the move wins the game
        scored.append((sign * ai.go1(R, B, nxt, extra=(nxt != seat)), k, m))
    scored.sort(key=lambda x: (-x[0], x[1]))
    return [m for _, _, m in scored]
