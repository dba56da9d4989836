"""The Pach-Ice-i pieces off the board and the cards beside it: Black's and White's pyramid
colours, trees, the d8 dice, the dice card (with the three kinds of turn), each pad card
(its player, their trees and lone pieces, and the other player's goal, which is that pad),
the last turn's card and the strip under the board (the mover's rule line, or the banner).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.pachicei_board import PIECES

from . import pachicei_layout as lay
from .common import Canvas, Point, banner, card, heading, tag
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
    stage_summary,
    tree_shapes,
)
from .pachisi_panel import wrap
from .pyramids import SIDE_RATIO, SIDE_WIDTH, faded, pyramid_counts, pyramid_side, pyramid_top
from .theme import RGB, PieceColours, Theme, mix

# -- the pieces' colours ---------------------------------------------------------------------

BLACK_PIECE = PieceColours(
    north=(0x6A, 0x71, 0x7B),
    west=(0x4C, 0x52, 0x5A),
    east=(0x23, 0x27, 0x2C),
    south=(0x33, 0x38, 0x3F),
    edge=(0xE6, 0xEA, 0xEE),
    pip=(0xF6, 0xF8, 0xFA),
)
"""Black pyramids: dark faces with a light edge and light pips, so they read on both square
tones and on the dark cards."""
WHITE_PIECE = PieceColours(
    north=(0xFF, 0xFF, 0xFF),
    west=(0xF1, 0xF3, 0xF5),
    east=(0xB4, 0xBC, 0xC5),
    south=(0xD5, 0xDB, 0xE1),
    edge=(0x10, 0x14, 0x19),
    pip=(0x10, 0x14, 0x19),
)
"""White pyramids: light faces with a dark edge and dark pips."""
PIECE = (BLACK_PIECE, WHITE_PIECE)

TREE_STEP = 0.5
"""How far up a piece below a stacked piece sits, as a fraction of that piece's height (real
trees nest closer; drawn looser so every piece of a tree shows its pips)."""


def marker(seat: int):
    """A seat's swatch for labels: a small pyramid from above in its colour."""

    def draw(canvas: Canvas, centre: Point, size: float) -> None:
        pyramid_top(canvas, centre, size * 0.42, PIECE[seat], 0, edge_width=2)

    return draw


def tree(
    canvas: Canvas, base: Point, large_width: float, colours: PieceColours, shape: Sequence[int]
) -> None:
    """A tree (bottom first) from the side, its base centred on ``base``."""
    x, y = base
    for size in shape:
        height = pyramid_side(canvas, (x, y), large_width * SIDE_WIDTH[size], colours, size)
        y -= height * TREE_STEP


def tree_height(large_width: float, shape: Sequence[int]) -> float:
    heights = [large_width * SIDE_WIDTH[s] * SIDE_RATIO for s in shape]
    return sum(h * TREE_STEP for h in heights[:-1]) + heights[-1]


# -- d8 dice ---------------------------------------------------------------------------------


def d8(canvas: Canvas, theme: Theme, centre: Point, size: float, value: int, status: str) -> None:
    """An eight-sided die lying on a face, seen from above: a hexagon with its top face (a
    triangle) and the number on it; white when still to play, greyed when used."""
    x, y = centre
    r = size / 2

    def ring(radius: float, start: float) -> list[Point]:
        return [
            (x + radius * math.cos(math.radians(start + 60 * i)),
             y + radius * math.sin(math.radians(start + 60 * i)))
            for i in range(6)
        ]  # fmt: skip

    if status == "left":
        face, side, ink, edge = theme.text, mix(theme.text, theme.text_dim, 0.75), (0, 0, 0), theme.highlight
    else:
        face = mix(theme.card, theme.text_dim, 0.42)
        side = mix(face, theme.card, 0.45)
        ink, edge = mix(face, theme.board_edge, 0.65), theme.board_edge
    outer = ring(r + 2.5, -90)
    canvas.polygon(outer, edge)
    hexagon = ring(r, -90)
    canvas.polygon(hexagon, side)
    top = [hexagon[0], hexagon[2], hexagon[4]]  # the face on top: a triangle pointing up
    canvas.polygon(top, face, mix(side, theme.board_edge, 0.5), 1.2)
    canvas.text((x, y + r * 0.16), str(value), size * 0.44, ink, "mm", bold=True)


# -- the dice card ---------------------------------------------------------------------------


