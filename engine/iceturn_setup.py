"""Ice-Turn's setup (RULINGS.md): the round-robin deal of the 16 tiles as chance moves, one
seat's whole hand at a time (``deal QDDAAAAA``; the last hand is forced), and the placement of
the tiles in turn from seat 0 (``Q@b2``, ``D@b2n``, ``A@b2n``).

While placing: at most one Q-Turner in any row or column, no single arrow pointing off the
board, and a placement is legal only if every Q-Turner not yet placed can still be placed: the
free rows and columns must still offer the remaining Q-Turners distinct empty cells (a
matching of free rows to free columns through empty cells).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from math import comb

from .core import Move
from .iceturn_board import (
    FACINGS,
    GRID,
    KINDS,
    TILE_COUNTS,
    TILE_WORDS,
    A,
    D,
    Q,
    Tile,
    points_inward,
)

Hand = tuple[int, int, int]
"""Tiles by kind: (Q-Turners, double arrows, single arrows)."""
Tiles = tuple[Tile | None, ...]
"""The grid's tiles by cell, ``None`` where none is placed yet."""


@dataclass(frozen=True, slots=True, repr=False)
class Deal(Move):
    """The next seat's whole hand (a chance move)."""

    hand: Hand

    def __str__(self) -> str:
        return "deal " + "".join(kind * n for kind, n in zip(KINDS, self.hand, strict=True))


@dataclass(frozen=True, slots=True, repr=False)
class Place(Move):
    """Put a tile from the hand on an empty cell: ``Q@b2``, ``D@b2n`` (axis), ``A@b2e``."""

    tile: Tile
    cell: int

    def __str__(self) -> str:
        kind, facing = self.tile
        return f"{kind}@{GRID.name(self.cell)}{'' if kind == Q else FACINGS[facing]}"


DEAL_TEXT = re.compile(r"^deal ([qda]+)$")
PLACE_TEXT = re.compile(r"^([qda])@([a-z][0-9]+)([nesw]?)$")  # off the board: named so
PLACE_NO_AT = re.compile(r"^([qda]) ?([a-z][0-9]+) ?([nesw]?)$")
"""``q a1``, ``d a1 n``: a placement missing its @."""


def hand_sizes(num_players: int) -> tuple[int, ...]:
    """Round robin from seat 0: 16 tiles over the seats (3 players: 6, 5, 5)."""
    total = sum(TILE_COUNTS.values())
    return tuple(len(range(seat, total, num_players)) for seat in range(num_players))


def deal_outcomes(left: Hand, size: int) -> list[tuple[Deal, float]]:
    """Every hand of ``size`` tiles drawn from the ``left`` ones, with its probability (a
    shuffled deck: which cards a round-robin seat gets is a uniform draw)."""
    total = comb(sum(left), size)
    outcomes = []
    for q in range(min(left[0], size) + 1):
        for d in range(min(left[1], size - q) + 1):
            a = size - q - d
            if a <= left[2]:
                ways = comb(left[0], q) * comb(left[1], d) * comb(left[2], a)
                outcomes.append((Deal((q, d, a)), ways / total))
    return outcomes


def read_hand(letters: str) -> Hand | None:
    """``QDDAAAAA`` -> (1, 2, 5); ``None`` when the letters are not in the order Q, D, A."""
    hand = (letters.count("q"), letters.count("d"), letters.count("a"))
    return hand if "q" * hand[0] + "d" * hand[1] + "a" * hand[2] == letters else None


def hand_words(hand: Hand) -> str:
    """``(1, 2, 0)`` -> "1 Q-Turner, 2 double arrows" ("empty" for none): the one wording of
    a hand, in the engine's refusals, the image's alt text, the chat and the terminal."""
    pairs = zip(KINDS, hand, strict=True)
    parts = [f"{n} {TILE_WORDS[k]}{'s' if n > 1 else ''}" for k, n in pairs if n]
    return ", ".join(parts) or "empty"


def q_cells(tiles: Tiles) -> list[int]:
    """Empty cells whose row and column hold no Q-Turner."""
    rows = {GRID.rank(c) for c, t in enumerate(tiles) if t is not None and t[0] == Q}
    cols = {GRID.file(c) for c, t in enumerate(tiles) if t is not None and t[0] == Q}
    return [
        c
        for c, t in enumerate(tiles)
        if t is None and GRID.rank(c) not in rows and GRID.file(c) not in cols
    ]


LINES = tuple(
    sum(
        1 << other
        for other in range(GRID.size)
        if GRID.rank(other) == GRID.rank(cell) or GRID.file(other) == GRID.file(cell)
    )
    for cell in range(GRID.size)
)
"""Per cell, the cells of its row and its column (itself included), as a bit mask."""


def qs_placeable(tiles: Tiles, count: int) -> bool:
    """Whether ``count`` more Q-Turners fit: distinct free rows and columns, empty cells."""
    return _fit(_q_mask(tiles), count)


def _q_mask(tiles: Tiles) -> int:
    """:func:`q_cells` as a bit mask."""
    return sum(1 << cell for cell in q_cells(tiles))


@cache
def _fit(cells: int, count: int) -> bool:
    """Whether ``count`` Q-Turners fit on the cells of mask ``cells`` (those a Q-Turner may
    take: empty, in a row and a column with none), each taking its row and column. A
    position's answer depends on this mask alone, so it is worked out once (at most
    2**16 masks): place one, recurse, at most 4 levels."""
    if count == 0:
        return True
    if cells.bit_count() < count:
        return False
    rest = cells
    while rest:
        cell = (rest & -rest).bit_length() - 1
        rest &= rest - 1
        if _fit(cells & ~LINES[cell], count - 1):
            return True
    return False


def placements(tiles: Tiles, hand: Hand, qs_left: int) -> list[Place]:
    """The legal placements from ``hand``; ``qs_left``: Q-Turners not yet placed, this hand's
    included."""
    moves = []
    free = [c for c, t in enumerate(tiles) if t is None]
    cells = _q_mask(tiles)
    if hand[0]:
        for cell in q_cells(tiles):
            if _fit(cells & ~LINES[cell], qs_left - 1):  # a Q-Turner there
                moves.append(Place((Q, 0), cell))
    for kind, count, facings in ((D, hand[1], (0, 1)), (A, hand[2], (0, 1, 2, 3))):
        if not count:
            continue
        for cell in free:
            if not _fit(cells & ~(1 << cell), qs_left):  # another tile there
                continue
            for facing in facings:
                if kind == D or points_inward((A, facing), cell):
                    moves.append(Place((kind, facing), cell))
    return moves
