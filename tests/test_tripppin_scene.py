"""Tripppin's screen through the real loop: SDL events in SDL's queue, a virtual gamepad,
the computer in the worker process, the picture checked pixel by pixel."""

import random
import time

import pygame
import pytest

from driver import VirtualPad, click, colours, drag, frames, key, pad_press, run_until
from test_cabinet import cabinet, drop, open_from_launcher  # noqa: F401
from test_cabinet_credits import COIN, move_until_a_start_costs
from games.tripppin import ai, play
from games.tripppin.play import cursor_step
from games.tripppin.scene import TripppinScene
from games.ui import amiga

WB = {amiga.BLUE, amiga.WHITE, amiga.BLACK, amiga.ORANGE}


def open_scene(make_app, seed=11, fast=True, title=False, **settings):
    app = make_app()
    seats = {p: settings.pop(p) for p in ("blue", "orange") if p in settings}
    app.game_settings("tripppin").update(settings, seats=seats)
    scene = app.push(TripppinScene(app, seed=seed, title=title))
    if fast:
        scene.table.min_think = 0.0
        scene.slide_seconds = 0.02
    frames(app, 2)
    return app, scene


def settle(app, scene):
    """Let the slide of the last move finish."""
    run_until(app, lambda: scene.slide is None, 2)


def rmb(app, points, release=None):
    """Hold the right button at points[0], move through the others, release at the last
    (or at ``release``)."""
    win = [app.display.to_window(p) for p in points]
    up = app.display.to_window(release) if release else win[-1]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=win[0], rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=win[0], button=3))
    app.step()
    for p in win[1:] + ([up] if release else []):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0),
                                             buttons=(0, 0, 1)))
        app.step()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=up, button=3))
    app.step()


def menu_path(scene, *labels):
    """Points for the right-button path to a menu entry: title, item, submenu item (on the
    game's own strip, or on the menu scene opened for keys)."""
    strip = scene.strip
    return [strip.find(*labels[:i]).center for i in range(1, len(labels) + 1)]


def reach_with(app, scene, target, press):
    """Bring the cursor to target with ``press(direction)`` (the shortest way, found with
    the scene's own cursor rule), then return True if it is there."""
    if not scene.cursor_shown:
        press("right")                              # the first press shows the cursor
    moves = scene.table.state.legal_moves()
    paths = {scene.cursor: []}
    frontier = [scene.cursor]
    while frontier and target not in paths:
        c = frontier.pop(0)
        for d in ("up", "down", "left", "right"):
            n = cursor_step(moves, c, d)
            if n not in paths:
                paths[n] = paths[c] + [d]
                frontier.append(n)
    for d in paths.get(target, []):
        press(d)
    return scene.cursor_shown and scene.cursor == target


def rules_distance(a, b):
    return max(abs(a % 8 - b % 8), abs(a // 8 - b // 8))


# -- whole games -------------------------------------------------------------------------------

def test_a_whole_game_by_mouse_against_the_computer(make_app):
    app, scene = open_scene(make_app, seed=5, level=1)
    t = scene.table
    assert t.seats == {"blue": "computer", "orange": "human"}
    assert t.state.current == "orange"           # orange moves first in a session
    rng = random.Random(2)
    human_moves = 0
    end = time.monotonic() + 300                 # a hang guard: the game ends first
    while not t.state.is_over and time.monotonic() < end:
        if not t.human_to_move:
            app.step()
            time.sleep(0.002)
            continue
        settle(app, scene)
        s = t.state
        move = ai.choose_move(s, 2, rng, history=t.history)
        drag(app, scene.square_center(s.position("orange")), scene.square_center(move))
        assert t.state.position("orange") == move, "the drop made the move"
        human_moves += 1
    assert t.state.is_over, "the game ended"
    assert human_moves > 3
    run_until(app, lambda: "amiga_win" in app.audio.played, 2)   # once the last slide ends
    assert "amiga_move" in app.audio.played and "amiga_win" in app.audio.played
    from games.tripppin import scores           # the record against level 1 counts it once
    row = scores.load(app.store)["1"]
    assert row["won"] + row["lost"] == 1
    assert any(line.startswith("1") for line in scores.score_lines(app.store))
    assert scene.shown_moves == t.moves
    # presses after the end count nothing again
    for k in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_s, pygame.K_LEFT):
        key(app, k)
    rmb(app, [(320, 128)], release=(320, 200))     # the menus shown, nothing chosen
    frames(app, 3)
    assert t.state.is_over
    assert sum(scores.load(app.store)["1"].values()) == 1
    # the winner is announced; Enter asks (the board stays), Yes starts the next game with
    # blue first
    assert app.last_native is not None
    key(app, pygame.K_RETURN)
    assert app.top.name == "confirm" and app.top.focus == 1 and t.state.is_over
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)
    assert not t.state.is_over and t.state.current == "blue" and t.moves == []
    frames(app, 3)
    assert sum(scores.load(app.store)["1"].values()) == 1


