"""The cards beside the Ice-Turn board: the turn card (the d6, the Treehouse die and whether
its action is used, the points left, the phase in words, the round; the setup's progress; the
result's banner at the end), the players' card (colour and number, start and goal corners,
pieces on the goal; during the setup the hands of tiles still to place) and the shown turn's
moves, numbered as on the board, with what each kind of tile reaches when there is room."""

from __future__ import annotations

from collections.abc import Sequence

from engine.iceturn_board import GRID

from . import iceturn_layout as lay
from .common import Canvas, banner, card, heading, swatch, tag
from .iceturn_tiles import ICON, tile_icon
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
from .pachicei_pieces import number_disc
from .pachisi_panel import die, wrap
from .theme import Theme, mix

BODY = 19
SMALL = 17

# -- the turn card ---------------------------------------------------------------------------

DIE = 60


def treehouse_die(canvas: Canvas, theme: Theme, centre, state, status: str) -> None:
    """The Treehouse die showing its face's word: white while its action may still be used
    (with a thick yellow edge while an AIM run is open); greyed with a tick badge once used,
    with a cross badge when the movement phase ended without it; "?" before any roll."""
    x, y = centre
    h = DIE / 2
    face, action = state.face, state.action
    if status in ("unused", "aiming"):
        fill, ink, edge = theme.text, theme.board_edge, theme.highlight
    else:
        fill = mix(theme.card, theme.text_dim, 0.45)
        ink, edge = mix(fill, theme.board_edge, 0.6), theme.board_edge
    rim = 5 if status == "aiming" else 2
    canvas.rect((x - h - rim, y - h - rim, x + h + rim, y + h + rim), fill=edge, radius=h * 0.4)
    canvas.rect((x - h, y - h, x + h, y + h), fill=fill, radius=h * 0.3)
    word = face.upper() if face else "?"
    wild_as = bool(action) and face == "wild"
    canvas.text((x, y - (7 if wild_as else 0)), word, 17 if len(word) > 3 else 20, ink, "mm", True)
    if wild_as:
        canvas.text((x, y + 14), action.upper(), 13, ink, "mm", True)
    badge = (x + h - 2, y - h + 2)
    if status == "used":
        canvas.circle(badge, 12, fill=theme.board_edge)
        canvas.circle(badge, 10, fill=theme.text)
        bx, by = badge
        tick = [(bx - 5, by), (bx - 1.5, by + 4), (bx + 5, by - 4)]
        canvas.line(tick, theme.board_edge, 3)
    elif status == "lost":
        canvas.circle(badge, 12, fill=theme.board_edge)
        canvas.circle(badge, 10, fill=theme.capture)
        canvas.cross(badge, 4, theme.board_edge, 2.5, theme.capture)


def treehouse_centre() -> tuple[float, float]:
    """The Treehouse die's centre in the turn card (the d6 is to its left)."""
    x0, y0, _x1, _y1 = lay.TURN_CARD
    return (x0 + 18 + DIE * 1.5 + 18, y0 + 50 + DIE / 2)


def _status_lines(state, names: Sequence[str], status: str) -> list[str]:
    face = state.face.upper()
    if state.phase == "move":
        if status == "unused":
            return [f"{face}: free, once, before or after moving"]
        if status == "aiming":
            return ["AIM under way: rotate more tiles, or move on"]
        if state.face == "wild":
            return [f"WILD used as {state.action.upper()}"]
        return [f"{face} used"]
    if state.phase == "react":
        return ["Each tile under your lying pieces may turn one lying piece its arrows reach"]
    return [f"{names[state.seat]} rolls the d6 and the Treehouse die next"]


