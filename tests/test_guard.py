"""At home an exception inside a scene never ends the program (games.core.guard): the
traceback goes to errors.log in the data folder, the scene that raised is closed (a game
in progress saved as it stood), the screen under it (or the first screen, made again)
comes back with one sentence, and a run of faults ends the program with status 1 and one
sentence, never a traceback. Every game (the example games too) through the real loop;
the end of a run of faults also as a real process (tests/play_child.py fault)."""

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

import games
from driver import frames, key, run_until
from games.cli import root_scene
from games.core import guard
from games.launcher.scene import LauncherScene, open_game
from games.ui import fonts

ROOT = Path(__file__).resolve().parents[1]
ENTRIES = games.playable(include_hidden=True)      # every game, the example games too


class SteppedClock:
    def __init__(self):
        self.t = 1000.0

    def __call__(self):
        return self.t


def fails_once(scene, method: str) -> None:
    """``scene.method`` (on the instance) raises at its next call, then is as before."""
    def broken(*args, **kwargs):
        del scene.__dict__[method]
        raise RuntimeError(f"{type(scene).__name__}.{method} fails on purpose")
    setattr(scene, method, broken)


def drawn_text(app, monkeypatch) -> str:
    """Every string the fonts draw in one whole frame, joined."""
    drawn, real = [], fonts.BitmapFont.draw
    monkeypatch.setattr(fonts.BitmapFont, "draw", lambda self, surface, text, *a, **kw: (
        drawn.append(text), real(self, surface, text, *a, **kw))[1])
    app.dirty = True
    app.step()
    monkeypatch.setattr(fonts.BitmapFont, "draw", real)
    return " ".join(drawn)


def quick(scene, entry) -> None:
    scene.table.worker = None                 # the computer answers at once
    scene.table.min_think = 0.0
    scene.table.set_level(min(entry.ai_module().LEVELS))


def title_of(app, entry):
    """The game's scene, under its title page (on top)."""
    assert run_until(app, lambda: getattr(app.top, "name", None) == "title")
    game = next(s for s in app.stack if getattr(s, "entry", None) is entry)
    return game


def to_move(app, scene) -> bool:
    """Frames until a person is to move in ``scene`` (a box over it, such as Tribolo's who
    goes first, is answered with Enter) or the game is over."""
    table = scene.table
    for _ in range(3000):
        if table.state.is_over or (app.top is scene and table.human_to_move
                                   and not scene.holding()):
            return True
        if app.top is not scene and getattr(app.top, "game", None) is scene:
            key(app, pygame.K_RETURN)
        app.step()
    return False


def play_a_few_moves(app, scene, n=3) -> None:
    table = scene.table
    for _ in range(n):
        assert to_move(app, scene), "a person's turn comes"
        if table.state.is_over:
            break
        ply = table.ply
        scene.play_move(table.state.legal_moves()[0])   # as the board gives it
        assert table.ply > ply
    assert to_move(app, scene)


