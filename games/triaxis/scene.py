"""TriAxis's screen: the DOS EGA game of 1989 (Christopher G. Gunn), on the Tricade house.

640x350 in the 16 EGA colours (shown at 4:3), the ega8x14 font. The island of 16 x 10 hexes
at the left in terrain colours and patterns, the sea around it; markers are discs in their
seat's habitat colour with their size on them. At the right: each seat (population,
markers on the island and in supply), the spinner (eight segments: 1-6, HARVEST, FAMINE;
six terrain segments for the second spin) and the points left. Under the island: the
terrain legend, the status line and the key line
``U)ndo R)andom H)elp S)ound N)ew Esc)concede F10)menu Q)uit``, each as its phase has it
(R)andom while markers are placed, U)ndo when a step can be taken back, and what Esc does
then: Esc)end turn, Esc)concede, Esc)put down or Esc)quit).

The flow, as the original's: the welcome page (the look's title page: resume the game in
progress, start, or read the help pages, paged like the original's), the set-up box (how
many seats, which are people and which the computer, a round limit, the level), a new
Biosphere with "Accept this Biosphere? (Y/n)" until accepted, then each person's habitat
colour (the computer's seats take the colours left), the placement of half the markers (by
hand, or R: the rest at random: the seat is played by the table's "random" kind until the
placement ends), then the spins: a person's turn waits for them to set the spinner going
(Space or Enter, a click, pad A; the status line names the control in hand), the
computer's and a HARVEST's or FAMINE's second spin go by themselves. At the end "Compare
scores? (Y/n)", a number key 0-9 for one of ten score files, three initials for each
person, and the file's table.

Keys: arrows (or the pad's d-pad, or the mouse) move the cursor circle; the keypad's corner
keys [7] [9] [1] [3] (and Home, PgUp, End, PgDn) move it diagonally. Enter, Space or the
left button choose a marker, then its destination (the legal ones are marked); the right
button, X on a pad, or the marker again put it down. Esc ends the turn or concedes (rule
10; asked, default No); so do both mouse buttons together (``chord_back``). U takes back a
step of a person within the turn (never across a spin).

What choosing a zone means, what the spinner shows and how each change is said are in
games/triaxis/play.py (pure, tested without pygame); the help pages in manual.py.

Choices where the original's documentation is silent:
- a spin no move fits passes the turn by itself ("no move fits") after a pause to read it;
- growth of a size-6 marker in a harvest asks first (it dies of over-population);
- only games whose scores are compared are kept in a score file; a computer seat is
  recorded as CP1-CP3 by its level; initials are asked of each person (kept per colour);
- the seat kinds follow the original's table by default when the number of seats changes
  (one to four people: the computer plays one more seat), and each can be changed;
- a demo (attract mode) plays three computer seats for four rounds;
- Back (or Esc) while a habitat colour is chosen asks "Accept this Biosphere?" again; the
  colours chosen are offered first next time.
"""
from __future__ import annotations

import games
import pygame

from games.core import schema
from games.triaxis import ai, art, look, manual, play, rules
from games.triaxis.island import TERRAIN_NAMES, TERRAINS
from games.ui import controls, dos, marks, solid
from games.ui.anim import ease_out, ease_out_cubic
from games.ui.board import HexGrid
from games.ui.commands import Command, MenuItem, choice
from games.ui.dos import (BLACK, BLUE, DARK_GREY, LIGHT_CYAN, LIGHT_GREEN, LIGHT_GREY,
                          LIGHT_RED, RED, WHITE, YELLOW)
from games.ui.scene import GameScene
from games.triaxis.scorefiles import ScoreFiles

COLOURS = rules.PLAYERS
ROUNDS = (0, 3, 5, 10, 15, 20, 30, 50)
KINDS = ("human", "computer")
DEMO_OPTIONS = {"seats": 3, "max_rounds": 4}
default_kinds = play.default_kinds

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
SEAT_COLOUR = look.SEAT_COLOUR
TONES = {"note": YELLOW, "good": LIGHT_GREEN, "bad": LIGHT_RED, "dim": LIGHT_GREY,
         "info": LIGHT_CYAN}

ORIGIN = (8, 20)
PANEL_X = 464
WHEEL_CENTRE, WHEEL_R = (548, 196), 54
LEGEND_Y = 266
STATUS_Y = 298
KEYLINE_Y = 336
QUESTION_AT = (320, 296)        # (Y/n) questions sit under the island, as the original's
KEYLINE = ("undo", "random", "help", "sound", "new", "concede", "menu", "quit")

