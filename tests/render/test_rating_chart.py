"""The rating chart of a profile (``render/rating_chart.py``): a small PNG a phone shows without
zoom, with one marker a game (a win's triangle up, a loss's down, so they differ by shape, not
only colour), for one game, for fifty and for a flat rating; the same ratings always give the
same bytes."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from render.rating_chart import LOSS, MAX_GAMES, WIN, trend_png

from .phone import PHONE_MIN_TEXT, text_sizes


def decoded(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    image.load()  # every chunk's CRC and the zlib stream
    return image.convert("RGB")


def near(colour, wanted, slack: int = 40) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(colour, wanted, strict=True))


def blobs(image: Image.Image, colour) -> list[set[tuple[int, int]]]:
    """The connected areas of pixels close to ``colour`` (the markers drawn in it)."""
    px = image.load()
    todo = {
        (x, y)
        for x in range(image.width)
        for y in range(image.height)
        if near(px[x, y], colour, 30)
    }
    found = []
    while todo:
        stack, blob = [todo.pop()], set()
        while stack:
            x, y = stack.pop()
            blob.add((x, y))
            for step in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if step in todo:
                    todo.remove(step)
                    stack.append(step)
        if len(blob) >= 8:  # a marker, not a stray anti-aliased pixel
            found.append(blob)
    return sorted(found, key=lambda b: min(x for x, _ in b))


def points_up(blob: set[tuple[int, int]]) -> bool:
    """Whether a marker is a triangle pointing up: wider at its bottom than at its top."""
    top, bottom = min(y for _, y in blob), max(y for _, y in blob)
    mid = (top + bottom) / 2
    upper = sum(1 for _, y in blob if y < mid)
    lower = sum(1 for _, y in blob if y > mid)
    return lower > upper


def walk(n: int, seed: int = 1) -> tuple[list[int], list[bool]]:
    rng, ratings, won = random.Random(seed), [], []
    rating = 1500
    for _ in range(n):
        win = rng.random() < 0.5
        rating += rng.randint(4, 30) * (1 if win else -1)
        ratings.append(rating)
        won.append(win)
    return ratings, won


def test_each_game_has_its_marker_a_win_up_and_a_loss_down():
    ratings = [1500, 1524, 1510, 1531, 1552, 1540, 1561, 1549, 1570, 1591, 1578, 1563]
    won = [True, True, False, True, True, False, True, False, True, True, False, False]
    image = decoded(trend_png(ratings, won))
    assert image.size == (450, 200)
    wins, losses = blobs(image, WIN), blobs(image, LOSS)
    assert (len(wins), len(losses)) == (won.count(True), won.count(False))
    assert all(points_up(b) for b in wins) and not any(points_up(b) for b in losses)
    # in greyscale too: each marker is its own grey, apart from the line's, the same shape
    grey = image.convert("L")
    for found, up in ((wins, True), (losses, False)):
        for blob in found:
            cx, cy = sum(x for x, _ in blob) / len(blob), sum(y for _, y in blob) / len(blob)
            shade = grey.getpixel(min(blob, key=lambda p: (p[0] - cx) ** 2 + (p[1] - cy) ** 2))
            xs, ys = [x for x, _ in blob], [y for _, y in blob]
            box = range(min(xs) - 2, max(xs) + 3), range(min(ys) - 2, max(ys) + 3)
            same = {
                (x, y) for x in box[0] for y in box[1] if abs(grey.getpixel((x, y)) - shade) <= 14
            }
            assert points_up(same) == up and len(same) <= len(blob) * 1.3


def test_markers_follow_the_games_left_to_right():
    ratings = [1500, 1520, 1505, 1490]
    won = [True, True, False, False]
    image = decoded(trend_png(ratings, won))
    wins, losses = blobs(image, WIN), blobs(image, LOSS)
    # the wins are the two on the left, the losses the two on the right
    assert max(x for b in wins for x, _ in b) < min(x for b in losses for x, _ in b)
    # the second game (1520, the highest) is drawn above the fourth (1490, the lowest)
    assert max(y for _, y in wins[1]) < min(y for _, y in losses[1])


def test_one_game_fifty_games_and_a_flat_line_all_draw():
    one = decoded(trend_png([1512], [True]))
    assert len(blobs(one, WIN)) == 1 and not blobs(one, LOSS)
    ratings, won = walk(MAX_GAMES)
    fifty = decoded(trend_png(ratings, won, provisional_until=12))
    assert fifty.size == (450, 200) and blobs(fifty, WIN) and blobs(fifty, LOSS)
    flat = decoded(trend_png([1500] * 6, [True, False] * 3))
    wins, losses = blobs(flat, WIN), blobs(flat, LOSS)
    assert (len(wins), len(losses)) == (3, 3)
    heights = {round(sum(y for _, y in b) / len(b)) for b in wins}
    assert max(heights) - min(heights) <= 1  # all on one line


def test_only_the_last_fifty_games_are_drawn():
    ratings, won = walk(MAX_GAMES + 10)
    assert trend_png(ratings, won, provisional_until=15) == trend_png(
        ratings[10:], won[10:], provisional_until=5
    )


def test_the_same_ratings_give_the_same_bytes():
    ratings, won = walk(30, seed=7)
    assert trend_png(ratings, won) == trend_png(list(ratings), list(won))
    assert trend_png(ratings, won) != trend_png(ratings, [not w for w in won])


def test_without_results_plain_dots():
    image = decoded(trend_png([1500, 1510, 1520]))
    assert not blobs(image, WIN) and not blobs(image, LOSS)


def test_every_text_reads_on_a_phone():
    ratings, won = walk(MAX_GAMES, seed=3)
    with text_sizes() as seen:
        trend_png(ratings, won, provisional_until=MAX_GAMES)
    texts = {d.text for d in seen}
    assert {str(max(ratings)), str(min(ratings)), f"now {ratings[-1]}"} <= texts
    small = [(d.text, d.size) for d in seen if d.size < PHONE_MIN_TEXT]
    assert small == []


@pytest.mark.parametrize(("ratings", "won"), [([], None), ([1500, 1510], [True])])
def test_no_ratings_or_results_of_another_length_are_refused(ratings, won):
    with pytest.raises(ValueError):
        trend_png(ratings, won)
