"""Tribolo's score cards: wins, losses and ties of every colour, one card per board.

As the original's documentation says: "The wins and losses and ties are recorded for all
colors. A tie does not get recorded as a win for the two players involved, but goes into the
tie category. Your percentage of wins is also shown, based on the number of games played. If
you have the highest number of squares turned blue at the end of the game, and that is the
highest you've ever had, you will be asked to input your initials and that total will be
shown also." And: each game board "has it's own score card".

Stored through ``games.core.store.Store`` as ``scores/tribolo`` (versioned JSON written
atomically, so a crash mid-write keeps the old file); a file that does not validate is moved
aside by the store and an empty table is used.

Choices where the documentation is silent:
- a colour "wins" only when it alone has the most squares; every colour sharing the most
  gets a tie; the others a loss;
- the win percentage is wins / (wins + losses + ties), rounded to a whole number;
- the best blue total is asked for when blue ends with the most squares (alone or shared)
  and beats (strictly) the best total on that board; the screen only asks when blue is
  played by a person.

Pure Python: no pygame.
"""

from __future__ import annotations

import copy

from games.tribolo.rules import BOARDS

NAME = "scores/tribolo"
VERSION = 1
SEATS = ("blue", "red", "green")
RESULTS = ("wins", "losses", "ties")
MAX_TOTAL = 26 * 99          # the largest board from_text allows: a bound for validation
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


# -- the table -----------------------------------------------------------------------------

def empty_card() -> dict:
    card = {seat: {r: 0 for r in RESULTS} for seat in SEATS}
    card["best"] = {"total": 0, "initials": ""}
    return card


def default_table() -> dict:
    return {"boards": {}}


def _count(value, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"{where} is not a count")
    return value


def validate(data) -> dict:
    """A clean copy of a stored table; ValueError if it is malformed (missing parts of a
    card are filled in with zeros)."""
    if not isinstance(data, dict) or not isinstance(data.get("boards"), dict):
        raise ValueError("the score table has no boards")
    out = default_table()
    for key, card in data["boards"].items():
        if not isinstance(key, str) or not key.isdigit() or not 0 < int(key) < 1000:
            raise ValueError(f"{key!r} is not a board number")
        if not isinstance(card, dict):
            raise ValueError(f"board {key}'s card is not a table")
        clean = empty_card()
        for seat in SEATS:
            rec = card.get(seat, {})
            if not isinstance(rec, dict):
                raise ValueError(f"board {key}: {seat} is not a record")
            for r in RESULTS:
                clean[seat][r] = _count(rec.get(r, 0), f"board {key}: {seat} {r}")
        best = card.get("best", {"total": 0, "initials": ""})
        if not isinstance(best, dict):
            raise ValueError(f"board {key}: the best total is not a record")
        total = _count(best.get("total", 0), f"board {key}: the best total")
        if total > MAX_TOTAL:
            raise ValueError(f"board {key}: the best total {total} is impossible")
        initials = best.get("initials", "")
        if not isinstance(initials, str) or len(initials) > 3 or any(
                c not in LETTERS for c in initials):
            raise ValueError(f"board {key}: the initials {initials!r} are not letters")
        clean["best"] = {"total": total, "initials": initials}
        out["boards"][str(int(key))] = clean
    return out


def load(store) -> dict:
    """The stored table (an empty one if there is none or it is unreadable)."""
    return store.load(NAME, default_table(), VERSION, validate)


def save(store, table: dict) -> None:
    store.save(NAME, validate(table), VERSION)


def card(table: dict, board: int) -> dict:
    """The card of ``board`` (a fresh empty one if no game was recorded on it)."""
    return copy.deepcopy(table["boards"].get(str(board), empty_card()))


def _card_for_update(table: dict, board: int) -> dict:
    return table["boards"].setdefault(str(int(board)), empty_card())


# -- recording -----------------------------------------------------------------------------

def outcome(seat: str, winners) -> str:
    """"wins", "ties" or "losses" for ``seat`` given the set of seats with the most squares."""
    winners = set(winners)
    if seat in winners:
        return "wins" if len(winners) == 1 else "ties"
    return "losses"


def record_game(table: dict, board: int, winners) -> dict:
    """Record one finished game on ``board``: {seat: "wins"|"ties"|"losses"}."""
    c = _card_for_update(table, board)
    out = {}
    for seat in SEATS:
        res = outcome(seat, winners)
        c[seat][res] += 1
        out[seat] = res
    return out


def played(rec: dict) -> int:
    return sum(rec[r] for r in RESULTS)


def percent(rec: dict) -> int:
    """Wins as a whole percentage of the games played (0 when none were)."""
    n = played(rec)
    return 0 if n == 0 else round(100 * rec["wins"] / n)


def is_new_best(table: dict, board: int, counts: dict, winners) -> bool:
    """True when blue ended with the most squares and beat its best total on ``board``."""
    return "blue" in set(winners) and counts["blue"] > card(table, board)["best"]["total"]


def record_result(table: dict, board: int, winners, counts: dict, blue_is_person: bool):
    """Record a finished game; blue's total when it asks for initials (a new best on the
    board, blue played by a person), else None."""
    best = blue_is_person and is_new_best(table, board, counts, winners)
    record_game(table, board, winners)
    return counts["blue"] if best else None


def set_best(table: dict, board: int, total: int, initials: str) -> dict:
    """Keep blue's best total on ``board`` with its initials; the table."""
    clean = "".join(c for c in str(initials).upper() if c in LETTERS)[:3]
    _card_for_update(table, board)["best"] = {"total": int(total), "initials": clean}
    return table


# -- text ----------------------------------------------------------------------------------

def board_title(board: int) -> str:
    return f"Board {board}: {BOARDS.get(board, '?')}"


def card_lines(table: dict, board: int) -> list:
    """The score card of one board as lines of text (the same on every screen)."""
    c = card(table, board)
    lines = ["         Won  Lost  Tied  Played  Win %"]
    for seat in SEATS:
        rec = c[seat]
        lines.append(f"{seat.capitalize():<7}{rec['wins']:>5}{rec['losses']:>6}{rec['ties']:>6}"
                     f"{played(rec):>8}{percent(rec):>6}%")
    best = c["best"]
    if best["total"]:
        lines.append(f"Best blue total: {best['total']} squares by {best['initials'] or '???'}")
    else:
        lines.append("Best blue total: none yet")
    return lines


def score_lines(store) -> list:
    """For the launcher's Scores screen: the card of every board with a game recorded."""
    table = load(store)
    out = []
    for key in sorted(table["boards"], key=int):
        c = table["boards"][key]
        if not any(played(c[s]) for s in SEATS) and not c["best"]["total"]:
            continue
        if out:
            out.append("")
        out.append(board_title(int(key)))
        out += ["  " + line for line in card_lines(table, int(key))]
    return out


def summary_lines(table: dict) -> list:
    """One line per board (every board, played or not): games, wins of each colour, ties
    (games without a single winner) and the best blue total. The first line is the header."""
    lines = ["Board               Games  Blue   Red Green  Ties  Best blue"]
    for n in sorted(BOARDS):
        c = card(table, n)
        games = played(c["blue"])
        wins = [c[s]["wins"] for s in SEATS]
        best = c["best"]
        best_text = f"{best['total']} {best['initials'] or '???'}" if best["total"] else "-"
        name = BOARDS[n].split(" (")[0]
        lines.append(f"{n:>2} {name:<16}{games:>6}{wins[0]:>6}{wins[1]:>6}{wins[2]:>6}"
                     f"{games - sum(wins):>6}  {best_text}")
    return lines
