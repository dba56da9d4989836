"""``python -m bot`` as its own process against the fake Discord, for the tests that stop it,
kill it or run several (lifecycle, crash recovery, shards): the one way they start it, and how
they find and end the processes it leaves."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
FAKE_MAIN = ROOT / "tests" / "fakediscord" / "bot_main.py"
"""``python -m bot`` pointed at a fake Discord (from environment variables)."""
STARTUP = 60.0
"""Seconds a child process may take to start (imports, the forkserver, the board workers)."""
GONE_WITHIN = 10.0
"""Seconds processes may take to go away once they should."""


def child_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PARLOR_", "DISCORD_"))}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env.update(extra)
    return env


def is_gone(pid: int) -> bool:
    """No such process, or a zombie (dead, waiting for a parent that may never reap it)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return True
    return stat.rpartition(")")[2].split()[0] in ("Z", "X")


def wait_until_gone(pids: list[int], timeout: float = GONE_WITHIN) -> list[int]:
    """The pids still running after waiting up to ``timeout`` for all to go."""
    deadline = time.monotonic() + timeout
    while (alive := [p for p in pids if not is_gone(p)]) and time.monotonic() < deadline:
        time.sleep(0.1)
    return alive


def kill_all(pids: list[int]) -> None:
    for pid in pids:
        if not is_gone(pid):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def descendants(pid: int) -> list[int]:
    """The live processes below ``pid`` (children, their children, ...)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rpartition(")")[2].split()[1])
    found, frontier = [], [pid]
    while frontier:
        parent = frontier.pop()
        children = [p for p, pp in parents.items() if pp == parent and not is_gone(p)]
        found += children
        frontier += children
    return found


QUICK = {"PARLOR_BOARD_WORKERS": "1", "FAKE_SWEEP_SECONDS": "0.2", "FAKE_RATE_LIMIT": "1000"}
"""One board worker, a sweep every 0.2 s and no rate limit to speak of: a bot a test drives
fast."""


async def start_bot(fake, folder: Path, *, log_name: str = "bot.log", prefix=(), **variables):
    """``python -m bot`` (``FAKE_MAIN``) started in ``folder`` against ``fake``, with the
    environment ``variables`` besides the fake's own; its output in ``folder / log_name``.
    ``prefix``: a command that runs it (``unshare ...``)."""
    env = child_env(
        DISCORD_TOKEN=fake.token,
        FAKE_DISCORD_API=fake.api_url,
        FAKE_DISCORD_GATEWAY=fake.gateway_url,
        **variables,
    )
    with (folder / log_name).open("wb") as log:
        return await asyncio.create_subprocess_exec(
            *prefix,
            sys.executable,
            str(FAKE_MAIN),
            cwd=folder,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
