"""The Pachisi board image (1100 x 780, fixed) and its alt text. Every text is at least 25 px,
so 10 px when a phone shows the image 450 px wide.

Layout (see :mod:`render.pachisi_layout`): the cross board on the left, 19 x 19 cells, with
seat 0 at the bottom; the 68 loop squares (safe squares carry a ring, or an X under the
classic rules; entry squares are tinted in their seat's colour, lighter on an arm where nobody
sits, and carry an arrowhead the way pawns go, since the last move names squares from them),
the four home paths tinted in their seat's colour, HOME in the centre as four triangles, and
each seat's nest in the corner to the right of its arm with its player's name, score ``H / S``
and team; the corner of the player to act has a thick outline in their colour. Only the seats
in play get colours. Pawns are tokens in the seat colour with the pawn number, and an outline
per seat (circle, square, a point on top, a point below) so colour is never the only cue and
greyscale still tells seats apart. Every pawn stays inside its own square, so pawns on
neighbouring squares never touch: a lone pawn fills its square, its number 10 px tall on a
phone; two pawns on a square stand side by side, narrow and tall, each in its half, and a
blockade turns the square into a wall (its colour in a light frame); HOME pawns sit small and
without a number in their colour's triangle, three in a row and the fourth above, never
overlapping. The last move is a yellow trail along the squares the pawn travelled, with
an arrowhead and a yellow ring around the pawn; a capture outlines its square in the capture
colour and rings the captured pawn in its nest; a penalty (third doublet) crosses out the
square the pawn left and rings it in its nest.

The fixed part of the board is drawn once per theme, number of players and rule set, and
copied for each image (see :func:`_board_base`).

The side panel (:mod:`render.pachisi_panel`): the title and rule set, whose turn, the dice (as
dice; used ones greyed, forfeited ones struck out) or the opening roll's throws, bonuses to
take or lost, the last move in words (on the first images, who won the opening roll); when
the game is over, a banner with the winner(s) and the final report.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from engine.pachisi_board import HOME, HOME_PATH, NEST, SAFE, TRACK, entry

from . import pachisi_layout as lay
from .canvas import Canvas
from .common import display_names
from .pachisi_panel import NAME, SHAPES, TEXT, chip, draw_panel, token
from .pachisi_words import alt_text_pachisi, score_words, teams
from .theme import DEFAULT_THEME, RGB, Theme, mix

__all__ = ["SHAPES", "alt_text_pachisi", "render_pachisi"]


# -- the fixed board, drawn once per theme and table -----------------------------------------


def _safe_mark(canvas: Canvas, centre, colour: RGB, classic: bool) -> None:
    x, y = centre
    if classic:  # the X squares of the 1930s board
        h = lay.CELL / 2 - 4
        for a, b in (((x - h, y - h), (x + h, y + h)), ((x - h, y + h), (x + h, y - h))):
            canvas.line([a, b], colour, 1.5, joint=False)
    else:  # the circles of the online board
        canvas.circle(centre, lay.CELL / 2 - 5, outline=colour, width=1.5)


def _entry_arrow(canvas: Canvas, centre, towards, colour: RGB) -> None:
    """A small arrowhead on an entry square, pointing the way pawns go from it (so "3 past
    Ann's entry" can be counted on the image)."""
    (x, y), (tx, ty) = centre, towards
    length = math.hypot(tx - x, ty - y)
    dx, dy = (tx - x) / length, (ty - y) / length
    tip = (x + dx * 9, y + dy * 9)
    back = (x - dx * 6, y - dy * 6)
    canvas.polygon(
        [tip, (back[0] - dy * 8, back[1] + dx * 8), (back[0] + dy * 8, back[1] - dx * 8)], colour
    )


@lru_cache(maxsize=16)
def _board_base(theme: Theme, arms: tuple[int, ...], classic: bool) -> Canvas:
    """Everything that does not change during a game, at the supersampled size."""
    canvas = Canvas(lay.WIDTH, lay.HEIGHT, theme.background)
    seat_at = {arm: seat for seat, arm in enumerate(arms)}
    # the nests
    for arm, seat in seat_at.items():
        colour = theme.seat(seat)
        x0, y0, x1, y1 = lay.corner_box(arm)
        inset = 9
        canvas.rect(
            (x0 + inset, y0 + inset, x1 - inset, y1 - inset),
            fill=mix(theme.background, colour, 0.16),
            outline=mix(theme.background, colour, 0.55),
            width=2.5,
            radius=18,
        )
        cx, cy = lay.nest_centre(arm)
        r = lay.NEST_GAP + 14
        canvas.circle((cx, cy), r, fill=mix(theme.background, colour, 0.34))
        for pawn in (1, 2, 3, 4):
            canvas.circle(
                lay.nest_slot(arm, pawn),
                lay.NEST_R + 1,
                fill=mix(theme.background, colour, 0.22),
                outline=mix(theme.background, colour, 0.6),
                width=1.5,
            )
    # the cross
    b0, b1 = lay.BOARD_X + 8 * lay.CELL, lay.BOARD_X + 11 * lay.CELL
    c0, c1 = lay.BOARD_Y + 8 * lay.CELL, lay.BOARD_Y + 11 * lay.CELL
    e = 4
    canvas.rect((b0 - e, lay.BOARD_Y - e, b1 + e, lay.BOARD_Y + lay.BOARD + e), theme.board_edge)
    canvas.rect((lay.BOARD_X - e, c0 - e, lay.BOARD_X + lay.BOARD + e, c1 + e), theme.board_edge)
    mark = mix(theme.board_light, theme.text, 0.45)
    safe_fill = mix(theme.board_light, theme.board_dark, 0.55)
    # every entry square is marked (and named in the words): in its player's colour, or
    # plainly lighter on an arm where nobody sits
    entries = {entry(arm): mix(theme.board_light, theme.text, 0.35) for arm in range(4)}
    entries.update({entry(arm): theme.seat(seat) for arm, seat in seat_at.items()})
    for sq, centre in lay.loop_cells():
        x0, y0, x1, y1 = lay.cell_box(centre)
        box = (x0 + 1, y0 + 1, x1 - 1, y1 - 1)
        if sq in entries:
            canvas.rect(box, fill=mix(theme.board_light, entries[sq], 0.7))
            edge = mix(entries[sq], theme.board_edge, 0.55)
            # under the arrow, a classic X is drawn faint so the two do not merge
            faint = mix(mix(theme.board_light, entries[sq], 0.7), edge, 0.45)
            _safe_mark(canvas, centre, faint if classic else edge, classic)
            _entry_arrow(canvas, centre, lay.loop_centre((sq + 1) % TRACK), edge)
        elif sq in SAFE:
            canvas.rect(box, fill=safe_fill)
            _safe_mark(canvas, centre, mark, classic)
        else:
            canvas.rect(box, fill=theme.board_light)
    for arm in range(4):
        seat = seat_at.get(arm)
        fill = theme.board_dark if seat is None else mix(theme.board_dark, theme.seat(seat), 0.5)
        for rel in HOME_PATH:
            x0, y0, x1, y1 = lay.cell_box(lay.home_path_centre(arm, rel))
            canvas.rect((x0 + 1, y0 + 1, x1 - 1, y1 - 1), fill=fill)
        tri = lay.home_triangle(arm)
        colour = theme.board_dark if seat is None else mix(theme.seat(seat), theme.board_dark, 0.2)
        canvas.polygon(tri, fill=colour, outline=theme.board_edge, width=2)
    return canvas.bake()  # its texts lie under the moving parts


def _canvas(theme: Theme, state) -> Canvas:
    """A canvas holding a copy of the fixed board (the cached one is never drawn on)."""
    base = _board_base(theme, tuple(state.arms), state.options["rules"] == "classic")
    return base.copy()


# -- pawns -----------------------------------------------------------------------------------


Where = dict[tuple[int, int], tuple[tuple[float, float], float]]


def shared_squares(state) -> dict[tuple[float, float], list[tuple[int, int]]]:
    """The pawns ``(seat, pawn)`` on each board square (loop or home path), by the square's
    pixel centre, in seat then pawn order."""
    squares: dict[tuple[float, float], list[tuple[int, int]]] = {}
    for seat, rels in enumerate(state.pawns):
        for i, rel in enumerate(rels):
            if 0 <= rel < HOME:
                squares.setdefault(lay.point_of(state.arms[seat], rel), []).append((seat, i + 1))
    return squares


def pawn_places(state, squares) -> Where:
    """Where each pawn ``(seat, pawn)`` is drawn: its centre and half-width (see
    ``lay.half_height`` for its height). A lone pawn fills its square; two pawns on a square
    stand side by side, each in its half of the cell, in seat then pawn order from the left:
    every pawn stays inside its own cell, so pawns on neighbouring squares never overlap."""
    places: Where = {}
    for seat, rels in enumerate(state.pawns):
        arm = state.arms[seat]
        count = sum(rel == HOME for rel in rels)
        home = 0
        for i, rel in enumerate(rels):
            if rel == NEST:
                places[seat, i + 1] = (lay.nest_slot(arm, i + 1), lay.NEST_R)
            elif rel == HOME:
                places[seat, i + 1] = (lay.home_slot(arm, home, count), lay.HOME_R)
                home += 1
    for (x, y), group in squares.items():
        if len(group) == 1:
            places[group[0]] = ((x, y), lay.PAWN_R)
            continue
        step = 2 * lay.PAIR_DX * 2 / len(group)  # (the rules never put three on a square)
        for j, who in enumerate(group):
            places[who] = ((x + step * (j - (len(group) - 1) / 2), y), lay.PAIR_R)
    return places


def is_blockade(group: Sequence[tuple[int, int]]) -> bool:
    """Two pawns of one colour on a square."""
    return len(group) == 2 and group[0][0] == group[1][0]


def _draw_pawns(canvas: Canvas, theme: Theme, state, places: Where, squares) -> None:
    """The pawns, painted at the end (sprites, see ``token``): first what lies under them,
    the rings of the pawns the last move touched and the light square under a blockade."""
    ringed = halos(state)
    crowded = {who for group in squares.values() if len(group) > 1 for who in group}
    for who, (centre, r) in places.items():
        if who in ringed and who not in crowded:
            _halo(canvas, theme, centre, r, ringed[who], 4 if r == lay.HOME_R else 6)
    for (x, y), group in squares.items():
        if len(group) < 2:
            continue
        if is_blockade(group):  # the square becomes a wall: its colour in a light frame
            x0, y0, x1, y1 = lay.cell_box((x, y))
            canvas.rect((x0 + 1, y0 + 1, x1 - 1, y1 - 1), theme.text, radius=5)
            inside = (x0 + 3.5, y0 + 3.5, x1 - 3.5, y1 - 3.5)
            canvas.rect(inside, mix(theme.seat(group[0][0]), theme.board_edge, 0.4), radius=3)
        for who in group:
            if who in ringed:
                _halo(canvas, theme, places[who][0], places[who][1], ringed[who], 4)
    for who, (centre, r) in places.items():
        if r == lay.HOME_R:  # HOME pawns are small and carry no number
            token(canvas, theme, centre, r, who[0])
        elif r == lay.PAIR_R:
            h = lay.half_height(r)
            label = str(who[1])
            token(canvas, theme, centre, r, who[0], label, TEXT, 0, h, lay.PAIR_EDGE)
        else:
            token(canvas, theme, centre, r, who[0], str(who[1]), lay.PAWN_TEXT)


# -- the last move ---------------------------------------------------------------------------


def _trail(state, e, places) -> list[tuple[float, float]]:
    """The centres of the squares pawn ``e`` travelled, from where it started to where it is."""
    arm = state.arms[e.seat]
    points = []
    start = e.start
    if start == NEST:
        points.append(lay.nest_slot(arm, e.pawn))
        start = 0
    for rel in range(start, min(e.end, HOME - 1) + 1):
        points.append(lay.point_of(arm, rel))
    if e.end == HOME:
        points.append(places[e.seat, e.pawn][0])
    return points


def capture_squares(state) -> list[tuple[float, float]]:
    """The pixel centres of the squares where the last move captured a pawn."""
    return [lay.point_of(state.arms[e.seat], e.start) for e in state.effects if e.kind == "capture"]


def halos(state) -> dict[tuple[int, int], str]:
    """The pawns the last move touched and their ring: "move" for a pawn that moved or
    entered (unless it stands on a capture square, which is marked instead), "capture" for a
    pawn sent back to its nest."""
    captured_at = capture_squares(state)
    out: dict[tuple[int, int], str] = {}
    for e in state.effects:
        if e.kind in ("capture", "penalty"):
            out[e.seat, e.pawn] = "capture"
        elif lay.point_of(state.arms[e.seat], e.end) not in captured_at:
            out[e.seat, e.pawn] = "move"
    return out


def _halo(canvas: Canvas, theme: Theme, centre, r: float, kind: str, ring: float = 6) -> None:
    colour = theme.highlight if kind == "move" else theme.capture
    x, y = centre
    h = lay.half_height(r)
    if h == r:
        canvas.circle(centre, r + ring + 1.5, fill=theme.board_edge)
        canvas.circle(centre, r + ring, fill=colour)
        return
    for grow, fill in ((ring + 1.5, theme.board_edge), (ring, colour)):  # a tall stadium
        w, t = r + grow, h + grow
        canvas.line([(x, y - t + w), (x, y + t - w)], fill, 2 * w)


def _draw_last_move(canvas: Canvas, theme: Theme, state, places, above: bool) -> None:
    """The marks of ``state.effects`` (the rings around pawns are drawn with the pawns):
    under the pawns (``above`` False) the trails with their arrowheads and the penalty's X;
    over them (``above`` True) the outline of a capture's square."""
    if above:
        for where in capture_squares(state):
            x0, y0, x1, y1 = lay.cell_box(where)
            canvas.rect((x0 - 2, y0 - 2, x1 + 2, y1 + 2), outline=theme.board_edge, width=3)
            canvas.rect((x0, y0, x1, y1), outline=theme.capture, width=3.5)
        return
    for e in state.effects:
        if e.kind == "penalty":
            where = lay.point_of(state.arms[e.seat], e.start)
            canvas.cross(where, 11, theme.capture, 5, theme.board_edge)
        if e.kind not in ("move", "enter"):
            continue
        r = places[e.seat, e.pawn][1]
        points = _trail(state, e, places)
        canvas.line(points, theme.board_edge, 11)
        canvas.line(points, theme.highlight, 6)
        canvas.circle(points[0], 7.5, fill=theme.highlight, outline=theme.board_edge, width=2)
        (x0, y0), (x1, y1) = points[-2], points[-1]
        length = math.hypot(x1 - x0, y1 - y0)
        if length > r + 16:  # an arrowhead where the trail meets the pawn
            t = (length - r - 7) / length
            tip = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
            canvas.arrow(points[-2], tip, theme.highlight, 6, 16, theme.board_edge)


# -- the corners: names and scores -----------------------------------------------------------


def _draw_corner_labels(canvas: Canvas, theme: Theme, state, names: Sequence[str]) -> None:
    """Each player's name and score ``H / S`` (not during the opening roll) at the outer edge
    of their nest's corner, with the team (T1, T2) when partners play; the corner of the
    player to act gets a thick outline in their colour."""
    team_of = {s: t for t, team in enumerate(teams(state)) for s in team}
    partners = bool(state.options.get("partners"))
    for seat, arm in enumerate(state.arms):
        _x, y = lay.label_point(arm)
        x0, y0, x1, y1 = lay.corner_box(arm)
        if state.phase != "over" and seat == state.seat:
            box = (x0 + 7, y0 + 7, x1 - 7, y1 - 7)
            canvas.rect(box, outline=theme.seat(seat), width=6, radius=20)
        sw = 0.0
        if state.phase != "rolloff":
            sw = canvas.text((x1 - 24, y), score_words(state, seat), NAME, theme.text, "rm", True)
        x = x0 + 24
        if partners:
            x += chip(canvas, theme, (x, y), f"T{team_of[seat] + 1}", theme.text_dim, TEXT) + 8
        room = x1 - 24 - sw - 14 - x
        canvas.text((x, y), names[seat], NAME, theme.text, "lm", True, room, among=names)


# -- the image -------------------------------------------------------------------------------


def render_pachisi(
    state, *, theme: Theme | None = None, names: Sequence[str] | None = None
) -> bytes:
    """PNG bytes of the Pachisi position (see the module docstring for the layout)."""
    theme = theme or DEFAULT_THEME
    names = display_names(names, state.num_players)
    canvas = _canvas(theme, state)
    squares = shared_squares(state)
    places = pawn_places(state, squares)
    _draw_corner_labels(canvas, theme, state, names)
    _draw_last_move(canvas, theme, state, places, above=False)
    _draw_pawns(canvas, theme, state, places, squares)
    _draw_last_move(canvas, theme, state, places, above=True)
    draw_panel(canvas, theme, state, names)
    return canvas.png(palette=True)
