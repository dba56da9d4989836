"""Dice in chat, end to end: the bot rolls when the dice are due, or a table presses Roll; move
menus that do not fit one message are paged; /play carries a game's options.

The game is the throwaway "dice race" of ``tests/bot/dicegame.py``, registered in
``engine.GAMES`` before the bot is built, so it shows up in /play like any game.
"""

from __future__ import annotations

import threading

import pytest

import engine
import render
from bot.discord import table
from bot.service.facade import Service, draw_chance, roll_rng
from tests.bot import dicegame
from tests.bot.answers import answer
from tests.bot.discord.chat import buttons, is_turn, start, who
from tests.bot.discord.world import new_bot, world
from tests.fakediscord import FakeDiscord, run_bot
from tests.fakediscord.records import DEFERRED_UPDATE_MESSAGE


@pytest.fixture
def dice_race():
    with dicegame.registered() as game:
        yield game


async def test_the_bot_rolls_when_the_dice_are_due(tmp_path, dice_race):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        async with run_bot(fake, new_bot(tmp_path / "parlor.db")):
            thread, turn = await start(fake, games, users)
            assert "Roll" not in buttons(turn) and len(turn.selects) == 1
            assert [o["value"] for o in turn.selects[0]["options"]] == ["m1", "m2", "m3"]
            mover = who(turn, users)
            await answer(await fake.select(mover, turn, turn.selects[0]["custom_id"], ["m2"]))
            turn = await fake.wait_for_message(thread, is_turn, after=turn)
            assert "played **m2**. Rolled: roll " in turn.content
            assert who(turn, users) != mover
        fake.assert_clean()


async def test_a_table_that_presses_roll(tmp_path, dice_race):
    db = tmp_path / "parlor.db"
    async with FakeDiscord() as fake:
        games, users = world(fake)
        async with run_bot(fake, new_bot(db)):
            thread, turn = await start(fake, games, users, roll="button", width="130")
            roller = who(turn, users)
            other = next(u for n, u in users.items() if n != "cat" and u != roller)
            assert "your turn to roll" in turn.content and not turn.selects
            roll_id = buttons(turn)["Roll"]
            for stranger, text in ((users["cat"], "not playing"), (other, "not your turn")):
                refused = await answer(await fake.click(stranger, turn, roll_id))
                assert refused.ephemeral and text in refused.content
            typed = await answer(await fake.slash(roller, thread, "move", {"move": "m1"}))
            assert typed.ephemeral and "Roll the dice first" in typed.content
            done = await answer(await fake.click(roller, turn, roll_id))
            # the same turn: its message shows the dice and the moves in place, no new mention
            assert done.updated and done.message.id == turn.id and "Roll" not in buttons(done)
            turn = fake.message(turn.id)
            assert f"{roller.name} rolled **" in turn.content and f"<@{roller.id}>, your" in (
                turn.content
            )
            assert [m for m in fake.messages_in(thread) if is_turn(m)][-1].id == turn.id

            # 130 moves: 6 menus of at most 25, four on a page, with a button to the rest.
            first_page = [s["placeholder"] for s in turn.selects]
            assert first_page == [
                "Moves (1-25)",
                "Moves (26-50)",
                "Moves (51-75)",
                "Moves (76-100)",
            ]
            assert set(buttons(turn)) == {"More moves", "Follow"}
            refused = await answer(await fake.click(other, turn, buttons(turn)["More moves"]))
            assert refused.ephemeral and "not your turn" in refused.content
            paged = await answer(await fake.click(roller, turn, buttons(turn)["More moves"]))
            assert paged.updated
            turn = fake.message(turn.id)  # edited in place
            assert [s["placeholder"] for s in turn.selects] == [
                "Moves (101-125)",
                "Moves (126-130)",
            ]
            assert set(buttons(turn)) == {"Previous moves", "Follow"}
            last = turn.selects[1]
            await answer(await fake.select(roller, turn, last["custom_id"], ["m130"]))
            turn = await fake.wait_for_message(thread, is_turn, after=turn)
            assert "played **m130**" in turn.content
            assert who(turn, users) == other and "your turn to roll" in turn.content

        # After a restart the Roll button still works, and /move roll rolls too.
        async with run_bot(fake, new_bot(db)):
            choices = await fake.autocomplete(other, thread, "move", "move", "")
            assert [c["value"] for c in choices] == ["roll"]
            done = await answer(await fake.slash(other, thread, "move", {"move": "roll"}))
            assert done.ephemeral  # and the turn message shows the dice, in place
            turn = fake.message(turn.id)
            assert "rolled **" in turn.content and len(turn.selects) == 4
        fake.assert_clean()

    service = await Service.open(str(db))
    record = await service.game(1)
    rows = await service.history(1)
    # Rolls pressed by hand are chance moves in the record, drawn from the game's seed exactly
    # as the bot would have drawn them, and the record replays to the stored state.
    assert [r.seat for r in rows] == [engine.CHANCE, 0, engine.CHANCE]
    assert [r.user_id for r in rows] == [record.players[0].user_id] * 2 + [
        record.players[1].user_id
    ]
    first = dice_race.new_game(2, record.options)
    assert rows[0].move == str(draw_chance(first, roll_rng(record.seed, 0)))
    assert dice_race.replay(2, record.options, [r.move for r in rows]) == record.state
    await service.close()


