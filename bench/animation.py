"""CPU and size of animated replays (``render/animation.py``), and GIF against APNG and WebP.

    python bench/animation.py [--seed 1] [--formats 200]

For each game at its most players, one game of random moves (and random rolls) to its end;
every state drawn as the bot draws it (``render.render``: PNG bytes, as the board workers hand
them over), then ``animate``. Prints per game: moves, frames, the drawing's CPU per state
(median, p95), the animation's own CPU per frame (decoding a board and finding what changed:
median, p95; then the whole ``animate`` call divided by its frames), the whole replay's CPU
(drawing included) and the file's size. Then, on the first ``--formats`` boards of the
Pachisi game, the same frames as GIF (ours), APNG (Pillow, its own delta frames) and WebP
(Pillow, lossless and lossy): size and encode CPU. ``time.process_time``; figures only.
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
from render import animation
from render.animation import Step, animate
from tests.bot.random_games import random_states


def ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:.1f} / {percentile(values, 95) * 1000:.1f} ms"


def one_game(key: str, players: int, seed: int) -> tuple[list[bytes], list[engine.State]]:
    states = random_states(key, players, seed)
    render.render(states[0])  # fonts and caches loaded
    drawn, draw_cpu = [], []
    for state in states:
        start = time.process_time()
        drawn.append(render.render(state))
        draw_cpu.append(time.process_time() - start)
    steps = [
        Step(png, 0 if i == 0 or states[i - 1].is_chance_node() else 1)
        for i, png in enumerate(drawn)
    ]
    diff_cpu, previous = [], None
    for png in drawn:
        start = time.process_time()
        image = animation._rgb(png)
        if previous is not None:
            animation._changed(previous, image)
        diff_cpu.append(time.process_time() - start)
        previous = image
    start = time.process_time()
    anim = animate(steps)
    whole = time.process_time() - start
    print(
        f"{key} ({players} players): {len(states) - 1} moves, {anim.frames} frames "
        f"({anim.dropped} dropped, scale {anim.scale}), {anim.size[0]}x{anim.size[1]}\n"
        f"  drawing per state {ms(draw_cpu)} (median / p95)\n"
        f"  animation per frame: decode + change {ms(diff_cpu)}; whole animate "
        f"{whole / anim.frames * 1000:.1f} ms a frame ({whole:.2f} s)\n"
        f"  replay in all (drawing + animate): {sum(draw_cpu) + whole:.2f} s, "
        f"{(sum(draw_cpu) + whole) / anim.frames * 1000:.1f} ms a frame\n"
        f"  file: {len(anim.data) / 1_048_576:.2f} MiB, "
        f"{len(anim.data) / anim.frames / 1024:.1f} KiB a frame"
    )
    return drawn, states


def formats(drawn: list[bytes], count: int) -> None:
    pngs = drawn[:count]
    sources, moves = animation.changes(Step(p) for p in pngs)
    frames = [animation._rgb(p) for p in sources]
    times = animation.durations(moves)
    print(f"formats, the first {count} boards of the Pachisi game ({len(frames)} frames):")

    def timed(name: str, make) -> None:
        start = time.process_time()
        data = make()
        cpu = time.process_time() - start
        print(
            f"  {name:<22} {len(data) / 1_048_576:6.2f} MiB  {cpu / len(frames) * 1000:6.1f} ms "
            "a frame"
        )

    timed("GIF (ours)", lambda: animation._encode(frames, times, 1.0)[0])

    def apng() -> bytes:
        palette = animation._palette(frames, 1.0)
        quantized = [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in frames]
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

    timed("APNG (palette)", apng)
    timed("WebP lossless, m0", lambda: webp(True, 0, 0))
    timed("WebP lossy q80, m0", lambda: webp(False, 80, 0))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--formats", type=int, default=200, help="boards in the format comparison")
    args = p.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    pachisi = None
    for key, game in engine.GAMES.items():
        drawn, _ = one_game(key, game.max_players, args.seed)
        if key == "pachisi":
            pachisi = drawn
    if pachisi is not None and args.formats:
        formats(pachisi, args.formats)
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
