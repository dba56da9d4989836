"""Parlor's own players: the AI levels of ``engine.ai`` seated at a table.

An AI seat is stored as any seat is (a user id and a name), under a user id no Discord user
can have: a negative number that says the level and which AI of the game it is
(``ai_player``), so lobbies, seats, listings and local games need nothing new to hold one.
A player whose time ran out may have an AI play for them meanwhile: that seat keeps its
player, and the game lists it among its ``stand_ins`` (seat -> level) until they come back.
"""

from __future__ import annotations

from engine.ai import LEVELS

STAND_IN_LEVEL = "hard"
"""The level that plays for an absent player (the best, so the seat loses nothing)."""
AI_DELAY = 1.5
"""Seconds after its turn comes that an AI plays: a player sees their own move land first."""
STAND_IN_GRACE = 60.0
"""Seconds after an absent player's turn comes that the AI standing in for them plays it: till
then the turn is still theirs (their menus are offered), and playing it takes the seat back."""


def ai_id(level: str, number: int) -> int:
    """The user id of the ``number``-th AI (1 and up) of a game, playing ``level``; number 0
    marks the moves of an AI playing for an absent player."""
    return -(number * 10 + LEVELS.index(level) + 1)


def level_of(user_id: int) -> str | None:
    """The AI level that ``user_id`` stands for, or ``None`` for a person."""
    if user_id >= 0:
        return None
    index = -user_id % 10 - 1
    return LEVELS[index] if 0 <= index < len(LEVELS) else None


def ai_name(level: str, number: int = 1) -> str:
    """How an AI seat is named: "Parlor (hard)", the second AI of a game "Parlor 2 (hard)"."""
    return f"Parlor ({level})" if number <= 1 else f"Parlor {number} ({level})"


def check_level(level: str) -> str:
    """``level`` if it is an AI level; ``ValueError`` naming the levels otherwise."""
    if level not in LEVELS:
        raise ValueError(f"There is no AI level {level!r}; levels: {', '.join(LEVELS)}.")
    return level
