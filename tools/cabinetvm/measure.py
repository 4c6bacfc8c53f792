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
    subprocess.run(["mount", "-o", ("rw" if writable else "ro") + ",loop", str(image),
                    str(where)], check=True)
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
    """The operator's settings (what the operator menu writes to settings.json)."""
    with mounted(image, writable=True) as root:
        path = root / DATA.lstrip("/") / "settings.json"
        data = json.loads(path.read_text()) if path.exists() else {}
        data.setdefault("kiosk", {}).update(kiosk)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(data, indent=1))
        stat = path.parent.stat()
        import os
        os.chown(tmp, stat.st_uid, stat.st_gid)
        tmp.rename(path)


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
        screen = self.m.screen()
        t = self.m.since_start()
        kind = screen.kind(self.launcher_seen)
        self.launcher_seen = self.launcher_seen or kind == "launcher"
        self.first.setdefault(kind, t)
        if not self.seen or self.seen[-1][1] != kind:
            self.seen.append((round(t, 1), kind))
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
                    timeout: float = 240.0, every: float = 0.5) -> dict:
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
def start_to_launcher(image: Path, timeout: float = 240.0, **kw) -> tuple:
    m = Machine(image, **kw).start()
    w = Watch(m)
    if w.until(("launcher",), timeout) != "launcher":
        serial = m.serial_text()
        m.cleanup()
        raise AssertionError(f"no launcher within {timeout:.0f} s; saw {w.seen}; "
                             f"serial: {serial[-1500:]}")
    time.sleep(1.0)                        # a few frames on it
    return m, w


def power_off(m: Machine, within: float = 10.0) -> float | None:
    """The power button; the seconds until the machine is off (None: not within)."""
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
            time.sleep(1.0)
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


def play_a_move(m: Machine) -> None:
    """A person's move in the launcher's first game (Tripppin): the stick and button 1."""
    for key in ("button1", "down", "button1", "right", "button1"):
        m.press(key)
        time.sleep(0.4)


CLEAN_END = "cabinet stopped"        # the cabinet log's last line after a clean end


def cabinet_log(image: Path) -> str:
    with mounted(image) as root:
        path = root / DATA.lstrip("/") / "cabinet.log"
        return path.read_text(errors="replace") if path.exists() else ""
