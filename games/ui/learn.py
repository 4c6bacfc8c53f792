"""Learn from your mistakes: from a judged replay, the moves of one seat that the review
marked (an inaccuracy, a mistake or a blunder), one after another. Each is shown as the
position its mover chose from, with the question on the status line: the review's own
numbers for it (before -> after) and find a better move, with the controls in hand named
(a pad's d-pad and A; on DOS its key line names the pad's buttons).

- A try is made on the board as in play (the keys, the mouse, a pad: the game's own board
  input) and is judged at once by the review's own judge, in the replay's worker
  (``games.core.replays.judge_try``): the best move, good enough (short of the best by
  less than the game's line for an inaccuracy), better than the game's move but not enough,
  or not better; the review's better move is the best, worth the review's "before", the
  move played its "after". The board is never changed by a try: the position waits.
- A move that is only words, not a choice on the board (TriAxis's "end" of a turn), is
  tried with T (the pad's X, the menu's "Try ..."; on DOS its place on the key line).
- A second miss (or Show) shows the better move with the marching ants; Next (or a press)
  goes on to the next marked move; the end says how many were found, and offers to go
  through them again.
- It is not a game: nothing is saved or scored, no computer moves, no dice are thrown; on a
  cabinet it spends no credit.

Keys: the board's own, S (or N) next, H show the better move, T try the move in words,
F10 the menu, Esc back to the replay. The pad: the board's own, the right shoulder next,
Y show, X the move in words, Start the menu, B back. The mouse: the board, the menu on the right (or middle) button, and on DOS the key
line, which names this screen's keys in place of the game's (they do nothing here).
"""

from __future__ import annotations

import pygame

from games.core import replays, review
from games.core.table import Transition
from games.ui import replaydraw
from games.ui.modals import Modal
from games.ui.reviewrun import JUDGED, ReviewRun, kinds_at

COMMANDS = {"next": ["s", "n"], "show": ["h"], "leave": ["b"], "word": ["t"]}
PAD_COMMANDS = {"next": ["rightshoulder"], "show": ["y"], "word": ["x"]}
LEARN_COMMANDS = ("next", "show", "menu", "leave", "word")
# a DOS look's key line says this screen's keys, not the game's (which do nothing here)
KEY_LINE = (("S)kip", "next"), ("H)Show", "show"), ("F10)Menu", "menu"), ("Esc)Back", "leave"))
VERDICT_WORDS = {"best": "{move} is the best move ({value}).",
                 "equal": "{move} is as good as the best move ({value}).",
                 "good": "{move} is good enough ({value}; the best keeps {best}).",
                 "better": "{move} is better than {played}, but not enough ({value}).",
                 "no": "{move} is not better ({value})."}


