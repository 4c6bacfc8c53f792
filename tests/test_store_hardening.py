"""Nothing lost, nothing stuck: the store against real broken file systems and files.

Broken file systems, as root (tests run as root, where chmod stops nothing):
- read-only: a tmpfs mounted read-only (EROFS);
- full: a 64 KiB tmpfs filled to the last byte (ENOSPC);
- not allowed: a folder made immutable with chattr +i (EPERM);
- a path through a regular file (ENOTDIR): works anywhere, root or not.
The mount and chattr ones are skipped where they cannot be made (not root, no tmpfs).
"""

import errno
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from games.core import store as store_mod
from games.core.schema import StoreError
from games.core.store import Store

ROOT = Path(__file__).resolve().parents[1]


def make_store(d):
    return Store(d, log=lambda s: None)


def doc(kind, data, version=1):
    return json.dumps({"format": "tricade", "kind": kind, "version": version, "data": data})


# -- broken file systems ---------------------------------------------------------------------

def _mount(target: Path, options: str) -> bool:
    if os.geteuid() != 0:
        return False
    target.mkdir(parents=True, exist_ok=True)
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tricade-test", str(target)],
                       capture_output=True)
    return r.returncode == 0


def _umount(target: Path) -> None:
    subprocess.run(["umount", "-l", str(target)], capture_output=True)


def fill(d: Path) -> None:
    """Write d/filler until not one byte more fits."""
    with open(d / "filler", "ab", buffering=0) as f:
        for size in (4096, 1):
            try:
                while True:
                    f.write(b"x" * size)
            except OSError as exc:
                assert exc.errno == errno.ENOSPC


@pytest.fixture
def full_dir(tmp_path):
    """A folder on a 64 KiB tmpfs with no byte free (and a filler file to delete later)."""
    d = tmp_path / "full"
    if not _mount(d, "size=64k"):
        pytest.skip("cannot mount a tmpfs here (needs root)")
    try:
        fill(d)
        yield d
    finally:
        _umount(d)


@pytest.fixture
def readonly_dir(tmp_path):
    """A folder on a tmpfs mounted read-only; remount(rw) makes it writable."""
    d = tmp_path / "ro"
    if not _mount(d, "ro,size=256k"):
        pytest.skip("cannot mount a tmpfs here (needs root)")

    def remount(opt):
        subprocess.run(["mount", "-o", f"remount,{opt}", str(d)], check=True)
    try:
        yield d, remount
    finally:
        _umount(d)


def test_a_read_only_data_folder_is_said_once_and_tried_again(readonly_dir):
    d, remount = readonly_dir
    store = make_store(d / "data")
    sentence = store.check()
    assert sentence == ("Could not keep settings, saves or scores: the data folder is "
                        "read-only. Play goes on; Tricade will try again.")
    # the same reason was said at start-up: a write says nothing more
    assert store.save("settings", {"a": 1}) is False and store.notices == []
    remount("rw")
    assert store.save("settings", {"a": 1}) is True
    assert store.notices == ["Saved the settings again."]
    remount("ro")
    assert store.save("scores/tribolo", {"a": 1}) is False
    assert store.notices[1:] == ["Could not keep the scores of tribolo: the data folder is "
                                 "read-only. Play goes on; Tricade will try again."]
    assert store.save("scores/tribolo", {"a": 2}) is False
    assert len(store.notices) == 2                                   # once
    assert store.load("settings", None) == {"a": 1}                  # reading still works


def test_a_full_disk_keeps_the_old_file_and_leaves_no_temp(full_dir):
    store = make_store(full_dir)
    (full_dir / "filler").unlink()
    assert store.save("saves/g", {"moves": ["a"]}) is True
    fill(full_dir)
    assert store.save("saves/g", {"moves": ["a", "b"] * 3000}) is False
    assert store.notices == ["Could not keep the saved game g: the disk is full. "
                             "Play goes on; Tricade will try again."]
    assert sorted(p.name for p in (full_dir / "saves").iterdir()) == ["g.json"]
    assert store.load("saves/g", None) == {"moves": ["a"]}
    assert store.check() is not None and "the disk is full" in store.check()
    (full_dir / "filler").unlink()
    assert store.save("saves/g", {"moves": ["a", "b"]}) is True
    assert store.notices[-1] == "Saved the saved game g again."
    assert store.check() is None


def test_an_immutable_folder_is_not_allowed(tmp_path):
    d = tmp_path / "imm"
    d.mkdir()
    if os.geteuid() != 0 or subprocess.run(["chattr", "+i", str(d)],
                                           capture_output=True).returncode != 0:
        pytest.skip("chattr +i does not work here")
    try:
        store = make_store(d)
        assert "not allowed to write" in store.check()
        assert store.save("settings", {}) is False
        assert store.delete("settings") is True          # nothing there: gone already
    finally:
        subprocess.run(["chattr", "-i", str(d)])


def test_a_data_folder_under_a_file_never_raises(tmp_path):
    f = tmp_path / "file"
    f.write_text("x")
    store = make_store(f / "data")
    assert "a file stands where a folder" in store.check()
    assert store.save("settings", {"a": 1}) is False
    assert store.save("saves/x", {"a": 1}) is False
    assert store.notices == []                      # the start-up check said it already
    assert store.load("settings", {"d": 1}) == {"d": 1}
    assert store.exists("settings") is False
    assert store.delete("saves/x") is True
    assert store.cleanup() == 0
    f.unlink()
    assert store.save("settings", {"a": 2}) is True
    assert store.load("settings", None) == {"a": 2}