def _play_card(canvas: Canvas, theme: Theme, state, names: Sequence[str]) -> None:
    x0, y0, x1, _y1 = lay.TURN_CARD
    x = x0 + 18
    seat = state.seat
    rolled = state.face != ""
    current = state.phase in ("move", "react")
    w = heading(canvas, theme, (x, y0 + 30), f"Round {min(state.round, state.round_limit)}")
    canvas.text((x + w + 8, y0 + 30), f"of {state.round_limit}", 16, theme.text_dim, "ls")
    phase = PHASE_WORD[state.phase]
    w = canvas.text_width(phase.upper(), 15, bold=True) + 15
    tag(canvas, theme, (x1 - 16 - w, y0 + 24), phase, theme.seat(seat), 15)
    tx, dy = treehouse_centre()
    status = face_status(state) if current else ""  # a past roll: greyed, no badge
    if rolled:
        live = state.phase == "move" and state.points > 0
        die(canvas, theme, (x + DIE / 2, dy), DIE, state.rolled, "left" if live else "used")
    else:
        box = (x, dy - DIE / 2, x + DIE, dy + DIE / 2)
        canvas.rect(box, outline=theme.card_edge, width=2.5, radius=DIE * 0.15)
        canvas.text((x + DIE / 2, dy), "d6", 20, theme.text_dim, "mm", True)
    treehouse_die(canvas, theme, (tx, dy), state, status if rolled else "")
    left = tx + DIE / 2 + 22
    room = x1 - 16 - left
    if state.phase == "move":
        heading(canvas, theme, (left, dy - 10), "Points left", 15)
        canvas.text((left, dy + 20), str(state.points), 38, theme.text, "lm", True)
        if state.action == "tip":
            canvas.text((left + 36, dy + 22), "TIP: 7 points", SMALL, theme.text_dim, "lm")
    elif state.phase == "react":
        heading(canvas, theme, (left, dy - 10), "Can react from", 15)
        cells = ", ".join(GRID.name(c) for c in state.can_react())
        canvas.text((left, dy + 18), cells, 26, theme.text, "lm", True, room)
    elif rolled and state.last_turn is not None:
        heading(canvas, theme, (left, dy - 10), "Last roll", 15)
        who = names[state.last_turn.seat]
        canvas.text((left, dy + 16), who, BODY, theme.text, "lm", True, room)
    else:
        canvas.text((left, dy), "No roll yet", SMALL, theme.text_dim, "lm")
    y = dy + DIE / 2 + 22
    for line in _status_lines(state, names, status):
        for part in wrap(canvas, line, SMALL, x1 - x - 14, 2):
            canvas.text((x, y), part, SMALL, theme.text, "lm")
            y += 21


def _setup_card(canvas: Canvas, theme: Theme, state, names: Sequence[str]) -> None:
    x0, y0, x1, _y1 = lay.TURN_CARD
    x = x0 + 18
    heading(canvas, theme, (x, y0 + 30), "Setup")
    placed = sum(t is not None for t in state.tiles)
    w = canvas.text_width(PHASE_WORD[state.phase].upper(), 15, bold=True) + 15
    tag(canvas, theme, (x1 - 16 - w, y0 + 24), PHASE_WORD[state.phase], theme.text_dim, 15)
    canvas.text((x, y0 + 60), f"{placed} of 16 tiles placed", 24, theme.text, "lm", True)
    bar = (x, y0 + 80, x1 - 18, y0 + 92)
    canvas.rect(bar, fill=theme.board_edge, radius=6)
    if placed:
        done = (bar[0], bar[1], bar[0] + (bar[2] - bar[0]) * placed / 16, bar[3])
        canvas.rect(done, fill=theme.highlight, radius=6)
    rule = "At most one Q-Turner per row and column; single arrows point onto the board."
    y = y0 + 114
    for line in wrap(canvas, rule, SMALL, x1 - x - 14, 2):
        canvas.text((x, y), line, SMALL, theme.text_dim, "lm")
        y += 21
    placement = last_placement(state)
    if placement is not None:
        who = names[(placed - 1) % state.num_players]
        text = f"Last: {who}, {place_words(placement)}"
        canvas.text((x, y + 2), text, SMALL, theme.highlight, "lm", True, x1 - x - 14)


def draw_turn_card(canvas: Canvas, theme: Theme, state, names: Sequence[str]) -> None:
    box = lay.TURN_CARD
    if state.phase == "over":
        title = winners_words(state, names)
        title = title[0].upper() + title[1:]
        banner(canvas, theme, box, title, reason_words(state), None, 32, 20)
        x0, y0, _x1, _y1 = box
        canvas.text((x0 + 18, y0 + 30), "GAME OVER", 16, theme.banner_text, "ls", True)
        return
    card(canvas, theme, box)
    if state.phase in ("deal", "place"):
        _setup_card(canvas, theme, state, names)
    else:
        _play_card(canvas, theme, state, names)


