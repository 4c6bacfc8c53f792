"""TriAxis's screen through the real loop: SDL key and mouse events, a virtual gamepad, the
computer in the worker process, the picture checked against the 16 EGA colours. What is
said is read from the status line's history, the questions from the stack."""

import time

import pygame
import pytest

from driver import VirtualPad, click, colours, frames, key, pad_press, press_on_title
from games.core import records
from games.triaxis import manual, play, rules, scores
from games.triaxis.island import offset_neighbour
from games.triaxis.scene import TriAxisScene
from games.ui import controls, dos

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
    end = time.monotonic() + max(60.0, 6 * timeout)      # a hang guard, generous under load
    while not cond():
        if time.monotonic() > end:
            return False
        app.step()
        time.sleep(0.001)
    return True


def top(app) -> str:
    return app.top.name


def question(app) -> str:
    return " ".join(getattr(app.top, "lines", [])) if top(app) in ("confirm", "ask") else ""


def log_pushes(app) -> list:
    """The names of the scenes pushed from now on (the questions asked)."""
    pushed = []
    real = app.push

    def push(scene):
        pushed.append((scene.name, " ".join(getattr(scene, "lines", []))))
        return real(scene)
    app.push = push
    return pushed


def start_playing(app, scene):
    """Title "Start", set-up "Start", accept the Biosphere, each person's colour as offered:
    the placement begins."""
    assert top(app) == "title"
    key(app, pygame.K_RETURN)
    assert top(app) == "menu"
    key(app, pygame.K_RETURN)
    assert top(app) == "confirm" and "Accept this Biosphere? (Y/n)" in \
        app.top.prompt_lines()[-1]
    key(app, pygame.K_y, unicode="y")
    while top(app) == "ask" and "habitat" in question(app):
        key(app, pygame.K_RETURN)
    assert app.top is scene and scene.state.phase == "setup"


def spin_if_asked(app, scene, way, pad):
    """A person's spin waits for them: set it going by ``way``; True if it did."""
    if not scene.spin_waits():
        return False
    if way == "keys":
        key(app, pygame.K_SPACE, unicode=" ")
    elif way == "mouse":
        click(app, scene.zone_centre(scene.state.island.land[0]))
    else:
        pad_press(app, pad, "a")
    assert not scene.spin_waits()
    return True


def walk(app, scene, z, press):
    """Bring the cursor to zone z with arrow presses (``press(direction)``)."""
    bi = scene.board_input
    if not bi.visible:
        press("right")
    c1, r1 = z % 16, z // 16
    for _ in range(40):
        r, c = divmod(bi.cursor, 16)
        if (c, r) == (c1, r1):
            return True
        press("right" if c1 > c else "left" if c1 < c else "down" if r1 > r else "up")
    return bi.cursor == z


