"""Building Pachisi positions for tests: pawns where the test wants them, dice it chooses."""

from __future__ import annotations

import json
import random
from typing import Any

import engine
from engine.pachisi import PachisiState
from engine.pachisi_board import HOME, NEST, SAFE

from .playouts import play_randomly

GAME = engine.get_game("pachisi")


def position(
    num_players: int = 2,
    pawns: dict[int, list[int]] | None = None,
    *,
    seat: int = 0,
    doublets: int = 0,
    **options: Any,
) -> PachisiState:
    """Seat ``seat`` is about to roll; ``pawns[seat]`` lists rel positions (default: nest)."""
    state = GAME.new_game(num_players, options)
    data = json.loads(state.to_json())
    layout = [NEST] * (4 * num_players)
    for s, rels in (pawns or {}).items():
        layout[s * 4 : s * 4 + len(rels)] = rels
    data["state"].update(phase="roll", seat=seat, pawns=layout, doublets=doublets)
    return GAME.from_json(json.dumps(data))


def moves(state) -> list[str]:
    return [str(m) for m in state.legal_moves()]


def random_playout(num_players: int, options: dict[str, Any], rng: random.Random, check=None):
    """Play a seeded random game to its end; ``check(before, move, after)`` at every move."""
    return play_randomly(GAME.new_game(num_players, options), rng, check)


def squares(state) -> dict[int, list[int]]:
    """Pawn ids (seat * 4 + i) by the square they stand on."""
    table = state._table
    return table.where(state._pawns)


def board_problems(state) -> list[str]:
    problems = []
    for key, pids in squares(state).items():
        colours = {p // 4 for p in pids}
        if len(pids) > 2:
            problems.append(f"{len(pids)} pawns on square {key}")
        if len(colours) > 1:
            problems.append(f"two colours on square {key}")
        if len(pids) == 2 and not state.options["blockades"]:
            problems.append(f"two pawns on {key} with blockades off")
    for seat_pawns in state.pawns:
        if len(seat_pawns) != 4 or any(not NEST <= r <= HOME for r in seat_pawns):
            problems.append(f"bad pawns {seat_pawns}")
    return problems


__all__ = ["GAME", "HOME", "NEST", "SAFE", "board_problems", "moves", "position", "random_playout"]
