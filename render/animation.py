"""A game's animated replay: its boards, one after another, as one animated GIF.

``animate_game(key, players, options, moves, names, first, last)`` replays a game's moves
with the engine and gives an :class:`Animation` (what the board workers run for ``/replay
file:animated``, and the terminal's ``python -m bot replay``). Its frames are deltas of cached
layers (lila-gif draws only the changed squares over its sprites): each state is recorded as
the calls its renderer makes over the board's cached layer (:mod:`render.scenes`), compared
with the state before, and only the calls that reach what changed are drawn, on small regions
of the layer, at half the board's size (:data:`SHRINK`). A frame costs 2-3 ms where drawing
the whole board costs 7-13 (``bench/animation.py``).

``animate(steps)`` does the same for any board images (PNG bytes or Pillow images), compared
pixel by pixel (within :data:`TOLERANCE`: each PNG has its own palette).

The file (:mod:`render.gif_writer`):

- a frame only where the board changed; a state drawn the same adds its moves to the frame
  before;
- lila-gif's timing: :data:`FRAME_MS` for a frame that one move made, :data:`EXTRA_MOVE_MS`
  more for each further move it shows at once, at most :data:`LONGEST_FRAME_MS`; the last
  frame stays :data:`LAST_FRAME_MS`;
- one palette of 255 colours for the whole file (chosen from a few boards spread over the
  game); each frame after the first is the box around what changed, the pixels that did not
  change transparent (GIF's disposal 1);
- at most ``limit`` bytes (Discord's 10 MiB upload): a game's file over it keeps as many
  frames as fit, evenly spread (the others' time given to the frame before), and says so
  (``dropped``); board images (``animate``) are drawn smaller first (down to
  :data:`SMALLEST_SCALE`, ``scale``). A try stops writing once past the limit and estimates
  the whole from the frames written.

Why GIF and not APNG or WebP: ``docs/decisions.md`` (GIF plays inline in every Discord client;
measured sizes and times there). Pure: imports only the engine, the renderers and Pillow.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageChops

import engine
from render import render

from . import scenes, stamps
from .gif_writer import (
    EXTRA_MOVE_MS,
    FRAME_MS,
    LAST_FRAME_MS,
    LONGEST_FRAME_MS,
    Board,
    Box,
    Written,
    frame_ms,
    palette,
    write,
)

UPLOAD_LIMIT = 10 * 1024 * 1024
"""Discord's upload limit for a bot's file (10 MiB)."""
SHRINK = 2
"""A game's frames are drawn at half the board's size (the size Discord shows them at in a
chat; see ``docs/decisions.md``): a quarter of the pixels to put together, compare and
compress, and a file half as large, so long games keep their frames."""
SMALLEST_SCALE = 0.5
"""Board images (``animate``) over the limit are drawn smaller down to half their width;
then frames are dropped."""
PALETTE_SAMPLES = 12
"""Boards (evenly spread, the first and the last among them) the palette is chosen from."""
FORMAT = "gif"
TOLERANCE = 12
"""For ``animate`` on board images: each PNG is its own 256-colour palette, so the same
picture drawn twice differs by a few levels here and there; a pixel counts as changed only
when a channel moved more than this (a piece, a die, a word differs by far more)."""


@dataclass(frozen=True)
class Step:
    """One state of a game as drawn: its board image, and how many moves (not counting dice
    rolls) the step from the state before made (0 for the first state, or a roll)."""

    image: bytes | Image.Image
    moves: int = 1


@dataclass(frozen=True)
class Animation:
    """An animated replay: the file's bytes and what went into it."""

    data: bytes
    format: str
    """The file's format and extension: ``"gif"``."""
    frames: int
    """Frames in the file."""
    changes: int
    """Frames the replay had (boards that differ from the one before, and the first)."""
    dropped: int
    """Frames left out to fit the limit (``changes - frames``)."""
    scale: float
    """1.0, or the factor the frames were shrunk by to fit the limit."""
    durations: tuple[int, ...]
    """Each frame's time on screen, in milliseconds."""
    size: tuple[int, int]
    """Width and height of the frames."""
    frame_cpu: tuple[float, ...] = ()
    """CPU seconds each frame took in the try that was kept (see ``gif_writer.Written``)."""

    @property
    def scaled(self) -> bool:
        return self.scale < 1.0

    @property
    def filename(self) -> str:
        return f"replay.{self.format}"


def _rgb(image: bytes | Image.Image) -> Image.Image:
    if isinstance(image, bytes | bytearray | memoryview):
        image = Image.open(io.BytesIO(bytes(image)))
    return image if image.mode == "RGB" else image.convert("RGB")


_OVER = [0] * (TOLERANCE + 1) + [255] * (255 - TOLERANCE)


