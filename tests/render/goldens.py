"""Golden images shared by the render tests: compared at 1/8 size with a tolerance."""

from __future__ import annotations

import io
import os
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

GOLDEN = Path(__file__).parent / "golden"
REGEN = os.environ.get("PARLOR_REGEN_GOLDEN") == "1"
GOLDEN_BLOCK = 8


def mean_difference(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference per channel of the two images seen at 1/GOLDEN_BLOCK size."""
    a = a.convert("RGB").reduce(GOLDEN_BLOCK)
    b = b.convert("RGB").reduce(GOLDEN_BLOCK)
    stat = ImageStat.Stat(ImageChops.difference(a, b))
    return sum(stat.mean) / len(stat.mean)


def check_golden(filename: str, data: bytes, tolerance: float) -> None:
    """``data`` (a PNG) is within ``tolerance`` of the golden image ``filename`` (written
    instead with PARLOR_REGEN_GOLDEN=1)."""
    path = GOLDEN / filename
    if REGEN:
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(data)
    assert path.exists(), f"missing {path}; run with PARLOR_REGEN_GOLDEN=1 to create it"
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    difference = mean_difference(image, Image.open(path))
    assert difference <= tolerance, (
        f"{filename} differs from the golden image by {difference:.2f} per channel; if the "
        "change is intended, look at the new image and regenerate with PARLOR_REGEN_GOLDEN=1"
    )
