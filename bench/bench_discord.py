"""End-to-end latency of the Discord bot over the fake Discord (tests/fakediscord).

    python bench/bench_discord.py [--games 50] [--moves 10] [--think 0] [--game icesickle]
                                  [--warmup 0] [--same-process]

Starts the real bot from ``bot.create_bot`` in a process of its own (its own event loop and
GIL, as in production; it still shares the machine's cores), pointed at the fake on 127.0.0.1,
which runs in this process with the simulated players. Opens ``--games`` games at once and
plays ``--moves`` moves in each, all games concurrently, by select menus. ``--think S`` makes
each player pause a random 0..2S seconds first (0: every game moves the moment its board
arrives, a saturating load). Prints two figures, p50 and p95, as the players see them: the
interaction answered (the fake receives the callback), and the next board posted (the new turn
message with its image). ``--warmup N`` plays N moves in each game first, not counted: a
worker's first boards of a kind build its cached layers (40-70 ms each), which a short run
would otherwise spread over its few moves. Figures only, no assertions. ``--same-process``
runs the bot in this process too (the old mode: the fake and the players then take their share
of the bot's CPU and event loop).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import random
import signal
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cpu import cpu_line, cpu_of, cpu_of_family, yardstick
from figures import percentile

from bot import create_bot
from bot.discord import lifecycle
from tests.bot.turns import following, mentioned
from tests.fakediscord import FakeDiscord, run_bot

READY = b"bot ready\n"


def make_bot(db_path: str):
    bot = create_bot(db_path=db_path, guild_ready_timeout=0.05)
    bot.rate_limit = (10_000, 10.0)  # simulated players click faster than people
    return bot


async def serve_bot(api_url: str, gateway_url: str, token: str, db_path: str) -> None:
    """The child process: the bot against the fake, as ``FakeDiscord.start`` points it there;
    says READY on stdout once on_ready fired, closes on SIGTERM."""
    import discord
    import yarl
    from discord.gateway import DiscordWebSocket

    logging.basicConfig(level=logging.WARNING, format="bot: %(levelname)s %(name)s %(message)s")
    logging.getLogger("discord").setLevel(logging.ERROR)
    discord.http.Route.BASE = api_url
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    bot = make_bot(db_path)
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    task = asyncio.create_task(bot.start(token))
    ready = asyncio.ensure_future(bot.wait_until_ready())
    await asyncio.wait({ready, task}, return_when=asyncio.FIRST_COMPLETED)
    if ready.done():
        sys.stdout.buffer.write(READY)
        sys.stdout.flush()
        sys.stdout = sys.stderr  # nobody reads the pipe any more
    await asyncio.wait(
        {asyncio.ensure_future(stop.wait()), task}, return_when=asyncio.FIRST_COMPLETED
    )
    await bot.close()
    await task


@contextlib.asynccontextmanager
async def bot_processes(
    fake: FakeDiscord, db_path: str, count: int = 1
) -> AsyncIterator[list[int]]:
    """Run the bot in ``count`` child processes until the block ends, then SIGTERM them
    (bot.close()). More than one: each runs one of ``count`` shards (``PARLOR_SHARDS``,
    ``PARLOR_SHARD_IDS``), as a bot past one process does."""
    args = ("--serve-bot", fake.api_url, fake.gateway_url, fake.token, db_path)
    children = []
    for shard in range(count):
        env = dict(os.environ)
        if count > 1:
            env |= {"PARLOR_SHARDS": str(count), "PARLOR_SHARD_IDS": str(shard)}
        children.append(
            await asyncio.create_subprocess_exec(
                sys.executable, __file__, *args, stdout=asyncio.subprocess.PIPE, env=env
            )
        )
    try:
        for child in children:
            line = await asyncio.wait_for(child.stdout.readline(), fake.timeout)  # b"": died
            if line != READY:
                raise RuntimeError("a bot process did not get ready (its errors are above)")
        if count > 1:
            await fake.wait_shards_ready(count, syncs=count, timeout=fake.timeout)
        else:
            await fake.wait_ready(fake.timeout, sync=True)  # identified, commands synced
        yield [child.pid for child in children]
    finally:
        for child in children:
            if child.returncode is None:
                child.terminate()
        for child in children:
            try:
                await asyncio.wait_for(child.wait(), fake.timeout)
            except TimeoutError:
                child.kill()
                await child.wait()
            if child.returncode:
                print(f"bot process exited with code {child.returncode}", file=sys.stderr)


@contextlib.asynccontextmanager
async def database(kind: str, folder: str) -> AsyncIterator[tuple[str, Any]]:
    """The bot's database for the run: an SQLite file, or a new database on a PostgreSQL
    server started here from the pgserver wheel (as the tests do); and that server (None
    for SQLite), whose processes' CPU the run reports too."""
    if kind == "sqlite":
        yield str(Path(folder) / "bench.db"), None
        return
    import asyncpg
    import pgserver

    server = pgserver.get_server(str(Path(folder) / "postgres"), cleanup_mode="delete")
    try:
        connection = await asyncpg.connect(server.get_uri())
        await connection.execute("CREATE DATABASE bench")
        await connection.close()
        yield server.get_uri("bench"), server
    finally:
        server.cleanup()


