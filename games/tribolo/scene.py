"""Tribolo's screen: the DOS EGA game of 1991-92 (Soleau Software), on the Tricade house.

640x350 EGA, ega8x14: the scores across the top, the 16 x 11 board, a status line and the
original's key line (``S)ound V)save L)oad B)est U)ndo P)ossible N)ew C)scores Q)uit``),
all made from one command table that also gives the pad buttons (X Best, Y Possible, Back
Undo) and the F10/Esc pop-up menu. Click, or arrows/d-pad and Enter/A, to place a tile.

Choices where the original's documentation is silent (see also scores.py):
- The title screen says "Press any key"; then the computer picks who goes first (the
  game's seed does) and says so in a box that waits for a key, click or pad button (that
  press does nothing else: it is not a move at the cursor).
- A move animates: the placed tile appears with a dos_place blip, then each flipped tile,
  nearest first, 60 ms apart (one dos_flip each: the PC speaker has one voice), shrinks to a
  line and grows again in its new colour (0.2 s). The computer's next move waits for the
  animation and a short pause, so every move can be followed.
- A colour without a move is announced on the status line ("Green cannot move") with the
  dos_skip sound, and the computer holds a moment so it can be read.
- U takes back the last move of a person and the computer moves after it (not once the
  game is over: it is in the score card). L loads, and the board option starts a new game
  at once, only at the start of a game (before any move by a person); else the board is
  the next game's. Seats and level take effect at once.
- The game in progress is kept in ``saves/tribolo-autosave`` (after every move and on
  leaving); the title screen then offers "Press R to resume the saved game". A finished
  game removes it. V/L use ``saves/tribolo`` as the original's sa<V>e and <L>oad did.
- The final screen (a box over the finished board): the result, the counts, N)ew game,
  S)ee boards (each board's layout and score card; Enter or "Play this board" starts a new
  game on it and keeps it as the board setting), C)scores and Q)uit; Esc closes it to look
  at the board (Enter brings it back).
- Squares are written as the rules write them (a4); the square just played keeps a mark.
"""
from __future__ import annotations

import games

import functools

import pygame

from games.core import schema
from games.tribolo import ai, rules, scores
from games.ui import dos, looks, sprites
from games.ui.board import BoardCursor, SquareGrid
from games.ui.commands import Command, MenuItem, choice, separator
from games.ui.dos import (BLACK, BLUE, DARK_GREY, GREEN, LIGHT_BLUE, LIGHT_CYAN, LIGHT_GREEN,
                          LIGHT_GREY, LIGHT_RED, RED, WHITE, YELLOW)
from games.ui.scene import GameScene, LookScene
from games.ui.widgets import InitialsEntry, Item

SAVE_NAME = "saves/tribolo"
AUTOSAVE_NAME = "saves/tribolo-autosave"
SEATS = rules.PLAYERS
STANDARD_BOARD = 7

SETTINGS = schema.Table({
    "seats": schema.Table({s: schema.Choice(("human", "computer"),
                                            "human" if s == "blue" else "computer")
                           for s in SEATS}),
    "level": schema.Choice(tuple(ai.LEVELS), ai.DEFAULT_LEVEL),
    "board": schema.Choice(tuple(sorted(rules.BOARDS)), STANDARD_BOARD),
    "initials": schema.Str(3, "[A-Za-z]{3}", "AAA", min_len=3),
})

# -- the look -----------------------------------------------------------------------------
# A tile is a raised square: (face, light edge, dark edge). The board's tiles come from the
# sprite sheet (sprites/make_sprites.py draws them the same way); draw_tile draws one at any
# size (the small boards of See boards).
TILE_COLOURS = {"B": (BLUE, LIGHT_BLUE, BLACK), "R": (RED, LIGHT_RED, BLACK),
                "G": (GREEN, LIGHT_GREEN, BLACK), "#": (LIGHT_GREY, WHITE, DARK_GREY)}
TILE_SPRITE = {"B": "tile_blue", "R": "tile_red", "G": "tile_green", "#": "tile_wall",
               ".": "empty"}
SEAT_LETTER = {"blue": "B", "red": "R", "green": "G"}
SEAT_FACE = {"blue": BLUE, "red": RED, "green": GREEN}
SEAT_LIGHT = {"blue": LIGHT_BLUE, "red": LIGHT_RED, "green": LIGHT_GREEN}
EMPTY, GRID, FRAME = WHITE, BLACK, LIGHT_GREY
FLIP_FRAMES = 6         # flip_<seat>_<1..6> in the sheet: squashed to 1 - i/6