@pytest.mark.parametrize("way", ["launcher-update", "by-name-draw"])
@pytest.mark.parametrize("entry", ENTRIES, ids=[e.name for e in ENTRIES])
def test_a_fault_in_a_game_closes_it_says_so_and_the_game_resumes(
        make_app, monkeypatch, tmp_path, entry, way):
    start, method = way.rsplit("-", 1)
    app = make_app(anim_speed=0, game=entry.name if start == "by-name" else None)
    app.root = root_scene                      # as games.core.app.run() is given it
    root_scene(app)
    if start == "launcher":
        assert open_game(app, entry.name)
    scene = title_of(app, entry)
    key(app, pygame.K_RETURN)                  # the title's Start
    quick(scene, entry)
    play_a_few_moves(app, scene)
    before, ply = scene.table.state.to_text(), scene.table.ply
    assert ply > 0

    fails_once(scene, method)
    app.dirty = True                           # (a draw comes with the next frame)
    app.step()

    assert app.running and scene not in app.stack
    assert len(app.guard.caught) == 1 and "fails on purpose" in app.guard.caught[0]
    log = (tmp_path / "data" / guard.LOG_NAME).read_text()
    assert "Traceback (most recent call last)" in log
    assert f"RuntimeError: {type(scene).__name__}.{method} fails on purpose" in log
    path = str(tmp_path / "data" / guard.LOG_NAME)
    said = [t[0] for t in app._toasts if t[0].startswith("Sorry, something went wrong")]
    assert said == [f"Sorry, something went wrong and that screen was closed; a game in "
                    f"progress is kept. The details are in {path}."]
    if start == "launcher":                    # the screen under it comes back
        assert isinstance(app.top, LauncherScene) and app.stack == [app.top]
    else:                                      # the first screen, made again: its title
        again = title_of(app, entry)
        assert again is not scene and app.stack == [again, app.top]
    shown = drawn_text(app, monkeypatch)
    flat = "".join(shown.split())              # (a long path wraps where it must, inside
    assert "Sorry,somethingwentwrong" in flat and guard.LOG_NAME in flat  # a word too)

    # the game in progress is there, as it stood
    assert app.store.exists(scene.save_name)
    if start == "launcher":
        assert open_game(app, entry.name)
    again = title_of(app, entry)
    assert app.top.choices[0][0] == "Resume the saved game"
    key(app, pygame.K_RETURN)
    assert app.top is again and again.table.ply == ply
    assert again.table.state.to_text() == before
    frames(app, 3)
    app.guard.caught.clear()                   # taken: made on purpose


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.name for e in ENTRIES])
def test_a_modal_that_raises_closes_and_the_game_under_it_goes_on(make_app, tmp_path, entry):
    app = make_app(anim_speed=0)
    launcher = app.push(LauncherScene(app))
    assert open_game(app, entry.name)
    scene = title_of(app, entry)
    key(app, pygame.K_RETURN)
    quick(scene, entry)
    assert to_move(app, scene)
    asked = []
    box = scene.confirm("A question of the test?", lambda: asked.append(1))
    assert app.top is box
    fails_once(box, "handle")
    key(app, pygame.K_RETURN)                  # the box's handle raises
    assert app.running and app.stack == [launcher, scene] and not asked
    assert "fails on purpose" in (tmp_path / "data" / guard.LOG_NAME).read_text()
    assert any(t[0].startswith("Sorry, something went wrong") for t in app._toasts)
    frames(app, 3)                             # the game goes on under no box
    assert app.top is scene
    app.guard.caught.clear()


def test_a_run_of_faults_ends_the_program_with_one_sentence_and_status_1(
        make_app, capsys, tmp_path):
    """More than ERROR_LIMIT faults within ERROR_WINDOW seconds: the program ends, every
    scene closed; a fault outside the window counts no more."""
    from games.core.app import Scene

    class Failing(Scene):
        name = "failing"

        def update(self, dt):
            raise ZeroDivisionError("the failing scene")

    clock = SteppedClock()
    app = make_app(clock=clock)
    app.root = lambda app: app.push(LauncherScene(app))
    app.root(app)
    closed = []
    app.stack[0].close = lambda: closed.append("launcher")
    for n in range(guard.ERROR_LIMIT):
        app.push(Failing(app))
        app.step()
        assert app.running and isinstance(app.top, LauncherScene), n
        clock.t += guard.ERROR_WINDOW / (guard.ERROR_LIMIT + 1)
    clock.t += guard.ERROR_WINDOW             # the first ones are old now
    app.push(Failing(app))
    app.step()
    assert app.running
    for n in range(guard.ERROR_LIMIT):
        app.push(Failing(app))
        app.step()
    assert not app.running and app.exit_status == 1 and app.stack == []
    assert closed == ["launcher"]
    err = capsys.readouterr().err
    assert "Traceback" not in err
    path = tmp_path / "data" / guard.LOG_NAME
    assert err.strip().splitlines()[-1] == (
        f"Tricade stopped: something went wrong too often; the details are in {path}.")
    assert path.read_text().count("ZeroDivisionError: the failing scene") == \
        2 * guard.ERROR_LIMIT + 1
    app.guard.caught.clear()


