"""Tribolo's screen end to end: the real loop, real SDL events, a virtual gamepad, real files.

Computer players run in the real worker process. Most tests open the app with
``anim_speed=0`` and set ``min_think = 0`` (no animation, no pauses) so whole games finish
in seconds.
"""

import json
import time
from pathlib import Path

import pygame
import pytest

from driver import (drawn_by, run_until, VirtualPad, click, colours, frames, key, pad_press,
                    press_on_title)
from games.launcher.scene import LauncherScene, open_game
from games.tribolo import ai, scores
from games.tribolo import cards
from games.tribolo import look
from games.tribolo import scene as tscene
from games.tribolo.cards import CardScene
from games.tribolo.scene import TriboloScene
from games.ui import dos

EGA = {(0x00, 0x00, 0x00), (0x00, 0x00, 0xAA), (0x00, 0xAA, 0x00), (0x00, 0xAA, 0xAA),
       (0xAA, 0x00, 0x00), (0xAA, 0x00, 0xAA), (0xAA, 0x55, 0x00), (0xAA, 0xAA, 0xAA),
       (0x55, 0x55, 0x55), (0x55, 0x55, 0xFF), (0x55, 0xFF, 0x55), (0x55, 0xFF, 0xFF),
       (0xFF, 0x55, 0x55), (0xFF, 0x55, 0xFF), (0xFF, 0xFF, 0x55), (0xFF, 0xFF, 0xFF)}

# Blue to move; its only move c1 flips b1; then Red (no tiles) cannot move and Green plays c3.
SKIP_TEXT = "tribolo\nturn blue\nBG" + "." * 14 + "\n" + "." * 16 + "\nGB" + "." * 14 + "\n" + \
    ("." * 16 + "\n") * 8
# Blue to move; its only move c1 ends the game with Blue 3, the others 0: a new best total.
BEST_TEXT = "tribolo\nturn blue\nBG" + "." * 14 + "\n" + ("." * 16 + "\n") * 10


def said(sc) -> list:
    """Everything said on the status line, oldest first."""
    return sc.status.history


def top(app) -> str:
    """The name of the scene on top ("title", "message", "ask", "confirm", "menu", ...)."""
    return app.top.name


def open_tribolo(make_app, seed=1, seats=None, level=1, fast=True, start=True, **kw):
    if fast:
        kw.setdefault("anim_speed", 0)
    app = make_app(**kw)
    gs = app.game_settings("tribolo")
    gs["seats"] = seats or {"blue": "human", "red": "computer", "green": "computer"}
    gs["level"] = level
    app.push(LauncherScene(app))
    assert open_game(app, "tribolo", seed=seed)
    sc = app.stack[-2] if top(app) == "title" else app.top
    assert isinstance(sc, TriboloScene)
    sounds = []
    real_play = app.play

    def play(name):
        sounds.append(name)
        real_play(name)
    app.play = play
    sc.sounds = sounds
    app.step()
    if fast:
        sc.table.min_think = 0
    if start:
        assert top(app) == "title"
        key(app, pygame.K_SPACE)            # the title's Start
        assert top(app) == "message"        # "... goes first"
        key(app, pygame.K_SPACE)            # any key goes on
        assert app.top is sc
    return app, sc


def wait(app, cond, limit=20.0):
    end = time.monotonic() + max(60.0, 6 * limit)        # a hang guard, generous under load
    while not cond():
        assert time.monotonic() < end, "timed out"
        app.clock.tick()                    # app.step() then sees the real time passed
        app.step()
        time.sleep(0.001)


def human_turn(app, sc):
    """Run frames until a person may move (or the game is over)."""
    wait(app, lambda: (app.top is not sc) or sc.state.is_over
         or (sc.table.human_to_move and not sc.holding()))


def cursor(sc):
    return sc.board_input


def arrows_to(app, sc, target):
    """Move the board cursor to ``target`` with the arrow keys."""
    if not cursor(sc).visible:
        key(app, pygame.K_RIGHT)            # the first press shows the cursor where it is
    dx = target[0] - cursor(sc).cursor[0]
    dy = target[1] - cursor(sc).cursor[1]
    for _ in range(abs(dx)):
        key(app, pygame.K_RIGHT if dx > 0 else pygame.K_LEFT)
    for _ in range(abs(dy)):
        key(app, pygame.K_DOWN if dy > 0 else pygame.K_UP)
    assert tuple(cursor(sc).cursor) == tuple(target)


