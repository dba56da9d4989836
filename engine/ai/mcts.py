"""A generic Monte Carlo tree search for 2-4 players, on the public engine API only.

``mcts(state, rng, budget, evaluate)`` returns the move it finds best for the seat to act by
``evaluate`` (the evaluator is an argument, as in OpenSpiel's ``mcts.py``; the generic
:func:`engine.ai.values.standing_values` where none is given): the search knows no game.

It is PUCT: every node keeps, per seat, the sum of the values backed up through it, and a
parent reads a child through the component of the seat that moved into it (the parent's
``to_move``; one turn may be many decisions by the same seat, so the mover is read at every
node). Chance nodes sample their outcomes with the ``rng`` by ``chance_outcomes()``.

When a decision node is first expanded, each of its moves is applied and evaluated once: the
evaluation seeds the child's statistics (as ``prior_visits`` visits) and gives the prior of
the PUCT term (a softmax of the mover's values, ``temperature``). The value backed up from a
new leaf is its evaluation, or, with ``rollout`` > 0, that of the position a few random moves
later (truncated rollouts: reading the evaluation instead of playing to the end).

``budget`` counts positions: every ``apply`` the search makes (expansions, chance samples,
rollouts), and one for a simulation that applied nothing (it ended on a finished game already in
the tree). The same state, seed and budget give the same move.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..core import Move, State
from .budget import Budget, Checker, within
from .values import outcome_values, standing_values

if TYPE_CHECKING:
    import random

Values = tuple[float, ...]


class Node:
    """A position in the tree. ``total``: per seat, the sum of the values backed up through
    it; ``visits``: how many (the evaluation that seeded it counts as ``prior_visits``)."""

    __slots__ = ("chance", "children", "mover", "moves", "priors", "state", "total", "visits")

    def __init__(self, state: State, value: Values, weight: float) -> None:
        self.state = state
        self.mover = state.to_move
        self.chance = state.is_chance_node()
        self.visits = weight
        self.total = [v * weight for v in value]
        self.children: list[Node] | dict[Move, Node] | None = None
        self.moves: list[Move] = []
        self.priors: list[float] = []

    def mean(self, seat: int) -> float:
        return self.total[seat] / self.visits if self.visits else 0.0

    def add(self, value: Values) -> None:
        self.visits += 1
        total = self.total
        for seat, v in enumerate(value):
            total[seat] += v


class Search:
    """One search; ``run`` spends the budget, ``best`` reads the root."""

    def __init__(
        self,
        state: State,
        rng: random.Random,
        budget: int | Budget,
        evaluate: Callable[[State], Values] = standing_values,
        *,
        exploration: float = 1.0,
        temperature: float = 0.05,
        prior_visits: float = 1.0,
        rollout: int = 0,
        rollout_policy: Callable[[State, Sequence[Move], random.Random], Move] | None = None,
    ) -> None:
        limits = within(budget, 0)
        self.rng = rng
        self.budget = limits.positions
        self.used = 0
        self.clock = Checker(limits.out_of_time)
        self.evaluate = evaluate
        self.exploration = exploration
        self.temperature = temperature
        self.prior_visits = prior_visits
        self.rollout = rollout
        self.rollout_policy = rollout_policy
        self.root = Node(state, self._value(state), 0.0)

    # -- values ----------------------------------------------------------------------------

    def _value(self, state: State) -> Values:
        return outcome_values(state) if state.is_over() else self.evaluate(state)

    def _apply(self, state: State, move: Move) -> State:
        self.used += 1
        return state.apply(move)

    def _leaf_value(self, node: Node) -> Values:
        """The value a new leaf backs up: its evaluation, or after a short random rollout."""
        if self.rollout <= 0 or node.state.is_over():
            return tuple(node.mean(s) for s in range(len(node.total)))
        state = node.state
        for _ in range(self.rollout):
            if state.is_over() or self.used >= self.budget:
                break
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                move = self.rng.choices([m for m, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                legal = state.legal_moves()
                if self.rollout_policy is not None:
                    move = self.rollout_policy(state, legal, self.rng)
                else:
                    move = legal[self.rng.randrange(len(legal))]
            state = self._apply(state, move)
        return self._value(state)

    # -- the tree --------------------------------------------------------------------------

    def _expand(self, node: Node) -> None:
        """Every move of a decision node applied and evaluated once."""
        state = node.state
        mover = node.mover
        children = []
        for move in state.legal_moves():
            child_state = self._apply(state, move)
            children.append(Node(child_state, self._value(child_state), self.prior_visits))
        node.moves = list(state.legal_moves())
        node.children = children
        if not children:
            return
        scores = [c.mean(mover) for c in children]
        top = max(scores)
        weights = [math.exp((s - top) / self.temperature) for s in scores]
        total = sum(weights)
        node.priors = [w / total for w in weights]

    def _sample(self, node: Node) -> Node:
        """A chance node's outcome, drawn by its probability (a new one is applied; its
        statistics start empty)."""
        if node.children is None:
            node.children = {}
        outcomes = node.state.chance_outcomes()
        move = self.rng.choices([m for m, _ in outcomes], [p for _, p in outcomes])[0]
        children = node.children
        assert isinstance(children, dict)
        child = children.get(move)
        if child is None:
            child_state = self._apply(node.state, move)
            child = Node(child_state, (0.0,) * node.state.num_players, 0.0)
            children[move] = child
        return child

    def _select(self, node: Node) -> Node:
        mover = node.mover
        children = node.children
        assert isinstance(children, list)
        scale = self.exploration * math.sqrt(node.visits + 1)
        best, best_score = children[0], -math.inf
        for child, prior in zip(children, node.priors, strict=True):
            score = child.mean(mover) + scale * prior / (1 + child.visits)
            if score > best_score:
                best, best_score = child, score
        return best

    def run(self) -> None:
        root = self.root
        if not root.chance:
            self._expand(root)
        while self.used < self.budget and not self.clock.due(self.used):
            used_before = self.used
            node, path = root, [root]
            leaf_value: Values | None = None
            while True:
                if node.state.is_over():
                    leaf_value = tuple(node.mean(s) for s in range(len(node.total)))
                    break
                if node.chance:
                    node = self._sample(node)
                    path.append(node)
                    if node.visits == 0:  # a new outcome: its evaluation is the leaf's value
                        leaf_value = self._value(node.state)
                        break
                    continue
                if node.children is None:
                    self._expand(node)
                    if not node.children:
                        leaf_value = self._value(node.state)
                        break
                    best = max(node.children, key=lambda c: c.mean(node.mover))
                    leaf_value = self._leaf_value(best)
                    break
                node = self._select(node)
                path.append(node)
            for visited in path:
                visited.add(leaf_value)
            if self.used == used_before:  # it ended on a finished game it had reached before:
                self.used += 1  # it still counts, or a tree of finished games never stops

    def best(self) -> Move:
        """The root's most visited move (ties: the better mean, then the first)."""
        root = self.root
        children = root.children
        assert isinstance(children, list) and children
        mover = root.mover
        index = max(
            range(len(children)),
            key=lambda i: (children[i].visits, children[i].mean(mover), -i),
        )
        return root.moves[index]

    def ranking(self) -> list[tuple[Move, float, float]]:
        """The root's moves with their visits and mean value for the mover, most visited
        first (for tests and hints)."""
        root = self.root
        children = root.children
        assert isinstance(children, list)
        rows = [
            (move, child.visits, child.mean(root.mover))
            for move, child in zip(root.moves, children, strict=True)
        ]
        return sorted(rows, key=lambda r: (-r[1], -r[2]))


def mcts(
    state: State,
    rng: random.Random,
    budget: int | Budget,
    evaluate: Callable[[State], Values] = standing_values,
    **settings,
) -> Move:
    """The move the search finds best for the seat to act in ``state`` (a decision node with
    at least one legal move); ``budget``: positions (applies) it may make, and the caller's time
    where it carries a clock (:mod:`engine.ai.budget`); ``settings``: those of :class:`Search`."""
    search = Search(state, rng, budget, evaluate, **settings)
    search.run()
    return search.best()


__all__ = ["Node", "Search", "mcts"]