class Learn(Modal):
    """The learn-from-your-mistakes screen (behaviour); ``learn_scene`` puts the look's
    skin in front."""

    @property
    def phase(self) -> str:
        return self._phase

    @phase.setter
    def phase(self, value: str) -> None:
        """The phase, told to the board's scene too (``learning``: a look's own words,
        Tripppin's status box, say what is asked, never "REPLAY")."""
        self._phase = value
        self.view.learning = value

    name = "learn"
    transparent = False
    guarded = ()               # opened on purpose
    commands = COMMANDS
    pad_commands = PAD_COMMANDS

    def __init__(self, replay, seat: str):
        host = replay.host
        app = host.app
        view = type(host)(app, seed=replay.data.get("seed") or 0, demo=True, title=False)
        view.table.load_data(replay.data)
        view.replaying = True
        view.table.update = lambda: False       # nothing moves on its own
        view.table.auto_chance = False
        self.kinds_at = kinds_at(view.table, replay.data)
        super().__init__(host)
        self.look = view.look
        self.owner = None
        self.replay, self.host, self.view = replay, host, view
        self.entry = host.entry
        self.seat = seat
        self.items = replays.marked(replay.rows, seat) if seat else []
        self.found = 0
        self.i = -1
        self.misses = 0
        # review (the game's moves still judged: no replay was shown) | ask | judging (a
        # try) | done (this one is over) | end | none (no move of the seats to learn from)
        self.phase = "ask"
        self.text = ""            # what the status line says, its controls unnamed
        self._hand = None         # the controls it was last drawn for
        self.job = None
        self.clock = 0.0
        self.key_rects: list = []   # a DOS key line's items, for the mouse
        self._tame(view)
        # the replay's word that its review is whole is said: it would sit over this
        # screen's question (below the board, where the status line is)
        self.app.withdraw(JUDGED.split("{", 1)[0])
        self.back_to = "the game" if isinstance(replay, GameReview) else "the replay"
        if seat is None:
            self.phase = "review"
            self.show_progress()
        else:
            self.advance()

    def _tame(self, view) -> None:
        """The board answers the person's tries and nothing else: a move is a try (judged,
        never played), and the game's questions, menus and commands are this screen's."""
        view.learning = self.phase        # (truthy: a lesson's board; its phase)
        view.play_move = self.attempt
        view.status_text = lambda: (self.line, None)
        view.prompt = lambda: (self.line, None)
        view.cmds.run = lambda name: self.run(name) if name in LEARN_COMMANDS else False
        view.open_menu = lambda pos=None: self.open_menu(pos)
        for name in ("ask_quit", "ask_new_game", "open_replay", "open_title"):
            setattr(view, name, lambda *a, **k: None)
        view.on_refuse = lambda text: self.say(text)

    # -- the moves in turn ---------------------------------------------------------------------
    @property
    def item(self):
        return self.items[self.i] if 0 <= self.i < len(self.items) else None

    def advance(self) -> None:
        """The next marked move (or the end)."""
        self.cancel_job()
        self.i += 1
        self.misses = 0
        item = self.item
        if item is None:
            self.phase = "end"
            n = len(self.items)
            self.text = (f"You found {self.found} of {n}. {{confirm}}: again, "
                         f"{{back}}: back to {self.back_to}.")
            self.app.dirty = True
            return
        row, ply = item
        v = self.view
        # the seats as they were played there (the screen names them so), the one asked
        # a person's: nothing moves on its own here
        for seat, kind in self.kinds_at[ply].items():
            v.table.set_seat(seat, "human" if seat == self.seat else kind)
        v.table._jump(ply, "redo")
        v._over_fired = True
        v.update(0.0)
        v.timeline.finish(sounds=False)
        v.status.clear()
        if v.board_input is not None:
            # a new question: no cursor, piece or ring left from the last one's tries
            v.board_input.reset(v.table.state, keep_cursor=False)
            v.board_input.visible = False
            if self.kiosk_or_pad():
                v.board_input.show(v.table.state)
        self.phase = "ask"
        played = self.played_text(row)
        also = "" if self.look.key_line else self.word_hint()   # (DOS: on its key line)
        # the review's own numbers (what the mover could keep -> what the move kept), and
        # how to try: the controls in hand, named (a pad's d-pad and A; on DOS the key line
        # names the rest)
        how = "" if self.look.key_line else " ({pick}; {show} shows it)"
        self.text = (
            f"{self.i + 1} of {len(self.items)}: {self.seat.capitalize()} played "
            f"{played}, {self.article(row['judgement'])} {row['judgement']} "
            f"({self.values(row)}). Find a better move{how}.{also}")
        self.app.dirty = True

    # -- the game's review, when no replay judged it (a cabinet's customer) ------------------
    def show_progress(self) -> None:
        done, total = self.replay.progress
        self.say(f"Judging the game's moves: {done} of {total}... {{back}}: back to "
                 f"{self.back_to}.")

    def reviewed(self) -> None:
        """The review is whole (or failed): the seat to learn from, asked if several."""
        review = self.replay
        if review.failed or not review.judged:
            self.phase = "none"
            self.say(f"{review.failed or 'The moves could not be judged.'} {{back}}: back "
                     f"to {self.back_to}.")
            return
        counts = replays.marked_seats(review.rows)
        people = [s for s in counts if review.kinds.get(s) == "human"]
        if not people:
            self.phase = "none"
            self.say("The judge marked no move of yours in this game: nothing to learn "
                     f"from it. {{back}}: back to {self.back_to}.")
            return
        if len(people) == 1:
            self.start(people[0])
            return
        from games.ui import kits
        options = [(f"{s.capitalize()} ({counts[s]})", (lambda s=s: self.start(s)))
                   for s in people]
        self.phase = "none"
        self.say(f"{{back}}: back to {self.back_to}.")
        self.app.push(kits.get(self.look.name).ask(
            self, "Learn from whose moves?", options + [("Back", self.leave)], default=0,
            cancel=len(options)))

    def start(self, seat: str) -> None:
        self.seat = seat
        self.items = replays.marked(self.replay.rows, seat)
        self.i, self.found = -1, 0
        self.advance()

    @staticmethod
    def article(word: str) -> str:
        return "an" if word[:1] in "aeiou" else "a"

    def played_text(self, row) -> str:
        """The move that was played where this screen asks (a turn judged whole: its step
        at that position)."""
        ply = self.item[1]
        moves = self.view.table.moves
        return moves[ply] if ply < len(moves) else row.get("move", "?")

    def word_moves(self) -> list:
        """The legal moves at the position asked that are words, not a choice on the board
        (TriAxis's "end"); conceding is never a try."""
        if self.item is None or self.view.board_input is None:
            return []
        state = self.view.table.state
        cached = getattr(self, "_words", None)
        if cached is not None and cached[0] is state:
            return cached[1]
        from games.ui.boardinput import board_moves
        on_board = {state.move_text(m) for m in board_moves(self.view.board_input.rules, state)}
        words = [m for m in state.legal_moves()
                 if m != "resign" and state.move_text(m) not in on_board]
        self._words = (state, words)
        return words

    def word_hint(self) -> str:
        """" Not on the board: T tries end." when the position has a move in words."""
        words = self.word_moves()
        if not words:
            return ""
        state = self.view.table.state
        return (f" Not on the board: {{word}} tries "
                f"{' or '.join(state.move_text(m) for m in words)}.")

    def try_word(self, move=None) -> None:
        """T: the move in words tried (several: the menu, where each is an item)."""
        if self.phase != "ask":
            return
        words = self.word_moves()
        if move is None and len(words) > 1:
            self.open_menu()
            return
        if move is None and words:
            move = words[0]
        if move is not None:
            self.attempt(move)

    def kiosk_or_pad(self) -> bool:
        return bool(getattr(self.app, "kiosk", False) or self.app.input.pads)

    def say(self, text: str) -> None:
        self.text = text
        self.app.dirty = True

    @property
    def line(self) -> str:
        """The status line, named for the controls in hand now (a pad picked up: its
        buttons)."""
        return self.named(self.text)

    @staticmethod
    def values(row) -> str:
        """The marked move's numbers as the review says them: "51.4% -> 30.2%" (what its
        mover could keep, what the move kept), or a solved game's own words."""
        own = row.get("game") or {}
        if isinstance(own.get("before"), str) and isinstance(own.get("after"), str):
            return f"{own['before']} -> {own['after']}"
        return (f"{review.percent(replays.best_value(row))} -> "
                f"{review.percent(replays.played_value(row))}")

    # -- a try ---------------------------------------------------------------------------------
    def attempt(self, move) -> bool:
        """A move made on the board: judged (never played). True: the board took it."""
        if self.phase != "ask" or self.item is None:
            return True
        state = self.view.table.state
        if move not in state.legal_moves():
            return False
        row, ply = self.item
        text = state.move_text(move)
        self.trying = text
        worker = self.replay.worker
        if worker is None:
            from games.core.worker import Worker
            worker = self.replay.worker = Worker(getattr(self.app.options, "worker_mode",
                                                         "process"))
        data = {k: self.replay.data.get(k) for k in ("game", "seed", "options", "start",
                                                       "moves")}
        self.job = worker.submit("games.core.replays:judge_try", self.entry, data, ply, text,
                                 row)
        self.phase = "judging"
        self.say(f"Judging {text}...")
        return True

    def poll(self) -> bool:
        job = self.job
        if job is None:
            return False
        job.poll()
        if not job.done:
            return False
        self.job = None
        if job.error or not isinstance(job.result, dict):
            self.phase = "ask"
            self.say(f"The move could not be judged ({job.error}). Try another.")
            return True
        self.answer(job.result)
        return True

    def answer(self, tried: dict) -> None:
        row, _ply = self.item
        word = tried.get("verdict") or "no"
        value = tried.get("words") or review.percent(tried.get("value"))
        best_words = self.best_words(row)
        if word == "best" and row.get("better") not in (None, self.trying):
            word = "equal"                # worth the best, but not the move the review named
        text = VERDICT_WORDS[word].format(move=self.trying, value=value, best=best_words,
                                          played=self.played_text(row))
        if word in ("best", "equal", "good"):
            self.found += 1
            self.phase = "done"
            self.say(text + " {confirm}: next.")
            return
        self.misses += 1
        if self.misses >= 2:
            self.show_better(text + " ")
            return
        self.phase = "ask"
        self.say(text + " Try again." + ("" if self.look.key_line else self.word_hint()))

    @staticmethod
    def best_words(row) -> str:
        """What the best move keeps, in the review's words (a solved game's own:
        Tripppin's "Neither side can force a win"), else as a winning chance."""
        own = (row.get("game") or {}).get("before")
        return own if isinstance(own, str) else review.percent(replays.best_value(row))

    def show_better(self, lead: str = "") -> None:
        """The better move, with the ants; this one is over."""
        row, _ply = self.item
        self.cancel_job()
        self.phase = "done"
        better = row.get("better") or "?"
        best = self.best_words(row)
        self.say(f"{lead}The better move: {better} ({best}). {{confirm}}: next.")

    def better_marks(self) -> list:
        """The better move's squares, as the game marks a move (shown once this one is
        over and not found)."""
        if self.phase != "done" or self.item is None:
            return []
        row, ply = self.item
        if not row.get("better"):
            return []
        before = self.view.table.state
        try:
            move = before.parse_move(row["better"])
            after = before.play(move)
            tr = Transition(before, after, row["better"], "move", before.current, move)
            return [pygame.Rect(r) for r in self.view.move_marks(tr)]
        except Exception:            # a game's marks that do not fit: no ants, no crash
            return []

    def cancel_job(self) -> None:
        job, self.job = self.job, None
        if job is not None:
            job.cancel()

    # -- input ---------------------------------------------------------------------------------
    def run(self, name: str) -> bool:
        if self.phase in ("review", "none") and name not in ("leave", "menu"):
            return True
        if name == "again":
            if self.phase == "end":
                self.again()
            return True
        if name == "next":
            if self.phase == "end":
                return True
            self.advance()
        elif name == "show":
            if self.phase in ("ask", "judging") and self.item is not None:
                self.show_better()
        elif name == "word":
            self.try_word()
        elif name == "menu":
            self.open_menu()
        elif name == "leave":
            self.leave()
        return True

    def handle(self, action) -> None:
        k = action.kind
        if k == "command":
            self.run(action.name)
            return
        if k == "back":
            self.leave()
            return
        if k == "menu":
            self.open_menu()
            return
        if k == "pointer_down" and action.button in (2, 3):
            self.open_menu(action.pos)
            return
        if k == "pointer_down" and action.button == 1 and self.key_rects:
            from games.ui import dos
            name = dos.hit(self.key_rects, action.pos)
            if name is not None:
                self.run(name)
                return
        if self.phase == "end":
            if k == "confirm" or (k == "pointer_down" and action.button == 1):
                self.again()
            return
        if self.phase in ("review", "none"):
            return
        if self.phase == "done":
            if k == "confirm" or (k == "pointer_down" and action.button == 1):
                self.advance()
            return
        if self.phase == "judging":
            return
        if k in ("confirm", "up", "down", "left", "right", "pointer_down", "pointer_up",
                 "pointer_move"):
            self.view.handle(action)
            self.app.dirty = True

    def again(self) -> None:
        self.i, self.found = -1, 0
        self.advance()

    def menu_model(self) -> list:
        from games.ui.commands import MenuItem
        amiga = self.look.name == "amiga"

        def key(k):
            return "" if amiga else k
        state = self.view.table.state
        tries = [MenuItem(f"Try {state.move_text(m)}", lambda m=m: self.try_word(m),
                          shortcut=key("T") if i == 0 else "",
                          enabled=lambda: self.phase == "ask")
                 for i, m in enumerate(self.word_moves())]
        return tries + [MenuItem("Next move", lambda: self.run("next"), shortcut=key("S"),
                         enabled=lambda: self.phase not in ("end", "review", "none")),
                MenuItem("Show the better move", lambda: self.run("show"),
                         shortcut=key("H"),
                         enabled=lambda: self.phase in ("ask", "judging")),
                MenuItem("From the first again", self.again,
                         enabled=lambda: self.phase not in ("review", "none")),
                MenuItem(f"Back to {self.back_to}", self.leave)]

    def open_menu(self, pos=None):
        from games.ui import kits
        return self.app.push(kits.get(self.look.name).menu(self, self.menu_model(), pos=pos))

    def leave(self) -> None:
        self.finish(None)

    def close(self) -> None:
        self.cancel_job()
        if isinstance(self.replay, GameReview):     # its own review (no replay): ended too
            self.replay.close_review()
        self.view.table.close()
        super().close()

    # -- the frame -----------------------------------------------------------------------------
    def update(self, dt: float):
        self.age += dt
        before = int(self.clock / replaydraw.ANTS_PERIOD * replaydraw.ANTS_DASH)
        self.clock += dt
        changed = self.poll()
        if self.phase == "review" and self.replay.poll():
            if self.replay.judging:
                self.show_progress()
            else:
                self.reviewed()
            changed = True
        view = self.view.update(dt)
        if self.hand() != self._hand:         # another controller in hand: named anew
            self._hand = self.hand()
            changed = True
        if self.better_marks():
            changed = changed or before != int(self.clock / replaydraw.ANTS_PERIOD
                                               * replaydraw.ANTS_DASH)
        return changed or bool(view)

    def wake_in(self):
        if self.job is not None or self.phase == "review":
            return 0.05
        if self.better_marks():
            return replaydraw.ANTS_PERIOD / replaydraw.ANTS_DASH
        return self.view.wake_in()

    def draw(self, surface) -> None:
        self.view.draw(surface)
        pal = self.look.palette
        dark, light = self.ant_colours
        for r in self.better_marks():
            replaydraw.draw_ants(surface, r, self.clock, pal[dark], pal[light])
        if self.look.key_line:
            from games.ui import dos, fonts
            h = fonts.get(self.look.font_name).height
            y = surface.get_height() - h
            self.key_rects = dos.key_line(surface, self.key_line_items(), y, bg=pal[0])

    def toast_lift(self) -> int:
        return self.view.toast_lift()

    def toast_keep_clear(self) -> list:
        """The app's notices (the replay's last word, a pad plugged in) keep off the board
        this screen asks about, as over the game: they covered Tribolo's bottom rows."""
        return self.view.toast_keep_clear()

    def key_line_items(self) -> list:
        """A DOS look's key line: this screen's keys, or with a pad (a stick) in hand its
        buttons as the house names them (the d-pad and A to try, the shoulder to skip,
        Y to show, X for a move in words), never the keyboard's letters."""
        from games.ui import controls
        if self.phase == "done":         # found or shown: on to the next, nothing to skip
            line = [("Enter)Next", "next"), ("F10)Menu", "menu"), ("Esc)Back", "leave")]
        else:
            line = list(KEY_LINE) if self.phase not in ("end", "review", "none") else \
                ([("Enter)Again", "again")] if self.phase == "end" else []) + \
                [("F10)Menu", "menu"), ("Esc)Back", "leave")]
        words = self.word_moves() if self.phase == "ask" else []
        if len(words) == 1:
            line.insert(2, (f"T)ry {self.view.table.state.move_text(words[0])}", "word"))
        elif words:
            line.insert(2, ("T)ry in words", "word"))
        hand = controls.kind(self.app, controls.controller_of(self.app, self.owner))
        if hand in ("key", "mouse"):     # how to try, first: the question has no room for it
            if self.phase == "ask":
                line.insert(0, ("Click)Try" if hand == "mouse" else "Arrows+Enter)Try", None))
            return line
        button = {"next": "next", "show": "show", "word": "word", "menu": "menu",
                  "leave": "back", "again": "confirm"}
        out = [(f"{self.named('{move}')}+{self.named('{confirm}')})Try", None)] \
            if self.phase == "ask" else []
        for label, name in line:
            key, rest = label.split(")", 1)
            word = key + rest if len(key) == 1 and rest[:1].islower() else rest
            out.append((f"{self.named('{' + button[name] + '}')}){word}", name))
        return out

    ant_colours = (0, 1)


