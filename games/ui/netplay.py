"""Network play in every game, in its own look (a mixin of ``GameScene``; a game declares
nothing): friends on other machines at one table of a Tricade server (games.net).

- **Play over the network** is on every game's title page and in its menu: *Host a table*
  (each seat: here, a friend, or the computer at a level; how long a lost friend's seat
  waits, and what then) or *Join a table* (the tables the server has waiting, or a code
  typed or picked letter by letter). The server is the Settings' (default: this machine;
  hosting there starts one when none answers, for friends on the local network).
- **Back to table X**: the title page, the network box and the join list offer each table
  of the game where a seat of this player's waits (the server asked with the seat token
  the data folder keeps, a moment after they open), after a restart of either side.
- **While waiting**: the table's code to tell friends, the address they join at, and the
  seats with who has taken them; the game starts when every seat is taken. A host who
  leaves before then is asked: the table is closed, or handed on to a friend at it.
- **In play**: the game's own scene on a ``games.net.seat.NetTable``: the same look, the
  same keys; the status line says whose turn it is at the table, who is away and for how
  long, and when the connection is lost and comes back (it comes back by itself); the
  moves of the others are said and marked as the computer's are. New game, Save, Load,
  Undo and Redo are off, and so are a game's own choices for its game at home
  (``home_only``: Triple 3's Reset totals and Match); the table's game is everyone's, and
  their keys and the menu say why (the DOS key line dims them); and
  the menu's Leave table X goes back to the game at home (the seat waits); the menu names
  the seats as the seat panel does. Quit leaves too (asked).
- **After the game**: its record (the seed included) is kept as any finished game, so F5
  replays and judges it (before, F5 says the review opens when the game is over); the
  result goes to this player's own records; New game leaves the table.

A cabinet never offers it (kiosk mode keeps the network off).
"""

from __future__ import annotations

import time

from games.ui.netbox import NetBox
from games.ui.netlocal import (Lookup, is_this_machine, lan_address, network_available,
                               player_name, port_of, server_address)
from games.ui.widgets import Item

GRACES = (60, 120, 300, 900)                 # seconds a lost player's seat waits
# the commands of a game at home, off at a network table (``NetPlay.off_at_table``): the
# table's game is everyone's there (games name them so: Tribolo's V)save and L)oad)
AT_HOME = ("new", "save", "load", "undo", "redo")
TABLE_NOTE = "Greyed: the game is shared"     # the menu's line under Leave table X
AWAY = (("wait", "wait for them"), ("computer", "the computer plays"))


