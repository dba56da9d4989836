"""A game's animated replay: its board images, one after another, as one animated GIF.

``animate(steps)`` takes the drawn board of each state of a game (the PNG bytes ``render``
gives, or Pillow images) with the moves that led to it, and gives an :class:`Animation`:

- a frame only where the board changed: each image is compared with the last frame kept
  (the decoded pixels, not the bytes, a change being more than :data:`TOLERANCE` levels); a
  state drawn the same adds its moves to the frame before;
- lila-gif's timing: :data:`FRAME_MS` for a frame that one move made, :data:`EXTRA_MOVE_MS`
  more for each further move it shows at once, at most :data:`LONGEST_FRAME_MS`; the last
  frame stays :data:`LAST_FRAME_MS`;
- one palette of 255 colours for the whole file (chosen from a sample of the boards); each
  frame after the first is the box around what changed since the frame before, in which
  only the changed pixels have a colour and the rest are transparent (:data:`CLEAR`), so
  the frame before shows through (GIF's disposal 1); frames are written one by one with
  Pillow's ``getheader``/``getdata``, one board decoded at a time;
- at most ``limit`` bytes (Discord's 10 MiB upload): a file over it is drawn again smaller
  (down to :data:`SMALLEST_SCALE`), then with frames dropped evenly (their time given to the
  frame before), and the result says so (``scale``, ``dropped``).

``animate_game(key, players, options, moves, names, first, last)`` replays a game's moves with
the engine and draws each state with the game's renderer (``render.render``) first: what the
board workers run for ``/replay file:animated``, and the terminal's ``python -m bot replay``.

Why GIF and not APNG or WebP: ``docs/decisions.md`` (GIF plays inline in every Discord client;
measured sizes and times there). Pure: imports only the engine, the renderers and Pillow.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import GifImagePlugin, Image, ImageChops

import engine
from render import render

FRAME_MS = 800
"""A frame that one move made (lila-gif's median frame time)."""
EXTRA_MOVE_MS = 300
"""More for each further move the same frame shows (a turn of several moves, a roll and its
move drawn as one change)."""
LONGEST_FRAME_MS = 2000
"""No frame but the last stays longer (lila-gif's cap)."""
LAST_FRAME_MS = 5000
"""The final position stays this long before the loop starts again."""
UPLOAD_LIMIT = 10 * 1024 * 1024
"""Discord's upload limit for a bot's file (10 MiB)."""
SMALLEST_SCALE = 0.5
"""A file over the limit is drawn smaller down to half its width; then frames are dropped."""
PALETTE_SAMPLES = 12
"""Frames (evenly spread, the first and the last among them) the palette is chosen from."""
FORMAT = "gif"
TOLERANCE = 12
"""Each board image is its own 256-colour palette (``render/png.py``), so the same picture
drawn twice differs by a few levels here and there; a pixel counts as changed only when a
channel moved more than this (a piece, a die, a word differs by far more). The changed
pixels' mask is grown by one pixel each way, so the faint anti-aliased rim of what moved
is redrawn too (no ghosts of old words left behind)."""


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

    @property
    def scaled(self) -> bool:
        return self.scale < 1.0

    @property
    def filename(self) -> str:
        return f"replay.{self.format}"


def frame_ms(moves: int) -> int:
    """How long a frame that ``moves`` moves made stays (not the last frame)."""
    return min(LONGEST_FRAME_MS, FRAME_MS + EXTRA_MOVE_MS * max(0, moves - 1))


def _rgb(image: bytes | Image.Image) -> Image.Image:
    if isinstance(image, bytes | bytearray | memoryview):
        image = Image.open(io.BytesIO(bytes(image)))
    return image if image.mode == "RGB" else image.convert("RGB")


def changed_box(before: Image.Image, after: Image.Image) -> tuple[int, int, int, int] | None:
    """The box around the pixels that differ by more than :data:`TOLERANCE`, or None."""
    return _changed(before, after)[0]


def _changed(before: Image.Image, after: Image.Image):
    """The box around the changed pixels (or None) and the mask of them (255: changed)."""
    if before.size != after.size:
        return (0, 0, *after.size), Image.new("L", after.size, 255)
    diff = ImageChops.difference(before, after)
    if diff.getbbox() is None:
        return None, None
    red, green, blue = diff.split()
    mask = ImageChops.lighter(ImageChops.lighter(red, green), blue).point(_OVER)
    box = mask.getbbox()
    if box is None:
        return None, None
    left, top, right, bottom = box
    box = (
        max(0, left - 1),
        max(0, top - 1),
        min(after.width, right + 1),
        min(after.height, bottom + 1),
    )
    grown = mask.crop(box)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):  # a 3 x 3 dilation (MaxFilter: 6x slower)
        grown = ImageChops.lighter(grown, ImageChops.offset(grown, dx, dy))
    mask.paste(grown, box[:2])
    return box, mask


