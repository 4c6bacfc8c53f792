"""TriAxis's screen through the real loop: SDL key and mouse events, a virtual gamepad, the
computer in the worker process, the picture checked against the 16 EGA colours."""

import time

import pygame

from driver import VirtualPad, click, colours, frames, key, pad_press
from games.triaxis import scores
from games.triaxis.island import offset_neighbour
from games.triaxis.scene import (HELP_PAGES, FileScene, InitialsScene, ScoresScene,
                                 SetupScene, TriAxisScene)
from games.ui import dos

PALETTE = set(dos.PALETTE)
ARROWS = {"up": pygame.K_UP, "down": pygame.K_DOWN, "left": pygame.K_LEFT,
          "right": pygame.K_RIGHT}


def open_scene(make_app, seed=5, **settings):
    app = make_app(anim_speed=0)
    s = app.game_settings("triaxis")
    s.update({"count": 3, "kinds": ["human"] + ["computer"] * 5, "level": 1, "rounds": 3})
    s.update(settings)
    scene = app.push(TriAxisScene(app, seed=seed))
    scene.table.min_think = 0.0
    frames(app, 2)
    return app, scene


def run_until(app, cond, timeout=15.0):
    end = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > end:
            return False
        app.step()
        time.sleep(0.001)
    return True


def zone_pos(scene, z):
    return scene.zone_centre(z)


def walk(app, scene, z, press):
    """Bring the cursor to zone z with arrow presses (``press(direction)``)."""
    if not scene.cursor.visible:
        press("right")
    c1, r1 = z % 16, z // 16
    for _ in range(40):
        c, r = scene.cursor.pos
        if (c, r) == (c1, r1):
            return True
        press("right" if c1 > c else "left" if c1 < c else "down" if r1 > r else "up")
    return scene.cursor.pos == (c1, r1)


