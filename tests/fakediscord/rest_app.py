"""REST routes of the application: login, commands, interaction callbacks, webhook followups."""

from __future__ import annotations

import asyncio
import re
from typing import TYPE_CHECKING, Any

from .messages import create_message, delete_message, edit_message
from .model import EPHEMERAL, LOADING, Message
from .records import (
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE_MESSAGE,
    MODAL,
    UPDATE_MESSAGE,
    Callback,
    Interaction,
)
from .routing import ApiError, Reply, Req, Router, invalid_form, not_found
from .validate import check_choices, check_modal

if TYPE_CHECKING:
    from .server import FakeDiscord

NAME = re.compile(r"^[-_\w]{1,32}$")
# Which callback types each interaction type accepts.
ALLOWED_CALLBACKS = {
    2: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL},
    3: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE, MODAL},
    4: {AUTOCOMPLETE_RESULT},
    5: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE},
}


def _check_options(options: list[dict], path: str, problems: dict[str, str]) -> None:
    if len(options) > 25:
        problems[path] = f"{len(options)} options, at most 25"
    seen_optional = False
    for i, opt in enumerate(options):
        p = f"{path}.{i}"
        if not NAME.match(opt.get("name", "")) or opt["name"] != opt["name"].lower():
            problems[f"{p}.name"] = f"bad option name {opt.get('name')!r}"
        if not 1 <= len(opt.get("description", "")) <= 100:
            problems[f"{p}.description"] = "description must be 1..100 characters"
        if opt.get("type") in (1, 2):
            _check_options(opt.get("options", []), f"{p}.options", problems)
            continue
        if opt.get("required"):
            if seen_optional:
                problems[f"{p}.required"] = "required options must come before optional ones"
        else:
            seen_optional = True
        choices = opt.get("choices") or []
        if choices and opt.get("autocomplete"):
            problems[f"{p}.autocomplete"] = "autocomplete cannot be set with choices"
        problems.update(check_choices(choices, f"{p}.choices"))


def check_commands(payload: list[dict]) -> dict[str, str]:
    problems: dict[str, str] = {}
    if len(payload) > 100:
        problems["_"] = "at most 100 commands"
    seen: set[tuple[int, str]] = set()
    for i, cmd in enumerate(payload):
        ctype, name = cmd.get("type", 1), cmd.get("name", "")
        if (ctype, name) in seen:
            problems[f"{i}.name"] = f"duplicate command name {name!r}"
        seen.add((ctype, name))
        if ctype == 1:
            if not NAME.match(name) or name != name.lower():
                problems[f"{i}.name"] = f"bad command name {name!r}"
            if not 1 <= len(cmd.get("description", "")) <= 100:
                problems[f"{i}.description"] = "description must be 1..100 characters"
            _check_options(cmd.get("options", []), f"{i}.options", problems)
    return problems


