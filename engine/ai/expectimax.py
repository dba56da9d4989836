"""Expectimax over the dice, for any game with chance moves: the hard level of the dice games.

Game-agnostic: it reads only the public engine API (``legal_moves``, ``apply``,
``is_chance_node``, ``chance_outcomes``, ``to_move``, ``is_over``, ``outcome``) and an
evaluation giving per seat a value in [0, 1]. With more than two players it is max^n: every
decision node takes the child best for the seat that decides there, in the vector of values
(partners who share a value share the choice); chance nodes average over the outcomes.

**Depth counts rolls, not moves.** A turn may be several decisions by the same seat (one die
at a time, bonus moves, the parts of a 14); those never use up depth, so depth 0 already looks
at every way to play the rest of the current roll and evaluates where the dice come next.
Depth 1 adds the next roll over all its outcomes (usually the opponent's reply, searched just
as completely), and so on. The search deepens one roll at a time while the budget lasts.

**Budget.** ``budget`` counts positions examined: every ``apply`` and every evaluation is one.
Nothing reads a clock, so the same state, seed and budget always give the same move. An
iteration the budget cuts short still counts for the root moves it finished, provided the
best move of the iteration before (searched first) is among them.

**Reuse.** A transposition table (when the game gives a ``key`` for its states) merges the
orders in which one roll's moves can be played and keeps values between iterations; the
outcomes of a chance node, and the sample of them where there are too many (``samples``), are
drawn once per search for each list of outcomes and depth, so sibling moves are compared over
the same dice.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING

from ..core import Move, State
from .budget import Budget, Checker, within
from .values import outcome_values

if TYPE_CHECKING:
    import random

Values = Sequence[float]
Evaluation = Callable[[State], Values]
Key = Callable[[State], Hashable]
Moves = Callable[[State], Sequence[Move]]


class OutOfBudget(Exception):
    """The search used up its positions."""


class Expectimax:
    """One search: its budget, its tables, its sample of the dice."""

    def __init__(
        self,
        evaluate: Evaluation,
        budget: int | Budget,
        rng: random.Random,
        key: Key | None = None,
        samples: int | None = None,
        moves: Moves | None = None,
    ) -> None:
        limits = within(budget, 0)
        self.evaluate = evaluate
        self.moves = moves
        self.left = limits.positions
        self.used = 0
        self.clock = Checker(limits.out_of_time)
        self.rng = rng
        self.key = key
        self.samples = samples
        self.table: dict[tuple[Hashable, int], Values] = {}
        self.leaves: dict[Hashable, Values] = {}
        self.children: dict[Hashable, list[tuple[Move, State]]] = {}
        self.draws: dict[tuple[int, tuple[Move, ...]], list[tuple[Move, float]]] = {}

    # -- counting ------------------------------------------------------------------------------

    def spend(self) -> None:
        self.left -= 1
        self.used += 1
        if self.left < 0 or self.clock.due(self.used):
            raise OutOfBudget

    def apply(self, state: State, move: Move) -> State:
        self.spend()
        return state.apply(move)

    def leaf(self, state: State, key: Hashable | None) -> Values:
        """The evaluation of ``state`` (exact where the game is over), remembered by key."""
        if state.is_over():
            return outcome_values(state)
        if key is not None:
            known = self.leaves.get(key)
            if known is not None:
                return known
        self.spend()
        found = self.evaluate(state)
        if key is not None:
            self.leaves[key] = found
        return found

    # -- the tree ------------------------------------------------------------------------------

    def outcomes(self, state: State, depth: int) -> list[tuple[Move, float]]:
        """The chance outcomes to average over: all of them, or where there are more than
        ``samples``, a systematic sample by probability (drawn once per search for each list
        of outcomes and depth), reweighted to sum to 1."""
        every = state.chance_outcomes()
        if self.samples is None or len(every) <= self.samples:
            return every
        signature = (depth, tuple(m for m, _ in every))
        drawn = self.draws.get(signature)
        if drawn is None:
            drawn = self.draws[signature] = _sample(every, self.samples, self.rng)
        return drawn

    def expand(self, state: State, key: Hashable | None) -> list[tuple[Move, State]]:
        """The children of a decision node, made once per search where the game names its
        positions (the later iterations walk the same tree again)."""
        if key is not None:
            found = self.children.get(key)
            if found is not None:
                return found
        legal = self.moves(state) if self.moves is not None else state.legal_moves()
        found = [(m, self.apply(state, m)) for m in legal]
        if key is not None:
            self.children[key] = found
        return found

    def value(self, state: State, depth: int) -> Values:
        """Per seat, what ``state`` is worth with ``depth`` more rolls searched."""
        if state.is_over():
            return outcome_values(state)
        key = self.key(state) if self.key is not None else None
        if key is not None:
            known = self.table.get((key, depth))
            if known is not None:
                return known
        if state.is_chance_node():
            if depth <= 0:
                return self.leaf(state, key)
            n = state.num_players
            total = [0.0] * n
            for move, p in self.outcomes(state, depth):
                child = self.value(self.apply(state, move), depth - 1)
                for seat in range(n):
                    total[seat] += p * child[seat]
            found: Values = tuple(total)
        else:
            seat = state.to_move
            best: Values | None = None
            for _, child in self.expand(state, key):
                found = self.value(child, depth)
                if best is None or found[seat] > best[seat]:
                    best = found
            assert best is not None
            found = best
        if key is not None:
            self.table[(key, depth)] = found
        return found


def _sample(
    outcomes: list[tuple[Move, float]], count: int, rng: random.Random
) -> list[tuple[Move, float]]:
    """``count`` points spaced evenly over the cumulative probability from a random start:
    each outcome is drawn about as often as its probability says, the likely ones surely."""
    start = rng.random() / count
    points = [start + i / count for i in range(count)]
    picked: dict[int, int] = {}
    cumulative = 0.0
    i = 0
    for index, (_, p) in enumerate(outcomes):
        cumulative += p
        while i < count and points[i] < cumulative:
            picked[index] = picked.get(index, 0) + 1
            i += 1
    if i < count:  # rounding at the very end
        last = len(outcomes) - 1
        picked[last] = picked.get(last, 0) + count - i
    return [(outcomes[index][0], times / count) for index, times in picked.items()]


def search(
    state: State,
    legal: Sequence[Move],
    rng: random.Random,
    budget: int | Budget,
    evaluate: Evaluation,
    *,
    key: Key | None = None,
    max_depth: int = 2,
    samples: int | None = None,
    moves: Moves | None = None,
) -> Move:
    """The move best for the player to act by expectimax (max^n) over the dice, deepening
    one roll at a time up to ``max_depth`` while ``budget`` positions (and the caller's time,
    where the budget carries a clock: :mod:`engine.ai.budget`) last; ties go to the
    earlier move in ``legal``. ``key(state)`` (optional) names a position for the
    transposition table: two states with the same key must be the same position with the
    same future (same player to act, same dice left). ``samples`` caps the outcomes averaged
    at a chance node below the current roll (None: all of them). ``moves(state)`` (optional)
    gives the moves to consider at a decision node below the root, where some legal moves
    should never be searched (a take-back that would loop); ``legal`` is the root's."""
    seat = state.to_move
    if len(legal) == 1:
        return legal[0]
    engine = Expectimax(evaluate, budget, rng, key, samples, moves)
    # One ply first: the fallback answer, and the order the first iteration tries.
    try:
        children = [(m, engine.apply(state, m)) for m in legal]
        scored = [
            (engine.leaf(c, key(c) if key else None)[seat], i) for i, (_, c) in enumerate(children)
        ]
    except OutOfBudget:
        return legal[0]
    order = [i for _, i in sorted(scored, key=lambda t: (-t[0], t[1]))]
    best = order[0]
    for depth in range(max_depth + 1):
        done: dict[int, float] = {}
        try:
            for i in order:
                done[i] = engine.value(children[i][1], depth)[seat]
        except OutOfBudget:
            if best in done:
                best = max(done, key=lambda i: (done[i], -i))
            break
        best = max(done, key=lambda i: (done[i], -i))
        order = sorted(done, key=lambda i: (-done[i], i))
    return legal[best]


__all__ = ["Expectimax", "OutOfBudget", "search"]
