"""The network protocol's words, limits and checks (pure: the standard library and the
registry only; no socket, no websockets).

Every message is one JSON object in one WebSocket text frame, with a ``type``. What each
message holds is written out in docs/network.md; ``check`` here is that page's client half
in code: a message from a client either passes it, cleaned, or raises ``ProtocolError``
whose ``about`` names the kind of fault and whose text is the one sentence the client gets.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets

VERSION = 1
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765

# table codes: five letters, none that reads as a digit (no O, no I)
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ"
CODE_LENGTH = 5
_CODE = re.compile(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}\\Z")

TOKEN_HEX = 32                    # a seat's secret: 128 bits, as 32 hex digits
_TOKEN = re.compile(r"[0-9a-f]{32}\Z")

MAX_MESSAGE = 8 * 1024            # the longest message a client may send (bytes)
FRAME_LIMIT = 64 * 1024           # the server's websockets max_size: a larger frame closes
CLIENT_FRAME_LIMIT = 8 * 1024 * 1024   # what a client takes (a welcome of a long game)
RATE = 20.0                       # messages a second a connection may send, on average
BURST = 40                        # ... and at once
MAX_ERRORS = 20                   # bad messages a connection may send in a minute
MAX_NAME = 24                     # characters of a seat's name
MAX_SEATS = 12
MAX_OPTIONS = 16
MAX_GRACE = 7 * 24 * 3600.0       # seconds an away seat may be waited for, at most
MAX_THINK = 30.0                  # the slowest pace a host may ask of the computer

SEAT_KINDS = ("remote", "computer")
SEAT_STATES = ("free", "here", "thinking", "away", "computer")
ON_AWAY = ("wait", "computer")    # what becomes of a seat away longer than the grace time
BY = {"h": "person", "c": "computer", "-": "chance"}   # the record's letters, in words

# the kinds of fault an error names ("about")
FAULTS = ("json", "size", "message", "version", "table", "game", "option", "seats", "token",
          "seat", "turn", "illegal", "chance", "over", "watching", "host", "flood", "busy", "server",
          "private", "started")

CLIENT_TYPES = ("create", "join", "move", "sync", "away", "list", "record", "close")


class ProtocolError(ValueError):
    """A message the server refuses: ``about`` (one of FAULTS) and one sentence."""

    def __init__(self, about: str, sentence: str):
        sentence = " ".join(sentence.split())           # one line, and one full stop
        super().__init__(sentence if sentence.endswith((".", "?", "!")) else sentence + ".")
        self.about = about

    def message(self, **extra) -> dict:
        return {"type": "error", "about": self.about, "error": str(self), **extra}


# -- codes, tokens, hashes ------------------------------------------------------------------
def new_code(taken=()) -> str:
    """A fresh table code, none of ``taken``."""
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


def normal_code(text) -> str | None:
    """A code as typed ("abcde", " ABCDE ") in its one spelling, or None if it is none."""
    if not isinstance(text, str):
        return None
    code = text.strip().upper()
    return code if _CODE.match(code) else None


def new_token() -> str:
    """A seat's secret: 128 random bits as hex."""
    return secrets.token_hex(TOKEN_HEX // 2)


def is_token(text) -> bool:
    return isinstance(text, str) and bool(_TOKEN.match(text))


def token_hash(token: str) -> str:
    """What the server keeps of a token (never the token itself)."""
    return hashlib.sha256(("tricade-seat/" + token).encode("ascii")).hexdigest()


def same_hash(a: str | None, b: str | None) -> bool:
    return bool(a) and bool(b) and hmac.compare_digest(a, b)


def position_hash(state) -> str:
    """The hash every move message carries: sha256 of the position's text form."""
    return text_hash(state.to_text())


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# -- text ------------------------------------------------------------------------------------
def encode(message: dict) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def decode(raw) -> dict:
    """A client's frame as a message dictionary with a known ``type``, or ProtocolError."""
    if isinstance(raw, (bytes, bytearray, memoryview)):
        raise ProtocolError("json", "Send text frames: a message is JSON text, not binary.")
    size = len(raw.encode("utf-8", "replace"))
    if size > MAX_MESSAGE:
        raise ProtocolError("size", f"The message is {size} bytes; at most {MAX_MESSAGE} "
                                    f"are taken.")
    try:
        message = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("json", "The message is not JSON.") from None
    if not isinstance(message, dict):
        raise ProtocolError("json", "A message is a JSON object with a \"type\".")
    kind = message.get("type")
    if kind not in CLIENT_TYPES:
        shown = kind if isinstance(kind, str) and kind.isprintable() and len(kind) < 20 \
            else None
        raise ProtocolError("message", f"There is no message type {shown!r}; the types are "
                            f"{', '.join(CLIENT_TYPES)}." if shown else
                            "The message has no \"type\" (create, join, move, sync, away, "
                            "list, record or close).")
    return message


def _name(text) -> str:
    if text is None:
        return ""
    if not isinstance(text, str) or not text.isprintable() or len(text) > MAX_NAME:
        raise ProtocolError("message", f"A name is printable text of at most {MAX_NAME} "
                                       f"characters.")
    return text.strip()


def _number(message, key, default, low, high) -> float:
    value = message.get(key, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not \
            low <= value <= high:
        raise ProtocolError("message", f"\"{key}\" is a number of seconds from {low:g} to "
                                       f"{high:g}.")
    return float(value)


def _token(message) -> str:
    token = message.get("token")
    if not is_token(token):
        raise ProtocolError("token", "A token is 32 lower-case hex digits (128 bits), kept "
                                     "by the client.")
    return token


def _code(message) -> str:
    code = normal_code(message.get("code"))
    if code is None:
        raise ProtocolError("table", f"A table code is {CODE_LENGTH} letters (no O or I).")
    return code


def check(message: dict) -> dict:
    """The message's fields checked and cleaned (ProtocolError names the first fault)."""
    kind = message["type"]
    if "version" in message and message["version"] != VERSION:
        raise ProtocolError("version", f"This server speaks protocol {VERSION}, not "
                                       f"{message['version']!r}.")
    if kind == "move":
        if any(k in message for k in ("outcome", "chance", "dice", "spin", "roll")):
            raise ProtocolError("chance", "The server draws every throw and spin; send only "
                                          "your move.")
        ply, text = message.get("ply"), message.get("move")
        if isinstance(ply, bool) or not isinstance(ply, int) or ply < 0:
            raise ProtocolError("message", "A move names its \"ply\" (a whole number: how "
                                           "many moves the game has before it).")
        if not isinstance(text, str) or not text or len(text) > 40 or not text.isprintable():
            raise ProtocolError("message", "A move's \"move\" is its notation (text, as in "
                                           "RULES.md).")
        return {"type": kind, "ply": ply, "move": text.strip()}
    if kind == "join":
        seats = message.get("seats", 1)
        watch = message.get("watch", False)
        if not isinstance(watch, bool):
            raise ProtocolError("message", "\"watch\" is true or false.")
        if isinstance(seats, bool) or not (
                isinstance(seats, int) and 0 <= seats <= MAX_SEATS
                or isinstance(seats, list) and len(seats) <= MAX_SEATS
                and all(isinstance(s, str) and 0 < len(s) <= 20 for s in seats)):
            raise ProtocolError("seats", "\"seats\" is how many seats to take (a number) or "
                                         "which (a list of seat names).")
        return {"type": kind, "code": _code(message), "token": _token(message),
                "name": _name(message.get("name")), "seats": seats, "watch": watch}
    if kind == "create":
        game, options, seats = message.get("game"), message.get("options", {}), \
            message.get("seats")
        if not isinstance(game, str) or not game or len(game) > 40:
            raise ProtocolError("game", "\"game\" names the game to play.")
        if not isinstance(options, dict) or len(options) > MAX_OPTIONS:
            raise ProtocolError("option", "\"options\" is an object of the game's options.")
        if seats is not None and not (isinstance(seats, list) and 0 < len(seats) <= MAX_SEATS):
            raise ProtocolError("seats", "\"seats\" is a list: one \"remote\" or "
                                         "\"computer:LEVEL\" a seat.")
        request = message.get("request")
        if request is not None and not is_token(request):
            raise ProtocolError("message", "\"request\" is 32 hex digits (a retried create "
                                           "finds its table by it).")
        on_away = message.get("on_away", "wait")
        if on_away not in ON_AWAY:
            raise ProtocolError("message", "\"on_away\" is \"wait\" or \"computer\".")
        level = message.get("level")
        if level is not None and (isinstance(level, bool) or not isinstance(level, int)):
            raise ProtocolError("message", "\"level\" is the computer's level (a number).")
        return {"type": kind, "game": game, "options": options,
                "seats": None if seats is None else [parse_seat(s) for s in seats],
                "token": _token(message), "name": _name(message.get("name")),
                "request": request, "on_away": on_away, "level": level,
                "grace": _number(message, "grace", 120.0, 0, MAX_GRACE),
                "think": _number(message, "think", 0.0, 0, MAX_THINK)}
    if kind == "away":
        choice = message.get("on_away")
        if choice not in ON_AWAY:
            raise ProtocolError("message", "\"on_away\" is \"wait\" or \"computer\".")
        return {"type": kind, "on_away": choice}
    if kind == "record":
        return {"type": kind, "code": _code(message)}
    if kind == "list":              # with a token: which tables it holds seats at
        return {"type": kind, "token": _token(message) if "token" in message else None}
    if kind == "close":
        hand_on = message.get("hand_on", False)
        if not isinstance(hand_on, bool):
            raise ProtocolError("message", "\"hand_on\" is true or false.")
        return {"type": kind, "code": _code(message), "token": _token(message),
                "hand_on": hand_on}
    return {"type": kind}                               # sync


# -- seats and options, as people type them ------------------------------------------------
def parse_seat(word) -> dict:
    """One seat of a table to create: "remote" or "computer:L" (L a level), or the same as
    an object {"kind": ..., "level": ...}."""
    if isinstance(word, dict):
        kind, level = word.get("kind"), word.get("level")
    elif isinstance(word, str):
        kind, _, level = word.strip().lower().partition(":")
        if level:
            try:
                level = int(level)
            except ValueError:
                raise ProtocolError("seats", f"{word!r}: a computer's level is a whole "
                                             f"number, as in computer:3.") from None
        else:
            level = None
    else:
        raise ProtocolError("seats", "A seat is \"remote\" or \"computer:LEVEL\".")
    if kind not in SEAT_KINDS:
        raise ProtocolError("seats", f"A seat is \"remote\" or \"computer:LEVEL\", not "
                                     f"{str(word)[:30]!r}.")
    if kind == "remote" and level is not None:
        raise ProtocolError("seats", "A remote seat has no level (its player chooses).")
    if level is not None and (isinstance(level, bool) or not isinstance(level, int)):
        raise ProtocolError("seats", "A computer's level is a whole number.")
    return {"kind": kind, "level": level}


def parse_seats_spec(spec: str) -> list:
    """The command line's --seats: "remote,remote,computer:3" -> seat dictionaries."""
    words = [w for w in spec.split(",")]
    if not spec.strip() or any(not w.strip() for w in words):
        raise ProtocolError("seats", f"--seats {spec!r}: one word a seat, comma separated, "
                                     f"e.g. remote,remote,computer:3.")
    return [parse_seat(w) for w in words]


def option_value(text: str):
    """An option's value as typed (name=value): true/false, a whole number, a name, or a
    list of those joined by commas (as a game record writes them)."""
    if "," in text:
        return [option_value(part) for part in text.split(",")]
    if text in ("true", "false"):
        return text == "true"
    if re.fullmatch(r"-?[0-9]+", text):
        return int(text)
    return text


def parse_option(text: str) -> tuple:
    name, eq, value = text.partition("=")
    if not eq or not re.fullmatch(r"[a-z][a-z0-9_]*", name) or not value:
        raise ProtocolError("option", f"--option {text!r} is not name=value, e.g. board=3.")
    return name, option_value(value)
