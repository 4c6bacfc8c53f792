"""Triple 3 (Acorn Archimedes, 1993), the pure rules.

The protocol and the rules are those of shared/RULES.md ("One protocol for every game" and
"Triple 3"); this module imports only the standard library.

Rules in brief
--------------
Nine boxes of nine holes; boxes and the holes inside every box are numbered by position::

     3  4  5
     6  7  8
     9 10 11

Red and blue.  A go starts with a throw of two dice; with total t the seat may put a peg in
- t = 3-6, 8-11: any vacant hole marked t (in an open box) or any vacant non-centre hole of
  box t;
- t = 7: any vacant centre hole or any vacant hole of box 7;
- t = 12: any vacant hole;
- t = 2: instead take one of the opponent's pegs from an open box, then throw afresh.
A throw with no move is thrown again, up to three throws a go; then the go is forfeited.
Three in a line or five pegs in a box wins the box: it fills with the winner's pegs and
closes.  Three won boxes in a line or five won boxes win the game at once.

Representation
--------------
Two 81-bit ints (red pegs, blue pegs).  Hole ``h`` of box ``b`` (both numbered 3-11) is bit
``(b - 3) * 9 + (h - 3)``.  A won box is full of one colour, so the vacant holes are
exactly the holes open to a placement.  The phase is ``throw N`` (waiting for throw N of
this go), ``move D1 D2 N`` (dice shown, waiting for the move) or ``over``.

Values
------
- a placement is ``("place", box, hole)``, text ``4.9``;
- a removal is ``("remove", box, hole)``, text ``x4.9``;
- a dice outcome is ``(d1, d2)``, text ``3+4``.
``legal_moves()`` lists them box by box, hole by hole.

For the screen
--------------
``state.phase`` ("throw", "move", "over"), ``state.turn`` (whose go, also at a throw),
``state.dice`` ((d1, d2) while a move is awaited), ``state.throw_number`` (1-3),
``state.peg_at(box, hole)``, ``state.box_owner(box)``, ``state.won_boxes(seat)``,
``state.winning_boxes()`` (the boxes that won the game), ``state.targets(total=None)`` (the
holes the dice shown, or ``total``, allow: vacant holes, or the opponent's pegs for a two),
and ``describe_outcome(state, outcome)``: what a throw does, in words ("a two: take one of
Blue's pegs, then throw again", "a three: no move - throw 2 of 3", "... - forfeit: the go
passes to Red").

Choices where RULES.md is silent
--------------------------------
- ``new_game`` takes ``first`` ("red" or "blue"); anything else is a ValueError.  The seed is
  accepted and changes nothing (there is no random set-up).
- When the game is over the text form says ``turn -`` and ``phase over``; the winner is
  read off the board (the seat with three won boxes in a line or five won boxes).
- ``from_text`` is strict: a box holding a line of three or five pegs of one colour must be
  full of that colour; a box full of one colour is won; a position where a seat has won
  the game must say ``turn -`` / ``phase over`` and the other way round; ``phase move``
  needs a legal move for its dice.  Lines may carry surrounding blanks and ``\\r``; blank
  lines after the board are ignored.  Board rows accept ``r``/``b`` as well as ``R``/``B``.
- ``parse_move`` accepts surrounding blanks and an upper-case ``X``; numbers outside 3-11
  (holes, boxes) or 1-6 (dice) are malformed.
- A placement that wins a box fills the box (replacing the opponent's pegs there) and
  then the game test is made for the mover only.
- A 2 is a removal only: it cannot be used as a placement, even when the opponent has no
  peg to take (then it is a throw with no move).
- The go after a removal is a fresh go of the same seat (phase throw 1); a 2 in it is
  another removal.
"""

from __future__ import annotations

import re

from games.core.protocol import FrozenState, field, text_lines

__all__ = [
    "PLAYERS", "BOXES", "HOLES", "IllegalMove", "State", "new_game", "describe_outcome",
    "cell", "box_hole", "allowed_mask", "box_lines_won", "TOTAL_PROBABILITY",
]

