"""What one move writes to the database: the same two pages at the first move and the last.

Counted in pages (WAL frames), not in time: the game's row (its position and summary) and the
moves table's last page. Neither grows with the game's history, and no index is touched.
"""

from __future__ import annotations

import os
import random

from bot.records import Player
from bot.service import Service

from .test_service import Clock

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
    lobby = await service.lobbies.open("ice-turn", people[0], 4)
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
