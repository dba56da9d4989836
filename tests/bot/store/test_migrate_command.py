"""``python -m bot migrate --from FILE --to URL``: a server's data moved to PostgreSQL (and
back), every game replayed there, the counts reported; a failed check copies nothing."""

from __future__ import annotations

import random

from bot.service.facade import Service
from bot.service.records import Player
from tests.bot.databases import new_database
from tests.bot.people import ANN, BEN, CAT, DAN, Clock
from tests.bot.playing import play_out
from tests.bot.terminal import run

SNOWFLAKE = Player(1_234_567_890_123_456_789, "Eve")
"""A player with a Discord-sized id (past 32 bits)."""


async def fill(path: str) -> dict[int, tuple]:
    """An SQLite file with games of every kind, at every stage, and what else a server holds
    (open challenges, a lobby, boards posted, settings); each game's record, by id."""
    service = await Service.open(path, clock=Clock(), seats_rng=random.Random(2))
    rng = random.Random(7)
    try:
        setups = [
            ("icesickle", [ANN, SNOWFLAKE], {}, None),  # played out
            ("icesickle", [BEN, CAT], {}, 6),
            ("pach-ice-i", [ANN, BEN], {}, 12),
            ("ice-turn", [ANN, BEN, CAT], {}, 20),
            ("pachisi", [ANN, BEN, CAT, DAN], {"rules": "online"}, 40),
            ("pachisi", [ANN, BEN], {"rules": "classic"}, 25),
        ]
        for key, players, options, moves in setups:
            if len(players) == 2:
                challenge = await service.challenge(key, *players, options=options, channel_id=9)
                game = await service.accept(challenge.id, players[1])
            else:
                lobby = await service.lobbies.open(key, players[0], len(players), options=options)
                for player in players[1:]:
                    game = await service.lobbies.join(lobby.id, player)
            game = await play_out(service, game, rng, moves)
            await service.set_board(game, 5_000_000_000_000_000_000 + game.id)
        await service.ai.against("pach-ice-i", DAN, "easy", channel_id=9)
        await service.challenge("ice-turn", CAT, DAN, channel_id=9)  # left open
        await service.lobbies.open("pachisi", BEN, 4)  # a lobby with one seat taken
        await service.storage.save_user_settings(
            ANN.user_id, {"reminders": "6h", "time_zone": "Europe/Paris"}, 1_800_086_400.0
        )
        await service.storage.set_image_folder(1, "/tmp/parlor-play/icesickle-1")
        await service.storage.add_follow(1, 777, 1.0)  # a follower of game 1
        return {game_id: snapshot(await service.game(game_id)) for game_id in range(1, 8)}
    finally:
        await service.close()


def snapshot(game) -> tuple:
    """What a player would see of a game, compared across the two databases."""
    return (
        game.key,
        game.status,
        game.version,
        game.players,
        game.state.position_json(),
        [str(move) for move in game.state.history],
        game.message_id,
        game.result,
        game.channel_id,
        game.options,
        game.settings,
    )


async def test_every_game_replays_on_postgresql_and_back(tmp_path, pg_server):
    path = str(tmp_path / "parlor.db")
    games = await fill(path)
    url = await new_database(pg_server)
    done = run(["migrate", "--from", path, "--to", url])
    assert done.returncode == 0, done.stderr
    assert "Every game replays to its snapshot there: 7 of 7." in done.stdout, done.stdout
    moves = sum(len(seen[5]) for seen in games.values())
    assert f"games 7, seats 17, moves {moves:,}," in done.stdout and "challenges 9" in done.stdout
    assert "player settings 1" in done.stdout and "local image folders 1" in done.stdout
    # the played-out game's results and its ladders' update (global: no server) come along
    assert "results 2, ratings 2, rating changes 2, follows 1." in done.stdout, done.stdout
    source = await Service.open(path)
    try:
        rated = {
            table: [tuple(r) for r in await source.storage.database.fetch(
                f"SELECT * FROM {table} ORDER BY 1, 2, 3")]
            for table in ("results", "ratings", "rating_changes")
        }  # fmt: skip
    finally:
        await source.close()

    moved = await Service.open(url, clock=Clock(), seats_rng=random.Random(2))
    try:
        for game_id, seen in games.items():
            assert snapshot(await moved.game(game_id)) == seen
        assert len(await moved.games_of(SNOWFLAKE.user_id, active_only=False)) == 1
        (settings,) = await moved.storage.user_settings([ANN.user_id])
        assert settings["time_zone"] == "Europe/Paris" and settings["digest_at"] == 1_800_086_400
        for table, rows in rated.items():
            found = await moved.storage.database.fetch(f"SELECT * FROM {table} ORDER BY 1, 2, 3")
            assert [tuple(r) for r in found] == rows, table
        # the game goes on there, and a new one takes the next id
        game = await moved.game(2)
        game = await play_out(moved, game, random.Random(1), 1)
        assert game.version == games[2][2] + 1
        challenge = await moved.challenge("icesickle", ANN, BEN, channel_id=9)
        assert challenge.id == 10
        assert (await moved.accept(challenge.id, BEN)).id == 8
        there = {game_id: snapshot(await moved.game(game_id)) for game_id in range(1, 9)}
    finally:
        await moved.close()

    back = str(tmp_path / "back.db")
    done = run(["migrate", "--from", url, "--to", back])
    assert done.returncode == 0, done.stderr
    assert "Every game replays to its snapshot there: 8 of 8." in done.stdout
    returned = await Service.open(back)
    try:
        for game_id, seen in there.items():  # (their boards too: SQLite's trigger ran)
            assert snapshot(await returned.game(game_id)) == seen
    finally:
        await returned.close()


async def test_nothing_is_copied_when_a_game_does_not_replay_or_the_target_is_not_empty(
    tmp_path, pg_server
):
    path = str(tmp_path / "parlor.db")
    await fill(path)
    service = await Service.open(path)
    async with service.storage.transaction() as tx:  # a move lost: the snapshot is further on
        await tx.execute(
            "DELETE FROM moves WHERE game_id = 3 AND number = "
            "(SELECT MAX(number) FROM moves WHERE game_id = 3)"
        )
    await service.close()
    url = await new_database(pg_server)
    done = run(["migrate", "--from", path, "--to", url])
    assert done.returncode == 2
    assert done.stderr.startswith("migrate: game 3 replays to another position than its")
    assert "nothing was copied" in done.stderr
    assert done.stderr.count("\n") == 1
    empty = await Service.open(url)
    try:
        assert await empty.storage.active_game_ids() == []
        await empty.challenge("icesickle", ANN, BEN, channel_id=9)
    finally:
        await empty.close()

    done = run(["migrate", "--from", path, "--to", url])
    assert done.returncode == 2
    assert "already holds data (1 rows of challenges)" in done.stderr
    missing = run(["migrate", "--from", str(tmp_path / "nothing.db"), "--to", url])
    assert missing.returncode == 2 and "there is no database file" in missing.stderr
    assert not (tmp_path / "nothing.db").exists()
