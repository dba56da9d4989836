"""AI players, pure like the engine: no I/O, no clock, no global random (the caller passes a
seeded ``random.Random``), and only the public engine API, so every game gets one.

``choose(state, level, rng, budget=None)`` is the one entry point: the move the AI of that
level makes for the player to act. The same state, level, seed and budget give the same move.

Levels so far: ``easy`` (a legal move, mildly better than random: it takes a move that wins at
once, and otherwise leans towards moves that improve its standing where the game reports one
during play). ``medium`` and ``hard`` come next (issue 17).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import Move, State

if TYPE_CHECKING:
    import random
from .easy import easy

LEVELS = ("easy",)
"""The levels ``choose`` plays, weakest first."""


def choose(state: State, level: str, rng: random.Random, budget: float | None = None) -> Move:
    """The move the AI of ``level`` makes for the player to act in ``state``. ``budget``
    bounds the search of the levels that search (their own default when ``None``).
    ``ValueError`` for an unknown level, or a state where no player decides (over, or a
    chance move due)."""
    if level not in LEVELS:
        raise ValueError(f"no AI level {level!r}; levels: {', '.join(LEVELS)}")
    if state.is_over() or state.is_chance_node():
        raise ValueError("no decision to make: the game is over or waits for a chance move")
    legal = state.legal_moves()
    if len(legal) == 1:
        return legal[0]
    return easy(state, legal, rng)


__all__ = ["LEVELS", "choose"]
