"""The example game's rules, ai and board input (tests/example_game: Pebbles), the way every
game's rules are tested: hand-made positions, the text form, hypothesis random games, and a
pure board input (imported with pygame blocked by tests/test_registry_games.py)."""

import random
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from games.ui.boardinput import BoardInput
from tests.example_game import ai, rules
from tests.example_game.play import PebbleRules
from tests.example_game.rules import IllegalMove, State, new_game
from tests.test_registry_games import check_state

ROOT = Path(__file__).resolve().parents[1]


def pos(rows, turn="red", coin=None):
    return State.from_text(f"pebbles\nturn {turn}\ncoin {coin or '-'}\n" + "\n".join(rows))


def test_new_game_sets_pebbles_by_seed_and_always_leaves_an_empty_square():
    for seed in range(200):
        s = new_game(seed)
        assert s == new_game(seed)
        assert s.is_chance and s.current is None and s.turn == "red"
        assert 1 <= s.squares.count(0) <= 3 and s.total >= 8
        assert s.chance_outcomes() == [("heads", 0.5), ("tails", 0.5)]
    assert new_game(1, first="blue").turn == "blue"
    with pytest.raises(ValueError):
        new_game(1, first="green")


def test_heads_takes_one_tails_two_or_the_last():
    s = pos(["300", "010", "000"])
    heads = s.play("heads")
    assert heads.current == "red" and heads.legal_moves() == [(0, 0), (1, 1)]
    assert heads.play((0, 0)).squares[0] == 2
    tails = s.play("tails")
    assert tails.play((0, 0)).squares[0] == 1
    after = tails.play((1, 1))                 # the last pebble of b2: one is all it takes
    assert after.squares[4] == 0 and after.turn == "blue" and after.is_chance


def test_taking_the_last_pebble_wins():
    s = pos(["000", "020", "000"], turn="blue").play("tails")
    end = s.play(s.parse_move("b2"))
    assert end.is_over and end.winners() == frozenset({"blue"}) and end.current is None
    assert end.legal_moves() == [] and end.chance_outcomes() == []
    assert end.to_text().splitlines()[1] == "won blue"
    with pytest.raises(IllegalMove, match="over"):
        end.play("heads")


@pytest.mark.parametrize("state,move,words", [
    (pos(["100", "000", "000"]), (0, 0), "Toss"),
    (pos(["100", "000", "000"]), (5, 5), "Toss"),
    (pos(["100", "000", "000"], coin="heads"), (1, 0), "no pebbles on b1"),
    (pos(["100", "000", "000"], coin="heads"), "tails", "tossed already"),
    (pos(["100", "000", "000"], coin="heads"), (3, 0), "not a square"),
])
def test_illegal_moves_say_why_and_change_nothing(state, move, words):
    before = state.to_text()
    with pytest.raises(IllegalMove, match=words):
        state.play(move)
    assert state.to_text() == before


@pytest.mark.parametrize("text,line", [
    ("pebbles\nturn red\ncoin -\n100\n000", "line 6"),
    ("pebbles\nturn green\ncoin -\n100\n000\n000", "line 2"),
    ("pebbles\nturn red\ncoin edge\n100\n000\n000", "line 3"),
    ("pebbles\nturn red\ncoin -\n100\n040\n000", "line 5"),
    ("pebbles\nturn red\ncoin -\n000\n000\n000", "line 2"),     # empty board, not won
    ("pebbles\nwon red\ncoin heads\n000\n000\n000", "line 3"),
])
def test_malformed_text_names_the_line(text, line):
    with pytest.raises(ValueError, match=line):
        State.from_text(text)


def test_notation_both_ways():
    s = new_game(3)
    assert s.parse_move(" B3 ") == (1, 2) and s.move_text((1, 2)) == "b3"
    assert s.parse_move("heads") == "heads" and s.move_text("tails") == "tails"
    for bad in ("d1", "a4", "a", "", "edge"):
        with pytest.raises(ValueError):
            s.parse_move(bad)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2 ** 32), first=st.sampled_from(["red", "blue"]),
       rng=st.randoms(use_true_random=False))
