"""The Pachisi pieces (a seat's pawn token; the dice are :func:`render.common.die`) and the
image's side panel: the title and rule set, whose turn, the dice or the opening roll's throws,
bonuses, the final report and banner, and the last move in words. Each player's name and
score are at their nest (see :mod:`render.pachisi`). No text is smaller than ``TEXT``.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import pachisi_layout as lay
from .canvas import Canvas
from .common import card, die, heading, wrap
from .names import sentence_names as _sentence_names
from .pachisi_opening import opening_winner_words, rolloff_throws
from .pachisi_words import (
    dice_status,
    doublet_words,
    hs_words,
    last_move_words,
    last_roller,
    penalty,
)
from .theme import RGB, Theme

SHAPES = ("circle", "square", "roof", "keel")
"""The second cue per seat, besides its colour: the outline of its pawns and markers, told
apart in greyscale at phone size by their corners: round, square, a point on top (roof), a
point below (keel). Each fills its box (half-width ``w``, half-height ``h``) so that a pawn
number fits inside it."""

NUMBER_DY = -0.045
"""Where a pawn number sits from its pawn's centre, per px of its size: the font's digits
stand a little low."""


def _shape(canvas: Canvas, shape: str, centre, w: float, h: float, fill: RGB) -> None:
    x, y = centre
    if shape == "circle":  # a circle, or a stadium when taller than wide
        if w == h:
            canvas.circle(centre, w, fill=fill)
        else:
            canvas.rect((x - w, y - h, x + w, y + h), fill=fill, radius=w)
    elif shape == "square":
        canvas.rect((x - w, y - h, x + w, y + h), fill=fill, radius=min(w, h) * 0.08)
    else:  # a pentagon with its point on top (roof) or below (keel)
        up = -1 if shape == "roof" else 1
        point = min(w, h) * 0.7
        canvas.polygon(
            [
                (x, y + up * h),
                (x + w, y + up * (h - point)),
                (x + w, y - up * h),
                (x - w, y - up * h),
                (x - w, y + up * (h - point)),
            ],
            fill,
        )


def number_dy(shape: str, w: float, h: float, size: float) -> float:
    """How far a pawn's number of ``size`` px moves down from its centre: away from a roof's
    point (up from a keel's), so that it lies wholly on the pawn."""
    shift = {"roof": 1, "keel": -1}.get(shape, 0) * min(w, h) * 0.18
    return NUMBER_DY * size + shift


def token(
    canvas: Canvas,
    theme: Theme,
    centre,
    r: float,
    seat: int,
    label: str = "",
    text_size: float | None = None,
    text_dx: float = 0,
    height: float | None = None,
    edge: float = 2,
) -> None:
    """A pawn (or a seat's marker): the seat's shape in its colour with a dark ``edge``,
    ``r`` wide and ``height`` (default ``r``) tall each side of ``centre``, and ``label`` (the
    pawn number) in it. Drawn once and pasted (a sprite)."""
    h = r if height is None else height
    extent = (r + edge + 2, h + edge + 2, r + edge + 2, h + edge + 2)
    args = (theme, r, seat, label, text_size, text_dx, h, edge)
    canvas.sprite(_token, centre, extent, *args)


def _token(
    canvas: Canvas,
    centre,
    theme: Theme,
    r: float,
    seat: int,
    label: str,
    text_size: float | None,
    text_dx: float,
    h: float,
    edge: float,
) -> None:
    shape = SHAPES[seat % len(SHAPES)]
    _shape(canvas, shape, centre, r + edge, h + edge, theme.board_edge)
    _shape(canvas, shape, centre, r, h, theme.seat(seat))
    if label:
        size = text_size or r * 1.3
        xy = (centre[0] + text_dx, centre[1] + number_dy(shape, r, h, size))
        canvas.text(xy, label, size, theme.seat_text, "mm", bold=True)


def chip(canvas: Canvas, theme: Theme, xy, text: str, fill: RGB, size: float = 18) -> float:
    """A small rounded label with its left end at ``xy`` (vertical middle); returns its width."""
    x, y = xy
    pad = size * 0.5
    width = canvas.text_width(text, size, bold=True) + 2 * pad
    h = size * 1.5
    canvas.rect((x, y - h / 2, x + width, y + h / 2), fill=fill, radius=h * 0.3)
    canvas.text((x + pad, y + 1), text, size, theme.seat_text, "lm", bold=True)
    return width


# -- the panel's parts -----------------------------------------------------------------------

TEXT = 25
"""The smallest text on the image: 10.2 px when a phone shows it 450 px wide (so at least 10;
see tests/render/phone.py)."""
NAME = 27
TITLE = 34
LINE = 31
"""Between two lines of ``TEXT``."""
DOT = "  \N{MIDDLE DOT}  "
SENTENCE_NAME = 160
"""How wide a name in a sentence may be (px at ``TEXT``): "P. 2 (medium)" fits."""


def sentence_names(names: Sequence[str]) -> list[str]:
    """The names as the panel's sentences say them: shortened where wider than
    ``SENTENCE_NAME`` so that each reads as nobody else's ("P. 2 (medium)"), each kept on
    one line."""
    return _sentence_names(names, TEXT, SENTENCE_NAME)


def _heading(canvas: Canvas, theme: Theme, xy, text: str) -> float:
    return heading(canvas, theme, xy, text, TEXT)


def _title(canvas: Canvas, theme: Theme, state) -> float:
    x, r = lay.PANEL_X, lay.PANEL_R
    canvas.text((x + 2, 30), "Pachisi", TITLE, theme.text, "lm", bold=True)
    canvas.text((r, 32), f"move {len(state.history)}", TEXT, theme.text_dim, "rm")
    rules = "Online rules" if state.options["rules"] == "online" else "Classic rules"
    extras = []
    if state.options.get("partners"):
        extras.append("partners")
    if not state.options.get("blockades", True):
        extras.append("no blockades")
    line = DOT.join([rules, *extras])
    players = f"{line}{DOT}{state.num_players} players"
    if canvas.text_width(players, TEXT) <= r - x - 4:
        line = players
    lines = wrap(canvas, line, TEXT, r - x - 4, 2)
    for i, text in enumerate(lines):
        canvas.text((x + 2, 68 + LINE * i), text, TEXT, theme.text_dim, "lm")
    return 68 + LINE * (len(lines) - 1) + 22


def winner_lines(canvas: Canvas, state, names, size: float, width: float) -> list[str]:
    """The banner's title: "Ann wins!", or a team's "Ann & Cat win!", on two lines where one
    is too narrow ("Ann &", "Cat win!"); every name whole where it fits, else shortened so
    that it reads as nobody else's."""
    winners = state.outcome.winners
    if len(winners) == 1:
        return [fit_name(canvas, names, winners[0], "", " wins!", size, width)]
    whole = " & ".join(names[s] for s in winners) + " win!"
    if canvas.text_width(whole, size, True) <= width:
        return [whole]
    *firsts, last = winners
    lines = [fit_name(canvas, names, s, "", " &", size, width) for s in firsts]
    return [*lines, fit_name(canvas, names, last, "", " win!", size, width)]


def fit_name(
    canvas: Canvas,
    names,
    seat: int,
    before: str,
    after: str,
    size: float,
    width: float,
    bold: bool = True,
) -> str:
    """``before``, the name of ``seat`` and ``after`` within ``width``: the name shortened
    (so that it reads as no other seat's), never the words around it."""
    room = width - canvas.text_width(before + after, size, bold)
    return before + canvas.fit(names[seat], size, max(room, size), bold, among=names) + after


def _over_banner(canvas: Canvas, theme: Theme, state, names, top: float) -> float:
    x0, x1 = lay.PANEL_X, lay.PANEL_R
    winners = state.outcome.winners
    titles = winner_lines(canvas, state, names, 30, x1 - x0 - 32)
    reason = f"{state.outcome.reason[0].upper()}{state.outcome.reason[1:]}"
    lines = wrap(canvas, reason, TEXT, x1 - x0 - 32, 2)
    high = 34 * (len(titles) - 1)
    bottom = top + 62 + high + LINE * len(lines)
    fill = theme.seat(winners[0])
    canvas.rect((x0, top, x1, bottom), fill=fill, outline=theme.board_edge, width=2, radius=14)
    cx = (x0 + x1) / 2
    for i, title in enumerate(titles):
        canvas.text((cx, top + 30 + 34 * i), title, 30, theme.banner_text, "mm", True)
    for i, line in enumerate(lines):
        canvas.text((cx, top + 66 + high + LINE * i), line, TEXT, theme.banner_text, "mm")
    return bottom


def _turn(canvas: Canvas, theme: Theme, state, names, top: float) -> float:
    x0, x1 = lay.PANEL_X, lay.PANEL_R
    if state.phase == "over":
        return _over_banner(canvas, theme, state, names, top)
    seat = state.seat
    bottom = top + 86
    card(canvas, theme, (x0, top, x1, bottom), accent=theme.seat(seat))
    token(canvas, theme, (x0 + 30, top + 29), 14, seat)
    room = x1 - x0 - 72
    canvas.text((x0 + 56, top + 30), names[seat], NAME, theme.text, "lm", True, room, among=names)
    if state.phase == "rolloff":
        verb = "to throw (opening roll)"
    elif state.phase == "roll":
        verb = "to roll again" if state.doublets else "to roll"
    else:
        verb = "to move"
        colour = state.moving_colour
        if colour != seat:
            room = x1 - x0 - 32
            verb = fit_name(canvas, names, colour, "to move ", "'s pawns", TEXT, room, False)
    canvas.text((x0 + 18, top + 64), verb, TEXT, theme.text_dim, "lm", max_width=x1 - x0 - 32)
    return bottom


def _rolloff(canvas: Canvas, theme: Theme, state, names, top: float) -> float:
    """The opening roll: its rule, a tie, and each player's throw."""
    x0, x1 = lay.PANEL_X, lay.PANEL_R
    x = x0 + 18
    online = state.options["rules"] == "online"
    rule = "Highest die starts" if online else "Lowest total of two dice starts"
    lines = wrap(canvas, rule, TEXT, x1 - x - 14, 2)
    if len(state.contenders) < state.num_players:
        said = sentence_names(names)
        tied = " & ".join(said[s] for s in state.contenders)
        lines += wrap(canvas, f"Tied: {tied} throw again", TEXT, x1 - x - 14, 2)
    row = 48
    height = 50 + LINE * len(lines) + row * state.num_players
    card(canvas, theme, (x0, top, x1, top + height))
    _heading(canvas, theme, (x, top + 34), "Opening roll")
    y = top + 62
    for line in lines:
        canvas.text((x, y), line, TEXT, theme.text, "lm")
        y += LINE
    y += row / 2 - LINE / 2 + 2
    for seat, (throw, status) in enumerate(rolloff_throws(state)):
        token(canvas, theme, (x0 + 30, y), 13, seat)
        right = x1 - 14
        if throw:
            for i, value in enumerate(reversed(throw)):
                die(canvas, theme, (right - 18 - i * 44, y), 36, value, status)
            right -= 44 * len(throw)
        else:
            right -= canvas.text((right, y), "to throw", TEXT, theme.text_dim, "rm")
        room = right - 12 - x0 - 54
        canvas.text((x0 + 54, y), names[seat], TEXT, theme.text, "lm", True, room, among=names)
        y += row
    return top + height


def _dice(canvas: Canvas, theme: Theme, state, names, top: float) -> float:
    x0, x1 = lay.PANEL_X, lay.PANEL_R
    x = x0 + 18
    room = x1 - x - 14
    roller = last_roller(state)
    if roller is None:  # the opening roll is over, nobody has rolled yet
        said = sentence_names(names)
        text = opening_winner_words(state, said) or f"{said[state.seat]} won the opening roll."
        lines = wrap(canvas, f"{text[:-1]} and rolls first.", TEXT, room, 3)
        bottom = top + 52 + LINE * len(lines)
        card(canvas, theme, (x0, top, x1, bottom))
        _heading(canvas, theme, (x, top + 34), "Dice")
        for i, line in enumerate(lines):
            canvas.text((x, top + 64 + LINE * i), line, TEXT, theme.text, "lm")
        return bottom
    notes = []
    if state.fourteen:
        notes.append("a 14: four parts")
    if state.doublets:
        notes.append(doublet_words(state.doublets))
    chips = [(f"+{b} to take", theme.highlight) for b in state.bonuses]
    chips += [(f"+{b} lost", theme.text_dim) for b in state.lost_bonuses]
    left = " ".join(map(str, sorted(state.remaining)))
    if state.phase == "play":
        line = f"To play: {left}" if left else "Dice done: take the bonus"
    elif state.forfeited:
        line = "Forfeited: " + " ".join(map(str, state.forfeited))
    else:
        line = "All played"
    if state.phase == "roll" and state.doublets and not penalty(state):
        line += ", roll again"
    lines = wrap(canvas, line, TEXT, room, 2)
    if penalty(state):
        lines = ["3rd doublet in a row,", "so no move"]
    bottom = top + 111 + LINE * (len(lines) + len(notes)) + (46 if chips else 0)
    card(canvas, theme, (x0, top, x1, bottom))
    label = "Dice" if state.phase == "play" else "Last roll"
    w = _heading(canvas, theme, (x, top + 34), label)
    if state.phase != "play":
        right = x1 - 14 - (x + w + 12)
        at = (x + w + 12, top + 34)
        canvas.text(at, names[roller], TEXT, theme.text_dim, "ls", True, right, among=names)
    statuses = dice_status(state)
    size, gap = (48, 14) if len(statuses) == 2 else (46, 12)
    for i, (value, status) in enumerate(statuses):
        die(canvas, theme, (x + size / 2 + i * (size + gap), top + 74), size, value, status)
    y = top + 124
    for i, text in enumerate(lines):
        canvas.text((x, y + LINE * i), text, TEXT, theme.text, "lm")
    y += LINE * (len(lines) - 1)
    for note in notes:
        y += LINE
        canvas.text((x, y), note, TEXT, theme.highlight, "lm", True, room)
    cx = x
    for text, fill in chips:
        cx += chip(canvas, theme, (cx, y + 40), text, fill, TEXT) + 8
    return bottom


def _report(canvas: Canvas, theme: Theme, state, names, top: float) -> float:
    x0, x1 = lay.PANEL_X, lay.PANEL_R
    rows = state.report()
    row = 42
    starred = any(r.random for r in rows)
    note = wrap(canvas, "* order drawn at random (full tie)", TEXT, x1 - x0 - 32, 2)
    height = 50 + row * len(rows) + (LINE * len(note) + 6 if starred else 6)
    card(canvas, theme, (x0, top, x1, top + height))
    _heading(canvas, theme, (x0 + 18, top + 34), "Final report")
    canvas.text((x1 - 14, top + 34), "H / S", TEXT, theme.text_dim, "rs", bold=True)
    y = top + 46
    for r in rows:
        my = y + row / 2
        w = canvas.text((x0 + 16, my), f"{r.place}.", TEXT, theme.text, "lm", bold=True)
        token(canvas, theme, (x0 + 34 + w, my), 12, r.seat)
        score = hs_words(r.home, r.steps) + ("*" if r.random else "")
        sw = canvas.text((x1 - 14, my), score, TEXT, theme.text, "rm", True)
        name_x = x0 + 56 + w
        left = " (left)" if r.left else ""
        room = x1 - 14 - sw - 10 - name_x - canvas.text_width(left, TEXT, True)
        name = canvas.fit(names[r.seat], TEXT, max(room, TEXT), True, among=names) + left
        canvas.text((name_x, my), name, TEXT, theme.text, "lm", True)
        y += row
    if starred:
        for i, line in enumerate(note):
            canvas.text((x0 + 16, y + 16 + LINE * i), line, TEXT, theme.text_dim, "lm")
    return top + height


def _last_move(canvas: Canvas, theme: Theme, state, names, top: float) -> None:
    x0, x1 = lay.PANEL_X, lay.PANEL_R
    bottom = lay.PANEL_BOTTOM
    if bottom - top < 90:
        return
    card(canvas, theme, (x0, top, x1, bottom))
    x = x0 + 18
    canvas.rect((x0 + 7, top + 14, x0 + 11, top + 42), fill=theme.highlight, radius=2)
    _heading(canvas, theme, (x, top + 36), "Last move")
    text = last_move_words(state, sentence_names(names))
    text = text or "New game: the opening roll decides who starts."
    lines = max(1, int((bottom - top - 50) // LINE))
    for i, line in enumerate(wrap(canvas, text, TEXT, x1 - x - 12, lines)):
        canvas.text((x, top + 66 + LINE * i), line, TEXT, theme.text, "lm")


def draw_panel(canvas: Canvas, theme: Theme, state, names: Sequence[str]) -> None:
    """The side panel, top to bottom; the last move's card takes the room that is left."""
    y = _title(canvas, theme, state)
    y = _turn(canvas, theme, state, names, y) + 10
    if state.phase == "over":
        y = _report(canvas, theme, state, names, y) + 10
    elif state.phase == "rolloff":
        y = _rolloff(canvas, theme, state, names, y) + 10
    else:
        y = _dice(canvas, theme, state, names, y) + 10
    _last_move(canvas, theme, state, names, y)
