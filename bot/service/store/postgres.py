"""PostgreSQL through asyncpg: one database shared by several bot processes (see
``bot/service/store/database.py``; ``PARLOR_DB=postgresql://...``).

A pool of connections (``PARLOR_DB_POOL``, default :data:`POOL`) serves the process. Each
transaction runs at PostgreSQL's default isolation, READ COMMITTED: a guarded UPDATE of a
game (``... WHERE id = ? AND version = ?``) waits for another transaction holding that row,
then finds the version moved and changes nothing, so two processes never both apply a move at
one version. The sweeps take due rows with ``FOR UPDATE SKIP LOCKED`` (see the ``*_rows``
modules): two processes never take the same row.

When the server goes away (restarted, the network down), the request that finds out gets
``Unavailable`` (nothing of it kept) and the pool replaces the broken connection, so the
requests after the server is back succeed. A read is tried once more on a fresh connection
first; a write is not (its commit may have landed).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from bot.service.errors import StorageOpenError, Unavailable
from bot.service.store.database import POSTGRESQL, Outage, Write, numbered, shown

log = logging.getLogger(__name__)


def _not_the_floor(record: logging.LogRecord) -> bool:
    """asyncpg's pool warns, with a traceback, each time it fails to reconnect its one kept
    connection while the server is down; the outage is said once by :class:`Outage`."""
    return "pool connection floor" not in record.getMessage()


logging.getLogger("asyncpg.pool").addFilter(_not_the_floor)

POOL = 10
"""Connections a process keeps at most, unless ``PARLOR_DB_POOL`` says otherwise."""

CONNECT_TIMEOUT = 10.0
"""Seconds to wait for the server at the start."""

COMMAND_TIMEOUT = 10.0
"""Seconds a statement, or a wait for a free connection, may take before the request is
answered "try again" (nothing kept): a server that stopped answering, or a row another
process holds locked, never leaves a click waiting on it for ever."""

SCHEMA_LOCK = 0x5041524C4F52
"""The advisory lock held while a process migrates the schema ("PARLOR"): processes that
start together migrate one after the other."""

READ_FAILED = "Couldn't read the games right now; try again in a moment."

GONE = (
    asyncpg.exceptions.DeadlockDetectedError,  # (PostgreSQL undid this one: try again)
    asyncpg.exceptions.ConnectionDoesNotExistError,
    asyncpg.exceptions.ConnectionFailureError,
    asyncpg.exceptions.CannotConnectNowError,
    asyncpg.exceptions.AdminShutdownError,
    asyncpg.exceptions.CrashShutdownError,
    asyncpg.exceptions.TooManyConnectionsError,
    asyncpg.exceptions.InterfaceError,
    asyncpg.exceptions.InternalClientError,  # a connection whose server died mid-statement
    OSError,
    asyncio.TimeoutError,
)
"""What a request meets when the server or its connection is gone, or when it could not
be done now (a deadlock PostgreSQL broke, a timeout): nothing of it is kept."""


async def _undo(connection: asyncpg.Connection, transaction: Any) -> None:
    """Roll back a transaction that failed; a connection that cannot (its server gone) is
    closed (:func:`_end`), so the pool opens a new one rather than reset it with a transaction
    open. The failure that brought it here is the one raised, not the rollback's (but a
    cancellation is)."""
    with contextlib.suppress(Exception):
        await _end(connection, transaction, commit=False)


async def _begin(connection: asyncpg.Connection) -> Any:
    """A transaction started on ``connection``; where the start fails or is cancelled half
    done (BEGIN sent, no answer yet), the connection is closed, as in :func:`_undo`."""
    transaction = connection.transaction()
    try:
        await transaction.start()
    except BaseException:
        connection.terminate()
        raise
    return transaction


async def _end(connection: asyncpg.Connection, transaction: Any, *, commit: bool) -> None:
    """Commit (or roll back) ``transaction``; where that fails (the server went away just
    then), the connection is closed, as in :func:`_undo`: handed back with its transaction
    open, the pool would reset it and log an error for what is an outage."""
    try:
        await (transaction.commit() if commit else transaction.rollback())
    except BaseException:
        connection.terminate()
        raise


def pool_size() -> int:
    """``PARLOR_DB_POOL`` as a number of connections (at least 2: the sweeps hold one while
    the clicks use another)."""
    text = os.environ.get("PARLOR_DB_POOL", "").strip()
    if not text:
        return POOL
    try:
        size = int(text)
    except ValueError:
        raise StorageOpenError("(PARLOR_DB_POOL)", f"{text!r} is not a number") from None
    if size < 2:
        raise StorageOpenError("(PARLOR_DB_POOL)", "a pool needs at least 2 connections")
    return size


def changed(status: str) -> int:
    """The row count in a command status ("UPDATE 1", "INSERT 0 3", "DELETE 0")."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PostgresTransaction:
    def __init__(self, connection: asyncpg.Connection) -> None:
        self.connection = connection

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return changed(await self.connection.execute(numbered(sql), *params))

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if rows:
            await self.connection.executemany(numbered(sql), rows)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return await self.connection.fetch(numbered(sql), *params)


