"""Seeded random IceSickle games: invariants that hold in every position."""

from __future__ import annotations

import itertools
import random

import pytest

from engine.icesickle import Jump

from .icesickle_helpers import GAME

GAMES = 300
MAX_MOVES = 2 * (15 + 15)  # each jump captures at least one of the 15 pieces


def playout(seed: int):
    rng = random.Random(seed)
    state = GAME.new_game()
    states = [state]
    while state.to_move is not None:
        assert len(states) <= MAX_MOVES + 1, "game did not end"
        state = state.apply(rng.choice(state.legal_moves()))
        states.append(state)
    return states


@pytest.mark.parametrize("chunk", range(6))
def test_random_games_keep_every_invariant(chunk):
    for seed in range(chunk * GAMES // 6, (chunk + 1) * GAMES // 6):
        states = playout(seed)
        final = states[-1]
        assert final.outcome is not None
        assert states[0].last_mover is None
        for before, after in itertools.pairwise(states):
            assert after.last_mover == before.to_move
        for state in states:
            on_board = sum(1 for p in state.board if p)
            captured = sum(len(seat) for seat in state.captures[-1])
            assert on_board + captured + sum(state.stash) == 15
            for seat in (0, 1):
                assert state.round_scores()[-1][seat] == sum(map(int, state.captures[-1][seat]))
            for move in state.legal_moves():
                assert state.parse(str(move)) == move
                assert GAME.move_from_text(str(move)) == move
            assert GAME.from_json(state.to_json()) == state
            assert GAME.from_json(state.to_json()).to_json() == state.to_json()
        assert GAME.replay(2, {}, [str(m) for m in final.history]) == final
        middle = states[len(states) // 2]
        assert GAME.replay(2, None, middle.history) == middle


def test_every_game_has_two_rounds_and_a_result():
    lengths = []
    for seed in range(50):
        final = playout(seed)[-1]
        assert final.round == 2 and len(final.round_boards) == 2
        assert final.outcome.scores == final.totals()
        jumps = sum(isinstance(m, Jump) for m in final.history)
        assert len(final.history) == 30 + jumps
        lengths.append(len(final.history))
    assert min(lengths) > 30


def test_the_old_state_is_unchanged_by_apply():
    rng = random.Random(1)
    state = GAME.new_game()
    for _ in range(20):
        before = state.to_json()
        legal_before = [str(m) for m in state.legal_moves()]
        nxt = state.apply(rng.choice(state.legal_moves()))
        assert state.to_json() == before
        assert [str(m) for m in state.legal_moves()] == legal_before
        assert nxt is not state
        state = nxt
