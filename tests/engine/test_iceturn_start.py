"""Ice-Turn's start, through the public API (RULINGS.md): the round-robin deal as chance moves,
the placement in turn with its constraints, the corners, trees and goals, and the roll.

Tiles where a test does not name them are iceturn_helpers.LAYOUT:
rank 4: Ae As Dn Q / rank 3: As De Q Aw / rank 2: Ae Q Dn Aw / rank 1: Q An De An.
"""

from __future__ import annotations

from math import comb

import pytest

import engine

from .iceturn_helpers import GAME, at, moves, play, position, refusal, tile_at

# A legal placement of a full set (4 Q, 6 D, 6 A) for two players, seat 0 first; each seat
# was dealt QQDDDAAA.
PLACEMENT_2P = (
    *("Q@a1", "Q@b2", "Q@c3", "Q@d4", "D@b1n", "D@c1e", "D@d1n", "D@a2e"),
    *("D@c2n", "D@d2n", "A@a3e", "A@b3s", "A@d3w", "A@a4e", "A@b4s", "A@c4w"),
)


def set_up_2p():
    """A two-player game dealt and placed: seat 0 is about to roll."""
    return play(GAME.new_game(2), "deal QQDDDAAA", *PLACEMENT_2P)


# -- the deal -------------------------------------------------------------------------------


def test_the_deal_is_round_robin_from_seat_0_as_chance_moves():
    state = GAME.new_game(3)
    assert state.phase == "deal" and state.to_move == engine.CHANCE and state.roller is None
    first = state.chance_outcomes()
    assert abs(sum(p for _, p in first) - 1) < 1e-12
    assert {len(str(m).split()[1]) for m, _ in first} == {6}  # seat 0: 16 = 6 + 5 + 5
    probability = {str(m): p for m, p in first}
    assert probability["deal QQQQDD"] == pytest.approx(comb(6, 2) / comb(16, 6))
    state = state.apply("deal QQQQDD")
    second = state.chance_outcomes()
    assert abs(sum(p for _, p in second) - 1) < 1e-12
    assert {len(str(m).split()[1]) for m, _ in second} == {5}
    # drawn from what is left: no Q-Turner, 4 double arrows, 6 single arrows
    assert {str(m) for m, _ in second} == {f"deal {'D' * d}{'A' * (5 - d)}" for d in range(5)}
    assert dict((str(m), p) for m, p in second)["deal AAAAA"] == pytest.approx(6 / comb(10, 5))
    # the last hand is what is left, dealt by the engine: placement starts at seat 0
    state = state.apply("deal DDDDA")
    assert state.phase == "place" and state.to_move == 0
    assert state.hands == ((4, 2, 0), (0, 4, 1), (0, 0, 5))
    assert [str(m) for m in state.history] == ["deal QQQQDD", "deal DDDDA"]


