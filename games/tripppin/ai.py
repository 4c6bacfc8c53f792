"""Tripppin: the computer player (standard library and games.tripppin.rules only).

Levels follow the original: level 1 looks at its own move only and picks the one that gets
closest to its goal; every level looks one move (ply) further, so level n searches n plies
(level 3 = my move, your reply, my move).

Search: negamax with alpha-beta, iterative deepening (1, 2, ... n plies), a transposition
table, the previous iteration's best move first, killer moves and a static "gets closer"
ordering.  It runs on plain ints (squares 0-63, a per-square direction mask), never on
State objects.

Evaluation, from the side to move: (the opponent's remaining distance - my remaining
distance) * 16, where the remaining distance is the king-move (Chebyshev) distance to the
current target plus the lengths of the legs still to run after it.  Decisive outcomes:
a position whose piece to move has no legal move is lost for it, landing on the final
target wins; both score +-(WIN - plies from the root), so faster wins and slower losses
are preferred.  At the horizon a position is still recognised as decided when the piece
to move has no move (lost) or can step onto its final target at once (won).

Ties between equally good moves at the root are broken with the ``rng`` given (a fresh
``random.Random(0)`` if None), so a choice is deterministic for a given generator state.

Loop prevention (``forbidden_moves``), for the computer only: for a loop length L of 1 to
20 turns, if the last 2L positions of the history are the same L positions twice over
(positions include whose turn it is, so real loops have an even L >= 4), then the position
now is the one the computer stood in L turns ago, and the move made from it then would
begin a third run through the cycle's positions: that move is forbidden.  Every L that
fits adds its move.  If every legal move is forbidden, the restriction is lifted.  (The
original says "repeated two complete times in a loop"; counting positions as above, the
computer refuses the move that would close the second run of moves.)  ``choose_move``
expects ``history`` to end with ``state``; if it does not, ``state`` is taken to follow it.
``suggest`` applies loop prevention only if asked (humans are never restricted).

Level 9 typically decides in a few milliseconds; ``suggest`` reaches depth 6 within a few
milliseconds and 30-40 plies within two seconds.

Perfect (``PERFECT`` = 10, named "Perfect"; not in ``LEVELS``, which stays the original's
1-9, but in ``ALL_LEVELS``) plays from the solved board (``games.tripppin.solver``, cached
per process; the first move on a new board waits for the solve, some 50-100 ms): in a won
position the fastest win, in a lost one the longest defence, in a drawn one never a losing
move, and among the drawing moves (less those ``forbidden_moves`` names, with loop
prevention, unless that leaves none) the one ``draw_scores`` likes best: the most chances
for a fallible opponent to go wrong within the next few goes (by the solved board, with
the opponent modelled as a racer), some progress round the course, and no return to a
position the game has already seen while there is another way on.
Ties between equally fast wins or equally long defences are broken with ``rng``.
``suggest_perfect`` gives a human the same move with the verdict sentence.
"""

from __future__ import annotations

import math
import random
import time

from games.tripppin.rules import COURSE_SQ, DESTS, FINAL, TOKEN_MASK, State

__all__ = ["LEVELS", "ALL_LEVELS", "PERFECT", "LEVEL_NAMES", "DEFAULT_LEVEL", "level_name",
           "parse_level", "choose_move", "suggest", "suggest_perfect", "verdict", "audit",
           "forbidden_moves", "MAX_LOOP", "remaining", "draw_scores"]

LEVELS = range(1, 10)
PERFECT = 10
ALL_LEVELS = tuple(LEVELS) + (PERFECT,)
LEVEL_NAMES = {"perfect": PERFECT}
DEFAULT_LEVEL = 3
MAX_LOOP = 20          # loops longer than this many turns are not noticed
HISTORY = 2 * MAX_LOOP + 1    # the last states loop prevention reads (games.core.table)

WIN = 1_000_000
MATE_BOUND = WIN - 10_000
INF = 10 ** 9
SCALE = 16
EXACT, LOWER, UPPER = 0, 1, 2


