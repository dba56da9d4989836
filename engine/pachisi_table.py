"""The fixed facts of one Pachisi table (seats, rule set, options) and the pawn rules: where a
pawn stands, whether it may step or enter. The search of a roll (:mod:`engine.pachisi_turn`)
asks these questions thousands of times a game, so a table is built once per setup with its
lookups precomputed, and a position's squares are a flat list, one entry a pawn (its *spots*).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from .pachisi_board import ENTRIES, HOME, LAST_TRACK, NEST, SAFE, TRACK, arms

HOME_BONUS = 10
ALL_HOME = (HOME,) * 4
NO_DOUBLES: frozenset[int] = frozenset()

Spots = list[int]
"""Per pawn id (``seat * 4 + i``), the square it stands on; a pawn in the nest or HOME has a
square of its own that no other pawn shares (``-1 - pid``)."""
View = tuple[Spots, frozenset[int]]
"""A position's spots, and the squares two pawns share (blockades)."""


class Table:
    """The fixed facts of one game: where each seat enters and what the options allow.

    ``keys[seat][rel]`` is the square a pawn of ``seat`` at ``rel`` stands on: loop squares
    are shared (0..67), home-path squares are the seat's own (68 + 7 * seat ...).
    """

    __slots__ = (
        "_route",
        "_spot",
        "auto_fives",
        "blockades",
        "entries",
        "home_bonus",
        "keys",
        "num_players",
        "online",
        "partners",
    )

    def __init__(
        self, num_players: int, online: bool, blockades: bool, partners: bool, auto_fives: bool
    ) -> None:
        self.num_players = num_players
        self.entries = tuple(ENTRIES[a] for a in arms(num_players))
        self.online = online
        self.blockades = blockades
        self.partners = partners
        self.auto_fives = auto_fives
        self.home_bonus = HOME_BONUS if online else 0
        self.keys = tuple(
            tuple(
                (e + rel) % TRACK if rel <= LAST_TRACK else TRACK + 7 * seat + rel - 64
                for rel in range(HOME)
            )
            for seat, e in enumerate(self.entries)
        )
        # _spot[pid][rel]: the pawn's square, with HOME (71) and NEST (-1, the last item) off
        # the board; _route[seat][square]: the rel of a square on the seat's way, if it is.
        self._spot = tuple(
            (*self.keys[pid >> 2], -1 - pid, -1 - pid) for pid in range(4 * num_players)
        )
        self._route = tuple({key: rel for rel, key in enumerate(keys)} for keys in self.keys)

    def team(self, seat: int) -> tuple[int, ...]:
        return (seat, (seat + 2) % 4) if self.partners else (seat,)

    def colour(self, seat: int, pawns: tuple[int, ...]) -> int:
        """Whose pawns ``seat`` moves: their own, or (partners) the partner's once their own
        four are HOME."""
        if self.partners and pawns[seat * 4 : seat * 4 + 4] == ALL_HOME:
            return (seat + 2) % 4
        return seat

    def won(self, seat: int, pawns: tuple[int, ...]) -> bool:
        if pawns[seat * 4 : seat * 4 + 4] != ALL_HOME:
            return False
        return not self.partners or pawns[(seat + 2) % 4 * 4 : (seat + 2) % 4 * 4 + 4] == ALL_HOME

    def where(self, pawns: tuple[int, ...]) -> dict[int, list[int]]:
        """Pawns by the square they stand on (nest and HOME left out), squares in the order
        of their lowest pawn id."""
        squares: dict[int, list[int]] = {}
        for pid, rel in enumerate(pawns):
            if 0 <= rel < HOME:
                squares.setdefault(self.keys[pid >> 2][rel], []).append(pid)
        return squares

    def view(self, pawns: tuple[int, ...]) -> View:
        """The square of each pawn (:data:`Spots`) and the squares two pawns share."""
        spots = [spot[rel] for spot, rel in zip(self._spot, pawns, strict=True)]
        return spots, _doubles(spots)

    def moved(self, view: View, pid: int, rel: int, captured: int | None) -> View:
        """``view`` after pawn ``pid`` moved to ``rel`` (capturing ``captured``, if not None)."""
        spots, doubles = view
        key = self._spot[pid][rel]
        left = spots[pid]
        after = spots.copy()
        after[pid] = key
        if captured is not None:  # the captor takes the captured pawn's place
            after[captured] = -1 - captured
        elif key in spots:  # a second pawn (or more) on the square
            doubles = doubles | {key}
        if left in doubles and spots.count(left) == 2:  # one pawn left behind
            doubles = doubles - {left}
        return after, doubles

    def blocked(self, colour: int, key: int, first: int, double: bool) -> str | None:
        """Why a pawn of ``colour`` may not end on the square ``key`` where pawn ``first``
        stands (with another when ``double``); None if it may."""
        if double:
            return "a blockade stands there"
        other = first >> 2
        if other == colour:
            return None if self.blockades else "two pawns of one colour may not share a square"
        if self.partners and other == (colour + 2) % 4:
            return "partners never land on each other"
        if key in SAFE:
            return "an enemy pawn stands alone on that safe square"
        return None

    def step(
        self, pawns: tuple[int, ...], view: View, pid: int, count: int
    ) -> tuple[int, int | None] | str:
        """Pawn ``pid`` moving ``count``: ``(new rel, captured pid or None)``, or why not;
        ``view`` is the position's (:meth:`view`)."""
        spots, doubles = view
        rel = pawns[pid]
        if rel == NEST:
            return "it is in the nest"
        if rel == HOME:
            return "it is already HOME"
        to = rel + count
        if to > HOME:
            return f"it needs exactly {HOME - rel} to reach HOME"
        colour = pid >> 2
        if doubles:
            route = self._route[colour]
            for key in doubles:
                passed = route.get(key)
                if passed is not None and rel < passed < to:
                    return "a blockade is in the way"
        if to == HOME:
            return to, None
        key = self.keys[colour][to]
        if key not in spots:
            return to, None
        first = spots.index(key)
        why = self.blocked(colour, key, first, key in doubles)
        if why:
            return why
        return to, (first if first >> 2 != colour else None)

    def enter(
        self, pawns: tuple[int, ...], view: View, colour: int
    ) -> tuple[int, int | None] | str:
        """The lowest-numbered nest pawn of ``colour`` entering: ``(pid, captured)``, or why not."""
        spots, doubles = view
        mine = pawns[colour * 4 : colour * 4 + 4]
        if NEST not in mine:
            return "no pawn is in the nest"
        pid = colour * 4 + mine.index(NEST)
        key = self.keys[colour][0]
        if key not in spots:
            return pid, None
        first = spots.index(key)
        other = first >> 2
        double = key in doubles
        if not double and other != colour and self.online:
            if self.partners and other == (colour + 2) % 4:
                return "a partner's pawn stands on the entry square"
            return pid, first  # the one capture allowed on a safe square
        why = self.blocked(colour, -1, first, double)  # -1: judged as an ordinary square
        if why is None and other != colour:
            why = "an enemy pawn stands on the entry square"
        return why if why else (pid, None)


def _doubles(spots: Spots) -> frozenset[int]:
    """The squares that two (or more) pawns share."""
    if len(set(spots)) == len(spots):
        return NO_DOUBLES
    seen: set[int] = set()
    doubles = set()
    for key in spots:
        if key in seen:
            doubles.add(key)
        seen.add(key)
    return frozenset(doubles)


def table_for(num_players: int, options: Mapping[str, Any]) -> Table:
    """The table of a setup: built once, shared by every game with it (it never changes)."""
    return _table(
        num_players,
        options["rules"] == "online",
        bool(options["blockades"]),
        bool(options["partners"]),
        bool(options["auto_fives"]),
    )


_table = lru_cache(maxsize=64)(Table)
