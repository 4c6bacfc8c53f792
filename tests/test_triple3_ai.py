"""Triple 3 computer players: legal, deterministic, and they see wins and threats."""

import random

import pytest

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


def test_the_incremental_board_value_is_the_board_value():
    rng = random.Random(4)
    for s in random_positions(n_games=3, every=5):
        R, B = ai.split(s)
        for turn in (0, 1):
            p = [ai.box_q(i, R[i], B[i], turn) for i in range(9)]
            pr = ai.prep(p)
            for i in range(9):
                for x in (p[i], rng.random(), 0.0, 1.0):
                    q = list(p)
                    q[i] = x
                    assert ai.value_with(pr, i, x, turn) == pytest.approx(
                        ai.value_q(q, turn), abs=1e-9)


def test_the_memo_caches_are_bounded_and_change_no_choice(monkeypatch):
    positions = random_positions()[:12]
    before = [ai.choose_move(s, 3, random.Random(i)) for i, s in enumerate(positions)]
    monkeypatch.setattr(ai, "CACHE_LIMIT", 100)
    for cache in (ai._BOX, ai._SELF, ai._MID, ai._Q, ai._BESTQ, ai._FEAT):
        cache.clear()
    after = [ai.choose_move(s, 3, random.Random(i)) for i, s in enumerate(positions)]
    assert after == before
    for i, s in enumerate(positions):
        ai.choose_move(s, 1, random.Random(i))
    for i, s in enumerate(positions):
        ai.choose_move(s, 2, random.Random(i))
    assert max(len(c) for c in (ai._BOX, ai._SELF, ai._MID, ai._Q, ai._BESTQ,
                                ai._FEAT)) <= 101


def test_the_rival_plays_legal_deterministic_moves_and_the_arena_seats_it():
    from tools import arena
    from tools.rivals import triple3 as rivals
    assert "rival" in arena.rivals_module("triple3").RIVALS
    for i, s in enumerate(random_positions(n_games=2, every=9)):
        m = rivals.choose_move(s, "rival", random.Random(i))
        assert m in s.legal_moves()
        assert rivals.choose_move(s, "rival", random.Random(i)) == m
    r = arena.play_one("triple3", [2, "rival"], 5, 0, 400, {})
    assert set(r["result"].values()) <= {"win", "loss"}
    assert arena.main(["triple3", "--seat", "1", "--seat", "rival", "--games", "1",
                       "--jobs", "1"]) == 0


def test_the_top_level_is_named_the_strongest():
    assert ai.level_name(max(ai.LEVELS)) == "3 (strongest)"
    assert ai.DEFAULT_LEVEL == max(ai.LEVELS)


def test_same_position_level_and_seed_give_the_same_move_whatever_is_cached():
    """Budgets are work units: the choice depends on the position, level and rng seed
    only, not on the memo tables a session has filled (or on the clock)."""
    positions = random_positions(n_games=2, every=6, seed=23)
    first = {(i, lv): ai.choose_move(s, lv, random.Random(i))
             for i, s in enumerate(positions) for lv in ai.LEVELS}
    for cache in (ai._BOX, ai._SELF, ai._MID, ai._Q, ai._BESTQ, ai._FEAT):
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


def test_the_weight_fits_self_play_is_labelled_and_the_same_for_a_seed():
    """tools.tune.triple3's games (the fit itself needs numpy): every kept position is a
    game in progress labelled with the winner, and a seed gives the same game."""
    from tools.tune import triple3 as tune
    rows = tune.self_play(5)
    assert rows and rows == tune.self_play(5)
    assert len({won for *_, won in rows}) == 1
    for red, blue, turn, _won in rows:
        assert turn in (0, 1) and len(red) == len(blue) == 9
    assert rows != tune.self_play(6)
    with pytest.raises(SystemExit):
        tune.main(["--games", "0"])
