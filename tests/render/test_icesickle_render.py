"""The IceSickle board image: every phase renders to a valid PNG of the fixed size, every text
is readable on a phone, a small and a medium piece tell apart at phone size, the picture right
after round 1's last jump is of round 1's end, the image is a pure function of the state, the
alt text says the position in words, and two golden images guard the layout.

Regenerate the golden images after an intended change of the picture with
``PARLOR_REGEN_GOLDEN=1 pytest tests/render`` (and look at them before committing).
"""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest
from PIL import Image

import render
from engine.icesickle import GRID, Place
from render import icesickle as drawing
from render.theme import DEFAULT_THEME

from .goldens import GOLDEN, check_golden, mean_difference
from .icesickle_states import (
    DRAW,
    GAME,
    JUMP_TWO,
    NAMES,
    PHASES,
    WIN,
    first_state,
    replay,
    round_two_start,
    seeded_states,
)
from .images import assert_pure, assert_same_picture_in_threads, close, open_png, same_picture
from .phone import PHONE_WIDTH, assert_readable_on_a_phone, drawn_texts

GOLDEN_TOLERANCE = 0.75
"""Largest mean absolute difference per channel (0-255) from a golden image, both first
averaged over GOLDEN_BLOCK x GOLDEN_BLOCK blocks so that glyph-edge noise cancels out.
Measured: all text moved by half a pixel 0.47, other player names 0.33, LANCZOS instead of
box downscaling 0.14; the last-move highlight missing 1.06, everything 1 px lower 1.86, the
position one move earlier 6.8."""


def square_pixel(image: Image.Image, square: int, dx: float = 0, dy: float = 0):
    """The colour at the centre of ``square`` moved by (dx, dy) final pixels."""
    x, y = drawing._centre(square)
    return image.convert("RGB").getpixel((round(x + dx), round(y + dy)))


# -- every phase renders ---------------------------------------------------------------------


def test_the_phase_states_are_what_their_names_say():
    states = {name: make() for name, make in PHASES.items()}
    assert states["start"].placed == 0 and not states["start"].history
    assert states["placing"].phase == "place" and states["placing"].placed == 7
    assert states["jump-two-captures"].phase == "jump"
    assert len(states["jump-two-captures"].last_captured) == 2
    assert round_two_start(states["round-2-start"]) and states["round-2-start"].phase == "place"
    assert states["round-2-jumping"].round == 2
    assert states["over-win"].outcome.winners == (0,)
    assert states["over-draw"].outcome.winners == ()


@pytest.mark.parametrize("phase", list(PHASES))
def test_every_phase_renders_a_png_of_the_fixed_size(phase):
    image = open_png(render.render(PHASES[phase](), names=NAMES))
    assert image.size == (drawing.WIDTH, drawing.HEIGHT) == (1000, 776)
    assert image.mode in ("P", "RGB")  # a 256-colour palette: half the size and encode time


def test_default_names_and_theme_and_odd_names_render():
    state = replay(WIN)
    assert open_png(render.render(state)).size == (1000, 776)
    odd = ["Zo\N{LATIN SMALL LETTER E WITH DIAERESIS} " + "W" * 40, "\N{GAME DIE}" * 3]
    assert open_png(render.render(state, names=odd, theme=DEFAULT_THEME)).size == (1000, 776)


def test_png_is_small_enough_for_discord_previews():
    for name in ("jump-two-captures", "over-win"):
        assert len(render.render(PHASES[name](), names=NAMES)) <= 80_000


# -- what the picture shows ------------------------------------------------------------------


def test_the_placed_square_is_outlined_in_the_highlight_colour():
    state = PHASES["placing"]()
    image = open_png(render.render(state, names=NAMES))
    square = state.last_move.square
    assert isinstance(state.last_move, Place)
    edge = square_pixel(image, square, dx=-drawing.CELL / 2 + 3)
    assert close(edge, DEFAULT_THEME.highlight)
    other = next(sq for sq in range(GRID.size) if sq != square and state.board[sq] is None)
    assert not close(square_pixel(image, other, dx=-drawing.CELL / 2 + 3), DEFAULT_THEME.highlight)


