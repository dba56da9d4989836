"""A fake Discord (gateway websocket + REST API) for end-to-end tests of the real discord.py bot.

async with FakeDiscord() as fake:
    guild = fake.add_guild()
    alice = fake.add_user("alice")
    games = fake.add_text_channel(guild, "games")
    async with run_bot(fake, bot):
        rec = await fake.slash(alice, games, "ping")
        assert (await rec.response()).content == "pong"
    fake.assert_clean()
"""

from .model import (
    ATTACH_FILES,
    BOT_PERMISSIONS,
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    EPHEMERAL,
    EVERYONE_PERMISSIONS,
    SEND_MESSAGES,
    Attachment,
    Channel,
    Guild,
    Message,
    User,
)
from .records import Callback, Interaction, RequestRecord, Upload
from .runner import run_bot
from .server import FakeDiscord

__all__ = [
    "ATTACH_FILES",
    "BOT_PERMISSIONS",
    "CREATE_PRIVATE_THREADS",
    "CREATE_PUBLIC_THREADS",
    "EPHEMERAL",
    "EVERYONE_PERMISSIONS",
    "SEND_MESSAGES",
    "Attachment",
    "Callback",
    "Channel",
    "FakeDiscord",
    "Guild",
    "Interaction",
    "Message",
    "RequestRecord",
    "Upload",
    "User",
    "run_bot",
]
