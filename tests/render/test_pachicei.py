"""The Pach-Ice-i board image: every phase renders to a PNG of the fixed size, pieces stand where
the state says in their colour, the shown turn's arrows, knocks and dice are marked, the image
is a pure function of the state, the alt text says the position in words, and two golden
images guard the layout.

Regenerate the golden images after an intended change of the picture with
``PARLOR_REGEN_GOLDEN=1 pytest tests/render`` (and look at them before committing).
"""

from __future__ import annotations

import contextlib
import json
import random
from dataclasses import replace

import pytest
from PIL import Image, ImageDraw

import engine
import render
from engine.pachicei_board import GOAL, GRID, MARKED, colour
from engine.pachicei_turn import PAD, Change
from render import pachicei as drawing
from render import pachicei_layout as lay
from render import pachicei_words as words
from render.common import SCALE
from render.pachicei_arrows import DISC, SHIFT, move_path
from render.pachicei_dice import DIE, die_centre
from render.pachicei_panel import GOAL_LARGE, goal_row, goal_shown, goal_tray, pad_tray
from render.pachicei_pieces import PIECE, SIDE, TRAY
from render.pyramids import SIDE_WIDTH
from render.theme import DEFAULT_THEME, mix
from tests.engine.pachicei_helpers import EMPTY_PAD, position
from tests.engine.playouts import random_states

from .goldens import GOLDEN, check_golden, mean_difference
from .images import assert_pure, assert_same_bytes_in_threads, close, open_png, rgb
from .phone import assert_readable_on_a_phone

GAME = engine.get_game("pach-ice-i")
NAMES = ("Alice", "Bob")
SIZE = (lay.WIDTH, lay.HEIGHT)
SQUARE_SIZE = (920, 920)
GOLDEN_TOLERANCE = 0.6
"""Largest mean absolute difference per channel (0-255) from a golden image, both first
averaged over GOLDEN_BLOCK x GOLDEN_BLOCK blocks so that glyph-edge noise cancels out (as for
IceSickle and Pachisi). Measured on the busy image: other short player names 0.10 (long ones
1.1: the turn pill and the labels change), the knock's badge and ring missing 0.21 (the pixel
tests catch that), the turn's arrows, numbers and outlines not shown 1.0, everything 1 px
lower 2.2, the position one move earlier 2.8."""

# A fixed move list (not a seeded playout), so the golden position does not depend on the
# order of legal_moves(): after 155 moves White (Bob) has rolled 3 6 8, entered a large on e7
# and moved the large on g7 to b6, knocking Black's large back to Black's pad; the 6 is left.
BUSY = (
    "roll 1 4 8, S+13, roll 1 3 4, S+8, roll 1 2 6, b2+9, roll 4 5 8, M+12, L+5, roll 2 3 6, "
    "S+11, roll 2 4 6, d7+12, roll 2 3 5, M+5, L+5, roll 1 2 6, S+9, roll 4 4 5, M1+9, c7+4, roll "
    "2 5 8, M+13, d4+2, roll 3 6 8, a5+8, b6+9, roll 1 2 7, f5+10, roll 2 3 5, b2+3, M+7, roll 3 "
    "4 8, e6+12, L+3, roll 3 5 7, a7+10, L+5, roll 3 3 4, e4+10, roll 3 3 8, e7+3, c3+11, roll 2 "
    "5 5, c4+7, c2+5, roll 5 8 8, g1+8, a5+5, f4+8, roll 1 6 7, a6+14, roll 4 7 7, a4+18, roll 1 "
    "3 4, d7+8, roll 1 2 7, e3+9, g5+1, roll 6 6 7, b5+7, g6+6, f5+6, roll 1 7 7, a4+1, d1+14, "
    "roll 2 5 7, e6+14, roll 4 5 7, a5+5, f6+11, roll 2 2 5, S+9, roll 1 6 8, S+15, roll 1 5 8, "
    "M+13, b5+1, roll 2 3 4, f4+4, f6+5, roll 1 3 8, f3+9, L+3, roll 1 3 7, S+11, roll 1 4 6, "
    "L+6, f1+5, roll 1 6 8, S+15, roll 4 5 6, a1+11, b7+4, roll 4 6 7, g1+4, M+13, roll 1 3 5, "
    "c6+3, g6+6, roll 2 3 7, L+3, b2+9, roll 1 6 7, S+14, roll 1 1 7, g5+7, M+2, roll 4 4 6, "
    "g6+14, roll 1 3 6, e7+1, a3+6, f6+3, roll 1 3 6, f7+3, M+7, roll 1 4 5, M+6, b6+4, roll 2 3 "
    "5, L+3, a2+7, roll 3 7 8, g1+11, b2+7, roll 6 7 7, e4+20, roll 3 4 7, d7+10, L+4, roll 1 2 "
    "4, f3+4, b5+3, roll 5 5 7, a5+7, c7+5, L+5, roll 1 3 8, L+1, b3+8, d3+3, roll 1 2 5, a4+5, "
    "a3+1, e7+2, roll 4 5 8, a4+8, a7+9, roll 2 3 4, d2+6, f6+3, roll 3 6 8, L+3, g7+8"
)