def test_a_whole_three_seat_game_with_one_person(make_app):
    # five rounds: enough move turns for the person to play by mouse, keys and pad whatever
    # the spinner gives (three rounds sometimes gave a single move turn)
    app, scene = open_scene(make_app, rounds=5)
    t = scene.table
    pad = VirtualPad()
    try:
        frames(app, 3)
        assert top(app) == "title"
        key(app, pygame.K_RETURN)                          # the welcome page: Start
        assert top(app) == "menu"                          # the set-up box
        key(app, pygame.K_RETURN)                          # Start: a new Biosphere
        assert top(app) == "confirm" and "Accept this Biosphere" in question(app)
        first = t.state.island
        key(app, pygame.K_n, unicode="n")                  # another one, please
        assert top(app) == "confirm" and t.state.island.terrain != first.terrain
        pad_press(app, pad, "a")                           # accepted
        assert top(app) == "ask" and "habitat" in question(app)
        pad_press(app, pad, "a")                           # red, as last time
        assert app.top is scene and t.state.phase == "setup"
        assert t.seats == {"red": "human", "blue": "computer", "green": "computer"}
        # placement: by the mouse, by the keys, then the rest at random
        empty = [z for z in t.state.island.land if not t.state.cells[z]]
        click(app, scene.zone_centre(empty[0]))
        assert t.state.cells[empty[0]] == 8 + 1
        assert run_until(app, lambda: t.human_to_move)
        target = next(z for z in t.state.island.land[::-1] if not t.state.cells[z])
        assert walk(app, scene, target, lambda d: key(app, ARROWS[d]))
        key(app, pygame.K_RETURN)
        assert t.state.cells[target] == 8 + 1
        assert run_until(app, lambda: t.human_to_move)
        r, c = divmod(scene.board_input.cursor, 16)
        key(app, pygame.K_KP7)                             # the keypad's corner keys
        nc, nr = offset_neighbour(c, r, 5)
        assert scene.board_input.cursor == nr * 16 + nc or r == 0 or c == 0
        key(app, pygame.K_r, unicode="r")
        assert "random" in question(app) and "(Y/n)" in app.top.prompt_lines()[-1]
        key(app, pygame.K_RETURN)                          # (Y/n): Enter is yes
        assert t.seats["red"] == "random"
        assert run_until(app, lambda: t.state.phase != "setup")
        assert t.state.on_island("red") == 14
        assert t.seats["red"] == "human", "the placement over, red is a person again"
        harvested = undone = conceded = False
        steps = {"mouse": 0, "keys": 0, "pad": 0}
        n = 0
        end = time.monotonic() + 300
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
                    assert any("HARVEST" in e for e in scene.status.history)
                harvested = True
                continue
            if spin_if_asked(app, scene, ("keys", "mouse", "pad")[n % 3], pad):
                continue
            if not t.human_to_move:
                app.step()
                time.sleep(0.001)
                continue
            if st.phase == "harvest":
                empty = [z for z in st.island.land if not st.cells[z]]
                before = t.ply
                click(app, scene.zone_centre(empty[len(empty) // 2]))
                assert t.ply > before and t.move_at(before)[0] == "+"
                continue
            assert st.phase == "move"
            if not conceded:
                key(app, pygame.K_ESCAPE)                  # concede? no: N
                assert "concede" in question(app)
                key(app, pygame.K_n, unicode="n")
                assert app.top is scene and t.state == st
                conceded = True
            moves = [m for m in st.legal_moves() if m not in ("resign", "end")]
            m = moves[n % len(moves)]
            before = t.ply
            way = ("mouse", "keys", "pad")[n % 3]
            n += 1
            bi = scene.board_input
            if way == "mouse":
                click(app, scene.zone_centre(m[1]))
                assert bi.selected == m[1] and m[2] in play.destinations(st, m[1])
                click(app, scene.zone_centre(m[2]))
            elif way == "keys":
                walk(app, scene, m[1], lambda d: key(app, ARROWS[d]))
                key(app, pygame.K_RETURN)
                assert bi.selected == m[1]
                walk(app, scene, m[2], lambda d: key(app, ARROWS[d]))
                key(app, pygame.K_SPACE, unicode=" ")
            else:
                walk(app, scene, m[1], lambda d: pad_press(app, pad, "dp" + d))
                pad_press(app, pad, "a")
                walk(app, scene, m[2], lambda d: pad_press(app, pad, "dp" + d))
                pad_press(app, pad, "a")
            assert t.ply > before and t.move_at(before) == m, \
                (way, m, bi.cursor, bi.selected, scene.status.history[-3:])
            steps[way] += 1
            if not undone and t.state.phase == "move" and t.state.current == "red":
                key(app, pygame.K_u)                       # a step within the turn
                assert t.state == st
                assert "Step taken back." in scene.status.history
                undone = True
        assert t.state.is_over, "the round limit ends the game"
        assert harvested and undone and all(steps.values()), steps
        assert colours(app.last_native) <= PALETTE
        assert run_until(app, lambda: top(app) == "confirm")
        assert "Compare scores?" in question(app)
        assert sum("Game over" in e for e in scene.status.history) == 1
        key(app, pygame.K_RETURN)
        assert top(app) == "ask" and "0 to 9" in question(app)
        key(app, pygame.K_4, unicode="4")
        assert top(app) == "initials"
        for ch in "abc":
            key(app, getattr(pygame, f"K_{ch}"), unicode=ch)
        if top(app) == "initials":
            key(app, pygame.K_RETURN)
        assert top(app) == "table"
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


def test_help_pages_from_the_title_and_from_play(make_app):
    app, scene = open_scene(make_app, seed=8)
    labels = [label for label, _ in app.top.choices]
    for _ in range(labels.index("Help pages")):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)                              # the title's "Help pages"
    assert top(app) == "pages" and app.top.pages == manual.pages()
    assert app.top.pages[1][0] == "RULES FOR SURVIVAL"
    for i in range(1, len(manual.pages())):
        key(app, pygame.K_SPACE, unicode=" ")
        assert app.top.index == i
    assert colours(app.last_native) <= PALETTE
    key(app, pygame.K_RETURN)                              # past the last: the title again
    assert top(app) == "title" and app.top.focus == 0
    start_playing(app, scene)
    key(app, pygame.K_h, unicode="h")                      # H in the game
    assert top(app) == "pages"
    key(app, pygame.K_ESCAPE)
    assert app.top is scene


def saved_game(make_app):
    """A game with a placement made, left (saved); returns the app and that state."""
    app, scene = open_scene(make_app, seed=8)
    start_playing(app, scene)
    t = scene.table
    z = next(z for z in t.state.island.land if not t.state.cells[z])
    click(app, scene.zone_centre(z))
    assert t.ply == 1
    state = t.state
    app.pop()                                              # saved on leaving
    return app, state


@pytest.mark.parametrize("way", ["enter", "click", "pad a", "pad start"])
def test_the_title_resumes_the_saved_game(make_app, way):
    app, state = saved_game(make_app)
    again = app.push(TriAxisScene(app))
    frames(app, 2)
    assert top(app) == "title" and app.top.choices[0][0] == "Resume the saved game"
    press_on_title(app, way)
    assert app.top is again and again.resumed and again.table.state == state
    assert "The game in progress is resumed." in again.status.history


def two_people_placed(make_app, seed):
    """Two people, their markers placed (the table's first legal moves): the first spin."""
    app, scene = open_scene(make_app, seed=seed, count=2, kinds=["human"] * 6)
    start_playing(app, scene)
    t = scene.table
    while t.state.phase == "setup":
        t.play(t.state.legal_moves()[0])
    return app, scene, t


def test_a_resumed_game_shows_the_spin_that_gave_the_points(make_app):
    # a seed whose first spin gives points (a save's spins must be the seed's own draws)
    for seed in range(3, 60):
        app, scene, t = two_people_placed(make_app, seed=seed)
        spun = t.state.move_text(t.draw_chance())
        if spun in "23456":
            break
        app.shutdown(quit_pygame=False)
        app.store.delete(scene.save_name)        # not this one: the next seed starts afresh
    t.roll()
    t.play(next(m for m in t.state.legal_moves() if m not in ("resign", "end")))
    frames(app, 2)
    points = t.state.points
    assert scene.wheel()[2] == spun and points < int(spun)
    app.pop()
    again = app.push(TriAxisScene(app))
    frames(app, 2)
    key(app, pygame.K_RETURN)
    assert again.table.state.points == points
    kind, angle, shown = again.wheel()
    assert (kind, shown) == ("spin", spun) and angle == play.rest_angle("spin", spun)


def test_the_spinner_spins_slows_and_stops_on_the_outcome(make_app):
    app = make_app(anim_speed=1.0)
    s = app.game_settings("triaxis")
    s.update({"count": 2, "kinds": ["computer"] * 6, "level": 1})
    scene = app.push(TriAxisScene(app, seed=4))
    label, running = scene.bench_animations()["spinner spinning"]()
    assert running() and label
    track = scene.timeline.get("spin")
    kind, start, end, outcome = track.data
    assert end - start >= 2, "at least two whole turns"
    angles = []
    for _ in range(40):
        scene.timeline.update(0.05)
        if running():
            angles.append(scene.wheel()[1])
    steps = [b - a for a, b in zip(angles, angles[1:])]
    assert steps[0] > steps[len(steps) // 2] >= 0, "it slows down"
    assert not running() and angles[-1] <= end
    i = list(rules.SPIN).index(outcome)
    assert abs(((end + i / 8) + 0.5) % 1.0 - 0.5) < 1e-6, \
        "the outcome's segment is under the pointer"
    assert app.audio.played.count("dos_click") >= 8


@pytest.mark.parametrize("kind", ["spin", "colour"])
def test_every_turn_of_the_wheel_changes_pixels_only_inside_the_spins_area(kind):
    """A spin presents only WHEEL_AREA: whatever the angle, the wheel differs from any
    other angle's only there (the pointer above it never changes), and the turns reach
    every edge of it (nothing is presented that no turn changes)."""
    from games.triaxis import art, scene as tscene
    base = pygame.Surface((640, 350))
    art.draw_spinner(base, tscene.WHEEL_CENTRE, tscene.WHEEL_R, kind, 0.0)
    reach = None
    for i in range(1, 500):
        other = pygame.Surface((640, 350))
        art.draw_spinner(other, tscene.WHEEL_CENTRE, tscene.WHEEL_R, kind, i / 500 + i / 7919)
        changed = pygame.mask.from_threshold(other, (0, 0, 0), (1, 1, 1, 255), base)
        changed.invert()                      # the pixels that differ from angle 0's
        for r in changed.get_bounding_rects():
            reach = r if reach is None else reach.union(r)
    assert reach == tscene.WHEEL_AREA, (reach, tscene.WHEEL_AREA)


def concede_after_placement(app, scene):
    """Red places at random, spins a 3, and concedes."""
    t = scene.table
    assert run_until(app, lambda: t.human_to_move)
    key(app, pygame.K_r, unicode="r")
    key(app, pygame.K_y, unicode="y")
    assert run_until(app, lambda: t.state.phase == "spin" and t.state.turn == "red")
    t.pending = "3"
    assert run_until(app, lambda: t.human_to_move and t.state.phase == "move")
    key(app, pygame.K_ESCAPE)                      # rule 10: end the turn or concede
    assert "RED: end your turn (3 points left) or concede the game?" in question(app)
    key(app, pygame.K_c, unicode="c")
    assert run_until(app, lambda: t.state.is_over)


def test_once_the_only_person_concedes_the_computers_finish_the_game_quickly(make_app):
    """Three seats, one person: after the person concedes, the two computers played on at
    the usual pace for minutes (a stranger timed 8 at the cabinet). Now, with nobody left
    to watch, the game goes PLAY_OUT_SPEED times faster and the computer does not dwell on
    its moves; the result is still the game's and is recorded once."""
    from games.ui.scene import PLAY_OUT_SPEED
    app, scene = open_scene(make_app, seed=6, count=3, rounds=3)
    start_playing(app, scene)
    t = scene.table
    assert not scene.persons_gone()
    assert run_until(app, lambda: t.human_to_move)
    key(app, pygame.K_r, unicode="r")
    key(app, pygame.K_y, unicode="y")
    assert run_until(app, lambda: t.state.phase == "spin" and t.state.turn == "red")
    app.anim_speed = 1.0                           # the placement went by at once; now as
    t.min_think = think = 0.05                     # played (a short think, to be quick)
    assert scene.timeline.speed == 1.0 and not scene.persons_gone()
    t.pending = "3"
    assert run_until(app, lambda: t.human_to_move and t.state.phase == "move")
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_c, unicode="c")
    frames(app, 1)
    assert not t.state.is_over and "red" not in t.state.seats_in()
    assert scene.persons_gone()
    assert scene.timeline.speed == PLAY_OUT_SPEED and t.min_think == 0.0
    assert any("the computers finish it quickly" in e for e in scene.status.history)
    assert run_until(app, lambda: t.state.is_over, timeout=120)
    assert run_until(app, lambda: top(app) == "confirm")
    assert "Compare scores?" in question(app)
    assert scene.timeline.speed == 1.0 and t.min_think == think
    assert records.load_won_lost(app.store, "triaxis") == {"1": {"won": 0, "lost": 1}}


def test_the_end_is_recorded_once_however_many_presses_follow(make_app):
    app, scene = open_scene(make_app, seed=6, count=2)
    start_playing(app, scene)
    pushed = log_pushes(app)
    concede_after_placement(app, scene)
    assert run_until(app, lambda: top(app) == "confirm")
    assert "Compare scores?" in question(app)
    key(app, pygame.K_y, unicode="y")
    key(app, pygame.K_2, unicode="2")
    for ch in "xyz":
        key(app, getattr(pygame, f"K_{ch}"), unicode=ch)
    if top(app) == "initials":
        key(app, pygame.K_RETURN)
    assert top(app) == "table"
    t = app.top
    for j, numeric in enumerate(t.numeric):        # each value under its heading
        for row in t.cells:
            if numeric:
                assert row[j].right == t.heads[j].right
            else:
                assert row[j].x == t.heads[j].x
    key(app, pygame.K_RETURN)
    number = scene.table.game_number
    for _ in range(3):                                     # presses on the finished game
        key(app, pygame.K_RETURN)                          # asks for a new game (No)
        assert top(app) == "confirm" and "Start a new game?" in question(app)
        key(app, pygame.K_ESCAPE)
        click(app, scene.zone_centre(scene.state.island.land[5]))
        frames(app, 3)
    assert app.top is scene and scene.table.game_number == number
    assert [n for n, text in pushed if "Compare scores?" in text] == ["confirm"]
    assert [n for n, _ in pushed].count("initials") == 1
    assert scores.load(app.store, 2)["players"]["XYZ"] == {"played": 1, "won": 0, "best": 0}
    assert records.load_won_lost(app.store, "triaxis") == {"1": {"won": 0, "lost": 1}}
    assert "The game is over." in scene.status.history
    assert sum("Game over: BLUE wins" in e for e in scene.status.history) == 1


def test_the_score_table_says_press_any_key_and_any_key_or_pad_button_leaves_it(make_app):
    """The score file's table says "Press any key": every pad button (X, Y, Back, the
    shoulders and the sticks' buttons did nothing), the d-pad, the keys (arrows and
    letters too) and any mouse button close it, and that press does nothing else (Q quits
    nothing, Enter asks for no new game)."""
    from driver import BUTTONS
    app, scene = open_scene(make_app, seed=6, count=2)
    start_playing(app, scene)
    concede_after_placement(app, scene)
    assert run_until(app, lambda: top(app) == "confirm")
    key(app, pygame.K_y, unicode="y")                      # Compare scores? Yes
    key(app, pygame.K_2, unicode="2")
    for ch in "xyz":
        key(app, getattr(pygame, f"K_{ch}"), unicode=ch)
    if top(app) == "initials":
        key(app, pygame.K_RETURN)
    table = app.top
    assert table.name == "table" and table.footer == "Press any key"
    number = scene.table.game_number
    pad = VirtualPad()
    try:
        frames(app, 2)
        ways = ([("pad", b) for b in BUTTONS]
                + [("key", k) for k in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE,
                                        pygame.K_BACKSPACE, pygame.K_TAB, pygame.K_UP,
                                        pygame.K_LEFT, pygame.K_q, pygame.K_n, pygame.K_7)]
                + [("click", b) for b in (1, 2, 3)])
        for way, what in ways:
            if app.top is scene:                           # the same table again
                scene.score_table(table.title, table.header, table.rows,
                                  highlight=table.highlight, footer=table.footer)
            assert top(app) == "table"
            if way == "pad":
                pad_press(app, pad, what)
            elif way == "key":
                key(app, what, unicode=pygame.key.name(what) if what in (
                    pygame.K_q, pygame.K_n, pygame.K_7) else "")
            else:
                click(app, (8, 8), button=what)
            frames(app, 1)
            assert app.top is scene, f"{way} {what} left the score table open"
            assert scene.table.game_number == number and scene in app.stack
    finally:
        pad.unplug()


def test_refusals_are_said_on_the_status_line(make_app):
    app, scene = open_scene(make_app, seed=6, count=2)
    start_playing(app, scene)
    t = scene.table
    assert run_until(app, lambda: t.human_to_move)
    sea = next(z for z in range(160) if t.state.island.terrain[z] == "~"
               and scene.grid.at(scene.zone_centre(z)) is not None)
    click(app, scene.zone_centre(sea))
    assert scene.status.history[-1].startswith("Not allowed: ") and "sea" in \
        scene.status.history[-1]
    z = next(z for z in t.state.island.land if not t.state.cells[z])
    click(app, scene.zone_centre(z))
    assert t.state.cells[z]
    key(app, pygame.K_ESCAPE)        # nothing of red's to end in the placement: quit? (y/N)
    assert top(app) == "confirm" and "Quit TriAxis?" in question(app) and app.top.focus == 1
    key(app, pygame.K_ESCAPE)
    assert app.top is scene
    if not t.human_to_move:
        key(app, pygame.K_r, unicode="r")
        assert "R places your markers" in scene.status.history[-1] or \
            top(app) == "confirm"
    assert "dos_error" in app.audio.played


def test_growing_a_six_asks_first(make_app):
    app, scene, t = two_people_placed(make_app, seed=2)
    t.play("harvest")
    t.play(t.state.island.terrain[t.state.markers(t.state.turn)[0][0]])
    z = t.state.markers(t.state.current)[0][0]
    text = t.state.to_text()
    token = f"{t.state.island.terrain[z]}11"
    six = rules.State.from_text(text.replace(f" {token} ", f" {t.state.island.terrain[z]}16 ", 1))
    t.new_game(start_text=six.to_text())
    frames(app, 2)
    z = next(z for z, size in t.state.markers(t.state.current) if size == 6)
    click(app, scene.zone_centre(z))
    assert "will die of over-population" in question(app)
    key(app, pygame.K_n, unicode="n")
    assert t.ply == 0
    click(app, scene.zone_centre(z))
    key(app, pygame.K_y, unicode="y")
    assert t.ply == 1 and not t.state.cells[z]
    assert "over-population" in scene.status.history[-1]


def test_a_computer_only_game_plays_to_the_end_without_questions(make_app):
    app, scene = open_scene(make_app, seed=9, count=2, kinds=["computer"] * 6, rounds=3)
    start_playing(app, scene)
    pushed = log_pushes(app)
    assert run_until(app, lambda: scene.state.is_over, 60)
    frames(app, 5)
    assert app.top is scene and pushed == []
    assert colours(app.last_native) <= PALETTE


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


# -- as the manual tells it ---------------------------------------------------------------------

def test_colours_are_chosen_after_the_biosphere_is_accepted(make_app):
    """"When the Biosphere is accepted, each player selects a color for their habitat":
    the set-up box asks none; each person is asked after "Accept this Biosphere?", from the
    colours still free; the computer takes the rest; the island stays the one accepted."""
    app, scene = open_scene(make_app, seed=7, count=3,
                            kinds=["human", "computer", "human"] + ["computer"] * 3)
    t = scene.table
    pushed = log_pushes(app)
    key(app, pygame.K_RETURN)                              # the title's Start
    assert top(app) == "menu"
    assert not any("habitat" in (i.label or "").lower() for i in app.top.model)
    key(app, pygame.K_RETURN)                              # a new Biosphere
    key(app, pygame.K_n, unicode="n")                      # another
    assert [n for n, _ in pushed] == ["menu", "confirm", "confirm"]
    island = t.state.island.terrain
    key(app, pygame.K_y, unicode="y")                      # accepted: now the colours
    assert top(app) == "ask" and "Seat 1: choose a colour" in question(app)
    assert app.top.labels == ["RED", "BLUE", "GREEN", "YELLOW", "CYAN", "MAGENTA", "Back"]
    for _ in range(3):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)                              # seat 1: YELLOW
    assert top(app) == "ask" and "Seat 3: choose a colour" in question(app)
    assert "YELLOW" not in app.top.labels
    key(app, pygame.K_m, unicode="m")                      # seat 3: M)AGENTA by its letter
    assert app.top is scene and t.state.phase == "setup"
    assert t.state.players == ("yellow", "red", "magenta")
    assert t.seats == {"yellow": "human", "red": "computer", "magenta": "human"}
    assert t.state.island.terrain == island, "the Biosphere accepted is the one played"
    assert app.game_settings("triaxis")["colours"][:3] == ["yellow", "red", "magenta"]
    frames(app, 2)
    row = app.last_native.subsurface((460, 37, 176, 15))   # the panel's first seat, in its colour
    assert dos.YELLOW in colours(row)


