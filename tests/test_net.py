"""Network play over the registry (docs/network.md): every game, the example games too, on
a real server process on loopback (tests/net_child.py: ``tricade serve`` with the example
games registered), with bots as real processes and the test's own seat played through the
client library. A whole game with bots and a computer seat gives a record that replays to
the same end; a bot killed with -9 and started again finishes its game; a server killed
with -9 mid-game and started again resumes the table at its last move and every player
finishes; a client sending each kind of bad input gets its error while the table goes on.

Nothing here waits on the clock: every wait is for an output line or an event, with a
generous timeout. Where the game must be caught in the middle, the test's own seat holds
it (the table cannot move on while that seat is to move)."""

from __future__ import annotations

import json
import os
import queue
import random
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import games
from games.core import gamerecord, review
from games.net import protocol
from games.net.client import (Client, NetError, create_table, fetch_record, list_tables,
                              request, wait_for)

ROOT = Path(__file__).resolve().parents[1]
CHILD = ROOT / "tests" / "net_child.py"
ENV = dict(os.environ, PYTHONUNBUFFERED="1", SDL_VIDEODRIVER="dummy",
           SDL_AUDIODRIVER="dummy")
GAMES = [e.name for e in games.playable(include_hidden=True)]
LONG = 180.0          # the longest any wait here may take (a busy machine), never a sleep


class Proc:
    """A child process whose output lines are read as they come."""

    def __init__(self, args: list, log: Path):
        self.log = open(log, "ab")
        self.p = subprocess.Popen([sys.executable, str(CHILD), *args], stdout=subprocess.PIPE,
                                  stderr=self.log, env=ENV, cwd=str(ROOT), text=True)
        self.lines: queue.Queue = queue.Queue()
        self.seen: list = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.p.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def expect(self, pattern: str, timeout: float = LONG) -> re.Match:
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no line {pattern!r} in {timeout} s; saw {self.seen}")
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise AssertionError(f"the process ended (status {self.p.wait()}) before "
                                     f"{pattern!r}; saw {self.seen}")
            self.seen.append(line)
            m = re.search(pattern, line)
            if m:
                return m

    def wait(self, timeout: float = LONG) -> int:
        return self.p.wait(timeout=timeout)

    def kill9(self) -> None:
        self.p.send_signal(signal.SIGKILL)
        self.p.wait(timeout=30)

    def stop(self) -> None:
        if self.p.poll() is None:
            self.p.kill()
            self.p.wait(timeout=30)
        self.log.close()


class ServerProc:
    """``tricade serve`` on 127.0.0.1: a free port first, the same port after a restart."""

    def __init__(self, data: Path, log: Path, args=()):
        self.data, self.logfile, self.port, self.args = data, log, 0, list(args)
        self.start()

    def start(self) -> None:
        self.proc = Proc(["serve", "--port", str(self.port), "--data-dir", str(self.data)]
                         + self.args, self.logfile)
        self.port = int(self.proc.expect(r"^listening on ws://127\.0\.0\.1:(\d+)$")[1])

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def kill9_and_restart(self) -> None:
        self.proc.kill9()
        self.start()

    def log(self) -> str:
        return self.logfile.read_text(errors="replace")


@pytest.fixture
def server(tmp_path):
    made = []

    def make(*args, folder="server"):
        s = ServerProc(tmp_path / folder, tmp_path / f"{folder}.log", args)
        made.append(s)
        return s
    procs = []
    yield make, procs
    for p in procs:
        p.stop()
    for s in made:
        s.proc.stop()


def bot(srv, procs, tmp_path, code: str, name: str, level: int) -> Proc:
    p = Proc(["bot", "--server", srv.url, "--table", code, "--level", str(level), "--name",
              name, "--data-dir", str(tmp_path / f"bot-{name}")], tmp_path / f"{name}.log")
    procs.append(p)
    return p


