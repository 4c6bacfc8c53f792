"""Triple 3 computer players: legal, deterministic, and they see wins and threats."""

import math
import random

import pytest
from hypothesis import given, settings, strategies as st

import games
from games.triple3 import ai
from games.triple3.rules import State, new_game

import test_registry_games as generic
from test_triple3_rules import pos


def random_positions(n_games=6, every=7, seed=11):
    rng = random.Random(seed)
    out = []
    for g in range(n_games):
        s = new_game(first=("red", "blue")[g % 2])
        k = 0
        while not s.is_over:
            if s.is_chance:
                s = s.play(rng.choice(s.chance_outcomes())[0])
                continue
            if k % every == 0:
                out.append(s)
            k += 1
            s = s.play(rng.choice(s.legal_moves()))
    return out


def test_levels():
    assert ai.LEVELS == (1, 2, 3) and ai.DEFAULT_LEVEL == 3
    s = new_game().play((3, 4))
    with pytest.raises(ValueError):
        ai.choose_move(s, 4)
    with pytest.raises(ValueError):
        ai.choose_move(new_game(), 3)          # a throw, not a move


@pytest.mark.parametrize("level", ai.LEVELS)
def test_every_level_takes_an_immediate_game_win(level):
    # red holds boxes 9 and 11; 10.5 completes box 10 and the bottom row of boxes
    s = pos(red=["10.3", "10.4", "7.7"], blue=["4.3", "4.4"], won_blue=[3, 5],
            won_red=[9, 11], phase="move 2 3 1")
    for k in range(3):
        move = ai.choose_move(s, level, random.Random(k))
        assert s.play(move).winners() == frozenset({"red"})


def test_level_3_blocks_the_threat_level_1_ignores():
    # blue holds boxes 3 and 5 and threatens 4.5 (box 4, and with it the top row);
    # red may take box 8 at 8.5 instead.  (Level 2, which does not value open lines,
    # builds a threat of its own in the centre box instead: 7.5.)
    s = pos(red=["8.3", "8.4", "7.7"], blue=["4.3", "4.4"], won_blue=[3, 5],
            phase="move 2 3 1")
    for k in range(3):
        assert ai.choose_move(s, 1, random.Random(k)) == ("place", 8, 5)
        assert ai.choose_move(s, 2, random.Random(k)) != ("place", 8, 5)
        assert ai.choose_move(s, 3, random.Random(k)) == ("place", 4, 5)


def test_level_1_wins_a_box_when_it_can():
    s = pos(red=["8.3", "8.4"], blue=["4.3", "4.4"], phase="move 2 3 1")
    assert ai.choose_move(s, 1, random.Random(0)) == ("place", 8, 5)


def test_a_two_takes_the_dangerous_peg():
    # blue holds boxes 3 and 5 and has two in a line in box 4: take one of them
    s = pos(red=["8.3"], blue=["4.3", "4.4", "9.9"], won_blue=[3, 5], phase="move 1 1 1")
    for level in (2, 3):
        move = ai.choose_move(s, level, random.Random(0))
        assert move[0] == "remove" and move[1] == 4


def test_choose_move_is_legal_and_deterministic():
    positions = random_positions()
    assert len(positions) > 20
    for i, s in enumerate(positions):
        for level in ai.LEVELS:
            a = ai.choose_move(s, level, random.Random(i))
            assert a in s.legal_moves()
            if level == 3 or i % 3 == 0:
                assert ai.choose_move(s, level, random.Random(i)) == a


def test_generic_choose_move_check():
    generic.test_choose_move_returns_a_legal_move(games.get("triple3"))


def test_go_value_is_a_value():
    # the expectation over a go lies between the worst and the best
    s = pos(red=["8.3", "8.4"], blue=["4.3", "4.4"])
    R, B = ai.split(s)
    for go in (ai.go1(R, B, 0), ai.go2(R, B, 0, 2)):
        assert -ai.WIN_Q <= go <= ai.WIN_Q
    # red to throw with a threat is better for red than blue to throw
    assert ai.go1(R, B, 0) > ai.go1(R, B, 1)
    assert ai.go2(R, B, 0, 2) > ai.go2(R, B, 1, 2)


