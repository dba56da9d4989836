"""The players of the service's tests, and the clock they share: a time the test moves by hand
(``clock.now += DAY``), handed to ``Service.open(clock=...)``."""

from __future__ import annotations

from bot.service.records import Player

ANN, BEN, CAT = Player(101, "Ann"), Player(202, "Ben"), Player(303, "Cat")
DAN = Player(404, "Dan")


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now