def game_of(name: str):
    entry = games.get(name)
    options = dict(entry.test_options[0])
    players = entry.rules_module().new_game(seed=1, **options).players
    ai = entry.ai_module()
    return entry, options, list(players), list(getattr(ai, "LEVELS", (1,)))[0]


def me_at(srv, code: str, seat: str, token: str | None = None) -> Client:
    me = Client(srv.url, name="me", token=token or protocol.new_token())
    me.join(code, claim=[seat])
    wait_for(me, lambda e: e["type"] == "welcome", LONG)
    assert me.mine == (seat,)
    return me


def play(me: Client, entry, rng, stop=None, timeout: float = LONG) -> list:
    """Play the client's seat until the game is over: at the lowest level, or, with a
    ``stop``, random moves that do not end the game, until ``stop(me)`` holds."""
    ai = entry.ai_module()
    level = list(getattr(ai, "LEVELS", (1,)))[0]
    seen, sent = [], None
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for event in me.poll():
            seen.append(event)
            if event["type"] == "over":
                return seen
        if stop is not None and stop(me):
            return seen
        ply, state = me.ply, me.position
        if me.to_move and sent != ply and state is not None and ply == me.ply:
            if stop is None:
                move = ai.choose_move(state, level, rng, history=(), **entry.ai_options)
            else:
                legal = state.legal_moves()
                move = rng.choice([m for m in legal if not state.play(m).is_over] or legal)
            sent = ply if me.send_move(ply, state.move_text(move)) else None
        else:
            time.sleep(0.002)
    raise AssertionError(f"the game did not end in {timeout} s (ply {me.ply}, "
                         f"{me.state}: {me.why}; to move: {me.position.current}; seats "
                         f"{me.seats}; last moves {me.moves[-4:]})")


def caught_mid_game(srv, procs, tmp_path, name: str, tries: int = 6, **table):
    """A table of ``name`` with the test's seat first and a bot's second (computers in the
    others), caught where the test's seat is to move after the bot has moved: (code, the
    test's client, the bot, the bot's name). The seed is the server's secret, so a game
    the bot ends at once is left and another table is made."""
    entry, options, players, low = game_of(name)
    spec = ["remote", "remote"] + [f"computer:{low}"] * (len(players) - 2)
    for n in range(tries):
        token = protocol.new_token()                # the test's seat is the host's
        code = create_table(srv.url, name, spec, options, token=token, **table)["code"]
        me = me_at(srv, code, players[0], token)
        b = bot(srv, procs, tmp_path, code, f"b{n}", low)
        assert b.expect(r"^bot b\d plays (\w+) at table")[1] == players[1]
        play(me, entry, random.Random(n), mid_game(players[1]))
        if me.over is None and me.to_move:
            return code, me, b, f"b{n}"
        me.close()
        assert b.expect(r"^over: ") and b.wait() == 0
    raise AssertionError(f"{tries} games of {name} ended before their second turn")


def mid_game(other: str):
    """A stop: the test's seat is to move, and ``other`` has moved."""
    return lambda me: me.to_move and any(m["seat"] == other for m in me.moves)


def alive() -> set:
    return {int(p) for p in os.listdir("/proc") if p.isdigit()}


def children(pid: int) -> set:
    """The processes ``pid`` started (and theirs), from /proc."""
    parent = {}
    for p in alive():
        try:
            with open(f"/proc/{p}/stat") as f:
                parent[p] = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
    out, todo = set(), [pid]
    while todo:
        q = todo.pop()
        kids = {p for p, pp in parent.items() if pp == q} - out
        out |= kids
        todo += kids
    return out


def check_record(name: str, record: str, final_hash: str, winners) -> None:
    entry = games.get(name)
    data = gamerecord.from_text(record, name)
    assert record.startswith(f"tricade {name} seed {data['seed']}")
    states, _ = review.states_of(entry, data)         # as --replay and --review read it
    assert protocol.position_hash(states[-1]) == final_hash
    assert sorted(states[-1].winners()) == sorted(winners)


