"""The canvas every board image is drawn on: shapes supersampled, texts at the final size.

Coordinates are in final-image pixels (floats are fine). Shapes are drawn at ``SCALE`` times
that size and scaled down, which anti-aliases every edge; texts are kept in a list and drawn
on the scaled-down image (see :mod:`render.text`), so a text always lies above the shapes.
A shape drawn after a text over the same pixels would therefore not hide it: such a text is
drawn with ``inline=True`` (painted at once, under what comes later), and the render tests
check that no image leaves one out (``Canvas.TRACK``).

A cached layer (a board drawn once per theme) is a Canvas nobody draws on again;
:meth:`Canvas.copy` gives a canvas to draw the moving parts on over it, kept in squares so
that only what a board draws is copied and scaled down (:mod:`render.squares`). PNG bytes:
:mod:`render.png`.
"""

from __future__ import annotations

import contextlib
import contextvars
import itertools
import math
from collections.abc import Callable, Hashable, Iterator, Sequence

from PIL import Image, ImageChops, ImageDraw

from . import names, sprites
from . import text as texts
from .png import PALETTE_COLOURS, PALETTE_SAMPLE, PNG_COMPRESS_LEVEL, encode_png
from .squares import TILE, Squares, hand_back, spare_image
from .supersample import SCALE, downscale
from .theme import RGB, displayable

__all__ = [
    "PALETTE_COLOURS",
    "PALETTE_SAMPLE",
    "PNG_COMPRESS_LEVEL",
    "SCALE",
    "TILE",
    "Canvas",
    "downscale",
    "encode_png",
]

Point = tuple[float, float]
Box = tuple[float, float, float, float]

_UNTRACKED = contextlib.nullcontext()

COPIES: contextvars.ContextVar[Callable[[Canvas], Canvas] | None] = contextvars.ContextVar(
    "copies", default=None
)
"""What :meth:`Canvas.copy` gives instead of a copy, in this thread or task: set while a board
is recorded (:func:`render.scenes.record`), so that what is drawn over a layer is recorded."""


def outline_bands(box: Sequence[float], width: float, radius: float) -> tuple[Box, ...]:
    """Where an unfilled rectangle's outline lies (final px): its four sides, as bands as
    deep as its width or its corners' radius."""
    x0, y0, x1, y1 = box
    band = max(width, radius)
    return (
        (x0, y0, x1, y0 + band),
        (x0, y1 - band, x1, y1),
        (x0, y0, x0 + band, y1),
        (x1 - band, y0, x1, y1),
    )


