"""Hex's screen on the DOS look (docs/shell.md): a 7 x 7 rhombus of pointy-topped hexes,
each row half a hex right of the one above; red's rim along the top and bottom, blue's along
the sides. The house gives the rest: settings, title, commands, menus, footer, input, saves.
"""

from __future__ import annotations

import math

import pygame

import games
from games.ui import dos, marks
from games.ui.anim import ease_out
from games.ui.boardinput import BoardInput
from games.ui.scene import GameScene
from tests.example_hex import ai
from tests.example_hex.play import SIDES, HexRules
from tests.example_hex.rules import CELLS, SIZE, cell_name

SIZE_R = 24                          # centre to corner, in pixels across
SQUASH = 0.73                        # EGA pixels are taller than wide
WIDTH = math.sqrt(3) * SIZE_R        # one hex, flat side to flat side
LEFT, TOP = 320 - 4.5 * WIDTH, 78    # the centre of a1
COLOUR = {"red": dos.LIGHT_RED, "blue": dos.LIGHT_BLUE}
DARK = {"red": dos.RED, "blue": dos.BLUE}
HELP = [
    ["Hex: two players, a rhombus of 49 hexes.",
     "",
     "Red moves first and joins the top and bottom rows;",
     "blue joins the left and right columns.",
     "A move puts a stone on any empty hex.",
     "The first to join their two sides wins.",
     "Someone always does: there are no draws."],
    ["To play: move the cursor with the arrow keys and",
     "press Enter, or click a hex with the mouse, or use",
     "a pad's stick and its A button.",
     "",
     "The key line at the bottom names the other commands;",
     "F10, Tab or the pad's Start opens the menu, where",
     "you choose who plays each colour and the level."],
]


def centre(cell) -> tuple:
    c, r = cell
    return (round(LEFT + (c + r / 2) * WIDTH), round(TOP + r * 1.5 * SIZE_R * SQUASH))


def outline(cell, grow: float = 0.0) -> list:
    (x, y), s = centre(cell), SIZE_R + grow
    return [(round(x + s * math.cos(math.radians(a))),
             round(y + s * SQUASH * math.sin(math.radians(a)))) for a in range(30, 390, 60)]


def cell_at(pos):
    """The hex under a native point (the nearest centre, within a hex's reach), or None."""
    if pos is None:
        return None
    def far(cell):
        x, y = centre(cell)
        return math.dist((x, y / SQUASH), (pos[0], pos[1] / SQUASH))
    best = min(CELLS, key=far)
    return best if far(best) <= SIZE_R else None


def hex_box(cell) -> pygame.Rect:
    x, y = centre(cell)
    return pygame.Rect(x - SIZE_R, y - SIZE_R, 2 * SIZE_R, 2 * SIZE_R)


