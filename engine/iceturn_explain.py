"""Why an Ice-Turn move cannot be played, in words a player can act on; and the spellings the
engine also accepts (direction words, unsorted swaps, equivalent AIMs)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .core import IllegalMove, Move
from .iceturn_board import (
    DIRECTIONS,
    FACINGS,
    GRID,
    TILE_COUNTS,
    TILE_WORDS,
    A,
    Q,
    points_inward,
    step,
    targets,
)
from .iceturn_moves import (
    ACTION_OF,
    QUARTERS,
    Aim,
    Dig,
    Hop,
    React,
    Roll,
    Step,
    Swap,
    Tip,
    TurnPiece,
)
from .iceturn_pieces import Cell
from .iceturn_setup import (
    KINDS,
    PLACE_NO_AT,
    PLACE_TEXT,
    Deal,
    Place,
    hand_words,
    q_cells,
    qs_placeable,
)
from .iceturn_turn import perform
from .pyramids import SIZE_WORDS

if TYPE_CHECKING:
    from .iceturn_state import IceTurnState

_DIRECTION_WORD = re.compile(r"\b(north|east|south|west)\b")
_HAND = {"q": 0, "d": 1, "a": 2}


def rewrite(state: IceTurnState, text: str) -> str:
    """Other spellings of a move: ``turn b2 east``, ``swap b3 b2``, ``dig b2-b2``, ``D@b2s``,
    ``Q@b2n``, ``deal AQD``, and an AIM equal in effect to a legal one (``aim b2 ccw`` on an
    empty double arrow is ``aim b2 cw``)."""
    text = _DIRECTION_WORD.sub(lambda m: m.group(1)[0], text)
    parts = text.split()
    if len(parts) == 2 and parts[0] == "deal" and set(parts[1]) <= set(_HAND):
        return "deal " + "".join(sorted(parts[1], key=_HAND.__getitem__))
    text = re.sub(r"^([qda]@[a-z][0-9]+) ([nesw])$", r"\1\2", text)  # A@b2 n
    if m := re.fullmatch(r"([qda])@([a-z][0-9]+)([nesw]?)", text):
        kind, cell, facing = m.groups()
        if kind == "q":
            return f"q@{cell}"
        if kind == "d" and facing in ("s", "w"):
            return f"d@{cell}{'n' if facing == 's' else 'e'}"
    if m := re.fullmatch(r"swap ([a-z][0-9]+) ([a-z][0-9]+)", text):
        a, b = m.groups()
        if a in GRID.names and b in GRID.names and GRID.parse(b) < GRID.parse(a):
            return f"swap {b} {a}"
    if m := re.fullmatch(r"dig ([a-z][0-9]+)-\1", text):
        return f"dig {m.group(1)}"
    if (m := re.fullmatch(r"aim ([a-z][0-9]+) (cw|ccw|180)", text)) and m.group(1) in GRID.names:
        return _same_aim(state, GRID.parse(m.group(1)), text)
    return text


def _same_aim(state: IceTurnState, cell: int, text: str) -> str:
    """A legal AIM of ``cell`` with the same result as the one typed, else ``text``."""
    aims = [m for m in state.legal_moves() if isinstance(m, Aim) and m.cell == cell]
    if state.tiles[cell] is None or any(str(m) == text for m in aims):
        return text
    quarter = {v: k for k, v in QUARTERS.items()}[text.split()[2]]
    wanted = _aimed(state, Aim(cell, quarter))
    for move in aims:
        if _aimed(state, move) == wanted:
            return str(move)
    return text


def _aimed(state: IceTurnState, move: Aim) -> tuple:
    tiles, cells = perform(state.tiles, state.cells, move, state.seat)
    return tiles[move.cell], cells[move.cell]


def explain(state: IceTurnState, text: str) -> str:
    """Why ``text`` (normalised, not legal now) cannot be played."""
    seat = state.seat
    if state.phase == "deal":
        return "The tiles are being dealt first (a chance move such as deal QDDAAAAA)."
    if state.phase == "roll":
        return (
            f"Player {seat + 1} rolls the d6 and the Treehouse die first: roll, then the d6 "
            "(1-6) and the face (tip, aim, swap, hop, dig or wild), e.g. roll 4 hop."
        )
    if state.phase != "place" and (PLACE_TEXT.match(text) or PLACE_NO_AT.match(text)):
        return "All the tiles are placed; the race is on."
    try:
        move = state.game.move_from_text(text)
    except IllegalMove as exc:
        return str(exc)
    if state.phase == "place":
        if not isinstance(move, Place):
            return "Tiles are being placed: put one from your hand on the board, e.g. A@b2n."
        return _place(state, move)
    if isinstance(move, Deal | Place):
        return "All the tiles are placed; the race is on."
    if isinstance(move, Roll):
        return "The dice are already rolled for this turn."
    if state.phase == "react":
        if not isinstance(move, React):
            return (
                "The movement phase is over: now turn pieces by reaction (react b2 c3 w) "
                "or type end."
            )
        return _react(state, move)
    if isinstance(move, React):
        return "Reactions come after the movement phase: type end first."
    if type(move) in ACTION_OF:
        why = _treehouse(state, ACTION_OF[type(move)])  # type: ignore[index]
        if why:
            return why
    why = _specific(state, move)
    return why or f"{move} cannot be played now; legal moves are e.g. {_examples(state)}."


def _examples(state: IceTurnState) -> str:
    legal = [str(m) for m in state.legal_moves()]
    return ", ".join(legal[:3] + ([legal[-1]] if len(legal) > 3 else []))


def _place(state: IceTurnState, move: Place) -> str:
    kind, cell = move.tile[0], move.cell
    name = GRID.name(cell)
    if not state.hands[state.seat][KINDS.index(kind)]:
        return (
            f"You hold no {TILE_WORDS[kind]}: your hand is {hand_words(state.hands[state.seat])}."
        )
    if state.tiles[cell] is not None:
        return f"{name} already holds a tile."
    qs_left = TILE_COUNTS[Q] - sum(t is not None and t[0] == Q for t in state.tiles)
    trial = list(state.tiles)
    trial[cell] = move.tile
    if kind == Q:
        if cell not in q_cells(state.tiles):
            return f"{name}'s row or column already has a Q-Turner: one per row and column."
        if not qs_placeable(tuple(trial), qs_left - 1):
            return f"A Q-Turner on {name} would leave no place for the other Q-Turners."
    else:
        if kind == A and not points_inward(move.tile, cell):
            return (
                f"A single arrow on {name} may not point {DIRECTIONS[move.tile[1]]}, off the "
                "board, while placing."
            )
        if not qs_placeable(tuple(trial), qs_left):
            return (
                f"A tile on {name} would leave no place for the Q-Turners still to come "
                "(one per row and column)."
            )
    return f"{move} cannot be placed now."


def _treehouse(state: IceTurnState, action: str) -> str | None:
    if action in state.actions():
        return None
    if state.action is not None:
        if state.action == "aim" and action == "aim":
            return "The AIM is over: another move came after it, so no more tiles turn."
        return f"You already used the Treehouse action ({state.action.upper()}) this turn."
    return f"The Treehouse die shows {state.face.upper()}: no {action.upper()} this turn."


def _specific(state: IceTurnState, move: Move) -> str | None:
    handlers = {
        Step: _step,
        TurnPiece: _turn,
        Tip: _tip,
        Aim: _aim,
        Swap: _swap,
        Hop: _hop,
        Dig: _dig,
    }
    handler = handlers.get(type(move))  # type: ignore[arg-type]
    return handler(state, move) if handler else None


def _own_lying(state: IceTurnState, cell: int) -> str | None:
    """Why ``cell`` holds none of the mover's lying pieces, or ``None`` when it does."""
    here, name = state.cells[cell], GRID.name(cell)
    if not here.pieces:
        return f"There is no piece on {name}."
    if not here.lying:
        tips = [str(m) for m in state.legal_moves() if isinstance(m, Tip) and m.cell == cell]
        hint = f" Tip them first ({tips[0]})." if tips else ""
        return f"The pieces on {name} stand: standing pieces cannot move or turn.{hint}"
    owner, size = here.pieces[0]
    if owner != state.seat:
        return f"The {SIZE_WORDS[size]} on {name} is player {owner + 1}'s, not yours."
    return None


