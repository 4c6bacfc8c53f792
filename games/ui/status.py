"""The status line every game scene has: messages, how long each stays, and a history the
player can read back.

It is kept apart from the timeline on purpose: the timeline runs at the animation speed (0
in tests, fast in the attract loop) while a message is for a person and stays its time in
real seconds. What a computer did (a removal, a rethrow, a harvest, a famine, a seat that
cannot move) is said here, and stays in ``history`` after it has left the line, so it can be
read even when the next move came at once. Pure: no pygame.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

HISTORY = 4000        # messages kept for reading back: every move of any real game
                      # (the oldest dropped only beyond that)


@dataclass(frozen=True)
class Message:
    text: str
    colour: tuple | None = None
    seconds: float = 4.0       # how long it shows; sticky ones stay until the next one
    sticky: bool = False


class StatusLine:
    def __init__(self, keep: int = HISTORY):
        self._history: deque = deque(maxlen=keep)
        self._current: Message | None = None
        self._left = 0.0
        self.serial = 0            # bumped on every change (a cheap "redraw me")

    def say(self, text: str, colour=None, seconds: float = 4.0, sticky: bool = False) -> Message:
        """Show ``text`` now (replacing what shows) and keep it in the history."""
        msg = Message(str(text), colour, float(seconds), sticky)
        self._current = msg
        self._left = msg.seconds
        if not self._history or self._history[-1] != msg.text:
            self._history.append(msg.text)
        self.serial += 1
        return msg

    def remember(self, text: str) -> None:
        """Keep ``text`` in the history without showing it (what was said in a game before
        it was resumed)."""
        text = str(text)
        if not self._history or self._history[-1] != text:
            self._history.append(text)
            self.serial += 1

    @property
    def current(self) -> Message | None:
        """The message being shown; None when the scene's own prompt shows."""
        return self._current

    @property
    def history(self) -> list:
        """The last messages, oldest first."""
        return list(self._history)

    def left(self) -> float | None:
        """Seconds until the message showing runs out (None: none, or it stays)."""
        if self._current is None or self._current.sticky:
            return None
        return max(0.0, self._left)

    def update(self, dt: float) -> bool:
        """Real time passes; True when the line changed (a message ran out)."""
        if self._current is None or self._current.sticky:
            return False
        self._left -= dt
        if self._left <= 0:
            self.clear()
            return True
        return False

    def clear(self, sticky_too: bool = True) -> None:
        """Back to the scene's prompt (a sticky message stays unless ``sticky_too``)."""
        if self._current is not None and (sticky_too or not self._current.sticky):
            self._current = None
            self.serial += 1
