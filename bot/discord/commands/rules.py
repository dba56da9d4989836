"""``/rules``: how a game (or the time, or Parlor) is played, in pages
(``bot/discord/rules.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.rules import show_rules
from bot.words.rules import TEXTS, title_of

if TYPE_CHECKING:
    from bot.discord.client import ParlorBot

RULES_CHOICES = [app_commands.Choice(name=title_of(key), value=key) for key in TEXTS]


class Rules(commands.Cog):
    def __init__(self, bot: ParlorBot) -> None:
        self.bot = bot

    @app_commands.command(name="rules", description="How a game is played in Parlor")
    @app_commands.describe(
        game="the game; time: move clocks and reminders; parlor: playing the AI, hints"
    )
    @app_commands.choices(game=RULES_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        async with self.bot.handling(interaction):
            await show_rules(interaction, game)  # static text: answered at once, paged


async def setup(bot: ParlorBot) -> None:
    """The extension's entry (``bot.load_extension("bot.discord.commands.rules")``)."""
    await bot.add_cog(Rules(bot))
