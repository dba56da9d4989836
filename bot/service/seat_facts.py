"""What each seat did in a finished game, for its ``results`` row (``bot/service/endings.py``).
No Discord in here.

A minimal version: only ``decisions`` is counted (the rest are 0) until the full one lands.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import engine

if TYPE_CHECKING:
    from bot.service.store.storage import MoveRow


@dataclass(frozen=True)
class SeatFacts:
    decisions: int
    turns: int
    think_seconds: float
    rolls: int
    pips: float
    expected_pips: float


def seat_facts(
    game: engine.Game,
    num_players: int,
    options: Mapping[str, Any],
    moves: Sequence[MoveRow],
) -> list[SeatFacts]:
    """One per seat: ``decisions`` = the seat's move rows with a user id (choices, not the
    forced moves the bot played for it)."""
    counts = [0] * num_players
    for move in moves:
        if move.user_id is not None and move.seat is not None and 0 <= move.seat < num_players:
            counts[move.seat] += 1
    return [SeatFacts(count, 0, 0.0, 0, 0.0, 0.0) for count in counts]
