"""The databases the storage and service tests run on: an SQLite file, and a PostgreSQL
database on a real server started for the test session from the ``pgserver`` wheel
(PostgreSQL 16, no installation). Where that server cannot start, the PostgreSQL cases skip
with the reason; the SQLite ones run regardless. Under CI (``CI`` set), where ``.ci/run``
installs the wheel, a server that cannot start fails the test instead: a skip there would hide
every PostgreSQL case."""

from __future__ import annotations

import itertools
import os
from pathlib import Path

import pytest

BACKENDS = ("sqlite", "postgresql")

_numbers = itertools.count(1)


def start_server(folder: Path, *, keep: bool = False):
    """A PostgreSQL server in ``folder``, or a skip. Its ``cleanup()`` stops it and deletes
    its data, or (``keep``) only stops it: started again, it has the same data."""
    try:
        import pgserver
    except ImportError as exc:  # pragma: no cover - a test dependency
        pytest.skip(f"PostgreSQL tests need the pgserver package: {exc}")
    try:
        return pgserver.get_server(str(folder), cleanup_mode="stop" if keep else "delete")
    except Exception as exc:  # its own errors: a missing binary, a port, a user
        if os.environ.get("CI"):
            pytest.fail(f"a PostgreSQL server could not start under CI: {exc}")
        pytest.skip(f"a PostgreSQL server could not start here: {exc}")


async def new_database(server) -> str:
    """The URL of a new, empty database on ``server`` (one per test: nothing shared)."""
    import asyncpg

    name = f"parlor_{next(_numbers)}"
    connection = await asyncpg.connect(server.get_uri())
    try:
        await connection.execute(f"CREATE DATABASE {name}")
    finally:
        await connection.close()
    return server.get_uri(name)


def sqlite_only(db_path: str, why: str) -> None:
    """Skip a case that looks at SQLite's own workings when it runs on PostgreSQL."""
    if db_path.startswith("postgresql://"):
        pytest.skip(f"SQLite's own: {why}")
