"""``python -m bot replay ID --out FILE [--db PATH] [--from K] [--to K]``: write the animated
replay (a GIF) of a game of a database, a terminal's or a Discord server's alike."""

from __future__ import annotations

import asyncio
import os
import sys

from bot.service.errors import ServiceError
from bot.service.facade import Service
from bot.service.store.database import is_url
from render.animation import Animation


def main(database: str, game_id: int, out: str, first: int, last: int | None) -> int:
    """Write the file: 0, saying what was written; 2 with one line on stderr when the game
    or the range is not there or the file cannot be written (nothing is written then)."""
    if not is_url(database) and not os.path.isfile(database):
        print(f"replay: there is no database at {database}", file=sys.stderr)
        return 2
    folder = os.path.dirname(os.path.abspath(out))
    if not os.path.isdir(folder):
        print(f"replay: there is no folder {folder} to write {out} in", file=sys.stderr)
        return 2
    try:
        anim = asyncio.run(_animated(database, game_id, first, last))
    except ServiceError as exc:  # (NotFound, a range outside the game, StorageOpenError)
        print(f"replay: {exc}", file=sys.stderr)
        return 2
    try:
        with open(out, "wb") as file:
            file.write(anim.data)
    except OSError as exc:
        print(f"replay: cannot write {out}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    print(summary(game_id, anim, out))
    return 0


def summary(game_id: int, anim: Animation, out: str) -> str:
    """The line printed after writing: what the file holds and what was given up to fit."""
    line = (
        f"Wrote {out}: game {game_id}, {anim.frames} frames, {anim.size[0]}x{anim.size[1]}, "
        f"{len(anim.data) / 1_048_576:.1f} MiB ({anim.format.upper()})."
    )
    if anim.scaled:
        line += f" Shrunk to {anim.scale:.0%} to fit Discord's 10 MiB."
    if anim.dropped:
        line += f" {anim.dropped} of {anim.changes} frames left out to fit."
    return line


async def _animated(database: str, game_id: int, first: int, last: int | None) -> Animation:
    service = await Service.open(database)
    try:
        return await service.animations.animated(game_id, first, last)
    finally:
        await service.close()