def pad_to(app, pad, sc, target):
    if not cursor(sc).visible:
        pad_press(app, pad, "dpright")
    dx = target[0] - cursor(sc).cursor[0]
    dy = target[1] - cursor(sc).cursor[1]
    for _ in range(abs(dx)):
        pad_press(app, pad, "dpright" if dx > 0 else "dpleft")
    for _ in range(abs(dy)):
        pad_press(app, pad, "dpdown" if dy > 0 else "dpup")
    assert tuple(cursor(sc).cursor) == tuple(target)


def blue_ends_with_a_best(app, sc):
    """Blue's only move ends the game with a new best total: the initials are asked."""
    sc.table.new_game(start_text=BEST_TEXT)
    app.step()
    click(app, sc.grid.rect(2, 0).center)
    wait(app, lambda: top(app) == "initials")


def enter_initials(app):
    """Enter through the three letters as they stand."""
    for _ in range(3):
        if top(app) == "initials":
            key(app, pygame.K_RETURN)


# -- whole games -------------------------------------------------------------------------------

def test_a_whole_game_with_the_mouse_against_two_computers(make_app):
    app, sc = open_tribolo(make_app, seed=7, start=False)
    assert top(app) == "title"
    click(app, app.top.menu.item_rect(0).center)  # "Start"
    assert top(app) == "message"
    first = sc.state.current
    assert f"{first.capitalize()} goes first." in said(sc)
    click(app, (320, 200))                       # a click anywhere dismisses "... goes first"
    assert app.top is sc
    my_moves = 0
    for _ in range(200):
        human_turn(app, sc)
        if sc.state.is_over or app.top is not sc:
            break
        st = sc.state
        move = st.legal_moves()[len(st.legal_moves()) // 2]
        n = len(sc.table.moves)
        click(app, sc.grid.rect(*move).center)
        assert sc.table.moves[n] == st.move_text(move)
        my_moves += 1
    wait(app, lambda: app.top is not sc)
    assert sc.state.is_over and my_moves > 5
    assert top(app) in ("ask", "initials")
    enter_initials(app)
    assert top(app) == "ask"
    card = scores.card(scores.load(app.store), 7)
    assert scores.played(card["blue"]) == 1 == scores.played(card["red"])
    text = " ".join(app.top.lines)
    assert tscene.result_text(sc.state).upper() in text
    for seat in ("blue", "red", "green"):
        assert f"{seat.capitalize()} {sc.state.counts()[seat]}" in text
    assert {"dos_place", "dos_flip"} <= set(sc.sounds)
    assert ("dos_win" in sc.sounds) == ("blue" in sc.state.winners())
    assert ("dos_lose" in sc.sounds) == ("blue" not in sc.state.winners())


def test_a_hot_seat_game_with_keys_only(make_app):
    app, sc = open_tribolo(make_app, seed=3, seats={s: "human" for s in ("blue", "red", "green")})
    for i in range(8):
        st = sc.state
        mover = st.current
        target = st.legal_moves()[-1 if i % 2 else 0]
        arrows_to(app, sc, target)
        key(app, pygame.K_RETURN)
        assert sc.table.moves[-1] == st.move_text(target)
        assert sc.state.current != mover or sc.state.is_over
    # an illegal square buzzes, says why and changes nothing
    st = sc.state
    bad = next((c, r) for r in range(st.height) for c in range(st.width)
               if (c, r) not in st.legal_moves())
    arrows_to(app, sc, bad)
    n = len(sc.table.moves)
    key(app, pygame.K_RETURN)
    assert len(sc.table.moves) == n and sc.sounds[-1] == "dos_error"
    assert said(sc)[-1].startswith(f"Not there: {st.move_text(bad)} ")
    assert sc.status_text()[0] == said(sc)[-1]
    assert "dos_click" in sc.sounds


def test_a_hot_seat_game_with_the_pad_only(make_app):
    app, sc = open_tribolo(make_app, seed=5, seats={s: "human" for s in ("blue", "red", "green")},
                           start=False)
    pad = VirtualPad()
    try:
        frames(app, 2)
        pad_press(app, pad, "a")                 # the title's Start
        assert top(app) == "message"
        pad_press(app, pad, "a")                 # ... goes first
        assert app.top is sc
        for i in range(6):
            st = sc.state
            target = st.legal_moves()[i % len(st.legal_moves())]
            pad_to(app, pad, sc, target)
            pad_press(app, pad, "a")
            assert sc.table.moves[-1] == st.move_text(target)
        # the stick moves the cursor too
        x = cursor(sc).cursor[0]
        pad.axis(0, -32000 if x > 0 else 32000)
        app.step()
        pad.axis(0, 0)
        app.step()
        assert cursor(sc).cursor[0] == (x - 1 if x > 0 else x + 1)
        # X = Best, Y = Possible, Back = Undo
        pad_press(app, pad, "x")
        assert sc.best == ai.best_move(sc.state)
        pad_press(app, pad, "y")
        assert sorted(sc.markers) == sorted(sc.state.legal_moves())
        n = sc.table.ply
        pad_press(app, pad, "back")
        assert sc.table.ply == n - 1
        assert said(sc)[-1] == "Move taken back."
    finally:
        pad.unplug()


# -- the original's keys ------------------------------------------------------------------------

def test_every_original_key_does_its_job(make_app):
    app, sc = open_tribolo(make_app, seed=11)
    data = Path(app.store.dir)
    # S: sound toggled, applied and saved
    was = app.settings["sound"]
    key(app, pygame.K_s, unicode="s")
    assert app.settings["sound"] is (not was)
    assert app.audio.enabled is (not was)
    assert said(sc)[-1] == ("Sound on." if not was else "Sound off.")
    saved = json.loads((data / "settings.json").read_text())
    assert saved["data"]["sound"] is (not was)
    key(app, pygame.K_s, unicode="s")
    assert app.settings["sound"] is was
    # play a few moves (blue: the mouse)
    for _ in range(2):
        human_turn(app, sc)
        click(app, sc.grid.rect(*sc.state.legal_moves()[0]).center)
    human_turn(app, sc)
    # P: every possible square; B: the square turning the most tiles
    key(app, pygame.K_p, unicode="p")
    assert sorted(sc.markers) == sorted(sc.state.legal_moves()) and sc.markers
    key(app, pygame.K_b, unicode="b")
    assert sc.best == ai.best_move(sc.state)
    assert tuple(cursor(sc).cursor) == tuple(sc.best) and cursor(sc).visible
    # V: the save file (the autosave is another file: it never writes over this one)
    moves = list(sc.table.moves[: sc.table.ply])
    key(app, pygame.K_v, unicode="v")
    assert app.store.exists("saves/tribolo") and app.store.exists("saves/tribolo-autosave")
    # U: back to before blue's last move
    ply = sc.table.ply
    key(app, pygame.K_u, unicode="u")
    assert sc.table.ply < ply
    assert sc.state.current == "blue"
    # L mid-game is refused
    key(app, pygame.K_l, unicode="l")
    assert said(sc)[-1] == "Load only at the start of a game."
    # N: a new game (asked first: blue has moved), not recorded
    key(app, pygame.K_n, unicode="n")
    assert top(app) == "confirm"
    key(app, pygame.K_y, unicode="y")
    assert sc.table.ply == 0 and top(app) == "message"
    key(app, pygame.K_SPACE)
    assert scores.load(app.store) == scores.default_table()
    # L at the start loads the saved game
    key(app, pygame.K_l, unicode="l")
    assert sc.table.moves[: sc.table.ply] == moves
    assert said(sc)[-1] == "Saved game loaded."
    # C: the score table
    key(app, pygame.K_c, unicode="c")
    assert isinstance(app.top, CardScene) and not app.top.show_board
    key(app, pygame.K_RIGHT)
    assert app.top.board == 8
    key(app, pygame.K_ESCAPE)
    assert app.top is sc
    # Q: asked (a game in progress), then back to the launcher, the game kept for "resume"
    key(app, pygame.K_q, unicode="q")
    assert top(app) == "confirm"
    key(app, pygame.K_y, unicode="y")
    assert isinstance(app.top, LauncherScene)
    assert app.store.exists("saves/tribolo-autosave")


def test_the_key_line_is_clickable(make_app):
    app, sc = open_tribolo(make_app, seed=12)
    human_turn(app, sc)
    rects = dict(sc.keyline_rects)
    assert set(rects) == {"sound", "save", "load", "best", "undo", "possible", "new", "scores",
                          "quit", "menu"}
    assert [label for label, _ in sc.cmds.key_line(tscene.KEY_LINE)] == [
        "S)ound", "V)save", "L)oad", "B)est", "U)ndo", "P)ossible", "N)ew", "C)scores",
        "Q)uit", "F10)menu"]
    click(app, rects["possible"].center)
    assert sc.markers
    click(app, rects["menu"].center)
    assert top(app) == "menu"
    click(app, (4, 4))                            # outside the menu: it closes
    assert app.top is sc


def play_two_moves_and_leave(make_app, data_dir):
    app, sc = open_tribolo(make_app, seed=13, data_dir=str(data_dir))
    for _ in range(2):
        human_turn(app, sc)
        click(app, sc.grid.rect(*sc.state.legal_moves()[0]).center)
    human_turn(app, sc)
    moves = list(sc.table.moves[: sc.table.ply])
    app.shutdown(quit_pygame=False)               # the window closed mid-game
    return moves


def reopen(make_app, data_dir):
    app = make_app(data_dir=str(data_dir), anim_speed=0)
    app.push(LauncherScene(app))
    open_game(app, "tribolo")
    app.step()
    assert top(app) == "title"
    assert [label for label, _ in app.top.choices] == ["Resume the saved game", "New game",
                                                        "Play over the network"]
    return app, app.stack[-2]


@pytest.mark.parametrize("how", ["enter", "click", "pad a", "pad start"])
def test_the_title_resumes_the_saved_game_by_default(make_app, tmp_path, how):
    data = tmp_path / "data"
    moves = play_two_moves_and_leave(make_app, data)
    app, sc = reopen(make_app, data)
    press_on_title(app, how)
    assert app.top is sc and sc.resumed
    assert sc.table.moves[: sc.table.ply] == moves
    assert said(sc)[-1] == "The saved game is resumed."
    assert (data / "saves" / "tribolo-autosave.json").exists() or app.store.exists(
        "saves/tribolo-autosave")


def test_a_new_game_from_the_title_asks_before_the_save_is_lost(make_app, tmp_path):
    data = tmp_path / "data"
    moves = play_two_moves_and_leave(make_app, data)
    app, sc = reopen(make_app, data)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)                     # "New game"
    assert top(app) == "confirm"
    key(app, pygame.K_n, unicode="n")             # no: back to the title, the save kept
    assert top(app) == "title"
    key(app, pygame.K_RETURN)
    assert sc.table.moves[: sc.table.ply] == moves
    app, sc = reopen(make_app, data)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_y, unicode="y")             # yes: a new game, who goes first
    assert top(app) == "message" and sc.table.ply == 0