# the board: 33 x 24 native pixels a square (grid line included) look square at 480/350
PITCH_X, PITCH_Y = 33, 24
BOARD_TOP = 48
STATUS_Y = 322          # text row 23
KEYLINE_Y = 336         # text row 24
TITLE_RECTS = [("new", pygame.Rect(160, 252, 320, 14)),
               ("resume", pygame.Rect(160, 268, 320, 14))]
ARROWS = [("prev", pygame.Rect(48, 20, 24, 14)), ("next", pygame.Rect(568, 20, 24, 14))]

# timings (seconds, at the app's animation speed)
FLIP_GAP = 0.06         # between the flips of one move (and their dos_flip sounds)
FLIP_TIME = 0.20        # one tile's flip
AFTER_MOVE = 0.25       # the computer waits this long after an animation
SKIP_PAUSE = 0.9        # ... and this long after "Green cannot move"
MESSAGE_TIME = 4.0      # a status line message
STICKY = 3600.0         # a message that stays (the game is over)


def board_name(n: int, short: bool = False) -> str:
    name = rules.BOARDS.get(n, "?")
    return name.split(" (")[0] if short else name


@functools.cache
def layout(n: int):
    """Board ``n`` as a game starts on it (See boards)."""
    return rules.new_game(seed=1992, board=n)


def draw_tile(surface, rect: pygame.Rect, letter: str, squash: float = 1.0) -> None:
    """One square: white when empty, else a raised tile (``squash`` < 1: mid-flip); drawn
    by games/tribolo/tiles.py, as the sprite sheet's tiles are."""
    from games.tribolo import tiles
    tiles.draw_tile(surface, rect, letter, squash)


def flip_sprite(old: str, new: str, p: float) -> str:
    """The sprite of a tile ``p`` (0..1) through its flip from ``old`` to ``new``: it
    shrinks to a line in its old colour and grows again in the new one."""
    i = round(FLIP_FRAMES * (1.0 - abs(1.0 - 2.0 * p)))
    letter = old if p < 0.5 else new
    return TILE_SPRITE[letter].replace("tile", "flip") + f"_{i}" if i else TILE_SPRITE[letter]


def key_bar(surface, items, hover) -> list:
    """The original's grey key line at the bottom; [(name, rect)] for clicks."""
    return dos.key_line(surface, items, KEYLINE_Y, fg=BLACK, key_fg=RED, bg=LIGHT_GREY,
                        hi=hover, hi_fg=WHITE, hi_bg=BLUE)


def frame_box(surface, rect, border, title=None, style="double", title_fg=YELLOW):
    return dos.draw_box(surface, rect, dos.Look(bg=BLACK, border=border, title=title_fg,
                                                shadow=None), style, title)


def result_text(state) -> str:
    if not state.is_over:
        return ""
    winners = [s for s in SEATS if s in state.winners()]
    if len(winners) == 1:
        return f"{winners[0].capitalize()} wins"
    if len(winners) == 3:
        return "A three-way tie"
    return f"A tie between {winners[0].capitalize()} and {winners[1].capitalize()}"


