"""Every game costs a credit, every coin is kept, the books balance, the operator is never
locked out (issue 34). Real SDL key events through the real loop on SDL's dummy drivers,
on the fake clock of tests/test_cabinet.py; the games are taken from the registry, none
is named."""

import random
import time
from pathlib import Path

import pygame
import pytest

import games
import shots
from driver import frames
from games.cabinet import install, operator
from games.cabinet.operator import OperatorScene, PinScene
from games.ui.continuebox import ContinueScene
from games.ui.modals import Question
from games.ui.scene import GameScene
from test_cabinet import (cabinet, drop, enter_pin, hold_starts, open_from_launcher,  # noqa: F401
                          press, shown_games)
from test_cabinet import Broken, Clock
from test_cabinet_kiosk import leaves
from test_replay import WINDOWS, random_plies, same_pixels

BUTTON_1 = (pygame.K_LCTRL, pygame.KMOD_LCTRL)
BUTTON_2 = (pygame.K_LALT, pygame.KMOD_LALT)
COIN = dict(free_play=False, coins_per_credit=1)


class Watch:
    """Which of a scene's table games a person moved in: "a game played"."""

    def __init__(self, scene):
        self.scene = scene
        self.played = set()

    def look(self):
        t = self.scene.table
        if t.person_has_moved:
            self.played.add(t.game_number)


def step_watching(app, clock, watch, n=1, dt=0.05):
    for _ in range(n):
        clock.t += dt
        app.step()
        watch.look()
        if watch.scene.table.thinking:      # the computer's move comes from the worker:
            time.sleep(0.002)               # waited for (a guard's count, never a timing)


def move_once(app, clock, scene, watch, limit=400):
    """Until a person has moved: the person's first legal move when it is theirs (as the
    board input would play it), modals above the board answered with their default."""
    for _ in range(limit):
        watch.look()
        t = scene.table
        if t.person_has_moved or t.state.is_over:
            return
        if app.top is not scene:
            if isinstance(app.top, Question):
                press(app, *BUTTON_1)
            else:
                press(app, *BUTTON_1)
            continue
        if t.human_to_move:
            scene.play_move(t.state.legal_moves()[0])
        step_watching(app, clock, watch, 1, 0.25)
    raise AssertionError("no person's move was reached")


def play_to_the_end(app, clock, scene, watch):
    """The game played out through its table (as tests/test_cabinet.py's initials test
    does), then its end shown: the end boxes open."""
    t, rng = scene.table, random.Random(7)
    app.pop_to(scene)
    t.cancel_thinking()
    while not t.state.is_over:
        if t.state.is_chance:
            t.roll()
            continue
        moves = t.state.legal_moves()
        t.play("resign" if t.ply > 1500 and "resign" in moves else rng.choice(moves))
    watch.look()
    step_watching(app, clock, watch, 4)


def walk_everything(app, clock, scene, watch):
    """Every item of the customer's menu and every choice of the boxes over the game, each
    tried from the board (a question that opens is answered yes, each of its choices)."""
    for path, item in list(leaves(scene.menu_model())):
        if scene not in app.stack:
            return
        app.pop_to(scene)
        if item.name == "quit":                 # leaving starts nothing (tried last)
            continue
        if item.is_enabled():
            item.action()
        step_watching(app, clock, watch, 2)
        for _ in range(4):                     # a question opened: each answer in turn
            top = app.top
            if not isinstance(top, Question) or scene not in app.stack:
                break
            for label, cb in list(top.choices):
                if scene not in app.stack:
                    break
                if app.top is not top:
                    break
                if cb is not None and "quit" not in label.lower():
                    cb()
                step_watching(app, clock, watch, 1)
            if app.top is top:
                app.pop_to(scene)


# -- with one coin, exactly one game ------------------------------------------------------------
@pytest.mark.parametrize("name", shown_games())
def test_one_coin_plays_exactly_one_game_whatever_the_customer_presses(cabinet, name):
    app, cab, clock = cabinet(**COIN)
    import games
    levels = games.get(name).ai_module().LEVELS
    app.settings["games"].setdefault(name, {})["level"] = min(levels)   # the operator's
    drop(app, clock)
    assert cab.credits == 1
    scene = open_from_launcher(app, cab, name)
    assert cab.credits == 0 and cab.books.data["credits_played"] == 1
    watch = Watch(scene)
    move_once(app, clock, scene, watch)
    assert watch.played, "a person moved: the paid game"
    # mid-game: every menu item, every box; none starts a game without a credit
    model = scene.menu_model()
    news = [item for _, item in leaves(model) if item.name == "new"]
    assert news and all("INSERT COIN" in i.label for i in news), \
        "with no credit, New game / Restart says INSERT COIN"
    app._toasts.clear()
    for path, item in leaves(model):           # New game and what it holds (Red first)
        if any("INSERT COIN" in label for label in path):
            app.pop_to(scene)
            item.action()
            step_watching(app, clock, watch, 1)
            assert not isinstance(app.top, Question), f"{path}: INSERT COIN, not a question"
    walk_everything(app, clock, scene, watch)
    assert len(watch.played) == 1 and cab.books.data["credits_played"] == 1
    assert any(t[0] == "INSERT COIN" for t in app._toasts), "New game was refused"
    # the game's end and its end boxes: still no free game
    assert scene in app.stack
    if scene in app.stack:
        app.pop_to(scene)
        play_to_the_end(app, clock, scene, watch)
        for k in (BUTTON_1, (pygame.K_1, 0), BUTTON_1, (pygame.K_RETURN, 0), BUTTON_1):
            press(app, *k)
            step_watching(app, clock, watch, 2)
        number = scene.table.game_number
        walk_everything(app, clock, scene, watch)
        assert scene.table.game_number == number, "no new game"
        play_to_the_end(app, clock, scene, watch)   # (a take-back may have reopened it)
        app.pop_to(scene)
        app._toasts.clear()
        scene.cmds.run("new")
        step_watching(app, clock, watch, 2)
        assert scene.table.state.is_over, "no credit: the finished game stays finished"
        assert any(t[0] == "INSERT COIN" for t in app._toasts)
    assert len(watch.played) == 1, f"one coin, {len(watch.played)} games played"
    assert cab.books.data["credits_played"] == 1
    # a second coin: the game's own New game starts one more, and spends it
    assert scene in app.stack
    if scene in app.stack:
        drop(app, clock)
        app.pop_to(scene)
        number = scene.table.game_number
        scene.cmds.run("new")
        step_watching(app, clock, watch, 2)
        if isinstance(app.top, Question):      # starting over is asked: the customer says yes
            yes = next(cb for label, cb in app.top.choices
                       if label.lower().startswith(("yes", "new", "start", "ok")))
            yes()
            step_watching(app, clock, watch, 2)
        assert scene.table.game_number > number and not scene.table.state.is_over
        assert cab.credits == 0 and cab.books.data["credits_played"] == 2
    log = (Path(app.store.dir) / "cabinet.log").read_text()
    assert log.count(f"{name} started, credit spent") == cab.books.data["credits_played"]
    assert cab.books.balance()[0] == cab.books.balance()[1]


