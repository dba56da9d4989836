"""A player's games: ``/move``, ``/hint``, ``/board``, ``/resign``, ``/games``, ``/history``,
``/replay``;
thin adapters over the table and the service."""

from __future__ import annotations

import io
import json
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

import engine
from bot.discord.answers import QUIET, ack, tell
from bot.discord.replay_files import animated_file
from bot.service.ai_players import level_of
from bot.service.clocks import most_urgent_first
from bot.service.errors import ServiceError
from bot.service.recent import Recent
from bot.service.records import GameRecord, GameSummary
from bot.service.store.storage import MoveRow
from bot.words import limits
from bot.words.animations import animated_text
from bot.words.clocks import listing_words
from bot.words.messages import board_link, title_line, waiting_words
from bot.words.record_text import text_record

if TYPE_CHECKING:
    from bot.discord.client import ParlorBot

MOVE_TEXTS_KEPT = 256
"""Games whose legal moves autocomplete keeps (the latest version of each, oldest dropped)."""


def _only(
    mine: list[GameSummary], interaction: discord.Interaction, *, to_act: bool
) -> GameSummary | None:
    """The one game of ``mine`` a command without a game number means: the one played in this
    channel, else (``to_act``) the one waiting for the user, else the user's only game."""
    here = [g for g in mine if interaction.channel_id in (g.thread_id, g.channel_id)]
    on_turn = [g for g in mine if g.is_to_move(interaction.user.id)]
    for candidates in (here, on_turn if to_act else mine, mine):
        if len(candidates) == 1:
            return candidates[0]
    return None


