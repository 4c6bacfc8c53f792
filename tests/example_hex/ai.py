"""Hex's computer player, budgeted in work units (one unit: one position weighed).

Level 1 plays at random among reasonable cells: a winning cell if there is one, else a cell
next to a stone already on the board (any cell on the empty board). Level 2 looks one move
ahead and weighs each position by the shortest-path distance: how many more stones each
seat needs to join its sides (its own stones cost nothing, the other's block). It keeps the
move that most widens the gap between the opponent's distance and its own, nearest the
centre on a tie; ``rng`` breaks what ties are left, so the same rng gives the same move.
"""

from __future__ import annotations

import random
from collections import deque

from tests.example_hex.rules import CELLS, SIZE, STONE, at, rival, touching

LEVELS = (1, 2)
DEFAULT_LEVEL = 2
NAMES = {1: "Novice", 2: "Bridger"}
BUDGET = {2: 64}              # positions weighed at most, per move
FAR = SIZE * SIZE             # a seat cut off from its far side


def level_name(level: int) -> str:
    return NAMES.get(level, str(level))


def distance(board: str, seat: str) -> int:
    """The fewest empty cells ``seat`` must still fill to join its two sides."""
    axis, own, foe = (1 if seat == "red" else 0), STONE[seat], STONE[rival(seat)]
    best = {x: (0 if at(board, x) == own else 1) for x in CELLS
            if x[axis] == 0 and at(board, x) != foe}
    queue = deque(sorted(best, key=best.get))
    while queue:
        cell = queue.popleft()
        if cell[axis] == SIZE - 1:
            return best[cell]
        for n in touching(cell):
            mark = at(board, n)
            if mark == foe:
                continue
            d = best[cell] + (mark != own)
            if d < best.get(n, FAR + 1):
                best[n] = d
                (queue.appendleft if mark == own else queue.append)(n)
    return FAR


def off_centre(cell) -> int:
    c, r = cell[0] - SIZE // 2, cell[1] - SIZE // 2
    return max(abs(c), abs(r), abs(c + r))


def choose_move(state, level: int = DEFAULT_LEVEL, rng=None, history=(), **options):
    """The computer's cell for ``state.current``."""
    if level not in LEVELS:
        raise ValueError(f"Hex has levels {LEVELS}, not {level!r}")
    if state.is_over:
        raise ValueError("the game is over: there is no move to choose")
    rng, moves = rng or random.Random(), state.legal_moves()
    wins = [m for m in moves if state.play(m).is_over]
    if wins:
        return rng.choice(wins)
    if level == 1:
        near = [m for m in moves if any(state.stone(n) for n in touching(m))]
        return rng.choice(near or moves)
    me, work, scores = state.current, 0, {}
    for m in sorted(moves, key=off_centre):
        if work >= BUDGET[level]:
            break
        work += 1
        board = state.play(m).board
        scores[m] = (distance(board, rival(me)) - distance(board, me), -off_centre(m))
    best = max(scores.values())
    return rng.choice([m for m in scores if scores[m] == best])