async def test_play_offers_the_games_options_and_checks_them(tmp_path, dice_race):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        async with run_bot(fake, new_bot(tmp_path / "parlor.db")):
            play = next(c for c in fake.commands if c["name"] == "play")
            race = next(o for o in play["options"] if o["name"] == "dice-race")
            params = {o["name"]: o for o in race["options"]}
            assert [c["value"] for c in params["target"]["choices"]] == ["10", "20"]
            assert [c["value"] for c in params["roll"]["choices"]] == ["bot", "button"]
            assert not params["target"].get("required")
            # 2-4 players: without an opponent /play opens a lobby of ``players`` seats.
            assert not params["opponent"].get("required")
            assert [c["value"] for c in params["players"]["choices"]] == [2, 3, 4]
            ice = next(o for o in play["options"] if o["name"] == "icesickle")
            ice_params = {o["name"]: o for o in ice["options"]}
            assert "roll" not in ice_params  # no dice, no Roll button
            assert "players" not in ice_params  # two players only: no lobby
            # the opponent is a person, or Parlor at a level (ai), so neither is required
            assert not ice_params["opponent"].get("required")
            assert [c["value"] for c in ice_params["ai"]["choices"]] == ["easy", "medium", "hard"]
            assert [c["value"] for c in ice_params["hints"]["choices"]] == ["on", "off"]
            await start(fake, games, users, target="20")
        fake.assert_clean()
    service = await Service.open(str(tmp_path / "parlor.db"))
    record = await service.game(1)
    assert record.options == {"target": 20, "width": 3}
    assert record.settings == {"roll": "bot", "clock": "3d", "clock_mode": "soft"}
    await service.close()


async def test_a_click_that_reaches_the_bot_late_is_acknowledged_at_once(tmp_path, dice_race):
    """A click Discord made 1.1 s before it reached the bot (a burst, a busy machine) has no
    grace left for its answer to be ready: it is acknowledged at once (a deferred update),
    however quickly its move is decided, and the turn message is then edited. Its grace ends
    ``ACK_BY`` after Discord made it, so no click waits on its answer into Discord's 3 s."""
    async with FakeDiscord() as fake:
        games, users = world(fake)
        async with run_bot(fake, new_bot(tmp_path / "parlor.db")):
            _, turn = await start(fake, games, users, roll="button")
            late = table.ACK_BY + 0.1
            rec = await fake.click(who(turn, users), turn, buttons(turn)["Roll"], age=late)
            first = await rec.response()
            assert first.type == DEFERRED_UPDATE_MESSAGE
            done = await answer(rec)
            assert done.updated and done.message.id == turn.id and "Roll" not in buttons(done)
            assert fake.message(turn.id).selects  # the moves, once rolled
        fake.assert_clean()


async def test_a_click_is_acknowledged_before_its_board_is_drawn(tmp_path, dice_race):
    """Roll is decided at once, but its board (the same turn message, updated in place) takes
    long to draw: the click is acknowledged first (a deferred update), while the drawing is
    still held, and the message is edited once the board is drawn. No interaction is ever
    answered late, however slow the drawing."""
    held = threading.Event()
    draw = render.RENDERERS[dicegame.KEY]

    def slow_image(state, **kwargs) -> bytes:
        if state.die is not None:  # the board after the roll: drawn once the test says so
            held.wait(60)
        return draw.image(state, **kwargs)

    async with FakeDiscord() as fake:
        games, users = world(fake)
        async with run_bot(fake, new_bot(tmp_path / "parlor.db")):
            _, turn = await start(fake, games, users, roll="button")
            assert not turn.selects  # Roll first
            render.register(dicegame.KEY, slow_image, draw.alt_text)
            try:
                rec = await fake.click(who(turn, users), turn, buttons(turn)["Roll"])
                first = await rec.response()
                assert first.type == DEFERRED_UPDATE_MESSAGE and not held.is_set()
            finally:
                held.set()
            done = await answer(rec)
            assert done.updated and done.message.id == turn.id and "Roll" not in buttons(done)
            assert fake.message(turn.id).selects  # the moves, once rolled
        fake.assert_clean()
