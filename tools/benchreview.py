"""The review's speed (issue 38): the computer's judgement of a 100-move game, and the
frames while the replay screen judges it.

    python -m tools.benchreview [--plies 100] [--runs 3] [--only GAME,...] [--json FILE]

For every listed game: a game of about ``--plies`` moves (every seat at the lowest level,
chance drawn from the seed), then

- ``review``: ``games.core.review.review`` on its record, wall and CPU seconds, median of
  ``--runs`` (each run a fresh judge: nothing remembered from the last);
- ``frames``: the replay screen opened over it on SDL's dummy driver, its review running in
  its worker process, every frame's wall time until the review is done (median, p99, max):
  the review never holds a frame.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def game_record(entry, plies: int, seed: int = 1) -> dict:
    """A game of about ``plies`` moves at the lowest level, as a save holds it."""
    from games.core.table import Table
    ai = entry.ai_module()
    low = min(getattr(ai, "LEVELS", (1,)))
    t = Table(entry.name, entry.rules, entry.ai, seed=seed)
    rng = random.Random(seed)
    while t.ply < plies and not t.state.is_over:
        s = t.state
        if s.is_chance:
            t.roll()
        else:
            t.play(ai.choose_move(s, low, rng, **entry.ai_options))
    return t.save_data()


def time_review(entry, data: dict, runs: int) -> dict:
    from games.core import review
    wall, cpu = [], []
    for _ in range(runs):
        w, c = time.perf_counter(), time.process_time()
        review.review(entry, data, judge=review.Judge(entry, seed=data.get("seed") or 0))
        wall.append(time.perf_counter() - w)
        cpu.append(time.process_time() - c)
    return {"plies": len(data["moves"]), "wall_median_s": round(statistics.median(wall), 2),
            "cpu_median_s": round(statistics.median(cpu), 2), "runs": runs}


def replay_frames(entry, data: dict, limit_s: float = 600.0) -> dict:
    """Frame wall times with the replay screen open while its review runs."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import tempfile
    from games.core.app import App, Options
    from games.ui.replay import replay_scene
    with tempfile.TemporaryDirectory() as tmp:
        app = App(Options(data_dir=tmp, fullscreen=False, window_size=(1280, 960),
                          mute=True, anim_speed=0.0, modal_guard=0.0))
        try:
            host = app.push(entry.scene_factory()(app, seed=data.get("seed") or 0,
                                                  title=False))
            app.step()
            replay = app.push(replay_scene(host, data))
            times, end = [], time.monotonic() + limit_s
            while replay.judging and time.monotonic() < end:
                t = time.perf_counter()
                app.step()
                times.append((time.perf_counter() - t) * 1000.0)
                app.wait(1 / 60)
            done = not replay.judging
        finally:
            app.shutdown(quit_pygame=False)
    times.sort()
    return {"frames": len(times), "done": done,
            "median_ms": round(statistics.median(times), 2) if times else None,
            "p99_ms": round(times[int(len(times) * 0.99)], 2) if times else None,
            "max_ms": round(times[-1], 2) if times else None}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.benchreview",
                                description="The review's speed: a game's judgement and the "
                                            "frames while the replay judges it.")
    p.add_argument("--plies", type=int, default=100)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--only", default="", help="only these games (comma-separated)")
    p.add_argument("--no-frames", action="store_true", help="only the review's time")
    p.add_argument("--json", metavar="FILE")
    args = p.parse_args(argv)
    if args.plies < 1 or args.runs < 1:
        p.error("--plies and --runs must be 1 or more")
    sys.path.insert(0, str(ROOT))
    import games
    only = {n for n in args.only.split(",") if n}
    out = {}
    for entry in games.games():
        if only and entry.name not in only:
            continue
        data = game_record(entry, args.plies)
        r = time_review(entry, data, args.runs)
        line = (f"{entry.name}: review of {r['plies']} moves {r['wall_median_s']:.2f} s wall, "
                f"{r['cpu_median_s']:.2f} s CPU (median of {r['runs']})")
        if not args.no_frames:
            r["replay_frames"] = f = replay_frames(entry, data)
            line += (f"; replay frames while judging: {f['median_ms']} ms median, "
                     f"{f['p99_ms']} p99, {f['max_ms']} max ({f['frames']} frames"
                     f"{'' if f['done'] else ', review not done'})")
        out[entry.name] = r
        print(line, flush=True)
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(out, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
