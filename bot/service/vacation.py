"""Vacations (``/vacation on|off``): the clocks of a player's games wait while they are away.
No Discord in here.

The allowance cannot be abused: it starts at 14 days, earns a day for every 7 (not while
away), holds at most 30, and is spent by the day (a day begun counts whole) while away. A
vacation lasts at most the allowance there is when it starts; it ends by itself then, or when
the player says ``/vacation off``.

A game's clock never waits longer than that: each game waiting on the player gets its
deadline moved by what is left of the vacation (``until`` less the turn's start or the
vacation's, whichever is later); coming back early takes the unused part back (``until`` less
now) from every game still waiting on them. No reminders come while away. Time that has run
out stays run out: a game whose deadline has passed is left as it is either way (its claim
stands), so only clocks still running wait.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from bot.service.clocks import DAY
from bot.service.errors import ServiceError

START = 14 * DAY
"""The allowance of a player who never took a vacation."""
EARN = 1 / 7
"""Allowance earned per second not away: a day a week."""
MOST = 30 * DAY


@dataclass(frozen=True)
class Away:
    """A player's vacation record: the current (or last) vacation, and the allowance left as
    of ``allowance_at`` (``None``: the starting allowance)."""

    since: float | None = None
    until: float | None = None
    allowance: float | None = None
    allowance_at: float | None = None

    def on(self, now: float) -> bool:
        return self.since is not None and self.until is not None and now < self.until

    def left(self, now: float) -> float:
        """The allowance there is at ``now`` (what a vacation starting now may last)."""
        if self.allowance is None or self.allowance_at is None:
            return START
        base, since = self.allowance, self.allowance_at
        if self.since is not None and self.until is not None:  # a vacation recorded
            if now < self.until:
                return max(0.0, self.allowance - _spent(self.since, now))
            base, since = max(0.0, self.allowance - (self.until - self.since)), self.until
        return min(MOST, base + max(0.0, now - since) * EARN)

    def start(self, now: float) -> Away:
        """A vacation from ``now`` for as long as the allowance lasts; ``ServiceError`` if one
        is on, or no whole day is left."""
        if self.on(now):
            raise ServiceError("You are already on vacation; /vacation off ends it.")
        allowance = self.left(now)
        if allowance < DAY:
            raise ServiceError(
                "Your vacation allowance is used up: it grows by a day for every week of play."
            )
        return Away(now, now + allowance, allowance, now)

    def stop(self, now: float) -> tuple[Away, float]:
        """Back early at ``now``: the record after it, and the seconds of vacation unused
        (taken back from the games still waiting)."""
        if not self.on(now):
            raise ServiceError("You are not on vacation.")
        assert self.since is not None and self.until is not None and self.allowance is not None
        left = max(0.0, self.allowance - _spent(self.since, now))
        return Away(None, None, left, now), self.until - now


def _spent(since: float, now: float) -> float:
    """Allowance spent by a vacation from ``since`` to ``now``: by the day, a day begun whole."""
    return math.ceil(max(0.0, now - since) / DAY) * DAY
