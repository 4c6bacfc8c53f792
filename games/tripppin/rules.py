"""Tripppin: the pure rules (standard library only, never pygame).

The game is specified in ``shared/RULES.md`` ("One protocol for every game" and
"Tripppin"); this module follows it exactly.  Summary of the representation:

* A square is an ``int`` 0-63: ``index = (row - 1) * 8 + column`` with column ``a`` = 0 and
  row 1 the top row.  ``square_name(27) == "d4"``, ``parse_square("d4") == 27``.
* A move is the destination square (an ``int``); ``move_text`` gives ``"c7"`` and
  ``parse_move`` reads it back.  ``legal_moves()`` is sorted by square index.
* Directions are 0 up (towards row 1), 1 up-right, 2 right, 3 down-right, 4 down,
  5 down-left, 6 left, 7 up-left.
* Tiles are text tokens exactly as in the text form: ``"S"`` start, ``"O"`` circle,
  ``"."`` blank, or three ascending direction digits such as ``"046"``.

Choices made where RULES.md is silent
-------------------------------------
* ``State.turn`` is kept when the game is over: after a win it names the piece that would
  have moved next (the loser); after a block it names the blocked piece.  So the text form
  (which has no "game over" line) fully determines the state: a progress of 5 means that
  piece has won, and a piece to move with no legal move has lost.
* ``state.blocked`` names the piece that could not move (or ``None``).
* ``chance_outcomes()`` always returns ``[]`` (Tripppin has no chance points).
* ``State.from_text`` checks everything it can: the header, the turn line, the two piece
  lines (square, progress 0-5), every token, ``S`` exactly on d8/e8, ``O`` exactly on the
  four circles, arrow tiles or blanks everywhere else, and consistency: the pieces on
  different squares, at most one piece with progress 5 and it must stand on its final
  target and it cannot be its turn, and no piece standing on its *current* target without
  having counted it (a position that play can never reach).  It does NOT require the 56
  arrow tiles to be all present or distinct, nor exactly two blanks (hand-made positions).
  Whitespace between tokens may be any run of spaces, lines may carry surrounding
  whitespace, and blank lines after the board are ignored.
* The ``State(board, positions, progress, turn)`` constructor only checks the basics
  (tokens, squares, ranges); ``from_text`` is the checked way in.
* ``position``/``progress``/``target`` take a piece name; ``tile`` takes a square index or
  a square name.
* ``new_game(seed=None)`` draws an unpredictable board (``random.Random(None)``); any other
  seed always gives the same board for the same ``first`` and ``fair``.  With ``fair`` the
  shuffle is simply repeated from the same generator until the first mover has no move that
  leaves the other piece without a legal move.
"""

from __future__ import annotations

import random
from itertools import combinations

from games.core.protocol import FrozenState, field

__all__ = [
    "PIECES", "BLUE", "ORANGE", "DIRECTIONS", "DIRECTION_NAMES", "COURSE", "COURSE_NAMES",
    "START", "CIRCLES", "ARROW_TILES", "IllegalMove", "State", "new_game",
    "square_name", "parse_square", "other",
]

PIECES = ("blue", "orange")
BLUE, ORANGE = 0, 1
COLUMNS = "abcdefgh"

# (column step, row step) for directions 0-7, clockwise from up; "up" is towards row 1.
DIRECTIONS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
DIRECTION_NAMES = ("up", "up-right", "right", "down-right",
                   "down", "down-left", "left", "up-left")


class IllegalMove(ValueError):
    """A move the rules do not allow; the message can be shown to a player."""