class NetPlay:
    net = None                  # the games.net.client.Client of the network game in hand
    # a game's own commands and menu choices that belong to its game at home, off at a
    # network table as ``AT_HOME`` are (Triple 3's Reset totals and Match, Tribolo's Board,
    # Tripppin's Prevent loops and Fair start): named by the game, greyed and explained
    # by the house
    home_only: tuple = ()
    played_by: dict = {}        # a replayed network game's {seat: (name, "human"|"remote")}
    _local = None               # the table of the game at home, kept while away at a table
    _local_live = True          # a game at home was begun (not only its title page shown)

    def runs_unfocused(self) -> bool:
        return self.net is not None

    def network_possible(self) -> bool:
        return not (self.customer or self.kiosk or self.demo or self.replaying)

    def house_commands(self) -> list:
        from games.ui.commands import Command
        return super().house_commands() + [
            Command("network", "Play over the network", (), (), self.open_network,
                    enabled=lambda: self.network_possible()),
            Command("leave_table", "Leave the table", (), (), self.ask_leave_table,
                    enabled=lambda: self.net is not None)]

    def with_house_items(self, model: list) -> list:
        """The game menu with Play over the network (once), before Replay or Quit; at a
        network table Leave table X there instead, and under it a greyed line that says
        why the menu's New game, Save or Load are greyed there."""
        from games.ui.commands import has_item, insert_before
        model = self.at_table_menu(super().with_house_items(model))
        if self.customer or "network" not in self.cmds or has_item(model, "network"):
            return model
        items = [self.cmds.item("network")]
        if self.net is not None:
            items = [self.cmds.item("leave_table", label=f"Leave table {self.net.code}")]
            note = self.at_table_note(model)
            if note is not None:
                items.append(note)
        for item in items:             # each before Replay or Quit: in order
            out = insert_before(model, item, ("replay", "quit"))
            model = out if out is not None else list(model) + [item]
        return model

    # -- what a network table takes away from the game at home -------------------------------
    @property
    def at_home_only(self) -> tuple:
        """The names off at a network table: the house's (``AT_HOME``) and the game's own
        (``home_only``)."""
        return AT_HOME + tuple(self.home_only)

    def at_table_rules(self, commands: list) -> list:
        """``commands`` with those of a game at home (``at_home_only``: new game, save,
        load, undo, the game's own) off while this scene is at a network table
        (``off_at_table`` says why): the same for their keys, pad buttons, menu items and a
        click on a key line, in every game."""
        import dataclasses
        from games.ui.commands import _call
        home = self.at_home_only
        return [dataclasses.replace(
            c, enabled=lambda n=c.name, e=c.enabled: self.off_at_table(n) is None and _call(e))
            if c.name in home else c for c in commands]

    def at_table_menu(self, model: list) -> list:
        """``model`` with the game's own menu choices named in ``home_only`` greyed at a
        network table (its commands are greyed by ``at_table_rules``)."""
        import dataclasses
        if self.net is None or not self.home_only:
            return model
        out = []
        for item in model:
            if item.name in self.home_only:
                item = dataclasses.replace(
                    item, enabled=lambda n=item.name: self.off_at_table(n) is None)
            elif item.sub and not item.is_choice:
                item = dataclasses.replace(item, sub=self.at_table_menu(list(item.sub)))
            out.append(item)
        return out

    def off_at_table(self, name: str) -> str | None:
        """Why the command ``name`` is off at this network table, in one sentence (None: it
        is not, or this is no network table). The game is everyone's at the table: nobody
        replaces it from here (a new game, a load), and a save here would be no save of it
        (the server keeps it; its record is kept here as any finished game's once it
        ends). Once the game is over New game leaves the table for a game at home."""
        c = self.net
        if c is None:
            return None
        over = self.table.state.is_over
        if name == "new" and not over:
            return f"Table {c.code}'s game is shared: Leave the table (menu) to start one here."
        if name == "load":
            return f"Table {c.code}'s game is shared: Leave the table (menu) to load one here."
        if name == "save":
            return (f"Table {c.code}'s finished game is kept here: F5 replays it." if over else
                    f"The server keeps table {c.code}'s game; it is kept here when it ends.")
        if name == "replay" and not over:      # (the record, its seed, comes at the end)
            return "The review opens when the game is over."
        if name in ("undo", "redo"):
            return f"No taking back at table {c.code}: the game is shared."
        if name in self.home_only:
            what = self.cmds[name].label if name in self.cmds else name.replace("_", " ")
            return f"{what.capitalize()} is for a game here: table {c.code}'s game is shared."
        return None

    def at_table_note(self, model: list):
        """A greyed menu line saying why items of ``model`` are greyed at this table (short:
        a DOS menu is 36 columns), or None when none of ``AT_HOME`` is; their keys say
        each one's why (``off_at_table``)."""
        from games.ui.commands import MenuItem
        home = self.at_home_only
        if not any(item.name in home and not item.is_enabled() for item in _walk(model)):
            return None
        return MenuItem(TABLE_NOTE, enabled=False, name="table_note")

    def ask_leave_table(self) -> None:
        """Leave table X (the menu): back to the game at home; the seat at the table waits
        for this player (asked while the table's game goes on, default No)."""
        c = self.net
        if c is None:
            return
        code = c.code

        def go():
            over = self.table.state.is_over
            begun = self._local_live
            self.leave_network()
            self.say(f"You left table {code}: its game is kept for its replay." if over else
                     f"You left table {code}: your seat waits (Back to table {code}).")
            if not begun:                  # the table was chosen on the title page: back
                self.live = False          # to it, no game at home started unasked
                self.open_title()
        if self.table.state.is_over:
            go()
            return
        self.confirm(f"Leave table {code}? Your seat waits for you there: Back to table "
                     f"{code} on the title page.", go, default=1)

    def seat_holder(self, seat: str) -> str:
        """Who holds ``seat`` at this network table, as the seat panel names them: a
        person by name (this player's own: the Settings' name) or the computer."""
        if self.table.seats.get(seat) == "computer":
            return "Computer"
        return self.seat_player(seat, state=False) or "A friend"

    def title_network_choices(self) -> list:
        if not self.network_possible():
            return []
        return [("Play over the network", lambda: self.open_network(self.open_title))]

    def my_tables(self) -> list:
        """[(server, Lookup)]: the tables of each server where this player (the token
        kept in the data folder for that server and name) may hold seats: the Settings'
        server first (its url None), then any other where a token is kept (one found on
        the local network and joined there); [] when no token is kept (never played:
        nothing is asked)."""
        if not self.network_possible() or not network_available():
            return []
        from games.net.client import kept_servers, kept_token
        server, name = server_address(self.app), player_name(self.app)
        out = []
        token = kept_token(self.store.dir, server, name)
        if token is not None:
            out.append((None, Lookup(server, token)))
        for other in kept_servers(self.store.dir, name):
            if other.rstrip("/") != server.rstrip("/"):
                out.append((other, Lookup(other, kept_token(self.store.dir, other, name))))
        return out

    @staticmethod
    def own_tables(lookups, game: str) -> list:
        """[(code, seats, words, server)]: the tables of ``game`` at each answered lookup
        of ``my_tables`` where a seat of this player's waits (server None: the
        Settings')."""
        return [(code, seats, words, server) for server, lookup in lookups
                if lookup.tables is not None for code, seats, words in lookup.own(game)]

    def title_network_later(self):
        """The title's "Back to table X" choices, for each table of this game where a seat
        of this player's waits (its game not over), at any server where the data folder
        keeps this player's token: asked on a thread, so they come a moment after the
        title (``modals.Title.later``); None: nothing asked."""
        lookups = self.my_tables()
        if not lookups:
            return None

        def ready():
            if any(lookup.tables is None for _, lookup in lookups):
                return None
            own = self.own_tables(lookups, self.game)
            if len(own) > 1:         # one line on the title (its list stays short enough
                #                      to leave the title's own text clear): the network
                #                      box lists them all
                return [(f"Back to your {len(own)} tables",
                         lambda: self.open_network(self.open_title))]
            return [(f"Back to table {code}",
                     lambda c=code, s=seats, u=url: self.rejoin(c, s, self.open_title, u))
                    for code, seats, _words, url in own]
        return ready

    def rejoin(self, code: str, seats: list, on_back=None, server: str | None = None):
        """Back to one's own seats at table ``code`` (the waiting room until it starts), at
        the Settings' server or ``server`` (one found on the local network)."""
        if self.net is not None:
            self.say(f"You are at table {self.net.code}: leave it first (the menu's Leave "
                     "the table).")
            return None
        try:
            client = self.client(server)
            client.join(code, claim=list(seats))
        except ValueError as exc:
            self.say(str(exc))
            return None
        return self.sit_at(client, on_back)

    # -- the questions -----------------------------------------------------------------------
    def open_network(self, on_back=None):
        """Host a table, join one, or back."""
        if not network_available():
            self.say("Network play needs the websockets package (pip install websockets).")
            if on_back is not None:
                on_back()
            return None
        if self.net is not None:
            self.say(f"You are at table {self.net.code}: leave it first (the menu's Leave "
                     "the table).")
            if on_back is not None:
                on_back()
            return None
        return self.push(network_screen(self, on_back))

    def client(self, server: str | None = None):
        """A client of the Settings' server (or ``server``), as this player."""
        from games.net.client import Client
        return Client(server or server_address(self.app), name=player_name(self.app),
                      data_dir=self.store.dir)

    def sit_at(self, client, on_back=None):
        """A client that hosts or joins: the waiting room until the game starts."""
        return self.push(lobby_screen(self, client, on_back))

    # -- the table swap ----------------------------------------------------------------------
    def play_network(self, client) -> None:
        """The game in hand is the server's now (the game at home is kept, untouched, for
        when this one is left)."""
        from games.net.seat import NetTable
        table = NetTable(self.game, self.entry.rules, self.entry.ai, client,
                         notify=self.app.notice)
        if self.net is None:
            self._local = self.table
            self._local_live = self.live       # (from the title page: no game begun here)
        else:
            self.table.close()
        self.table, self.net = table, client
        self._reset_view()
        self._net_state = (client.state, self._seat_states())
        self.say(f"At table {client.code}: you play "
                 f"{', '.join(s.capitalize() for s in client.mine) or 'no seat (watching)'}.")

    def leave_network(self) -> None:
        """Back to the game at home (the seats at the server's table wait for us)."""
        if self.net is None:
            return
        self.table.close()
        self.table, self.net = self._local, None
        self._local = None
        self._reset_view()

    def _reset_view(self) -> None:
        t = self.table
        self.timeline.clear()
        self.status.clear()
        self.resumed, self.live = False, True
        self._over_fired = t.state.is_over
        self._recorded = None
        self._pending_seen = None
        self.claims.clear()
        if self.board_input is not None:
            self.board_input.reset(t.state)
        t.take_transitions()
        self.app.dirty = True

    # -- in play -----------------------------------------------------------------------------
    def _seat_states(self) -> tuple:
        return tuple((s.get("seat"), s.get("state")) for s in self.net.seats) if self.net else ()

    def net_tick(self) -> bool:
        """Once a frame in a network game: the table's news said on the status line; True
        when the status line's own words changed with the clock (an away seat's grace
        counting down: once a second), so the picture is drawn again."""
        t = self.table
        if self.net is None:
            return False
        self._net_news(t)
        left = self._grace_left()
        ticked, self._grace_shown = left != getattr(self, "_grace_shown", None), left
        return ticked

    def _net_news(self, t) -> None:
        for ev in t.events:
            kind = ev.get("type")
            if kind == "error" and not ev.get("local") and not (
                    ev.get("about") == "turn" and "made already" in str(ev.get("error"))):
                # (a move sent twice across a reconnect: the first was taken, nothing to say)
                self.say(ev.get("error") or "The server refused that.")
            elif kind == "over":
                self.say("The game is over at the table.")
        t.events.clear()
        now = (self.net.state, self._seat_states())
        before, self._net_state = getattr(self, "_net_state", now), now
        if now == before:
            return
        if now[0] != before[0]:
            if now[0] == "reconnecting":            # (kept in Messages; the status
                self.say(f"Connection lost ({self.net.why}).")   # line says it meanwhile)
            elif now[0] == "connected" and before[0] == "reconnecting":
                self.say("Back at the table.")
        names = {s.get("seat"): s.get("name") or s.get("seat").capitalize()
                 for s in self.net.seats}
        old = dict(before[1])
        away = getattr(self, "_away_at", None)
        if away is None:
            away = self._away_at = {}
        for s in self.net.seats:
            if s.get("state") == "away" and s.get("seat") not in away:
                away[s["seat"]] = time.monotonic() - float(s.get("away_for") or 0)
            elif s.get("state") != "away":
                away.pop(s.get("seat"), None)
        for seat, state in now[1]:
            was = old.get(seat)
            if was == state or seat in self.net.mine:
                continue
            if state == "away":
                left = any(s.get("seat") == seat and s.get("left") for s in self.net.seats)
                self.say(f"{names[seat]} ({seat}) "
                         + ("left the table" if left else "has lost the connection")
                         + ": their seat waits for them.")
            elif state in ("here", "thinking") and was in ("away", "free"):
                self.say(f"{names[seat]} is at the table ({seat}).")
            elif state == "computer" and was == "away":
                self.say(f"The computer plays {seat} while {names[seat]} is away.")

    def net_wake(self):
        """Seconds until the status line changes by itself (an away seat's grace counting
        down: every second); None: nothing."""
        c = self.net
        if c is None or not any(s.get("state") == "away" for s in c.seats):
            return None
        return 1.0

    def net_alert(self):
        """The status line while the connection is lost or the table closed (before any
        other message: nobody can move until it is back); None otherwise."""
        c = self.net
        if c is None or c.state in ("connected", "connecting", "idle"):
            return None
        if c.state == "reconnecting":            # (why: in Messages, said when lost)
            return ("Connection lost: coming back by itself...", None)
        return (f"The table is closed: {c.why}", None)

    def net_prompt(self):
        """The status line in a network game when no message shows: whose turn it is at
        the table, the connection (None: the game's own prompt)."""
        c = self.net
        if c is None:
            return None
        t = self.table
        st = t.state
        if st.is_over or st.current is None or st.current in c.mine:
            return None
        seat = next((s for s in c.seats if s.get("seat") == st.current), {})
        name = seat.get("name") or st.current.capitalize()
        state = seat.get("state")
        if state == "away":
            left = self._grace_left() or 0
            then = ("then the computer plays" if c.on_away == "computer" else
                    "then the table waits on for them")
            return (f"{name} ({st.current}) is away: {left // 60}:{left % 60:02d} of grace, "
                    f"{then}.", None)
        if state == "free":
            return (f"Waiting for a friend to take {st.current}.", None)
        if state == "computer" or t.seats.get(st.current) == "computer":
            return (f"{st.current.capitalize()} (the computer) is thinking...", None)
        return (f"{name} ({st.current}) is thinking...", None)

    def _grace_left(self) -> int | None:
        """Whole seconds of grace left to the seat whose turn it is at the table while it
        is away (what the status line says); None when no grace counts for it."""
        c = self.net
        st = self.table.state
        if c is None or st.is_over or st.current is None or st.current in c.mine:
            return None
        seat = next((s for s in c.seats if s.get("seat") == st.current), {})
        if seat.get("state") != "away":
            return None
        since = (getattr(self, "_away_at", None) or {}).get(st.current)
        gone = time.monotonic() - since if since is not None else \
            float(seat.get("away_for") or 0)
        return max(0, int(c.grace - gone))

    def seat_state(self, seat: str) -> str | None:
        """A person's seat at a network table: "here", "thinking" (theirs to move) or
        "away" (their connection lost: the seat waits); None for the computer's seats,
        a free seat and any seat at home."""
        if self.net is None or self.table.seats.get(seat) not in ("remote", "human"):
            return None
        s = next((s for s in self.net.seats if s.get("seat") == seat), {})
        state = s.get("state")
        return state if state in ("here", "thinking", "away") else None

    def seat_kind(self, seat: str) -> str | None:
        """Who holds ``seat`` now, for a seat panel's mark: the table's kind ("human",
        "computer", "random", "remote"), where a replayed network game's friend's seat
        is "remote" while a person held it (the replay's table knows people only)."""
        kind = self.table.seats.get(seat)
        played = self.played_by.get(seat)
        if self.net is None and played is not None and kind == "human":
            return played[1]
        return kind

    def seat_player(self, seat: str, width: int = 16, state: bool = True) -> str | None:
        """Who plays ``seat`` at a network table when a person does, for a game's seat
        panel: a friend's name, or this player's own (the Settings' name), at most
        ``width`` letters; with ``state``, a friend's seat says when it is away ("Bea
        away") or thinking ("Bea..."); None for the computer's seats and any seat at
        home."""
        if self.net is None:         # a replay: the name it was played under, while a
            played = self.played_by.get(seat)     # person holds it at the ply shown
            if played is None or self.table.seats.get(seat) not in ("remote", "human"):
                return None
            return played[0][:width]
        if self.table.seats.get(seat) not in ("remote", "human", "random"):
            return None              # (random: this player's own, placed at random)
        s = next((s for s in self.net.seats if s.get("seat") == seat), {})
        mine = seat in self.net.mine
        name = s.get("name") or (player_name(self.app) if mine else "") or \
            ("You" if mine else "A friend" if width >= 8 else "Friend")
        now = self.seat_state(seat) if state and not mine else None
        if now == "away":
            return f"{name[:max(1, width - 5)]} away"
        if now == "thinking":
            return f"{name[:max(1, width - 3)]}..."
        return name[:width]


