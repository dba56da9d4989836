"""Drawing helpers shared by every game's image: swatches, header bar, turn pill, tags,
panel cards, headings and banners, dice, numbered discs, text wrapped to a width, and the
players' names as drawn (the canvas itself is :mod:`render.canvas`). A game's drawing modules
import these and their own game's modules, never another game's."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from .canvas import Canvas, Point
from .theme import RGB, Theme, displayable, mix

# -- building blocks -------------------------------------------------------------------------


def swatch(canvas: Canvas, theme: Theme, centre: Point, seat: int, size: float = 30) -> None:
    """A seat's colour as a rounded square with the seat number (1-based) on it (a sprite)."""
    reach = size / 2 + 2
    canvas.sprite(_swatch, centre, (reach, reach, reach, reach), theme, seat, size)


def _swatch(canvas: Canvas, centre: Point, theme: Theme, seat: int, size: float) -> None:
    x, y = centre
    h = size / 2
    canvas.rect((x - h - 2, y - h - 2, x + h + 2, y + h + 2), fill=theme.board_edge, radius=h * 0.4)
    canvas.rect((x - h, y - h, x + h, y + h), fill=theme.seat(seat), radius=h * 0.35)
    canvas.text((x, y + 1), str(seat + 1), size * 0.72, theme.seat_text, anchor="mm", bold=True)


def header_bar(
    canvas: Canvas,
    theme: Theme,
    height: float,
    title: str,
    details: str = "",
    *,
    fixed: bool = False,
    drawn: bool = False,
) -> float:
    """The top bar: the game's title and a line of details; returns the x where they end.
    ``fixed=True`` draws only the bar and the title (a game's fixed layer); ``drawn=True``
    only the details, over a bar and title in the fixed layer."""
    mid = height / 2
    x = 22
    if drawn:
        x += canvas.text_width(title, height * 0.46, bold=True)
    else:
        canvas.rect((0, 0, canvas.width, height), fill=theme.header)
        x += canvas.text((x, mid), title, height * 0.46, theme.text, anchor="lm", bold=True)
    if fixed:
        return x
    x += 18
    x += canvas.text((x, mid + 1), details, height * 0.32, theme.text_dim, anchor="lm")
    return x


def turn_pill(
    canvas: Canvas,
    theme: Theme,
    right: float,
    mid: float,
    name: str,
    suffix: str,
    seat: int | None,
    size: float = 26,
    max_width: float = 420,
    *,
    marker: Callable[[Canvas, Point, float], None] | None = None,
    accent: RGB | None = None,
    among: Sequence[str] = (),
) -> None:
    """A rounded label ending at ``right``: the seat's swatch (if any), ``name`` and
    ``suffix`` (e.g. "Alice", " to jump"); a long name is shortened, never the suffix
    (``among``: every seat's name, so that it reads as none of the others').

    ``marker(canvas, centre, size)`` draws the swatch instead of the seat's colour square (a
    game whose players are told apart by piece colour), ``accent`` the outline's colour
    instead of the seat's."""
    pad = size * 0.55
    swatched = seat is not None or marker is not None
    sw = size * 1.2 if swatched else 0
    room = max_width - sw - 3 * pad - canvas.text_width(suffix, size, bold=True)
    text = canvas.fit(name, size, max(room, size), bold=True, among=among) + suffix
    tw = canvas.text_width(text, size, bold=True)
    width = tw + 2 * pad + (sw + pad * 0.7 if swatched else 0)
    h = size * 1.7
    left = right - width
    colour = theme.seat(seat) if seat is not None else theme.text_dim
    if accent is not None:
        colour = accent
    canvas.rect(
        (left, mid - h / 2, right, mid + h / 2),
        fill=theme.card,
        outline=colour,
        width=3,
        radius=h / 2,
    )
    x = left + pad
    if marker is not None:
        marker(canvas, (x + sw / 2, mid), sw)
        x += sw + pad * 0.7
    elif seat is not None:
        swatch(canvas, theme, (x + sw / 2, mid), seat, sw)
        x += sw + pad * 0.7
    canvas.text((x, mid + 1), text, size, theme.text, anchor="lm", bold=True)


def tag(canvas: Canvas, theme: Theme, xy: Point, text: str, fill: RGB, size: float = 17) -> float:
    """A small filled label (e.g. "TO JUMP") with its left end at ``xy`` (vertical middle);
    returns its width."""
    x, y = xy
    text = text.upper()
    pad = size * 0.5
    width = canvas.text_width(text, size, bold=True) + 2 * pad
    h = size * 1.45
    canvas.rect((x, y - h / 2, x + width, y + h / 2), fill=fill, radius=h * 0.3)
    canvas.text((x + pad, y + 1), text, size, theme.seat_text, anchor="lm", bold=True)
    return width


