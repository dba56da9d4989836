"""What Parlor says about following a game fits Discord's limits, for the longest names, ids
and links (``bot/words/follows.py``), and a digest of many followed games is cut at whole
lines."""

from __future__ import annotations

from bot.service.follows import Followed
from bot.service.records import Player
from bot.words import limits
from bot.words.follows import (
    already_text,
    ended_text,
    followed_digest,
    followed_line,
    followed_text,
    following_line,
    not_following_text,
    unfollowed_text,
)
from tests.bot.game_records import record_at
from tests.bot.random_games import played

NAME = 32  # Discord's longest display name
BIG = 987_654_321_098_765_432
LINK = f"https://discord.com/channels/{BIG}/{BIG}/{BIG}"


def longest():
    """A finished 4-player Pachisi game whose players' names are the longest, all markdown."""
    state, _ = played("pachisi", 4, seed=11)
    names = tuple(Player(10**17 + s, "_*" * (NAME // 2)) for s in range(4))
    return record_at(state, id=BIG, players=names, status="over")


def test_the_follow_texts_fit_whole():
    record = longest()
    going = record_at(record.state, id=BIG, players=record.players)
    texts = [
        followed_text(BIG),
        already_text(BIG),
        unfollowed_text(BIG),
        not_following_text(BIG),
        ended_text(record, LINK),
        followed_line(Followed(going, 10_000), LINK),
        following_line(10**6),
    ]
    for text in texts:
        assert len(text) <= limits.CONTENT and limits.content(text) == text
    assert "\\_\\*" in texts[4] and "@" not in texts[4]  # names shown as typed, nobody pinged


def test_a_digest_of_many_followed_games_is_cut_at_whole_lines():
    going = record_at(longest().state, id=BIG, players=longest().players)
    entries = [Followed(going, 3)] * 60
    text = limits.content(followed_digest(entries, [LINK] * 60))
    assert len(text) <= limits.CONTENT
    *shown, more = text.splitlines()
    assert shown[0] == "Games you follow:" and more.endswith(" more")
    assert all(line.endswith(LINK) for line in shown[1:])
