"""The Ice-Turn board image (1000 x 1000, fixed) and its alt text.

Layout (see :mod:`render.iceturn_layout`): a header bar (title, move number, round, whose turn
and what they do); the 4x4 grid of tiles at the top left, a1 at the bottom left, rank numbers
left and file letters below; the turn card and the shown turn's moves on the right
(:mod:`render.iceturn_panel`), the players under the board (:mod:`render.iceturn_players`).
Every text is at least 23 px: 10 px on a phone that shows the image 450 px wide.

The tiles (:mod:`render.iceturn_tiles`) show their arrows by shape at their edges: a single
arrow's one big head on the side it points to, a double arrow's line with a head at both ends,
a Q-Turner's ring with four heads. Untiled cells during the setup are dark dashed placeholders.
Pieces (:mod:`render.iceturn_pieces`) are in their owner's colour with the seat number: lying
ones as triangles pointing their facing, standing ones and stacks as a column of layers on a
plinth, bottom first.

Each seat's goal corner gets a frame in the seat's colour around the cell (it stays with the
corner when tiles move) and a flag with the seat number in the board's corner. The turn under
way (or else the one before) is marked: numbered yellow arrows for steps, hops, digs, tips,
swaps and reactions, yellow outlines on every cell a move touched, numbered as in the panel's
list (each number's disc inside the tile the move started from). The tile placed last is
outlined (during the setup and at the first roll); during the reaction phase the tiles that
can still react get white corner brackets. A stack of five or more covers its tile's north
and south heads, so a small copy of the tile sits in its corner. A nest is drawn as one (see
:mod:`render.iceturn_pieces`), so that it never looks like a tree.

The fixed part (background, frame, coordinates) is drawn once per theme and copied; the tiles
are pasted from cached images. The PNG is a 256-colour palette image, as for Pach-Ice-i.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Sequence
from functools import lru_cache

from engine.iceturn_board import GRID, step
from engine.iceturn_moves import Aim, Dig, Hop, React, Step, Swap, Tip, TurnPiece

from . import iceturn_layout as lay
from .canvas import Canvas, Point
from .common import card, display_names, header_bar, turn_pill
from .iceturn_panel import draw_log, draw_turn_card
from .iceturn_pieces import INK, TALL, draw_cell, extent
from .iceturn_players import draw_players
from .iceturn_tiles import corner_icon, paste_tiles
from .iceturn_words import ShownTurn, alt_text_iceturn, last_placement, shown_turn
from .iceturn_words import verb as verb_words
from .pachicei_pieces import number_disc
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


def _goal_flag(canvas: Canvas, theme: Theme, seat: int, cell: int) -> None:
    """A goal's flag: a triangle in the board's corner with the seat's number (over the
    pieces, which it never reaches but for a tall stack's plinth)."""
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


def _flag(canvas: Canvas, at: tuple[float, float], theme: Theme, seat: int, sx: int, sy: int):
    """A goal's flag with its corner at ``at``, pointing into the board (sprite)."""
    cx, cy = at
    a = (cx - sx * FLAG, cy)
    b = (cx, cy - sy * FLAG)
    canvas.polygon([at, a, b], theme.seat(seat), INK, 2)
    label = (cx - sx * FLAG * 0.3, cy - sy * FLAG * 0.3)
    canvas.text((label[0], label[1] + 1), str(seat + 1), lay.MIN_TEXT, theme.seat_text, "mm", True)


def _brackets(canvas: Canvas, theme: Theme, cell: int) -> None:
    """White corner brackets: this tile may still react."""
    x0, y0, x1, y1 = lay.tile_box(cell)
    arm, i = 30, 3
    for cx, cy, dx, dy in ((x0, y0, 1, 1), (x1, y0, -1, 1), (x0, y1, 1, -1), (x1, y1, -1, -1)):
        x, y = cx + dx * i, cy + dy * i
        points = [(x + dx * arm, y), (x, y), (x, y + dy * arm)]
        canvas.line(points, theme.board_edge, 10)
        canvas.line(points, theme.text, 5)


# -- the shown turn --------------------------------------------------------------------------


def _cells_of(move) -> list[int]:
    """The cells a move touched (outlined)."""
    if isinstance(move, Step | Hop | Dig):
        return [move.cell, move.target]
    if isinstance(move, TurnPiece | Aim):
        return [move.cell]
    if isinstance(move, Tip):
        after = step(move.cell, move.facing)
        return [move.cell] + ([after] if after is not None else [])
    if isinstance(move, Swap):
        return [move.a, move.b]
    if isinstance(move, React):
        return [move.target]
    return []


def _path(move) -> tuple[int, int] | None:
    """Where a move's arrow runs, cell to cell (None: it stays on its cell)."""
    if isinstance(move, Step | Hop | Dig):
        return (move.cell, move.target) if move.cell != move.target else None
    if isinstance(move, Tip):
        after = step(move.cell, move.facing)
        return None if after is None else (move.cell, after)
    if isinstance(move, Swap):
        return (move.a, move.b)
    if isinstance(move, React):
        return (move.source, move.target)
    return None


def _corner_spot(cell: int) -> Point:
    """Where a number goes for a move that stays on its cell: a tile corner away from the
    board's corner (where a goal's flag may be)."""
    x0, y0, x1, _y1 = lay.tile_box(cell)
    top_left_is_board_corner = GRID.file(cell) == 0 and GRID.rank(cell) == 3
    inset = DISC + 5
    return (x1 - inset, y0 + inset) if top_left_is_board_corner else (x0 + inset, y0 + inset)


