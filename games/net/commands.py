"""The command line's network words (games/cli.py hands them over; docs/network.md):

    tricade serve [--host H] [--port P] [--data-dir DIR]
    tricade table new GAME --server URL [--seats SPEC] [--option name=value ...]
    tricade table record --server URL CODE
    tricade tables --server URL [--json]
    tricade bot --server URL --table CODE [--level L] [--name NAME] [--data-dir DIR]

A request that cannot be met (a game the server lacks, options or seats the game refuses,
no such table) is said in one sentence, status 2; a server that cannot be reached, status 1.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from . import protocol

COMMANDS = ("serve", "table", "tables", "bot")
DEFAULT_SERVER = f"ws://{protocol.DEFAULT_HOST}:{protocol.DEFAULT_PORT}"


def _port(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= n <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port (0-65535; 0: any free one)")
    return n


def _seconds(text: str) -> float:
    try:
        n = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 <= n <= protocol.MAX_GRACE or n != n:
        raise argparse.ArgumentTypeError(f"{text!r} must be 0 to {protocol.MAX_GRACE:g} seconds")
    return n


def _level(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a level (a whole number)") from None


def _server(text: str) -> str:
    if not text.startswith(("ws://", "wss://")) or len(text) < 6:
        raise argparse.ArgumentTypeError(f"{text!r} is not a server address, e.g. "
                                         f"{DEFAULT_SERVER}")
    return text


def _code(text: str) -> str:
    code = protocol.normal_code(text)
    if code is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not a table code ({protocol.CODE_LENGTH}"
                                         f" letters, no O or I)")
    return code


def build_parser(prog: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=prog, description="Tricade's network play: a table "
                                "server and the tools around it (docs/network.md).")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    serve = sub.add_parser("serve", help="run a table server")
    serve.add_argument("--host", default=protocol.DEFAULT_HOST,
                       help=f"the address to listen on (default {protocol.DEFAULT_HOST})")
    serve.add_argument("--port", type=_port, default=protocol.DEFAULT_PORT,
                       help=f"the port (default {protocol.DEFAULT_PORT}; 0: a free one)")
    serve.add_argument("--data-dir", metavar="DIR",
                       help="where the tables are kept (default: the usual data folder)")
    serve.add_argument("--abandon", type=_seconds, default=None, metavar="S",
                       help="end a table nobody is at after S seconds without a move "
                            "(default a day)")
    serve.add_argument("--sweep", type=_seconds, default=None, metavar="S",
                       help="look for abandoned tables every S seconds (default 60)")
    serve.add_argument("--workers", type=int, default=None, metavar="N",
                       help="processes the computer players think in (default: up to 2)")
    serve.add_argument("--no-list", action="store_true",
                       help="do not list the tables to anyone who asks (a public server)")
    serve.add_argument("--no-mdns", action="store_true",
                       help="do not advertise the server on the local network (mDNS; "
                            "only with the optional zeroconf package)")

    def server_arg(q):
        q.add_argument("--server", type=_server, default=DEFAULT_SERVER, metavar="URL",
                       help=f"the server (default {DEFAULT_SERVER})")

    table = sub.add_parser("table", help="make a table, or print a finished one's record")
    tsub = table.add_subparsers(dest="action", required=True, metavar="ACTION")
    new = tsub.add_parser("new", help="make a table; prints its code on the first line")
    new.add_argument("game", metavar="GAME")
    server_arg(new)
    new.add_argument("--seats", metavar="SPEC",
                     help="one word a seat, comma separated: remote or computer:LEVEL "
                          "(default: every seat remote)")
    new.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                     help="one of the game's options (as many as needed)")
    new.add_argument("--grace", type=_seconds, default=120.0, metavar="S",
                     help="seconds an away seat waits for its player (default 120)")
    new.add_argument("--on-away", choices=protocol.ON_AWAY, default="wait",
                     help="after the grace time: wait, or the computer plays the seat")
    new.add_argument("--level", type=_level, metavar="L",
                     help="the computer's level for a seat it takes over")
    new.add_argument("--think", type=_seconds, default=0.0, metavar="S",
                     help="the least time a computer seat takes over a move")
    record = tsub.add_parser("record", help="print a finished table's game record")
    server_arg(record)
    record.add_argument("code", type=_code, metavar="CODE")
    tables = sub.add_parser("tables", help="list the server's tables")
    server_arg(tables)
    tables.add_argument("--json", action="store_true", help="as a JSON list")
    bot = sub.add_parser("bot", help="play a free remote seat with the computer")
    server_arg(bot)
    bot.add_argument("--table", type=_code, required=True, metavar="CODE")
    bot.add_argument("--level", type=_level, metavar="L",
                     help="the computer's level (default: the game's default)")
    bot.add_argument("--name", default="bot", help="the seat's name (default: bot); the "
                     "same name and data folder take the same seat back")
    bot.add_argument("--data-dir", metavar="DIR",
                     help="where the seat's token is kept (default: the usual data folder)")
    return p


def main(argv: list, prog: str = "tricade") -> int:
    parser = build_parser(prog)
    args = parser.parse_args(argv)
    if getattr(args, "data_dir", None) and os.path.exists(args.data_dir) \
            and not os.path.isdir(args.data_dir):
        parser.error(f"--data-dir {args.data_dir!r} is a file, not a directory")
    from .client import NO_WEBSOCKETS, websockets_available
    if not websockets_available():
        print(f"{prog} {args.command}: {NO_WEBSOCKETS}.", file=sys.stderr)
        return 1
    if args.command == "serve":
        from .server import run
        kw = {k: v for k, v in (("abandon", args.abandon), ("sweep", args.sweep),
                                ("workers", args.workers)) if v is not None}
        kw["listing"] = not args.no_list
        kw["mdns"] = not args.no_mdns
        if args.workers is not None and not 1 <= args.workers <= 64:
            parser.error("--workers must be 1 to 64")
        return run(args.data_dir, args.host, args.port, **kw)
    if args.command == "bot":
        if args.name and (len(args.name) > protocol.MAX_NAME or not args.name.isprintable()):
            parser.error(f"--name is printable text of at most {protocol.MAX_NAME} characters")
        from .bot import run
        return run(args.server, args.table, args.level, args.name, args.data_dir)
    from .client import NetError
    try:
        if args.command == "tables":
            return _tables(args)
        if args.action == "new":
            return _new(parser, args)
        return _record(args)
    except NetError as exc:
        print(f"{prog} {args.command}: {str(exc).rstrip('.')}.", file=sys.stderr)
        return 1 if exc.about in ("connection", "address") else 2
    except BrokenPipeError:                   # its reader stopped reading (| head): done
        sys.stderr.close()
        return 0


def _new(parser, args) -> int:
    import games
    from .client import create_table
    try:
        seats = protocol.parse_seats_spec(args.seats) if args.seats is not None else None
        options = dict(protocol.parse_option(o) for o in args.option)
    except protocol.ProtocolError as exc:
        parser.error(str(exc))
    names = [o.partition("=")[0] for o in args.option]
    if len(set(names)) != len(names):
        parser.error("an --option is given twice")
    entry = games.REGISTRY.get(args.game)      # a game this Tricade knows is checked here
    if entry is not None and not entry.is_game:
        parser.error(f"{args.game!r} is not a game")
    created = create_table(args.server, args.game, seats, options, grace=args.grace,
                           on_away=args.on_away, level=args.level, think=args.think)
    print(created["code"])
    print(f"{created['game']}: seats {', '.join(created['seats'])}", flush=True)
    return 0


def _tables(args) -> int:
    from .client import list_tables
    tables = list_tables(args.server)
    if args.json:
        print(json.dumps(tables, indent=1))
        return 0
    if not tables:
        print("no tables")
    for t in tables:
        seats = ", ".join(
            f"{s['seat']} " + (f"computer:{s['level']}" if s["kind"] == "computer" else
                               s["state"] + (f" ({s['name']})" if s.get("name") else ""))
            for s in t["seats"])
        state = "over" if t["over"] else "playing"
        print(f"{t['code']}  {t['game']:<10} {t['moves']:>4} moves  {state:<7}  {seats}")
    return 0


def _record(args) -> int:
    from .client import fetch_record
    sys.stdout.write(fetch_record(args.server, args.code))
    return 0
