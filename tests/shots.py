"""Pictures the tests keep for a person to look at: $TRICADE_SHOTS, else /tmp/shots.

Tests on other xdist workers, and other checkouts' suites, write the same names at the
same time: each picture is written whole under a name of this process's own and renamed
into place, so a reader never sees half of one and no writer fails for another's."""
from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

SHOTS = Path(os.environ.get("TRICADE_SHOTS") or Path(tempfile.gettempdir()) / "shots")


def _into_place(name: str, write) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    final = SHOTS / name
    part = SHOTS / f".{os.getpid()}-{name}"       # keeps the extension: pygame reads it
    write(part)
    os.replace(part, final)
    return final


def save(surface, name: str) -> Path:
    """Save a pygame surface as SHOTS/name (a .png)."""
    import pygame
    return _into_place(name, lambda p: pygame.image.save(surface, str(p)))


def keep(path: Path, name: str) -> Path:
    """Keep a copy of a picture made elsewhere as SHOTS/name."""
    return _into_place(name, lambda p: shutil.copyfile(path, p))
