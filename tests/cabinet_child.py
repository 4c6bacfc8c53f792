"""A real cabinet in its own process, for tests that kill it (tests/test_cabinet_service.py).

    python tests/cabinet_child.py DATA_DIR coins N      N coins in slot 1 (2 coins a credit),
                                                      Start on the first game, then runs on
                                                      until it is killed
    python tests/cabinet_child.py DATA_DIR show       prints the credits and books, exits

The coins and Start are real SDL key events posted into SDL's queue; the loop is the real
one (games.core.app.run with main.py's root).
"""

import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from games.cabinet import install  # noqa: E402
from games.core.app import App, Options  # noqa: E402


def key(k):
    for t in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(t, key=k, mod=0, unicode="", scancode=0))


def main():
    data, what = sys.argv[1], sys.argv[2]
    app = App(Options(kiosk=True, data_dir=data, fullscreen=False, window_size=(640, 480)))
    app.settings["kiosk"].update(free_play=False, coins_per_credit=2)
    cab = install(app)
    if what == "show":
        app.step()
        print(json.dumps({"text": cab.credit_text(), "books": cab.books.data}), flush=True)
        app.shutdown()
        return
    for _ in range(int(sys.argv[3])):
        key(pygame.K_5)
        app.step()
    key(pygame.K_1)                        # Start: a credit is spent on the chosen game
    app.step()
    print(json.dumps({"text": cab.credit_text(), "top": type(app.top).__name__}), flush=True)
    while True:                            # mid-game until the test kills it
        app.step()
        time.sleep(0.02)


if __name__ == "__main__":
    main()
