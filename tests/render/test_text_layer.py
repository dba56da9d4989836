"""Texts are painted after the shapes, at the final size (``render.canvas``): so no image may
draw a shape over a text drawn before it, which the supersampled drawing used to allow and
this order would now quietly undo (a number on a piece showing through the piece above it)."""

from __future__ import annotations

import pytest

import render
from render.canvas import Canvas

from .phases import STATES


@pytest.fixture
def hidden(monkeypatch):
    """Texts that a shape drawn after them overlaps, in every image drawn in the test."""
    found: list[str] = []
    final = Canvas.final

    def checked(self):
        found.extend(self.hidden)
        return final(self)

    monkeypatch.setattr(Canvas, "TRACK", True)
    monkeypatch.setattr(Canvas, "final", checked)
    return found


@pytest.mark.parametrize(("name", "make", "names"), STATES, ids=[s[0] for s in STATES])
def test_no_shape_is_drawn_over_a_text(hidden, name, make, names):
    state = make()
    render.render(state, names=names[: state.num_players])
    assert not hidden, f"{name}: shapes drawn over texts: {hidden[:5]}"


def test_the_check_sees_a_shape_drawn_over_a_text(hidden):
    canvas = Canvas(200, 100, (0, 0, 0))
    canvas.text((20, 50), "under", 20, (255, 255, 255), "lm")
    canvas.rect((10, 40, 60, 60), fill=(255, 0, 0))  # over the start of the text
    canvas.rect((150, 10, 190, 90), fill=(0, 0, 255))  # beside it: not over
    canvas.final()
    assert hidden == ["under"]
