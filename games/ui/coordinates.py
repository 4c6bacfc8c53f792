"""Board coordinates: the "Board coordinates" setting (off by default: the originals' look,
pixel for pixel), so that a move named in words ("Green plays m3", a review's "better d7")
can be found on the board.

Drawn by the house for every game from the geometry the game declares (``board_cells``:
``{name: rect}``, named as its notation writes them), as a chess site draws them: each
column's letter inside its lowest cell, near the bottom right, and each row's number
inside its leftmost cell, near the top left, a quarter of the cell in from its side (a
flat-topped hex's top and bottom edges start there). Only names of letters then digits
("m3", "d7") are grids to label; a board whose cells carry their own names (Triple 3's
numbered holes, "8.5") has nothing to add. In the look's palette: its lightest colour
outlined in its darkest, in an 8x8 font (the look's own where it is one; the 8-pixel
cell of the EGA, otherwise), so a label fits a cell and reads on any tile.
"""

from __future__ import annotations

import re

SETTING = "coordinates"           # the key in the app's settings (games/core/store.py)
SMALL_FONT = "acorn8x8"           # for a look whose own font is taller than 8 pixels
_GRID_NAME = re.compile(r"([a-z]+)([0-9]+)\Z")


def coordinates_on(app) -> bool:
    """True when the boards carry their coordinates (the app's settings say so)."""
    settings = getattr(app, "settings", None) or {}
    return bool(settings.get(SETTING, False))


def labels(cells: dict) -> list:
    """``[(text, "column" | "row", cell rect)]`` for a board's cells ``{name: rect}``: each
    column's letter with its lowest cell, each row's number with its leftmost cell; none
    when any name is not letters then digits."""
    lowest, leftmost = {}, {}
    for name, rect in cells.items():
        m = _GRID_NAME.match(str(name))
        if m is None:
            return []
        col, row = m.groups()
        if col not in lowest or rect.bottom > lowest[col].bottom:
            lowest[col] = rect
        if row not in leftmost or rect.left < leftmost[row].left:
            leftmost[row] = rect
    return ([(col, "column", r) for col, r in sorted(lowest.items())]
            + [(row, "row", r) for row, r in sorted(leftmost.items(), key=lambda i: int(i[0]))])


def place(font, text: str, where: str, cell) -> tuple:
    """The top left of a label's text in its cell."""
    w, h = font.size(text)
    inset = max(2, cell.w // 4)
    if where == "column":
        return (cell.right - inset - w, cell.bottom - 2 - h)
    return (cell.x + inset, cell.y + 2)


def font_for(look):
    from games.ui import fonts
    own = fonts.get(look.font_name)
    return own if own.height <= 8 else fonts.get(SMALL_FONT)


def draw(surface, look, cells: dict, light, dark) -> None:
    """The coordinates of the board whose cells are ``cells``, over the picture, in
    ``light`` outlined in ``dark`` (the look's lightest and darkest colours)."""
    found = labels(cells)
    if not found:
        return
    font = font_for(look)
    clip = surface.get_clip()
    for text, where, cell in found:
        x, y = place(font, text, where, cell)
        w, h = font.size(text)
        if not clip.colliderect((x - 1, y - 1, w + 2, h + 2)):
            continue
        for dx, dy in ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)):
            font.draw(surface, text, (x + dx, y + dy), dark)
        font.draw(surface, text, (x, y), light)
