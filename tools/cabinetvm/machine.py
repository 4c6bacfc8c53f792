"""The cabinet's machine: QEMU booting the image (KVM where /dev/kvm is there), its QMP
socket (screen dumps, panel keys, the power button), a CPU quota (a cgroup: cpu.max on
cgroup v2, cpu.cfs_quota_us on v1) and the power cut (kill -9).

The screen is read from QMP screen dumps and sorted into what a person would see:
``dark`` (nothing lit: the firmware's black, X before its first window), ``launcher``
(Tricade's launcher: its look's background with the highlighted row), ``attract`` (the
attract loop: its title card in the launcher's look with no highlighted row, or a demo in
a game's look after the launcher was seen), ``tricade`` (another of Tricade's screens)
and ``other`` (anything else: console text, a login prompt, a desktop).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from tools.cabinetvm import image as img

WIDTH, HEIGHT = 1920, 1080
LAUNCHER_BG = (12, 16, 40)          # games/ui/looks.py LAUNCHER_COLOURS[0]
HIGHLIGHT = (255, 184, 64)          # the launcher's chosen row (LAUNCHER_COLOURS[4])

# QMP key names of the panel (docs/cabinet.md, MAME's defaults)
PANEL = {"coin": "5", "coin2": "6", "start": "1", "start2": "2", "button1": "ctrl",
         "button2": "alt", "button3": "spc", "button4": "shift", "up": "up", "down": "down",
         "left": "left", "right": "right", "service": "9"}


def qemu_binary() -> str | None:
    return shutil.which("qemu-system-x86_64")


def kvm_why_not() -> str | None:
    """Why KVM cannot boot the image's kernel here (None: it can). A host whose /dev/kvm is
    PVM's (kvm_pvm: virtualization without the CPU's, for guests built for it) runs no
    stock Debian kernel: it stops before the kernel's first word."""
    if not os.access("/dev/kvm", os.R_OK | os.W_OK):
        return "no /dev/kvm"
    modules = Path("/sys/module")
    if (modules / "kvm_pvm").exists() and not any((modules / m).exists()
                                                   for m in ("kvm_intel", "kvm_amd")):
        return ("this /dev/kvm is PVM's (kvm_pvm), which boots only guest kernels built "
                "for it; Debian's kernel hangs before its first word")
    return None


def kvm_usable() -> bool:
    return kvm_why_not() is None


def needs() -> list:
    missing = []
    if not qemu_binary():
        missing.append("QEMU (apt-get install qemu-system-x86 qemu-utils)")
    if not shutil.which("debugfs"):
        missing.append("debugfs (apt-get install e2fsprogs)")
    return missing


# -- the kernel, from the image's /boot ---------------------------------------------------
def boot_files(image: Path, into: Path) -> tuple:
    """The newest vmlinuz-* and its initrd.img-* from the image's /boot (debugfs reads the
    filesystem without mounting it)."""
    # -c: read without the bitmaps, which a cut-off machine's filesystem may have left
    # to its journal (the next boot's mount replays it; debugfs would refuse the disk)
    listing = subprocess.run(["debugfs", "-c", "-R", "ls -p /boot", str(image)], check=True,
                             capture_output=True, text=True).stdout
    names = [line.split("/")[5] for line in listing.splitlines() if line.count("/") >= 6]
    kernels = sorted(n for n in names if n.startswith("vmlinuz-"))
    if not kernels:
        raise SystemExit(f"cabinetvm: {image} has no kernel in /boot")
    version = kernels[-1][len("vmlinuz-"):]
    out = []
    for name in (f"vmlinuz-{version}", f"initrd.img-{version}"):
        dest = into / name
        subprocess.run(["debugfs", "-c", "-R", f"dump /boot/{name} {dest}", str(image)],
                       check=True,
                       capture_output=True)
        if not dest.exists() or dest.stat().st_size == 0:
            raise SystemExit(f"cabinetvm: could not read /boot/{name} from {image}")
        out.append(dest)
    return tuple(out)


