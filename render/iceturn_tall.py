"""A tall Ice-Turn stack (six pieces or more, up to all twelve) as a grid of labelled chips.

Bands thin enough for six or more to fit a tile cannot carry a readable number each (the old
stacks became a striped blob): each piece is a chip in its owner's colour labelled with the
seat number and the size's letter ("2L": seat 2's large), read up the first column, then the
next; the top chip carries the pyramid's point. The grid sits at the bottom of its tile (at
the top on a1 and d1, whose goal flags are in the bottom corner), leaving a strip for the
small copy of the tile and the move numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from engine.iceturn_board import CORNERS

from . import iceturn_layout as lay
from .canvas import Canvas, Point
from .iceturn_pieces import INK, MARGIN, NUMBER, PLINTH_PAD, draw_plinth, lit, shaded
from .theme import Theme

GRID_FROM = 6
"""From this many pieces a stack is drawn as a grid of chips, each labelled with its owner's
seat number and its size's letter (S, M, L): bands thin enough to fit six or more in a tile
cannot carry a readable number each."""
CHIP_HEIGHT = 22.0
"""A chip's height: its label (MIN_TEXT px) fits, four rows fit a tile with a strip to spare."""
CHIP_WIDTH = {2: 54.0, 3: 41.0}
"""A chip's width with two and with three columns."""
CHIP_GAP = 4.0
POINT = 12.0
"""The pyramid's point above the top piece (the last column's top chip)."""
SIZE_LETTER = {1: "S", 2: "M", 3: "L"}


class Chip(NamedTuple):
    """One piece of a tall stack as drawn: its owner, size and box (final px)."""

    owner: int
    size: int
    box: tuple[float, float, float, float]


def grid_columns(count: int) -> list[int]:
    """How many pieces each column of a tall stack holds, left to right (bottom pieces first):
    two columns up to 8 pieces, three from 9, at most four a column, the first ones fuller."""
    columns = 2 if count <= 8 else 3
    base, extra = divmod(count, columns)
    return [base + (1 if i < extra else 0) for i in range(columns)]


def grid_low(cell: int) -> bool:
    """Whether a tall stack sits at the bottom of its tile (leaving a strip at the top for the
    tile's small copy), or at the top: on a1 and d1, whose goal flags are in the tile's
    bottom corner."""
    return cell not in CORNERS or lay.outer_corner(cell)[1] < 0


def grid_layout(
    centre: Point, pieces: Sequence[tuple[int, int]], low: bool
) -> tuple[tuple[float, float, float, float], list[Chip], tuple[float, float, float, float]]:
    """Where a tall stack goes in the tile around ``centre``: its plinth's box, its chips in
    stack order (bottom first: columns left to right, each bottom to top) and the box of the
    point over the top chip. ``low``: at the tile's bottom, else at its top."""
    columns = grid_columns(len(pieces))
    width = CHIP_WIDTH[len(columns)]
    rows = max(columns)
    grid_w = len(columns) * width + (len(columns) - 1) * CHIP_GAP
    height = rows * CHIP_HEIGHT + POINT + 2 * PLINTH_PAD
    x, y = centre
    half = (lay.CELL - 2 * lay.TILE_GAP) / 2
    edge = MARGIN + 1  # (clear of the outline of a tile the last turn touched)
    top = y + half - edge - height if low else y - half + edge
    left = x - grid_w / 2
    plinth = (left - PLINTH_PAD, top, left + grid_w + PLINTH_PAD, top + height)
    bottom = top + height - PLINTH_PAD
    chips, i = [], 0
    for column, count in enumerate(columns):
        cx = left + column * (width + CHIP_GAP)
        for row in range(count):
            owner, size = pieces[i]
            y1 = bottom - row * CHIP_HEIGHT
            chips.append(Chip(owner, size, (cx, y1 - CHIP_HEIGHT, cx + width, y1)))
            i += 1
    last = chips[-1].box
    point = (last[0], last[1] - POINT, last[2], last[1])
    return plinth, chips, point


def _grid(
    canvas: Canvas, centre: Point, theme: Theme, pieces: tuple[tuple[int, int], ...], low: bool
) -> None:
    plinth, chips, point = grid_layout(centre, pieces, low)
    draw_plinth(canvas, theme, plinth)
    px0, py0, px1, py1 = point
    apex = ((px0 + px1) / 2, py0)
    colour = theme.seat(chips[-1].owner)
    canvas.polygon([(px0 + 3, py1), (apex[0], py1), apex], lit(colour))
    canvas.polygon([(apex[0], py1), (px1 - 3, py1), apex], shaded(colour))
    canvas.polygon([(px0 + 3, py1), (px1 - 3, py1), apex], None, INK, 2)
    for chip in chips:
        x0, y0, x1, y1 = chip.box
        colour = theme.seat(chip.owner)
        canvas.rect((x0, y0 + 1, x1, y1 - 1), fill=colour, outline=INK, width=2, radius=4)
        label = f"{chip.owner + 1}{SIZE_LETTER[chip.size]}"
        canvas.text(((x0 + x1) / 2, (y0 + y1) / 2 + 1), label, NUMBER, INK, "mm", bold=True)


def tall_stack(canvas: Canvas, theme: Theme, cell: int, pieces: Sequence[tuple[int, int]]):
    """A stack of GRID_FROM or more on ``cell``: a grid of labelled chips on a plinth (a
    sprite)."""
    low = grid_low(cell)
    centre = lay.centre(cell)
    (x0, y0, x1, y1), _, _ = grid_layout(centre, pieces, low)
    x, y = centre
    extent = (x - x0 + 1, y - y0 + 1, x1 - x + 1, y1 - y + 1)
    canvas.sprite(_grid, centre, extent, theme, tuple(pieces), low)
