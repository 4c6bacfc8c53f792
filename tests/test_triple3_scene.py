"""Triple 3's screen through the real loop: SDL events in SDL's queue, a virtual gamepad,
the computer in the worker process, the picture checked against the 16 Wimp colours."""

import random
import time

import pygame

import games
from driver import VirtualPad, click, colours, frames, key, pad_press, run_until
from games.core import records
from games.triple3 import look as view, play, rules
from games.triple3.scene import Triple3Scene
from games.ui.boardinput import step_towards
from games.ui.riscos_palette import BLACK, DARK_BLUE, GREY3, RED, WHITE, WIMP, YELLOW
from test_triple3_rules import pos

PALETTE = set(WIMP)
RECORD_NAME = records.won_lost_name("triple3")


def open_scene(make_app, seed=3, speed=0, **settings):
    app = make_app(anim_speed=speed)
    seats = {p: settings.pop(p) for p in ("red", "blue") if p in settings}
    app.game_settings("triple3").update(settings, seats=seats)
    scene = app.push(Triple3Scene(app, seed=seed, title=False))
    scene.table.min_think = 0.0
    frames(app, 2)
    return app, scene


def start_at(app, scene, state, dice=None):
    """The table at ``state`` (a throw); ``dice``: the throw the table draws next."""
    scene.table.new_game(seed=1, start_text=state.to_text())
    frames(app, 1)
    if dice is not None:
        scene.table.pending = dice
    frames(app, 1)


def wait_human(app, scene):
    t = scene.table
    return run_until(app, lambda: t.state.is_over or (t.human_to_move and not scene.tumbling))


def top_name(app):
    return getattr(app.top, "name", "")


def reach_with(scene, target, press):
    """Bring the cursor to hole ``target`` with ``press(direction)`` along the shortest way
    by the cursor's own rule; True when it is there."""
    bi = scene.board_input
    if not bi.visible:
        press("right")                      # the first press shows the cursor
    holes = bi.rules.targets(scene.table.state, None)
    paths = {bi.cursor: []}
    todo = [bi.cursor]
    while todo and target not in paths:
        c = todo.pop(0)
        for d in ("up", "down", "left", "right"):
            n = step_towards(holes, c, d, scene.hole_center)
            n = c if n is None else n
            if n not in paths:
                paths[n] = paths[c] + [d]
                todo.append(n)
    for d in paths.get(target, []):
        press(d)
    return bi.cursor == target


# -- whole games --------------------------------------------------------------------------------

def test_a_whole_game_by_mouse_against_the_computer_counts_in_the_match(make_app):
    app, scene = open_scene(make_app, seed=5, level=1, match=3)
    t = scene.table
    assert t.seats == {"red": "human", "blue": "computer"}
    assert t.options["first"] == "red"
    rng = random.Random(4)
    clicks = 0
    end = time.monotonic() + 300                    # a hang guard: the game ends first
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
    assert run_until(app, lambda: top_name(app) == "message", 2)   # the winner is announced
    winner = next(iter(t.state.winners()))
    assert app.top.lines[0].startswith(f"{winner.title()} wins the game")
    assert any(h.startswith(f"{winner.title()} wins the game") for h in scene.status.history)
    totals = app.game_settings("triple3")["totals"]
    assert totals[winner] == 1 and totals[play.other(winner)] == 0
    assert "acorn_dice" in app.audio.played and "acorn_peg" in app.audio.played
    assert "acorn_win" in app.audio.played
    assert colours(app.last_native) <= PALETTE
    key(app, pygame.K_RETURN)                              # OK
    assert app.top is scene
    # the record for the Scores screen, kept once however many presses follow
    for k in (pygame.K_u, pygame.K_r, pygame.K_u):
        key(app, k)
    frames(app, 3)
    rec = app.store.load(RECORD_NAME, {}, 1)
    assert rec["1"]["won" if winner == "red" else "lost"] == 1
    assert sum(row["won"] + row["lost"] for row in rec.values()) == 1
    lines = games.get("triple3").score_lines(app.store)
    assert lines[1].split()[:3] == ["1", "(easy)", str(rec["1"]["won"])]
    assert app.game_settings("triple3")["totals"][winner] == 1
    # the next game: Enter asks (No the default: the board stays), Yes starts it, blue
    # first (the starter alternates)
    key(app, pygame.K_RETURN)
    assert top_name(app) == "confirm" and app.top.focus == 1 and t.state.is_over
    key(app, pygame.K_y, unicode="y")
    assert not t.state.is_over and t.options["first"] == "blue"
    assert app.game_settings("triple3")["totals"][winner] == 1      # kept within the match


