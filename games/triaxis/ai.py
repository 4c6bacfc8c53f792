"""TriAxis computer players.  Pure (no pygame).

Levels 2-3's evaluation (``evaluate``), from one seat's side, of a position at the end of
its turn:
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
(``evaluate_sym``, the former level 4's evaluation scoring every seat alike, stays for
``tools.tune.triaxis``; no level plays it now.)

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
Level 4 ("4 strongest") plans the turn as a whole against capture paths, not only
against neighbours.  Its value (``value4``) of a position for a seat: its population,
less its expected losses before its next turn -- for every other seat still in (each moves
before it comes round) and each spin 1-6 (1/8 each), the most that seat's points could
take: a knapsack (``knapsack``) over its markers, each costed by its cheapest capture path
(``threat_costs``: an attacker at least the victim's size walks through empty zones to a
zone beside it whose opposite neighbour is empty, then jumps; size x (steps + 1) points),
a capture worth the victim's size plus ``grow`` (the captor's growth) -- plus ``gain``
times its own expected captures at its next spin (the same knapsack the other way), less
``famine`` times its famine exposure (the sum over terrains of its population there,
squared, over its population), less half the sum of the largest and the mean rival
population, less ``race`` times the race term (``race_risk``, weights TOP): a harvest or
a famine on a terrain moves the gap between two seats by the difference of their
populations there, so a seat ahead of its strongest rival keeps to the same terrains
(the spins then move both alike) and a seat behind spreads away from them (its chance to
catch up); over a game the harvests and famines move far more
population than the captures do.  The turn is planned by the beam search (``plan_turn``,
TOP_BEAM wide, at most TOP_BUDGET positions valued); the TOP_LOOK best end positions are
then averaged over the next seat's spin (``expected_reply``): a number lets that seat take
the best set of captures its points allow along those paths, HARVEST gives every seat the
units it can use on the colour, FAMINE clears the colour; each result is valued again with
the threats still to come before the seat's next turn (at ``loss2`` when only the seat's
own spin comes first) and the seat's own captures at that spin (at ``gain2``).  The move
is the first of the best; the plan is made again at each step (so the move depends on the
position alone).  Setup placements and harvest units: the unit with the best ``value4``;
in setup, less ``open`` times ``open_axes`` (the ways its size-1 markers could be jumped by
a marker placed beside them later: the others still place after it, and the first spins
find them).  Weights TOP (V4 with the race term and ``open``).  Measured (see "Arena
figures" below).
Levels 2-3, harvest units: each unit is the legal unit with the best evaluation (so a new
marker where
it is safe and spreads the terrains, or growth that keeps a size out of reach of the
neighbours, never growth of a 6 while another unit will do).  Setup: the same, for
placements (away from opponents' jumps, spread over the terrains).
Resign: never (there is always something to hope for in a game of spins).
Randomness: ``rng`` breaks ties between equally scored moves; the same state, level and
seed always give the same move.  Every plan is budgeted in work alone, never in time:
NODE_BUDGET (levels 2-3) or TOP_BUDGET (level 4) positions scored per plan; once spent,
the beam narrows to a single line (the first move of the best node that reaches a new
position), so a crowded board still ends in bounded work.  The module keeps no clock.
Beam widths: BEAM (4 at level 2, 6 at level 3); LOOKAHEAD_TOP end positions get level 3's
spinner look-ahead.

Arena figures: docs/triaxis-ai.md (the commands that measure each level, what was
tried and what was kept).  Level 4 first looks for a line that wins the game this
turn (``winning_line``: every rival's last marker taken within the points, a
depth-first search of at most WIN_BUDGET positions); its beam can lose such a line.
"""

from __future__ import annotations

import math
import random

from games.triaxis.rules import apply_marker_move, marker_moves, any_move_fits

LEVELS = (1, 2, 3, 4)
OUT = ("resign", "end")     # the ways out of a turn: never chosen while a move fits
DEFAULT_LEVEL = 3
HISTORY = 0        # choose_move reads no history (games.core.table sends none)

LEVEL_NAMES = {4: "4 strongest"}

BEAM = {2: 4, 3: 6}
LOOKAHEAD_TOP = 5
NODE_BUDGET = 6000      # positions scored per plan before the beam narrows to one line
P_POINTS = (0.0, 6 / 8, 5 / 8, 4 / 8, 3 / 8, 2 / 8, 1 / 8, 0.0)   # P(spin >= k)
OPP = (3, 4, 5, 0, 1, 2)

