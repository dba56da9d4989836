"""A finished board image as PNG bytes, in a 256-colour palette.

A palette image is written here rather than by Pillow's PNG encoder: Pillow chooses a row
filter for every row (about 2 ms of a 1000 x 1000 image's 3.9 ms even when it is blank) and
compresses with zlib at its own speed. A palette image gains nothing from filters (libpng
leaves them off for palettes too), so each row here has filter 0, and the rows are
compressed by ISA-L (``isal``), a zlib-compatible deflate several times faster than zlib:
0.5 ms instead of 3.9 ms for Ice-Turn's 4-player board, at the same size (54 KB against
53 KB). The file is the four chunks every decoder reads: IHDR, PLTE, IDAT, IEND.

ISA-L does not always deflate the same rows into the same bytes: with boards drawn in threads,
about one encode in 300-3,000 finds a match at another distance and writes another valid
stream (never seen single-threaded outside a full test run, nor deflating one rows object
again and again from several threads). The palette and every pixel are the same, so a
position always gives the same picture, not always the same PNG bytes: compare decoded
images, not bytes (the render tests do: ``tests/render/images.py``).
"""

from __future__ import annotations

import io
import struct
import zlib

from isal import isal_zlib
from PIL import Image

PNG_COMPRESS_LEVEL = 3
"""zlib level of an image that is not a palette (Pillow's encoder; no board is one)."""

PALETTE_DEFLATE_LEVEL = 1
"""ISA-L's level for a palette image's rows (0-3). Measured on 30 boards of each game:
levels 1 and 2 are alike in time and size, 0 is 15% larger for no gain, 3 is seven
times slower."""

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

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def encode_png(image: Image.Image, palette: bool = False) -> bytes:
    """PNG bytes of ``image``; ``palette`` first reduces it to ``PALETTE_COLOURS`` colours
    (see ``PALETTE_SAMPLE``; no dithering: deterministic, and flat areas stay flat)."""
    if palette and image.mode == "RGB":
        size = (image.width // PALETTE_SAMPLE, image.height // PALETTE_SAMPLE)
        colours = image.resize(size, Image.Resampling.NEAREST).quantize(
            PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
        )
        image = image.quantize(palette=colours, dither=Image.Dither.NONE)
    if image.mode == "P" and "transparency" not in image.info:
        return palette_png(image)
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buffer.getvalue()


def palette_png(image: Image.Image) -> bytes:
    """PNG bytes of a palette (mode P) image: 8 bits a pixel, every row filter 0, deflated
    by ISA-L (see the module's text)."""
    width, height = image.size
    colours = bytes(image.getpalette("RGB") or b"\0\0\0")
    # The rows with their filter byte in front: Pillow writes each row padded with a 0 to
    # a stride of width + 1, so a 0 before the first row and none after the last make them.
    rows = image.tobytes("raw", "P", width + 1)
    deflate = isal_zlib.compressobj(PALETTE_DEFLATE_LEVEL)
    data = deflate.compress(b"\0") + deflate.compress(memoryview(rows)[:-1]) + deflate.flush()
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return b"".join(
        (SIGNATURE, chunk(b"IHDR", header), chunk(b"PLTE", colours), chunk(b"IDAT", data),
         chunk(b"IEND", b""))
    )  # fmt: skip


def chunk(kind: bytes, data: bytes) -> bytes:
    """One PNG chunk: length, type, data and the CRC of type and data."""
    return (
        struct.pack(">I", len(data))
        + kind
        + data
        + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))
    )
