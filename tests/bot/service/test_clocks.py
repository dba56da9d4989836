"""The move clock's arithmetic (``bot/service/clocks.py``): when reminders fall, and when the sweep
looks at a game first."""

from __future__ import annotations

import itertools

import pytest

from bot.service import clocks
from bot.service.clocks import DAY, HOUR


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


def test_a_late_reminder_counts_from_when_it_came_and_an_on_time_one_from_its_mark():
    due = clocks.due_reminder
    # on time (the sweep a minute late): it counts from its mark, so the next mark is due
    assert due(0.0, 5 * DAY, 24 * HOUR, None, 24 * HOUR + 60) == (24 * HOUR, 24 * HOUR, 48 * HOUR)
    assert due(0.0, 5 * DAY, 24 * HOUR, 24 * HOUR, 48 * HOUR + 60)[:2] == (48 * HOUR, 48 * HOUR)
    # a row written before, with the send time: read as on time all the same
    assert due(0.0, 5 * DAY, 24 * HOUR, 24 * HOUR + 60, 48 * HOUR + 1).mark == 48 * HOUR
    # the bot down from 20 h to 30 h into a 5-day turn: one reminder (the 24 h one, late),
    # counted from 30 h, so the 48 h one gives way and the next is at 72 h
    assert due(0.0, 5 * DAY, 24 * HOUR, None, 30 * HOUR) == (24 * HOUR, 30 * HOUR, 72 * HOUR)
    assert due(0.0, 5 * DAY, 24 * HOUR, 30 * HOUR, 48 * HOUR) == (None, None, 72 * HOUR)
    # down from 20 h to 50 h into a 3-day turn: the 24 h one would come less than an interval
    # before the 80% one (57.6 h), so it gives way to that, which still comes
    late = due(0.0, 3 * DAY, 24 * HOUR, None, 50 * HOUR)
    assert late.mark is None and late.upcoming == pytest.approx(57.6 * HOUR)
    firm = due(0.0, 3 * DAY, 24 * HOUR, None, 57.6 * HOUR + 30)
    assert firm.mark == pytest.approx(57.6 * HOUR) and clocks.final(0.0, 3 * DAY, firm.mark)
    assert firm.upcoming is None
    # on time: the 24 h one, then the 80% one
    on_time = due(0.0, 3 * DAY, 24 * HOUR, None, 24 * HOUR)
    assert on_time.mark == 24 * HOUR and on_time.upcoming == pytest.approx(57.6 * HOUR)
    assert not clocks.final(0.0, 3 * DAY, on_time.mark)
    # the 80% one is never given up for spacing (the player chose a longer interval since)
    assert due(0.0, 3 * DAY, 48 * HOUR, 30 * HOUR, 57.6 * HOUR).mark == pytest.approx(57.6 * HOUR)
    # nothing due before the first mark; reminders off: nothing at all
    assert due(0.0, 3 * DAY, 24 * HOUR, None, 23 * HOUR) == (None, None, 24 * HOUR)
    assert due(0.0, 3 * DAY, None, None, 70 * HOUR) == (None, None, None)


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
