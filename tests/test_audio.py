"""The synthesised sound effects (sounds/make_sounds.py, sounds/*.wav) and games.core.audio."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
import wave
from array import array
from pathlib import Path

import pytest

os.environ["SDL_AUDIODRIVER"] = "dummy"  # before any mixer is opened
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parents[1]
SOUNDS = ROOT / "sounds"
SCRIPT = SOUNDS / "make_sounds.py"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from games.core.audio import Audio  # noqa: E402

EXPECTED = {
    "dos_click", "dos_place", "dos_flip", "dos_error", "dos_skip", "dos_win", "dos_lose",
    "amiga_click", "amiga_move", "amiga_beep", "amiga_win", "amiga_ants",
    "acorn_click", "acorn_dice", "acorn_peg", "acorn_error", "acorn_win",
    "ui_move", "ui_select", "ui_back",
}
LONG = {"dos_win", "dos_lose", "amiga_win", "acorn_win"}  # fanfares / jingles


def max_seconds(name: str) -> float:
    return 2.0 if name in LONG else 0.6


def read_samples(path: Path) -> tuple:
    with wave.open(str(path), "rb") as w:
        params = w.getparams()
        data = array("h")
        data.frombytes(w.readframes(w.getnframes()))
    if sys.byteorder == "big":
        data.byteswap()
    return params, data.tolist()


def run_script(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True,
                          timeout=120)


def child_env(**extra: str) -> dict:
    env = dict(os.environ)
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.update(extra)
    return env


# ------------------------------------------------------------------ the generator

def test_committed_files_match_the_script():
    result = run_script("--check")
    assert result.returncode == 0, result.stdout + result.stderr


def test_script_is_deterministic(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    assert run_script("--out", str(a)).returncode == 0
    assert run_script("--out", str(b)).returncode == 0
    names = sorted(p.name for p in a.glob("*.wav"))
    assert names == sorted(p.name for p in b.glob("*.wav"))
    assert {Path(n).stem for n in names} == EXPECTED
    for n in names:
        assert (a / n).read_bytes() == (b / n).read_bytes(), n
        assert (a / n).read_bytes() == (SOUNDS / n).read_bytes(), n


def test_check_fails_on_changed_missing_or_extra_file(tmp_path):
    def fresh():                 # the committed files (that they pass: the test above)
        for p in SOUNDS.glob("*.wav"):
            shutil.copy(p, tmp_path / p.name)
    fresh()
    data = bytearray((tmp_path / "dos_flip.wav").read_bytes())
    data[-1] ^= 0x01
    (tmp_path / "dos_flip.wav").write_bytes(bytes(data))
    result = run_script("--check", "--out", str(tmp_path))
    assert result.returncode == 1 and "dos_flip.wav" in result.stdout

    fresh()
    (tmp_path / "ui_move.wav").unlink()
    result = run_script("--check", "--out", str(tmp_path))
    assert result.returncode == 1 and "ui_move.wav" in result.stdout

    fresh()
    (tmp_path / "stray.wav").write_bytes(b"RIFF")
    result = run_script("--check", "--out", str(tmp_path))
    assert result.returncode == 1 and "stray.wav" in result.stdout


# ------------------------------------------------------------------ the WAV files

def test_every_effect_is_there_and_nothing_else():
    assert {p.stem for p in SOUNDS.glob("*.wav")} == EXPECTED


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_wav_format_length_and_level(name):
    params, samples = read_samples(SOUNDS / f"{name}.wav")
    assert params.nchannels == 1
    assert params.sampwidth == 2
    assert params.framerate == 22050
    assert params.comptype == "NONE"
    assert 0 < params.nframes == len(samples)
    assert params.nframes / params.framerate < max_seconds(name)
    peak = max(abs(v) for v in samples)
    assert peak >= 512, "effectively silent"  # amiga_ants is meant to be faint, not silent
    assert peak <= 32767 * 0.999, "clipping"


@pytest.mark.parametrize("name", sorted(n for n in EXPECTED if n.startswith("dos_")))
def test_dos_effects_are_pure_square_waves(name):
    _, samples = read_samples(SOUNDS / f"{name}.wav")
    levels = set(samples) - {0}
    assert len(levels) == 2, sorted(levels)
    low, high = sorted(levels)
    assert low == -high  # speaker on: +A / -A; speaker off: 0


@pytest.mark.parametrize("name", sorted(n for n in EXPECTED if n.startswith("amiga_")))
def test_amiga_effects_are_8_bit(name):
    _, samples = read_samples(SOUNDS / f"{name}.wav")
    assert all(v % 256 == 0 for v in samples)
    assert len(set(samples)) > 2  # not a DOS-style square


# ------------------------------------------------------------------ Audio, dummy driver

@pytest.fixture
def messages():
    return []


@pytest.fixture
def audio(messages):
    a = Audio(log=messages.append)
    yield a
    a.close()


def test_dummy_mixer_loads_everything():
    a = Audio(log=lambda _m: None)     # how long it takes is the bench's to measure
    try:
        assert a.available
        assert set(a.names()) == EXPECTED
    finally:
        a.close()


def test_plays_every_name(audio, messages):
    assert audio.available and audio.enabled
    for name in audio.names():
        audio.play(name)
    assert list(audio.played) == audio.names()
    assert messages == []


def test_dos_sounds_share_one_voice(audio):
    for _ in range(20):  # a flood of flips must not raise or steal every channel
        audio.play("dos_flip")
    audio.play("amiga_win")
    assert list(audio.played).count("dos_flip") == 20
    assert audio.played[-1] == "amiga_win"


def test_set_volume_clamps_and_applies(audio):
    audio.set_volume(2.5)
    assert audio.volume == 1.0
    audio.set_volume(-1)
    assert audio.volume == 0.0
    audio.set_volume(float("nan"))
    assert audio.volume == 0.0
    audio.set_volume(0.5)
    assert audio.volume == 0.5
    for sound in audio._sounds.values():
        assert sound.get_volume() == pytest.approx(0.5, abs=0.01)


def test_initial_volume_is_clamped(messages):
    a = Audio(volume=7, log=messages.append)
    try:
        assert a.volume == 1.0
    finally:
        a.close()


def test_disabled_means_no_play(audio):
    audio.set_enabled(False)
    for name in audio.names():
        audio.play(name)
    assert list(audio.played) == []
    audio.set_enabled(True)
    audio.play("ui_select")
    assert list(audio.played) == ["ui_select"]


def test_disabled_from_the_start(messages):
    a = Audio(enabled=False, log=messages.append)
    try:
        a.play("ui_move")
        assert list(a.played) == [] and a.enabled is False
    finally:
        a.close()


def test_unknown_name_warns_once(audio, messages):
    for _ in range(5):
        audio.play("no_such_sound")
    assert list(audio.played) == []
    assert messages == ["Unknown sound 'no_such_sound'; ignoring it."]


def test_close_is_idempotent_and_silences(messages):
    a = Audio(log=messages.append)
    a.close()
    a.close()
    assert not a.available
    a.play("ui_move")
    assert list(a.played) == []
    assert messages == []


def test_corrupt_wav_is_skipped_and_the_rest_load(tmp_path, messages):
    shutil.copy(SOUNDS / "ui_move.wav", tmp_path)
    shutil.copy(SOUNDS / "dos_flip.wav", tmp_path)
    (tmp_path / "broken.wav").write_bytes(bytes(range(256)) * 8)
    (tmp_path / "empty.wav").write_bytes(b"")
    a = Audio(sounds_dir=tmp_path, log=messages.append)
    try:
        assert a.available
        assert a.names() == ["dos_flip", "ui_move"]
        assert len(messages) == 2
        assert any("broken.wav" in m for m in messages)
        assert any("empty.wav" in m for m in messages)
        a.play("broken")  # already reported at load: no second message
        a.play("ui_move")
        assert list(a.played) == ["ui_move"]
        assert len(messages) == 2
    finally:
        a.close()


def test_missing_folder_is_reported(tmp_path, messages):
    a = Audio(sounds_dir=tmp_path / "nowhere", log=messages.append)
    try:
        assert a.names() == []
        a.play("ui_move")  # unknown now: one warning
        assert len(messages) == 2 and "nowhere" in messages[0]
    finally:
        a.close()


def test_folder_without_wavs_is_not_synthesised_at_run_time(tmp_path, messages):
    shutil.copy(SCRIPT, tmp_path / "make_sounds.py")
    a = Audio(sounds_dir=tmp_path, log=messages.append)
    try:
        assert a.names() == []
        assert list(tmp_path.glob("*.wav")) == []
        assert len(messages) == 1 and "make_sounds.py" in messages[0]
    finally:
        a.close()


# ------------------------------------------------------------------ no sound device

NO_DEVICE_PROGRAM = textwrap.dedent("""
    from games.core.audio import Audio
    a = Audio()
    for _ in range(50):
        for name in a.names():
            a.play(name)
    a.set_volume(0.3)
    a.set_enabled(False)
    a.set_enabled(True)
    a.play("dos_win")
    print("available", a.available, "names", len(a.names()), "played", len(a.played))
    a.close()
    print("done")