def changed_box(before: Image.Image, after: Image.Image) -> tuple[int, int, int, int] | None:
    """The box around the pixels that differ by more than :data:`TOLERANCE`, or None."""
    if before.size != after.size:
        return (0, 0, *after.size)
    difference = ImageChops.difference(before, after)
    if difference.getbbox() is None:
        return None
    red, green, blue = difference.split()
    return ImageChops.lighter(ImageChops.lighter(red, green), blue).point(_OVER).getbbox()


def _spread(count: int, total: int) -> list[int]:
    """``count`` indices of ``range(total)`` evenly spread, the first and the last among them."""
    count = max(1, min(count, total))
    return sorted({round(i * (total - 1) / max(1, count - 1)) for i in range(count)})


SCALE_POWER = 1.1
"""Bytes go with the scale (of the width) to about this power, not its square: smaller frames
compress worse. Measured on a 2,619-move Ice-Turn game: 46 % of the bytes at 0.515 of the
width, 55 % at 0.582."""
KEPT_POWER = 0.45
"""Dropping frames: the bytes go with the frames kept to about this power, not in proportion
(a kept frame holds the changes of the frames dropped before it). Measured on a 2,619-move
Ice-Turn game at half size: 0.34 to 0.5 between tries; past two tries, the power is the one
through the two tries nearest the target."""
FULL_ENOUGH = 0.85
"""A file with frames dropped that fills less of the target than this is tried again with
more frames (up to :data:`TRIES` tries in all): a long game keeps as many moves as fit."""
TRIES = 5


def _kept(tried: list[tuple[int, int, bool]], target: float) -> float:
    """How many frames to keep for ``target`` bytes, from the tries so far (frames kept,
    bytes, whether it fit): along the power law through the two tries that bracket the target
    (else the last two, else :data:`KEPT_POWER` through the last)."""
    over = [(k, n) for k, n, fit in tried if not fit]
    under = [(k, n) for k, n, fit in tried if fit]
    last = sorted({(k, n) for k, n, _ in tried[-2:]})
    pair = [max(under), min(over)] if over and under else last
    (k2, l2), power = pair[-1], KEPT_POWER
    if len(pair) == 2 and pair[0][0] != pair[1][0] and pair[0][1] != pair[1][1]:
        k1, l1 = pair[0]
        power = min(1.0, max(0.2, math.log(l2 / l1) / math.log(k2 / k1)))
    return k2 * (target / l2) ** (1 / power)


def _fit(
    boards: Callable[[], Iterable[Board]],
    colours: Image.Image,
    limit: int,
    smallest: float = SMALLEST_SCALE,
) -> Animation:
    """Write the boards within ``limit``: whole first, then smaller, then with frames dropped.

    Over the limit, the next try is sized from the last: bytes go with the scale to the power
    :data:`SCALE_POWER`, down to ``smallest``; past that, frames are dropped (how many:
    :func:`_kept`), and a file that fits but fills less than :data:`FULL_ENOUGH` of the
    target is tried again with more. A try stops as soon as it passes the limit, its whole
    length estimated from the frames written."""
    result: Written = write(boards(), colours, limit=limit)
    total, scale, keep = result.changes, 1.0, None
    tried: list[tuple[int, int, bool]] = []  # (frames kept, bytes, fit) at the smallest scale
    target = limit * 0.97
    best: tuple[Written, set[int]] | None = None  # the try with most frames that fit
    while result.data is None or result.length > limit:
        excess = target / result.length
        if scale > smallest:
            wanted = scale * excess ** (1 / SCALE_POWER)
            if wanted >= smallest:
                scale = min(wanted, scale * 0.95)
                result = write(boards(), colours, scale=scale, limit=limit)
                continue
            shrunk = (smallest / scale) ** SCALE_POWER  # the rest left for dropping frames
            scale = smallest
            tried.append((total, round(result.length * shrunk), False))  # (an estimate)
        else:
            tried.append((total if keep is None else len(keep), result.length, False))
        while True:  # dropping frames
            shown = min((k for k, _, fit in tried if not fit), default=total)
            most = max((k for k, _, fit in tried if fit), default=1)
            count = min(shown - 1, max(most + 1, 2, int(_kept(tried, target))))
            if count <= most:  # (nothing left between a try that fit and one that did not)
                break
            keep = set(_spread(count, total))
            result = write(boards(), colours, scale=scale, keep=keep, limit=limit)
            fit = result.data is not None and result.length <= limit
            tried.append((count, result.length, fit))
            if fit and (best is None or count > len(best[1])):
                best = (result, keep)
            if fit and (result.length >= target * FULL_ENOUGH or len(tried) >= TRIES):
                break
        if best is None:  # (two frames did not fit: none fewer is left to try)
            raise ValueError(f"the animation is {result.length} bytes even with two frames")
        result, keep = best
    assert result.data is not None
    frames = len(result.durations)
    return Animation(
        data=result.data,
        format=FORMAT,
        frames=frames,
        changes=total,
        dropped=total - frames,
        scale=round(scale, 3),
        durations=result.durations,
        size=result.size,
        frame_cpu=result.cpu,
    )


