"""How a table plays (not the rules): its settings checked, and the game it plays named. No
Discord in here."""

from __future__ import annotations

from typing import Any

import engine
from bot.service import clocks
from bot.service.errors import NotFound, ServiceError

ROLL_MODES = ("bot", "button")
"""Table setting ``roll``: the bot rolls the dice when they are due, or a player presses Roll."""
TABLE_SETTINGS = ("roll", "clock", "clock_mode", "hints", "rated")
"""How a table plays (not the rules): who rolls, the move clock (``bot/service/clocks.py``), whether
players may ask for a hint (``/hint``; on by default in a game against Parlor), whether its end
changes the players' ratings (``rated``: yes, the default, or no: a casual game;
``bot/service/endings.py``)."""
HINTS = ("on", "off")
RATED = ("yes", "no")


def game_named(key: str) -> engine.Game:
    """The game called ``key``; ``NotFound`` naming the games for any other."""
    try:
        return engine.get_game(key)
    except KeyError:
        known = ", ".join(engine.GAMES)
        raise NotFound(f"There is no game called {key!r}; games: {known}.") from None


def check_settings(game: engine.Game, settings: dict[str, Any] | None) -> dict[str, Any]:
    """The table's settings (how it plays, not the rules), checked; ``ServiceError`` if bad."""
    settings = dict(settings or {})
    unknown = sorted(set(settings) - set(TABLE_SETTINGS))
    if unknown:
        known = ", ".join(TABLE_SETTINGS)
        raise ServiceError(f"There is no table setting {unknown[0]!r}; settings: {known}.")
    try:
        clocks.check_clock(settings)
    except ValueError as exc:
        raise ServiceError(str(exc)) from None
    if settings.get("hints", "on") not in HINTS:
        raise ServiceError(f"hints can be on or off, not {settings['hints']!r}.")
    if settings.get("rated", "yes") not in RATED:
        raise ServiceError(f"rated can be yes or no, not {settings['rated']!r}.")
    roll = settings.setdefault("roll", "bot")
    if roll not in ROLL_MODES:
        raise ServiceError(f"roll can be {' or '.join(ROLL_MODES)}, not {roll!r}.")
    if roll == "button" and not game.has_chance:
        raise ServiceError(f"{game.title} has no dice, so there is nothing to roll.")
    return settings
