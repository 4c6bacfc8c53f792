"""Tribolo computer players.

Level 1 is the original's <B>est key: the move that turns the most tiles (``best_move``).

Level 2 searches by Best-Reply Search, "brs" (Schadd & Winands, "Best Reply Search for
Multiplayer Games", IEEE TCIAIG 2011).  The searching seat is MAX; at a MIN layer only ONE
opponent moves: the one with the reply that hurts MAX most, chosen among the moves of both
opponents (each played as if it were that opponent's turn); then MAX moves again.  It
reaches twice as many of MAX's own moves as a paranoid search of the same time, and Schadd
& Winands found it the strongest of max^n, paranoid and BRS in Rolit (multi-player
Othello).  Levels 3 and 4 search "paranoid" (Sturtevant & Korf 2000): both opponents in
the real turn order, both minimising MAX's value.  Against two paranoid searchers, BRS gave
the seat after it a lead (level 4 by BRS won 26.5% of 200 games, the rival seated after it
85, the one before it 54); paranoid with the same weights and work won 37% of 100 (MODES).
A seat with no move passes; the search ends at a position where nobody can move with the
exact result.

Alpha-beta with iterative deepening under a work limit (LIMITS: move-generator calls plus
a third of the moves played out), so that the same position and seed always give the same
move.  HARD_TIME (6 s) is a safety net only, on the CPU time of the thread that searches
(``time.thread_time``: other busy processes, which stretch a decision's wall time many
times over on a shared machine, cannot make it fire): level 4's longest searches take
some 0.5 s of CPU here, so a machine ten times slower still ends on the work limit (past
the net the last finished depth is used, and only then could the answer depend on
timing).
Level 2 searches to depth 2 (one own move and the best reply) on a small work limit with
the hand-set weights PARAMS; levels 3 and 4 ("4 strongest") deepen until their work limit
with the weights PARAMS4 (fitted to self-play: see there), level 3 on a thirtieth of level
4's work.  Tribolo always has three seats, so each rung of the ladder is one seat of the
higher level against two of the level below (a fair share is 33%; each rung is held to
half of the games).  In the arena (``python -m tools.arena tribolo --seat 3 --seat 2 --seat
2 --games 200 --seed 1 --jobs 2``, and so on, and again from ``--seed 201``) level 2 won
181 of 200 against two level 1s; level 3 won 130 and 125 of 200 (64%) against two level
2s; level 4 won 111 and 105 of 200 (54%) against two level 3s.  The budget of level 3 has
to hold both of its rungs, and 400 games tell budgets apart where 200 do not: on 1,500
work level 3 won 128 of the first 200 against level 2s, but level 4 only 101 and 85
(46.5%) against it; on 3,000, 48 of 60 and 28 of 60; on 8,000, 162 of 200 and 76 of 200;
by BRS on 16,000 with PARAMS (the level 3 before), 82 of 200 against level 2s.  Children
are ordered by a static square value and the number of tiles turned (and the previous
iteration's order at the root); the paranoid search tries first, at each node, the move
that was best there in the iteration before and then that depth's two killer moves (the
last to cut a search off), which reaches deeper on the same work (level 4: depth 5.6 on
average over 161 positions from real games, against 5.1) without changing any value the
search finds.

The evaluation, from MAX's side, is H(me) - max(H(opp1), H(opp2)) (PARAMS["opp_mix"]
blends the max with the average; the max won clearly in self-play) where H(seat) adds:
- material, weighted by the game phase (little in the opening, everything at the end);
- stable tiles: "anchors" are squares with a wall (grey or edge) next to them on every
  one of the four lines through them -- like Othello corners they can never be flipped --
  and a tile is stable when each of its four lines is blocked by a wall or by a stable tile
  of its own colour beside it (grown from the anchors);
- edge squares: squares walled on three of their four lines (flippable along one only);
- danger: tiles next to an EMPTY anchor (like Othello's X and C squares, they let an
  opponent take the anchor);
- mobility: the number of moves;
- being shut out: a large penalty for having no move while others still have;
- the frontier (level 4 only): tiles next to an empty square, which give the others moves.
A position where nobody can move scores by the final ranking: an outright win first, then a
share of the top, then the margin.

Randomness: the ``rng`` passed in breaks ties between equal moves (shuffling the root
before a stable sort); with the same seed the same move comes out.  ``history`` is
accepted for the common protocol and not needed here (positions never repeat in Tribolo).
"""

from __future__ import annotations

import time

from games.tribolo.rules import flip_bits, move_bits

