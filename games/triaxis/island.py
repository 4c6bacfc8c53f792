"""TriAxis: the Biosphere (the island of hexagonal zones) and the hex helpers.  Pure.

Geometry
--------
Flat-topped hexes in columns, "odd-q" offset: counting column ``a`` as column 0, the odd
columns (b, d, f, ...) sit half a zone lower.  A zone is an index ``row * width + col``
(``a1`` is 0, row 1 is the top row).  The six directions are numbered clockwise from up:
0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW; direction ``(d + 3) % 6`` is the opposite of ``d``.
A jump goes two zones in one direction: ``beyond(z, d) == neighbour(neighbour(z, d), d)``.

``Island`` holds one board shape (width, height, the terrain letter of every zone, ``~``
for sea) and its precomputed tables: ``nb[z]`` (six neighbour zones, -1 for sea or off the
board), ``jump[z]`` (the six zones two steps away in a straight line, -1 likewise) and
``land`` (the land zones in index order).  ``island(width, height, terrain)`` caches them.

Generation (``generate(seed)``)
-------------------------------
``random.Random(seed)`` only.  Land: a blob grown from the middle of the 16 x 10 grid;
each new zone is drawn from the coast with a weight that favours zones with many land
neighbours and near the middle, to a size of 100-120 drawn from the seed; enclosed lakes
are filled (the size is redrawn if that passes 120).  Terrain: 6 to 9 seeds (every terrain
one, some two) spread over the land by farthest-point picks; the regions then grow one zone
at a time, the terrain furthest below its drawn target share growing next, into a random
free neighbour; two smoothing passes move a zone to the terrain most of its neighbours
have, when at least four of its land neighbours share it and no terrain drops below 10.
A result with a terrain under 10 zones is drawn again from the same generator.
"""

from __future__ import annotations

import random

__all__ = ["WIDTH", "HEIGHT", "TERRAINS", "TERRAIN_NAMES", "COLUMNS", "Island", "island",
           "generate", "zone_name", "parse_zone", "offset_neighbour", "DIRECTIONS"]

WIDTH, HEIGHT = 16, 10
TERRAINS = "fgdhmt"
TERRAIN_NAMES = {"f": "forest", "g": "grass", "d": "desert", "h": "hills", "m": "marsh",
                 "t": "tundra"}
SEA = "~"
COLUMNS = "abcdefghijklmnopqrstuvwxyz"
DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")

# (dcol, drow) per direction, for even and for odd columns (odd-q).
_EVEN = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1))
_ODD = ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))


def offset_neighbour(col: int, row: int, d: int) -> tuple:
    """The (col, row) one step from (col, row) in direction d (may be off the board)."""
    dc, dr = (_ODD if col & 1 else _EVEN)[d]
    return col + dc, row + dr


def zone_name(z: int, width: int = WIDTH) -> str:
    row, col = divmod(z, width)
    return f"{COLUMNS[col]}{row + 1}"


def parse_zone(text: str, width: int = WIDTH, height: int = HEIGHT) -> int:
    """``c4`` -> zone index; ValueError if malformed or off the board."""
    t = text.strip().lower() if isinstance(text, str) else ""
    if len(t) < 2 or t[0] not in COLUMNS or not t[1:].isdigit() or t[1] == "0":
        raise ValueError(f"not a zone: {text!r} (expected a letter and a number, e.g. c4)")
    col, row = COLUMNS.index(t[0]), int(t[1:]) - 1
    if col >= width or row >= height:
        raise ValueError(f"{t} is off the board")
    return row * width + col


class Island:
    """One board shape and its neighbour tables (shared by every state on it)."""

    __slots__ = ("width", "height", "terrain", "nb", "jump", "land", "size", "by_terrain",
                 "dist")

    def __init__(self, width: int, height: int, terrain: str):
        self.width, self.height, self.terrain = width, height, terrain
        self.size = n = width * height
        nb = []
        for z in range(n):
            row, col = divmod(z, width)
            out = []
            for d in range(6):
                c, r = offset_neighbour(col, row, d)
                if 0 <= c < width and 0 <= r < height and terrain[r * width + c] != SEA \
                        and terrain[z] != SEA:
                    out.append(r * width + c)
                else:
                    out.append(-1)
            nb.append(tuple(out))
        self.nb = tuple(nb)
        self.jump = tuple(tuple(nb[m][d] if m >= 0 else -1 for d, m in enumerate(nb[z]))
                          for z in range(n))
        self.land = tuple(z for z in range(n) if terrain[z] != SEA)
        self.by_terrain = {t: tuple(z for z in self.land if terrain[z] == t) for t in TERRAINS}
        self.dist = None

    def neighbours(self, z: int) -> list:
        """The land zones next to z."""
        return [m for m in self.nb[z] if m >= 0]

    def beyond(self, z: int, d: int) -> int:
        """The zone two steps from z in direction d, or -1."""
        return self.jump[z][d]

    def name(self, z: int) -> str:
        return zone_name(z, self.width)

    def parse(self, text: str) -> int:
        return parse_zone(text, self.width, self.height)

    def distances(self):
        """dist[a][b]: steps between land zones over land (computed once, on demand)."""
        if self.dist is None:
            n = self.size
            rows = []
            for a in range(n):
                row = [99] * n
                if self.terrain[a] != SEA:
                    row[a] = 0
                    frontier = [a]
                    k = 0
                    while frontier:
                        k += 1
                        nxt = []
                        for z in frontier:
                            for m in self.nb[z]:
                                if m >= 0 and row[m] == 99:
                                    row[m] = k
                                    nxt.append(m)
                        frontier = nxt
                rows.append(tuple(row))
            self.dist = tuple(rows)
        return self.dist


