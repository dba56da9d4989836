"""Ratings' options over the fake Discord: ``/play ... rated:no`` makes a casual table, said on
the challenge and on the board, and ``/settings stats:hidden`` is saved and shown; both within
Discord's limits for a command's options."""

from __future__ import annotations

import random

from openskill.models import PlackettLuce

from bot.service.ratings import shown
from bot.words import limits
from tests.bot.answers import answer
from tests.bot.discord.chat import is_board, is_turn, start
from tests.bot.discord.crashes import to_the_last_move
from tests.bot.discord.payloads import assert_valid, check_options, validator_for
from tests.bot.discord.world import new_bot, world
from tests.fakediscord import FakeDiscord, run_bot


async def test_play_rated_no_makes_a_casual_table_and_settings_stats_hides_them(tmp_path):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        ann, ben = users["ann"], users["ben"]
        bot = new_bot(tmp_path / "parlor.db")
        async with run_bot(fake, bot):
            play = next(c for c in fake.commands if c["name"] == "play")
            for sub in play["options"]:
                rated = next(o for o in sub["options"] if o["name"] == "rated")
                assert [c["value"] for c in rated["choices"]] == ["yes", "no"]
                check_options(sub["options"], f"play {sub['name']}")
            settings = next(c for c in fake.commands if c["name"] == "settings")
            stats = next(o for o in settings["options"] if o["name"] == "stats")
            assert [c["value"] for c in stats["choices"]] == ["shown", "hidden"]
            check_options(settings["options"], "settings")

            rec = await fake.slash(
                ann, games, "play", {"opponent": ben, "rated": "no"}, subcommand="icesickle"
            )
            challenge = (await rec.response()).message
            assert "**IceSickle** (casual: not rated)" in challenge.content
            accept = next(c for c in challenge.custom_ids if c.endswith(":accept"))
            await answer(await fake.click(ben, challenge, accept))
            thread = await fake.wait_for_thread(games, after=rec)
            board = await fake.wait_for_message(thread, is_board)
            assert board.content.splitlines()[0].endswith(" · casual")
            record = await bot.service.game(1)
            assert record.settings["rated"] == "no"

            shown = await answer(await fake.slash(ann, games, "settings", {}))
            assert "Your ratings and stats, to others: shown" in shown.content
            saved = await answer(await fake.slash(ann, games, "settings", {"stats": "hidden"}))
            assert saved.ephemeral and saved.content.startswith("Saved.")
            assert "Your ratings and stats, to others: hidden" in saved.content
            assert (await bot.service.players.read([ann.id]))[ann.id].stats_hidden
            assert not (await bot.service.players.read([ben.id]))[ben.id].stats_hidden
            for message in (challenge, board, shown.message, saved.message):
                assert len(message.content) <= limits.CONTENT
        fake.assert_clean()
        validator = validator_for("ApplicationCommandUpdateRequest")  # (skips without it)
        syncs = fake.requests_to("PUT", "/applications/{application_id}/commands")
        assert syncs
        for request in syncs:
            for command in request.json:
                assert_valid(validator, command)


async def test_the_last_board_of_a_rated_game_says_how_the_ratings_moved(tmp_path):
    model = PlackettLuce()
    teams = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    won, lost = (shown(team[0].mu) for team in teams)
    for hide in (None, "ann"):
        async with FakeDiscord() as fake:
            games, users = world(fake)
            bot = new_bot(tmp_path / f"{hide}.db")
            async with run_bot(fake, bot):
                if hide is not None:  # who hides their stats has their change left out
                    await answer(
                        await fake.slash(users[hide], games, "settings", {"stats": "hidden"})
                    )
                thread, turn = await start(fake, games, users, game="icesickle")
                last, record = await to_the_last_move(bot, random.Random(7))
                turn = await fake.wait_for_message(thread, is_turn, after=turn)
                assert "Ratings:" not in turn.content  # the game goes on
                mover = next(u for u in users.values() if u.id == record.player_to_move.user_id)
                await answer(await fake.slash(mover, thread, "move", {"move": str(last)}))
                over = await fake.wait_for_message(thread, lambda m: "Game over" in m.content)
                record = await bot.service.game(1)
                winner = record.outcome.winners[0]
                names = [p.name for p in record.players]
                said = [""] * 2
                said[winner] = f"{names[winner]} {won}? (+{won - 1500})"
                said[1 - winner] = f"{names[1 - winner]} {lost}? ({lost - 1500:+d})"
                if hide is not None:
                    said[record.seat_of(users[hide].id)] = ""
                line = next(x for x in over.content.splitlines() if x.startswith("Ratings: "))
                assert line == f"Ratings: {', '.join(x for x in said if x)}."
            fake.assert_clean()
