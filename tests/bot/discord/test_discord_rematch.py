"""Rematch end to end: the button under a finished game's last board, the rematch's message
with Accept / Decline, and the game it starts (``bot/service/rematches.py``).

The game is the throwaway "dice race" of ``tests/bot/dicegame.py`` (2-4 players); a game is
ended at once by ``/resign``.
"""

from __future__ import annotations

import asyncio

import pytest

from bot.service.facade import CHALLENGE_TTL, Service
from tests.bot import dicegame
from tests.bot.answers import answer
from tests.bot.discord.chat import buttons, click, is_turn
from tests.bot.discord.payloads import assert_valid, snowflakes_as_text, validator_for
from tests.bot.discord.world import Moment, new_bot, world
from tests.fakediscord import FakeDiscord, run_bot


@pytest.fixture
def dice_race():
    with dicegame.registered() as game:
        yield game


def is_rematch(message) -> bool:
    return "**Rematch**" in message.content


async def two_player_game(fake, games, users, **options):
    """Ann challenges Ben to a dice race (``options`` as /play takes them), Ben accepts, and
    Ann resigns: the thread and the last board, which says the game is over."""
    ann, ben = users["ann"], users["ben"]
    rec = await fake.slash(ann, games, "play", {"opponent": ben, **options}, subcommand="dice-race")
    challenge = (await rec.response()).message
    await click(fake, ben, challenge, "Accept")
    thread = await fake.wait_for_thread(games, after=rec)
    await fake.wait_for_message(thread, is_turn)
    await answer(await fake.slash(ann, thread, "resign"))
    over = await fake.wait_for_message(thread, lambda m: is_turn(m) and "Game over" in m.content)
    return thread, over


def seat_names(board) -> list[str]:
    """The players in seat order, from a board's title line."""
    return board.content.splitlines()[0].split(" · ", 1)[1].split(" vs ")


async def ask(fake, user, board):
    """``user`` presses Rematch under ``board``: what they are answered."""
    return await click(fake, user, board, "Rematch")


async def noted(bot, rematch_id, message):
    """Wait until the bot has noted ``message`` as the rematch's (it does once it has posted
    it, just after the click's answer): the sweep finds it by that."""
    for _ in range(3000):
        if (await bot.service.rematches.get(rematch_id)).challenge.message_id == message.id:
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the rematch's message id was not noted in 60 s")


async def stored(db, *game_ids):
    service = await Service.open(str(db))
    try:
        return [await service.game(game_id) for game_id in game_ids]
    finally:
        await service.close()


async def test_a_rematch_accepted_starts_with_the_seats_rotated(tmp_path, dice_race):
    db = tmp_path / "parlor.db"
    async with FakeDiscord() as fake:
        games, users = world(fake)
        ann, ben, cat = users["ann"], users["ben"], users["cat"]
        bot = new_bot(db)
        async with run_bot(fake, bot):
            options = {"target": "20", "roll": "button", "clock": "1d", "hints": "on"}
            thread, over = await two_player_game(fake, games, users, **options)
            assert buttons(over) == {"Rematch": "parlor:re:1"}

            refused = await ask(fake, cat, over)  # not a player of that game
            assert refused.ephemeral and "Only the players of game #1" in refused.content
            bot.service.games_per_user = 0  # a player already plays as many games as allowed
            refused = await ask(fake, ben, over)
            assert refused.ephemeral and "active games, the most one player may have" in (
                refused.content
            )
            bot.service.games_per_user = 50
            assert not [m for m in fake.messages_in(thread) if is_rematch(m)]  # none made

            asked = await ask(fake, ben, over)
            rematch = asked.message
            await noted(bot, 2, rematch)  # (challenge 1 was the game's own)
            assert not asked.ephemeral and is_rematch(rematch)
            assert rematch.channel_id == thread.id
            assert "Rematch** of Dice race #1, asked by ben" in rematch.content
            assert f"Waiting for: <@{ann.id}>" in rematch.content
            assert rematch.mention_ids == [ann.id]  # only the player it waits for is pinged
            assert buttons(rematch) == {
                "Accept": "parlor:ra:2:accept",
                "Decline": "parlor:ra:2:decline",
            }

            for user, label, text in (
                (ben, "Accept", "accepted this rematch already"),
                (cat, "Accept", "Only the players of game #1"),
                (cat, "Decline", "Only the players of game #1"),
            ):
                refused = await click(fake, user, rematch, label)
                assert refused.ephemeral and text in refused.content, (user.name, label)
            again = await ask(fake, ann, over)  # a second rematch: pointed to the first
            assert again.ephemeral and "asked for already" in again.content
            assert f"/{thread.id}/{rematch.id}" in again.content
            assert len([m for m in fake.messages_in(thread) if is_rematch(m)]) == 1

            accepted = await click(fake, ann, rematch, "Accept")
            assert accepted.updated and not accepted.custom_ids
            assert "rematch accepted" in accepted.content
            new_thread = await fake.wait_for_thread(games, lambda t: t.id != thread.id)
            assert f"<#{new_thread.id}>" in accepted.content
            first = await fake.wait_for_message(new_thread, is_turn)
            assert seat_names(first) == seat_names(over)[::-1]  # seats rotated: two swap
            late = await ask(fake, ben, over)
            assert late.ephemeral and "had its rematch already: its game is on" in late.content
        fake.assert_clean()

    old, new = await stored(db, 1, 2)
    assert [p.user_id for p in new.players] == [old.players[1].user_id, old.players[0].user_id]
    assert (new.key, new.options, new.settings) == (old.key, old.options, old.settings)
    assert new.settings["roll"] == "button" and new.settings["clock"] == "1d"
    assert new.thread_id == new_thread.id and new.channel_id == games.id


