"""Tribolo's screen: the DOS EGA game of 1991-92 (Soleau Software), on the Tricade shell.

640x350 in the 16 EGA colours, the ega8x14 font. The running score of each colour across
the top (the colour to move marked), the 16 x 11 board of white squares and grey tiles with
its grid, a status line and the original's key line at the bottom:
``S)ound V)save L)oad B)est U)ndo P)ossible N)ew C)scores Q)uit``.

Everything works with the keyboard, the mouse and a gamepad:
- the board: click a square; or arrows/d-pad/stick move a cursor and Enter/A places;
- the original's letter keys are scene commands; the key line is clickable too;
- F10/Tab/pad Start (and Esc/pad B) open a DOS pop-up menu with every command and the
  seat, level and board options; pad X = Best, Y = Possible, Back = Undo.

Choices where the original's documentation is silent (see also scores.py):
- The title screen says "Press any key"; then the computer picks who goes first (the
  game's seed does) and says so in a box, which any key or click (or 2.5 s) dismisses.
- A move animates: the placed tile appears with a dos_place blip, then each flipped tile,
  nearest first, 60 ms apart (one dos_flip each: the PC speaker has one voice), shrinks to a
  line and grows again in its new colour (0.2 s). The computer's next move waits for the
  animation and a short pause, so every move can be followed.
- A colour without a move is announced on the status line ("Green cannot move") with the
  dos_skip sound, and the computer holds a moment so it can be read.
- U takes back the last move of a person and the computer moves after it. U is refused
  once the game is over (it is already in the score card).
- L loads only at the start of a game, that is before any move by a person (a computer
  that goes first may have moved already); otherwise "Load only at the start of a game".
- The board option (menu) takes effect at once at the start of a game (as above),
  otherwise with the next new game. Seats and level take effect at once.
- If the player leaves mid-game (Q, Esc to the launcher, closing the window) the game is
  saved to ``saves/tribolo-autosave``; the title screen then offers "Press R to resume the
  saved game". A finished game removes the autosave. V/L use ``saves/tribolo`` as the
  original's sa<V>e and <L>oad did.
- The final screen (a box over the finished board) shows the result and the counts and
  offers N)ew game, S)ee boards (each preset board's layout with its own score card),
  C)scores and Q)uit; Esc closes it to look at the board (Enter brings it back).
"""

from __future__ import annotations

import time

import pygame

import games
from games.core.app import Scene
from games.core.table import Table
from games.tribolo import ai, rules, scores
from games.ui import dos
from games.ui.dos import (BLACK, BLUE, DARK_GREY, GREEN, LIGHT_BLUE, LIGHT_CYAN, LIGHT_GREEN,
                          LIGHT_GREY, LIGHT_MAGENTA, LIGHT_RED, RED, WHITE, YELLOW)
from games.ui.widgets import InitialsEntry, Item

GAME = "tribolo"
SAVE_NAME = "saves/tribolo"
AUTOSAVE_NAME = "saves/tribolo-autosave"
SEATS = rules.PLAYERS
STANDARD_BOARD = 7

# -- the look -----------------------------------------------------------------------------
# A tile is a raised square: (face, light edge, dark edge).
TILE_COLOURS = {
    "B": (BLUE, LIGHT_BLUE, BLACK),
    "R": (RED, LIGHT_RED, BLACK),
    "G": (GREEN, LIGHT_GREEN, BLACK),
    "#": (LIGHT_GREY, WHITE, DARK_GREY),
}
EMPTY = WHITE
GRID = BLACK
FRAME = LIGHT_GREY
SEAT_LETTER = {"blue": "B", "red": "R", "green": "G"}
SEAT_FACE = {"blue": BLUE, "red": RED, "green": GREEN}
SEAT_LIGHT = {"blue": LIGHT_BLUE, "red": LIGHT_RED, "green": LIGHT_GREEN}
CURSOR = LIGHT_MAGENTA
BEST = YELLOW

# the board: 33 x 24 native pixels a square (grid line included) look square at 480/350
PITCH_X, PITCH_Y = 33, 24
BOARD_TOP = 48
STATUS_Y = 322          # text row 23
KEYLINE_Y = 336         # text row 24

# timings (seconds; multiplied by the scene's ``speed``)
FLIP_GAP = 0.06         # between the flips of one move (and their dos_flip sounds)
FLIP_TIME = 0.20        # one tile's flip
AFTER_MOVE = 0.25       # the computer waits this long after an animation
SKIP_PAUSE = 0.9        # ... and this long after "Green cannot move"
BANNER_TIME = 2.5       # "Red goes first"
MESSAGE_TIME = 4.0      # a status line message
MIN_THINK = 0.3

KEY_LINE = [("S)ound", "sound"), ("V)save", "save"), ("L)oad", "load"), ("B)est", "best"),
            ("U)ndo", "undo"), ("P)ossible", "possible"), ("N)ew", "new"),
            ("C)scores", "scores"), ("Q)uit", "quit"), ("F10)menu", "menu")]

COMMANDS = {"sound": ["s"], "save": ["v"], "load": ["l"], "best": ["b"], "undo": ["u"],
            "possible": ["p"], "new": ["n"], "scores": ["c"], "quit": ["q"]}
PAD_COMMANDS = {"best": ["x"], "possible": ["y"], "undo": ["back"]}


