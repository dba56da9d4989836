"""Which evaluation, reason and search each game's AI uses: the top of :mod:`engine.ai`.

The generic searches (:mod:`~engine.ai.medium`, :mod:`~engine.ai.alphabeta`,
:mod:`~engine.ai.expectimax`, :mod:`~engine.ai.mcts`) know no game: they take the evaluation
as an argument. This module imports every game's AI module and hands each game's evaluation to
them; a game's own search passes its evaluation itself. A game missing here still gets an AI
(the generic evaluation, :func:`engine.ai.values.standing_values`, and the one-ply search), so
a new game plays from the day it is added."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from types import ModuleType
from typing import TYPE_CHECKING

from ..core import Move, State
from . import icesickle_ai, iceturn_ai, pachicei_ai, pachisi_ai
from .medium import medium
from .values import Evaluation, standing_values

if TYPE_CHECKING:
    import random

Search = Callable[[State, Sequence[Move], "random.Random", float | None], Move]

MODULES: dict[str, ModuleType] = {
    "pachisi": pachisi_ai,
    "pach-ice-i": pachicei_ai,
    "icesickle": icesickle_ai,
    "ice-turn": iceturn_ai,
}
"""Per game key, the module with its ``evaluate(state)``, ``reason(state, move)``,
``search(state, legal, rng, budget)`` and ``CHANCE_AWARE``; each may leave any of them out."""


def evaluation(key: str) -> Evaluation:
    """The game's evaluation: its module's ``evaluate``, else the generic one."""
    return getattr(MODULES.get(key), "evaluate", standing_values)


def chance_aware(key: str) -> bool:
    """Whether the game's evaluation, read at a chance node, already stands for the mean over
    its outcomes (the game's module says so with ``CHANCE_AWARE = True``)."""
    return bool(getattr(MODULES.get(key), "CHANCE_AWARE", False))


def one_ply(key: str) -> Search:
    """The medium level for the game: one ply, greedy on the game's evaluation."""
    return partial(medium, evaluate=evaluation(key), chance_aware=chance_aware(key))


def search(key: str) -> Search:
    """The hard level for the game: its module's ``search``, else the medium level."""
    return getattr(MODULES.get(key), "search", None) or one_ply(key)


def reason(state: State, move: Move) -> str | None:
    """Why ``move`` is good for the player to act, in a few words, where the game's AI can
    say; ``None`` where it cannot."""
    said = getattr(MODULES.get(state.game.key), "reason", None)
    return said(state, move) if said else None