def test_a_won_game_is_recorded_once(make_app):
    app, scene = open_scene(make_app, seed=1, level=2)
    t = scene.table
    # Red has boxes 3 and 4 and two pegs of box 5's top line: a five wins the game
    start_at(app, scene, pos(red=("5.3", "5.4"), won_red=(3, 4)), dice=(2, 3))
    assert t.human_to_move and (5, 5) in scene.marked()
    click(app, scene.hole_center(5, 5))
    assert t.state.is_over and t.state.winners() == {"red"}
    assert run_until(app, lambda: top_name(app) == "message", 2)
    for _ in range(3):                       # the message, then presses on the ended board
        key(app, pygame.K_u)
        click(app, scene.layout.window.tool_rect("toggle").center)
    frames(app, 3)
    assert app.store.load(RECORD_NAME, {}, 1) == {"2": {"won": 1, "lost": 0}}
    assert app.game_settings("triple3")["totals"] == {"red": 1, "blue": 0}


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
        assert reach_with(scene, move[1:], lambda d: key(app, names[d]))
        n = len(t.moves)
        key(app, pygame.K_RETURN)
        assert t.moves[n] == s.move_text(move)
    # U takes back the last move; R plays it again
    n = len(t.moves)
    key(app, pygame.K_u)
    assert t.ply < n and t.can_redo
    assert scene.status.history[-1] == "Taken back."
    key(app, pygame.K_r)
    assert scene.status.history[-1] == "Played again."
    assert not t.can_redo or t.human_to_move


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
            assert reach_with(scene, move[1:], lambda d: pad_press(app, pad, "dp" + d))
            n = len(t.moves)
            pad_press(app, pad, "a")
            assert t.moves[n] == s.move_text(move)
        # Start opens the menu; B closes it
        pad_press(app, pad, "start")
        assert top_name(app) == "menu"
        pad_press(app, pad, "b")
        assert app.top is scene
    finally:
        pad.unplug()


def test_a_refused_hole_is_said_on_the_status_line(make_app):
    app, scene = open_scene(make_app, seed=1, red="human", blue="human")
    t = scene.table
    start_at(app, scene, pos(red=("4.5",)), dice=(2, 3))          # a five
    assert t.human_to_move and (4, 5) not in scene.marked() and (5, 3) in scene.marked()
    n = t.ply
    click(app, scene.hole_center(4, 5))
    assert t.ply == n
    assert scene.status.history[-1] == "4.5 is taken."
    assert "acorn_error" in app.audio.played
    click(app, scene.hole_center(6, 6))                             # not reached by a five
    assert scene.status.history[-1].startswith("5 cannot reach 6.6")
    assert scene.status_text()[0] == scene.status.history[-1]


# -- menus ----------------------------------------------------------------------------------------

def test_middle_button_menu_new_game_blue_first(make_app):
    app, scene = open_scene(make_app, seed=4)
    t = scene.table
    assert t.options["first"] == "red"
    at = scene.hole_center(7, 7)
    click(app, at, button=2)
    menu = app.top
    assert top_name(app) == "menu"
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
    assert t.options["first"] == "blue" and t.state.turn == "blue" and t.ply <= 1
    # the next game goes back to the match's starter (the override was for this game)
    assert app.game_settings("triple3")["first"] == "red"
    assert "New game: Blue throws first." in scene.status.history