def test_back_from_the_colours_asks_to_accept_again(make_app):
    app, scene = open_scene(make_app, seed=7)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_y, unicode="y")
    assert top(app) == "ask" and "habitat" in question(app)
    key(app, pygame.K_ESCAPE)
    assert top(app) == "confirm" and "Accept this Biosphere?" in question(app)


def test_a_persons_spin_waits_for_their_key_click_or_button(make_app):
    """"Each player's turn starts by activating the spinner": nothing is drawn until the
    person presses; the line names the control in hand; the second spin of a HARVEST and
    the computer's spins go by themselves."""
    app, scene, t = two_people_placed(make_app, seed=3)
    pad = VirtualPad()
    try:
        frames(app, 2)
        for way, words in (("keys", "press Space to spin"),
                           ("pad", f"press {controls.GLYPHS['A']} to spin"),
                           ("mouse", "click to spin")):
            assert t.state.phase == "spin"
            seat, ply = t.state.turn, t.ply
            frames(app, 20)
            assert t.ply == ply and t.pending is None, "the spinner waits for the person"
            assert scene.spin_waits()
            if way == "pad":
                pad_press(app, pad, "dpleft")              # the control in hand: the pad
            elif way == "mouse":
                pygame.event.post(pygame.event.Event(
                    pygame.MOUSEMOTION, pos=app.display.to_window((300, 100)), rel=(0, 0),
                    buttons=(0, 0, 0)))
                frames(app, 1)
            else:
                key(app, pygame.K_LEFT)
            text, _ = scene.prompt()
            assert text == f"{seat.upper()}: {words} the spinner.", text
            assert spin_if_asked(app, scene, way, pad)
            assert run_until(app, lambda: t.ply > ply)
            assert t.move_at(ply) in rules.SPIN
            # the person's moves (or placements), to the next person's spin
            while not (t.state.phase == "spin" and t.state.turn != seat) \
                    and not t.state.is_over:
                if t.state.is_chance:
                    assert run_until(app, lambda: not t.state.is_chance or
                                     scene.spin_waits()), "a second spin goes by itself"
                    continue
                t.play(next(m for m in t.state.legal_moves() if m not in ("resign", "end")))
                frames(app, 1)
        # a HARVEST's second spin: no press
        assert scene.spin_waits()
        t.play("harvest")
        assert t.state.phase == "harvest-colour"
        assert run_until(app, lambda: t.state.phase != "harvest-colour")
    finally:
        pad.unplug()


