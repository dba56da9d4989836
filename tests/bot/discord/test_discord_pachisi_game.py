"""Whole Pachisi games in chat: a 2-player game played by menus to its final report, and a
3-player table with a turn timer where a timed-out player is removed with the button and
another leaves with /resign."""

from __future__ import annotations

import random

import engine
from bot.service.facade import Service
from tests.bot.answers import answer
from tests.bot.discord.chat import buttons, decide, start, who
from tests.bot.discord.world import Moment, new_bot, world
from tests.fakediscord import FakeDiscord, run_bot


def is_turn(message) -> bool:
    return bool(message.attachments)


async def test_a_whole_two_player_game_to_the_final_report(tmp_path):
    db = tmp_path / "parlor.db"
    rng = random.Random(11)
    async with FakeDiscord() as fake:
        games, users = world(fake)
        async with run_bot(fake, new_bot(db)):
            thread, turn = await start(
                fake, games, users, game="pachisi", first_turn=is_turn, first_pawn_out="on"
            )
            decisions = 0
            while turn.selects:
                assert "Remove" not in " ".join(buttons(turn))  # no timer at this table
                actor = who(turn, users)
                (select,) = turn.selects
                move = rng.choice([o["value"] for o in select["options"]])
                picked = fake.select(actor, turn, select["custom_id"], [move])
                turn = await decide(fake, thread, turn, picked)
                decisions += 1
            assert "Game over" in turn.content and "all four pawns HOME" in turn.content
            assert "\n1. " in turn.content and "\n2. " in turn.content  # the final report
            assert turn.attachments[0].description.startswith("Pachisi")
            assert "Game over" in turn.attachments[0].description
            assert set(turn.mention_ids) == {users["ann"].id, users["ben"].id}
        fake.assert_clean()

    service = await Service.open(str(db))
    record = await service.game(1)
    assert record.over and decisions > 50
    rows = await service.history(1)
    pachisi = engine.get_game("pachisi")
    assert pachisi.replay(2, record.options, [r.move for r in rows]) == record.state
    await service.close()


async def test_turn_timer_removal_and_leaving_at_a_table_of_three(tmp_path):
    db = tmp_path / "parlor.db"
    clock = Moment()
    async with FakeDiscord() as fake:
        games, users = world(fake)
        bot = new_bot(db, clock=clock)
        async with run_bot(fake, bot):
            rec = await fake.slash(
                users["ann"], games, "play", {"players": 3, "turn_timer": "1"},
                subcommand="pachisi",
            )  # fmt: skip
            lobby = (await rec.response()).message
            join = next(c for c in lobby.custom_ids if c.endswith(":join"))
            for name in ("ben", "cat"):
                await answer(await fake.click(users[name], lobby, join))
            thread = await fake.wait_for_thread(games, after=rec)
            turn = await fake.wait_for_message(thread, is_turn)
            late = who(turn, users)
            assert "Turn timer: 1 min, up <t:" in turn.content
            label = next(b for b in buttons(turn) if b.startswith("Remove "))
            assert label == f"Remove {late.name}"
            other = next(u for u in users.values() if u != late)
            early = await answer(await fake.click(other, turn, buttons(turn)[label]))
            assert early.ephemeral and "still has 1:00" in early.content
            mine = await answer(await fake.click(late, turn, buttons(turn)[label]))
            assert mine.ephemeral and "can't remove yourself" in mine.content

            clock.now += 61  # a minute goes by
            await answer(await fake.click(other, turn, buttons(turn)[label]))
            turn = await fake.wait_for_message(thread, is_turn, after=turn)
            assert f"removed {late.name} from the game" in turn.content
            assert who(turn, users) != late and "Game over" not in turn.content
            assert "Claim the win" in buttons(turn)  # two left: the next claim ends the game

            leaver = next(u for u in users.values() if u not in (late, who(turn, users)))
            gone = await answer(await fake.slash(leaver, thread, "resign", {"game": 1}))
            assert gone.ephemeral and "play on" not in gone.content  # the last two: it ends
            over = await fake.wait_for_message(thread, is_turn, after=turn)
            winner = next(u for u in users.values() if u not in (late, leaver))
            assert "Game over" in over.content and "the other players left the game" in over.content
            lines = over.content.splitlines()
            assert lines[-3].startswith(f"1. {winner.name} ")
            assert lines[-2].startswith(f"2. {leaver.name} ") and lines[-2].endswith("(left)")
            assert lines[-1].startswith(f"3. {late.name} ") and lines[-1].endswith("(left)")
            assert list(buttons(over)) == ["Rematch"]  # the only control left
        fake.assert_clean()
