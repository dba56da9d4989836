"""``/rules`` in pages: a text longer than one message is split at paragraph boundaries into
pages that each fit one message with a "page 1 of 3" line, never cutting a word or a markdown
pair, and shown with Previous / Next buttons that edit the message to the other page.

The buttons are a control (``RulesPageButton``, ``parlor:rules:<game>:<page>``, the page
1-based): any click on them works after a restart. The rules are public and static, so
anyone who sees the message may page it and the answer is immediate; an id naming no game or
no page of it changes nothing and is answered with a refusal.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING, Any

import discord

from bot.discord.answers import tell, update
from bot.discord.components import SECONDARY, Components, action_row, button
from bot.discord.custom_ids import Control, Field, number
from bot.words import limits
from bot.words.rules import RULES, TEXTS, title_of

if TYPE_CHECKING:
    from bot.discord.parts import Parts

SEPARATORS = ("\n\n", "\n", " ")
"""Where a text may break, best first: between paragraphs, lines, words."""
_PAIRS = re.compile(r"\*\*|`")
"""Markdown that comes in pairs in the texts: bold and code."""


def split_text(text: str, limit: int) -> list[str]:
    """``text`` in pieces of at most ``limit`` characters, broken at the best separator that
    gives fitting pieces (paragraphs, then lines, then words), never inside a markdown pair.
    The pieces keep no separator at their ends; between paragraphs, lines and words the pieces
    join back to ``text`` with the separator they were cut at."""
    if len(text) <= limit:
        return [text]
    for separator in SEPARATORS:
        parts = _splittable(text.split(separator), separator)
        if len(parts) < 2:
            continue
        pieces: list[str] = []
        for part in parts:
            if pieces and len(pieces[-1]) + len(separator) + len(part) <= limit:
                pieces[-1] += separator + part
            elif len(part) <= limit:
                pieces.append(part)
            else:
                pieces.extend(split_text(part, limit))
        return pieces
    raise ValueError(f"no place to break a text of {len(text)} characters within {limit}")


def _splittable(parts: list[str], separator: str) -> list[str]:
    """``parts`` joined again wherever a break would fall inside a markdown pair."""
    out: list[str] = []
    for part in parts:
        if out and len(_PAIRS.findall(out[-1])) % 2:
            out[-1] += separator + part
        else:
            out.append(part)
    return out


def page_line(key: str, page: int, pages: int) -> str:
    return f"-# {pages_name(key)}: page {page} of {pages}"


def pages_name(key: str) -> str:
    """ "<title> rules" for a game; a topic's title ("Time: ...") for a topic."""
    return f"{title_of(key)} rules" if key in RULES else title_of(key)


@cache
def rules_pages(key: str) -> tuple[str, ...]:
    """The pages of ``/rules`` for the game ``key``: the whole text when it fits one message,
    else pieces of it each followed by its page line (``KeyError`` for an unknown game)."""
    text = TEXTS[key]
    if len(text) <= limits.CONTENT:
        return (text,)
    room = len(f"\n\n{page_line(key, 99, 99)}")  # the longest page line it could need
    pieces = split_text(text, limits.CONTENT - room)
    return tuple(
        f"{piece}\n\n{page_line(key, number, len(pieces))}"
        for number, piece in enumerate(pieces, start=1)
    )


def rules_view(key: str, page: int) -> Components | None:
    """Previous / Next under page ``page`` (1-based) of ``key``'s rules; ``None`` for one page."""
    pages = len(rules_pages(key))
    if pages == 1:
        return None
    buttons = [
        button(RulesPageButton.custom_id_for(game=key, page=target), label, SECONDARY)
        for target, label in ((page - 1, "Previous"), (page + 1, "Next"))
        if 1 <= target <= pages
    ]
    return Components([action_row(*buttons)])


async def show_rules(interaction: discord.Interaction, key: str) -> None:
    """Answer ``/rules`` at once, privately: the first page and, if there are more, Next."""
    view = rules_view(key, 1)
    extra: dict[str, Any] = {"view": view} if view is not None else {}
    await interaction.response.send_message(rules_pages(key)[0], ephemeral=True, **extra)


class RulesPageButton(
    Control,
    tag="rules",
    fields=(Field("game", "[a-z0-9-]{1,20}"), number("page", 3)),
):
    """Previous / Next under a ``/rules`` answer: shows page ``page`` (1-based) of ``game``."""

    async def act(self, interaction: discord.Interaction, parts: Parts) -> None:
        if self.game not in TEXTS:
            await tell(interaction, "Parlor has no rules by that name: /rules lists them.")
            return
        pages = rules_pages(self.game)
        if not 1 <= self.page <= len(pages):
            await tell(
                interaction,
                f"{'The ' * (self.game in RULES)}{pages_name(self.game)} have no page "
                f"{self.page}, only 1 to {len(pages)}; "
                f"use /rules to see them again.",
            )
            return
        await update(
            interaction, content=pages[self.page - 1], view=rules_view(self.game, self.page)
        )