def chord(app, at=(300, 100)):
    """The left and right buttons pressed together (and let go)."""
    pos = app.display.to_window(at)
    for t, b in ((pygame.MOUSEBUTTONDOWN, 1), (pygame.MOUSEBUTTONDOWN, 3),
                 (pygame.MOUSEBUTTONUP, 1), (pygame.MOUSEBUTTONUP, 3)):
        pygame.event.post(pygame.event.Event(t, pos=pos, button=b))
    frames(app, 1)


def test_left_and_right_together_are_esc(make_app):
    """"Press the LEFT and RIGHT mouse buttons at the same time for <ESC>": on the board it
    asks to concede, as Esc does; in a (Y/n) question it is no, as Esc is; on the title it
    leaves. The help pages say so."""
    app, scene, t = two_people_placed(make_app, seed=3)
    t.play("4")
    frames(app, 2)
    state = t.state
    chord(app)
    assert "concede the game?" in question(app)
    chord(app)
    assert app.top is scene and t.state == state and not t.state.is_over
    key(app, pygame.K_ESCAPE)                              # the same as Esc
    assert "concede the game?" in question(app)
    key(app, pygame.K_ESCAPE)
    assert app.top is scene
    assert any("both mouse buttons" in line or "left and right buttons" in line
               for page in manual.pages() for line in page)
    app.pop()
    again = app.push(TriAxisScene(app))
    frames(app, 2)
    assert top(app) == "title"
    chord(app)
    assert again not in app.stack


