"""What ``/rules GAME`` says: each game as Parlor plays it, for someone who never saw it (the
README says the same). Every term is defined before it is used; notation is in backticks.

``RULES`` maps a game's key to its whole text (Discord markdown: ``**bold**`` and backticks
only, so the terminal's ``rules`` command can print it plain). ``/rules`` shows a text longer
than one message in pages (``bot/rules_pages.py``); paragraphs are separated by blank lines,
where the pages may break. Each text lives with its game's chat side (``bot/games``).
"""

from __future__ import annotations

from .games import CHATS

RULES: dict[str, str] = {key: chat.rules for key, chat in CHATS.items() if chat.rules}
"""Game key -> the whole ``/rules`` text (markdown), in the order ``/rules`` offers them."""