""")


def test_no_sound_device_runs_silently_and_says_so_once():
    result = subprocess.run([sys.executable, "-c", NO_DEVICE_PROGRAM], capture_output=True,
                            text=True, timeout=60, cwd=str(ROOT),
                            env=child_env(SDL_AUDIODRIVER="nosuchdriver"))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    notices = [line for line in lines if line.startswith("No sound device")]
    assert len(notices) == 1, result.stdout
    assert notices[0].startswith("No sound device (") and notices[0].endswith("); playing silently.")
    assert "nosuchdriver" in notices[0]
    assert f"available False names {len(EXPECTED)} played 0" in lines
    assert lines[-1] == "done"
    assert result.stderr.strip() == ""


def test_mute_does_not_announce_a_missing_device(monkeypatch):
    """--mute (sound off at start) says nothing about a missing device; asking for sound
    later says it once."""
    import pygame
    from games.core import audio as audio_mod
    said = []

    def no_device(*a, **k):
        raise pygame.error("no audio device")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    a = audio_mod.Audio(enabled=False, log=said.append)
    assert said == [] and not a.available
    a.set_enabled(True)
    assert len(said) == 1 and "No sound device" in said[0]
    a.set_enabled(False)
    a.set_enabled(True)
    assert len(said) == 1


def test_muted_no_mixer_runs_and_sound_on_opens_it_again(messages):
    """While muted no mixer is open (its audio thread would wake every few ms); sound on
    opens it and loads the effects again, and a device that was there is not called
    missing."""
    import pygame
    pygame.mixer.quit()
    a = Audio(enabled=False, log=messages.append)
    try:
        assert not a.available and not a.no_device and pygame.mixer.get_init() is None
        assert set(a.names()) == EXPECTED
        a.set_enabled(True)
        assert a.available and pygame.mixer.get_init() is not None
        a.play("ui_select")
        assert list(a.played) == ["ui_select"]
        a.set_enabled(False)
        assert not a.available and not a.no_device and pygame.mixer.get_init() is None
        a.play("ui_select")
        a.set_enabled(True)
        a.set_volume(0.25)
        a.play("dos_flip")
        assert list(a.played) == ["ui_select", "dos_flip"]
        assert all(s.get_volume() == pytest.approx(0.25, abs=0.01) for s in a._sounds.values())
        assert messages == []
    finally:
        a.close()


def test_muted_start_tells_of_a_bad_file_only_when_the_mixer_refuses_it(tmp_path, messages):
    shutil.copy(SOUNDS / "ui_move.wav", tmp_path)
    (tmp_path / "broken.wav").write_bytes(bytes(range(256)) * 8)
    a = Audio(sounds_dir=tmp_path, enabled=False, log=messages.append)
    try:
        assert a.names() == ["ui_move"] and messages == []
        a.set_enabled(True)
        assert a.available and a.names() == ["ui_move"]
        assert len(messages) == 1 and "broken.wav" in messages[0]
        a.set_enabled(False)
        a.set_enabled(True)
        a.play("ui_move")
        assert list(a.played) == ["ui_move"] and len(messages) == 1
    finally:
        a.close()


def test_alsas_own_lines_do_not_come_before_the_one_sentence():
    """Without a sound card ALSA writes nine lines to standard error ("cannot find card
    '0'" ...) when SDL opens it: they go nowhere, the one sentence says it all."""
    result = subprocess.run([sys.executable, "-c", NO_DEVICE_PROGRAM], capture_output=True,
                            text=True, timeout=60, cwd=str(ROOT),
                            env=child_env(SDL_AUDIODRIVER="alsa",
                                          ALSA_CONFIG_PATH="/nonexistent/alsa.conf"))
    assert result.returncode == 0, result.stderr
    assert "ALSA lib" not in result.stderr, result.stderr