class GameReview(ReviewRun):
    """A finished game's review for learning from it where no replay is shown (a cabinet's
    customer): what ``Learn`` reads of a replay (its host, record, rows and look), the
    review run in a worker of its own."""

    def __init__(self, host, data: dict):
        self.host, self.app, self.entry, self.look = host, host.app, host.entry, host.look
        self.data = dict(data)
        self.total = len(self.data.get("moves") or [])
        self.rows, self.progress, self.stopped, self.failed = [], (0, self.total), False, ""
        self.kinds = dict(host.table.seats)         # the seats a person played
        self.ant_colours = replaydraw.look_colours(self.look.name)[1]


def learn_after_game(host):
    """Learn from your mistakes straight from a finished game (the game in ``host``): its
    review runs first, on this screen; no replay is shown. None (and a word) when the game
    has nothing to learn from."""
    t = host.table
    if not t.state.is_over or not t.moves or "human" not in t.seats.values():
        host.say("Learn from your mistakes when a game of yours is over.")
        return None
    review = GameReview(host, t.save_data())
    review.judge()
    return host.app.push(learn_scene(review, None))


_CLASSES: dict = {}


def learn_scene(replay, seat: str):
    """The learn screen for ``seat``'s marked moves of ``replay``'s game, in its look."""
    look = replay.look.name       # (a replay, or a GameReview)
    cls = _CLASSES.get(look)
    if cls is None:
        import importlib
        skin = importlib.import_module(f"games.ui.{look}").Skin
        cls = _CLASSES[look] = type(f"Learn_{look}", (skin, Learn), {
            "__module__": __name__, "__doc__": Learn.__doc__,
            "ant_colours": replay.ant_colours})       # the replay's ants, the look's
    return cls(replay, seat)