def test_a_game_with_keys_only_both_seats_human(make_app):
    app, scene = open_scene(make_app, seed=21, blue="human", orange="human")
    t = scene.table
    rng = random.Random(4)
    keymap = {"right": pygame.K_RIGHT, "left": pygame.K_LEFT, "up": pygame.K_UP,
              "down": pygame.K_DOWN}
    plies = 0
    while not t.state.is_over and plies < 40:
        s = t.state
        legal = s.legal_moves()
        target = s.target(s.current)
        # mostly towards the target, sometimes anywhere
        move = (min(legal, key=lambda m: rules_distance(m, target))
                if rng.random() < 0.7 else rng.choice(legal))
        assert reach_with(app, scene, move, lambda d: key(app, keymap[d]))
        key(app, pygame.K_RETURN)
        assert t.state.position(s.current) == move
        plies += 1
    assert plies == 40 or t.state.is_over
    assert len(t.moves) == plies
    # directions go the way they say when a destination lies that way
    if not t.state.is_over:
        settle(app, scene)
        legal = t.state.legal_moves()
        start = scene.cursor
        key(app, pygame.K_UP)
        above = [m for m in legal if m // 8 < start // 8]
        if above:
            assert scene.cursor // 8 < start // 8


def test_a_game_with_the_pad_only(make_app):
    app, scene = open_scene(make_app, seed=8, blue="human", orange="human")
    t = scene.table
    pad = VirtualPad()
    try:
        frames(app, 2)
        rng = random.Random(9)
        for _ in range(16):
            if t.state.is_over:
                break
            s = t.state
            move = rng.choice(s.legal_moves())
            assert reach_with(app, scene, move, lambda d: pad_press(app, pad, "dp" + d))
            pad_press(app, pad, "a")
            assert t.state.position(s.current) == move
        assert len(t.moves) >= 1
        # Y suggests, X takes back (both seats human: one move back)
        n = len(t.moves)
        if not t.state.is_over:
            pad_press(app, pad, "x")
            assert len(t.history) == n
    finally:
        pad.unplug()


# -- the mouse ---------------------------------------------------------------------------------

def test_an_illegal_drop_flashes_beeps_and_the_piece_goes_back(make_app):
    app, scene = open_scene(make_app, seed=3)
    t = scene.table
    before = t.state
    here = before.position("orange")
    legal = before.legal_moves()
    bad = next(sq for sq in range(64) if sq not in legal and sq != here
               and sq != before.position("blue"))
    frames(app, 1)
    assert app.last_native.get_at((1, 1))[:3] == amiga.WHITE     # the screen title bar
    drag(app, scene.square_center(here), scene.square_center(bad))
    assert "amiga_beep" in app.audio.played
    assert t.state == before and t.moves == []
    assert scene.drag is None
    # why, in the rules' terms, on the panel's status line
    why = play.refusal(before, bad)
    assert scene.status.history[-1] == why and scene.status_text()[0] == why
    assert "may only move" in why or "is where" in why
    # the whole screen flashed (Workbench DisplayBeep), then comes back
    assert app.last_native.get_at((1, 1))[:3] == amiga.BLACK
    assert colours(app.last_native) <= WB
    time.sleep(amiga.BEEP_SECONDS + 0.05)
    frames(app, 2)
    assert app.last_native.get_at((1, 1))[:3] == amiga.WHITE
    # the piece is drawn back on its square, not where it was dropped
    cell = scene.square_rect(here)
    assert amiga.ORANGE in colours(app.last_native.subsurface(cell))
    # dragging the computer's piece is refused the same way
    drag(app, scene.square_center(before.position("blue")), scene.square_center(legal[0]))
    assert t.state == before
    assert list(app.audio.played).count("amiga_beep") == 2
    assert scene.status.history[-1] == "Orange is to move, not Blue."
    scene.cmds.run("history")                    # read back: the status line's history
    assert app.top.name == "pages" and "Orange is to move, not Blue." in app.top.pages[-1]


def test_a_click_on_a_neighbour_moves_and_a_click_elsewhere_is_refused(make_app):
    app, scene = open_scene(make_app, seed=3)
    t = scene.table
    s = t.state
    far = next(sq for sq in range(64) if play.direction(s.position("orange"), sq) is None
               and sq != s.position("blue"))
    click(app, scene.square_center(far))
    assert t.state == s and scene.status.history[-1] == play.refusal(s, far)
    assert "amiga_beep" in app.audio.played
    click(app, scene.square_center(s.legal_moves()[0]))
    assert t.state.position("orange") == s.legal_moves()[0]
    # on the computer's turn a choice is refused, and said
    if not t.human_to_move and not t.state.is_over:
        click(app, scene.square_center(t.state.legal_moves()[0]))
        assert scene.status.history[-1] == "Blue is thinking."


def test_the_close_gadget_and_the_quit_requester(make_app):
    from games.launcher.scene import LauncherScene
    app = make_app()
    launcher = app.push(LauncherScene(app))
    scene = app.push(TripppinScene(app, seed=4, title=False))
    scene.table.min_think = 0.0
    frames(app, 2)
    s = scene.table.state
    drag(app, scene.square_center(s.position("orange")), scene.square_center(s.legal_moves()[0]))
    assert run_until(app, lambda: scene.table.human_to_move)
    key(app, pygame.K_ESCAPE)
    assert app.top.name == "confirm"               # the System Request is a modal scene
    assert "Quit Tripppin?" in " ".join(app.top.lines)
    key(app, pygame.K_ESCAPE)                      # Cancel
    assert app.top is scene
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_LEFT)                        # the positive button, at the left
    key(app, pygame.K_RETURN)
    assert app.top is launcher
    # back in: the game was kept; the close gadget asks as Esc does (it was resumed)
    scene = app.push(TripppinScene(app, title=False))
    frames(app, 2)
    assert scene.table.seed == 4
    gadget = scene.layout.window.close_rect.center
    click(app, gadget)
    assert app.top.name == "confirm" and app.top.focus == 1
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)
    assert app.top is launcher


