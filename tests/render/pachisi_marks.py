"""What a Pachisi image paints on its board, read while it is drawn: each pawn (its shape's
coverage at the final size, its seat and number) and every text, so the tests can check what a
player would notice: a pawn number covered by another pawn, two texts on top of each other, a
pawn over another seat's pawn. Also the crowded positions these checks run on: hand-built
blockades on every pair of neighbouring squares, and the most crowded positions seeded random
play reaches."""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Iterator
from typing import NamedTuple

from PIL import Image, ImageChops

import render
from engine.pachisi_board import HOME_PATH, LAST_TRACK, TRACK, square
from render import pachisi as drawing
from render import pachisi_layout as lay
from render import sprites
from render import text as texts
from render.canvas import Canvas
from tests.engine.pachisi_helpers import position

from .pachisi_states import GAME, NAMES, seeded_states
from .phone import PHONE_WIDTH

INK = 128
"""A pixel counts as painted from this coverage on (of 255): half covered."""


class Mark(NamedTuple):
    """A coverage (mode "L") at the final size and the pixels it covers (left, top, right,
    bottom; the last two excluded)."""

    mask: Image.Image
    box: tuple[int, int, int, int]


class Pawn(NamedTuple):
    """A pawn painted on the board: its seat, its number ("" for none) and half-width, its
    shape's coverage, its number's and the number's size (px on the image), its centre."""

    seat: int
    label: str
    r: float
    shape: Mark
    number: Mark | None
    size: float
    centre: tuple[float, float]


class Painted(NamedTuple):
    pawns: list[Pawn]
    texts: list[tuple[str, Mark]]


def _mark(item) -> Mark:
    mask, box = item.placed()
    return Mark(mask.image, box)


@contextlib.contextmanager
def _recording() -> Iterator[Painted]:
    painted = Painted([], [])
    sprite, paint_late = Canvas.sprite, Canvas._paint_late

    def recorded_sprite(self, draw, at, extent, *args):
        before = len(self.texts)
        sprite(self, draw, at, extent, *args)
        if draw.__name__ != "_token" or at[0] > lay.BOARD_X + lay.BOARD:
            return  # the panel's seat markers are not pawns
        _theme, r, seat, label = args[:4]
        made = self.texts[before:]
        assert isinstance(made[0], sprites.Flat), "a pawn is painted at the end"
        number = [t for t in made[1:] if t.text.strip()]
        mark, size = (_mark(number[0]), number[0].size) if number else (None, 0)
        painted.pawns.append(Pawn(seat, label, r, _mark(made[0]), mark, size, at))

    def recorded_paint_late(self, image):
        if image.width == lay.WIDTH:
            painted.texts.extend(
                (t.text, _mark(t)) for t in self.texts if isinstance(t, texts.Text) and t.text
            )
        return paint_late(self, image)

    Canvas.sprite, Canvas._paint_late = recorded_sprite, recorded_paint_late
    try:
        yield painted
    finally:
        Canvas.sprite, Canvas._paint_late = sprite, paint_late


def painted(state, names=NAMES) -> Painted:
    """The pawns and texts ``state``'s image paints (read while it is drawn)."""
    with _recording() as seen:
        render.render(state, names=names[: state.num_players])
    assert seen.pawns, "no pawn was recorded: pawns are no longer drawn by pachisi_panel.token"
    return seen


def _inked(mark: Mark) -> Image.Image:
    return mark.mask.point(lambda v: 255 if v >= INK else 0)


def shared(a: Mark, b: Mark) -> int:
    """How many pixels both ``a`` and ``b`` paint (each at least half covered)."""
    left, top = max(a.box[0], b.box[0]), max(a.box[1], b.box[1])
    right, bottom = min(a.box[2], b.box[2]), min(a.box[3], b.box[3])
    if left >= right or top >= bottom:
        return 0
    area = (left, top, right, bottom)
    one = _inked(a).crop(tuple(v - o for v, o in zip(area, a.box[:2] * 2, strict=True)))
    two = _inked(b).crop(tuple(v - o for v, o in zip(area, b.box[:2] * 2, strict=True)))
    return ImageChops.multiply(one, two).histogram()[255]