def _piece(cell: Cell) -> str:
    return SIZE_WORDS[cell.pieces[0][1]]


def _points(state: IceTurnState, need: int, what: str) -> str | None:
    if need <= state.points:
        return None
    left = f"you have {state.points} left" if state.points else "you have no points left"
    return f"{what} costs {need} point{'s' if need > 1 else ''}; {left}."


def _step(state: IceTurnState, move: Step) -> str | None:
    why = _own_lying(state, move.cell)
    if why:
        return why
    here, name = state.cells[move.cell], GRID.name(move.cell)
    ahead = step(move.cell, here.facing)
    facing = DIRECTIONS[here.facing]
    if ahead is None:
        return f"Your {_piece(here)} on {name} faces {facing}, off the board: turn it first."
    if move.target != ahead:
        return (
            f"Pieces move only the way they face: your {_piece(here)} on {name} faces {facing}, "
            f"to {GRID.name(ahead)}."
        )
    why = _points(state, here.pieces[0][1], f"Moving a {_piece(here)} a tile")
    if why:
        return why
    return _below(state.cells[ahead], ahead, move.below, f"{name}-{GRID.name(ahead)}")


def _below(there: Cell, cell: int, below: int | None, example: str) -> str | None:
    count, name = len(there.pieces), GRID.name(cell)
    if not count:
        return (
            f"{name} is empty, so there is no stack position to choose: {example}."
            if (below is not None)
            else None
        )
    if below is None:
        return (
            f"{name} is occupied: say how many pieces end up below yours, /0 (bottom) to "
            f"/{count} (top), e.g. {example}/{count}."
        )
    if below > count:
        return f"{name} holds {count} piece{'s' if count > 1 else ''}: /0 to /{count}."
    return None


