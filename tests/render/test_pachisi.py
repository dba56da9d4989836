"""The Pachisi board image: every phase renders to a PNG of the fixed size, the board's
geometry matches ``engine.pachisi_board``, the picture shows pawns, blockades, captures and the
last move where they are, the image is a pure function of the state, the alt text says the
position in words, and two golden images guard the layout. The states are built in
``pachisi_states``; readability on a phone is tested in ``test_pachisi_phone``.

Regenerate the golden images after an intended change of the picture with
``PARLOR_REGEN_GOLDEN=1 pytest tests/render`` (and look at them before committing).
"""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image

import render
from engine.pachisi_board import ENTRIES, HOME_PATH, MOUTHS, NEST, TRACK, square
from render import pachisi as drawing
from render import pachisi_layout as lay
from render import pachisi_opening as opening
from render import pachisi_words as words
from render.theme import DEFAULT_THEME

from .goldens import GOLDEN, check_golden, mean_difference
from .images import assert_pure, assert_same_picture_in_threads, close, open_png, same_picture
from .pachisi_states import (
    BUSY,
    GAME,
    NAMES,
    PHASES,
    SIZE,
    after_rolloff,
    busy,
    crowded,
    draw,
    kinds,
    pixel,
    seeded_states,
)

GOLDEN_TOLERANCE = 0.9
"""Largest mean absolute difference per channel (0-255) from a golden image, both first
averaged over GOLDEN_BLOCK x GOLDEN_BLOCK blocks so that glyph-edge noise cancels out (as for
IceSickle, whose tolerance is 0.75). Measured on the busy image, with the text grown for phones
(names are 27 px and also said in the last move): other player names of about the same length
0.73 (one letter each: 1.20), the capture colour missing 0.16, the last move's trail missing
1.39, everything 1 px lower 1.53, one move earlier 3.87; the start with one opening-roll throw
more 2.79."""


# -- the board's geometry --------------------------------------------------------------------


def cell_of(point) -> tuple[int, int]:
    x, y = point
    col, row = (x - lay.BOARD_X) / lay.CELL - 0.5, (y - lay.BOARD_Y) / lay.CELL - 0.5
    assert col == int(col) and row == int(row), point
    return int(col), int(row)


def test_the_loop_runs_counter_clockwise_around_the_cross_one_square_at_a_time():
    cells = [cell_of(lay.loop_centre(sq)) for sq in range(TRACK)]
    assert len(set(cells)) == TRACK
    assert cells[0] == (9, 18)  # the outer middle of the bottom arm
    assert cells[1] == (10, 18) and cells[8] == (10, 11)  # up the bottom arm's right column
    assert cells[9] == (11, 10) and cells[16] == (18, 10)  # out along the right arm's lower row
    assert cells[17] == (18, 9) and cells[34] == (9, 0) and cells[51] == (0, 9)
    diagonal = 0
    for sq in range(TRACK):
        (c0, r0), (c1, r1) = cells[sq], cells[(sq + 1) % TRACK]
        step = (abs(c1 - c0), abs(r1 - r0))
        assert step in ((0, 1), (1, 0), (1, 1)), sq
        diagonal += step == (1, 1)
        inside_centre = 8 <= c0 <= 10 and 8 <= r0 <= 10
        inside_corner = (min(c0, r0) < 8 and max(c0, r0) > 10) or (c0 < 8 and r0 < 8)
        assert not inside_centre and not inside_corner
    assert diagonal == 4  # the track turns at the four inner corners of the cross


def test_home_paths_run_up_the_middle_of_each_arm_into_the_centre():
    for arm in range(4):
        mouth = cell_of(lay.loop_centre(MOUTHS[arm]))
        path = [cell_of(lay.home_path_centre(arm, rel)) for rel in HOME_PATH]
        assert square(arm, 63) == MOUTHS[arm]
        for a, b in zip([mouth, *path], path, strict=False):
            assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
        assert max(abs(path[-1][0] - 9), abs(path[-1][1] - 9)) == 2  # next to the centre
        loop = {cell_of(lay.loop_centre(sq)) for sq in range(TRACK)}
        assert not loop & set(path)


