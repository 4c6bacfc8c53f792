"""Tribolo's screen: the DOS EGA game of 1991-92 (Soleau Software), on the Tricade house.

640x350 EGA, ega8x14: the scores across the top, the 16 x 11 board, the status line and the
original's key line (``S)ound V)save L)oad B)est U)ndo P)ossible N)ew C)scores Q)uit``),
all made from one command table that also gives the pad buttons (X Best, Y Possible, Back
Undo) and the F10/Esc pop-up menu. Click, or arrows/d-pad and Enter/A, to place a tile.

Choices where the original's documentation is silent (see also scores.py and play.py):
- The title resumes the game in progress by default (``saves/tribolo-autosave``, kept after
  every move; V/L use ``saves/tribolo`` as the original's sa<V>e and <L>oad did). A new
  game opens with a box saying who goes first; the press that closes it does nothing else.
- A move animates: the placed tile (dos_place), then each flipped tile, nearest first, 60
  ms apart (one dos_flip each: the PC speaker has one voice), shrinks to a line and grows
  in its new colour. The computer waits for it and a short pause (longer, with dos_skip,
  when "Green cannot move" is said), so every move can be followed.
- U takes back a person's last move and the computer's after it (not once the game is
  over: it is in the score card). L loads, and the board option starts a new game at
  once, only at the start of a game (before any move by a person).
- The final box: the result, N)ew game, S)ee boards (Enter there plays the board shown),
  C)scores, L)ook at the board (Enter brings the box back), Q)uit; a best blue total on
  the board asks for initials first. Squares are written as the rules write them (a4).
"""
from __future__ import annotations

import pygame

import games
from games.core import schema
from games.tribolo import ai, rules, scores
from games.tribolo.look import (BOARD_TOP, FRAME, GRID, PITCH_X, PITCH_Y, SCORES_AREA,
                                 SEAT_FACE, SEAT_LETTER, SEAT_LIGHT, STANDARD_BOARD,
                                 STATUS_Y, flip_sprite, frame_box, key_bar, key_rects,
                                 tile_sprite)
from games.tribolo.play import (SEATS, TriboloBoard, best_text, board_name, final_lines,
                                first_lines, flip_order, move_words, possible_text,
                                prompt_text, result_text, skipped_text)
from games.ui import dos, marks, solid, sprites
from games.ui.board import SquareGrid
from games.ui.boardinput import STEPS, BoardInput
from games.ui.commands import Command, choice
from games.ui.dos import (BLACK, DARK_GREY, LIGHT_BLUE, LIGHT_CYAN, LIGHT_GREY, LIGHT_RED, RED,
                          WHITE, YELLOW)
from games.ui.scene import GameScene

SAVE_NAME = "saves/tribolo"                # the original's sa<V>e and <L>oad
AUTOSAVE_NAME = "saves/tribolo-autosave"   # the game in progress (the title resumes it)
KEY_LINE = ("sound", "save", "load", "best", "undo", "possible", "new", "scores", "quit",
            "menu")

SETTINGS = schema.Table({
    "seats": schema.Table({s: schema.Choice(("human", "computer"),
                                            "human" if s == "blue" else "computer")
                           for s in SEATS}),
    "level": schema.Choice(tuple(ai.LEVELS), ai.DEFAULT_LEVEL),
    "board": schema.Choice(tuple(sorted(rules.BOARDS)), STANDARD_BOARD),
    "initials": schema.Str(3, "[A-Za-z]{3}", "AAA", min_len=3),
})

# timings (seconds, at the app's animation speed)
FLIP_GAP = 0.06         # between the flips of one move (and their dos_flip sounds)
FLIP_TIME = 0.20        # one tile's flip
AFTER_MOVE = 0.25       # the computer waits this long after an animation
SKIP_PAUSE = 0.9        # ... and this long after "Green cannot move"


