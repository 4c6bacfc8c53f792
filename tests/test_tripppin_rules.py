"""Tests of the Tripppin rules (games/tripppin/rules.py) against shared/RULES.md."""

import copy
import pickle
from itertools import combinations

import pytest
from hypothesis import given, settings, strategies as st

from games.tripppin import rules as R
from games.tripppin.rules import IllegalMove, State, new_game, parse_square, square_name

FIXED = {"d8": "S", "e8": "S", "b2": "O", "g2": "O", "b7": "O", "g7": "O"}
# (column step, row step) written out independently of the module: up is towards row 1.
OFFSETS = {0: (0, -1), 1: (1, -1), 2: (1, 0), 3: (1, 1),
           4: (0, 1), 5: (-1, 1), 6: (-1, 0), 7: (-1, -1)}


def sq(name):
    return parse_square(name)


def names(moves):
    return sorted(square_name(m) for m in moves)


def neighbour(name, d):
    c, r = "abcdefgh".index(name[0]), int(name[1]) - 1
    dc, dr = OFFSETS[d]
    c, r = c + dc, r + dr
    if 0 <= c < 8 and 0 <= r < 8:
        return "abcdefgh"[c] + str(r + 1)
    return None


def position(turn="blue", blue=("c3", 0), orange=("f5", 0), tiles=None, default="."):
    """Text of a hand-made position: every free square holds `default` unless `tiles`
    (square name -> token) says otherwise."""
    tiles = dict(tiles or {})
    rows = []
    for r in range(1, 9):
        row = []
        for c in "abcdefgh":
            n = f"{c}{r}"
            row.append(FIXED.get(n) or tiles.pop(n, default))
        rows.append(" ".join(row))
    assert not tiles, f"tiles on fixed squares: {tiles}"
    return "\n".join(["tripppin", f"turn {turn}", f"blue {blue[0]} {blue[1]}",
                      f"orange {orange[0]} {orange[1]}"] + rows) + "\n"


def make(**kw):
    return State.from_text(position(**kw))


# -- squares, notation ---------------------------------------------------------------------

def test_square_names():
    assert parse_square("a1") == 0
    assert parse_square("h1") == 7
    assert parse_square("a8") == 56
    assert parse_square("d8") == 59
    for i in range(64):
        assert parse_square(square_name(i)) == i
    for bad in ["", "a", "a0", "a9", "i1", "aa", "11", "a10", None, 3]:
        with pytest.raises(ValueError):
            parse_square(bad)
    for bad in [-1, 64, "a1", 1.0, True]:
        with pytest.raises(ValueError):
            square_name(bad)


def test_move_text_round_trip():
    s = new_game(3)
    for m in s.legal_moves():
        assert s.parse_move(s.move_text(m)) == m
    assert s.move_text(sq("c7")) == "c7"
    for bad in ["", "z9", "c", "c 7x"]:
        with pytest.raises(ValueError):
            s.parse_move(bad)
    with pytest.raises(ValueError):
        s.move_text(99)


# -- the new board --------------------------------------------------------------------------

def test_new_game_tiles():
    for seed in range(20):
        s = new_game(seed)
        board = s.board
        assert len(board) == 64
        for n, tok in FIXED.items():
            assert s.tile(n) == tok
            assert s.tile(sq(n)) == tok
        free = [board[i] for i in range(64) if square_name(i) not in FIXED]
        arrows = [t for t in free if t != "."]
        assert free.count(".") == 2
        assert len(arrows) == 56
        assert set(arrows) == {"".join(map(str, c)) for c in combinations(range(8), 3)}
        assert s.position("blue") == sq("d8") and s.position("orange") == sq("e8")
        assert s.progress("blue") == s.progress("orange") == 0
        assert s.target("blue") == sq("b7") and s.target("orange") == sq("g7")
        assert s.players == ("blue", "orange")
        assert s.current == "orange"
        assert not s.is_over and s.winners() == frozenset()
        assert s.is_chance is False and s.chance_outcomes() == []


