"""A computer player that thinks for a long time (tests that frames go on meanwhile)."""

import time

LEVELS = range(1, 10)
DEFAULT_LEVEL = 1


def choose_move(state, level, rng, history=(), **options):
    time.sleep(0.02 * level)
    end = time.perf_counter() + 0.5
    n = 0
    while time.perf_counter() < end:   # busy, as a real search is
        n += 1
    return state.legal_moves()[0]