class TriboloScene(GameScene):
    keyline_rects: list = []     # [(command, rect)] of the key line drawn last
    hover = None                 # the key line item under the pointer
    game = "tribolo"
    entry = games.get("tribolo")
    uses_title = False          # its own title (until it moves onto the look's)
    name = "tribolo"
    settings_schema = SETTINGS
    min_think = 0.3
    resume_on_start = False                   # the title screen offers R to resume
    bench_start_keys = ("return", "return")   # "Press any key", then past "X goes first"

    def __init__(self, app, seed=None, demo: bool = False):
        self.mode = "play" if demo else "title"    # the title screen, then the game
        self.banner = None           # a dos.Dialog over the board (who goes first)
        super().__init__(app, seed=seed, demo=demo)
        self.save_name = AUTOSAVE_NAME
        self.title_choice = 0        # 0 new game, 1 resume (when an autosave exists)
        self.has_autosave = self.store.exists(AUTOSAVE_NAME)
        st = self.state
        self.cursor = BoardCursor(lambda p: self.grid.centre(*p), bounds=(st.width, st.height),
                                  start=(st.width // 2, st.height // 2))
        self.markers: list = []      # P: the possible squares
        self.best = None             # B: the square turning the most tiles
        self.announcements: list = []  # everything said on the status line (tests read it)
        self._board_image = None     # (key, surface): the still board, drawn once

    # -- what the house asks ----------------------------------------------------------------
    def game_options(self) -> dict:
        return {"board": self.settings["board"]}

    def declare_commands(self) -> list:
        def c(name, label, key, run, key_label="", pad=()):
            return Command(name, label, (key,), pad, run, shortcut=key.upper(),
                           key_label=key_label)
        sound = c("sound", "Sound", "s", self.cmd_sound, "S)ound")
        sound.checked = lambda: bool(self.app.settings["sound"])
        return [sound,
                c("save", "Save game", "v", self.cmd_save, "V)save"),
                c("load", "Load game", "l", self.cmd_load, "L)oad"),
                c("best", "Best square", "b", self.cmd_best, "B)est", ("x",)),
                c("undo", "Undo", "u", self.cmd_undo, "U)ndo", ("back",)),
                c("possible", "Possible squares", "p", self.cmd_possible, "P)ossible", ("y",)),
                c("new", "New game", "n", self.new_game, "N)ew"),
                c("scores", "Scores", "c", lambda: self.open_card(False), "C)scores"),
                c("see", "See boards", "e", lambda: self.open_card(True)),
                c("quit", "Quit", "q", self.quit, "Q)uit"),
                Command("menu", "Menu", run=self.open_menu, key_label="F10)menu")]

    def menu_model(self) -> list:
        """The pop-up menu: every command, then the seats, the level and the board."""
        levels = [(n, f"{n} of {len(ai.LEVELS)}") for n in ai.LEVELS]
        boards = [(n, f"{n} {board_name(n, True)}") for n in sorted(rules.BOARDS)]
        seats = [choice(s.capitalize(), [("human", "Human"), ("computer", "Computer")],
                        lambda s=s: self.seat_kind(s), lambda v, s=s: self.set_seat(s, v))
                 for s in SEATS]
        return (self.cmds.items("sound", "save", "load", "best", "undo", "possible", "new",
                                "scores", "see", "quit", "-")
                + seats + [choice("Level", levels, lambda: self.settings["level"],
                                  self.set_level),
                           choice("Board", boards, lambda: self.settings["board"],
                                  self.set_board),
                           separator(), MenuItem("Back to the game")])

    def holding(self) -> bool:
        """The computer waits for the flips and pauses, the title and "X goes first"."""
        return self.timeline.busy or self.mode == "title" or self.banner is not None

    def toast_lift(self) -> int:
        return 0 if self.mode == "title" else self.native_size[1] - STATUS_Y

    def on_transition(self, tr) -> None:
        """A move is animated; anything else (undo, new game, load) is just shown."""
        self.markers, self.best = [], None
        for name in ("place", "flip", "pause"):
            self.timeline.cancel(name)
        if tr.kind == "move":
            msg = self.timeline.get("message")
            if msg is not None and msg.duration < STICKY:
                self.timeline.cancel("message")   # a move makes old news of a message
            self.animate(tr.before, tr.after, tr.before.parse_move(tr.text))

    def on_game_over(self) -> None:
        st, board = self.state, self.board
        counts, winners = st.counts(), set(st.winners())

        def record(table):
            scores.record_game(table, board, winners)
            return (self.seat_kind("blue") == "human"
                    and scores.is_new_best(table, board, counts, winners))
        new_best = self.update_scores(record)
        human_won = any(self.seat_kind(s) == "human" for s in winners)
        self.app.play("dos_win" if human_won else "dos_lose")
        self.say("The game is over: " + result_text(st) + ".", YELLOW, STICKY)
        if self.demo:
            return
        self.app.push(InitialsScene(self, counts["blue"]) if new_best else FinalScene(self))

    def update_scores(self, change):
        """Change the score table through the store; what ``change`` returns (None when
        the table could not be written: the player is told, the game goes on)."""
        try:
            table = scores.load(self.store)
            out = change(table)
            scores.save(self.store, table)
            return out
        except OSError as exc:
            self.app.notice(f"The scores could not be kept ({exc.strerror or exc}).")
            return None

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

    def say(self, text: str, colour=WHITE, seconds: float = MESSAGE_TIME) -> None:
        """A message on the status line, for ``seconds``."""
        self.timeline.add("message", seconds, data=(text, colour), holds=False)
        self.announcements.append(text)
        del self.announcements[:-50]
        self.app.dirty = True

    def seat_kind(self, seat: str) -> str:
        return self.table.seats.get(seat, "human")

    @property
    def at_start(self) -> bool:
        """The start of a game: no person has moved yet (the computers may have)."""
        t = self.table
        return not t.state.is_over and not any(
            t.is_human(t.states[i].current) for i in range(t.index))

    # -- the flow -------------------------------------------------------------------------
    def start(self, resume: bool = False) -> None:
        """Leave the title screen: a new game (the seed's), or the autosaved one."""
        self.mode = "play"
        if resume and self.table.load(self.store, AUTOSAVE_NAME):
            self.say("The saved game is resumed.", LIGHT_CYAN)
        else:
            self.announce_first()

    def announce_first(self) -> None:
        first = self.state.current          # a new game always has a colour to move
        self.banner = dos.Dialog(
            f"Board {self.board}: {board_name(self.board)}",
            ["The computer decides who goes first...", "",
             (f"{first.upper()} goes first!", SEAT_FACE[first])],
            look=dos.GREY_BOX, footer="Press any key", centre=self.grid.rect_all.center)
        self.announcements.append(f"{first.capitalize()} goes first")
        self.app.play("dos_place")

    def new_game(self, seed=None) -> None:
        """N: a new game on the board setting (the one in hand is not recorded)."""
        super().new_game(seed)
        self.mode = "play"
        if not self.demo:
            self.announce_first()

    def animate(self, before, after, move) -> None:
        """The placed tile, then each flip, nearest first; then a pause the computer waits
        through (longer, with the dos_skip sound, when a colour cannot move)."""
        flips = sorted(before.flips(move), key=lambda sq: (
            max(abs(sq[0] - move[0]), abs(sq[1] - move[1])), sq))
        new = SEAT_LETTER[before.current]
        self.timeline.add("place", FLIP_GAP, cues=[(0.0, "dos_place")])
        length = FLIP_GAP * (len(flips) - 1) + FLIP_TIME
        squares = [(sq, before.cell(*sq), new, FLIP_GAP * i) for i, sq in enumerate(flips)]
        self.timeline.add("flip", length, delay=FLIP_GAP, data=squares,
                          cues=[(FLIP_GAP * i / length, "dos_flip") for i in range(len(flips))])
        skipped = () if after.is_over else before.skipped_after(move)
        if skipped:
            names = " and ".join(s.capitalize() for s in skipped)
            self.say(f"{names} cannot move: {'its' if len(skipped) == 1 else 'their'} "
                     f"turn is passed.", SEAT_LIGHT[skipped[0]])
        self.timeline.add("pause", (SKIP_PAUSE if skipped else AFTER_MOVE) - 0.05,
                          delay=FLIP_GAP + length + 0.05,
                          cues=[(0.0, "dos_skip")] if skipped else ())

    # -- input ----------------------------------------------------------------------------
    def handle(self, action) -> None:
        k = action.kind
        if self.mode == "title":
            self.handle_title(action)
            return
        self.cursor.seen(action)
        if k == "pointer_move":
            self.hover = dos.hit(self.keyline_rects, action.pos)
            sq = self.grid.at(action.pos)
            if sq is not None:
                self.cursor.place(sq)
        elif self.banner is not None:
            if k != "pointer_up":
                self.banner = None          # any key, click or button: on with the game
        elif k in ("up", "down", "left", "right"):
            self.cursor.step(k)
            self.app.play("dos_click")
        elif k == "confirm":
            self.cursor.show()
            self.place(self.cursor.pos)
        elif k in ("menu", "back") or (k == "pointer_down" and action.button == 3):
            self.open_menu()
        elif k == "command":
            self.cmds.run(action.name)
        elif k == "pointer_down" and action.button == 1:
            name = dos.hit(self.keyline_rects, action.pos)
            sq = self.grid.at(action.pos)
            if name is not None:
                self.cmds.run(name)
            elif sq is not None:
                self.cursor.place(sq)
                self.place(sq)

    def handle_title(self, action) -> None:
        k = action.kind
        if k in ("pointer_move", "pointer_up"):
            return
        if k == "back":
            self.app.pop()
        elif not self.has_autosave:
            self.start()
        elif k in ("up", "down", "left", "right"):
            self.title_choice = 1 - self.title_choice
            self.app.play("dos_click")
        elif k == "text" and action.char.lower() == "r":
            self.start(resume=True)
        elif k == "pointer_down" and dos.hit(TITLE_RECTS, action.pos):
            self.start(resume=dos.hit(TITLE_RECTS, action.pos) == "resume")
        else:
            self.start(resume=k == "confirm" and self.title_choice == 1)

    def place(self, square) -> bool:
        """A person's move on ``square``; False (and a buzz) when it cannot be played.
        Once the game is over: the final screen again."""
        st = self.state
        if st.is_over:
            self.app.push(FinalScene(self))
            return False
        if not self.table.human_to_move:
            self.say(f"Wait: {st.current.capitalize()} is thinking.", SEAT_LIGHT[st.current])
            return False
        if square not in st.legal_moves():
            try:
                st.play(square)
                why = "that square cannot be played"
            except (rules.IllegalMove, ValueError) as exc:
                why = str(exc)
            self.app.play("dos_error")
            self.say(f"Not there: {why}.", LIGHT_RED)
            return False
        self.timeline.finish("pause")        # "... cannot move" still sounds
        return self.play_move(square)

    # -- the original's keys ----------------------------------------------------------------
    def cmd_sound(self) -> None:
        self.say("Sound on." if self.toggle_sound() else "Sound off.", LIGHT_CYAN)

    def cmd_save(self) -> None:
        try:
            self.table.save(self.store, SAVE_NAME)
            self.say("Game saved. L loads it at the start of a game.", LIGHT_CYAN)
        except OSError as exc:
            self.say(f"The game could not be saved ({exc.strerror or exc}).", LIGHT_RED)

    def cmd_load(self) -> None:
        if not self.at_start:
            self.app.play("dos_error")
            self.say("Load only at the start of a game.", LIGHT_RED)
        elif not self.store.exists(SAVE_NAME):
            self.say("There is no saved game (V saves one).", LIGHT_RED)
        elif self.table.load(self.store, SAVE_NAME):
            self.banner = None
            self.say("Saved game loaded.", LIGHT_CYAN)

    def _my_turn(self, what: str) -> bool:
        if self.state.is_over:
            self.say("The game is over.", YELLOW)
            return False
        if not self.table.human_to_move:
            self.say(f"{what} is shown on your turn.", LIGHT_GREY)
            return False
        return True

    def cmd_best(self) -> None:
        if not self._my_turn("The best square"):
            return
        move = self.best = ai.best_move(self.state)
        self.cursor.place(move)
        self.cursor.show()
        n = len(self.state.flips(move))
        self.say(f"Best: {self.state.move_text(move)} turns {n} tile{'s' if n != 1 else ''}"
                 " (not always the best place!).", YELLOW)

    def cmd_possible(self) -> None:
        if not self._my_turn("Where you can go"):
            return
        if self.markers:
            self.markers = []
            self.say("Possible squares hidden.", LIGHT_GREY, 1.5)
            return
        self.markers = self.state.legal_moves()
        n = len(self.markers)
        self.say(f"{n} possible square{'s' if n != 1 else ''} for "
                 f"{self.state.current.capitalize()}.", SEAT_LIGHT[self.state.current])

    def cmd_undo(self) -> None:
        if self.state.is_over:
            self.say("The game is over and in the score card: no undo.", YELLOW)
        elif self.table.take_back():
            self.say("Move taken back.", LIGHT_CYAN)
        else:
            self.app.play("dos_error")
            self.say("Nothing to undo.", LIGHT_RED)

    def open_card(self, show_board: bool) -> None:
        self.app.push(CardScene(self, self.board, show_board))

    def open_menu(self) -> None:
        self.app.push(MenuScene(self))

    def quit(self) -> None:
        self.app.pop_to(self)
        self.app.pop()

    # -- options (the menu) ---------------------------------------------------------------
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
    def draw(self, surface) -> None:
        surface.fill(BLACK)
        if self.mode == "title":
            self.draw_title(surface)
            return
        self.draw_scores(surface)
        self.draw_board(surface)
        self.draw_status(surface)
        self.keyline_rects = key_bar(surface, self.cmds.key_line(), self.hover)
        if self.banner is not None:
            self.banner.draw(surface)

    def draw_title(self, surface) -> None:
        frame_box(surface, pygame.Rect(0, 0, 640, 350), LIGHT_BLUE)
        dos.centred(surface, "*  TRICADE PRESENTS  *", 28, LIGHT_CYAN)
        dos.big_text(surface, "TRIBOLO", 320, 52, YELLOW, scale=5, shadow=RED)
        dos.centred(surface, "\u2550" * 31, 128, LIGHT_BLUE)
        dos.centred(surface, "(Three Way Othello)", 146, WHITE)
        dos.centred(surface, "after the 1991-92 shareware game by William Soleau", 166,
                    LIGHT_GREY)
        for i, letter in enumerate("BRG#BRG#"):      # a row of tiles
            surface.blit(sprites.sheet("tribolo").get(TILE_SPRITE[letter]),
                         (320 - 4 * 34 + i * 34, 192))
        seats = ", ".join(f"{s.capitalize()} {self.seat_kind(s)}" for s in SEATS)
        dos.centred(surface, f"Board {self.board}: {board_name(self.board)}    {seats}", 226,
                    LIGHT_GREY)
        if self.has_autosave:
            for i, label in enumerate(("Press any key to begin",
                                       "Press R to resume the saved game")):
                on = self.title_choice == i
                dos.centred(surface, (" \u25b6 " if on else "   ") + label + "   ", 252 + 16 * i,
                            BLACK if on else WHITE, LIGHT_CYAN if on else None)
        else:
            dos.centred(surface, "Press any key to begin", 258, WHITE)
        dos.centred(surface, "Mouse, keys or gamepad.  F10, Tab or Start: the menu.", 300,
                    DARK_GREY)

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
            kind = "Human" if self.seat_kind(seat) == "human" else \
                f"Computer {self.table.levels.get(seat, 3)}"
            if seat in winners:
                kind = "WINNER" if len(winners) == 1 else "TIE"
            mark = "\u25b6" if current else " "
            dos.text(surface, f"{mark} {seat.upper():<6}{kind}", (inner.x, inner.y), look.fg)
            dos.text(surface, f"{counts[seat]:>3}", (inner.right - 4 * dos.CELL_W, inner.y),
                     YELLOW if current else WHITE)

    def draw_board(self, surface) -> None:
        st, grid, tiles = self.state, self.grid, sprites.sheet("tribolo")
        outer = grid.rect_all.inflate(4, 4)
        key = (st, tuple(self.markers), self.best)
        if self._board_image is None or self._board_image[0] != key:
            # the still board is drawn once per position and kept: a frame is one blit
            img = pygame.Surface(outer.size, 0, surface)
            img.fill(FRAME)
            img.fill(GRID, grid.rect_all.move(-outer.x, -outer.y))
            marks = set(self.markers)
            for r in range(st.height):
                for c in range(st.width):
                    name = TILE_SPRITE[st.cell(c, r)]
                    if name == "empty" and st.current is not None:
                        name = (f"best_{st.current}" if (c, r) == self.best else
                                f"possible_{st.current}" if (c, r) in marks else name)
                    img.blit(tiles.get(name), grid.rect(c, r).move(-outer.x, -outer.y))
            self._board_image = (key, img)
        surface.blit(self._board_image[1], outer.topleft)
        flip = self.timeline.get("flip")
        if flip is not None:
            t = flip.elapsed - flip.delay
            for sq, old, new, start in flip.data:
                p = min(1.0, max(0.0, (t - start) / FLIP_TIME))
                if p < 1.0:
                    surface.blit(tiles.get(flip_sprite(old, new, p)), grid.rect(*sq))
        last = self.table.last_move
        if last is not None and not self.timeline.running("flip"):
            dot = pygame.Rect(0, 0, 6, 4)          # the square just played, to follow it
            dot.center = grid.rect(*last).center
            surface.fill(WHITE, dot)
            pygame.draw.rect(surface, BLACK, dot, 1)
        if self.cursor.visible and not st.is_over:
            surface.blit(tiles.get("cursor"), grid.rect(*self.cursor.pos).move(-1, -1))

    def draw_status(self, surface) -> None:
        st, msg = self.state, self.timeline.get("message")
        if msg is not None:
            text, colour = msg.data
        elif st.is_over:
            text, colour = f"Game over: {result_text(st)}.  Enter: the results", YELLOW
        elif self.banner is not None:       # nobody thinks before the box is closed
            text, colour = "Press any key (or click) to begin.", WHITE
        else:
            text = (f"{st.current.upper()} to move: click a square, or arrows and Enter."
                    if self.table.human_to_move else f"{st.current.capitalize()} is thinking...")
            colour = SEAT_LIGHT[st.current]
        dos.centred(surface, text[:78], STATUS_Y, colour)


# -- dialogs and screens ----------------------------------------------------------------------

class BoxScene(dos.DialogScene):
    """A box over the game; a command key closes it and runs on the game, the menu key
    opens the game's menu, a click beside it closes it."""

    close_outside = True

    def run(self, name: str) -> None:
        """A command key: close the box, then run it on the game."""
        self.app.pop()
        self.game.cmds.run(name)

    def handle(self, action) -> None:
        if self.closes(action):
            self.app.pop()
            if action.kind == "menu" and not isinstance(self, MenuScene):
                self.game.open_menu()
        elif action.kind == "command":
            self.run(action.name)
        else:
            self.dialog.handle(action)


class MenuScene(BoxScene, dos.MenuScene):
    """The pop-up menu: every command of the key line, the seats, the level, the board."""

    name = "tribolo-menu"

    def __init__(self, game: TriboloScene):
        dos.MenuScene.__init__(self, game)
        self.commands, self.pad_commands = game.commands, game.pad_commands


class FinalScene(BoxScene):
    """The end of a game: the result, the counts, and what next."""

    name = "tribolo-final"
    commands = {"new": ["n"], "see": ["s"], "scores": ["c"], "quit": ["q"]}

    def __init__(self, game: TriboloScene):
        super().__init__(game)
        st = game.state
        counts = st.counts()
        winners = [s for s in SEATS if s in st.winners()]
        colour = SEAT_FACE[winners[0]] if len(winners) == 1 else BLACK
        lines = [(result_text(st).upper() + "!", colour), "",
                 "   ".join(f"{s.capitalize()} {counts[s]}" for s in SEATS),
                 f"Board {game.board}: {board_name(game.board)}"]
        items = [Item("N) New game", on_confirm=lambda: self.run("new")),
                 Item("S) See boards", on_confirm=lambda: self.run("see")),
                 Item("C) Scores", on_confirm=lambda: self.run("scores")),
                 Item("   Look at the board", on_confirm=self.app.pop),
                 Item("Q) Quit", on_confirm=lambda: self.run("quit"))]
        self.dialog = dos.Dialog("GAME OVER", lines, items, look=dos.GREY_BOX, cols=40,
                                 sound=self.click, centre=game.grid.rect_all.center)

    def run(self, name: str) -> None:
        if name == "new":
            self.app.pop()
        self.game.cmds.run(name)     # scores and boards open over this box; back returns


class InitialsScene(BoxScene):
    """Blue's best total ever on this board: three initials for the score card."""

    name = "tribolo-initials"

    def __init__(self, game: TriboloScene, total: int):
        super().__init__(game)
        self.total = total
        self.board = game.board
        lines = [(f"Blue turned {total} squares:", WHITE),
                 (f"the best ever on board {self.board}.", WHITE), "",
                 "Enter your initials:", "", "", "", ""]
        self.dialog = dos.Dialog("NEW BEST TOTAL", lines, look=dos.DIALOG, cols=40,
                                 footer="Type, or \u2191\u2193\u2190\u2192 and Enter",
                                 centre=game.grid.rect_all.center)
        inner = self.dialog.inner
        look = dos.menu_look(dos.Look(hi_fg=BLACK, hi_bg=YELLOW, dim=DARK_GREY, fg=WHITE,
                                      value=YELLOW))
        pos = (inner.centerx - (3 * 24 + 2 * 8 + 16 + 32) // 2, inner.y + 5 * dos.CELL_H + 2)
        self.entry = InitialsEntry(look, pos, game.settings["initials"], on_done=self.done,
                                   sound=self.click)

    def keep(self, initials: str) -> None:
        self.entry.done = True
        self.game.update_scores(lambda t: scores.set_best(t, self.board, self.total, initials))

    def done(self, initials: str) -> None:
        self.keep(initials)
        self.game.set_setting("initials", initials)
        self.game.say(f"Best blue total {self.total} by {initials}.", YELLOW)
        self.app.replace(FinalScene(self.game))

    def handle(self, action) -> None:
        if action.kind == "back" and self.entry.cursor == 0:
            self.entry.accept()          # Esc keeps the letters as they are
        else:
            self.entry.handle(action)

    def close(self) -> None:
        if not self.entry.done:          # closed some other way: keep the total anyway
            self.keep(self.entry.text)

    def draw(self, surface) -> None:
        self.dialog.draw(surface)
        self.entry.draw(surface)


class CardScene(LookScene):
    """The score card of a board (C), or a board's layout with its card (See boards).

    Left/right (or the arrows, or a click on the arrows) go through the boards; on See
    boards Enter (or a click on "Play this board") starts a new game on the board shown.
    """

    look = looks.DOS
    name = "tribolo-card"
    keyline_rects, hover = TriboloScene.keyline_rects, None

    def __init__(self, game: TriboloScene, board: int = STANDARD_BOARD,
                 show_board: bool = False):
        super().__init__(game.app)
        self.game = game
        self.boards = sorted(rules.BOARDS)
        self.index = self.boards.index(board) if board in self.boards else 0
        self.show_board = show_board
        self.table = scores.load(game.store)
        self.keys = [("\u2190)previous", "prev"), ("\u2192)next", "next")] + (
            [("Enter)Play this board", "play")] if show_board else []) + [("Esc)back", "back")]

    @property
    def board(self) -> int:
        return self.boards[self.index]

    def toast_lift(self) -> int:
        return self.native_size[1] - KEYLINE_Y

    def step(self, d: int) -> None:
        self.index = (self.index + d) % len(self.boards)
        self.app.play("dos_click")

    def play(self) -> None:
        """A new game on the board shown, kept as the board setting."""
        self.app.pop_to(self.game)
        self.game.set_board(self.board, start=True)

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
        elif (k == "confirm" or name == "play") and self.show_board:
            self.play()
        elif k in ("back", "confirm", "menu") or click:
            self.app.pop()

    def draw(self, surface) -> None:
        surface.fill(BLACK)
        frame_box(surface, pygame.Rect(0, 0, 640, 322), LIGHT_BLUE,
                  "SEE BOARDS" if self.show_board else "TRIBOLO SCORES")
        n = self.board
        (_, left), (_, right) = ARROWS
        dos.text(surface, "\u25c0", (left.x + 8, left.y), LIGHT_CYAN)
        dos.text(surface, "\u25b6", (right.x + 8, right.y), LIGHT_CYAN)
        dos.centred(surface, scores.board_title(n), left.y, WHITE)
        lines = scores.card_lines(self.table, n)
        y = 38
        if self.show_board:
            st = layout(n)
            grid = SquareGrid(((640 - st.width * 18 - 1) // 2, 40), (18, 13), st.width,
                              st.height, gap=1)
            surface.fill(FRAME, grid.rect_all.inflate(4, 4))
            surface.fill(GRID, grid.rect_all)
            for r in range(st.height):
                for c in range(st.width):
                    draw_tile(surface, grid.rect(c, r), st.cell(c, r))
            note = ("New tiles at random every game." if n == STANDARD_BOARD
                    else "The same start every game.")
            dos.centred(surface, note, grid.rect_all.bottom + 4, LIGHT_GREY)
            y = grid.rect_all.bottom + 19
        card = dos.box_rect(46, len(lines) + 2, pos=((640 - 46 * 8) // 2, y))
        inner = frame_box(surface, card, LIGHT_GREY, f"Score card of board {n}", "single",
                          LIGHT_CYAN)
        for i, line in enumerate(lines):
            colour = (SEAT_LIGHT.get(line.split()[0].lower(), WHITE) if 0 < i <= 3
                      else YELLOW if i == len(lines) - 1 else LIGHT_CYAN)
            dos.text(surface, line, (inner.x + 8, inner.y + i * dos.CELL_H), colour)
        if not self.show_board:
            summary = scores.summary_lines(self.table)
            y = card.bottom + 8
            dos.centred(surface, "All boards", y, LIGHT_CYAN)
            x = (640 - len(summary[0]) * 8) // 2
            for i, line in enumerate(summary):
                on = i > 0 and self.boards[i - 1] == n
                if on:
                    surface.fill(BLUE, (x - 8, y + (i + 1) * dos.CELL_H, len(summary[0]) * 8 + 16,
                                        dos.CELL_H))
                dos.text(surface, line, (x, y + (i + 1) * dos.CELL_H),
                         LIGHT_CYAN if i == 0 else WHITE if on else LIGHT_GREY)
        self.keyline_rects = key_bar(surface, self.keys, self.hover)


__all__ = ["TriboloScene", "MenuScene", "FinalScene", "InitialsScene", "CardScene"]
