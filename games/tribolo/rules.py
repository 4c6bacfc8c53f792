"""Tribolo: three-way Othello (Soleau Software, DOS EGA, 1991-92), the pure rules.

The protocol and the rules are those of shared/RULES.md ("One protocol for every game" and
"Tribolo"); this module imports only the standard library.

Rules in brief
--------------
Board 16 x 11 (columns a-p, rows 1-11, row 1 at the top); ``from_text`` accepts any
rectangle from 1 x 1 to 26 x 99.  Seats blue, red, green move in that order.  A move puts
a tile of your colour on an empty square; in each of the eight directions the line of one
or more tiles all of ONE opponent colour followed directly by your own colour flips.  An
empty square, a grey square, the edge or the third colour before your own colour means no
flip that way; your own colour ends the line.  All such lines flip at once (they may be of
different opponent colours).  A move must flip at least one tile.  After each move the turn
goes to the next seat in order that has a move; the game ends when nobody has one.  Most
tiles wins; equal most is a tie between those seats.

Representation
--------------
Bitboards on Python ints: one int per colour, one for grey squares.  Square (col, row) is
bit ``row * (width + 1) + col``: every row has one padding bit on its right that never
holds anything, so a shift that runs off the left or right edge lands on padding (or
beyond the board) and breaks the line.  Directions are the shifts 1 (E/W),
stride (S/N), stride+1 (SE/NW) and stride-1 (SW/NE), each used as ``<<`` and ``>>``.
The legal moves of a seat are the union, over its two opponent colours, of the
Othello-style moves in which "opponent" means that single colour: exactly this rule.
The low-level functions (``geometry``, ``move_bits``, ``flip_bits``, ``next_seat``) are
public for the computer player.

Moves are ``(col, row)`` tuples, both 0-based (``(0, 0)`` is ``a1``, ``(15, 10)`` is
``p11``); ``legal_moves()`` lists them row by row, top to bottom, left to right.

Boards (``new_game(seed, board=N)``)
------------------------------------
All presets are 16 x 11.  Their grey walls are symmetric left-right and top-bottom; the
starting tiles fill a left-right symmetric set of squares, the same number for each colour,
and every seat has a move in the starting position.  The seed chooses only the first seat.

1 Pillars     four 2 x 2 grey pillars; two 3 x 3 Latin-square blocks of tiles (every
              row and column holds each colour once) in the middle.
2 Divide      a grey wall down the middle, open at both ends and at its centre; a
              Latin-square block on each side.
3 Rooms       a grey wall across the middle row with three doorways, and short posts at the
              top, centre and bottom of the centre line, make four rooms; a 2 x 3 mixed
              block of tiles in each room.
4 Diamond     a grey diamond ring, open at its left and right points, round a mixed
              4 x 3 centre; a 2 x 3 mixed block outside each open point.
5 Corridors   two long grey walls (rows 4 and 8), each with three gaps, make three
              corridors; Latin-square rows of tiles in each corridor.
6 Stepping stones  single grey stones on a lattice over the board and a grey pair above
              and below the centre; two Latin-square blocks side by side in the middle.
7 Standard (random)  the original's board: 12 grey squares and 12 tiles of each colour
              placed at random by the seed, the rest empty.
8 Fortress    the four corners are grey (so the squares beside them are the walled ones)
              and a grey keep stands in the middle; a ring of twelve tiles round the keep.
9 Hourglass   grey wedges grow from the left and right edges towards the middle row,
              leaving a narrow waist; two Latin-square blocks in the waist.

Choices where RULES.md is silent
--------------------------------
- ``new_game(board=7)`` draws 12 grey, then 12 blue, red and green squares with
  ``random.Random(seed).sample`` and then the first seat (unless ``first`` is given).  If
  the first seat has no move the turn passes on as after any move; if nobody can move the
  board is drawn again from the same generator (deterministic).
- ``from_text``: lines may carry surrounding blanks and a ``\\r``; blank lines after the
  board are ignored.  If the seat named on the ``turn`` line has no move but another seat
  has, the turn passes on to the next seat in order with a move (as it would in play); if
  nobody can move the state is over whatever the turn line says.  ``turn -`` while some
  seat can still move is an error.
- ``parse_move`` accepts upper-case column letters (``P11``); leading zeros in the row
  number are malformed.
- ``winners()`` at the end: every seat with the most tiles, even if that is zero (a board
  with no tiles at all is a three-way tie).
- ``flips(move)`` gives ``[]`` for a move that is not legal now.
- ``skipped_after(move)``: the seats passed over after ``move`` because they had no move,
  in turn order; ``()`` if the move ends the game (the screen announces the end instead).
"""

