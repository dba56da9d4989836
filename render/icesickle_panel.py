"""The IceSickle image around the board: the header, the stash card, a card per player and the
footer (the last move in words, or a banner when a round or the game is over). Every text is
at least ``TEXT`` px (10 px or more when a phone shows the image 450 px wide)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.icesickle import ROUNDS, Jump, Place
from engine.pyramids import SIZES

from .canvas import Canvas
from .common import banner, card, swatch, tag, turn_pill
from .icesickle_layout import (
    FOOTER,
    HEADER,
    PHASE_WORDS,
    PLAYER_BOXES,
    STASH_BOX,
    TEXT,
    VERBS,
    WIDTH,
    round_just_ended,
)
from .icesickle_words import describe_last_move
from .pyramids import pyramid_counts
from .theme import Theme

TITLE = "IceSickle"
DOT = "  \N{MIDDLE DOT}  "
PILL_WIDTH = 340
SCORE_TEXT = 31
"""The scores by round on a player card ("Rounds: 16 + 10"): their digits stand 10.8 px tall
on a 450 px phone (at ``TEXT``, 23 px, only 7.6 px)."""
COUNT_TEXT = 32
"""The counts under the stash and the captures ("M x2"), bold: 10.8 px tall on a phone."""
"""The most the turn pill at the header's right end may take."""


def _round_score(canvas: Canvas, state, names: Sequence[str], rnd: int, room: float) -> str:
    """``Alice 12 : 10 Bob`` for round ``rnd`` (1-based), names cut to share ``room``."""
    a, b = state.round_scores()[rnd - 1]
    scores = f" {a} : {b} "
    each = (room - canvas.text_width(scores, TEXT)) / 2
    room = max(each, TEXT * 2)
    first, second = (canvas.fit(name, TEXT, room, among=names) for name in names[:2])
    return f"{first}{scores}{second}"


def _name_line(canvas: Canvas, names: Sequence[str], seat: int, rest: str, room: float) -> str:
    """``name + rest``, the name of ``seat`` shortened (so that it reads as no other
    player's) so that the whole fits in ``room``."""
    room = max(room - canvas.text_width(rest, TEXT), TEXT * 2)
    return canvas.fit(names[seat], TEXT, room, among=names) + rest


def _last_words(canvas: Canvas, state, names: Sequence[str], room: float) -> str:
    """The last move as a sentence that fits in ``room`` on one line: a jump's captures are
    counted instead of listed when the list does not fit (the board crosses them out)."""
    text = f"Last: {describe_last_move(state, names, state.last_mover)}."
    move = state.last_move
    if canvas.text_width(text, TEXT) <= room or not isinstance(move, Jump):
        return text
    count = len(state.last_captured)
    gained = sum(int(size) for _, size in state.last_captured)
    rest = f" jumped {move}, capturing {count} piece{'s' if count != 1 else ''} (+{gained})."
    room -= canvas.text_width("Last: ", TEXT)
    if state.last_mover is None:
        return f"Last: ?{rest}"
    return "Last: " + _name_line(canvas, names, state.last_mover, rest, room)


def draw_fixed_panels(canvas: Canvas, theme: Theme) -> None:
    """What every image has in the same place: the header bar, its title and the plain cards
    (a layer drawn once; see ``icesickle._base``)."""
    canvas.rect((0, 0, canvas.width, HEADER), fill=theme.header)
    canvas.text((22, HEADER / 2), TITLE, 33, theme.text, "lm", bold=True)
    for box in (STASH_BOX, *PLAYER_BOXES, FOOTER):
        card(canvas, theme, box)


