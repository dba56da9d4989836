"""A player's own settings (``/settings``), the same in every game and server. No Discord here.

- ``reminders``: how often the bot reminds them while a game waits on them (off, 6h, 12h,
  24h, 48h; 24h unless they chose; ``bot/service/clocks.py``).
- ``quiet``: quiet hours, in their ``time_zone`` (an IANA name such as ``Europe/Paris``; UTC
  unless they chose): a reminder that falls due then waits for the end of them.
- ``auto_play`` (on unless they chose): the bot plays a decision of theirs that has exactly
  one legal move.
- ``digest`` (off unless they chose): a daily direct message, "Your turn in 3 games".
- ``stats_hidden`` (``/settings stats: shown|hidden``; shown unless they chose): whether others
  see their ratings and statistics (``/profile``, ``/leaderboard``); their games are still
  rated and counted either way.
"""

from __future__ import annotations

import datetime
import functools
import re
import zoneinfo
from dataclasses import dataclass, replace
from typing import Any

from bot.service.clocks import DEFAULT_REMINDERS, REMINDER_INTERVALS
from bot.service.errors import ServiceError

DIGEST_HOUR = 9
"""The local hour the daily digest comes at (later if it falls in the quiet hours)."""
_QUIET = re.compile(r"^\s*(\d{1,2})(?::00)?\s*-\s*(\d{1,2})(?::00)?\s*$")


@dataclass(frozen=True)
class UserSettings:
    reminders: str = DEFAULT_REMINDERS
    quiet: tuple[int, int] | None = None
    """From hour, to hour (local, 0-23; the end excluded): ``(22, 7)`` is 22:00 to 07:00."""
    time_zone: str = "UTC"
    auto_play: bool = True
    digest: bool = False
    stats_hidden: bool = False
    """Others do not see their ratings and statistics (``/settings stats: hidden``)."""
    away_until: float | None = None
    """When the player's vacation ends (``bot/service/vacation.py``), if they took one."""

    def away(self, now: float) -> float | None:
        """When the vacation the player is on at ``now`` ends, or ``None``."""
        return self.away_until if self.away_until is not None and now < self.away_until else None

    @property
    def interval(self) -> float | None:
        """Seconds between reminders, or ``None`` for none."""
        return REMINDER_INTERVALS[self.reminders]

    @property
    def zone(self) -> zoneinfo.ZoneInfo:
        return _zone(self.time_zone)

    def quiet_until(self, moment: float) -> float | None:
        """When the quiet hours that ``moment`` falls in end (a Unix time), or ``None`` if it
        is not in quiet hours."""
        if self.quiet is None:
            return None
        start, end = self.quiet
        local = datetime.datetime.fromtimestamp(moment, self.zone)
        inside = (
            start <= local.hour < end if start < end else local.hour >= start or local.hour < end
        )
        if not inside:
            return None
        return _next_hour(local, end)

    def next_digest(self, after: float) -> float:
        """The first digest moment after ``after``: ``DIGEST_HOUR`` local, or the end of the
        quiet hours it falls in."""
        local = datetime.datetime.fromtimestamp(after, self.zone)
        moment = _next_hour(local, DIGEST_HOUR)
        return self.quiet_until(moment) or moment

    def words(self) -> list[str]:
        """The settings as ``/settings`` shows them, one line each."""
        quiet = "none" if self.quiet is None else f"{self.quiet[0]:02d}:00-{self.quiet[1]:02d}:00"
        return [
            f"Reminders: {'off' if self.interval is None else 'every ' + self.reminders}",
            f"Quiet hours: {quiet} ({self.time_zone})",
            f"Auto-play of a decision with one legal move: {'on' if self.auto_play else 'off'}",
            f"Daily digest by direct message: {'on' if self.digest else 'off'}",
            f"Your ratings and stats, to others: {'hidden' if self.stats_hidden else 'shown'}",
        ]

    def changed(self, **given: Any) -> UserSettings:
        """These settings with ``given`` ones (as ``/settings`` takes them: ``reminders``,
        ``quiet_hours`` as ``"22-7"`` or ``"off"``, ``time_zone``, ``auto_play`` and
        ``digest`` as ``"on"``/``"off"``, ``stats`` as ``"shown"``/``"hidden"``; ``None``:
        unchanged), checked; ``ServiceError``
        saying what is wrong, and nothing changed, for any bad one."""
        new = self
        if (reminders := given.get("reminders")) is not None:
            if reminders not in REMINDER_INTERVALS:
                raise ServiceError(
                    f"reminders can be {', '.join(REMINDER_INTERVALS)}, not {reminders!r}."
                )
            new = replace(new, reminders=reminders)
        if (quiet := given.get("quiet_hours")) is not None:
            new = replace(new, quiet=parse_quiet(quiet))
        if (zone := given.get("time_zone")) is not None:
            new = replace(new, time_zone=check_zone(zone))
        for name in ("auto_play", "digest"):
            if (value := given.get(name)) is not None:
                if value not in ("on", "off"):
                    raise ServiceError(f"{name} can be on or off, not {value!r}.")
                new = replace(new, **{name: value == "on"})
        if (stats := given.get("stats")) is not None:
            if stats not in ("shown", "hidden"):
                raise ServiceError(f"stats can be shown or hidden, not {stats!r}.")
            new = replace(new, stats_hidden=stats == "hidden")
        return new


