"""An animated replay written as a GIF frame by frame, from what changed (``render/animation.py``).

A source hands :func:`write` one :class:`Board` per state of the game: where it may differ from
the board before (boxes, in the source's units; ``[]`` the same picture, ``None`` all of it),
the moves it adds, and how to draw its pixels there (:data:`Part`). The writer keeps the
frame shown so far as palette indices (one palette of 255 colours for the whole file) and,
for each board that changed:

- draws only its changed boxes, maps them to the palette, and finds the pixels whose colour
  index moved (a change the palette cannot show is none);
- writes a GIF frame of the box around them, the pixels that did not change left :data:`CLEAR`
  (transparent: the frame before shows through; disposal 1);
- gives a frame lila-gif's time once the next one comes (:func:`frame_ms`); a board drawn the
  same adds its moves to the frame before.

``keep`` names the changes to show (the others are dropped: their boxes wait for the next kept
one, and they are never drawn; their time is the frame before's); ``scale`` below 1 writes the
frames that much smaller (the board kept at full size, each changed box drawn small again).
Past ``limit`` bytes it stops writing but still counts the changes, and estimates the whole.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterable, Sequence
from time import process_time
from typing import NamedTuple

from PIL import GifImagePlugin, Image, ImageChops

FRAME_MS = 800
"""A frame that one move made (lila-gif's median frame time)."""
EXTRA_MOVE_MS = 300
"""More for each further move the same frame shows (a turn of several moves, a roll and its
move drawn as one change)."""
LONGEST_FRAME_MS = 2000
"""No frame but the last stays longer (lila-gif's cap)."""
LAST_FRAME_MS = 5000
"""The final position stays this long before the loop starts again."""
CLEAR = 255
"""The palette index each frame after the first gives a pixel that did not change: GIF's
transparent colour, showing the frame before through it."""

Box = tuple[float, float, float, float]
Part = tuple[tuple[int, int], Image.Image, Image.Image | None]
"""Pixels of a board: its top-left corner (the frame's px), the RGB image, and a mask ("L", 255
where the image is right; None: all of it)."""


class Board(NamedTuple):
    """One state of the game, as the writer asks for it."""

    boxes: Sequence[Box] | None
    """Where it may differ from the board before (in the source's units, handed back to
    ``draw``): ``[]`` nowhere, None all over."""
    moves: int
    """Moves the step to it made (0 for a roll, or the first board)."""
    draw: Callable[[Sequence[Box] | None], list[Part]]
    """Its pixels, right at least inside the boxes given (None: the whole board), at the
    frames' size (the first board's whole image sets it)."""


class Written(NamedTuple):
    data: bytes | None
    """The file, or None if it was stopped past the limit."""
    length: int
    """Its length in bytes (estimated from the frames written, when stopped)."""
    changes: int
    """Frames the replay has: the first board and each that changed."""
    durations: tuple[int, ...]
    """The time of each frame written (ms)."""
    size: tuple[int, int]
    cpu: tuple[float, ...] = ()
    """The CPU seconds each frame written took (its boards recorded, drawn, compared and
    written; ``time.process_time``): what ``bench/animation.py`` reports."""


def frame_ms(moves: int) -> int:
    """How long a frame that ``moves`` moves made stays (not the last frame)."""
    return min(LONGEST_FRAME_MS, FRAME_MS + EXTRA_MOVE_MS * max(0, moves - 1))


def palette(images: Sequence[Image.Image]) -> Image.Image:
    """One palette for every frame (index :data:`CLEAR` left free): fast octree over every
    fourth pixel of ``images`` (a few boards spread over the game)."""
    small = (max(1, images[0].width // 4), max(1, images[0].height // 4))
    sheet = Image.new("RGB", (small[0], small[1] * len(images)))
    for row, image in enumerate(images):
        sheet.paste(image.resize(small, Image.Resampling.NEAREST), (0, row * small[1]))
    return sheet.quantize(CLEAR, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


_CHANGED = [0] + [255] * 255
"""A palette index that moved (by any amount: another colour) marks its pixel changed."""


class _Frames:
    """The frame shown so far, as palette indices, and the patches that change it (see the
    module docstring). A pixel changes where its index does: a change the palette cannot
    show is no change of the file."""

    def __init__(self, parts: list[Part], colours: Image.Image, scale: float):
        (_, whole, _), *_ = parts
        self.scale, self.colours = scale, colours
        self.size = whole.size
        self.full: Image.Image | None = None  # the board at full size, when drawn smaller
        if scale < 1.0:
            self.full = whole.copy()
            self.size = (max(1, round(whole.width * scale)), max(1, round(whole.height * scale)))
            whole = self.full.resize(self.size, Image.Resampling.BOX)
        self.shown = whole.quantize(palette=self.colours, dither=Image.Dither.NONE)
        self.palette = bytes(self.shown.getpalette() or ())

    def _indices(self, image: Image.Image) -> Image.Image:
        """``image`` mapped to the palette (``Image.quantize`` without its copy of the palette,
        which these indices, pasted onto the frame, never need)."""
        return image._new(image.im.convert("P", Image.Dither.NONE, self.colours.im))

    def first(self) -> Image.Image:
        return self.shown.copy()

    def patch(self, parts: list[Part]) -> tuple[Image.Image, tuple[int, int]] | None:
        """Draw ``parts`` onto the frame; the patch of what changed and its corner, or None."""
        if self.scale < 1.0:
            pieces = [self._scaled(parts)] if parts else []
        else:
            pieces = []
            for (x, y), image, mask in parts:
                after = self._indices(image)
                if mask is not None:  # (right only under the mask: the rest as it was)
                    box = (x, y, x + image.width, y + image.height)
                    merged = self.shown.crop(box)
                    merged.paste(after, (0, 0), mask)
                    after = merged
                pieces.append(((x, y), after))
        found = []
        for (x, y), after in pieces:
            before = self.shown.crop((x, y, x + after.width, y + after.height))
            difference = ImageChops.difference(before, after)
            box = difference.getbbox()
            if box is not None:  # ("1" where an index moved; point's core: no 256 rounds)
                changed = difference._new(difference.im.point(_CHANGED, "1"))
                found.append(((x, y), box, changed, after))
            self.shown.paste(after, (x, y))
        if not found:
            return None
        left = min(x + b[0] for (x, _), b, _, _ in found)
        top = min(y + b[1] for (_, y), b, _, _ in found)
        right = max(x + b[2] for (x, _), b, _, _ in found)
        bottom = max(y + b[3] for (_, y), b, _, _ in found)
        patch = Image.new("P", (right - left, bottom - top), CLEAR)
        patch.putpalette(self.palette)
        for (x, y), _, mask, after in found:  # (cut to the patch by the paste)
            patch.paste(after, (x - left, y - top), mask)
        return patch, (left, top)

    def _scaled(self, parts: list[Part]) -> tuple[tuple[int, int], Image.Image]:
        """The frame's indices over ``parts`` drawn small (the parts pasted at full size)."""
        assert self.full is not None
        for (x, y), image, mask in parts:
            self.full.paste(image, (x, y), mask)
        s = self.scale
        x0 = min(x for (x, _), _, _ in parts)
        y0 = min(y for (_, y), _, _ in parts)
        x1 = max(x + image.width for (x, _), image, _ in parts)
        y1 = max(y + image.height for (_, y), image, _ in parts)
        box = (
            max(0, math.floor(x0 * s) - 1),
            max(0, math.floor(y0 * s) - 1),
            min(self.size[0], math.ceil(x1 * s) + 1),
            min(self.size[1], math.ceil(y1 * s) + 1),
        )
        size = (box[2] - box[0], box[3] - box[1])
        source = (
            box[0] / s,
            box[1] / s,
            min(self.full.width, box[2] / s),
            min(self.full.height, box[3] / s),
        )
        small = self.full.resize(size, Image.Resampling.BOX, box=source)
        return (box[0], box[1]), self._indices(small)


def write(
    boards: Iterable[Board],
    colours: Image.Image,
    *,
    scale: float = 1.0,
    keep: Collection[int] | None = None,
    limit: int | None = None,
) -> Written:
    """The GIF of ``boards`` (see the module docstring). ``keep``: the changes to show, by
    number (0 the first board; the last must be among them); ``limit``: stop writing past it."""
    out: list[bytes] = []
    written = 0
    stopped = False
    frames: _Frames | None = None
    pending: tuple[Image.Image, tuple[int, int], bool] | None = None
    durations: list[int] = []
    change = -1
    moves = 0  # of the last change seen (kept or not), with the boards folded into it
    time = 0  # ms of the changes since the last kept frame, that change's not yet counted
    waiting: list[Box] | None = []  # boxes changed since the last frame written (None: all)
    spent: list[float] = []
    mark = process_time()

    def flush(duration: int) -> None:
        nonlocal written, stopped, mark
        if pending is None:
            return
        patch, corner, clear = pending
        extra = {"transparency": CLEAR} if clear else {}
        chunks = GifImagePlugin.getdata(patch, corner, duration=duration, disposal=1, **extra)
        out.extend(chunks)
        written += sum(len(b) for b in chunks)
        durations.append(duration)
        now = process_time()
        spent.append(now - mark)
        mark = now
        if limit is not None and written > limit:
            stopped = True

    for board in boards:
        if frames is None:
            frames = _Frames(board.draw(None), colours, scale)
            first = frames.first()
            header, _ = GifImagePlugin.getheader(first, info={"loop": 0})
            out.extend(header)
            written = sum(len(b) for b in header)
            pending, change, moves = (first, (0, 0), False), 0, board.moves
            continue
        if not board.boxes and board.boxes is not None:
            moves += board.moves
            continue
        shown = keep is None or change + 1 in keep
        if not stopped:
            if board.boxes is None:
                waiting = None
            elif waiting is not None:
                waiting.extend(board.boxes)
        if shown and not stopped:
            patch = frames.patch(board.draw(waiting))
            waiting = []
            if patch is None:  # drawn the same after all
                moves += board.moves
                continue
        change += 1
        time += frame_ms(moves)
        moves = board.moves
        if not shown or stopped:
            continue
        flush(min(LONGEST_FRAME_MS, time))
        time = 0
        pending = (patch[0], patch[1], True)
    if frames is None:
        raise ValueError("an animated replay needs at least one board")
    changes = change + 1
    if not stopped:
        flush(LAST_FRAME_MS)
    if stopped:
        shown_count = changes if keep is None else len(keep)
        estimate = written * shown_count // max(1, len(durations))
        return Written(None, estimate, changes, tuple(durations), frames.size, tuple(spent))
    out.append(b";")
    data = b"".join(out)
    return Written(data, len(data), changes, tuple(durations), frames.size, tuple(spent))


__all__ = [
    "CLEAR",
    "EXTRA_MOVE_MS",
    "FRAME_MS",
    "LAST_FRAME_MS",
    "LONGEST_FRAME_MS",
    "Board",
    "Part",
    "Written",
    "frame_ms",
    "palette",
    "write",
]
