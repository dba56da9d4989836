"""The Pach-Ice-i board image (1100 x 780, fixed) and its alt text.

Layout (see :mod:`render.pachicei_layout`): a header bar (title, move number, pieces in each
goal, whose turn with a small pyramid in their colour); the 7x7 board in the middle, a1 at the
bottom left, in two muted tones that both Black and White pyramids read on (Black: dark faces,
light edge and pips; White: light faces, dark edge and pips); the marked squares, which count
as both colours, are split into both tones inside a light frame. Pieces are pyramids seen from
above, their size by area and by pips. Rank numbers to the left, file letters below; each path's
direction is hinted by U-turn arrows in its colour at the ends of the files (Black: up a, down
b ...) and ranks (White: left along 7, right along 6 ...), with short arrows where each path
comes in and goes out.

The players sit at the board's diagonal: Black's pad card at the bottom left next to a1 (where
Black enters and White's pieces finish), White's at the top right next to g7. A pad card shows
its player (name, colour, "to roll"/"to move", entered pips), their trees (stacked pyramids,
large at the bottom) and lone pieces apart on a mid-tone tray, and the other player's goal
(which is this pad) with counts by size and a "+n" badge for the pieces that just arrived.
The dice card (top left): the three d8 (used ones greyed), the three kinds of turn with the
one under way marked, and what is left of it. The last turn's card (bottom right) lists the
moves the arrows on the board show: the turn under way, else the one before; each move is an
arrow from its start (a square, or the pad's corner) to where it ended, numbered, with the
landing square outlined; a knocked piece's square gets a cross badge in the capture colour
and the piece a ring in its pad. Under the board: who may move what (the mover's square
colour and the pip rule for moving the other's pieces), or the banner at the end.

The fixed part of the image (background, board, coordinates, path arrows, the cards' fixed
parts) is drawn once per theme and copied for each image. The PNG is a 256-colour palette
image (``encode_png(..., palette=True)``): about half the size and the encoding time of RGB,
which keeps a render near 25 ms.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.pachicei_board import GOAL, GRID, MARKED, colour
from engine.pachicei_turn import PAD

from . import pachicei_layout as lay
from .common import Canvas, Point, display_names, downscale, encode_png, header_bar, turn_pill
from .pachicei_panel import draw_dice, draw_last_turn, draw_pad, draw_static, draw_strip
from .pachicei_pieces import BLACK_PIECE, PIECE, RIDGE, WHITE_PIECE, marker, number_disc
from .pachicei_words import COLOUR, ShownTurn, alt_text_pachicei, shown_turn, verb
from .pyramids import TOP_HALF, pyramid_top
from .theme import DEFAULT_THEME, RGB, Theme, mix

__all__ = ["alt_text_pachicei", "render_pachicei"]

SQUARES: tuple[RGB, RGB] = ((0x4D, 0x59, 0x66), (0x93, 0x9F, 0xAC))
"""The black and the white squares: two muted slate tones, far enough apart to tell at a
glance, neither so dark that Black's pyramids sink nor so light that White's do."""
FRAME = 6
"""The dark frame around the board."""
MARK: RGB = (0xE4, 0xE9, 0xEE)
"""The frame of a marked square."""


# -- the fixed part --------------------------------------------------------------------------


def _curve_arrow(canvas: Canvas, points: Sequence[Point], fill: RGB, edge: RGB) -> None:
    """A path hint: a line along ``points`` with a small arrowhead at the end, edged."""
    (xa, ya), (xb, yb) = points[-2], points[-1]
    length = math.hypot(xb - xa, yb - ya)
    ux, uy = (xb - xa) / length, (yb - ya) / length
    head = 12
    base = (xb - ux * head, yb - uy * head)
    px, py = -uy * head * 0.7, ux * head * 0.7
    tri = [(xb, yb), (base[0] + px, base[1] + py), (base[0] - px, base[1] - py)]
    shaft = [*points[:-1], (xb - ux * head * 0.6, yb - uy * head * 0.6)]
    canvas.line(shaft, edge, 7.5)
    canvas.polygon(tri, edge, edge, 3)
    canvas.line(shaft, fill, 4.5)
    canvas.polygon(tri, fill)


def _u_turn(a: Point, b: Point, out: Point) -> list[Point]:
    """Half an ellipse from ``a`` to ``b`` (points on the board's edge), bulging by ``out``."""
    (ax, ay), (bx, by) = a, b
    mx, my = (ax + bx) / 2, (ay + by) / 2
    hx, hy = (bx - ax) / 2, (by - ay) / 2
    points = []
    for i in range(17):
        t = math.pi * i / 16
        c, s = math.cos(t), math.sin(t)
        points.append((mx - hx * c + out[0] * s, my - hy * c + out[1] * s))
    return points


def _path_hints(canvas: Canvas, theme: Theme) -> None:
    """Black's U-turns above and below the files, White's left and right of the ranks, and
    where each path comes in and goes out."""
    e = FRAME  # from the frame's outer edge
    top, bottom, left, right = lay.BOARD_Y - e, lay.BOARD_B + e, lay.BOARD_X - e, lay.BOARD_R + e
    out = lay.TURN_OUT
    black = (BLACK_PIECE.west, mix(BLACK_PIECE.edge, theme.background, 0.2))
    white = (WHITE_PIECE.north, theme.board_edge)
    for f in range(6):
        a, b = lay.file_x(f), lay.file_x(f + 1)
        if f % 2 == 0:  # up file f, over the top, down file f + 1
            canvas_points = _u_turn((a, top), (b, top), (0, -out))
        else:
            canvas_points = _u_turn((a, bottom), (b, bottom), (0, out))
        _curve_arrow(canvas, canvas_points, *black)
    for row in range(6):  # row 0 is rank 7
        r0, r1 = 6 - row, 5 - row
        a, b = lay.rank_y(r0), lay.rank_y(r1)
        if row % 2 == 0:  # left along rank r0, round the left end, right along r1
            points = _u_turn((left, a), (left, b), (-out, 0))
        else:
            points = _u_turn((right, a), (right, b), (out, 0))
        _curve_arrow(canvas, points, *white)
    stub = 18
    ax, gx = lay.file_x(0), lay.file_x(6)
    y1, y7 = lay.rank_y(0), lay.rank_y(6)
    _curve_arrow(canvas, [(ax, bottom + stub), (ax, bottom)], *black)  # Black enters at a1
    _curve_arrow(canvas, [(gx, top), (gx, top - stub)], *black)  # ... and leaves at g7
    _curve_arrow(canvas, [(right + stub, y7), (right, y7)], *white)  # White enters at g7
    _curve_arrow(canvas, [(left, y1), (left - stub, y1)], *white)  # ... and leaves at a1


def _marked(canvas: Canvas, theme: Theme, square: int) -> None:
    """A marked square: both tones, split along the diagonal, and a light frame."""
    x0, y0, x1, y1 = lay.square_box(square)
    canvas.polygon([(x0, y0), (x1, y0), (x0, y1)], SQUARES[0])
    canvas.polygon([(x1, y0), (x1, y1), (x0, y1)], SQUARES[1])
    i = 3
    canvas.rect((x0 + i, y0 + i, x1 - i, y1 - i), outline=MARK, width=2.5)


@lru_cache(maxsize=8)
def _base(theme: Theme) -> Image.Image:
    """Everything that does not change during a game, at the supersampled size."""
    canvas = Canvas(lay.WIDTH, lay.HEIGHT, theme.background)
    e = FRAME
    frame = (lay.BOARD_X - e, lay.BOARD_Y - e, lay.BOARD_R + e, lay.BOARD_B + e)
    canvas.rect(frame, fill=theme.board_edge, radius=8)
    for square in range(GRID.size):
        if square in MARKED:
            _marked(canvas, theme, square)
        else:
            canvas.rect(lay.square_box(square), fill=SQUARES[colour(square)])
    for i in range(7):
        letter = chr(ord("a") + i)
        canvas.text(
            (lay.file_x(i), lay.BOARD_B + lay.COORD_OUT + 2), letter, 22, theme.coordinates, "mm"
        )
        canvas.text(
            (lay.BOARD_X - lay.COORD_OUT, lay.rank_y(i)), str(i + 1), 22, theme.coordinates, "mm"
        )
    _path_hints(canvas, theme)
    draw_static(canvas, theme)
    return canvas.image


def _canvas(theme: Theme) -> Canvas:
    """A canvas holding a copy of the fixed part (the cached one is never drawn on)."""
    canvas = Canvas.__new__(Canvas)  # not Canvas(): that would fill a fresh image first
    canvas.width, canvas.height = lay.WIDTH, lay.HEIGHT
    canvas.image = _base(theme).copy()
    canvas.draw = ImageDraw.Draw(canvas.image)
    return canvas


# -- pieces and the shown turn ---------------------------------------------------------------


def piece_half(size: int) -> float:
    return TOP_HALF[size] * lay.CELL


def _draw_pieces(canvas: Canvas, theme: Theme, state) -> None:
    shadow = mix(theme.board_edge, SQUARES[0], 0.25)
    for square in range(GRID.size):
        piece = state.piece_at(square)
        if piece is None:
            continue
        owner, size = piece
        half = piece_half(size)
        pyramid_top(
            canvas,
            lay.centre(square),
            half,
            PIECE[owner],
            size,
            shadow=shadow,
            pip_radius=max(3.2, min(4.8, half * 0.19)),
            edge_width=2,
            ridge=RIDGE[owner],
        )


def _ends(change, mover: int) -> tuple[Point, Point]:
    start = lay.pad_point(mover) if change.start == PAD else lay.centre(change.start)
    end = lay.pad_point(1 - change.owner) if change.end == GOAL else lay.centre(change.end)
    return start, end


def _outline(canvas: Canvas, square: int, colour: RGB, edge: RGB, inset: float) -> None:
    x0, y0, x1, y1 = lay.square_box(square)
    canvas.rect(
        (x0 + inset - 1.5, y0 + inset - 1.5, x1 - inset + 1.5, y1 - inset + 1.5),
        outline=edge,
        width=6.5,
    )
    canvas.rect((x0 + inset, y0 + inset, x1 - inset, y1 - inset), outline=colour, width=3.5)


def _draw_marks(canvas: Canvas, theme: Theme, shown: ShownTurn) -> None:
    """Under the pieces: the landing squares outlined in the highlight colour."""
    for change in shown.changes:
        if change.end != GOAL:
            _outline(canvas, change.end, theme.highlight, theme.board_edge, 2)


def _knock_badge(canvas: Canvas, theme: Theme, square: int) -> None:
    """Over the pieces: a knocked piece's square gets a cross in the capture colour at its
    top right corner."""
    _x0, y0, x1, _y1 = lay.square_box(square)
    centre = (x1 - 12, y0 + 12)
    canvas.circle(centre, 11.5, fill=theme.board_edge)
    canvas.circle(centre, 10, fill=theme.capture)
    canvas.cross(centre, 4.5, theme.board_edge, 2.5, theme.capture)


ARROW_SHIFT = 13
"""How far an arrow moves aside from an earlier one along the same line."""


def _overlaps(a0: Point, a1: Point, b0: Point, b1: Point) -> bool:
    """Whether segments a and b run along one line and share part of it."""
    dx, dy = a1[0] - a0[0], a1[1] - a0[1]
    length = math.hypot(dx, dy)
    ex, ey = b1[0] - b0[0], b1[1] - b0[1]
    if length < 1 or abs(dx * ey - dy * ex) > 0.05 * length * math.hypot(ex, ey):
        return False  # not parallel
    if abs(dx * (b0[1] - a0[1]) - dy * (b0[0] - a0[0])) / length > 6:
        return False  # parallel, apart
    ux, uy = dx / length, dy / length
    t = sorted(
        ((b0[0] - a0[0]) * ux + (b0[1] - a0[1]) * uy, (b1[0] - a0[0]) * ux + (b1[1] - a0[1]) * uy)
    )
    return t[1] > 8 and t[0] < length - 8


def _draw_arrows(canvas: Canvas, theme: Theme, state, shown: ShownTurn) -> None:
    """Over the pieces: an arrow per move, numbered at its start. An arrow along the same
    line as an earlier one (two moves along one rank, say) is moved aside a little; a number
    that would cover an earlier one (two entries from the pad) moves along its arrow."""
    discs: list[tuple[int, Point]] = []
    drawn: list[tuple[Point, Point]] = []
    for n, change in enumerate(shown.changes, 1):
        start, end = _ends(change, shown.seat)
        (x0, y0), (x1, y1) = start, end
        length = math.hypot(x1 - x0, y1 - y0)
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        shift = ARROW_SHIFT * sum(1 for a, b in drawn if _overlaps(start, end, a, b))
        if shift:
            start = (x0 - uy * shift, y0 + ux * shift)
            end = x1, y1 = (x1 - uy * shift, y1 + ux * shift)
        drawn.append((start, end))
        stop = 4.0
        if change.end != GOAL and state.piece_at(change.end) is not None:
            half = piece_half(state.piece_at(change.end)[1])
            stop = half / max(abs(ux), abs(uy)) + 3
        tip = (x1 - ux * stop, y1 - uy * stop)
        if length - stop > 20:
            canvas.arrow(start, tip, theme.highlight, 6, 20, theme.board_edge)
        disc = start
        while any(math.dist(disc, other) < 22 for _, other in discs):
            disc = (disc[0] + ux * 24, disc[1] + uy * 24)
        discs.append((n, disc))
    for change in shown.changes:
        if change.displaced is not None:
            _knock_badge(canvas, theme, change.displaced[2])
    for n, disc in discs:
        number_disc(canvas, theme, disc, n, 11)


# -- the header ------------------------------------------------------------------------------


def _draw_header(canvas: Canvas, theme: Theme, state, names: Sequence[str]) -> None:
    dot = "  \N{MIDDLE DOT}  "
    details = (
        f"Move {len(state.history)}{dot}In goal: Black {state.in_goal(0)}, White {state.in_goal(1)}"
    )
    end = header_bar(canvas, theme, lay.HEADER, "Pach-Ice-i", details)
    right, room, mid = lay.WIDTH - 16, lay.WIDTH - 16 - end - 24, lay.HEADER / 2
    if state.phase == "over":
        winners = state.outcome.winners
        if winners:
            w = winners[0]
            turn_pill(
                canvas,
                theme,
                right,
                mid,
                names[w],
                " wins",
                None,
                max_width=room,
                marker=marker(w),
                accent=theme.highlight,
            )
        else:
            turn_pill(canvas, theme, right, mid, "Draw", "", None, max_width=room)
        return
    seat = state.seat
    suffix = f" ({COLOUR[seat]}) {verb(state)}"
    turn_pill(
        canvas,
        theme,
        right,
        mid,
        names[seat],
        suffix,
        None,
        max_width=room,
        marker=marker(seat),
        accent=theme.text,
    )


# -- the image -------------------------------------------------------------------------------


def render_pachicei(
    state, *, theme: Theme | None = None, names: Sequence[str] | None = None
) -> bytes:
    """PNG bytes of the Pach-Ice-i position (see the module docstring for the layout)."""
    theme = theme or DEFAULT_THEME
    names = display_names(names, state.num_players)
    canvas = _canvas(theme)
    shown = shown_turn(state)
    _draw_header(canvas, theme, state, names)
    if shown is not None:
        _draw_marks(canvas, theme, shown)
    _draw_pieces(canvas, theme, state)
    if shown is not None:
        _draw_arrows(canvas, theme, state, shown)
    draw_dice(canvas, theme, state, names)
    for seat in (0, 1):
        draw_pad(canvas, theme, state, names, seat, shown)
    draw_last_turn(canvas, theme, state, names, shown)
    draw_strip(canvas, theme, state, names, SQUARES)
    return encode_png(downscale(canvas.image), palette=True)