def test_keyboard_interrupt_and_system_exit_are_not_caught(make_app):
    app = make_app()
    app.push(LauncherScene(app))
    for kind in (KeyboardInterrupt, SystemExit):
        def stop(dt, kind=kind):
            raise kind()
        app.top.update = stop
        with pytest.raises(kind):
            app.step()
    assert not app.guard.caught


def test_the_log_keeps_its_newest_whole_entries(tmp_path):
    path = tmp_path / "errors.log"
    for n in range(40):
        guard.append_log(path, f"fault {n}\n" + "x" * 200, limit=2000)
    text = path.read_text()
    assert len(text.encode()) <= 2000
    assert text.startswith(guard.ENTRY_MARK.decode()) and "fault 39" in text
    assert "fault 0\n" not in text
    kept = [int(line.split()[-1]) for line in text.splitlines() if "fault" in line]
    assert kept == list(range(kept[0], 40))   # the newest, in order, each whole


def test_a_log_that_cannot_be_written_is_said_and_play_goes_on(make_app, tmp_path):
    from games.core.app import Scene

    class Failing(Scene):
        def update(self, dt):
            raise ValueError("on purpose")

    app = make_app()
    (tmp_path / "data" / guard.LOG_NAME).mkdir()     # a folder where the log goes
    launcher = app.push(LauncherScene(app))
    app.push(Failing(app))
    app.step()
    assert app.running and app.stack == [launcher]
    said = [t[0] for t in app._toasts if t[0].startswith("Sorry")]
    assert said and "The details could not be written" in said[0]
    assert "is a folder, not a regular file" in said[0]
    app.guard.caught.clear()


# -- a real process: python main.py, through tests/play_child.py's fault mode -----------------
def child(tmp_path, spec, times, keys, *args):
    data = tmp_path / "data"
    return subprocess.run(
        [sys.executable, str(ROOT / "tests" / "play_child.py"), "fault", spec, str(times),
         keys, *args, "--data-dir", str(data), "--mute"],
        cwd=str(ROOT), capture_output=True, text=True, timeout=240,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy",
             "SDL_AUDIODRIVER": "dummy"}), data / guard.LOG_NAME


def test_a_process_whose_first_screen_keeps_failing_ends_with_status_1(tmp_path):
    out, log = child(tmp_path, "games.launcher.scene:LauncherScene.draw", "always", "",
                     "--frames", "120")
    assert out.returncode == 1, out.stderr
    assert "Traceback" not in out.stderr
    assert out.stderr.strip().splitlines() == [
        f"Sorry, something went wrong and that screen was closed; a game in progress is "
        f"kept. The details are in {log}.",
        f"Tricade stopped: something went wrong again at once; the details are in {log}."]
    assert log.read_text().count("Traceback (most recent call last)") == 2


def test_a_process_with_a_fault_in_a_game_goes_on(tmp_path):
    """main.py pebbles: Start on the title, the game's update raises once; the program
    goes on to its last frame and ends with status 0; the title offers the game again."""
    out, log = child(tmp_path, "tests.example_game.scene:PebblesScene.update", 1,
                     "20:return", "pebbles", "--frames", "90", "--seed", "3")
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr
    assert "The details are in" in out.stderr and str(log) in out.stderr
    assert "PebblesScene.update fails on purpose" in log.read_text()


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.name for e in ENTRIES])
def test_a_notice_too_long_for_its_band_shows_its_start(make_app, entry):
    """Where the band beside a board holds fewer lines than a notice, the newest lines
    were shown: the guard's sentence lost its start ("Sorry, something went wrong") and
    showed only the log file's path. A notice too long for the band shows its start."""
    app = make_app(anim_speed=0, mute=True)
    scene = app.push(entry.scene_factory()(app, seed=3, title=False))
    frames(app, 2)
    long = "Sorry, something went wrong; " + "the rest of a long sentence " * 40
    band, shown = scene.toast_place(scene.native_size, ["an older notice", long])
    assert shown and any(line.startswith("Sorry, something went wrong") for line in shown), \
        shown[:2]
