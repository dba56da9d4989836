"""The Pach-Ice-i pieces off the board: Black's and White's pyramid colours, a seat's
swatch, trees, a pad's trees and lone pieces on their tray, the d8 dice, and the marks of the
shown turn off the board (a knocked piece's ring; a move's number is
:func:`render.common.number_disc`)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from .canvas import Canvas, Point
from .pyramids import SIDE_RATIO, SIDE_WIDTH, pyramid_side
from .theme import RGB, PieceColours, Theme, mix

# -- the pieces' colours ---------------------------------------------------------------------

BLACK_PIECE = PieceColours(
    north=(0x5E, 0x65, 0x6E),
    west=(0x40, 0x46, 0x4E),
    east=(0x1B, 0x1E, 0x22),
    south=(0x2A, 0x2E, 0x34),
    edge=(0xE6, 0xEA, 0xEE),
    pip=(0xF6, 0xF8, 0xFA),
)
"""Black pyramids: dark faces with a light edge and light pips, so they read on both square
tones and on the dark cards."""
WHITE_PIECE = PieceColours(
    north=(0xFF, 0xFF, 0xFF),
    west=(0xF1, 0xF3, 0xF5),
    east=(0xB4, 0xBC, 0xC5),
    south=(0xD5, 0xDB, 0xE1),
    edge=(0x10, 0x14, 0x19),
    pip=(0x10, 0x14, 0x19),
)
"""White pyramids: light faces with a dark edge and dark pips."""
PIECE = (BLACK_PIECE, WHITE_PIECE)
RIDGE = ((0x8A, 0x92, 0x9B), (0x7E, 0x88, 0x92))
"""The diagonals of a pyramid seen from above, softer than its outline."""
SIDE = (replace(BLACK_PIECE, edge=(0xB4, 0xBC, 0xC5)), WHITE_PIECE)
"""Pyramids seen from the side (pads, goals, labels): Black's edge a little softer, so the
dark faces carry the colour."""

TREE_STEP = 0.5
"""How far up a piece below a stacked piece sits, as a fraction of that piece's height (real
trees nest closer; drawn looser so every piece of a tree shows its pips)."""


def marker(seat: int):
    """A seat's swatch for labels: a small pyramid from above in its colour."""

    def draw(canvas: Canvas, centre: Point, size: float) -> None:
        x, y = centre
        width = size * 0.78
        base = (x, y + width * SIDE_RATIO / 2)
        pyramid_side(canvas, base, width, SIDE[seat], 0, edge_width=2)

    return draw


def tree(
    canvas: Canvas, base: Point, large_width: float, colours: PieceColours, shape: Sequence[int]
) -> None:
    """A tree (bottom first) from the side, its base centred on ``base``."""
    x, y = base
    for size in shape:
        width = large_width * SIDE_WIDTH[size]
        height = pyramid_side(canvas, (x, y), width, colours, size)
        y -= height * TREE_STEP


def tree_height(large_width: float, shape: Sequence[int]) -> float:
    heights = [large_width * SIDE_WIDTH[s] * SIDE_RATIO for s in shape]
    return sum(h * TREE_STEP for h in heights[:-1]) + heights[-1]


# -- d8 dice ---------------------------------------------------------------------------------


def d8(canvas: Canvas, theme: Theme, centre: Point, size: float, value: int, status: str) -> None:
    """An eight-sided die lying on a face, seen from above: a hexagon with its top face (a
    triangle) and the number on it; white when still to play, greyed when used. Drawn once
    and pasted (a sprite)."""
    reach = size / 2 + 4
    canvas.sprite(_d8, centre, (reach, reach, reach, reach), theme, size, value, status)


def _d8(canvas: Canvas, centre: Point, theme: Theme, size: float, value: int, status: str) -> None:
    x, y = centre
    r = size / 2

    def ring(radius: float, start: float) -> list[Point]:
        return [
            (
                x + radius * math.cos(math.radians(start + 60 * i)),
                y + radius * math.sin(math.radians(start + 60 * i)),
            )
            for i in range(6)
        ]

    if status == "left":
        face, ink, edge = theme.text, theme.board_edge, theme.highlight
        side = mix(theme.text, theme.text_dim, 0.75)
    else:
        face = mix(theme.card, theme.text_dim, 0.42)
        side = mix(face, theme.card, 0.45)
        ink, edge = mix(face, theme.board_edge, 0.65), theme.board_edge
    outer = ring(r + 2.5, -90)
    canvas.polygon(outer, edge)
    hexagon = ring(r, -90)
    canvas.polygon(hexagon, side)
    top = [hexagon[0], hexagon[2], hexagon[4]]  # the face on top: a triangle pointing up
    canvas.polygon(top, face, mix(side, theme.board_edge, 0.5), 1.2)
    canvas.text((x, y + r * 0.16), str(value), size * 0.44, ink, "mm", bold=True)


