"""Tripppin (Paul Kienitz, 1991) on a Workbench 1.3 screen.

The window "Tripppin" on the Workbench screen: the 8 x 8 board of arrow tiles at the left,
the status panel at the right (whose turn, MAKE A MOVE / thinking... / CAN'T MOVE! /
Game over., the directions the piece may take, the flashing X's, the winner), the menus in
the screen title bar while the right mouse button is held.

Input:
- mouse: drag a piece with the left button and drop it on a square; an illegal drop
  flashes the screen (DisplayBeep) and the piece goes back. The right button shows the
  menus. The window's close gadget quits to the launcher.
- keys and pads: the directions step a cursor over the legal destinations (towards the
  direction if there is one that way, otherwise round them all), confirm moves there;
  F10/Tab/Menu key or pad Start open the menus; S (or Alt/Ctrl/GUI+S: right-Amiga S) or
  pad Y suggests a move, T (right-Amiga T) or pad X takes back; Esc/pad B asks
  "Quit Tripppin?".

Choices where the original's readme is silent:
- the settings (seats, level, loop prevention, fair start, interlace) are kept in
  ``app.game_settings("tripppin")`` and saved at once; "Fair start" applies from the next
  game on; the level applies to both pieces, as in the original's single level;
- the game in progress is saved on close and loaded on the next start (unless a seed is
  given); Restart starts afresh (a new shuffle, the other piece first);
- a finished game restarts on a click in the window or on confirm;
- the keyboard cursor shows once a direction or confirm is pressed (at once when a pad is
  plugged in) and hides when the mouse is clicked; the first press only shows it;
- dragging the piece that is not to move, or any piece on the computer's turn, is allowed
  and ends in the DisplayBeep, as any illegal drop; putting a piece down on its own square
  does nothing;
- computer moves, and moves made with keys or a pad, glide from square to square
  (``slide_seconds``); a piece dropped with the mouse is already there.

The rules keep the direction between two squares private, so the "can move" tile is
computed here from ``legal_moves()`` and the public ``DIRECTIONS``.
"""

from __future__ import annotations

import math
import time

import pygame

import games
from games.core.app import Scene
from games.core.table import Table
from games.tripppin import rules
from games.ui import amiga, fonts
from games.ui.amiga import BLACK, BLUE, ORANGE, WHITE

SAVE_NAME = "saves/tripppin"
PIECE_PEN = {"blue": BLUE, "orange": ORANGE}
NAMES = {"blue": "Blue", "orange": "Orange"}
SCREEN_TITLE = "Workbench release.   Menus: hold right mouse button, or F10/Tab/pad Start"
LEVEL_LABELS = {1: "1 (easy)", 9: "9 (takes forever)"}
DEFAULTS = {"level": 3, "blue": "computer", "orange": "human", "prevent_loops": True,
            "fair": True, "interlace": False}
TAKE_BACK_LIMIT = 40
KEY_SPARE = (255, 0, 255)    # colorkey of the cached sprites (never drawn)

# direction d (rules.DIRECTIONS: (column step, row step)) as a unit vector on screen
_UNIT = tuple((dc / math.hypot(dc, dr), dr / math.hypot(dc, dr)) for dc, dr in rules.DIRECTIONS)


