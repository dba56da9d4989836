"""The cards beside the Pach-Ice-i board: the dice card (the three d8 and the three kinds of
turn), each pad card (its player, their trees and lone pieces, and the other player's goal,
which is that pad), the last turn's card, and the strip under the board (the mover's rule
line, or the banner at the end). The parts that never change are drawn once
(:func:`draw_static`).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.pachicei_board import GOAL, PIECES

from . import pachicei_layout as lay
from .common import Canvas, banner, card, heading, tag
from .pachicei_pieces import (
    SIDE,
    TRAY,
    d8,
    marker,
    number_disc,
    pad_pieces,
    tray,
)
from .pachicei_words import (
    COLOUR,
    DRY_LIMIT,
    DRY_SHOWN,
    ShownTurn,
    change_lines,
    dice_status,
    lone_pieces,
    may_move_theirs,
    result_words,
    shown_turn,
    stage_summary,
    tree_shapes,
)
from .pachisi_panel import wrap
from .pyramids import SIDE_WIDTH, faded, pyramid_counts, pyramid_side
from .theme import RGB, Theme, mix

# -- the dice card ---------------------------------------------------------------------------


KINDS = ((1,), (2, 3), (3, 3, 3))
KIND_WORDS = ("3 dice", "2 dice + 1", "1 die each")
DONE = {"M": {1: 1}, "L": {1: 1, 2: 1}, "LL": {2: 2}}
"""Per stage of a turn under way: the kinds still possible (index into KINDS) and how many of
their pieces have moved."""
KIND_ROW = 34


def _kinds(canvas: Canvas, theme: Theme, state, x0: float, x1: float, top: float) -> None:
    """The three kinds of turn, one row each: the kind(s) under way marked, the pieces that
    moved and the kinds no longer possible faded."""
    done = DONE.get(state.stage, {}) if state.phase == "play" else {}
    seat = state.seat
    for k, (sizes, words) in enumerate(zip(KINDS, KIND_WORDS, strict=True)):
        y = top + k * KIND_ROW
        base = y + KIND_ROW - 5
        possible = state.phase != "over" and (not done or k in done)
        if k in done:
            band = (x0 + 8, y + 2, x1 - 8, y + KIND_ROW)
            canvas.rect(band, fill=mix(theme.card, theme.text, 0.12), radius=6)
            canvas.rect((x0 + 8, y + 2, x0 + 12, y + KIND_ROW), fill=theme.highlight, radius=2)
        x = x0 + 20
        for i, size in enumerate(sizes):
            width = 27 * SIDE_WIDTH[size]
            colours = SIDE[seat]
            if not possible or i < done.get(k, 0):
                colours = faded(colours, theme.card, 0.72)
            pyramid_side(canvas, (x + width / 2, base), width, colours, size, edge_width=1.2)
            x += width + 3
        colour = theme.text if possible else mix(theme.text_dim, theme.card, 0.45)
        canvas.text((x0 + 112, base - 11), words, 18, colour, "lm", bold=k in done)


DIE = 56
"""A die's size in the dice card."""


def die_centre(i: int) -> tuple[float, float]:
    """The centre of die ``i`` (0-2, ascending) in the dice card."""
    x0, y0, _x1, _y1 = lay.DICE_CARD
    return (x0 + 18 + DIE / 2 + i * (DIE + 11), y0 + 74)


def draw_dice(canvas: Canvas, theme: Theme, state, names: Sequence[str]) -> None:
    """The dice (used ones greyed), what is left to play, the kinds of turn and, during a
    turn, what is left of the kind under way."""
    x0, y0, x1, y1 = lay.DICE_CARD
    x = x0 + 18
    if not state.dice:
        heading(canvas, theme, (x, y0 + 30), "Dice")
        canvas.text((x, y0 + 64), "Three d8 each turn.", 19, theme.text, "lm")
        canvas.text((x, y0 + 92), f"{COLOUR[state.seat]} rolls first.", 19, theme.text, "lm")
    else:
        label = "Dice" if state.phase == "play" else "Last roll"
        w = heading(canvas, theme, (x, y0 + 30), label)
        shown = shown_turn(state)  # the roll's turn, unless it is under way
        roller = state.seat if state.phase == "play" or shown is None else shown.seat
        room = x1 - 16 - (x + w + 10)
        canvas.text((x + w + 10, y0 + 30), names[roller], 17, theme.text_dim, "ls", True, room)
        for i, (value, status) in enumerate(dice_status(state)):
            d8(canvas, theme, die_centre(i), DIE, value, status)
        if state.phase == "play":
            line = "To play: " + " ".join(map(str, sorted(state.remaining)))
        elif state.phase == "roll" and state.last_turn is not None and state.last_turn.passed:
            line = "No legal move: passed"
        else:
            line = "All played"
        canvas.text((x, y0 + 126), line, 20, theme.text, "lm", bold=state.phase == "play")
    _kinds(canvas, theme, state, x0, x1, y0 + 160)
    words = stage_summary(state)
    if words:
        for i, line in enumerate(wrap(canvas, words, 17, x1 - x - 12, 2)):
            canvas.text((x, y1 - 36 + 21 * i), line, 17, theme.highlight, "lm", bold=True)


