"""TriAxis computer players.  Pure (no pygame).

Evaluation (``evaluate``), from one seat's side, of a position at the end of its turn:
- its population (sum of sizes) and, a little, its number of markers (more harvest
  presence, more to lose before being out);
- danger: each of its markers that an opponent of equal or larger size beside it could
  jump (the zone straight beyond it empty) costs its size plus one (the captor grows),
  times the chance that the attacker's next spin gives the points (7 - size) / 8;
- famine spread: the sum over terrains of (population on it) squared over the population
  (all on one terrain costs far more than an even spread);
- harvest over-population: with no supply left, units a harvest of a terrain would force
  beyond the room its markers have under 7 count as losses;
- chances: opponents' markers it could jump next turn, weighted lower (they move first);
- against the opponents: minus half the strongest opponent's and half the average
  opponent's population-plus-markers.

Level 1: plain greedy, one step at a time: the biggest capture, else a step that does not
end beside an opponent able to jump it; setup and harvest: a new marker on a random empty
zone with no opponent beside it, else growth of the smallest marker.
Level 2: plans the whole turn: a beam search over sequences of steps and jumps within the
spin's points (the turn must go on while a move fits), scoring the positions where the
turn ends; the first move of the best sequence is played (and the plan is re-made at the
next call).
Level 3: as level 2, then the best few end positions are scored again by expected value
over the next seat's spin: 1-6 (that seat takes its best greedy captures, any victim),
HARVEST (every seat gains its population on the colour, each colour 1/6) and FAMINE (the
colour's markers removed), 1/8 each.
Level 4 ("4 strongest"): every seat is scored alike (``evaluate_sym``: population,
markers, danger, chances, terrain concentration, over-population, and the harvest units
the seat could use -- new markers from supply, else room to grow) and the opponents'
scores are subtracted, so a threat against an opponent counts as much as one against
us; the turn is planned by the beam search TOP_BEAM wide (TOP_BUDGET positions); the best
TOP_LOOK end positions are averaged over the next seat's spin, where a number lets it
take its best line of captures (searched, up to four, within
CAPTURE_BUDGET positions per end position), a harvest gives every seat its
units (new markers while its supply lasts) and a famine clears the colour.  Weights W4
were chosen in the arena (scoring the opponents alike won 4 of 4 two-seat games on
seeds where the one-sided evaluation lost 3 of 3 against the outside rival,
tools/rivals/triaxis.py).  With three seats or more (W4_CROWD) danger weighs less: level 4
won 100 of 200 three-seat games against two rivals with it, 83 with W4's (wider plans,
other opponent weights, a softmax chance of winning in place of the difference of
scores, or the spin of the seat after the next did no better in 60 games each).
Harvest units: each unit is the legal unit with the best evaluation (so a new marker where
it is safe and spreads the terrains, or growth that keeps a size out of reach of the
neighbours, never growth of a 6 while another unit will do).  Setup: the same, for
placements (away from opponents' jumps, spread over the terrains).
Resign: never (there is always something to hope for in a game of spins).
Randomness: ``rng`` breaks ties between equally scored moves; the same state, level and
seed always give the same move.  The plan is budgeted in work: NODE_BUDGET end positions
scored per plan; once spent, the beam narrows to a single line (the first move of each
node), so a crowded board still ends in bounded time.  The budget (6000, some 0.3 s here)
is what the old 0.25 s wall-clock limit bought on an idle machine, so no level plays
weaker for it.  HARD_TIME (5 s) is a safety net only, on the CPU time of the thread that
thinks (``time.thread_time``), so other busy processes, which stretch the wall time of a
decision many times over on a shared machine, can never make it fire: a machine ten
times slower than the one the budget was measured on still finishes first.  Beam widths: BEAM
(4 at level 2, 6 at level 3); LOOKAHEAD_TOP end positions get the spinner look-ahead.
"""

from __future__ import annotations

import random
import time

from games.triaxis.rules import apply_marker_move, marker_moves, any_move_fits

LEVELS = (1, 2, 3, 4)
DEFAULT_LEVEL = 3

LEVEL_NAMES = {4: "4 strongest"}

