"""``python -m bot stats``: each game's global ladder of a database, best first, the players
who hide their stats left out; a database without ratings says so; a database that is not
there is one line on stderr, and is not created."""

from __future__ import annotations

from pathlib import Path

from bot.service.ratings import GLOBAL
from bot.service.store.storage import Storage
from tests.bot.standings_data import (
    Game,
    Rated,
    Seat,
    hide_stats,
    mu_of,
    store_games,
    store_ratings,
)
from tests.bot.terminal import run


async def test_stats_prints_each_games_global_ladder(db_path):
    storage = await Storage.open(db_path)
    try:
        people = [(1, "Ann"), (2, "Ben"), (3, "Cat"), (4, "Dan")]
        seats = [Seat(user, name, place) for place, (user, name) in enumerate(people, start=1)]
        await store_games(storage, [Game("ice-turn", None, seats, 10.0)])
        await store_ratings(
            storage,
            [
                Rated("ice-turn", GLOBAL, 1, mu_of(1610), 5.0, 14, 9),
                Rated("ice-turn", GLOBAL, 2, mu_of(1700), 7.5, 3, 3),
                Rated("ice-turn", GLOBAL, 3, mu_of(1450), 5.5, 20, 4),
                Rated("ice-turn", GLOBAL, 4, mu_of(1800), 5.0, 15, 12),
                Rated("ice-turn", 99, 1, mu_of(1900), 5.0, 1, 1),  # a server's: not printed
                Rated("pachisi", GLOBAL, 3, mu_of(1525), 4.0, 30, 11),
            ],
        )
        await hide_stats(storage, 4)
    finally:
        await storage.close()
    result = run(["stats", "--db", db_path])
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "Pachisi, global ladder (1 player):"
    assert lines[1].split() == ["1.", "Cat", "1525", "30", "games", "37%", "won"]
    at = lines.index("Ice-Turn, global ladder (3 players):")
    assert [line.split()[:3] for line in lines[at + 1 : at + 4]] == [
        ["1.", "Ann", "1610"],
        ["2.", "Cat", "1450"],
        ["3.", "Ben", "1700?"],  # provisional: after the established
    ]
    assert "Dan" not in result.stdout  # keeps his stats private
    assert lines[-1].startswith('"?": provisional')


def test_stats_of_a_database_without_ratings_or_without_a_database(tmp_path):
    empty = tmp_path / "empty.db"
    assert run(["play", "pachisi", "--db", str(empty)], ["quit"]).returncode == 0
    result = run(["stats", "--db", str(empty)])
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == (
        f"No rated games in {empty} yet: a finished rated game makes the ladders."
    )
    missing = tmp_path / "missing.db"
    result = run(["stats", "--db", str(missing)])
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.strip() == f"stats: there is no database at {missing}"
    assert not Path(missing).exists()
    helped = run(["stats", "--help"])
    assert "Print each game's global ladder of a database" in helped.stdout
    assert "stats" in run(["--help"]).stdout