@pytest.mark.parametrize("name", GAMES)
def test_a_whole_game_of_bots_and_a_computer_seat_replays_to_its_end(tmp_path, server, name):
    make, procs = server
    srv = make()
    entry, options, players, low = game_of(name)
    spec = ",".join(["remote"] * (len(players) - 1) + [f"computer:{low}"])
    new = subprocess.run([sys.executable, str(CHILD), "table", "new", name, "--server",
                          srv.url, "--seats", spec]
                         + [f"--option={k}={gamerecord._value_text(v)}"
                            for k, v in options.items()],
                         capture_output=True, text=True, env=ENV, timeout=LONG)
    assert new.returncode == 0, new.stderr
    code = new.stdout.splitlines()[0]
    assert protocol.normal_code(code) == code
    bots = [bot(srv, procs, tmp_path, code, f"b{i}", low) for i in range(len(players) - 1)]
    taken = {b.expect(r"^bot b\d plays (\w+) at table")[1] for b in bots}
    assert taken == set(players[:-1])
    results = {b.expect(r"^over: ")[0] and b.seen[-1] for b in bots}
    assert [b.wait() for b in bots] == [0] * len(bots)
    assert len(results) == 1
    record = subprocess.run([sys.executable, str(CHILD), "table", "record", "--server",
                             srv.url, code], capture_output=True, text=True, env=ENV,
                            timeout=LONG)
    assert record.returncode == 0, record.stderr
    watcher = Client(srv.url, token=protocol.new_token())
    watcher.watch(code)
    welcome = wait_for(watcher, lambda e: e["type"] == "welcome", LONG)[-1]
    watcher.close()
    assert welcome["over"]["record"] == record.stdout
    check_record(name, record.stdout, welcome["hash"], welcome["over"]["result"]["winners"])
    listed = json.loads(subprocess.run(
        [sys.executable, str(CHILD), "tables", "--server", srv.url, "--json"],
        capture_output=True, text=True, env=ENV, timeout=LONG).stdout)
    mine = next(t for t in listed if t["code"] == code)
    assert mine["over"] is True and mine["game"] == name and len(mine["seats"]) == len(players)
    assert mine["moves"] == len(welcome["moves"]) > 0


@pytest.mark.parametrize("name", GAMES)
def test_a_bot_killed_mid_game_and_started_again_takes_its_seat_back(tmp_path, server, name):
    make, procs = server
    srv = make()
    entry, options, players, low = game_of(name)
    code, me, b, bot_name = caught_mid_game(srv, procs, tmp_path, name)
    b.kill9()
    wait_for(me, lambda e: e["type"] == "seats" and
             e["seats"][1]["state"] == "away", LONG)
    again = bot(srv, procs, tmp_path, code, bot_name, low)
    assert again.expect(r"^bot b\d plays (\w+) at table")[1] == players[1]
    events = play(me, entry, random.Random(2))
    over = events[-1]
    assert again.expect(r"^over: ") and again.wait() == 0
    check_record(name, over["record"], protocol.position_hash(me.position),
                 over["result"]["winners"])
    me.close()


@pytest.mark.parametrize("name", GAMES)
def test_the_server_killed_mid_game_resumes_and_every_player_finishes(tmp_path, server, name):
    make, procs = server
    srv = make()
    entry, options, players, low = game_of(name)
    code, me, b, _ = caught_mid_game(srv, procs, tmp_path, name)
    ply, position = me.ply, me.position
    workers = children(srv.proc.p.pid)
    srv.proc.kill9()
    wait_for(me, lambda e: e["type"] == "status" and e["state"] == "reconnecting", LONG)
    assert not me.to_move and "connection" in me.why
    # a move made while the server is away is kept, and sent once it is back
    move = position.move_text(random.Random(4).choice(position.legal_moves()))
    assert me.send_move(ply, move)
    srv.start()
    back = wait_for(me, lambda e: e["type"] == "welcome", LONG)[-1]
    assert me.state == "connected"
    assert back["hash"] == protocol.position_hash(position) and len(back["moves"]) == ply
    assert back["you"] == [players[0]]
    sent = wait_for(me, lambda e: e["type"] == "move" and e["ply"] == ply, LONG)[-1]
    assert sent["move"] == move and sent["seat"] == players[0]
    events = play(me, entry, random.Random(4))
    assert b.expect(r"^over: ") and b.wait() == 0
    check_record(name, events[-1]["record"], protocol.position_hash(me.position),
                 events[-1]["result"]["winners"])
    assert "resumed" in srv.log()
    me.close()
    end = time.monotonic() + LONG                # the killed server's workers ended with it
    while workers & alive() and time.monotonic() < end:
        time.sleep(0.05)
    assert not workers & alive()


