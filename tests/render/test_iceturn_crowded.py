"""The Ice-Turn board where it gets crowded (issue 33, item 3), read as a phone shows it (450 px
wide, in colour and in greyscale): every piece of a tall stack shows its owner and its size, a
small piece lying on any tile stands clear of the tile's arrows, and the last turn's arrows
and numbers never cover a piece. The crowded positions come from seeded random play (the
tallest stacks it reaches with 2, 3 and 4 players) and from hand-built ones (a stack of all
twelve pieces on each kind of cell)."""

from __future__ import annotations

import contextlib
import json
import random
from functools import cache

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFilter

import render
from engine.iceturn_board import GRID
from render import iceturn_layout as lay
from render import text as texts
from render.iceturn_pieces import BASE, LENGTH
from render.iceturn_tiles import ARROW, TILE_Q
from tests.engine.iceturn_helpers import position
from tests.engine.playouts import random_move

from .iceturn_states import GAME, NAMES, cell, crowded, draw
from .phone import PHONE_MIN_TEXT, PHONE_WIDTH

SIZE_LETTER = {1: "S", 2: "M", 3: "L"}


# -- the crowded positions -------------------------------------------------------------------


def tallest(state) -> int:
    return max(len(here.pieces) for here in state.cells)


@cache
def tallest_reached(players: int) -> tuple:
    """The states of seeded random games of ``players`` holding the tallest stack any of them
    reaches (40 games of up to 400 moves; the first such state, and the first one of them
    during a turn with moves to mark)."""
    found = []
    best = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = GAME.new_game(players)
        for _ in range(400):
            if state.is_over():
                break
            state = state.apply(random_move(state, rng))
            height = tallest(state) if state.phase not in ("deal", "place") else 0
            if height > best:
                best, found = height, [state]
            elif height == best and len(found) < 6:
                found.append(state)
    return tuple(found)


TWELVE = "0L 1M 2S 3L 1S 0M 2L 3S 0S 1L 2M 3M"
"""All twelve pieces of four players in one stack (bottom first)."""


def twelve_on(name: str):
    """Four players, all twelve pieces stacked on ``name``; Alice to move."""
    return position({name: TWELVE}, players=4, seat=0)


def stacked(pieces: str, on: str, players: int = 4):
    return position({on: pieces}, players=players, seat=0)


CROWDED = {
    "random-2": lambda: tallest_reached(2)[0],
    "random-3": lambda: tallest_reached(3)[0],
    "random-4": lambda: tallest_reached(4)[0],
    "twelve-a1": lambda: twelve_on("a1"),  # a goal's flag in the tile's bottom corner
    "twelve-d1": lambda: twelve_on("d1"),
    "twelve-d4": lambda: twelve_on("d4"),  # a goal's flag in the tile's top corner
    "twelve-b3": lambda: twelve_on("b3"),  # a Q-Turner
    "twelve-c2": lambda: twelve_on("c2"),  # a double arrow
    "six-b1": lambda: stacked("0L 1M 0S 1L 0M 1S", "b1", players=2),
    "nine-a4": lambda: stacked("0L 1M 2S 0S 1L 2M 0M 1S 2L", "a4", players=3),
    "seven-crowded": crowded,
}


def test_random_play_reaches_tall_stacks():
    """What the stack tests stand on: random play stacks six or more pieces (the issue's
    "stacks of 6-10 pieces"), up to eleven with four players."""
    assert [tallest(tallest_reached(n)[0]) for n in (2, 3, 4)] == [6, 7, 11]


# -- reading the drawn texts -----------------------------------------------------------------


@contextlib.contextmanager
def placed_texts():
    """Within the block, each text painted (its text, size on a phone, pixel box)."""
    seen: list[tuple[str, float, tuple[int, int, int, int]]] = []
    original = texts.draw

    def draw_text(image, item):
        if item.text.strip():
            seen.append((item.text, item.size * PHONE_WIDTH / image.width, item.placed()[1]))
        return original(image, item)

    texts.draw = draw_text
    try:
        yield seen
    finally:
        texts.draw = original


def inside(box, outer) -> bool:
    return outer[0] <= box[0] and outer[1] <= box[1] and box[2] <= outer[2] and box[3] <= outer[3]


