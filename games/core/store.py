"""Settings, saves and score tables as versioned JSON files under the user's data directory.

Every file is written whole to a temp file in the same directory, flushed and renamed into
place, so a crash mid-write leaves the old file intact. With ``background=True`` (the app's
store) the writing, its fsync and its rename happen on a writer thread, so a slow disk never
holds a frame: ``save`` turns the data into JSON at once (a snapshot), queues it and returns;
a second save of the same file before the first is written replaces it (only the newest is
written); removals queue in the same order; ``load`` and ``exists`` of a file with a write
pending wait for it; ``flush()`` waits for everything and ``close()`` (the app's shutdown,
after the supervisor's signals too) writes what is left. A failed write is told in the same
sentence as before, through ``notices`` (the main loop shows them); ``save`` then returns
False for that file until a write of it succeeds again. A file that cannot be read (garbage,
truncated, wrong kind, newer version, failed validation) is moved aside as ``<name>.bad``,
the user is told in one sentence, and the caller gets its defaults.

No pygame here: the store is used by the arena and tests as well as by the scenes.
"""

from __future__ import annotations

import errno
import inspect
import json
import os
import re
import stat
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any, Callable

from . import files
from .schema import Bool, Choice, Int, ListOf, Str, StoreError, Table

try:
    import fcntl
except ImportError:          # Windows: no advisory locks, the clean-up then takes every temp
    fcntl = None

FORMAT = "tricade"
_NAME = re.compile(r"^[a-z0-9_-]+(/[a-z0-9_-]+)*$")
# what save's temp files are called: ".NAME.json.<8 random characters>.tmp"
_TEMP = re.compile(r"^\.[a-z0-9_-]+\.json\.[A-Za-z0-9_]{6,12}\.tmp$")
_CHECK_PREFIX = ".tricade-check."
# the temp files of the other files kept in the data folder: the start-up check's, and the
# cabinet's PIN (games/cabinet/operator.py, written beside the settings)
_OTHER_TEMP = re.compile(r"^\.(tricade-check|cabinet-pin)\.[A-Za-z0-9_]{6,12}\.tmp$")

KIB, MIB = 1024, 1024 * 1024
# the largest file of each kind that is read (by the first part of the name); larger ones
# are damaged files. Saves are move lists: a long game is tens of KiB.
MAX_BYTES = {"settings": 256 * KIB, "saves": 2 * MIB, "scores": 1 * MIB}
MAX_BYTES_OTHER = 1 * MIB
MAX_BAD = 100        # NAME.json.bad, .bad2 ... .bad100


def default_data_dir() -> Path:
    """XDG on Linux (and other Unixes), the usual places elsewhere. A relative
    XDG_DATA_HOME is ignored, as the XDG Base Directory spec says (it would move with the
    working directory)."""
    if sys.platform == "win32":
        base = os.environ.get("APPDATA") or str(Path.home() / "AppData" / "Roaming")
        return Path(base) / "Tricade"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "Tricade"
    base = os.environ.get("XDG_DATA_HOME", "")
    if not os.path.isabs(base):
        base = str(Path.home() / ".local" / "share")
    return Path(base) / "tricade"


LOCK_NAME = "tricade.lock"


class AlreadyRunning(Exception):
    """Another live Tricade holds the data folder."""


class LockRefused(Exception):
    """The lock file's path holds what is not a regular file (a folder, a symbolic link, a
    FIFO ...): the one sentence to say at start."""


