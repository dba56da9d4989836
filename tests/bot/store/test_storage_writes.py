"""What one move writes to the database: the same two pages at the first move and the last.

Counted in pages (WAL frames), not in time: the game's row (its position and summary) and the
moves table's last page. Neither grows with the game's history, and no index is touched.
"""

from __future__ import annotations

import os
import random
import sqlite3

import pytest

from bot.service.facade import Service
from bot.service.records import Player
from tests.bot.people import Clock

PAGE = 4096
FRAME = PAGE + 24  # a WAL frame: the page and its header


async def frames_per_move(service: Service, path: str, game_id: int, moves: int) -> list[int]:
    """Play ``moves`` random moves; the WAL frames each one wrote."""
    await service.storage.db.execute("PRAGMA wal_autocheckpoint = 0")  # the WAL only grows
    rng, counts = random.Random(3), []
    record = await service.game(game_id)
    for _ in range(moves):
        if record.over:
            break
        before = os.path.getsize(path + "-wal")
        move = rng.choice(record.state.legal_moves())
        record = (await service.play(game_id, record.player_to_move.user_id, move)).game
        counts.append((os.path.getsize(path + "-wal") - before) // FRAME)
    return counts


async def test_a_move_writes_two_pages_at_any_length_of_game(tmp_path):
    path = str(tmp_path / "parlor.db")
    service = await Service.open(path, clock=Clock(), seats_rng=random.Random(1))
    people = [Player(101 + i, f"P{i}") for i in range(4)]
    lobby = await service.lobbies.open("ice-turn", people[0], 4, channel_id=9)  # on Discord
    for person in people[1:]:
        game = await service.lobbies.join(lobby.id, person)
    counts = await frames_per_move(service, path, game.id, 600)
    assert len(counts) == 600
    # The game's row and the moves table's last page; a few more now and then where the
    # moves table's tree grows (a page splits: every hundred moves or so), and no more late
    # in the game than early.
    assert counts.count(2) > 0.9 * len(counts) and max(counts) <= 8
    assert sum(counts[-200:]) <= sum(counts[:200]) * 1.2
    await service.close()


async def test_every_move_is_synced_to_disk_even_after_a_board_was_posted(tmp_path):
    """A move's commit waits for the disk (``synchronous = FULL``); a board's message id is
    written without it, and the setting is back to FULL for the next move."""
    service = await Service.open(str(tmp_path / "parlor.db"), clock=Clock())
    try:
        db = service.storage.db

        async def synchronous() -> int:
            return (await db.execute_fetchall("PRAGMA synchronous"))[0][0]

        assert await synchronous() == 2  # FULL
        challenge = await service.challenge("icesickle", Player(101, "Ann"), Player(202, "Ben"))
        record = await service.accept(challenge.id, Player(202, "Ben"))
        await service.set_board(record, 555)
        assert await synchronous() == 2
        assert (await service.game(record.id)).message_id == 555  # the trigger moved it
    finally:
        await service.close()


async def test_a_commit_that_fails_half_way_keeps_nothing_and_the_game_plays_on(tmp_path):
    """The game's row is written, then its move cannot be (here: that move number is taken):
    the transaction is undone, so the version stays and the next move plays as usual."""
    service = await Service.open(str(tmp_path / "parlor.db"), clock=Clock())
    try:
        challenge = await service.challenge("icesickle", Player(101, "Ann"), Player(202, "Ben"))
        record = await service.accept(challenge.id, Player(202, "Ben"))
        move = record.state.legal_moves()[0]
        record = (await service.play(record.id, record.player_to_move.user_id, move)).game
        taken = len(record.state.history)  # the number of the last move stored
        with pytest.raises(sqlite3.IntegrityError):
            await record_s_a1(service, record, record.version, first_number=taken)
        await assert_unchanged_and_plays_on(service, record)
    finally:
        await service.close()


async def test_a_commit_refused_as_out_of_date_leaves_nothing_open(tmp_path):
    """A game changed first by someone else: the commit writes nothing, says so, and the
    next move (at the right version) plays as usual."""
    service = await Service.open(str(tmp_path / "parlor.db"), clock=Clock())
    try:
        challenge = await service.challenge("icesickle", Player(101, "Ann"), Player(202, "Ben"))
        record = await service.accept(challenge.id, Player(202, "Ben"))
        next_number = len(record.state.history) + 1
        stale = await record_s_a1(service, record, record.version + 1, first_number=next_number)
        assert stale is False  # not the version stored
        await assert_unchanged_and_plays_on(service, record)
    finally:
        await service.close()


async def record_s_a1(service, record, version: int, *, first_number: int) -> bool:
    """``S@a1`` written straight to storage as the move numbered ``first_number``, at
    ``version``, with the game's own snapshot."""
    return await service.storage.record_moves(
        record.id,
        version,
        [("S@a1", 0, 101)],
        first_number=first_number,
        snapshot=record.snapshot,
        status="active",
        result=None,
        to_act=record.seat_to_act,
        now=0.0,
    )


async def assert_unchanged_and_plays_on(service, record) -> None:
    """The game is still at ``record``'s version, and its next move plays as usual."""
    assert (await service.game(record.id)).version == record.version
    move = record.state.legal_moves()[0]
    after = await service.play(record.id, record.player_to_move.user_id, move)
    assert after.game.version == record.version + 1
