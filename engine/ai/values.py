"""What a position is worth to each seat: the one number every level above ``easy`` reads.

``values(state)`` gives, per seat, an estimate in [0, 1] of that seat's chance to win (a seat
among the winners of a finished game gets 1, a draw gives every seat 0.5). Games register an
evaluation of their own in :mod:`engine.ai.registry`; a game without one is read through its
standing (``State.report``) where it reports one during play, else as even.
"""

from __future__ import annotations

from ..core import State


def outcome_values(state: State) -> tuple[float, ...]:
    """A finished game's values: 1 for each winner, 0 for the others, 0.5 each for a draw."""
    winners = state.outcome.winners
    if not winners:
        return (0.5,) * state.num_players
    return tuple(1.0 if seat in winners else 0.0 for seat in range(state.num_players))


def standing_values(state: State) -> tuple[float, ...]:
    """The generic evaluation: a seat's place in the standing the game reports during play,
    scaled so that first is 1 and last is 0; even where the game reports none."""
    n = state.num_players
    rows = state.report()
    if not rows or n < 2:
        return (1.0 / max(n, 1),) * n
    places = {row.seat: row.place for row in rows}
    return tuple((n - places.get(seat, n)) / (n - 1) for seat in range(n))


def values(state: State) -> tuple[float, ...]:
    """Per seat, the estimated chance to win ``state`` (exact once the game is over)."""
    if state.is_over():
        return outcome_values(state)
    from .registry import evaluation

    return evaluation(state.game.key)(state)
