"""``python -m bot migrate --from parlor.db --to postgresql://...``: a server's data moved to
another database (either way: SQLite to PostgreSQL, or back).

Both are opened as the bot opens them (each brought to the current schema first: an older
SQLite file is migrated in place, as the bot would at its start). The target must hold no
game, challenge or player settings yet. Every table is copied in one transaction of the
target, keys and all; then, inside that transaction, each game read back from the target is
replayed from its first move and must come to its snapshot. A game that does not (or a
failure of any kind) undoes the whole copy: the target is left as it was.
"""

from __future__ import annotations

import json
import os
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

import engine
from bot.service.errors import ServiceError
from bot.service.store.database import Database, Transaction, is_url, shown
from bot.service.store.storage import Storage

CHUNK = 2000
"""Rows read and written at a time."""

TABLES: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("games", ("id",), "games"),
    ("seats", ("game_id", "seat"), "seats"),
    ("moves", ("game_id", "number"), "moves"),
    ("board_messages", ("message_id",), "board messages"),
    ("local_images", ("game_id",), "local image folders"),
    ("challenges", ("id",), "challenges"),
    ("lobby_members", ("challenge_id", "user_id"), "lobby members"),
    ("user_settings", ("user_id",), "player settings"),
    ("results", ("game_id", "seat"), "results"),
    ("ratings", ("game_key", "guild_id", "user_id"), "ratings"),
    ("rating_changes", ("game_id", "guild_id", "user_id"), "rating changes"),
    ("follows", ("game_id", "user_id"), "follows"),
)
"""Each table, its key (the order it is read in), and what the report calls its rows; in an
order that its references allow (a game before its seats, ...)."""

CHECKED = ("games", "challenges", "user_settings", "ratings")
"""The tables a target must have no row in."""


class TransferError(ServiceError):
    """The data cannot be moved (the message says why); the target is as it was."""


@dataclass
class Report:
    copied: dict[str, int] = field(default_factory=dict)
    """Rows copied, by what the report calls them."""
    replayed: int = 0
    """Games replayed to their snapshot on the target."""
    unknown: int = 0
    """Games of a kind this version does not know: copied, not replayed."""

    def lines(self, source: str, target: str) -> list[str]:
        counts = ", ".join(f"{what} {count:,}" for what, count in self.copied.items())
        games = self.copied.get("games", 0)
        said = [f"Copied from {source} to {target}: {counts}."]
        said.append(
            f"Every game replays to its snapshot there: {self.replayed:,} of {games:,}"
            + (f" ({self.unknown:,} of a kind this version does not know, not replayed)."
               if self.unknown else ".")
        )  # fmt: skip
        return said


async def transfer(source: str, target: str) -> Report:
    """Copy everything from the database ``source`` names to the empty one ``target`` names
    (see the module's text). ``TransferError`` (nothing written) or ``StorageOpenError``."""
    if not is_url(source) and not os.path.isfile(source):
        raise TransferError(f"there is no database file {source}")
    if same_place(source, target):
        raise TransferError("the source and the target are the same database")
    origin = await Storage.open(source)
    try:
        destination = await Storage.open(target)
        try:
            return await _copy(origin.database, destination.database)
        finally:
            await destination.close()
    finally:
        await origin.close()


def same_place(source: str, target: str) -> bool:
    if is_url(source) or is_url(target):
        return source == target
    return os.path.abspath(source) == os.path.abspath(target)


async def _copy(source: Database, target: Database) -> Report:
    for table in CHECKED:
        (row,) = await target.fetch(f"SELECT COUNT(*) FROM {table}")
        if row[0]:
            raise TransferError(
                f"{target.where} already holds data ({row[0]:,} rows of {table}); "
                "migrate copies into an empty database only"
            )
    report = Report()
    postgres = target.dialect.name == "postgresql"
    async with target.transaction() as tx:
        if postgres:  # the ids come along: the trigger's work is copied too
            await tx.execute("ALTER TABLE board_messages DISABLE TRIGGER board_posted")
        for table, key, what in TABLES:
            report.copied[what] = 0
            async for rows in _chunks(source.fetch, table, key):
                names = list(rows[0].keys())
                marks = ", ".join("?" for _ in names)
                await tx.executemany(
                    f"INSERT INTO {table} ({', '.join(names)}) VALUES ({marks})",
                    [tuple(row) for row in rows],
                )
                report.copied[what] += len(rows)
        # (SQLite's trigger ran on each board message: each game's own board comes back)
        async for games in _chunks(source.fetch, "games", ("id",)):
            await tx.executemany(
                "UPDATE games SET message_id = ?, posted_version = ? WHERE id = ?",
                [(g["message_id"], g["posted_version"], g["id"]) for g in games],
            )
        if postgres:
            await tx.execute("ALTER TABLE board_messages ENABLE TRIGGER board_posted")
            for table in ("games", "challenges"):
                await tx.fetch(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                    f"(SELECT COALESCE(MAX(id), 0) FROM {table}) + 1, false)"
                )
        await _replay_all(tx, report)
    return report


async def _chunks(
    fetch: Callable[..., Any], table: str, key: tuple[str, ...]
) -> AsyncIterator[list[Any]]:
    """The rows of ``table`` in ``key`` order, :data:`CHUNK` at a time."""
    columns = ", ".join(key)
    after: tuple[Any, ...] | None = None
    while True:
        where, params = "", ()
        if after is not None:
            where = f"WHERE ({columns}) > ({', '.join('?' for _ in key)}) "
            params = after
        rows = await fetch(f"SELECT * FROM {table} {where}ORDER BY {columns} LIMIT {CHUNK}", params)
        if not rows:
            return
        yield rows
        after = tuple(rows[-1][column] for column in key)


async def _replay_all(tx: Transaction, report: Report) -> None:
    """Each game as the target now holds it, replayed: ``TransferError`` for the first that
    does not come to its snapshot."""
    async for games in _chunks(tx.fetch, "games", ("id",)):
        for game in games:
            rules = engine.GAMES.get(game["game_key"])
            if rules is None:
                report.unknown += 1
                continue
            moves = await tx.fetch(
                "SELECT move FROM moves WHERE game_id = ? ORDER BY number", (game["id"],)
            )
            try:
                state = rules.replay(
                    game["num_players"], json.loads(game["options"]), [m[0] for m in moves]
                )
                same = json.loads(state.position_json()) == json.loads(game["snapshot"])
            except (engine.IllegalMove, ValueError, KeyError, TypeError) as exc:
                raise TransferError(
                    f"game {game['id']} does not replay ({exc}); nothing was copied"
                ) from exc
            if not same:
                raise TransferError(
                    f"game {game['id']} replays to another position than its snapshot; "
                    "nothing was copied"
                )
            report.replayed += 1


async def run(source: str, target: str, say: Callable[[str], None] = print) -> None:
    """The command's work: copy, then say what was copied."""
    report = await transfer(source, target)
    for line in report.lines(
        shown(source) if is_url(source) else source, shown(target) if is_url(target) else target
    ):
        say(line)
