"""How long a search may go on: a count of positions, and optionally a clock the caller passes.

A search counts the positions it looks at (every ``apply`` and every evaluation), so the same
state, seed and count give the same move on any machine. That count is sized per game to take
about a second on one core; a caller that must also bound the time (the bot, on a machine that
may be busy) passes ``out_of_time``, a check of its own clock that the search calls every
``CHECK_EVERY`` positions, and the search answers with what it has found when it says so. The
engine reads no clock itself: the check is injected, as the tests inject a counter.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

CHECK_EVERY = 256
"""Positions between two calls of ``out_of_time``."""


@dataclass(frozen=True)
class Budget:
    """``positions``: at most this many (``None``: the game's default for the level);
    ``out_of_time``: ``None``, or a check that says when the caller's time is up."""

    positions: int | None = None
    out_of_time: Callable[[], bool] | None = None


def within(budget: float | Budget | None, default: int) -> Budget:
    """``budget`` as a :class:`Budget` with its positions filled in: a number is a count of
    positions, ``None`` (or a ``Budget`` without positions) takes ``default``."""
    if isinstance(budget, Budget):
        return budget if budget.positions is not None else replace(budget, positions=default)
    return Budget(default if budget is None else int(budget))


class Checker:
    """Calls ``out_of_time`` once every ``CHECK_EVERY`` positions counted: ``due(used)``."""

    __slots__ = ("next", "out_of_time")

    def __init__(self, out_of_time: Callable[[], bool] | None) -> None:
        self.out_of_time = out_of_time
        self.next = CHECK_EVERY

    def due(self, used: int) -> bool:
        """Whether the time is up, asked when ``used`` positions have been counted."""
        if self.out_of_time is None or used < self.next:
            return False
        self.next = used + CHECK_EVERY
        return self.out_of_time()
