"""The animated replay's file for ``/replay GAME file:animated`` (``animated_file``): drawn by
the running bot's board workers, a GIF with a frame per board change, named for the game, its
alt text saying the game, the players, the moves shown and the frames."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.discord.replay_files import animated_file
from bot.service.errors import ServiceError
from bot.words.limits import ALT_TEXT
from tests.bot.discord.world import new_bot
from tests.bot.terminal import run
from tests.fakediscord import FakeDiscord, run_bot


async def test_the_animated_file_of_a_game_with_its_alt_text(tmp_path):
    db = tmp_path / "games.db"
    played = run(["play", "icesickle", "--db", str(db), "--ai", "all:easy", "--seed", "1"])
    assert played.returncode == 0 and "Game over" in played.stdout, played.stderr
    async with FakeDiscord() as fake, run_bot(fake, new_bot(db)) as bot:
        record = await bot.service.gameplay.game(1)
        moves = len(record.state.history)
        file = await animated_file(bot, record)
        gif = Image.open(io.BytesIO(file.fp.read()))
        assert gif.format == "GIF" and gif.mode == "P" and gif.n_frames > 20
        assert file.filename == "parlor-1.gif"
        assert file.description == (
            f"Animated replay of IceSickle #1: Parlor (easy) vs Parlor 2 (easy), moves 0 to "
            f"{moves} of {moves}, {gif.n_frames} frames."
        )
        assert len(file.description) <= ALT_TEXT
        assert bot.boards.in_processes  # drawn in the board workers, not on the event loop

        part = await animated_file(bot, record, 10, 12)
        assert "moves 10 to 12 of" in part.description
        assert Image.open(io.BytesIO(part.fp.read())).n_frames <= 3
        with pytest.raises(ServiceError, match=f"it has {moves} moves"):
            await animated_file(bot, record, 5, moves + 1)
