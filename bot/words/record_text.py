"""A game's record as plain text (``/history file:true``, next to the JSON): a person reads
it, and may replay it by hand, or with ``engine`` (``docs/record-format.md``).

The header says the game, its options, its players by seat and when it began (and its result,
once over); then one line a move, in order: ``12. Ann: 1+4``. A move the game drew by chance
(dice as rolled, a deal) is made by ``(chance)``: ``11. (chance): roll 1 4``; a move Parlor
played for an absent player says so after the player: ``13. Ann (Parlor played): 2+3``. The
notation, after the last ``": "`` of a line, is the engine's own, so ``game.replay`` reads it
back (``move_texts``).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Protocol

from bot.words.follows import result_words

if TYPE_CHECKING:
    from bot.service.records import GameRecord

CHANCE_MAKER = "(chance)"
"""Who made a move the game drew by chance: dice rolled, tiles dealt."""
STAND_IN_MARK = " (Parlor played)"
MOVE_LINE = re.compile(r"\A(?P<number>[0-9]+)\. (?P<who>.+): (?P<move>[^\n]+)\Z")
"""A move's line; ``who`` takes all but the last ``": "``, so a name with one reads back."""


class MoveLike(Protocol):
    number: int
    move: str
    seat: int | None


def text_record(
    record: GameRecord, rows: Sequence[MoveLike], stand_ins: Collection[int] = ()
) -> str:
    """The whole record as text (``stand_ins``: the numbers of the moves Parlor played for
    an absent player)."""
    options = ", ".join(f"{k}={v}" for k, v in sorted(record.options.items())) or "none"
    began = datetime.datetime.fromtimestamp(record.created_at, datetime.UTC)
    lines = [
        f"Parlor game record: {record.game.title} #{record.id}",
        f"Game: {record.key} ({record.game.title}), {record.num_players} players",
        f"Options: {options}",
        "Players by seat:",
        *(f"  seat {seat}: {player.name}" for seat, player in enumerate(record.players, 1)),
        f"Began: {began:%Y-%m-%d %H:%M} UTC",
        f"Result: {result_words(record) if record.over else 'not over yet'}",
        f"Moves: {len(rows)} (number. player: move; {CHANCE_MAKER}: dice as rolled, a deal)",
        "",
    ]
    for row in rows:
        lines.append(f"{row.number}. {maker(record, row, row.number in stand_ins)}: {row.move}")
    return "\n".join(lines) + "\n"


def maker(record: GameRecord, row: MoveLike, stand_in: bool) -> str:
    """Who made the move: the seat's player (and Parlor, if it played for them), or
    ``(chance)``."""
    seat = row.seat
    if seat is None or not 0 <= seat < len(record.players):
        return CHANCE_MAKER
    return record.players[seat].name + (STAND_IN_MARK if stand_in else "")


def move_texts(text: str) -> list[str]:
    """The moves of a text record, in order, as notation (its move lines read back)."""
    return [found["move"] for line in text.splitlines() if (found := MOVE_LINE.match(line))]