def test_a_folder_of_saves_under_a_file_is_told_once_per_thing(tmp_path):
    store = make_store(tmp_path)
    (tmp_path / "saves").write_text("not a folder")
    assert store.check() is None
    for _ in range(3):
        assert store.save("saves/a", {}) is False
    assert store.save("saves/b", {}) is False
    assert store.notices == [
        "Could not keep the saved game a: a file stands where a folder of the data folder "
        "should be. Play goes on; Tricade will try again.",
        "Could not keep the saved game b: a file stands where a folder of the data folder "
        "should be. Play goes on; Tricade will try again."]
    assert store.save("settings", {}) is True and len(store.notices) == 2


def test_unwritable_data_is_told_not_raised(tmp_path):
    store = make_store(tmp_path)
    assert store.save("settings", {"a": {1, 2}}) is False
    assert "cannot be written as JSON" in store.notices[0]
    big = {"x": "y" * (300 * 1024)}
    assert store.save("settings", big) is False
    assert "larger than 256 KiB" in store.notices[1]
    assert not (tmp_path / "settings.json").exists()
    with pytest.raises(ValueError):          # a programming error is still an error
        store.save("Bad Name", {})


# -- bounded reading -------------------------------------------------------------------------

def test_a_fifo_is_moved_aside_without_blocking(tmp_path):
    os.mkfifo(tmp_path / "settings.json")
    store = make_store(tmp_path)
    assert store.load("settings", {"d": 1}) == {"d": 1}      # returns: it did not block
    assert (tmp_path / "settings.json.bad").is_fifo()
    assert "not a regular file" in store.notices[0]


def test_a_link_to_a_device_is_moved_aside_but_a_link_to_a_file_is_read(tmp_path):
    (tmp_path / "saves").mkdir()
    os.symlink("/dev/zero", tmp_path / "saves" / "z.json")
    store = make_store(tmp_path)
    assert store.load("saves/z", None) is None
    assert (tmp_path / "saves" / "z.json.bad").is_symlink()
    real = tmp_path / "elsewhere.json"
    real.write_text(doc("settings", {"scale": "integer"}))
    os.symlink(real, tmp_path / "settings.json")
    assert store.load("settings", None) == {"scale": "integer"}
    dangling = tmp_path / "saves" / "gone.json"
    os.symlink(tmp_path / "nothing", dangling)
    assert store.load("saves/gone", {"d": 1}) == {"d": 1}


@pytest.mark.parametrize("name, limit", [("settings", 256 * 1024), ("saves/t", 2 * 1024 * 1024),
                                         ("scores/t", 1024 * 1024)])