# -- "New game: INSERT COIN" follows the credit while it shows ---------------------------------
def move_until_a_start_costs(app, clock, scene, limit=400):
    """Until a new game would cost a credit (a person has moved): the person's first legal
    move when it is theirs, the boxes above the board answered with button 1, the computer's
    move waited for (its job's own wait, the least thinking time off: no timing)."""
    scene.table.min_think = 0.0
    for _ in range(limit):
        t = scene.table
        if t.person_has_moved or t.state.is_over:
            return
        if app.top is not scene:
            press(app, *BUTTON_1)
            continue
        if t.human_to_move:
            scene.play_move(t.state.legal_moves()[0])
        elif t.job is not None:
            t.job.wait()
        clock.run(app, 0.5)
    raise AssertionError("no person's move was reached")


def new_game_labels(menu) -> list:
    """The menu's New game (or Restart) labels, each found in what its look shows."""
    out = []
    for path, item in leaves(menu.model):
        if item.name == "new":
            menu.find(*path)                     # the look's widgets show this label
            out.append(item.label)
    return out


@pytest.mark.parametrize("name", shown_games())
def test_a_menu_on_screen_follows_the_credit_when_a_coin_drops(cabinet, name):
    app, cab, clock = cabinet(**COIN)
    drop(app, clock)
    scene = open_from_launcher(app, cab, name)
    assert cab.credits == 0
    move_until_a_start_costs(app, clock, scene)
    app.pop_to(scene)
    press(app, pygame.K_1)                       # P1 start: the game's menu
    menu = app.top
    assert menu.name == "menu", menu.name
    labels = new_game_labels(menu)
    assert labels and all("INSERT COIN" in label for label in labels), labels
    drop(app, clock)                             # a coin while the menu shows
    assert cab.credits == 1 and app.top is menu, "the coin leaves the menu open"
    labels = new_game_labels(menu)
    assert labels and not any("INSERT COIN" in label for label in labels), labels
    app.pop_to(scene)
    press(app, pygame.K_1)                       # opened again: the same
    labels = new_game_labels(app.top)
    assert labels and not any("INSERT COIN" in label for label in labels), labels


@pytest.mark.parametrize("name", shown_games())
def test_an_end_box_on_screen_follows_the_credit_when_a_coin_drops(cabinet, name):
    app, cab, clock = cabinet(**COIN)
    drop(app, clock)
    scene = open_from_launcher(app, cab, name)
    play_to_the_end(app, clock, scene, Watch(scene))
    box = None
    for _ in range(20):          # initials first (answered), then the box offering a game
        top = app.top
        if isinstance(top, Question) and any("INSERT COIN" in label for label in top.labels):
            box = top
            break
        if top is scene:
            break
        press(app, *BUTTON_1)
    if box is None:
        pytest.skip(f"{name}'s end opens no box offering a new game")
    drop(app, clock)                             # a coin while the box shows
    assert cab.credits == 1 and app.top is box, "the coin leaves the box open"
    assert not any("INSERT COIN" in label for label in box.labels), box.labels


def test_the_hold_opens_the_pin_box_and_costs_nothing(cabinet):
    app, cab, clock = cabinet(**COIN)
    operator.set_pin(app.store.dir, "1234")
    drop(app, clock)
    assert cab.credits == 1
    hold_starts(app, clock)
    assert isinstance(app.top, PinScene), "the hold's box"
    assert cab.credits == 1 and cab.books.data["credits_played"] == 0, "nothing spent"
    assert not any(isinstance(s, GameScene) for s in app.stack), "nothing started"
    press(app, *BUTTON_2)
    assert app.top is cab.launcher
    press(app, pygame.K_1)                          # a start alone still starts (at release)
    assert any(isinstance(s, GameScene) for s in app.stack) and cab.credits == 0


def test_a_hold_over_a_game_holds_the_game_and_gives_it_back(cabinet):
    app, cab, clock = cabinet(**COIN)
    operator.set_pin(app.store.dir, "1234")
    drop(app, clock)
    scene = open_from_launcher(app, cab, shown_games()[0])
    under = app.top
    press(app, pygame.K_F2)
    assert isinstance(app.top, PinScene) and scene in app.stack, "the game waits under it"
    enter_pin(app, [1, 2, 3, 4])
    assert isinstance(app.top, OperatorScene)
    press(app, *BUTTON_2)
    assert app.top is under and scene in app.stack and not scene.abandoned


def test_a_coin_at_continue_continues(cabinet):
    app, cab, clock = cabinet(**COIN)
    drop(app, clock)
    scene = open_from_launcher(app, cab, shown_games()[0])
    for _ in range(400):
        if scene.awaiting_person() and app.top is scene:
            break
        if app.top is not scene:
            press(app, *BUTTON_1)
        clock.run(app, 0.5)
    clock.run(app, cab.k["continue_after"] + 0.5)
    box = app.top
    assert isinstance(box, ContinueScene)
    press(app, *BUTTON_1)
    assert app.top is box, "no credit: button 1 does not continue"
    clock.run(app, 3)
    drop(app, clock)
    assert app.top is scene and scene in app.stack and not scene.abandoned, "the coin continues"
    assert cab.credits == 0 and cab.books.data["continues"] == 1
    assert cab.books.data["credits_played"] == 2 and cab.books.balance() == (2, 2)


def to_continue(app, cab, clock, scene):
    """Run until a person is to move in the game (``scene``, or the scene a game put in
    its place), then for the timeout: "CONTINUE?"."""
    for _ in range(4000):
        scene = cab.game_scene() or scene
        if scene.awaiting_person() and app.top is scene:
            break
        if app.top is not scene:
            press(app, *BUTTON_1)
        if scene.table.thinking:            # the computer's move comes from the worker:
            app.step()                      # waited for (a guard's count, never a timing)
            time.sleep(0.002)
        else:
            clock.run(app, 0.5)
    clock.run(app, cab.k["continue_after"] + 0.5)
    box = app.top
    assert isinstance(box, ContinueScene)
    return box, box.game


def drawn_text(app, monkeypatch) -> list:
    """Every line the fonts draw in the next frame (the whole picture drawn)."""
    from games.ui.fonts import BitmapFont
    drawn, real = [], BitmapFont.draw
    monkeypatch.setattr(BitmapFont, "draw", lambda self, surface, text, *a, **kw: (
        drawn.append(text), real(self, surface, text, *a, **kw))[1])
    app.dirty = True
    app.step()
    monkeypatch.setattr(BitmapFont, "draw", real)
    return drawn


