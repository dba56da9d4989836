"""Ratings where several bot processes share one PostgreSQL database (two ``Service``s, each
with its own pool, as two processes have; and once two real processes): two processes
finishing the same game apply one update; two games ending at once with a player in common
wait for each other and lose neither update; an update found applied already is never
applied again.

The races are made, not hoped for: another connection holds the row both must lock, the test
waits (bounded polling of ``pg_locks``) until both transactions are queued behind it, then
lets go."""

from __future__ import annotations

import asyncio
import random
import sys
import time

import asyncpg
import pytest
from openskill.models import PlackettLuce

from bot.service import endings
from bot.service.facade import Service
from bot.service.ratings import GLOBAL
from tests.bot.databases import new_database
from tests.bot.discord.crashes import ending_moves
from tests.bot.discord.processes import STARTUP, child_env
from tests.bot.people import ANN, BEN, CAT, Clock

GUILD = 77
WAIT = 30.0
"""Seconds a test waits at most for the transactions it queued (bounded; never a sleep that
must be long enough)."""


@pytest.fixture
async def two(pg_server):
    """Two services (two processes' worth) on one new PostgreSQL database, one clock, and a
    plain connection to it."""
    url = await new_database(pg_server)
    clock = Clock()
    first = await Service.open(url, clock=clock, seats_rng=random.Random(1))
    second = await Service.open(url, clock=clock, seats_rng=random.Random(2))
    other = await asyncpg.connect(url)
    yield first, second, other
    await other.close()
    await first.close()
    await second.close()


async def near_the_end(service: Service, opponent, rng: random.Random):
    """A rated IceSickle game of Ann and ``opponent`` played until its player to act has a
    move that ends it: the record and that move."""
    challenge = await service.challenge("icesickle", ANN, opponent, channel_id=9, guild_id=GUILD)
    game = await service.accept(challenge.id, opponent)
    while not (ending := ending_moves(game.state)):
        others = [m for m in game.state.legal_moves() if m not in ending]
        game = (await service.play(game.id, game.player_to_move.user_id, rng.choice(others))).game
    return game, ending[0]


async def queued(connection, count: int, timeout: float = WAIT) -> None:
    """Wait until ``count`` other sessions wait on a lock (bounded by ``timeout``)."""
    deadline = time.monotonic() + timeout
    while True:
        waiting = await connection.fetchval(
            "SELECT COUNT(DISTINCT pid) FROM pg_locks WHERE NOT granted AND pid <> pg_backend_pid()"
        )
        if waiting >= count:
            return
        assert time.monotonic() < deadline, f"{waiting} of {count} transactions queued"
        await asyncio.sleep(0.01)


async def changes(connection, game_id: int) -> list:
    return await connection.fetch(
        "SELECT guild_id, user_id FROM rating_changes WHERE game_id = $1 "
        "ORDER BY guild_id, user_id",
        game_id,
    )


async def test_two_processes_finishing_one_game_apply_one_update(two):
    first, second, other = two
    game, last = await near_the_end(first, BEN, random.Random(3))
    mover = game.player_to_move
    loser = next(p for p in game.players if p != mover)
    hold = other.transaction()
    await hold.start()
    await other.execute("SELECT id FROM games WHERE id = $1 FOR UPDATE", game.id)
    # one process plays the winning move, the other takes the other player's resignation:
    # both decided on the same version, both wait on the game's row
    play = asyncio.ensure_future(first.play(game.id, mover.user_id, str(last)))
    resign = asyncio.ensure_future(second.resign(game.id, loser.user_id))
    await queued(other, 2)
    await hold.rollback()
    done = await asyncio.gather(play, resign, return_exceptions=True)
    assert sum(not isinstance(d, BaseException) for d in done) == 1, done
    assert (await first.game(game.id)).over
    assert [tuple(r) for r in await changes(other, game.id)] == [
        (g, u) for g in (GLOBAL, GUILD) for u in sorted((ANN.user_id, BEN.user_id))
    ]
    rows = await other.fetch("SELECT games FROM ratings")
    assert sorted(r["games"] for r in rows) == [1, 1, 1, 1]
    results = await other.fetch("SELECT seat FROM results WHERE game_id = $1", game.id)
    assert sorted(r["seat"] for r in results) == [0, 1]


