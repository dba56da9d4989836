"""Following a game over the fake Discord (``bot/service/follows.py``,
``bot/discord/follow_table.py``): the Follow button under a board for anyone but its players,
Unfollow, the count on the turn message, the followed games in the daily digest, the direct
message when the game ends, and a follower's click on a player's control refused."""

from __future__ import annotations

import asyncio
import datetime
import random

from bot.words import limits
from tests.bot.answers import answer
from tests.bot.discord.chat import buttons, decide, is_turn, pick, start, who
from tests.bot.discord.world import Moment, new_bot, world
from tests.fakediscord import FakeDiscord, run_bot


def board_ids(turn) -> set[str]:
    """The custom ids of a turn message's menus and buttons other than Follow."""
    return {c for c in turn.custom_ids if not c.startswith("parlor:fw:")}


async def test_anyone_but_a_player_follows_and_unfollows_privately(tmp_path):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        ann, cat = users["ann"], users["cat"]
        bot = new_bot(tmp_path / "parlor.db")
        async with run_bot(fake, bot):
            _, turn = await start(fake, games, users, game="icesickle", clock="none")
            follow = buttons(turn)["Follow"]
            assert follow == "parlor:fw:1:follow"

            player = await answer(await fake.click(ann, turn, follow))
            assert player.ephemeral
            assert (
                player.content == "You play this game already: its moves come to you on its board."
            )
            assert not await bot.service.follows.follows(1, ann.id)

            followed = await answer(await fake.click(cat, turn, follow))
            assert followed.ephemeral and followed.content.startswith("You follow game #1 now")
            assert buttons(followed.message) == {"Unfollow": "parlor:fw:1:unfollow"}
            assert await bot.service.follows.follows(1, cat.id)
            assert await bot.service.follows.followers(1) == [cat.id]
            assert await bot.service.follows.followed_by(cat.id) == [1]

            again = await answer(await fake.click(cat, turn, follow))  # pressed again: stops
            assert again.content == "You no longer follow game #1."
            assert await bot.service.follows.count(1) == 0

            followed = await answer(await fake.click(cat, turn, follow))
            assert await bot.service.follows.follows(1, cat.id)
            stop = await answer(await fake.click(cat, followed.message, "parlor:fw:1:unfollow"))
            assert stop.ephemeral and stop.content == "You no longer follow game #1."
            assert not await bot.service.follows.follows(1, cat.id)
            twice = await answer(await fake.click(cat, followed.message, "parlor:fw:1:unfollow"))
            assert twice.content == "You do not follow game #1."
            assert fake.message(turn.id).content == turn.content  # the game did not change
        fake.assert_clean()


async def test_a_followers_click_on_a_players_control_is_refused(tmp_path):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        cat = users["cat"]
        bot = new_bot(tmp_path / "parlor.db")
        async with run_bot(fake, bot):
            thread, turn = await start(fake, games, users, game="icesickle", clock="none")
            await answer(await fake.click(cat, turn, buttons(turn)["Follow"]))
            assert board_ids(turn)  # the player's menus are there, with Follow beside them
            before = await bot.service.game(1)
            for select in turn.selects:
                value = select["options"][0]["value"]
                refused = await answer(await fake.select(cat, turn, select["custom_id"], [value]))
                assert refused.ephemeral
                assert refused.content == "Not played: You are not playing in this game."
            after = await bot.service.game(1)
            assert after.version == before.version and not after.state.history
            assert len([m for m in fake.messages_in(thread) if is_turn(m)]) == 1
        fake.assert_clean()


async def test_the_turn_message_says_how_many_follow_the_game(tmp_path):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        dan = fake.add_user("dan")
        bot = new_bot(tmp_path / "parlor.db")
        async with run_bot(fake, bot):
            thread, turn = await start(fake, games, users, game="icesickle", clock="none")
            assert "following" not in turn.content
            for follower in (users["cat"], dan):
                await answer(await fake.click(follower, turn, buttons(turn)["Follow"]))
            mover = who(turn, users)
            turn = await decide(fake, thread, turn, pick(fake, mover, turn, random.Random(1)))
            assert who(turn, users) != mover
            assert "\N{EYES} 2 following" in turn.content.splitlines()
            assert buttons(turn)["Follow"] == "parlor:fw:1:follow"
            assert turn.mention_ids == [who(turn, users).id]  # followers are not pinged
        fake.assert_clean()


