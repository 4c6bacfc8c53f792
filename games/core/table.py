"""The middle between a game's rules and its screen (Tatham's "mid end").

A Table holds one game: the history of states with undo and redo, which seats are human
and which are computer, the computer's turn run off the main loop, chance points, and saves.

- Moves are kept as text, so every move is checked by the notation both ways.
- A save is the seed and options (or a starting position) plus the move list; loading
  replays it through the rules and refuses a save whose moves do not replay.
- The computer's search runs in a ``Worker`` through ``ai.choose_move(state, level, rng,
  history=..., **ai_options)``; ``update()`` polls for it once a frame and never blocks.
  Undo, redo, a new game and closing cancel it.

No pygame here: the arena and the tests use tables without a screen.
"""

from __future__ import annotations

import importlib
import random
import sys
from dataclasses import dataclass
from typing import Any, Callable

from .worker import Worker, resolve

SAVE_VERSION = 1
SEAT_KINDS = ("human", "computer", "random")   # random: a seeded random legal move, at once
MAX_SAVED_MOVES = 20000      # a save with a longer move list is refused, not replayed
KINDS = ("move", "chance", "undo", "redo", "new", "load")


@dataclass(frozen=True)
class Transition:
    """One change of the table, for the scene to show: ``kind`` is one of KINDS; ``text``
    is the move's (or chance outcome's) notation for "move" and "chance", else ""."""
    before: Any
    after: Any
    text: str
    kind: str
    seat: str | None = None      # who moved (the seat to move in ``before``), if anyone
    move: Any = None             # the move (or chance outcome) itself, for "move"/"chance"


