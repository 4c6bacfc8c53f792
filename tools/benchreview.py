"""The review's speed (issue 38) and its judge's marks (issue 50).

    python -m tools.benchreview [--plies 100] [--runs 3] [--only GAME,...] [--json FILE]
    python -m tools.benchreview --judge [--games N] [--seed S] [--max-plies M] [--work W]
                                [--only GAME,...] [--json FILE] [--records FILE]

For every listed game: a game of about ``--plies`` moves (every seat at the lowest level,
chance drawn from the seed), then

- ``review``: ``games.core.review.review`` on its record, wall and CPU seconds, median of
  ``--runs`` (each run a fresh judge: nothing remembered from the last);
- ``frames``: the replay screen opened over it on SDL's dummy driver, its review running in
  its worker process, every frame's wall time until the review is done (median, p99, max):
  the review never holds a frame.

With ``--judge``, for every listed game: ``--games`` games of the top level against
itself (``tools.tune.judges.play``: game i has seed S+i, its seats rotated i places; dice
and spins drawn as the table draws them; a game still going after ``--max-plies`` plies
is reviewed as far as it went), each reviewed by the judge as shipped and by one given
``--work`` times its work (4 by default).  Per game: the top level's decisions (its moves
that had another legal move), the share the shipped judge marks inaccuracy, mistake and
blunder (the goals: at most 2%, at most 0.5%, none), the share of decisions both judges
mark alike (the goal: at least 95%), each share with its 95% interval (Wilson's, counting
decisions as independent: the moves of one game are not quite, so read it as a guide), the
mean luck a chance point gives the seat to move after it (near zero: luck averages zero
over the outcomes) and its mean second look (how much the judge's value of the position
the outcome gave moves when it looks further), the CPU seconds of the play and each
review, and the shipped review's wall and CPU seconds a game (median).  The JSON lists
every decision either judge marked (``marked``: its seed and ply, the shipped judge's
row, the other's judgement, before, after and better move), so a mark can be looked at
again (``python -m games.core.review`` on the game, or the replay).
``--records FILE`` keeps the games played (one JSON record a line, as ``python -m
tools.tune.judges play`` writes them) and reads them back on the next run with the same
game, seed, options and ``--max-plies`` instead of playing them again (the top level's
play does not depend on the judge, so a judge can be changed and measured again on the
same games).
Same seeds, same figures: nothing depends on time.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def game_record(entry, plies: int, seed: int = 1) -> dict:
    """A game of about ``plies`` moves at the lowest level, as a save holds it."""
    from games.core.table import Table
    ai = entry.ai_module()
    low = min(getattr(ai, "LEVELS", (1,)))
    t = Table(entry.name, entry.rules, entry.ai, seed=seed)
    rng = random.Random(seed)
    while t.ply < plies and not t.state.is_over:
        s = t.state
        if s.is_chance:
            t.roll()
        else:
            t.play(ai.choose_move(s, low, rng, **entry.ai_options))
    return t.save_data()


def time_review(entry, data: dict, runs: int) -> dict:
    from games.core import review
    wall, cpu = [], []
    for _ in range(runs):
        w, c = time.perf_counter(), time.process_time()
        review.review(entry, data, judge=review.Judge(entry, seed=data.get("seed") or 0))
        wall.append(time.perf_counter() - w)
        cpu.append(time.process_time() - c)
    return {"plies": len(data["moves"]), "wall_median_s": round(statistics.median(wall), 2),
            "cpu_median_s": round(statistics.median(cpu), 2), "runs": runs}


def replay_frames(entry, data: dict, limit_s: float = 600.0) -> dict:
    """Frame wall times with the replay screen open while its review runs."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import tempfile
    from games.core.app import App, Options
    from games.ui.replay import replay_scene
    with tempfile.TemporaryDirectory() as tmp:
        app = App(Options(data_dir=tmp, fullscreen=False, window_size=(1280, 960),
                          mute=True, anim_speed=0.0, modal_guard=0.0))
        try:
            host = app.push(entry.scene_factory()(app, seed=data.get("seed") or 0,
                                                  title=False))
            app.step()
            replay = app.push(replay_scene(host, data))
            times, end = [], time.monotonic() + limit_s
            while replay.judging and time.monotonic() < end:
                t = time.perf_counter()
                app.step()
                times.append((time.perf_counter() - t) * 1000.0)
                app.wait(1 / 60)
            done = not replay.judging
        finally:
            app.shutdown(quit_pygame=False)
    times.sort()
    return {"frames": len(times), "done": done,
            "median_ms": round(statistics.median(times), 2) if times else None,
            "p99_ms": round(times[int(len(times) * 0.99)], 2) if times else None,
            "max_ms": round(times[-1], 2) if times else None}


