"""The gateway websocket: HELLO, IDENTIFY/READY, heartbeats, RESUME, dispatches.

Shards as Discord runs them: a session that identifies with ``shard: [i, n]`` gets the guilds
whose ``(guild_id >> 22) % n`` is ``i`` (in READY, GUILD_CREATE) and their events, direct
messages on shard 0. Each shard's latest session takes its events; a shard whose process is
gone gets none (an interaction there fails, as on Discord).

Frames go out as plain text JSON: discord.py asks for zlib-stream but decompresses only binary
frames and parses text frames as they are.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from .server import FakeDiscord

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, RESUME = 0, 1, 2, 3, 6
RECONNECT, REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 7, 8, 9, 10, 11

GUILD_MEMBERS = 1 << 1
GUILD_PRESENCES = 1 << 8
GUILD_MESSAGES = 1 << 9
DIRECT_MESSAGES = 1 << 12
MESSAGE_CONTENT = 1 << 15
PRIVILEGED = GUILD_MEMBERS | GUILD_PRESENCES | MESSAGE_CONTENT


@dataclass(eq=False)
class Session:
    id: str
    intents: int
    shard: list[int] | None
    seq: int = 0
    events: list[dict[str, Any]] = field(default_factory=list)
    ws: web.WebSocketResponse | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    ready: bool = False  # READY (or RESUMED) went out on the current connection
    invalid: bool = False
    login_index: int = 0
    resumes: int = 0

    @property
    def connected(self) -> bool:
        return self.ws is not None and not self.ws.closed


class Gateway:
    def __init__(self, fake: FakeDiscord, heartbeat_interval: int = 41250) -> None:
        self.fake = fake
        self.heartbeat_interval = heartbeat_interval
        self.sessions: dict[str, Session] = {}
        self.current: Session | None = None
        self.shards: dict[int, Session] = {}
        """The latest session of each shard, once a bot identified with shards."""
        self.received: list[dict[str, Any]] = []  # every payload the client sent
        self.connect_queries: list[dict[str, str]] = []
        self._sockets: set[web.WebSocketResponse] = set()

    # -- server side -------------------------------------------------------------------------
    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(autoclose=False, max_msg_size=0)
        await ws.prepare(request)
        self.connect_queries.append(dict(request.query))
        self._sockets.add(ws)
        session: Session | None = None
        try:
            await self._send(
                ws, {"op": HELLO, "d": {"heartbeat_interval": self.heartbeat_interval}}
            )
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                payload = json.loads(msg.data)
                self.received.append(payload)
                session = await self._on_payload(ws, payload, session) or session
        finally:
            # Mark the session gone before answering the close frame, so that once the client's
            # close() returns the fake already knows.
            self._sockets.discard(ws)
            if session is not None and session.ws is ws:
                session.ws = None
                session.ready = False
                self.fake.pulse.fire()
            if not ws.closed:
                await ws.close()
        return ws

    async def _on_payload(
        self, ws: web.WebSocketResponse, payload: dict[str, Any], session: Session | None
    ) -> Session | None:
        op, data = payload.get("op"), payload.get("d")
        if op == HEARTBEAT:
            await self._send(ws, {"op": HEARTBEAT_ACK})
        elif op == IDENTIFY:
            return await self._identify(ws, data)
        elif op == RESUME:
            return await self._resume(ws, data)
        elif op == REQUEST_MEMBERS and session is not None:
            await self._members_chunk(session, data)
        return None

    async def _identify(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> Session | None:
        fake = self.fake
        if data.get("token") != fake.token:
            await ws.close(code=4004, message=b"Authentication failed.")
            return None
        intents = int(data.get("intents", 0))
        if intents & PRIVILEGED & ~fake.privileged_intents:
            await ws.close(code=4014, message=b"Disallowed intent(s).")
            return None
        session = Session(secrets.token_hex(16), intents, data.get("shard"), ws=ws)
        session.login_index = fake.login_count
        self.sessions[session.id] = session
        self.current = session
        if session.shard is not None:
            self.shards[session.shard[0]] = session
        guilds = list(fake.world.guilds)
        if session.shard is not None:
            index, count = session.shard
            guilds = [g for g in guilds if (g >> 22) % count == index]
        ready = {
            "v": 10,
            "user": fake.bot_user.to_dict() | {"verified": True, "mfa_enabled": False},
            "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": fake.gateway_url,
            "application": {"id": str(fake.application_id), "flags": fake.application_flags},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "user_settings": {},
            "auth": {},
        }
        if session.shard is not None:
            ready["shard"] = session.shard
        await self.dispatch("READY", ready, session=session)
        for guild_id in guilds:
            await self.dispatch("GUILD_CREATE", fake.guild_create(guild_id), session=session)
        session.ready = True
        fake.pulse.fire()
        return session

    async def _resume(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> Session | None:
        session = self.sessions.get(data.get("session_id", ""))
        seq = data.get("seq") or 0
        if (
            session is None
            or session.invalid
            or data.get("token") != self.fake.token
            or seq > session.seq
        ):
            await self._send(ws, {"op": INVALID_SESSION, "d": False})
            return None
        if session.connected and session.ws is not ws:
            await session.ws.close(code=4000)
        session.ws = ws
        session.resumes += 1
        self.current = session
        if session.shard is not None:
            self.shards[session.shard[0]] = session
        for event in [e for e in session.events if e["s"] > seq]:
            await self._send(ws, event, session.lock)
        await self.dispatch("RESUMED", {}, session=session)
        session.ready = True
        self.fake.pulse.fire()
        return session

    async def _members_chunk(self, session: Session, data: dict[str, Any]) -> None:
        fake = self.fake
        guild = fake.world.guilds.get(int(data.get("guild_id", 0)))
        if guild is None:
            return
        query = (data.get("query") or "").lower()
        wanted = {int(u) for u in data.get("user_ids") or []}
        members = [
            fake.world.member_dict(u, guild)
            for u in fake.world.users.values()
            if (not wanted or u.id in wanted) and u.name.lower().startswith(query)
        ]
        limit = data.get("limit") or 0
        chunk = {
            "guild_id": str(guild.id),
            "members": members[:limit] if limit else members,
            "chunk_index": 0,
            "chunk_count": 1,
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        await self.dispatch("GUILD_MEMBERS_CHUNK", chunk, session=session)

    async def _send(
        self, ws: web.WebSocketResponse, payload: dict[str, Any], lock: asyncio.Lock | None = None
    ) -> None:
        if ws.closed:
            return
        text = json.dumps(payload)
        try:
            if lock is None:
                await ws.send_str(text)
            else:
                async with lock:
                    await ws.send_str(text)
        except (ConnectionResetError, RuntimeError):
            pass  # the client went away; a RESUME will replay the event

    # -- used by the fake --------------------------------------------------------------------
    def route(self, guild_id: int | None) -> Session | None:
        """The session that gets ``guild_id``'s events (None: a DM): the current one, or with
        shards the latest session of the guild's shard (None if it has none)."""
        if not self.shards:
            return self.current
        count = next(iter(self.shards.values())).shard[1]
        return self.shards.get((guild_id >> 22) % count if guild_id else 0)

    async def dispatch(
        self,
        event: str,
        data: dict[str, Any],
        *,
        session: Session | None = None,
        intent: int = 0,
    ) -> bool:
        """Send a DISPATCH to the bot (or buffer it for a RESUME). False if filtered out.
        Without ``session``: the session of the guild's shard (see :meth:`route`)."""
        if session is None:
            guild = data.get("id") if event == "GUILD_CREATE" else data.get("guild_id")
            session = self.route(int(guild) if guild else None)
        if session is None or session.invalid:
            return False
        if intent and not session.intents & intent:
            return False
        session.seq += 1
        payload = {"op": DISPATCH, "t": event, "s": session.seq, "d": data}
        session.events.append(payload)
        if session.ws is not None:
            await self._send(session.ws, payload, session.lock)
        return True

    async def drop(self, code: int = 4000) -> None:
        """Close the bot's socket with a resumable code; discord.py reconnects and RESUMEs."""
        session = self.current
        if session is not None and session.ws is not None:
            ws, session.ws, session.ready = session.ws, None, False
            await ws.close(code=code, message=b"fake discord dropped the connection")

    async def send_op(self, op: int, data: Any = None) -> None:
        session = self.current
        if session is None or session.ws is None:
            raise RuntimeError("fake discord: the bot is not connected")
        if op == INVALID_SESSION and not data:
            session.invalid = True
        await self._send(session.ws, {"op": op, "d": data}, session.lock)

    async def close_all(self, code: int) -> None:
        for ws in list(self._sockets):
            await ws.close(code=code, message=b"fake discord stopped")
