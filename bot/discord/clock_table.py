"""The Discord side of the move clocks (``Table`` is built on this): the claim button, the
reminders' button, and telling the players what a sweep found due (``bot/service/timeouts.py``)."""

from __future__ import annotations

import logging

import discord

import engine
from bot.discord.answers import QUIET, ack, tell, update
from bot.discord.components import game_view, reminder_view, unfollow_buttons
from bot.discord.posting import post
from bot.discord.table_base import TableBase
from bot.service.errors import ServiceError, Unavailable
from bot.service.records import GameRecord
from bot.service.timeouts import Reminder, TimedOut, TimeUp
from bot.words import limits
from bot.words.clocks import (
    clock_line,
    digest_text,
    reminder_text,
    time_up_text,
    timed_out_note,
    with_clock_line,
)
from bot.words.follows import followed_digest
from bot.words.messages import board_link, clean

log = logging.getLogger(__name__)

QUIETED = "No more reminders this turn."
"""What a reminder says once its player has asked for no more this turn."""


class ClockTable(TableBase):
    async def claim(self, interaction: discord.Interaction, game_id: int, version: int) -> None:
        """Another player claims the win from (or removes) the player to act, out of time."""
        await ack(interaction)
        if not await self.own_board(interaction, game_id):
            return
        try:  # the version check makes the game read here the one claimed on
            before = await self.service.game(game_id)
            played = await self.service.timeouts.claim(
                game_id, interaction.user.id, version=version
            )
        except (engine.IllegalMove, ServiceError) as exc:
            await tell(interaction, f"Not done: {exc}")
            return
        seat = before.seat_to_act
        note = timed_out_note(before, seat, clean(interaction.user.display_name))
        await self.after_commit(
            interaction, played.game, "Done.", self.close_and_post(interaction, played.game, note)
        )

    async def stop_reminders(self, interaction: discord.Interaction, game_id: int, turn: int):
        """ "No more reminders this turn", pressed under a reminder."""
        await ack(interaction)
        try:
            await self.service.timeouts.stop_reminders(game_id, interaction.user.id, turn)
        except ServiceError as exc:
            await tell(interaction, str(exc))
            return
        said = interaction.message.content if interaction.message else ""
        await update(interaction, content=f"{said}\n{QUIETED}", view=None, allowed_mentions=QUIET)

    async def tell_due(self) -> int:
        """One sweep of the clocks: remind, show the claim button, post what the hard clock
        did, send the daily digests. A message that cannot be sent (a channel gone) is
        skipped: it was recorded as done first, so it is never sent twice. Returns how many
        things were due."""
        due = await self.service.timeouts.sweep()
        for item in due:
            try:
                if isinstance(item, Reminder):
                    await self._remind(item)
                elif isinstance(item, TimeUp):
                    await self._time_up(await self.service.game(item.game_id))
                elif isinstance(item, TimedOut):
                    note = timed_out_note(item.before, item.seat, None)
                    await self.post_turn(item.played.game, note)
            except Unavailable as exc:  # the database says it is out, once
                log.debug("clock sweep: %s", exc)
            except (discord.HTTPException, ServiceError) as exc:
                log.warning("clock sweep: %s", exc)
        digests = await self.service.players.due_digests()
        for user_id, games in digests:
            try:
                await self._digest(user_id, games)
            except ServiceError as exc:  # the database out: tomorrow again
                log.warning("digest for user %s not sent: %s", user_id, exc)
            except discord.HTTPException as exc:  # DMs closed, say: tomorrow again
                log.info("digest for user %s not sent: %s", user_id, exc)
        return len(due) + len(digests)

    async def _digest(self, user_id: int, games: list) -> None:
        """The daily digest, by direct message: the games waiting on the player, then the
        games they follow (``bot/service/follows.py``), with an Unfollow button each; none
        when both are empty."""
        parts = []
        if games:
            parts.append(digest_text(games, self.service.clock(), [board_link(g) for g in games]))
        followed = await self.service.follows.digest(user_id)
        if followed:
            parts.append(followed_digest(followed, [board_link(f.game) for f in followed]))
        if not parts:
            return
        channel = await self.bot.http.start_private_message(user_id)
        text = "\n\n".join(parts)
        view = unfollow_buttons([f.game.id for f in followed])
        await post(
            self.bot, int(channel["id"]), limits.content(text), allowed_mentions=QUIET, view=view
        )

    async def show_clocks(self, game_ids: list[int]) -> None:
        """The turn messages of these games say their clock anew (its deadline moved: a
        vacation began or ended); the rest of each message stays as it was."""
        now = self.service.clock()
        for game_id in game_ids:
            try:
                record = await self.service.game(game_id)
                if record.message_id is None or record.over:
                    continue
                place = await self.place_of(record)
                message = await place.fetch_message(record.message_id)
                away = await self.away_until(record, now)
                content = with_clock_line(message.content, clock_line(record, now, away))
                await message.edit(content=limits.content(content), allowed_mentions=QUIET)
            except (discord.HTTPException, ServiceError) as exc:
                log.warning("clock of game %s not shown again: %s", game_id, exc)

    async def _remind(self, item: Reminder) -> None:
        game = item.game
        mover, place = game.player_to_move, game.thread_id or game.channel_id
        if mover is None or place is None:
            return
        now = self.service.clock()
        text = reminder_text(game, item.count, item.final, now, board_link(game))
        await post(
            self.bot,
            place,
            limits.content(text),
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(mover.user_id)]),
            view=reminder_view(game),
        )

    async def _time_up(self, record: GameRecord) -> None:
        """A soft clock ran out: the turn message shows it with the claim button, and the
        others are told."""
        if record.channel_id is None:
            return
        now = self.service.clock()
        # its clock line reads "your time is up 5 minutes ago" by itself (a live timestamp)
        await self.edit_board(record, view=game_view(record, now=now))
        others = [
            discord.Object(p.user_id)
            for seat, p in enumerate(record.players)
            if seat != record.seat_to_act and seat not in record.gone
        ]
        await post(
            self.bot,
            record.place_id,
            limits.content(time_up_text(record, board_link(record))),
            allowed_mentions=discord.AllowedMentions(users=others),
        )
