"""Both mouse buttons pressed together mean Esc: a rule of some DOS games (TriAxis's manual:
"Press the LEFT and RIGHT mouse buttons at the same time for ESC").

A scene that follows the rule says so with ``chord_back = True`` (a modal over it follows
its game). While it is on top, a left or right button press is held back for a moment
(``WINDOW`` seconds, or until the button is released or the pointer moves): if the other
button goes down meanwhile, the two presses become one ``back`` action and their releases
are swallowed; otherwise the press is delivered as it came, before anything after it. A
click (press and release in the same frame) is never delayed.
"""

from __future__ import annotations

from .input import Action

WINDOW = 0.09          # seconds: "at the same time" for two fingers
PAIR = (1, 3)


class MouseChord:
    def __init__(self):
        self.enabled = False
        self.held: tuple | None = None      # (the press held back, when it came)
        self.swallow: set = set()            # buttons whose release belongs to a chord

    def flush(self) -> list:
        held, self.held = self.held, None
        return [held[0]] if held is not None else []

    def feed(self, actions: list, now: float) -> list:
        """The actions of one event, with chords made and presses held back."""
        out = []
        for a in actions:
            if a.kind == "pointer_up" and a.button in self.swallow:
                self.swallow.discard(a.button)
                if self.held is not None and self.held[0].button == a.button:
                    self.held = None
                continue
            if not self.enabled:
                out.append(a)
                continue
            if a.kind == "pointer_down" and a.button in PAIR:
                held = self.held
                if held is not None and held[0].button != a.button:
                    self.held = None
                    self.swallow |= set(PAIR)
                    out.append(Action("back", pos=a.pos, source="mouse", controller=a.controller))
                    continue
                out += self.flush()
                self.held = (a, now)
                continue
            out += self.flush()
            out.append(a)
        return out

    def due_times(self) -> list:
        """When a press held back is given out (the loop wakes for it)."""
        return [self.held[1] + WINDOW] if self.held is not None else []

    def due(self, now: float) -> list:
        """A press held back longer than the window: given out now."""
        if self.held is not None and now - self.held[1] >= WINDOW:
            return self.flush()
        return []
