"""The fake's world: who and what exists, permissions, and the JSON shapes built from them."""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from typing import Any

from .model import (
    ADMINISTRATOR,
    ALL_PERMISSIONS,
    CREATE_PUBLIC_THREADS,
    EVERYONE_PERMISSIONS,
    MANAGE_THREADS,
    VIEW_CHANNEL,
    Channel,
    Guild,
    Message,
    Snowflakes,
    User,
)

_USER_MENTION = re.compile(r"<@!?(\d+)>")


def resolve_mentions(content: str, allowed: dict[str, Any] | None) -> tuple[list[int], bool]:
    """(user ids actually pinged, whether @everyone pinged), honouring allowed_mentions."""
    in_text = [int(m) for m in _USER_MENTION.findall(content or "")]
    parse = ["users", "roles", "everyone"] if allowed is None else allowed.get("parse", [])
    if "users" in parse:
        users = in_text
    else:
        listed = {int(u) for u in (allowed or {}).get("users", [])}
        users = [u for u in in_text if u in listed]
    everyone = "everyone" in parse and ("@everyone" in content or "@here" in content)
    return list(dict.fromkeys(users)), everyone


@dataclass
class World:
    """Everything the fake knows, keyed by id."""

    ids: Snowflakes = field(default_factory=Snowflakes)
    users: dict[int, User] = field(default_factory=dict)
    guilds: dict[int, Guild] = field(default_factory=dict)
    channels: dict[int, Channel] = field(default_factory=dict)
    messages: dict[int, Message] = field(default_factory=dict)

    def guild_channels(self, guild_id: int, threads: bool = False) -> list[Channel]:
        return [
            c
            for c in self.channels.values()
            if c.guild_id == guild_id and c.is_thread == threads and not (threads and c.archived)
        ]

    def permissions(self, user_id: int, channel: Channel) -> int:
        """A member's permissions in a channel: roles, then the channel's overwrites."""
        if channel.guild_id is None:
            return EVERYONE_PERMISSIONS & ~(MANAGE_THREADS | CREATE_PUBLIC_THREADS)
        guild = self.guilds[channel.guild_id]
        if user_id == guild.owner_id:
            return ALL_PERMISSIONS
        user = self.users[user_id]
        base = guild.everyone_permissions | user.extra_permissions
        role_ids = {guild.id}
        if user.bot:
            base |= guild.bot_permissions
            role_ids.add(guild.bot_role_id)
        if base & ADMINISTRATOR:
            return ALL_PERMISSIONS
        target = self.channels[channel.parent_id] if channel.is_thread else channel
        by_id = {int(o["id"]): o for o in target.overwrites}
        if guild.id in by_id:
            base = (base & ~int(by_id[guild.id]["deny"])) | int(by_id[guild.id]["allow"])
        allow = deny = 0
        for rid in role_ids - {guild.id}:
            if rid in by_id:
                allow |= int(by_id[rid]["allow"])
                deny |= int(by_id[rid]["deny"])
        base = (base & ~deny) | allow
        if user_id in by_id:
            base = (base & ~int(by_id[user_id]["deny"])) | int(by_id[user_id]["allow"])
        if not base & VIEW_CHANNEL:
            return 0
        return base

    def member_dict(self, user: User, guild: Guild, channel: Channel | None = None) -> dict:
        data: dict[str, Any] = {
            "user": user.to_dict(),
            "roles": [str(guild.bot_role_id)] if user.bot else [],
            "joined_at": guild.joined_at,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "nick": None,
            "avatar": None,
        }
        if channel is not None:
            data["permissions"] = str(self.permissions(user.id, channel))
        return data

    def guild_create(self, guild_id: int) -> dict[str, Any]:
        guild = self.guilds[guild_id]
        members = [self.member_dict(u, guild) for u in self.users.values()]
        threads = self.guild_channels(guild.id, threads=True)
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "owner_id": str(guild.owner_id),
            "roles": guild.roles(),
            "emojis": [],
            "stickers": [],
            "features": [],
            "channels": [c.to_dict(self) for c in self.guild_channels(guild.id)],
            "threads": [t.to_dict(self) for t in threads],
            "members": members,
            "member_count": len(members),
            "large": False,
            "unavailable": False,
            "joined_at": guild.joined_at,
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "premium_tier": 0,
            "preferred_locale": "en-US",
            "system_channel_id": None,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "afk_timeout": 300,
        }

    @staticmethod
    def thread_member(thread: Channel, user_id: int) -> dict[str, Any]:
        return {
            "id": str(thread.id),
            "user_id": str(user_id),
            "join_timestamp": thread.created_at,
            "flags": 0,
        }


def number_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A copy with Discord's numeric component ids filled in where the bot gave none."""
    comps = copy.deepcopy(components)
    counter = 0

    def visit(items: list[dict[str, Any]]) -> None:
        nonlocal counter
        for comp in items:
            counter += 1
            comp.setdefault("id", counter)
            visit(comp.get("components", []))
            for key in ("component", "accessory"):
                if isinstance(comp.get(key), dict):
                    visit([comp[key]])

    visit(comps)
    return comps
