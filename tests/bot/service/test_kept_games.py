"""The games the service keeps in memory between moves (``Service.change``), against a real
SQLite file: what a move starts from is always the game as stored, whoever changed it last."""

from __future__ import annotations

import asyncio
import random

import pytest

import engine
from bot.service.facade import Conflict, Service
from tests.bot.people import ANN, BEN, Clock


@pytest.fixture
async def open_service(db_path):
    """Opens services on one database (each one a bot process), all closed at the end."""
    opened: list[Service] = []

    async def open_one() -> Service:
        service = await Service.open(db_path, clock=Clock(), seats_rng=random.Random(4))
        opened.append(service)
        return service

    yield open_one
    for service in opened:
        await service.close()


async def new_game(service: Service, key: str = "icesickle"):
    challenge = await service.challenge(key, ANN, BEN, guild_id=1, channel_id=9)
    return await service.accept(challenge.id, BEN)


@pytest.mark.parametrize("key", sorted(engine.GAMES))
async def test_each_move_answers_with_the_game_exactly_as_stored(open_service, key):
    """Whole games, dice rolled by the bot and boards posted between moves: the record a
    move hands back (and the next move starts from) equals the game read from the file."""
    service = await open_service()
    game, rng, message = await new_game(service, key), random.Random(11), 1000
    for _ in range(150):
        if game.over:
            break
        move = rng.choice(game.state.legal_moves())
        game = (await service.play(game.id, game.player_to_move.user_id, str(move))).game
        assert game == await service.game(game.id)
        message += 1
        await service.set_board(game, message)
    assert game.message_id == message - 1  # the board posted before this move
    if not game.over:
        game = await service.resign(game.id, ANN.user_id)
        assert game == await service.game(game.id)


async def test_a_move_after_another_process_moved_the_game_starts_from_the_stored_game(
    open_service,
):
    here, there = await open_service(), await open_service()
    game = await new_game(here)
    first = (await here.play(game.id, game.player_to_move.user_id, "L@c3")).game  # kept here
    second_player = first.player_to_move.user_id
    elsewhere = await there.play(game.id, second_player, "S@a1", version=first.version)
    # the board ``here`` last posted is now out of date: its click is refused, not played
    with pytest.raises(Conflict, match="out of date"):
        await here.play(game.id, second_player, "S@e5", version=first.version)
    # the player now on turn plays on the game as ``there`` left it
    mover = elsewhere.game.player_to_move.user_id
    move = str(elsewhere.game.state.legal_moves()[0])
    after = (await here.play(game.id, mover, move, version=elsewhere.game.version)).game
    assert [r.move for r in await here.history(game.id)] == ["L@c3", "S@a1", move]
    assert after == await there.game(game.id) and after.version == 3


async def test_a_game_given_its_thread_after_a_move_posts_there_from_then_on(open_service):
    service = await open_service()
    game = await new_game(service)
    game = (await service.play(game.id, game.player_to_move.user_id, "L@c3")).game
    assert game.thread_id is None
    await service.set_place(game.id, channel_id=9, thread_id=77)
    game = (await service.play(game.id, game.player_to_move.user_id, "S@a1")).game
    assert game.thread_id == 77 and game.channel_id == 9


async def test_the_next_move_knows_the_latest_board_never_an_older_one(open_service):
    """The board a move's record names is the one whose controls the next turn takes away."""
    service = await open_service()
    game = await new_game(service)
    one = (await service.play(game.id, game.player_to_move.user_id, "L@c3")).game
    two = (await service.play(game.id, one.player_to_move.user_id, "S@a1")).game
    await service.set_board(two, 502)
    await service.set_board(one, 501)  # posted late: an older version never moves it back
    three = (await service.play(game.id, two.player_to_move.user_id, "S@e5")).game
    assert (three.message_id, three.posted_version) == (502, 2)
    assert three == await service.game(game.id)


async def test_a_move_played_while_its_board_is_being_written_knows_that_board(open_service):
    """A click may come as soon as the board is on Discord, before its write is done: the
    move still knows the board it came from is the latest (it takes no other's controls)."""
    service = await open_service()
    game = await new_game(service)
    one = (await service.play(game.id, game.player_to_move.user_id, "L@c3")).game
    _, played = await asyncio.gather(
        service.set_board(one, 601), service.play(game.id, one.player_to_move.user_id, "S@a1")
    )
    assert (played.game.message_id, played.game.posted_version) == (601, 1)
