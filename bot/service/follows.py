"""Following a game (``service.follows``): anyone who is not a player of a game under way may
follow it; a follower gets its moves in their daily digest and a direct message when it ends.
No Discord in here.

Following turns the daily digest on for a follower who never chose one, for the followed games
only: their own ``/settings`` stay as they were (a digest they turned off still lists no games
of theirs), and once they follow no game under way it stops by itself (``Players``).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.errors import Closed, NotAllowed, NotFound
from bot.service.gameplay import Gameplay
from bot.service.records import GameRecord

DAY = 24 * 3600.0
PLAYS_IT = "You play this game already: its moves come to you on its board."
OVER = "That game is over: there is nothing left to follow."
NOT_ON_DISCORD = "That game is not played on Discord."


@dataclass(frozen=True)
class Followed:
    """A followed game as a digest shows it: the game as it stands, and how many moves were
    made in the last day (rolls included)."""

    game: GameRecord
    moves: int


class Follows:
    """Who follows which game (reach it as ``service.follows``)."""

    def __init__(self, gameplay: Gameplay) -> None:
        self.gameplay = gameplay
        self.storage = gameplay.storage

    async def follow(self, game_id: int, user_id: int, *, guild_id: int | None = None) -> bool:
        """``user_id`` follows the game; False if they did already. ``NotAllowed`` for one of
        its players, ``Closed`` for a finished game, ``NotFound`` for no such game (or, with
        ``guild_id``, none on that server)."""
        record = await self.gameplay.game(game_id)
        if guild_id is not None and record.guild_id != guild_id:
            raise NotFound("That game is not played on this server.")
        check_followable(record, user_id)
        now = self.gameplay.clock()
        added = await self.storage.add_follow(game_id, user_id, now)
        settings = await self.gameplay.players.settings(user_id)
        await self.storage.want_digest(user_id, settings.next_digest(now))
        return added

    async def unfollow(self, game_id: int, user_id: int) -> bool:
        """``user_id`` no longer follows the game; False if they did not."""
        return await self.storage.remove_follow(game_id, user_id)

    async def follows(self, game_id: int, user_id: int) -> bool:
        """Whether ``user_id`` follows the game now."""
        return await self.storage.is_following(game_id, user_id)

    async def followers(self, game_id: int) -> list[int]:
        """The user ids following the game, first follower first."""
        return await self.storage.follower_ids(game_id)

    async def count(self, game_id: int) -> int:
        """How many follow the game (one count by the table's key)."""
        return await self.storage.follower_count(game_id)

    async def followed_by(self, user_id: int) -> list[int]:
        """The ids of the games ``user_id`` follows, the latest followed first."""
        return await self.storage.followed_ids(user_id)

    async def digest(self, user_id: int) -> list[Followed]:
        """The games under way that ``user_id`` follows, for their daily digest, each with the
        moves made in the last day."""
        now = self.gameplay.clock()
        found = []
        for game_id in await self.storage.followed_ids(user_id, active_only=True):
            record = await self.gameplay.game(game_id)
            found.append(Followed(record, await self.storage.moves_since(game_id, now - DAY)))
        return found

    async def take_ended(self, record: GameRecord) -> list[int]:
        """The followers of a finished game, to be told it ended: taken once (the follows go
        with it), so a board posted again after a restart tells nobody twice."""
        if not record.over:
            return []
        return await self.storage.take_followers(record.id)


def check_followable(record: GameRecord, user_id: int) -> None:
    """Raise what keeps ``user_id`` from following the game, if anything does."""
    if record.seat_of(user_id) is not None:
        raise NotAllowed(PLAYS_IT)
    if record.over:
        raise Closed(OVER)
    if record.channel_id is None:
        raise NotAllowed(NOT_ON_DISCORD)
