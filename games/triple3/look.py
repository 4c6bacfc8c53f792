"""Triple 3's picture: where everything is on the 640 x 512 mode-20 screen, and drawing
the window, the board, the dice and totals panel, the status box and the title page.

Drawing only reads the scene (its table, timeline, settings, status line and board input);
the only cache is of the doubled sprites, keyed by name.
"""

from __future__ import annotations

import pygame

from games.triple3 import play, rules
from games.ui import fonts, marks, riscos, sprites
from games.ui.anim import NOT_YET
from games.ui.board import wrap
from games.ui.riscos_palette import (BLACK, CREAM, DARK_BLUE, GREY1, GREY2, GREY3, GREY4,
                                     GREY5, ORANGE, RED, WHITE, WIMP, YELLOW)

PITCH = 36               # a hole's cell
BOX_GAP = 10
SCALE = 2                # the 10 x 10 hole and peg sprites, and the 24 x 24 dice, doubled
PEG_COLOUR = {"red": RED, "blue": DARK_BLUE}


def luminance(colour) -> float:
    """Relative luminance (WCAG) of an (r, g, b)."""
    def lin(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = colour
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def contrast(a, b) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def readable(colour) -> tuple:
    """The Wimp colour that reads best on ``colour`` (words written on a coloured block)."""
    return max(WIMP, key=lambda ink: contrast(ink, colour))


INK_ON = {seat: readable(c) for seat, c in PEG_COLOUR.items()}


class Layout:
    """Where everything is on the 640 x 512 screen."""

    def __init__(self, size=(640, 512)):
        w, h = size
        self.screen = pygame.Rect(0, 0, w, h)
        self.window = riscos.Window((6, 6, w - 12, h - riscos.ICONBAR_H - 12), "Triple 3")
        # the same window without the input focus (a dialog has it): its title bar grey
        self.window_unfocused = riscos.Window(self.window.rect, "Triple 3", focused=False)
        work = self.window.work
        side = 3 * 3 * PITCH + 2 * BOX_GAP
        self.board = pygame.Rect(work.x + 14, work.y + 14, side, side)
        self.panel = pygame.Rect(self.board.right + 18, self.board.y,
                                 work.right - 12 - self.board.right - 18, self.board.h)
        self.status = pygame.Rect(work.x + 14, self.board.bottom + 12, work.w - 28,
                                  work.bottom - self.board.bottom - 18)
        self.dice = [pygame.Rect(self.panel.x + 30 + i * 64, self.panel.y + 28, 48, 48)
                     for i in range(2)]
        p = self.panel
        self.blocks = {seat: pygame.Rect(p.x + 40, p.bottom - 68 + i * 26, 40, 20)
                       for i, seat in enumerate(rules.PLAYERS)}
        self.note = pygame.Rect(p.x, p.bottom - 14, p.w, 14)

    def box_rect(self, box: int) -> pygame.Rect:
        i = box - 3
        return pygame.Rect(self.board.x + (i % 3) * (3 * PITCH + BOX_GAP),
                           self.board.y + (i // 3) * (3 * PITCH + BOX_GAP), 3 * PITCH, 3 * PITCH)

    def cell(self, box: int, hole: int) -> pygame.Rect:
        b = self.box_rect(box)
        j = hole - 3
        return pygame.Rect(b.x + (j % 3) * PITCH, b.y + (j // 3) * PITCH, PITCH, PITCH)

    def hole_rect(self, box: int, hole: int) -> pygame.Rect:
        c = self.cell(box, hole)
        return pygame.Rect(c.centerx - 10, c.y + 3, 20, 20)

    def hole_at(self, pos):
        if pos is None:
            return None
        for box in rules.BOXES:
            if self.box_rect(box).collidepoint(pos):
                for hole in rules.HOLES:
                    if self.cell(box, hole).collidepoint(pos):
                        return (box, hole)
        return None


_BIG: dict = {}


def big(name: str) -> pygame.Surface:
    img = _BIG.get(name)
    if img is None:
        src = sprite(name)
        img = _BIG[name] = pygame.transform.scale(
            src, (src.get_width() * SCALE, src.get_height() * SCALE))
    return img


def sprite(name: str) -> pygame.Surface:
    """A sprite of Triple 3's own sheet (pegs, holes, dice, the application's icon)."""
    return sprites.sheet("triple3").get(name)


def font():
    return fonts.get("acorn8x8")


def peg_sprite(seat: str | None, marked: bool) -> str:
    """A hole, or a seat's peg (with its seat mark when ``marked``)."""
    if seat is None:
        return "hole"
    return f"peg_{seat}_marked" if marked else f"peg_{seat}"


# -- the game --------------------------------------------------------------------------------

def draw_game(surface, scene) -> None:
    """The whole picture; a part the surface's clip (the frame's change) misses is not
    drawn at all (what it would draw lies inside its rectangle of the layout)."""
    lay = scene.layout
    clip = surface.get_clip()
    riscos.draw_desktop(surface)
    if clip.colliderect(scene.iconbar.rect):
        scene.iconbar.draw(surface)
    top = scene.app.top
    focused = top is scene or getattr(top, "name", "") == "menu"   # a menu keeps the focus
    (lay.window if focused else lay.window_unfocused).draw(surface)
    if clip.colliderect(board_area(lay)):
        draw_board(surface, scene)
    if clip.colliderect(lay.panel.inflate(8, 8)):
        draw_panel(surface, scene)
    if clip.colliderect(lay.status):
        draw_status(surface, scene)


def board_area(lay) -> pygame.Rect:
    """Everything the board draws: its boxes' frames and the labels under them."""
    return lay.board.inflate(12, 12).union(lay.board.move(0, 14))


def box_area(lay, box: int) -> pygame.Rect:
    """What one box draws: its frame (6 pixels out) and the box's tag under it."""
    br = lay.box_rect(box)
    return pygame.Rect(br.x - 4, br.y - 4, br.w + 8, br.h + 8 + 16)


def draw_board(surface, scene) -> None:
    lay, state, f = scene.layout, scene.table.state, font()
    marked = set(scene.marked())
    flash = scene.timeline.phase(0.6) < 0.5
    winning = set(state.winning_boxes())
    bi = scene.board_input
    cursor = bi.cursor if (bi.visible and scene.table.human_to_move
                           and not scene.tumbling) else None
    last = scene.last_peg()
    with_marks = marks.marks_on(scene.app)
    clip = surface.get_clip()
    for box in rules.BOXES:
        if not clip.colliderect(box_area(lay, box)):
            continue
        br = lay.box_rect(box)
        owner = state.box_owner(box)
        surface.fill(CREAM, br.inflate(6, 6))
        edge = ORANGE if box in winning and not flash else (PEG_COLOUR[owner] if owner
                                                             else BLACK)
        pygame.draw.rect(surface, edge, br.inflate(6, 6), 3 if owner else 1)
        for hole in rules.HOLES:
            cell = lay.cell(box, hole)
            hr = lay.hole_rect(box, hole)
            if (box, hole) in marked:
                surface.fill(YELLOW, cell.inflate(-2, -2))
                pygame.draw.rect(surface, ORANGE, cell.inflate(-2, -2), 1)
            peg = state.peg_at(box, hole)
            surface.blit(big(peg_sprite(peg, with_marks)), hr.topleft)
            if hole == 7:
                if peg is None:
                    f.draw(surface, "7", (hr.centerx - 3, hr.centery - 4), WHITE)
                label = str(box)
                lw = len(label) * f.width + 4
                tag = pygame.Rect(cell.centerx - lw // 2, hr.bottom + 2, lw, 10)
                surface.fill(DARK_BLUE, tag)
                f.draw(surface, label, (tag.x + 2, tag.y + 1), WHITE)
            else:
                label = str(hole)
                f.draw(surface, label, (cell.centerx - len(label) * f.width // 2 + 1,
                                        hr.bottom + 3), GREY5)
            if last and last[1:] == (box, hole):
                pygame.draw.rect(surface, PEG_COLOUR[last[0]], cell, 1)
            if cursor == (box, hole):
                pygame.draw.rect(surface, BLACK, cell, 2)
                if flash:
                    pygame.draw.rect(surface, WHITE, cell.inflate(-4, -4), 1)


HOP = 10                # how high a tumbling die hops (native pixels)


LANDED = 0.7             # the part of a tumble after which the dice lie still, thrown


def dice_hop(raw: float) -> int:
    """How high the tumbling dice are at ``raw`` (0..1) of their tumble."""
    if raw >= LANDED:
        return 0
    return int(HOP * abs(pygame.math.Vector2(1, 0).rotate(raw * 720).y) * (1 - raw))


def tumble_area(dice, track):
    """Where the tumbling dice draw in this frame (the timeline adds where they drew in
    the last): each die where it hops now (in the first frame, from its place, where the
    dice before the throw lay); the frame they land in, their places; after that nothing,
    as they lie still (``track.data["landed"]`` notes the frame is past)."""
    if track.raw < LANDED:
        hop = dice_hop(track.raw)
        if track.drew is NOT_YET:
            return [r.union(r.move(0, -hop)) for r in dice]
        return [r.move(0, -hop) for r in dice]
    if track.data.get("landed"):
        return ()
    track.data["landed"] = True
    return list(dice)


def draw_dice(surface, scene) -> None:
    lay = scene.layout
    track = scene.timeline.get("tumble")
    if track is not None and track.started:
        out, raw = track.data["outcome"], track.raw
        for i, r in enumerate(lay.dice):
            if raw < LANDED:
                img = big(f"tumble_{int(raw * 18 + i * 3) % 6}")
            else:
                img = big(f"die_{out[i]}")
            surface.blit(img, (r.x, r.y - dice_hop(raw)))
        return
    dice = scene.shown_dice()
    for i, r in enumerate(lay.dice):
        if dice is None:
            surface.fill(GREY2, r)
            pygame.draw.rect(surface, GREY4, r, 1)
        else:
            surface.blit(big(f"die_{dice[i]}"), r.topleft)


def draw_panel(surface, scene) -> None:
    lay, t, f = scene.layout, scene.table, font()
    state, p = t.state, lay.panel
    f.draw(surface, "Dice", (p.x, p.y), BLACK)
    draw_dice(surface, scene)
    y = lay.dice[0].bottom + 10
    if state.is_over:
        lines = [f"{play.NAMES[next(iter(state.winners()))]} has won."]
    elif scene.tumbling:
        lines = [f"{play.NAMES[state.turn]} throws..."]
    else:
        lines = [f"{play.NAMES[state.turn]}: throw {state.throw_number} of 3"]
        if state.dice is not None:
            total = sum(state.dice)
            lines += wrap(f"Total {total}: " + play.allows(total), p.w // f.width)
    for line in lines:
        f.draw(surface, line, (p.x, y), BLACK)
        y += 12
    y = p.y + 200                      # who plays which colour
    for seat in rules.PLAYERS:
        who = scene.seat_player(seat, 12) or t.seats[seat].capitalize()
        if t.seats[seat] == "computer":
            who += f" (level {t.levels[seat]})"
        f.draw(surface, f"{play.NAMES[seat]:5} {who}", (p.x, y), BLACK)
        y += 12
    if t.thinking:
        f.draw(surface, "The computer is thinking...", (p.x, y + 4), GREY5)
    draw_totals(surface, scene)


def draw_totals(surface, scene) -> None:
    """Bottom right, as in the original: a block of each colour with its running total,
    the arrow at the colour to move; a won match said on the winner's colour."""
    lay, f, settings = scene.layout, font(), scene.settings
    totals, match = scene.shown_totals(), settings["match"]
    f.draw(surface, f"Match: best of {match}", (lay.panel.x, lay.blocks["red"].y - 16), BLACK)
    turn = scene.table.state.turn
    marked = marks.marks_on(scene.app)
    for seat, block in lay.blocks.items():
        surface.fill(PEG_COLOUR[seat], block)
        pygame.draw.rect(surface, BLACK, block, 1)
        if marked:                                   # the seat's shape, doubled, in the middle
            img = big(f"mark_{seat}")
            surface.blit(img, img.get_rect(center=block.center))
        f.draw(surface, str(totals[seat]), (block.right + 12, block.y + 6), BLACK)
        if seat == turn:
            ax, ay = block.x - 8, block.centery
            pygame.draw.polygon(surface, BLACK, [(ax, ay), (ax - 10, ay - 7), (ax - 10, ay + 7)])
            surface.fill(BLACK, (ax - 26, ay - 2, 16, 5))
    note = "" if scene.replaying else play.match_note(totals, match)
    if note:             # (a replay's record holds one game, not the match it was part of)
        winner = play.match_winner(totals, match)
        text = note[:lay.note.w // f.width - 1]
        strip = pygame.Rect(lay.note.x, lay.note.y, len(text) * f.width + 8, lay.note.h)
        surface.fill(PEG_COLOUR[winner], strip)
        f.draw(surface, text, (strip.x + 4, strip.y + 3), INK_ON[winner])


def draw_status(surface, scene) -> None:
    """The status box under the board: the message showing (or the prompt), and the prompt
    under a message."""
    r, f = scene.layout.status, font()
    surface.fill(WHITE, r)
    pygame.draw.rect(surface, GREY3, r, 1)
    chars = (r.w - 12) // f.width
    text, colour = scene.status_text()
    lines = [(line, colour or BLACK) for line in wrap(text, chars)[:2]]
    if scene.status.current is not None:
        prompt, pc = scene.standing_prompt()
        lines += [(line, pc or DARK_BLUE) for line in wrap(scene.named(prompt), chars)[:2]]
    y = r.y + 6
    for line, ink in lines:
        f.draw(surface, line, (r.x + 6, y), ink)
        y += 11


# -- the title page: the application's window on the desktop ---------------------------------

def draw_title(surface, scene) -> None:
    """The desktop with !Triple3 on the icon bar and its window open: the icon, what it
    is, and a few pegs on a little board (the kit draws the choices below)."""
    f = font()
    riscos.draw_desktop(surface)
    scene.iconbar.draw(surface)
    win = riscos.Window((96, 34, 448, 250), "!Triple3", work_colour=GREY1)
    win.draw(surface)
    work = win.work
    icon = sprite("icon")
    surface.blit(pygame.transform.scale(icon, (68, 68)), (work.x + 24, work.y + 20))
    x = work.x + 110
    for i, (label, value) in enumerate((("Name", "Triple 3"), ("Purpose", "Dice and pegs"),
                                        ("Players", "Two, or one and the computer"),
                                        ("Machine", "Acorn Archimedes, RISC OS 3"),
                                        ("Year", "1993"))):
        y = work.y + 20 + i * 22
        f.draw(surface, label, (x + 64 - len(label) * f.width, y + 5), BLACK)
        field = pygame.Rect(x + 72, y, 236, 18)
        surface.fill(WHITE, field)
        pygame.draw.rect(surface, GREY4, field, 1)
        f.draw(surface, value, (field.x + 4, y + 5), BLACK)
    pattern = ("RB.", ".RB", "BR.")
    marked = marks.marks_on(scene.app)
    for n, box in enumerate((3, 7, 11)):
        bx = work.x + 40 + n * 130
        rect = pygame.Rect(bx, work.bottom - 92, 3 * 22, 3 * 22)
        surface.fill(CREAM, rect.inflate(6, 6))
        pygame.draw.rect(surface, BLACK, rect.inflate(6, 6), 1)
        for j in range(9):
            c = pattern[(j + n) % 3][j // 3]
            name = peg_sprite({"R": "red", "B": "blue"}.get(c), marked)
            surface.blit(big(name), (rect.x + (j % 3) * 22 + 1, rect.y + (j // 3) * 22 + 1))
        f.draw(surface, f"Box {box}", (bx + 6, rect.bottom + 8), GREY5)
