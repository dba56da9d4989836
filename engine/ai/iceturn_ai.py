"""The AI's knowledge of Ice-Turn: ``evaluate(state)`` (per seat, an estimated chance to win),
``reason(state, move)`` (a few words for a hint) and ``search(state, legal, rng, budget)``
(the hard level).

The evaluation reads the game as a race. For each seat it estimates the movement points still
needed to stand the nest on its goal (:func:`costs`):

- a lying piece pays its pips per tile of its distance to the goal, plus one point per turn
  it needs (one when it does not face a way that brings it nearer, one more when the way
  there bends);
- a standing piece or stack is tipped first (one point), in the direction that leaves the
  seat's pieces in it best placed, each piece then paying as a lying piece from where it lands
  (the bottom stays, the one above lands a tile along, and so on);
- on the goal, the seat's own pieces standing smallest at the bottom (or one lying alone) are
  done: the others can still step in above or below them; anything else there has to be tipped
  off. A piece of another seat at the bottom (which only its owner or a SWAP can move) holds
  the seat back only until its owner moves it, which the owner must do before it can win
  itself: so it costs the seat the points by which the owner still needs more than the seat
  does, and at most a fixed penalty (a SWAP can end it). A block that the owner will have to
  lift before the seat could finish anyway costs nothing, so an AI well ahead gains nothing
  by sitting on another goal instead of going to its own (it once held one to the round
  limit).

The points (and an unused TIP) left to the seat on turn count against its cost. Each seat's
cost becomes the turns it still needs, placed on one clock with the order of play (the seat on
turn has its turn under way), and the values are a softmax over the seats of minus that time.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from ..core import Move, State
from ..iceturn_board import GRID, STEPS, corners, goal
from ..iceturn_moves import Aim, Dig, End, Hop, Swap, TipSeven
from .budget import Budget, within
from .mcts import mcts

if TYPE_CHECKING:
    import random

# -- tables ----------------------------------------------------------------------------------

_CELLS = range(GRID.size)


def _ray(cell: int, facing: int) -> tuple[int, ...]:
    out = []
    nxt = GRID.step(cell, STEPS[facing])
    while nxt is not None:
        out.append(nxt)
        nxt = GRID.step(nxt, STEPS[facing])
    return tuple(out)


RAYS = tuple(tuple(_ray(c, f) for f in range(4)) for c in _CELLS)
"""``RAYS[cell][facing]``: the cells from ``cell`` outwards that way."""


def _goal_tables(target: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    dist, turns = [], []
    for c in _CELLS:
        dx = GRID.file(target) - GRID.file(c)
        dy = GRID.rank(target) - GRID.rank(c)
        good = set()
        if dy > 0:
            good.add(0)
        if dy < 0:
            good.add(2)
        if dx > 0:
            good.add(1)
        if dx < 0:
            good.add(3)
        dist.append(abs(dx) + abs(dy))
        bend = 1 if len(good) == 2 else 0
        turns.append(tuple(0 if not good else (0 if f in good else 1) + bend for f in range(4)))
    return tuple(dist), tuple(turns)


GOAL_TABLES = {g: _goal_tables(g) for g in (goal(c) for c in corners(4))}
"""Per goal cell: the distance of every cell to it and the turns a lying piece there needs
(per facing) to walk to it."""

# -- the evaluation's constants --------------------------------------------------------------

POINT_WORTH = 0.9
"""What a movement point left this turn is worth against the cost (a little under one, so a
point spent on real progress beats a point kept)."""
TIP_WORTH = 0.85
"""The same for the points an unused TIP would add."""
PER_TURN = POINT_WORTH * 3.5 + TIP_WORTH * 3.5 / 3
"""The credit a turn brings on average (the d6, and TIP or WILD on a third of the rolls): the
cost that one turn of play pays off, so that a turn under way and a turn to come weigh alike."""
BLOCK_BOTTOM = 6.0
"""The most a piece of another seat at the bottom of the goal's stack (or lying there alone)
costs the seat."""
BLOCK_ABOVE = 1.0
"""A piece of another seat higher in the goal's stack (the seat can tip it off itself)."""
STUCK = 8.0
"""A stack too tall to tip any way from where it stands (a HOP or a SWAP must move it)."""
SHARPNESS = 0.8
"""How strongly a round of difference in the race turns into a difference of win chances."""


def _stack_cost(
    pieces: tuple, cell: int, seat: int, dist: tuple, turns: tuple, tip_cost: float = 1.0
) -> float:
    """What ``seat``'s pieces in the standing stack on ``cell`` still cost: one tip in the best
    direction, then each of them as a lying piece where it lands."""
    height = len(pieces)
    mine = [(i, size) for i, (owner, size) in enumerate(pieces) if owner == seat]
    if not mine:
        return 0.0
    rays = RAYS[cell]
    best = math.inf
    for d in range(4):
        ray = rays[d]
        if len(ray) < height - 1:
            continue
        total = tip_cost
        for i, size in mine:
            land = ray[i - 1] if i else cell
            total += size * dist[land] + turns[land][d]
        if total < best:
            best = total
    if best == math.inf:
        best = STUCK + sum(size * dist[cell] + 2 for _, size in mine)
    return best


