"""Pach-Ice-i through the service against a real SQLite file: a whole game with the bot
rolling, a restart mid-turn, and a table that rolls with the button."""

from __future__ import annotations

import random

import engine
from bot.service.facade import Service
from tests.bot.people import ANN, BEN, Clock
from tests.bot.playing import play_out


async def new_game(service, **settings):
    challenge = await service.challenge("pach-ice-i", ANN, BEN, settings=settings or None)
    return await service.accept(challenge.id, BEN)


async def test_a_whole_game_with_the_bot_rolling(db_path):
    service = await Service.open(db_path, clock=Clock(), seats_rng=random.Random(2))
    game = await new_game(service)
    assert game.player_to_move is not None  # Black's first roll is already made
    assert (await service.history(game.id))[0].move.startswith("roll ")
    game = await play_out(service, game, random.Random(5), limit=40)
    # a restart mid-game: a new service on the same file carries on exactly
    await service.close()
    service = await Service.open(db_path, clock=Clock())
    again = await service.game(game.id)
    assert again.state == game.state and again.state.legal_moves() == game.state.legal_moves()
    game = await play_out(service, again, random.Random(6))
    assert game.over and game.outcome.winners == game.state.outcome.winners
    rows = await service.history(game.id)
    replayed = engine.get_game("pach-ice-i").replay(2, {}, [r.move for r in rows])
    assert replayed == game.state
    await service.close()


async def test_a_table_that_rolls_with_the_button(db_path):
    service = await Service.open(db_path, clock=Clock(), seats_rng=random.Random(2))
    for player in (ANN, BEN):  # every decision asked for, the only moves too
        await service.players.change(player.user_id, auto_play="off")
    game = await new_game(service, roll="button")
    assert game.awaiting_roll and game.player_to_move == game.players[0]  # Black rolls
    played = await service.play(game.id, game.players[0].user_id, "roll")
    assert str(played.moves[0]).startswith("roll ") and not played.game.awaiting_roll
    # the roll's only move is offered, not played: these players turned auto-play off
    assert played.moves == (played.moves[0],) and len(played.game.state.legal_moves()) == 1
    await service.close()
