"""The Pach-Ice-i board image: every phase renders to a PNG of the fixed size, pieces stand where
the state says in their colour, the shown turn's arrows, knocks and dice are marked, the image
is a pure function of the state, the alt text says the position in words, and two golden
images guard the layout.

Regenerate the golden images after an intended change of the picture with
``PARLOR_REGEN_GOLDEN=1 pytest tests/render`` (and look at them before committing).
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from PIL import Image

import render
from engine.pachicei_board import GOAL, GRID, MARKED, colour
from engine.pachicei_turn import PAD, Change
from render import pachicei as drawing
from render import pachicei_layout as lay
from render import pachicei_words as words
from render.pachicei_arrows import DISC, SHIFT
from render.pachicei_dice import DIE, die_centre
from render.pachicei_panel import pad_tray
from render.pachicei_pieces import PIECE
from render.theme import DEFAULT_THEME, mix
from tests.engine.pachicei_helpers import position

from .goldens import GOLDEN, check_golden, mean_difference
from .images import assert_pure, assert_same_picture_in_threads, close, open_png, same_picture
from .pachicei_states import (
    GAME,
    GOLDEN_TOLERANCE,
    NAMES,
    PHASES,
    SIZE,
    SQUARE_SIZE,
    between,
    busy,
    busy_moves,
    crowded,
    distance,
    draw,
    pixel,
    seeded_states,
)

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
    assert len(data) <= 80_000  # the bound on a board image (issue 18)


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
    assert not same_picture(
        render.render(state, names=NAMES), render.render(state, names=("Wilhelmina", "X"))
    )


def test_render_from_several_threads_gives_the_same_picture():
    assert_same_picture_in_threads([busy()], NAMES, per_state=8)


# -- alt text --------------------------------------------------------------------------------


def test_alt_text_of_the_start_and_the_first_roll():
    text = render.alt_text(GAME.new_game())
    assert text.startswith("Pach-Ice-i, move 0. Player 1 (Black) to roll.")
    assert "Player 1 (Black): board none; pad 5 full trees; goal 0 of 15" in text
    assert "Player 2 (White)" in text and "Last turn" not in text
    text = render.alt_text(PHASES["first-roll"](), names=NAMES)
    assert "Alice (Black) to move, rolled 2, 5 and 8, all three to play." in text


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
