"""What Parlor says about an animated replay: its alt text (the file's description)."""

from __future__ import annotations

from bot.service.records import GameRecord
from bot.words.limits import ALT_TEXT, cut
from bot.words.text import clean, title_line


def animation_alt(
    record: GameRecord,
    first: int,
    last: int,
    frames: int,
    *,
    dropped: int = 0,
    scale: float = 1.0,
) -> str:
    """The animated replay's description: the game, its players, the moves shown and the
    frames ("Animated replay of <game> #12: Ann vs Ben, moves 0 to 48 of 48, 41 frames.")."""
    total = len(record.state.history)
    names = " vs ".join(p.name for p in record.players)
    text = (
        f"Animated replay of {record.game.title} #{record.id}: {names}, moves {first} to "
        f"{last} of {total}, {frames} frames."
    )
    if scale < 1.0:
        text += f" Shrunk to {scale:.0%} to fit Discord's 10 MiB."
    if dropped:
        text += f" {dropped} boards left out to fit."
    return cut(text, ALT_TEXT)


def animated_text(record: GameRecord, alt: str) -> str:
    """The message an animated replay comes with: the game's title line, then what the file
    shows (its description, names escaped)."""
    return f"{title_line(record)}\n{clean(alt)}"