def test_each_kind_of_file_has_a_size_limit(tmp_path, name, limit):
    store = make_store(tmp_path)
    path = store.path(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    small = doc(name, {"pad": "x" * (limit - 200)})
    path.write_text(small)
    assert len(small) <= limit and store.load(name, None) is not None
    path.write_text(doc(name, {"pad": "x" * limit}))
    assert store.load(name, "default") == "default"
    assert f"larger than {limit // 1024} KiB" in store.notices[0]
    assert store_mod.max_bytes(name) == limit


@pytest.mark.parametrize("content", [b"[" * 100000, b'{"a":' * 50000,
                                     doc("settings", "x")[:-1].encode() + b"[" * 60000
                                     ], ids=["arrays", "objects", "inside-data"])
def test_deep_nesting_is_a_damaged_file(tmp_path, content):
    (tmp_path / "settings.json").write_bytes(content)
    store = make_store(tmp_path)
    assert store.load("settings", {"d": 1}, validate=store_mod.clean_settings) == {"d": 1}
    assert (tmp_path / "settings.json.bad").exists()
    assert len(store.notices) == 1


def test_nesting_that_only_a_validator_trips_on_is_a_damaged_file(tmp_path):
    deep = "x"
    for _ in range(200):
        deep = [deep]
    (tmp_path / "settings.json").write_text(doc("settings", deep))
    store = make_store(tmp_path)

    def validate(v):   # a naive recursive validator
        def depth(x, n=0):
            if n > 50:
                raise RecursionError
            return depth(x[0], n + 1) if isinstance(x, list) else n
        depth(v)
        return v
    assert store.load("settings", "d", validate=validate) == "d"
    assert "nested too deeply" in store.notices[0]


def test_a_byte_order_mark_is_accepted(tmp_path):
    (tmp_path / "settings.json").write_bytes(b"\xef\xbb\xbf" + doc("settings", {"a": 1}).encode())
    store = make_store(tmp_path)
    assert store.load("settings", None) == {"a": 1} and store.notices == []


@pytest.mark.parametrize("version", [True, False, 1.0, "1", None, 0, -3, [1]])
def test_a_version_that_is_not_a_whole_number_is_refused(tmp_path, version):
    (tmp_path / "settings.json").write_text(doc("settings", {"a": 1}, version))
    store = make_store(tmp_path)
    assert store.load("settings", "d") == "d"
    assert "it has no version" in store.notices[0]


# -- moving aside and cleaning up ------------------------------------------------------------

def test_a_folder_in_a_files_place_goes_to_a_free_name(tmp_path):
    store = make_store(tmp_path)
    (tmp_path / "settings.json").mkdir()
    (tmp_path / "settings.json" / "inside").write_text("kept")
    (tmp_path / "settings.json.bad").write_text("an older bad file")
    assert store.load("settings", "d") == "d"
    assert (tmp_path / "settings.json.bad").read_text() == "an older bad file"
    assert (tmp_path / "settings.json.bad2" / "inside").read_text() == "kept"
    assert "moved aside as settings.json.bad2" in store.notices[0]
    # a file that is bad three times over keeps every copy
    for i, junk in enumerate([b"junk1", b"junk2"]):
        (tmp_path / "settings.json").write_bytes(junk)
        store.load("settings", "d")
    assert (tmp_path / "settings.json.bad3").read_bytes() == b"junk1"
    assert (tmp_path / "settings.json.bad4").read_bytes() == b"junk2"


def test_saving_over_a_folder_moves_it_aside_and_writes(tmp_path):
    store = make_store(tmp_path)
    (tmp_path / "saves" / "g.json").mkdir(parents=True)
    (tmp_path / "saves" / "g.json.bad").mkdir()
    assert store.save("saves/g", {"m": 1}) is True
    assert (tmp_path / "saves" / "g.json.bad2").is_dir()
    assert store.load("saves/g", None) == {"m": 1}
    assert "moved aside as g.json.bad2" in store.notices[0]


def test_delete_never_raises(tmp_path):
    store = make_store(tmp_path)
    assert store.delete("saves/none") is True
    store.save("saves/x", {})
    assert store.delete("saves/x") is True and not store.exists("saves/x")
    (tmp_path / "saves" / "d.json").mkdir()
    assert store.delete("saves/d") is True and not (tmp_path / "saves" / "d.json").exists()


@pytest.mark.skipif(store_mod.fcntl is None, reason="no fcntl: no locks to keep")
@pytest.mark.parametrize("when", ["while it writes", "before its lock"])
def test_a_folder_check_survives_another_tricades_clean_up(tmp_path, monkeypatch, when):
    """A second Tricade checks the folder (a small temp file) while the first one's start-up
    clean-up runs: the check's file is left alone while it is locked, and a clean-up that
    removed it in the moment before the lock does not make the folder unusable (it said
    "No such file or directory" and exited with status 2 beside six busy processes)."""
    checker, cleaner = make_store(tmp_path), make_store(tmp_path)
    removed = []
    real_write, real_flock = os.write, store_mod.fcntl.flock

    def write_then_clean(fd, data):
        if data == b"tricade\n" and when == "while it writes":
            removed.append(cleaner.cleanup())
        return real_write(fd, data)

    def clean_then_lock(fd, how):
        if when == "before its lock" and not removed:
            removed.append(None)                      # (the clean-up takes locks itself)
            removed[0] = cleaner.cleanup()
        return real_flock(fd, how)
    monkeypatch.setattr(store_mod.os, "write", write_then_clean)
    monkeypatch.setattr(store_mod.fcntl, "flock", clean_then_lock)
    checker.probe()                                   # no OSError
    assert removed == [0 if when == "while it writes" else 1]
    assert not list(tmp_path.glob(".tricade-check.*"))


def test_cleanup_removes_only_our_left_over_temp_files(tmp_path):
    import fcntl
    (tmp_path / "saves").mkdir()
    ours = [tmp_path / ".settings.json.a1b2c3d4.tmp", tmp_path / "saves" / ".g.json.x_y9z8w7.tmp",
            tmp_path / ".tricade-check.abc12345.tmp", tmp_path / ".cabinet-pin.k2j_4lq9.tmp"]
    theirs = [tmp_path / "notes.tmp", tmp_path / ".hidden.tmp", tmp_path / "settings.json",
              tmp_path / "saves" / ".G.json.a1b2c3d4.tmp"]
    for p in ours + theirs:
        p.write_text("x")
    (tmp_path / ".dir.json.a1b2c3d4.tmp").mkdir()              # a folder: not ours
    os.symlink(tmp_path / "notes.tmp", tmp_path / ".link.json.a1b2c3d4.tmp")  # a link: not ours
    busy = tmp_path / "saves" / ".h.json.busy1234.tmp"        # a write in progress (locked)
    busy.write_text("x")
    fd = os.open(busy, os.O_RDONLY)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        assert make_store(tmp_path).cleanup() == len(ours)
    finally:
        os.close(fd)
    assert not any(p.exists() for p in ours)
    assert all(p.exists() for p in theirs) and busy.exists()
    assert (tmp_path / ".dir.json.a1b2c3d4.tmp").is_dir()
    assert (tmp_path / ".link.json.a1b2c3d4.tmp").is_symlink()
    assert make_store(tmp_path).cleanup() == 1                # the busy one, once released


CHILD = r"""
import sys
sys.path.insert(0, sys.argv[2])
from games.core.store import Store
store = Store(sys.argv[1], log=lambda s: None)
n = int(sys.argv[3]) + 1
assert store.save("saves/loop", {"n": n, "pad": "x" * 20000})
print("ready", flush=True)      # only once a whole file exists: a kill from now on is fair
while True:
    n += 1
    assert store.save("saves/loop", {"n": n, "pad": "x" * 20000})
"""


def test_killed_mid_save_leaves_the_last_file_whole_and_no_temp_after_start(tmp_path):
    rng = random.Random(7)
    last = 0
    removed = 0
    for _ in range(5):
        child = subprocess.Popen([sys.executable, "-c", CHILD, str(tmp_path), str(ROOT),
                                  str(last)], stdout=subprocess.PIPE, text=True)
        assert child.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.02, 0.25))
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
        store = make_store(tmp_path)
        removed += store.cleanup()                 # what the app does at start-up
        assert [p.name for p in (tmp_path / "saves").iterdir()] == ["loop.json"]
        data = store.load("saves/loop", None)
        assert store.notices == []                  # whole: nothing moved aside
        assert data["pad"] == "x" * 20000 and data["n"] > last
        last = data["n"]
    assert last > 0
    print(f"temp files left by kills and cleaned up: {removed}")


