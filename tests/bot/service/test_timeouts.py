"""Move clocks through the service against a real SQLite file, with the time moved by hand:
claims, the hard clock, reminders, and a sweep that reads only the games due."""

from __future__ import annotations

import asyncio
import random

import pytest

import engine
from bot.service.clocks import DAY, HOUR, most_urgent_first
from bot.service.facade import Closed, NotAllowed, Service
from bot.service.timeouts import Reminder, TimedOut, TimeUp
from bot.words.clocks import listing_words
from tests.bot.clock_games import copies
from tests.bot.databases import sqlite_only
from tests.bot.people import ANN, BEN, CAT, DAN
from tests.bot.playing import two_player


async def lobby_game(service: Service, key: str, players, **settings):
    lobby = await service.lobbies.open(
        key, players[0], len(players), settings=settings, channel_id=9
    )
    for player in players[1:]:
        game = await service.lobbies.join(lobby.id, player)
    return game


async def test_a_soft_clock_lets_only_the_others_claim_and_only_once_time_is_up(services):
    service = await services()
    game = await two_player(service, clock="1d")
    assert game.deadline == game.turn_at + DAY == service.clock() + DAY
    late = game.player_to_move
    other = next(p for p in game.players if p != late)
    service.clock.now = game.deadline - 1
    with pytest.raises(NotAllowed, match=rf"{late.name} still has 0:01 for this move"):
        await service.timeouts.claim(game.id, other.user_id)
    service.clock.now = game.deadline - 5 * HOUR
    with pytest.raises(NotAllowed, match="still has about 5 h for this move"):
        await service.timeouts.claim(game.id, other.user_id)
    # nothing happens by itself: the sweep only says time is up, once
    service.clock.now = game.deadline
    assert await service.timeouts.sweep() == [TimeUp(game.id)]
    assert await service.timeouts.sweep() == []
    assert not (await service.game(game.id)).over
    with pytest.raises(NotAllowed, match="can't claim a win from yourself"):
        await service.timeouts.claim(game.id, late.user_id)
    with pytest.raises(NotAllowed, match="Only the other players"):
        await service.timeouts.claim(game.id, DAN.user_id)
    played = await service.timeouts.claim(game.id, other.user_id, version=game.version)
    after = played.game
    assert after.over and after.outcome.winners == (game.players.index(other),)
    assert after.outcome.reason == f"{late.name} ran out of time"
    stored = await service.game(game.id)
    assert stored.result == {
        "timeout": game.players.index(late),
        "winners": [stored.seat_of(other.user_id)],
    }
    assert stored.deadline is None
    with pytest.raises(Closed):
        await service.timeouts.claim(game.id, other.user_id)


async def test_the_clock_restarts_when_the_game_comes_to_a_player_and_at_each_roll(services):
    service = await services()
    rng = random.Random(5)
    for key in ("ice-turn", "pachisi", "pach-ice-i"):
        game = await two_player(service, key, clock="2d")
        restarts = keeps = 0
        for _ in range(60):
            if game.over:
                break
            service.clock.now += HOUR
            played = await service.play(game.id, game.player_to_move.user_id,
                                        rng.choice(game.state.legal_moves()))  # fmt: skip
            after = played.game
            made = (await service.history(game.id))[len(game.state.history) :]
            rolled = any(row.seat == engine.CHANCE for row in made)
            new_turn = after.seat_to_act != game.seat_to_act or rolled
            if after.over:
                assert after.deadline is None
            elif new_turn:
                assert after.deadline == service.clock() + 2 * DAY, key
                restarts += 1
            else:  # a later decision of the same turn: the clock runs on
                assert after.deadline == game.deadline, key
                keeps += 1
            assert (await service.game(game.id)).deadline == after.deadline
            game = after
        assert restarts and keeps, key


async def test_a_hard_clock_acts_once_even_when_two_processes_sweep_at_once(services):
    first, second = await services(), await services()
    game = await two_player(first, clock="1d", clock_mode="hard")
    late = game.player_to_move
    first.clock.now = game.deadline - 1  # just before: the firm reminder, nothing else
    assert [type(d) for d in await first.timeouts.sweep()] == [Reminder]
    assert not (await first.game(game.id)).over
    first.clock.now = game.deadline + 30
    found = await asyncio.gather(first.timeouts.sweep(), second.timeouts.sweep())
    acted = [item for items in found for item in items]
    assert len(acted) == 1 and isinstance(acted[0], TimedOut)
    assert acted[0].seat == game.players.index(late) and acted[0].played.game.over
    stored = await second.game(game.id)
    assert stored.over and stored.outcome.reason == f"{late.name} ran out of time"
    assert stored.version == game.version + 1  # one change, not two
    assert await first.timeouts.sweep() == [] and await second.timeouts.sweep() == []


