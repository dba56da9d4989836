"""CPU and size of animated replays (``render/animation.py``), and GIF against APNG and WebP.

    python bench/animation.py [--seed 1] [--formats 200]

For each game at its most players, one game of random moves (and random rolls) to its end,
animated as ``/replay file:animated`` does (``render.animation.animate_states``: each state
recorded, compared with the one before, its changed regions put together from stamps, the
GIF written frame by frame). Prints per game:

- moves, frames (and any dropped or shrunk to fit 10 MiB), the file's size;
- the CPU of each frame written (its boards recorded, drawn, compared and written; caches
  cold at the game's start, but for the yardstick's boards): median and p95, and the whole
  replay's CPU (palette and any retries included) per frame written;
- the same replay drawn again with every cache warm (a worker that drew the game before);
- the stages, per state, in a further (warm) pass: recording, comparing, putting together
  (at the frames' half size);
- the yardstick taken in the same run: drawing one board whole as the bot posts it
  (``render.render``, PNG), median.

Then, on the first ``--formats`` boards of the Pachisi game, the same frames (in the same 255
colours) as GIF (ours), APNG and WebP (Pillow): size and CPU. ``time.process_time``; figures
only, never asserted.
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from figures import percentile
from PIL import Image

import engine
import render
from render import gif_writer, scenes, stamps
from render.animation import SHRINK, animate_states, steps
from tests.bot.random_games import random_states


def ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:.1f} / {percentile(values, 95) * 1000:.1f} ms"


def one_game(key: str, players: int, seed: int) -> list:
    states = random_states(key, players, seed)
    yardstick = []
    for state in states[:: max(1, len(states) // 60)]:
        start = time.process_time()
        render.render(state)
        yardstick.append(time.process_time() - start)
    start = time.process_time()
    anim = animate_states(states, steps(states), render.render)
    whole = time.process_time() - start
    again = animate_states(states, steps(states), render.render)  # caches warm
    record, compare, compose = [], [], []
    before = None
    for state in states:  # the stages, warm
        a = time.process_time()
        scene = scenes.record(lambda state=state: render.render(state))
        b = time.process_time()
        boxes = scenes.changes(before, scene)
        c = time.process_time()
        if boxes:
            stamps.compose(scene, boxes, SHRINK)
            compose.append(time.process_time() - c)
        record.append(b - a)
        compare.append(c - b)
        before = scene
    fit = f", {anim.dropped} of {anim.changes} dropped" if anim.dropped else ""
    if anim.scaled:
        fit += f", shrunk to {anim.scale:.0%}"
    print(
        f"{key} ({players} players): {len(states) - 1} moves, {anim.frames} frames{fit}, "
        f"{anim.size[0]}x{anim.size[1]}, {len(anim.data) / 1_048_576:.2f} MiB\n"
        f"  CPU a frame written {ms(list(anim.frame_cpu))} (median / p95); whole replay "
        f"{whole:.2f} s = {whole / anim.frames * 1000:.1f} ms a frame\n"
        f"  the same replay again, caches warm: {ms(list(again.frame_cpu))}\n"
        f"  stages a state, warm: record {ms(record)}, compare {ms(compare)}, "
        f"put together {ms(compose)}\n"
        f"  yardstick: one board drawn whole (PNG) {ms(yardstick)}"
    )
    return states


def formats(states: list, count: int) -> None:
    drawn = [
        stamps.whole(scenes.record(lambda s=s: render.render(s)), SHRINK) for s in states[:count]
    ]
    colours = gif_writer.palette(drawn[:: max(1, len(drawn) // 12)])
    # every format gets the same 255 colours (GIF cannot hold more)
    frames = [f.quantize(palette=colours, dither=Image.Dither.NONE).convert("RGB") for f in drawn]
    times = [gif_writer.frame_ms(1)] * (len(frames) - 1) + [gif_writer.LAST_FRAME_MS]
    print(f"formats, the first {len(frames)} boards of the Pachisi game:")

    def timed(name: str, make) -> None:
        start = time.process_time()
        data = make()
        cpu = time.process_time() - start
        print(
            f"  {name:<22} {len(data) / 1_048_576:6.2f} MiB  {cpu / len(frames) * 1000:6.1f} ms "
            "a frame"
        )

    def gif() -> bytes:
        boards = [
            gif_writer.Board(
                None if i == 0 else [(0, 0, *f.size)], 1, lambda _b, f=f: [((0, 0), f, None)]
            )
            for i, f in enumerate(frames)
        ]
        return gif_writer.write(boards, colours).data or b""

    def apng() -> bytes:
        quantized = [f.quantize(palette=colours, dither=Image.Dither.NONE) for f in frames]
        out = io.BytesIO()
        quantized[0].save(
            out,
            format="PNG",
            save_all=True,
            append_images=quantized[1:],
            duration=times,
            loop=0,
            disposal=0,
            blend=0,
            compress_level=6,
        )
        return out.getvalue()

    def webp(lossless: bool, quality: int, method: int) -> bytes:
        out = io.BytesIO()
        frames[0].save(
            out,
            format="WEBP",
            save_all=True,
            append_images=frames[1:],
            duration=times,
            loop=0,
            lossless=lossless,
            quality=quality,
            method=method,
        )
        return out.getvalue()

    timed("GIF (ours)", gif)
    timed("APNG (palette)", apng)
    timed("WebP lossless, m0", lambda: webp(True, 0, 0))
    timed("WebP lossy q80, m0", lambda: webp(False, 80, 0))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--formats", type=int, default=200, help="boards in the format comparison")
    p.add_argument("--games", default="", help="game keys, comma-separated (default: all)")
    args = p.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    chosen = [k for k in args.games.split(",") if k] or list(engine.GAMES)
    pachisi = None
    for key in chosen:
        states = one_game(key, engine.GAMES[key].max_players, args.seed)
        if key == "pachisi":
            pachisi = states
    if pachisi is not None and args.formats:
        formats(pachisi, args.formats)
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