_OVER = [0] * (TOLERANCE + 1) + [255] * (255 - TOLERANCE)


def changes(steps: Iterable[Step]) -> tuple[list[bytes | Image.Image], list[int]]:
    """The frames (the images where the board changed, the first image always, as given:
    only the last is held decoded) and the moves each frame shows (its own and those of the
    unchanged images folded into it)."""
    frames: list[bytes | Image.Image] = []
    moves: list[int] = []
    last: Image.Image | None = None
    for step in steps:
        image = _rgb(step.image)
        if last is not None and changed_box(last, image) is None:
            moves[-1] += step.moves
            continue
        frames.append(step.image)
        moves.append(step.moves)
        last = image
    return frames, moves


def durations(moves: Sequence[int]) -> list[int]:
    """Each frame's milliseconds: by the moves it shows, the last :data:`LAST_FRAME_MS`."""
    if not moves:
        return []
    return [frame_ms(m) for m in moves[:-1]] + [LAST_FRAME_MS]


CLEAR = 255
"""The palette index each frame after the first gives a pixel that did not change: GIF's
transparent colour, showing the frame before through it (so a frame is the few pixels that
changed, which compress to almost nothing around them)."""


def _decoded(frame: bytes | Image.Image, scale: float) -> Image.Image:
    image = _rgb(frame)
    if scale < 1.0:
        size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
        image = image.resize(size, Image.Resampling.BOX)
    return image


