"""Boards put together from stamps: each recorded call drawn once, kept, and pasted.

An animated replay draws hundreds of boards that differ in a few places (:mod:`render.scenes`
finds where). Drawing those places again through a canvas costs as much as the calls' pixels
at 2x and their scaling down; here each call is a stamp made once, at the final size, and a
changed region is the cached layer's pixels with the stamps of the calls that reach it pasted
over them, in order:

- a shape (rectangle, polygon, line, circle) is drawn alone on a transparent 2x canvas and
  scaled down premultiplied, as a sprite is (:mod:`render.sprites`), and kept by its shape
  relative to its corner and its sub-pixel place (a pawn drawn on many cells is one stamp);
- a sprite is its final-size image (:meth:`render.sprites.Sprite.flat`), as the live board
  paints it; a tile pasted with its final-size copy is that copy;
- a text is painted last, in order, through its cached mask, exactly as the live board does;
  a ``fade`` blends what lies under it at the final size.

Pasting a stamp over another differs from drawing both at 2x and scaling down only where two
edges fall in the same 2 x 2 block of pixels: measured on random games, at most about 200
pixels of a board (0.02 %) by 40-61 levels, a mean under 0.012 levels
(tests/render/test_scenes.py bounds it against the live board).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image

from . import sprites
from . import text as texts
from .canvas import SCALE, Canvas
from .gif_writer import Part
from .scenes import Box, Call, Scene, bounds, moved, regions

STAMP_BYTES = 48 * 1024 * 1024
"""How much the stamps kept may take (per process)."""

_STAMPS = sprites._Kept(STAMP_BYTES)

_SHAPES = ("rect", "polygon", "line", "circle")


def _shape(canvas: Canvas, anchor, name: str, args: tuple) -> None:
    """Draw the shape call ``name(*args)`` (its place relative to ``anchor``) on ``canvas``."""
    getattr(canvas, name)(*moved(name, args, anchor[0], anchor[1]))


def _stamp(call: Call) -> sprites.Flat:
    """The final-size image of a shape call, kept (see the module docstring)."""
    x0, y0, x1, y1 = call.bbox
    left, top = math.floor(x0), math.floor(y0)
    relative = moved(call.name, call.args, -left, -top)
    extent = (0.0, 0.0, float(math.ceil(x1 - left)), float(math.ceil(y1 - top)))
    args = (call.name, relative)
    sprite = sprites.get(Canvas, _shape, args, 0.0, 0.0, extent, kept=_STAMPS)
    return sprite.flat(left * SCALE - sprite.left, top * SCALE - sprite.top)


def _text(call: Call) -> texts.Text:
    return call.key[1]  # (the Text the recorder made: fitted, placed)


def _paint(region: Image.Image, corner: tuple[int, int], calls: Sequence[Call]) -> None:
    """Paste the stamps of ``calls`` onto ``region`` (its top-left corner at ``corner``)."""
    cx, cy = corner
    late: list[texts.Text] = []
    for call in calls:
        name = call.name
        if name in _SHAPES:
            flat = _stamp(call)
            x, y = flat.xy
            region.paste(flat.image, (x - cx, y - cy), flat.image)
        elif name == "sprite":
            draw, at, extent, *args = call.args
            placed = sprites.place(Canvas, draw, at, extent, tuple(args))
            flat = placed.flat
            x, y = flat.xy
            region.paste(flat.image, (x - cx, y - cy), flat.image)
            late.extend(placed.texts)
        elif name == "text":
            item = _text(call)
            if call.kwargs.get("inline"):
                texts.draw(region, item, corner)
            else:
                late.append(item)
        elif name == "paste":
            image, xy, flat = call.args
            x, y = round(xy[0] * SCALE), round(xy[1] * SCALE)
            if flat is None or x % SCALE or y % SCALE:
                flat = image.reduce(SCALE)
            region.paste(flat, (x // SCALE - cx, y // SCALE - cy))
        elif name == "fade":
            box, colour, amount = call.args
            area = bounds([box], (cx + region.width, cy + region.height))
            if area is not None:
                a0, b0, a1, b1 = area
                local = (max(a0 - cx, 0), max(b0 - cy, 0), a1 - cx, b1 - cy)
                if local[0] < local[2] and local[1] < local[3]:
                    under = region.crop(local)
                    blank = Image.new("RGB", under.size, colour)
                    region.paste(Image.blend(under, blank, amount), local[:2])
        else:
            raise ValueError(f"no stamp for a {name!r} call")
    for item in late:
        texts.draw(region, item, corner)


def whole(scene: Scene) -> Image.Image:
    """The board put together whole from its stamps (RGB, final size)."""
    image = scene.layer.flat().copy()
    _paint(image, (0, 0), scene.calls)
    return image


def compose(scene: Scene, within: Sequence[Box]) -> list[Part]:
    """The board's pixels around the boxes ``within``, in parts: each its top-left corner
    (final px) and an image (every call that reaches it pasted: all of it right)."""
    flat = scene.layer.flat()
    parts: list[Part] = []
    for (g0, h0, g1, h1), _ in regions(within):
        area = bounds([(g0, h0, g1, h1)], scene.size)
        if area is None:
            continue
        a0, b0, a1, b1 = area
        calls = [
            c
            for c in scene.calls
            if c.bbox[0] <= a1 and a0 <= c.bbox[2] and c.bbox[1] <= b1 and b0 <= c.bbox[3]
        ]
        region = flat.crop(area)
        _paint(region, (a0, b0), calls)
        parts.append(((a0, b0), region, None))
    return parts


__all__ = ["STAMP_BYTES", "compose", "whole"]