def lock_data_dir(data_dir: str | os.PathLike | None = None):
    """Hold the data folder for this process's lifetime, so two Tricades never write the
    same scores and saves (one's writes would undo the other's). Returns the open lock
    file descriptor, which the caller keeps open (closing it, or the process ending in any
    way, kill included, releases it: a stale lock never blocks), or None when no lock can
    be had (no fcntl on this platform, a folder that cannot be written, a file system
    without locks): then play goes on unguarded, as before. Raises AlreadyRunning when
    another process holds it, and LockRefused when the lock's path holds what is not a
    regular file: a folder, a FIFO or a symbolic link there once let a second Tricade run
    on the same folder (a link is not followed: the lock file is truncated once held)."""
    if fcntl is None:
        return None
    d = Path(data_dir) if data_dir else default_data_dir()
    path = d / LOCK_NAME

    def refused(exc):
        return LockRefused(f"Tricade cannot lock the data folder {d}: {path} {exc}; remove "
                           f"it and start again.")
    try:
        d.mkdir(parents=True, exist_ok=True)
        files.to_write(path, follow=False)
        fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
                     | getattr(os, "O_NONBLOCK", 0), 0o644)
    except files.NotAFile as exc:
        raise refused(exc) from None
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.EISDIR) or os.path.islink(path):
            raise refused(files.NotAFile("is not a regular file")) from None
        return None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):       # swapped in since the check
            os.close(fd)
            raise refused(files.NotAFile(f"is {files.what_is(mode)}, not a regular file"))
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        os.close(fd)
        if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
            raise AlreadyRunning(str(d)) from None
        return None
    try:                       # who holds it, for a person who looks (never read back)
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
    except OSError:
        pass
    return fd


def max_bytes(name: str) -> int:
    return MAX_BYTES.get(name.split("/", 1)[0], MAX_BYTES_OTHER)


def describe(name: str) -> str:
    """How a stored thing is named in a sentence: "the settings", "the saved game tribolo"."""
    first, _, rest = name.partition("/")
    if first == "settings" and not rest:
        return "the settings"
    if first == "saves" and rest:
        return f"the saved game {rest.replace('/', ' ')}"
    if first == "scores" and rest:
        return f"the scores of {rest.replace('/', ' ')}"
    return name.replace("/", " ")


def why(exc: BaseException) -> str:
    """An OSError in words a player understands (the end of "Could not keep X: ...")."""
    code = getattr(exc, "errno", None)
    if code == errno.EROFS:
        return "the data folder is read-only"
    if code in (errno.EACCES, errno.EPERM):
        return "Tricade is not allowed to write in the data folder"
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return "the disk is full"
    if code in (errno.ENOTDIR, errno.EEXIST):
        return "a file stands where a folder of the data folder should be"
    if code == errno.EISDIR:
        return "a folder stands where the file should be"
    if code == errno.ENAMETOOLONG:
        return "the path of the data folder is too long"
    if code == errno.ELOOP:
        return "the data folder's path loops through links"
    text = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
    return f"the system said: {text}"


