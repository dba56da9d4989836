"""CPU of ``/leaderboard`` and ``/profile`` with 100,000 rated games stored.

    python bench/standings.py [--games 100000] [--players 10000] [--runs 300]

Makes a real SQLite file holding ``--games`` finished, rated games (Pachisi and Ice-Turn for
2-4 players, IceSickle and Pach-Ice-i for 2) among ``--players`` players of one server, with
their seats, results, rating changes (the server's ladder and the global one) and ladders, as
the ratings' part writes them when a game ends (``tests/bot/standings_data.py``); a few players
hide their stats. Then times (``time.process_time``: this process, the database's thread
included) what each command does but Discord's side: ``Standings.ladder`` and its text for a
random player and game (page 1, their own place counted wherever it is), and
``Standings.profile`` and its text for a random player (the chart is drawn by the board
workers, outside the bot's process; its CPU is printed apart). Median and p95 per call, with
the machine's load. Figures only, no assertions.
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

from bot.service.ratings import GLOBAL
from bot.service.standings import Standings
from bot.service.store.storage import Storage
from bot.words.standings import ladder_text, profile_text
from bot.words.standings_chart import trend_words
from render.rating_chart import trend_png
from tests.bot.standings_data import Game, Rated, Seat, hide_stats, store_games, store_ratings

GUILD = 1234
GAMES = {"pachisi": 4, "ice-turn": 4, "icesickle": 2, "pach-ice-i": 2}
FIRST = 10_000


def unknown(user_id: int) -> str:
    return f"<@{user_id}>"


async def fill(storage: Storage, games: int, players: int, seed: int = 1) -> None:
    """``games`` rated games among ``players`` players, and the ladders they make."""
    rng = random.Random(seed)
    skill = {FIRST + n: rng.gauss(25.0, 4.0) for n in range(players)}
    ladder: dict[tuple[str, int], list] = {}
    batch = []
    for number in range(games):
        key = rng.choice(list(GAMES))
        count = rng.randint(2, GAMES[key])
        seated = rng.sample(range(FIRST, FIRST + players), count)
        order = sorted(seated, key=lambda u: -skill[u] - rng.gauss(0, 5))
        seats = []
        for user in seated:
            place = order.index(user) + 1
            mu, sigma, played, won = ladder.get((key, user), (25.0, 25 / 3, 0, 0))
            after = (mu + (count + 1 - 2 * place) * 0.4, max(2.0, sigma * 0.96))
            ladder[key, user] = (*after, played + 1, won + int(place == 1))
            dice = key in ("pachisi", "pach-ice-i")
            seats.append(
                Seat(
                    user, f"player{user}", place, mu, sigma, *after,
                    turns=30, think_seconds=rng.uniform(60, 7200),
                    rolls=30 if dice else 0, pips=105.0 * dice, expected_pips=105.0 * dice,
                )
            )  # fmt: skip
        batch.append(Game(key, GUILD, seats, 1_700_000_000.0 + number * 60))
        if len(batch) == 5000:
            await store_games(storage, batch)
            batch = []
    if batch:
        await store_games(storage, batch)
    await store_ratings(
        storage,
        [
            Rated(key, where, user, mu, sigma, played, won)
            for (key, user), (mu, sigma, played, won) in ladder.items()
            for where in (GUILD, GLOBAL)
        ],
    )
    for user in range(FIRST, FIRST + players, 101):
        await hide_stats(storage, user)


def timed(label: str, times: list[float]) -> None:
    print(
        f"{label}: CPU median {statistics.median(times):.2f} ms, "
        f"p95 {percentile(times, 95):.2f} ms ({len(times)} calls)"
    )


async def main(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as folder:
        storage = await Storage.open(os.path.join(folder, "bench.db"))
        started = time.monotonic()
        await fill(storage, args.games, args.players)
        await storage.database.fetch("ANALYZE")
        standings = Standings(storage)
        (rows,) = await storage.database.fetch("SELECT COUNT(*) FROM ratings")
        print(
            f"{args.games:,} rated games, {args.players:,} players, {rows[0]:,} ladder rows "
            f"(filled in {time.monotonic() - started:.0f} s)"
        )
        rng = random.Random(2)
        boards, profiles, charts = [], [], []
        for _ in range(args.runs):
            viewer = FIRST + rng.randrange(args.players)
            key = rng.choice(list(GAMES))
            start = time.process_time()
            page = await standings.ladder(key, GUILD, viewer=viewer)
            ladder_text(page, unknown)
            boards.append((time.process_time() - start) * 1000)

            player = FIRST + rng.randrange(args.players)
            start = time.process_time()
            try:
                found = await standings.profile(player, viewer=viewer, guild_id=GUILD)
            except Exception:  # their stats are private: the refusal is the answer
                found = None
            if found is not None:
                profile_text(found, unknown, here=True)
                if found.trend is not None:
                    trend_words(list(found.trend.ratings), list(found.trend.won))
            profiles.append((time.process_time() - start) * 1000)
            if found is not None and found.trend is not None:
                start = time.process_time()
                trend = found.trend
                trend_png(list(trend.ratings), list(trend.won), trend.provisional_until)
                charts.append((time.process_time() - start) * 1000)
        load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
        print(f"load {load} on {os.cpu_count()} cores")
        timed("/leaderboard (page 1, own place)", boards)
        timed("/profile (without the chart)", profiles)
        timed("the chart's PNG (in a board worker)", charts)
        await storage.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=300)
    asyncio.run(main(parser.parse_args()))