def card(canvas: Canvas, theme: Theme, box: Sequence[float], accent: RGB | None = None) -> None:
    """A panel card; ``accent`` draws a thick coloured border (e.g. the player to move)."""
    if accent is None:
        canvas.rect(box, fill=theme.card, outline=theme.card_edge, width=1.5, radius=12)
    else:
        canvas.rect(box, fill=theme.card, outline=accent, width=4, radius=12)


def heading(canvas: Canvas, theme: Theme, xy: Point, text: str, size: float = 18) -> float:
    """A small upper-case section heading; returns its width."""
    return canvas.text(xy, text.upper(), size, theme.text_dim, anchor="ls", bold=True)


def banner(
    canvas: Canvas,
    theme: Theme,
    box: Sequence[float],
    title: str,
    detail: str = "",
    fill: RGB | None = None,
    title_size: float = 28,
    detail_size: float = 21,
) -> None:
    """A filled banner with a bold title line and an optional second line, centred."""
    x0, y0, x1, y1 = box
    canvas.rect(box, fill=fill or theme.banner, outline=theme.board_edge, width=2, radius=14)
    cx = (x0 + x1) / 2
    inner = x1 - x0 - 36
    if detail:
        gap = 6
        total = title_size + gap + detail_size
        top = (y0 + y1) / 2 - total / 2
        canvas.text(
            (cx, top + title_size * 0.5), title, title_size, theme.banner_text, "mm", True, inner
        )
        canvas.text(
            (cx, top + title_size + gap + detail_size * 0.5),
            detail,
            detail_size,
            theme.banner_text,
            "mm",
            False,
            inner,
        )
    else:
        canvas.text((cx, (y0 + y1) / 2), title, title_size, theme.banner_text, "mm", True, inner)


# -- dice, numbers and wrapped text ----------------------------------------------------------


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
    through when forfeited. Drawn once and pasted (a sprite)."""
    reach = size / 2 + 3
    extent = (reach, reach, reach, reach)
    canvas.sprite(_die, centre, extent, theme, size, value, status)


def _die(canvas: Canvas, centre, theme: Theme, size: float, value: int, status: str) -> None:
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


def wrap(canvas: Canvas, text: str, size: float, width: float, lines: int) -> list[str]:
    """``text`` broken into at most ``lines`` lines of ``width``; the last one cut short.
    Lines break at spaces, never at a no-break space (within a name: see
    :func:`render.names.sentence_names`)."""
    words = re.split(r"[ \t\n]+", text.strip())
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


def number_disc(canvas: Canvas, theme: Theme, centre: Point, n: int, r: float) -> None:
    """The yellow disc with a move's number, on the board at the arrow's start and in the
    last turn's card; its digit is ``r * 1.45`` px (at least 14.5 for a phone). A sprite."""
    reach = r + 3
    canvas.sprite(_number_disc, centre, (reach, reach, reach, reach), theme, n, r)


def _number_disc(canvas: Canvas, centre: Point, theme: Theme, n: int, r: float) -> None:
    canvas.circle(centre, r + 1.5, fill=theme.board_edge)
    canvas.circle(centre, r, fill=theme.highlight)
    canvas.text((centre[0], centre[1] + 0.5), str(n), r * 1.45, theme.banner_text, "mm", True)


# -- words and names -----------------------------------------------------------------------


def to_do(verbs: dict[str, str], phase: str) -> str:
    """What the player to act does in ``phase`` by a game's ``verbs`` table: "to place";
    "" for a phase it does not name (the game is over)."""
    return f"to {verbs[phase]}" if phase in verbs else ""


def listing(items: Sequence[str]) -> str:
    """A list in words: "1", "1 and 2", "1, 2 and 3"."""
    return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else "".join(items)


def seat_names(names: Sequence[str] | None, count: int) -> list[str]:
    """Display names for ``count`` seats: the given ones (blank ones filled), else "Player n"."""
    given = list(names or ())
    result = []
    for seat in range(count):
        name = given[seat].strip() if seat < len(given) and given[seat] else ""
        result.append(" ".join(name.split()) or f"Player {seat + 1}")
    return result


def display_names(names: Sequence[str] | None, count: int) -> list[str]:
    """:func:`seat_names` as the built-in font can draw them; a name with nothing drawable
    (all emoji, say) becomes "Player n"."""
    return [
        displayable(name) or f"Player {seat + 1}"
        for seat, name in enumerate(seat_names(names, count))
    ]
