"""Following a game's turn messages over the fake Discord as a player does: whom a message
mentioned when it was posted, and the turn message after a decision (a new one, or the same
one edited in place). Used by the end-to-end tests and the benchmarks."""

from __future__ import annotations


def mentioned(message) -> list[int]:
    """Whom a message mentioned when it was posted (an edit in place mentions nobody anew, and
    Discord notifies nobody of an edit)."""
    if message.revisions:
        return [int(u["id"]) for u in message.revisions[0]["mentions"]]
    return message.mention_ids


async def following(fake, thread, turn, edits: int):
    """The turn message after a decision on ``turn`` (which had ``edits`` revisions before
    it): a new one when another player's turn starts, else ``turn`` itself, edited in place
    with fresh controls."""

    def found():
        later = [m for m in fake.messages_in(thread) if m.attachments and m.id > turn.id]
        if later:
            return later[-1]
        now = fake.message(turn.id)
        return now if len(now.revisions) > edits and now.components else None

    return await fake.wait_until(found, "the turn message after a decision")
