"""Parlor's own players on Discord: a game against Parlor from ``/play``, the lobby's Add AI,
the AI's turns posted as a player's, "Let Parlor play for NAME" and "I'm back", and
``/hint`` (the ``Table`` is built on this; the service side is ``bot/service/ai_turns.py``)."""

from __future__ import annotations

import contextlib
import logging

import discord

import engine
from bot.discord.answers import QUIET, ack, tell, update
from bot.discord.components import lobby_view
from bot.discord.people import player_of
from bot.discord.table_base import TableBase
from bot.service.errors import ServiceError, Unavailable
from bot.service.records import GameRecord
from bot.words import limits
from bot.words.messages import lobby_text, played_text
from bot.words.text import clean

log = logging.getLogger(__name__)


class AiTable(TableBase):
    async def play_parlor(
        self,
        interaction: discord.Interaction,
        key: str,
        level: str,
        options: dict | None = None,
        settings: dict | None = None,
    ) -> None:
        """``/play GAME ai:LEVEL``: a game against Parlor, on at once (in its own thread,
        where the server allows one; the answer, only to the player, says where)."""
        await ack(interaction)
        try:
            record = await self.service.ai.against(
                key,
                player_of(interaction.user),
                level,
                options=options,
                settings=settings,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
            )
        except ServiceError as exc:
            await tell(interaction, str(exc))
            return
        name = clean(interaction.user.display_name)
        await self.begin(interaction, record, f"{name} plays Parlor ({level})")

    async def ai_turn(self, game_id: int) -> None:
        """Parlor plays the turn the game waits on (its moves worked out in a worker
        process) and posts it as a player's move is posted."""
        try:
            before = await self.service.game(game_id)
            played = await self.service.ai.play(game_id, self.bot.ai_workers)
        except Unavailable as exc:  # the lease runs out, it is tried again (the database
            log.debug("AI turn of game %s: %s", game_id, exc)  # says it is out, once)
            return
        except ServiceError as exc:
            log.warning("AI turn of game %s: %s", game_id, exc)
            return
        if played is None:
            return
        seat = before.seat_to_act
        name = before.players[seat].name
        if not before.players[seat].ai:
            name = f"Parlor (for {name})"
        note = played_text(played.game, clean(name), played.moves)

        async def show() -> None:
            closed = await self._waiting_board_played(before, note)
            await self.post_turn(played.game, note, closed=closed)

        await self.after_commit(None, played.game, "", show())

    async def _waiting_board_played(self, before: GameRecord, note: str) -> int | None:
        """The board that waited on Parlor ("Parlor is thinking", or the absent player's
        turn it played) says what Parlor played instead, and loses its controls: its id, or
        None when the game's latest board is an older one (the turn after it is posted
        anew, as ``post_turn`` does) or is gone. A board left by a restart is edited too."""
        if before.message_id is None or before.posted_version != before.version:
            return None
        try:
            return await self.close_saying(before, note)
        except discord.HTTPException as exc:  # the new turn is posted all the same
            log.warning("could not edit game %s's board into Parlor's move: %s", before.id, exc)
            return None

    async def stand_in(self, interaction: discord.Interaction, game_id: int, version: int) -> None:
        """ "Let Parlor play for NAME", pressed by another player once NAME's time is up."""
        await ack(interaction)
        if not await self.own_board(interaction, game_id):
            return
        try:
            before = await self.service.game(game_id)
            played = await self.service.ai.stand_in(game_id, interaction.user.id, version=version)
        except (engine.IllegalMove, ServiceError) as exc:
            await tell(interaction, f"Not done: {exc}")
            return
        absent = clean(before.players[before.seat_to_act].name)
        by = clean(interaction.user.display_name)
        note = (
            f"{by} let Parlor play for {absent}, whose time ran out. {absent}: each of your "
            "turns is still yours to play for a while, which takes your seat back (as "
            "**I'm back** does); after it, Parlor plays it for you."
        )
        await self.after_commit(
            interaction, played.game, "Done.", self.close_and_post(interaction, played.game, note)
        )

    async def back(self, interaction: discord.Interaction, game_id: int) -> None:
        """ "I'm back": the player Parlor played for takes their seat back."""
        await ack(interaction)
        try:
            played = await self.service.ai.back(game_id, interaction.user.id)
        except ServiceError as exc:
            await tell(interaction, str(exc))
            return
        note = f"{clean(interaction.user.display_name)} is back and plays their own seat again."
        closed = interaction.message.id if interaction.message else None

        async def show() -> None:
            if closed == played.game.message_id or closed is None:
                fields = {"view": None} if closed is None else self.closing(played.game, closed)
                await update(interaction, **fields)
            await self.post_turn(played.game, note, closed=closed)

        await self.after_commit(interaction, played.game, "Done.", show())

    async def hint(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """``/hint``: the move Parlor would play for the user now, privately (the command is
        deferred before it comes here: the hard level may think a second or two)."""
        move, reason = await self.service.ai.hint(
            record.id, interaction.user.id, self.bot.ai_workers
        )
        why = f" ({reason})" if reason else ""
        await tell(
            interaction,
            f"Parlor would play **{limits.quote(move)}**{why}. Play it with `/move {move}` or "
            "from the menus; it is only a suggestion.",
        )

    async def add_ai(self, interaction: discord.Interaction, lobby_id: int, level: str) -> None:
        """The lobby's host picked a level under Add AI: Parlor takes a seat."""
        await ack(interaction)
        lobbies = self.service.lobbies
        try:
            after = await lobbies.add_ai(lobby_id, player_of(interaction.user), level)
            lobby = await lobbies.get(lobby_id)
        except ServiceError as exc:
            await tell(interaction, str(exc))
            return
        if lobby.channel_id and lobby.message_id:  # the lobby's own message shows the seat
            channel = self.bot.get_partial_messageable(lobby.channel_id)
            message = channel.get_partial_message(lobby.message_id)
            open_ = lobby.status == "open"
            with contextlib.suppress(discord.HTTPException):  # gone: the game still starts
                await message.edit(
                    content=limits.content(lobby_text(lobby)),
                    view=lobby_view(lobby) if open_ else None,
                    allowed_mentions=QUIET,
                )
        if isinstance(after, GameRecord):
            await self.begin(interaction, after, "the lobby is full")
        else:
            await update(interaction, content=f"Parlor ({level}) took a seat.", view=None)