# -- the menu, announcements, the end ------------------------------------------------------------

def test_the_pad_menu_opens_with_start_and_selects_with_dpad_and_a(make_app):
    app, sc = open_tribolo(make_app, seed=21)
    pad = VirtualPad()
    try:
        frames(app, 2)
        human_turn(app, sc)
        pad_press(app, pad, "start")
        menu = app.top
        assert top(app) == "menu"
        labels = [i.label.strip() for i in menu.dialog.menu.items]
        want = labels.index("P  Possible squares")
        while menu.dialog.menu.cursor != want:
            pad_press(app, pad, "dpdown")
        pad_press(app, pad, "a")
        assert app.top is sc and sc.markers
        # seats and level from the menu: Red becomes human, the level changes
        pad_press(app, pad, "start")
        menu = app.top
        red = [i.label.strip() for i in menu.dialog.menu.items].index("Red")
        while menu.dialog.menu.cursor != red:
            pad_press(app, pad, "dpup")
        pad_press(app, pad, "dpright")
        assert sc.table.seats["red"] == "human"
        assert app.settings["games"]["tribolo"]["seats"]["red"] == "human"
        level = [i.label.strip() for i in menu.dialog.menu.items].index("Level")
        while menu.dialog.menu.cursor != level:
            pad_press(app, pad, "dpdown")
        pad_press(app, pad, "dpright")
        assert sc.table.levels["green"] == 2 and app.settings["games"]["tribolo"]["level"] == 2
        pad_press(app, pad, "b")
        assert app.top is sc
    finally:
        pad.unplug()
    # the keyboard: Tab opens, Esc closes
    key(app, pygame.K_TAB)
    assert top(app) == "menu"
    key(app, pygame.K_ESCAPE)
    assert app.top is sc