def _d_directly(p):
    """Red's expected result when the nine boxes go independently with red's chances p,
    summed over all 512 ways: a line of three boxes for one seat alone wins, a line each
    is even, and with no line five boxes win."""
    from games.triple3.rules import LINE_MASKS

    def line(m):
        return any(m & lm == lm for lm in LINE_MASKS)
    d = 0.0
    for m in range(512):
        w = 1.0
        for i in range(9):
            w *= p[i] if m >> i & 1 else 1.0 - p[i]
        red, blue = line(m), line(0x1FF & ~m)
        if red or blue:
            d += w * (red - blue)
        else:
            d += w * (1 if bin(m).count("1") >= 5 else -1)
    return d


def test_the_incremental_board_value_is_the_board_value():
    rng = random.Random(4)
    for s in random_positions(n_games=3, every=5):
        R, B = ai.split(s)
        for turn in (0, 1):
            p = [ai.box_chance(i, R[i], B[i], turn) for i in range(9)]
            if 1.0 in p or 0.0 in p:
                continue
            pr = ai.prep(p)
            for i in range(9):
                for x in (p[i], rng.random()):
                    q = list(p)
                    q[i] = x
                    assert ai.d_with(pr, i, x) == pytest.approx(_d_directly(q), abs=1e-9)


def test_the_memo_caches_are_bounded_and_change_no_choice(monkeypatch):
    """Levels 1 and 2's memos (level 3 looks up the race tables, computed once)."""
    positions = random_positions()[:12]
    levels = (1, 2)
    before = [ai.choose_move(s, lv, random.Random(i)) for i, s in enumerate(positions)
              for lv in levels]
    monkeypatch.setattr(ai, "CACHE_LIMIT", 100)
    for cache in (ai._BOX, ai._SELF, ai._MID):
        cache.clear()
    after = [ai.choose_move(s, lv, random.Random(i)) for i, s in enumerate(positions)
             for lv in levels]
    assert after == before
    assert max(len(c) for c in (ai._BOX, ai._SELF, ai._MID)) <= 101


def test_the_rivals_play_legal_deterministic_moves_and_the_arena_seats_them():
    from tools import arena
    from tools.rivals import triple3 as rivals
    assert {"rival", "old"} <= set(arena.rivals_module("triple3").RIVALS)
    for name in ("rival", "old"):
        for i, s in enumerate(random_positions(n_games=2, every=9)):
            m = rivals.choose_move(s, name, random.Random(i))
            assert m in s.legal_moves()
            assert rivals.choose_move(s, name, random.Random(i)) == m
    r = arena.play_one("triple3", [2, "rival"], 5, 0, 400, {})
    assert set(r["result"].values()) <= {"win", "loss"}
    assert arena.main(["triple3", "--seat", "1", "--seat", "rival", "--games", "1",
                       "--jobs", "1"]) == 0


def test_the_rival_takes_a_game_win_and_blocks_the_threat():
    from tools.rivals import triple3 as rivals
    s = pos(red=["10.3", "10.4", "7.7"], blue=["4.3", "4.4"], won_blue=[3, 5],
            won_red=[9, 11], phase="move 2 3 1")
    assert s.play(rivals.choose_move(s, "rival", random.Random(0))).winners() == {"red"}
    s = pos(red=["8.3", "8.4", "7.7"], blue=["4.3", "4.4"], won_blue=[3, 5],
            phase="move 2 3 1")
    assert rivals.choose_move(s, "rival", random.Random(0)) == ("place", 4, 5)


# --------------------------------------------------------------------------- box race

