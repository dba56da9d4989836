"""What ``/replay`` says: the frame's text (the game, which move of how many, and that move in
the words the live turn messages and the terminal use), and its jump menu: the game's turns
(one seat's consecutive moves, its rolls included), paged to Discord's 25 options. Pure
functions; the engine's states come from the replay the board worker makes
(``bot/discord/replay_frames.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import engine
from bot.games import chat_of
from bot.service.ai_players import level_of
from bot.service.replays import Frame
from bot.words import limits
from bot.words.messages import status_line
from bot.words.terminal import played_line
from bot.words.text import title_line

PAGE = 23
"""Options a page of the jump menu names (the start, turns), beside its two options to the
pages around it."""

OPTIONS = 25
"""The most options a Discord select holds."""


def mover_name(names: Sequence[str], seat: int | None, before: engine.State) -> str:
    """Who made the move: the seat that moved as stored, else the seat to move before it."""
    if seat is None or not 0 <= seat < len(names):
        seat = before.to_move
    return names[seat] if 0 <= seat < len(names) else "The bot"


def move_words(
    before: engine.State,
    after: engine.State,
    names: Sequence[str],
    seat: int | None,
    stood_in: bool,
) -> str:
    """What the move from ``before`` to ``after`` did, as the live table says it: "Ann played
    2+5: captured Ben's pawn 3.", "Ben rolled 3 5." (``seat``: the seat stored as making it;
    ``stood_in``: Parlor made it for its seat's absent player)."""
    if after.last_move is None:
        return ""
    chat = chat_of(before.game.key)
    if before.is_chance_node():
        lines = chat.roll_words(before, after, after.last_move, names)
    else:
        line = played_line(before, after, names, mover_name(names, seat, before))
        if stood_in:
            line = line.removesuffix(".") + " (Parlor played it for them)."
        lines = [line]
    lines += chat.after_words(before, after, names)
    return " ".join(lines)


def stood_in(frame: Frame) -> bool:
    """Parlor made the shown move for its seat's absent player."""
    row, players = frame.row, frame.record.players
    if row is None or row.user_id is None or row.seat is None:
        return False
    if not 0 <= row.seat < len(players) or players[row.seat].ai:
        return False
    return level_of(row.user_id) is not None


def frame_text(frame: Frame, said: str) -> str:
    """The replay message's text: the game, the move shown of how many, what it did
    (``said``: :func:`move_words` of that move)."""
    head = f"Replay of {title_line(frame.record)}"
    where = f"Move {frame.move} of {frame.moves}"
    said = said if frame.move else "The game as it was set up."
    text = f"{head}\n{where}: {said}"
    if frame.move == frame.moves and frame.record.over:  # how it ended, as its last board says
        text = f"{text}\n{status_line(frame.record)}"
    return limits.content(text)


@dataclass
class Turn:
    """One seat's consecutive moves (its rolls included); ``seat`` None for chance that is
    nobody's (a deal)."""

    seat: int | None
    first: int
    """The number of its first move."""
    last: int
    """The number of its last move: the board the turn leaves."""
    rolls: list[str] = field(default_factory=list)
    """Its dice, as the players read them."""
    moves: list[str] = field(default_factory=list)
    """Its other moves, in notation."""
    dealt: bool = False
    """It holds chance that is nobody's (a deal)."""


def owner(before: engine.State, seat: int | None) -> int | None:
    """Whose turn the move from ``before`` belongs to: a roll's roller (None: a deal); else
    the seat stored as making it (``seat``), or the seat to move."""
    if before.is_chance_node():
        return before.roller
    return seat if seat is not None and seat >= 0 else before.to_move


def add_move(
    turns: list[Turn], number: int, before: engine.State, after: engine.State, seat: int | None
) -> None:
    """Move ``number`` (``before`` to ``after``, stored as made by ``seat``) joins the turn
    under way, or starts the next one (a move that is nobody's joins the turn under way)."""
    who = owner(before, seat)
    if not turns or (who is not None and who != turns[-1].seat):
        turns.append(Turn(who, number, number))
    turn = turns[-1]
    turn.last = number
    move = after.last_move
    if before.is_chance_node() and who is None:
        turn.dealt = True
    elif before.is_chance_node():
        turn.rolls.append(chat_of(before.game.key).dice_words(move))
    else:
        turn.moves.append(str(move))


def turn_label(number: int, turn: Turn, names: Sequence[str]) -> str:
    """ "Turn 12 · Ann: rolled 2 5, 2 moves" ("played c3" for a turn of one move; "Turn 1 ·
    Dealt" for a deal); ``names`` as said (cleaned)."""
    seat = turn.seat
    did = ["dealt"] if turn.dealt else []
    if turn.rolls:
        did.append(f"rolled {', '.join(turn.rolls)}")
    if len(turn.moves) == 1:
        did.append(f"played {turn.moves[0]}")
    elif turn.moves:
        did.append(f"{len(turn.moves)} moves")
    if seat is None or not 0 <= seat < len(names):  # nobody's: a deal
        label = f"Turn {number} \N{MIDDLE DOT} {', '.join(did).capitalize()}"
    else:
        label = f"Turn {number} \N{MIDDLE DOT} {names[seat]}: {', '.join(did)}"
    return limits.cut(label, limits.OPTION_LABEL)


@dataclass(frozen=True)
class JumpOption:
    """One option of the jump menu: the move it shows, and its label."""

    move: int
    label: str
    current: bool = False


def jump_options(turns: Sequence[Turn], move: int, names: Sequence[str]) -> list[JumpOption]:
    """The jump menu at ``move``: the start and every turn, each showing the board after its
    last move, the turn holding ``move`` marked; when they are more than 25, the page of
    :data:`PAGE` holding that turn, with an option to the page before and after."""
    entries = [JumpOption(0, "The start", move == 0)]
    entries += [
        JumpOption(t.last, turn_label(n, t, names), t.first <= move <= t.last)
        for n, t in enumerate(turns, start=1)
    ]
    if len(entries) <= OPTIONS:
        return entries
    here = next((i for i, e in enumerate(entries) if e.current), len(entries) - 1)
    start = here // PAGE * PAGE
    end = min(start + PAGE, len(entries)) - 1
    options = []
    if start > 0:
        first = max(0, start - PAGE)
        options.append(
            JumpOption(
                entries[start - 1].move,
                f"\N{LEFTWARDS ARROW} Turns {first}\N{EN DASH}{start - 1}",
            )
        )
    options += entries[start : end + 1]
    if end < len(entries) - 1:
        last = min(end + PAGE, len(entries) - 1)
        options.append(
            JumpOption(
                entries[end + 1].move,
                f"Turns {end + 1}\N{EN DASH}{last} \N{RIGHTWARDS ARROW}",
            )
        )
    return options
