"""The first outside opponent for TriAxis, kept as the arena seat ``rival-plain``
(``tools/rivals/triaxis.py`` seats it; ``rival`` is now the stronger whole-turn planner there).

``python -m tools.arena triaxis --seat 3 --seat rival-plain --option seats=2``

It is written from the published methods for games of this kind, apart from
``games/triaxis/ai.py`` (it shares only the rules' move generator):

- The turn's points are planned as a whole: a depth-first search over every sequence of
  steps and jumps the spin allows (positions reached twice with the same points left are
  searched once), up to PLAN_BUDGET end positions; past the budget only the first move of
  each node is followed.
- The best TOP end positions are then averaged over the next spin of the seat after it
  (expectimax with one chance layer): a number n lets that seat take the captures worth
  most to it within n points (searched over capture sequences); HARVEST gives every seat a
  unit per size point on the colour (growth, or new markers while supply lasts); FAMINE
  removes the colour's markers; 1/8 each, colours 1/6.
- Evaluation, for a seat: population; safety from capture (each marker an equal or larger
  neighbour could jump, weighted by the chance the neighbour's spin pays for the jump);
  terrain spread against famine (the expected share a famine takes and the squared share of
  the largest terrain); harvest value (expected units, counting only those the seat can
  use: new markers while it has supply, else room to grow under 7).  Minus the average of
  the opponents' scores (two seats: the other's).
- Setup placements and harvest units: the single unit with the best evaluation.
- Budgets in work units (positions scored), so the same position and seed give the same
  move; ``rng`` breaks ties.
"""

from __future__ import annotations

import random

from games.triaxis.rules import any_move_fits, apply_marker_move, marker_moves

RIVALS = ("rival-plain",)

PLAN_BUDGET = 1500
TOP = 6
P_AT_LEAST = (1.0, 6 / 8, 5 / 8, 4 / 8, 3 / 8, 2 / 8, 1 / 8, 0.0)
BACK = (3, 4, 5, 0, 1, 2)
TERRAINS = "fgdhmt"

WEIGHTS = {"pop": 1.0, "markers": 0.3, "safety": 1.0, "famine": 1.0, "spread": 2.0,
           "harvest": 1.0}


def _over(isl, a, b):
    for d in range(6):
        if isl.jump[a][d] == b:
            return isl.nb[a][d]
    return -1


def seat_value(isl, cells, seat, supply, w=WEIGHTS):
    """How well ``seat`` (1-based) stands in ``cells``."""
    nb, terr = isl.nb, isl.terrain
    pop = n = room = 0
    by_t = {}
    exposed = 0.0
    for z, v in enumerate(cells):
        if v >> 3 != seat:
            continue
        k = v & 7
        pop += k
        n += 1
        room += 6 - k
        by_t[terr[z]] = by_t.get(terr[z], 0) + k
        p = 0.0
        for d in range(6):
            e = nb[z][d]
            if e < 0:
                continue
            x = cells[e]
            if x and x >> 3 != seat and (x & 7) >= k:
                beyond = nb[z][BACK[d]]
                if beyond >= 0 and not cells[beyond]:
                    p = max(p, P_AT_LEAST[x & 7])
        exposed += p * k
    if n == 0:
        return -200.0
    famine = sum(by_t.values()) / 48.0                  # expected loss to one famine spin
    top = max(by_t.values()) / pop
    usable = sum(by_t.values()) if supply > 0 else min(sum(by_t.values()), room)
    harvest = usable / 48.0
    return (w["pop"] * pop + w["markers"] * n - w["safety"] * exposed
            - w["famine"] * famine - w["spread"] * top * top + w["harvest"] * harvest)


def value(isl, cells, me, alloc):
    counts = [0] * (len(alloc) + 1)
    for v in cells:
        if v:
            counts[v >> 3] += 1
    mine = seat_value(isl, cells, me, alloc[me - 1] - counts[me])
    others = [seat_value(isl, cells, s, alloc[s - 1] - counts[s])
              for s in range(1, len(alloc) + 1) if s != me and counts[s]]
    if not others:
        return mine + 200.0
    return mine - sum(others) / len(others)


