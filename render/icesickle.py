"""The IceSickle board image (1000 x 720, fixed) and its alt text.

Layout: a header bar (title, round, phase, move number, whose turn as a seat swatch + name);
the 5x5 board on the left with coordinates (a1 bottom left), pieces seen from above in one
neutral ice colour, the last move outlined in yellow (a jump: start, arrow, landing square,
and a faded ghost with a cross for every captured piece); on the right the stash (side views
with counts) and a card per player (total, round scores, captures by size), the player to act
outlined in their seat colour; at the bottom the last move in words, or a banner when a round
or the game is over. Right after round 1 ends the state already holds round 2's empty board,
so the picture shows round 1's final board (``state.round_boards[-1]``) under the banner.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.icesickle import GRID, ROUNDS, Jump, Place
from engine.pyramids import SIZES, Size, count_words

from .common import (
    Canvas,
    banner,
    card,
    display_names,
    header_bar,
    heading,
    seat_names,
    swatch,
    tag,
    turn_pill,
)
from .pyramids import TOP_HALF, faded, pyramid_counts, pyramid_top
from .theme import DEFAULT_THEME, Theme, mix

WIDTH, HEIGHT = 1000, 720
HEADER = 72
CELL = 96
BOARD_X, BOARD_Y = 58, 94  # the top-left corner of a5
BOARD = CELL * GRID.width
PANEL_X, PANEL_R = 566, 984
FOOTER = (16, 626, 984, 706)

PHASE_WORDS = {"place": "Placing", "jump": "Jumping", "over": "Game over"}
VERBS = {"place": "place", "jump": "jump"}


# -- reading the state -----------------------------------------------------------------------


def round_just_ended(state) -> bool:
    """True right after the jump that ended round 1: the state is already in round 2 with an
    empty board, and the picture shows round 1's final board instead."""
    return (
        state.phase == "place"
        and state.placed == 0
        and bool(state.round_boards)
        and isinstance(state.last_move, Jump)
    )


def shown_board(state) -> tuple[tuple[Size | None, ...], int]:
    """The board the image shows and the round (1-based) it belongs to."""
    if state.phase == "over" or round_just_ended(state):
        return state.round_boards[-1], len(state.round_boards)
    return state.board, state.round


def _piece_words(captured: Sequence[tuple[int, Size]]) -> str:
    words = [f"a {size.word} on {GRID.name(sq)}" for sq, size in captured]
    if len(words) > 1:
        return ", ".join(words[:-1]) + " and " + words[-1]
    return words[0] if words else "nothing"


def describe_last_move(state, names: Sequence[str], mover: int | None) -> str:
    move = state.last_move
    if move is None:
        return ""
    who = names[mover] if mover is not None else "?"
    if isinstance(move, Place):
        return f"{who} placed a {move.size.word} on {GRID.name(move.square)}"
    assert isinstance(move, Jump)
    gained = sum(int(size) for _, size in state.last_captured)
    return (
        f"{who} jumped {GRID.name(move.start)}-{GRID.name(move.end)}, "
        f"capturing {_piece_words(state.last_captured)} (+{gained})"
    )


# -- drawing ---------------------------------------------------------------------------------


def _square_box(square: int) -> tuple[float, float, float, float]:
    x = BOARD_X + GRID.file(square) * CELL
    y = BOARD_Y + (GRID.height - 1 - GRID.rank(square)) * CELL
    return (x, y, x + CELL, y + CELL)


def _centre(square: int) -> tuple[float, float]:
    x0, y0, x1, y1 = _square_box(square)
    return ((x0 + x1) / 2, (y0 + y1) / 2)


def _square_colour(theme: Theme, square: int):
    dark = (GRID.file(square) + GRID.rank(square)) % 2 == 0  # a1 dark, as in chess
    return theme.board_dark if dark else theme.board_light


def _outline(canvas: Canvas, theme: Theme, square: int, width: float = 6) -> None:
    x0, y0, x1, y1 = _square_box(square)
    canvas.rect((x0 + 1, y0 + 1, x1 - 1, y1 - 1), outline=theme.highlight, width=width)


