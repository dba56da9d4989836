"""Drawing helpers shared by every game's image: swatches, header bar, turn pill, tags,
panel cards, headings and banners, and the players' names as drawn (the canvas itself is
:mod:`render.canvas`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .canvas import Canvas, Point
from .theme import RGB, Theme, displayable

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
