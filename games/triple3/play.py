"""Triple 3's play around the rules, pure (no pygame): choosing a hole on the board, what
happened in words, the matches (best of 1, 3, 5 or 7 with running totals), the help pages
(the original's !Help) and the launcher's score lines.

The screen (games/triple3/scene.py) gives these its geometry and draws; a test can run all
of this without a display.
"""

from __future__ import annotations

import textwrap

from games.core import records
from games.triple3 import ai, rules
from games.ui.boardinput import BoardRules, Intent

NAMES = {"red": "Red", "blue": "Blue"}
MATCHES = (1, 3, 5, 7)
CELLS = tuple((b, h) for b in rules.BOXES for h in rules.HOLES)


def other(seat: str) -> str:
    return "blue" if seat == "red" else "red"


def grid(cell) -> tuple:
    """(column, row) 0-8 of hole ``(box, hole)`` on the whole board."""
    box, hole = cell
    i, j = box - 3, hole - 3
    return (i % 3) * 3 + j % 3, (i // 3) * 3 + j // 3


def move_kind(state) -> str:
    """What choosing a hole does with the dice shown: a two removes, anything else places."""
    return "remove" if state.dice is not None and sum(state.dice) == 2 else "place"


class Board(BoardRules):
    """Choosing a hole: the cursor steps among the holes the dice allow (the marked ones);
    choosing any hole with the dice shown is a move (the table says why one is refused)."""

    def targets(self, state, selected) -> list:
        return [(b, h) for _k, b, h in state.legal_moves()]

    def cells(self, state) -> list:
        return self.targets(state, None) or list(CELLS)

    def choose(self, state, selected, cell) -> Intent:
        if state.is_over:
            return Intent("refuse", cell=cell, text="The game is over.")
        if state.dice is None:
            return Intent("refuse", cell=cell, text="Wait for the dice.")
        return Intent("move", move=(move_kind(state),) + tuple(cell), cell=cell)

    def start(self, state, selected):
        """The marked hole nearest the middle of the board."""
        pool = self.targets(state, None) or [(7, 7)]
        return min(pool, key=lambda c: (abs(grid(c)[0] - 4) + abs(grid(c)[1] - 4), c))


def sentence(text: str) -> str:
    """A rule's complaint as a sentence: a capital and a full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


# -- what happened, in words ---------------------------------------------------------------

def allows(total: int) -> str:
    """What a total lets the thrower do (the panel under the dice)."""
    if total == 2:
        return "take a peg of the other colour, then throw again."
    if total == 12:
        return "any vacant hole."
    if total == 7:
        return "any centre hole, or a hole of box 7."
    return f"a hole marked {total}, or a hole of box {total} (not its centre)."


def throw_words(before, outcome) -> str:
    """"Red threw 1 and 2, a three: no move - throw 2 of 3."."""
    words = rules.describe_outcome(before, outcome)
    return f"{NAMES[before.turn]} threw {outcome[0]} and {outcome[1]}, {words}."


def move_words(before, after, seat: str, move) -> str:
    kind, box, hole = move
    who, whom = NAMES[seat], NAMES[other(seat)]
    if kind == "remove":
        return (f"{who} took {whom}'s peg from hole {hole} of box {box}; "
                f"{who} throws again.")
    won = after.box_owner(box) == seat and before.box_owner(box) is None
    return (f"{who} put a peg in hole {hole} of box {box}"
            + (" and won the box!" if won else "."))


def prompt_words(state, tumbling: bool, human: bool, panel: bool = False) -> str:
    """The standing line: whose go it is and what to do; with ``panel`` (a cabinet: nothing
    to click with) the end names the button alone."""
    if state.is_over:
        if panel:
            return "Press {confirm} or choose New game for the next game."
        return "Click in the window, press {confirm} or choose New game for the next game."
    who = NAMES[state.turn]
    if tumbling:
        return f"{who} throws the dice..."
    if state.is_chance:
        return f"{who} to throw."
    if not human:
        return f"{who} (the computer) is thinking..."
    what = "take one of the marked pegs" if sum(state.dice) == 2 else \
        "put a peg in a marked hole"
    return f"{who}: {what}. Menu: {{menu}}."


# -- matches -------------------------------------------------------------------------------

def needed(match: int) -> int:
    """Games to win a best-of-``match``."""
    return match // 2 + 1


def match_winner(totals: dict, match: int):
    for p in rules.PLAYERS:
        if totals.get(p, 0) >= needed(match):
            return p
    return None


def game_won(settings: dict, state, first: str) -> list:
    """A finished game counts in the match (``settings``: "totals", "match", "first" are
    updated: the starter alternates); the lines that say so."""
    winner = next(iter(state.winners()))
    totals = settings["totals"]
    totals[winner] += 1
    settings["first"] = other(first)
    lines = [won_line(state)]
    if match_winner(totals, settings["match"]) is not None:
        lines.append(match_note(totals, settings["match"]))
    else:
        lines.append(f"Running totals: Red {totals['red']}, Blue {totals['blue']} "
                     f"(best of {settings['match']}).")
    return lines


def won_line(state) -> str:
    """"Red wins the game with three boxes in a line." (a finished game)."""
    winner = next(iter(state.winners()))
    boxes = len(state.winning_boxes())
    how = "three boxes in a line" if boxes == 3 else f"{boxes} boxes"
    return f"{NAMES[winner]} wins the game with {how}."


def match_note(totals: dict, match: int) -> str:
    """"Blue wins the match 2-0!", or "" while the match goes on."""
    mw = match_winner(totals, match)
    if mw is None:
        return ""
    return f"{NAMES[mw]} wins the match {totals[mw]}-{totals[other(mw)]}!"


# -- the launcher's Scores screen and the help ----------------------------------------------

def score_lines(store) -> list:
    """Games won and lost against each level (the file scores/triple3, kept as it was)."""
    return records.won_lost_lines(store, "triple3", ai.level_name)


HELP = """\
RULES OF TRIPLE 3

The board is divided into nine boxes, each containing nine holes. The object of the game \
is to win either three boxes in a line (horizontally, vertically or diagonally) or a total \
of five boxes anywhere on the board.

To win each box you must obtain within it either a line of three of your pegs or five of \
your pegs anywhere within it.

The moves available to you on your turn are determined by the two dice. Apart from a few \
special throws you can either place your peg in any vacant hole marked with the number \
corresponding to the dice total (except a centre hole) or any vacant hole in the box with \
the same number (highlighted below the centre hole) as the dice total except its centre \
hole.

Two (double one): remove one of your opponent's pegs then have another go.
Seven: any vacant centre hole or any vacant hole in the centre box.
Twelve (double six): any vacant hole on the board.

When you win a box it is filled with pegs of your colour. These pegs can not be removed \
by a throw of two so the box is now unavailable for moves.

If a move is not possible the dice are rethrown up to a total of three times; if there \
are still no available moves your turn is forfeited.

PLAYING TRIPLE 3 ON THE COMPUTER

The computer handles all throws of the dice; the holes they allow are marked in yellow. \
{PLAY}

The player whose turn it is to move is shown by the arrow pointing to the appropriate \
colour in the bottom right section of the window.

You can play matches (best of 1, 3, 5 or 7) with the computer keeping track of the \
running totals, shown next to the coloured blocks. In successive games the player who \
starts is alternated as long as the previous game is played to completion.

{MENU}"""

# the lines of the help that name the controls: the desktop's (keys, the mouse, a pad) and a
# cabinet panel's ({pick}, {menu}: named by the pages box as shown)
CONTROLS = {
    "desk": {"PLAY": "Select (the left button) on a marked hole, or the arrows and Enter, "
                     "plays there.",
             "MENU": "The menu (the middle button, F10 or Start) lets you reset the running "
                     "totals or start a new game; New game has a submenu to say who makes the "
                     "first move. U undoes, R redoes, M reads back the messages."},
    "panel": {"PLAY": "The {pick} on a marked hole plays there.",
              "MENU": "The menu ({menu}) starts a new game and reads back the messages; "
                      "where the cabinet allows it, it also undoes and redoes."},
}


def help_pages(width: int = 60, height: int = 16, panel: bool = False) -> list:
    """The !Help text in pages of ``height`` lines of ``width`` characters; with ``panel``,
    its controls told for a cabinet's panel (``{control}`` placeholders, named as shown)."""
    text = HELP.format(**CONTROLS["panel" if panel else "desk"])
    lines = []
    for para in text.split("\n"):
        lines += textwrap.wrap(para, width) if para else [""]
    pages, page = [], []
    for line in lines:
        if not page and not line:
            continue
        page.append(line)
        if len(page) == height:
            pages.append(page)
            page = []
    return pages + ([page] if page else [])
