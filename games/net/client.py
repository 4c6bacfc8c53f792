"""The client library: one table of a Tricade server, for a game's main loop (no pygame).

The socket lives on a background thread (one asyncio loop a process, shared by every
``Client``); no call here blocks the caller. The caller polls::

    client = Client("ws://127.0.0.1:8765", name="Ann", data_dir=store_dir)
    client.join("KQWXE", claim=1)              # or client.host(...) / client.watch(...)
    ...each frame:
    for event in client.poll():                # dictionaries, oldest first
        ...event["type"]: status, created, welcome, move, seats, error, resync, over
    client.send_move(client.ply, "c7")         # when one of client.mine is to move
    ...
    client.close()

It keeps its own copy of the game (``position``, rebuilt from the server's starting text and
moves), checks every move's position hash against it and, when they differ, asks the
server for the game again ("sync"): a ``resync`` event, then a fresh ``welcome``. A lost
connection is retried by itself with backoff, and its seats are claimed back with the
seat token kept in the data folder (one token for each server and name). docs/network.md
is the whole API, event by event.
"""

from __future__ import annotations

import asyncio
import collections
import hashlib
import json
import random
import threading
import time

from . import protocol
from .protocol import ProtocolError

STATES = ("idle", "connecting", "connected", "reconnecting", "closed")
BACKOFF = (0.25, 5.0)            # the first retry's delay and the longest, in seconds
QUICK = 10.0                     # seconds after a loss retried at the first delay (a restart)
OPEN_TIMEOUT = 10.0
# errors after which trying again cannot help: the client stops and says why
FATAL = ("table", "game", "option", "seats", "token", "version", "seat", "message", "json",
         "size")
MAX_EVENTS = 10_000              # events kept for a caller who never polls (newest kept)


NO_WEBSOCKETS = ("network play needs the websockets package, which this Tricade lacks "
                 "(pip install websockets)")


def websockets_available() -> bool:
    """Whether network play can run here (the rest of Tricade runs without it)."""
    import importlib.util
    try:
        return importlib.util.find_spec("websockets") is not None
    except (ImportError, ValueError):
        return False


def retry_delay(lost_for: float, rng: random.Random, backoff: tuple = BACKOFF) -> float:
    """Seconds before the next try to connect, ``lost_for`` seconds after the connection
    was lost. A server restarted (killed, updated) is back in a second or two: for the
    first QUICK seconds each try follows the last at the first delay, so every client is
    back within that of the server's listening again; after them the delay grows with
    the time lost (half of the time past them) up to the longest, so a server down for
    longer, or a lost network, is not hammered. Jittered to half or all of it: clients
    lost together do not come back in one burst."""
    low, high = backoff
    base = min(high, max(low, (lost_for - QUICK) / 2))
    return base * (0.5 + rng.random() / 2)


class NetError(Exception):
    """A one-shot request (``request``, ``create_table``...) failed: ``about`` says how."""

    def __init__(self, sentence: str, about: str = "connection"):
        super().__init__(sentence)
        self.about = about


# -- one background loop for every client of the process ------------------------------------
_LOOP = None
_LOOP_LOCK = threading.Lock()


def background_loop() -> asyncio.AbstractEventLoop:
    """The process's network thread's loop (started on first use; a daemon thread)."""
    global _LOOP
    with _LOOP_LOCK:
        if _LOOP is None or _LOOP.is_closed():
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, daemon=True, name="tricade-net").start()
            _LOOP = loop
        return _LOOP


# -- the seat token, kept in the data folder -------------------------------------------------
def token_name(server: str, name: str) -> str:
    """The store name of the token for ``name`` on ``server``."""
    key = hashlib.sha256(f"{server.rstrip('/')}\n{name}".encode("utf-8")).hexdigest()[:20]
    return f"net/token-{key}"


