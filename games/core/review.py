"""The computer's judgement of every move of a game (pure, no pygame).

One meaning everywhere (lichess's, and GNU Backgammon's for chance):

- every position of the game gets one value from the game's judge, each seat's winning
  chance: at a decision, the chances along the judge's best line from there (so a
  position's value is what its mover can keep); at a chance point (dice, spinner),
  the average over its outcomes, weighted by their probabilities, of each outcome's value;
  a finished game its result;
- a decision's ``before`` is the mover's chance with the best move known there: the
  judge's best move, valued as the position it makes is valued, or the move played where
  the judge values the position that made at least as high (the played move, judged
  higher, is the best known: a judge with a budget can find a move of its own worse than
  one it is shown); its ``after`` the mover's chance in the position its move made (the
  move played, valued as the next position is valued).  So ``loss``, ``before - after``,
  is never below 0, and it is 0 when the move played is the judge's best.  The graph's
  point after a ply is that position's chances (``chances``): a decision's ``after`` is
  the graph's point after it, its ``before`` the graph's point it leaves from, which is
  the point before it plus its ``second_look`` (the best known move looked at further
  than the position was: an upright step on the graph; None where there is none, as
  when the judge's value of a position is its best move's and the move played is not
  valued above it, but not with a judge's ``LINE``, whose position's value is the mean
  over its best line); all kept to a tenth of a point (``PLACES``);
- a decision is an inaccuracy, a mistake or a blunder exactly when that loss reaches the
  game's line: lichess's 10, 20 and 30 points, or the judge's ``THRESHOLDS``; a marked
  move always names its better move (``better``): the judge's best, legal in the position
  before and worth the ``before`` (``best_known``);
- a chance point's value is the average, over its outcomes, of the judge's value of the
  position each gives without following its best line (the search's own value, or the
  judge's ``outcome_chances``; an outcome that is itself a chance point averaged one level
  shallower: ``CHANCE_DEPTH``), and its ``luck`` for each seat is GNU Backgammon's: that
  value of the position the outcome gave less the average, so the luck of every outcome,
  weighted by its chance, sums to zero.  The graph's point after it is the position's
  value as every position of the game is valued (its mover's best line followed to the
  next chance point); the difference, ``second_look``, is the judge looking further at
  the position the outcome gave (a one-look value flatters the seat that chose the move:
  it picked the best of several estimates), so the graph's step there is luck plus second
  look, both in the words and the JSON;
- at the end, for each seat: its decisions, how many of each mark, an accuracy figure
  (lichess's, from the winning chance lost at each move: ``accuracy``) and its luck.

A move with no other legal move is worth what it leads to, so it never loses anything.

A game's judge is ``games/<game>/judge.py`` (pure, no pygame), with any of:

- ``search(state, work=1.0) -> (chances, move, leaf)``: a decision position by the game's
  top level's own search given more work than the top level gets (``work`` times the
  judge's own budget, in work units, never in time): the move it finds best, the position
  its best line reaches (``leaf``, or None) and that position's calibrated chances;
- ``candidates(state, work=1.0) -> [move, ...]``: the few moves its search likes best;
  the review then values each as it values the game's positions (a chance point after it
  by the average over its outcomes) and takes the best, so the judge looks further than
  its search alone;
- ``win_chances(state) -> {seat: chance}``: a calibrated value with no search (of the
  positions valued 0.7 for a seat, that seat wins about 70%), used at a chance point past
  ``CHANCE_DEPTH`` and, without ``search``, for the positions after the candidate moves
  (every legal move with ``EXACT``, else the top level's choice);
- ``LINE`` (plies): a decision worth the mean of the calibrated chances over the positions
  of the judge's best line from it, that many plies (Tribolo: one seat's gain is the
  others' loss three ways, and one position's chances swing with every move);
- ``outcome_chances(state) -> {seat: chance}``: a decision inside a chance point's average
  valued without a search (TriAxis: the calibrated value of a turn's start, which knows
  the points the spin gave; a plan for each of a spin's outcomes would cost six);
- ``THRESHOLDS``, ``value_text(state, seat) -> str`` (words for a position: Tripppin's
  "Neither side can force a win") and ``row_fields(before, after, seat) -> dict`` (a game's
  own fields of a decision); both go into the move's ``game`` object.

A game without a judge is valued by rollouts: ``ROLLOUTS`` games played on from the
position by its lowest level.  Everything is budgeted in work (search units, rollouts),
never in time, and seeded from the game's seed and the position, so a game gets the same
review on any machine.  A judge with more work (``Judge(entry, work=4)``) agrees with the
shipped one on most marks: ``python -m tools.benchreview --judge`` measures it.

    python -m games.core.review GAME FILE --json OUT [--text OUT]

writes the review as JSON (its form: docs/review-schema.json) and its text (every marked
move and luck, then each seat's figures; to standard output unless ``--text`` says where,
nothing when the JSON goes to standard output).
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import math
import random
import sys

THRESHOLDS = ((0.30, "blunder"), (0.20, "mistake"), (0.10, "inaccuracy"))
MARKS = ("inaccuracy", "mistake", "blunder")
PLURAL = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}
PLACES = 3                   # chances kept to a tenth of a point: what the text shows
ROLLOUTS = 8                 # games played on from a position a judge cannot value itself
ROLLOUT_PLIES = 600          # a rollout still running after this many plies is a tie
CHANCE_DEPTH = 2             # chance points expanded into their outcomes, one inside another
MEMO_LIMIT = 20000           # positions valued kept per judge
SCHEMA_VERSION = 3           # docs/review-schema.json (3: a seat's second_look)


class Cancelled(Exception):
    """The review was cancelled (``cancelled()`` said so)."""


def judgement(drop: float, thresholds=THRESHOLDS) -> str:
    """"good", "inaccuracy", "mistake" or "blunder" for a drop in the mover's chance
    (``thresholds``: lichess's by default; a judge may declare its own)."""
    for at, name in thresholds:
        if drop >= at - 1e-9:
            return name
    return "good"


def accuracy(before: float, after: float) -> float:
    """lichess's accuracy of one move, 0-100, from the mover's winning chance before and
    after it (0-1): 103.1668 exp(-0.04354 d) - 3.1669 for a drop of d points, clamped."""
    d = 100.0 * (before - after)
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * d) - 3.1669))


