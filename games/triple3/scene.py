"""Triple 3 (Acorn Archimedes, RISC OS 3, 1993) in a RISC OS desktop window.

The screen is mode 20: 640 x 512 with square pixels (the look says so). The 256-line mode 12
would halve every hole and its number: the numbers 3-11 in every hole are the game (a throw
names a hole number or a box number), and at 256 lines the 8 x 8 system font is drawn
with its lines doubled horizontally only, squashed to half height under each hole.

The window "Triple 3" on the grey desktop, its icon on the icon bar: the nine boxes of
nine holes at the left, each hole with its number, each box's number highlighted under its
centre hole; the holes the dice allow are marked in yellow so nobody has to hunt for them;
a won box is filled with its winner's pegs and framed in its colour. At the right: the two
dice (they tumble when thrown), what the throw allows in words, and at the bottom right,
as in the original, a block of each colour with its running total and an arrow at the
colour to move. The status lines under the board say what happened: a throw with no move
("no move - throw 2 of 3"), a forfeited go, a removal.

Input, the RISC OS way:
- Select (left button) on a marked hole places (or, after a two, removes) a peg.
- Menu (middle button; also the right button, F10/Tab and pad Start) opens the menu at the
  pointer: New game (a submenu to say who starts), Reset totals, Red/Blue: Human/Computer,
  Level, Match (best of 1, 3, 5, 7), Sound, Undo, Redo, Quit.
- Keys and pads: the arrows (d-pad) step a cursor over the marked holes, Enter (A) plays
  there; U (pad X) undoes, R (pad Y) redoes; Escape (B) asks to quit; the close icon quits.

Choices where the original's help is silent:
- the starter alternates after every completed game (the settings keep the next starter);
  a game abandoned by New game keeps the starter; New game's submenu overrides it for that
  game only;
- a match is best of N (the menu); the totals are kept in the settings across restarts;
  when one colour has won the match it is announced, and the next New game starts a fresh
  match (totals 0-0); Reset totals also starts afresh;
- after a game the board stays as it ended; a click in the window, Enter or New game
  starts the next one;
- a game between a person and the computer counts once in the record of games won and
  lost against each level (the launcher's Scores screen);
- a throw with no move, and a forfeited go, pause a moment so the words can be read.
"""

from __future__ import annotations

import games

import pygame

from games.core import schema
from games.triple3 import ai, rules
from games.ui import fonts, riscos, sprites
from games.ui.anim import ease_out_cubic
from games.ui.board import BoardCursor, wrap
from games.ui.commands import Command, MenuItem, choice, separator
from games.ui.riscos import (BLACK, CREAM, DARK_BLUE, GREY2, GREY3, GREY4, GREY5,
                             RED, WHITE, MenuScene, MessageScene, Window)
from games.ui.riscos_palette import ORANGE, YELLOW
from games.ui.scene import GameScene

SAVE_NAME = "saves/triple3"
RECORD_NAME = "scores/triple3"
NAMES = {"red": "Red", "blue": "Blue"}
PEG_COLOUR = {"red": RED, "blue": DARK_BLUE}
MATCHES = (1, 3, 5, 7)
TUMBLE_SECONDS = 0.8
PAUSE_SECONDS = 0.7          # after a throw with no move: the words can be read
LEVEL_LABELS = {1: "1 (easy)", 2: "2", 3: "3 (hard)"}
SEAT = schema.Choice(("human", "computer"), "human")
SETTINGS = schema.Table({
    "seats": schema.Table({"red": SEAT,
                           "blue": schema.Choice(("human", "computer"), "computer")}),
    "level": schema.Choice(tuple(ai.LEVELS), ai.DEFAULT_LEVEL),
    "match": schema.Choice(MATCHES, 3),
    "first": schema.Choice(rules.PLAYERS, "red"),
    "totals": schema.Table({"red": schema.Int(0, 99, 0), "blue": schema.Int(0, 99, 0)}),
})

PITCH = 36               # a hole's cell
BOX_GAP = 10
SCALE = 2                # the 10 x 10 hole and peg sprites, and the 24 x 24 dice, doubled


def other(seat: str) -> str:
    return "blue" if seat == "red" else "red"


