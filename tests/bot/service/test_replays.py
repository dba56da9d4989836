"""``replay_state`` on SQLite and PostgreSQL: a game at its first k moves, with the move's row
(the engine's replay and the drawing are the board worker's: the Discord side checks the
images, ``tests/bot/discord/test_discord_replay.py``); a move the game lacks, and a game the
user may not see, are refused (``bot/service/replays.py``)."""

from __future__ import annotations

import random

import pytest

from bot.service.errors import NotAllowed, NotFound
from bot.service.replays import HIDDEN
from tests.bot.people import ANN, BEN, CAT
from tests.bot.playing import play_out

GUILD = 77


async def test_a_frame_is_the_game_at_k_moves_with_its_row(services):
    service = await services()
    challenge = await service.challenge("pach-ice-i", ANN, BEN, guild_id=GUILD, channel_id=9)
    record = await service.accept(challenge.id, BEN)
    record = await play_out(service, record, random.Random(3), 20)
    history = record.state.history
    for k in (0, 1, len(history) // 2, len(history)):
        frame = await service.replay_state(record.id, k, user_id=BEN.user_id, guild_id=GUILD)
        assert (frame.move, frame.moves) == (k, len(history))
        if k:
            assert frame.row.number == k and frame.row.move == str(history[k - 1])
    with pytest.raises(NotFound, match=f"has no move {len(history) + 1}"):
        await service.replay_state(record.id, len(history) + 1, user_id=ANN.user_id)
    with pytest.raises(NotAllowed, match="can't see"):  # running, and not hers
        await service.replay_state(record.id, 1, user_id=CAT.user_id, guild_id=GUILD)
    with pytest.raises(NotAllowed) as missing:  # no such game: told the same
        await service.replay_state(record.id + 9, 1, user_id=CAT.user_id, guild_id=GUILD)
    assert str(missing.value) == HIDDEN
    await service.resign(record.id, ANN.user_id)
    frame = await service.replay_state(record.id, 2, user_id=CAT.user_id, guild_id=GUILD)
    assert frame.move == 2  # over: anyone on its server
    with pytest.raises(NotAllowed):  # but not from another server, nor from a DM
        await service.replay_state(record.id, 2, user_id=CAT.user_id, guild_id=GUILD + 1)
    with pytest.raises(NotAllowed):
        await service.replay_state(record.id, 2, user_id=CAT.user_id, guild_id=None)
