"""The CPU of one sweep of the move clocks, with many games stored and some due.

    python bench/sweep.py [--games 100000] [--due 1000] [--runs 15]

Stores ``--games`` copies of a 2-player game with a 3-day clock in a real SQLite file (WAL, as
the bot runs it), ``--due`` of them due for their first reminder, then times
``service.timeouts.sweep()`` (what the bot's minute loop runs before it posts anything): it
takes the due games by the index, decides each one's reminder, and records them all in one
transaction. The due games are made due again between runs. CPU time of the whole process
(``time.process_time``: the event loop and the database's thread), median and p95 over the
runs, and the load of the machine. Figures only, no assertions.
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

from bot.service.clocks import HOUR
from bot.service.facade import Service
from bot.service.records import Player
from tests.bot.clock_games import copies, due_again


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


async def main(games: int, due: int, runs: int) -> None:
    clock = Clock()
    with tempfile.TemporaryDirectory() as tmp:
        service = await Service.open(
            str(Path(tmp) / "sweep.db"), clock=clock, seats_rng=random.Random(1)
        )
        try:
            ann, ben = Player(1, "Ann"), Player(2, "Ben")
            challenge = await service.challenge(
                "icesickle", ann, ben, settings={"clock": "3d"}, channel_id=9
            )
            await service.accept(challenge.id, ben)
            start = clock.now
            made = time.perf_counter()
            await copies(service.storage.db, games, due, start + 6 * HOUR, start + 60 * HOUR)
            print(f"stored {games:,} games in {time.perf_counter() - made:.1f} s")
            clock.now = start + 24 * HOUR  # the first reminder of each due game
            cpu: list[float] = []
            for _ in range(runs):
                await due_again(service.storage.db, due, start + 6 * HOUR)
                before = time.process_time()
                found = await service.timeouts.sweep()
                cpu.append((time.process_time() - before) * 1000)
                assert len(found) == due, len(found)
        finally:
            await service.close()
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(
        f"sweep with {games:,} games stored, {due:,} due: CPU median "
        f"{statistics.median(cpu):.1f} ms, p95 {percentile(cpu, 95):.1f} ms over {runs} runs "
        f"(target <= 50 ms); load {load} on {os.cpu_count()} cores"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--due", type=int, default=1_000)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    asyncio.run(main(args.games, args.due, args.runs))
