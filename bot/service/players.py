"""Players' own settings, as the service keeps them (``service.players``). No Discord in here.

A player who never used ``/settings`` has the defaults and no row. Settings are kept in memory
once read (a move asks for the auto-play setting of the player it comes to); a change made
through this process replaces what it keeps. The sweep reads them afresh from the database.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

from bot.service.clocks import LEASE, most_urgent_first
from bot.service.recent import Recent
from bot.service.records import GameRecord, GameSummary, summary_from_row
from bot.service.store.storage import Storage
from bot.service.user_settings import UserSettings, from_row, to_columns
from bot.service.vacation import Away

PLAYERS_KEPT = 10_000
"""Players whose settings are kept in memory."""
DIGEST_BATCH = 500
"""Digests one sweep takes at most; the rest wait for the next."""


class Players:
    """Players' own settings and vacations (reach them as ``service.players``)."""

    def __init__(
        self,
        storage: Storage,
        kept_games: Recent[int, GameRecord],
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.storage = storage
        self.kept_games = kept_games
        """The games this process keeps (``Gameplay.kept``): a vacation moves their clocks."""
        self.clock = clock
        self._kept: Recent[int, UserSettings] = Recent(PLAYERS_KEPT)

    async def settings(self, user_id: int) -> UserSettings:
        kept = self._kept.get(user_id)
        if kept is None:
            kept = (await self.read([user_id]))[user_id]
        return kept

    async def read(self, user_ids: Iterable[int]) -> dict[int, UserSettings]:
        """The settings of ``user_ids`` as stored now (one query), the defaults for those who
        chose none."""
        ids = set(user_ids)
        found = {row["user_id"]: from_row(row) for row in await self.storage.user_settings(ids)}
        settings = {user: found.get(user, UserSettings()) for user in ids}
        for user, chosen in settings.items():
            self._kept[user] = chosen
        return settings

    async def change(self, user_id: int, **given: str | None) -> UserSettings:
        """Change the player's settings (``UserSettings.changed``: a bad value changes nothing
        and raises ``ServiceError`` saying why); the settings after."""
        new = (await self.settings(user_id)).changed(**given)
        wanted = new.digest or await self.storage.followed_ids(user_id, active_only=True)
        digest_at = new.next_digest(self.clock()) if wanted else None
        await self.storage.save_user_settings(user_id, to_columns(new), digest_at)
        self._kept.pop(user_id, None)
        self._kept[user_id] = new
        return new

    async def vacation(self, user_id: int, on: bool) -> tuple[Away, list[int]]:
        """Start or end the player's vacation (``bot/service/vacation.py``; ``ServiceError`` if it
        cannot be); the record after it and the games whose clocks it moved: those waiting on
        the player whose time has not run out (a game whose time has stays as it is, claims
        and all)."""
        now = self.clock()
        rows = await self.storage.user_settings([user_id])
        away = _away(rows[0]) if rows else Away()
        if on:
            away = away.start(now)
            assert away.until is not None
            moved, look = away.until - now, away.until
        else:
            away, unused = away.stop(now)
            moved, look = -unused, now
        await self.storage.save_away(
            user_id,
            {
                "away_since": away.since,
                "away_until": away.until,
                "allowance": away.allowance,
                "allowance_at": away.allowance_at,
            },
        )
        games = await self.storage.move_deadlines(user_id, moved, look, now)
        for game_id in games:  # their deadlines moved under what this process keeps
            self.kept_games.pop(game_id, None)
        self._kept.pop(user_id, None)
        return away, games

    async def out_of_time(self, user_id: int) -> list[GameSummary]:
        """The games waiting on the player whose time has run out: a vacation leaves them
        as they are."""
        now = self.clock()
        return [
            g
            for g in await self._active_games(user_id)
            if g.is_to_move(user_id) and g.deadline is not None and now >= g.deadline
        ]

    async def away(self, user_id: int) -> Away:
        rows = await self.storage.user_settings([user_id])
        return _away(rows[0]) if rows else Away()

    async def due_digests(self) -> list[tuple[int, list[GameSummary]]]:
        """The players whose daily digest is due, each with the games waiting on them, most
        urgent first (none for a player who did not choose the digest: one who follows games
        gets it for those, ``bot/service/follows.py``). A player with no game waiting and none
        followed gets no digest today, and one who follows no game under way and never chose
        the digest gets none again. Each digest's next day is written before it is handed
        out, so it is sent once, whichever sweep finds it."""
        now = self.clock()
        lease = now + LEASE
        due = []
        for row in await self.storage.take_digests(now, lease, DIGEST_BATCH):
            user = row["user_id"]
            chosen = from_row(row)
            followed = await self.storage.followed_ids(user, active_only=True)
            wanted = chosen.digest or followed
            next_at = chosen.next_digest(now) if wanted else None
            if not await self.storage.next_digest(user, lease, next_at):
                continue  # the player changed their settings meanwhile
            waiting = []
            if chosen.digest:
                waiting = [g for g in await self._active_games(user) if g.is_to_move(user)]
            if waiting or followed:
                due.append((user, most_urgent_first(waiting, user)))
        return due

    async def _active_games(self, user_id: int) -> list[GameSummary]:
        """The player's active games, as a listing reads them (``Gameplay.games_of``)."""
        return [
            summary_from_row(row) for row in await self.storage.games_of(user_id, active_only=True)
        ]


def _away(row) -> Away:
    return Away(row["away_since"], row["away_until"], row["allowance"], row["allowance_at"])
