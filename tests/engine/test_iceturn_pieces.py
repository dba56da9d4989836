"""Ice-Turn piece actions on the cells (RULINGS.md): forward, turn, tip and its spread,
stacking with the mover's choice, HOP, DIG, AIM and SWAP, and the nest."""

from __future__ import annotations

from engine.iceturn_board import GRID
from engine.iceturn_pieces import (
    EMPTY,
    STANDING,
    Cell,
    aim,
    dig,
    hop,
    is_nest,
    move_forward,
    swap,
    tip,
    tree,
    turn,
)

N, E, S, W = range(4)
RED, BLUE = 0, 1
RS, RM, RL = (RED, 1), (RED, 2), (RED, 3)
BS, BM, BL = (BLUE, 1), (BLUE, 2), (BLUE, 3)


def board(**cells: Cell):
    out = [EMPTY] * GRID.size
    for name, cell in cells.items():
        out[GRID.parse(name)] = cell
    return tuple(out)


def at(cells, name: str) -> Cell:
    return cells[GRID.parse(name)]


def lying(piece, facing):
    return Cell(facing, (piece,))


def standing(*pieces):
    return Cell(STANDING, pieces)


def test_a_lying_piece_moves_along_its_facing_and_not_off_the_board():
    after = move_forward(board(b2=lying(RM, E)), GRID.parse("b2"))
    assert at(after, "b2") == EMPTY and at(after, "c2") == lying(RM, E)
    assert move_forward(board(d2=lying(RM, E)), GRID.parse("d2")) is None


def test_moving_onto_a_piece_stands_both_up_with_the_movers_choice_of_position():
    cells = board(b2=lying(RM, E), c2=lying(BL, N))
    assert move_forward(cells, GRID.parse("b2")) is None  # the position must be chosen
    under = move_forward(cells, GRID.parse("b2"), below=0)
    assert at(under, "c2") == standing(RM, BL)
    over = move_forward(cells, GRID.parse("b2"), below=1)
    assert at(over, "c2") == standing(BL, RM)
    assert move_forward(cells, GRID.parse("b2"), below=2) is None


def test_turning_a_lying_piece_and_never_a_standing_one():
    cells = board(b2=lying(RM, E), c2=standing(BL))
    assert at(turn(cells, GRID.parse("b2"), W), "b2") == lying(RM, W)
    assert turn(cells, GRID.parse("b2"), E) is None  # changes nothing
    assert turn(cells, GRID.parse("c2"), W) is None


def test_tipping_a_stack_of_three_spreads_it_facing_the_tip():
    cells = board(a1=tree(RED))
    after = tip(cells, GRID.parse("a1"), N)
    assert at(after, "a1") == lying(RL, N)
    assert at(after, "a2") == lying(RM, N) and at(after, "a3") == lying(RS, N)
    assert tip(cells, GRID.parse("a1"), W) is None  # off the board
    assert tip(board(a3=tree(RED)), GRID.parse("a3"), N) is None  # the small would fall off


def test_a_tipped_piece_landing_on_a_piece_stacks_there_as_the_mover_chooses():
    cells = board(a1=tree(RED), a3=lying(BS, E))
    assert tip(cells, GRID.parse("a1"), N) is None  # a3 is occupied: a position is needed
    after = tip(cells, GRID.parse("a1"), N, (1,))
    assert at(after, "a3") == standing(BS, RS) and at(after, "a2") == lying(RM, N)
    assert tip(cells, GRID.parse("a1"), N, (1, 0)) is None  # one position per occupied tile
    single = tip(board(b2=standing(BM)), GRID.parse("b2"), S)
    assert at(single, "b2") == lying(BM, S)


def test_hop_carries_the_pieces_above_and_lands_on_top():
    cells = board(b2=standing(BL, RM, BS), b4=lying(RS, W))
    after = hop(cells, GRID.parse("b2"), 1, GRID.parse("b4"))
    assert at(after, "b2") == standing(BL)
    assert at(after, "b4") == standing(RS, RM, BS)
    assert hop(cells, GRID.parse("b2"), 1, GRID.parse("c3")) is None  # not in a line


def test_dig_stands_up_at_the_bottom_of_a_stack():
    cells = board(b2=lying(RM, N), b4=standing(BL, BS))
    after = dig(cells, GRID.parse("b2"), 2)
    assert at(after, "b2") == EMPTY and at(after, "b4") == standing(RM, BL, BS)
    in_place = dig(cells, GRID.parse("b2"), 0)
    assert at(in_place, "b2") == standing(RM)
    assert dig(cells, GRID.parse("b2"), 3) is None  # past the edge


def test_aim_turns_lying_pieces_with_their_tile_and_swap_moves_pieces_with_tiles():
    tiles = [("A", N)] * GRID.size
    cells = board(b2=lying(RM, E), b3=standing(BL))
    new_tiles, after = aim(tuple(tiles), cells, GRID.parse("b2"), 1)
    assert new_tiles[GRID.parse("b2")] == ("A", E) and at(after, "b2") == lying(RM, S)
    tiles[GRID.parse("b3")] = ("Q", 0)
    swapped = swap(tuple(tiles), cells, GRID.parse("b2"), GRID.parse("b3"))
    assert swapped is not None
    new_tiles, after = swapped
    assert new_tiles[GRID.parse("b2")] == ("Q", 0) and at(after, "b2") == standing(BL)
    assert at(after, "b3") == lying(RM, E)
    assert swap(tuple(tiles), cells, GRID.parse("b2"), GRID.parse("c3")) is None


def test_a_nest_is_exact():
    assert is_nest(standing(RS, RM, RL), RED)
    assert not is_nest(tree(RED), RED)  # a tree is the wrong way up
    assert not is_nest(standing(RS, RM, RL), BLUE)
    assert not is_nest(standing(RS, RM, RL, BS), RED)
