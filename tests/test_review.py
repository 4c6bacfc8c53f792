"""Game records as text, and the review of a game: the record of every registered game goes
to text and back and replays as its save does; Tripppin's review calls a move a blunder
exactly when the solved value of the mover falls from a win or from a draw."""

from __future__ import annotations

import json
import random
import re
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
            assert row["before"] == was / 2 and row["after"] == now / 2, row
            assert row["game"]["before"] == solver.verdict(before_state)
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
    # the solved game's judge is called what it is, and says it is quick
    assert json.loads(out.read_text())["judge"]["kind"] == "solved"
    assert "exact" in run.stderr and "minutes" not in run.stderr
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


def mixed_game(entry, seed: int, plies: int) -> dict:
    """A game of the lowest level and random moves (a seat's move one or the other), dice
    and spins as the table draws them: weak moves to mark, good ones to leave."""
    ai = entry.ai_module()
    t = Table(entry.name, entry.rules, entry.ai, seed=seed)
    rng = random.Random(seed)
    while not t.state.is_over and t.ply < plies:
        st = t.state
        if st.is_chance:
            t.roll()
        else:
            t.play(ai.choose_move(st, min(ai.LEVELS), rng, **entry.ai_options)
                   if rng.random() < 0.5 else rng.choice(
                       [m for m in st.legal_moves() if m not in ("resign", "end")]))
    return t.save_data()


_REVIEWED: dict = {}


def reviewed(entry, judge=False):
    """The review of one mixed game of ``entry`` (kept: three tests read it); with
    ``judge``, (data, the judge that made it, the review)."""
    if entry.name not in _REVIEWED:
        data = mixed_game(entry, 8, 60)
        made = review.Judge(entry, seed=data["seed"])
        _REVIEWED[entry.name] = data, made, review.review(entry, data, judge=made)
    return _REVIEWED[entry.name] if judge else _REVIEWED[entry.name][2]


PERCENT = re.compile(r"(-?\d+\.\d)%")
LUCK = re.compile(r"[A-Z][a-z]+ ([+-]?\d+\.\d)")


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_one_meaning_the_text_the_graph_and_the_marks_say_the_same_numbers(entry):
    """Issue 50: a decision's "before" is the graph's point before it (what its mover's
    best move keeps), "after" the graph's point after it; its loss is their difference,
    and it is marked exactly when the drop shown passes the game's line: "Inaccuracy:
    51% -> 51%" cannot be written.  A chance point's luck is the graph's step there; the
    text says the numbers the JSON holds."""
    from games.ui import replaydraw
    result = reviewed(entry)
    rows = result["moves"]
    lines = {name: at for at, name in review.Judge(entry).thresholds}
    seats = list(rows[0]["chances"])
    series = replaydraw.chance_series(rows, seats, len(rows))   # the graph drawn
    decisions = marked = 0
    for k, row in enumerate(rows):
        words = review.row_words(row)
        before_point = {s: replaydraw.left(series[s][k]) for s in seats}
        after_point = {s: replaydraw.arrived(series[s][k + 1]) for s in seats}
        if row["seat"] is None:                           # a chance point: the graph's
            for seat, luck in row["luck"].items():        # step is luck and second look
                step = round(after_point[seat] - before_point[seat], 3)
                assert round(luck + row["second_look"][seat], 3) == step, row
            luck_words, _, look_words = words.partition("; looking further: ")
            assert luck_words.startswith("Luck in points: ")
            shown = [float(x) for x in LUCK.findall(luck_words)]
            assert shown == [round(100 * v, 1) for v in row["luck"].values()], words
            looked = [float(x) for x in LUCK.findall(look_words)] or [0.0] * len(shown)
            assert looked == [round(100 * v, 1) for v in row["second_look"].values()]
            continue
        decisions += 1
        seat = row["seat"]
        assert row["before"] == before_point[seat] and row["after"] == after_point[seat], row
        assert row["loss"] == round(row["before"] - row["after"], 3) >= 0, row
        if row["game"].get("before") is None:             # the shown numbers are these
            b, a = (float(x) for x in PERCENT.findall(words)[:2])
            assert (b, a) == (round(100 * row["before"], 1), round(100 * row["after"], 1))
        else:                                             # a judge's own words
            b, a = 100 * row["before"], 100 * row["after"]
            assert words.split(":")[1].strip().startswith(row["game"]["before"]), words
        drop = round(b - a, 1)
        want = "good"
        for name in ("inaccuracy", "mistake", "blunder"):
            if drop >= round(100 * lines[name], 1):
                want = name
        assert row["judgement"] == want, (words, row)
        assert words.startswith(want.capitalize()), words
        if want != "good":
            marked += 1
            assert row["better"] and f"better {row['better']}" in words, words
        if row["forced"]:
            assert row["loss"] == 0.0
    assert decisions


