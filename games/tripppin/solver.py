"""Tripppin: a perfect solver by retrograde analysis (standard library and the rules only).

For one board (the 64 tiles) every position -- blue square x orange square x blue progress
0-4 x orange progress 0-4 x the piece to move, 204,800 codes -- is labelled a win, a loss or
a draw for the piece to move, with the distance to the end.

Distances
---------
Inside the solver a value is a distance in plies (single moves of either piece) to the end of
the game with best play: the side to move wins in an odd number of plies and loses in an
even number (0 = the game is already over, e.g. it has no legal move).  Longer losses and
shorter wins are preferred.  ``Solution.value`` turns this into moves of the WINNER:

* ``("win", n)``: the side to move can force a win, and its winning move is its n-th move
  from now at the latest (n >= 1; n = 1: it wins with the move it is about to make);
* ``("loss", n)``: the other piece can force a win, with its n-th move from now (n >= 1), or
  n = 0 when the game is already over (the side to move is blocked or the other has won);
* ``("draw", None)``: neither side can force a win (with best play the game goes on for
  ever; the rules have no draw rule, so "draw" means only that).

So ``verdict`` can say "Orange can force a win in 7 moves" counting orange's own moves.

Method: progress never decreases, so the 25 progress layers (blue 0-4 x orange 0-4) are
solved from the top down; a move onto the mover's current target leaves the layer for one
already solved (or wins at once when it is the final target).  Inside a layer the usual
retrograde analysis with successor counting runs by increasing distance (bucket queue), with
the moves that leave the layer entered as known values.  Predecessors are generated from
per-square tables (the squares from which a step in an allowed direction lands here).

Positions that play cannot reach (a piece on its current target without having counted it)
get values too; they are never consulted for reachable positions.
"""

from __future__ import annotations

import time
from array import array
from collections import OrderedDict

from games.tripppin.rules import COURSE_SQ, DESTS, FINAL, PIECES, STEP, TOKEN_MASK, State

__all__ = ["Solution", "solve", "cached_solution", "clear_cache", "verdict", "sentence",
           "audit_moves", "solve_times"]

LAYER = 8192            # codes per progress layer: turn x mover's square x other's square
HALF = 4096
N_LAYERS = 25
BIG = 1 << 20           # added to a successor count that must never reach zero
CACHE_SIZE = 8


def _rot4(mask: int) -> int:
    return ((mask << 4) | (mask >> 4)) & 0xFF


def code_of(state: State) -> int:
    """The position code: layer (blue progress * 5 + orange progress), then the turn, the
    square of the piece to move and the square of the other piece."""
    t = 0 if state.turn == "blue" else 1
    pos = state.positions
    pb, po = state.progress("blue"), state.progress("orange")
    return (pb * 5 + po) * LAYER + t * HALF + pos[t] * 64 + pos[1 - t]


def _solve_board(board) -> array:
    masks = [TOKEN_MASK[t] for t in board]
    # moves[me*64+opp]: the mover's destinations (the other's square removed)
    moves = [()] * 4096
    count0 = [0] * 4096
    preds = [()] * 4096     # preds[opp*64+me]: offsets x*64+me of the squares x from which
    zeros = []              # the other piece (1-t) could have stepped onto opp
    for me in range(64):
        dme = DESTS[me]
        rme = _rot4(masks[me])
        for opp in range(64):
            if opp == me:
                continue
            i = me * 64 + opp
            mv = dme[masks[opp]]
            if opp in mv:
                mv = tuple(x for x in mv if x != opp)
            moves[i] = mv
            count0[i] = len(mv)
            if not mv:
                zeros.append(i)
            preds[opp * 64 + me] = tuple(x * 64 + me for x in DESTS[opp][rme] if x != me)
    val = [-1] * (N_LAYERS * LAYER)
    for pb in range(FINAL - 1, -1, -1):
        for po in range(FINAL - 1, -1, -1):
            _solve_layer(val, pb, po, moves, count0, preds, zeros)
    return array("h", val)


