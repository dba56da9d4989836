"""The terminal's prompt (``bot/local/lines.py``): Tab completes the legal moves and the
commands, a real terminal (a pty) edits the line with the arrow keys, and SIGTERM stops play
as ``quit`` does, keeping every accepted move."""

from __future__ import annotations

import asyncio
import os
import re
import select
import signal
import subprocess
import sys
import time

import pytest

import engine
from bot.local.lines import Completer, completions
from bot.service.facade import Service
from tests.bot.terminal import ROOT, Terminal, first_screen


def test_tab_completes_the_legal_moves_and_the_commands():
    state = engine.get_game("icesickle").new_game(2, {})
    assert completions(state, "S@c") == ["S@c1", "S@c2", "S@c3", "S@c4", "S@c5"]
    assert completions(state, "s@c") == completions(state, "S@c")  # in any case
    placings = [str(m) for m in state.legal_moves() if str(m).startswith("S@")]
    assert completions(state, "S@") == placings and len(placings) == 25
    assert completions(state, "h") == ["help", "hint"]
    assert completions(state, "q") == ["quit"]
    assert completions(state, "S@z") == []
    assert "undo" not in completions(state, "")
    # ``undo`` only where the game has it.
    pachisi = engine.get_game("pachisi").new_game(2, {"undo": True})
    assert "undo" in completions(pachisi, "u")
    # readline asks for the n-th completion until it gets None.
    completer = Completer(lambda: state)
    got = []
    while (word := completer.complete("S@e", len(got))) is not None:
        got.append(word)
    assert got == ["S@e1", "S@e2", "S@e3", "S@e4", "S@e5"]


class Pty:
    """``python -m bot ARGS`` on a pseudo-terminal, as a person in a terminal emulator runs it."""

    def __init__(self, args: list[str]) -> None:
        self.master, slave = os.openpty()
        env = {**os.environ, "TERM": "xterm", "INPUTRC": "/dev/null"}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "bot", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=ROOT,
            env=env,
            start_new_session=True,
        )
        os.close(slave)
        self.out = b""

    def until(self, pattern: str, timeout: float = 60) -> str:
        """What the terminal shows until ``pattern`` appears (and from there on, nothing)."""
        deadline = time.monotonic() + timeout
        while not re.search(pattern, self.out.decode(errors="replace")):
            left = deadline - time.monotonic()
            assert left > 0, f"no {pattern!r} within {timeout} s; got {self.out[-800:]!r}"
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:  # the program ended (EIO on Linux)
                    chunk = b""
                assert chunk, f"ended before {pattern!r}; got {self.out[-800:]!r}"
                self.out += chunk
        text = self.out.decode(errors="replace")
        self.out = b""
        return text

    def keys(self, data: bytes) -> None:
        os.write(self.master, data)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        os.close(self.master)


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="no pseudo-terminals here")
def test_at_a_terminal_arrow_keys_edit_the_line_and_tab_completes(tmp_path):
    pytest.importorskip("readline")
    db = str(tmp_path / "p.db")
    term = Pty(["play", "icesickle", "--db", db])
    try:
        term.until(r"Player 1 \(seat 1\) to move> ")
        # "S@3", Left, "c", Enter: the line read is "S@c3".
        term.keys(b"S@3\x1b[Dc\r")
        out = term.until(r"Player 2 \(seat 2\) to move> ")
        assert "Player 1 played S@c3." in out, out
        assert "Not played" not in out
        # Tab completes a command ("mov" -> "moves") and a move ("S@d" ... "S@d4").
        term.keys(b"mov\t\r")
        out = term.until(r"Player 2 \(seat 2\) to move> ")
        assert "Legal moves (72):" in out, out
        term.keys(b"S@d\t\t")  # Tab twice lists the five moves it could be
        term.until(r"S@d1\s+S@d2\s+S@d3\s+S@d4\s+S@d5")
        term.keys(b"4\r")
        out = term.until(r"Player 1 \(seat 1\) to move> ")
        assert "Player 2 played S@d4." in out, out
        # Up brings back the last line typed; edited at its end it is a new move.
        term.keys(b"\x1b[A\x7f5\r")  # S@d4 -> S@d5
        out = term.until(r"Player 2 \(seat 2\) to move> ")
        assert "Player 1 played S@d5." in out, out
        term.keys(b"quit\r")
        assert term.proc.wait(timeout=60) == 0
    finally:
        term.close()


def test_sigterm_stops_like_quit_and_keeps_every_move(tmp_path):
    db = str(tmp_path / "p.db")
    term = Terminal(["play", "icesickle", "--db", db])
    try:
        term.read()
        out = term.type("S@c3")
        assert "Player 1 played S@c3." in out
        status, out, err = term.interrupt(60, signal.SIGTERM)  # bounded: it ends at once
    finally:
        term.close()
    assert status == 0, (out, err)
    assert f"Stopped. Saved; continue with: python -m bot play --resume 1 --db {db}" in out
    assert "Traceback" not in err
    out = first_screen(["play", "--resume", "1", "--db", db])
    assert "Move 2 · Round 1 of 2 · Player 2 to place (14 left to place)" in out


def test_sigterm_while_parlor_plays_keeps_every_move_said(tmp_path):
    """Watching Parlor play every seat, SIGTERM lands whenever it lands (thinking, committing,
    between moves): play ends cleanly, and every move it said is in the database."""
    db = str(tmp_path / "p.db")
    proc = subprocess.Popen(
        [sys.executable, "-m", "bot", "play", "icesickle", "--db", db, "--ai", "all:hard"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    try:
        seen = b""
        deadline = time.monotonic() + 60
        while b" played " not in seen:  # the first move, then the signal
            left = deadline - time.monotonic()
            assert left > 0, seen
            if select.select([proc.stdout], [], [], left)[0]:
                chunk = os.read(proc.stdout.fileno(), 65536)
                assert chunk, seen
                seen += chunk
        proc.send_signal(signal.SIGTERM)
        rest, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
    said = (seen + rest).decode()
    assert proc.returncode == 0, (said[-500:], err)
    assert "Game over" not in said  # it stopped on the signal, not at the end
    assert f"Stopped. Saved; continue with: python -m bot play --resume 1 --db {db}" in said
    assert "Traceback" not in err.decode()
    images = re.findall(r"move-(\d{3})\.png", said)
    moves = int(images[-1])  # the last board written: the moves played so far
    assert moves >= 1

    async def history() -> list:
        service = await Service.open(db)
        try:
            return await service.history(1)
        finally:
            await service.close()

    assert len(asyncio.run(history())) == moves, said[-500:]
