"""Tricade's command line: ``tricade`` (installed) and ``python main.py`` (a checkout) both
run ``main()`` here.

    tricade [GAME] [--fullscreen | --window] [--scale integer|aspect|stretch]
            [--scanlines | --no-scanlines] [--mute] [--data-dir DIR] [--seed N]
            [--frames N] [--screenshot FILE] [--size WxH] [--kiosk] [--set-pin]
            [--replay FILE] [--review FILE --json OUT]
    tricade serve | table | tables | bot ...     network play (games/net, docs/network.md)
"""

from __future__ import annotations

import time

STARTED = time.perf_counter()   # start-up is measured from here (main.py passes its own)

import argparse  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
PROG = "tricade"                # the installed command's name (main.py: "python main.py")
MAX_SIZE = (7680, 4320)         # --size: the largest window (games.core.display.MAX_WINDOW)
# the network words, handed to games.net.commands (no game may be called one of them)
NET_COMMANDS = ("serve", "table", "tables", "bot")


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be 1 or more")
    return n


def _seed(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 0 <= n < 2 ** 63:
        raise argparse.ArgumentTypeError(f"{text!r} must be between 0 and 2**63-1")
    return n


def _size(text: str) -> tuple:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not WIDTHxHEIGHT, e.g. 1280x960") from None
    if not (320 <= w and 200 <= h):
        raise argparse.ArgumentTypeError(f"{text!r} must be at least 320x200")
    if not (w <= MAX_SIZE[0] and h <= MAX_SIZE[1]):
        raise argparse.ArgumentTypeError(
            f"{text!r} is too large: the largest window is {MAX_SIZE[0]}x{MAX_SIZE[1]}")
    return (w, h)


def build_parser(prog: str = PROG) -> argparse.ArgumentParser:
    from games import games
    names = [g.name for g in games()]
    hidden = [g.name for g in games(include_hidden=True) if g.hidden]
    p = argparse.ArgumentParser(
        prog=prog,
        description="Tricade: Triple 3, Tribolo, Tripppin and TriAxis, as they were.",
        epilog="Display flags hold for one run; the Settings screen keeps choices. "
               "Keys anywhere: F11 or Alt+Enter toggles full screen. Also by name: "
               + ", ".join(hidden) + ". Network play, before any flag: serve, table, "
               "tables or bot (each with --help; docs/network.md).")
    p.add_argument("game", nargs="?", metavar="GAME", choices=names + hidden,
                   help="start this game at once (one of: %s)" % ", ".join(names))
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--fullscreen", dest="fullscreen", action="store_const", const=True,
                      help="full screen, this run only (F11 toggles it and keeps it)")
    mode.add_argument("--window", dest="fullscreen", action="store_const", const=False,
                      help="in a window, this run only")
    p.add_argument("--scale", choices=("integer", "aspect", "stretch"),
                   help="this run only: integer: whole multiples; aspect: the original "
                        "picture shape; stretch: fill the screen")
    lines = p.add_mutually_exclusive_group()
    lines.add_argument("--scanlines", dest="scanlines", action="store_const", const=True,
                       help="darken the last window line of every native line, this run only")
    lines.add_argument("--no-scanlines", dest="scanlines", action="store_const", const=False,
                       help="no scanlines this run")
    p.add_argument("--mute", action="store_true", help="no sound this time")
    p.add_argument("--data-dir", metavar="DIR",
                   help="where settings, saves and scores live (default: the XDG data dir)")
    p.add_argument("--seed", type=_seed, metavar="N", help="the first game's random seed")
    p.add_argument("--frames", type=_positive, metavar="N",
                   help="run N frames (at 60 a second), then exit")
    p.add_argument("--screenshot", metavar="FILE",
                   help="at exit, write the last presented frame as PNG")
    p.add_argument("--kiosk", action="store_true",
                   help="cabinet mode: full screen, no way out but the operator menu "
                        "(also the kiosk setting; see docs/cabinet.md)")
    p.add_argument("--size", type=_size, metavar="WxH", help="the window's size")
    p.add_argument("--set-pin", action="store_true",
                   help="set the cabinet operator's PIN (4 digits) read from stdin, then exit")
    p.add_argument("--replay", metavar="FILE",
                   help="open GAME's replay of this game record (a 'tricade GAME seed N' "
                        "text, or a save)")
    p.add_argument("--review", metavar="FILE",
                   help="judge every move of this game record and write it as JSON to "
                        "--json OUT, then exit; no window")
    p.add_argument("--json", metavar="OUT", help="where --review writes (- for stdout)")
    p.add_argument("--books", nargs="?", const="-", metavar="FILE",
                   help="print the cabinet's books and day-by-day history as CSV (or write "
                        "them to FILE), then exit; no window (also while the cabinet runs)")
    return p