def test_the_board_option_starts_that_board(make_app):
    app, sc = open_tribolo(make_app, seed=22)
    key(app, pygame.K_F10)
    menu = app.top
    menu.dialog.menu.cursor = [i.label.strip() for i in menu.dialog.menu.items].index("Board")
    key(app, pygame.K_RIGHT)                      # 7 -> 8, at the start: a new game on it
    assert sc.board == 8 and sc.table.ply == 0
    assert app.settings["games"]["tribolo"]["board"] == 8
    assert top(app) == "message"                  # who goes first, over the menu
    key(app, pygame.K_ESCAPE)
    assert app.top is menu
    key(app, pygame.K_ESCAPE)
    assert app.top is sc
    assert sc.state.cell(0, 0) == "#"             # Fortress: grey corners


def test_a_colour_that_cannot_move_is_announced(make_app):
    app, sc = open_tribolo(make_app, seed=23)
    sc.table.new_game(start_text=SKIP_TEXT)
    app.step()
    assert sc.state.current == "blue"
    click(app, sc.grid.rect(2, 0).center)
    assert any("Red cannot move" in a for a in said(sc))
    wait(app, lambda: "dos_skip" in sc.sounds)


def test_the_final_screen_and_see_boards(make_app):
    app, sc = open_tribolo(make_app, seed=31, seats={s: "computer" for s in ("blue", "red",
                                                                             "green")})
    wait(app, lambda: top(app) == "ask", limit=40)
    final = app.top
    assert sc.state.is_over
    assert final.lines[0] == tscene.result_text(sc.state).upper() + "!"
    frames(app, 2)
    assert colours(app.last_native) <= EGA
    key(app, pygame.K_s, unicode="s")             # S)ee boards
    boards = app.top
    assert isinstance(boards, CardScene) and boards.show_board and boards.board == 7
    seen = set()
    for _ in range(len(boards.boards)):
        seen.add(boards.board)
        frames(app, 1)
        assert colours(app.last_native) <= EGA
        key(app, pygame.K_RIGHT)
    assert seen == set(tscene.rules.BOARDS)
    click(app, cards.ARROWS[0][1].center)         # the mouse goes back a board
    assert boards.board == 6
    key(app, pygame.K_ESCAPE)
    assert top(app) == "ask"                      # back to the final box
    card = scores.card(scores.load(app.store), 7)
    assert scores.played(card["green"]) == 1
    key(app, pygame.K_l, unicode="l")             # L)ook at the board
    assert app.top is sc
    key(app, pygame.K_RETURN)                     # Enter: the results again
    assert top(app) == "ask"
    key(app, pygame.K_n, unicode="n")             # N)ew game from the final screen: asked
    assert top(app) == "confirm" and app.top.focus == 1 and sc.state.is_over
    key(app, pygame.K_y, unicode="y")
    assert top(app) == "message" and sc.table.ply == 0 and not sc.state.is_over


