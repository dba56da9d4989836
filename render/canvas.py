"""The canvas every board image is drawn on: shapes supersampled, texts at the final size.

Coordinates are in final-image pixels (floats are fine). Shapes are drawn at ``SCALE`` times
that size and scaled down, which anti-aliases every edge; texts are kept in a list and drawn
on the scaled-down image (see :mod:`render.text`), so a text always lies above the shapes.
A shape drawn after a text over the same pixels would therefore not hide it: such a text is
drawn with ``inline=True`` (painted at once, under what comes later), and the render tests
check that no image leaves one out (``Canvas.TRACK``).

A cached layer (a board drawn once per theme) is a Canvas nobody draws on again;
:meth:`Canvas.copy` gives a canvas to draw the moving parts on over it. That canvas notes the
squares of ``TILE`` final pixels its shapes are drawn on, and only those are scaled down at the
end, over the layer's own final-size image (made once and kept with the layer). A board's
moving parts cover a fraction of it, so most of the 2x-to-1x reduction is skipped; the pixels
are the same as reducing the whole image (the squares lie on even 2x pixels).
"""

from __future__ import annotations

import contextlib
import io
import math
from collections.abc import Callable, Hashable, Iterator, Sequence

from PIL import Image, ImageChops, ImageDraw

from . import sprites
from . import text as texts
from .theme import RGB, displayable

SCALE = 2
"""Supersampling factor of the shapes: they are drawn at twice the final size."""

PNG_COMPRESS_LEVEL = 3
"""zlib level for the PNG. Measured on IceSickle images (1000 x 720 RGB): level 3 encodes in
~13 ms to ~83 KB, level 6 in ~19 ms to ~76 KB, level 9 in ~95 ms; most of the time at low
levels is Pillow's adaptive row filtering, which every level pays."""

PALETTE_COLOURS = 256
"""Colours kept by ``encode_png(..., palette=True)``: the images are flat colours plus their
anti-aliased edges (1,500-3,500 distinct colours), which 256 reproduce within a level per
channel on average. A palette PNG is about half the size of an RGB one and encodes in a
fraction of the time."""

PALETTE_SAMPLE = 4
"""The palette is chosen from every fourth pixel of every fourth row (fast octree on 1/16 of
the pixels: ~0.6 ms instead of ~8 ms on the whole image), then every pixel of the whole image
takes its nearest palette colour (~2 ms). Flat areas keep their colour. Picking pixels keeps
colours the image has (~0.15 ms); averaging 4 x 4 blocks (``reduce``) cost 0.8 ms and made
blends of neighbouring colours the image does not have: measured on 80 images of the four
games, the mean error per channel is 0.51 levels picking and 0.62 averaging, and 9 pixels an
image are off by more than 24 levels against 45."""

TILE = 32
"""Side, in final pixels, of the squares a canvas over a layer notes as drawn on (reducing a
whole 2000 x 1552 image takes ~3.3 ms)."""

SPARES = 2
"""2x images a layer keeps for its next copies (one per render running at once)."""

Point = tuple[float, float]
Box = tuple[float, float, float, float]

_UNTRACKED = contextlib.nullcontext()


