"""Many stored games at once, for the sweep's test and benchmark: copies of one game, some due
for the sweep's look, written straight into the database (no moves played)."""

from __future__ import annotations

import aiosqlite


async def copies(db: aiosqlite.Connection, total: int, due: int, due_at: float, later: float):
    """Games 2 to ``total`` + 1 as copies of game 1 (its row and its seats), the first ``due``
    of them to be looked at ``due_at``, the others ``later``; game 1 itself is left alone by
    the sweep. Copies from an earlier call are replaced."""
    await db.execute("DELETE FROM seats WHERE game_id > 1")
    await db.execute("DELETE FROM games WHERE id > 1")
    await db.execute(
        "WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < ?) "
        "INSERT INTO games (id, game_key, num_players, options, settings, seed, status, "
        "snapshot, version, created_at, updated_at, to_act, turn_at, deadline, wake_at) "
        "SELECT n.i, g.game_key, g.num_players, g.options, g.settings, g.seed, g.status, "
        "g.snapshot, g.version, g.created_at, g.updated_at, g.to_act, g.turn_at, "
        "g.deadline, CASE WHEN n.i <= ? THEN ? ELSE ? END FROM n, games g WHERE g.id = 1",
        (total + 1, due + 1, due_at, later),
    )
    await db.execute(
        "INSERT INTO seats (game_id, seat, user_id, name) SELECT g.id, s.seat, "
        "s.user_id, s.name FROM games g JOIN seats s ON s.game_id = 1 WHERE g.id > 1"
    )
    await db.execute("UPDATE games SET wake_at = NULL WHERE id = 1")


async def due_again(db: aiosqlite.Connection, due: int, due_at: float) -> None:
    """Make the first ``due`` copies due once more, as if no reminder had been sent yet."""
    await db.execute(
        "UPDATE games SET wake_at = ?, reminders = 0, reminded_at = NULL WHERE id BETWEEN 2 AND ?",
        (due_at, due + 1),
    )