def seat_token(data_dir, server: str, name: str = "") -> str:
    """The token this data folder keeps for ``name`` on ``server``, made and kept on first
    use (written whole before it is used: a seat is never claimed with a token the next
    start could not find). A folder that cannot be written still gives a token, for this
    run only."""
    from games.core.store import Store

    def clean(data):
        if not isinstance(data, dict) or not protocol.is_token(data.get("token")):
            raise ValueError("no token")
        return data
    store = Store(data_dir, log=lambda sentence: None)
    name_ = token_name(server, name)
    data = store.load(name_, None, 1, clean)
    if data is not None:
        return data["token"]
    token = protocol.new_token()
    store.save_now(name_, {"token": token, "server": server, "name": name}, 1)
    return token


def kept_token(data_dir, server: str, name: str = "") -> str | None:
    """The token this data folder keeps for ``name`` on ``server``, or None when it keeps
    none (nothing is made or written: asking which tables are one's own sends no token
    that was never used)."""
    from games.core.store import Store
    store = Store(data_dir, log=lambda sentence: None, read_only=True)
    data = store.load(token_name(server, name[:protocol.MAX_NAME]), None, 1)
    token = data.get("token") if isinstance(data, dict) else None
    return token if protocol.is_token(token) else None


def kept_servers(data_dir, name: str = "") -> list:
    """Every server for which this data folder keeps a token of ``name`` (where this
    machine may hold seats: the Settings' server, or one found on the local network),
    in a steady order; nothing is made or written."""
    from games.core.store import Store
    store = Store(data_dir, log=lambda sentence: None, read_only=True)
    folder = store.dir / "net"
    try:
        files = sorted(folder.glob("token-*.json"))
    except OSError:
        return []
    name = name[:protocol.MAX_NAME]
    out = []
    for f in files:
        data = store.load(f"net/{f.stem}", None, 1)
        if not isinstance(data, dict):
            continue
        server = data.get("server")
        if (isinstance(server, str) and data.get("name") == name
                and protocol.is_token(data.get("token"))
                and token_name(server, name) == f"net/{f.stem}" and server not in out):
            out.append(server)
    return out


# -- positions -------------------------------------------------------------------------------
def play_text(state, text: str):
    """``state`` after the move or chance outcome written ``text`` (ValueError if none)."""
    if state.is_chance:
        for outcome, _p in state.chance_outcomes():
            if state.move_text(outcome) == text:
                return state.play(outcome)
        raise ValueError(f"{text!r} is not a possible outcome here")
    return state.play(state.parse_move(text))


def rebuild(rules, start: str, moves) -> object:
    """The position after ``moves`` (texts, or move dictionaries) from the text ``start``."""
    state = rules.State.from_text(start)
    for m in moves:
        state = play_text(state, m["move"] if isinstance(m, dict) else m)
    return state


