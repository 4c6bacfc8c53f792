"""Triple 3's screen through the real loop: SDL events in SDL's queue, a virtual gamepad,
the computer in the worker process, the picture checked against the 16 Wimp colours."""

import random
import time

import pygame

from driver import VirtualPad, click, colours, frames, key, pad_press, run_until
from games.triple3 import rules
from games.triple3.scene import RECORD_NAME, SAVE_NAME, Triple3Scene, score_lines
from games.ui import riscos
from games.ui.board import step_towards
from games.ui.riscos_palette import WIMP

PALETTE = set(WIMP)


def open_scene(make_app, seed=3, speed=0, **settings):
    app = make_app(anim_speed=speed)
    seats = {p: settings.pop(p) for p in ("red", "blue") if p in settings}
    app.game_settings("triple3").update(settings, seats=seats)
    scene = app.push(Triple3Scene(app, seed=seed))
    scene.table.min_think = 0.0
    frames(app, 2)
    return app, scene



def wait_human(app, scene):
    t = scene.table
    return run_until(app, lambda: t.state.is_over or (t.human_to_move and not scene.tumbling))


def reach_with(scene, target, press):
    """Bring the cursor to ``target`` with ``press(direction)`` along the shortest way by the
    cursor's own rule; True when it is there."""
    if not scene.board_cursor.visible:
        press("right")                      # the first press shows the cursor
    moves = scene.table.state.legal_moves()
    centre = scene._cursor_centre
    paths = {scene.cursor: []}
    todo = [scene.cursor]
    while todo and target not in paths:
        c = todo.pop(0)
        for d in ("up", "down", "left", "right"):
            n = step_towards(moves, c, d, centre)
            n = c if n is None else n
            if n not in paths:
                paths[n] = paths[c] + [d]
                todo.append(n)
    for d in paths.get(target, []):
        press(d)
    return scene.cursor == target


# -- whole games --------------------------------------------------------------------------------

def test_a_whole_game_by_mouse_against_the_computer_counts_in_the_match(make_app):
    app, scene = open_scene(make_app, seed=5, level=1, match=3)
    t = scene.table
    assert t.seats == {"red": "human", "blue": "computer"}
    assert t.options["first"] == "red"
    rng = random.Random(4)
    clicks = 0
    end = time.monotonic() + 25
    while not t.state.is_over and time.monotonic() < end:
        assert wait_human(app, scene)
        if t.state.is_over:
            break
        s = t.state
        marked = scene.marked()
        assert sorted(marked) == sorted((b, h) for _k, b, h in s.legal_moves())
        box, hole = rng.choice(marked)
        n = len(t.moves)
        click(app, scene.hole_center(box, hole))
        assert len(t.moves) == n + 1 and t.moves[-1].endswith(f"{box}.{hole}")
        clicks += 1
    assert t.state.is_over and clicks > 5
    run_until(app, lambda: isinstance(app.top, riscos.MessageScene), 2)
    box = app.top
    assert isinstance(box, riscos.MessageScene)            # the winner is announced
    winner = next(iter(t.state.winners()))
    assert box.lines[0].startswith(f"{winner.title()} wins the game")
    totals = app.game_settings("triple3")["totals"]
    assert totals[winner] == 1 and totals[rules.PLAYERS[1 - rules.PLAYERS.index(winner)]] == 0
    assert "acorn_dice" in app.audio.played and "acorn_peg" in app.audio.played
    assert "acorn_win" in app.audio.played
    assert colours(app.last_native) <= PALETTE
    key(app, pygame.K_RETURN)                              # OK
    assert app.top is scene
    # the record for the Scores screen
    rec = app.store.load(RECORD_NAME, {}, 1)
    assert rec["1"]["won" if winner == "red" else "lost"] == 1
    assert score_lines(app.store)[1].split()[:3] == ["1", "(easy)", str(rec["1"]["won"])]
    # the next game: Enter starts it, blue first (the starter alternates)
    key(app, pygame.K_RETURN)
    assert not t.state.is_over and t.options["first"] == "blue"
    assert app.game_settings("triple3")["totals"][winner] == 1      # kept within the match


def test_computer_against_computer_plays_on(make_app):
    app, scene = open_scene(make_app, seed=2, red="computer", blue="computer", level=1)
    t = scene.table
    assert run_until(app, lambda: len(t.moves) >= 12, 15)
    kinds = [m for m in t.moves if "+" in m]
    assert kinds, "dice were thrown"
    assert colours(app.last_native) <= PALETTE


# -- keys and the pad ---------------------------------------------------------------------------

def test_moves_with_arrow_keys_and_enter(make_app):
    app, scene = open_scene(make_app, seed=7, red="human", blue="human")
    t = scene.table
    rng = random.Random(1)
    names = {"up": pygame.K_UP, "down": pygame.K_DOWN, "left": pygame.K_LEFT,
             "right": pygame.K_RIGHT}
    for _ in range(6):
        assert wait_human(app, scene)
        if t.state.is_over:
            break
        s = t.state
        move = rng.choice(s.legal_moves())
        assert reach_with(scene, move, lambda d: key(app, names[d]))
        n = len(t.moves)
        key(app, pygame.K_RETURN)
        assert t.moves[n] == s.move_text(move)
    # U takes back the last move; R plays it again
    n = len(t.moves)
    key(app, pygame.K_u)
    assert len(t.history) < n + 1 and t.can_redo
    key(app, pygame.K_r)
    assert t.index == len(t.states) - 1 or t.human_to_move


