"""bot.discord.workers: calls to worker processes come back to their own callers, in any number at
once, through errors, cancellations and a worker's death."""

from __future__ import annotations

import asyncio
import math
import multiprocessing
import operator
import os
import signal
import time

import pytest

from bot.discord.workers import WorkerDied, Workers


@pytest.fixture
async def pool():
    workers = Workers(2, multiprocessing.get_context("forkserver"))
    await workers.start()
    yield workers
    await workers.close(wait=False)


async def test_many_calls_at_once_each_get_their_own_answer(pool):
    answers = await asyncio.gather(*(pool.call(operator.mul, i, i) for i in range(200)))
    assert answers == [i * i for i in range(200)]
    pids = await asyncio.gather(*(pool.call(os.getpid) for _ in range(4)))
    assert set(pids) == set(pool.pids) and os.getpid() not in pids  # both work, elsewhere


async def test_an_error_in_a_worker_is_raised_to_its_caller_only(pool):
    with pytest.raises(ValueError, match="math domain error"):
        await pool.call(math.sqrt, -1)
    assert await pool.call(math.sqrt, 16) == 4.0 and not pool.broken


async def test_a_cancelled_call_does_not_shift_the_answers():
    workers = Workers(1, multiprocessing.get_context("forkserver"))
    await workers.start()
    try:
        slow = asyncio.ensure_future(workers.call(time.sleep, 0.2))
        await asyncio.sleep(0)
        slow.cancel()
        assert await workers.call(operator.add, 1, 2) == 3  # not the sleep's None
    finally:
        await workers.close()


async def test_a_dead_worker_breaks_the_pool_and_fails_its_calls(pool):
    hanging = asyncio.ensure_future(pool.call(time.sleep, 30))
    other = asyncio.ensure_future(pool.call(time.sleep, 30))
    await asyncio.sleep(0.2)
    for pid in pool.pids:
        os.kill(pid, signal.SIGKILL)
    for call in (hanging, other):
        with pytest.raises(WorkerDied):
            await asyncio.wait_for(call, 10)
    assert pool.broken
    with pytest.raises(WorkerDied):
        await pool.call(operator.add, 1, 2)


async def test_close_waits_for_the_calls_in_hand_then_ends_the_workers():
    workers = Workers(1, multiprocessing.get_context("forkserver"))
    await workers.start()
    call = asyncio.ensure_future(workers.call(operator.add, 2, 3))
    await asyncio.sleep(0)
    await workers.close()
    assert call.result() == 5
    assert not any(p.is_alive() for p in workers.processes)
    with pytest.raises(WorkerDied):
        await workers.call(operator.add, 1, 2)
