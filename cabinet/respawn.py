"""Keep Tricade's cabinet running from a desktop session's autostart, as its systemd unit
does (cabinet/install.sh --autostart writes the lines that start this; docs/cabinet.md).

    python cabinet/respawn.py [--watchdog 30] [--delay 2] -- PYTHON MAIN.PY --kiosk

- Starts the command again after any end but the operator's "Exit to the desktop" (status
  64): a crash, a kill, a lost display, a start before the display is up (status 1), two
  seconds later.
- A watchdog: the command gets a datagram socket in $NOTIFY_SOCKET and the watchdog's time
  in $WATCHDOG_USEC, as systemd gives them (Tricade's main loop sends READY=1 and then
  WATCHDOG=1: games/core/notify.py). When none comes for --watchdog seconds (or no
  READY=1 for --start-timeout), the command hung: it is sent SIGABRT (Python writes its
  stack to stderr), SIGKILL five seconds later, and started again.
- One at a time for a user (a lock in $XDG_RUNTIME_DIR): a second one (the openbox
  autostart and the XDG autostart both ran it) leaves at once, status 0.
- Ends when its X display has been gone for --display-grace seconds (the session is over:
  the next session's autostart starts a new one), and on SIGTERM, SIGINT or SIGHUP, which
  it passes on to the command first.

Standard library only; it runs under the venv's Python but imports nothing of Tricade.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

EXIT_TO_DESKTOP = 64          # games.cabinet.EXIT_TO_DESKTOP: the operator's exit


def say(text: str) -> None:
    print(f"tricade-respawn: {text}", file=sys.stderr, flush=True)


def x_socket(display: str | None) -> str | None:
    """The local X server's socket for $DISPLAY (":0", ":0.0", "unix:0"), or None when
    the display is not a local X one (then it is never thought gone)."""
    if not display:
        return None
    host, _, rest = display.rpartition(":")
    if host not in ("", "unix"):
        return None
    number = rest.split(".")[0]
    return f"/tmp/.X11-unix/X{number}" if number.isdigit() else None


def take_lock(path: str):
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return None
    return fd


class Respawn:
    def __init__(self, command, watchdog=30.0, start_timeout=90.0, delay=2.0,
                 display_grace=30.0):
        self.command = command
        self.watchdog = watchdog
        self.start_timeout = start_timeout
        self.delay = delay
        self.display_grace = display_grace
        self.stop_signal = None
        self.child = None
        self.x = x_socket(os.environ.get("DISPLAY"))
        self.gone_since = None

    def on_signal(self, sig, _frame) -> None:
        self.stop_signal = sig
        if self.child is not None and self.child.poll() is None:
            try:
                self.child.send_signal(sig)
            except OSError:
                pass

    def run(self) -> int:
        runtime = os.environ.get("XDG_RUNTIME_DIR")
        if not runtime or not os.path.isdir(runtime):
            runtime = tempfile.gettempdir()
        lock = take_lock(os.path.join(runtime, f"tricade-respawn-{os.getuid()}.lock"))
        if lock is None:
            say("another one is already running for this user; leaving it to that one.")
            return 0
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(sig, self.on_signal)
        folder = tempfile.mkdtemp(prefix="tricade-notify-", dir=runtime)
        path = os.path.join(folder, "notify")
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        try:
            sock.bind(path)
            return self.loop(sock, path)
        finally:
            sock.close()
            shutil.rmtree(folder, ignore_errors=True)

    def loop(self, sock, path) -> int:
        while self.stop_signal is None:
            status = self.once(sock, path)
            if self.stop_signal is not None:
                say(f"stopped by signal {self.stop_signal}.")
                return 0
            if status == EXIT_TO_DESKTOP:
                say("the operator left to the desktop: not started again.")
                return 0
            if self.display_gone():
                say(f"the display {os.environ.get('DISPLAY')} is gone: the session is over.")
                return 0
            say(f"Tricade ended ({describe(status)}): starting it again in {self.delay:g} s.")
            end = time.monotonic() + self.delay
            while self.stop_signal is None and time.monotonic() < end:
                time.sleep(min(0.1, max(0.0, end - time.monotonic())))
        return 0

    def display_gone(self) -> bool:
        """The X display's socket has been missing for display_grace seconds (looked at
        between starts; a start that fails for want of it counts the time)."""
        if self.x is None or os.path.exists(self.x):
            self.gone_since = None
            return False
        now = time.monotonic()
        if self.gone_since is None:
            self.gone_since = now
        return now - self.gone_since >= self.display_grace

    def once(self, sock, path):
        """Run the command once; its exit status, or "watchdog" when it was killed hung."""
        env = dict(os.environ, NOTIFY_SOCKET=path, WATCHDOG_USEC=str(int(self.watchdog * 1e6)))
        env.pop("WATCHDOG_PID", None)
        while True:                                  # messages of a run before this one
            try:
                sock.recv(4096, socket.MSG_DONTWAIT)
            except OSError:
                break
        try:
            self.child = child = subprocess.Popen(self.command, env=env)
        except OSError as exc:
            say(f"cannot start {self.command[0]}: {exc.strerror or exc}")
            return 127
        ready, last, stopped_at = False, time.monotonic(), None
        while True:
            status = child.poll()
            if status is not None:
                return status
            if self.stop_signal is not None:     # passed on: ten seconds to end, then killed
                stopped_at = stopped_at or time.monotonic()
                if time.monotonic() - stopped_at > 10:
                    child.kill()
            try:
                readable, _, _ = select.select([sock], [], [], 0.5)
            except InterruptedError:
                readable = []
            if readable:
                try:
                    data = sock.recv(4096, socket.MSG_DONTWAIT).decode(errors="replace")
                except OSError:
                    data = ""
                lines = data.split("\n")
                if "READY=1" in lines:
                    ready, last = True, time.monotonic()
                if "WATCHDOG=1" in lines:
                    last = time.monotonic()
            limit = self.watchdog if ready else self.start_timeout
            if self.stop_signal is None and time.monotonic() - last > limit:
                what = "fed no watchdog" if ready else "said no READY=1"
                say(f"Tricade {what} for {limit:g} s: it hangs; killing it.")
                self.kill(child)
                return "watchdog"

    @staticmethod
    def kill(child) -> None:
        try:
            child.send_signal(signal.SIGABRT)
            child.wait(5)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
        except OSError:
            pass


def describe(status) -> str:
    if status == "watchdog":
        return "killed by the watchdog"
    if isinstance(status, int) and status < 0:
        return f"signal {-status}"
    return f"status {status}"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python cabinet/respawn.py",
                                description=__doc__.split("\n\n")[0])
    p.add_argument("--watchdog", type=float, default=30.0,
                   help="seconds without WATCHDOG=1 before the command is thought hung")
    p.add_argument("--start-timeout", type=float, default=90.0,
                   help="seconds to wait for READY=1 after a start")
    p.add_argument("--delay", type=float, default=2.0, help="seconds between runs")
    p.add_argument("--display-grace", type=float, default=30.0,
                   help="seconds the X display may be gone before this ends")
    p.add_argument("command", nargs=argparse.REMAINDER)
    a = p.parse_args(argv)
    command = a.command[1:] if a.command[:1] == ["--"] else a.command
    if not command:
        p.error("no command (python cabinet/respawn.py -- PYTHON main.py --kiosk)")
    return Respawn(command, a.watchdog, a.start_timeout, a.delay, a.display_grace).run()


if __name__ == "__main__":
    sys.exit(main())
