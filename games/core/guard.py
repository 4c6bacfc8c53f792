"""At home, an exception inside a scene never ends the program (no pygame, no scene).

In cabinet mode the cabinet's supervisor takes a scene's exceptions (games.cabinet:
``cabinet.log``, back to the launcher). Everywhere else ``App.step`` hands them to the
app's ``Guard``, which does what a player of a good desktop game expects of a fault:

- the whole traceback is added to ``errors.log`` in the data folder (``append_log``: the
  newest ``LOG_BYTES`` are kept, whole entries, the oldest dropped; the file is written
  whole, beside itself and renamed into place, by games.core.files, so a cut never leaves
  half a log and a folder or a FIFO in its place is refused, not written into);
- the scene that raised is closed with every scene above it (its questions and menus),
  each by its ``close()``, as when a player leaves it, so a game in progress is saved as
  it stands and its title page offers to resume it; the scene under it comes back, and
  when none is left the root (the launcher, or the game named on the command line) is
  made again by the function ``run()`` was given;
- one sentence over the picture (a toast, longer than a usual notice) and on standard
  error says that something went wrong, that the screen was closed, that a game in
  progress is kept, and where the details are: the log's path;
- a run of faults is no way to play: a fault more than ``ERROR_LIMIT`` within
  ``ERROR_WINDOW`` seconds, or the root failing again in the very frame it was made,
  ends the program cleanly (every scene closed, every save written) with one sentence on
  standard error naming the log, and exit status 1; never a loop of errors, never a
  traceback on the console.

Choices: the scene that raised is the one the loop was calling into (``App._calling``:
its handle, update, draw, wake_in or close question), else the top one; a fault in the
scene under a question closes the question too, since it belongs to that scene. The
log is written at once on the loop's thread, not by the store's writer: a fault is rare,
and its details must be on the disk even if the program ends a moment later. The sentence
is printed each time (a notice is said only once), since each fault closed a screen.
Only ``Exception`` is taken: KeyboardInterrupt and SystemExit end the program as before.
``caught`` keeps the last few tracebacks of this run (the tests read it).
"""

from __future__ import annotations

import datetime
import sys
import traceback
from pathlib import Path

from . import files

LOG_NAME = "errors.log"
LOG_BYTES = 256 * 1024          # the newest part kept
ERROR_LIMIT = 3                 # more faults than this within ERROR_WINDOW end the program
ERROR_WINDOW = 20.0             # seconds (the app's clock)
TOAST_SECONDS = 12.0            # the sentence stays long enough to read its path
ENTRY_MARK = b"==== "           # each entry's first line: "==== <time> in <scene>"
KEEP_CAUGHT = 20


def describe_error(exc: BaseException) -> str:
    """The whole traceback of ``exc``, as Python prints it."""
    return "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))


def append_log(path, text: str, limit: int = LOG_BYTES) -> None:
    """Add ``text`` as one entry at the end of the log ``path``: what was there and the
    entry are written whole (games.core.files.write_whole); past ``limit`` bytes the
    oldest entries go (an entry longer than ``limit`` keeps its end). OSError (NotAFile
    too) when it cannot be read or written."""
    stamp = datetime.datetime.now().isoformat(sep=" ", timespec="seconds")
    entry = ENTRY_MARK + stamp.encode() + b" " + text.encode("utf-8", "replace")
    if not entry.endswith(b"\n"):
        entry += b"\n"
    try:
        old = files.read_bytes(path, 4 * limit)
    except FileNotFoundError:
        old = b""
    if old and not old.endswith(b"\n"):
        old += b"\n"
    data = old + entry
    if len(data) > limit:
        data = data[-limit:]
        start = data.find(b"\n" + ENTRY_MARK)          # from the first whole entry on
        data = data[start + 1:] if start >= 0 else data
    files.write_whole(path, data)


def close_down_to(app, keep: int, failed) -> bool:
    """After a fault, every mode: pop and close the scenes above the first ``keep`` of the
    stack, from the top down, as a player leaving them would (a game saves itself); a close
    that raises goes to ``failed(scene, exc)`` and the next is closed all the same; the
    keys held are let go. True when every close went cleanly. (The cabinet's supervisor
    closes to its launcher with it.)"""
    clean = True
    while len(app.stack) > keep:
        scene = app.stack.pop()
        try:
            scene.close()
        except Exception as exc:         # noqa: BLE001 - said to ``failed``; the next one
            clean = False                # is closed all the same
            failed(scene, exc)
    app.input.release_all()
    return clean