KINDS = ((1,), (2, 3), (3, 3, 3))
KIND_WORDS = ("all 3 dice", "2 dice + 1 die", "1 die each")
DONE = {"start": {}, "M": {1: 1}, "L": {1: 1, 2: 1}, "LL": {2: 2}}
"""Per stage: the kinds still possible (index into KINDS) and how many of their pieces moved."""


def _kinds(canvas: Canvas, theme: Theme, state, x0: float, x1: float, top: float) -> float:
    """The three kinds of turn, one row each, with the one(s) under way marked."""
    row = 34
    done = DONE.get(state.stage, {}) if state.phase == "play" else {}
    under_way = bool(done)
    for k, (sizes, words) in enumerate(zip(KINDS, KIND_WORDS, strict=True)):
        y = top + k * row
        base = y + row - 6
        possible = state.phase != "over" and (not under_way or k in done)
        if under_way and k in done:
            canvas.rect((x0 + 8, y + 3, x1 - 8, y + row - 1), fill=mix(theme.card, theme.text, 0.1),
                        radius=6)  # fmt: skip
            canvas.rect((x0 + 8, y + 3, x0 + 12, y + row - 1), fill=theme.text, radius=2)
        x = x0 + 22
        for i, size in enumerate(sizes):
            width = 22 * SIDE_WIDTH[size]
            colours = PIECE[state.seat]
            if not possible or i < done.get(k, 0):
                colours = faded(colours, theme.card, 0.7)
            pyramid_side(canvas, (x + width / 2, base), width, colours, size, edge_width=1.2)
            x += width + 3
        colour = theme.text if possible else mix(theme.text_dim, theme.card, 0.4)
        canvas.text((x0 + 96, base - 9), words, 17, colour, "lm", bold=possible and under_way)
    return top + 3 * row


def draw_dice(canvas: Canvas, theme: Theme, state, names: Sequence[str]) -> None:
    x0, y0, x1, y1 = lay.DICE_CARD
    card(canvas, theme, lay.DICE_CARD)
    x = x0 + 18
    if not state.dice:
        heading(canvas, theme, (x, y0 + 30), "Dice")
        canvas.text((x, y0 + 62), "Three d8.", 19, theme.text, "lm")
        canvas.text((x, y0 + 88), f"{COLOUR[state.seat]} rolls first.", 19, theme.text, "lm")
        top = y0 + 112
    else:
        label = "Dice" if state.phase == "play" else "Last roll"
        w = heading(canvas, theme, (x, y0 + 30), label)
        roller = state.seat if state.phase != "roll" else 1 - state.seat
        room = x1 - 16 - (x + w + 10)
        canvas.text((x + w + 10, y0 + 30), names[roller], 17, theme.text_dim, "ls", True, room)
        size, gap = 56, 12
        for i, (value, status) in enumerate(dice_status(state)):
            d8(canvas, theme, (x + size / 2 + i * (size + gap), y0 + 74), size, value, status)
        if state.phase == "play":
            left = " ".join(map(str, sorted(state.remaining)))
            line = f"To play: {left}"
        elif state.phase == "roll" and state.last_turn is not None and state.last_turn.passed:
            line = "No legal move: passed"
        else:
            line = "All played"
        canvas.text((x, y0 + 122), line, 20, theme.text, "lm", bold=state.phase == "play")
        top = y0 + 140
    heading(canvas, theme, (x, top + 14), "A turn moves", 15)
    bottom = _kinds(canvas, theme, state, x0, x1, top + 20)
    words = stage_summary(state)
    if words:
        for i, line in enumerate(wrap(canvas, words, 17, x1 - x - 12, 2)):
            canvas.text((x, bottom + 16 + 22 * i), line, 17, theme.highlight, "lm", bold=True)


# -- the pad cards ---------------------------------------------------------------------------


def _lone_row(canvas, theme, x0, x1, base, seat, sizes, ringed: int) -> None:
    """The pad's lone pieces (mediums, then smalls), drawn apart from the trees; many of them
    are shown as counts instead. The last ``ringed`` ones were knocked back this turn."""
    width = 30
    widths = [width * SIDE_WIDTH[s] for s in sizes]
    room = x1 - x0
    if sum(widths) + 6 * len(sizes) <= room:
        x = x0
        for i, (size, w) in enumerate(zip(sizes, widths, strict=True)):
            if i >= len(sizes) - ringed:
                _knock_ring(canvas, theme, (x + w / 2, base - w * 0.55), w * 0.75)
            pyramid_side(canvas, (x + w / 2, base), w, PIECE[seat], size)
            x += w + 6
        return
    counts = [sizes.count(1), sizes.count(2), 0]
    pyramid_counts(canvas, (x0, base), counts[:2] + [0], PIECE[seat], theme.card, theme.text,
                   large_width=width, text_size=18, gap=14)  # fmt: skip


