"""The cabinet's bookkeeping: the credits standing (and those held over the cap), coins per
slot, credits bought and played, plays, walk-aways and play time per game; the same
counters for the cabinet's whole life (no reset clears them); a day-by-day history.

Kept in the store as ``cabinet/books`` (``cabinet/books.json`` in the data dir). A coin, a
credit spent and a play are written whole (temp file, fsync, rename) on the main thread
before the screen answers (``Store.save_now``, never the background writer), so a kill -9
or a power cut the moment after loses none of them. Play time is written each minute and
at the end.

The books balance: ``opening + credits_bought == credits_played + credits + held``, both
since the last reset (``opening``: the credits standing when it was made) and over the
cabinet's life. A play is counted once a person has moved in it; a game started and left
without a move is a walk-away, listed apart with its time. The operator reads them on the
operator menu's "Bookkeeping" page, exports them as CSV there or with
``python main.py --books [FILE]``, and may reset the counters (the credits standing and
held stay: they are the players'; the lifetime counters and the history stay too).
"""

from __future__ import annotations

import csv
import io
import time
from fractions import Fraction

from games.core import schema

NAME = "cabinet/books"
VERSION = 2
SLOTS = ("1", "2")
BIG = 10 ** 12
DAYS_KEPT = 400                  # the day-by-day history keeps this many days


def _per_game(kind):
    return schema.Table({}, extra=kind, max_extra=64)


# the counters kept since the last reset (at the top level) and over the cabinet's life
COUNTERS = {
    "coins": schema.Table({s: schema.Int(0, BIG, 0) for s in SLOTS}),
    "coins_over_cap": schema.Int(0, BIG, 0),       # coins that came with the credits full
    "credits_bought": schema.Int(0, BIG, 0),       # with the bonus credits
    "credits_bonus": schema.Int(0, BIG, 0),
    "credits_played": schema.Int(0, BIG, 0),       # games started and continues, paid
    "continues": schema.Int(0, BIG, 0),
    "free_starts": schema.Int(0, BIG, 0),          # games started on free play
    "opening": schema.Int(0, BIG, 0),              # credits standing when counting began
    "plays": _per_game(schema.Int(0, BIG, 0)),
    "walkaways": _per_game(schema.Int(0, BIG, 0)),
    "seconds": _per_game(schema.Float(0, 1e12, 0.0)),
    "walk_seconds": _per_game(schema.Float(0, 1e12, 0.0)),
    "since": schema.Str(40, default=""),
}
DAY = schema.Table({k: schema.Int(0, BIG, 0) for k in
                    ("coins", "credits_bought", "credits_played", "plays", "walkaways")}
                   | {"seconds": schema.Float(0, 1e12, 0.0)})

SCHEMA = schema.Table({
    "credits": schema.Int(0, 99, 0),
    "held": schema.Int(0, BIG, 0),                 # bought over the cap: given as spent
    # the part of a credit paid so far, as a fraction (coins of different slots add up)
    "partial": schema.Table({"num": schema.Int(0, 10 ** 6, 0), "den": schema.Int(1, 10 ** 6, 1)}),
    "bonus_coins": schema.Int(0, 10 ** 6, 0),      # coins towards the next bonus credit
    "resets": schema.Int(0, BIG, 0),
    # credits spent on games nobody has moved in yet: a cabinet stopped before they ended
    # (a power cut, a kill) gives them back when it starts again
    "unplayed": schema.Int(0, 99, 0),
    **COUNTERS,
    "lifetime": schema.Table(COUNTERS),
    "days": schema.Table({}, extra=DAY, max_extra=DAYS_KEPT + 1),
})
COUNTER_KEYS = tuple(k for k in COUNTERS if k != "since")


def _fresh() -> dict:
    return SCHEMA.fix({})


def _clean(data, problems=None) -> dict:
    """A file of either version: one of version 1 (no lifetime counters) starts its
    lifetime counters from its own, balanced by their opening."""
    if isinstance(data, dict) and not isinstance(data.get("lifetime"), dict):
        data = dict(data)
        life = {k: data[k] for k in COUNTERS if k in data}
        data["lifetime"] = life
    out = SCHEMA.clean(data, problems)
    for part in (out, out["lifetime"]):
        # a version 1 reset kept the credits standing but zeroed what bought them
        gap = part["credits_played"] + out["credits"] + out["held"] - part["credits_bought"]
        part["opening"] = max(part["opening"], gap)
    return out


def clock_text(seconds: float) -> str:
    """3:07, 1:02:03."""
    s = int(round(seconds))
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def _today() -> str:
    return time.strftime("%Y-%m-%d")


