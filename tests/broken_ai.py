"""A computer player that fails (tests that a broken search never ends the game)."""

LEVELS = range(1, 4)
DEFAULT_LEVEL = 1


def choose_move(state, level, rng, history=(), **options):
    raise RuntimeError("the search fell over")
