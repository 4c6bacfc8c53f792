"""Hex on a 7 x 7 rhombus: the pure rules (docs/rules.md, "What every rules module offers").

A cell is ``(column, row)``, both 0-6, written ``c4`` (column letter, row number; ``a1`` is
the top-left corner). Every row sits half a cell to the right of the row above it, so a
cell touches up to six others: left and right, two above and two below. Red moves first and
owns the top and bottom rows; blue owns the left and right columns. A move puts a stone of
the mover's colour on an empty cell; whoever first joins their two sides with a chain of
touching stones wins. A full board always holds exactly one such chain: no draw. There is
no swap rule and no random set-up (the seed is accepted and changes nothing).

Text form::

    hex
    turn red          (the seat to move; "won red" once the game is over)
    .......           (seven rows, top first: . empty, R red, B blue)
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.protocol import is_square, text_lines

NAME = "hex"
PLAYERS = ("red", "blue")
RANDOM_SETUP = False
SIZE = 7
LETTERS = "abcdefghijklmnopqrstuvwxyz"[:SIZE]
STONE = {"red": "R", "blue": "B"}
STEPS = ((-1, 0), (1, 0), (0, -1), (1, -1), (-1, 1), (0, 1))
CELLS = tuple((c, r) for r in range(SIZE) for c in range(SIZE))
EMPTY = "." * (SIZE * SIZE)


class IllegalMove(ValueError):
    """A move the rules refuse; the message is meant for the player."""


def cell_name(cell) -> str:
    return f"{LETTERS[cell[0]]}{cell[1] + 1}"


def rival(seat: str) -> str:
    return "blue" if seat == "red" else "red"


def touching(cell):
    """The cells on the board next to ``cell``."""
    c, r = cell
    for dc, dr in STEPS:
        if 0 <= c + dc < SIZE and 0 <= r + dr < SIZE:
            yield (c + dc, r + dr)


def at(board: str, cell) -> str:
    return board[cell[1] * SIZE + cell[0]]


def sides(seat: str, cell) -> set:
    """Which of ``seat``'s two sides ``cell`` lies on (0 the first, 1 the second)."""
    k = cell[1] if seat == "red" else cell[0]
    return {0} if k == 0 else {1} if k == SIZE - 1 else set()


def group(board: str, cell) -> set:
    """The chain of same-coloured stones holding ``cell``."""
    mark, todo, seen = at(board, cell), [cell], {cell}
    while todo:
        for n in touching(todo.pop()):
            if n not in seen and at(board, n) == mark:
                seen.add(n)
                todo.append(n)
    return seen


def joins(board: str, seat: str, cells=CELLS) -> bool:
    """Whether a chain of ``seat`` through one of ``cells`` touches both its sides."""
    seen: set = set()
    for cell in cells:
        if cell not in seen and at(board, cell) == STONE[seat]:
            chain = group(board, cell)
            seen |= chain
            if set().union(*(sides(seat, x) for x in chain)) == {0, 1}:
                return True
    return False


@dataclass(frozen=True)
class State:
    board: str = EMPTY        # SIZE rows of SIZE marks, top first
    turn: str = "red"         # the seat to move; the winner once over
    over: bool = False

    players = PLAYERS
    is_chance = False

    @property
    def current(self):
        return None if self.over else self.turn

    is_over = property(lambda self: self.over)

    def chance_outcomes(self) -> list:
        return []

    def stone(self, cell) -> str | None:
        """The seat whose stone is on ``cell``, or None."""
        return {"R": "red", "B": "blue"}.get(at(self.board, cell))

    def legal_moves(self) -> list:
        return [] if self.over else [x for x in CELLS if at(self.board, x) == "."]

    def winners(self) -> frozenset:
        return frozenset([self.turn] if self.over else [])

    def play(self, move) -> "State":
        if self.over:
            raise IllegalMove("The game is over.")
        if move not in CELLS:
            raise IllegalMove(f"{move!r} is not a cell of the board.")
        if at(self.board, move) != ".":
            raise IllegalMove(f"{cell_name(move)} is taken.")
        i = move[1] * SIZE + move[0]
        board = self.board[:i] + STONE[self.turn] + self.board[i + 1:]
        if joins(board, self.turn, [move]):
            return State(board, self.turn, True)
        return State(board, rival(self.turn))

    def move_text(self, move) -> str:
        if not is_square(move, SIZE, SIZE):
            raise ValueError(f"not a cell: {move!r}")
        return cell_name(move)

    def parse_move(self, text: str):
        t = str(text).strip().lower()
        if t[:1] and t[0] in LETTERS and t[1:].isdigit() and 1 <= int(t[1:]) <= SIZE:
            return (LETTERS.index(t[0]), int(t[1:]) - 1)
        raise ValueError(f"{text!r} is not a cell (a1 to {cell_name((SIZE - 1, SIZE - 1))})")

    def to_text(self) -> str:
        rows = [self.board[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)]
        return "\n".join([NAME, f"{'won' if self.over else 'turn'} {self.turn}", *rows]) + "\n"

    @classmethod
    def from_text(cls, text: str) -> "State":
        """The position a text form describes; ValueError naming the line if it is wrong."""
        lines = text_lines(text, NAME)
        if len(lines) != 2 + SIZE:
            raise ValueError(f"line {min(len(lines), 2 + SIZE) + 1}: "
                             f"expected {2 + SIZE} lines, got {len(lines)}")
        head = lines[1].split(" ")
        if len(head) != 2 or head[0] not in ("turn", "won") or head[1] not in PLAYERS:
            raise ValueError(f"line 2: expected 'turn SEAT' or 'won SEAT', not {lines[1]!r}")
        word, seat = head
        for n, row in enumerate(lines[2:], 3):
            if len(row) != SIZE or set(row) - set(".RB"):
                raise ValueError(f"line {n}: a row is {SIZE} of . R B: {row!r}")
        board = "".join(lines[2:])
        lead = board.count("R") - board.count("B")
        if lead not in (0, 1):
            raise ValueError("line 3: red has as many stones as blue, or one more")
        to_move = PLAYERS[lead]
        over = word == "won"
        won = joins(board, rival(to_move))
        if (seat == to_move) == over or joins(board, to_move) or won != over:
            raise ValueError(f"line 2: {lines[1]!r} does not fit the stones on the board")
        return cls(board, seat, over)


def new_game(seed=None) -> State:
    return State()


def example_illegal_moves(state) -> list:
    """Moves ``state`` refuses: off the board, and every taken cell."""
    return [(-1, 0), (SIZE, SIZE)] + [x for x in CELLS if state.stone(x)]
