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


def test_credits_and_coins_survive_kill_9_and_a_restart(tmp_path):
    data = tmp_path / "data"
    child = [sys.executable, str(ROOT / "tests" / "cabinet_child.py"), str(data)]
    p = subprocess.Popen(child + ["coins", "5"], env=env(), stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    try:
        first = json.loads(p.stdout.readline())
    finally:
        time.sleep(0.2)
        p.send_signal(signal.SIGKILL)
        p.communicate(timeout=10)
    assert first["text"] == "CREDITS 1  1/2 COINS", first
    assert first["top"] != "LauncherScene", "a game was started mid-run"
    r = subprocess.run(child + ["show"], env=env(), capture_output=True, text=True, timeout=60)
    shown = json.loads(r.stdout.splitlines()[-1])
    assert shown["text"] == "CREDITS 1  1/2 COINS"
    books = shown["books"]
    assert books["coins"]["1"] == 5 and books["credits_bought"] == 2
    assert books["credits_played"] == 1 and sum(books["plays"].values()) == 1


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
    assert str(ROOT.resolve() / "main.py") in text and "--kiosk" in text


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
    r = subprocess.run(["sh", str(ROOT / "cabinet" / "install.sh"), "--no-enable"],
                       env=dict(env(), HOME=str(home), VIRTUAL_ENV=str(venv),
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
                       env=dict(env(), HOME=str(home), VIRTUAL_ENV=str(venv),
                                XDG_CONFIG_HOME=str(home / ".config")),
                       capture_output=True, text=True, timeout=120, cwd=str(tmp_path))
    assert r.returncode == 0, r.stderr
    entry = (home / ".config" / "autostart" / "tricade.desktop").read_text()
    assert f"{venv}/bin/python" in entry and "--kiosk" in entry
