"""Sound effects: a thin, never-crashing wrapper around pygame.mixer.

The effects are the WAV files in <repo>/sounds (made by sounds/make_sounds.py and
committed); an effect's name is its file name without ".wav", e.g. ``audio.play("dos_flip")``.

No sound device, a missing or corrupt file, an unknown name: the program carries on silently
and says so in one sentence through ``log`` (once per problem, never per play).

The mixer is open only while sound is on: muted, no audio thread wakes (an idle frame then
costs nothing); turning sound on opens it again and loads the effects (a few ms).

DOS effects (names starting ``dos_``) share one reserved mixer channel, because the PC
speaker has one voice: a new DOS sound cuts off the one playing. Everything else takes any
free channel.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections import deque
from pathlib import Path
from typing import Callable

from games.core import assets

try:
    import pygame
    _IMPORT_ERROR = ""
except Exception as exc:  # pragma: no cover - pygame is a runtime dependency
    pygame = None
    _IMPORT_ERROR = f"pygame is not available: {exc}"

DEFAULT_SOUNDS_DIR = assets.folder("sounds")
FREQUENCY = 22050
BUFFER = 512
SPEAKER_PREFIX = "dos_"  # effects that share the one PC-speaker voice
PLAYED_MEMORY = 256  # how many recent plays `played` remembers


@contextlib.contextmanager
def quiet_stderr():
    """The process's standard error (file descriptor 2) goes nowhere for a moment: the C
    libraries under SDL (ALSA's "cannot find card '0'" and its eight followers) write there
    when no sound card is found, before our one sentence says so. Python's own messages
    are flushed first and go on as before afterwards."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):
        yield
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, 2)
        finally:
            os.close(null)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def _clamp01(v: float) -> float:
    v = float(v)
    if v != v:  # NaN
        return 0.0
    return 0.0 if v < 0.0 else 1.0 if v > 1.0 else v


def _reason(exc: BaseException) -> str:
    text = str(exc).strip().rstrip(".")
    return text or type(exc).__name__


