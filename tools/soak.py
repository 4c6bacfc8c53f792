"""Soak test of the attract loop (a benchmark, not part of the test suite).

    python -m tools.soak [--hours 24] [--real-minutes 3] [--json FILE]
    python -m tools.bench --soak HOURS

Runs a cabinet on SDL's dummy drivers in its attract loop, on a sped-up clock (each frame
moves the loop's clock by a quarter of a second and runs as fast as it can; every animation
at ``--anim-speed``), for ``--hours`` of attract time: every game's demo in turn, score and
title cards. Reports the demos played, the resident memory at the start and the end (the
growth must stay within 5 MB), the child processes left after the app shut down (none), and
the CPU used per hour of attract mode at real speed (a few real minutes measured, scaled) in
a real X11 window at 1920x1080 (Xvfb when DISPLAY is unset), as the bench measures it.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

STEP = 0.25              # attract seconds per frame (the loop's largest frame step)
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def rss_mb() -> float:
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def children() -> list:
    """The live child processes of this one (Linux /proc)."""
    me, out = os.getpid(), []
    try:
        names = os.listdir("/proc")
    except OSError:
        return out
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rfind(")") + 2:].split()
        if int(fields[1]) == me and fields[0] != "Z":
            out.append((int(name), (int(fields[11]) + int(fields[12])) / TICKS))
    return out


def cpu_seconds() -> float:
    """This process, its reaped children and its live ones."""
    import resource
    own = time.process_time()
    reaped = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own + reaped.ru_utime + reaped.ru_stime + sum(c for _, c in children())


class FastClock:
    def __init__(self):
        self.t = 1000.0

    def __call__(self):
        return self.t


def make_cabinet(data_dir, clock=None, anim_speed=1.0, demo_seconds=60,
                 window_size=(640, 480)):
    from games.cabinet import install
    from games.core.app import App, Options
    app = App(Options(kiosk=True, data_dir=data_dir, window_size=window_size, clock=clock,
                      anim_speed=anim_speed))
    app.settings["kiosk"]["attract_after"] = 10
    app.settings["kiosk"]["demo_seconds"] = demo_seconds
    cab = install(app)
    return app, cab


def soak(hours: float, anim_speed: float = 60.0, report=print, step: float = STEP) -> dict:
    from games.cabinet.attract import AttractScene
    clock = FastClock()
    with tempfile.TemporaryDirectory() as d:
        app, cab = make_cabinet(d, clock, anim_speed)
        app.step()
        clock.t += 11
        app.step()
        assert isinstance(app.top, AttractScene), "the attract loop did not start"
        # warm up: two rounds of the playlist (every game's modules, fonts, sprites, caches)
        attract, rounds = app.top, 0
        last = attract.position
        while rounds < 2:
            clock.t += step
            app.step()
            if attract.position < last:
                rounds += 1
            last = attract.position
        start_rss, started = rss_mb(), time.perf_counter()
        peak_rss = start_rss
        frames = int(hours * 3600 / step)
        every = max(1000, frames // 12)
        for i in range(frames):
            clock.t += step
            app.step()
            if i % every == 0:
                peak_rss = max(peak_rss, rss_mb())
                report(f"  {i * step / 3600:6.2f} h of attract: {cab.demos_played} demos, "
                       f"{rss_mb():.1f} MB resident")
            if not isinstance(app.top, AttractScene):
                raise RuntimeError(f"the attract loop stopped: {type(app.top).__name__} on top")
        end_rss = rss_mb()
        demos = cab.demos_played
        wall = time.perf_counter() - started
        app.shutdown(quit_pygame=True)
    time.sleep(0.5)
    left = children()
    return {"attract_hours": hours, "demos_played": demos, "wall_seconds": round(wall, 1),
            "rss_start_mb": round(start_rss, 1), "rss_end_mb": round(end_rss, 1),
            "rss_peak_mb": round(max(peak_rss, end_rss), 1),
            "rss_growth_mb": round(end_rss - start_rss, 2),
            "children_left": len(left)}


def real_speed_cpu(minutes: float, window_size=(640, 480)) -> dict:
    """The attract loop at real speed (the app's own loop: its frames and its waiting,
    animations at 1x) for a few minutes on the display of this process's environment: CPU
    seconds used (main process and its workers), scaled to an hour."""
    import pygame
    from games.cabinet.attract import AttractScene
    from games.core.app import FPS
    with tempfile.TemporaryDirectory() as d:
        app, cab = make_cabinet(d, window_size=window_size)
        for _ in range(5):
            app.step()
        app.last_input -= 11
        app.step()
        assert isinstance(app.top, AttractScene)
        tick = pygame.time.Clock()
        cpu0, t0 = cpu_seconds(), time.perf_counter()
        wait = getattr(app, "wait", None)
        while time.perf_counter() - t0 < minutes * 60:
            app.step()
            if wait is not None:
                wait(limit=max(0.0, t0 + minutes * 60 - time.perf_counter()))
            else:
                tick.tick(FPS)
        cpu, wall = cpu_seconds() - cpu0, time.perf_counter() - t0
        demos = cab.demos_played
        app.shutdown(quit_pygame=True)
    return {"real_minutes": round(wall / 60, 2), "demos": demos,
            "cpu_seconds": round(cpu, 1),
            "cpu_seconds_per_hour": round(cpu * 3600 / wall, 0),
            "cpu_percent_of_one_core": round(100 * cpu / wall, 1)}


def real_speed_on_a_display(minutes: float) -> dict:
    """``real_speed_cpu`` in a real X11 window at 1920x1080 (the X server in $DISPLAY, else
    an Xvfb started for it, as the bench does), in a process of its own; on SDL's dummy
    display, where there is no X server, saying so."""
    from tools import bench
    x = bench.Xvfb(size=(1920, 1080))
    try:
        if x.display is not None:
            r = bench.run_child(["--child", "attract", "--size", "1920x1080",
                                 "--attract-minutes", str(minutes)],
                                bench.display_env("x11", x.display),
                                timeout=minutes * 60 + 600)
            if "error" not in r:
                return dict(r, display="x11 1920x1080")
            why = r["error"]
        else:
            why = x.why
    finally:
        x.close()
    return dict(real_speed_cpu(minutes), display=f"dummy 640x480 (no X11: {why})")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.soak",
                                description=" ".join(__doc__.split("\n\n")[0].split()))
    p.add_argument("--hours", type=float, default=24.0, help="hours of attract time to run")
    p.add_argument("--anim-speed", type=float, default=60.0, help="the animations' speed")
    p.add_argument("--step", type=float, default=STEP,
                   help="attract seconds a frame (1/60 with --anim-speed 1: every frame a "
                        "real-speed cabinet draws, as fast as they can be drawn)")
    p.add_argument("--real-minutes", type=float, default=3.0,
                   help="minutes at real speed for the CPU figure (0: skip)")
    p.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = p.parse_args(argv)
    out = {"soak": soak(args.hours, args.anim_speed, step=args.step)}
    print(json.dumps(out["soak"], indent=2))
    if args.real_minutes > 0:
        out["real_speed"] = real_speed_on_a_display(args.real_minutes)
        print(json.dumps(out["real_speed"], indent=2))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=2)
    s = out["soak"]
    ok = s["rss_growth_mb"] <= 5.0 and s["children_left"] == 0
    print("PASS" if ok else "FAIL: memory grew by more than 5 MB or child processes were left")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