def busy_moves() -> list[str]:
    return [m.strip() for m in BUSY.split(",")]


def busy():
    return GAME.replay(2, None, busy_moves())


def seeded_states(seed: int):
    """Every state of a random game played with ``random.Random(seed)``."""
    return random_states(GAME.new_game(), random.Random(seed))


def first_state(wanted, seeds=range(100)):
    for seed in seeds:
        for state in seeded_states(seed):
            if wanted(state):
                return state
    raise AssertionError("no seeded game reached the wanted position")


def on_board(state) -> int:
    return sum(state.piece_at(square) is not None for square in range(GRID.size))


def crowded(state) -> bool:
    return state.phase == "roll" and on_board(state) >= 14 and min(map(state.in_goal, (0, 1))) >= 3


def with_dry_turns(state, dry_turns: int):
    data = json.loads(state.to_json())
    data["state"]["dry_turns"] = dry_turns
    return GAME.from_json(json.dumps(data))


def backstop_draw():
    """A game the 100-turn backstop ends in a draw: a seeded position with equal goals, its
    count of dry turns set to 99, then a turn that brings no piece into a goal."""
    start = first_state(
        lambda s: s.phase == "roll" and s.in_goal(0) == s.in_goal(1) >= 3 and len(s.history) > 60
    )
    state = with_dry_turns(start, 99)
    for roll in state.legal_moves():
        after = state.apply(roll)
        while after.phase == "play":
            after = after.apply(after.legal_moves()[0])
        if after.is_over() and not after.outcome.winners:
            return after
    raise AssertionError("no roll ends the game in a draw")


def corner():
    """Black's large on b2 moved 8 along Black's path: down to b1, round the bottom into file
    c and up it to c7 (White has a tree in its pad, so the look-ahead allows the move)."""
    state = position({"b2": "BL"}, pads=(EMPTY_PAD, [1, 0, 0, 0, 0]))
    return state.apply("roll 2 5 8").apply("b2+8")


PHASES = {
    "start": lambda: GAME.new_game(),
    "first-roll": lambda: GAME.new_game().apply("roll 2 5 8"),
    "crowded": lambda: first_state(crowded),
    "in-progress": lambda: first_state(
        lambda s: s.phase == "play" and s.turn_log and s.stage in ("M", "L", "LL")
    ),
    "busy": busy,
    "knocked-into-goal": lambda: first_state(
        lambda s: s.phase == "roll" and any(d[3] for d in words.knocked(words.shown_turn(s)))
    ),
    "pass": lambda: first_state(
        lambda s: s.phase == "roll" and s.last_turn is not None and s.last_turn.passed
    ),
    "dry": lambda: with_dry_turns(first_state(crowded), 64),
    "over": lambda: first_state(lambda s: s.is_over()),
    "draw": backstop_draw,
    "corner": corner,
}


def draw(state, names=NAMES, **kwargs) -> Image.Image:
    return rgb(state, names, **kwargs)


def distance(a, b) -> int:
    return sum(abs(x - y) for x, y in zip(a, b, strict=True))


def pixel(image: Image.Image, point, dx: float = 0, dy: float = 0):
    return image.getpixel((round(point[0] + dx), round(point[1] + dy)))


# -- the layout ------------------------------------------------------------------------------


