"""The cabinet on a Raspberry Pi-class CPU, played on this machine: Tricade's kiosk under Xvfb
at 1920x1080, its process (and its worker) held to a share of one core (a cgroup, as
``tools.cabinetvm boot --cpu-quota`` holds QEMU) on one CPU (taskset), through the attract
loop and then a customer's game by the panel keys (xdotool: 1 start, Left Ctrl button 1,
the arrows), with the program's own frame figures (TRICADE_FRAME_REPORT,
games/core/frames.py): the share of the frames wanted at once that began more than a frame
period late, and how long a computer's move took to show. Medians of ``--runs``.

    python -m tools.piclass [--quota 20] [--cpu 0] [--runs 3] [--attract-seconds 120]
                            [--game-seconds 180] [--attract-after 20] [--json FILE]

Needs root (the cgroup), Xvfb and xdotool (openbox too, when there, as on a cabinet). It is
a stand-in for a board, not a board: this core at 20% is not a Cortex-A72, and X here draws
without a GPU; docs/cabinet.md says which figure is which.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIZE = "1920x1080"
KEYS = {"start": "1", "coin": "5", "button1": "Control_L", "button2": "Alt_L",
        "up": "Up", "down": "Down", "left": "Left", "right": "Right"}


def needs() -> list:
    missing = [tool for tool in ("Xvfb", "xdotool", "taskset") if not shutil.which(tool)]
    if os.geteuid() != 0:
        missing.append("root (the cgroup)")
    return missing


def free_display() -> int:
    for n in range(70, 200):
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            return n
    raise SystemExit("piclass: no free X display number")


class Desk:
    """Xvfb (and openbox, where installed) on a display of its own."""

    def __init__(self, size: str = SIZE):
        self.n = free_display()
        self.display = f":{self.n}"
        self.procs = []
        self.procs.append(subprocess.Popen(
            ["Xvfb", self.display, "-screen", "0", f"{size}x24", "-nolisten", "tcp"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        deadline = time.monotonic() + 20
        while not Path(f"/tmp/.X11-unix/X{self.n}").exists():
            if time.monotonic() > deadline or self.procs[0].poll() is not None:
                self.close()
                raise SystemExit("piclass: Xvfb did not start")
            time.sleep(0.1)
        if shutil.which("openbox"):
            self.procs.append(subprocess.Popen(["openbox"], env=self.env(),
                                               stdout=subprocess.DEVNULL,
                                               stderr=subprocess.DEVNULL))
            time.sleep(1.0)

    def env(self, **more) -> dict:
        e = {k: v for k, v in os.environ.items() if k not in ("WAYLAND_DISPLAY",)}
        e.update(DISPLAY=self.display, **more)
        return e

    def key(self, name: str) -> None:
        subprocess.run(["xdotool", "key", "--delay", "80", KEYS[name]], env=self.env(),
                       check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def close(self) -> None:
        for p in reversed(self.procs):
            if p.poll() is None:
                p.terminate()
                try:
                    p.wait(5)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()


def set_up(data: Path, attract_after: float) -> None:
    """The operator's settings in a fresh data folder, through Tricade's own store (as the
    operator menu keeps them): free play, the attract loop after ``attract_after``."""
    from games.core import store as store_mod
    st = store_mod.Store(str(data), log=lambda text: None)
    settings = store_mod.load_settings(st)
    settings["kiosk"].update(free_play=True, attract_after=int(attract_after))
    if not store_mod.save_settings(st, settings):
        raise SystemExit(f"piclass: the settings could not be written to {data}")
    st.close()


def one_run(quota: float, cpu: int, attract_after: float, attract_seconds: float,
            game_seconds: float, seed: int) -> dict:
    from tools.cabinetvm.machine import Quota
    work = Path(tempfile.mkdtemp(prefix="tricade-piclass-"))
    data, report = work / "data", work / "frames.jsonl"
    set_up(data, attract_after)
    desk = Desk()
    q = Quota(quota)
    q.make()
    out = {"quota": quota, "cpu": cpu}
    p = None
    try:
        env = desk.env(SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
                       PYGAME_HIDE_SUPPORT_PROMPT="1", TRICADE_REPORT_FIRST_FRAME="1",
                       TRICADE_FRAME_REPORT=str(report))
        t0 = time.monotonic()
        p = subprocess.Popen(["taskset", "-c", str(cpu), sys.executable, str(ROOT / "main.py"),
                              "--kiosk", "--data-dir", str(data)], env=env, cwd=str(ROOT),
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                             preexec_fn=q.enter)
        line = ""
        while "first frame" not in line:
            line = p.stderr.readline()
            if not line:
                raise SystemExit("piclass: Tricade ended before its first frame")
        out["first_frame_s"] = round(time.monotonic() - t0, 1)
        threading_drain(p)
        time.sleep(attract_after + attract_seconds)
        out["game_from_s"] = round(time.monotonic() - t0, 1)
        desk.key("start")                   # the attract loop ends: the launcher
        time.sleep(3)
        desk.key("start")                   # the launcher's chosen game (free play)
        time.sleep(3)
        rng = random.Random(seed)
        end = time.monotonic() + game_seconds
        while time.monotonic() < end:      # a customer: button 1 and the stick
            desk.key(rng.choice(("button1", "button1", "left", "right", "up", "down")))
            time.sleep(rng.uniform(0.8, 2.0))
        p.send_signal(signal.SIGTERM)      # as the cabinet's unit stops it: figures written
        try:
            p.wait(60)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
        out["wall_seconds"] = round(time.monotonic() - t0, 1)
    finally:
        if p is not None and p.poll() is None:
            p.kill()
            p.wait()
        q.remove()
        desk.close()
    lines = [json.loads(x) for x in report.read_text().splitlines() if x.strip()] \
        if report.exists() else []
    shutil.rmtree(work, ignore_errors=True)
    out.update(split(lines, out["game_from_s"] - out["first_frame_s"]))
    return out


def threading_drain(p) -> None:
    """Tricade's stderr read on, so a full pipe never holds it."""
    import threading
    threading.Thread(target=lambda: [None for _ in p.stderr], daemon=True).start()


