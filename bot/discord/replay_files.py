"""Files of a game's replay for the ``/replay`` command: ``animated_file`` gives the animated
replay (a GIF) as a ``discord.File`` with its alt text, drawn in the animations' own worker
process (``bot.animators``), never on the event loop nor in the board workers: drawing a long
game takes seconds (2-3 ms a frame, a 2,619-move game 13 s: ``bench/animation.py``), and a
turn's board must not wait behind it. The caller defers the interaction first."""

from __future__ import annotations

import io
from typing import Any

import discord

from bot.discord.boards import drawn_for
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
        return await drawn_for(bot.animators, record.key, animate_game, *args)

    anim = await bot.service.animations.of_record(record, first, last, draw)
    shown_last = len(record.state.history) if last is None else last
    alt = animation_alt(
        record, first, shown_last, anim.frames, dropped=anim.dropped, scale=anim.scale
    )
    return discord.File(
        io.BytesIO(anim.data), filename=f"parlor-{record.id}.{anim.format}", description=alt
    )