def test_random_games_keep_the_protocol_and_end(seed, first, rng):
    s = new_game(seed, first=first)
    total = s.total
    for _ in range(2 * 27 + 1):
        check_state(rules, s)
        if s.is_over:
            break
        if s.is_chance:
            s = s.play(rng.choice(["heads", "tails"]))
            assert s.total == total
            continue
        nxt = s.play(rng.choice(s.legal_moves()))
        assert 1 <= total - nxt.total <= s.take()
        assert nxt.is_over or nxt.turn != s.turn
        s, total = nxt, nxt.total
    assert s.is_over and s.total == 0 and len(s.winners()) == 1


@settings(max_examples=40, deadline=None)
@given(rows=st.lists(st.integers(0, 3), min_size=9, max_size=9).filter(any),
       coin=st.sampled_from(["heads", "tails"]), level=st.sampled_from(ai.LEVELS),
       seed=st.integers(0, 99))
def test_the_computer_always_picks_a_legal_square(rows, coin, level, seed):
    s = pos(["".join(map(str, rows[i:i + 3])) for i in (0, 3, 6)], coin=coin)
    a = ai.choose_move(s, level, random.Random(seed))
    assert a in s.legal_moves()
    assert a == ai.choose_move(s, level, random.Random(seed))


def test_the_strongest_level_takes_a_sure_win_and_stays_in_budget():
    s = pos(["000", "010", "000"], coin="heads")
    assert ai.choose_move(s, 3, random.Random(1)) == (1, 1)
    search = ai.Search(*ai.LIMITS[3])
    search.chance_to_win((3, 3, 3), search.depth)
    assert 0 < search.work < search.budget
    small = ai.Search(99, 5)
    assert 0 <= small.chance_to_win((3, 3, 3), 99) <= 1 and small.work == 5


def test_stronger_levels_win_more():
    def match(a, b, n=120):
        rng, won = random.Random(4), 0
        for g in range(n):
            s, lv = new_game(g, first="red" if g % 2 else "blue"), {"red": a, "blue": b}
            while not s.is_over:
                s = (s.play(rng.choice(["heads", "tails"])) if s.is_chance
                     else s.play(ai.choose_move(s, lv[s.current], rng)))
            won += "red" in s.winners()
        return won / n
    assert match(3, 1) > 0.6 and match(2, 1) > 0.45


# -- the board input --------------------------------------------------------------------

class A:
    def __init__(self, kind, pos=None, button=1, source="key"):
        self.kind, self.pos, self.button, self.source = kind, pos, button, source


def board():
    return BoardInput(PebbleRules(), at=lambda p: p, centre=lambda c: (c[0] * 10, c[1] * 10))


def test_the_cursor_steps_among_squares_with_pebbles_and_chooses_one():
    s = pos(["100", "000", "011"], coin="heads")
    b = board()
    assert b.interpret(s, A("down")).kind == "cursor" and b.cursor == (0, 0)
    assert b.interpret(s, A("down")).cell in ((1, 2), (2, 2))
    b.cursor = (1, 2)
    assert b.interpret(s, A("right")).cell == (2, 2)
    intent = b.interpret(s, A("confirm"))
    assert intent.kind == "move" and intent.move == (2, 2)


def test_a_click_on_an_empty_square_or_before_the_toss_is_refused_with_a_sentence():
    s = pos(["100", "000", "000"], coin="tails")
    refused = board().interpret(s, A("pointer_down", (2, 2), source="mouse"))
    assert refused.kind == "refuse" and refused.text == "There are no pebbles on c3."
    assert board().interpret(s, A("pointer_down", (0, 0))).move == (0, 0)
    early = board().interpret(pos(["100", "000", "000"]), A("pointer_down", (0, 0)))
    assert early.kind == "refuse" and "coin" in early.text
