"""The cabinet's bookkeeping: the credits standing, coins per slot, credits bought and
played, plays and play time per game.

Kept in the store as ``cabinet/books`` (``cabinet/books.json`` in the data dir), written
whole (temp file, fsync, rename) at every coin, credit and play, so a restart or a power
cut loses neither a paid credit nor a count. The operator reads them on the operator
menu's "Bookkeeping" page and may reset the counters there (the credits standing stay:
they are the players').
"""

from __future__ import annotations

import time
from fractions import Fraction

from games.core import schema

NAME = "cabinet/books"
VERSION = 1
SLOTS = ("1", "2")
BIG = 10 ** 12

SCHEMA = schema.Table({
    "credits": schema.Int(0, 99, 0),
    # the part of a credit paid so far, as a fraction (coins of different slots add up)
    "partial": schema.Table({"num": schema.Int(0, 10 ** 6, 0), "den": schema.Int(1, 10 ** 6, 1)}),
    "coins": schema.Table({s: schema.Int(0, BIG, 0) for s in SLOTS}),
    "credits_bought": schema.Int(0, BIG, 0),
    "credits_played": schema.Int(0, BIG, 0),
    "plays": schema.Table({}, extra=schema.Int(0, BIG, 0), max_extra=64),
    "seconds": schema.Table({}, extra=schema.Float(0, 1e12, 0.0), max_extra=64),
    "since": schema.Str(40, default=""),
})


def _fresh() -> dict:
    return SCHEMA.fix({})


def clock_text(seconds: float) -> str:
    """3:07, 1:02:03."""
    s = int(round(seconds))
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


class Books:
    def __init__(self, store):
        self.store = store
        self.data = store.load(NAME, _fresh(), VERSION, SCHEMA.clean)
        if not self.data["since"]:
            self.data["since"] = time.strftime("%Y-%m-%d %H:%M")
        self.failed = None          # why the last write was not kept (None: it was)

    # -- the credits standing ---------------------------------------------------------------
    @property
    def credits(self) -> int:
        return self.data["credits"]

    @property
    def partial(self) -> Fraction:
        p = self.data["partial"]
        return Fraction(p["num"], p["den"])

    def _set_partial(self, value: Fraction) -> None:
        self.data["partial"] = {"num": value.numerator, "den": value.denominator}

    def coin(self, slot: str, per_credit: int, cap: int) -> int:
        """A coin in ``slot``: 1/per_credit of a credit. Returns the credits it completed
        (none beyond ``cap``: the coin is counted, the credit is not given)."""
        self.data["coins"][slot] = self.data["coins"].get(slot, 0) + 1
        paid = self.partial + Fraction(1, max(1, per_credit))
        whole = int(paid)
        paid -= whole
        room = max(0, cap - self.data["credits"])
        given = min(whole, room)
        self.data["credits"] += given
        self.data["credits_bought"] += given
        if self.data["credits"] >= cap:
            paid = Fraction(0)             # a full cabinet keeps no part of a credit either
        self._set_partial(paid)
        self.save()
        return given

    def spend(self) -> bool:
        if self.data["credits"] <= 0:
            return False
        self.data["credits"] -= 1
        self.data["credits_played"] += 1
        self.save()
        return True

    # -- plays ------------------------------------------------------------------------------
    def play_started(self, game: str) -> None:
        self.data["plays"][game] = self.data["plays"].get(game, 0) + 1
        self.save()

    def played(self, game: str, seconds: float) -> None:
        """Add ``seconds`` of play to ``game`` (called at the end and each minute)."""
        if seconds <= 0:
            return
        self.data["seconds"][game] = self.data["seconds"].get(game, 0.0) + float(seconds)
        self.save()

    def rows(self, titles: dict) -> list:
        """[(title, plays, seconds, average seconds)] of every game played, by title."""
        out = []
        for game in sorted(set(self.data["plays"]) | set(self.data["seconds"])):
            n = self.data["plays"].get(game, 0)
            secs = self.data["seconds"].get(game, 0.0)
            out.append((titles.get(game, game), n, secs, secs / n if n else 0.0))
        return out

    # -- the operator -----------------------------------------------------------------------
    def reset(self) -> bool:
        """Zero every counter (the credits standing stay)."""
        keep = {k: self.data[k] for k in ("credits", "partial")}
        self.data = _fresh()
        self.data.update(keep)
        self.data["since"] = time.strftime("%Y-%m-%d %H:%M")
        return self.save()

    def save(self) -> bool:
        kept = self.store.save(NAME, self.data, VERSION)
        self.failed = None if kept else (self.store.failing.get(NAME) or "it was not kept")
        return kept
