"""The medium AI: one ply, greedy on an evaluation (:mod:`engine.ai.values`) that the caller
passes (:mod:`engine.ai.registry` passes the game's own)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core import Move, State
from .values import Evaluation, standing_values, values

if TYPE_CHECKING:
    import random


def expected(
    state: State, seat: int, evaluate: Evaluation = standing_values, chance_aware: bool = False
) -> float:
    """What ``state`` is worth to ``seat`` by ``evaluate``; where dice come next, the mean over
    their outcomes (one roll deep), unless the evaluation already reads a chance node as that
    mean (``chance_aware``: the game's ``CHANCE_AWARE``)."""
    if not state.is_chance_node() or chance_aware:
        return values(state, evaluate)[seat]
    return sum(p * values(state.apply(m), evaluate)[seat] for m, p in state.chance_outcomes())


def medium(
    state: State,
    legal: Sequence[Move],
    rng: random.Random,
    budget: float | None = None,
    *,
    evaluate: Evaluation = standing_values,
    chance_aware: bool = False,
) -> Move:
    """The move after which the position is worth most to the player to act by ``evaluate``
    (see :func:`expected`); ties drawn with ``rng``."""
    seat = state.to_move
    scored = [(expected(state.apply(move), seat, evaluate, chance_aware), move) for move in legal]
    best = max(score for score, _ in scored)
    top = [move for score, move in scored if score >= best - 1e-9]
    return top[rng.randrange(len(top))] if len(top) > 1 else top[0]
