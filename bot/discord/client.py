"""The Discord bot object, and its wiring: ``create_bot(db_path=..., clock=...)`` builds it
(the service, the board and AI worker pools, the table), its ``setup_hook`` opens the
database and loads the command modules (:data:`EXTENSIONS`, by name), and its loops sweep what
falls due and play Parlor's turns. ``bot/discord/lifecycle.py`` runs it (``python -m bot``)."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import time
import weakref
from collections.abc import AsyncIterator, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import scale
from bot.discord.answers import tell_failure
from bot.discord.boards import Boards
from bot.discord.custom_ids import control_for
from bot.discord.environment import database_setting, guild_setting, server_limit, worker_niceness
from bot.discord.heap import settle_heap
from bot.discord.table import Table
from bot.discord.workers import WorkerPool
from bot.service.ai_turns import shards_key
from bot.service.errors import Unavailable
from bot.service.facade import MAX_GAMES_PER_SERVER, Service
from bot.words import limits
from bot.words.messages import challenge_link, lapsed_text, nudge_text

log = logging.getLogger("parlor")

EXTENSIONS = (
    "bot.discord.commands.play",
    "bot.discord.commands.games",
    "bot.discord.commands.rules",
    "bot.discord.commands.settings",
    "bot.discord.commands.standings",
)
"""The command modules, one per command group, loaded by name in ``setup_hook`` (each has
``async def setup(bot)``): the client imports none of them."""

RATE_LIMIT = (8, 10.0)
"""Commands and clicks one user may make in that many seconds."""
TYPING_LIMIT = (30, 10.0)
"""Autocomplete requests (keystrokes in a command's field) one user may make in that many
seconds; past it the suggestions are empty until the window passes."""
CLOSE_GRACE = 10.0
"""Seconds ``close`` waits for interactions being handled before it closes the database."""
EXPIRY_SWEEP = 60.0
"""Seconds between sweeps (lapsed challenges and lobbies, reminders, move clocks run out)."""
ANIMATORS = 1
"""Worker processes drawing animated replays: one, apart from the board workers (a long game's
animation holds its worker for seconds); more animations wait for it in turn."""

AI_LOOK = 30.0
"""Seconds at most between looks for AI turns due (a turn this process posts wakes the look
at once; this catches those of other processes, and leases run out)."""


class ParlorTree(app_commands.CommandTree):
    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.type is discord.InteractionType.autocomplete:
            return True  # typing has its own budget (``ParlorBot.admit_typing``)
        return await interaction.client.admit(interaction)

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """A command that failed unexpectedly: a log line, and a short answer to the user."""
        if isinstance(error, app_commands.CheckFailure):
            return  # refused by ``admit``, which answered already
        command = interaction.command.qualified_name if interaction.command else "?"
        log.error("command /%s failed", command, exc_info=error)
        if interaction.type is not discord.InteractionType.autocomplete:
            await tell_failure(interaction)


class ParlorBot(commands.Bot):
    def __init__(
        self,
        db_path: str,
        *,
        guild_id: int | None = None,
        games_per_server: int = MAX_GAMES_PER_SERVER,
        ai_delay: float | None = None,
        clock: Callable[[], float] | None = None,
        **options: Any,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents(guilds=True),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            tree_cls=ParlorTree,
            **options,
        )
        self.db_path = db_path
        self.guild_id = guild_id
        self.games_per_server = games_per_server
        self.clock = clock
        """The time (epoch seconds) that the service, the sweeps and Parlor's turns read;
        None: the real time."""
        self.table = Table(self)
        niceness = worker_niceness()
        self.boards = Boards(workers=scale.board_workers(), niceness=niceness)
        """Worker processes drawing the board images."""
        self.animators = WorkerPool(
            ANIMATORS,
            niceness=niceness,
            preload=("__main__", "render.animation"),
            what="animation",
            doing="drawing animated replays",
        )
        """The animated replays' own lane: one worker process, started at the first, drawing
        one animation at a time, so a live board never queues behind one
        (``bot/discord/replay_files.py``)."""
        self.ai_workers = WorkerPool(
            scale.ai_workers(),
            niceness=niceness,
            preload=("__main__", "bot.service.ai_turns"),
            what="AI",
            doing="working out Parlor's moves",
        )
        """Worker processes working out Parlor's moves and ``/hint``'s."""
        self.ai_delay = ai_delay
        self._ai_due = asyncio.Event()
        self._ai_turns: set[asyncio.Task] = set()
        self._taking_ai_turns = asyncio.Lock()
        self._ai_player: asyncio.Task | None = None
        self._sweeper: asyncio.Task | None = None
        self._reposter: asyncio.Task | None = None
        self.rate_limit = RATE_LIMIT
        self.typing_limit = TYPING_LIMIT
        self._recent: dict[int, collections.deque[float]] = {}
        self._typing: dict[int, collections.deque[float]] = {}
        self._handling = 0
        self._idle = asyncio.Event()
        self._idle.set()

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process runs the shard of the server ``guild_id`` (every server,
        unless the bot is sharded: ``bot/discord/scale.py``)."""
        ids = getattr(self, "shard_ids", None)
        if not self.shard_count or ids is None:
            return True
        return scale.shard_of(guild_id, self.shard_count) in ids

    async def admit(self, interaction: discord.Interaction) -> bool:
        """A small per-user rate limit on commands and clicks: refuse (ephemerally) a user
        who acted ``rate_limit[0]`` times in the last ``rate_limit[1]`` seconds."""
        wait = _over_limit(self._recent, interaction.user.id, self.rate_limit)
        if wait is not None:
            await interaction.response.send_message(
                f"Slow down a little: try again in {wait} s.", ephemeral=True
            )
            return False
        return True

    def admit_typing(self, interaction: discord.Interaction) -> bool:
        """The same for autocomplete, with its own budget (``typing_limit``): False when the
        user typed too fast, and then gets no suggestions (nothing else is refused)."""
        return _over_limit(self._typing, interaction.user.id, self.typing_limit) is None

    @contextlib.asynccontextmanager
    async def handling(self, interaction: discord.Interaction) -> AsyncIterator[None]:
        """Wrap the handling of one interaction, so ``close`` can let it finish first; if it
        fails unexpectedly, log it and tell the user (never silence)."""
        self._handling += 1
        self._idle.clear()
        try:
            yield
        except Exception:
            log.exception("handling %s failed", _describe(interaction))
            await tell_failure(interaction)
        finally:
            self._handling -= 1
            if not self._handling:
                self._idle.set()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A click on any Parlor button or menu, on a message posted before a restart or
        after: its id names the control (``custom_ids.control_for``), which acts inside
        ``handling`` once ``admit`` lets it. An id that is not one of ours reaches nothing."""
        if interaction.type is not discord.InteractionType.component:
            return
        control = control_for(str((interaction.data or {}).get("custom_id", "")))
        if control is not None and await self.admit(interaction):
            async with self.handling(interaction):
                await control.act(interaction, self)

    async def setup_hook(self) -> None:
        more: dict[str, Any] = {} if self.ai_delay is None else {"ai_delay": self.ai_delay}
        if self.clock is not None:
            more["clock"] = self.clock
        self.service = await Service.open(
            self.db_path, games_per_server=self.games_per_server, **more
        )
        self.started_at = self.service.clock()
        """When this process started, before it could receive any interaction: a board posted
        again after a restart is one of a game moved before then (``Table.repost_behind``)."""
        shards = shards_key(self.shard_count, getattr(self, "shard_ids", None))
        if freed := await self.service.ai.take_over(shards):
            log.info("took over %d AI turns that the last run had taken", freed)
        await self.boards.start()
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        if self.guild_id:
            guild = discord.Object(self.guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        self._sweeper = asyncio.create_task(self._sweep_challenges())
        self._reposter = asyncio.create_task(self._repost_boards())
        self._ai_player = asyncio.create_task(self._play_ais())
        settle_heap()

    async def _repost_boards(self) -> None:
        """Once connected after a start: post again the boards a crash left behind."""
        await self.wait_until_ready()
        while True:
            try:
                posted = await self.table.repost_behind()
            except Unavailable as exc:  # the database is out (it says so): again shortly
                log.debug("posting the boards again: %s", exc)
                await asyncio.sleep(EXPIRY_SWEEP)
                continue
            except Exception:
                log.exception("posting the boards again failed")
            else:
                if posted:
                    log.info("posted %d boards again after the restart", posted)
            return

    def ai_soon(self) -> None:
        """An AI turn was just set up: look for the turns due now, not at the next look."""
        self._ai_due.set()

    async def _play_ais(self) -> None:
        """Play the AI turns as they come due, each in a task of its own (their moves are
        worked out in a worker process), until the bot closes. A restart takes up the turns
        that were due (``bot/service/store/ai_rows.py``)."""
        await self.wait_until_ready()
        while True:
            self._ai_due.clear()
            wait = AI_LOOK
            try:
                await self._take_ai_turns()
                upcoming = await self.service.storage.next_ai()
                if upcoming is not None:
                    wait = min(AI_LOOK, max(0.0, upcoming - self.service.clock()))
            except Unavailable as exc:  # the database says when it is out, and back, once
                log.debug("looking for AI turns: %s", exc)
            except Exception:
                log.exception("looking for AI turns failed")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._ai_due.wait(), wait)

    async def _take_ai_turns(self) -> None:
        """Take the AI turns due now, each played in a task of its own (``_ai_turns``)."""
        async with self._taking_ai_turns:  # a turn taken is in ``_ai_turns`` once this ends
            for game_id in await self.service.ai.due():
                task = asyncio.create_task(self.table.ai_turn(game_id))
                self._ai_turns.add(task)
                task.add_done_callback(self._ai_turn_done)

    def _ai_turn_done(self, task: asyncio.Task) -> None:
        self._ai_turns.discard(task)
        if not task.cancelled() and (exc := task.exception()) is not None:
            log.error("an AI turn failed", exc_info=exc)

    async def _sweep_challenges(self) -> None:
        while True:
            await asyncio.sleep(EXPIRY_SWEEP)
            try:
                await self._sweep_due()
            except Unavailable as exc:  # the database says when it is out, and back, once
                log.debug("the sweep: %s", exc)
            except Exception:
                log.exception("the sweep failed")

    async def sweep(self) -> None:
        """One whole pass over what fell due by the bot's clock, done when it returns: the
        lapsed, the reminders and the move clocks (:meth:`_sweep_due`), then Parlor plays the
        turns due (its own, and those of absent players it stands in for), posted before this
        returns. A test (or a check outside the repository) moves the clock given to
        ``create_bot`` and awaits it."""
        await self._sweep_due()
        await self._take_ai_turns()
        playing = list(self._ai_turns)  # also those the AI loop took: all posted when done
        if playing:
            await asyncio.wait(playing)

    async def _sweep_due(self) -> None:
        """What the loop does every :data:`EXPIRY_SWEEP` seconds (Parlor's turns have a loop
        of their own, ``_play_ais``): lapsed challenges and lobbies lose their buttons; an
        invited player with half their challenge's time gone is reminded, once; the move
        clocks remind, show the claim button, or act (``Table.tell_due``)."""
        for challenge in await self.service.expire_challenges():
            await self._mark_expired(challenge)
        for challenge in await self.service.due_nudges():
            await self._nudge(challenge)
        await self.table.tell_due()

    async def _nudge(self, challenge) -> None:
        """Remind the invited player, in the challenge's channel (only a challenge made on a
        channel with someone invited has a reminder due)."""
        text = nudge_text(challenge, challenge_link(challenge))
        mentions = discord.AllowedMentions(users=[discord.Object(challenge.invited.user_id)])
        with contextlib.suppress(discord.HTTPException):  # a channel gone: nothing to remind
            channel = self.get_partial_messageable(challenge.channel_id)
            await channel.send(limits.content(text), allowed_mentions=mentions)

    async def _mark_expired(self, challenge) -> None:
        if not (challenge.channel_id and challenge.message_id):
            return
        with contextlib.suppress(discord.HTTPException):
            channel = self.get_partial_messageable(challenge.channel_id)
            message = channel.get_partial_message(challenge.message_id)
            await message.edit(content=lapsed_text(challenge), view=None)

    async def close(self) -> None:
        for task in (self._sweeper, self._reposter, self._ai_player, *self._ai_turns):
            if task:
                task.cancel()
        with contextlib.suppress(TimeoutError):  # let interactions in hand finish their work
            await asyncio.wait_for(self._idle.wait(), CLOSE_GRACE)
        await super().close()
        service = getattr(self, "service", None)
        if service is not None:
            await service.close()
        await self.boards.close()
        await self.animators.close()
        await self.ai_workers.close()


def _over_limit(
    seen: dict[int, collections.deque[float]], user_id: int, limit: tuple[int, float]
) -> int | None:
    """Count one request by ``user_id`` against ``limit`` (requests, seconds): None if it is
    within it (then it counts), else the seconds to wait."""
    count, window = limit
    now = time.monotonic()
    recent = seen.setdefault(user_id, collections.deque())
    while recent and recent[0] <= now - window:
        recent.popleft()
    if len(recent) >= count:
        return max(1, round(recent[0] + window - now))
    recent.append(now)
    return None


def _describe(interaction: discord.Interaction) -> str:
    data = interaction.data or {}
    what = data.get("custom_id") or data.get("name") or "?"
    return f"interaction {interaction.id} ({what!s:.100}) by user {interaction.user.id}"


class ShardedParlorBot(ParlorBot, commands.AutoShardedBot):
    """The bot running some of its shards (``PARLOR_SHARDS``, ``PARLOR_SHARD_IDS``): discord.py's
    ``AutoShardedBot``, one gateway connection per shard, in this one process."""


def create_bot(
    db_path: str | None = None, *, clock: Callable[[], float] | None = None, **options: Any
) -> ParlorBot:
    """The bot, not yet connected (start it with ``await bot.start(token)``); sharded as
    ``PARLOR_SHARDS`` and ``PARLOR_SHARD_IDS`` say (``bot/discord/scale.py``).

    ``db_path``: an SQLite file or a PostgreSQL URL (default: ``PARLOR_DB``, else
    ``parlor.db``). ``clock``: a callable returning epoch seconds, the time the service, the
    sweeps and Parlor's turns read (default: the real time); with it and :meth:`ParlorBot.sweep`
    a test moves time by hand. ``options`` go to ``discord.Client`` (tests pass a short
    ``guild_ready_timeout``)."""
    options.setdefault("games_per_server", server_limit())
    kind, sharded = ParlorBot, scale.shard_setting()
    if sharded is not None:
        kind = ShardedParlorBot
        options["shard_count"], options["shard_ids"] = sharded
    made = kind(db_path or database_setting(), guild_id=guild_setting(), clock=clock, **options)
    _MADE.add(made)
    return made


_MADE: weakref.WeakSet[ParlorBot] = weakref.WeakSet()
"""Every bot ``create_bot`` made in this process, while it exists (for :func:`sweep`)."""


async def sweep(client: ParlorBot | None = None) -> None:
    """``bot.sweep()``: one whole sweep now (:meth:`ParlorBot.sweep`) on ``client``, or on
    every bot ``create_bot`` made in this process that runs (set up, not closed)."""
    if client is not None:
        await client.sweep()
        return
    for made in list(_MADE):
        if hasattr(made, "service") and not made.is_closed():
            await made.sweep()
