"""The animated replay's file for ``/replay GAME file:animated`` (``animated_file``): drawn by
the running bot's animation worker, a GIF with a frame per board change, named for the game, its
alt text saying the game, the players, the moves shown and the frames."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.discord.replay_files import animated_file
from bot.service.errors import ServiceError
from bot.words.limits import ALT_TEXT, CONTENT
from tests.bot.answers import answer
from tests.bot.discord.chat import start
from tests.bot.discord.world import new_bot, world
from tests.bot.playing import play_out
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
        assert bot.animators.in_processes  # drawn in its own worker, not on the event loop

        part = await animated_file(bot, record, 10, 12)
        assert "moves 10 to 12 of" in part.description
        assert Image.open(io.BytesIO(part.fp.read())).n_frames <= 3
        with pytest.raises(ServiceError, match=f"it has {moves} moves"):
            await animated_file(bot, record, 5, moves + 1)


async def test_replay_file_animated_over_discord_privately_publicly_and_refused(tmp_path):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        ann, cat = users["ann"], users["cat"]
        bot = new_bot(tmp_path / "parlor.db")
        async with run_bot(fake, bot):
            thread, _ = await start(fake, games, users, game="icesickle")
            refused = await answer(
                await fake.slash(cat, games, "replay", {"game": 1, "file": "animated"})
            )
            assert refused.ephemeral and refused.content.startswith("You can't see that game")
            assert not refused.attachments
            record = await play_out(bot.service, await bot.service.game(1), random.Random(3))
            moves = len(record.state.history)
            mine = await answer(await fake.slash(ann, thread, "replay", {"file": "animated"}))
            assert mine.ephemeral and mine.attachments[0].filename == "parlor-1.gif"
            alt = mine.attachments[0].description
            assert alt.startswith("Animated replay of IceSickle #1: ") and f"of {moves}," in alt
            assert "IceSickle" in mine.content.splitlines()[0] and len(mine.content) <= CONTENT
            frames = Image.open(io.BytesIO(mine.attachments[0].data)).n_frames
            assert f"{frames} frames" in alt
            before = len(fake.messages_in(games))
            shared = await fake.slash(
                cat, games, "replay", {"game": 1, "file": "animated", "public": True}
            )  # the game is over: anyone on its server may replay it
            said = await answer(shared)
            assert said.ephemeral and said.content == "Posted in the channel."
            posted = await fake.wait_for_message(
                games, lambda m: bool(m.attachments) and not m.ephemeral, after=said.message
            )
            assert posted.attachments[0].filename == "parlor-1.gif"
            assert len(fake.messages_in(games)) > before
            bad = await answer(
                await fake.slash(ann, thread, "replay", {"file": "animated", "last": moves + 1})
            )
            assert bad.ephemeral and f"it has {moves} moves" in bad.content
        fake.assert_clean()