# -- the players -----------------------------------------------------------------------------


def _hand(canvas: Canvas, theme: Theme, x: float, y: float, hand: Sequence[int]) -> None:
    """A hand of tiles: an icon per kind with its count."""
    for kind, count in zip(("Q", "D", "A"), hand, strict=True):
        tile_icon(canvas, theme, (x, y - ICON / 2, x + ICON, y + ICON / 2), kind, not count)
        colour = theme.text if count else mix(theme.text_dim, theme.card, 0.5)
        canvas.text((x + ICON + 4, y + 1), f"x{count}", BODY, colour, "lm", bool(count))
        x += HAND_STEP


HAND_STEP = ICON + 4 + 28 + 10


def _corners(canvas: Canvas, theme: Theme, right: float, mid: float, state, seat: int) -> None:
    """ "a1 -> d4": the start and, after a drawn arrow, the goal, ending at ``right``."""
    goal = GRID.name(state.goal_of(seat))
    w = canvas.text((right, mid + 1), goal, BODY, theme.text, "rm", bold=True)
    end = right - w - 6
    canvas.line([(end - 18, mid), (end - 6, mid)], theme.text_dim, 2.5, joint=False)
    canvas.polygon([(end, mid), (end - 7, mid - 5), (end - 7, mid + 5)], theme.text_dim)
    canvas.text((end - 24, mid + 1), GRID.name(state.corner(seat)), BODY, theme.text_dim, "rm")


def draw_players(canvas: Canvas, theme: Theme, state, names: Sequence[str]) -> None:
    setup = state.phase in ("deal", "place")
    box = lay.players_card(state.num_players, setup)
    x0, y0, x1, _y1 = box
    card(canvas, theme, box)
    x = x0 + 18
    heading(canvas, theme, (x, y0 + 30), "Tiles in hand" if setup else "Players")
    if not setup:
        canvas.text((x1 - 84, y0 + 30), "start, goal", 15, theme.text_dim, "rs")
        canvas.text((x1 - 16, y0 + 30), "on goal", 15, theme.text_dim, "rs")
    row = lay.HAND_ROW if setup else lay.PLAYER_ROW
    over = state.phase == "over"
    hand_x = x1 - 14 - 3 * HAND_STEP + 10
    for seat in range(state.num_players):
        top = y0 + 40 + seat * row
        mid = top + row / 2
        acting = not over and seat == state.seat and state.phase != "deal"
        won = over and seat in state.outcome.winners
        if acting or won:
            band = (x0 + 8, top + 2, x1 - 8, top + row - 2)
            canvas.rect(band, fill=mix(theme.card, theme.text, 0.1), radius=8)
            canvas.rect((x0 + 8, top + 4, x0 + 12, top + row - 4), fill=theme.highlight, radius=2)
        swatch(canvas, theme, (x + 13, mid), seat, 24)
        name_room = (hand_x - 12 if setup else x1 - 190) - (x + 34)
        canvas.text((x + 34, mid + 1), names[seat], BODY, theme.text, "lm", True, name_room)
        if setup:
            if seat < len(state.hands):
                _hand(canvas, theme, hand_x, mid, state.hands[seat])
            else:
                canvas.text((x1 - 18, mid), "not dealt yet", SMALL, theme.text_dim, "rm")
            continue
        _corners(canvas, theme, x1 - 86, mid, state, seat)
        home = state.at_goal(seat)
        colour = theme.highlight if home else theme.text_dim
        canvas.text((x1 - 18, mid + 1), f"{home}/3", BODY, colour, "rm", bool(home))


# -- the shown turn, and the legend ----------------------------------------------------------

LEGEND = (
    ("Q", "Q-Turner: its row and column"),
    ("D", "Double arrow: its line, both ways"),
    ("A", "Single arrow: the next tile"),
)
LEGEND_ROW = 34
LEGEND_HEIGHT = 30 + 3 * LEGEND_ROW
LINE = 27


def _legend(canvas: Canvas, theme: Theme, x: float, top: float, x1: float) -> None:
    """What each kind of tile turns in the reaction phase (drawn from ``top``)."""
    heading(canvas, theme, (x, top + 16), "A tile's reaction reaches", 15)
    y = top + 30 + LEGEND_ROW / 2
    for kind, words in LEGEND:
        tile_icon(canvas, theme, (x, y - ICON / 2, x + ICON, y + ICON / 2), kind)
        canvas.text((x + ICON + 12, y + 1), words, SMALL, theme.text, "lm", max_width=x1 - x - 50)
        y += LEGEND_ROW


