"""Benchmark: how fast Tricade starts, draws and thinks, on SDL's dummy display and in a
real X11 window.

    python -m tools.bench [--json FILE] [--frames N] [--runs R] [--skip-ai] [--ai-only]
                          [--displays dummy,x11] [--sizes 1920x1080,3840x2160]
                          [--attract-minutes M] [--slow-fsync MS] [--pairs ROUNDS]
    python -m tools.bench --memory MINUTES [--log FILE]  (computer against computer in all
                                                        four games, RSS every ten minutes:
                                                        tools/soakai.py)
    python -m tools.bench --soak HOURS [--json FILE]   (the cabinet's attract-loop soak:
                                                        tools/soak.py)

- start-up: wall time of ``python main.py --frames 1`` from spawn to exit (an upper bound
  on the time to the first presented frame), median of R runs; and the time to the first
  frame as the app itself measured it;
- per display (SDL's dummy driver, whose flip is free, and a real X11 window: the X server
  in $DISPLAY, else an Xvfb the bench starts itself, else it says it skipped) and window
  size, each scene in a child process of its own, the whole process's CPU time per frame:
  idle (the app's own loop left alone for a while once the scene has settled, its status
  line's message run out: its CPU divided by the 60 Hz frames that passed), a full frame
  (everything redrawn and presented), the scene's own animations
  (``bench_animations``: Triple 3's dice, TriAxis's spinner, Tripppin's ants, blinking X
  and slide, Tribolo's flips; the frames that present something), and while the computer
  thinks (a search running in the worker); the wall time of the frame in which a move
  lands (the move shown and the game autosaved); with ``--slow-fsync MS`` every fsync of
  the measuring process is slowed by strace (the disk must never hold a frame);
- the animations' cost at the second window size against the first, measured in turn in
  one process (its window resized between them, ``--pairs`` rounds), so that the machine's
  slow and fast spells fall on both sizes alike: the median of the rounds' ratios;
- the attract loop's share of one core over ``--attract-minutes`` (ten by default) at
  1920x1080 on the real display, its worker processes included;
- peak memory (resident set) of the measuring process;
- per game, the computer's decision time at its levels (wall median/p95/max, and the
  largest CPU time), over positions from anywhere in seeded random games (Tripppin's
  Perfect included: its first move on a board waits for the solve); ``--ai-only`` prints
  just these and the solver's time;
- Tripppin's solver: the time to solve one board (median and max over 50 boards).

The review has a benchmark of its own (``tools/benchreview.py``): its speed, and with
``--judge`` its judge's marks on games of the top level against itself and a judge on
four times the work's agreement with them (issue 50's figures).

Speed targets live here, never in a timed test. The machine's load is printed with the
figures: on a busy machine compare medians and ratios.
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


def pct(values, p):
    v = sorted(values)
    if not v:
        return 0.0
    return v[min(len(v) - 1, int(round(p / 100 * (len(v) - 1))))]


def stats_ms(samples) -> dict:
    return {"median_ms": round(statistics.median(samples) * 1000, 3) if samples else None,
            "p99_ms": round(pct(samples, 99) * 1000, 3) if samples else None,
            "max_ms": round(max(samples) * 1000, 3) if samples else None,
            "frames": len(samples)}


def measure_startup(runs: int, env: dict | None = None) -> dict:
    """Spawn-to-exit wall time and the app's own time to its first frame, median of
    ``runs``, after one run not counted: as a player's second start finds it, Python's
    compiled modules written (PYTHONDONTWRITEBYTECODE, which some shells set, would make
    every run compile every module again)."""
    walls, firsts = [], []
    env = dict(env or os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    for run in range(runs + 1):
        with tempfile.TemporaryDirectory() as d:
            env2 = dict(env, TRICADE_REPORT_FIRST_FRAME="1")
            t = time.perf_counter()
            out = subprocess.run([sys.executable, str(ROOT / "main.py"), "--frames", "1",
                                  "--data-dir", d, "--mute"], cwd=str(ROOT), env=env2,
                                 capture_output=True, text=True, timeout=60)
            if out.returncode != 0:
                raise RuntimeError(f"main.py failed: {out.stderr.strip()}")
            if run == 0:
                continue                 # the warm-up: compiled modules written
            walls.append(time.perf_counter() - t)
            for line in out.stderr.splitlines():
                if line.startswith("first frame after "):
                    firsts.append(float(line.split()[3]))
    return {"startup_s": round(statistics.median(walls), 4),
            "startup_wall_all_s": [round(w, 4) for w in walls],
            "first_frame_s": round(statistics.median(firsts), 4) if firsts else None}


def cpu() -> float:
    """CPU seconds of this whole process (every thread: the store's writer too)."""
    return time.process_time()


def frame_samples(app, n: int, before=None, keep=None) -> list:
    """Process CPU seconds of n frames run back to back (the loop's waiting not counted)."""
    out = []
    for _ in range(n):
        if before:
            before()
        t = cpu()
        app.step()
        dt = cpu() - t
        if keep is None or keep():
            out.append(dt)
    return out


def loop_for(app, seconds: float) -> None:
    """The app's own loop (its frames and its waiting between them) for ``seconds``."""
    import pygame
    end = time.perf_counter() + seconds
    wait = getattr(app, "wait", None)
    tick = pygame.time.Clock()
    while time.perf_counter() < end and app.running:
        app.step()
        if wait is not None:
            wait(limit=max(0.0, end - time.perf_counter()))
        else:                                # an app without its own wait: 60 frames a second
            tick.tick(60)


def settled(app) -> bool:
    """Nothing moves, nobody thinks and nothing is due but the scene's own repeating change
    (a blink): a message on the status line has run out, a toast has gone, no track waits
    to start. What is left is what an idle scene costs for as long as it stays idle."""
    top = app.top
    if top is None or top.animating():
        return False
    table = getattr(top, "table", None)
    if table is not None and table.thinking:
        return False
    due = app.next_change() if hasattr(app, "next_change") else None
    if due is not None and due <= 0:
        return False
    status = getattr(top, "status", None)
    if status is not None and status.left() is not None:
        return False
    timeline = getattr(top, "timeline", None)
    if timeline is not None and timeline.next_event() is not None:
        return False
    return not getattr(app, "_toasts", None)


def idle_ms(app, seconds: float) -> dict:
    """Process CPU per 60 Hz frame while the app's loop runs with nothing happening, once
    the scene has settled (``settled``; two seconds at least, so that a blink shows each of
    its pictures once): the whole run's CPU over its frames (``per_frame_ms``, the figure),
    and the median and p99 over its half-second windows (a blink costs a frame when it
    toggles; a window holds one toggle or none)."""
    begun = time.perf_counter()
    deadline = begun + 15
    while time.perf_counter() < deadline:
        loop_for(app, 0.3)
        if settled(app) and time.perf_counter() - begun >= 2:
            break
    # one run of the loop, its CPU read at every frame and cut into half-second windows
    # (a loop restarted for each window would add a frame that nothing asked for)
    marks = [(time.perf_counter(), cpu())]
    real_step = app.step

    def step():
        real_step()
        marks.append((time.perf_counter(), cpu()))
    app.step = step
    start = marks[0][0]
    try:
        loop_for(app, seconds)
    finally:
        del app.step
    marks.append((time.perf_counter(), cpu()))
    per_frame = []
    w0 = marks[0]
    for m in marks[1:]:
        if m[0] - w0[0] >= 0.5 or m is marks[-1]:
            per_frame.append((m[1] - w0[1]) / ((m[0] - w0[0]) * 60))
            w0 = m
    whole = (marks[-1][1] - marks[0][1]) / ((marks[-1][0] - marks[0][0]) * 60)
    return {"per_frame_ms": round(whole * 1000, 4),
            "median_ms": round(statistics.median(per_frame) * 1000, 4),
            "p99_ms": round(pct(per_frame, 99) * 1000, 4),
            "mean_ms": round(statistics.mean(per_frame) * 1000, 4),
            "frames_stepped": len(marks) - 2,
            "settled": settled(app),
            "seconds": round(time.perf_counter() - start, 2)}


def press(app, name: str) -> None:
    import pygame
    key = pygame.key.key_code(name)
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))