@pytest.mark.parametrize("name", GAMES)
def test_each_kind_of_bad_input_gets_its_error_and_the_table_goes_on(tmp_path, server, name):
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect
    make, procs = server
    srv = make()
    entry, options, players, low = game_of(name)
    spec = ["remote", "remote"] + [f"computer:{low}"] * (len(players) - 2)
    code = create_table(srv.url, name, spec, options)["code"]
    b = bot(srv, procs, tmp_path, code, "b", low)
    theirs = b.expect(r"^bot b plays (\w+) at")[1]
    mine = players[1] if theirs == players[0] else players[0]
    token = protocol.new_token()
    backlog: list = []              # moves and seat news read while waiting for an error

    def ask(ws, message, about):
        ws.send(message if isinstance(message, (str, bytes)) else json.dumps(message))
        while True:
            reply = json.loads(ws.recv(timeout=LONG))
            if reply["type"] == "error":
                assert reply["about"] == about, reply
                assert reply["error"].endswith(".") and "\n" not in reply["error"]
                return reply
            assert reply["type"] in ("move", "seats", "over"), reply
            backlog.append(reply)

    def next_message(ws):
        return backlog.pop(0) if backlog else json.loads(ws.recv(timeout=LONG))

    with connect(srv.url) as ws:
        ask(ws, "{not json", "json")
        ask(ws, b"\x00\x01", "json")
        ask(ws, "[1, 2]", "json")
        ask(ws, {"type": "fly"}, "message")
        ask(ws, json.dumps({"type": "list", "pad": "x" * 9000}), "size")
        ask(ws, {"type": "move", "ply": 0, "move": "a1"}, "table")
        ask(ws, {"type": "join", "code": "ZZZZZ", "token": token}, "table")
        ask(ws, {"type": "join", "code": code, "token": "secret"}, "token")
        ask(ws, {"type": "join", "code": code, "token": token, "seats": [theirs]}, "token")
        ask(ws, {"type": "join", "code": code, "token": token, "seats": ["nobody"]}, "seat")
        ask(ws, {"type": "join", "code": code, "token": token, "version": 99}, "version")
        ask(ws, {"type": "create", "game": "chess", "token": token}, "game")
        ask(ws, {"type": "create", "game": name, "token": token, "options": {"colour": 9}},
            "option")
        ask(ws, {"type": "create", "game": name, "token": token, "seats": ["remote"]},
            "seats")
        ask(ws, {"type": "record", "code": code}, "over")
    with connect(srv.url) as ws:                    # the seat: each of its errors, once
        ws.send(json.dumps({"type": "join", "code": code, "token": token,
                            "seats": [mine], "name": "bad"}))
        welcome = json.loads(ws.recv(timeout=LONG))
        assert welcome["type"] == "welcome" and welcome["you"] == [mine]
        state = entry.rules_module().State.from_text(welcome["start"])
        chances = set()
        for m in welcome["moves"]:
            state = _after(state, m["move"])
            if m["seat"] is None:
                chances.add(m["move"])
        ply = len(welcome["moves"])
        ask(ws, {"type": "move", "ply": ply + 3, "move": "a1"}, "turn")
        ask(ws, {"type": "move", "ply": ply, "move": "a1", "outcome": "6"}, "chance")
        ask(ws, {"type": "away", "on_away": "computer"}, "host")
        with connect(srv.url) as watcher:                    # a spectator may not move
            watcher.send(json.dumps({"type": "join", "code": code, "watch": True,
                                     "token": protocol.new_token()}))
            assert json.loads(watcher.recv(timeout=LONG))["type"] == "welcome"
            watcher.send(json.dumps({"type": "move", "ply": ply, "move": "a1"}))
            while True:
                reply = json.loads(watcher.recv(timeout=LONG))
                if reply["type"] == "error":
                    assert reply["about"] == "watching"
                    break
                assert reply["type"] in ("move", "seats"), reply
        # the game goes on: this seat plays legal moves, after wrong ones at its turns
        rng = random.Random(5)
        ai = entry.ai_module()
        bad_turns = 0
        while not state.is_over:
            if state.current == mine and not backlog:
                if bad_turns < 1:
                    ask(ws, {"type": "move", "ply": ply, "move": "zz99"}, "illegal")
                    if ply:
                        ask(ws, {"type": "move", "ply": ply - 1, "move": "a1"}, "turn")
                    thrown = [c for c in sorted(chances) if _not_a_move(state, c)]
                    if thrown:
                        ask(ws, {"type": "move", "ply": ply, "move": thrown[0]}, "chance")
                    bad_turns += 1
                move = ai.choose_move(state, low, rng, history=(), **entry.ai_options)
                ws.send(json.dumps({"type": "move", "ply": ply, "move": state.move_text(move)}))
            reply = next_message(ws)
            if reply["type"] == "move":
                assert reply["ply"] == ply
                state = _after(state, reply["move"])
                assert reply["hash"] == protocol.position_hash(state)
                if reply["seat"] is None:
                    chances.add(reply["move"])
                ply += 1
            else:
                assert reply["type"] in ("seats", "over"), reply
        assert bad_turns >= 1
    assert b.expect(r"^over: ") and b.wait() == 0
    # floods, endless bad messages and oversized frames close that connection, no other
    with connect(srv.url) as flood:
        for _ in range(protocol.BURST * 4):
            flood.send(json.dumps({"type": "list"}))
        kinds = []
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                kinds.append(json.loads(flood.recv(timeout=LONG)).get("about"))
        assert kinds.count("flood") == 1 and closed.value.rcvd.code == 1008
    with connect(srv.url) as noisy:
        with pytest.raises(ConnectionClosed) as closed:
            for _ in range(protocol.MAX_ERRORS + 5):
                noisy.send("nonsense")
                assert json.loads(noisy.recv(timeout=LONG))["about"] == "json"
        assert closed.value.rcvd.code == 1008
    with connect(srv.url, max_size=None) as big:
        with pytest.raises(ConnectionClosed) as closed:
            big.send("x" * (protocol.FRAME_LIMIT + 1))
            big.recv(timeout=LONG)
        assert closed.value.rcvd.code == 1009
    assert any(t["code"] == code and t["over"] for t in list_tables(srv.url))
    record = fetch_record(srv.url, code)
    assert record.startswith(f"tricade {name} seed ")
    log = srv.log()
    for about in ("json", "size", "table", "token", "turn", "illegal", "chance", "flood",
                  "watching"):
        assert f"refused ({about})" in log, about
    assert "Traceback" not in log


