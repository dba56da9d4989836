"""The IceSickle board: the 5x5 squares with coordinates, the pieces seen from above in one
neutral ice colour (size by area and by 1, 2 or 3 pips), and the last move in yellow (a jump:
start, arrow, landing square, and a faded ghost with a cross for every captured piece)."""

from __future__ import annotations

import math

from engine.icesickle import GRID, Jump, Place

from .canvas import Canvas, Point
from .icesickle_layout import (
    BOARD,
    BOARD_X,
    BOARD_Y,
    CELL,
    PIECE_HALF,
    PIP_DEPTH,
    PIP_RADIUS,
    PIP_SPACING,
    TEXT,
    centre,
    square_box,
)
from .pyramids import faded, pyramid_top, top_extent
from .theme import RGB, PieceColours, Theme, mix

EDGE = 2
"""A piece's edge, px."""


def square_colour(theme: Theme, square: int) -> RGB:
    dark = (GRID.file(square) + GRID.rank(square)) % 2 == 0  # a1 dark, as in chess
    return theme.board_dark if dark else theme.board_light


def draw_piece(
    canvas: Canvas,
    xy: Point,
    size: int,
    colours: PieceColours,
    shadow: RGB | None = None,
) -> None:
    """A piece seen from above, its pips large enough to count on a phone (a sprite)."""
    extent = top_extent(PIECE_HALF[size] * CELL, EDGE, shadow)
    canvas.sprite(_piece, xy, extent, size, colours, shadow)


def _piece(canvas: Canvas, xy: Point, size: int, colours: PieceColours, shadow: RGB | None) -> None:
    half = PIECE_HALF[size] * CELL
    pyramid_top(canvas, xy, half, colours, 0, shadow=shadow, edge_width=EDGE)
    x, y = xy
    row_y = y + half * PIP_DEPTH
    first = x - PIP_SPACING * (size - 1) / 2
    for i in range(size):
        canvas.circle((first + i * PIP_SPACING, row_y), PIP_RADIUS, fill=colours.pip)


def _outline(canvas: Canvas, theme: Theme, square: int, width: float = 6) -> None:
    x0, y0, x1, y1 = square_box(square)
    canvas.rect((x0 + 1, y0 + 1, x1 - 1, y1 - 1), outline=theme.highlight, width=width)


def draw_squares(canvas: Canvas, theme: Theme) -> None:
    """The empty board and its coordinates (in the fixed layer, see ``icesickle._base``)."""
    edge = 6
    canvas.rect(
        (BOARD_X - edge, BOARD_Y - edge, BOARD_X + BOARD + edge, BOARD_Y + BOARD + edge),
        fill=theme.board_edge,
        radius=8,
    )
    for square in range(GRID.size):
        canvas.rect(square_box(square), fill=square_colour(theme, square))
    coordinate = TEXT + 2
    for i in range(GRID.width):
        x = BOARD_X + i * CELL + CELL / 2
        letter = chr(ord("a") + i)
        canvas.text((x, BOARD_Y + BOARD + 26), letter, coordinate, theme.coordinates, "mm")
    for i in range(GRID.height):
        y = BOARD_Y + (GRID.height - 1 - i) * CELL + CELL / 2
        canvas.text((BOARD_X - 26, y), str(i + 1), coordinate, theme.coordinates, "mm")


def draw_board(canvas: Canvas, theme: Theme, state, board) -> None:
    """The pieces and the last move, on the squares of the fixed layer."""
    move = state.last_move
    captured = state.last_captured if isinstance(move, Jump) else ()
    for square, size in captured:  # ghosts of the captured pieces, under everything else
        ghost = faded(theme.ice, square_colour(theme, square), 0.62)
        draw_piece(canvas, centre(square), size, ghost)

    shadow = mix(theme.board_edge, theme.board_dark, 0.35)
    for square, size in enumerate(board):
        if size is not None:
            draw_piece(canvas, centre(square), size, theme.ice, shadow)

    if isinstance(move, Place):
        _outline(canvas, theme, move.square)
    elif isinstance(move, Jump):
        _draw_jump(canvas, theme, move, board, captured)


def _draw_jump(canvas: Canvas, theme: Theme, move: Jump, board, captured) -> None:
    _outline(canvas, theme, move.start, 4)
    _outline(canvas, theme, move.end)
    start, end = centre(move.start), centre(move.end)
    piece = board[move.end]
    half = PIECE_HALF[piece] * CELL if piece is not None else CELL * 0.3
    (df, dr), _ = GRID.line(move.start, move.end)
    stop = half * (math.sqrt(2) if df and dr else 1) + 4
    length = math.hypot(end[0] - start[0], end[1] - start[1])
    tip = (
        end[0] - (end[0] - start[0]) / length * stop,
        end[1] - (end[1] - start[1]) / length * stop,
    )
    canvas.circle(start, 9, fill=theme.highlight, outline=theme.board_edge, width=2)
    canvas.arrow(start, tip, theme.highlight, 7, 24, theme.board_edge)
    for square, _size in captured:
        canvas.cross(centre(square), CELL * 0.2, theme.capture, 7, theme.board_edge)
