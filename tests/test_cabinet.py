"""Cabinet (kiosk) mode, driven through the real loop with real SDL events and a fake clock:
no way out but the operator's, the arcade keys, the attract loop, abandoned games, credits,
the PIN, the exit hold, the error trap, and the boot files."""

import os
from pathlib import Path

import pygame
import pytest

import games
from driver import VirtualPad, frames, key
from games.cabinet import halloffame, install
from games.cabinet.attract import AttractScene
from games.cabinet import operator
from games.cabinet.cabinet import ERROR_SENTENCE, EXIT_TO_DESKTOP, LOG_NAME
from games.cabinet.operator import OperatorScene, PinScene
from games.core.app import Scene
from games.launcher.scene import LauncherScene
from games.ui.continuebox import ContinueScene
from games.ui.scene import GameScene
from test_house import snapshot

ROOT = Path(__file__).resolve().parents[1]


class Clock:
    """The loop's clock: moved by hand (each frame's dt is at most 0.25 s of it)."""

    def __init__(self):
        self.t = 1000.0

    def __call__(self):
        return self.t

    def run(self, app, seconds, step=0.25):
        n = max(1, int(seconds / step + 0.5))
        for _ in range(n):
            self.t += step
            app.step()


@pytest.fixture
def cabinet(make_app):
    def make(anim_speed=0.0, **kiosk):
        clock = Clock()
        app = make_app(kiosk=True, clock=clock, anim_speed=anim_speed)
        app.settings["kiosk"].update(kiosk)
        cab = install(app)
        frames(app, 2)
        return app, cab, clock
    return make


def drop(app, clock, k=pygame.K_5):
    """A coin in a slot (key 5 or 6), a tenth of a second after the last: a coin switch's
    presses closer than the pulse setting (30 ms) are one coin."""
    clock.t += 0.1
    press(app, k)


def press(app, k, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    app.step()


def shown_games():
    out = []
    for e in games.playable():
        try:
            e.scene_factory()
            out.append(e.name)
        except (ImportError, AttributeError):
            pass
    return out


def open_from_launcher(app, cab, name, past_title=True):
    """Open a game with button 1; with ``past_title``, button 1 again on its title page."""
    names = [e.name for e in cab.launcher.entries]
    cab.launcher.menu.cursor = names.index(name)
    press(app, pygame.K_LCTRL, pygame.KMOD_LCTRL)       # P1 button 1
    assert isinstance(app.top, GameScene) or any(isinstance(s, GameScene) for s in app.stack)
    scene = next(s for s in app.stack if isinstance(s, GameScene))
    if past_title and getattr(app.top, "name", "") == "title":
        press(app, pygame.K_LCTRL, pygame.KMOD_LCTRL)
        for _ in range(3):              # a box the game opens first ("Blue goes first")
            if getattr(app.top, "name", "") != "message":
                break
            press(app, pygame.K_LCTRL, pygame.KMOD_LCTRL)
        assert scene in app.stack          # on the board, or its set-up (TriAxis's) over it
    return scene


# -- no way out -----------------------------------------------------------------------------
def test_escape_back_close_f11_and_alt_f4_leave_the_cabinet_running(cabinet):
    app, cab, clock = cabinet()
    assert app.kiosk and app.display.fullscreen
    labels = [i.label for i in cab.launcher.menu.items]
    assert "Quit" not in labels and "Settings" not in labels
    pad = VirtualPad()
    try:
        frames(app, 3)
        for k, mod in ((pygame.K_ESCAPE, 0), (pygame.K_BACKSPACE, 0), (pygame.K_F11, 0),
                       (pygame.K_RETURN, pygame.KMOD_ALT), (pygame.K_F4, pygame.KMOD_ALT)):
            press(app, k, mod)
        pad.press("b")
        app.step()
        pad.release("b")
        app.step()
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        pygame.event.post(pygame.event.Event(pygame.WINDOWCLOSE))
        frames(app, 3)
        assert app.running and app.stack == [cab.launcher]
        assert app.display.fullscreen, "F11 and Alt+Enter do nothing on a cabinet"
        assert any(a.kind == "back" and a.source == "pad" for a in app.action_log)
    finally:
        pad.unplug()


# -- the arcade keys --------------------------------------------------------------------------
ARCADE = [
    (pygame.K_UP, 0, "up"), (pygame.K_DOWN, 0, "down"), (pygame.K_LEFT, 0, "left"),
    (pygame.K_RIGHT, 0, "right"), (pygame.K_r, 0, "up"), (pygame.K_f, 0, "down"),
    (pygame.K_d, 0, "left"), (pygame.K_g, 0, "right"),
    (pygame.K_LCTRL, pygame.KMOD_LCTRL, "confirm"), (pygame.K_a, 0, "confirm"),
    (pygame.K_LALT, pygame.KMOD_LALT, "back"), (pygame.K_s, 0, "back"),
    (pygame.K_1, 0, "menu"), (pygame.K_2, 0, "menu"),
]


def test_the_mame_keys_work_on_the_launcher(cabinet):
    app, cab, clock = cabinet()
    menu = cab.launcher.menu
    press(app, pygame.K_DOWN)
    assert menu.cursor == 1
    press(app, pygame.K_r)                                  # P2 stick up
    assert menu.cursor == 0
    press(app, pygame.K_f)
    press(app, pygame.K_UP, pygame.KMOD_LCTRL)               # the stick with button 1 held
    assert menu.cursor == 0
    press(app, pygame.K_1)                                  # P1 start: the chosen game
    game = next(s for s in app.stack if isinstance(s, GameScene))
    assert game.game == cab.launcher.entries[0].name        # on its title page
    assert app.top is game or app.top.name == "title"


@pytest.mark.parametrize("name", shown_games())
def test_the_mame_keys_work_in_every_game(cabinet, name):
    app, cab, clock = cabinet()
    scene = open_from_launcher(app, cab, name)
    for k, mod, kind in ARCADE:
        if kind in ("back", "menu"):
            continue
        app.action_log.clear()
        app.pop_to(scene)
        press(app, k, mod)
        assert [a.kind for a in app.action_log] == [kind], (name, pygame.key.name(k))
    # the game's own letter keys are not bound on a cabinet: S and Q are P2's buttons
    for k, want in ((pygame.K_q, {"command"}), (pygame.K_w, {"command"})):
        app.pop_to(scene)
        app.action_log.clear()
        press(app, k)
        assert all(a.kind in ("command",) and a.source == "key" for a in app.action_log)
        assert all(a.name in scene.pad_commands for a in app.action_log), \
            "Q and W are pad buttons X and Y: only pad commands"
    for k, mod, kind in ARCADE:
        if kind in ("back", "menu"):
            if scene not in app.stack:          # back on a title screen left the game
                scene = open_from_launcher(app, cab, name)
            app.pop_to(scene)
            app.action_log.clear()
            press(app, k, mod)
            assert [a.kind for a in app.action_log] == [kind]
            assert app.running and app.stack
    assert not any(a.kind == "text" for a in app.action_log)


# -- the attract loop -------------------------------------------------------------------------
def wait_for_attract(app, clock, cab):
    clock.run(app, cab.k["attract_after"] + 1)
    assert isinstance(app.top, AttractScene)
    return app.top


def test_a_cabinet_switched_on_goes_to_its_demos_before_anyone_touches_it(cabinet):
    from games.cabinet.cabinet import POWER_ON_ATTRACT
    app, cab, clock = cabinet(anim_speed=50.0)
    assert app.top is cab.launcher
    clock.run(app, POWER_ON_ATTRACT - 1)
    assert app.top is cab.launcher
    clock.run(app, 1.5)
    assert isinstance(app.top, AttractScene), "power on: the demos, not the launcher's 60 s"
    press(app, pygame.K_DOWN)                         # a person: the usual wait from now on
    assert app.top is cab.launcher
    clock.run(app, cab.k["attract_after"] - 5)
    assert app.top is cab.launcher


def test_attract_starts_after_the_idle_time_shows_every_game_and_any_input_ends_it(cabinet):
    app, cab, clock = cabinet(anim_speed=50.0, demo_seconds=10)
    press(app, pygame.K_DOWN)                         # somebody was here since the power on
    clock.run(app, cab.k["attract_after"] - 5)
    assert app.top is cab.launcher, "not before the idle time"
    attract = wait_for_attract(app, clock, cab)
    names = shown_games()
    clock.run(app, 8.5 * (len(names) + 1) + 10.5 * len(names))
    assert set(attract.games_shown) >= set(names), attract.games_shown
    frames(app, 2)
    # a key: back to the launcher, and the key does nothing else
    cursor = cab.launcher.menu.cursor
    press(app, pygame.K_DOWN)
    assert app.top is cab.launcher and cab.launcher.menu.cursor == cursor
    # a pad button
    pad = VirtualPad()
    try:
        frames(app, 2)
        wait_for_attract(app, clock, cab)
        pad.press("a")
        app.step()
        pad.release("a")
        frames(app, 2)
        assert app.top is cab.launcher, "button 1 woke the cabinet and started no game"
    finally:
        pad.unplug()
    # a mouse move
    wait_for_attract(app, clock, cab)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(50, 50), rel=(3, 1),
                                         buttons=(0, 0, 0)))
    frames(app, 2)
    assert app.top is cab.launcher and cab.launcher.menu.cursor == cursor


