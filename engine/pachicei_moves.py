"""Pach-Ice-i's moves (DESIGN.md notation): the roll ``roll 2 5 8``, a step ``c3+7`` (the piece
on c3, either colour, seven squares along the mover's path) and an entry ``S+12`` / ``M+9`` /
``L+4`` (from the tallest tree with that piece on top) or ``S1+12`` / ``M1+9`` (from a lone
one-piece tree, offered only when a taller tree with that piece on top also exists)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import product

from .core import Move
from .pachicei_board import GRID
from .pyramids import SIZE_LETTERS


@dataclass(frozen=True, slots=True, repr=False)
class Roll(Move):
    dice: tuple[int, int, int]

    def __str__(self) -> str:
        return "roll " + " ".join(map(str, self.dice))

    @property
    def pips(self) -> int:
        """The sum of the three d8 (see ``engine.core.Move``)."""
        return sum(self.dice)


@dataclass(frozen=True, slots=True, repr=False)
class Step(Move):
    square: int
    count: int

    def __str__(self) -> str:
        return f"{GRID.name(self.square)}+{self.count}"


@dataclass(frozen=True, slots=True, repr=False)
class Enter(Move):
    size: int
    lone: bool
    count: int

    def __str__(self) -> str:
        return f"{SIZE_LETTERS[self.size]}{'1' if self.lone else ''}+{self.count}"


_STEPS: dict[tuple[int, int], Step] = {}
_ENTERS: dict[tuple[int, int, int], Enter] = {}


def move_of(key: tuple[int, int, int]) -> Step | Enter:
    """The move the turn search (:mod:`engine.pachicei_turn`) keys ``(0, square, count)`` for a
    step and ``(size, lone, count)`` for an entry; one object per key."""
    kind, a, b = key
    if kind == 0:
        move = _STEPS.get((a, b))
        if move is None:
            move = _STEPS[(a, b)] = Step(a, b)
        return move
    entry = _ENTERS.get(key)
    if entry is None:
        entry = _ENTERS[key] = Enter(kind, bool(a), b)
    return entry


def _rolls() -> tuple[tuple[Roll, float], ...]:
    ways: dict[tuple[int, ...], int] = {}
    for dice in product(range(1, 9), repeat=3):
        key = tuple(sorted(dice))
        ways[key] = ways.get(key, 0) + 1
    return tuple((Roll(k), n / 512) for k, n in sorted(ways.items()))  # type: ignore[arg-type]


ROLLS = _rolls()
"""The 120 rolls of three d8, ascending, with their probabilities."""
ROLL_TEXT = re.compile(r"^roll ([1-8]) ([1-8]) ([1-8])$")
# ASCII digits only (\d also takes "٣"), and few of them: int() refuses 4,300 or more
STEP_TEXT = re.compile(r"^([a-z][0-9]+)\+([0-9]{1,3})$")
ENTER_TEXT = re.compile(r"^([sml])(1?)\+([0-9]{1,3})$")
