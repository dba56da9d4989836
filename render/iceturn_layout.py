"""Where things are on the Ice-Turn image (1100 x 780, fixed).

The 4x4 grid of tiles fills the left of the image under the header, a1 at the bottom left as
the rules name the cells (north = up = towards rank 4); rank numbers to its left, file letters
below. The right column holds the panel's three cards: the turn (the dice, the points, the
phase) or the result, the players (their goals and, during the setup, their hands of tiles),
and the shown turn's moves (or, during the setup, what the tiles do).
"""

from __future__ import annotations

from engine.iceturn_board import GRID

WIDTH, HEIGHT = 1100, 780
HEADER = 64
MARGIN = 12

CELL = 154
"""A cell of the grid; its tile is inset by TILE_GAP on every side."""
TILE_GAP = 4
BOARD = CELL * 4
BOARD_X = 54
BOARD_Y = HEADER + 24
BOARD_R = BOARD_X + BOARD
BOARD_B = BOARD_Y + BOARD
FRAME = 8
"""The dark frame around the grid."""
COORD_OUT = 26
"""How far the coordinates' centres are from the board's edge."""

PANEL_X = BOARD_R + FRAME + 22
PANEL_R = WIDTH - MARGIN
CARDS_TOP = HEADER + 12
CARDS_BOTTOM = HEIGHT - MARGIN
GAP = 12

TURN_CARD = (PANEL_X, CARDS_TOP, PANEL_R, CARDS_TOP + 176)
"""The roll, the Treehouse action, the points and the phase; the setup's progress; the result
when the game is over."""
PLAYERS_TOP = TURN_CARD[3] + GAP
PLAYER_ROW = 36
"""A player's row in the players' card during play; during the setup it is HAND_ROW."""
HAND_ROW = 46


def players_card(num_players: int, setup: bool) -> tuple[float, float, float, float]:
    row = HAND_ROW if setup else PLAYER_ROW
    return (PANEL_X, PLAYERS_TOP, PANEL_R, PLAYERS_TOP + 42 + row * num_players + 8)


def log_card(num_players: int, setup: bool) -> tuple[float, float, float, float]:
    """The shown turn's moves (or, during the setup, the tiles' legend): the rest of the
    column."""
    top = players_card(num_players, setup)[3] + GAP
    return (PANEL_X, top, PANEL_R, CARDS_BOTTOM)


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