# -- the pad cards ---------------------------------------------------------------------------

PAD_LINE = 64
"""A pad card's second line (the colour, "to move"), from its top."""
PAD_HEADING = 100
GOAL_HEADING = 84
"""The other player's goal: its heading, from the card's bottom."""


def _pad_tray(box: Sequence[float]) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = box
    return (x0 + 10, y0 + PAD_HEADING + 8, x1 - 10, y1 - 112)


def _colour_width(canvas: Canvas, seat: int) -> float:
    return canvas.text_width(COLOUR[seat], 19, bold=True)


def draw_static(canvas: Canvas, theme: Theme) -> None:
    """The cards' parts that never change (drawn once per theme): the cards, the headings
    that stay, each pad card's colour name, the trays and separators, the last turn's bar."""
    card(canvas, theme, lay.DICE_CARD)
    x0, y0, _x1, _y1 = lay.DICE_CARD
    heading(canvas, theme, (x0 + 18, y0 + 156), "A turn moves", 15)
    for seat in (0, 1):
        box = lay.pad_card(seat)
        x0, y0, x1, y1 = box
        card(canvas, theme, box)
        canvas.text((x0 + 18, y0 + PAD_LINE + 1), COLOUR[seat], 19, theme.text, "lm", bold=True)
        tray(canvas, theme, _pad_tray(box))
        top = y1 - GOAL_HEADING
        canvas.line([(x0 + 14, top - 22), (x1 - 14, top - 22)], theme.card_edge, 1.5)
        heading(canvas, theme, (x0 + 18, top), f"{COLOUR[1 - seat]}'s goal", 16)
        tray(canvas, theme, (x0 + 10, top + 10, x1 - 10, y1 - 10))
    card(canvas, theme, lay.LAST_CARD)
    x0, y0, _x1, _y1 = lay.LAST_CARD
    canvas.rect((x0 + 7, y0 + 12, x0 + 11, y0 + 38), fill=theme.highlight, radius=2)


def draw_pad(
    canvas: Canvas, theme: Theme, state, names: Sequence[str], seat: int, shown: ShownTurn | None
) -> None:
    """A pad card: the player (name, colour, whether to act), their trees and lone pieces
    with their entered pips, and the other player's goal (which is this pad) with counts."""
    box = lay.pad_card(seat)
    x0, y0, x1, y1 = box
    acting = state.phase != "over" and state.seat == seat
    won = state.outcome is not None and seat in state.outcome.winners
    if acting or won:
        canvas.rect(box, outline=theme.text, width=4, radius=12)
    x = x0 + 18
    marker(seat)(canvas, (x + 12, y0 + 30), 30)
    canvas.text((x + 32, y0 + 31), names[seat], 23, theme.text, "lm", True, x1 - x - 48)
    tx = x + _colour_width(canvas, seat) + 12  # after the colour's name (drawn once)
    if acting:
        word = "to roll" if state.phase == "roll" else "to move"
        tag(canvas, theme, (tx, y0 + PAD_LINE), word, theme.text, 15)
    elif won:
        tag(canvas, theme, (tx, y0 + PAD_LINE), "winner", theme.highlight, 15)

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
    heading(canvas, theme, (x, top), f"Pad: {count}" if count else "Pad", 16)
    pips = f"entered pips {state.entered_pips(seat)}"
    canvas.text((x1 - 16, top), pips, 16, theme.text_dim, "rs")
    tray_box = _pad_tray(box)
    if not count:
        middle = ((x0 + x1) / 2, (tray_box[1] + tray_box[3]) / 2)
        canvas.text(middle, "empty", 19, theme.board_edge, "mm")
    inner = (tray_box[0] + 8, tray_box[1] + 4, tray_box[2] - 8, tray_box[3] - 6)
    pad_pieces(canvas, theme, seat, inner, trees, lone, [d[1] for d in knocked_back])

    # the other player's goal, which is this pad
    other = 1 - seat
    counts = state.goal_counts(other)
    top = y1 - GOAL_HEADING
    arrived = sum(1 for c in changes if c.displaced and c.displaced[0] == other and c.displaced[3])
    arrived += sum(1 for c in changes if c.owner == other and c.end == GOAL)
    right = x1 - 16
    canvas.text((right, top + 1), f"{sum(counts)}/{PIECES}", 22, theme.text, "rs", bold=True)
    if arrived:  # a badge on the tray's corner: how many arrived in the shown turn
        text = f"+{arrived}"
        w = canvas.text_width(text, 15, bold=True) + 12
        badge = (x1 - 14 - w, top + 2, x1 - 14, top + 22)
        canvas.rect(badge, fill=theme.highlight, outline=theme.board_edge, width=1.5, radius=9)
        canvas.text((badge[0] + w / 2, top + 12.5), text, 15, theme.banner_text, "mm", True)
    pyramid_counts(
        canvas,
        (x + 2, y1 - 18),
        counts,
        SIDE[other],
        TRAY,
        theme.board_edge,
        large_width=30,
        text_size=20,
        gap=12,
    )


