"""The fake Discord's world: users, guilds, channels (threads are channels), messages.

Objects here are plain data plus ``to_dict`` methods that produce the JSON shapes Discord's API
uses, so the REST side, the gateway and the interaction builder all speak the same dialect.
"""

from __future__ import annotations

import datetime as dt
import io
import mimetypes
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .world import World

DISCORD_EPOCH_MS = 1420070400000

# Permission bits (https://discord.com/developers/docs/topics/permissions).
ADD_REACTIONS = 1 << 6
ADMINISTRATOR = 1 << 3
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_EXTERNAL_EMOJIS = 1 << 18
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
ALL_PERMISSIONS = (1 << 53) - 1

EVERYONE_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | ADD_REACTIONS
    | USE_EXTERNAL_EMOJIS
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | CREATE_PRIVATE_THREADS
    | SEND_MESSAGES_IN_THREADS
)
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | MANAGE_THREADS | MANAGE_MESSAGES

TEXT, DM, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 11, 12
THREAD_TYPES = (PUBLIC_THREAD, PRIVATE_THREAD)
EPHEMERAL = 1 << 6
LOADING = 1 << 7


class Snowflakes:
    """Increasing snowflake ids carrying the current time, like Discord's."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        now = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = max(now, self._last + 1)
        return self._last

    def next_on_shard(self, index: int, count: int) -> int:
        """The next id whose shard of ``count`` is ``index`` (``(id >> 22) % count``): its
        time moved on by up to ``count - 1`` ms."""
        moment = self.next() >> 22
        moment += (index - moment) % count
        self._last = max(self._last, moment << 22)
        return self._last


def snowflake_time(snowflake: int) -> str:
    ms = (snowflake >> 22) + DISCORD_EPOCH_MS
    return dt.datetime.fromtimestamp(ms / 1000, dt.UTC).isoformat()


def iso_now() -> str:
    return dt.datetime.now(dt.UTC).isoformat()


@dataclass(eq=False)
class User:
    id: int
    name: str
    bot: bool = False
    extra_permissions: int = 0

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "username": self.name,
            "global_name": None if self.bot else self.name,
            "discriminator": "0",
            "avatar": None,
            "public_flags": 0,
            "flags": 0,
        }
        if self.bot:
            data["bot"] = True
        return data


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    owner_id: int
    bot_role_id: int
    bot_permissions: int = BOT_PERMISSIONS
    everyone_permissions: int = EVERYONE_PERMISSIONS
    joined_at: str = field(default_factory=iso_now)

    def roles(self) -> list[dict[str, Any]]:
        def role(rid: int, name: str, perms: int, pos: int, managed: bool) -> dict[str, Any]:
            return {
                "id": str(rid),
                "name": name,
                "permissions": str(perms),
                "position": pos,
                "color": 0,
                "colors": {"primary_color": 0},
                "hoist": False,
                "managed": managed,
                "mentionable": False,
                "flags": 0,
            }

        return [
            role(self.id, "@everyone", self.everyone_permissions, 0, False),
            role(self.bot_role_id, "Parlor", self.bot_permissions, 1, True),
        ]


@dataclass(eq=False)
class Channel:
    id: int
    type: int
    name: str
    guild_id: int | None = None
    parent_id: int | None = None
    owner_id: int | None = None
    position: int = 0
    overwrites: list[dict[str, Any]] = field(default_factory=list)
    # threads
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    auto_archive_duration: int = 1440
    member_ids: set[int] = field(default_factory=set)
    created_at: str = field(default_factory=iso_now)
    # DMs
    recipient_ids: list[int] = field(default_factory=list)
    message_ids: list[int] = field(default_factory=list)

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def to_dict(self, world: World | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "name": self.name,
            "last_message_id": str(self.message_ids[-1]) if self.message_ids else None,
            "flags": 0,
            "rate_limit_per_user": 0,
        }
        if self.type == DM:
            users = [world.users[u].to_dict() for u in self.recipient_ids] if world else []
            data.update(recipients=users, name=None)
            return data
        data["guild_id"] = str(self.guild_id)
        data["parent_id"] = None if self.parent_id is None else str(self.parent_id)
        if self.is_thread:
            data.update(
                owner_id=str(self.owner_id),
                message_count=len(self.message_ids),
                total_message_sent=len(self.message_ids),
                member_count=min(len(self.member_ids), 50),
                applied_tags=[],
                thread_metadata={
                    "archived": self.archived,
                    "locked": self.locked,
                    "auto_archive_duration": self.auto_archive_duration,
                    "archive_timestamp": self.created_at,
                    "create_timestamp": self.created_at,
                    "invitable": self.invitable,
                },
            )
        else:
            data.update(
                position=self.position,
                permission_overwrites=self.overwrites,
                topic=None,
                nsfw=False,
                default_auto_archive_duration=1440,
            )
        return data


@dataclass(eq=False)
class Attachment:
    id: int
    filename: str
    data: bytes
    url: str
    description: str | None = None
    content_type: str | None = None
    width: int | None = None
    height: int | None = None
    ephemeral: bool = False

    @property
    def size(self) -> int:
        return len(self.data)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
        }
        if self.description is not None:
            data["description"] = self.description
        if self.width is not None:
            data.update(width=self.width, height=self.height)
        if self.ephemeral:
            data["ephemeral"] = True
        return data


def make_attachment(aid: int, filename: str, data: bytes, url: str, **kw: Any) -> Attachment:
    content_type = mimetypes.guess_type(filename)[0]
    att = Attachment(aid, filename, data, url, content_type=content_type, **kw)
    if content_type and content_type.startswith("image/"):
        try:
            from PIL import Image

            with Image.open(io.BytesIO(data)) as img:
                att.width, att.height = img.size
        except Exception:  # not an image after all: Discord leaves the size out too
            pass
    return att


def walk_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every component, depth first (rows, sections, containers and their children)."""
    out: list[dict[str, Any]] = []
    for comp in components:
        out.append(comp)
        out.extend(walk_components(comp.get("components", [])))
        if isinstance(comp.get("component"), dict):
            out.extend(walk_components([comp["component"]]))
        if isinstance(comp.get("accessory"), dict):
            out.extend(walk_components([comp["accessory"]]))
    return out


