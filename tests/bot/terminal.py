"""``python -m bot play`` driven interactively, as a person at a terminal drives it: wait for
the prompt, read what it printed, type a line."""

from __future__ import annotations

import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROMPT = re.compile(r"(\S[^\n]*) \(seat (\d)\) to move> $")


def run(
    args: list[str], lines=(), env: dict | None = None, cwd: Path = ROOT
) -> subprocess.CompletedProcess[str]:
    """``python -m bot ARGS`` with ``lines`` typed in advance; its exit status and output."""
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        input="".join(f"{line}\n" for line in lines),
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
        env={**os.environ, **(env or {})},
    )


class Terminal:
    """A running ``python -m bot ARGS``; ``read()`` returns the output up to the next prompt."""

    def __init__(self, args: list[str], cwd: Path = ROOT) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "bot", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
        )
        self.transcript = ""

    def read(self, timeout: float = 60) -> str:
        """Output until the next prompt, or until the program ends."""
        out = b""
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + timeout
        while not PROMPT.search(out.decode(errors="replace")):
            left = deadline - time.monotonic()
            assert left > 0, f"no prompt within {timeout} s; got {out[-500:]!r}"
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(fd, 65536)
            if not chunk:  # the program ended
                break
            out += chunk
        text = out.decode()
        self.transcript += text
        return text

    def type(self, line: str) -> str:
        self.proc.stdin.write(f"{line}\n".encode())
        self.proc.stdin.flush()
        self.transcript += f"{line}\n"
        return self.read()

    def interrupt(self, timeout: float = 30, sig: int = signal.SIGINT) -> tuple[int, str, str]:
        """Ctrl-C (or ``sig``, e.g. SIGTERM as ``docker stop`` sends): the signal to the
        program; its exit status, the rest of its output and stderr."""
        self.proc.send_signal(sig)
        out, err = self.proc.communicate(timeout=timeout)
        return self.proc.returncode, out.decode(), err.decode()

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()


def first_screen(args: list[str]) -> str:
    """What ``python -m bot ARGS`` prints up to its first prompt (a resumed game's recap and
    status line); the program is then stopped."""
    term = Terminal(args)
    try:
        return term.read()
    finally:
        term.close()


def listed_moves(text: str) -> list[str]:
    """The moves the ``moves`` command listed (in columns at least three spaces apart)."""
    lines = text.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith(("Legal moves", "The only")))
    moves = []
    for line in lines[start + 1 :]:
        if not line.startswith("  "):
            break
        moves += [m for m in re.split(r" {3,}", line.strip()) if m]
    return moves