def _judge_module(entry):
    name = entry.rules.rsplit(".", 1)[0] + ".judge"
    if importlib.util.find_spec(name) is None:
        return None
    return importlib.import_module(name)


def _thousandths(v: float) -> int:
    return int(round(float(v) * 10 ** PLACES))


def _rounded(chances: dict) -> dict:
    """Every seat's winning chance, to ``PLACES`` places (the text's tenth of a point)."""
    return {seat: _thousandths(v) / 10 ** PLACES for seat, v in chances.items()}


class Judge:
    """The value of any position of a game: its judge's search, its judge's calibrated
    value, or rollouts by its lowest level. ``work`` multiplies the judge's budget (its
    search's work units, or the rollouts)."""

    def __init__(self, entry, seed: int = 0, rollouts: int = ROLLOUTS, work: float = 1.0):
        self.entry = entry
        self.rules = entry.rules_module()
        self.ai = entry.ai_module()
        self.own = _judge_module(entry)
        self.seed = seed
        self.work = work
        self.rollouts = max(1, int(round(rollouts * work)))
        self.exact = bool(getattr(self.own, "EXACT", False))
        self.solved = bool(getattr(self.own, "SOLVED", False))
        self.thresholds = tuple(getattr(self.own, "THRESHOLDS", THRESHOLDS))
        self.levels = tuple(getattr(self.ai, "LEVELS", (1,)))
        self._search = getattr(self.own, "search", None)
        self._static = getattr(self.own, "win_chances", None)
        self._candidates = getattr(self.own, "candidates", None)
        self._outcome = getattr(self.own, "outcome_chances", None)
        self._line_n = int(getattr(self.own, "LINE", 0) or 0)
        self._memo: dict = {}

    # -- values ------------------------------------------------------------------------------
    def value(self, state) -> tuple:
        """(chances, best move) of a position of the game: {seat: winning chance} and, at
        a decision, the move the judge finds best (None at a chance point or the end).

        A decision is worth the position the judge's best line from it reaches (its
        search's ``leaf``): where that is a chance point, the average over its outcomes,
        as a chance point of the game is valued; where it is another decision, that
        decision's worth (the best line goes on: TriAxis's setup to its first spin);
        without a leaf, the search's chances.  So a best move loses nothing.  With the
        judge's ``LINE``, a decision is worth the mean over that many positions of its
        best line (``_mean_line``), and its best move loses the line's change over those
        plies over ``LINE``.  A chance point is worth the average of ``inner`` over its
        outcomes."""
        if state.is_over:
            return _final(state), None
        key = ("line", state)
        got = self._memo.get(key)
        if got is None:
            got = self._line(state)
            self._keep(key, got)
        return got

    def _line(self, state):
        if state.is_chance:
            return self._average(state, CHANCE_DEPTH), None
        chain, s = [], state                  # positions worth where the chain ends
        while True:
            if s.is_over:
                end = _final(s)
                break
            if s.is_chance:
                end = self._average(s, CHANCE_DEPTH)
                break
            got = self._memo.get(("line", s)) if chain else None
            if got is not None:
                end = got[0]
                break
            legal = s.legal_moves()
            if len(legal) == 1:               # no choice: worth what it leads to
                chain.append((s, legal[0]))
                s = s.play(legal[0])
                continue
            if self._candidates is not None:  # the best of the search's few, valued as
                mover, best = s.current, None # the game's positions are
                for m in self._candidates(s, self.work):
                    ch = self.value(s.play(m))[0]
                    if best is None or ch[mover] > best[0][mover] + 1e-12:
                        best = (ch, m)
                chain.append((s, best[1]))
                end = best[0]
                break
            if self._line_n:                  # the mean over its best line's positions
                chain.append((s, self.search(s)[1]))
                end = self._mean_line(s)
                break
            ch, move, leaf = self.search(s)
            chain.append((s, move))
            if leaf is None or leaf.is_over:
                end = ch
                break
            s = leaf                          # the best line goes on to a chance point
        for pos, move in chain[1:]:
            self._keep(("line", pos), (end, move))
        return end, chain[0][1]

    def _mean_line(self, state) -> dict:
        """The mean of the calibrated chances over the ``LINE`` positions of the judge's
        best line from ``state`` (its best move, then each seat's by the same search; the
        end, or a chance point's value, counted for the plies left)."""
        total = dict.fromkeys(state.players, 0.0)
        s = state
        for _ in range(self._line_n):
            if s.is_over:
                ch = _final(s)
            elif s.is_chance:
                ch = self.value(s)[0]
            else:
                legal = s.legal_moves()
                if len(legal) == 1:
                    s = s.play(legal[0])
                    ch = self._leaf(s)
                else:
                    ch, _, s = self.search(s)
            for seat in total:
                total[seat] += ch.get(seat, 0.0)
        return {seat: v / self._line_n for seat, v in total.items()}

    def _average(self, state, depth: int) -> dict:
        total = dict.fromkeys(state.players, 0.0)
        for outcome, p in state.chance_outcomes():
            ch = self.inner(state.play(outcome), depth - 1)
            for seat in total:
                total[seat] += p * ch.get(seat, 0.0)
        return total

    def inner(self, state, depth: int = 0) -> dict:
        """The chances of an outcome inside a chance point's average: a decision's by its
        search (its best line's end, calibrated) or the judge's ``outcome_chances``, a
        chance point's the average over its outcomes while ``depth`` lasts, then
        calibrated."""
        if state.is_over:
            return _final(state)
        if state.is_chance:
            if depth <= 0:
                return self._leaf(state)
            key = ("inner", state, depth)
            got = self._memo.get(key)
            if got is None:
                got = self._average(state, depth)
                self._keep(key, got)
            return got
        legal = state.legal_moves()
        if len(legal) == 1:
            return self.inner(state.play(legal[0]), depth)
        if self._outcome is not None:
            return dict(self._outcome(state))
        return self.search(state)[0]

    def search(self, state) -> tuple:
        """(chances, best move, leaf or None) of a decision: the judge's ``search`` with
        this judge's work, else the best of the candidate moves (every legal move with
        ``EXACT``, else the top level's choice) by the calibrated value, or rollouts, of
        the position each leads to."""
        key = ("search", state)
        got = self._memo.get(key)
        if got is None:
            got = self._searched(state)
            self._keep(key, got)
        return got

    def _searched(self, state):
        if self._search is not None:
            ch, move, leaf = self._search(state, self.work)
            return dict(ch), move, leaf
        mover = state.current
        moves = state.legal_moves() if self.exact else [self.top_move(state)]
        best = None
        for m in moves:
            child = state.play(m)
            ch = self._leaf(child)
            if best is None or ch[mover] > best[0][mover]:
                best = (ch, m, child)
        return best

    def _keep(self, key, value) -> None:
        if len(self._memo) >= MEMO_LIMIT:
            self._memo.clear()
        self._memo[key] = value

    def _leaf(self, state) -> dict:
        """A position's chances with no search: the judge's calibrated value, else
        rollouts."""
        if state.is_over:
            return _final(state)
        if self._static is not None:
            return dict(self._static(state))
        return self._rollouts(state)

    def chances(self, state, salt: str = "") -> dict:
        """{seat: winning chance} of the position (``value``'s chances)."""
        return self.value(state)[0]

    def _rollouts(self, state):
        seats = state.players
        wins = dict.fromkeys(seats, 0.0)
        where = _position_key(state)
        for k in range(self.rollouts):
            rng = random.Random(f"{self.seed}/{where}/{k}/review")
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

    def row_fields(self, before, after, seat: str) -> dict:
        f = getattr(self.own, "row_fields", None)
        return dict(f(before, after, seat) or {}) if f is not None else {}

    def top_move(self, state, ply=None, level=None):
        """The top level's move (its seed from ``ply``, or from the position)."""
        if level is None:
            level = max(self.levels) if self.levels else getattr(self.ai, "DEFAULT_LEVEL", 1)
        where = ply if ply is not None else _position_key(state)
        rng = random.Random(f"{self.seed}/{where}/review-top")
        return self.ai.choose_move(state, level, rng, **self.entry.ai_options)


