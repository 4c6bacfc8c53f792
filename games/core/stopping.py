"""Stop signals: SIGTERM, SIGINT and SIGHUP ask the program to stop, cleanly.

Installed first thing (main.py, before the data folder's lock and before pygame is
imported), so a signal that comes during start-up is kept, not lost: Python's own Ctrl+C
is an exception raised wherever the program happens to be, and start-up code that catches
and drops exceptions (a library's start may: where exactly was not pinned down) swallowed
one now and then, and the program played on. With this, a signal only records itself;
once the app exists it is told, and a signal that came before ends its loop before the
first frame.

Pure: no pygame (the core's ``run`` attaches the app)."""

from __future__ import annotations

import signal

STOP_SIGNALS = ("SIGTERM", "SIGINT", "SIGHUP")


class StopSignals:
    """The handlers of the stop signals while installed: the first signal stops the app
    attached (or the one attached later); a second one, while that stop runs, ends the
    process the default way. Nothing is changed outside the main thread (where Python
    takes no handlers)."""

    def __init__(self):
        self.signum: int | None = None          # the signal that asked for the stop
        self.app = None
        self._old: dict = {}

    def install(self) -> "StopSignals":
        for name in STOP_SIGNALS:
            sig = getattr(signal, name, None)
            if sig is None or sig in self._old:
                continue
            try:
                self._old[sig] = signal.signal(sig, self._stop)
            except (ValueError, OSError):       # not the main thread: the caller's stay
                break
        return self

    def _stop(self, signum, _frame) -> None:
        self.signum = signum
        for sig in self._old:                   # a second one is not asked twice
            signal.signal(sig, signal.SIG_DFL)
        self._tell()

    def attach(self, app) -> None:
        """The app the stop is for (a signal before it existed stops it at once)."""
        self.app = app
        self._tell()

    def _tell(self) -> None:
        app = self.app
        if app is not None and self.signum is not None:
            app.stopped_by = self.signum
            app.running = False

    @property
    def stopped(self) -> bool:
        return self.signum is not None

    def restore(self) -> None:
        """The handlers from before ``install``."""
        for sig, handler in self._old.items():
            try:
                signal.signal(sig, handler if handler is not None else signal.SIG_DFL)
            except (ValueError, OSError, TypeError):
                pass
        self._old.clear()
