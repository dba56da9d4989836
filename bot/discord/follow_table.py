"""Following a game on Discord: the Follow button under a game's board (pressed again, or
Unfollow in its private answer, to stop), and the direct message to its followers when it
ends (the logic is the service's: ``bot/service/follows.py``)."""

from __future__ import annotations

import logging

import discord

from bot.discord.answers import QUIET, ack, tell
from bot.discord.components import unfollow_view
from bot.discord.posting import post
from bot.discord.table_base import TableBase
from bot.service.errors import ServiceError
from bot.service.records import GameRecord
from bot.words import limits
from bot.words.follows import (
    already_text,
    ended_text,
    followed_text,
    following_line,
    not_following_text,
    unfollowed_text,
)
from bot.words.messages import board_link

log = logging.getLogger(__name__)


class FollowTable(TableBase):
    async def follow(self, interaction: discord.Interaction, game_id: int, action: str) -> None:
        """Follow (or, for a follower, unfollow) the game; Unfollow: stop following it. Only
        the user who clicked is told; the game itself does not change."""
        await ack(interaction)
        follows, user = self.service.follows, interaction.user.id
        try:
            if action == "follow" and not await follows.follows(game_id, user):
                added = await follows.follow(game_id, user, guild_id=interaction.guild_id)
                text = followed_text(game_id) if added else already_text(game_id)
                await tell(interaction, text, view=unfollow_view(game_id))
                return
            gone = await follows.unfollow(game_id, user)
        except ServiceError as exc:
            await tell(interaction, str(exc))
            return
        await tell(interaction, unfollowed_text(game_id) if gone else not_following_text(game_id))

    async def following_line(self, record: GameRecord) -> str:
        """ "3 following" for the game's turn message (one count by the follows' key); "" for
        none, or when the database cannot say just now (the board goes regardless)."""
        if record.channel_id is None:
            return ""
        try:
            return following_line(await self.service.follows.count(record.id))
        except ServiceError as exc:
            log.warning("the followers of game %s not counted: %s", record.id, exc)
            return ""

    async def tell_followers(self, record: GameRecord) -> None:
        """A finished game's followers each get a direct message with its result and a link,
        once (``Follows.take_ended``). A message Discord refuses is logged, nothing else: the
        game's end is committed and posted already."""
        try:
            followers = await self.service.follows.take_ended(record)
        except ServiceError as exc:
            log.warning("the followers of game %s not read: %s", record.id, exc)
            return
        text = limits.content(ended_text(record, board_link(record)))
        for user_id in followers:
            try:
                channel = await self.bot.http.start_private_message(user_id)
                await post(self.bot, int(channel["id"]), text, allowed_mentions=QUIET)
            except discord.HTTPException as exc:
                log.info("end of game %s not told to follower %s: %s", record.id, user_id, exc)