from __future__ import annotations

import random
import re

from games.core.protocol import FrozenState, field, is_square, text_lines

__all__ = [
    "PLAYERS", "WIDTH", "HEIGHT", "BOARDS", "IllegalMove", "State", "new_game",
    "board_names", "geometry", "move_bits", "flip_bits", "has_move", "next_seat",
]

PLAYERS = ("blue", "red", "green")
LETTERS = "BRG"
WIDTH, HEIGHT = 16, 11
MAX_WIDTH, MAX_HEIGHT = 26, 99
COLUMNS = "abcdefghijklmnopqrstuvwxyz"


class IllegalMove(ValueError):
    """A move the rules do not allow; the message is meant for the player."""


# --------------------------------------------------------------------------- geometry

class Geometry:
    """Masks and shifts of one board size (shared by every state of that size)."""

    __slots__ = ("width", "height", "stride", "mask", "shifts", "size")

    def __init__(self, width: int, height: int):
        self.width = width
        self.height = height
        self.stride = stride = width + 1
        row = (1 << width) - 1
        mask = 0
        for r in range(height):
            mask |= row << (r * stride)
        self.mask = mask
        # E/W, S/N, SE/NW, SW/NE: each used as a left shift and as a right shift.
        self.shifts = (1, stride, stride + 1, stride - 1)
        self.size = height * stride

    def bit(self, col: int, row: int) -> int:
        return 1 << (row * self.stride + col)

    def square(self, index: int) -> tuple:
        row, col = divmod(index, self.stride)
        return (col, row)

    def squares(self, bits: int) -> list:
        """The (col, row) of every set bit, in increasing bit order (row-major)."""
        out = []
        stride = self.stride
        while bits:
            low = bits & -bits
            row, col = divmod(low.bit_length() - 1, stride)
            out.append((col, row))
            bits ^= low
        return out


_GEOMETRIES: dict = {}


def geometry(width: int, height: int) -> Geometry:
    geo = _GEOMETRIES.get((width, height))
    if geo is None:
        geo = _GEOMETRIES[(width, height)] = Geometry(width, height)
    return geo


# --------------------------------------------------------------------------- bit rules

def move_bits(own: int, opp_a: int, opp_b: int, empty: int, shifts) -> int:
    """Bitboard of the moves of ``own`` (``empty``: empty playable squares, no padding).

    For each direction and each opponent colour: the frontier starts at the opponent
    tiles beside ``own`` and walks on while it stays on that colour; every empty square
    it reaches right after such a run is a move.
    """
    moves = 0
    for d in shifts:
        x = own << d
        t = x & opp_a
        if t:
            t <<= d
            while t:
                moves |= t & empty
                t = (t & opp_a) << d
        t = x & opp_b
        if t:
            t <<= d
            while t:
                moves |= t & empty
                t = (t & opp_b) << d
        x = own >> d
        t = x & opp_a
        if t:
            t >>= d
            while t:
                moves |= t & empty
                t = (t & opp_a) >> d
        t = x & opp_b
        if t:
            t >>= d
            while t:
                moves |= t & empty
                t = (t & opp_b) >> d
    return moves