def hold_and_release(app, clock, k, mod=0, held=0.08):
    """A real press: down, held ``held`` seconds of frames, up."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    for _ in range(4):
        clock.t += held / 4
        app.step()
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    clock.t += 0.02
    app.step()


@pytest.mark.parametrize("name", shown_games())
def test_continue_without_a_credit_says_what_a_press_does_and_no_press_ends_the_game(
        cabinet, name, monkeypatch):
    """Issue 48: at "CONTINUE?" with no credit a press of button 1 or Start does what the
    box says it does, and only that: it speeds the count, as an arcade's does, and never
    ends the customer's game (the count does, at least a second after the last press);
    with a credit the box says a press continues, and it does."""
    app, cab, clock = cabinet(**COIN)
    drop(app, clock)
    scene = open_from_launcher(app, cab, name)
    box, scene = to_continue(app, cab, clock, scene)
    lines = drawn_text(app, monkeypatch)
    assert "INSERT COIN" in " ".join(lines), lines
    assert any("Button 1" in line and "1P Start" in line and "faster" in line
               for line in lines), lines
    shots.save(app.last_native, f"cabinet-continue-no-credit-{name}.png")
    before = box.left
    hold_and_release(app, clock, *BUTTON_1)
    assert scene in app.stack and app.top is box
    assert box.left < before - 0.9, "a press speeds the count by a second"
    i = 0
    while box.left > 1.0:                        # a customer hammering both buttons
        hold_and_release(app, clock, *((pygame.K_1, 0) if i % 2 else BUTTON_1))
        i += 1
        assert scene in app.stack and not scene.abandoned, f"press {i} ended the game"
        assert app.top is box and box.left > 0
    assert i < 9, "each press took a second off"
    left = box.left
    hold_and_release(app, clock, *BUTTON_1, held=0.0)   # in its last second: no shorter
    assert scene in app.stack and app.top is box and box.left == pytest.approx(left - 0.02)
    last = clock.t
    while scene in app.stack:
        clock.t += 0.01
        app.step()
    assert clock.t - last >= box.left - 0.02 and scene.abandoned, "the count ended it"
    assert cab.books.data["continues"] == 0 and cab.credits == 0


def test_continue_with_a_credit_says_a_press_continues(cabinet, monkeypatch):
    app, cab, clock = cabinet(**COIN)
    drop(app, clock)
    scene = open_from_launcher(app, cab, shown_games()[0])
    box, scene = to_continue(app, cab, clock, scene)
    drop(app, clock)                             # a coin at CONTINUE? continues at once
    assert app.top is scene and cab.books.data["continues"] == 1
    drop(app, clock)                             # a credit stands when it asks again
    box, scene = to_continue(app, cab, clock, scene)
    lines = drawn_text(app, monkeypatch)
    assert any("Button 1" in line and "continue" in line for line in lines), lines
    assert "INSERT COIN" not in " ".join(lines)
    hold_and_release(app, clock, pygame.K_1)
    assert app.top is scene and cab.books.data["continues"] == 2 and cab.credits == 0


def test_coins_past_the_cap_are_held_and_given_as_credits_are_spent(cabinet):
    app, cab, clock = cabinet(credit_cap=2, **COIN)
    for _ in range(5):
        drop(app, clock)
    assert cab.credit_text() == "CREDITS 2+3"
    assert cab.books.data["coins"]["1"] == 5 and cab.books.data["coins_over_cap"] == 3
    press(app, pygame.K_1)
    assert cab.credit_text() == "CREDITS 2+2", "a held credit takes the place"
    assert cab.books.balance() == (5, 5)


def test_a_coin_switch_bounce_is_one_coin_and_a_bonus_is_given(cabinet):
    app, cab, clock = cabinet(bonus_every=2, **COIN)
    press(app, pygame.K_5)
    clock.t += 0.005                               # 5 ms later: the same coin
    press(app, pygame.K_5)
    assert cab.books.data["coins"]["1"] == 1 and cab.credits == 1
    clock.t += 0.05                                # 50 ms later: a second coin
    press(app, pygame.K_5)
    assert cab.books.data["coins"]["1"] == 2
    assert cab.credits == 3 and cab.books.data["credits_bonus"] == 1, "3 credits for 2 coins"
    cab.k["coin_pulse_ms"] = 0
    press(app, pygame.K_5)
    press(app, pygame.K_5)
    assert cab.books.data["coins"]["1"] == 4, "no debounce: each press a coin"


def coin_edge(app, clock, k, down: bool):
    kind = pygame.KEYDOWN if down else pygame.KEYUP
    pygame.event.post(pygame.event.Event(kind, key=k, mod=0, unicode="", scancode=0))
    app.step()


@pytest.mark.parametrize("slot_key", [pygame.K_5, pygame.K_6], ids=["slot1", "slot2"])
def test_every_coin_press_is_kept_however_close_the_pulse_measured_press_to_press(
        cabinet, slot_key):
    """A coin is an edge: 20 presses 45 ms apart, each held 23 ms (a 22 ms gap before the
    next), are 20 coins; the pulse (30 ms) filters only a bounce shorter than itself,
    from the press it follows, however the switch's release or its bounces fall."""
    app, cab, clock = cabinet(credit_cap=30, **COIN)
    slot = "1" if slot_key == pygame.K_5 else "2"
    clock.t += 1.0
    for _ in range(20):
        coin_edge(app, clock, slot_key, True)
        clock.t += 0.023
        coin_edge(app, clock, slot_key, False)
        clock.t += 0.022
    assert cab.books.data["coins"][slot] == 20, "20 presses 45 ms apart: 20 coins"
    assert cab.credits == 20 and cab.books.balance() == (20, 20)
    # a bouncing switch: down, up, down, up... every 4 ms for 24 ms, then 31 ms after the
    # first press a new press: 2 coins (the bounces from the first press are one coin,
    # each measured from the press that counted, not from the bounce before it)
    clock.t += 1.0
    for i in range(7):
        coin_edge(app, clock, slot_key, True)
        clock.t += 0.002
        coin_edge(app, clock, slot_key, False)
        clock.t += 0.002
    clock.t += 0.031 - 0.028
    coin_edge(app, clock, slot_key, True)
    coin_edge(app, clock, slot_key, False)
    assert cab.books.data["coins"][slot] == 22, "a bounce is one coin, the next press another"


def test_a_walk_away_on_a_title_is_no_play(cabinet):
    app, cab, clock = cabinet(**COIN)
    drop(app, clock)
    scene = open_from_launcher(app, cab, shown_games()[0], past_title=False)
    clock.run(app, cab.k["continue_after"] * 3)
    assert scene not in app.stack
    b = cab.books.data
    assert sum(b["plays"].values()) == 0 and sum(b["walkaways"].values()) == 1
    assert sum(b["seconds"].values()) == 0, "no play time for a walk-away"


def test_a_random_mash_with_coins_keeps_the_books_balanced(cabinet):
    app, cab, clock = cabinet(credit_cap=3, continue_after=30, attract_after=20, **COIN)
    rng = random.Random(34)
    keys = [pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_LCTRL,
            pygame.K_LALT, pygame.K_SPACE, pygame.K_LSHIFT, pygame.K_1, pygame.K_2,
            pygame.K_5, pygame.K_6, pygame.K_r, pygame.K_f, pygame.K_a, pygame.K_s]
    held = set()
    for i in range(4_000):                  # (the stranger pressed 1,500)
        k = rng.choice(keys)
        if k in held and rng.random() < 0.7:
            held.discard(k)
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="",
                                                 scancode=0))
        else:
            held.add(k)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="",
                                                 scancode=0))
        if i % 3 == 0:
            clock.t += rng.choice((0.01, 0.05, 0.2, 0.5, 2.0))
            app.step()
    for k in held:
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="",
                                             scancode=0))
    clock.run(app, 5)
    b = cab.books
    log = (Path(app.store.dir) / "cabinet.log").read_text()
    spent = log.count(", credit spent") - log.count("its credit stands again")
    assert b.data["credits_played"] == spent, "each credit spent (or given back) is a line"
    assert b.balance()[0] == b.balance()[1], b.balance()
    assert b.balance(b.data["lifetime"]) == b.balance()
    coins = b.data["coins"]["1"] + b.data["coins"]["2"]
    assert coins > 40 and b.data["credits_bought"] >= coins * 0.5
    assert b.data["credits_played"] > 0