def register(router: Router, fake: FakeDiscord) -> None:
    app = str(fake.application_id)

    def own_app(application_id: str) -> None:
        if application_id != app:
            raise ApiError(403, 50001, "Missing Access")

    async def users_me(req: Req) -> Any:
        fake.login_count += 1
        fake.pulse.fire()
        return fake.bot_user.to_dict() | {"verified": True, "mfa_enabled": False}

    async def app_info(req: Req) -> Any:
        return {
            "id": app,
            "name": fake.bot_user.name,
            "icon": None,
            "description": "",
            "summary": "",
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": fake.owner.to_dict(),
            "verify_key": "0" * 64,
            "team": None,
            "flags": fake.application_flags,
            "bot": fake.bot_user.to_dict(),
            "redirect_uris": [],
            "interactions_endpoint_url": None,
        }

    async def gateway(req: Req) -> Any:
        return {"url": fake.gateway_url}

    async def gateway_bot(req: Req) -> Any:
        limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
        return {"url": fake.gateway_url, "shards": 1, "session_start_limit": limit}

    # -- application commands --------------------------------------------------------------
    def stored(guild_id: int | None, cmd: dict[str, Any]) -> dict[str, Any]:
        key = (guild_id, cmd.get("type", 1), cmd["name"])
        cid = fake.command_ids.setdefault(key, fake.world.ids.next())
        out = dict(cmd)
        out.update(
            id=str(cid),
            application_id=app,
            version=str(fake.world.ids.next()),
            type=cmd.get("type", 1),
            default_member_permissions=cmd.get("default_member_permissions"),
            nsfw=cmd.get("nsfw", False),
        )
        out.setdefault("description", "")
        if guild_id is not None:
            out["guild_id"] = str(guild_id)
        return out

    def pool(guild_id: str | None) -> tuple[int | None, list[dict[str, Any]]]:
        if guild_id is None:
            return None, fake.global_commands
        gid = int(guild_id)
        if gid not in fake.world.guilds:
            raise ApiError(403, 50001, "Missing Access")
        return gid, fake.guild_commands.setdefault(gid, [])

    async def bulk_put(req: Req, application_id: str, guild_id: str | None = None) -> Any:
        own_app(application_id)
        gid, commands = pool(guild_id)
        payload = req.json if isinstance(req.json, list) else []
        problems = check_commands(payload)
        if problems:
            raise invalid_form(problems)
        commands[:] = [stored(gid, c) for c in payload]
        fake.command_syncs.append((gid, fake.login_count, list(commands)))
        fake.pulse.fire()
        return commands

    async def list_commands(req: Req, application_id: str, guild_id: str | None = None) -> Any:
        own_app(application_id)
        return pool(guild_id)[1]

    async def upsert(req: Req, application_id: str, guild_id: str | None = None) -> Any:
        own_app(application_id)
        gid, commands = pool(guild_id)
        problems = check_commands([req.body])
        if problems:
            raise invalid_form(problems)
        new = stored(gid, req.body)
        commands[:] = [c for c in commands if c["id"] != new["id"]] + [new]
        fake.pulse.fire()
        return Reply(201, new)

    def one(commands: list[dict[str, Any]], command_id: str) -> dict[str, Any]:
        for cmd in commands:
            if cmd["id"] == command_id:
                return cmd
        raise not_found("application command", 10063)

    async def get_one(
        req: Req, application_id: str, command_id: str, guild_id: str | None = None
    ) -> Any:
        own_app(application_id)
        return one(pool(guild_id)[1], command_id)

    async def delete_one(
        req: Req, application_id: str, command_id: str, guild_id: str | None = None
    ) -> Any:
        own_app(application_id)
        commands = pool(guild_id)[1]
        commands.remove(one(commands, command_id))
        return None

    async def patch_one(
        req: Req, application_id: str, command_id: str, guild_id: str | None = None
    ) -> Any:
        own_app(application_id)
        gid, commands = pool(guild_id)
        cmd = one(commands, command_id)
        cmd.update(stored(gid, cmd | req.body) | {"id": command_id})
        return cmd

    r = router.add
    r("GET", "/users/@me", users_me)
    r("GET", "/oauth2/applications/@me", app_info)
    r("GET", "/applications/@me", app_info)
    r("GET", "/gateway", gateway, auth=False)
    r("GET", "/gateway/bot", gateway_bot)
    for base in (
        "/applications/{application_id}",
        "/applications/{application_id}/guilds/{guild_id}",
    ):
        r("PUT", f"{base}/commands", bulk_put)
        r("GET", f"{base}/commands", list_commands)
        r("POST", f"{base}/commands", upsert)
        r("GET", f"{base}/commands/{{command_id}}", get_one)
        r("PATCH", f"{base}/commands/{{command_id}}", patch_one)
        r("DELETE", f"{base}/commands/{{command_id}}", delete_one)
    register_interactions(router, fake)


