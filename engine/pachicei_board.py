"""The Pach-Ice-i board (RULINGS.md): a 7x7 checkerboard a1-g7, nine marked squares, and each
player's boustrophedon path of 49 squares from their own pad to the opponent's.

Squares are ``Grid`` indices (a1 = 0, rank * 7 + file). Black (seat 0) goes up file a, down
file b ... up file g, then into White's pad; White (seat 1) goes left along rank 7, right along
rank 6 ... left along rank 1, then into Black's pad. Index 0 of a path is the player's own pad
(entering with n lands on index n), index 50 (``GOAL``) the opponent's pad.
"""

from __future__ import annotations

from .grid import Grid

GRID = Grid(7, 7)
BLACK, WHITE = 0, 1
LAST = 49
"""The last board index of a path; an opponent's piece may not be moved past it."""
GOAL = 50
PIECES = 15
"""Each player's stash: 5 small, 5 medium, 5 large."""

MARKED = frozenset(GRID.parse(n) for n in ("a1", "a4", "a7", "d1", "d4", "d7", "g1", "g4", "g7"))


def colour(square: int) -> int:
    """``BLACK`` or ``WHITE``: a1 is black, and a square is black when file + rank (1-based)
    is odd. Marked squares count as both; see :data:`MARKED`."""
    return BLACK if (GRID.file(square) + GRID.rank(square) + 1) % 2 else WHITE


def _black_path() -> tuple[int, ...]:
    squares = []
    for file in range(7):
        ranks = range(7) if file % 2 == 0 else range(6, -1, -1)
        squares += [GRID.at(file, rank) for rank in ranks]
    return tuple(squares)  # type: ignore[arg-type]


def _white_path() -> tuple[int, ...]:
    squares = []
    for row in range(7):
        rank = 6 - row
        files = range(6, -1, -1) if row % 2 == 0 else range(7)
        squares += [GRID.at(file, rank) for file in files]
    return tuple(squares)  # type: ignore[arg-type]


PATHS = (_black_path(), _white_path())
"""``PATHS[seat][i - 1]``: the square at index i (1..49) of the seat's path."""
INDEX = tuple({square: i + 1 for i, square in enumerate(path)} for path in PATHS)
"""``INDEX[seat][square]``: the square's index on the seat's path."""
MOVABLE = tuple(
    frozenset(s for s in range(GRID.size) if colour(s) == seat or s in MARKED) for seat in (0, 1)
)
"""The squares a seat may move pieces from: their colour and the marked squares."""
