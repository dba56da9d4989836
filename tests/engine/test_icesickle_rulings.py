"""One scenario per IceSickle ruling (../shared/RULINGS.md, IceSickle)."""

from __future__ import annotations

import random

import pytest

import engine
from engine.icesickle import GRID
from engine.pyramids import Size

from .icesickle_helpers import GAME, MIXED, on, placements, position

# Column a: a small with a medium in front and two empty squares behind it.
# Column d: a large with two empty squares, a small and an empty square in front.
# Column e: a medium with a small and three empty squares in front.
DISTANCES = """
S . . . .
. M L S .
. L S . .
M M M . S
S L L L M
"""


def jumps_from(state, square: str) -> set[str]:
    return {str(m) for m in state.legal_moves() if GRID.name(m.start) == square}


# -- placement -------------------------------------------------------------------------------


def test_first_placer_is_seat_0_and_players_alternate():
    state = GAME.new_game()
    seats = []
    for move in placements(MIXED):
        seats.append(state.to_move)
        state = state.apply(move)
    assert seats == [0, 1] * 7 + [0]
    assert seats.count(0) == 8 and seats.count(1) == 7


def test_placer_chooses_the_size_from_what_is_left():
    state = GAME.new_game()
    assert {str(m)[0] for m in state.legal_moves()} == {"S", "M", "L"}
    for square in ("a1", "b1", "c1", "d1", "e1"):
        state = state.apply(f"L@{square}")
    assert {str(m)[0] for m in state.legal_moves()} == {"S", "M"}
    assert state.stash == (5, 5, 0)
    with pytest.raises(engine.IllegalMove, match="No large pieces are left"):
        state.apply("L@a2")


def test_placement_only_on_an_empty_square():
    state = GAME.new_game().apply("M@c3")
    assert "S@c3" not in {str(m) for m in state.legal_moves()}
    with pytest.raises(engine.IllegalMove, match="c3 already holds a medium"):
        state.apply("S@c3")


def test_jumping_starts_once_all_fifteen_are_placed():
    state = GAME.new_game()
    moves = placements(MIXED)
    for move in moves[:-1]:
        state = state.apply(move)
    assert state.phase == "place"
    with pytest.raises(engine.IllegalMove, match="No jumping yet: 1 more piece"):
        state.apply("a1-a5")
    state = state.apply(moves[-1])
    assert state.phase == "jump" and state.stash == (0, 0, 0)


def test_second_placer_jumps_first():
    assert position(MIXED).to_move == 1


# -- jumping ---------------------------------------------------------------------------------


def test_jump_over_an_empty_and_an_occupied_square_captures_only_the_occupied_one():
    before = position(MIXED)
    after = before.apply("a1-a5")
    assert (on(after, "a1"), on(after, "a2"), on(after, "a3"), on(after, "a5")) == (
        ".", ".", ".", "L",
    )  # fmt: skip
    assert after.captures[0][1] == (Size.SMALL,)
    assert after.round_scores() == ((0, 1),)
    assert after.last_captured == ((GRID.parse("a3"), Size.SMALL),)
    # Every other square is untouched.
    for sq in range(GRID.size):
        if GRID.name(sq) not in ("a1", "a3", "a5"):
            assert after.board[sq] == before.board[sq]


def test_diagonal_jump_captures_every_occupied_square_it_passes():
    after = position(MIXED).apply("a1-e5")
    assert on(after, "e5") == "L"
    assert on(after, "c3") == "." and on(after, "d4") == "."
    assert sorted(after.captures[0][1]) == [Size.SMALL, Size.MEDIUM]
    assert after.round_scores() == ((0, 3),)


def test_jumps_go_in_all_eight_directions_and_only_in_straight_lines():
    state = position(MIXED)
    # a1 (large) reaches north, east and north-east; c3 (medium) every way it has room.
    assert jumps_from(state, "a1") == {"a1-a4", "a1-a5", "a1-c1", "a1-d1", "a1-e1", "a1-e5"}
    assert jumps_from(state, "c3") == {"c3-a5", "c3-c1", "c3-e1", "c3-e5"}
    with pytest.raises(engine.IllegalMove, match="not a straight line"):
        state.apply("a1-b3")


def test_a_small_cannot_jump_two_squares():
    state = position(DISTANCES)
    assert jumps_from(state, "a1") == {"a1-a3"}
    with pytest.raises(engine.IllegalMove, match="A small jumps over at most 1 square"):
        state.apply("a1-a4")


