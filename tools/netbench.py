"""Benchmark of the table server (docs/network.md): many tables at once on loopback.

    python -m tools.netbench [--tables N] [--game GAME] [--option name=value ...]
                             [--seconds S] [--bot-procs P] [--no-restart] [--json FILE]

- starts ``python main.py serve --port 0`` in a fresh data folder (a real server process);
- creates N tables (default 500, at most 500) of GAME (default tribolo: three seats, so 500
  tables are 1,500 connections), every seat remote, and sits a bot at every seat: each bot
  is its own WebSocket connection (in P bot processes, asyncio), which follows its table
  on the game's rules and, at its turn, sends a random legal move at once: the bots move
  as fast as the server answers;
- for S seconds (default 20) of play: a move's round trip (the bot's move sent to its
  broadcast back) p50/p95/p99/max, moves a second (every ply the server sends, chance
  outcomes included), the server's CPU time a move (user+system, /proc), and memory per
  table (the server's resident set with the tables open and their connections, less its
  own at the start, divided by N);
- kills the server with -9 while every table is in play and starts it again on the same
  port and folder: the time until it listens (every table read back from SQLite) and
  until every bot is back at its table (welcomed; the bots retry on the client library's
  schedule), the server's CPU seconds by then (a busy machine stretches the times, not
  these), and the connections the system dropped at a full listen queue meanwhile;
- plays the same moves (each table's plies as the bots saw them) in one process: the rules
  alone (parse, play) and with the server's checks (legal, the position hash), for the
  comparison.

Bounded: N at most 500, S at most 300; the whole run has a deadline. The machine's load is
printed with the figures (the bots and the server share its cores).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

MAX_TABLES = 500
MAX_SECONDS = 300.0
DEADLINE = 1800.0            # the whole run, at most


# -- the server -------------------------------------------------------------------------------
class Server:
    def __init__(self, data: Path, log: Path):
        self.data, self.log, self.port = data, log, 0

    def start(self) -> float:
        """Start it; the seconds until it printed that it listens (``cpu_listening``: its
        CPU seconds by then)."""
        began = time.perf_counter()
        self.proc = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), "serve", "--port", str(self.port),
             "--data-dir", str(self.data)], stdout=subprocess.PIPE,
            stderr=open(self.log, "ab"), text=True, cwd=str(ROOT))
        line = self.proc.stdout.readline()
        m = re.match(r"listening on ws://127\.0\.0\.1:(\d+)", line)
        if not m:
            raise SystemExit(f"the server did not start: {line!r}; see {self.log}")
        self.port = int(m[1])
        self.cpu_listening = self.cpu()
        return time.perf_counter() - began

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def cpu(self) -> float:
        with open(f"/proc/{self.proc.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def rss(self) -> int:
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
        return 0

    def kill9(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def listen_overflows() -> int | None:
    """The system's count of connections dropped at a full listen queue (Linux; None
    elsewhere): a dropped connection is tried again only seconds later."""
    try:
        lines = Path("/proc/net/netstat").read_text().splitlines()
    except OSError:
        return None
    for names, values in zip(lines[::2], lines[1::2]):
        names, values = names.split(), values.split()
        if names[0] == "TcpExt:" and "ListenOverflows" in names:
            return int(values[names.index("ListenOverflows")])
    return None


# -- the bots (in bot processes) ------------------------------------------------------------
class Bot:
    """One seat over one connection: follows the table, moves at its turn at once."""

    def __init__(self, fleet, url: str, code: str, rules, rng):
        self.fleet, self.url, self.code, self.rules, self.rng = fleet, url, code, rules, rng
        from games.net import protocol
        self.token = protocol.new_token()
        self.state = None
        self.ply = 0
        self.moves: list = []
        self.start = None
        self.mine: tuple = ()
        self.free = True
        self.sent_ply = None
        self.sent_at = 0.0
        self.over = False
        self.welcomed = 0
        self.mark = 0

    async def run(self) -> None:
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidHandshake

        from games.net.client import retry_delay
        lost_at = None
        while not self.fleet.stopping:
            try:
                async with connect(self.url, compression=None, max_size=None,
                                   open_timeout=30, ping_interval=None) as ws:
                    lost_at = None
                    await ws.send(json.dumps({"type": "join", "code": self.code,
                                              "token": self.token, "seats": 1}))
                    async for raw in ws:
                        await self.receive(ws, json.loads(raw))
                        if self.over or self.fleet.stopping:
                            break
            except (ConnectionClosed, OSError, InvalidHandshake, asyncio.TimeoutError):
                pass
            if self.over:                      # the game ended: the table's next one
                try:
                    self.code = await self.fleet.successor(self.code)
                except Exception:
                    return
                self.over, self.state, self.ply, self.sent_ply = False, None, 0, None
                continue
            # the server is restarting: try again as the client library does (its
            # schedule, jitter included: not all 1,500 at once)
            if lost_at is None:
                lost_at = time.perf_counter()
            await asyncio.sleep(retry_delay(time.perf_counter() - lost_at, self.rng))

    async def receive(self, ws, m: dict) -> None:
        from games.net.client import play_text
        kind = m["type"]
        if kind == "welcome":
            self.start = m["start"]
            self.state = self.rules.State.from_text(m["start"])
            self.moves = [x["move"] for x in m["moves"]]
            for text in self.moves:
                self.state = play_text(self.state, text)
            self.ply = len(self.moves)
            self.mine = tuple(m["you"])
            self.free = any(s["state"] == "free" for s in m["seats"])
            self.sent_ply = None
            self.welcomed += 1
            self.fleet.welcomed(self)
        elif kind == "seats":
            self.free = any(s["state"] == "free" for s in m["seats"])
        elif kind == "move":
            if m["ply"] != self.ply:
                await ws.send(json.dumps({"type": "sync"}))
                return
            self.state = play_text(self.state, m["move"])
            self.moves.append(m["move"])
            self.ply += 1
            if m["ply"] == self.sent_ply:
                self.fleet.rtts.append(time.perf_counter() - self.sent_at)
                self.sent_ply = None
            if self.mine and self.mine[0] == self.fleet.first_seat.get(self.code):
                self.fleet.plies += 1          # one bot a table counts the table's plies
        elif kind == "over":
            self.over = True
            if self.mine and self.mine[0] == self.fleet.first_seat.get(self.code):
                self.fleet.done[self.code] = (self.start, list(self.moves))
            return
        elif kind == "error":
            self.fleet.errors.append(m.get("about"))
            self.sent_ply = None
        s = self.state
        if (s is not None and not self.free and not s.is_over and not s.is_chance
                and s.current in self.mine and self.sent_ply != self.ply):
            move = self.rng.choice(s.legal_moves())
            self.sent_ply = self.ply
            if self.fleet.pace:                 # a person's pace: think, then move
                asyncio.ensure_future(self.move_later(ws, self.ply, s.move_text(move)))
                return
            self.sent_at = time.perf_counter()
            await ws.send(json.dumps({"type": "move", "ply": self.ply,
                                      "move": s.move_text(move)}))

    async def move_later(self, ws, ply: int, text: str) -> None:
        await asyncio.sleep(self.fleet.pace * (0.5 + self.rng.random()))
        if self.ply != ply or self.sent_ply != ply:
            return
        self.sent_at = time.perf_counter()
        try:
            await ws.send(json.dumps({"type": "move", "ply": ply, "move": text}))
        except Exception:
            self.sent_ply = None


class Fleet:
    def __init__(self, url: str = "", game: str = "", options: dict | None = None,
                 pace: float = 0.0):
        self.url, self.game, self.options, self.pace = url, game, options or {}, pace
        self.next: dict = {}
        self.done: dict = {}          # the finished games: code -> (start, plies)
        self.rtts: list = []
        self.errors: list = []
        self.plies = 0
        self.finished = 0
        self.stopping = False
        self.first_seat: dict = {}
        self.bots: list = []
        self.waiting: set = set()

    async def successor(self, code: str) -> str:
        """The table that follows ``code`` once its game is over (made once, for its three
        bots), so that every table is in play all the time."""
        future = self.next.get(code)
        if future is None:
            self.finished += 1
            future = self.next[code] = asyncio.ensure_future(
                create_tables(self.url, self.game, self.options, 1))
        return (await future)[0]

    def welcomed(self, bot) -> None:
        self.waiting.discard(id(bot))
        if bot.mine:
            self.first_seat.setdefault(bot.code, bot.mine[0])


def bot_process(url: str, codes: list, game: str, options: dict, seats: int, pace: float,
                pipe) -> None:
    """A bot process: a bot at every seat of ``codes``; answers the bench's commands."""
    import games
    rules = games.get(game).rules_module()
    fleet = Fleet(url, game, options, pace)

    async def main():
        rng = random.Random(os.getpid())
        tasks = []
        for code in codes:
            for _ in range(seats):
                b = Bot(fleet, url, code, rules, rng)
                fleet.bots.append(b)
                tasks.append(asyncio.ensure_future(b.run()))
        loop = asyncio.get_running_loop()
        while True:
            command = await loop.run_in_executor(None, pipe.recv)
            if command[0] == "count":            # how many bots have been welcomed
                pipe.send(sum(1 for b in fleet.bots if b.welcomed))
            elif command[0] == "reset":          # forget the figures so far
                fleet.rtts.clear()
                fleet.plies = 0
                fleet.errors.clear()
                pipe.send(True)
            elif command[0] == "figures":
                pipe.send({"rtts": list(fleet.rtts), "plies": fleet.plies,
                           "errors": list(fleet.errors), "finished": fleet.finished,
                           "cpu": time.process_time()})
            elif command[0] == "mark":           # remember each bot's welcomes so far
                for b in fleet.bots:
                    b.mark = b.welcomed
                pipe.send(True)
            elif command[0] == "back":           # the bots welcomed since (or whose game ended)
                pipe.send(sum(1 for b in fleet.bots if b.welcomed > b.mark or b.over))
            elif command[0] == "games":          # each table's start and plies
                seen = dict(fleet.done)
                for b in fleet.bots:
                    if b.start and len(b.moves) >= len(seen.get(b.code, ("", []))[1]):
                        seen[b.code] = (b.start, list(b.moves))
                pipe.send(seen)
            elif command[0] == "stop":
                fleet.stopping = True
                for t in tasks:
                    t.cancel()
                pipe.send(True)
                return
    asyncio.run(main())


