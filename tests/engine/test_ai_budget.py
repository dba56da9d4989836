"""The hard level's budget: a count of positions, and the caller's clock where it passes one."""

from __future__ import annotations

import random

import pytest

import engine
from engine.ai import Budget, choose

from .hang_guard import at_most

SETUPS = [("pachisi", 2), ("pachisi", 4), ("pach-ice-i", 2), ("icesickle", 2), ("ice-turn", 2)]


def decision(key: str, players: int, seed: int = 5):
    """A position of a random game where the player to act has several moves, some way in."""
    rng = random.Random(seed)
    state = engine.get_game(key).new_game(players)
    decisions = 0
    while True:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            move = rng.choices([m for m, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            legal = state.legal_moves()
            decisions += 1
            if len(legal) > 3 and decisions > 4:
                return state
            move = rng.choice(legal)
        state = state.apply(move)


@pytest.mark.parametrize(("key", "players"), SETUPS)
def test_the_hard_level_answers_when_the_callers_clock_says_time_is_up(key, players):
    state = decision(key, players)
    asked = []

    def out_of_time() -> bool:  # time is up at the first look
        asked.append(True)
        return True

    with at_most(60):  # a billion positions would take days: only the clock stops this
        move = choose(state, "hard", random.Random(1), Budget(10**9, out_of_time))
    assert move in state.legal_moves()
    assert len(asked) == 1  # it looked, once 256 positions were counted, and stopped


@pytest.mark.parametrize(("key", "players"), SETUPS)
def test_a_clock_with_time_left_changes_nothing(key, players):
    state = decision(key, players)
    plain = choose(state, "hard", random.Random(2), 400)
    timed = choose(state, "hard", random.Random(2), Budget(400, lambda: False))
    default = choose(state, "hard", random.Random(2), Budget(out_of_time=lambda: False))
    assert timed == plain
    assert default == choose(state, "hard", random.Random(2))