def test_the_app_cleans_up_and_says_an_unusable_folder_at_start(make_app, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / ".settings.json.a1b2c3d4.tmp").write_text("{")
    app = make_app(data_dir=str(data))
    assert not (data / ".settings.json.a1b2c3d4.tmp").exists()
    f = tmp_path / "file"
    f.write_text("x")
    app = make_app(data_dir=str(f / "data"))
    said = [t[0] for t in app._toasts]
    assert said == ["Could not keep settings, saves or scores: a file stands where a folder of "
                    "the data folder should be. Play goes on; Tricade will try again."]
    assert app.save_settings() is False
    app.step()
    assert [t[0] for t in app._toasts] == said        # not said twice


# -- the schema --------------------------------------------------------------------------------

def old_clean_settings(data):
    """The settings check as it was before the schema (the oracle for same results)."""
    import copy
    if not isinstance(data, dict):
        raise StoreError("settings are not a table")
    out = copy.deepcopy(store_mod.DEFAULT_SETTINGS)
    if data.get("scale") in store_mod.SCALE_MODES:
        out["scale"] = data["scale"]
    # seat_marks and coordinates came after the schema (everyone at the table): settings
    # like the others
    for key in ("scanlines", "fullscreen", "sound", "swap_confirm", "seat_marks",
                "coordinates"):
        if isinstance(data.get(key), bool):
            out[key] = data[key]
    v = data.get("volume")
    if isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 10:
        out["volume"] = v
    for key, defaults in (("keys", store_mod.DEFAULT_KEYS), ("pad", store_mod.DEFAULT_PAD)):
        table = data.get(key)
        if isinstance(table, dict):
            for action in defaults:
                names = table.get(action)
                if isinstance(names, list) and names and all(isinstance(n, str) for n in names):
                    out[key][action] = names
    if isinstance(data.get("games"), dict):
        out["games"] = {k: v for k, v in data["games"].items()
                        if isinstance(k, str) and isinstance(v, dict)}
    return out


json_leaf = st.one_of(st.none(), st.booleans(), st.integers(-20, 20), st.floats(allow_nan=False),
                      st.sampled_from(["aspect", "integer", "stretch", "true", "", "w", "f10"]))
json_value = st.recursive(json_leaf, lambda inner: st.one_of(
    st.lists(inner, max_size=4),
    st.dictionaries(st.sampled_from(["up", "down", "confirm", "menu", "a", "level", "x"]),
                    inner, max_size=4)), max_leaves=12)
settings_like = st.dictionaries(
    st.sampled_from(list(store_mod.DEFAULT_SETTINGS) + ["other"]),
    st.one_of(json_value, st.dictionaries(st.sampled_from(list(store_mod.DEFAULT_KEYS)),
                                          st.lists(st.sampled_from(["w", "up", "[8]"]),
                                                   max_size=3))), max_size=9)


@settings(max_examples=100, deadline=None)
@given(settings_like)
def test_clean_settings_gives_the_same_results_as_before(data):
    assert store_mod.clean_settings(data) == old_clean_settings(data)


def test_good_settings_files_give_the_same_results():
    good = {"scale": "integer", "scanlines": True, "fullscreen": True, "sound": False,
            "volume": 0, "swap_confirm": True, "keys": {"up": ["w", "up"], "menu": ["m"]},
            "pad": {"confirm": ["b"], "back": ["a"]}, "games": {"tripppin": {"level": 3}}}
    assert store_mod.clean_settings(good) == old_clean_settings(good)
    assert store_mod.clean_settings({}) == store_mod.DEFAULT_SETTINGS
    with pytest.raises(StoreError):
        store_mod.clean_settings([1])


@settings(max_examples=100, deadline=None)
@given(json_value)
def test_schema_fix_never_raises_and_clean_raises_only_store_error(value):
    from games.core import schema as s
    options = s.Table({"level": s.Int(1, 5, 3), "seats": s.ListOf(s.Choice(("human", "computer"),
                                                                           "human"),
                                                                  max_len=3, default=["human"],
                                                                  bad_item="default"),
                       "name": s.Str(8, r"[A-Z]*", "AAA"), "on": s.Bool(True),
                       "speed": s.Float(0.5, 4, 1)}, extra=s.Int(0, 9, 0))
    fixed = options.fix(value)
    assert set(fixed) >= {"level", "seats", "name", "on", "speed"}
    assert options.clean(fixed) == fixed                   # a cleaned value is clean
    try:
        options.clean(value)
    except StoreError:
        assert not isinstance(value, dict)


