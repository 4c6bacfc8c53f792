"""TriAxis (Christopher G. Gunn, DOS, 1989-92), the pure rules.

The protocol and the rules are those of shared/RULES.md ("One protocol for every game" and
"TriAxis"); this module imports only the standard library and ``games.triaxis.island``.

Rules in brief
--------------
A hex island (``island.py``), 2-6 seats with habitat colours.  Setup: the seats take turns
placing a size-1 marker on any empty zone until each has placed half its allocation
(rounded down).  Then each turn starts at the spinner: 1-6 move points, HARVEST or FAMINE
(1/8 each); HARVEST and FAMINE spin again for a terrain (1/6 each).  A step to an empty
neighbour or a jump (over a neighbouring marker to the empty zone straight beyond) costs
the marker's size; a jump over an opponent of equal or smaller size captures it and the
jumper grows by one; a marker that would pass size 6 is removed.  Harvest: each seat still
in, in order from the spinner, owes one unit per size point on the colour (counted at the
spin); a unit is a new size-1 marker (``+c4``, from the supply) or one more size on an own
marker (``^c4``).  Famine removes every marker on the colour.  A seat with no markers after
setup is out; the last seat in wins.

Representation
--------------
Zones are indices ``row * width + col`` (see ``island.py``).  ``state.cells`` is a bytes
object (a sequence of small ints, one byte a zone, so a long game's history stays small)
with one int per zone: 0 empty (or sea), else ``seat_number * 8 + size`` where
``seat_number`` is 1-6 (seat order) and size 1-6.  Moves are tuples:

- ``("@", z)``      setup placement, notation ``c4``
- ``("-", a, b)``   step or jump from a to b, notation ``c4-c5`` / ``c4-c6``
- ``("+", z)``      harvest unit: a new marker, notation ``+c4``
- ``("^", z)``      harvest unit: growth of the own marker on z, notation ``^c4``
- ``"resign"``      notation ``resign``
- ``"end"``         the move phase's points left unused: the turn ends (notation ``end``)

Chance outcomes are the strings ``"1"``-``"6"``, ``"harvest"``, ``"famine"`` (spinner)
and the terrain letters ``f g d h m t`` (colour spin); ``move_text`` gives them back as they
are and ``parse_move`` reads them.

``legal_moves()`` lists, in this order: setup placements / harvest units (``+`` then ``^``)
/ marker moves by zone of the marker then direction 0-5 (N, NE, SE, S, SW, NW); then
``"end"`` (in the move phase) and ``"resign"`` (after setup).  The low-level helpers
``marker_moves``, ``apply_marker_move``, ``any_move_fits`` are public for the computer
player.

Choices where RULES.md is silent
--------------------------------
- The original's rule 10: "press <ESC> to quit your turn or concede the game": ``end``
  ends a move phase with points left (the turn passes as when the points are spent);
  ``resign`` concedes. The computer player never ends a turn early.
  A spin whose points fit no move (every marker larger than the points, or boxed in) passes
  the turn at once: playing the outcome goes straight to the next seat's spin, so
  ``phase move N`` always has a marker move that fits.
- A jump over a marker to a zone beyond the island (sea or off the board) is not a move.
- A capture by a size-6 marker is allowed; the jumper then passes 6 and is removed
  (the original's hint 11: "force the oversize marker to jump until it is bigger than six").
  The points are spent as for any jump.
- Harvest growth of a size-6 marker is allowed and removes it (over-population).  A unit
  must be used while the seat can use one; a seat with markers can always grow one, so only
  a seat that is out has units it cannot use, and those are dropped.
- Harvest units are not optional: a seat owing units is ``current`` until it has used them
  all (or resigned, or lost its last marker).
- Setup: after the first seat, the turn goes to the next seat in order that still has
  placements to make (with 28, 28, 24 the third seat finishes first and the other two
  alternate).  ``resign`` is not open during setup.
- A seat that cannot place in setup passes, as Tribolo passes a seat with no move: a
  placement can only be impossible when the island has no empty zone left (no island of
  ``new_game`` is that small; an edited position's may be), and then no seat can place, so
  setup ends there with fewer markers.  As after any setup, a seat with no marker is out,
  the game is over if at most one seat is in (it wins), and otherwise the first seat still
  in spins first.  So no placement leaves the next seat with nothing to play.
- A seat whose last marker is removed in its own move phase (over-population by a capture)
  is out; its turn ends at once.
- Game end by elimination is checked after every event (move, unit, famine, resign).
  "Removed by the last event" (for the all-out tie) means the seats that were still in
  before that event.
- ``max_rounds``: the game ends when the turn would pass into round L + 1; the largest sum
  of marker sizes wins (equal sums tie, seats out count 0).  If every seat is out at the end
  of round L this cannot happen (elimination ends the game first).
- ``names``: ``new_game(..., names=(...))`` takes single lower-case words, all different, one
  per seat, in turn order.
- ``from_text`` checks the position rather than correcting it: ``phase move N`` with no move
  that fits, a harvest list that is not every seat still in (from the spinner), or a game
  with at most one seat in that is not ``over`` are errors naming the line.  The board may be
  any rectangle up to 26 x 99 (``new_game`` always makes 16 x 10).
"""

