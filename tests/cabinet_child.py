"""A real cabinet in its own process, for tests that kill it (tests/test_cabinet_service.py).

    python tests/cabinet_child.py DATA_DIR coins N      N coins in slot 1 (2 coins a credit),
                                                      Start on the first game, then runs on
                                                      until it is killed
    python tests/cabinet_child.py DATA_DIR show       prints the credits and books, exits
    python tests/cabinet_child.py DATA_DIR kill KIND N  N coins, starts or wrong PINs
                                                      (KIND: coin, start, pin), printing
                                                      "done i" after each once the screen
                                                      answered it, then waiting for a line
                                                      on stdin before the next (the test
                                                      kills it with SIGKILL after one)

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

from games.core.stopping import StopSignals  # noqa: E402

# As main.py: the stop signals are ours before SDL starts. SDL takes SIGTERM for itself
# when it finds the default handler, and turns it into a window-close event, which a
# kiosk refuses: a SIGTERM that came between SDL's start and a later install was lost.
STOPS = StopSignals().install()

import pygame  # noqa: E402

from games.cabinet import install  # noqa: E402
from games.core.app import App, Options  # noqa: E402


def key(k):
    for t in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(t, key=k, mod=0, unicode="", scancode=0))


def main():
    data, what = sys.argv[1], sys.argv[2]
    app = App(Options(kiosk=True, data_dir=data, fullscreen=False, window_size=(640, 480)))
    # coin_pulse_ms 0: the coins below come a frame apart, closer than a coin switch's pulse
    app.settings["kiosk"].update(free_play=False, coins_per_credit=2, coin_pulse_ms=0)
    cab = install(app)
    if what == "kill":
        kill_mode(app, cab, sys.argv[3], int(sys.argv[4]))
        return
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
    STOPS.attach(app)                      # as games.core.app.run: a stop signal ends the
                                           # loop and the program shuts down cleanly
    while app.running:                     # mid-game until the test kills or stops it
        app.step()
        time.sleep(0.02)
    app.shutdown()


def kill_mode(app, cab, kind, n):
    from games.cabinet.operator import PinScene
    app.settings["kiosk"].update(coins_per_credit=1, coin_pulse_ms=0, credit_cap=99,
                                 exit_hold_seconds=1)
    app.step()
    if kind == "start":                    # the credits first
        for _ in range(n):
            key(pygame.K_5)
        app.step()
    if kind == "pin":                      # the panel's box: both starts held a second
        for k in (pygame.K_1, pygame.K_2):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="",
                                                 scancode=0))
        while not isinstance(app.top, PinScene):
            app.step()
            time.sleep(0.01)
        for k in (pygame.K_1, pygame.K_2):
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="",
                                                 scancode=0))
        app.step()
    print("ready", flush=True)
    for i in range(1, n + 1):
        if kind == "coin":
            key(pygame.K_5)
            app.step()
        elif kind == "start":
            app.pop_to(cab.launcher)
            key(pygame.K_1)
            app.step()
        else:
            pin = app.top
            for _ in range(4):             # 0000: wrong
                key(pygame.K_LCTRL)
                app.step()
            assert pin.result == "wrong"
        print(f"done {i}", flush=True)
        sys.stdin.readline()               # the next one only when the test says so
    while True:
        app.step()
        time.sleep(0.02)


if __name__ == "__main__":
    main()
