"""When reminders come, through the real sweep (``Timeouts.sweep``) over a real database with
the time moved by hand: every interval mark and the 80% one, whatever the sweep's lateness;
never two closer than an interval; none in the player's quiet hours; one, not a burst, after
the bot was down.

The property test draws its cases from a seeded ``random.Random``: the same cases every run."""

from __future__ import annotations

import datetime
import itertools
import random
import zoneinfo
from dataclasses import dataclass, field

import pytest

from bot.service import clocks
from bot.service.clocks import DAY, GRACE, HOUR, WARN_AT
from bot.service.facade import Service
from bot.service.records import Player
from bot.service.timeouts import Reminder, TimeUp
from tests.bot.playing import two_player

LATE = 60.0
"""The most a sweep comes after the moment it was due (it runs once a minute)."""
NO_CLOCK_DAYS = 15
"""How long a game without a clock is followed."""
ROUNDS = 2
"""Rounds of the property test, each a game for every clock and interval."""
ZONES = ("UTC", "Europe/Paris", "America/New_York", "Asia/Kolkata", "Australia/Adelaide")


@dataclass
class Followed:
    """A game the test follows: its turn's clock, its player's settings, what they got."""

    game_id: int
    started: float
    deadline: float | None
    interval: float
    quiet: tuple[int, int] | None
    zone: str
    sent: list[Reminder] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    timed_out: bool = False

    def quiet_at(self, moment: float) -> bool:
        if self.quiet is None:
            return False
        hour = datetime.datetime.fromtimestamp(moment, zoneinfo.ZoneInfo(self.zone)).hour
        start, end = self.quiet
        return start <= hour < end if start < end else hour >= start or hour < end

    def interval_marks(self, until: float) -> list[float]:
        """The moments the player is owed an interval reminder: every interval from the turn's
        start, the last an interval or more before the 80% one (before ``until`` for a game
        without a clock)."""
        found, k = [], 1
        while True:
            mark = self.started + k * self.interval
            if self.deadline is None and mark > until:
                return found
            if self.deadline is not None and mark > self.warn - self.interval + 1e-6:
                return found
            found.append(mark)
            k += 1

    @property
    def warn(self) -> float:
        assert self.deadline is not None
        return self.started + WARN_AT * (self.deadline - self.started)


def down_at(downs: list[tuple[float, float]], moment: float) -> float | None:
    """When the bot is back, if it is down at ``moment``."""
    for begin, end in downs:
        if begin <= moment < end:
            return end
    return None


async def follow(
    service: Service, rng: random.Random, number: int, clock: str, reminders: str, quiet: bool
) -> Followed:
    """A new two-player game on ``clock`` whose first player chose ``reminders`` (and quiet
    hours in a time zone, if ``quiet``)."""
    host, guest = Player(10_000 + 2 * number, "Host"), Player(10_001 + 2 * number, "Guest")
    challenge = await service.challenge(
        "icesickle", host, guest, settings={"clock": clock}, channel_id=9
    )
    game = await service.accept(challenge.id, guest)
    mover = game.player_to_move
    hours = (rng.randrange(24), rng.randrange(1, 10)) if quiet and rng.random() < 0.8 else None
    zone = rng.choice(ZONES)
    await service.players.change(
        mover.user_id,
        reminders=reminders,
        quiet_hours="off" if hours is None else f"{hours[0]}-{(hours[0] + hours[1]) % 24}",
        time_zone=zone,
    )
    chosen = None if hours is None else (hours[0], (hours[0] + hours[1]) % 24)
    interval = clocks.REMINDER_INTERVALS[reminders]
    assert interval is not None
    return Followed(game.id, game.turn_at, game.deadline, interval, chosen, zone)


async def run(service: Service, games: list[Followed], downs, until: float, rng: random.Random):
    """Sweep as the bot does: at each next look, up to a minute late; not while down, and
    at once when back (a restart catches up)."""
    by_id = {g.game_id: g for g in games}
    while (wake := await service.storage.next_wake()) is not None and wake <= until:
        moment = max(wake, service.clock.now) + rng.uniform(0.0, LATE)
        while (back := down_at(downs, moment)) is not None:
            moment = back + rng.uniform(0.0, LATE)
        service.clock.now = moment
        for item in await service.timeouts.sweep():
            if isinstance(item, Reminder) and item.game.id in by_id:  # not an earlier round's
                followed = by_id[item.game.id]
                followed.sent.append(item)
                followed.times.append(moment)
            elif isinstance(item, TimeUp) and item.game_id in by_id:
                by_id[item.game_id].timed_out = True