async def test_a_declined_rematch_ends_for_all_and_says_who(tmp_path, dice_race):
    db = tmp_path / "parlor.db"
    async with FakeDiscord() as fake:
        games, users = world(fake)
        ann, ben = users["ann"], users["ben"]
        async with run_bot(fake, new_bot(db)):
            _thread, over = await two_player_game(fake, games, users)
            rematch = (await ask(fake, ann, over)).message
            declined = await click(fake, ben, rematch, "Decline")
            assert declined.updated and not declined.custom_ids
            assert "ben declined, so there is no rematch." in declined.content
            assert fake.message(rematch.id).mention_ids == []  # the edit pings nobody
            for user in (ann, ben):
                again = await ask(fake, user, over)
                assert again.ephemeral and "had its rematch already: it was declined" in (
                    again.content
                )
            assert len(fake.threads_of(games)) == 1
        fake.assert_clean()
    service = await Service.open(str(db))
    try:
        assert (await service.get_challenge(2)).status == "declined"
        assert await service.games_of(ann.id, active_only=True) == []
    finally:
        await service.close()


async def test_an_unanswered_rematch_lapses_like_a_challenge(tmp_path, dice_race):
    db = tmp_path / "parlor.db"
    async with FakeDiscord() as fake:
        games, users = world(fake)
        ann, ben = users["ann"], users["ben"]
        clock = Moment()
        bot = new_bot(db, clock=clock)
        async with run_bot(fake, bot):
            _thread, over = await two_player_game(fake, games, users)
            rematch = (await ask(fake, ann, over)).message
            assert f"lapses <t:{int(clock.now + CHALLENGE_TTL)}:R>" in rematch.content
            await noted(bot, 2, rematch)
            clock.now += CHALLENGE_TTL - 1
            await bot.sweep()
            assert buttons(fake.message(rematch.id))  # not yet
            clock.now += 1
            await bot.sweep()
            lapsed = fake.message(rematch.id)
            assert lapsed.content == (
                "Rematch of Dice race #1 lapsed: not everyone accepted in time."
            )
            assert not lapsed.components
            again = await ask(fake, ben, over)
            assert again.ephemeral and "had its rematch already: it lapsed" in again.content
            assert len(fake.threads_of(games)) == 1
        fake.assert_clean()


async def test_a_rematch_against_parlor_starts_at_once(tmp_path, dice_race):
    db = tmp_path / "parlor.db"
    async with FakeDiscord() as fake:
        games, users = world(fake)
        ann = users["ann"]
        async with run_bot(fake, new_bot(db)):
            rec = await fake.slash(ann, games, "play", {"ai": "medium"}, subcommand="dice-race")
            await answer(rec)
            thread = await fake.wait_for_thread(games, after=rec)
            await fake.wait_for_message(thread, is_turn)
            await answer(await fake.slash(ann, thread, "resign"))
            over = await fake.wait_for_message(
                thread, lambda m: is_turn(m) and "Game over" in m.content
            )
            began = await ask(fake, ann, over)
            assert not began.ephemeral and "rematch accepted" in began.content
            new_thread = await fake.wait_for_thread(games, lambda t: t.id != thread.id)
            assert f"<#{new_thread.id}>" in began.content
            assert not [m for m in fake.messages_in(thread) if is_rematch(m)]  # nothing to accept
            first = await fake.wait_for_message(new_thread, is_turn)
            title = first.content.splitlines()[0]
            assert title.endswith(("ann vs Parlor (medium)", "Parlor (medium) vs ann"))
        fake.assert_clean()
    old, new = await stored(db, 1, 2)
    assert [p.user_id for p in new.players] == [old.players[1].user_id, old.players[0].user_id]
    assert [p.ai for p in new.players] == [old.players[1].ai, old.players[0].ai]
    assert "medium" in [p.ai for p in new.players]


