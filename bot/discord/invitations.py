"""Challenges and lobbies on Discord: posting them, answering their buttons, and starting the
game they lead to (the ``Table`` is built on this)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord

from bot.discord.answers import QUIET, ack, tell, update
from bot.discord.components import challenge_view, level_view, lobby_view
from bot.discord.people import player_of
from bot.discord.table_base import TableBase
from bot.service.errors import ServiceError
from bot.service.records import Challenge, GameRecord
from bot.words import limits
from bot.words.messages import challenge_text, lobby_text, only_moves_note, title_line
from render.names import shorten

if TYPE_CHECKING:
    from discord.interactions import InteractionChannel


class Invitations(TableBase):
    async def challenge(
        self,
        interaction: discord.Interaction,
        key: str,
        opponent: discord.abc.User,
        options: dict | None = None,
        settings: dict | None = None,
        expires: str | None = None,
    ) -> None:
        if opponent.bot:
            await tell(interaction, "Bots can't play; challenge a person.")
            return
        await self._post_invitation(
            interaction,
            self.service.challenge(
                key,
                player_of(interaction.user),
                player_of(opponent),
                options=options,
                settings=settings,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                expires=expires,
            ),
            challenge_view,
            discord.AllowedMentions(users=[opponent], roles=False, everyone=False),
        )

    async def _post_invitation(
        self,
        interaction: discord.Interaction,
        making: Awaitable[Challenge],
        view_for: Callable[[Challenge], discord.ui.View],
        mentions: discord.AllowedMentions,
    ) -> None:
        """Make the challenge or lobby (``making``), answer ``/play`` with its message, and
        remember where it is (so its buttons can be closed when it lapses); a refusal is told
        to the user alone."""
        try:
            invitation = await making
        except ServiceError as exc:
            await tell(interaction, str(exc))
            return
        view = view_for(invitation)
        text = lobby_text(invitation) if invitation.is_lobby else challenge_text(invitation)
        await interaction.response.send_message(
            limits.content(text), view=view, allowed_mentions=mentions
        )
        message = await interaction.original_response()
        await self.service.set_challenge_message(invitation.id, message.id)

    async def _own_invitation(self, interaction: discord.Interaction, invitation_id: int) -> bool:
        """Whether the clicked message is the one posted for challenge or lobby
        ``invitation_id`` (a forged id on another message is refused)."""
        try:
            invitation = await self.service.get_challenge(invitation_id)
        except ServiceError as exc:
            await tell(interaction, str(exc))
            return False
        here = interaction.message.id if interaction.message else None
        if invitation.message_id is not None and invitation.message_id != here:
            await tell(interaction, "That button does not belong to this message.")
            return False
        return True

    async def answer_challenge(
        self, interaction: discord.Interaction, challenge_id: int, action: str
    ) -> None:
        await ack(interaction)
        if not await self._own_invitation(interaction, challenge_id):
            return
        user = player_of(interaction.user)
        try:
            if action == "accept":
                record = await self.service.accept(challenge_id, user)
            elif action == "decline":
                challenge = await self.service.decline(challenge_id, user)
            else:
                challenge = await self.service.cancel(challenge_id, user)
        except ServiceError as exc:
            await tell(interaction, str(exc))
            return
        if action != "accept":
            await update(
                interaction,
                content=f"{challenge_text(challenge)}\nChallenge {challenge.status}.",
                view=None,
            )
            return
        await self.begin(interaction, record, "challenge accepted")

    async def begin(self, interaction: discord.Interaction, record: GameRecord, how: str) -> None:
        """A new game: its thread (or the channel), the message clicked says where the game
        is and loses its buttons, and the first turn is posted."""
        place = await self.open_place(interaction, record)
        where = getattr(place, "mention", "here")
        await update(
            interaction,
            content=f"{title_line(record)}: {how}. The game is on in {where}.",
            view=None,
            allowed_mentions=QUIET,
        )
        record = await self.service.game(record.id)
        bot_played = only_moves_note(await self.service.only_moves_at_start(record.id))
        await self.post_turn(record, bot_played)

    async def open_place(
        self, interaction: discord.Interaction, record: GameRecord
    ) -> InteractionChannel | discord.Thread | None:
        """A public thread for the game when the bot may make one, else the channel (None
        when Discord did not say which)."""
        channel = interaction.channel
        perms = interaction.app_permissions
        if isinstance(channel, discord.TextChannel) and perms.create_public_threads:
            name = thread_name(record)
            try:
                thread = await channel.create_thread(
                    name=name,
                    type=discord.ChannelType.public_thread,
                    auto_archive_duration=10080,
                )
            except discord.HTTPException:
                pass
            else:
                await self.service.set_place(record.id, channel_id=channel.id, thread_id=thread.id)
                return thread
        if channel is not None:
            await self.service.set_place(record.id, channel_id=channel.id)
        return channel

    async def find_thread(self, record: GameRecord) -> GameRecord:
        """A game that never got its place recorded (a crash came between making its thread
        and writing it down): the thread the bot made for it, if it is there, becomes the
        game's place, so its boards go there and no empty thread is left; else the game is
        played in its channel. The game as it is now."""
        if record.thread_id is not None or record.message_id is not None:
            return record
        if record.guild_id is None or record.channel_id is None:
            return record
        try:
            found = await self.bot.http.get_active_threads(record.guild_id)
        except discord.HTTPException:  # none to be found: the channel, then
            return record
        me, prefix = self.bot.user.id if self.bot.user else None, thread_prefix(record)
        for thread in found.get("threads", []):
            if (
                thread.get("parent_id") == str(record.channel_id)
                and thread.get("owner_id") == str(me)
                and str(thread.get("name", "")).startswith(prefix)
                and await self.service.game_in_thread(int(thread["id"])) is None
            ):
                await self.service.set_place(record.id, thread_id=int(thread["id"]))
                return await self.service.game(record.id)
        return record

    async def open_lobby(
        self,
        interaction: discord.Interaction,
        key: str,
        num_players: int | None,
        options: dict | None = None,
        settings: dict | None = None,
        expires: str | None = None,
    ) -> None:
        await self._post_invitation(
            interaction,
            self.service.lobbies.open(
                key,
                player_of(interaction.user),
                num_players,
                options=options,
                settings=settings,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                expires=expires,
            ),
            lobby_view,
            QUIET,
        )

    async def _offer_levels(self, interaction: discord.Interaction, lobby_id: int) -> None:
        try:
            lobby = await self.service.lobbies.get(lobby_id)
        except ServiceError as exc:
            await tell(interaction, str(exc))
            return
        if interaction.user.id != lobby.host.user_id:
            await tell(interaction, f"Only the host, {lobby.host.name}, can add Parlor.")
            return
        await interaction.response.send_message(
            "Which Parlor joins?", view=level_view(lobby_id), ephemeral=True
        )

    async def answer_lobby(
        self, interaction: discord.Interaction, lobby_id: int, action: str
    ) -> None:
        """Join, Leave, Start or Add AI under a lobby: the message is updated in place (Add AI
        first shows its host a menu of Parlor's levels, privately)."""
        if action == "ai":
            await self._offer_levels(interaction, lobby_id)
            return
        await ack(interaction)
        if not await self._own_invitation(interaction, lobby_id):
            return
        user = player_of(interaction.user)
        lobbies = self.service.lobbies
        if action == "join" and interaction.user.bot:
            await tell(interaction, "Bots can't play.")
            return
        try:
            if action == "join":
                after = await lobbies.join(lobby_id, user)
            elif action == "leave":
                after = await lobbies.leave(lobby_id, user)
            else:
                after = await lobbies.start(lobby_id, user)
        except ServiceError as exc:
            await tell(interaction, str(exc))
            return
        if isinstance(after, GameRecord):
            how = "the lobby is full" if action == "join" else "started by the host"
            await self.begin(interaction, after, how)
            return
        open_ = after.status == "open"
        await update(
            interaction,
            content=lobby_text(after),
            view=lobby_view(after) if open_ else None,
            allowed_mentions=QUIET,
        )


def thread_name(record: GameRecord) -> str:
    """The game's thread name: its prefix and every player, "<Game> #12: Ann vs Ben".
    Names too long for Discord's 100 characters share the room, each shortened so that it
    still reads as that player alone (the images' rules: "A. Hampton vs A. Hamilton"), so
    no player is left out or cut to a look-alike."""
    prefix, joint = thread_prefix(record), " vs "
    names = [p.name for p in record.players]
    whole = f"{prefix} {joint.join(names)}"
    if len(whole) <= limits.THREAD_NAME:
        return whole
    room = (limits.THREAD_NAME - len(prefix) - 1 - len(joint) * (len(names) - 1)) // len(names)
    short = [shorten(n, [o for o in names if o != n], room, len) for n in names]
    return limits.cut(f"{prefix} {joint.join(short)}", limits.THREAD_NAME)


def thread_prefix(record: GameRecord) -> str:
    """How the name of a game's thread begins (the title, then "#12:"): the game is found by it."""
    return f"{record.game.title} #{record.id}:"
