"""The example game's scene (tests/example_game: Pebbles) through real events: what every game
scene is tested for (docs/shell.md, section 12): the title resumes a save four ways, keys, the
mouse and the pad each play a whole game, refusals are said, a result is recorded once."""

import pygame
import pytest

import games
from driver import VirtualPad, click, colours, frames, key, pad_press, run_until, press_on_title
from games.core import records
from games.ui import looks

PALETTE = set(looks.DOS.palette)


def open_game(make_app, seed=7, title=None, blue="computer"):
    app = make_app(anim_speed=0)
    app.settings["games"]["pebbles"] = {"seats": {"red": "human", "blue": blue}, "level": 1}
    scene = app.push(games.get("pebbles").scene_factory()(app, seed=seed, title=title))
    scene.table.min_think = 0.0
    frames(app, 2)
    return app, scene


def person_to_move(app, scene):
    return run_until(app, lambda: app.top is scene and scene.table.human_to_move
                     and not scene.holding(), 10)


def play_out(app, scene, take):
    """Play red's turns with ``take(cell)`` until the game ends."""
    t = scene.table
    while not t.state.is_over:
        if not person_to_move(app, scene):
            assert run_until(app, lambda: t.state.is_over, 10)
            break
        ply, cell = t.ply, t.state.legal_moves()[0]
        take(cell)
        assert t.ply > ply, f"the take of {cell} was not played"
    frames(app, 3)
    return t.state


def test_keys_play_a_whole_game(make_app):
    app, scene = open_game(make_app, title=False)

    def take(_cell):
        key(app, pygame.K_RIGHT)                 # shows the cursor where it was
        key(app, pygame.K_RIGHT)                 # onto (or along) the squares with pebbles
        assert scene.board_input.cursor in scene.table.state.legal_moves()
        key(app, pygame.K_RETURN)
    end = play_out(app, scene, take)
    assert end.is_over and colours(app.last_native) <= PALETTE
    assert any("takes the last pebble" in s for s in scene.status.history)


def test_the_mouse_plays_a_whole_game(make_app):
    app, scene = open_game(make_app, title=False)
    assert play_out(app, scene, lambda cell: click(app, scene.grid.centre(*cell))).is_over


def test_the_pad_plays_a_whole_game(make_app):
    app, scene = open_game(make_app, title=False)
    pad = VirtualPad()
    try:
        frames(app, 2)

        def take(_cell):
            pad_press(app, pad, "dpright")
            pad_press(app, pad, "dpright")
            pad_press(app, pad, "a")
        assert play_out(app, scene, take).is_over
    finally:
        pad.unplug()


def test_an_empty_square_is_refused_on_the_status_line(make_app):
    app, scene = open_game(make_app, title=False)
    assert person_to_move(app, scene)
    state = scene.table.state
    empty = next((c, r) for r in range(3) for c in range(3) if not state.pebbles((c, r)))
    click(app, scene.grid.centre(*empty))
    assert scene.status.history[-1] == f"There are no pebbles on {'abc'[empty[0]]}{empty[1] + 1}."
    assert scene.table.ply == 1                  # the toss only


def test_a_finished_game_is_recorded_once_however_many_presses_follow(make_app):
    app, scene = open_game(make_app, title=False)
    play_out(app, scene, lambda cell: click(app, scene.grid.centre(*cell)))
    for k in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_u, pygame.K_r):
        key(app, k, steps=3)
    rows = records.load_won_lost(app.store, "pebbles")
    assert sum(r["won"] + r["lost"] for r in rows.values()) == 1 and list(rows) == ["1"]


# -- the title page resumes by default ------------------------------------------------------

def saved_game(make_app):
    app, scene = open_game(make_app, seed=None, title=False, blue="human")
    t = scene.table
    for _ in range(2):
        assert person_to_move(app, scene) or run_until(app, lambda: t.human_to_move, 5)
        click(app, scene.grid.centre(*t.state.legal_moves()[0]))
    moves = list(t.moves)
    app.pop()
    again = app.push(games.get("pebbles").scene_factory()(app))
    frames(app, 2)
    assert app.top.name == "title"
    assert [label for label, _ in app.top.choices] == ["Resume the saved game", "New game",
                                                        "Play over the network"]
    assert colours(app.last_native) <= PALETTE
    return app, again, moves


def resumed(app, scene, moves):
    frames(app, 2)
    return app.top is scene and scene.resumed and scene.table.moves[:len(moves)] == moves


@pytest.mark.parametrize("how", ["enter", "click", "pad a", "pad start"])
def test_the_title_resumes_the_saved_game(make_app, how):
    app, scene, moves = saved_game(make_app)
    press_on_title(app, how)
    assert resumed(app, scene, moves)
