"""Two bot processes, each running one of two shards, on one PostgreSQL database, over the fake
Discord: ``python -m bot`` with ``PARLOR_SHARDS=2`` and ``PARLOR_SHARD_IDS=0`` or ``1``.

Games in servers of both shards play to the end; a hundred clicks at once on one game, spread
over both processes, apply one move; a clock that falls due is acted on once, though both
processes sweep; a process killed with SIGKILL mid-game loses no move it acknowledged, and
the other carries on with its own servers. A board one process posted and never stored (it died
in between) is played from the other process, and a restart closes such a board."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import time
from pathlib import Path

from bot.service.clocks import DAY
from bot.service.facade import Service
from tests.bot.answers import answer
from tests.bot.databases import new_database
from tests.bot.discord.processes import QUICK, STARTUP, descendants, kill_all, start_bot
from tests.bot.turns import following, mentioned
from tests.fakediscord import FakeDiscord

SHARDS = 2


def is_turn(message) -> bool:
    return bool(message.attachments)


async def start_shard(fake, url: str, folder: Path, shard: int, log_name: str):
    """``python -m bot`` running shard ``shard``, its output in ``folder / log_name``."""
    return await start_bot(
        fake,
        folder,
        log_name=log_name,
        PARLOR_DB=url,
        PARLOR_SHARDS=str(SHARDS),
        PARLOR_SHARD_IDS=str(shard),
        **QUICK,
    )


@contextlib.asynccontextmanager
async def bot_processes(fake, url: str, folder: Path):
    """One ``python -m bot`` per shard; their pids, by shard (a test may put a process it
    starts again in their place). Stopped (SIGTERM) at the end, or killed if they do not
    stop."""
    children = {}
    for shard in range(SHARDS):
        children[shard] = await start_shard(fake, url, folder, shard, f"bot-{shard}.log")
    family = []
    try:
        await fake.wait_shards_ready(SHARDS, syncs=SHARDS, timeout=STARTUP)
        family = [pid for child in children.values() for pid in descendants(child.pid)]
        yield children
    finally:
        for child in children.values():
            if child.returncode is None:
                family += descendants(child.pid)
                child.send_signal(signal.SIGTERM)
        for child in children.values():
            try:
                await asyncio.wait_for(child.wait(), STARTUP)
            except TimeoutError:
                child.kill()
                await child.wait()
        kill_all(family)


async def open_game(fake, channel, host, guest, **options):
    """A challenge accepted: the game's thread and its first turn message."""
    options = {"opponent": guest, **options}
    rec = await fake.slash(host, channel, "play", options, subcommand="icesickle")
    challenge = (await rec.response()).message
    accept = next(c for c in challenge.custom_ids if c.endswith(":accept"))
    await answer(await fake.click(guest, challenge, accept))
    thread = await fake.wait_for_thread(channel, after=rec)
    return thread, await fake.wait_for_message(thread, is_turn)


async def move(fake, thread, turn, users, rng):
    """The player to move picks one of the menu's moves; the turn message that follows."""
    (mover,) = (users[i] for i in mentioned(turn))
    select = rng.choice(turn.selects)
    edits = len(turn.revisions)
    await answer(
        await fake.select(mover, turn, select["custom_id"], [select["options"][0]["value"]])
    )
    return await following(fake, thread, turn, edits)


async def play_to_the_end(fake, thread, turn, users, rng):
    while turn.selects:
        turn = await move(fake, thread, turn, users, rng)
    return turn


async def test_two_processes_split_the_shards_of_one_database(tmp_path, pg_server):
    url = await new_database(pg_server)
    rng = random.Random(4)
    async with FakeDiscord(timeout=60.0) as fake:
        guilds = [fake.add_guild(name=f"shard {i}", shard=(i, SHARDS)) for i in range(SHARDS)]
        channels = [fake.add_text_channel(guild, "games") for guild in guilds]
        ann, ben, cat, dan = (fake.add_user(name) for name in ("ann", "ben", "cat", "dan"))
        users = {u.id: u for u in (ann, ben, cat, dan)}
        async with bot_processes(fake, url, tmp_path) as children:
            # a game in a server of each shard, played to the end at once
            opened = [await open_game(fake, channels[i], ann, ben) for i in range(SHARDS)]
            ends = await asyncio.gather(
                *(play_to_the_end(fake, thread, turn, users, rng) for thread, turn in opened)
            )
            assert all("Game over" in end.content for end in ends), [
                (end.id, end.content, end.components, len(end.revisions)) for end in ends
            ]

            # a hundred clicks at once on one game, half to each process: one move
            thread, turn = await open_game(fake, channels[0], cat, dan)
            (mover,) = (users[i] for i in mentioned(turn))
            select = turn.selects[0]
            clicks = [
                fake.select(mover, turn, select["custom_id"], [option["value"]], shard=n % 2)
                for n, option in zip(range(100), select["options"] * 100, strict=False)
            ]
            answers = [await answer(r) for r in await asyncio.gather(*clicks)]
            refused = [a for a in answers if a.ephemeral]
            assert len(refused) == 99, [a.content for a in answers if not a.ephemeral]
            reasons = ("out of date; nothing was played", "Not played: Someone else changed")
            assert all(any(r in a.content for r in reasons) for a in refused), {
                a.content for a in refused
            }
            service = await Service.open(url)
            try:
                game = await service.game_in_thread(thread.id)
                assert game.version == 1 and len(await service.history(game.id)) == 1

                # a clock that falls due: both processes sweep; the game ends once
                thread, turn = await open_game(
                    fake, channels[1], ann, cat, clock="1d", clock_mode="hard"
                )
                now, game = time.time(), await service.game_in_thread(thread.id)
                async with service.storage.transaction() as tx:
                    await tx.execute(
                        "UPDATE games SET turn_at = ?, deadline = ?, wake_at = ? WHERE id = ?",
                        (now - DAY - 60, now - 60, now - 60, game.id),
                    )
                over = await fake.wait_for_message(thread, is_turn, after=turn)
                assert "ran out of time: the game is over" in over.content
                await asyncio.sleep(1.0)  # five more sweeps of each process: nothing more
                assert [m for m in fake.messages_in(thread) if m.id > turn.id] == [over]
                assert (await service.game(game.id)).over

                # shard 1's process killed mid-game: no acknowledged move lost
                thread, turn = await open_game(fake, channels[1], ben, dan)
                for _ in range(3):
                    turn = await move(fake, thread, turn, users, rng)
                os.kill(children[1].pid, signal.SIGKILL)
                await children[1].wait()
                game = await service.game_in_thread(thread.id)
                assert len(await service.history(game.id)) >= 3
                assert game.version == len(await service.history(game.id))
            finally:
                await service.close()

            # shard 0's process carries on with its servers
            thread, turn = await open_game(fake, channels[0], ann, dan)
            turn = await move(fake, thread, turn, users, rng)
            assert turn.selects
        for shard in range(SHARDS - 1):
            assert children[shard].returncode == 0
            log = (tmp_path / f"bot-{shard}.log").read_text(errors="replace")
            assert "Traceback" not in log, log


