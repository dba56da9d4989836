"""A game that ends while the bot is killed: ``python -m bot`` (against the fake Discord) is
killed with SIGKILL after it committed the move, resignation, claim or hard timeout that ended
a game and before Discord saw the board that says so (the fake holds that request); the next
start posts the final board, with the result, once, and the last turn message loses its
controls. A second restart posts nothing more. Killed while Discord makes a game's thread, the
bot finds that thread at the next start and plays the game there; a game whose thread is gone
is tried at one start only."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sys

import pytest

from bot.service.clocks import DAY
from bot.service.facade import Service
from tests.bot.answers import answer
from tests.bot.discord.chat import buttons, is_turn, start, who
from tests.bot.discord.crashes import EDIT, POST, bot_process, to_the_last_move
from tests.bot.discord.processes import STARTUP
from tests.bot.discord.world import Moment, new_bot, world
from tests.fakediscord import FakeDiscord, run_bot


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("how", ["last move", "resign", "claim", "hard timeout"])
async def test_a_game_that_ended_in_a_crash_is_announced_once_after_the_restart(tmp_path, how):
    db = tmp_path / "parlor.db"
    clock = Moment()
    clock.now -= 2 * DAY  # the game began two days ago: a 1-day clock is out now
    clocks = {
        "claim": {"clock": "1d"},
        "hard timeout": {"clock": "1d", "clock_mode": "hard"},
    }.get(how, {"clock": "none"})
    async with FakeDiscord(timeout=30.0) as fake:
        games, users = world(fake)
        bot = new_bot(db, clock=clock)
        async with run_bot(fake, bot):
            thread, turn = await start(fake, games, users, game="icesickle", **clocks)
            if how == "last move":
                last, record = await to_the_last_move(bot, random.Random(7))
                turn = await fake.wait_for_message(thread, is_turn, after=turn)
                mover = next(u for u in users.values() if u.id == record.player_to_move.user_id)
            else:
                mover = who(turn, users)
            other = next(u for u in (users["ann"], users["ben"]) if u != mover)
            if how == "claim":  # the time is up: the turn message shows the claim button
                clock.now += DAY
                await bot.sweep()
                turn = fake.message(turn.id)
                assert "Claim the win" in buttons(turn)
        assert turn.components

        # the bot is killed once the game is over and before the board that says so is seen
        if how in ("resign", "hard timeout"):  # before the old board loses its controls
            hold = fake.hold(*EDIT)
        else:  # the clicked board lost them: before the new board (a message with a file)
            hold = fake.hold(*POST, lambda request: bool(request.files))
        async with bot_process(fake, db, tmp_path) as child:
            if how == "last move":
                rec = await fake.slash(mover, thread, "move", {"move": str(last)})
                await rec.response()
            elif how == "resign":
                rec = await fake.slash(mover, thread, "resign")
                await rec.response()
            elif how == "claim":
                await answer(await fake.click(other, turn, buttons(turn)["Claim the win"]))
            # (a hard timeout: the bot's own sweep ends the game)
            await hold.reached()
            os.kill(child.pid, signal.SIGKILL)
            await child.wait()
        hold.drop()
        service = await Service.open(str(db))
        try:
            assert (await service.game(1)).over  # committed, and not shown:
        finally:
            await service.close()
        assert not [m for m in fake.messages_in(thread) if "Game over" in m.content]
        if how in ("resign", "hard timeout"):
            assert fake.message(turn.id).components  # the old board still has its controls

        for _ in range(2):  # the next start shows it, once
            bot = new_bot(db)
            async with run_bot(fake, bot):
                await asyncio.wait_for(bot._reposter, STARTUP)
        boards = [m for m in fake.messages_in(thread) if is_turn(m) and m.id > turn.id]
        (final,) = boards
        assert "Game over" in final.content and list(buttons(final)) == ["Rematch"]
        assert sorted(final.mention_ids) == sorted([users["ann"].id, users["ben"].id])
        assert not fake.message(turn.id).components
        fake.assert_clean()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
async def test_a_thread_made_just_before_a_crash_becomes_the_games_place(tmp_path):
    """Killed after Discord made the game's thread and before the bot wrote it down: the next
    start finds the thread by its name and plays the game there (no empty thread left, no
    board in the channel), once."""
    db = tmp_path / "parlor.db"
    async with FakeDiscord(timeout=30.0) as fake:
        games, users = world(fake)
        made = fake.hold("POST", "/channels/{channel_id}/threads")
        async with bot_process(fake, db, tmp_path) as child:
            rec = await fake.slash(
                users["ann"], games, "play", {"opponent": users["ben"]}, subcommand="icesickle"
            )
            challenge = (await rec.response()).message
            accept = next(c for c in challenge.custom_ids if c.endswith(":accept"))
            await fake.click(users["ben"], challenge, accept)
            await made.reached()
            os.kill(child.pid, signal.SIGKILL)
            await child.wait()
        made.release()  # Discord makes the thread; the bot is gone
        (thread,) = await fake.wait_until(lambda: fake.threads_of(games) or None, "the thread")
        assert fake.messages_in(thread) == []

        for _ in range(2):
            bot = new_bot(db)
            async with run_bot(fake, bot):
                await asyncio.wait_for(bot._reposter, STARTUP)
        assert fake.threads_of(games) == [thread]
        (first,) = [m for m in fake.messages_in(thread) if is_turn(m)]
        assert first.selects and "The first board, after a restart." in first.content
        assert not [m for m in fake.messages_in(games) if is_turn(m)]
        fake.assert_clean()
    service = await Service.open(str(db))
    try:
        record = await service.game(1)
        assert (record.thread_id, record.message_id) == (thread.id, first.id)
    finally:
        await service.close()


async def test_a_game_whose_thread_is_gone_is_tried_once(tmp_path):
    """A game that ended unshown (here: resigned with the bot stopped), whose thread was
    deleted meanwhile: the next start finds nowhere to show it, says so in its log, and the
    start after it tries no more."""
    db = tmp_path / "parlor.db"
    async with FakeDiscord(timeout=30.0) as fake:
        games, users = world(fake)
        async with run_bot(fake, new_bot(db)):
            thread, _ = await start(fake, games, users, game="icesickle", clock="none")
        service = await Service.open(str(db))
        try:
            assert (await service.resign(1, users["ann"].id)).over
        finally:
            await service.close()
        del fake.world.channels[thread.id]  # a moderator deleted the thread

        tried = []
        for _ in range(2):
            seen = len(fake.requests)
            bot = new_bot(db)
            async with run_bot(fake, bot):
                await asyncio.wait_for(bot._reposter, STARTUP)
            tried.append([r for r in fake.requests[seen:] if str(thread.id) in r.path])
        assert tried[0] and all(r.status == 404 for r in tried[0])
        assert tried[1] == []
        fake.assert_clean(allow_failures=True)
