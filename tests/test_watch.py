"""What the computer did can be followed (games/ui/watch.py), in every registered game (the
example game too): each computer move is said and kept in Messages, marked on the board,
and held at the player's pace (the Settings screen's "Computer's moves")."""

import time

import pytest

import games
from driver import frames, key, run_until
from games.ui.watch import PACE_SECONDS, luminance


def game_names():
    out = []
    for e in games.playable(include_hidden=True):
        try:
            e.scene_factory()
        except (ImportError, AttributeError):
            continue
        out.append(e.name)
    return out


def spy(scene) -> list:
    """Every sentence said on the scene's status line, in order."""
    said = []
    say = scene.status.say

    def record(text, *a, **kw):
        said.append(text)
        return say(text, *a, **kw)
    scene.status.say = record
    return said


@pytest.mark.parametrize("name", game_names())
def test_messages_hold_every_computer_move(make_app, name):
    """Computer against computer: every move a computer seat makes is said, in words that
    name the seat, in the frame it is played, and Messages reads each back."""
    app = make_app(anim_speed=0)
    frames(app, 1)
    scene = app.push(games.get(name).scene_factory()(app, seed=5, demo=True))
    t = scene.table
    t.min_think = 0.0
    t.set_level(min(scene.entry.ai_module().LEVELS))
    said = spy(scene)
    moves, end = [], time.monotonic() + 120
    while len(moves) < 12 and not t.state.is_over and time.monotonic() < end:
        ply, heard = t.ply, len(said)
        app.step()
        new = said[heard:]
        for p in range(ply, t.ply):
            st = t.position(p)
            if st.is_chance or t.seats.get(st.current) != "computer":
                continue
            text = st.move_text(t.move_at(p))
            moves.append((st.current, text))
            assert any(st.current.lower() in line.lower() for line in new), (
                f"{name}: {st.current}'s move {text} was not said (said: {new})")
    assert len(moves) >= 4 or t.state.is_over, f"{name}: the computers hardly moved"
    history = scene.status.history
    for line in said[-10:]:
        assert line in history, f"{name}: {line!r} is not in Messages"
    scene.cmds.run("history")
    assert app.top.name == "pages"


@pytest.mark.parametrize("name", game_names())
def test_the_computers_last_move_is_marked_on_the_board(make_app, name):
    """The last computer move is marked (the look's lightest colour at the corners of the
    squares the game names), and a new game takes the mark away."""
    app = make_app(anim_speed=0)
    frames(app, 1)
    scene = app.push(games.get(name).scene_factory()(app, seed=5, demo=True))
    t = scene.table
    t.min_think = 0.0
    t.set_level(min(scene.entry.ai_module().LEVELS))
    assert run_until(app, lambda: bool(scene.move_marked)), f"{name}: nothing marked"
    frames(app, 1)
    app.present_whole()
    light = max(scene.look.palette, key=luminance)
    for r in scene.move_marked:
        assert app.last_native.get_at((r[0], r[1]))[:3] == light, (name, r)
    for seat in list(t.seats):
        t.set_seat(seat, "human")
    t.new_game(seed=6)
    frames(app, 2)
    assert not scene.move_marked


def pebbles_two_computers(make_app, pace: str):
    app = make_app(anim_speed=1.0)
    app.settings["pace"] = pace
    frames(app, 1)
    scene = app.push(games.get("pebbles").scene_factory()(app, seed=5, title=False))
    for seat in scene.table.seats:
        scene.table.set_seat(seat, "computer")
    scene.table.min_think = 0.0
    return app, scene


@pytest.mark.parametrize("pace", ["original", "slower"])
def test_each_computer_move_stays_at_the_pace_chosen(make_app, pace):
    """"slower": a computer's move holds the next one for the pace's seconds; the
    original's pace adds nothing."""
    app, scene = pebbles_two_computers(make_app, pace)
    t = scene.table
    at = {}
    end = time.monotonic() + 20
    while len(at) < 3 and time.monotonic() < end and not t.state.is_over:
        app.step()
        moved = sum(1 for p in range(t.ply) if not t.position(p).is_chance)
        at.setdefault(moved, time.monotonic())
        time.sleep(0.005)
    gaps = [at[n + 1] - at[n] for n in sorted(at)[:-1] if n + 1 in at and n >= 1]
    assert gaps, at
    if pace == "original":
        assert not scene.timeline.running("watch")
        assert all(g < PACE_SECONDS["slower"] for g in gaps), gaps
    else:
        assert all(g >= PACE_SECONDS["slower"] for g in gaps), gaps


def test_the_pace_is_a_setting_on_the_settings_screen(make_app):
    from games.launcher.scene import SettingsScene
    app = make_app()
    frames(app, 1)
    app.push(SettingsScene(app))
    frames(app, 1)
    menu = app.top.menu
    labels = [i.label for i in menu.items]
    menu.cursor = labels.index("Computer's moves")
    before = app.settings["pace"]
    import pygame
    key(app, pygame.K_RIGHT)
    assert app.settings["pace"] != before
    assert app.store.load("settings", {}, 1)["pace"] == app.settings["pace"]


@pytest.mark.parametrize("name", game_names())
def test_every_kind_of_legal_move_can_be_said_marked_and_shown(make_app, name):
    """Each legal move of positions along random games, the word moves ("resign", a
    turn's "end") as well as the board's, can be said, marked, paced and animated by the
    scene: a move the words or marks do not expect would end a cabinet's game (the
    supervisor goes back to the launcher) or the program."""
    import random
    from games.core.table import Transition
    app = make_app(anim_speed=0)
    frames(app, 1)
    scene = app.push(games.get(name).scene_factory()(app, seed=11))
    rng = random.Random(name)
    state, seen = scene.table.state, set()
    for _ in range(400):
        if state.is_over:
            break
        if state.is_chance:
            outcomes = state.chance_outcomes()
            state = state.play(outcomes[rng.randrange(len(outcomes))][0])
            continue
        legal = list(state.legal_moves())
        for move in legal:
            after = state.play(move)
            tr = Transition(state, after, state.move_text(move), "move", state.current, move)
            scene.move_words(tr)
            scene.move_marks(tr)
            scene.pace_share(tr)
            scene.on_transition(tr)          # the game's own animation of it
            seen.add(type(move).__name__ if not isinstance(move, str) else move[:6])
        words = [m for m in legal if isinstance(m, str) and m in ("resign", "end")]
        state = state.play(rng.choice([m for m in legal if m not in words] or legal))
        scene.timeline.clear()
    assert seen
