"""Players' names as a player reads them where the images shorten them: which seats a shown
name can be, and look-alike names that every game has to cut."""

from __future__ import annotations

import re

ELLIPSIS = "\N{HORIZONTAL ELLIPSIS}"

HAMILTONS = (
    "Alexander Hamilton the Third",
    "Alexander Hamilton the Fourth",
    "Alexander Hamilton the Fifth",
    "Alexander Hamilton the Sixth",
)
"""People's look-alike names, each within Discord's 32 characters: every game cuts them."""


def _pattern(shown: str) -> str:
    """How a player reads a shown (maybe shortened) name: an ellipsis stands for any letters,
    a word cut to one letter and a full stop ("P.") for any word so starting."""
    words = []
    for word in shown.split(" "):
        if re.fullmatch(r"\w\.", word):
            words.append(re.escape(word[0]) + r"\S*")
        else:
            words.append(".*".join(re.escape(part) for part in word.split(ELLIPSIS)))
    return " ".join(words)


def seats_read(shown: str, names) -> set[int]:
    """The seats whose name ``shown`` can be read as."""
    pattern = _pattern(shown)
    return {seat for seat, name in enumerate(names) if re.fullmatch(pattern, name)}
