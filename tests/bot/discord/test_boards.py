"""bot.discord.boards: boards drawn in worker processes (or a thread) are the same as drawn
in-process,
and a dead worker does not stop the drawing."""

from __future__ import annotations

import asyncio
import os
import signal
from types import SimpleNamespace

import pytest

import engine
import render
from bot.discord.boards import BUILT_IN, Boards
from tests.render.images import same_picture

NAMES = ["Alice", "Bob"]


@pytest.fixture(scope="module")
def state():
    """An IceSickle game part way through."""
    state = engine.get_game("icesickle").new_game(2)
    for _ in range(8):
        state = state.apply(state.legal_moves()[0])
    return state


def expected(state) -> tuple[bytes, str]:
    return render.render(state, names=NAMES), render.alt_text(state, names=NAMES)


def same_board(drawn: tuple[bytes, str], state) -> bool:
    """``drawn`` is the picture and alt text of ``state`` drawn in-process (the picture, not
    the PNG bytes: ISA-L now and then deflates the same rows otherwise; see render/png.py)."""
    png, alt = expected(state)
    return same_picture(drawn[0], png) and drawn[1] == alt


async def test_pool_draws_the_same_board(state):
    boards = Boards(workers=1, niceness=10)
    try:
        assert same_board(await boards.render(state, NAMES), state)
        pool = boards._pool
        assert pool is not None
        # the workers run at the niceness asked for, below the bot's priority
        (process,) = pool.processes
        pid = process.pid
        assert os.getpriority(os.PRIO_PROCESS, pid) >= os.getpriority(os.PRIO_PROCESS, 0) + 10
    finally:
        await boards.close()
    assert boards._pool is None and not process.is_alive()


async def test_thread_draws_the_same_board(state):
    boards = Boards(workers=0)
    assert same_board(await boards.render(state, tuple(NAMES)), state)
    assert boards._pool is None
    await boards.close()


async def test_unknown_game_and_closed_boards_draw_in_a_thread(state, monkeypatch):
    boards = Boards(workers=1)
    await boards.close()
    assert same_board(await boards.render(state, NAMES), state)
    assert boards._pool is None
    # a game registered at run time, unknown to a fresh worker process
    monkeypatch.setitem(
        render.RENDERERS, "scribble", render.Renderer(lambda s, **_: b"png", lambda s, **_: "alt")
    )
    scribble = SimpleNamespace(game=SimpleNamespace(key="scribble"))
    assert "scribble" not in BUILT_IN
    live = Boards(workers=1)
    assert await live.render(scribble, NAMES) == (b"png", "alt")
    assert live._pool is None


async def test_dead_workers_are_replaced(state):
    boards = Boards(workers=2)
    try:
        await boards.start()
        old = boards._pool
        for pid in old.pids:
            os.kill(pid, signal.SIGKILL)
        boards_drawn = await asyncio.gather(*(boards.render(state, NAMES) for _ in range(6)))
        assert len(boards_drawn) == 6
        assert all(same_board(drawn, state) for drawn in boards_drawn)
        assert old.broken and boards._pool not in (None, old) and boards.in_processes
    finally:
        await boards.close()


async def test_workers_that_never_start_leave_threads(state, caplog):
    boards = Boards(workers=1, niceness="not a number")  # the worker initializer fails
    try:
        assert same_board(await boards.render(state, NAMES), state)
        assert not boards.in_processes and boards._pool is None
        assert "drawing boards in threads" in caplog.text
        assert same_board(await boards.render(state, NAMES), state)
    finally:
        await boards.close()


async def test_boards_closed_while_their_workers_start_keep_none(state):
    boards = Boards(workers=1)
    starting = asyncio.ensure_future(boards.start())
    await asyncio.sleep(0)  # the workers are starting (in a thread)
    await boards.close()
    await starting
    assert boards._pool is None and not boards.in_processes  # none left running
    assert same_board(await boards.render(state, NAMES), state)  # in a thread


async def test_a_board_drawn_is_kept_by_game_version_and_names(state, monkeypatch):
    monkeypatch.setattr("bot.discord.boards.KEPT", 2)
    boards = Boards(workers=0)
    first = await boards.render(state, NAMES, drawn=(1, 8))
    assert await boards.render(state, NAMES, drawn=(1, 8)) == first and boards.drawn == 1
    renamed = await boards.render(state, ["Ann", "Bob"], drawn=(1, 8))  # other names: drawn
    assert renamed != first and boards.drawn == 2
    await boards.render(state, NAMES)  # no key: drawn, and not kept
    assert boards.drawn == 3
    await boards.render(state, NAMES, drawn=(2, 8))  # a third kept image drops the oldest
    await boards.render(state, NAMES, drawn=(1, 8))
    assert boards.drawn == 5
    await boards.close()
