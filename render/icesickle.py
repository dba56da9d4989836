"""The IceSickle board image (1000 x 776, fixed) and its alt text.

Layout: a header bar (title, round, phase, move number, whose turn as a seat swatch + name);
the 5x5 board on the left with coordinates (a1 bottom left), pieces seen from above in one
neutral ice colour (size by area and pips), the last move outlined in yellow; on the right the
stash and a card per player (total, round scores, captures by size), the player to act outlined
in their seat colour; at the bottom the last move in words, or a banner when a round or the
game is over. Right after round 1 ends the state already holds round 2's empty board and full
stash, so the picture shows round 1's end: its final board (``state.round_boards[-1]``) under a
"Round 1 over" header with the round's scores. The parts live in ``icesickle_layout`` (where
things go), ``icesickle_board``, ``icesickle_panel`` and ``icesickle_words`` (alt text).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from functools import lru_cache

from .canvas import Canvas
from .common import display_names
from .icesickle_board import draw_board, draw_squares
from .icesickle_layout import (
    CELL,
    HEIGHT,
    PLAYER_BOXES,
    STASH_BOX,
    TEXT,
    WIDTH,
    centre,
    round_just_ended,
    shown_board,
    square_box,
)
from .icesickle_panel import draw_fixed_panels, draw_footer, draw_header, draw_player, draw_stash
from .icesickle_words import alt_text_icesickle, describe_last_move
from .names import short_names
from .theme import DEFAULT_THEME, Theme

__all__ = [
    "CELL",
    "HEIGHT",
    "WIDTH",
    "alt_text_icesickle",
    "describe_last_move",
    "render_icesickle",
    "round_just_ended",
    "shown_board",
]

_centre = centre
_square_box = square_box

_lock = threading.Lock()


@lru_cache(maxsize=8)
def _base(theme: Theme) -> Canvas:
    """The part every image shares (header bar, title, empty board, coordinates, plain cards):
    drawn once per theme and never drawn on again."""
    canvas = Canvas(WIDTH, HEIGHT, theme.background)
    draw_fixed_panels(canvas, theme)
    draw_squares(canvas, theme)
    return canvas.bake()  # its texts lie under the moving parts


def _canvas(theme: Theme) -> Canvas:
    """A canvas over the fixed part (the lock keeps two threads from drawing it twice)."""
    with _lock:
        base = _base(theme)
    return base.copy()


def render_icesickle(
    state, *, theme: Theme | None = None, names: Sequence[str] | None = None
) -> bytes:
    """PNG bytes of the IceSickle position (see the module docstring for the layout)."""
    theme = theme or DEFAULT_THEME
    names = display_names(names, state.num_players)
    canvas = _canvas(theme)
    board, shown_round = shown_board(state)
    # in sentences, long names are shortened so the sentence still fits (and so that each
    # still reads as one player's: "P. 2 (medium)" beside "P. 3 (medium)")
    short = short_names(names, TEXT, 230, bold=True)
    draw_header(canvas, theme, state, names)
    draw_board(canvas, theme, state, board)
    draw_stash(canvas, theme, state, short, STASH_BOX)
    for seat, box in enumerate(PLAYER_BOXES):
        draw_player(canvas, theme, state, seat, names[seat], box, shown_round, among=names)
    draw_footer(canvas, theme, state, short, state.last_mover)
    # a 256-colour palette: about half the size and the encoding time of RGB (see common.py)
    return canvas.png(palette=True)
