"""Tests of games.tribolo.rules: the worked examples, the protocol, perft and properties."""

import pickle

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.tribolo import rules
from games.tribolo.rules import BOARDS, PLAYERS, IllegalMove, State, new_game


def board(rows, turn="blue"):
    return State.from_text("tribolo\nturn %s\n%s\n" % (turn, "\n".join(rows)))


def rows_of(state):
    return state.to_text().splitlines()[2:]


# ----------------------------------------------------------------- the original's examples

def test_doc_example_line_of_red():
    # BRRRRRb: all the reds between the two blues flip.
    s = board(["BRRRRR."])
    after = s.play(s.parse_move("g1"))
    assert rows_of(after) == ["BBBBBBB"]


def test_doc_example_mixed_line_is_invalid():
    # BRGRRRRb: the colours between the blues are not all one colour.
    s = board(["BRGRRRR.", "R.......", "........"])
    assert s.current == "blue" and s.legal_moves() == [(0, 2)]
    with pytest.raises(IllegalMove, match="h1 does not outflank any tile"):
        s.play((7, 0))
    assert (7, 0) not in s.legal_moves()


def test_doc_example_block():
    # bGBRRB / RRGRRG / BRBGRR: east flips the G, south flips the R, the diagonal flips the
    # R at b2 (followed by the B at c3).  Nothing else: the other lines hold no blue end.
    s = board([".GBRRB", "RRGRRG", "BRBGRR"])
    assert sorted(s.flips((0, 0))) == [(0, 1), (1, 0), (1, 1)]
    after = s.play((0, 0))
    assert rows_of(after) == ["BBBRRB", "BBGRRG", "BRBGRR"]


def test_doc_example_no_skipping_over_own_colour():
    # bRRRBRRB flips to bBBBBRRB: the first blue ends the line.
    s = board([".RRRBRRB"])
    after = s.play((0, 0))
    assert rows_of(after) == ["BBBBBRRB"]


# ----------------------------------------------------------------- what stops a line

@pytest.mark.parametrize("row", [
    ".RR#B",   # grey
    ".RR",     # the edge
    ".RR.B",   # an empty square
    ".RGB",    # the third colour
    ".GRB",    # the third colour, the other way round
])
def test_line_stopped(row):
    s = board([row, "BR" + "." * (len(row) - 2)], turn="blue")  # row 2: blue can move
    assert s.current == "blue"
    assert (0, 0) not in s.moves_for("blue")
    assert s.flips((0, 0)) == []


def test_line_stopped_by_edge_and_wrap_around():
    # The row above ends in reds at the right edge; the blue on the next row must not be
    # reached by running off the right edge (no wrap-around).
    s = board(["..RR", "B...", "...."], turn="blue")
    assert s.moves_for("blue") == []
    s = board(["....", "...B", "RR.."], turn="blue")
    assert s.moves_for("blue") == []


def test_green_line_flips_for_blue():
    s = board([".GGGB"])
    assert rows_of(s.play((0, 0))) == ["BBBBB"]


def test_several_lines_of_different_colours_at_once():
    s = board([
        "B.....B",
        ".R...G.",
        "..R.G..",
        "BGG.RRB",
        "..G.G..",
        ".R...B.",
        "B..B..R",
    ])
    flipped = sorted(s.flips((3, 3)))
    # W: G G then B -> flips; E: R R then B -> flips; NW: R R then B -> flips;
    # NE: G G then B -> flips; SE: G then B -> flips; SW: G then R -> third colour, no;
    # S: empty, no; N: empty, no.
    assert flipped == sorted([(1, 3), (2, 3), (4, 3), (5, 3), (1, 1), (2, 2),
                              (4, 2), (5, 1), (4, 4)])
    after = s.play((3, 3))
    assert rows_of(after) == [
        "B.....B",
        ".B...B.",
        "..B.B..",
        "BBBBBBB",
        "..G.B..",
        ".R...B.",
        "B..B..R",
    ]


def test_own_colour_ends_line_even_if_more_beyond():
    s = board([".RBRB"])
    assert s.flips((0, 0)) == [(1, 0)]


# ----------------------------------------------------------------- turns, skips and the end

def test_turn_order_blue_red_green():
    s = new_game(3, board=1, first="blue")
    assert s.current == "blue"
    s = s.play(s.legal_moves()[0])
    assert s.current == "red"
    s = s.play(s.legal_moves()[0])
    assert s.current == "green"
    s = s.play(s.legal_moves()[0])
    assert s.current == "blue"


