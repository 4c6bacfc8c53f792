"""Tests of games.triaxis.island: the generated Biosphere and the hex helpers."""

import pytest

from games.triaxis.island import (HEIGHT, TERRAINS, WIDTH, generate, island,
                                  offset_neighbour, parse_zone, zone_name)

SEEDS = range(40)


def _connected(isl):
    land = set(isl.land)
    start = next(iter(land))
    seen, stack = {start}, [start]
    while stack:
        z = stack.pop()
        for m in isl.neighbours(z):
            if m not in seen:
                seen.add(m)
                stack.append(m)
    return seen == land


@pytest.mark.parametrize("seed", SEEDS)
def test_island_shape_and_terrains(seed):
    isl = generate(seed)
    assert (isl.width, isl.height) == (WIDTH, HEIGHT)
    assert 100 <= len(isl.land) <= 120
    assert _connected(isl)
    assert set(isl.terrain) <= set(TERRAINS) | {"~"}
    for t in TERRAINS:
        assert len(isl.by_terrain[t]) >= 10, t
    # clustered: nearly every zone has a neighbour of its own terrain, and each terrain
    # lies in few patches
    same = sum(1 for z in isl.land
               if any(isl.terrain[m] == isl.terrain[z] for m in isl.neighbours(z)))
    assert same >= 0.9 * len(isl.land)
    for t in TERRAINS:
        zones = set(isl.by_terrain[t])
        patches = 0
        while zones:
            patches += 1
            stack = [zones.pop()]
            while stack:
                z = stack.pop()
                for m in isl.neighbours(z):
                    if m in zones:
                        zones.discard(m)
                        stack.append(m)
        assert patches <= 5, (t, patches)


def test_same_seed_same_island_and_seeds_differ():
    assert generate(7).terrain == generate(7).terrain
    assert len({generate(s).terrain for s in range(10)}) == 10


def test_odd_q_neighbours():
    # c3 is an even column (c = 2): its NE neighbour is d2, SE is d3
    assert offset_neighbour(2, 2, 1) == (3, 1)
    assert offset_neighbour(2, 2, 2) == (3, 2)
    # d3 (odd column) sits lower: NE is e3, SE is e4, SW is c4, NW is c3
    assert offset_neighbour(3, 2, 1) == (4, 2)
    assert offset_neighbour(3, 2, 2) == (4, 3)
    assert offset_neighbour(3, 2, 4) == (2, 3)
    assert offset_neighbour(3, 2, 5) == (2, 2)
    # every direction is undone by its opposite
    for col in range(4):
        for d in range(6):
            c, r = offset_neighbour(col, 5, d)
            assert offset_neighbour(c, r, (d + 3) % 6) == (col, 5)


def test_jump_is_two_steps_straight():
    isl = island(5, 5, "g" * 25)
    for z in isl.land:
        for d in range(6):
            n = isl.nb[z][d]
            assert isl.beyond(z, d) == (isl.nb[n][d] if n >= 0 else -1)
    c3 = parse_zone("c3", 5, 5)
    assert zone_name(isl.beyond(c3, 1), 5) == "e2"   # NE twice: d2 then e2
    assert zone_name(isl.beyond(c3, 3), 5) == "c5"


def test_sea_is_not_a_neighbour():
    isl = island(3, 1, "g~g")
    assert isl.neighbours(0) == [] and isl.beyond(0, 2) == -1


def test_zone_names():
    assert zone_name(0) == "a1" and zone_name(WIDTH * HEIGHT - 1) == "p10"
    assert parse_zone("C4") == 3 * WIDTH + 2
    for bad in ("", "c", "c0", "q1", "a11", "44", "c-1"):
        with pytest.raises(ValueError):
            parse_zone(bad)