def _draw_board(canvas: Canvas, theme: Theme, state, board) -> None:
    edge = 6
    canvas.rect(
        (BOARD_X - edge, BOARD_Y - edge, BOARD_X + BOARD + edge, BOARD_Y + BOARD + edge),
        fill=theme.board_edge,
        radius=8,
    )
    for square in range(GRID.size):
        canvas.rect(_square_box(square), fill=_square_colour(theme, square))
    for i in range(GRID.width):
        x = BOARD_X + i * CELL + CELL / 2
        canvas.text((x, BOARD_Y + BOARD + 24), chr(ord("a") + i), 24, theme.coordinates, "mm")
    for i in range(GRID.height):
        y = BOARD_Y + (GRID.height - 1 - i) * CELL + CELL / 2
        canvas.text((BOARD_X - 28, y), str(i + 1), 24, theme.coordinates, "mm")

    move = state.last_move
    captured = state.last_captured if isinstance(move, Jump) else ()
    for square, size in captured:  # ghosts of the captured pieces, under everything else
        ghost = faded(theme.ice, _square_colour(theme, square), 0.62)
        pyramid_top(canvas, _centre(square), TOP_HALF[size] * CELL, ghost, size)

    shadow = mix(theme.board_edge, theme.board_dark, 0.35)
    for square, size in enumerate(board):
        if size is not None:
            half = TOP_HALF[size] * CELL
            pyramid_top(canvas, _centre(square), half, theme.ice, size, shadow=shadow)

    if isinstance(move, Place):
        _outline(canvas, theme, move.square)
    elif isinstance(move, Jump):
        _outline(canvas, theme, move.start, 4)
        _outline(canvas, theme, move.end)
        start, end = _centre(move.start), _centre(move.end)
        piece = board[move.end]
        half = TOP_HALF[piece] * CELL if piece is not None else CELL * 0.3
        (df, dr), _ = GRID.line(move.start, move.end)
        stop = half * (math.sqrt(2) if df and dr else 1) + 4
        length = math.hypot(end[0] - start[0], end[1] - start[1])
        tip = (
            end[0] - (end[0] - start[0]) / length * stop,
            end[1] - (end[1] - start[1]) / length * stop,
        )
        canvas.circle(start, 9, fill=theme.highlight, outline=theme.board_edge, width=2)
        canvas.arrow(start, tip, theme.highlight, 7, 24, theme.board_edge)
        for square, _size in captured:
            canvas.cross(_centre(square), CELL * 0.2, theme.capture, 7, theme.board_edge)


def _draw_header(canvas: Canvas, theme: Theme, state, names: Sequence[str]) -> None:
    details = (
        f"Round {state.round} of {ROUNDS}  \N{MIDDLE DOT}  {PHASE_WORDS[state.phase]}"
        f"  \N{MIDDLE DOT}  Move {len(state.history)}"
    )
    end = header_bar(canvas, theme, HEADER, "IceSickle", details)
    right, room = WIDTH - 16, WIDTH - 16 - end - 24
    if state.phase == "over":
        winners = state.outcome.winners
        if winners:
            turn_pill(
                canvas,
                theme,
                right,
                HEADER / 2,
                names[winners[0]],
                " wins",
                winners[0],
                max_width=room,
            )
        else:
            turn_pill(canvas, theme, right, HEADER / 2, "Draw", "", None, max_width=room)
    else:
        seat = state.to_move
        verb = f" to {VERBS[state.phase]}"
        turn_pill(canvas, theme, right, HEADER / 2, names[seat], verb, seat, max_width=room)


def _draw_stash(canvas: Canvas, theme: Theme, state, top: float, bottom: float) -> None:
    card(canvas, theme, (PANEL_X, top, PANEL_R, bottom))
    heading(canvas, theme, (PANEL_X + 20, top + 32), "Stash")
    left = sum(state.stash)
    note = f"{left} left to place" if left else "all 15 placed"
    canvas.text((PANEL_R - 20, top + 32), note, 20, theme.text_dim, anchor="rs")
    if state.phase == "jump":  # nothing left to place: a reminder of how far pieces jump
        x = PANEL_X + 20
        canvas.text((x, top + 70), "Jump over up to: S 1, M 2, L 3", 24, theme.text, "lm")
        canvas.text(
            (x, top + 102), "squares in a line, landing on an empty one", 19, theme.text_dim, "lm"
        )
        return
    pyramid_counts(
        canvas,
        (PANEL_X + 22, bottom - 16),
        state.stash,
        theme.ice,
        theme.card,
        theme.text,
        large_width=52,
        text_size=28,
        gap=30,
        labels=("S ", "M ", "L "),
    )


