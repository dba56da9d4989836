"""Starting and stopping the Discord bot (``python -m bot``).

:func:`launch` reads the settings (a bad one is said before anything starts), then :func:`main`
checks that the database opens before it connects to Discord (a bad file fails
at once, with no network), then :func:`serve` runs the bot until it stops or SIGTERM / SIGINT
(Ctrl-C) arrives. Either signal gets the same clean close as :meth:`ParlorBot.close`: the
interactions in hand finish, the board workers stop, the database is closed, and the exit
status is 0. A handler is installed for both signals, so SIGTERM also works when the bot is
PID 1 in a container (the kernel drops signals that PID 1 does not handle). A second signal
while closing exits at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import sys
from collections.abc import Callable, Coroutine
from types import TracebackType
from typing import Any, TypeVar

import aiohttp
import discord

from bot.discord import environment, scale
from bot.discord.client import create_bot
from bot.service.errors import StorageOpenError
from bot.service.store.storage import Storage

log = logging.getLogger("parlor")
T = TypeVar("T")

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)
STOPPED_TIMEOUT = 30.0
"""Seconds to wait, after ``close``, for ``bot.start`` to return before cancelling it."""


def run(main: Coroutine[Any, Any, T]) -> T:
    """Run ``main`` to its end in a new event loop: uvloop's (written in C) where it is
    installed, as it is on Linux and macOS; asyncio's own elsewhere. uvloop takes about a
    tenth of the bot's CPU per move off (``bench/bench_discord.py``)."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    return uvloop.run(main)


class StopSignals:
    """While entered (in a running event loop), SIGTERM and SIGINT set :attr:`received`
    instead of ending the process; a second one, while closing, exits at once."""

    def __init__(self, signals: tuple[signal.Signals, ...] = STOP_SIGNALS) -> None:
        self.signals = signals
        self.received: signal.Signals | None = None
        self._event = asyncio.Event()
        self._loop: asyncio.AbstractEventLoop | None = None

    def __enter__(self) -> StopSignals:
        self._loop = asyncio.get_running_loop()
        for sig in self.signals:
            self._loop.add_signal_handler(sig, self._on_signal, sig)
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        assert self._loop is not None
        for sig in self.signals:
            self._loop.remove_signal_handler(sig)

    def _on_signal(self, sig: signal.Signals) -> None:
        if self.received is None:
            log.info("%s received: closing", sig.name)
            self.received = sig
            self._event.set()
        else:
            log.warning("%s received again while closing: exiting now", sig.name)
            os._exit(1)

    async def wait(self) -> signal.Signals:
        await self._event.wait()
        assert self.received is not None
        return self.received


async def check_database(path: str) -> None:
    """Open the database (migrating it) and close it again; raises ``StorageOpenError``."""
    storage = await Storage.open(path)
    await storage.close()


async def serve(bot: Any, token: str, stop: StopSignals | None = None) -> signal.Signals | None:
    """Run ``bot`` (``bot.start(token)``) until it stops by itself or a stop signal arrives,
    then close it (``bot.close()``) and wait for ``bot.start`` to return.

    Returns the signal that stopped the bot, or None when it stopped by itself; an exception
    from ``bot.start`` is raised after the bot is closed. Without ``stop``, the handlers for
    SIGTERM and SIGINT are installed for the call (it must run in the main thread)."""
    if stop is None:
        with StopSignals() as stop:
            return await serve(bot, token, stop)
    running = asyncio.create_task(bot.start(token), name="parlor bot")
    stopped = asyncio.create_task(stop.wait(), name="parlor stop signals")
    try:
        await asyncio.wait({running, stopped}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        stopped.cancel()
        if not running.done():  # a signal (or serve was cancelled): close, then let it end
            await bot.close()
            await _finish(running)
        # Again, in case the signal came while the bot was still setting up (the database or
        # the workers it opened after the first close); closing twice is harmless.
        await bot.close()
    if stop.received is None:
        running.result()  # the bot stopped by itself: raise what stopped it
    log.info("closed cleanly")
    return stop.received


async def _finish(running: asyncio.Task[None]) -> None:
    """Wait for a closed bot's ``start`` to return; it may fail as its connection is torn
    down under it, which is expected then."""
    done, _ = await asyncio.wait({running}, timeout=STOPPED_TIMEOUT)
    if not done:
        log.warning("the bot did not stop within %.0f s of closing; cancelling it", STOPPED_TIMEOUT)
        running.cancel()
    with contextlib.suppress(asyncio.CancelledError, Exception):
        await running


async def main(make_bot: Callable[[str], Any], token: str, db_path: str) -> signal.Signals | None:
    """``python -m bot``: check the database at ``db_path`` (raises ``StorageOpenError``),
    then set up logging and :func:`serve` the bot made by ``make_bot(db_path)``.

    A stop signal during the check ends it before connecting (returns that signal)."""
    with StopSignals() as stop:
        await check_database(db_path)
        if stop.received is not None:
            return stop.received
        discord.utils.setup_logging(level=environment.log_level(), root=True)
        return await serve(make_bot(db_path), token, stop)


def launch() -> int:
    """``python -m bot``: check the settings and the database, connect, and run until SIGTERM
    or SIGINT (Ctrl-C), which close the bot cleanly (exit status 0). A bad setting, a
    database that does not open, a refused token: one line on stderr, and 2 (or 1 when
    Discord or the database cannot be reached)."""
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    if not token:
        print("error: set DISCORD_TOKEN to the bot's token to run Parlor", file=sys.stderr)
        return 2
    db_path = environment.database_setting()  # as create_bot() chooses it
    try:
        environment.server_limit()  # a bad setting is said before anything starts
        environment.guild_setting()
        environment.worker_niceness()
        environment.log_level()
        scale.shard_setting()
        scale.board_workers()
        scale.ai_workers()
        run(main(create_bot, token, db_path))
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except StorageOpenError as exc:  # before connecting: no network needed to find it out
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except discord.LoginFailure:
        print("error: Discord refused the token in DISCORD_TOKEN", file=sys.stderr)
        return 2
    except (aiohttp.ClientError, OSError) as exc:
        print(f"error: cannot reach Discord: {exc}", file=sys.stderr)
        return 1
    return 0
