"""Ice-Turn's Q-Turn tiles: a slate square with light arrows, read by shape first.

- single arrow: one long arrow across the tile, its big head at the side it points to;
- double arrow: a line across the tile on its axis with a head at both ends;
- Q-Turner: a ring with a head out of it in all four directions (and a darker tile).

The heads sit at the tile's edges and the pieces in its middle, so a piece never hides which
way a tile points. A cell without a tile yet (during the setup) is a dark, dashed placeholder.
Board tiles are drawn once per theme and kind and pasted (they are the same 16 shapes over
and over); hand icons are drawn small with the same function.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image

from engine.iceturn_board import GRID, D, Q, Tile, arrows

from . import iceturn_layout as lay
from .canvas import Canvas, Point, downscale
from .theme import RGB, Theme, mix

TILE: RGB = (0x4E, 0x60, 0x74)
"""A tile's face: a slate tone the four seat colours and the light arrows all stand out on."""
TILE_Q: RGB = (0x3F, 0x4E, 0x60)
"""A Q-Turner's face: a little darker, a second cue beside its ring."""
ARROW: RGB = (0xE6, 0xEC, 0xF2)
ARROW_EDGE: RGB = (0x1A, 0x22, 0x2C)
EMPTY_CELL: RGB = (0x26, 0x2F, 0x3A)
"""A cell without a tile yet."""


def _rotate(point: Point, facing: int) -> Point:
    """``point`` given for an arrow pointing north (up), turned to ``facing`` (clockwise)."""
    x, y = point
    for _ in range(facing):
        x, y = -y, x
    return x, y


def _head(half: float, facing: int, length: float, width: float, inset: float) -> list[Point]:
    """A triangle with its tip ``inset`` from the edge on the ``facing`` side (relative to the
    tile's centre, ``half`` = half the tile's side)."""
    tip = half - inset
    base = tip - length
    points = [(0.0, -tip), (width / 2, -base), (-width / 2, -base)]
    return [_rotate(p, facing) for p in points]


def draw_tile(canvas: Canvas, box: Sequence[float], tile: Tile, edge: RGB) -> None:
    """A tile filling ``box`` (square) with its arrows; ``edge``: what is around it. Drawn
    once and pasted (a sprite)."""
    side = box[2] - box[0]
    canvas.sprite(_tile_at, (box[0], box[1]), (0, 0, side, side), side, tile, edge)


def _tile_at(canvas: Canvas, at: Point, side: float, tile: Tile, edge: RGB) -> None:
    _draw_tile(canvas, (at[0], at[1], at[0] + side, at[1] + side), tile, edge)


def _draw_tile(
    canvas: Canvas, box: Sequence[float], tile: Tile, edge: RGB, ring: bool = True
) -> None:
    """``ring``: a Q-Turner's ring is drawn (not under a lying piece, which it would crowd:
    its four heads say what it is)."""
    x0, y0, x1, y1 = box
    side = x1 - x0
    s = side / (lay.CELL - 2 * lay.TILE_GAP)  # 1 on the board, smaller for icons
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    half = side / 2
    kind = tile[0]
    face = TILE_Q if kind == Q else TILE
    canvas.rect(box, fill=face, outline=mix(face, edge, 0.45), width=max(1.0, 2 * s), radius=9 * s)

    def at(points: Sequence[Point]) -> list[Point]:
        return [(cx + x, cy + y) for x, y in points]

    ew = max(1.2, 3.2 * s)  # the arrows' dark edge
    if kind == Q:
        length, width, inset, shaft = 24 * s, 36 * s, 6 * s, 8 * s
        radius = 27 * s
        heads = [at(_head(half, f, length, width, inset)) for f in range(4)]
        stubs = []
        for f in range(4):
            a = _rotate((0, -radius), f)
            b = _rotate((0, -(half - inset - length * 0.6)), f)
            stubs.append(at([a, b]))
        for a, b in stubs:
            canvas.line([a, b], ARROW_EDGE, shaft + ew, joint=False)
        if ring:
            canvas.circle((cx, cy), radius, outline=ARROW_EDGE, width=shaft + ew)
        for head in heads:
            canvas.polygon(head, ARROW_EDGE, ARROW_EDGE, ew)
        for a, b in stubs:
            canvas.line([a, b], ARROW, shaft, joint=False)
        if ring:
            canvas.circle((cx, cy), radius - ew / 2, outline=ARROW, width=shaft)
        for head in heads:
            canvas.polygon(head, ARROW)
        return
    facings = arrows(tile)
    if kind == D:
        length, width, inset, shaft = 28 * s, 42 * s, 5 * s, 9 * s
        tail = half - inset - length * 0.6
    else:
        length, width, inset, shaft = 34 * s, 52 * s, 4 * s, 10 * s
        tail = half - 16 * s  # from near the opposite edge
    f = facings[0]
    front = _rotate((0, -(half - inset - length * 0.6)), f)
    back = _rotate((0, tail), f)
    line = at([back, front])
    heads = [at(_head(half, g, length, width, inset)) for g in facings]
    canvas.line(line, ARROW_EDGE, shaft + ew, joint=kind != D)
    for head in heads:
        canvas.polygon(head, ARROW_EDGE, ARROW_EDGE, ew)
    canvas.line(line, ARROW, shaft, joint=False)
    if kind != D:  # a round end at the tail
        canvas.circle(at([back])[0], shaft / 2, fill=ARROW)
    for head in heads:
        canvas.polygon(head, ARROW)