def test_the_books_export_as_csv_from_the_page_and_the_command_line(cabinet, tmp_path):
    import io
    app, cab, clock = cabinet(**COIN)
    drop(app, clock)
    drop(app, clock)
    press(app, pygame.K_1)
    from games.cabinet.operator import BooksScene, books_command
    page = app.push(BooksScene(app, cab))
    page.menu.cursor = 0
    press(app, *BUTTON_1)
    assert page.exported is not None and page.exported.exists()
    text = page.exported.read_text()
    assert "coins slot 1,2,2" in text and "credits played,1,1" in text and "date," in text
    out = io.StringIO()
    assert books_command(app.store.dir, None, stdout=out) == 0
    assert out.getvalue() == text
    target = tmp_path / "books.csv"
    assert books_command(app.store.dir, str(target), stderr=io.StringIO()) == 0
    assert target.read_text() == text
    # a reset keeps the lifetime counters and the standing credit opens the new count
    assert cab.books.reset()
    assert cab.books.data["credits_bought"] == 0 and cab.books.data["lifetime"]["coins"]["1"] == 2
    assert cab.books.data["opening"] == 1 and cab.books.balance() == (1, 1)
    app.pop_to(cab.launcher)
    press(app, pygame.K_1)
    assert cab.credits == 0 and cab.books.data["credits_played"] == 1
    assert cab.books.balance() == (1, 1)


def test_the_books_page_counts_coins_over_the_cap_under_both_slots(cabinet, monkeypatch):
    """Issue 48: "over the cap" was indented under "Coins slot 2" and read as part of it,
    though it counts the coins of both slots: it stands under the coins of both."""
    from games.cabinet.operator import BooksScene
    app, cab, clock = cabinet(credit_cap=2, **COIN)
    for k in (pygame.K_5, pygame.K_6, pygame.K_5, pygame.K_6, pygame.K_6):
        drop(app, clock, k)
    assert cab.credit_text() == "CREDITS 2+3" and cab.books.data["coins_over_cap"] == 3
    app.push(BooksScene(app, cab))
    lines = drawn_text(app, monkeypatch)
    shots.save(app.last_native, "cabinet-books-page.png")
    at = next(i for i, line in enumerate(lines) if "over the cap" in line)
    parent = next(line for line in reversed(lines[:at]) if not line.startswith(" "))
    assert lines[at].startswith(" "), lines[at]
    numbers = lambda line: [int(w) for w in line.split() if w.isdigit()]   # noqa: E731
    assert numbers(parent) == [5, 5], (parent, lines[at])
    assert numbers(lines[at]) == [3, 3]
    assert not parent.lower().startswith("coins slot"), parent


def test_books_of_the_old_version_balance_with_an_opening(make_app):
    """A version 1 file whose reset kept credits standing (bought 2, played 4): read with
    an opening balance, so the books balance; its counters start the lifetime ones."""
    import json
    app = make_app(kiosk=True)
    d = Path(app.store.dir) / "cabinet"
    d.mkdir(parents=True, exist_ok=True)
    (d / "books.json").write_text(json.dumps({
        "format": "tricade", "kind": "cabinet/books", "version": 1,
        "data": {"credits": 3, "partial": {"num": 0, "den": 1}, "coins": {"1": 5, "2": 0},
                 "credits_bought": 2, "credits_played": 4, "plays": {"x": 4},
                 "seconds": {"x": 100.0}, "since": "2026-01-01 10:00"}}))
    from games.cabinet.books import Books
    b = Books(app.store)
    assert b.data["opening"] == 5 and b.balance() == (7, 7)
    assert b.data["lifetime"]["coins"]["1"] == 5 and b.balance(b.data["lifetime"]) == (7, 7)


def test_the_service_mode_tests_inputs_the_screen_and_the_sounds(cabinet):
    app, cab, clock = cabinet()
    operator.set_pin(app.store.dir, "1234")
    press(app, pygame.K_F2)
    enter_pin(app, [1, 2, 3, 4])
    op = app.top
    op.menu.cursor = [i.label for i in op.menu.items].index("Service mode")
    press(app, *BUTTON_1)
    service = app.top
    assert service.name == "cabinet-service"
    press(app, *BUTTON_1)                               # the input test
    test = app.top
    assert test.name == "cabinet-input-test"
    for k in (pygame.K_UP, pygame.K_LCTRL, pygame.K_1, pygame.K_2):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="",
                                             scancode=0))
    app.step()
    clock.run(app, 2.0)
    assert {"up", "left ctrl", "1", "2"} <= test.lit(), "each key lit while held"
    assert test.hold_text().startswith("HOLD 2.0"), test.hold_text()
    clock.run(app, 4.0)
    assert app.top is test, "the hold opens no PIN box over the operator's own menu"
    for k in (pygame.K_UP, pygame.K_LCTRL, pygame.K_1, pygame.K_2):
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="",
                                             scancode=0))
    app.step()
    assert not test.lit()
    press(app, *BUTTON_2)
    assert app.top is test, "one press of button 2 is only lit"
    press(app, *BUTTON_2)
    assert app.top is service
    service.menu.cursor = 1
    press(app, *BUTTON_1)                               # the screen test: three pages
    screen = app.top
    seen = set()
    for _ in range(3):
        seen.add(screen.PAGES[screen.page])
        app.dirty = True
        app.step()
        press(app, *BUTTON_1)
    assert seen == {"bars", "grid", "palettes"} and app.top is screen
    press(app, *BUTTON_2)
    service.menu.cursor = 2
    press(app, *BUTTON_1)                               # the sound test
    sound = app.top
    press(app, *BUTTON_1)
    assert sound.played and sound.played[0] == sound.menu.items[0].label
    press(app, *BUTTON_2)
    press(app, *BUTTON_2)
    assert app.top is op


def test_leaving_kiosk_mode_asks_first(cabinet):
    app, cab, clock = cabinet()
    operator.set_pin(app.store.dir, "1234")
    press(app, pygame.K_F2)
    enter_pin(app, [1, 2, 3, 4])
    op = app.top
    op.menu.cursor = [i.label for i in op.menu.items].index("Leave kiosk mode")
    press(app, *BUTTON_1)
    assert app.top.name == "cabinet-ask" and app.kiosk
    press(app, *BUTTON_2)                               # button 2: No
    assert app.top is op and app.kiosk
    press(app, *BUTTON_1)
    press(app, pygame.K_DOWN)
    press(app, *BUTTON_1)
    assert not app.kiosk and app.supervisor is None


def test_books_on_a_mistyped_data_folder_say_so_and_make_nothing(tmp_path):
    """`main.py --books --data-dir WRONG` (a real process): one sentence, status 1, and no
    folder made, where it used to print empty books as if they had been reset."""
    import subprocess
    import sys
    wrong = tmp_path / "no" / "such" / "folder"
    root = Path(__file__).resolve().parents[1]
    run = subprocess.run([sys.executable, str(root / "main.py"), "--books", "--data-dir",
                          str(wrong)], capture_output=True, text=True, timeout=60,
                         cwd=str(tmp_path))
    assert run.returncode == 1 and run.stdout == ""
    assert "There is no cabinet in the data folder" in run.stderr and "Traceback" not in run.stderr
    assert not wrong.exists() and not (tmp_path / "no").exists()


