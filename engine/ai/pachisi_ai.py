"""The AI's knowledge of Pachisi: ``evaluate(state)`` (per seat, an estimated chance to win),
``reason(state, move)`` (a few words for a hint) and ``search(state, legal, rng, budget)``
(the hard level: expectimax over the dice, :mod:`engine.ai.expectimax`).

The evaluation is a race count. Each seat's *distance* is the steps its pawns still need to
HOME (a pawn in the nest counts the whole lap plus the 5 that enters it, and more while the
seat has no pawn out to use the other dice), less the dice and bonuses it still has to play,
plus the expected loss to captures: a lone pawn off the safe squares, within reach of enemy
pawns behind it, may be sent back (the chance is that of two dice giving the distance), and
the enemy gains a bonus of 20. Seats later in the turn order are a fraction of a turn behind.
The distances become chances to win by a softmax whose temperature grows with the square root
of the race still to run (the dice's spread grows that way). With partners a team races as
one, and both partners get the team's chance.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from ..core import Move, State
from ..pachisi_board import HOME, LAST_TRACK, NEST, SAFE, TRACK
from ..pachisi_moves import Undo
from . import expectimax
from .budget import Budget, within

if TYPE_CHECKING:
    import random

    from ..pachisi_state import PachisiState

PIPS = 9.0
"""Steps a seat makes in a turn, about: 7 on two dice, more with doublets (a 14, a roll again)."""
NEST_COST = HOME + 5
"""A pawn in the nest: the whole way, and the 5 that enters it."""
ALL_IN_NEST = 12.0
"""Extra for a seat with no pawn out: turns pass without a 5 (about 1.4 turns on average)."""
NEAR_HOME = 2.0
"""Extra for a pawn in the last six steps: HOME takes the exact count."""
BONUS = 20.0
"""What a capture gives the captor."""
THREAT_FIRST = 0.5
"""A seat about to roll may still move a threatened pawn away first."""
TEMPERATURE = 1.7
"""Scale of the softmax, times the square root of the mean distance."""
ENTER_CHANCE = 15 / 36
"""Two dice show a 5 or total 5."""


def _reach_tables() -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Per distance d (0..28): the chance that a roll lets one pawn move exactly d with one
    die or both (``plain``), and the same where doublets count as the parts of a 14
    (``fourteen``: a seat with no pawn in the nest)."""
    plain = [0.0] * 29
    fourteen = [0.0] * 29
    for a in range(1, 7):
        for b in range(1, 7):
            sums = {a, b, a + b}
            parts = sums
            if a == b:
                c = 7 - a
                parts = {a, c, 2 * a, 2 * c, 7, 7 + a, 7 + c, 14}
            for d in sums:
                plain[d] += 1 / 36
            for d in parts:
                fourteen[d] += 1 / 36
    return tuple(plain), tuple(fourteen)


PLAIN, FOURTEEN = _reach_tables()
REACH = len(PLAIN) - 1


def _order(state: PachisiState, active: list[int]) -> dict[int, int]:
    """For each seat still playing, how many rolls of other seats come before its own next
    roll (0 for the seat that rolls next)."""
    n = state.num_players
    phase = state.phase
    if phase not in ("roll", "play"):
        return dict.fromkeys(active, 0)
    step = -1 if state.table.online else 1
    first = state.seat
    if phase == "play" and not (len(state.dice) == 2 and state.dice[0] == state.dice[1]):
        first = (first + step) % n
        while first not in active:
            first = (first + step) % n
    order: dict[int, int] = {}
    seat = first
    while len(order) < len(active):
        if seat in active and seat not in order:
            order[seat] = len(order)
        seat = (seat + step) % n
    return order


def distances(
    state: PachisiState, hits: dict[int, float] | None = None
) -> tuple[list[float], list[int]]:
    """Per seat, the steps still to go (see the module's words), and the seats playing;
    ``hits`` (if given) gets each exposed pawn's chance to be captured, by pawn id."""
    n = state.num_players
    pawns = state.all_pawns
    table = state.table
    entries = table.entries
    gone = state.gone
    active = [s for s in range(n) if s not in gone]
    dist = [0.0] * n
    nest = [0] * n
    loop: list[tuple[int, int, int, int]] = []
    count: dict[int, int] = {}
    for s in active:
        base = s * 4
        entry = entries[s]
        d = 0.0
        out = 0
        for i in range(4):
            r = pawns[base + i]
            if r == HOME:
                continue
            if r == NEST:
                d += NEST_COST
                nest[s] += 1
                continue
            out += 1
            d += HOME - r
            if r <= LAST_TRACK:
                a = (entry + r) % TRACK
                loop.append((a, s, r, base + i))
                count[a] = count.get(a, 0) + 1
            elif r >= HOME - 6:
                d += NEAR_HOME
        if nest[s] and not out:
            d += ALL_IN_NEST
        dist[s] = d
    order = _order(state, active)
    playing = len(active)
    if state.phase == "play":
        dist[state.seat] -= sum(state.remaining) + sum(state.bonuses)
    partners = table.partners
    online = table.online
    for a, s, r, pid in loop:
        if count[a] >= 2:
            continue  # a blockade cannot be captured
        escape = 1.0
        if a in SAFE:
            if online:  # a lone pawn on an enemy's entry square falls to a pawn entering
                for t in active:
                    if t != s and entries[t] == a and nest[t] and not (partners and t % 2 == s % 2):
                        escape = 1 - ENTER_CHANCE
                        dist[t] -= BONUS * ENTER_CHANCE
            if escape == 1.0:
                continue
        else:
            for a2, t, r2, _ in loop:
                if t == s or (partners and (t - s) % 2 == 0):
                    continue
                d = (a - a2) % TRACK
                if 0 < d <= REACH and r2 + d <= LAST_TRACK:
                    p = (FOURTEEN if not nest[t] else PLAIN)[d]
                    escape *= 1 - p
                    dist[t] -= BONUS * p
        hit = 1 - escape
        if hits is not None:
            hits[pid] = hit
        if order.get(s) == 0 and state.phase == "roll":
            hit *= THREAT_FIRST
        dist[s] += hit * (r + NEST_COST - HOME)
    for s in active:
        dist[s] += PIPS * order.get(s, 0) / playing
    return dist, active