class Client:
    """One seat (or several, or none: watching) at one table of a server. See the module
    docstring and docs/network.md for the events."""

    def __init__(self, server: str, *, name: str = "", token: str | None = None,
                 data_dir=None, backoff: tuple = BACKOFF):
        if not server.startswith(("ws://", "wss://")):
            raise ValueError(f"{server!r} is not a server address (ws://HOST:PORT or "
                             f"wss://HOST/PATH)")
        if token is not None and not protocol.is_token(token):
            raise ValueError("a token is 32 lower-case hex digits")
        self.server = server
        self.name = name[:protocol.MAX_NAME]
        self.token = token or seat_token(data_dir, server, self.name)
        self.backoff = backoff
        self._lock = threading.Lock()
        self._events: collections.deque = collections.deque(maxlen=MAX_EVENTS)
        self._state, self._why = "idle", ""
        self._mode = None            # "host", "join", "watch"
        self._want: dict = {}
        self._request = protocol.new_token()   # a retried create finds its own table
        self.code: str | None = None
        self.game: str | None = None
        self.options: dict = {}
        self.start: str | None = None          # the starting position's text
        self._moves: list = []
        self._seats: list = []
        self.mine: tuple = ()                  # the seats this client plays
        self.watching = False
        self.is_host = False
        self.grace = 0.0
        self.on_away = "wait"
        self.over: dict | None = None          # the "over" message once the game has ended
        self.position = None                   # the rules State after every move so far
        self._rules = None
        self._pending: dict | None = None      # a move sent while the connection was down
        self._loop = None
        self._task = None
        self._ws = None            # the connection of the session in hand (the loop's)
        self._outbox = None
        self._wake = None
        self._closing = False

    # -- what the caller does ------------------------------------------------------------
    def host(self, game: str, seats: list, options: dict | None = None, *, claim=(),
             grace: float = 120.0, on_away: str = "wait", level: int | None = None,
             think: float = 0.0) -> None:
        """Create a table of ``game`` (``seats``: one "remote" or "computer:L" a seat, in
        seat order; ``options``: the game's new_game options) and sit at the seats
        ``claim`` names (indices or seat names, or a number: the first N remote seats).
        ``grace``: seconds a lost player's seat waits before ``on_away`` ("wait", or
        "computer": the computer plays it at ``level`` until its player is back);
        ``think``: the least time a computer seat takes over a move (the pace)."""
        self._want = {"type": "create", "game": game, "options": dict(options or {}),
                      "seats": list(seats), "grace": grace, "on_away": on_away,
                      "level": level, "think": think, "request": self._request,
                      "claim": claim}
        self._begin("host")

    def join(self, code: str, claim=1) -> None:
        """Sit at the table ``code``: ``claim`` is how many of its free remote seats to
        take (seats this client's token holds already count), or a list of seat names."""
        normal = protocol.normal_code(code)
        if normal is None:
            raise ValueError(f"{code!r} is not a table code ({protocol.CODE_LENGTH} letters)")
        self.code = normal
        self._want = {"claim": claim}
        self._begin("join")

    def watch(self, code: str) -> None:
        """Watch the table ``code`` without a seat (every move, no moving)."""
        normal = protocol.normal_code(code)
        if normal is None:
            raise ValueError(f"{code!r} is not a table code ({protocol.CODE_LENGTH} letters)")
        self.code = normal
        self._want = {"claim": 0}
        self._begin("watch")

    def poll(self) -> list:
        """The events since the last call, oldest first (never blocks)."""
        out = []
        while True:
            try:
                out.append(self._events.popleft())
            except IndexError:
                return out

    def send_move(self, ply: int, text: str) -> bool:
        """Send the move ``text`` (its notation) as ply ``ply`` (how many moves the game
        has before it: ``self.ply`` now). True when it is sent, or kept to send as soon as
        the connection is back; False when it cannot be this client's (not its seat's
        turn, another ply, not legal here), with an "error" event saying why."""
        with self._lock:
            why = self._refusal(ply, text)
            if why is None:
                self._pending = {"type": "move", "ply": ply, "move": text}
                if self._state == "connected":
                    self._post(self._pending)
        if why is not None:
            self._emit({"type": "error", "about": why[0], "error": why[1], "local": True})
            return False
        return True

    def sync(self) -> None:
        """Ask the server for the whole game again (a fresh "welcome" follows)."""
        self._post({"type": "sync"})

    def close_table(self, hand_on: bool = False) -> "concurrent.futures.Future":
        """The host leaves before the game has begun: the table is closed (forgotten; the
        others at it are told, their state "closed"), or with ``hand_on`` handed to the
        first other player seated (this client's seats free again). This client is closed
        at once; the returned future holds the server's "closed" reply, or NetError saying
        why the table stays as it was (not the host, the game under way, no answer)."""
        import concurrent.futures
        message = {"type": "close", "code": self.code, "token": self.token,
                   "hand_on": bool(hand_on)}
        if self.code is None or not websockets_available():
            future: concurrent.futures.Future = concurrent.futures.Future()
            future.set_exception(NetError("no table has been made or joined yet", "table"))
        else:
            future = asyncio.run_coroutine_threadsafe(
                _asked(self.server, message, ("closed",), 10.0), background_loop())
        self.close()
        return future

    def set_on_away(self, choice: str) -> None:
        """The host's choice for seats away longer than the grace time: "wait" or
        "computer" (an "error" event when this client is not the host)."""
        if choice not in protocol.ON_AWAY:
            raise ValueError('on_away is "wait" or "computer"')
        self._post({"type": "away", "on_away": choice})

    def close(self) -> None:
        """Leave the table (the seats stay this token's: a later client may take them
        back). Nothing more arrives after this."""
        self._closing = True
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._stop)
        self._set_state("closed", "closed by this program")

    # -- what the caller reads -----------------------------------------------------------
    @property
    def state(self) -> str:
        """"idle", "connecting", "connected" (at the table: a welcome has come),
        "reconnecting" (the connection is lost and is being retried) or "closed"."""
        return self._state

    @property
    def why(self) -> str:
        """Why the state is what it is, in one sentence ("" when connected)."""
        return self._why

    @property
    def ply(self) -> int:
        """How many moves (chance outcomes included) the game has had."""
        return len(self._moves)

    @property
    def moves(self) -> tuple:
        """Every move so far: dictionaries {ply, seat, move, by, name}."""
        with self._lock:
            return tuple(self._moves)

    @property
    def seats(self) -> tuple:
        """The table's seats in seat order: {seat, kind, state, name, level, mine};
        ``state`` is one of free, here, thinking, away, computer; the seat to move reads
        "thinking" when its player is here or it is the computer's."""
        with self._lock:
            started = bool(self._seats) and all(s.get("state") != "free" for s in self._seats)
            to_move = self.position.current if self.position is not None and \
                self.over is None and started else None
            out = []
            for s in self._seats:
                s = dict(s, mine=s["seat"] in self.mine)
                if s["seat"] == to_move and s["state"] in ("here", "computer"):
                    s["state"] = "thinking"
                out.append(s)
            return tuple(out)

    @property
    def started(self) -> bool:
        """Every seat has been taken, so the game is under way (until then the table
        waits: nobody moves, the computer neither)."""
        with self._lock:
            return bool(self._seats) and all(s.get("state") != "free" for s in self._seats)

    @property
    def to_move(self) -> bool:
        """One of this client's seats is to move now (the game has started)."""
        p = self.position
        return (self._state == "connected" and p is not None and self.over is None
                and not p.is_over and p.current in self.mine and self.started)

    # -- inside ------------------------------------------------------------------------------
    def _refusal(self, ply, text):
        if self.watching or not self.mine:
            return ("watching", "This client has no seat at the table.")
        if self.over is not None or self.position is None or self.position.is_over:
            return ("over", "The game is over.") if self.position is not None else \
                ("turn", "The table has not been joined yet.")
        if ply != len(self._moves):
            return ("turn", f"The game is at ply {len(self._moves)}, not {ply}.")
        if self.position.current not in self.mine:
            return ("turn", f"It is {self.position.current}'s turn, not this client's.")
        if any(s.get("state") == "free" for s in self._seats):
            return ("turn", "The game starts when every seat is taken.")
        try:
            play_text(self.position, text)
        except ValueError as exc:
            return ("illegal", str(exc) or "That move is not allowed.")
        return None

    def _emit(self, event: dict) -> None:
        self._events.append(event)

    def _set_state(self, state: str, why: str = "") -> None:
        if self._state == "closed" and state != "closed":
            return
        changed = (state, why) != (self._state, self._why)
        self._state, self._why = state, why
        if changed:
            self._emit({"type": "status", "state": state, "why": why})

    def _begin(self, mode: str) -> None:
        if self._mode is not None:
            raise RuntimeError("a Client sits at one table; make another for another")
        self._mode = mode
        self.watching = mode == "watch"
        if not websockets_available():
            self._set_state("closed", NO_WEBSOCKETS)
            return
        self._set_state("connecting", f"connecting to {self.server}")
        self._loop = background_loop()
        asyncio.run_coroutine_threadsafe(self._start(), self._loop)

    async def _start(self) -> None:
        self._outbox = asyncio.Queue()
        self._wake = asyncio.Event()
        self._task = asyncio.ensure_future(self._run())

    def _stop(self) -> None:
        if self._wake is not None:
            self._wake.set()
        ws = self._ws
        if ws is not None:         # a clean close first: the table hears this player
            async def bye():       # left (a cancelled task's connection only drops)
                try:
                    await ws.close(1000, "left the table")
                except Exception:  # (gone already: nothing to say goodbye to)
                    pass
                if self._task is not None:
                    self._task.cancel()
            asyncio.ensure_future(bye())
            return
        if self._task is not None:
            self._task.cancel()

    def _post(self, message: dict) -> None:
        loop, box = self._loop, self._outbox
        if loop is not None and box is not None and not loop.is_closed():
            loop.call_soon_threadsafe(box.put_nowait, message)

    async def _run(self) -> None:
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
        rng = random.Random()
        lost_at = None
        while not self._closing:
            why = ""
            try:
                async with connect(self.server, max_size=protocol.CLIENT_FRAME_LIMIT,
                                   open_timeout=OPEN_TIMEOUT, ping_interval=20,
                                   ping_timeout=20, close_timeout=2) as ws:
                    why = await self._session(ws)
            except asyncio.CancelledError:
                return
            except ConnectionClosed as exc:
                why = _closed_why(exc)
                if exc.rcvd is not None and exc.rcvd.code in (1003, 1008, 1009):
                    self._set_state("closed", why)
                    return
            except InvalidURI:
                self._set_state("closed", f"{self.server!r} is not a server address")
                return
            except (OSError, InvalidHandshake, asyncio.TimeoutError, TimeoutError) as exc:
                why = f"the server {self.server} cannot be reached ({_said(exc)})"
            except Exception as exc:      # never let the thread die: say it and retry
                why = f"the connection failed ({type(exc).__name__}: {exc})"
            if self._closing or self._state == "closed":
                return
            if self._state == "connected" or lost_at is None:
                lost_at = time.monotonic()          # lost now: the quick tries again
            self._set_state("reconnecting", why or "the connection was lost")
            delay = retry_delay(time.monotonic() - lost_at, rng, self.backoff)
            try:
                await asyncio.wait_for(self._wake.wait(), delay)
                return                                        # closed while waiting
            except asyncio.TimeoutError:
                pass

    async def _session(self, ws) -> str:
        """One connection: introduce, then read and write until it ends."""
        self._outbox = asyncio.Queue()                 # what was posted while down is dropped
        writer = asyncio.ensure_future(self._writer(ws))
        self._ws = ws
        try:
            if self._mode == "host" and self.code is None:
                want = {k: v for k, v in self._want.items() if k != "claim" and v is not None}
                await ws.send(protocol.encode(dict(want, token=self.token, name=self.name)))
            else:
                await self._send_join(ws)
            async for raw in ws:
                try:
                    message = json.loads(raw)
                except ValueError:
                    continue
                if isinstance(message, dict):
                    await self._receive(ws, message)
                if self._state == "closed":
                    return self._why
            return "the server closed the connection"
        finally:
            self._ws = None
            writer.cancel()

    async def _writer(self, ws) -> None:
        while True:
            message = await self._outbox.get()
            await ws.send(protocol.encode(message))

    async def _send_join(self, ws, claim=None) -> None:
        claim = self._want.get("claim", 1) if claim is None else claim
        await ws.send(protocol.encode({
            "type": "join", "code": self.code, "token": self.token, "name": self.name,
            "seats": claim, "watch": self._mode == "watch", "version": protocol.VERSION}))

    async def _receive(self, ws, m: dict) -> None:
        kind = m.get("type")
        if kind == "created":
            self.code = m.get("code")
            self._emit(m)
            claim = self._want.get("claim", ())
            names = m.get("seats") or []
            if isinstance(claim, (list, tuple)):
                claim = [names[c] if isinstance(c, int) and 0 <= c < len(names) else c
                         for c in claim]
            self._want["claim"] = claim
            await self._send_join(ws, claim)
        elif kind == "welcome":
            self._welcome(m)
        elif kind == "move":
            self._move(m)
        elif kind == "seats":
            with self._lock:
                self._seats = list(m.get("seats") or [])
                self.on_away = m.get("on_away", self.on_away)
            self._emit(m)
        elif kind == "over":
            self.over = m
            self._emit(m)
        elif kind == "closed":                  # the host closed the table before it began
            self._emit(m)
            self._set_state("closed", m.get("why") or "the host closed the table")
        elif kind == "error":
            self._emit(m)
            if self._state != "connected" and m.get("about") in FATAL:
                self._set_state("closed", m.get("error") or "the server refused the table")
            elif m.get("about") in ("turn", "illegal"):
                with self._lock:
                    self._pending = None
            elif m.get("about") == "flood" and self._pending is not None:
                # the move was dropped, not refused: send it again once the server may take it
                pending = self._pending
                asyncio.get_running_loop().call_later(
                    1.0, lambda: self._pending is pending and self._post(pending))
        else:
            self._emit(m)

    def _welcome(self, m: dict) -> None:
        import games
        try:
            entry = games.get(m["game"])
            rules = entry.rules_module()
            position = rebuild(rules, m["start"], m.get("moves") or [])
        except (KeyError, ValueError, TypeError) as exc:
            self._set_state("closed", f"this Tricade cannot follow the table's game "
                                      f"({exc})")
            return
        with self._lock:
            self.code = m.get("code", self.code)
            self.game, self.options, self.start = m["game"], dict(m.get("options") or {}), \
                m["start"]
            self._rules, self.position = rules, position
            self._moves = list(m.get("moves") or [])
            self._seats = list(m.get("seats") or [])
            self.mine = tuple(m.get("you") or ())
            self.is_host = bool(m.get("host"))
            self.grace, self.on_away = m.get("grace", 0.0), m.get("on_away", "wait")
            self.over = m.get("over") or None
            pending, self._pending = self._pending, None
        if m.get("hash") and protocol.position_hash(position) != m["hash"]:
            self._set_state("closed", f"this Tricade's {m['game']} gives another position "
                                      f"than the server's; one of them needs updating")
            return
        self._emit(m)
        self._set_state("connected", "")
        if pending and pending["ply"] == len(self._moves) and self.to_move:
            with self._lock:
                self._pending = pending
            self._post(pending)

    def _move(self, m: dict) -> None:
        with self._lock:
            if self.position is None:
                return
            if m.get("ply") != len(self._moves):
                lost = True
            else:
                try:
                    nxt = play_text(self.position, m["move"])
                    lost = protocol.position_hash(nxt) != m.get("hash")
                except (KeyError, ValueError, TypeError):
                    lost = True
                if not lost:
                    self.position = nxt
                    self._moves.append({k: m.get(k) for k in
                                        ("ply", "seat", "move", "by", "name")})
                    if self._pending and self._pending["ply"] <= m["ply"]:
                        self._pending = None
        if lost:
            self._emit({"type": "resync", "ply": m.get("ply"),
                        "why": "this client's position differs from the server's"})
            self._post({"type": "sync"})
        else:
            self._emit(m)