def boxes_apart(a, b) -> bool:
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def test_everything_fits_the_image_and_the_board_keeps_its_margins():
    assert lay.WIDTH == lay.HEIGHT and 900 <= lay.WIDTH <= 1100  # square, as DESIGN.md allows
    number = 7  # half a rank number's width
    assert lay.BOARD_X - lay.COORD_OUT - number >= lay.MARGIN  # the rank numbers
    assert lay.RIGHT_X[0] >= lay.BOARD_R + drawing.FRAME + lay.TURN_OUT + 12
    assert lay.pad_point(1)[0] + DISC <= lay.RIGHT_X[0]  # a move's number disc there
    assert lay.BOARD_Y - drawing.FRAME - lay.TURN_OUT - 12 >= lay.HEADER
    assert lay.BOARD_B + lay.COORD_OUT + 2 + 12 <= lay.BOTTOM_TOP  # the file letters
    cards = [lay.pad_card(0), lay.pad_card(1), lay.LAST_CARD, lay.DICE_CARD]
    for i, box in enumerate(cards):
        assert 0 <= box[0] < box[2] <= lay.WIDTH and lay.HEADER < box[1] < box[3] <= lay.HEIGHT
        assert all(boxes_apart(box, other) for other in cards[i + 1 :])
        assert boxes_apart(box, (lay.BOARD_X, lay.BOARD_Y, lay.BOARD_R, lay.BOARD_B))
    # a1 at the bottom left, g7 at the top right, ranks going up
    assert lay.centre(GRID.parse("a1")) == (lay.file_x(0), lay.rank_y(0))
    assert lay.centre(GRID.parse("a1"))[1] > lay.centre(GRID.parse("a7"))[1]
    assert lay.centre(GRID.parse("g1"))[0] > lay.centre(GRID.parse("a1"))[0]
    # each pad is beside its entry corner: Black's under the board at the left, White's top right
    assert lay.pad_card(0)[1] > lay.BOARD_B and lay.pad_card(0)[0] < lay.BOARD_X
    assert lay.pad_card(1)[3] < lay.HEIGHT / 2 and lay.pad_card(1)[0] > lay.BOARD_R


# -- every phase renders ---------------------------------------------------------------------


def test_the_phase_states_are_what_their_names_say():
    states = {name: make() for name, make in PHASES.items()}
    assert states["start"].phase == "roll" and not states["start"].history
    assert states["first-roll"].phase == "play" and states["first-roll"].dice == (2, 5, 8)
    assert crowded(states["crowded"])
    progress = states["in-progress"]
    assert progress.turn_log and progress.stage_words and 0 < len(progress.remaining) < 3
    b = states["busy"]
    assert b.phase == "play" and b.seat == 1 and b.dice == (3, 6, 8) and b.remaining == (6,)
    assert [c.start for c in b.turn_log] == [PAD, GRID.parse("g7")]
    assert b.turn_log[1].displaced == (0, 3, GRID.parse("b6"), False)
    assert any(d[3] for d in words.knocked(words.shown_turn(states["knocked-into-goal"])))
    assert states["pass"].last_turn.passed and not states["pass"].last_turn.changes
    assert states["dry"].dry_turns == 64
    assert states["over"].outcome.winners and max(map(states["over"].in_goal, (0, 1))) == 15
    d = states["draw"]
    assert d.outcome.winners == () and "100 turns" in d.outcome.reason


@pytest.mark.parametrize("phase", list(PHASES))
def test_every_phase_renders_a_png_of_the_fixed_size(phase):
    data = render.render(PHASES[phase](), names=NAMES)
    image = open_png(data)
    assert image.size == SIZE == SQUARE_SIZE
    assert image.mode in ("P", "RGB")  # a 256-colour palette: half the size and encode time
    assert len(data) <= 150_000


def test_default_names_theme_and_odd_names_render():
    state = busy()
    assert draw(state, names=None).size == SIZE
    odd = ["Zo\N{LATIN SMALL LETTER E WITH DIAERESIS} " + "W" * 60, "\N{GAME DIE}" * 3]
    assert draw(state, names=odd, theme=DEFAULT_THEME).size == SIZE
    assert draw(PHASES["over"](), names=odd).size == SIZE


# -- what the picture shows ------------------------------------------------------------------

PIECES = {"a2": "BL", "c3": "WS", "d4": "BM", "f6": "WL", "b7": "WM", "g1": "BS", "e2": "BL"}


def north_face(square: int, size: int):
    """A point on the north face of a piece of ``size`` on ``square`` (seen from above)."""
    return lay.centre(square)[0], lay.centre(square)[1] - drawing.piece_half(size) * 0.6


