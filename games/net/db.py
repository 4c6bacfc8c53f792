"""The server's tables in SQLite (WAL), on a thread of its own.

Every write is a job on one database thread, which commits the jobs that are waiting
together in one transaction (each in a savepoint of its own, so one failing job harms no
other): a busy server pays one fsync for many moves, and a move is on disk, synchronously,
before the server sends it to anyone. The event loop awaits a job's future and never
waits on the disk itself.

    tables(code, game, options, seed, grace, on_away, level, think, host, request,
           created, active, plies, over, start, position)   (position: the text after
           the last ply, kept with it, so a restart reads each table, not its whole game)
    seats(code, idx, seat, kind, level, owner, name, taken)
    moves(code, ply, move, seat, by, name, at)
"""

from __future__ import annotations

import concurrent.futures
import json
import queue
import sqlite3
import threading
import time
from pathlib import Path

SCHEMA_VERSION = 1
BATCH = 1024          # jobs one transaction takes at most

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, seed INTEGER NOT NULL,
    grace REAL NOT NULL, on_away TEXT NOT NULL, level INTEGER, think REAL NOT NULL,
    host TEXT, request TEXT UNIQUE, created REAL NOT NULL, active REAL NOT NULL,
    plies INTEGER NOT NULL, over TEXT, start TEXT NOT NULL, position TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL, idx INTEGER NOT NULL, seat TEXT NOT NULL, kind TEXT NOT NULL,
    level INTEGER, owner TEXT, name TEXT NOT NULL, taken INTEGER NOT NULL,
    PRIMARY KEY (code, idx)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS moves (
    code TEXT NOT NULL, ply INTEGER NOT NULL, move TEXT NOT NULL, seat TEXT, by TEXT NOT NULL,
    name TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (code, ply)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS tables_open ON tables (over);
"""


class DatabaseError(Exception):
    """The database cannot be used (one sentence)."""


class Database:
    def __init__(self, path, synchronous: str = "FULL"):
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.conn = sqlite3.connect(str(self.path), isolation_level=None,
                                        check_same_thread=False)
            self.conn.execute("PRAGMA journal_mode=WAL")
            self.conn.execute(f"PRAGMA synchronous={synchronous}")
            self.conn.execute("PRAGMA busy_timeout=5000")
            # the WAL is copied into the database by a thread of its own (below), never in
            # the middle of a commit: a checkpoint there held every move for 100s of ms
            self.conn.execute("PRAGMA wal_autocheckpoint=0")
            version = self.conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise DatabaseError(f"{self.path} was written by a newer Tricade server "
                                    f"(schema {version}); this one reads {SCHEMA_VERSION}.")
            self.conn.executescript(SCHEMA)
            self.conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        except sqlite3.Error as exc:
            raise DatabaseError(f"the table database {self.path} cannot be used ({exc})") \
                from None
        except OSError as exc:
            raise DatabaseError(f"the table database {self.path} cannot be made "
                                f"({exc.strerror or exc})") from None
        self._jobs: queue.SimpleQueue = queue.SimpleQueue()
        self.commits = 0          # transactions (the benchmark: moves per fsync)
        self.jobs_done = 0
        self._thread = threading.Thread(target=self._run, daemon=True, name="tricade-db")
        self._thread.start()
        self._closing = threading.Event()
        self._checkpoints = threading.Thread(target=self._checkpointer, daemon=True,
                                             name="tricade-db-checkpoint")
        self._checkpoints.start()

    def _checkpointer(self, every: float = 1.0) -> None:
        """Copy the WAL into the database once a second (PASSIVE: beside the writer, which
        never waits for it), on a connection of its own."""
        try:
            conn = sqlite3.connect(str(self.path), isolation_level=None,
                                   check_same_thread=False)
            conn.execute("PRAGMA busy_timeout=5000")
        except sqlite3.Error:
            return
        last = -1
        while not self._closing.wait(every):
            if self.commits == last:
                continue
            last = self.commits
            try:
                conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
            except sqlite3.Error:
                pass
        try:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            conn.close()
        except sqlite3.Error:
            pass

    # -- the database thread ---------------------------------------------------------------
    def submit(self, fn) -> concurrent.futures.Future:
        """Run ``fn(connection)`` on the database thread, inside a transaction committed
        before the future is done; the future holds what ``fn`` returned (or raised)."""
        future: concurrent.futures.Future = concurrent.futures.Future()
        self._jobs.put((fn, future))
        return future

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            batch = [job]
            while len(batch) < BATCH:
                try:
                    more = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    self._jobs.put(None)
                    break
                batch.append(more)
            self._commit(batch)

    def _commit(self, batch: list) -> None:
        done = []
        c = self.conn
        try:
            c.execute("BEGIN IMMEDIATE")
            for fn, future in batch:
                c.execute("SAVEPOINT job")
                try:
                    result = fn(c)
                    c.execute("RELEASE job")
                    done.append((future, result, None))
                except Exception as exc:          # that job alone is undone
                    c.execute("ROLLBACK TO job")
                    c.execute("RELEASE job")
                    done.append((future, None, exc))
            c.execute("COMMIT")
            self.commits += 1
        except Exception as exc:                  # the disk refused the whole transaction
            try:
                c.execute("ROLLBACK")
            except sqlite3.Error:
                pass
            done = [(f, None, exc) for f, _ in batch]
        for future, result, exc in done:
            self.jobs_done += 1
            if exc is not None:
                future.set_exception(exc)
            else:
                future.set_result(result)

    def close(self) -> None:
        self._jobs.put(None)
        self._thread.join(timeout=10)
        self._closing.set()
        self._checkpoints.join(timeout=10)
        try:
            self.conn.close()
        except sqlite3.Error:
            pass

    # -- reading (before the loop starts, or as a job) -------------------------------------------
    def open_tables(self) -> list:
        """Every table that is not over: (row, seats, moves), as dictionaries."""
        return self._tables(self.conn, "WHERE over IS NULL")

    @staticmethod
    def _tables(c, where: str, args=()) -> list:
        c.row_factory = sqlite3.Row
        try:
            rows = [dict(r) for r in c.execute(f"SELECT * FROM tables {where}", args)]
        finally:
            c.row_factory = None
        seats: dict = {r["code"]: [] for r in rows}
        moves: dict = {r["code"]: [] for r in rows}
        for r in c.execute(f"SELECT seats.code, idx, seat, kind, seats.level, owner, name, "
                           f"taken FROM seats JOIN tables USING (code) {where} "
                           f"ORDER BY code, idx", args):
            seats[r[0]].append(dict(zip(("idx", "seat", "kind", "level", "owner", "name",
                                         "taken"), r[1:])))
        for code, ply, move, seat, by, name in c.execute(
                f"SELECT moves.code, moves.ply, move, seat, by, name FROM moves JOIN tables "
                f"USING (code) {where} ORDER BY code, moves.ply", args):
            moves[code].append({"ply": ply, "seat": seat, "move": move, "by": by,
                                "name": name})
        return [(r, seats[r["code"]], moves[r["code"]]) for r in rows]

    @staticmethod
    def summaries(c, limit: int = 1000) -> list:
        """The finished tables, newest first: (code, game, options, plies, over, created,
        active) and their seats."""
        rows = c.execute("SELECT code, game, options, plies, over, created, active FROM tables"
                         " WHERE over IS NOT NULL ORDER BY active DESC LIMIT ?",
                         (limit,)).fetchall()
        out = []
        for code, game, options, plies, over, created, active in rows:
            seats = c.execute("SELECT seat, kind, level, name FROM seats WHERE code = ? "
                              "ORDER BY idx", (code,)).fetchall()
            out.append({"code": code, "game": game, "options": json.loads(options),
                        "seats": [{"seat": s, "kind": k, "state": "computer" if k ==
                                   "computer" else "free" if not n else "away", "name": n,
                                   "level": lv} for s, k, lv, n in seats],
                        "moves": plies, "over": True, "result": json.loads(over),
                        "created": created, "active": active})
        return out


# -- writes (functions of a connection, for ``submit``) ------------------------------------------
def create(table, plies: list, position: str):
    row = (table.code, table.game, json.dumps(table.options), table.seed, table.grace,
           table.on_away, table.level, table.think, table.host, table.request, table.created,
           table.created, len(plies), None, table.start_text, position)
    seat_rows = [(table.code, s.index, s.seat, s.kind, s.level, s.owner, s.name, int(s.taken))
                 for s in table.seats]

    def write(c):
        c.execute("INSERT INTO tables VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", row)
        c.executemany("INSERT INTO seats VALUES (?,?,?,?,?,?,?,?)", seat_rows)
        _insert_plies(c, table.code, plies)
    return write


def _insert_plies(c, code: str, plies: list) -> None:
    now = time.time()
    c.executemany("INSERT INTO moves VALUES (?,?,?,?,?,?,?)",
                  [(code, p["ply"], p["move"], p["seat"], p["by"], p["name"], now)
                   for p in plies])


def plies(code: str, plies_: list, total: int, over: dict | None, position: str):
    def write(c):
        _insert_plies(c, code, plies_)
        c.execute("UPDATE tables SET plies = ?, active = ?, over = ?, position = ? WHERE "
                  "code = ?", (total, time.time(), json.dumps(over) if over else None,
                               position, code))
    return write


def seats(code: str, seats_: list, active: float | None = None):
    rows = [(s.owner, s.name, int(s.taken), code, s.index) for s in seats_]   # as they are now

    def write(c):
        c.executemany("UPDATE seats SET owner = ?, name = ?, taken = ? WHERE code = ? AND "
                      "idx = ?", rows)
        if active is not None:
            c.execute("UPDATE tables SET active = ? WHERE code = ?", (active, code))
    return write


def setting(code: str, **values):
    def write(c):
        for key, value in values.items():
            if key not in ("on_away", "over", "active", "host"):
                raise ValueError(key)
            c.execute(f"UPDATE tables SET {key} = ? WHERE code = ?",
                      (json.dumps(value) if key == "over" else value, code))
    return write


def delete(code: str):
    """A table closed before its game began: forgotten (nothing was played to keep)."""
    def write(c):
        for name in ("moves", "seats", "tables"):
            c.execute(f"DELETE FROM {name} WHERE code = ?", (code,))
    return write


def find_request(request: str):
    def read(c):
        row = c.execute("SELECT code FROM tables WHERE request = ?", (request,)).fetchone()
        return row[0] if row else None
    return read


def record_of(code: str):
    def read(c):
        return Database._tables(c, "WHERE code = ?", (code,))
    return read


def summaries(limit: int = 1000):
    def read(c):
        return Database.summaries(c, limit)
    return read
