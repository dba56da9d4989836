"""The SQL of the standings (``bot/service/standings.py``: ``/leaderboard``, ``/profile``,
``python -m bot stats``), part of :class:`Storage`. It only reads: the ratings' tables of
migration 13 are written when a game ends.

Each query reads through an index (``tests/bot/store/test_standing_plans.py`` shows the plans):

- a ladder's page and a player's place: ``ratings_ladder`` (game, server, established DESC,
  rating DESC, user id), the order a ladder is shown in; a place is the count of the rows
  before the player's, three ranges of that index (the established ahead of a provisional
  player, the same standing and a higher rating, the same rating and a smaller id);
- players who hide their stats: ``user_settings_hidden`` (migration 15), the few of them, each
  looked up on the ladder by its primary key; a hidden player is left out of everyone's
  ladder but their own;
- a player's ratings: the primary key of ``ratings``, one game and ladder each;
- their trend: ``rating_changes_player``; their games: ``results_player``; their opponents: the
  primary key of ``results`` (the other seats of each of their games);
- names: a player's latest seat, ``seats_user_latest`` (migration 15).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from bot.service.store.rows import Rows

HIDDEN = "SELECT 1 FROM user_settings h WHERE h.user_id = r.user_id AND h.stats_hidden = 1"
"""Whether the ratings row ``r``'s player hides their stats (a primary-key look)."""

BEFORE = (
    "(SELECT COUNT(*) FROM ratings b WHERE b.game_key = r.game_key AND b.guild_id = r.guild_id "
    "AND b.established > r.established)",
    "(SELECT COUNT(*) FROM ratings b WHERE b.game_key = r.game_key AND b.guild_id = r.guild_id "
    "AND b.established = r.established AND b.rating > r.rating)",
    "(SELECT COUNT(*) FROM ratings b WHERE b.game_key = r.game_key AND b.guild_id = r.guild_id "
    "AND b.established = r.established AND b.rating = r.rating AND b.user_id < r.user_id)",
)
"""The rows of the ladder before the ratings row ``r`` (established, rating, user id), as
three ranges of the index ``ratings_ladder``."""

HIDDEN_BEFORE = (
    "(SELECT COUNT(*) FROM user_settings h JOIN ratings b ON b.game_key = r.game_key "
    "AND b.guild_id = r.guild_id AND b.user_id = h.user_id WHERE h.stats_hidden = 1 AND "
    "(b.established > r.established OR (b.established = r.established AND "
    "(b.rating > r.rating OR (b.rating = r.rating AND b.user_id < r.user_id)))))"
)
"""The players before the ratings row ``r`` who hide their stats (a few, each looked up)."""