def test_pieces_stand_where_the_state_says_in_their_colour():
    state = position(PIECES)
    empty = draw(position())
    image = draw(state)
    for square in range(GRID.size):
        piece = state.piece_at(square)
        if piece is None:
            point = north_face(square, 3)
            assert close(pixel(image, point), pixel(empty, point), 3), GRID.name(square)
            continue
        owner, size = piece
        point = north_face(square, size)
        seen = pixel(image, point)
        assert close(seen, PIECE[owner].north, 12), GRID.name(square)  # palette: a few levels
        if square not in MARKED:
            tone = drawing.SQUARES[colour(square)]
            assert close(pixel(empty, point), tone, 3)
            assert distance(seen, PIECE[owner].north) < distance(seen, tone) / 2


def test_black_and_white_pieces_both_stand_out_from_both_square_tones():
    for tone in drawing.SQUARES:
        for piece in PIECE:
            # the outline contrasts with the square, whatever the faces do
            assert sum(abs(a - b) for a, b in zip(piece.edge, tone, strict=True)) >= 150
    dark, light = drawing.SQUARES
    assert sum(light) - sum(dark) >= 120  # the two square colours tell apart without hue


def between(a: str, b: str, shift: float = 0):
    """The point halfway between two squares' centres (moved down and right by ``shift``)."""
    (ax, ay), (bx, by) = lay.centre(GRID.parse(a)), lay.centre(GRID.parse(b))
    return ((ax + bx) / 2 + shift, (ay + by) / 2 + shift)


def test_the_shown_turn_is_drawn_as_numbered_arrows_with_landing_squares_outlined():
    state = busy()
    image = draw(state)
    for change in state.turn_log:
        x0, y0, _x1, y1 = lay.square_box(change.end)
        assert close(pixel(image, (x0 + 3, (y0 + y1) / 2)), DEFAULT_THEME.highlight, 30)
    # the first move entered at e7 from White's pad (off g7): its number sits at the pad's point
    assert close(pixel(image, lay.pad_point(1), dx=-6), DEFAULT_THEME.highlight, 30)
    # ... and its line runs along rank 7 from g7 to e7
    assert close(pixel(image, between("g7", "f7")), DEFAULT_THEME.highlight, 30)
    # the second one (g7 to b6 along White's path) shares g7-e7 with it, so it runs beside it
    # (moved down and right), then on along rank 7, down at a7 and right to b6
    for a, b in (("f7", "e7"), ("c7", "b7")):
        assert close(pixel(image, between(a, b, SHIFT)), DEFAULT_THEME.highlight, 30), (a, b)
    (ax, _), (_, by) = lay.centre(GRID.parse("a7")), lay.centre(GRID.parse("b6"))
    assert close(pixel(image, (ax + SHIFT, by - lay.CELL / 2)), DEFAULT_THEME.highlight, 30)
    plain = draw(state, theme=replace(DEFAULT_THEME, highlight=(255, 0, 255)))
    assert close(pixel(plain, between("c7", "b7", SHIFT)), (255, 0, 255), 30)


def test_a_move_follows_the_snaking_path_round_its_corner():
    state = corner()
    (change,) = state.last_turn.changes
    b2, b1, c1, c7 = (lay.centre(GRID.parse(n)) for n in ("b2", "b1", "c1", "c7"))
    assert move_path(change, 0) == [b2, b1, c1, c7]  # down b, round the bottom, up c
    busy_turn = busy().turn_log
    g7, a7, a6, b6 = (lay.centre(GRID.parse(n)) for n in ("g7", "a7", "a6", "b6"))
    assert move_path(busy_turn[1], 1) == [g7, a7, a6, b6]  # White: left along 7, right along 6
    assert move_path(busy_turn[0], 1) == [lay.pad_point(1), g7, lay.centre(GRID.parse("e7"))]
    image = draw(state)
    yellow = DEFAULT_THEME.highlight
    # the line is on the squares passed: from b2 down to b1, along to c1, up file c
    for point in (between("b2", "b1"), between("b1", "c1"), lay.centre(GRID.parse("c3"))):
        assert close(pixel(image, point), yellow, 30), point
    assert close(pixel(image, between("c4", "c5")), yellow, 30)
    # ... and not on b4, which a straight line from b2 to c7 would cross
    (x0, y0), (x1, y1) = b2, c7
    on_b4 = (x0 + (x1 - x0) * 0.4, y0 + (y1 - y0) * 0.4)
    x_b4 = lay.square_box(GRID.parse("b4"))
    assert x_b4[0] < on_b4[0] < x_b4[2] and x_b4[1] < on_b4[1] < x_b4[3]
    assert close(pixel(image, on_b4), pixel(draw(position()), on_b4), 3)
    for point in (between("b3", "b4"), between("b5", "b6")):  # nor anywhere on file b above b2
        assert not close(pixel(image, point), yellow, 60)


