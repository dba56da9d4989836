"""The shown turn on the Pach-Ice-i board: each move drawn along the mover's path (the squares
it passes, turning at the ends of the files or ranks), numbered at its start, with its landing
square outlined; a knocked piece's square gets a cross badge.

A move's line runs under the pieces (so the pieces it passes keep their pips in sight) and its
arrowhead and number over them. A move that shares part of its way with an earlier one of the
turn is drawn a little aside (down and right), so both lines show.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from engine.pachicei_board import GOAL, INDEX, LAST, PATHS
from engine.pachicei_turn import PAD, Change

from . import pachicei_layout as lay
from .canvas import Canvas, Point
from .common import number_disc
from .pachicei_words import ShownTurn
from .pyramids import TOP_HALF
from .theme import RGB, Theme

LINE = 6
"""A move's line width (its dark edge adds 2 on each side)."""
HEAD = 20
"""An arrowhead's length."""
SHIFT = 11
"""How far a move's line moves aside (down and right) per earlier move it shares a step with."""
DISC = 15
"""A move's number disc's radius on the board (its digit is 21.75 px)."""


def piece_half(size: int) -> float:
    """Half the side of a piece of ``size`` seen from above on the board."""
    return TOP_HALF[size] * lay.CELL


def move_path(change: Change, mover: int) -> list[Point]:
    """The points a move's line runs through, along the mover's path: its start (the square,
    or the mover's pad point for an entry), the centres of the squares where the path turns,
    and its end (the square, or the goal's point beyond the path's last square)."""
    indexes = _indexes(change, mover)
    if len(indexes) < 2:  # never for a legal move; a straight line rather than none
        return [_point(mover, 0 if change.start == PAD else INDEX[mover][change.start]),
                lay.centre(change.end) if change.end != GOAL else _point(mover, GOAL)]  # fmt: skip
    return _corners([_point(mover, i) for i in indexes])


def _indexes(change: Change, mover: int) -> range:
    index = INDEX[mover]
    first = 0 if change.start == PAD else index[change.start]
    last = GOAL if change.end == GOAL else index[change.end]
    return range(first, last + 1)


def _point(mover: int, i: int) -> Point:
    if i == 0:
        return lay.pad_point(mover)
    if i > LAST:
        return lay.pad_point(1 - mover)  # the mover's goal is the other's pad
    return lay.centre(PATHS[mover][i - 1])


def _corners(points: list[Point]) -> list[Point]:
    """``points`` without the ones in the middle of a straight run."""
    out = points[:1]
    for i in range(1, len(points) - 1):
        (ax, ay), (bx, by), (cx, cy) = out[-1], points[i], points[i + 1]
        if abs((bx - ax) * (cy - by) - (by - ay) * (cx - bx)) > 1e-6:
            out.append(points[i])
    return out + points[-1:] if len(points) > 1 else out


def _steps(change: Change, mover: int) -> set[tuple[int, int]]:
    """A move's steps along the path, as pairs of path indexes."""
    indexes = _indexes(change, mover)
    return {(i, i + 1) for i in indexes[:-1]}


class Trail(NamedTuple):
    """One move as drawn: its line's points (shifted aside when needed) and where it stops."""

    points: list[Point]
    stop: float
    """How far before its last point the arrowhead's tip is (the piece there, if any)."""


def trails(state, shown: ShownTurn) -> list[Trail]:
    """The shown turn's moves as lines along the mover's path."""
    out: list[Trail] = []
    seen: list[set[tuple[int, int]]] = []
    for change in shown.changes:
        steps = _steps(change, shown.seat)
        shift = SHIFT * sum(1 for other in seen if other & steps)
        seen.append(steps)
        points = [(x + shift, y + shift) for x, y in move_path(change, shown.seat)]
        stop = 4.0
        if change.end != GOAL and state.piece_at(change.end) is not None:
            (ax, ay), (bx, by) = points[-2], points[-1]
            length = math.hypot(bx - ax, by - ay)
            along = max(abs(bx - ax), abs(by - ay)) / length  # 1 along a file or rank
            stop = piece_half(state.piece_at(change.end)[1]) / along + 3
        out.append(Trail(points, stop))
    return out


