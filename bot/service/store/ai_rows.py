"""The SQL of AI turns (``bot/service/ai_turns.py``), part of :class:`Storage`.

A game whose turn belongs to an AI has ``games.ai_at`` set: when the AI plays. The bot takes
the games due by the partial index on that column, each for itself in the statement that
finds it (``ai_at`` moves to the end of a lease), so no other process plays the same turn;
the AI's moves then commit as any move does, version-checked, and set ``ai_at`` anew (the
next AI turn) or clear it, and clear ``ai_by``. Should the bot stop in between, another process
takes the turn once the lease runs out; the process's own next run takes it at once.

Who holds a lease: ``ai_by``, the taking process's holder, "SHARDS RUN"
(``bot/service/ai_turns.py``:
the shards it runs, "all" unsharded, and a token new for every run). A process can only know
for sure that its own previous runs are dead, so on start it frees (``release_ai``) the leases
of holders that ran any of its shards in another run: one process per group of shards is how
the bot is deployed (``README``), so such a holder is a run that stopped. A lease freed from
a process that was in fact still alive costs its work twice, never a move twice: the second
commit finds the game moved on.
"""

from __future__ import annotations

from bot.service.store.rows import Rows


class AiRows(Rows):
    async def take_ai_due(
        self, now: float, lease: float, limit: int, holder: str | None = None
    ) -> list[int]:
        """The games (at most ``limit``, the longest due first) whose AI is due to play at
        ``now``, each held by ``holder`` until ``lease``."""
        rows = await self._returning(
            "UPDATE games SET ai_at = ?, ai_by = ? WHERE id IN (SELECT id FROM games "
            f"WHERE ai_at <= ? ORDER BY ai_at LIMIT ?{self.dialect.skip_locked}) "
            "AND ai_at <= ? RETURNING id",
            (lease, holder, now, limit, now),
        )
        return sorted(row[0] for row in rows)

    async def ai_holders(self) -> list[str]:
        """The holders of the AI turns taken now (``ai_by``), each once."""
        rows = await self._all(
            "SELECT DISTINCT ai_by FROM games WHERE ai_at IS NOT NULL AND ai_by IS NOT NULL"
        )
        return sorted(row[0] for row in rows)

    async def release_ai(self, holders: list[str], lease: float) -> int:
        """Free the AI turns ``holders`` took (gone processes): each is due again from when
        it was taken (its lease's end less ``lease``, the lease's length). How many."""
        if not holders:
            return 0
        marks = ", ".join("?" for _ in holders)
        return await self._change(
            f"UPDATE games SET ai_at = ai_at - ?, ai_by = NULL WHERE ai_by IN ({marks}) "
            "AND ai_at IS NOT NULL",
            (lease, *holders),
        )

    async def next_ai(self) -> float | None:
        """When the next AI turn of any game is due (``None``: none is)."""
        rows = await self._all("SELECT MIN(ai_at) FROM games WHERE ai_at IS NOT NULL")
        return rows[0][0] if rows else None

    async def drop_ai(self, game_id: int) -> None:
        """The game waits on no AI after all: no more AI turns until a move sets one."""
        await self._change("UPDATE games SET ai_at = NULL, ai_by = NULL WHERE id = ?", (game_id,))
