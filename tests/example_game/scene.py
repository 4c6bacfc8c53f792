"""Pebbles' screen: the smallest complete game scene on the house (docs/shell.md).

Everything standard comes from GameScene: the seats and level settings, the title page that resumes, undo/redo/new/quit/sound/menu/
history/help with their keys and the look's questions and pages, the seat and level
submenus, the status line and the key line (``draw_footer``), board input (keys, pad,
mouse), chance points, autosave, records and the Scores page. What is left is the game's
own: its pictures, words and board geometry.
"""

from __future__ import annotations

import pygame

import games
from games.ui import dos
from games.ui.board import SquareGrid
from games.ui.boardinput import BoardInput
from games.ui.scene import GameScene
from tests.example_game import ai
from tests.example_game.play import PebbleRules
from tests.example_game.rules import TAKES, square_name

SEAT_COLOUR = {"red": dos.LIGHT_RED, "blue": dos.LIGHT_BLUE}
HELP = [
    ["Nine squares hold pebbles. Red and blue take turns.",
     "",
     "Each turn starts with a toss of the coin:",
     "  heads - take one pebble from a square,",
     "  tails - take two (or the last one).",
     "",
     "Whoever takes the last pebble wins."],
    ["Keys: arrows and Enter (or click a square) to take.",
     "U)ndo  R)edo  N)ew game  S)ound  Q)uit  M)essages",
     "F10 or Tab: the menu (who plays, the level).",
     "",
     "Pad: stick and A to take, B back, Start menu,",
     "X undo, Y redo."],
]


class PebblesScene(GameScene):
    entry = games.get("pebbles")

    def __init__(self, app, seed=None, demo=False, title=None):
        super().__init__(app, seed=seed, demo=demo, title=title)
        self.grid = SquareGrid((200, 64), (80, 58), 3, 3, gap=2)
        self.board_input = BoardInput(PebbleRules(), self.grid.at,
                                      lambda cell: self.grid.centre(*cell))

    # -- words ------------------------------------------------------------------------------
    def help_pages(self) -> list:
        return HELP

    def prompt(self) -> tuple:
        s, t = self.table.state, self.table
        if s.is_over:
            return f"{s.turn.capitalize()} has won. N)ew game?", SEAT_COLOUR[s.turn]
        if s.is_chance:
            return f"{s.turn.capitalize()} tosses the coin...", SEAT_COLOUR[s.turn]
        if not t.human_to_move:
            return f"{s.turn.capitalize()} is thinking.", SEAT_COLOUR[s.turn]
        n = "one pebble" if s.take() == 1 else "two pebbles"
        return f"{s.turn.capitalize()}: {s.coin}, take {n} from a square.", SEAT_COLOUR[s.turn]

    def on_chance(self, outcome) -> None:
        seat = self.table.state.turn
        self.say(f"{seat.capitalize()} tosses {outcome}: take {TAKES[outcome]}.",
                 SEAT_COLOUR[seat], pause=0.5)

    def on_transition(self, tr) -> None:
        if tr.kind == "move":
            self.app.play("dos_place")

    def move_words(self, tr):
        """The computer's move, as the status line and Messages say it (the base says it,
        marks it where ``move_marks`` says, and holds it at the player's pace)."""
        return f"{tr.seat.capitalize()} takes from {square_name(tr.move)}.", SEAT_COLOUR[tr.seat]

    def move_marks(self, tr) -> list:
        return [self.grid.rect(*tr.move)]

    def board_cells(self) -> dict:
        s = self.table.state
        return {s.move_text((c, r)): self.grid.rect(c, r) for r in range(3) for c in range(3)}

    def on_game_over(self) -> None:
        seat = self.table.state.turn
        self.say(f"{seat.capitalize()} takes the last pebble and wins!", SEAT_COLOUR[seat],
                 sticky=True)
        self.app.play("dos_win")

    # -- pictures ---------------------------------------------------------------------------
    def title_page(self, surface) -> None:
        surface.fill(dos.BLACK)
        dos.big_text(surface, "PEBBLES", 320, 40, dos.YELLOW, scale=4, shadow=dos.RED)
        dos.centred(surface, "Toss the coin, take the pebbles:", 130, dos.LIGHT_GREY)
        dos.centred(surface, "the last pebble wins.", 144, dos.LIGHT_GREY)
        for i in range(5):
            pygame.draw.circle(surface, dos.WHITE, (256 + i * 32, 184), 9)

    def draw(self, surface) -> None:
        s, t = self.table.state, self.table
        surface.fill(dos.BLACK)
        dos.centred(surface, "P E B B L E S", 14, dos.YELLOW)
        for i, seat in enumerate(s.players):
            who = self.seat_player(seat) or (  # (a network table's name and state)
                "Human" if t.is_human(seat) else f"Computer ({ai.level_name(t.levels[seat])})")
            mark = ">" if seat == s.turn and not s.is_over else " "
            dos.text(surface, f"{mark}{seat.capitalize()}", (16, 80 + i * 42), SEAT_COLOUR[seat])
            dos.text(surface, who, (32, 94 + i * 42), dos.LIGHT_GREY)
        coin = t.pending if s.is_chance else s.coin
        dos.text(surface, "Coin:", (480, 80), dos.LIGHT_GREY)
        dos.text(surface, (coin or "-").upper(), (480, 94), dos.YELLOW if coin else dos.DARK_GREY)
        surface.fill(dos.DARK_GREY, self.grid.rect_all)
        bi = self.board_input
        for r in range(3):
            for c in range(3):
                rect = self.grid.rect(c, r)
                lit = (c, r) == t.last_move
                surface.fill(dos.BROWN if lit else dos.BLUE, rect)
                n = s.pebbles((c, r))
                for k in range(n):
                    x = rect.centerx + (k - (n - 1) / 2) * 20
                    pygame.draw.circle(surface, dos.WHITE, (round(x), rect.centery), 7)
                if bi.visible and bi.cursor == (c, r):
                    pygame.draw.rect(surface, dos.YELLOW, rect, 2)
        for i, name in enumerate("abc"):
            dos.text(surface, name, (self.grid.rect(i, 0).centerx - 4, 48), dos.LIGHT_GREY)
            dos.text(surface, str(i + 1), (184, self.grid.rect(0, i).centery - 7), dos.LIGHT_GREY)
        self.draw_footer(surface)