def _position_key(state) -> str:
    to_text = getattr(state, "to_text", None)
    return to_text() if to_text is not None else repr(state)


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


# -- the review ---------------------------------------------------------------------------------

def review(entry, data: dict, progress=None, cancelled=None, judge: Judge | None = None,
           rows=None) -> dict:
    """The review of the game in ``data`` (a record's or a save's dictionary).
    ``progress(done, total)`` is called after each ply; ``rows(list)`` (optional) is given
    each row the moment it is final (when the position after its ply is valued), so a
    review stopped half way keeps what it judged; ``cancelled()`` -> True stops it
    (Cancelled)."""
    states, moves = states_of(entry, data)
    judge = judge or Judge(entry, seed=data.get("seed") or 0)
    values = [judge.value(states[0])]
    out = []
    for ply, text in enumerate(moves):
        if cancelled is not None and cancelled():
            raise Cancelled()
        values.append(judge.value(states[ply + 1]))
        row = _row(judge, ply, states[ply], text, states[ply + 1], values[ply],
                   values[ply + 1])
        if ply == 0:                          # the graph's first point: the start's worth
            row["start"] = _rounded(values[0][0])
        out.append(row)
        if rows is not None:
            rows([dict(row)])
        if progress is not None:
            progress(ply + 1, len(moves))
    return {"game": entry.name, "seed": data.get("seed"), "version": SCHEMA_VERSION,
            "judge": judge_facts(judge), "moves": out,
            "seats": summary(out, states[0].players)}


