"""A database written by the release before migration 5 opens, converts and plays on.

The old release stored each game's whole history in its snapshot (``State.to_json``) and kept
the moves in a rowid table with a separate primary-key index. The file here is made the way
that release made it: its schema (migrations 1-4) and its rows, written with plain SQL.
"""

from __future__ import annotations

import json
import random

import aiosqlite

import engine
from bot.service.facade import Service
from bot.service.store import storage as storage_module
from bot.service.store.migrations_sqlite import MIGRATIONS, statements
from tests.bot.people import Clock

PEOPLE = [(101, "Ann"), (202, "Ben"), (303, "Cat"), (404, "Dan")]


def played(key: str, players: int, moves: int, seed: int, removal: int | None = None):
    """A game of ``key`` after about ``moves`` random moves (dice drawn at random too), with
    ``removal`` taken out first where given; the moves as the old release recorded them."""
    rng, state = random.Random(seed), engine.get_game(key).new_game(players)
    rows = []
    if removal is not None:
        state = state.apply(state.removal_for(removal))
        rows.append((str(state.last_move), removal, PEOPLE[removal][0]))
    while len(rows) < moves and not state.is_over():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            move = rng.choices([m for m, _ in outcomes], [p for _, p in outcomes])[0]
            seat, user = engine.CHANCE, None
        else:
            move = rng.choice(state.legal_moves())
            seat, user = state.to_move, PEOPLE[state.to_move][0]
        state = state.apply(move)
        rows.append((str(move), seat, user))
    return state, rows


async def old_database(path: str, games) -> None:
    """The schema of migrations 1-4 and ``games`` written as the old release wrote them."""
    async with aiosqlite.connect(path) as db:
        for number, script in enumerate(MIGRATIONS[:4], start=1):
            for statement in statements(script):
                await db.execute(statement)
            await db.execute(f"PRAGMA user_version = {number}")
        for game_id, (state, rows, status) in enumerate(games, start=1):
            await db.execute(
                "INSERT INTO games (id, game_key, num_players, options, settings, seed, status, "
                "channel_id, snapshot, version, created_at, updated_at) "
                'VALUES (?, ?, ?, ?, \'{"roll": "bot"}\', 7, ?, 9, ?, ?, 0, 0)',
                (
                    game_id,
                    state.game.key,
                    state.num_players,
                    json.dumps(dict(state.options)),
                    status,
                    state.to_json(),
                    len(rows),
                ),
            )
            await db.executemany(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
                [(game_id, seat, *PEOPLE[seat]) for seat in range(state.num_players)],
            )
            await db.executemany(
                "INSERT INTO moves (game_id, number, move, seat, user_id, created_at) "
                "VALUES (?, ?, ?, ?, ?, 0)",
                [(game_id, n, *row) for n, row in enumerate(rows, start=1)],
            )
        await db.commit()


async def test_a_database_of_the_last_release_converts_and_plays_on(tmp_path, monkeypatch):
    path = str(tmp_path / "parlor.db")
    games = [
        (*played("icesickle", 2, 20, seed=1), "active"),
        (*played("pachisi", 4, 60, seed=2, removal=1), "active"),
        (*played("pach-ice-i", 2, 40, seed=3), "active"),
        (*played("ice-turn", 4, 150, seed=4), "active"),
        (*played("icesickle", 2, 10_000, seed=5), "over"),
    ]
    assert games[-1][0].is_over()
    await old_database(path, games)

    service = await Service.open(path, clock=Clock())
    async with aiosqlite.connect(path) as db:
        (version,) = await (await db.execute("PRAGMA user_version")).fetchone()
        (table,) = await (
            await db.execute("SELECT sql FROM sqlite_master WHERE name = 'moves'")
        ).fetchone()
        rows = await (await db.execute("SELECT snapshot FROM games")).fetchall()
    snapshots = [row[0] for row in rows]
    assert version == len(MIGRATIONS)
    assert "WITHOUT ROWID" in table  # a move is stored once, in the table's own key
    assert all("history" not in json.loads(s) for s in snapshots)

    for game_id, (state, rows, _) in enumerate(games, start=1):
        record = await service.game(game_id)
        assert record.state == state  # the same game, move for move
        assert [r.move for r in await service.history(game_id)] == [r[0] for r in rows]
    # Games from before clocks have none, and get reminders from their first look on.
    async with aiosqlite.connect(path) as db:
        looks = await (
            await db.execute("SELECT status, to_act, deadline, turn_at, wake_at FROM games")
        ).fetchall()
    for status, to_act, deadline, turn_at, wake_at in looks:
        assert deadline is None
        waits = status == "active" and to_act is not None
        assert (turn_at, wake_at) == ((0, 21_600) if waits else (None, None))
    # The listings read the new summary columns: whose turn it is, who left.
    ben = {g.id: g for g in await service.games_of(202)}
    assert 2 not in ben  # Ben left the Pachisi game
    assert set(ben) == {1, 3, 4}
    for game_id, summary in ben.items():
        record = await service.game(game_id)
        assert summary.seat_to_act == record.seat_to_act and summary.version == len(
            games[game_id - 1][1]
        )
    assert {g.id: g.gone for g in await service.games_of(303)}[2] == {1}

    # Every unfinished game plays on: the player to act moves, the dice that come due roll.
    for game_id in (1, 2, 3, 4):
        record = await service.game(game_id)
        if record.player_to_move is None:
            record = (await service.roll_due(game_id)).game
        move = record.state.legal_moves()[0]
        after = (await service.play(game_id, record.player_to_move.user_id, move)).game
        assert (
            after.version > record.version
            and after.state.history[len(games[game_id - 1][1])] == move
        )
        again = await service.game(game_id)
        assert again.state == after.state
        assert [r.move for r in await service.history(game_id)] == [
            str(m) for m in again.state.history
        ]
    await service.close()


async def test_a_migration_that_fails_leaves_the_database_as_it_was(tmp_path, monkeypatch):
    """A conversion stopped half-way (here: a snapshot that cannot be read) keeps nothing of
    it: the file stays at the old version, with its old rows, and says why it cannot open."""
    path = str(tmp_path / "parlor.db")
    state, rows = played("icesickle", 2, 6, seed=1)
    await old_database(path, [(state, rows, "active")])
    async with aiosqlite.connect(path) as db:
        await db.execute('UPDATE games SET snapshot = \'{"game": "icesickle"}\'')
        await db.commit()
    try:
        await Service.open(path, clock=Clock())
    except storage_module.StorageOpenError as exc:
        assert path in str(exc) and "game 1" in str(exc)
    else:
        raise AssertionError("a database that cannot be converted opened")
    async with aiosqlite.connect(path) as db:
        (version,) = await (await db.execute("PRAGMA user_version")).fetchone()
        (sql,) = await (
            await db.execute("SELECT sql FROM sqlite_master WHERE name = 'moves'")
        ).fetchone()
        (count,) = await (await db.execute("SELECT COUNT(*) FROM moves")).fetchone()
    assert version == 4 and "WITHOUT ROWID" not in sql and count == len(rows)


def test_sql_scripts_split_where_a_statement_ends():
    script = "CREATE TABLE t (x TEXT DEFAULT 'a;b'); INSERT INTO t VALUES ('c;d');\n"
    assert list(statements(script)) == [
        "CREATE TABLE t (x TEXT DEFAULT 'a;b');",
        "INSERT INTO t VALUES ('c;d');",
    ]