def parse_quiet(text: str) -> tuple[int, int] | None:
    """``"22-7"`` -> ``(22, 7)``; ``"off"`` -> ``None``; ``ServiceError`` for anything else."""
    if text.strip().lower() in ("off", "none", ""):
        return None
    found = _QUIET.match(text)
    if found is None:
        raise ServiceError(
            f"quiet_hours is two whole hours, from-to, such as 22-7 (or off), not {text[:40]!r}."
        )
    start, end = int(found[1]), int(found[2])
    if not (0 <= start <= 23 and 0 <= end <= 23) or start == end:
        raise ServiceError("quiet_hours takes two different hours from 0 to 23, such as 22-7.")
    return start, end


def check_zone(name: str) -> str:
    """An IANA time zone name as given (``Europe/Paris``); ``ServiceError`` if unknown."""
    name = name.strip()
    if name not in zone_names():
        raise ServiceError(
            f"There is no time zone {name[:60]!r}; use a name such as Europe/Paris, "
            "America/New_York or UTC (the field suggests them as you type)."
        )
    return name


@functools.cache
def zone_names() -> frozenset[str]:
    return frozenset(zoneinfo.available_timezones())


@functools.lru_cache(maxsize=256)
def _zone(name: str) -> zoneinfo.ZoneInfo:
    return zoneinfo.ZoneInfo(name)


def _next_hour(local: datetime.datetime, hour: int) -> float:
    """The next moment after ``local`` when its clock shows ``hour``:00, as a Unix time."""
    moment = local.replace(hour=hour, minute=0, second=0, microsecond=0)
    if moment <= local:
        moment = (moment + datetime.timedelta(days=1)).replace(hour=hour)
    return moment.timestamp()


def from_row(row: Any) -> UserSettings:
    quiet = None if row["quiet_from"] is None else (row["quiet_from"], row["quiet_to"])
    return UserSettings(
        reminders=row["reminders"],
        quiet=quiet,
        time_zone=row["time_zone"],
        auto_play=bool(row["auto_play"]),
        digest=bool(row["digest"]),
        stats_hidden=bool(row["stats_hidden"]),
        away_until=row["away_until"] if row["away_since"] is not None else None,
    )


def to_columns(settings: UserSettings) -> dict[str, Any]:
    quiet = settings.quiet or (None, None)
    return {
        "reminders": settings.reminders,
        "quiet_from": quiet[0],
        "quiet_to": quiet[1],
        "time_zone": settings.time_zone,
        "auto_play": int(settings.auto_play),
        "digest": int(settings.digest),
        "stats_hidden": int(settings.stats_hidden),
    }