def plan(state, rng, budget=PLAN_BUDGET):
    """[(score, first_move, end_cells)] of the turn's end positions, best first."""
    isl = state.island
    me = state.turn_index + 1
    alloc = tuple(state.allocations[p] for p in state.players)
    ends = {}
    seen = set()
    work = [0]

    def walk(cells, pts, first):
        moves = marker_moves(isl, cells, me, pts)
        if work[0] >= budget:
            moves = moves[:1]
        for a, b in moves:
            c = list(cells)
            apply_marker_move(c, a, b, _over(isl, a, b))
            c = tuple(c)
            left = pts - (cells[a] & 7)
            if (c, left) in seen:
                continue
            seen.add((c, left))
            work[0] += 1
            mv = first or ("-", a, b)
            if left <= 0 or not any_move_fits(isl, c, me, left):
                if c not in ends:
                    ends[c] = (value(isl, c, me, alloc) + rng.random() * 1e-6, mv)
            else:
                walk(c, left, mv)

    walk(state.cells, state.points, None)
    out = sorted(((sc, mv, c) for c, (sc, mv) in ends.items()), key=lambda t: -t[0])
    return out


def _best_captures(isl, cells, seat, pts, depth=0):
    """The seat's capture sequence within ``pts`` worth most to it: (gain, cells)."""
    best = (0, cells)
    if depth > 4:
        return best
    nb, jump = isl.nb, isl.jump
    for a, v in enumerate(cells):
        if v >> 3 != seat or (v & 7) > pts:
            continue
        k = v & 7
        for d in range(6):
            e = nb[a][d]
            if e < 0:
                continue
            x = cells[e]
            b = jump[a][d]
            if x and x >> 3 != seat and (x & 7) <= k and b >= 0 and not cells[b]:
                c = list(cells)
                apply_marker_move(c, a, b, e)
                gain = (x & 7) + (1 if k < 6 else -6)
                g2, c2 = _best_captures(isl, tuple(c), seat, pts - k, depth + 1)
                if gain + g2 > best[0]:
                    best = (gain + g2, c2)
    return best


def expectation(state, cells, me):
    isl = state.island
    n = len(state.players)
    alloc = tuple(state.allocations[p] for p in state.players)
    live = {v >> 3 for v in cells if v}
    nxt = next((s for s in ((me - 1 + k) % n + 1 for k in range(1, n)) if s in live), None)
    total = 0.0
    for pts in range(1, 7):
        c = _best_captures(isl, cells, nxt, pts)[1] if nxt else cells
        total += value(isl, c, me, alloc) / 8
    terr = isl.terrain
    counts = [0] * (n + 1)
    for v in cells:
        if v:
            counts[v >> 3] += 1
    for t in TERRAINS:
        fam = tuple(0 if terr[z] == t else v for z, v in enumerate(cells))
        total += value(isl, fam, me, alloc) / 48
        har = list(cells)
        for z, v in enumerate(cells):
            if v and terr[z] == t:
                s = v >> 3
                if counts[s] < alloc[s - 1]:
                    continue            # with supply the units become new markers
                har[z] = 0 if (v & 7) == 6 else v + 1
        bonus = 0.0
        for s in range(1, n + 1):
            units = sum(v & 7 for z, v in enumerate(cells) if v >> 3 == s and terr[z] == t)
            if units and counts[s] < alloc[s - 1]:
                bonus += units if s == me else -units / max(1, len(live) - 1)
        total += (value(isl, tuple(har), me, alloc) + bonus) / 48
    return total


def _best_unit(state, options, rng):
    isl = state.island
    me = state.current_index + 1
    alloc = tuple(state.allocations[p] for p in state.players)
    best, best_v = None, None
    for m in options:
        c = list(state.cells)
        kind, z = m
        if kind in ("@", "+"):
            c[z] = me * 8 + 1
        else:
            v = c[z] + 1
            c[z] = 0 if v & 7 == 7 else v
        v = value(isl, c, me, alloc) + rng.random() * 1e-6
        if best_v is None or v > best_v:
            best, best_v = m, v
    return best


def choose_move(state, name="rival-plain", rng=None, history=()):
    if name not in RIVALS:
        raise ValueError(f"no rival {name!r}")
    rng = rng or random.Random(0)
    legal = [m for m in state.legal_moves() if m not in ("resign", "end")]
    if not legal:
        return "resign"
    if state.phase in ("setup", "harvest"):
        return _best_unit(state, legal, rng)
    ends = plan(state, rng)
    if not ends:
        return legal[0]
    me = state.turn_index + 1
    best, best_v = None, None
    for sc, mv, c in ends[:TOP]:
        v = expectation(state, c, me) + rng.random() * 1e-6
        if best_v is None or v > best_v:
            best, best_v = mv, v
    return best
