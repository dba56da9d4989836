"""Rematch on Discord: the button under a finished game's last board, the rematch's message
with Accept / Decline, and the new game it starts (the logic is the service's:
``bot/service/rematches.py``)."""

from __future__ import annotations

import discord

from bot.discord.answers import QUIET, ack, tell, update
from bot.discord.components import rematch_view
from bot.discord.invitations import thread_name
from bot.discord.people import player_of
from bot.discord.table_base import TableBase
from bot.service.errors import ServiceError
from bot.service.records import GameRecord
from bot.service.rematches import AlreadyAsked
from bot.words import limits
from bot.words.messages import challenge_link, only_moves_note, title_line
from bot.words.rematches import declined_text, rematch_text

STARTED = "The rematch has started."
"""Said to the player whose click started the rematch, should showing it fail after."""


class RematchTable(TableBase):
    async def rematch(self, interaction: discord.Interaction, game_id: int) -> None:
        """Rematch under a finished game's last board: the rematch's message is posted where
        the board is, mentioning the players it waits for; against Parlor alone, the game
        starts at once. Anyone but the game's players, or a second ask, is told why not."""
        await ack(interaction)
        if not await self.own_board(interaction, game_id):
            return
        try:
            asked = await self.service.rematches.ask(
                game_id, player_of(interaction.user), channel_id=interaction.channel_id
            )
        except AlreadyAsked as exc:
            await tell(interaction, f"{exc} {challenge_link(exc.rematch.challenge)}".strip())
            return
        except ServiceError as exc:
            await tell(interaction, str(exc))
            return
        if isinstance(asked, GameRecord):
            work = self._begin_rematch(interaction, asked, game_id, clicked_rematch=False)
            await self.after_commit(interaction, asked, STARTED, work)
            return
        waiting = [discord.Object(p.user_id) for p in asked.waiting if not p.ai]
        message = await interaction.followup.send(
            limits.content(rematch_text(asked)),
            allowed_mentions=discord.AllowedMentions(users=waiting, roles=False, everyone=False),
            view=rematch_view(asked.challenge),
            wait=True,
        )
        await self.service.set_challenge_message(asked.challenge.id, message.id)

    async def answer_rematch(
        self, interaction: discord.Interaction, rematch_id: int, action: str
    ) -> None:
        """Accept or Decline under a rematch: its message is updated in place; the last
        player to accept starts the game."""
        await ack(interaction)
        if not await self._own_rematch(interaction, rematch_id):
            return
        user = player_of(interaction.user)
        rematches = self.service.rematches
        try:
            if action == "accept":
                after = await rematches.accept(rematch_id, user)
            else:
                after = await rematches.decline(rematch_id, user)
        except ServiceError as exc:
            await tell(interaction, str(exc))
            return
        if isinstance(after, GameRecord):
            record = after

            async def begin() -> None:
                old_id = (await rematches.get(rematch_id)).of
                await self._begin_rematch(interaction, record, old_id, clicked_rematch=True)

            await self.after_commit(interaction, record, STARTED, begin())
            return
        if after.challenge.status == "declined":
            await update(
                interaction,
                content=declined_text(after, interaction.user.display_name),
                view=None,
                allowed_mentions=QUIET,
            )
            return
        await update(
            interaction,
            content=rematch_text(after),
            view=rematch_view(after.challenge),
            allowed_mentions=QUIET,
        )

    async def _own_rematch(self, interaction: discord.Interaction, rematch_id: int) -> bool:
        """Whether the clicked message is the one posted for rematch ``rematch_id``."""
        try:
            rematch = await self.service.rematches.get(rematch_id)
        except ServiceError as exc:
            await tell(interaction, str(exc))
            return False
        here = interaction.message.id if interaction.message else None
        if rematch.challenge.message_id is not None and rematch.challenge.message_id != here:
            await tell(interaction, "That button does not belong to this message.")
            return False
        return True

    async def _begin_rematch(
        self,
        interaction: discord.Interaction,
        record: GameRecord,
        old_id: int,
        *,
        clicked_rematch: bool,
    ) -> None:
        """The rematch's game (of the finished game ``old_id``): a thread of its own beside
        the finished game's, a word where the rematch was asked (the rematch's message, when
        it was clicked) saying where it is on, and its first turn."""
        old = await self.service.game(old_id)
        place = await self._rematch_place(old, record)
        where = getattr(place, "mention", None) or f"<#{old.place_id}>"
        said = f"{title_line(record)}: rematch accepted. The game is on in {where}."
        if clicked_rematch:
            await update(interaction, content=said, view=None, allowed_mentions=QUIET)
        else:
            await interaction.followup.send(limits.content(said), allowed_mentions=QUIET)
        record = await self.service.game(record.id)
        bot_played = only_moves_note(await self.service.only_moves_at_start(record.id))
        await self.post_turn(record, bot_played)

    async def _rematch_place(
        self, old: GameRecord, record: GameRecord
    ) -> discord.abc.Messageable | None:
        """A new public thread in the channel of the finished game, when that game had one and
        the bot may make it; else the finished game's own place."""
        parent = self.bot.get_channel(old.channel_id) if old.channel_id else None
        if old.thread_id is not None and isinstance(parent, discord.TextChannel):
            try:
                thread = await parent.create_thread(
                    name=thread_name(record),
                    type=discord.ChannelType.public_thread,
                    auto_archive_duration=10080,
                )
            except discord.HTTPException:
                pass
            else:
                await self.service.set_place(record.id, channel_id=parent.id, thread_id=thread.id)
                return thread
        if old.place_id is not None:
            await self.service.set_place(record.id, channel_id=old.place_id)
        return None