def _cheb(a: int, b: int) -> int:
    return max(abs(a % 8 - b % 8), abs(a // 8 - b // 8))


def _remaining_table():
    table = []
    for side in (0, 1):
        targets = COURSE_SQ[side]
        per_prog = []
        for k in range(FINAL):
            after = sum(_cheb(targets[j], targets[j + 1]) for j in range(k, FINAL - 1))
            per_prog.append(tuple(_cheb(sq, targets[k]) + after for sq in range(64)))
        table.append(tuple(per_prog))
    return tuple(table)


# REM[side][progress][square]: steps still to run round the course (progress 0-4).
REM = _remaining_table()


def remaining(state: State, piece: str) -> int:
    """The distance (in king moves) the piece still has to run round its course."""
    side = 0 if piece == "blue" else 1
    k = state.progress(piece)
    return 0 if k >= FINAL else REM[side][k][state.position(piece)]


class _Timeout(Exception):
    pass


class _Engine:
    """Alpha-beta search over one board (the board never changes during a game)."""

    def __init__(self, state: State, max_depth: int, deadline=None):
        self.masks = tuple(TOKEN_MASK[t] for t in state.board)
        self.tt = {}
        self.killers = [-1] * (max_depth + 2)
        self.nodes = 0
        self.deadline = deadline
        self.order_cache = {}

    def negamax_fn(self):
        masks = self.masks
        tt = self.tt
        killers = self.killers
        order_cache = self.order_cache
        deadline = self.deadline
        dests = DESTS
        rem = REM
        tgts = COURSE_SQ
        clock = time.perf_counter
        nodes = [0]

        def ordered(me, mask, pm, side):
            key = me | mask << 6 | pm << 14 | side << 17
            o = order_cache.get(key)
            if o is None:
                r_here, tgt = rem[side][pm], tgts[side][pm]
                r_next = rem[side][pm + 1] if pm < 4 else r_here
                o = tuple(sorted(dests[me][mask],
                                 key=lambda t: (r_next[t] if t == tgt else r_here[t], t)))
                order_cache[key] = o
            return o

        def negamax(me, opp, pm, po, side, depth, alpha, beta, ply):
            n = nodes[0] = nodes[0] + 1
            if deadline is not None and not n & 1023 and clock() > deadline:
                raise _Timeout
            mask = masks[opp]
            moves = dests[me][mask]
            tgt = tgts[side][pm]
            if opp in moves:
                if len(moves) == 1:
                    return ply - WIN
            elif not moves:
                return ply - WIN
            if pm == 4 and tgt in moves and tgt != opp:
                return WIN - ply - 1
            if depth <= 0:
                return (rem[1 - side][po][opp] - rem[side][pm][me]) * SCALE
            key = me | opp << 6 | pm << 12 | po << 15 | side << 18
            entry = tt.get(key)
            ttmove = -1
            if entry is not None:
                edepth, eflag, v, ttmove = entry
                if edepth >= depth:
                    if v > MATE_BOUND:
                        v -= ply
                    elif v < -MATE_BOUND:
                        v += ply
                    if eflag == EXACT:
                        return v
                    if eflag == LOWER:
                        if v >= beta:
                            return v
                    elif v <= alpha:
                        return v
            order = ordered(me, mask, pm, side)
            killer = killers[ply]
            if ttmove >= 0 or killer >= 0:
                front = []
                if ttmove >= 0 and ttmove != opp and ttmove in order:
                    front.append(ttmove)
                if killer >= 0 and killer != ttmove and killer != opp and killer in order:
                    front.append(killer)
                order = front + [t for t in order if t != opp and t not in front]
            a0 = alpha
            best = -INF
            bestmove = -1
            d1 = depth - 1
            p1 = ply + 1
            other = 1 - side
            for t in order:
                if t == opp:
                    continue
                if t == tgt:
                    v = -negamax(opp, t, po, pm + 1, other, d1, -beta, -alpha, p1)
                else:
                    v = -negamax(opp, t, po, pm, other, d1, -beta, -alpha, p1)
                if v > best:
                    best = v
                    bestmove = t
                    if v > alpha:
                        alpha = v
                        if v >= beta:
                            killers[ply] = t
                            break
            sv = best
            if sv > MATE_BOUND:
                sv += ply
            elif sv < -MATE_BOUND:
                sv -= ply
            if best <= a0:
                flag = UPPER
            elif best >= beta:
                flag = LOWER
            else:
                flag = EXACT
            tt[key] = (depth, flag, sv, bestmove)
            return best

        return negamax, nodes

    def root(self, state: State, moves, depth, negamax, exact_ties):
        """Score every root move at this depth.  Returns {move: score}; the best score is
        exact, and with exact_ties so is every score equal to it."""
        side = 0 if state.turn == "blue" else 1
        me, opp = state.positions[side], state.positions[1 - side]
        pm, po = state.progress(state.turn), state.progress("orange" if side == 0
                                                             else "blue")
        tgt = COURSE_SQ[side][pm]
        scores = {}
        best = -INF
        for t in moves:
            np = pm + 1 if t == tgt else pm
            if np == FINAL:
                v = WIN - 1
            else:
                alpha = best - 1 if exact_ties else best
                v = -negamax(opp, t, po, np, 1 - side, depth - 1, -INF, -alpha, 1)
            scores[t] = v
            if v > best:
                best = v
        return scores


def _check_state(state: State):
    if not isinstance(state, State):
        raise TypeError("state must be a Tripppin State")
    if state.is_over:
        raise ValueError("the game is over: there is no move to choose")


def _candidate_moves(state, history, prevent_loops):
    legal = state.legal_moves()
    if prevent_loops and history:
        banned = forbidden_moves(_with_state(history, state))
        allowed = [m for m in legal if m not in banned]
        if allowed:
            return allowed
    return legal


def _with_state(history, state):
    h = list(history)
    if not h or h[-1] != state:
        h.append(state)
    return h


def _order_root(moves, scores):
    return sorted(moves, key=lambda m: -scores.get(m, -INF))


def level_name(level) -> str:
    """"Perfect" for ``PERFECT``, else the level's number as text ("9")."""
    return "Perfect" if parse_level(level) == PERFECT else str(int(level))


def parse_level(level) -> int:
    """A level as an int: an int (or its text) as it is, "perfect" (any case) -> PERFECT."""
    if isinstance(level, str):
        name = level.strip().lower()
        if name in LEVEL_NAMES:
            return LEVEL_NAMES[name]
        try:
            return int(name)
        except ValueError:
            raise ValueError(f"no level called {level!r} (1-9 or perfect)") from None
    if isinstance(level, bool):
        raise ValueError(f"not a level: {level!r}")
    return int(level)


def choose_move(state: State, level: int = DEFAULT_LEVEL, rng=None, history=(),
                prevent_loops: bool = True):
    """The computer's move for ``state`` (a legal destination square).

    ``level`` is the number of plies searched (1-9 in the game; more is allowed), or
    ``PERFECT`` (10, or the text "perfect") for perfect play from the solved board.
    ``rng`` (a random.Random) breaks ties between equally good moves.  ``history`` is the
    game's states so far, oldest first, ending with ``state``; with ``prevent_loops`` the
    moves ``forbidden_moves`` names are avoided unless nothing else is legal (Perfect:
    among its drawing moves only)."""
    _check_state(state)
    level = parse_level(level)
    if level < 1:
        raise ValueError(f"level must be at least 1, got {level}")
    if rng is None:
        rng = random.Random(0)
    if level == PERFECT:
        return _choose_perfect(state, rng, history, prevent_loops)
    moves = _candidate_moves(state, history, prevent_loops)
    return _search_choice(state, level, rng, moves)


def _search_choice(state, level, rng, moves):
    """The level-``level`` search's choice among ``moves``."""
    if len(moves) == 1:
        return moves[0]
    engine = _Engine(state, level)
    negamax, _ = engine.negamax_fn()
    scores = {}
    for depth in range(1, level + 1):
        scores = engine.root(state, _order_root(moves, scores), depth, negamax,
                             exact_ties=(depth == level))
        best = max(scores.values())
        if abs(best) > MATE_BOUND:
            # Decided: the first depth that finds a win finds the fastest one.  Re-score
            # ties exactly at this depth if that was not done already.
            if depth != level:
                scores = engine.root(state, _order_root(moves, scores), depth, negamax,
                                     exact_ties=True)
            break
    best = max(scores.values())
    tied = sorted(m for m, v in scores.items() if v == best)
    return tied[0] if len(tied) == 1 else rng.choice(tied)


def _choose_perfect(state, rng, history, prevent_loops):
    from games.tripppin.solver import cached_solution
    plies = cached_solution(state).move_plies(state)
    wins = [v for v in plies.values() if v > 0 and v & 1]
    if wins:
        best = min(wins)
    elif any(v < 0 for v in plies.values()):
        drawing = [m for m, v in plies.items() if v < 0]
        if prevent_loops and history:
            banned = forbidden_moves(_with_state(history, state))
            allowed = [m for m in drawing if m not in banned]
            if allowed:
                drawing = allowed
        return _drawing_choice(state, sorted(drawing), rng, history,
                               cached_solution(state))
    else:
        best = max(plies.values())
    tied = sorted(m for m, v in plies.items() if v == best)
    return tied[0] if len(tied) == 1 else rng.choice(tied)


# Perfect in a drawn position: the weights of what a drawing move is worth (see
# ``draw_scores``).
TRAP_W = 1.0           # the chance that a fallible opponent's reply loses
BAD_W = 0.25           # the share of the opponent's replies that lose
DEEP_PLIES = 4         # a losing reply whose loss is this far or further is a full trap
SHALLOW_W = 0.3        # ... a nearer one (easier to see) counts this much
TEMPERATURE = 1.5      # the opponent's taste for racing moves, in steps of distance
TRAP_DEPTH = 2         # the mover's later goes the trap search looks through
TRAP_DECAY = 0.7       # a chance one go later is worth this much
PROGRESS_W = 0.02      # per step of the mover's own course run
TARGET_W = 0.1         # per target reached
REPEAT_W = 2.0         # per earlier time the position after the move stood in the game
AHEAD_W = 0.5          # the same, for the positions a move and a reply later (on average)


def draw_scores(state: State, moves, solution, history=()) -> dict:
    """{move: worth} for drawing moves of ``state``: how much chance the move gives a
    fallible opponent to go wrong, plus progress round the course, less repetition.

    The opponent is modelled as a racer that prefers replies leaving it closer to home than
    its enemy (a softmax over the race difference, TEMPERATURE steps).  ``_trap`` is the
    chance that such a racer goes wrong within TRAP_DEPTH more moves of the mover (the
    mover playing its own best drawing continuations, later chances worth TRAP_DECAY each
    go); a reply whose loss is near (fewer than DEEP_PLIES plies) counts at SHALLOW_W,
    since such a loss is easier to see.  Progress: the steps the mover's course run shrinks
    and the targets it reaches.  A move into a position the game has already seen loses
    REPEAT_W for every time it stood there (and AHEAD_W of that for the positions a reply
    and a move later), so a drawn game walks on instead of cycling."""
    from games.tripppin.solver import code_of
    me = state.turn
    seen: dict = {}
    for h in history:
        seen[h] = seen.get(h, 0) + 1
    before = remaining(state, me)
    prog = state.progress(me)
    memo: dict = {}
    out = {}
    for m in moves:
        t = state.play(m)
        score = PROGRESS_W * (before - remaining(t, me)) + TARGET_W * (t.progress(me) - prog)
        score -= REPEAT_W * seen.get(t, 0)
        if not t.is_over:
            score += TRAP_W * _trap(t, TRAP_DEPTH, solution, code_of, memo)
            score -= AHEAD_W * REPEAT_W * _repeats_ahead(t, solution, seen, code_of)
        out[m] = score
    return out


def _trap(t, depth, solution, code_of, memo) -> float:
    """The chance that the modelled opponent, to move in ``t`` (a drawn position), goes
    wrong now or within ``depth`` more goes (see ``draw_scores``)."""
    key = (t, depth)
    got = memo.get(key)
    if got is not None:
        return got
    foe = t.turn
    me = "orange" if foe == "blue" else "blue"
    replies = []
    for r in t.legal_moves():
        u = t.play(r)
        if u.is_over:
            replies.append((100.0, 0.0, None))
            continue
        v = solution.values[code_of(u)]         # for me, to move in u
        race = remaining(u, me) - remaining(u, foe)
        if v >= 0 and v & 1:
            replies.append((race, 1.0 if v + 1 >= DEEP_PLIES else SHALLOW_W, None))
        else:
            replies.append((race, 0.0, u if v < 0 else None))
    top = max(x[0] for x in replies)
    ws = [math.exp((x[0] - top) / TEMPERATURE) for x in replies]
    total = sum(ws)
    bad = sum(1 for x in replies if x[1] > 0)
    p = BAD_W * bad / len(replies)
    for w, (_race, loses, u) in zip(ws, replies):
        if loses:
            p += w / total * loses
        elif u is not None and depth > 0:
            best = 0.0
            for m in u.legal_moves():
                x = u.play(m)
                if x.is_over or solution.values[code_of(x)] >= 0:
                    continue                    # only drawing moves of mine
                val = _trap(x, depth - 1, solution, code_of, memo)
                if val > best:
                    best = val
            p += w / total * TRAP_DECAY * best
    memo[key] = p
    return p


def _repeats_ahead(t, solution, seen, code_of) -> float:
    """Over the opponent's drawing replies from ``t`` (on average): how often the game has
    seen the position after the reply, plus the fewest times it has seen a position the
    mover can then draw into -- so a move that leads into a forced repetition is avoided
    while there is still room to turn aside."""
    total, n = 0.0, 0
    for r in t.legal_moves():
        u = t.play(r)
        if u.is_over or solution.values[code_of(u)] >= 0:
            continue                        # not a drawing reply
        fewest = None
        for w in u.legal_moves():
            x = u.play(w)
            if x.is_over or solution.values[code_of(x)] >= 0:
                continue
            c = seen.get(x, 0)
            if fewest is None or c < fewest:
                fewest = c
        total += seen.get(u, 0) + (fewest or 0)
        n += 1
    return total / n if n else 0.0


def _drawing_choice(state, drawing, rng, history, solution):
    """Perfect's choice among drawing moves: the best ``draw_scores``, ties by ``rng``."""
    if len(drawing) == 1:
        return drawing[0]
    scores = draw_scores(state, drawing, solution, _with_state(history, state)
                         if history else (state,))
    best = max(scores.values())
    tied = [m for m in drawing if scores[m] >= best - 1e-12]
    return tied[0] if len(tied) == 1 else rng.choice(tied)


def verdict(state: State, solution=None) -> str:
    """The solved value as a sentence for the suggestion panel: "Orange can force a win in
    7 moves" (the winner's moves, its winning move included), "Neither side can force a
    win", "Blue has won" (game over).  Solves the board (cached) if no solution is given."""
    from games.tripppin.solver import verdict as _verdict
    return _verdict(state, solution)


def suggest_perfect(state: State, report, history=(), prevent_loops: bool = True):
    """Perfect play's move for a human: solves the board (or uses the process's cache),
    then calls ``report(move, sentence)`` once, with the move Perfect would play and the
    ``verdict`` sentence, and returns the move (None, with no report, if the game is over).
    With ``prevent_loops`` the drawing moves that would start a third run of a loop are
    avoided as for the computer."""
    if not isinstance(state, State):
        raise TypeError("state must be a Tripppin State")
    if state.is_over:
        return None
    from games.tripppin.solver import cached_solution
    solution = cached_solution(state)
    move = _choose_perfect(state, random.Random(0), history, prevent_loops)
    report(move, verdict(state, solution))
    return move


def audit(history, pieces=None) -> dict:
    """How often the moves of ``pieces`` in a game (its list of states) gave away a won or
    drawn position, against the solved board: see ``games.tripppin.solver.audit_moves``."""
    from games.tripppin.solver import audit_moves
    return audit_moves(history, pieces)


def suggest(state: State, report, history=(), max_depth: int = 40,
            time_limit: float = 20.0, prevent_loops: bool = False):
    """Anytime search for a human: iterative deepening, calling ``report(move, depth)``
    after each completed depth, until ``max_depth``, a decided result (a forced win or
    loss found) or ``time_limit`` seconds.  Returns the last move reported (None if the
    game is over)."""
    if not isinstance(state, State):
        raise TypeError("state must be a Tripppin State")
    if state.is_over:
        return None
    start = time.perf_counter()
    moves = _candidate_moves(state, history, prevent_loops)
    if len(moves) == 1:
        report(moves[0], 1)
        return moves[0]
    engine = _Engine(state, max_depth, deadline=start + time_limit)
    negamax, _ = engine.negamax_fn()
    scores = {}
    best_move = None
    for depth in range(1, max_depth + 1):
        try:
            scores = engine.root(state, _order_root(moves, scores), depth, negamax,
                                 exact_ties=False)
        except _Timeout:
            break
        best = max(scores.values())
        best_move = max(scores, key=scores.get)   # the first best in search order
        report(best_move, depth)
        if abs(best) > MATE_BOUND:
            break
        if time.perf_counter() - start > time_limit:
            break
    return best_move


def forbidden_moves(history) -> set:
    """Moves that would start a third run of a loop (see the module docstring).

    ``history`` is the game's states, oldest first, ending with the position now."""
    h = list(history)
    n = len(h)
    out = set()
    if n < 2:
        return out
    now = h[-1]
    if now.is_over:
        return out
    legal = set(now.legal_moves())
    for L in range(1, MAX_LOOP + 1):
        if 2 * L > n:
            break
        if all(h[n - 2 * L + i] == h[n - L + i] for i in range(L)):
            before, after = h[n - L - 1], h[n - L]
            if before != now or before.is_over:
                continue
            mover = before.turn
            move = after.position(mover)
            if move in legal and before.play(move) == after:
                out.add(move)
    return out