def draw_header(canvas: Canvas, theme: Theme, state, names: Sequence[str]) -> None:
    mid = HEADER / 2
    x = 22 + canvas.text_width(TITLE, 33, bold=True) + 18
    room = WIDTH - 16 - PILL_WIDTH - 20 - x
    if round_just_ended(state):  # the picture is of the round that just ended
        done = len(state.round_boards)
        details = f"Round {done} over{DOT}"
        details += _round_score(canvas, state, names, done, room - canvas.text_width(details, TEXT))
    else:
        details = (
            f"Round {state.round} of {ROUNDS}{DOT}{PHASE_WORDS[state.phase]}"
            f"{DOT}Move {len(state.history)}"
        )
    canvas.text((x, mid + 1), details, TEXT, theme.text_dim, "lm", max_width=room)
    right = WIDTH - 16
    if state.phase == "over":
        winners = state.outcome.winners
        if winners:
            w = winners[0]
            turn_pill(canvas, theme, right, mid, names[w], " wins", w, 26, PILL_WIDTH, among=names)
        else:
            turn_pill(canvas, theme, right, mid, "Draw", "", None, 26, PILL_WIDTH)
    else:
        seat = state.to_move
        verb = f" to {VERBS[state.phase]}"
        turn_pill(canvas, theme, right, mid, names[seat], verb, seat, 26, PILL_WIDTH, among=names)


def _card_heading(canvas: Canvas, theme: Theme, box, left: str, right: str) -> None:
    x0, y0, x1, _ = box
    canvas.text((x0 + 20, y0 + 36), left.upper(), TEXT, theme.text_dim, "ls", bold=True)
    canvas.text((x1 - 20, y0 + 36), right, TEXT, theme.text_dim, "rs")


def _card_lines(canvas: Canvas, theme: Theme, box, lines: Sequence[str]) -> None:
    x0, y0, x1, _ = box
    for i, line in enumerate(lines):
        colour = theme.text if i == 0 else theme.text_dim
        canvas.text((x0 + 20, y0 + 70 + 30 * i), line, TEXT, colour, "lm", max_width=x1 - x0 - 40)


def draw_stash(canvas: Canvas, theme: Theme, state, names: Sequence[str], box) -> None:
    x0, _, _, y1 = box
    if round_just_ended(state):  # the stash is full again, for the next round
        first = state.first_placer
        _card_heading(canvas, theme, box, f"Round {state.round} next", "board clears")
        room = box[2] - box[0] - 40
        lines = [
            _name_line(canvas, names, first, " places first (8 pieces),", room),
            _name_line(canvas, names, 1 - first, " jumps first.", room),
        ]
        _card_lines(canvas, theme, box, lines)
        return
    left = sum(state.stash)
    _card_heading(canvas, theme, box, "Stash", f"{left} left to place" if left else "all 15 placed")
    if state.phase == "jump":  # nothing left to place: a reminder of how far pieces jump
        lines = ["Jump over up to S 1, M 2, L 3", "squares in a line, to an empty one"]
        _card_lines(canvas, theme, box, lines)
        return
    if state.phase == "over":
        _card_lines(canvas, theme, box, ["Both rounds played:", "the higher total wins."])
        return
    pyramid_counts(
        canvas,
        (x0 + 22, y1 - 14),
        state.stash,
        theme.ice,
        theme.card,
        theme.text,
        large_width=50,
        text_size=COUNT_TEXT,
        gap=26,
        labels=("S ", "M ", "L "),
    )


def draw_player(
    canvas: Canvas,
    theme: Theme,
    state,
    seat: int,
    name: str,
    box,
    shown_round: int,
    among: Sequence[str] = (),
) -> None:
    """A player's card (``among``: every seat's name, so that a long ``name`` is shortened
    to read as no other's)."""
    x0, y0, x1, y1 = box
    colour = theme.seat(seat)
    on_turn = state.to_move == seat
    outcome = state.outcome
    won = outcome is not None and seat in outcome.winners
    if on_turn or won:  # the plain card is in the fixed layer
        card(canvas, theme, box, accent=colour)
    if on_turn:  # a pointer from the board's side to the card
        my = (y0 + y1) / 2
        canvas.polygon([(x0 - 20, my - 13), (x0 - 4, my), (x0 - 20, my + 13)], colour)
    totals = state.totals()
    score_w = canvas.text((x1 - 20, y0 + 56), str(totals[seat]), 46, theme.text, "rs", bold=True)
    total_w = canvas.text((x1 - 20, y0 + 90), "total", TEXT, theme.text_dim, "rs")
    swatch(canvas, theme, (x0 + 36, y0 + 38), seat, 36)
    name_room = x1 - 20 - score_w - 16 - (x0 + 66)
    canvas.text((x0 + 66, y0 + 39), name, 28, theme.text, "lm", True, name_room, among=among)

    room = x1 - 20 - total_w - 14 - (x0 + 20)
    line = round_scores_line(state, seat)
    canvas.text((x0 + 20, y0 + 84), line, SCORE_TEXT, theme.text_dim, "lm", max_width=room)

    label = None
    if on_turn:
        label, fill = f"to {VERBS[state.phase]}", colour
    elif won:
        label, fill = "winner", colour
    elif outcome is not None and not outcome.winners:
        label, fill = "draw", theme.text_dim
    if label:
        width = canvas.text_width(label.upper(), TEXT, bold=True) + TEXT
        tag(canvas, theme, (x1 - 20 - width, y0 + 124), label, fill, TEXT)
    heading = f"Captured in round {shown_round}"
    canvas.text((x0 + 20, y0 + 132), heading, TEXT, theme.text_dim, "ls", bold=True)

    captured = state.captures[shown_round - 1][seat]
    counts = [sum(1 for s in captured if s == size) for size in SIZES]
    pyramid_counts(
        canvas,
        (x0 + 22, y1 - 14),
        counts,
        theme.ice,
        theme.card,
        theme.text,
        large_width=40,
        text_size=COUNT_TEXT,
        gap=20,
        labels=("S ", "M ", "L "),
    )


