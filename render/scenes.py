"""Scenes: a board recorded as the calls that draw it, to find what changed from one to the next.

Every board is a cached layer (the fixed board, :mod:`render.squares`) and the moving parts a
renderer draws over a copy of it, about 150 shapes, texts and sprites. Working those calls out
takes a renderer 0.2-1.4 ms; their pixels (drawn at 2x, scaled down, the PNG) the other 7-10
ms. An animated replay draws hundreds of boards that differ in a few places, so:

- :func:`record` runs a renderer with :meth:`Canvas.copy` giving a :class:`Recorder`, which
  keeps each call and the box (final px) of the pixels it may change, and draws nothing;
- :func:`changes` compares two recordings: the calls of one that the other lacks (outside a
  longest common run, in order) are where the pixels may differ; a call the two share, in the
  same order among the shared calls, paints the same pixels. Over another layer (a board with
  a layer per look), where the two layers differ counts too;
- :func:`regions` groups the changed boxes into regions to draw again
  (:mod:`render.stamps` puts them together).
"""

from __future__ import annotations

import itertools
import math
import weakref
from collections.abc import Callable, Sequence
from difflib import SequenceMatcher
from functools import lru_cache
from typing import Any, NamedTuple

from PIL import Image, ImageChops

from . import sprites
from . import text as texts
from .canvas import COPIES, SCALE, Box, Canvas, outline_bands

PAD = 2
"""Final pixels added around each call's box: a shape's anti-aliased edge, rounded outwards."""


class Call(NamedTuple):
    """One drawing call on a canvas over a layer."""

    key: tuple
    """What it draws, comparable across boards (an image by its identity: tiles are cached)."""
    name: str
    args: tuple
    kwargs: dict[str, Any]
    boxes: tuple[Box, ...]
    """Where its pixels may lie (final px, padded by :data:`PAD`)."""
    bbox: Box
    """The box around them."""


class Scene(NamedTuple):
    """A board as recorded: its layer and the calls drawn over it, in order."""

    layer: Canvas
    calls: list[Call]
    codes: list[int]
    """Each call's key as a number (:func:`_known`): two boards are compared by these."""

    @property
    def size(self) -> tuple[int, int]:
        return (self.layer.width, self.layer.height)


def _padded(box: Sequence[float]) -> Box:
    x0, y0, x1, y1 = box
    return (x0 - PAD, y0 - PAD, x1 + PAD, y1 + PAD)


def _around(points: Sequence[tuple[float, float]], pad: float) -> Box:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


class Recorder(Canvas):
    """A copy of a layer that records what is drawn on it (see the module docstring)."""

    def __init__(self, layer: Canvas) -> None:  # (no 2x image: nothing is drawn)
        self.layer = layer
        self.width, self.height = layer.width, layer.height
        self.grid = layer.grid
        self.texts = []
        self.hidden = None
        self.calls: list[Call] = []

    def _note(
        self, key: tuple, args: tuple, boxes: Sequence[Box], kwargs: dict | None = None
    ) -> None:
        if len(boxes) == 1:  # (most calls: one box)
            x0, y0, x1, y1 = boxes[0]
            bbox = (x0 - PAD, y0 - PAD, x1 + PAD, y1 + PAD)
            self.calls.append(Call(key, key[0], args, kwargs or {}, (bbox,), bbox))
            return
        padded, bbox = _spread(boxes)
        self.calls.append(Call(key, key[0], args, kwargs or {}, padded, bbox))

    def rect(self, box, fill=None, outline=None, width=0, radius=0) -> None:
        parts: Sequence[Box] = (tuple(box),)
        if fill is None:  # an outline: its four sides (as Canvas.rect touches them)
            parts = outline_bands(box, width, radius)
        args = (box, fill, outline, width, radius)
        self._note(("rect", tuple(box), fill, outline, width, radius), args, parts)

    def polygon(self, points, fill=None, outline=None, width=0) -> None:
        key = ("polygon", tuple(points), fill, outline, width)
        self._note(key, (points, fill, outline, width), (_around(points, width / 2),))

    def line(self, points, fill, width, joint=True) -> None:
        pad = width / 2
        parts = [_around(ends, pad) for ends in itertools.pairwise(points)]
        key = ("line", tuple(points), fill, width, joint)
        self._note(key, (points, fill, width, joint), parts or (_around(points, pad),))

    def circle(self, centre, radius, fill=None, outline=None, width=0) -> None:
        x, y = centre
        box = (x - radius, y - radius, x + radius, y + radius)
        args = (centre, radius, fill, outline, width)
        self._note(("circle", *args), args, (box,))

    def paste(self, image, xy, flat=None) -> None:
        x, y = round(xy[0] * SCALE), round(xy[1] * SCALE)
        box = (x / SCALE, y / SCALE, (x + image.width) / SCALE, (y + image.height) / SCALE)
        key = ("paste", id(image), tuple(xy), id(flat))  # (a tile is cached: kept alive)
        self._note(key, (image, xy, flat), (box,))

    def fade(self, box, colour, amount) -> None:
        self._note(("fade", tuple(box), colour, amount), (box, colour, amount), (tuple(box),))

    def sprite(self, draw: Callable[..., None], at, extent, *args) -> None:
        padded, bbox = _sprite_boxes(draw, tuple(at), extent, args)
        key = ("sprite", draw, tuple(at), extent, *args)
        self.calls.append(Call(key, "sprite", (draw, at, extent, *args), {}, padded, bbox))

    def text(
        self,
        xy,
        text,
        size,
        fill,
        anchor="la",
        bold=False,
        max_width=None,
        *,
        inline=False,
        among=(),
    ) -> float:
        item = self.text_item(xy, text, size, fill, anchor, bold, max_width, among)
        self._note(
            ("text", item, inline),
            (xy, text, size, fill, anchor, bold, max_width),
            (item.placed()[1],),
            {"inline": inline, "among": among},
        )
        return texts.length(item.text, size, item.stroke)

    def copy(self) -> Canvas:
        raise TypeError("a recorded board cannot be copied")

    def bake(self) -> Canvas:
        raise TypeError("a recorded board cannot be baked")

    def final(self) -> Image.Image:
        raise TypeError("a recorded board has no pixels: paint it (render.scenes.paint)")

    def png(self, palette: bool = False) -> bytes:
        return b""  # (what the renderer returns while recorded: the calls are the result)


