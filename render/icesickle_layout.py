"""Where things go on the IceSickle image (1000 x 776), and what of the state it shows.

Every text is at least ``TEXT`` px: Discord shows the image about 450 px wide on a phone, where
23 px becomes 10.35 px (the least a player should have to read).
"""

from __future__ import annotations

from engine.icesickle import GRID
from engine.pyramids import Size

WIDTH, HEIGHT = 1000, 776
HEADER = 72
TEXT = 23
"""The smallest text on the image, in px (10.35 px at 450 px wide)."""

CELL = 100
BOARD_X, BOARD_Y = 50, 96  # the top-left corner of a5
BOARD = CELL * GRID.width
PANEL_X, PANEL_R = 574, 984
STASH_BOX = (PANEL_X, 96, PANEL_R, 222)
PLAYER_BOXES = ((PANEL_X, 236, PANEL_R, 440), (PANEL_X, 454, PANEL_R, 658))
FOOTER = (16, 676, 984, 760)

PIECE_HALF = {1: 0.17, 2: 0.31, 3: 0.44}
"""Half the side of a piece seen from above, as a fraction of a square. The sizes differ more
than the real pieces do (a small covers under a third of a medium's area), so a small and a
medium tell apart at a glance on a phone."""

PIP_RADIUS = 5.5
PIP_SPACING = 17
PIP_DEPTH = 0.62
"""The pips' row lies on the south face, this fraction of the half side below the centre."""

PHASE_WORDS = {"place": "Placing", "jump": "Jumping", "over": "Game over"}
VERBS = {"place": "place", "jump": "jump"}


# -- reading the state -----------------------------------------------------------------------


def round_just_ended(state) -> bool:
    """True right after the move that ended round 1: the state is already in round 2 with an
    empty board and a full stash, and the picture shows round 1's end instead."""
    return (
        state.phase == "place"
        and state.placed == 0
        and bool(state.round_boards)
        and bool(state.history)
    )


def shown_board(state) -> tuple[tuple[Size | None, ...], int]:
    """The board the image shows and the round (1-based) it belongs to."""
    if state.phase == "over" or round_just_ended(state):
        return state.round_boards[-1], len(state.round_boards)
    return state.board, state.round


# -- geometry --------------------------------------------------------------------------------


def square_box(square: int) -> tuple[float, float, float, float]:
    x = BOARD_X + GRID.file(square) * CELL
    y = BOARD_Y + (GRID.height - 1 - GRID.rank(square)) * CELL
    return (x, y, x + CELL, y + CELL)


def centre(square: int) -> tuple[float, float]:
    x0, y0, x1, y1 = square_box(square)
    return ((x0 + x1) / 2, (y0 + y1) / 2)
