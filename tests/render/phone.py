"""Text size as a phone shows it: Discord shows a board image about 450 px wide on a phone,
so a text drawn at ``size`` px on an image ``width`` px wide is ``size * 450 / width`` px there.

The images are measured while they are drawn: every ``ImageDraw.text`` call Pillow makes is
recorded (with the font's pixel size and the width of the image it draws on, both at the
supersampled scale, so their ratio is the one the final image keeps), then passed on unchanged.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import NamedTuple

from PIL import ImageDraw

import render
from render.common import SCALE

PHONE_WIDTH = 450
"""How wide Discord shows an image on a phone, in px."""

PHONE_MIN_TEXT = 10
"""No text a player needs is smaller than this at ``PHONE_WIDTH`` (font size in px)."""


class Drawn(NamedTuple):
    """One text an image drew: the text, its size in px on a phone, and its anchor point in
    final-image px."""

    text: str
    size: float
    x: float
    y: float


@contextlib.contextmanager
def text_sizes() -> Iterator[list[Drawn]]:
    """Within the block, each text drawn is recorded (see :class:`Drawn`)."""
    seen: list[Drawn] = []
    original = ImageDraw.ImageDraw.text

    def text(self, xy, text, *args, **kwargs):
        font = kwargs.get("font") or (args[1] if len(args) > 1 else None)
        size = getattr(font, "size", None)
        if text and str(text).strip() and size:
            phone = size * PHONE_WIDTH / self.im.size[0]
            seen.append(Drawn(str(text), phone, xy[0] / SCALE, xy[1] / SCALE))
        return original(self, xy, text, *args, **kwargs)

    ImageDraw.ImageDraw.text = text
    try:
        yield seen
    finally:
        ImageDraw.ImageDraw.text = original


def drawn_texts(state, names) -> list[Drawn]:
    """The texts ``state``'s image draws, in the order drawn (read while it is drawn: pixels
    cannot be read back as text)."""
    with text_sizes() as seen:
        render.render(state, names=names)
    assert seen, "no text was recorded: the image's text is no longer drawn by ImageDraw.text"
    return seen


def small_texts(state, names) -> list[tuple[str, float]]:
    """The texts of ``state``'s image that a phone shows under ``PHONE_MIN_TEXT`` px."""
    seen = drawn_texts(state, names)
    return [(d.text, round(d.size, 1)) for d in seen if d.size < PHONE_MIN_TEXT - 1e-6]


def assert_readable_on_a_phone(state, names) -> None:
    small = small_texts(state, names)
    assert not small, f"text under {PHONE_MIN_TEXT} px on a {PHONE_WIDTH} px phone: {small}"
