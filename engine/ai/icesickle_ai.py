"""The AI's knowledge of IceSickle: ``evaluate(state)`` (per seat, an estimated chance to win),
``reason(state, move)`` (a few words for a hint) and ``search(state, legal, rng, budget)``
(the hard level).

Everything rests on one number, the **jump value** of a board: the most the player to jump can
take in pips over the rest of the round, minus what the other player takes, both playing their
best. The pieces belong to nobody, so this is a function of the board alone (not of the seats
or the score). It is computed on the bare board (25 pips, 0 for empty):

- ``_estimate``: a short alpha-beta over the jumps (``depth`` jumps deep), guessing half the
  best capture where it stops; ``_quick`` is its one-jump form, cheap enough for ``evaluate``.
- ``_Solver``: the exact value, by alpha-beta with a table on the board; it answers within a
  node allowance or not at all. A round's first jump can take a million nodes; a few jumps in,
  a few thousand.

During placement the same estimate is read from the partial board for the player who will jump
first (the second placer): the tactics it sees (a big jump set up, a landing square blocked)
are what the placements fight over. A seat's expected margin is then its lead in captured pips,
plus the jump value for the player to jump, plus the first jumper's edge where a round is still
to be placed (``EDGE`` pips); ``evaluate`` turns it into a chance to win with a logistic curve.

The hard level is :mod:`engine.ai.alphabeta` on the public API, with this module's leaf: the
exact jump value where the solver finds it within its allowance (round 2 searched for the win
or the draw only, round 1 for the best margin), else the two-jump estimate.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core import Move, State
from ..icesickle import GRID, JUMP, PLACE, Jump, Place
from ..pyramids import SIZE_WORDS
from . import alphabeta
from .budget import Budget

if TYPE_CHECKING:
    import random

PIECES = 15
EDGE = 2.0
"""The first jumper's usual gain in a round, in pips, where both place well."""
SCALE_ROUND_1 = 2.0
SCALE_ROUND_2 = 1.0
"""Pips per unit of the logistic: round 1 still has a round to come."""
HALF = 0.5
"""Where the estimate stops, it counts this share of the best capture on the board."""
LEAF_DEPTH = 2
"""Jumps the hard search's estimate looks ahead where the solver does not answer."""
SOLVE_PIECES = 12
"""The hard search asks the solver only for boards with at most this many pieces."""
LEAF_SOLVE_CAP = 40_000
"""At most this many solver nodes for one leaf."""
DEFAULT_BUDGET = 150_000
"""Positions (engine moves, leaf evaluations, solver and estimate nodes) per hard decision."""

# -- the bare board -----------------------------------------------------------------------------


PAD = GRID.size
"""The bare board has one more square, always empty, that short jumps "pass" to fill their
three passed squares."""


def _lines() -> tuple[tuple[tuple[tuple[int, int, int, int], ...], ...], ...]:
    """``_LINES[square][pips]``: (landing square, passed squares a, b, c) for every jump a
    piece with ``pips`` could make from ``square``, whatever is on the board; a jump over fewer
    than three squares names ``PAD`` for the rest."""
    table = []
    for square in range(GRID.size):
        per_pips: list[tuple] = [()]
        for pips in (1, 2, 3):
            jumps = []
            for ray in GRID.rays[square]:
                for k in range(1, min(pips, len(ray) - 1) + 1):
                    passed = ray[:k] + (PAD,) * (3 - k)
                    jumps.append((ray[k], *passed))
            per_pips.append(tuple(jumps))
        table.append(tuple(per_pips))
    return tuple(table)


_LINES = _lines()

Jumped = tuple[int, int, int, int, int, int]
"""A jump on the bare board: (pips taken, start, landing, passed a, b, c)."""


def _taken(jump: Jumped) -> int:
    return jump[0]


def _jumps(board: Sequence[int]) -> list[Jumped]:
    """Every legal jump on the bare ``board``, the biggest capture first (ties in board
    order)."""
    found = []
    lines = _LINES
    for start, pips in enumerate(board):
        if pips:
            for end, a, b, c in lines[start][pips]:
                if not board[end]:
                    taken = board[a] + board[b] + board[c]
                    if taken:
                        found.append((taken, start, end, a, b, c))
    found.sort(key=_taken, reverse=True)  # stable: ties stay in board order
    return found