def test_a_whole_three_seat_game_with_one_person(make_app):
    # five rounds: enough move turns for the person to play by mouse, keys and pad whatever
    # the spinner gives (three rounds sometimes gave a single move turn)
    app, scene = open_scene(make_app, rounds=5)
    t = scene.table
    pad = VirtualPad()
    try:
        frames(app, 3)
        assert scene.mode == "title"
        key(app, pygame.K_RETURN)                          # the welcome page
        assert isinstance(app.top, SetupScene)
        key(app, pygame.K_RETURN)                          # Start: a new Biosphere
        assert scene.mode == "accept" and app.top is scene
        first = t.state.island
        key(app, pygame.K_n, unicode="n")                  # another one, please
        assert scene.mode == "accept" and t.state.island.terrain != first.terrain
        pad_press(app, pad, "a")                           # accepted
        assert scene.mode == "play" and t.state.phase == "setup"
        assert t.seats == {"red": "human", "blue": "computer", "green": "computer"}
        # placement: by the mouse, by the keys, then the rest at random
        empty = [z for z in t.state.island.land if not t.state.cells[z]]
        click(app, zone_pos(scene, empty[0]))
        assert t.state.cells[empty[0]] == 8 + 1
        assert run_until(app, lambda: t.human_to_move)
        target = next(z for z in t.state.island.land[::-1] if not t.state.cells[z])
        assert walk(app, scene, target, lambda d: key(app, ARROWS[d]))
        key(app, pygame.K_RETURN)
        assert t.state.cells[target] == 8 + 1
        assert run_until(app, lambda: t.human_to_move)
        c, r = scene.cursor.pos
        key(app, pygame.K_KP7)                             # the keypad's corner keys
        assert scene.cursor.pos == offset_neighbour(c, r, 5) or r == 0 or c == 0
        key(app, pygame.K_r)
        assert "random" in scene.question[0]
        key(app, pygame.K_RETURN)                          # (Y/n): Enter is yes
        assert run_until(app, lambda: t.state.phase != "setup")
        assert t.state.on_island("red") == 14
        harvested = undone = conceded = False
        steps = {"mouse": 0, "keys": 0, "pad": 0}
        n = 0
        end = time.monotonic() + 40
        while not t.state.is_over and time.monotonic() < end:
            st = t.state
            if st.phase == "spin" and st.turn == "red" and not harvested:
                t.pending = "harvest"                      # force a harvest for red
                app.step()
                assert run_until(app, lambda: t.state.phase != "spin" or t.state.is_over)
                if t.state.phase == "harvest-colour":
                    colour = t.state.island.terrain[t.state.markers("red")[0][0]]
                    t.pending = colour
                    assert run_until(app, lambda: t.state.phase != "harvest-colour")
                    assert any("HARVEST" in e for e in scene.events)
                harvested = True
                continue
            if not t.human_to_move:
                app.step()
                time.sleep(0.001)
                continue
            if st.phase == "harvest":
                empty = [z for z in st.island.land if not st.cells[z]]
                before = t.index
                click(app, zone_pos(scene, empty[len(empty) // 2]))
                assert t.index > before and t.moves[before].startswith("+")
                continue
            assert st.phase == "move"
            if not conceded:
                key(app, pygame.K_ESCAPE)                  # concede? no: N
                assert scene.question and "concede" in scene.question[0]
                key(app, pygame.K_n, unicode="n")
                assert scene.question is None and t.state == st
                conceded = True
            moves = [m for m in st.legal_moves() if m != "resign"]
            m = moves[n % len(moves)]
            before = t.index
            way = ("mouse", "keys", "pad")[n % 3]
            n += 1
            if way == "mouse":
                click(app, zone_pos(scene, m[1]))
                assert scene.selected == m[1] and m[2] in scene.targets()
                click(app, zone_pos(scene, m[2]))
            elif way == "keys":
                walk(app, scene, m[1], lambda d: key(app, ARROWS[d]))
                key(app, pygame.K_RETURN)
                assert scene.selected == m[1]
                walk(app, scene, m[2], lambda d: key(app, ARROWS[d]))
                key(app, pygame.K_SPACE, unicode=" ")
            else:
                walk(app, scene, m[1], lambda d: pad_press(app, pad, "dp" + d))
                pad_press(app, pad, "a")
                walk(app, scene, m[2], lambda d: pad_press(app, pad, "dp" + d))
                pad_press(app, pad, "a")
            assert t.index > before and t.moves[before] == st.move_text(m), (way, m, scene.cursor.pos, scene.selected, scene.events[-3:])
            steps[way] += 1
            if not undone and t.state.phase == "move" and t.state.current == "red":
                key(app, pygame.K_u)                       # a step within the turn
                assert t.state == st
                undone = True
        assert t.state.is_over, "the round limit ends the game"
        assert harvested and undone and all(steps.values()), steps
        assert colours(app.last_native) <= PALETTE
        assert run_until(app, lambda: scene.question is not None)
        assert "Compare scores" in scene.question[0]
        key(app, pygame.K_RETURN)
        assert isinstance(app.top, FileScene)
        key(app, pygame.K_4, unicode="4")
        assert isinstance(app.top, InitialsScene)
        for ch in "abc":
            key(app, getattr(pygame, f"K_{ch}"), unicode=ch)
        key(app, pygame.K_RETURN)
        assert isinstance(app.top, ScoresScene)
        table = scores.load(app.store, 4)
        assert table["players"]["ABC"]["played"] == 1
        assert table["players"]["ABC"]["won"] == (1 if "red" in t.state.winners() else 0)
        assert table["players"]["ABC"]["best"] == t.state.population("red")
        assert "CP1" in table["players"]
        lines = scores.score_lines(app.store)
        assert lines[0] == "Score file 4" and any("ABC" in ln for ln in lines)
        assert colours(app.last_native) <= PALETTE
        key(app, pygame.K_RETURN)
        assert app.top is scene
        played = app.audio.played
        assert "dos_place" in played and "dos_click" in played
        assert app.game_settings("triaxis")["initials"]["red"] == "ABC"
    finally:
        pad.unplug()


def test_help_pages_and_a_resumed_game(make_app):
    app, scene = open_scene(make_app, seed=8)
    key(app, pygame.K_h, unicode="h")
    assert scene.mode == "help" and scene.help_page == 0
    for i in range(1, len(HELP_PAGES)):
        key(app, pygame.K_SPACE, unicode=" ")
        assert scene.help_page == i
    assert colours(app.last_native) <= PALETTE
    key(app, pygame.K_RETURN)
    assert scene.mode == "title"
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    click(app, (320, 200))                                 # the left button: accepted
    t = scene.table
    assert scene.mode == "play"
    z = next(z for z in t.state.island.land if not t.state.cells[z])
    click(app, zone_pos(scene, z))
    state = t.state
    app.pop()                                              # saved on leaving
    again = app.push(TriAxisScene(app))
    frames(app, 2)
    assert again.mode == "title" and again.resumed and again.table.state == state
    key(app, pygame.K_RETURN)
    assert again.mode == "play"


def test_the_spinner_spins_slows_and_stops_on_the_outcome(make_app):
    app = make_app(anim_speed=1.0)
    s = app.game_settings("triaxis")
    s.update({"count": 2, "kinds": ["computer"] * 6, "level": 1})
    scene = app.push(TriAxisScene(app, seed=4))
    scene.mode = "play"
    label, running = scene.bench_animation()
    assert running() and label
    track = scene.timeline.get("spin")
    kind, start, end, outcome = track.data
    assert end - start >= 2, "at least two whole turns"
    angles = []
    for _ in range(40):
        scene.timeline.update(0.05)
        angles.append(scene.wheel_angle()[1])
    steps = [b - a for a, b in zip(angles, angles[1:])]
    assert steps[0] > steps[len(steps) // 2] >= 0, "it slows down"
    assert not running()
    i = ["1", "2", "3", "4", "5", "6", "harvest", "famine"].index(outcome)
    assert abs(((scene.wheel["angle"] + i / 8) + 0.5) % 1.0 - 0.5) < 1e-6, \
        "the outcome's segment is under the pointer"
    assert app.audio.played.count("dos_click") >= 8


def test_score_files_are_checked_and_kept_apart(tmp_path):
    from games.core.store import Store
    store = Store(tmp_path)
    t = scores.load(store, 0)
    scores.record(t, [("abc", True, 30), ("CP3", False, 12), ("abc", False, 5)])
    scores.save(store, 0, t)
    t = scores.load(store, 0)
    assert t["players"]["ABC"] == {"played": 1, "won": 1, "best": 30}
    scores.record(t, [("ABC", False, 40)])
    assert t["players"]["ABC"] == {"played": 2, "won": 1, "best": 40}
    assert scores.table_lines(t)[1].split()[:4] == ["ABC", "2", "1", "50%"]
    assert scores.load(store, 1) == scores.empty()
    for bad in ({"players": {"abcd": {}}}, {"players": {"ABC": {"played": 1, "won": 2}}},
                {"players": []}):
        try:
            scores.validate(bad)
        except ValueError:
            pass
        else:
            raise AssertionError(f"{bad} validated")