def test_an_attract_demo_leaves_the_data_dir_byte_for_byte_unchanged(cabinet, tmp_path):
    app, cab, clock = cabinet(anim_speed=50.0, demo_seconds=10)
    app.save_settings()
    frames(app, 2)
    before = snapshot(tmp_path / "data")
    attract = wait_for_attract(app, clock, cab)
    clock.run(app, 60)
    assert attract.games_shown
    press(app, pygame.K_SPACE)
    frames(app, 3)
    assert app.top is cab.launcher
    assert snapshot(tmp_path / "data") == before


# -- abandoned games --------------------------------------------------------------------------
def test_the_continue_countdown_ends_an_idle_game_unrecorded(cabinet, tmp_path):
    app, cab, clock = cabinet(anim_speed=0.0)
    name = shown_games()[0]
    scene = open_from_launcher(app, cab, name)
    for _ in range(400):
        if scene.awaiting_person():
            break
        clock.run(app, 0.5)
    assert scene.awaiting_person()
    before = snapshot(tmp_path / "data")
    clock.run(app, cab.k["continue_after"] + 0.5)
    assert isinstance(app.top, ContinueScene)
    press(app, pygame.K_LEFT)                  # someone is there: the game goes on
    assert app.top is scene
    clock.run(app, cab.k["continue_after"] + 0.5)
    assert isinstance(app.top, ContinueScene)
    clock.run(app, 11)
    assert scene not in app.stack and scene.abandoned
    assert app.stack[0] is cab.launcher
    assert not (tmp_path / "data" / "saves" / f"{name}.json").exists()
    kept = lambda snap: {k: v for k, v in snap.items()        # noqa: E731
                         if k not in ("cabinet.log", "cabinet/books.json")}
    assert kept(snapshot(tmp_path / "data")) == kept(before), "no result, no autosave"
    books = app.store.load("cabinet/books", {}, 2)
    assert books["plays"] == {} and books["walkaways"] == {name: 1}, \
        "no move was made: a walk-away, not a play"