def _best(board: Sequence[int]) -> int:
    """The most pips one jump on the bare ``board`` takes (0 with no jump)."""
    best = 0
    lines = _LINES
    for start, pips in enumerate(board):
        if pips:
            for end, a, b, c in lines[start][pips]:
                if not board[end]:
                    taken = board[a] + board[b] + board[c]
                    if taken > best:
                        best = taken
    return best


def _after(board: Sequence[int], jump: Jumped) -> tuple[int, ...]:
    """The bare board after ``jump``."""
    _, start, end, a, b, c = jump
    after = list(board)
    after[end] = board[start]
    after[start] = after[a] = after[b] = after[c] = 0
    return tuple(after)


def _quick(board: Sequence[int]) -> float:
    """The one-jump estimate of the jump value: the best of (pips taken, less half the best
    capture left to the other player)."""
    best = None
    for jump in _jumps(board):
        value = jump[0] - HALF * _best(_after(board, jump))
        if best is None or value > best:
            best = value
    return best or 0.0


class _Counter:
    __slots__ = ("nodes",)

    def __init__(self) -> None:
        self.nodes = 0


def _estimate(
    board: tuple[int, ...], depth: int, count: _Counter, alpha: float = -99.0, beta: float = 99.0
) -> float:
    """The jump value looked at ``depth`` jumps deep, half the best capture beyond."""
    count.nodes += 1
    if depth <= 0:
        return HALF * _best(board)
    jumps = _jumps(board)
    if not jumps:
        return 0.0
    best = -99.0
    for jump in jumps:
        taken = jump[0]
        value = taken - _estimate(
            _after(board, jump), depth - 1, count, taken - beta, taken - alpha
        )
        if value > best:
            best = value
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break
    return best


class _OutOfNodes(Exception):
    pass


class _Solver:
    """Exact jump values by alpha-beta; the table (board -> lower bound, upper bound, best
    jump) lives as long as the solver, one hard decision, so the answers do not depend on
    what was searched before."""

    def __init__(self) -> None:
        self.table: dict[tuple[int, ...], tuple[int, int, tuple[int, int] | None]] = {}
        self.nodes = 0
        self.limit = 0

    def solve(self, board: tuple[int, ...], alpha: int, beta: int, allowance: int) -> int | None:
        """The jump value of ``board`` (fail-soft within ``(alpha, beta)``), or ``None`` when it
        takes more than ``allowance`` nodes (what was learnt stays in the table)."""
        self.limit = self.nodes + allowance
        try:
            return self._search(board, alpha, beta)
        except _OutOfNodes:
            return None

    def _search(self, board: tuple[int, ...], alpha: int, beta: int) -> int:
        self.nodes += 1
        if self.nodes > self.limit:
            raise _OutOfNodes
        entry = self.table.get(board)
        low, high, first = -99, 99, None
        if entry is not None:
            low, high, first = entry
            if low >= beta:
                return low
            if high <= alpha:
                return high
            if low == high:
                return low
            alpha, beta = max(alpha, low), min(beta, high)
        jumps = _jumps(board)
        if not jumps:
            self.table[board] = (0, 0, None)
            return 0
        if first is not None:
            for i, jump in enumerate(jumps):
                if (jump[1], jump[2]) == first:
                    jumps.insert(0, jumps.pop(i))
                    break
        start_alpha, best, best_jump = alpha, -99, None
        for jump in jumps:
            taken = jump[0]
            value = taken - self._search(_after(board, jump), taken - beta, taken - alpha)
            if value > best:
                best, best_jump = value, (jump[1], jump[2])
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        if best <= start_alpha:
            high = best
        elif best >= beta:
            low = best
        else:
            low = high = best
        self.table[board] = (low, high, best_jump)
        return best


# -- what a position is worth -------------------------------------------------------------------


def _board(state: State) -> tuple[int, ...]:
    """The bare board: the game's own field (pips per square, 0 for empty) and ``PAD``."""
    return (*state.pips, 0)


def _lead(state: State) -> float:
    """Seat 0's expected lead in pips before this round's jumps: captured so far, plus the
    first jumper's edge in a round still to be placed in full (round 2 is seat 0's)."""
    totals = state.totals()
    lead = float(totals[0] - totals[1])
    if state.round == 1:
        lead += EDGE
    return lead


def _first_jumper(state: State) -> int:
    return 1 - state.first_placer


def _placement_value(state: State, jump_value: float) -> float:
    """The first jumper's expected jump value from a partial board's estimate: the board's
    tactics weigh more as it fills."""
    share = state.placed / PIECES
    return share * jump_value + (1.0 - share) * EDGE


