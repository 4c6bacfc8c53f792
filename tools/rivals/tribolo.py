"""Outside opponents for measuring Tribolo's computer players (not levels of the game).

``python -m tools.arena tribolo --seat 3 --seat rival --seat rival``

``rival`` is written from the published methods for multi-player Othello, apart from
``games/tribolo/ai.py`` (it shares only the rules' bitboard move generator):

- Paranoid search (Sturtevant & Korf 2000): the searching seat maximises, both opponents
  minimise its score, in the real turn order (a seat with no move passes); alpha-beta,
  iterative deepening from depth 1, the previous iteration's best move first; deepening
  stops at depth 5 or once half the node budget is spent (NODES positions; an unfinished
  depth still counts if its best beats the last depth's first move),
  so the same position and seed give the same move).  Children are ordered by tiles turned.
- Evaluation, for each seat: tiles (weighted up as the board fills), mobility (its number of
  moves), and stable tiles: squares that can never be flipped, found by growing from the
  squares walled on all four lines (by the edge or grey squares) -- a tile is stable when
  on each of its four lines one neighbour is a wall or a stable tile of its colour.  The
  searching seat's value minus the larger opponent value.
- A finished game scores by the result (win, shared top, loss) and the margin.
"""

from __future__ import annotations

import random

from games.tribolo.rules import flip_bits, move_bits

RIVALS = ("rival",)

NODES = 10000
MAX_DEPTH = 5
W_TILES = (0.25, 1.0)      # tile weight on an empty board, on a full one
W_MOBILITY = 1.0
W_STABLE = 3.0
BIG = 1e6


class _Board:
    def __init__(self, state):
        geo = state.geometry
        self.shifts = geo.shifts
        self.free = geo.mask & ~state.grey_bits
        self.n_free = self.free.bit_count()
        # per axis, the free squares with a wall on one side or the other
        self.walled = []
        for d in self.shifts:
            blocked = ~((self.free << d) & (self.free >> d))
            self.walled.append(self.free & blocked)
        # a square with walls on every axis is stable at once
        self.corner = self.free
        for w in self.walled:
            self.corner &= w

    def stable(self, own):
        s = own & self.corner
        while s:
            grow = own
            for d, w in zip(self.shifts, self.walled):
                grow &= w | (s << d) | (s >> d)
            grow |= s
            if grow == s:
                break
            s = grow
        return s


class _Stop(Exception):
    pass


class _Paranoid:
    def __init__(self, board, me, budget):
        self.b = board
        self.me = me
        self.budget = budget
        self.nodes = 0

    def moves(self, bb, s, empty):
        return move_bits(bb[s], bb[(s + 1) % 3], bb[(s + 2) % 3], empty, self.b.shifts)

    def kids(self, bb, s, mv):
        own, a, b = bb[s], bb[(s + 1) % 3], bb[(s + 2) % 3]
        out = []
        while mv:
            low = mv & -mv
            mv ^= low
            f = flip_bits(low, own, a, b, self.b.shifts)
            c = [0, 0, 0]
            c[s] = own | f | low
            c[(s + 1) % 3] = a & ~f
            c[(s + 2) % 3] = b & ~f
            out.append((f.bit_count(), low, tuple(c)))
        out.sort(key=lambda t: -t[0])
        return out

    def leaf(self, bb, empty, mob):
        fill = 1 - empty.bit_count() / self.b.n_free
        wt = W_TILES[0] + (W_TILES[1] - W_TILES[0]) * fill
        v = []
        for s in range(3):
            v.append(wt * bb[s].bit_count() + W_MOBILITY * mob[s]
                     + W_STABLE * self.b.stable(bb[s]).bit_count())
        me = self.me
        return v[me] - max(v[(me + 1) % 3], v[(me + 2) % 3])

    def final(self, bb):
        me = self.me
        c = [x.bit_count() for x in bb]
        top = max(c[(me + 1) % 3], c[(me + 2) % 3])
        if c[me] > top:
            return BIG + c[me] - top
        if c[me] == top:
            return BIG / 2
        return -BIG + c[me] - top

    def value(self, bb, last, depth, alpha, beta):
        """Value of ``bb`` after seat ``last`` moved."""
        self.nodes += 1
        if self.nodes > self.budget:
            raise _Stop
        empty = self.b.free & ~(bb[0] | bb[1] | bb[2])
        nxt = None
        for k in (1, 2, 3):
            s = (last + k) % 3
            mv = self.moves(bb, s, empty)
            if mv:
                nxt = s
                break
        if nxt is None:
            return self.final(bb)
        if depth == 0:
            mob = [0, 0, 0]
            mob[nxt] = mv.bit_count()
            for s in range(3):
                if s != nxt:
                    mob[s] = self.moves(bb, s, empty).bit_count()
            return self.leaf(bb, empty, mob)
        if nxt == self.me:
            best = -BIG * 10
            for _, _, c in self.kids(bb, nxt, mv):
                v = self.value(c, nxt, depth - 1, alpha, beta)
                if v > best:
                    best = v
                    alpha = max(alpha, v)
                    if alpha >= beta:
                        break
            return best
        best = BIG * 10
        for _, _, c in self.kids(bb, nxt, mv):
            v = self.value(c, nxt, depth - 1, alpha, beta)
            if v < best:
                best = v
                beta = min(beta, v)
                if alpha >= beta:
                    break
        return best


def choose_move(state, name="rival", rng=None, history=()):
    if name not in RIVALS:
        raise ValueError(f"no rival {name!r}")
    rng = rng or random.Random(0)
    moves = state.legal_moves()
    if not moves:
        raise ValueError("no legal move: the game is over")
    if len(moves) == 1:
        return moves[0]
    board = _Board(state)
    me = state.current_index
    bb = state.tile_bits
    search = _Paranoid(board, me, NODES)
    root = search.kids(bb, me, state.legal_move_bits())
    rng.shuffle(root)
    root.sort(key=lambda t: -t[0])
    best = root[0][1]
    for depth in range(1, MAX_DEPTH + 1):
        scored = []
        alpha = -BIG * 10
        try:
            for i, (_, bit, c) in enumerate(root):
                v = search.value(c, me, depth - 1, alpha, BIG * 10)
                scored.append((v, i))
                alpha = max(alpha, v)
        except _Stop:
            if scored:
                v, i = max(scored, key=lambda t: (t[0], -t[1]))
                if v > scored[0][0] or i == 0:
                    best = root[i][1]
            break
        scored.sort(key=lambda t: (-t[0], t[1]))
        root = [root[i] for _, i in scored]
        best = root[0][1]
        if search.nodes * 2 > NODES:
            break          # the next depth would not fit
    return state.geometry.square(best.bit_length() - 1)