def check(game: Followed, downs, until: float) -> tuple[int, int]:
    """What the player got, against the promises (docs/playing.md, "Reminders"); how many interval
    marks and 80% ones were owed (and came)."""
    times, why = game.times, f"game {game}"
    assert [r.count for r in game.sent] == list(range(1, len(times) + 1)), why
    # none in quiet hours
    assert not any(game.quiet_at(t) for t in times), why
    # never two closer than an interval (less the few minutes one may come after its mark)
    for a, b in itertools.pairwise(times):
        assert b - a >= game.interval - GRACE, (a, b, why)
    # every interval mark the player was not quiet or the bot down at, and that lies an
    # interval after the last reminder, has its reminder within the sweep's minute
    owed = 0
    for mark in game.interval_marks(until - game.interval):
        if any(game.quiet_at(t) or down_at(downs, t) for t in (mark, mark + LATE)):
            continue
        before = [t for t in times if t < mark]
        if before and before[-1] > mark - game.interval + GRACE:
            continue
        assert any(mark <= t <= mark + LATE for t in times), (mark, why)
        owed += 1
    # the bot down over marks: when back, one reminder for them (unless quiet, or it would
    # come less than an interval after the last, or before the 80% one)
    for begin, end in downs:
        while (later := down_at(downs, end)) is not None:  # spans that overlap: one longer
            end = later
        missed = [m for m in game.interval_marks(until - game.interval) if begin <= m < end]
        if not missed or any(game.quiet_at(t) or down_at(downs, t) for t in (end, end + LATE)):
            continue
        if game.deadline is not None and end + LATE > game.warn - game.interval:
            continue
        before = [t for t in times if t < end]
        if before and before[-1] > missed[-1] - game.interval + GRACE:
            continue
        assert any(end <= t <= end + LATE for t in times), (end, why)
        owed += 1
    finals = [t for t, r in zip(times, game.sent, strict=True) if r.final]
    if game.deadline is None:
        assert not finals, why
        return owed, 0
    assert all(
        t <= game.warn - game.interval + GRACE
        for t, r in zip(times, game.sent, strict=True)
        if not r.final
    )
    # the 80% one: in the first minute from 80% on that is neither quiet nor down (or in a
    # minute before it that quiet hours or a stop began in: a sweep may come just before)
    assert len(finals) <= 1 and all(game.warn <= t < game.deadline for t in finals), why
    windows, first = [], game.warn
    while True:
        while (moved := down_at(downs, first)) is not None or game.quiet_at(first):
            first = moved if moved is not None else _hour_after(first)
        windows.append(first)
        if not (down_at(downs, first + LATE) or game.quiet_at(first + LATE)):
            break
        first += LATE
    if first + LATE < game.deadline:
        assert len(finals) == 1, (first, why)
        assert any(w <= finals[0] <= w + LATE for w in windows), (windows, why)
        assert game.sent[-1].final, why
        return owed, 1
    return owed, 0


def _hour_after(moment: float) -> float:
    """The next whole hour (quiet hours begin and end on one in every zone used here)."""
    return (moment // 1800 + 1) * 1800  # Asia/Kolkata and Adelaide: half hours off UTC


async def sweep_cases(
    service: Service, rng: random.Random, quiet: bool, down: bool
) -> tuple[int, int]:
    """One round: a game for every clock and interval, started at scattered times, swept to
    its end; the bot down a few times if ``down``. Returns how many interval marks and 80% ones
    were owed a reminder (and had it)."""
    start = service.clock.now
    downs = []
    if down:
        for _ in range(rng.randrange(1, 5)):
            begin = start + rng.uniform(0.0, 14 * DAY)
            downs.append((begin, begin + rng.choice((10 * 60, HOUR, 7 * HOUR, DAY, 3 * DAY))))
    games: list[Followed] = []
    cases = itertools.product(clocks.CLOCKS, ("6h", "12h", "24h", "48h"))
    for number, (clock, reminders) in enumerate(cases):  # started at scattered times
        later = service.clock.now + rng.uniform(0.0, 3 * HOUR)
        await run(service, games, downs, later, rng)
        service.clock.now = max(service.clock.now, later)
        while (back := down_at(downs, service.clock.now)) is not None:
            service.clock.now = back  # no game starts while the bot is down
        games.append(await follow(service, rng, number, clock, reminders, quiet))
    until = service.clock.now + NO_CLOCK_DAYS * DAY
    await run(service, games, downs, until, rng)
    owed = [check(game, downs, until) for game in games]
    return sum(o[0] for o in owed), sum(o[1] for o in owed)


@pytest.mark.parametrize("quiet,down", [(False, False), (True, False), (False, True), (True, True)])
async def test_reminders_land_on_every_mark_and_at_80_percent_never_closer_than_an_interval(
    services, quiet, down
):
    service = await services()
    rng = random.Random(f"reminders {quiet} {down}")
    marks = finals = 0
    for _ in range(ROUNDS):
        owed = await sweep_cases(service, rng, quiet, down)
        marks, finals = marks + owed[0], finals + owed[1]
    print(f"owed and came: {marks} interval reminders, {finals} at 80%")
    assert marks > 100 and finals > 10  # the cases did test something


@pytest.mark.parametrize(
    "clock,reminders,hours",
    [
        ("5d", "24h", [(24, False), (48, False), (72, False), (96, True)]),
        ("none", "24h", [(24, False), (48, False), (72, False)]),
        ("none", "6h", [(6, False), (12, False), (18, False)]),
        ("3d", "6h", [*((6 * k, False) for k in range(1, 9)), (57.6, True)]),
    ],
)
async def test_a_reminder_on_time_counts_from_its_mark_so_none_is_skipped(
    services, clock, reminders, hours
):
    # the cases: each look swept 30 s late; every interval and the 80% one come
    service = await services()
    game = await two_player(service, clock=clock)
    await service.players.change(game.player_to_move.user_id, reminders=reminders)
    came = []
    end = game.turn_at + (hours[-1][0] + 1) * HOUR
    while (wake := await service.storage.next_wake()) is not None and wake <= end:
        service.clock.now = wake + 30
        for item in await service.timeouts.sweep():
            assert isinstance(item, Reminder)
            came.append((round((service.clock.now - 30 - game.turn_at) / HOUR, 1), item.final))
    assert came == hours
