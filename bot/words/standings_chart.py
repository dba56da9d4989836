"""The alt text of a player's rating chart (``render/rating_chart.py``).

A stand-in: the chart's own module replaces it (same name and signature)."""

from __future__ import annotations

from collections.abc import Sequence


def trend_words(ratings: Sequence[int], won: Sequence[bool]) -> str:
    """What the chart of ``ratings`` (oldest first; ``won``: each game won) shows, in words."""
    if not ratings:
        return "No rated games yet."
    games = len(ratings)
    wins = sum(1 for w in won if w)
    return (
        f"Rating over the last {games} rated game{'s' if games != 1 else ''}: from "
        f"{ratings[0]} to {ratings[-1]} (lowest {min(ratings)}, highest {max(ratings)}); "
        f"{wins} won."
    )
