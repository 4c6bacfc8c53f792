"""What the cabinet's machine does, measured: power on to the attract loop, a coin and a
game by the panel keys, power cuts, the power button. The tests (tests/test_cabinetvm.py)
and ``python -m tools.cabinetvm measure`` use these.

The image's files are read and written with the machine off, through a loop mount; the
books are read by the image's own ``main.py --books`` (in a chroot of the mounted image).
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import random
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from tools.cabinetvm import image as img
from tools.cabinetvm.machine import Machine, Screen

HOME = f"/home/{img.USER}"
DATA = f"{HOME}/.local/share/tricade"
PYTHON = f"{HOME}/tricade/.venv/bin/python"
MAIN = f"{HOME}/tricade/main.py"


# -- the image, with the machine off -------------------------------------------------------
@contextlib.contextmanager
def mounted(image: Path, writable: bool = False):
    """The image's filesystem, loop-mounted (the whole disk is one ext4)."""
    where = Path(tempfile.mkdtemp(prefix="cabinetvm-mnt-"))
    for attempt in range(5):         # a free loop device can be taken by another's mount
        # always a writable loop device: a cut-off machine's journal is replayed at the
        # mount, as its next boot would (a read-only one cannot be mounted then)
        r = subprocess.run(["mount", "-o", "loop", str(image), str(where)],
                           capture_output=True, text=True)
        if r.returncode == 0:
            break
        time.sleep(1 + attempt)
    else:
        where.rmdir()
        raise RuntimeError(f"cannot mount {image}: {r.stderr.strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", str(where)], check=False)
        where.rmdir()


def fsck(image: Path) -> tuple:
    """e2fsck -n of the image (the machine off): (status, what it said). 0: clean."""
    r = subprocess.run(["e2fsck", "-fn", str(image)], capture_output=True, text=True)
    return r.returncode, r.stdout + r.stderr


def set_kiosk(image: Path, **kiosk) -> None:
    """The operator's settings, as the operator menu keeps them (the data folder's
    settings.json, through Tricade's own store: a plain JSON file is not a Tricade file
    and would be moved aside, the settings left at their defaults)."""
    from games.core import store as store_mod
    with mounted(image, writable=True) as root:
        data = root / DATA.lstrip("/")
        owner = data.stat()
        st = store_mod.Store(str(data), log=lambda text: None)
        settings = store_mod.load_settings(st)
        settings["kiosk"].update(kiosk)
        if not store_mod.save_settings(st, settings):
            raise RuntimeError("the image's settings.json could not be written")
        st.close()
        for path in data.iterdir():                    # the cabinet's user owns its files
            os.lchown(path, owner.st_uid, owner.st_gid)


def books(image: Path) -> dict:
    """``main.py --books`` inside the image (as the cabinet's user), parsed: counter ->
    (since the reset, lifetime); the raw CSV under "csv"."""
    with mounted(image) as root:
        subprocess.run(["mount", "-t", "proc", "proc", str(root / "proc")], check=False)
        try:
            r = subprocess.run(["chroot", str(root), "su", "-", img.USER, "-c",
                                f"{PYTHON} {MAIN} --books --data-dir {DATA}"],
                               capture_output=True, text=True, timeout=120,
                               env={"PATH": "/usr/bin:/bin:/usr/sbin:/sbin", "LANG": "C.UTF-8",
                                    "PYGAME_HIDE_SUPPORT_PROMPT": "1"})
        finally:
            subprocess.run(["umount", str(root / "proc")], check=False)
        data_files = sorted(p.name for p in (root / DATA.lstrip("/")).rglob("*")
                            if p.is_file())
    out = {"csv": r.stdout, "status": r.returncode, "said": r.stderr, "files": data_files}
    for row in csv.reader(io.StringIO(r.stdout)):
        if not row:
            break
        if len(row) >= 3:
            try:
                out[row[0]] = (int(row[1]), int(row[2]))
            except ValueError:
                pass
    return out


