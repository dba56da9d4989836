"""Building Pach-Ice-i positions for tests: pieces where the test wants them, dice it chooses."""

from __future__ import annotations

import json
import random

import engine
from engine.pachicei_board import GRID

from .playouts import play_randomly

GAME = engine.get_game("pach-ice-i")
SIZES = {"S": 1, "M": 2, "L": 3}
EMPTY_PAD = [0, 0, 0, 0, 0]


def position(
    pieces: dict[str, str] | None = None,
    *,
    pads: tuple[list[int], list[int]] | None = None,
    goals: tuple[list[int], list[int]] | None = None,
    seat: int = 0,
    dry_turns: int = 0,
):
    """``seat`` is about to roll. ``pieces``: square -> "BL" (Black large), "WS" (White small)
    ...; ``pads``: per seat, counts of trees by shape (full, no small, lone L, lone M, lone S);
    default: empty pads; ``goals``: per seat (small, medium, large) in the goal."""
    data = json.loads(GAME.new_game().to_json())
    board = [0] * GRID.size
    for name, piece in (pieces or {}).items():
        owner = "BW".index(piece[0])
        board[GRID.parse(name)] = owner * 3 + SIZES[piece[1]]
    data["state"].update(
        seat=seat,
        board=board,
        pads=[list(p) for p in (pads or (EMPTY_PAD, EMPTY_PAD))],
        goals=[list(g) for g in (goals or ([0, 0, 0], [0, 0, 0]))],
        dry_turns=dry_turns,
    )
    return GAME.from_json(json.dumps(data))


def moves(state) -> list[str]:
    return [str(m) for m in state.legal_moves()]


def at(state, name: str) -> str | None:
    piece = state.piece_at(GRID.parse(name))
    return None if piece is None else "BW"[piece[0]] + "SML"[piece[1] - 1]


def random_game(rng: random.Random, check=None):
    """Play a seeded random game to its end; ``check(before, move, after)`` at every move."""
    return play_randomly(GAME.new_game(), rng, check)