def _palette(frames: Sequence[bytes | Image.Image], scale: float) -> Image.Image:
    """One palette for every frame (index :data:`CLEAR` left free): fast octree over every
    fourth pixel of a few frames evenly spread, the first and the last among them."""
    count = min(PALETTE_SAMPLES, len(frames))
    picks = sorted({round(i * (len(frames) - 1) / max(1, count - 1)) for i in range(count)})
    first = _decoded(frames[0], scale)
    small = (max(1, first.width // 4), max(1, first.height // 4))
    sheet = Image.new("RGB", (small[0], small[1] * len(picks)))
    for row, i in enumerate(picks):
        image = first if i == 0 else _decoded(frames[i], scale)
        sheet.paste(image.resize(small, Image.Resampling.NEAREST), (0, row * small[1]))
    return sheet.quantize(CLEAR, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def _encode(
    frames: Sequence[bytes | Image.Image],
    times: Sequence[int],
    scale: float,
    limit: int | None = None,
) -> tuple[bytes | None, int]:
    """The GIF of ``frames`` (drawn at ``scale``), written frame by frame (one frame decoded
    at a time): one palette; the first frame whole, each after it only the box that changed,
    and within the box only the pixels that changed (the rest :data:`CLEAR`). Gives the
    bytes and their length; once past ``limit`` it stops and gives ``None`` and the length
    the whole file would have at the rate so far (no need to write the rest to know)."""
    palette = _palette(frames, scale)
    previous = _decoded(frames[0], scale)
    first = previous.quantize(palette=palette, dither=Image.Dither.NONE)
    header, _ = GifImagePlugin.getheader(first, info={"loop": 0})
    out = [*header, *GifImagePlugin.getdata(first, (0, 0), duration=times[0], disposal=1)]
    written = sum(len(b) for b in out)
    for done, (frame, time) in enumerate(zip(frames[1:], times[1:], strict=True), start=2):
        image = _decoded(frame, scale)
        box, mask = _changed(previous, image)
        if box is None:  # a change too small to see at this scale: one clear pixel
            box, patch = (0, 0, 1, 1), Image.new("P", (1, 1), CLEAR)
            patch.putpalette(first.getpalette())
        else:
            patch = Image.new("P", (box[2] - box[0], box[3] - box[1]), CLEAR)
            patch.putpalette(first.getpalette())
            drawn = image.crop(box).quantize(palette=palette, dither=Image.Dither.NONE)
            patch.paste(drawn, (0, 0), mask.crop(box))
        chunks = GifImagePlugin.getdata(
            patch, box[:2], duration=time, disposal=1, transparency=CLEAR
        )
        out += chunks
        written += sum(len(b) for b in chunks)
        if limit is not None and written > limit:
            return None, written * len(frames) // done
        previous = image
    out.append(b";")
    return b"".join(out), written + 1


def _drop(frames: list, times: list[int], keep: int) -> tuple[list, list[int]]:
    """``keep`` frames of ``frames`` evenly spread (the first and the last kept); a dropped
    frame's time goes to the kept frame before it (at most :data:`LONGEST_FRAME_MS`)."""
    n = len(frames)
    if keep >= n or n <= 2:
        return frames, times
    keep = max(2, keep)
    kept = sorted({round(i * (n - 1) / (keep - 1)) for i in range(keep)})
    new_times = []
    for j, i in enumerate(kept):
        if i == n - 1:
            new_times.append(times[i])
        else:
            upto = kept[j + 1] if j + 1 < len(kept) else n
            new_times.append(min(LONGEST_FRAME_MS, sum(times[i:upto])))
    return [frames[i] for i in kept], new_times


def _first_try(
    steps: Sequence[Step], limit: int
) -> tuple[list[bytes | Image.Image], list[int], bytes | None, int]:
    """:func:`changes` and :func:`_encode` at full size in one pass (each board decoded and
    compared once): the frames, their moves, the file (``None`` past ``limit``: the
    changes are still found, the writing stops) and its length (estimated when stopped)."""
    palette = _palette([step.image for step in steps], 1.0)
    frames: list[bytes | Image.Image] = []
    moves: list[int] = []
    out: list[bytes] = []
    written, stopped, done = 0, False, 0
    pending: tuple[Image.Image, tuple[int, int], bool] | None = None
    previous: Image.Image | None = None
    colours: list[int] | None = None

    def flush(duration: int) -> None:
        nonlocal written, stopped, done
        if pending is None or stopped:
            return
        patch, offset, clear = pending
        extra = {"transparency": CLEAR} if clear else {}
        chunks = GifImagePlugin.getdata(patch, offset, duration=duration, disposal=1, **extra)
        out.extend(chunks)
        written += sum(len(b) for b in chunks)
        done += 1
        stopped = written > limit

    for step in steps:
        image = _rgb(step.image)
        if previous is None:
            first = image.quantize(palette=palette, dither=Image.Dither.NONE)
            colours = first.getpalette()
            header, _ = GifImagePlugin.getheader(first, info={"loop": 0})
            out.extend(header)
            written = sum(len(b) for b in header)
            pending = (first, (0, 0), False)
        else:
            box, mask = _changed(previous, image)
            if box is None:
                moves[-1] += step.moves
                continue
            flush(frame_ms(moves[-1]))
            if not stopped:
                patch = Image.new("P", (box[2] - box[0], box[3] - box[1]), CLEAR)
                patch.putpalette(colours)
                drawn = image.crop(box).quantize(palette=palette, dither=Image.Dither.NONE)
                patch.paste(drawn, (0, 0), mask.crop(box))
                pending = (patch, (box[0], box[1]), True)
        frames.append(step.image)
        moves.append(step.moves)
        previous = image
    flush(LAST_FRAME_MS)
    if stopped:
        return frames, moves, None, written * len(frames) // max(1, done)
    out.append(b";")
    return frames, moves, b"".join(out), written + 1


def animate(steps: Iterable[Step], *, limit: int = UPLOAD_LIMIT) -> Animation:
    """The animated replay of ``steps`` (at least one), at most ``limit`` bytes.

    Over the limit, the next try is sized from the last: bytes go about with the area, so
    the scale shrinks by the square root of the excess (a little more), down to
    :data:`SMALLEST_SCALE`; past that, frames are dropped in proportion. A try stops as
    soon as it passes the limit, its full size estimated from the frames written."""
    steps = list(steps)
    if not steps:
        raise ValueError("an animated replay needs at least one board")
    frames, moves, data, length = _first_try(steps, limit)
    times = durations(moves)
    total = len(frames)
    scale = 1.0
    shown, shown_times = frames, times
    while data is None or length > limit:
        excess = limit / length
        if scale > SMALLEST_SCALE:
            wanted = scale * min(0.9, excess**0.5 * 0.95)
            if wanted < SMALLEST_SCALE:  # the rest of the excess left for dropping frames
                excess = excess * (scale / SMALLEST_SCALE) ** 2
                scale = SMALLEST_SCALE
            else:
                scale, excess = wanted, 1.0
        if excess < 1.0:
            if len(shown) <= 2:
                raise ValueError(f"the animation is {length} bytes even with two frames")
            keep = max(2, min(len(shown) - 1, int(len(shown) * excess * 0.9)))
            shown, shown_times = _drop(frames, times, keep)
        data, length = _encode(shown, shown_times, scale, limit)
    first = _decoded(shown[0], scale)
    return Animation(
        data=data,
        format=FORMAT,
        frames=len(shown),
        changes=total,
        dropped=total - len(shown),
        scale=round(scale, 3),
        durations=tuple(shown_times),
        size=first.size,
    )


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
    steps = [Step(render(state, names=names), 0)]
    for move in moves[first:last]:
        rolled = state.is_chance_node()
        state = state.apply(move)
        steps.append(Step(render(state, names=names), 0 if rolled else 1))
    return animate(steps, limit=limit)


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
    "changed_box",
    "changes",
    "durations",
    "frame_ms",
]
