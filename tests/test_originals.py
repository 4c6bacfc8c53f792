"""The small things a player trips on, through the real loop: display flags that hold for one
run, a game started by name that ends the program when quit, no sound device said on the
console and not over the board, the launcher's hints inside its panel, every game on the
Scores page, and the DOS rule that both mouse buttons together are Esc."""

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pygame
import pytest

from driver import frames, key
from games.core import chord
from games.core.app import Scene
from games.launcher.scene import (BG, HINT_WIDTH, PANEL_LEFT, LauncherScene, ScoresScene,
                                  SettingsScene)

ROOT = Path(__file__).resolve().parents[1]


def child_env(**extra):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.update(extra)
    return env


# -- display flags hold for one run -------------------------------------------------------------

def test_a_display_flag_given_once_does_not_change_the_next_plain_start(make_app, tmp_path):
    d = str(tmp_path / "data")
    app = make_app(data_dir=d, fullscreen=True, scale="integer", scanlines=True)
    assert app.display.fullscreen and app.display.scale == "integer" and app.display.scanlines
    app.push(LauncherScene(app))
    settings = app.push(SettingsScene(app))
    # the Settings screen shows what this run has; a volume change writes the settings
    assert settings.menu.items[0].value() == "integer"
    assert settings.menu.items[1].value() == "on"
    settings.menu.cursor = [i.label for i in settings.menu.items].index("Volume")
    key(app, pygame.K_LEFT)
    saved = json.loads((Path(d) / "settings.json").read_text())["data"]
    assert (saved["fullscreen"], saved["scale"], saved["scanlines"]) == (False, "aspect", False)
    assert app.display.fullscreen and app.display.scale == "integer"  # still, for this run
    app.shutdown(quit_pygame=False)
    plain = make_app(data_dir=d, fullscreen=None)
    assert not plain.display.fullscreen
    assert plain.display.scale == "aspect" and not plain.display.scanlines
    assert plain.settings["volume"] == saved["volume"]


def test_a_choice_on_the_settings_screen_is_kept_over_a_flag(make_app, tmp_path):
    d = str(tmp_path / "data")
    app = make_app(data_dir=d, scanlines=True)
    app.push(LauncherScene(app))
    settings = app.push(SettingsScene(app))
    settings.menu.cursor = 1                       # Scanlines: on (the flag) -> off, kept
    key(app, pygame.K_RIGHT)
    assert not app.display.scanlines and settings.menu.items[1].value() == "off"
    settings.menu.cursor = 0                       # Display: aspect -> stretch, kept
    key(app, pygame.K_RIGHT)
    assert app.display.scale == "stretch"
    app.shutdown(quit_pygame=False)
    again = make_app(data_dir=d, fullscreen=None)
    assert again.display.scale == "stretch" and not again.display.scanlines


def test_no_scanlines_undoes_a_kept_choice_for_one_run():
    import main
    assert main.parse_args(["--no-scanlines"]).scanlines is False
    assert main.parse_args(["--scanlines"]).scanlines is True
    assert main.parse_args([]).scanlines is None
    with pytest.raises(SystemExit):
        main.parse_args(["--scanlines", "--no-scanlines"])


# -- a game started by name ---------------------------------------------------------------------

QUIT_PROGRAM = textwrap.dedent("""
    import sys
    sys.path.insert(0, {root!r})
    import pygame
    import main
    from games.core import app as app_mod
    presses = {presses!r}           # frame -> key names pressed then (counted in frames)
    real_step, real_shutdown = app_mod.App._step, app_mod.App.shutdown

    def step(self):
        for name in presses.get(self.frame, ()):
            k = pygame.key.key_code(name)
            char = name if len(name) == 1 else ""
            for t in (pygame.KEYDOWN, pygame.KEYUP):
                pygame.event.post(pygame.event.Event(t, key=k, mod=0, unicode=char,
                                                     scancode=0))
        real_step(self)

    def shutdown(self, *a, **k):
        print("stack at the end:", [s.name for s in self.stack], "frame", self.frame)
        return real_shutdown(self, *a, **k)
    app_mod.App._step, app_mod.App.shutdown = step, shutdown
    sys.exit(main.main(sys.argv[1:]))
""")


@pytest.mark.parametrize("game, presses", [
    # 40 frames apart: a frame is 1/60 s at least, so each press comes after a new box's
    # deaf moment (0.4 s, games.ui.modals) however fast the machine
    ("tripppin", {40: ["escape"]}),                 # the title page: Esc leaves the game
    ("tribolo", {40: ["escape"]}),
    ("triple3", {40: ["escape"]}),
    ("triaxis", {40: ["return"], 80: ["escape"], 120: ["q"]}),  # Start, the set-up box
                                                                # closed, Q)uit
])
def test_quitting_a_game_started_by_name_ends_the_program(tmp_path, game, presses):
    program = QUIT_PROGRAM.format(root=str(ROOT), presses=presses)
    out = subprocess.run([sys.executable, "-c", program, game, "--data-dir",
                          str(tmp_path / "d"), "--frames", "600", "--mute"],
                         capture_output=True, text=True, timeout=120, cwd=str(ROOT),
                         env=child_env())
    assert out.returncode == 0, out.stderr
    end = [line for line in out.stdout.splitlines() if line.startswith("stack at the end")]
    assert end and end[0].startswith("stack at the end: [] frame"), out.stdout
    assert int(end[0].split()[-1]) < 600, "ended by the quit, not by --frames"