BEAM = {2: 4, 3: 6}
LOOKAHEAD_TOP = 5
NODE_BUDGET = 6000      # positions scored per plan before the beam narrows to one line
HARD_TIME = 5.0         # CPU-time safety net (this thread's), far beyond the budget's time
P_POINTS = (0.0, 6 / 8, 5 / 8, 4 / 8, 3 / 8, 2 / 8, 1 / 8, 0.0)   # P(spin >= k)
OPP = (3, 4, 5, 0, 1, 2)

W = {"cnt": 0.5, "risk": 1.0, "conc": 0.15, "chance": 0.3, "opp_max": 0.5,
     "opp_mean": 0.5, "overpop": 0.1, "harvest": 0.0}

# Level 4: weights chosen by self-play in the arena (see the module docstring).
W4 = {"cnt": 0.5, "risk": 1.0, "conc": 0.15, "chance": 0.3, "opp_max": 0.5,
      "opp_mean": 0.5, "overpop": 0.1, "harvest": 1.0, "sym": 1}
# ... and with three seats or more: danger weighs 0.7, not 1.0.  In the arena against two
# rivals (three seats, seeds 1-200, --max-moves 3000) level 4 won 100 of 200 games with
# it, 83 of the same 200 with 1.0; on 60 games each (seeds 1-60) 1.5 won 15, 1.0 25, 0.7
# 29, 0.4 15 and 0 22.  Two seats keep 1.0, as measured there.
W4_CROWD = dict(W4, risk=0.7)
TOP_BUDGET = 2500       # level 4: positions generated per plan
TOP_LOOK = 6            # level 4: end positions averaged over the next spin
TOP_PLAN = "beam"       # level 4: "beam" (plan_turn, TOP_BEAM wide) or "all" (plan_all)
TOP_BEAM = 16
CAPTURE_BUDGET = 1000   # level 4: positions a next seat's capture lines expand, per end position


def top_weights(seats: int) -> dict:
    """Level 4's weights for a game of ``seats`` seats."""
    return W4 if seats <= 2 else W4_CROWD


def evaluate(isl, cells, me: int, n: int, alloc, w=W) -> float:
    """Score of ``cells`` for seat number ``me`` (1-based) among ``n`` seats (weights
    with ``sym`` set score every seat alike: ``evaluate_sym``)."""
    if w.get("sym"):
        return evaluate_sym(isl, cells, me, n, alloc, w)
    nb, jump, terr = isl.nb, isl.jump, isl.terrain
    pops = [0] * (n + 1)
    cnts = [0] * (n + 1)
    tp = {}
    risk = chance = 0.0
    room = 0
    for z, v in enumerate(cells):
        if not v:
            continue
        s = v >> 3
        k = v & 7
        pops[s] += k
        cnts[s] += 1
        if s != me:
            continue
        t = terr[z]
        tp[t] = tp.get(t, 0) + k
        room += 6 - k
        pmax = 0.0
        nz = nb[z]
        for d in range(6):
            e = nz[d]
            if e < 0:
                continue
            x = cells[e]
            if not x or x >> 3 == me:
                continue
            se = x & 7
            if se >= k:
                o = nz[OPP[d]]
                if o >= 0 and not cells[o]:
                    p = P_POINTS[se]
                    if p > pmax:
                        pmax = p
            if se <= k:
                b = jump[z][d]
                if b >= 0 and not cells[b]:
                    chance += P_POINTS[k] * (se + 1)
        risk += pmax * (k + 1)
    pop = pops[me]
    if cnts[me] == 0:
        return -1000.0 - sum(pops) * 0.0
    conc = sum(v * v for v in tp.values()) / pop
    over = 0.0
    supply = alloc[me - 1] - cnts[me]
    if supply <= 0:
        for v in tp.values():
            if v > room:
                over += v - room
    mine = pop + w["cnt"] * cnts[me] - w["risk"] * risk - w["conc"] * conc \
        + w["chance"] * chance - w["overpop"] * over
    if w["harvest"]:
        # units the next harvest brings (expected over its 1/8 chance and the colour),
        # counting only those the seat can use: new markers from supply, else room
        mine += w["harvest"] * min(pop, supply + room) / 8
    others = [pops[s] + w["cnt"] * cnts[s] for s in range(1, n + 1) if s != me]
    live = [o for o in others if o > 0] or [0.0]
    return mine - w["opp_max"] * max(live) - w["opp_mean"] * (sum(live) / len(live))


