"""Tripppin (Paul Kienitz, 1991) on a Workbench 1.3 screen.

The window "Tripppin" on the Workbench screen: the 8 x 8 board of arrow tiles at the left,
the status panel at the right (whose turn, MAKE A MOVE / thinking... / CAN'T MOVE! /
Game over., the directions the piece may take, the flashing X's, the winner), the menus in
the screen title bar while the right mouse button is held.

Input: drag a piece with the left button (an illegal drop flashes the screen, DisplayBeep);
the right button shows the menus; the close gadget quits. Keys and pads step a cursor to the
nearest legal square in the direction pressed (none that way: it stays), confirm moves;
F10/Tab/pad Start open the menus; S (Alt/Ctrl/GUI+S: right-Amiga S) or pad Y suggests,
T or pad X takes back; Esc/pad B asks "Quit Tripppin?". The Workbench pointer is drawn in
place of the system one and hidden while keys or a pad are used.

Choices where the original's readme is silent:
- the settings (seats, level, loop prevention, fair start, interlace) are kept in the
  game's settings and saved at once; "Fair start" applies from the next game on; the level
  applies to both pieces, as in the original's single level;
- the game in progress is saved after every move and loaded on the next start (unless a
  seed is given); Restart starts afresh (a new shuffle, the other piece first);
- a finished game restarts on a click in the window or on confirm; it counts once in the
  record of games won and lost against each level (the launcher's Scores screen);
- the keyboard cursor shows once a direction or confirm is pressed (at once when a pad is
  plugged in) and hides when the mouse is clicked; the first press only shows it;
- dragging the piece that is not to move, or any piece on the computer's turn, is allowed
  and ends in the DisplayBeep, as any illegal drop; putting a piece down on its own square
  does nothing;
- computer moves, and moves made with keys or a pad, glide from square to square
  (``slide_seconds``); a piece dropped with the mouse is already there.
"""

from __future__ import annotations

import games

import pygame

from games.core import schema
from games.tripppin import ai, rules, scores
from games.ui import amiga, fonts, looks, sprites
from games.ui.amiga import BLACK, BLUE, ORANGE, WHITE, RequesterScene, tall
from games.ui.board import BoardCursor, SquareGrid, step_towards, wrap
from games.ui.commands import Command, Menu, choice
from games.ui.scene import GameScene

SAVE_NAME = "saves/tripppin"
PIECE_PEN = {"blue": BLUE, "orange": ORANGE}
NAMES = {"blue": "Blue", "orange": "Orange"}
SCREEN_TITLE = "Workbench release.   Menus: hold right mouse button, or F10/Tab/pad Start"
LEVEL_LABELS = {1: "1 (easy)", 9: "9 (takes forever)", ai.PERFECT: "Perfect"}
TAKE_BACK_LIMIT = 40
SEAT = schema.Choice(("human", "computer"), "human")
SETTINGS = schema.Table({
    "seats": schema.Table({"blue": schema.Choice(("human", "computer"), "computer"),
                           "orange": SEAT}),
    "level": schema.Choice(tuple(ai.ALL_LEVELS), 3),
    "prevent_loops": schema.Bool(True),
    "fair": schema.Bool(True),
    "interlace": schema.Bool(False),
})


