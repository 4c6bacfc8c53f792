"""The shell end to end: the real loop on SDL's dummy drivers, real events in SDL's queue,
a virtual gamepad plugged in through SDL, real files in a temp directory."""

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

import games

from driver import VirtualPad, click, frames, key, pad_press
from games.core.display import layout
from games.launcher.scene import BindingsScene, LauncherScene, SettingsScene
from games.launcher.testscene import TestScene

ROOT = Path(__file__).resolve().parents[1]
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


def run_main(*args, timeout=60):
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], cwd=str(ROOT),
                          env=ENV, capture_output=True, text=True, timeout=timeout)


def launcher(make_app, **kw):
    app = make_app(**kw)
    scene = app.push(LauncherScene(app))
    app.step()
    return app, scene


def item_index(menu, label):
    return [i.label for i in menu.items].index(label)


# -- the command line ------------------------------------------------------------------------

def test_main_runs_frames_and_writes_a_screenshot(tmp_path):
    shot = tmp_path / "shot.png"
    out = run_main("--frames", "5", "--screenshot", str(shot), "--data-dir", str(tmp_path / "d"),
                   "--size", "800x600", "--mute")
    assert out.returncode == 0, out.stderr
    img = pygame.image.load(str(shot))
    assert img.get_size() == (800, 600)
    # the picture is not blank: the launcher drew something in several colours
    colours = {tuple(img.get_at((x, y)))[:3] for x in range(0, 800, 7) for y in range(0, 600, 7)}
    assert len(colours) >= 3


@pytest.mark.parametrize("args, words", [
    (["--scale", "huge"], "invalid choice"),
    (["--frames", "0"], "must be 1 or more"),
    (["--frames", "many"], "not a whole number"),
    (["--seed", "x"], "not a whole number"),
    (["--fullscreen", "--window"], "not allowed with"),
    (["nosuchgame"], "invalid choice"),
    (["--size", "12"], "WIDTHxHEIGHT"),
    (["--screenshot", "/no/such/dir/x.png"], "does not exist"),
])
def test_impossible_options_get_a_clear_error(args, words):
    out = run_main(*args)
    assert out.returncode == 2
    assert words in out.stderr
    assert "usage: python main.py" in out.stderr


def test_data_dir_that_is_a_file_is_refused(tmp_path):
    f = tmp_path / "file"
    f.write_text("x")
    out = run_main("--data-dir", str(f), "--frames", "1")
    assert out.returncode == 2 and "is a file" in out.stderr


# -- keyboard and mouse ----------------------------------------------------------------------

def test_keyboard_drives_the_launcher_and_settings(make_app):
    app, scene = launcher(make_app)
    menu = scene.menu
    assert menu.cursor == 0
    key(app, pygame.K_DOWN)
    assert menu.cursor == 1 or menu.items[menu.cursor].label in ("Scores", "Settings")
    menu.cursor = item_index(menu, "Settings")
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, SettingsScene)
    settings = app.top
    # Display: integer / aspect / stretch with left and right
    assert settings.menu.selected.label == "Display"
    before = app.settings["scale"]
    key(app, pygame.K_RIGHT)
    assert app.settings["scale"] != before
    assert app.display.scale == app.settings["scale"]
    saved = json.loads((Path(app.store.dir) / "settings.json").read_text())
    assert saved["data"]["scale"] == app.settings["scale"]
    key(app, pygame.K_ESCAPE)
    assert app.top is scene


def test_mouse_clicks_through_the_native_picture(make_app):
    app, scene = launcher(make_app, scale="integer")
    i = item_index(scene.menu, "Settings")
    r = scene.menu.item_rect(i)
    click(app, r.center)
    assert isinstance(app.top, SettingsScene)
    # a click outside the picture maps to no native pixel and does nothing
    assert app.display.to_native((0, 0)) is None or app.display.dest.x == 0