def test_schema_fields():
    from games.core import schema as s
    assert s.Bool(False).fix("true") is False and s.Bool(False).fix(True) is True
    assert s.Int(0, 10, 1).fix(True) == 1 and s.Int(0, 10, 1).fix(3.0) == 1
    assert s.Int(0, 10, 1).fix(11) == 1 and s.Int(0, 10, 1).fix(10) == 10
    assert s.Float(0, 2, 1).fix(2) == 2.0 and s.Float(0, 2, 1).fix(float("inf")) == 1.0
    assert s.Float(0, 2, 1).fix(False) == 1.0
    assert s.Choice((1, 2), 1).fix(True) == 1 and s.Choice(("a", "b"), "a").fix("b") == "b"
    assert s.Str(3, r"[a-z]+", "x").fix("abcd") == "x" and s.Str(3, r"[a-z]+", "x").fix("ab") == "ab"
    assert s.Str(3, r"[a-z]+", "x").fix("A") == "x"
    names = s.ListOf(s.Str(5), max_len=3, default=["a"], min_len=1)
    assert names.fix(["b", 1]) == ["a"] and names.fix([]) == ["a"] and names.fix(["b"]) == ["b"]
    assert names.fix(["b"] * 4) == ["a"]
    assert s.ListOf(s.Int(0, 9, 0), bad_item="drop").fix([1, "x", 2]) == [1, 2]
    assert s.ListOf(s.Int(0, 9, 0), bad_item="default").fix([1, "x", 2]) == [1, 0, 2]
    t = s.Table({"a": s.Int(0, 9, 5)})
    assert t.fix({"a": True, "b": 1}) == {"a": 5}
    assert s.Table({}, extra="keep").fix({"b": [1]}) == {"b": [1]}
    assert s.Table({}, extra=s.Bool(False)).fix({"b": True, "c": 1}) == {"b": True}
    assert t.fix("nope") == {"a": 5}
    problems = []
    assert t.clean({"a": 99}, problems) == {"a": 5} and problems == ["a: 99 is not valid"]
    with pytest.raises(StoreError):
        t.clean([])
    d = t.default
    d["a"] = 7
    assert t.default == {"a": 5}                           # a fresh copy each time
    with pytest.raises(ValueError):
        s.Int(0, 10, default=11)                           # a bad default is a bug
    deep = []
    for _ in range(5000):
        deep = [deep]
    assert s.ListOf(s.Raw([]), default=[]).fix(deep) is not None


# -- one Tricade per data folder; the command line's edges ------------------------------------

APP_ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1",
               PYTHONFAULTHANDLER="1")   # a hang killed by SIGABRT shows every thread's stack


def start_main(data, *args, **kw):
    return subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--data-dir", str(data),
                             "--mute", *args], cwd=str(ROOT), env=APP_ENV,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


def wait_for_lock(proc, data, timeout=60.0):
    """Until ``proc`` holds the data folder (it writes its pid into the lock file once it
    has the lock); read only, so the wait itself never takes the lock from it."""
    lock = Path(data) / store_mod.LOCK_NAME
    end = time.monotonic() + timeout
    while True:
        try:
            if lock.read_text() == f"{proc.pid}\n":
                return
        except OSError:
            pass
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < end, "the app never took the data folder's lock"
        time.sleep(0.02)


