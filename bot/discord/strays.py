"""Boards left with live controls: a board posted just before a crash, and so never recorded
as its game's, keeps its menus and buttons. When the game's board is posted again after the
restart (``Table.repost_behind``), ``close_strays`` takes them off every such board among the
bot's recent messages in the game's place, so only the board just posted can be played."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

import discord

from bot.discord.custom_ids import control_for

if TYPE_CHECKING:
    from bot.discord.parts import Poster

STRAY_LOOK = 25
"""How many of the latest messages in a game's channel or thread are looked at."""


def carries_game(message: discord.Message, game_id: int) -> bool:
    """Whether ``message`` has a control of game ``game_id``'s board (a menu, Roll, a page, a
    claim, "I'm back"; a reminder's button is no board's)."""
    for row in message.components:
        for item in getattr(row, "children", (row,)):
            control = control_for(getattr(item, "custom_id", None) or "")
            if getattr(control, "game", None) == game_id and not hasattr(control, "turn"):
                return True
    return False


async def close_strays(bot: Poster, place: discord.abc.Messageable, game_id: int, keep: int) -> int:
    """Take the controls off the bot's recent messages in ``place`` that still carry game
    ``game_id``'s, except the board ``keep``; how many lost them."""
    closed = 0
    async for message in place.history(limit=STRAY_LOOK):
        if message.id == keep or bot.user is None or message.author.id != bot.user.id:
            continue
        if carries_game(message, game_id):
            with contextlib.suppress(discord.NotFound, discord.Forbidden):  # gone meanwhile
                await message.edit(view=None)
                closed += 1
    return closed