LEVELS = (1, 2, 3, 4)
LEVEL_NAMES = {4: "4 strongest"}
DEFAULT_LEVEL = 3
HISTORY = 0        # choose_move reads no history (games.core.table sends none)

MODE = "brs"                                   # search_move's default
MODES = {2: "brs", 3: "paranoid", 4: "paranoid"}   # what each level searches by

# Search limits per level: (work limit, maximum depth).  Work counts move-generator calls
# plus a third of the moves played out; it makes the search deterministic.  HARD_TIME is
# a CPU-time safety net, over ten times the longest level-4 search measured here.
LIMITS = {
    2: (1500, 2),
    3: (1000, 64),             # level 3's rungs: see the module's docstring
    4: (30000, 64),
}
HARD_TIME = 6.0

# Evaluation weights (in tiles).
PARAMS = {
    "mat_open": 0.2,      # material weight when the board is empty...
    "mat_end": 1.0,       # ...and when it is full
    "stable": 2.0,        # per stable tile (on top of material)
    "anchor": 3.0,        # per anchor held
    "edge": 0.5,          # per square walled on three lines
    "danger": -1.5,       # per tile next to an empty anchor
    "mobility": 0.6,      # per move
    "shut": -6.0,         # no move while others have one
    "opp_mix": 1.0,       # weight of the best opponent against their average
}

# The weights of levels 3 and 4, fitted to self-play (``python -m tools.tune.tribolo --games
# 1000 --seed 1000``: the weights that give the likeliest chance of each seat winning as
# softmax(H)), scaled to a tile at the end = 1.  These were fitted to 800 of its 1,000 games,
# the other 200 held out (all 1,000 give much the same: -0.20, 1, -0.03, 0.82, 0, -0.45,
# 0.22, -4.86, -0.50).  On the held-out games the fitted weights score a log loss of 0.983
# where the weights before (the rival's: material 0.25 -> 1, stable 3, mobility 1) did 1.069
# at their best scale (ln 3 = 1.099 knows nothing).  Against two rivals
# (tools/rivals/tribolo.py), level 4 (paranoid, work 30,000) won 28 of 40 games with these
# weights where the ones before won 15 of the same 40; in the arena (seeds 1-200) it won 95
# of 200 (47.5%; BRS with the weights before won 45 of the first 150), and 128 of 200 (64%)
# once its search tried the last iteration's best move and the killers first; against two of
# the level 3s of then (BRS with PARAMS), 24 of 40.  What they say: few tiles early (mat_open
# < 0), anchors (corners) worth most, tiles next to an empty anchor and tiles next to empty
# squares (the frontier) bad, being shut out very bad; stable tiles other than anchors add
# nothing that the rest does not already.
PARAMS4 = {
    "mat_open": -0.16,
    "mat_end": 1.0,
    "stable": -0.06,
    "anchor": 0.87,
    "edge": 0.05,
    "danger": -0.36,
    "mobility": 0.24,
    "shut": -5.0,
    "frontier": -0.55,    # per tile next to an empty square
    "opp_mix": 1.0,
}

WIN = 100000.0


class _Timeout(Exception):
    pass


# --------------------------------------------------------------------------- level 1

def best_move(state, rng=None):
    """The move that turns the most tiles (ties: ``rng.choice``, or the first)."""
    moves = state.legal_moves()
    if not moves:
        raise ValueError("no legal move: the game is over")
    best, top = [], -1
    for m in moves:
        n = len(state.flips(m))
        if n > top:
            best, top = [m], n
        elif n == top:
            best.append(m)
    return rng.choice(best) if rng is not None else best[0]


# --------------------------------------------------------------------------- board facts

