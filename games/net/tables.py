"""One table as the server holds it (pure: no socket, no database, no pygame).

A ``NetTable`` is a game of a registered game: its seed (secret until the end), options,
seats, the moves so far (chance outcomes included) and the position they lead to. Every
change is planned first (``plan_move``: checked, played, and followed by the chance
outcomes it leads to, each drawn from the seed exactly as games.core.table draws them
locally) and adopted only once the database holds it (``adopt``), so what clients are
sent is always what a restarted server would resume.
"""

from __future__ import annotations

import collections
import importlib
import random
import secrets
import time
from dataclasses import dataclass, field

from games.core import gamerecord
from games.core.table import _seed_draw, check_position

from . import protocol
from .protocol import ProtocolError


@dataclass
class Seat:
    index: int
    seat: str                    # the game's seat name ("blue")
    kind: str                    # "remote" or "computer"
    level: int | None = None     # a computer seat's level
    owner: str | None = None     # the hash of the token that holds a remote seat
    name: str = ""               # its player's name
    taken: bool = False          # a remote seat the computer plays (its grace ran out)
    away_since: float | None = None   # not kept: every held seat is away after a restart
    left: bool = False           # away because its player left (a clean close), not lost
    conns: set = field(default_factory=set)   # the connections here for it

    @property
    def by_computer(self) -> bool:
        return self.kind == "computer" or self.taken

    def view(self, now: float) -> dict:
        if self.by_computer:
            state = "computer"
        elif self.owner is None:
            state = "free"
        else:
            state = "here" if self.conns else "away"
        out = {"seat": self.seat, "kind": self.kind, "state": state, "name": self.name,
               "level": self.level}
        if self.taken:
            out["taken"] = True
        if state == "away" or self.taken and self.away_since is not None:
            out["away_for"] = round(now - (self.away_since or now), 1)
        if state == "away" and self.left:
            out["left"] = True               # (its player left the table, on purpose)
        return out


@dataclass
class Plan:
    """A change to adopt once committed: the plies it adds, the position, the result."""
    plies: list
    state: object
    states: list
    over: dict | None


def level_ok(ai, level) -> bool:
    if isinstance(level, bool) or not isinstance(level, int):
        return False
    known = getattr(ai, "ALL_LEVELS", getattr(ai, "LEVELS", None))
    return level in known if known is not None else 1 <= level <= 9


def levels_text(ai) -> str:
    return ", ".join(str(v) for v in getattr(ai, "ALL_LEVELS", getattr(ai, "LEVELS", ())))


def worker_start(parent: int) -> None:
    """A computer player's worker process, first of all: end with the server that started
    it, however the server ends (kill -9 included). Its pipes cannot say so (a worker holds
    both ends of its queue), so Linux is asked to kill it with its parent, and a watch
    thread ends it within a second where that cannot be had."""
    import os
    import threading
    try:
        import ctypes
        import signal
        ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGKILL))   # PR_SET_PDEATHSIG
    except (OSError, AttributeError, ImportError):
        pass
    if os.getppid() != parent:
        os._exit(0)

    def watch():
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)
    threading.Thread(target=watch, daemon=True, name="parent-watch").start()


def choose(ai_name: str, state, level: int, rng_seed: str, history: tuple, options: dict):
    """The computer's move for ``state`` (runs in a worker process): as games.core.table's
    computer turn, so the same seed gives the same move."""
    module = importlib.import_module(ai_name)
    return module.choose_move(state, level, random.Random(rng_seed), history=history,
                              **options)