def _walk(model):
    """Every item of a menu model, its submenus' too."""
    for item in model:
        yield item
        if item.sub and not item.is_choice:
            yield from _walk(item.sub)


# -- the screens -------------------------------------------------------------------------------
class HostBox(NetBox):
    """Host a table: who plays each seat, how long a lost friend's seat waits and what
    then; Create."""

    def __init__(self, game, on_back=None):
        rules = game.entry.rules_module()
        self.seat_names = list(rules.new_game(seed=1, **game.game_options()).players)
        ai = game.entry.ai_module()
        self.levels = list(getattr(ai, "LEVELS", (1,)))
        level = game.settings.get("level", getattr(ai, "DEFAULT_LEVEL", self.levels[-1]))
        self.level = level if level in self.levels else self.levels[-1]
        kinds = game.initial_seats()
        # here: the first person's seat; a friend: the other persons'; the computer's as set
        choices = self.choices()
        first = next((s for s in self.seat_names if kinds.get(s, "human") == "human"),
                     self.seat_names[0])
        self.pick = {}
        for s in self.seat_names:
            if s == first:
                self.pick[s] = "here"
            elif kinds.get(s, "human") == "human":
                self.pick[s] = "remote"
            else:
                self.pick[s] = f"computer:{self.level}"
            assert self.pick[s] in choices
        self.grace = 120
        self.away = "wait"
        super().__init__(game, on_back)

    title = "Host a table"

    def choices(self) -> list:
        return ["here", "remote"] + [f"computer:{lv}" for lv in self.levels]

    @staticmethod
    def words(choice: str) -> str:
        if choice == "here":
            return "here"
        if choice == "remote":
            return "a friend"
        return f"computer {choice.split(':')[1]}"

    def lines(self) -> list:
        return [f"Server: {server_address(self.app).split('://', 1)[-1]}",
                "Each seat: here, a friend, or the computer."]

    def items(self) -> list:
        out = []
        for s in self.seat_names:
            out.append(Item(s.capitalize(), value=lambda s=s: self.words(self.pick[s]),
                            on_change=lambda step, s=s: self.cycle(s, step)))
        out.append(Item("A lost seat waits", value=lambda: f"{self.grace // 60} min",
                        on_change=self.cycle_grace))
        out.append(Item("Then", value=lambda: dict(AWAY)[self.away],
                        on_change=self.cycle_away))
        out.append(Item("Create the table", on_confirm=self.create))
        out.append(Item("Back", on_confirm=self.back))
        return out

    def cycle(self, seat: str, step: int) -> None:
        c = self.choices()
        self.pick[seat] = c[(c.index(self.pick[seat]) + step) % len(c)]
        self.app.dirty = True

    def cycle_grace(self, step: int) -> None:
        i = GRACES.index(self.grace) if self.grace in GRACES else 1
        self.grace = GRACES[(i + step) % len(GRACES)]

    def cycle_away(self, step: int) -> None:
        names = [a for a, _ in AWAY]
        self.away = names[(names.index(self.away) + step) % len(names)]

    def create(self) -> None:
        here = [i for i, s in enumerate(self.seat_names) if self.pick[s] == "here"]
        if not here:
            self.game.say("Choose a seat for yourself (here) first.")
            return
        spec = ["computer:" + self.pick[s].split(":")[1] if self.pick[s].startswith("computer")
                else "remote" for s in self.seat_names]
        game = self.game
        server = server_address(self.app)
        try:
            client = game.client()
        except ValueError as exc:
            game.say(f"The server address cannot be used: {exc}")
            return
        think = float(getattr(game, "min_think", 0.35) or 0.0)   # as the computer at home
        client.host(game.game, spec, game.game_options(), claim=here, grace=float(self.grace),
                    on_away=self.away, level=self.level, think=think)
        lobby = lobby_screen(game, client, self.on_back, local=is_this_machine(server),
                             hosting=True)
        self.finish(lambda: game.push(lobby))


