"""What goes into the move menus under a turn message: the legal moves in labelled groups of at
most 25 (a select menu's limit), a short description per option where the game has one, and
the control moves that get buttons instead (Undo, Ice-Turn's End and TIP).

Most games put everything in one "Moves" menu while it fits. Ice-Turn's turn is many small
decisions, so its moves are always grouped by kind (move, turn, tip, each Treehouse action,
reactions; while placing: each tile and facing), points moves first.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import engine
from engine.iceturn_board import DIRECTIONS, GRID
from engine.iceturn_moves import Aim, Dig, Hop, React, Step, Swap, Tip, TurnPiece
from engine.iceturn_setup import Place
from engine.pyramids import SIZE_WORDS

from . import limits

SELECT_LIMIT = 25
"""Options in one select menu."""


def control_moves(state: engine.State) -> list[tuple[str, str]]:
    """``(move text, button label)`` for the legal moves that are controls, not menu entries."""
    controls = []
    for move in state.legal_moves():
        text = str(move)
        if text == "undo":
            controls.append((text, "Undo"))
        elif state.game.key == "ice-turn" and text == "end":
            controls.append((text, "End turn" if state.phase == "react" else "End movement"))
        elif state.game.key == "ice-turn" and text == "tip 7":
            controls.append((text, "TIP: points to 7"))
    return controls


def move_groups(state: engine.State) -> list[tuple[str, list[engine.Move]]]:
    """The legal moves (controls left out) in labelled groups of at most 25, in order."""
    controls = {text for text, _ in control_moves(state)}
    grouping = GROUPINGS.get(state.game.key)
    kind = grouping[0] if grouping else _kind
    groups: dict[str, list[engine.Move]] = {}
    for move in state.legal_moves():
        if str(move) not in controls:
            groups.setdefault(kind(move), []).append(move)
    if grouping is None:
        if sum(len(g) for g in groups.values()) <= SELECT_LIMIT:
            groups = {"Moves": [m for g in groups.values() for m in g]}
    else:
        order = grouping[1]
        groups = dict(sorted(groups.items(), key=lambda item: order(item[0])))
    labelled = []
    for label, moves in groups.items():
        for start in range(0, len(moves), SELECT_LIMIT):
            chunk = moves[start : start + SELECT_LIMIT]
            span = f" ({start + 1}-{start + len(chunk)})" if len(moves) > SELECT_LIMIT else ""
            labelled.append((f"{label}{span}", chunk))
    return labelled


def describe(state: engine.State, move: engine.Move) -> str | None:
    """A few words on what an option does (at most 100 characters), or ``None``."""
    describer = DESCRIBERS.get(state.game.key)
    text = describer(state, move) if describer else None
    return limits.cut(text, limits.OPTION_DESCRIPTION) if text else None


_KINDS = {"S@": "Place a small", "M@": "Place a medium", "L@": "Place a large"}


def _kind(move: engine.Move) -> str:
    text = str(move)
    if text[:2] in _KINDS:
        return _KINDS[text[:2]]
    if re.match(r"^[a-z][0-9]-", text):
        return "Jumps"
    return "Moves"


# -- Ice-Turn ------------------------------------------------------------------------------

ICETURN_GROUPS = (
    "Move a piece forward",
    "Turn a piece (1 point)",
    "Tip a piece or stack (1 point)",
    "AIM: turn a tile",
    "SWAP two tiles",
    "HOP a standing piece",
    "DIG a lying piece",
    "React: turn a piece",
    "Place a Q-Turner",
)
_ICETURN_KIND = {
    Step: 0,
    TurnPiece: 1,
    Tip: 2,
    Aim: 3,
    Swap: 4,
    Hop: 5,
    Dig: 6,
    React: 7,
}


def _iceturn_kind(move: engine.Move) -> str:
    if isinstance(move, Place):
        kind, facing = move.tile
        if kind == "Q":
            return ICETURN_GROUPS[-1]
        if kind == "D":
            return f"Place a double arrow {'north-south' if facing == 0 else 'east-west'}"
        return f"Place a single arrow pointing {DIRECTIONS[facing]}"
    index = _ICETURN_KIND.get(type(move))
    return ICETURN_GROUPS[index] if index is not None else "Moves"


def _iceturn_order(label: str) -> tuple[int, str]:
    if label in ICETURN_GROUPS:
        return ICETURN_GROUPS.index(label), ""
    return len(ICETURN_GROUPS), label


def _iceturn_describe(state, move: engine.Move) -> str | None:
    cells, seat = state.cells, state.seat

    def piece_on(cell: int) -> str:
        here = cells[cell]
        return SIZE_WORDS[here.pieces[0][1]] if here.pieces else "piece"

    def position(cell: int, below: int | None) -> str:
        if below is None:
            return ""
        count = len(cells[cell].pieces)
        where = "bottom" if below == 0 else "top" if below == count else f"{below} below it"
        return f", stacks: {where}"

    name = GRID.name
    if isinstance(move, Place):
        return f"on {name(move.cell)}" + (
            "" if move.tile[0] == "Q" else f", {DIRECTIONS[move.tile[1]]}"
        )
    if isinstance(move, Step):
        size = cells[move.cell].pieces[0][1]
        cost = f"{size} point{'s' if size > 1 else ''}"
        return f"your {SIZE_WORDS[size]} to {name(move.target)} ({cost})" + position(
            move.target, move.below
        )
    if isinstance(move, TurnPiece):
        return f"your {piece_on(move.cell)} on {name(move.cell)} to face {DIRECTIONS[move.facing]}"
    if isinstance(move, Tip):
        count = len(cells[move.cell].pieces)
        what = "the piece" if count == 1 else f"the stack of {count}"
        return f"{what} on {name(move.cell)} falls {DIRECTIONS[move.facing]}"
    if isinstance(move, Aim):
        turn = {1: "clockwise", 2: "half a turn", 3: "anticlockwise"}[move.quarter_turns]
        lying = cells[move.cell].lying
        return f"tile {name(move.cell)} {turn}" + (" with its piece" if lying else "")
    if isinstance(move, Swap):
        return f"tiles {name(move.a)} and {name(move.b)} change places"
    if isinstance(move, Hop):
        index = cells[move.cell].pieces.index((seat, move.size))
        carried = len(cells[move.cell].pieces) - index - 1
        extra = f" with {carried} on it" if carried else ""
        return f"your {SIZE_WORDS[move.size]}{extra} onto {name(move.target)}"
    if isinstance(move, Dig):
        where = "in place" if move.target == move.cell else f"to {name(move.target)}"
        return f"your {piece_on(move.cell)} digs {where}, stands at the bottom"
    if isinstance(move, React):
        return (
            f"from {name(move.source)}: the {piece_on(move.target)} on {name(move.target)} "
            f"faces {DIRECTIONS[move.facing]}"
        )
    return None


GROUPINGS: dict[str, tuple[Callable[[engine.Move], str], Callable[[str], tuple]]] = {
    "ice-turn": (_iceturn_kind, _iceturn_order),
}
DESCRIBERS: dict[str, Callable[[engine.State, engine.Move], str | None]] = {
    "ice-turn": _iceturn_describe,
}
