"""Move clocks and reminders, as arithmetic on times: no Discord, no SQL, no waiting.

A game's clock (table settings ``clock``, ``clock_mode``) gives the player the game waits on
that long for their turn. It restarts whenever the game comes to a player, and at each new
roll of the dice; within one turn of several decisions it keeps running. When it runs out:

- ``soft`` (the default): nothing happens by itself; the other seated players get a button to
  claim the win (two players) or to remove the player (three or four).
- ``hard``: the bot does that itself, within a minute.

A game's ``turn_timer`` option (minutes for each move, where a game's rules text has one) is a
short soft clock on top of the day clock: it restarts at every decision, and its Remove button
is on the turn message from the start (pressed early, it says how long is left), as a sweep
once a minute is too coarse for it.

While a game waits on a player, they are reminded every ``interval`` (their setting, 24 h by
default) from the turn's start and once more when 80% of their time is used
(``reminder_marks``). Never two reminders less than one interval apart, each counted from its
mark when sent on time (within ``GRACE``) or from when it was sent when late (quiet hours, the
bot down): the interval reminders give way to the 80% one (``due_reminder``).

The sweep finds the games to look at by one indexed column, ``wake_at``: the next moment
anything may be due for the game (a reminder, the deadline). A move that starts a turn sets
it to the earliest a reminder could be due (``first_wake``); the sweep, once it has the
player's own settings, sets it to the true next moment.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

import engine

if TYPE_CHECKING:
    from bot.service.records import GameRecord, GameSummary

DAY = 86_400.0
HOUR = 3_600.0

CLOCKS: dict[str, float | None] = {
    "none": None,
    "1d": DAY,
    "2d": 2 * DAY,
    "3d": 3 * DAY,
    "5d": 5 * DAY,
    "7d": 7 * DAY,
    "14d": 14 * DAY,
}
"""``/play ... clock:``: the time per move."""
DEFAULT_CLOCK = "3d"
CLOCK_MODES = ("soft", "hard")
DEFAULT_CLOCK_MODE = "soft"

REMINDER_INTERVALS: dict[str, float | None] = {
    "off": None,
    "6h": 6 * HOUR,
    "12h": 12 * HOUR,
    "24h": 24 * HOUR,
    "48h": 48 * HOUR,
}
"""``/settings reminders:``: how often a player is reminded while a game waits on them."""
DEFAULT_REMINDERS = "24h"
SHORTEST_INTERVAL = min(v for v in REMINDER_INTERVALS.values() if v)
WARN_AT = 0.8
"""The share of a player's time used when they get the firm reminder."""
SHORT_CLOCK = HOUR
"""Clocks shorter than this (a turn timer's minutes) get no reminders, and their button is on
the turn message from the start."""
LEASE = 300.0
"""Seconds a sweep holds a game it took to look at; should it die meanwhile, another sweep
takes the game up again after them."""


def clock_seconds(settings: Mapping[str, Any]) -> float | None:
    """The time per move a table chose, in seconds; ``None`` for no clock (``none``, or a game
    made before clocks)."""
    return CLOCKS.get(settings.get("clock", "none"))


def is_hard(settings: Mapping[str, Any]) -> bool:
    return settings.get("clock_mode") == "hard"


def timer_seconds(options: Mapping[str, Any]) -> float | None:
    """A game's ``turn_timer`` option (minutes for each move) in seconds, or ``None``."""
    minutes = options.get("turn_timer")
    if isinstance(minutes, int) and not isinstance(minutes, bool):
        return 60.0 * minutes
    return None


def check_clock(settings: dict[str, Any]) -> None:
    """Fill in and check a new table's ``clock`` and ``clock_mode`` (``ValueError``)."""
    clock = settings.setdefault("clock", DEFAULT_CLOCK)
    if clock not in CLOCKS:
        raise ValueError(f"clock can be {', '.join(CLOCKS)}, not {clock!r}.")
    mode = settings.setdefault("clock_mode", DEFAULT_CLOCK_MODE)
    if mode not in CLOCK_MODES:
        raise ValueError(f"clock_mode can be {' or '.join(CLOCK_MODES)}, not {mode!r}.")


