"""One timeline for every animation: slides, flips, flashes, dice and the spinner.

A scene owns one ``Timeline`` and adds ``Track`` values to it: a named piece of motion with
a duration, an easing, an optional delay, sound cues at given fractions and a callback at
its end. The scene reads ``progress(name)`` (0..1, eased) while drawing. ``busy`` is True
while any track runs (but a ``holds=False`` timeout): the computer waits for it (the GameScene holds the table), and
``finish()`` jumps every track to its end (a person moves meanwhile).

Time runs at the app-wide ``speed`` factor (``App.anim_speed``): 1.0 is real time, 4.0 four
times as fast, 0 (or less) instant: every track ends the moment it is added, its cues
sounding at once. Tests and the attract mode set it; no scene has a knob of its own.

Looping decorations (marching ants, flashing targets) are not tracks: ``phase(period)``
gives a 0..1 phase from the timeline's clock, which also runs at the speed factor.

A track may say where it draws (``area``: a native rectangle or a list of them; None, the
default, is anywhere; ``()`` is nowhere, a pause; or a function of the track that gives one
of those for the frame it is called in, when what it draws moves: the damage is then where
it drew last frame and where it draws now). After ``update``, ``damage()`` is what
the tracks that ran may have changed (None: the whole picture), so a frame redraws only
that; ``moving`` says whether any visible track runs, and ``next_event()`` when the next
track starts or ends (the loop sleeps until then when nothing moves).

No drawing here, and nothing but the standard library: a timeline can be tested alone.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable


def linear(t: float) -> float:
    return t


def ease_out(t: float) -> float:
    return 1.0 - (1.0 - t) ** 2


def ease_in_out(t: float) -> float:
    return 0.5 - 0.5 * math.cos(math.pi * t)


def ease_out_cubic(t: float) -> float:
    """Fast, then slowing to a stop: a wheel spun by hand, a rolling die."""
    return 1.0 - (1.0 - t) ** 3


NOT_YET = object()    # a function ``area`` not yet asked (the track shows, somewhere)


@dataclass
class Track:
    name: str
    duration: float
    ease: Callable[[float], float] = linear
    delay: float = 0.0
    cues: list = field(default_factory=list)      # [(fraction 0..1, sound name)]
    on_done: Callable[[], None] | None = None
    data: object = None                           # whatever the scene draws from
    holds: bool = True                            # False: a timeout, never ``busy``
    area: object = None          # where it draws: a rect, rects, None, (), or f(track)
    elapsed: float = 0.0
    drew: object = NOT_YET       # what a function ``area`` gave last frame

    @property
    def shows(self) -> object:
        """Where it draws now: its area (a function's: as it gave it last)."""
        return self.drew if callable(self.area) else self.area

    @property
    def raw(self) -> float:
        """Progress 0..1 before easing (0 while delayed)."""
        if self.duration <= 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + max(0.0, self.duration)


class Timeline:
    def __init__(self, speed: Callable[[], float] | float = 1.0,
                 play: Callable[[str], None] | None = None):
        self._speed = speed
        self.play = play or (lambda name: None)
        self.tracks: dict[str, Track] = {}
        self.clock = 0.0                  # seconds of (sped-up) time since the start
        self._ran: list = []              # the areas of the tracks the last update moved
        self._left: list = []             # where tracks dropped since drew (to repaint)

    @property
    def speed(self) -> float:
        return float(self._speed() if callable(self._speed) else self._speed)

    # -- tracks ------------------------------------------------------------------------------
    def add(self, name: str, duration: float, ease=linear, delay: float = 0.0, cues=(),
            on_done=None, data=None, holds: bool = True, area=None) -> Track:
        """Start (or restart) the track ``name``. Cues are (fraction, sound) pairs; a cue at
        fraction 0 sounds when the track starts (after its delay). ``holds=False``: a
        timeout (a status message shown for a while) that does not make the timeline busy."""
        old = self.tracks.pop(name, None)
        if old is not None:
            self._gone(old)
            self._end(old)
        track = Track(name, max(0.0, duration), ease, max(0.0, delay),
                      sorted(cues, key=lambda c: c[0]), on_done, data, holds, area)
        self.tracks[name] = track
        if self.speed <= 0:
            self._end(self.tracks.pop(name))
        else:
            self._fire(track)
        return track

    def progress(self, name: str, default: float = 1.0) -> float:
        """The eased progress of a running track; ``default`` when there is none."""
        t = self.tracks.get(name)
        return default if t is None else t.ease(t.raw)

    def get(self, name: str) -> Track | None:
        return self.tracks.get(name)

    def running(self, name: str) -> bool:
        return name in self.tracks

    @property
    def busy(self) -> bool:
        return any(t.holds for t in self.tracks.values())

    def cancel(self, name: str) -> None:
        """Drop a track without its end (no cues, no callback)."""
        t = self.tracks.pop(name, None)
        if t is not None:
            self._gone(t)

    def finish(self, name: str | None = None, sounds: bool = True) -> None:
        """Jump a track (or all of them) to the end; callbacks run. With ``sounds`` the
        last remaining cue of each track sounds (not a burst of every one)."""
        names = [name] if name is not None else list(self.tracks)
        for n in names:
            t = self.tracks.pop(n, None)
            if t is not None:
                self._gone(t)
                if not sounds:
                    t.cues = []
                self._end(t)

    def clear(self) -> None:
        """Drop every track silently (a new position replaces the old one)."""
        for t in self.tracks.values():
            self._gone(t)
        self.tracks.clear()

    # -- time --------------------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        """Advance by dt real seconds; True while anything moved."""
        speed = self.speed
        if speed <= 0:
            self.finish()
            return False
        step = dt * speed
        self.clock += step
        self._ran, self._left = self._left, []
        if not self.tracks:
            return bool(self._ran)
        for t in list(self.tracks.values()):
            t.elapsed += step
            if t.elapsed >= t.delay:              # shown moving (or arriving) this frame
                area = t.area
                if callable(area):                # where it drew, and where it draws now
                    if t.drew is not NOT_YET:
                        self._ran.append(t.drew)
                    area = t.drew = area(t)
                self._ran.append(area)
            self._fire(t)
            if t.done and self.tracks.get(t.name) is t:
                del self.tracks[t.name]
                if t.on_done is not None:
                    t.on_done()
        return True

    def damage(self):
        """What the tracks moved by the last ``update`` may have changed: a list of
        rectangles, or None for the whole picture."""
        out = []
        for area in self._ran:
            if area is None:
                return None
            if hasattr(area, "w") or (area and isinstance(area[0], (int, float))):
                out.append(area)
            else:
                out.extend(area)
        return out

    @property
    def moving(self) -> bool:
        """True while a track that shows something has started and not ended."""
        return any(t.shows != () and t.elapsed >= t.delay for t in self.tracks.values())

    def next_event(self) -> float | None:
        """Real seconds until a track starts or ends (None: no track)."""
        speed = self.speed
        if not self.tracks or speed <= 0:
            return None
        return min(max(0.0, (t.delay - t.elapsed if t.elapsed < t.delay
                             else t.delay + t.duration - t.elapsed)) / speed
                   for t in self.tracks.values())

    def until_toggle(self, period: float) -> float:
        """Real seconds until ``phase(period) < 0.5`` next flips (a blink's next change)."""
        half = period / 2
        speed = self.speed
        if half <= 0 or speed <= 0:
            return 0.0
        return (half - self.clock % half) / speed + 0.001

    def phase(self, period: float) -> float:
        """A looping 0..1 phase of ``period`` seconds, from the timeline's clock."""
        return (self.clock / period) % 1.0 if period > 0 else 0.0

    # -- inner -------------------------------------------------------------------------------
    def _gone(self, t: Track) -> None:
        """A track dropped before its frame ended: where a moving one drew last, and where
        it rests at its end (what is drawn once it is gone), are repainted by the next
        update."""
        if callable(t.area) and t.drew is not NOT_YET and t.drew != ():
            self._left.append(t.drew)
            t.elapsed = t.delay + t.duration          # as it is left (its end)
            self._left.append(t.area(t))

    def _fire(self, t: Track) -> None:
        while t.cues and t.started and t.raw >= t.cues[0][0]:
            self.play(t.cues.pop(0)[1])

    def _end(self, t: Track) -> None:
        if t.cues:
            self.play(t.cues[-1][1])
        t.cues = []
        t.elapsed = t.delay + t.duration
        if t.on_done is not None:
            t.on_done()
