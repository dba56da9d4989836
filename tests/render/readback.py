"""What a board image drew, read back while it is drawn, and the rules a phone checks it by.

:func:`recording` reads every text with its ink and its size on a phone, every sprite (a piece,
a die) with its inked box, the cards and pills texts sit in, and the texts a later shape covers
(``Canvas.TRACK``). The checks (:func:`problems`) are what a player on a phone notices: two
texts inked over each other, a text or a piece cut by the image's edge, a text or a piece
crossing the edge of the card or pill it sits in, a text under ``PHONE_MIN_TEXT`` px, a shape
drawn over a text.
"""

from __future__ import annotations

import contextlib
import io
import math
import sys
from collections.abc import Callable, Iterator
from typing import NamedTuple

from PIL import Image, ImageChops

import render
from render import sprites
from render import text as texts
from render.canvas import SCALE, Canvas
from render.theme import DEFAULT_THEME

from .phone import PHONE_MIN_TEXT, PHONE_WIDTH

Box = tuple[float, float, float, float]

# -- what an image drew --------------------------------------------------------------------


class Placed(NamedTuple):
    """A text as painted: the text, its size on a phone (px), its inked box in final px
    (left, top, right, bottom; the last two excluded) and its ink (mode "L", that box)."""

    text: str
    phone_size: float
    box: tuple[int, int, int, int]
    ink: Image.Image


class Piece(NamedTuple):
    """A sprite as pasted: what drew it and its inked box in final px."""

    name: str
    box: Box


class Drawing(NamedTuple):
    size: tuple[int, int]
    cells: list[Box]
    """The board's squares or tiles (a piece centred on one must lie within it)."""
    panels: list[Box]
    """Parts of the layout a text must not cross the edge of (Pachisi's corners)."""
    texts: list[Placed]
    pieces: list[Piece]
    containers: list[Box]
    """Cards, pills and banners (rounded rectangles in the card or banner colour)."""
    hidden: list[str]


CONTAINER_FILLS = {DEFAULT_THEME.card, DEFAULT_THEME.banner}


def _inked(mask: Image.Image, box: tuple[int, int, int, int], scale: int) -> Placed | None:
    """A mask painted at ``box`` on an image ``scale`` times the final size, at the final
    size and cut to its ink; ``None`` if it inks nothing."""
    x0, y0 = box[0], box[1]
    if scale != 1:
        px, py = x0 % scale, y0 % scale
        padded = Image.new("L", (mask.width + px, mask.height + py))
        padded.paste(mask, (px, py))
        mask = padded.reduce(scale)
        x0, y0 = (x0 - px) // scale, (y0 - py) // scale
    bbox = mask.getbbox()
    if bbox is None:
        return None
    ink = mask.crop(bbox)
    return (x0 + bbox[0], y0 + bbox[1], x0 + bbox[2], y0 + bbox[3]), ink


