"""What local play says in the terminal: the status line before each prompt, what the dice
and the bot did after a move ("Ben rolled 2 6: no move."), the legal moves in columns, the
position and the rules in plain words, the help text and the result.

Pure functions of the engine state (or the game's record) and the players' names (no I/O),
so they are easy to test; ``bot/local.py`` prints them.
"""

from __future__ import annotations

import re
import shutil
import textwrap
import time
from collections.abc import Sequence

import engine
import render

from . import clocks
from .games import chat_of
from .games.base import plural as plural  # public here too
from .messages import report_lines
from .records import GameRecord
from .rules_text import TERMINAL_RULES

WIDTH = 100
"""The widest line printed (narrower when the terminal is)."""


def width() -> int:
    return max(40, min(WIDTH, shutil.get_terminal_size((WIDTH, 24)).columns))


# -- the status line ------------------------------------------------------------------------


def status(state: engine.State, names: Sequence[str]) -> str:
    """Where the game stands, before the prompt: the move number, whose turn, the dice and
    what is left of them, and what else the player needs (the game's own status parts)."""
    if state.is_over():
        return ""
    parts = [f"Move {len(state.history) + 1}"]
    parts += chat_of(state.game.key).status_parts(state, names)
    return " · ".join(p for p in parts if p)


def clock_status(game: GameRecord) -> str:
    """The move clock, as the status line ends: "3 days per move, up 2026-11-28 14:05" (the
    terminal's local time), or "" without one. A terminal only shows it: no reminders, and
    nothing happens when it runs out."""
    if game.over or game.deadline is None or game.turn_at is None:
        return ""
    length = clocks.length_words(
        clocks.clock_seconds(game.settings) or game.deadline - game.turn_at
    )
    return f"{length} per move, up {time.strftime('%Y-%m-%d %H:%M', time.localtime(game.deadline))}"


# -- what happened after a move -------------------------------------------------------------


def events(
    state: engine.State,
    moves: Sequence[engine.Move | str],
    names: Sequence[str],
    *,
    first: bool = False,
) -> list[str]:
    """What ``moves`` (applied to ``state`` in order: a player's move and the dice the bot
    rolled after it, as ``Service.play`` returns them; the engine's moves or their notation)
    did, in words, one line each.

    The first move is the player's own (said by the caller), unless it is a chance move;
    with ``first``, it is said here too (Parlor's moves)."""
    chat = chat_of(state.game.key)
    lines: list[str] = []
    for number, given in enumerate(moves):
        after = state.apply(given)
        move = after.last_move
        assert move is not None
        if state.is_chance_node():
            lines += chat.roll_words(state, after, move, names)
        elif number or first:
            lines.append(played_line(state, after, names))
        lines += chat.after_words(state, after, names)
        state = after
    return lines


def played_line(
    before: engine.State, after: engine.State, names: Sequence[str], who: str | None = None
) -> str:
    """A player's move from ``before`` to ``after`` and what it did: "Cat played 1+5:
    captured Ann's pawn 2 (bonus 20).", "Ann played c3+7." (``who``: the mover's name, else
    the seat's)."""
    move = after.last_move
    assert move is not None
    who = who if who is not None else names[before.to_move]
    did = chat_of(before.game.key).move_effects(before, after, names)
    return f"{who} played {move}" + (f": {'; '.join(did)}." if did else ".")


def result_line(game: GameRecord) -> str:
    """How the game ended, with the scores (or the game's final report, a line a player)."""
    outcome = game.outcome
    assert outcome is not None
    scores = ", ".join(f"{game.names[s]} {v}" for s, v in enumerate(outcome.scores))
    scores = f" Scores: {scores}." if scores else ""
    if not outcome.winners:
        return f"Game over: a draw, {outcome.reason}.{scores}"
    winners = " and ".join(game.names[s] for s in outcome.winners)
    verb = "win" if len(outcome.winners) > 1 else "wins"
    if report := report_lines(game, game.names):  # every player and score
        return "\n".join((f"Game over: {winners} {verb}, {outcome.reason}.", *report))
    return f"Game over: {winners} {verb}, {outcome.reason}.{scores}"


# -- listings -------------------------------------------------------------------------------


def columns(items: Sequence[str], total: int | None = None) -> list[str]:
    """``items`` in aligned columns, filled down each column, within ``total`` characters."""
    if not items:
        return []
    total = total or width()
    cell = max(map(len, items)) + 3
    per_row = max(1, (total - 2) // cell)
    rows = -(-len(items) // per_row)
    cols = [items[i * rows : (i + 1) * rows] for i in range(-(-len(items) // rows))]
    return [
        "  " + "".join(col[r].ljust(cell) for col in cols if r < len(col)).rstrip()
        for r in range(rows)
    ]


def moves_text(state: engine.State) -> str:
    legal = [str(m) for m in state.legal_moves()]
    if not legal:
        return "No moves to choose from: the dice are rolled next."
    head = f"Legal moves ({len(legal)}):" if len(legal) > 1 else "The only legal move:"
    return "\n".join((head, *columns(legal)))


def board_text(state: engine.State, names: Sequence[str]) -> str:
    """The position in words (the image's alt text), a sentence a line, wrapped."""
    words = render.alt_text(state, names=names)
    sentences = re.split(r"(?<=\.)\s+(?=[A-Z0-9])", words)
    return "\n".join(textwrap.fill(s, width(), subsequent_indent="  ") for s in sentences)


def rules_text(key: str) -> str:
    """The game's rules in the terminal's words (its commands and flags where ``/rules`` names
    slash commands), as plain text: no markdown, wrapped."""
    plain = re.sub(r"\*\*|`", "", TERMINAL_RULES[key])
    return "\n".join(
        textwrap.fill(paragraph, width(), subsequent_indent="  ") if paragraph else ""
        for paragraph in plain.split("\n")
    )


def help_text(state: engine.State) -> str:
    """The commands, with ``undo`` where this game has it."""
    lines = [
        "Type a move in notation and press Enter (`rules` explains the notation). Commands:",
        "  moves   the legal moves             board   the position in words",
        "  rules   how this game is played     help    this text",
        "  hint    the move Parlor would play, and why",
        "  resign  leave the game, once you type yes: the others win, or play on without you",
        "          where the game's rules let a player leave",
        "  quit    stop here (Ctrl-C too); every move is saved, so you can continue later",
    ]
    if state.options.get("undo"):
        lines.insert(3, "  undo    take back your last move of this dice play (not a bonus)")
    return "\n".join(lines)