def _scale(state: State) -> float:
    return SCALE_ROUND_1 if state.round == 1 else SCALE_ROUND_2


def _logistic(pips: float, scale: float) -> float:
    x = max(-40.0, min(40.0, pips / scale))
    return 1.0 / (1.0 + math.exp(-x))


def _margin(state: State, jump_value: float) -> tuple[int, float]:
    """(seat, expected final margin of that seat in pips), given the jump value of the board
    (an estimate during placement) for the seat that jumps next."""
    lead = _lead(state)
    if state.phase == PLACE:
        seat = _first_jumper(state)
        jump_value = _placement_value(state, jump_value)
    else:
        seat = state.to_move
    own = lead if seat == 0 else -lead
    return seat, own + jump_value


def _values(seat: int, margin: float, scale: float) -> tuple[float, float]:
    mine = _logistic(margin, scale)
    return (mine, 1.0 - mine) if seat == 0 else (1.0 - mine, mine)


def evaluate(state: State) -> tuple[float, ...]:
    """Per seat, the chance to win: the expected final margin (the lead in captured pips, the
    one-jump estimate of the board for the player to jump, the first jumper's edge in a round
    still to place) through a logistic curve."""
    seat, margin = _margin(state, _quick(_board(state)))
    return _values(seat, margin, _scale(state))


# -- the hard level ---------------------------------------------------------------------------


def _key(state: State) -> tuple:
    totals = state.totals()
    return (state.round, state.phase, state.seat, state.pips, state.stash, totals[0] - totals[1])


def _order(state: State, moves: list[Move]) -> list[float]:
    """Jumps that take most first, then those by larger pieces; placements as they come."""
    if state.phase != JUMP:
        return [0.0] * len(moves)
    board = _board(state)
    return [
        sum(board[sq] for sq in m.passed) + 0.1 * board[m.start] if isinstance(m, Jump) else 0.0
        for m in moves
    ]


def _logit(value: float, scale: float) -> float:
    return scale * math.log(value / (1.0 - value))


def _window(alpha: float, beta: float, lead: float, scale: float, round_two: bool):
    """The window of jump values (integers) that tells ``(alpha, beta)`` apart for a seat
    whose final margin is ``lead`` plus the jump value."""
    if round_two:  # only a win, a draw or a loss: margin > 0, = 0, < 0
        low = -99 if alpha < 0.0 else -lead - 1 if alpha < 0.5 else -lead if alpha < 1.0 else 99
        high = 99 if beta > 1.0 else 1 - lead if beta > 0.5 else -lead if beta > 0.0 else -99
        return int(low), int(high)
    low = (
        -99 if alpha <= 0.0 else math.floor(_logit(alpha, scale) - lead + 1e-9) if alpha < 1 else 99
    )
    high = 99 if beta >= 1.0 else math.ceil(_logit(beta, scale) - lead - 1e-9) if beta > 0 else -99
    return max(-99, low), min(99, high)


def _make_leaf(solver: _Solver, root_round: int):
    def leaf(state: State, alpha: float, beta: float, allowance: int) -> tuple[float, bool, int]:
        board = _board(state)
        mover = state.to_move
        if state.round > root_round:  # the horizon: a round not yet placed, so all estimate
            seat, margin = _margin(state, _quick(board))
            mine = _logistic(margin, _scale(state))
            return (mine if seat == mover else 1.0 - mine), True, 1
        if state.phase == JUMP and sum(1 for p in board if p) <= SOLVE_PIECES:
            lead = _lead(state)
            own = lead if mover == 0 else -lead
            round_two = state.round == 2
            scale = _scale(state)
            low, high = _window(alpha, beta, own, scale, round_two)
            before = solver.nodes
            value = solver.solve(board, low, high, min(allowance, LEAF_SOLVE_CAP))
            cost = solver.nodes - before
            if value is not None:
                margin = own + value
                if round_two:
                    return (1.0 if margin > 0 else 0.5 if margin == 0 else 0.0), True, cost
                return _logistic(margin, scale), True, cost
        else:
            cost = 0
        count = _Counter()
        seat, margin = _margin(state, _estimate(board, LEAF_DEPTH, count))
        mine = _logistic(margin, _scale(state))
        return (mine if seat == mover else 1.0 - mine), False, cost + count.nodes

    return leaf


