"""A player's own settings (``/settings``): read and checked, stored, and what they change:
reminders by the player's interval and never in their quiet hours, and auto-play of a decision
with one legal move, only then and only for a player who leaves it on."""

from __future__ import annotations

import datetime
import random
import zoneinfo

import pytest

import engine
from bot.service.clocks import HOUR
from bot.service.facade import Service, ServiceError
from bot.service.timeouts import Reminder
from bot.service.user_settings import UserSettings, parse_quiet
from tests.bot.people import ANN, BEN, Clock
from tests.bot.playing import two_player

PARIS = zoneinfo.ZoneInfo("Europe/Paris")


def at(text: str) -> float:
    """A Unix time from a Paris wall-clock time."""
    return datetime.datetime.fromisoformat(text).replace(tzinfo=PARIS).timestamp()


def test_quiet_hours_are_read_and_checked():
    assert parse_quiet("22-7") == (22, 7)
    assert parse_quiet(" 1:00 - 5:00 ") == (1, 5)
    assert parse_quiet("off") is None
    for bad, words in (("22", "two whole hours"), ("25-3", "from 0 to 23"), ("4-4", "different")):
        with pytest.raises(ServiceError, match=words):
            parse_quiet(bad)


def test_quiet_hours_end_at_their_local_hour_across_midnight_and_daylight_saving():
    night = UserSettings(quiet=(22, 7), time_zone="Europe/Paris")
    assert night.quiet_until(at("2026-06-01 23:30")) == at("2026-06-02 07:00")
    assert night.quiet_until(at("2026-06-02 06:59")) == at("2026-06-02 07:00")
    assert night.quiet_until(at("2026-06-02 07:00")) is None
    assert night.quiet_until(at("2026-06-02 12:00")) is None
    # the night the clocks go back: still 07:00 local
    assert night.quiet_until(at("2026-10-24 23:00")) == at("2026-10-25 07:00")
    afternoon = UserSettings(quiet=(13, 15), time_zone="Europe/Paris")
    assert afternoon.quiet_until(at("2026-06-01 14:10")) == at("2026-06-01 15:00")
    assert afternoon.quiet_until(at("2026-06-01 12:10")) is None
    assert UserSettings().quiet_until(at("2026-06-01 03:00")) is None


def test_settings_change_only_when_every_value_is_good():
    base = UserSettings()
    new = base.changed(reminders="6h", quiet_hours="22-7", time_zone="Europe/Paris",
                       auto_play="off", digest="on")  # fmt: skip
    assert new == UserSettings("6h", (22, 7), "Europe/Paris", auto_play=False, digest=True)
    assert new.interval == 6 * HOUR
    for given, words in (
        ({"reminders": "3h"}, "reminders can be off, 6h, 12h, 24h, 48h"),
        ({"time_zone": "Mars/Olympus"}, "no time zone 'Mars/Olympus'"),
        ({"auto_play": "maybe"}, "auto_play can be on or off"),
    ):
        with pytest.raises(ServiceError, match=words):
            base.changed(**{"quiet_hours": "1-2", **given})
    assert base.changed() == base
    assert "Quiet hours: 22:00-07:00 (Europe/Paris)" in new.words()


async def test_settings_are_stored_per_player(tmp_path):
    path = str(tmp_path / "parlor.db")
    service = await Service.open(path, clock=Clock())
    try:
        await service.players.change(ANN.user_id, reminders="12h", quiet_hours="23-6")
        with pytest.raises(ServiceError):
            await service.players.change(ANN.user_id, reminders="6h", time_zone="Nowhere")
    finally:
        await service.close()
    again = await Service.open(path, clock=Clock())
    try:
        ann = await again.players.settings(ANN.user_id)
        assert ann.reminders == "12h" and ann.quiet == (23, 6)  # the bad change changed nothing
        assert await again.players.settings(BEN.user_id) == UserSettings()
    finally:
        await again.close()


async def test_a_reminder_due_in_quiet_hours_waits_for_their_end(services):
    service = await services()
    service.clock.now = at("2026-06-01 02:00")  # the turn starts at 02:00 in Paris
    game = await two_player(service, clock="none")
    mover = game.player_to_move
    await service.players.change(
        mover.user_id, reminders="6h", quiet_hours="7-9", time_zone="Europe/Paris"
    )
    service.clock.now = at("2026-06-01 08:00")  # due at 08:00, in the quiet hours
    assert await service.timeouts.sweep() == []
    service.clock.now = at("2026-06-01 08:59")
    assert await service.timeouts.sweep() == []
    service.clock.now = at("2026-06-01 09:00")
    (reminder,) = await service.timeouts.sweep()
    assert isinstance(reminder, Reminder) and reminder.count == 1


async def test_auto_play_plays_a_single_legal_move_and_only_then(services):
    """Whole random Pachisi games: every decision with one legal move for a player who left
    auto-play on is played by the bot (in the record as theirs, with no user); none other."""
    service = await services()
    rng = random.Random(4)
    off = BEN
    await service.players.change(off.user_id, auto_play="off")
    game = await two_player(service, "pachisi", clock="none")
    pachisi = engine.get_game("pachisi")
    while not game.over:
        game = (await service.play(game.id, game.player_to_move.user_id,
                                   rng.choice(game.state.legal_moves()))).game  # fmt: skip
    rows = await service.history(game.id)
    state = pachisi.new_game(2, game.options)
    auto = forced_for_off = 0
    for row in rows:
        if not state.is_chance_node():
            single = len(state.legal_moves()) == 1
            by_bot = row.user_id is None
            player = game.players[state.to_move]
            assert by_bot == (single and player != off), (row, single)
            auto += by_bot
            forced_for_off += single and player == off
        state = state.apply(row.move)
    assert auto and forced_for_off  # both cases came up
