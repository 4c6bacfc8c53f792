"""Tests of the Tripppin solver (games/tripppin/solver.py) and the Perfect level."""

import random

import pytest

from tools import arena
from games.tripppin import ai, solver
from games.tripppin.rules import COURSE_SQ, State, new_game, square_name
from test_tripppin_ai import position, sq  # one position builder for both test files


def make(turn="blue", blue=("c3", 0), orange=("f5", 0), tiles=None, default="."):
    return State.from_text(position(turn, blue, orange, tiles, default))


def sol(state):
    # the process cache shares one solve per board across the tests
    return solver.cached_solution(state)


# From tests/test_tripppin_ai.py: blue to move wins in 3 of its moves, only by c5.
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


def minimax(s, depth):
    """Plain exhaustive search: the distance in plies to the end with best play if the game
    is decided within ``depth`` plies (odd: the side to move wins, even: it loses), else
    None."""
    if s.is_over:
        return 0
    if depth == 0:
        return None
    win, all_lose, longest = None, True, 0
    for m in s.legal_moves():
        v = minimax(s.play(m), depth - 1)
        if v is None:
            all_lose = False
        elif v % 2 == 0:
            win = v + 1 if win is None else min(win, v + 1)
        else:
            longest = max(longest, v + 1)
    if win is not None:
        return win
    return longest if all_lose else None


def agrees_with_minimax(s, depth):
    v = sol(s).plies(s)
    return minimax(s, depth) == (v if 0 <= v <= depth else None)


# -- hand-made positions ------------------------------------------------------------------------

def test_blocked_piece_has_lost():
    # orange on e5 (067: up, left, up-left) leaves blue in a1 no move
    s = make(turn="blue", blue=("a1", 0), orange=("e5", 0), tiles={"e5": "067"})
    assert s.is_over and s.blocked == "blue"
    assert sol(s).value(s) == ("loss", 0)
    assert sol(s).best_moves(s) == []
    assert solver.verdict(s) == "Orange has won"
    assert agrees_with_minimax(s, 5)


def test_blocking_move_wins_at_once():
    # blue's only immediate win: onto d5 (067), leaving orange in a1 without a move
    s = make(turn="blue", blue=("d4", 0), orange=("a1", 0), tiles={"d5": "067"})
    assert sol(s).value(s) == ("win", 1)
    assert sol(s).best_moves(s) == [sq("d5")]
    assert solver.verdict(s) == "Blue can force a win in 1 move"
    assert agrees_with_minimax(s, 5)


def test_one_move_win_home():
    s = make(turn="orange", blue=("a1", 2), orange=("c7", 4))
    assert sol(s).value(s) == ("win", 1)
    assert sol(s).best_moves(s) == [sq("d8")]
    assert sol(s).move_values(s)[sq("d8")] == ("win", 1)
    assert solver.verdict(s) == "Orange can force a win in 1 move"
    # the same position with blue to move: blue cannot stop it in one move, so it loses
    # at orange's first move unless it can win or block first
    t = make(turn="blue", blue=("a1", 2), orange=("c7", 4))
    assert agrees_with_minimax(t, 5)


def test_forced_win_in_three():
    s = State.from_text(WIN_IN_3)
    assert sol(s).value(s) == ("win", 3)
    assert [square_name(m) for m in sol(s).best_moves(s)] == ["c5"]
    assert solver.verdict(s) == "Blue can force a win in 3 moves"
    assert agrees_with_minimax(s, 7)
    # after c5 orange is lost: blue wins with its 2nd move from here, whatever orange does
    t = s.play(sq("c5"))
    assert sol(t).value(t) == ("loss", 2)
    assert solver.verdict(t) == "Blue can force a win in 2 moves"
    assert all(v[0] == "win" and v[1] <= 2 for v in
               (sol(t).value(t.play(m)) for m in t.legal_moves()))
    assert max(sol(t).value(t.play(m))[1] for m in t.legal_moves()) == 2
    # Perfect, lost, defends longest: only the moves after which blue needs 2 more
    longest = [m for m in t.legal_moves() if sol(t).value(t.play(m)) == ("win", 2)]
    assert sol(t).best_moves(t) == longest
    assert ai.choose_move(t, ai.PERFECT) in longest


def test_a_target_counts_only_when_it_is_current():
    # blue (progress 0, target b7) next to e8, its final square: e8 is no win for it now
    s = make(turn="blue", blue=("f7", 0), orange=("a1", 2))
    assert sol(s).move_values(s)[sq("e8")] != ("win", 1)
    assert agrees_with_minimax(s, 5)


def test_random_positions_agree_with_minimax():
    rng = random.Random(7)
    board = new_game(3).board
    checked = decided = 0
    while checked < 120:
        pb, po = rng.randrange(5), rng.randrange(5)
        b, o = rng.sample(range(64), 2)
        if b == COURSE_SQ[0][pb] or o == COURSE_SQ[1][po]:
            continue
        s = State(board, (b, o), (pb, po), rng.randrange(2))
        assert agrees_with_minimax(s, 6), s
        checked += 1
        decided += sol(s).plies(s) >= 0
    assert decided >= 5