def split(lines: list, game_from: float) -> dict:
    """The reports (cumulative, every 10 s of the program's clock) split at the game's
    start: the attract loop's figures, the game's."""
    if not lines:
        return {"attract": None, "game": None}
    zero = dict.fromkeys(("moving_frames", "late_frames", "computer_moves"), 0)
    zero["computer_moves_s"] = []
    before = [r for r in lines if r["seconds"] <= game_from] or [zero]
    a, z = before[-1], lines[-1]
    out = {}
    for name, lo, hi in (("attract", zero, a), ("game", a, z)):
        moving = hi["moving_frames"] - lo["moving_frames"]
        late = hi["late_frames"] - lo["late_frames"]
        n = hi["computer_moves"] - lo["computer_moves"]
        moves = hi["computer_moves_s"][len(hi["computer_moves_s"]) - n:] if n else []
        out[name] = {"moving_frames": moving, "late_frames": late,
                     "late_share": round(late / moving, 4) if moving else None,
                     "computer_moves": n,
                     "computer_move_median_s": round(statistics.median(moves), 3)
                     if moves else None}
    out["worst_late_ms"] = z["worst_late_ms"]
    return out


def median_of(runs: list, part: str, key: str):
    values = [r[part][key] for r in runs if r.get(part) and r[part].get(key) is not None]
    return round(statistics.median(values), 4) if values else None


def main(argv=None) -> int:
    a = argparse.ArgumentParser(prog="python -m tools.piclass", description=__doc__.split(
        "\n\n")[0])
    a.add_argument("--quota", type=float, default=20.0, metavar="PERCENT",
                   help="the share of one core Tricade (and its worker) may use")
    a.add_argument("--cpu", type=int, default=0, help="the one CPU it runs on (taskset)")
    a.add_argument("--runs", type=int, default=3)
    a.add_argument("--attract-after", type=float, default=20.0,
                   help="the operator's attract time (seconds of quiet on the launcher)")
    a.add_argument("--attract-seconds", type=float, default=120.0)
    a.add_argument("--game-seconds", type=float, default=180.0)
    a.add_argument("--seed", type=int, default=4)
    a.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = a.parse_args(argv)
    missing = needs()
    if missing:
        print("piclass: this machine lacks " + ", ".join(missing) + ".", file=sys.stderr)
        return 1
    runs = []
    for i in range(args.runs):
        r = one_run(args.quota, args.cpu, args.attract_after, args.attract_seconds,
                    args.game_seconds, args.seed + i)
        runs.append(r)
        print(json.dumps(r), flush=True)
    summary = {"runs": len(runs), "quota": args.quota,
               "attract_late_share": median_of(runs, "attract", "late_share"),
               "game_late_share": median_of(runs, "game", "late_share"),
               "attract_computer_move_s": median_of(runs, "attract", "computer_move_median_s"),
               "game_computer_move_s": median_of(runs, "game", "computer_move_median_s")}
    print(json.dumps(summary), flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps({"runs": runs, "summary": summary}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