def try_move(judge: Judge, state, move, played=None) -> dict:
    """A try at a decision (a player looking for a better move than one marked), valued as
    the review values moves: {"verdict": "best" (it keeps all the best move known keeps),
    "good enough" (it loses less than the game's inaccuracy line) or "not better",
    "before" (the best known move's chance: the judge's best, or ``played``, the move
    played there, where the judge values that higher, as the review's row says), "after"
    (the try's), "loss", "best" (the best known move, in notation)}."""
    mover = state.current
    best = judge.value(state)[1]
    if played is None:
        played = best
    kept, best = best_known(judge, state, played,
                            judge.value(state.play(played))[0] if played is not None
                            else {mover: 0.0}, best)
    before = _thousandths(kept[mover])
    after = _thousandths(judge.value(state.play(move))[0][mover])
    drop = max(0, before - after) / 10 ** PLACES
    verdict = ("best" if move == best or drop == 0 else
               "good enough" if judgement(drop, judge.thresholds) == "good" else "not better")
    return {"verdict": verdict, "before": before / 10 ** PLACES,
            "after": after / 10 ** PLACES, "loss": drop,
            "best": state.move_text(best) if best is not None else None}


def judge_facts(judge: Judge) -> dict:
    """What the JSON says of its judge: how it values, its work, its lines."""
    kind = ("solved" if judge.solved else
            "search" if judge._search is not None else
            "calibrated" if judge._static is not None else "rollouts")
    return {"kind": kind, "work": judge.work,
            "thresholds": {name: at for at, name in judge.thresholds}}


