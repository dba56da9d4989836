"""How long a challenge or a lobby waits (``expires``, 24 hours unless its host chose), and the
one reminder an invited player gets when half of it is gone, against a real SQLite file with
the clock moved by hand."""

from __future__ import annotations

import asyncio

import pytest

from bot.service.facade import EXPIRY, ServiceError
from tests.bot.people import ANN, BEN, CAT


async def test_a_challenge_or_lobby_stays_open_as_long_as_its_host_chose(services):
    service = await services()
    default = await service.challenge("icesickle", ANN, BEN, channel_id=9)
    assert default.expires_at - default.created_at == 24 * 3600
    for choice, seconds in EXPIRY.items():
        challenge = await service.challenge("icesickle", CAT, BEN, expires=choice)
        assert challenge.expires_at - challenge.created_at == seconds
        await service.cancel(challenge.id, CAT)
    lobby = await service.lobbies.open("ice-turn", CAT, 3, expires="3d")
    assert lobby.expires_at - lobby.created_at == 3 * 86_400
    for bad in ("2w", "", "24H"):
        with pytest.raises(ServiceError, match="expires can be 15m, 1h, 24h, 3d, 7d"):
            await service.challenge("icesickle", CAT, ANN, expires=bad)
        with pytest.raises(ServiceError, match="expires can be"):
            await service.lobbies.open("ice-turn", CAT, 3, expires=bad)
    service.clock.now += 24 * 3600 - 1
    assert await service.expire_challenges() == []
    service.clock.now += 1
    assert [c.id for c in await service.expire_challenges()] == [default.id]
    service.clock.now += 2 * 86_400
    assert [c.id for c in await service.expire_challenges()] == [lobby.id]


async def test_the_invited_player_is_reminded_once_when_half_the_time_is_gone(services):
    here, there = await services(), await services()
    challenge = await here.challenge("icesickle", ANN, BEN, channel_id=9, expires="1h")
    answered = await here.challenge("icesickle", CAT, BEN, channel_id=9, expires="1h")
    local = await here.challenge("icesickle", CAT, ANN, expires="1h")  # no channel: a terminal
    await here.decline(answered.id, BEN)
    here.clock.now += 30 * 60 - 1
    assert await here.due_nudges() == []
    here.clock.now += 1
    (due,) = await here.due_nudges()
    assert due.id == challenge.id and due.invited == BEN and due.status == "open"
    assert await here.due_nudges() == [] and await there.due_nudges() == []  # once, anywhere
    here.clock.now += 30 * 60
    assert {c.id for c in await here.expire_challenges()} == {challenge.id, local.id}
    assert await here.due_nudges() == []


async def test_two_sweeps_at_once_remind_once(services):
    here, there = await services(), await services()
    await here.challenge("icesickle", ANN, BEN, channel_id=9, expires="15m")
    here.clock.now += 15 * 60 / 2
    first, second = await asyncio.gather(here.due_nudges(), there.due_nudges())
    assert len(first) + len(second) == 1