def parse_args(argv=None, prog: str = PROG):
    parser = build_parser(prog)
    args = parser.parse_args(argv)
    if args.data_dir and os.path.exists(args.data_dir) and not os.path.isdir(args.data_dir):
        parser.error(f"--data-dir {args.data_dir!r} is a file, not a directory")
    if args.data_dir and args.books is not None:
        pass                      # --books reads a cabinet's folder and makes none
    elif args.data_dir:
        # a folder asked for by name must be usable now (the default one may be told
        # later and play goes on: the person did not choose it)
        from games.core.store import Store, why
        try:
            Store(args.data_dir, log=lambda s: None).probe()
        except OSError as exc:
            parser.error(f"--data-dir {args.data_dir!r} cannot be used: {why(exc)}")
    # a path a person names is read or written only as a regular file (games.core.files):
    # a FIFO would hold the start for ever, a device or a folder be replaced by a file
    from games.core import files
    for flag, path, write in (("--replay", args.replay, False), ("--review", args.review, False),
                              ("--json", args.json, True), ("--books", args.books, True),
                              ("--screenshot", args.screenshot, True)):
        if path is None or (path == "-" and flag in ("--json", "--books")):
            continue
        try:
            files.to_write(path) if write else files.to_read(path)
        except files.NotAFile as exc:
            parser.error(f"{flag}: {path} {exc}")
        except OSError as exc:            # a file to read that is not there: said below
            if write:
                parser.error(f"{flag}: {path}: {exc.strerror or exc}")
    if (args.replay or args.review) and not args.game:   # the record names its game
        path = args.replay or args.review
        flag = "--replay" if args.replay else "--review"
        try:
            args.game = _game_named_in(path)
        except files.NotAFile as exc:     # a FIFO, a device, a folder: one sentence
            parser.exit(2, f"{parser.prog}: {flag} {path} {exc}\n")
        except OSError as exc:            # one sentence, status 2, as with a GAME
            parser.exit(2, f"{parser.prog}: {flag} {path}: {exc.strerror or exc}\n")
        except ValueError as exc:
            parser.exit(2, f"{parser.prog}: {flag} {path}: {exc}\n")
    if args.review and not args.json:
        parser.error("--review needs --json OUT (where to write the judgement)")
    if args.json and not args.review:
        parser.error("--json goes with --review FILE")
    if args.replay and args.review:
        parser.error("--replay and --review are one at a time")
    if args.screenshot:
        parent = os.path.dirname(os.path.abspath(files.to_write(args.screenshot)))
        if not os.access(parent, os.W_OK) or (os.path.exists(args.screenshot)
                                              and not os.access(args.screenshot, os.W_OK)):
            parser.error(f"--screenshot: Tricade is not allowed to write {args.screenshot!r}")
        if not args.screenshot.lower().endswith(".png"):
            parser.error("--screenshot: the file name must end in .png")
    return args


