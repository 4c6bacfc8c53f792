"""The paths a person names: written and read only as regular files (no pygame).

``--books FILE``, ``--screenshot FILE``, ``--json OUT``, ``--replay FILE``, ``--review
FILE``, an exported game record and the data folder's lock all go through here, so one
rule holds for all of them:

- What is written is a regular file. Nothing there yet (in a folder that exists) is fine,
  and so is a regular file, which is replaced whole. A folder, a FIFO, a socket or a
  device is refused, in words for a sentence ("is a named pipe (FIFO), not a regular
  file"); run as root, ``--books /dev/full`` once replaced the machine's device node.
- A symbolic link is followed to the regular file it names, and that file is written
  (the link stays a link); a link to anything else, or to nothing, is refused. Where a
  link must not be followed (the lock, which is truncated and written once held:
  ``follow=False``), a link is refused too.
- A whole write goes to a temp file beside the real file, is flushed to the disk, and is
  renamed into place only after the path is checked once more: nothing is ever renamed
  over what is not a regular file.
- What is read is opened without waiting (a FIFO never holds the program at start) and
  read only if it is a regular file.

``NotAFile`` (a ``ValueError``) carries the words; a missing file to read is the usual
``FileNotFoundError``.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path
from typing import Callable

__all__ = ["NotAFile", "what_is", "to_write", "to_read", "write_whole", "read_bytes"]


class NotAFile(ValueError):
    """A named path that is not a regular file (or a link to one); the message is the end
    of a sentence whose subject is the path: ``f"{path} {exc}"``."""


def what_is(mode: int) -> str:
    """What a file of this mode is, in words: "a folder", "a named pipe (FIFO)" ..."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    return "not a regular file"


def _refuse(mode: int, link: bool = False) -> NotAFile:
    kind = what_is(mode)
    if link:
        return NotAFile(f"is a symbolic link to {kind}, not to a regular file")
    return NotAFile(f"is {kind}, not a regular file")


def _lstat(path: Path):
    """The path's own status, or None when nothing is there."""
    try:
        return os.lstat(path)
    except FileNotFoundError:
        return None
    except NotADirectoryError:
        raise NotAFile("is below a file, not in a folder") from None


def to_write(path, follow: bool = True) -> Path:
    """The regular file to write for ``path``: ``path`` itself when nothing is there yet
    or a regular file is, the file a symbolic link names (``follow``). NotAFile says why
    not; nothing is made or changed."""
    p = Path(path)
    st = _lstat(p)
    if st is None:
        parent = p.absolute().parent
        if not parent.is_dir():
            raise NotAFile(f"is in a folder that does not exist ({parent})")
        return p
    if stat.S_ISLNK(st.st_mode):
        if not follow:
            raise NotAFile("is a symbolic link, not a regular file")
        try:
            st = os.stat(p)
        except FileNotFoundError:
            raise NotAFile("is a symbolic link to nothing") from None
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise NotAFile("is a symbolic link that loops") from None
            raise
        if not stat.S_ISREG(st.st_mode):
            raise _refuse(st.st_mode, link=True)
        return Path(os.path.realpath(p))
    if not stat.S_ISREG(st.st_mode):
        raise _refuse(st.st_mode)
    return p


def to_read(path) -> Path:
    """``path`` if it is a regular file (or a link to one); FileNotFoundError when nothing
    is there, NotAFile when what is there is not a regular file."""
    p = Path(path)
    try:
        st = os.stat(p)
    except FileNotFoundError:
        if os.path.lexists(p):
            raise NotAFile("is a symbolic link to nothing") from None
        raise
    except NotADirectoryError:
        raise NotAFile("is below a file, not in a folder") from None
    if not stat.S_ISREG(st.st_mode):
        raise _refuse(st.st_mode, link=os.path.islink(p))
    return p


def read_bytes(path, limit: int) -> bytes:
    """At most ``limit`` bytes of the regular file ``path``; opened without waiting, so a
    FIFO put in its place after the check is refused too, never waited on."""
    to_read(path)
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise _refuse(st.st_mode)
        chunks, size = [], 0
        while size < limit:
            chunk = os.read(fd, min(64 * 1024, limit - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def write_whole(path, data: bytes | None = None, fill: Callable[[str], None] | None = None,
                suffix: str = ".tmp", follow: bool = True) -> Path:
    """Write ``path`` whole: ``data``, or what ``fill(temp_path)`` writes into the temp
    file (a picture saver that wants a file name: give the ``suffix`` it reads the format
    from), beside the real file; flushed to the disk, then renamed over it. Returns the
    file written (a link's target). NotAFile before anything is written when the path is
    not a regular file, and again, the temp file removed, when it stopped being one
    meanwhile; OSError when the disk says no."""
    real = to_write(path, follow)
    fd, tmp = tempfile.mkstemp(prefix=f".{real.name}.", suffix=suffix, dir=real.parent)
    try:
        if fill is None:
            view = memoryview(data or b"")
            while view:
                view = view[os.write(fd, view):]
        else:
            os.close(fd)
            fd = -1
            fill(tmp)
            fd = os.open(tmp, os.O_RDONLY)
        os.fsync(fd)
        os.close(fd)
        fd = -1
        if to_write(path, follow) != real:      # a link changed its target meanwhile
            raise NotAFile("changed while it was being written")
        os.replace(tmp, real)
    except BaseException:
        if fd >= 0:
            os.close(fd)
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return real