def test_values_satisfy_the_game_equations():
    """On a sample of positions the stored distance is exactly what the moves give: the
    fastest win if any move wins, else a draw if any move draws, else the longest loss."""
    rng = random.Random(11)
    for seed in (5, 6):
        board = new_game(seed).board
        for _ in range(800):
            pb, po = rng.randrange(5), rng.randrange(5)
            b, o = rng.sample(range(64), 2)
            s = State(board, (b, o), (pb, po), rng.randrange(2))
            v = sol(s).plies(s)
            if s.is_over:
                assert v == 0
                continue
            after = list(sol(s).move_plies(s).values())
            wins = [x for x in after if x > 0 and x % 2]
            if wins:
                assert v == min(wins)
            elif -1 in after:
                assert v == -1
            else:
                assert v == max(after)


# -- Perfect keeps the value ----------------------------------------------------------------------

def test_perfect_move_keeps_the_value_along_random_games():
    """Every position of random games (the moves played are random, so wins are given away
    and the side to move is sometimes lost): Perfect's move keeps the value."""
    rng = random.Random(3)
    kinds = set()
    for g in range(6):
        s = new_game(40 + g, first=("orange", "blue")[g % 2])
        history = [s]
        for _ in range(80):
            if s.is_over:
                break
            so = sol(s)
            v = so.plies(s)
            m = ai.choose_move(s, ai.PERFECT, random.Random(g), history)
            after = so.move_plies(s)[m]
            if v > 0 and v % 2:
                kinds.add("win")
                assert after == v                  # a win, one move shorter each time
                t = s.play(m)
                assert t.is_over or so.plies(t) == v - 1
            elif v < 0:
                kinds.add("draw")
                assert after < 0 or after % 2      # never a losing move
            else:
                kinds.add("loss")
                assert after == max(so.move_plies(s).values())   # the longest defence
            s = s.play(rng.choice(s.legal_moves()))
            history.append(s)
    assert {"win", "draw"} <= kinds


def test_perfect_plays_a_won_position_to_the_end():
    s = State.from_text(WIN_IN_3)

    def play_out(s, moves_left):
        assert moves_left > 0
        t = s.play(ai.choose_move(s, ai.PERFECT, random.Random(0)))
        if t.is_over:
            assert t.winners() == frozenset({"blue"})
            return
        for r in t.legal_moves():
            u = t.play(r)
            assert not u.is_over
            play_out(u, moves_left - 1)
    play_out(s, 3)


def test_perfect_avoids_loops_among_drawing_moves():
    """Games that loop (level 3 against itself without loop prevention; Perfect itself no
    longer walks into loops): wherever loop prevention forbids a drawing move and another
    drawing move is left, Perfect plays another one."""
    seen = 0
    for seed in range(12):
        s = new_game(seed)
        history = [s]
        for _ in range(150):
            if s.is_over:
                break
            drawing = {m for m, v in sol(s).move_plies(s).items() if v < 0}
            banned = ai.forbidden_moves(history) & drawing
            if sol(s).value(s)[0] == "draw" and banned and drawing - banned:
                m = ai.choose_move(s, ai.PERFECT, random.Random(0), history,
                                   prevent_loops=True)
                assert m in drawing and m not in banned
                seen += 1
            s = s.play(ai.choose_move(s, 3, random.Random(0), history, prevent_loops=False))
            history.append(s)
        if seen >= 3:
            break
    assert seen >= 1


@pytest.mark.parametrize("seed", [0, 3])
def test_following_suggest_in_a_drawn_game_never_repeats_a_position_more_than_twice(seed):
    """Both pieces follow Suggest (Perfect's move, shown to a human) for 200 moves from a
    drawn start: neither can force a win, the panel says so every time, and no position
    stands three times (the drawing moves walk on instead of shuffling back and forth)."""
    s = new_game(seed)
    assert sol(s).value(s)[0] == "draw"
    history = [s]
    said = []
    for _ in range(200):
        m = ai.suggest_perfect(s, lambda move, text: said.append(text), history=history,
                               prevent_loops=False)
        assert m in {x for x, v in sol(s).move_plies(s).items() if v < 0}
        s = s.play(m)
        history.append(s)
    assert not s.is_over
    assert set(said) == {"Neither side can force a win"}
    counts = {}
    for h in history:
        counts[h] = counts.get(h, 0) + 1
    assert max(counts.values()) <= 2


def test_perfect_sets_traps_in_a_drawn_position():
    """Among drawing moves Perfect prefers the one whose replies lose more often."""
    s = new_game(0)
    so = sol(s)
    drawing = [m for m, v in so.move_plies(s).items() if v < 0]
    scores = ai.draw_scores(s, drawing, so, (s,))
    assert set(scores) == set(drawing)
    assert ai.choose_move(s, ai.PERFECT, random.Random(0), (s,)) in [
        m for m in drawing if scores[m] == max(scores.values())]


