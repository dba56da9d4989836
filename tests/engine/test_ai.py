"""``engine.ai.choose``: legal moves only, the same moves for the same seed, and games of AIs
that end, in every game and player count."""

from __future__ import annotations

import random

import pytest

import engine
from engine.ai import LEVELS, choose

SETUPS = [
    (key, players)
    for key, game in engine.GAMES.items()
    for players in range(max(game.min_players, 2), game.max_players + 1)
]


BUDGET = {"hard": 60}
"""A small search for whole games of the hard AI here (its own games' tests try its full one)."""


def ai_game(key: str, players: int, level: str, seed: int, limit: int = 5_000):
    """A game of ``key`` played by AIs of ``level`` (dice drawn from ``seed`` too); the moves."""
    rng = random.Random(seed)
    state = engine.get_game(key).new_game(players)
    moves = []
    while not state.is_over() and len(moves) < limit:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            move = rng.choices([m for m, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            move = choose(state, level, rng, BUDGET.get(level))
            assert move in state.legal_moves()
        moves.append(str(move))
        state = state.apply(move)
    return state, moves


@pytest.mark.parametrize(("key", "players"), SETUPS)
@pytest.mark.parametrize("level", LEVELS)
def test_ai_games_end_with_legal_moves_and_the_same_seed_plays_the_same(key, players, level):
    state, moves = ai_game(key, players, level, seed=players)
    assert state.is_over(), (key, players, len(moves))
    assert ai_game(key, players, level, seed=players)[1] == moves


def test_the_easy_ai_takes_a_win_when_one_is_there():
    # a random IceSickle game, stopped where the player to act has a winning move
    rng = random.Random(3)
    for _ in range(200):
        state = engine.get_game("icesickle").new_game(2)
        while not state.is_over():
            legal = state.legal_moves()
            winning = [
                m
                for m in legal
                if state.to_move in (state.apply(m).outcome or engine.Outcome((), (), "")).winners
            ]
            if winning and len(legal) > 1:
                assert choose(state, "easy", random.Random(0)) in winning
                return
            state = state.apply(rng.choice(legal))
    pytest.skip("no position with a winning move came up")


def test_refusals():
    state = engine.get_game("icesickle").new_game(2)
    with pytest.raises(ValueError, match="no AI level 'genius'"):
        choose(state, "genius", random.Random(1))
