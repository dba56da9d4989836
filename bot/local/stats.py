"""``python -m bot stats [--db PATH]``: print each game's global ladder of a database (the
terminal's hot-seat games and Discord's alike), for a group that plays at one keyboard."""

from __future__ import annotations

import asyncio
import os
import sys

from bot.service.errors import ServiceError
from bot.service.ratings import GLOBAL
from bot.service.standings import Standings
from bot.service.store.database import is_url, shown
from bot.service.store.storage import Storage
from bot.words.standings import printout

ROWS = 50
"""Players printed per game at most (the rest are counted)."""


def main(database: str) -> int:
    """Print the ladders of ``database``: 0; 2 with one line on stderr when it cannot be
    read (a file that is not there is not created)."""
    if not is_url(database) and not os.path.isfile(database):
        print(f"stats: there is no database at {database}", file=sys.stderr)
        return 2
    try:
        text = asyncio.run(_ladders(database))
    except ServiceError as exc:  # (StorageOpenError, Unavailable)
        print(f"stats: {exc}", file=sys.stderr)
        return 2
    print(text)
    return 0


async def _ladders(database: str) -> str:
    storage = await Storage.open(database)
    try:
        pages = await Standings(storage).ladders(GLOBAL, size=ROWS)
    finally:
        await storage.close()
    return printout(pages, shown(database) if is_url(database) else database)