def _tip(trail: Trail) -> tuple[Point, Point, float]:
    """The arrowhead's tip, the unit direction of the last segment and the room before it."""
    (ax, ay), (bx, by) = trail.points[-2], trail.points[-1]
    length = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / length, (by - ay) / length
    return (bx - ux * trail.stop, by - uy * trail.stop), (ux, uy), length - trail.stop


def _head(tip: Point, u: Point) -> list[Point]:
    (x, y), (ux, uy) = tip, u
    bx, by = x - ux * HEAD, y - uy * HEAD
    px, py = -uy * HEAD * 0.5, ux * HEAD * 0.5
    return [(x, y), (bx + px, by + py), (bx - px, by - py)]


def _shaft(trail: Trail) -> list[Point]:
    tip, (ux, uy), room = _tip(trail)
    back = min(HEAD * 0.6, max(room - 2, 0))
    return [*trail.points[:-1], (tip[0] - ux * back, tip[1] - uy * back)]


def draw_lines(canvas: Canvas, theme: Theme, drawn: Sequence[Trail]) -> None:
    """Under the pieces: each move's line along the path, edged."""
    for trail in drawn:
        canvas.line(_shaft(trail), theme.board_edge, LINE + 4)
    for trail in drawn:
        canvas.line(_shaft(trail), theme.highlight, LINE)


def draw_heads(canvas: Canvas, theme: Theme, shown: ShownTurn, drawn: Sequence[Trail]) -> None:
    """Over the pieces: each move's arrowhead, the knocked pieces' badges and the moves'
    numbers at their starts (moved along the line when two would cover each other)."""
    for trail in drawn:
        tip, u, room = _tip(trail)
        if room > HEAD * 0.8:
            head = _head(tip, u)
            canvas.polygon(head, theme.highlight, theme.board_edge, 2.5)
    for change in shown.changes:
        if change.displaced is not None:
            knock_badge(canvas, theme, change.displaced[2])
    discs: list[Point] = []
    for n, trail in enumerate(drawn, 1):
        (ax, ay), (bx, by) = trail.points[0], trail.points[1]
        length = math.hypot(bx - ax, by - ay)
        ux, uy = (bx - ax) / length, (by - ay) / length
        disc = trail.points[0]
        while any(math.dist(disc, other) < 2 * DISC + 2 for other in discs):
            disc = (disc[0] + ux * (2 * DISC + 3), disc[1] + uy * (2 * DISC + 3))
        discs.append(disc)
        number_disc(canvas, theme, disc, n, DISC)


def _outline(canvas: Canvas, square: int, colour: RGB, edge: RGB, inset: float) -> None:
    x0, y0, x1, y1 = lay.square_box(square)
    canvas.rect(
        (x0 + inset - 1.5, y0 + inset - 1.5, x1 - inset + 1.5, y1 - inset + 1.5),
        outline=edge,
        width=6.5,
    )
    canvas.rect((x0 + inset, y0 + inset, x1 - inset, y1 - inset), outline=colour, width=3.5)


def draw_marks(canvas: Canvas, theme: Theme, shown: ShownTurn) -> None:
    """Under the lines and pieces: the landing squares outlined in the highlight colour."""
    for change in shown.changes:
        if change.end != GOAL:
            _outline(canvas, change.end, theme.highlight, theme.board_edge, 2)


def knock_badge(canvas: Canvas, theme: Theme, square: int) -> None:
    """A knocked piece's square: a cross in the capture colour at its top right corner."""
    _x0, y0, x1, _y1 = lay.square_box(square)
    centre = (x1 - 11, y0 + 11)
    canvas.circle(centre, 10.5, fill=theme.board_edge)
    canvas.circle(centre, 9, fill=theme.capture)
    canvas.cross(centre, 4, theme.board_edge, 2.5, theme.capture)
