"""Where things are on the Pachisi image: the cross board's cells, the nests, HOME, the panel.

The board is a 19 x 19 grid of cells (``CELL`` final pixels each): four arms of 3 x 8 cells
around a 3 x 3 centre (HOME), with the four 8 x 8 corners between the arms holding the nests.
Geometry follows :mod:`engine.pachisi_board` (read its docstring): arm 0 is the bottom arm,
the loop's absolute square 0 is the outer middle cell of the bottom arm, 1..8 run up the
bottom arm's right column, 9..16 out along the right arm's lower row, 17 is the right arm's
outer middle, and so on counter-clockwise. Every other arm is arm 0 turned a quarter turn
counter-clockwise (on screen) per arm.

Points are computed in *board units* (cells, ``(0, 0)`` the board's top-left corner, cell
``(c, r)`` spanning ``c..c+1`` x ``r..r+1``) for arm 0, turned, and then scaled to pixels.
"""

from __future__ import annotations

from functools import lru_cache

from engine.pachisi_board import HOME, LAST_TRACK, NEST, SIDE, TRACK, square

WIDTH, HEIGHT = 1100, 780
"""The image's final size."""
CELL = 40
GRID = 19
BOARD_X, BOARD_Y = 10, 10
BOARD = CELL * GRID
PANEL_X, PANEL_R = BOARD_X + BOARD + 16, WIDTH - 10
PANEL_TOP, PANEL_BOTTOM = BOARD_Y, HEIGHT - 10

PAWN_R = 17
"""A lone pawn's half-size on a square: with its dark edge (2 px) it stays inside its cell,
so pawns on neighbouring squares never touch."""
PAWN_TEXT = 33
"""A lone pawn's number: its digit stands 25 px tall, 10.2 px when a phone shows the image
450 px wide."""
PAIR_R = 8.25
"""The half-width of each of two pawns sharing a square: they stand side by side, each in
its half of the cell, tall and narrow, so both stay inside the cell with their numbers."""
PAIR_H = 14
"""The half-height of each of two pawns sharing a square (the cell shows above and below
them: light when they are a blockade)."""
PAIR_EDGE = 1.5
"""The dark edge of each of two pawns sharing a square."""
PAIR_DX = CELL / 4
"""How far each of two pawns sharing a square sits from the square's centre."""
NEST_R = 23
"""A pawn's radius in the nest."""
NEST_GAP = 62
"""Between the centres of neighbouring nest slots."""
HOME_R = 8.5
"""A pawn's radius in the centre (HOME), where pawns carry no number (they never move again)."""
HOME_ALONG = 24
"""Between neighbouring HOME pawns of one seat: more than a shape is wide (each fills the
square of its outer radius), so they never overlap."""
HOME_UP = 24
"""From the row of three HOME pawns to the fourth, above it: more than a shape is tall, and
low enough that the fourth pawns of two seats stay apart at the centre's corners."""
HOME_BASE = 14
"""From the base of a centre triangle to its row of HOME pawns."""

Point = tuple[float, float]


def turn(point: Point, arm: int) -> Point:
    """``point`` (board units, arm 0) turned to ``arm``: a quarter turn counter-clockwise on
    screen per arm, about the board's centre."""
    x, y = point
    for _ in range(arm % 4):
        x, y = y, GRID - x
    return (x, y)


def px(point: Point) -> Point:
    """Board units to final pixels."""
    return (BOARD_X + point[0] * CELL, BOARD_Y + point[1] * CELL)


def _arm0_loop_cell(k: int) -> tuple[int, int]:
    """The cell (column, row) of loop square ``k`` (0..16) of the bottom arm."""
    if k == 0:
        return (9, 18)
    if k <= 8:
        return (10, 19 - k)
    return (k + 2, 10)


@lru_cache(maxsize=TRACK)
def loop_centre(square: int) -> Point:
    """The pixel centre of the absolute loop square ``square`` (0..67)."""
    arm, k = divmod(square % TRACK, SIDE)
    col, row = _arm0_loop_cell(k)
    return px(turn((col + 0.5, row + 0.5), arm))


