"""The final report of a Pachisi game: every player from first to last, with the score
``H-S``, the weighted tie-break and, after a full tie, a draw marked ``*`` (RULINGS.md)."""

from __future__ import annotations

import zlib
from typing import TYPE_CHECKING, NamedTuple

from .pachisi_board import weight

if TYPE_CHECKING:
    from .pachisi_state import PachisiState


class ReportRow(NamedTuple):
    place: int
    seat: int
    home: int
    steps: int
    random: bool
    """Placed after a full tie by a random draw (the report marks it ``*``)."""
    left: bool = False
    """Removed from the game (turn timer, or left a table of three or four): ranked after
    everyone who played on, the last to leave first; the score is the one at leaving."""


def report(state: PachisiState) -> list[ReportRow]:
    """Winners, then more pawns HOME, then S, then the weighted tie-break, then a draw fixed by
    the game's record (so replays agree); players who left come last."""
    record = " ".join(str(m) for m in state.history).encode()
    winners = state.outcome.winners if state.outcome else ()
    gone = [seat for seat, _, _ in reversed(state.removed)]

    def key(seat: int) -> tuple[int, int, int, int]:
        home, total = state.score(seat)
        mine = state.pawns[seat]
        return (seat in winners, home, total, total + sum(weight(r) for r in mine))

    playing = sorted(
        (s for s in range(state.num_players) if s not in gone),
        key=lambda s: (key(s), zlib.crc32(record + bytes([s]))),
        reverse=True,
    )
    rows = []
    for place, seat in enumerate(playing, 1):
        tied = any(key(o) == key(seat) for o in playing if o != seat)
        rows.append(ReportRow(place, seat, *state.score(seat), tied))
    for place, seat in enumerate(gone, len(playing) + 1):
        rows.append(ReportRow(place, seat, *state.score(seat), False, True))
    return rows