def test_first_option():
    assert new_game(1, first="blue").current == "blue"
    assert new_game(1, first="orange").current == "orange"
    assert new_game(1).current == "orange"
    with pytest.raises(ValueError):
        new_game(1, first="green")


def test_same_seed_same_board():
    for seed in [0, 1, 42, "abc", 10 ** 12]:
        for first in ("blue", "orange"):
            for fair in (True, False):
                assert new_game(seed, first, fair) == new_game(seed, first, fair)
    boards = {new_game(seed).board for seed in range(30)}
    assert len(boards) == 30


def can_block_at_once(s):
    return any(s.play(m).blocked is not None for m in s.legal_moves())


def test_fair_boards_have_no_immediate_block():
    for seed in range(300):
        for first in ("blue", "orange"):
            s = new_game(seed, first=first)
            assert not can_block_at_once(s), (seed, first)


def test_fair_false_is_the_plain_shuffle():
    unfair = [seed for seed in range(200) if can_block_at_once(new_game(seed, fair=False))]
    assert unfair, "some plain shuffles let the first mover block at once"
    for seed in unfair:
        assert new_game(seed, fair=False) != new_game(seed, fair=True)
    fine = [seed for seed in range(50) if seed not in unfair]
    for seed in fine:
        # a shuffle that is already fair is not reshuffled
        assert new_game(seed, fair=False) == new_game(seed, fair=True)


# -- moves ------------------------------------------------------------------------------------

@pytest.mark.parametrize("token", ["".join(map(str, c)) for c in combinations(range(8), 3)])
def test_every_arrow_tile_directs_the_other_piece(token):
    # orange stands on the arrow tile; blue, in the middle, may go only the arrows' ways
    s = make(turn="blue", blue=("d4", 0), orange=("f6", 0), tiles={"f6": token})
    expected = sorted(neighbour("d4", int(d)) for d in token)
    assert names(s.legal_moves()) == expected
    assert s.allowed_directions() == tuple(int(d) for d in token)
    # and the same the other way round
    s = make(turn="orange", blue=("f6", 0), orange=("d4", 0), tiles={"f6": token})
    assert names(s.legal_moves()) == expected


def test_concrete_arrow_example():
    # 046 = up, down, left: from c4 that is c3, c5 and b4
    s = make(turn="blue", blue=("c4", 0), orange=("e5", 0), tiles={"e5": "046"})
    assert names(s.legal_moves()) == ["b4", "c3", "c5"]
    assert s.allowed_directions() == (0, 4, 6)


def test_own_tile_does_not_matter():
    s = make(turn="blue", blue=("c4", 0), orange=("e5", 0), tiles={"c4": "012", "e5": "046"})
    assert names(s.legal_moves()) == ["b4", "c3", "c5"]


@pytest.mark.parametrize("other_square,token", [("f6", "."), ("b2", "O"), ("g7", "O"),
                                                 ("e8", "S")])
def test_no_arrow_tiles_allow_all_eight(other_square, token):
    progress = 1 if other_square == "g7" else 0        # g7 is orange's first target
    s = make(turn="blue", blue=("d4", 0), orange=(other_square, progress))
    assert s.tile(other_square) == token
    assert s.allowed_directions() == tuple(range(8))
    assert names(s.legal_moves()) == sorted(neighbour("d4", d) for d in range(8))


def test_start_square_under_other_piece_allows_all_eight():
    s = make(turn="orange", blue=("d8", 0), orange=("e6", 0))
    assert s.allowed_directions() == tuple(range(8))
    assert len(s.legal_moves()) == 8


def test_edges_block():
    s = make(turn="blue", blue=("a1", 0), orange=("e5", 0))
    assert names(s.legal_moves()) == ["a2", "b1", "b2"]
    s = make(turn="blue", blue=("h8", 0), orange=("c3", 0))
    assert names(s.legal_moves()) == ["g7", "g8", "h7"]
    s = make(turn="blue", blue=("d1", 0), orange=("c3", 0))
    assert names(s.legal_moves()) == ["c1", "c2", "d2", "e1", "e2"]
    # arrows that all point off the board: no move at all
    s = make(turn="blue", blue=("a1", 0), orange=("e5", 0), tiles={"e5": "067"})
    assert s.legal_moves() == []
    assert s.is_over and s.blocked == "blue" and s.winners() == frozenset({"orange"})
    # one arrow on the board
    s = make(turn="blue", blue=("a1", 0), orange=("e5", 0), tiles={"e5": "026"})
    assert names(s.legal_moves()) == ["b1"]