class PostgresDatabase:
    """A PostgreSQL database, through a pool of connections."""

    dialect = POSTGRESQL

    def __init__(self, pool: asyncpg.Pool, where: str) -> None:
        self.pool = pool
        self.where = where
        self.outage = Outage(log)

    @classmethod
    async def open(cls, url: str) -> PostgresDatabase:
        where = shown(url)
        size = pool_size()
        try:
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=size,
                timeout=CONNECT_TIMEOUT,
                command_timeout=COMMAND_TIMEOUT,
            )
        except (asyncpg.PostgresError, *GONE) as exc:
            raise StorageOpenError(where, str(exc) or type(exc).__name__) from exc
        return cls(pool, where)

    async def close(self) -> None:
        await self.pool.close()

    # -- schema ------------------------------------------------------------------------------

    async def migrate(self, steps: Sequence[tuple[int, str]]) -> None:
        """Bring the schema to the last of ``steps`` (number, SQL script), each step in a
        transaction with the version it brings, under :data:`SCHEMA_LOCK`."""
        async with self.pool.acquire() as connection:
            await connection.execute("SELECT pg_advisory_lock($1)", SCHEMA_LOCK)
            try:
                await connection.execute(
                    "CREATE TABLE IF NOT EXISTS parlor_schema (version INTEGER NOT NULL)"
                )
                version = await connection.fetchval("SELECT MAX(version) FROM parlor_schema")
                for number, script in steps:
                    if number <= (version or 0):
                        continue
                    async with connection.transaction():
                        await connection.execute(script)
                        await connection.execute("DELETE FROM parlor_schema")
                        await connection.execute(
                            "INSERT INTO parlor_schema (version) VALUES ($1)", number
                        )
            finally:
                await connection.execute("SELECT pg_advisory_unlock($1)", SCHEMA_LOCK)

    async def schema_version(self) -> int:
        (row,) = await self.fetch("SELECT COALESCE(MAX(version), 0) FROM parlor_schema")
        return int(row[0])

    # -- reading and writing -----------------------------------------------------------------

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        query = numbered(sql)
        for attempt in (1, 2):
            try:
                async with self.pool.acquire(timeout=COMMAND_TIMEOUT) as connection:
                    rows = await connection.fetch(query, *params)
                self.outage.ok()
                return rows
            except GONE as exc:
                if attempt == 2:
                    self.outage.failed("read", exc)
                    raise Unavailable(READ_FAILED) from exc
        raise AssertionError("unreachable")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PostgresTransaction]:
        """One transaction; ``Unavailable`` (nothing kept) when the server or its connection
        is gone."""
        try:
            async with self.pool.acquire(timeout=COMMAND_TIMEOUT) as connection:
                transaction = await _begin(connection)
                try:
                    yield PostgresTransaction(connection)
                except BaseException:
                    await _undo(connection, transaction)
                    raise
                await _end(connection, transaction, commit=True)
        except GONE as exc:
            self.outage.failed("write", exc)
            raise Unavailable() from exc
        self.outage.ok()

    async def batch(self, writes: Sequence[Write], *, durable: bool = True) -> list[Any] | None:
        """``writes`` in one transaction (see ``bot/service/store/database.py``);
        ``durable=False`` commits without waiting for the disk (``synchronous_commit = off``
        for this transaction)."""
        try:
            async with self.pool.acquire(timeout=COMMAND_TIMEOUT) as connection:
                transaction = await _begin(connection)
                try:
                    done = await self._run(connection, writes, durable)
                except BaseException:
                    await _undo(connection, transaction)
                    raise
                if done is None:
                    await _end(connection, transaction, commit=False)
                    return None
                await _end(connection, transaction, commit=True)
        except GONE as exc:
            self.outage.failed("write", exc)
            raise Unavailable() from exc
        self.outage.ok()
        return done

    @staticmethod
    async def _run(
        connection: asyncpg.Connection, writes: Sequence[Write], durable: bool
    ) -> list[Any] | None:
        if not durable:
            await connection.execute("SET LOCAL synchronous_commit = off")
        done: list[Any] = []
        for write in writes:
            query = numbered(write.sql)
            if write.many:
                if write.params:
                    await connection.executemany(query, write.params)
                done.append(None)
            elif write.rows:
                done.append(await connection.fetch(query, *write.params))
            else:
                count = changed(await connection.execute(query, *write.params))
                if write.guard and count != 1:
                    return None
                done.append(count)
        return done
