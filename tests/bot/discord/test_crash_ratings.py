"""A rated game whose last move is committed and then the bot is killed (SIGKILL, before
Discord sees the final board): its results and ladders' update are there, once, since they
were written in the move's own transaction; the restarts that then announce the game add
nothing to them."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sys

import pytest

from bot.service.facade import Service
from bot.service.ratings import GLOBAL
from tests.bot.discord.chat import is_turn, start
from tests.bot.discord.crashes import POST, bot_process, to_the_last_move
from tests.bot.discord.processes import STARTUP
from tests.bot.discord.world import new_bot, world
from tests.fakediscord import FakeDiscord, run_bot


async def ladders(db) -> tuple[list, list, list]:
    service = await Service.open(str(db))
    try:
        fetch = service.storage.database.fetch
        return (
            [tuple(r) for r in await fetch("SELECT * FROM ratings ORDER BY 1, 2, 3")],
            [tuple(r) for r in await fetch("SELECT * FROM rating_changes ORDER BY 1, 2, 3")],
            [tuple(r) for r in await fetch("SELECT * FROM results ORDER BY 1, 2")],
        )
    finally:
        await service.close()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
async def test_a_sigkill_after_the_last_move_loses_no_rating_and_applies_none_twice(tmp_path):
    db = tmp_path / "parlor.db"
    async with FakeDiscord(timeout=30.0) as fake:
        games, users = world(fake)
        bot = new_bot(db)
        async with run_bot(fake, bot):
            thread, turn = await start(fake, games, users, game="icesickle", clock="none")
            last, record = await to_the_last_move(bot, random.Random(7))
            turn = await fake.wait_for_message(thread, is_turn, after=turn)
            history = await bot.service.history(1)
            assert sum(m.user_id is not None for m in history) >= 6  # long enough to rate
            guild = record.guild_id
        mover = next(u for u in users.values() if u.id == record.player_to_move.user_id)

        hold = fake.hold(*POST, lambda request: bool(request.files))  # the final board
        async with bot_process(fake, db, tmp_path) as child:
            rec = await fake.slash(mover, thread, "move", {"move": str(last)})
            await rec.response()
            await hold.reached()
            os.kill(child.pid, signal.SIGKILL)
            await child.wait()
        hold.drop()

        ratings, changes, results = await ladders(db)
        players = sorted(users[name].id for name in ("ann", "ben"))
        assert [(r[1], r[2]) for r in ratings] == [(g, u) for g in (GLOBAL, guild) for u in players]
        assert all(r[7] == 1 for r in ratings)  # one game counted
        assert [(r[0], r[1], r[2]) for r in changes] == [
            (1, g, u) for g in (GLOBAL, guild) for u in players
        ]
        assert [(r[0], r[1]) for r in results] == [(1, 0), (1, 1)]

        for _ in range(2):  # the restarts announce the game; the ladders stay as they were
            bot = new_bot(db)
            async with run_bot(fake, bot):
                await asyncio.wait_for(bot._reposter, STARTUP)
        (final,) = [m for m in fake.messages_in(thread) if is_turn(m) and m.id > turn.id]
        assert "Game over" in final.content
        assert await ladders(db) == (ratings, changes, results)
        fake.assert_clean()