def _after(state, text):
    from games.net.client import play_text
    return play_text(state, text)


def _not_a_move(state, text) -> bool:
    try:
        state.play(state.parse_move(text))
    except Exception:
        return True
    return False


def test_no_game_is_called_like_a_network_command():
    from games.cli import NET_COMMANDS
    from games.net.commands import COMMANDS
    assert set(NET_COMMANDS) == set(COMMANDS)
    assert not set(COMMANDS) & {e.name for e in games.games(include_hidden=True)}


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("how", ["grace", "host"])
def test_an_away_seat_is_played_by_the_computer_until_its_player_is_back(
        tmp_path, server, name, how):
    """grace: the table says "computer" after a grace time; host: the table waits, and the
    host (the test's seat) then hands the away seat to the computer."""
    make, procs = server
    srv = make()
    entry, options, players, low = game_of(name)
    on_away = "computer" if how == "grace" else "wait"
    code, me, b, bot_name = caught_mid_game(srv, procs, tmp_path, name, grace=0.2,
                                            on_away=on_away, level=low)
    assert me.is_host and me.on_away == on_away
    b.kill9()
    if how == "host":
        wait_for(me, lambda e: e["type"] == "seats" and e["seats"][1]["state"] == "away",
                 LONG)
        me.set_on_away("computer")
    wait_for(me, lambda e: e["type"] == "seats" and e["seats"][1]["state"] == "computer"
             and e["seats"][1].get("taken"), LONG)
    assert me.seats[1]["state"] in ("computer", "thinking") and me.seats[1]["kind"] == "remote"
    # the computer plays the seat: the game goes on until it has, or is over
    played = lambda me: me.to_move and any(m["seat"] == players[1] and m["by"] == "computer"
                                           for m in me.moves)
    events = play(me, entry, random.Random(7), played)
    if not any(e["type"] == "over" for e in events):
        again = bot(srv, procs, tmp_path, code, bot_name, low)
        assert again.expect(r"^bot b\d plays (\w+) at table")[1] == players[1]
        wait_for(me, lambda e: e["type"] == "seats" and e["seats"][1]["state"] == "here"
                 and not e["seats"][1].get("taken"), LONG)
        events = play(me, entry, random.Random(8))
        assert again.expect(r"^over: ") and again.wait() == 0
    assert any(m["seat"] == players[1] and m["by"] == "computer" for m in me.moves)
    check_record(name, events[-1]["record"], protocol.position_hash(me.position),
                 events[-1]["result"]["winners"])
    me.close()


