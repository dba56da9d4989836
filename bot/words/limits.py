"""Discord's limits on what a bot sends, in one place, and the helpers that keep every text
within them: a message's content, a select option's label and description, a button's label,
an image's alt text, a thread's name. Text a user typed is quoted only as a short prefix."""

from __future__ import annotations

from collections.abc import Sequence

from bot.words.text import escape

CONTENT = 2000
"""Characters of a message's content."""
OPTION_LABEL = 100
OPTION_DESCRIPTION = 100
PLACEHOLDER = 150
BUTTON_LABEL = 80
ALT_TEXT = 1024
"""Characters of an attachment's description (its alt text)."""
THREAD_NAME = 100
CHOICE_NAME = 100
"""Characters of an autocomplete or option choice's name."""
QUOTE = 40
"""Characters of a user's text quoted back to them at most."""

ELLIPSIS = "\N{HORIZONTAL ELLIPSIS}"


def cut(text: str, limit: int) -> str:
    """``text`` if it fits in ``limit`` characters, else its start and an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + ELLIPSIS


def quote(text: str, limit: int = QUOTE) -> str:
    """A user's text, made safe to show (no markdown, no mentions) and cut to a short prefix."""
    short = cut(" ".join(text.split()), limit)
    return escape(short)


def content(text: str, limit: int = CONTENT) -> str:
    """A message's content within ``limit``: cut at the last line break that fits, with a note
    of how many lines were left out (or mid-line, for one long line)."""
    if len(text) <= limit:
        return text
    lines = text.split("\n")
    return listing(lines, limit=limit) if len(lines) > 1 else cut(text, limit)


def listing(lines: Sequence[str], *, head: str = "", limit: int = CONTENT) -> str:
    """``head`` and as many whole ``lines`` as fit in ``limit``, then "and N more" for the
    lines left out (never a line cut in the middle)."""
    kept = [head] if head else []
    used = len(head)
    for index, line in enumerate(lines):
        rest = len(lines) - index - 1
        tail = f"\n{ELLIPSIS} and {rest} more" if rest else ""
        if used + 1 + len(line) + len(tail) > limit:
            more = len(lines) - index
            kept.append(f"{ELLIPSIS} and {more} more")
            break
        kept.append(line)
        used += len(line) + 1
    return cut("\n".join(kept), limit)
