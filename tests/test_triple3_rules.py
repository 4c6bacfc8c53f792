"""Triple 3 rules: the protocol of RULES.md, every special throw, box and game wins."""

import random

import pytest
from hypothesis import given, settings, strategies as st

import games
from games.triple3 import rules as R
from games.triple3.rules import IllegalMove, State, describe_outcome, new_game

import test_registry_games as generic


def pos(red=(), blue=(), turn="red", phase="throw 1", won_red=(), won_blue=()):
    """A checked state from peg lists like "4.9" and boxes won outright."""
    grid = [["."] * 9 for _ in range(9)]

    def put(box, hole, ch):
        bi, hi = box - 3, hole - 3
        r = (bi // 3) * 3 + hi // 3
        c = (bi % 3) * 3 + hi % 3
        grid[r][c] = ch

    for ch, pegs, won in (("R", red, won_red), ("B", blue, won_blue)):
        for p in pegs:
            b, h = map(int, p.split("."))
            put(b, h, ch)
        for b in won:
            for h in range(3, 12):
                put(b, h, ch)
    text = f"triple3\nturn {turn}\nphase {phase}\n" + "\n".join("".join(r) for r in grid)
    return State.from_text(text)


def texts(state):
    return sorted(state.move_text(m) for m in state.legal_moves())


# --------------------------------------------------------------------------- start

def test_new_game():
    s = new_game()
    assert s.players == ("red", "blue")
    assert s.is_chance and s.current is None and s.turn == "red"
    assert s.throw_number == 1 and s.dice is None
    assert s.legal_moves() == [] and not s.is_over and s.winners() == frozenset()
    outs = s.chance_outcomes()
    assert len(outs) == 36 and len({o for o, _ in outs}) == 36
    assert all(p == pytest.approx(1 / 36) for _, p in outs)
    assert abs(sum(p for _, p in outs) - 1) < 1e-12
    assert new_game(seed=5) == new_game(seed=9) == s
    assert new_game(first="blue").turn == "blue"
    with pytest.raises(ValueError):
        new_game(first="green")


# --------------------------------------------------------------------------- throws

def test_seven_takes_centres_and_box_seven():
    s = new_game().play((3, 4))
    assert s.current == "red" and s.dice == (3, 4) and s.phase == "move"
    want = {f"{b}.7" for b in range(3, 12)} | {f"7.{h}" for h in range(3, 12)}
    assert set(texts(s)) == want and len(want) == 17
    assert set(s.targets()) == {tuple(map(int, t.split("."))) for t in want}


def test_plain_total_takes_marked_holes_and_box_but_not_its_centre():
    s = new_game().play((1, 2))
    want = {f"{b}.3" for b in range(3, 12)} | {f"3.{h}" for h in range(3, 12) if h != 7}
    assert set(texts(s)) == want
    assert "3.7" not in texts(s)
    with pytest.raises(IllegalMove):
        s.play(("place", 3, 7))
    s = new_game().play((5, 6))
    assert set(texts(s)) == ({f"{b}.11" for b in range(3, 12)} |
                             {f"11.{h}" for h in range(3, 12) if h != 7})


def test_twelve_takes_any_vacant_hole():
    s = pos(red=["4.9"], blue=["7.7"]).play((6, 6))
    assert len(s.legal_moves()) == 79
    assert "4.9" not in texts(s) and "7.7" not in texts(s)


def test_a_two_removes_then_a_fresh_go():
    s = pos(red=["5.5"], blue=["4.9", "8.3"], phase="throw 3").play((1, 1))
    assert s.current == "red" and texts(s) == ["x4.9", "x8.3"]
    with pytest.raises(IllegalMove):
        s.play(("place", 4, 9))
    with pytest.raises(IllegalMove):
        s.play(("remove", 5, 5))           # own peg
    after = s.play(("remove", 4, 9))
    assert after.peg_at(4, 9) is None and after.peg_at(8, 3) == "blue"
    assert after.is_chance and after.turn == "red" and after.throw_number == 1


def test_a_two_with_nothing_to_remove_is_a_throw_with_no_move():
    s = new_game()
    s1 = s.play((1, 1))
    assert s1.is_chance and s1.turn == "red" and s1.throw_number == 2
    # the opponent's pegs are all in won boxes
    s = pos(red=["5.5"], won_blue=[4])
    assert s.play((1, 1)).throw_number == 2
    assert describe_outcome(s, (1, 1)) == "a two: no Blue peg to take - throw 2 of 3"


def test_rethrow_then_forfeit():
    # box 3 won by red, every other hole marked 3 filled: a 3 has no move
    red = [f"{b}.3" for b in range(4, 12)]
    s = pos(red=red, blue=["5.5"], won_red=[3], turn="blue")
    assert s.target_bits(3) == 0
    s2 = s.play((1, 2))
    assert s2.is_chance and s2.turn == "blue" and s2.throw_number == 2
    assert describe_outcome(s, (2, 1)) == "a three: no move - throw 2 of 3"
    s3 = s2.play((2, 1))
    assert s3.turn == "blue" and s3.throw_number == 3
    assert describe_outcome(s3, (1, 2)) == "a three: no move - forfeit: the go passes to Red"
    s4 = s3.play((1, 2))
    assert s4.is_chance and s4.turn == "red" and s4.throw_number == 1
    assert s4.pegs == s.pegs
    # a throw with a move from throw 3 is kept
    m = s3.play((3, 4))
    assert m.current == "blue" and m.throw_number == 3 and m.dice == (3, 4)


def test_describe_outcome():
    s = pos(blue=["4.9"])
    assert describe_outcome(s, (1, 1)) == "a two: take one of Blue's pegs, then throw again"
    assert describe_outcome(s, (3, 4)).startswith("a seven")
    assert describe_outcome(s, (6, 6)).startswith("a twelve")
    assert describe_outcome(s, (4, 5)) == "a nine: a hole marked 9 or a hole of box 9"
    with pytest.raises(ValueError):
        describe_outcome(s.play((3, 4)), (1, 1))


def test_placement_passes_the_go():
    s = new_game().play((3, 4)).play(("place", 7, 7))
    assert s.peg_at(7, 7) == "red" and s.is_chance and s.turn == "blue"
    assert s.throw_number == 1


# --------------------------------------------------------------------------- boxes

def test_box_won_by_a_line_fills_and_replaces():
    s = pos(red=["4.3", "4.4"], blue=["4.7", "4.11"], phase="move 2 3 1")
    assert "4.5" in texts(s)
    t = s.play(("place", 4, 5))
    assert t.box_owner(4) == "red" and t.won_boxes("red") == (4,)
    assert all(t.peg_at(4, h) == "red" for h in range(3, 12))
    assert t.is_chance and t.turn == "blue" and t.throw_number == 1   # no extra go
    assert not t.is_over


def test_box_won_by_five_pegs():
    s = pos(red=["6.3", "6.4", "6.6", "6.8"], phase="move 4 6 1")
    assert s.box_owner(6) is None
    t = s.play(("place", 6, 10))
    assert t.box_owner(6) == "red"
    # four pegs are not enough
    assert pos(red=["6.3", "6.4", "6.6"], phase="move 4 6 1").play(
        ("place", 6, 10)).box_owner(6) is None


def test_won_box_is_closed_to_moves_and_removals():
    s = pos(red=["5.5"], blue=["4.9"], won_blue=[3], phase="move 6 6 2")
    assert not any(t.startswith("3.") for t in texts(s))
    with pytest.raises(IllegalMove, match="closed"):
        s.play(("place", 3, 5))
    s = pos(red=["5.5"], blue=["4.9"], won_blue=[3], phase="move 1 1 1")
    assert texts(s) == ["x4.9"]
    with pytest.raises(IllegalMove, match="closed"):
        s.play(("remove", 3, 3))
    # a removal never unwins a box, and only the mover's box is tested
    r = pos(red=["5.3", "5.4"], blue=["6.3", "6.4"], turn="blue", phase="move 1 1 1")
    r = r.play(("remove", 5, 3))
    assert r.box_owner(5) is None and r.box_owner(6) is None and r.turn == "blue"


# --------------------------------------------------------------------------- game

def test_game_won_by_three_boxes_in_a_line():
    s = pos(red=["5.3", "5.4"], blue=["7.7"], won_red=[3, 4], won_blue=[6], phase="move 2 3 1")
    t = s.play(("place", 5, 5))
    assert t.is_over and t.winners() == frozenset({"red"})
    assert t.current is None and t.turn is None and not t.is_chance
    assert t.legal_moves() == [] and t.chance_outcomes() == []
    assert t.winning_boxes() == (3, 4, 5)
    assert t.to_text().splitlines()[1:3] == ["turn -", "phase over"]
    assert State.from_text(t.to_text()) == t
    with pytest.raises(IllegalMove, match="over"):
        t.play((1, 1))


def test_game_won_by_five_boxes():
    s = pos(blue=["10.3", "10.4"], won_blue=[3, 4, 8, 9], turn="blue", phase="move 1 4 2")
    t = s.play(("place", 10, 5))
    assert t.winners() == frozenset({"blue"})
    assert set(t.winning_boxes()) == {3, 4, 8, 9, 10}
    # four boxes without a line are not a win
    assert not s.is_over


# --------------------------------------------------------------------------- notation

def test_notation_both_ways():
    s = new_game()
    assert s.parse_move("4.9") == ("place", 4, 9)
    assert s.parse_move(" X11.3 ") == ("remove", 11, 3)
    assert s.parse_move("3+4") == (3, 4)
    for m in [("place", 4, 9), ("remove", 11, 3), (3, 4), (6, 6)]:
        assert s.parse_move(s.move_text(m)) == m
    for bad in ["", "4", "4.", "2.9", "4.12", "04.9", "7+1", "0+3", "x3+4", "a1", "4.9.1"]:
        with pytest.raises(ValueError):
            s.parse_move(bad)
    with pytest.raises(ValueError):
        s.move_text(("place", 1, 2))


def test_illegal_plays_raise_and_change_nothing():
    s = new_game()
    with pytest.raises(IllegalMove, match="thrown"):
        s.play(("place", 7, 7))
    m = s.play((3, 4))
    before = m.to_text()
    with pytest.raises(IllegalMove, match="already"):
        m.play((1, 1))
    with pytest.raises(IllegalMove, match="cannot reach"):
        m.play(("place", 4, 3))
    with pytest.raises(IllegalMove, match="two"):
        m.play(("remove", 7, 7))
    with pytest.raises(IllegalMove):
        m.play("7.7")
    assert m.to_text() == before
    t = pos(red=["7.7"], phase="move 3 4 1")
    with pytest.raises(IllegalMove, match="taken"):
        t.play(("place", 7, 7))


# --------------------------------------------------------------------------- text form

def test_text_round_trip_and_form():
    s = pos(red=["4.9", "7.7"], blue=["11.3"], turn="blue", phase="move 2 5 3")
    text = s.to_text()
    lines = text.splitlines()
    assert lines[:3] == ["triple3", "turn blue", "phase move 2 5 3"]
    assert len(lines) == 12 and all(len(r) == 9 for r in lines[3:])
    assert State.from_text(text) == s and hash(State.from_text(text)) == hash(s)
    assert State.from_text(text.replace("\n", "\r\n") + "\n\n") == s
    # row 1 column 4 is box 4, hole 3
    assert lines[3][3] == "." and pos(red=["4.3"]).to_text().splitlines()[3][3] == "R"


@pytest.mark.parametrize("change, line", [
    (lambda ls: ["tribolo"] + ls[1:], "line 1"),
    (lambda ls: ls[:1] + ["turn green"] + ls[2:], "line 2"),
    (lambda ls: ls[:2] + ["phase throw 4"] + ls[3:], "line 3"),
    (lambda ls: ls[:2] + ["phase move 7 1 1"] + ls[3:], "line 3"),
    (lambda ls: ls[:2] + ["phase over"] + ls[3:], "line 2"),
    (lambda ls: ls[:1] + ["turn -"] + ls[2:], "line 2"),
    (lambda ls: ls[:5] + [ls[5][:8]] + ls[6:], "line 6"),
    (lambda ls: ls[:7] + ["....Q...."] + ls[8:], "line 8"),
    (lambda ls: ls[:8], "line 9"),
    (lambda ls: ls + ["extra"], "line 13"),
    (lambda ls: ls[:3] + ["RRR......"] + ls[4:], "lines 4-6"),
    (lambda ls: ls[:6] + ["...B.B..."] + ["...BBB..."] + ls[8:], "lines 7-9"),
])
def test_malformed_text_names_the_line(change, line):
    lines = new_game().to_text().splitlines()
    with pytest.raises(ValueError) as info:
        State.from_text("\n".join(change(lines)))
    assert line in str(info.value)


def test_inconsistent_text_is_refused():
    won = pos(red=["5.3", "5.4"], won_red=[3, 4], phase="move 2 3 1").play(("place", 5, 5))
    lines = won.to_text().splitlines()
    with pytest.raises(ValueError, match="line 3"):
        State.from_text("\n".join(lines[:1] + ["turn red", "phase throw 1"] + lines[3:]))
    # a two with nothing to take cannot be waiting for a move
    with pytest.raises(ValueError, match="line 3"):
        State.from_text(new_game().to_text().replace("phase throw 1", "phase move 1 1 1"))


# --------------------------------------------------------------------------- random games

def check_invariants(s):
    assert State.from_text(s.to_text()) == s
    red, blue = s.pegs
    assert red & blue == 0
    for b in R.BOXES:
        owner = s.box_owner(b)
        m = 0x1FF << (9 * (b - 3))
        for i, pegs in enumerate((red, blue)):
            m9 = (pegs & m) >> (9 * (b - 3))
            if owner is None:
                assert not R.box_won(m9)
            else:
                assert (m9 == 0x1FF) == (owner == R.PLAYERS[i])
    if s.phase == "move":
        assert s.legal_moves() and s.current == s.turn
    if s.is_over:
        assert len(s.winners()) == 1 and s.winning_boxes()
    else:
        for seat in R.PLAYERS:
            assert not R.box_lines_won(R.won_boxes_mask(s.pegs[R.PLAYERS.index(seat)]))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2 ** 32), st.sampled_from(["red", "blue"]))
def test_random_games_keep_invariants(seed, first):
    rng = random.Random(seed)
    s = new_game(seed, first=first)
    for _ in range(400):
        check_invariants(s)
        if s.is_over:
            break
        if s.is_chance:
            prev = s
            o = rng.choice(s.chance_outcomes())[0]
            s = s.play(o)
            # no-move throws go straight on
            if s.is_chance:
                assert s.pegs == prev.pegs
                assert (s.turn == prev.turn) == (prev.throw_number < 3)
        else:
            prev = s
            m = rng.choice(s.legal_moves())
            s = s.play(m)
            if m[0] == "remove":
                assert s.turn == prev.turn and s.throw_number == 1
            elif not s.is_over:
                assert s.turn != prev.turn and s.throw_number == 1
    check_invariants(s)


# --------------------------------------------------------------------------- generic checks

ENTRY = games.get("triple3")


def test_registry_entry():
    assert ENTRY.rules_module() is R
    assert ENTRY.platform == "riscos" and ENTRY.native_size == (640, 512)


def test_generic_protocol_checks():
    """The generic registry test runs Triple 3 (every game, listed or hidden, under each
    of its test options)."""
    assert [o for e, o in generic.CASES if e is ENTRY] == list(ENTRY.test_options)