def round_scores_line(state, seat: int) -> str:
    """What ``seat`` captured in each round so far: "Round 1: 7", then "Rounds: 16 + 10"
    (short enough to stand tall beside the total)."""
    scores = [r[seat] for r in state.round_scores()]
    if len(scores) == 1:
        return f"Round 1: {scores[0]}"
    return "Rounds: " + " + ".join(map(str, scores))


def _two_lines(canvas: Canvas, text: str, room: float) -> list[str]:
    """``text`` on one line if it fits in ``room``, else on two: cut after the last comma
    that leaves a fitting first line (or at the last space that does)."""
    if canvas.text_width(text, TEXT) <= room:
        return [text]
    spaces = [i for i, ch in enumerate(text) if ch == " " and i > len(text) // 3]
    fitting = [i for i in spaces if canvas.text_width(text[:i], TEXT) <= room]
    if not fitting:
        return [text]
    after_comma = [i for i in fitting if text[i - 1] in ",;:"]
    cut = max(after_comma) if after_comma else max(fitting)
    return [text[:cut], text[cut:].strip()]


def draw_footer(canvas: Canvas, theme: Theme, state, names: Sequence[str], mover) -> None:
    last = describe_last_move(state, names, mover)
    first, second = state.first_placer, 1 - state.first_placer
    x0, y0, x1, y1 = FOOTER
    room = x1 - x0 - 40  # a banner's text room
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
        detail = _last_words(canvas, state, names, room)
        banner(canvas, theme, FOOTER, title, detail, fill, 28, TEXT)
        return
    if round_just_ended(state):
        done = len(state.round_boards)
        title = f"Round {done} over - " + _round_score(canvas, state, names, done, 640)
        detail = _last_words(canvas, state, names, room)
        banner(canvas, theme, FOOTER, title, detail, None, 28, TEXT)
        return
    mid = (y0 + y1) / 2
    if not state.history:
        text = (
            f"New game: {names[first]} places first (8 pieces), {names[second]} second (7); "
            f"then {names[second]} jumps first."
        )
        lines = _two_lines(canvas, text, x1 - x0 - 40)
        _draw_lines(canvas, theme, x0 + 20, mid, lines, x1 - x0 - 40)
        return
    text = f"{last}."
    if state.phase == "jump" and isinstance(state.last_move, Place):
        text += f"  All 15 placed: {names[second]} jumps first."
    # the label in the highlight colour ties the sentence to the marks on the board
    canvas.rect((x0 + 14, y0 + 14, x0 + 20, y1 - 14), fill=theme.highlight, radius=3)
    x = x0 + 34
    x += canvas.text((x, mid), "Last move", TEXT, theme.highlight, "lm", bold=True) + 14
    _draw_lines(canvas, theme, x, mid, _two_lines(canvas, text, x1 - 20 - x), x1 - 20 - x)


def _draw_lines(canvas: Canvas, theme: Theme, x: float, mid: float, lines, room: float) -> None:
    step = TEXT + 8
    top = mid - step * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        canvas.text((x, top + i * step), line, TEXT, theme.text, "lm", max_width=room)
