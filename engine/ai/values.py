"""What a position is worth to each seat: the one number every level above ``easy`` reads.

``values(state, evaluate)`` gives, per seat, an estimate in [0, 1] of that seat's chance to win
(a seat among the winners of a finished game gets 1, a draw gives every seat 0.5). The
evaluation of an unfinished position is an argument, as OpenSpiel's searches take their
evaluator: :mod:`engine.ai.registry` passes each game's own, and a game without one is read
through :func:`standing_values`, its standing (``State.report``) where it reports one during
play, else as even. This module knows no game.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core import State

Evaluation = Callable[[State], tuple[float, ...]]
"""``evaluate(state)``: per seat, the chance to win a position that is not over."""


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


def values(state: State, evaluate: Evaluation = standing_values) -> tuple[float, ...]:
    """Per seat, the estimated chance to win ``state`` by ``evaluate`` (exact once the game is
    over)."""
    if state.is_over():
        return outcome_values(state)
    return evaluate(state)