# -- credits ---------------------------------------------------------------------------------
def test_coins_buy_credits_and_start_spends_one(cabinet):
    app, cab, clock = cabinet(free_play=False, coins_per_credit=2)
    assert cab.credit_text() == "INSERT COIN"
    press(app, pygame.K_LCTRL, pygame.KMOD_LCTRL)
    assert app.top is cab.launcher, "no credit: no game"
    press(app, pygame.K_1)
    assert app.top is cab.launcher and [t[0] for t in app._toasts] == ["INSERT COIN"]
    press(app, pygame.K_1)
    assert [t[0] for t in app._toasts] == ["INSERT COIN"], "said again, not stacked"
    drop(app, clock, pygame.K_5)
    assert not app._toasts, "a coin in: INSERT COIN no longer holds and is taken down"
    assert cab.credit_text() == "1/2 COINS", "a credit paid in part shows"
    for k in (pygame.K_6, pygame.K_5):
        drop(app, clock, k)
    assert cab.credits == 1 and cab.credit_text() == "CREDITS 1  1/2 COINS"
    assert not any(a.kind == "text" for a in app.action_log)
    press(app, pygame.K_1)                     # Start spends the credit
    assert any(isinstance(s, GameScene) for s in app.stack) and cab.credits == 0
    app.pop_to(cab.launcher)                   # left without a move: the credit stands again
    clock.run(app, 0.2)
    assert app.top is cab.launcher and cab.credit_text() == "CREDITS 1  1/2 COINS"
    books = app.store.load("cabinet/books", {}, 2)
    assert books["coins"] == {"1": 2, "2": 1} and books["credits_played"] == 0
    cab.k["free_play"] = True
    assert cab.credit_text() == "FREE PLAY" and cab.prompt_text() == "PRESS START"


def test_each_coin_slot_has_its_price_and_credits_stop_at_the_cap(cabinet):
    app, cab, clock = cabinet(free_play=False, coins_per_credit=1, coin2_per_credit=2,
                              credit_cap=3)
    drop(app, clock, pygame.K_6)
    assert cab.credits == 0 and cab.credit_text() == "1/2 CREDIT"
    drop(app, clock, pygame.K_6)
    assert cab.credits == 1
    for _ in range(4):
        drop(app, clock, pygame.K_5)
    assert cab.credits == 3, "never more than the cap on the counter"
    assert cab.books.held == 2 and cab.credit_text() == "CREDITS 3+2", "the rest is held"
    assert [t[0] for t in app._toasts if t[0].startswith("CREDITS")] == ["CREDITS 3+2"], \
        "the count held over the cap shows once, as it is now"
    assert cab.books.data["coins"] == {"1": 4, "2": 2}, "every coin is counted"
    assert cab.books.data["credits_bought"] == 5 and cab.books.data["coins_over_cap"] == 2
    assert cab.books.balance() == (5, 5)


# -- the operator -----------------------------------------------------------------------------
def enter_pin(app, digits):
    for i, d in enumerate(digits):
        for _ in range(d):
            press(app, pygame.K_UP)
        press(app, pygame.K_LCTRL, pygame.KMOD_LCTRL)


def test_the_operator_pin_is_set_then_refused_when_wrong(cabinet, tmp_path):
    app, cab, clock = cabinet()
    press(app, pygame.K_F2)
    assert isinstance(app.top, PinScene) and app.top.mode == "set"
    enter_pin(app, [1, 2, 3, 4])
    enter_pin(app, [1, 2, 3, 4])
    assert isinstance(app.top, OperatorScene)
    press(app, pygame.K_LALT, pygame.KMOD_LALT)      # button 2: back
    assert app.top is cab.launcher
    press(app, pygame.K_F2)
    assert app.top.mode == "check"
    pin = app.top
    enter_pin(app, [4, 3, 2, 1])
    assert pin.result == "wrong" and app.top is pin, "the box stays, waiting"
    assert not any(isinstance(s, OperatorScene) for s in app.stack)
    assert pin.wait_text().startswith("Wrong PIN (1 in a row)"), "the service key's box"
    enter_pin(app, [1, 2, 3, 4])                      # ignored while it waits
    assert app.top is pin
    clock.run(app, 2.25)
    enter_pin(app, [1, 2, 3, 4])
    assert isinstance(app.top, OperatorScene)
    app.pop()
    (tmp_path / "data" / "reset-pin").write_text("")
    press(app, pygame.K_F2)
    assert app.top.mode == "set", "a reset-pin file forgets the PIN"


def pin_box(app, code):
    """The operator's PIN ``code`` set and its box opened with the service key: (the box,
    a function that draws a frame and returns the footer it drew)."""
    assert operator.set_pin(app.store.dir, code)
    press(app, pygame.K_F2)
    pin = app.top
    assert isinstance(pin, PinScene) and pin.mode == "check"
    drawn = []
    footer = pin.footer
    pin.footer = lambda surface, text: (drawn.append(text), footer(surface, text))

    def shown():
        drawn.clear()
        app.dirty = True
        app.step()
        return drawn[-1]
    return pin, shown


def test_the_pin_boxs_footer_says_button_1_enters_on_the_last_digit(cabinet):
    """On the last digit Right does nothing and button 1 enters the PIN: the footer says
    so there (and "Right/button 1: next" on the others)."""
    app, cab, clock = cabinet()
    pin, shown = pin_box(app, "0000")
    press(app, pygame.K_RIGHT)                        # (the first digit: the test below)
    for i in range(1, 3):
        assert pin.cursor == i
        assert shown() == "Up/Down or 0-9: digit  Right/button 1: next  Left/button 2: back"
        press(app, pygame.K_RIGHT)
    assert pin.cursor == 3
    text = shown()
    assert text == "Up/Down or 0-9: digit  Button 1: enter  Left/button 2: back", text
    press(app, pygame.K_RIGHT)                        # Right: nothing on the last digit
    assert app.top is pin and pin.cursor == 3 and pin.result is None
    press(app, pygame.K_LCTRL, pygame.KMOD_LCTRL)     # button 1: the PIN is entered
    assert pin.result == "ok" and isinstance(app.top, OperatorScene)


