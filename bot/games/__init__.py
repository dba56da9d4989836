"""Every game's chat side, one module per game, and the one registry the generic bot code reads:
``chat_of(key)`` gives a game's :class:`GameChat` (its rules text, menus, buttons, turn
message lines, terminal words; see ``base.py``).

A game is known to three registries: ``engine.GAMES`` (its rules), ``render.RENDERERS`` (its
image) and this one. At import they must hold the same keys (``check_games``), or the bot
refuses to start with an error naming the game and where it is missing. The order games are
registered in here is the order ``/rules`` offers them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import engine
import render

from . import icesickle, iceturn, pachicei, pachisi
from .base import GameChat, plural

CHATS: dict[str, GameChat] = {}
"""Game key -> its chat side, in the order ``/rules`` lists the games."""


class UnknownGames(RuntimeError):
    """The engine, the renderer and the bot do not know the same games."""


def register(chat: GameChat) -> None:
    """Make ``chat`` the chat side of the game called ``chat.key`` (a test game adds its own)."""
    CHATS[chat.key] = chat


def unregister(key: str) -> None:
    """Forget the chat side of ``key`` (a test game taking itself out again)."""
    CHATS.pop(key, None)


def chat_of(key: str) -> GameChat:
    """The chat side of the game called ``key``; ``KeyError`` naming the known games."""
    try:
        return CHATS[key]
    except KeyError:
        known = ", ".join(CHATS) or "none"
        raise KeyError(f"no chat side for game {key!r} (games: {known})") from None


def check_games(registries: Mapping[str, Iterable[str]]) -> None:
    """Raise :class:`UnknownGames` unless every registry (its name -> the game keys it holds)
    holds the same games; the message names each game missing somewhere and where."""
    held = {where: set(keys) for where, keys in registries.items()}
    problems = []
    for key in sorted(set().union(*held.values())):
        missing = [where for where, keys in held.items() if key not in keys]
        if missing:
            present = [where for where in held if where not in missing]
            problems.append(
                f"game {key!r} is missing from {' and '.join(missing)} "
                f"(it is in {' and '.join(present)})"
            )
    if problems:
        raise UnknownGames("; ".join(problems))


def registries() -> dict[str, set[str]]:
    """The three registries of games, by where they live."""
    return {
        "engine.GAMES (engine/__init__.py)": set(engine.GAMES),
        "render.RENDERERS (render/__init__.py)": set(render.RENDERERS),
        "the bot's games (bot/games/__init__.py)": set(CHATS),
    }


for _chat in (icesickle.CHAT, pachisi.CHAT, iceturn.CHAT, pachicei.CHAT):
    register(_chat)
check_games(registries())

__all__ = [
    "CHATS",
    "GameChat",
    "UnknownGames",
    "chat_of",
    "check_games",
    "plural",
    "register",
    "registries",
    "unregister",
]
