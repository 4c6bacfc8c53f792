"""TriAxis's score files: ten of them, as the original's rule 13 says ("There are provisions
for having up to ten game score files ... press any number key, zero <0> through <9>, to
select the file").

Each file keeps, per player (three initials; a computer seat is ``CP1``-``CP4`` by its
level), the games played, the games won and the best final population (the sum of the
sizes of the player's markers on the island when the game ended). Stored through
``games.core.store.Store`` as ``scores/triaxis-0`` ... ``scores/triaxis-9`` (versioned JSON,
written atomically); a file that does not validate is moved aside by the store and an
empty one used.

Choices where the documentation is silent:
- a shared win (a tie at the round limit, or the last seats removed together) counts as a
  win for every winner;
- the table lists players by games won, then best population, then initials.

Pure Python: no pygame.
"""

from __future__ import annotations

import re

from games.core import records

FILES = tuple(range(10))
VERSION = 1
_NAME_RE = re.compile(r"[A-Z0-9]{1,3}\Z")
MAX_COUNT = 10 ** 9
MAX_POPULATION = 80 * 6          # eighty markers of size six: no game gets near


def store_name(n: int) -> str:
    if n not in FILES:
        raise ValueError(f"score files are numbered 0 to 9, not {n!r}")
    return f"scores/triaxis-{n}"


def empty() -> dict:
    return {"players": {}}


def _count(value, where: str, hi: int = MAX_COUNT) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= hi:
        raise ValueError(f"{where} is not a count")
    return value


def validate(data) -> dict:
    """A clean copy of a stored file; ValueError when it is malformed."""
    if not isinstance(data, dict) or not isinstance(data.get("players"), dict):
        raise ValueError("the score file has no players")
    out = empty()
    for name, rec in data["players"].items():
        if not isinstance(name, str) or not _NAME_RE.match(name):
            raise ValueError(f"{name!r} is not three initials")
        if not isinstance(rec, dict):
            raise ValueError(f"{name}'s record is not a table")
        played = _count(rec.get("played", 0), f"{name}: games played")
        won = _count(rec.get("won", 0), f"{name}: games won")
        best = _count(rec.get("best", 0), f"{name}: best population", MAX_POPULATION)
        if won > played:
            raise ValueError(f"{name} won more games than played")
        out["players"][name] = {"played": played, "won": won, "best": best}
    return out


def load(store, n: int) -> dict:
    return store.load(store_name(n), empty(), VERSION, validate)


def save(store, n: int, table: dict) -> bool:
    return store.save(store_name(n), validate(table), VERSION)


def clean_name(name: str) -> str:
    out = "".join(c for c in str(name).upper() if c.isalnum() and c.isascii())[:3]
    if not out:
        raise ValueError(f"{name!r} has no letters for initials")
    return out


def record(table: dict, results) -> None:
    """Add one finished game: ``results`` is [(initials, won, final population), ...]
    (one entry per player; the same initials twice count once, the better result kept)."""
    merged: dict = {}
    for name, won, pop in results:
        key = clean_name(name)
        w, p = merged.get(key, (False, 0))
        merged[key] = (w or bool(won), max(p, int(pop)))
    players = table.setdefault("players", {})
    for key, (won, pop) in merged.items():
        rec = players.setdefault(key, {"played": 0, "won": 0, "best": 0})
        rec["played"] += 1
        rec["won"] += 1 if won else 0
        rec["best"] = max(rec["best"], min(pop, MAX_POPULATION))


HEADER = ["Player", "Played", "Won", "Won %", "Best population"]


def table_rows(table: dict) -> tuple:
    """(header, rows) of a file for a table modal: by games won, then best population."""
    rows = []
    for name, rec in sorted(table.get("players", {}).items(),
                            key=lambda kv: (-kv[1]["won"], -kv[1]["best"], kv[0])):
        pct = round(100 * rec["won"] / rec["played"]) if rec["played"] else 0
        rows.append([name, rec["played"], rec["won"], f"{pct}%", rec["best"]])
    return list(HEADER), rows


def table_lines(table: dict) -> list:
    """The file as lines: a header, then one line per player, each value under its heading."""
    return records.lines(*table_rows(table), empty="(no games yet)")


def score_lines(store) -> list:
    """For the launcher's Scores screen: every score file with a game in it."""
    out = []
    for n in FILES:
        if not store.exists(store_name(n)):
            continue
        table = load(store, n)
        if not table["players"]:
            continue
        if out:
            out.append("")
        out.append(f"Score file {n}")
        out += ["  " + line for line in table_lines(table)]
    return out or ["No games in the score files yet."]     # under the game's own heading
