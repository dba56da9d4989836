"""Board images: ``render(state) -> PNG bytes`` and ``alt_text(state) -> str``.

Pure functions of the state (plus a theme and the players' names): they read the engine's
state and never change it. Each game registers its drawing and its alt text under its
``game.key`` in ``RENDERERS``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from .icesickle import alt_text_icesickle, render_icesickle
from .iceturn import alt_text_iceturn, render_iceturn
from .pachicei import alt_text_pachicei, render_pachicei
from .pachisi import alt_text_pachisi, render_pachisi
from .theme import DEFAULT_THEME, Theme


class Renderer(NamedTuple):
    image: Callable[..., bytes]
    """``image(state, *, theme, names) -> PNG bytes``"""
    alt_text: Callable[..., str]
    """``alt_text(state, *, names) -> str`` (under 1024 characters)"""


RENDERERS: dict[str, Renderer] = {}


def register(key: str, image: Callable[..., bytes], alt_text: Callable[..., str]) -> None:
    """Make ``render`` and ``alt_text`` handle states of the game called ``key``."""
    RENDERERS[key] = Renderer(image, alt_text)


register("icesickle", render_icesickle, alt_text_icesickle)
register("ice-turn", render_iceturn, alt_text_iceturn)
register("pach-ice-i", render_pachicei, alt_text_pachicei)
register("pachisi", render_pachisi, alt_text_pachisi)

ALT_TEXT_LIMIT = 1024
"""Discord's limit on an attachment's description."""


def _renderer(state) -> Renderer:
    key = state.game.key
    try:
        return RENDERERS[key]
    except KeyError:
        known = ", ".join(sorted(RENDERERS)) or "none"
        raise ValueError(f"no board image for game {key!r} yet (images for: {known})") from None


def render(state, *, theme: Theme | None = None, names: Sequence[str] | None = None) -> bytes:
    """The board image of ``state`` as PNG bytes.

    ``names``: display names per seat (default "Player 1", "Player 2" ...); ``theme``: colours
    (default :data:`render.theme.DEFAULT_THEME`). ``ValueError`` for a game without an image.
    """
    return _renderer(state).image(state, theme=theme or DEFAULT_THEME, names=names)


def alt_text(state, *, names: Sequence[str] | None = None) -> str:
    """The same position in words, for the image's alt text (Discord attachment description)."""
    text = _renderer(state).alt_text(state, names=names)
    if len(text) > ALT_TEXT_LIMIT:
        text = text[: ALT_TEXT_LIMIT - 1] + "\N{HORIZONTAL ELLIPSIS}"
    return text


__all__ = [
    "ALT_TEXT_LIMIT",
    "DEFAULT_THEME",
    "RENDERERS",
    "Theme",
    "alt_text",
    "register",
    "render",
]
