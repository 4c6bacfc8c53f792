"""Paths a person names are written and read only as regular files (issue 49): --books,
--screenshot, --json, an exported record, --replay, --review and the data folder's lock.

Everything is made for real in the test's own folder: folders, FIFOs (os.mkfifo), sockets,
symbolic links, and, as root, a device node made with os.mknod that is a copy of
/dev/null's (major 1, minor 3: anything written to it is thrown away), so a test that
fails writes nothing anywhere else. Without root the device case is checked on /dev/null
itself, by the checks alone, never by a write.
"""

import io
import os
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest

import games
from games.core import gamerecord, replays
from games.core import store as store_mod

ROOT = Path(__file__).resolve().parents[1]
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
           PYGAME_HIDE_SUPPORT_PROMPT="1")


def odd_things(folder: Path, name: str = "x") -> dict:
    """{kind: path} of what may stand at a named path and is not a regular file."""
    folder.mkdir(parents=True, exist_ok=True)
    out = {}
    out["folder"] = folder / f"{name}-folder"
    out["folder"].mkdir()
    out["fifo"] = folder / f"{name}-fifo"
    os.mkfifo(out["fifo"])
    sock = folder / f"{name}-sock"
    if len(str(sock)) < 100:                  # AF_UNIX paths are short
        s = socket.socket(socket.AF_UNIX)
        s.bind(str(sock))
        s.close()
        out["socket"] = sock
    if os.geteuid() == 0:
        out["device"] = folder / f"{name}-device"
        os.mknod(out["device"], stat.S_IFCHR | 0o600, os.makedev(1, 3))   # a null device
    out["link to a fifo"] = folder / f"{name}-link-fifo"
    out["link to a fifo"].symlink_to(out["fifo"])
    out["link to a folder"] = folder / f"{name}-link-folder"
    out["link to a folder"].symlink_to(out["folder"])
    out["link to nothing"] = folder / f"{name}-link-nothing"
    out["link to nothing"].symlink_to(folder / "nothing-here")
    return out


def fingerprint(path: Path) -> tuple:
    """What a path is, as lstat sees it: a replaced entry has another inode or mode."""
    st = os.lstat(path)
    return (st.st_ino, st.st_mode, os.readlink(path) if stat.S_ISLNK(st.st_mode) else None)


# -- the helper ---------------------------------------------------------------------------

def test_the_helper_takes_regular_files_and_links_to_them_and_refuses_the_rest(tmp_path):
    from games.core import files
    things = odd_things(tmp_path)
    for kind, path in things.items():
        with pytest.raises(files.NotAFile):
            files.to_write(path)
        with pytest.raises(files.NotAFile):
            files.to_read(path)
    assert "named pipe" in str(pytest.raises(files.NotAFile, files.to_write,
                                             things["fifo"]).value)
    if "device" not in things:                # not root: /dev/null, only looked at
        for check in (files.to_write, files.to_read):
            with pytest.raises(files.NotAFile, match="is a device"):
                check("/dev/null")
    plain = tmp_path / "plain.csv"
    assert files.to_write(plain) == plain                # nothing there yet: fine
    with pytest.raises(FileNotFoundError):
        files.to_read(plain)
    with pytest.raises(files.NotAFile, match="folder that does not exist"):
        files.to_write(tmp_path / "no" / "such.csv")
    plain.write_text("old")
    link = tmp_path / "link.csv"
    link.symlink_to(plain)
    assert files.to_write(link) == plain.resolve() and files.to_read(link) == link
    with pytest.raises(files.NotAFile, match="symbolic link"):
        files.to_write(link, follow=False)
    assert files.write_whole(link, b"new") == plain.resolve()
    assert link.is_symlink() and plain.read_text() == "new"
    assert files.read_bytes(link, 2) == b"ne"
    for kind, path in things.items():         # nothing was changed by any of it
        before = fingerprint(path)
        with pytest.raises(files.NotAFile):
            files.write_whole(path, b"data")
        assert fingerprint(path) == before, kind
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


# -- --books FILE --------------------------------------------------------------------------

def a_cabinet_folder(tmp_path) -> Path:
    from games.cabinet.books import Books
    from games.core.store import Store
    data = tmp_path / "data"
    books = Books(Store(data, log=lambda s: None))
    books.coin("1", 1, 9)
    return data


