"""Seeded random games played out in memory, with their moves as the store's rows would hold
them, for tests that need a whole game's record without a database."""

from __future__ import annotations

import random
from dataclasses import dataclass

import engine


@dataclass
class Row:
    number: int
    move: str
    seat: int | None


def played(key: str, players: int, seed: int, most: int = 3000):
    """A seeded random game of ``key``, to its end (or ``most`` moves): its state, and its
    moves as stored rows (the seat that made each; ``engine.CHANCE`` for dice and deals)."""
    rng = random.Random(seed)
    state = engine.get_game(key).new_game(num_players=players, options={})
    rows = []
    while state.outcome is None and len(rows) < most:
        if state.to_move == engine.CHANCE:
            move = rng.choice([m for m, _ in state.chance_outcomes()])
        else:
            move = rng.choice(state.legal_moves())
        rows.append(Row(len(rows) + 1, str(move), state.to_move))
        state = state.apply(move)
    return state, rows


def random_states(key: str, players: int, seed: int) -> list[engine.State]:
    """Every state of a game of ``key`` played with seeded random moves, its dice drawn by
    their odds, to its end (an animation's boards)."""
    state = engine.get_game(key).new_game(players)
    rng = random.Random(seed)
    states = [state]
    while not state.is_over():
        if state.is_chance_node():
            moves, weights = zip(*state.chance_outcomes(), strict=True)
            move = rng.choices(moves, weights)[0]
        else:
            move = rng.choice(state.legal_moves())
        state = state.apply(move)
        states.append(state)
    return states
