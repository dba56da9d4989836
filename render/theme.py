"""Colours and fonts for board images.

The seat colours are Okabe-Ito hues (safe for the common forms of colour blindness) spread
in lightness, so that they differ in greyscale too (see :data:`SEAT_COLOURS`); every place that
shows a seat colour also shows the seat number, so colour is never the only cue. Fonts are
Pillow's built-in FreeType font (``ImageFont.load_default(size=...)``), so rendering does not
depend on any font installed on the machine.
"""

from __future__ import annotations

import threading
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont, features

RGB = tuple[int, int, int]


def hex_rgb(text: str) -> RGB:
    """``"#E69F00"`` -> ``(230, 159, 0)``."""
    text = text.lstrip("#")
    return (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16))


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour ``t`` of the way from ``a`` to ``b`` (0 = a, 1 = b)."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


SEAT_COLOURS: tuple[RGB, ...] = (
    (250, 176, 22),  # orange, lighter (greyscale 181)
    (188, 229, 255),  # sky blue, pale (220)
    (0, 146, 104),  # bluish green, a little darker (98)
    (196, 110, 160),  # reddish purple, a little darker (141)
)
"""The seats' colours: Okabe-Ito's orange, sky blue, bluish green and reddish purple, each
made lighter or darker so that a greyscale picture (or a viewer who sees no colour) tells
every pair of seats apart: their lightness (ITU-R 601 luma, Pillow's "L") is 181, 220, 98
and 141, each at least 35 from every other. Black text on each keeps a WCAG contrast of 4.5
or more, and no seat is the last move's yellow or the capture's vermillion."""


@dataclass(frozen=True)
class PieceColours:
    """The four faces of a pyramid seen from above (lit from the north-west), its edge and pips."""

    north: RGB
    west: RGB
    east: RGB
    south: RGB
    edge: RGB
    pip: RGB


ICE = PieceColours(
    north=(0xF6, 0xFC, 0xFF),
    west=(0xCB, 0xE7, 0xF5),
    east=(0x7B, 0xB1, 0xCD),
    south=(0xA2, 0xCE, 0xE4),
    edge=(0x0B, 0x1E, 0x2E),
    pip=(0x0B, 0x22, 0x36),
)


@dataclass(frozen=True)
class Theme:
    background: RGB = (0x1D, 0x23, 0x2B)
    header: RGB = (0x12, 0x16, 0x1C)
    card: RGB = (0x28, 0x31, 0x3B)
    card_edge: RGB = (0x3A, 0x45, 0x52)
    text: RGB = (0xF3, 0xF5, 0xF8)
    text_dim: RGB = (0xAE, 0xB9, 0xC5)
    board_light: RGB = (0x44, 0x56, 0x6A)
    board_dark: RGB = (0x37, 0x47, 0x5A)
    board_edge: RGB = (0x0E, 0x13, 0x19)
    coordinates: RGB = (0xC9, 0xD3, 0xDD)
    highlight: RGB = (0xF0, 0xE4, 0x42)  # Okabe-Ito yellow: the last move
    capture: RGB = (0xFF, 0x6A, 0x1A)  # brightened vermillion: captured pieces
    banner: RGB = (0xF0, 0xE4, 0x42)
    banner_text: RGB = (0x12, 0x16, 0x1C)
    seats: tuple[RGB, ...] = SEAT_COLOURS
    seat_text: RGB = (0x00, 0x00, 0x00)  # the seat number on a seat swatch
    ice: PieceColours = ICE

    def seat(self, seat: int) -> RGB:
        return self.seats[seat % len(self.seats)]


DEFAULT_THEME = Theme()


_fonts = threading.local()


def font(size: float) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's built-in font at ``size`` pixels, cached (loading one costs about a millisecond).

    The cache is per thread: renders may run in worker threads (``asyncio.to_thread``) and a
    FreeType face must not be used by two threads at once (Pillow only guards that on
    free-threaded Python builds).
    """
    cache = getattr(_fonts, "cache", None)
    if cache is None:
        cache = _fonts.cache = {}
    loaded = cache.get(size)
    if loaded is None:
        loaded = ImageFont.load_default(size=size)
        if _SHAPED:
            loaded = loaded.font_variant(layout_engine=ImageFont.Layout.RAQM)
        cache[size] = loaded
    return loaded


_SHAPED = features.check_feature("raqm")
"""Lay text out with Raqm (HarfBuzz) where Pillow has it, as its wheels do: its advances are
the font's own, where the basic layout rounds each glyph's advance to whole pixels, which at
the sizes drawn (18-26 px) makes a line 2-5% wider than designed."""


# -- text the built-in font can show ---------------------------------------------------------

# The built-in font covers printable ASCII and a few typographic marks; Latin letters with
# accents are folded to their base letter, a few marks get ASCII stand-ins, and anything else
# (other scripts) becomes "?" rather than an empty box; emoji and other symbols are dropped.
_STAND_INS = {
    "\N{EM DASH}": "-",
    "\N{EN DASH}": "-",
    "\N{MULTIPLICATION SIGN}": "x",
    "\N{RIGHTWARDS ARROW}": "->",
    "\N{BULLET}": "\N{MIDDLE DOT}",
    "\N{NO-BREAK SPACE}": " ",
    "\N{LATIN SMALL LETTER SHARP S}": "ss",
    "\N{LATIN CAPITAL LETTER AE}": "AE",
    "\N{LATIN SMALL LETTER AE}": "ae",
    "\N{LATIN CAPITAL LETTER O WITH STROKE}": "O",
    "\N{LATIN SMALL LETTER O WITH STROKE}": "o",
    "\N{LATIN CAPITAL LETTER L WITH STROKE}": "L",
    "\N{LATIN SMALL LETTER L WITH STROKE}": "l",
    "\N{LATIN CAPITAL LIGATURE OE}": "OE",
    "\N{LATIN SMALL LIGATURE OE}": "oe",
}


def _glyph_image(char: str) -> bytes:
    image = Image.new("L", (40, 40))
    ImageDraw.Draw(image).text((6, 6), char, font=font(20), fill=255)
    return image.tobytes()


@lru_cache(maxsize=1)
def _missing_glyph() -> bytes:
    return _glyph_image("\ue000")  # a private-use character: the font's "missing" box


@lru_cache(maxsize=4096)
def _has_glyph(char: str) -> bool:
    if " " <= char <= "~":
        return True
    return _glyph_image(char) != _missing_glyph()


@lru_cache(maxsize=1024)
def displayable(text: str) -> str:
    """``text`` with every character the built-in font lacks replaced by one it has."""
    out = []
    dropped = False
    for char in text:
        if _has_glyph(char):
            out.append(char)
            continue
        if char in _STAND_INS:
            out.append(_STAND_INS[char])
            continue
        base = "".join(
            c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c)
        )
        if base and all(_has_glyph(c) for c in base):
            out.append(base)
        elif char.isspace():
            out.append(" ")
        elif unicodedata.category(char)[0] in "LN":  # a letter or digit: show that one was there
            out.append("?")
        else:  # symbols (emoji), marks and control characters are dropped
            dropped = True
    # a dropped emoji must not leave a space at either end ("<emoji> Alice")
    return "".join(out).strip() if dropped else "".join(out)
