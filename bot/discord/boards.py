"""Board images drawn in worker processes, so that drawing never holds the bot's event loop.

``Boards().render(state, names)`` gives ``(png, alt_text)``; given a ``drawn`` key (a game's id
and version), the last :data:`KEPT` images are kept, so ``/board``, a re-post or an edit of a
board already drawn never draws it again. The workers (``bot/discord/workers.py``) run
``niceness`` lower than the bot (``os.nice``; the bot passes ``PARLOR_WORKER_NICENESS``, by
default none: see ``bot.discord.environment.WORKER_NICENESS`` for why), and never outlive it.
"""

from __future__ import annotations

import asyncio
import collections
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import engine
import render
from bot.discord.workers import WorkerPool

T = TypeVar("T")

BUILT_IN = frozenset(engine.GAMES)
"""The games a fresh worker process knows; others (registered at run time) draw in a thread."""

KEPT = 256
"""Board images kept by :meth:`Boards.render` (about 50 KB each: some 13 MB at most)."""


_MISSING = object()
"""Nothing kept (a drawing may be anything, None too)."""


async def drawn_for(pool: WorkerPool, key: str, fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` for a game of ``key``: in ``pool``'s worker processes if every worker
    knows the game (:data:`BUILT_IN`; the pool falls back to a thread itself), else in a
    thread of this process (a game registered at run time)."""
    if key in BUILT_IN:
        return await pool(fn, *args)
    return await asyncio.to_thread(fn, *args)


def _draw(state, names: list[str]) -> tuple[bytes, str]:
    return render.render(state, names=names), render.alt_text(state, names=names)


def _draw_position(
    key: str, position: str, history: list[str], names: list[str]
) -> tuple[bytes, str]:
    return _draw(engine.get_game(key).from_position(position, history), names)


class Boards(WorkerPool):
    """Draws boards in a pool of ``workers`` processes (default: one per CPU), started lazily
    (:class:`WorkerPool`: a new pool when one breaks, a thread when processes cannot be had).
    Games outside :data:`BUILT_IN` are drawn in a thread.
    """

    def __init__(self, workers: int | None = None, *, niceness: int = 0) -> None:
        super().__init__(
            workers,
            niceness=niceness,
            preload=("__main__", __name__),
            what="board",
            doing="drawing boards",
        )
        self._kept: collections.OrderedDict[tuple, Any] = collections.OrderedDict()
        self.drawn = 0
        """Images drawn so far (not counting those :meth:`render` had kept)."""

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
        image = self._recall(kept)
        if image is not _MISSING:
            return image
        image = await self._render(state, names, position)
        self._keep(kept, image)
        return image

    async def kept(self, drawn: tuple, key: str, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)``, a drawing of a game of ``key`` (a picklable top-level function), in
        the workers (a game outside :data:`BUILT_IN`: in a thread); kept under ``drawn`` like
        :meth:`render`'s images, and given again rather than drawn twice."""
        made = self._recall(drawn)
        if made is not _MISSING:
            return made
        made = await drawn_for(self, key, fn, *args)
        self._keep(drawn, made)
        return made

    def _recall(self, kept: tuple | None) -> Any:
        """What is kept under ``kept`` (now the most recently used), or ``_MISSING``."""
        if kept is None or kept not in self._kept:
            return _MISSING
        self._kept.move_to_end(kept)
        return self._kept[kept]

    def _keep(self, kept: tuple | None, made: Any) -> None:
        self.drawn += 1
        if kept is not None:
            self._kept[kept] = made
            while len(self._kept) > KEPT:
                self._kept.popitem(last=False)

    async def _render(self, state, names: list[str], position: str | None) -> tuple[bytes, str]:
        key = state.game.key
        if not (self.in_processes and key in BUILT_IN):
            return await asyncio.to_thread(_draw, state, names)
        position = position or state.position_json()
        history = [str(m) for m in state.history]
        return await self(_draw_position, key, position, history, names)