def stone(surface, at, seat, scale: float = 1.0, with_mark: bool = False) -> None:
    """A seat's stone centred on the native point ``at``; ``scale`` 0..1 as it is put down."""
    x, y = at
    w, h = round(1.2 * SIZE_R * scale), round(1.2 * SIZE_R * SQUASH * scale)
    if w < 2 or h < 2:
        return
    box = pygame.Rect(x - w // 2, y - h // 2, w, h)
    pygame.draw.ellipse(surface, COLOUR[seat], box)
    pygame.draw.ellipse(surface, DARK[seat], box, 2)
    if with_mark and scale >= 0.8:
        mark(surface, (x, y), seat)


def mark(surface, at, seat) -> None:
    """The seat's shape (games.ui.marks), in black, at a point."""
    x, y = at
    if marks.shape(seat) == "cross":
        pygame.draw.line(surface, dos.BLACK, (x - 5, y - 4), (x + 5, y + 4), 2)
        pygame.draw.line(surface, dos.BLACK, (x - 5, y + 4), (x + 5, y - 4), 2)
    else:
        pygame.draw.ellipse(surface, dos.BLACK, (x - 5, y - 4, 11, 9), 2)


class HexScene(GameScene):
    entry = games.get("hex")

    def __init__(self, app, seed=None, demo=False, title=None):
        super().__init__(app, seed=seed, demo=demo, title=title)
        self.board_input = BoardInput(HexRules(), cell_at, centre)

    def prompt(self) -> tuple:
        s = self.table.state
        seat = s.turn.capitalize()
        if s.is_over:
            return f"{seat} has won. A new game: {{new}}.", COLOUR[s.turn]
        if not self.table.human_to_move:
            return f"{seat} is thinking.", COLOUR[s.turn]
        return f"{seat} joins {SIDES[s.turn]}: pick a hex ({{pick}}).", COLOUR[s.turn]

    def help_pages(self) -> list:
        return HELP

    def on_transition(self, tr) -> None:
        if tr.kind != "move":
            return
        self.timeline.add("place", 0.25, ease=ease_out, data=tr.move,
                          cues=[(0.0, "dos_place")], area=hex_box(tr.move))

    def move_words(self, tr):
        return f"{tr.seat.capitalize()} plays {cell_name(tr.move)}.", COLOUR[tr.seat]

    def move_marks(self, tr) -> list:
        return [hex_box(tr.move)]

    def board_cells(self) -> dict:
        return {cell_name((c, r)): hex_box((c, r)) for r in range(SIZE) for c in range(SIZE)}

    def on_game_over(self) -> None:
        seat = self.table.state.turn
        self.say(f"{seat.capitalize()} joins {SIDES[seat]} and wins!", COLOUR[seat], sticky=True)
        self.app.play("dos_win")

    def bench_animations(self) -> dict:
        def start():
            moves = self.table.state.legal_moves()
            if moves:
                self.table.play(moves[len(moves) // 2])
            return "place", lambda: self.timeline.running("place")
        return {"place": start}

    def title_page(self, surface) -> None:
        surface.fill(dos.BLACK)
        dos.big_text(surface, "HEX", 320, 30, dos.YELLOW, scale=5, shadow=dos.RED)
        dos.centred(surface, "Red joins top and bottom, blue left and right:", 120, dos.LIGHT_GREY)
        dos.centred(surface, "the first to join their sides wins.", 134, dos.LIGHT_GREY)
        for i, seat in enumerate(("red", "blue", "red", "blue", "red")):
            x, y = 240 + i * 40, 180
            pygame.draw.ellipse(surface, COLOUR[seat], (x - 12, y - 9, 24, 18))

    def draw(self, surface) -> None:
        s, t, bi = self.table.state, self.table, self.board_input
        show_marks = marks.marks_on(self.app)
        surface.fill(dos.BLACK)
        dos.centred(surface, "H E X", 8, dos.YELLOW)
        for seat, x in zip(s.players, (12, 548)):
            level = ai.level_name(t.levels[seat])
            person = self.seat_player(seat, 10)     # (a network table's name and state)
            lines = [person] if person else ["Human"] if t.is_human(seat) else \
                ["Computer", f"({level})"]
            lines += SIDES[seat].split(" ", 1)
            turn = seat == s.current
            dos.text(surface, ("> " if turn else "  ") + seat.upper(), (x, 120), COLOUR[seat])
            for k, words in enumerate(lines):
                dos.text(surface, words, (x + 16, 136 + 14 * k), dos.LIGHT_GREY)
            if show_marks:
                stone(surface, (x + 76, 124), seat, 0.8, True)
        for cell in CELLS:
            for seat, k in (("red", cell[1]), ("blue", cell[0])):
                if k in (0, SIZE - 1):
                    pygame.draw.polygon(surface, COLOUR[seat], outline(cell, 5))
        track = self.timeline.get("place")
        for cell in CELLS:
            pygame.draw.polygon(surface, dos.DARK_GREY, outline(cell))
            pygame.draw.polygon(surface, dos.BLACK, outline(cell), 1)
            seat = s.stone(cell)
            if seat:
                grow = self.timeline.progress("place") if track and track.data == cell else 1.0
                stone(surface, centre(cell), seat, grow, show_marks)
            if cell == t.last_move:
                pygame.draw.circle(surface, dos.WHITE, centre(cell), 2)
            if bi.visible and cell == bi.cursor:
                pygame.draw.polygon(surface, dos.YELLOW, outline(cell, -2), 2)
            elif cell == bi.hover:
                pygame.draw.polygon(surface, dos.LIGHT_GREY, outline(cell, -2), 1)
        for i in range(SIZE):
            x, y = centre((i, 0))
            dos.text(surface, "abcdefg"[i], (x - 4, y - 40), dos.LIGHT_GREY)
            x, y = centre((0, i))
            dos.text(surface, str(i + 1), (x - 40, y - 7), dos.LIGHT_GREY)
        self.draw_footer(surface)