def test_an_abandoned_table_ends_and_keeps_its_record(tmp_path, server):
    make, procs = server
    srv = make("--abandon", "0.5", "--sweep", "0.1")
    name = GAMES[0]
    entry, options, players, low = game_of(name)
    left = create_table(srv.url, name, None, options)["code"]
    kept = create_table(srv.url, name, None, options)["code"]
    gone = me_at(srv, left, players[0])
    here = me_at(srv, kept, players[0])
    gone.close()
    end = time.monotonic() + LONG
    while time.monotonic() < end:
        tables = {t["code"]: t for t in list_tables(srv.url)}
        if tables[left]["over"]:
            break
        time.sleep(0.05)
    assert tables[left]["result"] == {"winners": [], "reason": "abandoned"}
    assert not tables[kept]["over"]                       # a player is there: it waits
    record = fetch_record(srv.url, left)
    data = gamerecord.from_text(record, name)
    review.states_of(entry, data)
    here.close()


@pytest.mark.parametrize("name", GAMES)
def test_a_host_makes_a_table_sits_at_its_seats_and_a_friend_joins(tmp_path, server, name):
    """The client library's host(): the table is made ("created", its code), the host sits
    at the seats it claimed, a bot takes the remote seat left, and the game is played out;
    a spectator sees every move."""
    make, procs = server
    srv = make()
    entry, options, players, low = game_of(name)
    host = Client(srv.url, name="host", data_dir=tmp_path / "host")
    seats = ["remote", "remote"] + [f"computer:{low}"] * (len(players) - 2)
    host.host(name, seats, options, claim=[0], grace=30, on_away="computer", think=0.0)
    created = wait_for(host, lambda e: e["type"] == "created", LONG)[-1]
    assert created["seats"] == players and protocol.normal_code(created["code"])
    welcome = wait_for(host, lambda e: e["type"] == "welcome", LONG)[-1]
    assert welcome["you"] == [players[0]] and welcome["host"] and not host.started
    assert [s["state"] for s in host.seats][:2] == ["here", "free"]
    assert host.seats[0]["mine"] and not host.to_move
    watcher = Client(srv.url, name="watcher", token=protocol.new_token())
    watcher.watch(host.code)
    wait_for(watcher, lambda e: e["type"] == "welcome", LONG)
    assert watcher.watching and watcher.mine == () and not watcher.send_move(watcher.ply, "a1")
    b = bot(srv, procs, tmp_path, host.code, "friend", low)
    assert b.expect(r"^bot friend plays (\w+) at table")[1] == players[1]
    events = play(host, entry, random.Random(9))
    assert b.expect(r"^over: ") and b.wait() == 0
    seen = wait_for(watcher, lambda e: e["type"] == "over", LONG)
    assert watcher.moves == host.moves and seen[-1]["record"] == events[-1]["record"]
    # the same name and data folder later are the same player: its seat is its own
    again = Client(srv.url, name="host", data_dir=tmp_path / "host")
    assert again.token == host.token
    again.join(host.code, claim=1)
    assert wait_for(again, lambda e: e["type"] == "welcome", LONG)[-1]["you"] == [players[0]]
    for c in (host, watcher, again):
        c.close()
    assert host.state == "closed"


