"""Tests of games.tribolo.ai: legal answers, the Best rule, determinism and speed."""

import random
import time

import pytest

from games.tribolo import ai
from games.tribolo.rules import State, new_game


def positions(seeds=(1, 2), boards=(7, 1, 8), every=9):
    """Positions from real games (greedy play with random ties)."""
    out = []
    for seed in seeds:
        for n in boards:
            s = new_game(seed, board=n)
            rng = random.Random(seed)
            k = 0
            while not s.is_over:
                if k % every == 0:
                    out.append(s)
                s = s.play(ai.best_move(s, rng))
                k += 1
    return out


POSITIONS = positions()


def test_levels():
    assert ai.LEVELS == (1, 2, 3, 4)
    assert ai.DEFAULT_LEVEL == 3
    assert "strongest" in ai.level_name(4) and ai.level_name(3) == "3"
    with pytest.raises(ValueError):
        ai.choose_move(new_game(1), 5, random.Random(1))


@pytest.mark.parametrize("level", [1, 2])
def test_choose_move_is_legal(level):
    rng = random.Random(level)
    for s in POSITIONS:
        assert ai.choose_move(s, level, rng) in s.legal_moves()


def test_level3_is_legal_and_plays_a_whole_game():
    s = new_game(11)
    rng = random.Random(3)
    while not s.is_over:
        m = ai.choose_move(s, 3, rng) if s.current == "blue" else ai.best_move(s, rng)
        assert m in s.legal_moves()
        s = s.play(m)
    assert s.winners()


def test_level3_on_sample_positions():
    rng = random.Random(5)
    for s in POSITIONS[::6]:
        assert ai.choose_move(s, 3, rng) in s.legal_moves()


def test_no_move_when_over():
    over = State.from_text("tribolo\nturn -\nBR\n")
    for level in ai.LEVELS:
        with pytest.raises(ValueError):
            ai.choose_move(over, level, random.Random(1))
    with pytest.raises(ValueError):
        ai.best_move(over)


def test_level1_is_most_flips():
    rng = random.Random(7)
    for s in POSITIONS:
        counts = {m: len(s.flips(m)) for m in s.legal_moves()}
        top = max(counts.values())
        first_best = next(m for m in s.legal_moves() if counts[m] == top)
        assert ai.best_move(s) == first_best
        assert counts[ai.best_move(s, rng)] == top
        assert counts[ai.choose_move(s, 1, rng)] == top


def test_level1_breaks_ties_with_rng():
    s = State.from_text("tribolo\nturn blue\n...\n.R.\n.RB\n")
    # a3 flips b3 (west of c3) and a1 flips b2 (north-west of c3): one tile each.
    moves = s.legal_moves()
    counts = {m: len(s.flips(m)) for m in moves}
    top = max(counts.values())
    tied = sorted(m for m in moves if counts[m] == top)
    seen = {ai.best_move(s, random.Random(i)) for i in range(40)}
    assert seen == set(tied)


def test_deterministic_given_seed():
    """The work count, not the clock, ends a search: the same seed gives the same move,
    through choose_move as the game calls it, on a busy machine too (HARD_TIME is a safety
    net ten times beyond the longest search)."""
    assert ai.HARD_TIME >= 10 * 0.42
    for s in POSITIONS[::10]:
        for level in ai.LEVELS[:-1]:     # (the top level's own test: beside busy processes)
            a = ai.choose_move(s, level, random.Random(99))
            assert a == ai.choose_move(s, level, random.Random(99)), level


def test_anchors_and_stable_tiles():
    # Anchors: walled on all four lines (here the corners, and the square boxed in by the
    # grey squares); edges: walled on three.
    s = State.from_text("tribolo\nturn blue\nBBB..\n.R...\n.....\n...#.\n")
    info = ai._info(s)
    geo = s.geometry
    anchors = set(geo.squares(info.anchors))
    assert anchors == {(0, 0), (4, 0), (0, 3), (4, 3), (2, 3)}   # c4: beside the grey d4
    assert (1, 0) in geo.squares(info.edges)
    assert (1, 3) in geo.squares(info.edges)
    blue = s.tile_bits[0]
    # The corner is an anchor; b1 and c1 lean on it along the top edge.
    assert set(geo.squares(info.stable(blue))) == {(0, 0), (1, 0), (2, 0)}
    assert info.stable(s.tile_bits[1]) == 0


def test_prefers_a_corner_to_a_few_more_tiles():
    # Blue may take the corner a1 (one tile) or flip two tiles in the open; red answers.
    s = State.from_text(
        "tribolo\nturn blue\n"
        ".......\n"
        ".R.....\n"
        "..B....\n"
        "..BRR..\n"
        ".......\n"
        "G.G.G..\n"
    )
    assert ai.best_move(s) == (5, 3)           # f4 turns two tiles
    for level in (2, 3):
        assert ai.choose_move(s, level, random.Random(1)) == (0, 0)


def test_single_move_answers_at_once():
    s = State.from_text("tribolo\nturn blue\n.RB\n")
    assert ai.choose_move(s, 3, random.Random(1)) == (0, 0)


def test_two_colour_othello():
    s = State.from_text("tribolo\nturn blue\n" + "\n".join(
        ["........"] * 3 + ["...RB...", "...BR..."] + ["........"] * 3) + "\n")
    for level in ai.LEVELS:
        assert ai.choose_move(s, level, random.Random(1)) in s.legal_moves()


