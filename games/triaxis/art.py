"""TriAxis drawn from its sprite sheet ("triaxis", sprites/make_sprites.py; colours and
shapes in games/triaxis/look.py): the island's zones, the markers, the marks on the board
and the spinner. Every call takes centres in native pixels (as HexGrid.centre gives them).

    art.draw_island(img, island, centre)        # every zone, then the land's black edges
    art.draw_marker(surface, (x, y), "red", 4)  # a size-4 red marker (scale < 1: shrinking)
    art.draw_marker(surface, (x, y), "red", 4, marked=True)   # wearing red's seat mark
    art.draw_seat_mark(surface, (x, y), "red")  # red's seat mark alone, its top left at x, y
    art.draw_ring(surface, (x, y), "yellow", 13)
    art.draw_mark(surface, (x, y), "target")    # or "movable"
    art.draw_spinner(surface, centre, radius, "spin", angle)
"""
from __future__ import annotations

import pygame

from games.triaxis import look, manual
from games.ui import dos, marks, sprites
from games.ui.dos import (BLACK, BROWN, CYAN, GREEN, LIGHT_CYAN, LIGHT_GREEN, LIGHT_GREY,
                          WHITE, YELLOW)

# where a sprite's centre is, when not its middle (w // 2, h // 2)
_ANCHOR = {"movable": (13, 11)}
_scaled: dict = {}
MARK_MARGIN = 2          # a marked marker: the marker this far right and down of its mark


def sheet() -> sprites.Sheet:
    return sprites.sheet("triaxis")


