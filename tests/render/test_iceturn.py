"""The Ice-Turn board image: every phase renders to a PNG of the fixed size; tiles show their
arrows on the side they point to, pieces lie and stand where the state says in their owner's
colour (stacks bottom first), goals carry their seat's colour, the shown turn, the tiles that
can still react and the Treehouse die's state are marked; the image is a pure function of the
state, the alt text says the position in words, and two golden images guard the layout.
The states are built in ``iceturn_states``; the image on a phone is tested in
``test_iceturn_phone``.

Regenerate the golden images after an intended change of the picture with
``PARLOR_REGEN_GOLDEN=1 pytest tests/render`` (and look at them before committing).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from PIL import Image

import render
from engine.iceturn_board import GRID
from render import iceturn_layout as lay
from render import iceturn_words as words
from render.iceturn_panel import TREEHOUSE, treehouse_centre
from render.iceturn_pieces import LENGTH, lit, shaded, stack_layout
from render.iceturn_tall import grid_layout
from render.iceturn_tiles import ARROW, EMPTY_CELL, TILE
from tests.engine.iceturn_helpers import position
from tests.engine.playouts import play_randomly

from .goldens import GOLDEN, check_golden, mean_difference
from .iceturn_states import (
    GAME,
    MID_PIECES,
    NAMES,
    PHASES,
    SIZE,
    THEME,
    cell,
    close,
    count_close,
    crowded,
    draw,
    drawn,
    mid_game,
    pixel,
    reacting,
    setup,
    won,
)
from .images import assert_pure, assert_same_picture_in_threads, open_png, same_picture

GOLDEN_TOLERANCE = 0.6
"""Largest mean absolute difference per channel (0-255) from a golden image, both first
averaged over GOLDEN_BLOCK x GOLDEN_BLOCK blocks (as for the other games). Measured on the
mid-game image: other short names 0.10 (long ones 1.06: the pill and the labels change), the
turn's marks not shown 1.6, the turn one move shorter 0.95, everything 1 px lower 2.2."""


# -- the states are what their names say -----------------------------------------------------


def test_the_phase_states_are_what_their_names_say():
    s = setup()
    assert s.phase == "place" and sum(t is not None for t in s.tiles) == 8 and s.seat == 2
    m = mid_game()
    assert m.phase == "move" and m.points == 3 and m.action is None and len(m.turn_log) == 2
    assert [c.pieces for c in (m.cells[cell("a1")],)] == [((0, 3), (1, 2), (2, 1))]
    assert {c.facing for c in m.cells if c.lying} == {0, 1, 2, 3}
    r = reacting()
    assert r.phase == "react" and r.can_react() == [cell("c3")]
    assert won().outcome.winners == (0,)
    d = drawn()
    assert d.phase == "over" and d.outcome.winners == () and "round limit" in d.outcome.reason
    assert max(len(c.pieces) for c in crowded().cells) == 7
    assert PHASES["first-roll"]().phase == "roll" and PHASES["deal"]().phase == "deal"


@pytest.mark.parametrize("phase", list(PHASES))
def test_every_phase_renders_a_png_of_the_fixed_size(phase):
    data = render.render(PHASES[phase](), names=NAMES)
    image = open_png(data)
    assert image.size == SIZE == (1000, 1000)
    assert image.mode == "P"  # a 256-colour palette: half the size and encode time
    assert len(data) <= 80_000  # the bound on a board image (issue 18)


def test_default_names_and_odd_names_render():
    state = crowded()
    assert draw(state, names=None).size == SIZE
    odd = ["Zo\N{LATIN SMALL LETTER E WITH DIAERESIS} " + "W" * 60, "\N{GAME DIE}" * 3, "", "x"]
    assert draw(state, names=odd, theme=THEME).size == SIZE
    assert draw(won(), names=odd[:2]).size == SIZE


# -- what the picture shows ------------------------------------------------------------------


def test_a_single_arrow_is_drawn_on_the_side_it_points_to():
    state = mid_game()  # b1 points north, a2 east, b4 south, d1 west; all four are empty
    image = draw(state)
    half = (lay.CELL - 2 * lay.TILE_GAP) / 2
    for name, facing in (("b1", 0), ("a2", 1), ("b4", 2), ("d1", 3)):
        assert state.tiles[cell(name)] == ("A", facing) and not state.cells[cell(name)].pieces
        (ux, uy), centre = lay.UNIT[facing], lay.centre(cell(name))
        px, py = -uy, ux
        along, aside = half - 24, 14  # inside the head, off the shaft
        head = pixel(image, centre, ux * along + px * aside, uy * along + py * aside)
        tail = pixel(image, centre, -ux * along + px * aside, -uy * along + py * aside)
        assert close(head, ARROW, 10), name
        assert close(tail, TILE, 10), name


