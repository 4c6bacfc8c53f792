"""A cabinet that boots (issue 48): the install's operator items (root refused, the data
folder named in the unit, the kiosk session), and, marked slow, the whole machine under
QEMU: power on to the attract loop, a coin and a game by the panel keys, power cuts, the
power button. The machine tests skip with the reason when this machine has no QEMU, no
usable KVM (unless TRICADE_CABINET_TCG=1 asks for plain emulation), no root or no image (``python -m tools.cabinetvm build`` makes it; the variable
TRICADE_CABINET_IMAGE names another)."""

import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from games.cabinet import boot

ROOT = Path(__file__).resolve().parents[1]


def _fake_user_bin(tmp_path: Path, uid: int = 1000) -> Path:
    """`id` says cabtest with ``uid``; sudo and loginctl refuse (nothing here is touched)."""
    fake = tmp_path / "bin"
    fake.mkdir(exist_ok=True)
    (fake / "id").write_text(f'#!/bin/sh\ncase "$1" in -un) echo cabtest ;; -u) echo {uid} ;;'
                             ' *) exec /usr/bin/id "$@" ;; esac\n')
    (fake / "sudo").write_text("#!/bin/sh\necho 'sudo: a password is required' >&2\nexit 1\n")
    (fake / "loginctl").write_text("#!/bin/sh\necho 'Failed to connect to bus' >&2\nexit 1\n")
    for f in fake.iterdir():
        f.chmod(0o755)
    return fake


