"""The cards beside the Pach-Ice-i board: each pad card (its player, their trees and lone
pieces, and the player's own goal: how many of *their* pieces have finished) and the last
turn's card. The dice card is in :mod:`render.pachicei_dice`. The parts that never change are
drawn once (:func:`draw_static`).

Every text is at least ``MIN_TEXT`` px, so it reads on a phone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from engine.pachicei_board import GOAL, PIECES

from . import pachicei_layout as lay
from .canvas import Canvas
from .common import card, heading, number_disc, tag, wrap
from .pachicei_dice import draw_dice_static
from .pachicei_pieces import COUNT_TEXT, SIDE, TRAY, marker, pad_pieces, tray
from .pachicei_words import (
    COLOUR,
    ShownTurn,
    change_lines,
    lone_pieces,
    tree_shapes,
)
from .pyramids import pyramid_counts
from .theme import Theme

TEXT = lay.MIN_TEXT
NAME = 24
PIPS_TEXT = 23
"""A pad's "entered pips 30": 10.8 px tall on a 450 px phone (at ``TEXT``, 9.8 px)."""

# -- the pad cards ---------------------------------------------------------------------------

PAD_LINE = 66
"""A pad card's second line (the colour, "to move"), from its top."""
PAD_HEADING = 105
"""The pad's heading (its baseline), from the card's top; the tray is under it."""
TRAY_H = 82
GOAL_HEADING = 60
"""The goal's heading (its baseline), from the card's bottom; its tray is under it."""


def pad_tray(box: Sequence[float]) -> tuple[float, float, float, float]:
    x0, y0, x1, _y1 = box
    return (x0 + 10, y0 + PAD_HEADING + 8, x1 - 10, y0 + PAD_HEADING + 8 + TRAY_H)


def goal_tray(box: Sequence[float]) -> tuple[float, float, float, float]:
    x0, _y0, x1, y1 = box
    return (x0 + 10, y1 - GOAL_HEADING + 8, x1 - 10, y1 - 8)


def goal_row(box: Sequence[float]) -> tuple[float, float]:
    """Where a pad card's goal counts start: the left end of their base line."""
    return (box[0] + 20, goal_tray(box)[3] - 6)


GOAL_LARGE = 25
"""The width of the large pyramid in the goal counts."""


class Goal(NamedTuple):
    """What a pad card shows of its player's goal."""

    seat: int
    """Whose pieces they are: always the card's own player (their goal, where they finish)."""
    counts: tuple[int, int, int]
    """Small, medium, large in that goal."""
    total: str
    """ "6/15"."""
    arrived: int
    """How many of them reached the goal in the shown turn (moved or knocked there)."""


def goal_shown(state, seat: int, shown: ShownTurn | None) -> Goal:
    """The goal a seat's pad card shows: the seat's own goal (where its pieces finish, which
    is the other player's pad on the board), with how many arrived in the shown turn."""
    counts = state.goal_counts(seat)
    changes = shown.changes if shown else ()
    arrived = sum(1 for c in changes if c.displaced and c.displaced[0] == seat and c.displaced[3])
    arrived += sum(1 for c in changes if c.owner == seat and c.end == GOAL)
    return Goal(seat, counts, f"{sum(counts)}/{PIECES}", arrived)


def draw_static(canvas: Canvas, theme: Theme) -> None:
    """The cards' parts that never change (drawn once per theme): the cards, the headings
    that stay, each pad card's colour name, the trays and separators, the last turn's bar."""
    draw_dice_static(canvas, theme)
    for seat in (0, 1):
        box = lay.pad_card(seat)
        x0, y0, x1, y1 = box
        card(canvas, theme, box)
        canvas.text((x0 + 18, y0 + PAD_LINE + 1), COLOUR[seat], 22, theme.text, "lm", bold=True)
        tray(canvas, theme, pad_tray(box))
        top = y1 - GOAL_HEADING
        line_y = (pad_tray(box)[3] + top - TEXT) / 2
        canvas.line([(x0 + 14, line_y), (x1 - 14, line_y)], theme.card_edge, 1.5)
        heading(canvas, theme, (x0 + 18, top), "In goal", TEXT)
        tray(canvas, theme, goal_tray(box))
    card(canvas, theme, lay.LAST_CARD)
    x0, y0, _x1, _y1 = lay.LAST_CARD
    canvas.rect((x0 + 7, y0 + 14, x0 + 11, y0 + 40), fill=theme.highlight, radius=2)


def _acting(state, seat: int) -> bool:
    return state.phase != "over" and state.seat == seat


def _won(state, seat: int) -> bool:
    return state.outcome is not None and seat in state.outcome.winners


def ringed(state) -> tuple[int, ...]:
    """The seats whose pad card is ringed: the player to act, or the winners."""
    return tuple(seat for seat in (0, 1) if _acting(state, seat) or _won(state, seat))


def ring_pad(canvas: Canvas, theme: Theme, seat: int) -> None:
    """The ring round a pad card (see :func:`ringed`): drawn into the board's fixed part, one
    copy of it per ringed seat, so that no board draws it again."""
    canvas.rect(lay.pad_card(seat), outline=theme.text, width=4, radius=12)