def _spread(boxes: Sequence[Box]) -> tuple[tuple[Box, ...], Box]:
    """A call's boxes padded (:data:`PAD`), and the box around them."""
    padded = tuple(_padded(b) for b in boxes)
    bbox = padded[0]
    if len(padded) > 1:
        bbox = (
            min(b[0] for b in padded),
            min(b[1] for b in padded),
            max(b[2] for b in padded),
            max(b[3] for b in padded),
        )
    return padded, bbox


@lru_cache(maxsize=8192)
def _sprite_boxes(
    draw: Callable[..., None], at: tuple, extent: tuple, args: tuple
) -> tuple[tuple[Box, ...], Box]:
    """Where a sprite drawn at ``at`` may change pixels: its image and its texts, padded, and
    the box around them (kept: a piece is drawn on the same place board after board)."""
    placed = sprites.place(Canvas, draw, at, extent, args)
    return _spread([placed.box, *(item.placed()[1] for item in placed.texts)])


def record(draw: Callable[[], object]) -> Scene:
    """The board ``draw()`` draws (a renderer's call, e.g. ``lambda: render(state)``), as a
    :class:`Scene`. ``ValueError`` if it draws no board over a cached layer."""
    made: list[Recorder] = []

    def recorder(layer: Canvas) -> Canvas:
        made.append(Recorder(layer))
        return made[-1]

    token = COPIES.set(recorder)
    try:
        draw()
    finally:
        COPIES.reset(token)
    if len(made) != 1:
        raise ValueError(f"a board is drawn over one cached layer, not {len(made)}")
    calls, codes = [], []
    for call in made[0].calls:
        code, call = _known(call)
        calls.append(call)
        codes.append(code)
    return Scene(made[0].layer, calls, codes)


_KNOWN: dict[tuple, tuple[int, Call]] = {}
"""Each call seen lately, by its key, with a number. Two boards' calls are compared by their
numbers (a key holds texts, points and colours: each is hashed once), and a call drawn on
many boards is one object (a 2,619-move game's 261,195 calls are 12,000), so a replay can
keep every board it recorded. Started again past :data:`KNOWN` calls; the numbers only
grow, so two keys never share one (a call seen again after a start is merely redrawn)."""
KNOWN = 16384
_next = itertools.count()


def _known(call: Call) -> tuple[int, Call]:
    """The number of ``call``'s key, and the call first recorded with it (the same
    drawing: a key holds all a stamp is made from)."""
    found = _KNOWN.get(call.key)
    if found is None:
        if len(_KNOWN) >= KNOWN:
            _KNOWN.clear()
        found = _KNOWN[call.key] = (next(_next), call)
    return found


def changes(before: Scene | None, after: Scene) -> list[Box] | None:
    """Where ``after`` may differ from ``before``: boxes (final px), ``[]`` for the same
    picture, ``None`` for all of it (no board before). Over another layer, where the two
    layers differ is among the boxes."""
    if before is None or before.size != after.size:
        return None
    boxes: list[Box] = []
    if before.layer is not after.layer:  # (a layer per look of the fixed board)
        boxes.extend(_layers_apart(before.layer, after.layer))
    old, new = before.codes, after.codes
    if old == new:
        return boxes
    matcher = SequenceMatcher(None, old, new, autojunk=False)
    for tag, i0, i1, j0, j1 in matcher.get_opcodes():
        if tag != "equal":
            for call in before.calls[i0:i1] + after.calls[j0:j1]:
                boxes.extend(call.boxes)
    return boxes


_APART: weakref.WeakKeyDictionary[Canvas, weakref.WeakKeyDictionary[Canvas, list[Box]]]
_APART = weakref.WeakKeyDictionary()
"""Where two layers differ, kept per pair for as long as both layers live (a layer's cache
may drop it, and a new one could then take its ``id``)."""