@lru_cache(maxsize=28)
def home_path_centre(arm: int, rel: int) -> Point:
    """The pixel centre of home-path square ``rel`` (64..70) of the seat at ``arm``."""
    return px(turn((9.5, 17.5 - (rel - 64)), arm))


def half_height(r: float) -> float:
    """How tall (each side of its centre) a pawn drawn ``r`` wide is: two pawns on a square
    are narrow and tall, the others as tall as wide."""
    return PAIR_H if r == PAIR_R else r


def cell_box(centre: Point) -> tuple[float, float, float, float]:
    """The pixel box of the cell centred at ``centre``."""
    x, y = centre
    h = CELL / 2
    return (x - h, y - h, x + h, y + h)


def loop_cells() -> list[tuple[int, Point]]:
    return [(sq, loop_centre(sq)) for sq in range(TRACK)]


# -- the centre: HOME ------------------------------------------------------------------------


def home_triangle(arm: int) -> list[Point]:
    """The pixel corners of the centre triangle facing ``arm``'s home path."""
    return [px(turn(p, arm)) for p in ((8, 11), (11, 11), (9.5, 9.5))]


def home_slot(arm: int, index: int, count: int = 4) -> Point:
    """Where HOME pawn ``index`` (0-based) of the ``count`` HOME pawns of the seat at ``arm``
    is drawn: up to three in a row along the base of its centre triangle, centred, and the
    fourth above the middle one (a pyramid that fits the triangle; none overlap)."""
    row = min(count, 3)
    if index < 3:
        if arm in (1, 2):  # so that on screen they read left to right, top to bottom
            index = row - 1 - index
        x = 9.5 + (index - (row - 1) / 2) * HOME_ALONG / CELL
        y = 11 - HOME_BASE / CELL
    else:
        x, y = 9.5, 11 - (HOME_BASE + HOME_UP) / CELL
    return px(turn((x, y), arm))


# -- the corners: nests and name labels ------------------------------------------------------


def corner_box(arm: int) -> tuple[float, float, float, float]:
    """The pixel box of the corner to the right of ``arm`` (its seat's nest)."""
    a = px(turn((11, 11), arm))
    b = px(turn((19, 19), arm))
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))


def corner_is_bottom(arm: int) -> bool:
    return arm in (0, 3)


def nest_centre(arm: int) -> Point:
    """The centre of ``arm``'s nest: the corner's centre, moved away from the name label."""
    x0, y0, x1, y1 = corner_box(arm)
    shift = -24 if corner_is_bottom(arm) else 24
    return ((x0 + x1) / 2, (y0 + y1) / 2 + shift)


def nest_slot(arm: int, pawn: int) -> Point:
    """Where pawn ``pawn`` (1..4) of the seat at ``arm`` sits in its nest: 1 2 over 3 4."""
    x, y = nest_centre(arm)
    dx = (-0.5 if pawn in (1, 3) else 0.5) * NEST_GAP
    dy = (-0.5 if pawn in (1, 2) else 0.5) * NEST_GAP
    return (x + dx, y + dy)


def label_point(arm: int) -> Point:
    """The middle of the name label in ``arm``'s corner (at its outer edge)."""
    x0, y0, x1, y1 = corner_box(arm)
    y = y1 - 30 if corner_is_bottom(arm) else y0 + 30
    return ((x0 + x1) / 2, y)


# -- a pawn's place by rel -------------------------------------------------------------------


def point_of(arm: int, rel: int, pawn: int = 1) -> Point:
    """The pixel centre of where a pawn of the seat at ``arm`` at ``rel`` is drawn: its nest
    slot (pawn ``pawn``), its loop or home-path square, or the middle of its HOME row."""
    if rel == NEST:
        return nest_slot(arm, pawn)
    if rel == HOME:
        return home_slot(arm, 0, 1)
    if rel <= LAST_TRACK:
        return loop_centre(square(arm, rel))  # type: ignore[arg-type]
    return home_path_centre(arm, rel)
