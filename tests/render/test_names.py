"""Players' names where they do not fit: shortened, never dropped, and the part in brackets
(Parlor's level) kept, since it is what tells Parlor's seats apart."""

from __future__ import annotations

from render.common import Canvas

ELLIPSIS = "\N{HORIZONTAL ELLIPSIS}"


def canvas() -> Canvas:
    return Canvas(400, 100, (0, 0, 0))


def test_a_long_name_is_cut_with_an_ellipsis():
    c = canvas()
    short = c.fit("Bartholomew-Maximilian", 14, 90)
    assert short.endswith(ELLIPSIS) and "Bartholomew-Maximilian".startswith(short[:-1])
    assert c.text_width(short, 14) <= 90
    assert c.fit("Ann", 14, 90) == "Ann"


def test_a_name_ending_in_brackets_keeps_them():
    c = canvas()
    width = c.text_width("Parlor (medium)", 14)
    assert c.fit("Parlor 2 (medium)", 14, width) == f"Parl{ELLIPSIS} (medium)"
    assert c.text_width(c.fit("Parlor 2 (medium)", 14, width), 14) <= width
    # with no room for a little of the head too, the end is cut as any name's
    tiny = c.fit("Parlor 2 (medium)", 14, c.text_width("(medium)", 14))
    assert tiny.startswith("Par") and tiny.endswith(ELLIPSIS)
