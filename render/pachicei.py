"""The Pach-Ice-i board image (920 x 920, fixed) and its alt text.

Layout (see :mod:`render.pachicei_layout`): a header bar (title, move number, pieces in each
goal, whose turn with a small pyramid in their colour); the 7x7 board at the top left, a1 at the
bottom left, in two muted tones that both Black and White pyramids read on (Black: dark faces,
light edge and pips; White: light faces, dark edge and pips); the marked squares, which count
as both colours, are split into both tones inside a light frame. Pieces are pyramids seen from
above, their size by area and by pips. Rank numbers to the left, file letters below; each path's
direction is hinted by U-turn arrows in its colour at the ends of the files (Black: up a, down
b ...) and ranks (White: left along 7, right along 6 ...), with short arrows where each path
comes in and goes out.

The players sit at the board's diagonal: Black's pad card under the board at the bottom left
(next to a1, where Black enters), White's at the top right (next to g7). A pad card shows its
player (name, colour, "to roll"/"to move"), their trees (stacked pyramids, large at the bottom)
and lone pieces on a mid-tone tray with their entered pips, and the player's own goal (where
their pieces finish) with counts by size and a "+n" badge for the pieces that just arrived.
The last turn's card (under White's pad) lists the moves the board shows: the turn under way,
else the one before. Each move is drawn along the mover's path (:mod:`render.pachicei_arrows`),
numbered at its start, the landing square outlined; a knocked piece's square gets a cross badge
and the piece a ring in its pad. The dice card (bottom right): the three d8 (used ones greyed),
the three kinds of turn with the one under way marked, who may move what, or the banner.

Every text is at least 21 px: 10.3 px when a phone shows the image 450 px wide.

The fixed part of the image (background, board, coordinates, path arrows, the cards' fixed
parts) is drawn once per theme and copied for each image. The PNG is a 256-colour palette
image (``Canvas.png(palette=True)``): about half the size and the encoding time of RGB.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from engine.pachicei_board import GRID, MARKED, colour

from . import pachicei_layout as lay
from .canvas import Canvas, Point
from .common import display_names, turn_pill
from .pachicei_arrows import draw_heads, draw_lines, draw_marks, piece_half, trails
from .pachicei_dice import draw_dice
from .pachicei_panel import draw_last_turn, draw_pad, draw_static, ring_pad, ringed
from .pachicei_pieces import BLACK_PIECE, PIECE, RIDGE, WHITE_PIECE, marker
from .pachicei_words import COLOUR, alt_text_pachicei, shown_turn, verb
from .pyramids import pyramid_top
from .theme import DEFAULT_THEME, RGB, Theme, mix

__all__ = ["alt_text_pachicei", "piece_half", "render_pachicei"]

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
def _base(theme: Theme, ringed: tuple[int, ...]) -> Canvas:
    """Everything that does not change during a game, at the supersampled size, with the
    pad cards of the seats ``ringed`` ringed (the player to act, or the winners: see
    ``pachicei_panel.ringed``)."""
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
            (lay.file_x(i), lay.BOARD_B + lay.COORD_OUT + 2), letter, 23, theme.coordinates, "mm"
        )
        canvas.text(
            (lay.BOARD_X - lay.COORD_OUT, lay.rank_y(i)), str(i + 1), 23, theme.coordinates, "mm"
        )
    _path_hints(canvas, theme)
    _title(canvas, theme)
    draw_static(canvas, theme)
    for seat in ringed:
        ring_pad(canvas, theme, seat)
    return canvas.bake()  # its texts lie under the moving parts


def _canvas(theme: Theme, ringed: tuple[int, ...]) -> Canvas:
    """A canvas holding a copy of the fixed part (the cached one is never drawn on)."""
    return _base(theme, ringed).copy()


# -- pieces and the shown turn ---------------------------------------------------------------


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


# -- the header ------------------------------------------------------------------------------


TITLE, TITLE_SIZE = "Pach-Ice-i", 28


def _title(canvas: Canvas, theme: Theme) -> None:
    canvas.rect((0, 0, lay.WIDTH, lay.HEADER), fill=theme.header)
    canvas.text((20, lay.HEADER / 2), TITLE, TITLE_SIZE, theme.text, "lm", bold=True)


def _draw_header(canvas: Canvas, theme: Theme, state, names: Sequence[str]) -> None:
    """The title, the move number and the pieces in each goal, and whose turn it is."""
    mid = lay.HEADER / 2
    x = 20 + canvas.text_width(TITLE, TITLE_SIZE, bold=True)  # the title is drawn once
    dot = "  \N{MIDDLE DOT}  "
    goals = f"In goal: Black {state.in_goal(0)}, White {state.in_goal(1)}"
    details = f"Move {len(state.history)}{dot}{goals}"
    x += 16 + canvas.text((x + 16, mid + 1), details, lay.MIN_TEXT, theme.text_dim, "lm")
    right, room = lay.WIDTH - 12, lay.WIDTH - 12 - x - 20
    size = 22
    if state.phase == "over":
        winners = state.outcome.winners
        if winners:
            w = winners[0]
            turn_pill(
                canvas, theme, right, mid, names[w], " wins", None, size, room,
                marker=marker(w), accent=theme.highlight, among=names,
            )  # fmt: skip
        else:
            turn_pill(canvas, theme, right, mid, "Draw", "", None, size, room)
        return
    seat = state.seat
    suffix = f" ({COLOUR[seat]}) {verb(state)}"
    turn_pill(
        canvas, theme, right, mid, names[seat], suffix, None, size, room,
        marker=marker(seat), accent=theme.text, among=names,
    )  # fmt: skip


# -- the image -------------------------------------------------------------------------------


def render_pachicei(
    state, *, theme: Theme | None = None, names: Sequence[str] | None = None
) -> bytes:
    """PNG bytes of the Pach-Ice-i position (see the module docstring for the layout)."""
    theme = theme or DEFAULT_THEME
    names = display_names(names, state.num_players)
    canvas = _canvas(theme, ringed(state))
    shown = shown_turn(state)
    _draw_header(canvas, theme, state, names)
    drawn = trails(state, shown) if shown is not None else []
    if shown is not None:
        draw_marks(canvas, theme, shown)
        draw_lines(canvas, theme, drawn)
    _draw_pieces(canvas, theme, state)
    if shown is not None:
        draw_heads(canvas, theme, shown, drawn)
    draw_dice(canvas, theme, state, names, SQUARES)
    for seat in (0, 1):
        draw_pad(canvas, theme, state, names, seat, shown)
    draw_last_turn(canvas, theme, state, names, shown)
    return canvas.png(palette=True)