GOALS = {"inaccuracy": 0.02, "mistake": 0.005, "blunder": 0.0, "agreement": 0.95}


def wilson(k: int, n: int, z: float = 1.96) -> tuple:
    """Wilson's score interval (95% by default) of a share of ``k`` in ``n``."""
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def load_records(path) -> list:
    """The records kept in ``path`` (none when it does not exist yet)."""
    if not path or not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def played(entry, levels, seed: int, rotation: int, options: dict, max_plies: int,
           kept: list, keep_to=None) -> tuple:
    """(record, CPU seconds spent playing it): one of ``kept`` with the same game, seed,
    options and plies at most, else played now (``tools.tune.judges.play``) and appended
    to ``keep_to`` when given."""
    from tools.tune import judges
    for rec in kept:
        if (rec.get("game") == entry.name and rec.get("seed") == seed
                and (rec.get("options") or {}) == options
                and rec.get("max_plies") == max_plies
                and sorted(rec.get("levels", {}).values()) == sorted(levels)):
            return rec, 0.0
    c = time.process_time()
    rec = judges.play(entry.name, levels, seed, rotation, options, max_moves=max_plies)
    spent = time.process_time() - c
    rec["max_plies"] = max_plies
    if keep_to:
        with open(keep_to, "a", encoding="utf-8") as fh:
            fh.write(json.dumps(rec) + "\n")
    return rec, spent


def top_level(ai) -> int:
    """The game's strongest level (Tripppin's Perfect is one)."""
    return max(getattr(ai, "ALL_LEVELS", getattr(ai, "LEVELS", (1,))))


