"""Shared test set-up: SDL's dummy video and audio drivers, and a real App per test."""

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402

# No example may fail for being slow: the suite must pass on a busy machine (a test's own
# @settings still chooses how many examples it runs).
settings.register_profile("tricade", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("tricade")

import games  # noqa: E402

# The example games (tests/example_*/, docs/shell.md "Test games"): each package's
# __init__ declares its hidden ENTRY; every registry-wide test runs every one of them.
for _package in sorted(ROOT.glob("tests/example_*/__init__.py")):
    games.register_package(f"tests.{_package.parent.name}")


# -- slow soaks: kept out of the default run ------------------------------------------------
def pytest_addoption(parser):
    parser.addoption("--run-slow", action="store_true",
                     help="also run the tests marked slow (long soaks and stress runs)")


def pytest_collection_modifyitems(config, items):
    """Tests marked ``slow`` run only with --run-slow, or when -m names them (-m slow)."""
    if config.getoption("--run-slow") or "slow" in (config.getoption("-m") or ""):
        return
    kept, slow = [], []
    for item in items:
        (slow if item.get_closest_marker("slow") else kept).append(item)
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = kept


@pytest.fixture
def make_app(tmp_path):
    """make_app(**options) -> a running App on the dummy drivers, shut down after the test."""
    made = []

    def make(**kw):
        from games.core.app import App, Options
        kw.setdefault("data_dir", str(tmp_path / "data"))
        kw.setdefault("window_size", (1280, 960))
        kw.setdefault("fullscreen", False)
        # the tests read the files a frame wrote at once: written before the frame ends
        # (the writer thread has its own tests: test_store_hardening.py, test_frames.py)
        kw.setdefault("background_writes", False)
        # a new box's deaf moment (games.ui.modals) off: the tests answer boxes at once
        # (tests/test_answers.py turns it on)
        kw.setdefault("modal_guard", 0.0)
        import pygame
        if pygame.display.get_init():
            # SDL stays up between tests (below): what an earlier test posted and never
            # read would reach this app (a stray click makes the mouse the controller in
            # hand, and its hints name the mouse)
            pygame.event.clear()
        app = App(Options(**kw))
        made.append(app)
        return app

    yield make
    for app in made:
        if app.stack or app.running:
            # SDL stays up between tests: re-initialising it many times in one process
            # makes SDL stop recognising virtual joysticks as game controllers.
            app.shutdown(quit_pygame=False)
    # at home a scene's exception is caught (games.core.guard) and play goes on: a test
    # must not pass over one it did not ask for (a test that makes one takes it from
    # ``app.guard.caught`` once it has checked what followed)
    caught = [text for app in made for text in app.guard.caught]
    if caught:
        pytest.fail("a scene raised (caught by the guard):\n" + "\n".join(caught),
                    pytrace=False)


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: long runs (set TRICADE_SLOW=1 to run them)")
