"""All of Parlor's SQL, behind one small class, over SQLite or PostgreSQL
(``bot/service/store/database.py``, opened by ``factory.py``: ``PARLOR_DB`` is a file's path
or a ``postgresql://`` URL).

The SQL is written once; what the two spell differently comes from the database's
``dialect``. Every write is one transaction: a move's is one batch (one hop to SQLite's
thread), version-checked inside it (a move at a version someone else moved past changes
nothing). Where several processes share a PostgreSQL database, a row that a transaction
reads and then decides on is locked first (``Rows._lock``; SQLite's writer is single already),
and the sweeps take due rows with ``FOR UPDATE SKIP LOCKED`` (``Dialect.skip_locked``), so
two processes never act on the same row twice.
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from typing import Any

import aiosqlite

from bot.service.errors import ServiceError, StorageOpenError, Unavailable
from bot.service.store.ai_rows import AiRows
from bot.service.store.clock_rows import ClockRows
from bot.service.store.database import Transaction, Write, is_database_error
from bot.service.store.factory import open_database
from bot.service.store.migrations_pg import PG_MIGRATIONS
from bot.service.store.migrations_sqlite import MIGRATIONS
from bot.service.store.settings_rows import SettingsRows
from bot.service.store.sqlite import SqliteDatabase

__all__ = ["MIGRATIONS", "MoveFields", "MoveRow", "Storage", "StorageOpenError"]

log = logging.getLogger(__name__)

MoveFields = tuple[str, int | None, int | None]
"""A move to record: its notation, the seat that made it (``engine.CHANCE`` for a roll the bot
made) and the user who made it."""


@dataclass(frozen=True)
class MoveRow:
    number: int
    move: str
    seat: int | None
    """The seat that moved; ``engine.CHANCE`` (-1) for a roll the bot made."""
    user_id: int | None
    created_at: float


class Storage(AiRows, ClockRows, SettingsRows):
    """Parlor's database (the SQL of move clocks, of AI turns and of players' settings:
    ``bot/service/store/clock_rows.py``, ``bot/service/store/ai_rows.py``,
    ``bot/service/store/settings_rows.py``)."""

    @property
    def db(self) -> aiosqlite.Connection:
        """SQLite's own connection (aiosqlite), for tests that look under the hood."""
        if not isinstance(self.database, SqliteDatabase):
            raise AttributeError(f"{self.database.where} is not an SQLite database")
        return self.database.db

    @classmethod
    async def open(cls, target: str) -> Storage:
        """Open (creating and migrating as needed) the database ``target`` names: an SQLite
        file's path or a PostgreSQL URL.

        Raises :class:`StorageOpenError` when it cannot be used; it is closed then, so
        nothing of it keeps the process alive."""
        database = await open_database(target)
        try:
            if database.dialect.name == "sqlite":
                await database.migrate(list(enumerate(MIGRATIONS, start=1)))
            else:
                await database.migrate(PG_MIGRATIONS)
        except BaseException as exc:
            with contextlib.suppress(Exception):
                await database.close()
            if isinstance(exc, ServiceError | OSError) or is_database_error(exc):
                cause = exc
                while isinstance(cause, Unavailable) and cause.__cause__ is not None:
                    cause = cause.__cause__  # the database's own reason
                if isinstance(cause, StorageOpenError):
                    raise
                raise StorageOpenError(database.where, str(cause) or type(cause).__name__) from exc
            raise
        return cls(database)

    async def close(self) -> None:
        await self.database.close()

    async def schema_version(self) -> int:
        """The number of the last migration applied."""
        return await self.database.schema_version()

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        """One write transaction (see ``bot/service/store/database.py``)."""
        async with self.database.transaction() as transaction:
            yield transaction

    # -- challenges --------------------------------------------------------------------------

    async def insert_challenge(self, **fields: Any) -> int:
        async with self.transaction() as tx:
            return await _insert(tx, "challenges", fields)

    async def challenge(self, challenge_id: int) -> Any:
        return await self._one("SELECT * FROM challenges WHERE id = ?", (challenge_id,))

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        async with self.transaction() as tx:
            await tx.execute(
                "UPDATE challenges SET message_id = ? WHERE id = ?", (message_id, challenge_id)
            )

    async def close_challenge(self, challenge_id: int, status: str) -> bool:
        """Move an open challenge to ``status``; False when it was no longer open."""
        async with self.transaction() as tx:
            return (
                await tx.execute(
                    "UPDATE challenges SET status = ? WHERE id = ? AND status = 'open'",
                    (status, challenge_id),
                )
                == 1
            )

    async def open_challenges_by(self, user_id: int, now: float) -> int:
        (count,) = await self._one(
            "SELECT COUNT(*) FROM challenges WHERE host_id = ? AND status = 'open' "
            "AND expires_at > ?",
            (user_id, now),
        )
        return int(count)

    async def claim_nudges(self, now: float) -> list[Any]:
        """The open challenges whose reminder is due at ``now``, marked done in the same
        transaction, so no other sweep (of this process or another) hands them out again;
        the due reminders of challenges answered meanwhile are dropped with them."""
        done = await self.database.batch(
            [
                Write(
                    "UPDATE challenges SET nudge_at = NULL WHERE id IN (SELECT id FROM "
                    "challenges WHERE nudge_at <= ? AND status = 'open'"
                    f"{self.dialect.skip_locked}) AND nudge_at <= ? RETURNING *",
                    (now, now),
                    rows=True,
                ),
                Write("UPDATE challenges SET nudge_at = NULL WHERE nudge_at <= ?", (now,)),
            ]
        )
        return list(done[0]) if done else []

    async def expire_challenges(self, now: float) -> list[Any]:
        """The open challenges lapsed at ``now``, marked expired in the statement that finds
        them (returned as they are then)."""
        return await self._returning(
            "UPDATE challenges SET status = 'expired' WHERE id IN (SELECT id FROM "
            "challenges WHERE status = 'open' AND expires_at <= ?"
            f"{self.dialect.skip_locked}) AND status = 'open' RETURNING *",
            (now,),
        )

    async def accept_challenge(
        self,
        challenge_id: int,
        game: dict[str, Any],
        seats: Sequence[tuple[int, str]],
        moves: Sequence[MoveFields] = (),
    ) -> int | None:
        """Close the open challenge as accepted and create its game with its first ``moves``
        (the dice due at once), in one transaction.

        Returns the new game's id, or ``None`` when the challenge was no longer open.
        """
        async with self.transaction() as tx:
            return await _start_game(tx, challenge_id, game, seats, moves)

    # -- lobbies (challenges open to anyone, seat by seat) -----------------------------------

    async def insert_lobby(self, fields: dict[str, Any], host: tuple[int, str]) -> int:
        """A new lobby (a challenges row) with its host in the first seat, in one go."""
        async with self.transaction() as tx:
            lobby_id = await _insert(tx, "challenges", fields)
            await tx.execute(
                "INSERT INTO lobby_members (challenge_id, user_id, name, position, joined_at) "
                "VALUES (?, ?, ?, 1, ?)",
                (lobby_id, *host, fields["created_at"]),
            )
            return lobby_id

    async def lobby_members(self, challenge_id: int) -> list[Any]:
        return await self._all(
            "SELECT user_id, name FROM lobby_members WHERE challenge_id = ? ORDER BY position",
            (challenge_id,),
        )

    async def join_lobby(self, challenge_id: int, user_id: int, name: str, now: float) -> bool:
        """Seat the user in the lobby if it is open, not lapsed, has a free seat and does not
        hold them yet; False (nothing written) otherwise. One conditional INSERT, with the
        lobby locked, so two joins for the last seat never both get it, whichever process
        they come from."""
        async with self.transaction() as tx:
            await self._lock(tx, "challenges", challenge_id)
            return (
                await tx.execute(
                    "INSERT INTO lobby_members (challenge_id, user_id, name, position, "
                    "joined_at) SELECT c.id, ?, ?, (SELECT COALESCE(MAX(m.position), 0) + 1 "
                    "FROM lobby_members m WHERE m.challenge_id = c.id), ? "
                    "FROM challenges c WHERE c.id = ? AND c.status = 'open' "
                    "AND c.expires_at > ? AND c.invited_id IS NULL "
                    "AND (SELECT COUNT(*) FROM lobby_members m WHERE m.challenge_id = c.id) "
                    "< c.num_players "
                    "AND NOT EXISTS (SELECT 1 FROM lobby_members m "
                    "WHERE m.challenge_id = c.id AND m.user_id = ?)",
                    (user_id, name, now, challenge_id, now, user_id),
                )
                == 1
            )

    async def leave_lobby(self, challenge_id: int, user_id: int) -> bool:
        """Free a seat of an open lobby (never the host's); False when nothing was freed."""
        async with self.transaction() as tx:
            await self._lock(tx, "challenges", challenge_id)
            return (
                await tx.execute(
                    "DELETE FROM lobby_members WHERE challenge_id = ? AND user_id = ? "
                    "AND EXISTS (SELECT 1 FROM challenges c WHERE c.id = ? "
                    "AND c.status = 'open' AND c.host_id <> ?)",
                    (challenge_id, user_id, challenge_id, user_id),
                )
                == 1
            )

    async def start_lobby(
        self,
        challenge_id: int,
        game: dict[str, Any],
        seats: Sequence[tuple[int, str]],
        moves: Sequence[MoveFields] = (),
    ) -> int | None:
        """Close the open lobby as accepted and create its game with ``seats`` and its first
        ``moves``, in one transaction, if the lobby still holds exactly those players. Returns
        the new game's id, or ``None`` (nothing written) when the lobby closed or changed."""
        async with self.transaction() as tx:
            await self._lock(tx, "challenges", challenge_id)
            rows = await tx.fetch(
                "SELECT user_id FROM lobby_members WHERE challenge_id = ?", (challenge_id,)
            )
            if sorted(row[0] for row in rows) != sorted(user for user, _ in seats):
                return None
            return await _start_game(tx, challenge_id, game, seats, moves)

    # -- games -------------------------------------------------------------------------------

    async def seats(self, game_id: int) -> list[Any]:
        return await self._all("SELECT * FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))

    async def game_with_moves(
        self, game_id: int
    ) -> tuple[Any, list[tuple[int, str]], list[str]] | None:
        """A game's row, its seats (user id, name) in order and its moves' notation in order,
        in one query; None when there is no such game."""
        seat_list = self.dialect.json_list("s.user_id, s.name", "s.seat")
        move_list = self.dialect.json_list("m.move", "m.number")
        row = await self._one(
            f"SELECT g.*, (SELECT {seat_list} FROM (SELECT seat, user_id, name FROM seats "
            "WHERE game_id = g.id ORDER BY seat) s) AS seat_list, "
            f"(SELECT {move_list} FROM (SELECT number, move FROM moves "
            "WHERE game_id = g.id ORDER BY number) m) AS move_list "
            "FROM games g WHERE g.id = ?",
            (game_id,),
        )
        if row is None:
            return None
        seats = [(user, name) for user, name in json.loads(row["seat_list"])]
        return row, seats, json.loads(row["move_list"])

    async def moves(self, game_id: int) -> list[MoveRow]:
        rows = await self._all(
            "SELECT number, move, seat, user_id, created_at FROM moves "
            "WHERE game_id = ? ORDER BY number",
            (game_id,),
        )
        return [MoveRow(*row) for row in rows]

    async def games_of(self, user_id: int, *, active_only: bool) -> list[Any]:
        """The user's games, newest move first, as listings show them: each game's summary
        columns and its seats (``seats``: JSON ``[[seat, user id, name, gone], ...]``), in one
        query that reads no snapshot. ``active_only``: games still going that the user has
        not left."""
        still = "AND g.status = 'active' AND s.gone = 0" if active_only else ""
        return await self._all(
            "SELECT g.id, g.game_key, g.status, g.to_act, g.version, g.guild_id, g.channel_id, "
            "g.thread_id, g.message_id, g.updated_at, g.deadline, g.stand_ins, "
            f"(SELECT {self.dialect.json_list('o.seat, o.user_id, o.name, o.gone', 'o.seat')} "
            "FROM seats o WHERE o.game_id = g.id) AS seats "
            "FROM games g JOIN seats s ON s.game_id = g.id "
            f"WHERE s.user_id = ? {still} ORDER BY g.updated_at DESC, g.id DESC",
            (user_id,),
        )

    async def active_game_ids(self) -> list[int]:
        rows = await self._all("SELECT id FROM games WHERE status = 'active' ORDER BY id")
        return [row[0] for row in rows]

    async def record_moves(
        self,
        game_id: int,
        version: int,
        moves: Sequence[MoveFields],
        *,
        first_number: int,
        snapshot: str,
        status: str,
        result: dict[str, Any] | None,
        to_act: int | None,
        left: Sequence[int] = (),
        clock: dict[str, Any] | None = None,
        ai_at: float | None = None,
        was_ai: bool = False,
        stand_ins: dict[int, str] | None = None,
        now: float,
    ) -> bool:
        """Append ``moves`` (text, seat, user id), the new snapshot and summary (``to_act``,
        the seats that ``left`` with these moves, the ``clock`` columns of a turn that starts
        or ends: ``bot/service/clocks.py``; when an AI's turn is due, ``ai_at``, cleared where the
        game
        waited on an AI before, ``was_ai``; the seats an AI plays
        for their absent player, ``stand_ins``, when they change) if the game is still at
        ``version``; False (nothing written) when someone else changed it first. One
        transaction."""
        # ``status`` and ``wake_at`` are in indexes: set only when they change, or each move
        # would write those indexes' pages too (SQLite rewrites an index entry its UPDATE names).
        ends = ", status = 'over'" if status == "over" else ""
        clock = dict(clock or {})
        wake = _wake_update(game_id, clock)
        if stand_ins is not None:
            clock["stand_ins"] = json.dumps(stand_ins) if stand_ins else None
        ends += "".join(f", {column} = ?" for column in clock)
        ai = _ai_update(game_id, ai_at) if ai_at is not None or was_ai else None
        game = (
            snapshot,
            json.dumps(result) if result else None,
            *clock.values(),
            to_act,
            now,
            game_id,
            version,
        )
        writes = [
            Write(
                f"UPDATE games SET snapshot = ?, version = version + 1, result = ?{ends}, "
                "to_act = ?, updated_at = ? WHERE id = ? AND version = ?",
                game,
                guard=True,  # changed first by someone else: nothing of the batch is kept
            ),
            Write(INSERT_MOVE, _move_rows(game_id, first_number, moves, now), many=True),
        ]
        writes += [Write(*statement) for statement in (wake, ai) if statement is not None]
        if left:
            writes.append(
                Write(
                    "UPDATE seats SET gone = 1 WHERE game_id = ? AND seat = ?",
                    [(game_id, seat) for seat in left],
                    many=True,
                )
            )
        return await self.database.batch(writes) is not None

    async def set_game_place(
        self,
        game_id: int,
        version: int,
        *,
        channel_id: int | None = None,
        thread_id: int | None = None,
    ) -> bool:
        """Remember where the game is played, if it is still at ``version`` (else False,
        nothing written: the caller looks at the game again)."""
        async with self.transaction() as tx:
            return (
                await tx.execute(
                    "UPDATE games SET channel_id = COALESCE(?, channel_id), "
                    "thread_id = COALESCE(?, thread_id) WHERE id = ? AND version = ?",
                    (channel_id, thread_id, game_id, version),
                )
                == 1
            )

    async def set_board_message(self, game_id: int, message_id: int, version: int) -> None:
        """``message_id`` is the game's board at ``version``: its latest, unless a newer
        version was posted already (two posts racing never move it back; migration 6's
        trigger moves the game's latest board, in the same statement)."""

        # Not synced on its own (the next move's commit syncs it): lost in a power cut, it
        # costs the board posted again at the restart (``games_behind``), not a move.
        replace = self.dialect.replace("board_messages", ("message_id", "game_id", "version"))
        await self.database.batch([Write(replace, (message_id, game_id, version))], durable=False)

    async def board_nowhere(self, game_id: int) -> None:
        """The game's current version counts as shown: its channel is gone, so there is no
        place to show it (``games_behind`` stops listing it)."""
        await self._change("UPDATE games SET posted_version = version WHERE id = ?", (game_id,))

    async def game_head(self, game_id: int, user_id: int) -> tuple[int, str, bool] | None:
        """The game's version and status, and whether ``user_id`` is seated in it (a cheap
        look, without the snapshot); None when there is no such game."""
        row = await self._one(
            "SELECT g.version, g.status, EXISTS (SELECT 1 FROM seats s "
            "WHERE s.game_id = g.id AND s.user_id = ?) FROM games g WHERE g.id = ?",
            (user_id, game_id),
        )
        return None if row is None else (int(row[0]), str(row[1]), bool(row[2]))

    async def image_folder(self, game_id: int) -> str | None:
        """Where local play writes ``game_id``'s board images, if it has said so."""
        row = await self._one("SELECT folder FROM local_images WHERE game_id = ?", (game_id,))
        return None if row is None else str(row[0])

    async def set_image_folder(self, game_id: int, folder: str) -> None:
        async with self.transaction() as tx:
            await tx.execute(
                self.dialect.replace("local_images", ("game_id", "folder")), (game_id, folder)
            )

    async def game_of_message(self, message_id: int) -> int | None:
        """The game whose board ``message_id`` is (any version), or None."""
        row = await self._one(
            "SELECT game_id FROM board_messages WHERE message_id = ?", (message_id,)
        )
        return None if row is None else int(row[0])

    async def game_in_thread(self, thread_id: int) -> int | None:
        """The id of the game played in the thread ``thread_id`` (finished or not), or None."""
        row = await self._one(
            "SELECT id FROM games WHERE thread_id = ? ORDER BY id DESC LIMIT 1", (thread_id,)
        )
        return None if row is None else int(row[0])

    async def games_behind(self) -> list[int]:
        """The ids of the games on Discord, going or over, whose latest board shows an older
        version than theirs (a game that ended in a crash has its result still to show)."""
        rows = await self._all(
            "SELECT id FROM games WHERE channel_id IS NOT NULL "
            "AND (posted_version IS NULL OR posted_version < version) ORDER BY id"
        )
        return [int(row[0]) for row in rows]

    async def active_games_of(self, user_id: int) -> int:
        """How many active games ``user_id`` is seated in."""
        (count,) = await self._one(
            "SELECT COUNT(*) FROM games g JOIN seats s ON s.game_id = g.id "
            "WHERE s.user_id = ? AND g.status = 'active'",
            (user_id,),
        )
        return int(count)

    async def active_games_in(self, guild_id: int) -> int:
        """How many active games the server ``guild_id`` holds."""
        (count,) = await self._one(
            "SELECT COUNT(*) FROM games WHERE guild_id = ? AND status = 'active'", (guild_id,)
        )
        return int(count)


def _ai_update(game_id: int, ai_at: float | None) -> tuple[str, tuple[Any, ...]]:
    """The statement that sets when the AI the game now waits on plays (``ai_at``), or clears
    it, writing nothing (no index page) when there was none and none comes."""
    if ai_at is None:
        return (
            "UPDATE games SET ai_at = NULL, ai_by = NULL WHERE id = ? AND ai_at IS NOT NULL",
            (game_id,),
        )
    return "UPDATE games SET ai_at = ?, ai_by = NULL WHERE id = ?", (ai_at, game_id)


def _wake_update(game_id: int, clock: dict[str, Any]) -> tuple[str, tuple[Any, ...]] | None:
    """The statement that moves a game's next look (``wake_at``, taken out of ``clock``) for
    a turn that starts or a game that ends, or None. It writes only when the look must come
    sooner (or go: the game is over): a look left earlier than needed costs the sweep one
    visit, where a write costs every turn a page of the index."""
    if "wake_at" not in clock:
        return None
    wake = clock.pop("wake_at")
    if wake is None:
        return "UPDATE games SET wake_at = NULL WHERE id = ? AND wake_at IS NOT NULL", (game_id,)
    return (
        "UPDATE games SET wake_at = ? WHERE id = ? AND (wake_at IS NULL OR wake_at > ?)",
        (wake, game_id, wake),
    )


JSON_COLUMNS = ("options", "settings")
"""Columns of games and challenges that hold JSON."""


async def _start_game(
    tx: Transaction,
    challenge_id: int,
    game: dict[str, Any],
    seats: Sequence[tuple[int, str]],
    moves: Sequence[MoveFields],
) -> int | None:
    """Inside a transaction: the open challenge becomes accepted and gets its new game, its
    seats (in order) and its first moves; ``None`` (nothing written) when it was no longer
    open."""
    accepted = await tx.execute(
        "UPDATE challenges SET status = 'accepted' WHERE id = ? AND status = 'open'",
        (challenge_id,),
    )
    if accepted != 1:
        return None
    game_id = await _insert(tx, "games", game)
    await tx.executemany(
        "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
        [(game_id, seat, user, name) for seat, (user, name) in enumerate(seats)],
    )
    await tx.executemany(INSERT_MOVE, _move_rows(game_id, 1, moves, game["created_at"]))
    await tx.execute("UPDATE challenges SET game_id = ? WHERE id = ?", (game_id, challenge_id))
    return game_id


INSERT_MOVE = (
    "INSERT INTO moves (game_id, number, move, seat, user_id, created_at) VALUES (?, ?, ?, ?, ?, ?)"
)


def _move_rows(
    game_id: int, first_number: int, moves: Sequence[MoveFields], now: float
) -> list[tuple[Any, ...]]:
    return [
        (game_id, first_number + i, text, seat, user, now)
        for i, (text, seat, user) in enumerate(moves)
    ]


async def _insert(tx: Transaction, table: str, fields: dict[str, Any]) -> int:
    """Insert one row of ``fields`` (column -> value; JSON columns as Python values); its id."""
    values = [json.dumps(v) if k in JSON_COLUMNS else v for k, v in fields.items()]
    names = ", ".join(fields)
    marks = ", ".join("?" for _ in fields)
    rows = await tx.fetch(f"INSERT INTO {table} ({names}) VALUES ({marks}) RETURNING id", values)
    return int(rows[0][0])
