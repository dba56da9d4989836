"""What goes into the move menus under a turn message: the legal moves in labelled groups of at
most 25 (a select menu's limit), a short description per option where the game has one, and
the control moves that get buttons instead (Undo, End, ...).

A game puts everything in one "Moves" menu while it fits, else one menu per group it names;
a game whose turn is many small decisions keeps its groups apart always, in its own order.
Which group a move is in, its description and the buttons are the game's (``bot/games``).
"""

from __future__ import annotations

import engine
from bot.games import chat_of
from bot.words import limits

SELECT_LIMIT = 25
"""Options in one select menu."""


def control_moves(state: engine.State) -> list[tuple[str, str]]:
    """``(move text, button label)`` for the legal moves that are controls, not menu entries."""
    return [(str(move), label) for move, label in chat_of(state.game.key).controls(state)]


def move_groups(state: engine.State) -> list[tuple[str, list[engine.Move]]]:
    """The legal moves (controls left out) in labelled groups of at most 25, in order."""
    chat = chat_of(state.game.key)
    controls = {move for move, _ in chat.controls(state)}
    groups: dict[str, list[engine.Move]] = {}
    for move in state.legal_moves():
        if move not in controls:
            groups.setdefault(chat.group(move), []).append(move)
    if not chat.always_grouped and sum(len(g) for g in groups.values()) <= SELECT_LIMIT:
        groups = {"Moves": [m for g in groups.values() for m in g]}
    ordered = sorted(groups.items(), key=lambda item: chat.group_order(item[0]))
    labelled = []
    for label, moves in ordered:
        for start in range(0, len(moves), SELECT_LIMIT):
            chunk = moves[start : start + SELECT_LIMIT]
            span = f" ({start + 1}-{start + len(chunk)})" if len(moves) > SELECT_LIMIT else ""
            labelled.append((f"{label}{span}", chunk))
    return labelled


def options(state: engine.State, moves: list[engine.Move]) -> list[tuple[str, str | None]]:
    """``(notation, description)`` of each move, for the options of one menu: a few words on
    what it does (at most 100 characters), where the game has them."""
    chat = chat_of(state.game.key)
    described = []
    for move in moves:
        text = chat.describe(state, move)
        described.append((str(move), limits.cut(text, limits.OPTION_DESCRIPTION) if text else None))
    return described
