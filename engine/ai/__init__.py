"""AI players, pure like the engine: no I/O, no clock, no global random (the caller passes a
seeded ``random.Random``). The searches use only the public engine API and know no game: the
evaluation is an argument. Each game may add an evaluation, a search and reasons for hints of
its own, and :mod:`engine.ai.registry` (the top, the one module that names the games) hands
them to the searches; a game without them still gets an AI.

``choose(state, level, rng, budget=None)`` is the one entry point: the move the AI of that
level makes for the player to act. The same state, level, seed and budget give the same move.
``budget`` counts the positions the hard level may look at (not seconds, so that it stays
deterministic); each game's search has its own default, sized to answer in about a second. A
caller that must also bound the time passes a :class:`Budget` with ``out_of_time``, a check of
its own clock (:mod:`engine.ai.budget`); the search then answers early where the clock says so,
and only then may the same seed give another move.

Levels: ``easy`` (a legal move, mildly better than random: it takes a move that wins at once,
and otherwise leans towards moves that improve its standing), ``medium`` (one ply, greedy on
the game's evaluation) and ``hard`` (the game's search: expectimax over the dice, alpha-beta,
or Monte Carlo tree search).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import Move, State
from .budget import Budget
from .easy import easy
from .registry import one_ply, reason, search

if TYPE_CHECKING:
    import random

LEVELS = ("easy", "medium", "hard")
"""The levels ``choose`` plays, weakest first."""


def _medium(
    state: State, legal: list[Move], rng: random.Random, budget: float | Budget | None
) -> Move:
    return one_ply(state.game.key)(state, legal, rng, budget)


def _hard(
    state: State, legal: list[Move], rng: random.Random, budget: float | Budget | None
) -> Move:
    return search(state.game.key)(state, legal, rng, budget)


_PLAYERS = {
    "easy": lambda s, legal, rng, budget: easy(s, legal, rng),
    "medium": _medium,
    "hard": _hard,
}


def choose(
    state: State, level: str, rng: random.Random, budget: float | Budget | None = None
) -> Move:
    """The move the AI of ``level`` makes for the player to act in ``state``. ``budget``
    bounds the search of the levels that search: positions, or a :class:`Budget` that may
    carry the caller's clock too (their own default when ``None``).
    ``ValueError`` for an unknown level, or a state where no player decides (over, or a
    chance move due)."""
    if level not in LEVELS:
        raise ValueError(f"no AI level {level!r}; levels: {', '.join(LEVELS)}")
    if state.is_over() or state.is_chance_node():
        raise ValueError("no decision to make: the game is over or waits for a chance move")
    legal = state.legal_moves()
    if len(legal) == 1:
        return legal[0]
    return _PLAYERS[level](state, legal, rng, budget)


def hint(
    state: State, rng: random.Random, budget: float | Budget | None = None
) -> tuple[Move, str | None]:
    """The hard AI's move for the player to act, with a few words on why where the game's
    AI can say (``None`` where it cannot)."""
    move = choose(state, "hard", rng, budget)
    return move, reason(state, move)


__all__ = ["LEVELS", "Budget", "choose", "hint"]
