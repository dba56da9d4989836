"""The SQL of move clocks and reminders (``bot/service/clocks.py``), part of :class:`Storage`.

The sweep reads the games due by the partial index on ``games.wake_at`` (the games with
nothing due are not in it) and takes each one for itself in the statement that finds it:
``wake_at`` moves to the end of a lease, so no other sweep (of this process or another)
takes it meanwhile. The sweep then writes what it did (a reminder sent, the time up) with the
next look, on condition that the game is still as it took it: a move made meanwhile wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.service.store.database import Dialect, Write
from bot.service.store.rows import Rows


def due_columns(dialect: Dialect) -> str:
    """What the sweep needs of a game it takes: its clock, its players, where it is played
    (as a listing reads it: no snapshot, nothing decoded)."""
    return (
        "id, game_key, status, version, settings, guild_id, channel_id, thread_id, message_id, "
        "updated_at, to_act, turn_at, deadline, reminders, reminded_at, no_reminders, stand_ins, "
        f"(SELECT {dialect.json_list('o.seat, o.user_id, o.name, o.gone', 'o.seat')} "
        "FROM seats o WHERE o.game_id = games.id) AS seats"
    )


class ClockRows(Rows):
    async def take_due(self, now: float, lease: float, limit: int) -> list[Any]:
        """The games (at most ``limit``, the longest due first) whose next look is due at
        ``now``, each held until ``lease`` (its ``wake_at`` in the rows returned)."""
        return await self._returning(
            "UPDATE games SET wake_at = ? WHERE id IN (SELECT id FROM games "
            f"WHERE wake_at <= ? ORDER BY wake_at LIMIT ?{self.dialect.skip_locked}) "
            f"AND wake_at <= ? RETURNING {due_columns(self.dialect)}",
            (lease, now, limit, now),
        )

    async def settle(self, game_id: int, taken: float, version: int, **columns: Any) -> bool:
        """Write ``columns`` (the next ``wake_at``, a reminder counted) of a game the sweep took
        with the lease ``taken`` at ``version``; False, nothing written, when a move came
        first (it set the game's clock itself) or another sweep took the game over."""
        return (await self.settle_all([(game_id, taken, version, columns)]))[0]

    async def settle_all(
        self, writes: Sequence[tuple[int, float, int, dict[str, Any]]]
    ) -> list[bool]:
        """``settle`` for many games, ``(game id, lease, version, columns)`` each, in one
        transaction: whether each was written."""
        if not writes:
            return []
        done = await self.database.batch(
            [
                Write(
                    f"UPDATE games SET {', '.join(f'{column} = ?' for column in columns)} "
                    "WHERE id = ? AND wake_at = ? AND version = ?",
                    (*columns.values(), game_id, taken, version),
                )
                for game_id, taken, version, columns in writes
            ]
        )
        return [count == 1 for count in done or ()]

    async def stop_reminders(self, game_id: int, turn_at: float) -> bool:
        """No more reminders in the turn of ``game_id`` that began at ``turn_at``; False when
        that turn is over."""
        changed = await self._change(
            "UPDATE games SET no_reminders = 1 WHERE id = ? AND turn_at = ? AND status = 'active'",
            (game_id, turn_at),
        )
        return changed == 1

    async def next_wake(self) -> float | None:
        """The earliest next look of any game (for a sweep that sleeps until then)."""
        rows = await self._all("SELECT MIN(wake_at) FROM games WHERE wake_at IS NOT NULL")
        return rows[0][0] if rows else None
