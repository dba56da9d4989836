"""The test-side API of FakeDiscord: waiting, sending interactions, inspecting what happened."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .gateway import INVALID_SESSION, RECONNECT
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    OptionBuilder,
    check_command_permission,
    component_data,
    find_command,
    modal_data,
    new_interaction,
)
from .messages import create_message
from .model import Channel, Message, User
from .records import MODAL, Interaction, RequestRecord

if TYPE_CHECKING:
    pass

Where = Channel | int
After = Message | Interaction | Channel | int | None


def _after_id(after: After) -> int:
    return 0 if after is None else after if isinstance(after, int) else after.id


class Driver:
    """Mixed into FakeDiscord; ``self`` is the FakeDiscord."""

    # -- looking and waiting -----------------------------------------------------------------
    def channel(self, where: Where) -> Channel:
        return where if isinstance(where, Channel) else self.world.channels[where]

    def message(self, message: Message | int) -> Message:
        return message if isinstance(message, Message) else self.world.messages[message]

    @property
    def commands(self) -> list[dict[str, Any]]:
        """The global commands as last synced (with ids)."""
        return self.global_commands

    def messages_in(self, where: Where, *, include_ephemeral: bool = False) -> list[Message]:
        channel = self.channel(where)
        if not include_ephemeral:
            return [self.world.messages[m] for m in channel.message_ids]
        msgs = self.world.messages.values()
        return [m for m in msgs if m.channel_id == channel.id and not m.deleted]

    def threads_of(self, where: Where) -> list[Channel]:
        parent = self.channel(where)
        return [c for c in self.world.channels.values() if c.parent_id == parent.id]

    async def wait_until(self, check: Callable[[], Any], what: str, timeout: float | None = None):
        return await self.pulse.wait_for(check, timeout or self.timeout, what)

    async def wait_ready(self, timeout: float | None = None, *, sync: bool = True) -> None:
        """The bot is connected and identified (and, with sync, synced its commands)."""

        def check() -> bool:
            s = self.gateway.current
            if s is None or not s.ready or not s.connected:
                return False
            return not sync or any(login == s.login_index for _, login, _ in self.command_syncs)

        await self.wait_until(check, "the bot to connect" + (" and sync" if sync else ""), timeout)

    async def wait_shards_ready(self, count: int, syncs: int, timeout: float | None = None) -> None:
        """Every one of ``count`` shards has a session connected and identified (the bot's
        processes split them), and ``syncs`` command syncs came (one per process)."""

        def check() -> bool:
            sessions = [self.gateway.shards.get(i) for i in range(count)]
            if any(s is None or not s.ready or not s.connected for s in sessions):
                return False
            return len(self.command_syncs) >= syncs

        await self.wait_until(check, f"{count} shards to connect and sync", timeout)

    async def wait_for_message(
        self,
        where: Where,
        predicate: Callable[[Message], bool] | None = None,
        *,
        after: After = None,
        include_ephemeral: bool = False,
        timeout: float | None = None,
    ) -> Message:
        """The first message in the channel newer than ``after`` that satisfies predicate."""
        channel, floor = self.channel(where), _after_id(after)

        def check() -> Message | None:
            for msg in self.messages_in(channel, include_ephemeral=include_ephemeral):
                if msg.id > floor and (predicate is None or predicate(msg)):
                    return msg
            return None

        return await self.wait_until(check, f"a message in #{channel.name}", timeout)

    async def wait_for_thread(
        self,
        where: Where,
        predicate: Callable[[Channel], bool] | None = None,
        *,
        after: After = None,
        timeout: float | None = None,
    ) -> Channel:
        parent, floor = self.channel(where), _after_id(after)

        def check() -> Channel | None:
            for thread in self.threads_of(parent):
                if thread.id > floor and (predicate is None or predicate(thread)):
                    return thread
            return None

        return await self.wait_until(check, f"a thread in #{parent.name}", timeout)

    # -- interactions ------------------------------------------------------------------------
    async def _send(
        self,
        itype: int,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        shard: int | None = None,
        *,
        age: float = 0.0,
        **kw: Any,
    ) -> Interaction:
        """Send an interaction to the bot: to its guild's shard, or to ``shard``'s session (a
        test may spread one game's clicks over the processes of a sharded bot). ``age``: it
        was made that many seconds ago and reaches the bot only now (Discord's 3 s for its
        answer count from when it was made)."""
        rec = new_interaction(self, itype, user, channel, data, age=age, **kw)
        self.interactions[rec.id] = rec
        self.interactions_by_token[rec.token] = rec
        rec.sent_at = asyncio.get_running_loop().time() - age
        session = None if shard is None else self.gateway.shards[shard]
        if not await self.gateway.dispatch("INTERACTION_CREATE", rec.payload, session=session):
            raise RuntimeError("fake discord: the bot has no gateway session")
        self.pulse.fire()
        return rec

    def _command_data(
        self,
        user: User,
        channel: Channel,
        name: str,
        options: dict[str, Any] | None,
        subcommand: str | None,
        focused: str | None = None,
    ) -> dict[str, Any]:
        cmd = find_command(self, channel, name)
        check_command_permission(self, cmd, user, channel)
        builder = OptionBuilder(self, user, channel)
        data: dict[str, Any] = {
            "id": cmd["id"],
            "name": name,
            "type": 1,
            "options": builder.build(cmd, options or {}, subcommand, focused),
        }
        if builder.resolved:
            data["resolved"] = builder.resolved
        if "guild_id" in cmd:
            data["guild_id"] = cmd["guild_id"]
        return data

    async def slash(
        self,
        user: User,
        where: Where,
        name: str,
        options: dict[str, Any] | None = None,
        *,
        subcommand: str | None = None,
        locale: str = "en-US",
    ) -> Interaction:
        """A user runs /name in a channel; ``subcommand`` is "sub" or "group sub"."""
        channel = self.channel(where)
        data = self._command_data(user, channel, name, options, subcommand)
        return await self._send(APPLICATION_COMMAND, user, channel, data, locale=locale)

    async def autocomplete(
        self,
        user: User,
        where: Where,
        name: str,
        focused_option: str,
        value: str,
        *,
        options: dict[str, Any] | None = None,
        subcommand: str | None = None,
        timeout: float | None = None,
    ) -> list[dict[str, Any]]:
        """The choices the bot offers while the user types ``value`` into focused_option."""
        channel = self.channel(where)
        opts = dict(options or {}) | {focused_option: value}
        data = self._command_data(user, channel, name, opts, subcommand, focused_option)
        rec = await self._send(AUTOCOMPLETE, user, channel, data)
        return (await rec.response(timeout)).choices

    async def click(
        self,
        user: User,
        message: Message | int,
        custom_id: str,
        *,
        shard: int | None = None,
        age: float = 0.0,
    ) -> Interaction:
        msg = self.message(message)
        data = component_data(self, user, msg, custom_id, None)
        return await self._send(
            MESSAGE_COMPONENT, user, self.channel(msg.channel_id), data, shard, message=msg, age=age
        )

    async def select(
        self,
        user: User,
        message: Message | int,
        custom_id: str,
        values: list[Any],
        *,
        shard: int | None = None,
        age: float = 0.0,
    ) -> Interaction:
        msg = self.message(message)
        data = component_data(self, user, msg, custom_id, list(values))
        return await self._send(
            MESSAGE_COMPONENT, user, self.channel(msg.channel_id), data, shard, message=msg, age=age
        )

    async def submit_modal(
        self, user: User, opened_by: Interaction, values: dict[str, str]
    ) -> Interaction:
        """Fill in and submit the modal the bot answered ``opened_by`` with."""
        cb = await opened_by.response()
        if cb.type != MODAL:
            raise ValueError(f"{opened_by!r} was answered with type {cb.type}, not a modal")
        data = modal_data(cb.data, values)
        msg = self.world.messages.get(opened_by.source_message_id or 0)
        return await self._send(MODAL_SUBMIT, user, opened_by.channel, data, message=msg)

    async def post_user_message(self, user: User, where: Where, content: str) -> Message:
        """A human writes in a channel (MESSAGE_CREATE reaches the bot if its intents allow)."""
        return await create_message(self, self.channel(where), user, {"content": content}, [])

    # -- the connection ----------------------------------------------------------------------
    async def drop_connection(self, code: int = 4000) -> None:
        """Cut the socket; discord.py reconnects and RESUMEs (missed events are replayed)."""
        await self.gateway.drop(code)

    async def request_reconnect(self) -> None:
        await self.gateway.send_op(RECONNECT)

    async def invalidate_session(self, resumable: bool = False) -> None:
        await self.gateway.send_op(INVALID_SESSION, resumable)

    # -- what happened -----------------------------------------------------------------------
    @property
    def unknown_routes(self) -> list[RequestRecord]:
        return [r for r in self.requests if r.route is None]

    @property
    def failed_requests(self) -> list[RequestRecord]:
        return [r for r in self.requests if r.status >= 400]

    def requests_to(self, method: str, route: str) -> list[RequestRecord]:
        """Requests matched to a route template: ("POST", "/channels/{channel_id}/messages")."""
        return [r for r in self.requests if r.method == method and r.route == route]

    def assert_clean(self, *, allow_failures: bool = False) -> None:
        """No unknown route, no fake bug, no late callback, and (by default) no 4xx at all."""
        problems = [f"unknown route {r!r}" for r in self.unknown_routes]
        problems += [f"fake discord bug:\n{tb}" for tb in self.internal_errors]
        problems += [f"callback after the deadline: {i!r}" for i in self.late_interactions]
        problems += [f"task left pending by the bot: {t}" for t in self.leftover_tasks]
        problems += [f"the bot logged an error: {e}" for e in self.pulse.errors]
        if not allow_failures:
            problems += [f"{r!r}: {r.response}" for r in self.failed_requests if r.route]
        if problems:
            raise AssertionError("fake discord saw problems:\n" + "\n".join(problems))