class Canvas(Squares):
    """An image addressed in final pixels: shapes at ``SCALE`` x, texts at the final size."""

    TRACK = False
    """When true (in tests), each shape drawn is checked against the texts drawn before it:
    a text whose pixels it changes is listed in ``hidden`` (a text painted at the end would
    show through that shape)."""

    LAYERS = True
    """Whether a copy of a layer is copy-on-write (see the module docstring); the render
    tests compare every image with a whole copy scaled down whole."""

    LATE = True
    """Whether sprites over a layer are painted at the end at the final size (see
    :meth:`sprite`); the render tests compare with them pasted at 2x."""

    def __init__(self, width: int, height: int, background: RGB) -> None:
        self.width = width
        self.height = height
        self.image = Image.new("RGB", (width * SCALE, height * SCALE), background)
        self.draw = ImageDraw.Draw(self.image)
        self.texts: list[texts.Text | sprites.Flat] = []
        """Texts (and sprites) to paint at the end, above the shapes, in order."""
        self.hidden: list[str] | None = [] if Canvas.TRACK else None
        self._no_squares()

    def copy(self) -> Canvas:
        """A new canvas holding what this one holds, copy-on-write: for a layer drawn once,
        kept and never drawn on again (see the module docstring). While a board is recorded
        (:func:`render.scenes.record`), the copy records what is drawn on it instead."""
        recorder = COPIES.get()
        if recorder is not None:
            return recorder(self)
        if self._layer is not None:  # a copy of a copy: this one is a layer from now on
            if self._owed:
                self._pay(0, self._columns - 1, 0, self._rows - 1)
            self._load(0, self._columns - 1, 0, self._rows - 1)
            self._layer = None
        if not Canvas.LAYERS:
            other = Canvas(self.width, self.height, (0, 0, 0))
            other.image = self.image.copy()
            other.draw = ImageDraw.Draw(other.image)
            other.texts = list(self.texts)
            return other
        other = Canvas.__new__(Canvas)
        other.width, other.height = self.width, self.height
        # (its pixels are not the layer's: a square takes them when first drawn on)
        other.image = spare_image(self.image.size)
        other.draw = ImageDraw.Draw(other.image)
        other.texts = list(self.texts)
        other.hidden = [] if Canvas.TRACK else None
        other._squares_over(self)
        for item in other.texts:  # (a copy of a copy: what waited in the first still waits)
            if isinstance(item, sprites.Flat):
                other._wait(item.box)
        return other

    # -- shapes ------------------------------------------------------------------------------

    @staticmethod
    def _xy(points: Sequence[Point]) -> list[tuple[float, float]]:
        return [(x * SCALE, y * SCALE) for x, y in points]

    @staticmethod
    def _box(box: Sequence[float]) -> tuple[float, float, float, float]:
        x0, y0, x1, y1 = box
        return (x0 * SCALE, y0 * SCALE, x1 * SCALE - 1, y1 * SCALE - 1)

    def _shape(
        self,
        box: Sequence[float] | Callable[[], Box],
        margin: float = 1,
        inner: Box | None = None,
        parts: Sequence[Box] = (),
    ) -> contextlib.AbstractContextManager:
        """Around drawing a shape within ``box`` (final px, or a function giving it): while
        ``TRACK``, note each text drawn before whose inked pixels the shape changes; over a
        layer, give the squares under it the layer's pixels. Otherwise nothing: not even the
        box is worked out (a render draws some 250 shapes)."""
        if self._layer is None and self.hidden is None:
            return _UNTRACKED
        if callable(box):
            box = box()
        if self._layer is not None:
            for part in parts or (box,):  # (where it draws, if less than its whole box)
                self._touch(part, margin, inner)
        if self.hidden is None:
            return _UNTRACKED
        return self._checked(box)

    @contextlib.contextmanager
    def _checked(self, box: Sequence[float]) -> Iterator[None]:
        x0, y0, x1, y1 = box
        near = []
        for item in self.texts:
            ink, (left, top, right, bottom) = item.placed()
            if left <= x1 and x0 <= right and top <= y1 and y0 <= bottom:
                area = (left * SCALE, top * SCALE, right * SCALE, bottom * SCALE)
                near.append((item.text, ink.image, area, self.image.crop(area)))
        yield
        for text, ink, area, before in near:
            changed = ImageChops.difference(before, self.image.crop(area)).convert("L")
            inked = ink.resize(changed.size).point(lambda v: 255 if v >= 128 else 0)
            if ImageChops.multiply(changed.point(lambda v: 255 if v else 0), inked).getbbox():
                self.hidden.append(text)

    @staticmethod
    def _around(points: Sequence[Point], pad: float) -> Box:
        xs, ys = [x for x, _ in points], [y for _, y in points]
        return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)

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
        inside = None
        if fill is not None and self._layer is not None:
            # its inside is one colour: the squares it covers whole need not be taken from
            # the layer, and take the colour at the end instead of being scaled down
            inset = max(radius, width) + 1
            x0, y0 = math.ceil(box[0] + inset), math.ceil(box[1] + inset)
            x1, y1 = math.floor(box[2] - inset), math.floor(box[3] - inset)
            if x1 - x0 >= TILE and y1 - y0 >= TILE:
                inside = (x0, y0, x1, y1)
        parts: Sequence[Box] = ()
        if fill is None and self._layer is not None:  # an outline: four bands, not the inside
            parts = outline_bands(box, width, radius)
        with self._shape(box, inner=inside, parts=parts):
            if radius:
                self.draw.rounded_rectangle(
                    self._box(box), round(radius * SCALE), fill=fill, outline=outline, width=w
                )
            else:
                self.draw.rectangle(self._box(box), fill=fill, outline=outline, width=w)
        if inside is not None:
            self._cover(inside, fill)

    def polygon(
        self,
        points: Sequence[Point],
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: float = 0,
    ) -> None:
        """A filled polygon with an ``outline`` of ``width`` inside its edges."""
        w = round(width * SCALE) if outline is not None else 0
        with self._shape(lambda: self._around(points, width / 2)):
            if w <= 1:
                self.draw.polygon(self._xy(points), fill=fill, outline=outline, width=max(w, 1))
                return
            # Pillow masks a wide outline with an image the size of the whole canvas (4 MB
            # here, a millisecond or more a polygon): draw it on the polygon's own patch
            xy = self._xy(points)
            left = max(0, math.floor(min(x for x, _ in xy)) - 2)
            top = max(0, math.floor(min(y for _, y in xy)) - 2)
            right = min(self.image.width, math.ceil(max(x for x, _ in xy)) + 3)
            bottom = min(self.image.height, math.ceil(max(y for _, y in xy)) + 3)
            patch = self.image.crop((left, top, right, bottom))
            shifted = [(x - left, y - top) for x, y in xy]
            ImageDraw.Draw(patch).polygon(shifted, fill=fill, outline=outline, width=w)
            self.image.paste(patch, (left, top))

    def line(self, points: Sequence[Point], fill: RGB, width: float, joint: bool = True) -> None:
        pad = width / 2
        parts = ()
        if len(points) > 2 and self._layer is not None:  # its segments' squares, not its box's
            parts = [self._around(ends, pad) for ends in itertools.pairwise(points)]
        with self._shape(lambda: self._around(points, pad), parts=parts):
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
        with self._shape((x - radius, y - radius, x + radius, y + radius)):
            self.draw.ellipse(box, fill=fill, outline=outline, width=round(width * SCALE))

    def paste(self, image: Image.Image, xy: Point, flat: Image.Image | None = None) -> None:
        """A supersampled image (a cached tile) with its top-left corner at ``xy``. ``flat``:
        the same image at the final size (``downscale(image)``, kept with it): over a layer,
        at a whole pixel, the squares it covers whole then take their pixels from it instead
        of being scaled down at the end."""
        x, y = round(xy[0] * SCALE), round(xy[1] * SCALE)
        if flat is not None and self._layer is not None and self._lend(image, (x, y), flat):
            return
        # its pixels exactly: from its first to its last (half) pixel
        last = ((x + image.width - 1) / SCALE, (y + image.height - 1) / SCALE)
        whole = (x / SCALE, y / SCALE, (x + image.width) / SCALE, (y + image.height) / SCALE)
        with self._shape((x / SCALE, y / SCALE, *last), margin=0, inner=whole):
            self.image.paste(image, (x, y))
        if flat is not None and self._layer is not None and not x % SCALE and not y % SCALE:
            x, y = x // SCALE, y // SCALE
            self._cover((x, y, x + flat.width, y + flat.height), flat)

    def sprite(
        self,
        draw: Callable[..., None],
        at: Point,
        extent: Box,
        *args: Hashable,
    ) -> None:
        """What ``draw(canvas, at, *args)`` draws, from a cache: drawn once per ``args`` and
        sub-pixel position on a transparent canvas of its own (a piece drawn in a dozen
        shapes becomes one paste; see :mod:`render.sprites`). ``draw`` must depend on nothing
        but its arguments; ``extent`` is how far it reaches (left, up, right, down, final px)
        from ``at``. It may draw shapes and texts (not ``inline`` ones).

        Over a layer it is painted when the image is finished, at the final size, in turn with
        the texts, and the squares under it need not be scaled down. A shape drawn later over
        it first pastes it at 2x (and every sprite waiting that overlaps it, in order), so
        what is drawn later still covers it. Elsewhere it is pasted at 2x at once."""
        placed = sprites.place(Canvas, draw, at, extent, args)
        if self._layer is not None and Canvas.LATE:
            flat = placed.flat
            self.texts.append(flat)
            self._wait(flat.box)
        else:
            self._paste_sprite(placed.sprite.image, (placed.left, placed.top))
        self.texts.extend(placed.texts)
        if self.hidden is not None:
            self.hidden.extend(placed.sprite.hidden)

    def _paste_sprite(self, image: Image.Image, xy: tuple[int, int]) -> None:
        """A sprite's 2x image, its top-left corner at ``xy`` (2x px)."""
        left, top = xy
        with self._shape(
            (left / SCALE, top / SCALE, (left + image.width) / SCALE, (top + image.height) / SCALE)
        ):
            self.image.paste(image, (left, top), image)

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

    def text_width(self, text: str, size: float, bold: bool = False) -> float:
        return texts.length(displayable(text), size, texts.stroke(size, bold))

    def fit(
        self,
        text: str,
        size: float,
        max_width: float,
        bold: bool = False,
        among: Sequence[str] = (),
    ) -> str:
        """``text``, cut short with an ellipsis if it is wider than ``max_width``. A name
        ending in brackets keeps them, its head cut instead. ``among``: ``text`` is a
        player's name and these are every seat's (as drawn): it is shortened so that it
        reads as none of the others ("Parlor 2 (medium)" beside "Parlor 3 (medium)": "P. 2
        (medium)"; see :mod:`render.names`)."""
        text = displayable(text)
        if among:
            return names.short_name(text, among, size, max_width, bold)
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
        *,
        inline: bool = False,
        among: Sequence[str] = (),
    ) -> float:
        """Draw ``text`` at ``xy`` (Pillow anchor, e.g. "lm" = left, middle); return its width.
        It is painted when the image is finished, above every shape; ``inline`` paints it
        now, supersampled with the shapes, for a text that something drawn later may cover
        (a number on a piece another piece overlaps). ``among``: ``text`` is a player's name,
        these every seat's, for :meth:`fit`."""
        item = self.text_item(xy, text, size, fill, anchor, bold, max_width, among)
        if inline:
            self._paint_inline(item)
        else:
            self.texts.append(item)
        return texts.length(item.text, size, item.stroke)

    def text_item(
        self,
        xy: Point,
        text: str,
        size: float,
        fill: RGB,
        anchor: str = "la",
        bold: bool = False,
        max_width: float | None = None,
        among: Sequence[str] = (),
    ) -> texts.Text:
        """The text :meth:`text` draws: cut to ``max_width`` (:meth:`fit`), its size and
        stroke as painted."""
        text = self.fit(text, size, max_width, bold, among) if max_width else displayable(text)
        stroke = texts.stroke(size, bold)
        return texts.Text((xy[0], xy[1]), text, texts.font_size(size), fill, anchor, stroke)

    def _paint_inline(self, item: texts.Text | sprites.Flat) -> None:
        if isinstance(item, sprites.Flat):
            self._paste_sprite(item.sprite, item.at)
            return
        if self.image.mode != "RGB":
            raise ValueError(f"a sprite cannot hold an inline text: {item.text!r}")
        x, y = item.xy
        size = texts.font_size(item.size * SCALE)
        stroke = item.stroke * SCALE
        scaled = item._replace(xy=(x * SCALE, y * SCALE), size=size, stroke=stroke)
        if self._layer is not None:
            self._touch([v / SCALE for v in scaled.placed()[1]])
        texts.draw(self.image, scaled)

    def bake(self) -> Canvas:
        """Paint the texts drawn so far now, supersampled, under whatever is drawn later:
        for a layer drawn once and kept (a board's fixed part), whose texts the moving parts
        may cover. Returns the canvas."""
        for item in self.texts:
            self._paint_inline(item)
        self.texts.clear()
        return self

    # -- output ------------------------------------------------------------------------------

    def final(self) -> Image.Image:
        """The finished image at its final size: the shapes scaled down, the texts on top."""
        image = self._shapes()
        self._paint_late(image)
        return image

    def _paint_late(self, image: Image.Image) -> None:
        """Paint the texts and sprites kept for the end onto ``image`` (final size)."""
        for item in self.texts:
            if isinstance(item, sprites.Flat):
                x, y = item.xy
                core = item.image.im
                image.im.paste(core, (x, y, x + core.size[0], y + core.size[1]), core)
            else:
                texts.draw(image, item)

    def fade(self, box: Sequence[float], colour: RGB, amount: float) -> None:
        """Blend what lies in ``box`` (final px) towards ``colour`` by ``amount`` (0-1)."""
        area = tuple(round(v * SCALE) for v in box)
        with self._shape(box):
            region = self.image.crop(area)
            blank = Image.new("RGB", region.size, colour)
            self.image.paste(Image.blend(region, blank, amount), area[:2])

    def png(self, palette: bool = False) -> bytes:
        """The finished image as PNG bytes (see :func:`encode_png`). Over a layer, the
        canvas hands its 2x image back for the next copy: it cannot be drawn on after."""
        image = self.final()
        if self._layer is not None and hand_back(self.image):
            self.image = self.draw = None
        return encode_png(image, palette)