def test_books_before_the_first_coin_are_empty_books_not_no_cabinet(cabinet, tmp_path,
                                                                    monkeypatch):
    """Issue 48: `main.py --books` (a real process) on a cabinet that has run but taken no
    coin yet said "There is no cabinet" where the Books page shows zeros: it prints the
    books, every counter 0, and says they are empty; it makes nothing in the folder."""
    import subprocess
    import sys
    from games.cabinet.operator import BooksScene
    app, cab, clock = cabinet(**COIN)
    clock.run(app, 2)
    app.push(BooksScene(app, cab))
    shown = drawn_text(app, monkeypatch)
    assert any(line.startswith("Coins slot 1") and line.split()[-2:] == ["0", "0"]
               for line in shown), shown
    folder = Path(app.store.dir)
    app.shutdown(quit_pygame=False)
    before = sorted(p.relative_to(folder) for p in folder.rglob("*"))
    root = Path(__file__).resolve().parents[1]
    run = subprocess.run([sys.executable, str(root / "main.py"), "--books", "--data-dir",
                          str(folder)], capture_output=True, text=True, timeout=60,
                         cwd=str(tmp_path))
    assert run.returncode == 0, run.stderr
    assert "no cabinet" not in run.stderr and "Traceback" not in run.stderr
    assert "empty" in run.stderr
    rows = {line.split(",")[0]: line.split(",")[1:] for line in run.stdout.splitlines()}
    assert rows["coins slot 1"] == ["0", "0"] and rows["credits played"] == ["0", "0"]
    assert rows["balances"] == ["1", "1"]
    assert sorted(p.relative_to(folder) for p in folder.rglob("*")) == before, \
        "it only reads"


@pytest.mark.parametrize("name", shown_games())
def test_a_paid_game_left_without_a_move_gives_its_credit_back(cabinet, name):
    """A customer who pays, sees the title and leaves (button 2, as the title says) has
    played nothing: the credit stands again, the books balance and call it a walk-away;
    the log says so. A game that was played keeps its credit spent."""
    app, cab, clock = cabinet(**COIN)
    drop(app, clock)
    assert cab.books.credits == 1
    scene = open_from_launcher(app, cab, name, past_title=False)
    assert cab.books.credits == 0, "the credit is spent when the game opens"
    press(app, *BUTTON_2)                    # "Button 2: leave" on the title
    clock.run(app, 0.5)
    assert scene not in app.stack
    b = cab.books
    assert b.credits == 1 and b.data["credits_played"] == 0
    assert sum(b.data["walkaways"].values()) == 1 and sum(b.data["plays"].values()) == 0
    took, gave = b.balance()
    assert took == gave
    assert b.balance(b.data["lifetime"])[0] == b.balance(b.data["lifetime"])[1]
    log = (Path(app.store.dir) / "cabinet.log").read_text()
    assert "its credit stands again" in log
    # the credit given back buys the next game as any other would
    scene = open_from_launcher(app, cab, name, past_title=False)
    assert cab.books.credits == 0 and cab.books.data["credits_played"] == 1



@pytest.mark.parametrize("free", [False, True], ids=["coins", "free-play"])
def test_start_a_new_game_says_when_it_costs_a_credit(cabinet, free):
    """A customer's best-of-3 match of Triple 3 spends a credit a game, and "Start a new
    game?" after the first game did not say so: a customer answering Yes lost a credit
    unwarned. The box says "This costs 1 credit." when it does, and Yes spends it; on
    free play it says nothing of credits."""
    app, cab, clock = cabinet(free_play=free)
    for _ in range(2):
        drop(app, clock, pygame.K_5)
    scene = open_from_launcher(app, cab, "triple3")
    app.pop_to(scene)
    t, rng = scene.table, random.Random(5)
    while not t.state.is_over:
        if t.state.is_chance:
            t.roll()
        else:
            t.play(rng.choice(t.state.legal_moves()))
    clock.run(app, 10)
    while app.top is not scene:                   # the match's boxes
        press(app, *BUTTON_1)
    credits, number = cab.credits, t.game_number
    press(app, *BUTTON_1)                         # after the end: the next game?
    box = app.top
    assert box.name == "confirm" and "Start a new game?" in " ".join(box.lines)
    said = "This costs 1 credit." in " ".join(box.lines)
    assert said is not free, box.lines
    press(app, pygame.K_LEFT)
    press(app, *BUTTON_1)                         # Yes
    assert t.game_number == number + 1 and not t.state.is_over
    assert cab.credits == (credits if free else credits - 1)


# -- the CREDITS notice after a coin hides no cell of any game's board -------------------------
@pytest.mark.parametrize("entry", games.playable(include_hidden=True), ids=lambda e: e.name)
def test_the_credits_notice_after_a_coin_never_hides_a_cell_of_the_board(make_app, entry,
                                                                        tmp_path):
    """Issue 48: "CREDITS 1+1" after a coin covered Tripppin's bottom row (and the line
    under its panel) for its seconds. In every game, at every usual window size and full
    screen: the notice's band covers no cell of the board, every cell shows the pixels it
    showed before the coin, and the notice is there to read."""
    for window in WINDOWS:
        size = entry.native_size if window == "native" else (
            None if window == "full screen" else window)
        clock = Clock()
        app = make_app(kiosk=True, clock=clock, anim_speed=0, window_size=size,
                       fullscreen=window == "full screen",
                       data_dir=str(tmp_path / str(window).replace(" ", "-")))
        app.settings["kiosk"].update(credit_cap=1, **COIN)
        cab = install(app)
        frames(app, 2)
        drop(app, clock)                                  # a credit: the cap
        scene = app.push(entry.scene_factory()(app, seed=3, title=False))
        t = scene.table
        for seat in t.seats:
            t.set_seat(seat, "human")
        random_plies(t, random.Random(3), 12)           # pieces on the board
        clock.t += 1.0
        frames(app, 3)
        before = app.last_native.copy()
        press(app, pygame.K_5)                            # a coin over the cap: "CREDITS 1+1"
        frames(app, 2)
        lines = [text for text, _ in app._toasts]
        assert any(text.startswith("CREDITS 1+1") for text in lines), lines
        after = app.last_native
        assert not same_pixels(before, after), "the notice is shown"
        cells = scene.board_cells()
        assert cells
        for name, cell in cells.items():
            case = (entry.name, window, name, cell)
            assert same_pixels(before.subsurface(cell), after.subsurface(cell)), case
        band, shown = app.top.toast_place(after.get_size(), lines)
        assert shown and shown[-1].startswith("CREDITS 1+1")
        assert not same_pixels(before.subsurface(band), after.subsurface(band))
        assert not any(band.colliderect(cell) for cell in cells.values()), band
        if window == "native":                 # for a person to look at (tests/shots.py)
            shots.save(after, f"cabinet-credits-notice-{entry.name}.png")
        app.shutdown(quit_pygame=False)


@pytest.mark.parametrize("name", shown_games())
def test_a_finished_game_is_not_taken_back_for_nothing(cabinet, name):
    """A customer's take-back (where the operator allows it) stops with the game: a
    finished game taken back was played on with no credit (a stranger's free continue in
    Tripppin, whose take-back works after the end at home)."""
    app, cab, clock = cabinet(**COIN)
    drop(app, clock)
    scene = open_from_launcher(app, cab, name)
    t = scene.table
    for seat in t.seats:
        t.set_seat(seat, "human")
    rng = random.Random(3)
    while not t.state.is_over:
        if t.state.is_chance:
            t.roll()
            continue
        moves = t.state.legal_moves()
        t.play("resign" if t.ply > 30 and "resign" in moves else
               rng.choice([m for m in moves if m != "resign"] or moves))
    app.pop_to(scene)
    frames(app, 3)
    assert cab.credits == 0 and t.state.is_over
    assert not scene.cmds.enabled("undo") and not scene.cmds.enabled("redo")
    ply = t.ply
    press(app, pygame.K_SPACE)                         # button 3: the pad's take-back
    scene.cmds.run("undo")
    frames(app, 2)
    assert t.state.is_over and t.ply == ply, "the finished game stays finished"