@contextlib.contextmanager
def recording() -> Iterator[Callable[[], Drawing]]:
    """Within the block, what canvases draw is recorded; the function yielded gives the
    :class:`Drawing` of the last image finished (``Canvas.final``)."""
    drawn_texts: list[tuple[tuple[int, int], texts.Text]] = []
    rects: list[tuple[tuple[int, int], Box]] = []
    pasted: list[tuple[tuple[int, int], str, Box]] = []
    finished: list[Canvas] = []
    late: list[list] = []
    images: list[Image.Image] = []
    original_draw, original_rect = texts.draw, Canvas.rect
    original_sprite, original_final = Canvas.sprite, Canvas.final
    original_track = Canvas.TRACK

    def draw(image, item):
        drawn_texts.append((image.size, item))
        return original_draw(image, item)

    def rect(self, box, fill=None, outline=None, width=0, radius=0):
        if fill in CONTAINER_FILLS and radius > 0:
            rects.append(((self.width, self.height), tuple(box)))
        return original_rect(self, box, fill, outline, width, radius)

    def sprite(self, draw_it, at, extent, *args):
        original_sprite(self, draw_it, at, extent, *args)
        x, y = at[0] * SCALE, at[1] * SCALE
        ox, oy = math.floor(x), math.floor(y)
        kept = sprites.get(Canvas, draw_it, args, x - ox, y - oy, extent)
        bbox = kept.image.getchannel("A").getbbox()
        if bbox is not None:
            left, top = ox - kept.left, oy - kept.top
            box = tuple(
                v / SCALE for v in (left + bbox[0], top + bbox[1], left + bbox[2], top + bbox[3])
            )
            pasted.append(((self.width, self.height), draw_it.__name__, box))

    def final(self):
        finished.append(self)
        late.append(list(self.texts))
        image = original_final(self)
        images.append(image)
        return image

    def result() -> Drawing:
        canvas = finished[-1]
        size = (canvas.width, canvas.height)
        placed = []
        for image_size, item in drawn_texts:
            scale = image_size[0] // size[0]
            if image_size != (size[0] * scale, size[1] * scale) or not item.text.strip():
                continue  # (another canvas: a tile, a sprite)
            mask, box = item.placed()
            inked = _inked(mask.image, box, scale)
            if inked is not None and (scale == 1 or _shows(images[-1], item.fill, *inked)):
                phone = item.size * PHONE_WIDTH / image_size[0]
                placed.append(Placed(item.text, phone, *inked))
        return Drawing(
            size,
            [],
            [],
            placed,
            [Piece(name, box) for at, name, box in pasted if at == size],
            [box for at, box in rects if at == size],
            list(canvas.hidden or ()) + _covered_late(late[-1]),
        )

    texts.draw, Canvas.rect, Canvas.sprite, Canvas.final = draw, rect, sprite, final
    Canvas.TRACK = True
    try:
        yield result
    finally:
        texts.draw, Canvas.rect = original_draw, original_rect
        Canvas.sprite, Canvas.final = original_sprite, original_final
        Canvas.TRACK = original_track


def _shows(image: Image.Image, fill, box, ink: Image.Image) -> bool:
    """Whether a text painted under the shapes (a layer's, or an inline one) still shows in
    the finished ``image``: most of its inked pixels have its colour (a card or banner drawn
    over it later hides it, as meant)."""
    core = ink.point(lambda v: 255 if v >= 160 else 0)
    if core.getbbox() is None:
        core = ink.point(lambda v: 255 if v >= max(ink.getextrema()[1], 1) else 0)
    solid = Image.new("RGB", ink.size, tuple(fill))
    diff = ImageChops.difference(image.convert("RGB").crop(box), solid).getchannel(0)
    for band in (1, 2):
        diff = ImageChops.lighter(
            diff, ImageChops.difference(image.convert("RGB").crop(box), solid).getchannel(band)
        )
    close = diff.point(lambda v: 255 if v <= 48 else 0)
    total = core.histogram()[255]
    shown = ImageChops.multiply(core, close).histogram()[255]
    return shown * 2 >= total


def _covered_late(items: list) -> list[str]:
    """The texts painted at the end that a sprite painted after them covers (a piece drawn
    later over a number on a piece drawn before it)."""
    found = []
    for i, item in enumerate(items):
        if isinstance(item, sprites.Flat) or not item.text.strip():
            continue
        mask, box = item.placed()
        for later in items[i + 1 :]:
            if not isinstance(later, sprites.Flat):
                continue
            meet = _meet(box, later.box)
            if meet is None:
                continue
            ink = mask.image.crop(_shift(meet, box)).point(lambda v: 255 if v >= INK else 0)
            cover = later.image.getchannel("A").crop(_shift(meet, later.box))
            if ImageChops.multiply(ink, cover.point(lambda v: 255 if v >= INK else 0)).getbbox():
                found.append(item.text)
                break
    return found


KEPT_CACHES = ("render.text", "render.theme", "render.sprites", "render.iceturn_tiles")
"""Modules whose caches hold no text drawn on a board (text masks and widths, glyphs, tile
images, which cannot hold text): kept, as they cost time to make again."""