class Games(commands.Cog):
    def __init__(self, bot: ParlorBot) -> None:
        self.bot = bot
        self._move_texts: Recent[tuple[int, int], list[str]] = Recent(MOVE_TEXTS_KEPT)

    @property
    def service(self):
        return self.bot.service

    async def pick_game(
        self, interaction: discord.Interaction, game_id: int | None, *, to_act: bool = False
    ) -> GameRecord | None:
        """The game a command means: the one given; inside a game's thread, that game
        (finished or not); else the user's only (or only on-turn) active game. Answers the
        user itself when there is none."""
        try:
            if game_id is not None:
                return await self.service.game(game_id)
            if interaction.channel_id is not None:
                here = await self.service.game_in_thread(interaction.channel_id)
                if here is not None:
                    return here
            mine = await self.service.games_of(interaction.user.id)
            chosen = _only(mine, interaction, to_act=to_act)
            if chosen is not None:  # the listing decoded nothing: read the one game meant
                return await self.service.game(chosen.id)
        except ServiceError as exc:
            await tell(interaction, str(exc))
            return None
        text = "You have no active games." if not mine else "Which game? Give its number."
        await tell(interaction, text)
        return None

    async def _command(
        self,
        interaction: discord.Interaction,
        game_id: int | None,
        then: Callable[[GameRecord], Awaitable[None]],
        *,
        to_act: bool = False,
    ) -> None:
        """Acknowledge, find the game meant, and hand it to ``then``."""
        async with self.bot.handling(interaction):
            await ack(interaction)
            record = await self.pick_game(interaction, game_id, to_act=to_act)
            if record is None:
                return
            try:
                await then(record)
            except ServiceError as exc:
                await tell(interaction, str(exc))

    async def game_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        if not self.bot.admit_typing(interaction):
            return []
        games = await self.service.games_of(interaction.user.id)
        choices = []
        for g in games:
            label = game_label(g)
            if current.strip("#") in str(g.id) or current.lower() in label.lower():
                choices.append(app_commands.Choice(name=label, value=g.id))
        return choices[:25]

    async def replay_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """The games the user may replay from here, newest first: their own, this server's
        that are over, those they follow (a number typed: that game too, if they may)."""
        if not self.bot.admit_typing(interaction):
            return []
        typed = current.strip().lstrip("#")
        number = int(typed) if typed.isdigit() and len(typed) <= 18 else None
        games = await self.service.replayable(interaction.user.id, interaction.guild_id, number)
        labels = [(g.id, game_label(g)) for g in games]
        return [
            app_commands.Choice(name=label, value=game_id)
            for game_id, label in labels
            if typed in str(game_id) or current.lower() in label.lower()
        ]

    async def move_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        if not self.bot.admit_typing(interaction) or len(current) > limits.CHOICE_NAME:
            return []
        game_id = getattr(interaction.namespace, "game", None)
        games = await self.service.games_of(interaction.user.id)
        if game_id is not None:
            games = [g for g in games if g.id == game_id]
        here = [g for g in games if interaction.channel_id in (g.thread_id, g.channel_id)]
        games = here or games
        game = next((g for g in games if g.is_to_move(interaction.user.id)), None)
        if game is None:
            return []
        moves = await self.move_texts(game)
        wanted = engine.core.normalize_move_text(current)
        hits = [m for m in moves if engine.core.normalize_move_text(m).startswith(wanted)]
        return [app_commands.Choice(name=m, value=m) for m in hits[:25]]

    async def move_texts(self, game: GameSummary) -> list[str]:
        """What the player to act may type in ``game``: read (and decoded) once per version,
        then kept for the keystrokes that follow, under the version it was read at."""
        moves = self._move_texts.get((game.id, game.version))
        if moves is None:
            record = await self.service.game(game.id)
            legal = record.state.legal_moves()
            moves = ["roll"] if record.awaiting_roll else [str(m) for m in legal]
            self._move_texts[(record.id, record.version)] = moves
        return moves

    @app_commands.command(name="move", description="Play a move in one of your games")
    @app_commands.autocomplete(move=move_autocomplete, game=game_autocomplete)
    @app_commands.describe(move="the move in notation, e.g. S@c3 or c3-c5", game="game number")
    async def move(
        self, interaction: discord.Interaction, move: str, game: int | None = None
    ) -> None:
        async def then(record: GameRecord) -> None:
            await self.bot.table.play(interaction, record.id, move)

        await self._command(interaction, game, then, to_act=True)

    @app_commands.command(
        name="hint", description="The move Parlor would play for you now (only you see it)"
    )
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.describe(game="game number")
    async def hint(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async def then(record: GameRecord) -> None:
            await self.bot.table.hint(interaction, record)

        await self._command(interaction, game, then, to_act=True)

    @app_commands.command(name="board", description="Show a game's board (only to you)")
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.describe(game="game number")
    async def board(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async def then(record: GameRecord) -> None:
            await self.bot.table.show_board(interaction, record)

        await self._command(interaction, game, then)

    @app_commands.command(name="resign", description="Resign one of your games")
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.describe(game="game number")
    async def resign(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async def then(record: GameRecord) -> None:
            await self.bot.table.resign(interaction, record)

        await self._command(interaction, game, then)

    @app_commands.command(
        name="games", description="Your active games: yours to play first, least time left first"
    )
    async def games(self, interaction: discord.Interaction) -> None:
        async with self.bot.handling(interaction):
            await ack(interaction)
            mine = await self.service.games_of(interaction.user.id)
            if not mine:
                await tell(interaction, "You have no active games.")
                return
            lines, now = [], self.service.clock()
            for g in most_urgent_first(mine, interaction.user.id):
                parts = [
                    title_line(g),
                    waiting_words(g, interaction.user.id),
                    listing_words(g, now),
                    board_link(g),
                ]
                lines.append(" · ".join(p for p in parts if p))
            await tell(interaction, limits.listing(lines))

    @app_commands.command(name="history", description="A game's moves")
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.describe(
        game="game number", file="also attach the full record, as JSON and as plain text"
    )
    async def history(
        self, interaction: discord.Interaction, game: int | None = None, file: bool = False
    ) -> None:
        async def then(record: GameRecord) -> None:
            rows = await self.service.history(record.id)
            content = history_text(record, [move_line(record, r) for r in rows], file)
            kwargs = (
                {"files": [history_file(record, rows), text_file(record, rows)]} if file else {}
            )
            await tell(interaction, content, **kwargs)

        await self._command(interaction, game, then)

    @app_commands.command(name="replay", description="Replay a game move by move (only you see it)")
    @app_commands.autocomplete(game=replay_autocomplete)
    @app_commands.describe(
        game="game number",
        file="animated: the game as an animated GIF to share, instead of the browser",
        first="with file: the first move shown (default: the start)",
        last="with file: the last move shown (default: the end)",
        public="with file: post it in the channel for everyone (default: only you see it)",
    )
    @app_commands.choices(file=[app_commands.Choice(name="animated", value="animated")])
    async def replay(
        self,
        interaction: discord.Interaction,
        game: int | None = None,
        file: str | None = None,
        first: app_commands.Range[int, 0, 100_000] | None = None,
        last: app_commands.Range[int, 0, 100_000] | None = None,
        public: bool = False,
    ) -> None:
        async with self.bot.handling(interaction):
            await ack(interaction)
            if game is None:  # this thread's game, or the user's only one
                record = await self.pick_game(interaction, None)
                if record is None:
                    return
                game = record.id
            if file is None:
                await self.bot.table.replay(interaction, game)
                return
            try:  # who may see it, as the browser checks
                frame = await self.service.replay_state(
                    game, 0, user_id=interaction.user.id, guild_id=interaction.guild_id
                )
                made = await animated_file(self.bot, frame.record, first or 0, last)
            except ServiceError as exc:
                await tell(interaction, str(exc))
                return
            text = animated_text(frame.record, made.description or "")
            if not public:
                await tell(interaction, text, file=made)
                return
            await tell(interaction, "Posted in the channel.")
            await interaction.followup.send(text, file=made, allowed_mentions=QUIET)


def game_label(game: GameSummary) -> str:
    """A game as the pickers offer it: "#12 <game>: Ann vs Ben" ("(over)" once it is)."""
    label = f"#{game.id} {game.game.title}: " + " vs ".join(p.name for p in game.players)
    if game.over:
        label += " (over)"
    return label[: limits.CHOICE_NAME]


def history_text(record: GameRecord, moves: list[str], attached: bool) -> str:
    """The title and as many moves as fit in one message, then how many were left out."""
    head = title_line(record)
    if not moves:
        return f"{head}\nNo moves yet."
    text = f"{head}\n{' '.join(moves)}"
    if len(text) <= limits.CONTENT:
        return text
    hint = "" if attached else " (file:True attaches them all)"
    shown, used = [], len(head) + 1
    for move in moves:
        tail = f" {limits.ELLIPSIS} and {len(moves) - len(shown)} more{hint}"
        if used + len(move) + 1 + len(tail) > limits.CONTENT:
            return f"{head}\n{' '.join(shown)}{tail}"
        shown.append(move)
        used += len(move) + 1
    return text


def stand_in_level(record: GameRecord, row: MoveRow) -> str | None:
    """The level of the AI that played ``row`` for the seat's absent player (Parlor's move,
    made under the AI user id of ``ai_players.ai_id(level, 0)``); None for any other move."""
    seat, user = row.seat, row.user_id
    if user is None or seat is None or not 0 <= seat < len(record.players):
        return None
    return None if record.players[seat].ai else level_of(user)


def move_line(record: GameRecord, row: MoveRow) -> str:
    """A move as ``/history`` lists it: "12. b3", and "12. b3 (Parlor)" where Parlor played
    it for the seat's absent player."""
    mark = " (Parlor)" if stand_in_level(record, row) else ""
    return f"{row.number}. {row.move}{mark}"


def history_file(record: GameRecord, rows) -> discord.File:
    data = {
        "game": record.key,
        "id": record.id,
        "options": record.options,
        "players": record.names,
        "moves": [
            {"number": r.number, "move": r.move, "seat": r.seat, "at": r.created_at}
            | ({"stand_in": level} if (level := stand_in_level(record, r)) else {})
            for r in rows
        ],
        "result": record.result,
    }
    return discord.File(
        io.BytesIO(json.dumps(data, indent=1).encode()), filename=f"parlor-{record.id}.json"
    )


def text_file(record: GameRecord, rows: list[MoveRow]) -> discord.File:
    """The record as plain text, to read and replay by hand (``bot/words/record_text.py``)."""
    stand_ins = {r.number for r in rows if stand_in_level(record, r)}
    text = text_record(record, rows, stand_ins)
    return discord.File(io.BytesIO(text.encode()), filename=f"parlor-{record.id}.txt")


async def setup(bot: ParlorBot) -> None:
    """The extension's entry (``bot.load_extension("bot.discord.commands.games")``)."""
    await bot.add_cog(Games(bot))
