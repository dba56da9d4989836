"""The pieces on an Ice-Turn cell, drawn by kind (:mod:`render.iceturn_pieces`, a tall stack
:mod:`render.iceturn_tall`), and the outline they cover, which the marked turn keeps out of
(:mod:`render.iceturn_marks`)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from engine.iceturn_pieces import Cell, is_nest

from . import iceturn_layout as lay
from .canvas import Canvas, Point
from .iceturn_pieces import HALO, lying_piece, nest, nest_box, stack_layout, standing, triangle
from .iceturn_tall import GRID_FROM, grid_layout, grid_low, tall_stack
from .theme import Theme


def footprint(cell: int, here: Cell) -> Sequence[Point] | None:
    """The convex polygon a cell's pieces cover (final px): a lying piece's halo, or a
    stack's or a nest's plinth; None when the cell is empty. The marked turn's arrows and
    numbers keep out of it."""
    if not here.pieces:
        return None
    x, y = lay.centre(cell)
    if here.lying:
        return _lying_outline((x, y), here.pieces[0][1], here.facing, HALO + 1)
    if len(here.pieces) >= GRID_FROM:
        box = grid_layout((x, y), here.pieces, grid_low(cell))[0]
    elif is_nest(here, here.pieces[0][0]):
        box = nest_box((x, y))
    else:
        box = stack_layout((x, y), here.pieces)[0]
    x0, y0, x1, y1 = box[0] - 1, box[1] - 1, box[2] + 1, box[3] + 1
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


@lru_cache(maxsize=256)
def _lying_outline(centre: Point, size: int, facing: int, grow: float) -> tuple[Point, ...]:
    """A lying piece's triangle with a band ``grow`` wide round it (as a polygon of the
    triangle's corners, each widened to an octagon)."""
    tip, right, left, _base = triangle(centre, size, facing)
    points = [
        (px + grow * dx, py + grow * dy)
        for px, py in (tip, right, left)
        for dx, dy in (
            (1, 0),
            (0.7, 0.7),
            (0, 1),
            (-0.7, 0.7),
            (-1, 0),
            (-0.7, -0.7),
            (0, -1),
            (0.7, -0.7),
        )
    ]
    return tuple(_hull(points))


OCTAGON = ((1, 0), (0.7, 0.7), (0, 1), (-0.7, 0.7), (-1, 0), (-0.7, -0.7), (0, -1), (0.7, -0.7))


def _hull(points: list[Point]) -> list[Point]:
    """The convex hull of ``points`` (monotone chain)."""
    points = sorted(set(points))

    def half(chain):
        out: list[Point] = []
        for p in chain:
            while (
                len(out) >= 2
                and (
                    (out[-1][0] - out[-2][0]) * (p[1] - out[-2][1])
                    - (out[-1][1] - out[-2][1]) * (p[0] - out[-2][0])
                )
                <= 0
            ):
                out.pop()
            out.append(p)
        return out

    lower, upper = half(points), half(reversed(points))
    return lower[:-1] + upper[:-1]


def draw_cell(canvas: Canvas, theme: Theme, cell: int, here: Cell) -> None:
    """The pieces on one cell (nothing when it is empty)."""
    if not here.pieces:
        return
    if here.lying:
        owner, size = here.pieces[0]
        lying_piece(canvas, theme, lay.centre(cell), owner, size, here.facing)
    elif is_nest(here, here.pieces[0][0]):
        nest(canvas, theme, lay.centre(cell), here.pieces[0][0])
    elif len(here.pieces) >= GRID_FROM:
        tall_stack(canvas, theme, cell, here.pieces)
    else:
        standing(canvas, theme, lay.centre(cell), here.pieces)
