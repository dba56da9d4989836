"""Board images drawn in worker processes, so that drawing never holds the bot's event loop.

``Boards().render(state, names)`` gives ``(png, alt_text)``; given a ``drawn`` key (a game's id
and version), the last :data:`KEPT` images are kept, so ``/board``, a re-post or an edit of a
board already drawn never draws it again. The workers run ``niceness`` lower than the bot
(``os.nice``; the bot passes ``PARLOR_WORKER_NICENESS``, by default none: see
``bot.discord.client.WORKER_NICENESS`` for why).
They never outlive the bot, even one killed with SIGKILL: see :func:`_init_worker`.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import ctypes
import logging
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import engine
import render
from bot.discord.heap import settle_heap
from bot.discord.workers import WorkerDied, Workers

log = logging.getLogger(__name__)
T = TypeVar("T")

BUILT_IN = frozenset(engine.GAMES)
"""The games a fresh worker process knows; others (registered at run time) draw in a thread."""

GIVE_UP = 2
"""Pools that broke in a row, without a board drawn in between, before using threads for good."""

KEPT = 256
"""Board images kept by :meth:`Boards.render` (about 50 KB each: some 13 MB at most)."""

ORPHAN_CHECK = 1.0
"""Seconds between a worker's checks that the bot (and its own parent) still live."""

_PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


def _init_worker(niceness: int, bot_pid: int) -> None:
    """A new worker process: lower its priority, and make it exit when the bot is gone.

    The workers are children of the forkserver, not of the bot, and each holds the pipe that
    keeps the forkserver alive, so nothing would end either after the bot died without
    closing the pool (SIGKILL, a crash). Linux's parent-death signal kills the worker when
    the forkserver dies; a watchdog thread ends it when the bot's pid is gone (or its parent
    changed). Once the workers are gone the forkserver sees the end of its pipe and exits."""
    if niceness:
        os.nice(niceness)
    parent = os.getppid()
    _die_with_parent()
    if os.getppid() != parent:  # the parent died before the signal was armed
        os._exit(1)
    watchdog = threading.Thread(
        target=_watch, args=(bot_pid, parent), name="parlor-orphan-watchdog", daemon=True
    )
    watchdog.start()
    settle_heap()


def _die_with_parent() -> None:
    """SIGKILL this process when its parent dies (Linux ``prctl(PR_SET_PDEATHSIG)``)."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # the pid now belongs to another user's process
        return False
    return True


def _watch(bot_pid: int, parent: int) -> None:
    while _alive(bot_pid) and os.getppid() == parent:
        time.sleep(ORPHAN_CHECK)
    os._exit(1)  # the bot is gone: nobody will ask for a board again


def _draw(state, names: list[str]) -> tuple[bytes, str]:
    return render.render(state, names=names), render.alt_text(state, names=names)


def _draw_position(
    key: str, position: str, history: list[str], names: list[str]
) -> tuple[bytes, str]:
    return _draw(engine.get_game(key).from_position(position, history), names)


class Boards:
    """Draws boards in a pool of ``workers`` processes (default: one per CPU), started lazily.

    In a thread of this process instead (``asyncio.to_thread``): everything with ``workers=0``,
    games outside :data:`BUILT_IN`, and renders after :meth:`close`. A render whose pool broke
    (a worker died) retries once on a new pool, else uses a thread; after :data:`GIVE_UP`
    broken pools in a row, all renders use threads.
    """

    def __init__(self, workers: int | None = None, *, niceness: int = 0) -> None:
        self.workers = max(1, os.cpu_count() or 1) if workers is None else workers
        self.niceness = niceness
        self._pool: Workers | None = None
        self._starting: asyncio.Future[Workers] | None = None
        self._broken = 0  # pools broken in a row
        self._closed = False
        self._kept: collections.OrderedDict[tuple, tuple[bytes, str]] = collections.OrderedDict()
        self.drawn = 0
        """Images drawn so far (not counting those :meth:`render` had kept)."""

    @property
    def in_processes(self) -> bool:
        """Whether built-in games are drawn in worker processes (now)."""
        return self.workers > 0 and self._broken < GIVE_UP and not self._closed

    async def _get_pool(self) -> Workers:
        if self._pool is not None:
            return self._pool
        if self._starting is None:  # the renders that come meanwhile wait for this one
            self._starting = asyncio.ensure_future(self._new_pool())
        try:
            return await asyncio.shield(self._starting)
        finally:
            if self._starting is not None and self._starting.done():
                self._starting = None

    async def _new_pool(self) -> Workers:
        method = "forkserver"
        if method not in multiprocessing.get_all_start_methods():
            method = "spawn"
        context = multiprocessing.get_context(method)
        if method == "forkserver":  # import once in the server, not in every worker
            context.set_forkserver_preload(["__main__", __name__])
        pool = Workers(
            self.workers,
            context,
            initializer=_init_worker,
            initargs=(self.niceness, os.getpid()),
        )
        try:
            await pool.start()
        except WorkerDied:
            self._count_broken()
            await pool.close(wait=False)
            raise
        if self._closed:  # closed while it started: renders use a thread now
            await pool.close(wait=False)
            raise WorkerDied("the boards were closed")
        self._pool = pool
        return pool

    async def _drop(self, pool: Workers) -> None:
        """``pool`` broke: the next render starts a new one (counted once, however many
        renders saw it break)."""
        if self._pool is pool:
            self._pool = None
            self._count_broken()
            await pool.close(wait=False)

    def _count_broken(self) -> None:
        self._broken += 1
        if self._broken == GIVE_UP:
            log.warning("board worker processes keep dying; drawing boards in threads")

    async def start(self) -> None:
        """Start the worker processes now rather than at the first render (optional)."""
        if self.in_processes:
            with contextlib.suppress(WorkerDied):  # counted: renders will try again
                await self._get_pool()

    async def render(
        self,
        state,
        names: Sequence[str],
        *,
        position: str | None = None,
        drawn: tuple | None = None,
    ) -> tuple[bytes, str]:
        """The board image of ``state`` as PNG bytes, and its alt text. ``position``: the
        state's ``position_json()`` where the caller has it already (as committed).
        ``drawn``: what names this state for good (a game's id and version); the image is
        kept under it with the names, and given again rather than drawn twice."""
        names = list(names)
        kept = None if drawn is None else (*drawn, tuple(names))
        if kept is not None and kept in self._kept:
            self._kept.move_to_end(kept)
            return self._kept[kept]
        image = await self._render(state, names, position)
        self.drawn += 1
        if kept is not None:
            self._kept[kept] = image
            while len(self._kept) > KEPT:
                self._kept.popitem(last=False)
        return image

    async def _render(self, state, names: list[str], position: str | None) -> tuple[bytes, str]:
        key = state.game.key
        if not (self.in_processes and key in BUILT_IN):
            return await asyncio.to_thread(_draw, state, names)
        position = position or state.position_json()
        history = [str(m) for m in state.history]
        return await self(_draw_position, key, position, history, names)

    async def __call__(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker process (``fn`` and its arguments pickled, so a module's
        own function of built-in games' data); in a thread when the workers cannot be had."""
        for _ in range(2):
            if not self.in_processes:
                break
            pool = None
            try:
                pool = await self._get_pool()
                result = await pool.call(fn, *args)
            except WorkerDied:
                if pool is not None:
                    await self._drop(pool)
            else:
                self._broken = 0
                return result
        return await asyncio.to_thread(fn, *args)

    async def close(self) -> None:
        """Stop the workers (after the renders in hand). Later renders use a thread."""
        self._closed = True
        pool, self._pool = self._pool, None
        if pool is not None:
            await pool.close()