def animate(steps: Iterable[Step], *, limit: int = UPLOAD_LIMIT) -> Animation:
    """The animated replay of board images (at least one), at most ``limit`` bytes."""
    steps = list(steps)
    if not steps:
        raise ValueError("an animated replay needs at least one board")

    def boards() -> Iterator[Board]:
        before = None
        for step in steps:
            image = _rgb(step.image)
            box = None if before is None else changed_box(before, image)
            parts = [((0, 0), image, None)]
            boxes = None if before is None else ([] if box is None else [box])
            yield Board(boxes, step.moves, lambda _boxes, parts=parts: parts)
            before = image

    samples = [_rgb(steps[i].image) for i in _spread(PALETTE_SAMPLES, len(steps))]
    return _fit(boards, palette(samples), limit)


def animate_states(
    states: Sequence[Any],
    moves: Sequence[int],
    draw: Callable[[Any], object],
    *,
    limit: int = UPLOAD_LIMIT,
    shrink: int = SHRINK,
) -> Animation:
    """The animated replay of ``states`` (``moves[i]``: the moves the step to state i made),
    each drawn by ``draw(state)`` (a renderer's call, recorded: :mod:`render.scenes`), at
    1/``shrink`` of the board's size. Over ``limit``, frames are dropped (never drawn
    smaller still)."""
    if not states:
        raise ValueError("an animated replay needs at least one board")

    recorded: list[tuple[scenes.Scene, list[Box] | None]] = []  # each state, once recorded

    def boards() -> Iterator[Board]:
        if recorded:  # a try again (frames dropped): the boards recorded the first time
            shown: list[scenes.Scene] = []  # the last board drawn: the frame so far
            for made, (scene, boxes) in zip(moves, recorded, strict=True):
                yield Board(boxes, made, lambda within, s=scene: _again(s, within, shown))
            return
        before = None
        for state, made in zip(states, moves, strict=True):
            scene = scenes.record(lambda state=state: draw(state))
            boxes = scenes.changes(before, scene)
            recorded.append((scene, boxes))
            yield Board(boxes, made, lambda within, scene=scene: _parts(scene, within, shrink))
            before = scene

    def _again(scene: scenes.Scene, within, shown: list[scenes.Scene]) -> list:
        """A board drawn where it differs from the last one drawn (with frames dropped, the
        boards between them may have changed and changed back: only the net change)."""
        if within is not None and shown:
            within = scenes.changes(shown[-1], scene)
        shown[:] = [scene]
        return _parts(scene, within, shrink)

    samples = [
        stamps.whole(scenes.record(lambda i=i: draw(states[i])), shrink)
        for i in _spread(PALETTE_SAMPLES, len(states))
    ]
    return _fit(boards, palette(samples), limit, smallest=1.0)


def _parts(scene: scenes.Scene, within, shrink: int) -> list:
    if within is None:
        return [((0, 0), stamps.whole(scene, shrink), None)]
    return stamps.compose(scene, within, shrink)


def animate_game(
    key: str,
    num_players: int,
    options: Mapping[str, Any],
    moves: Sequence[str],
    names: Sequence[str] | None = None,
    first: int = 0,
    last: int | None = None,
    *,
    limit: int = UPLOAD_LIMIT,
) -> Animation:
    """The animated replay of a game: its board after ``first`` moves, then after each move
    up to ``last`` (default: all). A roll counts as no move of its own for the timing (it
    is shown with the move that follows where the board shows the dice). ``ValueError``
    for a range outside the game; ``engine.IllegalMove`` for moves that are not the game's."""
    last = len(moves) if last is None else last
    if not 0 <= first < last <= len(moves):
        raise ValueError(f"moves {first} to {last} are not in a game of {len(moves)} moves")
    game = engine.get_game(key)
    state = game.replay(num_players, options, moves[:first])
    states = [state]
    for move in moves[first:last]:
        state = state.apply(move)
        states.append(state)
    return animate_states(states, steps(states), lambda s: render(s, names=names), limit=limit)


def steps(states: Sequence[Any]) -> list[int]:
    """The moves each step of ``states`` made, for the timing: 0 for the first state and for
    a roll (a chance node's outcome is shown with the move that follows), else 1."""
    return [0] + [0 if before.is_chance_node() else 1 for before in states[:-1]]


__all__ = [
    "EXTRA_MOVE_MS",
    "FORMAT",
    "FRAME_MS",
    "LAST_FRAME_MS",
    "LONGEST_FRAME_MS",
    "UPLOAD_LIMIT",
    "Animation",
    "Step",
    "animate",
    "animate_game",
    "animate_states",
    "changed_box",
    "frame_ms",
    "steps",
]