class NetworkBox(NetBox):
    """Play over the network: host a table, join one, or go back to a table where a seat of
    this player's waits (asked of the server on a thread: those come a moment later)."""

    title = "Play over the network"

    def __init__(self, game, on_back=None):
        self.lookups = game.my_tables()
        self._shown = not self.lookups
        super().__init__(game, on_back)

    def lines(self) -> list:
        return [f"Server: {server_address(self.app).split('://', 1)[-1]}"]

    def items(self) -> list:
        game, on_back = self.game, self.on_back
        out = [Item("Host a table",
                    on_confirm=lambda: self.finish(lambda: game.push(host_screen(game,
                                                                                 on_back)))),
               Item("Join a table",
                    on_confirm=lambda: self.finish(lambda: game.push(join_screen(game,
                                                                                 on_back))))]
        if self._shown:
            out += [Item(f"Back to table {code}",
                         on_confirm=lambda c=code, s=seats, u=url: self.finish(
                             lambda: game.rejoin(c, s, on_back, u)))
                    for code, seats, _words, url in game.own_tables(self.lookups,
                                                                     game.game)]
        out.append(Item("Back", on_confirm=self.back))
        return out

    def update(self, dt: float) -> bool:
        changed = super().update(dt)
        if not self._shown and all(lk.tables is not None for _, lk in self.lookups):
            self._shown = True
            self.refresh()
            return True
        return changed

    def wake_in(self):
        return 0.1 if not self._shown else super().wake_in()