def test_untiled_cells_are_placeholders_during_the_setup():
    state = setup()
    image = draw(state)
    for c in range(GRID.size):
        if state.cells[c].pieces:  # a start corner's tree stands over its middle
            continue
        x0, y0, _x1, _y1 = lay.tile_box(c)
        corner = pixel(image, (x0 + 40, y0 + 24))  # inside the dashes, off any arrow or flag
        wanted = EMPTY_CELL if state.tiles[c] is None else None
        if wanted is not None:
            assert close(corner, EMPTY_CELL, 6), GRID.name(c)
        elif state.tiles[c][0] != "Q":
            assert close(corner, TILE, 6), GRID.name(c)


def test_lying_pieces_show_their_owners_colour_on_their_tile():
    state = mid_game()
    image = draw(state)
    empty = draw(position({}, players=3, seat=1, tiles={"d1": "Aw"}))
    for c, here in enumerate(state.cells):
        if not here.lying:
            continue
        owner, size = here.pieces[0]
        box = lay.tile_box(c)
        colour = THEME.seat(owner)
        assert (
            count_close(image, box, lit(colour)) + count_close(image, box, shaded(colour))
            > (LENGTH[size] * lay.CELL) ** 2 * 0.15
        ), GRID.name(c)
        assert count_close(empty, box, lit(colour)) == 0


def test_a_lying_piece_points_its_facing():
    state = mid_game()
    image = draw(state)
    for name in ("b2", "d2", "b3", "c3"):
        here = state.cells[cell(name)]
        colour = THEME.seat(here.pieces[0][0])
        (ux, uy), centre = lay.UNIT[here.facing], lay.centre(cell(name))
        reach = LENGTH[here.pieces[0][1]] * lay.CELL / 2
        px, py = -uy * reach * 0.4, ux * reach * 0.4
        # beside the tip there is no piece, beside the base there is
        near_tip = [
            pixel(image, centre, ux * reach * 0.8 + s * px, uy * reach * 0.8 + s * py)
            for s in (-1, 1)
        ]
        near_base = [
            pixel(image, centre, -ux * reach * 0.75 + s * px, -uy * reach * 0.75 + s * py)
            for s in (-1, 1)
        ]
        piece = (lit(colour), shaded(colour))
        assert not any(close(p, c, 12) for p in near_tip for c in piece), name
        assert all(any(close(p, c, 12) for c in piece) for p in near_base), name


def test_a_stack_is_drawn_bottom_first_in_its_owners_colours():
    for state, name in ((mid_game(), "a1"), (crowded(), "d3")):
        image = draw(state)
        here = state.cells[cell(name)]
        _plinth, bands = stack_layout(lay.centre(cell(name)), here.pieces)
        assert [(b.owner, b.size) for b in bands] == list(here.pieces)
        for b in bands:  # the right, shaded half of each band (right of the pips)
            if b.top:
                point = (b.x + b.width * 0.06, b.base - b.height * 0.72)
            else:
                point = (b.x + b.width / 2 - 8, b.base - b.height / 2)
            assert close(pixel(image, point), shaded(THEME.seat(b.owner)), 12), (name, b)
        assert bands[0].base > bands[-1].base  # the bottom piece is drawn lowest
    # seven pieces: a grid of chips, up the first column then the second
    state = crowded()
    here = state.cells[cell("b2")]
    image = draw(state)
    _plinth, chips, _point = grid_layout(lay.centre(cell("b2")), here.pieces, True)
    assert [(c.owner, c.size) for c in chips] == list(here.pieces)
    for chip in chips:  # beside the label
        _x0, y0, x1, y1 = chip.box
        assert close(pixel(image, (x1 - 5, (y0 + y1) / 2)), THEME.seat(chip.owner), 12), chip
    assert chips[0].box[1] > chips[3].box[1] and chips[0].box[0] < chips[4].box[0]