def _marks_name_a_better_move_worth_the_before(entry, data, judge, result) -> int:
    """Issue 50: at every decision, "before" is the best known move's value (the judge's
    best, or the move played where the judge values that higher), never below "after";
    a move is marked only when another is known to be better, and every marked move
    names that move, legal in the position before, whose value is the "before" (so the
    replay's Show always has a move to show).  Returns the decisions seen."""
    states, _ = review.states_of(entry, data)
    n = 0
    for row in result["moves"]:
        if row["seat"] is None:
            continue
        n += 1
        state = states[row["ply"] - 1]
        played = state.parse_move(row["move"])
        assert row["before"] >= row["after"] and row["loss"] >= 0, row
        assert row["after"] == round(judge.value(states[row["ply"]])[0][row["seat"]], 3)
        best = judge.value(state)[1]
        mine = round(judge.value(state.play(best))[0][row["seat"]], 3)
        assert row["before"] == max(mine, row["after"]), row
        if best == played or row["after"] >= mine or row["forced"]:
            assert row["judgement"] == "good" and row["better"] is None, row
        if row["judgement"] == "good":
            assert row["better"] is None, row
            continue
        assert row["better"], row                       # a mark names its better move,
        better = state.parse_move(row["better"])        # a legal one,
        assert better in state.legal_moves() and better != played, row
        worth = judge.value(state.play(better))[0][row["seat"]]
        assert round(worth, 3) == row["before"], row    # worth the "before"
    return n


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_a_marked_move_always_names_a_better_move_worth_its_before(entry):
    """Issue 50 (the review's mixed game of every registered game): "after" is never above
    "before", and a mark's better move is legal and worth the "before"."""
    data, judge, result = reviewed(entry, judge=True)
    assert _marks_name_a_better_move_worth_the_before(entry, data, judge, result)


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2 ** 31 - 1), plies=st.integers(4, 24), pick=st.integers(0, 99))
def test_any_reviewed_game_marks_only_moves_with_a_better_move_worth_its_before(
        entry, seed, plies, pick):
    """The same, as a property over random games of every registered game, each judged by
    a judge on a tenth of its work (a quick judge is as noisy as any: the rule still
    holds)."""
    options = entry.test_options[pick % len(entry.test_options)]
    data = play_out(entry, seed, plies, random.Random(seed), options)
    judge = review.Judge(entry, seed=seed, work=0.1)
    result = review.review(entry, data, judge=judge)
    _marks_name_a_better_move_worth_the_before(entry, data, judge, result)


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_each_seats_figures_at_the_end_agree_with_its_moves_and_the_text(entry):
    """Issue 50: for each seat, the count of its inaccuracies, mistakes and blunders, its
    accuracy (the mean of lichess's accuracy of each of its decisions) and its luck (the
    sum of its luck at the chance points), the same in the JSON and the text."""
    result = reviewed(entry)
    rows = result["moves"]
    text = review.text(result)
    chance = any(r["luck"] is not None for r in rows)
    for seat, got in result["seats"].items():
        mine = [r for r in rows if r["seat"] == seat and not r["forced"]]
        assert got["decisions"] == len(mine)
        for name, plural in review.PLURAL.items():
            assert got[plural] == sum(1 for r in mine if r["judgement"] == name)
        if mine:
            mean = sum(review.accuracy(r["before"], r["after"]) for r in mine) / len(mine)
            assert got["accuracy"] == round(mean, 1)
        else:
            assert got["accuracy"] is None
        if chance:
            luck = sum(r["luck"][seat] for r in rows if r["luck"] is not None)
            assert got["luck"] == pytest.approx(luck, abs=1e-9)
        else:
            assert got["luck"] is None
        line = next(x for x in text.splitlines() if x.startswith(f"{seat.capitalize()}: "))
        assert f"{got['decisions']} decision" in line
        for name, plural in review.PLURAL.items():
            assert re.search(rf"\b{got[plural]} {name if got[plural] == 1 else plural}\b",
                             line), line
        if got["accuracy"] is not None:
            assert f"accuracy {got['accuracy']:.1f}" in line
        assert ("luck" in line) == chance
        if chance:
            assert f"luck {review.points(got['luck'])}" in line
        # the judge's second looks for the seat, added up: said when not zero
        look = sum(review._thousandths((r["second_look"] or {}).get(seat, 0.0)) for r in rows)
        assert got["second_look"] == pytest.approx(look / 1000, abs=1e-9)
        assert ("looking further" in line) == (look != 0)
        if look:
            assert f"looking further {review.points(got['second_look'])}" in line
    for row in rows:                                  # every marked move is in the text
        if row["judgement"] in review.MARKS:
            assert f"{row['ply']:4d}. " in text and review.row_words(row) in text


