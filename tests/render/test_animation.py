"""The animated replay (render/animation.py): frames where the board changed, lila-gif's
timing, one palette, within Discord's 10 MiB, smaller or fewer frames when over it."""

from __future__ import annotations

import io
import itertools
import random

from PIL import Image, ImageChops, ImageDraw, ImageStat

import render
from render.animation import FULL_ENOUGH, UPLOAD_LIMIT, Step, animate, animate_states, steps
from tests.bot.random_games import random_states


def _board(mark: int) -> Image.Image:
    image = Image.new("RGB", (300, 200), (30, 34, 40))
    ImageDraw.Draw(image).rectangle((20 + 40 * mark, 50, 50 + 40 * mark, 80), fill=(240, 200, 40))
    return image


def _frames(data: bytes) -> list[tuple[Image.Image, int]]:
    image = Image.open(io.BytesIO(data))
    out = []
    for k in range(image.n_frames):
        image.seek(k)
        out.append((image.convert("RGB"), image.info["duration"]))
    return out


def test_a_frame_only_where_the_board_changed_with_lila_gif_timing():
    # boards: a, a (a roll drawn the same), b, b, b, c, d (the last)
    marks = [0, 0, 1, 1, 1, 2, 3]
    moves = [0, 1, 1, 1, 1, 1, 1]
    anim = animate([Step(_board(m), n) for m, n in zip(marks, moves, strict=True)])
    frames = _frames(anim.data)
    assert anim.format == "gif" and Image.open(io.BytesIO(anim.data)).format == "GIF"
    assert len(frames) == anim.frames == anim.changes == 4 and anim.dropped == 0
    assert Image.open(io.BytesIO(anim.data)).mode == "P"
    # a: one move folded in (0.8 s); b: three moves at once (0.8 + 2 x 0.3 s); c: 0.8 s;
    # the last frame 5 s
    assert [d for _, d in frames] == [800, 1400, 800, 5000]
    for (got, _), mark in zip(frames, [0, 1, 2, 3], strict=True):
        assert got.tobytes() == _board(mark).tobytes()


def test_a_turn_of_many_moves_is_capped_at_two_seconds():
    anim = animate([Step(_board(0), 0), Step(_board(0), 9), Step(_board(1), 1)])
    assert [d for _, d in _frames(anim.data)] == [2000, 5000]


def test_over_the_limit_it_shrinks_then_drops_frames_and_says_so():
    rng = random.Random(3)
    noisy = [Image.frombytes("RGB", (200, 200), rng.randbytes(120_000)) for _ in range(12)]
    full = animate([Step(image) for image in noisy])
    assert full.scale == 1.0 and full.dropped == 0
    anim = animate([Step(image) for image in noisy], limit=len(full.data) // 6)
    assert len(anim.data) <= len(full.data) // 6
    assert anim.scale == 0.5 and anim.size == (100, 100)
    assert anim.dropped > 0 and anim.frames == len(_frames(anim.data)) == 12 - anim.dropped
    assert _frames(anim.data)[-1][1] == 5000


def _decoded(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def test_the_longest_random_game_fits_discord_and_shows_every_change():
    """4-player Pachisi played at random: over 500 moves, animated as /replay does; a frame
    for each board that looks different as posted (the live PNGs, compared pixel by pixel)."""
    states = random_states("pachisi", 4, seed=1)
    assert len(states) > 500
    drawn = [_decoded(render.render(state)) for state in states]
    shown = 1 + sum(
        ImageChops.difference(a, b).getbbox() is not None for a, b in itertools.pairwise(drawn)
    )
    anim = animate_states(states, steps(states), render.render)
    assert len(anim.data) <= UPLOAD_LIMIT == 10 * 1024 * 1024
    assert anim.dropped == 0 and anim.scale == 1.0
    # drawn at half the board's size (render.animation.SHRINK)
    assert anim.size == (drawn[0].width // 2, drawn[0].height // 2)
    image = Image.open(io.BytesIO(anim.data))
    assert image.mode == "P" and image.n_frames == anim.frames == anim.changes == shown > 500
    assert len(anim.frame_cpu) == anim.frames
    # the last frame is the final board as posted, made half as large, within the palette's
    # few levels and the stamps' edges (tests/render/test_scenes.py)
    image.seek(image.n_frames - 1)
    small = drawn[-1].reduce(2)
    difference = ImageChops.difference(image.convert("RGB"), small).convert("L")
    apart = difference.point(lambda v: 255 if v > 48 else 0).histogram()[255]
    assert apart <= small.width * small.height // 100
    assert sum(ImageStat.Stat(difference).mean) < 1.5
    assert image.info["duration"] == 5000


def test_a_game_over_the_limit_is_thinned_to_fill_it_and_still_ends_on_its_last_board():
    states = random_states("ice-turn", 4, seed=2)[:240]
    full = animate_states(states, steps(states), render.render)
    limit = len(full.data) // 4
    anim = animate_states(states, steps(states), render.render, limit=limit)
    # within the limit, yet near it: as many moves as fit are kept
    assert FULL_ENOUGH * 0.97 * limit <= len(anim.data) <= limit
    assert anim.scale == 1.0 and anim.dropped > 0 and anim.changes == full.changes
    image = Image.open(io.BytesIO(anim.data))
    assert image.n_frames == anim.frames == full.frames - anim.dropped
    assert image.size == full.size
    durations = []
    for k in range(image.n_frames):
        image.seek(k)
        durations.append(image.info["duration"])
    assert durations[-1] == 5000 and all(800 <= d <= 2000 for d in durations[:-1])
    # the last frame is the last board, at half size
    last = _decoded(render.render(states[-1])).reduce(2)
    difference = ImageChops.difference(image.convert("RGB"), last).convert("L")
    assert sum(ImageStat.Stat(difference).mean) < 2.0
