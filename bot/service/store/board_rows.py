"""The SQL of where a game is shown: its channel or thread, its board message, the folder of
its local images; part of :class:`bot.service.store.storage.Storage`."""

from __future__ import annotations

from bot.service.store.database import Write
from bot.service.store.rows import Rows


class BoardRows(Rows):
    async def set_game_place(
        self,
        game_id: int,
        version: int,
        *,
        channel_id: int | None = None,
        thread_id: int | None = None,
    ) -> bool:
        """Remember where the game is played, if it is still at ``version`` (else False,
        nothing written: the caller looks at the game again)."""
        async with self.transaction() as tx:
            return (
                await tx.execute(
                    "UPDATE games SET channel_id = COALESCE(?, channel_id), "
                    "thread_id = COALESCE(?, thread_id) WHERE id = ? AND version = ?",
                    (channel_id, thread_id, game_id, version),
                )
                == 1
            )

    async def set_board_message(self, game_id: int, message_id: int, version: int) -> None:
        """``message_id`` is the game's board at ``version``: its latest, unless a newer
        version was posted already (two posts racing never move it back; migration 6's
        trigger moves the game's latest board, in the same statement)."""

        # Not synced on its own (the next move's commit syncs it): lost in a power cut, it
        # costs the board posted again at the restart (``games_behind``), not a move.
        replace = self.dialect.replace("board_messages", ("message_id", "game_id", "version"))
        await self.database.batch([Write(replace, (message_id, game_id, version))], durable=False)

    async def board_nowhere(self, game_id: int) -> None:
        """The game's current version counts as shown: its channel is gone, so there is no
        place to show it (``games_behind`` stops listing it)."""
        await self._change("UPDATE games SET posted_version = version WHERE id = ?", (game_id,))

    async def image_folder(self, game_id: int) -> str | None:
        """Where local play writes ``game_id``'s board images, if it has said so."""
        row = await self._one("SELECT folder FROM local_images WHERE game_id = ?", (game_id,))
        return None if row is None else str(row[0])

    async def set_image_folder(self, game_id: int, folder: str) -> None:
        async with self.transaction() as tx:
            await tx.execute(
                self.dialect.replace("local_images", ("game_id", "folder")), (game_id, folder)
            )

    async def game_of_message(self, message_id: int) -> int | None:
        """The game whose board ``message_id`` is (any version), or None."""
        row = await self._one(
            "SELECT game_id FROM board_messages WHERE message_id = ?", (message_id,)
        )
        return None if row is None else int(row[0])

    async def game_in_thread(self, thread_id: int) -> int | None:
        """The id of the game played in the thread ``thread_id`` (finished or not), or None."""
        row = await self._one(
            "SELECT id FROM games WHERE thread_id = ? ORDER BY id DESC LIMIT 1", (thread_id,)
        )
        return None if row is None else int(row[0])

    async def games_behind(self) -> list[int]:
        """The ids of the games on Discord, going or over, whose latest board shows an older
        version than theirs (a game that ended in a crash has its result still to show)."""
        rows = await self._all(
            "SELECT id FROM games WHERE channel_id IS NOT NULL "
            "AND (posted_version IS NULL OR posted_version < version) ORDER BY id"
        )
        return [int(row[0]) for row in rows]