# -- the CPU quota -------------------------------------------------------------------------
class Quota:
    """A cgroup holding QEMU to ``percent`` of one core."""

    def __init__(self, percent: float | None):
        self.percent = percent
        self.path: Path | None = None
        self.v2 = False

    def make(self) -> None:
        if not self.percent:
            return
        name = f"tricade-vm-{os.getpid()}-{time.monotonic_ns()}"
        v2 = Path("/sys/fs/cgroup")
        if (v2 / "cgroup.controllers").exists():
            self.v2 = True
            self.path = v2 / name
            self.path.mkdir()
            (self.path / "cpu.max").write_text(f"{int(self.percent * 1000)} 100000\n")
        else:
            v1 = Path("/sys/fs/cgroup/cpu")
            if not (v1 / "cpu.cfs_quota_us").exists():
                raise SystemExit("cabinetvm: no cgroup cpu controller for --cpu-quota")
            self.path = v1 / name
            self.path.mkdir()
            (self.path / "cpu.cfs_period_us").write_text("100000\n")
            (self.path / "cpu.cfs_quota_us").write_text(f"{int(self.percent * 1000)}\n")

    def enter(self) -> None:
        """In the child before exec: this process (and every thread it makes) joins."""
        if self.path is not None:
            (self.path / "cgroup.procs").write_text(f"{os.getpid()}\n")

    def remove(self) -> None:
        if self.path is not None:
            for _ in range(50):
                try:
                    self.path.rmdir()
                    break
                except OSError:
                    time.sleep(0.1)
            self.path = None

    def used_seconds(self) -> float | None:
        if self.path is None:
            return None
        if self.v2:
            for line in (self.path / "cpu.stat").read_text().splitlines():
                if line.startswith("usage_usec"):
                    return int(line.split()[1]) / 1e6
        acct = Path("/sys/fs/cgroup/cpuacct") / self.path.name / "cpuacct.usage"
        return int(acct.read_text()) / 1e9 if acct.exists() else None


# -- QMP -----------------------------------------------------------------------------------
class QMP:
    def __init__(self, path: Path, timeout: float = 30.0):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.sock.connect(str(path))
                break
            except (FileNotFoundError, ConnectionRefusedError):
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        self.sock.settimeout(timeout)
        self.buf = b""
        self.events: list = []
        self._read()                                   # the greeting
        self.execute("qmp_capabilities")

    def _read(self) -> dict:
        while b"\n" not in self.buf:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("QMP closed")
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return json.loads(line)

    def execute(self, command: str, **arguments):
        msg = {"execute": command}
        if arguments:
            msg["arguments"] = arguments
        self.sock.sendall(json.dumps(msg).encode() + b"\n")
        while True:
            reply = self._read()
            if "event" in reply:
                self.events.append(reply)
                continue
            if "error" in reply:
                raise RuntimeError(f"QMP {command}: {reply['error']}")
            return reply.get("return")

    def close(self) -> None:
        try:
            self.sock.close()
        except OSError:
            pass