@dataclass(eq=False)
class Message:
    id: int
    channel_id: int
    guild_id: int | None
    author: User
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_metadata: dict[str, Any] | None = None
    allowed_mentions: dict[str, Any] | None = None
    mention_ids: list[int] = field(default_factory=list)
    mention_everyone: bool = False
    thread_id: int | None = None
    nonce: str | int | None = None
    edited_timestamp: str | None = None
    deleted: bool = False
    revisions: list[dict[str, Any]] = field(default_factory=list)

    # -- test helpers ------------------------------------------------------------------------
    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    def all_components(self) -> list[dict[str, Any]]:
        return walk_components(self.components)

    @property
    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.all_components() if c.get("type") == 2]

    @property
    def selects(self) -> list[dict[str, Any]]:
        return [c for c in self.all_components() if c.get("type") in (3, 5, 6, 7, 8)]

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.all_components() if "custom_id" in c]

    @property
    def texts(self) -> list[str]:
        """The content and every components-v2 text display, in order."""
        shown = [c["content"] for c in self.all_components() if c.get("type") == 10]
        return ([self.content] if self.content else []) + shown

    def component(self, custom_id: str) -> dict[str, Any] | None:
        return next((c for c in self.all_components() if c.get("custom_id") == custom_id), None)

    def attachment(self, filename: str) -> Attachment | None:
        return next((a for a in self.attachments if a.filename == filename), None)

    def to_dict(self, world: World | None = None) -> dict[str, Any]:
        mentions = []
        if world is not None:
            mentions = [world.users[u].to_dict() for u in self.mention_ids if u in world.users]
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "channel_id": str(self.channel_id),
            "author": self.author.to_dict(),
            "content": self.content,
            "timestamp": snowflake_time(self.id),
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": self.mention_everyone,
            "mentions": mentions,
            "mention_roles": [],
            "attachments": [a.to_dict() for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "flags": self.flags,
            "reactions": [],
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        if self.nonce is not None:
            data["nonce"] = self.nonce
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
        if self.interaction_metadata is not None:
            data["interaction_metadata"] = self.interaction_metadata
        if world is not None and self.thread_id in world.channels:
            data["thread"] = world.channels[self.thread_id].to_dict(world)
        return data
