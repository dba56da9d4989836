"""How pieces move on the Ice-Turn board (RULINGS.md), as pure functions on the cells.

A cell holds nothing, one lying piece, or a stack of standing pieces: ``Cell(facing, pieces)``
with ``facing`` 0-3 for a lying piece (``pieces`` has one) and ``STANDING`` (-1) for a stack,
bottom first (an empty cell is a stack of none). A piece is ``(owner, size)``.

Arriving on an occupied cell stands everything up and stacks; where the arriving piece goes
is the mover's choice, given as ``below``: how many pieces end up under it. Every function
returns new cells, or ``None`` when the action is not possible.
"""

from __future__ import annotations

from typing import NamedTuple

from .iceturn_board import GRID, rotate, step

STANDING = -1
Piece = tuple[int, int]


class Cell(NamedTuple):
    facing: int
    pieces: tuple[Piece, ...]

    @property
    def lying(self) -> bool:
        return self.facing != STANDING


EMPTY = Cell(STANDING, ())
Cells = tuple[Cell, ...]


def tree(owner: int) -> Cell:
    """A player's start: large at the bottom, small on top, standing."""
    return Cell(STANDING, ((owner, 3), (owner, 2), (owner, 1)))


def is_nest(cell: Cell, owner: int) -> bool:
    """Exactly the owner's small, medium and large, standing, small at the bottom."""
    return not cell.lying and cell.pieces == ((owner, 1), (owner, 2), (owner, 3))


def _put(cells: list[Cell], cell: int, piece: Piece, below: int | None, facing: int) -> bool:
    """``piece`` arrives on ``cell``: lying there with ``facing`` when the cell is empty, else
    everything stands and it goes in with ``below`` pieces under it. False: bad ``below``."""
    there = cells[cell]
    if not there.pieces:
        if below not in (None, 0):
            return False
        cells[cell] = Cell(facing, (piece,))
        return True
    if below is None or not 0 <= below <= len(there.pieces):
        return False
    stack = list(there.pieces)
    stack.insert(below, piece)
    cells[cell] = Cell(STANDING, tuple(stack))
    return True


def move_forward(cells: Cells, cell: int, below: int | None = None) -> Cells | None:
    """The lying piece on ``cell`` moves one tile along its facing (costs its pips)."""
    here = cells[cell]
    target = step(cell, here.facing) if here.lying else None
    if target is None:
        return None
    out = list(cells)
    out[cell] = EMPTY
    if not _put(out, target, here.pieces[0], below, here.facing):
        return None
    return tuple(out)


def turn(cells: Cells, cell: int, facing: int) -> Cells | None:
    """The lying piece on ``cell`` turns to another facing (costs 1; reactions turn the same)."""
    here = cells[cell]
    if not here.lying or facing == here.facing:
        return None
    out = list(cells)
    out[cell] = Cell(facing, here.pieces)
    return tuple(out)


def tip(cells: Cells, cell: int, facing: int, belows: tuple[int, ...] = ()) -> Cells | None:
    """Tip the standing piece or stack on ``cell`` towards ``facing`` (costs 1): the bottom
    piece lies on its tile, the i-th above lies i tiles along, all facing that way. A piece
    that would leave the board makes the tip illegal. ``belows``: the stack position on each
    occupied landing tile, nearest first (exactly one per occupied tile)."""
    here = cells[cell]
    if here.lying or not here.pieces:
        return None
    out = list(cells)
    out[cell] = Cell(facing, here.pieces[:1])
    choices = list(belows)
    for distance, piece in enumerate(here.pieces[1:], start=1):
        target = step(cell, facing, distance)
        if target is None:
            return None
        occupied = bool(out[target].pieces)
        if occupied and not choices:
            return None
        below = choices.pop(0) if occupied else None
        if not _put(out, target, piece, below, facing):
            return None
    if choices:
        return None
    return tuple(out)


def hop(cells: Cells, cell: int, index: int, target: int) -> Cells | None:
    """The standing piece at ``index`` of the stack on ``cell``, with what is on it, hops in a
    straight orthogonal line to ``target``, stays standing and goes on top there."""
    here = cells[cell]
    if here.lying or not 0 <= index < len(here.pieces) or not _in_line(cell, target):
        return None
    out = list(cells)
    out[cell] = Cell(STANDING, here.pieces[:index])
    there = out[target]
    out[target] = Cell(STANDING, there.pieces + here.pieces[index:])
    return tuple(out)


def dig(cells: Cells, cell: int, distance: int) -> Cells | None:
    """The lying piece on ``cell`` moves ``distance`` (0+) tiles along its facing, stands up
    and goes to the bottom of the stack where it lands."""
    here = cells[cell]
    if not here.lying:
        return None
    target = step(cell, here.facing, distance) if distance else cell
    if target is None:
        return None
    out = list(cells)
    out[cell] = EMPTY
    out[target] = Cell(STANDING, here.pieces + out[target].pieces)
    return tuple(out)


def _in_line(a: int, b: int) -> bool:
    return a != b and (GRID.file(a) == GRID.file(b) or GRID.rank(a) == GRID.rank(b))


def aim(tiles: tuple, cells: Cells, cell: int, quarter_turns: int) -> tuple[tuple, Cells]:
    """AIM: the tile on ``cell`` turns clockwise by ``quarter_turns``; a lying piece on it
    turns with it."""
    new_tiles = list(tiles)
    new_tiles[cell] = rotate(tiles[cell], quarter_turns)
    here = cells[cell]
    out = list(cells)
    if here.lying:
        out[cell] = Cell((here.facing + quarter_turns) % 4, here.pieces)
    return tuple(new_tiles), tuple(out)


def swap(tiles: tuple, cells: Cells, a: int, b: int) -> tuple[tuple, Cells] | None:
    """SWAP: two orthogonally adjacent tiles change places with what is on them."""
    if abs(GRID.file(a) - GRID.file(b)) + abs(GRID.rank(a) - GRID.rank(b)) != 1:
        return None
    new_tiles, out = list(tiles), list(cells)
    new_tiles[a], new_tiles[b] = tiles[b], tiles[a]
    out[a], out[b] = cells[b], cells[a]
    return tuple(new_tiles), tuple(out)
