"""A bot process killed while it posts a game's end, as the crash tests make one: the process
(``bot_process``), the requests the fake holds for it (``POST``, ``EDIT``), and a game brought
to the move that ends it (``to_the_last_move``)."""

from __future__ import annotations

import contextlib
import random
from pathlib import Path

from tests.bot.discord.processes import QUICK, STARTUP, descendants, kill_all, start_bot

POST = ("POST", "/channels/{channel_id}/messages")
EDIT = ("PATCH", "/channels/{channel_id}/messages/{message_id}")


@contextlib.asynccontextmanager
async def bot_process(fake, db: Path, folder: Path):
    """``python -m bot`` on ``db``, connected; killed (SIGKILL) by the test, or at the end."""
    child = await start_bot(fake, folder, PARLOR_DB=str(db), **QUICK)
    family: list[int] = []
    try:
        await fake.wait_ready(STARTUP, sync=True)
        family = descendants(child.pid)
        yield child
    finally:
        if child.returncode is None:
            child.kill()
            await child.wait()
        kill_all(family)


def ending_moves(state) -> list:
    """The legal moves that end the game (with the only-moves the bot plays after them)."""

    def ends(move) -> bool:
        after = state.apply(move)
        while not after.is_over() and len(legal := after.legal_moves()) == 1:
            after = after.apply(legal[0])
        return after.is_over()

    return [m for m in state.legal_moves() if ends(m)]


async def to_the_last_move(bot, rng: random.Random):
    """Play game 1 (through the service) until its player to act has a move that ends it,
    then show its board as a move would; that move, and the record."""
    while True:
        record = await bot.service.game(1)
        state = record.state
        ending = ending_moves(state)
        if ending:
            await bot.table.post_turn(record)
            return ending[0], record
        others = [m for m in state.legal_moves() if m not in ending]
        await bot.service.play(1, record.player_to_move.user_id, str(rng.choice(others)))
