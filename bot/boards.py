"""Board images drawn in worker processes, so that drawing never holds the bot's event loop.

``Boards().render(state, names)`` gives ``(png, alt_text)``. The workers run at a lower
priority (``os.nice``) than the bot: on a busy machine, answering interactions comes first.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

import engine
import render

log = logging.getLogger(__name__)

BUILT_IN = frozenset(engine.GAMES)
"""The games a fresh worker process knows; others (registered at run time) draw in a thread."""

GIVE_UP = 2
"""Pools that broke in a row, without a board drawn in between, before using threads for good."""


def _lower_priority(niceness: int) -> None:
    if niceness:
        os.nice(niceness)


def _draw(state, names: list[str]) -> tuple[bytes, str]:
    return render.render(state, names=names), render.alt_text(state, names=names)


def _draw_json(key: str, text: str, names: list[str]) -> tuple[bytes, str]:
    return _draw(engine.get_game(key).from_json(text), names)


class Boards:
    """Draws boards in a pool of ``workers`` processes (default: one per CPU), started lazily.

    In a thread of this process instead (``asyncio.to_thread``): everything with ``workers=0``,
    games outside :data:`BUILT_IN`, and renders after :meth:`close`. A render whose pool broke
    (a worker died) retries once on a new pool, else uses a thread; after :data:`GIVE_UP`
    broken pools in a row, all renders use threads.
    """

    def __init__(self, workers: int | None = None, *, niceness: int = 10) -> None:
        self.workers = max(1, os.cpu_count() or 1) if workers is None else workers
        self.niceness = niceness
        self._pool: ProcessPoolExecutor | None = None
        self._broken = 0  # pools broken in a row
        self._closed = False

    @property
    def in_processes(self) -> bool:
        """Whether built-in games are drawn in worker processes (now)."""
        return self.workers > 0 and self._broken < GIVE_UP and not self._closed

    def _get_pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            method = "forkserver"
            if method not in multiprocessing.get_all_start_methods():
                method = "spawn"
            context = multiprocessing.get_context(method)
            if method == "forkserver":  # import once in the server, not in every worker
                context.set_forkserver_preload(["__main__", __name__])
            self._pool = ProcessPoolExecutor(
                self.workers, context, initializer=_lower_priority, initargs=(self.niceness,)
            )
        return self._pool

    def _drop(self, pool: ProcessPoolExecutor) -> None:
        if self._pool is pool:
            self._pool = None
            pool.shutdown(wait=False)
            self._broken += 1
            if self._broken == GIVE_UP:
                log.warning("board worker processes keep dying; drawing boards in threads")

    async def start(self) -> None:
        """Start the worker processes now rather than at the first render (optional)."""
        if self.in_processes:
            pool = self._get_pool()
            loop = asyncio.get_running_loop()
            jobs = [loop.run_in_executor(pool, os.getpid) for _ in range(self.workers)]
            try:
                await asyncio.gather(*jobs)
            except BrokenProcessPool:
                self._drop(pool)

    async def render(self, state, names: Sequence[str]) -> tuple[bytes, str]:
        """The board image of ``state`` as PNG bytes, and its alt text."""
        names, key = list(names), state.game.key
        for _ in range(2):
            if not (self.in_processes and key in BUILT_IN):
                break
            pool = self._get_pool()
            try:
                loop = asyncio.get_running_loop()
                board = await loop.run_in_executor(pool, _draw_json, key, state.to_json(), names)
            except BrokenProcessPool:
                self._drop(pool)
            else:
                self._broken = 0
                return board
        return await asyncio.to_thread(_draw, state, names)

    async def close(self) -> None:
        """Stop the workers (after the renders in hand). Later renders use a thread."""
        self._closed = True
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True)