def costs(state: State) -> list[float]:
    """Per seat, the movement points it still needs to stand its nest (see the module)."""
    cells = state.cells
    n = state.num_players
    own: list[float] = []
    blockers: list[int | None] = []
    for seat in range(n):
        target = state.goal_of(seat)
        dist, turns = GOAL_TABLES[target]
        total = 0.0
        blocker = None
        for c in _CELLS:
            here = cells[c]
            pieces = here.pieces
            if not pieces:
                continue
            if c == target:
                total += _goal_cost(here, c, seat, dist, turns)
                if pieces[0][0] != seat:
                    blocker = pieces[0][0]
                continue
            if here.facing >= 0:
                owner, size = pieces[0]
                if owner == seat:
                    total += size * dist[c] + turns[c][here.facing]
            else:
                total += _stack_cost(pieces, c, seat, dist, turns)
        own.append(total)
        blockers.append(blocker)
    return [
        cost if blocker is None else cost + min(BLOCK_BOTTOM, max(0.0, own[blocker] + 1 - cost))
        for cost, blocker in zip(own, blockers, strict=True)
    ]


def _goal_cost(here, cell: int, seat: int, dist: tuple, turns: tuple) -> float:
    """What the pieces on ``seat``'s goal cost it, but for a piece of another seat at the
    bottom (see :func:`costs`)."""
    pieces = here.pieces
    if here.facing >= 0:
        return 0.0
    last = 0
    good = True
    for owner, size in pieces:
        if owner != seat or size <= last:
            good = False
            break
        last = size
    if good:
        return 0.0
    penalty = BLOCK_ABOVE * sum(owner != seat for owner, _ in pieces[1:])
    return penalty + _stack_cost(pieces, cell, seat, dist, turns)


def credit(state: State) -> float:
    """The cost the seat on turn can still pay off this turn: its points left, and what an
    unused TIP would add."""
    if state.phase != "move":
        return 0.0
    extra = 0.0
    if state.action is None and state.face in ("tip", "wild"):
        extra = TIP_WORTH * (7 - state.rolled)
    return POINT_WORTH * state.points + extra


def times(state: State) -> list[float]:
    """Per seat, when (in turns of the whole table, from now) it should stand its nest."""
    n = state.num_players
    now = state.seat
    under_way = state.phase in ("move", "react")
    spent = costs(state)
    out = []
    for seat in range(n):
        offset = (seat - now) % n
        if offset == 0 and under_way:
            out.append(n * max(spent[seat] - credit(state), 0.0) / PER_TURN)
        else:
            out.append(offset + n * (spent[seat] / PER_TURN - 1))
    return out


def evaluate(state: State) -> tuple[float, ...]:
    """Per seat, the estimated chance to win: a softmax of minus the time each seat needs."""
    n = state.num_players
    when = times(state)
    scale = SHARPNESS / n
    low = min(when)
    weights = [math.exp(-scale * (t - low)) for t in when]
    total = sum(weights)
    return tuple(w / total for w in weights)


CHANCE_AWARE = True
"""``evaluate`` at the roll already stands for the mean over the dice: the seat about to roll
is counted a whole average turn (``PER_TURN``) nearer its goal, and no roll changes the board,
so the one-ply level reads it there instead of applying and evaluating each of the 36 rolls."""

# -- the hard level --------------------------------------------------------------------------

DEFAULT_BUDGET = 3000
"""Positions the hard level's search may make by default (about a second on one core)."""


def search(
    state: State, legal: Sequence[Move], rng: random.Random, budget: float | Budget | None = None
) -> Move:
    """The hard level: Monte Carlo tree search (:mod:`engine.ai.mcts`) on this evaluation."""
    limits = within(budget, DEFAULT_BUDGET)
    return mcts(state, rng, replace(limits, positions=max(limits.positions, len(legal))), evaluate)


# -- hints -----------------------------------------------------------------------------------

_TREEHOUSE_WORDS = {
    TipSeven: "tips with 7 points",
    Aim: "aims a tile",
    Swap: "swaps two tiles",
    Hop: "hops a piece",
    Dig: "digs a piece out",
}


def _points(n: float) -> str:
    n = round(n)
    return f"{n} movement point{'s' if n != 1 else ''}"


def reason(state: State, move: Move) -> str | None:
    """What ``move`` does to the race: a win; the movement points it saves the mover on the
    way to the goal (read through :func:`costs`, so a point spent counts as a point saved);
    the points it costs the player it sets back most."""
    seat = state.to_move
    if seat is None:
        return None
    after = state.apply(move)
    if after.outcome is not None:
        if seat in after.outcome.winners:
            return "stands your nest on the goal and wins"
        return None
    if isinstance(move, End):
        return "ends the turn: no move left brings your nest nearer"
    before_cost, after_cost = costs(state), costs(after)
    words = [_TREEHOUSE_WORDS[type(move)]] if type(move) in _TREEHOUSE_WORDS else []
    saved = before_cost[seat] - after_cost[seat]
    if saved >= 0.5:
        words.append(f"brings your nest {_points(saved)} nearer the goal")
    setback, other = max(
        ((after_cost[s] - before_cost[s], s) for s in range(state.num_players) if s != seat),
        default=(0.0, None),
    )
    if other is not None and setback >= 0.5:
        words.append(f"sets player {other + 1} back {_points(setback)}")
    return ", ".join(words) if words else None