def _solve_layer(val, pb, po, moves, count0, preds, zeros):
    base = (pb * 5 + po) * LAYER
    lv = [-1] * LAYER
    cnt = count0 + count0
    targets = (COURSE_SQ[0][pb], COURSE_SQ[1][po])
    progs = (pb, po)
    buckets = {}
    seeds = {}
    extmax = {}
    for i in zeros:
        lv[i] = 0
        lv[HALF + i] = 0
    if zeros:
        buckets[0] = zeros + [HALF + i for i in zeros]
    # moves that leave the layer: onto the mover's current target
    for t in (0, 1):
        tgt = targets[t]
        half = t * HALF
        final = progs[t] == FINAL - 1
        if not final:
            nbase = base + (LAYER * 5 if t == 0 else LAYER) + (1 - t) * HALF + tgt
        for me in STEP[tgt]:
            if me < 0:
                continue
            row = me * 64
            for opp in range(64):
                if opp == me or opp == tgt or tgt not in moves[row + opp]:
                    continue
                i = half + row + opp
                cnt[i] -= 1
                if final:
                    v = -2              # the move wins at once (a loss at 0 for the other)
                else:
                    v = val[nbase + opp * 64]
                if v < -1 or (v >= 0 and not v & 1):
                    d = v + 1 if v >= 0 else 1
                    seeds.setdefault(d, []).append(i)
                    cnt[i] += BIG
                elif v < 0:
                    cnt[i] += BIG       # a drawing way out: never a loss
                else:
                    extmax[i] = v
                    if cnt[i] == 0:
                        lv[i] = v + 1
                        buckets.setdefault(v + 1, []).append(i)
    top = max(list(buckets) + list(seeds) + [0])
    d = 0
    while d <= top:
        if d & 1:
            bucket = buckets.pop(d, [])
            for i in seeds.pop(d, ()):
                if lv[i] < 0:
                    lv[i] = d
                    bucket.append(i)
            # wins at d: each predecessor loses one way out
            for i in bucket:
                t = i >> 12
                opp = i & 63
                if opp == targets[1 - t]:
                    continue
                pbase = HALF - (t << 12)
                for off in preds[(opp << 6) | ((i >> 6) & 63)]:
                    p = pbase + off
                    c = cnt[p] - 1
                    cnt[p] = c
                    if c == 0:
                        e = extmax.get(p, -1) + 1
                        dd = d + 1 if e <= d else e
                        lv[p] = dd
                        if dd > top:
                            top = dd
                        b = buckets.get(dd)
                        if b is None:
                            buckets[dd] = [p]
                        else:
                            b.append(p)
        else:
            bucket = buckets.pop(d, None)
            if bucket:
                nxt = []
                d1 = d + 1
                for i in bucket:
                    t = i >> 12
                    opp = i & 63
                    if opp == targets[1 - t]:
                        continue
                    pbase = HALF - (t << 12)
                    for off in preds[(opp << 6) | ((i >> 6) & 63)]:
                        p = pbase + off
                        if lv[p] < 0:
                            lv[p] = d1
                            nxt.append(p)
                if nxt:
                    buckets.setdefault(d1, []).extend(nxt)
                    if d1 > top:
                        top = d1
        d += 1
    val[base:base + LAYER] = lv


