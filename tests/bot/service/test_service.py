"""The service layer against a real SQLite file: challenges, games, moves, restarts, races."""

from __future__ import annotations

import asyncio
import random

import aiosqlite
import pytest

import engine
from bot.service.facade import (
    CHALLENGE_TTL,
    Closed,
    Conflict,
    NotAllowed,
    NotFound,
    RateLimited,
    Service,
    ServiceError,
)
from bot.service.store.storage import MIGRATIONS
from tests.bot import dicegame
from tests.bot.people import ANN, BEN, CAT, DAN, Clock
from tests.bot.playing import play_out, start_game


@pytest.fixture
async def service(db_path):
    svc = await Service.open(db_path, clock=Clock(), seats_rng=random.Random(1))
    yield svc
    await svc.close()


async def test_challenge_to_result(service):
    challenge = await service.challenge("icesickle", ANN, BEN, guild_id=1, channel_id=9)
    assert challenge.status == "open" and challenge.invited == BEN
    game = await service.accept(challenge.id, BEN)
    assert sorted(p.user_id for p in game.players) == [ANN.user_id, BEN.user_id]
    assert (await service.get_challenge(challenge.id)).status == "accepted"
    assert (await service.get_challenge(challenge.id)).game_id == game.id
    assert game.status == "active" and game.version == 0 and game.channel_id == 9
    game = await play_out(service, game, random.Random(3))
    assert game.over and game.outcome == game.state.outcome
    assert game.result["winners"] == list(game.state.outcome.winners)
    history = await service.history(game.id)
    assert [row.move for row in history] == [str(m) for m in game.state.history]
    assert [row.number for row in history] == list(range(1, len(history) + 1))
    for row in history:
        assert row.user_id == game.players[row.seat].user_id
    rebuilt = engine.get_game("icesickle").replay(2, game.options, [r.move for r in history])
    assert rebuilt == game.state
    assert game.version == len(history)
    with pytest.raises(Closed, match="over"):
        await service.play(game.id, game.players[0].user_id, "S@c3")
    assert await service.games_of(ANN.user_id) == []
    assert [g.id for g in await service.games_of(ANN.user_id, active_only=False)] == [game.id]


async def test_only_the_seated_player_on_turn_moves_and_bad_moves_change_nothing(service):
    game = await start_game(service)
    on_turn = game.player_to_move
    waiting = game.players[1 - game.state.to_move]
    with pytest.raises(NotAllowed, match="not playing in this game"):
        await service.play(game.id, CAT.user_id, "S@c3")
    with pytest.raises(NotAllowed, match=f"not your turn: waiting for {on_turn.name}"):
        await service.play(game.id, waiting.user_id, "S@c3")
    with pytest.raises(engine.IllegalMove, match="No jumping yet"):
        await service.play(game.id, on_turn.user_id, "c3-c5")
    after = await service.game(game.id)
    assert after.version == 0 and after.state == game.state
    assert await service.history(game.id) == []
    with pytest.raises(NotFound):
        await service.play(999, on_turn.user_id, "S@c3")


async def test_challenge_answers_and_their_limits(service):
    with pytest.raises(NotAllowed, match="challenge yourself"):
        await service.challenge("icesickle", ANN, ANN)
    with pytest.raises(NotFound, match="no game called 'chess'"):
        await service.challenge("chess", ANN, BEN)
    with pytest.raises(ServiceError, match="no option"):
        await service.challenge("icesickle", ANN, BEN, options={"rules": "x"})
    first = await service.challenge("icesickle", ANN, BEN)
    with pytest.raises(NotAllowed, match="Only the invited player can accept"):
        await service.accept(first.id, CAT)
    with pytest.raises(NotAllowed, match="Only the invited player can decline"):
        await service.decline(first.id, ANN)
    with pytest.raises(NotAllowed, match="Only the player who made this challenge"):
        await service.cancel(first.id, BEN)
    assert (await service.decline(first.id, BEN)).status == "declined"
    with pytest.raises(Closed, match="it was declined"):
        await service.accept(first.id, BEN)
    second = await service.challenge("icesickle", ANN, BEN)
    assert (await service.cancel(second.id, ANN)).status == "cancelled"
    for _ in range(3):
        await service.challenge("icesickle", ANN, CAT)
    with pytest.raises(RateLimited, match="3 open challenges"):
        await service.challenge("icesickle", ANN, BEN)