def level_name(level: int) -> str:
    return LEVEL_NAMES.get(level, str(level))


def evaluate_sym(isl, cells, me: int, n: int, alloc, w=None) -> float:
    """Level 4's evaluation: every seat scored alike (population, markers, danger, chances,
    terrain concentration, over-population, harvest units it can use), and ``me``'s score
    less the opponents' (``opp_max`` of the best, ``opp_mean`` of their average)."""
    w = w or W4
    nb, jump, terr = isl.nb, isl.jump, isl.terrain
    pops = [0] * (n + 1)
    cnts = [0] * (n + 1)
    room = [0] * (n + 1)
    risk = [0.0] * (n + 1)
    chance = [0.0] * (n + 1)
    tp = [dict() for _ in range(n + 1)]
    for z, v in enumerate(cells):
        if not v:
            continue
        s = v >> 3
        k = v & 7
        pops[s] += k
        cnts[s] += 1
        room[s] += 6 - k
        t = terr[z]
        d_ = tp[s]
        d_[t] = d_.get(t, 0) + k
        pmax = 0.0
        nz = nb[z]
        for d in range(6):
            e = nz[d]
            if e < 0:
                continue
            x = cells[e]
            if not x or x >> 3 == s:
                continue
            se = x & 7
            if se >= k:
                o = nz[OPP[d]]
                if o >= 0 and not cells[o]:
                    p = P_POINTS[se]
                    if p > pmax:
                        pmax = p
            if se <= k:
                b = jump[z][d]
                if b >= 0 and not cells[b]:
                    chance[s] += P_POINTS[k] * (se + 1)
        risk[s] += pmax * (k + 1)
    if cnts[me] == 0:
        return -1000.0
    vals = [0.0] * (n + 1)
    for s in range(1, n + 1):
        pop = pops[s]
        if not cnts[s]:
            continue
        conc = sum(v * v for v in tp[s].values()) / pop
        supply = alloc[s - 1] - cnts[s]
        over = 0.0
        if supply <= 0:
            for v in tp[s].values():
                if v > room[s]:
                    over += v - room[s]
        vals[s] = pop + w["cnt"] * cnts[s] - w["risk"] * risk[s] - w["conc"] * conc \
            + w["chance"] * chance[s] - w["overpop"] * over \
            + w["harvest"] * min(pop, supply + room[s]) / 8
    others = [vals[s] for s in range(1, n + 1) if s != me and cnts[s]]
    if not others:
        return vals[me] + 100.0
    return vals[me] - w["opp_max"] * max(others) - w["opp_mean"] * (sum(others) / len(others))


# --------------------------------------------------------------------------- planning

def _over_zone(isl, a, b):
    for d in range(6):
        if isl.jump[a][d] == b:
            return isl.nb[a][d]
    return -1


def _child(isl, cells, a, b):
    c = list(cells)
    apply_marker_move(c, a, b, _over_zone(isl, a, b))
    return tuple(c)


def plan_turn(state, beam: int, rng, budget: int = NODE_BUDGET, deadline: float | None = None,
              stats: dict | None = None, w=W):
    """[(score, first_move, end_cells)] of the turn's end positions, best first.

    After ``budget`` scored positions (or, as a far safety net, past ``deadline`` on the
    thread_time clock: this thread's CPU time) the search narrows to one line per node."""
    isl = state.island
    me = state.turn_index + 1
    n = len(state.players)
    alloc = tuple(state.allocations[p] for p in state.players)
    start = state.cells
    nodes = [(start, state.points, None)]
    finals = {}
    seen = set()
    late = False
    work = 0
    while nodes:
        scored = []
        for cells, pts, first in nodes:
            moves = marker_moves(isl, cells, me, pts)
            if late:
                moves = moves[:1] if finals else moves
            for a, b in moves:
                c = _child(isl, cells, a, b)
                left = pts - (cells[a] & 7)
                mv = first or ("-", a, b)
                key = (c, left)
                if key in seen:
                    continue
                seen.add(key)
                sc = evaluate(isl, c, me, n, alloc, w)
                work += 1
                sc += rng.random() * 1e-6
                if left <= 0 or not any_move_fits(isl, c, me, left):
                    if c not in finals or finals[c][0] < sc:
                        finals[c] = (sc, mv)
                else:
                    scored.append((sc, c, left, mv))
            if not late and (work >= budget or (deadline is not None
                                                and time.thread_time() > deadline)):
                late, beam = True, 1
        scored.sort(key=lambda x: -x[0])
        nodes = [(c, left, mv) for _, c, left, mv in scored[:beam]]
    out = [(sc, mv, c) for c, (sc, mv) in finals.items()]
    out.sort(key=lambda x: -x[0])
    if stats is not None:
        stats["work"] = work
        stats["narrowed"] = late
    return out


