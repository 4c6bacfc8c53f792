"""The games a replay opens (pure, no pygame): the last finished game of each game and seat
layout, kept through the store as a save is; a game record written out as text; the review
run as a worker's streaming job.

A kept game is the table's ``save_data()`` under ``replays/<game>-<layout>`` (the layout:
one letter a seat, ``h`` a person here, ``r`` a friend at a network table, ``c`` the
computer, in seat order: a network game never replaces the game at home's), written whole
by the store (temp file, fsync, rename). A kept file that cannot be read or does not replay is
moved aside by the store, the player is told in one sentence, and nothing else is lost.
"""

from __future__ import annotations

import time
from pathlib import Path

VERSION = 1
FOLDER = "replays"
RECORDS = "records"          # exported game records (text), in the data folder


def layout(seats: dict) -> str:
    """The seat layout of a game: a letter a seat, ``h`` a person here, ``r`` a friend
    over the network (a "remote" seat: it was kept as the computer's, and a network game
    replaced the last game against the computer), ``c`` the computer."""
    letters = {"human": "h", "remote": "r"}
    return "".join(letters.get(kind, "c") for kind in seats.values()) or "x"


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


_JUDGE: dict = {}            # this process's judge of the game last reviewed or tried


def judge_of(entry, seed: int):
    """The review's judge of ``entry``'s game from ``seed``, kept in this process (the
    replay's worker) for its next job on the same game: a judge's values depend on the
    position alone, so what the review valued, a try at one of its positions need not
    value again (Tribolo's judge follows a line of six searches from each position)."""
    from games.core import review
    key = (entry.name, seed)
    got = _JUDGE.get(key)
    if got is None:
        _JUDGE.clear()
        got = _JUDGE[key] = review.Judge(entry, seed=seed)
    return got


def review_stream(entry, data: dict, report) -> dict:
    """The review of ``data`` as a worker's streaming job: ``report((done, total, rows))``
    after each ply (the progress bar, and the rows final since the last report: a review
    stopped half way keeps them); the result is ``games.core.review.review``'s."""
    from games.core import review
    ready: list = []

    def progress(done, total):
        report((done, total, list(ready)))
        ready.clear()
    return review.review(entry, data, progress=progress, rows=ready.extend,
                         judge=judge_of(entry, data.get("seed") or 0))


MARKED = ("inaccuracy", "mistake", "blunder")


def marked(rows: list, seat: str) -> list:
    """The moves of ``seat`` the review marked (an inaccuracy, a mistake or a blunder),
    oldest first, as ``(row, ply)``: ``ply`` is the position the mover chose from (for a
    turn judged whole, the step where the turn left the best way)."""
    out = []
    for row in rows:
        if row.get("seat") == seat and row.get("judgement") in MARKED:
            out.append((row, int(row.get("turn_from") or row["ply"]) - 1))
    return out


def marked_seats(rows: list) -> dict:
    """{seat: how many of its moves the review marked}, seats in the order they first
    moved, only those with any."""
    out: dict = {}
    for row in rows:
        if row.get("judgement") in MARKED and row.get("seat"):
            out[row["seat"]] = out.get(row["seat"], 0) + 1
    return out


def best_value(row: dict) -> float:
    """The winning chance the marked move's mover could have kept (its best move's), as a
    number (a judge's words, Tripppin's "win 5", keep their number beside them)."""
    for key in ("chance_before", "turn_before", "before"):
        v = row.get(key)
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            return float(v)
    raise ValueError("the row has no value before the move")


def played_value(row: dict) -> float:
    """The winning chance after the move that was played (as ``best_value``)."""
    for key in ("chance_after", "turn_after", "after"):
        v = row.get(key)
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            return float(v)
    raise ValueError("the row has no value after the move")


def judge_try(entry, data: dict, ply: int, text: str, row: dict | None = None) -> dict:
    """A person's try at a better move than the one played at position ``ply`` of the game
    in ``data`` (the learn-from-your-mistakes screen), valued by the review's own judge
    (``judge_of``: the one that reviewed the game, where this process did)
    as the review values moves (``games.core.review.try_move``: the same work, the same
    values), so the better move the review named is worth exactly its "before" (and is the
    best), the move played its "after", as the review's row says. Returns
    {"value": chance, "words": the judge's words or None, "verdict": ``verdict``'s word
    against ``row`` (the marked move's row), None without one}."""
    from games.core import review
    states, _moves = review.states_of(entry, data)
    if not 0 <= ply < len(states):
        raise ValueError(f"there is no position {ply} in the game")
    judge = judge_of(entry, data.get("seed") or 0)
    state = states[ply]
    move = state.parse_move(text)
    text = state.move_text(move)
    state.play(move)                     # IllegalMove (a ValueError) for a move not legal
    played = None                        # the move played there: the review's row valued
    if row is not None and row.get("move") and row.get("ply") == ply + 1:  # it too
        played = state.parse_move(row["move"])
    tried = review.try_move(judge, state, move, played)
    out = {"value": tried["after"], "words": judge.value_text(state.play(move), state.current),
           "verdict": None}
    if row is None:
        return out
    best = tried["verdict"] == "best" or text == row.get("better")
    if best and (text in (row.get("better"), tried["best"])
                 or tried["after"] <= best_value(row)):
        # the best move is worth what the review said the mover could keep (its "before":
        # with a search, the position's own value, which the best move's position, searched
        # afresh from one ply on, differs from): one number for one thing
        own = (row.get("game") or {}).get("before")
        out.update(value=best_value(row), words=own if isinstance(own, str) else None)
    elif text == row.get("move"):          # the move played: the review's "after"
        own = (row.get("game") or {}).get("after")
        out.update(value=played_value(row), words=own if isinstance(own, str) else None)
    out["verdict"] = ("best" if best else "good" if tried["verdict"] == "good enough"
                      else verdict(row, text, out, judge.thresholds))
    return out


def verdict(row: dict, text: str, tried: dict, thresholds=None) -> str:
    """What a try is worth against the marked move's row: "best" (the better move the
    review named, or worth as much), "good" (short of the best by less than the game's
    line for an inaccuracy: good enough), "better" (better than the move played, but short
    of the line) or "no" (not better than the move played)."""
    from games.core import review
    best, played = best_value(row), played_value(row)
    value = float(tried["value"])
    if text == row.get("better") or value >= best - 1e-4:
        return "best"
    if review.judgement(best - value, thresholds or review.THRESHOLDS) == "good":
        return "good"
    return "better" if value > played + 1e-4 else "no"


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