def sync_folder(folder: Path) -> None:
    """fsync a folder: a rename in it is on the disk only then. Without it a power cut
    seconds after the rename (before the filesystem's own commit, up to 5 s on ext4) took
    the rename back: a coin written, fsynced and renamed into books.json was not there
    at the next boot (tools/cabinetvm's power cuts). Where a folder cannot be opened or
    synced (Windows), nothing more can be done."""
    try:
        fd = os.open(str(folder), os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


class Store:
    """Files under one data directory. No method raises for a file-system problem: reads
    give defaults, writes return False, and the user is told once through ``notify``."""

    def __init__(self, data_dir: str | os.PathLike | None = None,
                 log: Callable[[str], None] | None = None, background: bool = False,
                 read_only: bool = False):
        self.dir = Path(data_dir) if data_dir else default_data_dir()
        # read_only: a look into a folder another Tricade may be using (``--books``):
        # nothing is written, removed or moved aside; a damaged file is read as far as it
        # can be (or its defaults used) and left where it is
        self.read_only = read_only
        self._log = log
        self.notices: list[str] = []   # one sentence each, for the screen to show
        self._failing: dict[str, str] = {}   # name -> why its last write failed (told)
        self._dir_problem: str | None = None  # why check() found the folder unusable (told)
        self._owner = threading.current_thread()
        self._lock = threading.Condition()
        self._pending: dict[str, bytes | None] = {}   # name -> bytes to write, None: remove
        self._busy: str | None = None                 # the name being written now
        self._thread: threading.Thread | None = None
        self._closing = False
        self.background = background
        self.written = 0                              # writes done (tests and the bench)

    # -- the writer thread ---------------------------------------------------------------
    def _queue(self, name: str, raw: bytes | None) -> None:
        with self._lock:
            self._pending.pop(name, None)            # the newest goes last, replacing any
            self._pending[name] = raw
            if self._thread is None or not self._thread.is_alive():
                self._closing = False
                self._thread = threading.Thread(target=self._run, name="tricade-store",
                                                daemon=True)
                self._thread.start()
            self._lock.notify_all()

    def _run(self) -> None:
        while True:
            with self._lock:
                while not self._pending and not self._closing:
                    self._lock.wait()
                if not self._pending:
                    return
                name = next(iter(self._pending))
                raw = self._pending.pop(name)
                self._busy = name
            try:
                if raw is None:
                    self._remove(name)
                else:
                    self._commit(name, raw)
            except Exception as exc:          # never let the writer die with work queued
                self.notify(f"Could not keep {describe(name)}: {why(exc)}. "
                            f"Play goes on; Tricade will try again.")
            finally:
                with self._lock:
                    self._busy = None
                    self.written += 1
                    self._lock.notify_all()

    def pending(self, name: str | None = None) -> bool:
        """True while a write (of ``name``, or of anything) waits or runs."""
        with self._lock:
            if name is None:
                return bool(self._pending) or self._busy is not None
            return name in self._pending or self._busy == name

    def flush(self, name: str | None = None, timeout: float | None = None) -> bool:
        """Wait until the writes queued (of ``name``, or all) are done; False on timeout."""
        if self._thread is None:
            return True
        with self._lock:
            return self._lock.wait_for(
                lambda: not (name in self._pending or self._busy == name) if name is not None
                else not (self._pending or self._busy is not None), timeout)

    def close(self) -> None:
        """Write what is queued and stop the writer (the app's shutdown)."""
        thread = self._thread
        if thread is None:
            return
        with self._lock:
            self._closing = True
            self._lock.notify_all()
        if thread is not threading.current_thread():
            thread.join()
        self._thread = None

    def take_notices(self) -> list:
        """The sentences told since the last call (the main loop shows them)."""
        if not self.notices:                 # the usual frame: no lock taken (a notice
            return []                        # appended meanwhile is taken next frame)
        with self._lock:
            out = list(self.notices)
            del self.notices[:]
        return out

    # -- paths ---------------------------------------------------------------------------
    def path(self, name: str) -> Path:
        if not _NAME.match(name):
            raise ValueError(f"bad store name {name!r}")
        return self.dir / (name + ".json")

    def exists(self, name: str) -> bool:
        if self._thread is not None:
            with self._lock:
                if name in self._pending:
                    return self._pending[name] is not None
            self.flush(name)
        try:
            return stat.S_ISREG(os.stat(self.path(name)).st_mode)
        except (OSError, ValueError):
            return False

    def notify(self, sentence: str) -> None:
        with self._lock:
            self.notices.append(sentence)
        if threading.current_thread() is not self._owner:
            return                        # the writer thread: the main loop tells it
        if self._log is not None:
            self._log(sentence)
        else:
            print(sentence, file=sys.stderr)

    # -- start-up ------------------------------------------------------------------------
    def probe(self) -> None:
        """Make the data folder, write and remove a small temp file; OSError if it fails.
        (Locked while it exists, as a save's temp file is, so that another Tricade's
        start-up clean-up leaves it alone; if that removed it all the same, in the moment
        before the lock, the folder worked.)"""
        self.dir.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=_CHECK_PREFIX, suffix=".tmp", dir=self.dir)
        try:
            if fcntl is not None:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except OSError:
                    pass
            os.write(fd, b"tricade\n")
            os.fsync(fd)
        finally:
            os.close(fd)
            try:
                os.unlink(tmp)
            except FileNotFoundError:
                pass

    def check(self) -> str | None:
        """Can files be kept at all? Makes the data folder, writes and removes a small temp
        file. Returns None, or the one sentence to tell the user (it is not notified here:
        the caller shows it). Later write failures for the same reason are not told again."""
        try:
            self.probe()
        except OSError as exc:
            self._dir_problem = why(exc)
            return (f"Could not keep settings, saves or scores: {self._dir_problem}. "
                    f"Play goes on; Tricade will try again.")
        self._dir_problem = None
        return None

    def cleanup(self, depth: int = 4) -> int:
        """Remove the temp files of writes that were killed half-way (only our own pattern,
        only regular files, only in the data folder and its sub-folders, never one that a
        running write holds locked). Returns how many were removed."""
        if self.read_only:
            return 0
        removed = 0
        dirs = [(self.dir, 0)]
        while dirs:
            d, level = dirs.pop()
            try:
                entries = list(os.scandir(d))
            except OSError:
                continue
            for e in entries:
                try:
                    if e.is_dir(follow_symlinks=False):
                        if level < depth and re.fullmatch(r"[a-z0-9_-]+", e.name):
                            dirs.append((Path(e.path), level + 1))
                    elif (_TEMP.match(e.name) or _OTHER_TEMP.match(e.name)) \
                            and e.is_file(follow_symlinks=False) and not _locked(e.path):
                        os.unlink(e.path)
                        removed += 1
                except OSError:
                    continue
        return removed

    # -- reading -------------------------------------------------------------------------
    def load(self, name: str, default: Any, version: int = 1,
             validate: Callable[[Any], Any] | None = None) -> Any:
        """The data stored under ``name``, or ``default`` (a fresh copy) if there is none.

        ``validate(data)`` may return a cleaned copy or raise ValueError/TypeError/KeyError
        (a ``schema.Field.clean`` fits); a failure moves the file aside like any unreadable
        file. Only a regular file of at most ``max_bytes(name)`` is read.
        """
        path = self.path(name)
        if self._thread is not None:
            self.flush(name)                  # a write of it still queued: read what it wrote
        try:
            os.lstat(path)
        except OSError:        # not there (or a path through a file): nothing to read
            return _copy(default)
        problems: list = []
        try:
            data = self._read(path, name, version)
            if validate is not None:
                data = _validate(validate, data, problems)
            if problems:
                self._partly_read(path, name, data, version, problems)
            return data
        except RecursionError:
            self._move_aside(path, name, StoreError("it is nested too deeply"))
            return _copy(default)
        except (OSError, ValueError, TypeError, KeyError, AttributeError) as exc:
            self._move_aside(path, name, exc)
            return _copy(default)

    def _read(self, path: Path, name: str, version: int) -> Any:
        limit = max_bytes(name)
        try:
            st = os.stat(path)
        except FileNotFoundError:
            raise StoreError("it is a link to nothing") from None
        if not stat.S_ISREG(st.st_mode):
            kind = "a folder" if stat.S_ISDIR(st.st_mode) else "not a regular file"
            raise StoreError(f"it is {kind}")
        if st.st_size > limit:
            raise StoreError(f"it is larger than {limit // KIB} KiB")
        # O_NONBLOCK: if the file was swapped for a FIFO since the stat, open does not wait
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise StoreError("it is not a regular file")
            chunks, size = [], 0
            while size <= limit:
                chunk = os.read(fd, min(64 * KIB, limit + 1 - size))
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
        finally:
            os.close(fd)
        if size > limit:
            raise StoreError(f"it is larger than {limit // KIB} KiB")
        raw = b"".join(chunks)
        try:
            # strict JSON: NaN and Infinity are not JSON, and a key twice (two "data" keys,
            # say) would silently keep only the last
            doc = json.loads(raw.decode("utf-8-sig"), parse_constant=_no_constant,
                             object_pairs_hook=_no_repeats)   # a byte-order mark is fine
        except UnicodeDecodeError as exc:
            raise StoreError("it is not text") from exc
        except json.JSONDecodeError as exc:
            raise StoreError(f"it is not valid JSON ({exc.msg} at line {exc.lineno})") from exc
        except RecursionError:
            raise StoreError("it is nested too deeply") from None
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise StoreError("it is not a Tricade file")
        if doc.get("kind") != name:
            raise StoreError(f"it holds {str(doc.get('kind'))[:40]!r}, not {name!r}")
        v = doc.get("version")
        if type(v) is not int or v < 1:           # true is not a version
            raise StoreError("it has no version")
        if v > version:
            raise StoreError(f"it was written by a newer Tricade (version {v})")
        if "data" not in doc:
            raise StoreError("it has no data")
        return doc["data"]

    def _partly_read(self, path: Path, name: str, data: Any, version: int,
                     problems: list) -> None:
        """Some values of a file were bad and were replaced by defaults or dropped: the
        original is moved aside (as for an unreadable file), the rest is kept and written
        back, and the user is told in one sentence."""
        bad = None if self.read_only else _free_name(path)
        where = "left where it is"
        if bad is not None:
            try:
                os.rename(path, bad)
                where = f"moved aside as {bad.name}"
            except OSError:
                bad = None
        more = f" and {len(problems) - 1} more" if len(problems) > 1 else ""
        self.notify(f"Part of {describe(name)} could not be read ({problems[0]}{more}); the "
                    f"rest is kept and the original was {where}.")
        if bad is not None:
            self.save(name, data, version)

    def _move_aside(self, path: Path, name: str, exc: Exception) -> None:
        bad = None if self.read_only else _free_name(path)
        where = "left where it is"
        if bad is not None:
            try:
                os.rename(path, bad)
                where = f"moved aside as {bad.name}"
            except OSError:
                pass
        self.notify(f"Could not read {name.replace('/', ' ')} ({exc}); it was {where} "
                    f"and defaults are used.")

    # -- writing -------------------------------------------------------------------------
    def save(self, name: str, data: Any, version: int = 1) -> bool:
        """Write ``data`` under ``name`` whole (temp file, fsync, rename). True if it is
        kept. Never raises for a file-system problem: the user is told once what could not
        be kept and why, and the next save tries again. A bad name or a version that is
        not a positive int is a programming error and raises ValueError."""
        path = self.path(name)
        if type(version) is not int or version < 1:
            raise ValueError(f"bad version {version!r}")
        if self.read_only:
            return False
        doc = {"format": FORMAT, "kind": name, "version": version, "data": data}
        try:
            text = json.dumps(doc, indent=1, sort_keys=True) + "\n"
        except (TypeError, ValueError, RecursionError) as exc:
            return self._failed(name, f"its data cannot be written as JSON ({exc})")
        raw = text.encode("utf-8")
        limit = max_bytes(name)
        if len(raw) > limit:
            return self._failed(name, f"it would be larger than {limit // KIB} KiB")
        if self.background:
            self._queue(name, raw)
            return name not in self._failing
        return self._commit(name, raw)

    def save_now(self, name: str, data: Any, version: int = 1) -> bool:
        """``save``, but written on this thread before it returns (temp file, fsync,
        rename), never through the writer thread: for what a power cut must not lose the
        moment after the screen answered (a coin, a credit spent, a wrong PIN). A write of
        ``name`` still queued is dropped (this one is newer); one being written is waited
        for, so the older cannot land after this one."""
        if self._thread is not None:
            with self._lock:
                self._pending.pop(name, None)
                self._lock.wait_for(lambda: self._busy != name)
        background, self.background = self.background, False
        try:
            return self.save(name, data, version)
        finally:
            self.background = background

    def _commit(self, name: str, raw: bytes) -> bool:
        """Write ``raw`` under ``name`` now (on the writer thread in the background)."""
        path = self.path(name)
        try:
            self._write(path, name, raw)
        except OSError as exc:
            return self._failed(name, why(exc))
        if name in self._failing:
            del self._failing[name]
            self.notify(f"Saved {describe(name)} again.")
        self._dir_problem = None
        return True

    def _write(self, path: Path, name: str, raw: bytes) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            st = os.lstat(path)
        except FileNotFoundError:
            st = None
        if st is not None and stat.S_ISDIR(st.st_mode):
            # a folder in the file's place: move it aside (it is kept, under a free name)
            bad = _free_name(path)
            if bad is None:
                raise IsADirectoryError(errno.EISDIR, "a folder is in the way", str(path))
            os.rename(path, bad)
            self.notify(f"A folder stood where {describe(name)} should be; "
                        f"it was moved aside as {bad.name}.")
        fd, tmp = tempfile.mkstemp(prefix="." + path.name + ".", suffix=".tmp", dir=path.parent)
        try:
            if fcntl is not None:
                try:   # the start-up clean-up of another Tricade leaves a locked temp alone
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except OSError:
                    pass
            view = memoryview(raw)
            while view:
                n = os.write(fd, view)
                view = view[n:]
            os.fsync(fd)
            os.close(fd)
            fd = -1
            os.replace(tmp, path)
            sync_folder(path.parent)
        except BaseException:
            if fd >= 0:
                os.close(fd)
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise

    def _failed(self, name: str, reason: str) -> bool:
        """Tell the user once per thing and reason; False for the caller."""
        if self._failing.get(name) != reason and reason != self._dir_problem:
            self.notify(f"Could not keep {describe(name)}: {reason}. "
                        f"Play goes on; Tricade will try again.")
        self._failing[name] = reason
        return False

    @property
    def failing(self) -> dict:
        """{name: why} of the things whose last write failed."""
        return dict(self._failing)

    def delete(self, name: str) -> bool:
        """Remove a stored file. True if it is gone; a failure is told, never raised. In
        the background it is queued after the writes before it (True: queued)."""
        path = self.path(name)
        if self.read_only:
            return False
        if self.background:
            self._queue(name, None)
            return ("-" + name) not in self._failing
        return self._remove(name)

    def _remove(self, name: str) -> bool:
        path = self.path(name)
        try:
            os.unlink(path)
        except (FileNotFoundError, NotADirectoryError):   # not there: gone already
            return True
        except OSError as exc:
            if isinstance(exc, IsADirectoryError) or (exc.errno == errno.EPERM and path.is_dir()):
                return True if _move_dir_aside(path) else False
            reason = why(exc)
            if self._failing.get("-" + name) != reason and reason != self._dir_problem:
                self.notify(f"Could not remove {describe(name)}: {reason}.")
            self._failing["-" + name] = reason
            return False
        self._failing.pop("-" + name, None)
        return True


