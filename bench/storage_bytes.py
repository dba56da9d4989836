"""Bytes written to the database per move, and the bot's CPU per move, over whole games.

    python bench/storage_bytes.py [--games ice-turn:4,pachisi:4] [--seed 1]

Plays each game to its end through the real ``Service`` and a real SQLite file (WAL, as the
bot runs it; no Discord, no images), one random legal move at a time, and counts the bytes
this process hands to ``write()`` per move (``wchar`` in ``/proc/self/io``: the WAL, the
checkpoints into the database file, everything) and its CPU time per move
(``time.process_time``). Prints the median, p95, the first and last 100 moves' means, and
the totals. Figures only, no assertions.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from figures import percentile

from bot.service.facade import Service
from bot.service.records import Player


def written() -> int:
    with open("/proc/self/io") as io:
        for line in io:
            if line.startswith("wchar:"):
                return int(line.split()[1])
    raise RuntimeError("no wchar in /proc/self/io")


async def one_game(key: str, players: int, seed: int, folder: str) -> None:
    path = os.path.join(folder, f"{key}.db")
    service = await Service.open(path, seats_rng=random.Random(seed))
    people = [Player(100 + i, f"P{i}") for i in range(players)]
    if players == 2:
        challenge = await service.challenge(key, people[0], people[1])
        record = await service.accept(challenge.id, people[1])
    else:
        lobby = await service.lobbies.open(key, people[0], players)
        for person in people[1:]:
            record = await service.lobbies.join(lobby.id, person)  # the last join starts it
    rng = random.Random(seed)
    sizes, cpus = [], []
    while not record.over:
        user = record.player_to_move.user_id
        move = rng.choice(record.state.legal_moves())
        w0, c0 = written(), time.process_time()
        played = await service.play(record.id, user, move)
        cpus.append(time.process_time() - c0)
        sizes.append(written() - w0)
        record = played.game
    await service.close()
    size = sum(os.path.getsize(path + x) for x in ("", "-wal") if os.path.exists(path + x))
    kib = [s / 1024 for s in sizes]
    ms = [c * 1000 for c in cpus]
    first, last = statistics.mean(kib[:100]), statistics.mean(kib[-100:])
    print(
        f"{key} ({players} players), {len(sizes)} requests to the service: "
        f"KiB written per request median {statistics.median(kib):.1f}, "
        f"p95 {percentile(kib, 95):.1f}; first 100 {first:.1f}, last 100 {last:.1f} "
        f"(last/first {last / first:.2f}); {sum(sizes) / 2**20:.1f} MiB in all; "
        f"database + WAL at the end {size / 2**20:.2f} MiB"
    )
    print(
        f"  CPU per request: median {statistics.median(ms):.2f} ms, p95 {percentile(ms, 95):.2f} ms"
    )


async def main(args: argparse.Namespace) -> None:
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"load {load} (1, 5, 15 min) on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as folder:
        for spec in args.games.split(","):
            key, players = spec.split(":")
            await one_game(key, int(players), args.seed, folder)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default="ice-turn:4,pachisi:4")
    parser.add_argument("--seed", type=int, default=1)
    asyncio.run(main(parser.parse_args()))