def test_each_entry_square_borders_its_nest_corner_to_the_right_of_the_arm():
    expected = {0: "bottom-right", 1: "top-right", 2: "top-left", 3: "bottom-left"}
    for arm, corner in expected.items():
        x0, y0, x1, y1 = lay.corner_box(arm)
        mid = lay.BOARD_X + lay.BOARD / 2, lay.BOARD_Y + lay.BOARD / 2
        vertical = "bottom" if y0 > mid[1] else "top"
        horizontal = "right" if x0 > mid[0] else "left"
        assert f"{vertical}-{horizontal}" == corner
        ex, ey = lay.loop_centre(ENTRIES[arm])
        gap_x = max(x0 - ex, ex - x1, 0)
        gap_y = max(y0 - ey, ey - y1, 0)
        assert max(gap_x, gap_y) == lay.CELL / 2  # the entry square touches the corner
        for pawn in (1, 2, 3, 4):
            sx, sy = lay.nest_slot(arm, pawn)
            assert x0 < sx < x1 and y0 < sy < y1


def test_everything_fits_the_image():
    assert lay.BOARD_X + lay.BOARD < lay.PANEL_X < lay.PANEL_R <= lay.WIDTH
    assert lay.BOARD_Y + lay.BOARD <= lay.HEIGHT
    for arm in range(4):
        for i in range(4):
            x, y = lay.home_slot(arm, i)
            assert lay.BOARD_X + 8 * lay.CELL < x < lay.BOARD_X + 11 * lay.CELL
            assert lay.BOARD_Y + 8 * lay.CELL < y < lay.BOARD_Y + 11 * lay.CELL


# -- every phase renders ---------------------------------------------------------------------


def test_the_phase_states_are_what_their_names_say():
    states = {name: make() for name, make in PHASES.items()}
    assert states["rolloff-start"].phase == "rolloff"
    assert len(states["rolloff-tie"].contenders) < 3
    assert after_rolloff(states["first-roll"])
    assert [states[f"play-{n}"].num_players for n in (2, 3, 4)] == [2, 3, 4]
    assert states["classic-3"].options["rules"] == "classic"
    partners = states["partners"]
    assert partners.options["partners"] and partners.moving_colour != partners.seat
    assert states["fourteen"].fourteen and states["fourteen"].remaining
    assert any(drawing.is_blockade(g) for g in crowded(states["blockade"]))
    assert "capture" in kinds(states["capture"]) and "penalty" in kinds(states["penalty"])
    assert states["bonus-lost"].lost_bonuses
    for name in ("over-2", "over-classic-3", "over-partners"):
        assert states[name].is_over() and states[name].report()
    assert len(states["over-partners"].outcome.winners) == 2
    b = states["busy"]
    assert b.phase == "play" and b.fourteen and b.remaining == (1, 1, 6) and b.bonuses == (20,)
    assert kinds(b) == {"move", "capture"} and sum(map(drawing.is_blockade, crowded(b))) == 2


@pytest.mark.parametrize("phase", list(PHASES))
def test_every_phase_renders_a_png_of_the_fixed_size(phase):
    state = PHASES[phase]()
    data = render.render(state, names=NAMES[: state.num_players])
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.size == SIZE == (1100, 780)
    assert image.mode == "P"  # a 256-colour palette: half the size and encode time
    assert len(data) <= 80_000  # the bound on a board image (issue 18)


def test_default_names_theme_and_odd_names_render():
    state = busy()
    assert open_png(render.render(state)).size == SIZE
    odd = ["Zo\N{LATIN SMALL LETTER E WITH DIAERESIS} " + "W" * 60, "\N{GAME DIE}" * 3, "", "x"]
    assert open_png(render.render(state, names=odd, theme=DEFAULT_THEME)).size == SIZE


# -- what the picture shows ------------------------------------------------------------------


def test_pawns_stand_where_the_state_says_in_their_seat_colour():
    state = busy()
    image = draw(state)
    places = drawing.pawn_places(state, drawing.shared_squares(state))
    for (seat, pawn), (centre, r) in places.items():
        # beside the point of its shape, off the number: the seat's colour
        away = lay.half_height(r) - 2.5
        colour = pixel(image, centre, dy=away if drawing.SHAPES[seat] == "keel" else -away)
        assert close(colour, DEFAULT_THEME.seat(seat), 40), (seat, pawn)
    for seat, rels in enumerate(state.pawns):
        arm = state.arms[seat]
        for i, rel in enumerate(rels):
            if rel == NEST:
                assert places[seat, i + 1][0] == lay.nest_slot(arm, i + 1)
            elif rel <= 63:
                x, y = places[seat, i + 1][0]
                sx, sy = lay.loop_centre(square(arm, rel))
                assert abs(x - sx) <= lay.PAIR_DX and y == sy


