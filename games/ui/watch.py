"""What the computer did, for the GameScene base: every computer move is written to the
status line and its history (the Messages window), marked on the board until the next
change, and held long enough to be seen (the "pace" setting: the original's speed, or
slower). A game supplies only two things:

- ``move_words(tr) -> str | (str, colour) | None``: the move in words ("Blue plays f6.");
  the default names the seat and the move's notation;
- ``move_marks(tr) -> list``: the native rectangles the move is marked in (the square
  played, the zone moved to); the default marks nothing.

The base draws the mark (corner brackets in the look's lightest colour over its darkest)
after the game's own ``draw``, so a game's picture stays its own. A mixin: it reads the
scene's ``table``, ``app``, ``demo``, ``look``, ``timeline`` and ``status``.
"""

from __future__ import annotations

# the "pace" setting (games.core.store): seconds each computer move stays before the next
# one, after its own animation (the original's speed adds nothing)
from games.core.store import PACES  # noqa: E402,F401 (the setting's values)
PACE_SECONDS = {"original": 0.0, "slower": 1.0, "slowest": 2.2}
PACE_WORDS = {"original": "as the original", "slower": "slower", "slowest": "slowest"}


def luminance(rgb) -> float:
    r, g, b = rgb[:3]
    return 0.299 * r + 0.587 * g + 0.114 * b


class ComputerMoves:
    """The computer's moves, said, marked and paced (a mixin of ``GameScene``)."""

    move_marked: tuple = ()         # native rectangles of the last computer move's mark

    # -- what a game supplies ------------------------------------------------------------------
    def move_words(self, tr):
        """A computer's move in words for the status line and Messages (a sentence, or
        (sentence, colour)); None says nothing. Default: "Red: c4."."""
        seat = str(tr.seat or "").replace("_", " ").capitalize()
        return f"{seat}: {tr.text}." if seat else f"{tr.text}."

    def move_marks(self, tr) -> list:
        """The native rectangles a computer's move is marked in (default: none)."""
        return []

    def pace_share(self, tr) -> float:
        """How much of the pace's pause this move is held for (default: all of it; a
        game's many small moves, such as placements, may take less)."""
        return 1.0

    # -- the base's part -----------------------------------------------------------------------
    def by_computer(self, tr) -> bool:
        """The transition is a move made by no person here: the computer's (a computer
        seat, or a seat it places at random), or a friend's at a network table (said,
        marked and held as the computer's are)."""
        return tr.kind == "move" and self.table.seats.get(tr.seat) in ("computer", "random",
                                                                        "remote")

    def pace_seconds(self) -> float:
        """How long a computer move stays before the next (a demo keeps the original's)."""
        if self.demo:
            return 0.0
        pace = (getattr(self.app, "settings", None) or {}).get("pace", "original")
        return PACE_SECONDS.get(pace, 0.0)

    def watch(self, tr) -> None:
        """A transition was shown by the game: a computer's move is said (before the game's
        own ``on_transition``, whose remarks follow it), marked and held."""
        if not self.by_computer(tr):
            return
        words = self.move_words(tr)
        if words:
            text, colour = words if isinstance(words, tuple) else (words, None)
            self.say(text, colour)
        try:
            self.move_marked = tuple(self.move_marks(tr) or ())
        except (AttributeError, IndexError, KeyError, TypeError, ValueError):
            self.move_marked = ()

    def moves_played(self) -> list:
        """The moves of the line in hand as transitions ("move" only, oldest first), as the
        table made them when they were played."""
        from games.core.table import Transition
        t = self.table
        out = []
        for p in range(t.ply):
            before = t.position(p)
            if before.is_chance:
                continue
            move = t.move_at(p)
            try:
                text = before.move_text(move)
            except (AttributeError, IndexError, KeyError, TypeError, ValueError):
                text = str(t.moves[p]) if p < len(t.moves) else ""
            out.append(Transition(before, t.position(p + 1), text, "move", before.current,
                                  move))
        return out

    def recall_moves(self) -> None:
        """A resumed game: the computer's moves played before it was kept are said into
        Messages (the status history), neither shown on the line nor marked nor held."""
        for tr in self.moves_played():
            if not self.by_computer(tr):
                continue
            try:
                words = self.move_words(tr)
            except (AttributeError, IndexError, KeyError, TypeError, ValueError):
                continue
            if words:
                text = words[0] if isinstance(words, tuple) else words
                self.status.remember(self.named(text))

    def hold_after(self, tr) -> None:
        """After the game's animation of a computer's move, the pace's pause."""
        if tr.kind != "move" or self.table.seats.get(tr.seat) not in ("computer", "remote"):
            return                  # (a seat placed at random goes at once, as asked)
        seconds = self.pace_seconds() * self.pace_share(tr)
        if seconds <= 0:
            return
        tl = self.timeline
        left = max([t.delay + t.duration - t.elapsed for t in tl.tracks.values()
                    if t.holds] + [0.0])
        tl.add("watch", seconds, delay=left, area=())

    def unmark(self, tr) -> None:
        """Any change but a computer's move (or a chance outcome) takes the mark away."""
        if tr.kind != "chance" and not self.by_computer(tr):
            self.move_marked = ()

    def draw_marks(self, surface) -> None:
        """What the house draws over the board: its coordinates where the Settings ask for
        them (games.ui.coordinates), then corner brackets round each marked rectangle,
        light over dark."""
        from games.ui import coordinates
        palette = self.look.palette
        light = max(palette, key=luminance)
        dark = min(palette, key=luminance)
        if coordinates.coordinates_on(self.app):
            coordinates.draw(surface, self.look, self.board_cells(), light, dark)
        if not self.move_marked:
            return
        for r in self.move_marked:
            x, y, w, h = (int(v) for v in r[:4])
            if w < 4 or h < 4:
                continue
            arm = max(2, min(w, h) // 3)
            for colour, inset in ((dark, 1), (light, 0)):
                x0, y0 = x + inset, y + inset
                x1, y1 = x + w - 1 - inset, y + h - 1 - inset
                a = arm - inset
                for (px, py, dx, dy) in ((x0, y0, 1, 1), (x1, y0, -1, 1),
                                         (x0, y1, 1, -1), (x1, y1, -1, -1)):
                    surface.fill(colour, (min(px, px + dx * (a - 1)), py, a, 1))
                    surface.fill(colour, (px, min(py, py + dy * (a - 1)), 1, a))
