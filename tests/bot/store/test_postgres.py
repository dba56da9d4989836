"""What only PostgreSQL has to show: a server that restarts under a running bot, the pool's
size from the environment, a server that is not there at the start."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.service.errors import StorageOpenError, Unavailable
from bot.service.facade import Service
from tests.bot.databases import new_database, start_server
from tests.bot.people import ANN, BEN, Clock


async def test_a_bot_carries_on_after_the_server_restarts(tmp_path):
    folder = tmp_path / "data"
    server = start_server(folder, keep=True)
    url = await new_database(server)
    service = await Service.open(url, clock=Clock(), seats_rng=random.Random(1))
    try:
        challenge = await service.challenge("icesickle", ANN, BEN, channel_id=9)
        game = await service.accept(challenge.id, BEN)
        first = game.state.legal_moves()[0]
        game = (await service.play(game.id, game.player_to_move.user_id, first)).game

        server.cleanup()  # the server stops: what comes now is answered, nothing kept
        move = game.state.legal_moves()[0]
        with pytest.raises(Unavailable):
            await service.play(game.id, game.player_to_move.user_id, move)
        with pytest.raises(Unavailable):
            await service.storage.games_of(ANN.user_id, active_only=True)

        server = start_server(folder)  # back, on the same data: the pool connects anew
        played = await service.play(game.id, game.player_to_move.user_id, move)
        assert played.game.version == game.version + 1
        history = await service.history(game.id)
        assert [row.move for row in history] == [str(first), str(move)]
    finally:
        await service.close()
        server.cleanup()


async def test_the_pool_size_comes_from_the_environment(pg_server, monkeypatch):
    url = await new_database(pg_server)
    monkeypatch.setenv("PARLOR_DB_POOL", "3")
    service = await Service.open(url)
    try:
        assert service.storage.database.pool.get_max_size() == 3
    finally:
        await service.close()
    for bad, why in (("three", "'three' is not a number"), ("1", "at least 2 connections")):
        monkeypatch.setenv("PARLOR_DB_POOL", bad)
        with pytest.raises(StorageOpenError, match=why):
            await Service.open(url)


async def test_a_server_that_is_not_there_is_a_one_line_error_naming_it_without_password(
    tmp_path,
):
    url = f"postgresql://parlor:secret@/parlor?host={tmp_path}&connect_timeout=2"
    with pytest.raises(StorageOpenError) as caught:
        await Service.open(url)
    message = str(caught.value)
    assert message.startswith("cannot open the database postgresql://parlor:***@/parlor")
    assert "secret" not in message and "\n" not in message


async def test_both_databases_have_the_same_tables_and_columns(tmp_path, pg_server):
    """PostgreSQL's schema is SQLite's (``bot/service/store/migrations_pg.py``): the same tables,
    with the
    same columns in the same order (``SELECT *`` reads alike), at the same migration."""
    lite = await Service.open(str(tmp_path / "parlor.db"))
    post = await Service.open(await new_database(pg_server))
    try:
        tables = [
            row[0]
            for row in await lite.storage.database.fetch(
                "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
            )
        ]
        assert "games" in tables and "user_settings" in tables
        for table in tables:
            ours = [
                row[1] for row in await lite.storage.database.fetch(f"PRAGMA table_info({table})")
            ]
            theirs = [
                row[0]
                for row in await post.storage.database.fetch(
                    "SELECT column_name FROM information_schema.columns "
                    "WHERE table_name = ? ORDER BY ordinal_position",
                    (table,),
                )
            ]
            assert theirs == ours, table
        assert await post.storage.schema_version() == await lite.storage.schema_version()
    finally:
        await lite.close()
        await post.close()


async def test_a_game_locked_by_a_stuck_process_is_answered_try_again(pg_server, monkeypatch):
    """Another process holds the game's row (a transaction that hangs): a move waits at most
    COMMAND_TIMEOUT, is answered "try again" with nothing kept, and goes through once the
    row is free."""
    import asyncpg

    from bot.service.store import postgres as database_pg

    monkeypatch.setattr(database_pg, "COMMAND_TIMEOUT", 0.5)
    url = await new_database(pg_server)
    service = await Service.open(url, clock=Clock(), seats_rng=random.Random(1))
    stuck = await asyncpg.connect(url)
    try:
        challenge = await service.challenge("icesickle", ANN, BEN, channel_id=9)
        game = await service.accept(challenge.id, BEN)
        move = game.state.legal_moves()[0]
        transaction = stuck.transaction()
        await transaction.start()
        await stuck.execute("SELECT id FROM games WHERE id = $1 FOR UPDATE", game.id)
        with pytest.raises(Unavailable):  # (wait_for: without the timeout it would hang)
            await asyncio.wait_for(service.play(game.id, game.player_to_move.user_id, move), 5)
        await transaction.rollback()
        assert await service.history(game.id) == []
        played = await service.play(game.id, game.player_to_move.user_id, move)
        assert played.game.version == 1
    finally:
        await stuck.close()
        await service.close()


def test_the_bot_does_not_start_on_a_server_that_is_not_there(tmp_path):
    import subprocess
    import sys

    from tests.bot.terminal import ROOT

    url = f"postgresql://parlor:secret@/parlor?host={tmp_path}&connect_timeout=2"
    env = {"PATH": "/usr/bin:/bin", "DISCORD_TOKEN": "x", "PARLOR_DB": url}
    result = subprocess.run(
        [sys.executable, "-m", "bot"], env=env, capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert result.returncode == 1
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith("error: cannot open the database postgresql://parlor:***@/parlor")


async def test_a_database_outage_under_the_sweeps_is_one_warning_each_way(
    tmp_path, caplog, monkeypatch
):
    """The server goes away under a running bot whose sweeps and AI looks run every 50 ms:
    the log says so once, and once when it is back, with no ERROR (a soak logged one with a
    traceback per sweep, and a warning per failed request)."""
    import logging

    from bot import create_bot
    from bot.discord import client as app
    from tests.fakediscord import FakeDiscord, run_bot

    monkeypatch.setattr(app, "EXPIRY_SWEEP", 0.05)
    monkeypatch.setattr(app, "AI_LOOK", 0.05)
    caplog.set_level(logging.DEBUG, logger="parlor")
    folder = tmp_path / "data"
    server = start_server(folder, keep=True)
    url = await new_database(server)

    def said(words: str, level: int = logging.DEBUG) -> list[logging.LogRecord]:
        return [r for r in caplog.records if r.levelno == level and words in r.getMessage()]

    async def until(check, what: str) -> None:
        for _ in range(1200):  # 60 s at most: the sweeps come every 50 ms
            if check():
                return
            await asyncio.sleep(0.05)
        raise AssertionError(f"timed out waiting for {what}")

    try:
        async with FakeDiscord() as fake:
            fake.add_guild()
            bot = create_bot(db_path=url, guild_ready_timeout=0.05)
            async with run_bot(fake, bot):
                await until(lambda: said("looking for AI turns") == [], "the bot")  # (none yet)
                await asyncio.to_thread(server.cleanup)  # the server stops
                await until(lambda: len(said("the sweep: ")) >= 3, "three sweeps failing")
                await until(lambda: len(said("looking for AI turns: ")) >= 3, "three AI looks")
                server = await asyncio.to_thread(start_server, folder)  # back, same data
                await until(lambda: said("available again", logging.WARNING), "it is back")
                sweeps = len(said("the sweep: "))
                await until(lambda: len(said("the sweep: ")) == sweeps, "a sweep")
            fake.assert_clean()
    finally:
        server.cleanup()
    told = [r for r in caplog.records if r.levelno >= logging.WARNING and "discord" not in r.name]
    assert [r.levelname for r in told] == ["WARNING", "WARNING"], [r.getMessage() for r in told]
    assert "the database is unavailable" in told[0].getMessage()
    assert "the database is available again" in told[1].getMessage()


async def test_a_move_whose_board_cannot_be_recorded_is_answered_as_played(tmp_path):
    """The server goes away right after a move's commit, as its next board is posted: the
    board's record fails, yet the player sees the move played (the board they used closed, the
    next one posted, no "Something went wrong"), and the game plays on from that board once
    the server is back."""
    from tests.bot.answers import answer
    from tests.bot.discord.chat import icesickle, pick, who
    from tests.bot.discord.world import new_bot, world
    from tests.fakediscord import FakeDiscord, run_bot

    folder = tmp_path / "data"
    server = start_server(folder, keep=True)
    url = await new_database(server)
    rng = random.Random(2)
    try:
        async with FakeDiscord() as fake:
            games, users = world(fake)
            async with run_bot(fake, new_bot(url)) as bot:
                thread, board = await icesickle(fake, games, users["ann"], users["ben"])
                stopped: list[int] = []

                async def stop_the_server(rec) -> None:  # the move is committed: its board is out
                    if rec.method == "POST" and rec.path == f"/channels/{thread.id}/messages":
                        fake.before_reply.remove(stop_the_server)
                        await asyncio.to_thread(server.cleanup)
                        stopped.append(int(rec.response["id"]))  # the bot hears back now

                fake.before_reply.append(stop_the_server)
                got = await answer(await pick(fake, who(board, users), board, rng))
                assert got.updated and not fake.message(board.id).custom_ids, got.content
                after = await fake.wait_for_message(thread, lambda m: m.attachments, after=board)
                handled = lambda: bool(stopped) and bot._idle.is_set()  # noqa: E731
                await fake.wait_until(handled, "the move handled")
                assert stopped == [after.id] and after.selects
                assert not [m for m in fake.messages_in(thread, include_ephemeral=True)
                            if m.ephemeral]  # fmt: skip

                server = start_server(folder)  # back: the next move, from that board
                got = await answer(await pick(fake, who(after, users), after, rng))
                assert got.updated, got.content
                await fake.wait_for_message(thread, lambda m: m.attachments, after=after)
                assert (await bot.service.game(1)).version == 2
            fake.assert_clean()
    finally:
        server.cleanup()
