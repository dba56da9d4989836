"""Running a real discord.py bot against the fake, and shutting it down without leftovers."""

from __future__ import annotations

import asyncio
import contextlib
import os
from asyncio import FIRST_COMPLETED
from collections.abc import AsyncIterator
from typing import TypeVar

import discord

from .server import FakeDiscord

BotT = TypeVar("BotT", bound=discord.Client)
BENIGN = ("_delay_ready", "__timeout_task_impl")
DISCORD_PY = os.path.dirname(discord.__file__) + os.sep


def _discord_tasks() -> set[asyncio.Task[object]]:
    """Pending tasks whose coroutine comes from discord.py."""
    tasks = set()
    for task in asyncio.all_tasks():
        code = getattr(task.get_coro(), "cr_code", None)
        if code is not None and code.co_filename.startswith(DISCORD_PY) and not task.done():
            tasks.add(task)
    return tasks


@contextlib.asynccontextmanager
async def run_bot(
    fake: FakeDiscord,
    bot: BotT,
    *,
    token: str | None = None,
    sync: bool = True,
    wait_until_ready: bool = True,
    timeout: float | None = None,
) -> AsyncIterator[BotT]:
    """Start ``bot`` (``bot.start(token)``) against the fake; close it cleanly on exit.

    Waits until the bot identified and synced its commands (``sync``) and, with
    ``wait_until_ready``, until discord.py fired on_ready: that takes the client's
    ``guild_ready_timeout`` (2 s by default) after the last GUILD_CREATE, so tests pass
    ``guild_ready_timeout=0.05`` or so to the bot. On exit the bot is closed, its start()
    task awaited (its exception re-raised) and discord.py's leftover tasks drained.
    """
    timeout = timeout or fake.timeout
    task = asyncio.create_task(bot.start(token or fake.token), name=f"bot {bot!r}")
    fake.pulse.watched.append(task)
    try:
        await fake.wait_ready(timeout, sync=sync)
        if wait_until_ready:
            ready = asyncio.ensure_future(bot.wait_until_ready())
            await asyncio.wait({ready, task}, timeout=timeout, return_when=FIRST_COMPLETED)
            if not ready.done():
                ready.cancel()
                if not task.done():
                    raise TimeoutError(f"{bot!r} did not fire on_ready within {timeout}s")
        yield bot
    finally:
        fake.pulse.watched.remove(task)
        await asyncio.wait_for(bot.close(), timeout)
        try:
            await asyncio.wait_for(task, timeout)
        finally:
            await _drain(fake)


async def _drain(fake: FakeDiscord) -> None:
    leftovers = _discord_tasks()
    # Harmless timers: on_ready's (guild_ready_timeout after the last GUILD_CREATE) and the
    # timeouts of views that were still live; discord.py leaves both running after close().
    benign = {t for t in leftovers if t.get_coro().__qualname__.endswith(BENIGN)}
    for t in benign:
        t.cancel()
    pending: set[asyncio.Task[object]] = set()
    if leftovers - benign:
        _, pending = await asyncio.wait(leftovers - benign, timeout=1.0)
        fake.leftover_tasks.extend(repr(t) for t in pending)
        for t in pending:
            t.cancel()
    if pending | benign:
        await asyncio.wait(pending | benign, timeout=1.0)