def run_main(data, *args):
    return subprocess.run([sys.executable, str(ROOT / "main.py"), "--data-dir", str(data),
                           "--mute", "--frames", "1", *args], cwd=str(ROOT), env=APP_ENV,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.skipif(store_mod.fcntl is None, reason="no fcntl: no lock, play goes on")
def test_a_second_tricade_on_the_same_data_folder_says_so_and_a_killed_ones_lock_is_gone(
        tmp_path):
    data = tmp_path / "data"
    first = start_main(data, "--frames", "1000000")
    try:
        wait_for_lock(first, data)
        second = run_main(data)
        assert second.returncode == 1
        assert second.stderr.strip().count("\n") == 0
        assert second.stderr.startswith("Another Tricade is already using the data folder")
        assert run_main(tmp_path / "other").returncode == 0      # another folder is free
    finally:
        first.kill()                                            # SIGKILL: no clean-up at all
        first.communicate()
    third = run_main(data)                                      # the stale lock never blocks
    assert third.returncode == 0, third.stderr


def test_a_second_store_in_the_same_process_is_refused_too(tmp_path):
    if store_mod.fcntl is None:
        assert store_mod.lock_data_dir(tmp_path) is None
        return
    fd = store_mod.lock_data_dir(tmp_path)
    assert fd is not None
    try:
        with pytest.raises(store_mod.AlreadyRunning):
            store_mod.lock_data_dir(tmp_path)
    finally:
        os.close(fd)
    os.close(store_mod.lock_data_dir(tmp_path))                 # released with its holder
    f = tmp_path / "file"
    f.write_text("x")
    assert store_mod.lock_data_dir(f / "data") is None          # cannot lock: play goes on


def test_ctrl_c_ends_quietly(tmp_path):
    data = tmp_path / "data"
    # as a terminal starts it: in the foreground, Ctrl+C not ignored (a test run in the
    # background of a shell inherits SIGINT ignored, and so would the app)
    old = signal.signal(signal.SIGINT, signal.default_int_handler)   # the child: default
    try:
        app = start_main(data, "--frames", "1000000", "triaxis", start_new_session=True)
    finally:
        signal.signal(signal.SIGINT, old)
    try:
        wait_for_lock(app, data)
        os.killpg(app.pid, signal.SIGINT)                       # as the terminal sends it
        try:
            out, err = app.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            os.kill(app.pid, signal.SIGABRT)
            print("HUNG", app.communicate()[1][-5000:])
            raise
    finally:
        if app.poll() is None:
            app.kill()
            app.communicate()
    assert app.returncode in (0, 130)
    assert err.strip() == "", err


CTRL_C_IN_PYGAMES_START = """
import os, signal, sys
sys.path.insert(0, sys.argv[1])
import main
from games.core import app as core
real_init, real_step = core.App.__init__, core.App._step
def init(self, *args, **kw):
    try:                     # start-up code that drops what it catches
        os.kill(os.getpid(), signal.SIGINT)
        for _ in range(10000):
            pass
    except BaseException:
        pass
    real_init(self, *args, **kw)
frames = []
def step(self):
    frames.append(1)
    real_step(self)
core.App.__init__, core.App._step = init, step
status = main.main(["--data-dir", sys.argv[2], "--mute", "--frames", "30", "triaxis"])
print("frames", len(frames), "status", status)
"""


def test_a_ctrl_c_while_pygame_starts_is_kept_not_lost(tmp_path):
    """A Ctrl+C that lands in start-up code which drops exceptions still ends the app,
    before its first frame: the stop handlers are there from the first moment and only
    record the signal."""
    old = signal.signal(signal.SIGINT, signal.default_int_handler)   # the child: default
    try:
        out = subprocess.run([sys.executable, "-c", CTRL_C_IN_PYGAMES_START, str(ROOT),
                              str(tmp_path / "data")], cwd=str(ROOT), env=APP_ENV,
                             capture_output=True, text=True, timeout=120)
    finally:
        signal.signal(signal.SIGINT, old)
    assert out.returncode == 0, out.stderr
    assert "frames 0 status 0" in out.stdout, (out.stdout, out.stderr)


def test_a_screenshot_that_cannot_be_written_is_one_sentence(tmp_path):
    folder = tmp_path / "shot.png"
    folder.mkdir()
    r = run_main(tmp_path / "data", "--screenshot", str(folder))
    assert r.returncode == 2 and "is a folder" in r.stderr and "Traceback" not in r.stderr
    if os.path.isdir("/proc/self") and os.access("/proc", os.W_OK):
        # the folder exists and looks writable (to root), but nothing can be created in it
        r = run_main(tmp_path / "data", "--screenshot", "/proc/tricade-shot.png")
        assert r.returncode == 1, r.stderr
        assert r.stderr.startswith("Could not write the screenshot /proc/tricade-shot.png")
        assert r.stderr.strip().count("\n") == 0
    elif os.path.isdir("/proc/self"):        # anyone else is refused before the window opens
        r = run_main(tmp_path / "data", "--screenshot", "/proc/tricade-shot.png")
        assert r.returncode == 2 and "not allowed to write '/proc/tricade-shot.png'" in r.stderr
        assert "Traceback" not in r.stderr


def test_a_relative_xdg_data_home_is_ignored(monkeypatch, tmp_path):
    if sys.platform in ("win32", "darwin"):
        pytest.skip("XDG is for Linux and other Unixes")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", "relative/share")
    assert store_mod.default_data_dir() == tmp_path / ".local" / "share" / "tricade"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "abs"))
    assert store_mod.default_data_dir() == tmp_path / "abs" / "tricade"
    monkeypatch.setenv("XDG_DATA_HOME", "")
    assert store_mod.default_data_dir() == tmp_path / ".local" / "share" / "tricade"


def test_a_failed_pin_write_leaves_no_temp_file(tmp_path, monkeypatch):
    from games.cabinet import operator

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(operator.os, "fsync", full)
    assert operator.set_pin(tmp_path, "1234") is False
    assert list(tmp_path.iterdir()) == []
    monkeypatch.undo()
    assert operator.set_pin(tmp_path, "1234") and operator.check_pin(tmp_path, "1234")


# -- every damaged file is told ----------------------------------------------------------------

def test_nan_and_a_repeated_key_are_told_and_moved_aside(tmp_path):
    from games.tripppin import scores
    told = []
    store = Store(tmp_path, log=told.append)
    (tmp_path / "scores").mkdir()
    path = tmp_path / "scores" / "tripppin.json"
    path.write_text('{"format": "tricade", "kind": "scores/tripppin", "version": 1, '
                    '"data": {"3": {"won": NaN, "lost": 2}}}')
    assert scores.load(store) == {}
    assert len(told) == 1 and "NaN" in told[0] and "moved aside" in told[0]
    assert not path.exists() and (tmp_path / "scores" / "tripppin.json.bad").exists()
    # two "data" keys: json would keep the last (empty) one and reset the record silently
    path.write_text('{"format": "tricade", "kind": "scores/tripppin", "version": 1, '
                    '"data": {"3": {"won": 5, "lost": 2}}, "data": {}}')
    assert scores.load(store) == {}
    assert len(told) == 2 and "'data' twice" in told[1]
    assert (tmp_path / "scores" / "tripppin.json.bad2").exists()


def test_a_score_table_with_wrong_typed_rows_keeps_the_rest_and_says_so(tmp_path):
    from games.tripppin import scores
    told = []
    store = Store(tmp_path, log=told.append)
    (tmp_path / "scores").mkdir()
    path = tmp_path / "scores" / "tripppin.json"
    path.write_text(doc("scores/tripppin", {"3": {"won": 5, "lost": 2},
                                            "4": {"won": "7", "lost": 1},
                                            "5": [1, 2]}))
    got = scores.load(store)
    assert got["3"] == {"won": 5, "lost": 2}                 # the good row is kept
    assert len(told) == 1 and told[0].startswith("Part of the scores of tripppin could not "
                                                 "be read (")
    assert "moved aside as tripppin.json.bad" in told[0]
    bad = json.loads((tmp_path / "scores" / "tripppin.json.bad").read_text())
    assert bad["data"]["4"] == {"won": "7", "lost": 1}       # the original, untouched
    # what was kept is written back: the next start reads it without a word
    again = []
    assert scores.load(Store(tmp_path, log=again.append)) == got and again == []


