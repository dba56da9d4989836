"""The Pachisi pieces (a seat's pawn token, dice) and the image's side panel: the title and
rule set, whose turn, the dice or the roll-off's throws, bonuses, each player's score (teams
with partners), the final report and banner, and the last move in words.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.pachisi_board import HOME, NEST

from . import pachisi_layout as lay
from .common import Canvas, banner, card, heading
from .pachisi_words import (
    dice_status,
    hs_words,
    last_move_words,
    last_roller,
    penalty,
    play_order,
    rolloff_throws,
    score_words,
    teams,
)
from .theme import RGB, Theme, mix

SHAPES = ("circle", "square", "diamond", "hexagon")
"""The second cue per seat, besides its colour: the shape of its pawns and markers."""


# -- pieces ----------------------------------------------------------------------------------


def _shape(canvas: Canvas, shape: str, centre, r: float, fill: RGB) -> None:
    x, y = centre
    if shape == "circle":
        canvas.circle(centre, r, fill=fill)
    elif shape == "square":
        h = r * 0.9
        canvas.rect((x - h, y - h, x + h, y + h), fill=fill, radius=r * 0.22)
    elif shape == "diamond":  # taller than wide, so it stays narrow beside a neighbour
        w, h = r * 1.08, r * 1.3
        canvas.polygon([(x, y - h), (x + w, y), (x, y + h), (x - w, y)], fill)
    else:  # a hexagon, pointed top and bottom
        h = r * 1.1
        canvas.polygon(
            [
                (x + h * math.cos(a), y + h * math.sin(a))
                for a in (math.radians(30 + 60 * i) for i in range(6))
            ],
            fill,
        )


def token(
    canvas: Canvas,
    theme: Theme,
    centre,
    r: float,
    seat: int,
    label: str = "",
    text_size: float | None = None,
    text_dx: float = 0,
) -> None:
    """A pawn (or a seat's marker): the seat's shape in its colour with a dark edge, and
    ``label`` (the pawn number) in it."""
    shape = SHAPES[seat % len(SHAPES)]
    _shape(canvas, shape, centre, r + 2, theme.board_edge)
    _shape(canvas, shape, centre, r, theme.seat(seat))
    if label:
        size = text_size or r * 1.3
        xy = (centre[0] + text_dx, centre[1] + 0.5)
        canvas.text(xy, label, size, theme.seat_text, "mm", bold=True)


PIPS = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def die(canvas: Canvas, theme: Theme, centre, size: float, value: int, status: str) -> None:
    """A die showing ``value``: white when still to play, greyed when used, greyed and struck
    through when forfeited."""
    x, y = centre
    h = size / 2
    if status == "left":
        face, pip, edge = theme.text, theme.board_edge, theme.highlight
    else:
        face = mix(theme.card, theme.text_dim, 0.45)
        pip, edge = mix(face, theme.board_edge, 0.6), theme.board_edge
    canvas.rect((x - h - 2, y - h - 2, x + h + 2, y + h + 2), fill=edge, radius=h * 0.35)
    canvas.rect((x - h, y - h, x + h, y + h), fill=face, radius=h * 0.3)
    if status == "lost":  # struck through, under the pips so the value still reads
        a, b = (x - h + 3, y + h - 3), (x + h - 3, y - h + 3)
        canvas.line([a, b], theme.board_edge, 7)
        canvas.line([a, b], theme.capture, 4)
    step = size * 0.26
    for dx, dy in PIPS[value]:
        canvas.circle((x + dx * step, y + dy * step), size * 0.095, fill=pip)


def chip(canvas: Canvas, theme: Theme, xy, text: str, fill: RGB, size: float = 18) -> float:
    """A small rounded label with its left end at ``xy`` (vertical middle); returns its width."""
    x, y = xy
    pad = size * 0.5
    width = canvas.text_width(text, size, bold=True) + 2 * pad
    h = size * 1.5
    canvas.rect((x, y - h / 2, x + width, y + h / 2), fill=fill, radius=h * 0.3)
    canvas.text((x + pad, y + 1), text, size, theme.seat_text, "lm", bold=True)
    return width


def wrap(canvas: Canvas, text: str, size: float, width: float, lines: int) -> list[str]:
    """``text`` broken into at most ``lines`` lines of ``width``; the last one cut short."""
    words = text.split()
    out: list[str] = []
    line = ""
    for i, word in enumerate(words):
        trial = f"{line} {word}".strip()
        if canvas.text_width(trial, size) <= width or not line:
            line = trial
            continue
        if len(out) == lines - 1:  # the last line takes the rest, cut short
            line = " ".join([line, *words[i:]])
            break
        out.append(canvas.fit(line, size, width))
        line = word
    if line:
        out.append(canvas.fit(line, size, width))
    return out


# -- the panel's parts -----------------------------------------------------------------------


def _title(canvas: Canvas, theme: Theme, state) -> float:
    x, r = lay.PANEL_X, lay.PANEL_R
    canvas.text((x + 2, 32), "Pachisi", 32, theme.text, "lm", bold=True)
    canvas.text((r, 32), f"move {len(state.history)}", 18, theme.text_dim, "rm")
    rules = "Online rules" if state.options["rules"] == "online" else "Classic rules"
    extras = [f"{state.num_players} players"]
    if state.options.get("partners"):
        extras.append("partners")
    if not state.options.get("blockades", True):
        extras.append("no blockades")
    line = "  \N{MIDDLE DOT}  ".join([rules, *extras])
    canvas.text((x + 2, 66), line, 18, theme.text_dim, "lm", max_width=r - x - 4)
    return 84


def _turn(canvas: Canvas, theme: Theme, state, names, top: float) -> float:
    x0, x1 = lay.PANEL_X, lay.PANEL_R
    if state.phase == "over":
        winners = state.outcome.winners
        who = " & ".join(names[s] for s in winners)
        title = f"{who} win{'' if len(winners) > 1 else 's'}!"
        detail = f"{state.outcome.reason[0].upper()}{state.outcome.reason[1:]}"
        box = (x0, top, x1, top + 78)
        banner(canvas, theme, box, title, detail, theme.seat(winners[0]), 26, 18)
        return top + 78
    seat = state.seat
    bottom = top + 78
    card(canvas, theme, (x0, top, x1, bottom), accent=theme.seat(seat))
    token(canvas, theme, (x0 + 30, top + 28), 13, seat)
    room = x1 - x0 - 70
    canvas.text((x0 + 54, top + 29), names[seat], 24, theme.text, "lm", True, room)
    if state.phase == "rolloff":
        verb = "to throw for the first turn"
    elif state.phase == "roll":
        verb = "to roll again" if state.doublets else "to roll"
    else:
        verb = "to move"
        colour = state.moving_colour
        if colour != seat:
            verb = f"to move {names[colour]}'s pawns"
    canvas.text((x0 + 18, top + 60), verb, 20, theme.text_dim, "lm", max_width=x1 - x0 - 36)
    return bottom


def _rolloff(canvas: Canvas, theme: Theme, state, names, top: float) -> float:
    x0, x1 = lay.PANEL_X, lay.PANEL_R
    x = x0 + 18
    bottom = top + 124
    card(canvas, theme, (x0, top, x1, bottom))
    heading(canvas, theme, (x, top + 30), "Roll-off")
    online = state.options["rules"] == "online"
    rule = "Highest die starts" if online else "Lowest total of two dice starts"
    canvas.text((x, top + 58), rule, 20, theme.text, "lm", max_width=x1 - x - 16)
    if len(state.contenders) < state.num_players:
        tied = " & ".join(names[s] for s in state.contenders)
        lines = wrap(canvas, f"Tied: {tied} throw again", 20, x1 - x - 16, 2)
    else:
        lines = ["Each player throws once"]
    for i, line in enumerate(lines):
        canvas.text((x, top + 86 + 25 * i), line, 20, theme.text_dim, "lm")
    return bottom


def _dice(canvas: Canvas, theme: Theme, state, names, top: float) -> float:
    x0, x1 = lay.PANEL_X, lay.PANEL_R
    x = x0 + 18
    roller = last_roller(state)
    if roller is None:  # the roll-off is over, nobody has rolled yet
        bottom = top + 96
        card(canvas, theme, (x0, top, x1, bottom))
        heading(canvas, theme, (x, top + 30), "Dice")
        text = f"{names[state.seat]} won the roll-off and rolls first."
        for i, line in enumerate(wrap(canvas, text, 20, x1 - x - 16, 2)):
            canvas.text((x, top + 58 + 25 * i), line, 20, theme.text, "lm")
        return bottom
    notes = []
    if state.fourteen:
        notes.append("a 14: four parts")
    if state.doublets:
        notes.append(f"doublet {state.doublets}")
    chips = [(f"+{b} to take", theme.highlight) for b in state.bonuses]
    chips += [(f"+{b} lost", theme.text_dim) for b in state.lost_bonuses]
    bottom = top + 128 + (26 if notes else 0) + (30 if chips else 0)
    card(canvas, theme, (x0, top, x1, bottom))
    label = "Dice" if state.phase == "play" else "Last roll"
    w = heading(canvas, theme, (x, top + 30), label)
    if state.phase != "play":
        room = x1 - 16 - (x + w + 10)
        canvas.text((x + w + 10, top + 30), names[roller], 18, theme.text_dim, "ls", True, room)
    statuses = dice_status(state)
    size, gap = (46, 14) if len(statuses) == 2 else (44, 10)
    cy = top + 66
    for i, (value, status) in enumerate(statuses):
        die(canvas, theme, (x + size / 2 + i * (size + gap), cy), size, value, status)
    left = " ".join(map(str, sorted(state.remaining)))
    if penalty(state):
        line = "Third doublet: no move"
    elif state.phase == "play":
        line = f"To play: {left}" if left else "Dice done: take the bonus"
    elif state.forfeited:
        line = "Forfeited: " + " ".join(map(str, state.forfeited))
    else:
        line = "All played"
    if state.phase == "roll" and state.doublets:
        line += ", roll again"
    y = top + 110
    canvas.text((x, y), line, 20, theme.text, "lm", max_width=x1 - x - 16)
    if notes:
        y += 26
        text = "  \N{MIDDLE DOT}  ".join(notes)
        canvas.text((x, y), text, 18, theme.highlight, "lm", True, x1 - x - 16)
    cx = x
    for text, fill in chips:
        cx += chip(canvas, theme, (cx, y + 29), text, fill, 17) + 8
    return bottom


def _players(canvas: Canvas, theme: Theme, state, names, top: float) -> float:
    x0, x1 = lay.PANEL_X, lay.PANEL_R
    row = 60
    height = row * state.num_players + 12
    card(canvas, theme, (x0, top, x1, top + height))
    team_of = {s: t for t, team in enumerate(teams(state)) for s in team}
    partners = bool(state.options.get("partners"))
    y = top + 6
    # the roll-off goes in seat order, play in turn order
    order = range(state.num_players) if state.phase == "rolloff" else play_order(state)
    for seat in order:
        team = team_of[seat] if partners else None
        _player_row(canvas, theme, state, names, seat, team, (x0, y, x1, y + row))
        y += row
    return top + height


def _player_row(canvas, theme, state, names, seat, team, box) -> None:
    x0, y0, x1, y1 = box
    my = (y0 + y1) / 2
    if state.phase != "over" and seat == state.seat:
        canvas.rect((x0 + 6, y0 + 6, x0 + 11, y1 - 6), fill=theme.seat(seat), radius=2)
    token(canvas, theme, (x0 + 34, my), 13, seat)
    name_x = x0 + 58
    if state.phase == "rolloff":
        throw, status = rolloff_throws(state)[seat]
        right = x1 - 16
        if throw:
            for i, value in enumerate(reversed(throw)):
                die(canvas, theme, (right - 17 - i * 42, my), 34, value, status)
            right -= 42 * len(throw)
        else:
            right -= canvas.text((right, my), "to throw", 18, theme.text_dim, "rm")
        room = right - 12 - name_x
        canvas.text((name_x, my), names[seat], 22, theme.text, "lm", True, room)
        return
    sw = canvas.text((x1 - 16, my - 9), score_words(state, seat), 24, theme.text, "rm", True)
    room = x1 - 16 - sw - 12 - name_x
    canvas.text((name_x, my - 10), names[seat], 21, theme.text, "lm", True, room)
    rels = state.pawns[seat]
    nest = sum(r == NEST for r in rels)
    home = sum(r == HOME for r in rels)
    dot = "  \N{MIDDLE DOT}  "
    detail = f"nest {nest}{dot}out {4 - nest - home}{dot}HOME {home}"
    if seat in state.gone:
        detail = "left the game"
    x = name_x
    if team is not None:
        x += chip(canvas, theme, (x, my + 15), f"T{team + 1}", theme.text_dim, 13) + 8
    canvas.text((x, my + 15), detail, 17, theme.text_dim, "lm")


def _report(canvas: Canvas, theme: Theme, state, names, top: float) -> float:
    x0, x1 = lay.PANEL_X, lay.PANEL_R
    rows = state.report()
    row = 44
    starred = any(r.random for r in rows)
    height = 44 + row * len(rows) + (34 if starred else 8)
    card(canvas, theme, (x0, top, x1, top + height))
    heading(canvas, theme, (x0 + 18, top + 30), "Final report")
    canvas.text((x1 - 16, top + 30), "H-S", 17, theme.text_dim, "rs", bold=True)
    y = top + 40
    for r in rows:
        my = y + row / 2
        canvas.text((x0 + 18, my), f"{r.place}.", 22, theme.text, "lm", bold=True)
        token(canvas, theme, (x0 + 56, my), 12, r.seat)
        score = hs_words(r.home, r.steps)
        sw = canvas.text(
            (x1 - 16, my), score + ("*" if r.random else ""), 22, theme.text, "rm", True
        )
        room = x1 - 16 - sw - 10 - (x0 + 78)
        name = f"{names[r.seat]} (left)" if r.left else names[r.seat]
        canvas.text((x0 + 78, my), name, 21, theme.text, "lm", True, room)
        y += row
    if starred:
        canvas.text(
            (x0 + 18, y + 14), "* order drawn at random (full tie)", 16, theme.text_dim, "lm"
        )
    return top + height


def _last_move(canvas: Canvas, theme: Theme, state, names, top: float) -> None:
    x0, x1 = lay.PANEL_X, lay.PANEL_R
    bottom = lay.PANEL_BOTTOM
    if bottom - top < 70:
        return
    card(canvas, theme, (x0, top, x1, bottom))
    x = x0 + 18
    canvas.rect((x0 + 7, top + 12, x0 + 11, top + 38), fill=theme.highlight, radius=2)
    heading(canvas, theme, (x, top + 31), "Last move")
    short = [canvas.fit(name, 19, 150) for name in names]  # sentences keep their words
    text = last_move_words(state, short) or "New game: a roll-off decides who starts."
    lines = max(1, int((bottom - top - 48) // 25))
    for i, line in enumerate(wrap(canvas, text, 19, x1 - x - 14, lines)):
        canvas.text((x, top + 58 + 25 * i), line, 19, theme.text, "lm")


def draw_panel(canvas: Canvas, theme: Theme, state, names: Sequence[str]) -> None:
    """The side panel, top to bottom; the last move's card takes the room that is left."""
    y = _title(canvas, theme, state)
    y = _turn(canvas, theme, state, names, y) + 10
    if state.phase == "over":
        y = _report(canvas, theme, state, names, y) + 10
    else:
        part = _rolloff if state.phase == "rolloff" else _dice
        y = part(canvas, theme, state, names, y) + 10
        y = _players(canvas, theme, state, names, y) + 10
    _last_move(canvas, theme, state, names, y)
