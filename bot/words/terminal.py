"""What local play says in the terminal: the status line before each prompt, what the dice
and the bot did after a move ("Ben rolled 2 6: no move."), the legal moves in rows, the
position and the rules in plain words, the help text and the result.

Pure functions of the engine state (or the game's record) and the players' names (no I/O),
so they are easy to test; ``bot/local/play.py`` prints them.
"""

from __future__ import annotations

import re
import shutil
import textwrap
import time
from collections.abc import Sequence

import engine
import render
from bot.games import chat_of
from bot.games.base import plural as plural  # public here too
from bot.service import clocks
from bot.service.records import GameRecord
from bot.words.messages import report_lines
from bot.words.rules import TERMINAL_RULES

WIDTH = 100
"""The widest line printed (narrower when the terminal is)."""


def width() -> int:
    return max(40, min(WIDTH, shutil.get_terminal_size((WIDTH, 24)).columns))


# -- the status line ------------------------------------------------------------------------


def header(game: GameRecord) -> str:
    """The game's first line: the game, who plays it and each seat. "hot-seat" where two or
    more people share the keyboard; one person "against Parlor"; Parlor alone "plays every
    seat"."""
    seats = ", ".join(f"{p.name} (seat {s + 1})" for s, p in enumerate(game.players))
    people = [p.name for s, p in enumerate(game.players) if not game.level_at(s)]
    if not people:
        who = "Parlor plays every seat"
    elif len(people) == 1:
        who = f"{people[0]} against Parlor"
    else:
        who = "hot-seat"
    return f"{game.game.title} game {game.id}, {who}: {seats}."


def status(state: engine.State, names: Sequence[str]) -> str:
    """Where the game stands, before the prompt: the move number, whose turn, the dice and
    what is left of them, and what else the player needs (the game's own status parts)."""
    if state.is_over():
        return ""
    parts = [f"Move {len(state.history) + 1}"]
    parts += chat_of(state.game.key).status_parts(state, names)
    return " · ".join(p for p in parts if p)


def clock_status(game: GameRecord) -> str:
    """The move clock, as the status line ends: "3 days per move, due 2026-11-28 14:05 (UTC)"
    (the terminal's local time, its zone named), or "" without one. A terminal only shows it:
    no reminders, and nothing happens when it runs out."""
    if game.over or game.deadline is None or game.turn_at is None:
        return ""
    length = clocks.length_words(
        clocks.clock_seconds(game.settings) or game.deadline - game.turn_at
    )
    return f"{length} per move, due {local_time(game.deadline)}"


def local_time(when: float, *, brackets: bool = True) -> str:
    """``when`` in the terminal's local time with its zone named: "2026-11-28 14:05 (UTC)",
    "2026-11-28 15:05 (CET)", "2026-11-28 17:05 (UTC+03)" (a zone without a name); without
    ``brackets`` "2026-11-28 14:05 UTC"."""
    local = time.localtime(when)
    zone = local.tm_zone or time.strftime("%z", local)
    if zone[:1] in "+-":
        zone = f"UTC{zone}"
    return f"{time.strftime('%Y-%m-%d %H:%M', local)} " + (f"({zone})" if brackets else zone)


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
    captured Ann's pawn 2 (bonus 20).", "Ann played c3+7.", "Ann took back 2+3." (``who``:
    the mover's name, else the seat's)."""
    assert after.last_move is not None
    who = who if who is not None else names[before.to_move]
    chat = chat_of(before.game.key)
    did = chat.move_effects(before, after, names)
    return f"{who} {chat.did_words(before, after)}" + (f": {'; '.join(did)}." if did else ".")


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
    """``items`` in aligned columns within ``total`` characters, in order along each row (a
    row reads left to right, the next row goes on where it ends)."""
    if not items:
        return []
    total = total or width()
    cell = max(map(len, items)) + 3
    per_row = max(1, (total - 2) // cell)
    rows = [items[i : i + per_row] for i in range(0, len(items), per_row)]
    return ["  " + "".join(item.ljust(cell) for item in row).rstrip() for row in rows]


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
