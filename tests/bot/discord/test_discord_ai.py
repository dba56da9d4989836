"""Playing Parlor over the fake Discord: a game from ``/play ... ai:hard`` to its result, a
lobby with two AIs, Parlor playing for a player whose time ran out until they are back,
``/hint``, and a restart while an AI's move is due."""

from __future__ import annotations

import json
import time

import pytest

from bot.discord import client as app
from bot.service.clocks import DAY
from bot.service.facade import Service
from tests.bot.answers import answer
from tests.bot.discord.chat import buttons, click, start, who
from tests.bot.discord.world import Moment, after, world
from tests.bot.discord.world import new_bot as world_bot
from tests.bot.turns import following, mentioned
from tests.fakediscord import FakeDiscord, run_bot
from tests.fakediscord.records import DEFERRED_CHANNEL_MESSAGE


@pytest.fixture(autouse=True)
def no_second_look(monkeypatch):
    """No look for AI turns but those the bot is woken for: the turn it posts wakes it."""
    monkeypatch.setattr(app, "AI_LOOK", 3600.0)


def new_bot(db_path, ai_delay: float = 0.0, clock=None):
    """The bot (``world.new_bot``), Parlor's moves due ``ai_delay`` after its turn."""
    return world_bot(db_path, clock=clock, ai_delay=ai_delay)


def is_turn(message) -> bool:
    return bool(message.attachments)


def first_move(message) -> tuple[str, str]:
    """The first move of the turn message's first menu: (its menu's id, the move)."""
    select = message.selects[0]
    return select["custom_id"], select["options"][0]["value"]


async def players_turn(fake, thread, user, since=None):
    """The next turn message that asks ``user`` to move, or the one that ends the game."""

    def found():
        turns = [m for m in fake.messages_in(thread) if is_turn(m)]
        if since is not None:
            turns = [m for m in turns if m.id > since.id]
        for message in reversed(turns):
            if "Game over" in message.content:
                return message
            if user.id in mentioned(message) and message.selects:
                return message
        return None

    return await fake.wait_until(found, f"{user.name}'s turn", timeout=120)


async def humans_turn(fake, thread, humans, since):
    """The next turn message after ``since`` that asks one of ``humans`` to move."""
    ids = {u.id for u in humans}

    def found():
        later = [m for m in fake.messages_in(thread) if is_turn(m) and m.id > since.id]
        return next((m for m in later if m.selects and ids & set(mentioned(m))), None)

    return await fake.wait_until(found, "a player's turn", timeout=60)


async def parlor_thinking(fake, games, ann):
    """Ann plays IceSickle against Parlor (easy) until Parlor's turn comes: the game's thread
    and the board saying Parlor is thinking."""
    rec = await fake.slash(ann, games, "play", {"ai": "easy"}, subcommand="icesickle")
    await rec.response()
    thread = await fake.wait_for_thread(games, after=rec)
    first = await fake.wait_for_message(thread, is_turn)
    if ann.id in mentioned(first):
        menu, move = first_move(first)
        await answer(await fake.select(ann, first, menu, [move]))
    return thread, await fake.wait_for_message(thread, lambda m: "is thinking" in m.content)