def _knock_ring(canvas: Canvas, theme: Theme, centre: Point, r: float) -> None:
    canvas.circle(centre, r + 2, outline=theme.board_edge, width=5)
    canvas.circle(centre, r, outline=theme.capture, width=3)


def draw_pad(
    canvas: Canvas, theme: Theme, state, names: Sequence[str], seat: int, shown: ShownTurn | None
) -> None:
    """A pad card: the player (name, colour, goal count, pips), their trees and lone pieces,
    and the other player's goal (which is this pad)."""
    box = lay.pad_card(seat)
    x0, y0, x1, y1 = box
    acting = state.phase != "over" and state.seat == seat
    won = state.outcome is not None and seat in state.outcome.winners
    card(canvas, theme, box, accent=theme.text if acting or won else None)
    x = x0 + 18
    marker(seat)(canvas, (x + 14, y0 + 30), 30)
    canvas.text((x + 36, y0 + 31), names[seat], 22, theme.text, "lm", True, x1 - x - 52)
    line_y = y0 + 64
    tx = x
    if acting:
        word = "to roll" if state.phase == "roll" else "to move"
        tx += tag(canvas, theme, (tx, line_y), word, theme.text, 15) + 8
    elif won:
        tx += tag(canvas, theme, (tx, line_y), "winner", theme.highlight, 15) + 8
    canvas.text((tx, line_y + 1), COLOUR[seat], 18, theme.text, "lm", bold=True)
    pips = f"pips {state.entered_pips(seat)}"
    canvas.text((x1 - 16, line_y + 1), pips, 17, theme.text_dim, "rm")

    knocks = [d for d in (shown.changes if shown else ()) if d.displaced is not None]
    knocked_back = [d.displaced for d in knocks if d.displaced[0] == seat and not d.displaced[3]]

    # the pad
    trees = tree_shapes(state, seat)
    lone = lone_pieces(state, seat)
    count = sum(len(t) for t in trees) + len(lone)
    top = y0 + 108
    heading(canvas, theme, (x, top), f"Pad {count}" if count else "Pad: empty", 16)
    large = 38
    tallest = max((tree_height(large, t) for t in trees), default=0)
    base = top + 18 + max(tallest, 50)
    step = min(large + 4, (x1 - x0 - 36 - large) / max(1, len(trees) - 1))
    ringed_large = sum(1 for d in knocked_back if d[1] == 3)
    for i, shape in enumerate(trees):
        cx = x + large / 2 + i * step
        if shape == (3,) and i >= len(trees) - ringed_large:
            _knock_ring(canvas, theme, (cx, base - large * 0.6), large * 0.72)
        tree(canvas, (cx, base), large, PIECE[seat], shape)
    ringed_small = sum(1 for d in knocked_back if d[1] < 3)
    if lone:
        base += 46
        _lone_row(canvas, theme, x, x1 - 16, base, seat, lone, min(ringed_small, len(lone)))

    # the other player's goal, which is this pad
    other = 1 - seat
    counts = state.goal_counts(other)
    total = sum(counts)
    top = y1 - 78
    canvas.line([(x0 + 14, top - 22), (x1 - 14, top - 22)], theme.card_edge, 1.5)
    w = heading(canvas, theme, (x, top), f"{COLOUR[other]}'s goal", 16)
    text = f"{total}/{PIECES}"
    canvas.text((x1 - 16, top), text, 22, theme.text, "rs", bold=True)
    into_goal = [c.displaced[1] for c in knocks if c.displaced[0] == other and c.displaced[3]]
    into_goal += [c.size for c in (shown.changes if shown else ()) if c.owner == other
                  and c.end == 50]  # fmt: skip
    end = pyramid_counts(canvas, (x + 2, y1 - 18), counts, PIECE[other], theme.card, theme.text,
                         large_width=30, text_size=19, gap=13)  # fmt: skip
    del end, w
    if into_goal:
        canvas.text((x1 - 16, top + 20), f"+{len(into_goal)}", 16, theme.highlight, "rm", True)


