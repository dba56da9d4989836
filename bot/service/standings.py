"""Standings: the ladders (``/leaderboard``, ``python -m bot stats``) and a player's profile
(``/profile``), read from the ratings' tables (``bot/service/ratings.py``; written when a rated
game ends). No Discord in here.

- A ladder is a game's, on one server or everywhere (``GLOBAL``), in the order of its index:
  established ratings first (not :func:`provisional`), then by rating, then by user id (the
  longest-standing account first among equals). Pages of :data:`PAGE_ROWS`.
- A player who hides their stats (``user_settings.stats_hidden``) is left out of the ladders
  others see, and their profile is refused to others; they see both themselves.
- Dice luck (the pips a player's rolls moved against what those dice give on average) is
  shown once they rolled :data:`LUCK_ROLLS` times in a game: fewer say little.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import engine
from bot.service.ai_players import ai_name, level_of
from bot.service.errors import NotAllowed, ServiceError
from bot.service.ratings import GLOBAL, entrant, provisional, shown
from bot.service.records import GameRecord
from bot.service.store.storage import Storage
from bot.service.table_settings import game_named

PAGE_ROWS = 10
"""Players on one page of ``/leaderboard``: what a phone shows without scrolling."""
TREND_GAMES = 50
"""Rated games the trend of ``/profile`` shows at most (the latest)."""
LUCK_ROLLS = 100
"""Rolls of a game a player makes before their dice luck there is shown: with fewer, the luck
of a few rolls swamps it (a d6's pips have a spread of 1.7 a roll: over 100 rolls the total's
spread is about 5% of what is expected)."""
OPPONENTS = 3
"""Favourite opponents ``/profile`` names (those met most)."""
NOBODY = 0
"""The viewer of a ladder no player asked for (``python -m bot stats``): no user has id 0."""


@dataclass(frozen=True)
class Standing:
    """A player's row of a ladder."""

    place: int
    """1 first, among the players the viewer sees."""
    user_id: int
    name: str | None
    """Their name at their latest seat (an AI level's name), or None if unknown."""
    rating: int
    provisional: bool
    games: int
    wins: int

    @property
    def win_rate(self) -> float:
        """The share of their rated games won, 0 to 1."""
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class LadderPage:
    game_key: str
    guild_id: int
    """The server's id, or ``GLOBAL`` (0) for the ladder over every server."""
    page: int
    pages: int
    players: int
    """How many players the ladder shows the viewer."""
    rows: tuple[Standing, ...]
    own: Standing | None
    """The viewer's own row, wherever it is, or None if they have no rating here."""

    @property
    def own_on_page(self) -> bool:
        return self.own is not None and any(r.user_id == self.own.user_id for r in self.rows)


@dataclass(frozen=True)
class Rating:
    """A player's rating on one ladder."""

    game_key: str
    guild_id: int
    rating: int
    provisional: bool
    games: int
    wins: int


@dataclass(frozen=True)
class GameStats:
    """A player's finished games of one game (rated or casual)."""

    game_key: str
    games: int
    wins: int
    turns: int
    think_seconds: float
    rolls: int
    pips: float
    expected_pips: float

    @property
    def avg_move(self) -> float | None:
        """Seconds the player took per turn, on average; None before any turn."""
        return self.think_seconds / self.turns if self.turns else None

    @property
    def luck(self) -> float | None:
        """Their pips over the pips expected (1.0: as the dice give on average), once they
        rolled :data:`LUCK_ROLLS` times; else None."""
        if self.rolls < LUCK_ROLLS or self.expected_pips <= 0:
            return None
        return self.pips / self.expected_pips


@dataclass(frozen=True)
class Trend:
    """A player's rating after each of their latest rated games on a ladder, oldest first."""

    game_key: str
    guild_id: int
    ratings: tuple[int, ...]
    won: tuple[bool, ...]
    provisional_until: int
    """How many of the first points were provisional ratings."""


@dataclass(frozen=True)
class Opponent:
    user_id: int
    name: str | None
    games: int
    ahead: int
    """The games the player finished ahead of this opponent."""


