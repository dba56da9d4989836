"""Square grids with chess-like coordinates: files a, b, c ... and ranks 1, 2, 3 ...

A square is an ``int`` index ``rank * width + file`` (both from 0), so a1 is 0 and ranks grow
north. Used by every pyramid game (5x5 Volcano board, 7x7 Pach-Ice-i board, 4x4 Ice-Turn tiles).
"""

from __future__ import annotations

import re
from functools import cached_property

from .core import IllegalMove, quote

# The eight directions as (file step, rank step); the first four are orthogonal.
ORTHOGONAL = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIAGONAL = ((1, 1), (1, -1), (-1, -1), (-1, 1))
ALL_DIRECTIONS = ORTHOGONAL + DIAGONAL

_SQUARE = re.compile(r"^([a-z])([0-9]{1,2})$")


class Grid:
    """A ``width`` x ``height`` board of squares named ``a1`` (south-west) upwards."""

    def __init__(self, width: int, height: int) -> None:
        if not (1 <= width <= 26 and 1 <= height <= 99):
            raise ValueError("grid too large for a1-style names")
        self.width = width
        self.height = height
        self.size = width * height
        self.names = tuple(f"{chr(ord('a') + i % width)}{i // width + 1}" for i in range(self.size))
        self._index = {name: i for i, name in enumerate(self.names)}

    def __repr__(self) -> str:
        return f"Grid({self.width}, {self.height})"

    @property
    def span(self) -> str:
        """The squares as a range for messages, e.g. ``a1-e5``."""
        return f"{self.names[0]}-{self.names[-1]}"

    def file(self, square: int) -> int:
        return square % self.width

    def rank(self, square: int) -> int:
        return square // self.width

    def name(self, square: int) -> str:
        return self.names[square]

    def at(self, file: int, rank: int) -> int | None:
        """The square at (file, rank), or ``None`` when that is off the board."""
        if 0 <= file < self.width and 0 <= rank < self.height:
            return rank * self.width + file
        return None

    def step(self, square: int, direction: tuple[int, int], distance: int = 1) -> int | None:
        df, dr = direction
        return self.at(self.file(square) + df * distance, self.rank(square) + dr * distance)

    def parse(self, text: str) -> int:
        """The square named ``text`` (any case); ``IllegalMove`` for a name that is not on it."""
        name = text.strip().lower()
        index = self._index.get(name)
        if index is not None:
            return index
        if _SQUARE.match(name):
            raise IllegalMove(f"{name} is not on the board (squares {self.span}).")
        raise IllegalMove(
            f"{quote(text.strip())} is not a square; squares are named like a1 or c3."
        )

    @cached_property
    def rays(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """``rays[square][d]``: the squares from ``square`` outwards in ``ALL_DIRECTIONS[d]``."""
        result = []
        for square in range(self.size):
            per_direction = []
            for direction in ALL_DIRECTIONS:
                ray = []
                nxt = self.step(square, direction)
                while nxt is not None:
                    ray.append(nxt)
                    nxt = self.step(nxt, direction)
                per_direction.append(tuple(ray))
            result.append(tuple(per_direction))
        return tuple(result)

    def line(self, start: int, end: int) -> tuple[tuple[int, int], int] | None:
        """The direction and distance from ``start`` to ``end`` when they share a straight line
        (orthogonal or diagonal), else ``None``."""
        df = self.file(end) - self.file(start)
        dr = self.rank(end) - self.rank(start)
        distance = max(abs(df), abs(dr))
        if distance == 0 or not (df == 0 or dr == 0 or abs(df) == abs(dr)):
            return None
        return (df // distance, dr // distance), distance
