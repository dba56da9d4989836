"""The ladders and profiles (``bot/service/standings.py``) as a player reads them, from rated
games stored in a real database (SQLite and PostgreSQL): the order, the pages, the player's
own place, the players who hide their stats, and what a profile says."""

from __future__ import annotations

import pytest

from bot.service.ai_players import ai_id
from bot.service.errors import ServiceError
from bot.service.ratings import GLOBAL
from bot.service.standings import StatsPrivate
from tests.bot.standings_data import (
    Game,
    Rated,
    Seat,
    hide_stats,
    mu_of,
    store_games,
    store_ratings,
)

GUILD = 77
ANN, BEN, CAT, DAN, EVE = 1, 2, 3, 4, 5


async def named(service, *people):
    """One casual game of Ice-Turn seating ``people`` (id, name), for their names."""
    seats = [Seat(user, name, place) for place, (user, name) in enumerate(people, start=1)]
    await store_games(service.storage, [Game("ice-turn", GUILD, seats, 1.0, rated=False)])


async def test_a_ladder_is_established_first_then_by_rating_in_pages(services):
    service = await services()
    await named(service, (ANN, "Ann"), (BEN, "Ben"), (CAT, "Cat"), (DAN, "Dan"))
    await named(service, (EVE, "Eve"))
    await store_ratings(
        service.storage,
        [
            Rated("pachisi", GUILD, ANN, mu_of(1600), 7.0, 3, 3),  # provisional: after all
            Rated("pachisi", GUILD, BEN, mu_of(1550), 5.0, 20, 10),
            Rated("pachisi", GUILD, CAT, mu_of(1580), 5.0, 30, 12),
            Rated("pachisi", GUILD, DAN, mu_of(1550), 5.0, 8, 2),
            Rated("pachisi", GUILD, EVE, mu_of(1400), 5.0, 4, 1),
            Rated("pachisi", GLOBAL, EVE, mu_of(1400), 5.0, 4, 1),  # another ladder
        ],
    )
    standings = service.standings
    page = await standings.ladder("pachisi", GUILD, viewer=ANN, size=2)
    assert [(r.place, r.name, r.rating) for r in page.rows] == [(1, "Cat", 1580), (2, "Ben", 1550)]
    assert (page.pages, page.players) == (3, 5)
    assert page.own is not None and (page.own.place, page.own.provisional) == (5, True)
    assert not page.own_on_page
    second = await standings.ladder("pachisi", GUILD, viewer=ANN, page=2, size=2)
    assert [(r.place, r.name) for r in second.rows] == [(3, "Dan"), (4, "Eve")]
    last = await standings.ladder("pachisi", GUILD, viewer=ANN, page=3, size=2)
    assert [r.name for r in last.rows] == ["Ann"] and last.own_on_page
    assert last.rows[0].win_rate == 1.0
    with pytest.raises(ServiceError, match="There is no page 4: this ladder has 3 pages"):
        await standings.ladder("pachisi", GUILD, viewer=ANN, page=4, size=2)
    with pytest.raises(ServiceError, match="page is 1 or more"):
        await standings.ladder("pachisi", GUILD, viewer=ANN, page=0)
    everywhere = await standings.ladder("pachisi", GLOBAL, viewer=ANN)
    assert [r.name for r in everywhere.rows] == ["Eve"] and everywhere.own is None
    empty = await standings.ladder("icesickle", GUILD, viewer=ANN)
    assert (empty.players, empty.pages, empty.rows, empty.own) == (0, 1, (), None)


async def test_a_player_who_hides_their_stats_is_left_out_for_others_only(services):
    service = await services()
    await named(service, (ANN, "Ann"), (BEN, "Ben"), (CAT, "Cat"))
    await store_ratings(
        service.storage,
        [
            Rated("pachisi", GUILD, ANN, mu_of(1700), 5.0, 9, 9),
            Rated("pachisi", GUILD, BEN, mu_of(1600), 5.0, 9, 5),
            Rated("pachisi", GUILD, CAT, mu_of(1500), 5.0, 9, 1),
        ],
    )
    await hide_stats(service.storage, ANN)
    standings = service.standings
    theirs = await standings.ladder("pachisi", GUILD, viewer=CAT)
    assert [(r.place, r.name) for r in theirs.rows] == [(1, "Ben"), (2, "Cat")]
    assert theirs.players == 2 and theirs.own is not None and theirs.own.place == 2
    own = await standings.ladder("pachisi", GUILD, viewer=ANN)
    assert [r.name for r in own.rows] == ["Ann", "Ben", "Cat"] and own.own.place == 1
    with pytest.raises(StatsPrivate, match="Ann keeps their stats private"):
        await standings.profile(ANN, viewer=BEN)
    mine = await standings.profile(ANN, viewer=ANN, guild_id=GUILD)
    assert mine.hidden and mine.ratings[0].rating == 1700