async def test_a_game_against_parlor_from_play_to_the_result(tmp_path):
    db = tmp_path / "parlor.db"
    async with FakeDiscord() as fake:
        games, users = world(fake)
        ann = users["ann"]
        bot = new_bot(db)
        async with run_bot(fake, bot):
            rec = await fake.slash(ann, games, "play", {"ai": "hard"}, subcommand="icesickle")
            began = await answer(rec)
            assert "plays Parlor (hard)" in began.content and "The game is on in" in began.content
            thread = await fake.wait_for_thread(games, after=rec)
            turn = await players_turn(fake, thread, ann)
            assert "Parlor (hard)" in turn.content.splitlines()[0]
            for options, refusal in (
                ({"ai": "easy", "opponent": users["ben"]}, "Choose one opponent"),
                ({}, "Name your opponent"),
            ):
                rec = await fake.slash(ann, games, "play", options, subcommand="icesickle")
                said = await answer(rec)
                assert said.ephemeral and refusal in said.content
            rec = await fake.slash(ann, games, "play", {"ai": "hard", "players": 4},
                                   subcommand="pachisi")  # fmt: skip
            said = await answer(rec)
            assert said.ephemeral and "press **Add AI**" in said.content
            bot.service.games_per_user = 1
            rec = await fake.slash(ann, games, "play", {"ai": "easy"}, subcommand="icesickle")
            said = await answer(rec)
            assert said.ephemeral and "You already play 1 active games" in said.content
            bot.service.games_per_user = 50
            moves = 0
            while "Game over" not in turn.content:
                if moves == 0:
                    asked = await fake.slash(ann, thread, "hint", {})
                    # deferred first: the hard level may think past Discord's 3 s
                    assert (await asked.response()).type == DEFERRED_CHANNEL_MESSAGE
                    # then the answer, which may take the hard level's thinking time (2.5 s
                    # of CPU) and more on a loaded machine: a deferred answer has 15 minutes
                    hint = await answer(asked, timeout=60)
                    assert hint.ephemeral and hint.content.startswith("Parlor would play **")
                menu, move = first_move(turn)
                edits = len(fake.message(turn.id).revisions)
                await answer(await fake.select(ann, turn, menu, [move]))
                moves += 1
                # IceSickle's second round may begin with the player who ended the first: the
                # turn goes on in place then (the hard level's moves vary with a busy CPU)
                nxt = await following(fake, thread, turn, edits)
                turn = nxt if nxt.id == turn.id else await players_turn(fake, thread, ann, turn)
            assert "Parlor (hard)" in turn.content and ann.id in mentioned(turn)
            said = fake.messages_in(thread)
            thinking = [m for m in said if any("is thinking" in r["content"] for r in m.revisions)]
            # nothing to pick while it thought; then the board says what it played
            assert thinking and all(not m.revisions[0]["components"] for m in thinking)
            assert all("Parlor (hard) played **" in m.content for m in thinking)
            assert not any("is thinking" in m.content for m in said[:-1])
            assert all(m.mention_ids in ([], [ann.id]) for m in fake.messages_in(thread))
        fake.assert_clean()
    service = await Service.open(str(db))
    try:
        record = await service.game(1)
        assert record.over and any(p.ai == "hard" for p in record.players)
    finally:
        await service.close()


async def test_a_four_player_lobby_with_two_ais_added_by_the_host(tmp_path):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        ann, ben = users["ann"], users["ben"]
        async with run_bot(fake, new_bot(tmp_path / "parlor.db")):
            rec = await fake.slash(ann, games, "play", {"players": 4}, subcommand="pachisi")
            lobby = (await rec.response()).message
            assert "Add AI" in buttons(lobby)
            refused = await click(fake, ben, lobby, "Add AI")
            assert refused.ephemeral and "Only the host" in refused.content
            await click(fake, ben, lobby, "Join")
            for level in ("easy", "medium"):
                menu = await click(fake, ann, lobby, "Add AI")
                assert menu.ephemeral and menu.message.selects
                await answer(await fake.select(ann, menu.message, menu.custom_ids[0], [level]))
            thread = await fake.wait_for_thread(games, after=rec)
            turn = await fake.wait_for_message(thread, is_turn)
            names = turn.content.splitlines()[0]
            assert "Parlor (easy)" in names and "Parlor 2 (medium)" in names
            if not any(u.id in mentioned(turn) for u in (ann, ben)):  # Parlor goes first
                turn = await humans_turn(fake, thread, (ann, ben), turn)
            # the humans play their turns; Parlor's come by themselves
            for _ in range(6):
                mover = next(u for u in (ann, ben) if u.id in mentioned(turn))
                menu, move = first_move(turn)
                edits = len(fake.message(turn.id).revisions)
                await answer(await fake.select(mover, turn, menu, [move]))
                turn = await following(fake, thread, turn, edits)
                if not any(u.id in mentioned(turn) for u in (ann, ben)):
                    turn = await humans_turn(fake, thread, (ann, ben), turn)
            played = "\n".join(m.content for m in fake.messages_in(thread))
            assert "Parlor (easy)" in played and "Parlor 2 (medium)" in played
            assert " played **" in played
        fake.assert_clean()


