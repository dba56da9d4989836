"""The Ice-Turn board (RULINGS.md): 16 Q-Turn tiles on a 4x4 grid a1-d4, north towards rank 4.

A tile is ``(kind, facing)``: a Q-Turner ``Q`` (arrows all four ways; facing 0), a double arrow
``D`` (two heads on one axis; facing 0 for north-south, 1 for east-west) or a single arrow ``A``
(facing 0-3: north, east, south, west). Facings of pieces use the same 0-3. What a tile
*targets* is what its arrows reach for reactionary turning: a single arrow the one adjacent
tile it points at, a double arrow every tile along its axis both ways, a Q-Turner its whole row
and column. Nothing blocks a line.
"""

from __future__ import annotations

from .grid import Grid

GRID = Grid(4, 4)
FACINGS = "nesw"
DIRECTIONS = ("north", "east", "south", "west")
"""The facings in words."""
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))
"""(file, rank) steps for facings north, east, south, west."""
Q, D, A = "Q", "D", "A"
KINDS = (Q, D, A)
TILE_WORDS = {Q: "Q-Turner", D: "double arrow", A: "single arrow"}
TILE_COUNTS = {Q: 4, D: 6, A: 6}
"""The Q-Turn set: 4 Q-Turners, 6 double arrows, 6 single arrows."""
Tile = tuple[str, int]

CORNERS = tuple(GRID.parse(name) for name in ("a1", "d1", "d4", "a4"))
"""Corners in seat order (4 players)."""


def corners(num_players: int) -> tuple[int, ...]:
    """Each seat's corner: 2 players a1 and d4; 3 players a1, d1, d4; 4 players all four."""
    if num_players == 2:
        return (CORNERS[0], CORNERS[2])
    return CORNERS[:num_players]


def goal(corner: int) -> int:
    """The opposite corner: the seat's goal."""
    return GRID.at(3 - GRID.file(corner), 3 - GRID.rank(corner))  # type: ignore[return-value]


def step(cell: int, facing: int, distance: int = 1) -> int | None:
    """The cell ``distance`` tiles from ``cell`` towards ``facing``, or ``None`` off the board."""
    return GRID.step(cell, STEPS[facing], distance)


def arrows(tile: Tile) -> tuple[int, ...]:
    """The facings a tile's arrows point to."""
    kind, facing = tile
    if kind == Q:
        return (0, 1, 2, 3)
    if kind == D:
        return (facing, facing + 2)
    return (facing,)


def targets(tile: Tile, cell: int) -> tuple[int, ...]:
    """The cells a tile on ``cell`` can turn a piece on (reactionary turning)."""
    kind = tile[0]
    reach = 1 if kind == A else 3
    found = []
    for facing in arrows(tile):
        for distance in range(1, reach + 1):
            other = step(cell, facing, distance)
            if other is None:
                break
            found.append(other)
    return tuple(sorted(found))


def points_inward(tile: Tile, cell: int) -> bool:
    """At least one arrow points at another tile (a single arrow may not point off the board
    while placing)."""
    return any(step(cell, facing) is not None for facing in arrows(tile))


def rotate(tile: Tile, quarter_turns: int) -> Tile:
    """The tile turned clockwise by ``quarter_turns`` (a double arrow has two facings)."""
    kind, facing = tile
    if kind == Q:
        return tile
    if kind == D:
        return (D, (facing + quarter_turns) % 2)
    return (A, (facing + quarter_turns) % 4)


def tile_text(tile: Tile) -> str:
    """``Q``, ``Dn`` / ``De`` (axis), ``An`` ... (pointing)."""
    kind, facing = tile
    return kind if kind == Q else f"{kind}{FACINGS[facing]}"
