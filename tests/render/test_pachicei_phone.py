"""Pach-Ice-i on a phone (issue 14): every text of every phase reads at 450 px wide, each
player's card shows that player's own goal, and a move is drawn along the snaking path."""

from __future__ import annotations

import pytest

from engine.pachicei_board import GRID
from render import pachicei as drawing
from render import pachicei_layout as lay
from render import pachicei_words as words
from render.pachicei_arrows import move_path
from render.pachicei_panel import GOAL_LARGE, goal_row, goal_shown, goal_tray, pad_tray
from render.pachicei_pieces import SIDE, TRAY
from render.pyramids import SIDE_WIDTH
from render.theme import DEFAULT_THEME
from tests.engine.pachicei_helpers import position

from .images import close
from .pachicei_states import (
    NAMES,
    PHASES,
    between,
    busy,
    corner,
    count_close,
    draw,
    inside,
    pixel,
)
from .phone import assert_readable_on_a_phone, text_sizes


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


GOALS_APART = dict(goals=([2, 4, 5], [1, 2, 2]))
"""Black (Ann) has 11 pieces in her goal, White (Bob) 5."""


def test_each_players_card_shows_their_own_goal():
    state = position(
        {"c3": "BL", "e5": "WM"}, pads=([0, 0, 2, 0, 0], [2, 0, 1, 0, 0]), **GOALS_APART
    )
    assert (state.in_goal(0), state.in_goal(1)) == (11, 5)
    assert goal_shown(state, 0, None).total == "11/15" and goal_shown(state, 1, None).seat == 1
    with text_sizes() as texts:
        image = draw(state)
    for seat, count in ((0, "11/15"), (1, "5/15")):  # the count is drawn in the player's card
        (where,) = [(d.x, d.y) for d in texts if d.text == count]
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
    with text_sizes() as texts:
        draw(state)
    (where,) = [(d.x, d.y) for d in texts if d.text.startswith("+")]
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
