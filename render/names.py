"""Players' names where they do not fit, shortened so that they stay told apart.

Parlor's seats are look-alikes ("Parlor (hard)", "Parlor 2 (medium)", "Parlor 3 (medium)"):
cutting each at its end, or its head before the brackets, leaves "Parl… (medium)" three
times. A name is shortened here knowing the others at the table: the part they share goes
first and what tells it apart stays ("P. 2 (medium)", "P. 3 (medium)").

How a player reads a shortened name (and how it is checked): an ellipsis stands for any
letters, a word cut to its initial and a full stop ("P.") for any word starting so. A
shortening that reads as another player's name as well is never chosen while one that does
not fits; from the first kind found below, the widest that fits:

1. the brackets whole, some words before them cut to initials ("P. 2 (medium)",
   "A. Hamilton"), the words the other names share first ("A. H. the Fourth", not
   "Alexander H. the F.");
2. the brackets whole, the words before them cut at their end or start ("Parl… (hard)",
   "…2 (medium)", "Bartholomew-Max…");
3. the brackets whole, every word before them cut to its initial ("P. (hard)"): before 2
   for a name with brackets;
4. a reading of 1 or 3 cut at its end ("P. 2 (med…");
5. the whole name cut at its end ("Parlor 2 (me…").

When none fits and reads as this name alone, the name is cut at its end as any text is.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import NamedTuple

from . import text as texts

ELLIPSIS = "\N{HORIZONTAL ELLIPSIS}"

MAX_WORDS = 8
"""Words before the brackets tried in every combination of initials (more: 256 readings)."""


class Reading(NamedTuple):
    """A shortened name as shown, and the pattern of the names it can be read as."""

    shown: str
    pattern: str


def short_name(
    name: str, names: Sequence[str], size: float, width: float, bold: bool = False
) -> str:
    """``name`` as drawn at ``size`` (px, ``bold``) in ``width`` px at a table of ``names``
    (every seat's name, ``name`` among them): whole if it fits, else shortened so that it
    reads as no other name there (see the module docstring)."""
    others = tuple(sorted({n for n in names if n != name}))
    return _short_name(name, others, texts.font_size(size), float(width), bold)


def short_names(names: Sequence[str], size: float, width: float, bold: bool = False) -> list[str]:
    """Every seat's name shortened by :func:`short_name` (for sentences that name them)."""
    return [short_name(name, names, size, width, bold) for name in names]


NO_BREAK = "\N{NO-BREAK SPACE}"


def sentence_names(names: Sequence[str], size: float, width: float) -> list[str]:
    """Every seat's name as a sentence on the image says it: shortened by
    :func:`short_name` where wider than ``width``, and kept on one line when the sentence
    is wrapped (its spaces no-break spaces: a line breaks only at a plain space)."""
    return [name.replace(" ", NO_BREAK) for name in short_names(names, size, width)]


@lru_cache(maxsize=4096)
def _short_name(name: str, others: tuple[str, ...], size: float, width: float, bold: bool) -> str:
    stroke = texts.stroke(size, bold)
    return shorten(name, others, width, lambda text: texts.length(text, size, stroke))


def shorten(name: str, others: Sequence[str], room: float, measure: Callable[[str], float]) -> str:
    """``name`` within ``room`` as ``measure`` measures texts (px, or characters with
    ``len``), read as none of ``others`` where it can be (see the module docstring)."""
    if measure(name) <= room:
        return name

    def fits(reading: Reading) -> bool:
        return measure(reading.shown) <= room

    def alone(reading: Reading) -> bool:
        return not any(re.fullmatch(reading.pattern, other) for other in others)

    for tier in _tiers(name, others, fits, measure):
        for reading in tier:  # (in the order preferred)
            if fits(reading) and alone(reading):
                return reading.shown
    cut = _cut_end(name, "", "", fits)
    return cut.shown if cut is not None else ELLIPSIS


def _split(name: str) -> tuple[str, str]:
    """``name`` as the words before a part in brackets at its end, and that part with the
    space before it (" (medium)"), or "" for none."""
    head, bracket, tail = name.rpartition(" (")
    if head and tail.endswith(")"):
        return head, bracket + tail
    return name, ""


def _initial(word: str) -> bool:
    """Whether ``word`` can be cut to its initial and a full stop (a word of 4 letters or
    more that starts with a letter: "2", "Jo" or "the" stays whole, saving little)."""
    return len(word) >= 4 and word[0].isalpha()


def _word(word: str, short: bool) -> Reading:
    if short:
        return Reading(word[0] + ".", re.escape(word[0]) + r"\S*")
    return Reading(word, re.escape(word))


def _joined(parts: Sequence[Reading], tail: str) -> Reading:
    return Reading(
        " ".join(p.shown for p in parts) + tail,
        " ".join(p.pattern for p in parts) + re.escape(tail),
    )


def _tiers(
    name: str,
    others: Sequence[str],
    fits: Callable[[Reading], bool],
    measure: Callable[[str], float],
) -> list[list[Reading]]:
    """The shortenings of ``name`` by kind, each kind in the order preferred: the words that
    differ from the other names' kept whole first, then the widest."""
    head, tail = _split(name)
    words = head.split(" ")
    shared = [all(w in other.split(" ") for other in others) for w in words]
    cuttable = [i for i, w in enumerate(words) if _initial(w)]
    some: list[tuple[int, Reading]] = []
    every: list[Reading] = []
    if len(words) <= MAX_WORDS:
        for count in range(1, len(cuttable) + 1):
            for chosen in itertools.combinations(cuttable, count):
                reading = _joined([_word(w, i in chosen) for i, w in enumerate(words)], tail)
                if len(chosen) == len(words):
                    every.append(reading)
                else:
                    some.append((sum(not shared[i] for i in chosen), reading))
    some.sort(key=lambda pair: (pair[0], -measure(pair[1].shown)))
    cut_head = [
        r
        for r in (_cut_end(head, tail, re.escape(tail), fits), _cut_start(head, tail, fits))
        if r is not None
    ]
    initials = [r for _, r in some]
    short_cut = [
        r
        for short in initials + every
        if (r := _cut_end(short.shown, "", "", fits, name_pattern=short)) is not None
    ]
    whole = [r for r in (_cut_end(name, "", "", fits),) if r is not None]
    widest = [sorted(t, key=lambda r: -measure(r.shown)) for t in (cut_head, every, short_cut)]
    cut_head, every, short_cut = widest
    if tail:  # what the brackets say matters more than the letters of a word before them
        return [initials, every, cut_head, short_cut, whole]
    return [initials, cut_head, every, short_cut, whole]


def _has_letter(text: str) -> bool:
    return any(c.isalnum() for c in text)


def _cut_end(
    text: str,
    tail: str,
    tail_pattern: str,
    fits: Callable[[Reading], bool],
    name_pattern: Reading | None = None,
) -> Reading | None:
    """The longest start of ``text`` with an ellipsis (then ``tail``) that fits; None if
    not even a letter does. ``name_pattern``: ``text`` is itself a shortened reading."""
    lo, hi = 0, len(text) - 1
    while lo < hi:  # the longest start that fits
        mid = (lo + hi + 1) // 2
        if fits(Reading(text[:mid].rstrip() + ELLIPSIS + tail, "")):
            lo = mid
        else:
            hi = mid - 1
    kept = text[:lo].rstrip()
    if name_pattern is not None and re.search(r"(^| )\w\.$", kept):
        kept = kept[:-1]  # "A…", not "A.…"
    if not _has_letter(kept) or not fits(Reading(kept + ELLIPSIS + tail, "")):
        return None
    # (of a shortened reading: its words' patterns, the last one cut)
    pattern = re.escape(kept) if name_pattern is None else _start_pattern(kept, name_pattern.shown)
    return Reading(kept + ELLIPSIS + tail, pattern + ".*" + tail_pattern)


def _start_pattern(kept: str, shown: str) -> str:
    """The pattern of ``kept``, a start of the shortened reading ``shown`` (words cut to an
    initial and a full stop stand for any word so starting)."""
    out = []
    for word in kept.split(" "):
        if re.fullmatch(r"\w\.", word) and (word in shown.split(" ")):
            out.append(re.escape(word[0]) + r"\S*")
        else:
            out.append(re.escape(word))
    return " ".join(out)


def _cut_start(head: str, tail: str, fits: Callable[[Reading], bool]) -> Reading | None:
    """An ellipsis, the most whole words at the end of ``head`` that fit, then ``tail``
    ("…2 (medium)"); None if not one word fits."""
    words = head.split(" ")
    for start in range(1, len(words)):
        kept = " ".join(words[start:])
        reading = Reading(ELLIPSIS + kept + tail, ".*" + re.escape(kept + tail))
        if _has_letter(kept) and fits(reading):
            return reading
    return None
