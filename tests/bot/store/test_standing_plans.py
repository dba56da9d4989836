"""Every query of ``/leaderboard`` and ``/profile`` reads through an index, on SQLite and on
PostgreSQL: the test records the statements the standings run over a ladder of a few thousand
players and asks each database for their plans (``EXPLAIN QUERY PLAN``, ``EXPLAIN``). No table
is read whole, and a ladder's page comes in the index's order (nothing sorted). Run with ``-s``
to see the plans."""

from __future__ import annotations

from dataclasses import replace

from bot.service.ratings import GLOBAL
from bot.service.standings import Standings
from bot.service.store.database import Write
from bot.service.store.storage import Storage
from tests.bot.standings_data import big_ladder, hide_stats, store_ratings
from tests.bot.store.plans import Recorded, full_reads, plans_of

PLAYERS = 3000
GUILD = 5
INSERT_SETTINGS = "INSERT INTO user_settings (user_id, reminders) VALUES (?, '6h')"


async def test_the_standings_queries_use_indexes(db_path):
    storage = await Storage.open(db_path)
    try:
        rated = await big_ladder(storage, "pachisi", GUILD, PLAYERS)
        others = [  # the same players on other servers' ladders and other games': the
            replace(r, game_key=key, guild_id=guild)  # ladder asked for is a small part
            for key, guild in [("ice-turn", GUILD), *(("pachisi", g) for g in range(6, 12))]
            for r in rated
            if r.guild_id == GUILD
        ]
        await store_ratings(storage, others)
        await storage.database.batch(  # most players have chosen some setting
            [Write(INSERT_SETTINGS, [(r.user_id,) for r in rated if r.guild_id], many=True)]
        )
        for user in range(10_000, 10_000 + PLAYERS, 97):
            await hide_stats(storage, user)
        await storage.database.fetch(
            "VACUUM ANALYZE" if storage.dialect.name != "sqlite" else "ANALYZE"
        )
        recorded = Recorded(storage.database)
        storage.database = recorded
        standings = Standings(storage)
        viewer = 10_000 + PLAYERS - 2
        await standings.ladder("pachisi", GUILD, viewer=viewer, page=3)
        await standings.ladder("pachisi", GLOBAL, viewer=viewer)
        await standings.profile(viewer, viewer=10_001, guild_id=GUILD)
        await standings.profile(viewer, viewer=viewer, game_key="pachisi", guild_id=GUILD)
        storage.database = recorded.database
        plans = await plans_of(storage, recorded.queries)
    finally:
        await storage.close()
    assert len(plans) >= 10
    for sql, plan in plans:
        print(f"\n-- {sql}\n{plan}")
        assert not full_reads(plan, storage.dialect.name), (sql, plan)
        if "FROM ratings r WHERE r.game_key = ? AND r.guild_id = ? AND (r.user_id" in sql:
            assert "TEMP B-TREE" not in plan and "Sort" not in plan, plan  # the index's order