def test_the_input_test_scene_proves_the_loop(make_app):
    app = make_app()
    scene = app.push(TestScene(app))
    app.step()
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_DOWN)
    assert scene.cursor == [1, 1]
    key(app, pygame.K_RETURN)
    assert scene.confirmed == [(1, 1)]
    key(app, pygame.K_h, unicode="h")
    key(app, pygame.K_h, mod=pygame.KMOD_LCTRL, unicode="\x08")
    key(app, pygame.K_q, unicode="q")
    kinds = [(a.kind, a.name or a.char) for a in app.action_log[-3:]]
    assert kinds == [("command", "hello"), ("command", "shout"), ("text", "q")]
    click(app, TestScene.cell_centre((5, 3)))
    assert scene.cursor == [5, 3] and scene.clicks[-1] == (5, 3)


def test_a_held_key_repeats(make_app):
    clock = [1000.0]                     # the loop's clock, moved by hand: no timing luck
    app = make_app(clock=lambda: clock[0])
    scene = app.push(TestScene(app))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="",
                                         scancode=0))
    app.step()
    assert scene.cursor == [1, 0]
    for _ in range(60):                  # 0.6 s of held key, a frame every 10 ms
        clock[0] += 0.01
        app.step()
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RIGHT, mod=0, unicode="",
                                         scancode=0))
    app.step()
    assert scene.cursor[0] >= 3          # the first press, then repeats
    x = scene.cursor[0]
    frames(app, 30)
    assert scene.cursor[0] == x          # released: no more


# -- gamepads ----------------------------------------------------------------------------------

def test_a_virtual_gamepad_plugs_in_drives_the_launcher_and_unplugs(make_app):
    app, scene = launcher(make_app)
    pad = VirtualPad()
    try:
        frames(app, 2)
        assert pad.instance_id in app.input.pads
        assert app.input.pads[pad.instance_id].is_controller
        start = scene.menu.cursor
        pad_press(app, pad, "dpdown")
        assert scene.menu.cursor == (start + 1) % len(scene.menu.items)
        scene.menu.cursor = item_index(scene.menu, "Settings")
        pad_press(app, pad, "a")                       # south confirms
        assert isinstance(app.top, SettingsScene)
        pad_press(app, pad, "b")                       # east goes back
        assert app.top is scene
        # the left stick moves too
        pad.axis(1, 32000)
        app.step()
        pad.axis(1, 0)
        app.step()
        assert scene.menu.cursor == (item_index(scene.menu, "Settings") + 1) % len(scene.menu.items)
        # Start is the menu action: on the launcher it opens Settings
        pad_press(app, pad, "start")
        assert app.action_log[-1].kind == "menu" and app.action_log[-1].source == "pad"
        assert isinstance(app.top, SettingsScene)
        pad_press(app, pad, "b")
        assert app.top is scene
    finally:
        pad.unplug()
    frames(app, 3)
    assert app.input.pads == {}
    assert app.running
    # plugged in again: a new instance id, tracked afresh
    pad2 = VirtualPad()
    try:
        frames(app, 2)
        assert list(app.input.pads) == [pad2.instance_id]
        pad_press(app, pad2, "dpup")
        assert app.action_log[-1].kind == "up"
    finally:
        pad2.unplug()
    frames(app, 2)
    assert app.input.pads == {}


def test_unplugging_while_a_direction_is_held_stops_the_repeat(make_app):
    app = make_app()
    scene = app.push(TestScene(app))
    pad = VirtualPad()
    frames(app, 2)
    pad.press("dpright")
    app.step()
    pad.unplug()
    frames(app, 2)
    x = scene.cursor[0]
    time.sleep(0.45)
    frames(app, 5)
    assert scene.cursor[0] == x
    assert app.running


def test_nintendo_style_swap(make_app):
    app, scene = launcher(make_app)
    app.settings["swap_confirm"] = True
    app.apply_settings()
    pad = VirtualPad()
    try:
        frames(app, 2)
        scene.menu.cursor = item_index(scene.menu, "Settings")
        pad_press(app, pad, "b")                       # east now confirms
        assert isinstance(app.top, SettingsScene)
        pad_press(app, pad, "a")                       # south now goes back
        assert app.top is scene
    finally:
        pad.unplug()


