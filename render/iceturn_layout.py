"""Where things are on the Ice-Turn image (1000 x 1000, fixed: square, so that every text can
be at least MIN_TEXT px and still read at 10 px on a phone showing the image 450 px wide).

The 4x4 grid of tiles fills the top left under the header, a1 at the bottom left as the rules
name the cells (north = up = towards rank 4); rank numbers to its left, file letters below.
The right column holds the turn card (the dice, the points, the phase; the setup's progress;
the result) and the shown turn's moves (or, before any, what the tiles reach); the strip under
the board holds the players (their corners and pieces on the goal; during the setup their
hands of tiles), two to a row.
"""

from __future__ import annotations

from engine.iceturn_board import GRID

WIDTH, HEIGHT = 1000, 1000
HEADER = 72
MARGIN = 12
MIN_TEXT = 23
"""The smallest text on the image: 23 * 450 / 1000 = 10.35 px on a phone."""

CELL = 160
"""A cell of the grid; its tile is inset by TILE_GAP on every side."""
TILE_GAP = 4
BOARD = CELL * 4
BOARD_X = 46
BOARD_Y = HEADER + 20
BOARD_R = BOARD_X + BOARD
BOARD_B = BOARD_Y + BOARD
FRAME = 8
"""The dark frame around the grid."""
COORD_OUT = 27
"""How far the coordinates' centres are from the board's edge."""

PANEL_X = BOARD_R + FRAME + 16
PANEL_R = WIDTH - MARGIN
CARDS_TOP = HEADER + 12
CARDS_BOTTOM = HEIGHT - MARGIN
GAP = 12

TURN_CARD = (PANEL_X, CARDS_TOP, PANEL_R, CARDS_TOP + 350)
"""The roll, the Treehouse action, the points and the phase; the setup's progress; the result
when the game is over."""
LOG_CARD = (PANEL_X, TURN_CARD[3] + GAP, PANEL_R, CARDS_BOTTOM)
"""The shown turn's moves, or what each kind of tile reaches."""
PLAYERS_CARD = (MARGIN, BOARD_B + FRAME + 44, PANEL_X - GAP, CARDS_BOTTOM)
"""The players, two to a row, under the board."""


Point = tuple[float, float]
Box = tuple[float, float, float, float]


def cell_box(cell: int) -> Box:
    x = BOARD_X + GRID.file(cell) * CELL
    y = BOARD_Y + (GRID.height - 1 - GRID.rank(cell)) * CELL
    return (x, y, x + CELL, y + CELL)


def tile_box(cell: int) -> Box:
    x0, y0, x1, y1 = cell_box(cell)
    g = TILE_GAP
    return (x0 + g, y0 + g, x1 - g, y1 - g)


def centre(cell: int) -> Point:
    x0, y0, x1, y1 = cell_box(cell)
    return ((x0 + x1) / 2, (y0 + y1) / 2)


def file_x(file: int) -> float:
    return BOARD_X + (file + 0.5) * CELL


def rank_y(rank: int) -> float:
    return BOARD_Y + (GRID.height - 0.5 - rank) * CELL


UNIT = ((0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0))
"""Facings n e s w as image directions (y grows downwards)."""


def outer_corner(cell: int) -> tuple[int, int]:
    """For a corner cell, which way its board corner lies: (-1 | 1, -1 | 1) in image x, y."""
    sx = -1 if GRID.file(cell) == 0 else 1
    sy = 1 if GRID.rank(cell) == 0 else -1
    return sx, sy