from __future__ import annotations

import re

from games.core.protocol import FrozenState, field, is_index, text_lines
from games.triaxis.island import COLUMNS, SEA, TERRAINS, Island, generate, island

__all__ = ["PLAYERS", "ALLOCATIONS", "SPIN", "IllegalMove", "State", "new_game",
           "marker_moves", "apply_marker_move", "any_move_fits", "allocation"]

PLAYERS = ("red", "blue", "green", "yellow", "cyan", "magenta")
ALLOCATIONS = {2: (40, 40), 3: (28, 28, 24), 4: (20,) * 4, 5: (16,) * 5, 6: (13,) * 6}
SPIN = ("1", "2", "3", "4", "5", "6", "harvest", "famine")
PHASES = ("setup", "spin", "move", "harvest-colour", "harvest", "famine-colour", "over")
MAX_WIDTH, MAX_HEIGHT = 16, 10      # RULES.md: up to 16 columns by 10 rows
_NAME_RE = re.compile(r"[a-z]+\Z")


class IllegalMove(ValueError):
    """A move the rules do not allow; the message is meant for the player."""


def allocation(seats: int) -> tuple:
    if seats not in ALLOCATIONS:
        raise ValueError(f"TriAxis is for 2 to 6 seats, not {seats!r}")
    return ALLOCATIONS[seats]


# --------------------------------------------------------------------------- low level

def marker_moves(isl: Island, cells, seat_no: int, points: int) -> list:
    """Every (a, b) marker move of seat number ``seat_no`` (1-6) costing at most points."""
    out = []
    nb, jump = isl.nb, isl.jump
    for a, v in enumerate(cells):
        if v >> 3 != seat_no:
            continue
        s = v & 7
        if s > points:
            continue
        na, ja = nb[a], jump[a]
        for d in range(6):
            n = na[d]
            if n < 0:
                continue
            w = cells[n]
            if not w:
                out.append((a, n))
                continue
            b = ja[d]
            if b >= 0 and not cells[b] and (w >> 3 == seat_no or (w & 7) <= s):
                out.append((a, b))
    return out


def any_move_fits(isl: Island, cells, seat_no: int, points: int) -> bool:
    nb, jump = isl.nb, isl.jump
    for a, v in enumerate(cells):
        if v >> 3 != seat_no or (v & 7) > points:
            continue
        s = v & 7
        na, ja = nb[a], jump[a]
        for d in range(6):
            n = na[d]
            if n < 0:
                continue
            w = cells[n]
            if not w:
                return True
            b = ja[d]
            if b >= 0 and not cells[b] and (w >> 3 == seat_no or (w & 7) <= s):
                return True
    return False


def _move_kind(isl: Island, cells, seat_no: int, a: int, b: int):
    """(over, cost) for a legal move a->b (over = zone jumped, -1 for a step); None if not."""
    v = cells[a] if 0 <= a < len(cells) else 0
    if v >> 3 != seat_no or not (0 <= b < len(cells)) or cells[b] or isl.terrain[b] == SEA:
        return None
    s = v & 7
    for d in range(6):
        n = isl.nb[a][d]
        if n < 0:
            continue
        if n == b:
            return (-1, s)
        if isl.jump[a][d] == b:
            w = cells[n]
            if w and (w >> 3 == seat_no or (w & 7) <= s):
                return (n, s)
            return None
    return None