def test_pad_and_key_bindings_are_rebound_and_persist(make_app, tmp_path):
    app, scene = launcher(make_app)
    app.push(SettingsScene(app))
    bindings = app.push(BindingsScene(app, "key"))
    app.step()
    # rebind Confirm to "k" (a key no game uses)
    bindings.menu.cursor = item_index(bindings.menu, "Confirm")
    key(app, pygame.K_RETURN)
    assert bindings.waiting == "confirm"
    key(app, pygame.K_k, unicode="k")
    assert app.settings["keys"]["confirm"][0] == "k"
    app.pop()
    pad_scene = app.push(BindingsScene(app, "pad"))
    pad = VirtualPad()
    try:
        frames(app, 2)
        pad_scene.menu.cursor = item_index(pad_scene.menu, "Menu")
        pad_press(app, pad, "a")
        assert pad_scene.waiting == "menu"
        pad_press(app, pad, "leftshoulder")
        assert app.settings["pad"]["menu"][0] == "leftshoulder"
    finally:
        pad.unplug()
    data_dir = app.store.dir
    app.shutdown(quit_pygame=False)
    again = make_app(data_dir=str(data_dir))
    assert again.settings["keys"]["confirm"][0] == "k"
    assert again.settings["pad"]["menu"][0] == "leftshoulder"
    assert again.input.keys["confirm"][0] == "k"


def test_rebinding_onto_a_games_key_is_refused_and_a_shared_key_moves(make_app):
    app, scene = launcher(make_app)
    bindings = app.push(BindingsScene(app, "key"))
    app.step()
    before = list(app.settings["keys"]["confirm"])
    bindings.menu.cursor = item_index(bindings.menu, "Confirm")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_v, unicode="v")               # Tribolo's V)save
    assert app.settings["keys"]["confirm"] == before
    assert "Tribolo" in bindings.said and "v" in bindings.said
    # Escape is one of Back's two keys: it moves to Confirm, and the screen says so
    bindings.menu.cursor = item_index(bindings.menu, "Confirm")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_ESCAPE)
    assert app.settings["keys"]["confirm"][0] == "escape"
    assert "escape" not in app.settings["keys"]["back"]
    assert "moved from Back to Confirm" in bindings.said


# -- display ---------------------------------------------------------------------------------

@pytest.mark.parametrize("native, aspect", [((640, 350), 480 / 350), ((640, 256), 2.0),
                                            ((640, 480), 1.0), ((320, 200), 1.2)])
@pytest.mark.parametrize("window", [(1920, 1080), (1280, 960), (800, 600), (640, 400)])
def test_layout_modes(native, aspect, window):
    w, h = native
    r = layout("stretch", native, aspect, window)
    assert r.size == window
    r = layout("aspect", native, aspect, window)
    assert r.w <= window[0] and r.h <= window[1]
    assert r.w == window[0] or r.h == window[1]
    assert abs(r.w / r.h - w / (h * aspect)) < 0.02
    r = layout("integer", native, aspect, window)
    assert r.w <= window[0] and r.h <= window[1]
    if window[0] >= w and window[1] >= round(h * aspect):
        assert r.w % w == 0 and r.h % h == 0
    if aspect == 2.0 and r.w % w == 0 and window[1] >= 2 * h * (r.w // w):
        assert r.h // h == 2 * (r.w // w)  # Amiga/Acorn 256 lines doubled (where it fits)


def test_ega_is_shown_at_four_to_three():
    r = layout("aspect", (640, 350), 480 / 350, (1920, 1080))
    assert (r.w, r.h) == (1440, 1080)
    r = layout("aspect", (640, 256), 2.0, (1920, 1080))
    assert (r.w, r.h) == (1350, 1080)


@pytest.mark.parametrize("mode", ["integer", "aspect", "stretch"])
def test_pointer_maps_back_to_native_pixels_in_every_mode(make_app, mode):
    app = make_app(scale=mode, window_size=(1920, 1080))
    app.push(TestScene(app))
    app.settings["scanlines"] = True
    app.apply_settings()
    app.step()
    d = app.display
    for p in [(0, 0), (319, 199), (160, 100), (17, 143)]:
        assert d.to_native(d.to_window(p)) == p
    click(app, TestScene.cell_centre((2, 4)))
    assert app.top.cursor == [2, 4]


def test_fullscreen_toggles_with_f11_and_alt_enter_and_is_remembered(make_app):
    app, scene = launcher(make_app)
    assert not app.display.fullscreen
    key(app, pygame.K_F11)
    assert app.display.fullscreen and app.settings["fullscreen"]
    key(app, pygame.K_RETURN, mod=pygame.KMOD_LALT)
    assert not app.display.fullscreen
    assert app.top is scene   # Alt+Enter did not also confirm a menu item
    saved = json.loads((Path(app.store.dir) / "settings.json").read_text())
    assert saved["data"]["fullscreen"] is False


def test_focus_loss_pauses_a_window(make_app):
    app = make_app()
    scene = app.push(TestScene(app))
    app.step()
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    app.step()
    assert app.paused
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="",
                                         scancode=0))
    app.step()
    # a key press in the window brings it back, but is not itself delivered
    assert not app.paused and scene.cursor == [0, 0]
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    app.step()
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    app.step()
    assert not app.paused