async def test_a_four_seat_rematch_waits_for_every_player(tmp_path, dice_race):
    """Ann, Ben and Cat and Parlor (easy) play; Ann and Ben leave and Cat resigns, so Parlor
    wins. Ann, who left, asks for the rematch: Parlor has accepted at once, Cat and Ben
    accept one after the other, and the game starts with each one seat on."""
    db = tmp_path / "parlor.db"
    async with FakeDiscord() as fake:
        games, users = world(fake)
        ann, ben, cat = users["ann"], users["ben"], users["cat"]
        async with run_bot(fake, new_bot(db)):
            rec = await fake.slash(ann, games, "play", {"players": 4}, subcommand="dice-race")
            lobby = (await rec.response()).message
            await click(fake, ben, lobby, "Join")
            await click(fake, cat, fake.message(lobby.id), "Join")
            menu = await click(fake, ann, fake.message(lobby.id), "Add AI")
            await answer(await fake.select(ann, menu.message, menu.custom_ids[0], ["easy"]))
            thread = await fake.wait_for_thread(games, after=rec)
            await fake.wait_for_message(thread, is_turn)
            for user in (ann, ben, cat):
                await answer(await fake.slash(user, thread, "resign"))
            over = await fake.wait_for_message(
                thread, lambda m: is_turn(m) and "Game over" in m.content
            )
            rematch = (await ask(fake, ann, over)).message
            assert sorted(rematch.mention_ids) == sorted([ben.id, cat.id])
            assert "Accepted: ann, Parlor (easy)" in rematch.content
            after = await click(fake, cat, rematch, "Accept")
            assert after.updated and buttons(after.message) == buttons(rematch)
            assert "Accepted: ann, Parlor (easy), cat" in after.content
            assert f"Waiting for: <@{ben.id}>." in after.content
            started = await click(fake, ben, fake.message(rematch.id), "Accept")
            assert "rematch accepted" in started.content and not started.custom_ids
            new_thread = await fake.wait_for_thread(games, lambda t: t.id != thread.id)
            await fake.wait_for_message(new_thread, is_turn)
        fake.assert_clean()
    old, new = await stored(db, 1, 2)
    seats = [p.user_id for p in old.players]
    assert [p.user_id for p in new.players] == [seats[3], seats[0], seats[1], seats[2]]
    assert new.num_players == 4 and new.options == old.options
    assert [p.ai for p in new.players].count("easy") == 1


async def test_the_rematch_messages_match_discords_description(tmp_path, dice_race):
    """The rematch's message and its answers, as sent, against Discord's OpenAPI description
    (skipped where it is absent)."""
    db = tmp_path / "parlor.db"
    async with FakeDiscord() as fake:
        games, users = world(fake)
        async with run_bot(fake, new_bot(db)):
            thread, over = await two_player_game(fake, games, users)
            rematch = (await ask(fake, users["ann"], over)).message
            await click(fake, users["ben"], rematch, "Accept")
            await fake.wait_for_thread(games, lambda t: t.id != thread.id)
        fake.assert_clean()
        posts = fake.requests_to("POST", "/webhooks/{webhook_id}/{token}")
        edits = fake.requests_to("PATCH", "/webhooks/{webhook_id}/{token}/messages/{message_id}")
        assert any("**Rematch**" in r.json.get("content", "") for r in posts)
        for requests, schema in (
            (edits, "IncomingWebhookUpdateRequestPartial"),
            (posts, "IncomingWebhookRequestPartial"),
        ):
            for request in requests:
                assert_valid(validator_for(schema), snowflakes_as_text(request.json))


async def test_a_rematch_outlives_a_restart_and_a_second_ask_on_another_bot_finds_it(
    tmp_path, dice_race
):
    """Ann asks one bot process for the rematch; that process stops, and another runs on the
    same database (nothing kept in memory): Ben's Rematch there points to Ann's, and his
    Accept under her rematch's message starts it."""
    db = tmp_path / "parlor.db"
    async with FakeDiscord() as fake:
        games, users = world(fake)
        ann, ben = users["ann"], users["ben"]
        first = new_bot(db)
        async with run_bot(fake, first):
            thread, over = await two_player_game(fake, games, users)
            rematch = (await ask(fake, ann, over)).message
            await noted(first, 2, rematch)
        async with run_bot(fake, new_bot(db)):
            again = await ask(fake, ben, over)
            assert again.ephemeral and "asked for already" in again.content
            assert f"/{thread.id}/{rematch.id}" in again.content
            started = await click(fake, ben, fake.message(rematch.id), "Accept")
            assert "rematch accepted" in started.content and not started.custom_ids
            new_thread = await fake.wait_for_thread(games, lambda t: t.id != thread.id)
            await fake.wait_for_message(new_thread, is_turn)
        fake.assert_clean()
    old, new = await stored(db, 1, 2)
    assert [p.user_id for p in new.players] == [old.players[1].user_id, old.players[0].user_id]