_CACHE: dict = {}


def island(width: int, height: int, terrain: str) -> Island:
    key = (width, height, terrain)
    got = _CACHE.get(key)
    if got is None:
        if len(_CACHE) >= 16:           # a few islands: a long attract loop stays small
            _CACHE.clear()
        got = _CACHE[key] = Island(width, height, terrain)
    return got


# --------------------------------------------------------------------------- generation

def _grid_nb():
    out = []
    for z in range(WIDTH * HEIGHT):
        row, col = divmod(z, WIDTH)
        ns = []
        for d in range(6):
            c, r = offset_neighbour(col, row, d)
            if 0 <= c < WIDTH and 0 <= r < HEIGHT:
                ns.append(r * WIDTH + c)
        out.append(tuple(ns))
    return tuple(out)


_GRID_NB = _grid_nb()
_CENTRE_W = tuple(
    1.0 / (1.0 + ((z % WIDTH - 7.5) / 7.0) ** 2 * 2.0 + ((z // WIDTH - 4.5) / 4.5) ** 2 * 2.0)
    for z in range(WIDTH * HEIGHT))


def _grow_land(rng: random.Random, target: int) -> set:
    start = (HEIGHT // 2) * WIDTH + WIDTH // 2 - rng.randrange(2)
    land = {start}
    frontier = set(_GRID_NB[start])
    while len(land) < target:
        cands = sorted(frontier)
        weights = []
        for z in cands:
            k = sum(1 for m in _GRID_NB[z] if m in land)
            weights.append(_CENTRE_W[z] * (k * k * k))
        z = rng.choices(cands, weights)[0]
        land.add(z)
        frontier.discard(z)
        for m in _GRID_NB[z]:
            if m not in land:
                frontier.add(m)
    # fill lakes: sea not reachable from the grid's edge
    outside = set()
    stack = [z for z in range(WIDTH * HEIGHT) if z not in land and
             (z % WIDTH in (0, WIDTH - 1) or z // WIDTH in (0, HEIGHT - 1))]
    outside.update(stack)
    while stack:
        z = stack.pop()
        for m in _GRID_NB[z]:
            if m not in land and m not in outside:
                outside.add(m)
                stack.append(m)
    return set(range(WIDTH * HEIGHT)) - outside


def _paint(rng: random.Random, land: list, nb):
    n_seeds = 6 + rng.randrange(4)
    kinds = list(TERRAINS) + rng.sample(TERRAINS, n_seeds - 6)
    rng.shuffle(kinds)
    # farthest-point seeds (BFS distance over land), the first at random
    seeds = [rng.choice(land)]
    dmin = _bfs(seeds[0], nb)
    while len(seeds) < n_seeds:
        best = max(dmin[z] for z in land)
        pool = [z for z in land if dmin[z] >= best - 1 and z not in seeds]
        s = rng.choice(pool)
        seeds.append(s)
        ds = _bfs(s, nb)
        for z in land:
            if ds[z] < dmin[z]:
                dmin[z] = ds[z]
    paint = {}
    size = {t: 0 for t in TERRAINS}
    front = {t: set() for t in TERRAINS}
    for s, t in zip(seeds, kinds):
        paint[s] = t
        size[t] += 1
    for s, t in zip(seeds, kinds):
        for m in nb[s]:
            if m >= 0 and m not in paint:
                front[t].add(m)
    share = {t: 0.7 + rng.random() * 0.6 for t in TERRAINS}
    while len(paint) < len(land):
        live = [t for t in TERRAINS if front[t]]
        if not live:
            return None
        t = min(live, key=lambda t: (size[t] / share[t], TERRAINS.index(t)))
        z = rng.choice(sorted(front[t]))
        paint[z] = t
        size[t] += 1
        for u in TERRAINS:
            front[u].discard(z)
        for m in nb[z]:
            if m >= 0 and m not in paint:
                front[t].add(m)
    for _ in range(2):
        for z in land:
            here = paint[z]
            counts = {}
            for m in nb[z]:
                if m >= 0:
                    counts[paint[m]] = counts.get(paint[m], 0) + 1
            best = max(sorted(counts), key=lambda t: counts[t])
            if best != here and counts[best] >= 4 and counts.get(here, 0) <= 1 \
                    and size[here] > 10:
                paint[z] = best
                size[here] -= 1
                size[best] += 1
    if min(size.values()) < 10:
        return None
    return paint


def _bfs(src: int, nb) -> dict:
    d = {src: 0}
    frontier = [src]
    while frontier:
        nxt = []
        for z in frontier:
            for m in nb[z]:
                if m >= 0 and m not in d:
                    d[m] = d[z] + 1
                    nxt.append(m)
        frontier = nxt
    return _Default(d)


class _Default(dict):
    def __missing__(self, key):
        return 99


def generate(seed=None) -> Island:
    """A new Biosphere (16 x 10) from the seed: the same seed gives the same island."""
    rng = random.Random(seed)
    while True:
        target = rng.randint(100, 120)
        land = _grow_land(rng, target)
        if not 100 <= len(land) <= 120:
            continue
        land_sorted = sorted(land)
        plain = "".join("x" if z in land else SEA for z in range(WIDTH * HEIGHT))
        nb = Island(WIDTH, HEIGHT, plain).nb
        paint = _paint(rng, land_sorted, nb)
        if paint is None:
            continue
        terrain = "".join(paint.get(z, SEA) for z in range(WIDTH * HEIGHT))
        return island(WIDTH, HEIGHT, terrain)
