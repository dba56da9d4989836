"""Ratings of games played in a terminal: a local player is the same player in every game of
the database under the same name (whatever seat they take), so a hot-seat group's ladder
follows each person; a seat Parlor plays is its level's, on that level's ladder; two players
of one name are refused, before any game is made."""

from __future__ import annotations

import random

import pytest

from bot.__main__ import parser
from bot.local.setup import local_id, start
from bot.service.ai_players import ai_id
from bot.service.errors import ServiceError
from bot.service.facade import Service
from tests.bot.playing import play_out
from tests.bot.terminal import run


def setup_args(tmp_path, db: str, *argv: str):
    return parser().parse_args(["play", *argv, "--db", db, "--out", str(tmp_path / "img")])


async def test_a_hot_seat_groups_ratings_follow_each_name_across_seats(tmp_path):
    db = str(tmp_path / "p.db")
    service = await Service.open(db)
    try:
        rng = random.Random(7)
        for number, names in enumerate((["Ann", "Ben"], ["ben", "Ann"])):
            args = setup_args(tmp_path / str(number), db, "icesickle", "--names", *names)
            game = (await start(service, args)).game
            assert [p.user_id for p in game.players] == [local_id(n) for n in names]
            game = await play_out(service, game, rng)
            assert game.over
        rows = await service.storage.database.fetch(
            "SELECT user_id, games FROM ratings WHERE guild_id = 0 ORDER BY user_id"
        )
        assert sorted((r[0], r[1]) for r in rows) == sorted(
            [(local_id("Ann"), 2), (local_id("Ben"), 2)]
        )
        with pytest.raises(ServiceError, match="Two players are named"):
            await start(
                service, setup_args(tmp_path / "x", db, "icesickle", "--names", "Cat", "cat")
            )
        assert len(await service.storage.database.fetch("SELECT id FROM games")) == 2
    finally:
        await service.close()
    printed = run(["stats", "--db", db])
    assert printed.returncode == 0, printed.stderr
    assert "Ann" in printed.stdout and "ben" in printed.stdout  # the latest name taken
    assert "2 players" in printed.stdout


async def test_a_seat_parlor_plays_in_a_terminal_is_rated_on_its_levels_ladder(tmp_path):
    db = str(tmp_path / "p.db")
    played = run(
        [
            "play",
            "icesickle",
            "--db",
            db,
            "--out",
            str(tmp_path / "img"),
            "--ai",
            "1:easy",
            "--ai",
            "2:medium",
        ]
    )
    assert played.returncode == 0, played.stderr
    service = await Service.open(db)
    try:
        game = await service.game(1)
        assert game.over and [p.ai for p in game.players] == ["easy", "medium"]
        rows = await service.storage.database.fetch(
            "SELECT user_id FROM ratings WHERE guild_id = 0 ORDER BY user_id"
        )
        assert sorted(r[0] for r in rows) == sorted([ai_id("easy", 1), ai_id("medium", 1)])
    finally:
        await service.close()


def test_local_ids_are_one_per_name_and_far_below_discord_ids():
    assert local_id("Ann") == local_id("  ann ") != local_id("Ben")
    assert 0 < local_id("Ann") < 2**40 < 80351110224678912  # Discord's first user id


async def test_one_ai_level_at_every_seat_is_not_rated(tmp_path):
    db = str(tmp_path / "p.db")
    played = run(
        ["play", "icesickle", "--db", db, "--out", str(tmp_path / "i"), "--ai", "all:easy"]
    )
    assert played.returncode == 0, played.stderr
    service = await Service.open(db)
    try:
        assert (await service.game(1)).over
        assert await service.storage.database.fetch("SELECT user_id FROM ratings") == []
        rated = await service.storage.database.fetch("SELECT rated FROM results")
        assert [r[0] for r in rated] == [0, 0]
    finally:
        await service.close()