@pytest.mark.parametrize("entry", games.playable(include_hidden=True), ids=lambda e: e.name)
def test_the_click_that_gives_a_paused_title_the_focus_back_only_wakes_it(make_app, entry):
    """A window manager's click-to-focus sends the focus back, then the press: that click
    ends the "Paused" notice and does nothing else (it started a game at home when it
    landed on the title's first choice); a click a moment later takes the choice."""
    clock = [1000.0]
    app = make_app(anim_speed=0, mute=True, clock=lambda: clock[0])
    scene = app.push(entry.scene_factory()(app))
    frames(app, 2)
    title = app.top
    assert title.name == "title"
    first = title.menu.item_rect(0).center
    assert title.menu.item_at(first) == 0
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    app.step()
    assert app.paused
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    click(app, first)
    frames(app, 2)
    assert not app.paused
    assert app.top is title and scene.table.ply == 0, "the waking click took a choice"
    clock[0] += 5.0                       # a click of its own, later: it is answered
    click(app, first)
    frames(app, 2)
    assert app.top is not title


def test_the_click_that_gives_an_unpaused_window_the_focus_back_does_nothing(make_app):
    """A window that goes on without the focus (a network table is not paused): the
    click that gives the focus back is not a move on the board either."""
    clock = [1000.0]
    app = make_app(clock=lambda: clock[0])

    class GoesOn(TestScene):
        def runs_unfocused(self):
            return True
    scene = app.push(GoesOn(app))
    app.step()
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    app.step()
    assert not app.paused
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    click(app, TestScene.cell_centre((2, 4)))
    assert scene.cursor == [0, 0], "the focusing click moved the cursor"
    clock[0] += 5.0
    click(app, TestScene.cell_centre((2, 4)))
    assert scene.cursor == [2, 4]


def test_an_idle_frame_draws_nothing(make_app):
    app, scene = launcher(make_app)
    frames(app, 3)
    n = app.display.presented
    frames(app, 20)
    assert app.display.presented == n
    key(app, pygame.K_DOWN)
    assert app.display.presented == n + 1


# -- nothing lost ------------------------------------------------------------------------------

BAD_FILES = [b"", b"\x00\xff\xfe garbage", b'{"format": "tricade", "kind": "settings", "vers',
             b"[1, 2, 3]", b'{"format": "tricade", "kind": "scores", "version": 1, "data": {}}',
             b'{"format": "tricade", "kind": "settings", "version": 99, "data": {}}',
             b'{"format": "tricade", "kind": "settings", "version": 1, "data": "no"}']


@pytest.mark.parametrize("content", BAD_FILES)
def test_corrupt_settings_are_moved_aside_and_defaults_used(make_app, tmp_path, content):
    d = tmp_path / "data"
    d.mkdir()
    (d / "settings.json").write_bytes(content)
    app = make_app(data_dir=str(d))
    app.push(LauncherScene(app))
    frames(app, 3)
    assert app.settings["scale"] == "aspect"
    assert (d / "settings.json.bad").read_bytes() == content
    assert not (d / "settings.json").exists()
    assert any("settings" in t[0] for t in app._toasts)