def outside(inner: Mark, outer: Mark) -> int:
    """How many pixels ``inner`` paints that ``outer`` does not."""
    canvas = Image.new("L", (lay.WIDTH, lay.HEIGHT))
    canvas.paste(_inked(outer), outer.box[:2])
    bare = ImageChops.subtract(_inked(inner), canvas.crop(inner.box))
    return bare.histogram()[255]


def problems(state, names=NAMES) -> list[str]:
    """What a player would see wrong on the board of ``state``: a pawn number painted over
    (or under) another pawn or off its own, a pawn over another seat's pawn, two texts on top
    of each other."""
    seen = painted(state, names)
    out = []
    for p in seen.pawns:
        if p.number is not None and outside(p.number, p.shape):
            out.append(f"the number of {p.seat}:{p.label} leaves its pawn")
    for p, q in itertools.permutations(seen.pawns, 2):
        if p.number is not None and shared(p.number, q.shape):
            out.append(f"the number of {p.seat}:{p.label} lies on pawn {q.seat}:{q.label}")
        if p.seat < q.seat and shared(p.shape, q.shape):
            out.append(f"pawn {p.seat}:{p.label} overlaps pawn {q.seat}:{q.label}")
    for (a, ma), (b, mb) in itertools.combinations(seen.texts, 2):
        if shared(ma, mb):
            out.append(f"texts {a!r} and {b!r} overlap")
    return out


def silhouette(pawn: Pawn, window: float = 2.2 * lay.CELL / 2) -> Image.Image:
    """The outline of ``pawn`` as a phone shows it: the pixels its shape half covers or more
    once the image is scaled to 450 px wide, in a window of ``window`` px (on the image)
    each side of its centre."""
    x, y = pawn.centre
    canvas = Image.new("L", (lay.WIDTH, lay.HEIGHT))
    canvas.paste(pawn.shape.mask, pawn.shape.box[:2])
    box = (round(x - window), round(y - window), round(x + window), round(y + window))
    side = round(2 * window * PHONE_WIDTH / lay.WIDTH)
    small = canvas.crop(box).resize((side, side), Image.BOX)
    return small.point(lambda v: 255 if v >= INK else 0)


def area(mask: Image.Image) -> int:
    return mask.histogram()[255]


# -- crowded positions -----------------------------------------------------------------------


def neighbours(a, b) -> bool:
    """Two board squares (pixel centres) side by side or corner to corner."""
    return a != b and abs(a[0] - b[0]) <= lay.CELL and abs(a[1] - b[1]) <= lay.CELL


def crowding(state) -> int:
    """How crowded the board is: pawns sharing a square, more for such squares side by side."""
    groups = [xy for xy, g in drawing.shared_squares(state).items() if len(g) > 1]
    near = sum(neighbours(a, b) for a, b in itertools.combinations(groups, 2))
    return len(groups) + 4 * near


def most_crowded(num_players: int, options: dict, seeds) -> object:
    """The most crowded state of the seeded random games (the first, on a tie)."""
    best, score = None, -1
    for seed in seeds:
        for state in seeded_states(num_players, options, seed):
            s = crowding(state)
            if s > score:
                best, score = state, s
    return best


def _rel(arm: int, sq: int) -> int:
    """The rel of the absolute loop square ``sq`` for the seat at ``arm`` (above
    ``LAST_TRACK``: a square that seat never stands on, behind its entry)."""
    return (sq - square(arm, 0)) % TRACK


def _loop_runs(num_players: int, options: dict) -> list:
    """Positions with a blockade on each loop square in turn, every two neighbours of
    different seats where two seats may stand there (a seat never stands on the four
    squares behind its entry), two blockades a seat: together every pair of neighbouring
    loop squares (the corners of the cross included), overlapping by a square."""
    arms = GAME.new_game(num_players, options).arms
    states = []
    start = 0
    while start < TRACK:
        pawns: dict[int, list[int]] = {s: [] for s in range(num_players)}
        prev, sq = None, start
        while sq <= TRACK:
            order = [(s + (prev or 0) + 1) % num_players for s in range(num_players)]
            fits = [
                s for s in order if len(pawns[s]) < 4 and _rel(arms[s], sq % TRACK) <= LAST_TRACK
            ]
            seat = next((s for s in fits if s != prev), None)
            if seat is None and fits and prev is not None and len(fits) == 1:
                seat = fits[0]  # only one seat can stand here
            if seat is None:
                break
            pawns[seat] += [_rel(arms[seat], sq % TRACK)] * 2
            prev, sq = seat, sq + 1
        states.append(position(num_players, pawns, **options))
        start = max(sq - 1, start + 1)
    for sq in range(TRACK):  # neighbours the runs gave one seat, where two may stand
        if _seats_beside(states, sq) != {1}:
            continue
        nb = (sq + 1) % TRACK
        for a, b in itertools.permutations(range(num_players), 2):
            if _rel(arms[a], sq) <= LAST_TRACK and _rel(arms[b], nb) <= LAST_TRACK:
                pawns = {a: [_rel(arms[a], sq)] * 2, b: [_rel(arms[b], nb)] * 2}
                states.append(position(num_players, pawns, **options))
                break
    return states


