"""Lobbies in the service, against a real SQLite file: open, join, leave, start, races,
lapses, restarts. The game is the test-only "dice race" (2-4 players)."""

from __future__ import annotations

import asyncio
import contextlib
import random
from types import MappingProxyType

import aiosqlite
import pytest

import engine
from bot.service.facade import (
    CHALLENGE_TTL,
    Challenge,
    Closed,
    GameRecord,
    NotAllowed,
    NotFound,
    Player,
    RateLimited,
    Service,
    ServiceError,
)
from bot.service.lobbies import NotReady
from bot.service.store import storage as storage_module
from engine.core import Option
from tests.bot import dicegame
from tests.bot.databases import sqlite_only
from tests.bot.game_records import old_challenge
from tests.bot.people import ANN, BEN, CAT, Clock

DAN = Player(404, "Dan")


class PartnersRace(dicegame.DiceRace):
    """Dice race with an option that only works for 4 players, as a partnership game's."""

    key = "partners-race"
    options = MappingProxyType(
        dict(dicegame.DiceRace.options)
        | {"partners": Option(False, (False, True), "play in two teams of two")}
    )

    def _check_options(self, num_players, options):
        if options["partners"] and num_players != 4:
            raise ValueError(f"partners needs 4 players, not {num_players}")


@contextlib.contextmanager
def partners_registered():
    engine.GAMES[PartnersRace.key] = PartnersRace()
    try:
        yield
    finally:
        del engine.GAMES[PartnersRace.key]


@pytest.fixture
def race():
    with dicegame.registered() as game:
        yield game.key


@pytest.fixture
async def service(db_path, race):
    svc = await Service.open(db_path, clock=Clock(), seats_rng=random.Random(1))
    yield svc
    await svc.close()


async def test_a_lobby_fills_up_and_starts_by_itself(service, race):
    lobbies = service.lobbies
    lobby = await lobbies.open(race, ANN, 3, options={"target": "20"}, guild_id=1, channel_id=9)
    assert lobby.is_lobby and lobby.status == "open" and lobby.invited is None
    assert lobby.seated == (ANN,) and lobby.free_seats == 2 and lobby.num_players == 3
    assert lobby.options == {"target": 20}  # the host's choices; the rest take defaults
    assert lobby.expires_at - lobby.created_at == CHALLENGE_TTL
    joined = await lobbies.join(lobby.id, BEN)
    assert isinstance(joined, Challenge) and joined.seated == (ANN, BEN)
    game = await lobbies.join(lobby.id, CAT)
    assert isinstance(game, GameRecord)
    assert game.num_players == 3 and set(game.players) == {ANN, BEN, CAT}
    assert game.options == {"target": 20, "width": 3} and game.settings == {
        "roll": "bot",
        "clock": "3d",
        "clock_mode": "soft",
    }
    assert (game.guild_id, game.channel_id, game.status) == (1, 9, "active")
    # Created exactly as an accepted challenge's game: the first roll is made and written
    # with the game, in the same transaction (version 0).
    rows = await service.history(game.id)
    assert [r.seat for r in rows] == [engine.CHANCE] and game.version == 0
    assert game.state.die is not None and game.player_to_move == game.players[0]
    closed = await service.get_challenge(lobby.id)
    assert closed.status == "accepted" and closed.game_id == game.id
    with pytest.raises(Closed, match="its game has started"):
        await lobbies.join(lobby.id, DAN)
    with pytest.raises(Closed, match="its game has started"):
        await lobbies.start(lobby.id, ANN)


async def test_leaving_and_the_host_leaving(service, race):
    lobbies = service.lobbies
    lobby = await lobbies.open(race, ANN, 4)
    assert lobby.num_players == 4
    await lobbies.join(lobby.id, BEN)
    with pytest.raises(NotAllowed, match="already in this lobby"):
        await lobbies.join(lobby.id, BEN)
    with pytest.raises(NotAllowed, match="already in this lobby"):
        await lobbies.join(lobby.id, ANN)
    await lobbies.join(lobby.id, CAT)
    after = await lobbies.leave(lobby.id, BEN)
    assert after.seated == (ANN, CAT) and after.status == "open"
    with pytest.raises(NotAllowed, match="not in this lobby"):
        await lobbies.leave(lobby.id, BEN)
    assert (await lobbies.join(lobby.id, BEN)).seated == (ANN, CAT, BEN)  # back at the end
    cancelled = await lobbies.leave(lobby.id, ANN)
    assert cancelled.status == "cancelled"
    for attempt in (lobbies.join(lobby.id, DAN), lobbies.start(lobby.id, ANN)):
        with pytest.raises(Closed, match="the host closed it"):
            await attempt
    assert await service.storage.active_game_ids() == []


