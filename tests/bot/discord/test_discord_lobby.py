"""Lobbies end to end: ``/play dice-race players:3`` opens a lobby in the channel that fills
up with Join / Leave, and starts by the host's Start or by itself when full.

The game is the throwaway "dice race" of ``tests/bot/dicegame.py`` (2-4 players), registered
in ``engine.GAMES`` before the bot is built, so it shows up in /play like any game.
"""

from __future__ import annotations

import asyncio

import pytest

from bot.service.facade import CHALLENGE_TTL, Service
from tests.bot import dicegame
from tests.bot.answers import answer
from tests.bot.discord.chat import buttons, click, is_turn, who
from tests.bot.discord.payloads import assert_valid, check_options, validator_for
from tests.bot.discord.world import Moment, new_bot, world
from tests.fakediscord import FakeDiscord, run_bot


@pytest.fixture
def dice_race():
    with dicegame.registered() as game:
        yield game


async def open_lobby(fake, games, host, **options):
    rec = await fake.slash(host, games, "play", options, subcommand="dice-race")
    answer = await rec.response()
    assert not answer.ephemeral and "**Dice race** lobby" in answer.content
    assert answer.message.mention_ids == []
    return answer.message


def seat_names(turn) -> list[str]:
    """The players in seat order, from the turn message's title line."""
    title = turn.content.splitlines()[0]
    return title.split(" · ", 1)[1].split(" vs ")


async def test_join_refusals_and_the_host_starting_early(tmp_path, dice_race):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        ann, ben, cat = users["ann"], users["ben"], users["cat"]
        async with run_bot(fake, new_bot(tmp_path / "parlor.db")):
            lobby = await open_lobby(fake, games, ann, players=3)
            assert buttons(lobby) == {
                "Join": "parlor:lb:1:join",
                "Leave": "parlor:lb:1:leave",
                "Start": "parlor:lb:1:start",
                "Add AI": "parlor:lb:1:ai",
            }
            assert "Seated (1/3): ann · 2 free seats" in lobby.content

            joined = await click(fake, ben, lobby, "Join")
            assert joined.updated  # the lobby message is updated in place
            lobby = fake.message(lobby.id)
            assert "Seated (2/3): ann, ben · 1 free seat" in lobby.content
            assert set(buttons(lobby)) == {"Join", "Leave", "Start", "Add AI"}
            assert lobby.mention_ids == []

            for user, label, text in (
                (ben, "Join", "already in this lobby"),
                (ann, "Join", "already in this lobby"),
                (ben, "Start", "Only the host, ann, can start"),
                (cat, "Leave", "not in this lobby"),
            ):
                refused = await click(fake, user, lobby, label)
                assert refused.ephemeral and text in refused.content, (label, refused.content)
            assert fake.message(lobby.id).content == lobby.content  # unchanged

            started = await click(fake, ann, lobby, "Start")
            assert started.updated and not started.custom_ids
            thread = await fake.wait_for_thread(games)
            turn = await fake.wait_for_message(thread, is_turn)
            assert sorted(seat_names(turn)) == ["ann", "ben"]
            assert who(turn, users) in (ann, ben) and "your turn to move" in turn.content
            lobby = fake.message(lobby.id)
            assert "started by the host" in lobby.content and f"<#{thread.id}>" in lobby.content
            assert not lobby.components and lobby.mention_ids == []
        fake.assert_clean()

    service = await Service.open(str(tmp_path / "parlor.db"))
    record = await service.game(1)
    assert record.num_players == 2 and {p.user_id for p in record.players} == {ann.id, ben.id}
    await service.close()