def test_bad_values_in_good_settings_fall_back_one_by_one(make_app, tmp_path):
    d = tmp_path / "data"
    d.mkdir()
    doc = {"format": "tricade", "kind": "settings", "version": 1,
           "data": {"scale": "integer", "volume": 99, "scanlines": "yes",
                    "keys": {"up": ["w"], "down": "s"}}}
    (d / "settings.json").write_text(json.dumps(doc))
    app = make_app(data_dir=str(d))
    assert app.settings["scale"] == "integer"
    assert app.settings["volume"] == 8 and app.settings["scanlines"] is False
    assert app.settings["keys"]["up"] == ["w"] and app.settings["keys"]["down"] == ["down", "[2]"]


def test_store_survives_a_crash_mid_write(tmp_path, monkeypatch):
    from games.core.store import Store
    store = Store(tmp_path)
    store.save("scores/x", {"a": 1})
    real = os.replace

    def crash(*a):
        raise OSError("power cut")
    monkeypatch.setattr(os, "replace", crash)
    assert store.save("scores/x", {"a": 2}) is False     # told, not raised
    assert store.notices == ["Could not keep the scores of x: the system said: power cut. "
                             "Play goes on; Tricade will try again."]
    monkeypatch.setattr(os, "replace", real)
    assert store.load("scores/x", None) == {"a": 1}
    assert [p.name for p in (tmp_path / "scores").iterdir()] == ["x.json"]


@pytest.mark.parametrize("content", BAD_FILES[:4] + [
    b'{"format": "tricade", "kind": "saves/g", "version": 1, "data": {"game": "tripppin"}}'])
def test_corrupt_saves_and_scores_never_crash(tmp_path, content):
    import games
    from games.core.store import Store
    from games.core.table import Table
    store = Store(tmp_path, log=lambda s: None)
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "g.json").write_bytes(content)
    entry = games.get("tripppin")
    table = Table("tripppin", entry.rules, entry.ai, worker=None, seed=3)
    before = table.state
    assert table.load(store, "saves/g") is False
    assert table.state == before
    assert (tmp_path / "saves" / "g.json.bad").exists()
    assert len(store.notices) == 1 and store.notices[0].startswith("Could not read saves g")


def test_a_save_whose_moves_do_not_replay_is_refused(tmp_path):
    import games
    from games.core.store import Store
    from games.core.table import Table
    entry = games.get("tripppin")
    store = Store(tmp_path, log=lambda s: None)
    table = Table("tripppin", entry.rules, entry.ai, worker=None, seed=3)
    table.play(table.state.legal_moves()[0])
    table.save(store, "saves/t")
    path = tmp_path / "saves" / "t.json"
    doc = json.loads(path.read_text())
    doc["data"]["moves"].append("a1")
    doc["data"]["moves"].append("a1")
    path.write_text(json.dumps(doc))
    fresh = Table("tripppin", entry.rules, entry.ai, worker=None, seed=9)
    assert not fresh.load(store, "saves/t")
    assert "does not replay" in store.notices[-1]


# -- the table and the worker -------------------------------------------------------------------

def test_computer_turns_never_block_a_frame(make_app):
    """While a slow computer player thinks for half a second a move, the loop keeps
    drawing frames, each far shorter than the thinking."""
    import games
    from games.core.table import Table
    app = make_app()
    app.push(TestScene(app))
    entry = games.get("tripppin")
    table = Table("tripppin", entry.rules, "tests.slow_ai", worker=app.worker, seed=4,
                  seats={"blue": "computer", "orange": "computer"}, levels=1)
    times = []
    plies = 0
    end = time.monotonic() + 30
    while plies < 3 and time.monotonic() < end:
        t = time.perf_counter()
        if table.update():
            plies += 1
        app.step()
        times.append(time.perf_counter() - t)
        time.sleep(0.005)
    assert plies == 3
    # frames went on while it thought (3 searches of at least 0.5 s each, busy in the
    # worker: the loop stepped many times meanwhile; how long a frame takes is the bench's)
    assert len(times) > 6


