"""Query plans for the index tests: the statements a storage runs, recorded, and each
database's plan of them (``EXPLAIN QUERY PLAN`` on SQLite, ``EXPLAIN`` on PostgreSQL)."""

from __future__ import annotations

import re

from bot.service.store.storage import Storage


class Recorded:
    """The database under the storage, keeping each query it is asked (the SQL and its
    parameters) as it runs it."""

    def __init__(self, database) -> None:
        self.database = database
        self.queries: list[tuple[str, tuple]] = []

    def __getattr__(self, name):
        return getattr(self.database, name)

    async def fetch(self, sql, params=()):
        self.queries.append((sql, tuple(params)))
        return await self.database.fetch(sql, params)


async def plans_of(storage: Storage, queries) -> list[tuple[str, str]]:
    explain = "EXPLAIN QUERY PLAN " if storage.dialect.name == "sqlite" else "EXPLAIN "
    found = []
    for sql, params in queries:
        rows = await storage.database.fetch(explain + sql, params)
        plan = "\n".join(str(row[-1]) for row in rows)
        found.append((sql, plan))
    return found


def full_reads(plan: str, dialect: str) -> list[str]:
    """The lines of ``plan`` that read one of our tables whole."""
    if dialect == "sqlite":
        return [
            line
            for line in plan.splitlines()
            if re.match(r"\s*SCAN (\w+)", line) and "INDEX" not in line and "CONSTANT" not in line
        ]
    return [line for line in plan.splitlines() if "Seq Scan" in line]
