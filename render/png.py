"""A finished board image as PNG bytes, in a 256-colour palette."""

from __future__ import annotations

import io

from PIL import Image

PNG_COMPRESS_LEVEL = 3
"""zlib level for the PNG. Measured on IceSickle images (1000 x 720 RGB): level 3 encodes in
~13 ms to ~83 KB, level 6 in ~19 ms to ~76 KB, level 9 in ~95 ms; most of the time at low
levels is Pillow's adaptive row filtering, which every level pays."""

PALETTE_COLOURS = 256
"""Colours kept by ``encode_png(..., palette=True)``: the images are flat colours plus their
anti-aliased edges (1,500-3,500 distinct colours), which 256 reproduce within a level per
channel on average. A palette PNG is about half the size of an RGB one and encodes in a
fraction of the time."""

PALETTE_SAMPLE = 4
"""The palette is chosen from every fourth pixel of every fourth row (fast octree on 1/16 of
the pixels: ~0.6 ms instead of ~8 ms on the whole image), then every pixel of the whole image
takes its nearest palette colour (~2 ms). Flat areas keep their colour. Picking pixels keeps
colours the image has (~0.15 ms); averaging 4 x 4 blocks (``reduce``) cost 0.8 ms and made
blends of neighbouring colours the image does not have: measured on 80 images of the four
games, the mean error per channel is 0.51 levels picking and 0.62 averaging, and 9 pixels an
image are off by more than 24 levels against 45."""


def encode_png(image: Image.Image, palette: bool = False) -> bytes:
    """PNG bytes of ``image``; ``palette`` first reduces it to ``PALETTE_COLOURS`` colours
    (see ``PALETTE_SAMPLE``; no dithering: deterministic, and flat areas stay flat)."""
    if palette and image.mode == "RGB":
        size = (image.width // PALETTE_SAMPLE, image.height // PALETTE_SAMPLE)
        colours = image.resize(size, Image.Resampling.NEAREST).quantize(
            PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
        )
        image = image.quantize(palette=colours, dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buffer.getvalue()
