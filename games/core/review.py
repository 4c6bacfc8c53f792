"""The computer's judgement of every move of a game (pure, no pygame).

For every ply of a game record (games.core.gamerecord) or a save:

- a decision: the mover's winning chance before the move (after the best move the judge
  finds) and after the move played (as the next decision sees the position: the graph's
  point after it); its loss, the drop from the best move's chance to the played move's,
  valued alike (0 for the judge's best), judged as lichess judges a drop in winning chance:
  10 points an inaccuracy, 20 a mistake, 30 a blunder (or the judge's ``THRESHOLDS``); and
  the better move when the loss is worth naming;
- a chance outcome (dice, spinner): each seat's luck, the chance after the outcome less its
  average over every outcome (GNU Backgammon's luck), so luck sums to zero over the outcomes.

Winning chances come from the game's judge, ``games/<game>/judge.py`` when the game has one:
``win_chances(state) -> {seat: chance}`` (calibrated: of the positions valued 0.7 for a seat,
that seat wins about 70%), and optionally ``value_text(state, seat) -> str`` (Tripppin's
exact "win 5", "draw", "loss 3") and ``EXACT`` (every legal move is worth valuing; without
it only the move played and the top level's choice are compared). A game without a judge is
valued by rollouts: ``ROLLOUTS`` games played on from the position by its lowest level.

Everything is budgeted in work (rollouts, positions), never in time, and seeded from the
game's seed and the ply, so a game gets the same review on any machine.

    python -m games.core.review GAME FILE --json OUT

writes ``{"game", "seed", "moves": [{"ply", "seat", "move", "before", "after", "loss",
"judgement", "better", "chances"}, ...], "seats": {seat: {"decisions", "mean_loss",
"luck"}}}`` (``chances``: every seat's winning chance after the ply, for the graph: where
a decision follows, its best move's, so that decision's "before" is on the graph).
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import random
import sys

THRESHOLDS = ((0.30, "blunder"), (0.20, "mistake"), (0.10, "inaccuracy"))
ROLLOUTS = 8                 # games played on from a position a judge cannot value itself
ROLLOUT_PLIES = 600          # a rollout still running after this many plies is a tie


class Cancelled(Exception):
    """The review was cancelled (``cancelled()`` said so)."""


def judgement(drop: float, thresholds=THRESHOLDS) -> str:
    """"good", "inaccuracy", "mistake" or "blunder" for a drop in the mover's chance
    (``thresholds``: lichess's by default; a judge may declare its own)."""
    for at, name in thresholds:
        if drop >= at - 1e-9:
            return name
    return "good"


def _judge_module(entry):
    name = entry.rules.rsplit(".", 1)[0] + ".judge"
    if importlib.util.find_spec(name) is None:
        return None
    return importlib.import_module(name)


class Judge:
    """A game's winning chances: its own judge's, or rollouts by its lowest level."""

    def __init__(self, entry, seed: int = 0, rollouts: int = ROLLOUTS):
        self.entry = entry
        self.rules = entry.rules_module()
        self.ai = entry.ai_module()
        self.own = _judge_module(entry)
        self.seed = seed
        self.rollouts = rollouts
        self.exact = bool(getattr(self.own, "EXACT", False))
        self.thresholds = tuple(getattr(self.own, "THRESHOLDS", THRESHOLDS))
        # a turn of several steps judged as a whole only (its steps are not judged alone)
        self.turn_only = bool(getattr(self.own, "TURN_ONLY", False))
        self.levels = tuple(getattr(self.ai, "LEVELS", (1,)))
        self._memo: dict = {}

    def chances(self, state, salt: str = "") -> dict:
        """{seat: winning chance} of the position (a chance point: the average over its
        outcomes)."""
        key = (state, salt)
        got = self._memo.get(key)
        if got is None:
            got = self._chances(state, salt)
            if len(self._memo) > 4096:
                self._memo.clear()
            self._memo[key] = got
        return got

    def _chances(self, state, salt):
        if state.is_over:
            return _final(state)
        if self.own is not None:
            return dict(self.own.win_chances(state))
        return self._rollouts(state, salt)

    def _rollouts(self, state, salt):
        seats = state.players
        wins = dict.fromkeys(seats, 0.0)
        for k in range(self.rollouts):
            rng = random.Random(f"{self.seed}/{salt}/{k}/review")
            s, plies = state, 0
            while not s.is_over and plies < ROLLOUT_PLIES:
                if s.is_chance:
                    s = s.play(_draw(s, rng))
                else:
                    s = s.play(self.ai.choose_move(s, self.levels[0], rng,
                                                   **self.entry.ai_options))
                plies += 1
            final = _final(s) if s.is_over else {p: 1 / len(seats) for p in seats}
            for p in seats:
                wins[p] += final.get(p, 0.0)
        return {p: w / self.rollouts for p, w in wins.items()}

    def value_text(self, state, seat: str):
        f = getattr(self.own, "value_text", None)
        return f(state, seat) if f is not None else None

    def top_move(self, state, ply: int, level=None):
        if level is None:
            level = max(self.levels) if self.levels else getattr(self.ai, "DEFAULT_LEVEL", 1)
        rng = random.Random(f"{self.seed}/{ply}/review-top")
        return self.ai.choose_move(state, level, rng, **self.entry.ai_options)


def _final(state) -> dict:
    won = state.winners()
    return {p: (1.0 / len(won) if p in won else 0.0) for p in state.players}


def _draw(state, rng):
    r, acc = rng.random(), 0.0
    outcomes = state.chance_outcomes()
    for outcome, p in outcomes:
        acc += p
        if r < acc:
            return outcome
    return outcomes[-1][0]


def states_of(entry, data: dict) -> tuple:
    """(states, moves) of a record or save, checked as a save is (ValueError if not)."""
    from games.core.table import Table
    table = Table(entry.name, entry.rules, entry.ai, seed=data.get("seed") or 0,
                  options=data.get("options") or {}, start_text=data.get("start"))
    _, _, _, moves, states = table.replay(data)
    return states, moves


def review(entry, data: dict, progress=None, cancelled=None, judge: Judge | None = None,
           rows=None) -> dict:
    """The review of the game in ``data`` (a record's or a save's dictionary).
    ``progress(done, total)`` is called after each ply; ``rows(list)`` (optional) is given
    each row the moment it is final (a row is final once the next ply is judged: its
    graph point is that ply's "before"), so a review stopped half way keeps what it judged;
    ``cancelled()`` -> True stops it (Cancelled)."""
    states, moves = states_of(entry, data)
    judge = judge or Judge(entry, seed=data.get("seed") or 0)
    out, seats = [], {p: {"decisions": 0, "loss": 0.0, "luck": 0.0}
                      for p in states[0].players}
    done = 0                                  # rows handed on (``rows``)
    for ply, (state, text) in enumerate(zip(states, moves)):
        if cancelled is not None and cancelled():
            raise Cancelled()
        after_state = states[ply + 1]
        if state.is_chance:
            out.append(_chance_ply(judge, ply, state, text, after_state, seats))
        else:
            out.append(_decision(judge, ply, state, text, after_state, seats))
            _turn(judge, states, ply, out, seats)
        if ply == 0:                          # the graph's first point: the start's worth
            out[0]["start"] = (out[0].get("position")       # (its first mover's best)
                               or _rounded(judge.chances(state, "start")))
        # the rows before this ply are final, but not a turn's still going on (its
        # judgement lands on one of its steps at its end)
        upto = _turn_start(judge, states, ply) if _goes_on(judge, states, ply) else ply
        while done < upto:
            _final_row(out, done, rows)
            done += 1
        if progress is not None:
            progress(ply + 1, len(moves))
    while done < len(out):
        _final_row(out, done, rows)
        done += 1
    summary = {p: {"decisions": v["decisions"],
                   "mean_loss": round(v["loss"] / v["decisions"], 4) if v["decisions"] else 0.0,
                   "luck": round(v["luck"], 4)} for p, v in seats.items()}
    return {"game": entry.name, "seed": data.get("seed"), "moves": out, "seats": summary}


def _goes_on(judge, states, ply) -> bool:
    """The turn of ply ``ply`` (a judge's ``turn_key``) goes on after it."""
    key = _turn_key(judge, states[ply])
    return key is not None and _turn_key(judge, states[ply + 1]) == key


def _turn_start(judge, states, ply) -> int:
    key, first = _turn_key(judge, states[ply]), ply
    while first > 0 and _turn_key(judge, states[first - 1]) == key:
        first -= 1
    return first


def _final_row(out: list, k: int, rows) -> None:
    """Row ``k`` is final: its graph point (the graph's point after a ply is the position's
    worth as the next decision's judgement sees it: its best move's chances, that
    decision's "before", so a player reads the text's "before" off the graph) set from
    the next row's, its working field dropped, and it is handed on (``rows``)."""
    row = out[k]
    if k + 1 < len(out) and out[k + 1].get("position") is not None:
        row["chances"] = out[k + 1]["position"]
    row.pop("position", None)
    # a decision's "after" is the graph's point after it too (its "before" is the one
    # before it): the mover's chance after the move, as the next decision sees it; the
    # judgement stays the move's loss against the best move ("loss"), valued alike
    seat = row.get("seat")
    if (row.get("judgement") is not None and "chance_before" not in row
            and seat in row.get("chances", {})):
        if row.get("turn_from") is not None:  # a turn judged whole: its own values kept as
            row["turn_before"], row["turn_after"] = row["before"], row["after"]   # such
            prev = out[k - 1]["chances"] if k > 0 else row.get("start", {})
            row["before"] = prev.get(seat, row["before"])
        row["after"] = row["chances"][seat]
    if rows is not None:
        rows([dict(out[k])])


def _turn_key(judge, state):
    key_of = getattr(judge.own, "turn_key", None)
    if key_of is None or state.is_chance or state.is_over:
        return None
    return key_of(state)


def _turn(judge, states, ply, out, seats) -> None:
    """A turn of several decisions (a judge's ``turn_key``: TriAxis's move phase, a step a
    move point) is judged whole as well, at its last step: the mover's chance after the
    best way through the turn (the top level's, from the turn's first position) against
    the chance after the turn played. The better move is the best way's step where the
    turn played left it ("better_at": the ply it replaces; "turn_from": try again starts
    before it). With ``TURN_ONLY`` the turn is the only judgement, put on that step's row;
    else, when its drop is the larger, it is the last step's judgement."""
    key = _turn_key(judge, states[ply])
    if key is None or _goes_on(judge, states, ply):
        return                                # not a turn, or it goes on
    first = _turn_start(judge, states, ply)
    if first == ply and not judge.turn_only:
        return                                # one step: judged as a decision already
    start, mover = states[first], states[first].current
    s, plan = start, []
    for _ in range(64):                       # the top level through the turn
        if _turn_key(judge, s) != key:
            break
        move = judge.top_move(s, first * 100 + len(plan), getattr(judge.own, "TURN_LEVEL", None))
        plan.append(move)
        s = s.play(move)
    before = judge.chances(s, f"{first}/turn")[mover]
    after = judge.chances(states[ply + 1], f"{ply}/turn-played")[mover]
    drop = max(0.0, before - after)
    row = out[ply]
    name = judgement(drop, judge.thresholds)
    # where the turn played left the best way: the better step there (and try again
    # starts just before it)
    j = 0
    while (j < len(plan) - 1 and first + j < ply
           and states[first + j].move_text(plan[j]) == out[first + j]["move"]):
        j += 1
    better = dict(better=states[first + j].move_text(plan[j]), better_at=first + j + 1,
                  turn_from=first + j + 1) if name != "good" and plan else {}
    if judge.turn_only:                       # the turn is the decision: its steps were
        seats[mover]["decisions"] += 1        # not counted
        seats[mover]["loss"] += drop
        out[ply]["loss"] = round(drop, 4)     # (moved below when a step is to blame)
        if name != "good":                    # the judgement is the step's where the turn
            out[first + j].update(            # left the best way (a good turn's steps keep
                before=round(before, 4), after=round(after, 4), judgement=name,
                **better)                     # their own values, the graph's)
            out[ply]["loss"] = 0.0
            out[first + j]["loss"] = round(drop, 4)
        return
    old = row.get("chance_before", row["before"]), row.get("chance_after", row["after"])
    had = max(0.0, old[0] - old[1]) if all(isinstance(v, float) for v in old) else 0.0
    if drop <= had or name == "good":
        return
    seats[mover]["loss"] += drop - had
    row.update(before=round(before, 4), after=round(after, 4), judgement=name,
               loss=round(drop, 4), **better)


def _decision(judge, ply, state, text, after_state, seats) -> dict:
    mover = state.current
    played = state.parse_move(text)
    if judge.exact:
        candidates = list(state.legal_moves())
    else:
        candidates = [played]
        top = judge.top_move(state, ply)
        if top != played:
            candidates.append(top)
    values = {}
    for m in candidates:
        child = after_state if m == played else state.play(m)
        values[m] = judge.chances(child, f"{ply}/{state.move_text(m)}")[mover]
    best = max(candidates, key=lambda m: (values[m], m == played))
    before, after = values[best], values[played]
    position = judge.chances(after_state if best == played else state.play(best),
                             f"{ply}/{state.move_text(best)}")
    drop = max(0.0, before - after)
    name = judgement(drop, judge.thresholds)
    step = _turn_key(judge, state) is not None and judge.turn_only
    if step:
        name = "good"                         # a step: the turn is judged at its end
    else:
        seats[mover]["decisions"] += 1
        seats[mover]["loss"] += drop
    row = {"ply": ply + 1, "seat": mover, "move": text,
           "before": round(before, 4), "after": round(after, 4), "loss": round(drop, 4),
           "judgement": name,
           "better": state.move_text(best) if name != "good" and best != played else None,
           "chances": _rounded(judge.chances(after_state, f"{ply}/{state.move_text(played)}")),
           "position": _rounded(position)}
    if step:                                  # judged with its turn (``TURN_ONLY``): the
        row.update(step=True, loss=0.0)       # turn's loss is on one of its steps
    label_before = judge.value_text(state, mover)
    if label_before is not None:
        row["before"] = label_before
        row["after"] = judge.value_text(after_state, mover)
        row["chance_before"], row["chance_after"] = round(before, 4), round(after, 4)
    return row


def _chance_ply(judge, ply, state, text, after_state, seats) -> dict:
    outcomes = state.chance_outcomes()
    now = judge.chances(after_state, f"{ply}/{text}")
    mean = dict.fromkeys(state.players, 0.0)
    for outcome, p in outcomes:
        child = after_state if state.move_text(outcome) == text else state.play(outcome)
        c = judge.chances(child, f"{ply}/{state.move_text(outcome)}")
        for seat in mean:
            mean[seat] += p * c.get(seat, 0.0)
    luck = {seat: round(now.get(seat, 0.0) - mean[seat], 4) for seat in mean}
    for seat, v in luck.items():
        seats[seat]["luck"] += v
    # the graph's point before a throw is its average over the outcomes, so the graph's
    # step at the throw is its luck
    return {"ply": ply + 1, "seat": None, "move": text, "before": None, "after": None,
            "judgement": None, "better": None, "luck": luck, "chances": _rounded(now),
            "position": _rounded(mean)}


def _rounded(chances: dict) -> dict:
    """Every seat's winning chance after a ply (the replay's graph), to four places."""
    return {seat: round(float(v), 4) for seat, v in chances.items()}


def read_game(entry, path: str) -> dict:
    """A game record (text) or a save (JSON, as the store writes it) of ``entry``'s game;
    only a regular file is read (games.core.files: a FIFO is refused, never waited on)."""
    from games.core import files, gamerecord
    raw = files.read_bytes(path, gamerecord.MAX_RECORD_BYTES + 1)
    text = raw.decode("utf-8", "replace")
    if text.lstrip().startswith("{"):
        return save_data(text, path)
    return gamerecord.from_text(text, entry.name)


def save_data(text: str, path: str) -> dict:
    """A save's data from its JSON text (inside the store's envelope or bare); ValueError
    naming ``path`` when it is not one."""
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise ValueError(f"{path} is neither a record nor a save ({exc})") from None
    if isinstance(data, dict) and isinstance(data.get("data"), dict):
        data = data["data"]                  # the store's envelope
    if not isinstance(data, dict):
        raise ValueError(f"{path} is not a save")
    return data


def main(argv=None) -> int:
    import argparse

    import games
    p = argparse.ArgumentParser(prog="python -m games.core.review",
                                description="The computer's judgement of every move of a game.")
    p.add_argument("game")
    p.add_argument("file", help="a game record (tricade GAME seed N, then one move a line) "
                                "or a save")
    p.add_argument("--json", metavar="OUT", required=True, help="where to write the review")
    args = p.parse_args(argv)
    entry = games.REGISTRY.get(args.game)
    if entry is None or not entry.is_game:
        p.error(f"no game called {args.game!r}")
    from games.core import files
    if args.json != "-":             # before the judging: OUT is written only as a file
        try:
            files.to_write(args.json)
        except files.NotAFile as exc:
            print(f"review: {args.json} {exc}.", file=sys.stderr)
            return 2
    try:
        data = read_game(entry, args.file)
        result = review(entry, data)
    except OSError as exc:              # a file that cannot be judged: status 2, as --replay
        print(f"review: {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except files.NotAFile as exc:
        print(f"review: {args.file} {exc}.", file=sys.stderr)
        return 2
    except ValueError as exc:
        print(f"review: {args.file}: {exc}", file=sys.stderr)
        return 2
    text = json.dumps(result, indent=1)
    try:
        if args.json == "-":
            sys.stdout.write(text + "\n")
        else:
            files.write_whole(args.json, (text + "\n").encode("utf-8"))
    except OSError as exc:
        print(f"review: {args.json}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    except files.NotAFile as exc:
        print(f"review: {args.json} {exc}.", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
