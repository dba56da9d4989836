"""Starting and stopping: SIGTERM and SIGINT close the bot cleanly, board workers never outlive
the bot (even one killed with SIGKILL), and a database that cannot be opened ends the bot and
``python -m bot play`` at once with one clear line."""

from __future__ import annotations

import asyncio
import os
import select
import shutil
import signal
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from bot import create_bot
from bot.discord.lifecycle import serve
from bot.service.errors import StorageOpenError
from bot.service.store.storage import Storage
from tests.bot.discord.processes import (
    FAKE_MAIN,
    GONE_WITHIN,
    STARTUP,
    child_env,
    descendants,
    kill_all,
    start_bot,
    wait_until_gone,
)
from tests.fakediscord import FakeDiscord


def caught_signals(pid: int) -> set[int]:
    """The signals ``pid`` has handlers for (``SigCgt``): the only ones PID 1 ever gets."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("SigCgt:"):
            mask = int(line.split()[1], 16)
            return {n for n in range(1, 65) if mask & (1 << (n - 1))}
    raise AssertionError("no SigCgt line")


# -- board workers ----------------------------------------------------------------------------

BOARDS_PROGRAM = """
import asyncio, multiprocessing.forkserver

from bot.discord.boards import Boards


async def main():
    boards = Boards(workers=2)
    await boards.start()
    forkserver = multiprocessing.forkserver._forkserver._forkserver_pid
    print(forkserver, *boards._pool.pids, flush=True)
    await asyncio.sleep(600)


if __name__ == "__main__":
    asyncio.run(main())
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_board_workers_and_their_forkserver_die_with_a_killed_bot(tmp_path):
    """SIGKILL of the process that owns ``Boards`` leaves no worker (nor forkserver) behind:
    they used to live on forever, holding each other up (156 MiB for 4 workers)."""
    program = tmp_path / "boards_owner.py"
    program.write_text(textwrap.dedent(BOARDS_PROGRAM))
    owner = subprocess.Popen(
        [sys.executable, str(program)], stdout=subprocess.PIPE, text=True, env=child_env()
    )
    pids: list[int] = []
    try:
        ready, _, _ = select.select([owner.stdout], [], [], STARTUP)
        assert ready, "the program did not start its board workers"
        pids = [int(p) for p in owner.stdout.readline().split()]
        assert len(pids) == 3 and owner.pid not in pids  # the forkserver and 2 workers
        assert wait_until_gone(pids, timeout=0) == pids  # all running
        owner.kill()
        owner.wait(timeout=GONE_WITHIN)
        assert wait_until_gone(pids) == []
    finally:
        owner.kill()
        owner.wait()
        owner.stdout.close()
        kill_all(pids)


OWNER_FNS = """
import os, time


def reply_once_the_owner_is_gone(owner):
    print("thinking", flush=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            os.kill(owner, 0)
        except ProcessLookupError:
            break
        time.sleep(0.005)
    return b"x" * 4_000_000  # more than a socket's buffer: the reply meets a closed end
"""