def test_each_goal_corner_shows_its_seats_colour():
    for state in (mid_game(), crowded(), setup()):
        image = draw(state)
        for seat in range(state.num_players):
            goal = state.goal_of(seat)
            x0, y0, x1, y1 = lay.cell_box(goal)
            colour = THEME.seat(seat)
            assert close(pixel(image, (x0 + 1, y0 + 30)), colour, 8)  # the frame
            sx, sy = lay.outer_corner(goal)
            cx, cy = (x0 + 5 if sx < 0 else x1 - 5), (y0 + 5 if sy < 0 else y1 - 5)
            flag = (cx - sx * 3, cy - sy * 16)  # beside the number
            assert close(pixel(image, flag), colour, 8)  # the flag in the board's corner
    # a goal stays with the corner: a swap of the corner tile leaves the frame
    state = position(players=2, roll="roll 3 swap").apply("swap c4 d4")
    image = draw(state)
    x0, y0, _x1, _y1 = lay.cell_box(cell("d4"))
    assert close(pixel(image, (x0 + 1, y0 + 30)), THEME.seat(0), 8)


def test_the_shown_turn_is_outlined_and_numbered():
    state = mid_game()
    image = draw(state)
    plain = draw(state, theme=replace(THEME, highlight=(255, 0, 255)))
    for name in ("c2", "d2", "c4"):  # the step's two cells, the turned piece's cell
        x0, y0, _x1, y1 = lay.tile_box(cell(name))
        assert close(pixel(image, (x0 + 1, (y0 + y1) / 2)), THEME.highlight, 10), name
        assert close(pixel(plain, (x0 + 1, (y0 + y1) / 2)), (255, 0, 255), 10), name
    x0, y0, _x1, y1 = lay.tile_box(cell("b1"))
    assert not close(pixel(image, (x0 + 1, (y0 + y1) / 2)), THEME.highlight, 40)
    # the step's arrow runs from c2 towards d2 (between the two, over the tiles' gap)
    (ax, ay), (bx, _by) = lay.centre(cell("c2")), lay.centre(cell("d2"))
    assert close(pixel(image, ((ax + bx) / 2, ay)), THEME.highlight, 10)


def test_the_tiles_that_can_still_react_get_white_brackets():
    state = reacting()
    image = draw(state)
    for name, wanted in (("c3", True), ("a2", False)):  # a2 has reacted already
        x0, y0, _x1, _y1 = lay.tile_box(cell(name))
        corner = pixel(image, (x0 + 3, y0 + 20))
        assert close(corner, THEME.text, 12) == wanted, name


def test_the_treehouse_die_is_white_until_used_and_greyed_after():
    def face(state):
        centre = treehouse_centre()
        return pixel(draw(state), centre, -TREEHOUSE / 2 + 9, TREEHOUSE / 2 - 9)

    fresh = position(players=2, roll="roll 3 aim")
    assert close(face(fresh), THEME.text, 6)
    aiming = fresh.apply("aim b1 cw")
    assert aiming.aiming and close(face(aiming), THEME.text, 6)  # still open while aiming
    used = aiming.apply("end")
    assert not close(face(used), THEME.text, 30)
    tipped = position(players=2, roll="roll 3 tip").apply("tip 7")
    assert tipped.action == "tip" and not close(face(tipped), THEME.text, 30)


def test_the_banner_says_the_result():
    _x0, y0, x1, _y1 = lay.TURN_CARD
    point = (x1 - 20, y0 + 20)
    for state in (won(), drawn()):
        assert close(pixel(draw(state), point), THEME.banner, 8)
    assert not close(pixel(draw(mid_game()), point), THEME.banner, 40)


# -- reading the state -----------------------------------------------------------------------


def test_the_shown_turn_is_the_one_under_way_else_the_one_before():
    assert words.shown_turn(setup()) is None
    m = mid_game()
    shown = words.shown_turn(m)
    assert shown.current and shown.seat == 1
    assert [str(x) for x in shown.moves] == ["c2-d2", "turn c4 e"]
    after = m.apply("end").apply("end")  # Bob's reaction unused: the turn ends, Cara rolls
    assert after.phase == "roll" and after.seat == 2
    shown = words.shown_turn(after)
    assert not shown.current and shown.seat == 1 and len(shown.moves) == 2


def test_moves_in_words():
    m = mid_game()
    assert [words.move_words(x) for x in m.turn_log] == ["c2-d2", "turn c4 east"]
    move = GAME.move_from_text
    assert words.move_words(move("b2-b3/1")) == "b2-b3, 1 below"
    assert words.move_words(move("tip a1 n/1/0")) == "tip a1 north, 1/0 below"
    assert words.move_words(move("dig b2")) == "DIG b2 (stands up)"
    assert words.move_words(move("react b2 c3 w")) == "react b2: c3 west"
    assert words.face_words(m) == "SWAP (two tiles), not used yet"


# -- a pure function -------------------------------------------------------------------------


@pytest.mark.parametrize("phase", ["setup", "mid-game", "reacting", "drawn"])
def test_render_is_pure(phase):
    assert_pure(PHASES[phase](), NAMES)