def test_the_pin_boxs_footer_promises_left_only_where_left_goes_back(cabinet):
    """On the first digit Left does nothing (held, it repeats: it would throw the operator
    out with the digits turned), so the footer there says "Button 2: back"; from the
    second digit Left steps back and the footer says "Left/button 2: back". While a wrong
    PIN's wait runs only button 2 works, and the footer says just that."""
    app, cab, clock = cabinet()
    pin, shown = pin_box(app, "1234")
    press(app, pygame.K_UP)                           # the first digit turned to 1
    assert shown() == "Up/Down or 0-9: digit  Right/button 1: next  Button 2: back"
    press(app, pygame.K_LEFT)                         # Left: nothing on the first digit
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0,
                                         unicode="", scancode=0))
    clock.run(app, 1.0)                               # held: it repeats, still nothing
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_LEFT, mod=0,
                                         unicode="", scancode=0))
    app.step()
    assert app.top is pin and pin.cursor == 0 and pin.result is None
    assert pin.digits[0] == 1, "the digit turned is kept"
    press(app, pygame.K_RIGHT)
    assert shown() == "Up/Down or 0-9: digit  Right/button 1: next  Left/button 2: back"
    press(app, pygame.K_LEFT)                         # Left: back to the first digit
    assert pin.cursor == 0 and app.top is pin
    enter_pin(app, [0, 0, 0, 0])                      # 1000: wrong, the wait begins
    assert pin.result == "wrong" and pin.wait_text()
    assert shown() == "Button 2: back"
    for k in (pygame.K_LEFT, pygame.K_UP, pygame.K_RIGHT):
        press(app, k)
    assert app.top is pin and pin.wait_text()
    press(app, pygame.K_LALT, pygame.KMOD_LALT)       # button 2: out of the box
    assert pin.result == "cancel" and pin not in app.stack


def type_keys(app, keys):
    for k in keys:
        press(app, k)


TOP_ROW = {str(d): getattr(pygame, f"K_{d}") for d in range(10)}
KEYPAD = {str(d): getattr(pygame, f"K_KP{d}") for d in range(10)}


@pytest.mark.parametrize("code", ["1956", "2580", "7034", "9999"])
def test_the_keyboards_digits_type_the_pin_in_the_service_box(cabinet, code):
    """Issue 48: the operator typing the PIN on the keyboard (F2) got nothing; only the
    stick turned the digits. Every digit of the keyboard's top row (1 and 2, the start
    buttons, 5 and 6, the coins, 9, the service button, among them) and of its keypad
    types one digit and steps on; Enter (or button 1) enters the PIN. The box says so."""
    app, cab, clock = cabinet(free_play=False, coins_per_credit=1)
    for keys in (TOP_ROW, KEYPAD):
        pin, shown = pin_box(app, code)
        assert "0-9" in shown(), "the box says the digits are typed"
        type_keys(app, [keys[d] for d in code])
        assert pin.digits == [int(d) for d in code] and pin.cursor == 3
        assert app.top is pin and pin.result is None, "entered only when asked"
        press(app, pygame.K_RETURN)
        assert pin.result == "ok" and isinstance(app.top, OperatorScene)
        assert cab.books.data["coins"] == {"1": 0, "2": 0}, "a digit typed is no coin"
        press(app, pygame.K_LALT, pygame.KMOD_LALT)   # button 2: out of the menu
        assert app.top is cab.launcher
    clock.t += 1.0
    press(app, pygame.K_5)                            # out of the box, 5 is a coin again
    assert cab.books.data["coins"]["1"] == 1


def test_the_keyboards_digits_type_a_wrong_pin_and_the_first_pin(cabinet):
    """A wrong PIN typed is a wrong PIN (the wait, digits typed then are nothing); the
    first PIN is chosen by typing it twice."""
    app, cab, clock = cabinet()
    press(app, pygame.K_F2)
    pin = app.top
    assert pin.mode == "set"
    type_keys(app, [pygame.K_KP4, pygame.K_7, pygame.K_1, pygame.K_KP1, pygame.K_RETURN])
    again = app.top
    assert again.mode == "again"
    type_keys(app, [pygame.K_4, pygame.K_KP7, pygame.K_KP1, pygame.K_1, pygame.K_RETURN])
    assert isinstance(app.top, OperatorScene) and operator.check_pin(app.store.dir, "4711")
    app.pop()
    press(app, pygame.K_F2)
    pin = app.top
    type_keys(app, [pygame.K_4, pygame.K_7, pygame.K_1, pygame.K_2, pygame.K_RETURN])
    assert pin.result == "wrong" and pin.wait_text()
    type_keys(app, [pygame.K_4, pygame.K_7])
    assert pin.digits == [0, 0, 0, 0] and pin.cursor == 0, "no typing during the wait"


def test_the_panels_box_types_keypad_digits_and_keeps_the_panels_keys(cabinet):
    """The box the start buttons' hold opens is the panel's: its keys 1, 2 (start), 5, 6
    (coins) and 9 (service) keep their meaning there (a coin is a coin); a keyboard's
    keypad and its other digits type."""
    app, cab, clock = cabinet(free_play=False, coins_per_credit=1)
    assert operator.set_pin(app.store.dir, "5830")
    hold_starts(app, clock)
    pin = app.top
    assert isinstance(pin, PinScene) and not pin.service
    clock.t += 1.0
    press(app, pygame.K_5)
    assert cab.books.data["coins"]["1"] == 1 and pin.digits == [0, 0, 0, 0]
    type_keys(app, [pygame.K_KP5, pygame.K_8, pygame.K_3, pygame.K_KP0])
    press(app, pygame.K_LCTRL, pygame.KMOD_LCTRL)
    assert pin.result == "ok" and isinstance(app.top, OperatorScene)


