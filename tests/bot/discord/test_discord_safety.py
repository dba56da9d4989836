"""Safety and recovery over the fake Discord: forged components, stale boards, every board
closed after a move, answers within Discord's limits, the thread's game, failures answered,
boards posted again after a crash, a full disk, and bursts of clicks."""

from __future__ import annotations

import asyncio
import copy
import random

import engine
from bot.service.records import Player
from tests.bot.answers import answer
from tests.bot.discord.chat import icesickle, is_board, pick, select_values, who
from tests.bot.discord.world import new_bot, world
from tests.bot.disk import fill_the_disk, free_the_disk
from tests.bot.turns import following
from tests.fakediscord import FakeDiscord, run_bot
from tests.fakediscord.interactions import MESSAGE_COMPONENT


async def forge(fake, user, board, custom_id: str, value: str):
    """A menu carrying ``custom_id`` (another game's, an older board's) placed on ``board`` in
    place of its first menu, and ``user`` picking ``value`` from it."""
    first = board.selects[0]
    for row in fake.message(board.id).components:
        for component in row["components"]:
            if component.get("custom_id") == first["custom_id"]:
                component["custom_id"] = custom_id
                component["options"] = [{"label": value, "value": value}]
    return await fake.select(user, board, custom_id, [value])


async def test_a_forged_menu_from_another_game_changes_nothing(tmp_path):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        async with run_bot(fake, new_bot(tmp_path / "parlor.db")) as bot:
            _, board_a = await icesickle(fake, games, users["ann"], users["ben"])
            _, board_b = await icesickle(fake, games, users["ann"], users["cat"])
            (menu_b, *_) = select_values(board_b)
            actor = who(board_b, users)
            got = await answer(await forge(fake, actor, board_a, menu_b, "L@c3"))
            assert got.ephemeral and "does not belong to this board" in got.content
            assert fake.message(board_a.id).selects  # the menus are still there
            assert fake.message(board_b.id).selects == board_b.selects
            assert (await bot.service.game(2)).version == 0  # nothing played in game B
            assert (await bot.service.game(1)).version == 0
        fake.assert_clean()


async def test_a_forged_menu_on_a_message_outside_its_games_thread_changes_nothing(tmp_path):
    """A message stored as no board (here the challenge, in the channel) is taken for what its
    control says only in that game's own thread: elsewhere the control is refused."""
    async with FakeDiscord() as fake:
        games, users = world(fake)
        async with run_bot(fake, new_bot(tmp_path / "parlor.db")) as bot:
            rec = await fake.slash(
                users["ann"], games, "play", {"opponent": users["ben"]}, subcommand="icesickle"
            )
            challenge = (await rec.response()).message
            await answer(await fake.click(users["ben"], challenge, challenge.custom_ids[0]))
            thread = await fake.wait_for_thread(games, after=rec)
            board = await fake.wait_for_message(thread, is_board)
            menu = copy.deepcopy(board.selects[0])  # the current board's, as it is
            value = menu["options"][0]["value"]
            fake.message(challenge.id).components = [{"type": 1, "components": [menu]}]
            got = await answer(
                await fake.select(who(board, users), challenge, menu["custom_id"], [value])
            )
            assert got.ephemeral and "does not belong to this board" in got.content
            assert (await bot.service.game(1)).version == 0
            assert fake.message(board.id).selects == board.selects
        fake.assert_clean()


async def test_a_stale_board_by_the_player_on_turn_is_refused_with_a_link(tmp_path):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        rng = random.Random(3)
        async with run_bot(fake, new_bot(tmp_path / "parlor.db")):
            thread, first = await icesickle(fake, games, users["ann"], users["ben"])
            board = first
            stale_id = sorted(select_values(first))[0]  # version 0
            first_mover = who(first, users)
            for _ in range(2):  # one move each: the first mover is on turn again
                await answer(await pick(fake, who(board, users), board, rng))
                board = await fake.wait_for_message(thread, is_board, after=board)
            mover = who(board, users)
            assert mover == first_mover
            got = await answer(await forge(fake, mover, board, stale_id, "L@e5"))
            assert got.ephemeral and "That board is out of date; nothing was played" in got.content
            guild = fake.world.channels[games.id].guild_id
            assert f"https://discord.com/channels/{guild}/{thread.id}/{board.id}" in got.content
            assert "not your turn" not in got.content
            assert fake.message(board.id).selects
        fake.assert_clean()


