"""Parlor's slash commands: thin adapters over the table and the service."""

from __future__ import annotations

import io
import json
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

import engine

from .messages import clean, title_line
from .play_command import play_group
from .records import GameRecord, ServiceError
from .rules_text import RULES

if TYPE_CHECKING:
    from .app import ParlorBot

RULES_CHOICES = [app_commands.Choice(name=engine.get_game(key).title, value=key) for key in RULES]


class Games(commands.Cog):
    def __init__(self, bot: ParlorBot) -> None:
        self.bot = bot
        self.play = play_group(bot)

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.play)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.play.name)

    @property
    def service(self):
        return self.bot.service

    async def pick_game(
        self, interaction: discord.Interaction, game_id: int | None, *, to_act: bool = False
    ) -> GameRecord | None:
        """The game a command means: the one given, the one of this thread, or the user's
        only (or only on-turn) active game. Answers the user itself when there is none."""
        try:
            if game_id is not None:
                return await self.service.game(game_id)
            mine = await self.service.games_of(interaction.user.id)
        except ServiceError as exc:
            await interaction.response.send_message(str(exc), ephemeral=True)
            return None
        here = [g for g in mine if interaction.channel_id in (g.thread_id, g.channel_id)]
        on_turn = [g for g in mine if g.is_to_move(interaction.user.id)]
        for candidates in (here, on_turn if to_act else mine, mine):
            if len(candidates) == 1:
                return candidates[0]
        text = "You have no active games." if not mine else "Which game? Give its number."
        await interaction.response.send_message(text, ephemeral=True)
        return None

    async def game_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        games = await self.service.games_of(interaction.user.id)
        choices = []
        for g in games:
            label = f"#{g.id} {g.game.title}: " + " vs ".join(p.name for p in g.players)
            if current.strip("#") in str(g.id) or current.lower() in label.lower():
                choices.append(app_commands.Choice(name=label[:100], value=g.id))
        return choices[:25]

    async def move_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        game_id = getattr(interaction.namespace, "game", None)
        games = await self.service.games_of(interaction.user.id)
        if game_id is not None:
            games = [g for g in games if g.id == game_id]
        here = [g for g in games if interaction.channel_id in (g.thread_id, g.channel_id)]
        games = here or games
        game = next((g for g in games if g.is_to_move(interaction.user.id)), None)
        if game is None:
            return []
        wanted = engine.core.normalize_move_text(current)
        moves = ["roll"] if game.awaiting_roll else [str(m) for m in game.state.legal_moves()]
        hits = [m for m in moves if engine.core.normalize_move_text(m).startswith(wanted)]
        return [app_commands.Choice(name=m, value=m) for m in hits[:25]]

    @app_commands.command(name="move", description="Play a move in one of your games")
    @app_commands.describe(move="the move in notation, e.g. S@c3 or c3-c5", game="game number")
    async def move(
        self, interaction: discord.Interaction, move: str, game: int | None = None
    ) -> None:
        async with self.bot.handling():
            record = await self.pick_game(interaction, game, to_act=True)
            if record is not None:
                await self.bot.table.play(interaction, record.id, move)

    @move.autocomplete("move")
    async def _move_ac(self, interaction, current):
        return await self.move_autocomplete(interaction, current)

    @move.autocomplete("game")
    async def _move_game_ac(self, interaction, current):
        return await self.game_autocomplete(interaction, current)

    @app_commands.command(name="board", description="Show a game's board (only to you)")
    @app_commands.describe(game="game number")
    async def board(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async with self.bot.handling():
            record = await self.pick_game(interaction, game)
            if record is None:
                return
            await interaction.response.send_message(
                title_line(record),
                file=await self.bot.table.board_file(record),
                ephemeral=True,
                allowed_mentions=discord.AllowedMentions.none(),
            )

    @board.autocomplete("game")
    async def _board_game_ac(self, interaction, current):
        return await self.game_autocomplete(interaction, current)

    @app_commands.command(name="resign", description="Resign one of your games")
    @app_commands.describe(game="game number")
    async def resign(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async with self.bot.handling():
            record = await self.pick_game(interaction, game)
            if record is None:
                return
            try:
                record = await self.service.resign(record.id, interaction.user.id)
            except ServiceError as exc:
                await interaction.response.send_message(str(exc), ephemeral=True)
                return
            if record.over:
                told, note = f"You resigned game #{record.id}.", ""
            else:  # a table of three or four plays on without the player
                told = f"You left game #{record.id}; the others play on without you."
                note = f"{clean(interaction.user.display_name)} left the game."
            await interaction.response.send_message(told, ephemeral=True)
            await self.bot.table.post_turn(record, note)

    @resign.autocomplete("game")
    async def _resign_game_ac(self, interaction, current):
        return await self.game_autocomplete(interaction, current)

    @app_commands.command(name="games", description="Your active games")
    async def games(self, interaction: discord.Interaction) -> None:
        async with self.bot.handling():
            mine = await self.service.games_of(interaction.user.id)
            if not mine:
                await interaction.response.send_message("You have no active games.", ephemeral=True)
                return
            lines = []
            for g in mine:
                turn = (
                    "your turn"
                    if g.is_to_move(interaction.user.id)
                    else f"waiting for {clean(g.player_to_move.name)}"
                )
                link = _link(interaction, g)
                lines.append(f"{title_line(g)} · {turn}{f' · {link}' if link else ''}")
            await interaction.response.send_message(
                "\n".join(lines)[:2000],
                ephemeral=True,
                allowed_mentions=discord.AllowedMentions.none(),
            )

    @app_commands.command(name="rules", description="How a game is played in Parlor")
    @app_commands.describe(game="the game")
    @app_commands.choices(game=RULES_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        await interaction.response.send_message(RULES[game], ephemeral=True)

    @app_commands.command(name="history", description="A game's moves")
    @app_commands.describe(game="game number", file="also attach the full record as JSON")
    async def history(
        self, interaction: discord.Interaction, game: int | None = None, file: bool = False
    ) -> None:
        async with self.bot.handling():
            record = await self.pick_game(interaction, game)
            if record is None:
                return
            rows = await self.service.history(record.id)
            names = record.names
            text = " ".join(f"{r.number}. {r.move}" for r in rows) or "No moves yet."
            content = f"{title_line(record)}\n{text}"
            kwargs = {}
            if file:
                data = {
                    "game": record.key,
                    "id": record.id,
                    "options": record.options,
                    "players": names,
                    "moves": [
                        {"number": r.number, "move": r.move, "seat": r.seat, "at": r.created_at}
                        for r in rows
                    ],
                    "result": record.result,
                }
                kwargs["file"] = discord.File(
                    io.BytesIO(json.dumps(data, indent=1).encode()),
                    filename=f"parlor-{record.id}.json",
                )
            await interaction.response.send_message(
                content[:2000], ephemeral=True, allowed_mentions=discord.AllowedMentions.none(),
                **kwargs,
            )  # fmt: skip

    @history.autocomplete("game")
    async def _history_game_ac(self, interaction, current):
        return await self.game_autocomplete(interaction, current)


def _link(interaction: discord.Interaction, record: GameRecord) -> str:
    guild = record.guild_id or interaction.guild_id
    if guild is None:
        return ""
    where = record.thread_id or record.channel_id
    if where is None:
        return ""
    if record.message_id and where:
        return f"https://discord.com/channels/{guild}/{where}/{record.message_id}"
    return f"https://discord.com/channels/{guild}/{where}"