@pytest.mark.parametrize("before, after, want", [
    (0.5, 0.5, 100.0), (0.6, 0.6, 100.0), (0.4, 0.6, 100.0), (0.6, 0.5, 63.58),
    (0.9, 0.6, 24.78), (1.0, 0.0, 0.0)])
def test_a_moves_accuracy_is_lichess_formula(before, after, want):
    assert review.accuracy(before, after) == pytest.approx(want, abs=0.01)


def test_tripppins_words_say_what_they_mean_and_never_draw():
    """Tripppin has no draw: a position neither side can force is called that, in the
    solver's own words, and the review's text never says "draw"."""
    from games.tripppin import ai
    entry = games.get("tripppin")
    seen = set()
    for g in range(12):
        rng = random.Random(g)
        state = entry.rules_module().new_game(seed=g)
        moves = []
        while not state.is_over and len(moves) < 40:
            move = (ai.choose_move(state, 1, rng, prevent_loops=False) if g % 2
                    else rng.choice(state.legal_moves()))
            moves.append(state.move_text(move))
            state = state.play(move)
        data = {"game": "tripppin", "seed": g, "options": {}, "start": None, "moves": moves}
        result = review.review(entry, data)
        text = review.text(result)
        assert "draw" not in text.lower()
        for row in result["moves"]:
            words = review.row_words(row)
            assert "draw" not in words.lower()
            seen.add(row["game"]["before"])
            if row["before"] == 0.5:
                assert row["game"]["before"] == "Neither side can force a win"
    assert "Neither side can force a win" in seen


def test_a_chance_points_graph_point_before_is_the_average_over_its_outcomes():
    """GNU Backgammon's luck: the graph's point before a throw is the average, over the
    throws, of the judge's value of the position each gives, and a throw's luck is that
    value of the position it gave less the average, so the luck of the throws that could
    have come, each weighted by its chance, sums to zero."""
    entry = games.get("triple3")
    data = play_out(entry, 11, 40, random.Random(11))
    states, _ = review.states_of(entry, data)
    judge = review.Judge(entry, seed=11)
    rows = review.review(entry, data, judge=judge)["moves"]
    graph = [rows[0]["start"]] + [r["chances"] for r in rows]
    checked = 0
    for k, row in enumerate(rows):
        if row["luck"] is None:
            continue
        state = states[k]
        mean = {s: 0.0 for s in state.players}
        for outcome, p in state.chance_outcomes():
            ch = judge.inner(state.play(outcome), review.CHANCE_DEPTH - 1)
            for s in mean:
                mean[s] += p * ch[s]
        for s in mean:
            assert graph[k][s] == round(mean[s], 3)
        got = judge.inner(states[k + 1], review.CHANCE_DEPTH - 1)
        assert row["luck"] == {s: round(round(got[s], 3) - graph[k][s], 3) for s in mean}
        total = dict.fromkeys(mean, 0.0)
        for outcome, p in state.chance_outcomes():
            ch = judge.inner(state.play(outcome), review.CHANCE_DEPTH - 1)
            for s in mean:
                total[s] += p * (ch[s] - mean[s])
        assert all(abs(v) < 1e-9 for v in total.values())
        checked += 1
    assert checked > 10