def test_impossible_requests_are_one_sentence_and_status_2(tmp_path, server):
    make, procs = server
    srv = make()
    name = GAMES[0]
    entry, options, players, low = game_of(name)
    code = create_table(srv.url, name, None, options)["code"]

    def run(*args):
        return subprocess.run([sys.executable, str(CHILD), *args], capture_output=True,
                              text=True, env=ENV, timeout=LONG)
    for args in (["bot", "--server", srv.url, "--table", code, "--level", "99"],
                 ["bot", "--server", srv.url, "--table", "QQQQQ"],
                 ["table", "new", "nogame", "--server", srv.url],
                 ["table", "new", name, "--server", srv.url, "--seats", "remote"],
                 ["table", "new", name, "--server", srv.url, "--option", "nothing=1"],
                 ["table", "record", "--server", srv.url, code],
                 ["table", "record", "--server", srv.url, "QQQQQ"]):
        r = run(*args)
        said = (r.stdout + r.stderr).strip().splitlines()
        assert r.returncode == 2 and len(said) == 1 and said[0].endswith("."), (args, said)
        assert "Traceback" not in r.stderr
    for args in (["bot", "--server", "http://x", "--table", code],
                 ["bot", "--server", srv.url, "--table", "OOOOO"],
                 ["table", "new", name, "--server", srv.url, "--seats", "remote,human"],
                 ["serve", "--port", "99999"], ["tables", "--server", "nowhere"]):
        r = run(*args)
        assert r.returncode == 2 and "error:" in r.stderr, (args, r.stderr)
    private = make("--no-list", folder="private")
    r = run("tables", "--server", private.url)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "does not list" in r.stderr
    r = run("tables", "--server", "ws://127.0.0.1:1")        # nobody there: status 1
    assert r.returncode == 1 and "cannot be reached" in r.stderr
    seats = next(t for t in list_tables(srv.url) if t["code"] == code)["seats"]
    assert [s["state"] for s in seats] == ["free"] * len(players)   # no seat was taken