# -- menus -------------------------------------------------------------------------------------

def test_right_button_menus_set_level_take_back_and_restart(make_app, tmp_path):
    app, scene = open_scene(make_app, seed=6)
    t = scene.table
    rmb(app, [(320, 128)] + menu_path(scene, "Project", "Difficulty", "5"))
    assert t.levels == {"blue": 5, "orange": 5}
    assert app.game_settings("tripppin")["level"] == 5
    assert "amiga_click" in app.audio.played
    assert not scene.strip.open
    # a human move, the computer's answer, then Take back undoes both
    first = t.state
    drag(app, scene.square_center(first.position("orange")),
         scene.square_center(first.legal_moves()[0]))
    assert run_until(app, lambda: t.human_to_move and len(t.moves) == 2)
    rmb(app, [(320, 128)] + menu_path(scene, "Project", "Take back"))
    assert t.state == first
    # releasing away from the menus chooses nothing
    rmb(app, [(320, 128)] + menu_path(scene, "Project", "Restart the game"),
        release=(320, 200))
    assert t.state == first
    # Restart: a new shuffle, and the other piece moves first
    rmb(app, [(320, 128)] + menu_path(scene, "Project", "Restart the game"))
    assert t.state.current == "blue" and t.state != first
    assert t.levels["blue"] == 5 and t.seats["orange"] == "human"
    assert run_until(app, lambda: t.ply > 0)      # the computer has moved: asked first
    # only the computer has moved: Take back is offered nowhere and takes nothing back
    moved = t.ply
    assert not scene.can_undo
    rmb(app, [(320, 128)] + menu_path(scene, "Project", "Take back"))
    key(app, pygame.K_u, unicode="u")
    frames(app, 2)
    assert t.ply == moved and t.state.current == "orange"
    rmb(app, [(320, 128)] + menu_path(scene, "Project", "Restart the game"))
    assert app.top.name == "confirm" and app.top.focus == 1
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)
    assert t.options["first"] == "orange"


