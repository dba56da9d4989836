"""A player's rating trend as a small PNG chart (``/profile``).

A stand-in, drawn plainly with Pillow: a line through the ratings, a dot per game (filled for
a win), provisional points in grey. The chart's own module replaces it (same name and
signature)."""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

WIDTH, HEIGHT = 480, 200
MARGIN = 16


def trend_png(ratings: Sequence[int], won: Sequence[bool], provisional_until: int = 0) -> bytes:
    """The chart of ``ratings`` (oldest first; ``won``: each game won), the first
    ``provisional_until`` points drawn as provisional, as PNG bytes."""
    image = Image.new("RGB", (WIDTH, HEIGHT), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    if ratings:
        low, high = min(ratings), max(ratings)
        span = max(high - low, 1)
        step = (WIDTH - 2 * MARGIN) / max(len(ratings) - 1, 1)
        points = [
            (MARGIN + i * step, HEIGHT - MARGIN - (r - low) * (HEIGHT - 2 * MARGIN) / span)
            for i, r in enumerate(ratings)
        ]
        if len(points) > 1:
            draw.line(points, fill=(60, 90, 160), width=2)
        for i, ((x, y), win) in enumerate(zip(points, won, strict=False)):
            colour = (150, 150, 150) if i < provisional_until else (60, 90, 160)
            box = (x - 3, y - 3, x + 3, y + 3)
            draw.ellipse(box, fill=colour if win else (255, 255, 255), outline=colour)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