def open_scene(app, scene) -> None:
    """Push the scene and get into play, as a player would."""
    app.running = True        # the scene before left an empty stack
    app.push(scene)
    for _ in range(10):      # settle: first draws, caches, fonts
        app.step()
    # a scene that opens on a title ("Press any key") names the keys a player presses to
    # get into play; they are pressed as real events, so every figure is of the game itself
    for name in getattr(scene, "bench_start_keys", ()):
        press(app, name)
        for _ in range(5):
            app.step()


def bench_scene(app, scene, frames: int, idle_seconds: float = 2.0) -> dict:
    """Idle, full, the scene's own animations and thinking frame times of one scene."""
    open_scene(app, scene)
    prepare = getattr(scene, "bench_idle", None)
    if prepare is not None:
        prepare()
    result = {"idle": idle_ms(app, idle_seconds)}

    def force():
        app.dirty = True
    result["animating"] = stats_ms(frame_samples(app, frames, before=force))
    special = bench_special(app, scene, frames)
    if special:
        result["special"] = special
    moves: list = []
    move_cpu: list = []
    result["thinking"] = bench_thinking(app, scene, frames, moves, move_cpu)
    if moves:
        # the frames in which a move landed: the move shown and the game autosaved whole
        result["move_saved"] = stats_ms(moves)
        result["move_saved_cpu"] = stats_ms(move_cpu)
    app.pop()
    return result


