"""The database under :class:`bot.service.store.storage.Storage`: SQLite (a file, the default) or
PostgreSQL
(a ``postgresql://`` URL), behind one small interface.

Parlor's SQL is written once, with ``?`` placeholders (the PostgreSQL side numbers them), and
the few expressions the two spell differently come from the database's :class:`Dialect`.
A database offers:

- :meth:`Database.fetch`: the rows of one query (a row reads by column name or position);
- :meth:`Database.transaction`: a transaction whose statements may depend on what it read;
- :meth:`Database.batch`: statements known beforehand, as :class:`Write` items, in one
  transaction. SQLite runs a batch in one hop to its thread (a move's commit is one batch);
  a batch whose guarded statement does not change exactly one row is undone whole, which is
  how a move is refused when the game's version moved meanwhile.

Either raises :class:`bot.service.records.Unavailable` when the database cannot be read or written
right now (nothing of the transaction is kept).

This module is the interface only: it imports neither implementation (``sqlite.py``,
``postgres.py``); ``factory.py`` opens the one a target names.
"""

from __future__ import annotations

import functools
import logging
import re
import sqlite3
import time
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any, Protocol

OUTAGE_SETTLES = 5.0
"""Seconds without a failed request before a request that succeeds ends an outage in the log
(a server shutting down fails some requests and answers others for a moment)."""


class Outage:
    """Whether the database is out, as its requests find it, told in the log once each way: a
    WARNING when a request first fails (disk full, the server gone), one when a request
    succeeds again :data:`OUTAGE_SETTLES` seconds after the last failure (with how long it was
    out), and the failures between only at DEBUG, so a sweep or a player's click every few
    seconds of an outage adds nothing to read. Only the log reads these times."""

    def __init__(self, log: logging.Logger) -> None:
        self.log = log
        self.since: float | None = None
        """When the outage began (``time.monotonic``), or None."""
        self.last = 0.0
        """When a request last failed."""
        self.failures = 0

    def failed(self, what: str, exc: BaseException) -> None:
        """A request (``what``: "read", "write") failed with ``exc``: the database is out."""
        self.last = time.monotonic()
        if self.since is None:
            self.since, self.failures = time.monotonic(), 1
            self.log.warning(
                "the database is unavailable (a %s failed: %s); requests are answered "
                '"try again" until it is back',
                what,
                exc,
            )
        else:
            self.failures += 1
            self.log.debug("database %s failed again: %s", what, exc)

    def ok(self) -> None:
        """A request succeeded: an outage, if there was one, is over."""
        if self.since is not None and time.monotonic() - self.last >= OUTAGE_SETTLES:
            out, self.since = self.last - self.since, None
            self.log.warning(
                "the database is available again, after %.0f s of failures (%d requests)",
                out,
                self.failures,
            )


@dataclass(frozen=True)
class Write:
    """One statement of a :meth:`Database.batch`."""

    sql: str
    params: Sequence[Any] = ()
    many: bool = False
    """``params`` is a list of parameter rows: the statement runs once for each."""
    guard: bool = False
    """The statement must change exactly one row, or the whole batch is undone."""
    rows: bool = False
    """Its result is the rows it returns (``RETURNING``), not how many it changed."""


class Transaction(Protocol):
    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run a statement; how many rows it changed."""

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Any]: ...


class Database(Protocol):
    dialect: Dialect
    where: str
    """What the database is, for messages (a file's path, a URL without its password)."""

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Any]: ...

    def transaction(self) -> AbstractAsyncContextManager[Transaction]: ...

    async def batch(self, writes: Sequence[Write], *, durable: bool = True) -> list[Any] | None:
        """Run ``writes`` in one transaction: each one's row count (or rows, or None for a
        ``many``), or None when a guard failed (nothing kept). ``durable=False``: the commit
        need not reach the disk before this returns (what the next commit makes durable)."""

    async def migrate(self, steps: Sequence[tuple[int, Any]]) -> None:
        """Bring the schema to the last of ``steps`` (number, step), one transaction each."""

    async def schema_version(self) -> int: ...

    async def close(self) -> None: ...


@dataclass(frozen=True)
class Dialect:
    """The expressions SQLite and PostgreSQL spell differently."""

    name: str

    def json_list(self, values: str, order: str = "") -> str:
        """A JSON array of ``values`` (an SQL expression; several make an array each) over
        the rows of a query, ``[]`` for none, in ``order`` (an ORDER BY's terms)."""
        several = "," in values
        if self.name == "sqlite":
            item = f"json_array({values})" if several else values
            return f"json_group_array({item})"  # (SQLite keeps the order of its FROM)
        item = f"json_build_array({values})" if several else values
        by = f" ORDER BY {order}" if order else ""
        return f"COALESCE(json_agg({item}{by}), '[]'::json)"

    def least(self, *terms: str) -> str:
        return f"{'MIN' if self.name == 'sqlite' else 'LEAST'}({', '.join(terms)})"

    @property
    def skip_locked(self) -> str:
        """Ends a sweep's subquery of due rows: rows another process is taking are passed
        over (PostgreSQL; SQLite's writer is single)."""
        return "" if self.name == "sqlite" else " FOR UPDATE SKIP LOCKED"

    def replace(self, table: str, columns: Sequence[str]) -> str:
        """An INSERT of ``columns`` that replaces the row with the same key (the first
        column). SQLite's ``INSERT OR REPLACE`` (an insert: its insert triggers run);
        PostgreSQL's upsert (its triggers run on insert or update)."""
        marks = ", ".join("?" for _ in columns)
        names = ", ".join(columns)
        if self.name == "sqlite":
            return f"INSERT OR REPLACE INTO {table} ({names}) VALUES ({marks})"
        sets = ", ".join(f"{column} = excluded.{column}" for column in columns[1:])
        return (
            f"INSERT INTO {table} ({names}) VALUES ({marks}) "
            f"ON CONFLICT ({columns[0]}) DO UPDATE SET {sets}"
        )


SQLITE = Dialect("sqlite")
POSTGRESQL = Dialect("postgresql")


def is_database_error(exc: BaseException) -> bool:
    """Whether ``exc`` is the database's own error (SQLite's or PostgreSQL's)."""
    if isinstance(exc, sqlite3.Error):
        return True
    try:
        import asyncpg
    except ImportError:  # pragma: no cover - asyncpg is a dependency
        return False
    return isinstance(exc, asyncpg.PostgresError | asyncpg.InterfaceError)


def shown(url: str) -> str:
    """A PostgreSQL ``url`` without its password, for messages, logs and files."""
    return re.sub(r"(://[^:/@]*):[^@/]*@", r"\1:***@", url)


def is_url(target: str) -> bool:
    """Whether ``target`` (``PARLOR_DB``) names a PostgreSQL server rather than a file."""
    return target.startswith(("postgresql://", "postgres://"))


@functools.lru_cache(maxsize=1024)
def numbered(sql: str) -> str:
    """``sql`` with its ``?`` placeholders as PostgreSQL's ``$1, $2, ...`` (none inside a
    quoted string is touched)."""
    out, count, quoted = [], 0, False
    for char in sql:
        if char == "'":
            quoted = not quoted
        elif char == "?" and not quoted:
            count += 1
            out.append(f"${count}")
            continue
        out.append(char)
    return "".join(out)