class Audio:
    """Loads every sounds/*.wav at start-up and plays them by name.

    available: a mixer is open (False: muted, or no device and running silently).
    no_device: the last try to open one failed.
    enabled:   the user's sound on/off setting.
    volume:    0.0..1.0, applied to every sound.
    played:    names actually handed to the mixer, most recent last (the last 256).
    """

    def __init__(self, sounds_dir: str | Path | None = None, enabled: bool = True,
                 volume: float = 0.8, log: Callable[[str], object] | None = print):
        self._log = log if log is not None else (lambda _msg: None)
        self.sounds_dir = Path(sounds_dir) if sounds_dir is not None else DEFAULT_SOUNDS_DIR
        self.enabled = bool(enabled)
        self.available = False
        self.played: deque[str] = deque(maxlen=PLAYED_MEMORY)
        self._sounds: dict = {}  # name -> pygame.mixer.Sound (only when available)
        self._known: set[str] = set()  # names with a usable file
        self._broken: set[str] = set()  # names whose file could not be loaded (already said)
        self._warned: set[str] = set()
        self._owns_mixer = False
        self._speaker = None
        self._play_failed = False
        self._unsaid = ""            # a missing device is not announced while muted
        self._said_no_device = False
        self._unsure: dict = {}      # name -> said: failed the header check, no mixer to ask
        self.no_device = False       # the last try to open a mixer failed
        try:
            self.volume = _clamp01(volume)
        except (TypeError, ValueError):
            self.volume = 0.8
        try:
            if self.enabled:
                self._open_mixer()
            self._load_all()         # muted: the files are checked, the mixer waits
        except Exception as exc:  # never raise out of start-up
            self._say(f"Sound failed to start ({_reason(exc)}); playing silently.")
            self._shut_mixer()

    # ---------------------------------------------------------------- public API

    def set_enabled(self, on: bool) -> None:
        on = bool(on)
        if on == self.enabled:
            return
        self.enabled = on
        if self.enabled and self._unsaid:      # muted at start: say it when sound is asked for
            message, self._unsaid = self._unsaid, ""
            self._say(message)
        if self.enabled:
            try:
                self._open_mixer()
                if self.available:
                    self._load_sounds()
            except Exception as exc:
                self._say(f"Sound failed to start ({_reason(exc)}); playing silently.")
                self._shut_mixer()
        else:                                  # no audio thread while muted
            for sound in self._sounds.values():
                try:
                    sound.stop()
                except Exception:
                    pass
            self._sounds.clear()
            self._shut_mixer()

    def set_volume(self, v: float) -> None:
        self.volume = _clamp01(v)
        for sound in self._sounds.values():
            try:
                sound.set_volume(self.volume)
            except Exception:
                pass

    def play(self, name: str) -> None:
        if name not in self._known:
            if name not in self._broken and name not in self._warned:
                self._warned.add(name)
                self._say(f"Unknown sound '{name}'; ignoring it.")
            return
        if not (self.available and self.enabled):
            return
        sound = self._sounds.get(name)
        if sound is None:
            return
        try:
            if self._speaker is not None and name.startswith(SPEAKER_PREFIX):
                self._speaker.play(sound)
            else:
                sound.play()
        except Exception as exc:
            if not self._play_failed:
                self._play_failed = True
                self._say(f"Could not play sound '{name}' ({_reason(exc)}); carrying on.")
            return
        self.played.append(name)

    def names(self) -> list[str]:
        """The effects that can be played (sorted); when silent, the ones that would be."""
        return sorted(self._known)

    def close(self) -> None:
        for sound in self._sounds.values():
            try:
                sound.stop()
            except Exception:
                pass
        self._sounds.clear()
        self._shut_mixer()

    def __enter__(self) -> "Audio":
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    # ---------------------------------------------------------------- internals

    def _say(self, message: str) -> None:
        if not self.enabled:
            self._unsaid = message
            return
        try:
            self._log(message)
        except Exception:
            pass

    def _open_mixer(self) -> None:
        if self.available:
            return
        if pygame is None:
            self._no_device(_IMPORT_ERROR)
            return
        try:
            if pygame.mixer.get_init() is None:
                with quiet_stderr():     # ALSA's own lines about a missing card: ours says it
                    pygame.mixer.init(frequency=FREQUENCY, size=-16, channels=2,
                                      buffer=BUFFER)
                self._owns_mixer = True
        except Exception as exc:  # pygame.error: no device / no driver
            self._no_device(_reason(exc))
            return
        self.available = True
        self.no_device = False
        try:
            if pygame.mixer.get_num_channels() < 2:
                pygame.mixer.set_num_channels(8)
            pygame.mixer.set_reserved(1)
            self._speaker = pygame.mixer.Channel(0)
        except Exception:
            self._speaker = None

    def _no_device(self, reason: str) -> None:
        self.no_device = True
        if not self._said_no_device:         # said once, however often sound is turned on
            self._said_no_device = True
            self._say(f"No sound device ({reason}); playing silently.")

    def _load_sounds(self) -> None:
        """The mixer's copies of the known effects (after it opened again), and another
        try at files only checked without a mixer."""
        unsure, self._unsure = self._unsure, {}
        for name, said in sorted(unsure.items()):
            path = self.sounds_dir / f"{name}.wav"
            try:
                sound = pygame.mixer.Sound(file=str(path))
                if sound.get_length() <= 0:
                    raise ValueError("no audio data")
            except Exception as exc:
                if not said:
                    self._say(f"Skipping sound file {path} ({_reason(exc)}).")
                continue
            self._broken.discard(name)
            self._known.add(name)
        for name in sorted(self._known):
            if name in self._sounds:
                continue
            path = self.sounds_dir / f"{name}.wav"
            try:
                sound = pygame.mixer.Sound(file=str(path))
                if sound.get_length() <= 0:
                    raise ValueError("no audio data")
                sound.set_volume(self.volume)
                self._sounds[name] = sound
            except Exception as exc:
                self._known.discard(name)
                self._broken.add(name)
                self._say(f"Skipping sound file {path} ({_reason(exc)}).")

    def _shut_mixer(self) -> None:
        self._speaker = None
        was_open = self.available
        self.available = False
        if was_open and self._owns_mixer and pygame is not None:
            self._owns_mixer = False
            try:
                pygame.mixer.quit()
            except Exception:
                pass

    def _load_all(self) -> None:
        folder = self.sounds_dir
        if not folder.is_dir():
            self._say(f"Sound folder {folder} not found; no sound effects.")
            return
        paths = sorted(p for p in folder.glob("*.wav") if p.is_file())
        if not paths:
            hint = ""
            if (folder / "make_sounds.py").is_file():
                hint = f" (run 'python {folder / 'make_sounds.py'}' to make them)"
            self._say(f"No sound files in {folder}{hint}; no sound effects.")
            return
        for path in paths:
            name = path.stem
            try:
                if self.available:
                    sound = pygame.mixer.Sound(file=str(path))
                    if sound.get_length() <= 0:
                        raise ValueError("no audio data")
                    sound.set_volume(self.volume)
                    self._sounds[name] = sound
                else:
                    _check_wav_header(path)
            except Exception as exc:
                self._broken.add(name)
                said = self.enabled or self.available
                if not self.available:            # the mixer may read what wave cannot
                    self._unsure[name] = said
                if said:                          # muted: told if the mixer refuses it too
                    self._say(f"Skipping sound file {path} ({_reason(exc)}).")
                continue
            self._known.add(name)


def _check_wav_header(path: Path) -> None:
    """Cheap sanity check used when there is no mixer to load into."""
    import wave

    with wave.open(str(path), "rb") as w:
        if w.getnframes() <= 0:
            raise ValueError("no audio data")
