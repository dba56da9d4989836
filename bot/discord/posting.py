"""Posting a turn message by its channel's id, keeping only the new message's id.

``Messageable.send`` looks the channel up (fetching a thread the cache lacks), posts, and
reads the message Discord sends back into a ``discord.Message``: every menu and option of a
turn's controls turned into objects, a tenth of a millisecond on each move, for a message
whose id is all the bot keeps. ``post`` makes the same request through discord.py's own HTTP
client (its rate limits, retries and errors: a channel that is gone raises
``discord.NotFound``), writes the same payload, and reads back the id alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord.http import handle_message_parameters

if TYPE_CHECKING:
    from bot.discord.parts import Poster


async def post(
    client: Poster,
    channel_id: int,
    content: str,
    *,
    file: discord.File | None = None,
    allowed_mentions: discord.AllowedMentions,
    view: discord.ui.View | None = None,
) -> int:
    """Post ``content`` with ``file`` (if any) and ``view``'s controls in the channel or thread
    ``channel_id``; the new message's id."""
    with handle_message_parameters(
        content=content,
        **({"file": file} if file is not None else {}),
        allowed_mentions=allowed_mentions,
        previous_allowed_mentions=client.allowed_mentions,
        view=view,
    ) as params:
        data = await client.http.send_message(channel_id, params=params)
    return int(data["id"])