def crash_after_post(fake, thread, child) -> list[int]:
    """Kill ``child`` (SIGKILL) the moment the fake has posted its next message in
    ``thread``, before the process hears back: a crash between a board's post and its record.
    The posted message's id is put in the list returned."""
    posted: list[int] = []

    def crash(rec) -> None:
        if rec.method == "POST" and rec.path == f"/channels/{thread.id}/messages" and not posted:
            os.kill(child.pid, signal.SIGKILL)
            posted.append(int(rec.response["id"]))
            fake.before_reply.remove(crash)

    fake.before_reply.append(crash)
    return posted


async def test_a_board_posted_but_never_recorded_plays_in_the_other_process(tmp_path, pg_server):
    """A board that one process posted and never recorded (it died between the two) is a real
    board: the click on it reaching the other process is played there, as the current turn.
    Once a restart posts the game's board again, a board left live by such a crash loses its
    controls, so only the new one can be played."""
    url = await new_database(pg_server)
    rng = random.Random(7)
    async with FakeDiscord(timeout=60.0) as fake:
        guilds = [fake.add_guild(name=f"shard {i}", shard=(i, SHARDS)) for i in range(SHARDS)]
        channel = fake.add_text_channel(guilds[0], "games")  # a server of shard 0
        ann, ben = fake.add_user("ann"), fake.add_user("ben")
        users = {u.id: u for u in (ann, ben)}
        service = await Service.open(url)
        try:
            async with bot_processes(fake, url, tmp_path) as children:
                thread, turn = await open_game(fake, channel, ann, ben)
                game_id = (await service.game_in_thread(thread.id)).id

                # shard 0's process plays a move, posts the next board and dies at once
                posted = crash_after_post(fake, thread, children[0])
                board = await move(fake, thread, turn, users, rng)
                await children[0].wait()
                assert posted == [board.id] and board.selects
                game = await service.game(game_id)
                assert game.version == 1 and game.message_id != board.id  # never recorded

                # its click reaches shard 1's process, which never saw that board: played
                (mover,) = (users[i] for i in mentioned(board))
                select = rng.choice(board.selects)
                value = select["options"][0]["value"]
                got = await answer(
                    await fake.select(mover, board, select["custom_id"], [value], shard=1)
                )
                assert got.updated and not fake.message(board.id).custom_ids, got.content
                after = await following(fake, thread, board, 0)
                assert after.id != board.id and after.selects
                assert (await service.game(game_id)).version == 2
                assert len(await service.history(game_id)) == 2

                # shard 1's process dies the same way after the next move
                posted = crash_after_post(fake, thread, children[1])
                (mover,) = (users[i] for i in mentioned(after))
                select = rng.choice(after.selects)
                await answer(
                    await fake.select(
                        mover,
                        after,
                        select["custom_id"],
                        [select["options"][0]["value"]],
                        shard=1,
                    )
                )
                await children[1].wait()
                stray = fake.message(posted[0])
                assert stray.selects and (await service.game(game_id)).version == 3

                # shard 0's process starts again: the board posted again, the stray closed
                children[0] = await start_shard(fake, url, tmp_path, 0, "bot-0-again.log")
                again = await fake.wait_for_message(
                    thread, lambda m: is_turn(m) and "after a restart" in m.content, after=stray
                )
                await fake.wait_until(
                    lambda: not fake.message(stray.id).custom_ids, "the stray board closed"
                )
                assert again.selects
                last = await move(fake, thread, again, users, rng)
                assert last.id != again.id and (await service.game(game_id)).version == 4
        finally:
            await service.close()
        log = (tmp_path / "bot-0-again.log").read_text(errors="replace")
        assert "Traceback" not in log, log
        assert children[0].returncode == 0
