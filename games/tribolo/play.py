"""What Tribolo's screen says and how its board is chosen on, without pygame.

- ``TriboloBoard``: the board input's rules (games.ui.boardinput): the cursor moves freely
  over all 16 x 11 squares, one square a press, as the original's arrow keys did; choosing
  an empty square that outflanks is the move, anything else is refused with the reason the
  rules give ("Not there: c3 is a grey square.").
- the sentences of the status line and of the boxes (who goes first, a colour that cannot
  move, the result), and the order a move's tiles flip in.
"""

from __future__ import annotations

from games.tribolo import rules
from games.ui.boardinput import BoardRules, Intent

SEATS = rules.PLAYERS


def board_name(n: int, short: bool = False) -> str:
    name = rules.BOARDS.get(n, "?")
    return name.split(" (")[0] if short else name


def why_not(state, square) -> str | None:
    """Why ``square`` cannot be played by the colour to move (the rules' words), or None."""
    try:
        state.play(square)
    except ValueError as exc:
        return str(exc) or "that square cannot be played"
    return None


class TriboloBoard(BoardRules):
    def cells(self, state) -> list:
        return [(c, r) for r in range(state.height) for c in range(state.width)]

    def targets(self, state, selected) -> list:
        return []                    # the original's arrows go everywhere, not move to move

    def start(self, state, selected):
        return (state.width // 2, state.height // 2)

    def choose(self, state, selected, cell) -> Intent:
        if cell in state.legal_moves():
            return Intent("move", move=cell, cell=cell)
        return Intent("refuse", cell=cell, text=f"Not there: {why_not(state, cell)}.")


def flip_order(before, move) -> list:
    """The tiles ``move`` flips, nearest the placed tile first (the order they turn)."""
    return sorted(before.flips(move), key=lambda sq: (
        max(abs(sq[0] - move[0]), abs(sq[1] - move[1])), sq))


def skipped_text(skipped) -> str:
    """"Red cannot move: its turn is passed." for the colours a move leaves without one."""
    names = " and ".join(s.capitalize() for s in skipped)
    return f"{names} cannot move: {'its' if len(skipped) == 1 else 'their'} turn is passed."


def move_words(before, move, seat: str) -> str:
    """A move as Messages says it: "Red plays f6 and turns 3 tiles.\""""
    if not isinstance(move, tuple):
        return f"{seat.capitalize()} resigns."
    n = len(before.flips(move))
    return (f"{seat.capitalize()} plays {before.move_text(move)} and turns {n} "
            f"tile{'s' if n != 1 else ''}.")


def result_text(state) -> str:
    if not state.is_over:
        return ""
    winners = [s for s in SEATS if s in state.winners()]
    if len(winners) == 1:
        return f"{winners[0].capitalize()} wins"
    if len(winners) == 3:
        return "A three-way tie"
    return f"A tie between {winners[0].capitalize()} and {winners[1].capitalize()}"


def final_lines(state, board: int) -> list:
    """The final box's text: the result, the counts, the board."""
    counts = state.counts()
    return [result_text(state).upper() + "!", "",
            "   ".join(f"{s.capitalize()} {counts[s]}" for s in SEATS),
            f"Board {board}: {board_name(board)}"]


def first_lines(state) -> list:
    """The box a new game opens with: the computer has picked who goes first."""
    return ["The computer decides who goes first...", "",
            f"{state.current.upper()} goes first!"]


def best_text(state, move) -> str:
    n = len(state.flips(move))
    return (f"Best: {state.move_text(move)} turns {n} tile{'s' if n != 1 else ''}"
            " (not always the best place!).")


def possible_text(state) -> str:
    n = len(state.legal_moves())
    return f"{n} possible square{'s' if n != 1 else ''} for {state.current.capitalize()}."


def prompt_text(state, human_to_move: bool) -> str:
    """The standing status line ({confirm} and {pick}: the controls in hand name them)."""
    if state.is_over:
        return f"Game over: {result_text(state)}.  {{confirm}}: the results"
    if human_to_move:
        return f"{state.current.upper()} to move: choose a square ({{pick}})."
    return f"{state.current.capitalize()} is thinking..."
