"""The Discord bot object: ``create_bot(db_path=...)`` builds it, ``run()`` connects it."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import os
import sys
import time
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from .boards import Boards
from .cogs import Games
from .messages import lapsed_text
from .service import Service
from .table import Table
from .ui import DYNAMIC_ITEMS

log = logging.getLogger("parlor")

RATE_LIMIT = (8, 10.0)
"""Commands and clicks one user may make in that many seconds."""
CLOSE_GRACE = 10.0
"""Seconds ``close`` waits for interactions being handled before it closes the database."""
EXPIRY_SWEEP = 60.0
"""Seconds between sweeps that close lapsed challenges and lobbies."""


class ParlorTree(app_commands.CommandTree):
    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.type is discord.InteractionType.autocomplete:
            return True  # typing in a field is not an action
        return await interaction.client.admit(interaction)


class ParlorBot(commands.Bot):
    def __init__(self, db_path: str, *, guild_id: int | None = None, **options: Any) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents(guilds=True),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            tree_cls=ParlorTree,
            **options,
        )
        self.db_path = db_path
        self.guild_id = guild_id
        self.table = Table(self)
        self.boards = Boards()  # board images are drawn in worker processes
        self._sweeper: asyncio.Task | None = None
        self.rate_limit = RATE_LIMIT
        self._recent: dict[int, collections.deque[float]] = {}
        self._handling = 0
        self._idle = asyncio.Event()
        self._idle.set()

    async def admit(self, interaction: discord.Interaction) -> bool:
        """A small per-user rate limit on commands and clicks: refuse (ephemerally) a user
        who acted ``rate_limit[0]`` times in the last ``rate_limit[1]`` seconds."""
        count, window = self.rate_limit
        now = time.monotonic()
        recent = self._recent.setdefault(interaction.user.id, collections.deque())
        while recent and recent[0] <= now - window:
            recent.popleft()
        if len(recent) >= count:
            wait = max(1, round(recent[0] + window - now))
            await interaction.response.send_message(
                f"Slow down a little: try again in {wait} s.", ephemeral=True
            )
            return False
        recent.append(now)
        return True

    @contextlib.asynccontextmanager
    async def handling(self) -> AsyncIterator[None]:
        """Wrap the handling of one interaction, so ``close`` can let it finish first."""
        self._handling += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._handling -= 1
            if not self._handling:
                self._idle.set()

    async def setup_hook(self) -> None:
        self.service = await Service.open(self.db_path)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self.boards.start()
        await self.add_cog(Games(self))
        if self.guild_id:
            guild = discord.Object(self.guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        self._sweeper = asyncio.create_task(self._sweep_challenges())

    async def _sweep_challenges(self) -> None:
        while True:
            await asyncio.sleep(EXPIRY_SWEEP)
            try:
                for challenge in await self.service.expire_challenges():
                    await self._mark_expired(challenge)
            except Exception:
                log.exception("challenge sweep failed")

    async def _mark_expired(self, challenge) -> None:
        if not (challenge.channel_id and challenge.message_id):
            return
        with contextlib.suppress(discord.HTTPException):
            channel = self.get_partial_messageable(challenge.channel_id)
            message = channel.get_partial_message(challenge.message_id)
            await message.edit(content=lapsed_text(challenge), view=None)

    async def close(self) -> None:
        if self._sweeper:
            self._sweeper.cancel()
        with contextlib.suppress(TimeoutError):  # let interactions in hand finish their work
            await asyncio.wait_for(self._idle.wait(), CLOSE_GRACE)
        await super().close()
        service = getattr(self, "service", None)
        if service is not None:
            await service.close()
        await self.boards.close()


def create_bot(db_path: str | None = None, **options: Any) -> ParlorBot:
    """The bot, not yet connected (start it with ``await bot.start(token)``).

    ``options`` go to ``discord.Client`` (tests pass a short ``guild_ready_timeout``)."""
    guild = os.environ.get("PARLOR_GUILD")
    return ParlorBot(
        db_path or os.environ.get("PARLOR_DB", "parlor.db"),
        guild_id=int(guild) if guild and guild.isdigit() else None,
        **options,
    )


def run() -> int:
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    if not token:
        print("error: set DISCORD_TOKEN to the bot's token to run Parlor", file=sys.stderr)
        return 2
    bot = create_bot()
    try:
        bot.run(token, log_level=logging.INFO)
    except discord.LoginFailure:
        print("error: Discord refused the token in DISCORD_TOKEN", file=sys.stderr)
        return 2
    except (aiohttp.ClientError, OSError) as exc:
        print(f"error: cannot reach Discord: {exc}", file=sys.stderr)
        return 1
    return 0