def test_blocked_colour_is_skipped():
    # After blue plays a1, red has no move (its only line is gone) but green has one.
    s = board([".RB.", "....", "GB..", "...."], turn="blue")
    move = (0, 0)
    after = s.play(move)
    assert rows_of(after)[0] == "BBB."
    assert after.current == "green"
    assert s.skipped_after(move) == ("red",)
    assert not after.is_over


def test_both_opponents_skipped_mover_goes_again():
    s = board([".RB#BRR."], turn="blue")
    after = s.play((0, 0))
    assert after.current == "blue"
    assert s.skipped_after((0, 0)) == ("red", "green")


def test_end_when_nobody_can_move():
    s = board([".RB..", "....G"], turn="blue")
    after = s.play((0, 0))
    assert after.is_over and after.current is None
    assert after.legal_moves() == []
    assert after.winners() == frozenset({"blue"})
    assert s.skipped_after((0, 0)) == ()
    assert after.to_text().splitlines()[1] == "turn -"
    with pytest.raises(IllegalMove, match="over"):
        after.play((3, 0))


def test_full_board_ends():
    s = board(["RB.", "GG#"], turn="red")
    after = s.play((2, 0))
    assert rows_of(after) == ["RRR", "GG#"]
    assert after.is_over
    assert after.winners() == frozenset({"red"})
    assert after.counts() == {"blue": 0, "red": 3, "green": 2}


def test_ties():
    s = board(["BR", "G#"], turn="-")
    assert s.is_over
    assert s.winners() == frozenset(PLAYERS)
    s = board(["BRR", "BG#"], turn="-")
    assert s.winners() == frozenset({"blue", "red"})
    s = board(["..."], turn="-")
    assert s.winners() == frozenset(PLAYERS)


def test_winners_empty_while_playing():
    assert new_game(1).winners() == frozenset()


# ----------------------------------------------------------------- perft (plain Othello)

OTHELLO = ["........"] * 3 + ["...RB...", "...BR..."] + ["........"] * 3


def perft(s, depth):
    if depth == 0:
        return 1
    if depth == 1:
        return len(s.legal_moves())
    return sum(perft(s.play(m), depth - 1) for m in s.legal_moves())


def test_perft_othello_8x8():
    s = board(OTHELLO, turn="blue")
    assert [perft(s, d) for d in range(1, 7)] == [4, 12, 56, 244, 1396, 8200]


def test_othello_start_moves():
    s = board(OTHELLO, turn="blue")
    assert sorted(s.move_text(m) for m in s.legal_moves()) == ["c4", "d3", "e6", "f5"]


# ----------------------------------------------------------------- text form

@pytest.mark.parametrize("text, line, words", [
    ("", 1, "tribolo"),
    ("othello\nturn blue\n...\n", 1, "tribolo"),
    ("tribolo\n", 2, "turn"),
    ("tribolo\nmove blue\n...\n", 2, "turn"),
    ("tribolo\nturn purple\n...\n", 2, "purple"),
    ("tribolo\nturn blue red\n...\n", 2, "turn"),
    ("tribolo\nturn blue\n", 3, "no rows"),
    ("tribolo\nturn blue\n.RB\n..\n", 4, "2 squares"),
    ("tribolo\nturn blue\n.RB\n\n...\n", 4, "empty"),
    ("tribolo\nturn blue\n.RB\n.x.\n", 4, "'x'"),
    ("tribolo\nturn blue\n.Rb\n", 3, "'b'"),
    ("tribolo\nturn blue\n" + "." * 27 + "\n", 3, "27"),
    ("tribolo\nturn blue\n" + ".\n" * 100, 102, "100 rows"),
    ("tribolo\nturn -\n.RB\n", 2, "not over"),
])
def test_malformed_text(text, line, words):
    with pytest.raises(ValueError) as err:
        State.from_text(text)
    msg = str(err.value)
    assert msg.startswith(f"line {line}:"), msg
    assert words in msg, msg


def test_text_form_exact():
    s = board([".RB", "#G."], turn="blue")
    assert s.to_text() == "tribolo\nturn blue\n.RB\n#G.\n"
    assert s.width == 3 and s.height == 2
    assert [s.cell(c, r) for r in range(2) for c in range(3)] == list(".RB#G.")