# -- the last turn ---------------------------------------------------------------------------


def draw_last_turn(
    canvas: Canvas, theme: Theme, state, names: Sequence[str], shown: ShownTurn | None
) -> None:
    box = lay.LAST_CARD
    x0, y0, x1, y1 = box
    x = x0 + 18
    if shown is None:
        heading(canvas, theme, (x, y0 + 31), "Last turn")
        for i, line in enumerate(
            wrap(canvas, "New game: nothing played yet. Black rolls first.", 18, x1 - x - 14, 3)
        ):
            canvas.text((x, y0 + 62 + 24 * i), line, 18, theme.text, "lm")
        return
    heading(canvas, theme, (x, y0 + 31), "This turn" if shown.current else "Last turn")
    marker(shown.seat)(canvas, (x + 10, y0 + 58), 22)
    dice = " ".join(map(str, shown.dice))
    canvas.text((x + 26, y0 + 59), names[shown.seat], 19, theme.text, "lm", True, x1 - x - 100)
    canvas.text((x1 - 16, y0 + 59), dice, 19, theme.text_dim, "rm", True)
    y = y0 + 94
    if shown.passed:
        for line in wrap(
            canvas, "No legal move for this roll: the turn passed.", 18, x1 - x - 14, 3
        ):
            canvas.text((x, y), line, 18, theme.text, "lm")
            y += 24
    for n, change in enumerate(shown.changes, 1):
        first, second = change_lines(change)
        number_disc(canvas, theme, (x + 9, y), n)
        canvas.text((x + 26, y + 1), first, 18, theme.text, "lm", True, x1 - x - 40)
        y += 24
        if second:
            canvas.text((x + 26, y), second, 15, theme.capture, "lm", max_width=x1 - x - 36)
            y += 22
        y += 6
    if state.dry_turns >= DRY_SHOWN and state.phase != "over":
        text = f"{state.dry_turns} turns without a goal"
        canvas.text((x, y1 - 44), text, 17, theme.highlight, "lm", True, x1 - x - 14)
        text = f"the game ends at {DRY_LIMIT}"
        canvas.text((x, y1 - 21), text, 17, theme.text_dim, "lm", max_width=x1 - x - 14)


# -- under the board -------------------------------------------------------------------------


def draw_strip(
    canvas: Canvas, theme: Theme, state, names: Sequence[str], squares: tuple[RGB, RGB]
) -> None:
    """The banner when the game is over; else who may move what: the mover's square colour
    (and the marked squares), and whether the pip rule lets them move the other's pieces."""
    x0, y0, x1, y1 = lay.STRIP
    if state.phase == "over":
        title, detail = result_words(state, names)
        banner(canvas, theme, (x0, y0, x1, y1), f"Game over - {title}", detail, None, 27, 17)
        return
    seat = state.seat
    mid = (y0 + y1) / 2
    y = mid - 13
    x = x0 + 8
    s = 18
    canvas.rect(
        (x, y - s / 2, x + s, y + s / 2), fill=squares[seat], outline=theme.board_edge, width=1.5
    )
    x += s + 10
    mine, other = COLOUR[seat], COLOUR[1 - seat]
    text = f"{mine} moves any piece on a {mine.lower()} or a marked square,"
    canvas.text((x, y), text, 18, theme.text_dim, "lm", max_width=x1 - x)
    pips = state.entered_pips(seat), state.entered_pips(1 - seat)
    if may_move_theirs(state, seat):
        line = f"{other}'s too: entered pips {pips[0]} >= {pips[1]}"
    else:
        line = f"but not {other}'s: entered pips {pips[0]} < {pips[1]}"
    canvas.text((x, y + 26), line, 18, theme.text_dim, "lm", max_width=x1 - x)
