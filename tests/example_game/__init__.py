"""Pebbles: the example game of docs/shell.md, the smallest complete game on the house.

Its registry entry is declared here, hidden: tests/conftest.py registers the ``ENTRY`` of
every ``tests/example_*`` package (``games.register_package``), so every registry-wide test
runs it and the launcher never lists it."""

import games

ENTRY = games.GameEntry(
    name="pebbles",
    title="Pebbles",
    platform="dos",
    rules="tests.example_game.rules",
    ai="tests.example_game.ai",
    scene="tests.example_game.scene:PebblesScene",
    blurb="Toss a coin, take pebbles; the last pebble wins. The example game.",
    machine="DOS, EGA",
    hidden=True,
    test_options=({"first": "red"}, {"first": "blue"}),
)
