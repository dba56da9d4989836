"""Ice-Turn's pyramids on the tiles, in their owner's colour with the seat number on them.

- A lying piece is seen from above: a long triangle whose tip points its facing, split along
  its ridge into a lit and a shaded half; its size is its length and its pips (dots near the
  base), its owner the colour and the seat number. A dark halo parts it from the tile's white
  arrows under it (a small piece on a Q-Turner's ring used to melt into it).
- A standing piece or a stack stands on a dark plinth (so it never looks like a lying piece)
  and is drawn from the side as a column of layers, bottom at the bottom: each piece is a band
  as wide as its size (small narrow, large wide) in its owner's colour with the seat number and
  its pips, and the top piece ends in the pyramid's point. However tall, a stack stays inside
  its tile with the tile's face showing around it (its bands grow thinner).
- A stack of six or more (random play stacks up to eleven) would need bands too thin for
  their numbers: it is a grid of chips instead, each with its owner's seat number and its
  size's letter ("2L": seat 2's large), read up the first column, then the next; the top
  piece's chip carries the pyramid's point. It sits at the bottom of its tile (at the top on
  a1 and d1, whose goal flags are in the bottom corner) with a strip beside it for the small
  copy of the tile and the move numbers.
- A nest (one player's small, medium and large, small at the bottom: what wins on the goal)
  is drawn as the real pieces stand, the large one over the others, with a NEST tag, so that
  it never looks like a tree (the start: large at the bottom).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from . import iceturn_layout as lay
from .canvas import Canvas, Point
from .common import tag
from .theme import RGB, Theme, mix

LENGTH = {1: 0.41, 2: 0.5, 3: 0.6}
"""A lying piece's length (tip to base) as a fraction of the cell."""
BASE = 0.66
"""A lying piece's base width / its length (real pyramids lie about this slender)."""
BAND_WIDTH = {1: 0.34, 2: 0.47, 3: 0.6}
"""A standing piece's width in a stack, as a fraction of the cell."""
INK: RGB = (0x0C, 0x10, 0x15)
"""Outlines, pips and seat numbers on the pieces (dark: every seat colour is light enough)."""


def lit(colour: RGB) -> RGB:
    return mix(colour, (255, 255, 255), 0.28)


def shaded(colour: RGB) -> RGB:
    return mix(colour, (0, 0, 0), 0.22)


def _pips(canvas: Canvas, centre: Point, count: int, along: Point, spacing: float, r: float):
    x, y = centre
    ux, uy = along
    first = -(count - 1) / 2
    for i in range(count):
        k = (first + i) * spacing
        canvas.circle((x + ux * k, y + uy * k), r, fill=INK)


def lying_piece(
    canvas: Canvas,
    theme: Theme,
    centre: Point,
    owner: int,
    size: int,
    facing: int,
) -> None:
    """A lying piece from above, centred on ``centre``, its tip towards ``facing``, in a dark
    halo that parts it from the tile's light arrows under it (a sprite)."""
    reach = LENGTH[size] * lay.CELL / 2 + HALO + 1
    extent = (reach, reach, reach, reach)
    canvas.sprite(_lying_piece, centre, extent, theme, owner, size, facing)


def triangle(centre: Point, size: int, facing: int) -> tuple[Point, Point, Point, Point]:
    """A lying piece's tip, its base's right and left corners and its base's middle."""
    length = LENGTH[size] * lay.CELL
    half_base = length * BASE / 2
    x, y = centre
    ux, uy = lay.UNIT[facing]
    px, py = -uy, ux  # to the right of the facing
    tip = (x + ux * length / 2, y + uy * length / 2)
    base = (x - ux * length / 2, y - uy * length / 2)
    right = (base[0] + px * half_base, base[1] + py * half_base)
    left = (base[0] - px * half_base, base[1] - py * half_base)
    return tip, right, left, base


