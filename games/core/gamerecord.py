"""A game record as text: what a replay opens and a review reads (pure, no pygame).

    tricade GAME seed N [name=value ...]
    [position]                  (only for a game that did not start from its seed: the
    | line of the position      starting position's text form, each line after "| ")
    | ...
    move                        one move or chance outcome a line, in the game's notation
    move                        (RULES.md), from the first ply on
    # a comment, and blank lines, are skipped

Options are written as ``name=value``: ``true``/``false`` for a flag, a whole number, a
name, or a list of those joined by commas. ``to_text`` writes what a save holds
(``Table.save_data``); ``from_text`` gives back the same dictionary, which ``Table.replay``
checks move by move as it checks a save.
"""

from __future__ import annotations

import re

MAX_RECORD_BYTES = 2 * 1024 * 1024
_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")


def _value_text(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, (list, tuple)) and value:
        return ",".join(_value_text(v) for v in value)
    if isinstance(value, str) and value and not any(c.isspace() for c in value) \
            and not set(value) & set("=,"):
        return value
    raise ValueError(f"the option value {value!r} cannot be written in a record")


def _value_of(text: str):
    if "," in text:
        return [_value_of(part) for part in text.split(",")]
    if text in ("true", "false"):
        return text == "true"
    if re.fullmatch(r"-?[0-9]+", text):
        return int(text)
    return text


def to_text(data: dict) -> str:
    """The record of a game, from ``Table.save_data()``."""
    head = f"tricade {data['game']} seed {data['seed']}"
    for name, value in sorted((data.get("options") or {}).items()):
        head += f" {name}={_value_text(value)}"
    lines = [head]
    if data.get("start") is not None:
        lines.append("position")
        lines += ["| " + line for line in data["start"].splitlines()]
    lines += list(data.get("moves") or [])
    return "\n".join(lines) + "\n"


def from_text(text: str, game: str | None = None) -> dict:
    """The record's game as a save's dictionary. ValueError names the line that is wrong.
    ``game``: the game the record must be of (None: any)."""
    if len(text.encode("utf-8", "replace")) > MAX_RECORD_BYTES:
        raise ValueError("the record is larger than any game's record (2 MiB)")
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1)]
    lines = [(n, line) for n, line in lines if line and not line.startswith("#")]
    if not lines:
        raise ValueError("the record is empty")
    n, head = lines[0]
    words = head.split()
    if len(words) < 4 or words[0] != "tricade" or words[2] != "seed":
        if head.isprintable() and len(head) <= 60:
            raise ValueError(f"line {n}: a record starts 'tricade GAME seed N', not {head!r}")
        raise ValueError(f"line {n}: a record starts 'tricade GAME seed N'; this file does"
                         " not (is it a game record?)")
    if game is not None and words[1] != game:
        raise ValueError(f"line {n}: the record is of {words[1]!r}, not {game!r}")
    try:
        seed = int(words[3])
    except ValueError:
        raise ValueError(f"line {n}: the seed {words[3]!r} is not a whole number") from None
    if not 0 <= seed < 2 ** 63:
        raise ValueError(f"line {n}: the seed must be between 0 and 2**63-1")
    options = {}
    for word in words[4:]:
        name, eq, value = word.partition("=")
        if not eq or not _NAME.match(name) or not value:
            raise ValueError(f"line {n}: {word!r} is not name=value")
        if name in options:
            raise ValueError(f"line {n}: the option {name} is given twice")
        options[name] = _value_of(value)
    rest = lines[1:]
    start = None
    if rest and rest[0][1] == "position":
        rest = rest[1:]
        block = []
        while rest and rest[0][1].startswith("|"):
            block.append(rest[0][1][1:].strip())
            rest = rest[1:]
        if not block:
            raise ValueError(f"line {n + 1}: 'position' is followed by no '| ' lines")
        start = "\n".join(block)
    moves = []
    for n, line in rest:
        if line.startswith("|") or line == "position":
            raise ValueError(f"line {n}: the position belongs before the first move")
        if " " in line:
            raise ValueError(f"line {n}: one move a line, not {line!r}")
        moves.append(line)
    return {"game": words[1], "seed": seed, "options": options, "start": start,
            "moves": moves}
