"""Tests of the Tripppin computer player (games/tripppin/ai.py)."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from games.tripppin import ai
from games.tripppin.rules import State, new_game, parse_square, square_name

FIXED = {"d8": "S", "e8": "S", "b2": "O", "g2": "O", "b7": "O", "g7": "O"}


def sq(name):
    return parse_square(name)


def position(turn="blue", blue=("c3", 0), orange=("f5", 0), tiles=None, default="."):
    tiles = dict(tiles or {})
    rows = []
    for r in range(1, 9):
        rows.append(" ".join(FIXED.get(f"{c}{r}") or tiles.pop(f"{c}{r}", default)
                             for c in "abcdefgh"))
    return "\n".join(["tripppin", f"turn {turn}", f"blue {blue[0]} {blue[1]}",
                      f"orange {orange[0]} {orange[1]}"] + rows) + "\n"


def make(**kw):
    return State.from_text(position(**kw))


# Positions found by a brute-force search: blue to move has exactly one first move that
# forces a win within 2 (resp. 3) of its own moves, and no faster win.
WIN_IN_2 = """\
tripppin
turn blue
blue a6 2
orange b8 3
346 345 037 145 026 123 027 146
135 O 567 034 237 367 O 156
235 024 012 057 167 . 467 017
046 357 247 457 134 056 . 246
126 356 025 014 036 015 245 234
157 016 045 047 256 137 125 124
067 O 347 267 456 023 O 127
035 013 257 S S 136 147 236
"""

WIN_IN_3 = """\
tripppin
turn blue
blue b5 1
orange h7 2
045 056 257 016 456 047 126 023
146 O 235 347 034 467 O 017
236 013 367 046 167 136 567 256
356 067 234 127 014 . 026 147
237 145 024 012 125 267 357 135
057 246 346 035 123 124 . 247
037 O 137 157 457 134 O 025
036 015 245 S S 345 156 027
"""

# the same, ending with blue reaching home (it is two steps from e8 at the start)
WIN_IN_3_HOME = """\
tripppin
turn blue
blue e6 4
orange b1 0
234 356 345 . 036 267 145 137
247 O 367 147 136 467 O 146
015 347 123 034 346 045 245 023
157 235 456 567 156 046 024 357
035 014 125 037 026 017 237 016
167 124 457 025 127 027 256 257
. O 126 056 012 135 O 057
236 246 067 S S 134 047 013
"""

FORCED = [(WIN_IN_2, 2, "b5"), (WIN_IN_3, 3, "c5"), (WIN_IN_3_HOME, 3, "d6")]


def first_move_wins(s, m, k, me):
    """Independent brute force: after `me` plays m, can it force a win within k own
    moves in total?"""
    t = s.play(m)
    if t.is_over:
        return me in t.winners()
    if k <= 1:
        return False
    for r in t.legal_moves():
        u = t.play(r)
        if u.is_over:
            if me not in u.winners():
                return False
            continue
        if not any(first_move_wins(u, m2, k - 1, me) for m2 in u.legal_moves()):
            return False
    return True


@pytest.mark.parametrize("text,k,move", FORCED)
def test_positions_really_are_unique_forced_wins(text, k, move):
    s = State.from_text(text)
    winning = [m for m in s.legal_moves() if first_move_wins(s, m, k, "blue")]
    assert [square_name(m) for m in winning] == [move]
    assert not any(first_move_wins(s, m, k - 1, "blue") for m in s.legal_moves())
    assert len(s.legal_moves()) >= 3


@pytest.mark.parametrize("text,k,move", FORCED)
def test_finds_forced_wins(text, k, move):
    s = State.from_text(text)
    for level in (2 * k - 1, 2 * k, 9):
        for seed in range(3):
            m = ai.choose_move(s, level, random.Random(seed))
            assert square_name(m) == move, (level, seed)


@pytest.mark.parametrize("text,k,move", FORCED)
def test_plays_forced_wins_to_the_end(text, k, move):
    # level 2k-1 converts the win against every defence
    def play_out(s, own_moves_left):
        assert own_moves_left > 0
        m = ai.choose_move(s, 2 * k - 1, random.Random(0))
        t = s.play(m)
        if t.is_over:
            assert t.winners() == frozenset({"blue"})
            return
        for r in t.legal_moves():
            u = t.play(r)
            assert not (u.is_over and "orange" in u.winners())
            if not u.is_over:
                play_out(u, own_moves_left - 1)
    play_out(State.from_text(text), k)


@pytest.mark.parametrize("text,k,move", FORCED)
def test_suggest_finds_forced_wins_and_stops(text, k, move):
    s = State.from_text(text)
    reports = []
    result = ai.suggest(s, lambda m, d: reports.append((m, d)), time_limit=10)
    assert square_name(result) == move
    # decided at 2k-1 plies at the latest (a final step home is seen one ply early)
    assert reports[-1][0] == result and reports[-1][1] <= 2 * k - 1
    assert [d for _, d in reports] == list(range(1, len(reports) + 1))


def test_takes_an_immediate_win_at_every_level():
    s = make(turn="blue", blue=("f7", 4), orange=("a1", 2))
    for level in ai.LEVELS:
        assert ai.choose_move(s, level, random.Random(level)) == sq("e8")


def test_blocks_at_once_when_it_can():
    # blue's only immediate win: onto d5 (067), leaving orange in a1 without a move
    s = make(turn="blue", blue=("d4", 0), orange=("a1", 0), tiles={"d5": "067"})
    for level in ai.LEVELS:
        assert ai.choose_move(s, level, random.Random(level)) == sq("d5")


@pytest.mark.parametrize("piece", ["blue", "orange"])
def test_level_one_gets_closest_to_the_goal(piece):
    # open (blank) board: level 1 steps straight towards the current target
    if piece == "blue":
        s = make(turn="blue", blue=("e4", 0), orange=("h8", 1))     # target b7
        best = {"d5"}
    else:
        s = make(turn="orange", blue=("a8", 0), orange=("d4", 0))   # target g7
        best = {"e5"}
    for seed in range(5):
        m = ai.choose_move(s, 1, random.Random(seed))
        assert square_name(m) in best
        dist = ai.remaining(s.play(m), piece)
        assert dist == min(ai.remaining(s.play(x), piece) for x in s.legal_moves())


def test_remaining_distance():
    s = new_game(1)
    # blue: d8 -> b7 (2) then b7-b2 5, b2-g2 5, g2-g7 5, g7-e8 2
    assert ai.remaining(s, "blue") == 2 + 5 + 5 + 5 + 2
    assert ai.remaining(s, "orange") == 2 + 5 + 5 + 5 + 2
    s = make(blue=("b7", 1), orange=("f7", 4))
    assert ai.remaining(s, "blue") == 5 + 5 + 5 + 2
    assert ai.remaining(s, "orange") == 2


def test_ties_are_broken_by_rng_deterministically():
    # towards b7 from d4, c5 and d5 are equally close: the rng chooses between them
    s = make(turn="blue", blue=("d4", 0), orange=("h1", 2))
    picks = {ai.choose_move(s, 1, random.Random(seed)) for seed in range(30)}
    assert picks == {sq("c5"), sq("d5")}
    for seed in range(5):
        a = ai.choose_move(new_game(seed), 5, random.Random(seed))
        b = ai.choose_move(new_game(seed), 5, random.Random(seed))
        assert a == b


def test_deterministic():
    """Every level (Perfect too) searches a fixed depth, never a time: the same position,
    level and seed give the same move however busy the machine is."""
    rng = random.Random(11)
    for i in range(6):
        s, hist = new_game(i), []
        for _ in range(rng.randrange(30)):
            if s.is_over:
                break
            hist.append(s)
            s = s.play(rng.choice(s.legal_moves()))
        if s.is_over:
            continue
        hist.append(s)
        for level in ai.ALL_LEVELS:
            a = ai.choose_move(s, level, random.Random(i), tuple(hist))
            assert a == ai.choose_move(s, level, random.Random(i), tuple(hist)), level


def test_bad_calls():
    with pytest.raises(ValueError):
        ai.choose_move(make(turn="blue", blue=("a1", 0), orange=("e5", 0),
                            tiles={"e5": "067"}), 3, random.Random(0))
    with pytest.raises(ValueError):
        ai.choose_move(new_game(1), 0, random.Random(0))
    assert list(ai.LEVELS) == list(range(1, 10)) and ai.DEFAULT_LEVEL == 3


# -- always legal --------------------------------------------------------------------------

@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10 ** 6), steps=st.integers(0, 60),
       level=st.integers(1, 9), data=st.data())
def test_choose_move_is_always_legal(seed, steps, level, data):
    s = new_game(seed)
    history = [s]
    for _ in range(steps):
        if s.is_over:
            break
        s = s.play(data.draw(st.sampled_from(s.legal_moves())))
        history.append(s)
    if s.is_over:
        return
    for prevent in (True, False):
        m = ai.choose_move(s, level, random.Random(seed), history=history,
                           prevent_loops=prevent)
        assert m in s.legal_moves()


# -- loop prevention -------------------------------------------------------------------------

def shuffle_loop():
    """Blue c3<->c4 and orange f5<->f6 on an open board: S0 S1 S2 S3 S0 S1 S2 S3 S0."""
    s0 = make(turn="blue", blue=("c3", 0), orange=("f5", 0))
    states = [s0]
    for name in ["c4", "f6", "c3", "f5"] * 2:
        states.append(states[-1].play(sq(name)))
    return states


def test_forbidden_moves_finds_the_repetition():
    h = shuffle_loop()
    assert h[0] == h[4] == h[8]
    # not yet repeated: nothing forbidden
    for n in range(1, 8):
        assert ai.forbidden_moves(h[:n]) == set()
    # S0..S3 twice (the last 8 positions): orange may not go back to f5 a third time
    assert ai.forbidden_moves(h[:8]) == {sq("f5")}
    # S1..S0 twice: blue may not start the cycle again with c4
    assert ai.forbidden_moves(h) == {sq("c4")}
    assert ai.forbidden_moves([]) == set()
    assert ai.forbidden_moves(h[-1:]) == set()


def test_forbidden_moves_ignores_broken_cycles_and_long_loops():
    h = shuffle_loop()
    # a different move somewhere in the window breaks the cycle
    other = h[2].play(sq("c5"))
    assert ai.forbidden_moves(h[:3] + [other]) == set()


def test_loop_of_twenty_turns_is_noticed_and_longer_is_not():
    def walk(length):
        # blue and orange each walk `length` squares down a column and back
        s = make(turn="blue", blue=("c1", 0), orange=("h1", 0))
        b = [f"c{i}" for i in range(2, length + 2)] + [f"c{i}" for i in range(length, 0, -1)]
        o = [f"h{i}" for i in range(2, length + 2)] + [f"h{i}" for i in range(length, 0, -1)]
        states = [s]
        for _ in range(2):
            for x, y in zip(b, o):
                states.append(states[-1].play(sq(x)))
                states.append(states[-1].play(sq(y)))
        return states
    five = walk(5)           # a loop of 4 * 5 = 20 turns
    assert five[0] == five[20] == five[40]
    assert ai.forbidden_moves(five) == {sq("c2")}
    six = walk(6)            # 24 turns: too long to be noticed
    assert six[0] == six[24] == six[48]
    assert ai.forbidden_moves(six) == set()


def test_choose_move_avoids_the_repeating_move():
    """Level 3 against itself without loop prevention falls into loops; wherever the
    history says a move would start a third run, loop prevention avoids it."""
    loops_found = 0
    would_repeat = 0
    for seed in range(10):
        s = new_game(seed)
        history = [s]
        for _ in range(120):
            if s.is_over:
                break
            banned = ai.forbidden_moves(history)
            if banned:
                loops_found += 1
                free = ai.choose_move(s, 3, random.Random(0), history, prevent_loops=False)
                would_repeat += free in banned
                m = ai.choose_move(s, 3, random.Random(0), history, prevent_loops=True)
                assert m in s.legal_moves()
                if set(s.legal_moves()) - banned:
                    assert m not in banned
                else:
                    assert m in banned          # nothing else: the loop move is allowed
                break
            m = ai.choose_move(s, 3, random.Random(0), history, prevent_loops=False)
            s = s.play(m)
            history.append(s)
    assert loops_found >= 3
    assert would_repeat >= 2


def test_loop_move_allowed_when_it_is_the_only_move():
    # blue in a1 is pushed to b1 and back by orange's tiles (e5: 027, e6: 016)
    s0 = make(turn="blue", blue=("a1", 0), orange=("e5", 0),
              tiles={"e5": "027", "e6": "016"})
    h = [s0]
    for name in ["b1", "e6", "a1", "e5"] * 2:
        assert h[-1].legal_moves() == [sq(name)] or h[-1].current == "orange"
        h.append(h[-1].play(sq(name)))
    assert h[-1] == s0 and h[-1].legal_moves() == [sq("b1")]
    assert ai.forbidden_moves(h) == {sq("b1")}
    assert ai.choose_move(h[-1], 5, random.Random(0), h, prevent_loops=True) == sq("b1")


def test_history_without_the_state_is_accepted():
    h = shuffle_loop()
    # the history given ends just before the state: the state is taken to follow it
    m = ai.choose_move(h[-1], 3, random.Random(0), h[:-1], prevent_loops=True)
    assert m != sq("c4")


# -- suggest ------------------------------------------------------------------------------------

def test_suggest_reports_increasing_depths():
    """Each deeper answer is reported as it comes (the hint's own time limit is a person's
    patience, not a test's: here the search ends at its depth)."""
    s = new_game(0)
    reports = []

    def report(m, d):
        reports.append((m, d))

    result = ai.suggest(s, report, max_depth=6, time_limit=600.0)
    depths = [d for _, d in reports]
    assert depths == list(range(1, 7))
    assert all(m in s.legal_moves() for m, _ in reports)
    assert result == reports[-1][0]


def test_suggest_respects_max_depth_and_over():
    s = new_game(1)
    reports = []
    ai.suggest(s, lambda m, d: reports.append(d), max_depth=4)
    assert reports == [1, 2, 3, 4]
    over = make(turn="blue", blue=("a1", 0), orange=("e5", 0), tiles={"e5": "067"})
    assert ai.suggest(over, lambda m, d: reports.append(d)) is None
    assert reports == [1, 2, 3, 4]


# -- strength -------------------------------------------------------------------------------------

def test_level_nine_beats_level_three():
    wins = 0
    games = 10
    for g in range(games):
        first = ("orange", "blue")[g % 2]
        strong = ("orange", "blue")[(g // 2) % 2]
        s = new_game(500 + g, first=first)
        history = [s]
        rng = random.Random(g)
        for _ in range(400):
            if s.is_over:
                break
            level = 9 if s.current == strong else 3
            s = s.play(ai.choose_move(s, level, rng, history, prevent_loops=True))
            history.append(s)
        wins += strong in s.winners()
    assert wins >= 7