def _turn(state: IceTurnState, move: TurnPiece) -> str | None:
    why = _own_lying(state, move.cell)
    if why:
        return why
    if state.cells[move.cell].facing == move.facing:
        return f"That piece already faces {DIRECTIONS[move.facing]}."
    return _points(state, 1, "Turning a piece")


def _tip(state: IceTurnState, move: Tip) -> str | None:
    here, name = state.cells[move.cell], GRID.name(move.cell)
    if not here.pieces:
        return f"There is no piece on {name}."
    if here.lying:
        return f"The piece on {name} already lies; turn it with turn {name} {FACINGS[move.facing]}."
    if all(owner != state.seat for owner, _ in here.pieces):
        return f"The stack on {name} holds none of your pieces."
    landing = []
    for distance in range(1, len(here.pieces)):
        target = step(move.cell, move.facing, distance)
        if target is None:
            return (
                f"Tipping the stack of {len(here.pieces)} on {name} {DIRECTIONS[move.facing]} "
                "would put a piece off the board."
            )
        if state.cells[target].pieces:
            landing.append(target)
    why = _points(state, 1, "Tipping")
    if why:
        return why
    if len(move.belows) != len(landing):
        names = ", ".join(GRID.name(c) for c in landing)
        if not landing:
            return f"That tip lands on no occupied tile: type tip {name} {FACINGS[move.facing]}."
        return (
            f"That tip lands on {len(landing)} occupied tile{'s' if len(landing) > 1 else ''} "
            f"({names}): give one /k for each, nearest first (k pieces end up below yours)."
        )
    for target, below in zip(landing, move.belows, strict=True):
        why = _below(state.cells[target], target, below, "")
        if why:
            return why
    return None


def _aim(state: IceTurnState, move: Aim) -> str | None:
    name = GRID.name(move.cell)
    if move.cell in state.aimed:
        return f"The tile on {name} already turned in this AIM: each tile turns at most once."
    return f"Turning the tile on {name} that way changes nothing."


def _swap(state: IceTurnState, move: Swap) -> str | None:
    a, b = GRID.name(move.a), GRID.name(move.b)
    if abs(GRID.file(move.a) - GRID.file(move.b)) + abs(GRID.rank(move.a) - GRID.rank(move.b)) != 1:
        return f"SWAP exchanges two tiles side by side; {a} and {b} are not."
    return f"{a} and {b} hold the same tile and pieces: swapping them changes nothing."


def _hop(state: IceTurnState, move: Hop) -> str | None:
    here, name = state.cells[move.cell], GRID.name(move.cell)
    piece = (state.seat, move.size)
    if piece not in here.pieces:
        return f"Your {SIZE_WORDS[move.size]} is not on {name}."
    if here.lying:
        size = SIZE_WORDS[move.size]
        return f"Your {size} on {name} lies: HOP moves a standing piece, DIG a lying one."
    a, b = move.cell, move.target
    if a == b or not (GRID.file(a) == GRID.file(b) or GRID.rank(a) == GRID.rank(b)):
        return "A hop goes along a row or a column, one tile or more."
    return None


def _dig(state: IceTurnState, move: Dig) -> str | None:
    why = _own_lying(state, move.cell)
    if why:
        return why
    here, name = state.cells[move.cell], GRID.name(move.cell)
    ahead = []
    target = step(move.cell, here.facing)
    while target is not None:
        ahead.append(GRID.name(target))
        target = step(target, here.facing)
    reach = f"to {', '.join(ahead)} or " if ahead else ""
    return (
        f"Your {_piece(here)} on {name} faces {DIRECTIONS[here.facing]}: it digs {reach}in place "
        f"(dig {name})."
    )


def _react(state: IceTurnState, move: React) -> str:
    source, name = move.source, GRID.name(move.source)
    here = state.cells[source]
    if not (here.lying and here.pieces[0][0] == state.seat):
        return f"A reaction comes from a tile holding one of your lying pieces; {name} holds none."
    if source in state.reacted:
        return f"The tile on {name} has made its reaction this turn."
    tile = state.tiles[source]
    assert tile is not None
    reach = targets(tile, source)
    target = GRID.name(move.target)
    if move.target not in reach:
        reached = ", ".join(GRID.name(c) for c in reach) or "no tile (it points off the board)"
        return f"The {TILE_WORDS[tile[0]]} on {name} reaches {reached}; not {target}."
    there = state.cells[move.target]
    if not there.pieces:
        return f"There is no piece on {target}."
    if not there.lying:
        return f"The pieces on {target} stand: standing pieces are never turned."
    return f"The piece on {target} already faces {DIRECTIONS[move.facing]}."
