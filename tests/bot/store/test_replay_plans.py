"""The query of ``/replay``'s autocomplete (``Storage.replayable_games``: a user's own games,
their server's that are over, those they follow) reads through indexes only, on SQLite and on
PostgreSQL, over a few thousand games on many servers. Run with ``-s`` to see the plans."""

from __future__ import annotations

import re

from bot.service.store.database import Write
from bot.service.store.storage import Storage
from tests.bot.store.plans import Recorded, full_reads, plans_of

GAMES = 20_000
SERVERS = 40
USERS = 3000
INSERT_GAME = (
    "INSERT INTO games (id, game_key, num_players, options, settings, seed, status, guild_id, "
    "channel_id, snapshot, created_at, updated_at) "
    "VALUES (?, 'icesickle', 2, '{}', '{}', 1, ?, ?, 7, '{}', ?, ?)"
)
DERIVED = re.compile(r"SCAN (mine|ended|followed|found|picked)\b")
"""The query's own subqueries, as SQLite names them in a plan."""
INSERT_SEAT = "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, 'x')"
INSERT_FOLLOW = "INSERT INTO follows (game_id, user_id, since) VALUES (?, ?, 1.0)"


async def test_the_replay_autocomplete_reads_through_indexes(db_path):
    storage = await Storage.open(db_path)
    try:
        games = [
            (i, "over" if i % 3 else "active", 100 + i % SERVERS, float(i), float(i))
            for i in range(1, GAMES + 1)
        ]
        seats = [
            (i, s, 1000 + (i * 7 + s * 13) % USERS) for i in range(1, GAMES + 1) for s in (0, 1)
        ]
        follows = [(i, 1000 + (i * 11) % USERS) for i in range(3, GAMES + 1, 3)]
        await storage.database.batch(
            [
                Write(INSERT_GAME, games, many=True),
                Write(INSERT_SEAT, seats, many=True),
                Write(INSERT_FOLLOW, follows, many=True),
            ]
        )
        await storage.database.fetch(
            "VACUUM ANALYZE" if storage.dialect.name != "sqlite" else "ANALYZE"
        )
        recorded = Recorded(storage.database)
        storage.database = recorded
        offered = await storage.replayable_games(1000 + 5, 100 + 7, 25)
        storage.database = recorded.database
        plans = await plans_of(storage, recorded.queries)
    finally:
        await storage.close()
    assert len(offered) == 25 and [r["id"] for r in offered] == sorted(
        (r["id"] for r in offered), reverse=True
    )
    assert len(plans) == 1
    for sql, plan in plans:
        print(f"\n-- {sql}\n{plan}")
        tables = [  # a scan of the few rows a subquery gave ("SCAN mine") reads no table
            line for line in full_reads(plan, storage.dialect.name) if not DERIVED.search(line)
        ]
        assert not tables, (sql, plan)
        assert "USING INDEX" in plan or "Index" in plan
        # a server's finished games are read newest first in games_guild_status's order, not
        # by walking the whole primary key back (PostgreSQL needs the id in it: migration 17)
        assert re.search(r"games_guild_status.*games o|INDEX games_guild_status", plan), plan
