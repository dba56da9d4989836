"""The AI's knowledge of Pach-Ice-i: ``evaluate(state)`` (per seat, an estimated chance to win),
``reason(state, move)`` (a few words for a hint) and ``search(state, legal, rng, budget)``
(the hard level: expectimax over the dice, :mod:`engine.ai.expectimax`).

What matters here (RULINGS.md): a piece knocked off a square goes to the pad of the square's
colour, so one of my pieces on the opponent's colour is *banked* (whoever lands on it sends it
into my goal; I cannot move it, but I can land on it myself with a piece as large), while one
on my own colour is *live* (I may move it, and the opponent may knock it back to my pad);
marked squares are movable by both and never landed on. The evaluation counts, per seat: the
pieces in the goal; the progress of live pieces along the path; the banked pieces; the chance
that live pieces are knocked back on the opponent's next roll (three d8: a large moves by one
die, a medium by two, a small by all three, a piece of a size lands only on one no larger),
weighted by the progress lost; the chance of landing on one's own banked pieces (a piece into
the goal) and the tempo (who rolls next). A weighted sum of the difference between the seats
goes through a logistic curve; the weights were fitted to the outcomes of self-played games.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from itertools import product
from typing import TYPE_CHECKING

from ..core import Move, State
from ..pachicei_board import GRID, INDEX, LAST, MARKED, MOVABLE, PIECES, colour
from ..pachicei_turn import OWNER, SIZE
from . import expectimax
from .budget import Budget, within

if TYPE_CHECKING:
    import random

    from ..pachicei_state import PachIceIState
    from ..pachicei_turn import Position


def _reach() -> tuple[tuple[float, ...], tuple[float, ...], tuple[float, ...]]:
    """Per count d (0..24), the chance that a roll of three d8 lets a large (one die), a
    medium (two dice) or a small (all three) move exactly d."""
    large = [0.0] * 25
    medium = [0.0] * 25
    small = [0.0] * 25
    for a, b, c in product(range(1, 9), repeat=3):
        for d in {a, b, c}:
            large[d] += 1 / 512
        for d in {a + b, a + c, b + c}:
            medium[d] += 1 / 512
        small[a + b + c] += 1 / 512
    return tuple(small), tuple(medium), tuple(large)


REACH = (None, *_reach())
"""``REACH[size][count]``: the chance a roll moves a piece of that size exactly ``count``."""
SQUARE_COLOUR = tuple(colour(s) for s in range(GRID.size))
TOPS = (1, 2, 3, 2, 1)
"""The piece on top of each pad shape (full tree, tree without its small, lone L, M, S)."""

FEATURES = (
    "goal",  # pieces in the goal
    "live",  # progress of live pieces (on own colour or marked), in paths
    "banked",  # pieces on the opponent's colour
    "banked_progress",
    "threat",  # chance of being knocked back on the opponent's next roll, summed over pieces
    "threat_progress",  # the same, weighted by the progress lost
    "harvest",  # chance of landing on an own banked piece on the own next roll
    "pips",  # may move the opponent's pieces (pip rule)
    "tempo",  # rolls next (or the share of the roll still to play)
)


def features(position: Position, seat: int) -> list[float]:
    """The evaluation's terms for ``seat`` (see :data:`FEATURES`), tempo left out."""
    board = position.board
    other = 1 - seat
    index, their_index = INDEX[seat], INDEX[other]
    live = banked = banked_progress = 0.0
    exposed: list[tuple[int, int, float]] = []  # (their path index, size, progress)
    bank: list[tuple[int, int]] = []  # (own path index, size)
    mine_movable: list[tuple[int, int]] = []  # own pieces the seat may move: (index, size)
    theirs_movable: list[tuple[int, int]] = []  # the opponent's own movable pieces
    my_pips = their_pips = 0
    movable, their_movable = MOVABLE[seat], MOVABLE[other]
    for square, piece in enumerate(board):
        if not piece:
            continue
        owner, size = OWNER[piece], SIZE[piece]
        if owner == seat:
            my_pips += size
            i = index[square]
            progress = i / LAST
            if square in movable:
                live += progress
                mine_movable.append((i, size))
                if square not in MARKED:
                    exposed.append((their_index[square], size, progress))
            else:
                banked += 1
                banked_progress += progress
                bank.append((i, size))
        else:
            their_pips += size
            if square in their_movable:
                theirs_movable.append((their_index[square], size))
    goals = position.goals
    my_pips += goals[seat][0] + 2 * goals[seat][1] + 3 * goals[seat][2]
    their_pips += goals[other][0] + 2 * goals[other][1] + 3 * goals[other][2]
    their_tops = {TOPS[shape] for shape, n in enumerate(position.pads[other]) if n}
    my_tops = {TOPS[shape] for shape, n in enumerate(position.pads[seat]) if n}
    threat = threat_progress = 0.0
    for target, size, progress in exposed:
        safe = 1.0
        for start, attacker in theirs_movable:
            d = target - start
            if attacker >= size and 0 < d <= 24:
                safe *= 1 - REACH[attacker][d]  # type: ignore[index]
        if target <= 24:
            for attacker in their_tops:
                if attacker >= size:
                    safe *= 1 - REACH[attacker][target]  # type: ignore[index]
        threat += 1 - safe
        threat_progress += (1 - safe) * progress
    harvest = 0.0
    for target, size in bank:
        miss = 1.0
        for start, lander in mine_movable:
            d = target - start
            if lander >= size and 0 < d <= 24:
                miss *= 1 - REACH[lander][d]  # type: ignore[index]
        if target <= 24:
            for lander in my_tops:
                if lander >= size:
                    miss *= 1 - REACH[lander][target]  # type: ignore[index]
        harvest += 1 - miss
    return [
        float(sum(goals[seat])),
        live,
        banked,
        banked_progress,
        threat,
        threat_progress,
        harvest,
        1.0 if my_pips >= their_pips else 0.0,
    ]