def _said(exc) -> str:
    import errno
    if getattr(exc, "errno", None) == errno.ECONNREFUSED or isinstance(exc,
                                                                    ConnectionRefusedError):
        return "nothing answers at that address"
    if isinstance(exc, (asyncio.TimeoutError, TimeoutError)):
        return "no answer in time"
    return getattr(exc, "strerror", None) or str(exc) or type(exc).__name__


def _closed_why(exc) -> str:
    rcvd = getattr(exc, "rcvd", None)
    if rcvd is None:
        return "the connection was lost"
    reason = f": {rcvd.reason}" if rcvd.reason else ""
    return f"the server closed the connection (code {rcvd.code}{reason})"


# -- one-shot requests, for the command line and tests (these block; not for a frame) -------
async def _ask(server: str, message: dict, want: tuple, timeout: float) -> dict:
    from websockets.asyncio.client import connect
    async with connect(server, max_size=protocol.CLIENT_FRAME_LIMIT, open_timeout=timeout,
                       close_timeout=2) as ws:
        await ws.send(protocol.encode(message))
        while True:
            reply = json.loads(await asyncio.wait_for(ws.recv(), timeout))
            if isinstance(reply, dict) and reply.get("type") == "error":
                raise NetError(reply.get("error") or "the server refused",
                               reply.get("about") or "error")
            if isinstance(reply, dict) and reply.get("type") in want:
                return reply


