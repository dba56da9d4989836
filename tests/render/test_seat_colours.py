"""Seats told apart without colour (issue 33 item 2): every pair of seat colours differs in
lightness as a greyscale picture shows it (ITU-R 601 luma, Pillow's "L" mode), in the palette
and on the pawns and pieces of rendered boards seen 450 px wide; the texts drawn on the seat
colours stay readable (WCAG contrast), and the colours stay apart for colour-blind eyes."""

from __future__ import annotations

import io
import statistics
from itertools import combinations

import pytest
from PIL import Image

import engine
import render
from engine.iceturn_board import GRID
from render import iceturn_layout as ice_lay
from render import iceturn_pieces as ice_pieces
from render import pachisi_layout as pachisi_lay
from render.theme import DEFAULT_THEME, RGB
from tests.engine.iceturn_helpers import position

from .phone import PHONE_WIDTH

THEME = DEFAULT_THEME
SEATS = 4
"""The most seats any game has (Pachisi, Ice-Turn)."""
APART = 35
"""Two seat colours differ in greyscale by at least this much (of 255)."""
FACES_APART = 25
"""... and the faces of two seats' pyramids by this much: Ice-Turn shades a face by mixing
its colour with white (lit) or black (shaded), which narrows the colours' spacing to about
three quarters (the seat number on each piece is the second cue)."""
NAMES = ("Alice", "Bob", "Cara", "Dmitri")


def luma(colour: RGB) -> int:
    return Image.new("RGB", (1, 1), colour).convert("L").getpixel((0, 0))


def pairs():
    return list(combinations(range(SEATS), 2))


def test_every_pair_of_seat_colours_differs_in_greyscale():
    lumas = [luma(THEME.seat(seat)) for seat in range(SEATS)]
    for a, b in pairs():
        assert abs(lumas[a] - lumas[b]) >= APART, (a, b, lumas)


