"""Where a window goes over a picture without covering any of it (a title page's list of
choices over the game's own title): the picture's rows that are one colour across the
window's width are free; the window goes at the asked place when it covers only free rows,
else at the nearest such place below, then above."""

from __future__ import annotations

import pygame

MARGIN = 3                 # free rows kept between the window's frame and the picture


def free_rows(picture, size, band: pygame.Rect, keep_clear=()) -> list | None:
    """For each row of a ``size`` picture (``picture(surface)`` draws it), True where it
    is one colour across ``band``'s columns and meets none of the ``keep_clear``
    rectangles; None when the picture cannot be drawn off screen."""
    scratch = pygame.Surface(size)
    try:
        picture(scratch)
    except Exception:          # a picture that needs its screen: nothing known
        return None
    band = band.clip(scratch.get_rect())
    out = []
    for y in range(size[1]):
        row = scratch.subsurface((band.x, y, band.w, 1)).copy()
        row.set_colorkey(row.get_at((0, 0)))
        out.append(row.get_bounding_rect().w == 0 and not any(
            r.top <= y < r.bottom for r in keep_clear))
    return out


def clear_spot(place, centre, screen: pygame.Rect, picture, keep_clear=()) -> tuple:
    """``place(centre) -> (frame, inner)`` at ``centre`` when the frame covers nothing of
    the picture, else at the nearest centre below (then above) where it covers nothing;
    as asked when there is no such place."""
    frame, inner = place(centre)
    free = free_rows(picture, screen.size, frame.inflate(2 * MARGIN + 4, 0), keep_clear)
    if free is None:
        return frame, inner

    def clear(r) -> bool:
        top, bottom = r.top - MARGIN, r.bottom + MARGIN
        return top >= 0 and bottom <= screen.h and all(free[top:bottom])

    if clear(frame):
        return frame, inner
    for dy in list(range(1, screen.h)) + [-d for d in range(1, screen.h)]:
        moved = frame.move(0, dy)
        if screen.contains(moved) and clear(moved):
            again = place((centre[0], centre[1] + dy))
            if clear(again[0]):              # (a look that snaps to its cells)
                return again
    return frame, inner
