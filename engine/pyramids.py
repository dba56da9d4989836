"""Looney Pyramids equipment shared by Pach-Ice-i, IceSickle and Ice-Turn."""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum

from .core import IllegalMove


class Size(IntEnum):
    """A pyramid's size; its value is its pip count."""

    SMALL = 1
    MEDIUM = 2
    LARGE = 3

    @property
    def pips(self) -> int:
        return int(self)

    # Looked up, not derived from ``name`` (an enum's name is a slow attribute): every move's
    # notation asks for these.
    @property
    def letter(self) -> str:
        return _LETTERS[self]

    @property
    def word(self) -> str:
        return _WORDS[self]

    @classmethod
    def from_letter(cls, letter: str) -> Size:
        size = _OF_LETTER.get(letter.strip().upper())
        if size is None:
            raise IllegalMove(f"{letter!r} is not a pyramid size; use S, M or L.")
        return size


_LETTERS = {size: size.name[0] for size in Size}
_WORDS = {size: size.name.lower() for size in Size}
_OF_LETTER = {letter: size for size, letter in _LETTERS.items()}


SIZES = (Size.SMALL, Size.MEDIUM, Size.LARGE)
SIZE_WORDS = {int(s): s.word for s in SIZES}
"""Pips -> "small", "medium", "large"."""
SIZE_LETTERS = {int(s): s.letter for s in SIZES}
"""Pips -> "S", "M", "L" (the notation's letters)."""
SIZE_OF_LETTER = {s.letter.lower(): int(s) for s in SIZES}
"""A notation letter, lower case -> pips."""
TRIO = SIZES
"""A trio: one pyramid of each size."""
STASH_TRIOS = 5
"""A monochrome (Icehouse) stash is five trios: 5 small, 5 medium, 5 large."""
STASH_PIECES = STASH_TRIOS * len(TRIO)
TREE = (Size.LARGE, Size.MEDIUM, Size.SMALL)
"""A tree, bottom first: large at the bottom, small on top."""
NEST = (Size.SMALL, Size.MEDIUM, Size.LARGE)
"""A nest, bottom first: small at the bottom, large on top."""


def is_tree(stack: Sequence[Size]) -> bool:
    """True for a full tree (bottom first)."""
    return tuple(stack) == TREE


def is_nest(stack: Sequence[Size]) -> bool:
    """True for a full nest (bottom first)."""
    return tuple(stack) == NEST


def pips(sizes: Sequence[Size | int]) -> int:
    return sum(int(s) for s in sizes)


def count_words(counts: Sequence[int]) -> str:
    """``(3, 0, 2)`` -> ``"3 small, 2 large"`` (counts indexed small, medium, large)."""
    parts = [f"{n} {size.word}" for size, n in zip(SIZES, counts, strict=True) if n]
    return ", ".join(parts) if parts else "none"