async def test_parlor_plays_for_a_player_out_of_time_until_they_are_back(tmp_path):
    clock = Moment()
    async with FakeDiscord() as fake:
        games, users = world(fake)
        bot = new_bot(tmp_path / "parlor.db", clock=clock)
        async with run_bot(fake, bot):
            began = clock.now
            thread, turn = await start(fake, games, users, game="icesickle", clock="1d")
            late = who(turn, users)
            other = next(u for u in (users["ann"], users["ben"]) if u != late)
            hint = await answer(await fake.slash(late, thread, "hint", {}))
            assert hint.ephemeral and "Hints are off at this table" in hint.content
            clock.now = began + DAY
            await bot.sweep()
            turn = fake.message(turn.id)
            stand_in = buttons(turn)[f"Let Parlor play for {late.name}"]
            own = await answer(await fake.click(late, turn, stand_in))
            assert own.ephemeral and "make your move instead" in own.content
            await answer(await fake.click(other, turn, stand_in))
            # the absent player's turn stays theirs for a grace: their menus, a mention
            grace = await players_turn(fake, thread, late, since=turn)
            posted = grace.content
            assert late.id in mentioned(grace) and grace.selects and "I'm back" in buttons(grace)
            assert "Parlor plays it for you <t:" in grace.content
            # then Parlor's turn for them, and the other player's, with I'm back
            clock.now += bot.service.stand_in_grace
            await bot.sweep()
            nxt = await players_turn(fake, thread, other, since=grace)
            said = "\n".join(m.content for m in after(fake, thread, turn))
            assert f"let Parlor play for {late.name}" in posted
            assert f"Parlor (for {late.name}) played **" in said
            grace = fake.message(grace.id)  # edited into Parlor's move, controls gone
            assert f"Parlor (for {late.name}) played **" in grace.content
            assert not grace.components
            assert other.id in mentioned(nxt) and "I'm back" in buttons(nxt)
            stranger = await answer(await fake.click(other, nxt, buttons(nxt)["I'm back"]))
            assert stranger.ephemeral and "playing your own seat already" in stranger.content
            await answer(await fake.click(late, nxt, buttons(nxt)["I'm back"]))
            back = await fake.wait_until(
                lambda: next(
                    (m for m in after(fake, thread, nxt) if f"{late.name} is back" in m.content),
                    None,
                ),
                "the player back",
            )
            assert other.id in mentioned(back) and "I'm back" not in buttons(back)
        fake.assert_clean()


async def test_a_restart_while_parlors_move_is_due(tmp_path):
    db = tmp_path / "parlor.db"
    clock = Moment()
    async with FakeDiscord() as fake:
        games, users = world(fake)
        ann = users["ann"]
        # Parlor's move is due an hour after its turn
        bot = new_bot(db, ai_delay=3600, clock=clock)
        async with run_bot(fake, bot):
            thread, waiting = await parlor_thinking(fake, games, ann)
        clock.now += 3600  # the bot was down when it came due
        bot = new_bot(db, ai_delay=3600, clock=clock)
        async with run_bot(fake, bot):  # the restart plays it by itself
            turn = await players_turn(fake, thread, ann, since=waiting)
            assert "Parlor (easy) played **" in turn.content
        fake.assert_clean()
    assert time.time() < clock.now  # the hour passed on the bot's clock only


async def test_a_restart_plays_at_once_the_move_parlor_was_thinking_about(tmp_path):
    """The bot stopped holding Parlor's turn (taken, never played): the next run takes the
    turn over as it starts, without waiting out the dead run's lease, and the board that said
    Parlor is thinking now says what it played."""
    db = tmp_path / "parlor.db"
    clock = Moment()
    async with FakeDiscord() as fake:
        games, users = world(fake)
        ann = users["ann"]
        bot = new_bot(db, ai_delay=3600, clock=clock)
        async with run_bot(fake, bot):
            thread, waiting = await parlor_thinking(fake, games, ann)
            clock.now += 3600
            taken = await bot.service.ai.due()  # taken, as the bot stopped: never played
            assert len(taken) == 1
        # the same moment: the dead run's lease holds a minute
        bot = new_bot(db, ai_delay=3600, clock=clock)
        async with run_bot(fake, bot):
            turn = await players_turn(fake, thread, ann, since=waiting)
            assert "Parlor (easy) played **" in turn.content
        fake.assert_clean()
    played = fake.message(waiting.id)
    assert "is thinking" not in played.content and "Parlor (easy) played **" in played.content
    assert not played.components and played.attachments