def test_a_knocked_piece_is_marked_on_its_square_and_ringed_in_its_pad():
    state = busy()
    image = draw(state)
    owner, size, square, into_goal = state.turn_log[1].displaced
    assert (owner, size, into_goal) == (0, 3, False)
    _x0, y0, x1, _y1 = lay.square_box(square)
    assert close(pixel(image, (x1 - 12, y0 + 12 - 7)), DEFAULT_THEME.capture, 30)
    # the ring is around the pad's last lone large: capture-coloured pixels in the tray
    box = tuple(round(v) for v in pad_tray(lay.pad_card(0)))
    tray = image.crop(box)
    assert any(close(c, DEFAULT_THEME.capture, 30) for _, c in tray.getcolors(1 << 16))
    plain = draw(busy_state_without_knock(state))
    tray = plain.crop(box)
    assert not any(close(c, DEFAULT_THEME.capture, 30) for _, c in tray.getcolors(1 << 16))


def busy_state_without_knock(state):
    """The busy state, its turn log without the knock (the picture's input only)."""
    data = json.loads(state.to_json())
    for change in data["state"]["log"]:
        change[4] = None
    return GAME.from_json(json.dumps(data))


def test_used_dice_are_greyed_and_the_one_left_is_white():
    state = busy()
    assert words.dice_status(state) == [(3, "used"), (6, "left"), (8, "used")]
    image = draw(state)
    r = DIE / 2
    faces = [pixel(image, die_centre(i), dx=-0.45 * r, dy=0.35 * r) for i in range(3)]
    used = mix(DEFAULT_THEME.card, DEFAULT_THEME.text_dim, 0.42)
    assert close(faces[1], DEFAULT_THEME.text, 8)
    assert close(faces[0], used, 8) and close(faces[2], used, 8)


def test_the_player_to_act_has_their_pad_card_outlined():
    state = busy()  # White to move
    image = draw(state)
    for seat in (0, 1):
        x0, y0, _x1, y1 = lay.pad_card(seat)
        edge = pixel(image, (x0 + 1.5, (y0 + y1) / 2))
        assert close(edge, DEFAULT_THEME.text, 20) == (seat == 1)


def count_close(image: Image.Image, box, colour) -> int:
    """How many pixels in ``box`` are within a few levels of ``colour``."""
    crop = image.crop(tuple(round(v) for v in box))
    return sum(n for n, c in crop.getcolors(1 << 16) if close(c, colour, 6))


@contextlib.contextmanager
def drawn_texts():
    """Within the block, each text drawn is recorded as (text, x, y) in final pixels."""
    seen: list[tuple[str, float, float]] = []
    original = ImageDraw.ImageDraw.text

    def text(self, xy, text, *args, **kwargs):
        seen.append((str(text), xy[0] / SCALE, xy[1] / SCALE))
        return original(self, xy, text, *args, **kwargs)

    ImageDraw.ImageDraw.text = text
    try:
        yield seen
    finally:
        ImageDraw.ImageDraw.text = original


def inside(point, box) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


GOALS_APART = dict(goals=([2, 4, 5], [1, 2, 2]))
"""Black (Ann) has 11 pieces in her goal, White (Bob) 5."""


def test_each_players_card_shows_their_own_goal():
    state = position(
        {"c3": "BL", "e5": "WM"}, pads=([0, 0, 2, 0, 0], [2, 0, 1, 0, 0]), **GOALS_APART
    )
    assert (state.in_goal(0), state.in_goal(1)) == (11, 5)
    assert goal_shown(state, 0, None).total == "11/15" and goal_shown(state, 1, None).seat == 1
    with drawn_texts() as texts:
        image = draw(state)
    for seat, count in ((0, "11/15"), (1, "5/15")):  # the count is drawn in the player's card
        (where,) = [(x, y) for text, x, y in texts if text == count]
        assert inside(where, lay.pad_card(seat)), (count, where)
    for seat in (0, 1):  # the goal's tray holds the card's own colour, never the other one
        box = goal_tray(lay.pad_card(seat))
        assert close(pixel(image, (box[2] - 12, box[3] - 5)), TRAY, 4)
        assert count_close(image, box, SIDE[seat].west) > 40
        x, y = goal_row(lay.pad_card(seat))  # the first count's pyramid: its lit west face
        west = pixel(image, (x + GOAL_LARGE * SIDE_WIDTH[1] * 0.36, y - 8))
        assert close(west, SIDE[seat].west, 12) and not close(west, SIDE[1 - seat].west, 60)