TREE_LARGE = 40
"""A tree's large in a pad, in pixels across (a full tree is 74 px tall)."""
TREE_STEP_MIN = 0.55
"""How close trees may stand (times the large's width) before lone pieces become counts."""
COUNT_TEXT = 31
"""Counts of pieces ("x3"), bold: 11.2 px tall on a 450 px phone (at 21 px, 7.8 px)."""
LONE_TEXT = COUNT_TEXT
"""The counts of lone pieces when too many to draw one by one."""
TRAY: RGB = (0x71, 0x7D, 0x8A)
"""Under the pieces in a pad and a goal: a mid tone both colours read on (like the board)."""


def tray(canvas: Canvas, theme: Theme, box: Sequence[float]) -> None:
    canvas.rect(box, fill=TRAY, outline=theme.board_edge, width=1.5, radius=8)


def _lone_counts(canvas: Canvas, lone: Sequence[int]) -> list[tuple[int, int, str, float]]:
    """Lone pieces as counts: (size, count, "x3", width of pyramid and text) per size."""
    out = []
    for size in (2, 1):
        n = lone.count(size)
        if n:
            text = f"x{n}"
            width = TREE_LARGE * SIDE_WIDTH[size] + 4 + canvas.text_width(text, LONE_TEXT, True)
            out.append((size, n, text, width))
    return out


def pad_pieces(
    canvas: Canvas,
    theme: Theme,
    seat: int,
    box: Sequence[float],
    trees: list[tuple[int, ...]],
    lone: list[int],
    knocked: Sequence[int],
) -> None:
    """A pad's trees left to right and its lone pieces beside them, in one row: the trees
    move closer when the row is long, and lone pieces become counts ("x3") when even that is
    too long. ``knocked``: the sizes the shown turn knocked back into this pad; the last
    pieces drawn of those sizes (a large without a tree for a large) get a ring."""
    x0, y0, x1, y1 = box
    room = x1 - x0
    large, gap, apart = TREE_LARGE, 5, 14
    lone_w = sum(large * SIDE_WIDTH[s] for s in lone) + gap * (len(lone) - 1) if lone else 0
    counts = []
    step = large + 4

    def trees_w(step: float) -> float:
        return large + step * (len(trees) - 1) if trees else 0

    def fits(lone_w: float) -> bool:
        return trees_w(step) + (apart if trees and lone else 0) + lone_w <= room

    if len(trees) > 1 and not fits(lone_w):  # closer trees
        step = max(
            large * TREE_STEP_MIN, step - (trees_w(step) + apart + lone_w - room) / (len(trees) - 1)
        )
    if lone and not fits(lone_w):  # lone pieces as counts
        counts = _lone_counts(canvas, lone)
        lone_w = sum(c[3] for c in counts) + apart * (len(counts) - 1)
        if len(trees) > 1:
            step = min(large + 4, (room - apart - lone_w - large) / (len(trees) - 1))
    tallest = max([tree_height(large, t) for t in trees] + [large * SIDE_RATIO * 0.77])
    base = (y0 + y1) / 2 + tallest / 2
    ringed = _ringed([3 if t == (3,) else None for t in trees], knocked)
    for i, shape in enumerate(trees):
        cx = x0 + large / 2 + i * step
        if i in ringed:
            knock_ring(canvas, theme, (cx, base - large * 0.62), large * 0.75)
        tree(canvas, (cx, base), large, SIDE[seat], shape)
    x = x0 + trees_w(step) + (apart if trees else 0)
    if counts:
        for size, _n, text, width in counts:
            w = large * SIDE_WIDTH[size]
            pyramid_side(canvas, (x + w / 2, base), w, SIDE[seat], size)
            canvas.text((x + w + 4, base), text, LONE_TEXT, theme.text, "ls", bold=True)
            x += width + apart
        return
    ringed_lone = _ringed(lone, knocked)
    for i, size in enumerate(lone):
        w = large * SIDE_WIDTH[size]
        if i in ringed_lone:
            knock_ring(canvas, theme, (x + w / 2, base - w * 0.62), w * 0.8)
        pyramid_side(canvas, (x + w / 2, base), w, SIDE[seat], size)
        x += w + gap


def _ringed(sizes: Sequence[int | None], knocked: Sequence[int]) -> set[int]:
    """The indexes in ``sizes`` to ring: the last ones of each knocked size."""
    left = list(knocked)
    out = set()
    for i in range(len(sizes) - 1, -1, -1):
        if sizes[i] in left:
            left.remove(sizes[i])  # type: ignore[arg-type]
            out.add(i)
    return out


def knock_ring(canvas: Canvas, theme: Theme, centre: Point, r: float) -> None:
    """The ring around a piece in a pad that the shown turn knocked there."""
    canvas.circle(centre, r + 2, outline=theme.board_edge, width=6)
    canvas.circle(centre, r, outline=theme.capture, width=3)
