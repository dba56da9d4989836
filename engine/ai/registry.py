"""Which evaluation, reason and search each game's AI uses. A game missing here still gets
an AI (the generic evaluation and search), so a new game plays from the day it is added."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import ModuleType
from typing import TYPE_CHECKING

from ..core import Move, State
from . import icesickle_ai, iceturn_ai, pachicei_ai, pachisi_ai

if TYPE_CHECKING:
    import random

Evaluation = Callable[[State], tuple[float, ...]]
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
    from .values import standing_values

    return getattr(MODULES.get(key), "evaluate", standing_values)


def chance_aware(key: str) -> bool:
    """Whether the game's evaluation, read at a chance node, already stands for the mean over
    its outcomes (the game's module says so with ``CHANCE_AWARE = True``)."""
    return bool(getattr(MODULES.get(key), "CHANCE_AWARE", False))


def search(key: str) -> Search:
    from .medium import medium

    return getattr(MODULES.get(key), "search", medium)


def reason(state: State, move: Move) -> str | None:
    """Why ``move`` is good for the player to act, in a few words, where the game's AI can
    say; ``None`` where it cannot."""
    said = getattr(MODULES.get(state.game.key), "reason", None)
    return said(state, move) if said else None
