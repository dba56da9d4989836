"""The Discord side of a game table: what the bot posts and how it answers moves.

Commands and controls call these methods; they call the service, and turn its answers into
messages (the texts are in ``bot/words/messages.py``). Nothing here decides a rule: refusals come
from the service or the engine, with their messages shown to the one user who asked
(privately). Every answer starts with ``answers.ack``, so an interaction is acknowledged
before anything waits (``bot/discord/answers.py``). ``Table`` joins the table's parts, each
built on ``TableBase`` (``bot/discord/table_base.py``: boards posted, closed and recorded):
challenges and lobbies (``invitations.py``), the move clocks (``clock_table.py``), Parlor's
own players (``ai_table.py``), rematches (``rematch_table.py``), replays
(``replay_table.py``) and followers (``follow_table.py``); here are the moves.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Sequence
from typing import TypeVar

import discord

import engine
from bot.discord.ai_table import AiTable
from bot.discord.answers import QUIET, ack, is_click, tell, update
from bot.discord.clock_table import ClockTable
from bot.discord.components import game_view
from bot.discord.follow_table import FollowTable
from bot.discord.invitations import Invitations
from bot.discord.rematch_table import RematchTable
from bot.discord.replay_table import ReplayTable
from bot.discord.table_base import NOT_THIS_BOARD
from bot.games import chat_of
from bot.service.errors import Conflict, ServiceError
from bot.service.records import GameRecord, Played
from bot.words import limits
from bot.words.messages import (
    board_link,
    clean,
    only_moves_note,
    only_moves_said,
    played_text,
    title_line,
    turn_content,
)

log = logging.getLogger(__name__)
T = TypeVar("T")

LEFT_BEHIND = "The game went on from this board (the bot restarted in between): see below."
ACK_GRACE = 0.5
"""Seconds a click may wait for its answer before it is acknowledged on its own (Discord's
limit is 3 s); an answer ready within them acknowledges it itself."""
ACK_BY = 1.0
"""Seconds after Discord made a click (the time in its id) by which it is acknowledged if its
answer is not ready: a click that reaches the bot late (a burst of clicks, a busy machine)
has less of ``ACK_GRACE`` left, none at all from then on (``grace_left``). The rest of
Discord's 3 s is headroom for the acknowledgement itself on a busy event loop."""


