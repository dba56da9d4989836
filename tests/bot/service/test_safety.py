"""Safety and recovery in the service, against a real SQLite file: a player acts only for their
own seat, a stale board never plays, a game is written with its first dice, a full disk loses
nothing and refuses clearly, and nobody can open games without bound."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

import engine
from bot.service.facade import (
    MAX_MOVE_TEXT,
    Conflict,
    Player,
    RateLimited,
    Service,
    Unavailable,
)
from bot.service.store import storage as storage_module
from tests.bot.disk import fill_the_disk, free_the_disk
from tests.bot.game_records import old_challenge
from tests.bot.people import ANN, BEN, CAT, DAN, Clock
from tests.bot.playing import pachisi_lobby, start_game
from tests.bot.terminal import ROOT


@pytest.fixture
async def service(tmp_path):
    svc = await Service.open(str(tmp_path / "parlor.db"), clock=Clock(), seats_rng=random.Random(4))
    yield svc
    await svc.close()


async def pachisi(service: Service, players, **options):
    """A Pachisi game of ``players``: a challenge for two, else a lobby."""
    if len(players) == 2:
        challenge = await service.challenge("pachisi", *players, options=options)
        return await service.accept(challenge.id, players[1])
    return await pachisi_lobby(service, players, **options)


# -- 1. a player's text plays only that player's own legal moves ---------------------------


@pytest.mark.parametrize("players", [[ANN, BEN], [ANN, BEN, CAT]])
async def test_a_player_cannot_remove_another_by_typing_a_removal(service, players):
    game = await pachisi(service, players)
    mover = game.player_to_move
    seat = game.seat_of(mover.user_id)
    others = [s for s in range(len(players)) if s != seat]
    assert engine.get_game("pachisi").new_game(len(players)).removal_moves()  # they exist
    for target in (*others, seat):
        with pytest.raises(engine.IllegalMove, match="can't remove a player with a move"):
            await service.play(game.id, mover.user_id, f"remove {target}")
    after = await service.game(game.id)
    assert after.version == game.version and after.state == game.state and not after.over
    assert after.gone == frozenset()


async def test_local_play_refuses_a_typed_removal(tmp_path):
    db = str(tmp_path / "parlor.db")
    args = ["play", "pachisi", "--db", db, "--out", str(tmp_path), "--seed", "3"]
    result = subprocess.run(
        [sys.executable, "-m", "bot", *args],
        input="remove 0\nremove 1\nquit\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("Not played: You can't remove a player with a move") == 2
    assert "wins" not in result.stdout and "left the game" not in result.stdout


async def test_move_text_is_capped_before_it_is_parsed(service):
    game = await start_game(service)
    mover = game.player_to_move.user_id
    for text in ("S@" + "c3" * 3000, "9" * 5000):
        with pytest.raises(engine.IllegalMove) as info:
            await service.play(game.id, mover, text)
        assert len(str(info.value)) < 200 and text[:200] not in str(info.value)
    assert len("x" * MAX_MOVE_TEXT) == MAX_MOVE_TEXT
    assert (await service.game(game.id)).version == game.version


# -- 8. a stale board is refused as stale, whoever uses it ---------------------------------


async def test_the_race_for_one_move_ends_in_conflict(service):
    game = await start_game(service)
    mover = game.player_to_move.user_id
    await service.play(game.id, mover, "L@c3", version=game.version)
    with pytest.raises(Conflict, match="out of date"):  # the other player is on turn now
        await service.play(game.id, mover, "L@c3", version=game.version)


async def stale_but_legal(service: Service, key: str, players, seed: int, **options):
    """A game where the player on turn made one move and is still on turn, with a move that
    was on the older board and is still legal: (game before, game after, that move)."""
    rng = random.Random(seed)
    if key == "pachisi":
        game = await pachisi(service, players, **options)
    else:
        lobby = await service.lobbies.open(key, players[0], len(players), options=options)
        for player in players[1:]:
            game = await service.lobbies.join(lobby.id, player)
    for _ in range(3000):
        mover = game.player_to_move
        if game.awaiting_roll:
            game = (await service.play(game.id, mover.user_id, "roll")).game
            continue
        legal = game.state.legal_moves()
        move = rng.choice(legal)
        after = (await service.play(game.id, mover.user_id, str(move))).game
        if after.player_to_move == mover and not after.state.is_chance_node():
            still = [m for m in legal if m != move and m in after.state.legal_moves()]
            if still:
                return game, after, rng.choice(still)
        game = after
    raise AssertionError("no such position found")


@pytest.mark.parametrize(
    ("key", "players", "options"),
    [("pachisi", [ANN, BEN], {}), ("ice-turn", [ANN, BEN], {})],
)
async def test_the_player_on_turn_picking_from_an_older_board_is_refused(
    service, key, players, options
):
    before, after, move = await stale_but_legal(service, key, players, 5, **options)
    mover = after.player_to_move.user_id
    with pytest.raises(Conflict, match="out of date"):
        await service.play(after.id, mover, str(move), version=before.version)
    now = await service.game(after.id)
    assert now.version == after.version and now.state == after.state


# -- 9. a game is written together with the dice due at its start --------------------------


async def test_a_game_and_its_first_rolls_are_one_transaction(service):
    statements: list[str] = []
    await service.storage.db.set_trace_callback(statements.append)
    game = await pachisi(service, [ANN, BEN])
    await service.storage.db.set_trace_callback(None)
    assert game.player_to_move is not None and game.state.history  # the roll-off is rolled
    writes = [s.split()[0] + " " + s.split()[2] for s in statements if s.startswith("INSERT")]
    assert "INSERT games" in writes and "INSERT moves" in writes
    begin = max(i for i, s in enumerate(statements) if s.startswith("INSERT INTO games")) - 1
    while not statements[begin].startswith("BEGIN"):
        begin -= 1
    end = next(i for i in range(begin, len(statements)) if statements[i] == "COMMIT")
    inside = statements[begin:end]
    assert any(s.startswith("INSERT INTO moves") for s in inside)
    assert not any(s.startswith("UPDATE games SET snapshot") for s in statements)
    rows = await service.history(game.id)
    assert [r.move for r in rows] == [str(m) for m in game.state.history]


async def test_a_game_stuck_before_its_first_roll_is_rolled_on_load(tmp_path):
    """A database written by an older Parlor, killed between creating a game and its first
    roll: the game waits on dice nobody rolls. The next start rolls them."""
    db_path = str(tmp_path / "parlor.db")
    first = await Service.open(db_path, clock=Clock(), seats_rng=random.Random(1))
    game = await pachisi(first, [ANN, BEN])
    async with first.storage.transaction() as db:  # back to the moment before the roll
        await db.execute("DELETE FROM moves WHERE game_id = ?", (game.id,))
        fresh = engine.get_game("pachisi").new_game(2, game.options)
        await db.execute(
            "UPDATE games SET snapshot = ?, to_act = NULL, channel_id = 5 WHERE id = ?",
            (fresh.position_json(), game.id),
        )
    stuck = await first.game(game.id)
    assert stuck.player_to_move is None and not stuck.over
    await first.close()

    second = await Service.open(db_path, clock=Clock())
    assert [g.id for g in await second.games_behind()] == [game.id]
    rolled = (await second.roll_due(game.id)).game
    assert rolled.player_to_move is not None
    assert [r.move for r in await second.history(game.id)] == [str(m) for m in rolled.state.history]
    await second.close()


# -- 13. a full disk: a clear refusal, nothing lost, and writing resumes -------------------


async def test_a_full_disk_refuses_clearly_and_loses_nothing(service):
    game = await pachisi(service, [ANN, BEN])
    await fill_the_disk(service.storage)
    rng = random.Random(2)
    for _ in range(2000):  # the moves that still fit in pages with room, then the refusal
        mover, move = game.player_to_move.user_id, str(rng.choice(game.state.legal_moves()))
        try:
            game = (await service.play(game.id, mover, move)).game
        except Unavailable as exc:
            assert str(exc) == "Couldn't save right now; nothing was played. Try again in a moment."
            break
    else:
        raise AssertionError("the disk never filled up")
    kept = await service.game(game.id)
    assert kept.version == game.version and kept.state == game.state
    assert [r.move for r in await service.history(game.id)] == [str(m) for m in game.state.history]
    await free_the_disk(service.storage)
    after = (await service.play(game.id, mover, move)).game
    assert after.version == game.version + 1
    assert [r.move for r in await service.history(game.id)] == [str(m) for m in after.state.history]


# -- 14. bounds on games per player and per server -----------------------------------------


async def test_active_games_are_bounded_per_player_and_per_server(tmp_path):
    service = await Service.open(
        str(tmp_path / "parlor.db"), clock=Clock(), games_per_user=2, games_per_server=3
    )
    for invited in (BEN, CAT):
        challenge = await service.challenge("icesickle", ANN, invited, guild_id=1)
        await service.accept(challenge.id, invited)
    with pytest.raises(RateLimited, match="You already play 2 active games"):
        await service.lobbies.open("pachisi", ANN, 3, guild_id=1)
    with pytest.raises(RateLimited, match="Ann already plays 2 active games"):
        await service.challenge("icesickle", DAN, ANN, guild_id=1)
    # A challenge made before the limit was reached is refused when accepted after it.
    early = await service.challenge("icesickle", DAN, BEN, guild_id=1)
    late = await service.challenge("icesickle", DAN, CAT, guild_id=1)
    await service.accept(early.id, BEN)  # the server's third game
    with pytest.raises(RateLimited, match="This server already has 3 active games"):
        await service.accept(late.id, CAT)
    # Elsewhere (another server, or a finished game) there is room again.
    challenge = await service.challenge("icesickle", CAT, Player(505, "Eve"), guild_id=2)
    await service.accept(challenge.id, Player(505, "Eve"))
    first = (await service.games_of(ANN.user_id))[0]
    await service.resign(first.id, ANN.user_id)
    await service.lobbies.open("pachisi", ANN, 3, guild_id=2)
    await service.close()


async def test_a_database_from_before_board_messages_is_migrated(tmp_path, monkeypatch):
    db_path = str(tmp_path / "parlor.db")
    monkeypatch.setattr(storage_module, "MIGRATIONS", storage_module.MIGRATIONS[:2])
    old = await Service.open(db_path, clock=Clock(), seats_rng=random.Random(1))
    challenge_id = await old_challenge(old.storage, "icesickle", ANN, BEN, channel_id=9)
    state = engine.get_game("icesickle").new_game().apply("S@a1")
    fields = {"game_key": "icesickle", "num_players": 2, "options": {}, "settings": {}}
    fields |= {"seed": 1, "status": "active", "channel_id": 9, "snapshot": state.to_json()}
    fields |= {"message_id": 4242, "version": 1, "created_at": 0.0, "updated_at": 0.0}
    seats, moves = [(101, "Ann"), (202, "Ben")], [("S@a1", 0, 101)]
    game_id = await old.storage.accept_challenge(challenge_id, fields, seats, moves)
    await old.close()
    monkeypatch.undo()

    new = await Service.open(db_path, clock=Clock())
    assert await new.game_of_message(4242) == game_id
    assert (await new.game(game_id)).posted_version == 1
    assert await new.games_behind() == []  # nothing to post again after the upgrade
    await new.close()


def test_a_bad_server_limit_is_refused_in_one_line(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "DISCORD_TOKEN": "x", "PARLOR_DB": str(tmp_path / "p.db")}
    env["PARLOR_MAX_GAMES_PER_SERVER"] = "lots"
    result = subprocess.run(
        [sys.executable, "-m", "bot"], env=env, capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "error: PARLOR_MAX_GAMES_PER_SERVER must be a whole number of games, not 'lots'"
    ]


def test_a_server_limit_padded_with_zeros_is_read_whole(monkeypatch):
    from bot.discord.environment import server_limit

    monkeypatch.setenv("PARLOR_MAX_GAMES_PER_SERVER", "0000000001" + "1234567890")
    with pytest.raises(ValueError, match="must be a whole number of games"):
        server_limit()  # 11,234,567,890 games: past the bound, not the 1 its first digits read
    monkeypatch.setenv("PARLOR_MAX_GAMES_PER_SERVER", "007")
    assert server_limit() == 7


def test_the_workers_niceness_is_read_from_the_environment(monkeypatch):
    from bot.discord.environment import WORKER_NICENESS, worker_niceness

    monkeypatch.delenv("PARLOR_WORKER_NICENESS", raising=False)
    assert worker_niceness() == WORKER_NICENESS
    for value, read in (("0", 0), ("19", 19), (" 5 ", 5)):
        monkeypatch.setenv("PARLOR_WORKER_NICENESS", value)
        assert worker_niceness() == read
    for value in ("20", "-1", "high", "1e3"):
        monkeypatch.setenv("PARLOR_WORKER_NICENESS", value)
        with pytest.raises(ValueError, match="must be a nice value from 0 to 19"):
            worker_niceness()