README_MENU = ["Blue piece", "Orange piece", "Difficulty", "Prevent loops", "Suggest a move",
               "Take back", "Restart the game", "Play over the network", "Replay",
               "Quit the game"]      # (the house's network play and replay before Quit)


def test_the_menu_lists_the_readmes_items_in_its_order(make_app):
    app, scene = open_scene(make_app, seed=6)
    first = scene.menu_model()[0]
    assert [i.label for i in first.sub] == README_MENU
    assert [i.label for i in first.sub[0].sub] == ["Human", "Computer"]
    assert [i.label.split(" (")[0] for i in first.sub[2].sub] == [
        "1", "2", "3", "4", "5", "6", "7", "8", "9", "Perfect"]


def strip_order(strip) -> list:
    """The first menu's items as the strip lays them out, top to bottom."""
    title = strip.menus[0].title
    labels = [i.label for i in strip.menus[0].items]
    return sorted(labels, key=lambda label: strip.find(title, label).y)


def test_the_readmes_menu_is_first_on_the_pointers_strip_and_the_keys_menu(make_app):
    """The right button's strip, F10's and pad Start's menu all open on the readme's items
    in the readme's order; what Tricade adds is in a menu after it."""
    app, scene = open_scene(make_app, seed=6)
    assert strip_order(scene.strip) == README_MENU
    assert [m.title for m in scene.strip.menus] == ["Project", "Settings"]
    assert [i.label for i in scene.strip.menus[1].items][:2] == ["Fair start", "Interlace"]
    # held open with the right button: the readme's items are drawn, first menu first
    win = app.display.to_window((40, 5))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=win, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=win, button=3))
    frames(app, 2)
    assert scene.strip.open and scene.strip.menu == 0
    box = scene.strip.box_rect(0)
    assert colours(app.last_native.subsurface(box)) > {amiga.WHITE}   # drawn, with text
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=win, button=3))
    frames(app, 2)
    assert app.top is scene and not scene.strip.open
    # F10 (keys) and pad Start: the same items, the same order, the cursor on the first
    key(app, pygame.K_F10)
    assert app.top.name == "menu" and strip_order(app.top.strip) == README_MENU
    assert app.top.strip.menus[0].items[app.top.strip.item or 0].label == "Blue piece"
    key(app, pygame.K_ESCAPE)
    assert app.top is scene
    pad = VirtualPad()
    try:
        frames(app, 2)
        pad_press(app, pad, "start")
        assert app.top.name == "menu" and strip_order(app.top.strip) == README_MENU
        pad_press(app, pad, "b")
        assert app.top is scene
    finally:
        pad.unplug()


