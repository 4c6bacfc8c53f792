"""The registry: one entry per game.

Importing this package must stay cheap and pygame-free: entries name their modules as
strings and are imported only when needed (the rules and ai layers never import pygame;
scene modules do).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field


@dataclass(frozen=True)
class GameEntry:
    name: str                 # short id, used on the command line and in file names
    title: str                # shown in the launcher
    platform: str             # the look (games.ui.looks): "riscos", "amiga", "dos"
    rules: str                # module path of the pure rules ("" for a screen with no game)
    ai: str                   # module path of the computer player
    scene: str                # "module:factory" of the pygame scene
    blurb: str = ""           # one line for the launcher
    year: int = 0
    machine: str = ""
    hidden: bool = False      # reachable by name, not listed (test screens, games to come)
    ai_options: dict = field(default_factory=dict)
    scores: str = ""          # "module:function(store) -> list of lines" for the game's own
                              # score tables; "" gives the house's won/lost lines per level
    test_options: tuple = ({},)   # new_game keyword sets the generic registry test covers
    records: str = "cabinet"      # how a win gets initials: "own" (the game asks), "cabinet"
                                  # (the cabinet asks, in kiosk mode) or "none"

    @property
    def look(self):
        from games.ui import looks   # pure data, no pygame
        return looks.get(self.platform)

    @property
    def native_size(self) -> tuple:
        return self.look.native_size

    @property
    def pixel_aspect(self) -> float:
        return self.look.pixel_aspect

    @property
    def is_game(self) -> bool:
        return bool(self.rules)

    def rules_module(self):
        return importlib.import_module(self.rules)

    def ai_module(self):
        return importlib.import_module(self.ai)

    def score_lines(self, store) -> list:
        """The launcher's and the attract loop's Scores page: the game's own ``scores``
        function, else the won/lost table the GameScene base keeps (games.core.records)."""
        if not self.scores:
            if not self.is_game:
                return []
            from games.core import records
            ai = self.ai_module()
            return records.won_lost_lines(store, self.name, getattr(ai, "level_name", str))
        module, _, attr = self.scores.partition(":")
        return getattr(importlib.import_module(module), attr)(store)

    def scene_factory(self):
        module, _, attr = self.scene.partition(":")
        return getattr(importlib.import_module(module), attr)


REGISTRY: dict[str, GameEntry] = {}


def register(entry: GameEntry) -> GameEntry:
    if entry.name in REGISTRY:
        raise ValueError(f"game {entry.name!r} registered twice")
    REGISTRY[entry.name] = entry
    return entry


def games(include_hidden: bool = False) -> list[GameEntry]:
    """The registered games in launcher order."""
    return [e for e in REGISTRY.values() if include_hidden or not e.hidden]


def playable(include_hidden: bool = False) -> list[GameEntry]:
    """The entries that are games (rules and a computer player), not test screens."""
    return [e for e in games(include_hidden) if e.is_game]


NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                "ten", "eleven", "twelve")


def count_words(n: int | None = None) -> str:
    """How many games the launcher lists, as a word ("four"): the launcher's and the
    attract loop's subtitle count the registry, not a copy of it."""
    n = len(playable()) if n is None else n
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def subtitle() -> str:
    """The launcher's and the attract loop's line under TRICADE: the listed games counted,
    and their years ("four strategy games of 1989-1993")."""
    years = sorted(e.year for e in playable() if e.year)
    span = "" if not years else (f" of {years[0]}" if years[0] == years[-1]
                                 else f" of {years[0]}-{years[-1]}")
    n = len(playable())
    return f"{count_words(n)} strategy game{'s' if n != 1 else ''}{span}"


def register_package(module_name: str) -> GameEntry:
    """Register the ``ENTRY`` a game package declares in its ``__init__`` (how the tests'
    example games join the registry: tests/conftest.py calls this for every
    ``tests/example_*`` package). A name registered already is left as it is."""
    entry = importlib.import_module(module_name).ENTRY
    return REGISTRY.get(entry.name) or register(entry)


def get(name: str) -> GameEntry:
    try:
        return REGISTRY[name]
    except KeyError:
        known = ", ".join(e.name for e in games()) or "none"
        raise KeyError(f"no game called {name!r} (registered: {known})") from None


register(GameEntry(
    name="tripppin",
    title="Tripppin",
    platform="amiga",
    rules="games.tripppin.rules",
    ai="games.tripppin.ai",
    scene="games.tripppin.scene:TripppinScene",
    blurb="Two tokens race round a course of 64 arrow tiles.",
    year=1991,
    machine="Amiga Workbench 1.3",
    ai_options={"prevent_loops": True},
    scores="games.tripppin.scores:score_lines",
    test_options=({"first": "orange", "fair": True}, {"first": "blue", "fair": False}),
))

register(GameEntry(
    name="tribolo",
    title="Tribolo",
    platform="dos",
    rules="games.tribolo.rules",
    ai="games.tribolo.ai",
    scene="games.tribolo.scene:TriboloScene",
    blurb="Three-way Othello for blue, red and green.",
    year=1992,
    machine="DOS, EGA",
    scores="games.tribolo.scores:score_lines",
    records="own",
    test_options=tuple({"board": n} for n in range(1, 10)),
))

register(GameEntry(
    name="loop-test",
    title="Input test",
    platform="test",
    rules="",
    ai="",
    scene="games.launcher.testscene:TestScene",
    blurb="Keys, mouse and pads, as the loop sees them.",
    hidden=True,
    records="none",
))

register(GameEntry(
    name="triaxis",
    title="TriAxis",
    platform="dos",
    rules="games.triaxis.rules",
    ai="games.triaxis.ai",
    scene="games.triaxis.scene:TriAxisScene",
    blurb="Hex-island survival for 2-6: spin, jump, capture, and ride out harvest and famine.",
    year=1989,
    machine="DOS, EGA",
    scores="games.triaxis.scores:score_lines",
    records="own",
    test_options=tuple({"seats": n, "max_rounds": 8} for n in range(2, 7)),
))

register(GameEntry(
    name="triple3",
    title="Triple 3",
    platform="riscos",
    rules="games.triple3.rules",
    ai="games.triple3.ai",
    scene="games.triple3.scene:Triple3Scene",
    blurb="Dice and pegs: win three boxes in a line, or five, on a board of nine.",
    year=1993,
    machine="Acorn Archimedes, RISC OS 3",
    scores="games.triple3.play:score_lines",
    test_options=({"first": "red"}, {"first": "blue"}),
))
