"""Every move the bot plays for a player (a decision with one legal move, ``auto_play``) is said
once in the game's messages, as they read at the end: a turn message edited in place (the same
player acting again, by a menu or by /move) says again the ones it said before, so no later
edit drops one."""

from __future__ import annotations

import random
import re
from collections import Counter

from bot.service.facade import draw_chance, roll_rng
from bot.words.limits import quote
from tests.bot.answers import answer
from tests.bot.discord.chat import decide, start, who
from tests.bot.discord.world import new_bot, world
from tests.fakediscord import FakeDiscord, run_bot
from tests.fakediscord.messages import delete_message

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


def bot_plays_after(record, move) -> list:
    """The only-moves the bot plays after ``move`` (the dice rolled as the bot rolls them) while
    the same player's turn goes on, no one else's dice rolled ([] when there are none, or the
    turn ends)."""
    seat, after, played = record.state.to_move, record.state.apply(move), []
    while not after.is_over():
        if after.is_chance_node():
            if after.roller != seat:
                return []
            after = after.apply(draw_chance(after, roll_rng(record.seed, len(after.history))))
            continue
        legal = after.legal_moves()
        if len(legal) != 1:
            break
        played.append(legal[0])
        after = after.apply(legal[0])
    return played if not after.is_over() and after.to_move == seat else []


async def test_a_move_whose_turn_message_is_gone_is_said_on_the_new_one(tmp_path):
    """/move on a game whose turn message was deleted: the turn is posted afresh, and says the
    only-moves the bot played after the move."""
    rng = random.Random(5)
    async with FakeDiscord() as fake:
        games, users = world(fake)
        bot = new_bot(tmp_path / "parlor.db")
        async with run_bot(fake, bot):
            bot.service.seats_rng = random.Random(5)
            thread, turn = await start(fake, games, users, game="pachisi", first_turn=is_turn)
            while turn.selects:
                record = await bot.service.game(1)
                found = [(m, bot_plays_after(record, m)) for m in record.state.legal_moves()]
                found = [(m, played) for m, played in found if played]
                if found:
                    break
                select = rng.choice(turn.selects)
                move = rng.choice([o["value"] for o in select["options"]])
                picked = fake.select(who(turn, users), turn, select["custom_id"], [move])
                turn = await decide(fake, thread, turn, picked)
            (move, played), *_ = found
            await delete_message(fake, fake.message(turn.id))  # a moderator removed it
            typed = fake.slash(who(turn, users), thread, "move", {"move": str(move)})
            told = await answer(await typed)
            fresh = await fake.wait_for_message(thread, is_turn, after=turn)
        assert told.content == f"Played {quote(str(move))}.", told.content  # not the bot's move
        said = ", ".join(f"**{m}**" for m in played)
        assert f"played by the bot: {said}." in fresh.content
        fake.assert_clean(allow_failures=True)  # the bot found the old message gone (404)
