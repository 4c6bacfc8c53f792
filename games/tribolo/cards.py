"""Tribolo's score cards (C) and See boards (S at the final screen, E in play): a screen of
the game's own, with the original's grey key line.

Left/up and right/down (or a click on the arrows) go through the boards; back, the menu key,
the right button or a click anywhere else close it. On See boards, Enter (or a click on
"Play this board") starts a new game on the board shown; on the score card Enter closes it.
"""

from __future__ import annotations

import pygame

from games.tribolo import look, rules, scores
from games.tribolo.look import STANDARD_BOARD
from games.ui import dos, looks, marks
from games.ui.board import SquareGrid
from games.ui.dos import BLACK, BLUE, LIGHT_BLUE, LIGHT_CYAN, LIGHT_GREY, WHITE, YELLOW
from games.ui.lookscene import LookScene

ARROWS = [("prev", pygame.Rect(48, 20, 24, 14)), ("next", pygame.Rect(568, 20, 24, 14))]


class CardScene(LookScene):
    look = looks.DOS
    name = "tribolo-card"

    def __init__(self, game, board: int = STANDARD_BOARD, show_board: bool = False,
                 on_back=None):
        super().__init__(game.app)
        self.game = game
        self.on_back = on_back
        self.boards = sorted(rules.BOARDS)
        self.index = self.boards.index(board) if board in self.boards else 0
        self.show_board = show_board
        # on a cabinet the board is the operator's: a customer only looks at the others
        self.playable = show_board and not getattr(game, "customer", False)
        self.table = scores.load(game.store)
        self.keys = [("\u2190)previous", "prev"), ("\u2192)next", "next")] + (
            [("{confirm})Play this board", "play")] if self.playable else []) + [
            ("{back})back", "back")]
        self.hover = None
        self.owner = game.turn_owner()     # opened at a claimed seat's turn: its controller

    def accepts(self, action) -> bool:
        return self.owner is None or action.controller == self.owner

    def key_items(self) -> list:
        """The key line, named for the controls in hand."""
        return [(self.game.named(label, self.owner), name) for label, name in self.keys]

    @property
    def keyline_rects(self) -> list:
        items = self.key_items()
        if getattr(self, "_rects", (None,))[0] != items:
            self._rects = (items, look.key_rects(items))
        return self._rects[1]

    @property
    def board(self) -> int:
        return self.boards[self.index]

    def toast_lift(self) -> int:
        return self.native_size[1] - look.KEYLINE_Y

    def step(self, d: int) -> None:
        self.index = (self.index + d) % len(self.boards)
        self.app.play("dos_click")

    def play(self) -> None:
        """A new game on the board shown, kept as the board setting."""
        self.app.pop_to(self.game)
        self.game.set_board(self.board, start=True)

    def back(self) -> None:
        self.app.pop()
        if self.on_back is not None:
            self.on_back()

    def handle(self, action) -> None:
        k = action.kind
        click = k == "pointer_down" and action.button == 1
        name = dos.hit(self.keyline_rects + ARROWS, action.pos) if click else None
        if k == "pointer_move":
            self.hover = dos.hit(self.keyline_rects, action.pos)
        elif k in ("left", "up") or name == "prev":
            self.step(-1)
        elif k in ("right", "down") or name == "next":
            self.step(1)
        elif (k == "confirm" or name == "play") and self.playable:
            self.play()
        elif k in ("back", "confirm", "menu") or (
                k == "pointer_down" and action.button in (1, 3)):
            self.back()

    def draw(self, surface) -> None:
        surface.fill(BLACK)
        look.frame_box(surface, pygame.Rect(0, 0, 640, 322), LIGHT_BLUE,
                          "SEE BOARDS" if self.show_board else "TRIBOLO SCORES")
        n = self.board
        (_, left), (_, right) = ARROWS
        dos.text(surface, "\u25c0", (left.x + 8, left.y), LIGHT_CYAN)
        dos.text(surface, "\u25b6", (right.x + 8, right.y), LIGHT_CYAN)
        dos.centred(surface, scores.board_title(n), left.y, WHITE)
        y = self.draw_layout(surface, n) if self.show_board else 38
        lines = scores.card_lines(self.table, n)
        card = dos.box_rect(46, len(lines) + 2, pos=((640 - 46 * 8) // 2, y))
        inner = look.frame_box(surface, card, LIGHT_GREY, f"Score card of board {n}",
                                  "single", LIGHT_CYAN)
        for i, line in enumerate(lines):
            colour = (look.SEAT_LIGHT.get(line.split()[0].lower(), WHITE) if 0 < i <= 3
                      else YELLOW if i == len(lines) - 1 else LIGHT_CYAN)
            dos.text(surface, line, (inner.x + 8, inner.y + i * dos.CELL_H), colour)
        if not self.show_board:
            self.draw_summary(surface, card.bottom + 8, n)
        look.key_bar(surface, self.key_items(), self.hover)

    def draw_layout(self, surface, n: int) -> int:
        """Board ``n`` as a game starts on it, small; the y below it."""
        st = look.layout(n)
        grid = SquareGrid(((640 - st.width * 18 - 1) // 2, 40), (18, 13), st.width,
                          st.height, gap=1)
        surface.fill(look.FRAME, grid.rect_all.inflate(4, 4))
        surface.fill(look.GRID, grid.rect_all)
        marked = marks.marks_on(self.app)
        for r in range(st.height):
            for c in range(st.width):
                look.draw_tile(surface, grid.rect(c, r), st.cell(c, r), marked=marked)
        note = ("New tiles at random every game." if n == STANDARD_BOARD
                else "The same start every game.")
        dos.centred(surface, note, grid.rect_all.bottom + 4, LIGHT_GREY)
        return grid.rect_all.bottom + 19

    def draw_summary(self, surface, y: int, n: int) -> None:
        """Every board on one line each, the one shown lit."""
        summary = scores.summary_lines(self.table)
        dos.centred(surface, "All boards", y, LIGHT_CYAN)
        x = (640 - len(summary[0]) * 8) // 2
        for i, line in enumerate(summary):
            on = i > 0 and self.boards[i - 1] == n
            if on:
                surface.fill(BLUE, (x - 8, y + (i + 1) * dos.CELL_H, len(summary[0]) * 8 + 16,
                                    dos.CELL_H))
            dos.text(surface, line, (x, y + (i + 1) * dos.CELL_H),
                     LIGHT_CYAN if i == 0 else WHITE if on else LIGHT_GREY)


__all__ = ["CardScene"]
