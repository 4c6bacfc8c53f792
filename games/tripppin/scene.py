"""Tripppin (Paul Kienitz, 1991) on a Workbench 1.3 screen.

The window "Tripppin" on the Workbench screen: the 8 x 8 board of arrow tiles at the left,
the status panel at the right (whose turn, MAKE A MOVE / thinking... / CAN'T MOVE! /
Game over., the directions the piece may take, the status line, the winner), the menus in
the screen title bar while the right mouse button is held.

Input: drag a piece with the left button, or click a square next to the piece to move (an
illegal choice flashes the screen, DisplayBeep, and the panel says why); the right button
shows the menus; the close gadget quits. Keys and pads step a cursor to the nearest legal
square in the direction pressed (none that way: it stays), confirm moves; F10/Tab/pad Start
open the menus for keys; S (Alt/Ctrl/GUI+S: right-Amiga S) or pad Y suggests, T or pad X
takes back; Esc/pad B asks "Quit Tripppin?". The Workbench pointer is drawn in place of
the system one and hidden while keys or a pad are used.

Choices where the original's readme is silent:
- the game opens on a title page (the Workbench with the game's window): Enter, a click,
  pad A or Start resume the saved game; the game in progress is saved after every move;
- the settings (seats, level, loop prevention, fair start, interlace) are kept in the
  game's settings and saved at once; "Fair start" applies from the next game on; the level
  applies to both pieces, as in the original's single level;
- a finished game restarts on a click in the window or on confirm; it counts once in the
  record of games won and lost against each level (the launcher's Scores screen);
- the keyboard cursor shows once a direction or confirm is pressed (at once when a pad is
  plugged in) and hides when the mouse is used; the first press only shows it;
- the piece that is not to move may be picked up; dropping it is refused, as any illegal
  drop; putting a piece down on its own square does nothing;
- computer moves, and moves made with keys, a pad or a click, glide from square to square
  (``slide_seconds``); a piece dropped with the mouse is already there.
"""

from __future__ import annotations

import dataclasses

import games

import pygame

from games.core import schema
from games.tripppin import ai, play, rules
from games.tripppin.look import (PIECE_PEN, SCREEN_TITLE, Layout, bench_animations,
                                 board_picture, draw_ants, draw_panel, draw_title, piece)
from games.ui import amiga, controls, looks, marks, solid
from games.ui.amiga import BLACK, BLUE, WHITE
from games.ui.boardinput import BoardInput
from games.ui.commands import Command, Menu, MenuItem
from games.ui.scene import GameScene

LEVEL_LABELS = {1: "1 (easy)", 9: "9 (takes forever)", ai.PERFECT: "Perfect"}
TAKE_BACK_LIMIT = 40
# the targets' X's flash once a second, half a second on and half off (two X's on one
# square take turns); the readme says only "flashing", and each flash wakes an idle loop
X_FLASH = 1.0
_X_BOXES: dict = {}    # (k, marked) -> where in its square the X sprites' drawn pixels are
SEAT = schema.Choice(("human", "computer"), "human")
SETTINGS = schema.Table({
    "seats": schema.Table({"blue": schema.Choice(("human", "computer"), "computer"),
                           "orange": SEAT}),
    "level": schema.Choice(tuple(ai.ALL_LEVELS), 3),
    "prevent_loops": schema.Bool(True),
    "fair": schema.Bool(True),
    "interlace": schema.Bool(False),
    "first": schema.Choice(rules.PIECES, "blue"),   # who moved first in the last game begun
})
HINT = "Try to reach the flashing X of your piece's color. Drag it, or {move} and {confirm}."
PANEL_HINT = "Try to reach the flashing X of your piece's color: {move} and {confirm}."
DEMO_HINT = "Each tries to reach the flashing X of its piece's color."
AMIGA_KEYS = ("", "alt+", "gui+", "ctrl+")        # right-Amiga S: any of these with S


