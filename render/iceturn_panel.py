"""The right column beside the Ice-Turn board: the turn card (the phase, the d6, the Treehouse
die and whether its action is used, the points left, what may be done now; the setup's
progress; the result's banner at the end) and the shown turn's moves, numbered as on the
board, with what each kind of tile reaches when there is room (before any turn: that, the
tile placed last and how the game is won).

Every text is at least ``MIN_TEXT`` px (10 px on a phone showing the image 450 px wide)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.iceturn_board import GRID

from . import iceturn_layout as lay
from .canvas import Canvas
from .common import die, heading, number_disc, swatch, tag, wrap
from .iceturn_tiles import tile_icon
from .iceturn_words import (
    PHASE_WORD,
    ShownTurn,
    face_status,
    last_placement,
    move_words,
    place_words,
    reason_words,
    winners_words,
)
from .names import sentence_names
from .theme import Theme, mix

TEXT = lay.MIN_TEXT
"""Body text and headings."""
BIG = 26
LINE = 28
"""From one wrapped line to the next."""
PAD = 18
"""A card's inner margin."""
DISC = 16
"""A move number's disc radius (its digit is 1.45 times that: 23 px)."""

# -- the turn card ---------------------------------------------------------------------------

DIE = 68
TREEHOUSE = 84
"""The Treehouse die is wider than the d6: its face is a word ("SWAP")."""


def treehouse_die(canvas: Canvas, theme: Theme, centre, state, status: str) -> None:
    """The Treehouse die showing its face's word: white while its action may still be used
    (with a thick yellow edge while an AIM run is open); greyed with a tick badge once used,
    with a cross badge when the movement phase ended without it; "?" before any roll. Drawn
    once and pasted (a sprite)."""
    reach = TREEHOUSE / 2 + 14
    extent = (reach, reach, reach, reach)
    canvas.sprite(_treehouse_die, centre, extent, theme, state.face, state.action, status)


def _treehouse_die(canvas: Canvas, centre, theme: Theme, face, action, status: str) -> None:
    x, y = centre
    h = TREEHOUSE / 2
    if status in ("unused", "aiming"):
        fill, ink, edge = theme.text, theme.board_edge, theme.highlight
    else:
        fill = mix(theme.card, theme.text_dim, 0.45)
        ink, edge = mix(fill, theme.board_edge, 0.75), theme.board_edge
    rim = 5 if status == "aiming" else 2
    canvas.rect((x - h - rim, y - h - rim, x + h + rim, y + h + rim), fill=edge, radius=h * 0.4)
    canvas.rect((x - h, y - h, x + h, y + h), fill=fill, radius=h * 0.3)
    word = face.upper() if face else "?"
    wild_as = bool(action) and face == "wild"
    canvas.text((x, y - (13 if wild_as else 0)), word, TEXT, ink, "mm", True)
    if wild_as:
        canvas.text((x, y + 15), action.upper(), TEXT, ink, "mm", True)
    badge = (x + h - 2, y - h + 2)
    if status == "used":
        canvas.circle(badge, 13, fill=theme.board_edge)
        canvas.circle(badge, 11, fill=theme.text)
        bx, by = badge
        tick = [(bx - 5.5, by), (bx - 1.5, by + 4.5), (bx + 5.5, by - 4.5)]
        canvas.line(tick, theme.board_edge, 3)
    elif status == "lost":
        canvas.circle(badge, 13, fill=theme.board_edge)
        canvas.circle(badge, 11, fill=theme.capture)
        canvas.cross(badge, 4.5, theme.board_edge, 2.5, theme.capture)


def dice_y() -> float:
    """The dice's middle in the turn card."""
    return lay.TURN_CARD[1] + 62 + TREEHOUSE / 2


def treehouse_centre() -> tuple[float, float]:
    """The Treehouse die's centre in the turn card (the d6 is to its left)."""
    return (lay.TURN_CARD[0] + PAD + DIE + 20 + TREEHOUSE / 2, dice_y())


