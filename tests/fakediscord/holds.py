"""Holding a request of the bot's, for tests of what a crash at that moment leaves behind.

``fake.hold("POST", "/channels/{channel_id}/messages", predicate)`` holds the first matching
request before it does anything: the test sees it arrive (``await hold.reached()``), kills
the bot, then lets it go (``release()``, it goes through as if nothing happened) or drops it
(``drop()``: it does nothing and is left out of ``fake.requests``, as a request the process
died sending never reached Discord)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from .records import RequestRecord


class Dropped(Exception):
    """The held request was dropped: answered by nothing."""


class Hold:
    def __init__(
        self,
        fake: Any,
        method: str,
        route: str,
        predicate: Callable[[RequestRecord], bool] | None = None,
    ) -> None:
        self.fake = fake
        self.method, self.route, self.predicate = method, route, predicate
        self.request: RequestRecord | None = None
        self._let_go = asyncio.Event()
        self._dropped = False

    def matches(self, rec: RequestRecord) -> bool:
        return (
            self.request is None
            and rec.method == self.method
            and rec.route == self.route
            and (self.predicate is None or self.predicate(rec))
        )

    async def keep(self, rec: RequestRecord) -> None:
        """Hold ``rec`` until released (then return) or dropped (then raise ``Dropped``)."""
        self.request = rec
        self.fake.pulse.fire()
        await self._let_go.wait()
        if self._dropped:
            raise Dropped

    async def reached(self, timeout: float | None = None) -> RequestRecord:
        """The held request, once it has arrived."""
        what = f"a held {self.method} {self.route}"
        await self.fake.wait_until(lambda: self.request, what, timeout)
        assert self.request is not None
        return self.request

    def release(self) -> None:
        self._let_go.set()

    def drop(self) -> None:
        self._dropped = True
        self._let_go.set()
