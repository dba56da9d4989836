"""Time moved from outside: ``bot.create_bot(clock=...)`` gives the bot the time it reads, and
``await parlor.sweep()`` (or the module's ``await bot.sweep()``, on every bot it made) runs
one whole sweep at once (lapsed challenges, move clocks, Parlor's turns due), done when it
returns. Nothing else of the bot is touched here: these are the handles a check outside the
repository has."""

from __future__ import annotations

import time

import bot
from tests.bot.answers import answer
from tests.bot.turns import mentioned
from tests.fakediscord import FakeDiscord, run_bot

DAY = 24 * 3600


class Moment:
    """A clock (epoch seconds) that the test moves by hand."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


def buttons(message) -> dict[str, str]:
    """label -> custom_id of the message's buttons."""
    return {
        c["label"]: c["custom_id"]
        for row in message.components
        for c in row["components"]
        if c["type"] == 2
    }


def later(fake, channel, message) -> list:
    """The messages posted in ``channel`` after ``message``."""
    found = fake.messages_in(channel)
    return found[found.index(fake.message(message.id)) + 1 :]


def a_world(fake):
    guild = fake.add_guild(name="Parlour")
    games = fake.add_text_channel(guild, "games")
    return games, {name: fake.add_user(name) for name in ("ann", "ben")}


async def test_the_clock_given_to_create_bot_runs_the_move_clocks_at_each_sweep(tmp_path):
    clock = Moment()
    began = clock.now
    async with FakeDiscord() as fake:
        games, users = a_world(fake)
        ann, ben = users["ann"], users["ben"]
        parlor = bot.create_bot(
            db_path=str(tmp_path / "p.db"), clock=clock, guild_ready_timeout=0.05
        )
        async with run_bot(fake, parlor):
            # a game on a one-day clock: the turn says when time is up, by the given clock
            rec = await fake.slash(
                ann, games, "play", {"opponent": ben, "clock": "1d"}, subcommand="icesickle"
            )
            challenge = (await rec.response()).message
            accept = next(c for c in challenge.custom_ids if c.endswith(":accept"))
            await answer(await fake.click(ben, challenge, accept))
            thread = await fake.wait_for_thread(games, after=rec)
            turn = await fake.wait_for_message(thread, lambda m: bool(m.attachments))
            (late_id,) = mentioned(turn)
            other = ben if late_id == ann.id else ann
            assert f"your time is up <t:{int(began + DAY)}:R>" in turn.content

            clock.now = began + 0.8 * DAY  # 80% of the time used: the reminder
            await parlor.sweep()
            (reminder,) = later(fake, thread, turn)
            assert reminder.mention_ids == [late_id] and "time is nearly up" in reminder.content

            clock.now = began + DAY  # time is up: the claim button, the other player told
            await bot.sweep()  # the module's: a sweep of every bot create_bot made and runs
            assert "Claim the win" in buttons(fake.message(turn.id))
            (told,) = later(fake, thread, reminder)
            assert told.mention_ids == [other.id] and "time ran out" in told.content
        fake.assert_clean()


async def test_a_sweep_plays_parlors_turn_that_came_due_by_the_given_clock(tmp_path):
    clock = Moment()
    async with FakeDiscord() as fake:
        games, users = a_world(fake)
        ann = users["ann"]
        parlor = bot.create_bot(
            db_path=str(tmp_path / "p.db"), clock=clock, ai_delay=3600, guild_ready_timeout=0.05
        )
        async with run_bot(fake, parlor):
            rec = await fake.slash(ann, games, "play", {"ai": "easy"}, subcommand="icesickle")
            await answer(rec)
            thread = await fake.wait_for_thread(games, after=rec)
            first = await fake.wait_for_message(thread, lambda m: bool(m.attachments))
            if ann.id in mentioned(first):
                select = first.selects[0]
                move = select["options"][0]["value"]
                await answer(await fake.select(ann, first, select["custom_id"], [move]))
            waiting = await fake.wait_for_message(thread, lambda m: "is thinking" in m.content)

            await parlor.sweep()  # not due yet: Parlor's move comes an hour after its turn
            assert "is thinking" in fake.message(waiting.id).content
            assert later(fake, thread, waiting) == []

            clock.now += 3600
            await parlor.sweep()  # due now: played and posted before the sweep returns
            assert "Parlor (easy) played **" in fake.message(waiting.id).content
            (turn,) = later(fake, thread, waiting)
            assert ann.id in mentioned(turn) and turn.selects
        fake.assert_clean()
    assert time.time() < clock.now  # the hour passed on the bot's clock only
