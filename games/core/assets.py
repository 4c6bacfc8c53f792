"""Where the art, the fonts and the sounds are: ``folder("fonts")`` and so on.

In a checkout they are the top-level folders ``fonts/``, ``sprites/`` and ``sounds/``,
beside the scripts that make them. An installed Tricade (``pip install .``, ``pipx install
.``) carries copies of their files inside the package, in ``games/assets/<name>/`` (the
build puts them there: setup.py), so the game finds them from any folder. The packaged copy
is looked for first; a checkout has none (``games/assets/`` is not in the repository).
"""
from __future__ import annotations

from pathlib import Path

NAMES = ("fonts", "sprites", "sounds")
PACKAGED = Path(__file__).resolve().parents[1] / "assets"     # games/assets/ when installed
CHECKOUT = Path(__file__).resolve().parents[2]                # the checkout's top level


def folder(name: str) -> Path:
    """The folder of one kind of asset: "fonts", "sprites" or "sounds"."""
    if name not in NAMES:
        raise ValueError(f"no asset folder {name!r} (one of {', '.join(NAMES)})")
    packaged = PACKAGED / name
    return packaged if packaged.is_dir() else CHECKOUT / name