async def test_every_move_closes_the_board_before_it(tmp_path):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        rng = random.Random(4)
        async with run_bot(fake, new_bot(tmp_path / "parlor.db")) as bot:
            thread, board = await icesickle(fake, games, users["ann"], users["ben"])
            for _ in range(3):  # /move leaves no live menus behind
                options = select_values(board)
                move = rng.choice(options[rng.choice(sorted(options))])
                said = await answer(
                    await fake.slash(who(board, users), thread, "move", {"move": move})
                )
                assert said.content == f"Played {move}."
                after = await fake.wait_for_message(thread, is_board, after=board)
                assert not fake.message(board.id).custom_ids
                board = after
            # /resign ends the game: the last board has no menus either, only Rematch
            said = await answer(await fake.slash(users["ann"], thread, "resign"))
            assert said.ephemeral and said.content == "You resigned game #1."
            last = await fake.wait_for_message(thread, is_board, after=board)
            assert "Game over" in last.content and last.custom_ids == ["parlor:re:1"]
            assert not fake.message(board.id).custom_ids
            boards = [m for m in fake.messages_in(thread) if is_board(m)]
            assert [m.id for m in boards if m.custom_ids] == [last.id]

            # In the finished game's thread, /board and /history mean that game; the board
            # shown is the one just posted, not drawn again
            drawn = bot.boards.drawn
            shown = await answer(await fake.slash(users["ann"], thread, "board"))
            assert shown.ephemeral and "#1" in shown.content and shown.attachments
            assert shown.attachments[0].data == last.attachments[0].data
            assert bot.boards.drawn == drawn
            history = await answer(await fake.slash(users["ben"], thread, "history"))
            assert history.ephemeral and "#1" in history.content and "1. " in history.content
            outside = await answer(await fake.slash(users["ann"], games, "board"))
            assert outside.content == "You have no active games."
        fake.assert_clean()


async def test_answers_stay_within_discords_limits(tmp_path):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        async with run_bot(fake, new_bot(tmp_path / "parlor.db")) as bot:
            thread, board = await icesickle(fake, games, users["ann"], users["ben"])
            mover = who(board, users)
            for text in ("S@" + "c3" * 2990, "S@a9" + "!" * 90, "9" * 4400):
                said = await answer(await fake.slash(mover, thread, "move", {"move": text}))
                assert said.ephemeral and said.content.startswith("Not played:")
                assert len(said.content) <= 300, said.content
            # 40 games with long names: /games lists what fits and says how many more
            ann = users["ann"]
            guild = fake.world.channels[games.id].guild_id
            for n in range(40):
                other = Player(1000 + n, "B" * 30)
                challenge = await bot.service.challenge(
                    "icesickle",
                    Player(ann.id, ann.name),
                    other,
                    guild_id=guild,
                    channel_id=games.id,
                )
                await bot.service.accept(challenge.id, other)
            listed = await answer(await fake.slash(ann, games, "games"))
            assert len(listed.content) <= 2000
            lines = listed.content.split("\n")
            assert lines[-1].endswith(" more") and "and" in lines[-1]
            shown = len(lines) - 1
            assert lines[-1] == f"\N{HORIZONTAL ELLIPSIS} and {41 - shown} more"
        fake.assert_clean()


async def test_an_unexpected_failure_is_answered_and_logged(tmp_path, caplog):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        async with run_bot(fake, new_bot(tmp_path / "parlor.db")) as bot:
            thread, board = await icesickle(fake, games, users["ann"], users["ben"])
            async with bot.service.storage.transaction() as db:  # a damaged record
                await db.execute("UPDATE games SET snapshot = '{\"broken\": 1}' WHERE id = 1")
            said = await answer(await fake.slash(users["ann"], thread, "board"))
            assert said.ephemeral and "Something went wrong on Parlor's side" in said.content
            clicked = await answer(await pick(fake, who(board, users), board, random.Random()))
            assert clicked.ephemeral and "Something went wrong" in clicked.content
            logged = [r for r in caplog.records if r.name == "parlor" and r.levelname == "ERROR"]
            assert len(logged) == 2 and all(r.exc_info for r in logged)
            assert "(board)" in logged[0].getMessage()
        fake.assert_clean()


async def test_a_restart_posts_the_boards_a_crash_left_behind_once(tmp_path):
    db = tmp_path / "parlor.db"
    async with FakeDiscord() as fake:
        games, users = world(fake)
        async with run_bot(fake, new_bot(db)) as bot:
            thread, board = await icesickle(fake, games, users["ann"], users["ben"])
            # The move is committed, then the bot dies before it posts the next board.
            mover = who(board, users)
            await bot.service.play(1, mover.id, "L@c3")
        async with run_bot(fake, new_bot(db)):
            again = await fake.wait_for_message(thread, is_board, after=board)
            assert "after a restart" in again.content and "L@c3" not in select_values(again)
            assert again.selects and not fake.message(board.id).custom_ids
            await answer(await pick(fake, who(again, users), again, random.Random(1)))
            after = await fake.wait_for_message(thread, is_board, after=again)
        async with run_bot(fake, new_bot(db)):
            await asyncio.sleep(0.3)  # nothing is behind now: no board is posted again
            assert [m for m in fake.messages_in(thread) if is_board(m)][-1].id == after.id
        fake.assert_clean()