def test_the_judge_bench_counts_the_top_levels_marks_and_a_stronger_judges_agreement(
        tmp_path):
    """``python -m tools.benchreview --judge`` (issue 50's figures): games of the top level
    against itself, the share of its decisions each mark takes and how often a judge on
    more work marks alike.  Tripppin's judge is exact: its perfect level is never marked,
    and any work agrees."""
    out, kept = tmp_path / "j.json", tmp_path / "games.jsonl"
    command = [sys.executable, "-m", "tools.benchreview", "--judge", "--only", "tripppin",
               "--games", "2", "--max-plies", "40", "--json", str(out), "--records",
               str(kept)]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    r = json.loads(out.read_text())["tripppin"]
    assert r["games"] == 2 and r["level"] == 10 and r["work"] == 4.0
    assert 0 < r["decisions"] <= r["plies"] <= 80
    assert r["shares"] == {"inaccuracy": 0.0, "mistake": 0.0, "blunder": 0.0,
                           "agreement": 1.0} and r["goals_met"] and r["marked"] == []
    n = r["decisions"]                        # each share's 95% interval (Wilson's)
    assert r["intervals"]["blunder"][0] == 0.0 and 0 < r["intervals"]["blunder"][1] < 0.1
    assert r["intervals"]["agreement"][1] == 1.0 and r["intervals"]["agreement"][0] > 1 - 4 / n
    assert len(r["review_cpu_s_a_game"]) == 2 and r["review_cpu_median_s"] >= 0
    assert done.stdout.startswith("tripppin: 2 games") and "(median)" in done.stdout
    records = [json.loads(line) for line in kept.read_text().splitlines()]
    assert [(x["game"], x["seed"]) for x in records] == [("tripppin", 50001),
                                                         ("tripppin", 50002)]
    again = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert again.returncode == 0, again.stderr     # the kept games read back, not played
    r2 = json.loads(out.read_text())["tripppin"]
    assert r2["cpu_play_s"] == 0.0 and r2["decisions"] == n and len(kept.read_text().splitlines()) == 2


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_a_try_at_a_marked_move_is_valued_as_the_review_values_moves(entry):
    """review.try_move (for "learn from your mistakes"): the move played at a marked
    decision is "not better" with the row's own numbers, the judge's best is "best", and
    any try's verdict follows its loss against the game's inaccuracy line."""
    data, judge, result = reviewed(entry, judge=True)
    states, _ = review.states_of(entry, data)
    line = min(at for at, _ in judge.thresholds)
    rows = [r for r in result["moves"] if r["seat"] is not None and not r["forced"]]
    marked = [r for r in rows if r["judgement"] != "good"]
    for row in (marked or rows)[:2]:
        state = states[row["ply"] - 1]
        move_played = state.parse_move(row["move"])
        played = review.try_move(judge, state, move_played, move_played)
        assert (played["before"], played["after"], played["loss"]) == (
            row["before"], row["after"], row["loss"])
        assert played["verdict"] == ("not better" if row["judgement"] != "good" else
                                     "best" if row["loss"] == 0 else "good enough")
        if row["better"]:                       # the better move the row names
            assert played["best"] == row["better"]
        best = state.parse_move(played["best"])
        assert review.try_move(judge, state, best, move_played)["verdict"] == "best"
        for move in state.legal_moves()[:2]:
            got = review.try_move(judge, state, move, move_played)
            assert got["verdict"] == ("best" if move == best or got["loss"] == 0 else
                                      "good enough" if got["loss"] < line - 1e-9 else
                                      "not better")


