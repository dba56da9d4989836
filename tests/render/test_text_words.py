"""A text of several words is put together from its words' cached masks
(``render.text.JOIN_WORDS``): it must read as the text drawn whole, where the whole would be."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops

from render import text as texts

SENTENCES = [
    ("entered pips 9", 15, False),
    ("Alice (Black) to move", 17, True),
    ("Move 25  ·  In goal: Black 0, White 1", 15, False),
    ("Last: Player 2, double", 22, True),
    ("Now: a medium by 14, or a large by 6 or 7", 14.5, False),
]


def ink(mask: texts.Mask) -> int:
    return sum(mask.image.histogram()[v] * v for v in range(256))


@pytest.mark.parametrize(("sentence", "size", "bold"), SENTENCES)
@pytest.mark.parametrize("anchor", ["lm", "mm", "rm", "ls", "ma"])
@pytest.mark.parametrize("half", [0.0, 0.5])
def test_a_sentence_of_words_lands_where_the_whole_text_would(sentence, size, bold, anchor, half):
    """Same place within a pixel, same size within two, the same ink within 6%, and no word
    more than a pixel off (the two masks, laid over each other, differ only along edges)."""
    stroke = texts.stroke(size, bold)
    joined = texts._joined(sentence, size, stroke, anchor, half, half)
    whole = texts._drawn(sentence, size, stroke, anchor, half, half)
    assert abs(joined.dx - whole.dx) <= 1 and abs(joined.dy - whole.dy) <= 1
    assert abs(joined.image.width - whole.image.width) <= 2
    assert abs(joined.image.height - whole.image.height) <= 1
    assert abs(ink(joined) - ink(whole)) <= 0.06 * ink(whole)
    # laid over each other at their own offsets: a word within a pixel of its place leaves
    # partial edges in the difference; a word out of place leaves whole strokes
    left, top = min(joined.dx, whole.dx), min(joined.dy, whole.dy)
    right = max(joined.dx + joined.image.width, whole.dx + whole.image.width)
    bottom = max(joined.dy + joined.image.height, whole.dy + whole.image.height)
    one, two = (
        Image.new("L", (right - left, bottom - top)),
        Image.new("L", (right - left, bottom - top)),
    )
    one.paste(joined.image, (joined.dx - left, joined.dy - top))
    two.paste(whole.image, (whole.dx - left, whole.dy - top))
    apart = sum(ImageChops.difference(one, two).histogram()[200:])
    assert apart <= 0.35 * sum(two.histogram()[200:])


def test_the_cache_gives_the_joined_mask_for_words_and_the_whole_for_one_word():
    stroke = texts.stroke(17, True)
    assert texts.mask("Alice to move", 17, stroke, "lm", 0.0, 0.0).image.tobytes() == (
        texts._joined("Alice to move", 17, stroke, "lm", 0.0, 0.0).image.tobytes()
    )
    assert texts.mask("Alice", 17, stroke, "lm", 0.0, 0.0).image.tobytes() == (
        texts._drawn("Alice", 17, stroke, "lm", 0.0, 0.0).image.tobytes()
    )