def test_pad_start_opens_the_menus(make_app):
    app, scene = open_scene(make_app, seed=6)
    t = scene.table
    pad = VirtualPad()
    try:
        frames(app, 2)
        pad_press(app, pad, "start")
        assert app.top.name == "menu" and app.top.strip.open   # the strip, opened for keys
        pad_press(app, pad, "dpright")             # into "Blue piece", on "Computer"
        pad_press(app, pad, "dpup")                # "Human"
        pad_press(app, pad, "a")
        assert app.top is scene
        assert t.seats["blue"] == "human"
        pad_press(app, pad, "start")
        for _ in range(2):
            pad_press(app, pad, "dpdown")          # Difficulty
        pad_press(app, pad, "a")                   # into it, on the level now (3)
        pad_press(app, pad, "dpdown")
        pad_press(app, pad, "dpdown")
        pad_press(app, pad, "a")
        assert t.levels["orange"] == 5
        pad_press(app, pad, "start")
        pad_press(app, pad, "b")                   # back closes
        assert app.top is scene
        # F10 does the same from the keyboard: Project > Prevent loops
        key(app, pygame.K_F10)
        assert app.top.name == "menu"
        for _ in range(3):
            key(app, pygame.K_DOWN)
        key(app, pygame.K_RETURN)
        assert app.top is scene
        assert t.ai_options["prevent_loops"] is False
    finally:
        pad.unplug()


# -- the computer and the suggestions ----------------------------------------------------------

def test_suggest_shows_marching_ants_on_a_legal_square(make_app):
    app, scene = open_scene(make_app, seed=12)
    t = scene.table
    key(app, pygame.K_s)                           # right-Amiga S
    assert scene.suggest_job is not None
    assert run_until(app, lambda: scene.suggestion is not None, 10)
    assert scene.animating()
    frames(app, 1)
    sq, how = scene.suggestion     # (a depth while the search deepens, then the verdict)
    assert sq in t.state.legal_moves() and (isinstance(how, str) or how >= 1)
    assert scene.cursor == sq, "the keyboard cursor stands on the suggested square"
    tile = app.last_native.subsurface(scene.layout.tile(sq))
    assert {amiga.ORANGE, amiga.BLUE} <= colours(tile)     # the ants
    job = scene.suggest_job
    drag(app, scene.square_center(t.state.position("orange")), scene.square_center(sq))
    assert scene.suggestion is None and scene.suggest_job is None
    assert job is None or job.cancelled or job.done


def test_computer_against_computer_shows_every_move(make_app):
    app, scene = open_scene(make_app, seed=14, fast=False, level=1)
    t = scene.table
    rmb(app, [(320, 128)] + menu_path(scene, "Project", "Orange piece", "Computer"))
    assert t.seats == {"blue": "computer", "orange": "computer"}
    slid = set()

    def watch():
        if scene.slide is not None:
            slid.add(len(t.moves))
        return len(t.moves) >= 5 or t.state.is_over
    assert run_until(app, watch, 15)
    assert scene.shown_moves == t.moves
    # every move glided across the board before the next one was played
    assert slid >= set(range(1, len(t.moves)))


def test_take_back_does_nothing_when_both_seats_are_computers(make_app):
    app, scene = open_scene(make_app, seed=15, blue="computer", orange="computer", level=1)
    t = scene.table
    assert run_until(app, lambda: len(t.moves) >= 2)
    n = len(t.moves)
    scene.cmds.run("undo")
    assert len(t.moves) >= n and t.index >= n


# -- interlace, palette, saving ----------------------------------------------------------------

def test_interlace_doubles_the_lines_and_the_board_still_works(make_app):
    app, scene = open_scene(make_app, seed=9)
    rmb(app, [(320, 128)] + menu_path(scene, "Settings", "Interlace"))
    frames(app, 2)
    assert scene.native_size == (640, 512) and scene.pixel_aspect == 1.0
    assert app.display.native_size == (640, 512)
    assert app.last_native.get_size() == (640, 512)
    assert scene.square_rect("a1").h == 50
    t = scene.table
    s = t.state
    move = s.legal_moves()[0]
    drag(app, scene.square_center(s.position("orange")), scene.square_center(move))
    assert t.state.position("orange") == move
    assert colours(app.last_native) <= WB
    # and back to 256 lines from the menu (whose bar does not move)
    settle(app, scene)
    assert run_until(app, lambda: t.human_to_move)
    rmb(app, [(320, 256)] + menu_path(scene, "Settings", "Interlace"))
    assert scene.native_size == (640, 256) and app.display.native_size == (640, 256)
    assert app.game_settings("tripppin")["interlace"] is False


