"""The SQL of followers (``bot/service/follows.py``): who follows which game, since when;
part of :class:`bot.service.store.storage.Storage`. A game's followers are read by the table's
key, a player's followed games by the index ``follows_user`` (migration 16)."""

from __future__ import annotations

from bot.service.store.rows import Rows


class FollowRows(Rows):
    async def add_follow(self, game_id: int, user_id: int, since: float) -> bool:
        """``user_id`` follows ``game_id`` from ``since``; False if they did already."""
        rows = await self._returning(
            "INSERT INTO follows (game_id, user_id, since) VALUES (?, ?, ?) "
            "ON CONFLICT (game_id, user_id) DO NOTHING RETURNING user_id",
            (game_id, user_id, since),
        )
        return bool(rows)

    async def remove_follow(self, game_id: int, user_id: int) -> bool:
        """``user_id`` no longer follows ``game_id``; False if they did not."""
        return (
            await self._change(
                "DELETE FROM follows WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            )
            == 1
        )

    async def is_following(self, game_id: int, user_id: int) -> bool:
        row = await self._one(
            "SELECT 1 FROM follows WHERE game_id = ? AND user_id = ?", (game_id, user_id)
        )
        return row is not None

    async def follower_ids(self, game_id: int) -> list[int]:
        rows = await self._all(
            "SELECT user_id FROM follows WHERE game_id = ? ORDER BY since, user_id", (game_id,)
        )
        return [int(row[0]) for row in rows]

    async def follower_count(self, game_id: int) -> int:
        row = await self._one("SELECT COUNT(*) FROM follows WHERE game_id = ?", (game_id,))
        return int(row[0])

    async def followed_ids(self, user_id: int, *, active_only: bool = False) -> list[int]:
        """The games ``user_id`` follows, newest follow first (``active_only``: still going)."""
        still = "AND g.status = 'active' " if active_only else ""
        rows = await self._all(
            "SELECT f.game_id FROM follows f JOIN games g ON g.id = f.game_id "
            f"WHERE f.user_id = ? {still}ORDER BY f.since DESC, f.game_id DESC",
            (user_id,),
        )
        return [int(row[0]) for row in rows]

    async def moves_since(self, game_id: int, after: float) -> int:
        """How many moves of ``game_id`` were made after ``after`` (rolls included)."""
        row = await self._one(
            "SELECT COUNT(*) FROM moves WHERE game_id = ? AND created_at > ?", (game_id, after)
        )
        return int(row[0])

    async def take_followers(self, game_id: int) -> list[int]:
        """The followers of a finished game, taken once: their rows go in the statement that
        reads them, so whichever process posts the game's end tells them, and only once."""
        rows = await self._returning(
            "DELETE FROM follows WHERE game_id = ? RETURNING user_id", (game_id,)
        )
        return sorted(int(row[0]) for row in rows)

    async def want_digest(self, user_id: int, at: float) -> None:
        """Make sure the player's daily digest is due by ``at``: one who has none scheduled
        gets one (their own settings untouched); one who has keeps theirs."""
        await self._change(
            "INSERT INTO user_settings (user_id, digest_at) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET digest_at = "
            "COALESCE(user_settings.digest_at, excluded.digest_at)",
            (user_id, at),
        )