# -- the machine ---------------------------------------------------------------------------
class Machine:
    """One boot of the image. ``start()`` returns at once; ``wait()`` until QEMU ends."""

    def __init__(self, image: Path, qmp: Path | None = None, cpus: int = 1,
                 cpu_quota: float | None = None, memory: int = 1024,
                 serial: Path | None = None, kvm: bool | None = None):
        self.image = Path(image)
        self.work = Path(tempfile.mkdtemp(prefix="cabinetvm-"))
        self.qmp_path = Path(qmp) if qmp else self.work / "qmp.sock"
        self.cpus = cpus
        self.quota = Quota(cpu_quota)
        self.memory = memory
        self.serial = Path(serial) if serial else self.work / "serial.log"
        self.kvm = kvm_usable() if kvm is None else kvm
        self.proc: subprocess.Popen | None = None
        self.qmp: QMP | None = None
        self.started = 0.0

    def argv(self, kernel: Path, initrd: Path) -> list:
        accel = (["-accel", "kvm", "-cpu", "host"] if self.kvm
                 else ["-accel", "tcg,tb-size=256", "-cpu", "max"])
        return [qemu_binary(), "-name", "tricade-cabinet", "-machine", "q35", *accel,
                "-smp", str(self.cpus), "-m", str(self.memory),
                "-drive", f"file={self.image},format=raw,if=virtio,cache=writeback",
                "-kernel", str(kernel), "-initrd", str(initrd), "-append", img.BOOT_CMDLINE,
                # a display with no VGA text mode and no option ROM: the firmware writes
                # nothing on it (with its ROM, SeaBIOS showed its version line for a
                # moment), so the screen is dark until X shows a picture
                "-vga", "none", "-device",
                f"bochs-display,edid=on,xres={WIDTH},yres={HEIGHT},vgamem=33554432,"
                "romfile=",
                "-display", "none", "-nic", "none", "-rtc", "base=utc",
                "-serial", f"file:{self.serial}",
                "-qmp", f"unix:{self.qmp_path},server=on,wait=off"]

    def start(self) -> "Machine":
        if self.qmp_path.exists():
            self.qmp_path.unlink()
        kernel, initrd = boot_files(self.image, self.work)
        self.quota.make()
        self.started = time.monotonic()
        self.proc = subprocess.Popen(self.argv(kernel, initrd), preexec_fn=self.quota.enter,
                                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=open(self.work / "qemu.err", "w"))
        self.qmp = QMP(self.qmp_path)
        return self

    def since_start(self) -> float:
        return time.monotonic() - self.started

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    # the panel and the power
    def press(self, key: str, hold_ms: int = 100) -> None:
        self.qmp.execute("send-key", keys=[{"type": "qcode", "data": PANEL.get(key, key)}],
                         **{"hold-time": hold_ms})

    def screen(self) -> "Screen":
        path = self.work / "screen.ppm"
        self.qmp.execute("screendump", filename=str(path))
        return Screen.load(path)

    def power_cut(self) -> None:
        """kill -9: the machine stops where it is, as at the wall."""
        if self.alive():
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()
        self.finish()

    def power_button(self) -> None:
        self.qmp.execute("system_powerdown")

    def wait(self, timeout: float | None = None) -> int | None:
        try:
            code = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            return None
        self.finish()
        return code

    def finish(self) -> None:
        if self.qmp:
            self.qmp.close()
            self.qmp = None
        self.cpu_seconds = self.quota.used_seconds()
        self.quota.remove()

    def cleanup(self) -> None:
        if self.alive():
            self.power_cut()
        self.finish()
        shutil.rmtree(self.work, ignore_errors=True)

    def serial_text(self) -> str:
        try:
            return self.serial.read_text(errors="replace")
        except OSError:
            return ""


# -- the screen ----------------------------------------------------------------------------
class Screen:
    """A screen dump and what it shows."""

    def __init__(self, surface):
        self.surface = surface
        self.size = surface.get_size()

    @classmethod
    def load(cls, path: Path) -> "Screen":
        import pygame
        return cls(pygame.image.load(str(path)))

    def count(self, colour, tolerance: int = 0, rect=None) -> int:
        import pygame
        surf = self.surface if rect is None else self.surface.subsurface(rect)
        return pygame.transform.threshold(None, surf, colour, (tolerance,) * 3 + (255,),
                                          None, 0)

    def share(self, colour, tolerance: int = 0) -> float:
        w, h = self.size
        return self.count(colour, tolerance) / float(w * h)

    def dark(self) -> bool:
        """Nothing lit: every pixel near black (one lit character of text is not dark)."""
        w, h = self.size
        return self.count((0, 0, 0), 24) >= w * h - 4

    def highlight_row(self) -> bool:
        """The launcher's chosen row: a band of rows at least 40% of the screen wide in its
        highlight colour."""
        w, h = self.size
        for y in range(0, h, 4):
            if self.count(HIGHLIGHT, 2, (0, y, w, 1)) >= 0.4 * w:
                return True
        return False

    def placeholder(self) -> bool:
        """QEMU's own picture before the machine set any mode ("Guest has not initialized
        the display (yet).", 640x480, a line of grey on black): the machine has shown
        nothing yet, as a real screen is dark then."""
        w, h = self.size
        return (w, h) == (640, 480) and self.count((0, 0, 0), 24) >= 0.99 * w * h

    def kind(self, launcher_seen: bool = False) -> str:
        if self.dark() or self.placeholder():
            return "dark"
        if self.share(LAUNCHER_BG, 2) >= 0.3:
            return "launcher" if self.highlight_row() else "attract"
        return "attract" if launcher_seen else "other"

    def difference(self, other: "Screen") -> float:
        """The share of pixels that differ between two dumps of the same size."""
        import pygame
        if self.size != other.size:
            return 1.0
        w, h = self.size
        same = pygame.transform.threshold(None, self.surface, None, (8, 8, 8, 255), None, 0,
                                          other.surface)
        return 1.0 - same / float(w * h)