class StandingRows(Rows):
    async def ladder_rows(
        self, game_key: str, guild_id: int, viewer: int, offset: int, limit: int
    ) -> list[Any]:
        """``limit`` rows of a ladder from ``offset`` on, in its order (established first, then
        rating, then user id), without the players who hide their stats (but ``viewer``)."""
        return await self._all(
            "SELECT r.user_id, r.rating, r.established, r.games, r.wins FROM ratings r "
            f"WHERE r.game_key = ? AND r.guild_id = ? AND (r.user_id = ? OR NOT EXISTS ({HIDDEN})) "
            "ORDER BY r.established DESC, r.rating DESC, r.user_id LIMIT ? OFFSET ?",
            (game_key, guild_id, viewer, limit, offset),
        )

    async def ladder_size(self, game_key: str, guild_id: int, viewer: int) -> int:
        """How many players a ladder shows ``viewer``: all but those who hide their stats
        (``viewer`` counts, hidden or not)."""
        (row,) = await self._all(
            "SELECT (SELECT COUNT(*) FROM ratings WHERE game_key = ? AND guild_id = ?) - "
            "(SELECT COUNT(*) FROM user_settings h JOIN ratings r ON r.game_key = ? "
            "AND r.guild_id = ? AND r.user_id = h.user_id "
            "WHERE h.stats_hidden = 1 AND h.user_id <> ?)",
            (game_key, guild_id, game_key, guild_id, viewer),
        )
        return int(row[0])

    async def ladder_entry(self, game_key: str, guild_id: int, user_id: int) -> Any | None:
        """A player's row of a ladder with ``place`` (1 first) among the players the ladder
        shows them, or None if they are not on it."""
        rows = await self._all(
            "SELECT r.user_id, r.rating, r.established, r.games, r.wins, "
            f"{BEFORE[0]} + {BEFORE[1]} + {BEFORE[2]} - {HIDDEN_BEFORE} + 1 AS place "
            "FROM ratings r WHERE r.game_key = ? AND r.guild_id = ? AND r.user_id = ?",
            (game_key, guild_id, user_id),
        )
        return rows[0] if rows else None

    async def ratings_of(
        self, user_id: int, game_keys: Sequence[str], guild_ids: Sequence[int]
    ) -> list[Any]:
        """A player's rows of the ladders of ``game_keys`` on ``guild_ids`` (each a
        primary-key look)."""
        if not game_keys or not guild_ids:
            return []
        games = ", ".join("?" for _ in game_keys)
        guilds = ", ".join("?" for _ in guild_ids)
        return await self._all(
            "SELECT game_key, guild_id, user_id, mu, sigma, rating, established, games, wins "
            f"FROM ratings WHERE game_key IN ({games}) AND guild_id IN ({guilds}) "
            "AND user_id = ?",
            (*game_keys, *guild_ids, user_id),
        )

    async def rating_trend(
        self, user_id: int, game_key: str, guild_id: int, limit: int
    ) -> list[Any]:
        """The last ``limit`` changes of a player's rating on a ladder, newest first: ``mu``,
        ``sigma`` after each, and whether they won that game (``won``; where the game's seat
        facts are missing, whether the rating rose)."""
        return await self._all(
            "SELECT c.mu, c.sigma, c.at, COALESCE((SELECT MAX(s.won) FROM results s "
            "WHERE s.game_id = c.game_id AND s.user_id + 0 = c.user_id), "
            "CASE WHEN c.mu > c.mu_before THEN 1 ELSE 0 END) AS won "
            "FROM rating_changes c WHERE c.user_id = ? AND c.game_key = ? AND c.guild_id = ? "
            "ORDER BY c.at DESC LIMIT ?",
            (user_id, game_key, guild_id, limit),
        )

    async def games_by_game(self, user_id: int) -> list[Any]:
        """A player's finished games, by game: how many, won, and the sums of their turns,
        think time, rolls, pips and expected pips."""
        return await self._all(
            "SELECT game_key, COUNT(*) AS games, SUM(won) AS wins, SUM(turns) AS turns, "
            "SUM(think_seconds) AS think, SUM(rolls) AS rolls, SUM(pips) AS pips, "
            "SUM(expected_pips) AS expected FROM results WHERE user_id = ? "
            "GROUP BY game_key ORDER BY COUNT(*) DESC, game_key",
            (user_id,),
        )

    async def streak(self, user_id: int, game_key: str | None) -> tuple[bool, int] | None:
        """The player's current streak (of ``game_key``'s games, or all): whether their last
        finished game was won, and how many in a row ended so; None before their first."""
        only = "" if game_key is None else " AND game_key = ?"
        more = () if game_key is None else (game_key,)
        rows = await self._all(
            f"SELECT won FROM results WHERE user_id = ?{only} "
            "ORDER BY finished_at DESC, game_id DESC LIMIT 1",
            (user_id, *more),
        )
        if not rows:
            return None
        last = int(rows[0][0])
        (row,) = await self._all(
            f"SELECT COUNT(*) FROM results WHERE user_id = ?{only} AND finished_at > "
            f"COALESCE((SELECT MAX(finished_at) FROM results WHERE user_id = ?{only} "
            "AND won <> ?), -1.0)",
            (user_id, *more, user_id, *more, last),
        )
        return bool(last), int(row[0])

    async def opponents(self, user_id: int, game_key: str | None, limit: int) -> list[Any]:
        """Whom the player met most (in ``game_key``'s games, or all): ``user_id``, ``games``
        and ``ahead`` (the games the player finished ahead of them), most games first."""
        only = "" if game_key is None else " AND r.game_key = ?"
        more = () if game_key is None else (game_key,)
        return await self._all(
            "SELECT o.user_id, COUNT(*) AS games, "
            "SUM(CASE WHEN r.place < o.place THEN 1 ELSE 0 END) AS ahead "
            "FROM results r JOIN results o ON o.game_id = r.game_id AND o.seat <> r.seat "
            f"WHERE r.user_id = ?{only} AND o.user_id <> r.user_id "
            "GROUP BY o.user_id ORDER BY COUNT(*) DESC, o.user_id LIMIT ?",
            (user_id, *more, limit),
        )

    async def stats_hidden(self, user_id: int) -> bool:
        """Whether the player keeps their stats private (``/settings``)."""
        rows = await self._all(
            "SELECT stats_hidden FROM user_settings WHERE user_id = ?", (user_id,)
        )
        return bool(rows and rows[0][0])

    async def latest_names(self, user_ids: Iterable[int]) -> dict[int, str]:
        """Each player's name at their latest seat (those who never sat are left out)."""
        ids = sorted({int(i) for i in user_ids})
        if not ids:
            return {}
        marks = ", ".join("?" for _ in ids)
        rows = await self._all(
            "SELECT s.user_id, s.name FROM seats s "
            f"WHERE s.user_id IN ({marks}) AND s.game_id = (SELECT MAX(l.game_id) "
            "FROM seats l WHERE l.user_id = s.user_id)",
            ids,
        )
        return {int(row[0]): str(row[1]) for row in rows}
