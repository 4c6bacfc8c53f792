"""TriAxis's screen: the DOS EGA game of 1989 (Christopher G. Gunn), on the Tricade house.

640x350 in the 16 EGA colours (shown at 4:3), the ega8x14 font. The island of 16 x 10 hexes
at the left in terrain colours and patterns, the sea around it; markers are discs in their
seat's habitat colour with their size on them. At the right: each seat (population,
markers on the island and in supply), the spinner (eight segments: 1-6, HARVEST, FAMINE;
six terrain segments for the second spin) and the points left. Under the island: the
terrain legend, a message line, the prompt line and the key line
``U)ndo R)andom H)elp S)ound N)ew Esc)concede F10)menu Q)uit``.

The flow, as the original's: the welcome page (a field of hexes and its box; H shows the
help pages, paged like the original's), the set-up box (how many seats, which are people
and which the computer, each seat's habitat colour, a round limit, the level), a new
Biosphere shown with "Accept this Biosphere? (Y/n)" until accepted, the placement of half
the markers (by hand, or R: the rest at random), then the spins. At the end "Compare
scores? (Y/n)", a number key 0-9 for one of ten score files, three initials for each
person, and the file's table.

Keys: arrows (or the pad's d-pad, or the mouse) move the cursor circle; the keypad's corner
keys [7] [9] [1] [3] (and Home, PgUp, End, PgDn) move it diagonally. Enter, Space or the
left button choose a marker, then its destination (the legal ones are marked); the right
button, X on a pad, or the marker again put it down. "(Y/n)" questions: Enter, Y or the left
button for yes; N, Space or the right button for no. Esc asks whether to concede (the move
``resign``). U takes back a step of a person within the turn (never across a spin).

Choices where the original's documentation is silent:
- a turn cannot be ended early (the settled rules); a spin no move fits passes the turn by
  itself ("no move fits") after a pause to read it; Esc is the way to concede;
- growth of a size-6 marker in a harvest asks first (it dies of over-population);
- only games whose scores are compared are recorded; a computer seat is recorded as CP1-CP3
  by its level; initials are asked of each person, remembered per habitat colour;
- the seat kinds follow the original's table by default when the number of seats changes
  (one to four people: the computer plays one more seat), and each can be changed;
- a demo (attract mode) plays three computer seats for four rounds.
"""
from __future__ import annotations

import games

import math
import random

import pygame

from games.core import schema
from games.triaxis import ai, rules, scores
from games.triaxis.island import SEA, TERRAIN_NAMES, TERRAINS, offset_neighbour
from games.ui import dos
from games.ui.anim import ease_out, ease_out_cubic
from games.ui.board import BoardCursor, HexGrid
from games.ui.commands import Command, MenuItem, choice, separator
from games.ui.dos import (BLACK, BLUE, BROWN, CYAN, DARK_GREY, GREEN, LIGHT_BLUE, LIGHT_CYAN,
                          LIGHT_GREEN, LIGHT_GREY, LIGHT_MAGENTA, LIGHT_RED, RED, WHITE,
                          YELLOW)
from games.ui.scene import GameScene
from games.ui.widgets import InitialsEntry, Item

COLOURS = rules.PLAYERS
ROUNDS = (0, 3, 5, 10, 15, 20, 30, 50)
KINDS = ("human", "computer")
DEMO_OPTIONS = {"seats": 3, "max_rounds": 4}


def default_kinds(count: int) -> list:
    """The original's table: with one to four people the computer plays one more seat."""
    humans = count - 1 if count <= 5 else 6
    return ["human"] * humans + ["computer"] * (6 - humans)


SETTINGS = schema.Table({
    "count": schema.Int(2, 6, 3),
    "kinds": schema.ListOf(schema.Choice(KINDS, "computer"), max_len=6, min_len=6,
                           default=["human"] + ["computer"] * 5),
    "colours": schema.ListOf(schema.Choice(COLOURS, "red"), max_len=6, min_len=6,
                             default=list(COLOURS)),
    "level": schema.Choice(tuple(ai.LEVELS), ai.DEFAULT_LEVEL),
    "rounds": schema.Choice(ROUNDS, 0),
    "file": schema.Int(0, 9, 0),
    "initials": schema.Table({c: schema.Str(3, "[A-Z]{3}", "AAA", min_len=3)
                              for c in COLOURS}),
})

# -- the look ---------------------------------------------------------------------------------
SEAT_COLOUR = {"red": LIGHT_RED, "blue": LIGHT_BLUE, "green": LIGHT_GREEN, "yellow": YELLOW,
               "cyan": LIGHT_CYAN, "magenta": LIGHT_MAGENTA}
# terrain: (base, pattern colour, pattern) - a pattern is (x period, y period, shape)
TERRAIN_LOOK = {"f": (GREEN, BLACK, (6, 5, "tree")), "g": (LIGHT_GREEN, GREEN, (4, 4, "tick")),
                "d": (YELLOW, BROWN, (4, 3, "dot")), "h": (BROWN, BLACK, (8, 5, "hill")),
                "m": (CYAN, BLUE, (6, 3, "dash")), "t": (LIGHT_GREY, WHITE, (4, 3, "dot")),
                SEA: (BLUE, LIGHT_BLUE, (10, 6, "wave"))}
TERRAIN_FG = {"f": WHITE, "g": BLACK, "d": BLACK, "h": WHITE, "m": BLACK, "t": BLACK}

HEX = 18                 # centre to corner, native pixels across
SQUASH = 0.73            # EGA pixels are 1.37 times as tall as wide: hexes look regular
ORIGIN = (8, 20)
PANEL_X = 464
WHEEL_CENTRE, WHEEL_R = (548, 196), 54
LEGEND_Y = 266
MESSAGE_Y = 290
PROMPT_Y = 308
KEYLINE_Y = 336

SPIN_SECONDS = 1.8
SLIDE_SECONDS = 0.22
FX_SECONDS = 0.6
PASS_PAUSE = 0.9
MESSAGE_TIME = 4.0
STICKY = 3600.0

SPIN_SEGMENTS = [(o if o.isdigit() else o[0].upper(), c, fg) for o, c, fg in (
    ("1", BLUE, WHITE), ("2", RED, WHITE), ("3", BLUE, WHITE), ("4", RED, WHITE),
    ("5", BLUE, WHITE), ("6", RED, WHITE), ("harvest", LIGHT_GREEN, BLACK),
    ("famine", BLACK, LIGHT_RED))]
COLOUR_SEGMENTS = [(t.upper(), TERRAIN_LOOK[t][0], TERRAIN_FG[t]) for t in TERRAINS]


def outcome_words(o: str) -> str:
    if o in TERRAIN_NAMES:
        return TERRAIN_NAMES[o]
    return o.upper() if not o.isdigit() else o


