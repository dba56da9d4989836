"""Ice-Turn in words: which turn the picture marks (the one under way, else the one before),
the Treehouse die's state, the phase verbs, the hands, each move, cell and tile, and the
position in sentences (under Discord's 1024 characters).

The one home of these words: the image and its alt text, the chat's turn message
(``bot/games/iceturn.py``) and the terminal all say a hand, the Treehouse die and whose turn it
is through the functions here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from engine.core import Move
from engine.iceturn_board import DIRECTIONS, GRID, D, Q, Tile
from engine.iceturn_moves import (
    QUARTERS,
    Aim,
    Dig,
    Hop,
    React,
    Step,
    Swap,
    Tip,
    TipSeven,
    TurnPiece,
)
from engine.iceturn_pieces import Cell
from engine.iceturn_setup import Place, hand_words
from engine.pyramids import SIZE_LETTERS

from .common import seat_names, to_do

KEY = "Q Q-Turner, D double arrow, A single arrow"
"""What the tiles' letters in the alt text mean."""
PHASE_WORD = {
    "deal": "dealing the tiles",
    "place": "placing tiles",
    "roll": "rolling",
    "move": "moving",
    "react": "reacting",
    "over": "game over",
}


VERBS = {
    "deal": "be dealt tiles",
    "place": "place a tile",
    "roll": "roll",
    "move": "move",
    "react": "react",
}
"""What the player to act does in each phase ("Ann to place a tile", "your turn to react")."""
FACE_USES = {
    "tip": "points to 7",
    "aim": "turn tiles",
    "swap": "two tiles",
    "hop": "a standing piece",
    "dig": "a lying piece",
    "wild": "any action",
}
"""What each Treehouse face lets the mover do, in a few words."""


def verb(state) -> str:
    """ "to place a tile", "to react" ... ("" once the game is over)."""
    return to_do(VERBS, state.phase)


# -- reading the state -----------------------------------------------------------------------


class ShownTurn(NamedTuple):
    """The turn the picture marks: the one under way (``current``) when it has moves, else
    the one before (``state.last_turn``)."""

    seat: int
    points: int
    face: str
    moves: tuple[Move, ...]
    current: bool


def shown_turn(state) -> ShownTurn | None:
    if state.phase in ("deal", "place"):
        return None
    if state.turn_log:
        return ShownTurn(state.seat, state.rolled, state.face, state.turn_log, True)
    last = state.last_turn
    if last is None:
        return None
    return ShownTurn(last.seat, last.points, last.face, last.moves, False)


def last_placement(state) -> Place | None:
    """The tile placed last, while the setup is on (or right after it)."""
    move = state.last_move
    return move if isinstance(move, Place) else None


def face_status(state) -> str:
    """The Treehouse die of the turn under way: "unused" (may still be used), "aiming" (an
    AIM run is open), "used", "lost" (the movement phase ended without it), or "" (no roll)."""
    if not state.face or state.phase in ("deal", "place"):
        return ""
    if state.phase == "move":
        if state.aiming:
            return "aiming"
        return "unused" if state.action is None else "used"
    return "lost" if state.action is None else "used"


# -- words -----------------------------------------------------------------------------------


def name(cell: int) -> str:
    return GRID.name(cell)


def tile_words(tile: Tile | None) -> str:
    """Short: "Q", "A east", "D n-s"."""
    if tile is None:
        return "empty"
    kind, facing = tile
    if kind == Q:
        return "Q"
    if kind == D:
        return "D n-s" if facing == 0 else "D e-w"
    return f"A {DIRECTIONS[facing]}"


def tile_long(tile: Tile) -> str:
    kind, facing = tile
    if kind == Q:
        return "Q-Turner"
    if kind == D:
        return "double arrow " + ("north-south" if facing == 0 else "east-west")
    return f"single arrow pointing {DIRECTIONS[facing]}"


def piece_words(piece: tuple[int, int], names: Sequence[str]) -> str:
    owner, size = piece
    return f"{names[owner]} {SIZE_LETTERS[size]}"


def cell_words(cell: int, here: Cell, names: Sequence[str]) -> str:
    """ "b2 Bob M lying north" or "a1 stack, bottom first: Ann L, Ann M, Bob S"."""
    if here.lying:
        return f"{name(cell)} {piece_words(here.pieces[0], names)} lying {DIRECTIONS[here.facing]}"
    parts = ", ".join(piece_words(p, names) for p in here.pieces)
    if len(here.pieces) == 1:
        return f"{name(cell)} {parts} standing"
    return f"{name(cell)} stack of {len(here.pieces)}, bottom first: {parts}"


def _below(belows: tuple[int, ...], short: bool) -> str:
    if not belows:
        return ""
    counts = "/".join(map(str, belows))
    return f" /{counts}" if short else f", {counts} below"


def move_words(move: Move, short: bool = False) -> str:
    """One move of a turn: "b2-b3, 1 below", "turn b2 east", "AIM b2 cw", "react b2: c3 west";
    ``short`` (a narrow column) writes the stack positions as in the notation ("b2-b3 /1")."""
    if isinstance(move, Step):
        below = () if move.below is None else (move.below,)
        return f"{name(move.cell)}-{name(move.target)}{_below(below, short)}"
    if isinstance(move, TurnPiece):
        return f"turn {name(move.cell)} {DIRECTIONS[move.facing]}"
    if isinstance(move, Tip):
        return f"tip {name(move.cell)} {DIRECTIONS[move.facing]}{_below(move.belows, short)}"
    if isinstance(move, TipSeven):
        return "TIP: points to 7"
    if isinstance(move, Aim):
        return f"AIM {name(move.cell)} {QUARTERS[move.quarter_turns]}"
    if isinstance(move, Swap):
        return f"SWAP {name(move.a)} {name(move.b)}"
    if isinstance(move, Hop):
        return f"HOP {SIZE_LETTERS[move.size]} {name(move.cell)}-{name(move.target)}"
    if isinstance(move, Dig):
        if move.target == move.cell:
            return f"DIG {name(move.cell)} (stands up)"
        return f"DIG {name(move.cell)}-{name(move.target)}"
    if isinstance(move, React):
        return f"react {name(move.source)}: {name(move.target)} {DIRECTIONS[move.facing]}"
    return str(move)


