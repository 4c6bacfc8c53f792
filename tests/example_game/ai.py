"""Pebbles' computer player: expectimax through the coin, budgeted in work units.

Only how many squares hold one, two and three pebbles matters (not where), so a position is
``(n1, n2, n3)``. ``chance_to_win(counts, depth, budget)`` is the tosser's chance of taking
the last pebble; a node beyond ``depth`` turns, or reached after the budget of work units
(one unit a position expanded) is spent, counts as an even chance.

Levels: 1 takes from a square at random; 2 looks two turns ahead; 3 looks to the end of the
game (a few hundred positions at most, always within its budget). ``rng`` breaks ties
between equally good squares, so the same rng gives the same move.
"""

from __future__ import annotations

import random

from tests.example_game.rules import TAKES, State

LEVELS = (1, 2, 3)
DEFAULT_LEVEL = 2
LEVEL_NAMES = {1: "Pebble", 2: "Stone", 3: "Rock"}
LIMITS = {2: (2, 2_000), 3: (99, 50_000)}     # level -> (turns ahead, work units)
EVEN = 0.5


def level_name(level: int) -> str:
    return LEVEL_NAMES.get(level, str(level))


def counts_of(squares) -> tuple:
    return tuple(sum(1 for n in squares if n == k) for k in (1, 2, 3))


def after(counts: tuple, pebbles: int, take: int) -> tuple:
    """The counts once ``take`` pebbles are taken from a square holding ``pebbles``."""
    out = list(counts)
    out[pebbles - 1] -= 1
    left = pebbles - min(pebbles, take)
    if left:
        out[left - 1] += 1
    return tuple(out)


class Search:
    def __init__(self, depth: int, budget: int):
        self.depth = depth
        self.budget = budget
        self.work = 0
        self.memo: dict = {}

    def chance_to_win(self, counts: tuple, depth: int) -> float:
        """The chance that the seat about to toss at ``counts`` takes the last pebble."""
        if not any(counts):
            return 0.0                       # the seat before took the last one
        if depth <= 0 or self.work >= self.budget:
            return EVEN
        key = (counts, depth)
        if key not in self.memo:
            self.work += 1
            self.memo[key] = sum(0.5 * max(self.move_value(counts, k, take, depth)
                                           for k in (1, 2, 3) if counts[k - 1])
                                 for take in TAKES.values())
        return self.memo[key]

    def move_value(self, counts: tuple, pebbles: int, take: int, depth: int) -> float:
        """The mover's chance after taking from a square of ``pebbles``."""
        nxt = after(counts, pebbles, take)
        return 1.0 if not any(nxt) else 1.0 - self.chance_to_win(nxt, depth - 1)


def choose_move(state: State, level: int = DEFAULT_LEVEL, rng=None, history=(), **options):
    """The computer's square for ``state.current`` (the coin is tossed already)."""
    if level not in LEVELS:
        raise ValueError(f"no level {level!r} (levels: 1, 2, 3)")
    moves = state.legal_moves()
    if not moves:
        raise ValueError("no legal move: " + ("the game is over" if state.is_over
                                              else "toss the coin first"))
    rng = rng or random.Random()
    if level == 1:
        return rng.choice(moves)
    search = Search(*LIMITS[level])
    counts = counts_of(state.squares)
    values = {m: search.move_value(counts, state.pebbles(m), state.take(), search.depth)
              for m in moves}
    best = max(values.values())
    return rng.choice([m for m in moves if values[m] >= best - 1e-9])