class JoinBox(NetBox):
    """Join a table: the server's tables of this game that have a free seat or are full
    to watch, and first those where a seat of this player's waits (asked on a thread: the
    frame never waits), or a code typed or picked letter by letter. With the optional
    zeroconf package, the servers found on the local network (games.net.discover) are
    asked too, and their tables listed with the machine they are on: a friend picks one
    without typing an address."""

    title = "Join a table"

    def __init__(self, game, on_back=None):
        from games.net import discover
        server = server_address(game.app)
        self.lookup = self.ask(game, server)
        self.found = None            # None: still asking; else [(code, words, watch, server)]
        self.own: list = []          # [(code, seats, words, server)]: this player's seats
        self.failed = ""
        # the local network: a look on a thread (none without zeroconf: nothing is said)
        self.browse = discover.Browse() if discover.available() else None
        self.nearby: dict = {}       # url -> (where it is, in words; Lookup)
        # and every other server where this player's token is kept (one found on the
        # local network and joined before): a seat may wait there
        from games.net.client import kept_servers
        for url in kept_servers(game.store.dir, player_name(game.app)):
            if url.rstrip("/") != server.rstrip("/"):
                self.nearby[url] = (url.split("://", 1)[-1].rstrip("/"), self.ask(game, url))
        self._own_lit = False
        self._untouched = game.app.last_input     # (a press since the box opened: kept)
        self._seen = None
        super().__init__(game, on_back)

    @staticmethod
    def ask(game, server: str) -> Lookup:
        from games.net.client import kept_token
        return Lookup(server, kept_token(game.store.dir, server, player_name(game.app)))

    def same_server(self, found) -> bool:
        """``found`` (a server on the local network) is the Settings' own server."""
        mine = server_address(self.app)
        if found.port != port_of(mine):
            return False
        return found.url == mine or (is_this_machine(mine) and (
            is_this_machine(found.url) or found.address == lan_address()))

    def look_nearby(self) -> bool:
        """The servers found on the local network asked for their tables, once found;
        True when something new is known."""
        b = self.browse
        if b is None or b.servers is None:
            return False
        for f in b.servers or ():
            if f.listing and not self.same_server(f):
                where = f.host + (f":{f.port}" if f.port != 8765 else "")
                asked = self.nearby.get(f.url)      # (a kept server: asked already)
                self.nearby[f.url] = (where, asked[1] if asked else self.ask(self.game, f.url))
        self.browse = None
        return True

    def answers(self) -> tuple:
        return (self.lookup.tables is not None, self.browse is None,
                tuple(lk.tables is not None for _, lk in self.nearby.values()))

    def sort(self) -> None:
        self.failed = self.lookup.failed
        found, own = [], []
        sources = [(None, self.lookup, "")] + [
            (url, lk, f"  on {where}") for url, (where, lk) in self.nearby.items()
            if lk.tables is not None]
        for url, lookup, where in sources:
            if lookup.tables is None:
                continue
            mine = lookup.own(self.game.game)
            own += [(code, seats, words + (f", {where.strip()}" if where else ""), url)
                    for code, seats, words in mine]
            codes = {code for code, _, _ in mine}
            for t in lookup.tables:
                if t.get("game") != self.game.game or t.get("over") or t["code"] in codes:
                    continue
                free = [s for s in t.get("seats") or [] if s.get("state") == "free"]
                names = ", ".join(s.get("name") for s in t.get("seats") or []
                                  if s.get("name"))
                who = f"  ({names})" if names else ""
                if free:
                    found.append((t["code"], f"{t['code']}  {len(free)} free{who}{where}",
                                  False, url))
                else:                # every seat taken: to watch, read-only
                    found.append((t["code"], f"Watch {t['code']}  move {t.get('moves', 0)}"
                                             f"{who}{where}", True, url))
        found.sort(key=lambda x: (x[2], x[3] is not None))
        self.found, self.own = found, own

    def lines(self) -> list:
        where = f"Server: {server_address(self.app).split('://', 1)[-1]}"
        out = [where]
        if self.found is None:
            out.append("Asking the server for its tables...")
            return out + (["Looking for servers on the local network..."]
                          if self.browse is not None else [])
        if self.failed:              # said whole (wrapped), tables found elsewhere or not
            out.append("No answer: " + self.failed)
        if not self.found and not self.own:
            out.append("A code can still be typed." if self.failed else
                       "No table of this game is waiting there.")
        else:
            out.append("Tables of this game (a free seat to take, or to watch):")
        if self.browse is not None:
            out.append("Looking for servers on the local network...")
        return out

    def items(self) -> list:
        game, on_back = self.game, self.on_back
        out = [Item(f"Back to {code} ({words})",
                    on_confirm=lambda c=code, s=seats, u=url: self.finish(
                        lambda: game.rejoin(c, s, on_back, u)))
               for code, seats, words, url in self.own]
        out += [Item(words, on_confirm=lambda c=code, w=watch, u=url: self.join(c, w, u))
                for code, words, watch, url in (self.found or [])]
        out.append(Item("Type the code", on_confirm=self.type_code))
        out.append(Item("Back", on_confirm=self.back))
        return out

    def update(self, dt: float) -> bool:
        changed = super().update(dt)
        self.look_nearby()
        now = self.answers()
        if now != self._seen and self.lookup.tables is not None:
            self._seen = now
            self.sort()
            self.refresh()
            free = [n for n, (_, _, watch, _) in enumerate(self.found or ()) if not watch]
            if self.own and not self._own_lit:      # the cursor on the first "Back to"
                self._own_lit = True                # (once: a choice made stays)
                self.menu.cursor = 0
            elif free and not self._own_lit and self.app.last_input == self._untouched:
                self._own_lit = True                # else the first table with a free
                self.menu.cursor = len(self.own) + free[0]    # seat (nothing pressed yet)
            return True
        return changed

    def wake_in(self):
        waiting = self.lookup.tables is None or self.browse is not None or any(
            lk.tables is None for _, lk in self.nearby.values())
        return 0.1 if waiting else super().wake_in()

    def abandoned(self) -> None:
        if self.browse is not None:
            self.browse.stop()

    def type_code(self) -> None:
        game = self.game
        on_back = self.on_back
        self.finish(lambda: game.push(code_entry(game, on_back)))

    def join(self, code: str, watch: bool = False, server: str | None = None) -> None:
        game = self.game
        on_back = self.on_back
        try:
            client = game.client(server)
            if watch:
                client.watch(code)
            else:
                client.join(code, claim=1)
        except ValueError as exc:
            game.say(str(exc))
            return
        self.finish(lambda: game.push(lobby_screen(game, client, on_back)))


