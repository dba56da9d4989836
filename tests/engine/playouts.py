"""Random play for engine and render tests: uniform over the legal moves, dice by their
probabilities."""

from __future__ import annotations

import random


def draw(state, rng: random.Random):
    """A chance outcome, by its probability."""
    outcomes, weights = zip(*state.chance_outcomes(), strict=True)
    return rng.choices(outcomes, weights)[0]


def random_move(state, rng: random.Random):
    """At a chance node an outcome by its probability, else any legal move, uniformly."""
    return draw(state, rng) if state.is_chance_node() else rng.choice(state.legal_moves())


def random_states(state, rng: random.Random):
    """``state`` and every state after it in a random game, to its end."""
    yield state
    while not state.is_over():
        state = state.apply(random_move(state, rng))
        yield state


def play_randomly(state, rng: random.Random, check=None):
    """Play ``state`` to its end; ``check(before, move, after)`` at every move."""
    while not state.is_over():
        move = random_move(state, rng)
        after = state.apply(move)
        if check:
            check(state, move, after)
        state = after
    return state