def test_cannot_land_on_other_piece():
    s = make(turn="blue", blue=("d4", 0), orange=("e4", 0))
    assert "e4" not in names(s.legal_moves())
    assert len(s.legal_moves()) == 7
    s = make(turn="blue", blue=("d4", 0), orange=("e4", 0), tiles={"e4": "246"})
    assert names(s.legal_moves()) == ["c4", "d5"]
    with pytest.raises(IllegalMove, match="e4"):
        s.play(sq("e4"))


def test_blocked_only_by_other_piece():
    # corner, arrows right/down/down-right, but orange sits on b1 and c1's arrows...
    s = make(turn="blue", blue=("a1", 0), orange=("b1", 0), tiles={"b1": "256"})
    # 2 right -> b1 (orange), 5 down-left -> off, 6 left -> off
    assert s.legal_moves() == []
    assert s.blocked == "blue"


def test_turn_alternates_and_positions_update():
    s = make(turn="blue", blue=("c3", 0), orange=("f5", 0))
    t = s.play(sq("c4"))
    assert t.current == "orange" and t.turn == "orange"
    assert t.position("blue") == sq("c4") and t.position("orange") == sq("f5")
    u = t.play(sq("f6"))
    assert u.current == "blue"
    assert u.position("orange") == sq("f6")


# -- course -----------------------------------------------------------------------------------

def test_course_tables():
    assert R.COURSE_NAMES["blue"] == ("b7", "b2", "g2", "g7", "e8")
    assert R.COURSE_NAMES["orange"] == ("g7", "g2", "b2", "b7", "d8")
    assert R.COURSE["blue"] == tuple(sq(n) for n in R.COURSE_NAMES["blue"])
    assert R.COURSE["orange"] == tuple(sq(n) for n in R.COURSE_NAMES["orange"])


def test_target_counts_only_when_current():
    # blue's target is b7 (progress 0); landing on b2 (a later target) does not count
    s = make(turn="blue", blue=("c3", 0), orange=("f5", 0))
    t = s.play(sq("b2"))
    assert t.progress("blue") == 0 and t.target("blue") == sq("b7")
    # landing on the current target counts
    s = make(turn="blue", blue=("c6", 0), orange=("f5", 0))
    t = s.play(sq("b7"))
    assert t.progress("blue") == 1 and t.target("blue") == sq("b2")
    # the other piece's target means nothing to blue
    s = make(turn="blue", blue=("g6", 0), orange=("c5", 0))
    assert s.play(sq("g7")).progress("blue") == 0
    # orange: g7 first
    s = make(turn="orange", blue=("c3", 0), orange=("g6", 0))
    assert s.play(sq("g7")).progress("orange") == 1
    s = make(turn="orange", blue=("c3", 1), orange=("c6", 0))
    assert s.play(sq("b7")).progress("orange") == 0


def test_whole_course_in_order():
    s = make(turn="blue", blue=("c6", 0), orange=("h1", 0))
    path = ["b7", "b6", "b5", "b4", "b3", "b2", "c2", "d2", "e2", "f2", "g2",
            "g3", "g4", "g5", "g6", "g7", "f8", "e8"]
    for i, n in enumerate(path):
        assert s.current == "blue"
        s = s.play(sq(n))
        if s.is_over:
            break
        # orange shuffles between h1 and h2
        s = s.play(sq("h2") if s.position("orange") == sq("h1") else sq("h1"))
    assert i == len(path) - 1
    assert s.is_over and s.winners() == frozenset({"blue"})
    assert s.progress("blue") == 5 and s.target("blue") is None


