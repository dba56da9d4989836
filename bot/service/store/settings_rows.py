"""The SQL of players' own settings (``bot/service/user_settings.py``), part of :class:`Storage`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.service.store.rows import Rows


class SettingsRows(Rows):
    async def user_settings(self, user_ids: Iterable[int]) -> list[Any]:
        """The settings rows of those of ``user_ids`` who have chosen any."""
        ids = sorted(set(user_ids))
        if not ids:
            return []
        marks = ", ".join("?" for _ in ids)
        return await self._all(f"SELECT * FROM user_settings WHERE user_id IN ({marks})", ids)

    async def save_user_settings(
        self, user_id: int, columns: dict[str, Any], digest_at: float | None
    ) -> None:
        """Write a player's settings, and when their next digest is due (``None``: none)."""
        await self._upsert(user_id, {**columns, "digest_at": digest_at})

    async def save_away(self, user_id: int, columns: dict[str, Any]) -> None:
        """Write a player's vacation record (``away_since``, ``away_until``, ``allowance``,
        ``allowance_at``)."""
        await self._upsert(user_id, columns)

    async def _upsert(self, user_id: int, columns: dict[str, Any]) -> None:
        """Write ``columns`` of the player's row, creating it (the rest at their defaults)."""
        names = list(columns)
        sets = ", ".join(f"{name} = excluded.{name}" for name in names)

        await self._change(
            f"INSERT INTO user_settings (user_id, {', '.join(names)}) "
            f"VALUES (?, {', '.join('?' for _ in names)}) "
            f"ON CONFLICT (user_id) DO UPDATE SET {sets}",
            (user_id, *columns.values()),
        )

    async def take_digests(self, now: float, lease: float, limit: int) -> list[Any]:
        """The players whose digest is due at ``now`` (at most ``limit``), each held until
        ``lease`` (their ``digest_at``) in the statement that finds them."""
        return await self._returning(
            "UPDATE user_settings SET digest_at = ? WHERE user_id IN (SELECT user_id "
            "FROM user_settings WHERE digest_at <= ? ORDER BY digest_at LIMIT ?"
            f"{self.dialect.skip_locked}) AND digest_at <= ? RETURNING *",
            (lease, now, limit, now),
        )

    async def next_digest(self, user_id: int, taken: float, at: float | None) -> bool:
        """Set the player's next digest (taken with the lease ``taken``); False if their
        settings changed meanwhile."""
        changed = await self._change(
            "UPDATE user_settings SET digest_at = ? WHERE user_id = ? AND digest_at = ?",
            (at, user_id, taken),
        )
        return changed == 1

    async def move_deadlines(
        self, user_id: int, seconds: float, look: float, now: float
    ) -> list[int]:
        """Move by ``seconds`` the deadline of every active game with a clock still running
        at ``now`` that waits on ``user_id`` (time run out stays run out), and its next look
        to ``look`` (or sooner, if it is sooner); the ids of those games."""
        rows = await self._returning(
            "UPDATE games SET deadline = deadline + ?, "
            f"wake_at = {self.dialect.least('COALESCE(wake_at, ?)', '?')} "
            "WHERE status = 'active' AND deadline > ? AND id IN (SELECT g.id "
            "FROM games g JOIN seats s ON s.game_id = g.id AND s.seat = g.to_act "
            "WHERE s.user_id = ? AND g.status = 'active') RETURNING id",
            (seconds, look, look, now, user_id),
        )
        return [int(row[0]) for row in rows]
