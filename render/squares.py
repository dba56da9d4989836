"""A canvas over a layer, kept by squares (mixed into :class:`render.canvas.Canvas`).

A cached layer (a board drawn once per theme) is a canvas nobody draws on again;
``Canvas.copy`` gives a canvas to draw the moving parts on over it. That canvas is kept in
squares of ``TILE`` final pixels:

- it starts as an uninitialised 2x image (or one a finished copy handed back), and a square
  takes the layer's pixels only when first drawn on (unless a paste or a filled rectangle
  paints over it whole);
- it notes the squares its shapes are drawn on, and only those are scaled down at the end,
  over the layer's own final-size image (made once and kept with the layer); a filled
  rectangle's inside and a tile pasted with its final-size copy are taken at the final size;
- sprites wait to be painted at the end at the final size (see ``Canvas.sprite``); a shape
  drawn over a waiting one first pastes it at 2x;
- a tile pasted whole on whole squares is lent (:meth:`Squares._lend`): taken at the final
  size, and pasted at 2x only when a shape is first drawn over it.

A board's moving parts cover a fraction of it, so most of the copy and of the 2x-to-1x
reduction is skipped, and the pixels are the same as copying the layer whole and reducing the
whole image (the squares lie on even 2x pixels; the render tests compare every phase).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from PIL import Image

from . import sprites
from .supersample import SCALE, downscale
from .theme import RGB

if TYPE_CHECKING:
    from .canvas import Canvas

TILE = 32
"""Side, in final pixels, of the squares a canvas over a layer notes as drawn on (reducing a
whole 2000 x 1552 image takes ~3.3 ms)."""

SPARES = 2
"""2x images of each size kept for the next copies (one per render running at once): any
copy of any layer of that size may draw on one, since it loads what it draws on. Shared by
the layers (Pachisi has a layer per seating and rule set), so a process keeps at most this
many per image size (~14 MB each), not per layer."""

_spare: dict[tuple[int, int], list[Image.Image]] = {}


def spare_image(size: tuple[int, int]) -> Image.Image:
    """A 2x image of ``size`` to draw a copy on: one a finished copy handed back, or a new
    uninitialised one (allocating it and first touching its pages costs ~1 ms)."""
    try:  # atomic: renders may run in threads
        return _spare.setdefault(size, []).pop()
    except IndexError:
        return Image.new("RGB", size, None)


def hand_back(image: Image.Image) -> bool:
    """Keep ``image`` (a finished copy's) for the next copy of its size, if fewer than
    ``SPARES`` are kept; whether it was kept."""
    kept = _spare.setdefault(image.size, [])
    if len(kept) >= SPARES:
        return False
    kept.append(image)
    return True


Box = tuple[float, float, float, float]


class Squares:
    """The squares' bookkeeping of a :class:`render.canvas.Canvas`."""

    width: int
    height: int
    image: Image.Image
    texts: list

    def _no_squares(self) -> None:
        """The state of a canvas that is no copy of a layer (drawn on whole)."""
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
        """Per square: 1 where a sprite may wait to be painted at the end (``Canvas.sprite``)."""
        self._loaded = bytearray()
        """Per square, over a layer: 1 once it holds the layer's pixels (the copy starts empty,
        uninitialised: a square is copied from the layer when first drawn on, ~8 us, against
        ~1.5 ms to copy a whole 2000 x 2000 image)."""
        self._pasting = False
        self._lent = bytearray()
        """Per square, over a layer: 0, or 1 + the index in ``_owed`` of the 2x image (a
        tile) that covers it whole and is not pasted yet (see :meth:`_lend`)."""
        self._owed: list[tuple[Image.Image, tuple[int, int]] | None] = []
        self._covers: list[tuple[Image.Image | RGB, tuple[int, int, int, int]]] = []
        """What covers whole squares over a layer, in order (see :meth:`_cover`)."""
        self._flat: Image.Image | None = None
        """A layer's shapes at the final size, made the first time it is copied."""

    def _squares_over(self, layer: Canvas) -> None:
        """Start as a copy of ``layer`` (its 2x image set already)."""
        self._layer = layer
        self.grid = layer.grid
        self._shift = ((TILE - layer.grid[0]) % TILE, (TILE - layer.grid[1]) % TILE)
        self._columns = -(-(self.width + self._shift[0]) // TILE)
        self._rows = -(-(self.height + self._shift[1]) // TILE)
        self._drawn = bytearray(self._columns * self._rows)
        self._waiting = bytearray(self._columns * self._rows)
        self._loaded = bytearray(self._columns * self._rows)
        self._pasting = False
        self._lent = bytearray(self._columns * self._rows)
        self._owed = []
        self._flat = None
        self._covers = []

    def _span(self, box: Sequence[float], margin: float = 1) -> tuple[int, int, int, int]:
        """The squares ``box`` (final px, ``margin`` px added around: a shape's edge may
        round outwards) lies on: first and last column, first and last row (empty if the
        first is past the last)."""
        sx, sy = self._shift
        x0, y0, x1, y1 = box
        return (
            max(0, int(x0 - margin + sx) // TILE),
            min(self._columns - 1, int(x1 + margin + sx) // TILE),
            max(0, int(y0 - margin + sy) // TILE),
            min(self._rows - 1, int(y1 + margin + sy) // TILE),
        )

    def _within(self, box: Sequence[float]) -> tuple[int, int, int, int]:
        """The squares lying wholly within ``box`` (final px, its right and bottom
        excluded): first column, the column past the last, first row, the row past the last."""
        sx, sy = self._shift
        x0, y0, x1, y1 = box
        return (
            max(0, math.ceil((x0 + sx) / TILE)),
            min(self._columns, math.floor((x1 + sx) / TILE)),
            max(0, math.ceil((y0 + sy) / TILE)),
            min(self._rows, math.floor((y1 + sy) / TILE)),
        )

    def _area(self, c0: int, r0: int, c1: int, r1: int) -> tuple[int, int, int, int]:
        """The 2x pixels of the squares c0 up to c1 and r0 up to r1 (the last two excluded),
        cut to the image."""
        sx, sy = self._shift
        left, top = max(0, c0 * TILE - sx), max(0, r0 * TILE - sy)
        right, bottom = min(self.width, c1 * TILE - sx), min(self.height, r1 * TILE - sy)
        return (left * SCALE, top * SCALE, right * SCALE, bottom * SCALE)

    def _row_slices(self, c0: int, c1: int, r0: int, r1: int) -> list[slice]:
        """The squares c0 up to c1 of rows r0 up to r1 (the last two excluded) in the per-square
        arrays (``_drawn``, ``_loaded``...): a slice a row."""
        columns = self._columns
        return [slice(r * columns + c0, r * columns + c1) for r in range(r0, r1)]

    def _touch(self, box: Sequence[float], margin: float = 1, inner: Box | None = None) -> None:
        """Before drawing within ``box`` (final px): give its squares the layer's pixels if
        they have not got them yet (not those within ``inner``, a box the drawing paints over
        entirely; its right and bottom excluded), note them as drawn on, and paste at 2x the
        sprites waiting there (see ``Canvas.sprite``)."""
        c0, c1, r0, r1 = self._span(box, margin)
        if c0 > c1 or r0 > r1:
            return
        if self._owed:
            self._pay(c0, c1, r0, r1)
        if inner is not None:
            i0, i1, top, bottom = self._within(inner)
            if i0 < i1:
                for row in self._row_slices(i0, i1, top, bottom):
                    self._loaded[row] = b"\x01" * (i1 - i0)
        self._load(c0, c1, r0, r1)
        drawn, waiting, run = self._drawn, self._waiting, b"\x01" * (c1 - c0 + 1)
        found = False
        for row in self._row_slices(c0, c1 + 1, r0, r1 + 1):
            drawn[row] = run
            found = found or waiting.find(1, row.start, row.stop) >= 0
        if found and not self._pasting:
            self._paste_waiting(box)

    def _lend(self, image: Image.Image, xy: tuple[int, int], flat: Image.Image) -> bool:
        """Over a layer: a 2x image (a tile) to paste at ``xy`` (2x px), with its final-size
        copy ``flat``, over whole squares. It covers them at the final size now, and is
        pasted at 2x only once a shape is drawn on one of them (a tile under nothing but
        pieces painted at the end never is). False, and nothing done, where it cannot be
        lent: not on whole squares, or over a sprite waiting to be painted."""
        sx, sy = self._shift
        x0, y0 = xy[0] // SCALE, xy[1] // SCALE
        box = (x0, y0, x0 + flat.width, y0 + flat.height)
        if (
            xy[0] % SCALE
            or xy[1] % SCALE
            or any((v + s) % TILE for v, s in zip(box, (sx, sy, sx, sy), strict=True))
            or len(self._owed) >= 255
        ):
            return False
        c0, c1, r0, r1 = self._within(box)
        if (c1 - c0) * TILE != flat.width or (r1 - r0) * TILE != flat.height:
            return False  # (partly off the image)
        rows = self._row_slices(c0, c1, r0, r1)
        if any(self._waiting.find(1, row.start, row.stop) >= 0 for row in rows):
            return False
        self._owed.append((image, xy))
        mark = bytes([len(self._owed)]) * (c1 - c0)
        for row in rows:
            self._loaded[row] = b"\x01" * (c1 - c0)
            self._lent[row] = mark
        self._cover(box, flat)
        return True

    def _pay(self, c0: int, c1: int, r0: int, r1: int) -> None:
        """Paste at 2x the lent images under squares c0-c1 of rows r0-r1 (see :meth:`_lend`)."""
        lent = self._lent
        owing = set()
        for row in self._row_slices(c0, c1 + 1, r0, r1 + 1):
            owing.update(lent[row])
        owing.discard(0)
        for index in owing:  # (they lie on squares of their own: any order)
            image, (x, y) = self._owed[index - 1]  # type: ignore[misc]
            self._owed[index - 1] = None
            self.image.im.paste(image.im, (x, y, x + image.width, y + image.height))
            lent[:] = lent.translate(bytes(0 if v == index else v for v in range(256)))
        if not any(self._owed):
            self._owed.clear()

    def _load(self, c0: int, c1: int, r0: int, r1: int) -> None:
        """Copy the layer's pixels into the squares c0-c1 of rows r0-r1 that lack them."""
        columns, loaded = self._columns, self._loaded
        source, target = self._layer.image, self.image
        for r in range(r0, r1 + 1):
            row = r * columns
            c = loaded.find(0, row + c0, row + c1 + 1)
            while c >= 0:
                end = loaded.find(1, c, row + c1 + 1)
                end = row + c1 + 1 if end < 0 else end
                loaded[c:end] = b"\x01" * (end - c)
                area = self._area(c - row, r, end - row, r + 1)
                target.im.paste(source.im.crop(area), area)  # (Image.paste's checks: ~4 us)
                c = loaded.find(0, end, row + c1 + 1)

    def _wait(self, box: Sequence[float]) -> None:
        """Note the squares under ``box`` (final px) as where a sprite waits."""
        c0, c1, r0, r1 = self._span(box)
        for row in self._row_slices(c0, c1 + 1, r0, r1 + 1):
            self._waiting[row] = b"\x01" * (c1 - c0 + 1)

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

    def _cover(self, box: tuple[int, int, int, int], what: Image.Image | RGB) -> None:
        """Over a layer: ``what`` (a final-size image, or one colour) now covers ``box``
        (final px, whole), drawn at 2x too. The squares inside the box are taken from it at
        the end instead of being scaled down (until something else is drawn on them)."""
        c0, c1, top, bottom = self._within(box)
        if c0 < c1:
            for row in self._row_slices(c0, c1, top, bottom):
                self._drawn[row] = bytes(c1 - c0)
        self._covers.append((what, box))

    def flat(self) -> Image.Image:
        """A layer's shapes at the final size, made the first time it is asked for and kept
        (two threads may both make it: the same pixels). Not to be drawn on."""
        if self._flat is None:
            self._flat = self._shapes()
        return self._flat

    def _shapes(self) -> Image.Image:
        """The shapes at the final size: over a layer, the layer's own (scaled down once)
        with the squares drawn on scaled down over it."""
        layer = self._layer
        if layer is None:
            return downscale(self.image)
        image = layer.flat().copy()
        for what, box in self._covers:
            image.paste(what, box if isinstance(what, tuple) else box[:2])
        for c0, r0, c1, r1 in self._runs():
            area = self._area(c0, r0, c1, r1)
            small = self.image.im.reduce((SCALE, SCALE), area)
            x, y = area[0] // SCALE, area[1] // SCALE
            image.im.paste(small, (x, y, x + small.size[0], y + small.size[1]))
        return image
