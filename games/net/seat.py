"""A game's Table whose game lives on a Tricade server (no pygame).

To a scene a friend on another machine is a seat kind, as "computer" is: the table waits for
that seat's move to arrive. ``NetTable`` is the mid end (games.core.table.Table) of a game
played at a server's table through a ``games.net.client.Client``:

- the seats this client plays are "human" (a person here: one machine may hold several,
  each a pad); a computer seat the server plays (or a friend's seat the computer took over
  when its grace time ran out) is "computer"; a friend's seat is "remote". Nobody's move is
  searched here: the server's computer plays its seats.
- a person's move here is sent to the server (``play``) and is played when it comes back,
  as every other move and every throw or spin does (``update``, once a frame): in order, one
  at a time, each held while the board still shows the last (``hold``), a chance outcome
  first shown as ``pending`` so the scene animates the dice or the spinner as at home (a
  person's own spin waits for their press: ``auto_chance``, as at home).
- no undo, redo or new game (the server's game is the game); nothing is saved here (the
  server keeps every table): the ``over`` event gives the record, seed included, so the
  finished game replays and is reviewed as any other.
- a welcome after a reconnect or a resync rebuilds the game from the server's moves.
"""

from __future__ import annotations

from games.core.table import Table

# the letter a move's maker leaves in the game's record (games.core.table.by_of)
BY = {"person": "h", "computer": "c", "chance": "-"}


