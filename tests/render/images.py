"""Reading board images back in the render tests: the PNG opened, drawn as RGB, and colours
compared with some slack (anti-aliasing and the palette shift them a little)."""

from __future__ import annotations

import io

from PIL import Image

import render


def open_png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    image.load()
    return image


def rgb(state, names, **kwargs) -> Image.Image:
    """The board image of ``state`` as an RGB image."""
    return open_png(render.render(state, names=names, **kwargs)).convert("RGB")


def close(colour, wanted, slack: int = 24) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(colour, wanted, strict=True))