def _captures(isl, c, seat, points):
    """[(gain, a, b, over)] of the seat's captures that fit the points."""
    out = []
    nb, jump = isl.nb, isl.jump
    for a, v in enumerate(c):
        if v >> 3 != seat:
            continue
        k = v & 7
        if k > points:
            continue
        for d in range(6):
            e = nb[a][d]
            if e < 0:
                continue
            x = c[e]
            if x and x >> 3 != seat and (x & 7) <= k:
                b = jump[a][d]
                if b >= 0 and not c[b]:
                    out.append(((x & 7) - (0.5 if k == 6 else 0), a, b, e))
    return out


def _greedy_captures(isl, cells, seat, points):
    """The seat's greedy turn with ``points``: the biggest capture that fits, repeatedly
    (other moves are left out).  Returns a tuple of cells."""
    c = None
    while points > 0:
        caps = _captures(isl, c or cells, seat, points)
        if not caps:
            break
        if c is None:
            c = list(cells)
        _, a, b, o = max(caps)
        points -= c[a] & 7
        apply_marker_move(c, a, b, o)
    return cells if c is None else tuple(c)


def expected_after_next_spin(state, cells, me):
    """Expected evaluation for ``me`` over the next seat's spin, from end cells."""
    isl = state.island
    n = len(state.players)
    alloc = tuple(state.allocations[p] for p in state.players)
    ins = [s for s in range(n) if any(v >> 3 == s + 1 for v in cells)]
    nxt = next(((me - 1 + k) % n for k in range(1, n + 1) if (me - 1 + k) % n in ins), me - 1)
    total = 0.0
    memo = {}
    for pts in range(1, 7):
        c = _greedy_captures(isl, cells, nxt + 1, pts) if nxt != me - 1 else cells
        if c not in memo:
            memo[c] = evaluate(isl, c, me, n, alloc)
        total += memo[c]
    terr = isl.terrain
    for t in "fgdhmt":
        fam = [0 if terr[z] == t else v for z, v in enumerate(cells)]
        total += evaluate(isl, fam, me, n, alloc) / 6
        # harvest: everyone's units, approximated as growth where it is safe (in place)
        har = list(cells)
        for z, v in enumerate(cells):
            if v and terr[z] == t and (v & 7) < 6:
                har[z] = v + 1
        total += evaluate(isl, har, me, n, alloc) / 6
    return total / 8


# --------------------------------------------------------------------------- level 4

def plan_all(state, rng, w=W4, budget: int = TOP_BUDGET, stats: dict | None = None):
    """Level 4's plan: [(score, first_move, end_cells)] of the turn's end positions, best
    first, from a depth-first search over every sequence of moves the points allow
    (transpositions searched once).  After ``budget`` positions generated only the first
    move of each node is followed, so the plan always ends, in bounded work."""
    isl = state.island
    me = state.turn_index + 1
    n = len(state.players)
    alloc = tuple(state.allocations[p] for p in state.players)
    ends = {}
    seen = set()
    work = 0
    stack = [(state.cells, state.points, None)]
    while stack:
        cells, pts, first = stack.pop()
        moves = marker_moves(isl, cells, me, pts)
        if work >= budget:
            moves = moves[:1]
        for a, b in reversed(moves):
            c = _child(isl, cells, a, b)
            left = pts - (cells[a] & 7)
            if (c, left) in seen:
                continue
            seen.add((c, left))
            work += 1
            mv = first or ("-", a, b)
            if left <= 0 or not any_move_fits(isl, c, me, left):
                if c not in ends:
                    ends[c] = (evaluate(isl, c, me, n, alloc, w) + rng.random() * 1e-6, mv)
            else:
                stack.append((c, left, mv))
    if stats is not None:
        stats["work"] = work
        stats["narrowed"] = work >= budget
    out = [(sc, mv, c) for c, (sc, mv) in ends.items()]
    out.sort(key=lambda x: -x[0])
    return out