def test_level3_work_is_bounded():
    # The search ends on its work count (about 0.4 s of CPU here at most); CPU time of this
    # process, not wall time, so other busy processes cannot make it fail.
    mid = [s for s in POSITIONS if 60 < sum(s.counts().values()) < 130][:6]
    assert mid
    work, depth = ai.LIMITS[3]
    worst = 0.0
    for s in mid:
        stats = {}
        t = time.process_time()
        ai.search_move(s, random.Random(1), work, depth, stats=stats, params=ai.PARAMS4,
                       mode=ai.MODES[3])
        worst = max(worst, time.process_time() - t)
        # the limit is checked at each move generation; a node's children, counted after
        # it, add at most a third of the 176 squares
        assert stats["work"] <= work + 176 // 3 + 1
    assert worst < 2.0


def _paranoid_values(s, depth, searcher):
    """Each root move's exact paranoid value at ``depth`` (a full window for each)."""
    root = searcher.children(s.tile_bits, searcher.me, s.legal_move_bits())
    big = ai.WIN * 10
    return sorted((bit, searcher.after_paranoid(child, searcher.me, depth - 1, -big, big))
                  for _, child, bit in root)


def test_the_top_levels_move_order_changes_no_value():
    """Level 4 tries first the move that was best at a node before (in the iteration one
    ply shallower) and the depth's killer moves: that only speeds alpha-beta up, so every
    root move's value, searched again with those hints in hand, is the value the plain
    order finds."""
    sample = [s for s in POSITIONS if 30 < sum(s.counts().values()) < 150][::4][:6]
    assert sample
    checked = 0
    for s in sample:
        info, me = ai._info(s), s.current_index
        def fresh():
            return ai._Searcher(info, me, time.thread_time() + 600, 10 ** 9, ai.PARAMS4,
                                "paranoid")
        plain = fresh()
        want = _paranoid_values(s, 3, plain)
        hinted = fresh()
        _paranoid_values(s, 2, hinted)           # the shallower iteration leaves hints
        assert hinted.tt and hinted.killers
        assert _paranoid_values(s, 3, hinted) == want
        checked += len(want)
    assert checked >= 20


def test_top_level_legal_on_sample_positions():
    rng = random.Random(6)
    for s in POSITIONS[3::16]:
        assert ai.choose_move(s, 4, rng) in s.legal_moves()


def test_top_level_is_deterministic_beside_busy_processes():
    """Busy neighbours slow the search down; its work count, not the clock, ends it."""
    import subprocess
    import sys
    sample = [s for s in POSITIONS if 40 < sum(s.counts().values()) < 140][::5][:3]
    assert sample
    quiet = [ai.choose_move(s, 4, random.Random(i)) for i, s in enumerate(sample)]
    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)]
    try:
        loud = [ai.choose_move(s, 4, random.Random(i)) for i, s in enumerate(sample)]
    finally:
        for p in busy:
            p.kill()
            p.wait()
    assert quiet == loud


def test_rival_is_legal_and_deterministic():
    from tools.rivals import tribolo as rivals
    for i, s in enumerate(POSITIONS[::12]):
        m = rivals.choose_move(s, "rival", random.Random(i))
        assert m in s.legal_moves()
        assert m == rivals.choose_move(s, "rival", random.Random(i))


def test_wall_clock_jumps_do_not_change_the_move(monkeypatch):
    """However long the wall clock says a decision took (a loaded machine), the move is
    the one the work limit gives: the safety net counts this thread's CPU time."""
    sample = [s for s in POSITIONS if 40 < sum(s.counts().values()) < 140][::9][:3]
    before = [ai.choose_move(s, 4, random.Random(i)) for i, s in enumerate(sample)]
    clock = iter(range(0, 10 ** 9, 1000))
    monkeypatch.setattr(ai.time, "perf_counter", lambda: float(next(clock)))
    assert [ai.choose_move(s, 4, random.Random(i)) for i, s in enumerate(sample)] == before


def test_arena_takes_the_rival_as_a_seat(capsys):
    from tools import arena
    assert arena.main(["tribolo", "--seat", "1", "--seat", "rival", "--seat", "1",
                       "--games", "1", "--jobs", "1", "--option", "board=1",
                       "--max-moves", "24"]) == 0     # (its seat, not a whole game)
    out = capsys.readouterr().out
    assert "rival" in out and "1 games" in out


def test_the_tuning_tool_fits_what_the_search_weighs():
    # tools.tune.tribolo fits weights to the columns of ``features``: with any weights,
    # sum(weight * column) per seat must be the H the search's evaluation gives that seat
    from tools.tune import tribolo as tune
    from games.tribolo.rules import move_bits
    rng = random.Random(5)
    for s in POSITIONS[::3]:
        if s.is_over:
            continue
        params = {k: rng.uniform(-3, 3) for k in tune.TERMS}
        params["opp_mix"] = 1.0
        me = s.current_index
        info = ai._info(s)
        searcher = ai._Searcher(info, me, 1e9, 10 ** 9, params, "paranoid")
        bb = s.tile_bits
        empty = info.free & ~(bb[0] | bb[1] | bb[2])
        mob = [move_bits(bb[k], bb[(k + 1) % 3], bb[(k + 2) % 3], empty, info.shifts)
               .bit_count() for k in range(3)]
        h = [sum(params[t] * x for t, x in zip(tune.TERMS, row)) for row in tune.features(s)]
        want = h[me] - max(h[(me + 1) % 3], h[(me + 2) % 3])
        assert searcher.evaluate(bb, mob) == pytest.approx(want)