def judge_marks(entry, games_n: int, seed: int, max_plies: int, work: float,
                options=None, report=None, records=None) -> dict:
    """The judge's marks on ``games_n`` games of the top level against itself (see the
    module docstring); ``records``: the file of kept games (``--records``)."""
    from games.core import review
    ai = entry.ai_module()
    top = top_level(ai)
    options = dict(options or {})
    seats = len(entry.rules_module().new_game(seed=seed, **options).players)
    out = {"games": 0, "finished": 0, "plies": 0, "decisions": 0, "inaccuracy": 0,
           "mistake": 0, "blunder": 0, "agree": 0, "chance_points": 0, "luck_to_mover": 0.0,
           "second_look_to_mover": 0.0,
           "cpu_play_s": 0.0, "cpu_review_s": 0.0, "cpu_review_more_s": 0.0,
           "level": top, "work": work, "seed": seed, "max_plies": max_plies,
           "options": options, "marked": []}
    wall_game, cpu_game = [], []
    kept = load_records(records)
    for g in range(games_n):
        rec, spent = played(entry, [top] * seats, seed + g, g, options, max_plies, kept,
                            records)
        out["cpu_play_s"] += spent
        data = {k: rec[k] for k in ("game", "seed", "options", "start", "moves")}
        w, c = time.perf_counter(), time.process_time()
        shipped = review.review(entry, data, judge=review.Judge(entry, seed=seed + g))
        wall_game.append(time.perf_counter() - w)
        cpu_game.append(time.process_time() - c)
        out["cpu_review_s"] += cpu_game[-1]
        c = time.process_time()
        more = review.review(entry, data, judge=review.Judge(entry, seed=seed + g,
                                                             work=work))
        out["cpu_review_more_s"] += time.process_time() - c
        out["last_review_cpu_s"] = cpu_game[-1]
        out["games"] += 1
        out["finished"] += bool(rec["winners"])
        out["plies"] += len(data["moves"])
        states, _ = review.states_of(entry, data)
        for k, (a, b) in enumerate(zip(shipped["moves"], more["moves"])):
            if a["seat"] is None:
                out["chance_points"] += 1
                after = states[k + 1]
                mover = after.current if not after.is_over else None
                if mover is not None:
                    out["luck_to_mover"] += a["luck"][mover]
                    out["second_look_to_mover"] += a["second_look"][mover]
                continue
            if a["forced"]:
                continue
            out["decisions"] += 1
            if a["judgement"] in out:
                out[a["judgement"]] += 1
            out["agree"] += a["judgement"] == b["judgement"]
            if a["judgement"] in review.MARKS or b["judgement"] in review.MARKS:
                out["marked"].append({
                    "seed": seed + g, "ply": a["ply"], "seat": a["seat"], "move": a["move"],
                    "judgement": a["judgement"], "before": a["before"], "after": a["after"],
                    "better": a["better"], "game": a["game"],
                    "more": {k: b[k] for k in ("judgement", "before", "after", "better")}})
        if report is not None:
            report(g, out)
    n = max(1, out["decisions"])
    out["shares"] = {"inaccuracy": out["inaccuracy"] / n, "mistake": out["mistake"] / n,
                     "blunder": out["blunder"] / n, "agreement": out["agree"] / n}
    out["intervals"] = {k: [round(x, 4) for x in wilson(out["agree" if k == "agreement"
                                                            else k], out["decisions"])]
                        for k in out["shares"]}
    out["review_wall_median_s"] = round(statistics.median(wall_game), 2)
    out["review_cpu_s_a_game"] = [round(x, 2) for x in cpu_game]
    out["review_cpu_median_s"] = round(statistics.median(cpu_game), 2)
    out["mean_luck_to_mover"] = out["luck_to_mover"] / max(1, out["chance_points"])
    out["mean_second_look_to_mover"] = (out["second_look_to_mover"]
                                        / max(1, out["chance_points"]))
    out["goals_met"] = (out["shares"]["inaccuracy"] <= GOALS["inaccuracy"]
                        and out["shares"]["mistake"] <= GOALS["mistake"]
                        and out["shares"]["blunder"] <= GOALS["blunder"]
                        and out["shares"]["agreement"] >= GOALS["agreement"])
    for k in ("cpu_play_s", "cpu_review_s", "cpu_review_more_s", "luck_to_mover",
              "mean_luck_to_mover", "second_look_to_mover", "mean_second_look_to_mover"):
        out[k] = round(out[k], 4)
    return out