def _install(tmp_path: Path, *args, uid: int = 1000):
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    e = {k: v for k, v in os.environ.items()
         if k not in ("DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR", "VIRTUAL_ENV",
                      "XDG_CONFIG_HOME", "SUDO_USER")}
    e.update(HOME=str(home), XDG_DATA_HOME=str(tmp_path / "data"),
             PATH=f"{_fake_user_bin(tmp_path, uid)}:{os.environ['PATH']}",
             SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    r = subprocess.run(["sh", str(ROOT / "cabinet" / "install.sh"), "--python", sys.executable,
                        *args], env=e, stdin=subprocess.DEVNULL, capture_output=True,
                       text=True, timeout=120, cwd=str(tmp_path))
    return r, home


# -- the operator's items: install.sh --------------------------------------------------------
def test_install_run_as_root_refuses_in_one_sentence(tmp_path):
    r, home = _install(tmp_path, uid=0)
    assert r.returncode == 2, r.stdout + r.stderr
    said = r.stderr.strip().splitlines()
    assert len(said) == 1 and "not as root" in said[0], said
    assert not (home / ".config").exists(), "nothing written"


def test_the_unit_names_the_data_folder(tmp_path):
    r, home = _install(tmp_path)
    unit = (home / ".config" / "systemd" / "user" / "tricade.service").read_text()
    data = tmp_path / "data" / "tricade"
    assert f'--kiosk --data-dir "{data}"' in unit, unit
    # under the home folder it is written from %h, as the repository's unit
    assert '--data-dir "%h/.local/share/tricade"' in boot.template_unit()


def test_a_start_waits_for_the_x_socket():
    unit = boot.unit_text(sys.executable, str(ROOT), display=":1")
    assert "[ -S /tmp/.X11-unix/X1 ]" in unit
    assert "ExecStartPre" not in boot.unit_text(sys.executable, str(ROOT), display="host:0")


def _verify_system_unit(path: Path) -> tuple:
    if not shutil.which("systemd-analyze"):
        pytest.skip("systemd-analyze is not installed")
    r = subprocess.run(["systemd-analyze", "verify", str(path)], capture_output=True,
                       text=True, timeout=60)
    return r.returncode, r.stdout + r.stderr


def test_the_kiosk_session_unit_verifies_and_replaces_the_tty_login(tmp_path):
    unit = tmp_path / boot.SESSION_UNIT
    unit.write_text(boot.session_text("root", 0))
    code, said = _verify_system_unit(unit)
    # other units' words are not ours; nor X's absence from this machine (the session's
    # packages are installed on the cabinet)
    absent = [p for p in ("/usr/bin/startx", "/usr/bin/openbox-session") if not Path(p).exists()]
    said = "\n".join(line for line in said.splitlines() if boot.SESSION_UNIT in line
                     and not any(f"Command {p} is not executable" in line for p in absent))
    assert said.strip() == "" and (code == 0 or absent), said
    text = unit.read_text()
    # no login session: its scope would take X out of the unit, and a shutdown stopped X
    # before Tricade (Xlib ended it, its books unwritten)
    assert "PAMName" not in text
    for line in ("Conflicts=getty@tty1.service", "TTYPath=/dev/tty1",
                 "Restart=always", "WantedBy=graphical.target",
                 # Tricade stops before X (X gone first would end it unwritten)
                 "ExecStop=/bin/sh -c 'systemctl --user stop tricade.service; exit 0'",
                 "Environment=XDG_RUNTIME_DIR=/run/user/0"):
        assert line + "\n" in text, line
    assert "/usr/bin/startx /usr/bin/openbox-session -- :0 vt1" in text
    assert "-nocursor" in text                    # no pointer on the empty screen
    assert f"ExecStartPre=/bin/rm -f /run/user/0/{boot.SESSION_READY}" in text


def test_in_the_kiosk_session_tricade_waits_for_openbox(tmp_path):
    """Tricade started before openbox had its window taken over: the picture went black
    for seconds after the first frame. Its unit waits for openbox's mark."""
    r, home = _install(tmp_path, "--session", "x")
    unit = (home / ".config" / "systemd" / "user" / "tricade.service").read_text()
    assert (f"until [ -S /tmp/.X11-unix/X0 ] && [ -e %t/{boot.SESSION_READY} ]; "
            "do sleep 1; done") in unit
    autostart = (home / ".config" / "openbox" / "autostart").read_text()
    assert autostart == boot.session_openbox_text()
    assert f'touch "/run/user/$(id -u)/{boot.SESSION_READY}"' in autostart
    # again: the block once; the plain unit route leaves the session's lines alone
    _install(tmp_path, "--session", "x")
    _install(tmp_path)
    assert (home / ".config" / "openbox" / "autostart").read_text().count("touch") == 1


def test_install_session_without_root_names_the_one_command(tmp_path):
    r, home = _install(tmp_path, "--session", "x")
    script = home / ".config" / "tricade" / "kiosk-session.sh"
    assert r.returncode == 3, r.stdout + r.stderr
    assert r.stderr.strip().splitlines()[-1] == f"Next, run: sudo sh {script}"
    text = script.read_text()
    assert "apt-get install -y --no-install-recommends " + " ".join(boot.SESSION_PACKAGES) \
        in text
    assert f"systemctl enable {boot.SESSION_UNIT}" in text
    assert "needs_root_rights=yes" in text and "/etc/X11/Xwrapper.config" in text
    assert "systemctl disable getty@tty1.service" in text
    # no window frame, every window full screen: Tricade's title bar showed for a moment
    assert boot.OPENBOX_RULE in text and "<decor>no</decor>" in boot.OPENBOX_RULE


@pytest.mark.parametrize("args", [("--session", "wayland"), ("--session",),
                                  ("--autostart", "--session", "x")])
def test_install_session_wrong_words_are_refused(tmp_path, args):
    r, home = _install(tmp_path, *args)
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr


# -- the machine (slow) ------------------------------------------------------------------------
def _image() -> Path:
    from tools.cabinetvm import image as img
    from tools.cabinetvm import machine
    if os.geteuid() != 0:
        pytest.skip("the cabinet's machine needs root (loop mounts, cgroups)")
    missing = machine.needs()
    if missing:
        pytest.skip("this machine lacks " + "; ".join(missing))
    if not machine.kvm_usable() and not os.environ.get("TRICADE_CABINET_TCG"):
        pytest.skip(f"no usable KVM ({machine.kvm_why_not()}): a boot under plain "
                    "emulation takes minutes (TRICADE_CABINET_TCG=1 runs them anyway)")
    path = Path(os.environ.get("TRICADE_CABINET_IMAGE") or img.default_out() / img.IMAGE_NAME)
    if not path.exists():
        pytest.skip(f"no cabinet image at {path}: python -m tools.cabinetvm build")
    return path


@pytest.fixture(scope="module")
def cabinet_image(tmp_path_factory):
    """A copy of the built image (the tests cut its power; the build stays as it was)."""
    src = _image()
    dest = tmp_path_factory.mktemp("cabinet") / src.name
    subprocess.run(["cp", "--sparse=always", str(src), str(dest)], check=True)
    return dest


pytestmark_slow = pytest.mark.slow


@pytestmark_slow
def test_power_on_shows_the_launcher_then_the_attract_loop_and_nothing_else(cabinet_image):
    from tools.cabinetvm import measure
    r = measure.boot_to_attract(cabinet_image)
    assert r["launcher"] is not None, r
    assert r["attract"] is not None and r["attract"] > r["launcher"], r
    assert not r["other"], f"a screen that is not Tricade's: {r['seen']}"


@pytestmark_slow
@pytest.mark.parametrize("moment", ["coin", "spent", "midgame", "writing"])
def test_a_power_cut_loses_no_coin_and_gives_back_the_unplayed_credit(cabinet_image,
                                                                       moment):
    from tools.cabinetvm import measure
    measure.set_kiosk(cabinet_image, free_play=False)
    r = measure.cut_scenario(cabinet_image, moment, rng=random.Random(48))
    before, after = r["before"], r["after"]
    assert after["status"] == 0, after["said"]
    assert after["balances"][0] == 1, after["csv"]
    def change(counter):          # books not yet made (no coin before): zeros
        return after[counter][0] - before.get(counter, (0, 0))[0]
    coins, standing = change("coins slot 1"), change("credits standing")
    played = change("credits played")
    if moment == "writing":
        assert coins in (0, 1) and standing == coins and played == 0, after["csv"]
    else:
        assert coins == 1, after["csv"]
        if moment == "midgame":
            assert played == 1 and standing == 0, after["csv"]
        else:                        # nobody moved: the credit stands again
            assert standing == 1 and played == 0, after["csv"]
    assert r["fsck_after_boot"] == 0, "the filesystem needed repair"
    assert r["off_seconds"] is not None, "the power button did not halt the machine"


@pytestmark_slow
def test_the_power_button_ends_tricade_cleanly_and_halts_the_machine(cabinet_image):
    """How fast (the goal: 10 s) is the measurement's: python -m tools.cabinetvm measure
    IMAGE off; here the machine halts by itself and Tricade ended cleanly."""
    from tools.cabinetvm import measure
    m, w = measure.start_to_launcher(cabinet_image)
    took = measure.power_off(m)
    m.cleanup()
    assert took is not None, "the machine did not halt within a minute"
    assert measure.fsck(cabinet_image)[0] == 0
    log = measure.cabinet_log(cabinet_image)
    assert log.rstrip().splitlines()[-1].endswith(measure.CLEAN_END), log[-800:]


# -- the frame figures a cabinet's machine reads (games/core/frames.py) -----------------------
def test_frame_report_counts_the_frames_begun_more_than_a_period_late(tmp_path):
    from games.core.frames import FrameReport
    r = FrameReport(str(tmp_path / "frames.jsonl"), 60)
    period = 1 / 60
    t = 100.0
    for lateness in (0.0, 0.004, period * 0.9, period * 1.5, 0.0):   # one late of five
        r.waiting(t, True)
        t += period + lateness
        r.frame(t)
    r.waiting(t, False)                  # nothing moves: the next frame is due at no time
    r.frame(t + 5.0)
    r.computer_move_shown(1.25)
    f = r.figures()
    assert (f["moving_frames"], f["late_frames"]) == (5, 1)
    assert f["late_share"] == 0.2 and f["worst_late_ms"] == round(period * 1500, 1)
    assert f["computer_moves_s"] == [1.25]


def test_the_running_loop_writes_its_frame_figures_when_asked(make_app, tmp_path,
                                                              monkeypatch):
    import json
    path = tmp_path / "frames.jsonl"
    monkeypatch.setenv("TRICADE_FRAME_REPORT", str(path))
    app = make_app()
    from games.launcher.scene import LauncherScene
    app.push(LauncherScene(app))
    for _ in range(5):
        app.dirty = True                 # something changes every frame
        app.wait()
        app.step()
    app.shutdown(quit_pygame=False)
    line = json.loads(path.read_text().splitlines()[-1])
    assert line["moving_frames"] >= 4 and 0 <= line["late_frames"] <= line["moving_frames"]


# -- a rename reaches the disk before a write is said to be kept --------------------------------
def test_a_write_syncs_its_folder_after_the_rename(tmp_path, monkeypatch):
    """The machine's power cut three seconds after a coin found no books.json at the next
    boot: the file was fsynced and renamed, but the rename was still in the filesystem's
    journal. A kept write now syncs the folder after the rename."""
    import stat
    from games.core import store as store_mod
    synced = []
    real_fsync = os.fsync

    def fsync(fd):
        mode = os.fstat(fd).st_mode
        synced.append(("folder" if stat.S_ISDIR(mode) else "file",
                       (tmp_path / "data" / "books.json").exists()))
        return real_fsync(fd)

    st = store_mod.Store(str(tmp_path / "data"), log=lambda text: None)
    monkeypatch.setattr(os, "fsync", fsync)
    assert st.save_now("books", {"coins": 1})
    st.close()
    monkeypatch.undo()
    # the file's data, then (the renamed file in place) its folder
    assert ("file", False) in synced and synced[-1] == ("folder", True), synced


def test_the_host_pi_class_figures_split_at_the_games_start():
    """tools/piclass reads the program's cumulative reports (one every 10 s of its clock)
    and splits them where the game began: the attract loop's figures, then the game's."""
    from tools import piclass
    reports = [
        {"seconds": 10.0, "moving_frames": 500, "late_frames": 2, "computer_moves": 4,
         "computer_moves_s": [1.2, 1.3, 1.2, 1.25], "worst_late_ms": 40.0},
        {"seconds": 20.0, "moving_frames": 900, "late_frames": 5, "computer_moves": 6,
         "computer_moves_s": [1.2, 1.3, 1.2, 1.25, 1.4, 1.2], "worst_late_ms": 60.0},
        {"seconds": 30.0, "moving_frames": 1300, "late_frames": 25, "computer_moves": 8,
         "computer_moves_s": [1.2, 1.3, 1.2, 1.25, 1.4, 1.2, 0.3, 0.5],
         "worst_late_ms": 90.0}]
    out = piclass.split(reports, game_from=21.0)
    assert out["attract"] == {"moving_frames": 900, "late_frames": 5,
                              "late_share": round(5 / 900, 4), "computer_moves": 6,
                              "computer_move_median_s": 1.225}
    assert out["game"] == {"moving_frames": 400, "late_frames": 20, "late_share": 0.05,
                           "computer_moves": 2, "computer_move_median_s": 0.4}
    assert out["worst_late_ms"] == 90.0
    assert piclass.split([], 5.0) == {"attract": None, "game": None}
