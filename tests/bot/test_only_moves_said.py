"""Every move the bot plays for a player (a decision with one legal move, ``auto_play``) is said
once in the game's messages, as they read at the end: a turn message edited in place (the same
player acting again, by a menu or by /move) says again the ones it said before, so no later
edit drops one."""

from __future__ import annotations

import random
import re
from collections import Counter

from tests.fakediscord import FakeDiscord, run_bot

from .test_discord_dice import decide, start, who
from .test_discord_e2e import new_bot, world

SAID = re.compile(r"Only moves?, played by the bot: (.*?)\.(?:\n|$)", re.M)


def is_turn(message) -> bool:
    return bool(message.attachments)


def said_by_the_bot(messages) -> Counter:
    return Counter(
        move
        for message in messages
        for found in SAID.findall(message.content)
        for move in re.findall(r"\*\*([^*]+)\*\*", found)
    )


async def test_every_move_the_bot_plays_for_a_pachisi_player_is_said_once(tmp_path):
    rng = random.Random(3)
    async with FakeDiscord() as fake:
        games, users = world(fake)
        bot = new_bot(tmp_path / "parlor.db")
        async with run_bot(fake, bot):
            bot.service.seats_rng = random.Random(3)  # the seats and the dice
            thread, turn = await start(fake, games, users, game="pachisi", first_turn=is_turn)
            while turn.selects:
                select = rng.choice(turn.selects)
                move = rng.choice([o["value"] for o in select["options"]])
                player = who(turn, users)
                if rng.random() < 0.5:  # a menu, or /move (the message is edited without a click)
                    picked = fake.select(player, turn, select["custom_id"], [move])
                else:
                    picked = fake.slash(player, thread, "move", {"move": move})
                turn = await decide(fake, thread, turn, picked)
            history = await bot.service.history(1)
        played_for = Counter(
            row.move
            for row in history
            if row.user_id is None and row.seat is not None and row.seat >= 0
        )
        assert sum(played_for.values()) >= 5
        assert said_by_the_bot(fake.messages_in(thread)) == played_for
        fake.assert_clean()