def test_a_finished_game_is_recorded_once_however_often_its_end_is_shown(make_app):
    app, sc = open_tribolo(make_app, seed=44)
    blue_ends_with_a_best(app, sc)
    enter_initials(app)
    for _ in range(3):
        assert top(app) == "ask"
        key(app, pygame.K_ESCAPE)                 # look at the board
        assert app.top is sc
        click(app, sc.grid.rect(5, 5).center)     # the board again: the final box again
        frames(app, 3)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_c, unicode="c")             # the scores from the final box
    key(app, pygame.K_ESCAPE)
    card = scores.card(scores.load(app.store), 7)
    assert [scores.played(card[s]) for s in ("blue", "red", "green")] == [1, 1, 1]
    assert card["blue"]["wins"] == 1
    assert said(sc).count("The game is over: Blue wins.") == 1


def test_initials_by_keyboard(make_app):
    app, sc = open_tribolo(make_app, seed=41)
    blue_ends_with_a_best(app, sc)
    assert colours(app.last_native) <= EGA
    for k, ch in ((pygame.K_x, "x"), (pygame.K_s, "s"), (pygame.K_q, "q")):
        key(app, k, unicode=ch)                   # s and q are letters here, not commands
    enter_initials(app)
    assert top(app) == "ask"
    best = scores.card(scores.load(app.store), 7)["best"]
    assert best == {"total": 3, "initials": "XSQ"}
    assert "Best blue total 3 by XSQ." in said(sc)


