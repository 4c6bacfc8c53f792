"""The replay's pictures, drawn the same way in every look: the evaluation graph (one line
per seat of its winning chance over the plies, the current ply marked), the review's
progress bar, and the marching ants round the better move's squares.

Colours come from the look's palette only: a seat's line is the palette colour nearest the
colour the seat is named after (``SEAT_RGB``), never the graph's ground, and no two seats
share a colour while the palette has another.
"""

from __future__ import annotations

import pygame

SEAT_RGB = {"red": (255, 0, 0), "blue": (40, 80, 255), "green": (0, 200, 0),
            "yellow": (255, 255, 0), "orange": (255, 140, 0), "cyan": (0, 220, 220),
            "magenta": (230, 0, 230), "white": (255, 255, 255), "black": (0, 0, 0),
            "purple": (150, 0, 200), "brown": (150, 90, 0)}
ANTS_PERIOD = 0.5            # seconds for the ants to march one dash length
ANTS_DASH = 4


# a look's replay colours (palette indices): the graph's (ground, lines, text) and the
# marching ants' (dark, light)
LOOK_COLOURS = {"dos": ((0, 7, 14), (0, 14)),          # black, light grey, yellow
                "amiga": ((0, 1, 2), (2, 3)),          # blue, white, black; black, orange
                "riscos": ((0, 3, 7), (7, 9))}         # white, grey 3, black; black, yellow


def look_colours(look_name: str) -> tuple:
    return LOOK_COLOURS.get(look_name, ((0, 1, 2), (0, 1)))


def _dist(a, b) -> int:
    return sum((x - y) ** 2 for x, y in zip(a, b))


def seat_colours(palette, seats, avoid=()) -> dict:
    """{seat: a palette colour} for the graph's lines: near the seat's name, unlike the
    colours in ``avoid`` (the ground, the marker) and unlike each other."""
    out, used = {}, [tuple(c) for c in avoid]
    for i, seat in enumerate(seats):
        want = SEAT_RGB.get(str(seat).lower())
        free = [tuple(c) for c in palette if tuple(c) not in used] or [tuple(palette[-1])]
        if want is None:
            pick = free[i % len(free)]
        else:
            pick = min(free, key=lambda c: _dist(c, want))
        out[seat] = pick
        used.append(pick)
    return out


def chance_series(review_rows: list, seats, total: int) -> dict:
    """{seat: [chance at ply 0, 1, ..., up to the last ply judged]}: each seat's winning
    chance after each ply (the review's ``chances``), from the start's (the first row's
    ``start``; even without one).  Where a decision's ``second_look`` moved the value of
    the position it was made from (its best known move, judged further than the position
    was), the entry at that ply is a pair (the value arrived at, the value left from: the
    row's ``before`` for its mover), drawn as an upright step there."""
    even = 1.0 / max(1, len(seats))
    start = (review_rows[0].get("start") or {}) if review_rows else {}
    series = {s: [float(start.get(s, even))] for s in seats}
    for row in review_rows[:total]:
        look = row.get("second_look") if row.get("seat") is not None else None
        ch = row.get("chances") or {}
        for s in seats:
            if look and isinstance(look.get(s), (int, float)) and look[s]:
                here = arrived(series[s][-1])
                series[s][-1] = (here, round(here + float(look[s]), 3))
            v = ch.get(s)
            series[s].append(left(series[s][-1]) if not isinstance(v, (int, float))
                             else float(v))
    return series


def arrived(point) -> float:
    """A graph point's value as the line arrives at its ply (a step's lower end first)."""
    return float(point[0] if isinstance(point, tuple) else point)


def left(point) -> float:
    """A graph point's value as the line leaves its ply (after a step: the ``before``)."""
    return float(point[1] if isinstance(point, tuple) else point)


def ply_x(area: pygame.Rect, ply: int, total: int) -> int:
    return area.x + (area.w - 1) * ply // max(1, total)


def ply_at(area: pygame.Rect, x: int, total: int) -> int:
    """The ply a pointer at ``x`` on the graph points at (the nearest)."""
    if total <= 0:
        return 0
    f = (x - area.x) / max(1, area.w - 1)
    return max(0, min(total, round(f * total)))


def draw_graph(surface, area: pygame.Rect, series: dict, colours: dict, total: int, ply: int,
               ground, axis, marker, marks=()) -> None:
    """The graph in ``area``: ground, the even line, one line per seat, the judged moves
    ``marks`` [(ply, seat)] as small squares, and the current ply as a dotted upright."""
    surface.fill(ground, area)
    inner = area.inflate(-2, -2)
    mid = inner.y + inner.h // 2
    for x in range(inner.x, inner.right, 4):
        surface.set_at((x, mid), axis)

    def y_of(v):
        return inner.bottom - 1 - round(max(0.0, min(1.0, v)) * (inner.h - 1))
    for seat, values in series.items():
        pts = []
        for i, v in enumerate(values):
            x = ply_x(inner, i, total)
            pts.append((x, y_of(arrived(v))))
            if isinstance(v, tuple):                  # a decision's step
                pts.append((x, y_of(left(v))))
        if len(pts) >= 2:
            pygame.draw.lines(surface, colours[seat], False, pts, 1)
        elif pts:
            surface.set_at(pts[0], colours[seat])
    for p, seat in marks:
        values = series.get(seat)
        if values and p < len(values):
            r = pygame.Rect(0, 0, 3, 3)
            r.center = (ply_x(inner, p, total), y_of(arrived(values[p])))
            surface.fill(colours.get(seat, marker), r)
    x = ply_x(inner, ply, total)
    for y in range(area.y, area.bottom, 2):
        surface.set_at((x, y), marker)
    pygame.draw.rect(surface, axis, area, 1)


def draw_progress(surface, area: pygame.Rect, done: int, total: int, fill, ground,
                  edge) -> None:
    """A progress bar: ``done`` of ``total`` filled from the left."""
    surface.fill(ground, area)
    inner = area.inflate(-4, -4)
    w = inner.w * done // max(1, total)
    if w > 0:
        surface.fill(fill, (inner.x, inner.y, w, inner.h))
    pygame.draw.rect(surface, edge, area, 1)


def draw_ants(surface, rect: pygame.Rect, clock: float, dark, light) -> None:
    """Marching ants round ``rect``: dashes of two colours moving along its edge."""
    r = pygame.Rect(rect)
    if r.w < 3 or r.h < 3:
        return
    shift = int(clock / ANTS_PERIOD * ANTS_DASH) % (2 * ANTS_DASH)
    edge = ([(x, r.y) for x in range(r.x, r.right)]
            + [(r.right - 1, y) for y in range(r.y + 1, r.bottom)]
            + [(x, r.bottom - 1) for x in range(r.right - 2, r.x - 1, -1)]
            + [(r.x, y) for y in range(r.bottom - 2, r.y, -1)])
    clip = surface.get_clip()
    for i, p in enumerate(edge):
        if clip.collidepoint(p):
            surface.set_at(p, dark if ((i - shift) // ANTS_DASH) % 2 else light)
    inner = r.inflate(-2, -2)
    if inner.w >= 3 and inner.h >= 3:
        pygame.draw.rect(surface, dark, inner, 1)
