"""Challenges: one player invites another to a two-seat game, which starts when they accept.
No Discord in here."""

from __future__ import annotations

from typing import Any

from bot.service.errors import Closed, NotAllowed, NotFound, RateLimited, ServiceError
from bot.service.gameplay import Gameplay
from bot.service.records import Challenge, GameRecord, Player, challenge_from_row
from bot.service.table_settings import check_settings, game_named

EXPIRY = {"15m": 15 * 60, "1h": 60 * 60, "24h": 24 * 60 * 60, "3d": 3 * 86_400, "7d": 7 * 86_400}
"""How long a challenge or a lobby may stay open, as ``/play ... expires:`` offers it."""
DEFAULT_EXPIRY = "24h"
CHALLENGE_TTL = EXPIRY[DEFAULT_EXPIRY]
"""Seconds before an unanswered challenge or an unstarted lobby lapses, unless its host chose."""
MAX_OPEN_CHALLENGES = 3
"""Open challenges one user may have at once."""


def expiry_seconds(expires: str | None) -> int:
    """Seconds a challenge or lobby stays open for ``expires`` (``DEFAULT_EXPIRY`` if None);
    ``ServiceError`` naming the choices for anything else."""
    seconds = EXPIRY.get(DEFAULT_EXPIRY if expires is None else expires)
    if seconds is None:
        raise ServiceError(f"expires can be {', '.join(EXPIRY)}, not {expires!r}.")
    return seconds


class Challenges:
    """Challenges made, answered and lapsed (reach them through ``Service``)."""

    def __init__(self, gameplay: Gameplay) -> None:
        self.gameplay = gameplay
        self.storage = gameplay.storage

    async def challenge(
        self,
        key: str,
        host: Player,
        invited: Player,
        *,
        options: dict[str, Any] | None = None,
        settings: dict[str, Any] | None = None,
        guild_id: int | None = None,
        channel_id: int | None = None,
        expires: str | None = None,
    ) -> Challenge:
        """``host`` challenges ``invited`` to a two-seat game of ``key``, open for ``expires``
        (a key of ``EXPIRY``; ``DEFAULT_EXPIRY`` if None). A challenge on Discord reminds the
        invited player once, when half of that time is gone (``due_nudges``)."""
        game = game_named(key)
        ttl = expiry_seconds(expires)
        if invited.user_id == host.user_id:
            raise NotAllowed("You can't challenge yourself; pick another player.")
        try:
            resolved = game.check_setup(2, options)
        except ValueError as exc:
            raise ServiceError(str(exc)) from None
        settings = check_settings(game, settings)
        await self.gameplay.check_room([host, invited], guild_id)
        now = self.gameplay.clock()
        if await self.storage.open_challenges_by(host.user_id, now) >= MAX_OPEN_CHALLENGES:
            raise RateLimited(
                f"You already have {MAX_OPEN_CHALLENGES} open challenges; wait for an answer "
                "or cancel one first."
            )
        return await self.insert(
            key,
            resolved,
            settings,
            host,
            invited,
            guild_id=guild_id,
            channel_id=channel_id,
            created_at=now,
            expires_at=now + ttl,
            nudge_at=None if channel_id is None else now + ttl / 2,
        )

    async def insert(
        self,
        key: str,
        options: dict[str, Any],
        settings: dict[str, Any],
        host: Player,
        invited: Player,
        *,
        guild_id: int | None,
        channel_id: int | None,
        created_at: float,
        expires_at: float,
        nudge_at: float | None,
    ) -> Challenge:
        """An open two-seat challenge of ``key``, stored as given (its options and settings
        already checked)."""
        challenge_id = await self.storage.insert_challenge(
            game_key=key,
            num_players=2,
            options=options,
            settings=settings,
            host_id=host.user_id,
            host_name=host.name,
            invited_id=invited.user_id,
            invited_name=invited.name,
            guild_id=guild_id,
            channel_id=channel_id,
            status="open",
            created_at=created_at,
            expires_at=expires_at,
            nudge_at=nudge_at,
        )
        return await self.get(challenge_id)

    async def get(self, challenge_id: int) -> Challenge:
        """The challenge (or lobby) ``challenge_id``; ``NotFound`` if there is none."""
        row = await self.storage.challenge(challenge_id)
        if row is None:
            raise NotFound("That challenge does not exist.")
        members = []
        if row["invited_id"] is None:
            members = await self.storage.lobby_members(challenge_id)
        return challenge_from_row(row, members)

    async def set_message(self, challenge_id: int, message_id: int) -> None:
        await self.storage.set_challenge_message(challenge_id, message_id)

    async def _open(self, challenge_id: int) -> Challenge:
        challenge = await self.get(challenge_id)
        if challenge.status == "open" and challenge.expires_at <= self.gameplay.clock():
            await self.storage.close_challenge(challenge_id, "expired")
            challenge = await self.get(challenge_id)
        if challenge.status != "open":
            raise Closed(f"This challenge is no longer open: it was {challenge.status}.")
        return challenge

    async def accept(self, challenge_id: int, user: Player, *, shuffle: bool = True) -> GameRecord:
        """The invited player accepts: seats are drawn at random (host first without
        ``shuffle``, for local play) and the game starts."""
        challenge = await self._open(challenge_id)
        _check_invited(challenge, user, "accept")
        return await self.gameplay.start_game(
            challenge,
            [challenge.host, user],
            self.storage.accept_challenge,
            "This challenge was answered a moment ago.",
            shuffle=shuffle,
        )

    async def decline(self, challenge_id: int, user: Player) -> Challenge:
        _check_invited(await self._open(challenge_id), user, "decline")
        return await self._close(challenge_id, "declined")

    async def cancel(self, challenge_id: int, user: Player) -> Challenge:
        challenge = await self._open(challenge_id)
        if user.user_id != challenge.host.user_id:
            raise NotAllowed("Only the player who made this challenge can cancel it.")
        return await self._close(challenge_id, "cancelled")

    async def _close(self, challenge_id: int, status: str) -> Challenge:
        if not await self.storage.close_challenge(challenge_id, status):
            raise Closed("This challenge was answered a moment ago.")
        return await self.get(challenge_id)

    async def due_nudges(self) -> list[Challenge]:
        """The open challenges whose invited player is due their one reminder (half the time
        gone): each is handed out once, by any sweep of any process, and marked done first."""
        now = self.gameplay.clock()
        return [challenge_from_row(row) for row in await self.storage.claim_nudges(now)]

    async def expire_challenges(self) -> list[Challenge]:
        """Close every open challenge past its time; returns them (as they were)."""
        now = self.gameplay.clock()
        return [challenge_from_row(row) for row in await self.storage.expire_challenges(now)]


def _check_invited(challenge: Challenge, user: Player, verb: str) -> None:
    if challenge.invited is None or user.user_id != challenge.invited.user_id:
        raise NotAllowed(f"Only the invited player can {verb} this challenge.")
