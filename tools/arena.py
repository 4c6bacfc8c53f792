"""Computer against computer, through the rules protocol only.

    python -m tools.arena GAME --seat LEVEL [--seat LEVEL ...] --games N --seed S
                          [--max-moves M] [--jobs J] [--json FILE] [--option KEY=VALUE]
                          [--audit]

Each ``--seat`` is an entrant playing at that level: a number, or a name the game's ai
module knows (its ``parse_level``, e.g. ``perfect`` for Tripppin), or the name of an
outside opponent: a game may keep, in ``tools/rivals/<game>.py``, players written apart
from its own (``RIVALS``, a tuple of names, and ``choose_move(state, name, rng,
history=())``) to measure its levels against; they are not levels of the game. Game i uses seed S+i and rotates the
entrants round the seats by i places, so every entrant plays every seat (and, in a
two-player game, moves first in half the games). A game still running after M moves is
counted as "capped": nobody won it. Chance points are drawn from a Random seeded by the
game. Prints wins, losses, ties and capped games per entrant, and time per move.

``--audit`` (games whose ai module has ``audit(history, pieces) -> dict of counts``, e.g.
Tripppin against its solved board): each entrant's moves are checked and the counts summed
and printed (for Tripppin: won positions given away, drawn positions turned into losses).

No pygame here.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import games


def play_one(game: str, levels: list, seed: int, rotation: int, max_moves: int,
             options: dict, audit: bool = False) -> dict:
    """Play one game; returns each entrant's result and its move times."""
    entry = games.get(game)
    rules, ai = entry.rules_module(), entry.ai_module()
    rivals = rivals_module(game) if any(isinstance(lv, str) for lv in levels) else None
    state = rules.new_game(seed=seed, **options)
    seats = list(state.players)
    n = len(seats)
    # entrant k sits at seat (k + rotation) % n
    seat_of = {k: seats[(k + rotation) % n] for k in range(len(levels))}
    entrant_at = {s: k for k, s in seat_of.items()}
    chance = random.Random(f"{seed}/arena-chance")
    history = [state]
    times: dict[int, list] = {k: [] for k in range(len(levels))}
    moves = 0
    while not state.is_over and moves < max_moves:
        if state.is_chance:
            outcomes = state.chance_outcomes()
            r, acc = chance.random(), 0.0
            for outcome, p in outcomes:
                acc += p
                if r < acc:
                    break
            state = state.play(outcome)
        else:
            k = entrant_at.get(state.current)
            if k is None:
                raise ValueError(f"seat {state.current} has no entrant: give {n} --seat levels")
            rng = random.Random(f"{seed}/{len(history)}/{k}")
            t = time.perf_counter()
            if isinstance(levels[k], str):
                move = rivals.choose_move(state, levels[k], rng, history=tuple(history))
            else:
                move = ai.choose_move(state, levels[k], rng, history=tuple(history),
                                      **entry.ai_options)
            times[k].append(time.perf_counter() - t)
            state = state.play(move)
            moves += 1
        history.append(state)
    winners = state.winners() if state.is_over else frozenset()
    result = {}
    for k, seat in seat_of.items():
        if not state.is_over:
            outcome = "capped"
        elif seat in winners:
            outcome = "win" if len(winners) == 1 else "tie"
        else:
            outcome = "loss"
        result[k] = outcome
    out = {"seed": seed, "rotation": rotation, "moves": moves, "result": result,
           "times": times, "seats": seat_of}
    if audit and hasattr(ai, "audit"):
        out["audit"] = {k: ai.audit(history, [seat]) for k, seat in seat_of.items()}
    return out


def rivals_module(game: str):
    """The game's outside opponents (``tools/rivals/<game>.py``), or None."""
    try:
        return importlib.import_module(f"tools.rivals.{game}")
    except ModuleNotFoundError:
        return None


def _play_star(args):
    return play_one(*args)


def run_arena(game: str, levels: list, n_games: int, seed: int, max_moves: int = 400,
              jobs: int = 1, options: dict | None = None, audit: bool = False) -> dict:
    options = options or {}
    tasks = [(game, levels, seed + i, i, max_moves, options, audit) for i in range(n_games)]
    if jobs > 1 and n_games > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(_play_star, tasks, chunksize=1))
    else:
        results = [play_one(*t) for t in tasks]
    summary = {"game": game, "games": n_games, "seed": seed, "max_moves": max_moves,
               "entrants": []}
    ai = games.get(game).ai_module()
    ai_name = getattr(ai, "level_name", str)

    def name_of(level):
        return level if isinstance(level, str) else ai_name(level)
    for k, level in enumerate(levels):
        counts = {"win": 0, "loss": 0, "tie": 0, "capped": 0}
        ts = []
        for r in results:
            counts[r["result"][k]] += 1
            ts += r["times"][k]
        summary["entrants"].append({
            "entrant": k + 1, "level": level, "level_name": name_of(level), **counts,
            "win_rate": counts["win"] / n_games if n_games else 0.0,
            "moves": len(ts),
            "move_ms_median": statistics.median(ts) * 1000 if ts else 0.0,
            "move_ms_p95": _pct(ts, 95) * 1000 if ts else 0.0,
            "move_ms_max": max(ts) * 1000 if ts else 0.0,
        })
        audits = [r["audit"][k] for r in results if "audit" in r]
        if audits:
            summary["entrants"][-1]["audit"] = {
                key: sum(a[key] for a in audits) for key in audits[0]}
    summary["mean_moves"] = statistics.mean(r["moves"] for r in results) if results else 0
    return summary


