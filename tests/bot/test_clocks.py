"""The move clock's arithmetic (``bot/clocks.py``): when reminders fall, and when the sweep
looks at a game first."""

from __future__ import annotations

import itertools

import pytest

from bot import clocks
from bot.clocks import DAY, HOUR


def marks(length: float | None, interval: float, most: int = 50) -> list[float]:
    """A turn's reminder marks, in hours from its start."""
    deadline = None if length is None else length
    found = []
    after = 0.0
    while len(found) < most:
        mark = clocks.next_reminder(0.0, deadline, interval, after)
        if mark is None:
            break
        found.append(round(mark / HOUR, 2))
        after = mark
    return found


def test_reminders_come_every_interval_then_at_80_percent_never_closer_than_one_interval():
    assert marks(3 * DAY, 24 * HOUR) == [24, 57.6]  # 48 h would be 9.6 h before the 80% one
    assert marks(1 * DAY, 24 * HOUR) == [19.2]
    assert marks(14 * DAY, 24 * HOUR) == [24 * k for k in range(1, 11)] + [268.8]
    assert marks(3 * DAY, 6 * HOUR) == [6 * k for k in range(1, 9)] + [57.6]
    for length, interval in itertools.product(clocks.CLOCKS.values(), (6, 12, 24, 48)):
        if length is None:
            continue
        found = marks(length, interval * HOUR)
        assert found[-1] == round(0.8 * length / HOUR, 2)  # the firm one always comes
        assert all(b - a >= interval - 0.01 for a, b in itertools.pairwise(found))


def test_without_a_clock_reminders_go_on_every_interval():
    assert marks(None, 24 * HOUR, most=4) == [24, 48, 72, 96]


def test_a_short_clock_has_no_reminders():
    assert marks(120.0, 6 * HOUR) == []


def test_a_sweep_after_a_long_gap_sends_one_reminder_and_keeps_the_interval():
    # the bot was down from 20 h to 50 h into a 3-day turn: one reminder (the 24 h one, late),
    # and the next no sooner than an interval after it, so the 80% one (57.6 h) gives way
    due, upcoming = clocks.due_reminder(0.0, 3 * DAY, 24 * HOUR, None, 50 * HOUR)
    assert due == 24 * HOUR and upcoming is None
    # on time: the 24 h one, then the 80% one
    due, upcoming = clocks.due_reminder(0.0, 3 * DAY, 24 * HOUR, None, 24 * HOUR)
    assert due == 24 * HOUR and upcoming == pytest.approx(57.6 * HOUR)
    assert clocks.final(0.0, 3 * DAY, upcoming) and not clocks.final(0.0, 3 * DAY, due)
    # nothing due before the first mark; reminders off: nothing at all
    assert clocks.due_reminder(0.0, 3 * DAY, 24 * HOUR, None, 23 * HOUR) == (None, 24 * HOUR)
    assert clocks.due_reminder(0.0, 3 * DAY, None, None, 70 * HOUR) == (None, None)


def test_the_first_look_is_the_earliest_anything_can_be_due():
    assert clocks.first_wake(0.0, 3 * DAY) == 6 * HOUR  # the shortest reminder interval
    assert clocks.first_wake(0.0, 5 * HOUR) == 4 * HOUR  # the 80% reminder
    assert clocks.first_wake(0.0, 120.0) == 120.0  # a short clock: its deadline
    assert clocks.first_wake(0.0, None) == 6 * HOUR


def test_settings_are_filled_in_and_checked():
    settings: dict = {}
    clocks.check_clock(settings)
    assert settings == {"clock": "3d", "clock_mode": "soft"}
    assert clocks.clock_seconds(settings) == 3 * DAY
    assert clocks.clock_seconds({}) is None  # a game made before clocks has none
    assert clocks.clock_seconds({"clock": "none"}) is None
    with pytest.raises(ValueError, match="clock can be none, 1d, 2d, 3d, 5d, 7d, 14d, not '4d'"):
        clocks.check_clock({"clock": "4d"})
    with pytest.raises(ValueError, match="clock_mode can be soft or hard, not 'firm'"):
        clocks.check_clock({"clock_mode": "firm"})


def test_words_for_time_left_and_clock_lengths():
    assert clocks.left_words(30 * 60) == "minutes"
    assert clocks.left_words(6.2 * HOUR) == "about 6 h"
    assert clocks.left_words(3 * DAY) == "about 3 days"
    assert clocks.length_words(3 * DAY) == "3 days"
    assert clocks.length_words(DAY) == "1 day"
    assert clocks.length_words(120) == "2 min"
