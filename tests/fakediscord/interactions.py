"""Building INTERACTION_CREATE payloads the way Discord's client and API would.

The driver refuses what a real Discord client would not let a user send (unknown options,
a button that is not on the message, a value not among a select's options) with ValueError.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from .model import DM, Channel, Message, User
from .records import Interaction

if TYPE_CHECKING:
    from .server import FakeDiscord

APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10


def find_command(fake: FakeDiscord, channel: Channel, name: str, ctype: int = 1) -> dict:
    pools = []
    if channel.guild_id is not None:
        pools.append(fake.guild_commands.get(channel.guild_id, []))
    pools.append(fake.global_commands)
    for pool in pools:
        for cmd in pool:
            if cmd["name"] == name and cmd.get("type", 1) == ctype:
                return cmd
    synced = sorted({c["name"] for pool in pools for c in pool})
    raise ValueError(f"no synced command {name!r} visible in {channel.name!r}; synced: {synced}")


def _option_schema(schema: list[dict], name: str, where: str) -> dict:
    for opt in schema:
        if opt["name"] == name:
            return opt
    names = [o["name"] for o in schema]
    raise ValueError(f"{where} has no option {name!r}; it has {names}")


class OptionBuilder:
    def __init__(self, fake: FakeDiscord, user: User, channel: Channel) -> None:
        self.fake, self.user, self.channel = fake, user, channel
        self.resolved: dict[str, dict[str, Any]] = {}

    def _resolve_user(self, value: Any) -> str:
        uid = value.id if isinstance(value, User) else int(value)
        user = self.fake.world.users[uid]
        self.resolved.setdefault("users", {})[str(uid)] = user.to_dict()
        if self.channel.guild_id is not None:
            guild = self.fake.world.guilds[self.channel.guild_id]
            member = self.fake.world.member_dict(user, guild, self.channel)
            member.pop("user")
            self.resolved.setdefault("members", {})[str(uid)] = member
        return str(uid)

    def _resolve_channel(self, value: Any, opt: dict) -> str:
        cid = value.id if isinstance(value, Channel) else int(value)
        channel = self.fake.world.channels[cid]
        allowed = opt.get("channel_types")
        if allowed and channel.type not in allowed:
            raise ValueError(f"option {opt['name']!r} takes channel types {allowed}")
        data = channel.to_dict(self.fake.world)
        data["permissions"] = str(self.fake.world.permissions(self.user.id, channel))
        self.resolved.setdefault("channels", {})[str(cid)] = data
        return str(cid)

    def convert(self, opt: dict, value: Any) -> Any:
        otype, name = opt["type"], opt["name"]
        if otype == STRING:
            if not isinstance(value, str):
                raise ValueError(f"option {name!r} takes a string, got {value!r}")
            low, high = opt.get("min_length", 0), opt.get("max_length", 6000)
            if not low <= len(value) <= high:
                raise ValueError(f"option {name!r}: length must be in {low}..{high}")
        elif otype in (INTEGER, NUMBER):
            ok = isinstance(value, int) if otype == INTEGER else isinstance(value, int | float)
            if not ok or isinstance(value, bool):
                raise ValueError(f"option {name!r} takes a number, got {value!r}")
            if "min_value" in opt and value < opt["min_value"]:
                raise ValueError(f"option {name!r}: {value} < min_value {opt['min_value']}")
            if "max_value" in opt and value > opt["max_value"]:
                raise ValueError(f"option {name!r}: {value} > max_value {opt['max_value']}")
        elif otype == BOOLEAN:
            if not isinstance(value, bool):
                raise ValueError(f"option {name!r} takes a bool, got {value!r}")
        elif otype in (USER, MENTIONABLE):
            return self._resolve_user(value)
        elif otype == CHANNEL:
            return self._resolve_channel(value, opt)
        else:
            raise NotImplementedError(f"option type {otype} (option {name!r}) is not supported")
        choices = opt.get("choices")
        if choices and value not in [c["value"] for c in choices]:
            raise ValueError(f"option {name!r} must be one of {[c['value'] for c in choices]}")
        return value

    def build(
        self,
        command: dict,
        options: dict[str, Any],
        subcommand: str | None,
        focused: str | None = None,
    ) -> list[dict[str, Any]]:
        schema = command.get("options", [])
        path: list[dict] = []
        for part in (subcommand or "").split():
            opt = _option_schema(schema, part, f"/{command['name']}")
            if opt["type"] not in (SUB_COMMAND, SUB_COMMAND_GROUP):
                raise ValueError(f"{part!r} is not a subcommand of /{command['name']}")
            path.append(opt)
            schema = opt.get("options", [])
        if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in schema):
            raise ValueError(f"/{command['name']} needs a subcommand (subcommand=...)")
        where = " ".join(["/" + command["name"], *(p["name"] for p in path)])
        built = []
        for name, value in options.items():
            opt = _option_schema(schema, name, where)
            if name == focused:
                if not opt.get("autocomplete"):
                    raise ValueError(f"option {name!r} of {where} has no autocomplete")
                built.append(
                    {"name": name, "type": opt["type"], "value": str(value), "focused": True}
                )
            else:
                built.append({"name": name, "type": opt["type"], "value": self.convert(opt, value)})
        if focused is None:
            missing = [o["name"] for o in schema if o.get("required") and o["name"] not in options]
            if missing:
                raise ValueError(f"{where} is missing required options {missing}")
        for opt in reversed(path):
            built = [{"name": opt["name"], "type": opt["type"], "options": built}]
        return built


def check_command_permission(
    fake: FakeDiscord, command: dict, user: User, channel: Channel
) -> None:
    required = command.get("default_member_permissions")
    if required is None or channel.guild_id is None:
        return
    have = fake.world.permissions(user.id, channel)
    if int(required) & ~have and not have & (1 << 3):
        raise PermissionError(f"{user.name} may not use /{command['name']} (permissions)")


def new_interaction(
    fake: FakeDiscord,
    itype: int,
    user: User,
    channel: Channel,
    data: dict[str, Any],
    *,
    message: Message | None = None,
    locale: str = "en-US",
    age: float = 0.0,
) -> Interaction:
    """An interaction as Discord makes it; ``age``: seconds since Discord made it (its id's
    time), for one that reaches the bot late."""
    world = fake.world
    if channel.type != DM and not world.permissions(user.id, channel):
        raise PermissionError(f"{user.name} cannot see #{channel.name}")
    iid = world.ids.next() - (round(age * 1000) << 22)
    token = "aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48)
    chan = channel.to_dict(world)
    chan["permissions"] = str(world.permissions(user.id, channel))
    payload: dict[str, Any] = {
        "id": str(iid),
        "application_id": str(fake.application_id),
        "type": itype,
        "data": data,
        "token": token,
        "version": 1,
        "channel_id": str(channel.id),
        "channel": chan,
        "app_permissions": str(world.permissions(fake.bot_user.id, channel)),
        "locale": locale,
        "entitlements": [],
        "entitlement_sku_ids": [],
        "attachment_size_limit": 10 * 1024 * 1024,
    }
    if channel.guild_id is not None:
        guild = world.guilds[channel.guild_id]
        payload.update(
            guild_id=str(guild.id),
            guild={"id": str(guild.id), "locale": "en-US", "features": []},
            guild_locale="en-US",
            member=world.member_dict(user, guild, channel),
            authorizing_integration_owners={"0": str(guild.id)},
            context=0,
        )
    else:
        payload.update(user=user.to_dict(), authorizing_integration_owners={"0": "0"}, context=1)
    if message is not None:
        payload["message"] = message.to_dict(world)
    return Interaction(
        id=iid,
        token=token,
        type=itype,
        payload=payload,
        user=user,
        channel=channel,
        fake=fake,
        source_message_id=message.id if message is not None else None,
    )


def component_data(
    fake: FakeDiscord, user: User, message: Message, custom_id: str, values: list[Any] | None
) -> dict[str, Any]:
    """data for a button click (values None) or a select (values given)."""
    if message.deleted:
        raise ValueError(f"message {message.id} was deleted")
    if message.ephemeral and message.interaction_metadata is not None:
        owner = int(message.interaction_metadata["user"]["id"])
        if owner != user.id:
            raise PermissionError(f"{user.name} cannot see an ephemeral message for someone else")
    comp = message.component(custom_id)
    if comp is None:
        raise ValueError(
            f"no component {custom_id!r} on message {message.id}: {message.custom_ids}"
        )
    if comp.get("disabled"):
        raise ValueError(f"component {custom_id!r} is disabled")
    ctype = comp["type"]
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": ctype}
    if comp.get("id") is not None:
        data["id"] = comp["id"]
    if values is None:
        if ctype != 2:
            raise ValueError(f"{custom_id!r} is a select (type {ctype}); use select()")
        return data
    if ctype == 2:
        raise ValueError(f"{custom_id!r} is a button; use click()")
    low, high = comp.get("min_values", 1), comp.get("max_values", 1)
    if not low <= len(values) <= high:
        raise ValueError(f"select {custom_id!r} takes {low}..{high} values, got {len(values)}")
    if ctype == 3:
        allowed = [o["value"] for o in comp.get("options", [])]
        bad = [v for v in values if v not in allowed]
        if bad:
            raise ValueError(f"select {custom_id!r} has no option(s) {bad}; options: {allowed}")
        data["values"] = list(values)
        return data
    channel = fake.world.channels[message.channel_id]
    builder = OptionBuilder(fake, user, channel)
    if ctype == 5:
        data["values"] = [builder._resolve_user(v) for v in values]
    elif ctype == 8:
        data["values"] = [builder._resolve_channel(v, {"name": custom_id}) for v in values]
    else:
        raise NotImplementedError(f"select type {ctype} is not supported")
    data["resolved"] = builder.resolved
    return data


def modal_data(modal: dict[str, Any], values: dict[str, str]) -> dict[str, Any]:
    """MODAL_SUBMIT data mirroring the modal's layout (action rows or labels)."""
    unknown = set(values)

    def answer(comp: dict[str, Any]) -> dict[str, Any]:
        cid = comp["custom_id"]
        unknown.discard(cid)
        value = values.get(cid, "")
        if comp.get("required", True) and not value:
            raise ValueError(f"modal field {cid!r} is required")
        low, high = comp.get("min_length", 0), comp.get("max_length", 4000)
        if value and not low <= len(value) <= high:
            raise ValueError(f"modal field {cid!r}: length must be in {low}..{high}")
        return {"type": comp["type"], "custom_id": cid, "value": value}

    rows = []
    for top in modal.get("components", []):
        if top.get("type") == 1:
            rows.append({"type": 1, "components": [answer(c) for c in top["components"]]})
        elif top.get("type") == 18:
            rows.append({"type": 18, "component": answer(top["component"])})
    if unknown:
        raise ValueError(f"the modal has no field(s) {sorted(unknown)}")
    return {"custom_id": modal["custom_id"], "components": rows}
