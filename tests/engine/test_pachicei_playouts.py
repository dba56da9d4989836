"""Random Pach-Ice-i games: they all end, every piece is accounted for, notation and JSON
round-trip, a replay rebuilds the game, and no turn leaves the opponent without a move."""

from __future__ import annotations

import random

import pytest

from engine.pachicei_board import GRID, MOVABLE, PIECES
from engine.pachicei_turn import can_move

from .pachicei_helpers import GAME, random_game
from .playouts import draw

SEEDS = range(16)


def pieces_of(state, seat: int) -> tuple[int, int, int]:
    """(small, medium, large) of the seat: on the board, in its pad and in its goal."""
    counts = [0, 0, 0]
    for square in range(GRID.size):
        piece = state.piece_at(square)
        if piece and piece[0] == seat:
            counts[piece[1] - 1] += 1
    for tree in state.trees(seat):
        for size in tree:
            counts[size - 1] += 1
    for i, n in enumerate(state.goal_counts(seat)):
        counts[i] += n
    return tuple(counts)  # type: ignore[return-value]


def check(before, move, after):
    assert before.parse(str(move)) == move
    for seat in (0, 1):
        assert pieces_of(after, seat) == (5, 5, 5), (str(move), seat)
    if not after.is_chance_node() and not after.is_over():
        for m in after.legal_moves():  # only pieces on the mover's colour, or entries
            square = getattr(m, "square", None)
            assert square is None or square in MOVABLE[after.seat]
    turn_ended = after.phase == "roll" and before.phase == "play"
    if turn_ended:  # the look-ahead: the next player has a move on some roll
        assert can_move(after.position, after.seat)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_end_and_keep_every_rule(seed):
    final = random_game(random.Random(seed), check)
    outcome = final.outcome
    assert outcome is not None
    if outcome.reason == "all 15 pieces in the goal":
        (winner,) = outcome.winners
        assert final.in_goal(winner) == PIECES
    assert GAME.from_json(final.to_json()) == final
    assert GAME.replay(2, {}, [str(m) for m in final.history]) == final


def test_json_and_replay_mid_turn():
    rng = random.Random(99)
    state = GAME.new_game()
    seen = 0
    while not state.is_over() and seen < 40:
        if state.is_chance_node():
            state = state.apply(draw(state, rng))
            continue
        copy = GAME.from_json(state.to_json())
        assert copy == state and copy.legal_moves() == state.legal_moves()
        seen += 1
        state = state.apply(rng.choice(state.legal_moves()))
    assert GAME.replay(2, {}, [str(m) for m in state.history]) == state


def test_how_long_games_are():
    lengths = [len(random_game(random.Random(seed)).history) for seed in range(20)]
    assert all(100 < n < 5000 for n in lengths)
    print(f"moves per game: min {min(lengths)}, max {max(lengths)}, mean {sum(lengths) / 20:.0f}")