# -- readable text on the seat colours -------------------------------------------------------


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def relative_luminance(colour: RGB) -> float:
    r, g, b = (_linear(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    """The WCAG 2 contrast ratio (1 to 21)."""
    high, low = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_contrast_is_computed_as_wcag_does():
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21)
    assert contrast((0x77, 0x77, 0x77), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)


def test_texts_on_the_seat_colours_keep_their_contrast():
    """The seat number on swatches, tags and pawns (``seat_text``), a winner's banner
    (``banner_text``) and the numbers and pips on Ice-Turn's pieces (``INK``, also on their
    lit and shaded faces)."""
    for seat in range(SEATS):
        colour = THEME.seat(seat)
        assert contrast(THEME.seat_text, colour) >= 4.5, seat
        assert contrast(THEME.banner_text, colour) >= 4.5, seat
        assert contrast(ice_pieces.INK, colour) >= 4.5, seat
        assert contrast(ice_pieces.INK, ice_pieces.lit(colour)) >= 4.5, seat
        assert contrast(ice_pieces.INK, ice_pieces.shaded(colour)) >= 3, seat


def test_the_seat_colours_stand_out_from_the_cards_they_outline():
    """The outline of the card of the player to move, the turn pill's: 3:1 (WCAG's rule for
    the parts of a picture one must see)."""
    for seat in range(SEATS):
        assert contrast(THEME.seat(seat), THEME.card) >= 3, seat


# -- colour-blind eyes -----------------------------------------------------------------------

DICHROMATS = {
    # Machado, Oliveira & Fernandes (2009), severity 1, on linear RGB
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def lab(linear: tuple[float, float, float]) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of a colour in linear RGB."""
    r, g, b = (min(max(v, 0.0), 1.0) for v in linear)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def seen(colour: RGB, matrix) -> tuple[float, float, float]:
    linear = [_linear(c) for c in colour]
    return lab(tuple(sum(m * v for m, v in zip(row, linear, strict=True)) for row in matrix))


def distance(a, b) -> float:
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5


@pytest.mark.parametrize("vision", list(DICHROMATS))
def test_every_pair_of_seat_colours_stays_apart_for_colour_blind_eyes(vision):
    """Two seats' colours as a dichromat sees them differ by a Delta E of 15 or more (the
    lightness spread alone gives most of it)."""
    matrix = DICHROMATS[vision]
    for a, b in pairs():
        seen_a, seen_b = seen(THEME.seat(a), matrix), seen(THEME.seat(b), matrix)
        assert distance(seen_a, seen_b) >= 15, (vision, a, b)


# -- on the rendered boards, 450 px wide, in greyscale ---------------------------------------


def phone_grey(state) -> tuple[Image.Image, float]:
    """The board image as a phone shows it (450 px wide), in greyscale, and its scale."""
    image = Image.open(io.BytesIO(render.render(state, names=NAMES))).convert("RGB")
    scale = PHONE_WIDTH / image.width
    small = image.resize((PHONE_WIDTH, round(image.height * scale)), Image.LANCZOS)
    return small.convert("L"), scale


def ring(image: Image.Image, centre, inner: float, outer: float) -> list[int]:
    """The pixels whose centres lie between ``inner`` and ``outer`` from ``centre``."""
    cx, cy = centre
    values = []
    for x in range(int(cx - outer) - 1, int(cx + outer) + 2):
        for y in range(int(cy - outer) - 1, int(cy + outer) + 2):
            d2 = (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2
            if inner * inner <= d2 <= outer * outer:
                values.append(image.getpixel((x, y)))
    return values


def assert_apart(lightness: dict[int, float], margin: float, what: str) -> None:
    for a, b in pairs():
        assert abs(lightness[a] - lightness[b]) >= margin, (what, a, b, lightness)


def test_pachisi_pawns_of_every_pair_of_seats_differ_in_greyscale_on_a_phone():
    """Each seat's four pawns in its nest at the start: the pawn's face between its number
    and its edge (a ring inside every seat's shape)."""
    state = engine.get_game("pachisi").new_game(4)
    grey, scale = phone_grey(state)
    r = pachisi_lay.NEST_R * scale
    lightness = {}
    for seat in range(SEATS):
        arm = state.arms[seat]
        values = []
        for pawn in (1, 2, 3, 4):
            x, y = pachisi_lay.nest_slot(arm, pawn)
            values += ring(grey, (x * scale, y * scale), 0.55 * r, 0.75 * r)
        lightness[seat] = statistics.median(values)
    assert_apart(lightness, APART, "pachisi pawns")


def face_points() -> dict[str, tuple[float, float]]:
    """The middle of the lit (west) and shaded (east) face of a large piece lying on b2 facing
    north (its tip up), in image px: each half's centroid."""
    length = ice_pieces.LENGTH[3] * ice_lay.CELL
    half_base = length * ice_pieces.BASE / 2
    x, y = ice_lay.centre(GRID.parse("b2"))
    y += length / 6
    return {"lit": (x - half_base / 3, y), "shaded": (x + half_base / 3, y)}


def test_iceturn_pieces_of_every_pair_of_seats_differ_in_greyscale_on_a_phone():
    """A large lying piece of each seat in turn on the same tile, facing north: the middle of
    its lit (west) face and of its shaded (east) face, compared face with face."""
    faces = face_points()
    lightness = {face: {} for face in faces}
    for seat in range(SEATS):
        state = position({"b2": f"{seat}Ln"}, players=4)
        grey, scale = phone_grey(state)
        for face, (fx, fy) in faces.items():
            values = ring(grey, (fx * scale, fy * scale), 0, 2.5)
            lightness[face][seat] = statistics.median(values)
    for face in faces:
        assert_apart(lightness[face], FACES_APART, f"ice-turn {face} face")


def test_lit_and_shaded_faces_are_what_the_test_samples():
    """The sampled points lie on the lit and shaded faces (their colours, seat 0)."""
    state = position({"b2": "0Ln"}, players=4)
    image = Image.open(io.BytesIO(render.render(state, names=NAMES))).convert("RGB")
    colour = THEME.seat(0)
    for face, shade in (("lit", ice_pieces.lit), ("shaded", ice_pieces.shaded)):
        x, y = face_points()[face]
        drawn = image.getpixel((round(x), round(y)))
        assert max(abs(p - q) for p, q in zip(drawn, shade(colour), strict=True)) <= 12, face