def hold_starts(app, clock):
    """Both start buttons held for the hold's time, then let go: the panel's PIN box."""
    for t in (pygame.KEYDOWN, pygame.KEYUP):
        for k in (pygame.K_1, pygame.K_2):
            pygame.event.post(pygame.event.Event(t, key=k, mod=0, unicode="", scancode=0))
        app.step()
        if t == pygame.KEYDOWN:
            clock.run(app, app.settings["kiosk"]["exit_hold_seconds"] + 0.5)


def test_wrong_pins_cost_a_growing_wait_and_five_lock_the_box(cabinet, make_app, tmp_path):
    app, cab, clock = cabinet()
    assert operator.set_pin(app.store.dir, "2468")
    hold_starts(app, clock)
    pin = app.top
    assert isinstance(pin, PinScene) and not pin.service
    waits = []
    for n in range(1, 6):
        enter_pin(app, [1, 1, 1, 1])
        assert pin.result == "wrong" and app.top is pin
        waits.append(cab.guard.wait_left())
        assert pin.wait_text(), "the wait is shown on the box"
        if n < 5:
            clock.run(app, waits[-1] + 0.25)
            assert not pin.wait_text()
    assert waits[:4] == sorted(waits[:4]) and len(set(waits[:4])) == 4, waits
    assert cab.guard.locked and waits[4] >= 15 * 60
    assert pin.wait_text().startswith("Too many wrong PINs: locked")
    enter_pin(app, [2, 4, 6, 8])
    assert app.top is pin, "a locked box takes not even the right PIN"
    # the lock outlives a restart of the program
    restarted = operator.PinGuard(app.store, clock)
    assert restarted.locked and restarted.wait_left() > 14 * 60
    clock.run(app, 15 * 60 + 1, step=5.0)
    assert app.top is not pin or not pin.wait_text()
    if not isinstance(app.top, PinScene):
        hold_starts(app, clock)
    enter_pin(app, [2, 4, 6, 8])
    assert isinstance(app.top, OperatorScene) and cab.guard.fails == 0


def test_a_wrong_pins_wait_is_not_idleness_the_operator_gets_the_retry(cabinet):
    """The fourth wrong PIN waits 30 s, as long as the shortest timeout: the box stays
    through the wait and then gives the operator the whole timeout to type again (before,
    the timeout closed it as the wait ran out)."""
    app, cab, clock = cabinet(continue_after=30)
    assert operator.set_pin(app.store.dir, "2468")
    hold_starts(app, clock)
    pin = app.top
    assert isinstance(pin, PinScene)
    for n in range(4):
        enter_pin(app, [1, 1, 1, 1])
        assert pin.result == "wrong" and pin.wait_text()
        if n < 3:
            clock.run(app, cab.guard.wait_left() + 0.25)
    assert cab.guard.wait_left() == 30
    clock.run(app, 30.25)
    assert app.top is pin and not pin.wait_text(), "the wait ended, the box is there"
    clock.run(app, 30 - 1.0)
    assert app.top is pin and cab.timeouts == 0, "the retry gets the whole timeout"
    enter_pin(app, [2, 4, 6, 8])
    assert isinstance(app.top, OperatorScene)


def test_a_locked_pin_box_still_closes_when_nothing_is_touched(cabinet):
    """The lock (a quarter of an hour) is no wait for a retry: the box closes by the
    timeout as any other, and the attract loop comes back."""
    app, cab, clock = cabinet(continue_after=30)
    assert operator.set_pin(app.store.dir, "2468")
    hold_starts(app, clock)
    pin = app.top
    for n in range(5):
        enter_pin(app, [1, 1, 1, 1])
        if n < 4:
            clock.run(app, cab.guard.wait_left() + 0.25)
    assert cab.guard.locked
    clock.run(app, 31)
    assert pin not in app.stack and app.top is cab.launcher and cab.timeouts == 1


def test_the_panels_wrong_pins_never_lock_out_the_service_key(cabinet):
    """Five wrong PINs from the panel, then F2 and the right PIN: the operator menu."""
    app, cab, clock = cabinet()
    assert operator.set_pin(app.store.dir, "2468")
    hold_starts(app, clock)
    pin = app.top
    for n in range(5):
        enter_pin(app, [1, 1, 1, 1])
        clock.run(app, cab.guard.wait_left() + 0.25 if n < 4 else 0.25)
    assert cab.guard.locked and pin.wait_text().startswith("Too many wrong PINs")
    press(app, pygame.K_F2)                          # the service key: its own box
    assert isinstance(app.top, PinScene) and app.top.service and not app.top.wait_text()
    enter_pin(app, [2, 4, 6, 8])
    assert isinstance(app.top, OperatorScene)
    assert not cab.guard.locked and cab.guard.fails == 0, "the right PIN clears the panel's"
    # the service button inside the coin door is a service key too (MAME's 9)
    app.pop()
    press(app, pygame.K_9)
    assert isinstance(app.top, PinScene) and app.top.service


def test_the_panel_never_chooses_the_first_pin(cabinet):
    app, cab, clock = cabinet()
    pad = VirtualPad()
    try:
        frames(app, 3)
        pad.press("back")
        app.step()
        pad.press("start")
        app.step()
        clock.run(app, 3.25)
        assert isinstance(app.top, PinScene) and app.top.mode == "unset"
        pad.release("start")
        pad.release("back")
        frames(app, 2)
        enter_pin(app, [1, 2, 3, 4])
        assert not operator.pin_is_set(app.store.dir)
        assert not any(isinstance(s, OperatorScene) for s in app.stack)
    finally:
        pad.unplug()