def _layers_apart(one: Canvas, two: Canvas) -> list[Box]:
    """Where two cached layers of one size differ (the box around it; kept per pair)."""
    known = _APART.setdefault(one, weakref.WeakKeyDictionary())
    boxes = known.get(two)
    if boxes is None:
        box = ImageChops.difference(one.flat(), two.flat()).getbbox()
        boxes = known[two] = [] if box is None else [_padded(box)]
    return boxes


def bounds(boxes: Sequence[Box], size: tuple[int, int]) -> tuple[int, int, int, int] | None:
    """The whole pixels around ``boxes``, cut to an image of ``size`` (None if none left)."""
    if not boxes:
        return None
    left = max(0, math.floor(min(b[0] for b in boxes)))
    top = max(0, math.floor(min(b[1] for b in boxes)))
    right = min(size[0], math.ceil(max(b[2] for b in boxes)))
    bottom = min(size[1], math.ceil(max(b[3] for b in boxes)))
    return (left, top, right, bottom) if left < right and top < bottom else None


SLACK = 128 * 128
GROW = 1.3
"""Two groups of changed boxes are drawn as one region when the box around both is at most
``GROW`` times their areas plus ``SLACK`` (final px squared; an animated replay draws them at
half size, where it is 64 x 64): a region costs a little of its own, and drawing the gap
between close boxes costs less; an outline's four sides stay four (measured:
``bench/animation.py``)."""


def regions(boxes: Sequence[Box]) -> list[tuple[Box, list[Box]]]:
    """``boxes`` in groups, each drawn as one region (see :data:`SLACK`): the box around
    each group, and its boxes."""
    groups: list[list] = []  # [left, top, right, bottom, boxes]
    for box in sorted(set(boxes)):
        x0, y0, x1, y1 = box
        members = [box]
        i = 0
        while i < len(groups):  # (a box grown by a merge is tried on every group again)
            a0, b0, a1, b1, inside = groups[i]
            u0 = x0 if x0 < a0 else a0
            v0 = y0 if y0 < b0 else b0
            u1 = x1 if x1 > a1 else a1
            v1 = y1 if y1 > b1 else b1
            both = (x1 - x0) * (y1 - y0) + (a1 - a0) * (b1 - b0)
            if (u1 - u0) * (v1 - v0) <= both * GROW + SLACK:
                if u0 == a0 and v0 == b0 and u1 == a1 and v1 == b1:
                    # inside the group: it does not grow, so it meets no other group it
                    # did not meet before (every two groups left apart were tried)
                    inside.append(box)
                    groups.append(groups.pop(i))  # (where a merged group goes)
                    members = []
                    break
                x0, y0, x1, y1 = u0, v0, u1, v1
                members.extend(inside)
                del groups[i]
                i = 0
            else:
                i += 1
        if members:
            groups.append([x0, y0, x1, y1, members])
    return [((x0, y0, x1, y1), members) for x0, y0, x1, y1, members in groups]


_WHERE = {
    "rect": (0, "box"),
    "fade": (0, "box"),
    "polygon": (0, "points"),
    "line": (0, "points"),
    "circle": (0, "point"),
    "paste": (1, "point"),
    "text": (0, "point"),
    "sprite": (1, "point"),
}


def moved(name: str, args: tuple, dx: float, dy: float) -> tuple:
    """A recorded call's arguments with its place moved by (``dx``, ``dy``) final px (its
    points a tuple: what a stamp is kept by)."""
    index, kind = _WHERE[name]
    where = args[index]
    if kind == "box":
        x0, y0, x1, y1 = where
        shifted: Any = (x0 + dx, y0 + dy, x1 + dx, y1 + dy)
    elif kind == "points":
        shifted = tuple((x + dx, y + dy) for x, y in where)
    else:
        shifted = (where[0] + dx, where[1] + dy)
    return (*args[:index], shifted, *args[index + 1 :])


_LENGTHS = {"rect": (3, 4), "polygon": (3,), "line": (2,), "circle": (1, 4)}
"""Where a shape call's widths and radii are among its arguments."""


def shrunk(name: str, args: tuple, shrink: int) -> tuple:
    """A shape call's arguments at 1/``shrink`` of the final size: its place, its widths and
    its radii (drawn so, at 2x and scaled down, it is as smooth as on the board)."""
    index, kind = _WHERE[name]
    where = args[index]
    out = list(args)
    if kind == "box":
        out[index] = tuple(v / shrink for v in where)
    elif kind == "points":
        out[index] = tuple((x / shrink, y / shrink) for x, y in where)
    else:
        out[index] = (where[0] / shrink, where[1] / shrink)
    for i in _LENGTHS[name]:
        out[i] = out[i] / shrink
    return tuple(out)


__all__ = [
    "PAD",
    "Call",
    "Recorder",
    "Scene",
    "bounds",
    "changes",
    "record",
    "regions",
    "shrunk",
]