def animations_of(scene) -> dict:
    """{label: start} of a scene's own animations; start() begins one and returns (label,
    still_running)."""
    return dict(scene.bench_animations())


def bench_special(app, scene, frames: int) -> dict:
    """Frames while each of a scene's own animations runs (the frames that present
    something: a blink is measured on the frames it toggles)."""
    out = {}
    for key, start in animations_of(scene).items():
        samples: list = []
        label = key
        deadline = time.perf_counter() + 20
        running = None
        shown = app.display.presented
        while len(samples) < frames and time.perf_counter() < deadline:
            if running is None or not running():
                label, running = start()
                app.dirty = True             # started from outside the game's own flow
                for _ in range(3):           # the frame that starts it is a full one
                    app.step()
                shown = app.display.presented
                continue
            t = cpu()
            app.step()
            dt = cpu() - t
            if app.display.presented != shown and running():
                samples.append(dt)
            shown = app.display.presented
            time.sleep(0.002)               # a blink toggles in real time
        out[key] = dict(stats_ms(samples), label=label)
        app.dirty = True
        for _ in range(3):
            app.step()
    return out


def bench_thinking(app, scene, frames: int, moves: list | None = None,
                   move_cpu: list | None = None) -> dict:
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
                if move_cpu is not None:
                    move_cpu.append(dt)
            elif table.thinking:
                samples.append(dt)
        return stats_ms(samples)
    job = app.worker.submit("tools.bench:busy_search", 30.0)
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


# -- the displays ---------------------------------------------------------------------------

def _die_with_parent() -> None:
    """In the X server's process before it starts: end it if the bench is killed (a
    timed-out run must not leave an X server behind)."""
    try:
        import ctypes
        import signal
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