# -- each person chooses a colour by keys, mouse or pad; the key line follows the phase -------

def to_the_colours(make_app, seed=7):
    app, scene = open_scene(make_app, seed=seed, count=3,
                            kinds=["human", "computer", "human"] + ["computer"] * 3)
    key(app, pygame.K_RETURN)                              # the title's Start
    key(app, pygame.K_RETURN)                              # the set-up's Start
    key(app, pygame.K_y, unicode="y")                      # the Biosphere accepted
    assert top(app) == "ask" and "Seat 1: choose a colour" in question(app)
    assert app.top.labels[:6] == [c.upper() for c in rules.PLAYERS]
    return app, scene


@pytest.mark.parametrize("way", ["keys", "mouse", "pad"])
def test_each_person_chooses_a_colour_by_keys_mouse_or_pad(make_app, way):
    """The manual's colours (red, blue, green, yellow, cyan, magenta), each person in turn
    from those still free: by the arrows and Enter, by a click, by the d-pad and A."""
    app, scene = to_the_colours(make_app)
    pad = VirtualPad() if way == "pad" else None
    try:
        for want in ("green", "cyan"):
            box = app.top
            i = box.labels.index(want.upper())
            if way == "keys":
                for _ in range(i - box.focus):
                    key(app, pygame.K_DOWN)
                key(app, pygame.K_RETURN)
            elif way == "mouse":
                click(app, box.button_rects[i].center)
            else:
                frames(app, 2)
                for _ in range(i - box.focus):
                    pad_press(app, pad, "dpdown")
                pad_press(app, pad, "a")
            if want == "green":
                assert top(app) == "ask" and "Seat 3: choose a colour" in question(app)
                assert "GREEN" not in app.top.labels
        assert app.top is scene
        t = scene.table
        assert t.state.players == ("green", "red", "cyan")
        assert t.seats == {"green": "human", "red": "computer", "cyan": "human"}
        assert app.game_settings("triaxis")["colours"][:3] == ["green", "red", "cyan"]
    finally:
        if pad is not None:
            pad.unplug()