def test_a_piece_arriving_in_a_goal_is_counted_in_its_owners_card():
    state = PHASES["knocked-into-goal"]()
    owner = next(d[0] for d in words.knocked(words.shown_turn(state)) if d[3])
    shown = words.shown_turn(state)
    assert goal_shown(state, owner, shown).arrived >= 1
    assert goal_shown(state, 1 - owner, shown).arrived == 0
    with drawn_texts() as texts:
        draw(state)
    (where,) = [(x, y) for text, x, y in texts if text.startswith("+")]
    assert inside(where, lay.pad_card(owner))


def test_each_pad_card_holds_its_own_pieces():
    state = PHASES["crowded"]()
    image = draw(state)
    for seat in (0, 1):
        if state.trees(seat):
            pad = pad_tray(lay.pad_card(seat))
            assert count_close(image, pad, SIDE[seat].west) > 60


# -- read on a phone -------------------------------------------------------------------------


@pytest.mark.parametrize("phase", list(PHASES))
def test_every_text_reads_on_a_phone(phase):
    drawing._base.cache_clear()  # the fixed part (coordinates, headings) is measured too
    assert_readable_on_a_phone(PHASES[phase](), NAMES)


def test_long_names_still_read_on_a_phone():
    assert_readable_on_a_phone(busy(), ["W" * 60, "Zo\N{LATIN SMALL LETTER E WITH DIAERESIS}"])


def test_the_banner_says_the_result():
    image = draw(PHASES["over"]())
    x0, y0, _x1, _y1 = lay.DICE_CARD
    assert close(pixel(image, (x0 + 30, y0 + 10)), DEFAULT_THEME.banner, 8)
    image = draw(busy())
    assert not close(pixel(image, (x0 + 30, y0 + 10)), DEFAULT_THEME.banner, 40)


# -- reading the state -----------------------------------------------------------------------


def test_the_shown_turn_is_the_one_under_way_else_the_one_before():
    assert words.shown_turn(GAME.new_game()) is None
    assert words.shown_turn(PHASES["first-roll"]()) is None
    b = busy()
    shown = words.shown_turn(b)
    assert shown.current and shown.seat == b.seat == 1 and shown.changes == b.turn_log
    after = GAME.replay(2, None, [*busy_moves(), "g2+6"])  # White's turn is over
    shown = words.shown_turn(after)
    assert after.phase == "roll" and after.seat == 0
    assert not shown.current and shown.seat == 1 and len(shown.changes) == 3
    rolled = after.apply("roll 1 2 3")
    if rolled.phase == "play":  # Black rolled, nothing moved yet: White's turn stays shown
        assert words.shown_turn(rolled) == shown
    passed = words.shown_turn(PHASES["pass"]())
    assert passed.passed and not passed.changes


def test_changes_in_words():
    enter = Change(1, 3, PAD, GRID.parse("e7"), None)
    assert words.change_words(enter) == "White large entered on e7"
    knock = Change(1, 3, GRID.parse("g7"), GRID.parse("b6"), (0, 3, GRID.parse("b6"), False))
    assert words.change_words(knock) == (
        "White large g7-b6, knocking Black's large back to Black's pad"
    )
    assert words.change_lines(knock) == ("White L  g7-b6", "knocked Black L to pad")
    home = Change(0, 1, GRID.parse("f2"), GOAL, None)
    assert words.change_words(home) == "Black small f2 into the goal"
    into = Change(1, 2, GRID.parse("c3"), GRID.parse("c4"), (1, 1, GRID.parse("c4"), True))
    assert words.change_lines(into) == ("White M  c3-c4", "knocked White S to goal")