def _lying_piece(
    canvas: Canvas, centre: Point, theme: Theme, owner: int, size: int, facing: int
) -> None:
    length = LENGTH[size] * lay.CELL
    ux, uy = lay.UNIT[facing]
    px, py = -uy, ux  # to the right of the facing
    tip, right, left, base = triangle(centre, size, facing)
    colour = theme.seat(owner)
    # lit from the north-west: the half towards the west (n, s) or the north (e, w) is lighter
    left_lit = (left[0] < right[0]) if facing in (0, 2) else (left[1] < right[1])
    # the halo: a dark band round the piece, so the white arrows under it stop short of it
    # (a small piece on a Q-Turner's ring would melt into it, above all in greyscale)
    canvas.polygon([tip, right, left], HALO_COLOUR)
    canvas.line([tip, right, left, tip], HALO_COLOUR, 2 * HALO)
    canvas.polygon([tip, left, base], lit(colour) if left_lit else shaded(colour))
    canvas.polygon([tip, base, right], shaded(colour) if left_lit else lit(colour))
    canvas.line([tip, base], mix(colour, INK, 0.45), 1.6, joint=False)
    canvas.polygon([tip, right, left], None, INK, 2.4)
    # pips in a row along the base, the seat number nearer the middle
    pip_r = max(3.0, lay.CELL * 0.02)
    row = (base[0] + ux * length * 0.15, base[1] + uy * length * 0.15)
    _pips(canvas, row, size, (px, py), pip_r * 2.7, pip_r)
    label = (base[0] + ux * length * 0.42, base[1] + uy * length * 0.42)
    canvas.text((label[0], label[1] + 1), str(owner + 1), NUMBER, INK, "mm", bold=True)


HALO = 5.0
"""The width of the dark band round a lying piece."""
HALO_COLOUR: RGB = (0x1A, 0x22, 0x2C)
"""The halo's colour: the tiles' arrows' dark edge."""
NUMBER = lay.MIN_TEXT
"""A piece's seat number (10 px on a phone)."""
PLINTH_PAD = 4
MARGIN = 5
"""The tile's face shows at least this much around a stack's plinth, however tall."""
TALL = 5
"""From this many pieces a stack covers its tile's north and south heads (a small copy of
the tile goes in its corner then)."""
TOP = 2.1
"""The top piece of a stack: a band and the pyramid's point, this many bands high (a tall
stack's top piece has a lower point: TALL_TOP)."""
TALL_TOP = 1.25
BAND = 26.0
"""A piece's band in a short stack; a tall one's bands are as high as the tile allows."""
TAPER = 0.1
"""Each band narrows upwards by this much of its width, like the pyramid it is a slice of."""


def stack_height(count: int) -> float:
    """The room a stack of ``count`` may take: most of a tile's middle, all of it when tall
    (the tile's north and south heads are then hidden; its east and west ones still show)."""
    inside = lay.CELL - 2 * lay.TILE_GAP - 2 * MARGIN - 2 * PLINTH_PAD
    return lay.CELL * 0.66 if count < TALL else inside


class Band(NamedTuple):
    """One piece of a stack as drawn: its base's centre, height and width."""

    owner: int
    size: int
    x: float
    base: float
    height: float
    width: float
    top: bool


def stack_layout(
    centre: Point, pieces: Sequence[tuple[int, int]]
) -> tuple[tuple[float, float, float, float], list[Band]]:
    """Where a stack goes around ``centre``: its plinth's box and its bands, bottom first."""
    count = len(pieces)
    top = TOP if count < TALL else TALL_TOP
    band = min(BAND, stack_height(count) / (count - 1 + top))
    height = band * (count - 1 + top)
    widest = max(BAND_WIDTH[size] for _, size in pieces) * lay.CELL
    x, y = centre
    bottom = y + height / 2
    pad = PLINTH_PAD
    plinth = (x - widest / 2 - pad, bottom - height - pad, x + widest / 2 + pad, bottom + pad)
    bands = []
    base = bottom
    for i, (owner, size) in enumerate(pieces):
        top = i == count - 1
        h = band * (TOP if count < TALL else TALL_TOP) if top else band
        bands.append(Band(owner, size, x, base, h, BAND_WIDTH[size] * lay.CELL, top))
        base -= h
    return plinth, bands


def standing(
    canvas: Canvas,
    theme: Theme,
    centre: Point,
    pieces: Sequence[tuple[int, int]],
):
    """A standing piece or stack from the side on its plinth, bottom piece at the bottom:
    each piece a band in its owner's colour (shaded on the right) with the seat number on its
    left and its pips on its right; the top one ends in the pyramid's point (a sprite)."""
    (x0, y0, x1, y1), _ = stack_layout(centre, pieces)
    x, y = centre
    extent = (x - x0 + 1, y - y0 + 1, x1 - x + 1, y1 - y + 1)
    canvas.sprite(_standing, centre, extent, theme, tuple(pieces))


def draw_plinth(canvas: Canvas, theme: Theme, box: Sequence[float]) -> None:
    """The dark rounded base a stack of pieces stands on."""
    canvas.rect(
        box, fill=mix(theme.board_edge, (0x2A, 0x33, 0x3E), 0.5), outline=INK, width=1.5, radius=8
    )


