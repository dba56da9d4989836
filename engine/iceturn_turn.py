"""What the player on turn may do in Ice-Turn (RULINGS.md), as pure functions of the tiles and
the cells: the point moves and their costs, the Treehouse actions, the reactions, and doing a
move. Moves that would change nothing on the board are never generated."""

from __future__ import annotations

from itertools import product

from .core import Move
from .iceturn_board import GRID, STEPS, targets
from .iceturn_board import step as step_cell
from .iceturn_moves import Aim, Dig, Hop, React, Step, Swap, Tip, TurnPiece
from .iceturn_pieces import Cells, aim, dig, hop, move_forward, swap, tip, turn

Tiles = tuple


def cost(move: Move, cells: Cells) -> int:
    """The points a point move costs: a step its piece's pips, a turn or a tip 1."""
    if isinstance(move, Step):
        return cells[move.cell].pieces[0][1]
    return 1


def own_lying(cells: Cells, seat: int) -> list[int]:
    """Cells holding one of ``seat``'s lying pieces."""
    return [c for c, cell in enumerate(cells) if cell.lying and cell.pieces[0][0] == seat]


def _positions(cells: Cells, target: int) -> range | None:
    """The stack positions an arriving piece may take on ``target`` (``None``: it is empty)."""
    count = len(cells[target].pieces)
    return range(count + 1) if count else None


def point_moves(cells: Cells, seat: int, points: int) -> list[Move]:
    """Steps, turns and tips ``seat`` can pay for with ``points``."""
    moves: list[Move] = []
    if points <= 0:
        return moves
    lying = own_lying(cells, seat)
    for cell in lying:
        facing, size = cells[cell].facing, cells[cell].pieces[0][1]
        target = step_cell(cell, facing)
        if target is None or size > points:
            continue
        places = _positions(cells, target)
        if places is None:
            moves.append(Step(cell, target))
        else:
            moves.extend(Step(cell, target, below) for below in places)
    for cell in lying:
        moves.extend(TurnPiece(cell, f) for f in range(4) if f != cells[cell].facing)
    for cell, here in enumerate(cells):
        if here.lying or not any(owner == seat for owner, _ in here.pieces):
            continue
        for facing in range(4):
            moves.extend(_tips(cells, cell, facing))
    return moves


def _tips(cells: Cells, cell: int, facing: int) -> list[Tip]:
    landings = []
    for distance in range(1, len(cells[cell].pieces)):
        target = step_cell(cell, facing, distance)
        if target is None:
            return []
        places = _positions(cells, target)
        if places is not None:
            landings.append(places)
    return [Tip(cell, facing, belows) for belows in product(*landings)]


def treehouse_moves(
    tiles: Tiles, cells: Cells, seat: int, actions: frozenset[str], aimed: frozenset[int]
) -> list[Move]:
    """The Treehouse moves of ``actions`` (``tip`` is left to the caller: it is not a board
    move); AIM skips the tiles in ``aimed`` and any rotation that changes nothing, and of
    rotations with the same result offers the first of cw, ccw, 180."""
    moves: list[Move] = []
    if "aim" in actions:
        for cell in range(GRID.size):
            if cell in aimed:
                continue
            seen = {(tiles[cell], cells[cell])}
            for quarter in (1, 3, 2):
                new_tiles, new_cells = aim(tiles, cells, cell, quarter)
                result = (new_tiles[cell], new_cells[cell])
                if result not in seen:
                    seen.add(result)
                    moves.append(Aim(cell, quarter))
    if "swap" in actions:
        for a in range(GRID.size):
            for b in (GRID.step(a, STEPS[0]), GRID.step(a, STEPS[1])):
                if b is not None and (tiles[a], cells[a]) != (tiles[b], cells[b]):
                    moves.append(Swap(min(a, b), max(a, b)))
    if "hop" in actions:
        for cell, here in enumerate(cells):
            if here.lying:
                continue
            for owner, size in here.pieces:
                if owner == seat:
                    moves.extend(Hop(size, cell, t) for t in _line_cells(cell))
    if "dig" in actions:
        for cell in own_lying(cells, seat):
            moves.append(Dig(cell, cell))
            facing = cells[cell].facing
            target = step_cell(cell, facing)
            while target is not None:
                moves.append(Dig(cell, target))
                target = step_cell(target, facing)
    return moves


def _line_cells(cell: int) -> list[int]:
    """Every other cell in ``cell``'s row and column, nearest first by direction n e s w."""
    found = []
    for facing in range(4):
        target = step_cell(cell, facing)
        while target is not None:
            found.append(target)
            target = step_cell(target, facing)
    return found


def reactions(tiles: Tiles, cells: Cells, seat: int, used: frozenset[int]) -> list[React]:
    """For each tile holding one of ``seat``'s lying pieces (not used yet this phase): turn a
    lying piece on a tile it targets to any other facing."""
    moves = []
    for source in own_lying(cells, seat):
        if source in used:
            continue
        for target in targets(tiles[source], source):
            there = cells[target]
            if there.lying:
                moves.extend(React(source, target, f) for f in range(4) if f != there.facing)
    return moves


def perform(tiles: Tiles, cells: Cells, move: Move, seat: int) -> tuple[Tiles, Cells]:
    """The tiles and cells after ``seat``'s legal board move."""
    out: Cells | None
    if isinstance(move, Step):
        out = move_forward(cells, move.cell, move.below)
    elif isinstance(move, TurnPiece):
        out = turn(cells, move.cell, move.facing)
    elif isinstance(move, React):
        out = turn(cells, move.target, move.facing)
    elif isinstance(move, Tip):
        out = tip(cells, move.cell, move.facing, move.belows)
    elif isinstance(move, Hop):
        index = cells[move.cell].pieces.index((seat, move.size))
        out = hop(cells, move.cell, index, move.target)
    elif isinstance(move, Dig):
        distance = abs(GRID.file(move.target) - GRID.file(move.cell)) + abs(
            GRID.rank(move.target) - GRID.rank(move.cell)
        )
        out = dig(cells, move.cell, distance)
    elif isinstance(move, Aim):
        return aim(tiles, cells, move.cell, move.quarter_turns)
    elif isinstance(move, Swap):
        swapped = swap(tiles, cells, move.a, move.b)
        assert swapped is not None
        return swapped
    else:
        raise TypeError(f"not a board move: {move}")
    assert out is not None, move
    return tiles, out
