"""Parlor benchmarks: figures printed, never asserted (machines are shared and noisy).

    python bench/bench.py                 # every benchmark setup
    python bench/bench.py icesickle -s 5  # one setup, 5 s of random games

Engine throughput: random games (uniform over the legal moves, chance moves by their
probabilities) per second and moves per second, on one core, in CPU time (as every figure
here: the machines are shared). Decisions: what one player move
costs the bot, from a state read back from its JSON snapshot (so no search cache survives):
the legal moves (for the menus), applying the chosen one and any dice then due (p50, p99,
max); and the legal-move generation alone, on that cold state. Render: CPU per image (median
and p95) over the positions of random games in turn, as a ratio to Pillow's default PNG encode
of the same image in RGB too, and the PNG size.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from figures import percentile
from PIL import Image

import engine
import render
from bot.discord.heap import settle_heap
from bot.service.facade import draw_chance

# setup name -> (game key, number of players, options)
SETUPS = {
    "icesickle": ("icesickle", 2, {}),
    "pachisi-online-4": ("pachisi", 4, {"rules": "online"}),
    "pachisi-classic-4": ("pachisi", 4, {"rules": "classic"}),
    "pach-ice-i": ("pach-ice-i", 2, {}),
    "ice-turn-2": ("ice-turn", 2, {}),
    "ice-turn-4": ("ice-turn", 4, {}),
}


def pick(state: engine.State, rng: random.Random) -> engine.Move:
    """A random legal move; a chance move by its probability, as the bot draws it."""
    if state.is_chance_node():
        return draw_chance(state, rng)
    return rng.choice(state.legal_moves())


def random_game(game: engine.Game, players: int, options: dict, rng: random.Random):
    """Play one random game; return every state it passed through."""
    state = game.new_game(players, options)
    states = [state]
    while state.to_move is not None:
        state = state.apply(pick(state, rng))
        states.append(state)
    return states


def bench_engine(name: str, seconds: float) -> None:
    key, players, options = SETUPS[name]
    game = engine.get_game(key)
    rng = random.Random(1)
    games = moves = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_game(players, options)
        while state.to_move is not None:
            state = state.apply(pick(state, rng))
            moves += 1
        games += 1
    elapsed = time.process_time() - start
    print(
        f"{name}: engine {games / elapsed:,.0f} random games/s, {moves / elapsed:,.0f} moves/s"
        " (CPU time)"
    )
    print(f"{name}: {moves / games:.1f} moves per game on average ({games} games)")


def bench_decisions(name: str, seconds: float) -> None:
    key, players, options = SETUPS[name]
    game = engine.get_game(key)
    rng = random.Random(3)
    times: list[float] = []
    generation: list[float] = []
    games = 0
    deadline = time.process_time() + seconds
    while time.process_time() < deadline:
        state = game.new_game(players, options)
        while state.to_move is not None:
            if state.is_chance_node():
                state = state.apply(pick(state, rng))
                continue
            snapshot = state.to_json()
            start = time.process_time()
            cold = game.from_json(snapshot)
            generating = time.process_time()
            legal = cold.legal_moves()
            generation.append((time.process_time() - generating) * 1000)
            move = rng.choice(legal)
            state = cold.apply(move)
            while state.is_chance_node():
                state = state.apply(pick(state, rng))
            times.append((time.process_time() - start) * 1000)
        games += 1
    print(
        f"{name}: decision p50 {statistics.median(times):.2f} ms, "
        f"p99 {percentile(times, 99):.2f} ms, max {max(times):.2f} ms "
        f"({len(times):,} decisions, {games} games)"
    )
    print(
        f"{name}: legal-move generation p50 {statistics.median(generation):.3f} ms, "
        f"p99 {percentile(generation, 99):.3f} ms, max {max(generation):.2f} ms"
    )


def bench_render(name: str, samples: int) -> None:
    """CPU per board image as players see them: every position of random games in turn (so
    the text cache holds what the last board drew, as in the bot), ``samples`` of them;
    each also as a ratio to the yardstick, Pillow's default PNG encode of the same image in
    RGB, timed right after it (a figure that moves with the machine)."""
    key, players, options = SETUPS[name]
    game = engine.get_game(key)
    rng = random.Random(2)
    states = []
    while len(states) < samples:
        states.extend(random_game(game, players, options, rng))
    states = states[:samples]
    render.render(states[0])  # fonts loaded outside the timing
    times, ratios, sizes = [], [], []
    for state in states:
        start = time.process_time()
        png = render.render(state)
        spent = time.process_time() - start
        rgb = Image.open(io.BytesIO(png)).convert("RGB")
        start = time.process_time()
        rgb.save(io.BytesIO(), "PNG")
        yardstick = time.process_time() - start
        times.append(spent * 1000)
        ratios.append(spent / yardstick)
        sizes.append(len(png) / 1024)
    print(
        f"{name}: render CPU median {statistics.median(times):.1f} ms, "
        f"p95 {percentile(times, 95):.1f} ms; ratio to the RGB encode median "
        f"{statistics.median(ratios):.2f}, p95 {percentile(ratios, 95):.2f} ({samples} states)"
    )
    print(
        f"{name}: PNG median {statistics.median(sizes):.0f} KB, "
        f"max {max(sizes):.0f} KB, min {min(sizes):.0f} KB"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("setups", nargs="*", default=list(SETUPS), help=", ".join(SETUPS))
    parser.add_argument("-s", "--seconds", type=float, default=5.0, help="engine time per game")
    parser.add_argument("-n", "--samples", type=int, default=100, help="states to render")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # the targets are for one core
    settle_heap()  # as the bot and its workers do once set up (see bot/discord/heap.py)
    print(f"Python {sys.version.split()[0]}, one core, {time.strftime('%Y-%m-%d %H:%M')}")
    for name in args.setups:
        bench_engine(name, args.seconds)
        bench_decisions(name, args.seconds)
        if engine.get_game(SETUPS[name][0]).key in render.RENDERERS:
            bench_render(name, args.samples)


if __name__ == "__main__":
    main()
