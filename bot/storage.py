"""All of Parlor's SQL, behind one small class (SQLite through aiosqlite).

WAL mode, foreign keys on, numbered migrations tracked with ``PRAGMA user_version``. Every
write runs in one ``BEGIN IMMEDIATE`` transaction under an asyncio lock, so two coroutines
sharing the connection never interleave their statements inside one transaction. The SQL is
kept portable so a PostgreSQL implementation can stand beside this one later.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import aiosqlite

MIGRATIONS: tuple[str, ...] = (
    # 1: challenges, games, their seats and their moves
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        game_key TEXT NOT NULL,
        num_players INTEGER NOT NULL,
        options TEXT NOT NULL,
        settings TEXT NOT NULL,
        seed INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('active', 'over')),
        result TEXT,
        guild_id INTEGER,
        channel_id INTEGER,
        thread_id INTEGER,
        message_id INTEGER,
        snapshot TEXT NOT NULL,
        version INTEGER NOT NULL DEFAULT 0,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    );
    CREATE TABLE seats (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX seats_user ON seats (user_id);
    CREATE TABLE moves (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        move TEXT NOT NULL,
        seat INTEGER,
        user_id INTEGER,
        created_at REAL NOT NULL,
        PRIMARY KEY (game_id, number)
    );
    CREATE TABLE challenges (
        id INTEGER PRIMARY KEY,
        game_key TEXT NOT NULL,
        num_players INTEGER NOT NULL,
        options TEXT NOT NULL,
        settings TEXT NOT NULL,
        host_id INTEGER NOT NULL,
        host_name TEXT NOT NULL,
        invited_id INTEGER,
        invited_name TEXT,
        guild_id INTEGER,
        channel_id INTEGER,
        message_id INTEGER,
        status TEXT NOT NULL
            CHECK (status IN ('open', 'accepted', 'declined', 'cancelled', 'expired')),
        created_at REAL NOT NULL,
        expires_at REAL NOT NULL,
        game_id INTEGER REFERENCES games (id)
    );
    CREATE INDEX challenges_open ON challenges (status, expires_at);
    """,
    # 2: who sits in an open lobby (a challenge with no invited player), in joining order
    """
    CREATE TABLE lobby_members (
        challenge_id INTEGER NOT NULL REFERENCES challenges (id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        position INTEGER NOT NULL,
        joined_at REAL NOT NULL,
        PRIMARY KEY (challenge_id, user_id),
        UNIQUE (challenge_id, position)
    );
    """,
)


@dataclass(frozen=True)
class MoveRow:
    number: int
    move: str
    seat: int | None
    """The seat that moved; ``engine.CHANCE`` (-1) for a roll the bot made."""
    user_id: int | None
    created_at: float


