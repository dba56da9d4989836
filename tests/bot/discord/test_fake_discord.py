"""The fake Discord itself, driven by a tiny real discord.py bot."""

from __future__ import annotations

import gc
import io
import logging
from collections.abc import AsyncIterator

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from PIL import Image

from tests.fakediscord import EPHEMERAL, FakeDiscord, run_bot

FRUITS = ["apple", "apricot", "banana", "cherry"]


def card_png() -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (40, 30), (200, 30, 30)).save(buf, "PNG")
    return buf.getvalue()


class CardView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Flip", style=discord.ButtonStyle.primary, custom_id="card:1")
    async def flip(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_message(
            f"clicked by {interaction.user.name}", ephemeral=True
        )


class Rename(discord.ui.Modal, title="Rename"):
    name = discord.ui.TextInput(label="New name", custom_id="name", max_length=20)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"renamed to {self.name.value}", ephemeral=True)


class Menu(discord.ui.View):
    @discord.ui.select(
        custom_id="menu:fruit", options=[discord.SelectOption(label=f, value=f) for f in FRUITS]
    )
    async def choose(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.edit_message(content=f"chose {select.values[0]}")

    @discord.ui.button(label="Rename", custom_id="menu:rename")
    async def rename(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_modal(Rename())

    @discord.ui.button(label="Slow", custom_id="menu:slow")
    async def slow(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content="done slowly", view=None)


class SmokeBot(commands.Bot):
    def __init__(self) -> None:
        # guild_ready_timeout: on_ready fires this long after the last GUILD_CREATE (default 2 s).
        super().__init__(
            command_prefix="!", intents=discord.Intents.default(), guild_ready_timeout=0.05
        )
        add_commands(self.tree)

    async def setup_hook(self) -> None:
        self.add_view(CardView())
        await self.tree.sync()


def add_commands(tree: app_commands.CommandTree) -> None:
    @tree.command(description="Are you there?")
    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong", ephemeral=True)

    @tree.command(description="Post a card")
    async def card(interaction: discord.Interaction) -> None:
        file = discord.File(io.BytesIO(card_png()), "card.png", description="A red card")
        await interaction.channel.send("Your card", file=file, view=CardView())
        await interaction.response.send_message("posted", ephemeral=True)

    async def fruit_choices(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = [f for f in FRUITS if f.startswith(current)]
        return [app_commands.Choice(name=f.title(), value=f) for f in found]

    @tree.command(description="Pick a fruit")
    @app_commands.autocomplete(fruit=fruit_choices)
    async def pick(interaction: discord.Interaction, fruit: str) -> None:
        await interaction.response.send_message(f"picked {fruit}")

    @tree.command(description="Show a menu")
    async def menu(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("menu", view=Menu(timeout=60))

    @tree.command(description="Open a thread")
    async def table(interaction: discord.Interaction, name: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        thread = await interaction.channel.create_thread(
            name=name, type=discord.ChannelType.public_thread
        )
        await thread.send(f"Welcome to {name}")
        await interaction.followup.send(f"Opened {thread.mention}", ephemeral=True)


@pytest.fixture
async def fake(caplog: pytest.LogCaptureFixture) -> AsyncIterator[FakeDiscord]:
    caplog.set_level(logging.WARNING)
    async with FakeDiscord() as fake:
        fake.guild = fake.add_guild()
        fake.games = fake.add_text_channel(fake.guild, "games")
        fake.alice = fake.add_user("alice")
        yield fake
    gc.collect()  # "Unclosed client session" and "Task was destroyed" surface here
    bad = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not bad, [r.getMessage() for r in bad]


async def test_commands_replies_files_buttons_threads(fake: FakeDiscord) -> None:
    async with run_bot(fake, SmokeBot()) as bot:
        names = {c["name"]: c for c in fake.commands}
        assert set(names) == {"ping", "card", "pick", "menu", "table"}
        assert names["pick"]["options"][0]["autocomplete"] is True
        assert bot.get_channel(fake.games.id) is not None

        ping = await fake.slash(fake.alice, fake.games, "ping")
        answer = await ping.response()
        assert (answer.type, answer.content, answer.flags) == (4, "pong", EPHEMERAL)

        posted = await fake.slash(fake.alice, fake.games, "card")
        assert (await posted.response()).ephemeral
        card = await fake.wait_for_message(fake.games, lambda m: bool(m.attachments), after=posted)
        (image,) = card.attachments
        assert (image.filename, image.description) == ("card.png", "A red card")
        assert image.data == card_png()
        assert (image.content_type, image.width, image.height) == ("image/png", 40, 30)
        assert card.content == "Your card" and card.custom_ids == ["card:1"]
        assert card.buttons[0]["label"] == "Flip"

        click = await fake.click(fake.alice, card, "card:1")
        reply = await click.response()
        assert (reply.content, reply.ephemeral) == ("clicked by alice", True)

        choices = await fake.autocomplete(fake.alice, fake.games, "pick", "fruit", "ap")
        assert choices == [
            {"name": "Apple", "value": "apple"},
            {"name": "Apricot", "value": "apricot"},
        ]
        picked = await fake.slash(fake.alice, fake.games, "pick", {"fruit": "cherry"})
        assert (await picked.response()).content == "picked cherry"

        opened = await fake.slash(fake.alice, fake.games, "table", {"name": "Game 7"})
        assert (await opened.response()).type == 5  # deferred, thinking
        thread = await fake.wait_for_thread(fake.games, after=opened)
        assert (thread.name, thread.type) == ("Game 7", 11)
        welcome = await fake.wait_for_message(thread)
        assert welcome.content == "Welcome to Game 7"
        done = await opened.followup()
        assert done.content == f"Opened <#{thread.id}>" and done.ephemeral
        assert bot.get_channel(thread.id) is not None  # THREAD_CREATE reached the bot

    assert fake.leftover_tasks == []
    fake.assert_clean()


async def test_button_survives_restart(fake: FakeDiscord) -> None:
    async with run_bot(fake, SmokeBot()):
        posted = await fake.slash(fake.alice, fake.games, "card")
        await posted.response()
        card = await fake.wait_for_message(fake.games, lambda m: "card:1" in m.custom_ids)

    bob = fake.add_user("bob")
    async with run_bot(fake, SmokeBot()):
        click = await fake.click(bob, card, "card:1")
        reply = await click.response()
        assert (reply.content, reply.ephemeral) == ("clicked by bob", True)
    assert len(fake.command_syncs) == 2
    fake.assert_clean()


async def test_selects_modals_and_deferred_edits(fake: FakeDiscord) -> None:
    async with run_bot(fake, SmokeBot()):
        shown = await fake.slash(fake.alice, fake.games, "menu")
        menu = (await shown.response()).message
        assert menu.custom_ids == ["menu:fruit", "menu:rename", "menu:slow"]

        chosen = await fake.select(fake.alice, menu, "menu:fruit", ["banana"])
        update = await chosen.response()
        assert update.type == 7 and menu.content == "chose banana"
        with pytest.raises(ValueError, match="no option"):
            await fake.select(fake.alice, menu, "menu:fruit", ["kiwi"])

        opened = await fake.click(fake.alice, menu, "menu:rename")
        assert (await opened.response()).type == 9
        submitted = await fake.submit_modal(fake.alice, opened, {"name": "Table 1"})
        assert (await submitted.response()).content == "renamed to Table 1"

        slow = await fake.click(fake.alice, menu, "menu:slow")
        assert (await slow.response()).type == 6
        edited = await slow.original(lambda m: m.content == "done slowly")
        assert edited is menu and menu.components == []
    fake.assert_clean()


async def test_refusals_and_reconnect(fake: FakeDiscord) -> None:
    async with run_bot(fake, SmokeBot()) as bot:
        with pytest.raises(ValueError, match="missing required options"):
            await fake.slash(fake.alice, fake.games, "pick")
        with pytest.raises(ValueError, match="no synced command"):
            await fake.slash(fake.alice, fake.games, "nope")

        with pytest.raises(discord.NotFound):
            await bot.http.request(discord.http.Route("GET", "/voice/regions"))

        await fake.drop_connection()
        ping = await fake.slash(fake.alice, fake.games, "ping")  # buffered, replayed on RESUME
        assert (await ping.response()).content == "pong"
        assert fake.gateway.current.resumes == 1
    assert [r.path for r in fake.unknown_routes] == ["/voice/regions"]
    assert fake.failed_requests == fake.unknown_routes