def labels(app, scene) -> list:
    return [label for label, _ in controls.key_line(app, scene.cmds, scene.keyline(),
                                                    scene.in_hand())]


def test_the_key_line_follows_the_phase(make_app):
    """R)andom while the markers are placed, not after; no Esc)concede or U)ndo once the
    game is over; and a click on the key line runs only what it shows."""
    app, scene, t = two_people_placed(make_app, seed=5)
    key(app, pygame.K_LEFT)                                # the keyboard in hand
    assert "R)andom" not in labels(app, scene)
    assert "Esc)quit" in labels(app, scene) and "U)ndo" in labels(app, scene)
    assert "Esc)concede" not in labels(app, scene)       # before a spin Esc asks to quit
    t.undo()
    frames(app, 2)
    assert t.state.phase == "setup" and "R)andom" in labels(app, scene)
    scene.forget_autosave()        # the next app opens on "Start", not on this saved game
    app2, scene2, t2 = two_people_placed(make_app, seed=5)
    t2.roll()
    while t2.state.is_chance:
        t2.roll()
    if "resign" in t2.state.legal_moves():
        t2.play("resign")
    frames(app2, 2)
    assert t2.state.is_over
    shown = labels(app2, scene2)
    assert not {"R)andom", "Esc)concede", "U)ndo"} & set(shown), shown
    assert "N)ew" in shown and "Q)uit" in shown
    app2.present_whole()
    row = app2.last_native.subsurface((0, 336, 640, 14))
    assert dos.RED in colours(row)                         # the key letters are drawn