def meet(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


# -- tall stacks ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(CROWDED))
def test_every_piece_of_a_tall_stack_shows_its_owner_and_size(name):
    """On each stack of six or more, every piece carries its own label, its seat number and
    its size's letter ("2L": Bob's large), at least 10 px on a phone, inside its tile, no
    two labels overlapping, in the stack's order (bottom first: up the first column, then the
    next). The old stacks' bands grew too thin for their seat numbers, which overlapped into
    a striped blob, and a band's size showed only as its width and pips."""
    state = CROWDED[name]()
    with placed_texts() as seen:
        render.render(state, names=NAMES[: state.num_players])
    tall = [(c, here) for c, here in enumerate(state.cells) if len(here.pieces) >= 6]
    assert tall, name
    for c, here in tall:
        tile = lay.tile_box(c)
        wanted = [f"{owner + 1}{SIZE_LETTER[size]}" for owner, size in here.pieces]
        labels = [
            (text, size, box)
            for text, size, box in seen
            if text in set(wanted) and inside(box, tile)
        ]
        assert [text for text, _, _ in sorted(labels, key=_stack_order)] == wanted, GRID.name(c)
        assert all(size >= PHONE_MIN_TEXT for _, size, _ in labels)
        boxes = [box for _, _, box in labels]
        for i, a in enumerate(boxes):
            assert not any(meet(a, b) for b in boxes[i + 1 :]), (GRID.name(c), labels[i])


def _stack_order(label):
    """Up the first column, then the next: by column (left to right), then bottom to top."""
    _, _, (x0, y0, x1, y1) = label
    return (round((x0 + x1) / 2 / 8), -(y0 + y1) / 2)


# -- a small lying piece on every kind of tile -----------------------------------------------


def phone(image: Image.Image) -> Image.Image:
    """``image`` as a phone shows it: 450 px wide, in greyscale."""
    small = image.resize((PHONE_WIDTH, round(image.height * PHONE_WIDTH / image.width)), 1)
    return small.convert("L")


TILES = ("Q", "Dn", "De", "An", "Ae", "As", "Aw")


def _triangle(centre, size: int, facing: int, grow: float = 0.0) -> list[tuple[float, float]]:
    """A lying piece's outline (final px), ``grow`` px further out on every side."""
    length = LENGTH[size] * lay.CELL
    x, y = centre
    ux, uy = lay.UNIT[facing]
    px, py = -uy, ux
    half_base = length * BASE / 2
    tip = (x + ux * (length / 2 + grow), y + uy * (length / 2 + grow))
    back = (x - ux * (length / 2 + grow), y - uy * (length / 2 + grow))
    side = half_base + grow
    return [
        tip,
        (back[0] + px * side, back[1] + py * side),
        (back[0] - px * side, back[1] - py * side),
    ]


@pytest.mark.parametrize("facing", range(4), ids="nesw")
@pytest.mark.parametrize("kind", TILES)
def test_a_small_lying_piece_stands_clear_of_its_tiles_arrows(kind, facing):
    """Just outside a small lying piece's outline (a band 2 px wide on a 450 px phone, in
    greyscale) there is none of the tile's white arrows: the piece's edge never touches a
    light stroke that would blend into it. It failed on a Q-Turner, whose ring ran round and
    through the small piece, and where a single or double arrow's shaft met its tip or base."""
    name = "c2"
    state = position({name: f"0S{'nesw'[facing]}"}, tiles={name: kind}, players=2, seat=1)
    assert state.tiles[cell(name)][0] == kind[0]
    grey = phone(draw(state, NAMES[:2]))
    scale = PHONE_WIDTH / lay.WIDTH
    centre = lay.centre(cell(name))
    outer, inner = Image.new("L", grey.size), Image.new("L", grey.size)
    grow = 2 / scale  # 2 px on the phone
    for mask, points in (
        (outer, _triangle(centre, 1, facing, grow)),
        (inner, _triangle(centre, 1, facing)),
    ):
        ImageDraw.Draw(mask).polygon([(x * scale, y * scale) for x, y in points], fill=255)
    band = ImageChops.subtract(outer, inner)
    values = [v for v, m in zip(grey.tobytes(), band.tobytes(), strict=True) if m]
    light = sum(1 for v in values if v >= 200)
    assert light <= len(values) * 0.02, (light, len(values))


# -- the last turn's marks never cover a piece ----------------------------------------------


def _without(state, *, turn: bool = True, pieces: bool = False):
    """The same state without the marked turn (``turn``) and without its pieces."""
    data = json.loads(state.to_json())
    if data["state"]["phase"] == "react":  # (no brackets on the tiles that may react)
        data["state"]["phase"] = "move"
    if turn:
        data["state"]["log"] = []
        data["state"]["last_turn"] = None
    if pieces:
        data["state"]["cells"] = [[-1, []] for _ in data["state"]["cells"]]
    return GAME.from_json(json.dumps(data))


def _differ(a: Image.Image, b: Image.Image, slack: int = 40) -> Image.Image:
    """Where two images differ by more than a palette's shift (a mask, 255 = differs)."""
    r, g, b_ = ImageChops.difference(a, b).split()
    return ImageChops.lighter(ImageChops.lighter(r, g), b_).point(lambda v: 255 if v > slack else 0)


def _near(image: Image.Image, colour, slack: int = 24) -> Image.Image:
    """Where ``image`` is ``colour`` (a mask)."""
    return _differ(image, Image.new("RGB", image.size, colour), slack).point(lambda v: 255 - v)


def _pieces(bare: Image.Image, empty: Image.Image) -> Image.Image:
    """Where the pieces are: the board with them differs from the board without them, but
    for a Q-Turner's ring, which a tile under a lying piece leaves out (white without the
    piece, the tile's face with it)."""
    ring = ImageChops.multiply(_near(empty, ARROW), _near(bare, TILE_Q))
    pieces = ImageChops.subtract(_differ(bare, empty), ring)
    board = Image.new("L", bare.size)
    board.paste(255, (lay.BOARD_X, lay.BOARD_Y, lay.BOARD_R, lay.BOARD_B))
    return ImageChops.multiply(pieces, board)  # (the cards say how many pieces are home)


def across():
    """Alice's lying piece on the Q-Turner a3 turns Bob's piece on d3 south: the reaction's
    arrow runs the whole row, past a stack of three on b3 and a lying piece on c3."""
    pieces = {"a3": "0Me", "b3": "1L 0M 1S", "c3": "1Mn", "d3": "1Sn"}
    state = position(pieces, tiles={"a3": "Q"}, players=2, seat=0, roll="roll 1 hop")
    return state.apply("end").apply("react a3 d3 s")


@cache
def marked_states() -> tuple:
    """Crowded states with a turn to mark: random play's tallest stacks with moves shown, and
    every state of a seeded 4-player game from move 100 to 160, and a reaction across a
    row of pieces."""
    states = [s for n in (2, 3, 4) for s in tallest_reached(n)]
    rng = random.Random(7)
    state = GAME.new_game(4)
    for i in range(160):
        state = state.apply(random_move(state, rng))
        if i >= 100 and i % 4 == 0:
            states.append(state)
    states += [crowded(), across()]
    return tuple(s for s in states if s.last_turn is not None or s.turn_log)


def test_the_last_turns_marks_never_cover_a_piece():
    """The arrows and numbered discs of the marked turn change no pixel of a piece: drawn
    with and without the marked turn, the images differ nowhere the pieces are (where the
    image without the turn differs from the same tiles without pieces). The arrows used to
    run into a tall stack or over a piece to keep a minimum length, or across the pieces of
    the cells they passed, and a number's disc sat on whatever piece its place held."""
    states = marked_states()
    assert len(states) >= 15
    for state in states:
        names = NAMES[: state.num_players]
        marked = draw(state, names)
        bare = draw(_without(state), names)
        empty = draw(_without(state, pieces=True), names)
        covered = ImageChops.multiply(_differ(marked, bare), _pieces(bare, empty))
        # (a piece's edge pixels may come out of the palette a little differently: a mark
        # over a piece covers a patch at least 3 px across, which survives this)
        box = covered.filter(ImageFilter.MinFilter(3)).getbbox()
        assert box is None, (state.turn_log or state.last_turn, box)