@dataclass(frozen=True)
class Turn:
    """The clock of the turn a game waits on: when it began and when the player's time is up
    (``None``: no clock). Written with the move that starts the turn."""

    started: float
    deadline: float | None

    def columns(self, swept: bool = True) -> dict[str, Any]:
        """The game row's columns for a turn that starts now: its clock, the next look of the
        sweep (none for a game the sweep leaves alone: one played in a terminal), no reminder
        sent yet."""
        return {
            "turn_at": self.started,
            "deadline": self.deadline,
            "wake_at": first_wake(self.started, self.deadline) if swept else None,
            "reminders": 0,
            "reminded_at": None,
            "no_reminders": 0,
        }


NO_TURN: dict[str, Any] = {"turn_at": None, "deadline": None, "wake_at": None}
"""The clock columns of a game that waits on nobody (over)."""


def start_turn(settings: Mapping[str, Any], now: float) -> Turn:
    length = clock_seconds(settings)
    return Turn(now, None if length is None else now + length)


def first_wake(started: float, deadline: float | None) -> float:
    """The earliest anything can be due in a turn that started at ``started``: a reminder at
    the shortest interval a player may choose, the 80% reminder, or the deadline."""
    wake = started + SHORTEST_INTERVAL
    if deadline is not None:
        length = deadline - started
        wake = min(wake, deadline if length < SHORT_CLOCK else started + WARN_AT * length)
    return wake


def reminder_marks(started: float, deadline: float | None, interval: float) -> Iterator[float]:
    """The moments a player is reminded in a turn: every ``interval`` from its start, then at
    80% of the time (the interval reminders stop an interval before it, so no two are closer
    than that); without a clock, every interval for as long as the turn lasts. A clock shorter
    than ``SHORT_CLOCK`` has none."""
    if deadline is None:
        k = 1
        while True:
            yield started + k * interval
            k += 1
    length = deadline - started
    if length < SHORT_CLOCK:
        return
    warn = started + WARN_AT * length
    k = 1
    while started + k * interval <= warn - interval:
        yield started + k * interval
        k += 1
    yield warn


def next_reminder(
    started: float, deadline: float | None, interval: float | None, after: float
) -> float | None:
    """The first reminder mark later than ``after`` (the last reminder, or the turn's start)
    and before the deadline; ``None`` when none is left (or reminders are off)."""
    if interval is None:
        return None
    for mark in reminder_marks(started, deadline, interval):
        if deadline is not None and mark >= deadline:
            return None
        if mark > after:
            return mark
    return None


class Reminding(NamedTuple):
    """What ``due_reminder`` finds: the reminder ``mark`` due now (or ``None``), the moment it
    counts from once sent (``counts_from``: the mark when on time, else now; what the game
    row keeps as ``reminded_at``), and the ``upcoming`` mark the sweep looks again at (or
    ``None``: no reminder is left this turn)."""

    mark: float | None
    counts_from: float | None
    upcoming: float | None


def counts_from(started: float, deadline: float | None, interval: float, sent: float) -> float:
    """The moment a reminder sent at ``sent`` counts from: the mark it was for, when it was
    sent within ``GRACE`` of it (on time), else ``sent`` (late). ``reminded_at`` keeps this
    already; an older row kept the send time, which this reads the same way."""
    latest = None
    for mark in reminder_marks(started, deadline, interval):
        if mark > sent + EPSILON:
            break
        latest = mark
    return latest if latest is not None and sent - latest <= GRACE else sent


def due_reminder(
    started: float,
    deadline: float | None,
    interval: float | None,
    last: float | None,
    now: float,
) -> Reminding:
    """The reminder due at ``now`` in a turn, by its marks (``reminder_marks``) and the moment
    the last reminder sent counts from (``last``, ``counts_from``; ``None``: none sent yet).

    A reminder counts from its mark when sent within ``GRACE`` of it (a sweep comes a minute
    late at most), else from when it is sent (late: quiet hours, the player away, the bot
    down). Due is the latest mark come by ``now`` (marks missed meanwhile: one reminder, not
    a burst) that lies an interval or more after ``last``. A late interval reminder that would
    count from less than an interval before the 80% mark is not sent: it gives way to the 80%
    one, as the marks themselves do. So every reminder counts from at least an interval after
    the one before; the 80% one is never given up for spacing (only quiet hours that last
    until the deadline keep it away, ``timeouts._look``)."""
    if interval is None:
        return Reminding(None, None, None)
    counted = None if last is None else counts_from(started, deadline, interval, last)
    floor = started if counted is None else counted + interval
    due, upcoming = None, None
    for mark in reminder_marks(started, deadline, interval):
        if deadline is not None and mark >= deadline:
            break
        if mark < floor - EPSILON and not _owed(started, deadline, counted, mark):
            continue
        if mark > now:
            upcoming = mark
            break
        due = mark
    if due is None:
        return Reminding(None, None, upcoming)
    sent = due if now - due <= GRACE else now
    if not final(started, deadline, due) and deadline is not None:
        warn = started + WARN_AT * (deadline - started)
        if sent > warn - interval + EPSILON:  # too close to the 80% one: it waits for that
            return Reminding(None, None, upcoming)
    after = next_reminder(started, deadline, interval, max(now, sent + interval - EPSILON))
    return Reminding(due, sent, after)