def square_name(sq: int) -> str:
    """``27 -> "d4"``."""
    if isinstance(sq, bool) or not isinstance(sq, int) or not 0 <= sq < 64:
        raise ValueError(f"not a square: {sq!r}")
    return COLUMNS[sq % 8] + str(sq // 8 + 1)


def parse_square(name: str) -> int:
    """``"d4" -> 27``; raises ValueError on anything else."""
    if not isinstance(name, str):
        raise ValueError(f"not a square name: {name!r}")
    s = name.strip().lower()
    if len(s) != 2 or s[0] not in COLUMNS or s[1] not in "12345678":
        raise ValueError(f"not a square: {name!r} (expected a1 to h8)")
    return (int(s[1]) - 1) * 8 + COLUMNS.index(s[0])


def other(piece: str) -> str:
    """The other piece's name."""
    return PIECES[1 - _piece_index(piece)]


def _piece_index(piece) -> int:
    if piece == "blue":
        return BLUE
    if piece == "orange":
        return ORANGE
    raise ValueError(f"no piece called {piece!r} (blue or orange)")


START_SQ = (parse_square("d8"), parse_square("e8"))
START = {"blue": START_SQ[BLUE], "orange": START_SQ[ORANGE]}
CIRCLE_SQ = tuple(parse_square(n) for n in ("b2", "g2", "b7", "g7"))
CIRCLES = CIRCLE_SQ
COURSE_NAMES = {
    "blue": ("b7", "b2", "g2", "g7", "e8"),
    "orange": ("g7", "g2", "b2", "b7", "d8"),
}
# COURSE[piece] = the five target squares (ints) in order; COURSE_SQ is the same by index.
COURSE = {p: tuple(parse_square(n) for n in names) for p, names in COURSE_NAMES.items()}
COURSE_SQ = (COURSE["blue"], COURSE["orange"])
FINAL = 5

# Every set of three directions, once each, as its token ("013" ... "567").
ARROW_TILES = tuple("".join(str(d) for d in c) for c in combinations(range(8), 3))
ALL_DIRECTIONS = 0xFF


def _step_table():
    table = []
    for sq in range(64):
        c, r = sq % 8, sq // 8
        row = []
        for dc, dr in DIRECTIONS:
            nc, nr = c + dc, r + dr
            row.append(nr * 8 + nc if 0 <= nc < 8 and 0 <= nr < 8 else -1)
        table.append(tuple(row))
    return tuple(table)


# STEP[sq][d]: the neighbour of sq in direction d, or -1 off the board.
STEP = _step_table()


def _dest_table():
    table = []
    for sq in range(64):
        per_mask = []
        steps = STEP[sq]
        for mask in range(256):
            per_mask.append(tuple(sorted(steps[d] for d in range(8)
                                         if mask >> d & 1 and steps[d] >= 0)))
        table.append(tuple(per_mask))
    return tuple(table)


# DESTS[sq][mask]: the on-board neighbours of sq in the directions of mask, ascending.
DESTS = _dest_table()


def _token_mask(token: str) -> int:
    if token in ("S", "O", "."):
        return ALL_DIRECTIONS
    m = 0
    for ch in token:
        m |= 1 << int(ch)
    return m


TOKEN_MASK = {t: _token_mask(t) for t in ARROW_TILES + ("S", "O", ".")}


def _valid_token(tok: str) -> bool:
    return tok in TOKEN_MASK


def _direction_between(a: int, b: int) -> int:
    """The direction from square a to neighbouring square b, or -1 if not neighbours."""
    for d in range(8):
        if STEP[a][d] == b:
            return d
    return -1


class State(FrozenState):
    """An immutable Tripppin position.  Equality and hash are by value."""

    __slots__ = ("_board", "_pos", "_prog", "_turn", "_masks", "_moves", "_over",
                 "_winner", "_blocked", "_hash")

    players = PIECES
    is_chance = False

    def __init__(self, board, positions, progress, turn):
        """Build a state: board is 64 tokens (by square index), positions two square
        indices (blue, orange), progress two ints 0-5, turn a piece name or index.
        For checked input from people use ``State.from_text``."""
        board = tuple(board)
        if len(board) != 64 or not all(_valid_token(t) for t in board):
            raise ValueError("board must be 64 valid tile tokens")
        positions = tuple(int(p) for p in positions)
        progress = tuple(int(p) for p in progress)
        if len(positions) != 2 or not all(0 <= p < 64 for p in positions) \
                or positions[0] == positions[1]:
            raise ValueError("positions must be two different squares")
        if len(progress) != 2 or not all(0 <= p <= FINAL for p in progress):
            raise ValueError("progress must be two numbers 0-5")
        if isinstance(turn, str):
            turn = _piece_index(turn)
        if turn not in (0, 1):
            raise ValueError("turn must be blue or orange")
        masks = tuple(TOKEN_MASK[t] for t in board)
        self._init(board, masks, positions, progress, turn)

    # -- construction -------------------------------------------------------------------

    def _init(self, board, masks, pos, prog, turn):
        self._fields(_board=board, _masks=masks, _pos=pos, _prog=prog, _turn=turn,
                     _hash=hash((board, pos, prog, turn)))
        if prog[0] == FINAL or prog[1] == FINAL:
            self._fields(_moves=(), _over=True, _winner=0 if prog[0] == FINAL else 1,
                         _blocked=None)
            return
        me, them = pos[turn], pos[1 - turn]
        moves = DESTS[me][masks[them]]
        if them in moves:
            moves = tuple(m for m in moves if m != them)
        self._fields(_moves=moves)
        if moves:
            self._fields(_over=False, _winner=None, _blocked=None)
        else:
            self._fields(_over=True, _winner=1 - turn, _blocked=turn)

    @classmethod
    def _make(cls, board, masks, pos, prog, turn):
        s = cls.__new__(cls)
        s._init(board, masks, pos, prog, turn)
        return s

    def __reduce__(self):
        return (_restore, (self._board, self._pos, self._prog, self._turn))

    def __eq__(self, other):
        if not isinstance(other, State):
            return NotImplemented
        return (self._hash == other._hash and self._pos == other._pos
                and self._prog == other._prog and self._turn == other._turn
                and self._board == other._board)

    def __hash__(self):
        return self._hash

    def __repr__(self):
        b, o = self._pos
        return (f"<Tripppin {PIECES[self._turn]} to move; blue {square_name(b)} "
                f"{self._prog[0]}, orange {square_name(o)} {self._prog[1]}>")

    # -- the protocol ----------------------------------------------------------------------

    @property
    def current(self):
        """The piece to choose now, or None when the game is over."""
        return None if self._over else PIECES[self._turn]

    @property
    def turn(self) -> str:
        """The piece whose turn it is (kept when over: see the module docstring)."""
        return PIECES[self._turn]

    is_over = field("_over")

    @property
    def blocked(self):
        """The piece that had no legal move (and so lost), or None."""
        return None if self._blocked is None else PIECES[self._blocked]

    def chance_outcomes(self):
        """Tripppin has no chance points: always an empty list."""
        return []

    def winners(self) -> frozenset:
        return frozenset() if self._winner is None else frozenset((PIECES[self._winner],))

    def legal_moves(self) -> list:
        """Destination squares (ints) open to the piece to move, ascending."""
        return list(self._moves)

    def play(self, move) -> "State":
        if self._over:
            raise IllegalMove("The game is over.")
        if isinstance(move, int) and not isinstance(move, bool) and move in self._moves:
            return self._play_unchecked(move)
        raise IllegalMove(self._why_illegal(move))

    def _play_unchecked(self, move: int) -> "State":
        turn = self._turn
        prog = self._prog
        pos = (move, self._pos[1]) if turn == 0 else (self._pos[0], move)
        if move == COURSE_SQ[turn][prog[turn]]:
            prog = (prog[0] + 1, prog[1]) if turn == 0 else (prog[0], prog[1] + 1)
        return State._make(self._board, self._masks, pos, prog, 1 - turn)

    def _why_illegal(self, move) -> str:
        piece = PIECES[self._turn]
        them = PIECES[1 - self._turn]
        if isinstance(move, bool) or not isinstance(move, int) or not 0 <= move < 64:
            return f"{move!r} is not a square on the board."
        me, there = self._pos[self._turn], self._pos[1 - self._turn]
        d = _direction_between(me, move)
        if d < 0:
            return (f"{piece.capitalize()} can only move to a square next to "
                    f"{square_name(me)}; {square_name(move)} is not.")
        if move == there:
            return f"{square_name(move)} is where {them} stands."
        return (f"The tile under {them} does not let {piece} move "
                f"{DIRECTION_NAMES[d]}.")

    def move_text(self, move) -> str:
        try:
            return square_name(move)
        except ValueError:
            raise ValueError(f"not a move: {move!r}") from None

    def parse_move(self, text: str) -> int:
        return parse_square(text)

    # -- for the screen and the computer player ---------------------------------------------

    board = field("_board", "The 64 tile tokens by square index.")

    positions = field("_pos", "(blue square, orange square).")

    def position(self, piece) -> int:
        return self._pos[_piece_index(piece)]

    def progress(self, piece) -> int:
        """How many targets the piece has reached, 0-5."""
        return self._prog[_piece_index(piece)]

    def target(self, piece):
        """The square the piece must reach next, or None once it has finished."""
        i = _piece_index(piece)
        k = self._prog[i]
        return None if k >= FINAL else COURSE_SQ[i][k]

    def tile(self, square) -> str:
        if isinstance(square, str):
            square = parse_square(square)
        if isinstance(square, bool) or not isinstance(square, int) or not 0 <= square < 64:
            raise ValueError(f"not a square: {square!r}")
        return self._board[square]

    def allowed_directions(self) -> tuple:
        """The directions the arrows under the other piece allow the piece whose turn it
        is (before removing edges and the occupied square)."""
        mask = self._masks[self._pos[1 - self._turn]]
        return tuple(d for d in range(8) if mask >> d & 1)

    # -- text form ----------------------------------------------------------------------------

    def to_text(self) -> str:
        lines = ["tripppin", f"turn {PIECES[self._turn]}"]
        for i, name in enumerate(PIECES):
            lines.append(f"{name} {square_name(self._pos[i])} {self._prog[i]}")
        for r in range(8):
            lines.append(" ".join(self._board[r * 8:r * 8 + 8]))
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str) -> "State":
        if not isinstance(text, str):
            raise ValueError("line 1: expected text")
        lines = text.splitlines()
        while lines and not lines[-1].strip():
            lines.pop()

        def line(n):
            if n > len(lines):
                what = ("the header 'tripppin'" if n == 1 else "the turn line" if n == 2
                        else f"the {PIECES[n - 3]} line" if n <= 4
                        else f"board row {n - 4}")
                raise ValueError(f"line {n}: missing {what}")
            return lines[n - 1].split()

        header = line(1)
        if header != ["tripppin"]:
            raise ValueError(f"line 1: expected 'tripppin', got {lines[0].strip()!r}")
        t = line(2)
        if len(t) != 2 or t[0] != "turn":
            raise ValueError(f"line 2: expected 'turn blue' or 'turn orange', "
                             f"got {lines[1].strip()!r}")
        if t[1] not in PIECES:
            raise ValueError(f"line 2: no piece called {t[1]!r} (blue or orange)")
        turn = PIECES.index(t[1])

        pos, prog = [], []
        for i, name in enumerate(PIECES):
            n = 3 + i
            toks = line(n)
            if len(toks) != 3:
                raise ValueError(f"line {n}: expected '{name} <square> <progress>', "
                                 f"got {len(toks)} tokens")
            if toks[0] != name:
                raise ValueError(f"line {n}: expected the {name} piece, got {toks[0]!r}")
            try:
                sq = parse_square(toks[1])
            except ValueError:
                raise ValueError(f"line {n}: {toks[1]!r} is not a square (a1 to h8)") \
                    from None
            if toks[1] != square_name(sq):
                raise ValueError(f"line {n}: {toks[1]!r} is not a square (a1 to h8)")
            if toks[2] not in ("0", "1", "2", "3", "4", "5"):
                raise ValueError(f"line {n}: progress must be 0 to 5, got {toks[2]!r}")
            pos.append(sq)
            prog.append(int(toks[2]))

        board = []
        for r in range(8):
            n = 5 + r
            toks = line(n)
            if len(toks) != 8:
                raise ValueError(f"line {n}: expected 8 tokens, got {len(toks)}")
            for c, tok in enumerate(toks):
                sq = r * 8 + c
                name = square_name(sq)
                if not _valid_token(tok):
                    raise ValueError(
                        f"line {n}: {name} has {tok!r}, which is not a tile "
                        "(S, O, . or three ascending direction digits 0-7)")
                if sq in START_SQ:
                    if tok != "S":
                        raise ValueError(f"line {n}: {name} must be a start square S, "
                                         f"got {tok!r}")
                elif sq in CIRCLE_SQ:
                    if tok != "O":
                        raise ValueError(f"line {n}: {name} must be a circle O, "
                                         f"got {tok!r}")
                elif tok in ("S", "O"):
                    raise ValueError(f"line {n}: {name} cannot hold {tok!r} (start "
                                     "squares are d8 and e8, circles b2 g2 b7 g7)")
                board.append(tok)
        if len(lines) > 12:
            for extra in range(12, len(lines)):
                if lines[extra].strip():
                    raise ValueError(f"line {extra + 1}: unexpected text after the board")

        if pos[0] == pos[1]:
            raise ValueError(f"line 4: orange cannot stand on {square_name(pos[1])}, "
                             "where blue is")
        if prog[0] == FINAL and prog[1] == FINAL:
            raise ValueError("line 4: both pieces cannot have finished")
        for i, name in enumerate(PIECES):
            n = 3 + i
            if prog[i] == FINAL:
                home = COURSE_SQ[i][FINAL - 1]
                if pos[i] != home:
                    raise ValueError(f"line {n}: {name} has finished (5) so it must "
                                     f"stand on {square_name(home)}")
                if turn == i:
                    raise ValueError(f"line 2: {name} has already won, so the turn "
                                     f"must be {PIECES[1 - i]}'s")
            elif pos[i] == COURSE_SQ[i][prog[i]]:
                raise ValueError(f"line {n}: {name} stands on its target "
                                 f"{square_name(pos[i])}, so its progress would be "
                                 f"{prog[i] + 1}")
        board = tuple(board)
        return cls._make(board, tuple(TOKEN_MASK[t] for t in board), tuple(pos),
                         tuple(prog), turn)