def test_only_seats_in_play_get_colours():
    state = PHASES["play-2"]()
    assert state.arms == (0, 2)
    image = draw(state)
    for arm, seat in ((0, 0), (2, 1), (1, None), (3, None)):
        cell = pixel(image, lay.home_path_centre(arm, 66), dx=-12, dy=-12)
        if seat is None:
            assert close(cell, DEFAULT_THEME.board_dark, 6)
        else:
            assert not close(cell, DEFAULT_THEME.board_dark, 12)


def test_a_blockade_square_becomes_a_wall_in_a_light_frame():
    state = busy()
    image = draw(state)
    groups = [g for g in crowded(state) if drawing.is_blockade(g)]
    assert len(groups) == 2
    for group in groups:
        seat, pawn = group[0]
        x, y = lay.point_of(state.arms[seat], state.pawns[seat][pawn - 1])
        # above the two pawns, inside the square's edge: the frame's light fill
        assert close(pixel(image, (x, y), dy=-lay.CELL / 2 + 2), DEFAULT_THEME.text, 30)


def test_the_capture_square_and_the_captured_pawn_are_marked():
    state = busy()
    image = draw(state)
    capture = next(e for e in state.effects if e.kind == "capture")
    where = lay.point_of(state.arms[capture.seat], capture.start)
    x0, y0, _x1, _y1 = lay.cell_box(where)
    assert close(pixel(image, (x0 + 1.5, y0 + 8)), DEFAULT_THEME.capture, 30)
    nest = lay.nest_slot(state.arms[capture.seat], capture.pawn)
    assert state.pawns[capture.seat][capture.pawn - 1] == NEST
    d = lay.NEST_R + 4.5  # between the pawn's edge and the end of its ring
    assert close(pixel(image, nest, dx=d), DEFAULT_THEME.capture, 30)


def test_the_last_move_leaves_a_trail_along_the_squares():
    state = busy()
    image = draw(state)
    move = next(e for e in state.effects if e.kind == "move")
    arm = state.arms[move.seat]
    a = lay.point_of(arm, move.start)
    b = lay.point_of(arm, move.start + 1)
    middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    assert close(pixel(image, middle), DEFAULT_THEME.highlight, 30)
    unmarked = draw(state, theme=replace(DEFAULT_THEME, highlight=(255, 0, 255)))
    assert close(pixel(unmarked, middle), (255, 0, 255), 30)


def test_a_penalty_crosses_out_the_square_the_pawn_left():
    state = PHASES["penalty"]()
    image = draw(state)
    penalty = next(e for e in state.effects if e.kind == "penalty")
    where = lay.point_of(state.arms[penalty.seat], penalty.start)
    assert close(pixel(image, where, dx=6, dy=-6), DEFAULT_THEME.capture, 40)


def test_dice_status_marks_used_left_and_forfeited_parts():
    state = busy()
    assert state.parts == (6, 6, 1, 1) and state.remaining == (1, 1, 6)
    assert words.dice_status(state) == [(6, "used"), (6, "left"), (1, "left"), (1, "left")]
    penalty = PHASES["penalty"]()
    assert [s for _, s in words.dice_status(penalty)] == ["lost", "lost"]


def test_last_roller_and_play_order():
    state = PHASES["play-4"]()
    assert words.last_roller(state) == state.seat
    assert words.play_order(state) == [0, 3, 2, 1]  # online passes clockwise
    classic = PHASES["classic-3"]()
    assert words.play_order(classic) == [0, 1, 2]
    assert words.last_roller(PHASES["first-roll"]()) is None


def test_rolloff_throws_hide_a_tied_seats_old_throw():
    state = PHASES["rolloff-tie"]()
    throws = opening.rolloff_throws(state)
    waiting = state.contenders[state.contenders.index(state.seat) :]
    for seat, (throw, status) in enumerate(throws):
        if seat in waiting:
            assert throw is None
        elif seat not in state.contenders:
            assert status == "used" and throw == state.rolloff[seat]


# -- a pure function -------------------------------------------------------------------------


@pytest.mark.parametrize("phase", ["rolloff-tie", "busy", "over-partners"])
def test_render_is_pure(phase):
    state = PHASES[phase]()
    assert_pure(state, NAMES[: state.num_players])


def test_names_change_the_image():
    state = busy()
    assert not same_picture(
        render.render(state, names=NAMES), render.render(state, names=("W", "X", "Y", "Z"))
    )


def test_render_from_several_threads_gives_the_same_picture():
    assert_same_picture_in_threads([busy()], NAMES, per_state=8)


