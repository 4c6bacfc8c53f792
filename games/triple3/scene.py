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
colour to move. The status box under the board says what happened (a throw with no move,
a forfeited go, a removal) over the standing prompt; "Messages" (M) reads it all back.

Input, the RISC OS way:
- Select (left button) on a marked hole places (or, after a two, removes) a peg.
- Menu (middle button; also the right button, F10/Tab and pad Start) opens the menu at the
  pointer: New game (a submenu to say who starts), Reset totals, Red/Blue: Human/Computer,
  Level, Match (best of 1, 3, 5, 7), Sound, Undo, Redo, Messages, Help, Quit.
- Keys and pads: the arrows (d-pad) step a cursor over the marked holes, Enter (A) plays
  there; U (pad X) undoes, R (pad Y) redoes; Escape (B) asks to quit; the close icon too.
- The title page is the !Triple3 window: "Resume the saved game" (Enter, a click, pad A or
  Start) or "New game".

Choices where the original's help is silent:
- the starter alternates after every completed game (the settings keep the next starter);
  a game abandoned by New game keeps the starter; New game's submenu overrides it for that
  game only;
- a match is best of N (the menu); the totals are kept in the settings across restarts;
  when one colour has won the match it is said on that colour, and the next New game
  starts a fresh match (totals 0-0); Reset totals also starts afresh;