def test_the_operator_menu_hides_a_game_and_sets_the_price(cabinet):
    app, cab, clock = cabinet()
    press(app, pygame.K_F2)
    enter_pin(app, [0, 0, 0, 0])
    enter_pin(app, [0, 0, 0, 0])
    op = app.top
    assert isinstance(op, OperatorScene)
    first = games.playable()[0]
    press(app, pygame.K_RIGHT)                        # "Show <first game>": no
    assert first.name in cab.k["hidden_games"]
    labels = [i.label for i in op.menu.items]
    op.menu.cursor = labels.index("Price")
    press(app, pygame.K_RIGHT)
    assert not cab.k["free_play"] and cab.k["coins_per_credit"] == 1
    app.pop()
    assert first.name not in [e.name for e in cab.launcher.entries]
    assert app.store.load("settings", {})["kiosk"]["hidden_games"] == [first.name]


def test_no_row_of_the_operator_menu_or_a_game_page_lies_under_the_footer(cabinet):
    """Every row, "Exit to the desktop" last but one, ends above the footer line: on the
    operator menu and on each game's page, however many settings a game has."""
    from games.launcher.scene import FOOTER_Y
    app, cab, clock = cabinet()
    press(app, pygame.K_F2)
    enter_pin(app, [0, 0, 0, 0])
    enter_pin(app, [0, 0, 0, 0])
    op = app.top
    assert isinstance(op, OperatorScene)
    pages = [op]
    labels = [i.label for i in op.menu.items]
    assert "Exit to the desktop" in labels
    for i, label in enumerate(labels):
        if label.endswith(" ..."):                  # a game's own page
            op.menu.cursor = i
            press(app, pygame.K_RETURN)
            pages.append(app.top)
            app.pop()
    for page in pages:
        menu = page.menu
        last = menu.item_rect(len(menu.items) - 1)
        assert last.bottom <= FOOTER_Y - 2, (type(page).__name__, last, len(menu.items))
        assert menu.line_height >= 14


def test_the_pad_service_combination_opens_the_pin(cabinet):
    app, cab, clock = cabinet()
    pad = VirtualPad()
    try:
        frames(app, 3)
        pad.press("back")
        app.step()
        pad.press("start")
        app.step()
        clock.run(app, 3.25)
        assert isinstance(app.top, PinScene)
        pad.release("start")
        pad.release("back")
        frames(app, 2)
    finally:
        pad.unplug()


def test_holding_both_starts_opens_the_pin_box_and_never_quits(cabinet):
    app, cab, clock = cabinet()
    operator.set_pin(app.store.dir, "1234")
    for k in (pygame.K_1, pygame.K_2):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="",
                                             scancode=0))
    app.step()
    clock.run(app, 10.0)
    assert app.running, "no exit for customers"
    pins = [s for s in app.stack if isinstance(s, PinScene)]
    assert len(pins) == 1 and app.top is pins[0] and pins[0].mode == "check"
    for k in (pygame.K_1, pygame.K_2):
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="",
                                             scancode=0))
    frames(app, 2)
    assert app.running


def test_exit_to_the_desktop_returns_the_status_the_service_keeps_down(cabinet):
    app, cab, clock = cabinet()
    press(app, pygame.K_F2)
    enter_pin(app, [0, 0, 0, 0])
    enter_pin(app, [0, 0, 0, 0])
    op = app.top
    op.menu.cursor = [i.label for i in op.menu.items].index("Exit to the desktop")
    press(app, pygame.K_LCTRL, pygame.KMOD_LCTRL)
    assert app.running and app.top.name == "cabinet-ask", "asked first"
    assert app.top.menu.selected.label == "No", "No is focused"
    press(app, pygame.K_LCTRL, pygame.KMOD_LCTRL)
    assert app.running and app.top is op, "No: nothing happened"
    press(app, pygame.K_LCTRL, pygame.KMOD_LCTRL)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_LCTRL, pygame.KMOD_LCTRL)
    assert not app.running and app.exit_status == EXIT_TO_DESKTOP == 64
    unit = (ROOT / "cabinet" / "tricade.service").read_text()
    assert f"RestartPreventExitStatus={EXIT_TO_DESKTOP}" in unit and "Restart=always" in unit


def test_the_keyboard_is_grabbed_in_kiosk_mode(cabinet):
    app, cab, clock = cabinet()
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        window = pygame.Window.from_display_module()
    assert window.keyboard_grabbed, "window-manager shortcuts must not fire"
    assert os.environ.get("SDL_GRAB_KEYBOARD") == "1"


def test_a_setting_not_kept_is_told_each_time(cabinet, tmp_path):
    app, cab, clock = cabinet()
    press(app, pygame.K_F2)
    enter_pin(app, [0, 0, 0, 0])
    enter_pin(app, [0, 0, 0, 0])
    op = app.top
    op.menu.cursor = [i.label for i in op.menu.items].index("Credit cap")
    app.store.save = lambda *a, **k: False          # the data folder refuses every write
    for n in (1, 2):                     # told at each refusal (the same notice once)
        app._toasts.clear()
        press(app, pygame.K_RIGHT)
        told = [t[0] for t in app._toasts if "NOT kept" in t[0]]
        assert len(told) == 1 and op.not_kept == n
    assert cab.k["credit_cap"] == 11


# -- never a traceback on the glass -----------------------------------------------------------
class Broken(Scene):
    name = "broken"

    def update(self, dt):
        raise ZeroDivisionError("the test scene fails on purpose")