@pytest.mark.parametrize("players, deals", [(2, 1), (4, 3)])
def test_every_hand_but_the_last_is_a_chance_move(players, deals):
    state = GAME.new_game(players)
    for _ in range(deals):
        assert state.to_move == engine.CHANCE
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-12
        assert {len(str(m).split()[1]) for m, _ in outcomes} == {16 // players}
        state = state.apply(outcomes[0][0])
    assert state.phase == "place" and state.to_move == 0
    assert [sum(hand) for hand in state.hands] == [16 // players] * players


# -- the placement --------------------------------------------------------------------------


def test_players_place_in_turn_from_seat_0_from_their_own_hand():
    state = play(GAME.new_game(3), "deal QQQQDD", "deal DDDDA")
    seats = []
    while state.phase == "place":
        seats.append(state.to_move)
        state = state.apply(state.legal_moves()[0])
    assert seats == [0, 1, 2] * 5 + [0]  # seat 0 holds six tiles
    # play starts with seat 0's roll
    assert state.phase == "roll" and state.to_move == engine.CHANCE and state.roller == 0
    # a tile from someone else's hand cannot be placed
    placing = play(GAME.new_game(3), "deal QQQQDD", "deal DDDDA", "Q@a1")
    assert placing.to_move == 1
    assert "You hold no Q-Turner" in refusal(placing, "Q@b2")


def test_at_most_one_q_turner_per_row_and_column_while_placing():
    state = play(GAME.new_game(2), "deal QQDDDAAA", "Q@b2")
    legal = moves(state)
    assert "Q@c3" in legal and "Q@a1" in legal
    for same_line in ("Q@b4", "Q@b1", "Q@a2", "Q@d2"):
        assert same_line not in legal
        assert "already has a Q-Turner" in refusal(state, same_line)


def test_a_placement_that_would_strand_a_q_turner_is_refused():
    # Q-Turners on a1 and b2, a single arrow on c3: the last two need ranks 3-4 and files
    # c-d, which leaves only c4 with d3
    state = play(GAME.new_game(2), "deal QQDDDAAA", "Q@a1", "Q@b2", "A@c3n")
    legal = moves(state)
    assert {m for m in legal if m.startswith("Q")} == {"Q@c4", "Q@d3"}
    assert "would leave no place for the other Q-Turners" in refusal(state, "Q@d4")
    for cell in ("c4", "d3"):  # any other tile there strands one
        assert not [m for m in legal if m[2:4] == cell and m[0] != "Q"]
        assert "no place for the Q-Turners still to come" in refusal(state, f"D@{cell}n")
    assert "A@d4s" in legal and "D@d4n" in legal


def test_a_single_arrow_may_not_point_off_the_board_while_placing():
    state = play(GAME.new_game(2), "deal QQDDDAAA")
    legal = moves(state)
    assert {"A@a1n", "A@a1e"} <= set(legal) and not {"A@a1s", "A@a1w"} & set(legal)
    assert {"A@b2n", "A@b2e", "A@b2s", "A@b2w"} <= set(legal)
    assert {"D@a1n", "D@a1e"} <= set(legal)  # one head of a double arrow is always on the board
    message = refusal(state, "A@a1w")
    assert "single arrow" in message and "west" in message and "off the board" in message


def test_in_play_aim_and_swap_may_break_the_placing_rules():
    # AIM: the single arrow on b1 may turn to point south, off the board
    aiming = position({"d3": "0Sn"}, roll="roll 1 aim")
    assert "aim b1 180" in moves(aiming)
    assert tile_at(aiming.apply("aim b1 180"), "b1") == "As"
    # SWAP: the Q-Turner on b2 beside the one on a1's file
    swapping = position({"d3": "0Sn"}, roll="roll 1 swap")
    assert "swap a2 b2" in moves(swapping)
    after = swapping.apply("swap a2 b2")
    assert tile_at(after, "a1") == tile_at(after, "a2") == "Q"


# -- corners, trees, goals, the first roll --------------------------------------------------


@pytest.mark.parametrize(
    "players, corners",
    [(2, ["a1", "d4"]), (3, ["a1", "d1", "d4"]), (4, ["a1", "d1", "d4", "a4"])],
)
def test_each_tree_stands_large_at_the_bottom_on_its_corner(players, corners):
    state = GAME.new_game(players)
    for seat, corner in enumerate(corners):
        assert at(state, corner) == f"{seat}L {seat}M {seat}S"
    others = [c for c in ("a1", "d1", "d4", "a4", "b2", "c3") if c not in corners]
    assert all(at(state, c) == "" for c in others)


def test_play_starts_with_seat_0s_roll_on_the_dealt_board():
    state = set_up_2p()
    assert state.phase == "roll" and state.to_move == engine.CHANCE and state.roller == 0
    assert at(state, "a1") == "0L 0M 0S" and at(state, "d4") == "1L 1M 1S"
    assert state.apply("roll 3 dig").to_move == 0


@pytest.mark.parametrize(
    "players, seat, goal",
    [(2, 0, "d4"), (2, 1, "a1"), (3, 1, "a4"), (3, 2, "a1"), (4, 1, "a4"), (4, 3, "d1")],
)
def test_the_goal_is_the_corner_opposite_the_start(players, seat, goal):
    # the seat's small and medium stand on the goal, its large lies beside it facing it
    beside = {"d4": ("d3", "n"), "a1": ("a2", "s"), "a4": ("a3", "n"), "d1": ("d2", "s")}
    cell, facing = beside[goal]
    pieces = {goal: f"{seat}S {seat}M", cell: f"{seat}L{facing}"}
    state = position(pieces, players=players, seat=seat, roll="roll 3 hop")
    over = state.apply(f"{cell}-{goal}/2")
    assert over.outcome is not None and over.outcome.winners == (seat,)
    # the same nest on any other corner wins nothing
    for corner in {"a1", "d1", "d4", "a4"} - {goal}:
        cell, facing = beside[corner]
        pieces = {corner: f"{seat}S {seat}M", cell: f"{seat}L{facing}"}
        state = position(pieces, players=players, seat=seat, roll="roll 3 hop")
        assert state.apply(f"{cell}-{corner}/2").outcome is None


def test_the_goal_stays_with_the_corner_when_tiles_move():
    # seat 0's nest stands on c4; SWAP brings c4's tile (and the nest) to d4: that wins, though
    # the tile now on d4 is not the one that started there
    state = position({"c4": "0S 0M 0L", "d4": "1Se"}, roll="roll 1 swap")
    over = state.apply("swap c4 d4")
    assert tile_at(over, "d4") == tile_at(state, "c4") == "Dn"  # c4's tile is now on d4
    assert over.outcome is not None and over.outcome.winners == (0,)
    # and d4's old tile, moved to c4, is no goal: a nest on it wins nothing
    moved = position({"d4": "0S 0M", "b4": "0Le"}, roll="roll 3 swap").apply("swap c4 d4")
    assert tile_at(moved, "c4") == "Q" and at(moved, "c4") == "0S 0M"
    assert moved.apply("b4-c4/2").outcome is None


# -- the roll -------------------------------------------------------------------------------


def test_a_roll_is_one_chance_move_with_36_equally_likely_outcomes():
    state = position(roll=None, seat=1)
    assert state.to_move == engine.CHANCE and state.roller == 1
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 36 and all(p == pytest.approx(1 / 36) for _, p in outcomes)
    faces = ("tip", "aim", "swap", "hop", "dig", "wild")
    assert {str(m) for m, _ in outcomes} == {f"roll {n} {f}" for n in range(1, 7) for f in faces}
    rolled = state.apply("roll 5 dig")
    assert rolled.to_move == 1 and rolled.points == 5 and rolled.face == "dig"