# -- creating tables -------------------------------------------------------------------------
async def create_tables(url: str, game: str, options: dict, n: int) -> list:
    from websockets.asyncio.client import connect

    from games.net import protocol
    codes: list = []

    async def some(count):
        async with connect(url, compression=None) as ws:
            for _ in range(count):
                await ws.send(json.dumps({"type": "create", "game": game, "options": options,
                                          "token": protocol.new_token()}))
            for _ in range(count):
                reply = json.loads(await ws.recv())
                if reply["type"] != "created":
                    raise SystemExit(f"the server refused a table: {reply}")
                codes.append(reply["code"])
    chunk = 25                   # within one connection's burst allowance
    await asyncio.gather(*(some(min(chunk, n - i)) for i in range(0, n, chunk)))
    return codes


# -- the same moves in one process -------------------------------------------------------------
def in_process(game: str, tables: dict) -> dict:
    import hashlib

    import games
    from games.net.client import play_text
    rules = games.get(game).rules_module()
    plies = sum(len(moves) for _, moves in tables.values())
    began = time.process_time()
    for start, moves in tables.values():
        state = rules.State.from_text(start)
        for text in moves:
            state = play_text(state, text)
    rules_only = time.process_time() - began
    began = time.process_time()
    for start, moves in tables.values():
        state = rules.State.from_text(start)
        for text in moves:
            if not state.is_chance:
                move = state.parse_move(text)
                assert move in state.legal_moves()
            state = play_text(state, text)
            hashlib.sha256(state.to_text().encode()).hexdigest()
    checked = time.process_time() - began
    return {"plies": plies,
            "rules_us_per_move": round(1e6 * rules_only / max(1, plies), 1),
            "rules_moves_per_s": round(plies / rules_only) if rules_only else None,
            "checked_us_per_move": round(1e6 * checked / max(1, plies), 1),
            "checked_moves_per_s": round(plies / checked) if checked else None}


