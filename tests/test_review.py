"""Game records as text, and the review of a game: the record of every registered game goes
to text and back and replays as its save does; Tripppin's review calls a move a blunder
exactly when the solved value of the mover falls from a win or from a draw."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

import games
from games.core import gamerecord, review
from games.core.table import Table, _seed_draw

ROOT = Path(__file__).resolve().parents[1]
GAMES = [e for e in games.playable(include_hidden=True)]


def play_out(entry, seed: int, plies: int, rng: random.Random, options=None) -> dict:
    """A game of random moves, its dice and spins drawn as the table draws them."""
    options = dict(options or {})
    state = entry.rules_module().new_game(seed=seed, **options)
    moves = []
    for n in range(plies):
        if state.is_over:
            break
        move = (_seed_draw(seed, n, state) if state.is_chance
                else rng.choice(state.legal_moves()))
        moves.append(state.move_text(move))
        state = state.play(move)
    return {"game": entry.name, "seed": seed, "options": options, "start": None,
            "moves": moves}


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2 ** 63 - 1), plies=st.integers(0, 60), pick=st.integers(0, 99))
def test_a_record_goes_to_text_and_back_and_replays_as_its_save(entry, seed, plies, pick):
    options = entry.test_options[pick % len(entry.test_options)]
    data = play_out(entry, seed, plies, random.Random(pick), options)
    text = gamerecord.to_text(data)
    assert text.splitlines()[0].startswith(f"tricade {entry.name} seed {seed}")
    back = gamerecord.from_text(text, entry.name)
    assert back["moves"] == data["moves"] and back["seed"] == seed
    assert back["options"] == {k: (list(v) if isinstance(v, tuple) else v)
                               for k, v in options.items()}
    states, moves = review.states_of(entry, back)
    assert moves == data["moves"] and len(states) == len(moves) + 1


@pytest.mark.parametrize("text, where", [
    ("", "empty"),
    ("tricade\n", "line 1"),
    ("tricade tripppin seed x\n", "line 1"),
    ("tricade tripppin seed 3 first\n", "line 1"),
    ("# a comment\n\ntricade tripppin seed 3\nc7 d7\n", "line 4"),
    ("tricade tribolo seed 3\n", "not 'tripppin'"),
])
def test_a_malformed_record_is_refused_naming_its_line(text, where):
    with pytest.raises(ValueError, match=where):
        gamerecord.from_text(text, "tripppin")


def test_an_edited_record_is_refused_as_an_edited_save_is():
    entry = games.get("triple3")
    data = play_out(entry, 7, 12, random.Random(1))
    lines = gamerecord.to_text(data).splitlines()
    first_throw = next(i for i, line in enumerate(lines) if "+" in line)
    d1, d2 = lines[first_throw].split("+")
    lines[first_throw] = f"{d2}+{d1}" if d1 != d2 else ("1+2" if d1 != "1" else "2+1")
    with pytest.raises(ValueError, match="does not replay|changed"):
        review.states_of(entry, gamerecord.from_text("\n".join(lines), "triple3"))


@pytest.mark.parametrize("drop, name", [(0.0, "good"), (0.099, "good"), (0.1, "inaccuracy"),
                                        (0.2, "mistake"), (0.29, "mistake"), (0.3, "blunder"),
                                        (1.0, "blunder")])
def test_judgements_follow_the_drop_in_winning_chance(drop, name):
    assert review.judgement(drop) == name


def _category(kind: str) -> int:
    return {"win": 2, "won": 2, "draw": 1, "loss": 0, "lost": 0}[kind.split()[0]]


@pytest.mark.parametrize("count", [40, pytest.param(200, marks=pytest.mark.slow)])
def test_tripppin_blunders_are_exactly_the_moves_that_give_a_solved_value_away(count):
    """``count`` games (issue 38 asks 200: ``-m slow``), half random, half between computer
    levels: every decision's judgement against the solver's own value of the position
    before and after it."""
    from games.tripppin import ai, solver
    entry = games.get("tripppin")
    rules = entry.rules_module()
    blunders = goods = 0
    for g in range(count):
        rng = random.Random(g)
        state = rules.new_game(seed=g, first=("orange", "blue")[g % 2])
        moves = []
        for n in range(80):
            if state.is_over:
                break
            if g % 2:
                move = ai.choose_move(state, 1 + g % 4, rng, prevent_loops=False)
            else:
                move = rng.choice(state.legal_moves())
            moves.append(state.move_text(move))
            state = state.play(move)
        data = {"game": "tripppin", "seed": g, "options": {"first": ("orange", "blue")[g % 2]},
                "start": None, "moves": moves}
        states, _ = review.states_of(entry, data)
        result = review.review(entry, data)
        for row, before_state, after_state in zip(result["moves"], states, states[1:]):
            mover = row["seat"]
            sol = solver.cached_solution(before_state)
            kind, _ = sol.value(before_state)           # the mover's own, before
            was = {"win": 2, "draw": 1, "loss": 0}[kind]
            if after_state.is_over:
                now = 2 if mover in after_state.winners() else 0
            else:
                k, _ = sol.value(after_state)           # the other's, after
                now = {"win": 0, "draw": 1, "loss": 2}[k]
            assert _category(row["before"]) == was and _category(row["after"]) == now, row
            gave_away = now < was
            assert (row["judgement"] == "blunder") == gave_away, row
            assert row["judgement"] in ("good", "blunder"), row
            if gave_away:
                blunders += 1
                better = before_state.play(before_state.parse_move(row["better"]))
                assert review.Judge(entry).chances(better)[mover] == was / 2
            else:
                goods += 1
    assert blunders > count // 4 and goods > 5 * count, (blunders, goods)


def test_the_review_command_writes_its_json_and_refuses_a_bad_file(tmp_path):
    entry = games.get("tripppin")
    record = tmp_path / "game.txt"
    record.write_text(gamerecord.to_text(play_out(entry, 11, 30, random.Random(3))))
    out = tmp_path / "review.json"
    run = subprocess.run([sys.executable, "-m", "games.core.review", "tripppin", str(record),
                          "--json", str(out)], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    moves = json.loads(out.read_text())["moves"]
    assert len(moves) == 30
    assert set(moves[0]) >= {"ply", "seat", "move", "before", "after", "judgement", "better"}
    record.write_text("tricade tripppin seed 11\nz9\n")
    bad = subprocess.run([sys.executable, "-m", "games.core.review", "tripppin", str(record),
                          "--json", str(out)], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert bad.returncode == 2 and "move 1 (z9)" in bad.stderr and "Traceback" not in bad.stderr


def test_the_review_bench_times_a_game_and_the_replays_frames(tmp_path):
    out = tmp_path / "r.json"
    name = next(e.name for e in games.games())
    done = subprocess.run([sys.executable, "-m", "tools.benchreview", "--only", name,
                           "--plies", "12", "--runs", "1", "--json", str(out)],
                          cwd=str(Path(__file__).resolve().parents[1]), capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    r = json.loads(out.read_text())[name]
    assert r["plies"] >= 1 and r["cpu_median_s"] >= 0
    assert r["replay_frames"]["done"] and r["replay_frames"]["frames"] > 0


def test_a_turn_of_several_steps_is_judged_whole_where_the_judge_says_what_a_turn_is():
    """A judge's ``turn_key`` (TriAxis: a move phase, a step a point): a turn is judged at
    its last step against the top level's way through it, and the better move is that
    way's first step, legal where the turn began."""
    turns = [e for e in games.playable(include_hidden=True)
             if getattr(review.Judge(e).own, "turn_key", None) is not None]
    if not turns:
        pytest.skip("no game's judge has turns")
    for e in turns:
        ai = e.ai_module()
        t = Table(e.name, e.rules, e.ai, seed=21)
        rng = random.Random(21)
        first = t.state.players[0]
        while not t.state.is_over and t.ply < 120:
            st = t.state
            if st.is_chance:
                t.roll()
                continue
            legal = [m for m in st.legal_moves() if m not in ("resign",)]
            t.play(rng.choice(legal) if st.current == first
                   else ai.choose_move(st, min(ai.LEVELS), rng, **e.ai_options))
        data = t.save_data()
        states, _ = review.states_of(e, data)
        rows = review.review(e, data)["moves"]
        whole = [r for r in rows if r.get("turn_from")]
        assert whole, e.name
        least = min(at for at, _ in review.Judge(e).thresholds)
        for r in whole:
            assert r["judgement"] != "good"                 # the turn's own values
            assert r["turn_before"] - r["turn_after"] >= least - 1e-9 and r["loss"] >= least
            start = states[r["better_at"] - 1]
            assert start.parse_move(r["better"]) in start.legal_moves()
            assert r["turn_from"] <= r["ply"]