def test_a_game_that_cannot_be_opened_leaves_the_launcher(make_app):
    import main
    app = make_app()
    app.options.game = "no-such-game"
    main.root_scene(app)
    assert [s.name for s in app.stack] == ["launcher"]


# -- no sound device ----------------------------------------------------------------------------

def test_no_sound_device_is_said_on_the_console_not_over_the_board(make_app, monkeypatch,
                                                                   capsys, tmp_path):
    from games.tribolo.scene import TriboloScene
    # one still clock for both: the two pictures are of the same moment (a blink or an
    # animation on a busy machine's real clock would make them differ)
    heard = make_app(data_dir=str(tmp_path / "heard"), clock=lambda: 100.0)
    heard.push(TriboloScene(heard, seed=3))
    frames(heard, 3)
    picture = pygame.image.tobytes(heard.last_native, "RGB")
    heard.shutdown(quit_pygame=False)

    def no_device(*a, **k):
        raise pygame.error("no audio device")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    app = make_app(data_dir=str(tmp_path / "silent"), clock=lambda: 100.0)
    assert not app.audio.available
    app.push(TriboloScene(app, seed=3))
    frames(app, 3)
    assert not app._toasts
    assert pygame.image.tobytes(app.last_native, "RGB") == picture   # the board, uncovered
    err = capsys.readouterr().err
    assert err.count("No sound device") == 1
    app.push(SettingsScene(app))
    sound = next(i for i in app.top.menu.items if i.label == "Sound")
    assert "no device" in sound.value()


# -- the launcher -------------------------------------------------------------------------------

def test_every_hint_of_the_launcher_stays_inside_its_panel(make_app):
    app = make_app()
    scene = app.push(LauncherScene(app))
    frames(app, 2)
    for i, item in enumerate(scene.menu.items):
        scene.menu.cursor = i
        app.dirty = True
        frames(app, 1)
        band = app.last_native.subsurface((0, 385, 640, 50))
        outside = [(x, y) for x in list(range(PANEL_LEFT)) + list(range(PANEL_LEFT + HINT_WIDTH, 640))
                   for y in range(50) if band.get_at((x, y))[:3] != BG]
        assert not outside, (item.label, outside[:3])


def test_the_scores_page_lists_every_game_before_any_is_played(make_app):
    import games
    app = make_app()
    app.push(LauncherScene(app))
    scores = app.push(ScoresScene(app))
    titles = [text for text, _ in scores.lines]
    for entry in games.games():
        assert entry.title in titles
        nxt = titles[titles.index(entry.title) + 1]
        assert nxt and "no" in nxt.lower() and "yet" in nxt.lower(), (entry.title, nxt)


# -- both mouse buttons together: back ----------------------------------------------------------

class Recorder(Scene):
    name = "recorder"
    chord_back = True

    def __init__(self, app):
        super().__init__(app)
        self.got = []

    def handle(self, action):
        self.got.append((action.kind, action.button))


def buttons(app, *events, steps=1):
    pos = app.display.to_window((100, 100))
    for kind, button in events:
        t = pygame.MOUSEBUTTONDOWN if kind == "down" else pygame.MOUSEBUTTONUP
        pygame.event.post(pygame.event.Event(t, pos=pos, button=button))
    frames(app, steps)


@pytest.mark.parametrize("first, second", [(1, 3), (3, 1)])
def test_left_and_right_pressed_together_are_back(make_app, first, second):
    app = make_app(clock=lambda: 100.0)     # "together" on the loop's clock, not a busy
    scene = app.push(Recorder(app))         # machine's real one
    buttons(app, ("down", first))
    buttons(app, ("down", second), ("up", first), ("up", second))
    # (SDL may add a motion to the presses' position: not a press)
    assert [g for g in scene.got if g[0] != "pointer_move"] == [("back", 0)]


def test_a_click_is_not_delayed_and_a_held_press_comes_after_the_window(make_app):
    now = [100.0]
    app = make_app(clock=lambda: now[0])
    scene = app.push(Recorder(app))
    buttons(app, ("down", 1), ("up", 1))
    assert scene.got == [("pointer_down", 1), ("pointer_up", 1)]
    scene.got.clear()
    buttons(app, ("down", 1))
    assert scene.got == []                           # held back a moment
    now[0] += chord.WINDOW
    frames(app, 1)
    assert scene.got == [("pointer_down", 1)]
    buttons(app, ("down", 3), ("up", 3), ("up", 1))  # too late for a chord: as it came
    assert scene.got == [("pointer_down", 1), ("pointer_down", 3), ("pointer_up", 3),
                         ("pointer_up", 1)]


def test_a_scene_without_the_rule_gets_both_presses(make_app):
    app = make_app()
    scene = app.push(Recorder(app))
    scene.chord_back = False
    app._activate(scene)
    buttons(app, ("down", 1), ("down", 3), ("up", 1), ("up", 3))
    assert [k for k, _ in scene.got] == ["pointer_down", "pointer_down", "pointer_up",
                                         "pointer_up"]
