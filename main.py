"""Tricade: four small strategy games of 1989-1993, as their players remember them.

    python main.py [GAME] [--fullscreen | --window] [--scale integer|aspect|stretch]
                   [--scanlines | --no-scanlines] [--mute] [--data-dir DIR] [--seed N]
                   [--frames N] [--screenshot FILE] [--size WxH] [--kiosk] [--set-pin]
                   [--books [FILE]]

The checkout's way to start it; an installed Tricade is the command ``tricade``. Both run
games/cli.py.
"""

from __future__ import annotations

import time

STARTED = time.perf_counter()   # before any import that costs time: start-up is measured from here

from games import cli  # noqa: E402
from games.cli import MAX_SIZE, root_scene  # noqa: E402,F401

PROG = "python main.py"


def build_parser():
    return cli.build_parser(PROG)


def parse_args(argv=None):
    return cli.parse_args(argv, PROG)


def main(argv=None) -> int:
    return cli.main(argv, PROG, STARTED)


if __name__ == "__main__":
    cli.entry(PROG, STARTED)