async def _asked(server: str, message: dict, want: tuple, timeout: float) -> dict:
    """``_ask``, every failure said as a NetError."""
    from websockets.exceptions import InvalidHandshake, InvalidURI, WebSocketException
    try:
        return await asyncio.wait_for(_ask(server, message, want, timeout), timeout + 1)
    except NetError:
        raise
    except InvalidURI:
        raise NetError(f"{server!r} is not a server address (ws://HOST:PORT)",
                       "address") from None
    except (OSError, InvalidHandshake, WebSocketException, asyncio.TimeoutError,
            TimeoutError) as exc:
        raise NetError(f"the server {server} cannot be reached ({_said(exc)})") from None


def request(server: str, message: dict, want: tuple, timeout: float = 15.0) -> dict:
    """Send one message on a fresh connection and return the first reply of a type in
    ``want``; NetError says why not (the server's error, or an unreachable server)."""
    if not websockets_available():
        raise NetError(NO_WEBSOCKETS, "connection")
    return asyncio.run(_asked(server, message, want, timeout))


def create_table(server: str, game: str, seats=None, options: dict | None = None, *,
                 token: str | None = None, name: str = "", grace: float = 120.0,
                 on_away: str = "wait", level: int | None = None, think: float = 0.0,
                 timeout: float = 15.0) -> dict:
    """Create a table; the server's "created" reply: {code, game, seats (names)}."""
    message = {"type": "create", "game": game, "options": dict(options or {}),
               "token": token or protocol.new_token(), "name": name, "grace": grace,
               "on_away": on_away, "think": think, "request": protocol.new_token()}
    if seats is not None:
        message["seats"] = list(seats)
    if level is not None:
        message["level"] = level
    return request(server, message, ("created",), timeout)


