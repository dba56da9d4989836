"""The Pach-Ice-i board image: every phase renders to a PNG of the fixed size, pieces stand where
the state says in their colour, the shown turn's arrows, knocks and dice are marked, the image
is a pure function of the state, the alt text says the position in words, and two golden
images guard the layout.

Regenerate the golden images after an intended change of the picture with
``PARLOR_REGEN_GOLDEN=1 pytest tests/render`` (and look at them before committing).
"""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from PIL import Image

import engine
import render
from engine.pachicei_board import GOAL, GRID, MARKED, colour
from engine.pachicei_turn import PAD, Change
from render import pachicei as drawing
from render import pachicei_layout as lay
from render import pachicei_words as words
from render.pachicei_panel import DIE, die_centre
from render.pachicei_pieces import PIECE, SIDE, TRAY
from render.theme import DEFAULT_THEME, mix
from tests.engine.pachicei_helpers import position
from tests.engine.playouts import random_states

from .goldens import GOLDEN, check_golden, mean_difference
from .images import assert_pure, assert_same_bytes_in_threads, close, open_png, rgb

GAME = engine.get_game("pach-ice-i")
NAMES = ("Alice", "Bob")
SIZE = (lay.WIDTH, lay.HEIGHT)
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
}


def draw(state, names=NAMES, **kwargs) -> Image.Image:
    return rgb(state, names, **kwargs)


def distance(a, b) -> int:
    return sum(abs(x - y) for x, y in zip(a, b, strict=True))


def pixel(image: Image.Image, point, dx: float = 0, dy: float = 0):
    return image.getpixel((round(point[0] + dx), round(point[1] + dy)))


# -- the layout ------------------------------------------------------------------------------


def test_everything_fits_the_image_and_the_board_keeps_its_margins():
    number = 7  # half a rank number's width
    assert lay.BOARD_X - lay.COORD_OUT - number - 5 >= lay.LEFT_X[1]  # clear of the cards
    assert lay.RIGHT_X[0] >= lay.BOARD_R + drawing.FRAME + lay.TURN_OUT + 12
    assert lay.pad_point(1)[0] + 12 <= lay.RIGHT_X[0]  # a move's number disc there
    assert lay.BOARD_Y - lay.TURN_OUT - 12 >= lay.HEADER
    assert lay.BOARD_B + lay.COORD_OUT + 14 <= lay.STRIP[1] < lay.STRIP[3] <= lay.HEIGHT
    assert lay.RIGHT_X[1] <= lay.WIDTH and lay.CARDS_BOTTOM <= lay.HEIGHT
    assert max(lay.CARD_W, lay.STRIP[3] - lay.STRIP[1]) * 2 <= lay.BOARD  # the largest thing
    # a1 at the bottom left, g7 at the top right, ranks going up
    assert lay.centre(GRID.parse("a1")) == (lay.file_x(0), lay.rank_y(0))
    assert lay.centre(GRID.parse("a1"))[1] > lay.centre(GRID.parse("a7"))[1]
    assert lay.centre(GRID.parse("g1"))[0] > lay.centre(GRID.parse("a1"))[0]
    # each pad is beside its entry corner: Black's bottom left, White's top right
    assert lay.pad_card(0)[1] > lay.HEIGHT / 2 and lay.pad_card(0)[2] < lay.BOARD_X
    assert lay.pad_card(1)[3] < lay.HEIGHT * 0.6 and lay.pad_card(1)[0] > lay.BOARD_R


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
    assert image.size == SIZE == (1100, 780)
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


def test_the_shown_turn_is_drawn_as_numbered_arrows_with_landing_squares_outlined():
    state = busy()
    image = draw(state)
    for change in state.turn_log:
        x0, y0, _x1, y1 = lay.square_box(change.end)
        assert close(pixel(image, (x0 + 3.5, (y0 + y1) / 2)), DEFAULT_THEME.highlight, 30)
    # the first move entered at e7 from White's pad (off g7): its number sits at the pad's point
    assert close(pixel(image, lay.pad_point(1), dx=-6), DEFAULT_THEME.highlight, 30)
    # the second one's arrow runs along rank 7 to b6: the middle of its shaft is yellow
    (ax, ay), (bx, by) = lay.centre(GRID.parse("g7")), lay.centre(GRID.parse("b6"))
    middle = ((ax + bx) / 2, (ay + by) / 2)
    assert close(pixel(image, middle), DEFAULT_THEME.highlight, 30)
    plain = draw(state, theme=replace(DEFAULT_THEME, highlight=(255, 0, 255)))
    assert close(pixel(plain, middle), (255, 0, 255), 30)


def test_a_knocked_piece_is_marked_on_its_square_and_ringed_in_its_pad():
    state = busy()
    image = draw(state)
    owner, size, square, into_goal = state.turn_log[1].displaced
    assert (owner, size, into_goal) == (0, 3, False)
    _x0, y0, x1, _y1 = lay.square_box(square)
    assert close(pixel(image, (x1 - 12, y0 + 12 - 7)), DEFAULT_THEME.capture, 30)
    # the ring is around the pad's last lone large: capture-coloured pixels in the tray
    x0, py0, px1, _ = lay.pad_card(0)
    tray = image.crop((round(x0), round(py0 + 100), round(px1), round(py0 + 250)))
    assert any(close(c, DEFAULT_THEME.capture, 30) for _, c in tray.getcolors(1 << 16))
    plain = draw(busy_state_without_knock(state))
    tray = plain.crop((round(x0), round(py0 + 100), round(px1), round(py0 + 250)))
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


def test_each_goal_sits_in_the_other_players_pad_card():
    state = PHASES["crowded"]()
    image = draw(state)
    for seat in (0, 1):  # the card of seat's pad holds the other seat's goal
        x0, y0, x1, y1 = lay.pad_card(seat)
        assert close(pixel(image, (x1 - 24, y1 - 13)), TRAY, 4)  # the goal's tray
        goal = (x0 + 16, y1 - 68, x1 - 16, y1 - 14)  # inside the trays
        pad = (x0 + 16, y0 + 114, x1 - 16, y1 - 118)
        # the lit side of the other colour's pyramids in the goal, of this colour's in the pad
        assert count_close(image, goal, SIDE[1 - seat].west) > 60
        if state.trees(seat):
            assert count_close(image, pad, SIDE[seat].west) > 60


def test_the_banner_says_the_result():
    image = draw(PHASES["over"]())
    x0, y0, _x1, _y1 = lay.STRIP
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