DISC = 16
"""A move number's disc radius on the board (its digit: 23 px)."""


def _inside(spot: Point, cell: int) -> Point:
    """``spot`` moved (if need be) so that a number's disc there is inside ``cell``'s tile."""
    x0, y0, x1, y1 = lay.tile_box(cell)
    inset = DISC + 4
    return (min(max(spot[0], x0 + inset), x1 - inset), min(max(spot[1], y0 + inset), y1 - inset))


def _free_spot(spot: Point, cell: int, taken: list[Point]) -> Point:
    """Near ``spot`` inside ``cell``'s tile, clear of the discs already ``taken``."""
    step = 2 * DISC + 4
    for dx, dy in ((0, 0), (1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)):
        for reach in (1, 2):
            there = _inside((spot[0] + dx * step * reach, spot[1] + dy * step * reach), cell)
            if all(math.dist(there, other) >= 2 * DISC + 2 for other in taken):
                return there
    return _inside(spot, cell)


MIN_ARROW = 44
"""The shortest arrow: when the pieces at both ends leave less room, it runs over them."""


def _ends(cells, path: tuple[int, int]) -> tuple[Point, Point]:
    """An arrow from ``path[0]`` to ``path[1]`` that starts and stops short of the pieces on
    both cells (as far as it can and stay MIN_ARROW long)."""
    (ax, ay), (bx, by) = lay.centre(path[0]), lay.centre(path[1])
    length = math.hypot(bx - ax, by - ay)
    u = ux, uy = (bx - ax) / length, (by - ay) / length
    start = extent(cells[path[0]], u) + 3
    stop = extent(cells[path[1]], u) + 4
    start, stop = max(start, 14), max(stop, 16)
    spare = length - start - stop - MIN_ARROW
    if spare < 0:  # shrink both ends' gaps alike
        start, stop = max(start + spare / 2, 0), max(stop + spare / 2, 0)
    return (ax + ux * start, ay + uy * start), (bx - ux * stop, by - uy * stop)


SHIFTS = (0, 14, -14, 28, -28, 42, -42)
"""How far an arrow moves aside from earlier ones along the same row or column."""


def _lane(start: Point, tip: Point) -> tuple[bool, float, float, float]:
    """An arrow's line: (horizontal?, its y or x, from, to along it)."""
    if abs(start[1] - tip[1]) < 1:
        return (True, start[1], min(start[0], tip[0]), max(start[0], tip[0]))
    return (False, start[0], min(start[1], tip[1]), max(start[1], tip[1]))


def _shift(lane, lanes: list) -> float:
    """The first offset at which ``lane`` overlaps none of ``lanes`` (all on one line)."""
    horizontal, at, lo, hi = lane
    for offset in SHIFTS:
        if not any(
            h == horizontal and abs(a + o - at - offset) < 6 and min(hi, b) - max(lo, a_lo) > 8
            for h, a, a_lo, b, o in lanes
        ):
            return offset
    return SHIFTS[-1]


def _arrows(canvas: Canvas, theme: Theme, state, shown: ShownTurn) -> None:
    """Over the pieces: an arrow per move that goes somewhere, numbered at its start inside
    the tile it starts from (a move that stays on its tile has its number in the tile's
    corner). Arrows along the same line as earlier ones move aside; a number whose place is
    taken moves to a free one in the same tile."""
    discs: list[tuple[int, Point]] = []
    lanes: list[tuple[bool, float, float, float, float]] = []
    for n, move in enumerate(shown.moves, 1):
        path = _path(move)
        if path is None:
            cells = _cells_of(move)
            if not cells:
                continue
            home, spot = cells[0], _corner_spot(cells[0])
        else:
            home = path[0]
            start, tip = _ends(state.cells, path)
            lane = _lane(start, tip)
            offset = _shift(lane, lanes)
            lanes.append((lane[0], lane[1], lane[2], lane[3], offset))
            if offset:
                dx, dy = (0, offset) if lane[0] else (offset, 0)
                start, tip = (start[0] + dx, start[1] + dy), (tip[0] + dx, tip[1] + dy)
            width = 4 if isinstance(move, React) else 6
            if isinstance(move, Swap):  # heads at both ends
                middle = ((start[0] + tip[0]) / 2, (start[1] + tip[1]) / 2)
                canvas.arrow(middle, tip, theme.highlight, width, 18, theme.board_edge)
                canvas.arrow(middle, start, theme.highlight, width, 18, theme.board_edge)
            else:
                canvas.arrow(start, tip, theme.highlight, width, 18, theme.board_edge)
            spot = start
        spot = _free_spot(spot, home, [other for _, other in discs])
        discs.append((n, spot))
    for n, spot in discs:
        number_disc(canvas, theme, spot, n, DISC)


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
            outlined.update(_cells_of(move))
    paste_tiles(canvas, theme, state.tiles, goals, outlined)
    for cell in state.can_react():
        _brackets(canvas, theme, cell)
    for cell, here in enumerate(state.cells):
        draw_cell(canvas, theme, cell, here)
        if len(here.pieces) >= TALL:
            corner_icon(canvas, theme, cell, state.tiles[cell])
    for seat in range(state.num_players):
        _goal_flag(canvas, theme, seat, state.goal_of(seat))
    if shown is not None:
        _arrows(canvas, theme, state, shown)
    draw_turn_card(canvas, theme, state, names)
    draw_players(canvas, theme, state, names)
    draw_log(canvas, theme, state, names, shown)
    return canvas.png(palette=True)