def _moves(canvas: Canvas, theme: Theme, moves, box) -> None:
    """The numbered moves in ``box``: one column while they fit, else two (smaller); the
    last place says how many more there are when even two columns are not enough."""
    x0, y0, x1, y1 = box
    rows = max(1, int((y1 - y0) // LINE))
    columns = 1 if len(moves) <= rows else 2
    size = BODY if columns == 1 else SMALL
    width = (x1 - x0) / columns
    slots = rows * columns
    listed = list(enumerate(moves, 1))
    more = 0
    if len(listed) > slots:
        more = len(listed) - (slots - 1)
        listed = listed[: slots - 1]
    for i, (n, move) in enumerate(listed):
        cx = x0 + (i // rows) * width
        y = y0 + LINE / 2 + (i % rows) * LINE
        number_disc(canvas, theme, (cx + 10, y), n, 11)
        text = move_words(move, short=columns == 2)
        canvas.text((cx + 28, y + 1), text, size, theme.text, "lm", True, width - 34)
    if more:
        i = len(listed)
        cx, y = x0 + (i // rows) * width, y0 + LINE / 2 + (i % rows) * LINE
        canvas.text((cx + 4, y + 1), f"... {more} more", size, theme.text_dim, "lm")


def draw_log(
    canvas: Canvas, theme: Theme, state, names: Sequence[str], shown: ShownTurn | None
) -> None:
    """The shown turn's moves (or how the game goes, before any), and the legend of the
    tiles when there is room for it."""
    setup = state.phase in ("deal", "place")
    box = lay.log_card(state.num_players, setup)
    x0, y0, x1, y1 = box
    card(canvas, theme, box)
    x = x0 + 18
    if shown is None:
        _legend(canvas, theme, x, y0 + 14, x1)
        top = y0 + 14 + LEGEND_HEIGHT + 26
        placement = last_placement(state)
        if placement is not None and not setup:  # the setup card says it while it lasts
            heading(canvas, theme, (x, top), "Last tile placed", 15)
            who = names[(len(state.tiles) - 1) % state.num_players]
            text = f"{who}: {place_words(placement)}"
            canvas.text((x, top + 24), text, SMALL, theme.highlight, "lm", True, x1 - x - 14)
            top += 58
        heading(canvas, theme, (x, top), "How it goes", 15)
        text = (
            "Each player's pieces race from their start corner to their goal and win as a "
            "nest there: small at the bottom, large on top."
        )
        lines = int((y1 - 14 - (top + 24)) // 21) + 1
        for i, line in enumerate(wrap(canvas, text, SMALL, x1 - x - 14, lines) if lines else ()):
            canvas.text((x, top + 24 + 21 * i), line, SMALL, theme.text_dim, "lm")
        return
    canvas.rect((x0 + 7, y0 + 12, x0 + 11, y0 + 38), fill=theme.highlight, radius=2)
    label = "This turn" if shown.current else "Last turn"
    w = heading(canvas, theme, (x, y0 + 31), label)
    swatch(canvas, theme, (x + w + 22, y0 + 24), shown.seat, 20)
    roll = f"rolled {shown.points}, {shown.face.upper()}"
    rw = canvas.text((x1 - 16, y0 + 31), roll, 16, theme.text_dim, "rs")
    room = x1 - 16 - rw - 10 - (x + w + 38)
    canvas.text((x + w + 38, y0 + 31), names[shown.seat], 17, theme.text, "ls", True, room)
    top = y0 + 46
    if not shown.moves:
        canvas.text((x, top + 14), "No moves: the turn passed.", SMALL, theme.text_dim, "lm")
    legend = y1 - 10 - LEGEND_HEIGHT
    if len(shown.moves) * LINE <= legend - top - 10:
        _moves(canvas, theme, shown.moves, (x, top, x1 - 12, legend - 10))
        _legend(canvas, theme, x, legend, x1)
    else:
        _moves(canvas, theme, shown.moves, (x, top, x1 - 12, y1 - 10))
