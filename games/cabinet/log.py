"""The cabinet's log, ``cabinet.log`` in the data dir: a regular file of at most LOG_BYTES
(then it is renamed ``cabinet.log.1``, the older one ``.2``; three files at most).

Nothing here may stop the cabinet: every open is O_NONBLOCK and anything that is not a
regular file (a FIFO, a device such as /dev/zero behind a link, a folder) is refused, so
neither writing nor the operator's log viewer can wait forever or read without end. A
write that fails is said once (one sentence through ``on_fail``), never as a traceback,
and said again only after a write succeeded in between.

Every line reaches the disk before ``append`` returns (its data synced; a new file's name
and a rotation synced in the folder): the lines are few (a coin, a start, an error, the
cabinet started and stopped), and a power cut otherwise left the last of them as a run
of zero bytes. What a cut left anyway (zero bytes, a line cut short) the reader skips,
and the next line starts on a line of its own.
"""

from __future__ import annotations

import logging
import os
import re
import stat
from pathlib import Path

from games.core.store import sync_folder   # a new name, a rename: made durable

LOG_NAME = "cabinet.log"
LOG_BYTES = 256 * 1024
LOG_BACKUPS = 2
READ_BYTES = 64 * 1024              # the viewer reads at most the last 64 KiB

_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_EXTRA = getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)


class NotRegular(OSError):
    """The log's name is taken by something that is not a regular file."""


def _open_regular(path, flags: int, mode: int = 0o644) -> int:
    fd = os.open(path, flags | _NONBLOCK | _EXTRA, mode)
    try:
        st = os.fstat(fd)
    except OSError:
        os.close(fd)
        raise
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        raise NotRegular(f"{Path(path).name} is not a regular file")
    return fd


def _rotate(path: Path) -> None:
    """cabinet.log -> .1 -> .2 (only regular files are moved; the oldest goes)."""
    for i in range(LOG_BACKUPS, 0, -1):
        older = path.with_name(f"{path.name}.{i}")
        newer = path if i == 1 else path.with_name(f"{path.name}.{i - 1}")
        try:
            if stat.S_ISREG(os.lstat(newer).st_mode):
                os.replace(newer, older)
        except OSError:
            pass


def _sync(fd: int) -> None:
    (getattr(os, "fdatasync", None) or os.fsync)(fd)


def append(path, data: bytes) -> None:
    """Append ``data`` to the log at ``path`` (rotated first when it would pass LOG_BYTES),
    synced before it returns; after what a power cut left (a last line cut short, zero
    bytes) it starts on a new line. Raises OSError (NotRegular for a FIFO, device or
    folder in its place)."""
    path = Path(path)
    flags = os.O_RDWR | os.O_APPEND | os.O_CREAT
    new = not os.path.lexists(path)
    fd = _open_regular(path, flags)
    try:
        size = os.fstat(fd).st_size
        if size + len(data) > LOG_BYTES:
            os.close(fd)
            fd = -1
            _rotate(path)
            fd = _open_regular(path, flags)
            new, size = True, os.fstat(fd).st_size
        if size:                       # (O_APPEND writes at the end wherever it reads)
            os.lseek(fd, size - 1, os.SEEK_SET)
            if os.read(fd, 1) != b"\n":
                data = b"\n" + data
        view = memoryview(data[-LOG_BYTES:])
        while view:
            n = os.write(fd, view)
            if n <= 0:
                raise OSError("the log took nothing")
            view = view[n:]
        _sync(fd)
    finally:
        if fd >= 0:
            os.close(fd)
    if new:
        sync_folder(path.parent)


_LOST = re.compile(r"(?:^|(?<=\n))\x00+\n?")     # whole lines lost: zero bytes from a line's start
_CUT = re.compile(r"\x00+\n?")                   # a line cut short by zero bytes


def read_tail(path, limit: int = READ_BYTES) -> str:
    """The last ``limit`` bytes of the log as text; raises OSError (NotRegular too)."""
    fd = _open_regular(Path(path), os.O_RDONLY)
    try:
        size = os.fstat(fd).st_size
        start = max(0, size - limit)
        os.lseek(fd, start, os.SEEK_SET)
        chunks, got = [], 0
        while got < limit:
            chunk = os.read(fd, min(16384, limit - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
    finally:
        os.close(fd)
    text = b"".join(chunks).decode("utf-8", errors="replace")
    if start > 0:                      # the first line was cut: drop it
        text = text.partition("\n")[2]
    if "\x00" in text:                 # a power cut's zero bytes: skipped
        text = _CUT.sub(" (cut off)\n", _LOST.sub("", text))
    return text


def reason(exc: BaseException) -> str:
    if isinstance(exc, NotRegular):
        return str(exc)
    return getattr(exc, "strerror", None) or str(exc) or type(exc).__name__


class CabinetLogHandler(logging.Handler):
    """A logging handler that appends to the cabinet's log and never blocks or raises."""

    def __init__(self, path, on_fail=None):
        super().__init__(logging.DEBUG)
        self.path = Path(path)
        self.on_fail = on_fail
        self.failing: str | None = None     # why writing fails now (said once)

    def emit(self, record) -> None:
        try:
            data = (self.format(record) + "\n").encode("utf-8", errors="replace")
            append(self.path, data)
        except Exception as exc:          # noqa: BLE001 - a log must never stop the cabinet
            why = reason(exc)
            if self.failing is None:
                self.failing = why
                if self.on_fail is not None:
                    try:
                        self.on_fail(f"The cabinet's log {self.path.name} cannot be written "
                                     f"({why}); play goes on.")
                    except Exception:     # noqa: BLE001
                        pass
            return
        self.failing = None

    def handleError(self, record) -> None:   # never a traceback on stderr
        pass


def make_log(directory, on_fail=None) -> logging.Logger:
    """The cabinet's logger for the data dir ``directory``."""
    log = logging.getLogger(f"tricade.cabinet.{id(directory)}")
    log.propagate = False
    log.setLevel(logging.INFO)
    for h in list(log.handlers):
        log.removeHandler(h)
        h.close()
    handler = CabinetLogHandler(Path(directory) / LOG_NAME, on_fail)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    log.addHandler(handler)
    return log