def test_books_to_a_device_fifo_folder_or_odd_link_is_refused_and_nothing_replaced(tmp_path):
    """Issue 49: --books FILE renamed its CSV over whatever stood at FILE; run as root,
    --books /dev/full replaced the machine's device node."""
    from games.cabinet.operator import books_command
    data = a_cabinet_folder(tmp_path)
    for kind, path in odd_things(tmp_path / "odd").items():
        before = fingerprint(path)
        err = io.StringIO()
        assert books_command(data, str(path), stdout=io.StringIO(), stderr=err) == 2, kind
        assert fingerprint(path) == before, f"the {kind} was replaced"
        said = err.getvalue().strip()
        assert said.count("\n") == 0 and str(path) in said and "not" in said, said
    # a link to a regular file is followed: the file gets the books, the link stays
    target = tmp_path / "real.csv"
    target.write_text("old\n")
    link = tmp_path / "books.csv"
    link.symlink_to(target)
    assert books_command(data, str(link), stderr=io.StringIO()) == 0
    assert link.is_symlink() and "coins slot 1" in target.read_text()


def test_books_on_the_command_line_refuse_a_fifo_with_status_2(tmp_path):
    data = a_cabinet_folder(tmp_path)
    fifo = tmp_path / "books.csv"
    os.mkfifo(fifo)
    before = fingerprint(fifo)
    run = subprocess.run([sys.executable, str(ROOT / "main.py"), "--books", str(fifo),
                          "--data-dir", str(data)], capture_output=True, text=True,
                         timeout=120, cwd=str(tmp_path), env=ENV)
    assert run.returncode == 2 and run.stdout == ""
    assert f"--books: {fifo} is a named pipe (FIFO), not a regular file" in run.stderr
    assert "Traceback" not in run.stderr and fingerprint(fifo) == before


def test_books_on_a_damaged_books_file_only_read(tmp_path):
    """--books may run while the cabinet runs (docs/cabinet.md): a damaged books file is
    said and left where it is, never moved aside or written back."""
    import json
    from games.cabinet.operator import books_command
    data = a_cabinet_folder(tmp_path)
    books = data / "cabinet" / "books.json"
    doc = json.loads(books.read_text())
    doc["data"]["credits"] = "lots"           # readable, with one bad value in it
    for damage in ("{ not json", json.dumps(doc)):
        books.write_text(damage)
        out, err = io.StringIO(), io.StringIO()
        assert books_command(data, None, stdout=out, stderr=err) == 0
        assert "date," in out.getvalue() and err.getvalue().strip()
        assert books.read_text() == damage
        assert sorted(p.name for p in books.parent.iterdir()) == ["books.json"]


# -- --screenshot, --json, --replay, --review on the command line -------------------------

def parse(*argv):
    from games import cli
    return cli.parse_args([str(a) for a in argv])


@pytest.mark.parametrize("flag", ["--screenshot", "--json", "--replay", "--review"])
def test_a_named_path_that_is_no_regular_file_is_refused_at_once(tmp_path, capsys, flag):
    """Issue 49: --replay or --review of a FIFO waited for ever at start; --json and
    --screenshot went on to write into a FIFO or a device."""
    record = tmp_path / "game.txt"
    entry = games.playable()[0]
    record.write_text(gamerecord.to_text({"game": entry.name, "seed": 3, "options": {},
                                          "moves": []}))
    for kind, path in odd_things(tmp_path / "odd", flag.strip("-") + "x").items():
        name = str(path) + (".png" if flag == "--screenshot" and kind != "folder" else "")
        if name != str(path):
            os.rename(path, name)
        argv = {"--screenshot": [flag, name],
                "--json": [entry.name, "--review", record, flag, name],
                "--replay": [entry.name, flag, name],
                "--review": [entry.name, flag, name, "--json", tmp_path / "o.json"]}[flag]
        before = fingerprint(Path(name))
        with pytest.raises(SystemExit) as info:
            parse(*argv)
        assert info.value.code == 2, kind
        said = capsys.readouterr().err.strip().splitlines()[-1]
        assert f"{flag}: {name} is " in said and "not" in said, said
        assert fingerprint(Path(name)) == before


def test_replay_of_a_fifo_is_refused_at_start_by_the_running_program(tmp_path):
    fifo = tmp_path / "record.txt"
    os.mkfifo(fifo)
    for argv in (["--replay", str(fifo)], [games.playable()[0].name, "--replay", str(fifo)],
                 ["--review", str(fifo), "--json", str(tmp_path / "out.json")]):
        # a hang is the failure this test is for: the bound only ends it
        run = subprocess.run([sys.executable, str(ROOT / "main.py"), *argv, "--data-dir",
                              str(tmp_path / "data")], capture_output=True, text=True,
                             timeout=120, cwd=str(tmp_path), env=ENV)
        assert run.returncode == 2, run.stderr
        assert "named pipe" in run.stderr and "Traceback" not in run.stderr