def test_initials_by_pad(make_app):
    app, sc = open_tribolo(make_app, seed=42)
    pad = VirtualPad()
    try:
        frames(app, 2)
        sc.table.new_game(start_text=BEST_TEXT)
        app.step()
        pad_to(app, pad, sc, (2, 0))
        pad_press(app, pad, "a")
        wait(app, lambda: top(app) == "initials")
        for b in ("dpup", "dpright", "dpup", "dpup", "dpright", "dpdown"):
            pad_press(app, pad, b)
        pad_press(app, pad, "a")
        assert top(app) == "ask"
    finally:
        pad.unplug()
    assert scores.card(scores.load(app.store), 7)["best"] == {"total": 3, "initials": "BCZ"}


# -- the look -----------------------------------------------------------------------------------

def test_a_frame_mid_game_with_markers_and_the_menu_is_all_ega(make_app):
    app, sc = open_tribolo(make_app, seed=51, fast=False, start=False)
    frames(app, 1)
    assert colours(app.last_native) <= EGA        # the title screen
    key(app, pygame.K_SPACE)
    frames(app, 1)
    assert colours(app.last_native) <= EGA        # "... goes first"
    key(app, pygame.K_SPACE)
    human_turn(app, sc)
    speed, app.anim_speed = app.anim_speed, 0.01   # slow: mid-flip however busy the machine
    click(app, sc.grid.rect(*sc.state.legal_moves()[0]).center)
    frames(app, 3)
    assert sc.timeline.running("flip")            # the flip is on screen
    assert colours(app.last_native) <= EGA
    app.anim_speed = speed
    human_turn(app, sc)
    key(app, pygame.K_p, unicode="p")
    key(app, pygame.K_b, unicode="b")
    key(app, pygame.K_TAB)
    app.toast("A toast in EGA colours too")
    frames(app, 2)
    surf = app.last_native
    assert surf.get_size() == (640, 350)
    used = colours(surf)
    assert used <= EGA, used - EGA
    assert len(used) >= 8
    assert used - dos.PALETTE_SET == set()


def test_the_loop_keeps_drawing_while_the_computer_thinks(make_app):
    """The computer's search runs off the main loop: frames go on while it thinks (how long
    a frame takes then is the bench's to measure, not a test's)."""
    app, sc = open_tribolo(make_app, seed=61, level=3, window_size=(1920, 1080),
                           seats={s: "computer" for s in ("blue", "red", "green")})
    app.anim_speed = 1.0
    frames_thinking = 0

    def two_moves():
        nonlocal frames_thinking
        app.clock.tick()                          # animations run in real time
        if sc.table.thinking:
            frames_thinking += 1
        return len(sc.table.moves) >= 2
    assert sc.table.worker is not None            # the search goes to the worker
    assert run_until(app, two_moves, 300)         # a guard against a hang, not a timing
    assert frames_thinking >= 2


@pytest.mark.parametrize("size", [(1280, 960)])
def test_the_grid_maps_clicks_to_squares(make_app, size):
    app, sc = open_tribolo(make_app, seed=71, window_size=size)
    st = sc.state
    for c, r in [(0, 0), (st.width - 1, st.height - 1), (5, 3)]:
        rect = sc.grid.rect(c, r)
        assert sc.grid.at(rect.center) == (c, r)
        assert sc.grid.at(rect.topleft) == (c, r)
    assert sc.grid.at((2, 2)) is None


# -- nothing lost, nothing stuck ------------------------------------------------------------------

def test_the_first_player_box_waits_for_a_press_that_does_nothing_else(make_app):
    app, sc = open_tribolo(make_app, seed=8, seats={s: "human" for s in ("blue", "red", "green")},
                           start=False)
    key(app, pygame.K_SPACE)                      # the title's Start
    assert top(app) == "message"
    for _ in range(5):
        app.top.update(1.0)                       # seconds go by: the box stays
        sc.update(1.0)
    frames(app, 3)
    assert top(app) == "message"
    before = list(said(sc))
    key(app, pygame.K_p, unicode="p")             # closes the box, shows no markers
    assert app.top is sc and not sc.markers and said(sc) == before
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_n, unicode="n")             # nobody has moved: no question
    assert top(app) == "message"
    key(app, pygame.K_RETURN)                     # closes the box, is no move at the cursor
    assert app.top is sc and sc.table.ply == 0
    key(app, pygame.K_n, unicode="n")
    click(app, sc.grid.rect(*sc.state.legal_moves()[0]).center)   # a click: the same
    assert app.top is sc and sc.table.ply == 0
    pad = VirtualPad()
    try:
        frames(app, 2)
        key(app, pygame.K_n, unicode="n")
        pad_press(app, pad, "x")                  # a pad button: the same (no Best)
        assert app.top is sc and sc.best is None
    finally:
        pad.unplug()


