"""How the bot answers an interaction: acknowledge at once, then say the rest.

Discord drops an interaction not acknowledged within 3 s ("This interaction failed"). Work
that may wait (a game's lock, the database, the engine, drawing a board) therefore starts only
after ``ack``: a click is acknowledged as a deferred update of its message, a command as a
private "thinking..." answer. What follows is said with ``tell`` (privately, to the one user)
and ``update`` (the clicked message), which work the same before or after ``ack``. Every text
goes through ``bot.words.limits`` on its way out.
"""

from __future__ import annotations

import contextlib
from typing import Any

import discord

from bot.words import limits

QUIET = discord.AllowedMentions.none()


def is_click(interaction: discord.Interaction) -> bool:
    return interaction.type is discord.InteractionType.component


async def ack(interaction: discord.Interaction) -> None:
    """Acknowledge now (once): a click defers the update of its message; a command defers a
    private answer."""
    if interaction.response.is_done():
        return
    if is_click(interaction):
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)


async def tell(interaction: discord.Interaction, text: str, **kwargs: Any) -> None:
    """Say ``text`` to the user who acted, and to nobody else."""
    text = limits.content(text)
    kwargs.setdefault("allowed_mentions", QUIET)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)


async def update(interaction: discord.Interaction, **fields: Any) -> None:
    """Edit the message whose component was used."""
    if "content" in fields:
        fields["content"] = limits.content(fields["content"])
    if interaction.response.is_done():
        await interaction.edit_original_response(**fields)
    else:
        await interaction.response.edit_message(**fields)


GENERIC = (
    "Something went wrong on Parlor's side, and it was logged. Look at the game's latest "
    "board before you try again."
)
"""The answer to an interaction whose handling failed unexpectedly."""


async def tell_failure(interaction: discord.Interaction) -> None:
    """Tell the user their interaction failed on our side (best effort: never raises)."""
    with contextlib.suppress(discord.HTTPException):
        await tell(interaction, GENERIC)