def _owed(started: float, deadline: float | None, counted: float | None, mark: float) -> bool:
    """Whether ``mark`` is the 80% one and not sent yet: it comes even if the last reminder
    counts from less than an interval before it (the player chose a longer interval since,
    or a row written before reminders counted from their marks)."""
    return final(started, deadline, mark) and (counted is None or counted < mark - EPSILON)


EPSILON = 1e-6
"""Seconds below which two moments count as one (float sums of the same marks)."""
GRACE = 300.0
"""A reminder sent within this of its mark is on time and counts from its mark; the sweep
runs once a minute, so it is late by a minute at most unless held back (quiet hours, the
player away, the bot down)."""


def final(started: float, deadline: float | None, mark: float) -> bool:
    """Whether the reminder at ``mark`` is the 80% one (the last of the turn)."""
    return deadline is not None and mark >= started + WARN_AT * (deadline - started) - EPSILON


def left_words(seconds: float) -> str:
    """Time left, roughly, as a reminder says it: "about 6 h", "about 2 days", "minutes"."""
    if seconds < HOUR:
        return "minutes"
    if seconds < 2 * DAY:
        return f"about {max(1, round(seconds / HOUR))} h"
    return f"about {round(seconds / DAY)} days"


def length_words(seconds: float) -> str:
    """A clock's length: "3 days", "1 day", "2 min"."""
    if seconds < HOUR:
        return f"{round(seconds / 60)} min"
    days = seconds / DAY
    return f"{days:g} day{'s' if days != 1 else ''}"


def left_short(seconds: float) -> str:
    """Time left as a refusal says it: "0:42" under a few minutes, else roughly."""
    if seconds < SHORT_CLOCK:
        whole = int(seconds + 0.999)
        return f"{whole // 60}:{whole % 60:02d}"
    return left_words(seconds)


# -- a game's clocks, read from its record -------------------------------------------------------


def timer_deadline(record: GameRecord) -> float | None:
    """When the player to act runs out of the game's turn timer (it restarts at every
    decision), or ``None``."""
    seconds = timer_seconds(record.options)
    if seconds is None or record.over or record.seat_to_act is None or record.ai_to_act:
        return None
    return record.updated_at + seconds


def time_up(record: GameRecord) -> float | None:
    """When the player to act is out of time by any clock of the table, or ``None``."""
    times = [t for t in (timer_deadline(record), record.deadline) if t is not None]
    if record.over or record.seat_to_act is None or not times:
        return None
    return min(times)


def claim_shown(record: GameRecord, now: float) -> bool:
    """Whether the turn message carries the claim (or Remove) button: from the start under a
    turn timer (pressed early, it says how long is left), else once time is up."""
    if record.over or record.player_to_move is None:
        return False
    if timer_deadline(record) is not None:
        return True
    return record.deadline is not None and now >= record.deadline


def claims_win(game: GameRecord | GameSummary) -> bool:
    """Whether running out of time ends the game (a claim of the win) rather than removing the
    player from a table that plays on: two players left, or a game with no removals."""
    return game.players_in <= 2 or not removes_players(game.key, len(game.players))


@functools.lru_cache(maxsize=64)
def removes_players(key: str, num_players: int) -> bool:
    """Whether the game can take a player out and play on (the engine's removal moves)."""
    state = engine.get_game(key).new_game(num_players)
    return bool(state.removal_moves())


Listed = TypeVar("Listed", "GameRecord", "GameSummary")


def most_urgent_first(games: Sequence[Listed], user_id: int) -> list[Listed]:
    """Games as ``/games`` lists them: those waiting on ``user_id`` first, then each group by
    the least time left (games without a clock after those with one), then the latest move."""
    return sorted(
        games,
        key=lambda g: (
            not g.is_to_move(user_id),
            g.deadline is None,
            g.deadline or 0.0,
            -g.updated_at,
        ),
    )
