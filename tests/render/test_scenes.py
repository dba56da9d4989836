"""Animated replays' boards (render/scenes.py, render/stamps.py): each state recorded as its
renderer's calls, compared with the state before, and only the changed regions put together
again from stamps. Random games of the four games: a board put together from what changed is
the board put together whole, and that looks as the live board does."""

from __future__ import annotations

import pytest
from PIL import ImageChops, ImageStat

import render
from render.scenes import changes, record
from render.stamps import compose, whole
from tests.bot.random_games import random_states
from tests.render.images import kept_before_encoding

GAMES = [("pachisi", 4), ("pach-ice-i", 2), ("icesickle", 2), ("ice-turn", 4)]


def _scene(state):
    return record(lambda: render.render(state))


@pytest.mark.parametrize("shrink", [1, 2], ids=["final size", "half size"])
@pytest.mark.parametrize(("key", "players"), GAMES, ids=[k for k, _ in GAMES])
def test_a_board_put_together_from_what_changed_is_the_board_put_together_whole(
    key, players, shrink
):
    states = random_states(key, players, seed=3)[:160]
    frame, before, changed = None, None, 0
    for i, state in enumerate(states):
        scene = _scene(state)
        boxes = changes(before, scene)
        if boxes is None:
            frame = whole(scene, shrink)
        else:
            changed += bool(boxes)
            for corner, image, mask in compose(scene, boxes, shrink):
                frame.paste(image, corner, mask)
        if i % 4 == 0 or i == len(states) - 1:
            difference = ImageChops.difference(frame, whole(scene, shrink))
            assert difference.getbbox() is None, f"board {i}: {difference.getbbox()}"
        before = scene
    assert changed > len(states) // 2


@pytest.mark.parametrize(("key", "players"), GAMES, ids=[k for k, _ in GAMES])
def test_a_board_of_stamps_looks_as_the_live_board(monkeypatch, key, players):
    """Stamps pasted one over another differ from shapes drawn at 2x and scaled down together
    only where two edges share a 2 x 2 block: a few edge pixels by a few dozen levels."""
    live = kept_before_encoding(monkeypatch)
    states = random_states(key, players, seed=4)
    for state in states[:: max(1, len(states) // 12)]:
        render.render(state)
        difference = ImageChops.difference(whole(_scene(state)), live[-1]).convert("L")
        assert difference.getextrema()[1] <= 80
        assert difference.point(lambda v: 255 if v > 40 else 0).histogram()[255] <= 300
        assert sum(ImageStat.Stat(difference).mean) < 0.05


@pytest.mark.parametrize(("key", "players"), GAMES, ids=[k for k, _ in GAMES])
def test_a_half_size_board_of_stamps_looks_as_the_live_board_made_half_as_large(
    monkeypatch, key, players
):
    """An animated replay's frames are half the board's size: each shape drawn at half size
    (at 2x and scaled down, as on the board), each text's mask and sprite scaled down. Against
    the live board scaled down whole, only edges differ: a thin line drawn at half size lands
    on whole pixels where the board scaled down may spread it over two (measured: at most 0.6 %
    of the pixels by over 40 levels, a mean difference under 0.45 levels)."""
    live = kept_before_encoding(monkeypatch)
    states = random_states(key, players, seed=4)
    for state in states[:: max(1, len(states) // 12)]:
        render.render(state)
        small = whole(_scene(state), 2)
        assert small.size == live[-1].reduce(2).size
        difference = ImageChops.difference(small, live[-1].reduce(2)).convert("L")
        apart = difference.point(lambda v: 255 if v > 40 else 0).histogram()[255]
        assert apart <= small.width * small.height // 100
        assert sum(ImageStat.Stat(difference).mean) < 0.6


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