def test_text_tolerates_blanks_and_crlf():
    s = State.from_text("  tribolo \r\nturn   blue\r\n.RB\r\n\r\n\n")
    assert s.to_text() == "tribolo\nturn blue\n.RB\n"


def test_turn_passes_on_when_named_seat_cannot_move():
    s = board([".RB"], turn="red")
    assert s.current == "blue"
    s = board(["BR"], turn="green")
    assert s.is_over


def test_largest_and_smallest_boards():
    s = board(["." * 26] * 99, turn="blue")
    assert s.is_over and (s.width, s.height) == (26, 99)
    assert s.parse_move("z99") == (25, 98)
    assert s.move_text((25, 98)) == "z99"
    s = board(["."])
    assert s.is_over and s.to_text() == "tribolo\nturn -\n.\n"


def test_round_trip_of_new_games():
    for n in BOARDS:
        s = new_game(5, board=n)
        assert State.from_text(s.to_text()) == s
        assert hash(State.from_text(s.to_text())) == hash(s)


def test_pickle_round_trip():
    s = new_game(9)
    assert pickle.loads(pickle.dumps(s)) == s


# ----------------------------------------------------------------- moves and notation

def test_notation_round_trip_all_squares():
    s = new_game(1)
    for r in range(11):
        for c in range(16):
            assert s.parse_move(s.move_text((c, r))) == (c, r)
    assert s.move_text((15, 10)) == "p11"
    assert s.move_text((0, 0)) == "a1"
    assert s.parse_move(" P11 ") == (15, 10)


@pytest.mark.parametrize("text", ["", "a", "11", "a0", "a01", "q1", "a12", "aa1", "1a",
                                  "a-1", "a 1", "é1"])
def test_parse_move_malformed(text):
    with pytest.raises(ValueError):
        new_game(1).parse_move(text)


def test_illegal_moves_change_nothing():
    s = board([".RB#", "G...", "...."], turn="blue")
    before = s.to_text()
    cases = [((0, 0), None), ((1, 0), "taken by red"), ((3, 0), "grey"),
             ((2, 2), "does not outflank"), ((9, 9), "off the board"),
             ("a1", "not a move"), ((0,), "not a move"), ((True, 0), "not a move")]
    s.play((0, 0))  # legal
    for move, words in cases[1:]:
        with pytest.raises(IllegalMove, match=words):
            s.play(move)
        assert s.to_text() == before
    assert issubclass(IllegalMove, ValueError)


def test_state_is_immutable_and_hashable():
    s = new_game(2)
    with pytest.raises(AttributeError):
        s.current = "red"
    assert s == new_game(2) and hash(s) == hash(new_game(2))
    assert len({s, new_game(2), new_game(3)}) == 2
    assert s.is_chance is False and s.chance_outcomes() == []
    assert s.players == ("blue", "red", "green")


def test_moves_for_and_flips_for_screen():
    s = board(OTHELLO, turn="blue")
    assert s.flips(s.parse_move("d3")) == [s.parse_move("d4")]
    assert s.flips((0, 0)) == []
    assert s.flips((99, 0)) == []
    assert s.moves_for("green") == []
    with pytest.raises(ValueError):
        s.moves_for("purple")
    with pytest.raises(IndexError):
        s.cell(8, 0)


# ----------------------------------------------------------------- new_game and boards

def test_standard_board_is_random_and_seeded():
    a, b = new_game(42), new_game(42)
    assert a == b
    assert new_game(43) != a
    for seed in range(40):
        s = new_game(seed)
        assert (s.width, s.height) == (16, 11)
        assert s.counts() == {"blue": 12, "red": 12, "green": 12}
        assert sum(s.cell(c, r) == "#" for r in range(11) for c in range(16)) == 12
        assert s.legal_moves()
    firsts = {new_game(seed).current for seed in range(40)}
    assert firsts == set(PLAYERS)


def test_named_first_seat():
    for seat in PLAYERS:
        for n in BOARDS:
            s = new_game(7, board=n, first=seat)
            if s.moves_for(seat):
                assert s.current == seat
    with pytest.raises(ValueError):
        new_game(1, first="yellow")
    with pytest.raises(ValueError):
        new_game(1, board=99)


def test_board_names():
    names = rules.board_names()
    assert names[7] == "Standard (random)"
    assert len([n for n in names if n != 7]) >= 6
    assert names == BOARDS