def _capture_line(isl, cells, seat, points, depth=0, memo=None):
    """(gain, cells): the seat's sequence of captures within ``points`` that gains it the
    most population (searched, at most four captures deep).  ``memo`` (a dict shared by
    the calls for one end position) holds each (cells, points, depth) searched once --
    captures taken in another order reach the same cells -- and its "work" entry counts
    the positions expanded: past CAPTURE_BUDGET a line takes no further captures, so a
    board full of captures costs bounded work (one such position took 2 s of CPU before
    the memo and the budget, 0.08 s after)."""
    if memo is None:
        memo = {}
    key = (cells, points, depth)
    got = memo.get(key)
    if got is not None:
        return got
    best = (0, cells)
    work = memo.get("work", 0)
    if depth >= 4 or work >= CAPTURE_BUDGET:
        return best
    memo["work"] = work + 1
    caps = _captures(isl, cells, seat, points)
    caps.sort(key=lambda t: -t[0])       # the biggest first: what the budget leaves out is small
    for gain, a, b, o in caps:
        c = list(cells)
        k = c[a] & 7
        apply_marker_move(c, a, b, o)
        g = gain + (1 if k < 6 else -6)
        g2, c2 = _capture_line(isl, tuple(c), seat, points - k, depth + 1, memo)
        if g + g2 > best[0]:
            best = (g + g2, c2)
    memo[key] = best
    return best


def expected_next_spin(state, cells, me, w=W4):
    """Level 4: expected evaluation over the next seat's spin, from end cells: a number
    lets that seat take its best line of captures; HARVEST gives every seat its units on
    the colour (new markers while supply lasts, counted as population, else growth);
    FAMINE removes the colour's markers."""
    isl = state.island
    n = len(state.players)
    alloc = tuple(state.allocations[p] for p in state.players)
    live = {v >> 3 for v in cells if v}
    nxt = next((s for s in ((me - 1 + k) % n + 1 for k in range(1, n)) if s in live), None)
    total = 0.0
    memo = {}
    lines: dict = {}
    for pts in range(1, 7):
        c = _capture_line(isl, cells, nxt, pts, 0, lines)[1] if nxt else cells
        if c not in memo:
            memo[c] = evaluate(isl, c, me, n, alloc, w)
        total += memo[c]
    terr = isl.terrain
    cnts = [0] * (n + 1)
    for v in cells:
        if v:
            cnts[v >> 3] += 1
    for t in "fgdhmt":
        fam = [0 if terr[z] == t else v for z, v in enumerate(cells)]
        total += evaluate(isl, fam, me, n, alloc, w) / 6
        har = list(cells)
        extra = 0.0
        for z, v in enumerate(cells):
            if v and terr[z] == t:
                s = v >> 3
                if cnts[s] < alloc[s - 1]:
                    # new markers: worth their population, placed where they are safe
                    extra += (v & 7) if s == me else -(v & 7) * (w["opp_max"] + w["opp_mean"]) / 2
                elif (v & 7) < 6:
                    har[z] = v + 1
        total += (evaluate(isl, har, me, n, alloc, w) + extra) / 6
    return total / 8


# --------------------------------------------------------------------------- units

def _best_single(state, options, rng, apply, w=W):
    isl = state.island
    me = state.current_index + 1
    n = len(state.players)
    alloc = tuple(state.allocations[p] for p in state.players)
    best, best_sc = None, None
    cells = state.cells
    for m in options:
        c = apply(list(cells), m)
        sc = evaluate(isl, c, me, n, alloc, w) + rng.random() * 1e-6
        if best_sc is None or sc > best_sc:
            best, best_sc = m, sc
    return best


def _apply_unit(me):
    def apply(c, m):
        kind, z = m
        if kind in ("@", "+"):
            c[z] = me * 8 + 1
        else:
            v = c[z] + 1
            c[z] = 0 if v & 7 == 7 else v
        return c
    return apply


def _setup_bonus(state, z, me):
    """Setup: prefer terrains where the seat has few markers yet."""
    terr = state.island.terrain
    t = terr[z]
    return -0.3 * sum(1 for y, v in enumerate(state.cells) if v >> 3 == me and terr[y] == t)


