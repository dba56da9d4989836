"""The yardstick for ``bench_discord.py``: what discord.py itself costs for one IceSickle turn.

    python bench/discord_floor.py [--games 10] [--moves 40]

A bare discord.py bot (no database, no board drawing, no Parlor code but the engine and the
menus' grouping) plays the same games the same way over the fake Discord: each select is
answered by editing its message (the menus gone) and posting the next turn with the same
image bytes and the same menus of the same moves, mentioning the player to act. Its CPU per
move is the floor under Parlor's: the part of ``bench_discord.py``'s figure that Parlor cannot
remove while it answers a turn with discord.py in these two requests. Both figures move
together with how busy the machine is, so their ratio, taken in the same session, is the
steadier one. Prints figures only.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import random
import re
import signal
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import discord
from bench_discord import READY, is_turn, play_game, profile_moves, run_child
from cpu import cpu_line, cpu_of
from discord import app_commands

import engine
import render
from bot.words.menus import move_groups, options
from tests.fakediscord import FakeDiscord


class Turn(discord.ui.DynamicItem[discord.ui.Select], template=r"floor:(?P<game>\d+):(?P<g>\d+)"):
    """A move menu: its choice is played and the next turn posted."""

    def __init__(self, item: discord.ui.Select, game: int = 0) -> None:
        super().__init__(item)
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):  # type: ignore[override]
        return cls(item, int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        table = interaction.client.tables[self.game]
        table["state"] = table["state"].apply(self.item.values[0])
        await interaction.response.edit_message(view=None)
        await post(interaction.channel, self.game, table)


def view_of(game: int, state: engine.State) -> discord.ui.View | None:
    if state.is_over():
        return None
    view = discord.ui.View(timeout=None)
    for index, (label, moves) in enumerate(move_groups(state)[:4]):
        select = discord.ui.Select(
            custom_id=f"floor:{game}:{index}",
            placeholder=label,
            options=[
                discord.SelectOption(label=text, value=text, description=words)
                for text, words in options(state, moves)
            ],
        )
        view.add_item(Turn(select, game))
    return view


async def post(channel, game: int, table: dict) -> None:
    state, players = table["state"], table["players"]
    mover = players[state.to_move] if state.to_move is not None else None
    content = f"<@{mover}> your turn" if mover else "Game over"
    view = view_of(game, state)
    await channel.send(
        content,
        file=discord.File(io.BytesIO(table["png"]), filename="board.png", description="alt"),
        allowed_mentions=discord.AllowedMentions(users=True),
        **({"view": view} if view else {}),
    )


class Floor(discord.Client):
    def __init__(self) -> None:
        super().__init__(intents=discord.Intents(guilds=True))
        self.tree = app_commands.CommandTree(self)
        self.tables: dict[int, dict] = {}

        @self.tree.command(name="start", description="a game")
        async def start(interaction: discord.Interaction, opponent: discord.User) -> None:
            game = len(self.tables) + 1
            state = engine.get_game("icesickle").new_game(2)
            png = render.render(state, names=["A", "B"])  # a board image of the real size
            table = {"state": state, "players": [interaction.user.id, opponent.id], "png": png}
            self.tables[game] = table
            await interaction.response.send_message("started", ephemeral=True)
            await post(interaction.channel, game, table)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(Turn)
        await self.tree.sync()


async def serve(api_url: str, gateway_url: str, token: str) -> None:
    import yarl
    from discord.gateway import DiscordWebSocket

    discord.http.Route.BASE = api_url
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    client = Floor()
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    task = asyncio.create_task(client.start(token))
    await asyncio.wait(
        {asyncio.ensure_future(client.wait_until_ready()), task},
        return_when=asyncio.FIRST_COMPLETED,
    )
    sys.stdout.buffer.write(READY)
    sys.stdout.flush()
    await asyncio.wait(
        {asyncio.ensure_future(stop.wait()), task}, return_when=asyncio.FIRST_COMPLETED
    )
    await client.close()


@contextlib.asynccontextmanager
async def floor_process(fake: FakeDiscord):
    args = ("--serve-floor", fake.api_url, fake.gateway_url, fake.token)
    child = await asyncio.create_subprocess_exec(
        sys.executable, __file__, *args, stdout=asyncio.subprocess.PIPE
    )
    try:
        if await asyncio.wait_for(child.stdout.readline(), fake.timeout) != READY:
            raise RuntimeError("the floor bot did not get ready")
        await fake.wait_ready(fake.timeout, sync=True)
        yield child.pid
    finally:
        if child.returncode is None:
            child.terminate()
            await child.wait()


async def open_game(fake, channel, host, guest):
    rec = await fake.slash(host, channel, "start", {"opponent": guest})
    await rec.response()
    turn = await fake.wait_for_message(channel, is_turn)
    return channel, turn, {host.id: host, guest.id: guest}


async def main(games: int, moves: int) -> None:
    answered: list[float] = []
    posted: list[float] = []
    rng = random.Random(1)
    async with FakeDiscord(timeout=60.0, callback_deadline=30.0) as fake:
        guild = fake.add_guild(name="floor")
        async with floor_process(fake) as pid:
            channels = [fake.add_text_channel(guild, f"games-{i}") for i in range(games)]
            players = [fake.add_user(f"p{i}") for i in range(2 * games)]
            opened = await asyncio.gather(
                *(open_game(fake, channels[i], *players[2 * i : 2 * i + 2]) for i in range(games))
            )
            profile_moves(pid, start=True)
            cpu0, started = cpu_of(pid), time.perf_counter()
            await asyncio.gather(
                *(
                    play_game(fake, opened[i], moves, 0, random.Random(rng.random()),
                              answered, posted)
                    for i in range(games)
                )
            )  # fmt: skip
            elapsed, cpu = time.perf_counter() - started, cpu_of(pid) - cpu0
            profile_moves(pid, start=False)
    print(f"{games} games at once, no pauses, a bare discord.py bot: {len(answered)} moves "
          f"in {elapsed:.1f} s")  # fmt: skip
    print(cpu_line("the bare discord.py bot", cpu, len(answered)))


if __name__ == "__main__":
    if sys.argv[1:2] == ["--serve-floor"]:
        run_child(serve(*sys.argv[2:5]))
        sys.exit()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--moves", type=int, default=40)
    args = parser.parse_args()
    asyncio.run(main(args.games, args.moves))
