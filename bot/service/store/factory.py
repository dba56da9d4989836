"""Opens the database ``PARLOR_DB`` names: the one module that knows both implementations, so
the interface (``database.py``) never imports them and they import only the interface."""

from __future__ import annotations

from bot.service.store.database import Database, is_url
from bot.service.store.sqlite import SqliteDatabase


async def open_database(target: str) -> Database:
    """The database ``target`` names: a PostgreSQL URL, else an SQLite file's path.
    ``StorageOpenError`` when it cannot be used."""
    if is_url(target):
        # (asyncpg is loaded only for a server: terminal play and SQLite never pay for it)
        from bot.service.store.postgres import PostgresDatabase

        return await PostgresDatabase.open(target)
    return await SqliteDatabase.open(target)