async def test_at_three_players_the_clock_removes_and_the_others_play_on(services):
    service = await services()
    game = await lobby_game(service, "pachisi", [ANN, BEN, CAT], clock="1d", clock_mode="hard")
    late = game.player_to_move
    service.clock.now = game.deadline
    (timed_out,) = [d for d in await service.timeouts.sweep() if isinstance(d, TimedOut)]
    after = await service.game(game.id)
    assert not after.over and after.gone == {game.players.index(late)}
    assert after.player_to_move != late and after.deadline == service.clock() + DAY
    rows = await service.history(game.id)  # the bot's removal is in the record, by nobody
    assert any(r.move == f"remove {timed_out.seat}" and r.user_id is None for r in rows)
    assert timed_out.seat == game.players.index(late)


async def test_where_no_one_may_leave_a_claim_at_three_ends_the_game_for_all(services):
    service = await services()
    game = await lobby_game(service, "ice-turn", [ANN, BEN, CAT], clock="1d")
    late = game.player_to_move
    others = [p for p in game.players if p != late]
    service.clock.now = game.deadline
    after = (await service.timeouts.claim(game.id, others[0].user_id)).game
    assert after.over and after.outcome.reason == f"{late.name} ran out of time"
    assert {after.players[s] for s in after.outcome.winners} == set(others)


async def test_reminders_come_per_interval_once_each_and_stop_when_asked(services):
    service = await services()
    game = await two_player(service, clock="none")
    mover = game.player_to_move
    other = next(p for p in game.players if p != mover)
    start = service.clock.now
    service.clock.now = start + 24 * HOUR - 1
    assert await service.timeouts.sweep() == []
    service.clock.now = start + 24 * HOUR
    (first,) = await service.timeouts.sweep()
    assert isinstance(first, Reminder) and first.count == 1 and not first.final
    assert first.game.player_to_move == mover and first.game.turn_at == start
    assert await service.timeouts.sweep() == []  # once
    service.clock.now = start + 48 * HOUR
    (second,) = await service.timeouts.sweep()
    assert second.count == 2
    turn = int(start)
    with pytest.raises(NotAllowed, match="Only the player whose turn it is"):
        await service.timeouts.stop_reminders(game.id, other.user_id, turn)
    with pytest.raises(Closed, match="this reminder is old"):
        await service.timeouts.stop_reminders(game.id, mover.user_id, turn - 1)
    await service.timeouts.stop_reminders(game.id, mover.user_id, turn)
    service.clock.now = start + 30 * DAY
    assert await service.timeouts.sweep() == []
    # the next turn reminds the next player again
    move = game.state.legal_moves()[0]
    after = (await service.play(game.id, mover.user_id, move)).game
    service.clock.now += 24 * HOUR
    (again,) = await service.timeouts.sweep()
    assert again.game.player_to_move == other and again.count == 1
    assert after.turn_at == start + 30 * DAY


async def test_a_players_own_interval_and_none_for_a_player_who_turned_them_off(services):
    service = await services()
    game = await two_player(service, clock="none")
    mover = game.player_to_move
    start = service.clock.now
    await service.players.change(mover.user_id, reminders="6h")
    for hours, count in ((6, 1), (12, 2)):
        service.clock.now = start + hours * HOUR
        (reminder,) = await service.timeouts.sweep()
        assert reminder.count == count
    await service.players.change(mover.user_id, reminders="off")
    service.clock.now = start + 18 * HOUR
    assert await service.timeouts.sweep() == []
    service.clock.now = start + 40 * DAY
    assert await service.timeouts.sweep() == []  # no look is left


async def test_the_firm_reminder_comes_at_80_percent_and_says_so(services):
    service = await services()
    game = await two_player(service, clock="1d")
    service.clock.now = game.turn_at + 0.8 * DAY
    (warning,) = await service.timeouts.sweep()
    assert warning.final and warning.count == 1
    service.clock.now = game.deadline - 1
    assert await service.timeouts.sweep() == []


async def test_a_sweep_over_10000_games_with_100_due_reads_and_writes_only_those(services, db_path):
    sqlite_only(db_path, "counts the instructions SQLite runs")
    service = await services()
    await two_player(service, clock="3d")
    db = service.storage.db
    now = service.clock.now

    async def fill(total: int, due: int) -> None:
        await copies(db, total - 1, due, now + 6 * HOUR, now + 60 * HOUR)

    async def work_of_a_sweep() -> tuple[int, int, int]:
        """(reminders handed out, SQLite instructions run, rows changed) by one sweep."""
        steps = [0]

        def count() -> int:
            steps[0] += 1
            return 0

        conn = db._conn
        await db._execute(conn.set_progress_handler, count, 1)
        changed = conn.total_changes
        try:
            found = await service.timeouts.sweep()
        finally:
            await db._execute(conn.set_progress_handler, None, 1)
        return len(found), steps[0], conn.total_changes - changed

    service.clock.now = now + 24 * HOUR  # the first reminder of each due game
    await fill(101, 100)
    small = await work_of_a_sweep()
    await fill(10_001, 100)
    large = await work_of_a_sweep()
    assert small[0] == large[0] == 100
    assert large[2] == small[2] == 200  # each due game taken, then settled: no other row
    # 9,900 more games stored cost the sweep fewer instructions than one per game: it reads
    # the due ones by the index, and never the others
    assert large[1] - small[1] < 9_900, (small, large)
    plan = await db.execute_fetchall(
        "EXPLAIN QUERY PLAN SELECT id FROM games WHERE wake_at <= ? ORDER BY wake_at", (now,)
    )
    assert any("games_wake" in row[3] for row in plan)