@pytest.mark.parametrize("n", sorted(set(BOARDS) - {7}))
def test_preset_boards(n):
    s = new_game(0, board=n)
    assert new_game(1, board=n).to_text().splitlines()[2:] == rows_of(s)  # fixed start
    w, h = s.width, s.height
    assert (w, h) == (16, 11)
    g = [[s.cell(c, r) for c in range(w)] for r in range(h)]
    for r in range(h):
        for c in range(w):
            grey = g[r][c] == "#"
            assert grey == (g[r][w - 1 - c] == "#") == (g[h - 1 - r][c] == "#")
            tile = g[r][c] in "BRG"
            assert tile == (g[r][w - 1 - c] in "BRG")
    counts = s.counts()
    assert len(set(counts.values())) == 1 and counts["blue"] >= 4
    for seat in PLAYERS:
        assert s.moves_for(seat), f"board {n}: {seat} has no move"


# ----------------------------------------------------------------- a slow reference

DIRS = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)]


def ref_flips(grid, col, row, me):
    h, w = len(grid), len(grid[0])
    if grid[row][col] != ".":
        return set()
    out = set()
    for dc, dr in DIRS:
        c, r = col + dc, row + dr
        if not (0 <= c < w and 0 <= r < h) or grid[r][c] not in "BRG" or grid[r][c] == me:
            continue
        colour = grid[r][c]
        line = []
        while 0 <= c < w and 0 <= r < h and grid[r][c] == colour:
            line.append((c, r))
            c, r = c + dc, r + dr
        if 0 <= c < w and 0 <= r < h and grid[r][c] == me:
            out.update(line)
    return out


def ref_moves(grid, me):
    return sorted(((c, r) for r in range(len(grid)) for c in range(len(grid[0]))
                   if ref_flips(grid, c, r, me)), key=lambda m: (m[1], m[0]))


@st.composite
def grids(draw):
    w = draw(st.integers(1, 26))
    h = draw(st.sampled_from([1, 2, 3, 5, 8, 11, 16, 40, 99]))
    h = min(h, draw(st.integers(1, 99)))
    weights = draw(st.lists(st.integers(0, 4), min_size=5, max_size=5).filter(any))
    alphabet = "".join(ch * k for ch, k in zip(".#BRG", weights))
    rows = ["".join(draw(st.lists(st.sampled_from(alphabet), min_size=w, max_size=w)))
            for _ in range(h)]
    return rows


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(grids())
def test_bitboards_match_reference(rows):
    text = "tribolo\nturn blue\n" + "\n".join(rows) + "\n"
    s = State.from_text(text)
    grid = [list(r) for r in rows]
    any_move = False
    for seat, me in zip(PLAYERS, "BRG"):
        moves = ref_moves(grid, me)
        assert s.moves_for(seat) == moves
        any_move |= bool(moves)
    assert s.is_over == (not any_move)
    if s.current:
        me = "BRG"[PLAYERS.index(s.current)]
        for m in s.legal_moves():
            assert set(s.flips(m)) == ref_flips(grid, m[0], m[1], me)


# ----------------------------------------------------------------- random games

@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(sorted(BOARDS)), st.randoms(use_true_random=False))
def test_random_games_keep_invariants(seed, n, rnd):
    s = new_game(seed, board=n)
    total = sum(s.counts().values())
    grey = s.to_text().count("#")
    while not s.is_over:
        moves = s.legal_moves()
        assert moves and len(set(moves)) == len(moves)
        assert moves == sorted(moves, key=lambda m: (m[1], m[0]))
        for m in moves:
            assert len(s.flips(m)) >= 1
            assert s.parse_move(s.move_text(m)) == m
        m = rnd.choice(moves)
        flips = s.flips(m)
        nxt = s.play(m)
        assert sum(nxt.counts().values()) == total + 1
        assert nxt.counts()[s.current] == s.counts()[s.current] + 1 + len(flips)
        assert nxt.to_text().count("#") == grey
        assert State.from_text(nxt.to_text()) == nxt
        skipped = s.skipped_after(m)
        for seat in skipped:
            assert nxt.moves_for(seat) == []
        s, total = nxt, total + 1
    assert s.winners()
    best = max(s.counts().values())
    assert all(s.counts()[p] == best for p in s.winners())
    assert all(s.moves_for(p) == [] for p in PLAYERS)
