"""Worker processes, for work that must not hold the bot's event loop (drawing boards,
working out Parlor's moves).

:class:`WorkerPool` is what the bot holds: started lazily, a new pool when one breaks, a thread
when processes cannot be had; the workers run ``niceness`` lower than the bot and never
outlive it. Under it, :class:`Workers`: a few processes that the event loop talks to directly:
one socket pair each, calls and replies pickled in length-prefixed frames, no helper threads.

Why not ``concurrent.futures.ProcessPoolExecutor``: each of its calls crosses four threads
(the loop, the executor's manager thread, a queue's feeder thread, and back through the
manager), and those hops cost the bot more CPU than the rest of a move's work for drawing
its board (measured: ``bench/bench_discord.py``, 1.2-1.8 ms a move). Here a call is one write
on the loop's transport and its reply one ``data_received``.

A worker answers its calls in the order they came, so each keeps a queue of the futures it
owes. When any worker ends with calls in hand, the pool is broken, as a
``ProcessPoolExecutor`` would be: those calls and every later one raise
:class:`WorkerDied`, and the owner starts a new pool (or gives up on processes).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import ctypes
import logging
import multiprocessing
import os
import pickle
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from bot.discord.heap import settle_heap

log = logging.getLogger(__name__)
T = TypeVar("T")

HEADER = 4
"""Bytes of a frame's length, big-endian, before the pickled frame."""

STOP_WAIT = 5.0
"""Seconds a worker gets to exit after its socket closed, before it is killed."""


class WorkerDied(Exception):
    """A worker process ended (killed, crashed, or its initializer failed): the pool is
    broken."""


def _frame(value: Any) -> bytes:
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    return len(data).to_bytes(HEADER, "big") + data


GONE = (BrokenPipeError, ConnectionResetError, EOFError, KeyboardInterrupt)
"""How a worker finds its bot gone (killed, or its socket closed mid-frame) or stopping (a
Ctrl-C reaches every process of the terminal): it then ends quietly, with no traceback."""


def _serve(
    sock: socket.socket, initializer: Callable[..., None] | None, initargs: Sequence[Any]
) -> None:
    """A worker's life: read a call, run it, send ``(True, result)`` or ``(False, error)``;
    until the pool closes its end, or the bot is gone (then quietly: :data:`GONE`)."""
    try:
        # the bot stops on Ctrl-C and closes the pool: the worker ends with its socket
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        if initializer is not None:
            initializer(*initargs)
        _answer(sock)
    except GONE:
        pass


def _answer(sock: socket.socket) -> None:
    with sock, sock.makefile("rb") as stream:
        while len(header := stream.read(HEADER)) == HEADER:
            size = int.from_bytes(header, "big")
            if len(frame := stream.read(size)) < size:
                return  # cut short: the bot died while it wrote
            fn, args = pickle.loads(frame)
            try:
                reply = _frame((True, fn(*args)))
            except Exception as exc:
                try:
                    reply = _frame((False, exc))
                except Exception:  # an error that does not pickle
                    reply = _frame((False, RuntimeError(f"{type(exc).__name__}: {exc}")))
            sock.sendall(reply)


class _Replies(asyncio.Protocol):
    """The pool's end of one worker's socket: whole frames go to the futures in order."""

    def __init__(self, pool: Workers) -> None:
        self.pool = pool
        self.owed: collections.deque[asyncio.Future[Any]] = collections.deque()
        self.buffer = bytearray()
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        buffer = self.buffer
        buffer += data
        while len(buffer) >= HEADER:
            end = HEADER + int.from_bytes(buffer[:HEADER], "big")
            if len(buffer) < end:
                return
            ok, value = pickle.loads(memoryview(buffer)[HEADER:end])
            del buffer[:end]
            future = self.owed.popleft()
            if future.done():  # its caller was cancelled
                continue
            if ok:
                future.set_result(value)
            else:
                future.set_exception(value)

    def connection_lost(self, exc: Exception | None) -> None:
        self.pool._lost(self)


