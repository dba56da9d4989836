"""A memory with a bound: :class:`Recent`, a dict that keeps only its latest entries."""

from __future__ import annotations

from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Recent(dict[K, V]):
    """A dict of at most ``most`` entries: writing one more (``recent[key] = value``) drops
    the oldest written. For caches whose entries never go stale, only old."""

    def __init__(self, most: int) -> None:
        super().__init__()
        self.most = most

    def __setitem__(self, key: K, value: V) -> None:
        super().__setitem__(key, value)
        while len(self) > self.most:
            del self[next(iter(self))]
