"""Opponents the arena can seat that are not levels of a game's computer player.

They exist to measure our levels against a different mind (``--seat rival``); the game's
menus never offer them.  Each name maps to a module with
``choose_move(state, name, rng, history=(), **options)``.  No pygame here.
"""

from __future__ import annotations

import importlib

OPPONENTS = {
    "triple3": {"rival": "games.triple3.rivals"},
}


def names(game: str) -> tuple:
    return tuple(OPPONENTS.get(game, {}))


def module(game: str, name: str):
    return importlib.import_module(OPPONENTS[game][name])
