"""End-to-end latency of the Discord bot over the fake Discord (tests/fakediscord).

    python bench/bench_discord.py [--games 50] [--moves 10]

Starts the real bot from ``bot.create_bot`` against the fake on 127.0.0.1, opens ``--games``
games at once and plays ``--moves`` moves in each, all games concurrently, by select menus.
``--think S`` makes each player pause a random 0..2S seconds first (0: every game moves the
moment its board arrives, a saturating load). Prints two figures, p50 and p95: the
interaction answered (the fake receives the callback), and the next board posted (the new
turn message with its image). Figures only, no assertions. The fake runs in the same process
and takes its share of the CPU.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from figures import percentile

from bot import create_bot
from tests.fakediscord import FakeDiscord, run_bot


def is_turn(message) -> bool:
    return bool(message.attachments)


async def one_game(
    fake, channel, host, guest, moves: int, think: float, rng, answered, posted
) -> None:
    rec = await fake.slash(host, channel, "play", {"game": "icesickle", "opponent": guest})
    challenge = (await rec.response()).message
    accept = next(c for c in challenge.custom_ids if c.endswith(":accept"))
    await (await fake.click(guest, challenge, accept)).response()
    thread = await fake.wait_for_thread(channel, after=rec)
    turn = await fake.wait_for_message(thread, is_turn)
    users = {host.id: host, guest.id: guest}
    for _ in range(moves):
        if not turn.selects:
            break
        if think:
            await asyncio.sleep(rng.uniform(0, 2 * think))
        (mover,) = (users[i] for i in turn.mention_ids)
        select = rng.choice(turn.selects)
        value = rng.choice(select["options"])["value"]
        start = time.perf_counter()
        rec = await fake.select(mover, turn, select["custom_id"], [value])
        await rec.response()
        answered.append((time.perf_counter() - start) * 1000)
        turn = await fake.wait_for_message(thread, is_turn, after=turn)
        posted.append((time.perf_counter() - start) * 1000)


async def main(games: int, moves: int, think: float) -> None:
    logging.getLogger("discord").setLevel(logging.ERROR)
    answered: list[float] = []
    posted: list[float] = []
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord(timeout=60.0, callback_deadline=30.0) as fake:
            guild = fake.add_guild(name="bench")
            bot = create_bot(db_path=str(Path(tmp) / "bench.db"), guild_ready_timeout=0.05)
            bot.rate_limit = (10_000, 10.0)  # simulated players click faster than people
            async with run_bot(fake, bot):
                channels = [fake.add_text_channel(guild, f"games-{i}") for i in range(games)]
                players = [fake.add_user(f"p{i}") for i in range(2 * games)]
                started = time.perf_counter()
                await asyncio.gather(
                    *(
                        one_game(fake, channels[i], players[2 * i], players[2 * i + 1], moves,
                                 think, random.Random(rng.random()), answered, posted)
                        for i in range(games)
                    )
                )  # fmt: skip
                elapsed = time.perf_counter() - started
    pause = f", players pausing {think:g} s on average" if think else ", no pauses"
    print(f"{games} games at once{pause}: {len(answered)} moves in {elapsed:.1f} s")
    for label, values in (("interaction answered", answered), ("next board posted", posted)):
        print(
            f"{label}: p50 {statistics.median(values):.0f} ms, "
            f"p95 {percentile(values, 95):.0f} ms, max {max(values):.0f} ms"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--moves", type=int, default=10)
    parser.add_argument(
        "--think", type=float, default=0.0, help="mean pause before each move, seconds"
    )
    args = parser.parse_args()
    asyncio.run(main(args.games, args.moves, args.think))
