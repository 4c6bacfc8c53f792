"""Triple 3's judge for reviews (games.core.review): level 3's calibrated value.

A position where a seat is to throw is valued by the top level's own position value,
``ai.static_value`` (red's expected result in [-1, 1] from the exact box races, calibrated
on self-play by ``tools/tune/triple3.py``): red's winning chance is (v + 1) / 2, blue's the
rest.  The judge calls that function, never a copy of it, so it follows the level's
evaluation as it changes.

A position where the dice are shown (``phase move``) is worth the mover's best placement
or removal for that throw: the best, for the mover, of the values of every legal move's
position (at most 81 moves, most throws fewer than 20), so a throw's luck (the review's
value after the outcome less the average over the 36 outcomes) is the difference the dice
made to the mover's best play.  Every legal move is valued (``EXACT``): a decision's loss
is its drop against the best move for that throw.

The work is a fixed count of position values (no search, no clock), so a game gets the
same review on any machine.

Measured (``python -m tools.tune.judges play``, then ``losses`` and ``check``) on 200 arena
games, seats rotated: levels 1 v 2 (67 games from seed 1001), 2 v 3 (67 from seed 2001)
and 1 v 3 (66 from seed 3001).  Mean loss of winning chance per decision: level 1 0.0223
(2,152 decisions), level 2 0.0081 (2,504), level 3 0.0007 (2,422; level 3 searches one go
deeper than this value, so it is not always the judge's best).  Luck per throw, red's
side, over 7,256 throws: -0.0006 (its mean size 0.043).  Calibration on the same games
(every decision position, both seats, 14,156 pairs): of the positions valued 0.6-0.7 for
a seat that seat won 68.3% (1,680), 0.7-0.8 74.1% (1,316), 0.8-0.9 82.0% (982),
0.9-1.0 96.9% (741), and the other bins as closely.
"""

from __future__ import annotations

from games.triple3 import ai

EXACT = True                 # every legal move is valued (a throw has at most 81)
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
