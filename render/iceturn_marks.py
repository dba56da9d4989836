"""The marked turn on the Ice-Turn board: a numbered yellow arrow for each move that goes
somewhere (steps, hops, digs, tips, swaps and reactions), its number's disc inside the tile the
move started from; a move that stays on its tile (a turn, an AIM) has its number in a corner.

None of it covers a piece: an arrow starts and stops short of the pieces at its ends and moves
aside from the pieces of the cells it passes (and from earlier arrows along the same line); a
number goes to the free place of its tile nearest to where it belongs, clear of the pieces,
the goal flags, the small tile copies, the reaction brackets and the other numbers. A tile
a tall stack fills leaves no such place: the number then sits just outside the pieces, over
the gap to the next tile (never on a piece, while any place is clear of them).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.iceturn_board import GRID, step
from engine.iceturn_moves import Aim, Dig, Hop, React, Step, Swap, Tip, TurnPiece

from . import iceturn_layout as lay
from .canvas import Canvas, Point
from .common import number_disc
from .iceturn_cells import footprint
from .iceturn_words import ShownTurn
from .theme import Theme

Shape = Sequence[Point]
"""A convex polygon (final px): what pieces or a mark cover."""


def cells_of(move) -> list[int]:
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


DISC = 16
"""A move number's disc radius on the board (its digit: 23 px)."""
CLEAR = DISC + 3
"""How far a disc's centre stays from what it must not cover (its dark edge and a pixel)."""


def _corner_spot(cell: int) -> Point:
    """Where a number goes for a move that stays on its cell: a tile corner away from the
    board's corner (where a goal's flag may be)."""
    x0, y0, x1, _y1 = lay.tile_box(cell)
    top_left_is_board_corner = GRID.file(cell) == 0 and GRID.rank(cell) == 3
    inset = DISC + 5
    return (x1 - inset, y0 + inset) if top_left_is_board_corner else (x0 + inset, y0 + inset)


def _inside(spot: Point, cell: int) -> Point:
    """``spot`` moved (if need be) so that a number's disc there is inside ``cell``'s tile."""
    x0, y0, x1, y1 = lay.tile_box(cell)
    inset = DISC + 2
    return (min(max(spot[0], x0 + inset), x1 - inset), min(max(spot[1], y0 + inset), y1 - inset))


STEP = 4
"""The spacing of the places a number's disc is tried at."""
WIDE = 24
"""How far outside its tile a number may go when the tile has no room for it."""


@lru_cache(maxsize=1)
def _offsets() -> tuple[tuple[int, int, int], ...]:
    """Steps on the grid of places, nearest first (far enough to cross a tile and more), each
    with its length squared."""
    reach = 70
    steps = [(i, j) for i in range(-reach, reach + 1) for j in range(-reach, reach + 1)]
    steps.sort(key=lambda d: (d[0] * d[0] + d[1] * d[1], d))
    return tuple(
        ((i * i + j * j) * STEP * STEP, i * STEP, j * STEP)
        for i, j in steps
        if i * i + j * j <= reach * reach
    )


def _distance(point: Point, shape: Shape) -> float:
    """How far ``point`` is from a convex polygon (0 inside it)."""
    x, y = point
    sides, best = set(), math.inf
    n = len(shape)
    for i in range(n):
        (ax, ay), (bx, by) = shape[i], shape[(i + 1) % n]
        ex, ey = bx - ax, by - ay
        sides.add(ex * (y - ay) - ey * (x - ax) > 0)  # which side of this edge
        length = ex * ex + ey * ey
        t = 0.0 if not length else max(0.0, min(1.0, ((x - ax) * ex + (y - ay) * ey) / length))
        best = min(best, math.hypot(x - ax - t * ex, y - ay - t * ey))
    return 0.0 if len(sides) == 1 else best