def offered_games(lines) -> list:
    """The sentences drawn (a wrapped line joined again) that offer the next game."""
    import re
    text = " ".join(line.strip() for line in lines if line.strip())
    return [s.strip() for s in re.findall(r"[^.!?]*\b(?:new|next) game\b[^.!?]*[.!?]",
                                          text, re.I)]


@pytest.mark.parametrize("name", shown_games())
def test_a_finished_game_says_what_button_1_does_with_no_credit(cabinet, name,
                                                               monkeypatch):
    """Issue 48 (an operator's find): Tripppin's line under a finished game said "Press
    Button 1 for a new game." on a coin cabinet with no credit, where Button 1 only says
    INSERT COIN. A line that offers a new game says what it costs: with no credit, a coin;
    with a credit, the button."""
    app, cab, clock = cabinet(**COIN)
    drop(app, clock)
    scene = open_from_launcher(app, cab, name)
    t = scene.table
    for seat in t.seats:
        t.set_seat(seat, "human")
    rng = random.Random(5)
    while not t.state.is_over:
        if t.state.is_chance:
            t.roll()
            continue
        moves = t.state.legal_moves()
        t.play("resign" if t.ply > 30 and "resign" in moves else
               rng.choice([m for m in moves if m != "resign"] or moves))
    app.pop_to(scene)
    frames(app, 3)
    app.pop_to(scene)
    assert cab.credits == 0
    clock.run(app, 8.0)                  # the end's own messages have shown
    app.pop_to(scene)
    offers = offered_games(drawn_text(app, monkeypatch))
    for line in offers:
        assert "INSERT COIN" in line.upper() and "Button" not in line, offers
    drop(app, clock)
    app.pop_to(scene)
    with_credit = offered_games(drawn_text(app, monkeypatch))
    assert len(with_credit) == len(offers), "the same line, following the credit"
    for line in with_credit:
        assert "COIN" not in line.upper() and "Button 1" in line, with_credit
    app.shutdown(quit_pygame=False)


def test_before_the_first_coin_the_books_say_no_coin_was_counted(cabinet, tmp_path,
                                                                 monkeypatch):
    """Issue 48 (an operator's find): the Books page before any coin showed only zeros,
    not a word; `--books` said nothing either once the books were written without a coin
    (free play's starts write them). Both say that no coin has been counted yet, until the
    first coin."""
    import subprocess
    import sys
    from games.cabinet.operator import BooksScene
    app, cab, clock = cabinet()                        # free play: a start, no coin
    open_from_launcher(app, cab, shown_games()[0])
    clock.run(app, 1)
    folder = Path(app.store.dir)
    assert (folder / "cabinet").is_dir(), "the start was written"
    app.push(BooksScene(app, cab))
    said = "No coin has been counted yet"
    assert any(said in line for line in drawn_text(app, monkeypatch))
    root = Path(__file__).resolve().parents[1]

    def books_command():
        return subprocess.run([sys.executable, str(root / "main.py"), "--books",
                               "--data-dir", str(folder)], capture_output=True, text=True,
                              timeout=60, cwd=str(tmp_path))
    run = books_command()
    assert run.returncode == 0 and said in run.stderr, run.stderr
    app.pop()
    cab.k["free_play"] = False                         # the operator sets a price
    drop(app, clock)
    assert cab.books.data["coins"]["1"] == 1
    app.push(BooksScene(app, cab))
    assert not any(said in line for line in drawn_text(app, monkeypatch))
    run = books_command()
    assert run.returncode == 0 and said not in run.stderr, run.stderr
    app.shutdown(quit_pygame=False)


def test_the_launchers_line_says_insert_a_coin_until_a_credit_stands(cabinet, monkeypatch):
    """The launcher's line said "Button 1 or Start: play" while a press only says INSERT
    COIN (an operator-stranger's find): it says what a press does."""
    from games.launcher.scene import LauncherScene
    said = []
    monkeypatch.setattr(LauncherScene, "footer", lambda self, surface, text: said.append(text))
    app, cab, clock = cabinet(**COIN)
    app.dirty = True
    frames(app, 1)
    assert said and "Insert a coin" in said[-1] and "play" in said[-1], said
    drop(app, clock)
    app.dirty = True
    frames(app, 1)
    assert "Button 1 or Start: play" in said[-1], said


# -- the attract loop says INSERT COIN once ------------------------------------------------------
def times_shown(surface, rect, text, font, colour) -> int:
    """How many times ``text`` stands in ``rect`` of ``surface``, read from its pixels: the
    letters' ink in ``colour`` and the paper between them not, at the font's size or at
    twice it (the prompt's two sizes)."""
    area = surface.subsurface(rect.clip(surface.get_rect()))
    seen = pygame.mask.from_threshold(area, colour, (1, 1, 1, 255))
    n = 0
    for scale in (1, 2):
        img = font.render(text, colour)
        img = pygame.transform.scale(img, (img.get_width() * scale, img.get_height() * scale))
        ink = pygame.mask.from_threshold(img, colour, (1, 1, 1, 255))
        paper = ink.copy()
        paper.invert()
        want = ink.count()
        w, h = ink.get_size()
        for y in range(area.get_height() - h + 1):
            for x in range(area.get_width() - w + 1):
                if seen.overlap_area(ink, (x, y)) == want and \
                        not seen.overlap_area(paper, (x, y)):
                    n += 1
    return n


@pytest.mark.parametrize("entry", games.playable(include_hidden=True), ids=lambda e: e.name)
def test_the_attract_loop_says_insert_coin_once(cabinet, entry):
    """An operator's find: with coin play and no credit, "INSERT COIN" stood twice side by
    side in the attract loop's strip over a demo: the blinking prompt said it, and the
    credit line beside it said it again. Read from the strip's pixels over every game's
    demo (every look), and on the title card: lit, the prompt says it once; dark, the
    credit line says "CREDITS 0", not INSERT COIN; a coin in, PRESS START once and
    "CREDITS 1" once."""
    from games.cabinet.attract import AttractScene
    from games.ui import fonts
    app, cab, clock = cabinet(**COIN)
    attract = app.push(AttractScene(app, cab, seed=5))
    attract.start_demo(entry)
    app.reformat()
    assert attract.child is not None and attract.strip() is not None

    def seen(text, lit, where=None):
        attract.clock = 0.0 if lit else BLINK_OFF
        app.dirty = True
        app.step()
        surface = app.last_native
        rect = where or attract.strip()
        return times_shown(surface, rect, text, fonts.get(attract.font_name),
                           attract.toast_colors[0])

    assert seen("INSERT COIN", lit=True) == 1, "lit: the prompt, once"
    assert seen("INSERT COIN", lit=False) == 0, "dark: not the credit line either"
    assert seen("CREDITS 0", lit=False) == 1, "the credit line says what stands"
    shots.save(app.last_native, f"attract-insert-coin-{entry.name}.png")
    attract.child.close()                   # the title card: the same, off the strip
    attract.child = None
    attract.card = "title"
    whole = pygame.Rect((0, 0), attract.native_size)
    assert seen("INSERT COIN", lit=True, where=whole) == 1
    assert seen("INSERT COIN", lit=False, where=whole) == 0
    assert seen("CREDITS 0", lit=False, where=whole) == 1
    attract.start_demo(entry)
    app.reformat()
    cab.coin("1")                           # (as the coin key's switch: no wake, no toast)
    assert cab.credits == 1
    assert seen("PRESS START", lit=True) == 1 and seen("INSERT COIN", lit=True) == 0
    assert seen("CREDITS 1", lit=True) == 1
    app.shutdown(quit_pygame=False)


