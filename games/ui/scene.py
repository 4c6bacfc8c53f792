"""The bases every screen derives from: ``LookScene`` (a screen in a platform look) and
``GameScene`` (a game's screen on a Table).

A game scene says only what is its own: its settings schema, its seats and options, its
commands, its layout and drawing, and what to show when the table changes. This base does
the rest, the same way for every game:

- builds the Table from the registry entry (rules, ai, ai options) and the settings;
- keeps the game's settings under ``app.settings["games"][name]``, cleaned by the declared
  schema on load, saved on change; seat and level changes are persisted;
- resumes the game in progress (``resume_on_start``) and saves it after every move and on
  close, never letting an OSError escape;
- runs the timeline and holds the computer (and chance outcomes) while anything moves;
- reads the table's transitions and hands each to ``on_transition``; a drawn chance outcome
  to ``on_chance`` (animate the dice or the spinner: the table applies it when the timeline
  is still); the end of a game to ``on_game_over``, once;
- turns ``command`` actions into runs of the command table, whose key and pad bindings it
  gives the input layer;
- a ``demo`` game (the attract mode's computer-against-computer play) writes nothing:
  ``self.store`` is a store that keeps nothing, settings are a private copy;
- seats people by controller (``claims``): with two or more people seated, once a second
  controller presses confirm (pad A, button 1, Enter, a click) at a person's turn, each
  controller that presses at an unclaimed seat's turn takes that seat (the first one takes
  the seat it pressed at before); a claimed seat's turn then answers only its controller
  (the modals opened at that turn too) and the others are told whose turn it is. One
  controller for everyone claims nothing (hot seat). In a cabinet the P1 and P2 sticks
  take the first and second people's seats. A pad pulled out frees its seat.
"""

from __future__ import annotations

import os

from games.core.app import Scene
from games.core.display import BlinkRect
from games.ui import controls, looks
from games.ui.continuebox import ContinueScene
from games.ui.customer import TAKE_BACK, CustomerRules
from games.ui.demo import NullStore
from games.ui.gamemenu import GameMenus
from games.ui.gamesettings import GameSettings
from games.ui.lookscene import LookScene, ModalScene  # noqa: F401 (the bases, for games)
from games.ui.netplay import NetPlay
from games.ui.replayhost import ReplayHost
from games.ui.seats import SeatClaims
from games.ui.watch import ComputerMoves

# how much faster a game goes once no person is left in it (the computers finish it)
PLAY_OUT_SPEED = 25.0