def _draw_player(
    canvas: Canvas,
    theme: Theme,
    state,
    seat: int,
    name: str,
    box: tuple[float, float, float, float],
    shown_round: int,
) -> None:
    x0, y0, x1, y1 = box
    colour = theme.seat(seat)
    on_turn = state.to_move == seat
    outcome = state.outcome
    won = outcome is not None and seat in outcome.winners
    card(canvas, theme, box, accent=colour if on_turn or won else None)
    if on_turn:  # a pointer from the board's side to the card
        my = (y0 + y1) / 2
        canvas.polygon([(x0 - 20, my - 13), (x0 - 4, my), (x0 - 20, my + 13)], colour)
    totals = state.totals()
    score_w = canvas.text((x1 - 20, y0 + 52), str(totals[seat]), 46, theme.text, "rs", bold=True)
    canvas.text((x1 - 20, y0 + 76), "total", 18, theme.text_dim, "rs")
    swatch(canvas, theme, (x0 + 36, y0 + 36), seat, 36)
    name_room = x1 - 20 - score_w - 16 - (x0 + 66)
    canvas.text((x0 + 66, y0 + 37), name, 28, theme.text, "lm", bold=True, max_width=name_room)

    x, y = x0 + 20, y0 + 84
    if on_turn:
        x += tag(canvas, theme, (x, y), f"to {VERBS[state.phase]}", colour) + 12
    elif won:
        x += tag(canvas, theme, (x, y), "winner", colour) + 12
    elif outcome is not None and not outcome.winners:
        x += tag(canvas, theme, (x, y), "draw", theme.text_dim) + 12
    rounds = state.round_scores()
    line = "   ".join(f"Round {i + 1}: {r[seat]}" for i, r in enumerate(rounds))
    canvas.text((x, y + 1), line, 21, theme.text_dim, "lm")

    captured = state.captures[shown_round - 1][seat]
    counts = [sum(1 for s in captured if s == size) for size in SIZES]
    heading(canvas, theme, (x0 + 20, y0 + 116), f"Captured in round {shown_round}", 17)
    pyramid_counts(
        canvas,
        (x0 + 22, y1 - 12),
        counts,
        theme.ice,
        theme.card,
        theme.text,
        large_width=38,
        text_size=24,
        gap=26,
        labels=("S ", "M ", "L "),
    )


def _draw_footer(canvas: Canvas, theme: Theme, state, names: Sequence[str], mover) -> None:
    last = describe_last_move(state, names, mover)
    first, second = state.first_placer, 1 - state.first_placer
    if state.phase == "over":
        outcome = state.outcome
        a, b = outcome.scores
        if outcome.winners:
            winner = outcome.winners[0]
            high, low = outcome.scores[winner], outcome.scores[1 - winner]
            title = f"Game over - {names[winner]} wins {high} : {low}"
            fill = theme.seat(winner)
        else:
            title = f"Game over - a draw, {a} : {b}"
            fill = theme.banner
        detail = f"{outcome.reason[0].upper()}{outcome.reason[1:]}.  Last: {last}."
        banner(canvas, theme, FOOTER, title, detail, fill=fill)
    elif round_just_ended(state):
        a, b = state.round_scores()[-2]
        title = f"Round {state.round - 1} over - {names[0]} {a} : {b} {names[1]}"
        detail = f"Board clears; {names[first]} places first in round {state.round}.  Last: {last}."
        banner(canvas, theme, FOOTER, title, detail)
    else:
        card(canvas, theme, FOOTER)
        x0, y0, x1, y1 = FOOTER
        mid = (y0 + y1) / 2
        if not state.history:
            text = (
                f"New game: {names[first]} places first (8 pieces), {names[second]} second (7); "
                f"then {names[second]} jumps first."
            )
            canvas.text((x0 + 20, mid), text, 23, theme.text, "lm", max_width=x1 - x0 - 40)
            return
        text = f"{last}."
        if state.phase == "jump" and isinstance(state.last_move, Place):
            text += f"  All 15 placed: {names[second]} jumps first."
        # the label in the highlight colour ties the sentence to the marks on the board
        canvas.rect((x0 + 14, y0 + 16, x0 + 20, y1 - 16), fill=theme.highlight, radius=3)
        x = x0 + 34
        x += canvas.text((x, mid), "Last move", 23, theme.highlight, "lm", bold=True) + 14
        canvas.text((x, mid), text, 23, theme.text, "lm", max_width=x1 - 20 - x)