def _status_lines(state, names: Sequence[str], status: str) -> list[str]:
    face = state.face.upper()
    if state.phase == "move":
        if status == "unused":
            return [f"{face}: free, once, before or after moving."]
        if status == "aiming":
            return ["AIM under way: rotate more tiles, or move on."]
        if state.action == "tip":
            return ["TIP used: the turn has 7 points."]
        if state.face == "wild":
            return [f"WILD used as {state.action.upper()}."]
        return [f"{face} used."]
    if state.phase == "react":
        return ["Each tile under your lying pieces may turn one lying piece it reaches."]
    return [f"{names[state.seat]} rolls the d6 and the Treehouse die next."]


def _lines(canvas: Canvas, theme: Theme, x, y, text, width, bottom, colour, bold=False) -> float:
    """``text`` wrapped into the lines that fit above ``bottom``; returns the y after them."""
    room = max(1, int((bottom - y) // LINE) + 1)
    for part in wrap(canvas, text, TEXT, width, room):
        canvas.text((x, y), part, TEXT, colour, "lm", bold, width)
        y += LINE
    return y


def _play_card(canvas: Canvas, theme: Theme, state, names: Sequence[str]) -> None:
    x0, y0, x1, y1 = lay.TURN_CARD
    x, right = x0 + PAD, x1 - PAD
    seat = state.seat
    rolled = state.face != ""
    current = state.phase in ("move", "react")
    tag(canvas, theme, (x, y0 + 32), PHASE_WORD[state.phase], theme.seat(seat), TEXT)
    tx, dy = treehouse_centre()
    status = face_status(state) if current else ""  # a past roll: greyed, no badge
    if rolled:
        live = state.phase == "move" and state.points > 0
        die(canvas, theme, (x + DIE / 2, dy), DIE, state.rolled, "left" if live else "used")
    else:
        box = (x, dy - DIE / 2, x + DIE, dy + DIE / 2)
        canvas.rect(box, outline=theme.card_edge, width=2.5, radius=DIE * 0.15)
        canvas.text((x + DIE / 2, dy), "d6", TEXT, theme.text_dim, "mm", True)
    treehouse_die(canvas, theme, (tx, dy), state, status if rolled else "")
    y = dy + TREEHOUSE / 2 + 30
    if state.phase == "move":
        heading(canvas, theme, (x, y + 9), "Points left", TEXT)
        canvas.text((right, y + 2), str(state.points), 40, theme.text, "rm", True)
        y += 40
    elif state.phase == "react":
        cells = ", ".join(GRID.name(c) for c in state.can_react())
        w = heading(canvas, theme, (x, y + 9), "React from", TEXT)
        if canvas.text_width(cells, BIG, True) <= right - x - w - 12:
            canvas.text((right, y + 1), cells, BIG, theme.text, "rm", True)
        else:
            y += LINE + 4
            canvas.text((x, y + 1), cells, BIG, theme.text, "lm", True, right - x)
        y += 40
    elif rolled and state.last_turn is not None:
        w = heading(canvas, theme, (x, y + 9), "Last roll", TEXT)
        who = names[state.last_turn.seat]
        if canvas.text_width(who, TEXT, True) <= right - x - w - 12:
            canvas.text((right, y + 1), who, TEXT, theme.text, "rm", True)
        else:  # a long name gets a line of its own rather than being cut short
            y += LINE + 4
            canvas.text((x, y + 1), who, TEXT, theme.text, "lm", True, right - x, among=names)
        y += 40
    else:
        canvas.text((x, y), "No roll yet", TEXT, theme.text_dim, "lm")
        y += 36
    for line in _status_lines(state, sentence_names(names, TEXT, right - x), status):
        y = _lines(canvas, theme, x, y, line, right - x, y1 - 20, theme.text)


def _setup_card(canvas: Canvas, theme: Theme, state, names: Sequence[str]) -> None:
    x0, y0, x1, y1 = lay.TURN_CARD
    x, right = x0 + PAD, x1 - PAD
    placed = sum(t is not None for t in state.tiles)
    tag(canvas, theme, (x, y0 + 32), PHASE_WORD[state.phase], theme.text_dim, TEXT)
    canvas.text((x, y0 + 78), f"{placed} of 16 tiles placed", BIG, theme.text, "lm", True)
    bar = (x, y0 + 100, right, y0 + 112)
    canvas.rect(bar, fill=theme.board_edge, radius=6)
    if placed:
        done = (bar[0], bar[1], bar[0] + (bar[2] - bar[0]) * placed / 16, bar[3])
        canvas.rect(done, fill=theme.highlight, radius=6)
    rule = "At most one Q-Turner per row and column; single arrows point onto the board."
    y = _lines(canvas, theme, x, y0 + 140, rule, right - x, y1 - 90, theme.text_dim)
    placement = last_placement(state)
    if placement is not None:
        who = sentence_names(names, TEXT, right - x)[(placed - 1) % state.num_players]
        text = f"Last: {who}, {place_words(placement)}"
        _lines(canvas, theme, x, y + 8, text, right - x, y1 - 20, theme.highlight, True)


def _result(canvas: Canvas, theme: Theme, state, names: Sequence[str]) -> None:
    """The result's banner: GAME OVER, who won (or a draw) and why, wrapped to fit."""
    x0, y0, x1, y1 = box = lay.TURN_CARD
    canvas.rect(box, fill=theme.banner, outline=theme.board_edge, width=2, radius=14)
    x, width = x0 + PAD, x1 - x0 - 2 * PAD
    title = winners_words(state, sentence_names(names, 34, width))
    title = title[0].upper() + title[1:]
    titles = wrap(canvas, title, 34, width, 2)
    reasons = wrap(canvas, reason_words(state), TEXT, width, 3)
    height = 40 + 42 * len(titles) + 8 + LINE * len(reasons)
    y = (y0 + y1) / 2 - height / 2
    canvas.text((x, y + 14), "GAME OVER", TEXT, theme.banner_text, "lm", True)
    y += 40
    for line in titles:
        canvas.text((x, y + 21), line, 34, theme.banner_text, "lm", True, width)
        y += 42
    y += 8
    for line in reasons:
        canvas.text((x, y + LINE / 2), line, TEXT, theme.banner_text, "lm", False, width)
        y += LINE


def draw_turn_card(canvas: Canvas, theme: Theme, state, names: Sequence[str]) -> None:
    if state.phase == "over":
        _result(canvas, theme, state, names)
        return
    # the plain card is in the fixed layer
    if state.phase in ("deal", "place"):
        _setup_card(canvas, theme, state, names)
    else:
        _play_card(canvas, theme, state, names)


# -- the shown turn, and the legend ----------------------------------------------------------

LEGEND = (("Q", "its row and column"), ("D", "its line, both ways"), ("A", "the next tile"))
"""What a tile of each kind reaches in the reaction phase (the icon names the kind)."""
ICON = 34
LEGEND_ROW = 42
LEGEND_HEIGHT = 44 + 3 * LEGEND_ROW
ROW = 36
"""A move's row in the list."""


def _legend(canvas: Canvas, theme: Theme, x: float, top: float, right: float) -> None:
    """What each kind of tile turns in the reaction phase (drawn from ``top``)."""
    heading(canvas, theme, (x, top + 24), "A tile reaches", TEXT)
    y = top + 44 + LEGEND_ROW / 2
    for kind, words in LEGEND:
        tile_icon(canvas, theme, (x, y - ICON / 2, x + ICON, y + ICON / 2), kind)
        canvas.text((x + ICON + 12, y + 1), words, TEXT, theme.text, "lm", False, right - x - 46)
        y += LEGEND_ROW


def _move_text(canvas: Canvas, move, width: float) -> str:
    """A move in words, in the short notation when the long words do not fit."""
    text = move_words(move)
    if canvas.text_width(text, TEXT, True) > width:
        text = move_words(move, short=True)
    return text


def _moves(canvas: Canvas, theme: Theme, moves, box) -> None:
    """The numbered moves in ``box``, one a row; the last row says how many more there are
    when they do not all fit."""
    x0, y0, x1, y1 = box
    rows = max(1, int((y1 - y0) // ROW))
    listed = list(enumerate(moves, 1))
    more = 0
    if len(listed) > rows:
        more = len(listed) - (rows - 1)
        listed = listed[: rows - 1]
    y = y0 + ROW / 2
    for n, move in listed:
        number_disc(canvas, theme, (x0 + DISC, y), n, DISC)
        width = x1 - x0 - 2 * DISC - 10
        text = _move_text(canvas, move, width)
        canvas.text((x0 + 2 * DISC + 10, y + 1), text, TEXT, theme.text, "lm", True, width)
        y += ROW
    if more:
        canvas.text((x0, y + 1), f"... {more} more", TEXT, theme.text_dim, "lm")


def _before_any_turn(canvas: Canvas, theme: Theme, state, names, box) -> None:
    """The legend, the tile placed last (at the first roll) and how the game is won."""
    x0, y0, x1, y1 = box
    x, right = x0 + PAD, x1 - PAD
    _legend(canvas, theme, x, y0 + 10, right)
    top = y0 + 10 + LEGEND_HEIGHT + 40
    setup = state.phase in ("deal", "place")
    placement = last_placement(state)
    if placement is not None and not setup:  # the setup card says it while it lasts
        heading(canvas, theme, (x, top), "Last tile placed", TEXT)
        who = sentence_names(names, TEXT, right - x)[(len(state.tiles) - 1) % state.num_players]
        text = f"{who}: {place_words(placement)}"
        top = _lines(canvas, theme, x, top + 30, text, right - x, top + 60, theme.highlight, True)
        top += 30
    heading(canvas, theme, (x, top), "How to win", TEXT)
    text = (
        "Your goal: the corner with your number's flag. Stand a nest on it: small at the "
        "bottom, then medium, large on top."
    )
    _lines(canvas, theme, x, top + 30, text, right - x, y1 - 22, theme.text_dim)


def draw_log(
    canvas: Canvas, theme: Theme, state, names: Sequence[str], shown: ShownTurn | None
) -> None:
    """The shown turn's moves (or what comes before any), and the legend of the tiles when
    there is room for it."""
    box = lay.LOG_CARD
    x0, y0, x1, y1 = box  # the plain card is in the fixed layer
    if shown is None:
        _before_any_turn(canvas, theme, state, names, box)
        return
    x, right = x0 + PAD, x1 - PAD
    canvas.rect((x0 + 7, y0 + 14, x0 + 11, y0 + 44), fill=theme.highlight, radius=2)
    label = "This turn" if shown.current else "Last turn"
    w = heading(canvas, theme, (x, y0 + 38), label, TEXT)
    swatch(canvas, theme, (x + w + 28, y0 + 30), shown.seat, 32)
    name, room = names[shown.seat], right - (x + w + 52)
    top = y0 + 92
    if canvas.text_width(name, TEXT, True) <= room:
        canvas.text((x + w + 52, y0 + 31), name, TEXT, theme.text, "lm", True)
        roll_y = y0 + 70
    else:  # a long name ("Parlor 2 (medium)") gets a line of its own, not cut to "Parl..."
        canvas.text((x, y0 + 70), name, TEXT, theme.text, "lm", True, right - x, among=names)
        roll_y = y0 + 70 + LINE
        top += LINE
    roll = f"rolled {shown.points} and {shown.face.upper()}"
    canvas.text((x, roll_y), roll, TEXT, theme.text_dim, "lm", False, right - x)
    if not shown.moves:
        _lines(
            canvas,
            theme,
            x,
            top + 16,
            "No moves: the turn passed.",
            right - x,
            top + 60,
            theme.text_dim,
        )
    legend = y1 - 8 - LEGEND_HEIGHT
    if len(shown.moves) * ROW <= legend - top - 10:
        _moves(canvas, theme, shown.moves, (x, top, right, legend - 10))
        _legend(canvas, theme, x, legend, right)
    else:
        _moves(canvas, theme, shown.moves, (x, top, right, y1 - 12))
