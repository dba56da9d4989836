"""The Discord side of a game table: what the bot posts and how it answers clicks and commands.

Commands and components call these methods; they call the service, and turn its answers into
messages (the texts are in ``bot/messages.py``). Nothing here decides a rule: refusals come
from the service or the engine, with their messages shown to the one user who asked
(ephemerally).
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import discord

import engine

from .messages import (
    IN_PLACE,
    challenge_text,
    clean,
    lobby_text,
    played_text,
    player_of,
    title_line,
    turn_content,
    turn_mentions,
)
from .records import Challenge, GameRecord, Played, ServiceError
from .ui import challenge_view, game_view, lobby_view

if TYPE_CHECKING:
    from .app import ParlorBot


class Table:
    def __init__(self, bot: ParlorBot) -> None:
        self.bot = bot

    @property
    def service(self):
        return self.bot.service

    # -- posting -------------------------------------------------------------------------

    async def board_file(self, record: GameRecord) -> discord.File:
        png, alt = await self.bot.boards.render(record.state, record.names)
        return discord.File(
            io.BytesIO(png), filename=f"parlor-{record.id}-{record.version}.png", description=alt
        )

    async def place_of(self, record: GameRecord) -> discord.abc.Messageable:
        channel_id = record.thread_id or record.channel_id
        if channel_id is None:
            raise ServiceError("This game has no channel on Discord.")
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            channel = await self.bot.fetch_channel(channel_id)
        return channel  # type: ignore[return-value]

    async def post_turn(self, record: GameRecord, note: str = "") -> discord.Message:
        """Post the board and the controls for the player to act, mentioning them."""
        content = turn_content(record, note)
        place = await self.place_of(record)
        view = game_view(record)
        kwargs = {"view": view} if view else {}
        message = await place.send(
            content,
            file=await self.board_file(record),
            allowed_mentions=turn_mentions(record),
            **kwargs,
        )
        await self.service.set_place(record.id, message_id=message.id)
        return message

    async def open_place(
        self, interaction: discord.Interaction, record: GameRecord
    ) -> discord.abc.Messageable:
        """A public thread for the game when the bot may make one, else the channel."""
        channel = interaction.channel
        perms = interaction.app_permissions
        if isinstance(channel, discord.TextChannel) and perms.create_public_threads:
            names = " vs ".join(p.name for p in record.players)
            name = f"{record.game.title} #{record.id}: {names}"[:100]
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
        return channel  # type: ignore[return-value]

    # -- answering -----------------------------------------------------------------------

    @staticmethod
    async def refuse(interaction: discord.Interaction, text: str) -> None:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    async def challenge(
        self,
        interaction: discord.Interaction,
        key: str,
        opponent: discord.abc.User,
        options: dict | None = None,
        settings: dict | None = None,
    ) -> None:
        if opponent.bot:
            await self.refuse(interaction, "Bots can't play; challenge a person.")
            return
        try:
            challenge = await self.service.challenge(
                key,
                player_of(interaction.user),
                player_of(opponent),
                options=options,
                settings=settings,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
            )
        except ServiceError as exc:
            await self.refuse(interaction, str(exc))
            return
        await self._post_invitation(
            interaction,
            challenge,
            challenge_view(challenge),
            discord.AllowedMentions(users=[opponent], roles=False, everyone=False),
        )

    async def _post_invitation(
        self,
        interaction: discord.Interaction,
        invitation: Challenge,
        view: discord.ui.View,
        mentions: discord.AllowedMentions,
    ) -> None:
        """Answer ``/play`` with the challenge or lobby message, and remember where it is (so
        its buttons can be closed when it lapses)."""
        text = lobby_text(invitation) if invitation.is_lobby else challenge_text(invitation)
        await interaction.response.send_message(text, view=view, allowed_mentions=mentions)
        message = await interaction.original_response()
        await self.service.set_challenge_message(invitation.id, message.id)

    async def answer_challenge(
        self, interaction: discord.Interaction, challenge_id: int, action: str
    ) -> None:
        user = player_of(interaction.user)
        try:
            if action == "accept":
                record = await self.service.accept(challenge_id, user)
            elif action == "decline":
                challenge = await self.service.decline(challenge_id, user)
            else:
                challenge = await self.service.cancel(challenge_id, user)
        except ServiceError as exc:
            await self.refuse(interaction, str(exc))
            return
        if action != "accept":
            await interaction.response.edit_message(
                content=f"{challenge_text(challenge)}\nChallenge {challenge.status}.", view=None
            )
            return
        await self.begin(interaction, record, "challenge accepted")

    async def begin(self, interaction: discord.Interaction, record: GameRecord, how: str) -> None:
        """A new game: its thread (or the channel), the message clicked says where the game
        is and loses its buttons, and the first turn is posted."""
        place = await self.open_place(interaction, record)
        where = place.mention if hasattr(place, "mention") else "here"
        await interaction.response.edit_message(
            content=f"{title_line(record)}: {how}. The game is on in {where}.",
            view=None,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await self.post_turn(await self.service.game(record.id))

    async def open_lobby(
        self,
        interaction: discord.Interaction,
        key: str,
        num_players: int | None,
        options: dict | None = None,
        settings: dict | None = None,
    ) -> None:
        try:
            lobby = await self.service.lobbies.open(
                key,
                player_of(interaction.user),
                num_players,
                options=options,
                settings=settings,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
            )
        except ServiceError as exc:
            await self.refuse(interaction, str(exc))
            return
        await self._post_invitation(
            interaction, lobby, lobby_view(lobby), discord.AllowedMentions.none()
        )

    async def answer_lobby(
        self, interaction: discord.Interaction, lobby_id: int, action: str
    ) -> None:
        """Join, Leave or Start under a lobby: the message is updated in place."""
        user = player_of(interaction.user)
        lobbies = self.service.lobbies
        if action == "join" and interaction.user.bot:
            await self.refuse(interaction, "Bots can't play.")
            return
        try:
            if action == "join":
                after = await lobbies.join(lobby_id, user)
            elif action == "leave":
                after = await lobbies.leave(lobby_id, user)
            else:
                after = await lobbies.start(lobby_id, user)
        except ServiceError as exc:
            await self.refuse(interaction, str(exc))
            return
        if isinstance(after, GameRecord):
            how = "the lobby is full" if action == "join" else "started by the host"
            await self.begin(interaction, after, how)
            return
        open_ = after.status == "open"
        await interaction.response.edit_message(
            content=lobby_text(after),
            view=lobby_view(after) if open_ else None,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    async def play(
        self,
        interaction: discord.Interaction,
        game_id: int,
        move: str,
        *,
        version: int | None = None,
    ) -> None:
        """A move from a select menu (``version`` set) or from ``/move``."""
        try:
            played = await self.service.play(game_id, interaction.user.id, move, version=version)
        except (engine.IllegalMove, ServiceError) as exc:
            await self.refuse(interaction, f"Not played: {exc}")
            return
        record = played.game
        if _continues(played, interaction.user.id):
            await self.update_turn(interaction, record, from_menu=version is not None)
            return
        note = played_text(record, clean(interaction.user.display_name), played.moves)
        if version is not None:  # the turn message the player used loses its controls
            await interaction.response.edit_message(view=None)
        else:
            await interaction.response.send_message(f"Played {played.moves[0]}.", ephemeral=True)
            if record.game.key in IN_PLACE:  # the turn message of the ended turn
                await self._edit_turn_message(record, view=None)
        await self.post_turn(record, note)

    async def update_turn(
        self, interaction: discord.Interaction, record: GameRecord, *, from_menu: bool
    ) -> None:
        """The same player acts again within their turn (``IN_PLACE`` games): the turn
        message gets the new board, the turn so far and fresh menus, in place."""
        update = {
            "content": turn_content(record),
            "attachments": [await self.board_file(record)],
            "view": game_view(record),
            "allowed_mentions": discord.AllowedMentions.none(),
        }
        if from_menu:
            await interaction.response.edit_message(**update)
            return
        # /move: the turn message changes first, so the answer finds the board already updated
        if not await self._edit_turn_message(record, **update):  # gone: post the turn afresh
            await self.post_turn(record)
        await interaction.response.send_message(
            f"Played {record.state.history[-1]}.", ephemeral=True
        )

    async def _edit_turn_message(self, record: GameRecord, **fields) -> bool:
        """Edit the game's latest turn message; False when it has none or it is gone."""
        if record.message_id is None:
            return False
        place = await self.place_of(record)
        message = place.get_partial_message(record.message_id)  # type: ignore[attr-defined]
        try:
            await message.edit(**fields)
        except (discord.NotFound, discord.Forbidden):
            return False
        return True

    async def remove(self, interaction: discord.Interaction, game_id: int, version: int) -> None:
        """Another player removes the player to act, whose turn timer ran out."""
        try:  # the version check makes the player read here the one removed
            mover = (await self.service.game(game_id)).player_to_move
            played = await self.service.turn_timer.remove(
                game_id, interaction.user.id, version=version
            )
        except (engine.IllegalMove, ServiceError) as exc:
            await self.refuse(interaction, f"Not removed: {exc}")
            return
        name = clean(mover.name) if mover else "The player"
        remover = clean(interaction.user.display_name)
        note = f"{remover} removed {name} from the game: the turn timer ran out."
        await interaction.response.edit_message(view=None)
        await self.post_turn(played.game, note)

    async def show_page(
        self, interaction: discord.Interaction, game_id: int, version: int, page: int
    ) -> None:
        try:
            record = await self.service.game(game_id)
        except ServiceError as exc:
            await self.refuse(interaction, str(exc))
            return
        if record.version != version or record.over:
            await self.refuse(interaction, "This board is out of date; use the latest one.")
            return
        try:  # the menus are for the player to act to page
            self.service.check_turn(record, interaction.user.id)
        except ServiceError as exc:
            await self.refuse(interaction, str(exc))
            return
        await interaction.response.edit_message(view=game_view(record, page))


def _continues(played: Played, user_id: int) -> bool:
    """Whether the player who just played acts again in the same turn, in a game whose turn
    message is updated in place (no dice rolled by the bot since, nobody else to act)."""
    record = played.game
    mover = record.player_to_move
    return (
        record.game.key in IN_PLACE
        and len(played.moves) == 1
        and not record.over
        and not record.awaiting_roll
        and mover is not None
        and mover.user_id == user_id
    )
