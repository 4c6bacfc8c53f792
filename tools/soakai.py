"""Memory soak: computer against computer in all four games, through real Tables.

    python -m tools.soakai --minutes M [--interval MINUTES] [--log FILE] [--trace N]
                           [--worker]
    python -m tools.bench --memory M [--log FILE]          (the same, from the bench)

Plays one game after another, Triple 3, Tribolo, Tripppin and TriAxis in turn, every seat
a computer at a level drawn from the game's levels (Tripppin's Perfect included), each
game with the next seed; chance points are drawn by the table as in play, every finished
game is saved and replayed (a resume) before the next. No screen, no pygame.

Every ``interval`` minutes (10 by default) and at the end it prints one line: minutes
played, games finished, and the resident set size (RSS) of this process (and, with
``--worker``, of the worker child that thinks as in the app). Memory that levels off shows
as RSS lines that stop growing. With ``--trace N`` each line is followed by the N places
(tracemalloc) whose memory grew most since the first report: where a cache grows.

Run it niced beside other work: ``nice -n 19 python -m tools.soakai --minutes 120
--log /tmp/rss.log``.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import games  # noqa: E402
from games.core.table import Table  # noqa: E402

ORDER = ("triple3", "tribolo", "tripppin", "triaxis")
MAX_PLIES = 4000          # a game still running after this many plies is left (Tripppin loops)


def rss_mb(pid: int | str = "self") -> float | None:
    """Resident set size in MB from /proc (Linux); None elsewhere or when gone."""
    try:
        with open(f"/proc/{pid}/statm") as f:
            pages = int(f.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / (1024 * 1024)
    except (OSError, ValueError, IndexError):
        if pid != "self":
            return None
        import resource      # the peak, not the current size: better than nothing
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def play_one(name: str, seed: int, worker=None) -> int:
    """One computer-against-computer game of ``name`` with ``seed``; returns its plies."""
    entry = games.get(name)
    ai = entry.ai_module()
    levels = list(getattr(ai, "ALL_LEVELS", getattr(ai, "LEVELS", [1])))
    rng = random.Random(f"soak/{name}/{seed}")
    first = entry.rules_module().new_game(seed=seed)
    seats = {p: "computer" for p in first.players}
    table = Table(name, entry.rules, entry.ai, worker=worker, seats=seats,
                  levels={p: rng.choice(levels) for p in first.players}, seed=seed,
                  ai_options=entry.ai_options, notify=lambda s: None)
    plies = 0
    while not table.state.is_over and plies < MAX_PLIES:
        if table.update():
            plies = table.index
        elif worker is not None:
            time.sleep(0.001)             # the worker is thinking: poll as a frame would
        table.take_transitions()
    # a resume: the finished game's save is replayed and adopted
    data = table.save_data()
    table.load_data(data)
    table.close()
    return plies


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.soakai",
                                description="Computer against computer, RSS every few "
                                            "minutes.")
    p.add_argument("--minutes", type=float, required=True)
    p.add_argument("--interval", type=float, default=10.0, help="minutes between reports")
    p.add_argument("--log", metavar="FILE", help="also append the lines to FILE")
    p.add_argument("--trace", type=int, default=0, metavar="N",
                   help="with each report, the N allocation sites that grew most")
    p.add_argument("--worker", action="store_true",
                   help="think in the worker child process, as the app does")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    if args.minutes <= 0 or args.interval <= 0:
        p.error("--minutes and --interval must be more than 0")
    log = open(args.log, "a", buffering=1) if args.log else None

    def say(line: str) -> None:
        print(line, flush=True)
        if log is not None:
            log.write(line + "\n")

    worker = None
    if args.worker:
        from games.core.worker import Worker
        worker = Worker("process")
    if args.trace:
        import tracemalloc
        tracemalloc.start(1)
    base = None
    start = time.monotonic()
    end = start + args.minutes * 60
    next_report = start
    played = {name: 0 for name in ORDER}
    seed = args.seed
    say(f"memory soak: {args.minutes:g} minutes, a report every {args.interval:g}; "
        f"pid {os.getpid()}")

    def report(final=False) -> None:
        nonlocal base
        minutes = (time.monotonic() - start) / 60
        line = (f"{minutes:6.1f} min  games {sum(played.values()):5d} ("
                + " ".join(f"{n} {c}" for n, c in played.items())
                + f")  RSS {rss_mb():.1f} MB")
        proc = getattr(worker, "_proc", None) if worker is not None else None
        if proc is not None:
            child = rss_mb(proc.pid)
            if child is not None:
                line += f", worker {child:.1f} MB"
        say(line + ("  (end)" if final else ""))
        if args.trace:
            import tracemalloc
            snap = tracemalloc.take_snapshot().filter_traces(
                [tracemalloc.Filter(False, tracemalloc.__file__)])
            if base is None:
                base = snap
            else:
                for stat in snap.compare_to(base, "lineno")[:args.trace]:
                    frame = stat.traceback[-1]
                    say(f"    {stat.size_diff / 1024:+9.0f} KiB {stat.count_diff:+8d} blocks  "
                        f"{frame.filename}:{frame.lineno}")
    try:
        game = 0
        while time.monotonic() < end:
            if time.monotonic() >= next_report:
                report()
                next_report += args.interval * 60
            name = ORDER[game % len(ORDER)]
            play_one(name, seed + game // len(ORDER), worker)
            played[name] += 1
            game += 1
        report(final=True)
    except KeyboardInterrupt:
        report(final=True)
    finally:
        if worker is not None:
            worker.close()
        if log is not None:
            log.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
