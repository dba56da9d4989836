"""The small pieces every message is made of: a name made safe to show, a mention, a moment
as Discord shows it, a game's title line."""

from __future__ import annotations

import functools
import re

from bot.service.records import GameRecord, GameSummary, Player

_URL = r"(?P<url><[^: >]+:\/[^ >]+>|(?:https?|steam):\/\/[^\s<]+[^<.,:;\"\'\]\s])"
_MARKDOWN = r"(?P<markdown>[_\\~|\*`]|^>(?:>>)?\s|\[.+\]\(.+\)|^#{1,3}|^\s*-)"
_MARKED = re.compile(f"(?:{_URL}|{_MARKDOWN})", re.MULTILINE)
_MENTION = re.compile(r"@(everyone|here|[!&]?[0-9]{17,20})")


def escape(text: str) -> str:
    """``text`` with Discord's markdown escaped (links left alone) and its mentions broken:
    what discord.py's ``escape_mentions(escape_markdown(text))`` gives (its expressions,
    MIT-licensed), without importing Discord into the words."""
    marked = _MARKED.sub(lambda m: m.group("url") or "\\" + m.group("markdown"), text)
    return _MENTION.sub("@\u200b\\1", marked)


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
    return f"**{record.game.title}** #{record.id} · {names}"