class Xvfb:
    """An X server for the bench: $DISPLAY if set, else an Xvfb started here (and stopped
    when done), else none (``display`` is None and ``why`` says why)."""

    def __init__(self, size=(3840, 2160)):
        self.proc = None
        self.display = os.environ.get("DISPLAY") or None
        self.why = ""
        self.started = False
        if self.display:
            return
        import shutil
        exe = shutil.which("Xvfb")
        if exe is None:
            self.why = "DISPLAY is not set and there is no Xvfb"
            return
        for n in range(90, 140):
            if os.path.exists(f"/tmp/.X{n}-lock") or os.path.exists(f"/tmp/.X11-unix/X{n}"):
                continue
            proc = subprocess.Popen([exe, f":{n}", "-screen", "0", f"{size[0]}x{size[1]}x24",
                                     "-nolisten", "tcp", "-noreset"],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                    preexec_fn=_die_with_parent)
            for _ in range(100):
                if os.path.exists(f"/tmp/.X11-unix/X{n}") or proc.poll() is not None:
                    break
                time.sleep(0.05)
            if proc.poll() is None:
                time.sleep(0.2)
                self.proc, self.display, self.started = proc, f":{n}", True
                return
        self.why = "Xvfb would not start"

    def close(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            self.proc = None


def proc_cpu(proc) -> float:
    """CPU seconds a child process (the Xvfb the bench started) has used so far."""
    if proc is None:
        return 0.0
    try:
        with open(f"/proc/{proc.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


def display_env(driver: str, xdisplay: str | None) -> dict:
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    env["SDL_VIDEODRIVER"] = driver
    if driver == "x11":
        env["DISPLAY"] = xdisplay
    return env


def run_child(args: list, env: dict, slow_fsync_ms: int = 0, timeout: float = 3600) -> dict:
    """Run ``python -m tools.bench --child ...`` and return the figures it wrote."""
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "child.json")
        cmd = [sys.executable, "-m", "tools.bench", "--child-json", out] + args
        if slow_fsync_ms:
            cmd = ["strace", "-f", "-qq", "-o", "/dev/null", "--seccomp-bpf", "-e",
                   "trace=fsync,fdatasync", "-e",
                   f"inject=fsync,fdatasync:delay_exit={int(slow_fsync_ms * 1000)}"] + cmd
        p = subprocess.run(cmd, cwd=str(ROOT), env=env, capture_output=True, text=True,
                           timeout=timeout)
        if p.returncode != 0 or not os.path.exists(out):
            return {"error": (p.stderr.strip().splitlines() or ["failed"])[-1]}
        with open(out) as f:
            return json.load(f)


def child_scenes(size: tuple, frames: int, idle_seconds: float, only=None) -> dict:
    """In the child: every scene on the display of this process's environment."""
    import games
    from games.core.app import App, Options
    from games.launcher.scene import LauncherScene
    report: dict = {}
    with tempfile.TemporaryDirectory() as d:
        app = App(Options(data_dir=d, window_size=size, mute=True, fullscreen=False,
                          scale="aspect", modal_guard=0.0))   # its keys answer boxes at once
        from games.core.app import freeze_start_up
        freeze_start_up()                     # as the program's loop does after its first frame
        report["driver"] = __import__("pygame").display.get_driver()
        report["window"] = list(app.display.window.get_size())
        scenes = {}
        if not only or "launcher" in only:
            scenes["launcher"] = bench_scene(app, LauncherScene(app), frames, idle_seconds)
        for entry in games.games():
            if only and entry.name not in only:
                continue
            try:
                factory = entry.scene_factory()
            except (ImportError, AttributeError) as exc:
                scenes[entry.name] = {"error": f"no scene yet ({exc})"}
                continue
            scenes[entry.name] = bench_scene(app, factory(app, seed=1), frames, idle_seconds)
        app.shutdown()
    report["scenes"] = scenes
    report["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    return report


def child_pairs(sizes: list, frames: int, rounds: int, only=None) -> dict:
    """In the child: each scene's own animations at two window sizes in turn (A B A B, the
    one window resized between them), so that a slow or fast spell of the machine falls on
    both sizes alike: {scene: {animation: {"label", "a_ms": [...], "b_ms": [...]}}}, the
    median frame of each round at each size."""
    import games
    from games.core.app import App, Options, freeze_start_up
    out: dict = {}
    with tempfile.TemporaryDirectory() as d:
        app = App(Options(data_dir=d, window_size=sizes[0], mute=True, fullscreen=False,
                          scale="aspect", modal_guard=0.0))   # its keys answer boxes at once
        freeze_start_up()
        for entry in games.games():
            if only and entry.name not in only:
                continue
            scene = entry.scene_factory()(app, seed=1)
            if not animations_of(scene):
                continue
            open_scene(app, scene)
            figures: dict = {}
            for _ in range(rounds):
                for side, size in zip(("a_ms", "b_ms"), sizes):
                    app.display.resize_window(size)
                    if app.display.window.get_size() != tuple(size):
                        raise RuntimeError(f"the window would not be {size[0]}x{size[1]}")
                    app.dirty = True
                    for _ in range(5):
                        app.step()
                    for key, r in bench_special(app, scene, frames).items():
                        f = figures.setdefault(key, {"label": r["label"], "a_ms": [],
                                                     "b_ms": []})
                        f[side].append(r["median_ms"])
            out[entry.name] = figures
            app.pop()
        app.shutdown()
    return out


def print_pairs(title: str, r: dict) -> None:
    if "error" in r:
        print(f"{title}: failed ({r['error']})")
        return
    print(f"{title}: the animations' process CPU per frame, ms (median of each round's "
          f"median), and the ratio (median of the rounds' ratios):")
    for name, figures in r.items():
        for f in figures.values():
            a = [v for v in f["a_ms"] if v]
            b = [v for v in f["b_ms"] if v]
            ratios = [y / x for x, y in zip(f["a_ms"], f["b_ms"]) if x and y]
            if not ratios:
                print(f"  {name}, {f['label']}: no frames")
                continue
            f["ratio"] = round(statistics.median(ratios), 3)
            print(f"  {name}, {f['label']}: {statistics.median(a):.3f} / "
                  f"{statistics.median(b):.3f}, ratio {f['ratio']:.2f} (rounds: "
                  + " ".join(f"{x:.2f}" for x in ratios) + ")")


def child_attract(size: tuple, minutes: float) -> dict:
    """In the child: the cabinet's attract loop at real speed on this process's display,
    its worker processes included (tools/soak.py)."""
    from tools import soak
    return soak.real_speed_cpu(minutes, window_size=size)


def child_idle_launcher(size: tuple, seconds: float) -> dict:
    """In the child: the launcher alone, nobody touching anything, for ``seconds``."""
    from games.core.app import App, Options
    from games.launcher.scene import LauncherScene
    with tempfile.TemporaryDirectory() as d:
        app = App(Options(data_dir=d, window_size=size, mute=True, fullscreen=False))
        app.push(LauncherScene(app))
        loop_for(app, 1.0)
        c, t = cpu(), time.perf_counter()
        loop_for(app, seconds)
        c, t = cpu() - c, time.perf_counter() - t
        app.shutdown()
    return {"seconds": round(t, 1), "cpu_percent_of_one_core": round(100 * c / t, 3)}


def load_text() -> str:
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:
        return "unknown"
    return f"{one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def speed_ms(runs: int = 5) -> float:
    """This machine's speed at the moment: the CPU time of a fixed pure-Python loop (a
    million additions), median of ``runs``. Every other figure of the bench scales with it;
    the same code read on two days compares by its figures divided by this one."""
    times = []
    for _ in range(runs):
        t = cpu()
        s = 0
        for i in range(1_000_000):
            s += i
        times.append(cpu() - t)
    return round(statistics.median(times) * 1000, 1)


def parse_size(text: str) -> tuple:
    w, _, h = text.lower().partition("x")
    return int(w), int(h)


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


def print_scenes(title: str, r: dict) -> None:
    if "error" in r:
        print(f"{title}: failed ({r['error']})")
        return
    w, h = r.get("window", (0, 0))
    print(f"{title} (window {w}x{h}, driver {r.get('driver')}), process CPU per frame, ms:")
    print(f"  {'scene':<12} {'idle':>8} {'full med':>9} {'p99':>7} {'think med':>10} "
          f"{'p99':>7} {'move lands (wall) med':>22} {'p99':>8}")
    for name, s in r["scenes"].items():
        if "error" in s:
            print(f"  {name:<12} {s['error']}")
            continue

        def f(k, q="median_ms", d=3):
            v = s.get(k, {}).get(q)
            return "-" if v is None else f"{v:.{d}f}"
        print(f"  {name:<12} {f('idle', 'per_frame_ms', d=4):>8} {f('animating'):>9} "
              f"{f('animating', 'p99_ms'):>7} {f('thinking'):>10} {f('thinking', 'p99_ms'):>7} "
              f"{f('move_saved'):>22} {f('move_saved', 'p99_ms'):>8}")
    for name, s in r["scenes"].items():
        for key, sp in s.get("special", {}).items():
            m, q = sp["median_ms"], sp["p99_ms"]
            if m is None:
                print(f"  {name}, {sp['label']}: no frames")
                continue
            print(f"  {name}, {sp['label']}: {m:.3f} ms median, {q:.3f} p99 "
                  f"({sp['frames']} frames)")


def child_main(args) -> int:
    size = parse_size(args.size)
    if args.child == "scenes":
        only = set(args.only.split(",")) if args.only else None
        out = child_scenes(size, args.frames, args.idle_seconds, only)
    elif args.child == "pairs":
        only = set(args.only.split(",")) if args.only else None
        out = child_pairs([parse_size(t) for t in args.sizes.split(",")][:2], args.frames,
                          args.pairs, only)
    elif args.child == "attract":
        out = child_attract(size, args.attract_minutes)
    else:
        out = child_idle_launcher(size, args.launcher_seconds)
    with open(args.child_json, "w") as f:
        json.dump(out, f, indent=1)
    return 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.bench",
                                description=" ".join(__doc__.split("\n\n")[0].split()))
    p.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    p.add_argument("--frames", type=int, default=240, help="frames per measurement")
    p.add_argument("--runs", type=int, default=5, help="start-up runs")
    p.add_argument("--positions", type=int, default=20, help="positions per AI level")
    p.add_argument("--skip-ai", action="store_true", help="no AI decision timing")
    p.add_argument("--ai-only", action="store_true",
                   help="only the computer's decision times (and the solver's)")
    p.add_argument("--displays", default="dummy,x11",
                   help="which SDL video drivers to measure on (dummy, x11)")
    p.add_argument("--sizes", default="1920x1080,3840x2160", help="window sizes")
    p.add_argument("--only", default="", help="only these scenes (launcher, game names)")
    p.add_argument("--idle-seconds", type=float, default=2.0,
                   help="seconds of the app's own loop per idle figure")
    p.add_argument("--attract-minutes", type=float, default=10.0,
                   help="minutes of attract loop on the real display (0: skip)")
    p.add_argument("--launcher-seconds", type=float, default=60.0,
                   help="seconds of the idle launcher on the real display (0: skip)")
    p.add_argument("--slow-fsync", type=float, default=0.0, metavar="MS",
                   help="also measure the frame a move lands in with every fsync slowed "
                        "by MS milliseconds (strace)")
    p.add_argument("--memory", type=float, metavar="MINUTES",
                   help="only the memory soak: MINUTES of computer-against-computer play")
    p.add_argument("--log", metavar="FILE", help="with --memory: also append the RSS lines here")
    p.add_argument("--soak", type=float, metavar="HOURS",
                   help="only the cabinet's soak: HOURS of attract loop on a sped-up clock")
    p.add_argument("--pairs", type=int, default=4, metavar="ROUNDS",
                   help="on the real display, the animations at the first two sizes in "
                        "turn, ROUNDS times each, for their ratio (0: skip)")
    p.add_argument("--child", choices=("scenes", "pairs", "attract", "launcher-idle"),
                   help=argparse.SUPPRESS)
    p.add_argument("--child-json", help=argparse.SUPPRESS)
    p.add_argument("--size", default="1920x1080", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    if args.child_json:
        return child_main(args)
    if args.soak is not None:
        from tools import soak
        return soak.main(["--hours", str(args.soak)] + (["--json", args.json] if args.json else []))
    if args.memory is not None:
        from tools import soakai
        return soakai.main(["--minutes", str(args.memory)]
                           + (["--log", args.log] if args.log else []))
    if args.frames < 10 or args.runs < 1 or args.positions < 1:
        p.error("--frames must be 10 or more, --runs and --positions 1 or more")

    if args.ai_only:
        report = {"ai": bench_all_ai(args.positions), "solver": {"tripppin": bench_solver()}}
        print_ai(report)
        if args.json:
            with open(args.json, "w") as f:
                json.dump(report, f, indent=1)
        return 0
    displays = [d.strip() for d in args.displays.split(",") if d.strip()]
    sizes = [parse_size(s) for s in args.sizes.split(",") if s.strip()]
    report: dict = {"load_start": load_text(), "speed_start_ms": speed_ms()}
    print(f"load average at the start: {report['load_start']}; this machine's speed: "
          f"a million additions in {report['speed_start_ms']} ms of CPU (median of 5)")
    report.update(measure_startup(args.runs))
    x = Xvfb(size=max(sizes, key=lambda s: s[0] * s[1])) if "x11" in displays else None
    real = None                 # the environment of the real display, if there is one
    try:
        if x is not None and x.display is None:
            print(f"x11: skipped ({x.why})")
            report["x11_skipped"] = x.why
        elif x is not None:
            real = display_env("x11", x.display)
            report["x11_display"] = x.display + (" (Xvfb started by the bench)"
                                                  if x.started else "")
            report["startup_x11"] = measure_startup(args.runs, env=real)
        report["displays"] = {}
        child = ["--frames", str(args.frames), "--idle-seconds", str(args.idle_seconds)]
        if args.only:
            child += ["--only", args.only]
        for driver in displays:
            if driver == "x11" and real is None:
                continue
            env = real if driver == "x11" else display_env("dummy", None)
            for w, h in sizes:
                key = f"{driver} {w}x{h}"
                r = run_child(["--child", "scenes", "--size", f"{w}x{h}"] + child, env)
                report["displays"][key] = r
                print_scenes(key, r)
        if real is not None and args.pairs > 0 and len(sizes) >= 2:
            (aw, ah), (bw, bh) = sizes[:2]
            key = f"x11 {aw}x{ah} / {bw}x{bh}, in turn {args.pairs} times"
            r = run_child(["--child", "pairs", "--sizes", f"{aw}x{ah},{bw}x{bh}",
                           "--frames", str(args.frames), "--pairs", str(args.pairs)]
                          + (["--only", args.only] if args.only else []), real)
            print_pairs(key, r)
            report["pairs"] = {"sizes": key, "figures": r}
        env = real or display_env("dummy", None)
        where = "x11" if real is not None else "dummy"
        if args.slow_fsync:
            key = f"{where} {sizes[0][0]}x{sizes[0][1]}, every fsync {args.slow_fsync:g} ms"
            r = run_child(["--child", "scenes", "--size", f"{sizes[0][0]}x{sizes[0][1]}",
                           "--frames", str(args.frames), "--idle-seconds", "0.5"]
                          + (["--only", args.only] if args.only else []), env,
                          slow_fsync_ms=args.slow_fsync)
            report["slow_fsync"] = {"ms": args.slow_fsync, "figures": r}
            print(f"{key}: the frame a move lands in (wall), ms:")
            for name, s in r.get("scenes", {}).items():
                m = s.get("move_saved")
                if m:
                    c = s.get("move_saved_cpu", {})
                    print(f"  {name:<12} {m['median_ms']:.3f} median, {m['p99_ms']:.3f} p99, "
                          f"max {m.get('max_ms') or 0:.3f} of {m['frames']} moves (its CPU: "
                          f"{c.get('median_ms') or 0:.3f} median, {c.get('p99_ms') or 0:.3f} p99)")
            if "error" in r:
                print(f"  failed: {r['error']}")
        xproc = x.proc if x is not None else None
        if args.launcher_seconds > 0:
            xc, t = proc_cpu(xproc), time.perf_counter()
            r = run_child(["--child", "launcher-idle", "--size", "1920x1080",
                           "--launcher-seconds", str(args.launcher_seconds)], env)
            report["idle_launcher"] = dict(r, display=where)
            if xproc is not None:
                r["x_server_percent"] = round(100 * (proc_cpu(xproc) - xc)
                                              / (time.perf_counter() - t), 3)
            if "error" in r:
                print(f"idle launcher: failed ({r['error']})")
            else:
                print(f"idle launcher on {where} at 1920x1080: {r['cpu_percent_of_one_core']:.3f}% "
                      f"of one core over {r['seconds']:.0f} s"
                      + (f" (the X server: {r['x_server_percent']:.3f}%, start-up included)"
                         if "x_server_percent" in r else ""))
        if args.attract_minutes > 0:
            xc, t = proc_cpu(xproc), time.perf_counter()
            r = run_child(["--child", "attract", "--size", "1920x1080",
                           "--attract-minutes", str(args.attract_minutes)], env,
                          timeout=args.attract_minutes * 60 + 600)
            if xproc is not None:
                r["x_server_percent"] = round(100 * (proc_cpu(xproc) - xc)
                                              / (time.perf_counter() - t), 2)
            report["attract"] = dict(r, display=where)
            if "error" in r:
                print(f"attract loop: failed ({r['error']})")
            else:
                print(f"attract loop on {where} at 1920x1080: {r['cpu_percent_of_one_core']:.2f}% "
                      f"of one core over {r['real_minutes']:.1f} min, workers included "
                      f"({r['demos']} demos)"
                      + (f"; the X server: {r['x_server_percent']:.2f}%, start-up included"
                         if "x_server_percent" in r else ""))
    finally:
        if x is not None:
            x.close()
    first = report["displays"].get(f"dummy {sizes[0][0]}x{sizes[0][1]}") or next(
        iter(report["displays"].values()), {})
    report["scenes"] = first.get("scenes", {})
    report["peak_rss_mb"] = first.get("peak_rss_mb", 0)
    if not args.skip_ai:
        report["ai"] = bench_all_ai(args.positions)
        report["solver"] = {"tripppin": bench_solver()}
    report["load_end"] = load_text()
    report["speed_end_ms"] = speed_ms()

    print(f"start-up to first frame (dummy): {report['startup_s'] * 1000:.0f} ms wall "
          f"(median of {args.runs} runs, spawn to exit); in-app first frame "
          f"{(report['first_frame_s'] or 0) * 1000:.0f} ms")
    if "startup_x11" in report:
        s = report["startup_x11"]
        print(f"start-up to first frame (x11): {s['startup_s'] * 1000:.0f} ms wall; in-app "
              f"first frame {(s['first_frame_s'] or 0) * 1000:.0f} ms")
    print(f"peak memory: {report['peak_rss_mb']} MB")
    print_ai(report)
    print(f"load average at the end: {report['load_end']}; this machine's speed: a million "
          f"additions in {report['speed_end_ms']} ms of CPU")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