W = {"cnt": 0.5, "risk": 1.0, "conc": 0.15, "chance": 0.3, "opp_max": 0.5,
     "opp_mean": 0.5, "overpop": 0.1, "harvest": 0.0}

# The former level 4's evaluation (``evaluate_sym``), kept for tools.tune.triaxis.
W4 = {"cnt": 0.5, "risk": 1.0, "conc": 0.15, "chance": 0.3, "opp_max": 0.5,
      "opp_mean": 0.5, "overpop": 0.1, "harvest": 1.0, "sym": 1}

# Level 4 (see the module docstring and ``value4``).
V4 = {"loss": 1.0, "grow": 0.5, "gain": 0.5, "famine": 0.4, "loss2": 0.5, "gain2": 0.7}
TOP_BEAM = 10           # level 4: beam width of the turn's plan
TOP_BUDGET = 3000       # level 4: positions valued per plan
TOP_LOOK = 8            # level 4: end positions averaged over the next seat's spin
WIN_BUDGET = 4000       # level 4: positions tried in the search for a turn that wins now
TOP = dict(V4, race=0.5, open=0.3, elim=6.0)  # level 4: V4, the race term, open axes at
#                                    setup, a rival out (the judge values by V4)
RACE_GAP = 10.0         # the population gap at which the race term is about 3/4 in force


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


def plan_turn(state, beam: int, rng, budget: int = NODE_BUDGET, stats: dict | None = None,
              w=W, score=None):
    """[(score, first_move, end_cells)] of the turn's end positions, best first.

    Positions are scored by ``evaluate`` with weights ``w``, or by ``score(cells)`` when
    given.  After ``budget`` scored positions the search narrows to one line: the best
    node goes on, with the first of its moves that reaches a new position, so the work is
    bounded: at most ``budget``, plus the rest of one node's moves, plus one position
    for each node of the last level and for each point left."""
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
            for a, b in marker_moves(isl, cells, me, pts):
                c = _child(isl, cells, a, b)
                left = pts - (cells[a] & 7)
                mv = first or ("-", a, b)
                key = (c, left)
                if key in seen:
                    continue
                seen.add(key)
                sc = evaluate(isl, c, me, n, alloc, w) if score is None else score(c)
                work += 1
                sc += rng.random() * 1e-6
                if left <= 0 or not any_move_fits(isl, c, me, left):
                    if c not in finals or finals[c][0] < sc:
                        finals[c] = (sc, mv)
                else:
                    scored.append((sc, c, left, mv))
                if late:
                    break           # past the budget: the first new move of each node
            if not late and work >= budget:
                late, beam = True, 1
        scored.sort(key=lambda x: -x[0])
        nodes = [(c, left, mv) for _, c, left, mv in scored[:beam]]
    out = [(sc, mv, c) for c, (sc, mv) in finals.items()]
    out.sort(key=lambda x: -x[0])
    if stats is not None:
        stats["work"] = work
        stats["narrowed"] = late
    return out


def winning_line(state, budget: int = WIN_BUDGET, stats: dict | None = None):
    """The moves of a line that takes every other seat's last marker within this turn's
    points, the mover keeping one of its own (the game won at once), or None: no such
    line, or none found in ``budget`` positions tried.

    A depth-first search over the turn's moves, captures first (the biggest victim
    first), each position tried once; a line is cut where the other seats' markers left
    are bigger in all than the points left, as a capture costs the captor's size and a
    captor is at least the size it takes.  The line found is played out by the rules
    before it is trusted.  Level 4 plays it before it plans (a beam can lose the one line
    that wins); the judge looks for it the same way."""
    if state.phase != "move":
        return None
    isl = state.island
    me = state.current_index + 1
    need = sum(v & 7 for v in state.cells if v and v >> 3 != me)
    if not need or need > state.points:
        return None
    seen = set()
    work = 0

    def go(cells, left, need):
        nonlocal work
        order = []
        for a, b in marker_moves(isl, cells, me, left):
            o = _over_zone(isl, a, b)
            took = cells[o] & 7 if o >= 0 and cells[o] >> 3 != me else 0
            order.append((-took, a, b, o, took))
        order.sort(key=lambda x: x[0])           # stable: the rules' order among equals
        for _, a, b, o, took in order:
            if work >= budget:
                return None
            work += 1
            c = list(cells)
            apply_marker_move(c, a, b, o)
            rest = need - took
            if not rest:
                if any(v >> 3 == me for v in c):
                    return [("-", a, b)]
                continue
            after = left - (cells[a] & 7)
            if rest > after:
                continue
            key = (tuple(c), after)
            if key in seen:
                continue
            seen.add(key)
            line = go(key[0], after, rest)
            if line is not None:
                return [("-", a, b)] + line
        return None

    line = go(state.cells, state.points, need)
    if stats is not None:
        stats["work"] = work
    if line is None:
        return None
    end = state
    for m in line:
        if end.is_over or end.current_index != me - 1:
            return None
        end = end.play(m)
    won = end.winners()
    return line if end.is_over and won == {state.current} else None


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

