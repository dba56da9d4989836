"""The base :class:`Storage` and its parts (``clock_rows.py``, ``ai_rows.py``,
``settings_rows.py``) share: the database under them and the few ways they run a statement."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.service.store.database import Database, Transaction, Write


class Rows:
    """The database (``database``, its ``dialect``) and the ways a part of the storage runs its
    SQL; each part of :class:`bot.service.store.storage.Storage` is one of these."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self.dialect = database.dialect

    async def _one(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """The first row of a query (of one row), or None."""
        rows = await self.database.fetch(sql, params)
        return rows[0] if rows else None

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return await self.database.fetch(sql, params)

    async def _change(self, sql: str, params: Sequence[Any] = ()) -> int:
        """One statement in a transaction of its own: how many rows it changed."""
        (count,) = await self.database.batch([Write(sql, params)])
        return count

    async def _returning(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """One statement (``... RETURNING``) in a transaction of its own: its rows."""
        (rows,) = await self.database.batch([Write(sql, params, rows=True)])
        return list(rows)

    async def _lock(self, tx: Transaction, table: str, row_id: int) -> None:
        """Lock a row the transaction decides on, against other processes (PostgreSQL; an
        SQLite transaction is the only writer already)."""
        if self.dialect.name != "sqlite":
            await tx.fetch(f"SELECT id FROM {table} WHERE id = ? FOR UPDATE", (row_id,))
