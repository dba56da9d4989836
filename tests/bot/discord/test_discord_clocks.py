"""Move clocks end to end, over the fake Discord, with the bot's clock moved by hand and each
sweep run by the test (``ParlorBot.sweep``, what the minute loop runs)."""

from __future__ import annotations

from bot.service.clocks import DAY, HOUR
from bot.service.facade import Service
from tests.bot.answers import answer
from tests.bot.discord.chat import buttons, is_turn, start, who
from tests.bot.discord.world import Moment, after, new_bot, world
from tests.fakediscord import FakeDiscord, run_bot


async def test_a_soft_clock_reminds_then_lets_only_the_other_player_claim(tmp_path):
    clock = Moment()
    async with FakeDiscord() as fake:
        games, users = world(fake)
        bot = new_bot(tmp_path / "parlor.db", clock=clock)
        async with run_bot(fake, bot):
            began = clock.now
            thread, turn = await start(fake, games, users, game="icesickle", clock="1d")
            late = who(turn, users)
            other = next(u for u in (users["ann"], users["ben"]) if u != late)
            up = int(began + DAY)
            assert f"1 day per move: your time is up <t:{up}:R>" in turn.content
            assert "then your opponent may claim the win" in turn.content
            assert "Claim the win" not in buttons(turn)

            clock.now = began + 0.8 * DAY - 1
            await bot.sweep()
            assert after(fake, thread, turn) == []
            clock.now = began + 0.8 * DAY  # 80% of the time used: the firm reminder, once
            await bot.sweep()
            await bot.sweep()
            (reminder,) = after(fake, thread, turn)
            assert reminder.mention_ids == [late.id]
            assert reminder.content.startswith(f"<@{late.id}>: time is nearly up in **IceSickle")
            assert "about 5 h left" in reminder.content and f"/{thread.id}/{turn.id}" in (
                reminder.content
            )
            assert list(buttons(reminder)) == ["No more reminders this turn"]

            clock.now = began + DAY - 1
            await bot.sweep()
            assert "Claim the win" not in buttons(fake.message(turn.id))
            clock.now = began + DAY  # time is up: the button, and the other player is told
            await bot.sweep()
            await bot.sweep()
            turn = fake.message(turn.id)
            claim = buttons(turn)["Claim the win"]
            (told,) = after(fake, thread, reminder)
            assert told.mention_ids == [other.id] and "time ran out" in told.content
            assert "nothing happens by itself" in told.content

            own = await answer(await fake.click(late, turn, claim))
            assert own.ephemeral and "can't claim a win from yourself" in own.content
            stranger = await answer(await fake.click(users["cat"], turn, claim))
            assert stranger.ephemeral and "Only the other players" in stranger.content
            await answer(await fake.click(other, turn, claim))
            over = await fake.wait_for_message(thread, is_turn, after=turn)
            assert f"{other.name} claimed the win: {late.name} ran out of time." in over.content
            assert f"({late.name} ran out of time)" in over.content and "Game over" in over.content
            assert not buttons(fake.message(turn.id)) and list(buttons(over)) == ["Rematch"]
        fake.assert_clean()
    service = await Service.open(str(tmp_path / "parlor.db"))
    try:
        record = await service.game(1)
        assert record.over and record.result["timeout"] == record.seat_of(late.id)
    finally:
        await service.close()


