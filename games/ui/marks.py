"""Seat marks: a shape on every colour that tells seats apart, for players who tell some
colours apart poorly (the "Seat marks" setting, off by default: the originals' look).

Declared once here; each game draws its own marks (sprites of its own sheet, in its
machine's colours) and asks only ``marks_on(app)``. The same seat colour has the same shape
in every game (``SHAPE``), so a player learns it once.

Pure data (no pygame): the sprite maker reads ``SHAPE`` too.
"""
from __future__ import annotations

SETTING = "seat_marks"            # the key in the app's settings (games/core/store.py)

# the shape each seat colour carries when the marks are on
SHAPE = {"blue": "circle", "red": "cross", "green": "triangle", "yellow": "square",
         "orange": "square", "cyan": "diamond", "magenta": "triangle_down"}


def marks_on(app) -> bool:
    """True when the seats' colours carry their shapes (the app's settings say so)."""
    settings = getattr(app, "settings", None) or {}
    return bool(settings.get(SETTING, False))


def shape(seat: str) -> str:
    """The shape a seat colour carries ("circle", "cross", ...)."""
    return SHAPE[seat]
