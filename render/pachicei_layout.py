"""Where things are on the Pach-Ice-i image (1100 x 780, fixed).

The board sits in the middle with a1 at the bottom left, as the rules name the squares; the
players sit at its diagonal, so each pad card is beside the corner its pieces enter at: Black's
pad at the bottom left (Black enters at a1), White's at the top right (White enters at g7).
The dice are above Black's pad and the last turn below White's; under the board a strip holds
the mover's rule line or, when the game is over, the banner.

Around the board: rank numbers on the left and file letters below (outside everything else),
Black's U-turns between files above and below the board, White's U-turns between ranks to its
left and right, and a short arrow where each path comes in and goes out.
"""

from __future__ import annotations

from engine.pachicei_board import GRID

WIDTH, HEIGHT = 1100, 780
HEADER = 64
MARGIN = 12
"""Between the image's edges and the cards."""
CARD_W = 228

CELL = 76
BOARD = CELL * 7
BOARD_X = MARGIN + CARD_W + 50
"""The left edge of the a-file; the rank numbers and White's left U-turns are in the gap."""
BOARD_Y = HEADER + 38
BOARD_R = BOARD_X + BOARD
BOARD_B = BOARD_Y + BOARD

LEFT_X = (MARGIN, MARGIN + CARD_W)
RIGHT_X = (WIDTH - MARGIN - CARD_W, WIDTH - MARGIN)
CARDS_TOP, CARDS_BOTTOM = HEADER + 12, HEIGHT - MARGIN
DICE_BOTTOM = 388
"""The dice card spans CARDS_TOP..DICE_BOTTOM; Black's pad card the rest of the left column."""
GAP = 12
WHITE_PAD_BOTTOM = CARDS_BOTTOM - (DICE_BOTTOM - CARDS_TOP) - GAP
"""White's pad card (top right) is as tall as Black's; the last turn's card fills the rest."""

STRIP = (LEFT_X[1] + 12, BOARD_B + 58, RIGHT_X[0] - 12, CARDS_BOTTOM)
"""Under the board: the rule line, or the banner when the game is over."""

TURN_OUT = 16
"""How far a U-turn bulges out of the board's edge."""
COORD_OUT = 37
"""How far the coordinates' centres are from the board's edge."""
PAD_OUT = 20
"""How far outside the corner square a pad's point (where entries start) is."""

Point = tuple[float, float]


def square_box(square: int) -> tuple[float, float, float, float]:
    x = BOARD_X + GRID.file(square) * CELL
    y = BOARD_Y + (GRID.height - 1 - GRID.rank(square)) * CELL
    return (x, y, x + CELL, y + CELL)


def centre(square: int) -> Point:
    x0, y0, x1, y1 = square_box(square)
    return ((x0 + x1) / 2, (y0 + y1) / 2)


def file_x(file: int) -> float:
    return BOARD_X + (file + 0.5) * CELL


def rank_y(rank: int) -> float:
    return BOARD_Y + (GRID.height - 0.5 - rank) * CELL


def pad_point(seat: int) -> Point:
    """Where a seat's pad is, as seen from the board: diagonally off its corner (Black's off
    a1, bottom left; White's off g7, top right). Entries start here, goal moves of the other
    seat end here."""
    if seat == 0:
        return (BOARD_X - PAD_OUT, BOARD_B + PAD_OUT)
    return (BOARD_R + PAD_OUT, BOARD_Y - PAD_OUT)


def pad_card(seat: int) -> tuple[float, float, float, float]:
    if seat == 0:
        return (LEFT_X[0], DICE_BOTTOM + GAP, LEFT_X[1], CARDS_BOTTOM)
    return (RIGHT_X[0], CARDS_TOP, RIGHT_X[1], WHITE_PAD_BOTTOM)


DICE_CARD = (LEFT_X[0], CARDS_TOP, LEFT_X[1], DICE_BOTTOM)
LAST_CARD = (RIGHT_X[0], WHITE_PAD_BOTTOM + GAP, RIGHT_X[1], CARDS_BOTTOM)