def _kind(v: int):
    if v < 0:
        return ("draw", None)
    if v & 1:
        return ("win", (v + 1) // 2)
    return ("loss", v // 2)


class Solution:
    """The solved values of every position on one board."""

    __slots__ = ("board", "values", "seconds")

    def __init__(self, board, values, seconds=0.0):
        self.board = tuple(board)
        self.values = values
        self.seconds = seconds

    def _check(self, state: State):
        if not isinstance(state, State):
            raise TypeError("state must be a Tripppin State")
        if state.board != self.board:
            raise ValueError("this solution is for another board")

    def plies(self, state: State) -> int:
        """The distance in plies (moves of either piece) to the end with best play: odd =
        a win for the piece to move, even = a loss (0: the game is over), -1 = a draw."""
        self._check(state)
        if state.is_over:
            return 0
        return self.values[code_of(state)]

    def value(self, state: State) -> tuple:
        """``(kind, n)`` for the piece to move: ("win", n), ("loss", n) or ("draw", None);
        n counts the moves of the piece that wins (see the module docstring)."""
        return _kind(self.plies(state))

    def _after(self, state: State, move) -> int:
        """The distance in plies for the mover after it plays ``move`` (move included)."""
        t = state.play(move)
        if t.is_over:
            return 1                      # a win at once (landing home or blocking)
        v = self.values[code_of(t)]
        return -1 if v < 0 else v + 1

    def move_plies(self, state: State) -> dict:
        """{move: distance in plies for the mover, its move included (odd: it wins, even:
        it loses, -1: draw)} for every legal move."""
        self._check(state)
        return {m: self._after(state, m) for m in state.legal_moves()}

    def move_values(self, state: State) -> dict:
        """{move: (kind, n)} for every legal move, from the mover's point of view, counted
        as ``value`` counts them from ``state``."""
        return {m: _kind(v) for m, v in self.move_plies(state).items()}

    def best_moves(self, state: State) -> list:
        """The moves that keep the value: in a won position the fastest wins, in a lost one
        the longest defences, in a drawn one every drawing move.  Sorted; [] if over."""
        if state.is_over:
            self._check(state)
            return []
        mp = self.move_plies(state)
        wins = [v for v in mp.values() if v > 0 and v & 1]
        if wins:
            best = min(wins)
        elif any(v < 0 for v in mp.values()):
            best = -1
        else:
            best = max(mp.values())
        return sorted(m for m, v in mp.items() if v == best)


def solve(state_or_board) -> Solution:
    """Solve the board of a State (or a sequence of 64 tile tokens); no caching."""
    board = state_or_board.board if isinstance(state_or_board, State) else tuple(state_or_board)
    if len(board) != 64:
        raise ValueError("a board has 64 tiles")
    t = time.perf_counter()
    values = _solve_board(board)
    return Solution(board, values, time.perf_counter() - t)


_CACHE: "OrderedDict[tuple, Solution]" = OrderedDict()


def cached_solution(state_or_board) -> Solution:
    """``solve`` with a small per-process cache keyed by the board (the last CACHE_SIZE
    boards), so a process solves a board once."""
    board = state_or_board.board if isinstance(state_or_board, State) else tuple(state_or_board)
    sol = _CACHE.get(board)
    if sol is None:
        sol = solve(board)
        _CACHE[board] = sol
        while len(_CACHE) > CACHE_SIZE:
            _CACHE.popitem(last=False)
    else:
        _CACHE.move_to_end(board)
    return sol


def clear_cache() -> None:
    _CACHE.clear()


def sentence(piece_to_move: str, kind: str, n) -> str:
    """The verdict sentence for a value of the piece to move."""
    if kind == "draw":
        return "Neither side can force a win"
    winner = piece_to_move if kind == "win" else PIECES[1 - PIECES.index(piece_to_move)]
    if n == 0:
        return f"{winner.capitalize()} has won"
    return f"{winner.capitalize()} can force a win in {n} move{'' if n == 1 else 's'}"


def verdict(state: State, solution: Solution | None = None) -> str:
    """"Orange can force a win in 7 moves", "Neither side can force a win", ... for the
    position; the moves counted are the winner's (its winning move included).  A finished
    game gives "Blue has won"."""
    if solution is None:
        solution = cached_solution(state)
    kind, n = solution.value(state)
    return sentence(state.turn, kind, n)


# -- measurement ------------------------------------------------------------------------------

def solve_times(boards: int = 50) -> list:
    """Seconds to solve the boards of ``new_game(seed)`` for seeds 0..boards-1 (no cache)."""
    from games.tripppin.rules import new_game
    out = []
    for seed in range(boards):
        s = new_game(seed)
        t = time.perf_counter()
        _solve_board(s.board)
        out.append(time.perf_counter() - t)
    return out


def audit_moves(history, pieces=None) -> dict:
    """Count the moves of a finished (or capped) game, given as its list of states, that
    give away a value: a won position left not won, or a drawn one left lost.  ``pieces``
    limits the count to the moves of those pieces.  Returns {"moves", "won", "won_lost"
    (won positions given away), "drawn", "drawn_lost", "games", "start_won", "start_drawn",
    "start_lost"}: the last four say how the first position stood for the pieces (with
    several pieces, for the first of them; for the piece to move if ``pieces`` is None)."""
    out = {"moves": 0, "won": 0, "won_lost": 0, "drawn": 0, "drawn_lost": 0,
           "games": 0, "start_won": 0, "start_drawn": 0, "start_lost": 0}
    if not history:
        return out
    sol = cached_solution(history[0])
    first = history[0]
    kind, _ = sol.value(first)
    piece = first.turn if not pieces else list(pieces)[0]
    if piece != first.turn and kind != "draw":
        kind = "win" if kind == "loss" else "loss"
    out["games"] = 1
    out["start_" + {"win": "won", "draw": "drawn", "loss": "lost"}[kind]] = 1
    for before, after in zip(history, history[1:]):
        if before.is_over or (pieces is not None and before.current not in pieces):
            continue
        out["moves"] += 1
        v = sol.plies(before)
        if after.is_over:
            w = 1 if before.current in after.winners() else 0
        else:
            w = sol.values[code_of(after)]
            w = -1 if w < 0 else w + 1
        if v > 0 and v & 1:
            out["won"] += 1
            out["won_lost"] += not (w > 0 and w & 1)
        elif v < 0:
            out["drawn"] += 1
            out["drawn_lost"] += w >= 0 and not w & 1
    return out