def _standing(
    canvas: Canvas, centre: Point, theme: Theme, pieces: tuple[tuple[int, int], ...]
) -> None:
    plinth, bands = stack_layout(centre, pieces)
    draw_plinth(canvas, theme, plinth)
    band = bands[0].height if len(bands) > 1 else bands[0].height / TOP
    font = NUMBER
    pip_r = max(2.2, min(3.4, band * 0.14))
    for b in bands:
        x, y, h, w = b.x, b.base, b.height, b.width
        colour = theme.seat(b.owner)
        if b.top:
            apex = (x, y - h)
            canvas.polygon([(x - w / 2, y), (x, y), apex], lit(colour))
            canvas.polygon([(x, y), (x + w / 2, y), apex], shaded(colour))
            canvas.polygon([(x - w / 2, y), (x + w / 2, y), apex], None, INK, 2)
            mid = y - band * 0.5
            left = x - w / 2 + w * 0.19
            right = x + w * 0.2
        else:
            tw = w * (1 - TAPER)
            quad = [(x - w / 2, y), (x + w / 2, y), (x + tw / 2, y - h), (x - tw / 2, y - h)]
            canvas.polygon(quad, colour)
            canvas.polygon([(x, y), quad[1], quad[2], (x, y - h)], shaded(colour))
            canvas.polygon(quad, None, INK, 2)
            mid = y - h / 2
            left = x - w / 2 + w * TAPER / 2 + 3
            right = x + w / 2 - 4
        num_x = left + font * 0.45
        canvas.text((num_x, mid + 1), str(b.owner + 1), font, INK, "mm", bold=True)
        pips_from = num_x + font * 0.55
        room_x = right - pips_from
        spacing = min(pip_r * 2.8, room_x / max(b.size, 1))
        _pips(canvas, (pips_from + room_x / 2, mid), b.size, (1, 0), spacing, pip_r)


# -- a nest ----------------------------------------------------------------------------------

NEST_BASE = 26
"""How far below the tile's middle a nest's base line is (its tag goes under it)."""
NEST_SIDE = {3: (112.0, 88.0), 2: (80.0, 63.0), 1: (50.0, 40.0)}
"""A nested pyramid's base width and height, by size."""
NEST_TAG = 48
"""How far below the tile's middle the NEST tag's middle is."""


def nest_box(centre: Point) -> tuple[float, float, float, float]:
    """The plinth behind a nest: the large pyramid and the NEST tag under it."""
    x, y = centre
    width, height = NEST_SIDE[3]
    top = y + NEST_BASE - height - 7
    bottom = y + NEST_TAG + lay.MIN_TEXT * 1.45 / 2 + 5
    return (x - width / 2 - 9, top, x + width / 2 + 9, bottom)


def nest(canvas: Canvas, theme: Theme, centre: Point, owner: int) -> None:
    """A nest, as the real pieces stand: the large pyramid over the medium over the small
    (drawn as one big pyramid with the two smaller ones' outlines inside, the seat number in
    the small one), on a plinth with a NEST tag, so that it never looks like a tree (large at
    the bottom, a stepped tower). Drawn once and pasted (a sprite)."""
    x0, y0, x1, y1 = nest_box(centre)
    x, y = centre
    extent = (x - x0 + 1, y - y0 + 1, x1 - x + 1, y1 - y + 1)
    canvas.sprite(_nest, centre, extent, theme, owner)


def _nest(canvas: Canvas, centre: Point, theme: Theme, owner: int) -> None:
    x, y = centre
    canvas.rect(
        nest_box(centre),
        fill=mix(theme.board_edge, (0x2A, 0x33, 0x3E), 0.5),
        outline=INK,
        width=1.5,
        radius=8,
    )
    base = y + NEST_BASE
    colour = theme.seat(owner)
    for size, darker in ((3, 0.0), (2, 0.16), (1, 0.32)):
        width, height = NEST_SIDE[size]
        apex, left, right = (x, base - height), (x - width / 2, base), (x + width / 2, base)
        canvas.polygon([left, (x, base), apex], mix(lit(colour), INK, darker))
        canvas.polygon([(x, base), right, apex], mix(shaded(colour), INK, darker))
        canvas.polygon([left, right, apex], None, INK, 2.4 if size == 3 else 2)
    canvas.text((x, base - 13), str(owner + 1), NUMBER, INK, "mm", bold=True)
    label = "NEST"
    width = canvas.text_width(label, lay.MIN_TEXT, bold=True) + lay.MIN_TEXT
    tag(canvas, theme, (x - width / 2, y + NEST_TAG), label, theme.text, lay.MIN_TEXT)