def root_scene(app) -> None:
    """The composition root: the launcher, or the game named on the command line alone
    (quitting it ends the program, as starting it by name promised; the launcher only if it
    cannot be opened). In cabinet mode (--kiosk or the kiosk setting) the cabinet installs
    the launcher and watches over it: credits, attract loop, operator menu."""
    from games.launcher.scene import LauncherScene, open_game
    game = app.options.game
    if app.kiosk:
        from games.cabinet import install
        install(app)
    elif not game:
        app.push(LauncherScene(app))
    if game and not open_game(app, game, seed=app.options.seed) and not app.stack:
        app.push(LauncherScene(app))
    elif game and app.options.replay is not None and not app.kiosk:
        host = next((s for s in app.stack if getattr(s, "game", None) == game
                     and hasattr(s, "open_replay")), None)
        if host is not None:         # over its title page: leaving the replay shows it
            host.open_replay(app.options.replay)


def read_record(game: str, path: str) -> dict:
    """The game in a record (or save) file of ``game``, checked by replaying it;
    ValueError (or OSError) says what is wrong, in one sentence."""
    import games
    from games.core import review
    entry = games.get(game)
    data = review.read_game(entry, path)
    if data.get("game") not in (None, game):
        raise ValueError(f"it is a game of {data.get('game')!r}, not {game!r}")
    review.states_of(entry, data)
    return data


def _game_named_in(path: str) -> str:
    """The game a record's first line (``tricade GAME seed N``) or a save names; ValueError
    (or OSError) says in one sentence why the file names none of ours."""
    import games
    from games.core import files, gamerecord, review
    # OSError and files.NotAFile: said by the caller
    text = files.read_bytes(path, gamerecord.MAX_RECORD_BYTES + 1).decode("utf-8", "replace")
    if text.lstrip().startswith("{"):
        name = review.save_data(text, path).get("game")
        if not isinstance(name, str) or not name:
            raise ValueError("the save names no game")
        where = "the save is of"
    else:
        name = gamerecord.from_text(text)["game"]     # ValueError: the line that is wrong
        where = "line 1: the record is of"
    entry = games.REGISTRY.get(name)
    if entry is None or not entry.is_game:
        known = ", ".join(e.name for e in games.playable())
        raise ValueError(f"{where} {name!r}, which is no game here (the games: {known})")
    return name


def review_command(game: str, path: str, out: str) -> int:
    """--review FILE --json OUT: the judgement of every move, no window."""
    from games.core import review
    return review.main([game, path, "--json", out])


_LOCK = None       # the data folder's lock, held until the process ends


def _proc(pid, name: str) -> str:
    try:
        with open(f"/proc/{int(pid)}/{name}", "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace")
    except (OSError, ValueError):
        return ""


def _this_command() -> list:
    """How this Tricade was started: ``python main.py`` in a checkout, else ``tricade``."""
    first = sys.argv[0] if sys.argv and sys.argv[0] else "tricade"
    if first.endswith(".py"):
        return [sys.executable, os.path.abspath(first)]
    return [first]


def set_pin_while_running(folder: str, data_dir=None) -> str:
    """What --set-pin says when a running Tricade holds the data folder: how to stop it
    (the exact command for the way it was started), set the PIN, and start it again."""
    from games.core import files
    from games.core.store import LOCK_NAME
    try:
        pid = int(files.read_bytes(os.path.join(folder, LOCK_NAME), 64).split()[0])
    except (OSError, ValueError, IndexError):
        pid = None
    import shlex
    again = " ".join(shlex.quote(a) for a in (
        _this_command() + ["--set-pin"] + (["--data-dir", data_dir] if data_dir else [])))
    head = (f"Tricade is running (it holds the data folder {folder}), so the PIN cannot "
            f"be set now. Stop it, set the PIN, then start it again:\n")
    if pid and "tricade.service" in _proc(pid, "cgroup"):
        return (head + f"  systemctl --user stop tricade\n  {again}\n"
                       f"  systemctl --user start tricade")
    stat = _proc(pid, "stat") if pid else ""
    parent = stat[stat.rfind(")") + 2:].split()[1] if ")" in stat else None
    if parent and "respawn.py" in _proc(parent, "cmdline"):
        return (head + f"  kill {parent}        # its keeper, cabinet/respawn.py, and Tricade\n"
                       f"  {again}\n  and log in again (the desktop's autostart starts it)")
    if pid:
        return head + f"  kill {pid}\n  {again}\n  and start Tricade again"
    return head + f"  close the other Tricade\n  {again}"


