"""Lobbies: a game for any number of players that fills up seat by seat. No Discord in here.

A lobby is a challenge with no invited player (a ``challenges`` row, so it lapses and counts
toward a host's open challenges like one) and a list of members in joining order. The host
sits at once; others join and leave; the host starts it once the game allows that many
players, and a full lobby starts by itself. Seats are then drawn at random and the game is
created exactly as an accepted challenge's (``Gameplay.start_game``).

Every change to a lobby runs under a per-lobby asyncio lock, and storage repeats the checks
in its conditional statements, so a join that races a start, or another join for the last
seat, can never over-fill a lobby or start it twice (not even from a second process).
"""

from __future__ import annotations

import asyncio
from typing import Any

from bot.service.ai_players import ai_id, ai_name, check_level
from bot.service.challenges import MAX_OPEN_CHALLENGES, Challenges, expiry_seconds
from bot.service.errors import (
    Closed,
    Conflict,
    NotAllowed,
    NotFound,
    RateLimited,
    ServiceError,
)
from bot.service.gameplay import Gameplay
from bot.service.records import Challenge, GameRecord, Player
from bot.service.table_settings import check_settings, game_named


class NotReady(ServiceError):
    """The lobby cannot start yet: too few players, or a setup the game refuses for them."""


class LobbyFull(Closed):
    pass


GONE = {
    "accepted": "its game has started",
    "cancelled": "the host closed it",
    "expired": "it lapsed",
}
"""Why a lobby is no longer open, by its status."""


