"""What the Discord side's parts need of each other, as small protocols, so that none of them
imports the client that builds them (``bot/discord/client.py``: ``ParlorBot`` is all three).

- ``Parts``: what a control acts through, passed to its ``act`` (``bot/discord/controls.py``):
  the table, whose ``Clicks`` answer every click.
- ``Host``: what the table needs of the bot that runs it (``bot/discord/table_base.py``): the
  service, the worker pools, and the few parts of ``discord.Client`` it posts with
  (``Poster``: ``bot/discord/posting.py`` and ``strays.py`` need no more).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import discord
    from discord.abc import GuildChannel, PrivateChannel
    from discord.http import HTTPClient

    from bot.discord.boards import Boards
    from bot.discord.workers import WorkerPool
    from bot.service.facade import Service


class Clicks(Protocol):
    """What the controls ask of the table, one call a click (``bot.discord.table.Table``)."""

    async def play(
        self,
        interaction: discord.Interaction,
        game_id: int,
        move: str,
        *,
        version: int | None = None,
    ) -> None: ...

    async def show_page(
        self, interaction: discord.Interaction, game_id: int, version: int, page: int
    ) -> None: ...

    async def claim(self, interaction: discord.Interaction, game_id: int, version: int) -> None: ...

    async def stand_in(
        self, interaction: discord.Interaction, game_id: int, version: int
    ) -> None: ...

    async def back(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def stop_reminders(
        self, interaction: discord.Interaction, game_id: int, turn: int
    ) -> None: ...

    async def answer_challenge(
        self, interaction: discord.Interaction, challenge_id: int, action: str
    ) -> None: ...

    async def answer_lobby(
        self, interaction: discord.Interaction, lobby_id: int, action: str
    ) -> None: ...

    async def add_ai(self, interaction: discord.Interaction, lobby_id: int, level: str) -> None: ...

    async def rematch(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def follow(self, interaction: discord.Interaction, game_id: int, action: str) -> None: ...

    async def answer_rematch(
        self, interaction: discord.Interaction, rematch_id: int, action: str
    ) -> None: ...

    async def replay(
        self, interaction: discord.Interaction, game_id: int, move: int | None = None
    ) -> None: ...


class Parts(Protocol):
    """What a control acts through: the bot passes itself to ``Control.act``."""

    @property
    def table(self) -> Clicks: ...


class Poster(Protocol):
    """The parts of ``discord.Client`` the table posts with, as discord.py declares them."""

    @property
    def user(self) -> discord.ClientUser | None: ...

    @property
    def http(self) -> HTTPClient: ...

    @property
    def allowed_mentions(self) -> discord.AllowedMentions | None: ...

    def get_channel(self, id: int, /) -> GuildChannel | discord.Thread | PrivateChannel | None: ...

    async def fetch_channel(
        self, channel_id: int, /
    ) -> GuildChannel | PrivateChannel | discord.Thread: ...

    def get_partial_messageable(
        self,
        id: int,
        *,
        guild_id: int | None = None,
        type: discord.ChannelType | None = None,
    ) -> discord.PartialMessageable: ...


class Host(Poster, Protocol):
    """What the table needs of the bot that runs it: ``Poster``'s, and Parlor's own parts."""

    service: Service
    boards: Boards
    """Board images, drawn in worker processes."""
    ai_workers: WorkerPool
    """Parlor's moves, worked out in other worker processes."""
    started_at: float
    """When this process started (the service's clock): boards of games moved before then
    are posted again after a restart."""

    def ai_soon(self) -> None:
        """An AI turn was just set up: look for the turns due now."""
        ...

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process runs the shard of the server ``guild_id``."""
        ...
