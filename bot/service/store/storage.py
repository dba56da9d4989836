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
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import aiosqlite

from bot.service.errors import ServiceError, StorageOpenError, Unavailable
from bot.service.store.ai_rows import AiRows
from bot.service.store.board_rows import BoardRows
from bot.service.store.challenge_rows import ChallengeRows
from bot.service.store.clock_rows import ClockRows
from bot.service.store.database import Write, is_database_error
from bot.service.store.factory import open_database
from bot.service.store.follow_rows import FollowRows
from bot.service.store.migrations_pg import PG_MIGRATIONS
from bot.service.store.migrations_sqlite import MIGRATIONS
from bot.service.store.rating_rows import Finish, RatingRows
from bot.service.store.rows import INSERT_MOVE, MoveFields, move_rows
from bot.service.store.settings_rows import SettingsRows
from bot.service.store.sqlite import SqliteDatabase
from bot.service.store.standing_rows import StandingRows

__all__ = ["MIGRATIONS", "MoveFields", "MoveRow", "Storage"]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class MoveRow:
    number: int
    move: str
    seat: int | None
    """The seat that moved; ``engine.CHANCE`` (-1) for a roll the bot made."""
    user_id: int | None
    created_at: float


class Storage(
    ChallengeRows,
    BoardRows,
    AiRows,
    ClockRows,
    SettingsRows,
    RatingRows,
    StandingRows,
    FollowRows,
):
    """Parlor's database (the SQL of move clocks, of AI turns, of players' settings, of ratings
    and of the standings: ``bot/service/store/clock_rows.py``, ``bot/service/store/ai_rows.py``,
    ``bot/service/store/settings_rows.py``, ``bot/service/store/rating_rows.py``,
    ``bot/service/store/standing_rows.py``; who follows which game:
    ``bot/service/store/follow_rows.py``)."""

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
            f"{self._summary} FROM games g JOIN seats s ON s.game_id = g.id "
            f"WHERE s.user_id = ? {still} ORDER BY g.updated_at DESC, g.id DESC",
            (user_id,),
        )

    async def replayable_games(self, user_id: int, guild_id: int | None, limit: int) -> list[Any]:
        """The games ``/replay`` offers ``user_id`` asking from ``guild_id``, newest first (by
        number), at most ``limit``, as ``games_of`` gives them: the newest ``limit`` of their
        own, of the server's that are over, and of those they follow, each read in its index's
        order (``seats_user_latest``, ``games_guild_status``, ``follows_user``)."""
        return await self._all(
            f"{self._summary} FROM (SELECT game_id FROM ("
            "SELECT game_id FROM (SELECT s.game_id FROM seats s WHERE s.user_id = ? "
            "ORDER BY s.game_id DESC LIMIT ?) mine "
            "UNION SELECT id FROM (SELECT o.id FROM games o WHERE o.guild_id = ? "
            "AND o.status = 'over' ORDER BY o.id DESC LIMIT ?) ended "
            "UNION SELECT game_id FROM (SELECT f.game_id FROM follows f WHERE f.user_id = ? "
            "ORDER BY f.game_id DESC LIMIT ?) followed"
            ") found ORDER BY game_id DESC LIMIT ?) picked "
            "JOIN games g ON g.id = picked.game_id ORDER BY g.id DESC",
            (user_id, limit, guild_id, limit, user_id, limit, limit),
        )

    async def game_summary(self, game_id: int) -> Any:
        """One game's row as ``games_of`` gives it, or None."""
        return await self._one(f"{self._summary} FROM games g WHERE g.id = ?", (game_id,))

    async def local_games(self) -> list[Any]:
        """The unfinished games played in a terminal (no channel), newest move first, as
        ``games_of`` gives them."""
        return await self._all(
            f"{self._summary} FROM games g WHERE g.channel_id IS NULL AND g.status = 'active' "
            "ORDER BY g.updated_at DESC, g.id DESC"
        )

    @property
    def _summary(self) -> str:
        """The SELECT of a game's summary columns and its seats (``games_of``)."""
        return (
            "SELECT g.id, g.game_key, g.status, g.to_act, g.version, g.guild_id, g.channel_id, "
            "g.thread_id, g.message_id, g.updated_at, g.deadline, g.stand_ins, "
            f"(SELECT {self.dialect.json_list('o.seat, o.user_id, o.name, o.gone', 'o.seat')} "
            "FROM seats o WHERE o.game_id = g.id) AS seats"
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
        finish: Finish | None = None,
        now: float,
    ) -> bool:
        """Append ``moves`` (text, seat, user id), the new snapshot and summary (``to_act``,
        the seats that ``left`` with these moves, the ``clock`` columns of a turn that starts
        or ends: ``bot/service/clocks.py``; when an AI's turn is due, ``ai_at``, cleared where the
        game
        waited on an AI before, ``was_ai``; the seats an AI plays
        for their absent player, ``stand_ins``, when they change; for moves that end the game,
        its results and ladders' update, ``finish``: ``rating_rows.py``) if the game is still
        at ``version``; False (nothing written) when someone else changed it first. One
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
            Write(INSERT_MOVE, move_rows(game_id, first_number, moves, now), many=True),
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
        if finish is not None:  # (reads the ladders, so a transaction rather than a batch)
            return await self._write_ending(writes, game_id, finish, now)
        return await self.database.batch(writes) is not None

    async def game_head(self, game_id: int, user_id: int) -> tuple[int, str, bool] | None:
        """The game's version and status, and whether ``user_id`` is seated in it (a cheap
        look, without the snapshot); None when there is no such game."""
        row = await self._one(
            "SELECT g.version, g.status, EXISTS (SELECT 1 FROM seats s "
            "WHERE s.game_id = g.id AND s.user_id = ?) FROM games g WHERE g.id = ?",
            (user_id, game_id),
        )
        return None if row is None else (int(row[0]), str(row[1]), bool(row[2]))

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