def _skinned(cls, game):
    import importlib
    look = game.look.name
    skin = importlib.import_module(f"games.ui.{look}").Skin
    return type(f"{cls.__name__}_{look}", (skin, cls), {"__module__": __name__,
                                                         "__doc__": cls.__doc__})


def host_screen(game, on_back=None):
    return _skinned(HostBox, game)(game, on_back)


def network_screen(game, on_back=None):
    return _skinned(NetworkBox, game)(game, on_back)


def join_screen(game, on_back=None):
    return _skinned(JoinBox, game)(game, on_back)


def lobby_screen(game, client, on_back=None, local: bool = False, hosting: bool = False):
    from games.ui.netlobby import Lobby
    return _skinned(Lobby, game)(game, client, on_back, local, hosting)


def code_entry(game, on_back=None):
    """The table's code, letter by letter (typed, or the arrows and the pad as initials
    are entered); Back on the first letter goes back."""
    from games.net import protocol
    from games.ui import kits
    from games.ui.widgets import InitialsEntry
    base = kits.get(game.look.name).classes["initials"]

    def joined(code):
        try:
            client = game.client()
            client.join(code, claim=1)
        except ValueError as exc:
            game.say(str(exc))
            return
        game.push(lobby_screen(game, client, on_back))

    class CodeEntry(base):
        HINT = "\u2191\u2193 letter  \u2190\u2192 move  {confirm} next  {back} back"

        def __init__(self):
            super().__init__(game, ["The table's code:"], "A" * protocol.CODE_LENGTH, joined)
            self.entry = InitialsEntry(self.initials_look(), (0, 0), "", on_done=self.entered,
                                       arcade=True, size=protocol.CODE_LENGTH,
                                       alphabet=protocol.CODE_ALPHABET)
            self.layout()

        def handle(self, action):
            if action.kind == "back" and self.entry.cursor == 0:
                self.finish(on_back)
                return
            super().handle(action)

        def abandoned(self):
            pass                      # closed unanswered: no table is joined

    return CodeEntry()