WEIGHTS = (0.523, 0.198, 0.112, -0.04, 0.061, 0.36, 0.06, -0.001, 0.062)
"""Per feature, its weight in the score (see :data:`FEATURES`)."""
SCALE = 1.0
"""How steeply a score difference turns into a chance to win."""

_CACHE: dict[tuple[Hashable, int], list[float]] = {}
_CACHE_LIMIT = 50_000


def _cached(position: Position, seat: int) -> list[float]:
    """:func:`features`, remembered: the rolls of one chance node share their position."""
    key = (position, seat)
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        found = _CACHE[key] = features(position, seat)
    return found


def tempo(state: PachIceIState, seat: int) -> float:
    """1 for the seat about to roll; mid-turn, the share of a roll the mover has left."""
    if state.seat != seat:
        return 0.0
    if state.phase == "roll":
        return 1.0
    return sum(state.remaining) / 13.5


def score(state: PachIceIState, seat: int) -> float:
    terms = _cached(state.position, seat)
    total = WEIGHTS[-1] * tempo(state, seat)
    for w, f in zip(WEIGHTS, terms):  # noqa: B905 (tempo is not among the terms)
        total += w * f
    return total


CHANCE_AWARE = True
"""``evaluate`` at a chance node already stands for the mean over the roll (it reads the
position and whose roll it is, and a roll changes neither), so a caller may evaluate a chance
node directly instead of applying and evaluating each of the 120 rolls (which costs the
engine's turn search for every roll)."""


def evaluate(state: State) -> tuple[float, ...]:
    """Per seat, the estimated chance to win (see the module's words)."""
    pach: PachIceIState = state  # type: ignore[assignment]
    diff = score(pach, 0) - score(pach, 1)
    p = 1.0 / (1.0 + math.exp(-SCALE * diff))
    return (p, 1.0 - p)


def key(state: State) -> Hashable:
    """The position and what is left of the turn: states with the same key play the same."""
    s: PachIceIState = state  # type: ignore[assignment]
    return (s.node, s.phase, s.seat, s.dry_turns)


DEFAULT_BUDGET = 12_000
SAMPLES = 16
"""Rolls of the opponent's reply averaged over (of the 120), drawn once per search."""


def search(
    state: State, legal: Sequence[Move], rng: random.Random, budget: float | Budget | None = None
) -> Move:
    """The hard level: every way to play the rest of the turn, then the opponent's reply over
    a sample of the rolls as far as the budget goes."""
    return expectimax.search(
        state,
        legal,
        rng,
        within(budget, DEFAULT_BUDGET),
        evaluate,
        key=key,
        max_depth=1,
        samples=SAMPLES,
    )


def reason(state: State, move: Move) -> str | None:
    """What the move does that matters: a win, pieces into the goal, a knock back, a piece
    banked on the opponent's colour."""
    before: PachIceIState = state  # type: ignore[assignment]
    after: PachIceIState = state.apply(move)  # type: ignore[assignment]
    seat = before.seat
    if after.outcome is not None:
        if seat in after.outcome.winners:
            return "brings the last piece into the goal and wins"
        return None
    change = after.turn_log[-1] if after.turn_log else None
    if change is None and after.last_turn is not None and after.last_turn.changes:
        change = after.last_turn.changes[-1]
    if change is None:
        return None
    words = []
    size = ("small", "medium", "large")[change.size - 1]
    whose = "your" if change.owner == seat else "the opponent's"
    if change.displaced:
        owner, dsize, _, into_goal = change.displaced
        dword = ("small", "medium", "large")[dsize - 1]
        if owner == seat and into_goal:
            words.append(f"knocks your {dword} into the goal")
        elif owner != seat and not into_goal:
            words.append(f"knocks the opponent's {dword} back to their pad")
        elif owner != seat:
            words.append(f"knocks the opponent's {dword} into their goal (a gift)")
    if change.owner == seat and change.end == 50:
        words.append(f"brings {whose} {size} into the goal")
    elif change.owner == seat and 0 <= change.end < GRID.size:
        if change.end in MARKED:
            words.append(f"puts {whose} {size} on a marked square, where nothing lands")
        elif SQUARE_COLOUR[change.end] != seat and not change.displaced:
            words.append(f"banks {whose} {size} on the opponent's colour")
    if sum(after.goal_counts(seat)) == PIECES - 1 and sum(before.goal_counts(seat)) < PIECES - 1:
        words.append("one piece from winning")
    return ", ".join(words) if words else None


__all__ = ["CHANCE_AWARE", "FEATURES", "WEIGHTS", "evaluate", "features", "key", "reason", "search"]