def search(
    state: State, legal: Sequence[Move], rng: random.Random, budget: float | Budget | None = None
) -> Move:
    """Alpha-beta (:mod:`engine.ai.alphabeta`) with the exact or estimated jump value at the
    leaves, within ``budget`` positions (``DEFAULT_BUDGET`` when ``None``)."""
    return alphabeta.search(
        state,
        legal,
        rng,
        budget,
        evaluate=evaluate,
        leaf=_make_leaf(_Solver(), state.round),
        key=_key,
        order=_order,
        horizon=lambda s: s.round > state.round,
        default_budget=DEFAULT_BUDGET,
    )


# -- hints ------------------------------------------------------------------------------------

_COUNT_WORDS = ("no", "one", "two", "three", "four", "five")
HINT_SOLVE_CAP = 30_000
"""Solver nodes a hint may spend to say how the round or the game ends with best play."""


def _best_play(after: State, mover: int) -> str | None:
    """How the round (round 1) or the game (round 2) ends for ``mover`` if both jump their
    best from ``after`` on, where the solver finds out within ``HINT_SOLVE_CAP`` nodes."""
    value = _Solver().solve(_board(after), -99, 99, HINT_SOLVE_CAP)
    if value is None:
        return None
    swing = value if after.to_move == mover else -value
    if after.round == 2:
        totals = after.totals()
        margin = totals[mover] - totals[1 - mover] + swing
        if margin > 0:
            return f"with best play from both sides you win the game by {margin}"
        if margin == 0:
            return "with best play from both sides the game is drawn"
        return f"with best play from both sides you lose the game by {-margin}"
    scores = after.round_scores()[-1]
    margin = scores[mover] - scores[1 - mover] + swing
    if margin == 0:
        return "with best play from both sides the round ends level"
    side = "ahead" if margin > 0 else "behind"
    pips = f"{abs(margin)} pip{'s' if abs(margin) != 1 else ''}"
    return f"with best play from both sides you end the round {pips} {side}"


def _pieces_words(sizes: Sequence[int]) -> str:
    """(3,) -> "a large (3 pips)"; (3, 1) -> "two pyramids (a large and a small: 4 pips)"."""
    n, pips = len(sizes), sum(sizes)
    names = [SIZE_WORDS[s] for s in sorted(sizes, reverse=True)]
    if n == 1:
        return f"a {names[0]} ({pips} pip{'s' if pips != 1 else ''})"
    named = [f"a {name}" for name in names]
    listed = ", ".join(named[:-1]) + " and " + named[-1]
    count = _COUNT_WORDS[n] if n < len(_COUNT_WORDS) else str(n)
    return f"{count} pyramids ({listed}: {pips} pips)"


def reason(state: State, move: Move) -> str | None:
    """A few words on what ``move`` does: what a jump takes and whether it wins the round or
    the game; what a placement leaves on the board for the first jump."""
    mover = state.to_move
    if mover is None:
        return None
    after = state.apply(move)
    if isinstance(move, Jump):
        board = _board(state)
        taken = [board[sq] for sq in move.passed if board[sq]]
        words = f"jumps {_pieces_words(taken)}"
        if after.is_over():
            winners = after.outcome.winners
            totals = after.totals()
            score = f"{totals[mover]} to {totals[1 - mover]}"
            if mover in winners:
                return f"{words} and wins the game, {score}"
            if not winners:
                return f"{words} and draws the game, {score}"
            return f"{words}; the game ends, {score}"
        if after.round != state.round:
            scores = after.round_scores()[state.round - 1]
            mine, theirs = scores[mover], scores[1 - mover]
            if mine > theirs:
                return f"{words} and wins the round, {mine} to {theirs}"
            return f"{words} and ends the round, {mine} to {theirs}"
        round_scores = after.round_scores()[-1]
        mine, theirs = round_scores[mover], round_scores[1 - mover]
        on_board = sum(_board(after))
        if mine > theirs + on_board:
            return f"{words} and wins the round: {on_board} pips are left, you lead by more"
        outlook = _best_play(after, mover)
        if outlook is not None:
            return f"{words}; {outlook}"
        reply = _best(_board(after))
        return f"{words}; the best jump left takes {reply} pip{'s' if reply != 1 else ''}"
    if isinstance(move, Place):
        what = f"places a {move.size.word} on {GRID.name(move.square)}"
        best = _best(_board(after))
        if after.phase == JUMP:
            who = "you jump" if after.to_move == mover else "the other player jumps"
            return f"{what}; {who} first, and the best jump takes {best} pips"
        if _first_jumper(state) == mover:
            return f"{what}: you jump first, and the board offers a jump of {best} pips so far"
        return f"{what}: the first jump (the other player's) can take {best} pips so far"
    return None