def test_pads_split_into_trees_and_lone_pieces():
    state = position(pads=([1, 1, 2, 1, 3], [0, 0, 0, 0, 0]))
    assert words.tree_shapes(state, 0) == [(3, 2, 1), (3, 2), (3,), (3,)]
    assert words.lone_pieces(state, 0) == [2, 1, 1, 1]
    assert words.pad_words(state, 0) == (
        "1 full tree, 1 large+medium, 2 large; lone 1 medium, 3 small"
    )
    assert words.pad_words(state, 1) == "empty"


# -- a pure function -------------------------------------------------------------------------


@pytest.mark.parametrize("phase", ["first-roll", "busy", "draw"])
def test_render_is_pure(phase):
    assert_pure(PHASES[phase](), NAMES)


def test_names_change_the_image():
    state = busy()
    assert render.render(state, names=NAMES) != render.render(state, names=("Wilhelmina", "X"))


def test_render_from_several_threads_gives_the_same_bytes():
    assert_same_bytes_in_threads([busy()], NAMES, per_state=8)


# -- alt text --------------------------------------------------------------------------------


def test_alt_text_of_the_start_and_the_first_roll():
    text = render.alt_text(GAME.new_game())
    assert text.startswith("Pach-Ice-i, move 0. Player 1 (Black) to roll.")
    assert "Player 1 (Black): board none; pad 5 full trees; goal 0 of 15" in text
    assert "Player 2 (White)" in text and "Last turn" not in text
    text = render.alt_text(PHASES["first-roll"](), names=NAMES)
    assert "Alice (Black) to move, rolled 2, 5 and 8, 2, 5 and 8 to play." in text


def test_alt_text_of_a_turn_in_progress():
    state = busy()
    text = render.alt_text(state, names=NAMES)
    assert "Pach-Ice-i, move 155. Bob (White) to move, rolled 3, 6 and 8, 6 to play" in text
    assert f"({state.stage_words})" in text
    assert (
        "This turn: Bob (White) rolled 3, 6 and 8: White large entered on e7; White large "
        "g7-b6, knocking Black's large back to Black's pad." in text
    )
    assert "Alice (Black): board L " in text and "entered pips" in text
    assert len(text) < 1024


def test_alt_text_of_a_pass_the_end_and_a_long_dry_spell():
    text = render.alt_text(PHASES["pass"](), names=NAMES)
    assert "had no legal move (passed)." in text
    over = PHASES["over"]()
    w = over.outcome.winners[0]
    text = render.alt_text(over, names=NAMES)
    assert f"Game over: {NAMES[w]} ({words.COLOUR[w]}) wins, 15 : " in text
    text = render.alt_text(PHASES["draw"](), names=NAMES)
    assert "Game over: A draw" in text and "100 turns without a piece reaching a goal" in text
    text = render.alt_text(PHASES["dry"](), names=NAMES)
    assert "No piece has reached a goal for 64 turns (the game ends at 100)." in text


def test_alt_text_stays_under_discords_limit_with_long_names():
    names = ["A" * 60, "B" * 60]
    for state in seeded_states(3):
        text = render.alt_text(state, names=names)
        assert len(text) < 1024
        assert text == words.alt_text_pachicei(state, names=names)  # never cut by render


# -- golden images ---------------------------------------------------------------------------


GOLDENS = {"pachicei-start.png": PHASES["first-roll"], "pachicei-busy.png": busy}


@pytest.mark.parametrize("filename", list(GOLDENS))
def test_golden_image(filename):
    check_golden(filename, render.render(GOLDENS[filename](), names=NAMES), GOLDEN_TOLERANCE)


def test_golden_tolerance_catches_a_change_of_the_position():
    golden = Image.open(GOLDEN / "pachicei-busy.png").convert("RGB")
    shifted = Image.new("RGB", golden.size, DEFAULT_THEME.background)
    shifted.paste(golden.crop((0, 0, lay.WIDTH, lay.HEIGHT - 1)), (0, 1))
    assert mean_difference(golden, shifted) > GOLDEN_TOLERANCE  # everything 1 px lower
    renamed = draw(busy(), names=("Ann", "Ben"))
    assert mean_difference(golden, renamed) < GOLDEN_TOLERANCE  # names alone are noise
    earlier = draw(GAME.replay(2, None, busy_moves()[:-1]))
    assert mean_difference(golden, earlier) > GOLDEN_TOLERANCE  # one move earlier
    plain = draw(busy(), theme=replace(DEFAULT_THEME, highlight=DEFAULT_THEME.card))
    assert mean_difference(golden, plain) > GOLDEN_TOLERANCE  # the turn's marks not shown
