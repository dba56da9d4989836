"""The Ice-Turn image on a phone (450 px wide): every text is at least 10 px (the players'
card's counts 10 px tall), the image is square, a nest does not look like a tree, a tall stack and
the move numbers stay inside their tiles, and the setup explains the goal corners."""

from __future__ import annotations

import random
import re

import pytest
from PIL import Image

import render
from engine.iceturn_board import GRID
from render import iceturn_layout as lay
from render import text as texts
from render.canvas import Canvas
from render.iceturn_players import player_box
from render.iceturn_tiles import TILE_Q
from tests.engine.iceturn_helpers import position
from tests.engine.playouts import random_move

from .iceturn_states import (
    GAME,
    NAMES,
    THEME,
    cell,
    close,
    crowded,
    draw,
    drawn,
    mid_game,
    pixel,
    reacting,
    setup,
    won,
)
from .phone import assert_readable_on_a_phone, drawn_texts

# -- on a phone ------------------------------------------------------------------------------


def until(players: int, phase: str, seed: int = 3, skip: int = 0):
    """A seeded random game of ``players``, at the ``skip``-th state in ``phase``."""
    rng = random.Random(seed)
    state = GAME.new_game(players)
    seen = 0
    while not state.is_over():
        if state.phase == phase:
            if seen == skip:
                return state
            seen += 1
        state = state.apply(random_move(state, rng))
    raise AssertionError(f"no {phase} state")


def won_by_four():
    """Four players: Cara (seat 2) steps her large onto her small and medium on a1, her goal."""
    pieces = {"a1": "2S 2M", "a2": "2Ls", "b2": "0L 1M 3S", "c3": "1Mw", "d2": "3Le"}
    return position(pieces, players=4, seat=2, turns=30).apply("a2-a1/2")


PHONE_STATES = {
    "dealing-2": lambda: GAME.new_game(2),
    "dealing-4": lambda: GAME.new_game(4),
    "placing-2": lambda: until(2, "place", skip=5),
    "placing-4": lambda: until(4, "place", skip=9),
    "rolling-2": lambda: until(2, "roll", skip=3),
    "rolling-4": lambda: until(4, "roll", skip=6),
    "moving-2": lambda: until(2, "move", skip=4),
    "moving-4": lambda: until(4, "move", skip=8),
    "moving-4-tall-stacks": crowded,
    "reacting-2": reacting,
    "reacting-4": lambda: until(4, "react", skip=2),
    "over-2-won": won,
    "over-2-drawn": drawn,
    "over-4-won": won_by_four,
}


def test_the_phone_states_are_what_their_names_say():
    phases = {"dealing": "deal", "placing": "place", "rolling": "roll", "moving": "move"}
    phases |= {"reacting": "react", "over": "over"}
    for name, make in PHONE_STATES.items():
        state = make()
        word, players = name.split("-")[:2]
        assert state.phase == phases[word], name
        assert state.num_players == int(players), name
    assert won_by_four().outcome.winners == (2,)


@pytest.mark.parametrize("name", list(PHONE_STATES))
def test_every_text_reads_on_a_phone(name):
    """Every text (coordinates, seat numbers on the pieces and flags, the move numbers, the
    Treehouse die's word, headings, names) is at least 10 px when the image is 450 px wide."""
    assert_readable_on_a_phone(PHONE_STATES[name](), NAMES)


def test_the_image_is_square_and_within_the_size_rule():
    image = draw(won_by_four())
    assert image.width == image.height and 900 <= image.width <= 1100


def phone(image: Image.Image) -> Image.Image:
    """``image`` as a phone shows it: 450 px wide, and in greyscale."""
    scale = 450 / image.width
    small = image.resize((450, round(image.height * scale)), Image.LANCZOS)
    return small.convert("L")


def test_a_nest_and_a_tree_look_different_on_a_phone():
    """The same three pieces on the same tile: a tree (large at the bottom) and a nest (small
    at the bottom). At 450 px in greyscale the nest carries a bright NEST tag across the
    lower middle of its tile, where the tree shows its dark-edged coloured bands."""
    tree = position({"d4": "0L 0M 0S", "a1": "1L 1M 1S"}, seat=1)
    nest = position({"d4": "0S 0M 0L", "a1": "1L 1M 1S"}, seat=1)
    scale = 450 / lay.WIDTH
    cx, cy = lay.centre(cell("d4"))
    tag = tuple(round(v * scale) for v in (cx - 36, cy + 34, cx + 36, cy + 62))

    def bright(image: Image.Image) -> float:
        crop = phone(image).crop(tag)
        values = crop.tobytes()
        return sum(1 for v in values if v > 215) / len(values)

    nest_image, tree_image = draw(nest), draw(tree)
    assert bright(nest_image) > 0.45
    assert bright(tree_image) < 0.1
    # the rest of the picture is the same: a1's tree looks alike in both
    box = tuple(round(v) for v in lay.tile_box(cell("a1")))
    pairs = zip(nest_image.crop(box).tobytes(), tree_image.crop(box).tobytes(), strict=True)
    assert max(abs(p - q) for p, q in pairs) <= 16  # the palettes differ a little