@pytest.mark.parametrize("entry", games.playable(include_hidden=True), ids=lambda e: e.name)
def test_each_decisions_before_is_the_graphs_point_before_it(entry):
    """A player reads "before -> after" off the graph: the point after a ply is the next
    decision's "before" (its best move's chances), and the decision's "after", in every
    game; the judgement is the loss against the best move."""
    ai = entry.ai_module()
    t = Table(entry.name, entry.rules, entry.ai, seed=8)
    rng = random.Random(8)
    while not t.state.is_over and t.ply < 60:
        st = t.state
        if st.is_chance:
            t.roll()
        else:
            t.play(ai.choose_move(st, min(ai.LEVELS), rng, **entry.ai_options)
                   if rng.random() < 0.5 else rng.choice(
                       [m for m in st.legal_moves() if m not in ("resign", "end")]))
    rows = review.review(entry, t.save_data())["moves"]
    first = rows[0]                               # the graph's first point: the start's
    if first["judgement"] is not None:
        before = first.get("chance_before", first["before"])
        assert abs(first["start"][first["seat"]] - before) < 1e-3, (entry.name, first)
    checked = 0
    for prev, row in zip(rows, rows[1:]):
        if row["judgement"] is None:
            continue
        before = row.get("chance_before", row["before"])
        assert abs(prev["chances"][row["seat"]] - before) < 1e-3, (entry.name, row)
        if "chance_after" not in row:            # and "after" the point after it
            assert abs(row["chances"][row["seat"]] - row["after"]) < 1e-3, (entry.name, row)
        assert row["loss"] >= 0.0 and (row["loss"] > 0 or row["judgement"] == "good")
        checked += 1
    assert checked


def test_a_triple3_throws_luck_is_the_graphs_step_there():
    """Triple 3's judge values a throw by the best move it allows, the graph's point before
    a throw is its average over the 36 outcomes: the graph's step at each throw is that
    throw's luck (GNU Backgammon's), for both seats."""
    entry = games.get("triple3")
    data = play_out(entry, 11, 60, random.Random(11))
    rows = review.review(entry, data)["moves"]
    checked = 0
    for prev, row in zip(rows, rows[1:]):
        for seat, luck in (row.get("luck") or {}).items():
            step = row["chances"][seat] - prev["chances"][seat]
            assert abs(step - luck) < 2e-3, (row, prev["chances"])
            checked += 1
    assert checked > 20