class Layout:
    """Where everything is on the 640 x 512 screen."""

    def __init__(self, size=(640, 512)):
        w, h = size
        self.screen = pygame.Rect(0, 0, w, h)
        self.window = Window((6, 6, w - 12, h - riscos.ICONBAR_H - 12), "Triple 3")
        work = self.window.work
        self.board = pygame.Rect(work.x + 14, work.y + 14, 3 * 3 * PITCH + 2 * BOX_GAP,
                                 3 * 3 * PITCH + 2 * BOX_GAP)
        self.panel = pygame.Rect(self.board.right + 18, self.board.y,
                                 work.right - 12 - self.board.right - 18, self.board.h)
        self.status = pygame.Rect(work.x + 14, self.board.bottom + 12, work.w - 28,
                                  work.bottom - self.board.bottom - 18)
        self.dice = [pygame.Rect(self.panel.x + 30 + i * 64, self.panel.y + 28, 48, 48)
                     for i in range(2)]

    def box_rect(self, box: int) -> pygame.Rect:
        i = box - 3
        return pygame.Rect(self.board.x + (i % 3) * (3 * PITCH + BOX_GAP),
                           self.board.y + (i // 3) * (3 * PITCH + BOX_GAP), 3 * PITCH, 3 * PITCH)

    def cell(self, box: int, hole: int) -> pygame.Rect:
        b = self.box_rect(box)
        j = hole - 3
        return pygame.Rect(b.x + (j % 3) * PITCH, b.y + (j // 3) * PITCH, PITCH, PITCH)

    def hole_rect(self, box: int, hole: int) -> pygame.Rect:
        c = self.cell(box, hole)
        return pygame.Rect(c.centerx - 10, c.y + 3, 20, 20)

    def hole_at(self, pos):
        if pos is None:
            return None
        for box in rules.BOXES:
            if self.box_rect(box).collidepoint(pos):
                for hole in rules.HOLES:
                    if self.cell(box, hole).collidepoint(pos):
                        return (box, hole)
        return None


_BIG: dict = {}


def big(name: str) -> pygame.Surface:
    img = _BIG.get(name)
    if img is None:
        src = sprites.sheet("triple3").get(name)
        img = _BIG[name] = pygame.transform.scale(
            src, (src.get_width() * SCALE, src.get_height() * SCALE))
    return img


def record_schema():
    row = schema.Table({"won": schema.Int(0, 10 ** 9, 0), "lost": schema.Int(0, 10 ** 9, 0)})
    return schema.Table({}, extra=row)


def score_lines(store) -> list:
    """The launcher's Scores screen: games won and lost against each level."""
    record = store.load(RECORD_NAME, {}, 1, record_schema().clean)
    if not record:
        return ["No games against the computer yet."]
    lines = ["Level        Won   Lost"]
    for level in sorted(record, key=lambda v: int(v) if v.isdigit() else 99):
        row = record[level]
        label = LEVEL_LABELS.get(int(level), level) if level.isdigit() else level
        lines.append(f"{label:<11}{row['won']:>5}  {row['lost']:>5}")
    return lines


class Triple3Scene(GameScene):
    name = game = "triple3"
    entry = games.get("triple3")
    uses_title = False          # its own title (until it moves onto the look's)
    settings_schema = SETTINGS

    def __init__(self, app, seed=None, demo=False):
        self._override = None                 # New game > Red first / Blue first
        super().__init__(app, seed=seed, demo=demo)
        self.layout = Layout(self.native_size)
        self.iconbar = riscos.IconBar([(sprites.sheet("triple3").get("icon"), "Triple3")], self.native_size)
        self.board_cursor = BoardCursor(self._cursor_centre,
                                        targets=lambda: self.table.state.legal_moves())
        self.board_cursor.visible = bool(app.input.pads)
        self._pads = len(app.input.pads)
        self.pointer = None                   # the last pointer position (menus open there)
        self.last_dice = None                 # the dice last thrown (shown after a failed throw)
        self.event = ""                       # what just happened, in words
        self.last_move = None                 # (seat, box, hole) of the last move, marked
        self.events: list[str] = []           # every event said, for tests
        self.match_note = ""                  # "Red wins the match 2-1"
        self._visual = None
        s = self.table.state
        if s.dice is not None:
            self.last_dice = s.dice
        if self.resumed:
            self.say("The game in progress, as it was left.")
        self._reset_cursor()

    # -- what the base asks ------------------------------------------------------------------
    def game_options(self) -> dict:
        first = self._override or self.settings["first"]
        return {"first": first}

    def declare_commands(self) -> list:
        t = self.table
        return [
            Command("undo", "Undo", ("u", "ctrl+z"), ("x",), self.undo,
                    self._can_undo, shortcut="U"),
            Command("redo", "Redo", ("r", "ctrl+y"), ("y",), self.redo,
                    lambda: t.can_redo, shortcut="R"),
            Command("new", "New game", ("n", "f3"), (), lambda: self.start_game(None),
                    shortcut="N"),
            Command("reset", "Reset totals", (), (), self.reset_totals),
            Command("sound", "Sound", ("s",), (), self.toggle_sound,
                    checked=lambda: bool(self.app.settings["sound"]), shortcut="S"),
            Command("quit", "Quit", ("ctrl+q",), (), self.quit),
        ]

    def menu_items(self) -> list:
        c = self.cmds
        new = c.item("new")
        new.sub = [MenuItem("Red first", lambda: self.start_game("red")),
                   MenuItem("Blue first", lambda: self.start_game("blue"))]
        seats = [choice(NAMES[p], (("human", "Human"), ("computer", "Computer")),
                        lambda p=p: self.table.seats[p], lambda v, p=p: self.set_seat(p, v))
                 for p in rules.PLAYERS]
        level = choice("Level", [(n, LEVEL_LABELS.get(n, str(n))) for n in ai.LEVELS],
                       lambda: self.settings["level"], self.set_level)
        match = choice("Match", [(n, f"Best of {n}") for n in MATCHES],
                       lambda: self.settings["match"], self.set_match)
        return ([new, c.item("reset"), separator()] + seats + [level, match, separator()]
                + c.items("sound", "undo", "redo", "-", "quit"))

    # -- geometry for tests and the mouse ------------------------------------------------------
    def hole_center(self, box: int, hole: int) -> tuple:
        return self.layout.hole_rect(box, hole).center

    def _cursor_centre(self, move) -> tuple:
        return self.hole_center(move[1], move[2])

    @property
    def cursor(self):
        return self.board_cursor.pos

    @property
    def tumbling(self) -> bool:
        return self.timeline.running("tumble")

    def shown_dice(self):
        """The dice on screen: the state's while a move waits, else the last throw."""
        s = self.table.state
        return s.dice if s.dice is not None else self.last_dice

    def marked(self) -> list:
        """The holes marked for the player to move (those the dice allow)."""
        if self.tumbling:
            return []
        return [(b, h) for _k, b, h in self.table.state.legal_moves()]

    # -- matches ----------------------------------------------------------------------------------
    @property
    def needed(self) -> int:
        return self.settings["match"] // 2 + 1

    def match_winner(self):
        for p in rules.PLAYERS:
            if self.settings["totals"][p] >= self.needed:
                return p
        return None

    def set_match(self, n: int) -> None:
        self.set_setting("match", n)

    def reset_totals(self) -> None:
        self.settings["totals"] = {"red": 0, "blue": 0}
        self.match_note = ""
        self.save_settings()
        self.say("The running totals are reset.")

    def start_game(self, first=None) -> None:
        """New game: the starter is the next one of the match, or ``first`` if given."""
        if self.match_winner() is not None:
            self.settings["totals"] = {"red": 0, "blue": 0}
            self.match_note = ""
            self.save_settings()
        self._override = first
        self.new_game()
        self._override = None
        self.last_dice = None
        self.say(f"New game: {NAMES[self.table.options['first']]} throws first.")
        self.app.play("acorn_click")

    # -- actions -------------------------------------------------------------------------------
    def _can_undo(self) -> bool:
        t = self.table
        return t.can_undo and "human" in t.seats.values()

    def undo(self) -> None:
        self.timeline.clear()
        if self.table.take_back():
            self.app.play("acorn_click")

    def redo(self) -> None:
        """Forward to the next decision of a person (thrown dice are thrown again the same)."""
        t = self.table
        self.timeline.clear()
        if not t.redo():
            return
        while t.can_redo and not t.human_to_move and not t.state.is_over:
            t.redo()
        self.app.play("acorn_click")

    def toggle_sound(self) -> bool:
        on = super().toggle_sound()
        self.say("Sound on." if on else "Sound off.")
        return on

    def quit(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def say(self, text: str) -> None:
        self.event = text
        self.events.append(text)

    def open_menu(self, pos=None, keyboard=False) -> MenuScene:
        self.app.play("acorn_click")
        if pos is None:
            pos = self.pointer
        if pos is None and self.cursor is not None:
            pos = self.hole_center(self.cursor[1], self.cursor[2])
        menu = MenuScene(self, self.menu_items(), "Triple 3", pos,
                         sound=lambda: self.app.play("acorn_click"), keyboard=keyboard)
        self.app.push(menu)
        return menu

    def message(self, lines, buttons=(("OK", None),)) -> MessageScene:
        box = MessageScene(self, lines, buttons, title="Message from Triple 3",
                           sound=lambda: self.app.play("acorn_click"))
        self.app.push(box)
        return box

    def ask_quit(self) -> None:
        self.message(["Quit Triple 3? (The game is kept for next time.)"],
                     (("Quit", self.quit), ("Cancel", None)))

    def place(self, box: int, hole: int) -> bool:
        s = self.table.state
        kind = "remove" if s.dice is not None and sum(s.dice) == 2 else "place"
        if self.tumbling or not self.play_move((kind, box, hole)):
            self.app.play("acorn_error")
            return False
        return True

    # -- the table changed -----------------------------------------------------------------------
    def on_chance(self, outcome) -> None:
        s = self.table.state
        self.timeline.add("tumble", TUMBLE_SECONDS, ease=ease_out_cubic,
                          cues=[(0.0, "acorn_dice")], data={"outcome": outcome,
                                                            "seat": s.turn})

    def on_transition(self, tr) -> None:
        if tr.kind == "chance":
            outcome = rules.parse_move(tr.text)
            self.last_dice = outcome
            words = rules.describe_outcome(tr.before, outcome)
            who = NAMES[tr.before.turn]
            self.say(f"{who} threw {outcome[0]} and {outcome[1]}, {words}.")
            if tr.after.is_chance:          # no move: thrown again, or the go passes
                self.timeline.add("pause", PAUSE_SECONDS)
        elif tr.kind == "move":
            kind, box, hole = tr.text and rules.parse_move(tr.text)
            self.last_move = (tr.seat, box, hole)   # marked until the next move
            who, whom = NAMES[tr.seat], NAMES[other(tr.seat)]
            if kind == "remove":
                self.say(f"{who} took {whom}'s peg from hole {hole} of box {box}; "
                         f"{who} throws again.")
            else:
                text = f"{who} put a peg in hole {hole} of box {box}."
                if tr.after.box_owner(box) == tr.seat and tr.before.box_owner(box) is None:
                    text = f"{who} put a peg in hole {hole} of box {box} and won the box!"
                self.say(text)
            self.app.play("acorn_peg")
        else:
            self.last_dice = tr.after.dice
            self.last_move = None
            if tr.kind in ("undo", "redo"):
                self.say("Taken back." if tr.kind == "undo" else "Played again.")
            elif tr.kind == "load":
                self.say("The game in progress, as it was left.")
        self._reset_cursor()

    def on_game_over(self) -> None:
        s = self.table.state
        winner = next(iter(s.winners()))
        self.app.play("acorn_win")
        how = ("three boxes in a line" if len(s.winning_boxes()) == 3
               else f"{len(s.winning_boxes())} boxes")
        totals = self.settings["totals"]
        totals[winner] += 1
        self.settings["first"] = other(self.table.options.get("first", "red"))
        lines = [f"{NAMES[winner]} wins the game with {how}."]
        mw = self.match_winner()
        if mw is not None:
            self.match_note = (f"{NAMES[mw]} wins the match {totals[mw]}-"
                               f"{totals[other(mw)]}!")
            lines.append(self.match_note)
        else:
            lines.append(f"Running totals: Red {totals['red']}, Blue {totals['blue']} "
                         f"(best of {self.settings['match']}).")
        self.save_settings()
        self.say(" ".join(lines))
        if not self.demo and "human" in self.table.seats.values():
            self.message(lines)

    def _reset_cursor(self) -> None:
        moves = self.table.state.legal_moves()
        if not moves:
            self.board_cursor.place(None)
        elif self.cursor not in moves:
            # start near the middle of the board
            mid = self.layout.board.center
            self.board_cursor.place(min(moves, key=lambda m: (
                abs(self._cursor_centre(m)[0] - mid[0]) + abs(self._cursor_centre(m)[1] - mid[1]),
                m)))

    # -- input -------------------------------------------------------------------------------
    def handle(self, action) -> None:
        k = action.kind
        if k.startswith("pointer") and action.pos is not None:
            self.pointer = action.pos
        if k == "command":
            super().handle(action)
            return
        if k == "menu":
            self.open_menu(keyboard=action.source != "mouse")
            return
        if k == "back":
            self.app.play("acorn_click")
            self.ask_quit()
            return
        t = self.table
        over = t.state.is_over
        if k in ("up", "down", "left", "right"):
            if not over and t.human_to_move:
                if self.cursor not in t.state.legal_moves():
                    self._reset_cursor()
                if self.board_cursor.step(k):
                    self.app.play("acorn_click")
        elif k == "confirm":
            if over:
                self.start_game(None)
            elif t.human_to_move and not self.tumbling:
                if not self.board_cursor.visible:
                    self.board_cursor.show()
                elif self.cursor is not None:
                    self.place(self.cursor[1], self.cursor[2])
        elif k == "pointer_down":
            if action.button in (2, 3):
                self.open_menu(action.pos)
            elif action.button == 1:
                self._select(action.pos)

    def _select(self, pos) -> None:
        lay = self.layout
        tool = lay.window.tool_at(pos)
        if tool == "close":
            self.app.play("acorn_click")
            self.quit()
            return
        if tool is not None:
            return
        self.board_cursor.hide()
        if self.table.state.is_over:
            if pos is not None and lay.window.rect.collidepoint(pos):
                self.start_game(None)
            return
        hit = lay.hole_at(pos)
        if hit is not None and self.table.human_to_move:
            self.place(*hit)

    # -- time --------------------------------------------------------------------------------
    def tick(self, dt: float) -> bool:
        pads = len(self.app.input.pads)
        if pads > self._pads:
            self.board_cursor.show()
        self._pads = pads
        visual = (self.timeline.phase(0.6) < 0.5, self.table.thinking)
        changed, self._visual = visual != self._visual, visual
        return changed

    def animating(self) -> bool:
        return self.timeline.busy

    def bench_animation(self):
        """For games.bench: start the dice tumbling; (label, still tumbling)."""
        self.on_chance((3, 4))
        return "dice tumbling", lambda: self.tumbling

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout
        state = self.table.state
        riscos.draw_desktop(surface)
        self.iconbar.draw(surface)
        top = self.app.top
        lay.window.focused = top is self or isinstance(top, MenuScene)
        lay.window.draw(surface)
        self._draw_board(surface, state)
        self._draw_panel(surface, state)
        self._draw_status(surface, state)

    def _draw_board(self, surface, state) -> None:
        lay = self.layout
        f = fonts.get("acorn8x8")
        marked = set(self.marked())
        flash = self.timeline.phase(0.6) < 0.5
        winning = set(state.winning_boxes())
        show_cursor = (self.board_cursor.visible and self.table.human_to_move
                       and self.cursor is not None and not self.tumbling)
        for box in rules.BOXES:
            br = lay.box_rect(box)
            owner = state.box_owner(box)
            surface.fill(CREAM, br.inflate(6, 6))
            edge = PEG_COLOUR[owner] if owner else BLACK
            width = 3 if owner else 1
            if box in winning and not flash:
                edge = ORANGE
            pygame.draw.rect(surface, edge, br.inflate(6, 6), width)
            for hole in rules.HOLES:
                cell = lay.cell(box, hole)
                hr = lay.hole_rect(box, hole)
                if (box, hole) in marked:
                    surface.fill(YELLOW, cell.inflate(-2, -2))
                    pygame.draw.rect(surface, ORANGE, cell.inflate(-2, -2), 1)
                peg = state.peg_at(box, hole)
                surface.blit(big(f"peg_{peg}" if peg else "hole"), hr.topleft)
                if hole == 7:
                    if peg is None:
                        f.draw(surface, "7", (hr.centerx - 3, hr.centery - 4), WHITE)
                    label = str(box)
                    lw = len(label) * f.width + 4
                    tag = pygame.Rect(cell.centerx - lw // 2, hr.bottom + 2, lw, 10)
                    surface.fill(DARK_BLUE, tag)
                    f.draw(surface, label, (tag.x + 2, tag.y + 1), WHITE)
                else:
                    label = str(hole)
                    f.draw(surface, label, (cell.centerx - len(label) * f.width // 2 + 1,
                                            hr.bottom + 3), GREY5)
                if self.last_move and self.last_move[1:] == (box, hole):
                    pygame.draw.rect(surface, PEG_COLOUR[self.last_move[0]], cell, 1)
                if show_cursor and self.cursor[1:] == (box, hole):
                    pygame.draw.rect(surface, BLACK, cell, 2)
                    if flash:
                        pygame.draw.rect(surface, WHITE, cell.inflate(-4, -4), 1)

    def _draw_panel(self, surface, state) -> None:
        lay = self.layout
        f = fonts.get("acorn8x8")
        p = lay.panel
        f.draw(surface, "Dice", (p.x, p.y), BLACK)
        track = self.timeline.get("tumble")
        if track is not None:
            out = track.data["outcome"]
            raw = track.raw
            for i, r in enumerate(lay.dice):
                if raw < 0.7:
                    frame = int(raw * 18 + i * 3) % 6
                    img = big(f"tumble_{frame}")
                    hop = int(10 * abs(pygame.math.Vector2(1, 0).rotate(raw * 720).y)
                              * (1 - raw))
                else:
                    img, hop = big(f"die_{out[i]}"), 0
                surface.blit(img, (r.x, r.y - hop))
        else:
            dice = self.shown_dice()
            for i, r in enumerate(lay.dice):
                if dice is None:
                    surface.fill(GREY2, r)
                    pygame.draw.rect(surface, GREY4, r, 1)
                else:
                    surface.blit(big(f"die_{dice[i]}"), r.topleft)
        y = lay.dice[0].bottom + 10
        t = self.table
        if state.is_over:
            lines = [f"{NAMES[next(iter(state.winners()))]} has won."]
        elif self.tumbling:
            lines = [f"{NAMES[state.turn]} throws..."]
        else:
            n = state.throw_number
            lines = [f"{NAMES[state.turn]}: throw {n} of 3"]
            if state.dice is not None:
                total = sum(state.dice)
                lines += wrap(f"Total {total}: " + _allows(total), p.w // f.width)
        for line in lines:
            f.draw(surface, line, (p.x, y), BLACK)
            y += 12
        # seats and level
        y = p.y + 200
        for seat in rules.PLAYERS:
            who = t.seats[seat].capitalize()
            if t.seats[seat] == "computer":
                who += f" (level {t.levels[seat]})"
            f.draw(surface, f"{NAMES[seat]:5} {who}", (p.x, y), BLACK)
            y += 12
        if t.thinking:
            f.draw(surface, "The computer is thinking...", (p.x, y + 4), GREY5)
        # bottom right: the running totals, the arrow at the colour to move
        by = p.bottom - 70
        f.draw(surface, f"Match: best of {self.settings['match']}", (p.x, by), BLACK)
        turn = state.turn
        for i, seat in enumerate(rules.PLAYERS):
            block = pygame.Rect(p.x + 40, by + 16 + i * 26, 40, 20)
            surface.fill(PEG_COLOUR[seat], block)
            pygame.draw.rect(surface, BLACK, block, 1)
            total = str(self.settings["totals"][seat])
            f.draw(surface, total, (block.right + 12, block.y + 6), BLACK)
            if seat == turn:
                ax, ay = block.x - 8, block.centery
                pygame.draw.polygon(surface, BLACK, [(ax, ay), (ax - 10, ay - 7),
                                                     (ax - 10, ay + 7)])
                surface.fill(BLACK, (ax - 26, ay - 2, 16, 5))
        if self.match_note:
            f.draw(surface, self.match_note[:p.w // f.width], (p.x, p.bottom - 8), RED)

    def _draw_status(self, surface, state) -> None:
        lay = self.layout
        f = fonts.get("acorn8x8")
        r = lay.status
        surface.fill(WHITE, r)
        pygame.draw.rect(surface, GREY3, r, 1)
        chars = (r.w - 12) // f.width
        t = self.table
        if state.is_over:
            prompt = "Click in the window, press Enter or choose New game for the next game."
        elif self.tumbling:
            prompt = f"{NAMES[state.turn]} throws the dice..."
        elif state.is_chance:
            prompt = f"{NAMES[state.turn]} to throw."
        elif t.human_to_move:
            what = "take one of the marked pegs" if sum(state.dice) == 2 else \
                "put a peg in a marked hole"
            prompt = f"{NAMES[state.current]}: {what}. Menu: middle button, F10 or Start."
        else:
            prompt = f"{NAMES[state.current]} (the computer) is thinking..."
        lines = (wrap(self.event, chars)[:2] if self.event else []) + wrap(prompt, chars)[:2]
        y = r.y + 6
        for n, line in enumerate(lines):
            f.draw(surface, line, (r.x + 6, y), BLACK if n < len(lines) - 1 else DARK_BLUE)
            y += 11


def _allows(total: int) -> str:
    if total == 2:
        return "take a peg of the other colour, then throw again."
    if total == 12:
        return "any vacant hole."
    if total == 7:
        return "any centre hole, or a hole of box 7."
    return f"a hole marked {total}, or a hole of box {total} (not its centre)."


__all__ = ["Triple3Scene", "score_lines", "Layout"]
