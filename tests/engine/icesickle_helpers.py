"""Build IceSickle positions from pictures of the board, by playing the placements."""

from __future__ import annotations

import engine
from engine.icesickle import GRID, IceSickleState

GAME = engine.get_game("icesickle")

# A full placement: jumps from a1 run over an empty a2 and an occupied a3 (column a), and
# diagonally over an empty b2 and an occupied c3 and d4.
MIXED = """
. S M L .
. M . S L
S L M . S
. . S M L
L M . . .
"""


def placements(picture: str) -> list[str]:
    """Placement moves for a board drawn rank 5 first, e.g. ``"S M L . ."`` per rank.

    The picture must hold the whole stash (5 S, 5 M, 5 L); pieces are placed a1 upwards.
    """
    ranks = [line.split() for line in picture.strip().splitlines()]
    assert len(ranks) == GRID.height and all(len(r) == GRID.width for r in ranks), picture
    moves = []
    for rank_index, row in enumerate(reversed(ranks)):
        for file_index, cell in enumerate(row):
            if cell != ".":
                moves.append(f"{cell}@{GRID.name(GRID.at(file_index, rank_index))}")
    return moves


def position(picture: str, *jumps: str, before: list[str] | None = None) -> IceSickleState:
    """The state after placing ``picture`` (after the moves ``before``) and playing ``jumps``."""
    state = GAME.new_game()
    for move in (before or []) + placements(picture) + list(jumps):
        state = state.apply(move)
    return state


def on(state: IceSickleState, square: str) -> str:
    """The piece on ``square`` as S, M, L or '.'."""
    piece = state.board[GRID.parse(square)]
    return piece.letter if piece else "."
