"""What every part of the Discord table stands on (``TableBase``): the game's boards, drawn,
posted, closed and recorded, the check every click on a board makes, and the work that follows
a committed change. The table's parts each build on it (``bot/discord/invitations.py``,
``clock_table.py``, ``ai_table.py``), and ``Table`` (``bot/discord/table.py``) joins them.

The table reaches the bot that runs it only through ``Host`` (``bot/discord/parts.py``): the
service, the worker pools, and the parts of ``discord.Client`` it posts with.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import logging
from abc import ABC, abstractmethod
from collections.abc import Awaitable
from typing import TYPE_CHECKING

import discord

from bot.discord import strays
from bot.discord.answers import QUIET, tell, update
from bot.discord.components import game_view
from bot.discord.people import turn_mentions
from bot.discord.posting import post
from bot.service.errors import NotFound, ServiceError
from bot.service.records import GameRecord
from bot.words import limits
from bot.words.messages import title_line, turn_content
from bot.words.standings import changes_line
from bot.words.text import clean

if TYPE_CHECKING:
    from bot.discord.parts import Host
    from bot.service.facade import Service

log = logging.getLogger(__name__)

NOT_THIS_BOARD = "That control does not belong to this board; nothing was played."
WENT_ON = "The game went on from this board before Parlor played: see below."
NOT_POSTED = (
    "The new board could not be posted just now; `/board` shows it, and it is posted again "
    "after the bot restarts."
)
"""Said to a player whose move was taken but whose board could not be posted after it."""

Place = (
    discord.TextChannel
    | discord.Thread
    | discord.VoiceChannel
    | discord.StageChannel
    | discord.DMChannel
    | discord.PartialMessageable
)
"""A channel or thread a game is played in: one that holds messages."""


class TableBase(ABC):
    """The table's common ground, and what its parts need of each other declared: a part
    calls only what is defined here or declared here (``begin``, of ``Invitations``)."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self._thinking: dict[int, int] = {}
        """Per game waiting on Parlor's own seat: the board saying Parlor is thinking, which
        says the game went on should it be closed before Parlor plays (a resign, I'm back)."""

    @property
    def service(self) -> Service:
        return self.bot.service

    # -- posting -------------------------------------------------------------------------

    async def board_file(self, record: GameRecord) -> discord.File:
        png, alt = await self.bot.boards.render(
            record.state,
            record.names,
            position=record.snapshot or None,
            drawn=(record.id, record.version),
        )
        return discord.File(
            io.BytesIO(png),
            filename=f"parlor-{record.id}-{record.version}.png",
            description=limits.cut(alt, limits.ALT_TEXT),
        )

    async def place_of(self, record: GameRecord) -> Place:
        """The game's thread or channel (``discord.NotFound`` when it is gone)."""
        channel_id = record.place_id
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            channel = await self.bot.fetch_channel(channel_id)
        if isinstance(channel, Place):
            return channel
        # not a channel of messages (a forum, a category): Discord refuses what is sent to it
        return self.bot.get_partial_messageable(channel_id)

    async def post_turn(
        self, record: GameRecord, note: str = "", *, closed: int | None = None
    ) -> int:
        """Post the board and the controls for the player to act, mentioning them; the new
        message's id. The board posted before it loses its controls, whatever played the
        move (``closed``: the id of a message already closed)."""
        channel_id = record.place_id
        if record.message_id not in (None, closed):
            try:
                await self.edit_board(record, **self.closing(record, record.message_id))
            except discord.HTTPException as exc:  # the new board matters more: post it
                log.warning("board %s of game %s not closed: %s", record.message_id, record.id, exc)
        now = self.service.clock()
        view = game_view(record, now=now)
        file = await self.board_file(record)
        away = await self.away_until(record, now)
        content = turn_content(record, note, now, away, await self.ratings_line(record))
        if following := await self.following_line(record):
            content = f"{content}\n{following}"
        message_id = await post(
            self.bot,
            channel_id,
            limits.content(content),
            file=file,
            allowed_mentions=turn_mentions(record),
            view=view,
        )
        await self.record_board(record, message_id)
        if record.ai_to_act and not record.absent_to_act:
            self._thinking[record.id] = message_id
        else:
            self._thinking.pop(record.id, None)
        if record.ai_to_act:
            self.bot.ai_soon()
        if record.over:
            await self.tell_followers(dataclasses.replace(record, message_id=message_id))
        return message_id

    async def ratings_line(self, record: GameRecord) -> str:
        """How a finished game moved its players' ratings, for its last board; "" while it
        goes on, for a casual game, or when the database cannot say just now (the board is
        posted regardless: the game's end is committed)."""
        if not record.over:
            return ""
        try:
            changes = await self.service.standings.changes(record)
        except ServiceError as exc:
            log.warning("the rating changes of game %s not read: %s", record.id, exc)
            return ""
        return changes_line(changes, [clean(p.name) for p in record.players])

    def closing(self, record: GameRecord, message_id: int) -> dict:
        """How the board ``message_id`` of ``record``'s game is closed: without its controls,
        and, if it said Parlor is thinking, saying the game went on before Parlor played."""
        if self._thinking.get(record.id) != message_id:
            return {"view": None}
        del self._thinking[record.id]
        return closed_saying(record, WENT_ON)

    async def away_until(self, record: GameRecord, now: float) -> float | None:
        """When the vacation of the player the game waits on ends, if they are on one."""
        mover = record.player_to_move
        if mover is None or record.deadline is None:
            return None
        try:
            return (await self.service.players.settings(mover.user_id)).away(now)
        except ServiceError:  # the database gone after the move's commit: the board still goes
            return None

    async def record_board(self, record: GameRecord, message_id: int) -> None:
        """Record ``message_id`` as the game's board at ``record``'s version. After the move's
        commit a failure here (the database gone) is no error: this process knows the board
        at once, a click on it is decided by what its controls carry (``_is_board_of``), and
        a restart posts the board again while the stored one is behind (``games_behind``)."""
        try:
            await self.service.set_board(record, message_id)
        except ServiceError as exc:
            log.warning(
                "board %s of game %s (version %s) not recorded: %s",
                message_id,
                record.id,
                record.version,
                exc,
            )

    async def edit_board(self, record: GameRecord, **fields) -> bool:
        """Edit the game's latest board message; False when it has none or it is gone."""
        if record.message_id is None:
            return False
        place = await self.place_of(record)
        message = place.get_partial_message(record.message_id)
        try:
            await message.edit(**fields)
        except (discord.NotFound, discord.Forbidden):
            return False
        return True

    async def close_saying(self, record: GameRecord, words: str) -> int | None:
        """The game's latest board loses its controls and says ``words`` under its title
        (``closed_saying``); its id, or None when it is gone."""
        edited = await self.edit_board(record, **closed_saying(record, words))
        return record.message_id if edited else None

    async def close_strays(self, record: GameRecord, keep: int) -> int:
        """Take the controls off the game's boards in its place other than ``keep`` (boards
        left live by a crash between their post and their record: ``bot/discord/strays.py``)."""
        return await strays.close_strays(self.bot, await self.place_of(record), record.id, keep)

    # -- answering: the check of a click on a board, the work after a commit ---------------

    async def own_board(self, interaction: discord.Interaction, game_id: int) -> bool:
        """Whether the clicked message is a board of game ``game_id`` (a component id is
        untrusted: one carrying another game's id is refused, and changes nothing)."""
        if await self._is_board_of(interaction, game_id):
            return True
        await tell(interaction, NOT_THIS_BOARD)
        return False

    async def _is_board_of(self, interaction: discord.Interaction, game_id: int) -> bool:
        """Whether the clicked message may act on game ``game_id``: a board recorded as that
        game's, or a message recorded as no game's board in the game's own channel or thread (a
        board another process posted and has not recorded yet, or one posted just before a
        crash): what its control carries, the game and its version, is then checked against
        the stored game by the action itself (an old version is "out of date"). A message
        recorded as another game's board is refused."""
        message = interaction.message
        if message is None:
            return False
        known = await self.service.game_of_message(message.id)
        if known is not None:
            return known == game_id
        try:
            record = await self.service.game(game_id)
        except NotFound:
            return False
        return record.place_id is not None and interaction.channel_id == record.place_id

    async def after_commit(
        self,
        interaction: discord.Interaction | None,
        record: GameRecord,
        done: str,
        work: Awaitable[object],
    ) -> None:
        """``work`` (closing, drawing, posting, recording boards) after ``record`` was
        committed: should it fail (the database or Discord gone meanwhile), a log line, and the
        user who acted told ``done`` all the same; never an error for what was taken. A board
        not posted is posted again at a restart (``games_behind``)."""
        try:
            await work
        except Exception as exc:
            what = "game %s: after version %s was committed"
            if isinstance(exc, discord.HTTPException | ServiceError):
                log.warning(what + ": %s", record.id, record.version, exc)
            else:
                log.error(what, record.id, record.version, exc_info=exc)
            if interaction is not None:
                with contextlib.suppress(discord.HTTPException):
                    await tell(interaction, f"{done} {NOT_POSTED}")

    async def close_and_post(
        self, interaction: discord.Interaction, record: GameRecord, note: str
    ) -> None:
        """The clicked board loses its controls; the turn that follows is posted."""
        await update(interaction, view=None)
        closed = interaction.message.id if interaction.message else None
        await self.post_turn(record, note, closed=closed)

    # -- declared here, defined by a part --------------------------------------------------

    @abstractmethod
    async def following_line(self, record: GameRecord) -> str:
        """ "3 following" for the game's turn message (``bot/discord/follow_table.py``)."""

    @abstractmethod
    async def tell_followers(self, record: GameRecord) -> None:
        """A finished game's followers told its result, once (``follow_table.py``)."""

    @abstractmethod
    async def begin(self, interaction: discord.Interaction, record: GameRecord, how: str) -> None:
        """A new game: its place, the message clicked says where it is, and the first turn is
        posted (``bot/discord/invitations.py``)."""


def closed_saying(record: GameRecord, words: str) -> dict:
    """The fields that close a board of ``record``'s game (no controls) and make it say
    ``words`` under the game's title, mentioning nobody."""
    content = limits.content(f"{title_line(record)}\n{words}")
    return {"view": None, "content": content, "allowed_mentions": QUIET}
