"""Pebbles, the house's example game: the pure rules (docs/rules.md, "What every rules
module offers"): the standard library and games.core.protocol only.

Nine squares in a 3 x 3 grid (columns a-c, rows 1-3, ``a1`` top left) hold 0 to 3 pebbles
each. Red and blue take turns; a turn is a coin toss (the chance point), then taking
pebbles from one square that has any: heads takes one, tails takes two (or the last one).
Whoever takes the last pebble on the board wins.

- ``new_game(seed, first="red"|"blue")``: the seed sets the pebbles (1-3 on six to eight
  squares, the others empty: there is always at least one empty square, and at least eight
  pebbles); red tosses first unless ``first`` says otherwise.
- A move is a square ``(column, row)``, both 0-2, text ``b2``; a coin outcome is
  ``"heads"`` or ``"tails"``, text the same. Any square on the board parses (taking from an
  empty one is an IllegalMove); anything else is a ValueError.
- Every move takes at least one pebble, so a game ends within 27 turns; there is no draw.

Text form::

    pebbles
    turn red          (the seat to toss and take; "won red" when the game is over)
    coin -            (heads or tails once tossed, - before the toss)
    301               (three rows, top first: the pebbles on each square)
    020
    113
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.core.protocol import is_square, text_lines

NAME = "pebbles"
PLAYERS = ("red", "blue")
SIZE = 3
MAX_PEBBLES = 3
COIN = ("heads", "tails")
TAKES = {"heads": 1, "tails": 2}

__all__ = ["PLAYERS", "COIN", "IllegalMove", "State", "new_game", "square_name"]


class IllegalMove(ValueError):
    """A move the rules do not allow; the message is meant for the player."""


def square_name(square) -> str:
    c, r = square
    return f"{'abc'[c]}{r + 1}"


@dataclass(frozen=True)
class State:
    squares: tuple            # 9 counts, row by row from the top
    turn: str                 # the seat to toss and take (the winner when over)
    coin: str | None = None   # the toss of this turn; None before it
    over: bool = False

    # -- the protocol ------------------------------------------------------------------------
    @property
    def players(self) -> tuple:
        return PLAYERS

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def is_chance(self) -> bool:
        return not self.over and self.coin is None

    @property
    def current(self):
        return None if self.over or self.coin is None else self.turn

    def chance_outcomes(self) -> list:
        return [(c, 0.5) for c in COIN] if self.is_chance else []

    def pebbles(self, square) -> int:
        c, r = square
        return self.squares[r * SIZE + c]

    @property
    def total(self) -> int:
        return sum(self.squares)

    def legal_moves(self) -> list:
        if self.current is None:
            return []
        return [(i % SIZE, i // SIZE) for i, n in enumerate(self.squares) if n]

    def winners(self) -> frozenset:
        return frozenset([self.turn]) if self.over else frozenset()

    def take(self) -> int:
        """How many pebbles this turn's toss takes (0 before the toss)."""
        return TAKES.get(self.coin, 0)

    def play(self, move) -> "State":
        if self.over:
            raise IllegalMove("The game is over.")
        if self.is_chance:
            if move not in COIN:
                raise IllegalMove("Toss the coin first.")
            return State(self.squares, self.turn, move)
        if move in COIN:
            raise IllegalMove("The coin has been tossed already.")
        if not (isinstance(move, tuple) and len(move) == 2
                and all(isinstance(v, int) and 0 <= v < SIZE for v in move)):
            raise IllegalMove(f"{move!r} is not a square of the board.")
        n = self.pebbles(move)
        if n == 0:
            raise IllegalMove(f"There are no pebbles on {square_name(move)}.")
        c, r = move
        squares = list(self.squares)
        squares[r * SIZE + c] = n - min(n, self.take())
        if not any(squares):
            return State(tuple(squares), self.turn, None, True)
        return State(tuple(squares), other(self.turn))

    def move_text(self, move) -> str:
        if isinstance(move, str) and move in COIN:
            return move
        if not is_square(move, SIZE, SIZE):
            raise ValueError(f"not a square or a toss: {move!r}")
        return square_name(move)

    def parse_move(self, text: str):
        t = str(text).strip().lower()
        if t in COIN:
            return t
        if len(t) == 2 and t[0] in "abc" and t[1] in "123":
            return ("abc".index(t[0]), int(t[1]) - 1)
        raise ValueError(f"{text!r} is not a square (a1 to c3) or a toss (heads, tails)")

    # -- the text form -----------------------------------------------------------------------
    def to_text(self) -> str:
        head = f"won {self.turn}" if self.over else f"turn {self.turn}"
        rows = ["".join(str(n) for n in self.squares[r * SIZE:(r + 1) * SIZE])
                for r in range(SIZE)]
        return "\n".join([NAME, head, f"coin {self.coin or '-'}", *rows]) + "\n"

    @classmethod
    def from_text(cls, text: str) -> "State":
        lines = text_lines(text, NAME)
        if len(lines) != 3 + SIZE:
            raise ValueError(f"line {min(len(lines), 6) + 1}: expected 6 lines, got {len(lines)}")
        word, _, seat = lines[1].partition(" ")
        if word not in ("turn", "won") or seat not in PLAYERS:
            raise ValueError(f"line 2 should be 'turn red|blue' or 'won red|blue': {lines[1]!r}")
        word2, _, coin = lines[2].partition(" ")
        if word2 != "coin" or coin not in COIN + ("-",):
            raise ValueError(f"line 3 should be 'coin heads|tails|-': {lines[2]!r}")
        squares = []
        for i, row in enumerate(lines[3:], 4):
            if len(row) != SIZE or any(ch not in "0123" for ch in row):
                raise ValueError(f"line {i}: a row is {SIZE} digits 0-{MAX_PEBBLES}: {row!r}")
            squares += [int(ch) for ch in row]
        over = word == "won"
        if over != (not any(squares)):
            raise ValueError("line 2: the game is won exactly when the board is empty")
        if over and coin != "-":
            raise ValueError("line 3: a finished game has no toss")
        return cls(tuple(squares), seat, None if coin == "-" else coin, over)


def other(seat: str) -> str:
    return PLAYERS[1 - PLAYERS.index(seat)]


def new_game(seed=None, first: str = "red") -> State:
    if first not in PLAYERS:
        raise ValueError(f"first is red or blue, not {first!r}")
    rng = random.Random(f"pebbles/{seed}")
    while True:
        squares = tuple(rng.choice((0, 1, 2, 3)) for _ in range(SIZE * SIZE))
        if 1 <= squares.count(0) <= 3 and sum(squares) >= 8:
            return State(squares, first)