def has_move(own: int, opp_a: int, opp_b: int, empty: int, shifts) -> bool:
    """Whether ``own`` has any move (stops at the first one found)."""
    if not own:
        return False
    for opp in (opp_a, opp_b):
        if not opp:
            continue
        for d in shifts:
            t = (own << d) & opp
            while t:
                t <<= d
                if t & empty:
                    return True
                t &= opp
            t = (own >> d) & opp
            while t:
                t >>= d
                if t & empty:
                    return True
                t &= opp
    return False


def flip_bits(m: int, own: int, opp_a: int, opp_b: int, shifts) -> int:
    """Bitboard of the tiles that placing ``own`` on the single bit ``m`` flips."""
    flips = 0
    for d in shifts:
        x = m << d
        opp = opp_a if x & opp_a else (opp_b if x & opp_b else 0)
        if opp:
            line = 0
            while x & opp:
                line |= x
                x <<= d
            if x & own:
                flips |= line
        x = m >> d
        opp = opp_a if x & opp_a else (opp_b if x & opp_b else 0)
        if opp:
            line = 0
            while x & opp:
                line |= x
                x >>= d
            if x & own:
                flips |= line
    return flips


def next_seat(bb, empty: int, shifts, after: int):
    """The first seat after ``after`` (0-2) in turn order with a move, else None.

    ``after`` itself is tried last, so a seat whose two opponents are blocked moves again.
    """
    for k in (1, 2, 3):
        s = (after + k) % 3
        if has_move(bb[s], bb[(s + 1) % 3], bb[(s + 2) % 3], empty, shifts):
            return s
    return None


# --------------------------------------------------------------------------- notation

_MOVE_RE = re.compile(r"([a-zA-Z])([1-9][0-9]?)\Z")


def _square_text(col: int, row: int) -> str:
    return f"{COLUMNS[col]}{row + 1}"


# --------------------------------------------------------------------------- the state

