"""Ice-Turn's board and setup (RULINGS.md): what each arrow reaches, the deal's hands and
their probabilities, and the placement rules with the look-ahead for the Q-Turners. (The game
itself is not registered yet: these test the parts it is built from.)"""

from __future__ import annotations

from math import comb

from engine.iceturn_board import GRID, corners, goal, points_inward, rotate, targets
from engine.iceturn_setup import Deal, deal_outcomes, hand_sizes, placements, read_hand


def cells(*names: str) -> tuple[int, ...]:
    return tuple(sorted(GRID.parse(n) for n in names))


def grid(**tiles) -> tuple:
    layout = [None] * GRID.size
    for name, tile in tiles.items():
        layout[GRID.parse(name)] = tile
    return tuple(layout)


def test_corners_and_goals_per_number_of_players():
    assert corners(2) == cells("a1", "d4")
    assert corners(3) == (GRID.parse("a1"), GRID.parse("d1"), GRID.parse("d4"))
    assert [GRID.name(goal(c)) for c in corners(4)] == ["d4", "a4", "a1", "d1"]


def test_what_each_kind_of_arrow_reaches():
    b2 = GRID.parse("b2")
    assert targets(("A", 0), b2) == cells("b3")  # a single arrow: the one tile it points at
    assert targets(("A", 3), GRID.parse("a1")) == ()  # pointing off the board: nothing
    assert targets(("D", 0), b2) == cells("b1", "b3", "b4")  # its whole column, both ways
    assert targets(("D", 1), b2) == cells("a2", "c2", "d2")
    assert targets(("Q", 0), b2) == cells("a2", "c2", "d2", "b1", "b3", "b4")
    assert rotate(("A", 3), 1) == ("A", 0) and rotate(("D", 1), 1) == ("D", 0)
    assert not points_inward(("A", 2), GRID.parse("c1"))


def test_the_deal_is_round_robin_with_hypergeometric_hands():
    assert hand_sizes(2) == (8, 8) and hand_sizes(3) == (6, 5, 5) and hand_sizes(4) == (4,) * 4
    outcomes = deal_outcomes((4, 6, 6), 8)
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-12
    probability = {str(d): p for d, p in outcomes}
    assert probability["deal QQQQDDDD"] == comb(6, 4) / comb(16, 8)
    assert str(Deal((1, 2, 5))) == "deal QDDAAAAA" and read_hand("qddaaaaa") == (1, 2, 5)
    assert read_hand("adq") is None  # not in the order Q, D, A


def test_a_single_arrow_may_not_point_off_the_board_while_placing():
    moves = {str(m) for m in placements(grid(), (0, 0, 1), 4)}
    assert {"A@a1n", "A@a1e"} <= moves and not {"A@a1s", "A@a1w"} & moves
    assert {"A@b2n", "A@b2e", "A@b2s", "A@b2w"} <= moves
    assert {"D@a1n", "D@a1e"} <= {str(m) for m in placements(grid(), (0, 1, 0), 4)}


def test_one_q_turner_per_row_and_column():
    moves = {str(m) for m in placements(grid(b2=("Q", 0)), (1, 0, 0), 3)}
    assert not {"Q@b1", "Q@b3", "Q@a2", "Q@d2"} & moves and "Q@c3" in moves


def test_a_placement_that_would_strand_a_q_turner_is_refused():
    # Q-Turners on a1 and b2; two more need rows 3-4 and files c-d, and c3 is taken
    tiles = grid(a1=("Q", 0), b2=("Q", 0), c3=("A", 0))
    moves = {str(m)[:4] for m in placements(tiles, (0, 0, 1), 2)}
    assert "A@c4" not in moves  # file c would have no room left
    assert "A@d3" not in moves  # the last two free cells would share rank 4
    assert {"A@d4", "A@a3", "A@b4"} <= moves
    # with a Q-Turner in hand, only cells that leave room for the last one: d4 would leave it
    # rank 3 and file c, whose one shared cell c3 is taken
    q_moves = {str(m) for m in placements(tiles, (1, 0, 0), 2)}
    assert q_moves == {"Q@c4", "Q@d3"}
    d4_taken = grid(a1=("Q", 0), b2=("Q", 0), c3=("A", 0), d4=("A", 0))
    assert {str(m) for m in placements(d4_taken, (1, 0, 0), 2)} == {"Q@c4", "Q@d3"}