def draw_placeholder(canvas: Canvas, box: Sequence[float], theme: Theme) -> None:
    """A cell whose tile is not placed yet: dark, with a dashed outline."""
    x0, y0, x1, y1 = box
    canvas.rect(box, fill=EMPTY_CELL, radius=9)
    dash, colour = 12.0, mix(EMPTY_CELL, theme.text_dim, 0.45)
    for a, b, horizontal in (
        (x0 + 10, x1 - 10, y0 + 6),
        (x0 + 10, x1 - 10, y1 - 6),
    ):
        x = a
        while x < b:
            canvas.line([(x, horizontal), (min(x + dash, b), horizontal)], colour, 2.5, False)
            x += dash * 1.8
    for a, b, vertical in ((y0 + 10, y1 - 10, x0 + 6), (y0 + 10, y1 - 10, x1 - 6)):
        y = a
        while y < b:
            canvas.line([(vertical, y), (vertical, min(y + dash, b))], colour, 2.5, False)
            y += dash * 1.8


_lock = threading.Lock()


GOAL_FRAME = 6
"""The width of a goal's frame in its seat's colour: the cell's gap and the tile's edge."""


@lru_cache(maxsize=128)
def _tile_image(
    theme: Theme, tile: Tile | None, goal: int | None, outlined: bool, ring: bool = True
) -> Image.Image:
    """A board cell: its tile (or the placeholder) at the supersampled size, with the gap
    around it in the frame's colour (a whole cell, so that it covers whole squares of the
    canvas: see ``Canvas.grid``); a goal cell (``goal``: whose) framed in the seat's colour;
    the tile ``outlined`` in the highlight's colour (a cell the last turn touched); a
    Q-Turner without its ``ring`` (under a lying piece)."""
    gap, side = lay.TILE_GAP, lay.CELL - 2 * lay.TILE_GAP
    canvas = Canvas(lay.CELL, lay.CELL, theme.board_edge)
    box = (gap, gap, gap + side, gap + side)
    if tile is None:
        draw_placeholder(canvas, box, theme)
    else:
        _draw_tile(canvas, box, tile, theme.board_edge, ring)
    if goal is not None:
        frame = (0, 0, lay.CELL, lay.CELL)
        canvas.rect(frame, outline=theme.seat(goal), width=GOAL_FRAME, radius=8)
    if outlined:
        x0, y0, x1, y1 = box
        edge = (x0 - 1, y0 - 1, x1 + 1, y1 + 1)
        canvas.rect(edge, outline=theme.board_edge, width=7, radius=10)
        canvas.rect(box, outline=theme.highlight, width=4.5, radius=9)
    assert not canvas.texts, "a tile is pasted as an image: it cannot hold text"
    return canvas.image


def tile_image(
    theme: Theme, tile: Tile | None, goal: int | None, outlined: bool, ring: bool = True
) -> Image.Image:
    """The cached image (never drawn on); the lock keeps two threads from drawing it twice."""
    with _lock:
        return _tile_image(theme, tile, goal, outlined, ring)


@lru_cache(maxsize=128)
def _tile_flat(
    theme: Theme, tile: Tile | None, goal: int | None, outlined: bool, ring: bool = True
) -> Image.Image:
    return downscale(_tile_image(theme, tile, goal, outlined, ring))


def tile_flat(
    theme: Theme, tile: Tile | None, goal: int | None, outlined: bool, ring: bool = True
) -> Image.Image:
    """The cached image at the final size."""
    with _lock:
        return _tile_flat(theme, tile, goal, outlined, ring)


def paste_tiles(
    canvas: Canvas,
    theme: Theme,
    tiles: Sequence[Tile | None],
    goals: dict[int, int],
    outlined: set[int],
    lying: frozenset[int] = frozenset(),
) -> None:
    """Every cell's tile (or placeholder), pasted onto the canvas; ``goals``: the seat whose
    goal each goal cell is (framed in its colour); ``outlined``: the cells whose tile is
    outlined in the highlight's colour; ``lying``: the cells holding a lying piece (a
    Q-Turner there loses its ring, which crowded a small piece). Frames and outlines are
    drawn into the cached cell images (a variant each), not over the board on every image."""
    for cell, tile in enumerate(tiles):
        x0, y0, _x1, _y1 = lay.cell_box(cell)
        ring = cell not in lying or tile is None or tile[0] != Q
        look = (tile, goals.get(cell), cell in outlined, ring)
        canvas.paste(tile_image(theme, *look), (x0, y0), tile_flat(theme, *look))


CORNER_ICON = 26


def corner_icon(
    canvas: Canvas, theme: Theme, cell: int, tile: Tile | None, top: bool = True
) -> tuple[float, float, float, float] | None:
    """A small copy of the tile in a corner (its top corner, or its bottom one when not
    ``top``; on the right but where the board's corner is), for a tile a tall stack
    covers. Returns its box (None: no tile)."""
    if tile is None:
        return None
    x0, y0, x1, y1 = lay.tile_box(cell)
    board_corner = GRID.file(cell) == 3 and GRID.rank(cell) == (3 if top else 0)
    inset = 7  # (inside the outline of a tile the last turn touched)
    left = x0 + inset if board_corner else x1 - inset - CORNER_ICON
    upper = y0 + inset if top else y1 - inset - CORNER_ICON
    box = (left, upper, left + CORNER_ICON, upper + CORNER_ICON)
    edge = (box[0] - 2, box[1] - 2, box[2] + 2, box[3] + 2)
    canvas.rect(edge, fill=theme.board_edge, radius=5)
    draw_tile(canvas, box, tile, theme.board_edge)
    return edge


ICON = 28
"""A tile icon in a hand or the legend."""


def tile_icon(canvas: Canvas, theme: Theme, box, kind: str, faded: bool = False) -> None:
    """A small tile of ``kind``; ``faded`` blends it into the card (none left in a hand)."""
    draw_tile(canvas, box, (kind, 1 if kind == "A" else 0), theme.card)
    if faded:
        canvas.fade(box, theme.card, 0.7)