def _free_name(path: Path) -> Path | None:
    """NAME.json.bad, or .bad2, .bad3 ... whichever is free (None if all are taken)."""
    for i in range(1, MAX_BAD + 1):
        bad = path.with_name(path.name + (".bad" if i == 1 else f".bad{i}"))
        if not os.path.lexists(bad):
            return bad
    return None


def _move_dir_aside(path: Path) -> bool:
    bad = _free_name(path)
    if bad is None:
        return False
    try:
        os.rename(path, bad)
        return True
    except OSError:
        return False


def _locked(path: str) -> bool:
    """True if a running write holds this temp file (so it is not a left-over)."""
    if fcntl is None:
        return False
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return False
    except OSError:
        return True
    finally:
        os.close(fd)


def _no_constant(name: str):
    raise StoreError(f"it holds {name}, which is not a number JSON allows")


def _no_repeats(pairs: list) -> dict:
    out = {}
    for key, value in pairs:
        if key in out:
            raise StoreError(f"it has the key {key[:40]!r} twice")
        out[key] = value
    return out


def _validate(validate: Callable, data: Any, problems: list) -> Any:
    """``validate(data)``, given ``problems=`` too when it takes it (a schema's ``clean``,
    ``clean_settings``), so values it replaced or dropped can be told."""
    try:
        takes = "problems" in inspect.signature(validate).parameters
    except (TypeError, ValueError):
        takes = False
    return validate(data, problems=problems) if takes else validate(data)


