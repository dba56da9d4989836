"""The SQL of ratings and results (part of :class:`bot.service.store.storage.Storage`): a
finished game's ``results`` rows and its ladders' update, written in the transaction of the
move that ends it, and the ladders read back.

A game's update is applied once: the move that ends it is version-checked (only one process
ends a game), and ``rating_changes`` holds one row per game, ladder and player, so an update
found there already is never applied again. Where several processes share a PostgreSQL
database, the ladder rows a game changes are created if new, then locked, always in the same
order (ladder, then user id), so two games ending at once wait for each other instead of
deadlocking, and neither update is lost.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from bot.service.store.database import Transaction, Write
from bot.service.store.rows import Rows


class Rating(Protocol):
    """A ladder row (``bot.service.ratings.Rating``)."""

    mu: float
    sigma: float
    games: int
    wins: int

    @property
    def shown(self) -> int: ...

    @property
    def provisional(self) -> bool: ...


class Finish(Protocol):
    """What the end of a game writes (``bot.service.ratings.Finish``: the ratings' arithmetic
    comes with it, so the store imports none of the service above it)."""

    game_key: str
    results: Sequence[Mapping[str, Any]]
    rated: bool

    @property
    def keys(self) -> list[tuple[int, int]]: ...

    def rating(
        self, mu: float | None = None, sigma: float | None = None, games: int = 0, wins: int = 0
    ) -> Rating: ...

    def updated(self, before: Mapping[tuple[int, int], Any]) -> Mapping[Any, Rating]: ...


RESULT_COLUMNS = (
    "game_id",
    "seat",
    "user_id",
    "game_key",
    "guild_id",
    "players",
    "place",
    "won",
    "rated",
    "decisions",
    "turns",
    "think_seconds",
    "rolls",
    "pips",
    "expected_pips",
    "finished_at",
)
RATING_COLUMNS = (
    "game_key",
    "guild_id",
    "user_id",
    "mu",
    "sigma",
    "rating",
    "established",
    "games",
    "wins",
    "updated_at",
)
CHANGE_COLUMNS = (
    "game_id",
    "guild_id",
    "user_id",
    "game_key",
    "mu_before",
    "sigma_before",
    "mu",
    "sigma",
    "at",
)


def _insert(table: str, columns: Sequence[str], conflict: str) -> str:
    marks = ", ".join("?" for _ in columns)
    return (
        f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks}) "
        f"ON CONFLICT ({conflict}) DO NOTHING"
    )


INSERT_RESULT = _insert("results", RESULT_COLUMNS, "game_id, seat")
INSERT_CHANGE = _insert("rating_changes", CHANGE_COLUMNS, "game_id, guild_id, user_id")
NEW_RATING = _insert("ratings", RATING_COLUMNS, "game_key, guild_id, user_id")
SET_RATING = (
    "UPDATE ratings SET mu = ?, sigma = ?, rating = ?, established = ?, games = ?, wins = ?, "
    "updated_at = ? WHERE game_key = ? AND guild_id = ? AND user_id = ?"
)


class _Refused(Exception):
    """A guarded statement changed no row: the transaction is undone."""


class RatingRows(Rows):
    """Results and ladders."""

    async def _write_ending(
        self, writes: Sequence[Write], game_id: int, finish: Finish, now: float
    ) -> bool:
        """``writes`` (a move's, as :meth:`Database.batch` takes them) and the end of the game
        they finish (``finish``) in one transaction; False (nothing written) when a guarded
        write changed no row (someone else changed the game first)."""
        try:
            async with self.transaction() as tx:
                for write in writes:
                    if write.many:
                        await tx.executemany(write.sql, write.params)
                    elif write.rows:
                        await tx.fetch(write.sql, write.params)
                    elif await tx.execute(write.sql, write.params) != 1 and write.guard:
                        raise _Refused
                await self.write_finish(tx, game_id, finish, now)
        except _Refused:
            return False
        return True

    async def write_finish(self, tx: Transaction, game_id: int, finish: Finish, now: float) -> None:
        """Write a finished game's results and, if it is rated, its ladders' update (read and
        written here, locked first on PostgreSQL)."""
        await tx.executemany(
            INSERT_RESULT,
            [(game_id, *(row[c] for c in RESULT_COLUMNS[1:])) for row in finish.results],
        )
        if not finish.rated:
            return
        keys = finish.keys
        fresh = finish.rating()
        await tx.executemany(  # rows to lock, if new (in lock order: no deadlock)
            NEW_RATING,
            [
                (finish.game_key, guild, user, fresh.mu, fresh.sigma, fresh.shown, 0, 0, 0, now)
                for guild, user in keys
            ],
        )
        before = await self._locked(tx, finish, keys)
        after = finish.updated(before)
        for guild, user in keys:
            old, new = before[guild, user], after[guild, user]
            change = (game_id, guild, user, finish.game_key, old.mu, old.sigma, new.mu, new.sigma)
            if await tx.execute(INSERT_CHANGE, (*change, now)) != 1:
                continue  # this game's update of this row was applied already: never twice
            await tx.execute(
                SET_RATING,
                (
                    new.mu,
                    new.sigma,
                    new.shown,
                    int(not new.provisional),
                    new.games,
                    new.wins,
                    now,
                    finish.game_key,
                    guild,
                    user,
                ),
            )

    async def _locked(
        self, tx: Transaction, finish: Finish, keys: Sequence[tuple[int, int]]
    ) -> dict[tuple[int, int], Rating]:
        """The ladder rows ``keys`` (guild id, user id), read (and on PostgreSQL locked) in
        that order."""
        lock = "" if self.dialect.name == "sqlite" else " FOR UPDATE"
        found: dict[tuple[int, int], Rating] = {}
        for guild in sorted({guild for guild, _ in keys}):
            users = [user for g, user in keys if g == guild]
            marks = ", ".join("?" for _ in users)
            rows = await tx.fetch(
                "SELECT user_id, mu, sigma, games, wins FROM ratings "
                f"WHERE game_key = ? AND guild_id = ? AND user_id IN ({marks}) "
                f"ORDER BY user_id{lock}",
                (finish.game_key, guild, *users),
            )
            for row in rows:
                found[guild, int(row[0])] = finish.rating(row[1], row[2], row[3], row[4])
        return found

    # -- reading -----------------------------------------------------------------------------

    async def rating_changes_of(self, game_id: int) -> list[Any]:
        """The ladder changes a game made: rows of guild_id, user_id, mu_before,
        sigma_before, mu, sigma, in (guild, user) order."""
        return await self._all(
            "SELECT guild_id, user_id, mu_before, sigma_before, mu, sigma FROM rating_changes "
            "WHERE game_id = ? ORDER BY guild_id, user_id",
            (game_id,),
        )

    async def results_of(self, game_id: int) -> list[Any]:
        """A finished game's results rows, by seat."""
        return await self._all("SELECT * FROM results WHERE game_id = ? ORDER BY seat", (game_id,))