class Books:
    def __init__(self, store):
        self.store = store
        self.data = store.load(NAME, _fresh(), VERSION, _clean)
        for part in (self.data, self.data["lifetime"]):
            if not part["since"]:
                part["since"] = time.strftime("%Y-%m-%d %H:%M")
        self.failed = None          # why the last write was not kept (None: it was)

    # -- the credits standing ---------------------------------------------------------------
    @property
    def credits(self) -> int:
        return self.data["credits"]

    @property
    def held(self) -> int:
        return self.data["held"]

    NO_COIN = "No coin has been counted yet: the books are empty."

    @property
    def no_coin_yet(self) -> bool:
        """No coin was ever counted (the lifetime counters: a reset clears no history)."""
        return not sum(self.data["lifetime"]["coins"].values())

    @property
    def partial(self) -> Fraction:
        p = self.data["partial"]
        return Fraction(p["num"], p["den"])

    def _set_partial(self, value: Fraction) -> None:
        self.data["partial"] = {"num": value.numerator, "den": value.denominator}

    def _count(self, key: str, n=1, game: str | None = None) -> None:
        """Add ``n`` to a counter since the reset and over the lifetime."""
        for part in (self.data, self.data["lifetime"]):
            if game is None:
                part[key] += n
            else:
                part[key][game] = part[key].get(game, 0) + n

    def _day(self, key: str, n=1) -> None:
        days = self.data["days"]
        today = _today()
        if today not in days:
            days[today] = DAY.fix({})
            for old in sorted(days)[:-DAYS_KEPT]:
                del days[old]
        days[today][key] += n

    def coin(self, slot: str, per_credit: int, cap: int, bonus_every: int = 0) -> tuple:
        """A coin in ``slot``: 1/per_credit of a credit, and every ``bonus_every`` coins in a
        row (since a credit was last spent) one credit more. Returns (credits given,
        credits held): a credit past ``cap`` is held and given as credits are spent."""
        d = self.data
        for part in (d, d["lifetime"]):
            part["coins"][slot] = part["coins"].get(slot, 0) + 1
        self._day("coins")
        if d["credits"] >= cap:
            self._count("coins_over_cap")
        paid = self.partial + Fraction(1, max(1, per_credit))
        whole = int(paid)
        self._set_partial(paid - whole)
        bonus = 0
        if bonus_every > 0:
            d["bonus_coins"] += 1
            if d["bonus_coins"] >= bonus_every:
                d["bonus_coins"] = 0
                bonus = 1
        whole += bonus
        given = max(0, min(whole, cap - d["credits"]))
        d["credits"] += given
        d["held"] += whole - given
        self._count("credits_bought", whole)
        self._count("credits_bonus", bonus)
        self._day("credits_bought", whole)
        self.save()
        return given, whole - given

    def spend(self, continued: bool = False) -> bool:
        """A credit spent on a game started (or continued); False with none standing."""
        d = self.data
        if d["credits"] <= 0:
            return False
        d["credits"] -= 1
        if d["held"] > 0:                  # a held credit takes the place it left
            d["held"] -= 1
            d["credits"] += 1
        d["bonus_coins"] = 0
        self._count("credits_played")
        if continued:
            self._count("continues")
        else:                              # a new game: nobody has moved in it yet
            d["unplayed"] = min(99, d["unplayed"] + 1)
        self._day("credits_played")
        self.save()
        return True

    def give_back(self, cap: int, resets: int) -> bool:
        """A paid game left without a person's move: its credit stands again (held when
        the credits are at ``cap``) and is no longer counted as played. False (nothing
        changed) when the books were reset since it was spent (``resets``: their count
        then)."""
        d = self.data
        d["unplayed"] = max(0, d["unplayed"] - 1)     # that game has ended
        if d["resets"] != resets or d["credits_played"] <= 0 \
                or d["lifetime"]["credits_played"] <= 0:
            self.save()
            return False
        if d["credits"] < cap:
            d["credits"] += 1
        else:
            d["held"] += 1
        self._count("credits_played", -1)
        today = d["days"].get(_today())
        if today is not None and today["credits_played"] > 0:
            today["credits_played"] -= 1
        self.save()
        return True

    def give_back_unplayed(self, cap: int) -> int:
        """At start-up: the credits of games paid for that nobody had moved in when the
        cabinet stopped (the session is not on disk, only this mark) stand again; how many
        did (a books reset zeroes the mark)."""
        n = 0
        for _ in range(self.data["unplayed"]):
            n += self.give_back(cap, self.data["resets"])
        return n

    def release_held(self, cap: int) -> None:
        """The cap was raised: held credits take the room."""
        d = self.data
        room = max(0, min(d["held"], cap - d["credits"]))
        if room:
            d["credits"] += room
            d["held"] -= room
            self.save()

    def free_start(self) -> None:
        self._count("free_starts")
        self.save()

    # -- plays ------------------------------------------------------------------------------
    def play_started(self, game: str, seconds: float = 0.0, paid: bool = False) -> None:
        """A person moved in a game started: it is a play (with the time it took); a
        ``paid`` one's credit is no longer one of the unplayed."""
        if paid:
            self.data["unplayed"] = max(0, self.data["unplayed"] - 1)
        self._count("plays", 1, game)
        self._day("plays")
        self.played(game, seconds, save=False)
        self.save()

    def played(self, game: str, seconds: float, save: bool = True) -> None:
        """Add ``seconds`` of play to ``game`` (called at the end and each minute)."""
        if seconds <= 0:
            return
        self._count("seconds", float(seconds), game)
        self._day("seconds", int(round(seconds)))
        if save:
            self.save()

    def walked_away(self, game: str, seconds: float) -> None:
        """A game started and left without a move: not a play."""
        self._count("walkaways", 1, game)
        self._count("walk_seconds", max(0.0, float(seconds)), game)
        self._day("walkaways")
        self.save()

    def rows(self, titles: dict, part: dict | None = None) -> list:
        """[(title, plays, seconds, average seconds, walk-aways)] of every game played or
        walked away from, by title (``part``: the lifetime counters; default the reset's)."""
        d = self.data if part is None else part
        out = []
        for game in sorted(set(d["plays"]) | set(d["seconds"]) | set(d["walkaways"])):
            n = d["plays"].get(game, 0)
            secs = d["seconds"].get(game, 0.0)
            out.append((titles.get(game, game), n, secs, secs / n if n else 0.0,
                        d["walkaways"].get(game, 0)))
        return out

    def balance(self, part: dict | None = None) -> tuple:
        """(in, out) of the books: opening + bought, and played + standing + held. Equal."""
        d = self.data if part is None else part
        return (d["opening"] + d["credits_bought"],
                d["credits_played"] + self.data["credits"] + self.data["held"])

    # -- export -----------------------------------------------------------------------------
    def csv_text(self, titles: dict) -> str:
        """The books (since the reset and lifetime, then each game) and the day-by-day
        history, as CSV for a spreadsheet: two tables, a blank line between them."""
        d, life = self.data, self.data["lifetime"]
        f = io.StringIO()
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["counter", f"since {d['since']}", f"lifetime since {life['since']}"])
        for label, key in (("coins slot 1", ("coins", "1")), ("coins slot 2", ("coins", "2")),
                           ("coins over the cap", "coins_over_cap"),
                           ("credits bought", "credits_bought"),
                           ("of which bonus", "credits_bonus"),
                           ("credits played", "credits_played"),
                           ("of which continues", "continues"),
                           ("opening credits", "opening"), ("free-play starts", "free_starts")):
            if isinstance(key, tuple):
                w.writerow([label, d[key[0]][key[1]], life[key[0]][key[1]]])
            else:
                w.writerow([label, d[key], life[key]])
        w.writerow(["credits standing", d["credits"], d["credits"]])
        w.writerow(["credits held over the cap", d["held"], d["held"]])
        w.writerow(["balances", int(self.balance()[0] == self.balance()[1]),
                    int(self.balance(life)[0] == self.balance(life)[1])])
        w.writerow([])
        w.writerow(["game", "plays", "play seconds", "walk-aways", "walk-away seconds",
                    "lifetime plays", "lifetime play seconds", "lifetime walk-aways"])
        for game in sorted(set(life["plays"]) | set(life["walkaways"]) | set(d["plays"])):
            w.writerow([titles.get(game, game), d["plays"].get(game, 0),
                        round(d["seconds"].get(game, 0.0)), d["walkaways"].get(game, 0),
                        round(d["walk_seconds"].get(game, 0.0)), life["plays"].get(game, 0),
                        round(life["seconds"].get(game, 0.0)), life["walkaways"].get(game, 0)])
        w.writerow([])
        w.writerow(["date", "coins", "credits bought", "credits played", "plays",
                    "walk-aways", "play seconds"])
        for day in sorted(d["days"]):
            x = d["days"][day]
            w.writerow([day, x["coins"], x["credits_bought"], x["credits_played"], x["plays"],
                        x["walkaways"], x["seconds"]])
        return f.getvalue()

    # -- the operator -----------------------------------------------------------------------
    def reset(self) -> bool:
        """Zero the counters since the last reset (the credits standing and held, the
        lifetime counters and the history stay; the credits standing open the new count)."""
        keep = {k: self.data[k] for k in ("credits", "held", "partial", "bonus_coins",
                                           "lifetime", "days", "resets")}
        self.data = _fresh()
        self.data.update(keep)
        self.data["resets"] += 1
        self.data["opening"] = self.data["credits"] + self.data["held"]
        self.data["since"] = time.strftime("%Y-%m-%d %H:%M")
        return self.save()

    def save(self) -> bool:
        """Written now, on this thread (a coin, a credit, a play must survive a kill)."""
        save_now = getattr(self.store, "save_now", None)
        kept = (save_now or self.store.save)(NAME, self.data, VERSION)
        self.failed = None if kept else (self.store.failing.get(NAME) or "it was not kept")
        return kept
