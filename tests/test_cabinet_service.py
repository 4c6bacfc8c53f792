"""The cabinet as a process and a service: signals end it cleanly and quickly, its books
survive kill -9, the PIN is set from the command line, the log cannot stall it, and the
unit and the autostart entry are what systemd and the desktop accept."""

import json
import os
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from games.cabinet import EXIT_TO_DESKTOP, boot, log as cablog, operator

ROOT = Path(__file__).resolve().parents[1]


def env():
    e = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
             PYGAME_HIDE_SUPPORT_PROMPT="1", TRICADE_REPORT_FIRST_FRAME="1")
    return e


def start_kiosk(data: Path):
    """``python main.py --kiosk --data-dir DATA``, returned once its first frame is shown."""
    p = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--kiosk", "--data-dir",
                          str(data)], env=env(), cwd=str(ROOT), stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    line = ""
    while time.monotonic() < deadline:
        line = p.stderr.readline()
        if "first frame" in line or not line:
            break
    if "first frame" not in line:
        p.kill()
        out, err = p.communicate()
        pytest.fail(f"the cabinet did not start: {line}{err}")
    time.sleep(0.3)                        # a few frames of the running loop
    return p


def time_to_exit(sig) -> tuple:
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        p = start_kiosk(Path(d) / "data")
        t0 = time.monotonic()
        p.send_signal(sig)
        try:
            out, err = p.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            p.kill()
            p.communicate()
            pytest.fail(f"{sig!r} did not end the cabinet within 10 s")
        took = time.monotonic() - t0
        log = (Path(d) / "data" / cablog.LOG_NAME).read_text()
    return took, p.returncode, err, log


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP])
def test_a_signal_ends_the_cabinet_cleanly_within_two_seconds(sig):
    took, code, err, log = time_to_exit(sig)
    assert took < 2.0, f"{sig!r}: {took:.2f} s"
    assert code == 0, err
    assert "Traceback" not in err
    assert "cabinet stopped" in log, "the shutdown ran (books kept, worker closed)"


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
def test_credits_and_coins_survive_a_kill_and_a_restart_gives_back_the_unplayed(tmp_path,
                                                                                sig):
    """Stopped in a game paid for and not yet moved in: killed (a power cut, a kill -9),
    the coins and the credit spent are on disk and at the restart that credit stands
    again; stopped (SIGTERM, as systemd stops it), it stands again as the program ends.
    Either way nobody played it, the books balance and the log says so, once."""
    data = tmp_path / "data"
    child = [sys.executable, str(ROOT / "tests" / "cabinet_child.py"), str(data)]
    p = subprocess.Popen(child + ["coins", "5"], env=env(), stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    try:
        first = json.loads(p.stdout.readline())
    finally:                                # killed the moment it answered: a coin, a
        p.send_signal(sig)                  # credit spent are on disk before the screen says so
        p.communicate(timeout=10)
    assert first["text"] == "CREDITS 1  1/2 COINS", first
    assert first["top"] != "LauncherScene", "a game was started mid-run"
    before = stored(data, "cabinet/books")
    if sig == signal.SIGKILL:
        assert before["credits_played"] == 1 and before["unplayed"] == 1, before
    else:
        assert before["credits_played"] == 0 and before["unplayed"] == 0, before
    r = subprocess.run(child + ["show"], env=env(), capture_output=True, text=True, timeout=60)
    shown = json.loads(r.stdout.splitlines()[-1])
    assert shown["text"] == "CREDITS 2  1/2 COINS"
    books = shown["books"]
    assert books["coins"]["1"] == 5 and books["credits_bought"] == 2
    assert books["credits_played"] == 0 and books["unplayed"] == 0, books
    assert books["opening"] + books["credits_bought"] == \
        books["credits_played"] + books["credits"] + books["held"], "the books balance"
    assert sum(books["plays"].values()) == 0, "no move was made: no play"
    log = (data / cablog.LOG_NAME).read_text()
    said = ("1 paid game(s) nobody had moved in: 1 credit(s) stand again"
            if sig == signal.SIGKILL else "its credit stands again (nobody played it)")
    assert log.count("stand again") + log.count("stands again") == 1 and said in log, log
    again = subprocess.run(child + ["show"], env=env(), capture_output=True, text=True,
                           timeout=60)
    assert json.loads(again.stdout.splitlines()[-1])["text"] == "CREDITS 2  1/2 COINS", \
        "given back once"


def test_the_pin_is_set_from_the_command_line(tmp_path):
    data = tmp_path / "data"
    cmd = [sys.executable, str(ROOT / "main.py"), "--set-pin", "--data-dir", str(data)]
    bad = subprocess.run(cmd, input="12a4\n", env=env(), capture_output=True, text=True,
                         timeout=60)
    assert bad.returncode == 2 and "4 digits" in bad.stderr
    assert not operator.pin_is_set(data)
    ok = subprocess.run(cmd, input="4711\n", env=env(), capture_output=True, text=True,
                        timeout=60)
    assert ok.returncode == 0, ok.stderr
    assert operator.check_pin(data, "4711") and not operator.check_pin(data, "4712")


# -- the log never stalls the cabinet -----------------------------------------------------
@pytest.fixture
def alarm():
    """Fail (not hang) if the code under test blocks."""
    def hung(*_):
        raise TimeoutError("blocked on cabinet.log")
    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(10)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


@pytest.mark.parametrize("kind", ["fifo", "devzero", "folder"])
def test_a_log_that_is_not_a_regular_file_is_refused_without_blocking(make_app, tmp_path,
                                                                       kind, alarm, capfd):
    from driver import frames
    from games.cabinet import install
    from games.cabinet.operator import LogScene
    data = tmp_path / "data"
    data.mkdir()
    path = data / cablog.LOG_NAME
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "devzero":
        os.symlink("/dev/zero", path)
    else:
        path.mkdir()
    app = make_app(kiosk=True)
    cab = install(app)
    frames(app, 2)
    for i in range(5):
        cab.log.error("something %d", i)
    told = [t for t in app._told if "cabinet.log" in t]
    assert len(told) == 1, app._told
    viewer = app.push(LogScene(app, cab))
    assert any("cannot be read" in line for line in viewer.lines), viewer.lines
    assert "Traceback" not in capfd.readouterr().err
    if kind == "fifo":
        assert stat.S_ISFIFO(os.lstat(path).st_mode), "left where it is"


def test_the_log_is_capped(tmp_path):
    path = tmp_path / cablog.LOG_NAME
    line = b"x" * 999 + b"\n"
    for _ in range(3 * cablog.LOG_BYTES // len(line) + 10):
        cablog.append(path, line)
    sizes = [p.stat().st_size for p in tmp_path.iterdir()]
    assert len(sizes) == 1 + cablog.LOG_BACKUPS and max(sizes) <= cablog.LOG_BYTES
    assert cablog.read_tail(path).endswith("x\n")


def test_each_line_of_the_log_reaches_the_disk_before_the_next(tmp_path, monkeypatch):
    """Issue 48: the log was written without a sync, so a power cut kept a run of zero
    bytes where its last lines were (a coin's, "cabinet started"). Every line is synced
    (its data) before ``append`` returns; a new log's name, and a rotation's, is synced in
    its folder too."""
    synced = []
    real_sync = getattr(os, "fdatasync", os.fsync)
    real_fsync = os.fsync

    def record(kind, real):
        def sync(fd):
            st = os.fstat(fd)
            synced.append((kind, "dir" if stat.S_ISDIR(st.st_mode) else st.st_size))
            return real(fd)
        return sync
    if hasattr(os, "fdatasync"):
        monkeypatch.setattr(os, "fdatasync", record("data", real_sync))
    monkeypatch.setattr(os, "fsync", record("sync", real_fsync))
    path = tmp_path / cablog.LOG_NAME
    cablog.append(path, b"cabinet started\n")
    assert ("dir" in [size for _, size in synced]), "the new file's name is synced"
    assert synced[0][1] == len(b"cabinet started\n"), synced
    synced.clear()
    cablog.append(path, b"coin in slot 1: 1 credit(s)\n")
    assert [size for _, size in synced] == [path.stat().st_size], synced


def test_the_log_reader_skips_what_a_power_cut_left(tmp_path):
    """A power cut can leave the log's last blocks as zero bytes, or a line cut short;
    the next start appends after them. The log page shows every whole line, no zero byte,
    and the next line starts on a line of its own."""
    path = tmp_path / cablog.LOG_NAME
    path.write_bytes(b"2026-12-06 10:00:00 INFO cabinet started\n"
                     b"2026-12-06 10:00:05 INFO coin in slot 1: 1 credit(s)\n"
                     b"2026-12-06 10:00:06 INFO tripp" + b"\0" * 4000)
    cablog.append(path, b"2026-12-06 10:05:00 INFO cabinet started\n")
    text = cablog.read_tail(path)
    assert "\0" not in text
    lines = text.splitlines()
    assert lines[0].endswith("cabinet started") and lines[1].endswith("1 credit(s)")
    assert lines[-1] == "2026-12-06 10:05:00 INFO cabinet started", lines
    assert all(line.startswith("2026-") or "cut off" in line for line in lines), lines


# -- starting at boot ---------------------------------------------------------------------
def _verify(unit: Path, tmp_path: Path, home: Path) -> str:
    if not shutil.which("systemd-analyze"):
        pytest.skip("systemd-analyze is not installed (apt-get install systemd)")
    runtime = tmp_path / "runtime"
    runtime.mkdir(mode=0o700, exist_ok=True)
    r = subprocess.run(["systemd-analyze", "--user", "verify", str(unit)],
                       env=dict(os.environ, XDG_RUNTIME_DIR=str(runtime), HOME=str(home)),
                       capture_output=True, text=True, timeout=60)
    return (r.returncode, r.stdout + r.stderr)


def test_the_installed_unit_verifies_clean(tmp_path):
    unit = tmp_path / "tricade.service"
    unit.write_text(boot.unit_text(sys.executable, str(ROOT.resolve()), home=str(Path.home())))
    code, said = _verify(unit, tmp_path, Path.home())
    assert code == 0 and said.strip() == "", said
    text = unit.read_text()
    assert "WantedBy=default.target" in text and "graphical-session" not in text
    assert "Restart=always" in text and f"RestartPreventExitStatus={EXIT_TO_DESKTOP}" in text
    # main.py by its whole path, or from %h where the checkout is in the home folder (a
    # newcomer's clone is: ~/tricade)
    main = boot.systemd_word(str(ROOT.resolve() / "main.py"), str(Path.home()))
    assert f" {main} --kiosk" in text


def test_the_repository_unit_is_the_template_and_verifies_clean(tmp_path):
    shipped = (ROOT / "cabinet" / "tricade.service").read_text()
    assert shipped == boot.template_unit(), "regenerate: python -m games.cabinet.boot template-unit"
    home = tmp_path / "home"
    venv = home / "tricade" / ".venv" / "bin"
    venv.mkdir(parents=True)
    (venv / "python").write_text("#!/bin/sh\n")
    (venv / "python").chmod(0o755)
    code, said = _verify(ROOT / "cabinet" / "tricade.service", tmp_path, home)
    assert code == 0 and said.strip() == "", said


def test_a_path_with_spaces_and_signs_is_quoted_for_systemd(tmp_path):
    root = tmp_path / "my games 100% $HOME"
    root.mkdir()
    (root / "main.py").write_text("")
    unit = tmp_path / "tricade.service"
    unit.write_text(boot.unit_text(sys.executable, str(root)))
    code, said = _verify(unit, tmp_path, Path.home())
    assert code == 0 and said.strip() == "", said


def _validate(path: Path) -> str:
    if not shutil.which("desktop-file-validate"):
        pytest.skip("desktop-file-validate is not installed (apt-get install desktop-file-utils)")
    r = subprocess.run(["desktop-file-validate", str(path)], capture_output=True, text=True,
                       timeout=60)
    return r.returncode, r.stdout + r.stderr


@pytest.mark.parametrize("which", ["installed", "repository", "odd path"])
def test_the_autostart_entry_validates(tmp_path, which):
    if which == "repository":
        path = ROOT / "cabinet" / "tricade.desktop"
        assert path.read_text() == boot.template_desktop()
    else:
        root = str(ROOT.resolve()) if which == "installed" else str(tmp_path / 'a "b" $c %d')
        path = tmp_path / "tricade.desktop"
        path.write_text(boot.desktop_text(sys.executable, root))
    code, said = _validate(path)
    assert code == 0 and "error" not in said, said


def test_install_script_writes_the_unit_for_the_checkout_and_its_venv(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    # the venv's python: this test's own interpreter, run by its path (a symlink to it would
    # find no pyvenv.cfg beside it, so when the suite runs in a venv it would be the base
    # Python, without pygame, and install.sh would rightly refuse it)
    (venv / "bin" / "python").write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n')
    (venv / "bin" / "python").chmod(0o755)
    # a user, not root (install.sh refuses root), whoever runs the suite
    path = f"{_fake_bin(tmp_path)}:{os.environ['PATH']}"
    r = subprocess.run(["sh", str(ROOT / "cabinet" / "install.sh"), "--no-enable"],
                       env=dict(env(), HOME=str(home), VIRTUAL_ENV=str(venv), PATH=path,
                                XDG_CONFIG_HOME=str(home / ".config"),
                                XDG_RUNTIME_DIR=str(tmp_path)),
                       capture_output=True, text=True, timeout=120, cwd=str(tmp_path))
    if (ROOT / ".venv" / "bin" / "python").exists():
        venv = ROOT / ".venv"
    assert r.returncode == 0, r.stderr
    unit = (home / ".config" / "systemd" / "user" / "tricade.service").read_text()
    assert f'"{venv}/bin/python"' in unit, unit
    assert str(ROOT.resolve() / "main.py") in unit
    r = subprocess.run(["sh", str(ROOT / "cabinet" / "install.sh"), "--autostart"],
                       env=dict(env(), HOME=str(home), VIRTUAL_ENV=str(venv), PATH=path,
                                XDG_CONFIG_HOME=str(home / ".config")),
                       capture_output=True, text=True, timeout=120, cwd=str(tmp_path))
    assert r.returncode == 0, r.stderr
    entry = (home / ".config" / "autostart" / "tricade.desktop").read_text()
    assert f"{venv}/bin/python" in entry and "--kiosk" in entry


# -- the one-command install, the watchdog and the keeper (issue 34) ----------------------
def _fake_bin(tmp_path: Path) -> Path:
    """A PATH head that makes install.sh a user with no root at hand: `id` says cabtest
    (uid 1000), sudo and loginctl refuse (nothing on this machine is touched)."""
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "id").write_text('#!/bin/sh\ncase "$1" in -un) echo cabtest ;; -u) echo 1000 ;;'
                             ' *) exec /usr/bin/id "$@" ;; esac\n')
    (fake / "sudo").write_text("#!/bin/sh\necho 'sudo: a password is required' >&2\nexit 1\n")
    (fake / "loginctl").write_text("#!/bin/sh\necho 'Failed to connect to bus' >&2\nexit 1\n")
    for f in fake.iterdir():
        f.chmod(0o755)
    return fake


def _install(tmp_path: Path, *args):
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    e = {k: v for k, v in env().items()
         if k not in ("DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR", "VIRTUAL_ENV",
                      "XDG_CONFIG_HOME", "SUDO_USER")}
    fake = tmp_path / "bin" if (tmp_path / "bin").exists() else _fake_bin(tmp_path)
    e.update(HOME=str(home), XDG_DATA_HOME=str(tmp_path / "data"),
             PATH=f"{fake}:{os.environ['PATH']}")
    r = subprocess.run(["sh", str(ROOT / "cabinet" / "install.sh"), "--python", sys.executable,
                        *args], env=e, stdin=subprocess.DEVNULL, capture_output=True,
                       text=True, timeout=120, cwd=str(tmp_path))
    return r, home


def test_install_without_a_bus_enables_the_unit_and_names_the_one_root_command(tmp_path):
    r, home = _install(tmp_path)
    units = home / ".config" / "systemd" / "user"
    unit = (units / "tricade.service").read_text()
    for line in ("Type=notify", "WatchdogSec=30", "Restart=always",
                 f"RestartPreventExitStatus={EXIT_TO_DESKTOP}", "WantedBy=default.target"):
        assert line + "\n" in unit, line
    link = units / "default.target.wants" / "tricade.service"
    assert link.is_symlink() and link.resolve() == (units / "tricade.service").resolve()
    if shutil.which("systemctl"):                       # systemd's own idea of "enabled"
        said = subprocess.run(["systemctl", "--user", "--root=/", "is-enabled",
                               "tricade.service"], env=dict(os.environ, HOME=str(home)),
                              capture_output=True, text=True, timeout=60)
        assert said.stdout.strip() == "enabled", said.stdout + said.stderr
    # lingering needs root, which this user cannot have: exit 3 and the exact command
    assert r.returncode == 3, r.stdout + r.stderr
    assert r.stderr.strip().splitlines()[-1] == "Next, run: sudo loginctl enable-linger cabtest"
    assert "--set-pin" in r.stderr, "no terminal: the PIN command is named"


def test_install_routes_replace_each_other(tmp_path):
    _install(tmp_path)
    units = tmp_path / "home" / ".config" / "systemd" / "user"
    assert (units / "default.target.wants" / "tricade.service").is_symlink()
    r, home = _install(tmp_path, "--autostart")
    assert r.returncode == 0, r.stderr
    assert not (units / "default.target.wants" / "tricade.service").is_symlink()
    openbox = (home / ".config" / "openbox" / "autostart").read_text()
    assert "cabinet/respawn.py" in openbox and openbox.rstrip().endswith(boot.OPENBOX_END)
    entry = (home / ".config" / "autostart" / "tricade.desktop").read_text()
    assert "respawn.py" in entry and "--kiosk" in entry
    # the user's own openbox lines are kept; ours are there once after a second install
    (home / ".config" / "openbox" / "autostart").write_text("xset s off &\n" + openbox)
    _install(tmp_path, "--autostart")
    openbox = (home / ".config" / "openbox" / "autostart").read_text()
    assert openbox.startswith("xset s off &\n") and openbox.count("respawn.py") == 1
    _install(tmp_path)
    assert (units / "default.target.wants" / "tricade.service").is_symlink()
    assert not (home / ".config" / "autostart" / "tricade.desktop").exists()
    assert (home / ".config" / "openbox" / "autostart").read_text() == "xset s off &\n"


def test_the_cabinet_venv_gets_the_runtime_requirements_only():
    runtime = (ROOT / "requirements-runtime.txt").read_text().lower()
    assert "pygame-ce" in runtime and "pytest" not in runtime and "hypothesis" not in runtime
    full = (ROOT / "requirements.txt").read_text()
    assert "-r requirements-runtime.txt" in full and "pytest" in full
    assert "requirements-runtime.txt" in (ROOT / "cabinet" / "install.sh").read_text()


class NotifySocket:
    """A datagram socket as systemd's $NOTIFY_SOCKET: what a process sends, with times."""

    def __init__(self):
        import socket
        import tempfile
        self.dir = tempfile.mkdtemp(prefix="notify-", dir="/tmp")    # short: AF_UNIX paths
        self.path = os.path.join(self.dir, "notify")
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(self.path)
        self.sock.settimeout(0.1)
        self.got = []                      # (monotonic time, message)

    def env(self, watchdog_s: float) -> dict:
        return dict(env(), NOTIFY_SOCKET=self.path, WATCHDOG_USEC=str(int(watchdog_s * 1e6)))

    def listen(self, seconds: float, until=None) -> list:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                data = self.sock.recv(4096).decode()
            except OSError:
                continue
            self.got.append((time.monotonic(), data))
            if until and until in data:
                break
        return self.got

    def close(self):
        self.sock.close()
        shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture
def notify_socket():
    s = NotifySocket()
    yield s
    s.close()


def test_the_cabinet_tells_a_real_notify_socket_ready_and_feeds_its_watchdog(tmp_path,
                                                                            notify_socket):
    p = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--kiosk", "--data-dir",
                          str(tmp_path / "data")], env=notify_socket.env(0.6), cwd=str(ROOT),
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        notify_socket.listen(60, until="READY=1")
        assert any("READY=1" in m for _, m in notify_socket.got), notify_socket.got
        ready_at = notify_socket.got[-1][0]
        notify_socket.listen(2.0)          # the cabinet idles on its launcher meanwhile
    finally:
        p.send_signal(signal.SIGTERM)
        _, err = p.communicate(timeout=10)
    feeds = [t for t, m in notify_socket.got if m == "WATCHDOG=1" and t > ready_at]
    assert len(feeds) >= 6, (len(feeds), notify_socket.got)          # every 0.2 s
    gaps = [b - a for a, b in zip([ready_at] + feeds, feeds)]
    assert max(gaps) < 0.6, gaps                                       # never past its time
    assert p.returncode == 0, err


HANGING_APP = """
import sys, time
sys.path.insert(0, sys.argv[2])
from games.core.app import App, Options, Scene
class Hang(Scene):
    def enter(self):
        self.t0 = time.monotonic()
    def update(self, dt):
        if time.monotonic() - self.t0 > 1.5:
            self.app.notifier.send("STATUS=blocked")     # in order with the feeds
            time.sleep(60)             # the main loop is stuck here
        return False
app = App(Options(data_dir=sys.argv[1], window_size=(640, 480), worker_mode="thread"))
app.push(Hang(app))
sys.exit(app.run())
"""


def test_a_blocked_main_loop_stops_feeding_the_watchdog(tmp_path, notify_socket):
    p = subprocess.Popen([sys.executable, "-c", HANGING_APP, str(tmp_path / "data"),
                          str(ROOT)], env=notify_socket.env(0.3), stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    try:
        notify_socket.listen(60, until="STATUS=blocked")
        notify_socket.listen(2.0)
    finally:
        p.kill()
        p.communicate(timeout=10)
    said = [m for _, m in notify_socket.got]
    assert "STATUS=blocked" in said, said
    blocked = said.index("STATUS=blocked")
    assert said[:blocked].count("WATCHDOG=1") >= 5, said            # fed every 0.1 s
    assert said[blocked + 1:] == [], said                            # and then never


KEPT = """
import sys, time
sys.path.insert(0, sys.argv[3])
from games.core.notify import Notifier
runs = open(sys.argv[1], "a+")
runs.seek(0)
n = len(runs.read().splitlines())
runs.write("run\\n")
runs.close()
notifier = Notifier()
notifier.ready()
if n < 2 and sys.argv[2] == "hang":
    t = time.monotonic()
    while time.monotonic() - t < 0.5:
        notifier.feed()
        time.sleep(0.05)
    time.sleep(60)
if n < 2:
    sys.exit(1)              # as a lost display ends Tricade
sys.exit(64)                 # the operator's "Exit to the desktop"
"""


@pytest.mark.parametrize("mode", ["exit", "hang"])
def test_the_autostart_keeper_restarts_all_but_the_operators_exit(tmp_path, mode):
    runs = tmp_path / "runs"
    e = {k: v for k, v in env().items() if k not in ("DISPLAY", "NOTIFY_SOCKET")}
    e["XDG_RUNTIME_DIR"] = str(tmp_path)
    r = subprocess.run([sys.executable, str(ROOT / "cabinet" / "respawn.py"), "--watchdog",
                        "1", "--delay", "0.2", "--", sys.executable, "-c", KEPT, str(runs),
                        mode, str(ROOT)], env=e, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert runs.read_text().count("run") == 3, r.stderr
    if mode == "hang":
        assert r.stderr.count("it hangs") == 2, r.stderr
    else:
        assert r.stderr.count("status 1") == 2, r.stderr
    assert "not started again" in r.stderr


def test_set_pin_while_the_cabinet_runs_says_how_to_stop_it(tmp_path):
    data = tmp_path / "data"
    p = start_kiosk(data)
    try:
        r = subprocess.run([sys.executable, str(ROOT / "main.py"), "--set-pin", "--data-dir",
                            str(data)], input="4711\n", env=env(), capture_output=True,
                           text=True, timeout=60)
    finally:
        p.send_signal(signal.SIGTERM)
        p.communicate(timeout=10)
    assert r.returncode == 1
    assert "Stop it, set the PIN, then start it again" in r.stderr, r.stderr
    assert f"kill {p.pid}" in r.stderr and "--set-pin" in r.stderr, r.stderr
    assert not operator.pin_is_set(data)


def test_one_keeper_a_user_the_second_leaves_at_once(tmp_path):
    e = {k: v for k, v in env().items() if k not in ("DISPLAY", "NOTIFY_SOCKET")}
    e["XDG_RUNTIME_DIR"] = str(tmp_path)
    keeper = [sys.executable, str(ROOT / "cabinet" / "respawn.py"), "--"]
    first = subprocess.Popen(keeper + [sys.executable, "-c", "import time; time.sleep(60)"],
                             env=e, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 30
        while not list(tmp_path.glob("tricade-notify-*")) and time.monotonic() < deadline:
            time.sleep(0.05)                         # the first holds the lock by now
        second = subprocess.run(keeper + [sys.executable, "-c", "print('second ran')"],
                                env=e, capture_output=True, text=True, timeout=30)
    finally:
        first.send_signal(signal.SIGTERM)
        _, err = first.communicate(timeout=20)
    assert second.returncode == 0 and "second ran" not in second.stdout
    assert "already running" in second.stderr, second.stderr
    assert first.returncode == 0 and "stopped by signal" in err, err


def kill_after(data, kind, n, k):
    """A real cabinet doing ``n`` of ``kind`` (coin, start, pin); killed with SIGKILL the
    moment the ``k``-th was answered on its screen (it waits for the test before the next)."""
    child = [sys.executable, str(ROOT / "tests" / "cabinet_child.py"), str(data), "kill",
             kind, str(n)]
    p = subprocess.Popen(child, env=env(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    try:
        assert p.stdout.readline().strip() == "ready"
        for i in range(1, k + 1):
            line = p.stdout.readline().strip()
            assert line == f"done {i}", (line, p.stderr.read() if p.poll() is not None else "")
            if i < k:
                p.stdin.write("\n")
                p.stdin.flush()
        p.send_signal(signal.SIGKILL)
    finally:
        if p.poll() is None:
            p.kill()
        p.communicate(timeout=30)


def stored(data, name):
    doc = json.loads((data / (name + ".json")).read_text())
    return doc["data"]


@pytest.mark.parametrize("each", [8, pytest.param(17, marks=pytest.mark.slow)])
def test_kill_9_right_after_a_coin_a_start_or_a_wrong_pin_loses_none(tmp_path, each):
    """Real processes (``each`` of a kind: 24 in the default run, 51 with -m slow), each
    killed the moment the screen answered a coin, a start or a wrong PIN: every one of them
    is on disk."""
    import random
    from games.cabinet import operator
    rng = random.Random(34)
    kinds = ["coin"] * each + ["start"] * each + ["pin"] * each
    for t, kind in enumerate(kinds):
        data = tmp_path / f"d{t}"
        data.mkdir()
        locks = kind == "pin" and t % 2 == 0       # the fifth wrong PIN: the lock
        if kind == "pin":
            assert operator.set_pin(data, "1234")
            if locks:
                (data / "cabinet").mkdir()
                (data / "cabinet" / "pin-tries.json").write_text(json.dumps(
                    {"format": "tricade", "kind": "cabinet/pin-tries", "version": 1,
                     "data": {"fails": 4, "service_fails": 0, "locked_until": 0.0}}))
        k = rng.randint(1, 3) if kind != "pin" else 1
        kill_after(data, kind, 3, k)
        if kind == "coin":
            books = stored(data, "cabinet/books")
            assert books["coins"]["1"] == k and books["credits"] == k, (t, books)
        elif kind == "start":
            books = stored(data, "cabinet/books")
            # each start before the last was left without a move: its credit stands again;
            # the last one's is marked unplayed (given back at the next start)
            assert books["coins"]["1"] == 3 and books["credits_played"] == 1, (t, books)
            assert books["credits"] == 2 and books["unplayed"] == 1
        else:
            tries = stored(data, "cabinet/pin-tries")
            assert tries["fails"] == (5 if locks else 1), (t, tries)
            if locks:
                assert tries["locked_until"] > time.time() + 14 * 60, "the lock is kept"