def test_moves_with_the_virtual_pad(make_app):
    app, scene = open_scene(make_app, seed=8, red="human", blue="human")
    t = scene.table
    pad = VirtualPad()
    try:
        frames(app, 2)
        rng = random.Random(3)
        for _ in range(4):
            assert wait_human(app, scene)
            s = t.state
            move = rng.choice(s.legal_moves())
            assert reach_with(scene, move, lambda d: pad_press(app, pad, "dp" + d))
            n = len(t.moves)
            pad_press(app, pad, "a")
            assert t.moves[n] == s.move_text(move)
        # Start opens the menu; B closes it
        pad_press(app, pad, "start")
        assert isinstance(app.top, riscos.MenuScene)
        pad_press(app, pad, "b")
        assert app.top is scene
    finally:
        pad.unplug()


# -- menus ----------------------------------------------------------------------------------------

def test_middle_button_menu_new_game_blue_first(make_app):
    app, scene = open_scene(make_app, seed=4)
    t = scene.table
    assert t.options["first"] == "red"
    at = scene.hole_center(7, 7)
    click(app, at, button=2)
    menu = app.top
    assert isinstance(menu, riscos.MenuScene)
    # the menu opens at the pointer
    assert abs(menu.levels[0].rect.x - (at[0] - 32)) <= 2
    row = menu.find("New game", "Blue first")          # opens the submenu on the way
    # move over "New game" as a person would, then click "Blue first"
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, rel=(0, 0), buttons=(0, 0, 0),
                                         pos=app.display.to_window(
                                             menu.find("New game").center)))
    frames(app, 1)
    assert len(menu.levels) == 2 and menu.levels[1].title == "New game"
    click(app, row.center)
    assert app.top is scene and menu.chosen == ["Blue first"]
    assert t.options["first"] == "blue" and t.state.turn == "blue" and len(t.moves) <= 1
    # the next game goes back to the match's starter (the override was for this game)
    assert app.game_settings("triple3")["first"] == "red"


def test_f10_menu_with_keys_sets_the_match_and_new_game(make_app):
    app, scene = open_scene(make_app, seed=4, match=5)
    key(app, pygame.K_F10)
    menu = app.top
    assert isinstance(menu, riscos.MenuScene)
    labels = [i.label for i in menu.levels[0].items]
    assert menu.levels[0].highlight == 0              # opened by a key: the first item lit
    for _ in range(menu.levels[0].selectable().index(labels.index("Match"))):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)                       # into the submenu
    assert menu.levels[-1].title == "Match"
    key(app, pygame.K_DOWN)                        # Best of 1 -> Best of 3
    key(app, pygame.K_RETURN)
    assert app.top is scene
    assert app.game_settings("triple3")["match"] == 3
    # F10 again: New game > Blue first, by keys
    key(app, pygame.K_F10)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert scene.table.options["first"] == "blue"
    # the right button opens it too; a click outside closes it
    click(app, (600, 20), button=3)
    assert isinstance(app.top, riscos.MenuScene)
    assert colours(app.last_native) <= PALETTE
    click(app, (5, 500))
    assert app.top is scene


def test_reset_totals_and_the_close_icon(make_app):
    app, scene = open_scene(make_app, seed=4, totals={"red": 2, "blue": 1})
    menu = scene.open_menu((100, 100))
    frames(app, 1)
    click(app, menu.find("Reset totals").center)
    assert app.game_settings("triple3")["totals"] == {"red": 0, "blue": 0}
    click(app, scene.layout.window.tool_rect("close").center)
    assert scene not in app.stack


# -- saving, the dice, the picture ---------------------------------------------------------------

def test_a_saved_game_is_resumed(make_app):
    app, scene = open_scene(make_app, seed=None, red="human", blue="human")
    t = scene.table
    for _ in range(3):
        assert wait_human(app, scene)
        _k, b, h = t.state.legal_moves()[0]
        click(app, scene.hole_center(b, h))
    moves, seed = list(t.moves), t.seed
    app.pop()
    assert app.store.load(SAVE_NAME, None, 1)["moves"] == moves
    again = app.push(Triple3Scene(app))
    assert again.resumed and again.table.seed == seed and again.table.moves == moves
    assert again.table.state == t.state


def test_the_dice_tumble_then_show_the_throw(make_app):
    app, scene = open_scene(make_app, seed=6, speed=1.0, red="human", blue="human")
    t = scene.table
    assert run_until(app, lambda: scene.tumbling, 2)
    frames(app, 3)
    assert colours(app.last_native) <= PALETTE
    assert "acorn_dice" in app.audio.played
    assert run_until(app, lambda: not scene.tumbling and t.state.dice is not None, 5)
    frames(app, 2)
    assert scene.shown_dice() == t.state.dice
    # every marked hole is yellow on screen
    b, h = scene.marked()[0]
    cell = scene.layout.cell(b, h)
    assert riscos.WIMP[9] in colours(app.last_native.subsurface(cell))
    assert colours(app.last_native) <= PALETTE


def test_a_throw_with_no_move_is_said_and_thrown_again(make_app):
    # box 3 is Blue's and Blue has the hole marked 3 of every other box: a three has no move
    rows = ["BBB" + "B.." * 2] + ["BBB" + "..." * 2] * 2 + ["B..B..B..", ".........",
                                                             "........."] * 2
    text = "triple3\nturn red\nphase throw 1\n" + "\n".join(rows)
    st = rules.State.from_text(text)
    assert st.target_bits(3) == 0
    app, scene = open_scene(make_app, seed=1, red="human", blue="human")
    t = scene.table
    t.new_game(seed=1, start_text=text)
    frames(app, 1)
    t.pending = (1, 2)                  # the throw the table drew: a three
    frames(app, 1)
    assert t.moves[0] == "1+2"
    assert "Red threw 1 and 2, a three: no move - throw 2 of 3." in scene.events
    assert t.state.is_chance or t.state.throw_number == 2