class _Info:
    """What the evaluation knows about one board's walls (cached per wall layout)."""

    def __init__(self, geo, grey):
        w, h, stride = geo.width, geo.height, geo.stride
        self.geo = geo
        self.shifts = geo.shifts
        self.free = free = geo.mask & ~grey

        def is_free(c, r):
            return 0 <= c < w and 0 <= r < h and (free >> (r * stride + c)) & 1

        axes = ((1, 0), (0, 1), (1, 1), (1, -1))   # matches shifts 1, s, s+1, s-1
        walled = [0, 0, 0, 0]                      # free squares with a wall on that axis
        anchors = edges = 0
        value = {}
        for r in range(h):
            for c in range(w):
                if not is_free(c, r):
                    continue
                bit = 1 << (r * stride + c)
                k = 0
                for a, (dc, dr) in enumerate(axes):
                    if not is_free(c + dc, r + dr) or not is_free(c - dc, r - dr):
                        walled[a] |= bit
                        k += 1
                if k == 4:
                    anchors |= bit
                elif k == 3:
                    edges |= bit
                value[r * stride + c] = k
        self.walled = tuple(walled)
        self.anchors = anchors
        self.edges = edges
        self.n_free = free.bit_count()
        # Static order value of each square (index -> value) for move ordering.
        self.order = {}
        near_anchor = self.dilate(anchors) & ~anchors
        for idx, k in value.items():
            bit = 1 << idx
            v = (10 if k == 4 else 3 if k == 3 else k)
            if bit & near_anchor:
                v -= 6
            self.order[idx] = v

    def dilate(self, x):
        s = self.shifts
        out = x
        for d in s:
            out |= (x << d) | (x >> d)
        return out & self.free

    def stable(self, own):
        """Tiles of ``own`` that can never be flipped (a sound under-estimate)."""
        s = own & self.anchors
        if not s:
            return 0
        w0, w1, w2, w3 = self.walled
        d0, d1, d2, d3 = self.shifts
        while True:
            n = own & (w0 | (s << d0) | (s >> d0)) & (w1 | (s << d1) | (s >> d1)) \
                & (w2 | (s << d2) | (s >> d2)) & (w3 | (s << d3) | (s >> d3))
            n |= s
            if n == s:
                return s
            s = n


_INFO: dict = {}


def _info(state):
    geo = state.geometry
    key = (geo.width, geo.height, state.grey_bits)
    info = _INFO.get(key)
    if info is None:
        if len(_INFO) > 64:
            _INFO.clear()
        info = _INFO[key] = _Info(geo, state.grey_bits)
    return info


def seat_heuristics(info, p, bb, mob) -> list:
    """H(seat) of each of the three seats (the evaluation's terms, see the module
    docstring, weighted by ``p``): ``bb`` the three seats' tiles, ``mob`` their move
    counts.  The search values a position H(me) - max(H(opp))."""
    empty = info.free & ~(bb[0] | bb[1] | bb[2])
    n_empty = empty.bit_count()
    fill = 1.0 - n_empty / info.n_free
    mat = p["mat_open"] + (p["mat_end"] - p["mat_open"]) * fill
    danger_sq = info.dilate(info.anchors & empty) if info.anchors & empty else 0
    anchors, edges = info.anchors, info.edges
    front_w = p.get("frontier", 0.0)
    near_empty = info.dilate(empty) if front_w else 0
    h = []
    for s in range(3):
        own = bb[s]
        v = mat * own.bit_count()
        if own & anchors:
            v += p["anchor"] * (own & anchors).bit_count()
            v += p["stable"] * info.stable(own).bit_count()
        if own & edges:
            v += p["edge"] * (own & edges).bit_count()
        if danger_sq & own:
            v += p["danger"] * (danger_sq & own).bit_count()
        if front_w:
            v += front_w * (own & near_empty).bit_count()
        m = mob[s]
        if m:
            v += p["mobility"] * m
        else:
            v += p["shut"]
        h.append(v)
    return h


def seat_values(state, params=None) -> list:
    """H(seat) of blue, red and green in ``state`` with the weights of levels 3 and 4
    (``PARAMS4``) or ``params``: what the search's evaluation weighs for each seat."""
    info = _info(state)
    bb = state.tile_bits
    empty = info.free & ~(bb[0] | bb[1] | bb[2])
    mob = [move_bits(bb[s], bb[(s + 1) % 3], bb[(s + 2) % 3], empty, info.shifts).bit_count()
           for s in range(3)]
    return seat_heuristics(info, params or PARAMS4, bb, mob)


# --------------------------------------------------------------------------- search