async def test_two_games_ending_at_once_lose_neither_update(two):
    """Ann ends a game against Ben in one process and one against Cat in the other, at once:
    both wait on Ann's ladder rows; her rating after is the two updates one after the other
    (in whichever order they committed), not one of them lost."""
    first, second, other = two
    with_ben, ben_last = await near_the_end(first, BEN, random.Random(3))
    with_cat, cat_last = await near_the_end(second, CAT, random.Random(4))
    # Ann's ladder rows exist (new, as a first game would make them), so another connection
    # can hold them
    hold = other.transaction()
    await hold.start()
    await other.execute(
        "INSERT INTO ratings VALUES ('icesickle', $1, $2, 25.0, 8.333333333333334, 1500, 0, "
        "0, 0, 0.0), ('icesickle', $3, $2, 25.0, 8.333333333333334, 1500, 0, 0, 0, 0.0)",
        GLOBAL,
        ANN.user_id,
        GUILD,
    )
    await hold.commit()
    hold = other.transaction()
    await hold.start()
    await other.execute(
        "SELECT * FROM ratings WHERE user_id = $1 ORDER BY guild_id FOR UPDATE", ANN.user_id
    )
    ends = [
        asyncio.ensure_future(first.play(g.id, g.player_to_move.user_id, str(m)))
        for g, m in ((with_ben, ben_last), (with_cat, cat_last))
    ]
    await queued(other, 2)
    await hold.rollback()
    await asyncio.wait_for(asyncio.gather(*ends), WAIT)
    order = await other.fetch(
        "SELECT game_id FROM rating_changes WHERE user_id = $1 AND guild_id = $2 ORDER BY at, "
        "game_id",
        ANN.user_id,
        GLOBAL,
    )
    assert len(order) == 2
    befores = {}
    for row in await other.fetch(
        "SELECT game_id, mu_before, sigma_before, mu, sigma FROM rating_changes "
        "WHERE user_id = $1 AND guild_id = $2",
        ANN.user_id,
        GLOBAL,
    ):
        befores[row["game_id"]] = row
    # one of the two ran on what the other wrote
    (second_game,) = [g for g, row in befores.items() if abs(row["mu_before"] - 25.0) > 1e-12]
    (first_game,) = [g for g in befores if g != second_game]
    assert befores[second_game]["mu_before"] == pytest.approx(befores[first_game]["mu"])
    assert befores[second_game]["sigma_before"] == pytest.approx(befores[first_game]["sigma"])
    final = await other.fetchrow(
        "SELECT mu, sigma, games FROM ratings WHERE user_id = $1 AND guild_id = $2",
        ANN.user_id,
        GLOBAL,
    )
    assert final["games"] == 2
    assert (final["mu"], final["sigma"]) == (
        pytest.approx(befores[second_game]["mu"]),
        pytest.approx(befores[second_game]["sigma"]),
    )
    assert (befores[first_game]["mu_before"], befores[first_game]["sigma_before"]) == (
        pytest.approx(PlackettLuce().mu),
        pytest.approx(PlackettLuce().sigma),
    )


async def test_an_update_found_applied_is_not_applied_again(two):
    """The second line of defence, under the version check: a game's update written once
    more (a replay) changes no ladder row."""
    first, _, other = two
    game, last = await near_the_end(first, BEN, random.Random(3))
    await first.play(game.id, game.player_to_move.user_id, str(last))
    before = [tuple(r) for r in await other.fetch("SELECT * FROM ratings ORDER BY 1, 2, 3")]
    record = await first.game(game.id)
    finish = endings.finish(
        record, record.state, record.result, await first.history(game.id), first.clock()
    )
    async with first.storage.transaction() as tx:
        await first.storage.write_finish(tx, game.id, finish, first.clock() + 1)
    assert [tuple(r) for r in await other.fetch("SELECT * FROM ratings ORDER BY 1, 2, 3")] == before
    assert len(await changes(other, game.id)) == 4


ACT = """
import asyncio, sys
from bot.service.facade import Service, ServiceError

async def main(url, what, game_id, user_id, move):
    service = await Service.open(url)
    try:
        if what == "play":
            await service.play(int(game_id), int(user_id), move)
        else:
            await service.resign(int(game_id), int(user_id))
        print("ended")
    except ServiceError as exc:
        print("refused:", exc)
    finally:
        await service.close()

asyncio.run(main(*sys.argv[1:]))
"""
"""A bot process's part in the race: open the database as the bot does, end the game (a move
or a resignation), say whether it did."""


async def test_two_os_processes_finishing_one_game_apply_one_update(pg_server):
    """As above, with two real processes (``python -c``, each its own interpreter and pool)."""
    url = await new_database(pg_server)
    service = await Service.open(url, clock=Clock(), seats_rng=random.Random(1))
    other = await asyncpg.connect(url)
    try:
        game, last = await near_the_end(service, BEN, random.Random(3))
        mover = game.player_to_move
        loser = next(p for p in game.players if p != mover)
        hold = other.transaction()
        await hold.start()
        await other.execute("SELECT id FROM games WHERE id = $1 FOR UPDATE", game.id)
        children = [
            await asyncio.create_subprocess_exec(
                sys.executable, "-c", ACT, url, what, str(game.id), str(user.user_id), move,
                env=child_env(), stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
            )
            for what, user, move in (("play", mover, str(last)), ("resign", loser, "-"))
        ]  # fmt: skip
        try:
            await queued(other, 2, timeout=STARTUP)
            await hold.rollback()
            outs = [await asyncio.wait_for(c.communicate(), STARTUP) for c in children]
        finally:
            for child in children:
                if child.returncode is None:
                    child.kill()
                    await child.wait()
        said = [out.decode().strip() for out, _ in outs]
        assert sorted(s.split(":")[0] for s in said) == ["ended", "refused"], outs
        assert [tuple(r) for r in await changes(other, game.id)] == [
            (g, u) for g in (GLOBAL, GUILD) for u in sorted((ANN.user_id, BEN.user_id))
        ]
        rows = await other.fetch("SELECT games FROM ratings")
        assert sorted(r["games"] for r in rows) == [1, 1, 1, 1]
    finally:
        await other.close()
        await service.close()