def _forget_layers() -> None:
    """Drop the cached layers (a board's fixed part), so that their texts are drawn, and so
    seen, again (the text masks stay cached: they change nothing drawn)."""
    for name, module in list(sys.modules.items()):
        if not name.startswith("render.") or name in KEPT_CACHES:
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and getattr(value, "__module__", None) == name:
                clear()


def drawing(state, names) -> tuple[Drawing, Image.Image]:
    """What the image of ``state`` draws, and the image."""
    _forget_layers()
    with recording() as result:
        data = render.render(state, names=names)
    image = Image.open(io.BytesIO(data))
    image.load()
    seen = result()._replace(cells=board_cells(state), panels=layout_panels(state))
    assert seen.size == image.size
    return seen, image


def layout_panels(state) -> list[Box]:
    """Pachisi's corners (each seat's nest, name and score): the other games' panels are
    cards, found as they are drawn."""
    if state.game.key != "pachisi":
        return []
    from render import pachisi_layout as lay

    return [lay.corner_box(arm) for arm in range(4)]


def board_cells(state) -> list[Box]:
    """The squares or tiles of ``state``'s board, in image px, where a piece is drawn whole
    (Pachisi: the loop and home-path squares; two pawns sharing one stand in it too)."""
    key = state.game.key
    if key == "pachisi":
        from engine.pachisi_board import HOME_PATH, TRACK
        from render import pachisi_layout as lay

        centres = [lay.loop_centre(sq) for sq in range(TRACK)]
        centres += [lay.home_path_centre(arm, rel) for arm in range(4) for rel in HOME_PATH]
        return [lay.cell_box(centre) for centre in centres]
    if key == "ice-turn":
        from render import iceturn_layout as lay

        return [lay.cell_box(cell) for cell in range(16)]
    if key == "pach-ice-i":
        from engine.pachicei_board import GRID
        from render import pachicei_layout as lay

        return [lay.square_box(square) for square in range(GRID.size)]
    if key == "icesickle":
        from engine.icesickle import GRID
        from render import icesickle_layout as lay

        return [lay.square_box(square) for square in range(GRID.size)]
    return []


# -- the checks ----------------------------------------------------------------------------

INK = 96
"""A pixel is inked by a text where its coverage is at least this (of 255): two texts'
faint anti-aliased fringes may touch; their letters may not."""


def _meet(a: Box, b: Box) -> tuple[int, int, int, int] | None:
    left, top = max(a[0], b[0]), max(a[1], b[1])
    right, bottom = min(a[2], b[2]), min(a[3], b[3])
    if left >= right or top >= bottom:
        return None
    return (math.floor(left), math.floor(top), math.ceil(right), math.ceil(bottom))


def overlapping_texts(seen: Drawing) -> list[tuple[str, str, int]]:
    """Pairs of texts whose letters are inked over each other, with how many pixels."""
    found = []
    for i, a in enumerate(seen.texts):
        for b in seen.texts[i + 1 :]:
            meet = _meet(a.box, b.box)
            if meet is None or (a.text == b.text and a.box == b.box):
                continue
            ink_a = a.ink.crop(_shift(meet, a.box))
            ink_b = b.ink.crop(_shift(meet, b.box))
            both = ImageChops.darker(ink_a, ink_b).point(lambda v: 255 if v >= INK else 0)
            count = both.histogram()[255]
            if count:
                found.append((a.text, b.text, count))
    return found


def _shift(box, origin) -> tuple[int, int, int, int]:
    return (box[0] - origin[0], box[1] - origin[1], box[2] - origin[0], box[3] - origin[1])


def _inside(inner: Box, outer: Box, slack: float = 0) -> bool:
    return (
        inner[0] >= outer[0] - slack
        and inner[1] >= outer[1] - slack
        and inner[2] <= outer[2] + slack
        and inner[3] <= outer[3] + slack
    )