class Canvas:
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
        self._layer: Canvas | None = None
        """The layer this canvas was copied from (see the module docstring)."""
        self._drawn = bytearray()
        """Per ``TILE`` square, row by row: 1 once something is drawn on it and not covered
        whole since by something that comes at the final size too (see :meth:`_cover`)."""
        self.grid = (0, 0)
        """Where a square's corner lies (final px): a copy's squares line up with it. A board
        drawn in cells pasted whole (a multiple of ``TILE`` each) sets it at a cell corner."""
        self._shift = (0, 0)
        self._columns = self._rows = 0
        self._waiting = bytearray()
        self._loaded = bytearray()
        """Per square, over a layer: 1 once it holds the layer's pixels (the copy starts empty,
        uninitialised: a square is copied from the layer when first drawn on, ~8 us, against
        ~1.5 ms to copy a whole 2000 x 2000 image)."""
        """Per square: 1 where a sprite may wait to be painted at the end (see :meth:`sprite`)."""
        self._pasting = False
        self._covers: list[tuple[Image.Image | RGB, tuple[int, int, int, int]]] = []
        """What covers whole squares over a layer, in order (see :meth:`_cover`)."""
        self._flat: Image.Image | None = None
        """A layer's shapes at the final size, made the first time it is copied."""
        self._spare: list[Image.Image] = []
        """A layer's 2x images its finished copies handed back, to draw the next ones on
        (allocating a 2000 x 2000 image and first touching its pages costs ~1 ms)."""

    def copy(self) -> Canvas:
        """A new canvas holding what this one holds, copy-on-write: for a layer drawn once,
        kept and never drawn on again (see the module docstring)."""
        if self._layer is not None:  # a copy of a copy: this one is a layer from now on
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
        try:  # what a finished copy left (atomic: renders may run in threads)
            other.image = self._spare.pop()
        except IndexError:
            other.image = Image.new("RGB", self.image.size, None)
        # (either way its pixels are not the layer's: a square is loaded when drawn on)
        other.draw = ImageDraw.Draw(other.image)
        other.texts = list(self.texts)
        other.hidden = [] if Canvas.TRACK else None
        other._layer = self
        other.grid = self.grid
        other._shift = ((TILE - self.grid[0]) % TILE, (TILE - self.grid[1]) % TILE)
        other._columns = -(-(self.width + other._shift[0]) // TILE)
        other._rows = -(-(self.height + other._shift[1]) // TILE)
        other._drawn = bytearray(other._columns * other._rows)
        other._waiting = bytearray(other._columns * other._rows)
        other._loaded = bytearray(other._columns * other._rows)
        other._pasting = False
        other._flat = None
        other._covers = []
        other._spare = []
        return other

    def _touch(self, box: Sequence[float], margin: float = 1, inner: Box | None = None) -> None:
        """Before drawing within ``box`` (final px): give its squares the layer's pixels if
        they have not got them yet (not those within ``inner``, a box the drawing paints over
        entirely; its right and bottom excluded), note them as drawn on, and paste at 2x the
        sprites waiting there (see :meth:`sprite`)."""
        columns, loaded = self._columns, self._loaded
        sx, sy = self._shift
        x0, y0, x1, y1 = box
        c0 = max(0, int(x0 - margin + sx) // TILE)
        c1 = min(columns - 1, int(x1 + margin + sx) // TILE)
        r0 = max(0, int(y0 - margin + sy) // TILE)
        r1 = min(self._rows - 1, int(y1 + margin + sy) // TILE)
        if c0 > c1 or r0 > r1:
            return
        if inner is not None:
            ix0, iy0, ix1, iy1 = inner
            i0 = max(0, math.ceil((ix0 + sx) / TILE))
            i1 = min(columns, math.floor((ix1 + sx) / TILE))
            if i0 < i1:
                top = max(0, math.ceil((iy0 + sy) / TILE))
                for r in range(top, min(self._rows, math.floor((iy1 + sy) / TILE))):
                    loaded[r * columns + i0 : r * columns + i1] = b"\x01" * (i1 - i0)
        self._load(c0, c1, r0, r1)
        if self._mark(self._drawn, box, margin) and not self._pasting:
            self._paste_waiting(box)

    def _load(self, c0: int, c1: int, r0: int, r1: int) -> None:
        """Copy the layer's pixels into the squares c0-c1 of rows r0-r1 that lack them."""
        columns, loaded = self._columns, self._loaded
        sx, sy = self._shift
        source, target = self._layer.image, self.image
        for r in range(r0, r1 + 1):
            row = r * columns
            c = loaded.find(0, row + c0, row + c1 + 1)
            while c >= 0:
                end = loaded.find(1, c, row + c1 + 1)
                end = row + c1 + 1 if end < 0 else end
                loaded[c:end] = b"\x01" * (end - c)
                left, right = (
                    max(0, (c - row) * TILE - sx),
                    min(self.width, (end - row) * TILE - sx),
                )
                top, bottom = max(0, r * TILE - sy), min(self.height, (r + 1) * TILE - sy)
                area = (left * SCALE, top * SCALE, right * SCALE, bottom * SCALE)
                target.paste(source.crop(area), area[:2])
                c = loaded.find(0, end, row + c1 + 1)

    def _mark(self, squares: bytearray, box: Sequence[float], margin: float = 1) -> bool:
        """Mark the squares under ``box`` (``margin`` px added around: a shape's edge may
        round outwards) in ``squares``; whether any of them is marked in ``_waiting``."""
        columns, waiting = self._columns, self._waiting
        sx, sy = self._shift
        x0, y0, x1, y1 = box
        c0 = max(0, int(x0 - margin + sx) // TILE)
        c1 = min(columns - 1, int(x1 + margin + sx) // TILE)
        if c0 > c1:
            return False
        run = b"\x01" * (c1 - c0 + 1)
        found = False
        r0 = max(0, int(y0 - margin + sy) // TILE)
        for r in range(r0, min(self._rows - 1, int(y1 + margin + sy) // TILE) + 1):
            squares[r * columns + c0 : r * columns + c1 + 1] = run
            found = found or waiting.find(1, r * columns + c0, r * columns + c1 + 1) >= 0
        return found

    def _paste_waiting(self, box: Sequence[float]) -> None:
        """Paste at 2x, in the order they were drawn, the waiting sprites that overlap
        ``box`` and those that overlap them in turn (the rest keep their order among
        themselves and lie clear of these)."""
        items = [
            (i, item.box) for i, item in enumerate(self.texts) if isinstance(item, sprites.Flat)
        ]
        chosen: set[int] = set()
        reach = [tuple(box)]
        while reach:
            x0, y0, x1, y1 = reach.pop()
            for i, (left, top, right, bottom) in items:
                if i in chosen or left > x1 + 1 or x0 - 1 > right:
                    continue
                if top <= y1 + 1 and y0 - 1 <= bottom:
                    chosen.add(i)
                    reach.append((left, top, right, bottom))
        if not chosen:
            return
        late = self.texts
        self._pasting = True
        try:
            for i in sorted(chosen):
                # (what lay before it only: its own texts come after it)
                self.texts = [item for j, item in enumerate(late[:i]) if j not in chosen]
                self._paste_sprite(late[i].sprite, late[i].at)
        finally:
            self._pasting = False
            self.texts = [item for i, item in enumerate(late) if i not in chosen]

    def _runs(self) -> Iterator[tuple[int, int, int, int]]:
        """The squares drawn on, as rectangles (in squares: left, top, right, bottom, the
        last two excluded): runs along each row, joined with the same run of the rows below."""
        columns, rows, loaded = self._columns, self._rows, self._drawn
        open_runs: dict[tuple[int, int], int] = {}
        for r in range(rows + 1):
            runs = set()
            if r < rows:
                row = r * columns
                c = loaded.find(1, row, row + columns)
                while c >= 0:
                    end = loaded.find(0, c, row + columns)
                    end = row + columns if end < 0 else end
                    runs.add((c - row, end - row))
                    c = loaded.find(1, end, row + columns)
            for run, top in list(open_runs.items()):
                if run not in runs:
                    del open_runs[run]
                    yield (run[0], top, run[1], r)
            for run in runs:
                open_runs.setdefault(run, r)

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
        parts = ()
        if fill is None and self._layer is not None:  # an outline: four bands, not the inside
            x0, y0, x1, y1 = box
            band = max(width, radius)
            parts = (
                (x0, y0, x1, y0 + band),
                (x0, y1 - band, x1, y1),
                (x0, y0, x0 + band, y1),
                (x1 - band, y0, x1, y1),
            )
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
        with self._shape(lambda: self._around(points, width / 2)):
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
        # its pixels exactly: from its first to its last (half) pixel
        last = ((x + image.width - 1) / SCALE, (y + image.height - 1) / SCALE)
        whole = (x / SCALE, y / SCALE, (x + image.width) / SCALE, (y + image.height) / SCALE)
        with self._shape((x / SCALE, y / SCALE, *last), margin=0, inner=whole):
            self.image.paste(image, (x, y))
        if flat is not None and self._layer is not None and not x % SCALE and not y % SCALE:
            x, y = x // SCALE, y // SCALE
            self._cover((x, y, x + flat.width, y + flat.height), flat)

    def _cover(self, box: tuple[int, int, int, int], what: Image.Image | RGB) -> None:
        """Over a layer: ``what`` (a final-size image, or one colour) now covers ``box``
        (final px, whole), drawn at 2x too. The squares inside the box are taken from it at
        the end instead of being scaled down (until something else is drawn on them)."""
        sx, sy = self._shift
        x0, y0, x1, y1 = box[0] + sx, box[1] + sy, box[2] + sx, box[3] + sy
        c0, c1 = max(0, -(-x0 // TILE)), min(self._columns, x1 // TILE)
        if c0 < c1:
            clean = bytes(c1 - c0)
            for r in range(max(0, -(-y0 // TILE)), min(self._rows, y1 // TILE)):
                self._drawn[r * self._columns + c0 : r * self._columns + c1] = clean
        self._covers.append((what, box))

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
        x, y = at[0] * SCALE, at[1] * SCALE
        ox, oy = math.floor(x), math.floor(y)
        sprite = sprites.get(Canvas, draw, args, x - ox, y - oy, extent)
        left, top = ox - sprite.left, oy - sprite.top
        if self._layer is not None and Canvas.LATE:
            flat = sprite.flat(left, top)
            self.texts.append(flat)
            self._mark(self._waiting, flat.box)
        else:
            self._paste_sprite(sprite.image, (left, top))
        for item in sprite.texts:
            self.texts.append(item._replace(xy=(at[0] + item.xy[0], at[1] + item.xy[1])))
        if self.hidden is not None:
            self.hidden.extend(sprite.hidden)

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
        *,
        inline: bool = False,
    ) -> float:
        """Draw ``text`` at ``xy`` (Pillow anchor, e.g. "lm" = left, middle); return its width.
        It is painted when the image is finished, above every shape; ``inline`` paints it
        now, supersampled with the shapes, for a text that something drawn later may cover
        (a number on a piece another piece overlaps)."""
        text = self.fit(text, size, max_width, bold) if max_width else displayable(text)
        stroke = texts.stroke(size, bold)
        item = texts.Text((xy[0], xy[1]), text, texts.font_size(size), fill, anchor, stroke)
        if inline:
            self._paint_inline(item)
        else:
            self.texts.append(item)
        return texts.length(text, size, stroke)

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
                image.paste(item.image, item.xy, item.image)
            else:
                texts.draw(image, item)

    def _shapes(self) -> Image.Image:
        """The shapes at the final size: over a layer, the layer's own (scaled down once)
        with the squares drawn on scaled down over it."""
        layer = self._layer
        if layer is None:
            return downscale(self.image)
        flat = layer._flat
        if flat is None:  # two threads may both make it: the same pixels
            flat = layer._flat = layer._shapes()
        image = flat.copy()
        for what, box in self._covers:
            image.paste(what, box if isinstance(what, tuple) else box[:2])
        sx, sy = self._shift
        for c0, r0, c1, r1 in self._runs():
            left, top = max(0, c0 * TILE - sx), max(0, r0 * TILE - sy)
            right, bottom = min(c1 * TILE - sx, self.width), min(r1 * TILE - sy, self.height)
            area = (left * SCALE, top * SCALE, right * SCALE, bottom * SCALE)
            image.paste(self.image.reduce(SCALE, area), (left, top))
        return image

    def fade(self, box: Sequence[float], colour: RGB, amount: float) -> None:
        """Blend what lies in ``box`` (final px) towards ``colour`` by ``amount`` (0-1)."""
        area = tuple(round(v * SCALE) for v in box)
        with self._shape(box):
            region = self.image.crop(area)
            blank = Image.new("RGB", region.size, colour)
            self.image.paste(Image.blend(region, blank, amount), area[:2])

    def png(self, palette: bool = False) -> bytes:
        """The finished image as PNG bytes (see :func:`encode_png`). Over a layer, the
        canvas hands its 2x image back to the layer: it cannot be drawn on after."""
        image = self.final()
        layer = self._layer
        if layer is not None and len(layer._spare) < SPARES:
            layer._spare.append(self.image)
            self.image = self.draw = None
        return encode_png(image, palette)


def downscale(image: Image.Image) -> Image.Image:
    """Scale a supersampled image down to its final size.

    ``Image.reduce`` averages each SCALE x SCALE block exactly (a box filter at an integer
    factor); it looks the same as LANCZOS here and is about ten times faster (LANCZOS alone
    took ~36 ms for a 2000x1440 image on the development machine, over the whole budget).
    """
    return image.reduce(SCALE)


def encode_png(image: Image.Image, palette: bool = False) -> bytes:
    """PNG bytes of ``image``; ``palette`` first reduces it to ``PALETTE_COLOURS`` colours
    (see ``PALETTE_SAMPLE``; no dithering: deterministic, and flat areas stay flat)."""
    if palette and image.mode == "RGB":
        size = (image.width // PALETTE_SAMPLE, image.height // PALETTE_SAMPLE)
        colours = image.resize(size, Image.Resampling.NEAREST).quantize(
            PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
        )
        image = image.quantize(palette=colours, dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buffer.getvalue()