async def test_a_challenge_lapses_after_fifteen_minutes(service):
    challenge = await service.challenge("icesickle", ANN, BEN)
    service.clock.now += CHALLENGE_TTL - 1
    assert await service.expire_challenges() == []
    service.clock.now += 1
    expired = await service.expire_challenges()
    assert [c.id for c in expired] == [challenge.id]
    with pytest.raises(Closed, match="it was expired"):
        await service.accept(challenge.id, BEN)
    # Also lapses when nobody swept: accepting late is refused.
    late = await service.challenge("icesickle", ANN, BEN)
    service.clock.now += CHALLENGE_TTL
    with pytest.raises(Closed, match="expired"):
        await service.accept(late.id, BEN)
    # Lapsed challenges no longer count against the limit.
    for _ in range(3):
        await service.challenge("icesickle", ANN, CAT)


async def test_restart_resumes_every_game_exactly(db_path):
    clock = Clock()
    first = await Service.open(db_path, clock=clock, seats_rng=random.Random(5))
    games = [await start_game(first, ANN, BEN), await start_game(first, BEN, CAT)]
    rng = random.Random(8)
    games = [await play_out(first, g, rng, limit=n) for g, n in zip(games, (20, 7), strict=True)]
    await first.close()

    second = await Service.open(db_path, clock=clock)
    for before in games:
        after = await second.game(before.id)
        assert after.state == before.state and after.version == before.version
        assert after.players == before.players and after.seed == before.seed
        moves = [row.move for row in await second.history(before.id)]
        assert engine.get_game("icesickle").replay(2, {}, moves) == after.state
    finished = await play_out(second, await second.game(games[0].id), rng)
    assert finished.over
    await second.close()


async def test_two_clicks_at_once_apply_one_move(service):
    game = await start_game(service)
    mover = game.player_to_move.user_id
    results = await asyncio.gather(
        service.play(game.id, mover, "L@c3", version=game.version),
        service.play(game.id, mover, "L@c3", version=game.version),
        return_exceptions=True,
    )
    applied = [r for r in results if not isinstance(r, Exception)]
    refused = [r for r in results if isinstance(r, Exception)]
    assert len(applied) == 1 and len(refused) == 1
    assert isinstance(refused[0], Conflict)  # the board it came from is out of date
    assert [row.move for row in await service.history(game.id)] == ["L@c3"]


async def test_two_processes_on_one_file_never_both_apply(db_path):
    # Two services stand for two bot processes: only the version check protects the game.
    a = await Service.open(db_path, clock=Clock(), seats_rng=random.Random(2))
    b = await Service.open(db_path, clock=Clock())
    game = await start_game(a)
    mover = game.player_to_move.user_id
    # both clicks come from the board of the same version, as two processes would get them;
    # whichever commits second is refused, whether the two overlap or (on a busy machine) not
    seen = game.version
    results = await asyncio.gather(
        a.play(game.id, mover, "S@a1", version=seen),
        b.play(game.id, mover, "M@e5", version=seen),
        return_exceptions=True,
    )
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert any(isinstance(r, Conflict) for r in results)
    assert len(await a.history(game.id)) == 1
    assert (await b.game(game.id)).version == 1
    await a.close()
    await b.close()


async def test_resign_ends_the_game_for_the_other_player(service):
    game = await start_game(service)
    with pytest.raises(NotAllowed):
        await service.resign(game.id, CAT.user_id)
    loser = game.players[0]
    over = await service.resign(game.id, loser.user_id)
    assert over.over and over.outcome.winners == (1,)
    assert over.outcome.reason == f"{loser.name} resigned"
    with pytest.raises(Closed, match="already over"):
        await service.resign(game.id, game.players[1].user_id)
    with pytest.raises(Closed):
        await service.play(game.id, game.players[1].user_id, "S@a1")
    # Rolling what is due changes nothing in a game that is over, resigned or played out.
    played_out = await play_out(service, await start_game(service, CAT, DAN), random.Random(1))
    for done in (over, played_out):
        again = (await service.roll_due(done.id)).game
        assert again.over and again.version == done.version and again.result == done.result


async def test_the_database_is_set_up_as_designed(service, db_path):
    await start_game(service)
    assert await service.storage.schema_version() == len(MIGRATIONS)
    if db_path.startswith("postgresql://"):
        return  # (PostgreSQL keeps its foreign keys and its log always)
    async with aiosqlite.connect(db_path) as db:
        assert (await (await db.execute("PRAGMA user_version")).fetchone())[0] == len(MIGRATIONS)
        assert (await (await db.execute("PRAGMA journal_mode")).fetchone())[0] == "wal"
    fk = await (await service.storage.db.execute("PRAGMA foreign_keys")).fetchone()
    assert fk[0] == 1


