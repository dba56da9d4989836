"""Parlor's rules engine: pure Python, no I/O, no randomness of its own.

Public API (see DESIGN.md): ``GAMES``, ``get_game``, ``CHANCE``, ``IllegalMove``, ``Outcome``,
``MAX_MOVE_TEXT`` (the longest text ``parse`` reads; the bot may refuse longer input itself),
and per game ``Game.new_game`` / ``State.apply`` / ``State.parse`` / ``State.legal_moves`` ...
A dice roll (a chance move) also has ``pips``, the sum of its dice (see ``Move``); read it as
``getattr(move, "pips", None)``: other moves, and games without dice, have none.
"""

from .core import (
    CHANCE,
    MAX_MOVE_TEXT,
    Game,
    IllegalMove,
    Move,
    Option,
    Outcome,
    Placing,
    Removal,
    State,
)
from .icesickle import IceSickle
from .iceturn import IceTurn
from .pachicei import PachIceI
from .pachisi import Pachisi

GAMES: dict[str, Game] = {
    game.key: game for game in (Pachisi(), PachIceI(), IceSickle(), IceTurn())
}


def get_game(key: str) -> Game:
    """The game called ``key``; ``KeyError`` naming the known keys for any other."""
    try:
        return GAMES[key]
    except KeyError:
        raise KeyError(f"unknown game {key!r}; games: {', '.join(GAMES)}") from None


__all__ = [
    "CHANCE",
    "GAMES",
    "MAX_MOVE_TEXT",
    "Game",
    "IllegalMove",
    "Move",
    "Option",
    "Outcome",
    "Placing",
    "Removal",
    "State",
    "get_game",
]
