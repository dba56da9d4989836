"""Looney Pyramids drawn for every pyramid game: seen from above (on a board) and from the side
(stashes, captures, stacks).

Size reads without colour: the three sizes differ clearly in area, and every pyramid carries
its pips (1, 2 or 3 dots) on its south / front face. Colours come in a :class:`PieceColours`
so a game can use one neutral "ice" colour (IceSickle) or one per seat.
"""

from __future__ import annotations

from collections.abc import Sequence

from .canvas import Canvas, Point
from .theme import RGB, PieceColours, mix

TOP_HALF = {1: 0.23, 2: 0.335, 3: 0.43}
"""Half the side of a pyramid seen from above, as a fraction of the square it stands on."""

SIDE_WIDTH = {1: 0.55, 2: 0.77, 3: 1.0}
"""Base width of a pyramid seen from the side, relative to a large one (like the real
pieces: about 13, 18 and 25 mm)."""

SIDE_RATIO = 1.3
"""Height / base width of a pyramid seen from the side."""


def faded(colours: PieceColours, towards: RGB, amount: float) -> PieceColours:
    """``colours`` blended ``amount`` of the way into ``towards`` (a ghost of a piece)."""
    return PieceColours(
        north=mix(colours.north, towards, amount),
        west=mix(colours.west, towards, amount),
        east=mix(colours.east, towards, amount),
        south=mix(colours.south, towards, amount),
        edge=mix(colours.edge, towards, amount * 0.7),
        pip=mix(colours.pip, towards, amount),
    )


def _pip_row(
    canvas: Canvas, centre: Point, count: int, spacing: float, radius: float, colour: RGB
) -> None:
    x, y = centre
    first = x - spacing * (count - 1) / 2
    for i in range(count):
        canvas.circle((first + i * spacing, y), radius, fill=colour)


def pyramid_top(
    canvas: Canvas,
    centre: Point,
    half: float,
    colours: PieceColours,
    pips: int,
    *,
    pip_radius: float | None = None,
    shadow: RGB | None = None,
    edge_width: float = 1.5,
    ridge: RGB | None = None,
) -> None:
    """A pyramid seen from above: a square of side ``2 * half`` split by its diagonals into
    four faces lit from the north-west, with ``pips`` dots on the south face. ``ridge``: the
    colour of the diagonals (default: the edge's). Drawn once and pasted (a sprite)."""
    args = (half, colours, pips, pip_radius, shadow, edge_width, ridge)
    canvas.sprite(_pyramid_top, centre, top_extent(half, edge_width, shadow), *args)


def shadow_offset(half: float) -> float:
    """How far down and right a pyramid seen from above casts its shadow."""
    return max(2.0, half * 0.09)


def top_extent(half: float, edge_width: float, shadow: RGB | None) -> tuple[float, ...]:
    """How far a pyramid seen from above reaches from its centre (left, up, right, down),
    its edge and shadow included: a sprite's extent."""
    off = shadow_offset(half) if shadow is not None else 0
    reach = half + edge_width
    return (reach, reach, reach + off, reach + off)


def _pyramid_top(
    canvas: Canvas,
    centre: Point,
    half: float,
    colours: PieceColours,
    pips: int,
    pip_radius: float | None,
    shadow: RGB | None,
    edge_width: float,
    ridge: RGB | None,
) -> None:
    x, y = centre
    h = half
    tl, tr, br, bl = (x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)
    if shadow is not None:
        off = shadow_offset(h)
        canvas.rect((x - h + off, y - h + off, x + h + off, y + h + off), fill=shadow)
    canvas.polygon([tl, tr, centre], colours.north)
    canvas.polygon([tr, br, centre], colours.east)
    canvas.polygon([br, bl, centre], colours.south)
    canvas.polygon([bl, tl, centre], colours.west)
    ridge = colours.edge if ridge is None else ridge
    canvas.line([tl, br], ridge, edge_width * 0.8, joint=False)
    canvas.line([tr, bl], ridge, edge_width * 0.8, joint=False)
    canvas.rect((x - h, y - h, x + h, y + h), outline=colours.edge, width=edge_width)
    if pips:
        r = pip_radius if pip_radius is not None else max(2.0, min(5.0, h * 0.21))
        # on the south face, near its base, where the triangle is widest
        row_y = y + h * 0.64
        spacing = min(h * 0.33, (h * 0.64 * 2 - 2 * r) / max(1, pips - 1)) if pips > 1 else 0
        _pip_row(canvas, (x, row_y), pips, spacing, r, colours.pip)


def pyramid_side(
    canvas: Canvas,
    base: Point,
    width: float,
    colours: PieceColours,
    pips: int,
    *,
    height: float | None = None,
    pip_radius: float | None = None,
    edge_width: float = 1.5,
) -> float:
    """A pyramid seen from the side standing with its base centred on ``base``; returns its
    height. The front face is split down the middle into a lit and a shaded half. Drawn once
    and pasted (a sprite)."""
    height = height if height is not None else width * SIDE_RATIO
    reach = width / 2 + edge_width
    extent = (reach, height + edge_width, reach, edge_width)
    args = (width, colours, pips, height, pip_radius, edge_width)
    canvas.sprite(_pyramid_side, base, extent, *args)
    return height


def _pyramid_side(
    canvas: Canvas,
    base: Point,
    width: float,
    colours: PieceColours,
    pips: int,
    height: float,
    pip_radius: float | None,
    edge_width: float,
) -> None:
    x, y = base
    apex = (x, y - height)
    left, right = (x - width / 2, y), (x + width / 2, y)
    canvas.polygon([apex, left, base], colours.west)
    canvas.polygon([apex, base, right], colours.east)
    canvas.line([apex, base], colours.edge, edge_width * 0.6, joint=False)
    canvas.polygon([apex, left, right], None, colours.edge, edge_width)
    if pips:
        r = pip_radius if pip_radius is not None else max(2.2, min(4.5, width * 0.085))
        row_y = y - max(r * 1.9, height * 0.13)
        spacing = min(width * 0.22, r * 3.0)
        _pip_row(canvas, (x, row_y), pips, spacing, r, colours.pip)


def pyramid_counts(
    canvas: Canvas,
    origin: Point,
    counts: Sequence[int],
    colours: PieceColours,
    empty: RGB,
    text: RGB,
    *,
    large_width: float = 40,
    text_size: float = 24,
    gap: float = 22,
    labels: Sequence[str] = ("", "", ""),
) -> float:
    """Side views of a small, a medium and a large pyramid, each followed by ``x<count>``,
    left to right from ``origin`` (the base line's left end); a size with count 0 is drawn
    faded towards ``empty``. Returns the x where the row ends."""
    x, y = origin
    for size, count in zip((1, 2, 3), counts, strict=True):
        width = large_width * SIDE_WIDTH[size]
        shade = colours if count else faded(colours, empty, 0.72)
        pyramid_side(canvas, (x + width / 2, y), width, shade, size)
        x += width + 6
        label = f"{labels[size - 1]}x{count}" if labels[size - 1] else f"x{count}"
        colour = text if count else mix(text, empty, 0.55)
        x += canvas.text((x, y), label, text_size, colour, anchor="ls", bold=bool(count))
        x += gap
    return x - gap