async def test_a_board_on_its_way_is_not_posted_again_as_a_crash_leftover(tmp_path):
    """A process takes clicks before it is ready: a move it committed since it started, whose
    board is still on its way, is no crash's leftover. The restart's pass posts nothing for it
    (else the board the player just got would lose its menus to a second one)."""
    async with FakeDiscord() as fake:
        games, users = world(fake)
        async with run_bot(fake, new_bot(tmp_path / "parlor.db")) as bot:
            thread, board = await icesickle(fake, games, users["ann"], users["ben"])
            await bot.service.play(1, who(board, users).id, "L@c3")  # its board: next
            assert [g.id for g in await bot.service.games_behind()] == [1]
            assert await bot.table.repost_behind() == 0
            assert [m.id for m in fake.messages_in(thread) if is_board(m)] == [board.id]
            assert fake.message(board.id).selects
        fake.assert_clean()


async def test_a_game_stuck_before_its_first_roll_is_rolled_and_posted(tmp_path):
    db = tmp_path / "parlor.db"
    async with FakeDiscord() as fake:
        games, users = world(fake)
        async with run_bot(fake, new_bot(db)) as bot:
            rec = await fake.slash(
                users["ann"], games, "play", {"opponent": users["ben"]}, subcommand="pachisi"
            )
            challenge = (await rec.response()).message
            await answer(await fake.click(users["ben"], challenge, challenge.custom_ids[0]))
            thread = await fake.wait_for_thread(games, after=rec)
            board = await fake.wait_for_message(thread, is_board)
            fresh = engine.get_game("pachisi").new_game(2).position_json()
            async with bot.service.storage.transaction() as conn:  # as an older Parlor left it
                await conn.execute("DELETE FROM moves")
                await conn.execute(
                    "UPDATE games SET snapshot = ?, version = 1, to_act = NULL", (fresh,)
                )
            listed = await answer(await fake.slash(users["ann"], games, "games"))
            assert "waiting for the dice" in listed.content
        async with run_bot(fake, new_bot(db)):
            again = await fake.wait_for_message(thread, is_board, after=board)
            assert "your turn" in again.content and again.mention_ids
            listed = await answer(await fake.slash(users["ann"], games, "games"))
            assert "#1" in listed.content and "waiting for the dice" not in listed.content
        fake.assert_clean()


async def test_a_full_disk_is_answered_and_play_resumes(tmp_path):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        rng = random.Random(6)
        async with run_bot(fake, new_bot(tmp_path / "parlor.db")) as bot:
            thread, board = await icesickle(fake, games, users["ann"], users["ben"], "pachisi")
            await fill_the_disk(bot.service.storage)
            for _ in range(300):
                edits = len(board.revisions)
                got = await answer(await pick(fake, who(board, users), board, rng))
                if not got.updated:
                    break
                board = await following(fake, thread, board, edits)
            assert got.ephemeral
            assert got.content == (
                "Not played: Couldn't save right now; nothing was played. Try again in a moment."
            )
            assert board.selects == fake.message(board.id).selects  # still playable
            await free_the_disk(bot.service.storage)
            edits = len(board.revisions)
            done = await answer(await pick(fake, who(board, users), board, rng))
            assert done.updated
            await following(fake, thread, board, edits)
        fake.assert_clean()


async def test_a_burst_of_clicks_is_acknowledged_at_once_and_plays_one_move(tmp_path):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        async with run_bot(fake, new_bot(tmp_path / "parlor.db")):
            thread, board = await icesickle(fake, games, users["ann"], users["ben"])
            mover = who(board, users)
            (menu, *_) = select_values(board)
            clicks = [
                fake._send(
                    MESSAGE_COMPONENT,
                    who,
                    fake.channel(board.channel_id),
                    {"custom_id": menu, "component_type": 3, "values": [value]},
                    message=board,
                )
                for who in (mover, users["cat"])
                for value in select_values(board)[menu][:20]
            ]
            recs = await asyncio.gather(*clicks)
            answers = await asyncio.gather(*(answer(rec) for rec in recs))
            # each answered once, in time: by the answer itself (7: the board updated; 4: a
            # refusal) when the move is decided at once, else acknowledged first (6)
            assert all(
                len(rec.callbacks) == 1 and rec.callbacks[0].type in (4, 6, 7) for rec in recs
            )
            assert sum(a.updated for a in answers) == 1
            assert not fake.late_interactions
            await fake.wait_for_message(thread, is_board, after=board)
        fake.assert_clean()


async def test_typing_in_a_field_has_its_own_rate_limit(tmp_path):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        bot = new_bot(tmp_path / "parlor.db")
        bot.typing_limit = (5, 60.0)
        async with run_bot(fake, bot):
            thread, board = await icesickle(fake, games, users["ann"], users["ben"])
            mover = who(board, users)
            got = [await fake.autocomplete(mover, thread, "move", "move", "S@a") for _ in range(6)]
            assert all(len(g) == 5 for g in got[:5]) and got[5] == []
            other = users["cat"] if mover != users["cat"] else users["ann"]
            assert await fake.autocomplete(other, games, "board", "game", "") == []
        fake.assert_clean()