SPIN_SECONDS = 1.8
PANEL_AREA = pygame.Rect(PANEL_X - 16, 0, 640 - PANEL_X + 16, 274)   # what draw_panel draws on
LINES_AREA = pygame.Rect(0, LEGEND_Y - 2, 640, 350 - LEGEND_Y + 2)   # the legend, status, keys
# what a spin redraws: the wheel (its rim squashed), nothing round it (the pointer above stays);
# its rim's points (the centre plus half a pixel, rounded) reach WHEEL_R across, _RIM down
_RIM = round(WHEEL_R * look.SQUASH)           # the wheel's half height (EGA pixels are tall)
WHEEL_AREA = pygame.Rect(WHEEL_CENTRE[0] - WHEEL_R, WHEEL_CENTRE[1] - _RIM,
                         2 * WHEEL_R + 1, 2 * _RIM + 1)
SLIDE_SECONDS = 0.22
FX_SECONDS = 0.6
READ_PAUSE = 0.9                # a pass, a harvest or a famine stays this long to be read
FX_SOUND = {"vanish": "dos_skip", "appear": "dos_place", "grow": "dos_flip"}


class TriAxisScene(ScoreFiles, GameScene):
    name = "triaxis"
    entry = games.get("triaxis")
    settings_schema = SETTINGS
    min_think = 0.35
    take_back_across_chance = False      # U takes back steps of the turn, never the spin
    chord_back = True            # the manual: both mouse buttons at the same time for Esc
    # title "Start", set-up, accept, the person's habitat colour
    bench_start_keys = ("return", "return", "return", "return")
    command_keys = {
        "undo": dict(keys=("u",), pad=("back",), key_label="U)ndo", label="Undo a step",
                     shortcut="U"),
        "help": dict(keys=("h", "f1"), key_label="H)elp", label="Help pages", shortcut="H"),
        "history": dict(keys=("m",), label="Messages", shortcut="M"),
        "sound": dict(keys=("s",), key_label="S)ound", shortcut="S"),
        "new": dict(keys=("n",), key_label="N)ew", shortcut="N"),
        "menu": dict(key_label="F10)menu"),
        "quit": dict(keys=("q",), key_label="Q)uit", shortcut="Q"),
    }
    # a cabinet: the operator sets the seats, who plays them, the round limit and the
    # level (the set-up box is skipped); a customer plays the turn's own commands
    operator_settings = ("count", "kinds", "rounds", "level")
    customer_commands = ("random", "concede", "end_turn", "put_down", "nw", "ne", "sw", "se",
                         "drop")
    operator_labels = {"count": "Seats", "kinds": "Seat", "level": "Computer level"}

    @classmethod
    def operator_words(cls, key: str, value) -> str:
        if key == "rounds":
            return str(value or "no limit")
        return super().operator_words(key, value)

    def __init__(self, app, seed=None, demo: bool = False, title: bool | None = None):
        super().__init__(app, seed=seed, demo=demo, title=title)
        self._fix_colours()
        self.grid = HexGrid(ORIGIN, look.HEX, 16, 10, squash=look.SQUASH)
        self.board_input = play.HexInput(self.zone_at, self.zone_centre)
        self._key_rects: dict = {}       # the key line's commands -> where each is
        self.hover_key = None
        self._island_img = None          # (island, its picture): redrawn for a new island
        self._spun = None                # (game, ply) of the person's spin set going

    # -- what the house asks ---------------------------------------------------------------------
    def _fix_colours(self) -> None:
        if sorted(self.settings["colours"]) != sorted(COLOURS):
            self.settings["colours"] = list(COLOURS)

    @property
    def count(self) -> int:
        return self.settings["count"]

    @property
    def state(self):
        return self.table.state

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

    def set_seat(self, seat: str, kind: str) -> None:
        """A seat's kind from the menu: kept by its place in the set-up."""
        self.table.set_seat(seat, kind)
        names = self.names()
        if seat in names and not self.demo:
            self.settings["kinds"][names.index(seat)] = kind
            self.save_settings()

    def own_commands(self) -> list:
        return [
            Command("random", "Place the rest at random", ("r",), ("y",), self.place_at_random,
                    shortcut="R", key_label="R)andom"),
            Command("concede", "Concede", (), (), self.concede, key_label="Esc)concede"),
            # what Esc does in the phase, on the key line (a click there does the same)
            Command("end_turn", "End the turn", (), (), self.on_back, key_label="Esc)end turn"),
            Command("put_down", "Put the marker down", (), (), self.drop, key_label="Esc)put down"),
            Command("esc_quit", "Quit", (), (), self.on_back, key_label="Esc)quit"),
            Command("nw", "Up left", ("[7]", "home"), (), lambda: self.diagonal(5)),
            Command("ne", "Up right", ("[9]", "page up"), (), lambda: self.diagonal(1)),
            Command("sw", "Down left", ("[1]", "end"), (), lambda: self.diagonal(4)),
            Command("se", "Down right", ("[3]", "page down"), (), lambda: self.diagonal(2)),
            Command("drop", "Put the marker down", (), ("x",), self.drop),
        ]

    def menu_model(self) -> list:
        """F10's menu: "Place the rest at random" only during the placement, "Concede"
        only at a person's turn while the game goes on."""
        st = self.state
        names = ["undo"] + (["random"] if st.phase == "setup" and not st.is_over else []) + [
            "help", "history", "sound", "new"] + (["concede"] if self.may_concede() else [])
        return self.cmds.items(*names, "quit", "-") + self.seat_items() + [self.level_item()]

    def persons_gone(self) -> bool:
        return play.persons_gone(self.state, self.table.seats)

    def may_concede(self) -> bool:
        """A person is to move and may concede (after the placement, the game going on)."""
        return self.table.human_to_move and "resign" in self.table.state.legal_moves()

    def esc_command(self) -> str:
        """The key line's name for what Esc does now (``on_back``)."""
        return play.esc_command(self.table, getattr(self.board_input, "selected", None) is not None)

    def help_pages(self) -> list:
        return manual.pages(panel=self.kiosk)     # on a cabinet: the panel's controls

    def show_help(self, on_close=None):
        """The help pages on a black screen of their own, as the original's (no island)."""
        box = self.pages(self.help_pages(), title="TriAxis help", on_close=on_close)
        box.transparent, draw = False, box.draw
        box.draw = lambda surface: (solid.fill(surface, BLACK), draw(surface))
        return box

    def toast_lift(self) -> int:
        return self.native_size[1] - STATUS_Y

    def keyline(self) -> tuple:
        """The key line of the phase: R)andom only while markers are placed, U)ndo only
        when there is a step to take back, and what Esc does now (Esc)end turn,
        Esc)concede, Esc)put down or Esc)quit)."""
        st = self.state
        gone = ({"random"} if st.phase != "setup" or st.is_over else set()) | (
            {"undo"} if not self.can_undo else set())
        esc = self.esc_command()
        return tuple(esc if n == "concede" else n for n in KEYLINE if n not in gone)

    def keyline_rects(self) -> list:
        names = self.keyline()
        if names not in self._key_rects:
            self._key_rects[names] = dos.key_line(pygame.Surface(dos.SCREEN),
                                                  self.cmds.key_line(names), KEYLINE_Y)
        return self._key_rects[names]

    # -- geometry, words and colours -------------------------------------------------------------
    def zone_at(self, pos):
        p = self.grid.at(pos)
        return None if p is None else p[1] * 16 + p[0]

    def zone_centre(self, z: int) -> tuple:
        return self.grid.centre(z % 16, z // 16)

    def tone(self, tone: str):
        return SEAT_COLOUR.get(tone) or TONES.get(tone, WHITE)

    def prompt(self) -> tuple:
        if self.spin_waits():
            seat = self.state.turn
            return play.spin_prompt(seat, self.control()), self.tone(seat)
        keys = controls.kind(self.app, self.in_hand()) in ("key", "mouse")
        text, tone = play.prompt(self.state, self.table.seats, self.board_input.selected,
                                 keys)
        return text, self.tone(tone)

    def control(self) -> tuple:
        """(the device in hand: "key", "mouse" or "pad", or "" before any input; its
        confirm button as games.ui.controls names it) for naming the control in hand."""
        hand = self.in_hand()
        kind = controls.kind(self.app, hand) if self.app.action_log or self.customer else ""
        return ("pad" if kind == "arcade" else kind), controls.name(self.app, "confirm", hand)

    def on_refuse(self, text: str) -> None:
        self.app.play("dos_error")
        self.say(text, LIGHT_RED)

    def ask_yn(self, text: str, on_yes, on_no=None, default: int = 0):
        """A "(Y/n)" question under the island, where the original asked."""
        q = self.ui.confirm(self, text, on_yes, on_no, default=default)
        if hasattr(q, "centre") and hasattr(q, "layout"):
            q.centre = QUESTION_AT
            q.layout()
        return self.push(q)

    # -- the title, the set-up and a new Biosphere -----------------------------------------------
    def title_page(self, surface) -> None:
        art.draw_welcome(surface)

    def open_title(self):
        """The welcome page: resume or start (the base's choices), and the help pages."""
        choices = self.title_choices()
        choices.append(("Help pages", lambda: self.show_help(on_close=self.open_title)))
        return self.push(self.ui.title(self, self.title_page, choices, default=0,
                                       footer=self.title_footer))

    def begin(self) -> None:
        super().begin()
        self.open_setup()

    def resume_saved(self) -> bool:
        resumed = super().resume_saved()
        if resumed and self in self.app.stack:
            if self.table.ply == 0:
                self.ask_accept()
            else:
                self.say("The game in progress is resumed.", LIGHT_CYAN)
        return resumed

    def new_game(self, seed=None) -> None:
        """N)ew and the title's "New game": the set-up box first."""
        self.settle_end()
        self.open_setup()

    def open_setup(self) -> None:
        if self.customer:              # a cabinet: the operator has set the game up
            self.start_biosphere()
            return
        if self in self.app.stack:
            self.push(self.ui.menu(self, self.setup_model(), title="TriAxis: a new game"))

    def setup_model(self) -> list:
        """How many seats, each seat's kind, a round limit, the level (the habitat colours
        are chosen once the Biosphere is accepted, as the original's manual says)."""
        s = self.settings
        items = [MenuItem("Start: a new Biosphere", self.start_biosphere),
                 choice("Seats", [(n, str(n)) for n in range(2, 7)], lambda: s["count"],
                        self.set_count)]
        for i in range(6):
            shown = (lambda i=i: i < s["count"])
            items.append(choice(f"Seat {i + 1}", [(k, k.capitalize()) for k in KINDS],
                                lambda i=i: s["kinds"][i],
                                lambda v, i=i: self.put_setting("kinds", i, v), shown))
        return items + [choice("Rounds", [(r, str(r or "no limit")) for r in ROUNDS],
                               lambda: s["rounds"], lambda v: self.set_setting("rounds", v)),
                        self.level_item("Computer level")]

    def set_count(self, n: int) -> None:
        self.settings["kinds"] = default_kinds(n)
        self.set_setting("count", n)

    def put_setting(self, key: str, i: int, value) -> None:
        self.settings[key][i] = value
        self.save_settings()

    def start_biosphere(self, seed=None) -> None:
        """A new game as set up: a new island, shown until it is accepted."""
        self.seat_kinds()
        self.table.set_level(self.settings["level"])
        super().new_game(seed)
        self.app.play("dos_place")
        self.ask_accept()

    def seat_kinds(self) -> None:
        """Who plays each colour, from the set-up's seats (the seats of the next game)."""
        kinds = self.settings["kinds"]
        for i, colour in enumerate(self.settings["colours"]):
            self.table.set_seat(colour, kinds[i])

    def ask_accept(self) -> None:
        self.ask_yn("Accept this Biosphere?", self.accepted, self.start_biosphere)

    def accepted(self) -> None:
        """"When the Biosphere is accepted, each player selects a color for their habitat":
        each person in turn; the computer's seats take the colours left."""
        self.choose_colour({})

    def choose_colour(self, picked: dict) -> None:
        people = [i for i in range(self.count) if self.settings["kinds"][i] == "human"]
        todo = [i for i in people if i not in picked]
        if not todo:
            self.colours_chosen(picked)
            return
        i = todo[0]
        free = [c for c in COLOURS if c not in picked.values()]
        last = self.settings["colours"][i]
        choices = [(c.upper(), lambda c=c: self.choose_colour({**picked, i: c}))
                   for c in free]
        who = f"Seat {i + 1}" if len(people) > 1 else "Your seat"
        self.ask(f"{who}: choose a colour for your habitat.",
                 choices + [("Back", self.ask_accept)],
                 default=free.index(last) if last in free else 0, cancel=len(choices))

    def colours_chosen(self, picked: dict) -> None:
        """The colours as chosen (kept for next time); the same Biosphere with them."""
        names = [None] * self.count
        for i, c in picked.items():
            names[i] = c
        rest = [c for c in self.settings["colours"] if c not in picked.values()]
        for i in range(self.count):
            if names[i] is None:
                names[i] = rest.pop(0)
        self.settings["colours"] = names + rest
        self.save_settings()
        if tuple(names) != tuple(self.state.players):
            self.seat_kinds()
            self.start_again()                 # its own seed: the same island
        self.say("Each seat places half its markers. {random}: the rest at random.",
                 LIGHT_CYAN)

    # -- a person's spin ---------------------------------------------------------------------------
    def spin_waits(self) -> bool:
        """"Each player's turn starts by activating the spinner": a person's turn waits for
        their key, click or button (the second spin of a HARVEST or FAMINE goes by itself; at a
        network table every spin goes by itself: the server spun it, the others see it)."""
        st, t = self.state, self.table
        return (not (self.demo or self.net) and st.phase == "spin" and t.is_human(st.turn)
                and self._spun != (t.game_number, t.ply) and t.pending is None)

    def spin(self) -> None:
        """Set the person's spinner going."""
        if self.spin_waits():
            self._spun = (self.table.game_number, self.table.ply)
            self.table.auto_chance = True
            self.app.dirty = True

    def update(self, dt: float) -> bool:
        self.table.auto_chance = not self.spin_waits()
        return super().update(dt)

    def awaiting_person(self) -> bool:
        return super().awaiting_person() or (not self.abandoned and self.spin_waits())

    # -- the table changed -----------------------------------------------------------------------
    def on_chance(self, outcome) -> None:
        kind = play.wheel_kind(outcome)
        shown_kind, shown = play.last_spin(self.table)
        start = play.rest_angle(kind, shown) if shown_kind == kind else 0.0
        end, cues = play.spin_path(start, kind, outcome)
        self.timeline.add("spin", SPIN_SECONDS, ease=ease_out_cubic, cues=cues,
                          data=(kind, start, end, outcome), area=WHEEL_AREA)

    def wheel(self) -> tuple:
        """(kind, angle in turns, outcome shown): the spin running, else the last spin of
        the game in hand (the table's moves, so a resumed game shows it too)."""
        tr = self.timeline.get("spin")
        if tr is not None:
            kind, start, end, _ = tr.data
            return kind, start + (end - start) * tr.ease(tr.raw), ""
        if self.table.pending is not None:      # spun, not yet applied (a modal is up)
            kind = play.wheel_kind(self.table.pending)
            return kind, play.rest_angle(kind, self.table.pending), ""
        kind, outcome = play.last_spin(self.table)
        return kind, play.rest_angle(kind, outcome), outcome

    def on_transition(self, tr) -> None:
        if tr.after.phase != "setup":        # R's random placement ends with the placement
            for seat, kind in list(self.table.seats.items()):
                if kind == "random":
                    self.table.set_seat(seat, "human")
        if tr.kind in ("undo", "redo", "new", "load"):
            for name in ("slide", "fx"):
                self.timeline.cancel(name)
            if tr.kind == "undo":
                self.say("Step taken back.", LIGHT_CYAN)
            return
        before, after = tr.before, tr.after
        if tr.kind == "chance":
            text, tone = play.chance_sentence(before, after, tr.move)
            read = tone in ("dim", "good", "bad")
            self.say(text, self.tone(tone), pause=READ_PAUSE if read else 0.0)
            if tone == "dim":
                self.app.play("dos_skip")
            gone = play.changes(before.cells, after.cells)
            self.fx(gone)
            if gone:
                self.app.play("dos_lose")
            return
        self.animate_move(before, after, tr.move)
        said = play.move_sentence(before, after, tr.move, tr.seat)
        if said is not None and not self.by_computer(tr):   # (the computer's: move_words)
            self.say(said[0], self.tone(said[1]))

    def move_words(self, tr):
        text, tone = play.move_words(tr.before, tr.after, tr.move, tr.seat)
        return text, self.tone(tone)

    def pace_share(self, tr) -> float:
        return 0.35 if isinstance(tr.move, tuple) and tr.move[0] == "@" else 1.0  # placements

    def move_marks(self, tr) -> list:
        zones = tr.move[1:] if isinstance(tr.move, tuple) else ()   # "resign", "end": none
        return [self.grid.rect(z % 16, z // 16) for z in zones]

    def board_cells(self) -> dict:      # every zone, the sea's too (the cursor goes there)
        return {self.state.island.name(z): self.grid.rect(z % 16, z // 16) for z in range(160)}

    def animate_move(self, before, after, move) -> None:
        extra, skip, delay = [], (), 0.0
        if isinstance(move, tuple) and move[0] == "-":
            a, b = move[1], move[2]
            reach = art.zone_reach(self.zone_centre(a))     # where it slides: both zones
            self.timeline.add("slide", SLIDE_SECONDS, ease=ease_out,
                              area=[reach.union(art.zone_reach(self.zone_centre(b)))],
                              data=(a, b, before.cells[a]), cues=[(0.0, "dos_click")])
            skip, delay = (a, b), SLIDE_SECONDS
            if not after.cells[b]:
                extra = [(b, before.cells[a], 0, "vanish")]
            elif after.cells[b] != before.cells[a]:
                extra = [(b, after.cells[b], after.cells[b], "grow")]
        self.fx(play.changes(before.cells, after.cells, skip) + extra, delay)

    def fx(self, items, delay: float = 0.0) -> None:
        """Markers appearing, vanishing or growing, together (a quick harvest joins in)."""
        if not items:
            return
        tr = self.timeline.get("fx")
        if tr is not None and tr.raw < 0.5:
            items = list(tr.data) + list(items)
        self.timeline.add("fx", FX_SECONDS, delay=delay, data=items,
                          area=[art.zone_reach(self.zone_centre(z)) for z, *_ in items],
                          cues=[(0.0, FX_SOUND[items[-1][3]])])

    def on_game_over(self) -> None:
        st = self.state
        human_won = any(self.table.seats.get(s) == "human" for s in st.winners())
        self.app.play("dos_win" if human_won or self.demo else "dos_lose")
        self.say(f"Game over: {play.result_text(st)}.", YELLOW, sticky=True)

    # -- the original's keys ---------------------------------------------------------------------
    def undo(self) -> bool:
        if super().undo():
            return True
        self.on_refuse("Nothing to take back in this turn (a spin stays spun).")
        return False

    def place_at_random(self) -> None:
        st, t = self.state, self.table
        if st.phase != "setup" or not t.human_to_move:
            self.on_refuse("{random} places your markers at random during the placement.")
            return
        seat = st.current
        self.ask_yn(f"Place the rest of {seat.upper()}'s markers at random?",
                    lambda: t.set_seat(seat, "random"))

    def concede(self) -> None:
        t = self.table
        if not t.human_to_move or "resign" not in t.state.legal_moves():
            return self.on_refuse("Only a person can concede, at their turn after setup.")
        self.ask_yn(f"{t.state.current.upper()}: concede the game?",     # default No
                    lambda: self.play_move("resign"), default=1)

    def on_back(self) -> None:
        """Esc, as rule 10: in a person's move phase end the turn or concede, at another of
        their turns concede (asked, default No); else the house's quit question."""
        t = self.table
        legal, left = t.state.legal_moves() if t.human_to_move else [], t.state.points
        if "end" in legal:
            ways = [("End the turn", "end"), ("Concede", "resign"), ("No, play on", None)]
            self.ask(f"{t.state.current.upper()}: end your turn ({play.plural(left, 'point')} "
                     f"left) or concede the game?", [(w, m and (lambda m=m: self.play_move(m)))
                                                     for w, m in ways], default=2, cancel=2)
        elif "resign" in legal:
            self.concede()
        else:
            self.ask_quit()

    def diagonal(self, d: int) -> None:
        self.take_intent(self.board_input.diagonal(d))

    def drop(self) -> None:
        if self.board_input.selected is not None:
            self.board_input.selected = None
            self.app.play("dos_click")

    def play_move(self, move) -> bool:
        """A person's move; growing a 6 (it dies of over-population) is asked first."""
        st = self.state
        if (isinstance(move, tuple) and move[0] == "^" and self.table.human_to_move
                and (st.marker(move[1]) or (None, 0))[1] == 6):
            self.ask_yn(f"The 6 on {st.island.name(move[1])} will die of over-population. "
                        "Grow it?", lambda: GameScene.play_move(self, move))
            return True
        return super().play_move(move)

    def take_intent(self, intent) -> bool:
        if intent.kind in ("cursor", "select", "deselect"):
            self.app.play("dos_click")
        return super().take_intent(intent)

    def handle(self, action) -> None:
        k = action.kind
        if k in ("pointer_move", "pointer_down"):
            name = dos.hit(self.keyline_rects(), action.pos)
            if k == "pointer_move" and name != self.hover_key:
                self.hover_key = name
                self.app.dirty = True
            if k == "pointer_down" and action.button == 1 and name is not None:
                self.cmds.run(name)
                return
            if k == "pointer_down" and action.button == 3 and self.board_input.selected:
                self.drop()
                return
        if k == "confirm" and self.state.is_over:
            self.ask_new_game()          # the board after the end (docs/answers.md)
            return
        if self.spin_waits() and (k == "confirm" or (k == "pointer_down"
                                                     and action.button == 1)):
            self.spin()
            return
        super().handle(action)

    def bench_animations(self) -> dict:            # tools.bench: the spinner, a fixed outcome
        def spin():
            self.on_chance(rules.SPIN[2])
            return "spinner spinning", lambda: self.timeline.running("spin")
        return {"spinner spinning": spin}

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        """The island, the panel and the lines; a part the surface's clip (the frame's
        change) misses is not drawn (each draws inside its own area)."""
        clip = surface.get_clip()
        solid.fill(surface, BLACK)
        if clip.colliderect(self.island_area()):
            self.draw_island(surface)
        if clip.colliderect(PANEL_AREA):
            self.draw_panel(surface)
        if clip.colliderect(LINES_AREA):
            self.draw_lines(surface)

    def island_image(self, isl):
        if self._island_img is not None and self._island_img[0] is isl:
            return self._island_img[1]
        ox, oy = ORIGIN[0] - 2, ORIGIN[1] - 2
        img = pygame.Surface((self.grid.rect(15, 9).right + 4 - ox, round(10.5 * self.grid.dy) + 4))
        img.fill(BLACK)
        art.draw_island(img, isl, lambda c, r: (self.grid.centre(c, r)[0] - ox,
                                                self.grid.centre(c, r)[1] - oy))
        self._island_img = (isl, img)
        return img

    def island_area(self) -> pygame.Rect:
        """Where draw_island draws: the island and a ring's reach beyond it."""
        img = self.island_image(self.state.island)
        return img.get_rect(topleft=(ORIGIN[0] - 2, ORIGIN[1] - 2)).inflate(40, 40)

    def marker(self, surface, centre, v: int, scale: float = 1.0) -> None:
        players = self.state.players
        if v and (v >> 3) <= len(players):
            art.draw_marker(surface, centre, players[(v >> 3) - 1], v & 7, scale,
                            marks.marks_on(self.app))

    def draw_island(self, surface) -> None:
        st, bi = self.state, self.board_input
        surface.blit(self.island_image(st.island), (ORIGIN[0] - 2, ORIGIN[1] - 2))
        slide, fx = self.timeline.get("slide"), self.timeline.get("fx")
        fx_items = fx.data if fx is not None else []
        hidden = {z for z, _v, _w, kind in fx_items if kind != "vanish"}
        if slide is not None:
            hidden.add(slide.data[1])
        moves = play.movable(st) if self.asks_for_move() else set()
        for z, v in enumerate(st.cells):
            if v and z not in hidden:
                c = self.zone_centre(z)
                self.marker(surface, c, v)
                if z == bi.selected:
                    art.draw_ring(surface, c, "yellow", 13)
                elif z in moves and bi.selected is None:
                    art.draw_mark(surface, c, "movable")
        for z in play.destinations(st, bi.selected):
            art.draw_mark(surface, self.zone_centre(z), "target")
        if slide is not None:
            a, b, v = slide.data
            p = slide.ease(slide.raw) if slide.started else 0.0
            (ax, ay), (bx, by) = self.zone_centre(a), self.zone_centre(b)
            self.marker(surface, (round(ax + (bx - ax) * p), round(ay + (by - ay) * p)), v)
        p = fx.raw if fx is not None and fx.started else 0.0
        for z, v, w, kind in fx_items:
            c = self.zone_centre(z)
            if kind == "vanish":
                if p == 0.0 or int(p * 8) % 2 == 0:
                    self.marker(surface, c, v, 1.0 - p)
            elif kind == "appear":
                self.marker(surface, c, w, p)
            else:
                self.marker(surface, c, w if p > 0.3 else v)
                if p > 0:
                    art.draw_ring(surface, c, "yellow", round(10 + 8 * p))
        # at rest (grey) where a person plays on, shown (white) while keys or a pad move it
        if not st.is_over and bi.cursor is not None and (
                bi.visible or (self.table.human_to_move and not self.replaying)):
            art.draw_ring(surface, self.zone_centre(bi.cursor),
                          "white" if bi.visible else "light_grey", 15)

    def draw_panel(self, surface) -> None:
        st, x = self.state, PANEL_X
        title = "Placement" if st.phase == "setup" else \
            f"Round {st.round}" + (f"/{st.max_rounds}" if st.max_rounds else "")
        dos.text(surface, "TriAxis", (x, 2), YELLOW)
        dos.text(surface, title.rjust(13), (x + 64, 2), LIGHT_GREY)
        dos.text(surface, " Seat     Pop  On/Sup", (x, 22), LIGHT_CYAN)
        ins, winners = set(st.seats_in()), st.winners()
        seats_shown = surface.get_clip().colliderect(x - 16, 36, 656 - x, 15 * len(st.players) + 4)
        for i, s in enumerate(st.players if seats_shown else ()):
            y = 38 + i * 15
            on = s == st.current or (s == st.turn and st.phase in ("spin", "harvest-colour",
                                                                    "famine-colour"))
            colour = self.tone(s) if s in ins or st.phase == "setup" else DARK_GREY
            if on:
                surface.fill(BLUE, (x - 4, y - 1, 176, 15))
            mark = "\u25b6" if on else ("*" if s in winners else " ")
            kind = {"human": "H", "random": "R", "remote": "F"}.get(self.seat_kind(s), "C")
            status = f"{st.population(s):>3}  away" if self.seat_state(s) == "away" else \
                f"{st.population(s):>3}  {st.on_island(s):>2}/{st.supply(s):<2}" \
                if s in ins or st.phase == "setup" else "  out"     # (away: at a table)
            name = self.seat_player(s, 6, state=False) or s[:7].upper()   # (a space: mark)
            dos.text(surface, f"{mark}{name:<7}{kind}{status}", (x, y), colour)
            if marks.marks_on(self.app):          # the shape this seat's markers wear
                surface.fill(colour, (x - 13, y + 2, 9, 9))
                art.draw_seat_mark(surface, (x - 12, y + 3), s)
        kind, angle, shown = self.wheel()
        art.draw_spinner(surface, WHEEL_CENTRE, WHEEL_R, kind, angle)
        label = play.outcome_words(shown) if shown else \
            ("SPINNER" if kind == "spin" else "COLOUR")
        dos.text(surface, label.center(22), (x, 240), WHITE if shown else LIGHT_GREY)
        if st.phase == "move":
            dos.text(surface, f"Points left: {st.points}".center(22), (x, 256), YELLOW)
        elif st.phase == "harvest":
            owe = dict(st.owed).get(st.current, 0)
            dos.text(surface, f"{TERRAIN_NAMES[st.colour]}: {play.plural(owe, 'unit')}"
                     .center(22), (x, 256), LIGHT_GREEN)

    def draw_lines(self, surface) -> None:
        x = 8
        for t in TERRAINS:
            surface.fill(look.TERRAIN_LOOK[t][0], (x, LEGEND_Y + 3, 14, 9))
            dos.text(surface, TERRAIN_NAMES[t], (x + 18, LEGEND_Y), LIGHT_GREY)
            x += 18 + 8 * len(TERRAIN_NAMES[t]) + 10
        text, colour = self.status_text()
        dos.centred(surface, text[:79], STATUS_Y, colour or WHITE)
        items = self.key_line_items(self.keyline())
        dos.key_line(surface, items, KEYLINE_Y, fg=BLACK, key_fg=RED, bg=LIGHT_GREY,
                     hi=self.hover_key, hi_fg=WHITE, hi_bg=BLUE, off=self.key_line_off(items))


__all__ = ["TriAxisScene", "SETTINGS", "default_kinds"]
