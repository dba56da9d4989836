"""Games started and played through the service, as the service's and the store's tests set
them up: a challenge accepted, a lobby filled, random legal moves played to the end."""

from __future__ import annotations

import random

from bot.service.facade import Service
from tests.bot.people import ANN, BEN


async def start_game(service: Service, host=ANN, invited=BEN):
    challenge = await service.challenge("icesickle", host, invited, channel_id=9)
    return await service.accept(challenge.id, invited)


async def two_player(service: Service, key: str = "icesickle", **settings):
    challenge = await service.challenge(key, ANN, BEN, settings=settings, channel_id=9)
    return await service.accept(challenge.id, BEN)


async def pachisi_lobby(service: Service, players, settings=None, **options):
    """A Pachisi game of ``players`` (two to four), through a lobby they all join."""
    lobby = await service.lobbies.open(
        "pachisi", players[0], len(players), options=options, settings=settings
    )
    game = None
    for player in players[1:]:
        game = await service.lobbies.join(lobby.id, player)
    return game


async def play_out(service: Service, game, rng: random.Random, limit: int | None = None):
    """Play random legal moves as whichever user is on turn."""
    played = 0
    while not game.over and (limit is None or played < limit):
        mover = game.player_to_move
        move = rng.choice(game.state.legal_moves())
        game = (await service.play(game.id, mover.user_id, str(move))).game
        played += 1
    return game
