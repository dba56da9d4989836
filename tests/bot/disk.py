"""A full disk, as SQLite meets it: the database file capped at its size now (SQLite's own page
limit), so the next write fails with a real SQLITE_FULL; and the room given back."""

from __future__ import annotations

import aiosqlite
import pytest


async def fill_the_disk(storage) -> None:
    """Cap the database file at its size now and fill what room is left, as a full disk
    would leave it (SQLite's own page limit: a real SQLITE_FULL on the next write)."""
    db = storage.db
    (pages,) = await (await db.execute("PRAGMA page_count")).fetchone()
    await db.execute(f"PRAGMA max_page_count = {pages + 8}")
    await db.execute("CREATE TABLE IF NOT EXISTS filler (junk BLOB)")
    with pytest.raises(aiosqlite.OperationalError, match="full"):
        for _ in range(10_000):
            await db.execute("INSERT INTO filler VALUES (zeroblob(1000))")
    for _ in range(10_000):  # then the small gaps
        try:
            await db.execute("INSERT INTO filler VALUES (zeroblob(20))")
        except aiosqlite.OperationalError:
            break


async def free_the_disk(storage) -> None:
    await storage.db.execute("PRAGMA max_page_count = 1073741823")
