"""The players' card under the Ice-Turn board, two players to a row: each player's colour and
number, name, start and goal corners and pieces on the goal; during the setup their hands of
tiles still to place. The player to act (the winners at the end) sits on a lighter band.

Every text is at least ``MIN_TEXT`` px (10 px on a phone showing the image 450 px wide)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.iceturn_board import GRID

from . import iceturn_layout as lay
from .canvas import Canvas, Point
from .common import swatch
from .iceturn_tiles import tile_icon
from .theme import RGB, Theme, mix

TEXT = lay.MIN_TEXT
NAME = 25
ICON = 30
HAND_STEP = ICON + 4 + 32 + 14


def _hand(canvas: Canvas, theme: Theme, x: float, y: float, hand: Sequence[int]) -> None:
    """A hand of tiles: an icon per kind with its count (faded when none is left)."""
    for kind, count in zip(("Q", "D", "A"), hand, strict=True):
        tile_icon(canvas, theme, (x, y - ICON / 2, x + ICON, y + ICON / 2), kind, not count)
        colour = theme.text if count else mix(theme.text_dim, theme.card, 0.35)
        canvas.text((x + ICON + 4, y + 1), f"x{count}", TEXT, colour, "lm", bool(count))
        x += HAND_STEP


def _corners(canvas: Canvas, theme: Theme, x: float, mid: float, state, seat: int) -> None:
    """ "a1 -> d4": the start, an arrow, the goal (bold)."""
    w = canvas.text((x, mid + 1), GRID.name(state.corner(seat)), TEXT, theme.text_dim, "lm")
    a = x + w + 8
    canvas.sprite(_arrow, (a, mid), (0, 7, 24, 7), theme.text_dim)
    goal = GRID.name(state.goal_of(seat))
    canvas.text((a + 30, mid + 1), goal, TEXT, theme.text, "lm", True)


def _arrow(canvas: Canvas, at: Point, colour: RGB) -> None:
    a, mid = at
    canvas.line([(a, mid), (a + 16, mid)], colour, 2.5, joint=False)
    canvas.polygon([(a + 23, mid), (a + 15, mid - 6), (a + 15, mid + 6)], colour)


def player_box(seat: int, num_players: int) -> tuple[float, float, float, float]:
    """Where a player's entry goes in the card: two to a row, left to right, top to bottom
    (one row of two players sits in the card's middle)."""
    x0, y0, x1, y1 = lay.PLAYERS_CARD
    rows = (num_players + 1) // 2
    height = min(96.0, (y1 - y0 - 16) / rows)
    top = (y0 + y1) / 2 - rows * height / 2
    half = (x1 - x0 - 16) / 2
    left = x0 + 8 + (seat % 2) * half
    row_top = top + (seat // 2) * height
    return (left, row_top, left + half, row_top + height)


def draw_players(canvas: Canvas, theme: Theme, state, names: Sequence[str]) -> None:
    # the plain card is in the fixed layer
    setup = state.phase in ("deal", "place")
    over = state.phase == "over"
    for seat in range(state.num_players):
        x0, y0, x1, y1 = player_box(seat, state.num_players)
        acting = not over and seat == state.seat and state.phase != "deal"
        won = over and seat in state.outcome.winners
        if acting or won:
            canvas.rect((x0, y0 + 3, x1, y1 - 3), fill=mix(theme.card, theme.text, 0.1), radius=8)
            canvas.rect((x0, y0 + 7, x0 + 5, y1 - 7), fill=theme.highlight, radius=2)
        x, right = x0 + 14, x1 - 12
        top = (y0 + y1) / 2 - 20
        bottom = (y0 + y1) / 2 + 20
        swatch(canvas, theme, (x + 16, top), seat, 32)
        room = right - x - 42
        canvas.text((x + 42, top + 1), names[seat], NAME, theme.text, "lm", True, room, among=names)
        if setup:
            if seat < len(state.hands):
                _hand(canvas, theme, x, bottom, state.hands[seat])
            else:
                canvas.text((x, bottom), "tiles not dealt yet", TEXT, theme.text_dim, "lm")
            continue
        _corners(canvas, theme, x, bottom, state, seat)
        home = state.at_goal(seat)
        colour = theme.highlight if home else theme.text_dim
        text = f"{home}/3 on goal"
        canvas.text((right, bottom + 1), text, TEXT, colour, "rm", bool(home))