class NetTable(Table):
    networked = True

    def __init__(self, game: str, rules: str, ai: str | None, client, *, notify=None,
                 clock=None, min_think: float = 0.0):
        if client.start is None:
            raise ValueError("the table has not been joined yet (no welcome)")
        self.client = client
        self._queue: list = []          # the server's plies not yet played here, in order
        self._sent: int | None = None   # the ply of a move sent and not yet come back
        self.events: list = []          # the client's events for the scene (status, seats,
                                        # error, over...), newest last; the scene takes them
        self.over = None                # the server's "over" event once the game ended
        super().__init__(game, rules, ai, worker=None, seats={}, levels=3, seed=0,
                         options=dict(client.options or {}), start_text=client.start,
                         min_think=min_think, clock=clock, notify=notify)
        self._rebuild(list(client.moves))
        self.seat_kinds()

    # -- who plays which seat ---------------------------------------------------------------
    @property
    def mine(self) -> tuple:
        return tuple(self.client.mine)

    def seat_kinds(self) -> None:
        """The seats' kinds from the server's list: this client's "human", the computer's
        "computer", a friend's "remote"."""
        for s in self.client.seats:
            seat = s.get("seat")
            if seat not in self.seats:
                continue
            if seat in self.client.mine:
                kind = "random" if self.seats[seat] == "random" else "human"
            elif s.get("kind") == "computer" or s.get("state") == "computer":
                kind = "computer"
            else:
                kind = "remote"
            if self.seats[seat] != kind:
                self.seats[seat] = kind
                self._seats_spec[seat] = kind
                self.changed += 1
            level = s.get("level")
            if isinstance(level, int) and not isinstance(level, bool):
                self.levels[seat] = level

    def set_seat(self, seat: str, kind: str) -> None:
        """Who plays a seat is the server's; a seat of this client's may only be handed to
        seeded random moves and back (TriAxis's "place the rest at random"), sent as the
        person's would be."""
        if seat in self.client.mine and kind in ("human", "random") and seat in self.seats:
            self.seats[seat] = kind
            self._seats_spec[seat] = kind
            self.changed += 1

    def set_level(self, level: int, seat: str | None = None) -> None:
        """The computer's level is the host's, on the server: nothing changes here."""

    def is_human(self, seat: str | None) -> bool:
        return seat is not None and seat in self.client.mine

    @property
    def human_to_move(self) -> bool:
        """A person here is to move, the move before it has come back, and the client is
        at the table (a move made while the connection is lost waits in the client)."""
        return (Table.human_to_move.fget(self) and self._sent != self.index
                and not self._queue and self.client.state == "connected"
                and self.client.ply == self.index)

    @property
    def computer_to_move(self) -> bool:
        return False                    # the server's computer plays its seats

    # -- moves ------------------------------------------------------------------------------
    def play(self, move):
        """A person's move here: checked on the rules (IllegalMove raises, as at home) and
        sent to the server; it is played when it comes back (``update``). Returns the
        position as it stands until then."""
        s = self.state
        if isinstance(move, str):
            move = s.parse_move(move)
        text = s.move_text(move)
        s.play(move)                     # IllegalMove: refused here, nothing sent
        if not self.human_to_move:
            raise ValueError("It is not your move yet.")
        if not self.client.send_move(self.index, text):
            raise ValueError("The server cannot take the move now.")
        self._sent = self.index
        self.changed += 1
        return s

    def _apply(self, item: dict) -> None:
        s = self.state
        text = item["move"]
        if s.is_chance:
            move = self._parse_outcome(text)
        else:
            move = s.parse_move(text)
        Table.play(self, move)
        self.by[-1] = BY.get(item.get("by"), "h")
        if item.get("by") == "computer":
            level = self.levels.get(item.get("seat"))
            if isinstance(level, int) and (self.lowest_level is None or level < self.lowest_level):
                self.lowest_level = level
        if self._sent is not None and self._sent < self.index:
            self._sent = None

    def draw_chance(self):
        """The server's outcome for the chance point in hand (it owns every throw and
        spin); ValueError while it has not come."""
        item = self._next()
        if item is None or not self.state.is_chance:
            raise ValueError("the throw has not come from the server yet")
        return self._parse_outcome(item["move"])

    def roll(self):
        """A chance point's outcome played at once: the server's, when it has come."""
        item = self._next()
        if item is None or not self.state.is_chance:
            return None
        self._queue.pop(0)
        self._apply(item)
        return self.state

    def _next(self):
        while self._queue and self._queue[0]["ply"] < self.index:
            self._queue.pop(0)           # played already (a rebuild)
        return self._queue[0] if self._queue and self._queue[0]["ply"] == self.index else None

    def update(self) -> bool:
        """Once a frame: the client's news, then the next of the server's plies, played
        when nothing holds it (a chance outcome shown as ``pending`` first)."""
        changed = self._take_events()
        if self.state.is_over:
            return changed
        item = self._next()
        if item is None:
            if (self.seats.get(self.state.current) == "random" and self.human_to_move
                    and not self.hold):  # this client's seat placed at random: sent
                self.play(self.ai_rng().choice(self.state.legal_moves()))
                return True
            return changed
        if self.state.is_chance:
            if not self.auto_chance:
                return changed
            if self.pending is None:
                self.pending = self._parse_outcome(item["move"])
                self.changed += 1
                return True
            if self.hold or (self.over is None and self._ends_chance(item)):
                return changed
            self._queue.pop(0)
            self.pending = None
            self._apply(item)
            return True
        if self.hold and item.get("seat") not in self.client.mine:
            return changed
        if self.over is None and self._ends(item):
            return changed               # the end waits for the record (its seed)
        self._queue.pop(0)
        self._apply(item)
        return True

    def _ends_chance(self, item: dict) -> bool:
        try:
            return self.state.play(self._parse_outcome(item["move"])).is_over
        except ValueError:
            return False

    def _ends(self, item: dict) -> bool:
        """Playing ``item`` ends the game (the scene then keeps the finished game, which
        needs the seed the server's "over" brings)."""
        try:
            return self.state.play(self.state.parse_move(item["move"])).is_over
        except ValueError:
            return False

    def _take_events(self) -> bool:
        changed = False
        for ev in self.client.poll():
            kind = ev.get("type")
            if kind == "move":
                self._queue.append(ev)
            elif kind == "welcome":
                self._welcome(ev)
                changed = True
            elif kind == "over":
                self.over = ev
                self._finished(ev)
            if kind in ("seats", "welcome", "status"):
                self.seat_kinds()
                changed = True
            if (kind == "error" and self._sent is not None
                    and self.client.ply <= self._sent):
                self._sent = None        # a refused move: the person may move again
            if kind != "move":
                self.events.append(ev)
                del self.events[:-64]
        return changed

    def _welcome(self, ev: dict) -> None:
        """The whole game again (a reconnect, a resync): what is played here and agrees
        with the server stays, the rest comes as the server's plies; a game that differs is
        rebuilt from the server's moves."""
        moves = [m for m in (ev.get("moves") or [])]
        texts = [m["move"] for m in moves]
        mine = self.moves[: self.index]
        if self._sent is not None and len(moves) > self._sent:
            self._sent = None            # the move sent has come back with the game
        if ev.get("start") == self.start_text and texts[: len(mine)] == mine:
            self._queue = [m for m in moves if m["ply"] >= self.index]
            return
        self._rebuild(moves)

    def _rebuild(self, moves: list) -> None:
        """The game from its start with the server's ``moves`` played (a "load")."""
        self.cancel_thinking()
        before = self.state
        first = self.rules.State.from_text(self.start_text)
        self.states, self.moves, self._played, self.by = [first], [], [], []
        self.index = 0
        self.pending = None
        self._queue = []
        for m in moves:
            st = self.state
            text = m["move"]
            move = self._parse_outcome(text) if st.is_chance else st.parse_move(text)
            self.states.append(st.play(move))
            self.moves.append(text)
            self._played.append(move)
            self.by.append(BY.get(m.get("by"), "h"))
            self.index += 1
        self._record(before, "", "load")

    def _finished(self, ev: dict) -> None:
        """The game ended on the server: its seed is known now, so the game here is the
        record's (replayed and reviewed as any other)."""
        seed = ev.get("seed")
        if isinstance(seed, int) and not isinstance(seed, bool):
            self.seed = seed

    def save_data(self) -> dict:
        """The game as any table's, with who played each person's seat (``names``: the
        players' names as the table had them), so its replay names the seats as they
        were played ("seats" already tells this machine's "human" from a friend's
        "remote" and the computer's)."""
        data = super().save_data()
        names = {}
        for s in self.client.seats:
            seat, name = s.get("seat"), s.get("name")
            if seat in self.seats and isinstance(name, str) and name.strip():
                names[seat] = name.strip()[:16]
        data["names"] = names
        return data

    # -- what a network game does not do ----------------------------------------------------
    def new_game(self, seed=None, options=None, start_text=None) -> None:
        """The server's game is the game: only the first (the table's start) is made."""
        if getattr(self, "states", None) is None:
            super().new_game(seed=seed, options=options, start_text=start_text)

    def again(self, options=None) -> None:
        """No game is started again at a network table."""

    def can_take_back(self, limit=None, across_chance: bool = True) -> bool:
        return False

    def take_back(self, limit=None, across_chance: bool = True) -> bool:
        return False

    def undo(self) -> bool:
        return False

    def redo(self) -> bool:
        return False

    def redo_turn(self) -> bool:
        return False

    @property
    def can_undo(self) -> bool:
        return False

    @property
    def can_redo(self) -> bool:
        return False

    def save(self, store, name: str) -> None:
        """The server keeps the game: nothing is written here."""

    def load(self, store, name: str) -> bool:
        return False

    def close(self) -> None:
        super().close()
        self.client.close()

    @property
    def waiting_for(self) -> list:
        """The seats nobody has taken yet (the game starts when none is left)."""
        return [s["seat"] for s in self.client.seats if s.get("state") == "free"]
