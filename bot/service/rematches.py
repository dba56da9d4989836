"""Rematches: the players of a finished game play it again. No Discord in here.

A rematch is a challenge like any other (a ``challenges`` row: it lapses with the usual expiry
and counts toward its asker's open challenges), whose seats are reserved for the finished
game's players. Its ``rematch_of`` names that game and is unique, so a game has at most one
rematch, whoever asks and in whatever process. Its members (``lobby_members``) are the players
who accepted: the one who asked and Parlor's seats at once, then each player who accepts.

Once every player has accepted, the game starts: the same game, options, table settings and
Parlor levels, each player one seat on (seat i sits at seat i + 1 mod n, so another player
moves first). A player who declines ends it for all; one who never answers lets it lapse.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass

from bot.service.challenges import CHALLENGE_TTL, MAX_OPEN_CHALLENGES, Challenges
from bot.service.errors import Closed, Conflict, NotAllowed, NotFound, RateLimited, ServiceError
from bot.service.gameplay import Gameplay
from bot.service.records import Challenge, GameRecord, Player

GONE = {
    "accepted": "its game is on",
    "declined": "it was declined",
    "cancelled": "it was cancelled",
    "expired": "it lapsed: not everyone accepted in time",
}
"""Why a rematch is no longer open, by its status."""


@dataclass(frozen=True)
class Rematch:
    """A rematch and the players it waits on."""

    challenge: Challenge
    players: tuple[Player, ...]
    """The players in the seats they take in the rematch (each one seat on from the game's)."""

    @property
    def of(self) -> int:
        """The finished game played again."""
        assert self.challenge.rematch_of is not None
        return self.challenge.rematch_of

    @property
    def accepted(self) -> tuple[Player, ...]:
        return self.challenge.seated

    @property
    def waiting(self) -> tuple[Player, ...]:
        """The players who have not accepted yet, in seat order."""
        done = {p.user_id for p in self.accepted}
        return tuple(p for p in self.players if p.user_id not in done)


class AlreadyAsked(ServiceError):
    """The game has a rematch already (``rematch``: it, as it is now)."""

    def __init__(self, rematch: Rematch) -> None:
        status = rematch.challenge.status
        if status == "open":
            text = "A rematch of this game was asked for already; answer it under its message."
        else:
            text = f"This game had its rematch already: {GONE.get(status, status)}."
        super().__init__(text)
        self.rematch = rematch


def rotated(players: Sequence[Player]) -> tuple[Player, ...]:
    """The players one seat on: the player of seat i sits at seat i + 1 (mod n)."""
    return (players[-1], *players[:-1])


class Rematches:
    """The rematch part of a ``Service`` (reach it as ``service.rematches``)."""

    def __init__(self, gameplay: Gameplay, challenges: Challenges) -> None:
        self.gameplay = gameplay
        self.challenges = challenges
        self.storage = gameplay.storage
        self._locks: dict[int, asyncio.Lock] = {}

    async def ask(
        self, game_id: int, user: Player, *, channel_id: int | None = None
    ) -> Rematch | GameRecord:
        """``user``, a player of the finished game ``game_id`` (one removed from it too), asks
        for its rematch, answered where ``channel_id`` says: the rematch, waiting on the other
        players, or its game when nobody else is to answer (only Parlor sits with them).
        ``AlreadyAsked`` when the game has had its rematch; ``NotAllowed`` for anyone else."""
        old = await self.gameplay.game(game_id)
        if old.seat_of(user.user_id) is None:
            raise NotAllowed(f"Only the players of game #{old.id} can ask for its rematch.")
        if not old.over:
            raise Closed("This game is not over yet; a rematch is offered once it ends.")
        await self._existing(game_id)
        players = rotated(old.players)
        await self.gameplay.check_room(players, old.guild_id)
        others = [p for p in players if not p.ai and p.user_id != user.user_id]
        now = self.gameplay.clock()
        if others and await self.storage.open_challenges_by(user.user_id, now) >= (
            MAX_OPEN_CHALLENGES
        ):
            raise RateLimited(
                f"You already have {MAX_OPEN_CHALLENGES} open challenges; wait for an answer "
                "or cancel one first."
            )
        accepted = [user, *(p for p in players if p.ai)]
        rematch_id = await self.storage.insert_rematch(
            {
                "game_key": old.key,
                "num_players": len(players),
                "options": dict(old.options),
                "settings": dict(old.settings),
                "host_id": user.user_id,
                "host_name": user.name,
                "invited_id": None,
                "invited_name": None,
                "guild_id": old.guild_id,
                "channel_id": old.place_id if channel_id is None else channel_id,
                "status": "open",
                "created_at": now,
                "expires_at": now + CHALLENGE_TTL,
                "rematch_of": game_id,
            },
            [(p.user_id, p.name) for p in accepted],
        )
        if rematch_id is None:  # another click, here or in another process, came first
            await self._existing(game_id)
            raise Conflict("This game's rematch changed at the same moment; try again.")
        rematch = await self.get(rematch_id)
        if rematch.waiting:
            return rematch
        async with self._lock(rematch_id):
            try:
                return await self._start(rematch)
            except ServiceError:  # (a limit reached meanwhile): as if never asked
                await self.storage.drop_rematch(rematch_id)
                raise

    async def get(self, rematch_id: int) -> Rematch:
        """The rematch ``rematch_id``; ``NotFound`` if there is none."""
        challenge = await self.challenges.get(rematch_id)
        if challenge.rematch_of is None:
            raise NotFound("That rematch does not exist.")
        old = await self.gameplay.game(challenge.rematch_of)
        return Rematch(challenge, rotated(old.players))

    async def accept(self, rematch_id: int, user: Player) -> Rematch | GameRecord:
        """A player of the finished game accepts: the rematch after it, or its game when that
        was the last answer it waited for."""
        async with self._lock(rematch_id):
            rematch = await self._open(rematch_id)
            _check_player(rematch, user)
            if user.user_id not in {p.user_id for p in rematch.waiting}:
                raise NotAllowed("You have accepted this rematch already.")
            await self.gameplay.check_room([user], None)
            now = self.gameplay.clock()
            if not await self.storage.join_lobby(rematch_id, user.user_id, user.name, now):
                await self._open(rematch_id)
                raise Conflict("This rematch changed at the same moment; try again.")
            rematch = await self.get(rematch_id)
            if rematch.waiting:
                return rematch
            try:
                return await self._start(rematch)
            except ServiceError:  # (another player's limit reached meanwhile): not accepted
                await self.storage.leave_lobby(rematch_id, user.user_id)
                raise

    async def decline(self, rematch_id: int, user: Player) -> Rematch:
        """A player of the finished game declines: the rematch is closed for all."""
        async with self._lock(rematch_id):
            rematch = await self._open(rematch_id)
            _check_player(rematch, user)
            if not await self.storage.close_challenge(rematch_id, "declined"):
                raise Closed("This rematch was answered a moment ago.")
            return await self.get(rematch_id)

    async def _start(self, rematch: Rematch) -> GameRecord:
        """The rematch's game: the players one seat on, under the names they accepted with."""
        names = {p.user_id: p.name for p in rematch.accepted}
        players = [Player(p.user_id, names.get(p.user_id, p.name)) for p in rematch.players]
        return await self.gameplay.start_game(
            rematch.challenge,
            players,
            self.storage.start_lobby,
            "This rematch started or closed a moment ago.",
        )

    async def _existing(self, game_id: int) -> None:
        """``AlreadyAsked`` when the game has a rematch (one past its time lapses here)."""
        row = await self.storage.rematch_of(game_id)
        if row is not None:
            raise AlreadyAsked(await self._lapse(await self.get(row["id"])))

    async def _open(self, rematch_id: int) -> Rematch:
        """The rematch, if it is still open; else ``Closed`` saying why."""
        rematch = await self._lapse(await self.get(rematch_id))
        status = rematch.challenge.status
        if status != "open":
            raise Closed(f"This rematch is no longer open: {GONE.get(status, status)}.")
        return rematch

    async def _lapse(self, rematch: Rematch) -> Rematch:
        """The rematch, closed as lapsed first if it is open past its time."""
        challenge = rematch.challenge
        if challenge.status == "open" and challenge.expires_at <= self.gameplay.clock():
            await self.storage.close_challenge(challenge.id, "expired")
            return await self.get(challenge.id)
        return rematch

    def _lock(self, rematch_id: int) -> asyncio.Lock:
        return self._locks.setdefault(rematch_id, asyncio.Lock())


def _check_player(rematch: Rematch, user: Player) -> None:
    if all(p.user_id != user.user_id for p in rematch.players):
        raise NotAllowed(f"Only the players of game #{rematch.of} can answer its rematch.")
