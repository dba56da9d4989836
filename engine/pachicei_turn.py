"""How one roll of three d8 may be played in Pach-Ice-i, and the look-ahead (RULINGS.md).

A turn is a path through *nodes*: the position (board, pads, goals) plus what is left of the
turn: the dice not yet used, the ``stage`` (which sizes may still move), the squares of pieces
that already moved (a piece moves once) and the mover's pieces that moved and were knocked
back to the pad (they may not enter again this turn).

:meth:`Turn.value` is the most dice the mover can still use from a node on a path that ends
legally: in a position that leaves the opponent some move on some roll, or with the game over
(a move that ends the game uses every die left). ``NEG`` means no way on ends legally. The legal
moves are the ones that keep the value, so "use all three dice when any turn allows it, else
as many as any allows", "three different larges" and the look-ahead are one search.

Positions are plain tuples so nodes hash fast: ``board[square]`` is 0 or a piece code
``owner * 3 + size`` (1-3 Black, 4-6 White); ``pads[seat]`` counts trees by shape (see
``SHAPES``); ``goals[seat]`` counts the seat's pieces in its goal by size (small, medium, large).
"""

from __future__ import annotations

from typing import NamedTuple

from .pachicei_board import GOAL, INDEX, LAST, MARKED, MOVABLE, PATHS, PIECES, colour

NEG = -1_000
START, AFTER_M, AFTER_L, AFTER_LL, END = "start", "M", "L", "LL", "end"

SHAPES = ((3, 2, 1), (3, 2), (3,), (2,), (1,))
"""Tree shapes in a pad, bottom first: full trees, trees without their small, lone larges
(also what is left of a tree), lone mediums, lone smalls (a piece sent back is a tree of its
own)."""
TALL = {1: 0, 2: 1, 3: 2}
"""The pad shape a size comes off when it is taken from the tallest tree with it on top."""
LONE = {1: 4, 2: 3, 3: 2}
AFTER_TAKING = {0: 1, 1: 2, 2: None, 3: None, 4: None}
"""The shape a tree becomes when its top piece enters (``None``: nothing left)."""
COUNTS = {3: range(1, 9), 2: range(2, 17), 1: range(3, 25)}
"""What a size can ever be moved by: one die (large), two (medium), three (small)."""
OWNER = (None, 0, 0, 0, 1, 1, 1)
SIZE = (0, 1, 2, 3, 1, 2, 3)


def code(owner: int, size: int) -> int:
    return owner * 3 + size


Board = tuple[int, ...]
Pads = tuple[tuple[int, ...], tuple[int, ...]]
Goals = tuple[tuple[int, int, int], tuple[int, int, int]]


class Position(NamedTuple):
    board: Board
    pads: Pads
    goals: Goals


class Node(NamedTuple):
    position: Position
    remaining: tuple[int, ...]
    stage: str
    moved: frozenset[int]
    frozen: tuple[int, int, int]
    """The mover's pieces (small, medium, large) that moved and were knocked back to the pad."""


class Change(NamedTuple):
    """One move's effect: the piece (owner, size) from ``start`` (a square, or -1 for the pad)
    to ``end`` (a square, or ``GOAL``); ``displaced``: (owner, size, square, into its goal?)."""

    owner: int
    size: int
    start: int
    end: int
    displaced: tuple[int, int, int, bool] | None


PAD = -1


def entered_pips(position: Position, seat: int) -> int:
    """Pips of the seat's pieces on the board or in its goal."""
    board_pips = sum(SIZE[c] for c in position.board if c and OWNER[c] == seat)
    small, medium, large = position.goals[seat]
    return board_pips + small + 2 * medium + 3 * large


def in_goal(position: Position, seat: int) -> int:
    return sum(position.goals[seat])


def is_over(position: Position) -> bool:
    return in_goal(position, 0) == PIECES or in_goal(position, 1) == PIECES


def landing_ok(board: Board, square: int, size: int) -> bool:
    """A piece of ``size`` may end on ``square``: empty, or a piece no larger off the marked
    squares."""
    there = board[square]
    return not there or (square not in MARKED and SIZE[there] <= size)


def may_move_theirs(position: Position, seat: int) -> bool:
    """The pip rule: the seat may move the opponent's pieces (checked at each such move)."""
    return entered_pips(position, seat) >= entered_pips(position, 1 - seat)


