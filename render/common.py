"""Drawing helpers shared by every game's image: a supersampled canvas, text, swatches,
header bar, panel cards and banners, PNG encoding.

Coordinates passed to :class:`Canvas` are in final-image pixels (floats are fine); the canvas
draws at ``SCALE`` times that size and :meth:`Canvas.png` scales the result down, which
anti-aliases every edge.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from .theme import RGB, Theme, displayable, font

SCALE = 2
"""Supersampling factor: everything is drawn at twice the final size."""

PNG_COMPRESS_LEVEL = 3
"""zlib level for the PNG. Measured on IceSickle images (1000 x 720 RGB): level 3 encodes in
~13 ms to ~83 KB, level 6 in ~19 ms to ~76 KB, level 9 in ~95 ms; most of the time at low
levels is Pillow's adaptive row filtering, which every level pays."""

PALETTE_COLOURS = 256
"""Colours kept by ``encode_png(..., palette=True)``: the images are flat colours plus their
anti-aliased edges (about 2,000 distinct colours), which 256 reproduce within a few levels per
channel (mean error under 1/255). Such a palette PNG encodes in about half the time (~4 ms
octree + ~5 ms encode) at under half the size (~30 KB), but opens as mode "P"; the default
stays RGB."""

Point = tuple[float, float]


class Canvas:
    """An RGB image drawn at ``SCALE`` x the final size, addressed in final pixels."""

    def __init__(self, width: int, height: int, background: RGB) -> None:
        self.width = width
        self.height = height
        self.image = Image.new("RGB", (width * SCALE, height * SCALE), background)
        self.draw = ImageDraw.Draw(self.image)

    # -- shapes ------------------------------------------------------------------------------

    @staticmethod
    def _xy(points: Sequence[Point]) -> list[tuple[float, float]]:
        return [(x * SCALE, y * SCALE) for x, y in points]

    @staticmethod
    def _box(box: Sequence[float]) -> tuple[float, float, float, float]:
        x0, y0, x1, y1 = box
        return (x0 * SCALE, y0 * SCALE, x1 * SCALE - 1, y1 * SCALE - 1)

    def rect(
        self,
        box: Sequence[float],
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: float = 0,
        radius: float = 0,
    ) -> None:
        """A rectangle covering ``box`` = (left, top, right, bottom); ``width`` draws inside."""
        w = round(width * SCALE)
        if radius:
            self.draw.rounded_rectangle(
                self._box(box), round(radius * SCALE), fill=fill, outline=outline, width=w
            )
        else:
            self.draw.rectangle(self._box(box), fill=fill, outline=outline, width=w)

    def polygon(
        self,
        points: Sequence[Point],
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: float = 0,
    ) -> None:
        """A filled polygon; an ``outline`` of ``width`` is centred on its edges."""
        w = round(width * SCALE) if outline is not None else 0
        self.draw.polygon(self._xy(points), fill=fill, outline=outline, width=max(w, 1))

    def line(self, points: Sequence[Point], fill: RGB, width: float, joint: bool = True) -> None:
        self.draw.line(
            self._xy(points),
            fill=fill,
            width=round(width * SCALE),
            joint="curve" if joint else None,
        )
        if joint:  # round caps
            r = width / 2
            for x, y in (points[0], points[-1]):
                self.circle((x, y), r, fill)

    def circle(
        self,
        centre: Point,
        radius: float,
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: float = 0,
    ) -> None:
        x, y = centre
        box = (
            (x - radius) * SCALE,
            (y - radius) * SCALE,
            (x + radius) * SCALE,
            (y + radius) * SCALE,
        )
        self.draw.ellipse(box, fill=fill, outline=outline, width=round(width * SCALE))

    def cross(self, centre: Point, half: float, colour: RGB, width: float, edge: RGB) -> None:
        """An X mark with a dark edge, so it reads on any background."""
        x, y = centre
        strokes = (
            ((x - half, y - half), (x + half, y + half)),
            ((x - half, y + half), (x + half, y - half)),
        )
        for stroke in strokes:
            self.line(stroke, edge, width + 3)
        for stroke in strokes:
            self.line(stroke, colour, width)

    def arrow(
        self, start: Point, end: Point, colour: RGB, width: float, head: float, edge: RGB
    ) -> None:
        """A line from ``start`` with an arrowhead whose tip is at ``end``; dark-edged."""
        (x0, y0), (x1, y1) = start, end
        length = math.hypot(x1 - x0, y1 - y0)
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        base = (x1 - ux * head, y1 - uy * head)
        px, py = -uy * head * 0.62, ux * head * 0.62
        tri = [end, (base[0] + px, base[1] + py), (base[0] - px, base[1] - py)]
        shaft_end = (x1 - ux * head * 0.8, y1 - uy * head * 0.8)
        # the dark edge: the same shapes a little larger, underneath
        self.line([start, shaft_end], edge, width + 4)
        self.polygon(tri, edge, edge, 4)
        self.line([start, shaft_end], colour, width)
        self.polygon(tri, colour)

    # -- text --------------------------------------------------------------------------------

    @staticmethod
    def _stroke(size: float, bold: bool) -> int:
        return max(1, round(size * SCALE / 44)) if bold else 0

    def text_width(self, text: str, size: float, bold: bool = False) -> float:
        text = displayable(text)
        stroke = self._stroke(size, bold)
        return font(round(size * SCALE)).getlength(text) / SCALE + 2 * stroke / SCALE

    def fit(self, text: str, size: float, max_width: float, bold: bool = False) -> str:
        """``text``, cut short with an ellipsis if it is wider than ``max_width``. A name
        ending in brackets keeps them, its head cut instead ("Parlor 2 (medium)" reads
        "Parl… (medium)"): what they say (Parlor's level) tells seats apart."""
        text = displayable(text)
        if self.text_width(text, size, bold) <= max_width:
            return text
        head, bracket, tail = text.rpartition(" (")
        if head and tail.endswith(")"):
            kept = bracket + tail
            room = max_width - self.text_width(kept, size, bold)
            if room >= self.text_width(head[:3] + "\N{HORIZONTAL ELLIPSIS}", size, bold):
                return self.fit(head, size, room, bold) + kept
        ellipsis = "\N{HORIZONTAL ELLIPSIS}"
        lo, hi = 0, len(text)
        while lo < hi:  # the longest prefix that fits with the ellipsis
            mid = (lo + hi + 1) // 2
            if self.text_width(text[:mid].rstrip() + ellipsis, size, bold) <= max_width:
                lo = mid
            else:
                hi = mid - 1
        return text[:lo].rstrip() + ellipsis

    def text(
        self,
        xy: Point,
        text: str,
        size: float,
        fill: RGB,
        anchor: str = "la",
        bold: bool = False,
        max_width: float | None = None,
    ) -> float:
        """Draw ``text`` at ``xy`` (Pillow anchor, e.g. "lm" = left, middle); return its width."""
        text = self.fit(text, size, max_width, bold) if max_width else displayable(text)
        stroke = self._stroke(size, bold)
        self.draw.text(
            (xy[0] * SCALE, xy[1] * SCALE),
            text,
            font=font(round(size * SCALE)),
            fill=fill,
            anchor=anchor,
            stroke_width=stroke,
            stroke_fill=fill,
        )
        return self.text_width(text, size, bold)

    # -- output ------------------------------------------------------------------------------

    def png(self) -> bytes:
        """The final image as PNG bytes: scaled down by ``SCALE`` (2x2 pixel average)."""
        return encode_png(downscale(self.image))