def test_the_help_pages_leave_no_strip_of_the_island_round_their_frame(make_app):
    app, scene, t = two_people_placed(make_app, seed=5)
    key(app, pygame.K_h, unicode="h")
    assert top(app) == "pages"
    frames(app, 2)
    app.present_whole()
    box = app.top.rect
    above = app.last_native.subsurface((0, 0, 640, box.top))
    assert colours(above) <= {dos.BLACK}, "nothing of the island above the help's frame"
    beside = app.last_native.subsurface((0, box.top, box.left, box.h))
    assert colours(beside) <= {dos.BLACK}


def menu_labels(scene) -> list:
    return [getattr(item, "label", "") for item in scene.menu_model()]


def test_the_key_line_and_the_menu_say_what_esc_and_undo_do_now(make_app):
    """Issue 35: Esc)... names what Esc does in the phase; U)ndo only when a step can be
    taken back; F10's menu offers the rest at random only while markers are placed and
    Concede only at a person's turn while the game goes on."""
    app, scene = open_scene(make_app, seed=5, count=3, kinds=["human", "human"] +
                            ["computer"] * 4)
    start_playing(app, scene)
    t = scene.table
    key(app, pygame.K_LEFT)                                # the keyboard in hand
    shown = labels(app, scene)
    assert "R)andom" in shown and "Esc)quit" in shown and "Esc)concede" not in shown
    assert "U)ndo" not in shown                            # nothing placed yet
    assert "Place the rest at random" in menu_labels(scene)
    assert "Concede" not in menu_labels(scene)
    t.play(t.state.legal_moves()[0])                       # a person placed a marker
    frames(app, 2)
    assert "U)ndo" in labels(app, scene) and "Esc)quit" in labels(app, scene)
    key(app, pygame.K_ESCAPE)                              # placement: the quit question
    assert top(app) in ("confirm", "ask") and "Quit" in question(app)
    app.pop_to(scene)
    for s in t.seats:                                      # the rest placed by the table
        t.set_seat(s, "human")
    while t.state.phase == "setup":
        t.play(t.state.legal_moves()[0])
    frames(app, 2)
    assert t.state.is_chance and "Esc)quit" in labels(app, scene)
    assert "R)andom" not in labels(app, scene)
    assert "Place the rest at random" not in menu_labels(scene)
    assert "Concede" not in menu_labels(scene)             # the spin has not gone yet
    while t.state.is_chance:
        t.roll()
    frames(app, 2)
    assert t.human_to_move
    legal = t.state.legal_moves()
    want = "Esc)end turn" if "end" in legal else "Esc)concede"
    assert want in labels(app, scene) and "Concede" in menu_labels(scene)
    assert "U)ndo" not in labels(app, scene)               # never across the spin
    key(app, pygame.K_ESCAPE)
    assert top(app) in ("confirm", "ask") and "concede" in question(app)
    app.pop_to(scene)
    seat = t.state.current
    t.play("resign")                                       # this seat concedes
    frames(app, 2)
    assert not t.state.is_over and (t.state.current != seat or t.state.is_chance)
    shown = labels(app, scene)
    if not t.human_to_move:
        assert "Esc)concede" not in shown and "Concede" not in menu_labels(scene)
    if not scene.can_undo:
        assert "U)ndo" not in shown
    scene.forget_autosave()