def apply_marker_move(cells: list, a: int, b: int, over: int) -> None:
    """Play a legal move on a mutable list of cells (over: the zone jumped, or -1)."""
    v = cells[a]
    cells[a] = 0
    if over >= 0 and cells[over] >> 3 != v >> 3:
        cells[over] = 0
        v += 1
        if v & 7 == 7:
            return                  # over-population: the jumper is removed
    cells[b] = v


def jumped_zone(isl: Island, a: int, b: int) -> int:
    """The zone between a and b when b is a jump from a, else -1."""
    for d in range(6):
        if isl.jump[a][d] == b:
            return isl.nb[a][d]
    return -1


# --------------------------------------------------------------------------- the state

class State(FrozenState):
    """One position of TriAxis.  Immutable and hashable."""

    __slots__ = ("_isl", "_names", "_alloc", "_cells", "_turn", "_phase", "_points",
                 "_colour", "_owed", "_round", "_max", "_won", "_hash", "_legal")

    is_chance_phases = ("spin", "harvest-colour", "famine-colour")
    _caches = ("_legal",)

    def __init__(self, isl, names, alloc, cells, turn, phase, points=0, colour="",
                 owed=(), round_=1, max_rounds=None, won=()):
        self._fields(_isl=isl, _names=tuple(names), _alloc=tuple(alloc), _cells=bytes(cells),
                     _turn=turn, _phase=phase, _points=points, _colour=colour,
                     _owed=tuple(owed), _round=round_, _max=max_rounds, _won=tuple(won),
                     _hash=None, _legal=None)

    def _with(self, **kw):
        d = dict(isl=self._isl, names=self._names, alloc=self._alloc, cells=self._cells,
                 turn=self._turn, phase=self._phase, points=self._points,
                 colour=self._colour, owed=self._owed, round_=self._round,
                 max_rounds=self._max, won=self._won)
        d.update(kw)
        return State(**d)

    def _key(self):
        i = self._isl
        return (i.width, i.height, i.terrain, self._names, self._alloc, self._cells,
                self._turn, self._phase, self._points, self._colour, self._owed,
                self._round, self._max, self._won)


    # -- raw access (screen and computer player) ------------------------------------

    island = field("_isl")

    cells = field("_cells")

    phase = field("_phase")

    points = field("_points", "Move points left (phase move), else 0.")

    colour = field("_colour", "The harvest colour (phase harvest), else ''.")

    @property
    def owed(self) -> tuple:
        """((seat name, units still owed), ...) in a harvest, in order from the spinner."""
        return tuple((self._names[s], u) for s, u in self._owed)

    @property
    def turn(self):
        """The seat whose turn it is (the spinner), None when over."""
        return None if self._turn is None else self._names[self._turn]

    turn_index = field("_turn")

    round = field("_round")

    max_rounds = field("_max")

    @property
    def allocations(self) -> dict:
        return dict(zip(self._names, self._alloc))

    def marker(self, z: int):
        """(seat name, size) of the marker on zone z, or None."""
        v = self._cells[z]
        return (self._names[(v >> 3) - 1], v & 7) if v else None

    def markers(self, seat) -> list:
        """[(zone, size), ...] of a seat's markers."""
        no = self._seat_index(seat) + 1
        return [(z, v & 7) for z, v in enumerate(self._cells) if v >> 3 == no]

    def on_island(self, seat) -> int:
        no = self._seat_index(seat) + 1
        return sum(1 for v in self._cells if v >> 3 == no)

    def supply(self, seat) -> int:
        i = self._seat_index(seat)
        return self._alloc[i] - self.on_island(i)

    def population(self, seat) -> int:
        no = self._seat_index(seat) + 1
        return sum(v & 7 for v in self._cells if v >> 3 == no)

    def seats_in(self) -> tuple:
        """Seats still on the island (every seat during setup)."""
        if self._phase == "setup":
            return self._names
        return tuple(self._names[i] for i in _in_indices(self._cells, len(self._names)))

    def _seat_index(self, seat) -> int:
        if isinstance(seat, int) and 0 <= seat < len(self._names):
            return seat
        try:
            return self._names.index(seat)
        except ValueError:
            raise ValueError(f"no seat called {seat!r}") from None

    # -- protocol -------------------------------------------------------------------

    players = field("_names")

    @property
    def current(self):
        i = self.current_index
        return None if i is None else self._names[i]

    @property
    def current_index(self):
        ph = self._phase
        if ph in ("setup", "move"):
            return self._turn
        if ph == "harvest":
            for s, u in self._owed:
                if u > 0:
                    return s
        return None

    @property
    def is_chance(self) -> bool:
        return self._phase in ("spin", "harvest-colour", "famine-colour")

    @property
    def is_over(self) -> bool:
        return self._phase == "over"

    def winners(self) -> frozenset:
        if self._phase != "over":
            return frozenset()
        return frozenset(self._names[i] for i in self._won)

    def chance_outcomes(self) -> list:
        if self._phase == "spin":
            return [(o, 1 / 8) for o in SPIN]
        if self._phase in ("harvest-colour", "famine-colour"):
            return [(t, 1 / 6) for t in TERRAINS]
        return []

    def legal_moves(self) -> list:
        got = self._legal
        if got is None:
            got = self._legal_moves()
            object.__setattr__(self, "_legal", got)
        return list(got)

    def _legal_moves(self) -> tuple:
        ph, cells, isl = self._phase, self._cells, self._isl
        if ph == "setup":
            return tuple(("@", z) for z in isl.land if not cells[z])
        if ph == "move":
            no = self._turn + 1
            out = [("-", a, b) for a, b in marker_moves(isl, cells, no, self._points)]
            out.append("end")
            out.append("resign")
            return tuple(out)
        if ph == "harvest":
            i = self.current_index
            no = i + 1
            out = []
            if self._alloc[i] > sum(1 for v in cells if v >> 3 == no):
                out += [("+", z) for z in isl.land if not cells[z]]
            out += [("^", z) for z, v in enumerate(cells) if v >> 3 == no]
            out.append("resign")
            return tuple(out)
        return ()

    # -- notation ---------------------------------------------------------------------

    def move_text(self, m) -> str:
        name = self._isl.name
        if isinstance(m, str):
            if m in ("resign", "end") or m in SPIN or (len(m) == 1 and m in TERRAINS):
                return m
            raise ValueError(f"not a move: {m!r}")
        size = self._isl.size
        if isinstance(m, tuple) and len(m) in (2, 3) and \
                all(is_index(z, size) for z in m[1:]):
            kind = m[0]
            if kind == "@" and len(m) == 2:
                return name(m[1])
            if kind == "-" and len(m) == 3:
                return f"{name(m[1])}-{name(m[2])}"
            if kind in ("+", "^") and len(m) == 2:
                return f"{kind}{name(m[1])}"
        raise ValueError(f"not a move: {m!r}")

    def parse_move(self, text):
        if not isinstance(text, str):
            raise ValueError(f"not a move: {text!r}")
        t = text.strip().lower()
        if t in ("resign", "end") or t in SPIN or (len(t) == 1 and t in TERRAINS):
            return t
        parse = self._isl.parse
        try:
            if t[:1] in ("+", "^"):
                return (t[0], parse(t[1:]))
            if "-" in t:
                a, _, b = t.partition("-")
                return ("-", parse(a), parse(b))
            return ("@", parse(t))
        except ValueError as exc:
            raise ValueError(f"not a move: {text!r} ({exc})") from None

    # -- play -------------------------------------------------------------------------

    def play(self, m) -> "State":
        ph = self._phase
        if ph == "over":
            raise IllegalMove("the game is over")
        if self.is_chance:
            outs = [o for o, _ in self.chance_outcomes()]
            if not isinstance(m, str) or m not in outs:
                raise IllegalMove(f"{m!r} is not an outcome of this spin "
                                  f"(expected one of {', '.join(outs)})")
            return self._outcome(m)
        if isinstance(m, str):
            if m == "resign":
                return self._resign()
            if m == "end":
                if self._phase != "move":
                    raise IllegalMove("a turn ends early only in the move phase")
                return self._end_turn(self._cells)
            raise IllegalMove(f"not a move: {m!r}")
        if not isinstance(m, tuple) or not m or m[0] not in ("@", "-", "+", "^") \
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in m[1:]):
            raise IllegalMove(f"not a move: {m!r}")
        isl, cells = self._isl, self._cells
        for z in m[1:]:
            if not 0 <= z < isl.size:
                raise IllegalMove(f"zone {z} is off the island")
        kind = m[0]
        who = self._names[self.current_index]
        if kind == "@":
            if ph != "setup" or len(m) != 2:
                raise IllegalMove("markers are placed this way only during setup")
            z = m[1]
            self._need_empty_land(z)
            return self._after_setup(z)
        if kind == "-":
            if ph != "move" or len(m) != 3:
                what = "setup" if ph == "setup" else "the harvest"
                raise IllegalMove(f"markers cannot move during {what}")
            a, b = m[1], m[2]
            no = self._turn + 1
            v = cells[a]
            if v >> 3 != no:
                raise IllegalMove(f"{isl.name(a)} holds no marker of {who}")
            if (v & 7) > self._points:
                raise IllegalMove(f"the marker on {isl.name(a)} is size {v & 7}: "
                                  f"only {self._points} points are left")
            got = _move_kind(isl, cells, no, a, b)
            if got is None:
                raise IllegalMove(self._why_not(a, b, no))
            return self._after_move(a, b, got[0], got[1])
        # harvest units
        if ph != "harvest" or len(m) != 2:
            raise IllegalMove("harvest units are placed only in a harvest")
        z = m[1]
        i = self.current_index
        if kind == "+":
            self._need_empty_land(z)
            if self.supply(i) <= 0:
                raise IllegalMove(f"{who} has no markers left in supply: grow one instead")
        else:
            if cells[z] >> 3 != i + 1:
                raise IllegalMove(f"{isl.name(z)} holds no marker of {who}")
        return self._after_unit(kind, z)

    def _need_empty_land(self, z):
        isl = self._isl
        if isl.terrain[z] == SEA:
            raise IllegalMove(f"{isl.name(z)} is sea")
        if self._cells[z]:
            raise IllegalMove(f"{isl.name(z)} is not empty")

    def _why_not(self, a, b, no):
        isl, cells = self._isl, self._cells
        name = isl.name
        if isl.terrain[b] == SEA:
            return f"{name(b)} is sea"
        if cells[b]:
            return f"{name(b)} is not empty"
        for d in range(6):
            if isl.jump[a][d] == b and isl.nb[a][d] >= 0:
                w = cells[isl.nb[a][d]]
                if not w:
                    return f"nothing to jump over on {name(isl.nb[a][d])}"
                return (f"the marker on {name(isl.nb[a][d])} is larger than the jumper: "
                        f"it cannot be jumped")
        return f"{name(b)} is not next to {name(a)} or one jump away"

    # -- transitions --------------------------------------------------------------------

    def _after_setup(self, z):
        n = len(self._names)
        cells = list(self._cells)
        cells[z] = (self._turn + 1) * 8 + 1
        placed = _counts(cells, n)
        if any(not cells[e] for e in self._isl.land):
            for k in range(1, n + 1):
                s = (self._turn + k) % n
                if placed[s] < self._alloc[s] // 2:
                    return self._with(cells=tuple(cells), turn=s)
        # every seat has placed its half, or the island is full (no game of new_game's
        # islands fills up; an edited position may): a seat that cannot place passes, so
        # setup is over. A seat with no marker is out; the first seat still in spins.
        ins = _in_indices(cells, n)
        if len(ins) <= 1:
            return self._with(cells=tuple(cells), turn=None, phase="over", won=ins)
        return self._with(cells=tuple(cells), turn=ins[0], phase="spin")

    def _outcome(self, o):
        ph = self._phase
        if ph == "spin":
            if o == "harvest":
                return self._with(phase="harvest-colour")
            if o == "famine":
                return self._with(phase="famine-colour")
            n = int(o)
            if any_move_fits(self._isl, self._cells, self._turn + 1, n):
                return self._with(phase="move", points=n)
            return self._end_turn(self._cells)
        if ph == "famine-colour":
            isl = self._isl
            before = _in_indices(self._cells, len(self._names))
            cells = tuple(0 if isl.terrain[z] == o else v for z, v in enumerate(self._cells))
            over = self._ended(cells, before)
            if over is not None:
                return over
            return self._end_turn(cells)
        # harvest colour
        isl, cells, n = self._isl, self._cells, len(self._names)
        units = [0] * n
        for z, v in enumerate(cells):
            if v and isl.terrain[z] == o:
                units[(v >> 3) - 1] += v & 7
        ins = set(_in_indices(cells, n))
        owed = tuple((s, units[s]) for s in ((self._turn + k) % n for k in range(n))
                     if s in ins)
        return self._with(phase="harvest", colour=o)._settle_harvest(cells, owed)

    def _settle_harvest(self, cells, owed):
        ins = set(_in_indices(cells, len(self._names)))
        owed = tuple((s, u) for s, u in owed if s in ins)
        if any(u > 0 for _, u in owed):
            return self._with(cells=tuple(cells), phase="harvest", owed=owed)
        return self._end_turn(cells)

    def _after_unit(self, kind, z):
        i = self.current_index
        cells = list(self._cells)
        before = _in_indices(cells, len(self._names))
        if kind == "+":
            cells[z] = (i + 1) * 8 + 1
        else:
            v = cells[z] + 1
            cells[z] = 0 if v & 7 == 7 else v
        over = self._ended(cells, before)
        if over is not None:
            return over
        owed = tuple((s, u - 1 if s == i else u) for s, u in self._owed)
        return self._settle_harvest(cells, owed)

    def _after_move(self, a, b, over_zone, cost):
        cells = list(self._cells)
        before = _in_indices(cells, len(self._names))
        apply_marker_move(cells, a, b, over_zone)
        over = self._ended(cells, before)
        if over is not None:
            return over
        left = self._points - cost
        if left > 0 and any_move_fits(self._isl, cells, self._turn + 1, left):
            return self._with(cells=tuple(cells), points=left)
        return self._end_turn(cells)

    def _resign(self):
        i = self.current_index
        if i is None or self._phase not in ("move", "harvest"):
            raise IllegalMove("nobody can resign now (only at a seat's turn after setup)")
        no = i + 1
        before = _in_indices(self._cells, len(self._names))
        cells = tuple(0 if v >> 3 == no else v for v in self._cells)
        over = self._ended(cells, before)
        if over is not None:
            return over
        if self._phase == "harvest":
            return self._settle_harvest(cells, self._owed)
        return self._end_turn(cells)

    def _ended(self, cells, before):
        """The finished state if at most one seat is left after an event, else None."""
        now = _in_indices(cells, len(self._names))
        if len(now) > 1:
            return None
        won = now if now else before
        return self._with(cells=tuple(cells), turn=None, phase="over", points=0, colour="",
                          owed=(), won=tuple(won))

    def _end_turn(self, cells):
        n = len(self._names)
        ins = _in_indices(cells, n)
        if len(ins) <= 1:         # pragma: no cover - _ended catches this first
            return self._with(cells=tuple(cells), turn=None, phase="over", points=0,
                              colour="", owed=(), won=tuple(ins))
        nxt = next((self._turn + k) % n for k in range(1, n + 1) if (self._turn + k) % n in ins)
        rnd = self._round
        if nxt <= self._turn:
            if self._max is not None and rnd >= self._max:
                pops = [0] * n
                for v in cells:
                    if v:
                        pops[(v >> 3) - 1] += v & 7
                best = max(pops)
                won = tuple(s for s in range(n) if pops[s] == best)
                return self._with(cells=tuple(cells), turn=None, phase="over", points=0,
                                  colour="", owed=(), won=won)
            rnd += 1
        return self._with(cells=tuple(cells), turn=nxt, phase="spin", points=0, colour="",
                          owed=(), round_=rnd)

    # -- text form ----------------------------------------------------------------------

    def to_text(self) -> str:
        isl, names = self._isl, self._names
        lines = ["triaxis", "seats " + " ".join(f"{n}:{a}" for n, a in zip(names, self._alloc)),
                 f"turn {self.turn or '-'}"]
        ph = self._phase
        if ph == "move":
            lines.append(f"phase move {self._points}")
        elif ph == "harvest":
            lines.append(f"phase harvest {self._colour} " +
                         " ".join(f"{names[s]}:{u}" for s, u in self._owed))
        elif ph == "over":
            lines.append("phase over " + " ".join(names[i] for i in sorted(self._won)))
        else:
            lines.append(f"phase {ph}")
        lines.append(f"round {self._round}" + (f"/{self._max}" if self._max else ""))
        w = isl.width
        for r in range(isl.height):
            toks = []
            for c in range(w):
                z = r * w + c
                t = isl.terrain[z]
                if t == SEA:
                    toks.append(SEA)
                else:
                    v = self._cells[z]
                    toks.append(f"{t}{v >> 3}{v & 7}" if v else f"{t}.")
            lines.append(" ".join(toks))
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str) -> "State":
        return _parse(text)


