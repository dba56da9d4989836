"""The real Parlor bot (``bot.create_bot``) against the fake Discord: a whole game in chat."""

from __future__ import annotations

import io
import random

from PIL import Image

import engine
from bot.service.facade import Service
from tests.bot.answers import answer
from tests.bot.discord.chat import challenge_and_accept, select_values
from tests.bot.discord.world import new_bot, world
from tests.fakediscord import FakeDiscord, run_bot


def is_turn(message) -> bool:
    return bool(message.attachments) and "#1" in message.content


def mover_of(message, users):
    (pinged,) = message.mention_ids
    return next(u for u in users.values() if u.id == pinged)


async def test_a_whole_game_in_a_thread(tmp_path):
    db = tmp_path / "parlor.db"
    rng = random.Random(6)
    async with FakeDiscord() as fake:
        games, users = world(fake)
        async with run_bot(fake, new_bot(db)):
            thread, turn = await challenge_and_accept(fake, games, users)
            moves_made = 0
            while "Game over" not in turn.content:
                mover = mover_of(turn, users)
                waiting = next(u for n, u in users.items() if n != "cat" and u != mover)
                png = turn.attachments[0]
                assert png.filename.endswith(".png") and png.content_type == "image/png"
                assert png.description and "IceSickle" in png.description
                with Image.open(io.BytesIO(png.data)) as image:
                    assert image.format == "PNG" and image.width >= 900
                options = select_values(turn)
                custom_id = rng.choice(sorted(options))
                move = rng.choice(options[custom_id])
                if moves_made == 3:  # outsiders and the waiting player are refused
                    for who, text in ((users["cat"], "not playing"), (waiting, "not your turn")):
                        refused = await answer(await fake.select(who, turn, custom_id, [move]))
                        assert refused.ephemeral and text in refused.content
                if moves_made == 5:  # an illegal /move changes nothing
                    bad = await fake.slash(mover, thread, "move", {"move": "S@a9"})
                    said = await answer(bad)
                    assert said.ephemeral and "Not played: a9 is not on the board" in said.content
                if moves_made % 4 == 1:
                    done = await answer(await fake.slash(mover, thread, "move", {"move": move}))
                    assert done.ephemeral and done.content == f"Played {move}."
                else:
                    done = await answer(await fake.select(mover, turn, custom_id, [move]))
                    assert done.updated and not done.custom_ids, (
                        done.content
                    )  # old board loses its menus
                moves_made += 1
                turn = await fake.wait_for_message(thread, is_turn, after=turn)
                assert f"played **{move}**" in turn.content
            assert not turn.selects
            assert set(turn.mention_ids) == {users["ann"].id, users["ben"].id}
        fake.assert_clean()

    service = await Service.open(str(db))
    record = await service.game(1)
    moves = [row.move for row in await service.history(1)]
    assert record.over and len(moves) == moves_made
    assert engine.get_game("icesickle").replay(2, {}, moves) == record.state
    await service.close()


async def test_old_menus_work_after_a_restart(tmp_path):
    db = tmp_path / "parlor.db"
    async with FakeDiscord() as fake:
        games, users = world(fake)
        async with run_bot(fake, new_bot(db)):
            thread, turn = await challenge_and_accept(fake, games, users)
        async with run_bot(fake, new_bot(db)):
            options = select_values(turn)
            custom_id = sorted(options)[0]
            mover = mover_of(turn, users)
            done = await answer(await fake.select(mover, turn, custom_id, [options[custom_id][0]]))
            assert done.updated and not done.custom_ids  # the old board loses its menus
            after = await fake.wait_for_message(thread, is_turn, after=turn)
            assert f"played **{options[custom_id][0]}**" in after.content
        fake.assert_clean()


async def test_a_user_who_floods_is_slowed_down(tmp_path):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        async with run_bot(fake, new_bot(tmp_path / "parlor.db", rate_limited=True)):
            answers = []
            for _ in range(9):
                rec = await fake.slash(users["cat"], games, "rules", {"game": "icesickle"})
                answers.append(await rec.response())
            assert all("IceSickle" in a.content for a in answers[:8])
            assert answers[8].ephemeral and answers[8].content.startswith("Slow down")
            # Someone else is not held up by it.
            other = await fake.slash(users["ann"], games, "rules", {"game": "icesickle"})
            assert "IceSickle" in (await other.response()).content
            # Clicks count too: Ben's /rules and seven clicks paging it pass, the eighth not.
            shown = await answer(
                await fake.slash(users["ben"], games, "rules", {"game": "ice-turn"})
            )
            message, clicks = shown.message, []
            for _ in range(8):
                page = message.buttons[0]["custom_id"]  # Next, then Previous, and so on
                clicks.append(await answer(await fake.click(users["ben"], message, page)))
                message = fake.message(message.id)
            assert all(c.updated and " of 3" in c.content for c in clicks[:7])
            assert clicks[7].ephemeral and clicks[7].content.startswith("Slow down")
        fake.assert_clean()