def _race_by_iteration(i, own, opp, alpha):
    """The thrower's chance in the isolated race of box i from (own, opp), by plain value
    iteration over the states reachable from it, the moves read off the rules' masks
    (ALLOWED) rather than the table's reckoning of them."""
    from games.triple3.rules import ALLOWED, TOTAL_PROBABILITY as PT, box_lines_won
    reach = {t: (ALLOWED[t] >> (9 * i)) & 0x1FF for t in range(3, 13)}
    states, todo = set(), [(own, opp)]
    while todo:
        a, b = todo.pop()
        if (a, b) in states:
            continue
        states.add((a, b))
        if box_lines_won(a) or box_lines_won(b):
            continue
        todo.append((b, a))                     # a throw that passes
        for h in range(9):
            if not (a | b) >> h & 1:
                todo.append((b, a | 1 << h))
    # V[(a, b)]: the chance that the seat to throw, holding a against b, wins the box
    V = {pair: 0.5 for pair in states}
    for a, b in states:
        if box_lines_won(a) or box_lines_won(b):
            V[(a, b)] = 1.0 if box_lines_won(a) else 0.0
    for _sweep in range(100_000):
        change = 0.0
        for (a, b) in states:
            if box_lines_won(a) or box_lines_won(b):
                continue
            v_pass = 1.0 - V[(b, a)]
            v = (1.0 - alpha) * v_pass + alpha * PT[2] * v_pass
            for t in range(3, 13):
                holes = reach[t] & ~(a | b)
                if holes:
                    v += alpha * PT[t] * max(1.0 - V[(b, a | 1 << h)] for h in range(9)
                                             if holes >> h & 1)
                else:
                    v += alpha * PT[t] * v_pass
            change = max(change, abs(v - V[(a, b)]))
            V[(a, b)] = v
        if change < 1e-13:
            break
    return V[(own, opp)]


def _late_box_states():
    """(own, opp): disjoint pegs in a box, neither seat's a won box, three holes or fewer
    vacant."""
    from games.triple3.rules import box_lines_won
    return [(own, opp) for own in range(512) for opp in range(512)
            if not own & opp and bin(own | opp).count("1") >= 6
            and not box_lines_won(own) and not box_lines_won(opp)]


@settings(max_examples=25)
@given(st.integers(0, 8), st.sampled_from(_late_box_states()),
       st.sampled_from([0.3, 0.7, 1.0]))
def test_the_race_table_is_exact(i, state, alpha):
    """Late states (three holes or fewer vacant), against plain value iteration."""
    own, opp = state
    X = ai.race_table(i, alpha)
    got = X[ai.TERN[own] + 2 * ai.TERN[opp]]
    assert got == pytest.approx(_race_by_iteration(i, own, opp, alpha), abs=1e-9)


def _race_by_play(i, own, opp, alpha, games, rng):
    """How often the seat to throw wins the race of box i, both seats playing the table's
    best hole, over ``games`` races with real dice (a Monte Carlo estimate)."""
    from games.triple3.rules import ALLOWED, box_lines_won
    X = ai.race_table(i, alpha)
    T = ai.TERN
    reach = {t: (ALLOWED[t] >> (9 * i)) & 0x1FF for t in range(2, 13)}
    wins = 0
    for _g in range(games):
        a, b, first = own, opp, True          # a: the pegs of the seat to throw now
        while True:
            if box_lines_won(b):               # the seat that just moved won the box
                wins += not first
                break
            if rng.random() < alpha:
                t = rng.randint(1, 6) + rng.randint(1, 6)
                holes = reach[t] & ~(a | b) if t != 2 else 0
                if holes:
                    best = max((h for h in range(9) if holes >> h & 1),
                               key=lambda h: 1.0 if box_lines_won(a | 1 << h)
                               else 1.0 - X[T[b] + 2 * T[a | 1 << h]])
                    a |= 1 << best
            a, b, first = b, a, not first
    return wins / games


@pytest.mark.parametrize("i, own, opp, alpha", [
    (4, 0, 0, 0.3),                 # the centre box, empty
    (0, 0, 0, 1.0),                 # a corner box, empty, every throw spent on it
    (2, 0b000010001, 0b100000100, 0.5),
    (6, 0b000000010, 0b000010000, 0.2),
])
def test_the_race_table_matches_races_played_out(i, own, opp, alpha):
    X = ai.race_table(i, alpha)
    want = X[ai.TERN[own] + 2 * ai.TERN[opp]]
    n = 3000
    got = _race_by_play(i, own, opp, alpha, n, random.Random(i))
    assert abs(got - want) < 4.5 * (want * (1 - want) / n) ** 0.5 + 1e-3