def test_settings_with_a_bad_value_keep_the_rest_and_say_so(tmp_path):
    told = []
    store = Store(tmp_path, log=told.append)
    (tmp_path / "settings.json").write_text(doc("settings", {"volume": 99, "scale": "integer"}))
    got = store_mod.load_settings(store)
    assert got["scale"] == "integer" and got["volume"] == 8
    assert len(told) == 1 and "volume" in told[0] and "the settings" in told[0]
    assert (tmp_path / "settings.json.bad").exists()
    # a file from before a setting existed is not damaged: nothing is said
    (tmp_path / "settings.json").write_text(doc("settings", {"scale": "integer"}))
    quiet = []
    assert store_mod.load_settings(Store(tmp_path, log=quiet.append))["scale"] == "integer"
    assert quiet == []


# -- gamecontrollerdb.txt: bounded reads --------------------------------------------------------

def pad_line(i, platform="Linux"):
    return (f"{i:032x},Pad {i},a:b0,b:b1,x:b2,y:b3,back:b6,start:b7,leftx:a0,lefty:a1,"
            f"dpup:h0.1,dpdown:h0.4,dpleft:h0.8,dpright:h0.2,platform:{platform},\n")


def test_a_fifo_or_a_huge_gamecontrollerdb_never_holds_start_up(tmp_path):
    from games.core import input as input_mod
    fifo = tmp_path / "fifo" / "gamecontrollerdb.txt"
    fifo.parent.mkdir()
    os.mkfifo(fifo)                                   # a read would wait for a writer forever
    assert input_mod.load_controller_mappings(str(fifo)) == -1
    r = run_main(fifo.parent)                         # the real program, with the FIFO there
    assert r.returncode == 0, r.stderr
    big = tmp_path / "big" / "gamecontrollerdb.txt"
    big.parent.mkdir()
    with open(big, "w") as f:
        f.writelines(pad_line(i) for i in range(100_000))
    assert big.stat().st_size > input_mod.MAPPINGS_MAX_BYTES
    assert input_mod.load_controller_mappings(str(big)) == -1      # not read at all
    r = run_main(big.parent)
    assert r.returncode == 0, r.stderr


def test_mappings_stop_when_their_time_is_up_and_keep_only_this_platform(tmp_path,
                                                                          make_app):
    from games.core import input as input_mod
    make_app()                                        # SDL up, as at start-up
    db = tmp_path / "gamecontrollerdb.txt"
    with open(db, "w") as f:
        f.write("# a comment\n\n")
        f.writelines(pad_line(i + 1) for i in range(3000))
        f.writelines(pad_line(i + 1, "Windows") for i in range(3000, 3100))
    ticks = iter(range(10 ** 6))
    clock = lambda: next(ticks) * 0.01               # every look at the clock: 10 ms later
    added = input_mod.load_controller_mappings(str(db), seconds=0.5, clock=clock)
    assert 0 < added <= 32 * 52                      # stopped after some fifty looks
    platform = "Linux" if sys.platform.startswith("linux") else None
    if platform:
        db.write_text("".join(pad_line(i) for i in range(5000, 5010))
                      + "".join(pad_line(i, "Windows") for i in range(6000, 6010)))
        assert input_mod.load_controller_mappings(str(db)) == 10


def test_a_data_dir_given_by_name_that_cannot_be_used_is_one_sentence(tmp_path):
    f = tmp_path / "file"
    f.write_text("x")
    r = run_main(f / "data")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.strip().splitlines()[-1] == (
        f"python main.py: error: --data-dir '{f / 'data'}' cannot be used: a file stands "
        f"where a folder of the data folder should be")


# -- the writer thread: the disk never holds a frame -----------------------------------------

class SlowDisk:
    """os.fsync held until ``release()``: a disk as slow as a test needs."""

    def __init__(self, monkeypatch):
        import threading
        self.gate = threading.Event()
        self.calls = 0
        real = os.fsync

        def fsync(fd):
            self.calls += 1
            self.gate.wait(30)
            return real(fd)
        monkeypatch.setattr(store_mod.os, "fsync", fsync)

    def release(self):
        self.gate.set()


def test_a_background_save_returns_before_the_disk_and_only_the_newest_is_written(
        tmp_path, monkeypatch):
    disk = SlowDisk(monkeypatch)
    s = Store(tmp_path, log=lambda t: None, background=True)
    for i in range(20):                           # one written (and held), the rest queued
        assert s.save("saves/g", {"move": i}) is True
    assert s.pending("saves/g")
    assert not (tmp_path / "saves" / "g.json").exists()   # held on fsync, not yet renamed
    disk.release()
    assert s.flush(timeout=30)
    assert json.loads((tmp_path / "saves" / "g.json").read_text())["data"] == {"move": 19}
    assert s.written <= 3, "repeated saves of one file are written once"
    s.close()