class _Searcher:
    def __init__(self, info, me, deadline, work_limit, params, mode):
        self.info = info
        self.me = me
        self.deadline = deadline
        self.work_limit = work_limit
        self.work = 0
        self.nodes = 0
        self.p = params
        self.mode = mode
        self.free = info.free
        self.shifts = info.shifts
        # (tiles, seat to move) -> the move that was best there in an earlier iteration
        # (or cut the search off): tried first when the node is searched again, deeper
        self.tt: dict = {}
        self.killers: dict = {}

    # -- evaluation -----------------------------------------------------------------

    def terminal(self, bb):
        me = self.me
        mine = bb[me].bit_count()
        a = bb[(me + 1) % 3].bit_count()
        b = bb[(me + 2) % 3].bit_count()
        top = a if a > b else b
        if mine > top:
            return WIN + (mine - top)
        if mine == top:
            return WIN / 2
        return -WIN + (mine - top)

    def evaluate(self, bb, mob):
        """Value for MAX of a position (not over); ``mob``: move counts of the 3 seats."""
        h = seat_heuristics(self.info, self.p, bb, mob)
        me = self.me
        a, b = h[(me + 1) % 3], h[(me + 2) % 3]
        mix = self.p["opp_mix"]
        top = a if a > b else b
        return h[me] - (mix * top + (1 - mix) * (a + b) / 2)

    # -- helpers --------------------------------------------------------------------

    def tick(self):
        self.nodes += 1

    def moves_of(self, bb, s, empty):
        w = self.work = self.work + 1
        if w > self.work_limit:
            raise _Timeout
        if not (w & 15) and time.thread_time() > self.deadline:
            raise _Timeout
        return move_bits(bb[s], bb[(s + 1) % 3], bb[(s + 2) % 3], empty, self.shifts)

    def children(self, bb, s, moves):
        """[(order, child_bb, move_bit)] of seat ``s``, best-looking first."""
        own, oa, ob = bb[s], bb[(s + 1) % 3], bb[(s + 2) % 3]
        shifts, order = self.shifts, self.info.order
        self.work += moves.bit_count() // 3
        out = []
        while moves:
            low = moves & -moves
            moves ^= low
            f = flip_bits(low, own, oa, ob, shifts)
            nb = [oa & ~f, ob & ~f]
            child = [0, 0, 0]
            child[s] = own | f | low
            child[(s + 1) % 3] = nb[0]
            child[(s + 2) % 3] = nb[1]
            out.append((order[low.bit_length() - 1] * 4 + f.bit_count(), tuple(child), low))
        out.sort(key=lambda t: -t[0])
        return out

    # -- paranoid -------------------------------------------------------------------

    def paranoid(self, bb, cur, moves, depth, alpha, beta):
        """Value of ``bb`` with ``cur`` (who has ``moves``) to move, real turn order."""
        self.tick()
        me = self.me
        maxing = cur == me
        best = -WIN * 10 if maxing else WIN * 10
        kids = self.children(bb, cur, moves)
        key = (bb, cur)
        tt = self.tt
        killers = self.killers.setdefault(depth, [])
        front = 0
        for hint in [tt.get(key)] + killers:
            if hint is None:
                continue
            for i in range(front, len(kids)):
                if kids[i][2] == hint:
                    if i != front:
                        kids.insert(front, kids.pop(i))
                    front += 1
                    break
        best_move = None
        for _, child, m in kids:
            v = self.after_paranoid(child, cur, depth - 1, alpha, beta)
            if maxing:
                if v > best:
                    best, best_move = v, m
                    if v > alpha:
                        alpha = v
            else:
                if v < best:
                    best, best_move = v, m
                    if v < beta:
                        beta = v
            if alpha >= beta:
                if m not in killers:
                    killers.insert(0, m)
                    del killers[2:]
                break
        if best_move is not None:
            tt[key] = best_move
        return best

    def after_paranoid(self, bb, mover, depth, alpha, beta):
        empty = self.free & ~(bb[0] | bb[1] | bb[2])
        if depth <= 0:
            mob = [0, 0, 0]
            for s in range(3):
                mob[s] = self.moves_of(bb, s, empty).bit_count()
            if not any(mob):
                return self.terminal(bb)
            self.tick()
            return self.evaluate(bb, mob)
        for k in (1, 2, 3):
            s = (mover + k) % 3
            mv = self.moves_of(bb, s, empty)
            if mv:
                return self.paranoid(bb, s, mv, depth, alpha, beta)
        return self.terminal(bb)

    # -- best-reply search ----------------------------------------------------------

    def brs_max(self, bb, moves, depth, alpha, beta):
        """MAX to move with ``moves`` (non-zero)."""
        self.tick()
        me = self.me
        best = -WIN * 10
        for _, child, _m in self.children(bb, me, moves):
            v = self.brs_after_max(child, depth - 1, alpha, beta)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        return best

    def brs_after_max(self, bb, depth, alpha, beta):
        """After MAX moved (or passed): the MIN layer, or a leaf."""
        me = self.me
        empty = self.free & ~(bb[0] | bb[1] | bb[2])
        o1, o2 = (me + 1) % 3, (me + 2) % 3
        m1 = self.moves_of(bb, o1, empty)
        m2 = self.moves_of(bb, o2, empty)
        if depth <= 0 or not (m1 or m2):
            mm = self.moves_of(bb, me, empty)
            if not (m1 or m2 or mm):
                return self.terminal(bb)
            if depth <= 0:
                self.tick()
                return self.evaluate(bb, _mob(me, mm, o1, m1, o2, m2))
            return self.brs_max(bb, mm, depth, alpha, beta)   # opponents pass
        self.tick()
        kids = []
        if m1:
            kids += self.children(bb, o1, m1)
        if m2:
            kids += self.children(bb, o2, m2)
        kids.sort(key=lambda t: -t[0])
        best = WIN * 10
        for _, child, _m in kids:
            v = self.brs_after_min(child, depth - 1, alpha, beta)
            if v < best:
                best = v
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        return best

    def brs_after_min(self, bb, depth, alpha, beta):
        me = self.me
        empty = self.free & ~(bb[0] | bb[1] | bb[2])
        mm = self.moves_of(bb, me, empty)
        if depth <= 0 or not mm:
            o1, o2 = (me + 1) % 3, (me + 2) % 3
            m1 = self.moves_of(bb, o1, empty)
            m2 = self.moves_of(bb, o2, empty)
            if not (m1 or m2 or mm):
                return self.terminal(bb)
            if depth <= 0:
                self.tick()
                return self.evaluate(bb, _mob(me, mm, o1, m1, o2, m2))
            return self.brs_after_max(bb, depth, alpha, beta)   # MAX passes
        return self.brs_max(bb, mm, depth, alpha, beta)