class NetTable:
    def __init__(self, code: str, entry, seed: int, options: dict, seats: list,
                 grace: float = 120.0, on_away: str = "wait", level: int | None = None,
                 think: float = 0.0, host: str | None = None, created: float | None = None,
                 request: str | None = None, start_text: str | None = None,
                 position_text: str | None = None, moves: list | None = None):
        """A table; with ``start_text``, ``position_text`` and ``moves`` (a restart: as the
        database keeps them) it is resumed at once, and the states before the last are
        rebuilt only when the computer or a refusal needs them."""
        self.code = code
        self.entry = entry
        self.game = entry.name
        self.rules = entry.rules_module()
        self.ai = entry.ai_module()
        self.seed = seed
        self.options = dict(options)
        keep = getattr(self.ai, "HISTORY", None)
        self.keep = keep if isinstance(keep, int) and not isinstance(keep, bool) else None
        self.moves: list = list(moves or [])     # {ply, seat, move, by, name}
        self.chance_texts: set = set()   # every outcome of a chance point reached
        if start_text is None:
            start = self.rules.new_game(seed=seed, **self.options)
            self.start_text = start.to_text()
            self.state = start
            self._history = self._deque([start])
        else:
            self.start_text = start_text
            self.state = self.rules.State.from_text(position_text or start_text)
            self._history = None         # rebuilt when needed (``history``)
        self.seats = seats
        self.grace = grace
        self.on_away = on_away
        self.level = level if level is not None else getattr(self.ai, "DEFAULT_LEVEL", 1)
        self.think = think
        self.host = host
        self.request = request
        self.created = created or time.time()
        self.active = self.created
        self.over: dict | None = None
        self.thinking: int | None = None   # the ply the computer is searching for
        self.conns: set = set()            # every connection at the table (watchers too)
        self.begun = False                 # every seat was taken (or a seat has moved)
        self.ended_at: float | None = None
        self._hash: tuple | None = None     # (ply, the position's hash): position_hash
        if self.state.is_over:                   # a resumed table whose game had ended
            self.over = {"winners": sorted(self.state.winners()), "reason": "finished"}
            self.ended_at = time.time()

    def _deque(self, states) -> collections.deque:
        # the states the computer reads (games.core.table sends the last HISTORY of them)
        return collections.deque(states, maxlen=None if self.keep is None
                                 else max(1, self.keep))

    @property
    def history(self) -> collections.deque:
        """The last states (as many as the computer reads), the current one last; a resumed
        table replays its moves for them once (and learns its chance outcomes' words)."""
        if self._history is None:
            state = self.rules.State.from_text(self.start_text)
            states = self._deque([state])
            for m in self.moves:
                if state.is_chance:
                    self.chance_texts.update(state.move_text(o)
                                             for o, _ in state.chance_outcomes())
                    drawn = _seed_draw(self.seed, m["ply"], state)
                    if state.move_text(drawn) != m["move"]:
                        raise ValueError(f"ply {m['ply']}: the seed draws "
                                         f"{state.move_text(drawn)}, not {m['move']}")
                state = _play_text(state, m["move"])
                states.append(state)
            if state != self.state:
                raise ValueError("its moves do not lead to its kept position")
            self._history = states
        return self._history

    # -- making one --------------------------------------------------------------------------
    @classmethod
    def create(cls, code: str, entry, options: dict, spec: list | None, seed: int | None = None,
               **kw) -> "NetTable":
        """A new table (on a secret seed of 63 random bits, unless ``seed`` is given: tests
        and tools); ProtocolError (game, option, seats) says what does not fit."""
        if not isinstance(options, dict):
            raise ProtocolError("option", "The options are an object of name: value.")
        for name, value in options.items():
            if not isinstance(name, str) or not name.isidentifier() or not name.islower():
                raise ProtocolError("option", f"{str(name)[:20]!r} is not an option name.")
            try:
                gamerecord.to_text({"game": entry.name, "seed": 0, "options": {name: value}})
            except ValueError:
                raise ProtocolError("option", f"The option {name}={str(value)[:20]!r} cannot "
                                              f"be written in a game record.") from None
        seed = secrets.randbelow(2 ** 63 - 2) + 1 if seed is None else seed
        try:
            first = entry.rules_module().new_game(seed=seed, **options)
        except TypeError as exc:
            raise ProtocolError("option", f"{entry.name} has no such option ({exc}).") from None
        except ValueError as exc:
            raise ProtocolError("option", f"{entry.name} refuses the options: {exc}") from None
        players = list(first.players)
        spec = spec if spec is not None else [{"kind": "remote", "level": None}] * len(players)
        if len(spec) != len(players):
            raise ProtocolError("seats", f"{entry.name} with these options has "
                                         f"{len(players)} seats ({', '.join(players)}), "
                                         f"not {len(spec)}.")
        ai = entry.ai_module()
        seats = []
        for i, (name, s) in enumerate(zip(players, spec)):
            level = s.get("level")
            if s["kind"] == "computer":
                level = getattr(ai, "DEFAULT_LEVEL", 1) if level is None else level
                if not level_ok(ai, level):
                    raise ProtocolError("seats", f"{entry.name}'s computer has levels "
                                                 f"{levels_text(ai)}, not {level}.")
            seats.append(Seat(i, name, s["kind"], level))
        takeover = kw.get("level")
        if takeover is not None and not level_ok(ai, takeover):
            raise ProtocolError("message", f"{entry.name}'s computer has levels "
                                           f"{levels_text(ai)}, not {takeover}.")
        table = cls(code, entry, seed, options, seats, **kw)
        # the chance outcomes the start leads to (a first throw) are the table's at once
        table.opening = table._continue(table.state, [], [])
        return table

    # -- the game ------------------------------------------------------------------------------
    @property
    def ply(self) -> int:
        return len(self.moves)

    @property
    def started(self) -> bool:
        """The game is under way: every remote seat has been taken once (or someone has
        moved). Until then nobody moves, the computer included: the table waits."""
        if not self.begun:
            self.begun = (all(s.kind == "computer" or s.owner for s in self.seats)
                          or any(m["by"] != "chance" for m in self.moves))
        return self.begun

    def waiting_for(self) -> list:
        return [s.seat for s in self.seats if s.kind == "remote" and s.owner is None]

    def seat_named(self, name: str) -> Seat | None:
        return next((s for s in self.seats if s.seat == name), None)

    def to_move(self) -> Seat | None:
        s = self.state
        if self.over is not None or s.is_over or s.is_chance or s.current is None:
            return None
        return self.seat_named(s.current)

    def plan_move(self, ply: int, text: str, owner: str | None, player: str = "") -> Plan:
        """A person's move at ``ply`` from the holder of ``owner``'s seats; ProtocolError
        names what is wrong (nothing changes)."""
        if self.over is not None or self.state.is_over:
            raise ProtocolError("over", f"The game at table {self.code} is over.")
        if ply != self.ply:
            raise ProtocolError("turn", f"The game is at ply {self.ply}, not {ply}: "
                                        f"{'that move was made already' if ply < self.ply else 'it has not come yet'}.")
        if not self.started:
            raise ProtocolError("turn", f"The game starts when every seat is taken (still "
                                        f"free: {', '.join(self.waiting_for())}).")
        seat = self.to_move()
        if seat is None or not protocol.same_hash(seat.owner, owner) or seat.by_computer:
            who = seat.seat if seat is not None else "nobody"
            raise ProtocolError("turn", f"It is {who}'s turn, not one of your seats'.")
        state = self.state
        try:
            move = state.parse_move(text)
            nxt = state.play(move)
        except ValueError as exc:
            if self._history is None:
                self.history                     # (a resumed table learns its outcomes)
            if text in self.chance_texts:
                raise ProtocolError("chance", f"{text!r} is a throw or spin: the server "
                                              f"draws every one; send only your move.") from None
            raise ProtocolError("illegal", f"{text} is not a legal move for {seat.seat}: "
                                           f"{exc}") from None
        except Exception as exc:        # a rule that trips over odd text refuses it, no more
            raise ProtocolError("illegal", f"{text!r} is not a move here "
                                           f"({type(exc).__name__}).") from None
        ply_ = {"ply": self.ply, "seat": seat.seat, "move": state.move_text(move),
                "by": "person", "name": player or seat.name}
        return self._continue(nxt, [ply_], [nxt])

    def plan_computer(self, move) -> Plan:
        """The computer's move for the seat to move (a move it chose, or, if that is not
        legal, a seeded random one: a broken search never ends a game)."""
        state, seat = self.state, self.to_move()
        legal = state.legal_moves()
        if move not in legal:
            move = self.ai_rng().choice(legal)
        nxt = state.play(move)
        ply_ = {"ply": self.ply, "seat": seat.seat, "move": state.move_text(move),
                "by": "computer",
                "name": seat.name if seat.taken else ""}
        return self._continue(nxt, [ply_], [nxt])

    def _continue(self, state, plies: list, states: list) -> Plan:
        """Draw and play every chance outcome from ``state`` on (as the local table draws
        them: the seed, the ply), until someone is to move or the game is over."""
        n = self.ply + len(plies)
        guard = 0
        while state.is_chance and not state.is_over:
            outcome = _seed_draw(self.seed, n, state)
            text = state.move_text(outcome)
            self.chance_texts.update(state.move_text(o) for o, _ in state.chance_outcomes())
            state = state.play(outcome)
            plies.append({"ply": n, "seat": None, "move": text, "by": "chance", "name": ""})
            states.append(state)
            n += 1
            guard += 1
            if guard > 10_000:
                raise RuntimeError("chance points without end")
        over = None
        if state.is_over:
            over = {"winners": sorted(state.winners()), "reason": "finished"}
        else:
            check_position(state)
        return Plan(plies, state, states, over)

    def adopt(self, plan: Plan) -> None:
        if self._history is not None:
            self._history.extend(plan.states)
        self.moves.extend(plan.plies)
        self.state = plan.state
        if plan.over is not None:
            self.over = plan.over
            self.ended_at = time.time()
        self.active = time.time()

    def position_hash(self) -> str:
        """The hash of the position now (as every move message carries it), made once a
        ply: a restart's clients all come back at once, each welcomed with it."""
        if self._hash is None or self._hash[0] != self.ply:
            self._hash = (self.ply, protocol.position_hash(self.state))
        return self._hash[1]

    def known_hash(self, digest: str) -> None:
        """The hash of the position now, made already (the last ply's, sent with it)."""
        self._hash = (self.ply, digest)

    def ai_level(self, seat: Seat) -> int:
        return self.level if seat.taken else seat.level

    def ai_rng(self) -> random.Random:
        return random.Random(self.ai_seed())

    def ai_seed(self) -> str:
        return f"{self.seed}/{self.ply}/ai"

    def ai_history(self) -> tuple:
        """The states the computer is sent, as games.core.table sends them."""
        if self.keep == 0:
            return ()
        return tuple(self.history)

    def end(self, reason: str) -> dict:
        """End an unfinished game (abandoned): nobody won; the record is kept."""
        self.over = {"winners": [], "reason": reason}
        self.ended_at = time.time()
        return self.over

    # -- what clients are told -------------------------------------------------------------------
    def record_data(self) -> dict:
        letters = {word: letter for letter, word in protocol.BY.items()}
        by = "".join(letters.get(m["by"], "h") for m in self.moves)
        return {"game": self.game, "seed": self.seed, "options": dict(self.options),
                "start": None, "moves": [m["move"] for m in self.moves], "by": by,
                "seats": {s.seat: "computer" if s.kind == "computer" else "human"
                          for s in self.seats}}

    def record_text(self) -> str:
        return gamerecord.to_text(self.record_data())

    def seat_views(self, now: float | None = None) -> list:
        now = time.time() if now is None else now
        return [s.view(now) for s in self.seats]

    def over_message(self) -> dict:
        return {"type": "over", "code": self.code, "result": dict(self.over),
                "record": self.record_text(), "seed": self.seed}

    def welcome(self, owner: str | None, watching: bool) -> dict:
        mine = [] if watching or owner is None else \
            [s.seat for s in self.seats if protocol.same_hash(s.owner, owner)]
        return {"type": "welcome", "code": self.code, "game": self.game,
                "options": dict(self.options), "start": self.start_text,
                "moves": list(self.moves), "hash": self.position_hash(),
                "seats": self.seat_views(), "you": mine, "watching": watching,
                "host": protocol.same_hash(self.host, owner), "grace": self.grace,
                "on_away": self.on_away, "over": self.over_message() if self.over else None}

    def summary(self, owner: str | None = None) -> dict:
        """The table as ``list`` shows it; with ``owner`` (a token's hash), the seats it
        holds here as ``mine`` (when it holds any)."""
        out = {"code": self.code, "game": self.game, "options": dict(self.options),
               "seats": self.seat_views(), "moves": self.ply, "over": self.over is not None,
               "result": self.over, "created": round(self.created, 3),
               "active": round(self.active, 3)}
        mine = self.held_by(owner)
        if mine:
            out["mine"] = [s.seat for s in mine]
        return out

    def held_by(self, owner: str | None) -> list:
        """The seats the token whose hash is ``owner`` holds (none for None)."""
        if owner is None:
            return []
        return [s for s in self.seats if protocol.same_hash(s.owner, owner)]

    # -- claiming seats -------------------------------------------------------------------------
    def claim(self, owner: str, name: str, want) -> list:
        """The seats ``owner`` takes with ``want`` (a number, counting the seats it holds
        already, or a list of seat names); ProtocolError if they cannot all be had. Changes
        nothing: the caller sets them (``take``) once the database has them."""
        held = [s for s in self.seats if protocol.same_hash(s.owner, owner)]
        if isinstance(want, int):
            free = [s for s in self.seats if s.kind == "remote" and s.owner is None]
            more = max(0, want - len(held))
            if more > len(free):
                if not free:
                    raise ProtocolError("seats", f"Table {self.code} has no free seat; "
                                                 f"watch it instead.")
                raise ProtocolError("seats", f"Table {self.code} has {len(free)} free "
                                             f"seat{'s' if len(free) != 1 else ''}, not "
                                             f"{more}.")
            return held + free[:more]
        out = list(held)
        for name_ in want:
            seat = self.seat_named(name_)
            if seat is None:
                raise ProtocolError("seat", f"Table {self.code} has no seat {name_[:20]!r} "
                                            f"(its seats: "
                                            f"{', '.join(s.seat for s in self.seats)}).")
            if seat.kind != "remote":
                raise ProtocolError("seat", f"Seat {seat.seat} is the computer's.")
            if seat.owner is not None and not protocol.same_hash(seat.owner, owner):
                raise ProtocolError("token", f"Seat {seat.seat} is another player's (your "
                                             f"token is not its token).")
            if seat not in out:
                out.append(seat)
        return out


def _play_text(state, text: str):
    if state.is_chance:
        for outcome, _p in state.chance_outcomes():
            if state.move_text(outcome) == text:
                return state.play(outcome)
        raise ValueError(f"{text!r} is not a possible outcome here")
    return state.play(state.parse_move(text))
