"""Tripppin's record: games won and lost by the person against each level of the computer,
kept in ``scores/tripppin`` and shown on the launcher's Scores screen. No pygame here."""

from __future__ import annotations

from games.core import schema
from games.tripppin import ai

RECORD_NAME = "scores/tripppin"
_ROW = schema.Table({"won": schema.Int(0, 10 ** 9, 0), "lost": schema.Int(0, 10 ** 9, 0)})
RECORD = schema.Table({}, extra=_ROW, max_extra=len(ai.ALL_LEVELS))


def load(store) -> dict:
    return store.load(RECORD_NAME, {}, 1, RECORD.clean)


def record(store, level: int, won: bool) -> bool:
    table = load(store)
    row = table.setdefault(str(level), {"won": 0, "lost": 0})
    row["won" if won else "lost"] += 1
    return store.save(RECORD_NAME, table, 1)


def score_lines(store) -> list:
    """The launcher's Scores screen: games won and lost against each level."""
    table = load(store)
    if not table:
        return ["No games against the computer yet."]
    lines = ["Level        Won   Lost"]
    for level in sorted(table, key=lambda v: int(v) if v.isdigit() else 99):
        name = ai.level_name(int(level)) if level.isdigit() else level
        lines.append(f"{name:<10}{table[level]['won']:>6}  {table[level]['lost']:>5}")
    return lines