def board_name(n: int, short: bool = False) -> str:
    name = rules.BOARDS.get(n, "?")
    return name.split(" (")[0] if short else name


def clean_game_settings(gs: dict) -> dict:
    """Tribolo's own settings, each bad value replaced by its default (in place)."""
    seats = gs.get("seats")
    if not isinstance(seats, dict):
        seats = {}
    gs["seats"] = {s: (seats.get(s) if seats.get(s) in ("human", "computer")
                       else ("human" if s == "blue" else "computer")) for s in SEATS}
    if gs.get("level") not in ai.LEVELS:
        gs["level"] = ai.DEFAULT_LEVEL
    if gs.get("board") not in rules.BOARDS:
        gs["board"] = STANDARD_BOARD
    initials = gs.get("initials")
    if not (isinstance(initials, str) and len(initials) == 3 and initials.isalpha()):
        gs["initials"] = "AAA"
    return gs


def draw_tile(surface, rect: pygame.Rect, letter: str, squash: float = 1.0) -> None:
    """One square: white when empty, else a raised tile (``squash`` < 1: mid-flip)."""
    surface.fill(EMPTY, rect)
    if letter not in TILE_COLOURS:
        return
    face, light, dark = TILE_COLOURS[letter]
    h = max(1, round(rect.h * squash)) if squash < 1.0 else rect.h
    r = pygame.Rect(rect.x, rect.y + (rect.h - h) // 2, rect.w, h)
    surface.fill(face, r)
    edge = 2 if r.h >= 8 and r.w >= 8 else 1 if r.h >= 3 else 0
    if edge:
        surface.fill(light, (r.x, r.y, r.w, edge))
        surface.fill(light, (r.x, r.y, edge, r.h))
        surface.fill(dark, (r.x, r.bottom - edge, r.w, edge))
        surface.fill(dark, (r.right - edge, r.y + edge, edge, r.h - edge))


def draw_board(surface, state, origin, pitch=(PITCH_X, PITCH_Y), frame=FRAME) -> pygame.Rect:
    """A whole board without animation (the See boards screen)."""
    px, py = pitch
    x0, y0 = origin
    rect = pygame.Rect(x0, y0, state.width * px + 1, state.height * py + 1)
    surface.fill(frame, rect.inflate(4, 4))
    surface.fill(GRID, rect)
    for r in range(state.height):
        for c in range(state.width):
            draw_tile(surface, pygame.Rect(x0 + c * px + 1, y0 + r * py + 1, px - 1, py - 1),
                      state.cell(c, r))
    return rect


def sound_menu_item(app) -> Item:
    def toggle(_step=1):
        app.settings["sound"] = not app.settings["sound"]
        app.apply_settings()
        app.save_settings()
    return Item("S  Sound", value=lambda: "On" if app.settings["sound"] else "Off",
                on_change=toggle)


class TriboloScene(Scene):
    name = GAME
    native_size = dos.SCREEN
    pixel_aspect = 480 / 350
    font_name = dos.FONT_NAME
    toast_colors = (WHITE, BLUE)
    commands = COMMANDS
    pad_commands = PAD_COMMANDS
    bench_start_keys = ("return", "return")   # "Press any key", then past "X goes first"

    def __init__(self, app, seed=None):
        super().__init__(app)
        self.gs = clean_game_settings(app.game_settings(GAME))
        try:
            ai_options = games.get(GAME).ai_options
        except KeyError:
            ai_options = {}
        self.table = Table(GAME, "games.tribolo.rules", "games.tribolo.ai",
                           worker=app.worker, seats=dict(self.gs["seats"]),
                           levels=self.gs["level"], seed=seed,
                           options={"board": self.gs["board"]}, ai_options=ai_options,
                           min_think=MIN_THINK, notify=app.notice)
        self.speed = 1.0            # tests set 0: no animation, no pauses
        self.mode = "title"          # "title", then "play"
        self.title_choice = 0        # 0 new game, 1 resume (when an autosave exists)
        self.has_autosave = app.store.exists(AUTOSAVE_NAME)
        self.now = time.monotonic()
        self.cursor = [self.table.state.width // 2, self.table.state.height // 2]
        self.cursor_visible = False
        self.markers: list = []      # P: the possible squares
        self.best = None             # B: the square turning the most tiles
        self.message = None          # (text, colour, until)
        self.banner = None           # a dos.Dialog over the board (who goes first)
        self.banner_until = 0.0
        self.anim: dict = {}         # square -> (old letter, new letter, start time)
        self.anim_end = 0.0
        self.pause_until = 0.0
        self.sound_queue: list = []  # (time, sound name), in order
        self.announcements: list = []  # everything said on the status line (tests read it)
        self.keyline_rects: list = []
        self.hover = None
        self._board_image = None     # (key, surface): the still board, drawn once
        self._reset_game_flags()
        self.shown = self.table.state
        self.shown_index = self.table.index
        self.seen_changed = self.table.changed

    # -- small helpers ------------------------------------------------------------------
    def _reset_game_flags(self) -> None:
        self.ended = False           # the end of this game has been handled
        self.recorded = False        # ... and recorded in the score card
        self.result = None           # {"winners", "counts", "board"} once over

    @property
    def state(self):
        return self.table.state

    @property
    def board(self) -> int:
        return int(self.table.options.get("board", STANDARD_BOARD))

    def origin(self) -> tuple:
        s = self.state
        w = s.width * PITCH_X + 1
        return ((640 - w) // 2, BOARD_TOP)

    def board_rect(self) -> pygame.Rect:
        x, y = self.origin()
        s = self.state
        return pygame.Rect(x, y, s.width * PITCH_X + 1, s.height * PITCH_Y + 1)

    def square_rect(self, col: int, row: int) -> pygame.Rect:
        """The inside of square (col, row) in native pixels (a click there plays it)."""
        x, y = self.origin()
        return pygame.Rect(x + col * PITCH_X + 1, y + row * PITCH_Y + 1, PITCH_X - 1,
                           PITCH_Y - 1)

    def square_at(self, pos):
        if pos is None:
            return None
        x, y = self.origin()
        c, r = (pos[0] - x) // PITCH_X, (pos[1] - y) // PITCH_Y
        if 0 <= c < self.state.width and 0 <= r < self.state.height and pos[0] >= x \
                and pos[1] >= y:
            return (c, r)
        return None

    def say(self, text: str, colour=WHITE, seconds: float = MESSAGE_TIME) -> None:
        """A message on the status line."""
        self.message = (text, colour, self.now + seconds)
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

    def busy(self) -> bool:
        """True while the screen shows something the computer must wait for."""
        return bool(self.anim) or self.banner is not None or self.now < self.pause_until

    # -- the flow -------------------------------------------------------------------------
    def enter(self) -> None:
        self.now = time.monotonic()

    def resume(self) -> None:
        self.now = time.monotonic()
        self.has_autosave = self.app.store.exists(AUTOSAVE_NAME)

    def start(self, resume: bool = False) -> None:
        """Leave the title screen: a new game (the seed's), or the autosaved one."""
        self.mode = "play"
        if resume and self.table.load(self.app.store, AUTOSAVE_NAME):
            self._loaded()
            self.say("The saved game is resumed.", LIGHT_CYAN)
            return
        self._announce_first()

    def _announce_first(self) -> None:
        first = self.state.current
        name = first.upper() if first else "NOBODY"
        self.banner = dos.Dialog(
            f"Board {self.board}: {board_name(self.board)}",
            ["The computer decides who goes first...", "", (f"{name} goes first!",
                                                           SEAT_FACE.get(first, BLACK))],
            look=dos.GREY_BOX, footer="Press any key", centre=self.board_rect().center)
        self.banner_until = self.now + BANNER_TIME
        self.announcements.append(f"{first.capitalize() if first else 'Nobody'} goes first")
        self.app.play("dos_place")

    def new_game(self, announce: bool = True) -> None:
        """N: a new game (the one in hand is not recorded)."""
        self.table.new_game(seed=None, options={"board": self.gs["board"]})
        self._reset_game_flags()
        self.anim, self.sound_queue = {}, []
        self.message = None
        self.mode = "play"
        self._sync(animate=False)
        if announce:
            self._announce_first()

    def update(self, dt: float) -> bool:
        self.now = now = time.monotonic()
        if self.mode == "title":
            return False
        changed = False
        while self.sound_queue and self.sound_queue[0][0] <= now:
            self.app.play(self.sound_queue.pop(0)[1])
        if self.anim and now >= self.anim_end:
            self.anim = {}
            changed = True
        if self.banner is not None and now >= self.banner_until:
            self.banner = None
            changed = True
        if self.message is not None and now >= self.message[2]:
            self.message = None
            changed = True
        self.table.hold = self.busy()
        try:
            self.table.update()
        except RuntimeError as exc:
            seat = self.state.current
            self.table.set_seat(seat, "human")
            self.app.notice(f"The computer player failed ({exc}); {seat} is played by a "
                            f"person now.")
        if self._sync():
            changed = True
        if self.state.is_over and not self.ended and not self.busy():
            self._game_over()
            changed = True
        return changed or bool(self.anim)

    def animating(self) -> bool:
        return self.mode == "play" and bool(self.anim)

    def _sync(self, animate: bool = True) -> bool:
        """Notice a change of the table: a move is animated, anything else just shown."""
        t = self.table
        if t.changed == self.seen_changed and self.shown is t.state:
            return False
        before, before_index = self.shown, self.shown_index
        self.seen_changed = t.changed
        self.shown, self.shown_index = t.state, t.index
        self.markers, self.best = [], None
        if self.message is not None and self.message[2] - self.now < 3000:
            self.message = None          # a move (or undo...) makes old news of a message
        if (animate and t.index == before_index + 1 and t.index <= len(t.moves)
                and t.states[before_index] is before):
            self._animate(before, t.state, before.parse_move(t.moves[t.index - 1]))
        else:
            self.anim, self.sound_queue, self.pause_until = {}, [], 0.0
        return True

    def _loaded(self) -> None:
        """A game was loaded (V's save or the autosave): show it as it stands."""
        self.banner = None
        self._reset_game_flags()
        # a finished game that was saved is not recorded a second time
        self.ended = self.recorded = self.state.is_over
        self._sync(animate=False)

    def _animate(self, before, after, move) -> None:
        mover = before.current
        flips = before.flips(move)
        flips.sort(key=lambda sq: (max(abs(sq[0] - move[0]), abs(sq[1] - move[1])), sq))
        t0 = self.now
        gap, dur = FLIP_GAP * self.speed, FLIP_TIME * self.speed
        new = SEAT_LETTER[mover]
        self.anim = {}
        self.sound_queue = [(t0, "dos_place")]
        for i, sq in enumerate(flips):
            start = t0 + gap * (i + 1)
            self.anim[sq] = (before.cell(*sq), new, start)
            self.sound_queue.append((start, "dos_flip"))
        self.anim_end = t0 + gap * len(flips) + dur + 1e-6
        if not self.anim:
            self.anim_end = t0
        pause = AFTER_MOVE
        skipped = () if after.is_over else before.skipped_after(move)
        if skipped:
            names = " and ".join(s.capitalize() for s in skipped)
            self.say(f"{names} cannot move: {'its' if len(skipped) == 1 else 'their'} "
                     f"turn is passed.", SEAT_LIGHT[skipped[0]])
            self.sound_queue.append((self.anim_end + 0.05 * self.speed, "dos_skip"))
            pause = SKIP_PAUSE
        self.pause_until = self.anim_end + pause * self.speed

    def finish_animation(self) -> None:
        """Show the end of the running animation at once (a person moves meanwhile)."""
        for _t, name in self.sound_queue[-1:]:
            if name == "dos_skip":
                self.app.play(name)
        self.anim, self.sound_queue = {}, []
        self.pause_until = 0.0

    def _game_over(self) -> None:
        self.ended = True
        st = self.state
        counts = st.counts()
        winners = set(st.winners())
        self.result = {"winners": winners, "counts": counts, "board": self.board}
        new_best = False
        if not self.recorded:
            table = scores.load(self.app.store)
            scores.record_game(table, self.board, winners)
            new_best = (self.seat_kind("blue") == "human"
                        and scores.is_new_best(table, self.board, counts, winners))
            scores.save(self.app.store, table)
            self.recorded = True
        self.app.store.delete(AUTOSAVE_NAME)
        human_won = any(self.seat_kind(s) == "human" for s in winners)
        self.app.play("dos_win" if human_won else "dos_lose")
        self.say("The game is over: " + self.result_text() + ".", YELLOW, 3600)
        if new_best:
            self.app.push(InitialsScene(self, counts["blue"]))
        else:
            self.app.push(FinalScene(self))

    def result_text(self) -> str:
        if not self.state.is_over:
            return ""
        winners = [s for s in SEATS if s in self.state.winners()]
        if len(winners) == 1:
            return f"{winners[0].capitalize()} wins"
        if len(winners) == 3:
            return "A three-way tie"
        return f"A tie between {winners[0].capitalize()} and {winners[1].capitalize()}"

    # -- input ----------------------------------------------------------------------------
    def handle(self, action) -> None:
        self.now = time.monotonic()
        if self.mode == "title":
            self._handle_title(action)
            return
        k = action.kind
        if k == "pointer_move":
            self.hover = dos.hit(self.keyline_rects, action.pos)
            sq = self.square_at(action.pos)
            if sq is not None and list(sq) != self.cursor:
                self.cursor = list(sq)
            self.cursor_visible = False
            return
        if self.banner is not None and k not in ("pointer_up",):
            self.banner = None          # any key or click: on with the game
            if k != "command":
                return
        if k in ("up", "down", "left", "right"):
            dx, dy = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}[k]
            if self.cursor_visible:
                self.cursor[0] = max(0, min(self.state.width - 1, self.cursor[0] + dx))
                self.cursor[1] = max(0, min(self.state.height - 1, self.cursor[1] + dy))
            self.cursor_visible = True
            self.app.play("dos_click")
        elif k == "confirm":
            if self.state.is_over:
                self.app.push(FinalScene(self))
                return
            self.cursor_visible = True
            self.place(tuple(self.cursor))
        elif k in ("menu", "back"):
            self.app.push(MenuScene(self))
        elif k == "command":
            self.command(action.name)
        elif k == "pointer_down" and action.button == 1:
            name = dos.hit(self.keyline_rects, action.pos)
            if name == "menu":
                self.app.push(MenuScene(self))
            elif name is not None:
                self.command(name)
            else:
                sq = self.square_at(action.pos)
                if sq is not None:
                    self.cursor = list(sq)
                    self.cursor_visible = False
                    if self.state.is_over:
                        self.app.push(FinalScene(self))
                    else:
                        self.place(sq)
        elif k == "pointer_down" and action.button == 3:
            self.app.push(MenuScene(self))

    def _handle_title(self, action) -> None:
        k = action.kind
        if k in ("pointer_move", "pointer_up"):
            return
        if k == "back":
            self.app.pop()
            return
        if k in ("up", "down", "left", "right") and self.has_autosave:
            self.title_choice = 1 - self.title_choice
            self.app.play("dos_click")
            return
        if k == "text" and action.char.lower() == "r" and self.has_autosave:
            self.start(resume=True)
            return
        if k == "pointer_down" and self.has_autosave:
            hit = dos.hit(self.title_rects(), action.pos)
            if hit is not None:
                self.start(resume=hit == "resume")
                return
        if k == "confirm" and self.has_autosave:
            self.start(resume=self.title_choice == 1)
            return
        self.start(resume=False)

    def place(self, square) -> bool:
        """A person's move on ``square``; False (and a buzz) when it cannot be played."""
        st = self.state
        if self.mode != "play":
            return False
        if st.is_over:
            self.say("The game is over.", YELLOW)
            return False
        if not self.table.human_to_move:
            self.say(f"Wait: {st.current.capitalize()} is thinking.", SEAT_LIGHT[st.current])
            return False
        if square not in st.legal_moves():
            try:
                st.play(square)
                why = "That square cannot be played."
            except (rules.IllegalMove, ValueError) as exc:
                why = str(exc)
            self.app.play("dos_error")
            self.say(why[0].upper() + why[1:] + ".", LIGHT_RED)
            return False
        if self.anim or self.sound_queue:
            self.finish_animation()
        self.table.play(square)
        self._sync()
        return True

    # -- the original's keys ----------------------------------------------------------------
    def command(self, name: str) -> None:
        if self.mode == "title":
            self.start()
            return
        getattr(self, "cmd_" + name)()

    def cmd_sound(self) -> None:
        s = self.app.settings
        s["sound"] = not s["sound"]
        self.app.apply_settings()
        self.app.save_settings()
        self.say("Sound on." if s["sound"] else "Sound off.", LIGHT_CYAN)

    def cmd_save(self) -> None:
        try:
            self.table.save(self.app.store, SAVE_NAME)
        except OSError as exc:
            self.say(f"The game could not be saved ({exc}).", LIGHT_RED)
            return
        self.say("Game saved. L loads it at the start of a game.", LIGHT_CYAN)

    def cmd_load(self) -> None:
        if not self.at_start:
            self.app.play("dos_error")
            self.say("Load only at the start of a game.", LIGHT_RED)
            return
        if not self.app.store.exists(SAVE_NAME):
            self.say("There is no saved game (V saves one).", LIGHT_RED)
            return
        if self.table.load(self.app.store, SAVE_NAME):
            self._loaded()
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
        move = ai.best_move(self.state)
        self.best = move
        self.cursor = list(move)
        self.cursor_visible = True
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
            return
        if self.table.take_back():
            self._sync(animate=False)
            self.say("Move taken back.", LIGHT_CYAN)
        else:
            self.app.play("dos_error")
            self.say("Nothing to undo.", LIGHT_RED)

    def cmd_new(self) -> None:
        self.new_game()

    def cmd_scores(self) -> None:
        self.app.push(CardScene(self.app, self.board, show_board=False))

    def cmd_see(self) -> None:
        self.app.push(CardScene(self.app, self.board, show_board=True))

    def cmd_quit(self) -> None:
        self.app.pop_to(self)
        self.app.pop()

    def cmd_menu(self) -> None:
        self.app.push(MenuScene(self))

    # -- options (the menu) ---------------------------------------------------------------
    def set_seat(self, seat: str, kind: str) -> None:
        self.table.set_seat(seat, kind)
        self.gs["seats"][seat] = kind
        self.app.save_settings()

    def set_level(self, level: int) -> None:
        self.table.set_level(level)
        self.gs["level"] = level
        self.app.save_settings()

    def set_board(self, board: int) -> None:
        self.gs["board"] = board
        self.app.save_settings()
        if self.at_start:
            self.new_game(announce=True)
        else:
            self.say(f"Board {board} ({board_name(board)}) from the next new game (N).",
                     LIGHT_CYAN)

    def close(self) -> None:
        """Leaving: a game in progress is kept for "Press R to resume"."""
        self.table.close()
        t = self.table
        try:
            if self.mode == "play" and t.index > 0 and not t.state.is_over:
                t.save(self.app.store, AUTOSAVE_NAME)
        except OSError as exc:
            self.app.notice(f"The game could not be saved for later ({exc}).")

    # -- drawing --------------------------------------------------------------------------
    def draw(self, surface) -> None:
        surface.fill(BLACK)
        if self.mode == "title":
            self.draw_title(surface)
            return
        self.draw_scores(surface)
        self.draw_board(surface)
        self.draw_status(surface)
        self.keyline_rects = dos.key_line(surface, KEY_LINE, KEYLINE_Y, fg=BLACK, key_fg=RED,
                                          bg=LIGHT_GREY, hi=self.hover, hi_fg=WHITE,
                                          hi_bg=BLUE)
        if self.banner is not None:
            self.banner.draw(surface)

    def title_rects(self) -> list:
        return [("new", pygame.Rect(160, 252, 320, 14)),
                ("resume", pygame.Rect(160, 268, 320, 14))]

    def draw_title(self, surface) -> None:
        dos.draw_box(surface, pygame.Rect(0, 0, 640, 350),
                     dos.Look(bg=BLACK, border=LIGHT_BLUE, shadow=None), "double")
        dos.centred(surface, "*  TRICADE PRESENTS  *", 28, LIGHT_CYAN)
        dos.big_text(surface, "TRIBOLO", 320, 52, YELLOW, scale=5, shadow=RED)
        dos.centred(surface, "\u2550" * 31, 128, LIGHT_BLUE)
        dos.centred(surface, "(Three Way Othello)", 146, WHITE)
        dos.centred(surface, "after the 1991-92 shareware game by William Soleau", 166,
                    LIGHT_GREY)
        # a row of tiles: blue, red, green and grey
        x = 320 - 4 * 34
        for i, letter in enumerate("BRG#BRG#"):
            draw_tile(surface, pygame.Rect(x + i * 34, 192, 32, 23), letter)
        seats = ", ".join(f"{s.capitalize()} {self.seat_kind(s)}" for s in SEATS)
        dos.centred(surface, f"Board {self.board}: {board_name(self.board)}    {seats}", 226,
                    LIGHT_GREY)
        if self.has_autosave:
            for i, (label, name) in enumerate((("Press any key to begin", "new"),
                                               ("Press R to resume the saved game",
                                                "resume"))):
                on = self.title_choice == i
                y = 252 + 16 * i
                dos.centred(surface, (" \u25b6 " if on else "   ") + label + "   ", y,
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
            rect = pygame.Rect(8 + i * 208, 2, 208, 42)
            current = st.current == seat
            if current:
                look = dos.Look(fg=WHITE, bg=SEAT_FACE[seat], border=WHITE, shadow=None)
            elif seat in winners:
                look = dos.Look(fg=YELLOW, bg=BLACK, border=YELLOW, shadow=None)
            else:
                look = dos.Look(fg=SEAT_LIGHT[seat], bg=BLACK, border=DARK_GREY, shadow=None)
            inner = dos.draw_box(surface, rect, look, "double" if current else "single")
            kind = "Human" if self.seat_kind(seat) == "human" else \
                f"Computer {self.table.levels.get(seat, 3)}"
            if seat in winners:
                kind = "WINNER" if len(winners) == 1 else "TIE"
            mark = "\u25b6" if current else " "
            dos.text(surface, f"{mark} {seat.upper():<6}{kind}", (inner.x, inner.y), look.fg)
            n = f"{counts[seat]:>3}"
            dos.text(surface, n, (inner.right - 4 * dos.CELL_W, inner.y),
                     YELLOW if current else WHITE)

    def draw_board(self, surface) -> None:
        st = self.state
        rect = self.board_rect()
        outer = rect.inflate(4, 4)
        mover = st.current
        key = (st, tuple(self.markers), self.best)
        if self._board_image is None or self._board_image[0] != key:
            # the still board is drawn once per position and kept: a frame is one blit
            img = pygame.Surface(outer.size, 0, surface)
            img.fill(FRAME)
            dx, dy = -outer.x, -outer.y
            img.fill(GRID, rect.move(dx, dy))
            marks = set(self.markers)
            for r in range(st.height):
                for c in range(st.width):
                    cell = self.square_rect(c, r).move(dx, dy)
                    letter = st.cell(c, r)
                    draw_tile(img, cell, letter)
                    if letter == "." and mover is not None:
                        if (c, r) == self.best:
                            img.fill(BEST, cell.inflate(-4, -4))
                            img.fill(SEAT_FACE[mover], cell.inflate(-14, -10))
                        elif (c, r) in marks:
                            img.fill(SEAT_FACE[mover], cell.inflate(-20, -14))
            self._board_image = (key, img)
        surface.blit(self._board_image[1], outer.topleft)
        now, dur = self.now, max(1e-6, FLIP_TIME * self.speed)
        for sq, (old, new, start) in self.anim.items():
            p = 0.0 if now <= start else min(1.0, (now - start) / dur)
            if p < 1.0:
                draw_tile(surface, self.square_rect(*sq), old if p < 0.5 else new,
                          abs(1.0 - 2.0 * p))
        if self.cursor_visible and not st.is_over:
            cell = self.square_rect(*self.cursor)
            pygame.draw.rect(surface, CURSOR, cell.inflate(2, 2), 3)
            pygame.draw.rect(surface, BLACK, cell.inflate(-4, -4), 1)

    def draw_status(self, surface) -> None:
        st = self.state
        if self.message is not None:
            text, colour = self.message[0], self.message[1]
        elif st.is_over:
            text, colour = f"Game over: {self.result_text()}.  Enter: the results", YELLOW
        elif self.table.human_to_move:
            seat = st.current
            text = f"{seat.upper()} to move: click a square, or arrows and Enter."
            colour = SEAT_LIGHT[seat]
        else:
            seat = st.current
            text, colour = f"{seat.capitalize()} is thinking...", SEAT_LIGHT[seat]
        dos.centred(surface, text[:78], STATUS_Y, colour)


# -- dialogs and screens ----------------------------------------------------------------------

class DosDialogScene(Scene):
    """A dialog box over the game (transparent), in the same 640x350 EGA format."""

    native_size = dos.SCREEN
    pixel_aspect = 480 / 350
    font_name = dos.FONT_NAME
    toast_colors = (WHITE, BLUE)
    transparent = True

    def __init__(self, game: TriboloScene):
        super().__init__(game.app)
        self.game = game

    def click(self, what: str) -> None:
        self.app.play("dos_click")

    def menu_sound(self, what: str) -> None:
        self.app.play("dos_click")


class MenuScene(DosDialogScene):
    """The pop-up menu: every command of the key line, the seats, the level, the board."""

    name = "tribolo-menu"
    commands = dict(COMMANDS, see=["e"])
    pad_commands = PAD_COMMANDS

    def __init__(self, game: TriboloScene):
        super().__init__(game)
        g = game
        app = game.app

        def run(name):
            return lambda: self.run(name)

        def seat_item(seat):
            def change(_step=1):
                g.set_seat(seat, "computer" if g.seat_kind(seat) == "human" else "human")
            return Item(f"   {seat.capitalize()}", value=lambda: g.seat_kind(seat).capitalize(),
                        on_change=change)

        def level(step):
            levels = list(ai.LEVELS)
            i = levels.index(g.gs["level"]) if g.gs["level"] in levels else 0
            g.set_level(levels[(i + step) % len(levels)])

        def board(step):
            boards = sorted(rules.BOARDS)
            i = boards.index(g.gs["board"]) if g.gs["board"] in boards else 0
            g.set_board(boards[(i + step) % len(boards)])

        items = [
            sound_menu_item(app),
            Item("V  Save game", on_confirm=run("save")),
            Item("L  Load game", on_confirm=run("load")),
            Item("B  Best square", on_confirm=run("best")),
            Item("U  Undo", on_confirm=run("undo")),
            Item("P  Possible squares", on_confirm=run("possible")),
            Item("N  New game", on_confirm=run("new")),
            Item("C  Scores", on_confirm=run("scores")),
            Item("E  See boards", on_confirm=run("see")),
            Item("Q  Quit", on_confirm=run("quit")),
            dos.separator_item(),
            seat_item("blue"), seat_item("red"), seat_item("green"),
            Item("   Level", value=lambda: f"{g.gs['level']} of {len(ai.LEVELS)}",
                 on_change=level),
            Item("   Board", value=lambda: f"{g.gs['board']} {board_name(g.gs['board'], True)}",
                 on_change=board),
            dos.separator_item(),
            Item("   Back to the game", on_confirm=self.app.pop),
        ]
        self.dialog = dos.Dialog("MENU", items=items, cols=36, sound=self.menu_sound,
                                 footer="\u2191\u2193 choose  \u2190\u2192 change  Enter")

    @property
    def menu(self):
        return self.dialog.menu

    def run(self, name: str) -> None:
        """A command chosen in the menu: close the menu, then do it on the game."""
        self.app.pop()
        self.game.command(name)

    def handle(self, action) -> None:
        k = action.kind
        if k in ("menu", "back"):
            self.app.pop()
            return
        if k == "command":
            if action.name == "sound":
                self.menu.items[0].on_change(1)
                return
            self.run(action.name)
            return
        if k == "pointer_down" and not self.dialog.contains(action.pos):
            self.app.pop()
            return
        self.dialog.handle(action)

    def draw(self, surface) -> None:
        self.dialog.draw(surface)


class FinalScene(DosDialogScene):
    """The end of a game: the result, the counts, and what next."""

    name = "tribolo-final"
    commands = {"new": ["n"], "see": ["s"], "scores": ["c"], "quit": ["q"]}

    def __init__(self, game: TriboloScene):
        super().__init__(game)
        st = game.state
        counts = st.counts()
        winners = [s for s in SEATS if s in st.winners()]
        colour = SEAT_FACE[winners[0]] if len(winners) == 1 else BLACK
        result = game.result_text().upper() + "!"
        lines = [(result, colour), "",
                 "   ".join(f"{s.capitalize()} {counts[s]}" for s in SEATS),
                 f"Board {game.board}: {board_name(game.board)}"]
        items = [Item("N) New game", on_confirm=lambda: self.run("new")),
                 Item("S) See boards", on_confirm=lambda: self.run("see")),
                 Item("C) Scores", on_confirm=lambda: self.run("scores")),
                 Item("   Look at the board", on_confirm=self.app.pop),
                 Item("Q) Quit", on_confirm=lambda: self.run("quit"))]
        self.dialog = dos.Dialog("GAME OVER", lines, items, look=dos.GREY_BOX, cols=40,
                                 sound=self.menu_sound,
                                 centre=game.board_rect().center)

    @property
    def menu(self):
        return self.dialog.menu

    def run(self, name: str) -> None:
        game = self.game
        if name == "quit":
            game.cmd_quit()
            return
        if name == "new":
            self.app.pop()
            game.new_game()
            return
        # scores and boards open over this box; back returns here
        game.command(name)

    def handle(self, action) -> None:
        k = action.kind
        if k == "back":
            self.app.pop()
        elif k == "command":
            self.run(action.name)
        elif k == "menu":
            self.app.pop()
            self.game.cmd_menu()
        else:
            self.dialog.handle(action)

    def draw(self, surface) -> None:
        self.dialog.draw(surface)


class InitialsScene(DosDialogScene):
    """Blue's best total ever on this board: three initials for the score card."""

    name = "tribolo-initials"
    commands: dict = {}          # every letter is a letter here

    def __init__(self, game: TriboloScene, total: int):
        super().__init__(game)
        self.total = total
        self.board = game.board
        lines = [(f"Blue turned {total} squares:", WHITE),
                 (f"the best ever on board {self.board}.", WHITE), "",
                 "Enter your initials:", "", "", "", ""]
        self.dialog = dos.Dialog("NEW BEST TOTAL", lines, look=dos.DIALOG, cols=40,
                                 footer="Type, or \u2191\u2193\u2190\u2192 and Enter",
                                 centre=game.board_rect().center)
        inner = self.dialog.inner
        look = dos.menu_look(dos.Look(hi_fg=BLACK, hi_bg=YELLOW, dim=DARK_GREY, fg=WHITE,
                                      value=YELLOW))
        entry_w = 3 * 24 + 2 * 8 + 16 + 32
        pos = (inner.centerx - entry_w // 2, inner.y + 5 * dos.CELL_H + 2)
        self.entry = InitialsEntry(look, pos, game.gs.get("initials", "AAA"),
                                   on_done=self.done, sound=self.menu_sound)

    def done(self, initials: str) -> None:
        table = scores.load(self.app.store)
        scores.set_best(table, self.board, self.total, initials)
        scores.save(self.app.store, table)
        self.game.gs["initials"] = initials
        self.app.save_settings()
        self.game.say(f"Best blue total {self.total} by {initials}.", YELLOW)
        self.app.replace(FinalScene(self.game))

    def handle(self, action) -> None:
        if action.kind == "back" and self.entry.cursor == 0:
            self.entry.accept()          # Esc keeps the letters as they are
            return
        self.entry.handle(action)

    def close(self) -> None:
        if not self.entry.done:          # closed some other way: keep the total anyway
            self.entry.done = True
            table = scores.load(self.app.store)
            scores.set_best(table, self.board, self.total, self.entry.text)
            scores.save(self.app.store, table)

    def draw(self, surface) -> None:
        self.dialog.draw(surface)
        self.entry.draw(surface)


class CardScene(Scene):
    """The score card of a board (C), or a board's layout with its card (See boards).

    Left/right (or the arrows, or a click on the arrows) go through the boards.
    """

    native_size = dos.SCREEN
    pixel_aspect = 480 / 350
    font_name = dos.FONT_NAME
    toast_colors = (WHITE, BLUE)
    name = "tribolo-card"

    KEYS = [("\u2190)previous", "prev"), ("\u2192)next", "next"), ("Esc)back", "back")]

    def __init__(self, app, board: int = STANDARD_BOARD, show_board: bool = False):
        super().__init__(app)
        self.boards = sorted(rules.BOARDS)
        self.index = self.boards.index(board) if board in self.boards else 0
        self.show_board = show_board
        self.table = scores.load(app.store)
        self.keyline_rects: list = []
        self.hover = None
        self._layouts: dict = {}

    @property
    def board(self) -> int:
        return self.boards[self.index]

    def layout(self, n: int):
        s = self._layouts.get(n)
        if s is None:
            s = self._layouts[n] = rules.new_game(seed=1992, board=n)
        return s

    def step(self, d: int) -> None:
        self.index = (self.index + d) % len(self.boards)
        self.app.play("dos_click")

    def arrow_rects(self):
        y = 20
        return [("prev", pygame.Rect(48, y, 24, 14)), ("next", pygame.Rect(568, y, 24, 14))]

    def handle(self, action) -> None:
        k = action.kind
        if k in ("left", "up"):
            self.step(-1)
        elif k in ("right", "down"):
            self.step(1)
        elif k in ("back", "confirm", "menu"):
            self.app.pop()
        elif k == "pointer_move":
            self.hover = dos.hit(self.keyline_rects, action.pos)
        elif k == "pointer_down" and action.button == 1:
            name = dos.hit(self.keyline_rects + self.arrow_rects(), action.pos)
            if name == "prev":
                self.step(-1)
            elif name == "next":
                self.step(1)
            else:
                self.app.pop()

    def draw(self, surface) -> None:
        surface.fill(BLACK)
        title = "SEE BOARDS" if self.show_board else "TRIBOLO SCORES"
        dos.draw_box(surface, pygame.Rect(0, 0, 640, 322),
                     dos.Look(bg=BLACK, border=LIGHT_BLUE, title=YELLOW, shadow=None),
                     "double", title)
        n = self.board
        (_, left), (_, right) = self.arrow_rects()
        dos.text(surface, "\u25c0", (left.x + 8, left.y), LIGHT_CYAN)
        dos.text(surface, "\u25b6", (right.x + 8, right.y), LIGHT_CYAN)
        dos.centred(surface, scores.board_title(n), left.y, WHITE)
        lines = scores.card_lines(self.table, n)
        if self.show_board:
            st = self.layout(n)
            px, py = 18, 13
            w = st.width * px + 1
            draw_board(surface, st, ((640 - w) // 2, 40), (px, py))
            note = ("New tiles at random every game." if n == STANDARD_BOARD
                    else "The same start every game.")
            dos.centred(surface, note, 40 + st.height * py + 5, LIGHT_GREY)
            y = 40 + st.height * py + 20
        else:
            y = 38
        card = dos.box_rect(46, len(lines) + 2, pos=((640 - 46 * 8) // 2, y))
        inner = dos.draw_box(surface, card, dos.Look(bg=BLACK, border=LIGHT_GREY,
                                                    title=LIGHT_CYAN, shadow=None),
                             "single", f"Score card of board {n}")
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
        self.keyline_rects = dos.key_line(surface, self.KEYS, KEYLINE_Y, fg=BLACK, key_fg=RED,
                                          bg=LIGHT_GREY, hi=self.hover, hi_fg=WHITE,
                                          hi_bg=BLUE)


__all__ = ["TriboloScene", "MenuScene", "FinalScene", "InitialsScene", "CardScene"]