def _copy(value: Any) -> Any:
    return json.loads(json.dumps(value))


# -- settings ------------------------------------------------------------------------------

SCALE_MODES = ("integer", "aspect", "stretch")
PACES = ("original", "slower", "slowest")     # the computer's moves (games/ui/watch.py)

DEFAULT_KEYS = {
    "up": ["up", "[8]"],
    "down": ["down", "[2]"],
    "left": ["left", "[4]"],
    "right": ["right", "[6]"],
    "confirm": ["return", "enter", "space"],
    "back": ["escape", "backspace"],
    "menu": ["f10", "tab", "menu"],
}
DEFAULT_PAD = {
    "confirm": ["a"],
    "back": ["b"],
    "menu": ["start"],
}

# cabinet (kiosk) mode: games/cabinet and docs/cabinet.md
DEFAULT_KIOSK = {
    "enabled": False,         # start in cabinet mode without --kiosk
    "free_play": True,        # False: coins buy credits, Start spends one
    "coins_per_credit": 1,
    "coin2_per_credit": 0,    # coin slot 2's own price (key 6); 0: as coin slot 1
    "credit_cap": 9,          # the most credits a cabinet holds (more coins buy none)
    "attract_after": 60,      # seconds of quiet on the launcher before the attract loop
    "demo_seconds": 60,       # the longest a demo game runs in the attract loop
    "continue_after": 180,    # seconds nobody moves before a game asks "CONTINUE?"
    "attract_sound": False,
    "attract_volume": 3,      # 0-10
    "hidden_games": [],       # registry names not shown on the cabinet
    "no_undo": [],            # registry names whose customers may not take moves back
    "exit_hold": ["1", "2"],  # keys held together to open the operator's PIN box
    "exit_hold_seconds": 5,
    "coin_pulse_ms": 30,      # a coin switch's shortest pulse: presses closer are one coin
    "bonus_every": 0,         # every this many coins in a row, a credit more (0: none)
    "service_keys": ["f2", "9"],   # a keyboard's F2, the service button in the coin door
}