def test_the_engine_still_has_the_removal_the_clock_uses():
    state = engine.get_game("pachisi").new_game(3)
    assert state.removal_moves()
    assert not engine.get_game("ice-turn").new_game(3).removal_moves()


async def test_games_are_listed_yours_first_then_by_the_time_left(services):
    service = await services()
    games = []
    for clock in ("7d", "1d", "none", "2d"):
        challenge = await service.challenge("icesickle", ANN, BEN, settings={"clock": clock})
        games.append(await service.accept(challenge.id, BEN, shuffle=False))  # Ann moves first
        service.clock.now += 60
    waiting = games[3]  # Ann moves there: the game now waits on Ben
    await service.play(waiting.id, ANN.user_id, waiting.state.legal_moves()[0])
    listed = most_urgent_first(await service.games_of(ANN.user_id), ANN.user_id)
    assert [g.id for g in listed] == [games[1].id, games[0].id, games[2].id, waiting.id]
    now = service.clock.now
    assert (
        listing_words(listed[0], now) == f"\N{ALARM CLOCK} time up <t:{int(listed[0].deadline)}:R>"
    )
    assert listing_words(listed[2], now) == ""  # no clock
    assert "time ran out" in listing_words(listed[0], listed[0].deadline)


async def test_a_turn_is_over_when_another_player_acts_or_was_rolled_for(services):
    """``Played.turn_over`` (one mention per turn) over whole Pachisi games: over whenever
    another player acts next, and also when the bot rolled or played for another player and
    the turn came back (their roll had no move, or one it played for them): then the same
    player is mentioned afresh."""
    service = await services()
    rng = random.Random(2)
    passed_back = 0
    for _ in range(3):
        game = await two_player(service, "pachisi", clock="none")
        while not game.over:
            actor = game.seat_to_act
            played = await service.play(game.id, game.player_to_move.user_id,
                                        rng.choice(game.state.legal_moves()))  # fmt: skip
            after = played.game
            state, rolled_for_other = game.state.apply(played.moves[0]), False
            for move in played.moves[1:]:  # the bot's: dice, and only moves played for players
                seat = state.roller if state.is_chance_node() else state.to_move
                rolled_for_other |= seat not in (None, actor)
                state = state.apply(move)
            expected = after.over or after.seat_to_act != actor or rolled_for_other
            assert played.turn_over == expected
            passed_back += after.seat_to_act == actor and rolled_for_other
            game = after
    assert passed_back  # the case a plain "who acts next" check would miss


async def test_a_move_between_the_take_and_the_write_wins_over_the_sweep(services):
    """The sweep writes what it will send only if the game is still as it took it: a move
    made meanwhile (it started a new turn with its own clock) is never overwritten, and the
    reminder of the turn that ended is not sent."""
    service = await services()
    game = await two_player(service, clock="none")
    service.clock.now += 24 * HOUR
    lease = service.clock.now + 300
    (taken,) = await service.storage.take_due(service.clock.now, lease, 10)
    await service.play(game.id, game.player_to_move.user_id, game.state.legal_moves()[0])
    wrote = await service.storage.settle(
        game.id, lease, taken["version"], wake_at=None, reminders=1, reminded_at=1.0
    )
    assert not wrote
    async with service.storage.transaction() as tx:
        (row,) = await tx.fetch(
            "SELECT reminders, reminded_at, turn_at FROM games WHERE id = ?", (game.id,)
        )
    assert tuple(row) == (0, None, service.clock.now)


async def test_writes_on_a_turn_or_a_digest_that_moved_on_change_nothing(services):
    # (the race the service cannot arrange by itself: the turn ends, or the player changes
    # their settings, between what the sweep read and what it writes)
    service = await services()
    game = await two_player(service, clock="1d")
    storage = service.storage
    assert not await storage.stop_reminders(game.id, game.turn_at - 1)  # an older turn
    assert await storage.stop_reminders(game.id, game.turn_at)
    await storage.save_user_settings(ANN.user_id, {"digest": 1}, 1_800_100_000.0)
    assert not await storage.next_digest(ANN.user_id, 1_800_000_000.0, 1_800_200_000.0)
    (row,) = await storage.user_settings([ANN.user_id])
    assert row["digest_at"] == 1_800_100_000.0  # untouched
    assert await storage.next_digest(ANN.user_id, 1_800_100_000.0, 1_800_200_000.0)
