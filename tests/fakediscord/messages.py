"""Creating, editing and deleting messages the way Discord does, for every route that can."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .gateway import DIRECT_MESSAGES, GUILD_MESSAGES
from .model import EPHEMERAL, LOADING, Attachment, Channel, Message, User, make_attachment
from .records import Interaction, Upload
from .routing import ApiError, invalid_form
from .validate import check_message

if TYPE_CHECKING:
    from .server import FakeDiscord

# Flags a bot may set when sending; the rest Discord sets itself.
SETTABLE_FLAGS = (1 << 2) | (1 << 12) | (1 << 15) | EPHEMERAL  # suppress embeds/notifs, v2


def build_attachments(
    fake: FakeDiscord,
    channel: Channel,
    payload: dict[str, Any],
    files: list[Upload],
    existing: list[Attachment],
    ephemeral: bool,
) -> list[Attachment]:
    """The attachments a create/edit ends with: kept ones by id, plus the uploaded files."""
    by_index = {}
    for upload in files:
        field = upload.field
        if field.startswith("files[") and field.endswith("]"):
            by_index[field[6:-1]] = upload
        else:
            by_index[field] = upload
    old = {str(a.id): a for a in existing}
    entries = payload.get("attachments")
    result: list[Attachment] = []
    used: set[str] = set()
    if entries is None:
        result = list(existing)
        entries = []
    for entry in entries:
        key = str(entry.get("id"))
        if key in old:
            kept = old[key]
            if "description" in entry:
                kept.description = entry["description"]
            result.append(kept)
        elif key in by_index:
            used.add(key)
            upload = by_index[key]
            result.append(_new_attachment(fake, channel, upload, entry, ephemeral))
        else:
            raise invalid_form({f"attachments.{key}": "unknown attachment id"})
    for key, upload in by_index.items():  # files the payload did not describe are kept too
        if key not in used:
            result.append(_new_attachment(fake, channel, upload, {}, ephemeral))
    return result


def _new_attachment(
    fake: FakeDiscord, channel: Channel, upload: Upload, entry: dict[str, Any], ephemeral: bool
) -> Attachment:
    aid = fake.world.ids.next()
    filename = entry.get("filename") or upload.filename or "unknown"
    url = f"{fake.http_url}/attachments/{channel.id}/{aid}/{filename}"
    att = make_attachment(
        aid, filename, upload.data, url, description=entry.get("description"), ephemeral=ephemeral
    )
    fake.attachment_data[aid] = att
    return att


async def create_message(
    fake: FakeDiscord,
    channel: Channel,
    author: User,
    payload: dict[str, Any],
    files: list[Upload],
    *,
    interaction: Interaction | None = None,
    msg_type: int = 0,
    extra_flags: int = 0,
    require_body: bool = True,
    path: str = "",
) -> Message:
    nonce = payload.get("nonce")
    if nonce is not None and payload.get("enforce_nonce"):  # a retried send: the same message
        for old in (fake.world.messages[mid] for mid in channel.message_ids[-50:]):
            if old.nonce == nonce and old.author is author:
                return old
    flags = (int(payload.get("flags") or 0) & SETTABLE_FLAGS) | extra_flags
    if interaction is None:
        flags &= ~EPHEMERAL  # only interaction responses can be ephemeral
    ephemeral = bool(flags & EPHEMERAL)
    attachments = build_attachments(fake, channel, payload, files, [], ephemeral)
    problems = check_message(payload, attachments, path=path, require_body=require_body)
    if problems:
        raise invalid_form(problems)
    world = fake.world
    msg = Message(
        id=world.ids.next(),
        channel_id=channel.id,
        guild_id=channel.guild_id,
        author=author,
        content=payload.get("content") or "",
        embeds=list(payload.get("embeds") or []),
        components=fake.number_components(payload.get("components") or []),
        attachments=attachments,
        flags=flags,
        type=msg_type,
        allowed_mentions=payload.get("allowed_mentions"),
    )
    if interaction is not None:
        msg.webhook_id = msg.application_id = fake.application_id
        msg.interaction_metadata = {
            "id": str(interaction.id),
            "type": interaction.type,
            "user": interaction.user.to_dict(),
            "authorizing_integration_owners": interaction.payload["authorizing_integration_owners"],
        }
        if interaction.source_message_id is not None:
            msg.interaction_metadata["interacted_message_id"] = str(interaction.source_message_id)
    elif author.bot:
        msg.application_id = None
    ref = payload.get("message_reference")
    if ref and ref.get("message_id"):
        if int(ref["message_id"]) not in world.messages and ref.get("fail_if_not_exists", True):
            raise invalid_form({"message_reference": "Unknown message"})
        msg.type = 19
    _set_mentions(fake, msg)
    msg.nonce = nonce
    world.messages[msg.id] = msg
    if not ephemeral:  # ephemeral messages are not part of the channel
        channel.message_ids.append(msg.id)
        await _dispatch_message(fake, "MESSAGE_CREATE", msg, channel)
    fake.pulse.fire()
    return msg


def _set_mentions(fake: FakeDiscord, msg: Message) -> None:
    from .world import resolve_mentions

    users, everyone = resolve_mentions(msg.content, msg.allowed_mentions)
    msg.mention_ids = [u for u in users if u in fake.world.users]
    msg.mention_everyone = everyone


async def _dispatch_message(fake: FakeDiscord, event: str, msg: Message, channel: Channel) -> None:
    data = msg.to_dict(fake.world)
    if channel.guild_id is not None:
        guild = fake.world.guilds[channel.guild_id]
        member = fake.world.member_dict(msg.author, guild)
        member.pop("user")
        data["member"] = member
    intent = GUILD_MESSAGES if channel.guild_id is not None else DIRECT_MESSAGES
    await fake.gateway.dispatch(event, data, intent=intent)


async def edit_message(
    fake: FakeDiscord,
    msg: Message,
    payload: dict[str, Any],
    files: list[Upload],
    *,
    path: str = "",
) -> Message:
    """PATCH semantics: fields present in the payload replace the old ones."""
    if msg.deleted:
        raise ApiError(404, 10008, "Unknown Message")
    channel = fake.world.channels[msg.channel_id]
    attachments = build_attachments(fake, channel, payload, files, msg.attachments, msg.ephemeral)
    merged = {
        "content": payload.get("content", msg.content),
        "embeds": payload.get("embeds", msg.embeds),
        "components": payload.get("components", msg.components),
        "flags": msg.flags,
    }
    if payload.get("flags") is not None:
        keep = SETTABLE_FLAGS & ~EPHEMERAL
        merged["flags"] = (msg.flags & ~keep) | (int(payload["flags"]) & keep)
    problems = check_message(merged, attachments, path=path)
    if problems:
        raise invalid_form(problems)
    msg.revisions.append(msg.to_dict(fake.world))
    msg.content = merged["content"] or ""
    msg.embeds = list(merged["embeds"] or [])
    msg.components = fake.number_components(merged["components"] or [])
    msg.attachments = attachments
    msg.flags = int(merged["flags"]) & ~LOADING
    if "allowed_mentions" in payload:
        msg.allowed_mentions = payload["allowed_mentions"]
    _set_mentions(fake, msg)
    msg.edited_timestamp = fake.now_iso()
    if not msg.ephemeral:
        await _dispatch_message(fake, "MESSAGE_UPDATE", msg, channel)
    fake.pulse.fire()
    return msg


async def delete_message(fake: FakeDiscord, msg: Message) -> None:
    if msg.deleted:
        raise ApiError(404, 10008, "Unknown Message")
    msg.deleted = True
    channel = fake.world.channels[msg.channel_id]
    if msg.id in channel.message_ids:
        channel.message_ids.remove(msg.id)
    if not msg.ephemeral:
        data: dict[str, Any] = {"id": str(msg.id), "channel_id": str(channel.id)}
        if channel.guild_id is not None:
            data["guild_id"] = str(channel.guild_id)
        intent = GUILD_MESSAGES if channel.guild_id is not None else DIRECT_MESSAGES
        await fake.gateway.dispatch("MESSAGE_DELETE", data, intent=intent)
    fake.pulse.fire()
