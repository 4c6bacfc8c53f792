"""Headless benchmark: how fast Tricade starts, draws and thinks.

    python -m games.bench [--json FILE] [--frames N] [--runs R] [--skip-ai] [--ai-only]
    python -m games.bench --memory MINUTES [--log FILE]  (computer against computer in all
                                                        four games, RSS every ten minutes:
                                                        games/soakai.py)
    python -m games.bench --soak HOURS [--json FILE]   (the cabinet's attract-loop soak:
                                                        games/cabinet/soak.py)

- start-up: wall time of ``python main.py --frames 1`` from spawn to exit (an upper bound
  on the time to the first presented frame), median of R runs; and the time to the first
  frame as the app itself measured it;
- a scene's own animation, when it names one (``bench_animation``): Triple 3's dice
  tumbling, every frame drawn and presented;
- per registered scene, presented in a 1920x1080 window: CPU time of the main thread per
  frame (median and p99) while idle (nothing changes), while animating (every frame drawn
  and presented) and while the computer thinks (a search running in the worker);
- peak memory (resident set) of the benchmark process;
- per game, the computer's decision time at its levels (wall median/p95/max, and the
  largest CPU time), over positions from anywhere in seeded random games (Tripppin's
  Perfect included: its first move on a board waits for the solve); ``--ai-only`` prints
  just these and the solver's time;
- Tripppin's solver: the time to solve one board (median and max over 50 boards).

Runs on SDL's dummy video and audio drivers unless told otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parents[1]
WINDOW = (1920, 1080)


def pct(values, p):
    v = sorted(values)
    if not v:
        return 0.0
    return v[min(len(v) - 1, int(round(p / 100 * (len(v) - 1))))]


def stats_ms(samples) -> dict:
    return {"median_ms": round(statistics.median(samples) * 1000, 3) if samples else None,
            "p99_ms": round(pct(samples, 99) * 1000, 3) if samples else None,
            "frames": len(samples)}


def measure_startup(runs: int) -> dict:
    walls, firsts = [], []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as d:
            env = dict(os.environ, TRICADE_REPORT_FIRST_FRAME="1")
            t = time.perf_counter()
            out = subprocess.run([sys.executable, str(ROOT / "main.py"), "--frames", "1",
                                  "--data-dir", d, "--mute"], cwd=str(ROOT), env=env,
                                 capture_output=True, text=True, timeout=60)
            walls.append(time.perf_counter() - t)
            if out.returncode != 0:
                raise RuntimeError(f"main.py failed: {out.stderr.strip()}")
            for line in out.stderr.splitlines():
                if line.startswith("first frame after "):
                    firsts.append(float(line.split()[3]))
    return {"startup_s": round(statistics.median(walls), 4),
            "startup_wall_all_s": [round(w, 4) for w in walls],
            "first_frame_s": round(statistics.median(firsts), 4) if firsts else None}


def frame_samples(app, n: int, before=None, keep=None) -> list:
    """Main-thread CPU seconds of n frames (the 60 fps sleep is not counted)."""
    out = []
    for _ in range(n):
        if before:
            before()
        t = time.thread_time()
        app.step()
        dt = time.thread_time() - t
        if keep is None or keep():
            out.append(dt)
    return out


def bench_scene(app, scene, frames: int) -> dict:
    import pygame
    """Idle, animating and thinking frame times of one scene on top of the stack."""
    app.push(scene)
    for _ in range(10):      # settle: first draws, caches, fonts
        app.step()
    # a scene that opens on a title ("Press any key") names the keys a player presses to
    # get into play; they are pressed as real events, so every figure is of the game itself
    for name in getattr(scene, "bench_start_keys", ()):
        key = pygame.key.key_code(name)
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))
        for _ in range(5):
            app.step()
    result = {}
    # idle: no input and no change (a scene that always animates is measured as it is)
    result["idle"] = stats_ms(frame_samples(app, frames))

    def force():
        app.dirty = True
    result["animating"] = stats_ms(frame_samples(app, frames, before=force))
    moves: list = []
    result["thinking"] = bench_thinking(app, scene, frames, moves)
    if moves:
        # the frames in which a move landed: the move shown and the game autosaved whole
        result["move_saved"] = stats_ms(moves)
    special = bench_special(app, scene, frames)
    if special is not None:
        result["special"] = special
    app.pop()
    return result


def bench_special(app, scene, frames: int) -> dict | None:
    """Frames while a scene's own animation runs (Triple 3's dice tumbling): a scene names
    it with ``bench_animation()``, which starts it and returns (label, still_running)."""
    start = getattr(scene, "bench_animation", None)
    if start is None:
        return None
    samples: list = []
    label = ""
    deadline = time.perf_counter() + 20
    running = None
    while len(samples) < frames and time.perf_counter() < deadline:
        if running is None or not running():
            label, running = start()
        samples += frame_samples(app, 1, keep=running)
    return dict(stats_ms(samples), label=label)


def bench_thinking(app, scene, frames: int, moves: list | None = None) -> dict:
    """Frames while a search runs in the worker.

    A game scene with a table is set to computer against computer, so the frames are the
    real ones of a thinking game. Any other scene is measured while the worker runs a
    long search job of its own, which shows the search does not stall the loop.
    """
    table = getattr(scene, "table", None)
    samples = []
    if table is not None:
        for seat in list(table.seats):
            table.set_seat(seat, "computer")
        deadline = time.perf_counter() + 30
        want_moves = 20 if moves is not None else 0
        while ((len(samples) < frames or len(moves or ()) < want_moves)
               and time.perf_counter() < deadline):
            if table.state.is_over:
                table.new_game(seed=table.seed + 1, options=table.options)
            before = len(table.moves)
            wall = time.perf_counter()
            dt = frame_samples(app, 1)[0]
            wall = time.perf_counter() - wall       # a write waits on the disk: wall time
            if len(table.moves) > before and moves is not None:
                moves.append(wall)
            elif table.thinking:
                samples.append(dt)
        return stats_ms(samples)
    job = app.worker.submit("games.bench:busy_search", 30.0)
    deadline = time.perf_counter() + 30
    while len(samples) < frames and time.perf_counter() < deadline and not job.done:
        samples += frame_samples(app, 1, keep=lambda: not job.done)
    job.cancel()
    return stats_ms(samples)


def busy_search(seconds: float) -> int:
    """A stand-in search for scenes without a game: pure-Python work for a while."""
    end = time.perf_counter() + seconds
    n = 0
    while time.perf_counter() < end:
        n = (n * 31 + 7) % 1000003
    return n


def bench_positions(entry, positions: int, seed: int) -> list:
    """(state, history) pairs for timing the computer: one decision point per seeded game,
    drawn from anywhere in a random game (not only its opening, where TriAxis is still
    placing markers and the planner never runs)."""
    rules = entry.rules_module()
    rng = random.Random(seed)
    states = []
    g = 0
    while len(states) < positions and g < positions * 4:
        s = rules.new_game(seed=seed + g)
        g += 1
        hist = [s]
        points = []
        while not s.is_over and len(hist) < 2000:
            if s.is_chance:
                s = s.play(rng.choice([o for o, _ in s.chance_outcomes()]))
            else:
                points.append(len(hist) - 1)
                s = s.play(rng.choice([m for m in s.legal_moves() if m != "resign"]
                                      or s.legal_moves()))
            hist.append(s)
        if points:
            i = rng.choice(points)
            states.append((hist[i], tuple(hist[: i + 1])))
    return states


def bench_ai(entry, positions: int, seed: int) -> dict:
    """Decision times of the computer player at each level (wall and CPU seconds), over
    positions from games: the budgets are work units, and these figures keep them honest."""
    ai = entry.ai_module()
    levels = list(getattr(ai, "ALL_LEVELS", getattr(ai, "LEVELS", [1])))
    name_of = getattr(ai, "level_name", str)
    states = bench_positions(entry, positions, seed)
    out = {}
    for level in levels:
        times, cpu = [], []
        for s, hist in states:
            t, c = time.perf_counter(), time.process_time()
            ai.choose_move(s, level, random.Random(1), history=hist, **entry.ai_options)
            times.append(time.perf_counter() - t)
            cpu.append(time.process_time() - c)
        out[name_of(level)] = {"median_s": round(statistics.median(times), 4),
                               "p95_s": round(pct(times, 95), 4),
                               "max_s": round(max(times), 4),
                               "cpu_max_s": round(max(cpu), 4), "positions": len(times)}
    return out


def bench_solver(boards: int = 50) -> dict:
    """Seconds to solve one Tripppin board (new_game seeds 0 to boards-1, no cache)."""
    from games.tripppin.solver import solve_times
    times = solve_times(boards)
    return {"median_s": round(statistics.median(times), 4), "max_s": round(max(times), 4),
            "boards": boards}


def bench_all_ai(positions: int) -> dict:
    import games
    out = {}
    for entry in games.games():
        try:
            out[entry.name] = bench_ai(entry, positions, seed=1000)
        except ImportError as exc:
            out[entry.name] = {"error": str(exc)}
    return out


def print_ai(report: dict) -> None:
    for name, levels in report.get("ai", {}).items():
        if "error" in levels:
            print(f"  ai {name}: {levels['error']}")
            continue
        print(f"computer decision time, {name} (s): " + ", ".join(
            f"{'L' + lv if lv.isdigit() else lv} {v['median_s']:.3f}/{v['p95_s']:.3f}"
            f"/{v['max_s']:.3f}" for lv, v in levels.items()) + "  (median/p95/max wall)")
    for name, v in report.get("solver", {}).items():
        print(f"solver, {name}: {v['median_s'] * 1000:.0f} ms a board median, "
              f"{v['max_s'] * 1000:.0f} ms max ({v['boards']} boards)")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m games.bench", description=__doc__.split("\n")[0])
    p.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    p.add_argument("--frames", type=int, default=240, help="frames per measurement")
    p.add_argument("--runs", type=int, default=5, help="start-up runs")
    p.add_argument("--positions", type=int, default=20, help="positions per AI level")
    p.add_argument("--skip-ai", action="store_true", help="no AI decision timing")
    p.add_argument("--ai-only", action="store_true",
                   help="only the computer's decision times (and the solver's)")
    p.add_argument("--memory", type=float, metavar="MINUTES",
                   help="only the memory soak: MINUTES of computer-against-computer play")
    p.add_argument("--log", metavar="FILE", help="with --memory: also append the RSS lines here")
    p.add_argument("--soak", type=float, metavar="HOURS",
                   help="only the cabinet's soak: HOURS of attract loop on a sped-up clock")
    args = p.parse_args(argv)
    if args.soak is not None:
        sys.path.insert(0, str(ROOT))
        from games.cabinet import soak
        return soak.main(["--hours", str(args.soak)] + (["--json", args.json] if args.json else []))
    if args.memory is not None:
        sys.path.insert(0, str(ROOT))
        from games import soakai
        return soakai.main(["--minutes", str(args.memory)]
                           + (["--log", args.log] if args.log else []))
    if args.frames < 10 or args.runs < 1 or args.positions < 1:
        p.error("--frames must be 10 or more, --runs and --positions 1 or more")

    sys.path.insert(0, str(ROOT))
    import games
    from games.core.app import App, Options
    from games.launcher.scene import LauncherScene

    if args.ai_only:
        report = {"ai": bench_all_ai(args.positions), "solver": {"tripppin": bench_solver()}}
        print_ai(report)
        if args.json:
            with open(args.json, "w") as f:
                json.dump(report, f, indent=1)
        return 0
    report: dict = measure_startup(args.runs)
    with tempfile.TemporaryDirectory() as d:
        app = App(Options(data_dir=d, window_size=WINDOW, mute=True, fullscreen=False,
                          scale="aspect"))
        scenes = {}
        scenes["launcher"] = bench_scene(app, LauncherScene(app), args.frames)
        for entry in games.games():
            try:
                factory = entry.scene_factory()
            except (ImportError, AttributeError) as exc:
                scenes[entry.name] = {"error": f"no scene yet ({exc})"}
                continue
            scenes[entry.name] = bench_scene(app, factory(app, seed=1), args.frames)
        app.shutdown()
    report["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    report["scenes"] = scenes
    if not args.skip_ai:
        report["ai"] = bench_all_ai(args.positions)
        report["solver"] = {"tripppin": bench_solver()}

    print(f"start-up to first frame: {report['startup_s'] * 1000:.0f} ms wall "
          f"(median of {args.runs} runs, spawn to exit); in-app first frame "
          f"{(report['first_frame_s'] or 0) * 1000:.0f} ms")
    print(f"peak memory: {report['peak_rss_mb']} MB")
    print(f"frame CPU time (main thread) at {WINDOW[0]}x{WINDOW[1]}, ms:")
    print(f"  {'scene':<12} {'idle med':>9} {'p99':>7} {'anim med':>9} {'p99':>7} "
          f"{'think med':>10} {'p99':>7}")
    for name, r in scenes.items():
        if "error" in r:
            print(f"  {name:<12} {r['error']}")
            continue
        cells = []
        for k in ("idle", "animating", "thinking"):
            m, q = r[k]["median_ms"], r[k]["p99_ms"]
            cells += ["-" if m is None else f"{m:.3f}", "-" if q is None else f"{q:.3f}"]
        print(f"  {name:<12} {cells[0]:>9} {cells[1]:>7} {cells[2]:>9} {cells[3]:>7} "
              f"{cells[4]:>10} {cells[5]:>7}")
    for name, r in scenes.items():
        if "move_saved" in r:
            ms = r["move_saved"]
            print(f"  {name}, a move with its autosave (wall): {ms['median_ms']:.3f} ms median, "
                  f"{ms['p99_ms']:.3f} p99 ({ms['frames']} frames)")
    for name, r in scenes.items():
        if "special" in r:
            sp = r["special"]
            print(f"  {name}, {sp['label']}: {sp['median_ms']:.3f} ms median, "
                  f"{sp['p99_ms']:.3f} p99 ({sp['frames']} frames)")
    print_ai(report)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