class State(FrozenState):
    """One position: board, grey squares, tiles and the seat to move.  Immutable."""

    __slots__ = ("_geo", "_grey", "_bb", "_cur", "_hash", "_moves")
    _caches = ("_moves",)

    players = PLAYERS
    is_chance = False

    # -- construction -------------------------------------------------------------

    def __init__(self, width: int, height: int, grey: int, tiles, current):
        """Low-level constructor: bitboards in this module's layout.

        ``current`` is a seat name or index, or None; it is taken as given (use
        ``from_text`` or ``new_game`` for a checked state).
        """
        if isinstance(current, str):
            current = PLAYERS.index(current)
        self._fields(_geo=geometry(width, height), _grey=grey, _bb=tuple(tiles), _cur=current,
                     _hash=None, _moves=None)

    @classmethod
    def _make(cls, geo, grey, bb, cur):
        s = object.__new__(cls)
        s._fields(_geo=geo, _grey=grey, _bb=bb, _cur=cur, _hash=None, _moves=None)
        return s

    def _key(self):
        g = self._geo
        return (g.width, g.height, self._grey, self._bb, self._cur)


    # -- raw access (for the computer player) -----------------------------------------

    geometry = field("_geo")

    grey_bits = field("_grey")

    tile_bits = field("_bb", "(blue, red, green) bitboards.")

    current_index = field("_cur", "0, 1 or 2 for blue, red, green; None when the game is over.")

    def empty_bits(self) -> int:
        b = self._bb
        return self._geo.mask & ~(self._grey | b[0] | b[1] | b[2])

    def _seat_move_bits(self, s: int) -> int:
        b = self._bb
        return move_bits(b[s], b[(s + 1) % 3], b[(s + 2) % 3], self.empty_bits(),
                         self._geo.shifts)

    def legal_move_bits(self) -> int:
        if self._cur is None:
            return 0
        m = self._moves
        if m is None:
            m = self._seat_move_bits(self._cur)
            object.__setattr__(self, "_moves", m)
        return m

    # -- protocol -----------------------------------------------------------------

    width = field("_geo.width")
    height = field("_geo.height")

    @property
    def current(self):
        c = self._cur
        return None if c is None else PLAYERS[c]

    @property
    def is_over(self) -> bool:
        return self._cur is None

    def chance_outcomes(self) -> list:
        return []

    def legal_moves(self) -> list:
        return self._geo.squares(self.legal_move_bits())

    def moves_for(self, seat) -> list:
        """The squares where ``seat`` (name or index) could move now, whoever's turn it is."""
        s = self._seat_index(seat)
        return self._geo.squares(self._seat_move_bits(s))

    def _seat_index(self, seat) -> int:
        if isinstance(seat, int) and 0 <= seat < 3:
            return seat
        try:
            return PLAYERS.index(seat)
        except ValueError:
            raise ValueError(f"no seat called {seat!r}") from None

    def _bit_of(self, move):
        """The bit of a (col, row) move, or raise IllegalMove."""
        if (not isinstance(move, (tuple, list)) or len(move) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in move)):
            raise IllegalMove(f"not a move: {move!r} (a move is a square (col, row))")
        col, row = move
        geo = self._geo
        if not (0 <= col < geo.width and 0 <= row < geo.height):
            raise IllegalMove(f"({col}, {row}) is off the board")
        return 1 << (row * geo.stride + col)

    def play(self, move) -> "State":
        bit = self._bit_of(move)
        cur = self._cur
        name = _square_text(*move)
        if cur is None:
            raise IllegalMove("the game is over")
        bb = self._bb
        if bit & self._grey:
            raise IllegalMove(f"{name} is a grey square")
        for s in range(3):
            if bit & bb[s]:
                raise IllegalMove(f"{name} is already taken by {PLAYERS[s]}")
        shifts = self._geo.shifts
        own, oa, ob = bb[cur], bb[(cur + 1) % 3], bb[(cur + 2) % 3]
        f = flip_bits(bit, own, oa, ob, shifts)
        if not f:
            raise IllegalMove(f"{name} does not outflank any tile")
        return self._after(cur, bit, f)

    def _after(self, cur, bit, f):
        bb = self._bb
        new = [b & ~f for b in bb]
        new[cur] = bb[cur] | f | bit
        new = tuple(new)
        geo = self._geo
        empty = geo.mask & ~(self._grey | new[0] | new[1] | new[2])
        nxt = next_seat(new, empty, geo.shifts, cur)
        return State._make(geo, self._grey, new, nxt)

    def winners(self) -> frozenset:
        if self._cur is not None:
            return frozenset()
        c = self.counts()
        best = max(c.values())
        return frozenset(p for p in PLAYERS if c[p] == best)

    def move_text(self, move) -> str:
        if not is_square(move, self._geo.width, self._geo.height):
            raise ValueError(f"not a square of this board: {move!r}")
        return _square_text(*move)

    def parse_move(self, text):
        if not isinstance(text, str):
            raise ValueError(f"not a square: {text!r}")
        m = _MOVE_RE.match(text.strip())
        if not m:
            raise ValueError(f"not a square: {text!r} (expected a letter and a number, e.g. p11)")
        col = COLUMNS.index(m.group(1).lower())
        row = int(m.group(2)) - 1
        if col >= self._geo.width or row >= self._geo.height:
            raise ValueError(f"{text.strip()} is off the board")
        return (col, row)

    # -- for the screen ---------------------------------------------------------------

    def cell(self, col: int, row: int) -> str:
        """'.' empty, '#' grey, 'B', 'R' or 'G'."""
        geo = self._geo
        if not (0 <= col < geo.width and 0 <= row < geo.height):
            raise IndexError(f"({col}, {row}) is off the board")
        bit = 1 << (row * geo.stride + col)
        if bit & self._grey:
            return "#"
        for s in range(3):
            if bit & self._bb[s]:
                return LETTERS[s]
        return "."

    def counts(self) -> dict:
        b = self._bb
        return {PLAYERS[s]: b[s].bit_count() for s in range(3)}

    def flips(self, move) -> list:
        """The squares that ``move`` by the current seat would flip ([] if not legal)."""
        try:
            bit = self._bit_of(move)
        except IllegalMove:
            return []
        if self._cur is None or not (bit & self.legal_move_bits()):
            return []
        cur, bb = self._cur, self._bb
        f = flip_bits(bit, bb[cur], bb[(cur + 1) % 3], bb[(cur + 2) % 3], self._geo.shifts)
        return self._geo.squares(f)

    def skipped_after(self, move) -> tuple:
        """Seats passed over (no move) after ``move``; () if the move ends the game."""
        nxt = self.play(move)._cur
        if nxt is None:
            return ()
        cur = self._cur
        out = []
        s = (cur + 1) % 3
        while s != nxt:           # when both others are skipped, nxt == cur
            out.append(PLAYERS[s])
            s = (s + 1) % 3
        return tuple(out)

    # -- text form --------------------------------------------------------------------

    def to_text(self) -> str:
        # a row at a time from the bitboards (the table server hashes this text at every
        # ply; square by square through cell() it cost a third of the server's time)
        geo = self._geo
        width, full = geo.width, (1 << geo.width) - 1
        grey, (blue, red, green) = self._grey, self._bb
        lines = ["tribolo", f"turn {self.current or '-'}"]
        for r in range(geo.height):
            at = r * geo.stride
            g, b, rd, gr = ((x >> at) & full for x in (grey, blue, red, green))
            lines.append("".join("#" if g >> c & 1 else "B" if b >> c & 1 else
                                 "R" if rd >> c & 1 else "G" if gr >> c & 1 else "."
                                 for c in range(width)))
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str) -> "State":
        lines = text_lines(text, "tribolo")
        if len(lines) < 2:
            raise ValueError("line 2: expected 'turn SEAT' (blue, red, green or -), found nothing")
        parts = lines[1].split()
        if len(parts) != 2 or parts[0] != "turn":
            raise ValueError(f"line 2: expected 'turn SEAT' (blue, red, green or -), "
                             f"found {lines[1]!r}")
        seat = parts[1]
        if seat != "-" and seat not in PLAYERS:
            raise ValueError(f"line 2: no seat called {seat!r} (expected blue, red, green or -)")
        rows = lines[2:]
        if not rows:
            raise ValueError("line 3: the board has no rows")
        height = len(rows)
        width = len(rows[0])
        if height > MAX_HEIGHT:
            raise ValueError(f"line {3 + MAX_HEIGHT}: the board has {height} rows, "
                             f"at most {MAX_HEIGHT} allowed")
        if width == 0:
            raise ValueError("line 3: empty board row")
        if width > MAX_WIDTH:
            raise ValueError(f"line 3: the row has {width} squares, at most {MAX_WIDTH} allowed")
        geo = geometry(width, height)
        grey = 0
        bb = [0, 0, 0]
        for r, line in enumerate(rows):
            n = r + 3
            if len(line) != width:
                what = "is empty" if not line else f"has {len(line)} squares"
                raise ValueError(f"line {n}: board row {r + 1} {what}, expected {width} "
                                 f"like the first row")
            base = r * geo.stride
            for c, ch in enumerate(line):
                if ch == ".":
                    continue
                bit = 1 << (base + c)
                if ch == "#":
                    grey |= bit
                elif ch in LETTERS:
                    bb[LETTERS.index(ch)] |= bit
                else:
                    raise ValueError(f"line {n}: unexpected {ch!r} in column {c + 1} "
                                     f"(expected . # B R or G)")
        bb = tuple(bb)
        empty = geo.mask & ~(grey | bb[0] | bb[1] | bb[2])
        if seat == "-":
            who = next_seat(bb, empty, geo.shifts, 2)
            if who is not None:
                raise ValueError(f"line 2: 'turn -' but the game is not over "
                                 f"({PLAYERS[who]} can move)")
            cur = None
        else:
            # The named seat moves if it can; otherwise the turn passes on as in play.
            cur = next_seat(bb, empty, geo.shifts, (PLAYERS.index(seat) - 1) % 3)
        return cls._make(geo, grey, bb, cur)


