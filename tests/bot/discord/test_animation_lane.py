"""An animated replay has its own worker (``bot.animators``): while one is being drawn, a move
played in another game gets its board posted at once, not after the animation. The lane is
held by a call that waits for the test's word on a socket (an event, not a sleep): the
animation asked for meanwhile waits behind it, and the move's board does not."""

from __future__ import annotations

import asyncio
import io
import os
import random
import socket

from PIL import Image

from tests.bot.answers import answer
from tests.bot.discord.chat import decide, icesickle, pick, who
from tests.bot.discord.world import new_bot, world
from tests.bot.playing import play_out
from tests.fakediscord import FakeDiscord, run_bot

HELD_AT_MOST = 120.0
"""Seconds the held worker waits for the test's word before giving up (a failed test)."""


def hold(path: str) -> int:
    """In the worker: connect to the test's socket and wait for its word; this worker's pid."""
    with socket.socket(socket.AF_UNIX) as sock:
        sock.settimeout(HELD_AT_MOST)
        sock.connect(path)
        sock.recv(1)
    return os.getpid()


async def test_a_moves_board_is_posted_while_an_animation_is_drawn(tmp_path):
    loop = asyncio.get_running_loop()
    path = str(tmp_path / "hold.sock")
    with socket.socket(socket.AF_UNIX) as listener:
        listener.bind(path)
        listener.listen(1)
        listener.setblocking(False)
        async with FakeDiscord() as fake:
            games, users = world(fake)
            ann, ben = users["ann"], users["ben"]
            async with run_bot(fake, new_bot(tmp_path / "parlor.db")) as bot:
                # a finished game to animate, and a game being played
                thread, board = await icesickle(fake, games, ann, ben)
                record = await play_out(bot.service, await bot.service.game(1), random.Random(5))
                assert record.over
                thread, board = await icesickle(fake, games, ann, ben)
                held = asyncio.ensure_future(bot.animators(hold, path))
                worker, _ = await asyncio.wait_for(loop.sock_accept(listener), HELD_AT_MOST)
                with worker:
                    asked = await fake.slash(ann, games, "replay", {"game": 1, "file": "animated"})
                    await asked.response()  # deferred: the animation is under way
                    mover = who(board, users)
                    turn = await decide(
                        fake, thread, board, pick(fake, mover, board, random.Random(1))
                    )
                    assert turn.attachments and turn.id != board.id  # the next board, posted
                    assert not asked.followups  # while the animation still waits its turn
                    assert fake.message(asked.original_id).loading
                    await loop.sock_sendall(worker, b"!")
                    got = await answer(asked)
                assert await held != os.getpid()  # the lane is a process of its own
                gif = Image.open(io.BytesIO(got.attachments[0].data))
                assert gif.format == "GIF" and got.attachments[0].filename == "parlor-1.gif"
            fake.assert_clean()