def test_squares_are_written_as_the_rules_write_them(make_app):
    app, sc = open_tribolo(make_app, seed=9, seats={s: "human" for s in ("blue", "red", "green")})
    st = sc.state
    taken = next((c, r) for r in range(st.height) for c in range(st.width)
                 if st.cell(c, r) != ".")
    click(app, sc.grid.rect(*taken).center)
    name = st.move_text(taken)
    assert name == name.lower()
    assert name in said(sc)[-1] and name.upper() not in said(sc)[-1]
    human_turn(app, sc)
    key(app, pygame.K_b, unicode="b")
    assert f"Best: {sc.state.move_text(sc.best)} " in said(sc)[-1]


def _rows(surface, top):
    return pygame.image.tobytes(surface.subsurface((0, top, 640, 350 - top)), "RGB")


def _cells_same(sc, a, b):
    return all(pygame.image.tobytes(a.subsurface(r), "RGB") ==
               pygame.image.tobytes(b.subsurface(r), "RGB") for r in sc.board_cells().values())


def test_toasts_leave_the_board_and_the_key_line_free(make_app):
    """A notice never hides the board (issue 48: the cabinet's CREDITS covered its bottom
    row); the 10 lines between the board and the status line hold no text line, so a
    notice takes the status line's place for its seconds, and the key line stays; two
    lines of notices take the key line's place too, never the board's."""
    app, sc = open_tribolo(make_app, seed=10)
    human_turn(app, sc)
    frames(app, 2)
    before = app.last_native.copy()
    app.toast("A notice.")
    frames(app, 2)
    assert _rows(app.last_native, look.KEYLINE_Y) == _rows(before, look.KEYLINE_Y)
    assert _rows(app.last_native, tscene.STATUS_Y) != _rows(before, tscene.STATUS_Y)
    assert _cells_same(sc, app.last_native, before)
    key(app, pygame.K_TAB)                        # a dialog over the game keeps them free too
    frames(app, 2)
    assert _rows(app.last_native, look.KEYLINE_Y) == _rows(before, look.KEYLINE_Y)
    assert app.top.toast_lift() == sc.toast_lift() == 350 - tscene.STATUS_Y
    key(app, pygame.K_ESCAPE)
    app.toast("A notice long enough to be wrapped onto two lines of the EGA screen, "
              "so that it takes up more room at the bottom than one line would.")
    frames(app, 2)
    assert _rows(app.last_native, look.KEYLINE_Y) != _rows(before, look.KEYLINE_Y)
    assert _cells_same(sc, app.last_native, before)
    key(app, pygame.K_c, unicode="c")             # the score card keeps its key line free
    frames(app, 2)
    assert app.top.toast_lift() == 350 - look.KEYLINE_Y
    card_keys = _rows(app.last_native, look.KEYLINE_Y)
    app.toast("Another notice.")
    frames(app, 2)
    assert _rows(app.last_native, look.KEYLINE_Y) == card_keys


def test_see_boards_starts_the_board_it_shows(make_app):
    app, sc = open_tribolo(make_app, seed=14)
    human_turn(app, sc)
    click(app, sc.grid.rect(*sc.state.legal_moves()[0]).center)
    key(app, pygame.K_e, unicode="e")             # See boards
    boards = app.top
    assert isinstance(boards, CardScene) and boards.show_board and boards.board == 7
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)                     # Enter: play this board
    assert top(app) == "message" and sc.board == 8 and sc.table.ply == 0
    assert app.settings["games"]["tribolo"]["board"] == 8
    saved = json.loads((Path(app.store.dir) / "settings.json").read_text())
    assert saved["data"]["games"]["tribolo"]["board"] == 8
    key(app, pygame.K_SPACE)
    key(app, pygame.K_e, unicode="e")
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    frames(app, 1)
    click(app, dict(app.top.keyline_rects)["play"].center)   # the "Play this board" line
    assert top(app) == "message" and sc.board == 6 and sc.state.cell(0, 0) == \
        tscene.rules.new_game(seed=1, board=6).cell(0, 0)
    key(app, pygame.K_SPACE)
    key(app, pygame.K_c, unicode="c")             # the score card has no such line
    frames(app, 1)
    assert "play" not in dict(app.top.keyline_rects)
    key(app, pygame.K_RETURN)
    assert app.top is sc and sc.board == 6


