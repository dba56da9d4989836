"""Random play for engine tests: uniform over the legal moves, dice by their probabilities."""

from __future__ import annotations

import random


def play_randomly(state, rng: random.Random, check=None):
    """Play ``state`` to its end; ``check(before, move, after)`` at every move."""
    while not state.is_over():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            move = rng.choices(outcomes, weights)[0]
        else:
            move = rng.choice(state.legal_moves())
        after = state.apply(move)
        if check:
            check(state, move, after)
        state = after
    return state