class Table:
    def __init__(self, game: str, rules: str, ai: str | None = None,
                 worker: Worker | None = None, seats: dict[str, str] | None = None,
                 levels: dict[str, int] | int = 3, seed: int | None = None,
                 options: dict | None = None, ai_options: dict | None = None,
                 start_text: str | None = None, min_think: float = 0.0,
                 clock: Callable[[], float] | None = None,
                 notify: Callable[[str], None] | None = None):
        self.game = game
        self.rules_name = rules
        self.rules = importlib.import_module(rules)
        self.ai_name = ai
        self.worker = worker
        self.ai_options = dict(ai_options or {})
        self.min_think = min_think
        if clock is None:
            import time
            clock = time.monotonic
        self.clock = clock
        self.notify = notify or (lambda sentence: print(sentence, file=sys.stderr))
        self.job = None
        self.hold = False          # the scene is animating: no computer move is applied
        self.changed = 0           # bumped on every change of state
        self.transitions: list[Transition] = []   # newest last; a scene takes them
        self.pending = None        # a drawn chance outcome the scene has not applied yet
        self.auto_chance = True    # update() draws chance outcomes (and applies them when
                                   # nothing holds); False: only roll() does
        self._seats_spec = dict(seats or {})
        self._levels_spec = levels
        self.new_game(seed=seed, options=options, start_text=start_text)

    # -- setting up ---------------------------------------------------------------------------
    def _check_options(self, options: dict) -> None:
        """An option given as nothing (a save's null) where the game's ``new_game`` has a
        value by default is refused in one sentence (the rules would name it None)."""
        import inspect
        try:
            params = inspect.signature(self.rules.new_game).parameters
        except (TypeError, ValueError):
            return
        for key, value in options.items():
            p = params.get(key)
            if value is None and p is not None and p.default not in (None, p.empty):
                raise ValueError(f"the option {key} has no value (a {self.game} game "
                                 f"takes {p.default!r} by default)")

    def _unfit(self, exc, options: dict) -> str:
        """Why the options do not fit the rules' ``new_game``, in one sentence: the names it
        does not take, else the error's own words."""
        import inspect
        try:
            params = inspect.signature(self.rules.new_game).parameters
        except (TypeError, ValueError):
            params = {}
        takes_any = any(p.kind is p.VAR_KEYWORD for p in params.values())
        unknown = [k for k in options if k not in params and not takes_any]
        if unknown:
            return (f"{self.game} has no option {', '.join(sorted(unknown))}"
                    f" (its options: {', '.join(k for k in params if k != 'seed') or 'none'})")
        return f"the options do not fit {self.game} ({exc})"

    def new_game(self, seed: int | None = None, options: dict | None = None,
                 start_text: str | None = None) -> None:
        self.cancel_thinking()
        if seed is None:
            seed = random.SystemRandom().randrange(1, 2 ** 31)
        self.seed = int(seed)
        self.options = dict(options or {})
        self.start_text = start_text
        if start_text is not None:
            first = self.rules.State.from_text(start_text)
        else:
            self._check_options(self.options)
            try:
                first = self.rules.new_game(seed=self.seed, **self.options)
            except TypeError as exc:         # an option this game has not (a record's)
                raise ValueError(self._unfit(exc, self.options)) from None
        before = self.states[self.index] if getattr(self, "states", None) else None
        self.states = [first]
        self.moves: list[str] = []
        self._played: list = []          # the move objects behind ``moves``
        self.by: list[str] = []          # who made each: h a person, c the computer,
                                         # r random, - a chance outcome
        self.index = 0
        self.pending = None
        self.game_number = getattr(self, "game_number", 0) + 1
        self.lowest_level: int | None = None   # the weakest computer level that moved
        # the game's seats are its own (a try again's: the person plays the seat that went
        # wrong), kept when it is resumed whatever the settings say
        self.own_seats = False
        self.seats = {p: self._seats_spec.get(p, "human") for p in first.players}
        lv = self._levels_spec
        self.levels = {p: (lv.get(p, 3) if isinstance(lv, dict) else lv) for p in first.players}
        self._record(before, "", "new")

    def again(self, options: dict | None = None) -> None:
        """The game in hand from its start again, on the same seed (the same board, island
        or shuffle), with ``options`` (a changed seat list, say) if given."""
        self.new_game(seed=self.seed, options=self.options if options is None else options,
                      start_text=self.start_text)

    def _record(self, before, text: str, kind: str, seat: str | None = None,
                move: Any = None) -> None:
        self.changed += 1
        self.transitions.append(Transition(before, self.state, text, kind, seat, move))
        del self.transitions[:-64]          # a scene that never reads them keeps a few

    def take_transitions(self) -> list:
        """The changes since the last call, oldest first."""
        out, self.transitions = self.transitions, []
        return out

    def set_seat(self, seat: str, kind: str) -> None:
        if kind not in SEAT_KINDS:
            raise ValueError("a seat is human, computer or random")
        self._seats_spec[seat] = kind
        self.seats[seat] = kind
        if kind == "human" and self.job is not None and self.state.current == seat:
            self.cancel_thinking()
        self.changed += 1

    def set_level(self, level: int, seat: str | None = None) -> None:
        for p in ([seat] if seat else list(self.levels)):
            self.levels[p] = level
            if isinstance(self._levels_spec, dict):
                self._levels_spec[p] = level
        if seat is None:
            self._levels_spec = level
        self.changed += 1

    # -- the game -----------------------------------------------------------------------------
    @property
    def state(self):
        return self.states[self.index]

    @property
    def last_move(self):
        """The move (or outcome) that made the current position; None at the start."""
        if self.index == 0 or self.index > len(self._played):
            return None
        return self._played[self.index - 1]

    def move_at(self, ply: int):
        """The move (or outcome) played at ``ply`` (0 the first), or None."""
        return self._played[ply] if 0 <= ply < min(self.index, len(self._played)) else None

    @property
    def ply(self) -> int:
        """How many moves and outcomes lead to the current position."""
        return self.index

    def position(self, ply: int):
        """The state after ``ply`` moves (0: the start) of the line in hand."""
        return self.states[ply]

    @property
    def person_has_moved(self) -> bool:
        """A person has made a move in the game in hand (the computers may have too)."""
        return any(self.is_human(self.states[i].current) for i in range(self.index))

    def result_level(self) -> int | None:
        """The level a finished game is recorded at: the weakest the computer played at in
        it (a level raised just before the last move does not count), None with no computer."""
        now = [lv for p, lv in self.levels.items() if self.seats.get(p) == "computer"]
        if self.lowest_level is not None:
            return self.lowest_level if not now else min([self.lowest_level] + now)
        return min(now) if now else None

    def explain(self, move) -> str | None:
        """Why ``move`` cannot be played now (a sentence for the player), or None if it can."""
        s = self.state
        if s.is_over:
            return "The game is over."
        if s.is_chance:
            return "Wait for the throw."
        if not self.is_human(s.current):
            return f"It is {s.current}'s turn, played by the computer."
        try:
            s.play(move)
        except ValueError as exc:
            return str(exc) or "That move is not allowed."
        return None

    @property
    def history(self) -> tuple:
        """The states so far, oldest first, ending with the current one."""
        return tuple(self.states[: self.index + 1])

    def is_human(self, seat: str | None) -> bool:
        return seat is not None and self.seats.get(seat) == "human"

    @property
    def human_to_move(self) -> bool:
        s = self.state
        return not s.is_over and not s.is_chance and self.is_human(s.current)

    @property
    def computer_to_move(self) -> bool:
        s = self.state
        return (not s.is_over and not s.is_chance and s.current is not None
                and self.seats.get(s.current) == "computer")

    @property
    def thinking(self) -> bool:
        return self.job is not None

    def play(self, move) -> Any:
        """Play a move (a move value or its text) for whoever is to move; IllegalMove raises."""
        s = self.state
        if isinstance(move, str):
            move = s.parse_move(move) if not s.is_chance else self._parse_outcome(move)
        text = s.move_text(move)
        nxt = s.play(move)
        self.cancel_thinking()
        self.pending = None
        del self.states[self.index + 1:]
        del self.moves[self.index:]
        del self._played[self.index:]
        del self.by[self.index:]
        self.states.append(nxt)
        forget = getattr(s, "forget", None)   # the position left behind keeps no caches
        if forget is not None:
            forget()
        self.moves.append(text)
        self._played.append(move)
        self.by.append("-" if s.is_chance else BY.get(self.seats.get(s.current), "h"))
        self.index += 1
        self._record(s, text, "chance" if s.is_chance else "move", s.current, move)
        return nxt

    def _parse_outcome(self, text: str):
        for outcome, _p in self.state.chance_outcomes():
            if self.state.move_text(outcome) == text:
                return outcome
        return self.state.parse_move(text)

    def draw_chance(self):
        """At a chance point: the outcome, drawn from a generator seeded by the game and the
        ply, so an undo and a replay draw the same dice (or spin) again."""
        s = self.state
        if not s.is_chance:
            raise ValueError("not a chance point")
        return _seed_draw(self.seed, self.index, s)

    def roll(self):
        """At a chance point: draw the outcome and play it at once."""
        return self.play(self.draw_chance())

    # -- undo ---------------------------------------------------------------------------------
    @property
    def can_undo(self) -> bool:
        return self.index > 0

    @property
    def can_redo(self) -> bool:
        return self.index < len(self.states) - 1

    def undo(self) -> bool:
        if not self.can_undo:
            return False
        self._jump(self.index - 1, "undo")
        return True

    def redo(self) -> bool:
        if not self.can_redo:
            return False
        self._jump(self.index + 1, "redo")
        return True

    def redo_turn(self) -> bool:
        """Redo up to the next position where a person is to move (or the end of the line),
        as one step: the computer's replies come back with the person's move."""
        if not self.can_redo:
            return False
        i = self.index + 1
        while i < len(self.states) - 1:
            st = self.states[i]
            if not st.is_chance and self.is_human(st.current):
                break
            i += 1
        self._jump(i, "redo")
        return True

    def _jump(self, index: int, kind: str) -> None:
        self.cancel_thinking()
        self.pending = None
        before = self.state
        self.index = index
        self._record(before, "", kind)

    def take_back(self, limit: int | None = None, across_chance: bool = True) -> bool:
        """Undo the last move made by a human seat and every computer move after it.

        ``limit`` caps how far back take-backs may reach (Tripppin's forty moves). With
        ``across_chance=False`` a take-back never reaches back past a chance outcome (a
        spin stays spun). Thrown dice stay thrown either way: the state a human moved
        from already shows them. Nothing happens when no seat is human.
        """
        i = self._take_back_to(limit, across_chance)
        if i is None:
            return False
        self._jump(i, "undo")
        return True

    def can_take_back(self, limit: int | None = None, across_chance: bool = True) -> bool:
        """Whether ``take_back`` (with the same arguments) would take anything back now:
        False before any person has moved (a throw or the computer's moves alone give
        nothing to take back), so an Undo shows unavailable."""
        return self._take_back_to(limit, across_chance) is not None

    def _take_back_to(self, limit: int | None, across_chance: bool) -> int | None:
        """The index ``take_back`` would return to, or None when it takes nothing back."""
        if "human" not in self.seats.values():
            return None
        floor = 0 if limit is None else max(0, len(self.states) - 1 - limit)
        i = self.index
        while i > floor:
            if not across_chance and self.states[i - 1].is_chance:
                return None
            mover = self.states[i - 1].current
            i -= 1
            if self.is_human(mover):
                return i
        return None

    # -- the computer -------------------------------------------------------------------------
    def ai_rng(self) -> random.Random:
        return random.Random(f"{self.seed}/{self.index}/ai")

    def update(self) -> bool:
        """Once a frame: draw or apply a chance outcome; start, poll or apply the computer's
        move. True if the state changed (or an outcome was drawn and is now pending)."""
        if self.state.is_over:
            return False
        if self.state.is_chance:
            if not self.auto_chance:
                return False
            if self.pending is None:
                # drawn now, applied once nothing holds: the scene animates the throw first
                self.pending = self.draw_chance()
                self.changed += 1
                return True
            if self.hold:
                return False
            self.play(self.pending)
            return True
        if self.seats.get(self.state.current) == "random" and not self.hold:
            moves = self.state.legal_moves()
            if moves:
                self.play(self.ai_rng().choice(moves))
                return True
        if not self.computer_to_move:
            if self.job is not None:
                self.cancel_thinking()
            return False
        if self.job is None:
            self._start_thinking()
            return False
        self.job.poll()
        if not self.job.done or self.hold:
            return False
        if self.clock() - self._job_started < self.min_think:
            return False
        job, self.job = self.job, None
        move = job.result
        if job.error or move not in self.state.legal_moves():
            # A broken search (or a worker that died) must not end the game: the seat
            # plays a legal move of the seeded generator's choosing, and the user is told.
            move = self.ai_rng().choice(self.state.legal_moves())
            why = job.error or f"it chose {move!r}, which is not legal"
            self.notify(f"The computer player failed ({why}); "
                        f"it played {self.state.move_text(move)} instead.")
        level = self.levels.get(self.state.current, 3)
        if self.lowest_level is None or level < self.lowest_level:
            self.lowest_level = level
        self.computer_moved_at = self._job_started      # the frame figures (core/frames.py)
        self.play(move)
        return True

    def _start_thinking(self) -> None:
        s = self.state
        args = (s, self.levels.get(s.current, 3), self.ai_rng())
        kwargs = dict(self.ai_options)
        kwargs["history"] = self._history_for_ai()
        self._job_started = self.clock()
        if self.worker is None:  # no worker (tests without a screen): answer at once
            self.job = _Answered(resolve(self.ai_name + ":choose_move")(*args, **kwargs))
        else:
            self.job = self.worker.submit(self.ai_name + ":choose_move", *args, **kwargs)

    def _history_for_ai(self) -> tuple:
        """The states the computer player is sent: the last ``HISTORY`` of them when its
        module says how many it reads (0: none), else all (sending a long game's whole
        history to the worker cost the frame a tenth of a second)."""
        try:
            keep = getattr(importlib.import_module(self.ai_name), "HISTORY", None)
        except ImportError:
            keep = None
        if isinstance(keep, bool) or not isinstance(keep, int) or keep < 0:
            return self.history
        return self.history[len(self.history) - keep:] if keep else ()

    def cancel_thinking(self) -> None:
        job, self.job = getattr(self, "job", None), None
        if job is not None and hasattr(job, "cancel"):
            job.cancel()

    # -- saves --------------------------------------------------------------------------------
    def save_data(self) -> dict:
        return {
            "game": self.game,
            "seed": self.seed,
            "options": self.options,
            "start": self.start_text,
            "first": _digest(self.states[0]),
            "moves": list(self.moves[: self.index]),
            "by": "".join(self.by[: self.index]),
            "seats": dict(self.seats),
            "levels": dict(self.levels),
            "lowest": self.lowest_level,
            **({"own_seats": True} if self.own_seats else {}),
        }

    def replay(self, data: Any):
        """Check a save and rebuild its game; ValueError says what is wrong. Changes nothing.
        Any exception while replaying (a rule tripped over an edited position) is a
        refusal, and so is a replayed position nobody can go on from (``check_position``)."""
        try:
            out = self._replay(data)
        except ValueError:
            raise
        except RecursionError:
            raise ValueError("it is nested too deeply") from None
        except Exception as exc:       # an edited save must never crash the resume
            raise ValueError(f"it does not replay ({type(exc).__name__}: {exc})") from None
        check_position(out[-1][-1])
        return out

    def _replay(self, data: Any):
        if not isinstance(data, dict):
            raise ValueError("the save is not a table")
        if data.get("game") != self.game:
            if not isinstance(data.get("game"), str):
                raise ValueError("the save names no game")
            raise ValueError(f"the save is of {data.get('game')!r}, not {self.game!r}")
        seed, options, start = data.get("seed"), data.get("options", {}), data.get("start")
        moves = data.get("moves")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("the save has no seed")
        if not isinstance(options, dict) or not isinstance(moves, list):
            raise ValueError("the save has no options or no move list")
        for key, value in options.items():     # a flag, a number or a name stays one
            mine = self.options.get(key)
            if type(mine) in (bool, int, str) and type(value) is not type(mine):
                raise ValueError(f"the save's option {key} is {value!r}")
        if len(moves) > MAX_SAVED_MOVES:
            raise ValueError(f"the save has {len(moves)} moves, more than any real game")
        if start is not None and not isinstance(start, str):
            raise ValueError("the save's starting position is not text")
        if start is None:
            self._check_options(options)
        try:
            state = (self.rules.State.from_text(start) if start is not None
                     else self.rules.new_game(seed=seed, **options))
        except TypeError as exc:
            raise ValueError(self._unfit(exc, options)) from None
        first = data.get("first")
        if first is not None and first != _digest(state):
            raise ValueError("the save was made on another board than its seed gives "
                             "(the file was changed)")
        states = [state]
        for n, text in enumerate(moves, 1):
            if not isinstance(text, str):
                raise ValueError(f"move {n} is not text")
            try:
                if state.is_chance:
                    outcome = next((o for o, _ in state.chance_outcomes()
                                    if state.move_text(o) == text), None)
                    if outcome is None:
                        raise ValueError(f"{text!r} is not a possible outcome")
                    drawn = _seed_draw(seed, n - 1, state)
                    if state.move_text(drawn) != text:
                        raise ValueError(f"the seed draws {state.move_text(drawn)} here, not "
                                         f"{text} (the file was changed)")
                    state = state.play(outcome)
                else:
                    state = state.play(state.parse_move(text))
            except ValueError as exc:
                raise ValueError(f"move {n} ({text}) does not replay: {exc}") from None
            states.append(state)
        return seed, options, start, list(moves), states

    def load_data(self, data: Any) -> None:
        seed, options, start, moves, states = self.replay(data)
        self._adopt(data, seed, options, start, moves, states)

    def _adopt(self, data, seed, options, start, moves, states) -> None:
        self.cancel_thinking()
        self.pending = None
        before = self.state
        self.seed, self.options, self.start_text = seed, options, start
        self.states, self.moves, self.index = states, moves, len(moves)
        self._played = [self._move_of(st, text) for st, text in zip(states, moves)]
        self.by = by_of(data, states, moves)
        self.game_number += 1
        lowest = data.get("lowest")
        self.lowest_level = lowest if self._level_ok(lowest) else None
        self.own_seats = data.get("own_seats") is True
        for seat, kind in (data.get("seats") or {}).items():
            if seat in self.seats and kind in SEAT_KINDS:
                self.seats[seat] = kind
                self._seats_spec[seat] = kind
        for seat, level in (data.get("levels") or {}).items():
            if seat in self.levels and self._level_ok(level):
                self.levels[seat] = level
        self._record(before, "", "load")

    @staticmethod
    def _move_of(state, text: str):
        if state.is_chance:
            return next((o for o, _ in state.chance_outcomes() if state.move_text(o) == text),
                        None)
        return state.parse_move(text)

    def _level_ok(self, level) -> bool:
        """A level this game's computer player knows (a save's level 99 is ignored)."""
        if isinstance(level, bool) or not isinstance(level, int):
            return False
        try:
            module = importlib.import_module(self.ai_name)
            known = getattr(module, "ALL_LEVELS", getattr(module, "LEVELS", None))
        except ImportError:
            known = None
        return level in known if known is not None else 1 <= level <= 9

    def save(self, store, name: str) -> None:
        store.save(name, self.save_data(), SAVE_VERSION)

    def load(self, store, name: str) -> bool:
        """Load a save from the store. A save that cannot be read or replayed is moved aside
        (the store tells the user) and the game in hand is kept. True if loaded. The save
        is replayed once: the states the check built are the ones adopted."""
        checked = self.check_save(store, name)
        if checked is None:
            return False
        self.adopt(checked)
        return True

    def check_save(self, store, name: str):
        """A save read and replayed but not adopted (the game in hand stays): what
        ``adopt`` takes, or None when there is none or it cannot be resumed (then the store
        has moved it aside and told the user, as ``load`` does). A title page asks this
        before it offers to resume."""
        replayed = []

        def check(data):
            replayed.append(self.replay(data))
            return data
        data = store.load(name, None, SAVE_VERSION, check)
        if data is None or not replayed:
            return None
        return (data, replayed[-1])

    def adopt(self, checked) -> None:
        """Take the game ``check_save`` read (its states, seats and levels)."""
        data, replayed = checked
        self._adopt(data, *replayed)

    def close(self) -> None:
        self.cancel_thinking()

    def set_ai_option(self, name: str, value) -> None:
        """One of the computer player's options (from its next move on), e.g. a game's
        menu switching a search option."""
        self.ai_options[name] = value
        self.changed += 1


