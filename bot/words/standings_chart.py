"""The words of a player's rating chart (``render/rating_chart.py``): its alt text, within
Discord's limit on an attachment's description."""

from __future__ import annotations

from collections.abc import Sequence

from bot.words.limits import ALT_TEXT, cut
from render.rating_chart import MAX_GAMES


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def trend_words(ratings: Sequence[int], won: Sequence[bool] | None = None) -> str:
    """What the chart of ``ratings`` (the rating after each game, oldest first) shows, in
    words: "Rating over the last 12 rated games: from 1480 to 1563 (highest 1580, lowest
    1470), 8 wins, 4 losses". Like the chart, only the last ``MAX_GAMES`` games. A game not
    won counts as a loss; ``won`` None: no results."""
    if not ratings:
        return "No rated games yet."
    cut_at = max(0, len(ratings) - MAX_GAMES)
    values = [int(r) for r in ratings[cut_at:]]
    won = None if won is None else list(won)[cut_at:]
    if len(values) == 1:
        text = f"Rating after the last rated game: {values[0]}"
    elif len(set(values)) == 1:
        text = f"Rating over the last {len(values)} rated games: steady at {values[0]}"
    else:
        text = f"Rating over the last {len(values)} rated games: from {values[0]} to {values[-1]}"
        high, low = max(values), min(values)
        if (high, low) != (max(values[0], values[-1]), min(values[0], values[-1])):
            text += f" (highest {high}, lowest {low})"
    if won is not None:
        wins = sum(1 for w in won if w)
        text += f", {_count(wins, 'win', 'wins')}, {_count(len(won) - wins, 'loss', 'losses')}"
    return cut(text, ALT_TEXT)
