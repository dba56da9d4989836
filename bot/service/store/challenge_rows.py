"""The SQL of challenges and lobbies (a lobby is a challenge open to anyone, filled seat by
seat), part of :class:`bot.service.store.storage.Storage`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.service.store.database import Transaction, Write
from bot.service.store.rows import (
    INSERT_MOVE,
    MoveFields,
    Rows,
    insert_row,
    insert_unique,
    move_rows,
)


class ChallengeRows(Rows):
    # -- challenges --------------------------------------------------------------------------

    async def insert_challenge(self, **fields: Any) -> int:
        async with self.transaction() as tx:
            return await insert_row(tx, "challenges", fields)

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

    # -- rematches (a finished game's players invited to play it again) ---------------------

    async def insert_rematch(
        self, fields: dict[str, Any], accepted: Sequence[tuple[int, str]]
    ) -> int | None:
        """A rematch of the game ``fields["rematch_of"]`` (a challenges row, open to its
        players only) with the players who accepted it at once (``accepted``: the one who
        asked, Parlor's seats) as its members, in one go; ``None`` (nothing written) when that
        game has a rematch already: the unique key decides, whichever process asked first."""
        async with self.transaction() as tx:
            rematch_id = await insert_unique(tx, "challenges", fields, "rematch_of")
            if rematch_id is None:
                return None
            await tx.executemany(
                "INSERT INTO lobby_members (challenge_id, user_id, name, position, joined_at) "
                "VALUES (?, ?, ?, ?, ?)",
                [
                    (rematch_id, user, name, position, fields["created_at"])
                    for position, (user, name) in enumerate(accepted, 1)
                ],
            )
            return rematch_id

    async def drop_rematch(self, rematch_id: int) -> None:
        """Take back an open rematch that could not start (its members go with it), so the
        game's players may ask again."""
        async with self.transaction() as tx:
            await tx.execute(
                "DELETE FROM challenges WHERE id = ? AND status = 'open' "
                "AND rematch_of IS NOT NULL",
                (rematch_id,),
            )

    async def rematch_of(self, game_id: int) -> Any:
        """The rematch of the game ``game_id`` (its challenges row), or None."""
        return await self._one("SELECT * FROM challenges WHERE rematch_of = ?", (game_id,))

    # -- lobbies (challenges open to anyone, seat by seat) -----------------------------------

    async def insert_lobby(self, fields: dict[str, Any], host: tuple[int, str]) -> int:
        """A new lobby (a challenges row) with its host in the first seat, in one go."""
        async with self.transaction() as tx:
            lobby_id = await insert_row(tx, "challenges", fields)
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
    game_id = await insert_row(tx, "games", game)
    await tx.executemany(
        "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
        [(game_id, seat, user, name) for seat, (user, name) in enumerate(seats)],
    )
    await tx.executemany(INSERT_MOVE, move_rows(game_id, 1, moves, game["created_at"]))
    await tx.execute("UPDATE challenges SET game_id = ? WHERE id = ?", (game_id, challenge_id))
    return game_id
