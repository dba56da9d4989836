"""What the generator (``make_fixture.py``) and the tests (``test_old_boards.py``) share: the
bot built only through ``bot.create_bot``, with a clock the test moves by hand, and the
recorded world (users, server, channels, messages) put back into a fake Discord.

Nothing here imports a module of ``bot`` but the package itself: the modules move, the
entry point and what the bot posts do not."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import bot
from tests.fakediscord import EPHEMERAL, Channel, FakeDiscord, Guild, Message, User

FIXTURE = Path(__file__).parent / "fixture"
DATABASE = FIXTURE / "parlor.db"
MESSAGES = FIXTURE / "messages.json"
NAMES = ("ann", "ben", "cat", "dan")


class Moment:
    """The bot's clock (epoch seconds), moved by hand."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def new_bot(db_path: str, clock: Moment):
    """The bot on ``db_path`` reading ``clock`` (``create_bot(clock=...)``)."""
    made = bot.create_bot(db_path=db_path, clock=clock, guild_ready_timeout=0.05)
    made.rate_limit = (10_000, 10.0)  # these tests click faster than any person
    return made


def load() -> dict[str, Any]:
    return json.loads(MESSAGES.read_text())


def seed(fake: FakeDiscord, recorded: dict[str, Any]) -> dict[str, User]:
    """Put the recorded world into ``fake`` (not yet connected), with the recorded ids: the
    bot's own user, the players, the server, its channel and threads, and every recorded
    message. Returns the players by name."""
    world = fake.world
    me = fake.bot_user
    del world.users[me.id]
    me.id = fake.application_id = recorded["bot_id"]
    world.users[me.id] = me
    users = {}
    for name, uid in recorded["users"].items():
        users[name] = world.users[uid] = User(uid, name)
    g = recorded["guild"]
    world.guilds[g["id"]] = Guild(g["id"], g["name"], fake.owner.id, g["bot_role_id"])
    for c in recorded["channels"]:
        world.channels[c["id"]] = Channel(
            c["id"],
            c["type"],
            c["name"],
            g["id"],
            parent_id=c["parent_id"],
            owner_id=c["owner_id"],
            member_ids=set(c["member_ids"]),
        )
    for m in recorded["messages"]:
        message = Message(
            m["id"],
            m["channel_id"],
            g["id"],
            me,
            content=m["content"],
            components=m["components"],
            flags=EPHEMERAL if m["ephemeral"] else 0,
        )
        world.messages[message.id] = message
        if not m["ephemeral"]:
            channel = world.channels[m["channel_id"]]
            channel.message_ids = sorted([*channel.message_ids, message.id])
    return users
