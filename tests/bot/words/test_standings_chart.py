"""The rating chart's alt text (``bot/words/standings_chart.py``): what the chart shows, in
words a screen reader says, within Discord's limit on an attachment's description."""

from __future__ import annotations

import random

from bot.words.limits import ALT_TEXT
from bot.words.standings_chart import trend_words


def test_the_words_say_where_the_rating_went_and_the_results():
    ratings = [1480, 1500, 1492, 1510, 1530, 1521, 1540, 1552, 1549, 1560, 1571, 1563]
    won = [True, True, False, True, True, False, True, True, False, True, True, False]
    assert trend_words(ratings, won) == (
        "Rating over the last 12 rated games: from 1480 to 1563 (highest 1571, lowest 1480), "
        "8 wins, 4 losses"
    )


def test_one_game_a_flat_rating_and_no_results():
    assert trend_words([1512], [True]) == "Rating after the last rated game: 1512, 1 win, 0 losses"
    flat = trend_words([1500] * 3, [False] * 3)
    assert flat == "Rating over the last 3 rated games: steady at 1500, 0 wins, 3 losses"
    assert trend_words([1500, 1490]) == "Rating over the last 2 rated games: from 1500 to 1490"
    assert trend_words([]) == "No rated games yet."


def test_only_the_last_fifty_games_as_the_chart_and_within_the_limit():
    rng = random.Random(2)
    ratings = [rng.randint(-99_999, 99_999) for _ in range(500)]
    won = [rng.random() < 0.5 for _ in ratings]
    text = trend_words(ratings, won)
    assert text.startswith("Rating over the last 50 rated games: ")
    assert f"from {ratings[-50]} to {ratings[-1]}" in text
    wins = sum(won[-50:])
    assert text.endswith(f", {wins} wins, {50 - wins} losses")
    assert len(text) <= ALT_TEXT