def test_review_module_refuses_a_fifo_to_read_or_write(tmp_path):
    """``python -m games.core.review`` (a real process: opening a FIFO used to wait for
    ever, which the bound below only ends)."""
    entry = games.playable()[0]
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    record = tmp_path / "game.txt"
    record.write_text(gamerecord.to_text({"game": entry.name, "seed": 3, "options": {},
                                          "moves": []}))
    for source, out in ((fifo, tmp_path / "o.json"), (record, fifo)):
        run = subprocess.run([sys.executable, "-m", "games.core.review", entry.name,
                              str(source), "--json", str(out)], capture_output=True,
                             text=True, timeout=120, cwd=str(ROOT), env=ENV)
        assert run.returncode == 2 and "named pipe" in run.stderr, run.stderr
        assert run.stderr.strip().count("\n") == 0
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and not (tmp_path / "o.json").exists()


def test_a_screenshot_through_a_link_writes_the_linked_file(tmp_path):
    target = tmp_path / "real.png"
    target.write_bytes(b"old")
    link = tmp_path / "shot.png"
    link.symlink_to(target)
    run = subprocess.run([sys.executable, str(ROOT / "main.py"), "--frames", "2",
                          "--screenshot", str(link), "--data-dir", str(tmp_path / "d"),
                          "--mute", "--size", "640x480"], capture_output=True, text=True,
                         timeout=120, cwd=str(tmp_path), env=ENV)
    assert run.returncode == 0, run.stderr
    assert link.is_symlink() and target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


# -- an exported record ---------------------------------------------------------------------

def test_a_record_is_exported_only_as_a_regular_file(tmp_path):
    entry = games.playable()[0]
    data = {"game": entry.name, "seed": 5, "options": {}, "moves": []}
    for kind, path in odd_things(tmp_path).items():
        before = fingerprint(path)
        with pytest.raises(ValueError):
            replays.write_record(path, data)
        assert fingerprint(path) == before, f"the {kind} was replaced"
    target = tmp_path / "kept.txt"
    target.write_text("old")
    link = tmp_path / "record.txt"
    link.symlink_to(target)
    replays.write_record(link, data)
    assert link.is_symlink() and target.read_text().startswith(f"tricade {entry.name}")


# -- the data folder's lock -----------------------------------------------------------------

@pytest.mark.skipif(store_mod.fcntl is None, reason="no fcntl: no lock, play goes on")
def test_a_lock_that_is_no_regular_file_is_refused(tmp_path):
    """Issue 49: a folder, a link or a FIFO as tricade.lock let a second Tricade run on the
    same data folder (and lose score updates). A link is refused even to a regular file:
    the lock file is truncated once held."""
    for kind in ("folder", "fifo", "link to a fifo", "link to nothing", "link to a file"):
        data = tmp_path / kind.replace(" ", "-")
        data.mkdir()
        lock = data / store_mod.LOCK_NAME
        if kind == "folder":
            lock.mkdir()
        elif kind == "fifo":
            os.mkfifo(lock)
        elif kind == "link to a fifo":
            os.mkfifo(data / "pipe")
            lock.symlink_to(data / "pipe")
        elif kind == "link to nothing":
            lock.symlink_to(data / "nothing")
        else:
            (data / "other").write_text("keep me\n")
            lock.symlink_to(data / "other")
        before = fingerprint(lock)
        with pytest.raises(store_mod.LockRefused) as info:
            store_mod.lock_data_dir(data)
        assert str(lock) in str(info.value) and fingerprint(lock) == before, kind
        if kind == "link to a file":
            assert (data / "other").read_text() == "keep me\n"
    data = tmp_path / "fifo"                  # the running program: one sentence, status 1
    run = subprocess.run([sys.executable, str(ROOT / "main.py"), "--data-dir", str(data),
                          "--mute", "--frames", "1"], capture_output=True, text=True,
                         timeout=120, cwd=str(tmp_path), env=ENV)
    assert run.returncode == 1 and run.stderr.strip().count("\n") == 0, run.stderr
    assert run.stderr.startswith(f"Tricade cannot lock the data folder {data}")
