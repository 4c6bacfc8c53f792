"""Cabinet (kiosk) mode, driven through the real loop with real SDL events and a fake clock:
no way out but the operator's, the arcade keys, the attract loop, abandoned games, credits,
the PIN, the exit hold, the error trap, and the boot files."""

import configparser
import os
import shutil
import subprocess
from pathlib import Path

import pygame
import pytest

import games
from driver import VirtualPad, frames, key
from games.cabinet import halloffame, install
from games.cabinet.attract import AttractScene
from games.cabinet.cabinet import ERROR_SENTENCE, LOG_NAME
from games.cabinet.operator import OperatorScene, PinScene
from games.core.app import Scene
from games.launcher.scene import LauncherScene
from games.ui.scene import ContinueScene, GameScene
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


def open_from_launcher(app, cab, name):
    names = [e.name for e in cab.launcher.entries]
    cab.launcher.menu.cursor = names.index(name)
    press(app, pygame.K_LCTRL, pygame.KMOD_LCTRL)       # P1 button 1
    assert isinstance(app.top, GameScene) or any(isinstance(s, GameScene) for s in app.stack)
    return next(s for s in app.stack if isinstance(s, GameScene))


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


def test_attract_starts_after_the_idle_time_shows_every_game_and_any_input_ends_it(cabinet):
    app, cab, clock = cabinet(anim_speed=50.0, demo_seconds=10)
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
    assert snapshot(tmp_path / "data") == before, "no result, no autosave"


# -- credits ---------------------------------------------------------------------------------
def test_coins_buy_credits_and_start_spends_one(cabinet):
    app, cab, clock = cabinet(free_play=False, coins_per_credit=2)
    assert cab.credit_text() == "INSERT COIN"
    press(app, pygame.K_LCTRL, pygame.KMOD_LCTRL)
    assert app.top is cab.launcher, "no credit: no game"
    for k in (pygame.K_5, pygame.K_6, pygame.K_5):
        press(app, k)
    assert (cab.credits, cab.coins) == (1, 1) and cab.credit_text() == "CREDITS 1"
    assert not any(a.kind == "text" for a in app.action_log)
    press(app, pygame.K_1)                     # Start spends the credit
    assert isinstance(app.top, GameScene) and cab.credits == 0
    app.pop_to(cab.launcher)
    press(app, pygame.K_1)
    assert app.top is cab.launcher and cab.credit_text() == "INSERT COIN"
    cab.k["free_play"] = True
    assert cab.credit_text() == "FREE PLAY" and cab.prompt_text() == "PRESS START"


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
    assert pin.result == "wrong" and app.top is cab.launcher
    assert not any(isinstance(s, OperatorScene) for s in app.stack)
    press(app, pygame.K_F2)
    enter_pin(app, [1, 2, 3, 4])
    assert isinstance(app.top, OperatorScene)
    app.pop()
    (tmp_path / "data" / "reset-pin").write_text("")
    press(app, pygame.K_F2)
    assert app.top.mode == "set", "a reset-pin file forgets the PIN"


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


def test_the_exit_hold_ends_the_program(cabinet):
    app, cab, clock = cabinet()
    for k in (pygame.K_1, pygame.K_2):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="",
                                             scancode=0))
    app.step()
    clock.run(app, 4.0)
    assert app.running, "not before five seconds"
    clock.run(app, 1.25)
    assert not app.running


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


def test_outside_kiosk_mode_an_error_still_raises(make_app):
    app = make_app()
    app.push(LauncherScene(app))
    app.push(Broken(app))
    with pytest.raises(ZeroDivisionError):
        app.step()


# -- high scores -----------------------------------------------------------------------------
def test_a_win_against_the_computer_asks_for_initials_with_the_stick(cabinet, monkeypatch):
    app, cab, clock = cabinet()
    import games
    from games.core.records import Result
    name = next(n for n in shown_games() if games.get(n).records == "cabinet")
    scene = open_from_launcher(app, cab, name)
    seats = dict(scene.table.seats)
    person = next(iter(seats))
    seats.update({s: "computer" for s in seats if s != person}, **{person: "human"})
    cab.game_over(scene, Result(name, frozenset([person]), seats, 4, 30))
    assert isinstance(app.top, halloffame.InitialsScene)
    press(app, pygame.K_UP)                                   # A -> B
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_DOWN)                                 # A -> Z
    press(app, pygame.K_LCTRL, pygame.KMOD_LCTRL)
    assert app.top is scene
    assert halloffame.lines(app.store, name)[1].strip().startswith("1. BZA  level 4")
    assert any("BZA" in line for line in cab.score_lines(name))


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


# -- starting at boot --------------------------------------------------------------------------
def test_the_systemd_unit_and_the_autostart_entry_parse():
    unit = configparser.ConfigParser(strict=True, interpolation=None)
    unit.optionxform = str
    unit.read(ROOT / "cabinet" / "tricade.service", encoding="utf-8")
    assert "--kiosk" in unit["Service"]["ExecStart"]
    assert unit["Service"]["Restart"] in ("on-failure", "always")
    assert unit["Install"]["WantedBy"]
    desk = configparser.ConfigParser(strict=True, interpolation=None)
    desk.optionxform = str
    desk.read(ROOT / "cabinet" / "tricade.desktop", encoding="utf-8")
    e = desk["Desktop Entry"]
    assert e["Type"] == "Application" and "--kiosk" in e["Exec"] and e["Name"]
    if shutil.which("systemd-analyze"):
        r = subprocess.run(["systemd-analyze", "--user", "verify",
                            str(ROOT / "cabinet" / "tricade.service")],
                           capture_output=True, text=True, timeout=30)
        assert "Unknown key" not in r.stderr and "Invalid" not in r.stderr, r.stderr


def test_main_takes_the_kiosk_flag():
    import main
    assert main.parse_args(["--kiosk"]).kiosk and not main.parse_args([]).kiosk
