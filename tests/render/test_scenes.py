"""Animated replays' boards (render/scenes.py, render/stamps.py): each state recorded as its
renderer's calls, compared with the state before, and only the changed regions put together
again from stamps. Random games of the four games: a board put together from what changed is
the board put together whole, and that looks as the live board does."""

from __future__ import annotations

import pytest
from PIL import ImageChops, ImageStat

import render
from render import canvas as canvas_module
from render.scenes import changes, record
from render.stamps import compose, whole
from tests.bot.random_games import random_states

GAMES = [("pachisi", 4), ("pach-ice-i", 2), ("icesickle", 2), ("ice-turn", 4)]


def _scene(state):
    return record(lambda: render.render(state))


@pytest.mark.parametrize(("key", "players"), GAMES, ids=[k for k, _ in GAMES])
def test_a_board_put_together_from_what_changed_is_the_board_put_together_whole(key, players):
    states = random_states(key, players, seed=3)[:160]
    frame, before, changed = None, None, 0
    for i, state in enumerate(states):
        scene = _scene(state)
        boxes = changes(before, scene)
        if boxes is None:
            frame = whole(scene)
        else:
            changed += bool(boxes)
            for corner, image, mask in compose(scene, boxes):
                frame.paste(image, corner, mask)
        if i % 4 == 0 or i == len(states) - 1:
            difference = ImageChops.difference(frame, whole(scene))
            assert difference.getbbox() is None, f"board {i}: {difference.getbbox()}"
        before = scene
    assert changed > len(states) // 2


@pytest.mark.parametrize(("key", "players"), GAMES, ids=[k for k, _ in GAMES])
def test_a_board_of_stamps_looks_as_the_live_board(monkeypatch, key, players):
    """Stamps pasted one over another differ from shapes drawn at 2x and scaled down together
    only where two edges share a 2 x 2 block: a few edge pixels by a few dozen levels."""
    live = []
    encode = canvas_module.encode_png

    def kept(image, palette=False):
        live.append(image)
        return encode(image, palette)

    monkeypatch.setattr(canvas_module, "encode_png", kept)
    states = random_states(key, players, seed=4)
    for state in states[:: max(1, len(states) // 12)]:
        render.render(state)
        difference = ImageChops.difference(whole(_scene(state)), live[-1]).convert("L")
        assert difference.getextrema()[1] <= 80
        assert difference.point(lambda v: 255 if v > 40 else 0).histogram()[255] <= 300
        assert sum(ImageStat.Stat(difference).mean) < 0.05


def test_a_board_recorded_again_has_nothing_changed_and_a_move_changes_its_places():
    states = random_states("pachisi", 2, seed=5)
    first, again = _scene(states[10]), _scene(states[10])
    assert changes(first, again) == []
    assert changes(None, first) is None
    boxes = changes(first, _scene(states[11]))
    assert boxes, "a move changes the board"
    width, height = first.size
    assert all(x0 < width and y0 < height and x1 > 0 and y1 > 0 for x0, y0, x1, y1 in boxes)


def test_recording_a_board_draws_nothing():
    state = random_states("ice-turn", 2, seed=6)[20]
    scene = _scene(state)
    assert scene.calls and {c.name for c in scene.calls} >= {"text", "sprite"}
    assert render.render(state)[:8] == b"\x89PNG\r\n\x1a\n", "outside a recording, a PNG"