def test_f10_menu_with_keys_sets_the_match_and_new_game(make_app):
    app, scene = open_scene(make_app, seed=4, match=5)
    key(app, pygame.K_F10)
    menu = app.top
    assert top_name(app) == "menu"
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
    assert top_name(app) == "menu"
    assert colours(app.last_native) <= PALETTE
    click(app, (5, 500))
    assert app.top is scene


def undo_ink(app, scene) -> set:
    """The menu opened by the middle button: the colours of its Undo row's text."""
    click(app, scene.layout.window.rect.move(4, 40).topleft, button=2)
    menu = app.top
    assert top_name(app) == "menu"
    row = menu.find("Undo")
    frames(app, 1)
    inks = {app.last_native.get_at((x, y))[:3] for x in range(row.x, row.right)
            for y in range(row.y, row.bottom)} - {WHITE}
    return inks


def test_undo_is_greyed_and_does_nothing_until_a_peg_can_be_taken_back(make_app):
    """The dice thrown, no peg placed (or only the computer's): Undo's menu item is drawn
    in the Wimp's grey as RISC OS greys what cannot be chosen, and the item, U and pad X
    do nothing; once the person has placed a peg it is black and takes the peg back."""
    for first in ("red", "blue"):
        app, scene = open_scene(make_app, seed=4, first=first)
        t = scene.table
        assert wait_human(app, scene) and t.ply >= 1, "the dice are thrown"
        assert all(len(t.move_at(i)) == 2 or t.position(i).turn != "red"
                   for i in range(t.ply)), "red has only thrown"
        assert first == "red" or any(len(t.move_at(i)) == 3 for i in range(t.ply)), \
            "blue, the computer, has placed a peg"
        assert undo_ink(app, scene) == {GREY3}, first
        menu = app.top
        before, said = (t.ply, t.state), list(scene.status.history)
        click(app, menu.find("Undo").center)               # a grey item: nothing
        assert top_name(app) == "menu" and not menu.chosen
        click(app, (5, 500))                               # a click outside closes it
        assert app.top is scene
        key(app, pygame.K_u, unicode="u")
        pad = VirtualPad()
        try:
            frames(app, 2)
            pad_press(app, pad, "x")
        finally:
            pad.unplug()
        frames(app, 1)
        assert (t.ply, t.state) == before and scene.status.history == said, first
    # red places a peg: Undo is black and takes it back
    box, hole = scene.marked()[0]
    click(app, scene.hole_center(box, hole))
    placed = t.ply
    assert wait_human(app, scene)
    assert undo_ink(app, scene) == {BLACK}
    click(app, app.top.find("Undo").center)
    assert app.top is scene and t.ply == placed - 1 and t.state.is_chance is False


def test_reset_totals_and_the_close_icon(make_app):
    app, scene = open_scene(make_app, seed=4, totals={"red": 2, "blue": 1})
    menu = scene.open_menu((100, 100))
    frames(app, 1)
    click(app, menu.find("Reset totals").center)
    assert app.game_settings("triple3")["totals"] == {"red": 0, "blue": 0}
    assert scene.status.history[-1] == "The running totals are reset."
    click(app, scene.layout.window.tool_rect("close").center)
    assert scene not in app.stack


def test_messages_and_help_are_read_back(make_app):
    app, scene = open_scene(make_app, seed=4, red="human", blue="human")
    assert wait_human(app, scene)
    key(app, pygame.K_m)
    assert top_name(app) == "pages"
    assert any("Red threw" in line for page in app.top.pages for line in page)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_F1)
    assert top_name(app) == "pages" and app.top.pages[0][0] == "RULES OF TRIPLE 3"
    key(app, pygame.K_ESCAPE)
    assert app.top is scene


# -- what the computer did, read before it goes on ------------------------------------------------