def test_enter_on_the_board_after_the_end_asks_for_a_new_game(make_app):
    """docs/answers.md: Confirm on the board after the end asks "Start a new game?"
    (default No), as in the other games."""
    app, scene, t = two_people_placed(make_app, seed=5)
    t.roll()
    while t.state.is_chance:
        t.roll()
    t.play("resign")
    assert run_until(app, lambda: t.state.is_over and scene._over_fired)
    frames(app, 2)
    app.pop_to(scene)                                      # the end box closed
    number = t.game_number
    key(app, pygame.K_RETURN)
    assert top(app) == "confirm" and "Start a new game?" in question(app)
    assert app.top.choices[app.top.focus][0] == "No"
    key(app, pygame.K_RETURN)                              # the default: the result stays
    assert app.top is scene and t.state.is_over and t.game_number == number
    key(app, pygame.K_RETURN)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)                              # Yes: the set-up box
    assert top(app) == "menu"


def test_the_colour_list_picks_out_each_key_letter_once(make_app):
    """BLUE keeps B; Back (after it) keeps Esc and no letter of its own is picked out."""
    app, scene = open_scene(make_app, seed=5, count=2, kinds=["human"] * 6)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_y, unicode="y")
    box = app.top
    assert top(app) == "ask" and "choose a colour" in question(app)
    letters = [box.key_letter(i) for i in range(len(box.labels))]
    shown = [c for c in letters if c]
    assert len(shown) == len(set(shown))
    assert letters[box.labels.index("BLUE")] == "b"
    assert letters[box.labels.index("Back")] == ""
    app.present_whole()
    for i, r in enumerate(box.button_rects):
        if i == box.focus:
            continue
        first = app.last_native.subsurface((r.x + dos.CELL_W, r.y, dos.CELL_W, r.h))
        assert (box.box.key in colours(first)) == bool(letters[i]), box.labels[i]
    key(app, pygame.K_b, unicode="b")                     # B: BLUE, for the first seat
    while top(app) == "ask" and "choose a colour" in question(app):
        key(app, pygame.K_RETURN)
    assert app.top is scene and scene.state.players[0] == "blue"