class Lobbies:
    """The lobby part of a ``Service`` (reach it as ``service.lobbies``)."""

    def __init__(self, gameplay: Gameplay, challenges: Challenges) -> None:
        self.gameplay = gameplay
        self.challenges = challenges
        self.storage = gameplay.storage
        self._locks: dict[int, asyncio.Lock] = {}

    async def open(
        self,
        key: str,
        host: Player,
        num_players: int | None = None,
        *,
        options: dict[str, Any] | None = None,
        settings: dict[str, Any] | None = None,
        guild_id: int | None = None,
        channel_id: int | None = None,
        expires: str | None = None,
    ) -> Challenge:
        """``host`` opens a lobby of ``num_players`` seats (default: as many as the game
        takes) and takes the first one; it stays open for ``expires`` (``EXPIRY``)."""
        ttl = expiry_seconds(expires)
        game = game_named(key)
        if num_players is None:
            num_players = game.max_players
        if num_players < 2:
            raise ServiceError("A lobby needs at least 2 seats.")
        try:
            resolved = game.check_setup(num_players, options)
        except ValueError as exc:
            raise ServiceError(str(exc)) from None
        chosen = {name: resolved[name] for name in options or {}}
        settings = check_settings(game, settings)
        await self.gameplay.check_room([host], guild_id)
        now = self.gameplay.clock()
        if await self.storage.open_challenges_by(host.user_id, now) >= MAX_OPEN_CHALLENGES:
            raise RateLimited(
                f"You already have {MAX_OPEN_CHALLENGES} open challenges or lobbies; wait for "
                "them to start or close one first."
            )
        lobby_id = await self.storage.insert_lobby(
            {
                "game_key": key,
                "num_players": num_players,
                "options": chosen,
                "settings": settings,
                "host_id": host.user_id,
                "host_name": host.name,
                "invited_id": None,
                "invited_name": None,
                "guild_id": guild_id,
                "channel_id": channel_id,
                "status": "open",
                "created_at": now,
                "expires_at": now + ttl,
            },
            (host.user_id, host.name),
        )
        return await self.get(lobby_id)

    async def get(self, lobby_id: int) -> Challenge:
        try:
            lobby = await self.challenges.get(lobby_id)
        except NotFound:
            lobby = None
        if lobby is None or not lobby.is_lobby or lobby.rematch_of is not None:
            raise NotFound("That lobby does not exist.")  # a rematch's seats are reserved
        return lobby

    async def join(
        self, lobby_id: int, player: Player, *, shuffle: bool = True
    ) -> Challenge | GameRecord:
        """``player`` takes a free seat: the lobby after it, or the game when that filled it
        (a full lobby starts by itself, seats drawn at random; in the order joined without
        ``shuffle``, for local play)."""
        async with self._lock(lobby_id):
            lobby = await self._open(lobby_id)
            if lobby.seat_of(player.user_id) is not None:
                raise NotAllowed("You are already in this lobby.")
            if lobby.free_seats <= 0:
                raise LobbyFull("This lobby is full.")
            await self.gameplay.check_room([player], None)
            now = self.gameplay.clock()
            if not await self.storage.join_lobby(lobby_id, player.user_id, player.name, now):
                await self._open(lobby_id)
                raise LobbyFull("This lobby filled up a moment ago.")
            lobby = await self.get(lobby_id)
            if lobby.free_seats == 0:
                return await self._start(lobby, shuffle=shuffle)
            return lobby

    async def add_ai(
        self, lobby_id: int, host: Player, level: str, *, shuffle: bool = True
    ) -> Challenge | GameRecord:
        """The host seats Parlor, playing ``level``, in a free seat: the lobby after it, or
        the game when that filled it (as ``join``)."""
        try:
            check_level(level)
        except ValueError as exc:
            raise ServiceError(str(exc)) from None
        lobby = await self._open(lobby_id)
        if host.user_id != lobby.host.user_id:
            raise NotAllowed(f"Only the host, {lobby.host.name}, can add Parlor to this lobby.")
        number = 1 + sum(1 for p in lobby.seated if p.ai)
        return await self.join(
            lobby_id, Player(ai_id(level, number), ai_name(level, number)), shuffle=shuffle
        )

    async def leave(self, lobby_id: int, player: Player) -> Challenge:
        """``player`` gives up their seat; when the host leaves, the lobby is cancelled."""
        async with self._lock(lobby_id):
            lobby = await self._open(lobby_id)
            if player.user_id == lobby.host.user_id:
                if not await self.storage.close_challenge(lobby_id, "cancelled"):
                    raise Closed("This lobby closed a moment ago.")
            elif lobby.seat_of(player.user_id) is None:
                raise NotAllowed("You are not in this lobby.")
            elif not await self.storage.leave_lobby(lobby_id, player.user_id):
                raise Conflict("This lobby changed at the same moment; try again.")
            return await self.get(lobby_id)

    async def start(self, lobby_id: int, user: Player) -> GameRecord:
        """The host starts the game with the players seated so far."""
        async with self._lock(lobby_id):
            lobby = await self._open(lobby_id)
            if user.user_id != lobby.host.user_id:
                raise NotAllowed(f"Only the host, {lobby.host.name}, can start this game.")
            return await self._start(lobby)

    async def _start(self, lobby: Challenge, *, shuffle: bool = True) -> GameRecord:
        game, count = lobby.game, len(lobby.seated)
        if count < game.min_players:
            raise NotReady(
                f"{game.title} needs at least {game.min_players} players; "
                f"{count} {'has' if count == 1 else 'have'} joined so far."
            )
        try:
            game.check_setup(count, lobby.options)
        except ValueError as exc:
            raise NotReady(f"Can't start with {count} players: {exc}") from None
        return await self.gameplay.start_game(
            lobby,
            lobby.seated,
            self.storage.start_lobby,
            "This lobby changed or closed a moment ago; look at it again.",
            shuffle=shuffle,
        )

    async def _open(self, lobby_id: int) -> Challenge:
        """The lobby, if it is still open (one past its time is closed as lapsed here)."""
        lobby = await self.get(lobby_id)
        if lobby.status == "open" and lobby.expires_at <= self.gameplay.clock():
            await self.storage.close_challenge(lobby_id, "expired")
            lobby = await self.get(lobby_id)
        if lobby.status != "open":
            why = GONE.get(lobby.status, lobby.status)
            raise Closed(f"This lobby is no longer open: {why}.")
        return lobby

    def _lock(self, lobby_id: int) -> asyncio.Lock:
        return self._locks.setdefault(lobby_id, asyncio.Lock())