# -- the run -------------------------------------------------------------------------------------
def percentile(values: list, q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.netbench", description=__doc__.split(
        "\n\n")[0])
    p.add_argument("--tables", type=int, default=MAX_TABLES)
    p.add_argument("--game", default="tribolo")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--seconds", type=float, default=20.0)
    p.add_argument("--bot-procs", type=int, default=1)
    p.add_argument("--pace", type=float, default=0.0, metavar="S",
                   help="each bot thinks S seconds on average before it moves (0: none, "
                        "as fast as the server answers)")
    p.add_argument("--no-restart", action="store_true")
    p.add_argument("--json", metavar="FILE")
    p.add_argument("--keep", metavar="DIR", help="keep the server's folder and log in DIR")
    args = p.parse_args(argv)
    if not 1 <= args.tables <= MAX_TABLES:
        p.error(f"--tables is 1 to {MAX_TABLES}")
    if not 1 <= args.seconds <= MAX_SECONDS:
        p.error(f"--seconds is 1 to {MAX_SECONDS:g}")
    if not 1 <= args.bot_procs <= 8:
        p.error("--bot-procs is 1 to 8")
    if not 0 <= args.pace <= 60:
        p.error("--pace is 0 to 60 seconds")
    import games
    from games.net import protocol
    entry = games.REGISTRY.get(args.game)
    if entry is None or not entry.is_game:
        p.error(f"no game {args.game!r}")
    options = dict(protocol.parse_option(o) for o in args.option)
    seats = len(entry.rules_module().new_game(seed=1, **options).players)
    deadline = time.monotonic() + DEADLINE
    out: dict = {"game": args.game, "options": options, "tables": args.tables,
                 "pace_s": args.pace,
                 "connections": args.tables * seats, "load_before": os.getloadavg()}
    with tempfile.TemporaryDirectory(prefix="netbench-") as tmp:
        if args.keep:
            tmp = args.keep
            Path(tmp).mkdir(parents=True, exist_ok=True)
        server = Server(Path(tmp) / "data", Path(tmp) / "server.log")
        server.start()
        asyncio.run(create_tables(server.url, args.game, options, 1))   # the game's modules
        base_rss = server.rss()
        codes = asyncio.run(create_tables(server.url, args.game, options, args.tables))
        ctx = multiprocessing.get_context("spawn")
        pipes, procs = [], []
        for i in range(args.bot_procs):
            mine, theirs = ctx.Pipe()
            proc = ctx.Process(target=bot_process, args=(
                server.url, codes[i::args.bot_procs], args.game, options, seats, args.pace,
                theirs), daemon=True)
            proc.start()
            pipes.append(mine)
            procs.append(proc)

        def ask(*command):
            for pipe in pipes:
                pipe.send(command)
            return [pipe.recv() for pipe in pipes]

        def wait_all(command, want, what):
            began = time.perf_counter()
            while sum(ask(*command)) < want:
                if time.monotonic() > deadline:
                    raise SystemExit(f"the bench ran out of time waiting for {what}")
                time.sleep(0.01)
            return time.perf_counter() - began

        bots = args.tables * seats
        out["seated_s"] = round(wait_all(("count",), bots, "every bot to sit"), 2)
        ask("reset")
        bots_cpu0 = sum(f["cpu"] for f in ask("figures"))
        cpu0, t0 = server.cpu(), time.perf_counter()
        time.sleep(args.seconds)
        cpu1, t1 = server.cpu(), time.perf_counter()
        rss = server.rss()
        figures = ask("figures")
        bots_cpu = sum(f["cpu"] for f in figures) - bots_cpu0
        rtts = [r for f in figures for r in f["rtts"]]
        plies = sum(f["plies"] for f in figures)
        out["play"] = {
            "seconds": round(t1 - t0, 2), "moves": plies,
            "moves_per_s": round(plies / (t1 - t0), 1),
            "rtt_ms": {"p50": round(1e3 * percentile(rtts, 0.50), 2),
                       "p95": round(1e3 * percentile(rtts, 0.95), 2),
                       "p99": round(1e3 * percentile(rtts, 0.99), 2),
                       "max": round(1e3 * max(rtts), 2) if rtts else None,
                       "samples": len(rtts)},
            "server_cpu_ms_per_move": round(1e3 * (cpu1 - cpu0) / max(1, plies), 3),
            "server_cpu_share": round((cpu1 - cpu0) / (t1 - t0), 2),
            "bots_cpu_share": round(bots_cpu / (t1 - t0), 2),
            "memory_kib_per_table": round((rss - base_rss) / 1024 / args.tables, 1),
            "server_rss_mib": round(rss / 2 ** 20, 1),
            "errors": sorted({e for f in figures for e in f["errors"] if e}),
            "games_finished": sum(f["finished"] for f in figures)}
        if not args.no_restart:
            ask("mark")
            overflows = listen_overflows()
            server.kill9()
            began = time.perf_counter()
            listening = server.start()
            back = wait_all(("back",), bots, "every bot to come back")
            cpu_back = server.cpu()
            said = re.findall(r"(\d+) open tables resumed in ([0-9.]+) s",
                              server.log.read_text(errors="replace"))
            out["restart"] = {"open_tables": args.tables,
                              "resumed_by_server": int(said[-1][0]) if said else None,
                              "server_load_s": float(said[-1][1]) if said else None,
                              "listening_s": round(listening, 2),
                              "all_back_s": round(time.perf_counter() - began, 2),
                              "after_listening_s": round(back, 2),
                              # CPU seconds, which a busy machine does not stretch
                              "server_cpu_listening_s": round(server.cpu_listening, 2),
                              "server_cpu_all_back_s": round(cpu_back, 2)}
            if overflows is not None:     # (the whole machine's: other work's too)
                out["restart"]["listen_overflows"] = listen_overflows() - overflows
        tables: dict = {}
        for seen in ask("games"):
            tables.update(seen)
        ask("stop")
        for proc in procs:
            proc.join(timeout=10)
        server.stop()
        out["in_process"] = in_process(args.game, tables)
    out["load_after"] = os.getloadavg()
    print(json.dumps(out, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
