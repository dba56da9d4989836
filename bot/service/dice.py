"""The dice: every roll a pure function of the game's seed and the move number, so a roll never
depends on what happened in this process. No Discord in here."""

from __future__ import annotations

import random

import engine
from bot.service.records import Made


def roll_rng(seed: int, move_number: int) -> random.Random:
    """The RNG for the chance move at ``move_number`` (0-based) of the game seeded ``seed``:
    a pure function of both, so a roll never depends on what happened in this process."""
    return random.Random(f"parlor:{seed}:{move_number}")


def draw_chance(state: engine.State, rng: random.Random) -> engine.Move:
    outcomes = state.chance_outcomes()
    return rng.choices([m for m, _ in outcomes], weights=[p for _, p in outcomes])[0]


def roll_due(
    state: engine.State,
    seed: int,
    by_hand: bool,
    made: list[Made],
    rollers: list[int | None] | None = None,
    ais: frozenset[int] = frozenset(),
) -> engine.State:
    """Roll the dice now due (all but those a player rolls by hand; an AI, ``ais``, has them
    rolled), recording each roll in ``made`` (and whose roll it was in ``rollers``); the state
    after them."""
    while state.is_chance_node() and not (
        by_hand and state.roller is not None and state.roller not in ais
    ):
        if rollers is not None:
            rollers.append(state.roller)
        roll = draw_chance(state, roll_rng(seed, len(state.history)))
        state = state.apply(roll)
        made.append((roll, engine.CHANCE, None))
    return state