class Table(Invitations, ClockTable, AiTable, RematchTable, ReplayTable, FollowTable):
    """The table: the bot's answers to commands and clicks, and what it posts."""

    async def repost_behind(self) -> int:
        """After a restart: post the current board of every game whose latest board shows an
        older version (a crash came between a move and its board, or one that ended the game),
        once; roll the dice a game waits on that nobody rolls. A game that never had a board
        gets the thread made for it, if a crash kept it from being written down
        (``find_thread``); a board posted before the crash but never recorded loses its
        controls (``close_strays``). A game moved since this process started is left alone:
        its board is being posted right now. Returns how many boards were posted. Of a sharded
        bot, each process posts those of the servers it runs."""
        posted = 0
        for record in await self.service.games_behind():
            if not self.bot.owns(record.guild_id):
                continue
            if record.updated_at > self.bot.started_at:
                continue  # moved since this process started (before it was ready): no crash
            try:
                first = record.message_id is None
                record = await self.find_thread(record)
                played = await self.service.roll_due(record.id)
                closed = await self._mark_left_behind(record)
                again = "The first board" if first else "The board again"
                note = f"{again}, after a restart."
                board = await self.post_turn(played.game, note, closed=closed)
                posted += 1
                await self.close_strays(played.game, board)
            except discord.NotFound as exc:  # its channel is gone: shown nowhere, once
                log.warning("game %s has no channel left to show it: %s", record.id, exc)
                await self.service.place_gone(record.id)
            except (discord.HTTPException, ServiceError) as exc:
                log.warning("could not post game %s again: %s", record.id, exc)
        return posted

    async def _mark_left_behind(self, record: GameRecord) -> int | None:
        """The board a crash left behind (its turn was played, Parlor's "is thinking" among
        them) says the game went on and loses its controls; its id, or None when it is gone."""
        if record.message_id is None or record.posted_version == record.version:
            return None
        return await self.close_saying(record, LEFT_BEHIND)

    # -- answering -----------------------------------------------------------------------

    refuse = staticmethod(tell)

    async def play(
        self,
        interaction: discord.Interaction,
        game_id: int,
        move: str,
        *,
        version: int | None = None,
    ) -> None:
        """A move from a select menu or a button (``version`` set) or from ``/move``.

        A click is answered in one request when its answer is ready within ``ACK_GRACE``
        (its board loses its controls, or the refusal is said); otherwise it is acknowledged
        first, as every interaction is that may wait (``answers.ack``): the first answer never
        waits for a board to be drawn or posted. Once the move is committed, nothing that
        fails after (drawing, posting, recording the board) turns it into an error."""
        clicked = is_click(interaction)
        if not clicked:
            await ack(interaction)
        grace = asyncio.get_running_loop().time() + grace_left(interaction)

        async def attempt() -> Played | str:  # the move, or the refusal's words
            try:
                if clicked and not await self._is_board_of(interaction, game_id):
                    return NOT_THIS_BOARD
                return await self.service.play(game_id, interaction.user.id, move, version=version)
            except Conflict as exc:
                return f"Not played: {exc} {await self._latest(game_id)}"
            except (engine.IllegalMove, ServiceError) as exc:
                return f"Not played: {exc}"

        played = await within(interaction, attempt(), grace)
        if isinstance(played, str):
            await tell(interaction, played)
            return
        done = f"Played {limits.quote(str(played.moves[0]))}." if played.moves else "Done."
        await self.after_commit(
            interaction, played.game, done, self._show_played(interaction, played, grace)
        )

    async def _show_played(
        self, interaction: discord.Interaction, played: Played, grace: float
    ) -> None:
        record = played.game
        note = played_text(record, clean(interaction.user.display_name), played.moves)
        if _continues(played, interaction.user.id):  # one mention per turn
            own, bots = _split(played)
            name = clean(interaction.user.display_name)
            own_note = played_text(record, name, own) if rolled(record, played) else ""
            await self.update_turn(
                interaction, record, own_note, bots, grace=grace, mine=played.moves[0]
            )
            return
        closed = None
        if is_click(interaction):  # the turn message the player used loses its controls
            try:
                await update(interaction, view=None)
                closed = interaction.message.id if interaction.message else None
            except discord.HTTPException as exc:  # (then post_turn closes it by its own edit)
                log.warning("game %s: the clicked board not updated: %s", record.id, exc)
        else:
            await tell(interaction, f"Played {limits.quote(str(played.moves[0]))}.")
        await self.post_turn(record, note, closed=closed)

    async def _latest(self, game_id: int) -> str:
        """Where the current board of the game is, for a player who used an old one."""
        try:
            link = board_link(await self.service.game(game_id))
        except ServiceError:
            link = None
        return f"The current board: {link}" if link else "Use the latest board."

    async def update_turn(
        self,
        interaction: discord.Interaction,
        record: GameRecord,
        note: str = "",
        bot_moves: Sequence[engine.Move] = (),
        *,
        grace: float | None = None,
        mine: engine.Move | None = None,
    ) -> None:
        """The same player acts again within their turn: the turn message gets the new board,
        the turn so far (``note``: dice rolled for them meanwhile) and fresh menus, in place,
        without a new mention. Its new words say again every move the bot played for a player
        that it said before, and those of this request (``bot_moves``): no edit unsays one. A
        click not yet answered is acknowledged first unless the board is drawn by ``grace``
        (the event loop's time). A ``/move`` is answered with the move it played (``mine``),
        not the bot's moves after it."""
        now = self.service.clock()
        clicked = interaction.message if is_click(interaction) else None
        drawing = self.board_file(record)
        file = await (
            within(interaction, drawing, grace or 0.0) if clicked is not None else drawing
        )
        said = [*only_moves_said(await self._turn_words(interaction, record)), *map(str, bot_moves)]
        note = "\n".join(x for x in (note, only_moves_note(said)) if x)
        fields = {
            "content": limits.content(
                turn_content(record, note, now, ratings=await self.ratings_line(record))
            ),
            "attachments": [file],
            "view": game_view(record, now=now),
            "allowed_mentions": QUIET,
        }
        if clicked is not None:
            await update(interaction, **fields)
            await self.record_board(record, clicked.id)
            return
        # /move: the turn message changes first, so the answer finds the board already updated
        board = record.message_id
        if board is not None and await self.edit_board(record, **fields):
            await self.record_board(record, board)
        else:  # gone: post the turn afresh, with what the bot played said
            await self.post_turn(record, note)
        played = record.state.history[-1] if mine is None else mine
        await tell(interaction, f"Played {limits.quote(str(played))}.")

    async def _turn_words(self, interaction: discord.Interaction, record: GameRecord) -> str:
        """What the turn message being updated says now (the clicked message, else the
        game's latest board; "" when it cannot be read: the move is taken all the same)."""
        if is_click(interaction) and interaction.message is not None:
            return interaction.message.content
        if record.message_id is None:
            return ""
        try:
            place = await self.place_of(record)
            message = await place.fetch_message(record.message_id)
        except discord.HTTPException:
            return ""
        return message.content

    async def resign(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """``/resign``: the user leaves the game (a table of three or four plays on)."""
        await ack(interaction)
        try:
            record = await self.service.resign(record.id, interaction.user.id)
        except ServiceError as exc:
            await tell(interaction, str(exc))
            return
        if record.over:
            told, note = f"You resigned game #{record.id}.", ""
        else:  # a table of three or four plays on without the player
            told = f"You left game #{record.id}; the others play on without you."
            note = f"{clean(interaction.user.display_name)} left the game."
        await self.after_commit(
            interaction, record, told, self._tell_and_post(interaction, told, record, note)
        )

    async def _tell_and_post(
        self, interaction: discord.Interaction, told: str, record: GameRecord, note: str
    ) -> None:
        await tell(interaction, told)
        await self.post_turn(record, note)

    async def show_page(
        self, interaction: discord.Interaction, game_id: int, version: int, page: int
    ) -> None:
        await ack(interaction)
        if not await self.own_board(interaction, game_id):
            return
        try:
            record = await self.service.game(game_id)
            if record.version != version or record.over:
                raise Conflict(f"That board is out of date. {await self._latest(game_id)}")
            self.service.check_turn(record, interaction.user.id)  # only the player to act pages
        except ServiceError as exc:
            await tell(interaction, str(exc))
            return
        await update(interaction, view=game_view(record, page, self.service.clock()))

    async def show_board(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """``/board``: the game's board, privately."""
        await ack(interaction)
        await tell(interaction, title_line(record), file=await self.board_file(record))


def grace_left(interaction: discord.Interaction, now: float | None = None) -> float:
    """Seconds a click may still wait at ``now`` (wall-clock time) for an answer that
    acknowledges it: ``ACK_GRACE``, but never past ``ACK_BY`` after Discord made it (the time
    in its id), so none for a click that reached the bot that late. Should the bot's clock be
    behind Discord's, the whole grace, never more."""
    age = (time.time() if now is None else now) - interaction.created_at.timestamp()
    return min(ACK_GRACE, max(0.0, ACK_BY - age))


async def within(interaction: discord.Interaction, work: Awaitable[T], until: float) -> T:
    """``work``'s result; a click not answered yet is acknowledged (``ack``) when ``work`` is
    not done by ``until`` (the event loop's time), so that its answer may wait."""
    task = asyncio.ensure_future(work)
    if not interaction.response.is_done():
        timeout = max(0.0, until - asyncio.get_running_loop().time())
        done, _ = await asyncio.wait({task}, timeout=timeout)
        if not done:
            try:
                await ack(interaction)
            except discord.HTTPException as exc:  # too late already: ``work`` goes on
                log.warning("interaction %s not acknowledged: %s", interaction.id, exc)
    return await task


def rolled(record: GameRecord, played: Played) -> bool:
    """Whether the request rolled dice (by hand or by the bot): its turn message says so."""
    rolls = chat_of(record.game.key).rolls
    return bool(rolls) and any(isinstance(move, rolls) for move in played.moves)


def _split(played: Played) -> tuple[list[engine.Move], list[engine.Move]]:
    """A request's moves as the move chosen and the dice rolled, and the only-moves the bot
    played after it (a turn message updated in place says those apart)."""
    rolls = chat_of(played.game.game.key).rolls
    first, *rest = played.moves
    dice = [m for m in rest if rolls and isinstance(m, rolls)]
    return [first, *dice], [m for m in rest if not (rolls and isinstance(m, rolls))]


def _continues(played: Played, user_id: int) -> bool:
    """Whether the player who just played acts again in the same turn (no other player's turn
    came between): their turn message is then updated in place, without a new mention."""
    record = played.game
    mover = record.player_to_move
    return not played.turn_over and mover is not None and mover.user_id == user_id
