"""A generic alpha-beta search for two-player games, on the public engine API only.

``search(state, legal, rng, budget, ...)`` picks a move for the player to act by iterative
deepening alpha-beta in negamax form on the values of the ``evaluate`` (or ``leaf``) it is
given (:mod:`engine.ai.values`: per seat, a chance to win in [0, 1]; with two players a value
``v`` for one seat is ``1 - v`` for the other). It knows no game.

- **The mover is read at every node** (``state.to_move``), never alternated: a seat may make
  several moves in a row (a turn of several dice), and the value changes sides only where the
  mover changes.
- **Chance nodes** are averaged over ``chance_outcomes()`` (expectiminimax; they use a depth
  level like a move). More than two players are not searched: ``search`` hands such positions
  to the medium level on the same evaluation (:func:`engine.ai.medium.medium`).
- **Budget**: a count of positions, not seconds, so that a search is deterministic. Every
  ``apply`` and every leaf evaluation counts one; a game's leaf function may report more (a
  leaf that searches on its own). The deepening stops when the next position would exceed the
  budget; the answer is the best move of the deepest iteration that was searched far enough to
  tell (an iteration cut short still counts once its first move, the previous best, is done).
- **Move ordering**: at the root, the previous iteration's best move first, then the others by
  their previous scores; inside the tree, the transposition table's best move first, then a
  history heuristic (moves that caused cut-offs elsewhere), on top of the game's own ordering
  (``order``, e.g. captures and longer jumps first).
- **Transposition table**, keyed on the state itself (states are hashable) or on the game's
  cheaper ``key(state)``; an entry remembers its depth, a bound and the best move. A subtree
  that was searched to the end (only finished games or exact leaves in it) is exact at every
  depth, and once the root is exact the deepening stops.
- Deterministic: the same state, ``rng`` seed and budget give the same move. ``rng`` only
  shuffles the moves once before the stable ordering, so that equal moves vary with the seed.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING

from ..core import Move, State
from .budget import Budget, Checker, within
from .medium import medium
from .values import outcome_values, standing_values

if TYPE_CHECKING:
    import random

Evaluate = Callable[[State], Sequence[float]]
Leaf = Callable[[State, float, float, int], tuple[float, bool, int]]
"""``leaf(state, alpha, beta, allowance) -> (value, exact, cost)``: the value of ``state`` for
the seat to move there (a decision node, not over), given the window ``(alpha, beta)`` for
that seat (fail-soft: a value <= alpha only has to be an upper bound, >= beta a lower bound);
whether it is exact; and how many positions it looked at (about ``allowance`` at most)."""
Horizon = Callable[[State], bool]
"""``horizon(state)``: True where the search stops whatever depth is left (e.g. a later round
that the decision at the root cannot see into); the leaf values such a state."""
Order = Callable[[State, list[Move]], Sequence[float]]
"""``order(state, moves)``: a priority per move, higher searched first (e.g. pips captured)."""

DEFAULT_BUDGET = 20_000
"""Positions a search may look at when neither the caller nor the game says."""

_LOWER, _EXACT, _UPPER = -1, 0, 1
_FOREVER = 1 << 30  # the depth an exact entry is good for


class _OutOfBudget(Exception):
    pass


class _Entry:
    __slots__ = ("bound", "depth", "exact", "move", "value")

    def __init__(self, depth: int, bound: int, value: float, exact: bool, move: Move | None):
        self.depth = depth
        self.bound = bound
        self.value = value
        self.exact = exact
        self.move = move


class _Search:
    def __init__(
        self,
        budget: Budget,
        evaluate: Evaluate,
        leaf: Leaf | None,
        key: Callable[[State], Hashable] | None,
        order: Order | None,
        horizon: Horizon | None = None,
    ) -> None:
        self.horizon = horizon
        self.budget = budget.positions
        self.used = 0
        self.clock = Checker(budget.out_of_time)
        self.evaluate = evaluate
        self.leaf_fn = leaf
        self.key = key or (lambda s: s)
        self.order = order
        self.table: dict[Hashable, _Entry] = {}
        self.history: dict[Move, int] = {}

    # -- accounting ----------------------------------------------------------------------

    def charge(self, cost: int = 1) -> None:
        self.used += cost
        if self.used > self.budget or self.clock.due(self.used):
            raise _OutOfBudget

    def child(self, state: State, move: Move) -> State:
        self.charge()
        return state.apply(move)

    # -- the tree ------------------------------------------------------------------------

    def leaf(self, state: State, alpha: float, beta: float) -> tuple[float, bool]:
        if self.leaf_fn is not None:
            if self.used >= self.budget:
                raise _OutOfBudget
            value, exact, cost = self.leaf_fn(state, alpha, beta, self.budget - self.used)
            self.charge(max(cost, 1))
            return value, exact
        self.charge()
        return self.evaluate(state)[state.to_move], False

    def value(
        self, state: State, depth: int, alpha: float, beta: float, seat: int
    ) -> tuple[float, bool]:
        """``state``'s value for ``seat`` (fail-soft within ``(alpha, beta)``) and whether
        it is exact (searched to the end of the game or to exact leaves)."""
        if state.is_over():
            return outcome_values(state)[seat], True
        if state.is_chance_node():
            return self.chance(state, depth, seat)
        mover = state.to_move
        if mover != seat:  # negamax: the other seat's value, seen from this one
            value, exact = self.value(state, depth, 1.0 - beta, 1.0 - alpha, mover)
            return 1.0 - value, exact
        return self.decision(state, depth, alpha, beta)

    def chance(self, state: State, depth: int, seat: int) -> tuple[float, bool]:
        if depth <= 0:
            self.charge()
            return self.evaluate(state)[seat], False
        total, exact = 0.0, True
        for move, probability in state.chance_outcomes():
            value, sure = self.value(self.child(state, move), depth - 1, 0.0, 1.0, seat)
            total += probability * value
            exact = exact and sure
        return total, exact

    def moves(self, state: State, first: Move | None) -> list[Move]:
        moves = state.legal_moves()
        history = self.history
        if self.order is not None:
            priority = dict(zip(moves, self.order(state, moves), strict=True))
            moves.sort(key=lambda m: (-priority[m], -history.get(m, 0)))
        elif history:
            moves.sort(key=lambda m: -history.get(m, 0))
        if first is not None and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        return moves

    def decision(self, state: State, depth: int, alpha: float, beta: float) -> tuple[float, bool]:
        key = self.key(state)
        entry = self.table.get(key)
        first = None
        if entry is not None:
            first = entry.move
            if entry.depth >= depth:
                if entry.bound == _EXACT:
                    return entry.value, entry.exact
                if entry.bound == _LOWER and entry.value >= beta:
                    return entry.value, entry.exact
                if entry.bound == _UPPER and entry.value <= alpha:
                    return entry.value, entry.exact
        if depth <= 0 or (self.horizon is not None and self.horizon(state)):
            return self.leaf(state, alpha, beta)
        seat = state.to_move
        start_alpha = alpha
        best, best_move, exact = -1.0, None, True
        for move in self.moves(state, first):
            value, sure = self.value(self.child(state, move), depth - 1, alpha, beta, seat)
            exact = exact and sure
            if value > best:
                best, best_move = value, move
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        self.history[move] = self.history.get(move, 0) + depth * depth
                        break
        bound = _UPPER if best <= start_alpha else _LOWER if best >= beta else _EXACT
        self.table[key] = _Entry(_FOREVER if exact else depth, bound, best, exact, best_move)
        return best, exact

    # -- the root ------------------------------------------------------------------------

    def root(self, state: State, legal: Sequence[Move], rng: random.Random, max_depth: int) -> Move:
        seat = state.to_move
        moves = list(legal)
        rng.shuffle(moves)
        if self.order is not None:
            priority = dict(zip(moves, self.order(state, moves), strict=True))
            moves.sort(key=lambda m: -priority[m])
        children: dict[Move, State] = {}
        scores: dict[Move, float] = {}
        best_move = moves[0]
        for depth in range(1, max_depth + 1):
            alpha, found, all_exact = -1.0, None, True
            try:
                for move in moves:
                    child = children.get(move)
                    if child is None:
                        child = children[move] = self.child(state, move)
                    value, exact = self.value(child, depth - 1, alpha, 1.0, seat)
                    all_exact = all_exact and exact
                    scores[move] = value
                    if found is None or value > alpha:
                        alpha, found = value, move
            except _OutOfBudget:
                # The first move searched is the previous best: a move found better than it
                # at this depth is the better answer (on the first iteration, the best of the
                # moves that were valued).
                if found is not None:
                    best_move = found
                return best_move
            best_move = found
            if all_exact or alpha >= 1.0:
                break
            moves.sort(key=lambda m: -scores.get(m, -1.0))  # stable: earlier order breaks ties
        return best_move


def search(
    state: State,
    legal: Sequence[Move],
    rng: random.Random,
    budget: float | Budget | None = None,
    *,
    evaluate: Evaluate | None = None,
    leaf: Leaf | None = None,
    key: Callable[[State], Hashable] | None = None,
    order: Order | None = None,
    horizon: Horizon | None = None,
    default_budget: int = DEFAULT_BUDGET,
    max_depth: int = 64,
) -> Move:
    """The move alpha-beta finds for the player to act in ``state``, within ``budget``
    positions (``default_budget`` when ``None``) and the caller's time where the budget
    carries a clock (:mod:`engine.ai.budget`).

    ``evaluate(state)``: per-seat values for positions that are not over (default: the generic
    :func:`engine.ai.values.standing_values`; a game passes its own, which also plays positions
    of more than two players, one ply deep); ``leaf``: a leaf evaluation that may use the window
    and search on its own (see :data:`Leaf`), in place of ``evaluate`` at decision nodes;
    ``key(state)``: a cheaper hashable stand-in for the state in the transposition table
    (it must tell apart every two states that differ in value); ``order(state, moves)``: the
    game's move priorities (higher first; the history heuristic breaks ties); ``horizon(state)``:
    where the search stops at any depth.
    """
    evaluate = evaluate or standing_values
    if state.num_players != 2:
        return medium(state, legal, rng, budget, evaluate=evaluate)
    run = _Search(within(budget, default_budget), evaluate, leaf, key, order, horizon)
    return run.root(state, legal, rng, max_depth)
