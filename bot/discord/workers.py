"""A few worker processes that the event loop talks to directly: one socket pair each, calls
and replies pickled in length-prefixed frames, no helper threads.

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
import pickle
import signal
import socket
from collections.abc import Callable, Sequence
from typing import Any

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
                future.set_exception(WorkerDied("a board worker process ended"))
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