def test_tripppin_gives_a_forced_win_away_as_a_blunder_at_any_distance():
    """Issue 50: Tripppin is solved, so a move that turns a forced win, in 1 move or in
    many, into a position where the mover cannot force one is a blunder naming the
    winning move, said in the solver's words; a move that keeps a forced win (a longer
    one) gives nothing of the value away and says so ("can force a win in 7 moves")."""
    from games.tripppin import solver
    entry = games.get("tripppin")
    rules = entry.rules_module()
    judge = review.Judge(entry)
    seen = set()
    for g in range(40):
        rng = random.Random(g)
        state = rules.new_game(seed=g)
        moves = []
        while not state.is_over and len(moves) < 60:
            kind, n = solver.cached_solution(state).value(state)
            if kind == "win":
                for move in state.legal_moves():
                    after = state.play(move)
                    keeps = (after.is_over and state.turn in after.winners()) or (
                        not after.is_over
                        and solver.cached_solution(after).value(after)[0] == "loss")
                    data = {"game": "tripppin", "seed": g, "options": {}, "start": None,
                            "moves": moves + [state.move_text(move)]}
                    row = review.review(entry, data, judge=judge)["moves"][-1]
                    assert row["game"]["before"] == solver.verdict(state)
                    assert f"can force a win in {n} move" in row["game"]["before"]
                    if keeps:
                        assert row["judgement"] == "good" and row["loss"] == 0, row
                    else:
                        assert row["judgement"] == "blunder" and row["better"], row
                        better = state.play(state.parse_move(row["better"]))
                        assert better.is_over or solver.cached_solution(
                            better).value(better)[0] == "loss"
                        seen.add((n == 1, "neither" if not after.is_over and solver.
                                  cached_solution(after).value(after)[0] == "draw"
                                  else "lost"))
            move = rng.choice(state.legal_moves())
            moves.append(state.move_text(move))
            state = state.play(move)
    assert (True, "neither") in seen and (False, "neither") in seen, seen


def test_the_graph_steps_where_a_decisions_best_known_move_moves_the_positions_value():
    """Issue 50: the graph says the review's numbers: a decision whose best known move is
    worth more (or less) than the judge's value of the position (``second_look``) is an
    upright step at its ply, from the point before it to its ``before``, then the line
    goes on to its ``after``."""
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame
    from games.ui import replaydraw
    rows = [{"ply": 1, "seat": "red", "before": 0.6, "after": 0.6, "judgement": "good",
             "second_look": {"red": 0.2, "blue": -0.2},
             "chances": {"red": 0.6, "blue": 0.4}, "start": {"red": 0.4, "blue": 0.6}},
            {"ply": 2, "seat": "blue", "before": 0.4, "after": 0.1, "second_look": None,
             "judgement": "blunder", "chances": {"red": 0.9, "blue": 0.1}}]
    series = replaydraw.chance_series(rows, ["red", "blue"], 2)
    assert series["red"] == [(0.4, 0.6), 0.6, 0.9]
    assert series["blue"] == [(0.6, 0.4), 0.4, 0.1]
    assert replaydraw.left(series["red"][0]) == rows[0]["before"]
    assert replaydraw.arrived(series["blue"][2]) == rows[1]["after"]
    pygame.init()
    surface = pygame.Surface((103, 103))
    area = pygame.Rect(0, 0, 103, 103)
    red = (255, 0, 0)
    replaydraw.draw_graph(surface, area, {"red": series["red"]}, {"red": red}, 2, 2,
                          (0, 0, 0), (90, 90, 90), (200, 200, 200))
    inner = area.inflate(-2, -2)
    x0 = replaydraw.ply_x(inner, 0, 2)

    def y_of(v):
        return inner.bottom - 1 - round(v * (inner.h - 1))
    column = [y for y in range(inner.y, inner.bottom)
              if tuple(surface.get_at((x0, y)))[:3] == red]
    assert min(column) <= y_of(0.6) and max(column) >= y_of(0.4), column   # the step
    x1 = replaydraw.ply_x(inner, 1, 2)                      # then flat to the after
    assert tuple(surface.get_at((x1, y_of(0.6))))[:3] == red