def draw_pad(
    canvas: Canvas, theme: Theme, state, names: Sequence[str], seat: int, shown: ShownTurn | None
) -> None:
    """A pad card: the player (name, colour, whether to act), their trees and lone pieces
    with their entered pips, and their own goal with counts by size."""
    box = lay.pad_card(seat)
    x0, y0, x1, y1 = box
    acting, won = _acting(state, seat), _won(state, seat)
    x = x0 + 18
    marker(seat)(canvas, (x + 12, y0 + 32), 32)
    room = x1 - x - 50
    canvas.text((x + 34, y0 + 33), names[seat], NAME, theme.text, "lm", True, room, among=names)
    tx = x + canvas.text_width(COLOUR[seat], 22, bold=True) + 12  # after the colour (drawn once)
    if acting:
        word = "to roll" if state.phase == "roll" else "to move"
        tag(canvas, theme, (tx, y0 + PAD_LINE), word, theme.text, TEXT)
    elif won:
        tag(canvas, theme, (tx, y0 + PAD_LINE), "winner", theme.highlight, TEXT)

    changes = shown.changes if shown else ()
    knocked_back = [
        c.displaced
        for c in changes
        if c.displaced and c.displaced[0] == seat and not c.displaced[3]
    ]

    # the pad: trees, then lone pieces
    trees = tree_shapes(state, seat)
    lone = lone_pieces(state, seat)
    count = sum(len(t) for t in trees) + len(lone)
    top = y0 + PAD_HEADING
    heading(canvas, theme, (x, top), f"Pad: {count}" if count else "Pad", TEXT)
    pips = f"entered pips {state.entered_pips(seat)}"
    canvas.text((x1 - 16, top), pips, PIPS_TEXT, theme.text_dim, "rs")
    tray_box = pad_tray(box)
    if not count:
        middle = ((x0 + x1) / 2, (tray_box[1] + tray_box[3]) / 2)
        canvas.text(middle, "empty", 22, theme.board_edge, "mm")
    inner = (tray_box[0] + 8, tray_box[1] + 4, tray_box[2] - 8, tray_box[3] - 4)
    pad_pieces(canvas, theme, seat, inner, trees, lone, [d[1] for d in knocked_back])

    # the player's own goal
    goal = goal_shown(state, seat, shown)
    top = y1 - GOAL_HEADING
    right = x1 - 16
    width = canvas.text((right, top + 1), goal.total, NAME, theme.text, "rs", bold=True)
    if goal.arrived:  # a badge before the count: how many arrived in the shown turn
        text = f"+{goal.arrived}"
        w = canvas.text_width(text, TEXT, bold=True) + 14
        badge = (right - width - 10 - w, top - 21, right - width - 10, top + 5)
        canvas.rect(badge, fill=theme.highlight, outline=theme.board_edge, width=1.5, radius=11)
        canvas.text((badge[0] + w / 2, top - 7.5), text, TEXT, theme.banner_text, "mm", True)
    pyramid_counts(
        canvas,
        goal_row(box),
        goal.counts,
        SIDE[seat],
        TRAY,
        theme.board_edge,
        large_width=GOAL_LARGE,
        text_size=COUNT_TEXT,
        gap=16,
    )


# -- the last turn ---------------------------------------------------------------------------

START_WORDS = "New game: nothing played yet. Black rolls first."
PASS_WORDS = "No legal move for this roll: the turn passed."


def draw_last_turn(
    canvas: Canvas, theme: Theme, state, names: Sequence[str], shown: ShownTurn | None
) -> None:
    box = lay.LAST_CARD
    x0, y0, x1, y1 = box
    x = x0 + 20
    if shown is None:
        heading(canvas, theme, (x, y0 + 35), "Last turn", TEXT)
        for i, line in enumerate(wrap(canvas, START_WORDS, TEXT, x1 - x - 14, 3)):
            canvas.text((x, y0 + 70 + 28 * i), line, TEXT, theme.text, "lm")
        return
    heading(canvas, theme, (x, y0 + 35), "This turn" if shown.current else "Last turn", TEXT)
    dice = " ".join(map(str, shown.dice))
    canvas.text((x1 - 16, y0 + 35), dice, 22, theme.text_dim, "rs", True)
    marker(shown.seat)(canvas, (x + 10, y0 + 66), 24)
    room = x1 - x - 44
    canvas.text((x + 28, y0 + 67), names[shown.seat], 22, theme.text, "lm", True, room, among=names)
    y = y0 + 102
    if shown.passed:
        for line in wrap(canvas, PASS_WORDS, TEXT, x1 - x - 14, 3):
            canvas.text((x, y), line, TEXT, theme.text, "lm")
            y += 28
    rows = []  # (kind, text): the moves, each with its knock under it
    for change in shown.changes:
        rows.append(change_lines(change))
    lines = sum(2 if second else 1 for _, second in rows)
    gaps = (len(rows) - 1) * 34 + (lines - len(rows)) * 27
    squeeze = min(1.0, (y1 - 20 - y) / gaps) if gaps else 1.0
    for n, (first, second) in enumerate(rows, 1):
        number_disc(canvas, theme, (x + 11, y), n, 14.5)
        canvas.text((x + 32, y + 1), first, TEXT, theme.text, "lm", True, x1 - x - 46)
        if second:
            y += 27 * squeeze
            canvas.text((x + 32, y), second, TEXT, theme.capture, "lm", max_width=x1 - x - 46)
        y += 34 * squeeze