def test_every_pixel_is_a_workbench_colour(make_app):
    app, scene = open_scene(make_app, seed=10)
    t = scene.table
    # mid-game: a few moves each
    for _ in range(3):
        assert run_until(app, lambda: t.human_to_move)
        settle(app, scene)
        s = t.state
        drag(app, scene.square_center(s.position("orange")),
             scene.square_center(s.legal_moves()[-1]))
    assert run_until(app, lambda: t.human_to_move)
    key(app, pygame.K_s)
    assert run_until(app, lambda: scene.suggestion is not None, 10)
    key(app, pygame.K_RIGHT)                                   # the keyboard cursor
    # the menus open (pointer mode, on a submenu) over the board and the panel
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN,
                                         pos=app.display.to_window((300, 100)), button=3))
    app.step()
    for p in menu_path(scene, "Project", "Difficulty", "4"):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=app.display.to_window(p),
                                             rel=(0, 0), buttons=(0, 0, 1)))
        app.step()
    assert scene.strip.open and scene.strip.sub is not None
    seen = set()
    x_seen = False
    end = time.monotonic() + 60                # both flash phases (a hang guard: it
    while time.monotonic() < end and not (x_seen and len(seen) > 3):   # ends when seen)
        app.step()
        seen |= colours(app.last_native)
        target = t.state.target("orange")
        if target is not None:
            x_seen |= amiga.ORANGE in colours(app.last_native.subsurface(
                scene.layout.tile(target)))
        time.sleep(0.03)
    assert seen <= WB, seen - WB
    assert x_seen, "the orange X flashed on orange's target"
    # the requester and the DisplayBeep flash too
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP,
                                         pos=app.display.to_window((600, 200)), button=3))
    app.step()
    key(app, pygame.K_ESCAPE)
    assert colours(app.last_native) <= WB
    key(app, pygame.K_ESCAPE)
    scene.beep()
    app.step()
    assert colours(app.last_native) <= WB


def test_the_game_in_progress_is_saved_and_resumed(make_app):
    app, scene = open_scene(make_app, seed=None)
    t = scene.table
    s = t.state
    drag(app, scene.square_center(s.position("orange")), scene.square_center(s.legal_moves()[0]))
    assert run_until(app, lambda: t.human_to_move and len(t.moves) == 2)
    moves, seed = list(t.moves), t.seed
    app.pop()
    assert app.store.load("saves/tripppin", None, 1)["moves"] == moves
    again = app.push(TripppinScene(app, title=False))
    assert again.table.seed == seed and again.table.moves == moves
    assert again.table.seats == {"blue": "computer", "orange": "human"}


# -- the title page ----------------------------------------------------------------------------

def saved_game(make_app):
    """An app whose store holds a game in progress (two moves), and those moves."""
    app, scene = open_scene(make_app, seed=None)
    t = scene.table
    s = t.state
    drag(app, scene.square_center(s.position("orange")), scene.square_center(s.legal_moves()[0]))
    assert run_until(app, lambda: t.human_to_move and len(t.moves) == 2)
    moves = list(t.moves)
    app.pop()
    return app, moves


def open_title(app):
    scene = app.push(TripppinScene(app))
    frames(app, 2)
    title = app.top
    assert title.name == "title" and not title.transparent
    assert [label for label, _ in title.choices] == ["Resume the saved game", "New game",
                                                        "Play over the network"]
    assert title.focus == 0
    return scene, title


def resumed(app, scene, moves):
    frames(app, 2)
    return app.top is scene and scene.resumed and scene.table.moves == moves


