"""What the fake records: requests, interaction callbacks, and a way to wait for changes."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from .model import EPHEMERAL, Attachment, Channel, Message, User, walk_components

if TYPE_CHECKING:
    from .server import FakeDiscord

T = TypeVar("T")

# Interaction callback types.
PONG, CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE = 1, 4, 5
DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE, AUTOCOMPLETE_RESULT, MODAL = 6, 7, 8, 9


class Pulse(logging.Handler):
    """Fires on every change to the fake's state; waiters re-check their condition.

    It is also a logging handler: an ERROR logged by the bot (discord.py's "Ignoring exception
    in command ...", a view callback's traceback) ends the current wait at once with that error
    instead of a timeout, and is kept in ``errors``.
    """

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self._event: asyncio.Event | None = None
        self.watched: list[asyncio.Task[Any]] = []
        self.errors: list[str] = []
        self.fail_on_errors = True
        self._reported = 0

    def emit(self, record: logging.LogRecord) -> None:
        text = f"{record.name}: {record.getMessage()}"
        if record.exc_info:
            text += "\n" + "".join(traceback.format_exception(*record.exc_info))
        self.errors.append(text)
        self.fire()

    def fire(self) -> None:
        if self._event is not None:
            self._event.set()
            self._event = None

    def _check_failures(self) -> None:
        for task in self.watched:
            if task.done() and not task.cancelled() and task.exception() is not None:
                name = task.get_name()
                raise RuntimeError(f"the bot task {name!r} crashed") from task.exception()
        if self.fail_on_errors and len(self.errors) > self._reported:
            new, self._reported = self.errors[self._reported :], len(self.errors)
            raise AssertionError("the bot logged an error:\n" + "\n".join(new))

    async def wait_for(self, check: Callable[[], T | None], timeout: float, what: str) -> T:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = check()
            if result is not None and result is not False:
                return result
            self._check_failures()
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"fake discord: timed out after {timeout}s waiting for {what}")
            if self._event is None:
                self._event = asyncio.Event()
            # Wake at least every 0.1 s so a crashed bot task is noticed quickly.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._event.wait(), min(remaining, 0.1))


@dataclass
class Upload:
    """One file part of a multipart request."""

    field: str
    filename: str | None
    data: bytes
    content_type: str | None


@dataclass
class RequestRecord:
    method: str
    path: str  # relative to /api/v10, e.g. "/channels/1/messages"
    query: dict[str, str]
    json: Any = None  # the JSON body, or the parsed payload_json of a multipart body
    files: list[Upload] = field(default_factory=list)
    status: int = 0
    response: Any = None
    route: str | None = None  # the matched route template, None when unknown

    def __repr__(self) -> str:
        return f"<{self.method} {self.path} -> {self.status}>"


@dataclass(eq=False)
class Callback:
    """One POST /interactions/{id}/{token}/callback the bot made."""

    type: int
    data: dict[str, Any]
    files: list[Upload]
    message: Message | None = None  # the message it created or updated (types 4, 5, 7)
    at: float = 0.0  # when the fake received it (event loop time, as Interaction.sent_at)

    @property
    def content(self) -> str | None:
        if self.message is not None:
            return self.message.content
        return self.data.get("content")

    @property
    def flags(self) -> int:
        if self.message is not None:
            return self.message.flags
        return int(self.data.get("flags") or 0)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.message.embeds if self.message is not None else self.data.get("embeds", [])

    @property
    def components(self) -> list[dict[str, Any]]:
        if self.message is not None:
            return self.message.components
        return self.data.get("components", [])

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in walk_components(self.components) if "custom_id" in c]

    @property
    def attachments(self) -> list[Attachment]:
        return list(self.message.attachments) if self.message is not None else []

    @property
    def choices(self) -> list[dict[str, Any]]:
        """Autocomplete answer (type 8)."""
        return self.data.get("choices", [])

    def __repr__(self) -> str:
        return f"<Callback type={self.type} content={self.content!r} flags={self.flags}>"


@dataclass(eq=False)
class Interaction:
    """An interaction the test sent, and everything the bot did with it."""

    id: int
    token: str
    type: int
    payload: dict[str, Any]
    user: User
    channel: Channel
    fake: FakeDiscord
    sent_at: float = 0.0
    callbacks: list[Callback] = field(default_factory=list)
    followups: list[Message] = field(default_factory=list)
    original_id: int | None = None  # the message @original refers to
    source_message_id: int | None = None  # for component interactions
    modal: dict[str, Any] | None = None

    @property
    def answered(self) -> bool:
        return bool(self.callbacks)

    async def response(self, timeout: float | None = None) -> Callback:
        """The bot's callback (the first and only one Discord accepts)."""
        return await self.fake.pulse.wait_for(
            lambda: self.callbacks[0] if self.callbacks else None,
            timeout or self.fake.timeout,
            f"a response to interaction {self.id} ({self.describe()})",
        )

    async def followup(self, index: int = 0, timeout: float | None = None) -> Message:
        """The index-th followup message (POST /webhooks/{app}/{token})."""
        return await self.fake.pulse.wait_for(
            lambda: self.followups[index] if len(self.followups) > index else None,
            timeout or self.fake.timeout,
            f"followup #{index} to interaction {self.id} ({self.describe()})",
        )

    async def original(
        self, predicate: Callable[[Message], bool] | None = None, timeout: float | None = None
    ) -> Message:
        """The @original response message once it satisfies predicate (e.g. after a defer)."""

        def check() -> Message | None:
            if self.original_id is None:
                return None
            msg = self.fake.world.messages[self.original_id]
            return msg if predicate is None or predicate(msg) else None

        return await self.fake.pulse.wait_for(
            check, timeout or self.fake.timeout, f"the original response of {self.describe()}"
        )

    @property
    def messages(self) -> list[Message]:
        """The original response (if it is a message) and the followups, in order."""
        out = []
        if self.original_id is not None and self.original_id != self.source_message_id:
            out.append(self.fake.world.messages[self.original_id])
        return out + [m for m in self.followups if m not in out]

    def describe(self) -> str:
        data = self.payload.get("data", {})
        what = data.get("name") or data.get("custom_id") or "?"
        return f"type {self.type} {what!r} by {self.user.name}"

    def __repr__(self) -> str:
        return f"<Interaction {self.id} {self.describe()}>"
