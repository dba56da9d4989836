"""A name is made safe to show by the words' own escape, exactly as discord.py escapes it (the
words import no Discord): markdown escaped, links left alone, mentions broken."""

from __future__ import annotations

import random

import discord

from bot.words import limits
from bot.words.text import clean, escape

SAMPLES = [
    "",
    "Ann",
    "**bold** _it_ ~~gone~~ `code` ||spoiler||",
    "> quoted\n>>> all quoted\n# Title\n## sub\n- item\n  - nested",
    "[a link](https://example.com/x_y) and https://example.com/a_b*c and <https://x.io/_>",
    "steam://run/12_34 after",
    "@everyone @here <@123456789012345678> @!123456789012345678 @&123456789012345678",
    "back\\slash \\*already\\* escaped",
    "under_score_name",
    "🎲 dice_player 🎲",
]


def discords(text: str) -> str:
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


def test_the_words_escape_as_discord_does():
    for text in SAMPLES:
        assert escape(text) == discords(text), text
        assert clean(text) == discords(text), text


def test_random_text_is_escaped_as_discord_does():
    rng = random.Random(34)
    pieces = [*"ab _*~`|>#-[]()<>:/\\@!&\n 0.,", "https://", "steam://", "@everyone", "@here"]
    pieces += ["123456789012345678", "```", "||", "> ", ">>> ", "](", "x_y"]
    for _ in range(3000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(30)))
        assert escape(text) == discords(text), repr(text)


def test_a_quote_is_escaped_and_cut_as_before():
    typed = "  **@everyone**   look_at   this " + "x" * 60
    short = limits.cut(" ".join(typed.split()), limits.QUOTE)
    assert limits.quote(typed) == discords(short)