def test_the_title_resumes_the_saved_game_on_enter(make_app):
    app, moves = saved_game(make_app)
    scene, _title = open_title(app)
    assert colours(app.last_native) <= WB          # the Workbench with the game's window
    key(app, pygame.K_RETURN)
    assert resumed(app, scene, moves)


def test_the_title_resumes_the_saved_game_on_a_click(make_app):
    app, moves = saved_game(make_app)
    scene, title = open_title(app)
    click(app, title.menu.item_rect(0).center)
    assert resumed(app, scene, moves)


@pytest.mark.parametrize("button", ["a", "start"])
def test_the_title_resumes_the_saved_game_on_pad_a_and_start(make_app, button):
    app, moves = saved_game(make_app)
    pad = VirtualPad()
    try:
        frames(app, 2)
        scene, _title = open_title(app)
        pad_press(app, pad, button)
        assert resumed(app, scene, moves)
    finally:
        pad.unplug()


def test_the_first_mover_changes_with_every_new_game_from_the_title_page_too(make_app):
    """"This time the other piece moves first (it changes each time you restart)": from
    the title page's Start and New game as from the menu's Restart, across sessions."""
    app = make_app()
    frames(app, 1)
    firsts = []
    for i in range(4):
        scene = app.push(TripppinScene(app))
        frames(app, 2)
        assert app.top.name == "title"
        if i == 0:
            key(app, pygame.K_RETURN)                       # Start
        else:
            key(app, pygame.K_DOWN)                         # New game (the save is lost)
            key(app, pygame.K_RETURN)
            assert app.top.name == "confirm"
            key(app, pygame.K_y, unicode="y")
        assert app.top is scene
        firsts.append(scene.table.state.current)
        scene.new_game()                                    # Restart: the other one again
        firsts.append(scene.table.state.current)
        app.pop()
        frames(app, 1)
    assert firsts == ["orange", "blue"] * 4, firsts


def test_a_suggestion_and_the_computers_moves_are_said_by_their_direction(make_app):
    """The board has no coordinates: Suggest and Messages name a move by its way."""
    from games.tripppin import look, rules
    app, scene = open_scene(make_app, seed=6, blue="computer", orange="human")
    t = scene.table
    assert t.human_to_move
    scene.suggest()
    assert run_until(app, lambda: scene.suggestion is not None, 20)
    way = play.way(t.state, scene.suggestion[0])
    assert way in rules.DIRECTION_NAMES
    lines = []
    real = look.wrap

    def spy(text, n):
        lines.append(text)
        return real(text, n)
    look.wrap = spy
    try:
        app.present_whole()
    finally:
        look.wrap = real
    shown = [s for s in lines if s.startswith("Suggested:")]
    assert shown and shown[0].startswith(f"Suggested: {way}"), shown
    assert scene.play_move(scene.suggestion[0])
    assert run_until(app, lambda: t.human_to_move and t.ply == 2, 20)
    said = scene.status.history
    assert any(line.startswith("Blue moves ") for line in said), said


def test_a_cabinets_pointer_strip_says_insert_coin_and_follows_the_credit(cabinet):
    """The strip the right button holds open is the game's own, made once: its Restart says
    INSERT COIN when a restart would cost a credit and none stands, and not after a coin."""
    app, cab, clock = cabinet(**COIN)
    drop(app, clock)
    scene = open_from_launcher(app, cab, "tripppin")
    move_until_a_start_costs(app, clock, scene)
    app.pop_to(scene)

    def restart_label() -> str:
        win = app.display.to_window(scene.strip.find("Project").center)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=win, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=win, button=3))
        app.step()
        assert scene.strip.open
        label = next(i.label for i in scene.strip.menus[0].items if i.name == "new")
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=win, button=3))
        app.step()
        assert not scene.strip.open and app.top is scene
        return label

    assert restart_label() == "Restart the game: INSERT COIN"
    drop(app, clock)
    assert cab.credits == 1 and restart_label() == "Restart the game"
