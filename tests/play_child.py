"""Tricade in its own process, for tests/test_answers.py.

    python tests/play_child.py kill DATA_DIR GAME
        The real App and loop on SDL's dummy drivers, with the store's writer thread (as in
        play): the game is opened without its title page, every seat is played by the
        computer at its lowest level with no thinking pause and no animation (fast play);
        it prints "save NAME" once, then after every frame the number of moves on the
        board (the table's ply) when it changed: "ply N". It runs until it is killed (or
        the game ends: "over").
    python tests/play_child.py main KEYS MAIN_ARGS...
        main.py itself (python main.py MAIN_ARGS...) with keys pressed through SDL's queue
        at given frames: KEYS is "FRAME:KEY,FRAME:KEY,..." (pygame key names: return,
        escape, y, n, left; "close": the window's close request), e.g. "20:return,40:y".
    python tests/play_child.py fault MODULE:CLASS.METHOD TIMES KEYS MAIN_ARGS...
        As main, with the method of that scene class raising a RuntimeError at its first
        TIMES calls ("always": at every call), e.g. the example game's update
        (tests.example_game.scene:PebblesScene.update): a fault inside a scene of the
        real program (tests/test_guard.py).
"""

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import conftest  # noqa: E402,F401  (registers the example game)
import games  # noqa: E402
from games.core.app import App, Options  # noqa: E402


def main_with_keys(keys: str, argv: list) -> int:
    import pygame

    import main as tricade
    from games.core.app import App as RealApp
    plan = {}
    for part in filter(None, keys.split(",")):
        frame, _, name = part.partition(":")
        plan.setdefault(int(frame), []).append(name)
    step = RealApp.step

    def scripted(app):
        for name in plan.pop(app.frame, ()):      # once (a frame that raised keeps its number)
            if name == "close":
                pygame.event.post(pygame.event.Event(pygame.QUIT))
                continue
            k = pygame.key.key_code(name)
            char = name if len(name) == 1 else ""
            for t in (pygame.KEYDOWN, pygame.KEYUP):
                pygame.event.post(pygame.event.Event(t, key=k, mod=0, unicode=char,
                                                     scancode=0))
        step(app)
    RealApp.step = scripted
    # frames at 60 a second, never a long sleep: "FRAME" in KEYS is a time (1/60 s each)
    RealApp.wait = lambda app, limit=None: time.sleep(1 / 60)
    return tricade.main(argv)


def faulty(spec: str, times: str) -> None:
    """The method ``spec`` names raises at its first ``times`` calls (or always)."""
    import importlib
    module, _, attr = spec.partition(":")
    cls_name, _, method = attr.partition(".")
    cls = getattr(importlib.import_module(module), cls_name)
    real = getattr(cls, method)
    left = [None if times == "always" else int(times)]

    def broken(self, *args, **kwargs):
        if left[0] is None or left[0] > 0:
            if left[0] is not None:
                left[0] -= 1
            raise RuntimeError(f"{cls_name}.{method} fails on purpose")
        return real(self, *args, **kwargs)
    setattr(cls, method, broken)


def main():
    if sys.argv[1] == "main":
        sys.exit(main_with_keys(sys.argv[2], sys.argv[3:]))
    if sys.argv[1] == "fault":
        faulty(sys.argv[2], sys.argv[3])
        sys.exit(main_with_keys(sys.argv[4], sys.argv[5:]))
    data, name = sys.argv[2], sys.argv[3]
    app = App(Options(data_dir=data, fullscreen=False, window_size=(640, 480), mute=True,
                      anim_speed=0.0, worker_mode="thread"))
    entry = games.get(name)
    ai = entry.ai_module()
    scene = entry.scene_factory()(app, title=False)
    scene.table.min_think = 0.0
    for seat in scene.table.seats:
        scene.table.set_seat(seat, "computer")
        scene.table.set_level(min(ai.LEVELS), seat)
    app.push(scene)
    real_play = scene.table.play

    def play(move):
        # the end is said the moment the last move is on the table, before the frame goes
        # on to drop the save (a kill in that frame must not look like a lost save)
        done = real_play(move)
        if scene.table.state.is_over:
            print("over", flush=True)
        return done
    scene.table.play = play
    print(f"save {scene.save_name}", flush=True)
    shown = None
    while True:
        app.step()
        t = scene.table
        if t.ply != shown:
            shown = t.ply
            print(f"ply {shown}", flush=True)
        if t.state.is_over:
            print("over", flush=True)
            break
        if app.top is not scene:          # a box over the game (TriAxis's accept, say)
            app.pop_to(scene)
    app.shutdown()


if __name__ == "__main__":
    main()