def can_move(position: Position, seat: int) -> bool:
    """Whether some roll gives ``seat`` some move (the look-ahead's question, and half of the
    first backstop's). Any die value, pair sum and total is some roll's, so a move by any
    count a size allows will do."""
    board, path = position.board, PATHS[seat]
    pad = position.pads[seat]
    for size in (3, 2, 1):
        if (pad[TALL[size]] or pad[LONE[size]]) and any(
            landing_ok(board, path[n - 1], size) for n in COUNTS[size]
        ):
            return True
    theirs = may_move_theirs(position, seat)
    index = INDEX[seat]
    for square in MOVABLE[seat]:
        piece = board[square]
        if not piece:
            continue
        owner, size = OWNER[piece], SIZE[piece]
        start = index[square]
        if owner == seat:
            counts = COUNTS[size]
            if start + counts[-1] >= GOAL:
                return True
            if any(landing_ok(board, path[start + n - 1], size) for n in counts):
                return True
        elif theirs:
            for n in COUNTS[size]:
                if start + n > LAST:
                    break
                if landing_ok(board, path[start + n - 1], size):
                    return True
    return False


def _options(remaining: tuple[int, ...], stage: str) -> list[tuple[int, int, tuple[int, ...], str]]:
    """(size, count, dice left, next stage) for what the stage allows with the dice left."""
    out = []
    if stage == START:
        a, b, c = remaining
        out.append((1, a + b + c, (), END))
        for pair, rest in (((a, b), c), ((a, c), b), ((b, c), a)):
            option = (2, sum(pair), (rest,), AFTER_M)
            if option not in out:
                out.append(option)
        for i, die in enumerate(remaining):
            option = (3, die, remaining[:i] + remaining[i + 1 :], AFTER_L)
            if option not in out:
                out.append(option)
    elif stage in (AFTER_M, AFTER_LL):
        out.append((3, remaining[0], (), END))
    elif stage == AFTER_L:
        a, b = remaining
        out.append((2, a + b, (), END))
        out.append((3, a, (b,), AFTER_LL))
        if b != a:
            out.append((3, b, (a,), AFTER_LL))
    return out