def judge_line(name: str, r: dict) -> str:
    sh, iv = r["shares"], r["intervals"]

    def share(k, places=2):
        lo, hi = iv[k]
        return (f"{100 * sh[k]:.{places}f}% ({r['agree' if k == 'agreement' else k]}; "
                f"95% {100 * lo:.{places}f}-{100 * hi:.{places}f})")
    return (f"{name}: {r['games']} games ({r['finished']} finished, {r['plies']} plies) of "
            f"level {r['level']} against itself, {r['decisions']} decisions: inaccuracy "
            f"{share('inaccuracy')}, mistake {share('mistake')}, blunder "
            f"{share('blunder')}; a judge on {r['work']:g}x the work marks "
            f"{share('agreement', 1)} alike; review a game {r['review_wall_median_s']:.1f} s "
            f"wall, {r['review_cpu_median_s']:.1f} s CPU (median); mean luck to the seat to "
            f"move "
            f"{100 * r['mean_luck_to_mover']:+.2f} points (second look "
            f"{100 * r['mean_second_look_to_mover']:+.2f}) over {r['chance_points']} chance "
            f"points; CPU {r['cpu_play_s']:.0f} s play, {r['cpu_review_s']:.0f} s review, "
            f"{r['cpu_review_more_s']:.0f} s review on {r['work']:g}x"
            f"{'' if r['goals_met'] else '  (goals not met)'}")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.benchreview",
                                description="The review's speed: a game's judgement and the "
                                            "frames while the replay judges it.")
    p.add_argument("--plies", type=int, default=100)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--only", default="", help="only these games (comma-separated)")
    p.add_argument("--no-frames", action="store_true", help="only the review's time")
    p.add_argument("--json", metavar="FILE")
    p.add_argument("--judge", action="store_true",
                   help="the judge's marks on games of the top level against itself")
    p.add_argument("--games", type=int, default=10, help="--judge: games a game")
    p.add_argument("--seed", type=int, default=50001, help="--judge: the first game's seed")
    p.add_argument("--max-plies", type=int, default=1000,
                   help="--judge: plies a game at most (reviewed as far as it went)")
    p.add_argument("--work", type=float, default=4.0,
                   help="--judge: the second judge's work, times the shipped judge's")
    p.add_argument("--option", action="append", default=[], metavar="GAME:KEY=VALUE",
                   help="--judge: a game's option (triaxis:seats=2)")
    p.add_argument("--records", metavar="FILE",
                   help="--judge: keep the games played here and read them back next time")
    args = p.parse_args(argv)
    if args.plies < 1 or args.runs < 1 or args.games < 1 or args.max_plies < 1:
        p.error("--plies, --runs, --games and --max-plies must be 1 or more")
    if args.work <= 0:
        p.error("--work must be above 0")
    sys.path.insert(0, str(ROOT))
    import games
    only = {n for n in args.only.split(",") if n}
    out = {}
    if args.judge:
        options: dict = {}
        for text in args.option:
            game, _, kv = text.partition(":")
            key, _, value = kv.partition("=")
            if not (game and key and value):
                p.error(f"--option {text!r}: GAME:KEY=VALUE")
            try:
                value = json.loads(value)
            except ValueError:
                pass
            options.setdefault(game, {})[key] = value
        for entry in games.games():
            if only and entry.name not in only:
                continue
            r = judge_marks(entry, args.games, args.seed, args.max_plies, args.work,
                            options.get(entry.name), records=args.records,
                            report=lambda g, o, name=entry.name: print(
                                f"  {name} game {g + 1}: {o['decisions']} decisions, "
                                f"{o['inaccuracy']}/{o['mistake']}/{o['blunder']} marked, "
                                f"{o['agree']} alike (so far); its review "
                                f"{o['last_review_cpu_s']:.0f} s CPU",
                                file=sys.stderr, flush=True))
            out[entry.name] = r
            print(judge_line(entry.name, r), flush=True)
        if args.json:
            with open(args.json, "w") as fh:
                json.dump(out, fh, indent=1)
        return 0
    for entry in games.games():
        if only and entry.name not in only:
            continue
        data = game_record(entry, args.plies)
        r = time_review(entry, data, args.runs)
        line = (f"{entry.name}: review of {r['plies']} moves {r['wall_median_s']:.2f} s wall, "
                f"{r['cpu_median_s']:.2f} s CPU (median of {r['runs']})")
        if not args.no_frames:
            r["replay_frames"] = f = replay_frames(entry, data)
            line += (f"; replay frames while judging: {f['median_ms']} ms median, "
                     f"{f['p99_ms']} p99, {f['max_ms']} max ({f['frames']} frames"
                     f"{'' if f['done'] else ', review not done'})")
        out[entry.name] = r
        print(line, flush=True)
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(out, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