def _row(judge, ply, state, text, after_state, was, now) -> dict:
    """The row of ply ``ply``: ``was`` and ``now`` are the values (chances, best move) of
    the positions before and after it."""
    chances = _rounded(now[0])
    row = {"ply": ply + 1, "seat": None, "move": text, "before": None, "after": None,
           "loss": None, "judgement": None, "better": None, "luck": None,
           "second_look": None, "chances": chances, "forced": False, "game": {}}
    if state.is_chance:                       # luck, then the second look: the graph's
        before = _rounded(was[0])             # step
        got = _rounded(judge.inner(after_state, CHANCE_DEPTH - 1))
        luck = {seat: _thousandths(got.get(seat, 0.0)) - _thousandths(before.get(seat, 0.0))
                for seat in state.players}
        row["luck"] = {seat: v / 10 ** PLACES for seat, v in luck.items()}
        row["second_look"] = {seat: (_thousandths(chances.get(seat, 0.0))
                                     - _thousandths(before.get(seat, 0.0)) - luck[seat])
                              / 10 ** PLACES for seat in state.players}
        return row
    mover = state.current
    played = state.parse_move(text)
    forced = len(state.legal_moves()) == 1
    kept, best = best_known(judge, state, played, now[0], was[1])
    before = _thousandths(kept[mover])
    after = _thousandths(now[0][mover])
    drop = (before - after) / 10 ** PLACES    # never below 0: the move played is known
    name = judgement(drop, judge.thresholds)
    look = {seat: _thousandths(kept.get(seat, 0.0)) - _thousandths(was[0].get(seat, 0.0))
            for seat in state.players}
    row.update(seat=mover, before=before / 10 ** PLACES, after=after / 10 ** PLACES,
               loss=drop, judgement=name,
               better=(state.move_text(best) if name != "good" else None),
               second_look=({seat: v / 10 ** PLACES for seat, v in look.items()}
                            if any(look.values()) else None),
               forced=forced)
    own = judge.row_fields(state, after_state, mover)
    words = judge.value_text(state, mover)
    if words is not None:
        own["before"] = words
        own["after"] = judge.value_text(after_state, mover)
    row["game"] = own
    return row