def test_undo_cancels_the_thinking(make_app):
    import games
    from games.core.table import Table
    app = make_app()
    entry = games.get("tripppin")
    table = Table("tripppin", entry.rules, entry.ai, worker=app.worker, seed=4,
                  seats={"blue": "computer", "orange": "human"}, levels=9,
                  ai_options=entry.ai_options)
    s = table.state
    if s.current == "orange":
        table.play(s.legal_moves()[0])
    table.update()
    assert table.thinking
    job = table.job
    assert table.undo() or True
    assert not table.thinking and job.cancelled


def test_a_failing_computer_player_never_ends_the_game(make_app):
    import games
    from games.core.table import Table
    app = make_app()
    told = []
    entry = games.get("tripppin")
    table = Table("tripppin", entry.rules, "tests.broken_ai", worker=app.worker, seed=4,
                  seats={"blue": "computer", "orange": "computer"}, notify=told.append)
    end = time.monotonic() + 120                  # a hang guard, generous under load
    while len(table.moves) < 2 and time.monotonic() < end:
        table.update()
        time.sleep(0.01)
    assert len(table.moves) == 2
    assert told and "the search fell over" in told[0]
    # the worker process dying mid-search is the same: kill it while it thinks
    table2 = Table("tripppin", entry.rules, "tests.slow_ai", worker=app.worker, seed=5,
                   seats={"blue": "computer", "orange": "computer"}, notify=told.append)
    table2.update()
    assert table2.thinking
    app.worker._proc.kill()
    while not table2.moves and time.monotonic() < end + 10:
        table2.update()
        time.sleep(0.01)
    assert table2.moves and "ended unexpectedly" in told[-1]
    # and the next search runs in a fresh worker
    while len(table2.moves) < 2 and time.monotonic() < end + 20:
        table2.update()
        time.sleep(0.01)
    assert len(table2.moves) == 2


def test_worker_reports_errors_and_streams(make_app):
    from games.core.worker import Worker
    w = Worker()
    try:
        job = w.submit("math:sqrt", -1.0)
        with pytest.raises(RuntimeError, match="math domain error"):
            job.wait(10)
        job = w.submit("tools.bench:busy_search", 0.05)
        assert isinstance(job.wait(10), int)
    finally:
        w.close()


# -- sound -------------------------------------------------------------------------------------

