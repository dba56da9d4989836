"""The Ice-Turn board image (1000 x 1000, fixed) and its alt text.

Layout (see :mod:`render.iceturn_layout`): a header bar (title, move number, round, whose turn
and what they do); the 4x4 grid of tiles at the top left, a1 at the bottom left, rank numbers
left and file letters below; the turn card and the shown turn's moves on the right
(:mod:`render.iceturn_panel`), the players under the board (:mod:`render.iceturn_players`).
Every text is at least 23 px: 10 px on a phone that shows the image 450 px wide.

The tiles (:mod:`render.iceturn_tiles`) show their arrows by shape at their edges: a single
arrow's one big head on the side it points to, a double arrow's line with a head at both ends,
a Q-Turner's ring with four heads (the ring left out under a lying piece, which it crowded).
Untiled cells during the setup are dark dashed placeholders. Pieces
(:mod:`render.iceturn_pieces`) are in their owner's colour with the seat number: lying ones as
triangles pointing their facing in a dark halo, standing ones and stacks as a column of
layers on a plinth, bottom first; a stack of six or more as a grid of chips labelled "2L".

Each seat's goal corner gets a frame in the seat's colour around the cell (it stays with the
corner when tiles move) and a flag with the seat number in the board's corner. The turn under
way (or else the one before) is marked (:mod:`render.iceturn_marks`): numbered yellow arrows
for steps, hops, digs, tips, swaps and reactions, yellow outlines on every cell a move
touched, numbered as in the panel's list; no arrow or number covers a piece. The tile placed
last is outlined (during the setup and at the first roll); during the reaction phase the
tiles that can still react get white corner brackets. A stack of five or more covers its
tile's north and south heads, so a small copy of the tile sits in a corner. A nest is drawn
as one (see :mod:`render.iceturn_pieces`), so that it never looks like a tree.

The fixed part (background, frame, coordinates) is drawn once per theme and copied; the tiles
are pasted from cached images. The PNG is a 256-colour palette image, as for Pach-Ice-i.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from functools import lru_cache

from . import iceturn_layout as lay
from .canvas import Canvas, Point
from .common import card, display_names, header_bar, turn_pill
from .iceturn_cells import draw_cell
from .iceturn_marks import box_shape, cells_of, draw_marks
from .iceturn_panel import draw_log, draw_turn_card
from .iceturn_pieces import INK, TALL
from .iceturn_players import draw_players
from .iceturn_tall import GRID_FROM, grid_low
from .iceturn_tiles import corner_icon, paste_tiles
from .iceturn_words import alt_text_iceturn, last_placement, shown_turn
from .iceturn_words import verb as verb_words
from .theme import DEFAULT_THEME, Theme

__all__ = ["alt_text_iceturn", "render_iceturn"]


# -- the fixed part --------------------------------------------------------------------------

TITLE = "Ice-Turn"

_lock = threading.Lock()


@lru_cache(maxsize=8)
def _base(theme: Theme) -> Canvas:
    canvas = Canvas(lay.WIDTH, lay.HEIGHT, theme.background)
    f = lay.FRAME
    frame = (lay.BOARD_X - f, lay.BOARD_Y - f, lay.BOARD_R + f, lay.BOARD_B + f)
    canvas.rect(frame, fill=theme.board_edge, radius=10)
    header_bar(canvas, theme, lay.HEADER, TITLE, fixed=True)
    for box in (lay.TURN_CARD, lay.LOG_CARD, lay.PLAYERS_CARD):
        card(canvas, theme, box)  # plain: a card drawn with more is drawn again over it
    for i in range(4):
        canvas.text(
            (lay.file_x(i), lay.BOARD_B + lay.COORD_OUT), "abcd"[i], 26, theme.coordinates, "mm"
        )
        canvas.text(
            (lay.BOARD_X - lay.COORD_OUT, lay.rank_y(i)), str(i + 1), 26, theme.coordinates, "mm"
        )
    # the cells lie on whole squares, so a tile pasted whole is not scaled down again
    canvas.grid = (lay.BOARD_X, lay.BOARD_Y)
    return canvas.bake()  # its texts lie under the moving parts


def _canvas(theme: Theme) -> Canvas:
    """A canvas holding a copy of the fixed part (the cached one is never drawn on)."""
    with _lock:
        base = _base(theme)
    return base.copy()


# -- goals and marks on the tiles ------------------------------------------------------------

FLAG = 50
"""The legs of a goal's flag in its board corner."""


def _goal_flag(canvas: Canvas, theme: Theme, seat: int, cell: int) -> list[Point]:
    """A goal's flag: a triangle in the board's corner with the seat's number (over the
    pieces, which it never reaches but for a tall stack's plinth); returns its triangle."""
    x0, y0, x1, y1 = lay.cell_box(cell)
    sx, sy = lay.outer_corner(cell)
    cx = x0 + 5 if sx < 0 else x1 - 5
    cy = y0 + 5 if sy < 0 else y1 - 5
    reach = FLAG + 2  # (its outline)
    extent = (
        reach if sx > 0 else 2,
        reach if sy > 0 else 2,
        reach if sx < 0 else 2,
        reach if sy < 0 else 2,
    )
    canvas.sprite(_flag, (cx, cy), extent, theme, seat, sx, sy)
    return [(cx + sx * 2, cy + sy * 2), (cx - sx * reach, cy), (cx, cy - sy * reach)]


