"""What every game's rules module shares, and nothing else: the standard library only, no
pygame (DESIGN.md lets the rules import this module and nothing of the house besides).

``is_index`` and ``is_square`` tell a move value's squares from anything else, so that
``move_text`` refuses what is no move with a ValueError (RULES.md), never a TypeError.

``FrozenState`` is the immutable-value half of a rules ``State``: it refuses attribute
changes, compares and hashes by ``_key()`` (the hash cached in ``_hash``), and reads back
and pickles through the text form (``to_text``/``from_text``), so a state crosses to the
worker process as its text. A State sets its fields with ``object.__setattr__`` while it is
made, and ``_hash`` to None.
"""

from __future__ import annotations

from operator import attrgetter


class FrozenState:
    # slots that only remember work (legal moves and the like), recomputed when None
    _caches: tuple = ()

    def forget(self) -> None:
        """Drop what the state only remembers to save work (see ``_caches``): a table's
        history of thousands of positions then holds the positions alone."""
        for name in self._caches:
            object.__setattr__(self, name, None)

    def __setattr__(self, name, value):
        raise AttributeError("State is immutable")

    def __delattr__(self, name):
        raise AttributeError("State is immutable")

    def _key(self) -> tuple:
        """Everything that tells two positions apart."""
        raise NotImplementedError

    def __eq__(self, other):
        if not isinstance(other, type(self)):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self):
        h = self._hash
        if h is None:
            h = hash(self._key())
            object.__setattr__(self, "_hash", h)
        return h

    def __repr__(self):
        return f"State.from_text({self.to_text()!r})"

    def __reduce__(self):
        return (type(self).from_text, (self.to_text(),))

    def _fields(self, **values) -> None:
        """Set fields while the state is being made (it is immutable afterwards)."""
        for name, value in values.items():
            object.__setattr__(self, name, value)


def field(attr: str, doc: str = "") -> property:
    """A read-only view of one of a state's fields: ``board = field("_board")``."""
    return property(attrgetter(attr), doc=doc)


def is_index(value, size: int) -> bool:
    """``value`` is a whole number (not a bool) from 0 to size - 1: a square or zone index."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < size


def is_square(value, width: int, height: int) -> bool:
    """``value`` is a ``(column, row)`` tuple on a width x height board."""
    return (isinstance(value, tuple) and len(value) == 2 and is_index(value[0], width)
            and is_index(value[1], height))


def text_lines(text, header: str) -> list:
    """The lines of a text form (stripped, trailing blank lines dropped) whose first line is
    ``header``; ValueError naming line 1 otherwise."""
    if not isinstance(text, str):
        raise ValueError("line 1: the text form must be a string")
    lines = [ln.strip() for ln in text.split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    if not lines or lines[0] != header:
        found = repr(lines[0]) if lines else "nothing"
        raise ValueError(f"line 1: expected {header!r}, found {found}")
    return lines
