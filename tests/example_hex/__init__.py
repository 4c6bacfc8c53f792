"""Hex on a 7 x 7 rhombus: a test game on hexes, hidden (docs/shell.md, section 13)."""

import games

ENTRY = games.GameEntry(
    name="hex", title="Hex", platform="dos",
    rules="tests.example_hex.rules", ai="tests.example_hex.ai",
    scene="tests.example_hex.scene:HexScene",
    blurb="Red joins top and bottom, blue left and right; nobody draws.",
    machine="DOS, EGA", hidden=True,
)