BLINK_OFF = 0.75                            # the attract prompt's dark half (BLINK 0.5)


# -- the log says how each game ended, and what the operator changed -----------------------------
def play_on_the_panel(app, clock, scene, watch, rng, moves=None, limit=20000):
    """The game played to its end on the panel: a person's move on the board by its cursor
    and Button 1 (a piece, then where it goes), a move in words (TriAxis's "end") by Button
    2's question and the stick to its choice; a person's spin, and a box over the game,
    answered with Button 1; the computer's moves in their time on the loop's clock (or
    only until the person made ``moves``). Returns the person's moves."""
    from games.ui.boardinput import board_moves
    from test_learn import path_to
    made, steps = 0, 0
    hang = time.monotonic() + 900                   # a guard against a hang, never a timing
    while steps < limit:
        t = scene.table
        if t.state.is_over or made == moves:
            return made
        if t.thinking:                              # the computer's move, from the worker:
            assert time.monotonic() < hang, f"{scene.game}: the computer never moved"
            step_watching(app, clock, watch, 1, 0.25)   # waited for, not counted
            continue
        steps += 1
        if app.top is not scene:
            press(app, *BUTTON_1)
            continue
        if t.human_to_move and not t.thinking:
            st, bi = t.state, scene.board_input
            on_board = board_moves(bi.rules, st)
            if on_board:
                for cell in path_to(bi, st, rng.choice(on_board)):
                    bi.visible = True
                    bi.place(cell)           # where the stick brings the cursor
                    press(app, *BUTTON_1)
            else:
                words = [m for m in st.legal_moves() if m != "resign"] or ["resign"]
                said = st.move_text(words[0]).lower()
                press(app, *BUTTON_2)
                box = app.top
                assert isinstance(box, Question), f"no way on the panel to {said}"
                want = next(i for i, label in enumerate(box.labels) if said in label.lower())
                while box.focus != want:
                    press(app, pygame.K_LEFT if box.focus > want else pygame.K_RIGHT)
                press(app, *BUTTON_1)
            made += 1
        elif scene.awaiting_person():              # a person's spin (TriAxis's spinner)
            press(app, *BUTTON_1)
        step_watching(app, clock, watch, 1, 0.25)
    raise AssertionError(f"{scene.game}: no end in {limit} steps (ply {scene.table.ply})")


def log_lines(app) -> list:
    from games.cabinet import log as cablog
    return cablog.read_tail(Path(app.store.dir) / cablog.LOG_NAME).splitlines()


@pytest.mark.parametrize("name", shown_games())
def test_the_log_says_how_a_game_played_on_the_panel_ended(cabinet, name):
    """An operator's find: the cabinet's log kept coins, errors and starts, but not how a
    game ended. A coin, the game opened and played to its end on the panel: one line says
    which game, played out, who won (the seat, a person or the computer), how long it ran
    and its moves; it is said once, however long the end shows."""
    app, cab, clock = cabinet(**COIN)
    drop(app, clock)
    scene = open_from_launcher(app, cab, name)
    ai = scene.entry.ai_module()
    scene.table.set_level(min(getattr(ai, "LEVELS", (1,))))     # quick computers
    watch = Watch(scene)
    start = clock.t
    made = play_on_the_panel(app, clock, scene, watch, random.Random(3))
    assert made and watch.played, "a person played"
    step_watching(app, clock, watch, 8)
    t = scene.table
    ended = [line for line in log_lines(app) if f" {name} ended, " in line]
    assert len(ended) == 1, ended
    line = ended[0].split(" INFO ", 1)[1]
    winners = [w for w in t.state.players if w in t.state.winners()]
    assert line.startswith(f"{name} ended, played out: "), line
    assert all(f"{w} (a person)" in line or f"{w} (the computer" in line for w in winners), \
        (winners, line)
    assert ("no winner" in line) == (not winners), line
    assert line.endswith(f", {t.ply} moves"), line
    ran = line.rsplit("; it ran ", 1)[1].split(",")[0]
    assert ran == cablog_duration(clock.t - start, ran), (ran, clock.t - start)
    clock.run(app, 3 * cab.k["continue_after"])        # nobody: back to the launcher
    assert app.top is not scene and scene not in app.stack
    assert len([x for x in log_lines(app) if f" {name} ended, " in x]) == 1, "said once"
    app.shutdown(quit_pygame=False)


def cablog_duration(seconds: float, said: str) -> str:
    """The duration as the log says it, if ``said`` is within the loop's last few frames
    of ``seconds`` (the game ended a moment before the test looked)."""
    from games.cabinet.cabinet import _duration
    for back in range(0, int(seconds) + 1):
        if _duration(seconds - back) == said:
            return said
        if back > 10:
            break
    return _duration(seconds)


def quit_on_the_menu(app, scene) -> None:
    """The customer's menu's Quit (as the kiosk's Quit test runs it), "Leave?" said yes."""
    quits = [item for path, item in leaves(scene.menu_model()) if item.name == "quit"]
    quits[0].action()
    frames(app, 2)
    while scene in app.stack and app.top is not scene:
        yes = [cb for label, cb in getattr(app.top, "choices", ()) if label.lower().startswith(
            ("yes", "quit", "leave"))]
        assert yes, f"{app.top!r} offers no way to say yes"
        yes[0]()
        frames(app, 2)


def nobody_plays(app, clock, scene, watch, seconds: float) -> None:
    """Nobody at the panel for ``seconds`` of the loop's clock while it is a person's turn
    (CONTINUE? counts then), or until the game is closed. The computer's moves before it
    come from the worker and are waited for, never counted: a busy machine thinks slowly
    but the person's idle time is the loop's."""
    hang = time.monotonic() + 900                   # a guard against a hang, never a timing
    idle = 0.0
    while scene in app.stack and idle < seconds:
        if scene.table.thinking:
            assert time.monotonic() < hang, f"{scene.game}: the computer never moved"
            step_watching(app, clock, watch, 1, 0.25)
            continue
        step_watching(app, clock, watch, 1, 0.5)
        idle += 0.5


def computers_turn_after_a_move(app, clock, scene, watch) -> float:
    """A person's move made on the panel (a play: the game is paid for), then the
    computer's turn, its move being thought in the worker (it may have moved first: then
    after its move, the person's, then its next). -> the hang guard's deadline."""
    t = scene.table
    hang = time.monotonic() + 900                   # a guard against a hang, never a timing
    made = 0
    while not (made and t.thinking):
        assert time.monotonic() < hang and not t.state.is_over, "the computer never moved"
        if t.human_to_move or not made:
            made += play_on_the_panel(app, clock, scene, watch, random.Random(3), moves=1)
        step_watching(app, clock, watch, 1, 0.05)
    assert t.person_has_moved
    return hang