def test_a_medium_jumps_one_or_two_squares_but_not_three():
    state = position(DISTANCES)
    assert jumps_from(state, "e1") == {"e1-e3", "e1-e4"}
    with pytest.raises(engine.IllegalMove, match="A medium jumps over at most 2 squares"):
        state.apply("e1-e5")
    assert state.apply("e1-e4").captures[0][1] == (Size.SMALL,)


def test_a_large_jumps_up_to_three_squares():
    after = position(DISTANCES).apply("d1-d5")
    assert on(after, "d5") == "L" and on(after, "d4") == "."
    assert after.captures[0][1] == (Size.SMALL,)


def test_a_jump_must_capture_at_least_one_piece():
    state = position(DISTANCES)
    # d1 (large) over the empty d2 onto the empty d3.
    with pytest.raises(engine.IllegalMove, match="passes over no piece"):
        state.apply("d1-d3")


def test_landing_must_be_an_empty_square_on_the_board():
    state = position(DISTANCES)
    with pytest.raises(engine.IllegalMove, match="c1 is occupied"):
        state.apply("a1-c1")
    # c1 (large) looking west: b1 and a1 are occupied, so the landing would be off the board.
    assert not any(GRID.file(m.end) < GRID.file(m.start) for m in state.legal_moves()
                   if GRID.name(m.start) == "c1" and GRID.rank(m.end) == 0)  # fmt: skip
    with pytest.raises(engine.IllegalMove, match="not on the board"):
        state.apply("a1-a0")


def test_one_jump_per_turn_then_the_other_player():
    state = position(MIXED)
    assert state.to_move == 1
    assert state.apply("a1-a5").to_move == 0


def test_the_jumping_piece_is_never_captured():
    after = position(MIXED).apply("a1-e5")
    assert sum(1 for p in after.board if p) + len(after.captures[0][1]) == 15
    assert on(after, "e5") == "L"


# -- rounds and result -----------------------------------------------------------------------


def play_round(state, rng: random.Random):
    start_round = state.round
    while state.to_move is not None and state.round == start_round:
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def test_round_ends_when_no_jump_is_left_and_round_two_swaps_the_placer():
    rng = random.Random(7)
    state = play_round(GAME.new_game(), rng)
    assert state.round == 2 and state.phase == "place"
    final = state.round_boards[0]
    # The round ended because nothing could jump on the board it left.
    replayed = GAME.replay(2, {}, state.history)  # same moves, rebuilt
    assert replayed == state
    left_pips = sum(int(p) for p in final if p)
    assert sum(state.round_scores()[0]) + left_pips == 30  # 5 x (1 + 2 + 3) pips
    # Round 2: seat 1 places first, so seat 0 jumps first.
    assert state.to_move == 1 and state.first_placer == 1
    assert all(p is None for p in state.board) and state.stash == (5, 5, 5)
    seats = []
    while state.phase == "place":
        seats.append(state.to_move)
        state = state.apply(rng.choice(state.legal_moves()))
    assert seats == [1, 0] * 7 + [1]
    assert state.to_move == 0


def test_pieces_left_at_round_end_score_nothing():
    rng = random.Random(11)
    state = play_round(GAME.new_game(), rng)
    round_one = state.round_scores()[0]
    captured = [sum(map(int, seat)) for seat in state.captures[0]]
    assert list(round_one) == captured
    assert any(p for p in state.round_boards[0])  # some pieces were left, and scored nothing


def test_higher_two_round_total_wins():
    state = GAME.new_game()
    rng = random.Random(3)
    while state.to_move is not None:
        state = state.apply(rng.choice(state.legal_moves()))
    totals = state.totals()
    assert state.outcome.scores == totals
    assert totals[0] != totals[1]
    assert state.outcome.winners == ((0,) if totals[0] > totals[1] else (1,))
    assert state.to_move is None and state.legal_moves() == []


def test_equal_totals_draw():
    # Round 2 repeats round 1 move for move; the roles are swapped, so are the captures.
    rng = random.Random(5)
    first = play_round(GAME.new_game(), rng)
    round_one = [str(m) for m in first.history]
    state = first
    for move in round_one:
        state = state.apply(move)
    assert state.to_move is None
    a, b = state.round_scores()
    assert a == (b[1], b[0]) and a[0] != a[1]
    assert state.outcome.winners == ()
    assert state.outcome.scores[0] == state.outcome.scores[1]
    assert "equal" in state.outcome.reason
