"""python -m tools.cabinetvm build|boot|measure|books (see tools/cabinetvm/__init__.py)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.cabinetvm")
    sub = p.add_subparsers(dest="what", required=True)
    b = sub.add_parser("build", help="the cabinet's disk image, from a clean debootstrap")
    b.add_argument("--out", type=Path, default=None)
    b.add_argument("--cache", type=Path, default=None)
    a = p.parse_args(argv)
    if a.what == "build":
        from tools.cabinetvm import image
        path = image.build(a.out or image.default_out(), a.cache)
        print(f"The image: {path}")
        return 0
    return 2


if __name__ == "__main__":
    sys.exit(main())
