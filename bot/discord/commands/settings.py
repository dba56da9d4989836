"""``/settings``: a player's own reminders, quiet hours, time zone, auto-play, daily digest and
whether others see their stats (``bot/service/user_settings.py``), shown and changed
privately; ``/vacation on|off`` (``bot/service/vacation.py``). Thin adapters over
``service.players``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.answers import ack, tell
from bot.service.clocks import DAY, REMINDER_INTERVALS
from bot.service.errors import ServiceError
from bot.service.user_settings import zone_names
from bot.words import limits
from bot.words.text import when

if TYPE_CHECKING:
    from bot.discord.client import ParlorBot

ON_OFF = [app_commands.Choice(name=word, value=word) for word in ("on", "off")]
STATS_CHOICES = [
    app_commands.Choice(name="shown: others see your ratings and stats", value="shown"),
    app_commands.Choice(name="hidden: only you see them", value="hidden"),
]
REMINDER_CHOICES = [app_commands.Choice(name=key, value=key) for key in REMINDER_INTERVALS]


class Settings(commands.Cog):
    def __init__(self, bot: ParlorBot) -> None:
        self.bot = bot

    async def zone_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        if not self.bot.admit_typing(interaction) or len(current) > limits.CHOICE_NAME:
            return []
        wanted = current.strip().lower().replace(" ", "_")
        found = sorted(z for z in zone_names() if wanted in z.lower())
        found.sort(key=lambda z: (not z.lower().startswith(wanted), len(z)))
        return [app_commands.Choice(name=z, value=z) for z in found[:25]]

    @app_commands.command(
        name="settings",
        description="Your reminders, quiet hours, time zone, auto-play, digest and stats",
    )
    @app_commands.describe(
        reminders="how often you are reminded while a game waits on you (default 24h)",
        quiet_hours="hours with no reminders, in your time zone, e.g. 22-7; off for none",
        time_zone="your time zone for the quiet hours, e.g. Europe/Paris (default UTC)",
        auto_play="the bot plays a decision of yours that has one legal move (default on)",
        digest="a direct message each morning: your turn in which games (default off)",
        stats="whether others see your ratings and stats (default shown)",
    )
    @app_commands.choices(
        reminders=REMINDER_CHOICES, auto_play=ON_OFF, digest=ON_OFF, stats=STATS_CHOICES
    )
    @app_commands.autocomplete(time_zone=zone_autocomplete)
    async def settings(
        self,
        interaction: discord.Interaction,
        reminders: str | None = None,
        quiet_hours: str | None = None,
        time_zone: str | None = None,
        auto_play: str | None = None,
        digest: str | None = None,
        stats: str | None = None,
    ) -> None:
        given = {
            "reminders": reminders,
            "quiet_hours": quiet_hours,
            "time_zone": time_zone,
            "auto_play": auto_play,
            "digest": digest,
            "stats": stats,
        }
        async with self.bot.handling(interaction):
            await ack(interaction)
            players = self.bot.service.players
            try:
                if any(value is not None for value in given.values()):
                    chosen = await players.change(interaction.user.id, **given)
                    head = "Saved. Your settings, in every game:"
                else:
                    chosen = await players.settings(interaction.user.id)
                    head = "Your settings, in every game (change them with /settings):"
            except ServiceError as exc:
                await tell(interaction, f"Nothing changed: {exc}")
                return
            await tell(interaction, "\n".join([head, *(f"- {w}" for w in chosen.words())]))

    @app_commands.command(
        name="vacation", description="Pause the clocks of all your games while you are away"
    )
    @app_commands.describe(
        state="on: away from now, as long as your allowance lasts; off: back, clocks run again"
    )
    @app_commands.choices(state=ON_OFF)
    async def vacation(self, interaction: discord.Interaction, state: str) -> None:
        async with self.bot.handling(interaction):
            await ack(interaction)
            try:
                away, games = await self.bot.service.players.vacation(
                    interaction.user.id, state == "on"
                )
            except ServiceError as exc:
                await tell(interaction, f"Nothing changed: {exc}")
                return
            count = len(games)
            moved = f"{count} game{'s' if count != 1 else ''} waiting on you now"
            if state == "on":
                assert away.until is not None
                text = (
                    f"You are on vacation until {when(away.until)}: the clocks of your games "
                    f"wait ({moved}), and no reminders come. /vacation off when you are back."
                )
                late = await self.bot.service.players.out_of_time(interaction.user.id)
                if late:
                    ids = ", ".join(f"#{g.id}" for g in late)
                    text += (
                        f"\nYour time had already run out in {ids}: a vacation does not "
                        "pause those."
                    )
            else:
                left = away.left(self.bot.service.clock()) / DAY
                text = (
                    f"Welcome back: your clocks run again ({moved}). Vacation allowance left: "
                    f"{left:.0f} day{'s' if round(left) != 1 else ''}."
                )
            await self.bot.table.show_clocks(games)  # the others see it on the turn messages
            await tell(interaction, text)


async def setup(bot: ParlorBot) -> None:
    """The extension's entry (``bot.load_extension("bot.discord.commands.settings")``)."""
    await bot.add_cog(Settings(bot))