# -- alt text --------------------------------------------------------------------------------


def test_alt_text_of_a_busy_position():
    text = render.alt_text(busy(), names=NAMES)
    assert "Pachisi, online rules, 4 players, move 346." in text
    assert "Bob to move, rolled 6 and 6: a 14 (6, 6, 1, 1), 1, 1 and 6 to play" in text
    assert "2nd doublet in a row; bonus 20 to take." in text
    assert "Bob (right) 2 / 186: 2 and 3 HOME; 4 at 26; 1 at 18." in text
    assert "(blockade)" in text and "in the nest" in text
    assert (
        "Last move: Bob played 1+6: pawn 1 from 5 before Carol's entry to 1 past Carol's entry, "
        "captured Carol's pawn 3"
    ) in text
    assert len(text) < 1024


def test_alt_text_of_the_roll_off_and_the_end():
    start = render.alt_text(GAME.new_game(2))
    assert "Opening roll (highest die starts): Player 1 to throw, Player 2 to throw." in start
    assert "Player 1 to throw." in start and "all four in the nest" in start
    classic = render.alt_text(PHASES["rolloff-classic"](), names=NAMES)
    assert "lowest total starts" in classic
    over = PHASES["over-partners"]()
    text = render.alt_text(over, names=NAMES)
    winners = " & ".join(NAMES[s] for s in over.outcome.winners)
    assert f"Game over: {winners} win (all eight pawns HOME)." in text
    assert "Final report: 1. " in text and "partners Alice & Carol vs Bob & Dan" in text
    if any(r.random for r in over.report()):
        assert "* order drawn at random" in text


def test_alt_text_names_the_penalty_and_a_partner_move():
    text = render.alt_text(PHASES["penalty"](), names=NAMES)
    assert "3rd doublet in a row: " in text and "goes back to the nest" in text
    assert "forfeited" in text
    state = PHASES["partners"]()
    text = render.alt_text(state, names=NAMES)
    assert f"moving {NAMES[state.moving_colour]}'s pawns" in text


def test_a_player_who_left_is_marked_in_words_and_in_the_report():
    left, over = PHASES["left"](), PHASES["over-left"]()
    assert left.gone == {1} and not left.is_over() and over.is_over()
    text = words.alt_text_pachisi(left, names=NAMES[:3])
    assert f"{NAMES[1]} (right) left " in text and f"Last move: {NAMES[1]} left the game." in text
    text = words.alt_text_pachisi(over, names=NAMES[:3])
    assert f"2. {NAMES[2]} " in text and f"3. {NAMES[1]} " in text and text.count("(left)") == 2
    assert "the other players left the game" in text


def test_alt_text_stays_under_discords_limit_with_long_names():
    names = ["A" * 40, "B" * 40, "C" * 40, "D" * 40]
    for options in ({}, {"partners": True}):
        for state in seeded_states(4, options, 1):
            assert len(render.alt_text(state, names=names)) < 1024


# -- golden images ---------------------------------------------------------------------------


GOLDENS = {"pachisi-start.png": lambda: GAME.new_game(4), "pachisi-busy.png": busy}


@pytest.mark.parametrize("filename", list(GOLDENS))
def test_golden_image(filename):
    check_golden(filename, render.render(GOLDENS[filename](), names=NAMES), GOLDEN_TOLERANCE)


def test_golden_tolerance_catches_a_change_of_the_position():
    golden = Image.open(GOLDEN / "pachisi-busy.png").convert("RGB")
    shifted = Image.new("RGB", golden.size, DEFAULT_THEME.background)
    shifted.paste(golden.crop((0, 0, lay.WIDTH, lay.HEIGHT - 1)), (0, 1))
    assert mean_difference(golden, shifted) > GOLDEN_TOLERANCE  # everything 1 px lower
    renamed = draw(busy(), names=("Ann", "Ben", "Cat", "Don"))
    assert mean_difference(golden, renamed) < GOLDEN_TOLERANCE  # names alone are noise
    moves = [m.strip() for m in BUSY.split(",")]
    earlier = draw(GAME.replay(4, None, moves[:-1]))
    assert mean_difference(golden, earlier) > GOLDEN_TOLERANCE  # one move earlier
    plain = draw(busy(), theme=replace(DEFAULT_THEME, highlight=DEFAULT_THEME.board_light))
    assert mean_difference(golden, plain) > GOLDEN_TOLERANCE  # the last move not shown