def test_no_sound_device_means_silence_said_once(tmp_path):
    env = dict(ENV, SDL_AUDIODRIVER="nosuchdriver")
    out = subprocess.run([sys.executable, str(ROOT / "main.py"), "--frames", "3",
                          "--data-dir", str(tmp_path)], cwd=str(ROOT), env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stderr.count("No sound device") == 1


# -- tools -------------------------------------------------------------------------------------

def test_arena_plays_and_counts(tmp_path):
    out = subprocess.run([sys.executable, "-m", "tools.arena", "tripppin", "--seat", "1",
                          "--seat", "2", "--games", "2", "--seed", "3", "--jobs", "1",
                          "--json", str(tmp_path / "a.json")], cwd=str(ROOT), env=ENV,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    s = json.loads((tmp_path / "a.json").read_text())
    assert s["games"] == 2
    for e in s["entrants"]:
        assert e["win"] + e["loss"] + e["tie"] + e["capped"] == 2
    bad = subprocess.run([sys.executable, "-m", "tools.arena", "tripppin", "--seat", "1"],
                         cwd=str(ROOT), env=ENV, capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "2 seats" in bad.stderr
    bad = subprocess.run([sys.executable, "-m", "tools.arena", "triaxis", "--seat", "1",
                          "--seat", "1", "--option", "count=2"],
                         cwd=str(ROOT), env=ENV, capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "cannot start a game with those options (count=2)" \
        in bad.stderr and "Traceback" not in bad.stderr


# the developers' bench (tools/bench.py) run whole: a minute and more
@pytest.mark.slow
def test_bench_reports_the_figures(tmp_path):
    out = subprocess.run([sys.executable, "-m", "tools.bench", "--frames", "20", "--runs", "1",
                          "--skip-ai", "--displays", "dummy", "--sizes", "1920x1080",
                          "--idle-seconds", "0.3", "--attract-minutes", "0",
                          "--launcher-seconds", "0", "--json", str(tmp_path / "b.json")],
                         cwd=str(ROOT),
                         env=ENV, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    b = json.loads((tmp_path / "b.json").read_text())
    assert b["startup_s"] > 0 and b["peak_rss_mb"] > 0
    launcher = b["scenes"]["launcher"]
    for k in ("idle", "animating", "thinking"):
        assert launcher[k]["median_ms"] is not None
    for k in ("animating", "thinking"):          # idle is one figure: CPU over a quiet spell
        assert launcher[k]["p99_ms"] is not None


# the developers' bench (tools/bench.py) again
@pytest.mark.slow
def test_bench_pairs_measure_each_animation_at_both_sizes_in_turn(tmp_path):
    """The ratio figure: one process, its window resized between the two sizes each round,
    and every round's median frame kept for both."""
    out = tmp_path / "p.json"
    run = subprocess.run([sys.executable, "-m", "tools.bench", "--child", "pairs",
                          "--child-json", str(out), "--sizes", "640x400,1280x800",
                          "--frames", "10", "--pairs", "2", "--only", "triple3,triaxis"],
                         cwd=str(ROOT), env=ENV, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    figures = json.loads(out.read_text())
    assert set(figures) == {"triple3", "triaxis"}
    for name, animations in figures.items():
        assert animations, name
        for f in animations.values():
            assert len(f["a_ms"]) == len(f["b_ms"]) == 2
            assert all(v and v > 0 for v in f["a_ms"] + f["b_ms"]), f


def test_the_input_test_screen_keeps_its_text_inside_the_picture(make_app):
    from games.core.input import Action
    app = make_app()
    scene = app.push(TestScene(app))
    app.step()
    for _ in range(12):                      # a long log of long lines
        scene.handle(Action("command", name="a-very-long-command-name-indeed",
                            source="key"))
    scene.pointer = (319, 199)
    app.dirty = True
    app.step()
    frame = app.last_native
    w, h = frame.get_size()
    black = (0, 0, 0)
    assert all(frame.get_at((w - 1, y))[:3] == black for y in range(h)), "no text cut at right"
    assert all(frame.get_at((x, h - 1))[:3] == black for x in range(w)), "none below"


def test_a_pointer_resting_over_the_launcher_selects_nothing_until_it_moves(make_app):
    """A window opening under the pointer sends one motion event: it must not select the
    row beneath (Enter would then quit at once)."""
    app, scene = launcher(make_app)
    menu = scene.menu
    quit_row = menu.item_rect(item_index(menu, "Quit")).center
    win = app.display.to_window(quit_row)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=win, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.step()
    assert menu.cursor == 0, "the resting pointer selected nothing"
    below = app.display.to_window((quit_row[0] + 4, quit_row[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=below, rel=(4, 0),
                                         buttons=(0, 0, 0)))
    app.step()
    assert menu.items[menu.cursor].label == "Quit", "a real move selects"


def test_a_notice_leaves_the_launchers_key_line_readable(make_app):
    """The app's notices sit above a screen's footer (its key line), never over it."""
    from games.launcher.scene import BindingsScene
    app, scene = launcher(make_app)
    app.push(BindingsScene(app, "pad"))
    frames(app, 2)
    app.present_whole()
    footer = app.last_native.subsurface((0, 450, 640, 16)).copy()
    app.toast("A notice of two lines: the first one is long enough to be wrapped onto a "
              "second line by the toast's own width, and then some more words.")
    frames(app, 2)
    app.present_whole()
    assert pygame.image.tobytes(app.last_native.subsurface((0, 450, 640, 16)), "RGB") == \
        pygame.image.tobytes(footer, "RGB")
