"""Following a game in the service, on SQLite and PostgreSQL (``bot/service/follows.py``): who
may follow, the digest it turns on for followed games only, and a finished game's followers
taken once whatever process posts its end (the Discord side:
``tests/bot/discord/test_discord_follows.py``)."""

from __future__ import annotations

import asyncio

import pytest

from bot.service.errors import Closed, NotAllowed, NotFound
from tests.bot.people import ANN, BEN, CAT, DAN

DAY = 86_400.0


async def started(service, *, channel_id: int | None = 9):
    challenge = await service.challenge(
        "icesickle", ANN, BEN, channel_id=channel_id, guild_id=5 if channel_id else None
    )
    return await service.accept(challenge.id, BEN)


async def test_anyone_but_a_player_follows_a_game_under_way(services):
    service = await services()
    game = await started(service)
    follows = service.follows
    for player in (ANN, BEN):
        with pytest.raises(NotAllowed, match="You play this game already"):
            await follows.follow(game.id, player.user_id)
    with pytest.raises(NotFound, match="not played on this server"):
        await follows.follow(game.id, CAT.user_id, guild_id=6)
    assert await follows.follow(game.id, CAT.user_id, guild_id=5)
    assert not await follows.follow(game.id, CAT.user_id)  # twice: one follow
    assert await follows.follow(game.id, DAN.user_id)
    assert await follows.followers(game.id) == [CAT.user_id, DAN.user_id]
    assert await follows.count(game.id) == 2
    assert await follows.followed_by(CAT.user_id) == [game.id]
    assert await follows.unfollow(game.id, CAT.user_id)
    assert not await follows.unfollow(game.id, CAT.user_id)
    assert not await follows.follows(game.id, CAT.user_id)
    assert await follows.count(game.id) == 1

    local = await started(service, channel_id=None)
    with pytest.raises(NotAllowed, match="not played on Discord"):
        await follows.follow(local.id, CAT.user_id)
    over = await service.resign(game.id, ANN.user_id)
    with pytest.raises(Closed, match="over"):
        await follows.follow(over.id, CAT.user_id)


async def test_following_turns_a_digest_on_for_the_followed_games_only(services):
    service = await services()
    clock = service.clock
    game = await started(service)
    await service.follows.follow(game.id, CAT.user_id)
    assert not (await service.players.settings(CAT.user_id)).digest  # their setting unchanged
    clock.now += DAY
    assert await service.players.due_digests() == [(CAT.user_id, [])]  # nothing waits on them
    (entry,) = await service.follows.digest(CAT.user_id)
    assert (entry.game.id, entry.moves) == (game.id, 0)

    await service.players.change(CAT.user_id, digest="off")  # following keeps it on
    clock.now += DAY
    assert await service.players.due_digests() == [(CAT.user_id, [])]

    over = await service.resign(game.id, ANN.user_id)
    assert await service.follows.take_ended(over) == [CAT.user_id]
    clock.now += DAY
    assert await service.players.due_digests() == []  # one last look finds nothing followed
    (row,) = await service.storage.user_settings([CAT.user_id])
    assert row["digest_at"] is None  # and schedules none again


async def test_a_finished_games_followers_are_taken_once_by_two_processes(services):
    here, there = await services(), await services()
    game = await started(here)
    for follower in (CAT, DAN):
        await here.follows.follow(game.id, follower.user_id)
    assert await here.follows.take_ended(game) == []  # still going: nobody told
    over = await here.resign(game.id, ANN.user_id)
    taken = await asyncio.gather(here.follows.take_ended(over), there.follows.take_ended(over))
    assert sorted(taken[0] + taken[1]) == [CAT.user_id, DAN.user_id]  # each once, in all
    assert await there.follows.take_ended(over) == []