def best_known(judge: Judge, state, played, after: dict, best=None) -> tuple:
    """(chances, move) of the best move known at a decision: the judge's best move, valued
    as the position it makes is valued, or the move played (``after``: the value of the
    position it made) where the judge values that at least as high for the mover (the
    played move, judged higher, is the best known).  So a decision's ``before`` is never
    below its ``after``, a move is marked only where a better one is known, and the better
    move's value is its ``before``.  ``best``: the judge's best move, if known."""
    mover = state.current
    if best is None:
        best = judge.value(state)[1]
    if best is None or best == played or len(state.legal_moves()) == 1:
        return after, played
    kept = judge.value(state.play(best))[0]
    if _thousandths(after[mover]) >= _thousandths(kept[mover]):
        return after, played
    return kept, best


def summary(rows: list, seats) -> dict:
    """{seat: {"decisions", "inaccuracies", "mistakes", "blunders", "accuracy",
    "mean_loss", "luck", "second_look"}} of a review's rows: a seat's decisions are its
    moves that had another legal move; its accuracy the mean of lichess's accuracy of each
    (0-100, to a tenth; None with no decision); its luck the sum of its luck at every
    chance point (None when the game had none); its second look the sum of the judge's
    second looks for it (the graph's steps that are not a move's: "looking further")."""
    out = {}
    chance = any(r.get("luck") is not None for r in rows)
    for seat in seats:
        mine = [r for r in rows if r.get("seat") == seat and not r.get("forced")]
        n = len(mine)
        acc = [accuracy(r["before"], r["after"]) for r in mine]
        luck = sum(_thousandths((r.get("luck") or {}).get(seat, 0.0)) for r in rows)
        look = sum(_thousandths((r.get("second_look") or {}).get(seat, 0.0)) for r in rows)
        out[seat] = {
            "decisions": n,
            "inaccuracies": sum(1 for r in mine if r["judgement"] == "inaccuracy"),
            "mistakes": sum(1 for r in mine if r["judgement"] == "mistake"),
            "blunders": sum(1 for r in mine if r["judgement"] == "blunder"),
            "accuracy": round(sum(acc) / n, 1) if n else None,
            "mean_loss": round(sum(r["loss"] for r in mine) / n, 4) if n else 0.0,
            "luck": luck / 10 ** PLACES if chance else None,
            "second_look": look / 10 ** PLACES}
    return out


# -- the text -----------------------------------------------------------------------------------

def percent(value) -> str:
    """A winning chance as the text says it, to a tenth of a point: 0.514 -> "51.4%"
    (the value the JSON holds, so the text and the JSON say the same number)."""
    if value is None:
        return "-"
    k = _thousandths(value)
    return f"{'-' if k < 0 else ''}{abs(k) // 10}.{abs(k) % 10}%"


def points(value: float, sign: bool = True) -> str:
    """A difference of winning chance in points, to a tenth: 0.021 -> "+2.1 points"."""
    k = _thousandths(value)
    s = ("+" if k > 0 else "-" if k < 0 else "") if sign else ("-" if k < 0 else "")
    return f"{s}{abs(k) // 10}.{abs(k) % 10} points"


def row_words(row: dict) -> str:
    """The review's words for one row: "Inaccuracy: 51.4% -> 48.9%; better d4 (+2.5
    points)" ("Good: ...", a judge's own words where it has them), or a chance point's
    "Luck in points: Red +4.2, Blue -4.2; looking further: Red -3.1, Blue +3.1" (its
    luck, then its second look: together the graph's step)."""
    if row.get("luck") is not None:
        words = "Luck in points: " + ", ".join(f"{str(s).capitalize()} {points(v)[:-7]}"
                                               for s, v in row["luck"].items())
        look = row.get("second_look") or {}
        if any(look.values()):
            words += "; looking further: " + ", ".join(
                f"{str(s).capitalize()} {points(v)[:-7]}" for s, v in look.items())
        return words
    own = row.get("game") or {}
    if own.get("before") is not None:
        shown = f"{own['before']} -> {own['after']}"
    else:
        shown = f"{percent(row['before'])} -> {percent(row['after'])}"
    words = f"{str(row['judgement']).capitalize()}: {shown}"
    if row.get("forced"):
        words += " (the only move)"
    if row.get("better"):
        words += f"; better {row['better']} ({points(row['loss'])})"
    return words