def downscale(image: Image.Image) -> Image.Image:
    """Scale a supersampled image down to its final size.

    ``Image.reduce`` averages each SCALE x SCALE block exactly (a box filter at an integer
    factor); it looks the same as LANCZOS here and is about ten times faster (LANCZOS alone
    took ~36 ms for a 2000x1440 image on the development machine, over the whole budget).
    """
    return image.reduce(SCALE)


def encode_png(image: Image.Image, palette: bool = False) -> bytes:
    """PNG bytes of ``image``; ``palette`` first reduces it to ``PALETTE_COLOURS`` colours
    (fast octree, no dithering: deterministic, and flat areas stay flat)."""
    if palette and image.mode == "RGB":
        image = image.quantize(
            PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
        )
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buffer.getvalue()


# -- building blocks -------------------------------------------------------------------------


def swatch(canvas: Canvas, theme: Theme, centre: Point, seat: int, size: float = 30) -> None:
    """A seat's colour as a rounded square with the seat number (1-based) on it."""
    x, y = centre
    h = size / 2
    canvas.rect((x - h - 2, y - h - 2, x + h + 2, y + h + 2), fill=theme.board_edge, radius=h * 0.4)
    canvas.rect((x - h, y - h, x + h, y + h), fill=theme.seat(seat), radius=h * 0.35)
    canvas.text((x, y + 1), str(seat + 1), size * 0.72, theme.seat_text, anchor="mm", bold=True)


def header_bar(
    canvas: Canvas,
    theme: Theme,
    height: float,
    title: str,
    details: str,
) -> float:
    """The top bar: the game's title and a line of details; returns the x where they end."""
    canvas.rect((0, 0, canvas.width, height), fill=theme.header)
    mid = height / 2
    x = 22
    x += canvas.text((x, mid), title, height * 0.46, theme.text, anchor="lm", bold=True)
    x += 18
    x += canvas.text((x, mid + 1), details, height * 0.32, theme.text_dim, anchor="lm")
    return x