def register_interactions(router: Router, fake: FakeDiscord) -> None:
    def by_token(webhook_id: str, token: str) -> Interaction:
        rec = fake.interactions_by_token.get(token)
        if rec is None or webhook_id != str(fake.application_id):
            raise not_found("Webhook", 10015)
        return rec

    async def callback(req: Req, interaction_id: str, token: str) -> Any:
        rec = fake.interactions.get(int(interaction_id))
        if rec is None or rec.token != token:
            raise not_found("interaction", 10062)
        received = asyncio.get_running_loop().time()
        late = received - rec.sent_at
        if late > fake.callback_deadline:
            fake.late_interactions.append(rec)
            raise not_found("interaction", 10062)
        if rec.callbacks:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        ctype = req.body.get("type")
        data = req.body.get("data") or {}
        if ctype not in ALLOWED_CALLBACKS[rec.type]:
            raise invalid_form({"type": f"callback type {ctype} not valid for {rec.describe()}"})
        channel, bot = rec.channel, fake.bot_user
        msg: Message | None = None
        if ctype == CHANNEL_MESSAGE:
            msg_type = 20 if rec.type == 2 else 0
            msg = await create_message(
                fake, channel, bot, data, req.files, interaction=rec, msg_type=msg_type, path="data"
            )
            rec.original_id = msg.id
        elif ctype == DEFERRED_CHANNEL_MESSAGE:
            flags = LOADING | (int(data.get("flags") or 0) & EPHEMERAL)
            payload = {"content": "", "flags": flags}
            msg = await create_message(
                fake,
                channel,
                bot,
                payload,
                [],
                interaction=rec,
                extra_flags=flags,
                msg_type=20 if rec.type == 2 else 0,
                require_body=False,
            )
            rec.original_id = msg.id
        elif ctype in (DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE):
            if rec.source_message_id is None:
                raise invalid_form({"type": "no message to update"})
            rec.original_id = rec.source_message_id
            if ctype == UPDATE_MESSAGE:
                source = fake.world.messages[rec.source_message_id]
                msg = await edit_message(fake, source, data, req.files, path="data")
        elif ctype == AUTOCOMPLETE_RESULT:
            problems = check_choices(data.get("choices") or [])
            if problems:
                raise invalid_form(problems)
        elif ctype == MODAL:
            problems = check_modal(data)
            if problems:
                raise invalid_form(problems)
            rec.modal = data
        rec.callbacks.append(Callback(ctype, data, req.files, msg, at=received))
        fake.pulse.fire()
        if not req.flag("with_response"):
            return None
        info: dict[str, Any] = {"id": str(rec.id), "type": rec.type}
        if msg is not None:
            info.update(
                response_message_id=str(msg.id),
                response_message_loading=msg.loading,
                response_message_ephemeral=msg.ephemeral,
            )
        body: dict[str, Any] = {"interaction": info}
        if msg is not None:
            body["resource"] = {"type": ctype, "message": msg.to_dict(fake.world)}
        return body

    def target(rec: Interaction, message_id: str) -> Message:
        if message_id == "@original":
            if rec.original_id is None:
                raise not_found("Message", 10008)
            return fake.world.messages[rec.original_id]
        mid = int(message_id)
        if mid != rec.original_id and mid not in {m.id for m in rec.followups}:
            raise not_found("Message", 10008)
        return fake.world.messages[mid]

    async def followup(req: Req, webhook_id: str, token: str) -> Any:
        rec = by_token(webhook_id, token)
        if not rec.callbacks:
            raise not_found("Webhook", 10015)
        channel = rec.channel
        if req.query.get("thread_id"):
            channel = fake.world.channels[int(req.query["thread_id"])]
        original = fake.world.messages.get(rec.original_id or 0)
        first_after_defer = (
            rec.callbacks[0].type == DEFERRED_CHANNEL_MESSAGE
            and original is not None
            and original.loading
            and not rec.followups
        )
        if first_after_defer:  # Discord turns the "thinking..." message into this followup
            msg = await edit_message(fake, original, req.body, req.files)
        else:
            msg = await create_message(
                fake, channel, fake.bot_user, req.body, req.files, interaction=rec
            )
        rec.followups.append(msg)
        fake.pulse.fire()
        return msg.to_dict(fake.world) if req.flag("wait") else None

    async def get_msg(req: Req, webhook_id: str, token: str, message_id: str) -> Any:
        msg = target(by_token(webhook_id, token), message_id)
        if msg.deleted:
            raise not_found("Message", 10008)
        return msg.to_dict(fake.world)

    async def edit_msg(req: Req, webhook_id: str, token: str, message_id: str) -> Any:
        msg = target(by_token(webhook_id, token), message_id)
        await edit_message(fake, msg, req.body, req.files)
        return msg.to_dict(fake.world)

    async def delete_msg(req: Req, webhook_id: str, token: str, message_id: str) -> Any:
        await delete_message(fake, target(by_token(webhook_id, token), message_id))
        return None

    r = router.add
    r("POST", "/interactions/{interaction_id}/{token}/callback", callback, auth=False)
    r("POST", "/webhooks/{webhook_id}/{token}", followup, auth=False)
    r("GET", "/webhooks/{webhook_id}/{token}/messages/{message_id}", get_msg, auth=False)
    r("PATCH", "/webhooks/{webhook_id}/{token}/messages/{message_id}", edit_msg, auth=False)
    r("DELETE", "/webhooks/{webhook_id}/{token}/messages/{message_id}", delete_msg, auth=False)