def _pct(values, p):
    v = sorted(values)
    return v[min(len(v) - 1, int(round(p / 100 * (len(v) - 1))))]


def format_summary(s: dict) -> str:
    lines = [f"{s['game']}: {s['games']} games from seed {s['seed']}, "
             f"cap {s['max_moves']} moves, {s['mean_moves']:.1f} moves a game on average",
             f"{'entrant':>7} {'level':>7} {'wins':>5} {'losses':>6} {'ties':>5} {'capped':>6} "
             f"{'win%':>6} {'ms/move median':>15} {'p95':>8} {'max':>8}"]
    for e in s["entrants"]:
        lines.append(f"{e['entrant']:>7} {e.get('level_name', e['level']):>7} {e['win']:>5} {e['loss']:>6} "
                     f"{e['tie']:>5} {e['capped']:>6} {100 * e['win_rate']:>5.1f}% "
                     f"{e['move_ms_median']:>15.1f} {e['move_ms_p95']:>8.1f} "
                     f"{e['move_ms_max']:>8.1f}")
    for e in s["entrants"]:
        if "audit" in e:
            lines.append(f"audit, entrant {e['entrant']} ({e.get('level_name', e['level'])}): "
                         + _audit_text(e["audit"]))
    return "\n".join(lines)


def _audit_text(a: dict) -> str:
    """The audit counts as text; Tripppin's keys get sentences with rates."""
    if {"moves", "won", "won_lost", "drawn", "drawn_lost"} <= set(a):
        def rate(n, d):
            return f"{100 * n / d:.1f}%" if d else "-"
        lost = a["won_lost"] + a["drawn_lost"]
        return (f"{a['moves']} moves; from won positions {a['won']}, gave the win away "
                f"{a['won_lost']} ({rate(a['won_lost'], a['won'])}); from drawn positions "
                f"{a['drawn']}, moved into a loss {a['drawn_lost']} "
                f"({rate(a['drawn_lost'], a['drawn'])}); in all "
                f"{rate(lost, a['won'] + a['drawn'])} of the moves from won or drawn "
                f"positions"
                + (f"; first position won {a['start_won']}, drawn {a['start_drawn']}, "
                   f"lost {a['start_lost']} of {a['games']} games" if "games" in a else ""))
    return ", ".join(f"{k} {v}" for k, v in a.items())


def _option(text: str):
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"{text!r} is not KEY=VALUE")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.arena",
                                description="Play the computer players against each other.")
    p.add_argument("game", choices=[g.name for g in games.playable(include_hidden=True)])
    p.add_argument("--seat", dest="seats", action="append", required=True,
                   metavar="LEVEL", help="one per entrant, in seat order (a number, a "
                   "level name the game knows, e.g. perfect, or an outside opponent "
                   "from tools/rivals/<game>.py, e.g. rival)")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-moves", type=int, default=400)
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--option", type=_option, action="append", default=[],
                   help="a new_game option, e.g. board=3")
    p.add_argument("--json", metavar="FILE")
    p.add_argument("--audit", action="store_true",
                   help="check every move against the game's audit (Tripppin: the solved "
                   "board)")
    args = p.parse_args(argv)
    entry = games.get(args.game)
    ai = entry.ai_module()
    levels = list(getattr(ai, "ALL_LEVELS", getattr(ai, "LEVELS", [])))
    parse = getattr(ai, "parse_level", int)
    rivals = rivals_module(args.game)
    seats = []
    for text in args.seats:
        if rivals is not None and text in rivals.RIVALS:
            seats.append(text)
            continue
        try:
            lv = parse(text)
        except ValueError:
            p.error(f"{text!r} is not a level of {args.game}")
        if levels and lv not in levels:
            p.error(f"level {text} is not one of {args.game}'s levels "
                    f"({', '.join(map(getattr(ai, 'level_name', str), levels))})")
        seats.append(lv)
    args.seats = seats
    if args.audit and not hasattr(ai, "audit"):
        p.error(f"{args.game} has no audit")
    try:
        n_players = len(entry.rules_module().new_game(seed=1, **dict(args.option)).players)
    except (TypeError, ValueError) as exc:
        p.error(f"{args.game} cannot start a game with those options "
                f"({', '.join(f'{k}={v}' for k, v in args.option) or 'none'}): {exc}")
    if len(args.seats) != n_players:
        p.error(f"{args.game} has {n_players} seats: give --seat {n_players} times")
    if args.games < 1:
        p.error("--games must be 1 or more")
    t = time.perf_counter()
    s = run_arena(args.game, args.seats, args.games, args.seed, args.max_moves,
                  max(1, args.jobs), dict(args.option), audit=args.audit)
    s["wall_s"] = time.perf_counter() - t
    print(format_summary(s))
    print(f"({s['wall_s']:.1f} s)")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(s, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