async def test_only_the_host_starts_and_only_with_enough_players(service, race):
    lobbies = service.lobbies
    lobby = await lobbies.open(race, ANN)
    assert lobby.num_players == 4  # the game's most, by default
    with pytest.raises(NotReady, match="at least 2 players; 1 has joined"):
        await lobbies.start(lobby.id, ANN)
    await lobbies.join(lobby.id, BEN)
    with pytest.raises(NotAllowed, match="Only the host, Ann, can start"):
        await lobbies.start(lobby.id, BEN)
    game = await lobbies.start(lobby.id, ANN)
    assert game.num_players == 2 and set(game.players) == {ANN, BEN}
    assert game.state.num_players == 2


async def test_a_setup_the_game_refuses_starts_nothing(service):
    lobbies = service.lobbies
    with partners_registered():
        with pytest.raises(ServiceError, match="partners needs 4 players, not 3"):
            await lobbies.open("partners-race", ANN, 3, options={"partners": "on"})
        lobby = await lobbies.open("partners-race", ANN, 4, options={"partners": "on"})
        await lobbies.join(lobby.id, BEN)
        await lobbies.join(lobby.id, CAT)
        with pytest.raises(NotReady, match="partners needs 4 players, not 3"):
            await lobbies.start(lobby.id, ANN)
        still = await lobbies.get(lobby.id)
        assert still.status == "open" and len(still.seated) == 3
        assert await service.storage.active_game_ids() == []
        game = await lobbies.join(lobby.id, DAN)
        assert isinstance(game, GameRecord) and game.options["partners"] is True


async def test_two_joins_for_the_last_seat_give_it_to_one(service, race):
    lobbies = service.lobbies
    lobby = await lobbies.open(race, ANN, 3)
    await lobbies.join(lobby.id, BEN)
    results = await asyncio.gather(
        lobbies.join(lobby.id, CAT), lobbies.join(lobby.id, DAN), return_exceptions=True
    )
    games = [r for r in results if isinstance(r, GameRecord)]
    refused = [r for r in results if isinstance(r, Exception)]
    assert len(games) == 1 and len(refused) == 1
    assert isinstance(refused[0], Closed)  # full, or already started
    assert len(await service.storage.active_game_ids()) == 1
    assert len(games[0].players) == 3


async def test_two_processes_never_overfill_or_start_twice(db_path, race):
    # Two services on one file stand for two bot processes: their locks are not shared, so
    # only storage's conditional statements keep the lobby straight.
    for round_ in range(6):
        a = await Service.open(db_path, clock=Clock(), seats_rng=random.Random(round_))
        b = await Service.open(db_path, clock=Clock())
        lobby = await a.lobbies.open(race, ANN, 3)
        await a.lobbies.join(lobby.id, BEN)
        last_seat = a.lobbies.join(lobby.id, CAT), b.lobbies.join(lobby.id, DAN)
        results = await asyncio.gather(*last_seat, return_exceptions=True)
        assert sum(isinstance(r, GameRecord) for r in results) == 1, results
        assert all(isinstance(r, (GameRecord, Closed)) for r in results), results

        lobby = await a.lobbies.open(race, ANN, 3)
        await a.lobbies.join(lobby.id, BEN)
        racing = a.lobbies.start(lobby.id, ANN), b.lobbies.join(lobby.id, CAT)
        results = await asyncio.gather(*racing, return_exceptions=True)
        games = [r for r in results if isinstance(r, GameRecord)]
        assert len(games) == 1, results
        after = await a.lobbies.get(lobby.id)
        assert after.game_id == games[0].id
        assert {p.user_id for p in games[0].players} == {p.user_id for p in after.seated}
        await a.close()
        await b.close()


async def test_a_lobby_lapses_after_fifteen_minutes(service, race):
    lobbies = service.lobbies
    lobby = await lobbies.open(race, ANN, 3)
    await lobbies.join(lobby.id, BEN)
    service.clock.now += CHALLENGE_TTL - 1
    assert await service.expire_challenges() == []
    service.clock.now += 1
    (expired,) = await service.expire_challenges()
    assert expired.id == lobby.id and expired.is_lobby
    with pytest.raises(Closed, match="it lapsed"):
        await lobbies.join(lobby.id, CAT)
    # Also lapses when nobody swept: a late start is refused.
    late = await lobbies.open(race, ANN, 3)
    await lobbies.join(late.id, BEN)
    service.clock.now += CHALLENGE_TTL
    with pytest.raises(Closed, match="it lapsed"):
        await lobbies.start(late.id, ANN)
    assert (await lobbies.get(late.id)).status == "expired"


