"""SQLite through aiosqlite: the database of one file, Parlor's default (see
``bot/service/store/database.py``).

WAL mode, foreign keys on. Every write runs in one ``BEGIN IMMEDIATE`` transaction under an
asyncio lock, so two coroutines sharing the connection never interleave their statements
inside one transaction. Each commit reaches the disk before it returns (``synchronous =
FULL``: an accepted move survives a power cut), except a batch run with ``durable=False``.

aiosqlite runs each call in the connection's thread, one hop there and back per statement. A
:meth:`SqliteDatabase.batch` is instead one function run there in one hop: a move's commit
costs one hop, not four.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import aiosqlite

from bot.service.errors import StorageOpenError, Unavailable
from bot.service.store.database import SQLITE, Outage, Write
from bot.service.store.migrations_sqlite import Step, statements

log = logging.getLogger(__name__)
T = TypeVar("T")

READ_FAILED = "Couldn't read the games right now; try again in a moment."


class SqliteTransaction:
    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        cursor = await self.db.execute(sql, params)
        return cursor.rowcount

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self.db.executemany(sql, rows)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return list(await self.db.execute_fetchall(sql, params))


class SqliteDatabase:
    """One SQLite database file."""

    dialect = SQLITE

    def __init__(self, db: aiosqlite.Connection, where: str) -> None:
        self.db = db
        self.where = where
        self._write = asyncio.Lock()
        self.outage = Outage(log)

    @classmethod
    async def open(cls, path: str) -> SqliteDatabase:
        """Open (creating it as needed) the database file at ``path``. Raises
        :class:`StorageOpenError` when it cannot be used; the connection is closed then, so
        its thread does not keep the process alive."""
        folder = os.path.dirname(path)
        if folder and not os.path.isdir(folder):
            raise StorageOpenError(path, f"the folder {folder} does not exist")
        if os.path.isdir(path):
            raise StorageOpenError(path, "it is a folder")
        try:
            # A plain connect first: when aiosqlite's connect fails, its thread outlives the
            # failure and complains if the event loop closes before it ends.
            await asyncio.to_thread(lambda: sqlite3.connect(path).close())
            db = await aiosqlite.connect(path, isolation_level=None)
        except (sqlite3.Error, OSError) as exc:
            raise StorageOpenError(path, str(exc)) from exc
        try:
            db.row_factory = aiosqlite.Row
            await db.execute("PRAGMA journal_mode = WAL")
            await db.execute("PRAGMA foreign_keys = ON")
            await db.execute("PRAGMA busy_timeout = 5000")
            await db.execute("PRAGMA synchronous = FULL")  # each commit synced (see above)
        except BaseException as exc:
            with contextlib.suppress(Exception):
                await db.close()
            if isinstance(exc, sqlite3.Error | OSError):
                raise StorageOpenError(path, str(exc)) from exc
            raise
        return cls(db, path)

    async def close(self) -> None:
        await self.db.close()

    # -- schema ------------------------------------------------------------------------------

    async def schema_version(self) -> int:
        (row,) = await self.fetch("PRAGMA user_version")
        return int(row[0])

    async def migrate(self, steps: Sequence[tuple[int, Step]]) -> None:
        """Bring the schema to the last of ``steps`` (number, step; ``PRAGMA user_version``
        counts those applied), each in one transaction with the version it brings. A step is
        an SQL script, run statement by statement, or a Python step given the connection."""
        version = await self.schema_version()
        for number, step in steps:
            if number <= version:
                continue
            async with self.transaction() as transaction:
                if isinstance(step, str):
                    for statement in statements(step):
                        await transaction.execute(statement)
                else:
                    await step(self.db)
                await transaction.execute(f"PRAGMA user_version = {int(number)}")

    # -- reading and writing -----------------------------------------------------------------

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """All rows of a query, read in one step of the database's thread (a cursor read
        row by row costs a step each, and one to close it)."""
        try:
            rows = list(await self.db.execute_fetchall(sql, params))
        except sqlite3.OperationalError as exc:
            self.outage.failed("read", exc)
            raise Unavailable(READ_FAILED) from exc
        self.outage.ok()
        return rows

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqliteTransaction]:
        """One write transaction. When SQLite cannot write (disk full, I/O error, locked past
        the busy timeout) nothing of it stays and ``Unavailable`` is raised; the next
        transaction tries afresh, so writing resumes once space is back."""
        async with self._write:
            try:
                await self.db.execute("BEGIN IMMEDIATE")
                try:
                    yield SqliteTransaction(self.db)
                except BaseException:
                    await self._rollback()
                    raise
                await self.db.execute("COMMIT")
            except sqlite3.OperationalError as exc:
                await self._rollback()
                self.outage.failed("write", exc)
                raise Unavailable() from exc
            self.outage.ok()

    async def _rollback(self) -> None:
        if self.db.in_transaction:  # SQLite may have rolled back by itself already
            try:
                await self.db.execute("ROLLBACK")
            except sqlite3.Error as exc:
                log.warning("rollback failed: %s", exc)

    async def batch(self, writes: Sequence[Write], *, durable: bool = True) -> list[Any] | None:
        """``writes`` in one transaction, run in one hop to the database's thread (see
        ``bot/service/store/database.py``)."""

        def run(connection: sqlite3.Connection) -> list[Any] | None:
            if not durable:  # (the next durable commit syncs it)
                connection.execute("PRAGMA synchronous = NORMAL")
            try:
                connection.execute("BEGIN IMMEDIATE")
                done: list[Any] = []
                for write in writes:
                    if write.many:
                        connection.executemany(write.sql, write.params)
                        done.append(None)
                        continue
                    cursor = connection.execute(write.sql, write.params)
                    if write.rows:
                        done.append(cursor.fetchall())
                    elif write.guard and cursor.rowcount != 1:
                        return None  # (rolled back below)
                    else:
                        done.append(cursor.rowcount)
                connection.execute("COMMIT")
                return done
            finally:
                if connection.in_transaction:
                    connection.execute("ROLLBACK")
                if not durable:
                    connection.execute("PRAGMA synchronous = FULL")

        return await self._step(run)

    async def _step(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work(connection)`` run in the database's thread, under the write lock: one hop
        there and back. ``Unavailable`` when SQLite cannot write.

        This is how aiosqlite runs each of its own calls (``Connection._execute``, on its
        ``sqlite3`` connection); it has no public way to run several statements in one hop."""
        async with self._write:
            try:
                done = await self.db._execute(work, self.db._conn)
            except sqlite3.OperationalError as exc:
                self.outage.failed("write", exc)
                raise Unavailable() from exc
            self.outage.ok()
            return done
