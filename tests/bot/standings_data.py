"""Finished, rated games written straight into a real database (SQLite or PostgreSQL), as the
ratings' part writes them when a game ends: the game and its seats, each seat's facts
(``results``), each player's rating change on the server's ladder and the global one
(``rating_changes``), and the ladders' rows (``ratings``). Thousands at once, with
``executemany``: the standings' tests read them through the bot.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.service.ratings import GLOBAL, provisional, shown
from bot.service.store.database import Write
from bot.service.store.storage import Storage


@dataclass(frozen=True)
class Seat:
    user_id: int
    name: str
    place: int
    mu_before: float = 25.0
    sigma_before: float = 25 / 3
    mu: float = 25.0
    sigma: float = 25 / 3
    turns: int = 10
    think_seconds: float = 600.0
    rolls: int = 0
    pips: float = 0.0
    expected_pips: float = 0.0


@dataclass(frozen=True)
class Game:
    game_key: str
    guild_id: int | None
    """The server (None: a terminal game; its ratings are the global ladder's only)."""
    seats: Sequence[Seat]
    finished_at: float
    rated: bool = True


async def store_games(storage: Storage, games: Sequence[Game]) -> list[int]:
    """Write ``games`` (finished) with their seats, results and rating changes; their ids."""
    (row,) = await storage.database.fetch("SELECT COALESCE(MAX(id), 0) FROM games")
    first = int(row[0]) + 1
    ids = list(range(first, first + len(games)))
    game_rows, seat_rows, result_rows, change_rows = [], [], [], []
    for game_id, game in zip(ids, games, strict=True):
        game_rows.append((game_id, game.game_key, len(game.seats), game.guild_id, game.finished_at))
        for number, seat in enumerate(game.seats):
            seat_rows.append((game_id, number, seat.user_id, seat.name))
            result_rows.append(
                (
                    game_id,
                    number,
                    seat.user_id,
                    game.game_key,
                    game.guild_id,
                    len(game.seats),
                    seat.place,
                    int(seat.place == 1),
                    int(game.rated),
                    seat.turns,
                    seat.turns,
                    seat.think_seconds,
                    seat.rolls,
                    seat.pips,
                    seat.expected_pips,
                    game.finished_at,
                )
            )
            if not game.rated:
                continue
            for ladder in {GLOBAL, game.guild_id or GLOBAL}:
                change_rows.append(
                    (
                        game_id,
                        ladder,
                        seat.user_id,
                        game.game_key,
                        seat.mu_before,
                        seat.sigma_before,
                        seat.mu,
                        seat.sigma,
                        game.finished_at,
                    )
                )
    await storage.database.batch(
        [
            Write(
                "INSERT INTO games (id, game_key, num_players, options, settings, seed, status, "
                "guild_id, snapshot, version, created_at, updated_at) "
                "VALUES (?, ?, ?, '{}', '{}', 1, 'over', ?, '{}', 1, ?, ?)",
                [(*g, g[-1]) for g in game_rows],
                many=True,
            ),
            Write(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
                seat_rows,
                many=True,
            ),
            Write(
                "INSERT INTO results (game_id, seat, user_id, game_key, guild_id, players, "
                "place, won, rated, decisions, turns, think_seconds, rolls, pips, "
                "expected_pips, finished_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                result_rows,
                many=True,
            ),
            *(
                [
                    Write(
                        "INSERT INTO rating_changes (game_id, guild_id, user_id, game_key, "
                        "mu_before, sigma_before, mu, sigma, at) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        change_rows,
                        many=True,
                    )
                ]
                if change_rows
                else []
            ),
        ]
    )
    return ids


@dataclass(frozen=True)
class Rated:
    """A player's row of one ladder."""

    game_key: str
    guild_id: int
    user_id: int
    mu: float
    sigma: float
    games: int
    wins: int


async def store_ratings(storage: Storage, rows: Sequence[Rated], at: float = 0.0) -> None:
    """Write ladders' rows, each with its shown rating and whether it is established."""
    await storage.database.batch(
        [
            Write(
                "INSERT INTO ratings (game_key, guild_id, user_id, mu, sigma, rating, "
                "established, games, wins, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        r.game_key,
                        r.guild_id,
                        r.user_id,
                        r.mu,
                        r.sigma,
                        shown(r.mu),
                        int(not provisional(r.sigma)),
                        r.games,
                        r.wins,
                        at,
                    )
                    for r in rows
                ],
                many=True,
            )
        ]
    )


async def hide_stats(storage: Storage, user_id: int) -> None:
    """The player keeps their stats private (as ``/settings`` would set it)."""
    await storage.database.batch(
        [
            Write(
                "INSERT INTO user_settings (user_id, stats_hidden) VALUES (?, 1) "
                "ON CONFLICT (user_id) DO UPDATE SET stats_hidden = 1",
                (user_id,),
            )
        ]
    )


def mu_of(rating: int) -> float:
    """The ``mu`` whose shown rating is ``rating``."""
    return 25.0 + (rating - 1500) / 40.0


async def big_ladder(
    storage: Storage, game_key: str, guild_id: int, players: int, *, first_id: int = 10_000
) -> list[Rated]:
    """``players`` rated players of ``game_key`` on ``guild_id`` (and the global ladder),
    named ``p<id>``, paired in two-seat games (one each, so each has a name): ratings from
    2999 down, every 7th still provisional. Their rows, in no particular order."""
    rated, games = [], []
    for n in range(players):
        user = first_id + n
        mu = mu_of(3000 - (n % 1500) - 1)
        sigma = 7.0 if n % 7 == 3 else 4.0
        for ladder in {guild_id, GLOBAL}:
            rated.append(Rated(game_key, ladder, user, mu, sigma, 10 + n % 5, 5 + n % 3))
    for n in range(0, players - 1, 2):
        one, two = first_id + n, first_id + n + 1
        games.append(
            Game(
                game_key,
                guild_id or None,
                [Seat(one, f"p{one}", 1), Seat(two, f"p{two}", 2)],
                1_000_000.0 + n,
            )
        )
    await store_games(storage, games)
    await store_ratings(storage, rated)
    return rated