@pytest.mark.parametrize("private", [False, True], ids=["listing", "no-list"])
def test_the_tables_a_token_holds_seats_at_are_named_even_after_a_kill_9(tmp_path, server,
                                                                        private):
    """list with a token: each table where it holds seats names them (``mine``), on a
    server that lists its tables and on one that does not (there those tables alone: a
    token is its holder's secret); read back from the database after a kill -9."""
    make, procs = server
    srv = make(*(["--no-list"] if private else []))
    name = GAMES[0]
    entry, options, players, low = game_of(name)
    spec = ["remote"] * 2 + [f"computer:{low}"] * (len(players) - 2)
    mine, theirs = protocol.new_token(), protocol.new_token()
    code = create_table(srv.url, name, spec, options, token=mine)["code"]
    other = create_table(srv.url, name, spec, options, token=theirs)["code"]
    me = me_at(srv, code, players[1], mine)
    me.close()
    srv.kill9_and_restart()
    tables = list_tables(srv.url, token=mine)
    held = [t for t in tables if t.get("mine")]
    assert [(t["code"], t["mine"], t["over"]) for t in held] == [(code, [players[1]], False)]
    assert next(s for s in held[0]["seats"] if s["seat"] == players[1])["state"] == "away"
    if private:
        assert [t["code"] for t in tables] == [code], "only the token's own tables"
        with pytest.raises(NetError) as refused:
            list_tables(srv.url)
        assert refused.value.about == "private"
    else:
        assert {code, other} <= {t["code"] for t in tables}
        assert not any(t.get("mine") for t in list_tables(srv.url))


def test_a_host_closes_a_table_before_its_game_begins_or_hands_it_on(tmp_path, server):
    """close: the host's token only, before the game begins. Handed on: the host's seats
    are free again and the friend seated is the host. Closed: the others at the table are
    told (their state closed, the why said), and it is no longer listed nor joined."""
    make, procs = server
    srv = make()
    name = next(n for n in GAMES if len(game_of(n)[2]) >= 3)
    entry, options, players, low = game_of(name)
    spec = ["remote"] * 3 + [f"computer:{low}"] * (len(players) - 3)
    host = Client(srv.url, name="Ann", data_dir=tmp_path / "ann")
    host.host(name, spec, options, claim=[0])
    wait_for(host, lambda e: e["type"] == "welcome", LONG)
    code = host.code
    friend = Client(srv.url, name="Bob", data_dir=tmp_path / "bob")
    friend.join(code, claim=1)
    wait_for(friend, lambda e: e["type"] == "welcome", LONG)
    with pytest.raises(NetError) as refused:           # not the host
        request(srv.url, {"type": "close", "code": code, "token": friend.token}, ("closed",))
    assert refused.value.about == "host"
    reply = host.close_table(hand_on=True).result(timeout=LONG)
    assert reply["hand_on"] and reply["host"] == "Bob" and host.state == "closed"
    wait_for(friend, lambda e: e["type"] == "welcome" and e["host"], LONG)
    assert friend.is_host and friend.seats[0]["state"] == "free"
    seats = next(t for t in list_tables(srv.url) if t["code"] == code)["seats"]
    assert seats[0]["state"] == "free" and seats[0]["name"] == ""
    watcher = Client(srv.url, name="Eve", token=protocol.new_token())
    watcher.watch(code)
    wait_for(watcher, lambda e: e["type"] == "welcome", LONG)
    reply = friend.close_table().result(timeout=LONG)     # Bob's to close now
    assert not reply.get("hand_on") and "closed" in reply["why"]
    wait_for(watcher, lambda e: e["type"] == "closed", LONG)
    assert watcher.state == "closed" and "host closed" in watcher.why
    assert code not in {t["code"] for t in list_tables(srv.url)}, "delisted"
    with pytest.raises(NetError) as refused:
        request(srv.url, {"type": "join", "code": code, "token": protocol.new_token()},
                ("welcome",))
    assert refused.value.about == "table"
    assert f"closed table {code}" in srv.log()
    # a game that has begun is not closed: its host leaves it, the seat waits
    token = protocol.new_token()
    code = create_table(srv.url, name, ["remote"] + [f"computer:{low}"] * (len(players) - 1),
                        options, token=token)["code"]
    me = me_at(srv, code, players[0], token)
    with pytest.raises(NetError) as refused:
        request(srv.url, {"type": "close", "code": code, "token": token}, ("closed",))
    assert refused.value.about == "started"
    me.close()
    srv.kill9_and_restart()                  # nothing of the closed table came back
    assert code in {t["code"] for t in list_tables(srv.url)}
    assert reply["code"] not in {t["code"] for t in list_tables(srv.url)}