def _restore(board, pos, prog, turn):
    return State._make(board, tuple(TOKEN_MASK[t] for t in board), pos, prog, turn)


def _first_move_can_block(state: State) -> bool:
    for m in state._moves:
        if state._play_unchecked(m)._blocked is not None:
            return True
    return False


def new_game(seed=None, first: str = "orange", fair: bool = True) -> State:
    """A fresh game: the arrow tiles and the two blanks shuffled by ``random.Random(seed)``.

    ``first`` is the piece to move first.  With ``fair`` a shuffle on which the first mover
    could leave the other piece without a legal move at once is reshuffled (from the same
    generator, so the same seed still gives the same board)."""
    turn = _piece_index(first)
    rng = random.Random(seed)
    free = [sq for sq in range(64) if sq not in START_SQ and sq not in CIRCLE_SQ]
    tiles = list(ARROW_TILES) + [".", "."]
    base = ["S" if sq in START_SQ else "O" if sq in CIRCLE_SQ else None
            for sq in range(64)]
    while True:
        rng.shuffle(tiles)
        board = list(base)
        for sq, tok in zip(free, tiles):
            board[sq] = tok
        board = tuple(board)
        state = State._make(board, tuple(TOKEN_MASK[t] for t in board), START_SQ,
                            (0, 0), turn)
        if not fair or not _first_move_can_block(state):
            return state
