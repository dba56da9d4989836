"""The small pieces every message is made of: a name made safe to show, a mention, a moment
as Discord shows it, a game's title line."""

from __future__ import annotations

import functools

import discord.utils

from bot.service.records import GameRecord, GameSummary, Player


def escape(text: str) -> str:
    """``text`` with Discord's markdown escaped (links left alone) and its mentions broken, by
    discord.py's own functions: the one import of ``discord`` in the words (text in, text
    out; no discord object), declared in the import contracts (``pyproject.toml``)."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


@functools.lru_cache(maxsize=4096)
def clean(text: str) -> str:
    """User-supplied text made safe to echo: no markdown, no mentions. Players' names, over
    and over on every turn: the latest thousands are kept."""
    return escape(text)


def mention(player: Player) -> str:
    """The player as a mention that notifies them; Parlor's own seats, by name."""
    return f"**{clean(player.name)}**" if player.ai else f"<@{player.user_id}>"


def when(moment: float) -> str:
    """``moment`` (a Unix time) as Discord shows it to each reader: "in 3 hours", live."""
    return f"<t:{int(moment)}:R>"


def title_line(record: GameRecord | GameSummary) -> str:
    names = " vs ".join(clean(p.name) for p in record.players)
    casual = " · casual" if record.settings.get("rated") == "no" else ""
    return f"**{record.game.title}** #{record.id} · {names}{casual}"
