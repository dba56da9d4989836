"""What a user finally sees of the bot's answer to one interaction, however it was given.

The bot acknowledges first and answers after (``bot/discord/answers.py``): a click gets a deferred
update (type 6), then either a private followup (a refusal) or an edit of the clicked message;
a command gets a private "thinking..." (type 5) that its first followup turns into the answer.
A few answers come at once (type 4 or 7). ``answer(rec)`` waits for the final one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tests.fakediscord.records import (
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE_MESSAGE,
    UPDATE_MESSAGE,
)


@dataclass
class Answer:
    message: Any
    """The message the user sees: the private answer, or the clicked message as edited."""
    updated: bool
    """True when the answer is the clicked message, edited (no private answer)."""

    @property
    def content(self) -> str:
        return self.message.content

    @property
    def ephemeral(self) -> bool:
        return self.message.ephemeral

    @property
    def custom_ids(self) -> list[str]:
        return self.message.custom_ids

    @property
    def components(self) -> list[dict[str, Any]]:
        return self.message.components

    @property
    def attachments(self):
        return self.message.attachments


def _edited(rec) -> bool:
    return any(
        r.method == "PATCH" and rec.token in r.path and "@original" in r.path and r.status
        for r in rec.fake.requests
    )


async def answer(rec, timeout: float | None = None) -> Answer:
    """The final answer to the interaction ``rec``."""
    fake = rec.fake
    first = await rec.response(timeout)
    if first.type == CHANNEL_MESSAGE:
        return Answer(first.message, updated=False)
    if first.type == UPDATE_MESSAGE:
        return Answer(first.message, updated=True)
    if first.type == DEFERRED_CHANNEL_MESSAGE:
        message = await rec.original(lambda m: not m.loading, timeout)
        return Answer(message, updated=False)
    assert first.type == DEFERRED_UPDATE_MESSAGE, first

    def settled() -> Answer | None:
        if rec.followups:
            return Answer(rec.followups[0], updated=False)
        if _edited(rec):
            return Answer(fake.world.messages[rec.original_id], updated=True)
        return None

    return await fake.pulse.wait_for(settled, timeout or fake.timeout, f"the answer to {rec}")
