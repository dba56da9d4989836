"""Settings for a bot past one process: shards, and how many worker processes each bot
process runs (see the README's "Running at scale").

Discord splits a bot's servers into shards (a server's shard is ``(server id >> 22) % count``)
and requires them from 2,500 servers. ``PARLOR_SHARDS`` says how many the bot has, and
``PARLOR_SHARD_IDS`` which of them this process runs (all of them by default), so several
processes on one PostgreSQL database share the servers. Whatever the shards, any process may
act on any game (the sweeps, Parlor's moves, local play): the database is the guard.
"""

from __future__ import annotations

import os

from bot.discord.environment import env_number

MAX_SHARDS = 10_000
"""More shards than any bot needs (Discord's guidance: one per 1,000-2,500 servers)."""


def shard_setting() -> tuple[int, list[int]] | None:
    """``(count, the shards this process runs)`` from ``PARLOR_SHARDS`` and
    ``PARLOR_SHARD_IDS`` (numbers and ranges: ``0,2`` or ``0-3``), or None when the bot is not
    sharded; ``ValueError`` with a message for a bad value."""
    count = env_number("PARLOR_SHARDS", MAX_SHARDS + 1, "a number of shards (1 or more)")
    text = os.environ.get("PARLOR_SHARD_IDS", "").strip()
    if count is None:
        if text:
            raise ValueError("PARLOR_SHARD_IDS needs PARLOR_SHARDS (how many shards in all)")
        return None
    if not text:
        return count, list(range(count))
    ids: set[int] = set()
    for part in text.split(","):
        first, dash, last = part.strip().partition("-")
        try:
            low, high = int(first), int(last if dash else first)
        except ValueError:
            raise ValueError(
                f"PARLOR_SHARD_IDS must be shard numbers or ranges such as 0,2 or 0-3, "
                f"not {text[:40]!r}"
            ) from None
        if not 0 <= low <= high < count:
            raise ValueError(
                f"PARLOR_SHARD_IDS: {part.strip()!r} is not among the shards 0-{count - 1}"
            )
        ids.update(range(low, high + 1))
    return count, sorted(ids)


def shard_of(guild_id: int | None, count: int) -> int:
    """The shard a server's events come on (shard 0 for direct messages)."""
    return (guild_id >> 22) % count if guild_id else 0


def board_workers() -> int | None:
    """Board-drawing worker processes for this process: ``PARLOR_BOARD_WORKERS``, or None
    (one per CPU)."""
    return env_number("PARLOR_BOARD_WORKERS", 257, "a number of worker processes (1-256)")


def ai_workers() -> int:
    """Worker processes for Parlor's own moves: ``PARLOR_AI_WORKERS``, or 1."""
    return env_number("PARLOR_AI_WORKERS", 257, "a number of worker processes (1-256)") or 1