class Guard:
    """The app's fault handler at home (``App.step`` calls ``error``)."""

    def __init__(self, app):
        self.app = app
        self.times: list[float] = []       # when the faults within the window came
        self.caught: list[str] = []        # their tracebacks (the last KEEP_CAUGHT)
        self.remade_at: int | None = None  # the frame the root was made again in
        self.gave_up = False

    @property
    def path(self) -> Path:
        return Path(self.app.store.dir) / LOG_NAME

    def keep(self, exc: Exception) -> str:
        """``exc``'s traceback, kept among the last few of this run."""
        text = describe_error(exc)
        self.caught = (self.caught + [text])[-KEEP_CAUGHT:]
        return text

    def log(self, text: str) -> str | None:
        """Write one entry; None, or why it could not be written (a sentence's end)."""
        try:
            append_log(self.path, text)
        except files.NotAFile as exc:
            return f"{self.path} {exc}"
        except OSError as exc:
            return getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
        return None

    def error(self, exc: Exception, scene=None) -> bool:
        """A fault inside ``scene`` (None: the top scene). True: the program goes on;
        False: it ends (said, every scene closed, exit status 1)."""
        app = self.app
        now = app.now()
        text = self.keep(exc)
        self.times = [t for t in self.times if now - t < ERROR_WINDOW] + [now]
        if scene is None or scene not in app.stack:
            scene = app.top
        where = type(scene).__name__ if scene is not None else "no scene"
        unwritten = self.log(f"in {where}:\n{text}")
        again = self.remade_at is not None and self.remade_at == app.frame
        if len(self.times) > ERROR_LIMIT or again or scene is None:
            return self.give_up("again at once" if again else "too often", unwritten)
        kept = self.close_from(scene)
        if not app.stack:
            if not self.remake_root():
                return False
        self.tell(kept, unwritten)
        app.dirty = True
        return True

    def close_from(self, scene) -> bool:
        """Close ``scene`` and every scene above it, from the top down, and bring back the
        one under it. False when a close raised too (then what it was to save may not be
        saved: logged, and said)."""
        app = self.app
        clean = close_down_to(app, app.stack.index(scene), self.close_failed)
        under = app.top
        if under is not None:
            app._activate(under)
            try:
                under.resume()
            except Exception as exc:     # noqa: BLE001 - that one is closed too
                self.log(f"in {type(under).__name__} (resumed):\n{self.keep(exc)}")
                return self.close_from(under) and clean
        return clean

    def close_failed(self, scene, exc: Exception) -> None:
        self.log(f"closing {type(scene).__name__}:\n{self.keep(exc)}")

    def remake_root(self) -> bool:
        """The stack is empty: the root made again (False: it failed, the program ends)."""
        app = self.app
        root = getattr(app, "root", None)
        if root is None:
            return self.give_up("with nothing left to show", None)
        self.remade_at = app.frame
        try:
            root(app)
        except Exception as exc:         # noqa: BLE001 - logged, and the program ends
            unwritten = self.log(f"making the first screen again:\n{self.keep(exc)}")
            return self.give_up("again at once", unwritten)
        if not app.stack:
            return self.give_up("with nothing left to show", None)
        return True

    def failed_at_start(self, exc: Exception) -> None:
        """The first screen could not be made (``run()``'s root raised): logged, and the
        program ends as after a run of faults."""
        text = self.keep(exc)
        self.give_up("at start", self.log(f"making the first screen:\n{text}"))

    def tell(self, kept: bool, unwritten: str | None) -> None:
        where = (f"The details are in {self.path}." if unwritten is None else
                 f"The details could not be written ({unwritten}).")
        game = ("a game in progress is kept" if kept else
                "a game in progress may not have been kept")
        sentence = f"Sorry, something went wrong and that screen was closed; {game}. {where}"
        print(sentence, file=sys.stderr)
        self.app.toast(sentence, TOAST_SECONDS)

    def give_up(self, how: str, unwritten: str | None) -> bool:
        """End the program: every scene closed (their saves written), one sentence on
        standard error, exit status 1."""
        app = self.app
        self.gave_up = True
        close_down_to(app, 0, self.close_failed)
        where = (f"the details are in {self.path}" if unwritten is None else
                 f"the details could not be written ({unwritten})")
        print(f"Tricade stopped: something went wrong {how}; {where}.", file=sys.stderr)
        app.quit(1)
        return False