PLAYERS = ("red", "blue")
RANDOM_SETUP = False      # new_game's seed changes nothing (tests/test_registry_games.py)
LETTERS = "RB"
BOXES = tuple(range(3, 12))
HOLES = tuple(range(3, 12))
CENTRE = 7
FULL = (1 << 81) - 1
BOX_MASK = tuple(0x1FF << (9 * i) for i in range(9))

# Lines of three inside a 3 x 3 square, as position indices 0-8 (row-major); the same
# lines serve for holes in a box and for boxes on the board.
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8),
         (0, 4, 8), (2, 4, 6))
LINE_MASKS = tuple(sum(1 << i for i in line) for line in LINES)

# Probability of each dice total.
TOTAL_PROBABILITY = {t: (6 - abs(t - 7)) / 36 for t in range(2, 13)}
OUTCOMES = tuple((a, b) for a in range(1, 7) for b in range(1, 7))

NAMES = {2: "a two", 3: "a three", 4: "a four", 5: "a five", 6: "a six", 7: "a seven",
         8: "an eight", 9: "a nine", 10: "a ten", 11: "an eleven", 12: "a twelve"}


class IllegalMove(ValueError):
    """A move the rules do not allow; the message is meant for the player."""


def cell(box: int, hole: int) -> int:
    """Bit index of hole ``hole`` of box ``box`` (both 3-11)."""
    return (box - 3) * 9 + (hole - 3)


def box_hole(index: int) -> tuple:
    """(box, hole) of a bit index."""
    b, h = divmod(index, 9)
    return (b + 3, h + 3)


def _allowed(total: int) -> int:
    if total == 12:
        return FULL
    if total == 2:
        return 0
    if total == CENTRE:
        m = BOX_MASK[CENTRE - 3]
        for i in range(9):
            m |= 1 << (9 * i + CENTRE - 3)
        return m
    m = BOX_MASK[total - 3] & ~(1 << (9 * (total - 3) + CENTRE - 3))
    for i in range(9):
        m |= 1 << (9 * i + total - 3)
    return m


ALLOWED = {t: _allowed(t) for t in range(2, 13)}


def allowed_mask(total: int) -> int:
    """The holes a throw of ``total`` may take when vacant (0 for a two)."""
    return ALLOWED[total]


def box_won(mask9: int) -> bool:
    """Do these pegs (a 9-bit mask of one colour in one box) win the box?"""
    if bin(mask9).count("1") >= 5:
        return True
    for lm in LINE_MASKS:
        if mask9 & lm == lm:
            return True
    return False


_WON9 = tuple(box_won(m) for m in range(512))


def won_boxes_mask(pegs: int) -> int:
    """9-bit mask of the boxes entirely filled by ``pegs``."""
    out = 0
    for i in range(9):
        if (pegs >> (9 * i)) & 0x1FF == 0x1FF:
            out |= 1 << i
    return out


def box_lines_won(won9: int) -> bool:
    """Do these won boxes (a 9-bit mask) win the game?"""
    return _WON9[won9]


def _seat_index(seat) -> int:
    try:
        return PLAYERS.index(seat)
    except ValueError:
        raise ValueError(f"no seat called {seat!r} (expected red or blue)") from None


# --------------------------------------------------------------------------- the state

THROW, MOVE, OVER = 0, 1, 2


