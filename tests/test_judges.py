"""The review's judges (games/<game>/judge.py): the review command on a real record of every
registered game writes its documented JSON; Triple 3's judge is level 3's own value and
orders the levels by their mean loss, its luck averaging out; Tribolo's and TriAxis's
chances are calibrated.

The default run plays a few games a judge; the 200-game checks that the figures in each
judge's FIT_NOTES come from are marked slow (``python -m pytest -m slow tests/test_judges.py``).
"""

from __future__ import annotations

import ast
import json
import math
import random
import subprocess
import sys
from pathlib import Path

import pytest

import games
from games.core import gamerecord, review
from tools.tune import judges

ROOT = Path(__file__).resolve().parents[1]
REGISTERED = games.playable()
ROW_FIELDS = {"ply", "seat", "move", "before", "after", "judgement", "better"}


def _real_record(entry, plies: int) -> dict:
    """A record of the computer playing ``entry`` at its lowest level, ``plies`` long at
    most, dice and spins drawn as the table draws them."""
    ai = entry.ai_module()
    level = min(getattr(ai, "LEVELS", (1,)))
    options = dict(entry.test_options[0])
    seats = len(entry.rules_module().new_game(seed=5, **options).players)
    rec = judges.play(entry.name, [level] * seats, 5, 0, options, max_moves=plies)
    return {k: rec[k] for k in ("game", "seed", "options", "start", "moves")}