@dataclass(frozen=True)
class Profile:
    user_id: int
    name: str | None
    game_key: str | None
    """The game the profile was asked about, or None for all."""
    ratings: tuple[Rating, ...]
    """Server ladders before the global one, games in their usual order."""
    trend: Trend | None
    games: tuple[GameStats, ...]
    """By game, most played first (only ``game_key``'s when one was asked)."""
    streak: tuple[bool, int] | None
    """Whether their latest game was won, and how many in a row ended so."""
    opponents: tuple[Opponent, ...]
    hidden: bool
    """They keep their stats private (and are seeing their own)."""

    @property
    def total_games(self) -> int:
        return sum(g.games for g in self.games)

    @property
    def total_wins(self) -> int:
        return sum(g.wins for g in self.games)

    @property
    def avg_move(self) -> float | None:
        turns = sum(g.turns for g in self.games)
        return sum(g.think_seconds for g in self.games) / turns if turns else None


@dataclass(frozen=True)
class Change:
    """How a finished game moved one seat's rating on the game's own ladder (its server's, or
    the global one off a server)."""

    seat: int
    before: int
    after: int
    provisional: bool


class StatsPrivate(NotAllowed):
    """The player keeps their stats private."""


class Standings:
    """Ladders and profiles, read from ``storage``."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def ladder(
        self,
        game_key: str,
        guild_id: int = GLOBAL,
        *,
        viewer: int = NOBODY,
        page: int = 1,
        size: int = PAGE_ROWS,
    ) -> LadderPage:
        """Page ``page`` (1 first) of a game's ladder on ``guild_id`` (``GLOBAL``: everywhere)
        as ``viewer`` sees it, with their own row; ``ServiceError`` for a page it does not
        have."""
        key = game_named(game_key).key
        if page < 1:
            raise ServiceError(f"page is 1 or more, not {page}.")
        players = await self.storage.ladder_size(key, guild_id, viewer)
        pages = max(1, -(-players // size))
        if page > pages:
            raise ServiceError(
                f"There is no page {page:,}: this ladder has {_count(pages, 'page')} "
                f"({_count(players, 'player')})."
            )
        first = (page - 1) * size + 1
        found = await self.storage.ladder_rows(key, guild_id, viewer, first - 1, size)
        own_row = (
            await self.storage.ladder_entry(key, guild_id, viewer) if viewer != NOBODY else None
        )
        names = await self.names([row["user_id"] for row in found] + [viewer])
        rows = tuple(_standing(row, first + i, names) for i, row in enumerate(found))
        own = None if own_row is None else _standing(own_row, int(own_row["place"]), names)
        return LadderPage(key, guild_id, page, pages, players, rows, own)

    async def ladders(self, guild_id: int = GLOBAL, *, size: int = 50) -> list[LadderPage]:
        """The first page (of ``size`` rows) of each game's ladder that has anyone, for a
        printout (``python -m bot stats``): nobody's view, players who hide their stats left
        out."""
        pages = []
        for key in engine.GAMES:
            page = await self.ladder(key, guild_id, size=size)
            if page.players:
                pages.append(page)
        return pages

    async def profile(
        self,
        user_id: int,
        *,
        viewer: int,
        game_key: str | None = None,
        guild_id: int | None = None,
        name: str | None = None,
    ) -> Profile:
        """The profile of ``user_id`` as ``viewer`` asked it, in the server ``guild_id`` (None:
        a direct message; its ratings there come before the global ones), of ``game_key``'s
        games or all. ``name``: how the caller knows them (else their latest seat's name).
        :class:`StatsPrivate` when they hide their stats from others."""
        key = None if game_key is None else game_named(game_key).key
        if name is None:
            name = (await self.names([user_id])).get(user_id)
        hidden = await self.storage.stats_hidden(user_id)
        if hidden and viewer != user_id:
            raise StatsPrivate(f"{name or 'This player'} keeps their stats private.")
        keys = [key] if key else list(engine.GAMES)
        guilds = [GLOBAL] if not guild_id else [guild_id, GLOBAL]
        rows = await self.storage.ratings_of(user_id, keys, guilds)
        ratings = tuple(sorted((_rating(row) for row in rows), key=_rating_order(keys, guilds)))
        trend = await self._trend(user_id, key, ratings)
        games = tuple(_stats(row) for row in await self.storage.games_by_game(user_id))
        if key is not None:
            games = tuple(g for g in games if g.game_key == key)
        streak = await self.storage.streak(user_id, key)
        met = await self.storage.opponents(user_id, key, OPPONENTS)
        names = await self.names([row["user_id"] for row in met])
        opponents = tuple(
            Opponent(int(r["user_id"]), names.get(int(r["user_id"])), int(r["games"]), _int(r[2]))
            for r in met
        )
        return Profile(user_id, name, key, ratings, trend, games, streak, opponents, hidden)

    async def _trend(
        self, user_id: int, key: str | None, ratings: Sequence[Rating]
    ) -> Trend | None:
        """The global trend of ``key`` (or of the game they have the most rated games of)."""
        everywhere = [
            r for r in ratings if r.guild_id == GLOBAL and (key is None or r.game_key == key)
        ]
        if not everywhere:
            return None
        game = max(everywhere, key=lambda r: r.games).game_key
        rows = list(reversed(await self.storage.rating_trend(user_id, game, GLOBAL, TREND_GAMES)))
        if not rows:
            return None
        values = tuple(shown(float(row["mu"])) for row in rows)
        won = tuple(bool(row["won"]) for row in rows)
        until = next(
            (i for i, row in enumerate(rows) if not provisional(float(row["sigma"]))), len(rows)
        )
        return Trend(game, GLOBAL, values, won, until)

    async def changes(self, record: GameRecord) -> list[Change]:
        """How a finished game moved its seats' ratings on its own ladder, by seat (none for a
        game not rated, or still going); a seat of a player who hides their stats is left
        out, as it is of the ladders."""
        if not record.over:
            return []
        ladder = GLOBAL if record.guild_id is None else record.guild_id
        moved = {
            int(row["user_id"]): row
            for row in await self.storage.rating_changes_of(record.id)
            if int(row["guild_id"]) == ladder
        }
        found = []
        for seat in range(record.num_players):
            user = entrant(record, seat)
            row = moved.get(user)
            if row is None or await self.storage.stats_hidden(user):
                continue
            before, after = shown(float(row["mu_before"])), shown(float(row["mu"]))
            found.append(Change(seat, before, after, provisional(float(row["sigma"]))))
        return found

    async def names(self, user_ids: Iterable[int]) -> dict[int, str]:
        """Players' names: an AI level's own, a person's at their latest seat (those never
        seated are left out)."""
        ids = {int(i) for i in user_ids if i != NOBODY}
        names = {i: ai_name(level) for i in ids if (level := level_of(i)) is not None}
        names.update(await self.storage.latest_names(ids - set(names)))
        return names


def _count(number: int, thing: str) -> str:
    return f"{number:,} {thing}{'s' if number != 1 else ''}"


def _int(value: Any) -> int:
    return int(value or 0)


def _standing(row: Any, place: int, names: dict[int, str]) -> Standing:
    user = int(row["user_id"])
    return Standing(
        place,
        user,
        names.get(user),
        int(row["rating"]),
        not row["established"],
        int(row["games"]),
        int(row["wins"]),
    )


def _rating(row: Any) -> Rating:
    return Rating(
        str(row["game_key"]),
        int(row["guild_id"]),
        int(row["rating"]),
        provisional(float(row["sigma"])),
        int(row["games"]),
        int(row["wins"]),
    )


def _rating_order(keys: list[str], guilds: list[int]):
    return lambda r: (guilds.index(r.guild_id), keys.index(r.game_key))


def _stats(row: Any) -> GameStats:
    return GameStats(
        str(row["game_key"]),
        int(row["games"]),
        _int(row["wins"]),
        _int(row["turns"]),
        float(row["think"] or 0.0),
        _int(row["rolls"]),
        float(row["pips"] or 0.0),
        float(row["expected"] or 0.0),
    )