def _centre(sq: int) -> tuple:
    return (sq % 8, sq // 8)


def cursor_step(moves, cursor: int, kind: str) -> int:
    """Where a direction takes the keyboard cursor among the legal destinations: to the
    nearest one that way (straight lines first); with none that way it stays."""
    nxt = step_towards(moves, cursor, kind, _centre)
    return cursor if nxt is None else nxt


def _direction(a: int, b: int) -> int | None:
    """The direction from square a to its neighbour b (the rules keep theirs private)."""
    try:
        return rules.DIRECTIONS.index((b % 8 - a % 8, b // 8 - a // 8))
    except ValueError:
        return None


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


def sprite(name: str) -> pygame.Surface:
    """A sprite of Tripppin's own sheet (sprites/tripppin.txt): pieces, X's, tiles, arrows."""
    return sprites.sheet("tripppin").get(name)


def draw_tile(surface, k: int, tile: pygame.Rect, token: str) -> None:
    """A tile from the sprite sheet: blank, start square, circle, or its arrows."""
    name = {"S": "tile_start", "O": "tile_circle"}.get(token, "tile_blank")
    surface.blit(tall(sprite(name), k), tile.topleft)
    if token not in "SO.":
        draw_arrows(surface, k, tile, [int(ch) for ch in token])


def draw_arrows(surface, k: int, tile: pygame.Rect, dirs) -> None:
    for d in dirs:
        surface.blit(tall(sprite(f"arrow_{d}"), k), tile.topleft)


class TripppinScene(GameScene):
    name = game = "tripppin"
    entry = games.get("tripppin")
    uses_title = False          # its own title (until it moves onto the look's)
    settings_schema = SETTINGS
    take_back_limit = TAKE_BACK_LIMIT
    slide_seconds = 0.18      # a move glides from square to square this long

    def __init__(self, app, seed=None, demo=False):
        super().__init__(app, seed=seed, demo=demo)
        if self.settings["interlace"]:
            self.look = looks.AMIGA_INTERLACED
        self.layout = Layout(self.native_size[1])
        self._board_cache = None
        self.drag: dict | None = None         # {"piece", "from", "pos", "grab"}
        self.board_cursor = BoardCursor(lambda sq: self.layout.cell(sq).center,
                                        targets=lambda: self.table.state.legal_moves())
        self.board_cursor.visible = bool(app.input.pads)
        self._pads = len(app.input.pads)
        self.pointer_on = False               # the Workbench pointer (hidden for keys, pads)
        self._slide_next = True               # the next move glides (not a mouse drop)
        self._visual = None
        self.suggest_job = self.truth_job = None
        self.suggestion: tuple | None = None  # (square, depth, or the solved sentence)
        self.shown_moves: list[str] = []      # every move shown (slid or dropped), for tests
        self.strip = amiga.MenuStrip(self._menus(), sound=lambda: self.app.play("amiga_click"))
        self._reset_cursor()

    # -- what the base asks ----------------------------------------------------------------------
    def game_options(self) -> dict:
        first = "orange"
        if hasattr(self, "table"):
            first = rules.other(self.table.options.get("first", "orange"))
        return {"first": first, "fair": self.settings["fair"]}

    def ai_options(self) -> dict:
        return dict(self.entry.ai_options, prevent_loops=self.settings["prevent_loops"])

    def declare_commands(self) -> list:
        t = self.table
        return [
            Command("suggest", "Suggest a move", ("s", "alt+s", "gui+s", "ctrl+s"), ("y",),
                    self.suggest, lambda: t.human_to_move, shortcut="S"),
            Command("takeback", "Take back", ("t", "alt+t", "gui+t", "ctrl+t"), ("x",),
                    self.take_back, self._can_take_back, shortcut="T"),
            Command("restart", "Restart the game", run=self.restart),
            Command("quit", "Quit", run=self.quit),
        ] + [Command(key, label, run=lambda key=key: self.toggle(key),
                     checked=lambda key=key: self.settings[key])
             for key, label in (("prevent_loops", "Prevent loops"), ("fair", "Fair start"),
                                ("interlace", "Interlace"))]

    def _menus(self) -> list:
        c = self.cmds
        seats = [choice(f"{NAMES[p]} piece", (("human", "Human"), ("computer", "Computer")),
                        lambda p=p: self.table.seats[p], lambda v, p=p: self.set_seat(p, v))
                 for p in rules.PIECES]
        levels = choice("Difficulty", [(n, LEVEL_LABELS.get(n, str(n))) for n in ai.ALL_LEVELS],
                        lambda: self.settings["level"], self.set_level)
        return [Menu("Project", c.items("suggest", "takeback", "restart", "quit")),
                Menu("Settings", seats + [levels] + c.items("prevent_loops", "fair",
                                                             "interlace"))]

    # -- settings --------------------------------------------------------------------------------
    def toggle(self, key: str) -> None:
        self.set_setting(key, not self.settings[key])
        if key == "prevent_loops":
            self.table.ai_options["prevent_loops"] = self.settings[key]
        elif key == "interlace":
            self.set_interlace(self.settings[key])

    def set_interlace(self, on: bool) -> None:
        self.look = looks.AMIGA_INTERLACED if on else looks.AMIGA
        self.layout = Layout(self.native_size[1])
        self._board_cache = None
        self.drag = None
        self.app.reformat()

    # -- geometry for tests and the mouse ------------------------------------------------------
    def square_rect(self, sq) -> pygame.Rect:
        if isinstance(sq, str):
            sq = rules.parse_square(sq)
        return self.layout.cell(sq)

    def square_center(self, sq) -> tuple:
        return self.square_rect(sq).center

    @property
    def cursor(self):
        return self.board_cursor.pos

    @property
    def cursor_shown(self) -> bool:
        return self.board_cursor.visible

    @property
    def slide(self):
        track = self.timeline.get("slide")
        return None if track is None else track.data

    # -- actions -------------------------------------------------------------------------------
    def _can_take_back(self) -> bool:
        t = self.table
        return t.can_undo and "human" in t.seats.values()

    def suggest(self) -> None:
        """The original's anytime search, until the solved board knows the truth."""
        t = self.table
        if not t.human_to_move:
            return
        self._cancel_suggestion()
        submit = self.app.worker.submit     # one worker: the solve (a tenth of a second)
        self.truth_job = submit("games.tripppin.ai:suggest_perfect", t.state, stream=True,
                                history=t.history,
                                prevent_loops=self.settings["prevent_loops"])
        self.suggest_job = submit("games.tripppin.ai:suggest", t.state, stream=True,
                                  history=t.history, max_depth=40, time_limit=20.0)

    def _cancel_suggestion(self) -> None:
        for job in (self.suggest_job, self.truth_job):
            if job is not None:
                job.cancel()
        self.suggest_job = self.truth_job = None
        self.suggestion = None

    def take_back(self) -> None:
        if self.table.take_back(limit=TAKE_BACK_LIMIT):
            self.app.play("amiga_click")

    def restart(self) -> None:
        """Reshuffle; the other piece moves first; the settings stay."""
        self.new_game()

    def quit(self) -> None:
        self.app.pop()

    def beep(self) -> None:
        """Workbench DisplayBeep: the screen flashes and the beep sounds."""
        self.timeline.add("beep", amiga.BEEP_SECONDS)
        self.app.play("amiga_beep")

    def move_to(self, sq: int, slide: bool = True) -> bool:
        self._slide_next = slide
        if not self.play_move(sq):
            self.beep()
            return False
        return True

    # -- the table changed -----------------------------------------------------------------------
    def on_transition(self, tr) -> None:
        self._cancel_suggestion()
        self.drag = None
        if tr.kind == "move":
            mover = tr.seat
            src, dst = tr.before.position(mover), tr.after.position(mover)
            self.shown_moves.append(rules.square_name(dst))
            self.app.play("amiga_move")
            if self._slide_next and self.slide_seconds > 0:
                self.timeline.add("slide", self.slide_seconds,
                                  data={"piece": mover, "from": src, "to": dst})
        self._slide_next = True
        self._reset_cursor()

    def on_game_over(self) -> None:
        self.app.play("amiga_win")

    def _reset_cursor(self) -> None:
        s = self.table.state
        moves = s.legal_moves()
        if not moves or s.current is None:
            self.board_cursor.place(None)
            return
        target = s.target(s.current)
        cheb = (lambda m: max(abs(m % 8 - target % 8), abs(m // 8 - target // 8))
                if target is not None else 0)
        self.board_cursor.place(min(moves, key=lambda m: (cheb(m), m)))

    # -- input -------------------------------------------------------------------------------
    def handle(self, action) -> None:
        k = action.kind
        self.pointer_on = k.startswith("pointer") and action.pos is not None
        if self.drag is None and self.strip.handle(action):
            return
        if k == "command":
            super().handle(action)
            return
        if k == "back":
            self.app.play("amiga_click")
            self.drag = None
            self.app.push(RequesterScene(
                self, ["Quit Tripppin?", "(The game is kept for next time.)"],
                self.layout.window.rect, "OK", "Cancel", on_positive=self.quit))
            return
        over = self.table.state.is_over
        if k in ("up", "down", "left", "right"):
            if not over and self.table.human_to_move:
                self._step_cursor(k)
        elif k == "confirm":
            if over:
                self.restart()
            elif self.table.human_to_move:
                if not self.board_cursor.visible:
                    self.board_cursor.show()
                elif self.cursor is not None:
                    self.move_to(self.cursor)
        elif k == "pointer_down" and action.button == 1:
            self._pointer_down(action.pos)
        elif k == "pointer_move":
            if self.drag is not None and 1 not in action.buttons:
                self._drop(action.pos)           # the release was lost (focus changed)
            elif self.drag is not None and action.pos is not None:
                self.drag["pos"] = action.pos
        elif k == "pointer_up" and action.button == 1:
            self._drop(action.pos)

    def _step_cursor(self, kind: str) -> None:
        if self.cursor not in self.table.state.legal_moves():
            self._reset_cursor()
        if self.board_cursor.step(kind):
            self.app.play("amiga_click")

    def _pointer_down(self, pos) -> None:
        gadget = self.layout.window.gadget_at(pos)
        if gadget == "close":
            self.app.play("amiga_click")
            self.quit()
            return
        if gadget is not None:
            return
        self.board_cursor.hide()
        state = self.table.state
        if state.is_over:
            if pos is not None and self.layout.window.rect.collidepoint(pos):
                self.restart()
            return
        sq = self.layout.square_at(pos)
        for piece in rules.PIECES:
            if sq is not None and state.position(piece) == sq:
                self.timeline.finish("slide")
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
        if drag["piece"] == self.table.state.current:
            self.move_to(sq, slide=False)
        else:
            self.beep()

    # -- time --------------------------------------------------------------------------------
    def tick(self, dt: float) -> bool:
        pads = len(self.app.input.pads)
        if pads > self._pads:                    # a pad was plugged in: show its cursor
            self.board_cursor.show()
        self._pads = pads
        tl = self.timeline
        visual = (tl.phase(0.5) < 0.5, tl.phase(1.0) < 0.5, self.table.thinking,
                  self.suggest_job is not None)
        changed, self._visual = visual != self._visual, visual
        truth, search = self.truth_job, self.suggest_job
        for job in (truth, search):
            if job is not None:
                job.poll()
            result = job.partials[-1] if job is not None and job.partials else None
            if job is None or (job is search and truth is None and self.suggestion
                               and isinstance(self.suggestion[1], str)):
                continue
            if isinstance(result, tuple):     # (move, depth) or (move, sentence)
                if self.suggestion is None or self.suggestion[0] != result[0]:
                    self.app.play("amiga_ants")
                self.suggestion = result
                self.board_cursor.place(result[0])   # Enter plays what the ants mark
                if job is truth and search is not None:
                    search.cancel()           # the truth is known: the search can stop
                    self.suggest_job = search = None
            if job.done:
                if job.error and job is search:
                    self.app.notice(f"The suggestion failed: {job.error}")
                if job is truth:
                    self.truth_job = None
                else:
                    self.suggest_job = None
            changed = True
        return changed

    def animating(self) -> bool:
        return (self.timeline.busy or self.suggestion is not None or self.drag is not None)

    def enter(self) -> None:
        pygame.mouse.set_visible(False)          # the Workbench pointer is drawn instead

    resume = enter

    def close(self) -> None:
        pygame.mouse.set_visible(True)
        self._cancel_suggestion()
        super().close()

    # -- drawing -----------------------------------------------------------------------------
    def _board(self) -> pygame.Surface:
        board = self.table.state.board
        key = (board, self.layout.k)
        if self._board_cache is None or self._board_cache[0] != key:
            lay = self.layout
            surf = pygame.Surface(lay.board.size)
            surf.fill(BLUE)
            for sq in range(64):
                cell = lay.cell(sq).move(-lay.board.x, -lay.board.y)
                draw_tile(surf, lay.k, lay.tile_in(cell), board[sq])
            self._board_cache = (key, surf)
        return self._board_cache[1]

    def _piece(self, what: str, piece: str) -> pygame.Surface:
        return tall(sprite(f"{what}_{piece}"), self.layout.k)

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout
        state = self.table.state
        tl = self.timeline
        surface.fill(BLUE)
        amiga.draw_screen_bar(surface, SCREEN_TITLE)
        lay.window.draw(surface)
        surface.blit(self._board(), lay.board.topleft)
        # the flashing X's on the targets (both on one square: they take turns)
        targets = {p: state.target(p) for p in rules.PIECES}
        if not state.is_over and tl.phase(0.5) < 0.5:
            same = targets["blue"] is not None and targets["blue"] == targets["orange"]
            turn = "blue" if tl.phase(1.0) >= 0.5 else "orange"
            for p in rules.PIECES:
                if targets[p] is not None and not (same and p != turn):
                    surface.blit(self._piece("x", p), lay.cell(targets[p]).topleft)
        if (self.board_cursor.visible and self.cursor is not None
                and self.table.human_to_move and self.drag is None):
            t = lay.tile(self.cursor)
            pygame.draw.rect(surface, BLACK, t, 1)
            amiga.frame(surface, t.inflate(-2, -2), PIECE_PEN[state.current], 2)
        if self.suggestion is not None:
            self._draw_ants(surface, lay.tile(self.suggestion[0]))
        self._draw_pieces(surface, state)
        self._draw_panel(surface, state)
        self.strip.draw(surface)
        if tl.running("beep"):
            amiga.display_beep(surface)
        if self.pointer_on:
            amiga.draw_pointer(surface, self.app.display.to_native(pygame.mouse.get_pos()),
                               lay.k)

    def _draw_pieces(self, surface, state) -> None:
        lay = self.layout
        slide = self.slide if self.drag is None else None
        moving = self.drag["piece"] if self.drag else slide["piece"] if slide else None
        for p in rules.PIECES:
            if p != moving:
                surface.blit(self._piece("pawn", p), lay.cell(state.position(p)).topleft)
        if slide is not None:
            f = self.timeline.progress("slide")
            a, b = lay.cell(slide["from"]).topleft, lay.cell(slide["to"]).topleft
            pos = (round(a[0] + (b[0] - a[0]) * f), round(a[1] + (b[1] - a[1]) * f))
            surface.blit(self._piece("pawn", slide["piece"]), pos)
        if self.drag is not None:
            (px, py), (gx, gy) = self.drag["pos"], self.drag["grab"]
            r = pygame.Rect(0, 0, lay.sw, lay.sh)
            r.center = (px - gx, py - gy)
            surface.blit(self._piece("pawn", self.drag["piece"]), r.topleft)

    def _draw_ants(self, surface, rect: pygame.Rect) -> None:
        """Tripppin Has Ants: coloured dots marching round the square's outline."""
        k = self.layout.k
        r = rect.inflate(-4, -2 * k)
        th = 2 * k                                   # the band is 2 wide and 2k tall
        top = [((r.x + i, r.y), (1, th)) for i in range(r.w)]
        right = [((r.right - 2, r.y + i), (2, 1)) for i in range(th, r.h - th)]
        bottom = [((r.right - 1 - i, r.bottom - th), (1, th)) for i in range(r.w)]
        left = [((r.x, r.bottom - 1 - i), (2, 1)) for i in range(th, r.h - th)]
        shift = int(self.timeline.clock * 30)
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
        shown = next(iter(state.winners())) if state.is_over else piece
        words = "wins!" if state.is_over else "to move"
        box = pygame.Rect(x, y, lay.sw, lay.sh)
        surface.fill(WHITE, lay.tile_in(box))
        surface.blit(self._piece("pawn", shown), box.topleft)
        font.draw(surface, NAMES[shown], (box.right + 8, box.centery - 9), WHITE)
        font.draw(surface, words, (box.right + 8, box.centery + 1), WHITE)
        y = box.bottom + 4 * k
        if state.is_over:
            status = "CAN'T MOVE!" if state.blocked else "Game over."
        else:
            status = "MAKE A MOVE" if self.table.human_to_move else "thinking..."
        sbox = pygame.Rect(x, y, p.w, 12 * k)
        surface.fill(PIECE_PEN[piece], sbox)
        pygame.draw.rect(surface, WHITE, sbox, 1)
        font.draw(surface, status, (sbox.centerx - len(status) * font.width // 2,
                                    sbox.centery - 4), WHITE if piece == "blue" else BLACK)
        y = sbox.bottom + 4 * k
        # the directions this piece may move now, drawn as a tile
        dbox = pygame.Rect(p.right - lay.sw, y, lay.sw, lay.sh)
        font.draw(surface, "Can move:", (x, dbox.centery - 4), WHITE)
        tile = lay.tile_in(dbox)
        draw_tile(surface, k, tile, ".")
        if not state.is_over:
            me = state.position(state.current)
            draw_arrows(surface, k, tile, sorted(
                {d for d in (_direction(me, m) for m in state.legal_moves()) if d is not None}))
        y = dbox.bottom + 6 * k
        if state.is_over:
            winner = next(iter(state.winners()))
            head = f"{NAMES[winner].upper()} WINS!"
            why = (f"{NAMES[rules.other(winner)]} could not move." if state.blocked
                   else f"{NAMES[winner]} got round the course first.")
            if winner == "blue":   # blue on the window's blue: on a white strip
                surface.fill(WHITE, (x - 2, y - 1, len(head) * font.width + 4, 10))
            font.draw(surface, head, (x, y), PIECE_PEN[winner])
            y += 12
            lines = wrap(why, chars) + [""] + wrap(
                "Click or press Enter (pad A) for a new game.", chars)
        else:
            lines = wrap("Try to reach the flashing X of your piece's color. Drag it, or "
                         "arrows (d-pad) and Enter (A).", chars)
        for line in lines:
            font.draw(surface, line, (x, y), WHITE)
            y += 10
        t = self.table
        info = [f"{NAMES[pc] + ':':8}{t.seats[pc].capitalize():10}{state.progress(pc)}/5"
                for pc in rules.PIECES]
        info.append(f"Difficulty {ai.level_name(self.settings['level'])}")
        if self.suggestion is not None:
            sq, how = self.suggestion
            if isinstance(how, str):          # the solved board's verdict
                text = f"Suggested: {rules.square_name(sq)}. {how}."
            else:
                text = (f"Suggested: {rules.square_name(sq)}, looking {how} move"
                        f"{'s' if how != 1 else ''} ahead{'...' if self.suggest_job else '.'}")
            info += wrap(text, chars)
        elif self.suggest_job is not None or self.truth_job is not None:
            info.append("Looking for a move...")
        y = p.bottom - len(info) * 10
        for line in info:
            font.draw(surface, line[:chars], (x, y), WHITE)
            y += 10
