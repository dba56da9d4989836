"""FakeDiscord: the server, the world it holds, and the driver API tests use."""

from __future__ import annotations

import asyncio
import inspect
import logging
import traceback
from collections.abc import Awaitable, Callable
from typing import Any

import discord.http
import yarl
from aiohttp import web
from discord.gateway import DiscordWebSocket

from . import rest_app, rest_channels
from .driver import Driver
from .gateway import PRIVILEGED, Gateway
from .holds import Dropped, Hold
from .model import (
    BOT_PERMISSIONS,
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    DM,
    EVERYONE_PERMISSIONS,
    SEND_MESSAGES,
    TEXT,
    Attachment,
    Channel,
    Guild,
    User,
    iso_now,
)
from .records import Interaction, Pulse, RequestRecord
from .routing import ApiError, Reply, Req, Router, json_response, parse_body
from .world import World, number_components

log = logging.getLogger(__name__)


class FakeDiscord(Driver):
    """A fake Discord on 127.0.0.1: ``async with FakeDiscord() as fake: ...``.

    While running, discord.py's REST base URL and default gateway point at it.
    """

    def __init__(
        self,
        *,
        token: str = "fake-token",
        bot_name: str = "Parlor",
        timeout: float = 5.0,
        callback_deadline: float = 3.0,
        privileged_intents: int = PRIVILEGED,
        heartbeat_interval: int = 41250,
        error_loggers: tuple[str, ...] = ("discord", "bot", "asyncio"),
    ) -> None:
        self.token = token
        self.timeout = timeout
        self.callback_deadline = callback_deadline
        self.privileged_intents = privileged_intents
        self.world = World()
        self.pulse = Pulse()
        self.error_loggers = error_loggers
        self.bot_user = self._new_user(bot_name, bot=True)
        self.owner = self._new_user("server-owner")
        self.application_id = self.bot_user.id
        self.application_flags = 0
        self.gateway = Gateway(self, heartbeat_interval)
        self.router = Router()
        rest_app.register(self.router, self)
        rest_channels.register(self.router, self)
        self.requests: list[RequestRecord] = []
        self.before_reply: list[Callable[[RequestRecord], Awaitable[None] | None]] = []
        """Called (and awaited, if it returns an awaitable) with each REST request done (its
        status and response set) before the bot gets the reply: a test may stop the bot, or
        its database, there (a crash between a post and what the bot does with the reply)."""
        self.internal_errors: list[str] = []
        self.interactions: dict[int, Interaction] = {}
        self.interactions_by_token: dict[str, Interaction] = {}
        self.late_interactions: list[Interaction] = []
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self.command_ids: dict[tuple[int | None, int, str], int] = {}
        self.command_syncs: list[tuple[int | None, int, list[dict[str, Any]]]] = []
        self.attachment_data: dict[int, Attachment] = {}
        self.dm_closed: set[int] = set()
        self.leftover_tasks: list[str] = []  # discord.py tasks still pending after a close
        self.login_count = 0
        self.port = 0
        self._runner: web.AppRunner | None = None
        self._saved: tuple[str, yarl.URL] | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self.holds: list[Hold] = []

    # -- lifecycle ---------------------------------------------------------------------------
    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/attachments/{channel}/{aid}/{filename}", self._cdn)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._api)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]
        self._saved = (discord.http.Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)
        for name in (*self.error_loggers, log.name):
            logging.getLogger(name).addHandler(self.pulse)
        discord.http.Route.BASE = self.api_url
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)

    def hold(
        self, method: str, route: str, predicate: Callable[[RequestRecord], bool] | None = None
    ) -> Hold:
        """Hold the next request to ``route`` (a template, as ``requests_to`` takes) that
        ``predicate`` accepts, before it does anything (``tests/fakediscord/holds.py``)."""
        hold = Hold(self, method, route, predicate)
        self.holds.append(hold)
        return hold

    async def stop(self) -> None:
        """Stop serving. Close the bot first: a still-connected bot is cut off with 4004."""
        for hold in self.holds:  # nothing is left waiting on a test that forgot one
            hold.drop()
        if self._tasks:
            await asyncio.wait(self._tasks, timeout=self.timeout)
        await self.gateway.close_all(code=4004)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        for name in (*self.error_loggers, log.name):
            logging.getLogger(name).removeHandler(self.pulse)
        if self._saved is not None:
            discord.http.Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = self._saved
            self._saved = None

    @property
    def http_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_url(self) -> str:
        return f"{self.http_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    # -- HTTP plumbing -----------------------------------------------------------------------
    async def _api(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["tail"]
        rec = RequestRecord(request.method, path, dict(request.query))
        self.requests.append(rec)
        try:
            rec.json, rec.files = body, files = await parse_body(request)
            match = self.router.match(request.method, path)
            if match is None:
                raise ApiError(404, 0, "404: Not Found")
            rec.route, handler, params, auth = match
            if auth and request.headers.get("Authorization") != f"Bot {self.token}":
                raise ApiError(401, 0, "401: Unauthorized")
            req = Req(request.method, path, rec.query, dict(request.headers), body, files, rec)
            for hold in self.holds:
                if hold.matches(rec):
                    await hold.keep(rec)
            result = await handler(req, **params)
            status, out = (
                (result.status, result.body) if isinstance(result, Reply) else (200, result)
            )
        except ApiError as exc:
            status, out = exc.status, exc.body()
        except Dropped:  # a request its sender died making: Discord never saw it
            self.requests.remove(rec)
            return web.Response(status=503)
        except Exception as exc:  # a bug in the fake: answer 400 (no retries) and remember it
            self.internal_errors.append(traceback.format_exc())
            log.exception("fake discord failed on %s %s", request.method, path)
            status, out = 400, {"message": f"fake discord internal error: {exc!r}", "code": 0}
        rec.status = 204 if out is None and status < 300 else status
        rec.response = out
        for hook in list(self.before_reply):
            if inspect.isawaitable(done := hook(rec)):
                await done
        self.pulse.fire()
        return json_response(rec.status, out)

    async def _cdn(self, request: web.Request) -> web.Response:
        att = self.attachment_data.get(int(request.match_info["aid"]))
        if att is None:
            return web.Response(status=404)
        return web.Response(
            body=att.data, content_type=att.content_type or "application/octet-stream"
        )

    def _background(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- building the world ------------------------------------------------------------------
    def _new_user(self, name: str, *, bot: bool = False, permissions: int = 0) -> User:
        user = User(self.world.ids.next(), name, bot=bot, extra_permissions=permissions)
        self.world.users[user.id] = user
        return user

    def add_user(self, name: str, *, permissions: int = 0) -> User:
        """A human member of every guild; ``permissions`` adds to @everyone's."""
        return self._new_user(name, permissions=permissions)

    def add_guild(
        self,
        name: str = "Parlor Test Server",
        *,
        bot_permissions: int = BOT_PERMISSIONS,
        everyone_permissions: int = EVERYONE_PERMISSIONS,
        shard: tuple[int, int] | None = None,
    ) -> Guild:
        """A guild the bot is in; ``shard=(index, count)``: one whose id falls on that shard."""
        ids = self.world.ids
        guild_id = ids.next_on_shard(*shard) if shard else ids.next()
        guild = Guild(guild_id, name, self.owner.id, ids.next(), bot_permissions)
        guild.everyone_permissions = everyone_permissions
        self.world.guilds[guild.id] = guild
        if self.gateway.current is not None and self.gateway.route(guild.id) is not None:
            self._background(self.gateway.dispatch("GUILD_CREATE", self.guild_create(guild.id)))
        return guild

    def add_text_channel(
        self,
        guild: Guild,
        name: str,
        *,
        bot_can_create_threads: bool = True,
        bot_can_send: bool = True,
        overwrites: list[dict[str, Any]] | None = None,
    ) -> Channel:
        deny = 0 if bot_can_create_threads else CREATE_PUBLIC_THREADS | CREATE_PRIVATE_THREADS
        deny |= 0 if bot_can_send else SEND_MESSAGES
        overwrites = list(overwrites or [])
        if deny:
            overwrites.append(
                {"id": str(guild.bot_role_id), "type": 0, "allow": "0", "deny": str(deny)}
            )
        position = len(self.world.guild_channels(guild.id))
        channel = Channel(
            self.world.ids.next(), TEXT, name, guild.id, position=position, overwrites=overwrites
        )
        self.world.channels[channel.id] = channel
        if self.gateway.current is not None:
            self._background(self.gateway.dispatch("CHANNEL_CREATE", channel.to_dict(self.world)))
        return channel

    def dm_channel(self, user: User) -> Channel:
        for channel in self.world.channels.values():
            if channel.type == DM and channel.recipient_ids == [user.id]:
                return channel
        channel = Channel(self.world.ids.next(), DM, "", recipient_ids=[user.id])
        self.world.channels[channel.id] = channel
        return channel

    def close_dms(self, user: User) -> None:
        """The user does not accept DMs from the bot (50007 on send)."""
        self.dm_closed.add(user.id)

    def guild_create(self, guild_id: int) -> dict[str, Any]:
        return self.world.guild_create(guild_id)

    def thread_member(self, thread: Channel, user_id: int) -> dict[str, Any]:
        return self.world.thread_member(thread, user_id)

    def number_components(self, components: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return number_components(components)

    @staticmethod
    def now_iso() -> str:
        return iso_now()