@pytest.mark.parametrize("name", shown_games())
def test_a_slow_computer_is_no_idle_customer(cabinet, name):
    """The computer's move took longer than the timeout (a Pi's top level, five times
    slower): the cabinet counted it as nobody at the panel and ended the paid game ("timed
    out", back to the launcher). Now the time the computer thinks is nobody's idleness:
    the game waits for its move, and the person's time starts when it is made."""
    app, cab, clock = cabinet(**COIN)
    drop(app, clock)
    scene = open_from_launcher(app, cab, name)
    watch = Watch(scene)
    t = scene.table
    hang = computers_turn_after_a_move(app, clock, scene, watch)
    t.cancel_thinking()                             # a computer that thinks for an hour:
    t.job = t.worker.submit("time:sleep", 3600)     # a real job in the worker, asleep
    ply, timeouts = t.ply, cab.timeouts
    clock.run(app, 3 * cab.k["continue_after"])
    assert scene in app.stack and app.top is scene, app.top
    assert cab.timeouts == timeouts and not scene.abandoned and t.ply == ply
    assert not any("timed out" in x for x in log_lines(app)), log_lines(app)
    t.cancel_thinking()                             # it thinks again, and moves at last
    t._start_thinking()                             # (no frame between: still thinking)
    while t.ply == ply and not t.state.is_over:
        assert time.monotonic() < hang, "the computer never moved"
        step_watching(app, clock, watch, 1, 0.25)
    nobody_plays(app, clock, scene, watch, 2 * cab.k["continue_after"])
    assert scene.abandoned or t.state.is_over, "the person's own time still runs out"
    app.shutdown(quit_pygame=False)


@pytest.mark.parametrize("name", shown_games())
def test_a_menu_left_open_on_the_computers_turn_still_asks_continue(cabinet, name):
    """A customer who opens the menu while the computer thinks and walks away: the box
    holds the computer's move, so its thinking is no reason to wait (the cabinet would
    have waited for ever); after the timeout CONTINUE? is asked over the game, as at the
    person's turn, and nobody answering ends it."""
    app, cab, clock = cabinet(**COIN)
    drop(app, clock)
    scene = open_from_launcher(app, cab, name)
    watch = Watch(scene)
    t = scene.table
    computers_turn_after_a_move(app, clock, scene, watch)
    scene.open_menu()
    frames(app, 1)
    menu = app.top
    assert menu is not scene and t.thinking
    asked = False
    for _ in range(int(4 * cab.k["continue_after"])):
        if scene not in app.stack:
            break
        clock.t += 0.5
        app.step()
        asked = asked or isinstance(app.top, ContinueScene)
    assert asked, "CONTINUE? was asked"
    assert scene not in app.stack and scene.abandoned
    step_watching(app, clock, watch, 2)
    assert any("nobody answered CONTINUE?" in x for x in log_lines(app)), log_lines(app)
    app.shutdown(quit_pygame=False)


@pytest.mark.parametrize("name", shown_games())
def test_the_log_says_a_game_was_quit_timed_out_or_closed_by_an_error(cabinet, name):
    """The other ends of a game, each one line: a person's move, then Quit ("quit",
    unfinished); a person's move, then nobody (CONTINUE? runs out: "timed out"); a
    person's move, then a fault ("closed by an error"). A game left without a move stays
    a walk-away, as before."""
    app, cab, clock = cabinet(**COIN)
    drop(app, clock)
    drop(app, clock)
    scene = open_from_launcher(app, cab, name)
    watch = Watch(scene)
    assert play_on_the_panel(app, clock, scene, watch, random.Random(5), moves=1) == 1
    quit_on_the_menu(app, scene)
    step_watching(app, clock, watch, 2)
    assert app.top is cab.launcher
    ended = [x.split(" INFO ", 1)[1] for x in log_lines(app) if f" {name} ended, " in x]
    assert len(ended) == 1 and ended[0].startswith(f"{name} ended, quit: unfinished; it ran"),\
        ended
    scene = open_from_launcher(app, cab, name)
    watch = Watch(scene)
    assert play_on_the_panel(app, clock, scene, watch, random.Random(6), moves=1) == 1
    nobody_plays(app, clock, scene, watch, 2 * cab.k["continue_after"])
    step_watching(app, clock, watch, 2)
    assert scene.abandoned and app.top is not scene
    ended = [x.split(" INFO ", 1)[1] for x in log_lines(app) if f" {name} ended, " in x]
    assert len(ended) == 2 and ended[1].startswith(
        f"{name} ended, timed out: nobody answered CONTINUE?: unfinished; it ran"), ended
    drop(app, clock)
    scene = open_from_launcher(app, cab, name)
    watch = Watch(scene)
    assert play_on_the_panel(app, clock, scene, watch, random.Random(7), moves=1) == 1
    app.push(Broken(app))                              # a fault over the game
    frames(app, 3)
    assert app.stack == [cab.launcher]
    ended = [x.split(" INFO ", 1)[1] for x in log_lines(app) if f" {name} ended, " in x]
    assert len(ended) == 3 and ended[2].startswith(
        f"{name} ended, closed by an error (above): unfinished; it ran"), ended
    app.shutdown(quit_pygame=False)


def test_the_log_says_each_setting_the_operator_changed_never_the_pin(cabinet):
    """An operator's find: a change in the operator menu left no line in the log. Each is
    one line, which setting from what to what (the menu's words), for the menu's own
    settings and each game's page; the PIN typed and set is never written."""
    app, cab, clock = cabinet(**COIN)
    press(app, pygame.K_F2)                          # the service key: a first PIN
    enter_pin(app, [2, 4, 6, 8])
    enter_pin(app, [2, 4, 6, 8])
    op = app.top
    assert isinstance(op, OperatorScene)
    labels = [i.label for i in op.menu.items]
    op.menu.cursor = labels.index("Price")
    press(app, pygame.K_RIGHT)
    op.menu.cursor = labels.index("Volume")
    press(app, pygame.K_LEFT)
    op.menu.cursor = labels.index("Coin 2 price")
    press(app, pygame.K_LEFT)                        # "as coin 1" already: no change, no line
    said = [x.split(" INFO ", 1)[1] for x in log_lines(app) if " operator: " in x]
    assert said == ["operator: Price from 1 coin a credit to 2 coins a credit",
                    f"operator: Volume from {app.settings['volume'] + 1}/10 to "
                    f"{app.settings['volume']}/10"], said
    for entry in games.playable():
        if entry.name not in shown_games():
            continue
        op.menu.cursor = labels.index(f"{entry.title} ...")
        press(app, *BUTTON_1)                        # the game's own page
        page = app.top
        rows = [i for i in page.menu.items if i.on_change is not None]
        row = rows[-1]                               # its last setting
        before = row.value()
        page.menu.cursor = page.menu.items.index(row)
        press(app, pygame.K_RIGHT)
        if row.value() == before:                    # at its end: the other way
            press(app, pygame.K_LEFT)
        after = row.value()
        assert after != before
        line = f"operator: {entry.title}: {row.label} from {before} to {after}"
        assert line in [x.split(" INFO ", 1)[1] for x in log_lines(app)], (line, said)
        press(app, *BUTTON_2)
        assert app.top is op
    text = "\n".join(x.split(" INFO ", 1)[-1] for x in log_lines(app))
    assert "2468" not in text and "2 4 6 8" not in text, "never the PIN"
    app.shutdown(quit_pygame=False)