class GameScene(GameMenus, NetPlay, ReplayHost, GameSettings, CustomerRules, SeatClaims, ComputerMoves,
                LookScene):
    entry = None                # the game's registry entry: games.get(name) (required)
    settings_schema = None      # a games.core.schema.Table of the game's own settings
                                # (default: default_settings_schema(), seats and level)
    min_think = 0.35            # seconds each computer move is at least "thought" about
    resume_on_start = True      # offer the autosave when opened without a seed
    autosave_every_move = True
    save_unplayed = True        # a game with no move yet is kept too (its board, its seed)
    take_back_limit = None
    take_back_across_chance = True
    command_keys: dict | None = None   # the original's keys and labels for the standard
                                # commands (None: gamemenu.DEFAULT_COMMAND_KEYS; a dict: all)
    bench_start_keys = ("return",)   # what gets the bench past the title page
    uses_title = True           # the look's title page opens first (resume or start)
    replaying = False           # the board of a replay (games.ui.replay): nobody moves on it
    learning = False            # ... of learn from your mistakes (games.ui.learn, replaying
                                # too): its person is asked for a move (a try, never played);
                                # there the lesson's phase ("ask", "judging", "done", "end"),
                                # for a look's own words (Tripppin's status box)
    mouse_buttons: dict = {}    # what the look's mouse buttons do, where not as the house's
                                # (games.ui.controls.MOUSE): RISC OS's menu is the middle one
    # a cabinet (kiosk mode): the operator sets the game, the customer plays it
    operator_settings = ("seats", "level")   # settings keys only the operator menu changes
    customer_commands = ()      # the game's own commands a customer may use (hints, cards)

    def __init_subclass__(cls, **kw):
        """A game's own ``menu_model`` is filtered for a customer too (``customer_menu``)."""
        super().__init_subclass__(**kw)
        own = cls.__dict__.get("menu_model")
        if own is not None and not getattr(own, "customer_filtered", False):
            def menu_model(self, _own=own):     # with the house's Replay (replayhost)
                return self.customer_menu(self.with_house_items(_own(self)))
            menu_model.customer_filtered = True
            menu_model.__doc__ = own.__doc__
            cls.menu_model = menu_model
        draw = cls.__dict__.get("draw")      # a game whose draw marks them itself says so
        if (draw is not None and not getattr(draw, "marks_drawn", False)
                and not cls.__dict__.get("draws_marks", False)):
            def draw_with_marks(self, surface, _own=draw):
                _own(self, surface)
                self.draw_marks(surface)    # the last computer move's mark (games.ui.watch)
            draw_with_marks.marks_drawn = True
            draw_with_marks.__doc__ = draw.__doc__
            cls.draw = draw_with_marks

    def __init__(self, app, seed=None, demo: bool = False, title: bool | None = None):
        # imported here: the launcher's screens (LookScenes) start without them
        from games.core.table import Table
        from games.ui.anim import Timeline
        from games.ui.commands import CommandTable
        from games.ui.status import StatusLine
        super().__init__(app)
        if self.entry is None:
            raise TypeError(f"{type(self).__name__} names no registry entry")
        self.game = self.entry.name
        if type(self).name == Scene.name:       # found on the stack by its game's name
            self.name = self.game
        self.demo = demo
        self.look = looks.get(self.entry.platform)
        self.save_name = f"saves/{self.game}"
        self.store = NullStore(app.store) if demo else app.store
        # a cabinet keeps no game to resume: the next person starts afresh
        self.kiosk = bool(getattr(app, "kiosk", False))
        self.settings = self._load_settings()
        self.status = StatusLine()
        self.board_input = None     # a games.ui.boardinput.BoardInput, if the game has one
        # late-bound: whatever app.play is when a cue sounds (tests record sounds)
        self.timeline = Timeline(lambda: app.anim_speed * self.play_out_speed(),
                                 lambda sound: app.play(sound))
        self._played_out = False     # no person is left: the computers finish at speed
        self._think = self.min_think
        self._pads = len(app.input.pads)
        self.table = Table(self.game, self.entry.rules, self.entry.ai, worker=app.worker,
                           seats=self.initial_seats(), levels=self.initial_levels(),
                           seed=seed, options=self.game_options(),
                           ai_options=self.ai_options(), min_think=self.min_think,
                           notify=app.notice)
        if demo:
            for seat in self.table.seats:
                self.table.set_seat(seat, "computer")
        self.cmds = CommandTable(self.declare_commands(), refused=self.command_refused)
        self.commands = self.cmds.key_map()
        self.pad_commands = self.cmds.pad_map()
        self._over_fired = self.table.state.is_over
        self._pending_seen = None
        self._recorded = None       # the table's game_number whose result is recorded
        self.resumed = False
        self.abandoned = False      # left by a person who walked away (kiosk: not kept)
        self.asked_seed = seed      # a seed asked for (the command line), None: any
        self.show_title = (not demo and self.uses_title) if title is None else bool(title)
        # a save is offered on the title page even with a seed asked for (never replaced
        # unasked); without a title page a seed asked for is the game to play
        self.may_resume = (not demo and self.resume_on_start and not self.kiosk
                           and (seed is None or self.show_title))
        # nothing is written over a saved game until the title page is answered
        self.live = not self.show_title
        if not self.show_title and self.may_resume:
            self.resume_saved()
        self.table.take_transitions()
        self._titled = False
        self.claims: dict = {}        # seat -> the controller that plays it (games.core.input)
        self.claiming = False         # a second controller has pressed: seats are claimed
        self._pressed: dict = {}      # controller -> the seat it last pressed confirm at

    # -- what a game declares ----------------------------------------------------------------
    @classmethod
    def settings_table(cls):
        """The schema the settings are cleaned by: the declared ``settings_schema``, else
        ``default_settings_schema()``."""
        if cls.settings_schema is not None:
            return cls.settings_schema
        return cls.default_settings_schema()

    @classmethod
    def default_settings_schema(cls):
        """Seats and level (``gamesettings.seats_and_level``) for a game that declares no
        ``settings_schema``."""
        from games.ui.gamesettings import seats_and_level
        return seats_and_level(cls.entry)

    def initial_seats(self) -> dict:
        """{seat: "human" | "computer"} from the settings."""
        return dict(self.settings.get("seats", {}))

    def initial_levels(self):
        return self.settings.get("level", self.entry.ai_module().DEFAULT_LEVEL)

    @property
    def result_recorded(self) -> bool:
        """The game in hand has ended and its result is kept (or needs none: a demo)."""
        return self.demo or self._recorded == self.table.game_number

    def game_options(self) -> dict:
        """new_game keyword arguments for the next game."""
        return {}

    def ai_options(self) -> dict:
        return dict(self.entry.ai_options)

    def own_commands(self) -> list:
        """The game's own commands (beyond the standard ones)."""
        return []

    def declare_commands(self) -> list:
        """Every command: the standard ones with the game's keys, then the game's own; at a
        network table those of a game at home are off (``at_table_rules``). On a cabinet
        the ones a customer may not use are declared without keys or buttons and never
        run (``customer_may``)."""
        out = self.at_table_rules(self.standard_commands() + self.own_commands()
                                  + self.house_commands())
        if self.customer:
            import dataclasses
            out = [c if self.customer_may(c.name) else
                   dataclasses.replace(c, keys=(), pad=(), enabled=False) for c in out]
            out = [dataclasses.replace(c, enabled=self.open_game_only(c.enabled))
                   if c.name in TAKE_BACK else c for c in out]
        return out

    def open_game_only(self, enabled):
        """A customer's take-back only while the game goes on: a finished game taken back
        would be played on for nothing (a continue that spent no credit)."""
        from games.ui.commands import _call
        return lambda: not self.table.state.is_over and _call(enabled)

    def asks_for_move(self) -> bool:
        """A person is asked for a move on this board now: their turn in a game, or learn
        from your mistakes' question; never on a replay's board, where nobody moves (what
        a board shows a mover, its movable pieces, its cursor's resting place, is not shown
        there)."""
        return self.table.human_to_move and (self.learning or not self.replaying)

    def board_cells(self) -> dict:
        """The board's geometry: ``{name: native Rect}`` of every cell of the board as it
        is drawn now (a square, a hole, a hex: its box), named as the game's notation
        writes it ("m3", "8.5"). The house reads it: the replay's panel and notices keep
        off every one, and the board's coordinates (a Settings choice) label them. {}: a
        screen with no board."""
        return {}

    def title_page(self, surface) -> None:
        """The game's own picture for its title page."""
        surface.fill(self.look.palette[0])

    def help_pages(self) -> list:
        """The game's help pages (a page: lines of text, or a draw(surface, rect))."""
        return []

    def prompt(self) -> tuple:
        """(text, colour) of the status line when no message shows."""
        return ("", None)

    def record(self, result) -> None:
        """Keep a finished game's result in the game's own tables (called once a game).
        By default: won or lost against the computer's level."""
        from games.core import records
        records.record_won_lost(self.store, result)

    def after_load(self) -> None:
        """A saved game was loaded (settings may say who plays which seat, unless the
        game's seats are its own: a try again's)."""
        if self.table.own_seats:
            return
        for seat, kind in self.initial_seats().items():
            if seat in self.table.seats:
                self.table.set_seat(seat, kind)

    def on_transition(self, tr) -> None:
        """The table changed (a move, a chance outcome, undo, redo, new game, load)."""

    def on_chance(self, outcome) -> None:
        """A chance outcome was drawn: start its animation on the timeline. The table
        applies it once the timeline is still."""

    def on_game_over(self) -> None:
        """The game just ended (called once each time the end is reached and shown)."""

    def on_refuse(self, text: str) -> None:
        """A choice on the board was refused: say why."""
        self.say(text)

    def on_back(self) -> None:
        """Back (Esc, pad B) on the board with nothing picked up: the menu."""
        self.open_menu()

    # -- the footer: the status line and (DOS) the key line ----------------------------------
    def footer_height(self) -> int:
        """The footer's height: the status line, and the key line on DOS."""
        from games.ui import fonts
        rows = 2 if self.look.key_line else 1
        return rows * (fonts.get(self.look.font_name).height + 2 * (rows == 1))

    def toast_lift(self) -> int:
        """The app's notices sit above the footer (a game that draws none returns 0)."""
        return self.footer_height()

    def toast_keep_clear(self) -> list:
        """The app's notices (the cabinet's CREDITS after a coin, a pad plugged in) never
        hide a cell of the board (games.ui.lookscene's ``toast_place``)."""
        return list(self.board_cells().values())

    @property
    def shows_controls(self) -> bool:
        """Whether the screen names the controls to press (its key line, a hint naming a
        button): not in a demo, which nobody plays (the attract loop's own prompt says
        what a press does there; a replay's or a lesson's picture draws its own lines)."""
        return not self.demo

    def key_line_items(self, names=None) -> list:
        """The key line's (label, command) pairs for the controls in hand (the DOS
        original's "S)ound" on a keyboard, the pad's or the panel's buttons); none where
        the screen names no control (``shows_controls``): its bar stays, empty."""
        if not self.shows_controls:
            return []
        return controls.key_line(self.app, self.cmds, names, self.in_hand())

    def key_line_off(self, items) -> set:
        """The names of a key line's ``items`` ((label, name) pairs) drawn dim: the
        commands off at a network table (``off_at_table``; at home the line is the
        original's)."""
        return {name for _, name in items if name and self.off_at_table(name)}

    def draw_footer(self, surface) -> None:
        """The status line (``status_text()``) centred at the bottom, and on DOS the key
        line of the standard and own commands (``self.cmds.key_line()``) under it (none
        in a demo: ``shows_controls``)."""
        from games.ui import fonts
        font = fonts.get(self.look.font_name)
        fg, bg = self.look.footer or (self.look.palette[-1], self.look.palette[0])
        w, h = surface.get_size()
        y = h - self.footer_height()
        surface.fill(bg, (0, y, w, h - y))
        text, colour = self.status_text()
        font.draw(surface, text, ((w - font.size(text)[0]) // 2, y + (not self.look.key_line)),
                  colour or fg)
        if self.look.key_line:
            from games.ui import dos
            items = self.cmds.key_line() if self.shows_controls else []
            dos.key_line(surface, items, y + font.height, bg=bg, off=self.key_line_off(items))

    def tick(self, dt: float):
        """The scene's own per-frame work: True when the picture changed, or the native
        rectangles that changed (a blink's squares), False when nothing did."""
        return False

    @property
    def can_undo(self) -> bool:
        """Undo is offered (its menu item lit, its key and button answered) only when it
        would take a person's move back: not after a throw or the computer's moves alone."""
        t = self.table
        return (not t.state.is_over
                and t.can_take_back(self.take_back_limit, self.take_back_across_chance))

    def undo(self) -> bool:
        """Take back the last person's move and the computer's replies after it."""
        self.timeline.clear()
        return self.table.take_back(self.take_back_limit, self.take_back_across_chance)

    def redo(self) -> bool:
        self.timeline.clear()
        return self.table.redo_turn()

    # -- the answers (docs/answers.md): each lives here once, the same in every game ----------
    @property
    def in_progress(self) -> bool:
        """A game a person would lose something of: it is not over, it was resumed or
        anyone (a person or the computer; a throw alone is no move) has moved in it, and it
        is not a demo."""
        t = self.table
        return (not self.demo and self.live and not t.state.is_over
                and (self.resumed or any(not t.position(i).is_chance for i in range(t.ply))))

    def confirm_new(self, go) -> None:
        """Starting over is always a question (default No) once there is anything to lose:
        a game in progress, or a finished game's result on the board; an untouched game
        starts at once. On a cabinet with coins it says when the start costs a credit."""
        over = self.table.state.is_over
        if self.demo or not (self.in_progress or over):
            go()
            return
        ask = "Start a new game?" if over else "Start a new game? This one will be lost."
        self.confirm(" ".join(filter(None, [ask, self.start_cost()])), go, default=1)

    def ask_new_game(self) -> None:
        """New game (the command, the menu, an end box's New game): ``confirm_new``; at a
        network table it leaves the table for a game at home (asked while it goes on)."""
        if self.net is not None:
            def home():
                self.leave_network()
                self.new_game()
            if self.table.state.is_over:
                home()
            else:
                self.confirm(f"Leave table {self.net.code} for a new game here? Your seat "
                             f"waits for you there.", home, default=1)
            return
        self.confirm_new(self.new_game)

    def quit_question(self) -> str:
        if self.net is not None:
            return (f"Quit {self.entry.title}? Your seat at table {self.net.code} waits for "
                    f"you: Back to table {self.net.code} on the title page.")
        kept = "The game is kept for next time." if not self.kiosk else "The game ends here."
        return f"Quit {self.entry.title}? {kept}"

    def ask_quit(self) -> None:
        """Leave the game: asked first (default No: keep playing) while a game is in
        progress (``in_progress``); the save is kept either way."""
        if not self.in_progress:
            self.leave()
            return
        self.confirm(self.quit_question(), self.leave, default=1)

    def close_requested(self) -> bool:
        """The window's close: while a game is in progress the quit question is asked
        (Yes ends the program, the game kept); True when asked. A second close while the
        question shows ends the program."""
        if not self.in_progress or self.customer:
            return False
        top = self.app.top
        if getattr(top, "closing_window", False) and getattr(top, "game", None) is self:
            return False
        q = self.confirm(self.quit_question(), self.app.quit, default=1)
        q.closing_window = True
        return True

    def leave(self) -> None:
        """Close the game (and its modals)."""
        if self in self.app.stack:
            self.app.pop_to(self)
            self.app.pop()

    # -- the title page and resuming ---------------------------------------------------------
    def enter(self) -> None:
        if self.board_input is not None and (self.kiosk or self.app.input.pads):
            # nothing to point with (a cabinet's panel, a pad in hand): the board's cursor
            # shows from the start, where the first press would have put it
            self.board_input.show(self.table.state)
        if self.show_title and not self._titled:
            self._titled = True
            self.open_title()

    def title_choices(self) -> list:
        """The title page's choices: "Resume the saved game" (the default) and "New game"
        (asked: the save is lost) when a save exists that can be resumed, else "Start". A
        seed given on the command line never replaces a save unasked: "New game with seed
        N" then. The save is checked here, as the title opens (replayed, not yet adopted):
        one that cannot be resumed is moved aside and said now, and never offered."""
        if self.may_resume and self.checked_save() is not None:
            seed = self.asked_seed
            new = "New game" if seed is None else f"New game with seed {seed}"
            return ([("Resume the saved game", self.resume_saved), (new, self.ask_over_save)]
                    + self.title_replay_choices() + self.title_network_choices())
        return [("Start", self.begin)] + self.title_replay_choices() + \
            self.title_network_choices()

    def title_later(self):
        """The title page's choices that come a moment after it opens (``modals.Title``
        calls ``ready()`` each frame until it says them): "Back to table X", asked of the
        network server (games.ui.netplay); None: none to wait for."""
        return self.title_network_later()

    # the title page's controls line, named for the controls in hand
    title_footer = "{confirm}: take  {back}: leave"

    def open_title(self):
        """The title page: resume the saved game (the default) or start a new one."""
        return self.push(self.ui.title(self, self.title_page, self.title_choices(),
                                       default=0, footer=self.title_footer))

    def checked_save(self):
        """The autosave read and replayed (``Table.check_save``), or None when there is
        none or it cannot be resumed. Checked once while the file stays as it was: the
        title page opened again (after a question, the help pages) does not replay it
        again, and a resume adopts the states the check built."""
        if not self.store.exists(self.save_name):
            return None
        try:
            st = os.stat(self.store.path(self.save_name))
            mark = (st.st_ino, st.st_size, st.st_mtime_ns)
        except (OSError, AttributeError):      # (a demo's store keeps no files)
            mark = None
        cached = getattr(self, "_checked_save", None)
        if mark is None or cached is None or cached[0] != mark:
            cached = (mark, self.table.check_save(self.store, self.save_name))
            self._checked_save = cached
        return cached[1]

    def resume_saved(self) -> bool:
        """Load the autosave; True if there was one (else a new game as it stands)."""
        self.live = True
        checked = self.checked_save()
        self._checked_save = None              # adopted once: the game in hand from now
        self.resumed = checked is not None
        if self.resumed:
            self.table.adopt(checked)
            self.recall_moves()      # Messages holds the computer's moves played before
            self.after_load()        # (by the seats the save says played them)
            self._over_fired = self.table.state.is_over
        else:
            self.begin()
        return self.resumed

    def begin(self) -> None:
        """Play the game in hand (the title page's "Start")."""
        self.live = True

    def ask_over_save(self) -> None:
        """The title's New game: asked (default No, back to the title page)."""
        go = self.new_game if self.asked_seed is None else self.begin   # in hand: seed N's game
        self.confirm("Start a new game? The saved game will be lost.", go,
                     on_no=self.open_title, default=1)

    # -- the status line ---------------------------------------------------------------------
    def say(self, text: str, colour=None, seconds: float = 4.0, pause: float = 0.0,
            sticky: bool = False) -> None:
        """A message on the status line (kept in its history). ``pause``: the computer
        waits that long (at the animation speed) so what it did can be read. Its
        ``{confirm}``-style placeholders are named for the controls in hand now."""
        self.status.say(self.named(text), colour, seconds, sticky)
        if pause > 0:
            self.timeline.add("read", pause, area=())
        self.app.dirty = True

    def status_text(self) -> tuple:
        """(text, colour) for the status line: the message showing, else the prompt; its
        ``{confirm}``-style placeholders name the controls in hand (games.ui.controls)."""
        alert = self.net_alert()         # a lost connection goes before any message
        if alert is not None:
            return alert
        msg = self.status.current
        if msg is not None:
            return msg.text, msg.colour
        text, colour = self.standing_prompt()
        return self.named(text), colour

    def standing_prompt(self) -> tuple:
        """(text, colour) of the line that stands when no message shows: at a network
        table whose turn it is there (a friend by name, never "the computer"), else the
        game's own ``prompt``. A look that shows it under a message asks this too."""
        return self.net_prompt() or self.prompt()

    def named(self, text: str, controller: str | None = None) -> str:
        """``text`` with its placeholders named for ``controller`` (default: the turn's
        owner, else the controller used last)."""
        from games.ui import controls
        return controls.fill(self.app, text, controller or self.in_hand(),
                             self.mouse_buttons or None)

    # -- the frame ---------------------------------------------------------------------------
    def holding(self) -> bool:
        """True while the computer (and a drawn chance outcome) must wait: something moves,
        or a title, question or message is over the game."""
        return (self.timeline.busy or (self.app.top is not self and self in self.app.stack)
                or self.saving())

    def saving(self) -> bool:
        """The last change's save is still on its way to the disk (the store's writer
        thread): the computer waits for it, so a kill loses at most the last move shown.
        The frame never waits."""
        pending = getattr(self.store, "pending", None)
        return bool(self.live and pending is not None and pending(self.save_name))

    # the frame says what changed (a list of native rectangles, or True for everything)
    reports_damage = True

    def persons_gone(self) -> bool:
        """Every person of this game is out of it (conceded, knocked out) while the
        computers' seats play on. A game where that can happen says so (default never)."""
        return False

    def play_out_speed(self) -> float:
        """How much faster than usual the game goes: PLAY_OUT_SPEED once no person is left
        in it (nobody watches a game they are out of for minutes; the result still counts),
        else 1."""
        return PLAY_OUT_SPEED if self._played_out else 1.0

    def _check_played_out(self) -> None:
        gone = (not self.demo and not self.table.state.is_over and self.persons_gone())
        if gone == self._played_out:
            return
        self._played_out = gone
        t = self.table
        if gone:
            self._think, t.min_think = t.min_think, 0.0
            self.say("No person is left in the game: the computers finish it quickly.")
        else:
            t.min_think = self._think

    def update(self, dt: float):
        """A frame: the timeline, the status line, the table and the game's own ``tick``.
        Returns True (the whole picture changed), False, or the native rectangles that
        changed (the tracks' areas, what ``tick`` names)."""
        self.free_unplugged()
        pads = len(self.app.input.pads)
        if pads > self._pads and self.board_input is not None:
            self.board_input.show(self.table.state)     # a pad plugged in: its cursor
        self._pads = pads
        self._check_played_out()
        full = False
        damage: list = []
        if self.timeline.update(dt):
            moved = self.timeline.damage()
            if moved is None:
                full = True
            else:
                damage += moved
        full = self.status.update(dt) or full
        t = self.table
        t.hold = self.holding()
        auto = t.auto_chance           # no dice or spin is drawn while the computer's last
        if self.timeline.running("watch"):    # move is watched (games.ui.watch)
            t.auto_chance = False
        try:
            t.update()
        except RuntimeError as exc:
            seat = t.state.current
            if seat:
                self.set_seat(seat, "human")
            self.app.notice(f"The computer player failed ({exc}); {seat} is played by a "
                            f"person now.")
        finally:
            t.auto_chance = auto
        if self.net_tick():              # a network game's news (games.ui.netplay), and
            full = True                  # a grace counting down on the status line
        rewrite = False
        for tr in t.take_transitions():
            rewrite = True
            if tr.kind == "load":        # a finished game loaded is not over a second time
                self._over_fired = tr.after.is_over
            if self.board_input is not None:
                self.board_input.reset(tr.after)
            self.unmark(tr)
            self.watch(tr)               # a computer's move: said and marked (games.ui.watch)
            self.on_transition(tr)
            self.hold_after(tr)          # and held at the pace the player chose
            full = True
        if t.pending is not None and t.pending is not self._pending_seen:
            self._pending_seen = t.pending
            self.on_chance(t.pending)
            full = True
        elif t.pending is None:
            self._pending_seen = None
        if rewrite and self.autosave_every_move:
            self.autosave()          # after a move, undo, redo, new game or load alike
        if t.state.is_over and not self._over_fired and not self.timeline.busy:
            self._over_fired = True
            self.forget_autosave()
            self.record_once()
            self.on_game_over()
            full = True
        elif not t.state.is_over:
            self._over_fired = False
        own = self.tick(dt)
        if isinstance(own, (list, tuple)):
            damage += own
        elif own:
            full = True
        return True if full else damage

    def wake_in(self) -> float | None:
        """Seconds until the next change no input brings: 0 while something moves or the
        table has work (the computer, a chance outcome to draw or play); else the next
        track to start or end, the message on the status line running out, the game's own
        (``next_change``); None: nothing until a person does something."""
        if self.animating():
            return 0.0
        t = self.table
        if not t.state.is_over and (t.thinking or t.computer_to_move
                                    or t.pending is not None
                                    or (t.state.is_chance and t.auto_chance)
                                    or "random" in t.seats.values()):
            return 0.0
        soonest = [w for w in (self.timeline.next_event(), self.status.left(),
                               self.next_change(), self.net_wake()) if w is not None]
        return min(soonest) if soonest else None

    def next_change(self) -> float | None:
        """The game's own next change that no input brings (a blink: seconds until it
        toggles, e.g. ``self.timeline.until_toggle(period)``); None: none."""
        return None

    @staticmethod
    def blinked(rects, key) -> list:
        """A blink's changed rectangles, marked with what it shows now (``key``, e.g. its
        phase): while nothing else changes, each phase is drawn once and then put back."""
        return [BlinkRect(r, key) for r in rects]

    def record_once(self) -> None:
        """The finished game's result, kept once (however often its end is shown)."""
        t = self.table
        if self.demo or self.abandoned or self._recorded == t.game_number:
            return
        self._recorded = t.game_number
        self.keep_finished()         # the last finished game, for its replay (replayhost)
        from games.core import records
        result = records.result_of(self.game, t)
        try:
            self.record(result)
        except OSError as exc:
            self.app.notice(f"The scores could not be kept ({exc.strerror or exc}).")
        supervisor = getattr(self.app, "supervisor", None)
        if self.entry.records == "cabinet" and hasattr(supervisor, "game_over"):
            supervisor.game_over(self, result)       # the cabinet's initials

    def animating(self) -> bool:
        """Something visible moves (a track that shows something; pauses do not)."""
        return self.timeline.moving

    def handle(self, action) -> None:
        k = action.kind
        if k == "command":
            self.cmds.run(action.name)
            return
        if k == "menu" or (k == "pointer_down" and action.button == 3
                           and self.board_input is not None):
            self.open_menu()
            return
        if self.board_input is not None:
            intent = self.board_input.interpret(self.table.state, action, self.refusal())
            if self.take_intent(intent):
                return
        if k == "back":
            self.on_back()

    def refusal(self) -> str | None:
        """Why no choice on the board can be made now (None: it can)."""
        t = self.table
        if t.state.is_over:
            return "The game is over."
        if not t.human_to_move:
            return None if t.state.is_chance else f"{t.state.current.capitalize()} is thinking."
        return None

    def take_intent(self, intent) -> bool:
        """Act on a board intent; True if it used the action."""
        kind = intent.kind
        if kind == "move":
            if not self.play_move(intent.move):
                why = self.table.explain(intent.move) or "That move is not allowed now."
                self.on_refuse(why)
            return True
        if kind == "refuse":
            self.on_refuse(intent.text)
            return True
        if kind in ("select", "deselect", "cursor"):
            self.app.redraw_changed()
            return True
        return False

    # -- the game ----------------------------------------------------------------------------
    def play_move(self, move) -> bool:
        """A person's move; False when it is not theirs or not legal."""
        t = self.table
        if not t.human_to_move or move not in t.state.legal_moves():
            return False
        self.timeline.finish(sounds=False)
        t.play(move)
        return True

    def new_game(self, seed=None) -> None:
        self.settle_end()
        self.resumed = False
        self.timeline.clear()
        self.status.clear()
        self.table.new_game(seed=seed, options=self.game_options())
        self._over_fired = False

    def settle_end(self) -> None:
        """The game in hand is about to be replaced, and what is played is live from now:
        a game that ended while its last move was still shown (a new game asked for in
        that second) has its result and its replay kept first."""
        t = self.table
        if self.live and t.state.is_over and not self._over_fired:
            self.record_once()
        self.live = True

    def start_again(self) -> None:
        """The game in hand from its start, on its own seed, with the options as they stand
        now (the same island with the colours just chosen, say)."""
        self.settle_end()
        self.timeline.clear()
        self.status.clear()
        self.table.again(self.game_options())
        self._over_fired = False

    # -- a person who walked away (the cabinet's continue countdown) -------------------------
    def awaiting_person(self) -> bool:
        """True when a person is to move in a game that is not over (and not a demo)."""
        t = self.table
        return not self.demo and not self.abandoned and t.human_to_move and not t.state.is_over

    def ask_continue(self, seconds: int = 10) -> "ContinueScene":
        """Close the modals over this game and count down "CONTINUE? n" over it."""
        self.app.pop_to(self)
        return self.app.push(ContinueScene(self, seconds))

    def abandon(self) -> None:
        """Nobody came back: the game ends unrecorded and unsaved; the scene closes."""
        self.abandoned = True
        self.table.cancel_thinking()
        if not self.kiosk:
            self.autosave()
        elif not self.demo:
            self.forget_autosave()
        if self in self.app.stack:
            self.app.pop_to(self)
            self.app.pop()

    def autosave(self) -> None:
        """The game in progress, written whole after every change (a power cut loses none)."""
        t = self.table
        if (self.demo or self.kiosk or self.abandoned or not self.live or t.state.is_over
                or (t.ply == 0 and not self.save_unplayed)):
            return
        try:
            t.save(self.store, self.save_name)
        except OSError as exc:       # a store that raises despite its own guard
            self.app.notice(f"The game could not be kept ({exc.strerror or exc}).")

    def forget_autosave(self) -> None:
        if self.net is not None:         # a network game is the server's: the game at
            return                       # home keeps its save
        try:
            self.store.delete(self.save_name)
        except OSError:
            pass

    def close(self) -> None:
        self.timeline.finish(sounds=False)
        self.autosave()
        self.table.close()
        if self._local is not None:      # at a network table: the game at home too
            self._local.close()