def test_names_change_the_image():
    state = mid_game()
    assert not same_picture(
        render.render(state, names=NAMES), render.render(state, names=("A", "B", "C"))
    )


def test_render_from_several_threads_gives_the_same_picture():
    assert_same_picture_in_threads([mid_game(), crowded(), setup()], NAMES, per_state=4)


# -- alt text --------------------------------------------------------------------------------


def test_alt_text_of_the_setup():
    text = render.alt_text(setup(), names=NAMES)
    assert text.startswith("Ice-Turn, 3 players, move 10. Setup: 8 of 16 tiles placed; Cara ")
    assert "Hands: Alice 1 double arrow, 2 single arrows; Bob 2 Q-Turners; " in text
    assert "Tiles (Q Q-Turner, D double arrow, A single arrow): d1 D e-w, a2 D e-w, c2 D" in text
    assert "Last placed: double arrow east-west on c2." in text
    assert "a1 stack of 3, bottom first: Alice L, Alice M, Alice S" in text


def test_alt_text_of_a_mid_game():
    text = render.alt_text(mid_game(), names=NAMES)
    said = (
        "Round 5 of 100. Bob to move: rolled 5 and SWAP (two tiles), not used yet, 3 points left."
    )
    assert said in text
    assert "a1 stack of 3, bottom first: Alice L, Bob M, Cara S" in text
    for piece in (
        "b2 Alice M lying north",
        "d2 Bob S lying east",
        "b3 Cara L lying south",
        "c3 Alice S lying west",
        "a4 Bob S standing",
    ):
        assert piece in text
    assert "This turn, Bob rolled 5 and SWAP: 1 c2-d2; 2 turn c4 east." in text
    assert "Alice (seat 1) a1 to d4" in text
    assert "Tiles (Q Q-Turner, D double arrow, A single arrow): a1 Q, b1 A north, c1 D e-w" in text
    assert len(text) < 1024


def test_alt_text_of_the_reaction_phase_and_the_end():
    text = render.alt_text(reacting(), names=NAMES)
    assert "Alice to react" in text and "can still react from c3" in text
    assert "react a2: b2 west" in text
    text = render.alt_text(won(), names=NAMES)
    assert "Game over: Alice wins. A nest on the goal." in text
    text = render.alt_text(drawn(), names=NAMES)
    assert "Game over: a draw. The round limit (20 rounds)." in text


def test_alt_text_stays_under_discords_limit_with_long_names():
    names = ["A" * 60, "B" * 60, "C" * 60, "D" * 60]
    for state in (crowded(), PHASES["random-4"](), setup()):
        text = render.alt_text(state, names=names)
        assert len(text) <= 1000
        assert text == words.alt_text_iceturn(state, names=names)  # never cut by render


def test_a_whole_random_game_renders():
    states = []
    play_randomly(
        GAME.new_game(2, {"round_limit": 20}),
        random.Random(4),
        lambda _b, _m, after: states.append(after),
    )
    for state in states[:: max(1, len(states) // 12)] + states[-1:]:
        assert draw(state).size == SIZE
        assert len(render.alt_text(state)) < 1024


# -- golden images ---------------------------------------------------------------------------


GOLDENS = {"iceturn-setup.png": setup, "iceturn-mid.png": mid_game}


@pytest.mark.parametrize("filename", list(GOLDENS))
def test_golden_image(filename):
    check_golden(filename, render.render(GOLDENS[filename](), names=NAMES), GOLDEN_TOLERANCE)


def test_golden_tolerance_catches_a_change_of_the_position():
    golden = Image.open(GOLDEN / "iceturn-mid.png").convert("RGB")
    shifted = Image.new("RGB", golden.size, THEME.background)
    shifted.paste(golden.crop((0, 0, lay.WIDTH, lay.HEIGHT - 1)), (0, 1))
    assert mean_difference(golden, shifted) > GOLDEN_TOLERANCE  # everything 1 px lower
    renamed = draw(mid_game(), names=("Ann", "Ben", "Cy"))
    assert mean_difference(golden, renamed) < GOLDEN_TOLERANCE  # names alone are noise
    plain = draw(mid_game(), theme=replace(THEME, highlight=THEME.card))
    assert mean_difference(golden, plain) > GOLDEN_TOLERANCE  # the turn's marks not shown
    shorter = position(
        MID_PIECES, tiles={"d1": "Aw"}, players=3, seat=1, roll="roll 5 swap", turns=13
    ).apply("c2-d2")
    assert mean_difference(golden, draw(shorter)) > GOLDEN_TOLERANCE  # one move fewer
