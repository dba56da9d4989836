"""The Pach-Ice-i dice card (the bottom row, right of Black's pad): the three d8 (used ones
greyed) and what is left to play; the three kinds of turn with the one under way marked and
what is left of it; who may move what (the mover's square colour, and whether the pip rule
lets them move the other's pieces); how close the 100-turn backstop is. When the game is over
the card holds the banner instead.

Every text is at least ``MIN_TEXT`` px, so it reads on a phone.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import pachicei_layout as lay
from .canvas import Canvas
from .common import card, heading, wrap
from .pachicei_pieces import SIDE, d8
from .pachicei_words import (
    COLOUR,
    DRY_LIMIT,
    DRY_SHOWN,
    dice_status,
    may_move_theirs,
    result_words,
    shown_turn,
    stage_summary,
)
from .pyramids import SIDE_WIDTH, faded, pyramid_side
from .theme import RGB, Theme, mix

TEXT = lay.MIN_TEXT
KINDS = ((1,), (2, 3), (3, 3, 3))
KIND_WORDS = ("3 dice", "2 dice + 1", "1 die each")
DONE = {"M": {1: 1}, "L": {1: 1, 2: 1}, "LL": {2: 2}}
"""Per stage of a turn under way: the kinds still possible (index into KINDS) and how many of
their pieces have moved."""
KIND_ROW = 35
KINDS_X = 258
"""The kinds of turn's column, from the card's left edge (the dice are left of it)."""
KINDS_TOP = 44
DIE = 58
"""A die's size."""
NOW_Y, RULE_Y, DRY_Y = 184, 216, 270
"""From the card's top: what is left of the turn, who may move what, the backstop."""


def die_centre(i: int) -> tuple[float, float]:
    """The centre of die ``i`` (0-2, ascending) in the dice card."""
    x0, y0, _x1, _y1 = lay.DICE_CARD
    return (x0 + 20 + DIE / 2 + i * (DIE + 14), y0 + 90)


def draw_dice_static(canvas: Canvas, theme: Theme) -> None:
    card(canvas, theme, lay.DICE_CARD)
    x0, y0, _x1, _y1 = lay.DICE_CARD
    heading(canvas, theme, (x0 + KINDS_X, y0 + 34), "A turn moves", TEXT)
    for k, words in enumerate(KIND_WORDS):  # as they read when no kind is under way
        canvas.text(_words_at(k), words, TEXT, theme.text, "lm")


def _words_at(k: int) -> tuple[float, float]:
    x0, y0, _x1, _y1 = lay.DICE_CARD
    return (x0 + KINDS_X + 100, y0 + KINDS_TOP + k * KIND_ROW + KIND_ROW - 16)


def _kinds(canvas: Canvas, theme: Theme, state) -> None:
    """The three kinds of turn, one row each: the kind(s) under way marked, the pieces that
    moved and the kinds no longer possible faded."""
    x0, y0, x1, _y1 = lay.DICE_CARD
    left = x0 + KINDS_X
    done = DONE.get(state.stage, {}) if state.phase == "play" else {}
    seat = state.seat
    for k, (sizes, words) in enumerate(zip(KINDS, KIND_WORDS, strict=True)):
        y = y0 + KINDS_TOP + k * KIND_ROW
        base = y + KIND_ROW - 4
        possible = not done or k in done
        if k in done:
            band = (left - 10, y + 2, x1 - 10, y + KIND_ROW + 1)
            canvas.rect(band, fill=mix(theme.card, theme.text, 0.12), radius=6)
            canvas.rect((left - 10, y + 2, left - 6, y + KIND_ROW + 1), fill=theme.highlight)
        x = left
        for i, size in enumerate(sizes):
            width = 28 * SIDE_WIDTH[size]
            colours = SIDE[seat]
            if not possible or i < done.get(k, 0):
                colours = faded(colours, theme.card, 0.72)
            base_xy = (x + width / 2, base)
            pyramid_side(canvas, base_xy, width, colours, size, edge_width=1.2)
            x += width + 3
        if done and not possible:  # the words drawn once, faded
            cover = (left + 96, y + 2, x1 - 10, y + KIND_ROW + 1)
            canvas.rect(cover, fill=theme.card)
            canvas.text(_words_at(k), words, TEXT, mix(theme.text_dim, theme.card, 0.3), "lm")
        elif k in done:  # on its band, bold
            canvas.text(_words_at(k), words, TEXT, theme.text, "lm", bold=True)