# --------------------------------------------------------------------------- helpers

def _counts(cells, n) -> list:
    c = [0] * n
    for v in cells:
        if v:
            c[(v >> 3) - 1] += 1
    return c


def _in_indices(cells, n) -> tuple:
    seen = [False] * n
    for v in cells:
        if v:
            seen[(v >> 3) - 1] = True
    return tuple(i for i in range(n) if seen[i])


def _err(n, msg):
    return ValueError(f"line {n}: {msg}")


def _parse(text):
    lines = text_lines(text, "triaxis")

    def get(i, what):
        if len(lines) <= i:
            raise _err(i + 1, f"expected {what}, found nothing")
        return lines[i].split()

    parts = get(1, "'seats NAME:ALLOCATION ...'")
    if not parts or parts[0] != "seats" or not 3 <= len(parts) <= 7:
        raise _err(2, f"expected 'seats NAME:ALLOCATION ...' for 2 to 6 seats, "
                      f"found {lines[1]!r}")
    names, alloc = [], []
    for tok in parts[1:]:
        nm, sep, a = tok.partition(":")
        if not sep or not _NAME_RE.match(nm) or not a.isdigit() or not 1 <= int(a) <= 99:
            raise _err(2, f"bad seat {tok!r} (expected a lower-case name, ':' and an "
                          f"allocation 1-99, e.g. red:28)")
        if nm in names or nm in ("resign", "end", "harvest", "famine"):
            raise _err(2, f"seat name {nm!r} is repeated or reserved")
        names.append(nm)
        alloc.append(int(a))
    n = len(names)
    parts = get(2, "'turn SEAT'")
    if len(parts) != 2 or parts[0] != "turn" or (parts[1] != "-" and parts[1] not in names):
        raise _err(3, f"expected 'turn SEAT' (one of {', '.join(names)} or -), "
                      f"found {lines[2]!r}")
    turn = None if parts[1] == "-" else names.index(parts[1])
    parts = get(3, "'phase ...'")
    if len(parts) < 2 or parts[0] != "phase" or parts[1] not in PHASES:
        raise _err(4, f"expected 'phase' and one of {', '.join(PHASES)}, found {lines[3]!r}")
    phase = parts[1]
    points, colour, owed, won = 0, "", (), ()
    if phase == "move":
        if len(parts) != 3 or parts[2] not in ("1", "2", "3", "4", "5", "6"):
            raise _err(4, f"expected 'phase move N' with N from 1 to 6, found {lines[3]!r}")
        points = int(parts[2])
    elif phase == "harvest":
        if len(parts) < 3 or parts[2] not in TERRAINS or len(parts[2]) != 1:
            raise _err(4, f"expected 'phase harvest C seat:units ...' with C one of "
                          f"{' '.join(TERRAINS)}, found {lines[3]!r}")
        colour = parts[2]
        ow = []
        for tok in parts[3:]:
            nm, sep, u = tok.partition(":")
            if not sep or nm not in names or not u.isdigit():
                raise _err(4, f"bad owed units {tok!r} (expected seat:units, e.g. red:3)")
            ow.append((names.index(nm), int(u)))
        owed = tuple(ow)
    elif phase == "over":
        for nm in parts[2:]:
            if nm not in names:
                raise _err(4, f"no seat called {nm!r} among the winners")
        won = tuple(sorted({names.index(nm) for nm in parts[2:]}))
        if not won:
            raise _err(4, "'phase over' names no winner")
    elif len(parts) != 2:
        raise _err(4, f"unexpected words after 'phase {phase}': {lines[3]!r}")
    parts = get(4, "'round R' or 'round R/L'")
    m = re.fullmatch(r"round ([1-9][0-9]*)(?:/([1-9][0-9]*))?", " ".join(parts))
    if not m:
        raise _err(5, f"expected 'round R' or 'round R/L', found {lines[4]!r}")
    rnd = int(m.group(1))
    maxr = int(m.group(2)) if m.group(2) else None
    if maxr is not None and rnd > maxr:
        raise _err(5, f"round {rnd} is past the last round {maxr}")
    rows = lines[5:]
    if not rows:
        raise _err(6, "the island has no rows")
    if len(rows) > MAX_HEIGHT:
        raise _err(6 + MAX_HEIGHT, f"at most {MAX_HEIGHT} rows")
    width = len(rows[0].split())
    if not 1 <= width <= MAX_WIDTH:
        raise _err(6, f"a row has 1 to {MAX_WIDTH} zones, found {width}")
    terrain, cells = [], []
    for r, line in enumerate(rows):
        ln = r + 6
        toks = line.split()
        if len(toks) != width:
            raise _err(ln, f"row {r + 1} has {len(toks)} zones, expected {width} like the "
                           f"first row")
        for c, tok in enumerate(toks):
            if tok == SEA:
                terrain.append(SEA)
                cells.append(0)
                continue
            if len(tok) == 2 and tok[0] in TERRAINS and tok[1] == ".":
                terrain.append(tok[0])
                cells.append(0)
                continue
            if len(tok) == 3 and tok[0] in TERRAINS and tok[1] in "123456" and tok[2] in "123456":
                seat, size = int(tok[1]), int(tok[2])
                if seat > n:
                    raise _err(ln, f"{COLUMNS[c]}{r + 1}: seat {seat} but there are only "
                                   f"{n} seats")
                terrain.append(tok[0])
                cells.append(seat * 8 + size)
                continue
            raise _err(ln, f"{COLUMNS[c]}{r + 1}: unexpected {tok!r} (expected ~, a terrain "
                           f"letter and '.', or a terrain letter, seat 1-6 and size 1-6)")
    height = len(rows)
    isl = island(width, height, "".join(terrain))
    counts = _counts(cells, n)
    last = 5 + height
    for i in range(n):
        if counts[i] > alloc[i]:
            raise _err(2, f"{names[i]} has {counts[i]} markers on the island but an "
                          f"allocation of {alloc[i]}")
    ins = _in_indices(cells, n)
    if phase == "setup":
        if any(v & 7 != 1 for v in cells if v):
            raise _err(last, "during setup every marker is size 1")
        if any(counts[i] > alloc[i] // 2 for i in range(n)):
            raise _err(last, "a seat has placed more than half its allocation in setup")
        if turn is None or counts[turn] >= alloc[turn] // 2:
            raise _err(3, "the seat to place has no placements left")
    elif phase == "over":
        if turn is not None:
            raise _err(3, "a finished game reads 'turn -'")
    else:
        if turn is None:
            raise _err(3, f"'turn -' but the phase is {phase}")
        if len(ins) <= 1:
            raise _err(4, "at most one seat is left on the island: the phase must be over")
        if phase != "harvest" and turn not in ins:
            raise _err(3, f"{names[turn]} has no markers on the island")
        if phase == "move" and not any_move_fits(isl, cells, turn + 1, points):
            raise _err(4, f"{names[turn]} has no move that fits {points} points")
        if phase == "harvest":
            expect = [s for s in ((turn + k) % n for k in range(n)) if s in ins]
            if [s for s, _ in owed] != expect:
                raise _err(4, "the harvest list must name every seat still in, in order "
                              f"from the spinner: {' '.join(names[s] for s in expect)}")
            if not any(u > 0 for _, u in owed):
                raise _err(4, "no seat owes harvest units: the harvest is over")
    state = State(isl, names, alloc, cells, turn, phase, points, colour, owed, rnd, maxr, won)
    if state.current is not None and not any(m not in ("resign", "end")
                                             for m in state.legal_moves()):
        # the rules always leave the mover something (an empty zone in setup, a marker
        # to grow in a harvest): no game reaches this, only an edited text
        what = "placement" if phase == "setup" else "harvest unit"
        raise _err(4, f"{state.current} is to move but has no legal {what}: no game "
                      f"reaches this position")
    return state


# --------------------------------------------------------------------------- new game

def new_game(seed=None, seats: int = 3, max_rounds=None, names=None) -> State:
    """A fresh game on a new island from the seed; setup, first seat to place."""
    alloc = allocation(seats)
    if names is None:
        names = PLAYERS[:seats]
    else:
        names = tuple(names)
        if len(names) != seats or len(set(names)) != seats or \
                not all(isinstance(x, str) and _NAME_RE.match(x) for x in names) or \
                any(x in ("resign", "end", "harvest", "famine") for x in names):
            raise ValueError(f"names must be {seats} different lower-case words")
    if max_rounds is not None and (not isinstance(max_rounds, int) or max_rounds < 1):
        raise ValueError(f"max_rounds must be a whole number from 1, not {max_rounds!r}")
    isl = generate(seed)
    return State(isl, names, alloc, (0,) * isl.size, 0, "setup", round_=1,
                 max_rounds=max_rounds)