# -- watching the screen -------------------------------------------------------------------
class Watch:
    """Screen dumps of one boot, sorted: when each kind was first seen, and the order."""

    def __init__(self, machine: Machine):
        self.m = machine
        self.first: dict = {}
        self.seen: list = []                   # (seconds, kind), each change
        self.launcher_seen = False
        self.last: Screen | None = None

    def look(self) -> str:
        t = self.m.since_start()
        try:
            screen = self.m.screen()
            kind = screen.kind(self.launcher_seen)
        except RuntimeError:                   # no picture yet (no mode set): nothing lit
            screen, kind = None, "dark"
        self.launcher_seen = self.launcher_seen or kind == "launcher"
        self.first.setdefault(kind, t)
        if not self.seen or self.seen[-1][1] != kind:
            self.seen.append((round(t, 1), kind))
            shots = os.environ.get("TRICADE_CABINETVM_SHOTS")
            if shots and screen is not None:          # each change of kind, as a picture
                import pygame
                Path(shots).mkdir(parents=True, exist_ok=True)
                pygame.image.save(screen.surface, str(Path(shots) / f"{t:07.1f}-{kind}.png"))
        self.last = screen
        return kind

    def until(self, kinds, timeout: float, every: float = 0.5) -> str | None:
        """Dumps every ``every`` seconds until one shows one of ``kinds``."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not self.m.alive():
                return None
            kind = self.look()
            if kind in kinds:
                return kind
            time.sleep(every)
        return None

    def shown_other(self) -> bool:
        return "other" in self.first


def boot_to_attract(image: Path, cpus: int = 1, quota: float | None = None,
                    timeout: float = 400.0, every: float = 0.5) -> dict:
    """Power on; seconds from QEMU's start to the launcher and to the first attract frame,
    and every kind of screen on the way. The machine is cut off after."""
    m = Machine(image, cpus=cpus, cpu_quota=quota).start()
    w = Watch(m)
    try:
        w.until(("launcher",), timeout, every)
        w.until(("attract",), timeout, every)
    finally:
        m.power_cut()
        serial = m.serial_text()
        m.cleanup()
    return {"launcher": w.first.get("launcher"), "attract": w.first.get("attract"),
            "seen": w.seen, "other": w.shown_other(), "serial_tail": serial[-2000:]}


def median(values) -> float | None:
    values = [v for v in values if v is not None]
    return round(statistics.median(values), 1) if values else None


# -- the panel -----------------------------------------------------------------------------
def start_to_launcher(image: Path, timeout: float = 400.0, **kw) -> tuple:
    m = Machine(image, **kw).start()
    w = Watch(m)
    if w.until(("launcher",), timeout) != "launcher":
        serial = m.serial_text()
        m.cleanup()
        raise AssertionError(f"no launcher within {timeout:.0f} s; saw {w.seen}; "
                             f"serial: {serial[-1500:]}")
    time.sleep(1.0)                        # a few frames on it
    return m, w


def power_off(m: Machine, within: float = 60.0) -> float | None:
    """The power button; the seconds until the machine is off (None: not within
    ``within``: then the power is cut). The goal is 10 s; the figure is kept as it is."""
    t0 = time.monotonic()
    m.power_button()
    code = m.wait(within)
    took = time.monotonic() - t0
    if code is None:
        m.power_cut()
        return None
    return took


def cut_scenario(image: Path, moment: str, rng: random.Random | None = None,
                 **kw) -> dict:
    """A coin and a game by the panel keys, the power cut at ``moment``:
    "coin" (one second after the coin), "spent" (the credit spent on a game, nobody has
    moved), "midgame" (after a move), "writing" (while the coin's write is under way).
    Then the next boot: back to the launcher, powered off by the button. The books and
    fsck before and after."""
    before = books(image)
    m, w = start_to_launcher(image, **kw)
    try:
        m.press("coin")
        if moment == "coin":
            # one second after the coin reached the program: under emulation, on a busy
            # machine, a key takes up to two seconds more to get there (a cut sooner is
            # a cut before the coin, which nobody can count)
            time.sleep(1.0 if m.kvm else 3.0)
        elif moment == "writing":
            time.sleep((rng or random).uniform(0.0, 0.15))
        else:
            time.sleep(1.0)
            m.press("start")                          # the launcher's chosen game
            time.sleep(3.0)
            if moment == "midgame":
                play_a_move(m)
                time.sleep(2.0)
        m.power_cut()
    finally:
        m.cleanup()
    fsck_after_cut = fsck(image)[0]
    m, w = start_to_launcher(image, **kw)
    off = power_off(m)
    m.cleanup()
    after = books(image)
    return {"moment": moment, "before": before, "after": after, "off_seconds": off,
            "fsck_after_cut": fsck_after_cut, "fsck_after_boot": fsck(image)[0]}


def play_a_move(m: Machine, seconds: float = 25.0) -> None:
    """A person's move in the launcher's first game (Tripppin), as a customer who does
    not know whose turn it is: button 1 (past the title, then the move the board's cursor
    marks) every two seconds, the stick now and then, for ``seconds`` (the computer may
    move first, and takes its time under emulation)."""
    keys = ("button1", "button1", "right", "button1", "down", "button1", "left")
    end = time.monotonic() + seconds
    i = 0
    while time.monotonic() < end:
        m.press(keys[i % len(keys)])
        i += 1
        time.sleep(1.0 if keys[i % len(keys)] != "button1" else 2.0)


CLEAN_END = "cabinet stopped"        # the cabinet log's last line after a clean end


def cabinet_log(image: Path) -> str:
    with mounted(image) as root:
        path = root / DATA.lstrip("/") / "cabinet.log"
        return path.read_text(errors="replace") if path.exists() else ""


# -- twenty power cuts at random moments -----------------------------------------------------
MOMENTS = ("boot", "attract", "game", "shutdown")


def data_intact(image: Path) -> list:
    """What is wrong with the data folder (empty: nothing): every JSON file parses, no
    temporary file is left, the books read and balance."""
    wrong = []
    with mounted(image) as root:
        data = root / DATA.lstrip("/")
        for path in sorted(data.rglob("*")):
            if not path.is_file():
                continue
            if path.name.endswith((".tmp", ".part")) or path.name.startswith(".tmp"):
                wrong.append(f"a temporary file is left: {path.relative_to(data)}")
            if path.suffix == ".json":
                try:
                    json.loads(path.read_text())
                except ValueError as exc:
                    wrong.append(f"{path.relative_to(data)} does not parse: {exc}")
    b = books(image)
    if b["status"] != 0:
        wrong.append(f"main.py --books: {b['said'].strip()}")
    elif b.get("balances", (0, 0))[0] != 1:
        wrong.append("the books do not balance")
    return wrong


def random_cut(image: Path, moment: str, rng: random.Random, **kw) -> dict:
    """One boot: it must come back to the launcher (after the cut before it), unless this
    cut falls during the boot; then cut off at a random time within ``moment``."""
    m = Machine(image, **kw).start()
    w = Watch(m)
    out = {"moment": moment}
    try:
        if moment == "boot":
            time.sleep(rng.uniform(1.0, 90.0))
            out["launcher_s"] = None
        else:
            if w.until(("launcher",), 400) != "launcher":
                out.update(launcher_s=None, seen=w.seen, serial=m.serial_text()[-1500:])
                return out
            out["launcher_s"] = round(m.since_start(), 1)
            if moment == "attract":
                w.until(("attract",), 120)
                time.sleep(rng.uniform(0.0, 10.0))
            elif moment == "game":
                m.press("coin")
                out["coins"] = 1
                time.sleep(0.5)
                m.press("start")
                time.sleep(rng.uniform(1.0, 3.0))
                play_a_move(m)
                time.sleep(rng.uniform(0.0, 4.0))
            else:
                m.power_button()
                time.sleep(rng.uniform(0.0, 4.0))
        out["other_screen"] = w.shown_other()
        out["cut_at_s"] = round(m.since_start(), 1)
        m.power_cut()
    finally:
        m.cleanup()
    return out


def twenty_cuts(image: Path, count: int = 20, seed: int = 48, **kw) -> dict:
    """``count`` power cuts at random moments (each boot after a cut must come back to
    the launcher: the attract loop follows it by its own timer); then a boot that is
    powered off by the button, fsck and the data folder."""
    rng = random.Random(seed)
    set_kiosk(image, free_play=False)          # coin play: a coin buys each game
    coins_before = books(image).get("coins slot 1", (0, 0))[1]
    runs = []
    for i in range(count):
        moment = MOMENTS[i % len(MOMENTS)] if i < len(MOMENTS) else rng.choice(MOMENTS)
        cut = random_cut(image, moment, rng, **kw)
        runs.append(cut)
        print(json.dumps(cut), flush=True)
    m, w = start_to_launcher(image, timeout=400, **kw)
    last = {"launcher_s": round(m.since_start(), 1), "off_seconds": power_off(m),
            "other_screen": w.shown_other()}
    m.cleanup()
    after = books(image)
    coins = {"inserted": sum(r.get("coins", 0) for r in runs),
             "counted": after.get("coins slot 1", (0, 0))[1] - coins_before}
    return {"runs": runs, "last": last, "fsck": fsck(image)[0], "coins": coins,
            "wrong": data_intact(image), "books": after["csv"]}


# -- the Pi-class board: frame figures -------------------------------------------------------
FRAMES_DROPIN = ".config/systemd/user/tricade.service.d/frames.conf"
FRAMES_FILE = "frames.jsonl"


def frame_report(image: Path, on: bool) -> str:
    """Turn the loop's frame figures on (a drop-in for the unit) or off; the figures."""
    with mounted(image, writable=True) as root:
        home = root / HOME.lstrip("/")
        dropin = home / FRAMES_DROPIN
        out = home / FRAMES_FILE
        text = out.read_text() if out.exists() else ""
        if on:
            dropin.parent.mkdir(parents=True, exist_ok=True)
            dropin.write_text(f"[Service]\nEnvironment=TRICADE_FRAME_REPORT=%h/{FRAMES_FILE}\n")
            if out.exists():
                out.unlink()
        else:
            if dropin.exists():
                dropin.unlink()
        return text


def pi_class(image: Path, attract_seconds: float = 180, game_seconds: float = 240,
             cpus: int = 1, quota: float = 20.0) -> dict:
    """One CPU at ``quota`` percent: the attract loop, then a customer's game by the panel
    keys (the stick and button 1, pressed as a person would), the loop's own figures."""
    set_kiosk(image, free_play=True)
    frame_report(image, True)
    m = Machine(image, cpus=cpus, cpu_quota=quota).start()
    w = Watch(m)
    result = {"quota": quota, "cpus": cpus}
    try:
        w.until(("launcher",), 600, every=2.0)
        result["launcher_s"] = round(m.since_start(), 1)
        w.until(("attract",), 300, every=2.0)
        result["attract_s"] = round(m.since_start(), 1)
        time.sleep(attract_seconds)
        result["game_from_s"] = round(m.since_start(), 1)
        m.press("start")                         # the attract loop ends: the launcher
        time.sleep(3)
        m.press("start")                         # the chosen game (free play)
        time.sleep(5)
        t_end = time.monotonic() + game_seconds
        rng = random.Random(4)
        while time.monotonic() < t_end:
            m.press(rng.choice(("button1", "button1", "left", "right", "up", "down")))
            time.sleep(rng.uniform(0.8, 2.0))
        result["off_seconds"] = power_off(m, within=60)
    finally:
        m.cleanup()
    lines = [json.loads(line) for line in frame_report(image, False).splitlines() if line]
    result["reports"] = lines
    if lines:
        # the app's clock began a little before the launcher showed: the reports up to
        # the game's start (on the machine's clock, less the launcher's time) are the
        # attract loop's, the rest the game's
        split = result.get("game_from_s", 1e9) - result.get("launcher_s", 0)
        before = [r for r in lines if r["seconds"] <= split] or [dict.fromkeys(
            ("moving_frames", "late_frames", "computer_moves"), 0)]
        a, z = before[-1], lines[-1]
        for name, lo, hi in (("attract", None, a), ("game", a, z)):
            moving = hi["moving_frames"] - (lo["moving_frames"] if lo else 0)
            late = hi["late_frames"] - (lo["late_frames"] if lo else 0)
            result[name] = {"moving_frames": moving, "late_frames": late,
                            "late_share": round(late / moving, 4) if moving else None}
        n_game = z["computer_moves"] - a["computer_moves"]
        moves = z["computer_moves_s"]
        result["game"]["computer_moves_s"] = moves[len(moves) - n_game:] if n_game else []
        result["attract"]["computer_moves_s"] = a.get("computer_moves_s", [])
        result["worst_late_ms"] = z["worst_late_ms"]
    return result
