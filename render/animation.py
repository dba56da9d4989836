"""A game's animated replay: its board images, one after another, as one animated GIF.

``animate(steps)`` takes the drawn board of each state of a game (the PNG bytes ``render``
gives, or Pillow images) with the moves that led to it, and gives an :class:`Animation`:

- a frame only where the board changed: each image is compared with the last frame kept
  (the decoded pixels, not the bytes); a state drawn the same adds its moves to the frame
  before;
- lila-gif's timing: :data:`FRAME_MS` for a frame that one move made, :data:`EXTRA_MOVE_MS`
  more for each further move it shows at once, at most :data:`LONGEST_FRAME_MS`; the last
  frame stays :data:`LAST_FRAME_MS`;
- one 256-colour palette for the whole file (chosen from a sample of the frames), each frame
  stored as the rectangle that changed since the frame before (the rest of the frame is
  left as it was: GIF's disposal 1, which Pillow's encoder picks for a frame of the same
  palette); only the changed rectangle of each frame is mapped to the palette;
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

from PIL import Image, ImageChops

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


def changes(steps: Iterable[Step]) -> tuple[list[Image.Image], list[int]]:
    """The frames (RGB images where the board changed, the first image always) and the moves
    each frame shows (its own and those of the unchanged images folded into it)."""
    frames: list[Image.Image] = []
    moves: list[int] = []
    for step in steps:
        image = _rgb(step.image)
        if frames and changed_box(frames[-1], image) is None:
            moves[-1] += step.moves
            continue
        frames.append(image)
        moves.append(step.moves)
    return frames, moves


def durations(moves: Sequence[int]) -> list[int]:
    """Each frame's milliseconds: by the moves it shows, the last :data:`LAST_FRAME_MS`."""
    if not moves:
        return []
    return [frame_ms(m) for m in moves[:-1]] + [LAST_FRAME_MS]


def _palette(frames: Sequence[Image.Image]) -> Image.Image:
    """One palette for every frame (index :data:`CLEAR` left free): fast octree over every
    fourth pixel of a few frames."""
    count = min(PALETTE_SAMPLES, len(frames))
    picks = sorted({round(i * (len(frames) - 1) / max(1, count - 1)) for i in range(count)})
    width, height = frames[0].size
    small = (max(1, width // 4), max(1, height // 4))
    sheet = Image.new("RGB", (small[0], small[1] * len(picks)))
    for row, i in enumerate(picks):
        sheet.paste(frames[i].resize(small, Image.Resampling.NEAREST), (0, row * small[1]))
    return sheet.quantize(CLEAR, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


CLEAR = 255
"""The palette index each frame after the first gives a pixel that did not change: GIF's
transparent colour, showing the frame before through it (so a frame is the few pixels that
changed, which compress to almost nothing around them)."""


def _encode(frames: Sequence[Image.Image], times: Sequence[int]) -> bytes:
    """The GIF of ``frames``: one palette; each frame after the first maps only the box that
    changed onto it, and within that box only the pixels that changed (the rest clear)."""
    palette = _palette(frames)
    previous = frames[0]
    first = previous.quantize(palette=palette, dither=Image.Dither.NONE)
    out = [first]
    for frame in frames[1:]:
        box, mask = _changed(previous, frame)
        current = Image.new("P", frame.size, CLEAR)
        current.putpalette(first.getpalette())
        if box is not None:
            patch = frame.crop(box).quantize(palette=palette, dither=Image.Dither.NONE)
            current.paste(patch, box[:2], mask.crop(box))
        out.append(current)
        previous = frame
    buffer = io.BytesIO()
    out[0].save(
        buffer,
        format="GIF",
        save_all=True,
        append_images=out[1:],
        duration=list(times),
        loop=0,
        optimize=False,
        disposal=1,
        transparency=CLEAR,
    )
    return buffer.getvalue()


def _shrink(frames: Sequence[Image.Image], scale: float) -> list[Image.Image]:
    width, height = frames[0].size
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    return [f.resize(size, Image.Resampling.BOX) for f in frames]


def _drop(frames: list[Image.Image], times: list[int], keep: int) -> tuple[list, list]:
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


def animate(steps: Iterable[Step], *, limit: int = UPLOAD_LIMIT) -> Animation:
    """The animated replay of ``steps`` (at least one), at most ``limit`` bytes."""
    frames, moves = changes(steps)
    if not frames:
        raise ValueError("an animated replay needs at least one board")
    times = durations(moves)
    total = len(frames)
    scale = 1.0
    data = _encode(frames, times)
    shown, shown_times = frames, times
    while len(data) > limit and scale > SMALLEST_SCALE:
        # Bytes go about with the area: shrink by the square root of the excess, a bit more.
        scale = max(SMALLEST_SCALE, scale * min(0.9, (limit / len(data)) ** 0.5 * 0.95))
        shown = _shrink(frames, scale)
        data = _encode(shown, shown_times)
    keep = len(shown)
    while len(data) > limit and keep > 2:
        keep = max(2, int(keep * min(0.9, limit / len(data) * 0.95)))
        picked, shown_times = _drop(list(shown), list(times), keep)
        data = _encode(picked, shown_times)
        keep = len(picked)
    if len(data) > limit:
        raise ValueError(f"the animation is {len(data)} bytes even with two frames")
    return Animation(
        data=data,
        format=FORMAT,
        frames=keep,
        changes=total,
        dropped=total - keep,
        scale=round(scale, 3),
        durations=tuple(shown_times if keep < total else times),
        size=shown[0].size,
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