def test_captured_squares_carry_a_cross_in_the_capture_colour():
    state = replay(JUMP_TWO)
    image = open_png(render.render(state, names=NAMES))
    for square, _size in state.last_captured:
        # a point on the cross's north-east arm, clear of the jump arrow
        x = drawing.CELL * 0.2 * 0.6
        assert close(square_pixel(image, square, dx=x, dy=-x), DEFAULT_THEME.capture, 40)


def test_round_two_start_shows_round_one_final_board():
    state = PHASES["round-2-start"]()
    assert not any(state.board)
    final = state.round_boards[-1]
    image = open_png(render.render(state, names=NAMES))
    for square, piece in enumerate(final):
        lit = square_pixel(image, square, dy=-drawing.CELL * 0.15)  # on the north face
        if piece is not None:
            assert close(lit, DEFAULT_THEME.ice.north, 30), GRID.name(square)


def words_of(state, names=NAMES) -> list[tuple[str, float]]:
    """Every text the image draws, with the y of its anchor."""
    return [(d.text, d.y) for d in drawn_texts(state, names)]


def test_after_round_ones_last_jump_the_header_says_round_one_is_over_with_its_scores():
    state = PHASES["round-2-start"]()
    assert state.round_scores()[0] == (12, 10)
    words = words_of(state)
    header = [text for text, y in words if y < 72]
    assert any("Round 1 over" in text and "Alice 12 : 10 Bob" in text for text in header), header
    everything = " | ".join(text for text, _ in words)
    # not the next round's start over the old board
    assert "Round 2 of 2" not in everything and "left to place" not in everything
    assert "Captured in round 1" in everything and "Captured in round 2" not in everything


def test_after_round_twos_first_placement_the_image_shows_round_two():
    state = PHASES["round-2-first-placement"]()
    everything = " | ".join(text for text, _ in words_of(state)).lower()
    assert "round 2 of 2" in everything and "round 1 over" not in everything
    assert "14 left to place" in everything and "captured in round 2" in everything
    image = open_png(render.render(state, names=NAMES)).convert("RGB")
    placed = state.last_move.square
    for square in range(GRID.size):  # only the piece just placed stands on the board
        lit = square_pixel(image, square, dy=-drawing.CELL * 0.12)
        assert close(lit, DEFAULT_THEME.ice.north, 30) == (square == placed), GRID.name(square)
    assert "round 2 of 2, placing, after move 28" in render.alt_text(state, names=NAMES)


# -- on a phone ------------------------------------------------------------------------------


@pytest.mark.parametrize("phase", list(PHASES))
def test_every_text_is_readable_on_a_phone(phase):
    assert_readable_on_a_phone(PHASES[phase](), NAMES)


def test_long_names_and_long_sentences_stay_readable_and_whole():
    names = ("Bartholomew-Alexander the Third", "W" * 40)
    three = first_state(lambda s: len(s.last_captured) == 3 and not s.round_boards)
    for state in (three, PHASES["round-2-start"](), replay(WIN), GAME.new_game()):
        assert_readable_on_a_phone(state, names)
    # a jump taking three pieces is told in full, on two lines if need be
    footer = [text for text, y in words_of(three) if y > drawing.HEIGHT - 100]
    last = drawing.describe_last_move(three, NAMES, three.last_mover)
    assert last.count(" on ") == 3
    assert footer[0] == "Last move" and " ".join(footer[1:]) == f"{last}.", footer
    assert len(footer) == 3  # it took two lines


def phone_image(state) -> Image.Image:
    image = open_png(render.render(state, names=NAMES)).convert("RGB")
    k = PHONE_WIDTH / image.width
    return image.resize((PHONE_WIDTH, round(image.height * k)), Image.LANCZOS).convert("L")


def phone_footprint(phone: Image.Image, square: int) -> int:
    """Pixels of the piece on ``square`` on the greyscale phone image: lighter than any board
    square, shadow or edge (the piece's faces)."""
    k = PHONE_WIDTH / drawing.WIDTH
    x0, y0, x1, y1 = drawing._square_box(square)
    box = phone.crop((round(x0 * k) + 1, round(y0 * k) + 1, round(x1 * k) - 1, round(y1 * k) - 1))
    return sum(1 for value in box.tobytes() if value > 110)


