"""How local play reads a line: with the standard ``readline`` at a terminal, plainly otherwise.

At a terminal (stdin and stdout both ttys, where Python has ``readline``) the prompt gets line
editing (arrow keys, Home/End, Ctrl-A/E ...), a history of the lines typed (Up/Down), and Tab
completing the game's current legal moves and the prompt's commands. Piped input (scripts,
tests) is read line by line, as before, and never touches the terminal.

SIGTERM (``docker stop``, ``kill``) stops play as ``quit`` does: at the prompt at once, during a
move once that move is committed (see :class:`StopOnTerm`).
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Callable
from types import FrameType
from typing import Any, TextIO

import engine

COMMANDS = ("moves", "board", "rules", "help", "hint", "resign", "quit")


def commands(state: engine.State) -> tuple[str, ...]:
    """The prompt's commands, with ``undo`` where this game has it."""
    return COMMANDS + ("undo",) if state.options.get("undo") else COMMANDS


def completions(state: engine.State, text: str) -> list[str]:
    """What Tab offers for ``text`` (the line typed so far): the legal moves in notation, then
    the commands, that start with it (in any case), each once, in that order."""
    typed = text.lower()
    found: list[str] = []
    for word in [str(m) for m in state.legal_moves()] + list(commands(state)):
        if word.lower().startswith(typed) and word not in found:
            found.append(word)
    return found


class Completer:
    """``readline``'s completer: ``complete(text, n)`` is the n-th completion of ``text`` for the
    position ``state()`` returns when the first one is asked for."""

    def __init__(self, state: Callable[[], engine.State]) -> None:
        self.state = state
        self.matches: list[str] = []

    def complete(self, text: str, index: int) -> str | None:
        if index == 0:
            self.matches = completions(self.state(), text)
        return self.matches[index] if index < len(self.matches) else None


def load_readline() -> Any | None:
    """The ``readline`` module, or None where Python has none (Windows, some builds)."""
    try:
        import readline
    except ImportError:
        return None
    return readline


class LineReader:
    """``read(prompt)``: the line typed, without its end of line, or None at the end of input."""

    def __init__(self, stdin: TextIO, stdout: TextIO, state: Callable[[], engine.State]) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.readline = None
        if stdin is sys.stdin and stdout is sys.stdout and _ttys(stdin, stdout):
            self.readline = load_readline()
        if self.readline is not None:
            self.completer = Completer(state)
            self.readline.set_completer(self.completer.complete)
            # A move is completed whole: "S@" is not split at "@", nor "c3-" at "-".
            self.readline.set_completer_delims(" \t\n")
            if "libedit" in (self.readline.__doc__ or ""):  # macOS's Python
                self.readline.parse_and_bind("bind ^I rl_complete")
            else:
                self.readline.parse_and_bind("tab: complete")

    @property
    def editing(self) -> bool:
        return self.readline is not None

    def read(self, prompt: str) -> str | None:
        if self.readline is not None:
            try:
                return input(prompt)  # readline edits the line and keeps the history
            except EOFError:
                return None
        print(prompt, end="", file=self.stdout, flush=True)
        line = self.stdin.readline()
        return line.rstrip("\r\n") if line else None


def _ttys(*streams: TextIO) -> bool:
    try:
        return all(s.isatty() for s in streams)
    except (AttributeError, ValueError):
        return False


class Terminated(Exception):
    """SIGTERM arrived while play was waiting for a line."""


class StopOnTerm:
    """While entered (in the main thread), SIGTERM asks play to stop. Waiting at the prompt
    (inside :meth:`waiting`) it raises :class:`Terminated` at once; during a move it only sets
    :attr:`asked`, so the move is committed and said before play stops at the next prompt."""

    def __init__(self) -> None:
        self.asked = False
        self._waiting = False
        self._previous: Any = None
        self._installed = False

    def __enter__(self) -> StopOnTerm:
        try:
            self._previous = signal.signal(signal.SIGTERM, self._on_term)
            self._installed = True
        except ValueError:  # not the main thread: nothing to install
            pass
        return self

    def __exit__(self, *exc: object) -> None:
        if self._installed:
            signal.signal(signal.SIGTERM, self._previous)

    def _on_term(self, signum: int, frame: FrameType | None) -> None:
        self.asked = True
        if self._waiting:
            self._waiting = False
            raise Terminated

    def waiting(self, read: Callable[[str], str | None], prompt: str) -> str | None:
        """``read(prompt)``, ended by SIGTERM (also one that came before it)."""
        self._waiting = True
        try:
            if self.asked:
                raise Terminated
            return read(prompt)
        finally:
            self._waiting = False
