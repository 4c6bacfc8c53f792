"""``tricade serve``: the table server (asyncio, websockets, SQLite).

One event loop holds every open table in memory (games.net.tables) and every connection.
A move is checked on the table's own rules, committed to the database with the chance
outcomes it leads to (games.net.db: a database thread, group commits), then sent to every
connection at the table. Computer seats think in a pool of worker processes, so the loop
never waits for a search. Bad input from a client gets one error naming the fault and
harms nothing else; the server logs it and carries on.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import gc
from concurrent.futures.process import BrokenProcessPool
import logging
import multiprocessing
import os
import signal
import sqlite3
import sys
import time
from pathlib import Path

import games

from . import db as dbm
from . import protocol
from .protocol import BURST, MAX_ERRORS, RATE, ProtocolError
from .tables import NetTable, Seat, choose, worker_start

log = logging.getLogger("tricade.net")

ABANDON = 24 * 3600.0       # a table nobody is at, with no move for this long, ends
SWEEP = 60.0                # how often the server looks for abandoned and finished tables
KEEP_FINISHED = 600.0       # a finished table stays in memory this long with nobody there
MAX_TABLES = 20_000         # open tables a server holds at most
MAX_CONNECTIONS = 20_000
LIST_LIMIT = 1000           # finished tables ``list`` shows, newest first
# connections the system holds for the server before it takes them: every client of a
# restarted server comes back within a second (asyncio's 100 overflowed: a connection
# dropped there is tried again by the system only after 1, then 3, then 7 seconds);
# the system caps it (net.core.somaxconn)
BACKLOG = 4096


class Conn:
    """One client connection: who it is, where it sits, and its message allowance."""
    __slots__ = ("ws", "peer", "owner", "name", "table", "watching", "allowance", "last",
                 "flooding", "dropped", "errors", "__weakref__")
    ERROR_WINDOW = 60.0         # MAX_ERRORS bad messages within this many seconds close it

    def __init__(self, ws, peer: str):
        self.ws = ws
        self.peer = peer
        self.owner: str | None = None      # its token's hash
        self.name = ""
        self.table: NetTable | None = None
        self.watching = False
        self.allowance = float(BURST)
        self.last = time.monotonic()
        self.flooding = False
        self.dropped = 0
        self.errors: list = []              # when its recent bad messages came

    def allow(self) -> bool:
        """The token bucket: RATE a second on average, BURST at once (a move the game takes
        is given its token back: on_move)."""
        now = time.monotonic()
        self.allowance = min(float(BURST), self.allowance + (now - self.last) * RATE)
        self.last = now
        if self.allowance < 1.0:
            return False
        self.allowance -= 1.0
        if self.flooding and self.allowance >= BURST / 2:
            self.flooding, self.dropped = False, 0
        return True


class Server:
    def __init__(self, data_dir, host: str = protocol.DEFAULT_HOST,
                 port: int = protocol.DEFAULT_PORT, abandon: float = ABANDON,
                 sweep: float = SWEEP, workers: int | None = None,
                 synchronous: str = "FULL", listing: bool = True, mdns: bool = True):
        self.data_dir = Path(data_dir)
        self.host, self.port = host, port
        self.abandon, self.sweep = abandon, sweep
        self.workers = workers or max(1, min(2, os.cpu_count() or 1))
        self.synchronous = synchronous
        self.listing = listing          # False: "list" is refused (a public server's codes
                                        # stay among the friends they were given to)
        self.mdns = mdns                # advertised on the local network (when zeroconf
        self.advert = None              # is there: games.net.discover)
        self.tables: dict = {}
        self.requests: dict = {}
        self.conns: set = set()
        self.timers: dict = {}
        self.pool = None
        self.db: dbm.Database | None = None
        self.ws_server = None
        self.stopping: asyncio.Event | None = None
        self.tasks: set = set()
        self.resumed = 0
        self.load_time = 0.0
        self.moves = 0

    # -- starting and stopping ---------------------------------------------------------------
    def load(self) -> None:
        """Open the database and resume every open table at its last move."""
        began = time.perf_counter()
        self.db = dbm.Database(self.data_dir / "net" / "tables.sqlite3", self.synchronous)
        now = time.time()
        for row, seat_rows, move_rows in self.db.open_tables():
            try:
                table = self._table_of(row, seat_rows, move_rows)
            except Exception as exc:     # a table this server cannot resume is left alone
                log.warning("table %s is not resumed: %s", row["code"], exc)
                continue
            for seat in table.seats:
                if seat.owner is not None:
                    seat.away_since = now
            self.tables[table.code] = table
            if table.request:
                self.requests[table.request] = table.code
        self.resumed = len(self.tables)
        self.load_time = time.perf_counter() - began

    def _table_of(self, row, seat_rows, move_rows) -> NetTable:
        import json
        entry = games.REGISTRY.get(row["game"])
        if entry is None or not entry.is_game:
            raise ValueError(f"this server has no game {row['game']!r}")
        seats = [Seat(r["idx"], r["seat"], r["kind"], r["level"], r["owner"], r["name"],
                      bool(r["taken"])) for r in seat_rows]
        table = NetTable(row["code"], entry, row["seed"], json.loads(row["options"]), seats,
                         grace=row["grace"], on_away=row["on_away"], level=row["level"],
                         think=row["think"], host=row["host"], created=row["created"],
                         request=row["request"], start_text=row["start"],
                         position_text=row["position"], moves=move_rows)
        if [s.seat for s in seats] != list(table.state.players):
            raise ValueError("its seats are not its game's")
        if len(move_rows) != row["plies"] or any(m["ply"] != i
                                                 for i, m in enumerate(move_rows)):
            raise ValueError("its moves are not whole")
        table.active = row["active"]
        if row["over"]:
            table.over = json.loads(row["over"])
            table.ended_at = row["active"]
        return table

    async def serve(self, ready=None) -> None:
        from websockets.asyncio.server import serve
        loop = asyncio.get_running_loop()
        self.stopping = asyncio.Event()
        for sig in (signal.SIGTERM, signal.SIGINT):
            try:
                loop.add_signal_handler(sig, self.stopping.set)
            except (NotImplementedError, RuntimeError):
                pass
        async with serve(self.handler, self.host, self.port, max_size=protocol.FRAME_LIMIT,
                         compression=None, ping_interval=20, ping_timeout=20, max_queue=16,
                         close_timeout=2, backlog=BACKLOG,
                         logger=logging.getLogger("tricade.net.ws")) as srv:
            self.ws_server = srv
            port = srv.sockets[0].getsockname()[1]
            shown = f"[{self.host}]" if ":" in self.host else self.host
            print(f"listening on ws://{shown}:{port}", flush=True)
            log.info("%d open tables resumed in %.3f s", self.resumed, self.load_time)
            # what was loaded lives as long as the server: the collector need not look at
            # it again (a full collection over every table was a pause of every move)
            gc.collect()
            gc.freeze()
            for table in list(self.tables.values()):
                for seat in table.seats:
                    if seat.owner is not None and not seat.taken:
                        self._start_grace(table, seat)
                self.maybe_think(table)
            if ready is not None:
                ready(port)
            sweeper = asyncio.ensure_future(self._sweeper())
            if self.mdns:                # (after it listens: a resume never waits for it)
                from games.net.discover import Advert
                self.advert = Advert(self.host, port, self.listing)
                advertising = asyncio.ensure_future(self.advert.start())
            await self.stopping.wait()
            sweeper.cancel()
            if self.advert is not None:
                advertising.cancel()
                await self.advert.close()
        self.close()

    def close(self) -> None:
        if self.db is not None:
            log.info("stopped; %d open tables kept", sum(1 for t in self.tables.values()
                                                         if t.over is None))
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None
        if self.db is not None:
            self.db.close()
            self.db = None

    # -- connections ---------------------------------------------------------------------------
    async def handler(self, ws) -> None:
        from websockets.exceptions import ConnectionClosed
        peer = _peer(ws)
        conn = Conn(ws, peer)
        if len(self.conns) >= MAX_CONNECTIONS:
            await self._send(conn, ProtocolError("busy", "The server is full; try again "
                                                         "later.").message())
            await ws.close(1013, "server full")
            return
        self.conns.add(conn)
        left = False
        try:
            async for raw in ws:
                await self.receive(conn, raw)
            left = ws.close_code == 1000        # a clean close: its player left the table
        except ConnectionClosed:                # (lost: no closing handshake)
            pass
        except Exception:                       # never the server's end: log, drop the one
            log.exception("connection %s failed", peer)
        finally:
            self.conns.discard(conn)
            self.leave(conn, left)

    async def receive(self, conn: Conn, raw) -> None:
        if not conn.allow():
            conn.dropped += 1
            if not conn.flooding:
                conn.flooding = True
                await self.refuse(conn, ProtocolError(
                    "flood", f"Too many messages: at most {RATE:g} a second ({BURST} at "
                             f"once); the rest are dropped until you slow down."))
            elif conn.dropped > 2 * BURST:
                log.warning("%s closed: it kept flooding", conn.peer)
                await conn.ws.close(1008, "too many messages")
            return
        try:
            message = protocol.check(protocol.decode(raw))
            await getattr(self, "on_" + message["type"])(conn, message)
        except ProtocolError as exc:
            await self.refuse(conn, exc)
        except Exception:
            log.exception("%s: a %s message failed", conn.peer, _type_of(raw))
            await self._send(conn, ProtocolError(
                "server", "The server could not do that (its log says why); nothing "
                          "changed.").message())

    async def refuse(self, conn: Conn, exc: ProtocolError) -> None:
        now = time.monotonic()
        conn.errors = [t for t in conn.errors if now - t < conn.ERROR_WINDOW] + [now]
        where = f" at {conn.table.code}" if conn.table is not None else ""
        log.info("%s%s refused (%s): %s", conn.peer, where, exc.about, exc)
        await self._send(conn, exc.message())
        if len(conn.errors) > MAX_ERRORS:
            log.warning("%s closed: too many bad messages", conn.peer)
            await conn.ws.close(1008, "too many bad messages")

    async def _send(self, conn: Conn, message: dict) -> None:
        from websockets.exceptions import ConnectionClosed
        try:
            await conn.ws.send(protocol.encode(message))
        except ConnectionClosed:
            pass

    def broadcast(self, table: NetTable, message: dict, but=None) -> None:
        from websockets.asyncio.server import broadcast
        text = protocol.encode(message)
        broadcast([c.ws for c in table.conns if c is not but], text)

    def leave(self, conn: Conn, left: bool = False) -> None:
        """``conn`` is gone from its table; its seats with no other connection are away
        (``left``: its player closed it, as the program does leaving a table or quitting,
        where a killed program or a pulled cable closes nothing)."""
        table, conn.table = conn.table, None
        if table is None:
            return
        table.conns.discard(conn)
        gone = False
        for seat in table.seats:
            if conn in seat.conns:
                seat.conns.discard(conn)
                if not seat.conns:
                    gone = True
                    seat.away_since, seat.left = time.time(), left
                    if table.over is None:
                        self._start_grace(table, seat)
        if gone:
            table.active = time.time()
            log.info("%s left table %s", conn.peer, table.code)
            self.broadcast(table, {"type": "seats", "code": table.code,
                                   "seats": table.seat_views()})

    # -- messages --------------------------------------------------------------------------------
    async def on_create(self, conn: Conn, m: dict) -> None:
        entry = games.REGISTRY.get(m["game"])
        if entry is None or not entry.is_game:
            names = ", ".join(e.name for e in games.playable())
            raise ProtocolError("game", f"This server has no game {m['game'][:20]!r} (its "
                                        f"games: {names}).")
        owner = protocol.token_hash(m["token"])
        code = self.requests.get(m["request"]) if m["request"] else None
        if code is None and m["request"]:
            code = await self._job(dbm.find_request(m["request"]))
        if code is not None:                    # a retried create: the table it made
            table = self.tables.get(code)
            if table is None or not protocol.same_hash(table.host, owner):
                raise ProtocolError("message", "That request made a table already.")
            await self._send(conn, _created(table))
            return
        if sum(1 for t in self.tables.values() if t.over is None) >= MAX_TABLES:
            raise ProtocolError("busy", "The server holds as many tables as it can; try "
                                        "again later.")
        for _attempt in range(8):
            table = NetTable.create(protocol.new_code(self.tables), entry, m["options"],
                                    m["seats"], grace=m["grace"], on_away=m["on_away"],
                                    level=m["level"], think=m["think"], host=owner,
                                    request=m["request"])
            try:
                await self._job(dbm.create(table, table.opening.plies,
                                           table.opening.state.to_text()))
                break
            except sqlite3.IntegrityError:      # a finished table's code: draw another
                continue
        else:
            raise ProtocolError("server", "No table code was free; try again.")
        table.adopt(table.opening)
        table.lock = asyncio.Lock()
        self.tables[table.code] = table
        if m["request"]:
            self.requests[m["request"]] = table.code
        log.info("%s created table %s: %s %s, seats %s", conn.peer, table.code, table.game,
                 table.options, [s.kind if s.kind == "remote" else f"computer:{s.level}"
                                 for s in table.seats])
        await self._send(conn, _created(table))
        self.maybe_think(table)

    async def on_join(self, conn: Conn, m: dict) -> None:
        if conn.table is not None:
            raise ProtocolError("message", f"This connection sits at table {conn.table.code} "
                                           f"already; open another for another table.")
        table = await self._table(m["code"])
        owner = protocol.token_hash(m["token"])
        async with _lock(table):
            if m["watch"] or table.over is not None:
                seats = [] if m["watch"] else [s for s in table.seats
                                               if protocol.same_hash(s.owner, owner)]
            else:
                seats = table.claim(owner, m["name"], m["seats"])
            changed = [s for s in seats if s.owner != owner or s.taken
                       or (m["name"] and s.name != m["name"])]
            if changed:
                before = [(s.owner, s.name, s.taken) for s in changed]
                for s in changed:
                    s.owner, s.taken = owner, False
                    s.name = m["name"] or s.name
                try:
                    await self._job(dbm.seats(table.code, changed, time.time()))
                except Exception:
                    for s, (o, n, t) in zip(changed, before):
                        s.owner, s.name, s.taken = o, n, t
                    raise
            conn.owner, conn.name = owner, m["name"]
            conn.table, conn.watching = table, m["watch"]
            table.conns.add(conn)
            for s in seats:
                s.conns.add(conn)
                s.away_since, s.left = None, False
                self._stop_grace(table, s)
            to_move = table.to_move()
            if to_move in seats and table.thinking == table.ply:
                table.thinking = None            # the computer played it; its player is back
            table.active = time.time()
        log.info("%s %s table %s as %r, seats %s", conn.peer,
                 "watches" if m["watch"] else "joined", table.code, m["name"],
                 [s.seat for s in seats])
        await self._send(conn, table.welcome(owner, m["watch"]))
        if seats:
            self.broadcast(table, {"type": "seats", "code": table.code,
                                   "seats": table.seat_views()}, but=conn)
        self.maybe_think(table)

    async def on_move(self, conn: Conn, m: dict) -> None:
        table = conn.table
        if table is None:
            raise ProtocolError("table", "Join a table first: a move goes to the table this "
                                         "connection sits at.")
        if conn.watching:
            raise ProtocolError("watching", "You are watching this table; a spectator does "
                                            "not move.")
        async with _lock(table):
            plan = table.plan_move(m["ply"], m["move"], conn.owner, conn.name)
            await self.commit(table, plan)
        # a move the game took is paced by the game itself (one a turn, each after the last
        # one's answer): it costs no allowance, so a seat may play as fast as it likes
        conn.allowance = min(float(BURST), conn.allowance + 1.0)

    async def on_sync(self, conn: Conn, m: dict) -> None:
        if conn.table is None:
            raise ProtocolError("table", "Join a table first: sync sends its game again.")
        await self._send(conn, conn.table.welcome(conn.owner, conn.watching))

    async def on_away(self, conn: Conn, m: dict) -> None:
        table = conn.table
        if table is None:
            raise ProtocolError("table", "Join a table first.")
        if not protocol.same_hash(table.host, conn.owner):
            raise ProtocolError("host", "Only the table's host chooses what becomes of a "
                                        "seat whose player is away.")
        async with _lock(table):
            await self._job(dbm.setting(table.code, on_away=m["on_away"]))
            table.on_away = m["on_away"]
            now = time.time()
            for seat in table.seats:
                if m["on_away"] == "wait" and seat.taken:
                    seat.taken = False
                    if table.thinking == table.ply:
                        table.thinking = None
                    await self._job(dbm.seats(table.code, [seat]))
                elif seat.owner and not seat.conns and seat.away_since is not None \
                        and now - seat.away_since >= table.grace:
                    await self._take_over(table, seat)
        self.broadcast(table, {"type": "seats", "code": table.code, "on_away": table.on_away,
                               "seats": table.seat_views()})
        self.maybe_think(table)

    async def on_list(self, conn: Conn, m: dict) -> None:
        owner = protocol.token_hash(m["token"]) if m["token"] else None
        if not self.listing:
            if owner is None:
                raise ProtocolError("private", "This server does not list its tables; ask "
                                               "the host for the code.")
            # a token is its holder's secret: the tables it holds seats at are theirs to see
            listed = [t.summary(owner) for t in self.tables.values() if t.held_by(owner)]
            await self._send(conn, {"type": "tables", "tables": listed})
            return
        listed = [t.summary(owner) for t in self.tables.values()]
        shown = {t["code"] for t in listed}
        finished = await self._job(dbm.summaries(LIST_LIMIT))
        listed += [t for t in finished if t["code"] not in shown]
        await self._send(conn, {"type": "tables", "tables": listed})

    async def on_close(self, conn: Conn, m: dict) -> None:
        """The host leaves a table whose game has not begun: it is closed (forgotten, and
        the others at it told), or, with ``hand_on``, handed to the first other player
        seated (the host's seats free again)."""
        table = await self._table(m["code"])
        owner = protocol.token_hash(m["token"])
        async with _lock(table):
            if not protocol.same_hash(table.host, owner):
                raise ProtocolError("host", f"Only the host of table {table.code} closes it.")
            if table.over is not None:
                raise ProtocolError("over", f"The game at table {table.code} is over already.")
            if table.started:
                raise ProtocolError("started", f"The game at table {table.code} is under way: "
                                               f"it is not closed (leave it, and your seat "
                                               f"waits for you).")
            mine = table.held_by(owner)
            heir = next((s for s in table.seats if s.owner and s not in mine), None)
            if m["hand_on"] and heir is not None:
                await self._hand_on(conn, table, mine, heir)
                return
            await self._job(dbm.delete(table.code))
            table.over = {"winners": [], "reason": "closed"}      # (never kept)
            for seat in table.seats:
                self._stop_grace(table, seat)
            self.tables.pop(table.code, None)
            self.requests.pop(table.request, None)
            at = [c for c in table.conns if c is not conn]
            for c in table.conns:
                c.table, c.watching = None, False
            table.conns.clear()
            for seat in table.seats:
                seat.conns.clear()
        log.info("%s closed table %s (its game had not begun)", conn.peer, table.code)
        why = f"The host closed table {table.code} before the game began."
        await self._send(conn, {"type": "closed", "code": table.code, "why": why})
        from websockets.asyncio.server import broadcast
        broadcast([c.ws for c in at], protocol.encode({"type": "closed", "code": table.code,
                                                       "why": why}))

    async def _hand_on(self, conn: Conn, table: NetTable, mine: list, heir: Seat) -> None:
        """(the table's lock held) The host's seats free again, the table ``heir``'s."""
        before = [(s.owner, s.name, s.taken) for s in mine]
        for s in mine:
            s.owner, s.name, s.taken, s.away_since = None, "", False, None
            s.conns.clear()
            self._stop_grace(table, s)
        try:
            seats, host = dbm.seats(table.code, mine, time.time()), \
                dbm.setting(table.code, host=heir.owner)
            await self._job(lambda c: (seats(c), host(c)))        # one transaction
        except Exception:
            for s, (o, n, t) in zip(mine, before):
                s.owner, s.name, s.taken = o, n, t
            raise
        table.host = heir.owner
        log.info("%s handed table %s on to %r", conn.peer, table.code, heir.name)
        await self._send(conn, {"type": "closed", "code": table.code, "hand_on": True,
                                "host": heir.name,
                                "why": f"Table {table.code} is {heir.name or 'a friend'}'s "
                                       f"now."})
        for c in list(table.conns):            # who is host, and whose seats, has changed
            await self._send(c, table.welcome(c.owner, c.watching))

    async def on_record(self, conn: Conn, m: dict) -> None:
        table = await self._table(m["code"])
        if table.over is None:
            raise ProtocolError("over", f"Table {table.code} is still being played; its "
                                        f"record (and its seed) is given when it ends.")
        await self._send(conn, {"type": "record", "code": table.code,
                                "text": table.record_text()})

    # -- the game ----------------------------------------------------------------------------------
    async def commit(self, table: NetTable, plan) -> None:
        """Keep a planned change, then send it (the caller holds the table's lock)."""
        total = table.ply + len(plan.plies)
        texts = [state.to_text() for state in plan.states]
        await self._job(dbm.plies(table.code, plan.plies, total, plan.over, texts[-1]))
        table.adopt(plan)
        self.moves += len(plan.plies)
        digests = [protocol.text_hash(text) for text in texts]
        for ply, digest in zip(plan.plies, digests):
            self.broadcast(table, dict(ply, type="move", code=table.code, hash=digest))
        if digests:
            table.known_hash(digests[-1])
        if table.over is not None:
            self._finished(table)
        else:
            self.maybe_think(table)

    def _finished(self, table: NetTable) -> None:
        for seat in table.seats:
            self._stop_grace(table, seat)
        log.info("table %s is over (%s): %s", table.code, table.over.get("reason"),
                 ", ".join(table.over.get("winners") or ["nobody"]) + " won")
        self.broadcast(table, table.over_message())

    def maybe_think(self, table: NetTable) -> None:
        """Start the computer's search if a computer seat is to move."""
        seat = table.to_move()
        if seat is None or not seat.by_computer or not table.started \
                or table.thinking == table.ply:
            return
        table.thinking = table.ply
        self._spawn(self._think(table, seat, table.ply), f"table {table.code}'s computer")

    async def _think(self, table: NetTable, seat: Seat, ply: int) -> None:
        loop = asyncio.get_running_loop()
        began = loop.time()
        try:
            history = table.ai_history()
        except ValueError as exc:            # a kept table whose moves do not replay
            log.warning("table %s: its history cannot be rebuilt (%s)", table.code, exc)
            history = (table.state,)
        args = (table.entry.ai, table.state, table.ai_level(seat), table.ai_seed(), history,
                dict(table.entry.ai_options))
        move = None
        for attempt in (1, 2):
            try:
                move = await asyncio.wrap_future(self._pool().submit(choose, *args))
                break
            except BrokenProcessPool:
                self.pool = None                # a worker died: a fresh pool, one more try
            except Exception as exc:
                log.warning("table %s: the computer failed at ply %d (%s: %s); it plays a "
                            "seeded random move", table.code, ply, type(exc).__name__, exc)
                break
        rest = table.think - (loop.time() - began)
        if rest > 0:
            await asyncio.sleep(rest)
        async with _lock(table):
            if table.thinking != ply:
                return
            table.thinking = None
            if table.ply != ply or table.to_move() is not seat or not seat.by_computer:
                self.maybe_think(table)
                return
            try:
                await self.commit(table, table.plan_computer(move))
            except Exception:             # (the disk refused it): the computer tries again
                log.exception("table %s: the computer's move was not kept", table.code)
                loop.call_later(1.0, self.maybe_think, table)

    def _pool(self):
        if self.pool is None:
            try:
                self.pool = concurrent.futures.ProcessPoolExecutor(
                    self.workers, mp_context=multiprocessing.get_context("spawn"),
                    initializer=worker_start, initargs=(os.getpid(),))
            except (OSError, ValueError, NotImplementedError) as exc:
                log.warning("no worker processes (%s): the computer thinks in threads", exc)
                self.pool = concurrent.futures.ThreadPoolExecutor(self.workers)
        return self.pool

    # -- away seats, abandoned tables ----------------------------------------------------------
    def _start_grace(self, table: NetTable, seat: Seat) -> None:
        self._stop_grace(table, seat)
        loop = asyncio.get_running_loop()
        self.timers[(table.code, seat.index)] = loop.call_later(
            table.grace, self._grace_over, table, seat)

    def _stop_grace(self, table: NetTable, seat: Seat) -> None:
        timer = self.timers.pop((table.code, seat.index), None)
        if timer is not None:
            timer.cancel()

    def _grace_over(self, table: NetTable, seat: Seat) -> None:
        self.timers.pop((table.code, seat.index), None)
        if seat.conns or table.over is not None or seat.taken or table.on_away != "computer":
            return
        self._spawn(self._grace_task(table, seat), f"table {table.code}'s grace time")

    async def _grace_task(self, table: NetTable, seat: Seat) -> None:
        async with _lock(table):
            if seat.conns or table.over is not None or seat.taken:
                return
            await self._take_over(table, seat)
        self.broadcast(table, {"type": "seats", "code": table.code,
                               "seats": table.seat_views()})
        self.maybe_think(table)

    async def _take_over(self, table: NetTable, seat: Seat) -> None:
        seat.taken = True
        try:
            await self._job(dbm.seats(table.code, [seat]))
        except Exception:
            seat.taken = False
            raise
        log.info("table %s: the computer plays %s (away %.0f s)", table.code, seat.seat,
                 time.time() - (seat.away_since or time.time()))

    async def _sweeper(self) -> None:
        last = (0, 0, time.monotonic())
        while True:
            await asyncio.sleep(self.sweep)
            try:
                await self.sweep_once()
            except Exception:
                log.exception("the sweep failed")
            moves, commits, now = self.moves, self.db.commits if self.db else 0, \
                time.monotonic()
            if moves != last[0]:
                log.info("%d tables open, %d connections; %.1f moves a second in %.1f "
                         "commits a second", sum(1 for t in self.tables.values()
                                                 if t.over is None), len(self.conns),
                         (moves - last[0]) / (now - last[2]),
                         (commits - last[1]) / (now - last[2]))
            last = (moves, commits, now)

    async def sweep_once(self) -> None:
        now = time.time()
        for table in list(self.tables.values()):
            if table.over is not None:
                if not table.conns and now - (table.ended_at or now) > KEEP_FINISHED:
                    del self.tables[table.code]
                    self.requests.pop(table.request, None)
                continue
            if any(s.conns for s in table.seats) or now - table.active < self.abandon:
                continue
            async with _lock(table):
                if table.over is not None:
                    continue
                over = {"winners": [], "reason": "abandoned"}
                await self._job(dbm.setting(table.code, over=over, active=now))
                table.end("abandoned")
            self._finished(table)

    # -- helpers -------------------------------------------------------------------------------
    def _spawn(self, coroutine, what: str) -> None:
        """A task of the server's own, whose failure is logged, never lost."""
        task = asyncio.ensure_future(coroutine)
        self.tasks.add(task)

        def done(t):
            self.tasks.discard(t)
            if not t.cancelled() and t.exception() is not None:
                log.error("%s failed", what, exc_info=t.exception())
        task.add_done_callback(done)

    async def _job(self, fn):
        return await asyncio.wrap_future(self.db.submit(fn))

    async def _table(self, code: str) -> NetTable:
        table = self.tables.get(code)
        if table is not None:
            return table
        found = await self._job(dbm.record_of(code))
        if not found:
            raise ProtocolError("table", f"There is no table {code} on this server.")
        try:
            table = self._table_of(*found[0])
        except Exception as exc:
            log.warning("table %s cannot be read: %s", code, exc)
            raise ProtocolError("table", f"Table {code} cannot be read on this server.") \
                from None
        self.tables[code] = self.tables.get(code) or table
        return self.tables[code]


def _lock(table: NetTable) -> asyncio.Lock:
    lock = getattr(table, "lock", None)
    if lock is None:
        lock = table.lock = asyncio.Lock()
    return lock


def _created(table: NetTable) -> dict:
    return {"type": "created", "code": table.code, "game": table.game,
            "seats": [s.seat for s in table.seats]}


def _peer(ws) -> str:
    try:
        addr = ws.remote_address
        return f"{addr[0]}:{addr[1]}" if addr else "?"
    except Exception:
        return "?"


def _type_of(raw) -> str:
    try:
        import json
        return str(json.loads(raw).get("type"))[:20]
    except Exception:
        return "?"


def run(data_dir, host: str, port: int, **kw) -> int:
    """The ``serve`` command: run until SIGTERM or Ctrl+C; the exit status."""
    from games.core import store
    logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("tricade.net.ws").setLevel(logging.WARNING)
    try:                         # a connection is a file: as many as the system allows
        import resource
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft != resource.RLIM_INFINITY and (hard == resource.RLIM_INFINITY or soft < hard):
            resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 1 << 16), hard))
    except (ImportError, ValueError, OSError):
        pass
    folder = Path(data_dir) if data_dir else store.default_data_dir()
    try:
        lock = store.lock_data_dir(folder / "net")
    except store.AlreadyRunning:
        print(f"Another Tricade server is already using {folder / 'net'}; stop it first, "
              f"or give this one its own folder with --data-dir.", file=sys.stderr)
        return 1
    server = Server(folder, host, port, **kw)
    try:
        server.load()
    except dbm.DatabaseError as exc:
        print(f"Cannot serve: {exc}.", file=sys.stderr)
        return 1
    try:
        asyncio.run(server.serve())
    except OSError as exc:
        server.close()
        print(f"Cannot listen on {host}:{port}: {exc.strerror or exc}.", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        server.close()
    finally:
        if lock is not None:
            os.close(lock)
    return 0