def test_the_computers_removal_is_said_and_waited_for(make_app):
    app, scene = open_scene(make_app, seed=1, speed=1.0, red="human", blue="computer",
                            level=2)
    t = scene.table
    start_at(app, scene, pos(red=("4.9", "6.3"), turn="blue"), dice=(1, 1))
    assert run_until(app, lambda: t.ply >= 2, 10)              # thrown, then taken
    said = scene.status.history[-1]
    assert said.startswith("Blue took Red's peg from hole ") and said.endswith("throws again.")
    assert scene.status_text()[0] == said
    assert scene.timeline.running("read") and scene.holding()
    frames(app, 5)
    assert t.ply == 2 and t.state.is_chance                    # the next throw waits
    assert run_until(app, lambda: t.ply >= 3, 10)
    assert said in scene.status.history


def test_a_throw_with_no_move_is_said_and_thrown_again(make_app):
    # box 3 is Blue's and Blue has the hole marked 3 of every other box: a three has no move
    rows = ["BBB" + "B.." * 2] + ["BBB" + "..." * 2] * 2 + ["B..B..B..", ".........",
                                                             "........."] * 2
    text = "triple3\nturn red\nphase throw 1\n" + "\n".join(rows)
    st = rules.State.from_text(text)
    assert st.target_bits(3) == 0
    app, scene = open_scene(make_app, seed=1, speed=1.0, red="human", blue="human")
    t = scene.table
    start_at(app, scene, st, dice=(1, 2))                   # the throw the table drew: a three
    assert run_until(app, lambda: t.ply >= 1, 5)
    assert t.moves[0] == "1+2"
    said = "Red threw 1 and 2, a three: no move - throw 2 of 3."
    assert said in scene.status.history and scene.status_text()[0] == said
    assert scene.timeline.running("read")                   # the next throw waits for it
    assert t.state.is_chance and t.state.throw_number == 2
    frames(app, 3)
    assert scene.shown_dice() == (1, 2) and t.ply == 1


# -- the title page: resume by default ------------------------------------------------------------

def saved_game(make_app):
    app, scene = open_scene(make_app, seed=None, red="human", blue="human")
    t = scene.table
    for _ in range(3):
        assert wait_human(app, scene)
        _k, b, h = t.state.legal_moves()[0]
        click(app, scene.hole_center(b, h))
    moves, seed, state = list(t.moves), t.seed, t.state
    app.pop()
    assert app.store.load("saves/triple3", None, 1)["moves"] == moves
    again = app.push(Triple3Scene(app))
    frames(app, 2)
    assert top_name(app) == "title"
    assert [label for label, _ in app.top.choices][:2] == ["Resume the saved game", "New game"]
    return app, again, (moves, seed, state)


def resumed(app, scene, was):
    moves, seed, state = was
    frames(app, 2)
    t = scene.table
    # the game goes on from where it was (the next throw may already be made)
    return (app.top is scene and scene.resumed and t.seed == seed
            and t.moves[:len(moves)] == moves and t.position(len(moves)) == state
            and "The game in progress, as it was left." in scene.status.history)


def test_the_title_resumes_with_enter(make_app):
    app, scene, was = saved_game(make_app)
    assert colours(app.last_native) <= PALETTE
    key(app, pygame.K_RETURN)
    assert resumed(app, scene, was)


def test_the_title_resumes_with_a_click(make_app):
    app, scene, was = saved_game(make_app)
    click(app, app.top.menu.item_rect(0).center)
    assert resumed(app, scene, was)


def resume_with_pad(make_app, button):
    app, scene, was = saved_game(make_app)
    pad = VirtualPad()
    try:
        frames(app, 2)
        pad_press(app, pad, button)
        assert resumed(app, scene, was)
    finally:
        pad.unplug()


def test_the_title_resumes_with_pad_a(make_app):
    resume_with_pad(make_app, "a")


def test_the_title_resumes_with_pad_start(make_app):
    resume_with_pad(make_app, "start")


# -- the dice, the picture ------------------------------------------------------------------------

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
    assert YELLOW in colours(app.last_native.subsurface(cell))
    assert colours(app.last_native) <= PALETTE