async def test_a_hard_clock_acts_once_across_restarts_either_side_of_the_deadline(tmp_path):
    db = tmp_path / "parlor.db"
    clock = Moment()
    began = clock.now
    async with FakeDiscord() as fake:
        games, users = world(fake)
        bot = new_bot(db, clock=clock)
        async with run_bot(fake, bot):
            thread, turn = await start(
                fake, games, users, game="icesickle", clock="1d", clock_mode="hard"
            )
            late = who(turn, users)
            assert "then you lose on time" in turn.content
        clock.now = began + DAY - 30  # a restart just before the deadline: nothing to do yet
        bot = new_bot(db, clock=clock)
        async with run_bot(fake, bot):
            await bot.sweep()
            assert not [m for m in after(fake, thread, turn) if is_turn(m)]
        clock.now = began + DAY + 30  # and one just after: the bot ends it, once
        for _ in range(2):
            bot = new_bot(db, clock=clock)
            async with run_bot(fake, bot):
                await bot.sweep()
                await bot.sweep()
        (over,) = [m for m in after(fake, thread, turn) if is_turn(m)]
        assert f"{late.name} ran out of time: the game is over." in over.content
        assert "Game over" in over.content
        fake.assert_clean()


async def test_no_more_reminders_this_turn_and_a_fresh_turn_reminds_again(tmp_path):
    clock = Moment()
    async with FakeDiscord() as fake:
        games, users = world(fake)
        bot = new_bot(tmp_path / "parlor.db", clock=clock)
        async with run_bot(fake, bot):
            began = clock.now
            thread, turn = await start(fake, games, users, game="icesickle", clock="none")
            mover = who(turn, users)
            other = next(u for u in (users["ann"], users["ben"]) if u != mover)
            assert "per move" not in turn.content  # no clock, no clock line
            clock.now = began + 24 * HOUR
            await bot.sweep()
            (reminder,) = after(fake, thread, turn)
            assert reminder.content.startswith(f"<@{mover.id}>: it's still your move in")
            quiet = buttons(reminder)["No more reminders this turn"]
            refused = await answer(await fake.click(other, reminder, quiet))
            assert refused.ephemeral and "Only the player whose turn it is" in refused.content
            done = await answer(await fake.click(mover, reminder, quiet))
            assert done.updated and done.content.endswith("\nNo more reminders this turn.")
            assert not buttons(fake.message(reminder.id))
            clock.now = began + 10 * DAY
            await bot.sweep()
            assert after(fake, thread, reminder) == []

            (menu, *_) = turn.selects
            first = menu["options"][0]["value"]
            await answer(await fake.select(mover, turn, menu["custom_id"], [first]))
            turn = await fake.wait_for_message(thread, is_turn, after=turn)
            clock.now += 24 * HOUR
            await bot.sweep()
            (again,) = after(fake, thread, turn)
            assert again.mention_ids == [other.id]
        fake.assert_clean()


async def test_a_player_out_of_time_cannot_escape_the_claim_by_going_on_vacation(tmp_path):
    clock = Moment()
    async with FakeDiscord() as fake:
        games, users = world(fake)
        bot = new_bot(tmp_path / "parlor.db", clock=clock)
        async with run_bot(fake, bot):
            began = clock.now
            thread, turn = await start(fake, games, users, game="icesickle", clock="1d")
            late = who(turn, users)
            other = next(u for u in (users["ann"], users["ben"]) if u != late)
            clock.now = began + DAY + HOUR  # time is up: the button shows
            await bot.sweep()
            assert "Claim the win" in buttons(fake.message(turn.id))

            gone = await answer(await fake.slash(late, games, "vacation", {"state": "on"}))
            assert "(0 games waiting on you now)" in gone.content
            assert "Your time had already run out in #1: a vacation does not pause those." in (
                gone.content
            )
            shown = fake.message(turn.id)  # the message and the button still say: ran out
            assert "on vacation" not in shown.content
            assert f"your time is up <t:{int(began + DAY)}:R>" in shown.content  # an hour ago
            claim = buttons(shown)["Claim the win"]
            listed = await answer(await fake.slash(other, games, "games", {}))
            assert "time ran out" in listed.content and "time up" not in listed.content

            await answer(await fake.click(other, shown, claim))  # and the claim goes through
            over = await fake.wait_for_message(thread, is_turn, after=turn)
            assert f"{other.name} claimed the win: {late.name} ran out of time." in over.content
        fake.assert_clean()
