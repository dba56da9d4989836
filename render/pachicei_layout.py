"""Where things are on the Pach-Ice-i image (920 x 920, fixed).

Square, so that the text can be large enough to read on a phone (Discord shows the image about
450 px wide there: a text drawn at ``MIN_TEXT`` px is 10.3 px on the phone).

The board sits at the top left with a1 at the bottom left, as the rules name the squares; the
players sit at its diagonal, so each pad card is beside the corner its pieces enter at: Black's
pad under the board at the bottom left (Black enters at a1), White's at the top right (White
enters at g7). The last turn's card is under White's pad; the dice card (dice, the kinds of
turn, who may move what) fills the bottom row beside Black's pad, and holds the banner when the
game is over.

Around the board: rank numbers on the left and file letters below (outside everything else),
Black's U-turns between files above and below the board, White's U-turns between ranks to its
left and right, and a short arrow where each path comes in and goes out.
"""

from __future__ import annotations

from engine.pachicei_board import GRID

WIDTH, HEIGHT = 920, 920
MIN_TEXT = 21
"""The smallest text drawn: 21 * 450 / 920 = 10.3 px on a phone."""
HEADER = 60
MARGIN = 12
"""Between the image's edges and the cards."""
GAP = 12
"""Between two cards."""

CELL = 64
BOARD = CELL * 7
BOARD_X = MARGIN + 52
"""The left edge of the a-file; the rank numbers and White's left U-turns are in the gap."""
BOARD_Y = HEADER + 38
BOARD_R = BOARD_X + BOARD
BOARD_B = BOARD_Y + BOARD

TURN_OUT = 16
"""How far a U-turn bulges out of the board's edge."""
COORD_OUT = 37
"""How far the coordinates' centres are from the board's edge."""
PAD_OUT = 20
"""How far outside the corner square a pad's point (where entries start) is."""

CARD_W = 348
RIGHT_X = (WIDTH - MARGIN - CARD_W, WIDTH - MARGIN)
CARDS_TOP = HEADER + GAP
PAD_H = 288
"""Both pad cards' height."""
BOTTOM_TOP = HEIGHT - MARGIN - PAD_H
"""The top of the bottom row (Black's pad card and the dice card), under the file letters."""

WHITE_PAD = (RIGHT_X[0], CARDS_TOP, RIGHT_X[1], CARDS_TOP + PAD_H)
BLACK_PAD = (MARGIN, BOTTOM_TOP, MARGIN + CARD_W, HEIGHT - MARGIN)
LAST_CARD = (RIGHT_X[0], WHITE_PAD[3] + GAP, RIGHT_X[1], BOTTOM_TOP - GAP)
DICE_CARD = (BLACK_PAD[2] + GAP, BOTTOM_TOP, WIDTH - MARGIN, HEIGHT - MARGIN)

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
    """The card of a seat's pad, which also shows that seat's own goal."""
    return BLACK_PAD if seat == 0 else WHITE_PAD