def draw_dice(
    canvas: Canvas, theme: Theme, state, names: Sequence[str], squares: tuple[RGB, RGB]
) -> None:
    """The dice card, or the banner when the game is over."""
    if state.phase == "over":
        _banner(canvas, theme, state, names)
        return
    x0, y0, x1, _y1 = lay.DICE_CARD
    x = x0 + 20
    room = KINDS_X - 34
    if not state.dice:
        heading(canvas, theme, (x, y0 + 34), "Dice", TEXT)
        canvas.text((x, y0 + 72), "Three d8", TEXT, theme.text, "lm")
        canvas.text((x, y0 + 100), "each turn.", TEXT, theme.text, "lm")
        canvas.text((x, y0 + 136), f"{COLOUR[state.seat]} rolls first.", TEXT, theme.text, "lm")
    else:
        label = "Dice" if state.phase == "play" else "Last roll"
        w = heading(canvas, theme, (x, y0 + 34), label, TEXT)
        shown = shown_turn(state)  # the roll's turn, unless it is under way
        roller = state.seat if state.phase == "play" or shown is None else shown.seat
        name_room = room - w - 10
        at = (x + w + 10, y0 + 34)
        canvas.text(at, names[roller], TEXT, theme.text_dim, "ls", True, name_room, among=names)
        for i, (value, status) in enumerate(dice_status(state)):
            d8(canvas, theme, die_centre(i), DIE, value, status)
        if state.phase == "play":
            line = "To play: " + " ".join(map(str, sorted(state.remaining)))
        elif state.last_turn is not None and state.last_turn.passed:
            line = "Passed: no move"
        else:
            line = "All played"
        canvas.text(
            (x, y0 + 150), line, 22, theme.text, "lm", bold=state.phase == "play", max_width=room
        )
    _kinds(canvas, theme, state)
    words = stage_summary(state)
    if words:
        canvas.text((x, y0 + NOW_Y), words, TEXT, theme.highlight, "lm", True, x1 - x - 14)
    _rule(canvas, theme, state, squares)
    if state.dry_turns >= DRY_SHOWN:
        text = f"{state.dry_turns} turns without a goal: the game ends at {DRY_LIMIT}"
        canvas.text((x, y0 + DRY_Y), text, TEXT, theme.highlight, "lm", True, x1 - x - 14)


def rule_lines(state) -> tuple[str, str]:
    """Who may move what: the mover's square colour, and the pip rule for the other's pieces."""
    seat = state.seat
    mine, other = COLOUR[seat], COLOUR[1 - seat]
    first = f"{mine} moves pieces on {mine.lower()} or marked squares,"
    pips = state.entered_pips(seat), state.entered_pips(1 - seat)
    if may_move_theirs(state, seat):
        second = f"{other}'s too: entered pips {pips[0]} >= {pips[1]}"
    else:
        second = f"but not {other}'s: entered pips {pips[0]} < {pips[1]}"
    return first, second


def _rule(canvas: Canvas, theme: Theme, state, squares: tuple[RGB, RGB]) -> None:
    x0, y0, x1, _y1 = lay.DICE_CARD
    x, y = x0 + 20, y0 + RULE_Y
    s = 20
    swatch = (x, y - s / 2, x + s, y + s / 2)
    canvas.rect(swatch, fill=squares[state.seat], outline=theme.board_edge, width=1.5)
    x += s + 10
    first, second = rule_lines(state)
    canvas.text((x, y), first, TEXT, theme.text_dim, "lm", max_width=x1 - x - 12)
    canvas.text((x, y + 27), second, TEXT, theme.text_dim, "lm", max_width=x1 - x - 12)


def _banner(canvas: Canvas, theme: Theme, state, names: Sequence[str]) -> None:
    """The end: who won (or a draw) with the goal counts, and why."""
    box = lay.DICE_CARD
    x0, y0, x1, _y1 = box
    canvas.rect(box, fill=theme.banner, outline=theme.board_edge, width=2, radius=14)
    cx, inner = (x0 + x1) / 2, x1 - x0 - 40
    title, reason = result_words(state, names)
    if state.outcome.winners and canvas.text_width(title, 32, True) > inner:
        w = state.outcome.winners[0]  # the name shortened (as nobody else's), not the score
        rest = title[len(names[w]) :]
        room = inner - canvas.text_width(rest, 32, True)
        title = canvas.fit(names[w], 32, max(room, 64), True, among=names) + rest
    canvas.text((cx, y0 + 52), "Game over", 26, theme.banner_text, "mm", True)
    canvas.text((cx, y0 + 108), title, 32, theme.banner_text, "mm", True, inner)
    for i, line in enumerate(wrap(canvas, reason, 22, inner, 3)):
        canvas.text((cx, y0 + 168 + 32 * i), line, 22, theme.banner_text, "mm")
