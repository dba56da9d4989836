"""What ``/replay`` says: the frame's text (the game, which move of how many, and that move in
the words the live turn messages and the terminal use), and the labels of its jump menu, paged
to Discord's 25 options. Pure functions of the service's ``Frame``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import engine
from bot.games import chat_of
from bot.service.ai_players import level_of
from bot.service.replays import Frame
from bot.service.store.storage import MoveRow
from bot.words import limits
from bot.words.messages import status_line
from bot.words.terminal import played_line
from bot.words.text import clean, title_line

PAGE = 23
"""Moves a page of the jump menu names, beside its two options to the pages around it."""

OPTIONS = 25
"""The most options a Discord select holds."""


def mover_name(names: Sequence[str], row: MoveRow | None, before: engine.State) -> str:
    """Who made the move: the seat that moved as stored, else the seat to move before it."""
    seat = row.seat if row is not None else None
    if seat is None or not 0 <= seat < len(names):
        seat = before.to_move
    return names[seat] if 0 <= seat < len(names) else "The bot"


def move_words(frame: Frame, names: Sequence[str]) -> str:
    """What move ``frame.move`` did, as the live table says it: "Ann played 2+5: captured
    Ben's pawn 3.", "Ben rolled 3 5." ("" at move 0)."""
    before, after = frame.before, frame.state
    if before is None or after.last_move is None:
        return ""
    chat = chat_of(before.game.key)
    if before.is_chance_node():
        lines = chat.roll_words(before, after, after.last_move, names)
    else:
        line = played_line(before, after, names, mover_name(names, frame.row, before))
        if _stood_in(frame):
            line = line.removesuffix(".") + " (Parlor played it for them)."
        lines = [line]
    lines += chat.after_words(before, after, names)
    return " ".join(lines)


def _stood_in(frame: Frame) -> bool:
    """Parlor made this move for its seat's absent player."""
    row, players = frame.row, frame.record.players
    if row is None or row.user_id is None or row.seat is None:
        return False
    if not 0 <= row.seat < len(players) or players[row.seat].ai:
        return False
    return level_of(row.user_id) is not None


def frame_text(frame: Frame) -> str:
    """The replay message's text: the game, the move shown of how many, what it did."""
    names = [clean(n) for n in frame.record.names]
    head = f"Replay of {title_line(frame.record)}"
    where = f"Move {frame.move} of {frame.moves}"
    said = move_words(frame, names) if frame.move else "The game as it was set up."
    text = f"{head}\n{where}: {said}"
    if frame.move == frame.moves and frame.record.over:  # how it ended, as its last board says
        text = f"{text}\n{status_line(frame.record)}"
    return limits.content(text)


@dataclass(frozen=True)
class JumpOption:
    """One option of the jump menu: the move it shows, and its label."""

    move: int
    label: str
    current: bool = False


def option_label(row: MoveRow, names: Sequence[str]) -> str:
    """ "12. Ann: 2+5" (a roll the bot made: "12. dice: roll 3 5")."""
    seat = row.seat
    who = names[seat] if seat is not None and 0 <= seat < len(names) else "dice"
    return limits.cut(f"{row.number}. {who}: {row.move}", limits.OPTION_LABEL)


def jump_options(frame: Frame) -> list[JumpOption]:
    """The jump menu at ``frame``: every move 0..N when they fit 25 options, else the page of
    :data:`PAGE` moves holding the one shown, with an option to the page before and after."""
    total, names = frame.moves, frame.record.names
    rows = {r.number: r for r in frame.rows}

    def at(move: int) -> JumpOption:
        row = rows.get(move)
        if move == 0 or row is None:
            label = "0. The start" if move == 0 else f"{move}."
        else:
            label = option_label(row, names)
        return JumpOption(move, label, move == frame.move)

    if total + 1 <= OPTIONS:
        return [at(m) for m in range(total + 1)]
    start = frame.move // PAGE * PAGE
    end = min(start + PAGE - 1, total)
    options = []
    if start > 0:
        options.append(
            JumpOption(
                start - 1, f"\N{LEFTWARDS ARROW} Moves {max(0, start - PAGE)}\N{EN DASH}{start - 1}"
            )
        )
    options += [at(m) for m in range(start, end + 1)]
    if end < total:
        last = min(end + PAGE, total)
        options.append(
            JumpOption(end + 1, f"Moves {end + 1}\N{EN DASH}{last} \N{RIGHTWARDS ARROW}")
        )
    return options