def server_cpu(server: Any) -> float:
    """CPU seconds so far of the PostgreSQL server's processes (its postmaster, found by its
    data folder, and the backends and helpers under it); 0 for SQLite."""
    if server is None:
        return 0.0
    import psutil

    folder = str(server.pgdata)
    spent = 0.0
    for process in psutil.process_iter(["cmdline"]):
        with contextlib.suppress(psutil.Error):
            if folder in (process.info["cmdline"] or ())[-1:] or any(
                part == folder for part in process.info["cmdline"] or ()
            ):
                for each in [process, *process.children(recursive=True)]:
                    with contextlib.suppress(psutil.Error):
                        times = each.cpu_times()
                        spent += times.user + times.system
    return spent


PROFILE = os.environ.get("PARLOR_PROFILE")
"""Where the child process writes its cProfile of the moves (CPU time of its event loop's
thread, from SIGUSR1 to SIGUSR2: the moves only, not the start nor opening the games)."""


def run_child(main) -> None:
    """Run the child's ``main`` as ``python -m bot`` runs its loop; profiled with PROFILE."""
    if not PROFILE:
        lifecycle.run(main)
        return
    import cProfile

    profiler = cProfile.Profile(time.thread_time)
    signal.signal(signal.SIGUSR1, lambda *_: profiler.enable())
    signal.signal(signal.SIGUSR2, lambda *_: (profiler.disable(), profiler.dump_stats(PROFILE)))
    lifecycle.run(main)


def profile_moves(pid: int | None, start: bool) -> None:
    """Start (or stop and write) the child's profile, with PROFILE set."""
    if PROFILE and pid:
        os.kill(pid, signal.SIGUSR1 if start else signal.SIGUSR2)


def is_turn(message) -> bool:
    return bool(message.attachments)


async def open_game(fake, channel, host, guest, game: str):
    """A challenge and its acceptance: the game's thread and its first turn message."""
    rec = await fake.slash(host, channel, "play", {"opponent": guest}, subcommand=game)
    challenge = (await rec.response()).message
    accept = next(c for c in challenge.custom_ids if c.endswith(":accept"))
    await (await fake.click(guest, challenge, accept)).response()
    thread = await fake.wait_for_thread(channel, after=rec)
    turn = await fake.wait_for_message(thread, is_turn)
    return thread, turn, {host.id: host, guest.id: guest}


async def play_game(fake, opened, moves: int, think: float, rng, answered, posted):
    """Play ``moves`` moves of an opened game; return it as it stands after them."""
    thread, turn, users = opened
    for _ in range(moves):
        if not turn.selects:
            break
        if think:
            await asyncio.sleep(rng.uniform(0, 2 * think))
        (mover,) = (users[i] for i in mentioned(turn))
        select = rng.choice(turn.selects)
        value = rng.choice(select["options"])["value"]
        edits = len(turn.revisions)
        start = time.perf_counter()
        rec = await fake.select(mover, turn, select["custom_id"], [value])
        await rec.response()
        answered.append((time.perf_counter() - start) * 1000)
        turn = await following(fake, thread, turn, edits)  # new, or the same one edited
        posted.append((time.perf_counter() - start) * 1000)
    return thread, turn, users


