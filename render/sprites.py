"""Sprites: a drawing made once and then pasted (see :meth:`render.canvas.Canvas.sprite`).

A piece is a dozen shapes; drawn as a sprite, it is drawn once per look and sub-pixel position
on a transparent 2x canvas of its own, kept here, and then pasted: at the final size when the
image is finished (reduced once, premultiplied, so its edges blend as the 2x drawing scaled
down would), or at 2x under what is drawn after it.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from . import text as texts
from .supersample import SCALE, reduced


class Flat(NamedTuple):
    """A sprite to paint at the end at the final size, in turn with the texts."""

    image: Image.Image
    """RGBA, at the final size."""
    xy: tuple[int, int]
    """Its top-left corner (final px)."""
    sprite: Image.Image
    """The same at 2x (for a layer whose texts are painted at 2x)."""
    at: tuple[int, int]
    """Its top-left corner at 2x."""
    text: str
    """What drew it (named where the render tests find it hidden)."""

    @property
    def box(self) -> tuple[int, int, int, int]:
        """The pixels it covers: (left, top, right, bottom), the last two excluded."""
        x, y = self.xy
        return (x, y, x + self.image.width, y + self.image.height)

    def placed(self) -> tuple[texts.Mask, tuple[int, int, int, int]]:
        """Its coverage and the pixels it covers, as ``texts.Text.placed``."""
        return texts.Mask(self.image.getchannel("A"), 0, 0), self.box


class Sprite(NamedTuple):
    """A drawing kept by :meth:`render.canvas.Canvas.sprite`."""

    image: Image.Image
    """Its shapes, RGBA at 2x."""
    left: int
    top: int
    """How far (2x px) its top-left corner lies left of and above the anchor's 2x pixel."""
    texts: tuple[texts.Text, ...]
    """Its texts, placed from the anchor."""
    hidden: tuple[str, ...]
    """Its texts a later shape of its own covers (see ``Canvas.TRACK``)."""
    name: str
    flats: dict[tuple[int, ...], Image.Image]
    """Its final-size images by the parity of its 2x corner (made when first needed), and
    any smaller ones (by the corner's place in their blocks, and how much smaller)."""

    def flat(self, left: int, top: int, shrink: int = 1) -> Flat:
        """Painted at the final size with its 2x top-left corner at (``left``, ``top``); with
        ``shrink``, at 1/``shrink`` of the final size (an animated replay's frames)."""
        factor = SCALE * shrink
        px, py = left % factor, top % factor
        key = (px, py) if shrink == 1 else (px, py, shrink)
        image = self.flats.get(key)
        if image is None:  # two threads may both make it: the same pixels
            image = self.flats[key] = reduced(self.image, px, py, factor)
        corner = ((left - px) // factor, (top - py) // factor)
        return Flat(image, corner, self.image, (left, top), self.name)


class _Kept:
    """The sprites drawn, least recently used first, up to ``limit`` bytes of images (a
    standing stack's sprite is ~400 KB, a pyramid's 10-40 KB): thread-safe. Other items
    (an animated replay's stamps) are weighed by ``weigh``."""

    def __init__(self, limit: int, weigh: Callable[[Any], int] | None = None) -> None:
        self.limit = limit
        self.size = 0
        self.weigh = _bytes if weigh is None else weigh  # (the bytes an item takes)
        self._items: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Any:
        with self._lock:
            item = self._items.get(key)
            if item is not None:
                self._items.move_to_end(key)
            return item

    def put(self, key: Hashable, item: Any) -> Any:
        with self._lock:
            if key not in self._items:
                self._items[key] = item
                self.size += self.weigh(item)
            while self.size > self.limit and len(self._items) > 1:
                _, old = self._items.popitem(last=False)
                self.size -= self.weigh(old)
            return item


def _bytes(sprite: Sprite) -> int:
    return sprite.image.width * sprite.image.height * 6  # its 2x image and about two flats


SPRITE_BYTES = 32 * 1024 * 1024
"""How much the sprites kept may take (per process): the pieces of many games."""

_SPRITES = _Kept(SPRITE_BYTES)


def _draw(
    new_canvas: Callable[..., Any],
    draw: Callable[..., None],
    args: tuple,
    fx: float,
    fy: float,
    extent: tuple[float, float, float, float],
) -> Sprite:
    left, up, right, down = (math.ceil(v) + 1 for v in extent)
    canvas = new_canvas(left + right, up + down, (0, 0, 0))
    canvas.image = Image.new("RGBA", canvas.image.size, (0, 0, 0, 0))
    canvas.draw = ImageDraw.Draw(canvas.image)
    canvas.hidden = []  # always checked: a sprite is drawn once
    anchor = (left + fx / SCALE, up + fy / SCALE)
    draw(canvas, anchor, *args)
    name = f"{draw.__name__}{args!r}"
    alpha = canvas.image.getchannel("A")
    w, h = alpha.size  # the outermost pixels are a margin: ink there was cut off
    if any(
        alpha.crop(edge).getbbox()
        for edge in ((0, 0, w, 1), (0, h - 1, w, h), (0, 0, 1, h), (w - 1, 0, w, h))
    ):
        raise ValueError(f"a sprite reaches beyond its extent: {name}")
    placed = tuple(
        item._replace(xy=(item.xy[0] - anchor[0], item.xy[1] - anchor[1])) for item in canvas.texts
    )
    return Sprite(canvas.image, left * SCALE, up * SCALE, placed, tuple(canvas.hidden), name, {})


def get(
    new_canvas: Callable[..., Any],
    draw: Callable[..., None],
    args: tuple,
    fx: float,
    fy: float,
    extent: tuple[float, float, float, float],
    kept: _Kept | None = None,
) -> Sprite:
    """The sprite of ``draw(canvas, anchor, *args)`` with its anchor ``(fx, fy)`` into its 2x
    pixel, from the cache (``kept``, or the sprites') or drawn now on
    ``new_canvas(width, height, background)``."""
    kept = _SPRITES if kept is None else kept
    key = (draw, args, fx, fy, extent)
    sprite = kept.get(key)
    if sprite is None:
        sprite = kept.put(key, _draw(new_canvas, draw, args, fx, fy, extent))
    return sprite


class Placed(NamedTuple):
    """A sprite as drawn at an anchor point (:func:`place`)."""

    sprite: Sprite
    left: int
    top: int
    """Its 2x image's top-left corner (2x px)."""
    texts: tuple[texts.Text, ...]
    """Its texts, placed from the anchor."""

    @property
    def flat(self) -> Flat:
        """Its image at the final size, where it goes."""
        return self.sprite.flat(self.left, self.top)

    @property
    def box(self) -> tuple[float, float, float, float]:
        """The pixels its image covers (final px)."""
        w, h = self.sprite.image.size
        return (
            self.left / SCALE,
            self.top / SCALE,
            (self.left + w) / SCALE,
            (self.top + h) / SCALE,
        )


def place(
    new_canvas: Callable[..., Any],
    draw: Callable[..., None],
    at: tuple[float, float],
    extent: tuple[float, float, float, float],
    args: tuple,
) -> Placed:
    """The sprite of ``draw(canvas, anchor, *args)`` (:func:`get`) with its anchor at ``at``
    (final px): where its image and its texts go."""
    x, y = at[0] * SCALE, at[1] * SCALE
    ox, oy = math.floor(x), math.floor(y)
    sprite = get(new_canvas, draw, args, x - ox, y - oy, extent)
    placed = tuple(t._replace(xy=(at[0] + t.xy[0], at[1] + t.xy[1])) for t in sprite.texts)
    return Placed(sprite, ox - sprite.left, oy - sprite.top, placed)
