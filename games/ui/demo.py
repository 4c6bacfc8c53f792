"""What a demo game (the attract loop's computer-against-computer play) keeps: nothing."""

from __future__ import annotations

import copy


class NullStore:
    """The store of a demo game: reads like an empty data dir, keeps nothing."""

    def __init__(self, real):
        self.dir = real.dir
        self.notices = real.notices

    def exists(self, name: str) -> bool:
        return False

    def load(self, name, default, version=1, validate=None):
        return copy.deepcopy(default)

    def save(self, name, data, version=1):
        return False

    def delete(self, name) -> None:
        pass