def blit_centred(surface: pygame.Surface, name: str, centre) -> None:
    """Blit the sheet's sprite ``name`` with its centre at ``centre``."""
    img = sheet().get(name)
    ax, ay = _ANCHOR.get(name) or (img.get_width() // 2, img.get_height() // 2)
    surface.blit(img, (centre[0] - ax, centre[1] - ay))


def draw_terrain(surface: pygame.Surface, centre, terrain: str) -> None:
    """One zone of ``terrain`` (a letter of island.TERRAINS, or island.SEA): its colour and
    pattern, no edge."""
    blit_centred(surface, f"hex_{look.TERRAIN_SPRITE[terrain]}", centre)


def draw_outline(surface: pygame.Surface, centre) -> None:
    """The black edge of a land zone (drawn after all the zones: it lies over the edges of
    its neighbours too)."""
    blit_centred(surface, "hex_outline", centre)


def draw_island(surface: pygame.Surface, island, centre) -> None:
    """Every zone of ``island`` (rules' Island: width, size, terrain), ``centre(col, row)``
    giving each zone's centre on ``surface``; then the edges of the land zones."""
    where = [centre(*reversed(divmod(z, island.width))) for z in range(island.size)]
    for z in range(island.size):
        draw_terrain(surface, where[z], island.terrain[z])
    for z in range(island.size):
        if island.terrain[z] != look.SEA:
            draw_outline(surface, where[z])


def draw_marker(surface: pygame.Surface, centre, seat: str, size: int,
                scale: float = 1.0, marked: bool = False) -> None:
    """A marker of ``seat`` ("red", ...) and ``size`` (1..6) centred at ``centre``;
    ``scale`` < 1 draws it smaller (appearing or vanishing), nothing at 0; ``marked``: it
    wears its seat's mark (games/ui/marks.py) at its top left."""
    if scale <= 0:
        return
    name = f"marker_{seat}_{size}" + ("_marked" if marked else "")
    margin = MARK_MARGIN if marked else 0
    if scale == 1.0:
        rx, ry = look.marker_radius(size)
        surface.blit(sheet().get(name), (centre[0] - rx - 1 - margin, centre[1] - ry - 1 - margin))
        return
    rx, ry = look.marker_radius(size, scale)
    mx, my = round(margin * scale), round(margin * scale)
    img = _scaled.get((name, rx, ry))
    if img is None:            # nearest pixels: only the sheet's colours
        img = _scaled[(name, rx, ry)] = pygame.transform.scale(
            sheet().get(name), (2 * rx + 2 + mx, 2 * ry + 2 + my))
    surface.blit(img, (centre[0] - rx - 1 - mx, centre[1] - ry - 1 - my))


def draw_seat_mark(surface: pygame.Surface, topleft, seat: str) -> None:
    """The shape ``seat``'s colour carries with seat marks on (7 x 7), at ``topleft``."""
    surface.blit(sheet().get(f"mark_{marks.shape(seat)}"), topleft)


def zone_reach(centre) -> pygame.Rect:
    """The native rectangle round a zone's centre that holds whatever is drawn for that
    zone: any marker (marked or not, at any scale up to 1), ring or mark."""
    global _reach
    if _reach is None:
        s = sheet()
        boxes = []
        for name in s.names():
            img = s.get(name)
            if name.startswith("marker_"):
                rx, ry = look.marker_radius(int(name.split("_")[2]))
                margin = MARK_MARGIN if name.endswith("_marked") else 0
                boxes.append(img.get_rect(topleft=(-rx - 1 - margin, -ry - 1 - margin)))
            elif name.startswith("ring_") or name in ("movable", "target"):
                ax, ay = _ANCHOR.get(name) or (img.get_width() // 2, img.get_height() // 2)
                boxes.append(img.get_rect(topleft=(-ax, -ay)))
        _reach = boxes[0].unionall(boxes[1:])
    return _reach.move(centre)


_reach = None


def draw_ring(surface: pygame.Surface, centre, colour: str, rx: int) -> None:
    """A ring round a zone: ``colour`` "yellow" (rx 10..18), "white" or "light_grey"
    (rx 15: the cursor), look.RINGS."""
    blit_centred(surface, f"ring_{colour}_{rx}", centre)


def draw_mark(surface: pygame.Surface, centre, name: str) -> None:
    """"target": a zone the chosen marker may go to; "movable": the dotted ring round a
    marker that can move."""
    blit_centred(surface, name, centre)


def draw_spinner(surface: pygame.Surface, centre, radius: int, kind: str,
                 angle: float) -> None:
    """The spinner, turned ``angle`` turns: ``kind`` "spin" (1-6, HARVEST, FAMINE) or
    "colour" (the six terrains). The wheel is the DOS look's (games.ui.dos.draw_wheel, its
    pointer from the look's sheet); its segments are TriAxis's (look.py)."""
    segments = look.SPIN_SEGMENTS if kind == "spin" else look.COLOUR_SEGMENTS
    dos.draw_wheel(surface, centre, radius, segments, angle, look.SQUASH)


def draw_welcome(surface) -> None:
    """The welcome page: a field of hexes in the terrain colours, WELCOME TO TriAxis."""
    cw, ch = dos.CELL_W, dos.CELL_H
    surface.fill(BLACK)
    box = dos.box_rect(42, 13, pos=(19 * cw, ch))
    inner = dos.draw_box(surface, box, dos.Look(bg=BLACK, border=LIGHT_CYAN, shadow=None))
    colours = (GREEN, LIGHT_GREEN, YELLOW, BROWN, CYAN, LIGHT_GREY)
    for r, line in enumerate(manual.hex_field(40, 11)):
        dos.text(surface, line, (inner.x, inner.y + r * ch), colours[(r // 2) % 6])
    panel = dos.box_rect(15, 7, pos=(inner.x + 12 * cw, inner.y + 2 * ch))
    inner2 = dos.draw_box(surface, panel, dos.Look(bg=BLACK, border=WHITE, shadow=None),
                          "single")
    dos.centred(surface, "WELCOME", inner2.y, YELLOW, rect=inner2)
    dos.centred(surface, "TO", inner2.y + 2 * ch, WHITE, rect=inner2)
    dos.centred(surface, "TriAxis", inner2.y + 4 * ch, LIGHT_GREEN, rect=inner2)
    dos.centred(surface, "after the 1989 game by Christopher G. Gunn", 14 * ch + 4, LIGHT_GREY)