def test_win_by_reaching_home():
    s = make(turn="blue", blue=("f7", 4), orange=("a1", 2))
    t = s.play(sq("e8"))
    assert t.is_over and t.current is None
    assert t.winners() == frozenset({"blue"})
    assert t.blocked is None
    assert t.legal_moves() == []
    assert t.turn == "orange"
    with pytest.raises(IllegalMove):
        t.play(sq("a2"))
    # orange wins at d8
    s = make(turn="orange", blue=("a1", 2), orange=("c7", 4))
    t = s.play(sq("d8"))
    assert t.winners() == frozenset({"orange"})


def test_home_square_before_the_last_target_is_not_a_win():
    s = make(turn="blue", blue=("f7", 3), orange=("a1", 2))
    t = s.play(sq("e8"))
    assert not t.is_over and t.progress("blue") == 3


def test_home_occupied_cannot_be_entered():
    s = make(turn="blue", blue=("f7", 4), orange=("e8", 2))
    assert sq("e8") not in s.legal_moves()


def test_win_by_blocking():
    # blue moves onto 067 (up, left, up-left); orange in the corner a1 has nowhere to go
    s = make(turn="blue", blue=("d4", 0), orange=("a1", 0), tiles={"d5": "067"})
    t = s.play(sq("d5"))
    assert t.is_over and t.current is None
    assert t.blocked == "orange"
    assert t.winners() == frozenset({"blue"})
    assert t.legal_moves() == []
    assert t.allowed_directions() == (0, 6, 7)


# -- illegal moves ------------------------------------------------------------------------------

def test_illegal_moves_raise_and_change_nothing():
    s = make(turn="blue", blue=("c4", 0), orange=("e5", 0), tiles={"e5": "046"})
    before = s.to_text()
    cases = {sq("d4"): "right", sq("c6"): "next to", sq("c4"): "next to"}
    for move, words in cases.items():
        with pytest.raises(IllegalMove, match=words):
            s.play(move)
        assert s.to_text() == before
    for bad in [-1, 64, "c3", None, 2.0, True, (2, 2)]:
        with pytest.raises(IllegalMove):
            s.play(bad)
    assert issubclass(IllegalMove, ValueError)
    assert s.to_text() == before
    assert names(s.legal_moves()) == ["b4", "c3", "c5"]


def test_state_is_immutable_and_hashable():
    s = new_game(7)
    with pytest.raises(AttributeError):
        s.foo = 1
    with pytest.raises(AttributeError):
        s._pos = (0, 1)
    t = new_game(7)
    assert s == t and hash(s) == hash(t) and s is not t
    assert len({s, t}) == 1
    assert s != s.play(s.legal_moves()[0])
    assert pickle.loads(pickle.dumps(s)) == s
    assert copy.deepcopy(s) == s
    assert s != "tripppin"


# -- text ------------------------------------------------------------------------------------------

def test_text_form():
    s = new_game(11)
    text = s.to_text()
    lines = text.splitlines()
    assert lines[:4] == ["tripppin", "turn orange", "blue d8 0", "orange e8 0"]
    assert len(lines) == 12
    for line in lines[4:]:
        toks = line.split(" ")
        assert len(toks) == 8
    assert lines[11].split(" ")[3:5] == ["S", "S"]
    assert lines[1 + 4].split(" ")[1] == "O" and lines[6 + 4].split(" ")[6] == "O"
    assert State.from_text(text) == s


def test_hand_made_text_round_trip():
    text = position(turn="orange", blue=("a1", 3), orange=("h8", 2),
                    tiles={"c3": "012", "d4": "567"})
    s = State.from_text(text)
    assert s.to_text() == text
    assert s.tile("c3") == "012" and s.tile("d4") == "567" and s.tile("a2") == "."


def test_from_text_is_lenient_on_whitespace():
    text = position()
    s = State.from_text(text)
    assert State.from_text(text.replace(" ", "  ").replace("\n", "\r\n") + "\n\n") == s


def mutate(line_no, new_line):
    lines = position().splitlines()
    lines[line_no - 1] = new_line
    return "\n".join(lines) + "\n"


