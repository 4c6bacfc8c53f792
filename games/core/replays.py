"""The games a replay opens (pure, no pygame): the last finished game of each game and seat
layout, kept through the store as a save is; a game record written out as text; the review
run as a worker's streaming job.

A kept game is the table's ``save_data()`` under ``replays/<game>-<layout>`` (the layout:
one letter a seat, ``h`` a person, ``c`` the computer, in seat order), written whole by the
store (temp file, fsync, rename). A kept file that cannot be read or does not replay is
moved aside by the store, the player is told in one sentence, and nothing else is lost.
"""

from __future__ import annotations

import time
from pathlib import Path

VERSION = 1
FOLDER = "replays"
RECORDS = "records"          # exported game records (text), in the data folder


def layout(seats: dict) -> str:
    """The seat layout of a game: a letter a seat, ``h`` a person, ``c`` the computer."""
    return "".join("h" if kind == "human" else "c" for kind in seats.values()) or "x"


def kept_name(game: str, seats: dict) -> str:
    return f"{FOLDER}/{game}-{layout(seats)}"


def keep(store, data: dict) -> bool:
    """Keep a finished game (``Table.save_data()``) as the last of its game and layout."""
    return store.save(kept_name(data["game"], data.get("seats") or {}), data, VERSION)


def kept_names(store, game: str) -> list:
    """The kept games of ``game``, newest first (store names)."""
    folder = Path(store.dir) / FOLDER
    found = []
    try:
        for path in folder.glob(f"{game}-*.json"):
            try:
                found.append((path.stat().st_mtime, path.stem))
            except OSError:
                continue
    except OSError:
        return []
    return [f"{FOLDER}/{stem}" for _, stem in sorted(found, reverse=True)
            if stem.split("-", 1)[0] == game]


def has_kept(store, game: str) -> bool:
    return any(store.exists(name) for name in kept_names(store, game))


def load_kept(store, entry, name: str | None = None):
    """The newest kept game of ``entry`` (or the one called ``name``), checked by replaying
    it; None if there is none. A file that fails is moved aside by the store (it says so)."""
    from games.core.review import states_of

    def check(data):
        states_of(entry, data)
        return data
    for n in ([name] if name else kept_names(store, entry.name)):
        data = store.load(n, None, VERSION, check)
        if data is not None:
            return data
    return None


def review_stream(entry, data: dict, report) -> dict:
    """The review of ``data`` as a worker's streaming job: ``report((done, total, rows))``
    after each ply (the progress bar, and the rows final since the last report: a review
    stopped half way keeps them); the result is ``games.core.review.review``'s."""
    from games.core import review
    ready: list = []

    def progress(done, total):
        report((done, total, list(ready)))
        ready.clear()
    return review.review(entry, data, progress=progress, rows=ready.extend)


def record_path(data_dir, data: dict, now: float | None = None) -> Path:
    """Where an exported record goes: ``<data>/records/<game>-<seed>-<date>.txt``."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now if now is not None
                                                          else time.time()))
    return Path(data_dir) / RECORDS / f"{data['game']}-{data['seed']}-{stamp}.txt"


def write_record(path: Path, data: dict) -> Path:
    """Write the record of ``data`` to ``path`` whole (temp file, fsync, rename), only as
    a regular file (games.core.files); OSError if the disk says no, files.NotAFile (a
    ValueError) if what stands at ``path`` is not a regular file."""
    from games.core import files, gamerecord
    text = gamerecord.to_text(data)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    files.write_whole(path, text.encode("utf-8"))
    return path
