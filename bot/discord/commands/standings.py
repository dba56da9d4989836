"""``/leaderboard`` and ``/profile``: a game's ladder, on this server or everywhere, and a
player's ratings and record (``bot/service/standings.py``); thin adapters over
``service.standings``. Each defers first (a "thinking..." answer), so a slow database or chart
never lets Discord's 3 s pass; the chart of ``/profile`` is drawn by the board workers, off the
event loop."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

import engine
from bot.discord.answers import QUIET, ack, tell
from bot.service.errors import ServiceError
from bot.service.ratings import GLOBAL
from bot.words import limits
from bot.words.standings import ladder_text, profile_text
from bot.words.standings_chart import trend_words
from render.rating_chart import trend_png

if TYPE_CHECKING:
    from bot.discord.client import ParlorBot

GAME_CHOICES = [
    app_commands.Choice(name=game.title, value=key) for key, game in engine.GAMES.items()
]
SCOPE_CHOICES = [
    app_commands.Choice(name="server: this server's players", value="server"),
    app_commands.Choice(name="global: every server's", value="global"),
]
CHART = "rating.png"


def mention(user_id: int) -> str:
    """A player the bot has no seat name for: their mention (Discord shows the name; no one
    is pinged, the bot's messages allow no mentions)."""
    return f"<@{user_id}>"


class Standings(commands.Cog):
    def __init__(self, bot: ParlorBot) -> None:
        self.bot = bot

    @app_commands.command(name="leaderboard", description="A game's top players and your place")
    @app_commands.describe(
        game="the game",
        scope="server: this server's ladder (the default); global: everyone's",
        page="which page, 10 players each (default 1)",
        public="show it to the channel (default: only to you)",
    )
    @app_commands.choices(game=GAME_CHOICES, scope=SCOPE_CHOICES)
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: str,
        scope: str | None = None,
        page: app_commands.Range[int, 1, 1_000_000] = 1,
        public: bool = False,
    ) -> None:
        async with self.bot.handling(interaction):
            await interaction.response.defer(ephemeral=not public, thinking=True)
            guild = interaction.guild_id
            note = ""
            if guild is None or scope == "global":
                if guild is None and scope == "server":
                    note = "\n(In a direct message the ladder is the global one.)"
                guild = GLOBAL
            try:
                found = await self.bot.service.standings.ladder(
                    game, guild, viewer=interaction.user.id, page=page
                )
            except ServiceError as exc:
                await tell(interaction, str(exc))
                return
            text = limits.content(ladder_text(found, mention) + note)
            await interaction.followup.send(text, ephemeral=not public, allowed_mentions=QUIET)

    @app_commands.command(name="profile", description="A player's ratings, games and streaks")
    @app_commands.describe(
        player="whose profile (default: yours)", game="one game only (default: all)"
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def profile(
        self,
        interaction: discord.Interaction,
        player: discord.User | None = None,
        game: str | None = None,
    ) -> None:
        async with self.bot.handling(interaction):
            await ack(interaction)
            who = player or interaction.user
            try:
                found = await self.bot.service.standings.profile(
                    who.id,
                    viewer=interaction.user.id,
                    game_key=game,
                    guild_id=interaction.guild_id,
                    name=who.display_name,
                )
            except ServiceError as exc:
                await tell(interaction, str(exc))
                return
            text = profile_text(found, mention, here=interaction.guild_id is not None)
            if found.trend is None:
                await tell(interaction, text)
                return
            trend = found.trend
            png = await self.bot.boards(
                trend_png, list(trend.ratings), list(trend.won), trend.provisional_until
            )
            alt = limits.cut(trend_words(list(trend.ratings), list(trend.won)), limits.ALT_TEXT)
            chart = discord.File(io.BytesIO(png), filename=CHART, description=alt)
            await tell(interaction, text, file=chart)


async def setup(bot: ParlorBot) -> None:
    """The extension's entry (``bot.load_extension("bot.discord.commands.standings")``)."""
    await bot.add_cog(Standings(bot))
