"""Rematches in the service, on SQLite and PostgreSQL: at most one per finished game, whoever
asks and in whatever process (the database's unique key decides), and the game it starts
(``bot/service/rematches.py``; the Discord side: ``tests/bot/discord/test_discord_rematch.py``)."""

from __future__ import annotations

import asyncio

import pytest

from bot.service.errors import Closed, NotAllowed, NotFound, RateLimited
from bot.service.records import GameRecord
from bot.service.rematches import AlreadyAsked, Rematch
from tests.bot.people import ANN, BEN, CAT


async def finished(service) -> GameRecord:
    """Ann and Ben's IceSickle game on a channel, which Ann resigns."""
    challenge = await service.challenge("icesickle", ANN, BEN, channel_id=9)
    record = await service.accept(challenge.id, BEN)
    return await service.resign(record.id, ANN.user_id)


async def test_two_processes_asking_at_once_make_one_rematch(services):
    here, there = await services(), await services()
    old = await finished(here)
    asked = await asyncio.gather(
        here.rematches.ask(old.id, ANN), there.rematches.ask(old.id, BEN), return_exceptions=True
    )
    made = [a for a in asked if isinstance(a, Rematch)]
    refused = [a for a in asked if isinstance(a, AlreadyAsked)]
    assert len(made) == 1 and len(refused) == 1, asked
    assert refused[0].rematch.challenge.id == made[0].challenge.id  # pointed to it
    again = [here.rematches.ask(old.id, user) for user in (ANN, BEN)]
    for asking in again + [there.rematches.ask(old.id, ANN)]:
        with pytest.raises(AlreadyAsked, match="asked for already"):
            await asking
    (row,) = await here.storage.database.fetch(
        "SELECT COUNT(*) FROM challenges WHERE rematch_of = ?", (old.id,)
    )
    assert row[0] == 1


async def test_the_last_accept_starts_the_game_once_and_its_seats_rotate(services):
    here, there = await services(), await services()
    old = await finished(here)
    rematch = await here.rematches.ask(old.id, ANN)
    assert isinstance(rematch, Rematch)
    other = BEN
    with pytest.raises(NotAllowed, match="Only the players of game"):
        await there.rematches.accept(rematch.challenge.id, CAT)
    started = await there.rematches.accept(rematch.challenge.id, other)
    assert isinstance(started, GameRecord)
    assert started.players == (old.players[1], old.players[0])
    assert (started.key, started.options, started.settings) == (old.key, old.options, old.settings)
    with pytest.raises(Closed, match="its game is on"):
        await here.rematches.accept(rematch.challenge.id, other)
    with pytest.raises(Closed, match="its game is on"):
        await here.rematches.decline(rematch.challenge.id, ANN)
    with pytest.raises(AlreadyAsked, match="its game is on"):
        await here.rematches.ask(old.id, BEN)


async def test_no_rematch_of_a_game_still_going(services):
    service = await services()
    challenge = await service.challenge("icesickle", ANN, BEN, channel_id=9)
    record = await service.accept(challenge.id, BEN)
    with pytest.raises(Closed, match="not over yet"):
        await service.rematches.ask(record.id, ANN)
    with pytest.raises(NotAllowed, match="Only the players of game"):
        await service.rematches.ask(record.id, CAT)


async def test_an_accept_refused_for_another_players_limit_is_not_taken(services):
    """Ben accepts while Ann, who asked, plays as many games as one may: the rematch cannot
    start, and Ben's accept is not kept, so it starts once Ann has room and Ben accepts."""
    service = await services()
    old = await finished(service)
    rematch = await service.rematches.ask(old.id, ANN)
    service.games_per_user = 1
    other = await service.challenge("icesickle", ANN, CAT, channel_id=9)
    other_game = await service.accept(other.id, CAT)
    with pytest.raises(RateLimited, match="Ann already plays 1 active games"):
        await service.rematches.accept(rematch.challenge.id, BEN)
    still = await service.rematches.get(rematch.challenge.id)
    assert still.challenge.status == "open" and still.waiting == (BEN,)
    await service.resign(other_game.id, ANN.user_id)
    started = await service.rematches.accept(rematch.challenge.id, BEN)
    assert isinstance(started, GameRecord) and not started.over


async def test_a_rematchs_seats_are_not_a_lobbys_nor_a_challenges(services):
    """A rematch is stored as a challenge with no invited player, as a lobby is: the lobby's
    Join (a forged click) finds no lobby there, and a challenge's Accept is not the invited
    player's; only the rematch's own Accept seats a player, and only a player of the game."""
    service = await services()
    old = await finished(service)
    rematch = await service.rematches.ask(old.id, ANN)
    for user in (CAT, BEN):
        with pytest.raises(NotFound, match="That lobby does not exist"):
            await service.lobbies.join(rematch.challenge.id, user)
        with pytest.raises(NotAllowed, match="Only the invited player"):
            await service.accept(rematch.challenge.id, user)
    still = await service.rematches.get(rematch.challenge.id)
    assert still.challenge.status == "open" and still.accepted == (ANN,)
