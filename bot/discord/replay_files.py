"""Files of a game's replay for the ``/replay`` command: ``animated_file`` gives the animated
replay (a GIF) as a ``discord.File`` with its alt text, drawn in the animations' own worker
process (``bot.animators``), never on the event loop nor in the board workers: drawing a long
game takes seconds (8-13 ms a frame, ``bench/animation.py``), and a turn's board must not
wait behind it. The caller defers the interaction first."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord

from bot.discord.boards import BUILT_IN
from bot.service.records import GameRecord
from bot.words.animations import animation_alt
from render.animation import Animation, animate_game


async def animated_file(
    bot: Any, record: GameRecord, first: int = 0, last: int | None = None
) -> discord.File:
    """The animated replay of ``record`` from the board after ``first`` moves to the one after
    ``last`` (default: the last move), named ``parlor-ID.gif``, its description saying the
    game, the players, the moves shown and the frames. ``ServiceError`` for a range outside
    the game (its message says why)."""

    async def draw(*args: Any) -> Animation:
        if record.key in BUILT_IN:
            return await bot.animators(animate_game, *args)
        return await asyncio.to_thread(animate_game, *args)  # a game registered at run time

    anim = await bot.service.animations.of_record(record, first, last, draw)
    shown_last = len(record.state.history) if last is None else last
    alt = animation_alt(
        record, first, shown_last, anim.frames, dropped=anim.dropped, scale=anim.scale
    )
    return discord.File(
        io.BytesIO(anim.data), filename=f"parlor-{record.id}.{anim.format}", description=alt
    )