class TriboloScene(GameScene):
    entry = games.get("tribolo")
    name = "tribolo"
    settings_schema = SETTINGS
    min_think = 0.3
    bench_start_keys = ("return", "return")   # the title's Start, then past "X goes first"
    # The autosave keeps the name it always had: the base's default (saves/tribolo) is the
    # original's V)save file, which the autosave must never read or write over.
    save_name = property(lambda self: AUTOSAVE_NAME, lambda self, name: None)
    command_keys = {"sound": dict(keys=("s",), key_label="S)ound", shortcut="S"),
                    "undo": dict(keys=("u",), pad=("back",), key_label="U)ndo", shortcut="U"),
                    "new": dict(keys=("n",), key_label="N)ew", shortcut="N"),
                    "quit": dict(keys=("q",), key_label="Q)uit", shortcut="Q"),
                    "menu": dict(key_label="F10)menu")}
    # a cabinet: the operator sets who plays, the level and the board; a customer may ask
    # for the best and possible squares and read the cards (no save or load)
    operator_settings = ("seats", "level", "board")
    customer_commands = ("best", "possible", "scores", "see")
    home_only = ("board",)               # the next game's board: off at a network table

    @classmethod
    def operator_words(cls, key: str, value) -> str:
        if key == "board":
            return f"{value} {board_name(value, True)}"
        return super().operator_words(key, value)

    def __init__(self, app, seed=None, demo: bool = False, title: bool | None = None):
        self.markers: list = []      # P: the possible squares
        self.best = None             # B: the square turning the most tiles
        self.new_best = None         # blue's total when it beat the board's best ever
        self.hover = None            # the key line item under the pointer
        self._board_image = None     # (key, surface): the still board, drawn once
        super().__init__(app, seed=seed, demo=demo, title=title)
        self.keyline_rects = key_rects(self.cmds.key_line(KEY_LINE))
        self.board_input = BoardInput(TriboloBoard(), self.grid.at,
                                      lambda sq: self.grid.centre(*sq))
        self.board_input.reset(self.state, keep_cursor=False)

    # -- what the house asks ----------------------------------------------------------------
    def game_options(self) -> dict:
        return {"board": self.settings["board"]}

    def own_commands(self) -> list:
        def c(name, label, key, run, key_label="", pad=()):
            return Command(name, label, (key,), pad, run, shortcut=key.upper(),
                           key_label=key_label)
        return [c("save", "Save game", "v", self.save_game, "V)save"),
                c("load", "Load game", "l", self.load_game, "L)oad"),
                c("best", "Best square", "b", self.show_best, "B)est", ("x",)),
                c("possible", "Possible squares", "p", self.show_possible, "P)ossible", ("y",)),
                c("scores", "Scores", "c", lambda: self.open_card(False), "C)scores"),
                c("see", "See boards", "e", lambda: self.open_card(True))]

    def menu_model(self) -> list:
        """The pop-up menu: every command, then the seats, the level and the board."""
        boards = [(n, f"{n} {board_name(n, True)}") for n in sorted(rules.BOARDS)]
        board = choice("Board", boards, lambda: self.board if self.net is not None  # (the
                       else self.settings["board"], self.set_board, name="board")  # table's)
        return (self.cmds.items("sound", "save", "load", "best", "undo", "redo", "possible",
                                "new", "scores", "see", "history", "quit", "-")
                + self.seat_items() + [self.level_item(), board])

    def toast_lift(self) -> int:
        return self.native_size[1] - STATUS_Y

    def prompt(self) -> tuple:
        st = self.state
        colour = YELLOW if st.is_over else SEAT_LIGHT[st.current]
        return prompt_text(st, self.table.human_to_move), colour

    # -- small helpers ------------------------------------------------------------------------
    @property
    def state(self):
        return self.table.state

    @property
    def board(self) -> int:
        return int(self.table.options.get("board", STANDARD_BOARD))

    @property
    def grid(self) -> SquareGrid:
        s = self.state
        return SquareGrid(((640 - s.width * PITCH_X - 1) // 2, BOARD_TOP), (PITCH_X, PITCH_Y),
                          s.width, s.height, gap=1)

    @property
    def at_start(self) -> bool:
        """The start of a game: no person has moved yet (the computers may have)."""
        return not self.state.is_over and not self.table.person_has_moved

    # -- the flow -------------------------------------------------------------------------
    def begin(self) -> None:
        """The title's Start: the game in hand, and who goes first."""
        super().begin()
        self.announce_first()

    def resume_saved(self) -> bool:
        if super().resume_saved():        # (without a saved game: begin)
            self.say("The saved game is resumed.", LIGHT_CYAN)
        return self.resumed

    def new_game(self, seed=None) -> None:
        """N: a new game on the board setting (the one in hand is not recorded)."""
        super().new_game(seed)
        self.announce_first()

    def announce_first(self) -> None:
        """The computer has picked who goes first: a box that waits for a press."""
        if self.demo:
            return
        first = self.state.current          # a new game always has a colour to move
        self.say(f"{first.capitalize()} goes first.", SEAT_LIGHT[first])
        self.app.play("dos_place")
        if self in self.app.stack:
            box = self.ui.message(self, first_lines(self.state),
                                  title=f"Board {self.board}: {board_name(self.board)}")
            # any key or pad button closes it (the game's keys too: B is no Best here;
            # the message binds every pad button itself)
            box.commands = self.commands
            self.push(box)

    def on_transition(self, tr) -> None:
        """A move is animated; anything else (undo, new game, load) is just shown."""
        self.markers, self.best = [], None
        for name in ("place", "flip", "pause"):
            self.timeline.cancel(name)
        if tr.kind == "move":
            if not self.by_computer(tr):           # (the computer's move is said: Messages)
                self.status.clear(sticky_too=False)    # a move makes old news of a message
            self.animate(tr.before, tr.after, tr.move)

    def move_words(self, tr):
        return move_words(tr.before, tr.move, tr.seat), SEAT_LIGHT[tr.seat]

    def move_marks(self, tr) -> list:
        return [self.grid.rect(*tr.move)] if isinstance(tr.move, tuple) else []

    def board_cells(self) -> dict:
        s, grid = self.state, self.grid
        return {s.move_text(sq): grid.rect(*sq) for sq in self.board_input.rules.cells(s)}

    def animate(self, before, after, move) -> None:
        """The placed tile, then each flip, nearest first; then a pause the computer waits
        through (longer, with the dos_skip sound, when a colour cannot move)."""
        flips = flip_order(before, move)
        new = SEAT_LETTER[before.current]
        self.timeline.add("place", FLIP_GAP, cues=[(0.0, "dos_place")], area=())
        length = FLIP_GAP * (len(flips) - 1) + FLIP_TIME
        squares = [(sq, before.cell(*sq), new, FLIP_GAP * i) for i, sq in enumerate(flips)]
        grid = self.grid       # the flipping tiles, and the dot on the last move when they end
        dots = [m for m in (move, self.table.last_move) if isinstance(m, tuple)]
        self.timeline.add("flip", length, delay=FLIP_GAP, data=squares,
                          area=[grid.rect(*sq) for sq in list(flips) + dots],
                          cues=[(FLIP_GAP * i / length, "dos_flip") for i in range(len(flips))])
        skipped = () if after.is_over else before.skipped_after(move)
        if skipped:
            self.say(skipped_text(skipped), SEAT_LIGHT[skipped[0]])
        self.timeline.add("pause", (SKIP_PAUSE if skipped else AFTER_MOVE) - 0.05, area=(),
                          delay=FLIP_GAP + length + 0.05,
                          cues=[(0.0, "dos_skip")] if skipped else ())

    def bench_animations(self) -> dict:
        """For tools.bench: a move's tiles flipping, the move played through the table
        (its transition animates it on the next frame)."""
        def flips():
            st = self.state
            moves = [m for m in st.legal_moves() if m != "resign"]
            if st.is_over or not moves:
                return "flips", lambda: False
            self.table.play(max(moves, key=lambda m: len(flip_order(st, m))))
            ply, seen = self.table.ply, []

            def running() -> bool:
                if self.timeline.running("flip"):
                    seen.append(1)
                    return True
                return not seen and self.table.ply == ply     # its frame is still to come
            return "tiles flipping", running
        return {"tiles flipping": flips}

    # -- the end --------------------------------------------------------------------------
    def record(self, result) -> None:
        """The board's score card (the cards are Tribolo's record: the base's won/lost
        table would be written to scores/tribolo, the cards' own file)."""
        self.new_best = None
        table = scores.load(self.store)
        best = scores.record_result(table, self.board, result.winners, self.state.counts(),
                                    result.seats.get("blue") == "human")
        scores.save(self.store, table)
        self.new_best = best

    def on_game_over(self) -> None:
        human_won = any(self.table.seats.get(s) == "human" for s in self.state.winners())
        self.app.play("dos_win" if human_won else "dos_lose")
        self.say("The game is over: " + result_text(self.state) + ".", YELLOW, sticky=True)
        if self.demo:
            return
        if self.new_best is not None:
            self.ask_initials(self.new_best)
        else:
            self.final_box()

    def ask_initials(self, total: int) -> None:
        """Blue's best total ever on this board: three initials for the score card."""
        self.new_best, board = None, self.board

        def done(initials: str) -> None:
            try:
                scores.save(self.store, scores.set_best(scores.load(self.store), board, total,
                                                        initials))
            except OSError as exc:
                self.app.notice(f"The scores could not be kept ({exc.strerror or exc}).")
            self.set_setting("initials", initials)
            self.say(f"Best blue total {total} by {initials}.", YELLOW)
            if self.app.top is self:
                self.final_box()
        self.initials([f"Blue turned {total} squares:", f"the best ever on board {board}.",
                       "", "Enter your initials:"], default=self.settings["initials"],
                      on_done=done)

    def final_box(self) -> None:
        """The result and what next; L)ook (focused: it loses nothing, or Esc) closes it
        to look at the board; N)ew game is asked (the house's ``confirm_new``)."""
        self.ask(final_lines(self.state, self.board),
                 # a cabinet with no credit: "N) New game: INSERT COIN" (issue 34)
                 [(self.start_label("N) New game"), self.ask_new_game),
                  ("S) See boards", lambda: self.open_card(True, self.final_box)),
                  ("C) Scores", lambda: self.open_card(False, self.final_box)),
                  ("L) Look at the board", None), ("Q) Quit", self.ask_quit)]
                 + ([("R) Replay", self.open_replay)] if self.replay_possible() else []),
                 default=3, cancel=3)

    # -- input ----------------------------------------------------------------------------
    def handle(self, action) -> None:
        k = action.kind
        name = dos.hit(self.keyline_rects, action.pos) if k.startswith("pointer") else None
        if k == "pointer_move":
            self.hover = name
        if k == "pointer_down" and action.button == 1 and name is not None:
            self.cmds.run(name)
        elif k == "confirm" and self.state.is_over:
            self.final_box()
        elif k == "command" and action.name == "undo" and self.state.is_over:
            self.say("The game is over and in the score card: no undo.", YELLOW)
        elif k == "command" and action.name == "undo" and not self.cmds.enabled("undo"):
            self.command_refused("undo") if self.off_at_table("undo") else self.undo()
        else:
            super().handle(action)
            if k in STEPS:
                self.app.play("dos_click")

    def on_refuse(self, text: str) -> None:
        """Not there (or not now); on the finished board: the final box again."""
        if self.state.is_over:
            return self.final_box()         # (a box: nothing to return)
        self.app.play("dos_error")
        self.say(text, LIGHT_RED)

    # -- the original's keys ----------------------------------------------------------------
    def toggle_sound(self) -> bool:
        on = super().toggle_sound()
        self.say("Sound on." if on else "Sound off.", LIGHT_CYAN)
        return on

    def undo(self) -> bool:
        if super().undo():
            self.say("Move taken back.", LIGHT_CYAN)
            return True
        self.app.play("dos_error")
        self.say("Nothing to undo.", LIGHT_RED)
        return False

    def save_game(self) -> None:
        try:
            self.table.save(self.store, SAVE_NAME)
            self.say("Game saved. L loads it at the start of a game.", LIGHT_CYAN)
        except OSError as exc:
            self.say(f"The game could not be saved ({exc.strerror or exc}).", LIGHT_RED)

    def load_game(self) -> None:
        if not self.at_start:
            self.app.play("dos_error")
            self.say("Load only at the start of a game.", LIGHT_RED)
        elif not self.store.exists(SAVE_NAME):
            self.say("There is no saved game (V saves one).", LIGHT_RED)
        elif self.table.load(self.store, SAVE_NAME):
            self.recall_moves()           # Messages holds its computer moves
            self.say("Saved game loaded.", LIGHT_CYAN)

    def my_turn(self, what: str) -> bool:
        if self.state.is_over:
            self.say("The game is over.", YELLOW)
            return False
        if not self.table.human_to_move:
            self.say(f"{what} is shown on your turn.", LIGHT_GREY)
            return False
        return True

    def show_best(self) -> None:
        if not self.my_turn("The best square"):
            return
        self.best = ai.best_move(self.state)
        self.board_input.place(self.best)
        self.board_input.visible = True
        self.say(best_text(self.state, self.best), YELLOW)

    def show_possible(self) -> None:
        if not self.my_turn("Where you can go"):
            return
        if self.markers:
            self.markers = []
            self.say("Possible squares hidden.", LIGHT_GREY, 1.5)
            return
        self.markers = self.state.legal_moves()
        self.say(possible_text(self.state), SEAT_LIGHT[self.state.current])

    def open_card(self, show_board: bool, on_back=None) -> None:
        from games.tribolo.cards import CardScene
        self.push(CardScene(self, self.board, show_board, on_back))

    def set_board(self, board: int, start: bool = False) -> None:
        """The board of the next game; at the start of a game (or ``start``) a new game on
        it at once."""
        self.set_setting("board", board)
        if start or self.at_start:
            self.new_game()
        else:
            self.say(f"Board {board} ({board_name(board)}) from the next new game (N).",
                     LIGHT_CYAN)

    # -- drawing --------------------------------------------------------------------------
    def title_page(self, surface) -> None:
        surface.fill(BLACK)
        frame_box(surface, pygame.Rect(0, 0, 640, 350), LIGHT_BLUE)
        dos.centred(surface, "*  TRICADE PRESENTS  *", 14, LIGHT_CYAN)
        dos.big_text(surface, "TRIBOLO", 320, 32, YELLOW, scale=5, shadow=RED)
        dos.centred(surface, "\u2550" * 31, 104, LIGHT_BLUE)
        dos.centred(surface, "(Three Way Othello)", 118, WHITE)
        dos.centred(surface, "after the 1991-92 shareware game by William Soleau", 134,
                    LIGHT_GREY)
        marked = marks.marks_on(self.app)
        for i, letter in enumerate("BRG#BRG#"):      # a row of tiles
            surface.blit(sprites.sheet("tribolo").get(tile_sprite(letter, marked)),
                         (320 - 4 * 34 + i * 34, 154))
        seats = ", ".join(f"{s.capitalize()} {self.table.seats.get(s)}" for s in SEATS)
        dos.centred(surface, f"Board {self.board}: {board_name(self.board)}    {seats}", 302,
                    LIGHT_GREY)
        dos.centred(surface, self.named(self.title_hint()), 320, DARK_GREY)

    title_footer = ""        # the title page draws its own controls line (title_hint)

    def title_hint(self) -> str:
        """The controls line under the title page's picture. On the title (games.ui.modals'
        Title) confirm and the menu button both take the focused choice and back leaves the
        game: the menu button opens the menu only in play."""
        if self.customer:
            return "{confirm} or {menu}: play  {back}: leave."
        return "Mouse, keys or gamepad.  In play, {menu}: the menu."

    def draw(self, surface) -> None:
        """The scores, the board, the status and key lines; the scores and the lines are
        skipped when the surface's clip (the frame's change) misses them."""
        clip = surface.get_clip()
        solid.fill(surface, BLACK)
        if clip.colliderect(SCORES_AREA):
            self.draw_scores(surface)
        self.draw_board(surface)
        if clip.bottom > STATUS_Y - 2:
            text, colour = self.status_text()
            dos.centred(surface, text[:78], STATUS_Y, colour or WHITE)
            key_bar(surface, items := self.key_line_items(KEY_LINE), self.hover,
                    self.key_line_off(items))       # (what is off at a table: dim)

    def draw_scores(self, surface) -> None:
        st = self.state
        counts = st.counts()
        winners = set(st.winners()) if st.is_over else set()
        for i, seat in enumerate(SEATS):
            current = st.current == seat
            if current:
                look = dos.Look(fg=WHITE, bg=SEAT_FACE[seat], border=WHITE, shadow=None)
            elif seat in winners:
                look = dos.Look(fg=YELLOW, bg=BLACK, border=YELLOW, shadow=None)
            else:
                look = dos.Look(fg=SEAT_LIGHT[seat], bg=BLACK, border=DARK_GREY, shadow=None)
            inner = dos.draw_box(surface, pygame.Rect(8 + i * 208, 2, 208, 42), look,
                                 "double" if current else "single")
            kind = self.seat_player(seat, 11) or ("Human" if self.table.seats.get(seat) ==
                                                  "human" else
                                                  f"Computer {self.table.levels.get(seat, 3)}")
            if seat in winners:
                kind = "WINNER" if len(winners) == 1 else "TIE"
            mark = "\u25b6" if current else " "
            dos.text(surface, f"{mark} {seat.upper():<6}{kind}", (inner.x, inner.y), look.fg)
            dos.text(surface, f"{counts[seat]:>3}", (inner.right - 4 * dos.CELL_W, inner.y),
                     YELLOW if current else WHITE)

    def draw_board(self, surface) -> None:
        st, grid, tiles = self.state, self.grid, sprites.sheet("tribolo")
        outer = grid.rect_all.inflate(4, 4)
        marked = marks.marks_on(self.app)
        key = (st, tuple(self.markers), self.best, marked)
        if self._board_image is None or self._board_image[0] != key:
            # the still board is drawn once per position and kept: a frame is one blit
            img = pygame.Surface(outer.size, 0, surface)
            img.fill(FRAME)
            img.fill(GRID, grid.rect_all.move(-outer.x, -outer.y))
            possible = set(self.markers)
            for r in range(st.height):
                for c in range(st.width):
                    name = tile_sprite(st.cell(c, r), marked)
                    if name == "empty" and st.current is not None:
                        name = (f"best_{st.current}" if (c, r) == self.best else
                                f"possible_{st.current}" if (c, r) in possible else name)
                    img.blit(tiles.get(name), grid.rect(c, r).move(-outer.x, -outer.y))
            self._board_image = (key, img)
        surface.blit(self._board_image[1], outer.topleft)
        flip = self.timeline.get("flip")
        if flip is not None:
            t = flip.elapsed - flip.delay
            for sq, old, new, start in flip.data:
                p = min(1.0, max(0.0, (t - start) / FLIP_TIME))
                if p < 1.0:
                    surface.blit(tiles.get(flip_sprite(old, new, p, marked)),
                                 grid.rect(*sq))
        last = self.table.last_move
        if last is not None and not self.timeline.running("flip"):
            dot = pygame.Rect(0, 0, 6, 4)          # the square just played, to follow it
            dot.center = grid.rect(*last).center
            surface.fill(WHITE, dot)
            pygame.draw.rect(surface, BLACK, dot, 1)
        cursor = self.board_input
        if cursor.visible and cursor.cursor is not None and not st.is_over:
            surface.blit(tiles.get("cursor"), grid.rect(*cursor.cursor).move(-1, -1))

