"""systemd's service notifications (sd_notify(3)), in pure Python: READY=1 once the first
frame is shown, WATCHDOG=1 from the main loop while it runs.

The cabinet's unit (Type=notify, WatchdogSec=) and its autostart wrapper
(cabinet/respawn.py) hand the program a datagram socket in $NOTIFY_SOCKET and the
watchdog's time in $WATCHDOG_USEC; a loop that stops feeding it (a hang) is killed and
started again. Without $NOTIFY_SOCKET (a player's desktop, the tests) nothing is sent and a
feed costs one comparison.
"""

from __future__ import annotations

import os
import socket
import time

FEED_EVERY = 5.0          # seconds: the most often WATCHDOG=1 is sent (a third of the
                          # watchdog's time when that is shorter)


def _address(env) -> str | None:
    addr = env.get("NOTIFY_SOCKET") or None
    if addr and addr.startswith("@"):          # an abstract socket
        addr = "\0" + addr[1:]
    return addr


def watchdog_seconds(env=None) -> float | None:
    """The watchdog's time this process must feed within, or None (no watchdog, or one
    meant for another process: $WATCHDOG_PID names it)."""
    env = os.environ if env is None else env
    try:
        usec = int(env.get("WATCHDOG_USEC", ""))
    except ValueError:
        return None
    pid = env.get("WATCHDOG_PID")
    if usec <= 0 or (pid and pid != str(os.getpid())):
        return None
    return usec / 1e6


class Notifier:
    """``ready()`` once, ``feed()`` every frame (it sends at most every ``every`` seconds)."""

    def __init__(self, env=None, clock=time.monotonic):
        env = os.environ if env is None else env
        self.address = _address(env)
        self.clock = clock
        self._sock = None
        limit = watchdog_seconds(env) if self.address else None
        self.every = None if limit is None else min(FEED_EVERY, limit / 3)
        self._next = 0.0

    @property
    def active(self) -> bool:
        return self.address is not None

    def send(self, message: str) -> bool:
        """One datagram; False (never an exception) when it could not be sent."""
        if self.address is None:
            return False
        try:
            if self._sock is None:
                self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
                self._sock.setblocking(False)
            self._sock.sendto(message.encode(), self.address)
            return True
        except OSError:
            return False

    def ready(self) -> None:
        if self.send("READY=1\nSTATUS=running") and self.every is not None:
            self._next = self.clock() + self.every

    def feed(self) -> None:
        """The main loop is alive: WATCHDOG=1, if one is due."""
        if self.every is None:
            return
        now = self.clock()
        if now >= self._next:
            self._next = now + self.every
            self.send("WATCHDOG=1")

    def due_in(self) -> float | None:
        """Seconds until the next feed is due (the loop sleeps no longer), or None."""
        if self.every is None:
            return None
        return max(0.0, self._next - self.clock())

    def stopping(self) -> None:
        self.send("STOPPING=1")

    def close(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None
