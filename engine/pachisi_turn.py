"""How one roll of the dice may be played in Pachisi: the pawn rules and the search that
decides which moves are legal.

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

from collections.abc import Iterator, Mapping
from typing import Any

from .core import Move
from .pachisi_board import ENTRIES, HOME, LAST_TRACK, NEST, SAFE, TRACK, arms
from .pachisi_moves import ENTER, STEPS

NEG = -1_000
"""The value of a node from which no play ends legally."""
CAPTURE_BONUS = 20
HOME_BONUS = 10

Node = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
ALL_HOME = (HOME,) * 4


class Squares(dict):
    """The pawns on each square (``{square: [pid, ...]}``), and the squares two share."""

    __slots__ = ("blockades",)

    def __init__(self) -> None:
        super().__init__()
        self.blockades: set[int] = set()


class Table:
    """The fixed facts of one game: where each seat enters and what the options allow."""

    __slots__ = (
        "auto_fives",
        "blockades",
        "entries",
        "home_bonus",
        "keys",
        "num_players",
        "online",
        "partners",
    )

    def __init__(self, num_players: int, options: Mapping[str, Any]) -> None:
        self.num_players = num_players
        self.entries = tuple(ENTRIES[a] for a in arms(num_players))
        self.online = options["rules"] == "online"
        self.blockades = bool(options["blockades"])
        self.partners = bool(options["partners"])
        self.auto_fives = bool(options["auto_fives"])
        self.home_bonus = HOME_BONUS if self.online else 0
        # keys[seat][rel]: the square a pawn stands on; loop squares are shared (0..67),
        # home-path squares are the seat's own (68 + 7 * seat ...).
        self.keys = tuple(
            tuple(
                (e + rel) % TRACK if rel <= LAST_TRACK else TRACK + 7 * seat + rel - 64
                for rel in range(HOME)
            )
            for seat, e in enumerate(self.entries)
        )

    def team(self, seat: int) -> tuple[int, ...]:
        return (seat, (seat + 2) % 4) if self.partners else (seat,)

    def colour(self, seat: int, pawns: tuple[int, ...]) -> int:
        """Whose pawns ``seat`` moves: their own, or (partners) the partner's once their own
        four are HOME."""
        if self.partners and all(r == HOME for r in pawns[seat * 4 : seat * 4 + 4]):
            return (seat + 2) % 4
        return seat

    def won(self, seat: int, pawns: tuple[int, ...]) -> bool:
        if pawns[seat * 4 : seat * 4 + 4] != ALL_HOME:
            return False
        return not self.partners or pawns[(seat + 2) % 4 * 4 : (seat + 2) % 4 * 4 + 4] == ALL_HOME

    def where(self, pawns: tuple[int, ...]) -> Squares:
        """Pawns by the square they stand on (nest and HOME left out)."""
        squares = Squares()
        keys = self.keys
        for pid, rel in enumerate(pawns):
            if rel in (NEST, HOME):
                continue
            key = keys[pid >> 2][rel]
            here = squares.get(key)
            if here is None:
                squares[key] = [pid]
            else:
                here.append(pid)
                squares.blockades.add(key)
        return squares

    def blocked(self, colour: int, key: int, occupants: list[int]) -> str | None:
        """Why a pawn of ``colour`` may not end on the square ``key`` (None if it may)."""
        if len(occupants) >= 2:
            return "a blockade stands there"
        other = occupants[0] >> 2
        if other == colour:
            return None if self.blockades else "two pawns of one colour may not share a square"
        if self.partners and other == (colour + 2) % 4:
            return "partners never land on each other"
        if key in SAFE:
            return "an enemy pawn stands alone on that safe square"
        return None

    def step(
        self, pawns: tuple[int, ...], where: Squares, pid: int, count: int
    ) -> tuple[int, int | None] | str:
        """Pawn ``pid`` moving ``count``: ``(new rel, captured pid or None)``, or why not."""
        rel = pawns[pid]
        if rel == NEST:
            return "it is in the nest"
        if rel == HOME:
            return "it is already HOME"
        to = rel + count
        if to > HOME:
            return f"it needs exactly {HOME - rel} to reach HOME"
        colour = pid >> 2
        keys = self.keys[colour]
        if where.blockades:
            for r in range(rel + 1, min(to, HOME)):
                if keys[r] in where.blockades:
                    return "a blockade is in the way"
        if to == HOME:
            return to, None
        occupants = where.get(keys[to])
        if not occupants:
            return to, None
        why = self.blocked(colour, keys[to], occupants)
        if why:
            return why
        return to, (occupants[0] if occupants[0] >> 2 != colour else None)

    def enter(
        self, pawns: tuple[int, ...], where: Squares, colour: int
    ) -> tuple[int, int | None] | str:
        """The lowest-numbered nest pawn of ``colour`` entering: ``(pid, captured)``, or why not."""
        pid = next((colour * 4 + i for i in range(4) if pawns[colour * 4 + i] == NEST), None)
        if pid is None:
            return "no pawn is in the nest"
        occupants = where.get(self.keys[colour][0])
        if not occupants:
            return pid, None
        other = occupants[0] >> 2
        if len(occupants) == 1 and other != colour and self.online:
            if self.partners and other == (colour + 2) % 4:
                return "a partner's pawn stands on the entry square"
            return pid, occupants[0]  # the one capture allowed on a safe square
        why = self.blocked(colour, -1, occupants)  # -1: judged as an ordinary square
        if why is None and other != colour:
            why = "an enemy pawn stands on the entry square"
        return why if why else (pid, None)


def _without(values: tuple[int, ...], value: int) -> tuple[int, ...]:
    i = values.index(value)
    return values[:i] + values[i + 1 :]


class RollPlay:
    """The play of one roll: who rolled, whether it is a 14, the blockades standing at the
    roll. Values of nodes are cached, so a roll is searched once however often it is asked."""

    __slots__ = ("_cache", "_listed", "_where", "fourteen", "pairs", "roller", "table")

    def __init__(
        self, table: Table, roller: int, fourteen: bool, pairs: tuple[tuple[int, int, int], ...]
    ) -> None:
        self.table = table
        self.roller = roller
        self.fourteen = fourteen
        self.pairs = pairs
        self._cache: dict[Node, int] = {}
        self._listed: dict[Node, list[tuple[Move, Node, int]]] = {}
        """Nodes whose every option the search has made, with them (made once only)."""
        self._where: dict[tuple[int, ...], Squares] = {}
        """The squares of the pawns of the nodes searched (many nodes share their pawns)."""

    @staticmethod
    def pairs_at(table: Table, pawns: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
        """The blockades standing now, as (pawn, pawn, square)."""
        return tuple(
            (pids[0], pids[1], key) for key, pids in table.where(pawns).items() if len(pids) == 2
        )

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

    def options(self, node: Node) -> Iterator[tuple[Move, Node, int]]:
        """Every move the rules of movement allow at ``node``: (move, next node, dice used),
        made one at a time (the search often needs only the first)."""
        pawns, remaining, bonuses = node
        table = self.table
        colour = table.colour(self.roller, pawns)
        where = self._where.get(pawns)
        if where is None:
            where = self._where[pawns] = table.where(pawns)
        bonus = self.kind(node) == "bonus"
        if bonus:
            counts: tuple[int, ...] = (bonuses[0],)
            later = bonuses[1:]
        else:
            counts = tuple(sorted(set(remaining)))
            later = bonuses
            entering = None if self.fourteen else table.enter(pawns, where, colour)
            if isinstance(entering, tuple):
                # a 5, or (outside a 14 there are at most two dice) both dice totalling 5
                used = (5,) if 5 in remaining else remaining if sum(remaining) == 5 else None
                if used:
                    pid, captured = entering
                    after = self._moved(pawns, pid, 0, captured)
                    gained = (CAPTURE_BONUS,) if captured is not None else ()
                    left = _without(remaining, 5) if used == (5,) else ()
                    yield ENTER, (after, left, bonuses + gained), len(used)
                    if table.auto_fives and used == (5,):
                        counts = tuple(c for c in counts if c != 5)
        for i in range(4):
            pid = colour * 4 + i
            if not 0 <= pawns[pid] < HOME:
                continue
            for count in counts:
                target = table.step(pawns, where, pid, count)
                if isinstance(target, str):
                    continue
                to, captured = target
                after = self._moved(pawns, pid, to, captured)
                gained = later
                if captured is not None:
                    gained = later + (CAPTURE_BONUS,)
                elif to == HOME and table.home_bonus:
                    gained = later + (table.home_bonus,)
                if bonus:
                    yield STEPS[i + 1, count], (after, remaining, gained), 0
                else:
                    yield STEPS[i + 1, count], (after, _without(remaining, count), gained), 1

    @staticmethod
    def _moved(pawns: tuple[int, ...], pid: int, to: int, captured: int | None) -> tuple[int, ...]:
        after = list(pawns)
        after[pid] = to
        if captured is not None:
            after[captured] = NEST
        return tuple(after)

    def value(self, node: Node) -> int:
        """The most dice (or parts) still usable from ``node`` on a path that ends legally."""
        cached = self._cache.get(node)
        if cached is not None:
            return cached
        pawns, remaining, bonuses = node
        if self.table.won(self.roller, pawns):
            result = len(remaining)  # a win uses up everything
        elif not self.pairs and not remaining:
            result = 0  # nothing left that could fail: every end is legal
        elif (kind := self.kind(node)) == "end":
            result = 0 if self.pairs_ok(pawns) else NEG
        else:
            result = NEG
            listed = []
            for option in self.options(node):
                listed.append(option)
                _, child, used = option
                v = self.value(child)
                if v != NEG and used + v > result:
                    result = used + v
                    if result == len(remaining):
                        break
            else:
                self._listed[node] = listed
            if result == NEG:  # nothing playable: the dice are forfeited, the bonus lost
                skip = (pawns, (), bonuses) if kind == "dice" else (pawns, remaining, bonuses[1:])
                result = self.value(skip)
        self._cache[node] = result
        return result

    def legal(self, node: Node) -> list[tuple[Move, Node]]:
        """The moves a player may make at ``node``: those that keep the most dice usable."""
        target = self.value(node)
        options = self._listed.get(node)
        if options is None:
            options = self.options(node)
        return [
            (move, child)
            for move, child, used in options
            if (v := self.value(child)) != NEG and used + v == target
        ]