def outside_the_image(seen: Drawing) -> list[str]:
    """Texts and pieces whose ink reaches the image's edge or beyond it (cut off)."""
    width, height = seen.size
    image = (1, 1, width - 1, height - 1)
    return [f"text {t.text!r} at {t.box}" for t in seen.texts if not _inside(t.box, image)] + [
        f"piece {p.name} at {p.box}" for p in seen.pieces if not _inside(p.box, image, 0.5)
    ]


def crossing_containers(seen: Drawing) -> list[str]:
    """Texts and pieces that lie partly on a card, pill or banner and partly off it; texts
    partly in a layout's panel (:func:`layout_panels`)."""
    found = []
    items = [(f"text {t.text!r}", t.box) for t in seen.texts]
    items += [(f"piece {p.name}", p.box) for p in seen.pieces]
    for what, box in items:
        for container in seen.containers:
            meet = _meet(box, container)
            if meet is None or _inside(box, container, 0.5):
                continue
            if _inside(container, box):  # a card under a piece (a pill on a token...)
                continue
            found.append(f"{what} at {_round(box)} crosses the edge of {_round(container)}")
    for text in seen.texts:
        for panel in seen.panels:
            if _meet(text.box, panel) is not None and not _inside(text.box, panel, 0.5):
                found.append(f"text {text.text!r} at {text.box} crosses the edge of {panel}")
    return found


def outside_their_cells(seen: Drawing) -> list[str]:
    """Pieces centred on a board square or tile that reach out of it."""
    found = []
    for piece in seen.pieces:
        x, y = (piece.box[0] + piece.box[2]) / 2, (piece.box[1] + piece.box[3]) / 2
        for cell in seen.cells:
            if cell[0] <= x < cell[2] and cell[1] <= y < cell[3]:
                if not _inside(piece.box, cell, 0.5):
                    found.append(f"piece {piece.name} at {_round(piece.box)} out of {_round(cell)}")
                break
    return found


def _round(box) -> tuple[int, ...]:
    return tuple(round(v) for v in box)


TALL_INK = 64
"""A row of a text counts in its height where some pixel of it is covered at least this
much (of 255): not the faint anti-aliased fringe."""


def ink_height(seen: Drawing, text: Placed) -> float:
    """How tall ``text``'s letters are drawn on a phone (px at ``PHONE_WIDTH``): from the
    top of its highest glyph to the bottom of its lowest ("Round 1: 7" at 23 px on a 1000 px
    image is 7.6 px tall on a phone: the height of its capitals and digits)."""
    box = text.ink.point(lambda v: 255 if v >= TALL_INK else 0).getbbox()
    rows = box[3] - box[1] if box else 0
    return rows * PHONE_WIDTH / seen.size[0]


def short_texts(seen: Drawing, wanted: Callable[[str], bool]) -> list[tuple[str, float]]:
    """The texts ``wanted`` picks whose letters are under ``PHONE_MIN_TEXT`` px tall on a
    phone (see :func:`ink_height`)."""
    heights = [(t.text, round(ink_height(seen, t), 1)) for t in seen.texts if wanted(t.text)]
    return [(text, height) for text, height in heights if height < PHONE_MIN_TEXT]


def small_texts(seen: Drawing) -> list[tuple[str, float]]:
    """Texts a phone shows under ``PHONE_MIN_TEXT`` px."""
    return [
        (t.text, round(t.phone_size, 1)) for t in seen.texts if t.phone_size < PHONE_MIN_TEXT - 1e-6
    ]


def problems(seen: Drawing) -> dict[str, list]:
    """Every rule an image breaks, by rule (empty lists dropped)."""
    found = {
        "texts over each other": overlapping_texts(seen),
        "cut by the image's edge": outside_the_image(seen),
        "across a card's edge": crossing_containers(seen),
        "out of its square": outside_their_cells(seen),
        f"under {PHONE_MIN_TEXT} px on a phone": small_texts(seen),
        "shapes over a text": seen.hidden,
    }
    return {rule: items for rule, items in found.items() if items}


__all__ = ["Drawing", "drawing", "problems", "recording"]
