"""Results and records in one place: what a finished game was worth, and the tables that keep
it (games won and lost against each level of the computer, best-of tables with initials).

A game scene never writes a score file of its own accord: the GameScene base builds one
``Result`` when a game ends, records it once (however often the end is shown again, undone
and redone, or buttons are pressed), and hands it to the game's own ``record`` for its own
tables (Tribolo's cards, TriAxis's score files). How a win earns initials is declared in the
registry entry (``records``): "own" (the game asks for them itself), "cabinet" (the cabinet
asks, in kiosk mode) or "none".

Pure: no pygame; every table goes through the store with a schema, so a damaged file is
moved aside and said, never trusted.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core import schema

RECORD_KINDS = ("own", "cabinet", "none")
MAX_COUNT = 10 ** 9


@dataclass(frozen=True)
class Result:
    """One finished game, as the records see it."""
    game: str
    winners: frozenset          # seats
    seats: dict                 # seat -> "human" | "computer" | "random"
    level: int | None           # the weakest level the computer played at in this game
    moves: int                  # plies played

    @property
    def people(self) -> set:
        return {s for s, kind in self.seats.items() if kind == "human"}

    @property
    def against_computer(self) -> bool:
        """People against the computer (not people only, not computers only)."""
        return bool(self.people) and len(self.people) < len(self.seats)

    @property
    def person_won(self) -> bool:
        """A person won, alone or with other people (no computer shares the win)."""
        return bool(self.winners & self.people) and not (self.winners - self.people)


def result_of(game: str, table) -> Result:
    """The Result of the finished game on ``table`` (a games.core.table.Table)."""
    st = table.state
    return Result(game, frozenset(st.winners()), dict(table.seats), table.result_level(),
                  table.ply)


# -- games won and lost against each level --------------------------------------------------

_ROW = schema.Table({"won": schema.Int(0, MAX_COUNT, 0), "lost": schema.Int(0, MAX_COUNT, 0)})
WON_LOST = schema.Table({}, extra=_ROW, max_extra=64)


def won_lost_name(game: str) -> str:
    return f"scores/{game}"


def load_won_lost(store, game: str) -> dict:
    return store.load(won_lost_name(game), {}, 1, WON_LOST.clean)


def record_won_lost(store, result: Result) -> bool:
    """A person against the computer: one more won or lost at the result's level."""
    if not result.against_computer or result.level is None:
        return False
    table = load_won_lost(store, result.game)
    row = table.setdefault(str(result.level), {"won": 0, "lost": 0})
    row["won" if result.person_won else "lost"] += 1
    return store.save(won_lost_name(result.game), table, 1)


def won_lost_rows(store, game: str, level_name=str) -> tuple:
    """(header, rows) of the won/lost table, weakest level first, for a table modal."""
    table = load_won_lost(store, game)
    rows = []
    for level in sorted(table, key=lambda v: int(v) if v.isdigit() else 99):
        name = level_name(int(level)) if level.isdigit() else level
        rows.append([str(name), table[level]["won"], table[level]["lost"]])
    return ["Level", "Won", "Lost"], rows


def lines(header, rows, empty: str = "No games yet.") -> list:
    """A table as text lines, each value in its heading's column (numbers right-aligned to
    the heading's right edge, text left-aligned to its left edge)."""
    if not rows:
        return [empty]
    widths = [max(len(str(h)), *(len(str(r[i])) for r in rows)) for i, h in enumerate(header)]
    numeric = [all(isinstance(r[i], (int, float)) for r in rows) for i in range(len(header))]

    def cell(i, v):
        return str(v).rjust(widths[i]) if numeric[i] else str(v).ljust(widths[i])
    out = ["  ".join(str(h).rjust(widths[i]) if numeric[i] else str(h).ljust(widths[i])
                     for i, h in enumerate(header)).rstrip()]
    out += ["  ".join(cell(i, v) for i, v in enumerate(r)).rstrip() for r in rows]
    return out


def won_lost_lines(store, game: str, level_name=str) -> list:
    """The launcher's Scores screen: games won and lost against each level."""
    header, rows = won_lost_rows(store, game, level_name)
    return lines(header, rows, "No games against the computer yet.")
