"""The medium AI: one ply, greedy on the game's evaluation (:mod:`engine.ai.values`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core import Move, State
from .registry import chance_aware
from .values import values

if TYPE_CHECKING:
    import random


def expected(state: State, seat: int) -> float:
    """What ``state`` is worth to ``seat``; where dice come next, the mean over their
    outcomes (one roll deep), unless the game's evaluation already reads a chance node as
    that mean (``CHANCE_AWARE``)."""
    if not state.is_chance_node() or chance_aware(state.game.key):
        return values(state)[seat]
    return sum(p * values(state.apply(m))[seat] for m, p in state.chance_outcomes())


def medium(
    state: State, legal: Sequence[Move], rng: random.Random, budget: float | None = None
) -> Move:
    """The move after which the position is worth most to the player to act; ties drawn
    with ``rng``."""
    seat = state.to_move
    scored = [(expected(state.apply(move), seat), move) for move in legal]
    best = max(score for score, _ in scored)
    top = [move for score, move in scored if score >= best - 1e-9]
    return top[rng.randrange(len(top))] if len(top) > 1 else top[0]