def threat_costs(isl, cells, att: int, victims) -> dict:
    """{zone: points} for each victim ((zone, size) pairs) that seat number ``att`` could
    capture with one spin: its cheapest capture path, the attacker's size times (steps +
    1), over every attacker at least the victim's size that can walk through empty zones
    to a zone beside the victim whose opposite neighbour is empty; only costs up to 6."""
    reach = capture_reach(isl, cells, att)
    return {} if reach is None else costs_from_reach(isl, cells, reach, victims)


def capture_reach(isl, cells, att: int):
    """Where seat number ``att``'s markers can stand within one spin, per marker size:
    ``reach[s]`` = {zone: steps from the nearest marker of size s} (None for a size it
    has none of), or None when it has no marker; the same whatever the victims."""
    nb = isl.nb
    reach = [None] * 7              # per attacker size: steps from the nearest such marker
    for z, v in enumerate(cells):
        if v >> 3 == att:
            s = v & 7
            r = reach[s]
            if r is None:
                r = reach[s] = {}
            r[z] = 0
    if not any(reach):
        return None
    for s in range(1, 4):           # size 4-6 only jumps from where it stands
        r = reach[s]
        if r is None:
            continue
        front = list(r)
        for k in range(1, 6 // s):
            nxt = []
            for z in front:
                for y in nb[z]:
                    if y >= 0 and not cells[y] and y not in r:
                        r[y] = k
                        nxt.append(y)
            front = nxt
            if not front:
                break
    return reach


def costs_from_reach(isl, cells, reach, victims) -> dict:
    """``threat_costs`` from the attacker's ``capture_reach``."""
    nb = isl.nb
    out = {}
    for z, k in victims:
        best = 7
        nz = nb[z]
        for d in range(6):
            lz = nz[d]
            if lz < 0:
                continue
            bz = nz[OPP[d]]
            if bz < 0 or cells[bz]:
                continue
            for s in range(k, 7):
                r = reach[s]
                if r is not None:
                    st = r.get(lz)
                    if st is not None and s * (st + 1) < best:
                        best = s * (st + 1)
        if best <= 6:
            out[z] = best
    return out


def knapsack(items) -> list:
    """best[p], p = 0-6: the most value of (cost, value) items, each once, within p."""
    best = [0.0] * 7
    for c, v in items:
        for p in range(6, c - 1, -1):
            x = best[p - c] + v
            if x > best[p]:
                best[p] = x
    return best


def knapsack_choice(items) -> list:
    """For p = 0-6, (value, chosen item indices) of the best set within p points."""
    best = [(0.0, ())] * 7
    for i, (c, v) in enumerate(items):
        for p in range(6, c - 1, -1):
            x = best[p - c][0] + v
            if x > best[p][0]:
                best[p] = (x, best[p - c][1] + (i,))
    return best


def expected_capture(isl, cells, att: int, victims, grow: float = 0.0, reach=False) -> float:
    """Expected value seat ``att`` takes from ``victims`` with one spin (1-6, 1/8 each):
    the knapsack of the victims' sizes (plus ``grow`` a capture) over their cheapest
    capture paths (``reach``: the attacker's ``capture_reach`` when already known)."""
    if reach is False:
        costs = threat_costs(isl, cells, att, victims)
    else:
        costs = {} if reach is None else costs_from_reach(isl, cells, reach, victims)
    if not costs:
        return 0.0
    best = knapsack([(c, k + grow) for z, k in victims if (c := costs.get(z)) is not None])
    return sum(best[1:]) / 8


def value4(isl, cells, me: int, n: int, alloc, movers=None, w=None, loss_w=None,
           gain_w=None, bonus=None, reaches=None) -> float:
    """Level 4's value of ``cells`` for seat number ``me`` (1-based) among ``n`` seats: its
    population, less ``loss`` times its expected losses to the seats ``movers`` (the seat
    numbers still to move before its next turn; every other seat still in by default),
    each with one spin, plus ``gain`` times its own expected captures with its next spin,
    less ``famine`` times its famine exposure (the sum over terrains of its population
    there, squared, over its population), less half the sum of the largest and the mean
    of the other seats' populations, less ``race`` times ``race_risk`` when the weights
    have a ``race`` (level 4's TOP; V4, the judge's, has none).  ``bonus`` adds units to
    seats' populations (a harvest's units still owed: in the populations, not yet on a
    terrain); ``reaches``: each seat's ``capture_reach`` (by seat number)."""
    w = w or V4
    terr = isl.terrain
    pops = [0.0] * (n + 1)
    cnts = [0] * (n + 1)
    mine = []
    theirs = []
    by_t = [{} for _ in range(n + 1)]       # each seat's population by terrain
    for z, v in enumerate(cells):
        if not v:
            continue
        s = v >> 3
        k = v & 7
        pops[s] += k
        cnts[s] += 1
        t = terr[z]
        d = by_t[s]
        d[t] = d.get(t, 0) + k
        if s == me:
            mine.append((z, k))
        else:
            theirs.append((z, k))
    if bonus:
        for s, u in bonus.items():
            if cnts[s]:
                pops[s] += u
    pop = pops[me]
    if not cnts[me]:
        return -1000.0
    live = [s for s in range(1, n + 1) if s != me and cnts[s]]
    if not live:
        return 1000.0 + pop
    if movers is None:
        movers = live
    loss_w = w["loss"] if loss_w is None else loss_w
    gain_w = w["gain"] if gain_w is None else gain_w
    grow = w["grow"]
    loss = 0.0
    if loss_w:
        for s in movers:
            if cnts[s]:
                loss += expected_capture(isl, cells, s, mine, grow,
                                         False if reaches is None else reaches[s])
    gain = (expected_capture(isl, cells, me, theirs, grow,
                             False if reaches is None else reaches[me])
            if gain_w and theirs else 0.0)
    famine = sum(x * x for x in by_t[me].values()) / pop
    rp = [pops[s] for s in live]
    value = pop - loss_w * loss + gain_w * gain - w["famine"] * famine \
        - 0.5 * (max(rp) + sum(rp) / len(rp))
    race = w.get("race")
    if race:
        value -= race * race_risk(by_t[me], pop, by_t, pops, live)
    elim = w.get("elim")
    if elim:            # each other seat out (none placed yet in setup: the same for all)
        value += elim * (n - 1 - len(live))
    return value


def race_risk(mine, pop, by_t, pops, live) -> float:
    """The race term of level 4's value: how far the harvests and famines to come could
    move a seat against its strongest rival, signed by who is ahead.  A harvest or famine
    on terrain t moves the gap between the two populations by the difference of their
    populations on t, so the sum of those differences squared (over the two populations)
    is the gap's spread; a seat ahead wants it small (the same terrains as its rival, so
    a spin moves both alike), a seat behind wants it large (a chance to catch up), scaled
    by tanh(gap / RACE_GAP)."""
    r = max(live, key=lambda s: pops[s])
    theirs = by_t[r]
    spread = sum((mine.get(t, 0) - theirs.get(t, 0)) ** 2 for t in "fgdhmt")
    return math.tanh((pop - pops[r]) / RACE_GAP) * spread / (pop + pops[r])


def open_axes(isl, cells, me: int) -> int:
    """Setup: the ways seat ``me``'s size-1 markers lie open to a jump still to come --
    for each, the axes (of its three) whose two neighbours are both land and hold none of
    its own markers.  An opponent placed later on one side jumps it to the other; the sea
    or one of its own markers on either side closes that axis."""
    nb = isl.nb
    count = 0
    for z, v in enumerate(cells):
        if v != me * 8 + 1:
            continue
        n = nb[z]
        for d in range(3):
            a, b = n[d], n[d + 3]
            if a >= 0 and b >= 0 and cells[a] >> 3 != me and cells[b] >> 3 != me:
                count += 1
    return count


def _next_seat(cells, me, n):
    live = {v >> 3 for v in cells if v}
    return next((s for s in ((me - 1 + k) % n + 1 for k in range(1, n)) if s in live), None)


def expected_reply(isl, cells, me: int, n: int, alloc, w=None) -> float:
    """Level 4: the expected value, for ``me``, of an end position over the next seat's
    spin.  A number lets that seat take the best set of captures its points allow (of
    anyone's markers) along their cheapest capture paths (the victims leave the island,
    the captor's growth counts in its population);
    HARVEST gives every seat its units on the colour (used if it has supply or room);
    FAMINE clears the colour.  Each result is valued by ``value4`` with the seats still
    to move before ``me`` comes round (their threats at ``loss2``) and ``me``'s own
    captures at ``gain2``, its spin being nearer."""
    w = w or V4
    nxt = _next_seat(cells, me, n)
    if nxt is None:
        return value4(isl, cells, me, n, alloc, w=w)
    live = [s for s in range(1, n + 1) if s != me and any(v >> 3 == s for v in cells)]
    rest = [s for s in live if s != nxt]
    lw = w["loss2"] if not rest else w["loss"]

    def val(c, bonus=None):
        return value4(isl, c, me, n, alloc, movers=rest or live, w=w, loss_w=lw,
                      gain_w=w["gain2"], bonus=bonus)
    total = 0.0
    memo = {}
    victims = [(z, v & 7) for z, v in enumerate(cells) if v and v >> 3 != nxt]
    costs = threat_costs(isl, cells, nxt, victims)
    zones = [z for z, _ in victims if z in costs]
    best = knapsack_choice([(costs[z], k + 1) for z, k in victims if z in costs])
    for pts in range(1, 7):
        chosen = best[pts][1]
        got = memo.get(chosen)
        if got is None:
            if chosen:
                c = list(cells)
                for i in chosen:
                    c[zones[i]] = 0
                got = val(tuple(c), {nxt: len(chosen)})
            else:
                got = val(cells)
            memo[chosen] = got
        total += got
    terr = isl.terrain
    cnts = [0] * (n + 1)
    room = [0] * (n + 1)
    for v in cells:
        if v:
            cnts[v >> 3] += 1
            room[v >> 3] += 6 - (v & 7)
    for t in "fgdhmt":
        fam = tuple(0 if terr[z] == t else v for z, v in enumerate(cells))
        total += val(fam) / 6
        units = [0] * (n + 1)
        for z, v in enumerate(cells):
            if v and terr[z] == t:
                units[v >> 3] += v & 7
        bonus = {s: min(units[s], alloc[s - 1] - cnts[s] + room[s])
                 for s in range(1, n + 1) if units[s]}
        total += val(cells, bonus) / 6
    return total / 8


def _choose4(state, legal, rng, w=None):
    """Level 4's choice (see the module docstring)."""
    w = w or TOP
    isl = state.island
    n = len(state.players)
    alloc = tuple(state.allocations[p] for p in state.players)
    me = state.current_index + 1
    ph = state.phase
    options = [m for m in legal if m not in OUT]
    if ph in ("setup", "harvest"):
        apply = _apply_unit(me)
        shut = w.get("open", 0.0) if ph == "setup" else 0.0
        best, best_sc = options[0], None
        for m in options:
            c = apply(list(state.cells), m)
            sc = value4(isl, c, me, n, alloc, w=w) + rng.random() * 1e-6
            if shut:
                sc -= shut * open_axes(isl, c, me)
            if best_sc is None or sc > best_sc:
                best, best_sc = m, sc
        return best
    win = winning_line(state)
    if win:
        return win[0]
    plans = plan_turn(state, TOP_BEAM, rng, TOP_BUDGET,
                      score=lambda c: value4(isl, c, me, n, alloc, w=w))
    if not plans:
        return options[0]
    if len(plans) == 1:
        return plans[0][1]
    best, best_sc = plans[0][1], None
    for sc, mv, cells in plans[:TOP_LOOK]:
        v = expected_reply(isl, cells, me, n, alloc, w) + rng.random() * 1e-6
        if best_sc is None or v > best_sc:
            best, best_sc = mv, v
    return best


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



def choose_move(state, level: int = DEFAULT_LEVEL, rng=None, history=(), weights=None, **_):
    if rng is None:
        rng = random.Random(0)
    if level not in LEVELS:
        raise ValueError(f"no level {level!r} (levels: {LEVELS})")
    legal = state.legal_moves()
    if not legal:
        raise ValueError("no move to choose: the game is over or at a spin")
    if level == 4:
        return _choose4(state, legal, rng, weights)
    me = state.current_index + 1
    ph = state.phase
    w = weights or W
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
    plans = plan_turn(state, BEAM[level], rng, NODE_BUDGET)
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