def evaluate(state: State) -> tuple[float, ...]:
    """Per seat, the estimated chance to win (see the module's words)."""
    pachisi: PachisiState = state  # type: ignore[assignment]
    dist, active = distances(pachisi)
    n = state.num_players
    if pachisi.table.partners:
        units = [u for u in ((0, 2), (1, 3)) if u[0] in active]
        spans = [(dist[a] + dist[b]) / 2 for a, b in units]
    else:
        units = [(s,) for s in active]
        spans = [dist[s] for s in active]
    mean = sum(spans) / len(spans)
    temperature = TEMPERATURE * math.sqrt(max(mean, 1.0)) + 1.0
    low = min(spans)
    weights = [math.exp((low - d) / temperature) for d in spans]
    total = sum(weights)
    values = [0.0] * n
    for unit, w in zip(units, weights, strict=True):
        for s in unit:
            values[s] = w / total
    return tuple(values)


def key(state: State) -> Hashable:
    """The position and what is left of the roll: states with the same key play the same."""
    s: PachisiState = state  # type: ignore[assignment]
    return (s.all_pawns, s.phase, s.seat, s.remaining, s.bonuses, s.dice, s.doublets, s.pairs,
            s.fourteen, s.removed)  # fmt: skip


DEFAULT_BUDGET = 12_000
"""Positions the hard level looks at by default (about a second on one core)."""


def search(
    state: State, legal: Sequence[Move], rng: random.Random, budget: float | Budget | None = None
) -> Move:
    """The hard level: every way to play the rest of the roll, then the next roll (usually
    the next player's, over all 21 throws) as far as the budget goes. ``undo`` (an option) is
    never searched: it only leads back to a position already searched."""
    return expectimax.search(
        state,
        playable(state, legal),
        rng,
        within(budget, DEFAULT_BUDGET),
        evaluate,
        key=key,
        max_depth=1,
        moves=playable,
    )


def playable(state: State, legal: Sequence[Move] | None = None) -> list[Move]:
    """The legal moves less ``undo``."""
    moves = state.legal_moves() if legal is None else legal
    return [m for m in moves if not isinstance(m, Undo)]


def reason(state: State, move: Move) -> str | None:
    """What the move does that matters: a capture, HOME, a win, entering, a blockade, a safe
    square."""
    before: PachisiState = state  # type: ignore[assignment]
    after: PachisiState = state.apply(move)  # type: ignore[assignment]
    colour = before.moving_colour
    if after.outcome is not None and before.seat in after.outcome.winners:
        return "brings the last pawn HOME and wins"
    words = []
    for effect in after.effects:
        if effect.kind == "capture":
            words.append(f"captures player {effect.seat + 1}'s pawn {effect.pawn} (bonus 20)")
    moved = [e for e in after.effects if e.kind in ("move", "enter") and e.seat == colour]
    for effect in moved:
        whose = "" if colour == before.seat else "partner's "
        if effect.end == HOME:
            bonus = " (bonus 10)" if before.table.online else ""
            words.append(f"brings {whose}pawn {effect.pawn} HOME{bonus}")
        elif effect.kind == "enter":
            words.append(f"brings {whose}pawn {effect.pawn} out of the nest")
        elif effect.end > LAST_TRACK:
            words.append(f"takes {whose}pawn {effect.pawn} into the home path, out of reach")
        else:
            mine = after.all_pawns[colour * 4 : colour * 4 + 4]
            if mine.count(effect.end) == 2:
                words.append(f"makes a blockade with {whose}pawn {effect.pawn}")
            elif (after.table.entries[colour] + effect.end) % TRACK in SAFE:
                words.append(f"puts {whose}pawn {effect.pawn} on a safe square")
    if not words:
        exposed: dict[int, float] = {}
        distances(before, exposed)
        still: dict[int, float] = {}
        distances(after, still)
        for effect in moved:
            pid = colour * 4 + effect.pawn - 1
            if exposed.get(pid, 0.0) >= 0.1 and still.get(pid, 0.0) < exposed[pid] / 2:
                words.append(f"takes {whose}pawn {effect.pawn} out of reach of the pawns behind it")
    return ", ".join(words) if words else None
