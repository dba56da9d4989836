"""Ratings' options over the fake Discord: ``/play ... rated:no`` makes a casual table, said on
the challenge and on the board, and ``/settings stats:hidden`` is saved and shown; both within
Discord's limits for a command's options."""

from __future__ import annotations

from bot.words import limits
from tests.bot.answers import answer
from tests.bot.discord.chat import is_board
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