async def test_a_full_lobby_starts_by_itself(tmp_path, dice_race):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        ann, ben, cat = users["ann"], users["ben"], users["cat"]
        async with run_bot(fake, new_bot(tmp_path / "parlor.db")):
            lobby = await open_lobby(fake, games, ann, players=3, target="20")
            assert "target 20" in lobby.content
            await click(fake, cat, lobby, "Join")
            full = await click(fake, ben, fake.message(lobby.id), "Join")
            assert full.updated and not full.custom_ids and "the lobby is full" in full.content
            thread = await fake.wait_for_thread(games)
            turn = await fake.wait_for_message(thread, is_turn)
            seats = seat_names(turn)
            assert sorted(seats) == ["ann", "ben", "cat"]
            # Every turn mentions (and so notifies) exactly the player whose turn it is.
            for move in range(5):
                mover = who(turn, users)
                assert mover.name == seats[move % 3], (move, seats, turn.content)
                select = turn.selects[0]["custom_id"]
                await answer(await fake.select(mover, turn, select, ["m1"]))
                turn = await fake.wait_for_message(thread, is_turn, after=turn)
        fake.assert_clean()

    service = await Service.open(str(tmp_path / "parlor.db"))
    record = await service.game(1)
    assert record.num_players == 3 and record.options == {"target": 20, "width": 3}
    assert [p.name for p in record.players] == seats
    await service.close()


async def test_leaving_and_the_host_closing_the_lobby(tmp_path, dice_race):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        ann, cat = users["ann"], users["cat"]
        robot = fake._new_user("robot", bot=True)
        async with run_bot(fake, new_bot(tmp_path / "parlor.db")):
            lobby = await open_lobby(fake, games, ann)  # as many seats as the game takes
            assert "Seated (1/4): ann · 3 free seats" in lobby.content
            refused = await click(fake, robot, lobby, "Join")
            assert refused.ephemeral and "Bots can't play" in refused.content
            refused = await click(fake, ann, lobby, "Start")
            assert refused.ephemeral and "needs at least 2 players" in refused.content
            await click(fake, cat, lobby, "Join")
            left = await click(fake, cat, fake.message(lobby.id), "Leave")
            assert left.updated
            assert "Seated (1/4): ann ·" in fake.message(lobby.id).content
            closed = await click(fake, ann, fake.message(lobby.id), "Leave")
            assert closed.updated and not closed.custom_ids
            lobby = fake.message(lobby.id)
            assert "The host left, so the lobby is closed." in lobby.content
            assert not lobby.components and not fake.threads_of(games)
        fake.assert_clean()


async def test_lobby_buttons_work_after_a_restart(tmp_path, dice_race):
    db = tmp_path / "parlor.db"
    async with FakeDiscord() as fake:
        games, users = world(fake)
        async with run_bot(fake, new_bot(db)):
            lobby = await open_lobby(fake, games, users["ann"], players=3)
            await click(fake, users["ben"], lobby, "Join")
        async with run_bot(fake, new_bot(db)):
            lobby = fake.message(lobby.id)
            assert "Seated (2/3): ann, ben" in lobby.content
            full = await click(fake, users["cat"], lobby, "Join")
            assert full.updated and "the lobby is full" in full.content
            thread = await fake.wait_for_thread(games)
            turn = await fake.wait_for_message(thread, is_turn)
            assert sorted(seat_names(turn)) == ["ann", "ben", "cat"]
        fake.assert_clean()


async def test_a_challenge_is_for_two_and_a_lobby_lapses(tmp_path, dice_race):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        ann, ben = users["ann"], users["ben"]
        clock = Moment()  # one instant for the whole test: a second may tick over meanwhile
        now = clock.now
        bot = new_bot(tmp_path / "parlor.db", clock=clock)
        async with run_bot(fake, bot):
            rec = await fake.slash(
                ann, games, "play", {"opponent": ben, "players": 3}, subcommand="dice-race"
            )
            refused = await rec.response()
            assert refused.ephemeral and "`/play dice-race players:3`" in refused.content
            assert not fake.messages_in(games)
            # With players 2 (or none) an opponent means the usual challenge.
            rec = await fake.slash(
                ann, games, "play", {"opponent": ben, "players": 2}, subcommand="dice-race"
            )
            challenge = (await rec.response()).message
            assert challenge.mention_ids == [ben.id] and "Accept" in buttons(challenge)

            lobby = await open_lobby(fake, games, ann, players=3)
            for _ in range(3000):  # the bot notes the message ids once it has answered
                noted = [(await bot.service.get_challenge(i)).message_id for i in (1, 2)]
                if noted == [challenge.id, lobby.id]:
                    break
                await asyncio.sleep(0.02)
            else:
                raise AssertionError(f"the message ids were not noted in 60 s: {noted}")
            assert f"lapses <t:{int(now + CHALLENGE_TTL)}:R>" in lobby.content
            clock.now = now + CHALLENGE_TTL
            await bot.sweep()
            lobby = fake.message(lobby.id)
            assert lobby.content.startswith("Lobby for Dice race lapsed")
            assert not lobby.components
            assert fake.message(challenge.id).content == "Challenge to Dice race lapsed."
        fake.assert_clean()


