"""``/settings`` over the fake Discord: shown and changed privately, a bad value refused with
its reason and nothing changed, time zones suggested as the player types."""

from __future__ import annotations

import datetime

from tests.bot.answers import answer
from tests.bot.discord.chat import start, who
from tests.bot.discord.world import Moment, new_bot, world
from tests.fakediscord import FakeDiscord, run_bot


async def test_settings_are_shown_changed_and_checked_privately(tmp_path):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        ann = users["ann"]
        bot = new_bot(tmp_path / "parlor.db")
        async with run_bot(fake, bot):
            shown = await answer(await fake.slash(ann, games, "settings", {}))
            assert shown.ephemeral and "Reminders: every 24h" in shown.content
            assert "Quiet hours: none (UTC)" in shown.content
            assert "Auto-play of a decision with one legal move: on" in shown.content
            assert "Daily digest by direct message: off" in shown.content

            zones = await fake.autocomplete(ann, games, "settings", "time_zone", "paris")
            assert [c["value"] for c in zones] == ["Europe/Paris"]

            saved = await answer(
                await fake.slash(
                    ann,
                    games,
                    "settings",
                    {"reminders": "6h", "quiet_hours": "22-7", "time_zone": "Europe/Paris"},
                )
            )
            assert saved.ephemeral and saved.content.startswith("Saved.")
            assert "Reminders: every 6h" in saved.content
            assert "Quiet hours: 22:00-07:00 (Europe/Paris)" in saved.content

            bad = await answer(
                await fake.slash(ann, games, "settings", {"reminders": "12h", "time_zone": "Paris"})
            )
            assert bad.ephemeral and bad.content.startswith("Nothing changed: There is no time")
            kept = await bot.service.players.read([ann.id])
            assert kept[ann.id].reminders == "6h"  # the good value with it was not kept either
            other = await answer(await fake.slash(users["ben"], games, "settings", {}))
            assert "Reminders: every 24h" in other.content  # each player their own
        fake.assert_clean()


async def test_the_daily_digest_comes_once_a_day_to_players_with_games_waiting(tmp_path):
    clock = Moment(datetime.datetime(2026, 6, 1, 8, 0, tzinfo=datetime.UTC).timestamp())
    async with FakeDiscord() as fake:
        games, users = world(fake)
        bot = new_bot(tmp_path / "parlor.db", clock=clock)
        async with run_bot(fake, bot):
            thread, turn = await start(fake, games, users, game="icesickle", clock="none")
            mover = who(turn, users)
            waiting = next(u for u in (users["ann"], users["ben"]) if u != mover)
            for user in (mover, waiting):
                await answer(await fake.slash(user, games, "settings", {"digest": "on"}))
            start_at = clock.now
            clock.now = start_at + 3600 - 1  # 08:59 UTC
            await bot.sweep()
            assert fake.messages_in(fake.dm_channel(mover)) == []
            clock.now = start_at + 3600  # 09:00 UTC
            await bot.sweep()
            await bot.sweep()
            (digest,) = fake.messages_in(fake.dm_channel(mover))
            assert digest.content.startswith("Your turn in 1 game, most urgent first:")
            assert "**IceSickle** #1" in digest.content and f"/{thread.id}/{turn.id}" in (
                digest.content
            )
            assert digest.mention_ids == []
            assert fake.messages_in(fake.dm_channel(waiting)) == []  # nothing waits on them
            clock.now = start_at + 3600 + 86_400  # the next morning: one more
            await bot.sweep()
            assert len(fake.messages_in(fake.dm_channel(mover))) == 2
        fake.assert_clean()


async def test_vacation_over_discord_and_the_turn_that_waits_for_it(tmp_path):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        bot = new_bot(tmp_path / "parlor.db")
        async with run_bot(fake, bot):
            thread, turn = await start(fake, games, users, game="icesickle", clock="1d")
            mover = who(turn, users)
            waiting = next(u for u in (users["ann"], users["ben"]) if u != mover)
            gone = await answer(await fake.slash(waiting, games, "vacation", {"state": "on"}))
            assert gone.ephemeral and gone.content.startswith("You are on vacation until <t:")
            assert "(0 games waiting on you now)" in gone.content
            twice = await answer(await fake.slash(waiting, games, "vacation", {"state": "on"}))
            assert (
                twice.content
                == "Nothing changed: You are already on vacation; /vacation off ends it."
            )
            (menu, *_) = turn.selects
            move = menu["options"][0]["value"]
            await answer(await fake.select(mover, turn, menu["custom_id"], [move]))
            turn = await fake.wait_for_message(thread, lambda m: bool(m.attachments), after=turn)
            assert f"{waiting.name} is on vacation until <t:" in turn.content  # all see it
            posted = turn.content
            back = await answer(await fake.slash(waiting, games, "vacation", {"state": "off"}))
            assert back.content.startswith("Welcome back: your clocks run again (1 game waiting")
            assert "allowance left: 13 days" in back.content
            # the turn message waiting on them says so at once, the rest of it unchanged
            shown = fake.message(turn.id).content
            assert "on vacation" not in shown and "\N{ALARM CLOCK} 1 day per move" in shown
            assert shown.splitlines()[:-1] == posted.splitlines()[:-2]
            again = await answer(await fake.slash(waiting, games, "vacation", {"state": "on"}))
            assert "(1 game waiting on you now)" in again.content
            assert f"{waiting.name} is on vacation until <t:" in fake.message(turn.id).content
        fake.assert_clean()
