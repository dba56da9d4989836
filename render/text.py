"""Text on the board images: drawn at its final size from cached masks.

A board image holds about 40 texts, most of them the same from one move to the next (labels,
names, legends, coordinates). Pillow lays out and rasterises a text again on every
``ImageDraw.text`` call (0.4-1 ms each with the bold stroke), so each distinct text is drawn
once into a greyscale mask, kept, and then only pasted in its colour. Texts are drawn at the
image's final size (FreeType anti-aliases them), not supersampled with the shapes: drawing
them at twice the size and reducing bought nothing a player sees and cost a third of a render.

Sizes are in final pixels and kept to half pixels; bold is the regular face with a stroke of
its own colour (the built-in font has no bold face).
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from .supersample import reduced
from .theme import RGB, font


def font_size(size: float) -> float:
    """``size`` kept to half pixels (the sizes the font is loaded at)."""
    return round(size * 2) / 2


def stroke(size: float, bold: bool) -> float:
    """The stroke that makes ``size`` px text bold: about 1/44 of the size, in half pixels."""
    return max(1, round(size / 22)) / 2 if bold else 0


@lru_cache(maxsize=16384)
def length(text: str, size: float, stroke_width: float) -> float:
    """How wide ``text`` is drawn (its advance, plus the stroke on both sides)."""
    return font(font_size(size)).getlength(text) + 2 * stroke_width


class Mask(NamedTuple):
    """A text's coverage (mode "L") and where its top-left corner is from the whole pixel
    the anchor point lies in."""

    image: Image.Image
    dx: int
    dy: int


@lru_cache(maxsize=4096)
def mask(text: str, size: float, stroke_width: float, anchor: str, fx: float, fy: float) -> Mask:
    """``text`` rasterised once (a few KB; the cache holds the texts of many images), with
    its anchor point ``(fx, fy)`` (0 or 0.5) into its pixel, as Pillow places text. A text
    of several words is put together from its words' masks (see :data:`JOIN_WORDS`)."""
    if JOIN_WORDS and " " in text.strip():
        return _joined(text, size, stroke_width, anchor, fx, fy)
    return _drawn(text, size, stroke_width, anchor, fx, fy)


JOIN_WORDS = True
"""Put a text of several words together from the masks of its words, each cached (at the
half pixel its start falls on), rather than rasterise it whole. FreeType lays out and
rasterises every glyph of a text on each call (~14 us a glyph, twice that with the bold
stroke: 0.4-1 ms a sentence), and the texts that change from board to board ("Move 25",
"Last: Alice rolled 5 and 2", "Now: a medium by 4") are mostly words seen before. A word
lands within a pixel of where the whole text puts it (Pillow places each glyph by its own
rounding); tests/render/test_text_words.py compares the two."""


def _joined(text: str, size: float, stroke_width: float, anchor: str, fx: float, fy: float) -> Mask:
    """The mask of ``text`` made of its words' masks (see :data:`JOIN_WORDS`)."""
    across, down = anchor[0], anchor[1]
    start = fx  # (left-anchored: no need to lay the whole text out)
    if across != "l":
        start -= {"m": 0.5, "r": 1.0}[across] * length(text, size, 0)
    placed = []
    for word in re.finditer(r"\S+", text):
        x, half = _split(start + length(text[: word.start()], size, 0))
        m = _word(word.group(), size, stroke_width, "l" + down, half, fy)
        placed.append((m.image, x + m.dx, m.dy))
    left = min(x for _, x, _ in placed)
    top = min(y for _, _, y in placed)
    right = max(x + image.width for image, x, _ in placed)
    bottom = max(y + image.height for image, _, y in placed)
    image = Image.new("L", (right - left, bottom - top))
    for word, x, y in placed:
        box = (x - left, y - top, x - left + word.width, y - top + word.height)
        image.im.paste(255, box, word.im)
    return Mask(image, left, top)


@lru_cache(maxsize=4096)
def _word(text: str, size: float, stroke_width: float, anchor: str, fx: float, fy: float) -> Mask:
    return _drawn(text, size, stroke_width, anchor, fx, fy)


def _drawn(text: str, size: float, stroke_width: float, anchor: str, fx: float, fy: float) -> Mask:
    """``text`` rasterised by FreeType, whole."""
    face = font(font_size(size))
    left, top, right, bottom = face.getbbox(text, anchor=anchor, stroke_width=stroke_width)
    left, top = math.floor(left), math.floor(top)
    width = max(1, math.ceil(right + fx) - left)
    height = max(1, math.ceil(bottom + fy) - top)
    image = Image.new("L", (width, height))
    ImageDraw.Draw(image).text(
        (fx - left, fy - top),
        text,
        fill=255,
        font=face,
        anchor=anchor,
        stroke_width=stroke_width,
        stroke_fill=255,
    )
    return Mask(image, left, top)


def _split(v: float) -> tuple[int, float]:
    """A coordinate as its whole pixel and the half pixel into it (0 or 0.5)."""
    whole = math.floor(v)
    half = round((v - whole) * 2) / 2
    return (whole + 1, 0.0) if half == 1 else (whole, half)


class Text(NamedTuple):
    """One text to draw: its anchor point (final px), the text as drawn, its size, colour,
    Pillow anchor ("lm" = left, middle) and stroke."""

    xy: tuple[float, float]
    text: str
    size: float
    fill: RGB
    anchor: str
    stroke: float

    def placed(self) -> tuple[Mask, tuple[int, int, int, int]]:
        """Its mask, and the pixels it covers: (left, top, right, bottom), the last two
        excluded."""
        return _placed(self)


@lru_cache(maxsize=4096)
def _placed(text: Text) -> tuple[Mask, tuple[int, int, int, int]]:
    """``Text.placed``, kept: a recorded board asks each text where it lies, and an animated
    replay asks again for each frame it is drawn in."""
    (x, fx), (y, fy) = _split(text.xy[0]), _split(text.xy[1])
    m = mask(text.text, text.size, text.stroke, text.anchor, fx, fy)
    x, y = x + m.dx, y + m.dy
    return m, (x, y, x + m.image.width, y + m.image.height)


def draw(image: Image.Image, text: Text, corner: tuple[int, int] = (0, 0), shrink: int = 1) -> None:
    """Paint ``text`` onto ``image`` in its colour through its cached mask; ``corner``: where
    ``image``'s top-left pixel lies on the board (a part of it), which may cut the text.
    ``shrink``: ``image`` is 1/``shrink`` of the final size (and ``corner`` in its pixels)."""
    if shrink != 1:
        cover, (x, y) = _shrunk(text, shrink)
    else:
        m, (x, y, _, _) = text.placed()
        cover = m.image
    x, y = x - corner[0], y - corner[1]
    box = (x, y, x + cover.width, y + cover.height)
    image.im.paste(text.fill, box, cover.im)  # (Image.paste's checks: ~4 us; it cuts the same)


@lru_cache(maxsize=4096)
def _shrunk(text: Text, shrink: int) -> tuple[Image.Image, tuple[int, int]]:
    """``text``'s mask made ``shrink`` times smaller, its pixels in the same blocks as on the
    board, and where its top-left pixel goes (in the smaller pixels)."""
    m, (x, y, _, _) = text.placed()
    px, py = x % shrink, y % shrink
    return reduced(m.image, px, py, shrink), ((x - px) // shrink, (y - py) // shrink)
