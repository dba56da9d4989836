"""``/play``: one subcommand per game in ``engine.GAMES``, with that game's options as choices.

``/play icesickle opponent:@ann`` or ``/play pachisi opponent:@ann rules:classic``: each
declared engine option becomes an optional parameter whose choices are its allowed values
(in their text form, which ``Option.coerce`` reads back), so a new game or option appears in
Discord without bot changes. Games with dice also get ``roll`` (who rolls: the bot, the
moment the dice are due, or the player, with a Roll button).
"""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

import engine
from engine.core import option_text

if TYPE_CHECKING:
    from .app import ParlorBot

RESERVED = ("opponent", "roll")
"""Parameter names the command uses itself; a game option may not take them."""

ROLL_CHOICES = [
    app_commands.Choice(name="the bot rolls for you when the dice are due", value="bot"),
    app_commands.Choice(name="each player presses a Roll button", value="button"),
]


def play_group(bot: ParlorBot) -> app_commands.Group:
    group = app_commands.Group(name="play", description="Challenge someone to a game")
    for key, game in engine.GAMES.items():
        if game.min_players <= 2 <= game.max_players:
            group.add_command(_game_command(bot, key, game))
    return group


def _game_command(bot: ParlorBot, key: str, game: engine.Game) -> app_commands.Command:
    async def callback(interaction: discord.Interaction, **values: Any) -> None:
        opponent = values.pop("opponent")
        roll = values.pop("roll", None)
        options = {name: value for name, value in values.items() if value is not None}
        settings = {"roll": roll} if roll else None
        async with bot.handling():
            await bot.table.challenge(interaction, key, opponent, options, settings)

    P = inspect.Parameter
    params = [
        P("interaction", P.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction),
        P("opponent", P.POSITIONAL_OR_KEYWORD, annotation=discord.User),
    ]
    described = {"opponent": "who you challenge"}
    choices: dict[str, list[app_commands.Choice[str]]] = {}
    for name, option in game.options.items():
        if name in RESERVED:
            raise ValueError(f"{game.title}: option name {name!r} is taken by /play")
        params.append(P(name, P.POSITIONAL_OR_KEYWORD, annotation=str, default=None))
        default = option_text(option.default)
        described[name] = f"{option.help} (default {default})"[:100]
        choices[name] = [
            app_commands.Choice(name=option_text(c), value=option_text(c)) for c in option.choices
        ][:25]
    if game.has_chance:
        params.append(P("roll", P.POSITIONAL_OR_KEYWORD, annotation=str, default=None))
        described["roll"] = "who rolls the dice (default: the bot, the moment they are due)"
        choices["roll"] = ROLL_CHOICES
    callback.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    callback = app_commands.choices(**choices)(app_commands.describe(**described)(callback))
    players = (
        f"{game.min_players}-{game.max_players}"
        if game.min_players != game.max_players
        else str(game.min_players)
    )
    return app_commands.Command(
        name=key,
        description=f"Challenge someone to {game.title} ({players} players)"[:100],
        callback=callback,
    )
