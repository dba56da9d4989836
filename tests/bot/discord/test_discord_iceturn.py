"""Ice-Turn in chat, end to end over the fake Discord: a whole game played with the grouped
menus and the End / TIP buttons, where each turn keeps one message updated in place (new
board, points left, the turn so far) and the next turn gets a fresh board; /move in the middle
of a turn; a table of three through the lobby; /rules ice-turn."""

from __future__ import annotations

import random
import re

import engine
from bot.service.facade import Service
from tests.bot.answers import answer
from tests.bot.discord.chat import buttons, decide, start, who
from tests.bot.discord.world import new_bot, world
from tests.fakediscord import FakeDiscord, run_bot

GAME = engine.get_game("ice-turn")
POINTS_LEFT = re.compile(r"\*\*[0-9]+\*\* points? left")


def is_turn(message) -> bool:
    return bool(message.attachments) and "Ice-Turn" in message.content


def choices(turn) -> list[tuple[str, str, str]]:
    """Everything the player can pick: ``(custom_id, kind, value)``, kind "select"/"button"
    (Follow, for those who do not play, aside)."""
    found = [(s["custom_id"], "select", o["value"]) for s in turn.selects for o in s["options"]]
    found += [(cid, "button", label) for label, cid in buttons(turn).items() if label != "Follow"]
    return found


async def pick(fake, user, turn, rng):
    """``user`` picks at random on the turn message, ending the phase a third of the time."""
    options = choices(turn)
    ends = [c for c in options if c[2].startswith("End")]
    others = [c for c in options if not c[2].startswith("End") and "moves" not in c[2]]
    choice = rng.choice(ends) if ends and (not others or rng.random() < 0.3) else None
    choice = choice or rng.choice(others)
    custom_id, kind, value = choice
    if kind == "select":
        return await fake.select(user, turn, custom_id, [value])
    return await fake.click(user, turn, custom_id)


async def test_a_whole_ice_turn_game_in_chat_one_message_per_turn(tmp_path):
    db = tmp_path / "parlor.db"
    rng = random.Random(5)
    async with FakeDiscord() as fake:
        games, users = world(fake)
        async with run_bot(fake, new_bot(db)) as bot:
            # the game's seed (so its dice) fixed too: a game that a lucky roll ends early
            # would not reach the turns counted below
            bot.service.seats_rng = random.Random(5)
            rules = await answer(
                await fake.slash(users["cat"], games, "rules", {"game": "ice-turn"})
            )
            assert rules.ephemeral and "**Ice-Turn**" in rules.content
            thread, turn = await start(
                fake, games, users, game="ice-turn", first_turn=is_turn, round_limit="20"
            )
            assert "Tiles to place:" in turn.content  # the deal is done: seat 0 places
            assert {s["placeholder"] for s in turn.selects} <= {
                "Place a Q-Turner",
                "Place a double arrow north-south",
                "Place a double arrow east-west",
                "Place a single arrow pointing north",
                "Place a single arrow pointing east",
                "Place a single arrow pointing south",
                "Place a single arrow pointing west",
            }
            mover = who(turn, users)
            turns = steps = typed = 0
            seen_groups: set[str] = set()
            while "Game over" not in turn.content:  # (the last board carries Rematch)
                seen_groups |= {s["placeholder"] for s in turn.selects}
                if POINTS_LEFT.search(turn.content) and typed < 2 and turn.selects:
                    move = turn.selects[0]["options"][0]["value"]  # typed, not picked
                    old_image = turn.attachments[0].filename
                    said = await answer(await fake.slash(mover, thread, "move", {"move": move}))
                    assert said.ephemeral and said.content.startswith("Played")
                    typed += 1
                    edited = fake.message(turn.id)
                    if edited.components:  # still this player's turn: edited in place
                        assert "This turn: " in edited.content and move in edited.content
                        assert edited.attachments[0].filename != old_image
                        turn = edited
                        continue
                else:
                    before = len(fake.messages_in(thread))
                    old_image = turn.attachments[0].filename
                    got = await answer(await pick(fake, mover, turn, rng))
                    assert got.updated  # the turn message itself is updated
                    if got.components:  # the turn goes on, in the same message
                        assert len(fake.messages_in(thread)) == before
                        turn = fake.message(turn.id)
                        assert turn.attachments[0].filename != old_image  # a new board
                        assert turn.attachments[0].description.startswith("Ice-Turn")
                        assert "point" in turn.content or "Reactions" in turn.content
                        steps += 1
                        continue
                new = await fake.wait_for_message(thread, is_turn, after=turn)
                assert not fake.message(turn.id).components  # the old turn is closed
                turn, turns = new, turns + 1
                if "Game over" not in turn.content:
                    mover = who(turn, users)
                    assert "point" in turn.content or "Tiles to place" in turn.content
            assert "Game over" in turn.content
            assert "Game over" in turn.attachments[0].description
        fake.assert_clean()

    assert turns >= 16 + 40 - 1 and steps > 20 and typed == 2
    groups = {re.sub(r" \(\d+-\d+\)$", "", label) for label in seen_groups}  # chunks of 25
    assert {"Move a piece forward", "Turn a piece (1 point)", "React: turn a piece"} <= groups
    service = await Service.open(str(db))
    record = await service.game(1)
    assert record.over and record.state.outcome.reason.startswith("the round limit")
    rows = await service.history(1)
    replayed = GAME.replay(2, {"round_limit": 20}, [r.move for r in rows])
    assert replayed == record.state
    await service.close()


