"""Tripppin's record on the launcher's Scores screen: games won and lost by a person against
each level of the computer. The record itself (``scores/tripppin``) is kept by the game
scene's base through games.core.records; this only names the levels. No pygame here."""

from __future__ import annotations

from games.core import records
from games.tripppin import ai

RECORD_NAME = records.won_lost_name("tripppin")


def load(store) -> dict:
    return records.load_won_lost(store, "tripppin")


def score_lines(store) -> list:
    """The launcher's Scores screen: games won and lost against each level."""
    return records.won_lost_lines(store, "tripppin", ai.level_name)
