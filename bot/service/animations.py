"""A game's animated replay (``/replay GAME file:animated``, ``python -m bot replay``): the
game's stored moves, replayed and drawn by ``render.animation.animate_game``.

The drawing is handed in (``draw``), so it never runs on the event loop: the Discord side
passes one that runs in the animations' own worker process (``bot/discord/replay_files.py``);
by default it runs in a thread of this process (the terminal). Who may see the game is the
caller's check.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from bot.service.errors import ServiceError
from bot.service.gameplay import Gameplay
from bot.service.records import GameRecord
from render.animation import Animation, animate_game

Draw = Callable[[str, int, dict[str, Any], list[str], list[str], int, int], Awaitable[Animation]]
"""``draw(key, num_players, options, moves, names, first, last)``: ``animate_game``'s
arguments, run somewhere off the event loop."""


async def in_thread(
    key: str,
    num_players: int,
    options: dict[str, Any],
    moves: list[str],
    names: list[str],
    first: int,
    last: int,
) -> Animation:
    """The default ``draw``: ``animate_game`` in a thread of this process."""
    return await asyncio.to_thread(
        animate_game, key, num_players, options, moves, names, first, last
    )


def check_range(first: int, last: int | None, total: int) -> tuple[int, int]:
    """``(first, last)`` moves of a game of ``total`` moves (``last`` None: its end), or
    ``ServiceError`` saying what is wrong."""
    last = total if last is None else last
    if total == 0:
        raise ServiceError("This game has no moves yet: there is nothing to replay.")
    if first < 0 or last > total or first >= last:
        raise ServiceError(
            f"Moves {first} to {last} are not a range of this game: it has {total} moves "
            f"(from 0 to {total}, the first below the last)."
        )
    return first, last


class Animations:
    """Animated replays of stored games."""

    def __init__(self, gameplay: Gameplay) -> None:
        self.gameplay = gameplay

    async def animated(
        self,
        game_id: int,
        first: int = 0,
        last: int | None = None,
        draw: Draw = in_thread,
    ) -> Animation:
        """The animated replay of game ``game_id`` from its board after ``first`` moves to
        the one after ``last`` (default: its last move). ``NotFound`` for no such game,
        ``ServiceError`` for a range outside it."""
        return await self.of_record(await self.gameplay.game(game_id), first, last, draw)

    async def of_record(
        self,
        record: GameRecord,
        first: int = 0,
        last: int | None = None,
        draw: Draw = in_thread,
    ) -> Animation:
        """:meth:`animated` of a game already read."""
        moves = [str(m) for m in record.state.history]
        first, last = check_range(first, last, len(moves))
        names: Sequence[str] = [p.name for p in record.players]
        return await draw(
            record.key, record.num_players, dict(record.options), moves, list(names), first, last
        )