def _deep(covered: list[Shape]):
    """A coarse map of the places (one pixel a STEP) whose disc would surely reach into a
    covered shape: the shapes grown by less than CLEAR, so that a place it marks needs no
    exact look (a place it leaves may still be too near: that one is looked at exactly)."""
    grid = Image.new("L", (lay.WIDTH // STEP + 2, lay.HEIGHT // STEP + 2))
    draw = ImageDraw.Draw(grid)
    grow = max(1, round(2 * (CLEAR - 2 * STEP) / STEP))
    for shape in covered:
        points = [(x / STEP, y / STEP) for x, y in shape]
        draw.polygon(points, fill=255)
        draw.line([*points, points[0]], fill=255, width=grow, joint="curve")
    return grid.load()


@lru_cache(maxsize=4096)
def _spot(spot: Point, cell: int, taken: tuple[Point, ...], covered: tuple[Shape, ...]) -> Point:
    """:func:`_free_spot`, kept: the same turn drawn again (the next board, a replay's next
    frame) finds its numbers' places without searching (1 ms of an Ice-Turn board)."""
    return _free_spot(spot, cell, list(taken), list(covered), _deep_of(covered))


@lru_cache(maxsize=256)
def _deep_of(covered: tuple[Shape, ...]):
    return _deep(list(covered))


def _free_spot(
    spot: Point, cell: int, taken: list[Point], covered: list[Shape], deep=None
) -> Point:
    """The place nearest ``spot`` for a number's disc clear of the discs already ``taken``
    and of what is ``covered``: inside ``cell``'s tile if it has room, else just outside it
    (within WIDE px of it, on the board); with no such place, one inside the tile clear of the
    other discs at least. Places are tried on a grid, nearest first."""
    x0, y0, x1, y1 = lay.tile_box(cell)
    inset = DISC + 2
    inner = (x0 + inset, y0 + inset, x1 - inset, y1 - inset)
    outer = (
        max(x0 - WIDE, lay.BOARD_X + inset),
        max(y0 - WIDE, lay.BOARD_Y + inset),
        min(x1 + WIDE, lay.BOARD_R - inset),
        min(y1 + WIDE, lay.BOARD_B - inset),
    )
    near = []  # the shapes near the tile, each with its box grown by CLEAR
    for shape in covered:
        xs, ys = [x for x, _ in shape], [y for _, y in shape]
        box = (min(xs) - CLEAR, min(ys) - CLEAR, max(xs) + CLEAR, max(ys) + CLEAR)
        if box[0] < outer[2] and outer[0] < box[2] and box[1] < outer[3] and outer[1] < box[3]:
            near.append((box, shape))

    apart = (2 * DISC + 2) ** 2

    def clear(x, y, rule) -> bool:
        if rule and deep is not None and deep[round(x / STEP), round(y / STEP)]:
            return False
        for ox, oy in taken:
            if (x - ox) ** 2 + (y - oy) ** 2 < apart:
                return False
        return not any(
            b[0] < x < b[2] and b[1] < y < b[3] and _distance((x, y), shape) < CLEAR
            for b, shape in rule
        )

    # the grid of places runs through the tile's first place (a whole number of steps away)
    gx = inner[0] + round((min(max(spot[0], outer[0]), outer[2]) - inner[0]) / STEP) * STEP
    gy = inner[1] + round((min(max(spot[1], outer[1]), outer[3]) - inner[1]) / STEP) * STEP
    i0, j0, i1, j1 = inner
    for inside, rule in ((True, near), (False, near), (True, [])):
        b0, c0, b1, c1 = inner if inside else outer
        far = max((cx - gx) ** 2 + (cy - gy) ** 2 for cx in (b0, b1) for cy in (c0, c1))
        for d2, dx, dy in _offsets():
            if d2 > far:  # (every place of the region is nearer)
                break
            x, y = gx + dx, gy + dy
            if not (b0 <= x <= b1 and c0 <= y <= c1):
                continue
            if not inside and i0 <= x <= i1 and j0 <= y <= j1:
                continue
            if clear(x, y, rule):
                return (x, y)
    return _inside(spot, cell)


MIN_ARROW = 44
"""The arrow's length when the pieces at both ends leave room for it; less room, a shorter
one (never over the pieces)."""
CAP = 6
"""How far an arrow's dark edge reaches past its ends (its round start, its head's tip)."""


def _reach(shape: Shape | None, centre: Point, u: Point) -> float:
    """How far from ``centre`` the pieces in ``shape`` reach along ``u`` (0 without)."""
    if shape is None:
        return 0.0
    return max(0.0, max((x - centre[0]) * u[0] + (y - centre[1]) * u[1] for x, y in shape))


def _ends(shapes: list[Shape | None], path: tuple[int, int]) -> tuple[Point, Point]:
    """An arrow from ``path[0]`` to ``path[1]`` that starts and stops short of the pieces on
    both cells; it does not run into them to be MIN_ARROW long."""
    (ax, ay), (bx, by) = lay.centre(path[0]), lay.centre(path[1])
    length = math.hypot(bx - ax, by - ay)
    u = ux, uy = (bx - ax) / length, (by - ay) / length
    start = max(_reach(shapes[path[0]], (ax, ay), u) + CAP, 14)
    stop = max(_reach(shapes[path[1]], (bx, by), (-ux, -uy)) + CAP, 16)
    return (ax + ux * start, ay + uy * start), (bx - ux * stop, by - uy * stop)


SHIFTS = (0, 14, -14, 28, -28, 42, -42, 56, -56, 80, -80)
"""How far an arrow moves aside from earlier ones along the same row or column, or from the
pieces on the cells it passes; at 80, half a cell, it runs along the gap between two rows or
columns of tiles, where no piece ever is (never along the board's outer edge)."""


def _lane(start: Point, tip: Point) -> tuple[bool, float, float, float]:
    """An arrow's line: (horizontal?, its y or x, from, to along it)."""
    if abs(start[1] - tip[1]) < 1:
        return (True, start[1], min(start[0], tip[0]), max(start[0], tip[0]))
    return (False, start[0], min(start[1], tip[1]), max(start[1], tip[1]))


def _crosses(lane, offset: float, shape: Shape, pad: float = 6) -> bool:
    """Whether ``lane`` moved aside by ``offset`` runs through ``shape``'s box."""
    horizontal, at, lo, hi = lane
    xs, ys = [x for x, _ in shape], [y for _, y in shape]
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    at += offset
    if horizontal:
        return y0 - pad < at < y1 + pad and lo < x1 and x0 < hi
    return x0 - pad < at < x1 + pad and lo < y1 and y0 < hi


def _shift(lane, lanes: list, covered: list[Shape]) -> float:
    """The first offset at which ``lane`` overlaps none of ``lanes`` (all on one line) nor
    runs over the pieces ``covered`` (the cells it passes); if none is clear of both, the
    first clear of the lanes."""
    horizontal, at = lane[0], lane[1]
    low, high = (lay.BOARD_Y, lay.BOARD_B) if horizontal else (lay.BOARD_X, lay.BOARD_R)
    free = [
        offset
        for offset in SHIFTS
        if low + lay.CELL / 4 < at + offset < high - lay.CELL / 4
        and not any(
            h == lane[0]
            and abs(a + o - lane[1] - offset) < 6
            and min(lane[3], b) - max(lane[2], a_lo) > 8
            for h, a, a_lo, b, o in lanes
        )
    ]
    for offset in free:
        if not any(_crosses(lane, offset, shape) for shape in covered):
            return offset
    return free[0] if free else 0


def _arrow(canvas: Canvas, theme: Theme, start: Point, tip: Point, width: float, swap: bool):
    """A move's arrow; short of room, a shorter head (a swap: a head at both ends)."""
    length = math.dist(start, tip)
    if length < 4:
        return
    if swap:
        middle = ((start[0] + tip[0]) / 2, (start[1] + tip[1]) / 2)
        head = min(18, length / 2 * 0.7)
        canvas.arrow(middle, tip, theme.highlight, width, head, theme.board_edge)
        canvas.arrow(middle, start, theme.highlight, width, head, theme.board_edge)
    else:
        head = min(18, length * 0.7)
        canvas.arrow(start, tip, theme.highlight, width, head, theme.board_edge)


def _between(path: tuple[int, int]) -> list[int]:
    """The cells an arrow from ``path[0]`` to ``path[1]`` passes over (not its ends)."""
    a, b = path
    fa, ra, fb, rb = GRID.file(a), GRID.rank(a), GRID.file(b), GRID.rank(b)
    steps = max(abs(fb - fa), abs(rb - ra))
    df, dr = (fb > fa) - (fb < fa), (rb > ra) - (rb < ra)
    return [GRID.at(fa + i * df, ra + i * dr) for i in range(1, steps)]


def box_shape(box: Sequence[float]) -> Shape:
    """A box (left, top, right, bottom) as a polygon."""
    x0, y0, x1, y1 = box
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def draw_marks(canvas: Canvas, theme: Theme, state, shown: ShownTurn, marks: list[Shape]) -> None:
    """The marked turn's arrows and numbers (see the module docstring); ``marks``: the flags,
    tile copies and brackets on the board, which the numbers keep clear of too."""
    shapes = [footprint(cell, here) for cell, here in enumerate(state.cells)]
    pieces = [shape for shape in shapes if shape is not None]
    discs: list[Point] = []
    covered = tuple(tuple(tuple(p) for p in shape) for shape in pieces + marks)
    lanes: list[tuple[bool, float, float, float, float]] = []
    for move in shown.moves:
        path = _path(move)
        if path is None:
            cells = cells_of(move)
            if not cells:
                discs.append((math.nan, math.nan))  # (keeps the numbering)
                continue
            home, spot = cells[0], _corner_spot(cells[0])
        else:
            home = path[0]
            start, tip = _ends(shapes, path)
            lane = _lane(start, tip)
            passed = [shapes[c] for c in _between(path) if shapes[c] is not None]
            offset = _shift(lane, lanes, passed)
            lanes.append((lane[0], lane[1], lane[2], lane[3], offset))
            if offset:
                dx, dy = (0, offset) if lane[0] else (offset, 0)
                start, tip = (start[0] + dx, start[1] + dy), (tip[0] + dx, tip[1] + dy)
            _arrow(
                canvas,
                theme,
                start,
                tip,
                4 if isinstance(move, React) else 6,
                isinstance(move, Swap),
            )
            spot = start
        taken = tuple(d for d in discs if not math.isnan(d[0]))
        discs.append(_spot(spot, home, taken, covered))
    for n, spot in enumerate(discs, 1):
        if not math.isnan(spot[0]):
            number_disc(canvas, theme, spot, n, DISC)