WORKING_OWNER = """
import asyncio, os, sys

from bot.discord.boards import Boards
from owner_fns import reply_once_the_owner_is_gone


async def main():
    boards = Boards(workers=1)
    await boards.start()
    print(*boards._pool.pids, flush=True)
    await boards(reply_once_the_owner_is_gone, os.getpid())


if __name__ == "__main__":
    asyncio.run(main())
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_workers_of_a_killed_bot_exit_without_a_traceback(tmp_path):
    """A bot killed while a worker works for it: the worker's reply meets a closed socket,
    and it exits quietly (a soak once logged 130 BrokenPipeError tracebacks)."""
    (tmp_path / "owner_fns.py").write_text(textwrap.dedent(OWNER_FNS))
    program = tmp_path / "working_owner.py"
    program.write_text(textwrap.dedent(WORKING_OWNER))
    errors = tmp_path / "stderr.txt"
    env = child_env()
    env["PYTHONPATH"] = os.pathsep.join([str(tmp_path), env["PYTHONPATH"]])
    with errors.open("w") as stderr:
        owner = subprocess.Popen(
            [sys.executable, str(program)], stdout=subprocess.PIPE, stderr=stderr, text=True,
            env=env, cwd=tmp_path,
        )  # fmt: skip
    pids: list[int] = []
    try:
        ready, _, _ = select.select([owner.stdout], [], [], STARTUP)
        assert ready, "the program did not start its workers"
        pids = [int(p) for p in owner.stdout.readline().split()]
        ready, _, _ = select.select([owner.stdout], [], [], STARTUP)
        assert ready and owner.stdout.readline().strip() == "thinking"
        owner.kill()
        owner.wait(timeout=GONE_WITHIN)
        assert wait_until_gone(pids) == []
    finally:
        owner.kill()
        owner.wait()
        owner.stdout.close()
        kill_all(pids)
    said = errors.read_text()
    assert "Traceback" not in said and "Error" not in said, said


# -- stop signals -----------------------------------------------------------------------------


def can_be_pid_1() -> bool:
    """Whether ``unshare --pid --fork`` works here (root, or user namespaces allowed)."""
    if not shutil.which("unshare"):
        return False
    try:
        probe = subprocess.run(["unshare", "--pid", "--fork", "true"], capture_output=True)
    except OSError:
        return False
    return probe.returncode == 0


def child_of(pid: int, timeout: float) -> int:
    deadline = time.monotonic() + timeout
    while not (found := descendants(pid)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert found, f"process {pid} started no child"
    return found[0]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize(
    ("sig", "pid_1"),
    [(signal.SIGTERM, False), (signal.SIGINT, False), (signal.SIGTERM, True)],
    ids=["SIGTERM", "SIGINT", "SIGTERM-as-PID-1"],
)
async def test_a_stop_signal_closes_the_running_bot_cleanly(tmp_path, sig, pid_1):
    """``python -m bot`` (against the fake Discord) catches SIGTERM and SIGINT and closes
    cleanly on either: exit status 0, the database closed (SQLite removes the WAL file when
    the last connection closes), no process left behind. Also as PID 1 of its own PID
    namespace, as in a container (the kernel gives PID 1 only the signals it catches)."""
    if pid_1 and not can_be_pid_1():
        pytest.skip("cannot make a PID namespace here (unshare --pid)")
    prefix = ["unshare", "--pid", "--fork"] if pid_1 else []
    db = tmp_path / "parlor.db"
    log_path = tmp_path / "bot.log"
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Parlour")
        fake.add_text_channel(guild, "games")
        child = await start_bot(fake, tmp_path, prefix=prefix, PARLOR_DB=str(db))
        family: list[int] = []
        try:
            await fake.wait_ready(STARTUP, sync=True)  # logged in, set up, connected
            assert Path(f"{db}-wal").exists()  # the bot holds the database open
            bot_pid = child_of(child.pid, STARTUP) if pid_1 else child.pid
            family = descendants(child.pid)
            assert len(family) >= 2  # at least the forkserver and a board worker
            assert {signal.SIGTERM, signal.SIGINT} <= caught_signals(bot_pid)
            os.kill(bot_pid, sig)
            code = await asyncio.wait_for(child.wait(), STARTUP)
        finally:
            if child.returncode is None:
                child.kill()
                await child.wait()
            kill_all(family)
        output = log_path.read_text(errors="replace")
        assert code == 0, output
        assert f"{sig.name} received: closing" in output
        assert "closed cleanly" in output
        assert "Traceback" not in output, output
        assert not Path(f"{db}-wal").exists()
        assert wait_until_gone(family) == []
        fake.assert_clean()
    with sqlite3.connect(db) as check:  # what was written is there
        assert check.execute("PRAGMA user_version").fetchone()[0] >= 1


async def test_serve_returns_after_sigterm_with_everything_closed(tmp_path):
    """In-process: ``serve`` turns SIGTERM into ``bot.close()``: the workers stop, the
    database closes, and ``serve`` returns the signal."""
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Parlour")
        fake.add_text_channel(guild, "games")
        bot = create_bot(db_path=str(tmp_path / "parlor.db"), guild_ready_timeout=0.05)
        serving = asyncio.create_task(serve(bot, fake.token))
        try:
            await fake.wait_ready(STARTUP, sync=True)
            await asyncio.wait_for(bot.wait_until_ready(), STARTUP)
            pool = bot.boards._pool
            workers = list(pool.processes) if pool is not None else []
            os.kill(os.getpid(), signal.SIGTERM)
            assert await asyncio.wait_for(serving, STARTUP) == signal.SIGTERM
        finally:
            if not serving.done():
                serving.cancel()
                await asyncio.gather(serving, return_exceptions=True)
        assert bot.is_closed()
        assert bot.boards._pool is None and not bot.boards.in_processes
        assert not any(w.is_alive() for w in workers)
        with pytest.raises(ValueError):  # aiosqlite: no active connection
            await bot.service.storage.db.execute("SELECT 1")
    assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL  # serve's handler is gone


# -- a database that cannot be opened ----------------------------------------------------------


def bad_database(tmp_path: Path, kind: str) -> str:
    if kind == "text file":
        path = tmp_path / "notes.db"
        path.write_text("not a database\n" * 20)
    elif kind == "folder":
        path = tmp_path / "a-folder.db"
        path.mkdir()
    elif kind == "missing folder":
        path = tmp_path / "no" / "such" / "parlor.db"
    elif kind == "unreadable":
        if os.geteuid() == 0:
            pytest.skip("root reads any file")
        path = tmp_path / "locked.db"
        sqlite3.connect(path).close()
        path.chmod(0)
    else:
        raise AssertionError(kind)
    return str(path)


BAD_KINDS = ["text file", "folder", "missing folder", "unreadable"]


def run_quick(args: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, *args],
        env=env,
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=30,  # it used to hang forever after the traceback
    )


def assert_one_clear_line(result: subprocess.CompletedProcess, path: str) -> None:
    assert result.returncode != 0
    assert "Traceback" not in result.stderr, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: cannot open the database ") and path in lines[0]


@pytest.mark.parametrize("kind", BAD_KINDS)
def test_the_bot_with_a_bad_database_exits_at_once_with_one_line(tmp_path, kind):
    """``python -m bot`` checks the database before connecting: Discord here is a closed port,
    so only a check made first can name the database."""
    path = bad_database(tmp_path, kind)
    env = child_env(
        DISCORD_TOKEN="any-token",
        PARLOR_DB=path,
        FAKE_DISCORD_API="http://127.0.0.1:9/api/v10",
        FAKE_DISCORD_GATEWAY="ws://127.0.0.1:9/gateway",
    )
    assert_one_clear_line(run_quick([str(FAKE_MAIN)], env, tmp_path), path)


@pytest.mark.parametrize("kind", BAD_KINDS)
def test_local_play_with_a_bad_database_exits_at_once_with_one_line(tmp_path, kind):
    path = bad_database(tmp_path, kind)
    result = run_quick(["-m", "bot", "play", "icesickle", "--db", path], child_env(), tmp_path)
    assert_one_clear_line(result, path)


def test_the_bot_without_a_token_says_so(tmp_path):
    result = run_quick(["-m", "bot"], child_env(), tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip() == "error: set DISCORD_TOKEN to the bot's token to run Parlor"


def aiosqlite_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if "_connection_worker_thread" in t.name]


@pytest.mark.parametrize("kind", ["text file", "a schema that does not migrate"])
async def test_storage_open_closes_the_connection_and_names_the_file(tmp_path, kind):
    """A failure after connecting (a PRAGMA, a migration) closes the connection: its thread
    used to stay and keep the process from exiting."""
    if kind == "text file":
        path = bad_database(tmp_path, kind)
    else:
        path = str(tmp_path / "other-app.db")
        with sqlite3.connect(path) as other:  # another program's table of the same name
            other.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, name TEXT)")
    before = set(aiosqlite_threads())
    with pytest.raises(StorageOpenError) as caught:
        await Storage.open(path)
    message = str(caught.value)
    assert message.startswith(f"cannot open the database {path}: ") and "\n" not in message
    for thread in set(aiosqlite_threads()) - before:
        thread.join(timeout=GONE_WITHIN)
    assert set(aiosqlite_threads()) <= before


def test_the_bot_runs_on_uvloop_where_it_is_installed():
    """``python -m bot`` runs its loop with ``lifecycle.run``: uvloop's, when there is one
    (a pyproject dependency on Linux and macOS), asyncio's own otherwise."""
    from bot.discord import lifecycle

    async def loop_kind() -> str:
        return type(asyncio.get_running_loop()).__module__

    try:
        import uvloop  # noqa: F401
    except ImportError:
        assert lifecycle.run(loop_kind()).startswith("asyncio")
    else:
        assert lifecycle.run(loop_kind()).startswith("uvloop")


async def test_the_log_says_only_what_parlor_log_level_asks_for(tmp_path):
    """``PARLOR_LOG_LEVEL=warning``: a run that starts and stops cleanly logs none of its
    INFO lines (which the default level shows: the test above)."""
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Parlour")
        fake.add_text_channel(guild, "games")
        child = await start_bot(
            fake, tmp_path, PARLOR_DB=str(tmp_path / "parlor.db"), PARLOR_LOG_LEVEL="warning"
        )
        family: list[int] = []
        try:
            await fake.wait_ready(STARTUP, sync=True)
            family = descendants(child.pid)
            os.kill(child.pid, signal.SIGTERM)
            code = await asyncio.wait_for(child.wait(), STARTUP)
        finally:
            if child.returncode is None:
                child.kill()
                await child.wait()
            kill_all(family)
        output = (tmp_path / "bot.log").read_text(errors="replace")
        assert code == 0, output
        assert "received: closing" not in output and "closed cleanly" not in output
        assert " INFO " not in output, output
        assert wait_until_gone(family) == []