def render_icesickle(
    state, *, theme: Theme | None = None, names: Sequence[str] | None = None
) -> bytes:
    """PNG bytes of the IceSickle position (see the module docstring for the layout)."""
    theme = theme or DEFAULT_THEME
    names = display_names(names, state.num_players)
    canvas = Canvas(WIDTH, HEIGHT, theme.background)
    board, shown_round = shown_board(state)
    mover = state.last_mover
    _draw_header(canvas, theme, state, names)
    _draw_board(canvas, theme, state, board)
    _draw_stash(canvas, theme, state, 94, 218)
    _draw_player(canvas, theme, state, 0, names[0], (PANEL_X, 232, PANEL_R, 412), shown_round)
    _draw_player(canvas, theme, state, 1, names[1], (PANEL_X, 426, PANEL_R, 606), shown_round)
    # in sentences, long names are cut short so the sentence still fits
    short = [canvas.fit(name, 23, 230, bold=True) for name in names]
    _draw_footer(canvas, theme, state, short, mover)
    return canvas.png()


# -- alt text --------------------------------------------------------------------------------


def alt_text_icesickle(state, *, names: Sequence[str] | None = None) -> str:
    names = [n[:32] for n in seat_names(names, state.num_players)]
    board, shown_round = shown_board(state)
    mover = state.last_mover
    moves = len(state.history)
    if state.phase == "over":
        outcome = state.outcome
        result = f"{names[outcome.winners[0]]} wins" if outcome.winners else "a draw"
        parts = [f"IceSickle after {moves} moves. Game over: {result}, {outcome.reason}."]
    else:
        parts = [
            f"IceSickle, round {state.round} of {ROUNDS}, {PHASE_WORDS[state.phase].lower()}, "
            f"move {moves}. {names[state.to_move]} to {VERBS[state.phase]}."
        ]
    if round_just_ended(state):
        a, b = state.round_scores()[-2]
        parts.append(
            f"Round {shown_round} is over ({names[0]} {a}, {names[1]} {b}); the picture shows "
            f"its final board, which now clears. {names[state.first_placer]} places first."
        )
    pieces = [f"{GRID.name(sq)} {size.word}" for sq, size in enumerate(board) if size]
    board_words = ", ".join(pieces) if pieces else "empty"
    parts.append(
        f"Board{' (final)' if shown_round != state.round or state.phase == 'over' else ''}"
        f": {board_words}."
    )
    if state.phase == "place":
        parts.append(f"Stash to place: {count_words(state.stash)}.")
    elif state.phase == "jump":
        parts.append("Stash: all 15 placed.")
    rounds = state.round_scores()
    totals = state.totals()
    for seat in range(state.num_players):
        per_round = ", ".join(f"round {i + 1} {r[seat]}" for i, r in enumerate(rounds))
        captured = state.captures[shown_round - 1][seat]
        counts = [sum(1 for s in captured if s == size) for size in SIZES]
        parts.append(
            f"{names[seat]}: {per_round}, total {totals[seat]}; captured in round {shown_round}: "
            f"{count_words(counts)}."
        )
    last = describe_last_move(state, names, mover)
    if last:
        parts.append(f"Last move: {last}.")
    text = " ".join(parts)
    if len(text) > 1000:
        text = text[:999] + "\N{HORIZONTAL ELLIPSIS}"
    return text
