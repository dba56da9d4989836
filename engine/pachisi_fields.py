"""A Pachisi state's fields, in the places that name every one of them: the copy each move
starts from, and the JSON a position is stored as. A new field goes in all three."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from .pachisi_state import PachisiState


class Effect(NamedTuple):
    """What the last move did to one pawn, for drawing it: ``kind`` is "move", "enter",
    "capture" (sent to the nest by another pawn) or "penalty" (third doublet)."""

    kind: str
    seat: int
    pawn: int
    start: int
    end: int


def copy(state: PachisiState) -> PachisiState:
    """A copy that the next move may change: what the base class's ``_copy`` makes (every
    field, none copied deeper: they are immutable values), written out, as a state is copied
    at every move and a loop over the names took a tenth of a random game. A test checks that
    no field is left out."""
    new = object.__new__(type(state))
    new.game = state.game
    new.num_players = state.num_players
    new.options = state.options
    new._history = state._history
    new._legal_cache = None
    new._by_text = None
    new._last_mover = None
    new._ctx = state._ctx
    new._moves = state._moves
    new._pawns = state._pawns
    new._table = state._table
    new.bonuses = state.bonuses
    new.contenders = state.contenders
    new.dice = state.dice
    new.doublets = state.doublets
    new.effects = state.effects
    new.forfeited = state.forfeited
    new.fourteen = state.fourteen
    new.lost_bonuses = state.lost_bonuses
    new.pairs = state.pairs
    new.parts = state.parts
    new.phase = state.phase
    new.remaining = state.remaining
    new.removed = state.removed
    new.rolloff = state.rolloff
    new.seat = state.seat
    new.undo_stack = state.undo_stack
    return new


def data(state: PachisiState, with_undo: bool = True) -> dict[str, Any]:
    """The game-specific fields as plain JSON values (``with_undo``: and the undo stack)."""
    fields: dict[str, Any] = {
        "phase": state.phase,
        "seat": state.seat,
        "pawns": list(state._pawns),
        "contenders": list(state.contenders),
        "rolloff": [list(t) if t else None for t in state.rolloff],
        "dice": list(state.dice),
        "parts": list(state.parts),
        "remaining": list(state.remaining),
        "forfeited": list(state.forfeited),
        "bonuses": list(state.bonuses),
        "lost_bonuses": list(state.lost_bonuses),
        "doublets": state.doublets,
        "fourteen": state.fourteen,
        "pairs": [list(p) for p in state.pairs],
        "effects": [list(e) for e in state.effects],
        "removed": [list(r) for r in state.removed],
    }
    if with_undo:
        fields["undo"] = list(state.undo_stack)
    return fields


def load(state: PachisiState, data: dict[str, Any]) -> None:
    """Set the position from ``_data()`` (the undo stack and roll context aside)."""
    state.phase = data["phase"]
    state.seat = data["seat"]
    state._pawns = tuple(data["pawns"])
    state.contenders = tuple(data["contenders"])
    state.rolloff = tuple(tuple(t) if t else None for t in data["rolloff"])
    state.dice = tuple(data["dice"])
    state.parts = tuple(data["parts"])
    state.remaining = tuple(data["remaining"])
    state.forfeited = tuple(data["forfeited"])
    state.bonuses = tuple(data["bonuses"])
    state.lost_bonuses = tuple(data["lost_bonuses"])
    state.doublets = data["doublets"]
    state.fourteen = data["fourteen"]
    state.pairs = tuple(tuple(p) for p in data["pairs"])  # type: ignore[misc]
    state.effects = tuple(Effect(*e) for e in data["effects"])
    state.removed = tuple(tuple(r) for r in data.get("removed", ()))  # type: ignore[misc]
