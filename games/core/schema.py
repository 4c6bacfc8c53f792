"""A small declarative schema for the values read from files (settings, saves, options).

Pure Python, no pygame. A schema is a tree of fields::

    SETTINGS = Table({"volume": Int(0, 10, 8), "scale": Choice(("integer", "aspect"), "aspect"),
                      "keys": Table({"up": ListOf(Str(40), max_len=8, min_len=1,
                                                   default=["up"])})})

- ``field.clean(data)`` checks a whole value read from a file: each bad value inside is
  replaced by its default (a missing key too), and only a root that is unusable as a whole
  (a Table given a list, say) raises StoreError, so the store moves the file aside.
- ``field.fix(value)`` never raises: a bad value gives a fresh copy of the default. Use it
  for a part (``GAME_OPTIONS.fix(settings["games"].get("tribolo"))``).
- ``field.default`` is a fresh copy of the default every time it is read.
- Both take ``problems=[]`` to collect where values were replaced ("volume: 99 is out of
  range"), for tests and logs.

Types are strict, as JSON has them: a string "true" is not a Bool, a bool is not an Int
(``version: true`` is bad), a float is not an Int (3.0 is bad).
"""

from __future__ import annotations

import copy
import math
import re
from typing import Any, Iterable

__all__ = ["StoreError", "Field", "Bool", "Int", "Float", "Choice", "Str", "ListOf", "Table",
           "Raw", "MISSING"]


class StoreError(ValueError):
    """A file's contents are not what they should be (the message says why)."""


class _Missing:
    def __repr__(self):
        return "MISSING"


MISSING = _Missing()     # the value of a key that is not there
_BAD = object()          # internal: "this value is bad"


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class Field:
    """Base class: subclasses define ``_take(value, problems, where) -> cleaned or _BAD``."""

    def __init__(self, default: Any):
        self._default = default
        if self._take(default, None, "") is _BAD:
            raise ValueError(f"{type(self).__name__}: the default {default!r} is not valid")

    @property
    def default(self) -> Any:
        return copy.deepcopy(self._default)

    def _take(self, value: Any, problems: list | None, where: str) -> Any:
        raise NotImplementedError

    def _get(self, value: Any, problems: list | None, where: str) -> Any:
        """The cleaned value, or the default (noting the problem)."""
        out = self._take(value, problems, where)
        if out is _BAD:
            if problems is not None and value is not MISSING:
                problems.append(f"{where or 'value'}: {_show(value)} is not valid")
            return self.default
        return out

    def fix(self, value: Any = MISSING, problems: list | None = None) -> Any:
        """The cleaned value, or a fresh default if the value is bad. Never raises."""
        try:
            return self._get(value, problems, "")
        except RecursionError:
            return self.default

    def clean(self, data: Any, problems: list | None = None) -> Any:
        """A whole value read from a file: StoreError if it is unusable as a whole."""
        try:
            out = self._take(data, problems, "")
        except RecursionError:
            raise StoreError("it is nested too deeply") from None
        if out is _BAD:
            raise StoreError(f"it does not hold {self.describe()}")
        return out

    def describe(self) -> str:
        return "a valid value"


class Bool(Field):
    def _take(self, value, problems, where):
        return value if type(value) is bool else _BAD

    def describe(self):
        return "true or false"


class Int(Field):
    def __init__(self, lo: int | None = None, hi: int | None = None, default: int = 0):
        self.lo, self.hi = lo, hi
        super().__init__(default)

    def _take(self, value, problems, where):
        if type(value) is not int:
            return _BAD
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            return _BAD
        return value

    def describe(self):
        return f"a whole number from {self.lo} to {self.hi}"


class Float(Field):
    """A finite number (an int is accepted and returned as a float; a bool is not)."""

    def __init__(self, lo: float | None = None, hi: float | None = None, default: float = 0.0):
        self.lo, self.hi = lo, hi
        super().__init__(default)

    def _take(self, value, problems, where):
        if type(value) not in (int, float) or not math.isfinite(value):
            return _BAD
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            return _BAD
        return float(value)

    def describe(self):
        return f"a number from {self.lo} to {self.hi}"