# --------------------------------------------------------------------------- boards

BOARDS = {
    1: "Pillars",
    2: "Divide",
    3: "Rooms",
    4: "Diamond",
    5: "Corridors",
    6: "Stepping stones",
    7: "Standard (random)",
    8: "Fortress",
    9: "Hourglass",
}

_PRESETS = {
    1: """
................
................
..##........##..
..##........##..
....BRG..GRB....
....GBR..RBG....
....RGB..BGR....
..##........##..
..##........##..
................
................
""",
    2: """
................
.......##.......
.......##.......
.......##.......
...BRG.##.GRB...
...GBR....RBG...
...RGB.##.BGR...
.......##.......
.......##.......
.......##.......
................
""",
    3: """
.......##.......
................
...BRG....GRB...
...GBR....RBG...
.......##.......
##.####..####.##
.......##.......
...RGB....BGR...
...BRG....GRB...
................
.......##.......
""",
    4: """
................
.......##.......
......#..#......
.....#....#.....
.BR.#.GBRG.#.RB.
.RG...RGBR...GR.
.GB.#.BRGB.#.BG.
.....#....#.....
......#..#......
.......##.......
................
""",
    5: """
................
....BRG..GRB....
....GBR..RBG....
#.#####..#####.#
................
....RGB..BGR....
................
#.#####..#####.#
....BRG..GRB....
....GBR..RBG....
................
""",
    6: """
................
.#...#....#...#.
................
...#...##...#...
.....BRGGRB.....
.#...GBRRBG...#.
.....RGBBGR.....
...#...##...#...
................
.#...#....#...#.
................
""",
    8: """
##............##
#..............#
................
................
.....BR##RB.....
....RG####GR....
.....GB##BG.....
................
................
#..............#
##............##
""",
    9: """
................
................
#..............#
##............##
###..BRGGRB..###
####.GBRRBG.####
###..RGBBGR..###
##............##
#..............#
................
................
""",
}