def turn_pill(
    canvas: Canvas,
    theme: Theme,
    right: float,
    mid: float,
    name: str,
    suffix: str,
    seat: int | None,
    size: float = 26,
    max_width: float = 420,
    *,
    marker: Callable[[Canvas, Point, float], None] | None = None,
    accent: RGB | None = None,
) -> None:
    """A rounded label ending at ``right``: the seat's swatch (if any), ``name`` and
    ``suffix`` (e.g. "Alice", " to jump"); a long name is shortened, never the suffix.

    ``marker(canvas, centre, size)`` draws the swatch instead of the seat's colour square (a
    game whose players are told apart by piece colour), ``accent`` the outline's colour
    instead of the seat's."""
    pad = size * 0.55
    swatched = seat is not None or marker is not None
    sw = size * 1.2 if swatched else 0
    room = max_width - sw - 3 * pad - canvas.text_width(suffix, size, bold=True)
    text = canvas.fit(name, size, max(room, size), bold=True) + suffix
    tw = canvas.text_width(text, size, bold=True)
    width = tw + 2 * pad + (sw + pad * 0.7 if swatched else 0)
    h = size * 1.7
    left = right - width
    colour = theme.seat(seat) if seat is not None else theme.text_dim
    if accent is not None:
        colour = accent
    canvas.rect(
        (left, mid - h / 2, right, mid + h / 2),
        fill=theme.card,
        outline=colour,
        width=3,
        radius=h / 2,
    )
    x = left + pad
    if marker is not None:
        marker(canvas, (x + sw / 2, mid), sw)
        x += sw + pad * 0.7
    elif seat is not None:
        swatch(canvas, theme, (x + sw / 2, mid), seat, sw)
        x += sw + pad * 0.7
    canvas.text((x, mid + 1), text, size, theme.text, anchor="lm", bold=True)


def tag(canvas: Canvas, theme: Theme, xy: Point, text: str, fill: RGB, size: float = 17) -> float:
    """A small filled label (e.g. "TO JUMP") with its left end at ``xy`` (vertical middle);
    returns its width."""
    x, y = xy
    text = text.upper()
    pad = size * 0.5
    width = canvas.text_width(text, size, bold=True) + 2 * pad
    h = size * 1.45
    canvas.rect((x, y - h / 2, x + width, y + h / 2), fill=fill, radius=h * 0.3)
    canvas.text((x + pad, y + 1), text, size, theme.seat_text, anchor="lm", bold=True)
    return width


def card(canvas: Canvas, theme: Theme, box: Sequence[float], accent: RGB | None = None) -> None:
    """A panel card; ``accent`` draws a thick coloured border (e.g. the player to move)."""
    if accent is None:
        canvas.rect(box, fill=theme.card, outline=theme.card_edge, width=1.5, radius=12)
    else:
        canvas.rect(box, fill=theme.card, outline=accent, width=4, radius=12)


def heading(canvas: Canvas, theme: Theme, xy: Point, text: str, size: float = 18) -> float:
    """A small upper-case section heading; returns its width."""
    return canvas.text(xy, text.upper(), size, theme.text_dim, anchor="ls", bold=True)


def banner(
    canvas: Canvas,
    theme: Theme,
    box: Sequence[float],
    title: str,
    detail: str = "",
    fill: RGB | None = None,
    title_size: float = 28,
    detail_size: float = 21,
) -> None:
    """A filled banner with a bold title line and an optional second line, centred."""
    x0, y0, x1, y1 = box
    canvas.rect(box, fill=fill or theme.banner, outline=theme.board_edge, width=2, radius=14)
    cx = (x0 + x1) / 2
    inner = x1 - x0 - 36
    if detail:
        gap = 6
        total = title_size + gap + detail_size
        top = (y0 + y1) / 2 - total / 2
        canvas.text(
            (cx, top + title_size * 0.5), title, title_size, theme.banner_text, "mm", True, inner
        )
        canvas.text(
            (cx, top + title_size + gap + detail_size * 0.5),
            detail,
            detail_size,
            theme.banner_text,
            "mm",
            False,
            inner,
        )
    else:
        canvas.text((cx, (y0 + y1) / 2), title, title_size, theme.banner_text, "mm", True, inner)


def to_do(verbs: dict[str, str], phase: str) -> str:
    """What the player to act does in ``phase`` by a game's ``verbs`` table: "to place";
    "" for a phase it does not name (the game is over)."""
    return f"to {verbs[phase]}" if phase in verbs else ""


def seat_names(names: Sequence[str] | None, count: int) -> list[str]:
    """Display names for ``count`` seats: the given ones (blank ones filled), else "Player n"."""
    given = list(names or ())
    result = []
    for seat in range(count):
        name = given[seat].strip() if seat < len(given) and given[seat] else ""
        result.append(" ".join(name.split()) or f"Player {seat + 1}")
    return result


def display_names(names: Sequence[str] | None, count: int) -> list[str]:
    """:func:`seat_names` as the built-in font can draw them; a name with nothing drawable
    (all emoji, say) becomes "Player n"."""
    return [
        displayable(name) or f"Player {seat + 1}"
        for seat, name in enumerate(seat_names(names, count))
    ]