BAD_TEXTS = [
    ("", "line 1"),
    ("tripple\n", "line 1"),
    ("tripppin\n", "line 2"),
    (mutate(2, "turn green"), "line 2"),
    (mutate(2, "move blue"), "line 2"),
    (mutate(2, "turn"), "line 2"),
    (mutate(3, "blue c3"), "line 3"),
    (mutate(3, "orange c3 0"), "line 3"),
    (mutate(3, "blue z9 0"), "line 3"),
    (mutate(3, "blue c3 6"), "line 3"),
    (mutate(3, "blue c3 -1"), "line 3"),
    (mutate(3, "blue c3 x"), "line 3"),
    (mutate(4, "orange f5 9"), "line 4"),
    (mutate(4, "orange c3 0"), "line 4"),            # on blue's square
    (mutate(8, ". . . . . . ."), "line 8: expected 8 tokens, got 7"),
    (mutate(8, ". . . . . . . . ."), "line 8: expected 8 tokens, got 9"),
    (mutate(8, ". . . . 210 . . ."), "line 8"),        # digits not ascending
    (mutate(8, ". . . . 01 . . ."), "line 8"),         # two arrows
    (mutate(8, ". . . . 018 . . ."), "line 8"),        # no direction 8
    (mutate(8, ". . . . 001 . . ."), "line 8"),        # repeated digit
    (mutate(8, ". . . . X . . ."), "line 8"),
    (mutate(8, ". . . . S . . ."), "line 8"),          # S off the start squares
    (mutate(8, ". . . . O . . ."), "line 8"),          # O off the circles
    (mutate(12, ". . . . S . . ."), "line 12"),        # d8 must be S
    (mutate(6, ". 012 . . . . O ."), "line 6"),        # b2 must be O
    ("\n".join(position().splitlines()[:11]) + "\n", "line 12: missing"),
    (position() + "extra\n", "line 13"),
    (position(blue=("e8", 5), turn="blue"), "line 2"),  # winner cannot be to move
    (position(blue=("e7", 5), turn="orange"), "line 3"),  # finished but not home
    (position(blue=("e8", 5), orange=("d8", 5), turn="orange"), "line 4"),
    (position(blue=("b7", 0)), "line 3"),             # on its current target, uncounted
    (position(orange=("g2", 1)), "line 4"),
]


@pytest.mark.parametrize("text,where", BAD_TEXTS)
def test_malformed_text_names_the_line(text, where):
    with pytest.raises(ValueError) as info:
        State.from_text(text)
    assert where in str(info.value)


def test_valid_edge_positions_parse():
    s = State.from_text(position(blue=("e8", 5), orange=("a1", 2), turn="orange"))
    assert s.is_over and s.winners() == frozenset({"blue"})
    s = State.from_text(position(blue=("b7", 1)))      # counted already: fine
    assert s.target("blue") == sq("b2")
    # duplicated arrow tiles and many blanks are fine in hand-made positions
    s = State.from_text(position(default="012"))
    assert s.tile("a1") == "012"


# -- random games (hypothesis) -----------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10 ** 6), first=st.sampled_from(["blue", "orange"]),
       fair=st.booleans(), data=st.data())
def test_random_games_keep_invariants(seed, first, fair, data):
    s = new_game(seed, first=first, fair=fair)
    for _ in range(150):
        assert State.from_text(s.to_text()) == s
        moves = s.legal_moves()
        assert len(set(moves)) == len(moves)
        assert moves == sorted(moves)
        if s.is_over:
            assert s.current is None and moves == []
            assert len(s.winners()) == 1
            winner = next(iter(s.winners()))
            if s.blocked is not None:
                assert winner != s.blocked
            else:
                assert s.progress(winner) == 5
            break
        assert s.current == s.turn and s.winners() == frozenset()
        mover = s.current
        there = s.position(R.other(mover))
        allowed = s.allowed_directions()
        for m in moves:
            assert m != there
            d = next(d for d in range(8) if neighbour(square_name(s.position(mover)), d)
                     == square_name(m))
            assert d in allowed
        m = data.draw(st.sampled_from(moves))
        t = s.play(m)
        assert t.position(mover) == m
        assert t.position(R.other(mover)) == there
        assert 0 <= t.progress(mover) - s.progress(mover) <= 1
        s = t
