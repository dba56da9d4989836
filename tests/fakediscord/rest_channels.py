"""REST routes for channels, messages, threads, guilds, users and DMs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .messages import create_message, delete_message, edit_message
from .model import (
    ATTACH_FILES,
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    DM,
    MANAGE_MESSAGES,
    MANAGE_THREADS,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    TEXT,
    VIEW_CHANNEL,
    Channel,
    Message,
)
from .routing import ApiError, Req, Router, invalid_form, missing_permissions, not_found

if TYPE_CHECKING:
    from .server import FakeDiscord


def register(router: Router, fake: FakeDiscord) -> None:
    world = fake.world
    bot = fake.bot_user

    def channel_of(channel_id: str) -> Channel:
        try:
            channel = world.channels[int(channel_id)]
        except (KeyError, ValueError):
            raise not_found("Channel", 10003) from None
        if channel.type != DM and not world.permissions(bot.id, channel) & VIEW_CHANNEL:
            raise ApiError(403, 50001, "Missing Access")
        if channel.type == PRIVATE_THREAD:
            perms = world.permissions(bot.id, channel)
            if bot.id not in channel.member_ids and not perms & MANAGE_THREADS:
                raise ApiError(403, 50001, "Missing Access")
        return channel

    def message_of(channel: Channel, message_id: str) -> Message:
        msg = world.messages.get(int(message_id))
        if msg is None or msg.deleted or msg.channel_id != channel.id or msg.ephemeral:
            raise not_found("Message", 10008)
        return msg

    def require(channel: Channel, bits: int) -> None:
        if channel.type != DM and world.permissions(bot.id, channel) & bits != bits:
            raise missing_permissions()

    async def get_channel(req: Req, channel_id: str) -> Any:
        return channel_of(channel_id).to_dict(world)

    async def patch_channel(req: Req, channel_id: str) -> Any:
        channel = channel_of(channel_id)
        body = req.body
        if channel.is_thread:
            if channel.owner_id != bot.id:
                require(channel, MANAGE_THREADS)
            for key in ("archived", "locked", "invitable", "auto_archive_duration", "name"):
                if key in body:
                    setattr(channel, key, body[key])
            event = "THREAD_UPDATE"
        else:
            require(channel, 1 << 4)  # MANAGE_CHANNELS
            channel.name = body.get("name", channel.name)
            event = "CHANNEL_UPDATE"
        await fake.gateway.dispatch(event, channel.to_dict(world))
        fake.pulse.fire()
        return channel.to_dict(world)

    async def delete_channel(req: Req, channel_id: str) -> Any:
        channel = channel_of(channel_id)
        require(channel, MANAGE_THREADS if channel.is_thread else 1 << 4)
        del world.channels[channel.id]
        event = "THREAD_DELETE" if channel.is_thread else "CHANNEL_DELETE"
        await fake.gateway.dispatch(event, channel.to_dict(world))
        fake.pulse.fire()
        return channel.to_dict(world)

    async def history(req: Req, channel_id: str) -> Any:
        channel = channel_of(channel_id)
        require(channel, 1 << 16)  # READ_MESSAGE_HISTORY
        limit = int(req.query.get("limit", 50))
        msgs = [world.messages[m] for m in channel.message_ids if not world.messages[m].ephemeral]
        if "before" in req.query:
            msgs = [m for m in msgs if m.id < int(req.query["before"])]
        if "after" in req.query:
            msgs = [m for m in msgs if m.id > int(req.query["after"])][:limit]
        if "around" in req.query:
            around = int(req.query["around"])
            older = [m for m in msgs if m.id <= around][-((limit + 1) // 2) :]
            msgs = older + [m for m in msgs if m.id > around][: limit - len(older)]
        msgs = msgs[-limit:]
        return [m.to_dict(world) for m in reversed(msgs)]

    async def post_message(req: Req, channel_id: str) -> Any:
        channel = channel_of(channel_id)
        if channel.type == DM:
            if channel.recipient_ids[0] in fake.dm_closed:
                raise ApiError(403, 50007, "Cannot send messages to this user")
        else:
            send = SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES
            require(channel, send | (ATTACH_FILES if req.files else 0))
        if channel.is_thread and channel.archived:
            if channel.locked:
                raise ApiError(400, 50083, "Thread is archived")
            channel.archived = False
        msg = await create_message(fake, channel, bot, req.body, req.files)
        return msg.to_dict(world)

    async def get_message(req: Req, channel_id: str, message_id: str) -> Any:
        channel = channel_of(channel_id)
        return message_of(channel, message_id).to_dict(world)

    async def patch_message(req: Req, channel_id: str, message_id: str) -> Any:
        channel = channel_of(channel_id)
        msg = message_of(channel, message_id)
        if msg.author.id != bot.id:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        await edit_message(fake, msg, req.body, req.files)
        return msg.to_dict(world)

    async def del_message(req: Req, channel_id: str, message_id: str) -> Any:
        channel = channel_of(channel_id)
        msg = message_of(channel, message_id)
        if msg.author.id != bot.id:
            require(channel, MANAGE_MESSAGES)
        await delete_message(fake, msg)
        return None

    async def new_thread(parent: Channel, body: dict[str, Any], thread_id: int, ttype: int) -> Any:
        if parent.type != TEXT:
            raise invalid_form({"type": "threads can only be made in text channels"})
        needed = CREATE_PUBLIC_THREADS if ttype == PUBLIC_THREAD else CREATE_PRIVATE_THREADS
        require(parent, needed | VIEW_CHANNEL)
        name = body.get("name") or ""
        if not 1 <= len(name) <= 100:
            raise invalid_form({"name": "name must be 1..100 characters"})
        if thread_id in world.channels:
            raise ApiError(400, 160004, "A thread has already been created for this message")
        thread = Channel(
            id=thread_id,
            type=ttype,
            name=name,
            guild_id=parent.guild_id,
            parent_id=parent.id,
            owner_id=bot.id,
            auto_archive_duration=body.get("auto_archive_duration") or 1440,
            invitable=body.get("invitable", True),
            member_ids={bot.id},
        )
        world.channels[thread.id] = thread
        data = thread.to_dict(world)
        data["member"] = fake.thread_member(thread, bot.id)
        await fake.gateway.dispatch("THREAD_CREATE", data | {"newly_created": True})
        fake.pulse.fire()
        return data

    async def thread_no_message(req: Req, channel_id: str) -> Any:
        parent = channel_of(channel_id)
        ttype = req.body.get("type", PRIVATE_THREAD)  # Discord's default, oddly
        if ttype not in (PUBLIC_THREAD, PRIVATE_THREAD):
            raise invalid_form({"type": f"bad thread type {ttype}"})
        return await new_thread(parent, req.body, world.ids.next(), ttype)

    async def thread_from_message(req: Req, channel_id: str, message_id: str) -> Any:
        parent = channel_of(channel_id)
        msg = message_of(parent, message_id)
        data = await new_thread(parent, req.body, msg.id, PUBLIC_THREAD)
        msg.thread_id = msg.id
        return data

    def member_id(user_id: str) -> int:
        uid = bot.id if user_id == "@me" else int(user_id)
        if uid not in world.users:
            raise not_found("User", 10013)
        return uid

    async def add_thread_member(req: Req, channel_id: str, user_id: str) -> Any:
        thread = channel_of(channel_id)
        if not thread.is_thread:
            raise invalid_form({"channel_id": "not a thread"})
        uid = member_id(user_id)
        if uid != bot.id and thread.type == PRIVATE_THREAD and bot.id not in thread.member_ids:
            require(thread, MANAGE_THREADS)
        if thread.archived:
            raise ApiError(400, 50083, "Thread is archived")
        thread.member_ids.add(uid)
        fake.pulse.fire()
        return None

    async def remove_thread_member(req: Req, channel_id: str, user_id: str) -> Any:
        thread = channel_of(channel_id)
        thread.member_ids.discard(member_id(user_id))
        fake.pulse.fire()
        return None

    async def thread_members(req: Req, channel_id: str) -> Any:
        thread = channel_of(channel_id)
        return [fake.thread_member(thread, u) for u in sorted(thread.member_ids)]

    async def typing(req: Req, channel_id: str) -> Any:
        channel_of(channel_id)
        return None

    async def reaction(req: Req, channel_id: str, message_id: str, emoji: str) -> Any:
        message_of(channel_of(channel_id), message_id)
        return None

    async def get_guild(req: Req, guild_id: str) -> Any:
        data = fake.guild_create(int(guild_id)) if int(guild_id) in world.guilds else None
        if data is None:
            raise not_found("Guild", 10004)
        for key in ("channels", "threads", "members", "voice_states", "presences"):
            data.pop(key, None)
        return data

    async def guild_channels(req: Req, guild_id: str) -> Any:
        await get_guild(req, guild_id)
        return [c.to_dict(world) for c in world.guild_channels(int(guild_id))]

    async def active_threads(req: Req, guild_id: str) -> Any:
        await get_guild(req, guild_id)
        threads = world.guild_channels(int(guild_id), threads=True)
        members = [fake.thread_member(t, bot.id) for t in threads if bot.id in t.member_ids]
        return {"threads": [t.to_dict(world) for t in threads], "members": members}

    async def guild_member(req: Req, guild_id: str, user_id: str) -> Any:
        guild = world.guilds.get(int(guild_id))
        user = world.users.get(int(user_id))
        if guild is None or user is None:
            raise not_found("Member", 10007)
        return world.member_dict(user, guild)

    async def get_user(req: Req, user_id: str) -> Any:
        user = world.users.get(int(user_id))
        if user is None:
            raise not_found("User", 10013)
        return user.to_dict()

    async def open_dm(req: Req) -> Any:
        uid = int(req.body.get("recipient_id", 0))
        if uid not in world.users:
            raise not_found("User", 10013)
        return fake.dm_channel(world.users[uid]).to_dict(world)

    r = router.add
    r("GET", "/channels/{channel_id}", get_channel)
    r("PATCH", "/channels/{channel_id}", patch_channel)
    r("DELETE", "/channels/{channel_id}", delete_channel)
    r("GET", "/channels/{channel_id}/messages", history)
    r("POST", "/channels/{channel_id}/messages", post_message)
    r("GET", "/channels/{channel_id}/messages/{message_id}", get_message)
    r("PATCH", "/channels/{channel_id}/messages/{message_id}", patch_message)
    r("DELETE", "/channels/{channel_id}/messages/{message_id}", del_message)
    r("POST", "/channels/{channel_id}/threads", thread_no_message)
    r("POST", "/channels/{channel_id}/messages/{message_id}/threads", thread_from_message)
    r("PUT", "/channels/{channel_id}/thread-members/{user_id}", add_thread_member)
    r("DELETE", "/channels/{channel_id}/thread-members/{user_id}", remove_thread_member)
    r("GET", "/channels/{channel_id}/thread-members", thread_members)
    r("POST", "/channels/{channel_id}/typing", typing)
    reactions = "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me"
    r("PUT", reactions, reaction)
    r("DELETE", reactions, reaction)
    r("GET", "/guilds/{guild_id}", get_guild)
    r("GET", "/guilds/{guild_id}/channels", guild_channels)
    r("GET", "/guilds/{guild_id}/threads/active", active_threads)
    r("GET", "/guilds/{guild_id}/members/{user_id}", guild_member)
    r("GET", "/users/{user_id}", get_user)
    r("POST", "/users/@me/channels", open_dm)