def _plain_unit(state, options, me, rng):
    """Level 1 setup and harvest: a new marker on a random empty zone with no opponent
    beside it (any empty zone if there is none), else growth of its smallest marker."""
    isl, cells = state.island, state.cells
    new = [m for m in options if m[0] in ("@", "+")]
    if new:
        calm = [m for m in new if not any(y >= 0 and cells[y] and cells[y] >> 3 != me
                                          for y in isl.nb[m[1]])]
        return rng.choice(calm or new)
    return min(options, key=lambda m: (cells[m[1]] & 7, m[1]))


def _greedy_step(state, moves, me, rng):
    """Level 1 move: the step with the best immediate gain in population (a capture),
    then, among equals, one that does not end next to an opponent that can jump it."""
    isl, cells = state.island, state.cells
    best, best_sc = None, None
    for m in moves:
        a, b = m[1], m[2]
        o = _over_zone(isl, a, b)
        k = cells[a] & 7
        gain = 0.0
        if o >= 0 and cells[o] >> 3 != me:
            gain = (cells[o] & 7) + (1 if k < 6 else -k)
        danger = 0.0
        for d in range(6):
            e = isl.nb[b][d]
            if e >= 0 and e != a and cells[e] and cells[e] >> 3 != me and \
                    (cells[e] & 7) >= k + (1 if gain else 0):
                back = isl.nb[b][(d + 3) % 6]
                if back >= 0 and (back == a or not cells[back]):
                    danger = 1.0
        sc = gain - 0.5 * danger + rng.random() * 1e-3
        if best_sc is None or sc > best_sc:
            best, best_sc = m, sc
    return best


OUT = ("resign", "end")     # the ways out of a turn: never chosen while a move fits


def choose_move(state, level: int = DEFAULT_LEVEL, rng=None, history=(), weights=None, **_):
    if rng is None:
        rng = random.Random(0)
    if level not in LEVELS:
        raise ValueError(f"no level {level!r} (levels: {LEVELS})")
    legal = state.legal_moves()
    if not legal:
        raise ValueError("no move to choose: the game is over or at a spin")
    me = state.current_index + 1
    ph = state.phase
    w = weights or (top_weights(len(state.players)) if level == 4 else W)
    if level == 1 and ph in ("setup", "harvest"):
        return _plain_unit(state, [m for m in legal if m not in OUT], me, rng)
    if ph == "setup":
        isl = state.island
        n = len(state.players)
        alloc = tuple(state.allocations[p] for p in state.players)
        best, best_sc = None, None
        for m in legal:
            c = list(state.cells)
            c[m[1]] = me * 8 + 1
            sc = evaluate(isl, c, me, n, alloc, w) + _setup_bonus(state, m[1], me) \
                + rng.random() * 1e-3
            if best_sc is None or sc > best_sc:
                best, best_sc = m, sc
        return best
    if ph == "harvest":
        options = [m for m in legal if m not in OUT]
        return _best_single(state, options, rng, _apply_unit(me), w)
    moves = [m for m in legal if m not in OUT]   # never ends a turn early
    if not moves:
        return "resign"
    isl = state.island
    if level == 1:
        return _greedy_step(state, moves, me, rng)
    if level == 4:
        if TOP_PLAN == "beam":
            plans = plan_turn(state, TOP_BEAM, rng, TOP_BUDGET, time.thread_time() + HARD_TIME,
                              w=w)
        else:
            plans = plan_all(state, rng, w)
        best, best_sc = plans[0][1] if plans else moves[0], None
        for sc, mv, cells in plans[:TOP_LOOK] if len(plans) > 1 else ():
            v = expected_next_spin(state, cells, me, w) + rng.random() * 1e-6
            if best_sc is None or v > best_sc:
                best, best_sc = mv, v
        return best
    plans = plan_turn(state, BEAM[level], rng, NODE_BUDGET, time.thread_time() + HARD_TIME)
    if not plans:
        return moves[0]
    if level == 3 and len(plans) > 1:
        best, best_sc = None, None
        for sc, mv, cells in plans[:LOOKAHEAD_TOP]:
            v = expected_after_next_spin(state, cells, me) + rng.random() * 1e-6
            if best_sc is None or v > best_sc:
                best, best_sc = mv, v
        return best
    return plans[0][1]
