"""``/history file:true`` over the fake Discord: the JSON record and, next to it, the plain-text
record (``bot/words/record_text.py``), whose move lines replay the game with the engine to the
state the bot holds."""

from __future__ import annotations

import json
import random
import re

import engine
from bot.words.record_text import move_texts
from tests.bot.answers import answer
from tests.bot.discord.chat import decide, pick, start, who
from tests.bot.discord.world import new_bot, world
from tests.fakediscord import FakeDiscord, run_bot


async def test_history_file_attaches_a_text_record_that_replays(tmp_path):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        bot = new_bot(tmp_path / "parlor.db")
        async with run_bot(fake, bot):
            thread, turn = await start(fake, games, users, game="pachisi", clock="none")
            rng = random.Random(4)
            for _ in range(4):
                turn = await decide(fake, thread, turn, pick(fake, who(turn, users), turn, rng))
            said = await answer(
                await fake.slash(users["cat"], thread, "history", {"game": 1, "file": True})
            )
            record = await bot.service.game(1)
        fake.assert_clean()
    assert said.ephemeral
    as_json, as_text = said.message.attachments
    assert (as_json.filename, as_text.filename) == ("parlor-1.json", "parlor-1.txt")
    data = json.loads(as_json.data)
    text = as_text.data.decode()
    lines = text.splitlines()
    names = [p.name for p in record.players]
    assert lines[0] == "Parlor game record: Pachisi #1"
    assert lines[3:6] == ["Players by seat:", f"  seat 1: {names[0]}", f"  seat 2: {names[1]}"]
    assert "Result: not over yet" in lines
    moves = move_texts(text)
    assert moves == [m["move"] for m in data["moves"]] == [str(m) for m in record.state.history]
    assert any(re.fullmatch(r"[0-9]+\. \(chance\): roll [1-6]( [1-6])?", x) for x in lines)
    replayed = engine.get_game(data["game"]).replay(len(data["players"]), data["options"], moves)
    assert replayed.to_json() == record.state.to_json()