@pytest.mark.parametrize("bad", [{"board": [], "level": "3", "seats": "all", "initials": 7},
                                 {"board": "7", "level": 99, "seats": {"blue": "robot"}},
                                 ["not", "a", "table"]])
def test_bad_settings_cannot_make_the_game_unopenable(make_app, bad):
    app = make_app(anim_speed=0)
    app.settings["games"]["tribolo"] = bad
    app.push(LauncherScene(app))
    assert open_game(app, "tribolo", seed=3)
    sc = app.stack[-2]
    assert isinstance(sc, TriboloScene) and sc.board == 7
    assert sc.table.levels == {s: ai.DEFAULT_LEVEL for s in ("blue", "red", "green")}
    assert sc.table.seats == {"blue": "human", "red": "computer", "green": "computer"}
    assert app.settings["games"]["tribolo"]["initials"] == "AAA"
    key(app, pygame.K_SPACE)
    key(app, pygame.K_SPACE)
    frames(app, 2)
    assert app.top is sc
    assert colours(app.last_native) <= EGA


def test_score_writes_that_fail_are_told_not_raised(make_app):
    app, sc = open_tribolo(make_app, seed=43)
    told = []
    real_notice = app.notice
    app.notice = lambda s: (told.append(s), real_notice(s))

    def broken(name, data, version=1):
        raise OSError(28, "No space left on device")
    app.store.save = broken
    sc.table.new_game(start_text=BEST_TEXT)
    app.step()
    click(app, sc.grid.rect(2, 0).center)
    wait(app, lambda: app.top is not sc)
    assert top(app) == "ask"                      # the game goes on to its end box
    assert any("scores could not be kept" in t for t in told)


# -- the small shared parts Tribolo added ------------------------------------------------------------

def test_a_timeout_track_is_not_busy():
    from games.ui.anim import Timeline
    tl = Timeline(1.0)
    tl.add("message", 4.0, data=("Hello", dos.WHITE), holds=False)
    assert not tl.busy and tl.get("message").data[0] == "Hello"
    tl.add("flip", 0.2)
    assert tl.busy
    tl.update(0.3)
    assert not tl.busy and tl.running("message")
    tl.update(4.0)
    assert not tl.running("message")


def test_dos_menu_items_draw_a_menu_model():
    from games.ui.commands import Command, CommandTable, choice, separator
    log, value, sound = [], ["b"], [True]
    cmds = CommandTable([Command("go", "Go on", run=lambda: log.append("go"), shortcut="G"),
                         Command("snd", "Sound", run=lambda: sound.__setitem__(0, not sound[0]),
                                 checked=lambda: sound[0], shortcut="S")])
    model = cmds.items("go", "snd", "-") + [
        choice("Pick", [("a", "Ay"), ("b", "Bee"), ("c", "Cee")], lambda: value[0],
               lambda v: value.__setitem__(0, v)), separator()]
    items = dos.menu_items(model, close=lambda: log.append("close"))
    assert [i.label for i in items] == ["G  Go on", "S  Sound", "", "   Pick", ""]
    items[0].on_confirm()
    assert log == ["close", "go"]                 # the menu closes, then the command runs
    assert items[1].value() == "On"
    items[1].on_change(1)
    assert items[1].value() == "Off" and log == ["close", "go"]   # a toggle stays open
    assert items[3].value() == "Bee"
    items[3].on_change(1)
    assert value == ["c"] and items[3].value() == "Cee"
    items[3].on_change(-1)
    assert value == ["b"]
    assert not items[2].is_enabled() and not items[4].is_enabled()


def test_the_title_names_the_menu_key_for_play_where_it_opens_the_menu(make_app, monkeypatch):
    """On the title page the menu key takes the focused choice (it starts the game, as
    Enter does); the line under the picture names it for play, where it opens the menu."""
    app, sc = open_tribolo(make_app, start=False)
    assert top(app) == "title"
    drawn = drawn_by(app, monkeypatch, dos, "centred")
    assert "Mouse, keys or gamepad.  In play, F10: the menu." in drawn, drawn
    key(app, pygame.K_F10)
    assert top(app) == "message" and sc.live, "on the title F10 starts the game"
    key(app, pygame.K_SPACE)                      # past "... goes first"
    assert app.top is sc
    key(app, pygame.K_F10)
    assert top(app) == "menu", "in play F10 opens the menu"
