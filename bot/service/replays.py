"""Any game, move by move, as ``/replay`` shows it to a player who may see it: which of its
moves is shown, checked against the game, with the stored rows (who made each move). The
engine's replay of those moves is not done here, on the event loop: the front end does it in
the same board worker call that draws the frame (``bot/discord/replay_frames.py``).

Who may see a game: a player of it; anyone on the same server once it is over; anyone who
follows it (``follows.py``). Anyone else is refused, and told nothing of the game.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.errors import NotAllowed, NotFound
from bot.service.follows import Follows
from bot.service.gameplay import Gameplay
from bot.service.records import GameRecord, GameSummary, summary_from_row
from bot.service.store.storage import MoveRow

HIDDEN = "You can't see that game: it is not yours, and not one of this server's that is over."
"""The answer to a user who may not see a game (the same whether it exists or not)."""


OFFERED = 25
"""The most games ``/replay``'s autocomplete offers (Discord's limit of choices)."""


@dataclass(frozen=True)
class Frame:
    """A game after its first ``move`` moves (0: as it was set up)."""

    record: GameRecord
    """The game as stored now (its players, its status, all its moves)."""
    move: int
    """How many of its moves were played: 0 to ``moves``."""
    moves: int
    """How many moves the game has now."""
    row: MoveRow | None
    """The stored row of move ``move`` (its seat and user), None at move 0."""
    rows: tuple[MoveRow, ...]
    """Every stored move, in order (a jump menu names them)."""


class Replays:
    """Games replayed to any move, for those who may see them."""

    def __init__(self, gameplay: Gameplay, follows: Follows) -> None:
        self.gameplay = gameplay
        self.follows = follows

    async def may_see(
        self, record: GameRecord | GameSummary, user_id: int, guild_id: int | None
    ) -> bool:
        """A player of the game; anyone on its server (``guild_id``) once it is over; a
        follower of it."""
        if record.seat_of(user_id) is not None:
            return True
        if record.over and record.guild_id is not None and record.guild_id == guild_id:
            return True
        return await self.follows.follows(record.id, user_id)

    async def replayable(
        self, user_id: int, guild_id: int | None, number: int | None = None
    ) -> list[GameSummary]:
        """The games ``user_id`` may replay from ``guild_id``, newest first, at most
        :data:`OFFERED`: their own, the server's that are over, those they follow; the game
        ``number`` first when it is one of them (a game older than those listed)."""
        storage = self.gameplay.storage
        rows = await storage.replayable_games(user_id, guild_id, OFFERED)
        games = [summary_from_row(row) for row in rows]
        if number is not None and all(g.id != number for g in games):
            row = await storage.game_summary(number)
            if row is not None:
                asked = summary_from_row(row)
                if await self.may_see(asked, user_id, guild_id):
                    games = [asked, *games]
        return games[:OFFERED]

    async def replay_state(
        self,
        game_id: int,
        k: int | None = None,
        *,
        user_id: int | None = None,
        guild_id: int | None = None,
    ) -> Frame:
        """The game ``game_id`` after its first ``k`` moves (None: all of them). With
        ``user_id``, only for a user who may see it (from the server ``guild_id``), else
        ``NotAllowed``; ``NotFound`` for a ``k`` the game does not have."""
        try:
            record = await self.gameplay.game(game_id)
        except NotFound:
            if user_id is None:
                raise
            raise NotAllowed(HIDDEN) from None
        if user_id is not None and not await self.may_see(record, user_id, guild_id):
            raise NotAllowed(HIDDEN)
        history = record.state.history
        total = len(history)
        k = total if k is None else k
        if not 0 <= k <= total:
            raise NotFound(
                f"Game #{record.id} has no move {k}: it has {total} move"
                f"{'' if total == 1 else 's'}. Run /replay again."
            )
        rows = tuple(await self.gameplay.storage.moves(game_id))
        row = rows[k - 1] if k and len(rows) >= k else None
        return Frame(record, k, total, row, rows)
