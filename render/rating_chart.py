"""A player's rating over their last rated games, as a small PNG (``trend_png``) for a profile.

About 450 x 200 px, the width a phone shows an image at, so its texts need no zoom. The rating
after each game is a point on a line, oldest at the left; a win is a triangle pointing up and
a loss (any game not won) one pointing down, so the two differ by shape as well as colour and
read in greyscale too. The highest and lowest rating label the plot's top and bottom lines,
the latest rating is in the header, and the games played while the rating was provisional lie
on a lighter band. Drawn on the boards' canvas (supersampled shapes, the built-in font), and
encoded by Pillow's PNG encoder, so the same ratings always give the same bytes.
"""

from __future__ import annotations

from collections.abc import Sequence

from .canvas import Canvas, Point
from .png import encode_png
from .theme import DEFAULT_THEME, RGB, Theme, mix

WIDTH, HEIGHT = 450, 200
MAX_GAMES = 50
"""The most games drawn: the last ones."""

WIN: RGB = (0xA6, 0xEE, 0xC6)
"""A win's marker: a pale bluish green (greyscale 212)."""
LOSS: RGB = (0xFF, 0x6A, 0x1A)
"""A loss's marker: the boards' vermillion (greyscale 141), pointing the other way. In
greyscale both stand apart from the line (the theme's dim text, 183) and from each other, and
their dark outline parts them from the line where they lie on it."""

LEFT, RIGHT, TOP, BOTTOM = 62.0, 434.0, 42.0, 168.0
"""The plot's box: the rating labels stand left of it, the header above, the games below."""
INSET = 9.0
"""Room between the box and the outermost points, for the markers."""


def trend_png(
    ratings: Sequence[int],
    won: Sequence[bool] | None = None,
    provisional_until: int = 0,
    *,
    theme: Theme = DEFAULT_THEME,
) -> bytes:
    """The chart of ``ratings`` (the rating after each game, oldest first; the last
    ``MAX_GAMES`` are drawn) as PNG bytes. ``won``: whether each of those games was won
    (markers up or down; ``None``: plain dots). ``provisional_until``: how many of the first
    games of ``ratings`` ended with the rating still provisional (drawn on a lighter band).
    ``ValueError`` for no ratings, or a ``won`` of another length. (``provisional_until`` may
    be given by position too: the board workers pass their arguments so.)"""
    if not ratings:
        raise ValueError("a rating chart needs at least one rating")
    if won is not None and len(won) != len(ratings):
        raise ValueError(f"{len(won)} results for {len(ratings)} ratings")
    cut = max(0, len(ratings) - MAX_GAMES)
    values = [int(r) for r in ratings[cut:]]
    wins = None if won is None else [bool(w) for w in won[cut:]]
    provisional = min(len(values), max(0, provisional_until - cut))
    canvas = Canvas(WIDTH, HEIGHT, theme.background)
    _header(canvas, theme, values[-1], provisional == len(values))
    points = _points(values)
    _plot(canvas, theme, values, points, provisional)
    _markers(canvas, theme, points, wins)
    games = f"last {len(values)} rated games" if len(values) > 1 else "last rated game"
    canvas.text((LEFT, BOTTOM + 17), "oldest", 13, theme.text_dim, anchor="lm")
    canvas.text(((LEFT + RIGHT) / 2, BOTTOM + 17), games, 13, theme.text_dim, anchor="mm")
    canvas.text((RIGHT, BOTTOM + 17), "latest", 13, theme.text_dim, anchor="rm")
    return encode_png(canvas.final())


def _header(canvas: Canvas, theme: Theme, latest: int, provisional: bool) -> None:
    canvas.rect((0, 0, WIDTH, 30), fill=theme.header)
    canvas.text((14, 15), "Rating", 16, theme.text, anchor="lm", bold=True)
    right = RIGHT
    if provisional:
        right -= canvas.text((right, 15), " (provisional)", 13, theme.text_dim, anchor="rm")
    canvas.text((right, 15), f"now {latest}", 16, theme.text, anchor="rm", bold=True)


def _points(values: Sequence[int]) -> list[Point]:
    """Where each rating is drawn: evenly spread from left to right (one alone in the
    middle), the highest at the top of the box and the lowest at its bottom (all equal: a
    flat line in the middle)."""
    low, high = min(values), max(values)
    span_x = RIGHT - LEFT - 2 * INSET
    span_y = BOTTOM - TOP - 2 * INSET
    n = len(values)
    points = []
    for i, value in enumerate(values):
        x = (LEFT + RIGHT) / 2 if n == 1 else LEFT + INSET + span_x * i / (n - 1)
        if high == low:
            y = (TOP + BOTTOM) / 2
        else:
            y = BOTTOM - INSET - span_y * (value - low) / (high - low)
        points.append((x, y))
    return points


def _plot(
    canvas: Canvas, theme: Theme, values: Sequence[int], points: Sequence[Point], provisional: int
) -> None:
    """The box, its provisional band, the rating labels and the line through the points."""
    canvas.rect((LEFT, TOP, RIGHT, BOTTOM), fill=theme.card, radius=6)
    if provisional:
        if provisional >= len(values):
            end = RIGHT
        else:  # halfway between the last provisional game and the next
            end = (points[provisional - 1][0] + points[provisional][0]) / 2
        band = mix(theme.card, theme.text, 0.12)
        canvas.rect((LEFT, TOP, end, BOTTOM), fill=band, radius=6)
        if end < RIGHT:  # square where the band ends inside the box
            canvas.rect((max(LEFT, end - 6), TOP, end, BOTTOM), fill=band)
        label = "provisional"
        if canvas.text_width(label, 12) + 12 <= end - LEFT:
            canvas.text((LEFT + 6, TOP + 10), label, 12, theme.text_dim, anchor="lm")
    low, high = min(values), max(values)
    top_y = points[values.index(high)][1]
    bottom_y = points[values.index(low)][1]
    canvas.line([(LEFT, top_y), (RIGHT, top_y)], theme.card_edge, 1.5, joint=False)
    canvas.text((LEFT - 8, top_y), str(high), 14, theme.text, anchor="rm", bold=True)
    if high != low:
        canvas.line([(LEFT, bottom_y), (RIGHT, bottom_y)], theme.card_edge, 1.5, joint=False)
        canvas.text((LEFT - 8, bottom_y), str(low), 14, theme.text, anchor="rm", bold=True)
    if len(points) > 1:
        canvas.line(list(points), theme.text_dim, 2.5)


def _markers(
    canvas: Canvas, theme: Theme, points: Sequence[Point], wins: Sequence[bool] | None
) -> None:
    """A marker on each point: a win's triangle up, a loss's down (plain dots without
    results); the latest one ringed."""
    size = 6.0 if len(points) <= 25 else 5.0
    x, y = points[-1]
    canvas.circle((x, y), size + 4.5, outline=theme.highlight, width=2)
    for i, (x, y) in enumerate(points):
        if wins is None:
            canvas.circle((x, y), size * 0.65, fill=theme.text, outline=theme.board_edge, width=1)
        elif wins[i]:
            up = [(x, y - size * 1.15), (x + size, y + size * 0.7), (x - size, y + size * 0.7)]
            canvas.polygon(up, fill=WIN, outline=theme.board_edge, width=1.5)
        else:
            down = [(x, y + size * 1.15), (x - size, y - size * 0.7), (x + size, y - size * 0.7)]
            canvas.polygon(down, fill=LOSS, outline=theme.board_edge, width=1.5)