def summary_lines(result: dict) -> list:
    """One line a seat: "Red: 31 decisions, 2 inaccuracies, 1 mistake, 0 blunders;
    accuracy 91.3; luck +6.0 points" (luck where the game had chance)."""
    lines = []
    for seat, s in result["seats"].items():
        counts = ", ".join(f"{s[PLURAL[m]]} {m if s[PLURAL[m]] == 1 else PLURAL[m]}"
                           for m in MARKS)
        line = (f"{str(seat).capitalize()}: {s['decisions']} "
                f"decision{'' if s['decisions'] == 1 else 's'}, {counts}")
        if s["accuracy"] is not None:
            line += f"; accuracy {s['accuracy']:.1f}"
        if s.get("luck") is not None:
            line += f"; luck {points(s['luck'])}"
        if _thousandths(s.get("second_look") or 0.0):
            line += f"; looking further {points(s['second_look'])}"
        lines.append(line)
    return lines


def figure_notes(result: dict) -> list:
    """What the figures of ``summary_lines`` mean, in words for a person who has not read
    lichess or GNU Backgammon: accuracy, and luck where the game had chance (its chance
    points' "looking further" as well, which the panel shows beside their luck)."""
    notes = ["Accuracy: 100 when every move kept the best winning chance known, less as "
             "moves lose some of it (lichess's measure)."]
    if any(s.get("luck") is not None for s in result["seats"].values()):
        notes.append("Luck: the points of winning chance that the throws or spins gave a "
                     "seat, each against the average of all that throw's or spin's "
                     "outcomes (a throw's luck averages zero over what it could have "
                     "been), added up over the game.")
    notes.append("A move's two numbers are the mover's own winning chance, before and "
                 "after it.")
    if any(any((r.get("second_look") or {}).values()) for r in result["moves"]):
        notes.append("\"Looking further\" is the judge changing its mind, not luck or a "
                     "move: after a throw or spin, or before a move, it looked further on "
                     "from the position and valued it more or less than its first look "
                     "did; the graph steps there with no move. A seat's figure adds these "
                     "up.")
    return notes


def text(result: dict) -> str:
    """The review as text: every marked move and every chance point's luck, then each
    seat's figures."""
    lines = [f"Review of {result['game']} (seed {result['seed']}): "
             f"{len(result['moves'])} moves"]
    for row in result["moves"]:
        if row.get("luck") is not None or row.get("judgement") in MARKS:
            who = str(row["seat"]).capitalize() if row.get("seat") else "Chance"
            lines.append(f"{row['ply']:4d}. {who} {row['move']}: {row_words(row)}")
    lines.append("")
    lines += summary_lines(result)
    return "\n".join(lines) + "\n"


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
    p.add_argument("--json", metavar="OUT", required=True,
                   help="where to write the review as JSON (- for standard output)")
    p.add_argument("--text", metavar="OUT",
                   help="where to write the review as text (default: standard output, "
                        "unless the JSON goes there)")
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
        states_of(entry, data)
        n = len(data.get("moves") or [])
        how = ("the game is solved: every value is exact" if Judge(entry).solved else
               "the judge searches deeper than the strongest level: a long game can take "
               "minutes")
        print(f"review: judging {n} move{'' if n == 1 else 's'} of {entry.name} ({how})",
              file=sys.stderr, flush=True)
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
    outputs = [(args.json, json.dumps(result, indent=1) + "\n")]
    if args.text is not None:
        outputs.append((args.text, text(result)))
    elif args.json != "-":
        outputs.append(("-", text(result)))
    for where, body in outputs:
        try:
            if where == "-":
                sys.stdout.write(body)
            else:                    # a regular file only (games.core.files), whole
                files.write_whole(where, body.encode("utf-8"))
        except OSError as exc:
            print(f"review: {where}: {exc.strerror or exc}", file=sys.stderr)
            return 1
        except files.NotAFile as exc:
            print(f"review: {where} {exc}.", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