def test_a_stack_of_seven_stays_inside_its_tile():
    """The tile's face shows between a stack of seven and the tile's edge, above and below it,
    and the gap between the tiles around it keeps the frame's colour."""
    state = crowded()
    assert len(state.cells[cell("b2")].pieces) == 7 and state.tiles[cell("b2")][0] == "Q"
    image = draw(state)
    x0, y0, x1, y1 = lay.tile_box(cell("b2"))
    cx = (x0 + x1) / 2
    for dx in (-40, 40):  # beside the Q-Turner's north and south heads, under the stack
        assert close(pixel(image, (cx + dx, y0 + 3)), TILE_Q, 10), dx
        assert close(pixel(image, (cx + dx, y1 - 4)), TILE_Q, 10), dx
        assert close(pixel(image, (cx + dx, y0 - 2)), THEME.board_edge, 6), dx
        assert close(pixel(image, (cx + dx, y1 + 2)), THEME.board_edge, 6), dx


@pytest.mark.parametrize(
    "make, first, second",
    [(won, "d3", "d4"), (mid_game, "c2", "d2"), (reacting, "a2", "b2")],
)
def test_the_move_numbers_stay_inside_their_tiles(make, first, second):
    """In the gap between the two tiles a move's arrow crosses, only the arrow's shaft shows
    in yellow: the number's disc sits inside the tile the move starts from."""
    image = draw(make())
    a, b = lay.tile_box(cell(first)), lay.tile_box(cell(second))
    (ax, ay), (bx, _by) = lay.centre(cell(first)), lay.centre(cell(second))
    if ax == bx:  # a column: the gap is a horizontal strip
        bottom = max(a[1], b[1])
        gap = (a[0], bottom - 2 * lay.TILE_GAP + 2, a[2], bottom - 2)
        line, along = ax, 0
    else:
        left = max(a[0], b[0])
        gap = (left - 2 * lay.TILE_GAP + 2, a[1], left - 2, a[3])
        line, along = ay, 1
    strip = image.crop(tuple(round(v) for v in gap))
    yellow = [
        (x + round(gap[0]), y + round(gap[1]))
        for y in range(strip.height)
        for x in range(strip.width)
        if close(strip.getpixel((x, y)), THEME.highlight, 40)
    ]
    assert yellow, "the arrow crosses the gap"
    assert all(abs(p[along] - line) <= 8 for p in yellow), sorted({p[along] for p in yellow})


# -- the players' card -----------------------------------------------------------------------

SETUP_STATES = ("dealing-2", "dealing-4", "placing-2", "placing-4")
FLAG = 26
"""The goal's flag left of its corner's name in a player's card (px)."""


def _in_box(d, box) -> bool:
    return box[0] <= d.x <= box[2] and box[1] <= d.y <= box[3]


@pytest.mark.parametrize("name", [*SETUP_STATES, "setup-3"])
def test_at_the_setup_the_goal_corners_are_explained(name):
    """Nothing used to say what the coloured corners are: during the setup each player's card
    ends with their goal's flag (as on the board, in their colour, pointing the same way) and
    its corner ("d4"), and the panel says that your goal is the corner with your number's
    flag."""
    state = setup() if name == "setup-3" else PHONE_STATES[name]()
    seen = drawn_texts(state, NAMES)
    image = draw(state)
    for seat in range(state.num_players):
        box = player_box(seat, state.num_players)
        goal = GRID.name(state.goal_of(seat))
        mine = [d for d in seen if d.text == goal and _in_box(d, box)]
        assert len(mine) == 1, (seat, goal)
        d = mine[0]
        width = Canvas(1, 1, (0, 0, 0)).text_width(goal, d.size * lay.WIDTH / 450, bold=True)
        sx, sy = lay.outer_corner(state.goal_of(seat))
        centre = (d.x - width - 8 - FLAG / 2, d.y)
        inside = (centre[0] + sx * FLAG / 6, centre[1] + sy * FLAG / 6)  # towards its corner
        assert close(pixel(image, inside), THEME.seat(seat), 16), (seat, pixel(image, inside))
    words = " ".join(d.text for d in seen)
    assert "goal: the corner with your number's flag" in " ".join(words.split()), words


CARD_COUNTS = re.compile(r"^(x\d|\d/3 on goal)$")
TALL_INK = 64
"""A row counts in a text's height where some pixel of it is covered this much (of 255)."""


def ink_heights(state) -> list[tuple[str, float, float, float]]:
    """Each text painted: the text, how tall its letters stand on a phone (from the top of
    its highest glyph to the bottom of its lowest, at 450 px wide) and its anchor point."""
    seen = []
    original = texts.draw

    def spy(image, item):
        mask, _box = item.placed()
        bbox = mask.image.point(lambda v: 255 if v >= TALL_INK else 0).getbbox()
        rows = bbox[3] - bbox[1] if bbox else 0
        seen.append((item.text, rows * 450 / image.width, item.xy[0], item.xy[1]))
        return original(image, item)

    texts.draw = spy
    try:
        render.render(state, names=NAMES[: state.num_players])
    finally:
        texts.draw = original
    return seen


@pytest.mark.parametrize("name", ["placing-2", "placing-4", "moving-4", "over-4-won"])
def test_the_player_cards_counts_stand_10_px_tall(name):
    """The counts under each name (tiles in hand "x2", "1/3 on goal") were drawn at the
    image's floor, 23 px, whose font size is 10.35 px on a phone but whose letters stood
    only 7.2 px ("x0") and 9.9 px ("0/3 on goal") tall, as the issue measured them: their
    letters stand at least 10 px tall now."""
    state = PHONE_STATES[name]()
    card = lay.PLAYERS_CARD
    counts = [
        (text, round(height, 2))
        for text, height, x, y in ink_heights(state)
        if CARD_COUNTS.match(text) and card[0] <= x <= card[2] and card[1] <= y <= card[3]
    ]
    assert len(counts) >= state.num_players, counts
    short = [(text, height) for text, height in counts if height < 10]
    assert not short, short