class Choice(Field):
    """One of a few values; the type must match too (True is not 1)."""

    def __init__(self, values: Iterable, default: Any):
        self.values = tuple(values)
        super().__init__(default)

    def _take(self, value, problems, where):
        for v in self.values:
            if type(v) is type(value) and v == value:
                return v
        return _BAD

    def describe(self):
        return "one of " + ", ".join(map(repr, self.values))


class Str(Field):
    def __init__(self, max_len: int = 200, pattern: str | None = None, default: str = "",
                 min_len: int = 0):
        self.max_len, self.min_len = max_len, min_len
        self.pattern = re.compile(pattern) if pattern else None
        super().__init__(default)

    def _take(self, value, problems, where):
        if type(value) is not str or not self.min_len <= len(value) <= self.max_len:
            return _BAD
        if self.pattern is not None and not self.pattern.fullmatch(value):
            return _BAD
        return value

    def describe(self):
        return f"text of at most {self.max_len} characters"


class Raw(Field):
    """Any JSON value, kept as it is (a copy). For parts another schema checks later."""

    def __init__(self, default: Any = None, types: tuple = ()):
        self.types = types
        super().__init__(default)

    def _take(self, value, problems, where):
        if value is MISSING or (self.types and type(value) not in self.types):
            return _BAD
        return copy.deepcopy(value)


class ListOf(Field):
    """A list of items of one field.

    ``bad_item="list"``: one bad item makes the whole list bad (its default is used);
    ``"drop"``: bad items are left out; ``"default"``: each bad item becomes the item's
    default. A list longer than ``max_len`` or shorter than ``min_len`` is bad."""

    def __init__(self, item: Field, max_len: int = 100, default: Any = (), min_len: int = 0,
                 bad_item: str = "list"):
        if bad_item not in ("list", "drop", "default"):
            raise ValueError("bad_item must be 'list', 'drop' or 'default'")
        self.item, self.max_len, self.min_len, self.bad_item = item, max_len, min_len, bad_item
        super().__init__(list(default))

    def _take(self, value, problems, where):
        if type(value) is not list or len(value) > self.max_len:
            return _BAD
        out = []
        for i, v in enumerate(value):
            at = f"{where}[{i}]"
            got = self.item._take(v, problems, at)
            if got is _BAD:
                if self.bad_item == "list":
                    return _BAD
                if problems is not None:
                    problems.append(f"{at}: {_show(v)} is not valid")
                if self.bad_item == "drop":
                    continue
                got = self.item.default
            out.append(got)
        if len(out) < self.min_len:
            return _BAD
        return out

    def describe(self):
        return "a list"


class Table(Field):
    """A JSON object with known keys, each its own field (missing or bad: its default).

    ``extra`` says what happens to keys not declared: ``"drop"`` (the default), ``"keep"``
    (kept as they are), or a Field that each extra value must pass (a bad one is dropped).
    Extra keys must be strings of at most 100 characters; at most ``max_extra`` are kept."""

    def __init__(self, fields: dict, extra: Any = "drop", max_extra: int = 256):
        if not (extra in ("drop", "keep") or isinstance(extra, Field)):
            raise ValueError("extra must be 'drop', 'keep' or a Field")
        self.fields, self.extra, self.max_extra = dict(fields), extra, max_extra
        super().__init__({k: f.default for k, f in self.fields.items()})

    def _take(self, value, problems, where):
        if type(value) is not dict:
            return _BAD
        out = {}
        for key, field in self.fields.items():
            out[key] = field._get(value.get(key, MISSING), problems,
                                  f"{where}.{key}" if where else key)
        if self.extra != "drop":
            kept = 0
            for key, v in value.items():
                if key in self.fields:
                    continue
                at = f"{where}.{key}" if where else str(key)
                if type(key) is not str or len(key) > 100 or kept >= self.max_extra:
                    if problems is not None:
                        problems.append(f"{at}: dropped")
                    continue
                if self.extra == "keep":
                    got = copy.deepcopy(v)
                else:
                    got = self.extra._take(v, problems, at)
                    if got is _BAD:
                        if problems is not None:
                            problems.append(f"{at}: {_show(v)} is not valid, dropped")
                        continue
                out[key] = got
                kept += 1
        return out

    def describe(self):
        return "a table"
