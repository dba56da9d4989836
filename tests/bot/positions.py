"""Positions reached through the real engine, by random play from a seed, for the tests of
what the bot and the terminal say about them."""

from __future__ import annotations

import random

import engine
from bot.service.facade import draw_chance


def reach(key: str, players: int, until, seed: int = 1, **options) -> engine.State:
    """A random game of ``key`` played until ``until(state)`` holds."""
    rng = random.Random(seed)
    state = engine.get_game(key).new_game(players, options)
    for _ in range(5000):
        if until(state):
            return state
        assert not state.is_over(), "the game ended first"
        if state.is_chance_node():
            state = state.apply(draw_chance(state, rng))
        else:
            state = state.apply(rng.choice(state.legal_moves()))
    raise AssertionError("not reached")