class Turn:
    """The search for one player's turn (one roll), with its results cached by node. Shared
    by the states of one turn, as they only add nodes to it."""

    __slots__ = ("_children", "_value", "seat")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self._value: dict[Node, int] = {}
        self._children: dict[Node, list[tuple[tuple[int, int, int], Node, Change, bool]]] = {}

    def end_ok(self, position: Position) -> bool:
        """A turn may end here: the game is over, or the opponent has a move on some roll."""
        return is_over(position) or can_move(position, 1 - self.seat)

    def value(self, node: Node) -> int:
        """The most dice still usable from ``node`` on a path that ends legally, or ``NEG``."""
        cached = self._value.get(node)
        if cached is not None:
            return cached
        total = len(node.remaining)
        best = NEG
        for _key, child, _change, over in self.children(node):
            if over:
                best = total
            else:
                below = self.value(child)
                if below >= 0:
                    best = max(best, total - len(child.remaining) + below)
            if best == total:
                break
        if best <= 0:
            best = 0 if self.end_ok(node.position) else NEG
        self._value[node] = best
        return best

    def legal(self, node: Node) -> list[tuple[tuple[int, int, int], Node, Change, bool]]:
        """The moves from ``node`` that keep its value: ``((kind, a, b), child, change, over)``
        where kind 0 is a step (a = square, b = count) and kind 1..3 an entry of that size
        (a = 1 for the lone tree, b = count)."""
        best = self.value(node)
        if best <= 0:
            return []
        total = len(node.remaining)
        return [
            entry
            for entry in self.children(node)
            if entry[3] or total - len(entry[1].remaining) + self.value(entry[1]) == best
        ]

    def any_turn(self, node: Node) -> bool:
        """Whether some path of at least one move from ``node`` ends legally (early exit)."""
        for _key, child, _change, over in self.children(node):
            if over or self.end_ok(child.position) or self.any_turn(child):
                return True
        return False

    # -- the moves from a node ---------------------------------------------------------------

    def children(self, node: Node) -> list[tuple[tuple[int, int, int], Node, Change, bool]]:
        found = self._children.get(node)
        if found is None:
            found = self._children[node] = self._expand(node)
        return found

    def _expand(self, node: Node) -> list[tuple[tuple[int, int, int], Node, Change, bool]]:
        seat = self.seat
        position = node.position
        board, pad = position.board, position.pads[seat]
        path, index = PATHS[seat], INDEX[seat]
        theirs: bool | None = None
        out = []
        for size, count, rest, stage in _options(node.remaining, node.stage):
            # entering: index `count` of the path, from the top of a tree in the pad
            target = path[count - 1]
            if landing_ok(board, target, size):
                tall, lone = TALL[size], LONE[size]
                free = pad[lone] - node.frozen[size - 1]
                shapes = []
                if size == 3:
                    if free > 0:
                        shapes.append((2, 0))
                elif pad[tall]:
                    shapes.append((tall, 0))
                    if free > 0:
                        shapes.append((lone, 1))
                elif free > 0:
                    shapes.append((lone, 0))
                for shape, marked_lone in shapes:
                    out.append(
                        self._enter(node, size, count, rest, stage, shape, marked_lone, target)
                    )
            # moving a piece that starts on the mover's colour or a marked square
            for square in MOVABLE_ORDER[seat]:
                piece = board[square]
                if not piece or SIZE[piece] != size or square in node.moved:
                    continue
                end = index[square] + count
                if OWNER[piece] == seat:
                    if end >= GOAL:
                        out.append(self._step(node, square, count, rest, stage, GOAL))
                        continue
                else:
                    if theirs is None:
                        theirs = may_move_theirs(position, seat)
                    if not theirs or end > LAST:
                        continue
                target = path[end - 1]
                if landing_ok(board, target, size):
                    out.append(self._step(node, square, count, rest, stage, target))
        return out

    def _step(self, node: Node, square: int, count: int, rest, stage, end: int):
        position = node.position
        board = list(position.board)
        piece = board[square]
        board[square] = 0
        moved = node.moved - {square}
        return self._land(node, (0, square, count), board, position.pads, piece, square, end,
                          rest, stage, moved)  # fmt: skip

    def _enter(self, node: Node, size, count, rest, stage, shape, marked_lone, end):
        position = node.position
        seat = self.seat
        pad = list(position.pads[seat])
        pad[shape] -= 1
        if (left := AFTER_TAKING[shape]) is not None:
            pad[left] += 1
        pads = (tuple(pad), position.pads[1]) if seat == 0 else (position.pads[0], tuple(pad))
        return self._land(node, (size, marked_lone, count), list(position.board), pads,
                          code(seat, size), PAD, end, rest, stage, node.moved)  # fmt: skip

    def _land(self, node, key, board, pads, piece, start, end, rest, stage, moved):
        seat = self.seat
        owner, size = OWNER[piece], SIZE[piece]
        goals = [list(g) for g in node.position.goals]
        pad_lists = [list(p) for p in pads]
        frozen = node.frozen
        displaced = None
        if end == GOAL:
            goals[owner][size - 1] += 1
        else:
            there = board[end]
            if there:
                their_owner, their_size = OWNER[there], SIZE[there]
                home = colour(end) == their_owner  # the pad of the square's colour
                if home:
                    pad_lists[their_owner][LONE[their_size]] += 1
                    if their_owner == seat and end in node.moved:  # it moved: no re-entry
                        frozen = tuple(f + (i == their_size - 1) for i, f in enumerate(frozen))  # type: ignore[assignment]
                else:
                    goals[their_owner][their_size - 1] += 1
                displaced = (their_owner, their_size, end, not home)
            board[end] = piece
            moved = moved | {end}
        position = Position(
            tuple(board),
            (tuple(pad_lists[0]), tuple(pad_lists[1])),
            (tuple(goals[0]), tuple(goals[1])),  # type: ignore[arg-type]
        )
        child = Node(position, rest, stage, moved, frozen)
        return key, child, Change(owner, size, start, end, displaced), is_over(position)


MOVABLE_ORDER = tuple(tuple(sorted(squares)) for squares in MOVABLE)
"""The movable squares of each seat in a fixed order (moves are listed deterministically)."""
