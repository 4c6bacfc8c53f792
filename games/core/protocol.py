"""What every game's rules module shares, and nothing else: the standard library only, no
pygame (DESIGN.md lets the rules import this module and nothing of the house besides).

``FrozenState`` is the immutable-value half of a rules ``State``: it refuses attribute
changes, compares and hashes by ``_key()`` (the hash cached in ``_hash``), and reads back
and pickles through the text form (``to_text``/``from_text``), so a state crosses to the
worker process as its text. A State sets its fields with ``object.__setattr__`` while it is
made, and ``_hash`` to None.
"""

from __future__ import annotations


class FrozenState:
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