def place_words(move: Place) -> str:
    return f"{tile_long(move.tile)} on {name(move.cell)}"


def face_words(state) -> str:
    """The Treehouse die of the turn under way: "HOP (a standing piece), not used yet", "AIM
    under way (turn more tiles, or go on)", "SWAP used", "WILD used as DIG", "TIP not used"
    (the movement phase ended without it); just the face ("HOP") where it has no state."""
    face = state.face.upper()
    status = face_status(state)
    if status == "unused":
        return f"{face} ({FACE_USES[state.face]}), not used yet"
    if status == "aiming":
        return "AIM under way (turn more tiles, or go on)"
    if status == "used":
        return f"{face} used as {state.action.upper()}" if state.face == "wild" else f"{face} used"
    if status == "lost":
        return f"{face} not used"
    return face


def round_words(state) -> str:
    """ "round 5 of 100" (the round under way; the last one once the limit is reached)."""
    return f"round {min(state.round, state.round_limit)} of {state.round_limit}"


def rolled_words(points: int, face: str) -> str:
    """A turn's roll: "rolled 5 and HOP" (the points die, then the Treehouse die)."""
    return f"rolled {points} and {face.upper()}"


def hands_words(state, names: Sequence[str]) -> str:
    """Every dealt hand: "Ann 1 Q-Turner, 2 double arrows; Ben 3 single arrows" (each hand in
    the engine's ``hand_words``; "not dealt yet" before the deal)."""
    dealt = [f"{names[s]} {hand_words(h)}" for s, h in enumerate(state.hands) if s < len(names)]
    return "; ".join(dealt) or "not dealt yet"


def winners_words(state, names: Sequence[str]) -> str:
    winners = state.outcome.winners
    if not winners:
        return "a draw"
    who = [names[w] for w in winners]
    return " and ".join(who) + (" wins" if len(who) == 1 else " win")


def reason_words(state) -> str:
    reason = state.outcome.reason
    return reason[0].upper() + reason[1:] + "."


# -- alt text --------------------------------------------------------------------------------


def _goals(state, names: Sequence[str]) -> str:
    parts = []
    for seat in range(state.num_players):
        parts.append(
            f"{names[seat]} (seat {seat + 1}) {name(state.corner(seat))} to "
            f"{name(state.goal_of(seat))}, {state.at_goal(seat)} there"
        )
    return "Starts and goals: " + "; ".join(parts) + "."


def _status(state, names: Sequence[str]) -> str:
    seat = state.seat
    who = names[seat]
    if state.phase == "over":
        return f"Game over: {winners_words(state, names)}. {reason_words(state)}"
    if state.phase == "deal":
        return "Dealing the tiles."
    if state.phase == "place":
        placed = sum(t is not None for t in state.tiles)
        hands = hands_words(state, names)
        return f"Setup: {placed} of 16 tiles placed; {who} {verb(state)}. Hands: {hands}."
    rounds = round_words(state)
    head = f"{rounds[0].upper()}{rounds[1:]}. {who} {verb(state)}"
    if state.phase == "roll":
        return head + "."
    text = f"{head}: rolled {state.rolled} and {face_words(state)}"
    if state.phase == "move":
        text += f", {state.points} point{'s' if state.points != 1 else ''} left"
    sources = state.can_react()
    if sources:
        text += f"; can still react from {', '.join(map(name, sources))}"
    return text + "."


def _turn(shown: ShownTurn | None, names: Sequence[str]) -> str:
    if shown is None:
        return ""
    label = "This turn" if shown.current else "Last turn"
    moves = "; ".join(f"{i} {move_words(m)}" for i, m in enumerate(shown.moves, 1))
    roll = rolled_words(shown.points, shown.face)
    return f"{label}, {names[shown.seat]} {roll}: {moves or 'no moves'}."


def alt_text_iceturn(state, *, names: Sequence[str] | None = None) -> str:
    """The position in words: phase, whose turn and the dice, starts and goals, every piece
    and stack, the tiles, the turn the arrows show, the result."""
    names = [n[:24] for n in seat_names(names, state.num_players)]
    parts = [f"Ice-Turn, {state.num_players} players, move {len(state.history)}."]
    parts.append(_status(state, names))
    parts.append(_goals(state, names))
    pieces = [cell_words(c, here, names) for c, here in enumerate(state.cells) if here.pieces]
    parts.append("Pieces: " + "; ".join(pieces) + ".")
    turn = _turn(shown_turn(state), names)
    if turn:
        parts.append(turn)
    placement = last_placement(state)
    if placement is not None:
        parts.append(f"Last placed: {place_words(placement)}.")
    tiles = ", ".join(
        f"{name(c)} {tile_words(t)}" for c, t in enumerate(state.tiles) if t is not None
    )
    if tiles:
        parts.append(f"Tiles ({KEY}): {tiles}.")
    text = " ".join(parts)
    if len(text) > 1000:  # the tiles go first (the picture shows them best), then the end
        text = " ".join(p for p in parts if not p.startswith("Tiles ("))
    if len(text) > 1000:
        text = text[:999] + "\N{HORIZONTAL ELLIPSIS}"
    return text