def test_small_and_medium_pieces_differ_clearly_at_phone_size_in_greyscale():
    state = replay(JUMP_TWO)  # d4 and c4 small, a3 and c3 medium, b4 and a1 large
    phone = phone_image(state)
    small = [phone_footprint(phone, GRID.parse(sq)) for sq in ("d4", "c4")]
    medium = [phone_footprint(phone, GRID.parse(sq)) for sq in ("a3", "c3")]
    large = [phone_footprint(phone, GRID.parse(sq)) for sq in ("b4", "a1")]
    assert [state.board[GRID.parse(sq)] for sq in ("d4", "a3", "b4")] == [1, 2, 3]
    # a small covers under a third of a medium (it was 0.43: they looked alike on a phone)
    assert max(small) < 0.33 * min(medium), (small, medium)
    assert max(medium) < 0.6 * min(large), (medium, large)


# -- a pure function -------------------------------------------------------------------------


@pytest.mark.parametrize("phase", ["placing", "round-2-start", "over-draw"])
def test_render_is_pure(phase):
    assert_pure(PHASES[phase](), NAMES)


def test_names_change_the_image():
    state = replay(JUMP_TWO)
    assert not same_picture(
        render.render(state, names=NAMES), render.render(state, names=("Carol", "Dan"))
    )


def test_unknown_game_raises_value_error():
    state = SimpleNamespace(game=SimpleNamespace(key="ludo"))
    with pytest.raises(ValueError, match="ludo"):
        render.render(state)
    with pytest.raises(ValueError, match="ludo"):
        render.alt_text(state)


# -- alt text --------------------------------------------------------------------------------


def test_alt_text_names_whose_turn_and_the_scores():
    state = replay(JUMP_TWO)
    text = render.alt_text(state, names=NAMES)
    assert "Alice to jump" in text
    assert "Alice: round 1 0, total 0" in text
    assert "Bob: round 1 5, total 5" in text
    assert "b1 medium" in text and "d3" not in text.split("Last move")[0]
    assert "Bob jumped e4-b1, capturing a medium on d3 and a large on c2 (+5)" in text
    assert len(text) < 1024


def test_alt_text_of_the_start_and_the_ends():
    start = render.alt_text(GAME.new_game())
    assert "Player 1 to place" in start and "Board: empty" in start
    assert "5 small, 5 medium, 5 large" in start
    won = render.alt_text(replay(WIN), names=NAMES)
    assert "Game over: Alice wins" in won and "total 24" in won and "total 23" in won
    drawn = render.alt_text(replay(DRAW), names=NAMES)
    assert "a draw" in drawn and "23 each" in drawn
    change = render.alt_text(PHASES["round-2-start"](), names=NAMES)
    assert change.startswith("IceSickle, round 1 of 2 over after move 27: Alice 12, Bob 10.")
    assert "Board (final)" in change and "Bob to place first" in change
    assert "Stash to place" not in change


def test_alt_text_stays_under_discords_limit_with_long_names():
    names = ["A" * 32, "B" * 32]
    for state in seeded_states(range(3)):
        assert len(render.alt_text(state, names=names)) <= 1024


# -- golden images ---------------------------------------------------------------------------


GOLDENS = {"icesickle-jump.png": JUMP_TWO, "icesickle-over.png": WIN}


@pytest.mark.parametrize("filename", list(GOLDENS))
def test_golden_image(filename):
    check_golden(filename, render.render(replay(GOLDENS[filename]), names=NAMES), GOLDEN_TOLERANCE)


def test_golden_tolerance_catches_a_layout_change():
    golden = Image.open(GOLDEN / "icesickle-jump.png").convert("RGB")
    shifted = Image.new("RGB", golden.size, DEFAULT_THEME.background)
    shifted.paste(golden.crop((0, 0, 1000, 776 - 1)), (0, 1))  # everything 1 px lower
    assert mean_difference(golden, shifted) > GOLDEN_TOLERANCE
    state = replay(JUMP_TWO)
    unmarked = replace(DEFAULT_THEME, highlight=DEFAULT_THEME.board_dark)  # no last move shown
    plain = open_png(render.render(state, names=NAMES, theme=unmarked))
    assert mean_difference(golden, plain) > GOLDEN_TOLERANCE
    previous = replay(JUMP_TWO.rsplit(" ", 1)[0])  # the same game one move earlier
    earlier = open_png(render.render(previous, names=NAMES))
    assert mean_difference(golden, earlier) > GOLDEN_TOLERANCE


def test_render_from_several_threads_gives_the_same_picture():
    assert_same_picture_in_threads([replay(JUMP_TWO)], NAMES, per_state=8)
