"""Pachisi in chat, end to end: a table that presses Roll (roll-off included), moves from the
menus, the Undo button, and a 4-player lobby whose turns mention the right players."""

from __future__ import annotations

import random

import engine
from bot.service.facade import Service
from tests.bot.answers import answer
from tests.bot.discord.chat import buttons, decide, start, who
from tests.bot.discord.world import new_bot, world
from tests.fakediscord import FakeDiscord, run_bot


def is_turn(message) -> bool:
    return bool(message.attachments)


async def test_a_pachisi_table_with_roll_and_undo_buttons(tmp_path):
    db = tmp_path / "parlor.db"
    rng = random.Random(4)
    async with FakeDiscord() as fake:
        games, users = world(fake)
        async with run_bot(fake, new_bot(db)):
            thread, turn = await start(
                fake, games, users, game="pachisi", first_turn=is_turn, roll="button", undo="on"
            )
            assert "your turn to roll" in turn.content  # the roll-off, by hand
            rolls = moves = undos = 0
            while moves < 25:
                actor = who(turn, users)
                if "Roll" in buttons(turn):
                    acting = fake.click(actor, turn, buttons(turn)["Roll"])
                    rolls += 1
                elif "Undo" in buttons(turn) and not undos:
                    bystander = next(u for n, u in users.items() if n != "cat" and u != actor)
                    refused = await answer(await fake.click(bystander, turn, buttons(turn)["Undo"]))
                    assert refused.ephemeral and "not your turn" in refused.content
                    acting = fake.click(actor, turn, buttons(turn)["Undo"])
                    undos += 1
                else:
                    (select,) = turn.selects
                    move = rng.choice([o["value"] for o in select["options"]])
                    acting = fake.select(actor, turn, select["custom_id"], [move])
                    moves += 1
                turn = await decide(fake, thread, turn, acting)
                assert turn.attachments[0].description.startswith("Pachisi")
            assert rolls and undos == 1
        fake.assert_clean()

    service = await Service.open(str(db))
    record = await service.game(1)
    rows = await service.history(1)
    assert any(r.move == "undo" for r in rows)
    rolls = [r for r in rows if r.seat == engine.CHANCE]
    assert rolls and all(r.user_id is not None for r in rolls)  # every roll pressed by a player
    pachisi = engine.get_game("pachisi")
    assert pachisi.replay(2, record.options, [r.move for r in rows]) == record.state
    await service.close()


async def test_a_four_player_pachisi_lobby(tmp_path):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        dan = fake.add_user("dan")
        users["dan"] = dan
        async with run_bot(fake, new_bot(tmp_path / "parlor.db")):
            rec = await fake.slash(
                users["ann"], games, "play", {"players": 4, "partners": "on"}, subcommand="pachisi"
            )
            lobby = (await rec.response()).message
            join = next(c for c in lobby.custom_ids if c.endswith(":join"))
            for name in ("ben", "cat", "dan"):
                await answer(await fake.click(users[name], lobby, join))
            thread = await fake.wait_for_thread(games, after=rec)
            turn = await fake.wait_for_message(thread, is_turn)
            seated = {u.id for u in users.values()}
            assert who(turn, users).id in seated  # roll-off and dice rolled: a player is pinged
            mover = None
            for _ in range(6):
                if turn.selects:
                    mover = who(turn, users)
                    assert mover.id in seated
                    (select,) = turn.selects
                    value = select["options"][0]["value"]
                    picked = fake.select(mover, turn, select["custom_id"], [value])
                    turn = await decide(fake, thread, turn, picked)
            assert mover is not None
        fake.assert_clean()