async def test_lobby_payloads_obey_discords_limits(tmp_path, dice_race):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        async with run_bot(fake, new_bot(tmp_path / "parlor.db")):
            lobby = await open_lobby(fake, games, users["ann"], players=3)
            await click(fake, users["ben"], lobby, "Join")
            await click(fake, users["cat"], fake.message(lobby.id), "Join")
            await fake.wait_for_thread(games)
        fake.assert_clean()
        play = next(c for c in fake.commands if c["name"] == "play")
        check_options(play["options"], "play")
        syncs = fake.requests_to("PUT", "/applications/{application_id}/commands")
        commands = validator_for("ApplicationCommandUpdateRequest")
        for request in syncs:
            for command in request.json:
                assert_valid(commands, command)
        callbacks = fake.requests_to("POST", "/interactions/{interaction_id}/{token}/callback")
        create, update = (
            "CreateMessageInteractionCallbackRequest",
            "UpdateMessageInteractionCallbackRequest",
        )
        kinds = {4: create, 5: create, 6: update, 7: update}
        checked = 0
        for request in callbacks:
            schema = kinds.get(request.json["type"])
            if schema:
                assert_valid(validator_for(schema), request.json)
                checked += 1
        assert checked == 3
        # the answers after a deferred click: edits of the clicked message, private followups
        edits = fake.requests_to("PATCH", "/webhooks/{webhook_id}/{token}/messages/{message_id}")
        followups = fake.requests_to("POST", "/webhooks/{webhook_id}/{token}")
        assert edits
        for requests, schema in (
            (edits, "IncomingWebhookUpdateRequestPartial"),
            (followups, "IncomingWebhookRequestPartial"),
        ):
            for request in requests:
                assert_valid(validator_for(schema), request.json)


async def test_an_invited_player_is_reminded_once_when_half_the_time_is_gone(tmp_path):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        ann, ben = users["ann"], users["ben"]
        clock = Moment()
        now = clock.now
        bot = new_bot(tmp_path / "parlor.db", clock=clock)
        async with run_bot(fake, bot):
            rec = await fake.slash(
                ann, games, "play", {"opponent": ben, "expires": "1h"}, subcommand="icesickle"
            )
            challenge = (await rec.response()).message
            assert f"The challenge lapses <t:{int(now + 3600)}:R>." in challenge.content
            for _ in range(3000):  # the bot notes the message id once it has answered
                if (await bot.service.get_challenge(1)).message_id == challenge.id:
                    break
                await asyncio.sleep(0.02)
            else:
                raise AssertionError("the challenge's message id was not noted in 60 s")
            clock.now = now + 30 * 60 - 1
            await bot.sweep()
            assert fake.messages_in(games) == [challenge]  # not yet
            clock.now = now + 30 * 60
            await bot.sweep()
            await bot.sweep()  # and again: still one reminder
            reminder = fake.messages_in(games)[1:]
            assert len(reminder) == 1 and reminder[0].mention_ids == [ben.id]
            assert reminder[0].content.startswith(f"<@{ben.id}>: ann's challenge to **IceSickle**")
            assert f"/{games.id}/{challenge.id}" in reminder[0].content  # a link to it
            clock.now = now + 3600
            await bot.sweep()
            assert fake.message(challenge.id).content == "Challenge to IceSickle lapsed."
            assert len(fake.messages_in(games)) == 2
        fake.assert_clean()
