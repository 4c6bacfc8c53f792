"""Tripppin's board input (games/tripppin/play.py): pure, run without pygame."""

from dataclasses import dataclass
from itertools import combinations

from games.tripppin import rules
from games.tripppin.play import TripppinBoard, cursor_step, nearest_to_target, refusal
from games.ui.boardinput import BoardInput


@dataclass
class Act:                      # an input action as the input layer gives it
    kind: str
    pos: tuple | None = None
    button: int = 0
    source: str = "key"


def position(turn, blue, orange, tiles=None, default="."):
    fixed = {"d8": "S", "e8": "S", "b2": "O", "g2": "O", "b7": "O", "g7": "O"}
    tiles = dict(tiles or {})
    rows = [" ".join(fixed.get(f"{c}{r}") or tiles.get(f"{c}{r}", default)
                     for c in "abcdefgh") for r in range(1, 9)]
    return rules.State.from_text("\n".join(
        ["tripppin", f"turn {turn}", f"blue {blue} 0", f"orange {orange} 0"] + rows) + "\n")


def board():
    # the scene's geometry is a square a "pixel": at((x, y)) is the square x + 8y
    return BoardInput(TripppinBoard(), at=lambda p: None if p is None else p[0] + 8 * p[1],
                      centre=lambda sq: (sq % 8, sq // 8))


def at(name):
    sq = rules.parse_square(name)
    return (sq % 8, sq // 8)


def test_choosing_a_legal_neighbour_moves_and_others_are_refused_with_the_directions():
    # orange stands on f5, whose tile allows up, right and down-left ("025"): blue at c3
    s = position("blue", "c3", "f5", {"f5": "025"})
    b = board()
    assert sorted(s.legal_moves()) == sorted(rules.parse_square(n) for n in ("c2", "d3", "b4"))
    i = b.interpret(s, Act("pointer_down", at("d3"), 1, "mouse"))
    assert i.kind == "move" and i.move == rules.parse_square("d3")
    i = b.interpret(s, Act("pointer_down", at("d4"), 1, "mouse"))
    assert i.kind == "refuse"
    assert i.text == "Blue may only move up, right or down-left from here."
    assert refusal(s, rules.parse_square("h8")) == i.text
    # the other piece's square
    s2 = position("blue", "e5", "f5", {"f5": "026"})
    assert refusal(s2, rules.parse_square("f5")) == "f5 is where Orange stands."


def test_dragging_the_own_piece_drops_on_a_square():
    s = position("blue", "c3", "f5", {"f5": "025"})
    b = board()
    assert b.interpret(s, Act("pointer_down", at("c3"), 1, "mouse")).kind == "select"
    assert b.selected == rules.parse_square("c3") and b.dragging
    i = b.interpret(s, Act("pointer_up", at("c2"), 1, "mouse"))
    assert i.kind == "move" and i.move == rules.parse_square("c2")
    # a drop on a square it may not go to is refused; on its own square nothing happens
    b = board()
    b.interpret(s, Act("pointer_down", at("c3"), 1, "mouse"))
    assert b.interpret(s, Act("pointer_up", at("c3"), 1, "mouse")).kind == "none"
    b = board()
    b.interpret(s, Act("pointer_down", at("c3"), 1, "mouse"))
    assert b.interpret(s, Act("pointer_up", at("a1"), 1, "mouse")).kind == "refuse"


def test_the_piece_that_is_not_to_move_may_be_picked_up_but_not_dropped():
    s = position("blue", "c3", "f5", {"f5": "025"})
    b = board()
    assert b.interpret(s, Act("pointer_down", at("f5"), 1, "mouse")).kind == "select"
    i = b.interpret(s, Act("pointer_up", at("f4"), 1, "mouse"))
    assert i.kind == "refuse" and i.text == "Blue is to move, not Orange."


def test_keys_step_among_the_legal_destinations_and_confirm_moves():
    s = rules.new_game(seed=3)
    b = board()
    b.reset(s, keep_cursor=False)
    assert b.cursor == nearest_to_target(s) and b.cursor in s.legal_moves()
    assert b.interpret(s, Act("right")).kind == "cursor" and b.visible   # the first shows it
    for d in ("left", "up", "right", "down"):
        before = b.cursor
        b.interpret(s, Act(d))
        assert b.cursor == cursor_step(s.legal_moves(), before, d)
    i = b.interpret(s, Act("confirm"))
    assert i.kind == "move" and i.move == b.cursor
    # the game's own refusal (the computer's turn) is said instead of any choice
    i = b.interpret(s, Act("confirm"), "Blue is thinking.")
    assert i.kind == "refuse" and i.text == "Blue is thinking."


def test_the_cursor_reaches_every_legal_destination():
    """Whatever the legal destinations, the four directions reach each of them."""
    for centre in (27, 0, 7, 59, 24):
        c0, r0 = centre % 8, centre // 8
        around = [(r0 + dr) * 8 + c0 + dc for dc, dr in rules.DIRECTIONS
                  if 0 <= c0 + dc < 8 and 0 <= r0 + dr < 8]
        for r in range(1, len(around) + 1):
            for moves in combinations(sorted(around), r):
                moves = list(moves)
                seen, frontier = {moves[0]}, [moves[0]]
                while frontier:
                    c = frontier.pop()
                    for d in ("up", "down", "left", "right"):
                        n = cursor_step(moves, c, d)
                        assert n in moves
                        if n not in seen:
                            seen.add(n)
                            frontier.append(n)
                assert seen == set(moves), (centre, moves)
