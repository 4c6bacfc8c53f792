"""Recorded arena games for the review's judges: fit their calibrations and check them
(a developer's tool, not a level).  Pure Python.

    python -m tools.tune.judges play GAME --seat L --seat L ... --games N --seed S --out F
                                     [--option KEY=VALUE] [--max-moves M]
    python -m tools.tune.judges fit GAME FILE [FILE ...] [--every K]
    python -m tools.tune.judges check GAME FILE [FILE ...] [--every K]
    python -m tools.tune.judges losses GAME FILE [FILE ...]

``play`` plays arena games (``tools.arena``'s seating: game i has seed S+i and the
entrants rotated i places round the seats) and keeps each as a record: the save's
dictionary (``Table.save_data``'s fields, dice and spins drawn as the table draws them, so
``python -m games.core.review`` replays it), with the level at each seat and the winners;
one JSON object a line in ``--out``.

``fit`` fits a judge's calibration (``FIT_PARAMS`` in ``games/<game>/judge.py``: the
constants that map the top level's evaluation of each seat to a winning chance) to the
records by least log loss, and prints the constants to bake into judge.py.  ``check``
prints the calibration table of the judge as it stands on other records: positions
grouped by the chance the judge gives a seat, how many, and how often that seat won (a
shared win counts as its share).  ``losses`` reviews every record (``games.core.review``)
and prints the mean loss per decision of each level and the luck per throw.

Same records, same figures: there is no clock and no unseeded randomness.  The figures
in the judges' docstrings (FIT_NOTES) came from these records (``J`` for ``python -m
tools.tune.judges``; tests/test_judges.py's slow tests play the check games again):

    J play triple3 --seat 1 --seat 2 --games 67 --seed 1001 --out t3.jsonl
    J play triple3 --seat 2 --seat 3 --games 67 --seed 2001 --out t3.jsonl
    J play triple3 --seat 1 --seat 3 --games 66 --seed 3001 --out t3.jsonl
    J losses triple3 t3.jsonl; J check triple3 t3.jsonl
    J play tribolo --seat 3 --seat 2 --seat 1 --games 100 --seed 10001 --out tb_fit.jsonl
    J play tribolo --seat 3 --seat 3 --seat 2 --games 100 --seed 10101 --out tb_fit.jsonl
    (the same from seeds 20001 and 20101 to tb_check.jsonl)
    J fit tribolo tb_fit.jsonl --every 2; J check tribolo tb_check.jsonl
    J play triaxis --seat 3 --seat 2 --option seats=2 --games 100 --seed 30001 --out tx_fit.jsonl
    J play triaxis --seat 3 --seat 2 --seat 1 --option seats=3 --games 100 --seed 30101 \
        --out tx_fit.jsonl
    (the same from seeds 40001 and 40101 to tx_check.jsonl)
    J fit triaxis tx_fit.jsonl --every 3; J check triaxis tx_check.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys

import games
from games.core import review
from games.core.table import _seed_draw

BINS = tuple(i / 10 for i in range(11))


# --------------------------------------------------------------------------- games

def play(game: str, levels: list, seed: int, rotation: int, options: dict | None = None,
         max_moves: int = 3000) -> dict:
    """One arena game as a record: the save's fields, ``levels`` (seat -> level) and
    ``winners`` (empty if it reached ``max_moves`` plies unfinished)."""
    entry = games.get(game)
    rules, ai = entry.rules_module(), entry.ai_module()
    options = dict(options or {})
    state = rules.new_game(seed=seed, **options)
    seats = state.players
    n = len(seats)
    level_of = {seats[(k + rotation) % n]: levels[k] for k in range(n)}
    moves = []
    while not state.is_over and len(moves) < max_moves:
        if state.is_chance:
            move = _seed_draw(seed, len(moves), state)
        else:
            rng = random.Random(f"{seed}/{len(moves)}/judges")
            move = ai.choose_move(state, level_of[state.current], rng, **entry.ai_options)
        moves.append(state.move_text(move))
        state = state.play(move)
    return {"game": game, "seed": seed, "options": options, "start": None, "moves": moves,
            "levels": level_of, "winners": sorted(state.winners()) if state.is_over else [],
            "over": state.is_over}


def play_many(game, levels, n_games, seed, options=None, max_moves=3000, out=None):
    """``n_games`` records from seed ``seed`` (written a line each to ``out`` if given)."""
    records = []
    for i in range(n_games):
        rec = play(game, levels, seed + i, i, options, max_moves)
        records.append(rec)
        if out is not None:
            out.write(json.dumps(rec) + "\n")
            out.flush()
    return records


def load(paths) -> list:
    out = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            out += [json.loads(line) for line in f if line.strip()]
    return out


def states_of(rec) -> list:
    """Every position of a record, the first to the last (replayed by the rules)."""
    entry = games.get(rec["game"])
    state = entry.rules_module().new_game(seed=rec["seed"], **(rec.get("options") or {}))
    out = [state]
    for text in rec["moves"]:
        state = state.play(state.parse_move(text))
        out.append(state)
    return out


# --------------------------------------------------------------------------- calibration

def labelled(records, every: int = 1, chance_points: bool = False):
    """(state, {seat: share of the win}) for the decision positions of finished records
    (every ``every``-th; chance points too with ``chance_points``); the game's last
    position is left out (it is exact)."""
    for rec in records:
        if not rec.get("over"):
            continue
        won = rec["winners"]
        for k, state in enumerate(states_of(rec)[:-1]):
            if k % every or (state.is_chance and not chance_points):
                continue
            share = {p: (1.0 / len(won) if p in won else 0.0) for p in state.players}
            yield state, share


def table(pairs) -> list:
    """[(low, high, count, mean predicted, observed)] over ``pairs`` of (predicted chance,
    share of the win)."""
    rows = []
    for lo, hi in zip(BINS, BINS[1:]):
        got = [(p, y) for p, y in pairs if lo <= p < hi or (hi == 1.0 and p == 1.0)]
        if got:
            rows.append((lo, hi, len(got), sum(p for p, _ in got) / len(got),
                         sum(y for _, y in got) / len(got)))
        else:
            rows.append((lo, hi, 0, None, None))
    return rows


def calibration(game: str, records, every: int = 1) -> tuple:
    """(table, log loss, pairs) of the game's judge on ``records``: every seat of every
    labelled position."""
    judge = review._judge_module(games.get(game))
    pairs, loss = [], 0.0
    for state, share in labelled(records, every):
        ch = judge.win_chances(state)
        for seat, y in share.items():
            p = ch.get(seat, 0.0)
            pairs.append((p, y))
            q = min(1 - 1e-6, max(1e-6, p))
            loss -= y * math.log(q) + (1 - y) * math.log(1 - q)
    return table(pairs), loss / max(1, len(pairs)), pairs


def format_table(rows) -> str:
    lines = [f"{'chance':>9} {'count':>7} {'mean':>6} {'won':>6}"]
    for lo, hi, n, mean, won in rows:
        if n:
            lines.append(f"{lo:.1f}-{hi:.1f} {n:>7} {mean:>6.3f} {won:>6.3f}")
        else:
            lines.append(f"{lo:.1f}-{hi:.1f} {n:>7} {'-':>6} {'-':>6}")
    return "\n".join(lines)


def fit(game: str, records, every: int = 1, rounds: int = 4) -> dict:
    """The judge's ``FIT_PARAMS`` that give the least log loss on ``records`` (coordinate
    search, each constant by golden section in its ``FIT_RANGE``)."""
    judge = review._judge_module(games.get(game))
    data = [(judge.fit_features(state), share) for state, share in labelled(records, every)]
    params = dict(judge.FIT_PARAMS)

    def loss(p):
        total, n = 0.0, 0
        for feats, share in data:
            ch = judge.chances_from(feats, p)
            for seat, y in share.items():
                if seat in ch:
                    q = min(1 - 1e-9, max(1e-9, ch[seat]))
                    total -= y * math.log(q) + (1 - y) * math.log(1 - q)
                    n += 1
        return total / max(1, n)
    before = loss(params)
    for _ in range(rounds):
        for name, (lo, hi) in judge.FIT_RANGE.items():
            params[name] = _golden(lambda x: loss(dict(params, **{name: x})), lo, hi)
    return {"params": {k: round(v, 4) for k, v in params.items()}, "loss_before": before,
            "loss_after": loss(params), "positions": len(data)}


def _golden(f, lo, hi, steps: int = 30) -> float:
    g = (math.sqrt(5) - 1) / 2
    a, b = lo, hi
    c, d = b - g * (b - a), a + g * (b - a)
    fc, fd = f(c), f(d)
    for _ in range(steps):
        if fc < fd:
            b, d, fd = d, c, fc
            c = b - g * (b - a)
            fc = f(c)
        else:
            a, c, fc = c, d, fd
            d = a + g * (b - a)
            fd = f(d)
    return (a + b) / 2


# --------------------------------------------------------------------------- losses

def losses(records) -> dict:
    """{"levels": {level: (decisions, mean loss)}, "pairings" (the same by the levels that
    met), "throws", "luck_per_throw" (the first seat's), "luck_abs_per_throw"} over the
    reviews of ``records`` (the judge's own game)."""
    by_level: dict = {}
    by_pair: dict = {}
    throws, luck_sum, luck_abs = 0, 0.0, 0.0
    for rec in records:
        entry = games.get(rec["game"])
        result = review.review(entry, rec)
        pair = " v ".join(str(lv) for lv in sorted(rec["levels"].values()))
        for row in result["moves"]:
            if row["seat"] is None:
                throws += 1
                first = next(iter(row["luck"]))          # the first seat's luck
                luck_sum += row["luck"][first]
                luck_abs += abs(row["luck"][first])
                continue
            level = rec["levels"][row["seat"]]
            drop = row["loss"]                  # before - after: the graph's drop
            d, total = by_level.get(level, (0, 0.0))
            by_level[level] = (d + 1, total + drop)
            key = f"{pair}: level {level}"
            d, total = by_pair.get(key, (0, 0.0))
            by_pair[key] = (d + 1, total + drop)
    return {"levels": {lv: (d, t / d) for lv, (d, t) in sorted(by_level.items())},
            "pairings": {k: (d, t / d) for k, (d, t) in sorted(by_pair.items())},
            "throws": throws, "luck_per_throw": luck_sum / max(1, throws),
            "luck_abs_per_throw": luck_abs / max(1, throws)}


# --------------------------------------------------------------------------- command

def _option(text: str):
    key, _, value = text.partition("=")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.tune.judges")
    sub = p.add_subparsers(dest="cmd", required=True)
    pl = sub.add_parser("play")
    pl.add_argument("game")
    pl.add_argument("--seat", dest="seats", action="append", required=True, type=int)
    pl.add_argument("--games", type=int, default=10)
    pl.add_argument("--seed", type=int, default=1)
    pl.add_argument("--max-moves", type=int, default=3000)
    pl.add_argument("--option", type=_option, action="append", default=[])
    pl.add_argument("--out", required=True)
    for name in ("fit", "check", "losses"):
        q = sub.add_parser(name)
        q.add_argument("game")
        q.add_argument("files", nargs="+")
        q.add_argument("--every", type=int, default=1)
    args = p.parse_args(argv)
    if args.cmd == "play":
        with open(args.out, "a", encoding="utf-8") as out:
            play_many(args.game, args.seats, args.games, args.seed, dict(args.option),
                      args.max_moves, out)
        return 0
    records = [r for r in load(args.files) if r["game"] == args.game]
    if args.cmd == "fit":
        print(json.dumps(fit(args.game, records, args.every), indent=1))
    elif args.cmd == "check":
        rows, loss, pairs = calibration(args.game, records, args.every)
        print(f"{args.game}: {len(records)} records, {len(pairs)} (position, seat) pairs, "
              f"log loss {loss:.4f}")
        print(format_table(rows))
    else:
        print(json.dumps(losses(records), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