def _seats_beside(states, sq: int) -> set[int]:
    """How many seats stand on the loop square ``sq`` and the next, in each of ``states``
    where both hold pawns."""
    out = set()
    for state in states:
        seat_on = {}
        for seat, rels in enumerate(state.pawns):
            for rel in rels:
                if 0 <= rel <= LAST_TRACK:
                    seat_on[square(state.arms[seat], rel)] = seat
        if sq in seat_on and (sq + 1) % TRACK in seat_on:
            out.add(len({seat_on[sq], seat_on[(sq + 1) % TRACK]}))
    return out


def _beside_home(num_players: int, options: dict, seat: int, rels: tuple[int, int]):
    """``seat``'s two blockades on its home path at ``rels``, the others' on the loop squares
    beside them."""
    arms = GAME.new_game(num_players, options).arms
    cells = [lay.home_path_centre(arms[seat], rel) for rel in rels]
    beside = [sq for sq in range(TRACK) if any(neighbours(lay.loop_centre(sq), c) for c in cells)]
    pawns: dict[int, list[int]] = {s: [] for s in range(num_players)}
    pawns[seat] = [rels[0], rels[0], rels[1], rels[1]]
    others = itertools.cycle([s for s in range(num_players) if s != seat])
    for sq in beside:
        for _ in range(num_players):
            other = next(others)
            if len(pawns[other]) < 4 and _rel(arms[other], sq) <= LAST_TRACK:
                pawns[other] += [_rel(arms[other], sq)] * 2
                break
    return position(num_players, pawns, **options)


def neighbouring_blockades(num_players: int, options: dict | None = None) -> list:
    """Positions that together put blockades of two different seats on every pair of
    neighbouring loop squares (the corners of the cross included), and a seat's two
    blockades on its home path beside blockades of others on the loop squares next to it."""
    options = options or {}
    states = _loop_runs(num_players, options)
    for seat in range(num_players):
        for first in (HOME_PATH[0], HOME_PATH[3], HOME_PATH[5]):
            states.append(_beside_home(num_players, options, seat, (first, first + 1)))
    return states


def shared_by_seats(num_players: int) -> list:
    """Single pawns of two seats on one square (the rules never allow it, two colours never
    share a square, but a drawn board must still read), on a plain, a safe and an entry
    square, beside a blockade of a third seat where there is one."""
    states = []
    arms = GAME.new_game(num_players).arms
    for sq in (7, 12, 22):  # a plain square, a safe one, an entry
        pawns = {seat: [_rel(arms[seat], sq)] for seat in (0, 1)}
        if num_players > 2:
            pawns[2] = [_rel(arms[2], sq + 1)] * 2
        states.append(position(num_players, pawns))
    return states


def crowded_by_play() -> dict[str, object]:
    """The most crowded positions seeded random play reaches, per table."""
    tables = {
        "online-2": (2, {}),
        "online-3": (3, {}),
        "online-4": (4, {}),
        "classic-2": (2, {"rules": "classic"}),
        "classic-4": (4, {"rules": "classic"}),
        "partners": (4, {"partners": True}),
    }
    return {name: most_crowded(n, options, range(30)) for name, (n, options) in tables.items()}


__all__ = [
    "Pawn",
    "crowded_by_play",
    "crowding",
    "neighbouring_blockades",
    "painted",
    "problems",
    "shared_by_seats",
    "silhouette",
]