async def test_a_profile_tells_ratings_trend_games_streak_time_opponents_and_luck(services):
    service = await services()
    hard = ai_id("hard", 1)
    games = []
    for n in range(12):  # Ann against Ben, then Parlor: won the first 9 but for one, lost 3
        won = n < 9 and n != 4
        other = (BEN, "Ben") if n < 8 else (hard, "Parlor (hard)")
        first, second = ((ANN, "Ann"), other) if won else (other, (ANN, "Ann"))
        sigma = 8.0 - n * 0.3
        seats = [
            Seat(first[0], first[1], 1, mu=25.0 + n, sigma=sigma),
            Seat(second[0], second[1], 2, mu=25.0 + n, sigma=sigma, think_seconds=60.0),
        ]
        if second[0] == ANN:
            seats[0], seats[1] = (
                Seat(first[0], first[1], 1, mu=25.0 + n, sigma=sigma, think_seconds=60.0),
                Seat(ANN, "Ann", 2, mu=25.0 + n, sigma=sigma),
            )
        seats = [
            s
            if s.user_id != ANN
            else Seat(
                ANN, "Ann", s.place, mu=s.mu, sigma=sigma, rolls=10, pips=40.0, expected_pips=35.0
            )
            for s in seats
        ]
        games.append(Game("pachisi", GUILD, seats, 100.0 + n))
    games.append(
        Game(
            "icesickle",
            None,
            [Seat(ANN, "Ann", 1, think_seconds=1200.0), Seat(CAT, "Cat", 2)],
            50.0,
        )
    )
    await store_games(service.storage, games)
    await store_ratings(
        service.storage,
        [
            Rated("pachisi", GLOBAL, ANN, 36.0, 5.0, 12, 8),
            Rated("pachisi", GUILD, ANN, 35.0, 5.5, 12, 8),
            Rated("icesickle", GLOBAL, ANN, 26.0, 7.9, 1, 1),
        ],
    )
    profile = await service.standings.profile(ANN, viewer=BEN, guild_id=GUILD)
    assert profile.name == "Ann" and not profile.hidden
    assert [(r.game_key, r.guild_id, r.rating, r.provisional) for r in profile.ratings] == [
        ("pachisi", GUILD, 1900, False),
        ("pachisi", GLOBAL, 1940, False),
        ("icesickle", GLOBAL, 1540, True),
    ]
    trend = profile.trend
    assert trend is not None and trend.game_key == "pachisi"
    assert trend.ratings == tuple(1500 + 40 * n for n in range(12))
    assert trend.won == tuple(n < 9 and n != 4 for n in range(12))
    assert trend.provisional_until == 7  # sigma 8.0 - 0.3 n is above 6 until n = 7
    assert [(g.game_key, g.games, g.wins) for g in profile.games] == [
        ("pachisi", 12, 8),
        ("icesickle", 1, 1),
    ]
    assert profile.streak == (False, 3)
    assert profile.avg_move == pytest.approx((12 * 600.0 + 1200.0) / 130)
    assert [(o.name, o.games, o.ahead) for o in profile.opponents] == [
        ("Ben", 8, 7),
        ("Parlor (hard)", 4, 1),
        ("Cat", 1, 1),
    ]
    pachisi = profile.games[0]
    assert pachisi.rolls == 120 and pachisi.luck == pytest.approx(480 / 420)
    fewer = await service.standings.profile(ANN, viewer=ANN, game_key="icesickle")
    assert [g.game_key for g in fewer.games] == ["icesickle"] and fewer.games[0].luck is None
    assert fewer.streak == (True, 1) and [o.name for o in fewer.opponents] == ["Cat"]
    assert fewer.trend is not None and fewer.trend.ratings == (1500,)
    assert fewer.trend.provisional_until == 1
    nobody = await service.standings.profile(999, viewer=ANN)
    assert (nobody.name, nobody.ratings, nobody.games, nobody.streak) == (None, (), (), None)


async def test_dice_luck_waits_for_enough_rolls(services):
    service = await services()
    seats = [
        Seat(ANN, "Ann", 1, rolls=99, pips=400.0, expected_pips=350.0),
        Seat(BEN, "Ben", 2, rolls=100, pips=300.0, expected_pips=350.0),
    ]
    await store_games(service.storage, [Game("pach-ice-i", GUILD, seats, 5.0)])
    ann = await service.standings.profile(ANN, viewer=ANN)
    ben = await service.standings.profile(BEN, viewer=ANN)
    assert ann.games[0].luck is None
    assert ben.games[0].luck == pytest.approx(300 / 350)