class Workers:
    """``count`` processes from the multiprocessing ``context``, each running
    ``initializer(*initargs)`` first. :meth:`start` before :meth:`call`."""

    def __init__(
        self,
        count: int,
        context: Any,
        *,
        initializer: Callable[..., None] | None = None,
        initargs: Sequence[Any] = (),
    ) -> None:
        if count < 1:
            raise ValueError("a pool needs at least one worker")
        self.count = count
        self.context = context
        self.initializer = initializer
        self.initargs = tuple(initargs)
        self.processes: list[Any] = []
        self._ends: list[_Replies] = []
        self.broken = False
        self._closing = False

    @property
    def pids(self) -> list[int]:
        return [process.pid for process in self.processes]

    async def start(self) -> None:
        """Start the processes (in a thread: a first start launches the forkserver) and
        connect to each. ``WorkerDied`` if one cannot be started."""
        loop = asyncio.get_running_loop()
        for _ in range(self.count):
            ours, theirs = socket.socketpair()
            process = self.context.Process(
                target=_serve, args=(theirs, self.initializer, self.initargs), daemon=True
            )
            try:
                await asyncio.to_thread(process.start)
            except Exception as exc:
                ours.close()
                self.broken = True
                raise WorkerDied(f"a worker process could not start: {exc}") from exc
            finally:
                theirs.close()
            self.processes.append(process)
            _, end = await loop.create_unix_connection(lambda: _Replies(self), sock=ours)
            self._ends.append(end)

    async def call(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` in the least busy worker; its result, or the error it raised there.
        ``fn``, ``args`` and the result must pickle."""
        if self.broken or self._closing or not self._ends:
            raise WorkerDied("the worker pool is broken or closed")
        end = min(self._ends, key=lambda e: len(e.owed))
        future = asyncio.get_running_loop().create_future()
        end.owed.append(future)
        end.transport.write(_frame((fn, args)))  # type: ignore[union-attr]
        return await future

    def _lost(self, end: _Replies) -> None:
        """A worker's socket closed: the pool is broken unless we are closing it."""
        if not self._closing:
            self.broken = True
        owed, end.owed = end.owed, collections.deque()
        for future in owed:
            if not future.done():
                future.set_exception(WorkerDied("a worker process ended"))
        if self.broken:  # the others are of no use any more
            for other in self._ends:
                if other is not end and other.transport is not None:
                    other.transport.close()

    async def close(self, *, wait: bool = True) -> None:
        """Stop the workers: after the calls in hand (``wait``), their sockets close, they
        exit; one that does not within ``STOP_WAIT`` is killed."""
        if wait:
            owed = [f for end in self._ends for f in end.owed]
            await asyncio.gather(*owed, return_exceptions=True)
        self._closing = True
        for end in self._ends:
            if end.transport is not None:
                end.transport.close()
        await asyncio.to_thread(self._reap)

    def _reap(self) -> None:
        for process in self.processes:
            process.join(STOP_WAIT)
            if process.is_alive():
                with contextlib.suppress(Exception):
                    process.kill()
                process.join()


GIVE_UP = 2
"""Pools that broke in a row, without a call answered in between, before using threads for
good."""

ORPHAN_CHECK = 1.0
"""Seconds between a worker's checks that the bot (and its own parent) still live."""

_PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


def _init_worker(niceness: int, bot_pid: int) -> None:
    """A new worker process: lower its priority, and make it exit when the bot is gone.

    The workers are children of the forkserver, not of the bot, and each holds the pipe that
    keeps the forkserver alive, so nothing would end either after the bot died without
    closing the pool (SIGKILL, a crash). Linux's parent-death signal kills the worker when
    the forkserver dies; a watchdog thread ends it when the bot's pid is gone (or its parent
    changed). Once the workers are gone the forkserver sees the end of its pipe and exits."""
    if niceness:
        os.nice(niceness)
    parent = os.getppid()
    _die_with_parent()
    if os.getppid() != parent:  # the parent died before the signal was armed
        os._exit(1)
    watchdog = threading.Thread(
        target=_watch, args=(bot_pid, parent), name="parlor-orphan-watchdog", daemon=True
    )
    watchdog.start()
    settle_heap()


def _die_with_parent() -> None:
    """SIGKILL this process when its parent dies (Linux ``prctl(PR_SET_PDEATHSIG)``)."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # the pid now belongs to another user's process
        return False
    return True


def _watch(bot_pid: int, parent: int) -> None:
    while _alive(bot_pid) and os.getppid() == parent:
        time.sleep(ORPHAN_CHECK)
    os._exit(1)  # the bot is gone: nobody will ask for its work again


class WorkerPool:
    """Runs calls (``await pool(fn, *args)``) in a pool of ``workers`` processes (default:
    one per CPU), started lazily, ``niceness`` lower than the bot.

    In a thread of this process instead (``asyncio.to_thread``): everything with
    ``workers=0``, and calls after :meth:`close`. A call whose pool broke (a worker died)
    retries once on a new pool, else uses a thread; after :data:`GIVE_UP` broken pools in a
    row, all calls use threads. ``preload``: the modules the forkserver imports once for all
    its workers (those of the functions called); ``what`` and ``doing``: what the workers
    are, and what they do, for the log.
    """

    def __init__(
        self,
        workers: int | None = None,
        *,
        niceness: int = 0,
        preload: Sequence[str] = ("__main__",),
        what: str = "worker",
        doing: str = "working",
    ) -> None:
        self.workers = max(1, os.cpu_count() or 1) if workers is None else workers
        self.niceness = niceness
        self.preload = list(preload)
        self.what = what
        self.doing = doing
        self._pool: Workers | None = None
        self._starting: asyncio.Future[Workers] | None = None
        self._broken = 0  # pools broken in a row
        self._closed = False

    @property
    def in_processes(self) -> bool:
        """Whether calls run in worker processes (now)."""
        return self.workers > 0 and self._broken < GIVE_UP and not self._closed

    async def _get_pool(self) -> Workers:
        if self._pool is not None:
            return self._pool
        if self._starting is None:  # the calls that come meanwhile wait for this one
            self._starting = asyncio.ensure_future(self._new_pool())
        try:
            return await asyncio.shield(self._starting)
        finally:
            if self._starting is not None and self._starting.done():
                self._starting = None

    async def _new_pool(self) -> Workers:
        method = "forkserver"
        if method not in multiprocessing.get_all_start_methods():
            method = "spawn"
        context = multiprocessing.get_context(method)
        if method == "forkserver":  # import once in the server, not in every worker
            context.set_forkserver_preload(self.preload)
        pool = Workers(
            self.workers,
            context,
            initializer=_init_worker,
            initargs=(self.niceness, os.getpid()),
        )
        try:
            await pool.start()
        except WorkerDied:
            self._count_broken()
            await pool.close(wait=False)
            raise
        if self._closed:  # closed while it started: calls use a thread now
            await pool.close(wait=False)
            raise WorkerDied(f"the {self.what} workers were closed")
        self._pool = pool
        return pool

    async def _drop(self, pool: Workers) -> None:
        """``pool`` broke: the next call starts a new one (counted once, however many calls
        saw it break)."""
        if self._pool is pool:
            self._pool = None
            self._count_broken()
            await pool.close(wait=False)

    def _count_broken(self) -> None:
        self._broken += 1
        if self._broken == GIVE_UP:
            log.warning("%s worker processes keep dying; %s in threads", self.what, self.doing)

    async def start(self) -> None:
        """Start the worker processes now rather than at the first call (optional)."""
        if self.in_processes:
            with contextlib.suppress(WorkerDied):  # counted: calls will try again
                await self._get_pool()

    async def __call__(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker process (``fn`` and its arguments pickled, so a module's
        own function of plain data); in a thread when the workers cannot be had."""
        for _ in range(2):
            if not self.in_processes:
                break
            pool = None
            try:
                pool = await self._get_pool()
                result = await pool.call(fn, *args)
            except WorkerDied:
                if pool is not None:
                    await self._drop(pool)
            else:
                self._broken = 0
                return result
        return await asyncio.to_thread(fn, *args)

    async def close(self) -> None:
        """Stop the workers (after the calls in hand). Later calls use a thread."""
        self._closed = True
        pool, self._pool = self._pool, None
        if pool is not None:
            await pool.close()