def main(argv=None, prog: str = PROG, started: float | None = None) -> int:
    """Run Tricade with these arguments (default: the command line's); the exit status."""
    global _LOCK
    words = sys.argv[1:] if argv is None else list(argv)
    if words and words[0] in NET_COMMANDS:    # no window, no data folder lock
        from games.net.commands import main as net_main
        return net_main(words, prog)
    args = parse_args(argv, prog)
    if args.review:                       # no window, no data folder
        return review_command(args.game, args.review, args.json)
    replay = None
    if args.replay:
        try:
            replay = read_record(args.game, args.replay)
        except OSError as exc:
            print(f"{prog}: --replay {args.replay}: {exc.strerror or exc}", file=sys.stderr)
            return 2
        except ValueError as exc:
            print(f"{prog}: --replay {args.replay}: {exc}", file=sys.stderr)
            return 2
    if args.books is not None:            # read only: no lock, no window (docs/cabinet.md)
        from games.cabinet.operator import books_command
        return books_command(args.data_dir, args.books)
    from games.core import store
    from games.core.stopping import StopSignals
    # a stop signal from here on is kept and ends the app before its first frame (Python's
    # own Ctrl+C, raised in the middle of start-up, could be dropped there)
    stops = StopSignals().install()
    try:
        _LOCK = store.lock_data_dir(args.data_dir)
    except store.AlreadyRunning as exc:
        stops.restore()
        if args.set_pin:                  # the cabinet runs: say how to stop it, exactly
            print(set_pin_while_running(str(exc), args.data_dir), file=sys.stderr)
            return 1
        print(f"Another Tricade is already using the data folder {exc}; close it first, or "
              f"give this one its own folder with --data-dir.", file=sys.stderr)
        return 1
    except store.LockRefused as exc:      # a folder, a link or a FIFO as the lock: refused
        stops.restore()
        print(exc, file=sys.stderr)
        return 1
    from games.core.app import Options, run
    from games.core.display import DisplayUnavailable
    if args.set_pin:                      # no window: the PIN from stdin (docs/cabinet.md)
        stops.restore()                   # (Ctrl+C at its prompt ends it as before)
        if stops.stopped:
            return 0
        from games.cabinet.operator import set_pin_command
        return set_pin_command(args.data_dir)
    try:
        return run(Options(game=args.game, fullscreen=args.fullscreen, scale=args.scale,
                           scanlines=args.scanlines, mute=args.mute, data_dir=args.data_dir,
                           seed=args.seed, frames=args.frames, screenshot=args.screenshot,
                           window_size=args.size, kiosk=args.kiosk, replay=replay,
                           started=STARTED if started is None else started),
                       root_scene, stops)
    except DisplayUnavailable as exc:     # no screen: one sentence, not an invisible run
        print(exc, file=sys.stderr)
        return 1
    finally:
        stops.restore()


def entry(prog: str = PROG, started: float | None = None) -> None:
    """The console command ``tricade`` (and ``python main.py``): run, then exit with the
    status."""
    try:
        sys.exit(main(prog=prog, started=started))
    except KeyboardInterrupt:
        # Ctrl+C in the terminal: end quietly. The app has closed itself on the way out
        # (saves are whole files, written at once); leave without the interpreter's own
        # clean-up, which a stop in the middle of SDL's start could leave waiting.
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
        os._exit(130)


if __name__ == "__main__":
    entry()
