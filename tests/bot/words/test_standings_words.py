"""The texts of ``/leaderboard`` and ``/profile`` fit Discord's limits whole, at their longest:
ten rows and the asker's own place, every game's rating on both ladders, dice luck, the longest
names (full of characters Discord's markdown must escape), numbers in the millions; and the
chart's alt text fits an attachment's description."""

from __future__ import annotations

import engine
from bot.service.ratings import GLOBAL
from bot.service.standings import (
    GameStats,
    LadderPage,
    Opponent,
    Profile,
    Rating,
    Standing,
    Trend,
)
from bot.words import limits
from bot.words.standings import ladder_text, profile_text
from bot.words.standings_chart import trend_words

LONG = "*_~`|>" * 6  # 36 characters, each escaped: twice as long once made safe


def unknown(user_id: int) -> str:
    return f"<@{user_id}>"


def test_the_longest_ladder_page_fits_a_message_whole():
    rows = tuple(
        Standing(999_990 + i, 10**18 + i, LONG, 2999, True, 1_234_567, 1_000_000) for i in range(10)
    )
    own = Standing(1_234_567, 10**18 + 99, None, 1000, True, 1_234_567, 5)
    page = LadderPage("pach-ice-i", 10**18, 100_000, 123_457, 1_234_567, rows, own)
    text = ladder_text(page, unknown)
    assert len(text) <= limits.CONTENT
    assert "more" not in text  # no line left out
    assert text.count("\n") == 12  # title, ten rows, own place, what "?" means


def test_the_longest_profile_fits_a_message_whole():
    keys = list(engine.GAMES)
    ratings = tuple(
        Rating(key, guild, 2999, True, 1_234_567, 1_000_000)
        for guild in (10**18, GLOBAL)
        for key in keys
    )
    games = tuple(
        GameStats(key, 1_234_567, 1_000_000, 9_999_999, 9e9, 9_999_999, 9e7, 9e7) for key in keys
    )
    trend = Trend(keys[0], GLOBAL, tuple(range(1500, 1550)), (True,) * 50, 12)
    opponents = tuple(Opponent(10**18 + i, LONG, 1_234_567, 1_234_567) for i in range(3))
    profile = Profile(10**18, LONG, None, ratings, trend, games, (True, 1_234_567), opponents, True)
    text = profile_text(profile, unknown, here=True)
    assert len(text) <= limits.CONTENT
    assert "more" not in text
    assert "dice luck 100% of the expected pips" in text


def test_the_charts_alt_text_fits_an_attachments_description():
    words = trend_words(list(range(1000, 3000, 40)), [True, False] * 25)
    assert 0 < len(words) <= limits.ALT_TEXT