# -- the last turn ---------------------------------------------------------------------------


def number_disc(canvas: Canvas, theme: Theme, centre: Point, n: int, r: float = 10) -> None:
    """The yellow disc with a move's number, on the board at the arrow's start and here."""
    canvas.circle(centre, r + 1.5, fill=theme.board_edge)
    canvas.circle(centre, r, fill=theme.highlight)
    canvas.text((centre[0], centre[1] + 0.5), str(n), r * 1.45, theme.banner_text, "mm", True)


def draw_last_turn(
    canvas: Canvas, theme: Theme, state, names: Sequence[str], shown: ShownTurn | None
) -> None:
    box = lay.LAST_CARD
    x0, y0, x1, y1 = box
    card(canvas, theme, box)
    x = x0 + 18
    canvas.rect((x0 + 7, y0 + 12, x0 + 11, y0 + 38), fill=theme.highlight, radius=2)
    if shown is None:
        heading(canvas, theme, (x, y0 + 31), "Last turn")
        for i, line in enumerate(wrap(canvas, "New game: none yet. Black moves first.", 18,
                                      x1 - x - 14, 3)):  # fmt: skip
            canvas.text((x, y0 + 62 + 24 * i), line, 18, theme.text, "lm")
        return
    heading(canvas, theme, (x, y0 + 31), "This turn" if shown.current else "Last turn")
    marker(shown.seat)(canvas, (x + 10, y0 + 58), 22)
    dice = " ".join(map(str, shown.dice))
    canvas.text((x + 26, y0 + 59), names[shown.seat], 19, theme.text, "lm", True, x1 - x - 100)
    canvas.text((x1 - 16, y0 + 59), dice, 19, theme.text_dim, "rm", True)
    y = y0 + 94
    if shown.passed:
        for line in wrap(canvas, "No legal move for this roll: the turn passed.", 18,
                         x1 - x - 14, 3):  # fmt: skip
            canvas.text((x, y), line, 18, theme.text, "lm")
            y += 24
    for n, change in enumerate(shown.changes, 1):
        first, second = change_lines(change)
        number_disc(canvas, theme, (x + 9, y), n)
        canvas.text((x + 26, y + 1), first, 18, theme.text, "lm", True, x1 - x - 40)
        y += 24
        if second:
            canvas.text((x + 26, y), second, 16, theme.capture, "lm", max_width=x1 - x - 40)
            y += 22
        y += 6
    if state.dry_turns >= DRY_SHOWN and state.phase != "over":
        text = f"No goal for {state.dry_turns} turns (ends at {DRY_LIMIT})"
        canvas.text((x, y1 - 20), text, 16, theme.highlight, "lm", True, x1 - x - 14)


# -- under the board -------------------------------------------------------------------------


def draw_strip(
    canvas: Canvas, theme: Theme, state, names: Sequence[str], squares: tuple[RGB, RGB]
) -> None:
    """The banner when the game is over; else who may move what: the mover's square colour
    (and the marked squares), and whether the pip rule lets them move the other's pieces."""
    x0, y0, x1, y1 = lay.STRIP
    if state.phase == "over":
        title, detail = result_words(state, names)
        banner(canvas, theme, (x0, y0, x1, y1), f"Game over - {title}", detail)
        return
    seat = state.seat
    mid = (y0 + y1) / 2
    y = mid - 13
    x = x0 + 8
    s = 18
    canvas.rect((x, y - s / 2, x + s, y + s / 2), fill=squares[seat], outline=theme.board_edge,
                width=1.5)  # fmt: skip
    x += s + 10
    text = f"{COLOUR[seat]} moves pieces of either colour from {COLOUR[seat].lower()} squares"
    canvas.text((x, y), text + " and marked squares", 17, theme.text_dim, "lm", max_width=x1 - x)
    other = COLOUR[1 - seat]
    mine, theirs = state.entered_pips(seat), state.entered_pips(1 - seat)
    if may_move_theirs(state, seat):
        line = f"{other}'s pieces too: entered pips {mine} >= {theirs}"
    else:
        line = f"but not {other}'s pieces: entered pips {mine} < {theirs}"
    canvas.text((x, y + 26), line, 17, theme.text_dim, "lm", max_width=x1 - x)
