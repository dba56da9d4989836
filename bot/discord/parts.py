"""What the Discord side's parts need of each other, as small protocols, so that none of them
imports the client that builds them (``bot/discord/client.py``: ``ParlorBot`` is one).

- ``Parts``: what a control acts through, passed to its ``act`` (``bot/discord/controls.py``):
  the table, whose ``Clicks`` answer every click.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import discord


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


class Parts(Protocol):
    """What a control acts through: the bot passes itself to ``Control.act``."""

    @property
    def table(self) -> Clicks: ...
