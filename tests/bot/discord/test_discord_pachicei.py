"""Pach-Ice-i in chat, end to end over the fake Discord: a whole game played with the menus
and /move, an illegal /move refused with the engine's reason, and /rules pach-ice-i."""

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


async def test_a_whole_pach_ice_i_game_in_chat(tmp_path):
    db = tmp_path / "parlor.db"
    rng = random.Random(8)
    async with FakeDiscord() as fake:
        games, users = world(fake)
        async with run_bot(fake, new_bot(db)):
            rules = await answer(
                await fake.slash(users["cat"], games, "rules", {"game": "pach-ice-i"})
            )
            assert rules.ephemeral and "**Pach-Ice-i**" in rules.content
            thread, turn = await start(fake, games, users, game="pach-ice-i", first_turn=is_turn)
            assert "Rolled: roll" not in turn.content  # the first roll is on the board image
            assert turn.attachments[0].description.startswith("Pach-Ice-i")
            decisions = refused = typed = 0
            while turn.selects or "Game over" not in turn.content:
                mover = who(turn, users)
                options = [o["value"] for s in turn.selects for o in s["options"]]
                if not refused:  # a piece that is not there: the engine's reason, nothing changes
                    bad = await answer(await fake.slash(mover, thread, "move", {"move": "c3+99"}))
                    assert bad.ephemeral and bad.content.startswith("Not played:")
                    refused += 1
                if decisions % 25 == 7:  # now and then typed instead of picked
                    move = rng.choice(options)
                    acting = fake.slash(mover, thread, "move", {"move": move})
                    typed += 1
                else:
                    select = rng.choice(turn.selects)
                    move = rng.choice([o["value"] for o in select["options"]])
                    acting = fake.select(mover, turn, select["custom_id"], [move])
                decisions += 1
                turn = await decide(fake, thread, turn, acting)
            assert "Game over" in turn.content and list(buttons(turn)) == ["Rematch"]
            assert "Game over" in turn.attachments[0].description
        fake.assert_clean()

    service = await Service.open(str(db))
    record = await service.game(1)
    assert record.over and decisions > 50 and typed and refused
    rows = await service.history(1)
    assert engine.get_game("pach-ice-i").replay(2, {}, [r.move for r in rows]) == record.state
    await service.close()