def test_an_error_in_a_scene_is_logged_and_the_launcher_comes_back(cabinet, tmp_path):
    app, cab, clock = cabinet()
    app.push(Broken(app))
    frames(app, 3)
    assert app.running and app.stack == [cab.launcher]
    log = (tmp_path / "data" / LOG_NAME).read_text()
    assert "ZeroDivisionError: the test scene fails on purpose" in log and "Traceback" in log
    assert any(t[0] == ERROR_SENTENCE for t in app._toasts)


def test_outside_kiosk_mode_an_error_goes_to_the_home_guard_not_the_cabinet(make_app, tmp_path):
    from games.core import guard
    app = make_app()
    launcher = app.push(LauncherScene(app))
    app.push(Broken(app))
    app.step()                                 # (it raised: games.core.guard, at home)
    assert app.running and app.stack == [launcher]
    assert not (tmp_path / "data" / LOG_NAME).exists()
    assert "ZeroDivisionError" in (tmp_path / "data" / guard.LOG_NAME).read_text()
    assert not any(t[0] == ERROR_SENTENCE for t in app._toasts)
    app.guard.caught.clear()                   # taken: it was made on purpose


# -- high scores -----------------------------------------------------------------------------
def _win(app, cab, box="kit"):
    from games.core.records import Result
    name = next(n for n in shown_games() if games.get(n).records == "cabinet")
    scene = open_from_launcher(app, cab, name)
    seats = dict(scene.table.seats)
    person = next(iter(seats))
    seats.update({s: "computer" for s in seats if s != person}, **{person: "human"})
    result = Result(name, frozenset([person]), seats, 4, 30)
    if box == "kit":
        cab.game_over(scene, result)
        assert app.top.name == "initials" and app.top.look is scene.look, "the look's own box"
    else:                                  # the cabinet's box, for a look with no kit
        app.push(halloffame.InitialsScene(scene, halloffame.entry_of(result)))
    assert hasattr(app.top, "win")
    return name, scene


@pytest.mark.parametrize("box", ["kit", "own"])
def test_a_win_against_the_computer_asks_for_initials_by_arcade_rules(cabinet, box):
    app, cab, clock = cabinet()
    name, scene = _win(app, cab, box)
    button1, button2 = (pygame.K_LCTRL, pygame.KMOD_LCTRL), (pygame.K_LALT, pygame.KMOD_LALT)
    press(app, pygame.K_UP)                                   # A -> B
    press(app, *button1)                                      # next letter
    press(app, pygame.K_DOWN)                                 # A -> Z
    press(app, *button2)                                      # back to the first
    press(app, pygame.K_UP)                                   # B -> C
    press(app, *button1)
    press(app, *button1)
    assert app.top.name in ("initials", "cabinet-initials"), "two letters: not done yet"
    press(app, pygame.K_UP)
    press(app, *button1)                                      # the third: done
    assert app.top is scene
    assert halloffame.lines(app.store, name)[1].strip().startswith("1. CZB  level 4")
    assert any("CZB" in line for line in cab.score_lines(name))


@pytest.mark.parametrize("box", ["kit", "own"])
def test_initials_left_alone_enter_what_is_there_once(cabinet, box):
    app, cab, clock = cabinet(attract_after=10, continue_after=30)
    name, scene = _win(app, cab, box)
    box = app.top
    press(app, pygame.K_UP)                                   # B, then nobody
    clock.run(app, 60)
    assert box not in app.stack and box.win.kept
    wins = halloffame.load(app.store, name)["wins"]
    assert [w["initials"] for w in wins] == ["BAA"], "entered once, as it stood"


# -- the pads SDL does not know --------------------------------------------------------------
def test_a_gamecontrollerdb_in_the_data_dir_is_loaded(make_app, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "gamecontrollerdb.txt").write_text(
        "# test\n030000005e0400008e02000099990000,Test Stick,a:b0,b:b1,x:b2,y:b3,back:b6,"
        "start:b7,leftx:a0,lefty:a1,dpup:h0.1,dpdown:h0.4,dpleft:h0.8,dpright:h0.2,"
        "platform:Linux,\n")
    app = make_app()
    assert app.pad_mappings == 1


# -- starting at boot: tests/test_cabinet_service.py ------------------------------------------
def test_main_takes_the_kiosk_flag():
    import main
    assert main.parse_args(["--kiosk"]).kiosk and not main.parse_args([]).kiosk


# -- everything left alone comes back to the attract loop ------------------------------------
def until_attract(app, clock, limit=60.0, step=0.25):
    """Fake seconds until the attract loop is on top (None if not within ``limit``)."""
    t = 0.0
    while t < limit:
        clock.run(app, step)
        t += step
        if isinstance(app.top, AttractScene):
            return t
    return None


@pytest.mark.parametrize("name", shown_games())
def test_a_game_left_on_its_title_returns_to_attract(cabinet, name):
    app, cab, clock = cabinet(attract_after=10, continue_after=30)
    scene = open_from_launcher(app, cab, name, past_title=False)
    took = until_attract(app, clock)
    assert took is not None, [type(s).__name__ for s in app.stack]
    assert scene not in app.stack and app.stack[:1] == [cab.launcher]


class Question(Scene):
    """Any question or dialog over a game (the timeout knows none by name)."""
    name = "confirm"
    transparent = True


def test_a_question_over_a_game_left_alone_returns_to_attract(cabinet):
    app, cab, clock = cabinet(attract_after=10, continue_after=30)
    scene = open_from_launcher(app, cab, shown_games()[0])
    clock.run(app, 1)
    question = app.push(Question(app))
    took = until_attract(app, clock)
    assert took is not None and question not in app.stack and scene not in app.stack