class Storage:
    """One SQLite database file."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db
        self._write = asyncio.Lock()

    @classmethod
    async def open(cls, path: str) -> Storage:
        db = await aiosqlite.connect(path, isolation_level=None)
        db.row_factory = aiosqlite.Row
        await db.execute("PRAGMA journal_mode = WAL")
        await db.execute("PRAGMA foreign_keys = ON")
        await db.execute("PRAGMA busy_timeout = 5000")
        storage = cls(db)
        await storage._migrate()
        return storage

    async def close(self) -> None:
        await self.db.close()

    async def _migrate(self) -> None:
        (version,) = await self._one("PRAGMA user_version")
        for number, script in enumerate(MIGRATIONS, start=1):
            if number <= version:
                continue
            statements = [s.strip() for s in script.split(";") if s.strip()]
            async with self.transaction():
                for statement in statements:
                    await self.db.execute(statement)
                await self.db.execute(f"PRAGMA user_version = {number}")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._write:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
            except BaseException:
                await self.db.execute("ROLLBACK")
                raise
            await self.db.execute("COMMIT")

    async def _one(self, sql: str, params: Sequence[Any] = ()) -> Any:
        async with self.db.execute(sql, params) as cursor:
            return await cursor.fetchone()

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        async with self.db.execute(sql, params) as cursor:
            return list(await cursor.fetchall())

    # -- challenges --------------------------------------------------------------------------

    async def insert_challenge(self, **fields: Any) -> int:
        async with self.transaction() as db:
            return await _insert(db, "challenges", fields)

    async def challenge(self, challenge_id: int) -> aiosqlite.Row | None:
        return await self._one("SELECT * FROM challenges WHERE id = ?", (challenge_id,))

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        async with self.transaction() as db:
            await db.execute(
                "UPDATE challenges SET message_id = ? WHERE id = ?", (message_id, challenge_id)
            )

    async def close_challenge(self, challenge_id: int, status: str) -> bool:
        """Move an open challenge to ``status``; False when it was no longer open."""
        async with self.transaction() as db:
            cursor = await db.execute(
                "UPDATE challenges SET status = ? WHERE id = ? AND status = 'open'",
                (status, challenge_id),
            )
            return cursor.rowcount == 1

    async def open_challenges_by(self, user_id: int, now: float) -> int:
        (count,) = await self._one(
            "SELECT COUNT(*) FROM challenges WHERE host_id = ? AND status = 'open' "
            "AND expires_at > ?",
            (user_id, now),
        )
        return int(count)

    async def expire_challenges(self, now: float) -> list[aiosqlite.Row]:
        async with self.transaction() as db:
            async with db.execute(
                "SELECT * FROM challenges WHERE status = 'open' AND expires_at <= ?", (now,)
            ) as cursor:
                rows = list(await cursor.fetchall())
            await db.execute(
                "UPDATE challenges SET status = 'expired' "
                "WHERE status = 'open' AND expires_at <= ?",
                (now,),
            )
        return rows

    async def accept_challenge(
        self, challenge_id: int, game: dict[str, Any], seats: Sequence[tuple[int, str]]
    ) -> int | None:
        """Close the open challenge as accepted and create its game, in one transaction.

        Returns the new game's id, or ``None`` when the challenge was no longer open.
        """
        async with self.transaction() as db:
            return await _start_game(db, challenge_id, game, seats)

    # -- lobbies (challenges open to anyone, seat by seat) -----------------------------------

    async def insert_lobby(self, fields: dict[str, Any], host: tuple[int, str]) -> int:
        """A new lobby (a challenges row) with its host in the first seat, in one go."""
        async with self.transaction() as db:
            lobby_id = await _insert(db, "challenges", fields)
            await db.execute(
                "INSERT INTO lobby_members (challenge_id, user_id, name, position, joined_at) "
                "VALUES (?, ?, ?, 1, ?)",
                (lobby_id, *host, fields["created_at"]),
            )
            return lobby_id

    async def lobby_members(self, challenge_id: int) -> list[aiosqlite.Row]:
        return await self._all(
            "SELECT user_id, name FROM lobby_members WHERE challenge_id = ? ORDER BY position",
            (challenge_id,),
        )

    async def join_lobby(self, challenge_id: int, user_id: int, name: str, now: float) -> bool:
        """Seat the user in the lobby if it is open, not lapsed, has a free seat and does not
        hold them yet; False (nothing written) otherwise. One conditional INSERT, so two joins
        for the last seat never both get it, whichever process they come from."""
        async with self.transaction() as db:
            cursor = await db.execute(
                "INSERT INTO lobby_members (challenge_id, user_id, name, position, joined_at) "
                "SELECT c.id, ?, ?, (SELECT COALESCE(MAX(m.position), 0) + 1 "
                "FROM lobby_members m WHERE m.challenge_id = c.id), ? "
                "FROM challenges c WHERE c.id = ? AND c.status = 'open' AND c.expires_at > ? "
                "AND c.invited_id IS NULL "
                "AND (SELECT COUNT(*) FROM lobby_members m WHERE m.challenge_id = c.id) "
                "< c.num_players "
                "AND NOT EXISTS (SELECT 1 FROM lobby_members m "
                "WHERE m.challenge_id = c.id AND m.user_id = ?)",
                (user_id, name, now, challenge_id, now, user_id),
            )
            return cursor.rowcount == 1

    async def leave_lobby(self, challenge_id: int, user_id: int) -> bool:
        """Free a seat of an open lobby (never the host's); False when nothing was freed."""
        async with self.transaction() as db:
            cursor = await db.execute(
                "DELETE FROM lobby_members WHERE challenge_id = ? AND user_id = ? "
                "AND EXISTS (SELECT 1 FROM challenges c WHERE c.id = ? "
                "AND c.status = 'open' AND c.host_id <> ?)",
                (challenge_id, user_id, challenge_id, user_id),
            )
            return cursor.rowcount == 1

    async def start_lobby(
        self, challenge_id: int, game: dict[str, Any], seats: Sequence[tuple[int, str]]
    ) -> int | None:
        """Close the open lobby as accepted and create its game with ``seats``, in one
        transaction, if the lobby still holds exactly those players. Returns the new game's
        id, or ``None`` (nothing written) when the lobby closed or changed first."""
        async with self.transaction() as db:
            async with db.execute(
                "SELECT user_id FROM lobby_members WHERE challenge_id = ?", (challenge_id,)
            ) as cursor:
                members = sorted(row[0] for row in await cursor.fetchall())
            if members != sorted(user for user, _ in seats):
                return None
            return await _start_game(db, challenge_id, game, seats)

    # -- games -------------------------------------------------------------------------------

    async def game(self, game_id: int) -> aiosqlite.Row | None:
        return await self._one("SELECT * FROM games WHERE id = ?", (game_id,))

    async def seats(self, game_id: int) -> list[aiosqlite.Row]:
        return await self._all("SELECT * FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))

    async def moves(self, game_id: int) -> list[MoveRow]:
        rows = await self._all(
            "SELECT number, move, seat, user_id, created_at FROM moves "
            "WHERE game_id = ? ORDER BY number",
            (game_id,),
        )
        return [MoveRow(*row) for row in rows]

    async def games_of(self, user_id: int, *, active_only: bool) -> list[aiosqlite.Row]:
        status = "AND g.status = 'active'" if active_only else ""
        return await self._all(
            "SELECT g.* FROM games g JOIN seats s ON s.game_id = g.id "
            f"WHERE s.user_id = ? {status} ORDER BY g.updated_at DESC",
            (user_id,),
        )

    async def active_game_ids(self) -> list[int]:
        rows = await self._all("SELECT id FROM games WHERE status = 'active' ORDER BY id")
        return [row[0] for row in rows]

    async def record_moves(
        self,
        game_id: int,
        version: int,
        moves: Sequence[tuple[str, int | None, int | None]],
        *,
        first_number: int,
        snapshot: str,
        status: str,
        result: dict[str, Any] | None,
        now: float,
    ) -> bool:
        """Append ``moves`` (text, seat, user id) and the new snapshot if the game is still at
        ``version``; False (nothing written) when someone else changed it first."""
        async with self.transaction() as db:
            cursor = await db.execute(
                "UPDATE games SET snapshot = ?, version = version + 1, status = ?, result = ?, "
                "updated_at = ? WHERE id = ? AND version = ?",
                (snapshot, status, json.dumps(result) if result else None, now, game_id, version),
            )
            if cursor.rowcount != 1:
                return False
            await db.executemany(
                "INSERT INTO moves (game_id, number, move, seat, user_id, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (game_id, first_number + i, text, seat, user, now)
                    for i, (text, seat, user) in enumerate(moves)
                ],
            )
            return True

    async def set_game_place(
        self,
        game_id: int,
        *,
        channel_id: int | None = None,
        thread_id: int | None = None,
        message_id: int | None = None,
    ) -> None:
        """Remember where the game is played and its latest board message."""
        async with self.transaction() as db:
            await db.execute(
                "UPDATE games SET channel_id = COALESCE(?, channel_id), "
                "thread_id = COALESCE(?, thread_id), message_id = COALESCE(?, message_id) "
                "WHERE id = ?",
                (channel_id, thread_id, message_id, game_id),
            )


JSON_COLUMNS = ("options", "settings")
"""Columns of games and challenges that hold JSON."""


async def _start_game(
    db: aiosqlite.Connection,
    challenge_id: int,
    game: dict[str, Any],
    seats: Sequence[tuple[int, str]],
) -> int | None:
    """Inside a transaction: the open challenge becomes accepted and gets its new game and
    seats (in order); ``None`` (nothing written) when it was no longer open."""
    cursor = await db.execute(
        "UPDATE challenges SET status = 'accepted' WHERE id = ? AND status = 'open'",
        (challenge_id,),
    )
    if cursor.rowcount != 1:
        return None
    game_id = await _insert(db, "games", game)
    await db.executemany(
        "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
        [(game_id, seat, user, name) for seat, (user, name) in enumerate(seats)],
    )
    await db.execute("UPDATE challenges SET game_id = ? WHERE id = ?", (game_id, challenge_id))
    return game_id


async def _insert(db: aiosqlite.Connection, table: str, fields: dict[str, Any]) -> int:
    """Insert one row of ``fields`` (column -> value; JSON columns as Python values)."""
    values = [json.dumps(v) if k in JSON_COLUMNS else v for k, v in fields.items()]
    names = ", ".join(fields)
    marks = ", ".join("?" for _ in fields)
    cursor = await db.execute(f"INSERT INTO {table} ({names}) VALUES ({marks})", values)
    return int(cursor.lastrowid)
