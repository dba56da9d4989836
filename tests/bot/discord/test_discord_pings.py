"""One mention per turn, in every game, over the fake Discord: a player is mentioned when their
turn starts; the later decisions of the same turn edit the turn message in place, with no new
mention; a new message (with one) comes when another player's turn starts. Before, Pachisi and
Pach-Ice-i pinged the same player again for every die of one turn."""

from __future__ import annotations

import asyncio
import random

import pytest

import engine
from tests.bot.answers import answer
from tests.bot.discord.chat import start
from tests.bot.discord.world import new_bot, world
from tests.bot.turns import mentioned
from tests.fakediscord import FakeDiscord, run_bot


def is_turn(message) -> bool:
    return bool(message.attachments)


def turns_started(key: str, players: int, rows) -> tuple[int, int]:
    """(turns started, decisions made by players) in a game's record (``rows``: the moves
    table, each with the seat and user that made it), read the way the rules go: a request
    is a player's own decision with what the bot did after it (the dice it rolled, the only
    moves it played for players who leave those to it); a new turn starts with the first
    request, and whenever a request leaves another player to act, or the bot rolled or
    played for another player on the way (the game over counts as one more message)."""
    state = engine.get_game(key).new_game(players)
    at = 0
    while at < len(rows) and rows[at].user_id is None:  # before the first decision
        state = state.apply(rows[at].move)
        at += 1
    started = 1
    decisions = 0
    while at < len(rows):
        actor = state.to_move
        state = state.apply(rows[at].move)
        at += 1
        decisions += 1
        others = False
        while at < len(rows) and rows[at].user_id is None:
            seat = state.roller if state.is_chance_node() else state.to_move
            others |= seat not in (None, actor)
            state = state.apply(rows[at].move)
            at += 1
        if state.is_over() or state.to_move != actor or others:
            started += 1
    return started, decisions


async def play_decisions(fake, bot, users, thread, count: int, rng: random.Random) -> None:
    """The player to act makes ``count`` decisions, each a random pick from the turn message's
    menus or buttons."""
    by_id = {u.id: u for u in users.values()}
    for _ in range(count):
        record = await posted(bot)
        if record.over:
            return
        turn = fake.message(record.message_id)
        actor = by_id[record.player_to_move.user_id]
        choices = [
            ("select", s["custom_id"], o["value"]) for s in turn.selects for o in s["options"]
        ]
        choices += [
            ("click", b["custom_id"], None)
            for b in turn.buttons
            if not b["custom_id"].startswith("parlor:fw:")  # Follow: not for a player
        ]
        kind, custom_id, value = rng.choice(choices)
        if kind == "select":
            await answer(await fake.select(actor, turn, custom_id, [value]))
        else:
            await answer(await fake.click(actor, turn, custom_id))
        for _ in range(200):  # a move changes the version; a page of the menus does not
            if (await bot.service.game(1)).version > record.version:
                break
            await asyncio.sleep(0.01)


async def posted(bot):
    """Game 1 once its latest board is posted (the answer to a click may come first)."""
    for _ in range(6000):  # 60 s at most
        record = await bot.service.game(1)
        if record.posted_version == record.version:
            return record
        await asyncio.sleep(0.01)
    raise AssertionError("the board was not posted in 60 s")


@pytest.mark.parametrize("key", ["pachisi", "pach-ice-i", "ice-turn", "icesickle"])
async def test_one_mention_per_turn(tmp_path, key):
    rng = random.Random(7)
    async with FakeDiscord() as fake:
        games, users = world(fake)
        bot = new_bot(tmp_path / "parlor.db")
        async with run_bot(fake, bot):
            thread, _ = await start(fake, games, users, game=key, first_turn=is_turn)
            await play_decisions(fake, bot, users, thread, 40, rng)
            await posted(bot)
            rows = await bot.service.history(1)
            pinged = [m for m in fake.messages_in(thread) if mentioned(m)]
            edited = [m for m in fake.messages_in(thread) if m.revisions]
        fake.assert_clean()
    started, decisions = turns_started(key, 2, rows)
    assert decisions >= 20
    assert len(pinged) == started, (len(pinged), started, decisions)
    for message in pinged[:-1]:  # each names the one player whose turn it starts
        assert len(mentioned(message)) == 1
    for message in edited:  # an edit notifies no one (and names the same player, if anyone)
        for before in message.revisions[1:]:
            assert [int(u["id"]) for u in before["mentions"]] in ([], mentioned(message))
    if key != "icesickle":  # a turn of several decisions: its message was edited in place
        assert edited
    if key in ("pachisi", "pach-ice-i"):  # several decisions a turn: far fewer mentions
        assert started < decisions
        # the edited message says what the player did with the roll so far
        assert any("\nThis roll: **" in m.content for m in edited)
