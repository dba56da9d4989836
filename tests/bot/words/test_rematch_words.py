"""A rematch's messages stay within Discord's 2,000 characters whole, even for four players
with the longest names Discord allows (32 characters) made of markdown that escaping doubles,
so nothing a player needs (who is awaited, when it lapses) is ever cut off."""

from __future__ import annotations

from bot.service.records import Challenge, Player
from bot.service.rematches import Rematch
from bot.words import limits
from bot.words.messages import lapsed_text
from bot.words.rematches import declined_text, rematch_text

NAME = 32
"""Characters of a Discord display name at most."""


def rematch(status: str) -> Rematch:
    players = tuple(
        Player(10**17 + seat, f"{seat}" + "_*" * ((NAME - 1) // 2)) for seat in range(4)
    )
    challenge = Challenge(
        id=123_456_789_012_345_678,
        key="pachisi",
        num_players=4,
        options={},
        settings={},
        host=players[0],
        invited=None,
        guild_id=1,
        channel_id=2,
        message_id=None,
        status=status,
        created_at=1_800_000_000.0,
        expires_at=1_800_086_400.0,
        game_id=None,
        seated=players[:1],
        rematch_of=987_654_321_098_765_432,
    )
    return Rematch(challenge, players[1:] + players[:1])


def test_the_rematch_messages_fit_discords_limit_whole():
    texts = [
        rematch_text(rematch("open")),
        declined_text(rematch("declined"), "_*" * (NAME // 2)),
        lapsed_text(rematch("expired").challenge),
    ]
    for text in texts:
        assert len(text) <= limits.CONTENT and limits.content(text) == text
    opened = texts[0]
    assert all(f"<@{10**17 + seat}>" in opened for seat in (1, 2, 3))
    assert "lapses <t:1800086400:R>" in opened
    assert (
        texts[2] == "Rematch of Pachisi #987654321098765432 lapsed: not everyone accepted in time."
    )