async def test_a_follower_gets_the_games_moves_in_the_daily_digest(tmp_path):
    clock = Moment(datetime.datetime(2026, 6, 1, 8, 0, tzinfo=datetime.UTC).timestamp())
    async with FakeDiscord() as fake:
        games, users = world(fake)
        cat = users["cat"]
        bot = new_bot(tmp_path / "parlor.db", clock=clock)
        async with run_bot(fake, bot):
            thread, turn = await start(fake, games, users, game="icesickle", clock="none")
            await answer(await fake.click(cat, turn, buttons(turn)["Follow"]))
            rng = random.Random(2)
            for _ in range(3):
                turn = await decide(fake, thread, turn, pick(fake, who(turn, users), turn, rng))
            record = await bot.service.game(1)
            moves = len(record.state.history)
            assert moves >= 3
            start_at = clock.now
            clock.now = start_at + 3600 - 1  # 08:59 UTC: not yet
            await bot.sweep()
            assert fake.messages_in(fake.dm_channel(cat)) == []
            clock.now = start_at + 3600  # 09:00 UTC
            await bot.sweep()
            await bot.sweep()
            (digest,) = fake.messages_in(fake.dm_channel(cat))
            mover = record.player_to_move.name
            names = " vs ".join(p.name for p in record.players)
            assert digest.content.splitlines()[0] == "Games you follow:"
            assert digest.content.splitlines()[1].startswith(
                f"- IceSickle #1 {names}: {moves} moves since yesterday, {mover} to move · "
            )
            assert f"/{thread.id}/{turn.id}" in digest.content
            assert digest.mention_ids == []
            assert buttons(digest) == {"Unfollow #1": "parlor:fw:1:unfollow"}
            assert len(digest.content) <= limits.CONTENT
            # the players, who chose no digest, get none; cat's own settings are unchanged
            for player in (users["ann"], users["ben"]):
                assert fake.messages_in(fake.dm_channel(player)) == []
            assert not (await bot.service.players.read([cat.id]))[cat.id].digest

            clock.now = start_at + 3600 + 86_400  # the next morning: nothing moved since
            await bot.sweep()
            latest = fake.messages_in(fake.dm_channel(cat))[-1]
            assert "0 moves since yesterday" in latest.content
            assert buttons(latest) == {"Unfollow #1": "parlor:fw:1:unfollow"}
            stop = await answer(await fake.click(cat, latest, "parlor:fw:1:unfollow"))
            assert stop.ephemeral and stop.content == "You no longer follow game #1."
            clock.now = start_at + 3600 + 2 * 86_400  # following nothing: no digest any more
            await bot.sweep()
            assert len(fake.messages_in(fake.dm_channel(cat))) == 2
        fake.assert_clean()


async def test_followers_are_told_once_when_the_game_ends(tmp_path):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        ann, cat = users["ann"], users["cat"]
        dan = fake.add_user("dan")
        bot = new_bot(tmp_path / "parlor.db")
        async with run_bot(fake, bot):
            thread, turn = await start(fake, games, users, game="icesickle", clock="none")
            for follower in (cat, dan):
                await answer(await fake.click(follower, turn, buttons(turn)["Follow"]))
            fake.close_dms(dan)  # Discord refuses dan's message: logged, nothing else
            await answer(await fake.slash(ann, thread, "resign"))
            over = await fake.wait_for_message(
                thread, lambda m: is_turn(m) and "Game over" in m.content
            )
            told = await fake.wait_for_message(fake.dm_channel(cat))  # sent after the board
            assert len(fake.messages_in(fake.dm_channel(cat))) == 1
            record = await bot.service.game(1)
            names = " vs ".join(p.name for p in record.players)
            first = told.content.splitlines()[0]
            assert first.startswith(f"IceSickle #1 {names}, which you follow, is over: ")
            assert "ben wins against ann" in first
            assert f"/{thread.id}/{over.id}" in told.content
            assert told.mention_ids == []
            assert await bot.service.follows.followers(1) == []  # told once, then let go
            assert "Follow" not in buttons(fake.message(over.id))  # a finished game: Rematch
            refused = await refused_dm(fake, fake.dm_channel(dan))
            assert refused.status == 403
            assert fake.messages_in(fake.dm_channel(dan)) == []
        fake.assert_clean(allow_failures=True)  # dan's refused message, and nothing else
        assert fake.failed_requests == [refused]


async def refused_dm(fake, channel):
    """The bot's message to ``channel`` that Discord refused, once it was made (bounded)."""
    path = f"/channels/{channel.id}/messages"
    for _ in range(3000):
        found = [r for r in fake.failed_requests if r.path == path]
        if found:
            return found[0]
        await asyncio.sleep(0.01)
    raise AssertionError("no message to the closed DMs was tried in 30 s")


async def test_a_follower_may_replay_the_game_while_it_runs(tmp_path):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        cat = users["cat"]
        bot = new_bot(tmp_path / "parlor.db")
        async with run_bot(fake, bot):
            _, turn = await start(fake, games, users, game="icesickle", clock="none")
            refused = await answer(await fake.slash(cat, games, "replay", {"game": 1}))
            assert refused.ephemeral and refused.content.startswith("You can't see that game")
            await answer(await fake.click(cat, turn, buttons(turn)["Follow"]))
            shown = await answer(await fake.slash(cat, games, "replay", {"game": 1}))
            assert shown.ephemeral and "Replay of" in shown.content and shown.attachments
            await answer(await fake.click(cat, turn, buttons(turn)["Follow"]))  # unfollows
            again = await answer(await fake.slash(cat, games, "replay", {"game": 1}))
            assert again.content.startswith("You can't see that game")
        fake.assert_clean()