def test_the_operator_menu_left_alone_returns_to_attract(cabinet):
    app, cab, clock = cabinet(attract_after=10, continue_after=30)
    press(app, pygame.K_F2)
    enter_pin(app, [0, 0, 0, 0])
    enter_pin(app, [0, 0, 0, 0])
    op = app.top
    assert isinstance(op, OperatorScene)
    press(app, pygame.K_DOWN)
    op.menu.cursor = [i.label for i in op.menu.items].index("Bookkeeping")
    press(app, pygame.K_LCTRL, pygame.KMOD_LCTRL)
    assert app.top.name == "cabinet-books"
    took = until_attract(app, clock)
    assert took is not None and not any(isinstance(s, OperatorScene) for s in app.stack)


def test_a_finished_game_is_recorded_then_returns_to_attract(cabinet, monkeypatch):
    import time
    app, cab, clock = cabinet(anim_speed=50.0, attract_after=10, continue_after=30)
    name = shown_games()[0]
    scene = open_from_launcher(app, cab, name)
    for seat in scene.table.seats:
        scene.table.set_seat(seat, "computer")
    scene.table.min_think = 0.0
    recorded = []
    real = type(scene).record
    monkeypatch.setattr(type(scene), "record", lambda self, r: (recorded.append(r),
                                                               real(self, r)))
    end = time.monotonic() + 300                 # a hang guard, generous under load
    while not scene.table.state.is_over and time.monotonic() < end:
        clock.t += 0.02
        app.step()
        time.sleep(0.001)
    assert scene.table.state.is_over
    took = until_attract(app, clock)
    assert took is not None and scene not in app.stack
    assert len(recorded) == 1, "the result is recorded once, before the game is closed"


def won_by_a_person(app, cab, name):
    """Open game ``name`` from the launcher and play it out at random through its table
    (resigning a long one), then make the winner the person and the others the computer:
    the game's scene, at its end."""
    import random
    scene = open_from_launcher(app, cab, name)
    app.pop_to(scene)
    t, rng = scene.table, random.Random(7)
    while not t.state.is_over:
        if t.state.is_chance:
            t.roll()
            continue
        moves = t.state.legal_moves()
        t.play("resign" if t.ply > 1500 and "resign" in moves else rng.choice(moves))
    winner = sorted(t.state.winners())[0]
    for seat in t.seats:
        t.set_seat(seat, "human" if seat == winner else "computer")
    return scene


@pytest.mark.parametrize("name", shown_games())
def test_a_winner_is_asked_for_initials_once_in_every_game(cabinet, name):
    """Whoever records a win (the game itself, or the cabinet: the registry entry says),
    a person who beat the computer is asked for initials once, however often button 1 is
    pressed after the end."""
    app, cab, clock = cabinet()
    scene = won_by_a_person(app, cab, name)
    t = scene.table
    seen = []
    for _ in range(60):
        frames(app, 1)
        top = app.top
        if getattr(top, "name", "") == "initials" and top not in seen:
            seen.append(top)
        press(app, pygame.K_LCTRL, pygame.KMOD_LCTRL)      # button 1, again and again
    if games.get(name).records == "cabinet":
        assert len(seen) == 1, name
    else:
        assert len(seen) <= 1, name


def test_a_pin_lock_read_from_disk_is_only_one_the_rules_can_make(cabinet):
    """Issue 49: cabinet/pin-tries.json edited to lock far into the future (or to lock with
    fewer than five wrong PINs) gave the panel a 900-second wait that took not even the
    right PIN. A lock ends at most 15 minutes after it began, after the fifth wrong PIN:
    anything else read from the file is no lock; a real lock still outlives a restart."""
    import json
    import time
    app, cab, clock = cabinet()
    assert operator.set_pin(app.store.dir, "2468")
    path = Path(app.store.dir) / "cabinet" / "pin-tries.json"

    def tries(fails, locked_until):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"format": "tricade", "kind": "cabinet/pin-tries",
                                    "version": 1, "data": {"fails": fails, "service_fails": 0,
                                                           "locked_until": locked_until}}))
        return operator.PinGuard(app.store, clock)

    far = time.time() + 10 ** 9
    for fails, until in ((5, far), (50, far), (0, time.time() + 600), (4, time.time() + 60)):
        guard = tries(fails, until)
        assert not guard.locked and guard.wait_left() == 0, (fails, until)
    real = tries(5, time.time() + 600)                  # a lock made 5 minutes ago
    assert real.locked and 590 < real.wait_left() <= 600
    # the panel's box on the edited file takes the right PIN at once
    tries(5, far)
    cab.guard = operator.PinGuard(app.store, app.now)
    hold_starts(app, clock)
    pin = app.top
    assert isinstance(pin, PinScene) and not pin.wait_text()
    enter_pin(app, [2, 4, 6, 8])
    assert isinstance(app.top, OperatorScene)


@pytest.mark.parametrize("last", ["cabinet started", "coin in slot 1: 1 credit(s)",
                                  "cabinet stopped"])
def test_a_run_that_never_stopped_is_said_in_the_log_at_the_next_start(make_app, last):
    """An operator reads a power cut in the log as a line of its own, not as two
    "cabinet started" in a row (an operator-stranger's find)."""
    from games.cabinet import log as cablog
    app = make_app(kiosk=True, clock=Clock())
    path = Path(app.store.dir) / LOG_NAME
    lines = ["cabinet started", "coin in slot 1: 1 credit(s)"] if last != "cabinet started" \
        else ["cabinet stopped", "cabinet started"]
    if last == "cabinet stopped":
        lines.append(last)
    path.write_bytes(b"".join(f"2026-12-06 10:00:0{i} INFO {t}\n".encode()
                              for i, t in enumerate(lines)))
    install(app)
    text = cablog.read_tail(path)
    cut = "the last run ended without stopping" in text
    assert cut == (last != "cabinet stopped"), text
    assert text.splitlines()[-1].endswith("cabinet started")