def test_tumbling_dice_present_where_they_were_and_are_not_the_whole_hop():
    """Each frame of a tumble presents each die where it drew last and where it draws
    now, no more (a frame where they hop little presents little); the frame they land in
    their places, and the frames after it nothing."""
    from games.ui.anim import Timeline
    dice = [pygame.Rect(30, 69, 48, 48), pygame.Rect(94, 69, 48, 48)]
    tl = Timeline()
    tl.add("tumble", 0.8, data={}, area=lambda track: view.tumble_area(dice, track))
    last = list(dice)        # where each die was last presented (before: its place)
    first = True
    after_landing = []
    while tl.tracks:
        tl.update(1 / 60)
        raw = tl.tracks["tumble"].raw if tl.tracks else 1.0
        damage = [pygame.Rect(r) for r in tl.damage()]
        if after_landing:
            after_landing.append(damage)
            continue
        hop = view.dice_hop(raw)
        for k, die in enumerate(dice):
            mine = [d for d in damage if d.colliderect(die.inflate(0, 4 * view.HOP))]
            want = last[k].union(die.move(0, -hop))
            assert mine and mine[0].unionall(mine) == want, (raw, mine, want)
            # the first frame's area is the die's place and where it hops (drawn over both)
            last[k] = want if first else die.move(0, -hop)
        first = False
        if raw >= view.LANDED:
            after_landing.append(damage)
    assert after_landing[0] and not any(after_landing[2:]), \
        "after landing: their places once (and where they drew, once), then nothing"
    # a tumble dropped in mid-hop: where the dice drew and their places are repainted
    tl.add("tumble", 0.8, data={}, area=lambda track: view.tumble_area(dice, track))
    tl.update(0.05)                     # (the first frame's area holds their places)
    tl.update(0.05)
    assert view.dice_hop(tl.tracks["tumble"].raw) > 0
    tl.cancel("tumble")
    tl.update(1 / 60)
    damage = [pygame.Rect(r) for r in tl.damage()]
    assert all(any(d.contains(die) for d in damage) for die in dice), damage


def test_the_match_winner_is_said_on_its_own_colour(make_app):
    app, scene = open_scene(make_app, seed=4, match=3, totals={"red": 0, "blue": 2})
    frames(app, 2)
    note = app.last_native.subsurface(scene.layout.note)
    seen = colours(note)
    assert DARK_BLUE in seen and WHITE in seen and RED not in seen
    assert view.contrast(view.INK_ON["blue"], DARK_BLUE) >= 4.5
    assert view.contrast(view.INK_ON["red"], RED) >= 4.5
    assert play.match_note({"red": 0, "blue": 2}, 3) == "Blue wins the match 2-0!"


def test_an_enter_before_the_end_box_asks_nothing(make_app):
    """Between the computer's winning move and the end's message (its move is still being
    shown), Enter does not ask for a new game over the result."""
    class Clock:               # runs until the game is over, then stands still: no frame's
        t, moving = 1000.0, True                 # timing can end the showing early

        def __call__(self):
            self.t += 0.01 if self.moving else 0.0
            return self.t
    clock = Clock()
    app = make_app(anim_speed=1.0, clock=clock)
    app.game_settings("triple3").update({"level": 2}, seats={"red": "human", "blue": "computer"})
    scene = app.push(Triple3Scene(app, seed=1, title=False))
    scene.table.min_think = 0.0
    frames(app, 2)
    t = scene.table
    # Blue has boxes 3 and 4 and two pegs of box 5's top line: a five wins it the game
    start_at(app, scene, pos(blue=("5.3", "5.4"), won_blue=(3, 4), turn="blue"),
             dice=(2, 3))
    assert run_until(app, lambda: t.state.is_over, 10)
    clock.moving = False
    frames(app, 2)
    assert not scene._over_fired and scene.holding(), "the winning move is still shown"
    key(app, pygame.K_RETURN)                    # pressed while it is shown
    click(app, scene.hole_center(9, 9))          # and a click on the board
    assert top_name(app) != "confirm"
    clock.moving = True
    assert run_until(app, lambda: top_name(app) == "message", 10), "the result is shown"
    assert app.game_settings("triple3")["totals"] == {"red": 0, "blue": 1}
    assert app.store.exists("replays/triple3-hc"), "kept for its replay"