async def test_three_players_through_the_lobby(tmp_path):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        ann, ben, cat = users["ann"], users["ben"], users["cat"]
        async with run_bot(fake, new_bot(tmp_path / "parlor.db")):
            rec = await fake.slash(ann, games, "play", {"players": 3}, subcommand="ice-turn")
            lobby = (await rec.response()).message
            assert "**Ice-Turn** lobby" in lobby.content
            for user in (ben, cat):
                joined = await fake.click(user, fake.message(lobby.id), "parlor:lb:1:join")
                await answer(joined)
            thread = await fake.wait_for_thread(games, after=rec)
            turn = await fake.wait_for_message(thread, is_turn)
            placers = []
            for _ in range(16):  # the placement goes round the table from seat 0
                mover = who(turn, users)
                placers.append(mover.name)
                select = turn.selects[0]
                value = select["options"][0]["value"]
                turn = await decide(
                    fake, thread, turn, fake.select(mover, turn, select["custom_id"], [value])
                )
            assert placers[:3] == placers[3:6] and len(set(placers[:3])) == 3
            assert placers.count(placers[0]) == 6  # seat 0 held six tiles
            assert POINTS_LEFT.search(turn.content) and who(turn, users).name == placers[0]
            wrong = next(u for u in (ann, ben, cat) if u.name != placers[0])
            refused = await answer(await fake.click(wrong, turn, buttons(turn)["End movement"]))
            assert refused.ephemeral and "not your turn" in refused.content
        fake.assert_clean()


async def test_a_roll_button_table_rolls_into_the_same_turn_message(tmp_path):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        async with run_bot(fake, new_bot(tmp_path / "parlor.db")):
            thread, turn = await start(
                fake, games, users, game="ice-turn", first_turn=is_turn, roll="button"
            )
            assert "Tiles to place" in turn.content  # the deal needs no button: nobody's roll
            for _ in range(16):
                select = turn.selects[0]
                value = select["options"][-1]["value"]
                mover = who(turn, users)
                await answer(await fake.select(mover, turn, select["custom_id"], [value]))
                turn = await fake.wait_for_message(thread, is_turn, after=turn)
            assert set(buttons(turn)) == {"Roll", "Follow"} and "your turn to roll" in turn.content
            roller = who(turn, users)
            rolled = await answer(await fake.click(roller, turn, buttons(turn)["Roll"]))
            assert rolled.updated and rolled.components  # the same message, now to move
            turn = fake.message(turn.id)
            assert POINTS_LEFT.search(turn.content) and "End movement" in buttons(turn)
            assert len([m for m in fake.messages_in(thread) if is_turn(m)]) == 17
        fake.assert_clean()