- after a game the board stays as it ended; a click in the window, Enter or New game
  starts the next one (on a cabinet the line names the panel's button alone);
- a game between a person and the computer counts once in the record of games won and
  lost against each level (the base keeps it; the launcher's Scores screen reads it);
- a throw with no move, a forfeited go and the computer's removal are said on the status
  line and the computer waits a moment so the words can be read.
"""

from __future__ import annotations

import games

from games.core import schema
from games.triple3 import ai, look as view, play, rules
from games.triple3.play import MATCHES, NAMES
from games.ui import controls, riscos
from games.ui.anim import ease_out_cubic
from games.ui.boardinput import BoardInput
from games.ui.commands import Command, MenuItem, choice, separator
from games.ui.riscos_palette import DARK_BLUE
from games.ui.scene import GameScene

TUMBLE_SECONDS = 0.8
READ_SECONDS = 1.5           # a rethrow, a forfeit, the computer's removal: read it first
SEAT = schema.Choice(("human", "computer"), "human")
SETTINGS = schema.Table({
    "seats": schema.Table({"red": SEAT,
                           "blue": schema.Choice(("human", "computer"), "computer")}),
    "level": schema.Choice(tuple(ai.LEVELS), ai.DEFAULT_LEVEL),
    "match": schema.Choice(MATCHES, 3),
    "first": schema.Choice(rules.PLAYERS, "red"),
    "totals": schema.Table({"red": schema.Int(0, 99, 0), "blue": schema.Int(0, 99, 0)}),
})


class Triple3Scene(GameScene):
    name = "triple3"
    entry = games.get("triple3")
    settings_schema = SETTINGS
    mouse_buttons = {"menu": controls.GLYPHS["mouse_middle"]}   # RISC OS: Menu is the middle
    command_keys = {
        "undo": dict(keys=("u", "ctrl+z"), pad=("x",), shortcut="U"),
        "redo": dict(keys=("r", "ctrl+y"), pad=("y",), shortcut="R"),
        "new": dict(keys=("n", "f3"), shortcut="N"),
        "sound": dict(keys=("s",), shortcut="S"),
        "history": dict(keys=("m",), shortcut="M"),
        "help": dict(keys=("f1", "h"), shortcut="F1"),
        "quit": dict(keys=("ctrl+q",)),
    }
    # a cabinet: the operator sets who plays, the level and the match's length; each
    # customer starts a match of their own (the totals start at 0-0)
    operator_settings = ("seats", "level", "match")
    home_only = ("reset", "match")          # the match at home: off at a network table

    @classmethod
    def operator_words(cls, key: str, value) -> str:
        if key == "match":
            return f"Best of {value}"
        return super().operator_words(key, value)

    def __init__(self, app, seed=None, demo=False, title=None):
        self._first = None                    # New game > Red first / Blue first
        self._counted = None                  # the game_number counted in the match
        super().__init__(app, seed=seed, demo=demo, title=title)
        self.layout = view.Layout(self.native_size)
        self.iconbar = riscos.IconBar([(view.sprite("icon"), "Triple3")], self.native_size)
        self.board_input = BoardInput(play.Board(), self.hole_at, self.hole_center)
        self._visual = None
        if self.resumed:
            self.say("The game in progress, as it was left.")

    # -- what the base asks ------------------------------------------------------------------
    def game_options(self) -> dict:
        return {"first": self._first or self.settings["first"]}

    def own_commands(self) -> list:
        return [Command("reset", "Reset totals", run=self.reset_totals)]

    def menu_model(self) -> list:
        c = self.cmds
        new = c.item("new")
        new.sub = [MenuItem(f"{NAMES[p]} first", lambda p=p: self.start_first(p))
                   for p in rules.PLAYERS]
        match = choice("Match", [(n, f"Best of {n}") for n in MATCHES],
                       lambda: self.settings["match"], lambda n: self.set_setting("match", n),
                       name="match")
        return ([new, c.item("reset"), separator()] + self.seat_items()
                + [self.level_item(), match, separator()]
                + c.items("sound", "undo", "redo", "history", "help", "-", "quit"))

    def title_page(self, surface) -> None:
        view.draw_title(surface, self)

    def help_pages(self) -> list:
        """The !Help text; on a cabinet its controls told for the panel."""
        return play.help_pages(panel=self.kiosk)

    def prompt(self) -> tuple:
        t = self.table
        words = play.prompt_words(t.state, self.tumbling, t.human_to_move, panel=self.kiosk)
        return (self.start_prompt(words) if t.state.is_over and self.customer else words,
                DARK_BLUE)

    def on_refuse(self, text: str) -> None:
        self.app.play("acorn_error")
        self.say(play.sentence(text))

    def toggle_sound(self) -> bool:
        on = super().toggle_sound()
        self.say("Sound on." if on else "Sound off.")
        return on

    def on_back(self) -> None:
        self.app.play("acorn_click")
        self.ask_quit()

    def open_menu(self, pos=None):
        """The menu at the pointer (``pos``); from a key or the pad, centred and lit."""
        self.app.play("acorn_click")
        return self.push(self.ui.menu(self, self.menu_model(), "Triple 3", pos))

    # -- geometry, for the board input, the mouse and tests ---------------------------------
    def hole_center(self, cell, hole=None) -> tuple:
        box, hole = cell if hole is None else (cell, hole)
        return self.layout.hole_rect(box, hole).center

    def hole_at(self, pos):
        return self.layout.hole_at(pos)

    @property
    def tumbling(self) -> bool:
        return self.timeline.running("tumble")

    def marked(self) -> list:
        """The holes marked for the player to move (those the dice allow)."""
        if self.tumbling:
            return []
        return [(b, h) for _k, b, h in self.table.state.legal_moves()]

    def _recent(self, size: int):
        """(ply, move) of the latest move of ``size`` values in the line (3: a peg placed
        or taken, 2: a throw), or None."""
        t = self.table
        for ply in range(t.ply - 1, -1, -1):
            m = t.move_at(ply)
            if isinstance(m, tuple) and len(m) == size:
                return ply, m
        return None

    def shown_dice(self):
        """The dice on screen: the state's while a move waits, else the last throw."""
        s = self.table.state
        if s.dice is not None:
            return s.dice
        found = self._recent(2)
        return found[1] if found else None

    def last_peg(self):
        """(seat, box, hole) of the last peg placed or taken, marked until the next one."""
        found = self._recent(3)
        if found is None:
            return None
        ply, (_kind, box, hole) = found
        return self.table.position(ply).turn, box, hole

    # -- matches ----------------------------------------------------------------------------
    def reset_totals(self) -> None:
        self.settings["totals"] = {"red": 0, "blue": 0}
        self.save_settings()
        self.say("The running totals are reset.")

    def shown_totals(self) -> dict:
        """The running totals the panel shows: the match's; on a replay's board the game
        shown's own, as at the move shown (0-0, its winner's 1 once it is over): the
        settings' totals are today's match, with this game's result already counted in
        them (a replay showed the result at move 0); at a network table its game's own
        too (the match at home is not the table's)."""
        if not self.replaying and self.net is None:
            return self.settings["totals"]
        st = self.table.state
        won = set(st.winners()) if st.is_over else set()
        return {p: int(p in won) for p in rules.PLAYERS}

    def start_first(self, first: str) -> None:
        """New game > Red first / Blue first (asked first while a person's game goes on)."""
        self.confirm_new(lambda: self.new_game(first=first))

    def new_game(self, seed=None, first=None) -> None:
        """The next game: the match's next starter, or ``first`` for this game only; after
        a won match the totals start again from 0-0."""
        s = self.settings
        if play.match_winner(s["totals"], s["match"]) is not None:
            s["totals"] = {"red": 0, "blue": 0}
            self.save_settings()
        self._first = first
        super().new_game(seed)
        self._first = None
        self.say(f"New game: {NAMES[self.table.options['first']]} throws first.")
        self.app.play("acorn_click")

    # -- the table changed ---------------------------------------------------------------
    def on_chance(self, outcome) -> None:
        read = self.timeline.get("read")       # the dice wait until the words are read
        wait = max(0.0, read.delay + read.duration - read.elapsed) if read else 0.0
        dice = self.layout.dice
        self.timeline.add("tumble", TUMBLE_SECONDS, ease=ease_out_cubic, delay=wait,
                          cues=[(0.0, "acorn_dice")],
                          # the dice change until they land, then lie still
                          area=lambda track: view.tumble_area(dice, track),
                          data={"outcome": outcome, "seat": self.table.state.turn})

    def on_transition(self, tr) -> None:
        if tr.kind == "chance":
            # no move: thrown again, or the go passes; either way, read it first
            self.say(play.throw_words(tr.before, tr.move),
                     pause=READ_SECONDS if tr.after.is_chance else 0.0)
        elif tr.kind == "move":
            if self.by_computer(tr):             # said by the base (move_words); read it
                if tr.move[0] == "remove":
                    self.timeline.add("read", READ_SECONDS, area=())
            else:
                self.say(play.move_words(tr.before, tr.after, tr.seat, tr.move))
            self.app.play("acorn_peg")
        elif tr.kind in ("undo", "redo"):
            self.say("Taken back." if tr.kind == "undo" else "Played again.")
            self.app.play("acorn_click")
        elif tr.kind == "load" and self.resumed:      # (a replay's try again says its own)
            self.say("The game in progress, as it was left.")

    def move_words(self, tr):
        return play.move_words(tr.before, tr.after, tr.seat, tr.move)

    def move_marks(self, tr) -> list:
        return [self.layout.cell(*tr.move[1:])]

    def board_cells(self) -> dict:
        s = self.table.state
        return {s.move_text(("place", box, hole)): self.layout.cell(box, hole)
                for box in rules.BOXES for hole in rules.HOLES}

    def on_game_over(self) -> None:
        t = self.table
        self.app.play("acorn_win")
        if self._counted == t.game_number:         # the match counts a game once
            return
        self._counted = t.game_number
        if self.net is not None:                    # a network table's game is no game
            lines = [play.won_line(t.state)]        # of the match at home
        else:
            lines = play.game_won(self.settings, t.state, t.options.get("first", "red"))
            self.save_settings()
        self.say(" ".join(lines))
        if not self.demo and "human" in t.seats.values():
            self.message(lines)

    # -- input -------------------------------------------------------------------------------
    def handle(self, action) -> None:
        k = action.kind
        pos = getattr(action, "pos", None)
        if k == "pointer_down" and action.button in (2, 3):
            self.open_menu(pos)                 # Menu (and Adjust): the menu at the pointer
            return
        if k == "pointer_down" and action.button == 1:
            tool = self.layout.window.tool_at(pos)
            if tool == "close":
                self.app.play("acorn_click")
                self.ask_quit()
            if tool is not None:
                return
        if self.table.state.is_over and (k == "confirm" or (
                k == "pointer_down" and action.button == 1 and pos is not None
                and self.layout.window.rect.collidepoint(pos))):
            if self._over_fired:                # (while the end is still being shown, a
                self.ask_new_game()             # stray Enter or click asks nothing: the
            return                              # game is counted and kept first) the board
                                                # stays until the next game, from New game
        super().handle(action)

    # -- time --------------------------------------------------------------------------------
    def tick(self, dt: float):
        visual = (self.timeline.phase(0.6) < 0.5, self.table.thinking)
        before, self._visual = self._visual, visual
        if before is None:
            return True
        damage = []
        if visual[0] != before[0]:
            damage += self.blinked(self.flashing(), visual[0])
        if visual[1] != before[1]:
            damage.append(self.layout.panel.inflate(8, 8))   # "The computer is thinking..."
        return damage

    def flashing(self) -> list:
        """The rectangles that flash: the winning boxes' frames, the cursor's hole."""
        lay, state, bi = self.layout, self.table.state, self.board_input
        out = [lay.box_rect(box).inflate(8, 8) for box in state.winning_boxes()]
        if bi.visible and bi.cursor is not None and self.table.human_to_move \
                and not self.tumbling:
            out.append(lay.cell(*bi.cursor).inflate(2, 2))
        return out

    def next_change(self) -> float | None:
        return self.timeline.until_toggle(0.6) if self.flashing() else None

    def bench_animations(self) -> dict:
        """For tools.bench: the dice tumbling."""
        def dice():
            self.on_chance((3, 4))
            return "dice tumbling", lambda: self.tumbling
        return {"dice tumbling": dice}

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface) -> None:
        view.draw_game(surface, self)


__all__ = ["Triple3Scene"]