def list_tables(server: str, timeout: float = 15.0, token: str | None = None) -> list:
    """Every table the server holds: {code, game, seats, moves, over, ...}. With ``token``,
    a table where it holds seats names them as ``mine``; a server that does not list its
    tables gives those alone."""
    message = {"type": "list"} if token is None else {"type": "list", "token": token}
    return request(server, message, ("tables",), timeout)["tables"]


def fetch_record(server: str, code: str, timeout: float = 15.0) -> str:
    """A finished table's game record (games.core.gamerecord's text, seed first)."""
    return request(server, {"type": "record", "code": code}, ("record",), timeout)["text"]


def wait_for(client: Client, test, timeout: float = 30.0, step: float = 0.01) -> list:
    """Poll ``client`` until ``test(event)`` holds for an event (returned with every event
    polled on the way), or TimeoutError: for tests and tools, never a frame."""
    seen = []
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        events = client.poll()
        for i, event in enumerate(events):
            seen.append(event)
            if test(event):
                client._events.extendleft(reversed(events[i + 1:]))   # for the next poll
                return seen
        time.sleep(step)
    raise TimeoutError(f"no such event in {timeout} s (saw {[e.get('type') for e in seen]})")


__all__ = ["Client", "NetError", "STATES", "create_table", "list_tables", "fetch_record",
           "request", "seat_token", "kept_token", "rebuild", "play_text", "wait_for", "ProtocolError"]
