"""Vacations: the allowance (14 days, a day earned per week, at most 30, spent by the day),
and the clocks of a player's games waiting while they are away, through the service."""

from __future__ import annotations

import pytest

from bot.service.clocks import DAY, HOUR, claim_shown
from bot.service.facade import NotAllowed, ServiceError
from bot.service.timeouts import TimeUp
from bot.service.vacation import Away
from bot.words.clocks import clock_line, listing_words
from tests.bot.people import ANN, BEN, CAT
from tests.bot.playing import two_player


def test_the_allowance_starts_at_14_days_grows_a_day_a_week_and_holds_30():
    fresh = Away()
    assert fresh.left(0.0) == 14 * DAY
    away = fresh.start(0.0)
    assert away.on(DAY) and away.until == 14 * DAY
    assert away.left(DAY + 1) == 12 * DAY  # while away: two days begun, two spent
    back, unused = away.stop(2.5 * DAY)  # two and a half days away: three days spent
    assert unused == 11.5 * DAY and back.left(2.5 * DAY) == 11 * DAY
    assert back.left(2.5 * DAY + 70 * DAY) == 21 * DAY  # ten weeks later: ten days more
    assert back.left(10**9) == 30 * DAY
    lapsed = fresh.start(0.0)  # not ended by hand: all 14 days spent, then it earns again
    assert not lapsed.on(14 * DAY) and lapsed.left(14 * DAY) == 0.0
    assert lapsed.left(14 * DAY + 7 * DAY) == DAY
    with pytest.raises(ServiceError, match="allowance is used up"):
        lapsed.start(14 * DAY + 6 * DAY)
    with pytest.raises(ServiceError, match="already on vacation"):
        away.start(DAY)
    with pytest.raises(ServiceError, match="not on vacation"):
        back.stop(3 * DAY)


async def test_a_vacation_pauses_the_clock_for_what_it_lasts_and_no_longer(services):
    service = await services()
    game = await two_player(service, clock="1d")
    late = game.player_to_move
    other = next(p for p in game.players if p != late)
    due = game.deadline
    service.clock.now += 2 * HOUR
    away, moved = await service.players.vacation(late.user_id, True)
    assert moved == [game.id] and away.until == service.clock.now + 14 * DAY
    assert (await service.game(game.id)).deadline == due + 14 * DAY  # waits the allowance out
    service.clock.now = due + HOUR  # the day is up, but the player is away
    with pytest.raises(NotAllowed, match="still has about 14 days"):
        await service.timeouts.claim(game.id, other.user_id)
    assert await service.timeouts.sweep() == []  # and no reminders
    service.clock.now = due + 2 * DAY  # back after 2 days 22 hours: the clock waited that long
    back, moved = await service.players.vacation(late.user_id, False)
    assert moved == [game.id]
    assert (await service.game(game.id)).deadline == pytest.approx(due + 3 * DAY - 2 * HOUR)
    assert back.left(service.clock.now) == 11 * DAY  # three days begun, three days spent
    service.clock.now = due + 3 * DAY - 2 * HOUR  # the clock ran again, and ran out
    played = await service.timeouts.claim(game.id, other.user_id)
    assert played.game.over


async def test_a_turn_that_comes_to_a_player_away_waits_for_their_return(services):
    service = await services()
    game = await two_player(service, clock="1d")
    mover = game.player_to_move
    waiting = next(p for p in game.players if p != mover)
    away, _ = await service.players.vacation(waiting.user_id, True)
    service.clock.now += HOUR
    after = (await service.play(game.id, mover.user_id, game.state.legal_moves()[0])).game
    assert after.player_to_move == waiting
    assert after.deadline == pytest.approx(away.until + DAY)


async def test_no_vacation_twice_and_none_to_end_when_not_away(services):
    service = await services()
    await service.players.vacation(ANN.user_id, True)
    with pytest.raises(ServiceError, match="already on vacation"):
        await service.players.vacation(ANN.user_id, True)
    with pytest.raises(ServiceError, match="not on vacation"):
        await service.players.vacation(BEN.user_id, False)


async def test_time_run_out_stays_run_out_a_vacation_pauses_only_clocks_still_running(services):
    service = await services()
    game = await two_player(service, clock="1d")
    late = game.player_to_move
    other = next(p for p in game.players if p != late)
    running = await service.accept(
        (
            await service.challenge("icesickle", CAT, late, settings={"clock": "3d"}, channel_id=9)
        ).id,
        late,
    )
    while not running.is_to_move(late.user_id):  # the turn comes to the late player there too
        mover = running.player_to_move.user_id
        running = (await service.play(running.id, mover, running.state.legal_moves()[0])).game
    service.clock.now = game.deadline + HOUR
    assert TimeUp(game.id) in await service.timeouts.sweep()  # the other one is told
    still_due = running.deadline

    _, moved = await service.players.vacation(late.user_id, True)
    assert moved == [running.id]  # only the clock still running waits
    assert (await service.game(running.id)).deadline == still_due + 14 * DAY
    record = await service.game(game.id)
    assert record.deadline == game.deadline  # time that ran out stays run out
    assert [g.id for g in await service.players.out_of_time(late.user_id)] == [game.id]
    now = service.clock.now
    # the turn message, the button and /games agree: time ran out, claim
    line = clock_line(record, now, (await service.players.settings(late.user_id)).away(now))
    assert "time ran out" in line and "vacation" not in line
    assert claim_shown(record, now)
    (listed,) = [g for g in await service.games_of(other.user_id) if g.id == game.id]
    assert listing_words(listed, now).startswith("\N{ALARM CLOCK} time ran out")

    service.clock.now += DAY
    _, moved = await service.players.vacation(late.user_id, False)
    assert moved == [running.id]  # no time given back where it had run out either
    assert (await service.game(game.id)).deadline == game.deadline
    assert (await service.game(running.id)).deadline == pytest.approx(still_due + DAY)
    played = await service.timeouts.claim(game.id, other.user_id)
    assert played.game.over and played.game.result["timeout"] == record.seat_of(late.user_id)