async def test_an_absent_player_takes_the_seat_back_by_playing_their_turn(tmp_path):
    """While Parlor plays for a player, each of their turns still offers them their menus for
    a grace: playing one takes the seat back (nobody waits for them again, no I'm back).
    ``/history`` marks the moves Parlor played for them as Parlor's, in text and in JSON."""
    clock = Moment()
    async with FakeDiscord() as fake:
        games, users = world(fake)
        bot = new_bot(tmp_path / "parlor.db", clock=clock)
        async with run_bot(fake, bot):
            thread, turn = await start(fake, games, users, game="icesickle", clock="1d")
            late = who(turn, users)
            other = next(u for u in (users["ann"], users["ben"]) if u != late)
            clock.now += DAY
            await bot.sweep()
            turn = fake.message(turn.id)
            stand_in = buttons(turn)[f"Let Parlor play for {late.name}"]
            await answer(await fake.click(other, turn, stand_in))
            grace = await players_turn(fake, thread, late, since=turn)
            clock.now += bot.service.stand_in_grace  # Parlor plays this one for them
            await bot.sweep()
            theirs = await players_turn(fake, thread, other, since=grace)
            menu, move = first_move(theirs)
            await answer(await fake.select(other, theirs, menu, [move]))
            mine = await players_turn(fake, thread, late, since=theirs)
            assert "Parlor plays it for you" in mine.content
            menu, move = first_move(mine)  # within the grace: the player plays it
            await answer(await fake.select(late, mine, menu, [move]))
            back = await players_turn(fake, thread, other, since=mine)
            assert f"{late.name} played **" in back.content and "I'm back" not in buttons(back)
            clock.now += bot.service.stand_in_grace
            await bot.sweep()
            menu, move = first_move(back)
            await answer(await fake.select(other, back, menu, [move]))
            again = await players_turn(fake, thread, late, since=back)
            assert "Parlor plays it for you" not in again.content  # their own seat again
            assert "Parlor" not in "\n".join(m.content for m in after(fake, thread, mine))

            text = await answer(await fake.slash(other, thread, "history", {"file": True}))
            lines = text.content.split("\n")[1]
            record = json.loads(text.attachments[0].data)
        fake.assert_clean()
    marked = [m for m in record["moves"] if m.get("stand_in")]
    assert [m["stand_in"] for m in marked] == ["hard"]  # the one move Parlor played for them
    assert f"{marked[0]['number']}. {marked[0]['move']} (Parlor)" in lines
    assert lines.count("(Parlor)") == 1


async def test_a_board_left_thinking_by_a_crash_after_parlors_move_stops_thinking(tmp_path):
    """Parlor's move was committed, then the bot died before it posted it: after the restart
    the board posted again shows the game, and the one that said Parlor is thinking no longer
    does."""
    db = tmp_path / "parlor.db"
    clock = Moment()
    async with FakeDiscord() as fake:
        games, users = world(fake)
        ann = users["ann"]
        bot = new_bot(db, ai_delay=3600, clock=clock)
        async with run_bot(fake, bot):
            thread, waiting = await parlor_thinking(fake, games, ann)
            (game,) = await bot.service.games_of(ann.id, active_only=True)
            assert (await bot.service.ai.play(game.id)).moves  # committed; never posted
        bot = new_bot(db, ai_delay=3600, clock=clock)
        async with run_bot(fake, bot):
            turn = await players_turn(fake, thread, ann, since=waiting)
            assert "after a restart" in turn.content
        fake.assert_clean()
    left = fake.message(waiting.id)
    assert "is thinking" not in left.content and "went on" in left.content
    assert not left.components


async def test_a_board_where_parlor_thinks_stops_thinking_when_the_game_goes_on_first(tmp_path):
    """The player resigns while Parlor thinks: the board that said Parlor is thinking says
    the game went on before it played, rather than thinking for ever."""
    clock = Moment()
    async with FakeDiscord() as fake:
        games, users = world(fake)
        ann = users["ann"]
        bot = new_bot(tmp_path / "parlor.db", ai_delay=3600, clock=clock)
        async with run_bot(fake, bot):
            thread, waiting = await parlor_thinking(fake, games, ann)
            await answer(await fake.slash(ann, thread, "resign", {}))
            over = await players_turn(fake, thread, ann, since=waiting)
            assert "Game over" in over.content
        fake.assert_clean()
    left = fake.message(waiting.id)
    assert "is thinking" not in left.content and "went on" in left.content
    assert not left.components
