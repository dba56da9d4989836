"""Text size as a phone shows it: Discord shows a board image about 450 px wide on a phone,
so a text drawn at ``size`` px on an image ``width`` px wide is ``size * 450 / width`` px there.

The images are measured while they are drawn: every text the canvas paints onto a finished
image (``render.text.draw``) is recorded, with its size in px and the image's width, then
painted unchanged.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import NamedTuple

import render
from render import text as texts

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
    original = texts.draw

    def draw(image, item):
        if item.text.strip():
            phone = item.size * PHONE_WIDTH / image.width
            seen.append(Drawn(item.text, phone, item.xy[0], item.xy[1]))
        return original(image, item)

    texts.draw = draw
    try:
        yield seen
    finally:
        texts.draw = original


def drawn_texts(state, names) -> list[Drawn]:
    """The texts ``state``'s image draws, in the order drawn (read while it is drawn: pixels
    cannot be read back as text)."""
    with text_sizes() as seen:
        render.render(state, names=names)
    assert seen, "no text was recorded: the image's text is no longer drawn by render.text.draw"
    return seen


def small_texts(state, names) -> list[tuple[str, float]]:
    """The texts of ``state``'s image that a phone shows under ``PHONE_MIN_TEXT`` px."""
    seen = drawn_texts(state, names)
    return [(d.text, round(d.size, 1)) for d in seen if d.size < PHONE_MIN_TEXT - 1e-6]


def assert_readable_on_a_phone(state, names) -> None:
    small = small_texts(state, names)
    assert not small, f"text under {PHONE_MIN_TEXT} px on a {PHONE_WIDTH} px phone: {small}"