class State(FrozenState):
    """One position: pegs, the seat whose go it is, and the phase of that go.  Immutable."""

    __slots__ = ("_pegs", "_turn", "_phase", "_dice", "_throw", "_hash", "_winner")

    players = PLAYERS

    def __init__(self, red: int, blue: int, turn, phase: int = THROW, dice=None,
                 throw: int = 1, winner=None):
        """Low-level constructor, taken as given (use ``from_text`` for a checked state).

        ``turn`` is 0/1 (or a seat name); ``winner`` is 0/1 when ``phase`` is OVER.
        """
        if isinstance(turn, str):
            turn = _seat_index(turn)
        self._fields(_pegs=(red, blue), _turn=turn, _phase=phase, _dice=dice, _throw=throw,
                     _winner=winner, _hash=None)

    @classmethod
    def _make(cls, pegs, turn, phase, dice, throw, winner=None):
        s = object.__new__(cls)
        s._fields(_pegs=pegs, _turn=turn, _phase=phase, _dice=dice, _throw=throw,
                  _winner=winner, _hash=None)
        return s

    def _key(self):
        return (self._pegs, self._turn, self._phase, self._dice, self._throw, self._winner)


    # -- raw access (for the computer player and the screen) ----------------------------

    pegs = field("_pegs", "(red, blue) as 81-bit ints (see the module docstring for the bit layout).")

    @property
    def turn_index(self):
        """0 (red) or 1 (blue): whose go it is; None when the game is over."""
        return None if self._phase == OVER else self._turn

    @property
    def phase(self) -> str:
        """"throw", "move" or "over"."""
        return ("throw", "move", "over")[self._phase]

    @property
    def turn(self):
        """The seat whose go it is (at a throw as well as at a move); None when over."""
        return None if self._phase == OVER else PLAYERS[self._turn]

    dice = field("_dice", "The dice (d1, d2) waiting for a move, or None.")

    @property
    def throw_number(self):
        """1-3: the throw of this go being waited for (throw) or shown (move); None if over."""
        return None if self._phase == OVER else self._throw

    def peg_at(self, box: int, hole: int):
        """"red", "blue" or None."""
        bit = 1 << cell(box, hole)
        if self._pegs[0] & bit:
            return "red"
        if self._pegs[1] & bit:
            return "blue"
        return None

    def box_owner(self, box: int):
        """The seat that has won box ``box`` (3-11), or None while it is open."""
        m = BOX_MASK[box - 3]
        for i in (0, 1):
            if self._pegs[i] & m == m:
                return PLAYERS[i]
        return None

    def won_boxes(self, seat) -> tuple:
        """The boxes won by ``seat``, in number order."""
        w = won_boxes_mask(self._pegs[_seat_index(seat)])
        return tuple(b for b in BOXES if w >> (b - 3) & 1)

    def winning_boxes(self) -> tuple:
        """When over: the winner's boxes that won the game (a line of three if there is
        one, else all five or more won boxes).  () while the game goes on."""
        if self._phase != OVER:
            return ()
        w = won_boxes_mask(self._pegs[self._winner])
        for line in LINES:
            if all(w >> i & 1 for i in line):
                return tuple(i + 3 for i in line)
        return tuple(b for b in BOXES if w >> (b - 3) & 1)

    def vacant_bits(self) -> int:
        return FULL & ~(self._pegs[0] | self._pegs[1])

    def target_bits(self, total: int, seat=None) -> int:
        """The holes a throw of ``total`` allows ``seat`` (default: whose go it is): vacant
        holes for a placement, the opponent's pegs in open boxes for a two."""
        t = self._turn if seat is None else _seat_index(seat)
        if total == 2:
            opp = self._pegs[1 - t]
            return opp & ~self._pegs[t] & _open_bits(self._pegs)
        return ALLOWED[total] & self.vacant_bits()

    def targets(self, total: int | None = None, seat=None) -> list:
        """The holes (box, hole) of a throw of ``total`` (default: the dice shown), for the
        screen to mark.  [] when no dice are shown and no total is given."""
        if total is None:
            if self._dice is None:
                return []
            total = self._dice[0] + self._dice[1]
        return _holes(self.target_bits(total, seat))

    # -- protocol -------------------------------------------------------------------

    @property
    def current(self):
        return PLAYERS[self._turn] if self._phase == MOVE else None

    @property
    def is_chance(self) -> bool:
        return self._phase == THROW

    @property
    def is_over(self) -> bool:
        return self._phase == OVER

    def winners(self) -> frozenset:
        if self._phase != OVER:
            return frozenset()
        return frozenset((PLAYERS[self._winner],))

    def chance_outcomes(self) -> list:
        if self._phase != THROW:
            return []
        return [(o, 1 / 36) for o in OUTCOMES]

    def legal_moves(self) -> list:
        if self._phase != MOVE:
            return []
        total = self._dice[0] + self._dice[1]
        kind = "remove" if total == 2 else "place"
        return [(kind, b, h) for b, h in _holes(self.target_bits(total))]

    def play(self, move) -> "State":
        if self._phase == OVER:
            raise IllegalMove("the game is over")
        if self._phase == THROW:
            return self._throw_dice(move)
        if _is_outcome(move):
            raise IllegalMove("the dice are already thrown: make a move")
        if not _is_move(move):
            raise IllegalMove(f"not a move: {move!r}")
        kind, box, hole = move
        total = self._dice[0] + self._dice[1]
        name = _move_name(move)
        bit = 1 << cell(box, hole)
        t = self._turn
        pegs = self._pegs
        if total == 2:
            if kind != "remove":
                raise IllegalMove(f"a two takes one of {PLAYERS[1 - t].title()}'s pegs: "
                                  f"choose a peg to remove, not {name}")
            if not self.target_bits(2) & bit:
                if self.box_owner(box):
                    raise IllegalMove(f"box {box} is won and closed: its pegs cannot be taken")
                raise IllegalMove(f"there is no {PLAYERS[1 - t].title()} peg at {box}.{hole}")
            new = list(pegs)
            new[1 - t] &= ~bit
            return State._make(tuple(new), t, THROW, None, 1)
        if kind != "place":
            raise IllegalMove(f"only a two removes a peg; {total} places one")
        if not ALLOWED[total] & bit:
            raise IllegalMove(f"{total} cannot reach {box}.{hole}: {_reach_text(total)}")
        if (pegs[0] | pegs[1]) & bit:
            if self.box_owner(box):
                raise IllegalMove(f"box {box} is won and closed")
            raise IllegalMove(f"{box}.{hole} is taken")
        return self._place(bit, box)

    def _place(self, bit: int, box: int) -> "State":
        t = self._turn
        new = list(self._pegs)
        mine = new[t] | bit
        shift = 9 * (box - 3)
        if _WON9[(mine >> shift) & 0x1FF]:
            m = BOX_MASK[box - 3]
            mine |= m
            new[1 - t] &= ~m
            new[t] = mine
            if _WON9[won_boxes_mask(mine)]:
                return State._make(tuple(new), t, OVER, None, 1, t)
        new[t] = mine
        return State._make(tuple(new), 1 - t, THROW, None, 1)

    def _throw_dice(self, outcome) -> "State":
        if not _is_outcome(outcome):
            raise IllegalMove(f"the dice must be thrown first (not {outcome!r})")
        total = outcome[0] + outcome[1]
        t = self._turn
        if self.target_bits(total):
            return State._make(self._pegs, t, MOVE, tuple(outcome), self._throw)
        if self._throw < 3:
            return State._make(self._pegs, t, THROW, None, self._throw + 1)
        return State._make(self._pegs, 1 - t, THROW, None, 1)

    # -- notation ---------------------------------------------------------------------

    def move_text(self, move) -> str:
        if _is_outcome(move):
            return f"{move[0]}+{move[1]}"
        if _is_move(move):
            return _move_name(move)
        raise ValueError(f"not a move: {move!r}")

    def parse_move(self, text: str):
        return parse_move(text)

    # -- text form --------------------------------------------------------------------

    def to_text(self) -> str:
        if self._phase == OVER:
            lines = ["triple3", "turn -", "phase over"]
        else:
            lines = ["triple3", f"turn {PLAYERS[self._turn]}"]
            if self._phase == THROW:
                lines.append(f"phase throw {self._throw}")
            else:
                d1, d2 = self._dice
                lines.append(f"phase move {d1} {d2} {self._throw}")
        red, blue = self._pegs
        for r in range(9):
            row = []
            for c in range(9):
                bit = 1 << _rc_index(r, c)
                row.append("R" if red & bit else "B" if blue & bit else ".")
            lines.append("".join(row))
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str) -> "State":
        lines = text_lines(text, "triple3")
        turn_line = lines[1] if len(lines) > 1 else ""
        parts = turn_line.split()
        if len(parts) != 2 or parts[0] != "turn" or parts[1] not in ("red", "blue", "-"):
            raise ValueError(f"line 2: expected 'turn red', 'turn blue' or 'turn -', "
                             f"found {turn_line!r}")
        seat = parts[1]
        phase_line = lines[2] if len(lines) > 2 else ""
        p = phase_line.split()
        dice = None
        throw = 1
        bad = ValueError(f"line 3: expected 'phase throw N', 'phase move D1 D2 N' or "
                         f"'phase over' (dice 1-6, N 1-3), found {phase_line!r}")
        if len(p) == 3 and p[:2] == ["phase", "throw"] and p[2] in ("1", "2", "3"):
            phase, throw = THROW, int(p[2])
        elif (len(p) == 5 and p[:2] == ["phase", "move"] and p[2] in "123456" and
              p[3] in "123456" and len(p[2]) == len(p[3]) == 1 and p[4] in ("1", "2", "3")):
            phase, dice, throw = MOVE, (int(p[2]), int(p[3])), int(p[4])
        elif p == ["phase", "over"]:
            phase = OVER
        else:
            raise bad
        if (seat == "-") != (phase == OVER):
            raise ValueError("line 2: 'turn -' goes with 'phase over' and only with it")
        rows = lines[3:]
        if len(rows) < 9:
            raise ValueError(f"line {4 + len(rows)}: the board has {len(rows)} rows, "
                             f"expected 9")
        for n, extra in enumerate(rows[9:], 13):
            if extra:
                raise ValueError(f"line {n}: unexpected text after the board: {extra!r}")
        red = blue = 0
        for r in range(9):
            line = rows[r]
            n = r + 4
            if len(line) != 9:
                raise ValueError(f"line {n}: board row {r + 1} has {len(line)} holes, "
                                 f"expected 9")
            for c, ch in enumerate(line):
                if ch == ".":
                    continue
                bit = 1 << _rc_index(r, c)
                if ch in "Rr":
                    red |= bit
                elif ch in "Bb":
                    blue |= bit
                else:
                    raise ValueError(f"line {n}: unexpected {ch!r} in column {c + 1} "
                                     f"(expected . R or B)")
        for i in range(9):
            box = i + 3
            first = 4 + (i // 3) * 3
            where = f"lines {first}-{first + 2}"
            for s, pegs in enumerate((red, blue)):
                m9 = (pegs >> (9 * i)) & 0x1FF
                if m9 != 0x1FF and _WON9[m9]:
                    raise ValueError(f"{where}: box {box} has a line of three or five "
                                     f"{PLAYERS[s]} pegs but is not filled with them "
                                     f"(a won box is full of one colour)")
        wins = [_WON9[won_boxes_mask(pegs)] for pegs in (red, blue)]
        if wins[0] and wins[1]:
            raise ValueError("lines 4-12: both seats have won the game")
        winner = None
        if phase == OVER:
            if not (wins[0] or wins[1]):
                raise ValueError("line 3: 'phase over' but nobody has three won boxes in a "
                                 "line or five won boxes")
            winner = 0 if wins[0] else 1
            return cls._make((red, blue), winner, OVER, None, 1, winner)
        if wins[0] or wins[1]:
            who = PLAYERS[0 if wins[0] else 1]
            raise ValueError(f"line 3: {who} has won the game, so the phase must be 'over'")
        s = cls._make((red, blue), _seat_index(seat), phase, dice, throw)
        if phase == MOVE and not s.target_bits(dice[0] + dice[1]):
            raise ValueError(f"line 3: the throw {dice[0]}+{dice[1]} has no legal move here")
        return s


# --------------------------------------------------------------------------- helpers

def _rc_index(r: int, c: int) -> int:
    """Bit index of the hole in text row r, column c (both 0-8)."""
    return ((r // 3) * 3 + c // 3) * 9 + (r % 3) * 3 + c % 3


def _open_bits(pegs) -> int:
    red, blue = pegs
    out = 0
    for m in BOX_MASK:
        if red & m != m and blue & m != m:
            out |= m
    return out


def _holes(bits: int) -> list:
    out = []
    while bits:
        low = bits & -bits
        i = low.bit_length() - 1
        out.append((i // 9 + 3, i % 9 + 3))
        bits ^= low
    return out


def _is_outcome(x) -> bool:
    return (isinstance(x, tuple) and len(x) == 2 and
            all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6 for v in x))


def _is_move(x) -> bool:
    """A placement or removal: ("place" | "remove", box, hole) with whole-number box and
    hole (3.0 equals 3 but names no hole)."""
    return (isinstance(x, tuple) and len(x) == 3 and x[0] in ("place", "remove")
            and all(type(v) is int for v in x[1:]) and x[1] in BOXES and x[2] in HOLES)


def _move_name(move) -> str:
    kind, box, hole = move
    return f"{'x' if kind == 'remove' else ''}{box}.{hole}"


def _reach_text(total: int) -> str:
    if total == 12:
        return "a twelve takes any vacant hole"
    if total == CENTRE:
        return "a seven takes a centre hole or a hole of box 7"
    return f"{total} takes a hole marked {total} or a non-centre hole of box {total}"


_MOVE_RE = re.compile(r"^(x?)(\d{1,2})\.(\d{1,2})$")
_DICE_RE = re.compile(r"^([1-6])\+([1-6])$")


def parse_move(text: str):
    """Read ``4.9``, ``x4.9`` or ``3+4``; ValueError if malformed."""
    if not isinstance(text, str):
        raise ValueError(f"not a move: {text!r}")
    s = text.strip().lower()
    m = _DICE_RE.match(s)
    if m:
        return (int(m.group(1)), int(m.group(2)))
    m = _MOVE_RE.match(s)
    if m:
        box, hole = int(m.group(2)), int(m.group(3))
        if box in BOXES and hole in HOLES and m.group(2)[0] != "0" and m.group(3)[0] != "0":
            return ("remove" if m.group(1) else "place", box, hole)
    raise ValueError(f"not a move: {text!r} (a hole is BOX.HOLE like 4.9, a removal x4.9, "
                     f"a throw D1+D2 like 3+4; boxes and holes are 3-11)")


def new_game(seed=None, first: str = "red") -> State:
    """A fresh game: an empty board, ``first`` to throw.  The seed changes nothing."""
    if first not in PLAYERS:
        raise ValueError(f"first must be 'red' or 'blue', not {first!r}")
    return State._make((0, 0), PLAYERS.index(first), THROW, None, 1)


def describe_outcome(state: State, outcome) -> str:
    """What throwing ``outcome`` at ``state`` (a throw) does, in words for the screen."""
    if not state.is_chance:
        raise ValueError("not a throw")
    if not _is_outcome(outcome):
        raise ValueError(f"not a throw: {outcome!r}")
    total = outcome[0] + outcome[1]
    t = state.turn_index
    opp = PLAYERS[1 - t].title()
    if state.target_bits(total):
        if total == 2:
            return f"a two: take one of {opp}'s pegs, then throw again"
        if total == 12:
            return "a twelve: any vacant hole"
        if total == CENTRE:
            return "a seven: any centre hole or a hole of box 7"
        return f"{NAMES[total]}: a hole marked {total} or a hole of box {total}"
    what = f"{NAMES[total]}: no move" if total != 2 else f"a two: no {opp} peg to take"
    n = state.throw_number
    if n < 3:
        return f"{what} - throw {n + 1} of 3"
    return f"{what} - forfeit: the go passes to {opp}"