def test_the_race_tables_serve_both_seats_and_agree_with_the_rivals():
    """The colour swap: red to throw at (r, b) is blue to throw at (b, r); and the rival's
    table, written apart, holds the same numbers."""
    from tools.rivals import triple3 as rivals
    rng = random.Random(3)
    mine = ai.race_table(5, 0.25)
    theirs = rivals.race_table(5, 0.25)
    assert max(abs(x - y) for x, y in zip(mine, theirs)) < 1e-12
    for _ in range(200):
        r = rng.randrange(512)
        b = rng.randrange(512) & ~r
        for i in range(9):
            assert ai.box_chance(i, r, b, 0) == pytest.approx(1 - ai.box_chance(i, b, r, 1))
    # the empty centre box: the seat to throw is ahead
    assert 0.5 < ai.box_chance(4, 0, 0, 0) < 0.6


def test_the_top_level_is_named_the_strongest():
    assert ai.level_name(max(ai.LEVELS)) == "3 (strongest)"
    assert ai.DEFAULT_LEVEL == max(ai.LEVELS)


def test_same_position_level_and_seed_give_the_same_move_whatever_is_cached():
    """Budgets are work units: the choice depends on the position, level and rng seed
    only, not on the memo tables a session has filled (or on the clock)."""
    positions = random_positions(n_games=2, every=6, seed=23)
    first = {(i, lv): ai.choose_move(s, lv, random.Random(i))
             for i, s in enumerate(positions) for lv in ai.LEVELS}
    for cache in (ai._BOX, ai._SELF, ai._MID):
        cache.clear()
    for i, s in reversed(list(enumerate(positions))):
        for lv in ai.LEVELS:
            assert ai.choose_move(s, lv, random.Random(i)) == first[(i, lv)]


def test_every_level_plays_legal_moves_after_any_throw():
    """Every total (a 2's removal included) in positions from random games."""
    rng = random.Random(8)
    seen_totals = set()
    for s in random_positions(n_games=3, every=8, seed=31):
        base = s
        for d in ((1, 1), (1, 2), (3, 4), (6, 6), (rng.randint(1, 6), rng.randint(1, 6))):
            t = State(*base.pegs, base.turn_index, 0, None, 1).play(d)
            if t.phase != "move":
                continue
            seen_totals.add(sum(d))
            for lv in ai.LEVELS:
                assert ai.choose_move(t, lv, random.Random(0)) in t.legal_moves()
    assert {2, 3, 7, 12} <= seen_totals


def test_the_calibration_self_play_is_labelled_and_the_same_for_a_seed():
    """tools.tune.triple3's games (for the fit of the calibration, CAL): every kept
    position is a game in progress labelled with the winner, and a seed gives the same
    game."""
    from tools.tune import triple3 as tune
    rows = tune.self_play(5)
    assert rows and rows == tune.self_play(5)
    assert len({won for *_, won in rows}) == 1
    for red, blue, turn, _won in rows:
        assert turn in (0, 1) and len(red) == len(blue) == 9
    assert rows != tune.self_play(6)
    with pytest.raises(SystemExit):
        tune.main(["--games", "0"])


def test_the_calibration_fit_finds_the_scale_it_was_drawn_with():
    from tools.tune import triple3 as tune
    rng = random.Random(2)
    ds = [rng.uniform(-1, 1) for _ in range(4000)]
    won = [1.0 if rng.random() < 1 / (1 + math.exp(-3.0 * d)) else 0.0 for d in ds]
    cal, loss = tune.fit_cal(ds, won)
    assert 2.6 < cal < 3.4

    def log_loss(c):
        q = [1 / (1 + math.exp(-c * d)) for d in ds]
        return -sum(math.log(x if w else 1 - x) for x, w in zip(q, won)) / len(ds)
    assert loss == pytest.approx(log_loss(cal))
    assert loss <= min(log_loss(3.0), log_loss(cal * 0.8), log_loss(cal * 1.2))
