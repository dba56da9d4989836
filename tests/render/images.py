"""Reading board images back in the render tests: the PNG opened, drawn as RGB, and colours
compared with some slack (anti-aliasing and the palette shift them a little)."""

from __future__ import annotations

import io
from concurrent.futures import ThreadPoolExecutor

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


def picture(data: bytes) -> tuple:
    """What a player sees of a board's PNG: its size, palette and every pixel. Not its bytes:
    ISA-L, which deflates the rows (``render.png``), now and then deflates the same rows into
    another valid stream (a match found at another distance), so two encodes of one picture may
    differ in their bytes, never in what they decode to."""
    image = open_png(data)
    return image.size, image.mode, image.getpalette(), image.tobytes()


def same_picture(one: bytes, two: bytes) -> bool:
    return one == two or picture(one) == picture(two)


def assert_pure(state, names) -> None:
    """Drawing is a pure function of the state: the same picture twice and from the state read
    back from its JSON, the state unchanged, the same alt text."""
    before = state.to_json()
    first = render.render(state, names=names)
    assert same_picture(render.render(state, names=names), first)
    assert state.to_json() == before
    assert same_picture(render.render(state.game.from_json(before), names=names), first)
    assert render.alt_text(state, names=names) == render.alt_text(state, names=names)


def assert_same_picture_in_threads(states, names, per_state: int) -> None:
    """Each state drawn ``per_state`` times from four threads at once gives the picture it gives
    drawn alone (no drawing state is shared between threads)."""
    expected = [render.render(s, names=names) for s in states]
    count = len(states)
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(
            pool.map(
                lambda i: render.render(states[i % count], names=names), range(count * per_state)
            )
        )
    assert all(same_picture(result, expected[i % count]) for i, result in enumerate(results))


def kept_before_encoding(monkeypatch) -> list[Image.Image]:
    """Each board image drawn from now on, as it was before its PNG palette was chosen (a
    palette may move a colour by a level either way): the list fills as boards are drawn."""
    from render import canvas

    images: list[Image.Image] = []
    encode = canvas.encode_png

    def kept(image, palette=False):
        images.append(image)
        return encode(image, palette)

    monkeypatch.setattr(canvas, "encode_png", kept)
    return images