async def main(
    games: int,
    moves: int,
    think: float,
    same_process: bool,
    game: str,
    warmup: int,
    db: str = "sqlite",
    processes: int = 1,
) -> None:
    logging.getLogger("discord").setLevel(logging.ERROR)
    answered: list[float] = []
    posted: list[float] = []
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as tmp:
        async with (
            database(db, tmp) as (db_path, server),
            FakeDiscord(timeout=60.0, callback_deadline=30.0) as fake,
        ):
            guilds = [  # one per shard: each process has games to serve
                fake.add_guild(name=f"bench {i}", shard=(i, processes) if processes > 1 else None)
                for i in range(processes)
            ]
            if same_process:
                running = run_bot(fake, make_bot(db_path))
            else:
                running = bot_processes(fake, db_path, processes)
            async with running as handle:
                pids = handle if isinstance(handle, list) else []  # []: this process
                channels = [
                    fake.add_text_channel(guilds[i % processes], f"games-{i}") for i in range(games)
                ]
                players = [fake.add_user(f"p{i}") for i in range(2 * games)]
                opened = await asyncio.gather(
                    *(
                        open_game(fake, channels[i], players[2 * i], players[2 * i + 1], game)
                        for i in range(games)
                    )
                )
                if warmup:  # the board workers' caches filled, as in a bot that has run a while
                    opened = await asyncio.gather(
                        *(
                            play_game(fake, opened[i], warmup, think, random.Random(-i), [], [])
                            for i in range(games)
                        )
                    )
                profile_moves(pids[0] if pids else None, start=True)
                cpu0 = sum(map(cpu_of, pids)) if pids else time.process_time()
                loop0 = sum(cpu_of(p, p) for p in pids)  # the event loops' threads
                workers0 = {k: v for p in pids for k, v in cpu_of_family(p).items()}
                server0 = server_cpu(server)
                fake0 = time.process_time()
                started = time.perf_counter()
                await asyncio.gather(
                    *(
                        play_game(fake, opened[i], moves, think, random.Random(rng.random()),
                                  answered, posted)
                        for i in range(games)
                    )
                )  # fmt: skip
                elapsed = time.perf_counter() - started
                fake = time.process_time() - fake0
                cpu = (sum(map(cpu_of, pids)) if pids else time.process_time()) - cpu0
                loop = sum(cpu_of(p, p) for p in pids) - loop0 if pids else None
                workers1 = {k: v for p in pids for k, v in cpu_of_family(p).items()}
                workers = sum(t - workers0.get(p, 0.0) for p, t in workers1.items())
                database_cpu = server_cpu(server) - server0
                profile_moves(pids[0] if pids else None, start=False)
    pause = f", players pausing {think:g} s on average" if think else ", no pauses"
    pause += f", after {warmup} moves a game not counted" if warmup else ""
    where = "in this process" if same_process else "in its own process"
    if processes > 1:
        where = f"in {processes} processes of one shard each"
    print(
        f"{games} games of {game} at once{pause}, bot {where}, on {db}: "
        f"{len(answered)} moves in {elapsed:.1f} s ({len(answered) / elapsed:.0f} moves/s)"
    )
    whose = "the bot process alone" if not same_process else "this process (bot and fake)"
    if processes > 1:
        whose = "the bot processes"
    print(cpu_line(f"{whose}, board workers excluded", cpu, len(answered)))
    if loop is not None:
        per = 1000 / len(answered)
        print(
            f"  of which the event loop's thread {loop * per:.1f} ms per move, "
            f"other threads (the database's) {(cpu - loop) * per:.1f} ms"
        )
        print(
            f"  and the worker processes (boards, Parlor) {workers * per:.1f} ms per move: "
            f"{(cpu + workers) * per:.1f} ms per move in all"
        )
        if server is not None:
            print(f"  (the PostgreSQL server: {database_cpu * per:.1f} ms per move)")
        print(
            f"  (the fake Discord and the players, in this process on the same cores: "
            f"{fake * per:.1f} ms per move)"
        )
        stick = yardstick()
        print(
            f"  yardstick (Pillow's RGB PNG encode of a board, this process): {stick:.1f} ms; "
            f"CPU per move in all / yardstick {(cpu + workers) * per / stick:.2f}"
        )
    for label, values in (("interaction answered", answered), ("next board posted", posted)):
        print(
            f"{label}: p50 {statistics.median(values):.0f} ms, "
            f"p95 {percentile(values, 95):.0f} ms, max {max(values):.0f} ms"
        )


if __name__ == "__main__":
    if sys.argv[1:2] == ["--serve-bot"]:
        run_child(serve_bot(*sys.argv[2:6]))
        sys.exit()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--moves", type=int, default=10)
    parser.add_argument(
        "--think", type=float, default=0.0, help="mean pause before each move, seconds"
    )
    parser.add_argument(
        "--same-process", action="store_true", help="run the bot in this process (old mode)"
    )
    parser.add_argument(
        "--game", default="icesickle", choices=("icesickle", "pachisi", "pach-ice-i", "ice-turn")
    )
    parser.add_argument(
        "--warmup",
        type=int,
        default=0,
        help="moves played in each game first and not counted: the figures of a bot whose "
        "board workers have run a while (their first boards build the cached layers)",
    )
    parser.add_argument(
        "--db",
        default="sqlite",
        choices=("sqlite", "postgresql"),
        help="the bot's database: an SQLite file, or PostgreSQL started from the pgserver wheel",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="bot processes, each running one shard (more than one needs --db postgresql)",
    )
    args = parser.parse_args()
    if args.processes > 1 and args.db != "postgresql":
        parser.error("several bot processes share a PostgreSQL database: add --db postgresql")
    asyncio.run(
        main(
            args.games,
            args.moves,
            args.think,
            args.same_process,
            args.game,
            args.warmup,
            args.db,
            args.processes,
        )
    )
