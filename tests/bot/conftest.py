"""Fixtures the bot's tests share."""

from __future__ import annotations

import random

import pytest

from bot.service.facade import Service
from tests.bot.databases import BACKENDS, new_database, start_server
from tests.bot.people import Clock


@pytest.fixture(scope="session")
def pg_server(tmp_path_factory):
    """A PostgreSQL server for the session (see ``tests/bot/databases.py``)."""
    server = start_server(tmp_path_factory.mktemp("postgres") / "data")
    yield server
    server.cleanup()


@pytest.fixture(params=BACKENDS)
async def db_path(request, tmp_path):
    """Where a test's database is, on each backend in turn: an SQLite file's path, or the
    URL of a new PostgreSQL database (``PARLOR_DB`` takes either)."""
    if request.param == "sqlite":
        return str(tmp_path / "parlor.db")
    return await new_database(request.getfixturevalue("pg_server"))


@pytest.fixture
async def another_db(request, tmp_path, db_path):
    """A second, empty database on the same backend as ``db_path``."""
    if not db_path.startswith("postgresql://"):
        return str(tmp_path / "other.db")
    return await new_database(request.getfixturevalue("pg_server"))


@pytest.fixture
async def services(db_path):
    """Opens services on one database (each a bot process) sharing one clock; all closed
    after."""
    clock, opened = Clock(), []

    async def open_one() -> Service:
        service = await Service.open(db_path, clock=clock, seats_rng=random.Random(1))
        opened.append(service)
        return service

    yield open_one
    for service in opened:
        await service.close()