def _flag(canvas: Canvas, at: tuple[float, float], theme: Theme, seat: int, sx: int, sy: int):
    """A goal's flag with its corner at ``at``, pointing into the board (sprite)."""
    cx, cy = at
    a = (cx - sx * FLAG, cy)
    b = (cx, cy - sy * FLAG)
    canvas.polygon([at, a, b], theme.seat(seat), INK, 2)
    label = (cx - sx * FLAG * 0.3, cy - sy * FLAG * 0.3)
    canvas.text((label[0], label[1] + 1), str(seat + 1), lay.MIN_TEXT, theme.seat_text, "mm", True)


def _brackets(canvas: Canvas, theme: Theme, cell: int) -> list[list[Point]]:
    """White corner brackets: this tile may still react. Returns the box of each."""
    x0, y0, x1, y1 = lay.tile_box(cell)
    arm, i = 30, 3
    boxes = []
    for cx, cy, dx, dy in ((x0, y0, 1, 1), (x1, y0, -1, 1), (x0, y1, 1, -1), (x1, y1, -1, -1)):
        x, y = cx + dx * i, cy + dy * i
        points = [(x + dx * arm, y), (x, y), (x, y + dy * arm)]
        canvas.line(points, theme.board_edge, 10)
        canvas.line(points, theme.text, 5)
        ends = (x - dx * 5, y - dy * 5, x + dx * (arm + 5), y + dy * (arm + 5))
        boxes.append(
            box_shape(
                (
                    min(ends[0], ends[2]),
                    min(ends[1], ends[3]),
                    max(ends[0], ends[2]),
                    max(ends[1], ends[3]),
                )
            )
        )
    return boxes


# -- the header ------------------------------------------------------------------------------


def _header(canvas: Canvas, theme: Theme, state, names: Sequence[str]) -> None:
    dot = "  \N{MIDDLE DOT}  "
    if state.phase in ("deal", "place"):
        details = f"Move {len(state.history)}{dot}Setup{dot}{state.num_players} players"
    else:
        rounds = f"Round {min(state.round, state.round_limit)}/{state.round_limit}"
        details = f"Move {len(state.history)}{dot}{rounds}"
    end = header_bar(canvas, theme, lay.HEADER, TITLE, details, drawn=True)
    right, room, mid = lay.WIDTH - 16, lay.WIDTH - 16 - end - 24, lay.HEADER / 2
    if state.phase == "over":
        winners = state.outcome.winners
        if len(winners) == 1:
            w = winners[0]
            turn_pill(
                canvas,
                theme,
                right,
                mid,
                names[w],
                " wins",
                w,
                max_width=room,
                accent=theme.highlight,
                among=names,
            )
        elif winners:
            each = (room - 120) / len(winners)  # (the pill's ends and " win")
            text = " & ".join(canvas.fit(names[w], 26, each, True, among=names) for w in winners)
            turn_pill(
                canvas,
                theme,
                right,
                mid,
                text,
                " win",
                None,
                max_width=room,
                accent=theme.highlight,
            )
        else:
            turn_pill(canvas, theme, right, mid, "Draw", "", None, max_width=room)
        return
    if state.phase == "deal":
        turn_pill(canvas, theme, right, mid, "Dealing tiles", "", None, max_width=room)
        return
    seat = state.seat
    verb = " " + verb_words(state)
    turn_pill(canvas, theme, right, mid, names[seat], verb, seat, max_width=room, among=names)


# -- the image -------------------------------------------------------------------------------


def render_iceturn(
    state, *, theme: Theme | None = None, names: Sequence[str] | None = None
) -> bytes:
    """PNG bytes of the Ice-Turn position (see the module docstring for the layout)."""
    theme = theme or DEFAULT_THEME
    names = display_names(names, state.num_players)
    canvas = _canvas(theme)
    shown = shown_turn(state)
    _header(canvas, theme, state, names)
    goals = {state.goal_of(seat): seat for seat in range(state.num_players)}
    outlined = set()  # the cells the last placement or the shown turn touched
    placement = last_placement(state)
    if placement is not None:
        outlined.add(placement.cell)
    if shown is not None:
        for move in shown.moves:
            outlined.update(cells_of(move))
    lying = frozenset(cell for cell, here in enumerate(state.cells) if here.lying and here.pieces)
    paste_tiles(canvas, theme, state.tiles, goals, outlined, lying)
    marks = []  # brackets, tile icons and flags: the move numbers keep clear of them too
    for cell in state.can_react():
        marks.extend(_brackets(canvas, theme, cell))
    for cell, here in enumerate(state.cells):
        draw_cell(canvas, theme, cell, here)
        if len(here.pieces) >= TALL:
            top = len(here.pieces) < GRID_FROM or grid_low(cell)
            icon = corner_icon(canvas, theme, cell, state.tiles[cell], top)
            if icon is not None:
                marks.append(box_shape(icon))
    for seat in range(state.num_players):
        marks.append(_goal_flag(canvas, theme, seat, state.goal_of(seat)))
    if shown is not None:
        draw_marks(canvas, theme, state, shown, marks)
    draw_turn_card(canvas, theme, state, names)
    draw_players(canvas, theme, state, names)
    draw_log(canvas, theme, state, names, shown)
    return canvas.png(palette=True)
