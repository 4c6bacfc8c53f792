"""The game contract of docs/shell.md: test games join the registry from their own package,
the launcher counts the registry, and a scene that declares nothing gets the house's
seats and level, command keys, footer and score lines."""

from pathlib import Path

import games
from games.ui.gamemenu import DEFAULT_COMMAND_KEYS
from games.ui.scene import GameScene

ROOT = Path(__file__).resolve().parents[1]


def test_every_example_package_is_registered_hidden_and_only_once():
    for init in ROOT.glob("tests/example_*/__init__.py"):
        name = f"tests.{init.parent.name}"
        entry = games.register_package(name)           # a second time: the same entry
        assert games.get(entry.name) is entry and entry.hidden
        assert entry in games.playable(include_hidden=True)
        assert entry not in games.games()


def test_the_subtitle_counts_the_listed_games():
    n = len(games.playable())
    assert games.subtitle().startswith(games.count_words(n) + " strategy game")
    assert games.count_words(4) == "four" and games.count_words(5) == "five"
    assert games.count_words(40) == "40"


def test_a_scene_that_declares_nothing_gets_the_house_defaults(make_app):
    from tests.example_game.scene import PebblesScene
    assert "settings_schema" not in vars(PebblesScene)
    assert "command_keys" not in vars(PebblesScene)
    schema = PebblesScene.settings_table()
    assert schema.default == {"seats": {"red": "human", "blue": "computer"},
                              "level": 2}
    app = make_app()
    scene = app.push(PebblesScene(app, seed=1, title=False))
    assert scene.settings["level"] == 2
    assert {n for n in DEFAULT_COMMAND_KEYS} <= set(scene.cmds.commands)
    assert ("U)ndo", "undo") in scene.cmds.key_line()
    assert scene.toast_lift() == scene.footer_height() > 0
    assert scene.bench_animations() == {} and not scene.result_recorded
    lines = games.get("pebbles").score_lines(app.store)
    assert lines and all(isinstance(line, str) for line in lines)


def test_the_base_declares_the_bench_hook_and_the_recorded_flag():
    assert GameScene.bench_animations(object.__new__(GameScene)) == {}
    assert isinstance(GameScene.__dict__["result_recorded"], property)
    assert "game._recorded" not in (ROOT / "games" / "cabinet" / "cabinet.py").read_text()
    bench = (ROOT / "tools" / "bench.py").read_text()
    assert 'getattr(scene, "bench_animation' not in bench


def test_the_computer_player_is_sent_the_history_its_module_reads():
    """``HISTORY`` in an ai module: how many of the last states choose_move reads (0: none);
    without it, every state so far. A long game's history is not pickled for the worker on
    every move when the player never reads it."""
    import importlib
    import random
    from games.core.table import Table
    for e in games.playable(include_hidden=True):
        t = Table(e.name, e.rules, e.ai, seed=3)
        rng = random.Random(3)
        while t.ply < 60 and not t.state.is_over:
            t.play(t.draw_chance() if t.state.is_chance
                   else rng.choice([m for m in t.state.legal_moves()
                                    if m not in ("resign", "end")]))
        sent = t._history_for_ai()
        keep = getattr(importlib.import_module(e.ai), "HISTORY", None)
        if keep is None:
            assert sent == t.history, e.name
        else:
            assert len(sent) == min(keep, len(t.history)), e.name
            assert not sent or sent[-1] is t.state, e.name
