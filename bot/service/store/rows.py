"""What :class:`Storage` and its parts (``challenge_rows.py``, ``board_rows.py``,
``clock_rows.py``, ``ai_rows.py``, ``settings_rows.py``) share: the database under them, the
few ways they run a statement, and how a row and a game's moves are inserted."""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator, Sequence
from typing import Any

from bot.service.store.database import Database, Transaction, Write

MoveFields = tuple[str, int | None, int | None]
"""A move to record: its notation, the seat that made it (``engine.CHANCE`` for a roll the bot
made) and the user who made it."""

JSON_COLUMNS = ("options", "settings")
"""Columns of games and challenges that hold JSON."""

INSERT_MOVE = (
    "INSERT INTO moves (game_id, number, move, seat, user_id, created_at) VALUES (?, ?, ?, ?, ?, ?)"
)


def move_rows(
    game_id: int, first_number: int, moves: Sequence[MoveFields], now: float
) -> list[tuple[Any, ...]]:
    return [
        (game_id, first_number + i, text, seat, user, now)
        for i, (text, seat, user) in enumerate(moves)
    ]


async def insert_row(tx: Transaction, table: str, fields: dict[str, Any]) -> int:
    """Insert one row of ``fields`` (column -> value; JSON columns as Python values); its id."""
    found = await insert_unique(tx, table, fields, None)
    assert found is not None  # without a conflict key, an insert always makes its row
    return found


async def insert_unique(
    tx: Transaction, table: str, fields: dict[str, Any], key: str | None
) -> int | None:
    """Insert one row of ``fields`` as :func:`insert_row` does; its id, or None (nothing
    written) when a row with the same unique ``key`` (a column) is there already."""
    values = [json.dumps(v) if k in JSON_COLUMNS else v for k, v in fields.items()]
    names = ", ".join(fields)
    marks = ", ".join("?" for _ in fields)
    conflict = f" ON CONFLICT ({key}) DO NOTHING" if key else ""
    rows = await tx.fetch(
        f"INSERT INTO {table} ({names}) VALUES ({marks}){conflict} RETURNING id", values
    )
    return int(rows[0][0]) if rows else None


class Rows:
    """The database (``database``, its ``dialect``) and the ways a part of the storage runs its
    SQL; each part of :class:`bot.service.store.storage.Storage` is one of these."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self.dialect = database.dialect

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        """One write transaction (see ``bot/service/store/database.py``)."""
        async with self.database.transaction() as transaction:
            yield transaction

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
