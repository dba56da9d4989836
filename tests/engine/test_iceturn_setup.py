"""Ice-Turn's board and setup (RULINGS.md): what each arrow reaches, the deal's hands and
their probabilities, and the placement rules with the look-ahead for the Q-Turners. (The game
itself is not registered yet: these test the parts it is built from.)"""

from __future__ import annotations

import random
from math import comb

from engine.iceturn_board import GRID, corners, goal, points_inward, rotate, targets
from engine.iceturn_setup import Deal, Place, deal_outcomes, hand_sizes, placements, read_hand


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


def _q_cells(tiles: tuple) -> list[int]:
    rows = {GRID.rank(c) for c, t in enumerate(tiles) if t is not None and t[0] == "Q"}
    files = {GRID.file(c) for c, t in enumerate(tiles) if t is not None and t[0] == "Q"}
    return [
        c
        for c, t in enumerate(tiles)
        if t is None and GRID.rank(c) not in rows and GRID.file(c) not in files
    ]


def _fit_by_trial(tiles: tuple, count: int) -> bool:
    """The look-ahead spelt out: a Q-Turner on each cell it may take in turn, recursing."""
    if count == 0:
        return True
    for cell in _q_cells(tiles):
        trial = list(tiles)
        trial[cell] = ("Q", 0)
        if _fit_by_trial(tuple(trial), count - 1):
            return True
    return False


def _with(tiles: tuple, cell: int, tile: tuple) -> tuple:
    trial = list(tiles)
    trial[cell] = tile
    return tuple(trial)


def test_the_look_ahead_agrees_with_trying_every_cell():
    """On 500 random part-filled grids and hands, the placements offered are exactly those
    after which the Q-Turners left still fit, tried cell by cell."""
    rng = random.Random(11)
    for _ in range(500):
        tiles: tuple = (None,) * GRID.size
        qs_left = 4
        for cell in rng.sample(range(GRID.size), rng.randint(0, 12)):
            if qs_left and cell in _q_cells(tiles) and rng.random() < 0.4:
                tiles, qs_left = _with(tiles, cell, ("Q", 0)), qs_left - 1
            else:
                tiles = _with(tiles, cell, (rng.choice("DA"), rng.randrange(2)))
        hand = (min(qs_left, rng.randint(0, 2)), rng.randint(0, 2), rng.randint(0, 2))
        expected = set()
        if hand[0]:
            for cell in _q_cells(tiles):
                if _fit_by_trial(_with(tiles, cell, ("Q", 0)), qs_left - 1):
                    expected.add(str(Place(("Q", 0), cell)))
        for kind, count, facings in (("D", hand[1], (0, 1)), ("A", hand[2], (0, 1, 2, 3))):
            for cell, tile in enumerate(tiles):
                if count and tile is None and _fit_by_trial(_with(tiles, cell, (kind, 0)), qs_left):
                    for facing in facings:
                        if kind == "D" or points_inward(("A", facing), cell):
                            expected.add(str(Place((kind, facing), cell)))
        assert {str(m) for m in placements(tiles, hand, qs_left)} == expected, (tiles, hand)