def test_perfect_never_loses_to_level_nine():
    for i in range(4):
        r = arena.play_one("tripppin", [ai.PERFECT, 9], 300 + i, i, 120, {}, audit=True)
        perfect = r["audit"][0]
        assert perfect["won_lost"] == 0 and perfect["drawn_lost"] == 0
        if not perfect["start_lost"]:
            assert r["result"][0] != "loss"
        assert r["audit"][1]["moves"] > 0


# -- the level, the verdict and the suggestion -------------------------------------------------------

def test_level_names():
    assert ai.PERFECT == 10 and ai.ALL_LEVELS == tuple(range(1, 10)) + (10,)
    assert list(ai.LEVELS) == list(range(1, 10))
    assert ai.level_name(ai.PERFECT) == "Perfect" and ai.level_name(9) == "9"
    assert ai.parse_level("Perfect") == ai.PERFECT and ai.parse_level("4") == 4
    with pytest.raises(ValueError):
        ai.parse_level("best")
    s = State.from_text(WIN_IN_3)
    assert ai.choose_move(s, "perfect") == sq("c5")


def test_sentences():
    assert solver.sentence("blue", "win", 1) == "Blue can force a win in 1 move"
    assert solver.sentence("blue", "loss", 7) == "Orange can force a win in 7 moves"
    assert solver.sentence("orange", "win", 12) == "Orange can force a win in 12 moves"
    assert solver.sentence("orange", "draw", None) == "Neither side can force a win"


def test_verdicts_match_values_on_boards():
    for seed in range(3):
        s = new_game(seed)
        history = [s]
        rng = random.Random(seed)
        for _ in range(30):
            if s.is_over:
                break
            kind, n = sol(s).value(s)
            text = ai.verdict(s)
            if kind == "draw":
                assert text == "Neither side can force a win" and n is None
            else:
                winner = s.turn if kind == "win" else ("orange" if s.turn == "blue" else "blue")
                unit = "move" if n == 1 else "moves"
                assert text == f"{winner.capitalize()} can force a win in {n} {unit}"
            s = s.play(rng.choice(s.legal_moves()))


def test_suggest_perfect_reports_the_perfect_move_and_the_verdict():
    s = State.from_text(WIN_IN_3)
    reports = []
    m = ai.suggest_perfect(s, lambda move, text: reports.append((move, text)))
    assert m == sq("c5")
    assert reports == [(sq("c5"), "Blue can force a win in 3 moves")]
    over = make(turn="blue", blue=("a1", 0), orange=("e5", 0), tiles={"e5": "067"})
    assert ai.suggest_perfect(over, reports.append) is None and len(reports) == 1


def test_solution_rejects_another_board():
    a, b = new_game(0), new_game(1)
    with pytest.raises(ValueError):
        sol(a).value(b)
    assert solver.cached_solution(a.board) is solver.cached_solution(a)


def test_a_start_can_be_won_and_a_slower_win_is_not_chosen():
    # seed 7: orange, first, wins in 3 by d7; e7 wins too but in 17; f7 and f8 only draw
    s = new_game(7)
    values = {square_name(m): v for m, v in sol(s).move_values(s).items()}
    assert values == {"d7": ("win", 3), "e7": ("win", 17), "f7": ("draw", None),
                      "f8": ("draw", None)}
    assert ai.choose_move(s, ai.PERFECT, random.Random(1)) == sq("d7")
    assert ai.verdict(s) == "Orange can force a win in 3 moves"


def test_audit_counts_give_aways():
    s = new_game(7)                     # orange to move, won (see above)
    good, slow, bad = (s.play(sq(n)) for n in ("d7", "e7", "f7"))
    a = solver.audit_moves([s, good], ["orange"])
    assert (a["moves"], a["won"], a["won_lost"], a["start_won"]) == (1, 1, 0, 1)
    assert solver.audit_moves([s, slow], ["orange"])["won_lost"] == 0
    a = solver.audit_moves([s, bad], ["orange"])
    assert (a["moves"], a["won"], a["won_lost"]) == (1, 1, 1)
    a = solver.audit_moves([s, bad], ["blue"])
    assert a["moves"] == 0 and a["start_lost"] == 1


def test_arena_command_line_takes_perfect_and_audits(capsys):
    assert arena.main(["tripppin", "--seat", "perfect", "--seat", "9", "--games", "1",
                       "--seed", "4", "--max-moves", "30", "--jobs", "1", "--audit"]) == 0
    out = capsys.readouterr().out
    assert "Perfect" in out
    assert "audit, entrant 1 (Perfect):" in out and "audit, entrant 2 (9):" in out
    assert "gave the win away 0" in out.split("audit, entrant 1")[1].split("\n")[0]