class TripppinScene(GameScene):
    name = game = "tripppin"
    entry = games.get("tripppin")
    settings_schema = SETTINGS
    take_back_limit = TAKE_BACK_LIMIT
    slide_seconds = 0.18      # a move glides from square to square this long
    draws_marks = True        # draw() marks the computer's last move itself (games.ui.watch)
    command_keys = {
        "undo": dict(label="Take back", keys=tuple(m + "t" for m in AMIGA_KEYS), pad=("x",),
                     shortcut="T"),
        "new": dict(label="Restart the game"),
        "quit": dict(label="Quit the game"),
        "history": dict(label="Messages"),
    }
    # a cabinet: the operator sets who plays, the difficulty and the options; a customer
    # may ask for a suggestion
    operator_settings = ("seats", "level", "prevent_loops", "fair", "interlace")
    customer_commands = ("suggest",)
    operator_labels = {"level": "Difficulty", "fair": "Fair start"}
    home_only = ("prevent_loops", "fair")   # the game at home's: off at a network table

    @classmethod
    def operator_words(cls, key: str, value) -> str:
        if key == "level":
            return LEVEL_LABELS.get(value, str(value))
        return super().operator_words(key, value)

    def __init__(self, app, seed=None, demo=False, title=None):
        super().__init__(app, seed=seed, demo=demo, title=title)
        if self.settings["interlace"]:
            self.look = looks.AMIGA_INTERLACED
        self.layout = Layout(self.native_size[1])
        self._board_cache = None
        self.board_rules = play.TripppinBoard()
        self.board_input = BoardInput(self.board_rules, self.layout.square_at, play.grid_centre)
        self.board_input.reset(self.table.state, keep_cursor=False)
        self.pointer = None                   # where the mouse is (native pixels)
        self.grab = (0, 0)                    # where a picked-up piece is held
        self.pointer_on = False               # the Workbench pointer (hidden for keys, pads)
        self._dropped = None                  # the state after a move dropped in place
        self._visual = None
        self.suggest_job = self.truth_job = None
        self.suggestion: tuple | None = None  # (square, depth, or the solved sentence)
        self.shown_moves: list[str] = []      # every move shown (slid or dropped), for tests
        self.strip = amiga.MenuStrip([Menu(m.label, m.sub) for m in self.menu_model()],
                                     sound=lambda: self.app.play("amiga_click"))

    # -- what the base asks ----------------------------------------------------------------------
    def game_options(self) -> dict:
        """"This time the other piece moves first (it changes each time you restart)":
        the other piece than in the last game begun, kept across sessions, so a new game
        from the title page changes it too."""
        first = getattr(self, "_next_first", None) or rules.other(self.settings["first"])
        return {"first": first, "fair": self.settings["fair"]}

    def new_game(self, seed=None) -> None:
        last = self.table.options.get("first", "blue") if self.live else self.settings["first"]
        self._next_first = rules.other(last)
        try:
            super().new_game(seed)
        finally:
            self._next_first = None
        self.keep_first()

    def begin(self) -> None:
        super().begin()
        self.keep_first()

    def after_load(self) -> None:
        super().after_load()
        self.keep_first()

    def keep_first(self) -> None:
        """The game in hand is begun: the next one starts with the other piece."""
        first = self.table.options.get("first")
        if first in rules.PIECES and first != self.settings["first"]:
            self.set_setting("first", first)

    def move_words(self, tr):
        """The board has no coordinates: a move is said by its direction."""
        return play.move_words(tr.before, tr.after, tr.seat)

    def move_marks(self, tr) -> list:
        return [self.layout.cell(tr.after.position(tr.seat))]

    def board_cells(self) -> dict:
        return {rules.square_name(sq): self.layout.cell(sq) for sq in range(64)}

    def ai_options(self) -> dict:
        return dict(self.entry.ai_options, prevent_loops=self.settings["prevent_loops"])

    def own_commands(self) -> list:
        t = self.table
        return [
            Command("suggest", "Suggest a move", tuple(m + "s" for m in AMIGA_KEYS), ("y",),
                    self.suggest, lambda: t.human_to_move, shortcut="S"),
        ] + [Command(key, label, run=lambda key=key: self.toggle(key),
                     checked=lambda key=key: self.settings[key])
             for key, label in (("prevent_loops", "Prevent loops"), ("fair", "Fair start"),
                                ("interlace", "Interlace"))]

    def menu_model(self) -> list:
        """The readme's menu, in its order: each piece Human/Computer, the difficulty, Prevent
        loops, Suggest a move, Take back, Restart the game, Quit; then the added settings."""
        c = self.cmds
        seats = self.seat_items()
        for item in seats:
            item.label = f"{item.label} piece"
        level = self.level_item("Difficulty", [(n, LEVEL_LABELS.get(n, str(n)))
                                               for n in ai.ALL_LEVELS])
        return [MenuItem("Project", sub=seats + [level] + c.items(
                    "prevent_loops", "suggest", "undo", "new", "quit")),
                MenuItem("Settings", sub=c.items("fair", "interlace", "sound", "history"))]

    def title_page(self, surface) -> None:
        draw_title(surface, marks.marks_on(self.app))

    def screen_title(self) -> str:
        """The screen's title bar: how to reach the menus with the controls in hand."""
        if not self.shows_controls:           # a demo: nobody reaches its menus
            return SCREEN_TITLE.split("Menus:")[0].rstrip()
        kind = controls.kind(self.app, self.in_hand())
        if kind == "mouse":
            return SCREEN_TITLE
        return SCREEN_TITLE.split("Menus:")[0] + self.named("Menus: {menu}")

    def prompt(self) -> tuple:
        if self.table.state.is_over:
            return (self.start_prompt("Press {confirm} for a new game.") if self.customer else
                    "Click or press {confirm} for a new game."), WHITE
        if not self.shows_controls:
            return DEMO_HINT, WHITE
        return (PANEL_HINT if self.customer else HINT), WHITE

    @property
    def can_undo(self) -> bool:
        """Take back works after the end too (as the original's menu item did)."""
        return self.table.can_take_back(self.take_back_limit, self.take_back_across_chance)

    # -- settings --------------------------------------------------------------------------------
    def toggle(self, key: str) -> None:
        self.set_setting(key, not self.settings[key])
        if key == "prevent_loops":
            self.table.set_ai_option("prevent_loops", self.settings[key])
        elif key == "interlace":
            self.set_interlace(self.settings[key])

    def set_interlace(self, on: bool) -> None:
        self.look = looks.AMIGA_INTERLACED if on else looks.AMIGA
        self.layout = Layout(self.native_size[1])
        self.board_input.at = self.layout.square_at
        self._board_cache = None
        self.board_input.reset()
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
        return self.board_input.cursor

    @property
    def cursor_shown(self) -> bool:
        return self.board_input.visible

    @property
    def slide(self):
        track = self.timeline.get("slide")
        return None if track is None else track.data

    @property
    def drag(self):
        """The piece held with the mouse, or None."""
        bi = self.board_input
        if not bi.dragging or bi.selected is None:
            return None
        s = self.table.state
        return next((p for p in rules.PIECES if s.position(p) == bi.selected), None)

    # -- actions -------------------------------------------------------------------------------
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

    def beep(self) -> None:
        """Workbench DisplayBeep: the screen flashes and the beep sounds."""
        self.timeline.add("beep", amiga.BEEP_SECONDS)
        self.app.play("amiga_beep")

    def on_refuse(self, text: str) -> None:
        """An illegal choice or drop: the piece goes back, the screen flashes, and why."""
        self.board_input.selected = None
        self.board_input.dragging = False
        self.say(text)
        self.beep()

    def on_back(self) -> None:
        self.app.play("amiga_click")
        self.ask_quit()

    # -- the table changed -----------------------------------------------------------------------
    def on_transition(self, tr) -> None:
        self._cancel_suggestion()
        if tr.kind == "move":
            mover = tr.seat
            src, dst = tr.before.position(mover), tr.after.position(mover)
            self.shown_moves.append(rules.square_name(dst))
            self.app.play("amiga_move")
            if tr.after is not self._dropped and self.slide_seconds > 0:
                self.timeline.add("slide", self.slide_seconds,
                                  data={"piece": mover, "from": src, "to": dst},
                                  area=self.layout.cell(src).union(self.layout.cell(dst)))
        elif tr.kind == "undo":
            self.app.play("amiga_click")
        self.board_input.place(play.nearest_to_target(tr.after))

    def on_game_over(self) -> None:
        self.app.play("amiga_win")

    # -- input -------------------------------------------------------------------------------
    def handle(self, action) -> None:
        k = action.kind
        pointing = k.startswith("pointer")
        self.pointer_on = pointing and action.pos is not None
        if self.pointer_on:
            self.pointer = action.pos
        if (self.strip.open or pointing) and self.drag is None and self.strip.handle(action):
            return
        if k == "pointer_move" and self.drag is not None and 1 not in action.buttons:
            action = dataclasses.replace(action, kind="pointer_up", button=1)  # lost release
        if k == "pointer_down" and action.button == 1 and self._pointer_down(action.pos):
            return
        if self.table.state.is_over and k == "confirm":
            self.ask_new_game()
            return
        before = self.table.state
        super().handle(action)
        if action.kind == "pointer_up" and self.table.state is not before:
            self._dropped = self.table.state     # already where it was dropped: no glide

    def _pointer_down(self, pos) -> bool:
        """The window's own part of a click: its gadgets, a new game after the end, and
        where a piece is held; True if the click was used here."""
        gadget = self.layout.window.gadget_at(pos)
        if gadget == "close":
            self.app.play("amiga_click")
            self.ask_quit()
        if gadget is not None:
            return True
        if self.table.state.is_over:
            if pos is not None and self.layout.window.rect.collidepoint(pos):
                self.ask_new_game()
            return True
        sq = self.layout.square_at(pos)
        if sq is not None:
            self.timeline.finish("slide")
            cx, cy = self.layout.cell(sq).center
            self.grab = (pos[0] - cx, pos[1] - cy)
        return False

    # -- time --------------------------------------------------------------------------------
    def tick(self, dt: float):
        tl, lay, state = self.timeline, self.layout, self.table.state
        goals = [state.target(p) for p in rules.PIECES]
        same = goals[0] is not None and goals[0] == goals[1]     # one square: they take turns
        blink = (tl.phase(X_FLASH) < 0.5, tl.phase(2 * X_FLASH) < 0.5 if same else None)
        busy = (self.table.thinking, self.suggest_job is not None)
        full = self._visual is None
        damage = []
        if not full and blink != self._visual[0] and not state.is_over:
            # the flashing X's: only their squares change
            damage += self.blinked([self._x_rect(sq) for sq in (state.target(p) for p in
                                                                rules.PIECES) if sq is not None],
                                   blink)
        if not full and busy != self._visual[1]:
            damage.append(lay.panel.inflate(8, 8))        # "thinking...", the search line
        self._visual = (blink, busy)
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
                self.board_input.place(result[0])     # Enter plays what the ants mark
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
            full = True
        if self.suggestion is not None:
            damage.append(lay.tile(self.suggestion[0]))   # the ants march
        return True if full else damage

    def animating(self) -> bool:
        return (self.timeline.moving or self.suggestion is not None or self.drag is not None)

    def next_change(self) -> float | None:
        """The targets' X's flash (they toggle every X_FLASH / 2 of the timeline's clock);
        a search for a suggestion is polled every frame."""
        if self.suggest_job is not None or self.truth_job is not None:
            return 0.0
        return None if self.table.state.is_over else self.timeline.until_toggle(X_FLASH)

    def enter(self) -> None:
        super().enter()
        self.resume()

    def resume(self) -> None:
        # the Workbench pointer is drawn instead, unless a page hides the game (the title)
        pygame.mouse.set_visible(self.app.top is not self and not self.app.top.transparent)

    def close(self) -> None:
        pygame.mouse.set_visible(True)
        self._cancel_suggestion()
        super().close()

    def bench_animations(self) -> dict:
        """For tools.bench: {label: start}, start() -> (label, still running)."""
        return bench_animations(self)

    # -- drawing -----------------------------------------------------------------------------
    def _board(self) -> pygame.Surface:
        key = (self.table.state.board, self.layout.k)
        if self._board_cache is None or self._board_cache[0] != key:
            self._board_cache = (key, board_picture(self.layout, self.table.state.board))
        return self._board_cache[1]

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout
        state = self.table.state
        tl = self.timeline
        solid.fill(surface, BLUE)
        amiga.draw_screen_bar(surface, self.screen_title())
        lay.window.draw(surface)
        surface.blit(self._board(), lay.board.topleft)
        # the flashing X's on the targets (both on one square: they take turns)
        targets = {p: state.target(p) for p in rules.PIECES}
        if not state.is_over and tl.phase(X_FLASH) < 0.5:
            same = targets["blue"] is not None and targets["blue"] == targets["orange"]
            turn = "blue" if tl.phase(2 * X_FLASH) >= 0.5 else "orange"
            for p in rules.PIECES:
                if targets[p] is not None and not (same and p != turn):
                    surface.blit(piece("x", p, lay.k, marks.marks_on(self.app)),
                                 lay.cell(targets[p]).topleft)
        if (self.board_input.visible and self.cursor is not None
                and self.table.human_to_move and self.drag is None):
            t = lay.tile(self.cursor)
            pygame.draw.rect(surface, BLACK, t, 1)
            amiga.frame(surface, t.inflate(-2, -2), PIECE_PEN[state.current], 2)
        if self.suggestion is not None:
            draw_ants(surface, lay.tile(self.suggestion[0]), lay.k, tl.clock)
        self._draw_pieces(surface, state)
        if surface.get_clip().colliderect(lay.panel.inflate(8, 8)):   # else nothing of it shows
            draw_panel(surface, self, state)
        self.draw_marks(surface)            # the computer's last move, under the menus
        self.strip.draw(surface)
        if tl.running("beep"):
            amiga.display_beep(surface)
        if self.pointer_on:
            amiga.draw_pointer(surface, self.app.display.to_native(pygame.mouse.get_pos()),
                               lay.k)

    def _x_rect(self, sq: int) -> pygame.Rect:
        """Where a target's X shows on its square: the sprite's drawn pixels, not the whole
        cell (a blink presents a fifth of the pixels)."""
        lay = self.layout
        key = (lay.k, marks.marks_on(self.app))
        box = _X_BOXES.get(key)
        if box is None:
            drawn = [piece("x", p, lay.k, key[1]).get_bounding_rect() for p in rules.PIECES]
            box = _X_BOXES[key] = drawn[0].union(drawn[1])
        return box.move(lay.cell(sq).topleft)

    def _draw_pieces(self, surface, state) -> None:
        lay = self.layout
        marked = marks.marks_on(self.app)
        held = self.drag
        slide = self.slide if held is None else None
        moving = held or (slide["piece"] if slide else None)
        for p in rules.PIECES:
            if p != moving:
                surface.blit(piece("pawn", p, lay.k, marked), lay.cell(state.position(p)).topleft)
        if slide is not None:
            f = self.timeline.progress("slide")
            a, b = lay.cell(slide["from"]).topleft, lay.cell(slide["to"]).topleft
            pos = (round(a[0] + (b[0] - a[0]) * f), round(a[1] + (b[1] - a[1]) * f))
            surface.blit(piece("pawn", slide["piece"], lay.k, marked), pos)
        if held is not None and self.pointer is not None:
            (px, py), (gx, gy) = self.pointer, self.grab
            r = pygame.Rect(0, 0, lay.sw, lay.sh)
            r.center = (px - gx, py - gy)
            surface.blit(piece("pawn", held, lay.k, marked), r.topleft)
