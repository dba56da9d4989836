"""``/play``: one subcommand per game in ``engine.GAMES``, with that game's options as choices.

``/play tic-tac opponent:@ann``, or with an option ``/play tic-tac opponent:@ann size:4``: each
declared engine option becomes an optional parameter whose choices are its allowed values
(in their text form, which ``Option.coerce`` reads back), so a new game or option appears in
Discord without bot changes. Games with dice also get ``roll`` (who rolls: the bot, the
moment the dice are due, or the player, with a Roll button), and every game ``clock`` (the
time for each move: none, 1d, 2d, 3d, 5d, 7d or 14d; 3d if left out), ``clock_mode`` (soft:
the others may claim; hard: the bot acts; soft if left out) and ``expires`` (how long the
challenge or lobby stays open: 15m, 1h, 24h, 3d or 7d; 24h if left out).

``ai`` (easy, medium, hard) plays Parlor itself, starting at once (as does ``opponent`` set
to the bot, at medium); ``hints`` (on, off) says whether ``/hint`` works at the table (on by
default against Parlor); ``rated`` (yes, no) whether its end changes the players' ratings
(yes if left out; no: a casual game). ``opponent`` is therefore optional in every game; a
two-player game with neither is refused with what to give.

A game for more than two players also gets ``players`` (its player counts as choices), and
``opponent`` becomes optional: without one, ``/play tic-tac players:4`` opens a lobby that
anyone in the channel can join. A game that needs three or more has no ``opponent`` at all.
"""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

import engine
from bot.discord.components import LEVEL_WORDS
from bot.service.clocks import CLOCKS, DEFAULT_CLOCK, DEFAULT_CLOCK_MODE
from bot.service.facade import DEFAULT_EXPIRY, EXPIRY, TABLE_SETTINGS
from engine.core import option_text

if TYPE_CHECKING:
    from bot.discord.client import ParlorBot

RESERVED = (
    "opponent",
    "players",
    "roll",
    "clock",
    "clock_mode",
    "expires",
    "ai",
    "hints",
    "rated",
)
"""Parameter names the command uses itself; a game option may not take them."""

EXPIRES_CHOICES = [app_commands.Choice(name=key, value=key) for key in EXPIRY]

CLOCK_CHOICES = [app_commands.Choice(name=key, value=key) for key in CLOCKS]
CLOCK_MODE_CHOICES = [
    app_commands.Choice(name="soft: the others may claim the win (or remove you)", value="soft"),
    app_commands.Choice(name="hard: the bot ends your part itself", value="hard"),
]

AI_CHOICES = [
    app_commands.Choice(name=f"{level}: {words}", value=level)
    for level, words in LEVEL_WORDS.items()
]
DEFAULT_LEVEL = "medium"
"""Parlor's level when it is picked as the opponent without ``ai``."""
HINTS_CHOICES = [
    app_commands.Choice(name="on: /hint shows Parlor's move for you", value="on"),
    app_commands.Choice(name="off: no hints at this table", value="off"),
]

RATED_CHOICES = [
    app_commands.Choice(name="yes: the result changes the players' ratings", value="yes"),
    app_commands.Choice(name="no: a casual game, no rating changes", value="no"),
]

ROLL_CHOICES = [
    app_commands.Choice(name="the bot rolls for you when the dice are due", value="bot"),
    app_commands.Choice(name="each player presses a Roll button", value="button"),
]


def play_group(bot: ParlorBot) -> app_commands.Group:
    group = app_commands.Group(name="play", description="Challenge someone to a game")
    for key, game in engine.GAMES.items():
        if game.max_players >= 2:
            group.add_command(_game_command(bot, key, game))
    return group