async def test_open_lobbies_count_toward_the_open_challenges(service, race):
    for _ in range(2):
        await service.lobbies.open(race, ANN, 3)
    await service.challenge(race, ANN, BEN)
    with pytest.raises(RateLimited, match="3 open challenges or lobbies"):
        await service.lobbies.open(race, ANN, 3)
    with pytest.raises(RateLimited, match="3 open challenges"):
        await service.challenge(race, ANN, CAT)
    await service.lobbies.open(race, BEN, 3)  # someone else may


async def test_what_a_lobby_refuses_to_open(service, race):
    lobbies = service.lobbies
    with pytest.raises(ServiceError, match="for 2-4 players, not 5"):
        await lobbies.open(race, ANN, 5)
    with pytest.raises(ServiceError, match="at least 2 seats"):
        await lobbies.open(race, ANN, 1)
    with pytest.raises(ServiceError, match="no option 'colour'"):
        await lobbies.open(race, ANN, 3, options={"colour": "red"})
    with pytest.raises(ServiceError, match="IceSickle is for 2 players, not 3"):
        await lobbies.open("icesickle", ANN, 3)
    with pytest.raises(ServiceError, match="roll can be"):
        await lobbies.open(race, ANN, 3, settings={"roll": "never"})
    # A lobby is not a challenge, nor the other way round.
    challenge = await service.challenge(race, ANN, BEN)
    with pytest.raises(NotFound, match="That lobby does not exist"):
        await lobbies.join(challenge.id, CAT)
    lobby = await lobbies.open(race, ANN, 3)
    with pytest.raises(NotAllowed, match="Only the invited player"):
        await service.accept(lobby.id, BEN)


async def test_seats_are_the_joined_players_drawn_at_random(service, race):
    orders = set()
    for _ in range(8):
        lobby = await service.lobbies.open(race, ANN, 3)
        await service.lobbies.join(lobby.id, BEN)
        game = await service.lobbies.join(lobby.id, CAT)
        assert sorted(p.user_id for p in game.players) == [ANN.user_id, BEN.user_id, CAT.user_id]
        assert [s["user_id"] for s in await service.storage.seats(game.id)] == [
            p.user_id for p in game.players
        ]
        orders.add(game.players)
    assert len(orders) > 1  # not simply the joining order


async def test_a_restart_keeps_a_lobby(db_path, race):
    clock = Clock()
    first = await Service.open(db_path, clock=clock)
    lobby = await first.lobbies.open(race, ANN, 3, options={"width": "130"}, channel_id=9)
    await first.lobbies.join(lobby.id, BEN)
    await first.set_challenge_message(lobby.id, 77)
    await first.close()

    second = await Service.open(db_path, clock=clock)
    kept = await second.lobbies.get(lobby.id)
    assert kept.seated == (ANN, BEN) and kept.status == "open" and kept.message_id == 77
    assert kept.options == {"width": 130} and kept.channel_id == 9
    game = await second.lobbies.join(lobby.id, CAT)
    assert isinstance(game, GameRecord) and game.options["width"] == 130
    await second.close()


async def test_a_database_from_before_lobbies_is_migrated(db_path, race, monkeypatch):
    sqlite_only(db_path, "a file made before lobbies (PostgreSQL starts at migration 11)")
    monkeypatch.setattr(storage_module, "MIGRATIONS", storage_module.MIGRATIONS[:1])
    old = await Service.open(db_path, clock=Clock())
    now = old.clock()
    challenge_id = await old_challenge(
        old.storage, race, ANN, BEN, channel_id=9, created_at=now, expires_at=now + 900
    )
    await old.close()
    monkeypatch.undo()

    new = await Service.open(db_path, clock=Clock())
    async with aiosqlite.connect(db_path) as db:
        (version,) = await (await db.execute("PRAGMA user_version")).fetchone()
    assert version == len(storage_module.MIGRATIONS)
    assert (await new.get_challenge(challenge_id)).status == "open"
    new.clock.now += 899
    assert await new.due_nudges() == []  # a challenge from before reminders gets none
    lobby = await new.lobbies.open(race, ANN, 3)
    assert (await new.lobbies.join(lobby.id, BEN)).seated == (ANN, BEN)
    await new.close()