def test_a_background_read_sees_the_write_queued_before_it(tmp_path):
    s = Store(tmp_path, log=lambda t: None, background=True)
    s.save("scores/x", [1, 2, 3])
    assert s.exists("scores/x")
    assert s.load("scores/x", []) == [1, 2, 3]
    s.save("saves/y", {"a": 1})
    s.delete("saves/y")                            # removals queue after the writes
    assert not s.exists("saves/y")
    s.flush()
    assert not (tmp_path / "saves" / "y.json").exists()
    s.save("saves/y", {"a": 2})
    s.close()                                      # what is queued is written on close
    assert json.loads((tmp_path / "saves" / "y.json").read_text())["data"] == {"a": 2}


def test_a_background_write_that_fails_is_told_in_the_same_sentence(tmp_path):
    said = {}
    for background in (False, True):
        d = tmp_path / str(background)
        d.mkdir()
        (d / "saves").write_text("a file where the folder should be")
        told = []
        s = Store(d, log=told.append, background=background)
        kept = s.save("saves/g", {"a": 1})
        s.flush()
        notices = s.take_notices()
        said[background] = notices
        if background:
            assert told == [], "the writer thread leaves the telling to the main loop"
            assert s.save("saves/g", {"a": 2}) is False, "known to fail: said at once"
        else:
            assert kept is False and told == notices
        s.close()
    assert said[True] == said[False] and len(said[True]) == 1
    assert said[True][0].startswith("Could not keep the saved game g: ")


def test_a_move_lands_in_a_frame_that_does_not_wait_for_the_disk(make_app, monkeypatch):
    """A game autosaves after every move: with fsync held, the frame still ends (and the
    notices and the save arrive once the disk answers)."""
    import games
    from games.tribolo.scene import TriboloScene
    app = make_app(background_writes=True, anim_speed=0)
    scene = app.push(TriboloScene(app, seed=3, title=False))
    for seat in list(scene.table.seats):
        scene.table.set_seat(seat, "human")
    app.step()
    disk = SlowDisk(monkeypatch)
    state = scene.table.state
    move = next(m for m in state.legal_moves() if m != "resign")
    assert scene.play_move(move)
    app.step()                                     # the move lands and is saved: no wait
    assert scene.table.ply == 1 and app.store.pending()
    disk.release()
    app.store.flush()
    assert disk.calls
    assert app.store.load(scene.save_name, None)["moves"], "the move was kept"
    assert games.get("tribolo")


KILLED_WRITER = r"""
import os, sys, time
sys.path.insert(0, sys.argv[2])
from games.core import store as store_mod
s = store_mod.Store(sys.argv[1], log=lambda t: None, background=True)
s.save("saves/g", {"moves": [1]})
s.flush()
real = os.fsync
def slow(fd):
    time.sleep(0.2)          # a slow disk: the kill comes while the write waits on it
    return real(fd)
store_mod.os.fsync = slow
s.save("saves/g", {"moves": [1, 2]})
print("moved", flush=True)
time.sleep(30)
"""


def test_killed_right_after_a_move_the_game_resumes_at_it_or_the_one_before(tmp_path):
    p = subprocess.Popen([sys.executable, "-c", KILLED_WRITER, str(tmp_path), str(ROOT)],
                         stdout=subprocess.PIPE, text=True)
    assert p.stdout.readline().strip() == "moved"
    p.kill()                                        # kill -9 while the write is in flight
    p.wait()
    got = make_store(tmp_path).load("saves/g", None)
    assert got in ({"moves": [1]}, {"moves": [1, 2]})
    assert not list((tmp_path / "saves").glob("*.bad*")), "nothing half-written"


# -- the last writes, at exit ------------------------------------------------------------------

def test_a_setting_changed_just_before_exit_that_cannot_be_kept_is_said(readonly_dir, make_app,
                                                                        capsys):
    """Issue 49: a change a frame before the end (F11, the volume, a rebinding, a seat)
    whose write then failed on a read-only or full disk was lost without a word: the
    writer thread leaves the telling to the main loop, and the loop had ended. The app
    waits for the last writes at exit and says a failure on standard error."""
    d, remount = readonly_dir
    remount("rw")
    app = make_app(data_dir=str(d / "data"), background_writes=True, anim_speed=0)
    app.step()
    capsys.readouterr()
    remount("ro")                                   # the disk fails now
    app.settings["volume"] = 3                      # the volume, a frame before the end
    app.save_settings()
    app.shutdown(quit_pygame=False)
    err = capsys.readouterr().err
    assert ("Could not keep the settings: the data folder is read-only. Play goes on; "
            "Tricade will try again.") in err
    assert not app.store.pending()


def test_a_cabinet_says_a_last_write_that_failed_in_its_log(make_app, capsys):
    """The same on a cabinet: the operator reads it in the cabinet's log. (A folder of the
    data folder replaced by a file fails that write and leaves the log writable.)"""
    from games.cabinet import install
    from games.cabinet.cabinet import LOG_NAME
    app = make_app(kiosk=True, background_writes=True, anim_speed=0)
    install(app)
    app.step()
    (Path(app.store.dir) / "scores").write_text("not a folder\n")
    app.store.save("scores/tribolo", {"table": []})          # queued a frame before the end
    app.shutdown(quit_pygame=False)
    sentence = ("Could not keep the scores of tribolo: a file stands where a folder of the "
                "data folder should be.")
    assert sentence in capsys.readouterr().err
    assert sentence in (Path(app.store.dir) / LOG_NAME).read_text()
