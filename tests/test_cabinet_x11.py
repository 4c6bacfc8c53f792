"""The cabinet on a real X server with a real window manager: Xvfb and openbox, keys typed
with xdotool. In kiosk mode openbox's own shortcuts (Ctrl+Alt+Right: the next desktop;
Alt+Space: the window menu) change nothing outside Tricade's window; the same keys on a
windowed Tricade do (so the test can see them). Also writes a picture of the operator's
books after some play to /tmp/shots/operator.png (tests/shots.py).

Skipped when Xvfb, openbox or xdotool is missing
(apt-get install -y xvfb xdotool openbox imagemagick)."""

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOOLS = ("Xvfb", "openbox", "xdotool", "xwininfo")
pytestmark = pytest.mark.skipif(
    not all(shutil.which(t) for t in TOOLS),
    reason="needs " + ", ".join(TOOLS) + " (apt-get install -y xvfb xdotool openbox x11-utils)")


@pytest.fixture
def desktop(tmp_path):
    """An X server with openbox (four desktops); yields the environment to run under."""
    from xserver import start_xvfb
    xvfb, display = start_xvfb()          # ready: it said its display once it was
    procs = [xvfb]
    env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    try:
        procs.append(subprocess.Popen(["openbox"], env=env, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL))
        for _ in range(100):
            if x(env, "get_num_desktops") == "4":
                break
            time.sleep(0.1)
        env["_procs"] = procs
        yield env
    finally:
        for p in reversed(procs):
            p.terminate()
            try:
                p.wait(timeout=5)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()


def x(env, *args) -> str:
    e = {k: v for k, v in env.items() if not k.startswith("_")}
    return subprocess.run(["xdotool", *args], env=e, capture_output=True, text=True,
                          timeout=20).stdout.strip()


def key(env, *names, wait=0.15):
    for name in names:
        x(env, "key", name)
        time.sleep(wait)


def viewable(env) -> set:
    """The ids of the viewable top-level windows."""
    e = {k: v for k, v in env.items() if not k.startswith("_")}
    out = subprocess.run(["xwininfo", "-root", "-children"], env=e, capture_output=True,
                         text=True).stdout
    ids = set()
    for line in out.splitlines():
        word = line.strip().split(" ", 1)[0]
        if word.startswith("0x"):
            info = subprocess.run(["xwininfo", "-id", word], env=e, capture_output=True,
                                  text=True).stdout
            if "IsViewable" in info:
                ids.add(word)
    return ids


def start(env, data, *flags):
    e = {k: v for k, v in env.items() if not k.startswith("_")}
    p = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--data-dir", str(data),
                          *flags], env=e, cwd=str(ROOT), stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True)
    for _ in range(300):
        found = x(env, "search", "--pid", str(p.pid)).split()
        if found:
            break
        time.sleep(0.1)
    else:
        p.kill()
        pytest.fail("no Tricade window: " + p.communicate()[1][-2000:])
    time.sleep(1.5)                        # its first frames
    wid = found[0]
    x(env, "windowactivate", "--sync", wid)
    x(env, "windowfocus", "--sync", wid)
    time.sleep(0.5)
    return p


def stop(p):
    p.terminate()
    try:
        p.wait(timeout=5)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()
        pytest.fail("Tricade did not end on SIGTERM")


def shortcuts_change(env) -> dict:
    """What Ctrl+Alt+Right and Alt+Space changed outside the window."""
    before_desk, before_win = x(env, "get_desktop"), viewable(env)
    key(env, "ctrl+alt+Right", wait=0.6)
    desk = x(env, "get_desktop")
    if desk != before_desk:
        key(env, "ctrl+alt+Left", wait=0.6)
    key(env, "alt+space", wait=0.8)
    new = viewable(env) - before_win
    key(env, "Escape", wait=0.3)
    return {"desktop": desk != before_desk, "new windows": bool(new)}


def test_window_manager_shortcuts_do_nothing_in_kiosk_mode(desktop, tmp_path):
    windowed = start(desktop, tmp_path / "plain", "--window")
    try:
        seen = shortcuts_change(desktop)
    finally:
        stop(windowed)
    assert seen == {"desktop": True, "new windows": True}, \
        f"the shortcuts work on an ordinary window ({seen}), or this test sees nothing"
    kiosk = start(desktop, tmp_path / "kiosk", "--kiosk")
    try:
        seen = shortcuts_change(desktop)
        assert kiosk.poll() is None, "still running"
    finally:
        stop(kiosk)
    assert seen == {"desktop": False, "new windows": False}, seen


def test_a_picture_of_the_operator_books_after_some_play(desktop, tmp_path):
    if not shutil.which("import"):
        pytest.skip("needs ImageMagick's import (apt-get install -y imagemagick)")
    data = tmp_path / "data"
    data.mkdir()
    import json
    (data / "settings.json").write_text(json.dumps({
        "format": "tricade", "kind": "settings", "version": 1,
        "data": {"kiosk": {"free_play": False, "coins_per_credit": 2}}}))
    p = start(desktop, data, "--kiosk")
    try:
        key(desktop, "5", "5", "5", "6", "6")             # 2 credits and half of one
        key(desktop, "1", wait=0.4)                        # a game: one credit spent
        key(desktop, "Control_L", wait=0.4)                # past the title page
        time.sleep(3.0)
        key(desktop, "F2", wait=0.5)                       # the PIN box, over the game held
        key(desktop, "Alt_L", wait=0.3)                    # button 2: the game given back
        key(desktop, "F2", wait=0.5)
        key(desktop, *(["Control_L"] * 8), wait=0.2)       # PIN 0000, twice (first PIN)
        labels_before = 4 + 12                             # the games, then the settings
        key(desktop, *(["Down"] * labels_before), wait=0.1)
        key(desktop, "Control_L", wait=0.8)                # Bookkeeping
        picture = tmp_path / "operator.png"          # this test's own, then kept
        e = {k: v for k, v in desktop.items() if not k.startswith("_")}
        subprocess.run(["import", "-window", "root", str(picture)], env=e,
                       check=True, timeout=30)
        from shots import keep
        keep(picture, "operator.png")
        assert p.poll() is None
    finally:
        stop(p)
    books = json.loads((data / "cabinet" / "books.json").read_text())["data"]
    assert books["coins"] == {"1": 3, "2": 2}
    # no move was made: a walk-away, not a play (a play counts from the first move), and
    # a walk-away's credit stands again
    walked = sum(books["walkaways"].values())
    assert sum(books["plays"].values()) + walked <= 1
    assert books["credits_played"] == 1 - walked
    assert picture.stat().st_size > 1000