class TriAxisScene(GameScene):
    game = name = "triaxis"
    entry = games.get("triaxis")
    uses_title = False          # its own title (until it moves onto the look's)
    settings_schema = SETTINGS
    min_think = 0.35
    bench_start_keys = ("return", "return", "return")   # welcome, set-up "Start", accept

    def __init__(self, app, seed=None, demo: bool = False):
        self.mode = "play" if demo else "title"
        self.question = None         # (text, on_yes, on_no): the prompt line asks
        self.help_page = 0
        self.help_return = "title"
        super().__init__(app, seed=seed, demo=demo)
        self._fix_colours()
        self.grid = HexGrid(ORIGIN, HEX, 16, 10, squash=SQUASH)
        self.cursor = BoardCursor(lambda p: self.grid.centre(*p), bounds=(16, 10),
                                  start=(8, 5))
        self.selected = None         # the zone of the marker chosen to move
        self.auto_place = set()      # seats whose remaining setup markers go at random
        self.events: list = []       # everything said (tests read it)
        self.wheel = {"kind": "spin", "angle": 0.0, "result": ""}
        self.keyline_rects: list = []
        self.hover = None
        self._island_img = None
        self.over_done = False

    # -- what the house asks -------------------------------------------------------------------
    def _fix_colours(self) -> None:
        cols = self.settings["colours"]
        if sorted(cols) != sorted(COLOURS):
            self.settings["colours"] = list(COLOURS)

    @property
    def count(self) -> int:
        return self.settings["count"]

    def names(self) -> list:
        cols = self.settings["colours"]
        return list(cols[: self.count]) if sorted(cols) == sorted(COLOURS) else \
            list(COLOURS[: self.count])

    def initial_seats(self) -> dict:
        if self.demo:
            return {}
        kinds = self.settings["kinds"]
        return {n: kinds[i] for i, n in enumerate(self.names())}

    def game_options(self) -> dict:
        if self.demo:
            return dict(DEMO_OPTIONS)
        opts = {"seats": self.count, "names": tuple(self.names())}
        if self.settings["rounds"]:
            opts["max_rounds"] = self.settings["rounds"]
        return opts

    def after_load(self) -> None:
        """A resumed game keeps the seats it was saved with."""

    def declare_commands(self) -> list:
        return [
            Command("undo", "Undo a step", ("u",), ("back",), self.cmd_undo,
                    shortcut="U", key_label="U)ndo"),
            Command("random", "Place the rest at random", ("r",), ("y",), self.cmd_random,
                    shortcut="R", key_label="R)andom"),
            Command("help", "Help pages", ("h", "f1"), (), self.cmd_help, shortcut="H",
                    key_label="H)elp"),
            Command("sound", "Sound", ("s",), (), self.cmd_sound, shortcut="S",
                    checked=lambda: bool(self.app.settings["sound"]), key_label="S)ound"),
            Command("new", "New game", ("n",), (), self.cmd_new, shortcut="N",
                    key_label="N)ew"),
            Command("concede", "Concede", (), (), self.cmd_concede, key_label="Esc)concede"),
            Command("menu", "Menu", (), (), self.open_menu, key_label="F10)menu"),
            Command("quit", "Quit", ("q",), (), self.cmd_quit, shortcut="Q",
                    key_label="Q)uit"),
            Command("nw", "Up left", ("[7]", "home"), (), lambda: self.diagonal(5)),
            Command("ne", "Up right", ("[9]", "page up"), (), lambda: self.diagonal(1)),
            Command("sw", "Down left", ("[1]", "end"), (), lambda: self.diagonal(4)),
            Command("se", "Down right", ("[3]", "page down"), (), lambda: self.diagonal(2)),
            Command("drop", "Put the marker down", (), ("x",), self.drop),
        ]

    def menu_model(self) -> list:
        seats = [choice(s.capitalize(), [("human", "Human"), ("computer", "Computer")],
                        lambda s=s: self.table.seats.get(s, "human"),
                        lambda v, s=s: self.set_kind(s, v))
                 for s in self.state.players]
        levels = [(n, f"{n} of {len(ai.LEVELS)}") for n in ai.LEVELS]
        return (self.cmds.items("undo", "random", "help", "sound", "new", "concede", "quit",
                                "-")
                + seats + [choice("Level", levels, lambda: self.settings["level"],
                                  self.set_level), separator(), MenuItem("Back to the game")])

    def holding(self) -> bool:
        return (self.timeline.busy or self.mode != "play" or self.question is not None)

    def toast_lift(self) -> int:
        return self.native_size[1] - PROMPT_Y

    # -- small helpers -------------------------------------------------------------------------
    @property
    def state(self):
        return self.table.state

    def say(self, text: str, colour=WHITE, seconds: float = MESSAGE_TIME) -> None:
        self.timeline.add("message", seconds, data=(text, colour), holds=False)
        self.events.append(text)
        del self.events[:-100]
        self.app.dirty = True

    def ask(self, text: str, on_yes, on_no=None) -> None:
        self.question = (text, on_yes, on_no)
        self.app.dirty = True

    def zone_at(self, pos):
        p = self.grid.at(pos)
        return None if p is None else p[1] * 16 + p[0]

    def zone_centre(self, z: int) -> tuple:
        r, c = divmod(z, self.state.island.width)
        return self.grid.centre(c, r)

    @property
    def cursor_zone(self) -> int:
        c, r = self.cursor.pos
        return r * 16 + c

    def seat_colour(self, seat: str):
        return SEAT_COLOUR.get(seat, WHITE)

    def targets(self) -> list:
        """The destinations of the chosen marker."""
        if self.selected is None or self.state.phase != "move":
            return []
        return [m[2] for m in self.state.legal_moves()
                if isinstance(m, tuple) and m[1] == self.selected]

    def movable(self) -> set:
        st = self.state
        if st.phase != "move":
            return set()
        return {m[1] for m in st.legal_moves() if isinstance(m, tuple)}

    def set_kind(self, seat: str, kind: str) -> None:
        self.table.set_seat(seat, kind)
        names = self.names()
        if seat in names and not self.demo:
            self.settings["kinds"][names.index(seat)] = kind
            self.save_settings()

    def set_level(self, level: int, seat=None) -> None:
        super().set_level(level, seat)

    # -- the flow --------------------------------------------------------------------------------
    def leave_title(self) -> None:
        if self.resumed and not self.state.is_over and self.table.index > 0:
            self.mode = "play"
            self.say("The game in progress is resumed.", LIGHT_CYAN)
        else:
            self.open_setup()

    def open_setup(self) -> None:
        self.mode = "title"
        self.question = None
        self.app.push(SetupScene(self))

    def start_new_game(self) -> None:
        """From the set-up box: a new Biosphere, shown until it is accepted."""
        self.new_game()
        self.mode = "accept"
        self.app.play("dos_place")

    def new_game(self, seed=None) -> None:
        for s, kind in self.initial_seats().items():
            self.table.set_seat(s, kind)
        self.table.set_level(self.settings["level"])
        super().new_game(seed)
        self.selected = None
        self.auto_place = set()
        self.over_done = False
        self.wheel = {"kind": "spin", "angle": 0.0, "result": ""}
        self._island_img = None

    def accept_island(self, yes: bool) -> None:
        if yes:
            self.mode = "play"
            self.autosave()
            self.say("Each seat places half its markers. R: the rest at random.", LIGHT_CYAN)
        else:
            self.new_game()
            self.app.play("dos_place")

    # -- the table changed ---------------------------------------------------------------------
    def on_chance(self, outcome) -> None:
        kind = "colour" if outcome in TERRAINS else "spin"
        outs = list(TERRAINS) if kind == "colour" else list(rules.SPIN)
        n = len(outs)
        i = outs.index(outcome)
        start = self.wheel["angle"] if self.wheel["kind"] == kind else 0.0
        end = start + 2 + ((-i / n - start) % 1.0)
        cues = []
        first = math.floor((start + 0.5 / n) * n)
        k = first + 1
        while True:                       # a tick at every segment line the pointer passes
            b = k / n - 0.5 / n
            if b >= end:
                break
            p = (b - start) / (end - start)
            if p > 0:
                cues.append((1.0 - (1.0 - p) ** (1 / 3), "dos_click"))
            k += 1
        cues.append((1.0, "dos_place"))
        self.wheel = {"kind": kind, "angle": start, "result": ""}
        self.timeline.add("spin", SPIN_SECONDS, ease=ease_out_cubic, cues=cues,
                          data=(kind, start, end, outcome),
                          on_done=lambda: self._spun(kind, end, outcome))

    def _spun(self, kind, end, outcome) -> None:
        self.wheel = {"kind": kind, "angle": end % 1.0, "result": outcome}

    def wheel_angle(self) -> tuple:
        tr = self.timeline.get("spin")
        if tr is None:
            return self.wheel["kind"], self.wheel["angle"]
        kind, start, end, _ = tr.data
        return kind, start + (end - start) * tr.ease(tr.raw)

    def on_transition(self, tr) -> None:
        self.selected = None
        if tr.kind in ("undo", "redo", "new", "load"):
            for name in ("slide", "fx", "pause"):
                self.timeline.cancel(name)
            if tr.kind == "undo":
                self.say("Step taken back.", LIGHT_CYAN)
            if tr.kind in ("new", "load"):
                self._island_img = None
            return
        before, after = tr.before, tr.after
        if tr.kind == "chance":
            self._chance_done(before, after, tr.text)
        else:
            self._move_done(before, after, before.parse_move(tr.text), tr.seat)
        if after.is_over:
            return

    def _chance_done(self, before, after, o) -> None:
        who = before.turn.upper()
        self.wheel["result"] = o
        if before.phase == "spin":
            if o.isdigit():
                if after.phase == "move":
                    self.say(f"{who} spins {o}: {o} move point{'s' if o != '1' else ''}.",
                             self.seat_colour(before.turn))
                else:
                    self.say(f"{who} spins {o}: no move fits, the turn passes.", LIGHT_GREY)
                    self.timeline.add("pause", PASS_PAUSE, cues=[(0.0, "dos_skip")])
            else:
                self.say(f"{who} spins {o.upper()}! A second spin for the colour...", YELLOW)
            return
        name = TERRAIN_NAMES[o]
        if before.phase == "famine-colour":
            gone = self._fx(before.cells, after.cells)
            self.say(f"FAMINE on {name}: {gone} marker{'s' if gone != 1 else ''} perish.",
                     LIGHT_RED)
            if gone:
                self.timeline.add("sound", 0.0, cues=[(0.0, "dos_lose")])
        else:
            owed = ", ".join(f"{s} {u}" for s, u in after.owed) if after.phase == "harvest" \
                else "nobody"
            self.say(f"HARVEST on {name}: units for {owed}.", LIGHT_GREEN)

    def _move_done(self, before, after, move, seat) -> None:
        if move == "resign":
            self.say(f"{seat.upper()} concedes: its markers leave the island.", LIGHT_RED)
            self._fx(before.cells, after.cells)
            return
        kind = move[0]
        delay = 0.0
        if kind == "-":
            a, b = move[1], move[2]
            self.timeline.add("slide", SLIDE_SECONDS, ease=ease_out,
                              data=(a, b, before.cells[a]), cues=[(0.0, "dos_click")])
            delay = SLIDE_SECONDS
            skip = {a, b}
            n = self._fx(before.cells, after.cells, delay, skip)
            if after.cells[b] == 0:
                self._fx_add(b, before.cells[a] + (1 if n else 0), 0, "vanish", delay)
                self.say(f"{seat.upper()}'s marker grew past six: over-population!",
                         LIGHT_RED)
            elif n:
                self._fx_add(b, after.cells[b], after.cells[b], "grow", delay)
                self.say(f"{seat.upper()} captures on {before.island.name(rules.jumped_zone(before.island, a, b))}.",
                         self.seat_colour(seat))
        else:
            self._fx(before.cells, after.cells)
            if kind == "^" and after.cells[move[1]] == 0:
                self.say(f"{seat.upper()}'s marker grew past six: over-population!",
                         LIGHT_RED)

    def _fx(self, old, new, delay=0.0, skip=()) -> int:
        """Animate every change between two sets of cells; the number of removals."""
        gone = 0
        for z, (v, w) in enumerate(zip(old, new)):
            if z in skip or v == w:
                continue
            if v and not w:
                self._fx_add(z, v, 0, "vanish", delay)
                gone += 1
            elif w and not v:
                self._fx_add(z, 0, w, "appear", delay)
            else:
                self._fx_add(z, v, w, "grow", delay)
        return gone

    def _fx_add(self, z, v, w, kind, delay=0.0) -> None:
        tr = self.timeline.get("fx")
        items = list(tr.data) if tr is not None and tr.raw < 0.5 else []
        items.append((z, v, w, kind))
        sound = {"vanish": "dos_skip", "appear": "dos_place", "grow": "dos_flip"}[kind]
        self.timeline.add("fx", FX_SECONDS, delay=delay, data=items, cues=[(0.0, sound)])

    def on_game_over(self) -> None:
        st = self.state
        self.selected = None
        winners = [s for s in st.players if s in st.winners()]
        human_won = any(self.table.seats.get(s) == "human" for s in winners)
        self.app.play("dos_win" if human_won or self.demo else "dos_lose")
        self.say("The game is over: " + self.result_text() + ".", YELLOW, STICKY)
        if self.demo or "human" not in self.table.seats.values():
            return
        self.ask("Compare scores? (Y/n)", self.compare_scores, None)

    def result_text(self) -> str:
        st = self.state
        winners = [s.upper() for s in st.players if s in st.winners()]
        if not winners:
            return ""
        how = f" (population {st.population(winners[0].lower())})" if st.max_rounds else ""
        if len(winners) == 1:
            return f"{winners[0]} wins{how}"
        return "a tie between " + ", ".join(winners)

    # -- scores ------------------------------------------------------------------------------
    def compare_scores(self) -> None:
        self.app.push(FileScene(self))

    def results(self, initials: dict) -> list:
        st = self.state
        out = []
        for s in st.players:
            name = initials.get(s) or f"CP{self.table.levels.get(s, 3)}"
            out.append((name, s in st.winners(), st.population(s)))
        return out

    def record_scores(self, n: int, initials: dict) -> dict:
        try:
            table = scores.load(self.store, n)
            scores.record(table, self.results(initials))
            scores.save(self.store, n, table)
        except OSError as exc:
            self.app.notice(f"The scores could not be kept ({exc.strerror or exc}).")
            table = scores.empty()
        self.set_setting("file", n)
        return table

    # -- the original's keys ------------------------------------------------------------------
    def cmd_undo(self) -> None:
        if self.mode != "play" or self.state.is_over:
            self.app.play("dos_error")
            return
        if not self.table.take_back(across_chance=False):
            self.app.play("dos_error")
            self.say("Nothing to take back in this turn (a spin stays spun).", LIGHT_RED)

    def cmd_random(self) -> None:
        st = self.state
        if self.mode != "play" or st.phase != "setup" or not self.table.human_to_move:
            self.app.play("dos_error")
            self.say("R places your markers at random during the placement.", LIGHT_RED)
            return
        seat = st.current
        self.ask(f"Place the rest of {seat.upper()}'s markers at random? (Y/n)",
                 lambda: self.auto_place.add(seat))

    def cmd_help(self) -> None:
        if self.mode != "help":
            self.help_return = self.mode
        self.mode = "help"
        self.help_page = 0

    def cmd_sound(self) -> None:
        self.say("Sound on." if self.toggle_sound() else "Sound off.", LIGHT_CYAN)

    def cmd_new(self) -> None:
        if self.state.is_over or self.mode != "play":
            self.open_setup()
        else:
            self.ask("Start a new game? (Y/n)", self.open_setup)

    def cmd_concede(self) -> None:
        t = self.table
        if self.mode != "play" or not t.human_to_move or "resign" not in t.state.legal_moves():
            self.app.play("dos_error")
            self.say("Only a person can concede, at their turn after the placement.",
                     LIGHT_RED)
            return
        seat = t.state.current
        self.ask(f"{seat.upper()}: concede the game? (Y/n)", lambda: self.play_move("resign"))

    def cmd_quit(self) -> None:
        self.app.pop_to(self)
        self.app.pop()

    def open_menu(self) -> None:
        self.app.push(MenuScene(self))

    def diagonal(self, d: int) -> None:
        if self.mode == "help":
            self.next_page()
            return
        if self.mode not in ("play", "accept"):
            return
        if not self.cursor.visible:
            self.cursor.show()
            return
        c, r = offset_neighbour(*self.cursor.pos, d)
        if 0 <= c < 16 and 0 <= r < 10:
            self.cursor.place((c, r))
            self.app.play("dos_click")

    def drop(self) -> None:
        if self.question is not None:
            self.answer(False)
        elif self.selected is not None:
            self.selected = None
            self.app.play("dos_click")

    def bench_animation(self):
        """For games.bench: the spinner spinning; (label, still spinning)."""
        self.wheel = {"kind": "spin", "angle": 0.0, "result": ""}
        self.on_chance(random.choice(rules.SPIN))
        return "spinner spinning", lambda: self.timeline.running("spin")

    # -- input --------------------------------------------------------------------------------
    def answer(self, yes: bool) -> None:
        _text, on_yes, on_no = self.question
        self.question = None
        self.app.play("dos_click")
        f = on_yes if yes else on_no
        if f is not None:
            f()

    def handle(self, action) -> None:
        k = action.kind
        if self.mode == "title":
            self.handle_title(action)
            return
        if self.mode == "help":
            if k == "back":
                self.mode = self.help_return
            elif k in ("pointer_down", "confirm", "text", "command", "up", "down", "left",
                       "right"):
                self.next_page()
            return
        if k == "pointer_move":
            self.hover = dos.hit(self.keyline_rects, action.pos)
            p = self.grid.at(action.pos)
            if p is not None:
                self.cursor.place(p)
            return
        self.cursor.seen(action)
        if self.question is not None:
            if k == "back":
                self.answer(False)
                return
            yes = dos.yes_no(action)
            if yes is not None:
                self.answer(yes)
            elif k == "command" and action.name == "drop":
                self.answer(False)
            elif k == "command" and action.name in ("menu", "help", "sound", "quit"):
                self.cmds.run(action.name)
            return
        if self.mode == "accept":
            yes = dos.yes_no(action)
            if k == "back":
                self.open_setup()
            elif yes is not None:
                self.accept_island(yes)
            elif k == "command" and action.name == "drop":
                self.accept_island(False)
            elif k == "command":
                self.cmds.run(action.name)
            return
        if k in ("up", "down", "left", "right"):
            if self.cursor.step(k):
                self.app.play("dos_click")
        elif k == "menu":
            self.open_menu()
        elif k == "back":
            if self.selected is not None:
                self.drop()
            elif self.state.is_over:
                self.cmd_quit()
            else:
                self.cmd_concede()
        elif k == "command":
            self.cmds.run(action.name)
        elif k == "confirm":
            self.cursor.show()
            self.choose(self.cursor_zone)
        elif k == "pointer_down":
            name = dos.hit(self.keyline_rects, action.pos)
            z = self.zone_at(action.pos)
            if action.button == 1 and name is not None:
                self.cmds.run(name)
            elif action.button == 3:
                self.drop()
            elif action.button == 1 and z is not None:
                self.cursor.place(self.grid.at(action.pos))
                self.choose(z)

    def handle_title(self, action) -> None:
        k = action.kind
        if k in ("pointer_move", "pointer_up"):
            return
        if k == "back":
            self.cmd_quit()
        elif k == "command" and action.name == "help":
            self.cmd_help()
        elif k == "command" and action.name in ("quit", "sound", "new"):
            if action.name == "new":
                self.open_setup()
            else:
                self.cmds.run(action.name)
        else:
            self.leave_title()

    def next_page(self) -> None:
        self.app.play("dos_click")
        self.help_page += 1
        if self.help_page >= len(HELP_PAGES):
            self.help_page = 0
            self.mode = self.help_return

    def choose(self, z: int) -> None:
        """Enter or the left button on zone ``z``."""
        st, t = self.state, self.table
        if st.is_over:
            if self.question is None and "human" in t.seats.values():
                self.ask("Compare scores? (Y/n)", self.compare_scores)
            return
        if not t.human_to_move or self.timeline.running("spin"):
            self.app.play("dos_error")
            who = st.current or st.turn
            self.say(f"Wait: it is {who.upper()}'s turn." if who else "Wait for the spin.",
                     LIGHT_GREY)
            return
        isl, me = st.island, st.current
        if st.phase == "setup":
            self.try_move(("@", z))
        elif st.phase == "harvest":
            m = st.marker(z)
            if m is not None and m[0] == me:
                if m[1] == 6:
                    self.ask(f"The 6 on {isl.name(z)} will die of over-population. Grow it? "
                             "(Y/n)", lambda: self.try_move(("^", z)))
                else:
                    self.try_move(("^", z))
            else:
                self.try_move(("+", z))
        elif st.phase == "move":
            m = st.marker(z)
            if self.selected is not None and z in self.targets():
                self.try_move(("-", self.selected, z))
            elif z == self.selected:
                self.drop()
            elif m is not None and m[0] == me:
                if z in self.movable():
                    self.selected = z
                    self.app.play("dos_click")
                else:
                    self.app.play("dos_error")
                    why = (f"it is size {m[1]}: only {st.points} point"
                           f"{'s' if st.points != 1 else ''} left" if m[1] > st.points
                           else "it has no free zone to go to")
                    self.say(f"The marker on {isl.name(z)} cannot move: {why}.", LIGHT_RED)
            elif self.selected is not None:
                self.try_move(("-", self.selected, z))
            else:
                self.app.play("dos_error")
                self.say(f"Choose one of {me.upper()}'s markers first.", LIGHT_RED)

    def try_move(self, move) -> bool:
        st = self.state
        if move in st.legal_moves():
            self.selected = None
            return self.play_move(move)
        try:
            st.play(move)
            why = "that move is not allowed"
        except (rules.IllegalMove, ValueError) as exc:
            why = str(exc)
        self.app.play("dos_error")
        self.say(f"Not allowed: {why}.", LIGHT_RED)
        return False

    def tick(self, dt: float) -> bool:
        st, t = self.state, self.table
        if (self.mode == "play" and st.phase == "setup" and st.current in self.auto_place
                and t.human_to_move and self.question is None and not self.timeline.busy):
            rng = random.Random(f"{t.seed}/{t.index}/place")
            t.play(rng.choice(st.legal_moves()))
            return True
        return False

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        surface.fill(BLACK)
        if self.mode == "help":
            draw_help(surface, self.help_page)
            return
        if self.mode == "title":
            draw_welcome(surface, self.resumed and not self.state.is_over
                         and self.table.index > 0)
            return
        self.draw_island(surface)
        self.draw_panel(surface)
        self.draw_lines(surface)

    def island_image(self, st):
        isl = st.island
        if self._island_img is not None and self._island_img[0] is isl:
            return self._island_img[1]
        g = self.grid
        w = g.rect(15, 9).right + 2 - ORIGIN[0] + 2
        h = round(10.5 * g.dy) + 4
        img = pygame.Surface((w, h))
        img.fill(BLACK)
        ox, oy = ORIGIN[0] - 2, ORIGIN[1] - 2
        for z in range(isl.size):
            r, c = divmod(z, isl.width)
            pts = [(x - ox, y - oy) for x, y in g.corners(c, r)]
            pygame.draw.polygon(img, TERRAIN_LOOK[isl.terrain[z]][0], pts)
        # patterns: a lattice of small shapes, drawn where the base colour shows
        for z in range(isl.size):
            r, c = divmod(z, isl.width)
            t = isl.terrain[z]
            base, fg, (px, py, shape) = TERRAIN_LOOK[t]
            rect = g.rect(c, r).move(-ox, -oy)
            for y in range(rect.top + 2, rect.bottom - 2):
                if y % py:
                    continue
                shift = (y // py) % 2 * (px // 2)
                for x in range(rect.left + 2, rect.right - 2):
                    if (x + shift) % px or not (0 <= x < w - 3 and 0 <= y < h - 3):
                        continue
                    if img.get_at((x, y))[:3] != base or img.get_at((x + 2, y + 1))[:3] != base:
                        continue
                    if shape == "dot":
                        img.set_at((x, y), fg)
                    elif shape == "tick":
                        img.set_at((x, y), fg)
                        img.set_at((x + 1, y - 1), fg)
                    elif shape == "dash":
                        img.fill(fg, (x, y, 3, 1))
                    elif shape == "wave":
                        img.fill(fg, (x, y, 2, 1))
                        img.fill(fg, (x + 2, y - 1, 2, 1))
                    elif shape == "tree":
                        img.set_at((x + 1, y - 1), fg)
                        img.fill(fg, (x, y, 3, 1))
                        img.set_at((x + 1, y + 1), fg)
                    elif shape == "hill":
                        img.set_at((x, y), fg)
                        img.set_at((x + 1, y - 1), fg)
                        img.set_at((x + 2, y), fg)
        for z in range(isl.size):
            if isl.terrain[z] == SEA:
                continue
            r, c = divmod(z, isl.width)
            pts = [(x - ox, y - oy) for x, y in g.corners(c, r)]
            pygame.draw.polygon(img, BLACK, pts, 1)
        self._island_img = (isl, img)
        return img

    def draw_marker(self, surface, centre, v: int, scale: float = 1.0) -> None:
        if not v or scale <= 0:
            return
        seat = self.state.players[(v >> 3) - 1] if (v >> 3) <= len(self.state.players) else ""
        size = v & 7
        rx = max(1, round((8 + size // 2) * scale))
        ry = max(1, round(rx * SQUASH * 1.15))
        cx, cy = centre
        pygame.draw.ellipse(surface, WHITE, (cx - rx - 1, cy - ry - 1, 2 * rx + 2, 2 * ry + 2))
        pygame.draw.ellipse(surface, BLACK, (cx - rx, cy - ry, 2 * rx, 2 * ry))
        if rx > 2:
            pygame.draw.ellipse(surface, self.seat_colour(seat),
                                (cx - rx + 1, cy - ry + 1, 2 * rx - 2, 2 * ry - 2))
        if scale >= 0.7:
            dos.text(surface, str(size), (cx - 3, cy - 7), BLACK)

    def draw_island(self, surface) -> None:
        st = self.state
        surface.blit(self.island_image(st), (ORIGIN[0] - 2, ORIGIN[1] - 2))
        slide, fx = self.timeline.get("slide"), self.timeline.get("fx")
        hidden = set()
        if slide is not None:
            hidden.add(slide.data[1])
        fx_items = fx.data if fx is not None else []
        for z, v, w, kind in fx_items:
            if kind in ("appear", "grow"):
                hidden.add(z)
        moves = self.movable() if self.table.human_to_move else set()
        for z, v in enumerate(st.cells):
            if v and z not in hidden:
                self.draw_marker(surface, self.zone_centre(z), v)
                if z == self.selected:
                    self.ring(surface, z, YELLOW, 13)
                elif z in moves and not self.selected:
                    self.ring(surface, z, WHITE, 13, dotted=True)
        for z in self.targets():
            cx, cy = self.zone_centre(z)
            pygame.draw.ellipse(surface, WHITE, (cx - 5, cy - 4, 10, 8))
            pygame.draw.ellipse(surface, BLACK, (cx - 3, cy - 2, 6, 4))
        if slide is not None:
            a, b, v = slide.data
            p = slide.ease(slide.raw) if slide.started else 0.0
            (ax, ay), (bx, by) = self.zone_centre(a), self.zone_centre(b)
            self.draw_marker(surface, (round(ax + (bx - ax) * p), round(ay + (by - ay) * p)), v)
        if fx is not None:
            p = fx.raw if fx.started else 0.0
            for z, v, w, kind in fx_items:
                c = self.zone_centre(z)
                if kind == "vanish":
                    if not fx.started:
                        self.draw_marker(surface, c, v)
                    elif int(p * 8) % 2 == 0:
                        self.draw_marker(surface, c, v, 1.0 - p)
                elif kind == "appear":
                    self.draw_marker(surface, c, w, p if fx.started else 0)
                else:
                    self.draw_marker(surface, c, w if p > 0.3 else v)
                    if fx.started:
                        self.ring(surface, z, YELLOW, round(10 + 8 * p))
        if self.mode in ("play",) and not st.is_over and (
                self.table.human_to_move or self.cursor.visible):
            c, r = self.cursor.pos
            self.ring(surface, r * 16 + c, WHITE if self.cursor.visible else LIGHT_GREY, 15)

    def ring(self, surface, z, colour, rx, dotted=False) -> None:
        cx, cy = self.zone_centre(z)
        ry = round(rx * SQUASH * 1.15)
        rect = (cx - rx, cy - ry, 2 * rx, 2 * ry)
        if dotted:
            for a in range(0, 360, 30):
                x = round(cx + rx * math.cos(math.radians(a)))
                y = round(cy + ry * math.sin(math.radians(a)))
                surface.fill(colour, (x, y, 2, 1))
        else:
            pygame.draw.ellipse(surface, colour, rect, 1)

    def draw_panel(self, surface) -> None:
        st = self.state
        x = PANEL_X
        title = f"Round {st.round}" + (f"/{st.max_rounds}" if st.max_rounds else "")
        if st.phase == "setup":
            title = "Placement"
        dos.text(surface, "TriAxis", (x, 2), YELLOW)
        dos.text(surface, title.rjust(13), (x + 64, 2), LIGHT_GREY)
        dos.text(surface, " Seat     Pop  On/Sup", (x, 22), LIGHT_CYAN)
        ins = set(st.seats_in())
        winners = st.winners()
        for i, s in enumerate(st.players):
            y = 38 + i * 15
            on = s == st.current or (s == st.turn and st.phase in ("spin", "harvest-colour",
                                                                    "famine-colour"))
            colour = self.seat_colour(s) if s in ins or st.phase == "setup" else DARK_GREY
            if on:
                surface.fill(BLUE, (x - 4, y - 1, 176, 15))
            mark = "\u25b6" if on else ("*" if s in winners else " ")
            kind = "H" if self.table.seats.get(s) == "human" else "C"
            status = f"{st.population(s):>3}  {st.on_island(s):>2}/{st.supply(s):<2}" \
                if s in ins or st.phase == "setup" else "  out"
            dos.text(surface, f"{mark}{s[:7].upper():<7}{kind}{status}", (x, y), colour)
        kind, angle = self.wheel_angle()
        segs = SPIN_SEGMENTS if kind == "spin" else COLOUR_SEGMENTS
        dos.draw_wheel(surface, WHEEL_CENTRE, WHEEL_R, segs, angle, SQUASH)
        res = self.wheel["result"] if not self.timeline.running("spin") else ""
        label = "SPINNER" if kind == "spin" else "COLOUR"
        if res:
            label = outcome_words(res)
        dos.text(surface, label.center(22), (x, 240), WHITE if res else LIGHT_GREY)
        if st.phase == "move":
            dos.text(surface, f"Points left: {st.points}".center(22), (x, 256), YELLOW)
        elif st.phase == "harvest":
            owe = dict(st.owed).get(st.current, 0)
            dos.text(surface, f"{TERRAIN_NAMES[st.colour]}: {owe} unit{'s' if owe != 1 else ''}"
                     .center(22), (x, 256), LIGHT_GREEN)

    def draw_lines(self, surface) -> None:
        x = 8
        for t in TERRAINS:
            base = TERRAIN_LOOK[t][0]
            surface.fill(base, (x, LEGEND_Y + 3, 14, 9))
            dos.text(surface, TERRAIN_NAMES[t], (x + 18, LEGEND_Y), LIGHT_GREY)
            x += 18 + 8 * len(TERRAIN_NAMES[t]) + 10
        msg = self.timeline.get("message")
        if msg is not None:
            text, colour = msg.data
            dos.centred(surface, text[:78], MESSAGE_Y, colour)
        text, colour = self.prompt()
        dos.centred(surface, text[:79], PROMPT_Y, colour)
        self.keyline_rects = dos.key_line(surface, self.cmds.key_line(), KEYLINE_Y, fg=BLACK,
                                          key_fg=RED, bg=LIGHT_GREY, hi=self.hover,
                                          hi_fg=WHITE, hi_bg=BLUE)

    def prompt(self) -> tuple:
        st, t = self.state, self.table
        if self.question is not None:
            return self.question[0], YELLOW
        if self.mode == "accept":
            return "Accept this Biosphere? (Y/n)", YELLOW
        if st.is_over:
            return f"Game over: {self.result_text()}.  N)ew game  Q)uit", YELLOW
        seat = st.current or st.turn
        col = self.seat_colour(seat)
        who = seat.upper()
        if st.is_chance:
            return f"{who} spins the spinner...", col
        if not t.human_to_move:
            return f"{who} (computer) is thinking...", col
        if st.phase == "setup":
            left = st.allocations[seat] // 2 - st.on_island(seat)
            return f"{who}: place a marker on an empty zone ({left} to place).  R: at random", col
        if st.phase == "harvest":
            return f"{who}: an empty zone for a new marker, or your marker to grow it", col
        if self.selected is not None:
            return (f"{who}: move the marker on {st.island.name(self.selected)} to a marked "
                    "zone (Enter)", col)
        return f"{who}: {st.points} point{'s' if st.points != 1 else ''}: choose a marker to " \
               "move (Enter)", col


# -- the welcome page and the help pages ------------------------------------------------------

def hex_field(cols: int, rows: int) -> list:
    """A field of hexes drawn with / \\ and _, ``cols`` characters by ``rows`` lines."""
    a, b = "/  \\__", "\\__/  "
    return [((a if r % 2 else b) * (cols // 6 + 2))[:cols] for r in range(rows)]


def draw_welcome(surface, resumable: bool) -> None:
    cw, ch = dos.CELL_W, dos.CELL_H
    box = dos.box_rect(42, 19, pos=(19 * cw, ch))
    inner = dos.draw_box(surface, box, dos.Look(bg=BLACK, border=LIGHT_CYAN, shadow=None))
    lines = hex_field(40, 17)
    colours = (GREEN, LIGHT_GREEN, YELLOW, BROWN, CYAN, LIGHT_GREY)
    for r, line in enumerate(lines):
        dos.text(surface, line, (inner.x, inner.y + r * ch), colours[(r // 2) % 6])
    panel = dos.box_rect(15, 7, pos=(inner.x + 12 * cw, inner.y + 4 * ch))
    inner2 = dos.draw_box(surface, panel, dos.Look(bg=BLACK, border=WHITE, shadow=None),
                          "single")
    dos.centred(surface, "WELCOME", inner2.y, YELLOW, rect=inner2)
    dos.centred(surface, "TO", inner2.y + 2 * ch, WHITE, rect=inner2)
    dos.centred(surface, "TriAxis", inner2.y + 4 * ch, LIGHT_GREEN, rect=inner2)
    dos.centred(surface, "after the 1989 game by Christopher G. Gunn", 21 * ch, LIGHT_GREY)
    if resumable:
        dos.centred(surface, "Press any key to go on with the game in progress", 22 * ch + 4,
                    WHITE)
        dos.centred(surface, "N: a new game   H: the help pages   Esc: leave", 23 * ch + 6,
                    DARK_GREY)
    else:
        dos.centred(surface, "Press any key to begin", 22 * ch + 4, WHITE)
        dos.centred(surface, "H: the help pages   Esc: leave", 23 * ch + 6, DARK_GREY)


HELP_PAGES = [
    ("THE BIOSPHERE", [
        "The island is made of hexagonal zones in six colours of terrain: forest,",
        "grass, desert, hills, marsh and tundra. Play is a little like checkers,",
        "but in six directions, and your survival depends on the land you stand on",
        "and on keeping your population in check.",
        "",
        "Two to six seats play; the computer can play any of them. Each game starts",
        "on a new Biosphere: ask for another until you like it, then accept it.",
        "Each seat has a habitat colour. At most eighty markers share the island:",
        "",
        "   2 seats: 40 each          3 seats: 28, 28 and 24",
        "   4 seats: 20 each          5 seats: 16 each         6 seats: 13 each",
        "",
        "With one to four people the computer usually plays one more seat.",
    ]),
    ("RULES FOR SURVIVAL", [
        "1. First each seat places half its markers, one at a time, on empty",
        "   zones anywhere. R lets the computer place the rest of yours at random.",
        "",
        "2. A marker captures an opponent's marker by jumping over it to the empty",
        "   zone beyond, if the opponent is not bigger. The jumper grows by one.",
        "   A marker that grows past six is lost to over-population.",
        "",
        "3. Every turn starts with the spinner: 1 to 6, HARVEST or FAMINE. A number",
        "   gives that many move points, and they must be used while a move fits.",
        "   Captures are never forced. New markers come only with a HARVEST.",
    ]),
    ("RULES FOR SURVIVAL", [
        "4. Move the cursor circle to one of your markers and press Enter (or the",
        "   left button) to choose it; its destinations are marked. Then move the",
        "   cursor there and press Enter or Space, or click it. The right button",
        "   puts the marker down again. The corner keys of the keypad ([7] [9]",
        "   [1] [3], or Home, PgUp, End, PgDn) move the cursor diagonally.",
        "",
        "5. A step or a jump costs the marker's size: with a five, move a 5 one",
        "   zone, a 1 five zones, or five 1s one zone each. U takes back a step",
        "   of your turn (never the spin).",
    ]),
    ("RULES FOR SURVIVAL", [
        "6. Jump over your own marker to cross the island faster, or over an",
        "   opponent to capture it. Captured and over-populated markers vanish.",
        "",
        "7. HARVEST spins again for a colour. For each size point of your markers",
        "   on that colour you add a new marker on any empty zone, or grow one of",
        "   yours by one. A careless harvest can over-populate you off the island.",
        "",
        "8. FAMINE spins again for a colour: every marker on it perishes. Do not",
        "   keep all your markers on one colour.",
        "",
        "9. Esc asks whether you concede the game.",
    ]),
    ("RULES FOR SURVIVAL", [
        "10. Small markers boxed in by big ones can leave you with no move: then",
        "    the turn passes by itself.",
        "",
        "11. A marker too big to capture? Hope for a FAMINE on its colour, or let",
        "    it jump until it grows past six.",
        "",
        "12. (Y/n) questions: Enter, Y or the left button is yes; N, Space or the",
        "    right button is no.",
        "",
        "13. Ten score files keep the games played, won and the best population",
        "    of each player. Compare scores at the end and press 0 to 9 for a file.",
    ]),
]


def draw_help(surface, page: int) -> None:
    title, lines = HELP_PAGES[page]
    box = dos.box_rect(80, 19, pos=(0, 2 * dos.CELL_H))
    inner = dos.draw_box(surface, box, dos.Look(bg=BLACK, border=LIGHT_CYAN, shadow=None))
    dos.centred(surface, title, inner.y, YELLOW, rect=inner)
    for i, line in enumerate(lines):
        dos.text(surface, line, (inner.x + 8, inner.y + (i + 2) * dos.CELL_H), LIGHT_GREY)
    dos.centred(surface, f"Page {page + 1} of {len(HELP_PAGES)}:  any key for the next, "
                "Esc to go back", 23 * dos.CELL_H, DARK_GREY)


# -- boxes over the game ---------------------------------------------------------------------

BoxScene = dos.DialogScene


class MenuScene(dos.MenuScene):
    name = "triaxis-menu"


class SetupScene(BoxScene):
    """How many seats, who plays each (a person or the computer), each seat's habitat
    colour, a round limit and the computer's level; Start makes a new Biosphere."""

    name = "triaxis-setup"

    def __init__(self, game: TriAxisScene):
        super().__init__(game)
        s = game.settings
        items = [Item("Seats", value=lambda: str(s["count"]), on_change=self.change_count)]
        for i in range(6):
            items.append(Item(f"Seat {i + 1}", value=lambda i=i: s["kinds"][i].capitalize(),
                              on_change=lambda _d, i=i: self.flip_kind(i),
                              on_confirm=lambda i=i: self.flip_kind(i),
                              enabled=lambda i=i: i < s["count"]))
            items.append(Item("   habitat", value=lambda i=i: s["colours"][i].upper(),
                              on_change=lambda d, i=i: self.change_colour(i, d),
                              on_confirm=lambda i=i: self.change_colour(i, 1),
                              enabled=lambda i=i: i < s["count"]))
        items.append(Item("Rounds", value=lambda: str(s["rounds"] or "no limit"),
                          on_change=lambda d: self.cycle("rounds", ROUNDS, d)))
        items.append(Item("Computer level", value=lambda: f"{s['level']} of {len(ai.LEVELS)}",
                          on_change=lambda d: self.cycle("level", tuple(ai.LEVELS), d)))
        items.append(Item("Start: a new Biosphere", on_confirm=self.start))
        self.dialog = dos.Dialog("TriAxis: a new game", items=items, cols=44, sound=self.click,
                                 look=dos.GREY_BOX,
                                 footer="\u2191\u2193 choose  \u2190\u2192 change  Enter")
        self.dialog.menu.cursor = len(items) - 1

    def change_count(self, d: int) -> None:
        s = self.game.settings
        s["count"] = (s["count"] - 2 + d) % 5 + 2
        s["kinds"] = default_kinds(s["count"])
        self.game.save_settings()

    def flip_kind(self, i: int) -> None:
        k = self.game.settings["kinds"]
        k[i] = "computer" if k[i] == "human" else "human"
        self.game.save_settings()

    def change_colour(self, i: int, d: int) -> None:
        cols = self.game.settings["colours"]
        new = COLOURS[(COLOURS.index(cols[i]) + d) % len(COLOURS)]
        j = cols.index(new)
        cols[i], cols[j] = new, cols[i]
        self.game.save_settings()

    def cycle(self, key: str, values, d: int) -> None:
        s = self.game.settings
        s[key] = values[(values.index(s[key]) + d) % len(values)]
        self.game.save_settings()

    def start(self) -> None:
        self.app.pop()
        self.game.start_new_game()

    def handle(self, action) -> None:
        if action.kind == "back":
            self.app.pop()
            self.game.mode = "title"
        else:
            super().handle(action)


class FileScene(BoxScene):
    """Which of the ten score files: a number key 0-9 (or the list)."""

    name = "triaxis-file"

    def __init__(self, game: TriAxisScene):
        super().__init__(game)
        items = [Item(f"Score file {n}", on_confirm=lambda n=n: self.choose(n))
                 for n in scores.FILES]
        self.dialog = dos.Dialog("COMPARE SCORES", ["Press a number key, 0 to 9,",
                                                    "to choose the score file.", ""],
                                 items, cols=36, sound=self.click, look=dos.GREY_BOX)
        self.dialog.menu.cursor = game.settings["file"]

    def choose(self, n: int) -> None:
        humans = [s for s in self.game.state.players if self.game.table.seats.get(s) == "human"]
        self.app.replace(InitialsScene(self.game, n, humans, {}))

    def handle(self, action) -> None:
        if action.kind in ("text", "command", "confirm") and action.char.isdigit():
            self.choose(int(action.char))
        else:
            super().handle(action)


class InitialsScene(BoxScene):
    """Three initials for each person, one after the other; then the file is written."""

    name = "triaxis-initials"

    def __init__(self, game: TriAxisScene, n: int, humans: list, got: dict):
        super().__init__(game)
        self.n, self.humans, self.got = n, humans, got
        seat = self.seat = humans[len(got)]
        lines = [(f"{seat.upper()}: population {game.state.population(seat)}",
                  SEAT_COLOUR[seat] if seat in SEAT_COLOUR else WHITE),
                 "Enter your initials:", "", "", "", ""]
        self.dialog = dos.Dialog(f"SCORE FILE {n}", lines, look=dos.DIALOG, cols=40,
                                 footer="Type, or \u2191\u2193\u2190\u2192 and Enter")
        inner = self.dialog.inner
        look = dos.menu_look(dos.Look(hi_fg=BLACK, hi_bg=YELLOW, dim=DARK_GREY, fg=WHITE,
                                      value=YELLOW))
        pos = (inner.centerx - (3 * 24 + 2 * 8 + 16 + 32) // 2, inner.y + 3 * dos.CELL_H + 2)
        self.entry = InitialsEntry(look, pos, game.settings["initials"][seat]
                                   if seat in game.settings["initials"] else "AAA",
                                   on_done=self.done, sound=self.click)

    def done(self, initials: str) -> None:
        g = self.game
        if self.seat in g.settings["initials"]:
            g.settings["initials"][self.seat] = initials
            g.save_settings()
        got = dict(self.got, **{self.seat: initials})
        if len(got) < len(self.humans):
            self.app.replace(InitialsScene(g, self.n, self.humans, got))
        else:
            table = g.record_scores(self.n, got)
            self.app.replace(ScoresScene(g, self.n, table))

    def handle(self, action) -> None:
        if action.kind == "back" and self.entry.cursor == 0:
            self.entry.accept()
        else:
            self.entry.handle(action)

    def draw(self, surface) -> None:
        self.dialog.draw(surface)
        self.entry.draw(surface)


class ScoresScene(BoxScene):
    """A score file's table; any key closes it."""

    name = "triaxis-scores"

    def __init__(self, game: TriAxisScene, n: int, table: dict):
        super().__init__(game)
        self.n = n
        self.lines = scores.table_lines(table)
        self.dialog = dos.Dialog(f"SCORE FILE {n}", [(self.lines[0], LIGHT_CYAN)]
                                 + [(ln, WHITE) for ln in self.lines[1:15]], look=dos.DIALOG,
                                 cols=50, footer="Press any key")

    def handle(self, action) -> None:
        if action.kind not in ("pointer_move", "pointer_up"):
            self.app.pop()


__all__ = ["TriAxisScene", "SetupScene", "FileScene", "InitialsScene", "ScoresScene",
           "MenuScene", "HELP_PAGES"]
