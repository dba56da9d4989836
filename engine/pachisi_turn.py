"""How one roll of the dice may be played in Pachisi: the search that decides which moves are
legal (the pawn rules it applies are in :mod:`engine.pachisi_table`).

A roll's play is a path through *nodes* ``(pawns, remaining, bonuses)``: ``pawns`` holds every
pawn's ``rel`` (index ``seat * 4 + i`` for pawn ``i + 1``), ``remaining`` the die values (or
parts of a 14) still to play, ``bonuses`` the bonuses earned and not yet taken, in order.
:meth:`RollPlay.value` is the most dice a player can still use from a node while obeying
every rule, and ``NEG`` when no way on ends legally (the pair rule); the legal moves are the
ones that keep that value. So "use both dice if any order allows", "a 14 is all four parts or
none", "a bonus must be taken whole when it can" and "a blockade may not end the roll together
on a new square" are all the same search.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache

from .core import Move
from .pachisi_board import HOME, NEST
from .pachisi_moves import ENTER, STEPS
from .pachisi_table import Table, View

NEG = -1_000
"""The value of a node from which no play ends legally."""
CAPTURE_BONUS = 20

Node = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
PAWN_STEPS = tuple({c: m for (p, c), m in STEPS.items() if p == i + 1} for i in range(4))
"""Per pawn (0-3), its :class:`Step` by count."""
Option = tuple[Move, Node, int, View | None]
"""A move, the node it leads to, the dice it uses, and the view of the node's pawns (None
where the search will not go on from it)."""
Searched = tuple[int, Sequence[Option], Iterator[Option] | None, View | None]
"""What the search found at a node: its value, the options it made before it had seen enough
and the generator of the rest (for :meth:`RollPlay.legal` to go on with), or no options and
None where it made none; and the view of its pawns it was given, if any."""
NOT_SEARCHED: Searched = (NEG, (), None, None)


@lru_cache(maxsize=256)
def _plays(
    remaining: tuple[int, ...],
) -> tuple[tuple[int, ...], dict[int, tuple[int, ...]], tuple[int, ...]]:
    """The counts a step may use (each once, ascending), what each of them leaves, and the
    dice an entry would use: a 5, or (outside a 14 there are at most two dice) both dice
    totalling 5, or none."""
    counts = tuple(sorted(set(remaining)))
    entry = (5,) if 5 in remaining else remaining if sum(remaining) == 5 else ()
    return counts, {count: _without(remaining, count) for count in counts}, entry


def _without(values: tuple[int, ...], value: int) -> tuple[int, ...]:
    i = values.index(value)
    return values[:i] + values[i + 1 :]


class RollPlay:
    """The play of one roll: who rolled, whether it is a 14, the blockades standing at the
    roll. Values of nodes are cached, so a roll is searched once however often it is asked;
    so are the legal moves of each node asked for."""

    __slots__ = ("_legal", "_searched", "fourteen", "pairs", "roller", "table")

    def __init__(
        self, table: Table, roller: int, fourteen: bool, pairs: tuple[tuple[int, int, int], ...]
    ) -> None:
        self.table = table
        self.roller = roller
        self.fourteen = fourteen
        self.pairs = pairs
        self._searched: dict[Node, Searched] = {}
        self._legal: dict[Node, list[tuple[Move, Node]]] = {}

    @staticmethod
    def pairs_in(view: View) -> tuple[tuple[int, int, int], ...]:
        """The blockades of a position (its view), as (pawn, pawn, square), by first pawn."""
        spots, doubles = view
        pairs = []
        for key in doubles:
            if spots.count(key) == 2:
                first = spots.index(key)
                pairs.append((first, spots.index(key, first + 1), key))
        return tuple(sorted(pairs))

    def pairs_ok(self, pawns: tuple[int, ...]) -> bool:
        for a, b, key in self.pairs:
            rel = pawns[a]
            if rel == pawns[b] and 0 <= rel < HOME and self.table.keys[a >> 2][rel] != key:
                return False
        return True

    def kind(self, node: Node) -> str:
        _, remaining, bonuses = node
        if bonuses and (self.fourteen or not remaining):
            return "bonus"
        return "dice" if remaining else "end"

    def options(self, node: Node, view: View | None = None) -> Iterator[Option]:
        """Every move the rules of movement allow at ``node`` (whose pawns' ``view`` may be
        given), made one at a time: the search often needs only the first, and keeps the
        rest for :meth:`legal`. (The generator holds no reference to this RollPlay, which
        keeps it: a cycle would be left for the garbage collector at every roll.)"""
        return _options(self.table, self.roller, self.fourteen, self.pairs, node, view)

    def value(self, node: Node, view: View | None = None) -> int:
        """The most dice (or parts) still usable from ``node`` on a path that ends legally."""
        pawns, remaining, bonuses = node
        if not remaining and not self.pairs:
            return 0  # nothing left that could fail: every end is legal (a win's too)
        searched = self._searched.get(node)
        if searched is not None:
            return searched[0]
        made: list[Option] = []
        rest = None
        if self.table.won(self.roller, pawns):
            result = len(remaining)  # a win uses up everything
        elif (kind := self.kind(node)) == "end":
            result = 0 if self.pairs_ok(pawns) else NEG
        elif len(remaining) == 1 and kind == "dice" and not self.pairs:
            # One die left and no blockade to keep: any move uses it, and nothing after it
            # can fail (the options are made if this node comes to be played).
            result = 1 if self._can_move(pawns, remaining, view) else 0
        else:
            result = NEG
            rest = self.options(node, view)
            for option in rest:
                made.append(option)
                _, child, used, later = option
                v = self.value(child, later)
                if v != NEG and used + v > result:
                    result = used + v
                    if result == len(remaining):
                        break  # the most there can be: the other options may wait
            if result == NEG:  # nothing playable: the dice are forfeited, the bonus lost
                skip = (pawns, (), bonuses) if kind == "dice" else (pawns, remaining, bonuses[1:])
                result = self.value(skip, view)
        self._searched[node] = result, made, rest, view
        return result

    def _can_move(
        self, pawns: tuple[int, ...], remaining: tuple[int, ...], view: View | None
    ) -> bool:
        """Whether a move can use a die of ``remaining`` (what :meth:`options` would make
        first, without making it)."""
        table = self.table
        colour = table.colour(self.roller, pawns) if table.partners else self.roller
        if view is None:
            view = table.view(pawns)
        counts, _, entry = _plays(remaining)
        if entry and not self.fourteen and isinstance(table.enter(pawns, view, colour), tuple):
            return True
        for pid in range(colour * 4, colour * 4 + 4):
            if 0 <= pawns[pid] < HOME:
                for count in counts:
                    if not isinstance(table.step(pawns, view, pid, count), str):
                        return True
        return False

    def legal(self, node: Node) -> list[tuple[Move, Node]]:
        """The moves a player may make at ``node``: those that keep the most dice usable."""
        known = self._legal.get(node)
        if known is not None:
            return known
        target = self.value(node)
        _, made, rest, view = self._searched.get(node, NOT_SEARCHED)
        options = self.options(node, view) if rest is None else (*made, *rest)
        known = self._legal[node] = [
            (move, child)
            for move, child, used, later in options
            if (v := self.value(child, later)) != NEG and used + v == target
        ]
        return known


def _options(
    table: Table,
    roller: int,
    fourteen: bool,
    pairs: tuple[tuple[int, int, int], ...],
    node: Node,
    view: View | None,
) -> Iterator[Option]:
    """:meth:`RollPlay.options`."""
    pawns, remaining, bonuses = node
    colour = table.colour(roller, pawns) if table.partners else roller
    if view is None:
        view = table.view(pawns)
    bonus = bonuses and (fourteen or not remaining)  # RollPlay.kind(node) == "bonus"
    if bonus:
        counts: tuple[int, ...] = (bonuses[0],)
        later = bonuses[1:]
        lefts = {bonuses[0]: remaining}
    else:
        counts, lefts, used = _plays(remaining)
        later = bonuses
        if used and not fourteen:
            entering = table.enter(pawns, view, colour)
            if isinstance(entering, tuple):
                pid, captured = entering
                after = _moved(pawns, pid, 0, captured)
                gained = (CAPTURE_BONUS,) if captured is not None else ()
                left = lefts[5] if used == (5,) else ()
                later_view = table.moved(view, pid, 0, captured) if left or pairs else None
                yield ENTER, (after, left, bonuses + gained), len(used), later_view
                if table.auto_fives and used == (5,):
                    counts = tuple(c for c in counts if c != 5)
    home_bonus = table.home_bonus
    die = 0 if bonus else 1  # a bonus uses no die
    for i in range(4):
        pid = colour * 4 + i
        if not 0 <= pawns[pid] < HOME:
            continue
        steps = PAWN_STEPS[i]
        for count in counts:
            target = table.step(pawns, view, pid, count)
            if isinstance(target, str):
                continue
            to, captured = target
            after = _moved(pawns, pid, to, captured)
            gained = later
            if captured is not None:
                gained = later + (CAPTURE_BONUS,)
            elif to == HOME and home_bonus:
                gained = later + (home_bonus,)
            left = lefts[count]
            later_view = table.moved(view, pid, to, captured) if left or pairs else None
            yield steps[count], (after, left, gained), die, later_view


def _moved(pawns: tuple[int, ...], pid: int, to: int, captured: int | None) -> tuple[int, ...]:
    after = list(pawns)
    after[pid] = to
    if captured is not None:
        after[captured] = NEST
    return tuple(after)
