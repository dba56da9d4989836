"""Where a game is shown on Discord, as the service records it: its channel or thread, its
latest board message, and the games whose board is behind. No Discord in here."""

from __future__ import annotations

from dataclasses import replace

from bot.service.errors import NotFound
from bot.service.gameplay import Gameplay
from bot.service.recent import Recent
from bot.service.records import GameRecord

BOARDS_KEPT = 50_000
"""Board messages whose game is kept in memory (a click's first check reads no database)."""


class Boards:
    """The games' places and boards (reach them through ``Service``)."""

    def __init__(self, gameplay: Gameplay) -> None:
        self.gameplay = gameplay
        self.storage = gameplay.storage
        self._boards: Recent[int, int] = Recent(BOARDS_KEPT)
        """Board message id -> its game, for the boards this process posted or was asked of."""

    async def only_moves_at_start(self, game_id: int) -> list[str]:
        """The moves the bot played for players (decisions with one legal move) as a game
        began, before anyone acted: what its first turn message says of them."""
        return [
            row.move
            for row in await self.storage.moves(game_id)
            if row.user_id is None and row.seat is not None and row.seat >= 0
        ]

    async def game_in_thread(self, thread_id: int) -> GameRecord | None:
        """The game played in the thread ``thread_id``, finished or not; None if none is."""
        game_id = await self.storage.game_in_thread(thread_id)
        return None if game_id is None else await self.gameplay.game(game_id)

    async def games_behind(self) -> list[GameRecord]:
        """Games on Discord whose latest board shows an older version (a crash came between a
        move's commit and its board), going or over (the move, resignation, claim or timeout
        that ended it): they need their board, and so their result, posted again."""
        return [await self.gameplay.game(game_id) for game_id in await self.storage.games_behind()]

    async def place_gone(self, game_id: int) -> None:
        """The game's channel (or thread) is gone: a restart stops trying to show its board."""
        self.gameplay.forget([game_id])
        await self.storage.board_nowhere(game_id)

    async def set_place(
        self, game_id: int, *, channel_id: int | None = None, thread_id: int | None = None
    ) -> None:
        """Where the game is played on Discord (its channel, its thread): written under the
        game's lock with a version check, so it never races a move."""
        async with self.gameplay.lock(game_id):
            self.gameplay.forget([game_id])
            while True:
                head = await self.storage.game_head(game_id, 0)
                if head is None:
                    raise NotFound("That game does not exist.")
                if await self.storage.set_game_place(
                    game_id, head[0], channel_id=channel_id, thread_id=thread_id
                ):
                    return

    async def set_board(self, record: GameRecord, message_id: int) -> None:
        """``message_id`` now shows ``record`` (its version) with its controls."""
        # Known at once, as the trigger that records it moves the stored game's latest board:
        # a click on it may come before the write.
        self._boards[message_id] = record.id
        kept = self.gameplay.kept.get(record.id)
        if kept is not None and (kept.posted_version or 0) <= record.version:
            self.gameplay.kept[record.id] = replace(kept, message_id=message_id,
                                                    posted_version=record.version)  # fmt: skip
        await self.storage.set_board_message(record.id, message_id, record.version)

    async def game_of_message(self, message_id: int) -> int | None:
        """The game whose board ``message_id`` is, or None. A board never changes game, so
        the answer is kept in memory (the latest ``BOARDS_KEPT``) once known."""
        game_id = self._boards.get(message_id)
        if game_id is None:
            game_id = await self.storage.game_of_message(message_id)
            if game_id is not None:
                self._boards[message_id] = game_id
        return game_id
