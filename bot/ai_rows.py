"""The SQL of AI turns (``bot/ai_turns.py``), part of :class:`Storage`.

A game whose turn belongs to an AI has ``games.ai_at`` set: when the AI plays. The bot takes
the games due by the partial index on that column, each for itself in the statement that
finds it (``ai_at`` moves to the end of a lease), so no other process plays the same turn;
the AI's moves then commit as any move does, version-checked, and set ``ai_at`` anew (the
next AI turn) or clear it. Should the bot stop in between, the lease runs out and the turn is
taken again: a restart resumes the AIs that were due.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from .database import Dialect


class AiRows:
    dialect: Dialect
    _all: Callable[..., Awaitable[list[Any]]]
    _change: Callable[..., Awaitable[int]]
    _returning: Callable[..., Awaitable[list[Any]]]

    async def take_ai_due(self, now: float, lease: float, limit: int) -> list[int]:
        """The games (at most ``limit``, the longest due first) whose AI is due to play at
        ``now``, each held until ``lease``."""
        rows = await self._returning(
            "UPDATE games SET ai_at = ? WHERE id IN (SELECT id FROM games "
            f"WHERE ai_at <= ? ORDER BY ai_at LIMIT ?{self.dialect.skip_locked}) "
            "AND ai_at <= ? RETURNING id",
            (lease, now, limit, now),
        )
        return sorted(row[0] for row in rows)

    async def next_ai(self) -> float | None:
        """When the next AI turn of any game is due (``None``: none is)."""
        rows = await self._all("SELECT MIN(ai_at) FROM games WHERE ai_at IS NOT NULL")
        return rows[0][0] if rows else None

    async def drop_ai(self, game_id: int) -> None:
        """The game waits on no AI after all: no more AI turns until a move sets one."""
        await self._change("UPDATE games SET ai_at = NULL WHERE id = ?", (game_id,))
