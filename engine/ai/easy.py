"""The easy AI: a legal move, mildly better than random."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core import Move, State

if TYPE_CHECKING:
    import random


def standing(state: State, seat: int) -> int | None:
    """The seat's place in the game's standing during play (1 is best), where the game
    reports one (``State.report``); ``None`` where it does not."""
    rows = state.report()
    if not rows:
        return None
    return next((row.place for row in rows if row.seat == seat), None)


def easy(
    state: State, legal: Sequence[Move], rng: random.Random, budget: float | None = None
) -> Move:
    """A move that wins at once if there is one; else a random move, twice as likely among
    those that leave the player's standing better than before (where the game reports one)."""
    seat = state.to_move
    better, rest = [], []
    before = standing(state, seat)
    for move in legal:
        after = state.apply(move)
        if after.outcome is not None and seat in after.outcome.winners:
            return move
        place = standing(after, seat) if before is not None else None
        (better if place is not None and place < before else rest).append(move)
    pool = better * 2 + rest
    return pool[rng.randrange(len(pool))]