async def test_table_settings_are_checked(service):
    for settings, message in (
        ({"roll": "button"}, "IceSickle has no dice"),
        ({"roll": "sometimes"}, "roll can be bot or button"),
        ({"colour": "red"}, "no table setting 'colour'"),
    ):
        with pytest.raises(ServiceError, match=message):
            await service.challenge("icesickle", ANN, BEN, settings=settings)
    assert await service.storage.open_challenges_by(ANN.user_id, service.clock()) == 0


async def test_a_roll_by_hand_draws_what_the_bot_would_have(db_path, another_db):
    with dicegame.registered() as race:
        by_bot = await Service.open(db_path, seats_rng=random.Random(5))
        by_hand = await Service.open(another_db, seats_rng=random.Random(5))
        games = []
        for svc, settings in ((by_bot, None), (by_hand, {"roll": "button"})):
            challenge = await svc.challenge(race.key, ANN, BEN, settings=settings)
            games.append(await svc.accept(challenge.id, BEN))
        auto, hand = games
        assert not auto.awaiting_roll and auto.state.die is not None
        assert hand.awaiting_roll and hand.player_to_move == hand.players[0]
        with pytest.raises(NotAllowed, match="not your turn"):
            await by_hand.play(hand.id, hand.players[1].user_id, "roll")
        with pytest.raises(engine.IllegalMove, match="Roll the dice first"):
            await by_hand.play(hand.id, hand.players[0].user_id, "m1")
        rolled = await by_hand.play(hand.id, hand.players[0].user_id, "ROLL")
        assert rolled.moves == (auto.state.history[0],)
        assert rolled.game.state == auto.state
        await by_bot.close()
        await by_hand.close()


async def test_the_listing_says_whose_turn_it_is_without_reading_the_game(service):
    """``games_of`` reads summary columns only; after every move they agree with the game
    itself: whose turn (the player to move, or the roller at a table that rolls by hand),
    the version, and what each player sees (their turn or not)."""
    lobby = await service.lobbies.open("pachisi", ANN, 3, settings={"roll": "button"})
    await service.lobbies.join(lobby.id, BEN)
    game = await service.lobbies.join(lobby.id, CAT)
    rng = random.Random(5)
    for _ in range(120):
        if game.over:
            break
        for person in (ANN, BEN, CAT):
            listed = {g.id: g for g in await service.games_of(person.user_id)}[game.id]
            assert listed.seat_to_act == game.seat_to_act and listed.version == game.version
            assert listed.is_to_move(person.user_id) == game.is_to_move(person.user_id)
        mover = game.player_to_move
        move = "roll" if game.awaiting_roll else rng.choice(game.state.legal_moves())
        game = (await service.play(game.id, mover.user_id, move)).game
    assert game.seat_to_act is not None  # still on, after 120 moves with rolls by hand


async def test_a_game_is_posted_in_its_thread_else_its_channel_and_never_off_discord(service):
    game = await start_game(service)  # challenged in channel 9
    assert game.place_id == 9
    await service.set_place(game.id, channel_id=9, thread_id=77)
    assert (await service.game(game.id)).place_id == 77
    local = await service.accept(
        (await service.challenge("icesickle", ANN, CAT)).id, CAT
    )  # a game in a terminal
    with pytest.raises(ServiceError, match="no channel on Discord"):
        local.place_id  # noqa: B018


async def test_a_process_keeps_up_with_moves_another_process_made(db_path):
    # Two services on one database stand for two bot processes (shards, a sweep, an AI):
    # A keeps the game as it last wrote it; B moves meanwhile; A's next move must be judged
    # on the game as stored, not refused as "not your turn" on what A kept.
    a = await Service.open(db_path, clock=Clock(), seats_rng=random.Random(1))
    b = await Service.open(db_path, clock=Clock())
    try:
        game = await start_game(a)
        game = await play_out(a, game, random.Random(2), 1)  # A keeps it now
        moved = await play_out(b, await b.game(game.id), random.Random(3), 1)
        mover = moved.player_to_move
        assert mover != game.player_to_move
        after = await a.play(game.id, mover.user_id, moved.state.legal_moves()[0])
        assert after.game.version == moved.version + 1
        with pytest.raises(Conflict, match="out of date"):  # a click from a board now old
            await a.play(game.id, after.game.player_to_move.user_id, "x", version=moved.version)
    finally:
        await a.close()
        await b.close()