def board_names() -> dict:
    """{number: name} of every board, in number order."""
    return dict(sorted(BOARDS.items()))


def _preset_text(n: int) -> str:
    rows = [ln for ln in _PRESETS[n].strip("\n").split("\n")]
    return "\n".join(rows)


def _random_board(rng: random.Random):
    geo = geometry(WIDTH, HEIGHT)
    picks = rng.sample(range(WIDTH * HEIGHT), 48)
    sets = [0, 0, 0, 0]
    for i, sq in enumerate(picks):
        row, col = divmod(sq, WIDTH)
        sets[i // 12] |= 1 << (row * geo.stride + col)
    return geo, sets[0], (sets[1], sets[2], sets[3])


def new_game(seed=None, board: int = 7, first=None) -> State:
    """A fresh game on board ``board`` (see BOARDS); ``first`` names the first seat."""
    if board not in BOARDS:
        raise ValueError(f"no board {board!r} (boards: {', '.join(map(str, sorted(BOARDS)))})")
    if first is not None and first not in PLAYERS:
        raise ValueError(f"no seat called {first!r} (expected blue, red or green)")
    rng = random.Random(seed)
    while True:
        if board == 7:
            geo, grey, bb = _random_board(rng)
        else:
            geo, grey, bb = _parse_board(_preset_text(board))
        start = PLAYERS.index(first) if first is not None else rng.randrange(3)
        empty = geo.mask & ~(grey | bb[0] | bb[1] | bb[2])
        cur = next_seat(bb, empty, geo.shifts, (start - 1) % 3)
        if cur is not None:
            return State._make(geo, grey, bb, cur)
        if board != 7:  # pragma: no cover - the presets are all playable (tested)
            raise ValueError(f"board {board} has no move for anybody")


def _parse_board(rows_text: str):
    rows = rows_text.split("\n")
    geo = geometry(len(rows[0]), len(rows))
    grey = 0
    bb = [0, 0, 0]
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            bit = 1 << (r * geo.stride + c)
            if ch == "#":
                grey |= bit
            elif ch in LETTERS:
                bb[LETTERS.index(ch)] |= bit
    return geo, grey, tuple(bb)
