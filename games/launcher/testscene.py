"""The built-in input test screen (``python main.py loop-test``), not in the game list.

It proves the loop end to end: a cursor on a grid moved by directions, the last actions
received from every device, the pointer in native pixels, and the pads plugged in. Tests
and cabinet operators use it to check keys, mouse and pads.
"""

from __future__ import annotations

import pygame

from games.ui import fonts, looks
from games.ui.lookscene import LookScene

TEST_SCENE_NAME = "loop-test"
COLS, ROWS = 8, 5
CELL = 20
ORIGIN = (16, 40)


class TestScene(LookScene):
    __test__ = False            # not a pytest test class
    name = TEST_SCENE_NAME
    look = looks.TEST           # a 320x200 mode shown at 4:3
    commands = {"hello": ["h"], "shout": ["ctrl+h"]}
    pad_commands = {"hello": ["x"]}

    def __init__(self, app, seed=None):
        super().__init__(app)
        self.cursor = [0, 0]
        self.pointer = None
        self.log: list[str] = []
        self.confirmed: list[tuple] = []
        self.clicks: list[tuple] = []

    def handle(self, action) -> None:
        k = action.kind
        if k in ("up", "down", "left", "right"):
            dx, dy = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}[k]
            self.cursor[0] = max(0, min(COLS - 1, self.cursor[0] + dx))
            self.cursor[1] = max(0, min(ROWS - 1, self.cursor[1] + dy))
        elif k == "confirm":
            self.confirmed.append(tuple(self.cursor))
            self.app.play("ui_select")
        elif k == "back":
            self.app.pop()
            return
        elif k == "pointer_move":
            self.pointer = action.pos
        elif k == "pointer_down" and action.pos is not None:
            cell = self.cell_at(action.pos)
            if cell is not None:
                self.cursor = list(cell)
                self.clicks.append(cell)
        if k != "pointer_move":
            self.log.append(f"{k}{':' + action.name if action.name else ''}"
                            f"{':' + action.char if k == 'text' else ''} ({action.source})")
            del self.log[:-6]

    @staticmethod
    def cell_at(pos):
        x, y = pos[0] - ORIGIN[0], pos[1] - ORIGIN[1]
        if 0 <= x < COLS * CELL and 0 <= y < ROWS * CELL:
            return (x // CELL, y // CELL)
        return None

    @staticmethod
    def cell_centre(cell):
        return (ORIGIN[0] + cell[0] * CELL + CELL // 2, ORIGIN[1] + cell[1] * CELL + CELL // 2)

    def draw(self, surface) -> None:
        font = fonts.get("acorn8x8")
        surface.fill((0, 0, 0))
        font.draw(surface, "TRICADE INPUT TEST", (16, 12), (255, 255, 0))
        for cx in range(COLS):
            for cy in range(ROWS):
                r = pygame.Rect(ORIGIN[0] + cx * CELL, ORIGIN[1] + cy * CELL, CELL - 2, CELL - 2)
                on = [cx, cy] == self.cursor
                surface.fill((0, 170, 0) if on else (0, 0, 170), r)
        x = ORIGIN[0] + COLS * CELL + 8
        room = (self.native_size[0] - x) // font.width        # characters that fit
        where = "outside" if self.pointer is None else "%d,%d" % tuple(self.pointer)
        lines = ["pointer", where, "", f"pads {len(self.app.input.pads)}"]
        for i, line in enumerate(lines):
            font.draw(surface, line[:room], (x, 40 + 12 * i), (255, 255, 255))
        per_line = (self.native_size[0] - 32) // font.width
        fit = (self.native_size[1] - 150) // 8
        for i, line in enumerate(self.log[-fit:]):
            font.draw(surface, line[:per_line], (16, 150 + i * 8), (170, 170, 170))