@pytest.mark.parametrize("entry", REGISTERED, ids=lambda e: e.name)
def test_the_review_command_writes_the_documented_json_for_a_real_record(entry, tmp_path):
    data = _real_record(entry, 60)
    record = tmp_path / f"{entry.name}.txt"
    record.write_text(gamerecord.to_text(data))
    out = tmp_path / "review.json"
    run = subprocess.run([sys.executable, "-m", "games.core.review", entry.name, str(record),
                          "--json", str(out)], cwd=ROOT, capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr
    got = json.loads(out.read_text())
    assert got["game"] == entry.name and got["seed"] == data["seed"]
    assert len(got["moves"]) == len(data["moves"])
    for n, row in enumerate(got["moves"], 1):
        assert set(row) >= ROW_FIELDS and row["ply"] == n
        assert row["move"] == data["moves"][n - 1]
        if row["seat"] is None:                       # a chance point: each seat's luck
            assert set(row["luck"]) <= set(got["seats"])
        else:
            assert row["judgement"] in ("good", "inaccuracy", "mistake", "blunder")
    for seat, summary in got["seats"].items():
        assert set(summary) >= {"decisions", "mean_loss", "luck"}
        assert 0.0 <= summary["mean_loss"] <= 1.0


@pytest.mark.parametrize("name", ["triple3", "tribolo", "triaxis"])
def test_a_judge_is_pure_exact_and_gives_chances_that_sum_to_one(name):
    entry = games.get(name)
    judge = review._judge_module(entry)
    assert judge is not None and judge.EXACT
    tree = ast.parse(Path(judge.__file__).read_text())
    imported = {a.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                for a in node.names}
    imported |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert imported and all(m.split(".")[0] not in ("pygame", "numpy", "tools")
                            for m in imported), imported
    rec = _real_record(entry, 120)
    for state in judges.states_of(rec):
        ch = judge.win_chances(state)
        assert set(ch) == set(state.players)
        assert all(0.0 <= p <= 1.0 for p in ch.values())
        assert math.isclose(sum(ch.values()), 1.0, abs_tol=1e-9)


# --------------------------------------------------------------------------- Triple 3

def test_triple3s_judge_is_level_3s_own_value():
    from games.triple3 import ai, judge
    from games.triple3.rules import new_game
    state = new_game(first="blue")
    rng = random.Random(3)
    seen = 0
    for n in range(60):
        if state.is_over:
            break
        if state.is_chance:
            red, blue = ai.split(state)
            v = ai.static_value(red, blue, state.turn_index)
            assert judge.win_chances(state)["red"] == pytest.approx((v + 1) / 2)
            state = state.play(rng.choice(state.chance_outcomes())[0])
        else:
            kids = [judge.win_chances(state.play(m))[state.current]
                    for m in state.legal_moves()]
            assert judge.win_chances(state)[state.current] == pytest.approx(max(kids))
            state = state.play(ai.choose_move(state, 1, rng))
            seen += 1
    assert seen > 10


def _triple3_figures(pairings, n_games: int, seed: int) -> dict:
    records = []
    for k, levels in enumerate(pairings):
        records += judges.play_many("triple3", list(levels), n_games, seed + 1000 * k)
    return judges.losses(records)


def test_triple3s_mean_loss_orders_the_levels_on_a_few_games():
    got = _triple3_figures([(1, 3)], 8, 1)
    loss = {lv: m for lv, (_, m) in got["levels"].items()}
    assert loss[1] > 2 * loss[3], got
    assert abs(got["luck_per_throw"]) < 0.01, got


@pytest.mark.slow
def test_triple3s_mean_loss_orders_the_levels_over_200_games():
    """1 v 2, 2 v 3 and 1 v 3, 67, 67 and 66 games, seats rotated (FIT_NOTES' figures)."""
    records = []
    for levels, n, seed in (((1, 2), 67, 1001), ((2, 3), 67, 2001), ((1, 3), 66, 3001)):
        records += judges.play_many("triple3", list(levels), n, seed)
    got = judges.losses(records)
    loss = {lv: m for lv, (_, m) in got["levels"].items()}
    assert loss[1] > loss[2] > loss[3], got
    assert abs(got["luck_per_throw"]) < 0.005, got


# --------------------------------------------------------------------------- calibration

def _uniform_loss(records) -> float:
    """The log loss of knowing nothing (every seat 1/n) on the same positions."""
    total = count = 0
    for state, share in judges.labelled(records):
        q = 1.0 / len(state.players)
        for y in share.values():
            total -= y * math.log(q) + (1 - y) * math.log(1 - q)
            count += 1
    return total / count


def _favourites_win(pairs) -> tuple:
    """(how often a seat valued above 0.6 won, how often one valued below 0.2 won)."""
    hi = [y for p, y in pairs if p > 0.6]
    lo = [y for p, y in pairs if p < 0.2]
    return sum(hi) / max(1, len(hi)), sum(lo) / max(1, len(lo))


@pytest.mark.parametrize("name, levels, options", [
    ("tribolo", (2, 1, 1), {}),
    ("triaxis", (2, 1), {"seats": 2}),
])
def test_the_chances_know_more_than_nothing_on_a_few_games(name, levels, options):
    records = judges.play_many(name, list(levels), 6, 77, options)
    _, loss, pairs = judges.calibration(name, records)
    assert loss < 0.8 * _uniform_loss(records)
    hi, lo = _favourites_win(pairs)
    assert hi > 0.6 and lo < 0.2, (hi, lo)


# The check games (not those the constants were fitted to): two sets of 100, as in each
# judge's FIT_NOTES (``python -m tools.tune.judges play/check``).
CHECKS = {
    "tribolo": [((3, 2, 1), {}, 20001), ((3, 3, 2), {}, 20101)],
    "triaxis": [((3, 2), {"seats": 2}, 40001), ((3, 2, 1), {"seats": 3}, 40101)],
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(CHECKS))
def test_the_chances_are_calibrated_over_200_games_not_fitted(name):
    records = []
    for levels, options, seed in CHECKS[name]:
        records += judges.play_many(name, list(levels), 100, seed, options)
    rows, loss, pairs = judges.calibration(name, records)
    band = [y for p, y in pairs if 0.6 <= p <= 0.8]
    assert len(band) > 200 and 0.6 <= sum(band) / len(band) <= 0.8, rows
    for lo, hi, n, mean, won in rows:       # the rest within 15 points (a game's
        if n >= 500:                        # positions share one result: few samples)
            assert abs(won - mean) < 0.15, rows