def _game_command(bot: ParlorBot, key: str, game: engine.Game) -> app_commands.Command:
    async def callback(interaction: discord.Interaction, **values: Any) -> None:
        opponent = values.pop("opponent", None)
        level = values.pop("ai", None)
        players = values.pop("players", None)
        expires = values.pop("expires", None)
        table = {name: values.pop(name, None) for name in TABLE_SETTINGS}
        options = {name: value for name, value in values.items() if value is not None}
        settings = {name: value for name, value in table.items() if value is not None}
        parlor = opponent is not None and bot.user is not None and opponent.id == bot.user.id
        async with bot.handling(interaction):
            if level is not None or parlor:
                if opponent is not None and not parlor:
                    await bot.table.refuse(
                        interaction,
                        "Choose one opponent: a player (opponent:) or Parlor (ai:), not both.",
                    )
                elif players not in (None, 2):
                    await bot.table.refuse(
                        interaction,
                        f"A game against Parlor is for two players. For {players}, open a "
                        f"lobby (`/play {key} players:{players}`) and press **Add AI**.",
                    )
                else:
                    level = level or DEFAULT_LEVEL
                    await bot.table.play_parlor(interaction, key, level, options, settings)
            elif opponent is None and game.max_players <= 2:
                await bot.table.refuse(
                    interaction,
                    f"Name your opponent (`/play {key} opponent:@someone`), or play Parlor "
                    f"itself (`/play {key} ai:medium`).",
                )
            elif opponent is None:
                await bot.table.open_lobby(interaction, key, players, options, settings, expires)
            elif players not in (None, 2):
                await bot.table.refuse(
                    interaction,
                    f"A challenge is for two players. To play {game.title} with {players}, "
                    f"leave out opponent: `/play {key} players:{players}` opens a lobby that "
                    "anyone here can join.",
                )
            else:
                await bot.table.challenge(interaction, key, opponent, options, settings, expires)

    P = inspect.Parameter
    params = [P("interaction", P.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction)]
    described: dict[str, str] = {}
    choices: dict[str, list[app_commands.Choice]] = {}
    lobby = game.max_players > 2
    if game.min_players <= 2:
        params.append(P("opponent", P.POSITIONAL_OR_KEYWORD, annotation=discord.User, default=None))
        described["opponent"] = (
            "who you challenge (leave out to open a lobby anyone can join)"
            if lobby
            else "who you challenge (or leave out and choose ai: to play Parlor)"
        )
        params.append(P("ai", P.POSITIONAL_OR_KEYWORD, annotation=str, default=None))
        described["ai"] = "play Parlor at this level, starting at once"
        choices["ai"] = AI_CHOICES
    if lobby:
        params.append(P("players", P.POSITIONAL_OR_KEYWORD, annotation=int, default=None))
        described["players"] = f"seats in the lobby (default {game.max_players})"
        counts = range(max(game.min_players, 2), game.max_players + 1)
        choices["players"] = [app_commands.Choice(name=str(n), value=n) for n in counts][:25]
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
    params.append(P("clock", P.POSITIONAL_OR_KEYWORD, annotation=str, default=None))
    described["clock"] = f"time for each move (default {DEFAULT_CLOCK}; none: no clock)"
    choices["clock"] = CLOCK_CHOICES
    params.append(P("clock_mode", P.POSITIONAL_OR_KEYWORD, annotation=str, default=None))
    described["clock_mode"] = f"when time is out (default {DEFAULT_CLOCK_MODE})"
    choices["clock_mode"] = CLOCK_MODE_CHOICES
    params.append(P("hints", P.POSITIONAL_OR_KEYWORD, annotation=str, default=None))
    described["hints"] = "whether /hint works here (default: on against Parlor, else off)"
    choices["hints"] = HINTS_CHOICES
    params.append(P("rated", P.POSITIONAL_OR_KEYWORD, annotation=str, default=None))
    described["rated"] = "whether the result changes ratings (default yes; no: casual)"
    choices["rated"] = RATED_CHOICES
    params.append(P("expires", P.POSITIONAL_OR_KEYWORD, annotation=str, default=None))
    what = "lobby" if game.min_players > 2 else "challenge or lobby" if lobby else "challenge"
    described["expires"] = f"how long the {what} stays open (default {DEFAULT_EXPIRY})"
    choices["expires"] = EXPIRES_CHOICES
    callback.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    callback = app_commands.choices(**choices)(app_commands.describe(**described)(callback))
    players = (
        f"{game.min_players}-{game.max_players}"
        if game.min_players != game.max_players
        else str(game.min_players)
    )
    verb = "Challenge someone to" if game.min_players <= 2 else "Open a lobby for"
    return app_commands.Command(
        name=key,
        description=f"{verb} {game.title} ({players} players)"[:100],
        callback=callback,
    )


async def setup(bot: ParlorBot) -> None:
    """The extension's entry (``bot.load_extension("bot.discord.commands.play")``): the
    ``/play`` group, one subcommand per game."""
    bot.tree.add_command(play_group(bot))


async def teardown(bot: ParlorBot) -> None:
    bot.tree.remove_command("play")
