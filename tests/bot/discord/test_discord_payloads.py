"""What the bot sends obeys Discord's limits and Discord's own OpenAPI description.

The OpenAPI checks read ``discord-api-spec/openapi.json`` from the ``shared/`` folder beside
the repository (``$PARLOR_SHARED`` if set; else ``shared/`` beside the checkout or any folder
above it, with and without symlinks resolved) and skip where it is absent.
"""

from __future__ import annotations

import pytest

import engine
from tests.bot.discord.chat import challenge_and_accept
from tests.bot.discord.payloads import (
    NAME,
    assert_valid,
    check_options,
    snowflakes_as_text,
    validator_for,
)
from tests.bot.discord.world import new_bot, world
from tests.fakediscord import FakeDiscord, run_bot


@pytest.fixture
async def sent(tmp_path):
    """Start the bot, challenge, accept and ask for autocomplete; return what the fake saw."""
    db = tmp_path / "parlor.db"
    async with FakeDiscord() as fake:
        games, users = world(fake)
        async with run_bot(fake, new_bot(db)):
            thread, turn = await challenge_and_accept(fake, games, users)
            await fake.autocomplete(users["ann"], thread, "move", "move", "S@")
        fake.assert_clean()
        return fake, turn


async def test_command_tree_obeys_discords_limits(sent):
    fake, _ = sent
    commands = fake.commands
    assert {c["name"] for c in commands} >= {
        "play", "move", "board", "resign", "games", "rules", "history", "settings", "replay",
    }  # fmt: skip
    assert len(commands) <= 100
    for command in commands:
        assert NAME.match(command["name"]), command["name"]
        assert 1 <= len(command["description"]) <= 100, command["name"]
        check_options(command.get("options") or [], command["name"])
    play = next(c for c in commands if c["name"] == "play")
    assert {o["name"] for o in play["options"]} == set(engine.GAMES)


async def test_messages_obey_component_limits(sent):
    _, turn = sent
    rows = turn.components
    assert 1 <= len(rows) <= 5
    for custom_id in turn.custom_ids:
        assert len(custom_id) <= 100
    for select in turn.selects:
        assert 1 <= len(select["options"]) <= 25
    # 75 first moves: one menu per size, 25 squares each.
    assert [s["placeholder"] for s in turn.selects] == [
        "Place a small", "Place a medium", "Place a large",
    ]  # fmt: skip


async def test_command_sync_matches_the_openapi_description(sent):
    fake, _ = sent
    validator = validator_for("ApplicationCommandUpdateRequest")
    syncs = fake.requests_to("PUT", "/applications/{application_id}/commands")
    assert syncs
    for request in syncs:
        for command in request.json:
            assert_valid(validator, command)


async def test_messages_match_the_openapi_description(sent):
    fake, _ = sent
    validator = validator_for("MessageCreateRequest")
    posts = fake.requests_to("POST", "/channels/{channel_id}/messages")
    assert posts
    for request in posts:
        assert request.json["attachments"][0]["description"]
        assert_valid(validator, snowflakes_as_text(request.json))