def check_position(state) -> None:
    """A position a game can go on from, or ValueError: unless it is over, a chance point
    has outcomes and the seat to move has a legal move (the computer must be able to move
    too: its only fallback is a legal move). Every position a save can hold is checked."""
    try:
        if state.is_over:
            return
        if state.is_chance:
            if not state.chance_outcomes():
                raise ValueError("the save ends at a throw with no outcome")
            return
        if state.current is None:
            raise ValueError("the save ends where nobody is to move")
        if not state.legal_moves():
            raise ValueError(f"the save ends where {state.current} is to move but has no "
                             f"legal move (no game reaches this position)")
    except ValueError:
        raise
    except Exception as exc:
        raise ValueError(f"its last position cannot be read ({type(exc).__name__}: "
                         f"{exc})") from None


def _seed_draw(seed: int, index: int, state):
    """The chance outcome the table draws at ply ``index`` of a game with ``seed``: the same
    for a throw in play (Table.draw_chance) and for replay, which checks that a save's dice
    and spins are the seed's own and were not edited to another possible outcome."""
    rng = random.Random(f"{seed}/{index}/chance")
    outcomes = state.chance_outcomes()
    r = rng.random()
    acc = 0.0
    for outcome, p in outcomes:
        acc += p
        if r < acc:
            return outcome
    return outcomes[-1][0]


BY = {"human": "h", "computer": "c", "random": "r"}


def by_of(data, states, moves) -> list:
    """Who made each move of a save (its ``by``: a letter a move), else, for a save or a
    record without it, the seat's kind as the save says (a person where it says none)."""
    by = data.get("by") if isinstance(data, dict) else None
    if isinstance(by, str) and len(by) == len(moves) and set(by) <= set("hcr-"):
        return list(by)
    seats = (data.get("seats") if isinstance(data, dict) else None) or {}
    return ["-" if st.is_chance else BY.get(seats.get(st.current), "h")
            for st, _ in zip(states, moves)]


def _digest(state) -> str:
    """What identifies a starting position, kept in a save: a seed changed by hand that
    happens to replay its moves on another board is still refused."""
    import hashlib
    return hashlib.sha256(state.to_text().encode("utf-8")).hexdigest()[:16]


class _Answered:
    """A job that was answered on the spot (a table without a worker)."""
    done, error = True, None

    def __init__(self, result):
        self.result = result

    def poll(self):
        return self.result
