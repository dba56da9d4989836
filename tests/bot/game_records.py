"""A game as the bot reads it from storage, made in memory for tests that need no database."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

import engine
from bot.service.records import GameRecord, Player

NAMES = ["Ann", "Ben", "Cat", "Dan"]


def record_at(state: engine.State, **fields: Any) -> GameRecord:
    """The game at ``state``: seats Ann (user 100), Ben (101)..., active, at the version its
    moves make; ``fields`` replace any of these."""
    now = time.time()
    record = GameRecord(
        id=7,
        key=state.game.key,
        num_players=state.num_players,
        options=dict(state.options),
        settings={},
        seed=1,
        status="active",
        result=None,
        players=tuple(Player(100 + s, NAMES[s]) for s in range(state.num_players)),
        guild_id=None,
        channel_id=None,
        thread_id=None,
        message_id=None,
        version=len(state.history),
        state=state,
        posted_version=None,
        created_at=now,
        updated_at=now,
    )
    return replace(record, **fields)


async def old_challenge(storage, key: str, host: Player, invited: Player, **fields: Any) -> int:
    """An open challenge as the releases before migration 7 wrote it (no ``nudge_at``), for
    the tests that open a database at an older migration; ``fields`` replace any column."""
    now = time.time()
    row = {
        "game_key": key, "num_players": 2, "options": {}, "settings": {"roll": "bot"},
        "host_id": host.user_id, "host_name": host.name, "invited_id": invited.user_id,
        "invited_name": invited.name, "guild_id": None, "channel_id": None, "status": "open",
        "created_at": now, "expires_at": now + 900,
    }  # fmt: skip
    return await storage.insert_challenge(**(row | fields))