def _mob(me, mm, o1, m1, o2, m2):
    mob = [0, 0, 0]
    mob[me] = mm.bit_count()
    mob[o1] = m1.bit_count()
    mob[o2] = m2.bit_count()
    return mob


def search_move(state, rng=None, work=16000, max_depth=64, hard_time=HARD_TIME,
                params=None, mode=None, stats=None):
    """The searched move for the current seat (iterative deepening, BRS or paranoid).

    The search stops after ``work`` units (see LIMITS) or ``hard_time`` seconds of this
    thread's CPU time.
    """
    start = time.perf_counter()
    cpu_start = time.thread_time()
    moves = state.legal_moves()
    if not moves:
        raise ValueError("no legal move: the game is over")
    if len(moves) == 1:
        return moves[0]
    info = _info(state)
    me = state.current_index
    mode = mode or MODE
    searcher = _Searcher(info, me, cpu_start + hard_time, work, params or PARAMS, mode)
    bb = state.tile_bits
    root = searcher.children(bb, me, state.legal_move_bits())
    if rng is not None:
        rng.shuffle(root)
    root.sort(key=lambda t: -t[0])
    geo = state.geometry
    best_bit = root[0][2]
    depth_done = 0
    n_empty = state.empty_bits().bit_count()
    for depth in range(1, max_depth + 1):
        alpha, beta = -WIN * 10, WIN * 10
        scored = []
        try:
            for i, (key, child, bit) in enumerate(root):
                if mode == "paranoid":
                    v = searcher.after_paranoid(child, me, depth - 1, alpha, beta)
                else:
                    v = searcher.brs_after_max(child, depth - 1, alpha, beta)
                scored.append((v, i))
                if v > alpha:
                    alpha = v
        except _Timeout:
            # A partial iteration still counts if its best beats the old best's new value.
            if scored:
                v, i = max(scored, key=lambda t: (t[0], -t[1]))
                if i == 0 or v > scored[0][0]:
                    best_bit = root[i][2]
            break
        scored.sort(key=lambda t: (-t[0], t[1]))
        root = [root[i] for _, i in scored]
        best_bit = root[0][2]
        depth_done = depth
        if depth >= n_empty:
            break          # every line reaches the end of the game
        if searcher.work > work * 0.4:
            break          # the next depth would not finish
    if stats is not None:
        stats["depth"] = depth_done
        stats["nodes"] = searcher.nodes
        stats["work"] = searcher.work
        stats["time"] = time.perf_counter() - start
    return geo.square(best_bit.bit_length() - 1)


def level_name(level: int) -> str:
    return LEVEL_NAMES.get(level, str(level))


def choose_move(state, level=DEFAULT_LEVEL, rng=None, history=()):
    """The computer's move for ``state.current`` at ``level`` (1 to 4)."""
    if level not in LEVELS:
        raise ValueError(f"no level {level!r} (levels: 1, 2, 3, 4)")
    if state.is_over:
        raise ValueError("no legal move: the game is over")
    if level == 1:
        return best_move(state, rng)
    work, max_depth = LIMITS[level]
    return search_move(state, rng, work, max_depth, params=PARAMS4 if level >= 3 else None,
                       mode=MODES[level])