def _cheb(a: int, b: int) -> int:
    return max(abs(a % 8 - b % 8), abs(a // 8 - b // 8))


def _direction(a: int, b: int) -> int | None:
    """The direction from square a to its neighbour b (computed here: the rules keep
    theirs private)."""
    dc, dr = b % 8 - a % 8, b // 8 - a // 8
    try:
        return rules.DIRECTIONS.index((dc, dr))
    except ValueError:
        return None


def cursor_step(moves, cursor: int, kind: str) -> int:
    """Where a direction takes the keyboard cursor among the legal destinations: to the
    nearest one that way (straight lines first), or, if there is none, round them all in
    order (right and down: the next, left and up: the one before)."""
    dx, dy = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}[kind]
    cx, cy = cursor % 8, cursor // 8
    best = None
    for m in moves:
        if m == cursor:
            continue
        mx, my = m % 8 - cx, m // 8 - cy
        along = mx * dx + my * dy
        if along <= 0:
            continue
        key = (abs(mx * dy) + abs(my * dx), along)
        if best is None or key < best[0]:
            best = (key, m)
    if best is not None:
        return best[1]
    i = moves.index(cursor)
    return moves[(i + (1 if kind in ("right", "down") else -1)) % len(moves)]


def wrap(text: str, width: int) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines


class Layout:
    """Where everything goes, for a 256-line or a 512-line (interlaced) screen.

    Squares are 50 pixels wide and 25 lines tall (50 on an interlaced screen): square on a
    monitor either way. Title bars and text stay Topaz 8, as on the Workbench."""

    SW = 50

    def __init__(self, height: int):
        self.k = k = 2 if height >= 400 else 1
        self.size = (640, height)
        self.sw, self.sh = self.SW, 25 * k
        self.window = amiga.Window((4, amiga.BAR_H + 2, 632, height - amiga.BAR_H - 4),
                                   "Tripppin")
        inner = self.window.inner
        bw, bh = 8 * self.sw, 8 * self.sh
        self.board = pygame.Rect(inner.x + 8, inner.y + (inner.h - bh) // 2, bw, bh)
        px = self.board.right + 14
        self.panel = pygame.Rect(px, self.board.y, inner.right - 8 - px, bh)

    def cell(self, sq: int) -> pygame.Rect:
        return pygame.Rect(self.board.x + (sq % 8) * self.sw, self.board.y + (sq // 8) * self.sh,
                           self.sw, self.sh)

    def tile(self, sq: int) -> pygame.Rect:
        """The white tile inside a cell (a gap of window blue between tiles)."""
        return self.tile_in(self.cell(sq))

    def tile_in(self, cell: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(cell.x + 1, cell.y + 1, cell.w - 2, cell.h - 1 - self.k)

    def square_at(self, pos) -> int | None:
        if pos is None or not self.board.collidepoint(pos):
            return None
        c = (pos[0] - self.board.x) // self.sw
        r = (pos[1] - self.board.y) // self.sh
        return r * 8 + c

    def to_native(self, cx, cy, vx, vy) -> tuple:
        """A point (vx, vy) in square-pixel units (a square is 50 x 50) from (cx, cy)."""
        return (round(cx + vx), round(cy + vy * self.sh / self.sw))


# -- drawing the pieces of the picture ----------------------------------------------------------

def draw_arrows(surface, layout: Layout, rect: pygame.Rect, dirs) -> None:
    """A tile's arrows: a line from the centre towards each direction, with a head."""
    cx, cy = rect.centerx, rect.centery
    k = layout.k
    for d in dirs:
        ux, uy = _UNIT[d]
        dc, dr = rules.DIRECTIONS[d]
        reach = 19 if dc == 0 or dr == 0 else 15       # diagonals point at the corners
        vx, vy = dc * reach, dr * reach
        tip = layout.to_native(cx, cy, vx, vy)
        hx, hy = vx - ux * 8, vy - uy * 8
        pygame.draw.line(surface, BLACK, (cx, cy), layout.to_native(cx, cy, hx, hy), 2)
        px, py = -uy, ux
        left = layout.to_native(cx, cy, hx + px * 4.5, hy + py * 4.5)
        right = layout.to_native(cx, cy, hx - px * 4.5, hy - py * 4.5)
        pygame.draw.polygon(surface, BLACK, (tip, left, right))
    surface.fill(BLACK, (cx - 1, cy - k // 2 - (1 if k == 2 else 0), 2, max(1, k)))


def draw_tile(surface, layout: Layout, cell: pygame.Rect, token: str) -> None:
    t = layout.tile_in(cell)
    surface.fill(WHITE, t)
    cx, cy = t.centerx, t.centery
    if token == "S":
        a = layout.to_native(cx, cy, -19, -19)
        b = layout.to_native(cx, cy, 19, 19)
        r = pygame.Rect(a, (b[0] - a[0], b[1] - a[1]))
        amiga.frame(surface, r, BLACK, 2)
    elif token == "O":
        a = layout.to_native(cx, cy, -15, -15)
        b = layout.to_native(cx, cy, 15, 15)
        pygame.draw.ellipse(surface, BLACK, pygame.Rect(a, (b[0] - a[0], b[1] - a[1])), 2)
    elif token != ".":
        draw_arrows(surface, layout, t, [int(ch) for ch in token])


# a pawn's right half in square-pixel units from the centre (a square is 50 x 50), top down
_PAWN = ((0, -20), (4, -19), (7, -16), (8, -12), (7, -8), (4, -6), (9, -5), (9, -2), (5, -1),
         (7, 5), (10, 9), (14, 11), (14, 17))


def make_piece(layout: Layout, pen) -> pygame.Surface:
    """A pawn in the piece's pen with a black outline, on a colorkeyed surface."""
    w, h = layout.sw, layout.sh
    surf = pygame.Surface((w, h))
    surf.fill(KEY_SPARE)
    surf.set_colorkey(KEY_SPARE)
    cx, cy = w // 2, h // 2
    half = [layout.to_native(cx, cy, x, y) for x, y in _PAWN]
    outline = half + [(2 * cx - x, y) for x, y in reversed(half)]
    pygame.draw.polygon(surf, pen, outline)
    pygame.draw.polygon(surf, BLACK, outline, 1)
    hx, hy = layout.to_native(cx, cy, -3, -15)      # a glint on the head
    surf.fill(WHITE, (hx, hy, 2, layout.k))
    return surf


def make_x(layout: Layout, pen) -> pygame.Surface:
    w, h = layout.sw, layout.sh
    surf = pygame.Surface((w, h))
    surf.fill(KEY_SPARE)
    surf.set_colorkey(KEY_SPARE)
    cx, cy = w // 2, h // 2
    a = layout.to_native(cx, cy, -10, -10)
    b = layout.to_native(cx, cy, 10, 10)
    c = layout.to_native(cx, cy, 10, -10)
    d = layout.to_native(cx, cy, -10, 10)
    for dx in (0, 1, 2):
        pygame.draw.line(surf, pen, (a[0] + dx - 1, a[1]), (b[0] + dx - 1, b[1]))
        pygame.draw.line(surf, pen, (c[0] + dx - 1, c[1]), (d[0] + dx - 1, d[1]))
    return surf


class TripppinScene(Scene):
    name = "tripppin"
    native_size = (640, 256)
    pixel_aspect = 2.0
    font_name = "topaz8x8"
    toast_colors = (BLUE, WHITE)
    # right-Amiga S and T: on a PC keyboard Alt, the GUI (Windows/Command) key or Ctrl
    # stands for the Amiga key, and the bare letter works too.
    commands = {"suggest": ["s", "alt+s", "gui+s", "ctrl+s"],
                "takeback": ["t", "alt+t", "gui+t", "ctrl+t"]}
    pad_commands = {"suggest": ["y"], "takeback": ["x"]}

    min_think = 0.35          # seconds each computer move is at least "thought" about
    slide_seconds = 0.18      # a move glides from square to square this long

    def __init__(self, app, seed=None):
        super().__init__(app)
        self.entry = games.get("tripppin")
        self.settings = app.game_settings("tripppin")
        s = self._clean_settings()
        ai_options = dict(self.entry.ai_options)
        ai_options["prevent_loops"] = s["prevent_loops"]
        self.table = Table("tripppin", self.entry.rules, self.entry.ai, worker=app.worker,
                           seats={"blue": s["blue"], "orange": s["orange"]},
                           levels=s["level"], seed=seed,
                           options={"first": "orange", "fair": s["fair"]},
                           ai_options=ai_options, min_think=self.min_think,
                           notify=app.notice)
        if seed is None and self.table.load(app.store, SAVE_NAME):
            for piece in rules.PIECES:         # the settings say who plays what
                self.table.set_seat(piece, s[piece])
            self.table.set_level(s["level"])
        if s["interlace"]:
            self.native_size, self.pixel_aspect = (640, 512), 1.0
        self.layout = Layout(self.native_size[1])
        self._sprites: dict = {}
        self._board_cache = None
        self._board_key = None
        # interaction
        self.drag: dict | None = None         # {"piece", "pos", "grab"}
        self.cursor: int | None = None
        self.cursor_shown = bool(app.input.pads)
        self._pads = len(app.input.pads)
        self.slide: dict | None = None        # {"piece", "from", "to", "t0", "end"}
        self.flash_until = 0.0
        self.requester: amiga.Requester | None = None
        self.suggest_job = None
        self.suggestion: tuple | None = None  # (square, depth)
        self.shown_moves: list[str] = []      # every move shown (slid or dropped), for tests
        self.strip = amiga.MenuStrip(self._menus(), sound=lambda: self.app.play("amiga_click"))
        self._seen = self.table.changed
        self._was_over = self.table.state.is_over
        self._visual = None
        self._reset_cursor()

    # -- settings --------------------------------------------------------------------------------
    def _clean_settings(self) -> dict:
        s = self.settings
        for key, default in DEFAULTS.items():
            v = s.get(key)
            if key == "level":
                ok = isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 9
            elif key in ("blue", "orange"):
                ok = v in ("human", "computer")
            else:
                ok = isinstance(v, bool)
            if not ok:
                s[key] = default
        return s

    def _save_settings(self) -> None:
        self.app.save_settings()

    def set_seat(self, piece: str, kind: str) -> None:
        self.settings[piece] = kind
        self.table.set_seat(piece, kind)
        self._save_settings()

    def set_level(self, level: int) -> None:
        self.settings["level"] = level
        self.table.set_level(level)
        self._save_settings()

    def toggle(self, key: str) -> None:
        self.settings[key] = not self.settings[key]
        if key == "prevent_loops":
            self.table.ai_options["prevent_loops"] = self.settings[key]
        elif key == "interlace":
            self.set_interlace(self.settings[key])
        self._save_settings()

    def set_interlace(self, on: bool) -> None:
        self.native_size, self.pixel_aspect = ((640, 512), 1.0) if on else ((640, 256), 2.0)
        self.layout = Layout(self.native_size[1])
        self._sprites.clear()
        self._board_cache = None
        self.requester = None
        self.drag = None
        self.app.reformat()

    # -- menus -------------------------------------------------------------------------------
    def _menus(self) -> list:
        M = amiga.MenuItem
        t = self.table

        def seat_menu(piece):
            return [M("Human", lambda: self.set_seat(piece, "human"),
                      checked=lambda: t.seats[piece] == "human"),
                    M("Computer", lambda: self.set_seat(piece, "computer"),
                      checked=lambda: t.seats[piece] == "computer")]

        levels = [M(LEVEL_LABELS.get(n, str(n)), (lambda n=n: self.set_level(n)),
                    checked=(lambda n=n: self.settings["level"] == n)) for n in range(1, 10)]
        project = amiga.Menu("Project", [
            M("Suggest a move", self.suggest, shortcut="S", enabled=lambda: t.human_to_move),
            M("Take back", self.take_back, shortcut="T", enabled=self._can_take_back),
            M("Restart the game", self.restart),
            M("Quit", self.quit),
        ])
        settings = amiga.Menu("Settings", [
            M("Blue piece", sub=seat_menu("blue")),
            M("Orange piece", sub=seat_menu("orange")),
            M("Difficulty", sub=levels),
            M("Prevent loops", lambda: self.toggle("prevent_loops"),
              checked=lambda: self.settings["prevent_loops"]),
            M("Fair start", lambda: self.toggle("fair"), checked=lambda: self.settings["fair"]),
            M("Interlace", lambda: self.toggle("interlace"),
              checked=lambda: self.settings["interlace"]),
        ])
        return [project, settings]

    # -- geometry for tests and the mouse ------------------------------------------------------
    def square_rect(self, sq) -> pygame.Rect:
        if isinstance(sq, str):
            sq = rules.parse_square(sq)
        return self.layout.cell(sq)

    def square_center(self, sq) -> tuple:
        return self.square_rect(sq).center

    # -- actions -----------------------------------------------------------------------------
    def _can_take_back(self) -> bool:
        t = self.table
        return t.can_undo and "human" in t.seats.values()

    def suggest(self) -> None:
        t = self.table
        if not t.human_to_move:
            return
        self._cancel_suggestion()
        self.suggest_job = self.app.worker.submit(
            "games.tripppin.ai:suggest", t.state, stream=True, history=t.history,
            max_depth=40, time_limit=20.0)

    def _cancel_suggestion(self) -> None:
        job, self.suggest_job = self.suggest_job, None
        if job is not None:
            job.cancel()
        self.suggestion = None

    def take_back(self) -> None:
        self._end_slide()
        if self.table.take_back(limit=TAKE_BACK_LIMIT):
            self.app.play("amiga_click")
            self._sync()

    def restart(self) -> None:
        """Reshuffle; the other piece moves first; the settings stay."""
        self._end_slide()
        first = rules.other(self.table.options.get("first", "orange"))
        self.table.new_game(seed=None, options={"first": first, "fair": self.settings["fair"]})
        self._sync()

    def quit(self) -> None:
        self.app.pop()

    def beep(self) -> None:
        """Workbench DisplayBeep: the screen flashes and the beep sounds."""
        self.flash_until = time.monotonic() + amiga.BEEP_SECONDS
        self.app.play("amiga_beep")

    def play_move(self, sq: int, slide: bool = True) -> bool:
        t = self.table
        if not t.human_to_move or sq not in t.state.legal_moves():
            self.beep()
            return False
        before = t.state
        t.play(sq)
        self._moved(before, slide)
        return True

    def _moved(self, before, slide: bool) -> None:
        """A move was just played (by anyone): show it, sound it."""
        mover = before.current
        src, dst = before.position(mover), self.table.state.position(mover)
        self.shown_moves.append(rules.square_name(dst))
        self.app.play("amiga_move")
        if slide and self.slide_seconds > 0:
            now = time.monotonic()
            self.slide = {"piece": mover, "from": src, "to": dst, "t0": now,
                          "end": now + self.slide_seconds}
            self.table.hold = True
        self._sync()

    def _end_slide(self) -> None:
        self.slide = None
        self.table.hold = False

    def _sync(self) -> None:
        """The table changed: drop what belonged to the old position."""
        self._seen = self.table.changed
        self._cancel_suggestion()
        self.drag = None
        self._reset_cursor()
        over = self.table.state.is_over
        if over and not self._was_over:
            self.app.play("amiga_win")
        self._was_over = over

    def _reset_cursor(self) -> None:
        s = self.table.state
        moves = s.legal_moves()
        if not moves or s.current is None:
            self.cursor = None
            return
        target = s.target(s.current)
        self.cursor = min(moves, key=lambda m: (_cheb(m, target) if target is not None else 0, m))

    def _step_cursor(self, kind: str) -> None:
        moves = self.table.state.legal_moves()
        if not moves:
            return
        if not self.cursor_shown or self.cursor not in moves:
            self.cursor_shown = True
            if self.cursor not in moves:
                self._reset_cursor()
            return
        self.cursor = cursor_step(moves, self.cursor, kind)
        self.app.play("amiga_click")

    # -- input -------------------------------------------------------------------------------
    def handle(self, action) -> None:
        k = action.kind
        if self.requester is not None:
            self.requester.handle(action)
            if self.requester is not None and self.requester.done:
                self.requester = None
            return
        if self.drag is None and self.strip.handle(action):
            return
        if k == "command":
            if action.name == "suggest":
                self.suggest()
            elif action.name == "takeback":
                self.take_back()
            return
        if k == "back":
            self.app.play("amiga_click")
            self.drag = None
            self.requester = amiga.Requester(
                ["Quit Tripppin?", "(The game is kept for next time.)"],
                self.layout.window.rect, "OK", "Cancel", on_positive=self.quit,
                sound=lambda: self.app.play("amiga_click"))
            return
        over = self.table.state.is_over
        if k in ("up", "down", "left", "right"):
            if not over and self.table.human_to_move:
                self._step_cursor(k)
            return
        if k == "confirm":
            if over:
                self.restart()
            elif self.table.human_to_move:
                if not self.cursor_shown:
                    self.cursor_shown = True
                elif self.cursor is not None:
                    self._end_slide()
                    self.play_move(self.cursor)
            return
        if k == "pointer_down" and action.button == 1:
            self._pointer_down(action.pos)
        elif k == "pointer_move":
            if self.drag is not None and 1 not in action.buttons:
                self._drop(action.pos)           # the release was lost (focus changed)
            elif self.drag is not None and action.pos is not None:
                self.drag["pos"] = action.pos
        elif k == "pointer_up" and action.button == 1:
            self._drop(action.pos)

    def _pointer_down(self, pos) -> None:
        gadget = self.layout.window.gadget_at(pos)
        if gadget == "close":
            self.app.play("amiga_click")
            self.quit()
            return
        if gadget is not None:
            return
        self.cursor_shown = False
        state = self.table.state
        if state.is_over:
            if pos is not None and self.layout.window.rect.collidepoint(pos):
                self.restart()
            return
        sq = self.layout.square_at(pos)
        if sq is None:
            return
        for piece in rules.PIECES:
            if state.position(piece) == sq:
                self._end_slide()
                cx, cy = self.layout.cell(sq).center
                self.drag = {"piece": piece, "from": sq, "pos": pos,
                             "grab": (pos[0] - cx, pos[1] - cy)}
                return

    def _drop(self, pos) -> None:
        drag, self.drag = self.drag, None
        if drag is None:
            return
        sq = self.layout.square_at(pos)
        if sq == drag["from"]:
            return                                    # put down where it was
        state = self.table.state
        if (drag["piece"] == state.current and self.table.human_to_move
                and sq in state.legal_moves()):
            self.play_move(sq, slide=False)
        else:
            self.beep()

    # -- time --------------------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        now = time.monotonic()
        pads = len(self.app.input.pads)
        if pads > self._pads:                    # a pad was plugged in: show its cursor
            self.cursor_shown = True
        self._pads = pads
        if self.slide is not None and now >= self.slide["end"]:
            self._end_slide()
        before = self.table.state
        try:
            played = self.table.update()
        except RuntimeError as exc:
            self.app.notice(f"{exc}; that piece is now played by a human.")
            mover = self.table.state.current
            if mover:
                self.set_seat(mover, "human")
            played = False
        if played:
            self._moved(before, slide=True)
        elif self.table.changed != self._seen:
            self._sync()
        job = self.suggest_job
        if job is not None:
            result = job.poll()
            if result is not None:
                if isinstance(result, tuple):
                    move, depth = result
                else:   # the final answer is the move alone: keep the last depth reported
                    move = result
                    depth = job.partials[-1][1] if job.partials and isinstance(
                        job.partials[-1], tuple) else 1
                if self.suggestion is None or self.suggestion[0] != move:
                    self.app.play("amiga_ants")
                self.suggestion = (move, depth)
            if job.done:
                if job.error:
                    self.app.notice(f"The suggestion failed: {job.error}")
                self.suggest_job = None
        visual = (int(now * 4) % 2, now < self.flash_until, self.slide is not None,
                  self.suggestion, self.table.thinking, self.suggest_job is not None)
        changed = visual != self._visual
        self._visual = visual
        return changed or played

    def animating(self) -> bool:
        return (self.slide is not None or self.suggestion is not None
                or time.monotonic() < self.flash_until or self.drag is not None)

    def close(self) -> None:
        self._cancel_suggestion()
        self._end_slide()
        try:
            self.table.save(self.app.store, SAVE_NAME)
        finally:
            self.table.close()

    # -- drawing -----------------------------------------------------------------------------
    def _sprite(self, what: str, piece: str) -> pygame.Surface:
        key = (what, piece, self.layout.k)
        s = self._sprites.get(key)
        if s is None:
            make = make_piece if what == "piece" else make_x
            s = self._sprites[key] = make(self.layout, PIECE_PEN[piece])
        return s

    def _board(self) -> pygame.Surface:
        board = self.table.state.board
        key = (board, self.layout.k)
        if self._board_cache is None or self._board_key != key:
            lay = self.layout
            surf = pygame.Surface(lay.board.size)
            surf.fill(BLUE)
            for sq in range(64):
                cell = lay.cell(sq).move(-lay.board.x, -lay.board.y)
                draw_tile(surf, lay, cell, board[sq])
            self._board_cache, self._board_key = surf, key
        return self._board_cache

    def draw(self, surface: pygame.Surface) -> None:
        now = time.monotonic()
        lay = self.layout
        state = self.table.state
        surface.fill(BLUE)
        amiga.draw_screen_bar(surface, SCREEN_TITLE)
        lay.window.draw(surface)
        surface.blit(self._board(), lay.board.topleft)
        # the flashing X's on the targets (both on one square: they take turns)
        phase = int(now * 4) % 2
        targets = {p: state.target(p) for p in rules.PIECES}
        if not state.is_over and phase == 0:
            same = targets["blue"] is not None and targets["blue"] == targets["orange"]
            for p in rules.PIECES:
                if targets[p] is None:
                    continue
                if same and p != ("blue" if int(now * 2) % 2 else "orange"):
                    continue
                surface.blit(self._sprite("x", p), lay.cell(targets[p]).topleft)
        # the keyboard cursor
        if (self.cursor_shown and self.cursor is not None and self.table.human_to_move
                and self.drag is None):
            t = lay.tile(self.cursor)
            pygame.draw.rect(surface, BLACK, t, 1)
            amiga.frame(surface, t.inflate(-2, -2), PIECE_PEN[state.current], 2)
        # the suggestion's marching ants
        if self.suggestion is not None:
            self._draw_ants(surface, lay.tile(self.suggestion[0]), now)
        # the pieces
        moving = None
        if self.drag is not None:
            moving = self.drag["piece"]
        elif self.slide is not None:
            moving = self.slide["piece"]
        for p in rules.PIECES:
            if p != moving:
                surface.blit(self._sprite("piece", p), lay.cell(state.position(p)).topleft)
        if self.slide is not None and self.drag is None:
            sl = self.slide
            f = min(1.0, max(0.0, (now - sl["t0"]) / max(1e-6, sl["end"] - sl["t0"])))
            a, b = lay.cell(sl["from"]).topleft, lay.cell(sl["to"]).topleft
            pos = (round(a[0] + (b[0] - a[0]) * f), round(a[1] + (b[1] - a[1]) * f))
            surface.blit(self._sprite("piece", sl["piece"]), pos)
        if self.drag is not None:
            px, py = self.drag["pos"]
            gx, gy = self.drag["grab"]
            r = pygame.Rect(0, 0, lay.sw, lay.sh)
            r.center = (px - gx, py - gy)
            surface.blit(self._sprite("piece", self.drag["piece"]), r.topleft)
        self._draw_panel(surface, state)
        if self.requester is not None:
            self.requester.draw(surface)
        self.strip.draw(surface)
        if now < self.flash_until:
            amiga.display_beep(surface)

    def _draw_ants(self, surface, rect: pygame.Rect, now: float) -> None:
        """Tripppin Has Ants: coloured dots marching round the square's outline."""
        k = self.layout.k
        r = rect.inflate(-4, -2 * k)
        th = 2 * k                                   # the band is 2 wide and 2k tall
        top = [((r.x + i, r.y), (1, th)) for i in range(r.w)]
        right = [((r.right - 2, r.y + i), (2, 1)) for i in range(th, r.h - th)]
        bottom = [((r.right - 1 - i, r.bottom - th), (1, th)) for i in range(r.w)]
        left = [((r.x, r.bottom - 1 - i), (2, 1)) for i in range(th, r.h - th)]
        shift = int(now * 30)
        pens = (ORANGE, BLACK, BLUE)
        for i, (pos, size) in enumerate(top + right + bottom + left):
            j = (i - shift) % 18
            if j % 6 < 4:
                surface.fill(pens[j // 6], (pos, size))

    def _draw_panel(self, surface, state) -> None:
        lay = self.layout
        k = lay.k
        font = fonts.get("topaz8x8")
        p = lay.panel
        x, y = p.x, p.y
        chars = p.w // font.width
        piece = state.turn if state.is_over else state.current
        # whose turn (the winner once it is over): the piece on a tile, and its name
        if state.is_over:
            shown, words = next(iter(state.winners())), "wins!"
        else:
            shown, words = piece, "to move"
        box = pygame.Rect(x, y, lay.sw, lay.sh)
        surface.fill(WHITE, lay.tile_in(box))
        surface.blit(self._sprite("piece", shown), box.topleft)
        tx = box.right + 8
        ty = box.centery - 9
        font.draw(surface, NAMES[shown], (tx, ty), WHITE)
        font.draw(surface, words, (tx, ty + 10), WHITE)
        y = box.bottom + 4 * k
        # the status on the piece's colour
        if state.is_over:
            status = "CAN'T MOVE!" if state.blocked else "Game over."
        elif self.table.human_to_move:
            status = "MAKE A MOVE"
        else:
            status = "thinking..."
        sbox = pygame.Rect(x, y, p.w, 12 * k)
        surface.fill(PIECE_PEN[piece], sbox)
        pygame.draw.rect(surface, WHITE, sbox, 1)
        ink = WHITE if piece == "blue" else BLACK
        font.draw(surface, status, (sbox.centerx - len(status) * font.width // 2,
                                    sbox.centery - 4), ink)
        y = sbox.bottom + 4 * k
        # the directions this piece may move now, drawn as a tile
        dbox = pygame.Rect(p.right - lay.sw, y, lay.sw, lay.sh)
        font.draw(surface, "Can move:", (x, dbox.centery - 4), WHITE)
        tile = lay.tile_in(dbox)
        surface.fill(WHITE, tile)
        if not state.is_over:
            me = state.position(state.current)
            dirs = sorted({d for d in (_direction(me, m) for m in state.legal_moves())
                           if d is not None})
            draw_arrows(surface, lay, tile, dirs)
        y = dbox.bottom + 6 * k
        # the goal, or the winner
        if state.is_over:
            winner = next(iter(state.winners()))
            loser = rules.other(winner)
            head = f"{NAMES[winner].upper()} WINS!"
            if state.blocked:
                why = f"{NAMES[loser]} could not move."
            else:
                why = f"{NAMES[winner]} got round the course first."
            if winner == "blue":   # blue on the window's blue: on a white strip
                surface.fill(WHITE, (x - 2, y - 1, len(head) * font.width + 4, 10))
            font.draw(surface, head, (x, y), PIECE_PEN[winner])
            y += 12
            lines = wrap(why, chars) + [""] + wrap("Click or press Enter (pad A) for a new game.",
                                                   chars)
        else:
            lines = wrap("Try to reach the flashing X of your piece's color.", chars)
        for line in lines:
            font.draw(surface, line, (x, y), WHITE)
            y += 10
        # who plays what, and the suggestion
        t = self.table
        info = [f"{NAMES[pc] + ':':8}{t.seats[pc].capitalize():10}{state.progress(pc)}/5"
                for pc in rules.PIECES]
        info.append(f"Difficulty {self.settings['level']}")
        if self.suggest_job is not None or self.suggestion is not None:
            if self.suggestion is None:
                info.append("Looking for a move...")
            else:
                sq, depth = self.suggestion
                info.append(f"Try {rules.square_name(sq)} ({depth} ahead)"
                            + ("..." if self.suggest_job is not None else ""))
        y = p.bottom - len(info) * 10
        for line in info:
            font.draw(surface, line[:chars], (x, y), WHITE)
            y += 10
