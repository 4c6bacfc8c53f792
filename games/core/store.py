"""Settings, saves and score tables as versioned JSON files under the user's data directory.

Every file is written whole to a temp file in the same directory, flushed and renamed into
place, so a crash mid-write leaves the old file intact. A file that cannot be read (garbage,
truncated, wrong kind, newer version, failed validation) is moved aside as ``<name>.bad``,
the user is told in one sentence, and the caller gets its defaults.

No pygame here: the store is used by the arena and tests as well as by the scenes.
"""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable

FORMAT = "tricade"
_NAME = re.compile(r"^[a-z0-9_-]+(/[a-z0-9_-]+)*$")


def default_data_dir() -> Path:
    """XDG on Linux (and other Unixes), the usual places elsewhere."""
    if sys.platform == "win32":
        base = os.environ.get("APPDATA") or str(Path.home() / "AppData" / "Roaming")
        return Path(base) / "Tricade"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "Tricade"
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "tricade"


class StoreError(ValueError):
    """A file's contents are not what they should be (the message says why)."""


class Store:
    def __init__(self, data_dir: str | os.PathLike | None = None,
                 log: Callable[[str], None] | None = None):
        self.dir = Path(data_dir) if data_dir else default_data_dir()
        self._log = log
        self.notices: list[str] = []   # one sentence each, for the screen to show

    # -- paths ---------------------------------------------------------------------------
    def path(self, name: str) -> Path:
        if not _NAME.match(name):
            raise ValueError(f"bad store name {name!r}")
        return self.dir / (name + ".json")

    def exists(self, name: str) -> bool:
        return self.path(name).is_file()

    def notify(self, sentence: str) -> None:
        self.notices.append(sentence)
        if self._log is not None:
            self._log(sentence)
        else:
            print(sentence, file=sys.stderr)

    # -- reading -------------------------------------------------------------------------
    def load(self, name: str, default: Any, version: int = 1,
             validate: Callable[[Any], Any] | None = None) -> Any:
        """The data stored under ``name``, or ``default`` (a fresh copy) if there is none.

        ``validate(data)`` may return a cleaned copy or raise ValueError/TypeError/KeyError;
        a failure moves the file aside like any unreadable file.
        """
        path = self.path(name)
        if not path.exists():
            return _copy(default)
        try:
            data = self._read(path, name, version)
            if validate is not None:
                data = validate(data)
            return data
        except (OSError, ValueError, TypeError, KeyError, AttributeError) as exc:
            self._move_aside(path, name, exc)
            return _copy(default)

    def _read(self, path: Path, name: str, version: int) -> Any:
        raw = path.read_bytes()
        try:
            doc = json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError as exc:
            raise StoreError("it is not text") from exc
        except json.JSONDecodeError as exc:
            raise StoreError(f"it is not valid JSON ({exc.msg} at line {exc.lineno})") from exc
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise StoreError("it is not a Tricade file")
        if doc.get("kind") != name:
            raise StoreError(f"it holds {doc.get('kind')!r}, not {name!r}")
        v = doc.get("version")
        if not isinstance(v, int) or v < 1:
            raise StoreError("it has no version")
        if v > version:
            raise StoreError(f"it was written by a newer Tricade (version {v})")
        if "data" not in doc:
            raise StoreError("it has no data")
        return doc["data"]

    def _move_aside(self, path: Path, name: str, exc: Exception) -> None:
        bad = path.with_name(path.name + ".bad")
        try:
            os.replace(path, bad)
            where = f"moved aside as {bad.name}"
        except OSError:
            where = "left where it is"
        self.notify(f"Could not read {name.replace('/', ' ')} ({exc}); it was {where} "
                    f"and defaults are used.")

    # -- writing -------------------------------------------------------------------------
    def save(self, name: str, data: Any, version: int = 1) -> Path:
        path = self.path(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        doc = {"format": FORMAT, "kind": name, "version": version, "data": data}
        text = json.dumps(doc, indent=1, sort_keys=True) + "\n"
        fd, tmp = tempfile.mkstemp(prefix="." + path.name + ".", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
        return path

    def delete(self, name: str) -> None:
        try:
            self.path(name).unlink()
        except FileNotFoundError:
            pass


def _copy(value: Any) -> Any:
    return json.loads(json.dumps(value))


# -- settings ------------------------------------------------------------------------------

SCALE_MODES = ("integer", "aspect", "stretch")

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

DEFAULT_SETTINGS = {
    "scale": "aspect",
    "scanlines": False,
    "fullscreen": False,
    "sound": True,
    "volume": 8,            # 0-10
    "swap_confirm": False,  # Nintendo-style pads: east confirms, south goes back
    "keys": DEFAULT_KEYS,
    "pad": DEFAULT_PAD,
    "games": {},            # per-game options, e.g. {"tripppin": {"level": 3}}
}
SETTINGS_VERSION = 1


def clean_settings(data: Any) -> dict:
    """Settings from a file, each bad value replaced by its default (the file is kept)."""
    if not isinstance(data, dict):
        raise StoreError("settings are not a table")
    out = _copy(DEFAULT_SETTINGS)
    if data.get("scale") in SCALE_MODES:
        out["scale"] = data["scale"]
    for key in ("scanlines", "fullscreen", "sound", "swap_confirm"):
        if isinstance(data.get(key), bool):
            out[key] = data[key]
    v = data.get("volume")
    if isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 10:
        out["volume"] = v
    for key, defaults in (("keys", DEFAULT_KEYS), ("pad", DEFAULT_PAD)):
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


def load_settings(store: Store) -> dict:
    return store.load("settings", DEFAULT_SETTINGS, SETTINGS_VERSION, clean_settings)


def save_settings(store: Store, settings: dict) -> None:
    store.save("settings", settings, SETTINGS_VERSION)
