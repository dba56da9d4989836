"""Fixtures the bot's tests share."""

from __future__ import annotations

import random

import pytest

from bot.service import Service

from .test_service import Clock


@pytest.fixture
async def services(tmp_path):
    """Opens services on one file (each a bot process) sharing one clock; all closed after."""
    clock, opened = Clock(), []

    async def open_one() -> Service:
        service = await Service.open(
            str(tmp_path / "parlor.db"), clock=clock, seats_rng=random.Random(1)
        )
        opened.append(service)
        return service

    yield open_one
    for service in opened:
        await service.close()