DEFAULT_SETTINGS = {
    "scale": "aspect",
    "scanlines": False,
    "fullscreen": False,
    "sound": True,
    "volume": 8,            # 0-10
    "swap_confirm": False,  # Nintendo-style pads: east confirms, south goes back
    "seat_marks": False,    # a shape on every seat colour (games/ui/marks.py)
    "coordinates": False,   # letters and numbers on the boards (games/ui/coordinates.py)
    "pace": "slower",       # the computer's moves: held to be seen (games/ui/watch.py)
    "keys": DEFAULT_KEYS,
    "pad": DEFAULT_PAD,
    "games": {},            # per-game options, e.g. {"tripppin": {"level": 3}}
    "kiosk": DEFAULT_KIOSK,
    # network play (games/ui/netplay.py): the server's address (default: this machine) and
    # the name the other players see ("": the login name)
    "net": {"server": "ws://127.0.0.1:8765", "name": ""},
}
SETTINGS_VERSION = 1


def _names(default: list) -> ListOf:
    # a binding: 1 to 8 key or button names; one bad name and the action keeps its default
    return ListOf(Str(max_len=40), max_len=8, min_len=1, default=default)


SETTINGS_SCHEMA = Table({
    "scale": Choice(SCALE_MODES, DEFAULT_SETTINGS["scale"]),
    "scanlines": Bool(False),
    "fullscreen": Bool(False),
    "sound": Bool(True),
    "volume": Int(0, 10, 8),
    "swap_confirm": Bool(False),
    "seat_marks": Bool(False),
    "coordinates": Bool(False),
    "pace": Choice(PACES, DEFAULT_SETTINGS["pace"]),
    "keys": Table({action: _names(names) for action, names in DEFAULT_KEYS.items()}),
    "pad": Table({action: _names(names) for action, names in DEFAULT_PAD.items()}),
    # per-game options: each game's own schema checks its part (games/<name>/scene.py)
    "games": Table({}, extra=Table({}, extra="keep"), max_extra=32),
    "net": Table({
        "server": Str(max_len=200, pattern=r"wss?://[^\s]+",
                      default=DEFAULT_SETTINGS["net"]["server"]),
        "name": Str(max_len=16, default=""),
    }),
    "kiosk": Table({
        "enabled": Bool(False),
        "free_play": Bool(True),
        "coins_per_credit": Int(1, 9, 1),
        "coin2_per_credit": Int(0, 9, 0),
        "credit_cap": Int(1, 99, 9),
        "attract_after": Int(10, 3600, 60),
        "demo_seconds": Int(10, 600, 60),
        "continue_after": Int(30, 3600, 180),
        "attract_sound": Bool(False),
        "attract_volume": Int(0, 10, 3),
        "hidden_games": ListOf(Str(max_len=40), max_len=32, default=[]),
        "no_undo": ListOf(Str(max_len=40), max_len=32, default=[]),
        "exit_hold": ListOf(Str(max_len=40), max_len=4, min_len=1, default=["1", "2"]),
        "exit_hold_seconds": Int(1, 60, 5),
        "coin_pulse_ms": Int(0, 500, 30),
        "bonus_every": Int(0, 20, 0),
        "service_keys": ListOf(Str(max_len=40), max_len=4, min_len=1, default=["f2", "9"]),
    }),
})


def clean_settings(data: Any, problems: list | None = None) -> dict:
    """Settings from a file, each bad value replaced by its default (the file is kept);
    StoreError if they are not a table at all."""
    if not isinstance(data, dict):
        raise StoreError("settings are not a table")
    return SETTINGS_SCHEMA.clean(data, problems)


def load_settings(store: Store) -> dict:
    return store.load("settings", DEFAULT_SETTINGS, SETTINGS_VERSION, clean_settings)


def save_settings(store: Store, settings: dict) -> bool:
    """True if kept (a failure is told by the store, never raised)."""
    return store.save("settings", settings, SETTINGS_VERSION)
