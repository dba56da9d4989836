"""Boards put together from stamps: each recorded call drawn once, kept, and pasted.

An animated replay draws hundreds of boards that differ in a few places (:mod:`render.scenes`
finds where). Drawing those places again through a canvas costs as much as the calls' pixels
at 2x and their scaling down; here each call is a stamp made once, at the size the frames
are drawn (the final size, or 1/``shrink`` of it: an animated replay's half size), and a
changed region is the cached layer's pixels with the stamps of the calls that reach it pasted
over them, in order:

- a shape (rectangle, polygon, line, circle) is drawn alone, at the frames' size, on a
  transparent 2x canvas and scaled down premultiplied, as a sprite is (:mod:`render.sprites`),
  and kept by its shape relative to its corner and its sub-pixel place (a pawn drawn on many
  cells is one stamp);
- a sprite is its 2x image scaled down (:meth:`render.sprites.Sprite.flat`), as the live
  board paints it; a tile pasted likewise;
- a text is painted last, in order, through its cached mask (scaled down once), as the live
  board does; a ``fade`` blends what lies under it.

At the final size, pasting a stamp over another differs from drawing both at 2x and scaling
down only where two edges fall in the same 2 x 2 block of pixels: measured on random games,
at most about 200 pixels of a board (0.02 %) by 40-61 levels, a mean under 0.012 levels. At
half size a thin line lands on whole pixels where the board scaled down spreads it over two
(tests/render/test_scenes.py bounds both against the live board).
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Sequence
from functools import partial

from PIL import Image

from . import sprites
from . import text as texts
from .canvas import SCALE, Canvas
from .gif_writer import Part
from .scenes import Box, Call, Scene, bounds, moved, regions, shrunk
from .supersample import reduced

STAMP_BYTES = 48 * 1024 * 1024
"""How much the stamps kept may take (per process)."""

_STAMPS = sprites._Kept(STAMP_BYTES)

_SHAPES = ("rect", "polygon", "line", "circle")


def _shape(canvas: Canvas, anchor, name: str, args: tuple) -> None:
    """Draw the shape call ``name(*args)`` (its place relative to ``anchor``) on ``canvas``."""
    getattr(canvas, name)(*moved(name, args, anchor[0], anchor[1]))


PLACED_BYTES = 32 * 1024 * 1024
"""How much the stamps of the calls seen last may take (per process)."""

_PLACED = sprites._Kept(PLACED_BYTES, lambda found: found[0].width * found[0].height * 4)
"""The stamps of the shape and sprite calls seen last, by what they draw and how much
smaller (a call recurs from frame to frame: where its stamp goes needs working out once)."""


def _placed(call: Call, shrink: int) -> tuple[Image.Image, tuple[int, int], tuple[texts.Text, ...]]:
    """A shape or sprite call's stamp, where its top-left pixel goes (1/``shrink`` of the
    final size), and the texts to paint last (a sprite's), kept."""
    key = (call.key, shrink)
    found = _PLACED.get(key)
    if found is not None:
        return found
    if call.name == "sprite":
        draw, at, extent, *args = call.args
        placed = sprites.place(Canvas, draw, at, extent, tuple(args))
        flat = placed.sprite.flat(placed.left, placed.top, shrink)
        found = (flat.image, flat.xy, placed.texts)
    else:
        flat = _stamp(call, shrink)
        found = (flat.image, flat.xy, ())
    return _PLACED.put(key, found)


def _stamp(call: Call, shrink: int) -> sprites.Flat:
    """The image of a shape call at 1/``shrink`` of the final size, kept (see the module
    docstring). Smaller, the shape is drawn smaller (at 2x and scaled down, as on the board):
    a quarter of the pixels of scaling the final-size stamp down."""
    name, args, (x0, y0, x1, y1) = call.name, call.args, call.bbox
    if shrink != 1:
        args = shrunk(name, args, shrink)
        x0, y0, x1, y1 = x0 / shrink, y0 / shrink, x1 / shrink, y1 / shrink
    left, top = math.floor(x0), math.floor(y0)
    relative = moved(name, args, -left, -top)
    extent = (0.0, 0.0, float(math.ceil(x1 - left)), float(math.ceil(y1 - top)))
    sprite = sprites.get(Canvas, _shape, (name, relative), 0.0, 0.0, extent, kept=_STAMPS)
    return sprite.flat(left * SCALE - sprite.left, top * SCALE - sprite.top)


def _text(call: Call) -> texts.Text:
    return call.key[1]  # (the Text the recorder made: fitted, placed)


_TILES: dict[int, tuple[weakref.ref, dict[tuple[int, int, int], Image.Image]]] = {}
"""A pasted tile (2x, cached by its renderer) made smaller, by its place in the blocks; kept
by the tile's ``id`` while the tile lives (an image cannot be a dictionary key)."""


def _forget(ident: int, _gone: weakref.ref) -> None:
    _TILES.pop(ident, None)


def _tile(image: Image.Image, x: int, y: int, factor: int) -> Image.Image:
    """``image`` (2x, its corner at 2x px (``x``, ``y``)) made ``factor`` times smaller."""
    ident = id(image)
    entry = _TILES.get(ident)
    if entry is None or entry[0]() is not image:
        entry = _TILES[ident] = (weakref.ref(image, partial(_forget, ident)), {})
    kept = entry[1]
    key = (x % factor, y % factor, factor)
    small = kept.get(key)
    if small is None:
        small = kept[key] = reduced(image, key[0], key[1], factor)
    return small


def _put(region: Image.Image, image: Image.Image, x: int, y: int, mask: Image.Image | None) -> None:
    """``region.paste(image, (x, y), mask)`` without ``Image.paste``'s checks (~5 us, about
    a hundred stamps a frame): both are RGB or RGBA, ``region`` loaded; the core cuts the
    same."""
    box = (x, y, x + image.width, y + image.height)
    if mask is None:
        region.im.paste(image.im, box)
    else:
        region.im.paste(image.im, box, mask.im)


def _paint(
    region: Image.Image, corner: tuple[int, int], calls: Sequence[Call], shrink: int = 1
) -> None:
    """Paste the stamps of ``calls`` onto ``region`` (its top-left corner at ``corner``; both
    at 1/``shrink`` of the final size)."""
    cx, cy = corner
    late: list[texts.Text] = []
    for call in calls:
        name = call.name
        if name in _SHAPES or name == "sprite":
            image, (x, y), its = _placed(call, shrink)
            _put(region, image, x - cx, y - cy, image)
            late.extend(its)
        elif name == "text":
            item = _text(call)
            if call.kwargs.get("inline"):
                texts.draw(region, item, corner, shrink)
            else:
                late.append(item)
        elif name == "paste":
            image, xy, flat = call.args
            x, y = round(xy[0] * SCALE), round(xy[1] * SCALE)
            factor = SCALE * shrink
            if shrink == 1 and flat is not None and not (x % SCALE or y % SCALE):
                small = flat
            else:
                small = _tile(image, x, y, factor)
            mask = small if small.mode == "RGBA" else None
            _put(region, small, x // factor - cx, y // factor - cy, mask)
        elif name == "fade":
            (b0, b1, b2, b3), colour, amount = call.args
            box = (b0 / shrink, b1 / shrink, b2 / shrink, b3 / shrink)
            area = bounds([box], (cx + region.width, cy + region.height))
            if area is not None:
                a0, d0, a1, d1 = area
                local = (max(a0 - cx, 0), max(d0 - cy, 0), a1 - cx, d1 - cy)
                if local[0] < local[2] and local[1] < local[3]:
                    under = region.crop(local)
                    blank = Image.new("RGB", under.size, colour)
                    region.paste(Image.blend(under, blank, amount), local[:2])
        else:
            raise ValueError(f"no stamp for a {name!r} call")
    for item in late:
        texts.draw(region, item, corner, shrink)


_SMALL: weakref.WeakKeyDictionary[Canvas, dict[int, Image.Image]] = weakref.WeakKeyDictionary()
"""A layer's final-size image made smaller, by how much (kept while the layer lives)."""


def _layer(scene: Scene, shrink: int) -> Image.Image:
    """The scene's layer at 1/``shrink`` of the final size (not to be drawn on)."""
    flat = scene.layer.flat()
    if shrink == 1:
        return flat
    kept = _SMALL.setdefault(scene.layer, {})
    small = kept.get(shrink)
    if small is None:
        small = kept[shrink] = flat.reduce(shrink)
    return small


def whole(scene: Scene, shrink: int = 1) -> Image.Image:
    """The board put together whole from its stamps (RGB, final size; 1/``shrink`` of it)."""
    image = _layer(scene, shrink).copy()
    _paint(image, (0, 0), scene.calls, shrink)
    return image


def compose(scene: Scene, within: Sequence[Box], shrink: int = 1) -> list[Part]:
    """The board's pixels around the boxes ``within`` (final px), in parts: each its top-left
    corner and an image (every call that reaches it pasted: all of it right), both at
    1/``shrink`` of the final size."""
    flat = _layer(scene, shrink)
    parts: list[Part] = []
    for (g0, h0, g1, h1), _ in regions(within):
        area = bounds([(g0 / shrink, h0 / shrink, g1 / shrink, h1 / shrink)], flat.size)
        if area is None:
            continue
        a0, b0, a1, b1 = area
        f0, e0, f1, e1 = a0 * shrink, b0 * shrink, a1 * shrink, b1 * shrink
        calls = [
            c
            for c in scene.calls
            if c.bbox[0] <= f1 and f0 <= c.bbox[2] and c.bbox[1] <= e1 and e0 <= c.bbox[3]
        ]
        region = flat.crop(area)
        _paint(region, (a0, b0), calls, shrink)
        parts.append(((a0, b0), region, None))
    return parts


__all__ = ["STAMP_BYTES", "compose", "whole"]
