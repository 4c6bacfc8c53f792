"""Tripppin's pictures on the Workbench screen: where the board and panel go (``Layout``),
the tiles and arrows from the sprite sheet, the marching ants of a suggestion, and the
title page (a Workbench window with the game's name). Drawing only: nothing here decides."""

from __future__ import annotations

import pygame

from games.tripppin import ai, play, rules
from games.tripppin.play import NAMES
from games.ui import amiga, fonts, marks, sprites
from games.ui.amiga import BLACK, BLUE, ORANGE, WHITE, tall
from games.ui.board import SquareGrid, wrap

SCREEN_TITLE = "Workbench release.   Menus: hold right mouse button, or F10/Tab/pad Start"
PIECE_PEN = {"blue": BLUE, "orange": ORANGE}
# the status box on a lesson's board (learn from your mistakes), by its phase
LEARNING = {"ask": "FIND A MOVE", "judging": "judging...", "done": "LEARN", "end": "LEARN"}


def sprite(name: str) -> pygame.Surface:
    """A sprite of Tripppin's own sheet (sprites/tripppin.txt): pieces, X's, tiles, arrows."""
    return sprites.sheet("tripppin").get(name)


class Layout:
    """Where everything goes, for a 256-line or a 512-line (interlaced) screen.

    Squares are 50 pixels wide and 25 lines tall (50 on an interlaced screen): square on a
    monitor either way. Title bars and text stay Topaz 8, as on the Workbench."""

    SW = 50

    def __init__(self, height: int):
        self.k = k = 2 if height >= 400 else 1
        self.sw, self.sh = self.SW, 25 * k
        self.window = amiga.Window((4, amiga.BAR_H + 2, 632, height - amiga.BAR_H - 4),
                                   "Tripppin")
        inner = self.window.inner
        bw, bh = 8 * self.sw, 8 * self.sh
        self.board = pygame.Rect(inner.x + 8, inner.y + (inner.h - bh) // 2, bw, bh)
        self.grid = SquareGrid(self.board.topleft, (self.sw, self.sh), 8, 8)
        px = self.board.right + 14
        self.panel = pygame.Rect(px, self.board.y, inner.right - 8 - px, bh)

    def cell(self, sq: int) -> pygame.Rect:
        return self.grid.rect(sq % 8, sq // 8)

    def tile(self, sq: int) -> pygame.Rect:
        """The white tile inside a cell (a gap of window blue between tiles)."""
        return self.tile_in(self.cell(sq))

    def tile_in(self, cell: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(cell.x + 1, cell.y + 1, cell.w - 2, cell.h - 1 - self.k)

    def square_at(self, pos) -> int | None:
        cr = self.grid.at(pos)
        return None if cr is None else cr[1] * 8 + cr[0]


def draw_tile(surface, k: int, tile: pygame.Rect, token: str) -> None:
    """A tile from the sprite sheet: blank, start square, circle, or its arrows."""
    name = {"S": "tile_start", "O": "tile_circle"}.get(token, "tile_blank")
    surface.blit(tall(sprite(name), k), tile.topleft)
    if token not in "SO.":
        draw_arrows(surface, k, tile, [int(ch) for ch in token])


def draw_arrows(surface, k: int, tile: pygame.Rect, dirs) -> None:
    for d in dirs:
        surface.blit(tall(sprite(f"arrow_{d}"), k), tile.topleft)


def piece(what: str, colour: str, k: int, marked: bool = False) -> pygame.Surface:
    """A pawn or a target's X of one colour (``marked``: with its seat mark, a ring on
    blue, a square on orange)."""
    return tall(sprite(f"{what}_{colour}_marked" if marked else f"{what}_{colour}"), k)


def board_picture(lay: Layout, board) -> pygame.Surface:
    """The 64 tiles on the window's blue."""
    surf = pygame.Surface(lay.board.size)
    surf.fill(BLUE)
    for sq in range(64):
        cell = lay.cell(sq).move(-lay.board.x, -lay.board.y)
        draw_tile(surf, lay.k, lay.tile_in(cell), board[sq])
    return surf


def draw_ants(surface, rect: pygame.Rect, k: int, clock: float) -> None:
    """Tripppin Has Ants: coloured dots marching round the square's outline."""
    r = rect.inflate(-4, -2 * k)
    th = 2 * k                                   # the band is 2 wide and 2k tall
    top = [((r.x + i, r.y), (1, th)) for i in range(r.w)]
    right = [((r.right - 2, r.y + i), (2, 1)) for i in range(th, r.h - th)]
    bottom = [((r.right - 1 - i, r.bottom - th), (1, th)) for i in range(r.w)]
    left = [((r.x, r.bottom - 1 - i), (2, 1)) for i in range(th, r.h - th)]
    shift = int(clock * 30)
    pens = (ORANGE, BLACK, BLUE)
    for i, (pos, size) in enumerate(top + right + bottom + left):
        j = (i - shift) % 18
        if j % 6 < 4:
            surface.fill(pens[j // 6], (pos, size))


TITLE_LINES = ("by Paul Kienitz, 1991", "",
               "Two pieces race round a course of 64 arrow tiles:",
               "each moves only the ways the tile under the other",
               "one points. Reach the flashing X's, then the",
               "other piece's start square.")


def draw_title(surface: pygame.Surface, marked: bool = False) -> None:
    """The title page: the Workbench screen with the game's window opened on it
    (``marked``: the pieces with their seat marks)."""
    w, h = surface.get_size()
    k = 2 if h >= 400 else 1
    font = fonts.get("topaz8x8")
    surface.fill(BLUE)
    amiga.draw_screen_bar(surface, "Workbench release.")
    win = amiga.Window((60, amiga.BAR_H + 6 * k, w - 120, h * 6 // 10), "Tripppin")
    win.draw(surface)
    inner = win.inner
    # the two pieces on their start squares, a tile of arrows between them
    y = inner.y + 8 * k
    x = inner.centerx - 80
    for i, (colour, token) in enumerate((("blue", "S"), (None, "246"), ("orange", "S"))):
        tile = pygame.Rect(x + i * 55, y, 48, 23 * k)
        draw_tile(surface, k, tile, token)
        if colour:
            surface.blit(piece("pawn", colour, k, marked), (tile.x - 1, tile.y - 1))
    y += 30 * k
    name = "T R I P P P I N"
    font.draw(surface, name, (inner.centerx - len(name) * font.width // 2, y), ORANGE)
    y += 14 * k
    for line in TITLE_LINES:
        font.draw(surface, line, (inner.centerx - len(line) * font.width // 2, y), WHITE)
        y += 10 * k


def draw_panel(surface, scene, state) -> None:
    """The panel at the right: whose move, what it may do, the status line, the seats and
    the suggestion. Reads the scene; changes nothing."""
    lay = scene.layout
    k = lay.k
    font = fonts.get("topaz8x8")
    p = lay.panel
    x, y = p.x, p.y
    chars = p.w // font.width
    mover = state.turn if state.is_over else state.current
    shown = next(iter(state.winners())) if state.is_over else mover
    words = "wins!" if state.is_over else "to move"
    box = pygame.Rect(x, y, lay.sw, lay.sh)
    surface.fill(WHITE, lay.tile_in(box))
    surface.blit(piece("pawn", shown, lay.k, marks.marks_on(scene.app)), box.topleft)
    font.draw(surface, NAMES[shown], (box.right + 8, box.centery - 9), WHITE)
    font.draw(surface, words, (box.right + 8, box.centery + 1), WHITE)
    y = box.bottom + 4 * k
    if state.is_over:
        status = "CAN'T MOVE!" if state.blocked else "Game over."
    else:
        status = (LEARNING.get(scene.learning, "LEARN") if scene.learning else
                  "REPLAY" if scene.replaying else
                  "MAKE A MOVE" if scene.table.human_to_move else "thinking...")
    sbox = pygame.Rect(x, y, p.w, 12 * k)
    surface.fill(PIECE_PEN[mover], sbox)
    pygame.draw.rect(surface, WHITE, sbox, 1)
    font.draw(surface, status, (sbox.centerx - len(status) * font.width // 2,
                                sbox.centery - 4), WHITE if mover == "blue" else BLACK)
    y = sbox.bottom + 4 * k
    # the directions this piece may move now, drawn as a tile
    dbox = pygame.Rect(p.right - lay.sw, y, lay.sw, lay.sh)
    font.draw(surface, "Can move:", (x, dbox.centery - 4), WHITE)
    tile = lay.tile_in(dbox)
    draw_tile(surface, k, tile, ".")
    draw_arrows(surface, k, tile, play.open_directions(state))
    y = dbox.bottom + 6 * k
    lines = []
    if state.is_over:
        winner = next(iter(state.winners()))
        head = f"{NAMES[winner].upper()} WINS!"
        why = (f"{NAMES[rules.other(winner)]} could not move." if state.blocked
               else f"{NAMES[winner]} got round the course first.")
        if winner == "blue":   # blue on the window's blue: on a white strip
            surface.fill(WHITE, (x - 2, y - 1, len(head) * font.width + 4, 10))
        font.draw(surface, head, (x, y), PIECE_PEN[winner])
        y += 12
        lines = wrap(why, chars) + [""]
    text, colour = scene.status_text()          # the status line: a message or the hint
    for line in lines + wrap(text, chars):
        font.draw(surface, line, (x, y), colour or WHITE)
        y += 10
    t = scene.table
    info = [f"{NAMES[pc] + ':':8}{(scene.seat_player(pc, 9) or t.seats[pc].capitalize()):10}"
            f"{state.progress(pc)}/5"
            for pc in rules.PIECES]
    if not scene.replaying:                     # the settings' level, not the record's
        info.append(f"Difficulty {ai.level_name(scene.settings['level'])}")
    if scene.suggestion is not None:
        sq, how = scene.suggestion
        if isinstance(how, str):          # the solved board's verdict
            text = f"Suggested: {play.way(state, sq)}. {how}."
        else:
            text = (f"Suggested: {play.way(state, sq)}, looking {how} move"
                    f"{'s' if how != 1 else ''} ahead{'...' if scene.suggest_job else '.'}")
        info += wrap(text, chars)
    elif scene.suggest_job is not None or scene.truth_job is not None:
        info.append("Looking for a move...")
    y = p.bottom - len(info) * 10
    for line in info:
        font.draw(surface, line[:chars], (x, y), WHITE)
        y += 10


def bench_animations(scene) -> dict:
    """For tools.bench (the scene's bench_animations): {label: start}, start() -> (label,
    still running): the ants of a suggestion, the blinking X's, a piece sliding."""
    def ants():
        state = scene.table.state
        if not state.legal_moves():
            return "ants", lambda: False
        scene.suggestion = (state.legal_moves()[0], 3)
        return "ants marching", lambda: scene.suggestion is not None

    def blink():
        scene._cancel_suggestion()
        return "blinking X", lambda: scene.suggestion is None and not scene.timeline.busy

    def slide():
        state = scene.table.state
        moves = state.legal_moves()
        if not moves or state.is_over:
            return "slide", lambda: False
        src = state.position(state.current)
        scene.timeline.add("slide", max(scene.slide_seconds, 0.18), data={
            "piece": state.current, "from": src, "to": moves[-1]},
            area=scene.layout.cell(src).union(scene.layout.cell(moves[-1])))
        return "slide", lambda: scene.timeline.running("slide")
    return {"ants": ants, "blink": blink, "slide": slide}
